/*
 * move-cost.c: `umpire move-cost`: price a move one step at a time under a
 * game's movement rules, each step with its rule and the running total, and
 * say where the move must end and why; or, with --retreat or --advance,
 * check a retreat or an advance after combat hex by hex.
 *
 * Without a map the player names what each step meets: the next hex's
 * terrain and features and the hexside crossed, in the game's own words
 * (rules/<game>/terrain.json), joined with '+', plus a few words of this
 * command's (ezoc, enemy, cross, by-rail, and sotq's changes of formation).
 * The game (lib/games/<game>_move.c) prices each step; this file knows no
 * rule.  Games: Lion of Ethiopia 5.x, 6.x, 8.4, 8.5, 9.4.2, 11.4.4, 16.1,
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
#include "move_answer.h"
#include "out.h"
#include "proc.h"


enum {
	O_UNIT = 1, O_SIDE, O_MA, O_BATTLE, O_SEASON, O_FORMATION, O_OOS,
	O_DIS, O_FORCED, O_INFILTRATION, O_FROM_EZOC, O_SUPPLIED,
	O_AMBA_ROAD, O_ENTRY, O_RETREAT, O_ADVANCE, O_MAP, O_SITUATION, O_TO,
	O_REACH, O_VIA, O_AWAY, O_TOWARD, O_CHANGE, O_CHANGE_AFTER,
	O_CONDITION, O_IN_POSITION, O_SET_UP, O_AT_SEA, O_ATTACKER, O_SEA_MOVED,
	O_NON_DIV, O_FARTHER
};

const struct opt move_cost_opts[] = {
	{ O_UNIT, 'u', "unit", "type", "the unit's type; repeat for a stack "
	  "(type:ma gives each its MA)", "@operand" },
	{ O_SIDE, 0, "side", "side", "whose unit: italian, ethiopian; ottoman, "
	  "allied; british, zulu, dervish", "italian ethiopian ottoman allied "
	  "british zulu dervish" },
	{ O_MA, 0, "ma", "n", "the printed movement allowance", NULL },
	{ O_BATTLE, 0, "battle", "name", "sotq: isandhlwana or omdurman",
	  "isandhlwana omdurman" },
	{ O_SEASON, 0, "season", "name", "toto: the turn's season (default "
	  "spring)", "winter spring summer fall" },
	{ O_FORMATION, 0, "formation", "name", "sotq: the formation at the "
	  "start", "mounted dismounted limbered unlimbered" },
	{ O_OOS, 0, "oos", NULL, "the unit is out of supply", NULL },
	{ O_DIS, 0, "dis", NULL, "loe: the unit is disrupted", NULL },
	{ O_FORCED, 0, "forced", NULL, "toto: forced march (supply spent)",
	  NULL },
	{ O_INFILTRATION, 0, "infiltration", NULL, "toto: optional rule 31 "
	  "is in play (and it is 1918 for German units)", NULL },
	{ O_FROM_EZOC, 0, "from-ezoc", NULL, "the unit begins in an enemy "
	  "zone of control", NULL },
	{ O_SUPPLIED, 0, "supplied", NULL, "loe: a Graziani gruppo was in "
	  "supply in the battle", NULL },
	{ O_AMBA_ROAD, 0, "amba-road", NULL, "loe: read 6.3.11 D as closing "
	  "amba like jungle", NULL },
	{ O_AT_SEA, 0, "at-sea", NULL, "loe: the unit begins the phase at sea "
	  "and lands at a port first (6.4)", NULL },
	{ O_SEA_MOVED, 0, "sea-moved", "n", "loe: thirds of a division already "
	  "put to sea this turn (a division 3, a smaller unit 1; 6.4 A)",
	  "0 1 2 3" },
	{ O_NON_DIV, 0, "non-div", NULL, "loe: the units are not divisions and "
	  "take a third of the sea lift each (6.4 A, 7.2.1 B)", NULL },
	{ O_ENTRY, 0, "entry", "n", "sotq: the unit is the nth to enter "
	  "the map through its first hex", NULL },
	{ O_RETREAT, 0, "retreat", "n", "check a retreat of n hexes instead "
	  "of a move", "1 2 3 4" },
	{ O_FARTHER, 0, "farther", NULL, "with --map --retreat, loe: every "
	  "step one hex farther out (8.4.1 read strictly)", NULL },
	{ O_ADVANCE, 0, "advance", "n", "check an advance (toto: pursuit) "
	  "of n hexes; 0 = the unit's own", "0 1 2 3" },
	{ O_MAP, 0, "map", "map", "price on this map (a name or a file) "
	  "instead of named steps", NULL },
	{ O_SITUATION, 0, "situation", "file", "with --map: the units on the "
	  "map; --unit then names unit ids", "@files" },
	{ O_TO, 0, "to", "hex", "with --map: the cheapest legal path to hex",
	  "@operand" },
	{ O_REACH, 0, "reach", NULL, "with --map: every hex the unit can "
	  "reach, with what is left", NULL },
	{ O_VIA, 0, "via", "hex", "with --map --advance: the hex the defender "
	  "left, entered first", "@operand" },
	{ O_AWAY, 0, "away", "hex", "with --map --retreat: every step goes "
	  "farther from hex (sotq: the firing unit's); repeat for more",
	  "@operand" },
	{ O_TOWARD, 0, "toward", "hex", "with --map --retreat: every step goes "
	  "nearer hex (sotq: a rout in the Rally Phase)", "@operand" },
	{ O_ATTACKER, 0, "attacker", NULL, "with --retreat 1: sotq: the "
	  "units withdraw after their own melee attack (12.F)", NULL },
	{ O_CHANGE, 0, "change", "act", "with --map: change formation before "
	  "moving (sotq)", "mount dismount limber unlimber" },
	{ O_CHANGE_AFTER, 0, "change-after", "act", "with --map: keep the MP "
	  "to change formation at the end (sotq)",
	  "mount dismount limber unlimber" },
	{ O_CONDITION, 0, "condition", "name", "iwiif: the stand's condition "
	  "(default steady)", "steady suppressed pinned broken" },
	{ O_IN_POSITION, 0, "in-position", NULL, "iwiif: the stand is in "
	  "position", NULL },
	{ O_SET_UP, 0, "set-up", NULL, "iwiif: the HMG or mortar is set up",
	  NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

/* This command's own step words, beside the game's; from the fifth on,
 * acts that are steps of their own: changes of formation, leaving the map,
 * putting to sea (loe 6.4). */
