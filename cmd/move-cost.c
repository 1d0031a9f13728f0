/*
 * move-cost.c: `umpire move-cost`: price a move one step at a time under a
 * game's movement rules, each step with its rule and the running total, and
 * say where the move must end and why; or, with --retreat or --advance,
 * check a retreat or an advance after combat hex by hex.
 *
 * This file holds the command line, its checks and completion; the steps
 * named without a map are priced in move-cost-steps.c, a move on a map in
 * move-cost-map.c (its retreats in move-cost-retreat.c, and a retreat or
 * advance a saved game owes made in move-cost-apply.c).  The game
 * (lib/games/<game>_move.c) prices each step; no file here knows a rule.
 * Games: Lion of Ethiopia 5.x, 6.x, 8.4, 8.5, 9.4.2, 11.4.4, 16.1,
 * 16.7; Twilight of the Ottomans 9, 11, 13.2, 14.3, 31; Soldiers of the
 * Queen Parts 6, 8 C and 15.  I wish I was in France! moves stands by the
 * inch: its move_cost procedure (game.h) answers a request built from
 * --unit, --condition, --in-position and --set-up (9, 10, 14, 15, 23).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "err.h"
#include "games/game.h"
#include "move-cost.h"
#include "move.h"
#include "options.h"
#include "out.h"
#include "proc.h"
#include "saved.h"

enum {
	O_UNIT = 1, O_SIDE, O_MA, O_SEASON, O_FROM_EZOC, O_ENTRY, O_RETREAT,
	O_ADVANCE, O_MAP, O_SITUATION, O_TO, O_REACH, O_VIA, O_AWAY, O_TOWARD,
	O_CHANGE, O_CHANGE_AFTER, O_AT_SEA, O_ATTACKER, O_SEA_MOVED, O_FARTHER,
	O_SVG, O_APPLY, O_FROM, O_ENEMY
};

const struct opt move_cost_opts[] = {
	{ O_UNIT, 'u', "unit", "type", "the unit's type; repeat for a stack "
	  "(type:ma gives each its MA)", "@operand" },
	{ O_SIDE, 0, "side", "side", "whose unit: one of the game's sides", "@sides" },
	{ O_MA, 0, "ma", "n", "the printed movement allowance", NULL },
	{ O_SEASON, 0, "season", "name", "the turn's season (default spring)", "winter spring summer fall" },
	{ O_FROM_EZOC, 0, "from-ezoc", NULL, "the unit begins in an enemy "
	  "zone of control", NULL },
	{ O_AT_SEA, 0, "at-sea", NULL, "the unit begins the phase at sea and "
	  "lands at a port first", NULL },
	{ O_SEA_MOVED, 0, "sea-moved", "n", "the shares of the sea lift already "
	  "used this turn (the game says what a unit takes)",
	  "0 1 2 3" },
	{ O_ENTRY, 0, "entry", "n", "the unit is the nth to enter the map "
	  "through its first hex", NULL },
	{ O_RETREAT, 0, "retreat", "n", "check a retreat of n hexes instead "
	  "of a move (owed: the length the saved game owes)",
	  "1 2 3 4 owed" },
	{ O_FARTHER, 0, "farther", NULL, "with --map --retreat: every step one "
	  "hex farther out, read strictly", NULL },
	{ O_ADVANCE, 0, "advance", "n", "check an advance (or pursuit) of n "
	  "hexes; 0 = the unit's own; owed as for --retreat",
	  "0 1 2 3 owed" },
	{ O_MAP, 0, "map", "map", "price on this map (a name or a file) "
	  "instead of named steps", "@maps" },
	{ O_SITUATION, 0, "situation", "file", "with --map: the units on the "
	  "map; --unit then names unit ids", "@situations" },
	{ O_FROM, 0, "from", "hex", "with --map and no situation: the unit "
	  "(a type) stands in hex", "@operand" },
	{ O_ENEMY, 0, "enemy", "hexes", "with --from: enemy units stand in "
	  "these hexes (the game's stand-in of the other side)", NULL },
	{ O_TO, 0, "to", "hex", "with --map: the cheapest legal path to hex; "
	  "with --retreat or --advance: the end chosen", "@operand" },
	{ O_REACH, 0, "reach", NULL, "with --map: every hex the unit can "
	  "reach, with what is left", NULL },
	{ O_VIA, 0, "via", "hex", "with --map --advance: the hex the defender "
	  "left, entered first", "@operand" },
	{ O_AWAY, 0, "away", "hex", "with --map --retreat: every step goes "
	  "farther from hex (a firing unit's); repeat for more",
	  "@operand" },
	{ O_TOWARD, 0, "toward", "hex", "with --map --retreat: every step goes "
	  "nearer hex (a rout)", "@operand" },
	{ O_ATTACKER, 0, "attacker", NULL, "with --retreat: the retreating "
	  "units were the attackers (the game's "
	  "rules say what that changes)", NULL },
	{ O_CHANGE, 0, "change", "act", "with --map: change formation before "
	  "moving", "mount dismount limber unlimber" },
	{ O_CHANGE_AFTER, 0, "change-after", "act", "with --map: keep the MP "
	  "to change formation at the end",
	  "mount dismount limber unlimber" },
	CMD_OPT_SVG(O_SVG),
	{ O_APPLY, 0, "apply", NULL, "on a saved game (--saved): make the "
	  "move --to, or the retreat or advance the unit owes, when the rules "
	  "allow it", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};


/* --enemy 2605,2606: each hex an enemy unit stands in (--from). */
static int
enemy_hexes(struct mc_args *a, const char *list)
{
	char *tok, *save, *copy = a->enemy_buf + a->enemy_used;
	size_t room = sizeof a->enemy_buf - a->enemy_used;

	if (strlen(list) >= room)
		return err(ST_USAGE, "too many --enemy hexes: '%s'", list);
	memcpy(copy, list, strlen(list) + 1);
	a->enemy_used += strlen(list) + 1;
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",",
	    &save)) {
		if (a->nenemy == MC_MAXENEMY)
			return err(ST_USAGE, "too many --enemy hexes: '%s' (at "
			    "most %d)", tok, MC_MAXENEMY);
		a->enemy[a->nenemy++] = tok;
	}
	return ST_OK;
}

