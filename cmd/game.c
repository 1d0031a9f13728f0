/*
 * game.c: `umpire game`: start, change and show a saved game (lib/saved.h),
 * the position the players would otherwise keep by hand.
 *
 * Every change is one step: the new position is read back as a situation
 * and checked with the game's own words (unknown types, sides or markers,
 * hexes off the map, enemy units in one hex) before anything is written,
 * so a refused change leaves the file as it was.  Each step goes into the
 * game's log with what it replaced, for `game undo`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "data.h"
#include "err.h"
#include "game-use.h"
#include "games/game.h"
#include "json.h"
#include "map.h"
#include "out.h"
#include "saved.h"
#include "sequence.h"
#include "situation.h"
#include "trail.h"

enum { O_MAP = 1, O_SITUATION, O_SIDE, O_TYPE, O_HEX, O_STRENGTH, O_MA,
	O_MARKER, O_CLEAR };

const struct opt game_opts[] = {
	{ O_MAP, 0, "map", "name", "new: the map the game is played on "
	  "(a name or a file)", "@maps" },
	{ O_SITUATION, 0, "situation", "file", "new: the units at the start "
	  "(a file, or a name under the game's situations)", "@situations" },
	{ O_SIDE, 0, "side", "side", "place: the unit's side", "@sides" },
	{ O_TYPE, 0, "type", "type", "place: the unit's type", NULL },
	{ O_HEX, 0, "hex", "hex", "place: where it stands", NULL },
	{ O_STRENGTH, 0, "strength", "n", "place: its strength (default 1)",
	  NULL },
	{ O_MA, 0, "ma", "n", "place: its movement allowance", NULL },
	{ O_MARKER, 0, "marker", "word", "place: a marker it carries; repeat "
	  "for more", NULL },
	{ O_CLEAR, 0, "clear", NULL, "control: the hexes go back to the side "
	  "the map gives them", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

struct game_args {
	const char *verb, *map, *situation, *side, *type, *hex;
	const char *strength, *ma;
	const char *markers[UNIT_MAX_MARKERS];
	int nmarkers, clear;
	char **ops;		/* the operands after the verb */
	int nops;
};

/* What one verb needs: the saved game open (locked if it changes it),
 * the map and the game's situation words. */
struct game_run {
	struct ctx *c;
	struct ctx local;	/* c with the saved game's game id */
	struct saved sv;
	struct map *m;
	const struct game *g;
	int argc;		/* the whole command line, for the log */
	char **argv;
};

static int
parse_args(int argc, char **argv, struct game_args *a)
{
	struct opt_parser p;
	char **ops = xcalloc((size_t)argc + 1, sizeof *ops);
	int id;

	memset(a, 0, sizeof *a);
	a->ops = ops;
	opt_init(&p, game_opts, argc, argv);
	while ((id = opt_next(&p)) != OPT_END) {
		switch (id) {
		case OPT_ERROR: return ST_USAGE;
		case OPT_OPERAND:
			if (!a->verb)
				a->verb = p.arg;
			else
				ops[a->nops++] = (char *)p.arg;
			break;
		case O_MAP: a->map = p.arg; break;
		case O_SITUATION: a->situation = p.arg; break;
		case O_SIDE: a->side = p.arg; break;
		case O_TYPE: a->type = p.arg; break;
		case O_HEX: a->hex = p.arg; break;
		case O_STRENGTH: a->strength = p.arg; break;
		case O_MA: a->ma = p.arg; break;
		case O_MARKER:
			if (a->nmarkers == UNIT_MAX_MARKERS)
				return err(ST_USAGE, "--marker: at most %d "
				    "markers on one unit", UNIT_MAX_MARKERS);
			a->markers[a->nmarkers++] = p.arg;
			break;
		case O_CLEAR: a->clear = 1; break;
		}
	}
	return ST_OK;
}

/* The saved game a verb acts on: --saved or $UMPIRE_SAVED. */
static const char *
saved_name(const struct ctx *c)
{
	if (c->saved)
		return c->saved;
	return getenv(SAVED_ENV) && *getenv(SAVED_ENV) ? getenv(SAVED_ENV) : NULL;
}