static const char *const own_words[] = { "ezoc", "enemy", "cross", "by-rail",
	"mount", "dismount", "limber", "unlimber", "off", "embark" };


struct mc_step {
	struct move_step st;
	char terrain[MOVE_WORDLEN];
};

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

static int
set_flag(struct mc_args *a, int id)
{
	static const struct { int id; unsigned flag; } flags[] = {
		{ O_OOS, MOVE_OOS }, { O_DIS, MOVE_DIS },
		{ O_FORCED, MOVE_FORCED }, { O_INFILTRATION, MOVE_INFILTRATE },
		{ O_FROM_EZOC, MOVE_FROM_EZOC }, { O_SUPPLIED, MOVE_SUPPLIED },
		{ O_AMBA_ROAD, MOVE_AMBA_ROAD }, { O_AT_SEA, MOVE_AT_SEA },
		{ O_ATTACKER, MOVE_ATTACKER },
		{ O_NON_DIV, MOVE_NONDIV }, { O_FARTHER, MOVE_FARTHER },
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
	if (set_flag(a, id))
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
	case O_BATTLE:
		a->req.battle = p->arg;
		return ST_OK;
	case O_SEASON:
		a->req.season = p->arg;
		return ST_OK;
	case O_FORMATION:
		a->req.formation = p->arg;
		return ST_OK;
	case O_ENTRY:
		return parse_count(p->opt, p->arg, 1, 99, &a->entry);
	case O_SEA_MOVED:
		a->sea_opt = p->arg;
		return parse_count(p->opt, p->arg, 0, 3, &a->req.sea_moved);
	case O_MAP:
		a->map = p->arg;
		return ST_OK;
	case O_SITUATION:
		a->situation = p->arg;
		return ST_OK;
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
	case O_CONDITION:
		a->condition = p->arg;
		return ST_OK;
	case O_IN_POSITION:
		a->in_position = 1;
		return ST_OK;
	case O_SET_UP:
		a->set_up = 1;
		return ST_OK;
	case O_RETREAT:
		a->req.mode = MOVE_RETREAT;
		return parse_count(p->opt, p->arg, 1, 20, &a->req.hexes);
	default:
		a->req.mode = MOVE_ADVANCE;
		return parse_count(p->opt, p->arg, 0, 20, &a->req.hexes);
	}
}