static int
parse_count(const struct opt *o, const char *arg, int lo, int hi, int *out)
{
	char *end, buf[64];
	long v = strtol(arg, &end, 10);

	if (!*arg || *end || v < lo || v > hi)
		return err(ST_USAGE, "bad %s: '%s' (expected %d to %d)",
		    opt_display(o, buf), arg, lo, hi);
	*out = (int)v;
	return ST_OK;
}

/*
 * The options only a game reads go to it as members of the request, named
 * as the options are with '_' for '-': true, or the value given.  The
 * game's movement rules say what they mean (move.h, move_req.opts).
 */
static int
set_game_option(struct mc_args *a, const struct opt_parser *p, int id)
{
	char name[64];

	if (id != OPT_FIELD)
		return 0;
	opt_field(p->opt, name);
	if (!a->opts)
		a->opts = json_object();
	if (p->opt->arg)
		json_set_str(a->opts, name, p->arg);
	else
		json_set_bool(a->opts, name, 1);
	a->req.opts = a->opts;
	return 1;
}

/* The options the engine reads: request flags (move.h). */
static int
set_flag(struct mc_args *a, int id)
{
	static const struct { int id; unsigned flag; } flags[] = {
		{ O_FROM_EZOC, MOVE_FROM_EZOC }, { O_AT_SEA, MOVE_OFF_MAP },
		{ O_ATTACKER, MOVE_ATTACKER }, { O_FARTHER, MOVE_FARTHER },
	};
	size_t i;

	for (i = 0; i < sizeof flags / sizeof *flags; i++)
		if (flags[i].id == id) {
			a->req.flags |= flags[i].flag;
			return 1;
		}
	return 0;
}

