/*
 * crt_position.c: a battle's units named by id (crt.h): the map and the
 * position they stand on, read once, and each side's units found.  What
 * the units and their hexes mean for the odds is the game's.
 */
#include <stdio.h>
#include <string.h>

#include "crt.h"
#include "err.h"
#include "games/game.h"
#include "hex.h"
#include "json.h"
#include "map.h"
#include "situation.h"

/* The situation the units stand in: the request's, else the line's. */
static const char *
spec_of(const struct ctx *c, const cJSON *req)
{
	const cJSON *s = cJSON_GetObjectItemCaseSensitive(req, "situation");

	return cJSON_IsString(s) ? s->valuestring : c->situation;
}

/* "it-inf-a,it-inf-b": each id a unit of the position, once. */
static int
find_side(struct out_result *o, const struct crt_position *p,
    const cJSON *req, const char *key, struct crt_side *side)
{
	char text[1024], name[64], *tok, *save;
	const struct unit *u;
	int given, st, i;

	if ((st = crt_req_text(o, req, key, text, sizeof text, &given)) != ST_OK)
		return st;
	side->n = 0;
	for (tok = strtok_r(text, ",", &save); tok; tok = strtok_r(NULL, ",",
	    &save)) {
		if (!(u = situation_find(p->sit, tok)))
			return out_fail(o, ST_USAGE, "%s: no unit '%s' in %s",
			    out_field_name(o, key, name), tok, p->spec);
		for (i = 0; i < side->n; i++)
			if (side->u[i] == u)
				return out_fail(o, ST_USAGE, "%s: unit '%s' named twice",
				    out_field_name(o, key, name), tok);
		if (side->n == CRT_MAX_UNITS)
			return out_fail(o, ST_USAGE, "%s: at most %d units",
			    out_field_name(o, key, name), CRT_MAX_UNITS);
		side->u[side->n++] = u;
	}
	if (side->n == 0)
		return out_fail(o, ST_USAGE, "%s: expected unit ids like "
		    "it-inf-a,it-inf-b", out_field_name(o, key, name));
	return ST_OK;
}

/* No unit on both sides, and each side one side of the game's. */
static int
check_sides(struct out_result *o, const struct crt_position *p)
{
	int i, j;

	for (i = 0; i < p->att.n; i++)
		for (j = 0; j < p->def.n; j++)
			if (p->att.u[i] == p->def.u[j])
				return out_fail(o, ST_USAGE, "unit '%s' cannot both "
				    "attack and defend", p->att.u[i]->id);
	for (i = 1; i < p->att.n; i++)
		if (strcmp(p->att.u[i]->side, p->att.u[0]->side) != 0)
			return out_fail(o, ST_USAGE, "the attackers are of two sides: "
			    "'%s' is %s, '%s' %s", p->att.u[0]->id, p->att.u[0]->side,
			    p->att.u[i]->id, p->att.u[i]->side);
	for (j = 0; j < p->def.n; j++)
		if (strcmp(p->def.u[j]->side, p->att.u[0]->side) == 0)
			return out_fail(o, ST_USAGE, "'%s' cannot defend against its "
			    "own side (%s)", p->def.u[j]->id, p->def.u[j]->side);
	return ST_OK;
}

int
crt_position_open(struct ctx *c, struct out_result *o, const cJSON *req,
    struct crt_position *p)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(req, "map");
	const char *map = cJSON_IsString(m) ? m->valuestring : c->map;
	int st;

	memset(p, 0, sizeof *p);
	p->c = c;
	if (!cJSON_GetObjectItemCaseSensitive(req, "att_units") &&
	    !cJSON_GetObjectItemCaseSensitive(req, "def_units"))
		return ST_NO;
	if (!cJSON_GetObjectItemCaseSensitive(req, "att_units") ||
	    !cJSON_GetObjectItemCaseSensitive(req, "def_units"))
		return out_fail(o, ST_USAGE, "units by id need both sides: the "
		    "attacking units and the defending units");
	if (!(p->spec = spec_of(c, req)))
		return out_fail(o, ST_USAGE, "units by id are a position's: give "
		    "--saved NAME or --situation FILE");
	if ((st = game_situation_defaults(c, p->spec, &map)) != ST_OK)
		return st;
	if (!map)
		return out_fail(o, ST_USAGE, "situation '%s' names no map: give "
		    "--map", p->spec);
	if ((st = map_load(c, map, &p->map)) != ST_OK ||
	    (st = game_situation_open(c, p->map, p->spec, &p->sit)) != ST_OK)
		return st;
	if ((st = find_side(o, p, req, "att_units", &p->att)) != ST_OK ||
	    (st = find_side(o, p, req, "def_units", &p->def)) != ST_OK)
		return st;
	return check_sides(o, p);
}