/* On a map the steps come from the map: one question, no step words. */
static int
check_map_args(const struct mc_args *a)
{
	int asks = (a->to != NULL) + a->reach + (a->req.mode != MOVE_NORMAL);

	if (!a->situation)
		return err(ST_USAGE, "--map needs --situation FILE: '%s'",
		    a->map);
	if (a->ntypes == 0)
		return err(ST_USAGE, "no unit given (use --unit ID from the "
		    "situation): '%s'", a->situation);
	if (a->nsteps)
		return err(ST_USAGE, "on a map the map gives the steps: '%s'",
		    a->steps[0]);
	if (asks != 1)
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
	return ST_OK;
}

/* Which movement an option belongs to: a stand's, a hex's, or both. */
static void
note_kind(struct mc_args *a, const struct opt *o, int id)
{
	const char **first;

	if (id == O_UNIT)
		return;
	first = id == O_CONDITION || id == O_IN_POSITION || id == O_SET_UP ?
	    &a->stand_opt : &a->hex_opt;
	if (!*first)
		*first = o->long_name;
}

/*
 * A game whose stands move by the inch (game.h move_cost, iwiif 10) has
 * no steps, hexes or map: one stand, its type and its state.  Sets a->g
 * for such a game; refuses the stand's options to every other.
 */
static int
stand_game(const struct ctx *c, struct mc_args *a)
{
	const struct game *g = c->game ? game_find(c->game) : NULL;

	if (!g || !g->move_cost || g->move) {
		if (a->stand_opt)
			return err(ST_USAGE, "--%s is for a game that moves "
			    "stands by the inch (iwiif): '%s'", a->stand_opt,
			    c->game ? c->game : "no game given");
		return ST_OK;
	}
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
parse_args(const struct ctx *c, struct mc_args *a, int argc, char **argv)
{
	struct opt_parser p;
	int id, st, modes = 0;

	memset(a, 0, sizeof *a);
	opt_init(&p, move_cost_opts, argc, argv);
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
		modes += id == O_RETREAT || id == O_ADVANCE;
		note_kind(a, p.opt, id);
		if ((st = set_option(a, &p, id)) != ST_OK)
			return st;
	}
	if ((st = stand_game(c, a)) != ST_OK || a->g)
		return st;
	if (modes > 1)
		return err(ST_USAGE, "--retreat and --advance exclude each "
		    "other: '%s'", "--advance");
	if ((a->req.flags & MOVE_ATTACKER) && a->req.mode != MOVE_RETREAT)
		return err(ST_USAGE, "--attacker is for a withdrawal after "
		    "melee, --retreat 1: '%s'", "--attacker");
	if (a->map)
		return check_map_args(a);
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
	if (a->ntypes == 0)
		return err(ST_USAGE, "no unit given (use --unit TYPE; types: "
		    "%s)", a->g->move->types);
	if (a->nsteps == 0)
		return err(ST_USAGE, "no steps given (expected words like "
		    "clear, mountain+jungle, road)");
	return ST_OK;
}

/*
 * loe 6.4 A: the sea lift is shared by the turn's earlier moves
 * (--sea-moved) and the stack's units, so each unit's embarking counts
 * what the units before it take.  A game with no sea lift (every load 0)
 * refuses the options.
 */
int
mc_sea_stack(const struct mc_args *a, struct move_unit *u, int n)
{
	int j, before = a->req.sea_moved, lift = 0;

	for (j = 0; j < n; j++) {
		u[j].sea_before = before;
		before += u[j].sea_load;
		lift |= u[j].sea_load > 0;
	}
	if (!lift && (a->sea_opt || (a->req.flags & MOVE_NONDIV)))
		return err(ST_USAGE, "--sea-moved and --non-div are for a game "
		    "with a sea lift (loe 6.4 A): '%s'", a->sea_opt ?
		    a->sea_opt : "--non-div");
	return ST_OK;
}