static int
set_option(struct mc_args *a, struct opt_parser *p, int id)
{
	if (set_flag(a, id) || set_game_option(a, p, id))
		return ST_OK;
	switch (id) {
	case O_UNIT:
		if (a->ntypes == MC_MAXUNITS)
			return err(ST_USAGE, "too many units in the stack: '%s' "
			    "(at most %d)", p->arg, MC_MAXUNITS);
		a->types[a->ntypes++] = p->arg;
		return ST_OK;
	case O_SIDE:
		a->req.side = p->arg;
		return ST_OK;
	case O_MA:
		return parse_count(p->opt, p->arg, 1, 99, &a->req.ma);
	case O_SEASON:
		/* the engine's too: supply-trace prices with it */
		a->req.season = p->arg;
		return ST_OK;
	case O_ENTRY:
		return parse_count(p->opt, p->arg, 1, 99, &a->entry);
	case O_SEA_MOVED:
		a->sea_opt = p->arg;
		return parse_count(p->opt, p->arg, 0, 3, &a->req.share_before);
	case O_MAP:
		a->map = p->arg;
		return ST_OK;
	case O_SITUATION:
		a->situation = p->arg;
		return ST_OK;
	case O_FROM:
		a->from = p->arg;
		return ST_OK;
	case O_ENEMY:
		return enemy_hexes(a, p->arg);
	case O_TO:
		a->to = p->arg;
		return ST_OK;
	case O_REACH:
		a->reach = 1;
		return ST_OK;
	case O_VIA:
		a->via = p->arg;
		return ST_OK;
	case O_AWAY:
		if (a->naway == MC_MAXAWAY)
			return err(ST_USAGE, "too many --away hexes: '%s' (at "
			    "most %d)", p->arg, MC_MAXAWAY);
		a->away[a->naway++] = p->arg;
		a->req.flags |= MOVE_AIMED;
		return ST_OK;
	case O_TOWARD:
		a->toward = p->arg;
		a->req.flags |= MOVE_AIMED;
		return ST_OK;
	case O_CHANGE:
	case O_CHANGE_AFTER:
		if (a->change)
			return err(ST_USAGE, "one change of formation a move: "
			    "'%s'", p->arg);
		a->change = p->arg;
		a->change_after = id == O_CHANGE_AFTER;
		return ST_OK;
	case O_APPLY:
		a->apply = 1;
		return ST_OK;
	case O_SVG:
		a->svg = 1;
		return ST_OK;
	case O_RETREAT:
		a->req.mode = MOVE_RETREAT;
		/* the saved game's open step says how far (move-cost-apply.c) */
		if ((a->owed = strcmp(p->arg, "owed") == 0))
			return ST_OK;
		return parse_count(p->opt, p->arg, 1, 20, &a->req.hexes);
	default:
		a->req.mode = MOVE_ADVANCE;
		if ((a->owed = strcmp(p->arg, "owed") == 0))
			return ST_OK;
		return parse_count(p->opt, p->arg, 0, 20, &a->req.hexes);
	}
}

/*
 * --apply and owed, on a map: a move --to a hex of one unit; a retreat,
 * --to its end or none where the unit dies or stays; an advance --to its
 * end, of the unit or its stack.  Never a picture, and only on a saved
 * game, whose open steps owed reads.
 */
static int
check_apply(const struct mc_args *a)
{
	int saved = a->situation && strncmp(a->situation, GAME_SAVED_SPEC,
	    strlen(GAME_SAVED_SPEC)) == 0;

	if (a->owed && !saved)
		return err(ST_USAGE, "owed reads the steps a saved game owes "
		    "(--saved NAME), not a situation file: '%s'", a->situation ?
		    a->situation : a->from);
	if (!a->apply)
		return ST_OK;
	if (a->req.mode == MOVE_NORMAL && (!a->to || a->ntypes != 1 ||
	    a->svg))
		return err(ST_USAGE, "--apply makes one unit's move --to a hex, "
		    "not a picture: '%s'", "--apply");
	if (a->svg)
		return err(ST_USAGE, "--apply makes the retreat or advance, not "
		    "a picture: '%s'", "--svg");
	if (a->req.mode == MOVE_ADVANCE && !a->to)
		return err(ST_USAGE, "--apply of an advance needs --to HEX, where "
		    "it ends: '%s'", "--apply");
	if (!saved)
		return err(ST_USAGE, "--apply changes a saved game (--saved "
		    "NAME), not a situation file: '%s'", a->situation ?
		    a->situation : a->from);
	return ST_OK;
}

