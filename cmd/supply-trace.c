/*
 * supply-trace.c: `umpire supply-trace`: is a unit in supply?  On a map
 * with a situation, one unit (--unit) or a whole side (--side): the line
 * traced hex by hex to its source, each hex's reason and rule, or the
 * nearest blocked attempt and what blocked it; the supply marker each unit
 * gets, written back to the situation only with --update, or applied to
 * a saved game with --apply (one step of its log); --svg draws the
 * lines.  Without a map, a line the player traced by eye (--hexes n
 * --through words): its count and every word that blocks it.  The game's
 * rules are in lib/games/<game>_supply.c (loe 9.x, 13.1.2, 13.2, 16.1.2;
 * toto 15.x, 22, 38.0; sotq 11, 8.E); the search and the zones of control
 * are the map engine's (lib/supply.c, lib/path.c, lib/move_map.c).
 */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cmd.h"
#include "err.h"
#include "games/game.h"
#include "hex.h"
#include "map.h"
#include "map-svg-job.h"
#include "move.h"
#include "out.h"
#include "saved.h"
#include "supply-trace.h"
#include "supply.h"
#include "svg.h"
#include "situation.h"

enum {
	O_MAP = 1, O_SITUATION, O_UNIT, O_SIDE, O_PHASE, O_SEASON, O_LOST,
	O_UPDATE, O_APPLY, O_SVG, O_HEXES, O_THROUGH, O_CUT
};