/* Load the map and the game's words of an open saved game. */
static int
run_map(struct game_run *r)
{
	const char *id = saved_game(&r->sv);

	if (r->c->game && strcmp(r->c->game, id) != 0)
		return err(ST_USAGE, "-g %s: saved game '%s' is a game of %s",
		    r->c->game, r->sv.name, id);
	if (!(r->g = game_find(id)))
		return err(ST_DATA, "%s: game: not a game umpire knows: '%s' "
		    "(expected %s)", r->sv.path, id, game_id_list());
	r->local = *r->c;
	r->local.game = id;
	return map_load(&r->local, saved_map(&r->sv), &r->m);
}

/* Open the saved game and check its position as every reader does. */
static int
run_open(struct game_run *r, int lock, int ended_too)
{
	const char *name = saved_name(r->c);
	struct situation *sit;
	int st;

	if (!name)
		return err(ST_USAGE, "which saved game? give --saved NAME or set "
		    "%s (umpire game list shows them)", SAVED_ENV);
	if ((st = saved_open(&r->sv, name, lock)) != ST_OK ||
	    (st = run_map(r)) != ST_OK)
		return st;
	if ((st = saved_situation(&r->sv, r->m, r->g->situation, &sit)) != ST_OK)
		return st;
	situation_free(sit);
	if (lock && !ended_too && saved_ended(&r->sv))
		return err(ST_USAGE, "saved game '%s' has ended: it is kept "
		    "to read (umpire game show), not to change", name);
	saved_begin(&r->sv);
	return ST_OK;
}

static void
run_close(struct game_run *r)
{
	map_free(r->m);
	saved_close(&r->sv);
}

/* Check the changed position before it is written, then log and write. */
static int
run_commit(struct game_run *r, const char *what, const char *rule)
{
	struct situation *sit;
	char why[512];
	int st;

	st = saved_read_position(&r->sv, r->m, r->g->situation, &sit, why,
	    sizeof why);
	if (st == ST_DATA)
		return err(ST_USAGE, "refused, nothing changed: the position "
		    "would not hold: %s", why);
	if (st != ST_OK)
		return st;
	situation_free(sit);
	return saved_commit(&r->sv, what, rule, r->argc, r->argv);
}

/* One line to say what a verb did, as the trail and the JSON result. */
static int
said(const struct game_run *r, const char *verb, const char *text)
{
	struct trail *t = trail_new();
	cJSON *json = json_object();

	trail_title(t, NULL, "saved game %s (%s, map %s), turn %d",
	    r->sv.name, saved_game(&r->sv), saved_map(&r->sv),
	    saved_turn(&r->sv));
	trail_result(t, NULL, "%s", text);
	json_set_str(json, "game", saved_game(&r->sv));
	json_set_str(json, "procedure", verb);
	json_set_str(json, "saved", r->sv.name);
	return out_emit(r->c, json, t);
}

static int
need_ops(const struct game_args *a, int lo, int hi, const char *what)
{
	if (a->nops < lo || (hi >= 0 && a->nops > hi))
		return err(ST_USAGE, "game %s: expected %s", a->verb, what);
	return ST_OK;
}

/* A unit of the position by id, or a clear error naming the ids. */
static cJSON *
find_unit(const struct game_run *r, const char *id)
{
	cJSON *u = saved_unit(&r->sv, id);

	if (!u)
		err(ST_USAGE, "no unit '%s' in saved game '%s' (umpire game show "
		    "lists them)", id, r->sv.name);
	return u;
}

/* A whole number for option name: ST_OK with *n, or ST_USAGE. */
static int
number(const char *name, const char *text, int lo, int hi, int *n)
{
	char *end;
	long v;

	v = strtol(text, &end, 10);
	if (!*text || *end || v < lo || v > hi)
		return err(ST_USAGE, "%s: expected a whole number from %d to %d: "
		    "'%s'", name, lo, hi, text);
	*n = (int)v;
	return ST_OK;
}

/* The saved game's turn and phase set to turn and phase. */
static void
set_time(struct saved *sv, int turn, int phase)
{
	cJSON_ReplaceItemInObjectCaseSensitive(sv->root, "turn",
	    cJSON_CreateNumber(turn));
	cJSON_ReplaceItemInObjectCaseSensitive(sv->root, "phase",
	    cJSON_CreateNumber(phase));
}