/* On a map the steps come from the map: one question, no step words. */
static int
check_map_args(const struct mc_args *a)
{
	int asks = (a->to != NULL) + a->reach + (a->req.mode != MOVE_NORMAL);

	if (!a->situation && !a->from)
		return err(ST_USAGE, "--map needs --situation FILE, or --from HEX "
		    "for a unit typed here: '%s'", a->map);
	if (a->situation && a->from)
		return err(ST_USAGE, "--from places a unit of its own: give it "
		    "or --situation, not both: '%s'", a->from);
	if (a->from && a->ntypes != 1)
		return err(ST_USAGE, "--from places one unit: give one --unit "
		    "TYPE: '%s'", a->from);
	if (a->nenemy && !a->from)
		return err(ST_USAGE, "--enemy is for a unit placed with --from: "
		    "'%s'", a->enemy[0]);
	if (a->ntypes == 0)
		return err(ST_USAGE, "no unit given (use --unit ID from the "
		    "situation): '%s'", a->situation);
	if (a->nsteps)
		return err(ST_USAGE, "on a map the map gives the steps: '%s'",
		    a->steps[0]);
	if (asks == 0)
		return err(ST_USAGE, "with --map ask one thing: --to, --reach, "
		    "--retreat or --advance: '%s'", a->map);
	if (a->entry)
		return err(ST_USAGE, "--entry is for named steps: '%d'",
		    a->entry);
	if (a->via && a->req.mode != MOVE_ADVANCE)
		return err(ST_USAGE, "--via is for --advance: '%s'", a->via);
	if ((a->req.flags & MOVE_FARTHER) && a->req.mode != MOVE_RETREAT)
		return err(ST_USAGE, "--farther is for --retreat: '%s'", a->map);
	if ((a->naway || a->toward) && a->req.mode != MOVE_RETREAT)
		return err(ST_USAGE, "--away and --toward are for --retreat: "
		    "'%s'", a->naway ? a->away[0] : a->toward);
	if (a->change && a->req.mode != MOVE_NORMAL)
		return err(ST_USAGE, "--change is for a move (--to or --reach), "
		    "not a retreat or advance: '%s'", a->change);
	return check_apply(a);
}

/*
 * The first two of the questions asked that clash, in the order given:
 * --to goes with a retreat or an advance (the end chosen), every other
 * two ask two things.
 */
static int
one_question(const char *const *asked, int n)
{
	int i, j, ends;

	for (j = 1; j < n; j++)
		for (i = 0; i < j; i++) {
			ends = strcmp(asked[i], "to") == 0 ||
			    strcmp(asked[j], "to") == 0;
			if (ends && (strcmp(asked[i], "retreat") == 0 ||
			    strcmp(asked[j], "retreat") == 0 ||
			    strcmp(asked[i], "advance") == 0 ||
			    strcmp(asked[j], "advance") == 0))
				continue;
			return err(ST_USAGE, "--%s and --%s exclude each other "
			    "(ask one thing at a time): '--%s'", asked[i],
			    asked[j], asked[j]);
		}
	return ST_OK;
}

/* The first option of a move by hexes: every one of move-cost's own but
 * --unit (a game's own options are the game's to check). */
static void
note_kind(struct mc_args *a, const struct opt *o, int id)
{
	if (id != O_UNIT && id != OPT_FIELD && !a->hex_opt)
		a->hex_opt = o->long_name;
}

/*
 * A game whose stands move by the inch (game.h move_cost, iwiif 10) has
 * no steps, hexes or map: one stand, its type and its state.  Sets a->g
 * for such a game.
 */
static int
stand_game(const struct ctx *c, struct mc_args *a)
{
	const struct game *g = c->game ? game_find(c->game) : NULL;

	if (!g || !game_proc(g, "move-cost") || g->move)
		return ST_OK;
	if (a->hex_opt)
		return err(ST_USAGE, "%s moves stands by the inch, not by hexes: "
		    "'--%s'", g->id, a->hex_opt);
	if (a->nsteps)
		return err(ST_USAGE, "%s moves stands by the inch: no steps: "
		    "'%s'", g->id, a->steps[0]);
	if (a->ntypes > 1)
		return err(ST_USAGE, "%s moves one stand at a time: '%s'", g->id,
		    a->types[1]);
	if (a->ntypes == 0)
		return err(ST_USAGE, "no unit given (use --unit TYPE)");
	a->g = g;
	return ST_OK;
}

