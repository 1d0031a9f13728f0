/*
 * game-read.c: the verbs of `umpire game` that only read: show, export,
 * log and list.  They take no lock and answer in any phase.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "err.h"
#include "game-cmd.h"
#include "games/game.h"
#include "json.h"
#include "out.h"
#include "saved.h"
#include "sequence.h"
#include "trail.h"

/* One unit as a line: id, side, type, strength, MA, hex, markers. */
static void
unit_line(struct trail *t, const cJSON *u)
{
	const cJSON *v, *mk = cJSON_GetObjectItemCaseSensitive(u, "markers");
	char marks[256] = "", ma[16] = "";
	size_t used = 0;

	cJSON_ArrayForEach(v, mk)
		if (cJSON_IsString(v) && used < sizeof marks)
			used += (size_t)snprintf(marks + used, sizeof marks - used,
			    " [%s]", v->valuestring);
	v = cJSON_GetObjectItemCaseSensitive(u, "ma");
	if (cJSON_IsNumber(v))
		snprintf(ma, sizeof ma, " ma %d", v->valueint);
	v = cJSON_GetObjectItemCaseSensitive(u, "strength");
	trail_step(t, NULL, "%-14s %-10s %-16s %-5s str %d%s%s",
	    cJSON_GetObjectItemCaseSensitive(u, "id")->valuestring,
	    cJSON_GetObjectItemCaseSensitive(u, "side")->valuestring,
	    cJSON_GetObjectItemCaseSensitive(u, "type")->valuestring,
	    cJSON_GetObjectItemCaseSensitive(u, "hex")->valuestring,
	    cJSON_IsNumber(v) ? v->valueint : 1, ma, marks);
}

/* The hexes a side controls, as one line. */
static void
control_line(struct trail *t, const cJSON *side)
{
	char line[512];
	const cJSON *h;
	size_t used = 0;
	int n = 0;

	cJSON_ArrayForEach(h, side) {
		if (used < sizeof line - 8)
			used += (size_t)snprintf(line + used, sizeof line - used,
			    " %s", h->valuestring);
		n++;
	}
	if (used >= sizeof line - 8)
		snprintf(line + sizeof line - 8, 8, " ...");
	trail_step(t, "3.3", "held by %s (%d):%s", side->string, n, line);
}

/* ", the NAME phase" of the game's sequence, or "" when it keeps none;
 * in json its number, name and rule. */
static void
phase_of(struct game_run *r, char *buf, size_t len, cJSON *json)
{
	struct sequence seq;
	int phase = cJSON_GetObjectItemCaseSensitive(r->sv.root,
	    "phase")->valueint;
	cJSON *p;

	buf[0] = '\0';
	if (sequence_load(&r->local, saved_game(&r->sv), &seq) != ST_OK)
		return;
	if (phase < seq.n) {
		snprintf(buf, len, ", %s phase", sequence_name(&seq, phase));
		p = json_object();
		json_set_int(p, "index", phase);
		json_set_str(p, "name", sequence_name(&seq, phase));
		json_set_str(p, "rule", cJSON_GetStringValue(
		    cJSON_GetObjectItemCaseSensitive(sequence_phase(&seq, phase),
		    "rule")));
		json_set(json, "phase", p);
	}
	sequence_free(&seq);
}

/* What a result left to do (saved_apply.h), one line an open step:
 * "open: may advance 2 hexes for it-inf-a, it-inf-b". */