/* A new game starts in the first phase its map plays in turn 1. */
static int
first_phase(struct game_run *r)
{
	struct sequence seq;
	int turn = 1, phase = 0, st;

	if ((st = sequence_load(r->c, saved_game(&r->sv), &seq)) == ST_OK) {
		sequence_next(&seq, map_name(r->m), &turn, &phase, 0);
		set_time(&r->sv, turn, phase);
		sequence_free(&seq);
	} else if (st != ST_NO)
		return st;
	return saved_commit(&r->sv, NULL, NULL, 0, NULL);
}

static int
verb_new(struct ctx *c, const struct game_args *a, int argc, char **argv)
{
	struct game_run r = { .c = c, .argc = argc, .argv = argv, .sv.fd = -1 };
	struct situation *sit = NULL;
	cJSON *pos;
	int st;

	if ((st = need_ops(a, 1, 1, "the new game's name")) != ST_OK)
		return st;
	if (!c->game)
		return err(ST_USAGE, "game new: which game? give -g (%s)",
		    game_id_list());
	if (!a->map)
		return err(ST_USAGE, "game new: which map? give --map NAME");
	r.g = game_find(c->game);
	if ((st = map_load(c, a->map, &r.m)) != ST_OK)
		return st;
	if (a->situation) {
		st = game_situation_open(c, r.m, a->situation, &sit);
		if (st != ST_OK) {
			map_free(r.m);
			return st;
		}
		pos = json_must(cJSON_Duplicate(situation_json(sit), 1));
	} else {
		pos = json_object();
		json_set_str(pos, "format", "umpire-situation/1");
		json_set(pos, "units", json_array());
	}
	cJSON_DeleteItemFromObjectCaseSensitive(pos, "map");
	cJSON_DeleteItemFromObjectCaseSensitive(pos, "game");
	st = saved_create(&r.sv, a->ops[0], saved_new_root(a->ops[0], c->game,
	    a->map, pos));
	if (st == ST_OK && sit)
		saved_control_normalise(&r.sv, r.m, sit);
	if (st == ST_OK)
		st = first_phase(&r);
	situation_free(sit);
	if (st == ST_OK) {
		char text[160];

		snprintf(text, sizeof text, "started, %d units; export %s=%s "
		    "to use it", cJSON_GetArraySize(saved_units(&r.sv)),
		    SAVED_ENV, r.sv.name);
		st = said(&r, "game new", text);
	}
	run_close(&r);
	return st;
}

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

/* ", the NAME phase" of the game's sequence, or "" when it keeps none. */
static void
phase_of(struct game_run *r, char *buf, size_t len)
{
	struct sequence seq;
	int phase = cJSON_GetObjectItemCaseSensitive(r->sv.root,
	    "phase")->valueint;

	buf[0] = '\0';
	if (sequence_load(&r->local, saved_game(&r->sv), &seq) != ST_OK)
		return;
	if (phase < seq.n)
		snprintf(buf, len, ", %s phase", sequence_name(&seq, phase));
	sequence_free(&seq);
}

static int
verb_show(struct game_run *r)
{
	struct trail *t = trail_new();
	cJSON *json = json_object(), *u;
	const cJSON *control, *side;
	char phase[96];

	phase_of(r, phase, sizeof phase);
	trail_title(t, NULL, "saved game %s (%s, map %s), turn %d%s%s",
	    r->sv.name, saved_game(&r->sv), saved_map(&r->sv),
	    saved_turn(&r->sv), phase, saved_ended(&r->sv) ? ", ended" : "");
	cJSON_ArrayForEach(u, saved_units(&r->sv))
		unit_line(t, u);
	control = cJSON_GetObjectItemCaseSensitive(saved_position(&r->sv),
	    "control");
	cJSON_ArrayForEach(side, control)
		control_line(t, side);
	trail_result(t, NULL, "%d units, %d steps in the log",
	    cJSON_GetArraySize(saved_units(&r->sv)),
	    cJSON_GetArraySize(saved_log(&r->sv)));
	json_set_str(json, "game", saved_game(&r->sv));
	json_set_str(json, "procedure", "game show");
	json_set_str(json, "saved", r->sv.name);
	json_set_str(json, "map", saved_map(&r->sv));
	json_set_int(json, "turn", saved_turn(&r->sv));
	json_set_bool(json, "ended", saved_ended(&r->sv));
	json_set(json, "position",
	    json_must(cJSON_Duplicate(saved_position(&r->sv), 1)));
	return out_emit(r->c, json, t);
}