static int
parse_args(struct ctx *c, struct mc_args *a, int argc, char **argv)
{
	struct opt_parser p;
	/* --to, --reach, --retreat and --advance in the order given, for
	   saying which clash: a command asks one of them */
	const char *asked[4];
	int id, st, nasked = 0;

	memset(a, 0, sizeof *a);
	opt_init(&p, options_parsed("move-cost"), argc, argv);
	while ((id = opt_next(&p)) != OPT_END) {
		if (id == OPT_ERROR)
			return ST_USAGE;
		if (id == OPT_OPERAND) {
			if (a->nsteps == MC_MAXSTEPS)
				return err(ST_USAGE, "too many steps: '%s' (at "
				    "most %d)", p.arg, MC_MAXSTEPS);
			a->steps[a->nsteps++] = (char *)p.arg;
			continue;
		}
		if ((id == O_TO || id == O_REACH || id == O_RETREAT ||
		    id == O_ADVANCE) && nasked < 4)
			asked[nasked++] = p.opt->long_name;
		note_kind(a, p.opt, id);
		if ((st = set_option(a, &p, id)) != ST_OK)
			return st;
	}
	/* the shell's map and situation, for a question on a map: a line
	   of steps asks without one, and one that places its own unit
	   (--from) takes the map alone */
	if (!a->nsteps && !a->from)
		ctx_place(c, &a->map, &a->situation);
	else if (a->from && !a->map)
		a->map = c->map;
	/* a situation names its game and map (umpire-move-cost(1)) */
	if (a->situation && (st = game_situation_defaults(c, a->situation,
	    &a->map)) != ST_OK)
		return st;
	if ((st = stand_game(c, a)) != ST_OK || a->g)
		return st;
	if ((st = one_question(asked, nasked)) != ST_OK)
		return st;
	if ((a->req.flags & MOVE_ATTACKER) && a->req.mode != MOVE_RETREAT)
		return err(ST_USAGE, "--attacker is for a retreat of the "
		    "attacking units: '%s'", "--attacker");
	if (a->map)
		return check_map_args(a);
	if (a->apply)
		return err(ST_USAGE, "--apply moves a unit of a saved game: give "
		    "--saved NAME and --to: '%s'", "--apply");
	if (a->owed)
		return err(ST_USAGE, "owed is the length a saved game's open step "
		    "gives: give --saved NAME: '%s'", "owed");
	if (a->svg)
		return err(ST_USAGE, "--svg draws an answer on a map: give --map "
		    "and --situation: '%s'", "--svg");
	if (a->situation || a->to || a->reach || a->via || a->naway ||
	    a->toward || a->change || (a->req.flags & MOVE_FARTHER))
		return err(ST_USAGE, "--situation, --to, --reach, --via, --away, "
		    "--toward, --change and --farther need --map: '%s'",
		    a->situation ? a->situation : a->to ? a->to : a->via ?
		    a->via : a->naway ? a->away[0] : a->toward ? a->toward :
		    a->change ? a->change : a->reach ? "--reach" :
		    "--farther");
	if (!c->game)
		return err(ST_USAGE, "no game given (use -g, or set "
		    "UMPIRE_GAME)");
	if (!(a->g = game_find(c->game)))
		return err(ST_USAGE, "unknown game: '%s'", c->game);
	if (!a->g->move)
		return err(ST_USAGE, "%s has no hex movement to price: '%s'",
		    a->g->id, a->g->id);
	if ((st = move_cost_game_options(a, a->g)) != ST_OK)
		return st;
	if (a->ntypes == 0)
		return err(ST_USAGE, "no unit given (use --unit TYPE; types: "
		    "%s)", a->g->move->types);
	if (a->nsteps == 0)
		return err(ST_USAGE, "no steps given (expected words like "
		    "clear, mountain+jungle, road)");
	return ST_OK;
}

/* --unit: the game's unit types, or every game's when none is given;
 * only the named battle's when the game has battles (sotq). */
static void
complete_types(const struct ctx *c, const char *prefix)
{
	const struct game *const *all;
	const char *w, *e, *battle = complete_option_value("battle");
	char word[MOVE_WORDLEN];
	size_t n, i;

	all = game_all(&n);
	for (i = 0; i < n; i++) {
		if (!all[i]->move || (c->game && strcmp(c->game, all[i]->id)))
			continue;
		for (w = all[i]->move->types; *w; w = *e ? e + 1 : e) {
			e = strchr(w, ' ');
			if (!e)
				e = w + strlen(w);
			snprintf(word, sizeof word, "%.*s", (int)(e - w), w);
			/* --battle is a word of games with battles only */
			if (battle && (!all[i]->move->has_type ||
			    !all[i]->move->has_type(battle, word)))
				continue;
			complete_word(prefix, word);
		}
	}
}