/* "askari:8": the type and its own MA. */
static int
split_type(const char *spec, char type[MOVE_WORDLEN], int *ma)
{
	const char *colon = strchr(spec, ':');
	char *end;
	long v;

	if (!colon) {
		snprintf(type, MOVE_WORDLEN, "%s", spec);
		return ST_OK;
	}
	v = strtol(colon + 1, &end, 10);
	if ((size_t)(colon - spec) >= MOVE_WORDLEN || !colon[1] || *end ||
	    v < 1 || v > 99)
		return err(ST_USAGE, "bad unit: '%s' (expected type or type:ma, "
		    "the MA from 1 to 99)", spec);
	snprintf(type, MOVE_WORDLEN, "%.*s", (int)(colon - spec), spec);
	*ma = (int)v;
	return ST_OK;
}

static int
make_units(const struct ctx *c, const struct mc_args *a,
    const struct move_vocab *v, const struct move_tec *t,
    struct move_unit *u)
{
	struct move_req req;
	char why[160];
	int i, st;

	if (a->ntypes > 1 && a->req.ma)
		return err(ST_USAGE, "--ma is for one unit; give each unit of a "
		    "stack its own as type:ma: '%d'", a->req.ma);
	for (i = 0; i < a->ntypes; i++) {
		req = a->req;
		memset(&u[i], 0, sizeof u[i]);
		if ((st = split_type(a->types[i], u[i].type, &req.ma)) !=
		    ST_OK)
			return st;
		req.type = u[i].type;
		req.nstack = a->ntypes;
		u[i].vocab = v;
		u[i].tec = t;
		u[i].flags = req.flags;
		u[i].mode = req.mode;
		u[i].hexes = req.hexes;
		if ((st = a->g->move->unit(c, &req, &u[i], why, sizeof why)) !=
		    ST_OK)
			return err(st, "%s", why);
	}
	return mc_sea_stack(a, u, a->ntypes);
}

/* The change of formation w names (a string that outlives the step), or
 * NULL. */
static const char *
own_action(const char *w)
{
	size_t i;

	for (i = 4; i < sizeof own_words / sizeof *own_words; i++)
		if (strcmp(w, own_words[i]) == 0)
			return own_words[i];
	return NULL;
}

/* One word of a step into the step; ST_OK or a usage error. */
static int
add_word(const struct move_vocab *v, const char *w, const char *text,
    struct mc_step *s)
{
	int known = 0, b;

	if (move_terrain_known(v, w)) {
		if (s->terrain[0])
			return err(ST_USAGE, "two terrains in one step: '%s' "
			    "(a hex has one; features add with '+')", text);
		snprintf(s->terrain, sizeof s->terrain, "%s", w);
		known = 1;
	}
	if (!known && (b = move_feature_bit(v, w)) >= 0) {
		s->st.features |= 1u << b;
		known = 1;
	}
	/* a word that is a terrain and a hexside (the Nile) is the terrain */
	if (!s->terrain[0] || strcmp(s->terrain, w) != 0) {
		if ((b = move_side_bit(v, w)) >= 0) {
			s->st.side |= 1u << b;
			known = 1;
		}
	}
	if (strcmp(w, "ezoc") == 0)
		known = s->st.enter_ezoc = 1;
	else if (strcmp(w, "enemy") == 0)
		known = s->st.enemy = 1;
	else if (strcmp(w, "cross") == 0)
		known = s->st.cross = 1;
	else if (strcmp(w, "by-rail") == 0)
		known = s->st.rail = 1;
	else if (own_action(w)) {
		if (strcmp(text, w) != 0)
			return err(ST_USAGE, "a change of formation is a step of "
			    "its own: '%s'", text);
		s->st.action = own_action(w);
		known = 1;
	}
	return known ? ST_OK : -1;
}

static int
unknown_word(const char *game, const struct move_vocab *v, const char *w)
{
	const char *cands[3 * MOVE_MAXWORDS + 8];
	const char *near;
	size_t n = 0;
	int i;

	for (i = 0; i < v->nterrain; i++)
		cands[n++] = v->terrain[i];
	for (i = 0; i < v->nfeatures; i++)
		cands[n++] = v->features[i];
	for (i = 0; i < v->nsides; i++)
		cands[n++] = v->sides[i];
	for (i = 0; i < (int)(sizeof own_words / sizeof *own_words); i++)
		cands[n++] = own_words[i];
	near = err_nearest(w, cands, n);
	return err(ST_USAGE, "unknown %s step word: '%s'%s%s%s", game, w,
	    near ? " (did you mean '" : "", near ? near : "", near ? "'?)" :
	    "");
}