/* The position as a situation file (umpire-data(5)): format, game and
 * map first, then the position's members as they are. */
static int
verb_export(struct game_run *r)
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

/* place ID --side S --type T --hex H [--strength N] [--ma N] [--marker M] */
static int
verb_place(struct game_run *r, const struct game_args *a)
{
	cJSON *u, *mk;
	char text[160];
	int n, st, i;

	if ((st = need_ops(a, 1, 1, "the new unit's id")) != ST_OK)
		return st;
	if (!a->side || !a->type || !a->hex)
		return err(ST_USAGE, "game place: give --side, --type and --hex");
	if (saved_unit(&r->sv, a->ops[0]))
		return err(ST_USAGE, "game place: saved game '%s' has a unit "
		    "'%s' already", r->sv.name, a->ops[0]);
	u = json_object();
	json_set_str(u, "id", a->ops[0]);
	json_set_str(u, "side", a->side);
	json_set_str(u, "type", a->type);
	n = 1;
	if (a->strength && (st = number("--strength", a->strength, 0, 99, &n)))
		goto fail;
	json_set_int(u, "strength", n);
	if (a->ma) {
		if ((st = number("--ma", a->ma, 0, 99, &n)) != ST_OK)
			goto fail;
		json_set_int(u, "ma", n);
	}
	json_set_str(u, "hex", a->hex);
	if (a->nmarkers) {
		mk = json_array();
		for (i = 0; i < a->nmarkers; i++)
			json_push(mk, cJSON_CreateString(a->markers[i]));
		json_set(u, "markers", mk);
	}
	json_push(saved_units(&r->sv), u);
	snprintf(text, sizeof text, "%s placed in %s", a->ops[0], a->hex);
	if ((st = run_commit(r, text, NULL)) != ST_OK)
		return st;
	return said(r, "game place", text);
fail:
	cJSON_Delete(u);
	return st;
}

static int
verb_remove(struct game_run *r, const struct game_args *a)
{
	char text[256];
	size_t used = 0;
	cJSON *u;
	int i, st;

	if ((st = need_ops(a, 1, -1, "the ids of the units to remove")) != ST_OK)
		return st;
	used = (size_t)snprintf(text, sizeof text, "removed:");
	for (i = 0; i < a->nops; i++) {
		if (!(u = find_unit(r, a->ops[i])))
			return ST_USAGE;
		cJSON_Delete(cJSON_DetachItemViaPointer(saved_units(&r->sv), u));
		if (used < sizeof text)
			used += (size_t)snprintf(text + used, sizeof text - used,
			    " %s", a->ops[i]);
	}
	if ((st = run_commit(r, text, NULL)) != ST_OK)
		return st;
	return said(r, "game remove", text);
}

/* One FIELD=VALUE of `game set`: hex, side, type, strength, ma. */
static int
set_field(cJSON *u, const char *arg)
{
	const char *eq = strchr(arg, '=');
	char key[16];
	int n, st;

	if (!eq || eq == arg || (size_t)(eq - arg) >= sizeof key)
		return err(ST_USAGE, "game set: expected FIELD=VALUE (hex, side, "
		    "type, strength, ma): '%s'", arg);
	snprintf(key, sizeof key, "%.*s", (int)(eq - arg), arg);
	if (strcmp(key, "strength") == 0 || strcmp(key, "ma") == 0) {
		if ((st = number(key, eq + 1, 0, 99, &n)) != ST_OK)
			return st;
		cJSON_DeleteItemFromObjectCaseSensitive(u, key);
		json_set_int(u, key, n);
	} else if (strcmp(key, "hex") == 0 || strcmp(key, "side") == 0 ||
	    strcmp(key, "type") == 0) {
		cJSON_ReplaceItemInObjectCaseSensitive(u, key,
		    cJSON_CreateString(eq + 1));
	} else
		return err(ST_USAGE, "game set: not a field of a unit: '%s' "
		    "(expected hex, side, type, strength or ma)", key);
	return ST_OK;
}