static void
pending_line(struct trail *t, const cJSON *p)
{
	const cJSON *u, *h = cJSON_GetObjectItemCaseSensitive(p, "hexes");
	const cJSON *cf = cJSON_GetObjectItemCaseSensitive(p, "cf");
	char line[320];
	size_t n;
	int k = 0;

	n = (size_t)snprintf(line, sizeof line, "open: %s%s",
	    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p, "optional")) ?
	    "may " : "", cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(p,
	    "owe")));
	if (cJSON_IsNumber(h) && n < sizeof line)
		n += (size_t)snprintf(line + n, sizeof line - n, " %d hex%s",
		    h->valueint, h->valueint == 1 ? "" : "es");
	if (cJSON_IsNumber(cf) && n < sizeof line)
		n += (size_t)snprintf(line + n, sizeof line - n, " of %d CF",
		    cf->valueint);
	cJSON_ArrayForEach(u, cJSON_GetObjectItemCaseSensitive(p, "units"))
		if (cJSON_IsString(u) && n < sizeof line)
			n += (size_t)snprintf(line + n, sizeof line - n, "%s%s",
			    k++ ? ", " : " for ", u->valuestring);
	trail_step(t, cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(p,
	    "rule")), "%s", line);
}

int
game_read_show(struct game_run *r)
{
	struct trail *t = trail_new();
	cJSON *json = json_object(), *u;
	const cJSON *control, *side;
	char phase[96];

	phase_of(r, phase, sizeof phase, json);
	trail_title(t, NULL, "saved game %s (%s, map %s), turn %d%s%s",
	    r->sv.name, saved_game(&r->sv), saved_map(&r->sv),
	    saved_turn(&r->sv), phase, saved_ended(&r->sv) ? ", ended" : "");
	cJSON_ArrayForEach(u, saved_units(&r->sv))
		unit_line(t, u);
	control = cJSON_GetObjectItemCaseSensitive(saved_position(&r->sv),
	    "control");
	cJSON_ArrayForEach(side, control)
		control_line(t, side);
	cJSON_ArrayForEach(u, cJSON_GetObjectItemCaseSensitive(r->sv.root,
	    "pending"))
		pending_line(t, u);
	trail_result(t, NULL, "%d units, %d in the dead pile, %d steps in the "
	    "log", cJSON_GetArraySize(saved_units(&r->sv)),
	    cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(r->sv.root,
	    "dead")), cJSON_GetArraySize(saved_log(&r->sv)));
	json_set_str(json, "game", saved_game(&r->sv));
	json_set_str(json, "procedure", "game show");
	json_set_str(json, "saved", r->sv.name);
	json_set_str(json, "map", saved_map(&r->sv));
	json_set_int(json, "turn", saved_turn(&r->sv));
	json_set_bool(json, "ended", saved_ended(&r->sv));
	json_set(json, "position",
	    json_must(cJSON_Duplicate(saved_position(&r->sv), 1)));
	json_set(json, "pending", json_must(cJSON_Duplicate(
	    cJSON_GetObjectItemCaseSensitive(r->sv.root, "pending"), 1)));
	json_set(json, "dead", json_must(cJSON_Duplicate(
	    cJSON_GetObjectItemCaseSensitive(r->sv.root, "dead"), 1)));
	return out_emit(r->c, json, t);
}

/* The position as a situation file (umpire-data(5)): format, game and
 * map first, then the position's members as they are. */
int
game_read_export(struct game_run *r)
{
	cJSON *out = json_object();
	const cJSON *v;
	char *text;
	int st = ST_OK;

	json_set_str(out, "format", "umpire-situation/1");
	json_set_str(out, "game", saved_game(&r->sv));
	json_set_str(out, "map", saved_map(&r->sv));
	for (v = saved_position(&r->sv)->child; v; v = v->next)
		if (strcmp(v->string, "format") && strcmp(v->string, "game") &&
		    strcmp(v->string, "map"))
			json_set(out, v->string, json_must(cJSON_Duplicate(v, 1)));
	text = cJSON_Print(out);
	cJSON_Delete(out);
	if (!text)
		return err(ST_SYS, "out of memory");
	if (printf("%s\n", text) < 0 || fflush(stdout) != 0)
		st = err_sys("cannot write the situation");
	free(text);
	return st;
}

/*
 * The log as the players may all read it: each step without what it
 * replaced, which holds the secrets a step touched (the hands and the
 * draw pile of an Adwa deck, its part), only whether it can be undone.
 */