static int
parse_step(const char *game, const struct move_vocab *v, char *text,
    struct mc_step *s)
{
	char buf[256], *w, *save = NULL;
	int st;

	memset(s, 0, sizeof *s);
	if (strlen(text) >= sizeof buf || !*text)
		return err(ST_USAGE, "bad step: '%s' (expected words joined "
		    "with '+')", text);
	snprintf(buf, sizeof buf, "%s", text);
	for (w = strtok_r(buf, "+", &save); w; w = strtok_r(NULL, "+", &save))
		if ((st = add_word(v, w, text, s)) != ST_OK)
			return st < 0 ? unknown_word(game, v, w) : st;
	if (!s->terrain[0] && !s->st.action)
		snprintf(s->terrain, sizeof s->terrain, "%s", v->terrain[0]);
	s->st.terrain = s->terrain;
	return ST_OK;
}

/* The steps as the player gave them, linked: ZOC, features left behind. */
static int
parse_steps(const struct mc_args *a, const struct move_vocab *v,
    struct mc_step *s)
{
	unsigned prev_features = 0;
	int i, st, moved = 0, prev_ezoc = (a->req.flags & MOVE_FROM_EZOC) != 0;

	for (i = 0; i < a->nsteps; i++) {
		if ((st = parse_step(a->g->id, v, a->steps[i], &s[i])) != ST_OK)
			return st;
		s[i].st.index = moved;
		s[i].st.first = moved == 0;
		s[i].st.leave_ezoc = prev_ezoc;
		s[i].st.from_features = prev_features;
		if (moved == 0 && a->entry)
			s[i].st.queue = a->entry;
		/* loe 6.4 D: from the sea, the first hex entered is a port */
		s[i].st.landing = moved == 0 && !s[i].st.action &&
		    (a->req.flags & MOVE_AT_SEA);
		if (s[i].st.action)
			continue;	/* a change of formation stays put */
		moved++;
		prev_features = s[i].st.features;
		prev_ezoc = s[i].st.enter_ezoc;
	}
	return ST_OK;
}

/* How the move went. */
struct mc_result {
	int done;		/* steps taken */
	int spent;		/* cost units */
	int loss;		/* toto 13.2 */
	int blocked;		/* the next step may not be taken */
	int stopped;		/* the last step taken ended the move */
	const char *rule, *why;
	char whybuf[160];
	int ma;			/* the stack's allowance, cost units; -1 none */
	const char *instead;	/* what a blocked retreat means, when not
				   elimination (sotq 12.F) */
	int no_end;		/* the move may not end where it does */
};

/* Price one step for the stack; on refusal say which unit and why. */
static int
price_stack(const struct mc_args *a, struct move_unit *u, int nu,
    const struct move_step *st, int spent, struct move_price *best,
    struct mc_result *r)
{
	int which;

	if (move_price_stack(a->g->move, u, nu, 1, st, spent, best, &which) ==
	    0)
		return 0;
	r->blocked = 1;
	r->rule = best->rule;
	snprintf(r->whybuf, sizeof r->whybuf, "%s%s%s", nu > 1 ?
	    u[which].type : "", nu > 1 ? ": " : "", best->why ? best->why :
	    "not allowed");
	r->why = r->whybuf;
	return -1;
}

static double
mp(int units, int scale)
{
	return (double)units / scale;
}

static void
step_out(struct trail *t, cJSON *arr, const char *text,
    const struct move_price *p, int total, int scale)
{
	cJSON *o = json_object();
	char a[16], b[16];

	trail_step(t, p->rule, "%2d %-14s %5s = %-5s %s",
	    cJSON_GetArraySize(arr) + 1, text, move_mp_text(p->cost, scale, a),
	    move_mp_text(total, scale, b), p->what);
	json_set_str(o, "step", text);
	json_set_num(o, "cost", mp(p->cost, scale));
	json_set_num(o, "total", mp(total, scale));
	move_price_json(o, p);
	json_push(arr, o);
}