static int
verb_set(struct game_run *r, const struct game_args *a)
{
	char text[256];
	size_t used;
	cJSON *u;
	int i, st;

	if ((st = need_ops(a, 2, -1, "a unit's id and FIELD=VALUE ...")) != ST_OK)
		return st;
	if (!(u = find_unit(r, a->ops[0])))
		return ST_USAGE;
	used = (size_t)snprintf(text, sizeof text, "%s set by hand:", a->ops[0]);
	for (i = 1; i < a->nops; i++) {
		if ((st = set_field(u, a->ops[i])) != ST_OK)
			return st;
		if (used < sizeof text)
			used += (size_t)snprintf(text + used, sizeof text - used,
			    " %s", a->ops[i]);
	}
	if ((st = run_commit(r, text, NULL)) != ST_OK)
		return st;
	return said(r, "game set", text);
}

/* Whether marker array mk has word w; its item or NULL. */
static cJSON *
marker_of(cJSON *mk, const char *w)
{
	cJSON *v;

	cJSON_ArrayForEach(v, mk)
		if (cJSON_IsString(v) && strcmp(v->valuestring, w) == 0)
			return v;
	return NULL;
}

/* mark ID MARKER ... / unmark ID MARKER ... */
static int
verb_mark(struct game_run *r, const struct game_args *a, int on)
{
	char text[256];
	size_t used;
	cJSON *u, *mk, *v;
	int i, st;

	if ((st = need_ops(a, 2, -1, "a unit's id and its markers")) != ST_OK)
		return st;
	if (!(u = find_unit(r, a->ops[0])))
		return ST_USAGE;
	if (!(mk = cJSON_GetObjectItemCaseSensitive(u, "markers")))
		json_set(u, "markers", mk = json_array());
	used = (size_t)snprintf(text, sizeof text, "%s %s:", a->ops[0],
	    on ? "marked" : "unmarked");
	for (i = 1; i < a->nops; i++) {
		v = marker_of(mk, a->ops[i]);
		if (on && v)
			return err(ST_USAGE, "game mark: %s has the marker '%s' "
			    "already", a->ops[0], a->ops[i]);
		if (!on && !v)
			return err(ST_USAGE, "game unmark: %s has no marker '%s'",
			    a->ops[0], a->ops[i]);
		if (on)
			json_push(mk, cJSON_CreateString(a->ops[i]));
		else
			cJSON_Delete(cJSON_DetachItemViaPointer(mk, v));
		if (used < sizeof text)
			used += (size_t)snprintf(text + used, sizeof text - used,
			    " %s", a->ops[i]);
	}
	if (cJSON_GetArraySize(mk) == 0)
		cJSON_DeleteItemFromObjectCaseSensitive(u, "markers");
	if ((st = run_commit(r, text, NULL)) != ST_OK)
		return st;
	return said(r, on ? "game mark" : "game unmark", text);
}

/* control SIDE HEX ... / control --clear HEX ... (loe 3.3) */
static int
verb_control(struct game_run *r, const struct game_args *a)
{
	const char *side = a->clear ? NULL : a->ops[0];
	char text[256];
	size_t used;
	int i, idx, st;

	if ((st = need_ops(a, a->clear ? 1 : 2, -1, a->clear ? "the hexes to "
	    "clear" : "a side and the hexes it now holds")) != ST_OK)
		return st;
	used = (size_t)snprintf(text, sizeof text, a->clear ? "control "
	    "cleared:" : "now held by %s:", side);
	for (i = a->clear ? 0 : 1; i < a->nops; i++) {
		if ((idx = map_lookup(r->m, a->ops[i])) < 0)
			return err(ST_USAGE, "game control: no hex '%s' on map %s",
			    a->ops[i], saved_map(&r->sv));
		saved_control_set(&r->sv, r->m, idx, side);
		if (used < sizeof text)
			used += (size_t)snprintf(text + used, sizeof text - used,
			    " %s", a->ops[i]);
	}
	if ((st = run_commit(r, text, "3.3")) != ST_OK)
		return st;
	return said(r, "game control", text);
}

static int
verb_undo(struct game_run *r)
{
	const cJSON *e;
	char text[320];
	int st;

	if ((st = saved_undo(&r->sv, &e)) == ST_NO)
		return err(ST_USAGE, "game undo: nothing to undo in saved game "
		    "'%s'", r->sv.name);
	if (st != ST_OK)
		return st;
	snprintf(text, sizeof text, "undone: step %d, %s",
	    cJSON_GetObjectItemCaseSensitive(e, "n")->valueint,
	    cJSON_GetObjectItemCaseSensitive(e, "step")->valuestring);
	return said(r, "game undo", text);
}