static cJSON *
public_log(const cJSON *log)
{
	cJSON *out = json_array(), *c;
	const cJSON *e;

	cJSON_ArrayForEach(e, log) {
		c = json_must(cJSON_Duplicate(e, 1));
		cJSON_DeleteItemFromObjectCaseSensitive(c, "undo");
		json_set_bool(c, "undoable",
		    cJSON_GetObjectItemCaseSensitive(e, "undo") != NULL);
		json_push(out, c);
	}
	return out;
}

int
game_read_log(struct game_run *r)
{
	struct trail *t = trail_new();
	cJSON *json = json_object();
	const cJSON *e, *rule;

	trail_title(t, NULL, "saved game %s: the log", r->sv.name);
	cJSON_ArrayForEach(e, saved_log(&r->sv)) {
		rule = cJSON_GetObjectItemCaseSensitive(e, "rule");
		trail_step(t, cJSON_IsString(rule) ? rule->valuestring : NULL,
		    "%3d  turn %d  %s%s",
		    cJSON_GetObjectItemCaseSensitive(e, "n")->valueint,
		    cJSON_GetObjectItemCaseSensitive(e, "turn")->valueint,
		    cJSON_GetObjectItemCaseSensitive(e, "step")->valuestring,
		    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "undone")) ?
		    " (undone)" : "");
	}
	trail_result(t, NULL, "%d steps", cJSON_GetArraySize(saved_log(&r->sv)));
	json_set_str(json, "game", saved_game(&r->sv));
	json_set_str(json, "procedure", "game log");
	json_set_str(json, "saved", r->sv.name);
	json_set(json, "log", public_log(saved_log(&r->sv)));
	return out_emit(r->c, json, t);
}

/* One saved game of the folder as a line of `game list`. */
static int
list_one(struct trail *t, cJSON *arr, const char *name)
{
	struct saved sv;
	cJSON *o;
	int st;

	if ((st = saved_open(&sv, name, 0)) != ST_OK) {
		saved_close(&sv);
		return st;
	}
	trail_step(t, NULL, "%-16s %-5s map %-12s turn %-3d %3d units%s", name,
	    saved_game(&sv), saved_map(&sv), saved_turn(&sv),
	    cJSON_GetArraySize(saved_units(&sv)), saved_ended(&sv) ?
	    ", ended" : "");
	o = json_object();
	json_set_str(o, "saved", name);
	json_set_str(o, "game", saved_game(&sv));
	json_set_str(o, "map", saved_map(&sv));
	json_set_int(o, "turn", saved_turn(&sv));
	json_set_int(o, "units", cJSON_GetArraySize(saved_units(&sv)));
	json_set_bool(o, "ended", saved_ended(&sv));
	json_push(arr, o);
	saved_close(&sv);
	return ST_OK;
}

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int
game_read_list(struct ctx *c)
{
	char dir[PATH_MAX], **names;
	struct trail *t;
	cJSON *json, *arr;
	size_t n;
	int st, worst = ST_OK;

	if ((st = saved_dir(dir)) != ST_OK)
		return st;
	if ((st = saved_names(dir, &names, &n)) != ST_OK)
		return st;
	qsort(names, n, sizeof *names, name_cmp);
	t = trail_new();
	json = json_object();
	arr = json_array();
	trail_title(t, NULL, "saved games");
	for (size_t i = 0; i < n; i++) {
		if ((st = list_one(t, arr, names[i])) != ST_OK && worst == ST_OK)
			worst = st;
		free(names[i]);
	}
	free(names);
	trail_result(t, NULL, "%d saved game%s", cJSON_GetArraySize(arr),
	    cJSON_GetArraySize(arr) == 1 ? "" : "s");
	json_set_str(json, "procedure", "game list");
	json_set(json, "saved", arr);
	st = out_emit(c, json, t);
	return st != ST_OK ? st : worst;
}