static int
walk(const struct mc_args *a, struct move_unit *u, int nu,
    const struct mc_step *s, struct trail *t, cJSON *arr,
    struct mc_result *r)
{
	struct move_price best;
	int i, scale = a->req.mode != MOVE_NORMAL ? 1 : u[0].scale;

	for (i = 0; i < a->nsteps; i++) {
		if (r->stopped)
			break;
		if (price_stack(a, u, nu, &s[i].st, r->spent, &best, r) < 0)
			break;
		r->spent += best.cost;
		r->loss += best.loss;
		r->done++;
		step_out(t, arr, a->steps[i], &best, r->spent, scale);
		if (best.stop) {
			r->stopped = 1;
			r->rule = best.stop_rule;
			r->why = best.why;
		}
	}
	return r->done == a->nsteps ? ST_OK : ST_NO;
}

/* The game's rule on where a move may end (sotq 14), for the last hex
 * entered: 1 if the move may not end there, r saying why. */
static int
end_refused(const struct mc_args *a, struct move_unit *u, int nu,
    const struct mc_step *s, struct mc_result *r)
{
	struct move_price p;
	int i = a->nsteps - 1, j;

	while (i >= 0 && s[i].st.action)
		i--;
	if (i < 0 || a->req.mode != MOVE_NORMAL)
		return 0;
	for (j = 0; j < nu; j++) {
		memset(&p, 0, sizeof p);
		if (!u[j].may_end || u[j].may_end(&u[j], s[i].st.features, NULL,
		    0, &p) == 0)
			continue;
		r->no_end = 1;
		r->rule = p.rule;
		snprintf(r->whybuf, sizeof r->whybuf, "%s", p.why ? p.why :
		    "not allowed");
		r->why = r->whybuf;
		return 1;
	}
	return 0;
}

static int
stack_ma(const struct move_unit *u, int nu, int *slowest)
{
	int j, ma = -1;

	*slowest = 0;
	for (j = 0; j < nu; j++)
		if (u[j].ma >= 0 && (ma < 0 || u[j].ma < ma)) {
			ma = u[j].ma;
			*slowest = j;
		}
	return ma;
}

static void
units_out(const struct mc_args *a, const struct move_unit *u, int nu,
    struct trail *t, cJSON *json)
{
	cJSON *arr = json_array(), *o;
	char m[16];
	int j, slow, ma = stack_ma(u, nu, &slow);
	int hexes = a->req.mode != MOVE_NORMAL;

	for (j = 0; j < nu; j++) {
		o = json_object();
		json_set_str(o, "type", u[j].type);
		if (u[j].side[0])
			json_set_str(o, "side", u[j].side);
		if (u[j].printed)
			json_set_num(o, "printed_ma", u[j].printed);
		if (u[j].ma >= 0)
			json_set_num(o, hexes ? "hexes" : "ma", hexes ?
			    u[j].ma : mp(u[j].ma, u[j].scale));
		if (u[j].ma_rule) {
			json_set_str(o, "ma_rule", u[j].ma_rule);
			trail_step(t, u[j].ma_rule, "%s%s%s", nu > 1 ?
			    u[j].type : "", nu > 1 ? ": " : "", u[j].ma_why);
		}
		if (u[j].note) {
			json_set_str(o, "note", u[j].note);
			json_set_str(o, "note_rule", u[j].note_rule);
			trail_step(t, u[j].note_rule, "%s%s%s", nu > 1 ?
			    u[j].type : "", nu > 1 ? ": " : "", u[j].note);
		}
		json_push(arr, o);
	}
	json_set(json, "units", arr);
	if (nu > 1 && ma >= 0)
		trail_step(t, "6.1.1 A", "the stack moves at its slowest: %s, "
		    "%s MP", u[slow].type, move_mp_text(ma, u[0].scale, m));
}