/* --to and the other hexes: of the line's --map, or of the map its
 * situation names (a saved game's, --saved). */
static void
complete_line_hexes(const struct ctx *c, const char *prefix)
{
	struct ctx local = *c;
	char buf[SAVED_NAME_MAX + 8];
	const char *map = complete_option_value("map"),
	    *spec = complete_line_situation(buf);

	/* what the situation says wrong is no business of a completion */
	if (!map && spec && freopen("/dev/null", "w", stderr))
		game_situation_defaults(&local, spec, &map);
	complete_hexes(&local, map, prefix);
}

void
complete_move_cost(const struct ctx *c, char **ops, int nops,
    const char *prefix)
{
	static struct move_vocab v;
	const char *plus = strrchr(prefix, '+');
	char word[256];
	size_t keep = plus ? (size_t)(plus - prefix) + 1 : 0, i;
	int k;

	if (nops > 0 && strcmp(ops[nops - 1], "--unit") == 0) {
		/* on a map --unit names a unit of the situation */
		if (complete_line_situation(word))
			complete_unit_ids(c, prefix);
		else
			complete_types(c, prefix);
		return;
	}
	if (nops > 0 && (strcmp(ops[nops - 1], "--to") == 0 ||
	    strcmp(ops[nops - 1], "--via") == 0 ||
	    strcmp(ops[nops - 1], "--away") == 0 ||
	    strcmp(ops[nops - 1], "--toward") == 0)) {
		complete_line_hexes(c, prefix);
		return;
	}
	if (!c->game || move_vocab_load(c, c->game, &v) != ST_OK)
		return;
	for (k = 0; k < v.nterrain + v.nfeatures + v.nsides; k++) {
		snprintf(word, sizeof word, "%.*s%s", (int)keep, prefix,
		    k < v.nterrain ? v.terrain[k] : k < v.nterrain +
		    v.nfeatures ? v.features[k - v.nterrain] :
		    v.sides[k - v.nterrain - v.nfeatures]);
		complete_word(prefix, word);
	}
	for (i = 0; move_cost_own_word(i); i++) {
		snprintf(word, sizeof word, "%.*s%s", (int)keep, prefix,
		    move_cost_own_word(i));
		complete_word(prefix, word);
	}
}

int
move_cost_game_options(const struct mc_args *a, const struct game *g)
{
	const cJSON *x;
	char name[64];
	const char *p;

	cJSON_ArrayForEach(x, a->opts)
		if (!options_declared(g, "move-cost", x->string)) {
			snprintf(name, sizeof name, "--%s", x->string);
			for (p = name; (p = strchr(p, '_')) != NULL; )
				name[p - name] = '-';
			return err(ST_USAGE, "%s does not apply to %s", name,
			    g->id);
		}
	return ST_OK;
}

/* A stand's move: the options as a request to the game (game.h). */
static int
move_cost_stand(struct ctx *c, const struct mc_args *a)
{
	static const struct proc_cmd p = { "move-cost", NULL, NULL };
	cJSON *req = json_object();
	const cJSON *x;
	int st;

	json_set_str(req, "unit", a->types[0]);
	cJSON_ArrayForEach(x, a->opts)
		json_set(req, x->string, json_must(cJSON_Duplicate(x, 1)));
	st = proc_answer(c, &p, a->g, req);
	cJSON_Delete(req);
	return st;
}

int
cmd_move_cost(struct ctx *c, int argc, char **argv)
{
	struct mc_args a;
	int st;

	if ((st = parse_args(c, &a, argc, argv)) != ST_OK) {
		cJSON_Delete(a.opts);
		return st;
	}
	st = a.g && game_proc(a.g, "move-cost") && !a.g->move ?
	    move_cost_stand(c, &a) :
	    a.map ? move_cost_map(c, &a) : move_cost_steps(c, &a);
	cJSON_Delete(a.opts);
	return st;
}