static int
verb_log(struct game_run *r)
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
	json_set(json, "log", json_must(cJSON_Duplicate(saved_log(&r->sv), 1)));
	return out_emit(r->c, json, t);
}

/* The game's sequence, with the saved phase checked against it. */
static int
run_sequence(struct game_run *r, struct sequence *seq)
{
	int st, phase = cJSON_GetObjectItemCaseSensitive(r->sv.root,
	    "phase")->valueint;

	if ((st = sequence_load(&r->local, saved_game(&r->sv), seq)) == ST_NO)
		return err(ST_USAGE, "umpire keeps no sequence of play for %s "
		    "yet: the turn is kept by hand (game set)", saved_game(&r->sv));
	if (st != ST_OK)
		return st;
	if (phase >= seq->n) {
		sequence_free(seq);
		return err(ST_DATA, "%s: phase: expected a phase from 0 to %d of "
		    "%s (the file is left as it is)", r->sv.path, seq->n - 1,
		    seq->path);
	}
	return ST_OK;
}

/* A phase's texts as trail lines and a JSON array. */
static cJSON *
phase_list(struct trail *t, const cJSON *phase, const char *key,
    const char *label, const char *rule)
{
	const cJSON *v, *list = cJSON_GetObjectItemCaseSensitive(phase, key);
	char line[512] = "";
	size_t used = 0;

	if (!list || !list->child)
		return json_array();
	if (strcmp(key, "procedures") == 0) {
		cJSON_ArrayForEach(v, list)
			if (used < sizeof line)
				used += (size_t)snprintf(line + used, sizeof line -
				    used, "%s%s", used ? ", " : "", v->valuestring);
		trail_step(t, NULL, "%s: %s", label, line);
	} else
		cJSON_ArrayForEach(v, list)
			trail_step(t, rule, "%s: %s", label, v->valuestring);
	return json_must(cJSON_Duplicate(list, 1));
}

/* next: on to the next phase of the game's sequence of play. */
static int
verb_next(struct game_run *r)
{
	struct sequence seq;
	struct trail *t;
	const cJSON *ph;
	const char *rule;
	cJSON *json, *o;
	char what[160];
	int turn = saved_turn(&r->sv), phase, st;

	if ((st = run_sequence(r, &seq)) != ST_OK)
		return st;
	phase = cJSON_GetObjectItemCaseSensitive(r->sv.root, "phase")->valueint;
	sequence_next(&seq, map_name(r->m), &turn, &phase, 1);
	set_time(&r->sv, turn, phase);
	ph = sequence_phase(&seq, phase);
	rule = cJSON_GetObjectItemCaseSensitive(ph, "rule")->valuestring;
	snprintf(what, sizeof what, "turn %d, %s phase", turn,
	    sequence_name(&seq, phase));
	if ((st = run_commit(r, what, rule)) != ST_OK) {
		sequence_free(&seq);
		return st;
	}
	t = trail_new();
	json = json_object();
	trail_title(t, NULL, "saved game %s (%s, map %s)", r->sv.name,
	    saved_game(&r->sv), saved_map(&r->sv));
	o = json_object();
	json_set_str(o, "name", sequence_name(&seq, phase));
	json_set_str(o, "rule", rule);
	json_set(o, "procedures", phase_list(t, ph, "procedures",
	    "procedures", NULL));
	json_set(o, "remind", phase_list(t, ph, "remind", "remember", rule));
	trail_result(t, rule, "%s", what);
	json_set_str(json, "game", saved_game(&r->sv));
	json_set_str(json, "procedure", "game next");
	json_set_str(json, "saved", r->sv.name);
	json_set_int(json, "turn", turn);
	json_set(json, "phase", o);
	sequence_free(&seq);
	return out_emit(r->c, json, t);
}

/* end: the game is over; it is kept to read, and undo opens it again. */
static int
verb_end(struct game_run *r)
{
	int st;

	json_set_bool(r->sv.root, "ended", 1);
	if ((st = run_commit(r, "the game ended", NULL)) != ST_OK)
		return st;
	return said(r, "game end", "ended: kept to read; game undo opens it "
	    "again, game delete removes it");
}