/* The request as given: the steps named and the options that shape it. */
static void
inputs_out(const struct mc_args *a, cJSON *json)
{
	static const struct { unsigned flag; const char *name; } flags[] = {
		{ MOVE_OOS, "oos" }, { MOVE_DIS, "dis" }, { MOVE_FORCED, "forced" },
		{ MOVE_INFILTRATE, "infiltration" },
		{ MOVE_FROM_EZOC, "from_ezoc" }, { MOVE_SUPPLIED, "supplied" },
		{ MOVE_AMBA_ROAD, "amba_road" }, { MOVE_AT_SEA, "at_sea" },
		{ MOVE_ATTACKER, "attacker" },
		{ MOVE_NONDIV, "non_div" }, { MOVE_FARTHER, "farther" },
	};
	cJSON *in = json_object(), *given = json_array();
	size_t i;
	int k;

	for (k = 0; k < a->nsteps; k++)
		json_push(given, cJSON_CreateString(a->steps[k]));
	json_set(in, "steps", given);
	for (i = 0; i < sizeof flags / sizeof *flags; i++)
		json_set_bool(in, flags[i].name, (a->req.flags & flags[i].flag) !=
		    0);
	if (a->req.mode != MOVE_NORMAL)
		json_set_num(in, "hexes", a->req.hexes);
	if (a->req.season)
		json_set_str(in, "season", a->req.season);
	if (a->req.battle)
		json_set_str(in, "battle", a->req.battle);
	if (a->req.formation)
		json_set_str(in, "formation", a->req.formation);
	if (a->entry)
		json_set_num(in, "entry", a->entry);
	if (a->sea_opt)
		json_set_num(in, "sea_moved", a->req.sea_moved);
	json_set(json, "inputs", in);
}

static const char *
mode_name(enum move_mode m)
{
	return m == MOVE_RETREAT ? "retreat" : m == MOVE_ADVANCE ? "advance" :
	    "move";
}

static void
result_out(const struct mc_args *a, const struct mc_result *r, int scale,
    struct trail *t, cJSON *json)
{
	cJSON *res = json_object();
	char m[16], left[16], text[256];
	int hexes = a->req.mode != MOVE_NORMAL;
	const char *code;

	if (r->no_end) {
		code = "no-end";
		snprintf(text, sizeof text, "%s: the move may not end in its "
		    "last hex", r->why);
	} else if (r->blocked) {
		code = "blocked";
		if (r->done)
			snprintf(text, sizeof text, "%s: the %s ends after step "
			    "%d of %d", r->why, mode_name(a->req.mode),
			    r->done, a->nsteps);
		else
			snprintf(text, sizeof text, "%s: the %s cannot begin",
			    r->why, mode_name(a->req.mode));
	} else if (r->stopped && r->done < a->nsteps) {
		code = "stopped";
		snprintf(text, sizeof text, "%s: the %s ends at step %d of %d",
		    r->why, mode_name(a->req.mode), r->done, a->nsteps);
	} else if (r->stopped) {
		code = "ends";
		snprintf(text, sizeof text, "%s: the %s ends there, %s %s",
		    r->why, mode_name(a->req.mode),
		    move_mp_text(r->spent, hexes ? 1 : scale, m), hexes ?
		    "hexes" : "MP");
	} else {
		code = "ok";
		if (r->ma >= 0)
			snprintf(text, sizeof text, "%s %s, %s left",
			    move_mp_text(r->spent, hexes ? 1 : scale, m), hexes ?
			    "hexes" : "MP", move_mp_text(r->ma - r->spent,
			    hexes ? 1 : scale, left));
		else
			snprintf(text, sizeof text, "%s MP in all (no MA given)",
			    move_mp_text(r->spent, scale, m));
	}
	if (r->loss)
		snprintf(text + strlen(text), sizeof text - strlen(text),
		    "; %d divisional equivalent%s lost", r->loss,
		    r->loss == 1 ? "" : "s");
	if (r->blocked && r->instead)
		snprintf(text + strlen(text), sizeof text - strlen(text),
		    "; %s", r->instead);
	trail_result(t, r->rule, "%s", text);
	json_set_str(res, "code", code);
	json_set_str(res, "text", text);
	json_set_str(res, "rule", r->rule);
	json_set_num(res, "steps_taken", r->done);
	json_set(json, "result", res);
	json_set_num(json, "total", hexes ? r->spent : mp(r->spent, scale));
	if (r->ma >= 0)
		json_set_num(json, "left", hexes ? r->ma - r->spent :
		    mp(r->ma - r->spent, scale));
	if (r->loss)
		json_set_num(json, "loss", r->loss);
}

