/*
 * airstrike.c: `umpire airstrike`: a game's air procedure.  The options
 * become a request (a JSON object, each option's long name with '_' for
 * '-' holding its value, true for a flag), which the game named by -g, or
 * the only game that has one, settles with its procedure "airstrike"
 * (game.h): a strike on the game's chart, a --check of one mission, or a
 * command of the saved missions (--name).  The rules are in the games'
 * folders (lib/games/<id>/); this file parses, dispatches and prints.
 * Each game declares the options its rules add (options.h); the game's
 * "fields" say which it reads.  A result
 * whose "allowed" is false (a mission a rule forbids) exits 1.
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "err.h"
#include "games/game.h"
#include "opt.h"
#include "options.h"
#include "out.h"
#include "saved.h"

#define PROC "airstrike"

enum {
	O_UNITS = 1, O_ROLL, O_ODDS, O_CHECK, O_MISSION, O_RANGE, O_DISTANCE,
	O_MAP, O_SITUATION, O_FROM, O_TO, O_OOS, O_FLOWN, O_NAME, O_UNIT, O_FLY,
	O_APPLY, O_STATUS, O_UNDO, O_NEW_TURN
};

/* The options of every game's air procedure; a game's own are in its
 * procedure's table (options.h). */
const struct opt airstrike_opts[] = {
	{ O_UNITS, 'n', "units", "n", "how many air units strike (default 1)",
	  "1 2 3 4" },
	{ O_ROLL, 0, "roll", "n", "use your own die", NULL },
	{ O_ODDS, 0, "odds", NULL, "print the chance of every result", NULL },
	{ O_CHECK, 0, "check", NULL, "may this air unit fly this mission?",
	  NULL },
	{ O_MISSION, 0, "mission", "word", "with --check: the mission, in the "
	  "game's words",
	  "@operand" },
	{ O_RANGE, 0, "range", "n", "the air unit's range factor", NULL },
	{ O_DISTANCE, 0, "distance", "n", "hexes from the base to the target",
	  NULL },
	{ O_MAP, 0, "map", "name", "count the distance on this map", NULL },
	{ O_SITUATION, 0, "situation", "name", "with --map: the units, for the "
	  "enemy zones of control", NULL },
	{ O_FROM, 0, "from", "hex", "with --map: the base hex", NULL },
	{ O_TO, 0, "to", "hex", "with --map: the target hex", NULL },
	{ O_OOS, 0, "oos", NULL, "the air unit is out of supply", NULL },
	{ O_FLOWN, 0, "flown", NULL, "it has flown a mission this player-turn",
	  NULL },
	{ O_NAME, 0, "name", "store", "without a saved game: remember the "
	  "missions flown in this store of their own", NULL },
	{ O_UNIT, 0, "unit", "ids", "with --saved or --name: the air unit "
	  "or airbase; a strike's units comma-separated", NULL },
	{ O_FLY, 0, "fly", NULL, "with --check and --name: record the mission "
	  "if it is allowed", NULL },
	{ O_APPLY, 0, "apply", NULL, "with a saved game (--saved): record the "
	  "strike, the allowed --check or the field command as a step of its "
	  "log", NULL },
	{ O_STATUS, 0, "status", NULL, "with --saved or --name: list this turn's "
	  "missions and fields", NULL },
	{ O_UNDO, 0, "undo", NULL, "with --name: take back the last change",
	  NULL },
	{ O_NEW_TURN, 0, "new-turn", NULL, "with --name: the next turn (of the "
	  "side whose missions are kept)", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

/* The game: -g, or the only game that has the procedure. */
static const struct game *
pick_game(const struct ctx *c, const char *proc)
{
	const struct game *const *all, *g = NULL;
	size_t n, i, with = 0;

	if (c->game) {
		if (!(g = game_find(c->game)))
			return err(ST_USAGE, "unknown game: '%s'", c->game), NULL;
		if (!game_proc(g, proc))
			return err(ST_USAGE, "%s has no %s procedure", g->id, proc),
			    NULL;
		return g;
	}
	all = game_all(&n);
	for (i = 0; i < n; i++)
		if (game_proc(all[i], proc)) {
			g = all[i];
			with++;
		}
	if (with != 1)
		return err(ST_USAGE, "no game given (use -g, or set "
		    "UMPIRE_GAME)"), NULL;
	return g;
}

static int
reads(const struct game_proc *p, const char *key)
{
	const char *const *f;

	if (!p->fields)
		return 1;
	for (f = p->fields; *f; f++)
		if (strcmp(*f, key) == 0)
			return 1;
	return 0;
}

/* An option the game's procedure does not read is refused, naming a game
 * whose procedure does. */
static int
refuse(const struct game *g, const char *key)
{
	const struct game *const *all;
	const struct game_proc *p;
	char name[64];
	size_t n, i;

	snprintf(name, sizeof name, "%s", key);
	for (i = 0; name[i]; i++)
		if (name[i] == '_')
			name[i] = '-';
	all = game_all(&n);
	for (i = 0; i < n; i++)
		if ((p = game_proc(all[i], PROC)) && reads(p, key))
			return err(ST_USAGE, "--%s is not %s's: it is %s's %s "
			    "option", name, g->id, all[i]->id, PROC);
	return err(ST_USAGE, "--%s: no game's %s reads it", name, PROC);
}

static int
check_fields(const struct game *g, const struct game_proc *p,
    const cJSON *req)
{
	const cJSON *m;

	cJSON_ArrayForEach(m, req)
		if (!reads(p, m->string))
			return refuse(g, m->string);
	return ST_OK;
}

/* The options into req, each once (opt.h refuses a second value). */
static int
parse(cJSON *req, int argc, char **argv)
{
	struct opt_parser op;
	char key[64];
	int id;

	opt_init(&op, options_parsed(PROC), argc, argv);
	while ((id = opt_next(&op)) != OPT_END) {
		if (id == OPT_ERROR)
			return ST_USAGE;
		if (id == OPT_OPERAND)
			return err(ST_USAGE, "unexpected operand: '%s' (%s takes only "
			    "options)", op.arg, PROC);
		opt_field(op.opt, key);
		if (op.opt->arg)
			json_set_str(req, key, op.arg);
		else
			json_set_bool(req, key, 1);
	}
	return ST_OK;
}

/* The result printed, or the failure reported; the status to exit with. */
static int
emit(const struct ctx *c, struct out_result *o, int st)
{
	const cJSON *allowed;

	if (st != ST_OK) {
		if (o->why[0])
			err(st, "%s", o->why);
		out_result_free(o);
		return st;
	}
	allowed = cJSON_GetObjectItemCaseSensitive(o->json, "allowed");
	st = cJSON_IsFalse(allowed) ? ST_NO : ST_OK;
	if (out_emit(c, o->json, o->trail) != ST_OK)
		st = ST_SYS;
	o->json = NULL;
	o->trail = NULL;
	out_result_free(o);
	return st;
}

/* With --saved, the game is the saved game's (a -g that differs is
 * refused): ST_OK, or reported. */
static int
saved_game_of(struct ctx *c)
{
	char spec[SAVED_NAME_MAX + 8];
	const char *map = NULL;

	if (!c->saved)
		return ST_OK;
	snprintf(spec, sizeof spec, "%s%s", GAME_SAVED_SPEC, c->saved);
	return game_situation_defaults(c, spec, &map);
}

int
cmd_airstrike(struct ctx *c, int argc, char **argv)
{
	const struct game *g;
	const struct game_proc *p = NULL;
	struct out_result o;
	cJSON *req = json_object();
	int st;

	if ((st = parse(req, argc, argv)) == ST_OK &&
	    (st = saved_game_of(c)) == ST_OK) {
		if (!(g = pick_game(c, PROC)))
			st = ST_USAGE;
		else if ((st = check_fields(g, p = game_proc(g, PROC), req)) ==
		    ST_OK) {
			out_result_init(&o, 1, 0);
			st = emit(c, &o, p->run(c, req, &o));
		}
	}
	cJSON_Delete(req);
	return st;
}

/* Has an earlier game's list (of all[0..upto)) offered word already? */
static int
offered(const cJSON *lists, int upto, const char *word)
{
	const cJSON *l, *w;
	int i = 0;

	cJSON_ArrayForEach(l, lists) {
		if (i++ == upto)
			break;
		cJSON_ArrayForEach(w, l)
			if (strcmp(w->valuestring, word) == 0)
				return 1;
	}
	return 0;
}

/* --mission: the words of the game given, or of every game's, each once
 * (a game's procedure "airstrike-missions" lists them). */
static void
complete_missions(const struct ctx *c, const char *prefix)
{
	const struct game *const *all;
	const struct game_proc *p;
	struct ctx local = *c;
	cJSON *req = json_object(), *lists = json_array();
	const cJSON *w;
	size_t n, i;
	int k = 0;

	all = game_all(&n);
	for (i = 0; i < n; i++) {
		struct out_result o;

		if ((c->game && strcmp(all[i]->id, c->game) != 0) ||
		    !(p = game_proc(all[i], PROC "-missions")))
			continue;
		out_result_init(&o, 0, 0);
		if (p->run(&local, req, &o) == ST_OK) {
			cJSON_ArrayForEach(w, cJSON_GetObjectItemCaseSensitive(
			    o.json, "missions"))
				if (!offered(lists, k, w->valuestring))
					complete_word(prefix, w->valuestring);
			json_push(lists, cJSON_DetachItemFromObjectCaseSensitive(
			    o.json, "missions"));
			k++;
		}
		out_result_free(&o);
	}
	cJSON_Delete(lists);
	cJSON_Delete(req);
}

void
complete_airstrike(const struct ctx *c, char **ops, int nops,
    const char *prefix)
{
	if (nops > 0 && strcmp(ops[nops - 1], "--mission") == 0)
		complete_missions(c, prefix);
}
