/*
 * game.c: `umpire game`: start, change and show a saved game (lib/saved.h),
 * the position the players would otherwise keep by hand.  This file reads
 * the line, opens the saved game and hands each verb on: those that
 * change it are in game-change.c, those that only read it in game-read.c.
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
#include "err.h"
#include "game-cmd.h"
#include "game-use.h"
#include "games/game.h"
#include "json.h"
#include "map.h"
#include "out.h"
#include "saved.h"
#include "situation.h"
#include "trail.h"

enum { O_MAP = 1, O_SITUATION, O_SIDE, O_TYPE, O_HEX, O_STRENGTH, O_MA,
	O_MARKER, O_CLEAR };

const struct opt game_opts[] = {
	{ O_MAP, 0, "map", "name", "new: the map the game is played on "
	  "(a name or a file; none for a game that has no maps)", "@maps" },
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

static int
parse_args(int argc, char **argv, struct game_args *a)
{
	struct opt_parser p;
	char **ops = err_calloc((size_t)argc + 1, sizeof *ops);
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
	if (strcmp(saved_map(&r->sv), GAME_NO_MAP) == 0)
		return ST_OK;
	return map_load(&r->local, saved_map(&r->sv), &r->m);
}

/* The position as every reader checks it; a game without a map has no
 * units, since they would have no hexes to stand in. */
static int
run_position(struct game_run *r)
{
	struct situation *sit;
	int st;

	if (!r->m) {
		if (cJSON_GetArraySize(saved_units(&r->sv)) == 0)
			return ST_OK;
		return err(ST_DATA, "%s: position: units: expected none, %s "
		    "being played without a map (the file is left as it is)",
		    r->sv.path, saved_game(&r->sv));
	}
	if ((st = saved_situation(&r->sv, r->m, r->g->situation, &sit)) != ST_OK)
		return st;
	situation_free(sit);
	return ST_OK;
}

/* Open the saved game and check its position as every reader does. */
static int
run_open(struct game_run *r, int lock, int ended_too)
{
	const char *name = saved_name(r->c);
	int st;

	if (!name)
		return err(ST_USAGE, "which saved game? give --saved NAME or set "
		    "%s (umpire game list shows them)", SAVED_ENV);
	if ((st = saved_open(&r->sv, name, lock)) != ST_OK ||
	    (st = run_map(r)) != ST_OK || (st = run_position(r)) != ST_OK)
		return st;
	if (lock && !ended_too && saved_ended(&r->sv))
		return err(ST_USAGE, "saved game '%s' has ended: it is kept "
		    "to read (umpire game show), not to change", name);
	saved_begin(&r->sv);
	return ST_OK;
}

void
game_run_close(struct game_run *r)
{
	map_free(r->m);
	saved_close(&r->sv);
}

/* Check the changed position before it is written, then log and write. */
int
game_run_commit(struct game_run *r, const char *what, const char *rule)
{
	struct situation *sit;
	char why[512];
	int st;

	if (!r->m)	/* no units to check (run_position) */
		return saved_commit(&r->sv, what, rule, r->argc, r->argv);
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
int
game_run_said(const struct game_run *r, const char *verb, const char *text)
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

int
game_need_ops(const struct game_args *a, int lo, int hi, const char *what)
{
	if (a->nops < lo || (hi >= 0 && a->nops > hi))
		return err(ST_USAGE, "game %s: expected %s", a->verb, what);
	return ST_OK;
}

/* A unit of the position by id, or a clear error naming the ids. */
cJSON *
game_run_unit(const struct game_run *r, const char *id)
{
	cJSON *u = saved_unit(&r->sv, id);

	if (!u)
		err(ST_USAGE, "no unit '%s' in saved game '%s' (umpire game show "
		    "lists them)", id, r->sv.name);
	return u;
}

/* The verbs that open a saved game, whether each changes it, and
 * whether it needs a map (units, hexes) to act on. */
static const struct {
	const char *name;
	int changes, map;
} verbs[] = {
	{ "show", 0, 0 }, { "log", 0, 0 }, { "export", 0, 1 },
	{ "place", 1, 1 }, { "remove", 1, 1 }, { "set", 1, 1 },
	{ "mark", 1, 1 }, { "unmark", 1, 1 }, { "control", 1, 1 },
	{ "next", 1, 0 }, { "undo", 1, 0 }, { "end", 1, 0 },
};

static int
on_saved(struct game_run *r, const struct game_args *a)
{
	const char *v = a->verb;

	if (strcmp(v, "show") == 0) return game_read_show(r);
	if (strcmp(v, "log") == 0) return game_read_log(r);
	if (strcmp(v, "export") == 0) return game_read_export(r);
	if (strcmp(v, "place") == 0) return game_change_place(r, a);
	if (strcmp(v, "remove") == 0) return game_change_remove(r, a);
	if (strcmp(v, "set") == 0) return game_change_set(r, a);
	if (strcmp(v, "mark") == 0) return game_change_mark(r, a, 1);
	if (strcmp(v, "unmark") == 0) return game_change_mark(r, a, 0);
	if (strcmp(v, "control") == 0) return game_change_control(r, a);
	if (strcmp(v, "undo") == 0) return game_change_undo(r);
	if (strcmp(v, "next") == 0) return game_change_next(r);
	return game_change_end(r);
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
		st = game_change_new(c, &a, c->argc, c->argv);
	else if (strcmp(a.verb, "list") == 0)
		st = game_read_list(c);
	else if (strcmp(a.verb, "delete") == 0)
		st = game_change_delete(c, &a);
	else if (strcmp(a.verb, "use") == 0)
		st = game_use_run(c, a.ops, a.nops);
	else {
		for (i = 0; i < sizeof verbs / sizeof *verbs &&
		    strcmp(verbs[i].name, a.verb) != 0; i++)
			;
		if (i == sizeof verbs / sizeof *verbs)
			st = unknown_verb(a.verb);
		else if ((st = run_open(&r, verbs[i].changes,
		    strcmp(a.verb, "undo") == 0)) != ST_OK)
			;
		else if (verbs[i].map && !r.m)
			st = err(ST_USAGE, "game %s: saved game '%s' is a game of "
			    "%s, played without a map: it has no units to %s",
			    a.verb, r.sv.name, saved_game(&r.sv), verbs[i].changes ?
			    "change" : "export");
		else
			st = on_saved(&r, &a);
		game_run_close(&r);
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