static int
verb_delete(struct ctx *c, const struct game_args *a)
{
	struct trail *t;
	cJSON *json;
	int st;

	if ((st = need_ops(a, 1, 1, "the name of the saved game to delete "
	    "(never taken from --saved or the environment)")) != ST_OK)
		return st;
	if ((st = saved_remove(a->ops[0])) != ST_OK)
		return st;
	t = trail_new();
	json = json_object();
	trail_result(t, NULL, "saved game %s deleted", a->ops[0]);
	json_set_str(json, "procedure", "game delete");
	json_set_str(json, "saved", a->ops[0]);
	return out_emit(c, json, t);
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

static int
verb_list(struct ctx *c)
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

/* The verbs that open a saved game, and whether each changes it. */
static const struct {
	const char *name;
	int changes;
} verbs[] = {
	{ "show", 0 }, { "log", 0 }, { "export", 0 }, { "place", 1 },
	{ "remove", 1 }, { "set", 1 }, { "mark", 1 }, { "unmark", 1 },
	{ "control", 1 }, { "next", 1 }, { "undo", 1 }, { "end", 1 },
};

static int
on_saved(struct game_run *r, const struct game_args *a)
{
	const char *v = a->verb;

	if (strcmp(v, "show") == 0) return verb_show(r);
	if (strcmp(v, "log") == 0) return verb_log(r);
	if (strcmp(v, "export") == 0) return verb_export(r);
	if (strcmp(v, "place") == 0) return verb_place(r, a);
	if (strcmp(v, "remove") == 0) return verb_remove(r, a);
	if (strcmp(v, "set") == 0) return verb_set(r, a);
	if (strcmp(v, "mark") == 0) return verb_mark(r, a, 1);
	if (strcmp(v, "unmark") == 0) return verb_mark(r, a, 0);
	if (strcmp(v, "control") == 0) return verb_control(r, a);
	if (strcmp(v, "undo") == 0) return verb_undo(r);
	if (strcmp(v, "next") == 0) return verb_next(r);
	return verb_end(r);
}

static int
unknown_verb(const char *verb)
{
	const char *names[sizeof verbs / sizeof *verbs + 4];
	const char *near;
	size_t i;

	for (i = 0; i < sizeof verbs / sizeof *verbs; i++)
		names[i] = verbs[i].name;
	names[i++] = "new";
	names[i++] = "list";
	names[i++] = "delete";
	names[i++] = "use";
	near = err_nearest(verb, names, i);
	return err(ST_USAGE, "game: unknown verb: '%s'%s%s%s", verb,
	    near ? " (did you mean '" : " (umpire game --help lists them)",
	    near ? near : "", near ? "'?)" : "");
}

int
cmd_game(struct ctx *c, int argc, char **argv)
{
	struct game_run r = { .c = c, .argc = c->argc, .argv = c->argv,
	    .sv.fd = -1 };
	struct game_args a;
	size_t i;
	int st;

	if ((st = parse_args(argc, argv, &a)) != ST_OK)
		goto out;
	st = ST_USAGE;
	if (!a.verb)
		st = err(ST_USAGE, "game: expected a verb (new, list, show, "
		    "place, move, ...; umpire game --help)");
	else if (strcmp(a.verb, "new") == 0)
		st = verb_new(c, &a, c->argc, c->argv);
	else if (strcmp(a.verb, "list") == 0)
		st = verb_list(c);
	else if (strcmp(a.verb, "delete") == 0)
		st = verb_delete(c, &a);
	else if (strcmp(a.verb, "use") == 0)
		st = game_use_run(c, a.ops, a.nops);
	else {
		for (i = 0; i < sizeof verbs / sizeof *verbs &&
		    strcmp(verbs[i].name, a.verb) != 0; i++)
			;
		if (i == sizeof verbs / sizeof *verbs)
			st = unknown_verb(a.verb);
		else if ((st = run_open(&r, verbs[i].changes,
		    strcmp(a.verb, "undo") == 0)) == ST_OK)
			st = on_saved(&r, &a);
		run_close(&r);
	}
out:
	free(a.ops);
	return st;
}

void
complete_game(const struct ctx *c, char **ops, int nops, const char *prefix)
{
	size_t i;

	if (nops == 1 && strcmp(ops[0], "use") == 0)
		game_use_complete(c, prefix);
	if (nops > 0)
		return;
	complete_word(prefix, "new");
	complete_word(prefix, "use");
	complete_word(prefix, "list");
	complete_word(prefix, "delete");
	for (i = 0; i < sizeof verbs / sizeof *verbs; i++)
		complete_word(prefix, verbs[i].name);
}