void
crt_position_free(struct crt_position *p)
{
	situation_free(p->sit);
	map_free(p->map);
	memset(p, 0, sizeof *p);
}

int
crt_position_all_adjacent(const struct crt_position *p,
    const struct unit **a, const struct unit **d)
{
	enum hex_layout l = map_layout(p->map);
	int i, j;

	for (i = 0; i < p->att.n; i++)
		for (j = 0; j < p->def.n; j++)
			if (!hex_adjacent(map_hex(p->map, p->att.u[i]->hex),
			    map_hex(p->map, p->def.u[j]->hex), l)) {
				*a = p->att.u[i];
				*d = p->def.u[j];
				return 0;
			}
	return 1;
}

const struct unit *
crt_position_left_out(const struct crt_position *p,
    int (*counts)(const struct unit *))
{
	const struct unit *in[CRT_MAX_UNITS];
	int i, j, k, n;

	for (i = 0; i < p->def.n; i++) {
		n = situation_in_hex(p->sit, p->def.u[i]->hex, in, CRT_MAX_UNITS);
		for (k = 0; k < n && k < CRT_MAX_UNITS; k++) {
			if (counts && !counts(in[k]))
				continue;
			for (j = 0; j < p->def.n && p->def.u[j] != in[k]; j++)
				;
			if (j == p->def.n)
				return in[k];
		}
	}
	return NULL;
}

cJSON *
crt_position_json(const struct crt_position *p)
{
	cJSON *j = json_object(), *a = json_array(), *d = json_array();
	int i;

	for (i = 0; i < p->att.n; i++)
		json_push(a, cJSON_CreateString(p->att.u[i]->id));
	for (i = 0; i < p->def.n; i++)
		json_push(d, cJSON_CreateString(p->def.u[i]->id));
	json_set_str(j, "situation", p->spec);
	json_set(j, "attackers", a);
	json_set(j, "defenders", d);
	return j;
}

void
crt_position_side_hex(const struct crt_position *p, const struct crt_side *s,
    char *hex)
{
	int i;

	hex[0] = '\0';
	for (i = 1; i < s->n; i++)
		if (s->u[i]->hex != s->u[0]->hex)
			return;
	if (s->n > 0)
		map_hex_id(p->map, s->u[0]->hex, hex);
}

void
crt_position_fill(struct out_result *o, cJSON *r, const char *key,
    cJSON *value, const char *rule, const char *read)
{
	if (cJSON_GetObjectItemCaseSensitive(r, key)) {
		out_step(o, rule, "%s as given, not as read off the position "
		    "(%s)", key, read);
		cJSON_Delete(value);
		return;
	}
	json_set(r, key, value);
}

int
crt_position_battle(struct ctx *c, const cJSON *req, struct out_result *o,
    const struct crt_by_units *g)
{
	struct crt_position pos;
	cJSON *filled = NULL;
	const char *m;
	char name[64];
	int st = crt_position_open(c, o, req, &pos);

	if (st == ST_NO && g->game && (m = cJSON_GetObjectItemCaseSensitive(req,
	    "situation") ? "situation" : cJSON_GetObjectItemCaseSensitive(req,
	    "map") ? "map" : NULL))
		st = out_fail(o, ST_USAGE, "%s does not apply to %s",
		    out_field_name(o, m, name), g->game);
	else if (st == ST_NO)
		st = g->battle(c, req, o, NULL);
	else if (st == ST_OK && (cJSON_GetObjectItemCaseSensitive(req, "attack") ||
	    cJSON_GetObjectItemCaseSensitive(req, "defense")))
		st = out_fail(o, ST_USAGE, "give the strengths or the units by "
		    "id, not both");
	else if (st == ST_OK && (st = g->check(o, &pos)) == ST_OK &&
	    (st = g->fill(o, &pos, req, &filled)) == ST_OK) {
		json_set(o->json, "units", crt_position_json(&pos));
		st = g->battle(c, filled, o, &pos);
	}
	cJSON_Delete(filled);
	crt_position_free(&pos);
	return st;
}