const struct opt supply_trace_opts[] = {
	{ O_MAP, 0, "map", "map", "the map (a name or a file)", "@maps" },
	{ O_SITUATION, 0, "situation", "file", "the units on the map: a file, "
	  "or a name under the game's situations", "@situations" },
	{ O_UNIT, 'u', "unit", "id", "trace for this unit of the situation",
	  "@units" },
	{ O_SIDE, 0, "side", "side", "trace for every unit of this side",
	  "@sides" },
	{ O_PHASE, 0, "phase", "name", "when the check is made (default "
	  "movement)", "movement combat attrition" },
	{ O_SEASON, 0, "season", "name", "the turn's season (default spring)", "winter spring summer fall" },
	{ O_LOST, 0, "lost", "hexes", "hexes (comma-separated) the enemy has "
	  "taken: sources or towns the side no longer holds", NULL },
	{ O_UPDATE, 0, "update", NULL, "write the new supply markers back to "
	  "the situation file", NULL },
	{ O_APPLY, 0, "apply", NULL, "on a saved game (--saved): set the "
	  "markers the check gives, one step of its log", NULL },
	CMD_OPT_SVG(O_SVG),
	{ O_CUT, 0, "cut", NULL, "what would cut these lines: each hex on "
	  "them an enemy unit would cut, the most units first", NULL },
	{ O_HEXES, 0, "hexes", "n", "without a map: the line traced by eye "
	  "is n hexes long, counted by the rules' method", NULL },
	{ O_THROUGH, 0, "through", "words", "without a map: what the line "
	  "crosses, words joined with ',' or '+'", "@operand" },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

/* Digits only (opt_count): strtol would take " 5", "+5" and "-0". */
static int
parse_n(const char *what, const char *arg, int lo, int hi, int *out)
{
	int v = opt_count(arg, NULL, hi);

	if (v < lo)
		return err(ST_USAGE, "bad %s: '%s' (expected %d to %d)", what,
		    arg, lo, hi);
	*out = v;
	return ST_OK;
}

/* By enum supply_phase. */
const char *const supply_trace_phase_words[3] = { "movement", "combat",
    "attrition" };

int
supply_trace_phase(const char *word, enum supply_phase *phase)
{
	int i;

	for (i = SUPPLY_MOVEMENT; i <= SUPPLY_ATTRITION; i++)
		if (strcmp(word, supply_trace_phase_words[i]) == 0) {
			*phase = (enum supply_phase)i;
			return ST_OK;
		}
	return err(ST_USAGE, "bad --phase: '%s' (expected movement, combat or "
	    "attrition)", word);
}

static int
parse_args(struct st_args *a, int argc, char **argv)
{
	struct opt_parser p;
	int id, st;

	opt_init(&p, supply_trace_opts, argc, argv);
	while ((id = opt_next(&p)) != OPT_END) {
		switch (id) {
		case OPT_ERROR:
			return ST_USAGE;
		case OPT_OPERAND:
			return err(ST_USAGE, "unexpected operand: '%s'", p.arg);
		case O_MAP: a->map = p.arg; break;
		case O_SITUATION: a->situation = p.arg; break;
		case O_UNIT: a->unit = p.arg; break;
		case O_SIDE: a->side = p.arg; break;
		case O_SEASON: a->season = p.arg; break;
		case O_LOST: a->lost = p.arg; break;
		case O_UPDATE: a->update = 1; break;
		case O_APPLY: a->apply = 1; break;
		case O_SVG: a->svg = 1; break;
		case O_CUT: a->cut = 1; break;
		case O_THROUGH: a->through = p.arg; break;
		case O_HEXES:
			if ((st = parse_n("--hexes", p.arg, 0, 999,
			    &a->hexes)) != ST_OK)
				return st;
			a->by_eye = 1;
			break;
		case O_PHASE:
			if ((st = supply_trace_phase(p.arg,
			    &a->phase)) != ST_OK)
				return st;
			break;
		}
	}
	return ST_OK;
}

/* The saved game the situation names (GAME_SAVED_SPEC), or NULL. */
static const char *
saved_name(const struct st_args *a)
{
	size_t n = strlen(GAME_SAVED_SPEC);

	return a->situation && strncmp(a->situation, GAME_SAVED_SPEC, n) == 0 ?
	    a->situation + n : NULL;
}

static int
check_args(const struct ctx *c, const struct st_args *a)
{
	if (a->by_eye || a->through) {
		if (a->map || a->situation || a->unit || a->side ||
		    a->update || a->apply)
			return err(ST_USAGE, "--hexes traces by eye, without "
			    "--map, --situation, --unit, --side, --update or "
			    "--apply: '%s'", a->map ? a->map : a->situation ?
			    a->situation : a->unit ? a->unit : a->side ?
			    a->side : a->update ? "--update" : "--apply");
		if (!a->by_eye)
			return err(ST_USAGE, "--through needs --hexes: '%s'",
			    a->through);
		if (!c->game)
			return err(ST_USAGE, "--hexes needs a game (-g): '%d'",
			    a->hexes);
		return ST_OK;
	}
	if (!a->map || !a->situation)
		return err(ST_USAGE, "give --map and --situation, or --hexes "
		    "for a line traced by eye: '%s'", a->map ? a->map :
		    a->situation ? a->situation : "");
	if (!a->unit == !a->side)
		return err(ST_USAGE, "give --unit or --side, one of them: '%s'",
		    a->unit ? a->unit : "");
	if (a->svg && a->update)
		return err(ST_USAGE, "--svg draws; --update writes: '%s'",
		    "--update");
	if (a->cut && (a->svg || a->update || a->apply))
		return err(ST_USAGE, "--cut asks what would cut the lines; it "
		    "draws, writes and applies nothing: '%s'", a->svg ? "--svg" :
		    a->update ? "--update" : "--apply");
	if ((a->svg || a->update) && a->apply)
		return err(ST_USAGE, "--apply sets a saved game's markers, "
		    "without --svg or --update: '%s'", "--apply");
	if (a->apply && !saved_name(a))
		return err(ST_USAGE, "--apply changes a saved game (--saved "
		    "NAME), not a situation file: '%s'", a->situation);
	if (a->update && saved_name(a))
		return err(ST_USAGE, "--update writes a situation file; a "
		    "saved game's markers are set with --apply: '%s'",
		    a->situation);
	if (a->update && !situation_is_path(a->situation))
		return err(ST_USAGE, "--update writes a situation file, not "
		    "one the game ships: '%s' (give its path)", a->situation);
	return ST_OK;
}

/* --lost: hexes the enemy has taken, as a map-sized bitmap. */
static int
parse_lost(const struct map *m, const char *list, unsigned char **out)
{
	char buf[1024], *w, *save = NULL;
	int h;

	if (strlen(list) >= sizeof buf)
		return err(ST_USAGE, "--lost: too long: '%.40s...'", list);
	snprintf(buf, sizeof buf, "%s", list);
	*out = err_calloc((size_t)map_size(m), 1);
	for (w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		if ((h = map_lookup(m, w)) < 0)
			return err(ST_USAGE, "--lost: no such hex on the map: "
			    "'%s'", w);
		(*out)[h] = 1;
	}
	return ST_OK;
}

/* The map and the situation are read unless the caller (map svg, map
 * show) has them in run already; run owns them from here. */
int
supply_trace_open(const struct ctx *c, const struct st_args *a,
    struct st_run *run)
{
	struct supply_run *r = &run->r;
	const struct game *g;
	int st;

	if (!run->map && (st = map_load(c, a->map, &run->map)) != ST_OK)
		return st;
	if (c->game && strcmp(c->game, map_game(run->map)) != 0)
		return err(ST_USAGE, "the map is for %s, not '%s'",
		    map_game(run->map), c->game);
	if (!(g = game_find(map_game(run->map))) || !g->supply || !g->move)
		return err(ST_USAGE, "%s has no supply lines to trace: '%s'",
		    map_game(run->map), map_game(run->map));
	if (a->lost && (st = parse_lost(run->map, a->lost, &run->lost)) !=
	    ST_OK)
		return st;
	if (!run->sit && (st = game_situation_open(c, run->map, a->situation,
	    &run->sit)) != ST_OK)
		return st;
	r->c = c;
	r->g = g;
	r->map = run->map;
	r->sit = run->sit;
	r->phase = a->phase;
	r->season = a->season;
	r->lost = run->lost;
	return supply_open(r);
}

void
supply_trace_close(struct st_run *run)
{
	int i;

	for (i = 0; run->ans && i < run->n; i++)
		supply_answer_free(&run->ans[i]);
	free(run->ans);
	cJSON_Delete(run->applied);
	supply_close(&run->r);
	free(run->lost);
	situation_free(run->sit);
	map_free(run->map);
}

static int
answer(struct st_run *run, const struct unit *u, struct supply_answer *a)
{
	int st;

	memset(a, 0, sizeof *a);
	a->u = u;
	a->source = a->blocked = -1;
	if ((st = supply_side(&run->r, u->side)) != ST_OK)
		return st;
	return run->r.g->supply->unit(&run->r, u, a);
}

int
supply_trace_trace(const struct st_args *a, struct st_run *run)
{
	const struct unit *u;
	int i, n = situation_count(run->sit), st;

	/* not cleared: answer() clears each entry it fills, and only the
	 * first run->n are read; one for --unit, not the situation's count */
	run->ans = err_malloc(((size_t)(a->unit ? 1 :
	    n) + 1) * sizeof *run->ans);
	run->r.many = a->unit == NULL;
	if (a->unit) {
		if (!(u = situation_find(run->sit, a->unit)))
			return err(ST_USAGE, "no such unit in the situation: "
			    "'%s'", a->unit);
		run->n = 1;
		return answer(run, u, &run->ans[0]);
	}
	for (i = 0; i < n; i++) {
		u = situation_unit(run->sit, i);
		if (strcmp(u->side, a->side) != 0)
			continue;
		if ((st = answer(run, u, &run->ans[run->n++])) != ST_OK)
			return st;
	}
	if (!run->n)
		return err(ST_USAGE, "no unit of that side in the situation: "
		    "'%s'", a->side);
	return ST_OK;
}

void
supply_trace_run_clear(struct st_run *run)
{
	memset(run, 0, offsetof(struct st_run, r));
	supply_run_clear(&run->r);
}

int
cmd_supply_trace(struct ctx *c, int argc, char **argv)
{
	struct st_args a;
	struct st_run *run;
	struct saved sv = { .fd = -1 };
	int st, lockfd = -1, out = 1;

	memset(&a, 0, sizeof a);
	a.phase = SUPPLY_MOVEMENT;
	if ((st = parse_args(&a, argc, argv)) != ST_OK)
		return st;
	if (!a.by_eye && !a.through)	/* the shell's map and situation */
		ctx_place(c, &a.map, &a.situation);
	if (/* a situation names its game and map (umpire-supply-trace(1)) */
	    (!a.by_eye && !a.through && a.situation &&
	    (st = game_situation_defaults(c, a.situation, &a.map)) != ST_OK) ||
	    (st = check_args(c, &a)) != ST_OK)
		return st;
	if (a.by_eye)
		return supply_trace_by_eye(c, &a);
	if (a.update && (st = supply_trace_lock(a.situation, &lockfd)) != ST_OK)
		return st;
	/* locked before the position is read: no step comes between the
	 * answers and the markers they set */
	if (a.apply && (st = saved_open(&sv, saved_name(&a), 1)) != ST_OK) {
		saved_close(&sv);
		return st;
	}
	/* on the heap, not the stack: 28 KB there (the TEC's room) put the
	 * frames of every call below them on pages of their own */
	run = err_malloc(sizeof *run);
	supply_trace_run_clear(run);
	/* a side's answer as text shows no line hex by hex: its hexes need
	 * no words, unless the JSON holding them is printed or logged */
	run->r.terse = a.side && !a.svg && !c->json && !c->log;
	if ((st = supply_trace_open(c, &a, run)) == ST_OK &&
	    /* refused before the trace, with map svg's way to draw a part */
	    (!a.svg || (st = map_svg_fits(run->map, a.map, "umpire map svg "
	    "MAP --situation FILE --supply WHO")) == ST_OK) &&
	    (st = supply_trace_trace(&a, run)) == ST_OK) {
		if (a.cut)
			st = supply_trace_cuts(c, &a, run);
		else if (a.svg)
			st = supply_trace_svg(c, &a, run);
		else if ((!a.update || (st = supply_trace_update(&a,
		    run)) == ST_OK) && (!a.apply ||
		    (st = supply_trace_apply(c, &a, run, &sv)) == ST_OK))
			st = supply_trace_print(c, &a, run);
		out = supply_trace_all_supplied(run);
	}
	supply_trace_close(run);
	free(run);
	saved_close(&sv);
	if (lockfd >= 0)
		supply_trace_unlock(lockfd);
	if (st == ST_OK && !out && !a.svg && !a.cut)
		return ST_NO;
	return st;
}

/* --through: the game's words and this command's, after any '+' or ','. */
void
complete_supply_trace(const struct ctx *c, char **ops, int nops,
    const char *prefix)
{
	static const char *const own[] = { "enemy", "ezoc", "ezoc-end",
		"ezoc-negated", "enemy-controlled", "guerrilla" };
	static struct move_vocab v;
	const char *cut = strpbrk(prefix, "+,"), *w;
	char word[256];
	size_t keep = 0;
	int k;

	while (cut) {
		keep = (size_t)(cut - prefix) + 1;
		cut = strpbrk(cut + 1, "+,");
	}
	if (nops < 1 || strcmp(ops[nops - 1], "--through") != 0 || !c->game ||
	    move_vocab_load(c, c->game, &v) != ST_OK)
		return;
	for (k = 0; k < v.nterrain + v.nfeatures + v.nsides +
	    (int)(sizeof own / sizeof *own); k++) {
		w = k < v.nterrain ? v.terrain[k] : k < v.nterrain +
		    v.nfeatures ? v.features[k - v.nterrain] : k < v.nterrain +
		    v.nfeatures + v.nsides ? v.sides[k - v.nterrain -
		    v.nfeatures] : own[k - v.nterrain - v.nfeatures - v.nsides];
		snprintf(word, sizeof word, "%.*s%s", (int)keep, prefix, w);
		complete_word(prefix, word);
	}
}
