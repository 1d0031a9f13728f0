/*
 * victory.c: the position, the moment and the dead pile a victory check
 * reads; see victory.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "crt.h"
#include "data.h"
#include "err.h"
#include "games/game.h"
#include "json.h"
#include "map.h"
#include "opt.h"
#include "out.h"
#include "situation.h"
#include "victory.h"

/* The situation the check reads: the request's, else the line's. */
static const char *
spec_of(const struct ctx *c, const cJSON *req)
{
	const cJSON *s = cJSON_GetObjectItemCaseSensitive(req, "situation");

	return cJSON_IsString(s) ? s->valuestring : c->situation;
}

/* A saved game's spec opens the game itself too, read only, with its
 * sequence of play for the moment. */
static int
open_saved(struct ctx *c, struct victory_pos *p)
{
	size_t n = strlen(GAME_SAVED_SPEC);
	int st;

	if (strncmp(p->spec, GAME_SAVED_SPEC, n) != 0)
		return ST_OK;
	/* closed even when it fails: a file read and refused is held */
	p->saved = 1;
	if ((st = saved_open(&p->sv, p->spec + n, 0)) != ST_OK)
		return st;
	p->turn = saved_turn(&p->sv);
	p->ended = saved_ended(&p->sv);
	st = sequence_open(c, &p->sv, &p->seq, &p->phase);
	if (st == ST_OK)
		p->has_seq = 1;
	else
		p->phase = -1;
	return st == ST_NO ? ST_OK : st;
}

int
victory_open(struct ctx *c, struct out_result *o, const cJSON *req,
    struct victory_pos *p)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(req, "map");
	const char *map = cJSON_IsString(m) ? m->valuestring : c->map;
	int st, turn, given;

	memset(p, 0, sizeof *p);
	p->sv.fd = -1;
	p->phase = -1;
	if (!(p->spec = spec_of(c, req)))
		return ST_NO;
	if ((st = game_situation_defaults(c, p->spec, &map)) != ST_OK)
		return st;
	if (!map)
		return out_fail(o, ST_USAGE, "situation '%s' names no map: give "
		    "--map", p->spec);
	if ((st = map_load(c, map, &p->map)) != ST_OK ||
	    (st = game_situation_open(c, p->map, p->spec, &p->sit)) != ST_OK ||
	    (st = open_saved(c, p)) != ST_OK)
		return st;
	if ((st = victory_int(o, req, "turn", 1, 99, &turn, &given)) != ST_OK)
		return st;
	if (given)
		p->turn = turn;
	return ST_OK;
}

int
victory_data(const struct ctx *c, struct victory_pos *p, const char *rel)
{
	int st = data_load_json(c, rel, &p->data, p->path);

	return st == ST_NO ? err(ST_DATA, "no victory data: '%s'", rel) : st;
}

void
victory_close(struct victory_pos *p)
{
	cJSON_Delete(p->data);
	if (p->has_seq)
		sequence_free(&p->seq);
	if (p->saved)
		saved_close(&p->sv);
	situation_free(p->sit);
	map_free(p->map);
	memset(p, 0, sizeof *p);
	p->sv.fd = -1;
}

const cJSON *
victory_dead(const struct victory_pos *p)
{
	return p->saved ? cJSON_GetObjectItemCaseSensitive(p->sv.root, "dead") :
	    NULL;
}

int
victory_used(const struct victory_pos *p, const char *name)
{
	const cJSON *e, *n, *t;

	if (!p->saved)
		return 0;
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(p->sv.root,
	    "used")) {
		n = cJSON_GetObjectItemCaseSensitive(e, "name");
		t = cJSON_GetObjectItemCaseSensitive(e, "turn");
		if (cJSON_IsString(n) && strcmp(n->valuestring, name) == 0 &&
		    cJSON_IsNumber(t))
			return t->valueint > 0 ? t->valueint : 1;
	}
	return 0;
}

int
victory_phase_index(const struct victory_pos *p, const char *name)
{
	int i;

	for (i = 0; p->has_seq && i < p->seq.n; i++)
		if (strcmp(sequence_name(&p->seq, i), name) == 0)
			return i;
	return -1;
}

const char *
victory_phase_name(const struct victory_pos *p)
{
	return p->has_seq && p->phase >= 0 ? sequence_name(&p->seq, p->phase) :
	    NULL;
}

int
victory_last_phase(const struct victory_pos *p)
{
	return p->has_seq && p->phase == p->seq.n - 1;
}

int
victory_condition(struct out_result *o, const char *rule, const char *side,
    const char *when, int met, const char *fmt, ...)
{
	cJSON *list = cJSON_GetObjectItemCaseSensitive(o->json, "conditions");
	cJSON *e = json_object();
	char text[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	if (!list) {
		list = json_array();
		json_set(o->json, "conditions", list);
	}
	json_set_str(e, "rule", rule);
	json_set_str(e, "side", side);
	json_set_str(e, "when", when);
	json_set_bool(e, "met", met);
	json_set_str(e, "text", text);
	json_push(list, e);
	out_step(o, rule, "%s: %s", met ? "met" : "not met", text);
	return met;
}

void
victory_verdict(struct out_result *o, const char *code, const char *rule,
    const char *fmt, ...)
{
	cJSON *r = json_object();
	char text[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	json_set_str(r, "code", code);
	json_set_str(r, "text", text);
	json_set_str(r, "rule", rule);
	json_set(o->json, "result", r);
	out_result_line(o, rule, "%s", text);
}

const cJSON *
victory_member(const cJSON *o, const char *key)
{
	return cJSON_GetObjectItemCaseSensitive(o, key);
}

const char *
victory_text(const cJSON *o, const char *key)
{
	const cJSON *v = victory_member(o, key);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

int
victory_int(struct out_result *o, const cJSON *req, const char *key, int lo,
    int hi, int *out, int *given)
{
	char text[32], name[64];
	int st, v;

	*out = 0;
	if ((st = crt_req_text(o, req, key, text, sizeof text, given)) != ST_OK ||
	    !*given)
		return st;
	if ((v = opt_count(text, NULL, hi)) < lo)
		return out_fail(o, ST_USAGE, "%s: expected a whole number from %d "
		    "to %d, not '%s'", out_field_name(o, key, name), lo, hi, text);
	*out = v;
	return ST_OK;
}

int
victory_by_turn(struct out_result *o, const cJSON *req, const char *key,
    int max, int *by_turn, int *given)
{
	char text[512], name[64], seen[100] = { 0 }, *tok, *save, *colon;
	int st, turn, n;

	if (max > 99)
		max = 99;
	memset(by_turn, 0, (size_t)(max + 1) * sizeof *by_turn);
	if ((st = crt_req_text(o, req, key, text, sizeof text, given)) != ST_OK ||
	    !*given)
		return st;
	for (tok = strtok_r(text, ",", &save); tok; tok = strtok_r(NULL, ",",
	    &save)) {
		colon = strchr(tok, ':');
		turn = colon ? opt_count(tok, colon, max) : -1;
		n = colon ? opt_count(colon + 1, NULL, 999) : -1;
		if (turn < 1 || n < 0)
			return out_fail(o, ST_USAGE, "%s: expected TURN:COUNT "
			    "pairs like 12:3,14:1 (turns 1 to %d), not '%s'",
			    out_field_name(o, key, name), max, tok);
		if (seen[turn]++)
			return out_fail(o, ST_USAGE, "%s: turn %d given twice",
			    out_field_name(o, key, name), turn);
		by_turn[turn] = n;
	}
	return ST_OK;
}