static int
move_cost_steps(const struct ctx *c, const struct mc_args *a)
{
	static struct move_vocab v;
	static struct move_tec tec;
	static struct move_unit u[MC_MAXUNITS];
	static struct mc_step s[MC_MAXSTEPS];
	struct mc_result r;
	struct trail *t;
	cJSON *json, *arr;
	char mabuf[16];
	int st, slow;

	if ((st = move_vocab_load(c, a->g->id, &v)) != ST_OK ||
	    (st = move_tec_load(c, a->g->id, &tec)) != ST_OK)
		return st;
	move_tec_bind(&tec, &v);
	if ((st = make_units(c, a, &v, &tec, u)) != ST_OK ||
	    (st = parse_steps(a, &v, s)) != ST_OK)
		return st;
	memset(&r, 0, sizeof r);
	r.ma = stack_ma(u, a->ntypes, &slow);
	t = trail_new();
	json = json_object();
	arr = json_array();
	trail_title(t, NULL, "%s: %s, %s%s, %s %s", a->g->title,
	    mode_name(a->req.mode), u[0].type, a->ntypes > 1 ? " and stack" :
	    "", a->req.mode != MOVE_NORMAL ? "hexes" : "MA", r.ma < 0 ? "not "
	    "given" : move_mp_text(r.ma, a->req.mode != MOVE_NORMAL ? 1 :
	    u[0].scale, mabuf));
	json_set_str(json, "game", a->g->id);
	json_set_str(json, "procedure", "move-cost");
	json_set_str(json, "mode", mode_name(a->req.mode));
	units_out(a, u, a->ntypes, t, json);
	inputs_out(a, json);
	r.instead = a->req.mode == MOVE_RETREAT ? u[0].no_retreat : NULL;
	st = walk(a, u, a->ntypes, s, t, arr, &r);
	if (st == ST_OK && end_refused(a, u, a->ntypes, s, &r))
		st = ST_NO;
	json_set(json, "steps", arr);
	result_out(a, &r, u[0].scale, t, json);
	json_set_str(json, "table_source", tec.any_stand_in ? "stand-in" :
	    tec.source);
	if (tec.any_stand_in)
		trail_line(t, "  (%s/tec.json is partly a stand-in: your "
		    "printed chart can replace it, umpire-data(5))", a->g->id);
	st = st == ST_OK ? out_emit(c, json, t) : (out_emit(c, json, t),
	    ST_NO);
	return st;
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
		complete_types(c, prefix);
		return;
	}
	if (nops > 0 && (strcmp(ops[nops - 1], "--to") == 0 ||
	    strcmp(ops[nops - 1], "--via") == 0 ||
	    strcmp(ops[nops - 1], "--away") == 0 ||
	    strcmp(ops[nops - 1], "--toward") == 0)) {
		complete_hexes(c, complete_option_value("map"), prefix);
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
	for (i = 0; i < sizeof own_words / sizeof *own_words; i++) {
		snprintf(word, sizeof word, "%.*s%s", (int)keep, prefix,
		    own_words[i]);
		complete_word(prefix, word);
	}
}

/* A stand's move: the options as a request to the game (game.h). */
static int
move_cost_stand(struct ctx *c, const struct mc_args *a)
{
	static const struct proc_cmd p = { "move-cost", move_cost_opts, NULL,
		NULL };
	cJSON *req = json_object();
	int st;

	json_set_str(req, "unit", a->types[0]);
	if (a->condition)
		json_set_str(req, "condition", a->condition);
	if (a->in_position)
		json_set_bool(req, "in_position", 1);
	if (a->set_up)
		json_set_bool(req, "set_up", 1);
	st = proc_answer(c, &p, a->g, req);
	cJSON_Delete(req);
	return st;
}

int
cmd_move_cost(struct ctx *c, int argc, char **argv)
{
	struct mc_args a;
	int st;

	if ((st = parse_args(c, &a, argc, argv)) != ST_OK)
		return st;
	/* every JSON tree of the run dies before it ends */
	json_arena_begin();
	st = a.g && a.g->move_cost && !a.g->move ? move_cost_stand(c, &a) :
	    a.map ? move_cost_map(c, &a) : move_cost_steps(c, &a);
	json_arena_end();
	return st;
}
