/*
 * airstrike.c: `umpire airstrike`: Lion of Ethiopia air power.  A strike
 * (11.4.3, 11.4.4) is looked up on the Airstrike Chart (rules/loe/
 * airstrike.json, a stand-in until the printed chart is imported): the
 * target's terrain and entrenchment give the row, the number of air units
 * the column, the date the Normal or Gas section (11.4.5 A); its result is
 * told with what it does to the Ethiopian units (11.4.4 B, 13.2 A).
 * --check asks whether one air unit may fly one mission from its base to
 * a hex (11.1-11.4.2), from the facts the player states or from a map and
 * a situation.  Which missions are allowed and how far a unit reaches are
 * decided in lib/games/loe/loe_air.c, which `umpire crt` asks too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "airstrike.h"
#include "cmd.h"
#include "err.h"
#include "opt.h"
#include "out.h"
#include "table.h"

enum {
	O_UNITS = 1, O_TERRAIN, O_ENTRENCHED, O_GAS, O_TURN, O_ROLL, O_ODDS,
	O_SELASSIE, O_STACK, O_CHECK, O_MISSION, O_RANGE, O_DISTANCE, O_MAP,
	O_SITUATION, O_FROM, O_TO, O_BASE, O_OOS, O_GROUNDED, O_FLOWN,
	O_NEUTRAL, O_FIELD_USED, O_BASE_ADJACENT, O_TARGET_ADJACENT,
	O_ATTACKED, O_ZOC, O_FORT_ZOC, O_NO_BATTLE, O_YEAR, O_SIDE,
	O_DEFENDING, O_SUPPORTED, O_SECOND, O_FLEW_SUPPLY, O_SUPPLY_FLOWN,
	O_GAS_CHANCE, O_NAME, O_UNIT, O_FLY, O_STATUS, O_UNDO, O_NEW_TURN,
	O_NEW_PHASE, O_BUILD_FIELD, O_REMOVE_FIELD, O_OVERRUN
};

const struct opt airstrike_opts[] = {
	{ O_UNITS, 'n', "units", "n", "how many air units strike (default 1)",
	  "1 2 3 4" },
	{ O_TERRAIN, 't', "terrain", "words", "the target hex: clear, mountain, "
	  "amba, massif, jungle, marsh, town, joined by +",
	  "clear mountain amba massif jungle marsh town" },
	{ O_ENTRENCHED, 'e', "entrenched", NULL, "the target hex holds an "
	  "entrenchment", NULL },
	{ O_GAS, 0, "gas", NULL, "use the Gas section (11.4.5 A)", NULL },
	{ O_TURN, 0, "turn", "date", "the turn, e.g. dec-15 or jan-1: gas from "
	  "jan-1", "oct-1 nov-1 dec-1 jan-1 feb-1 mar-1 apr-1 may-1" },
	{ O_GAS_CHANCE, 0, "gas-chance", "n/d", "with --odds and no date: the "
	  "chance the strike flies with gas (default 1/2)", "1/2 1/3 2/3" },
	{ O_ROLL, 0, "roll", "n", "use your own die", NULL },
	{ O_ODDS, 0, "odds", NULL, "print the chance of every result", NULL },
	{ O_SELASSIE, 0, "selassie", NULL, "the Selassie unit is in the hex "
	  "(13.2 A)", NULL },
	{ O_STACK, 0, "stack", "n", "how many Ethiopian units are in the hex",
	  NULL },
	{ O_CHECK, 0, "check", NULL, "may this air unit fly this mission?",
	  NULL },
	{ O_MISSION, 0, "mission", "word", "with --check: loe strike (default), "
	  "support, rebase; toto support (default), recon, superiority, supply",
	  "strike support rebase recon superiority supply" },
	{ O_RANGE, 0, "range", "n", "the air unit's range factor", NULL },
	{ O_DISTANCE, 0, "distance", "n", "hexes from the base to the target",
	  NULL },
	{ O_MAP, 0, "map", "name", "count the distance on this map", NULL },
	{ O_SITUATION, 0, "situation", "name", "with --map: the units, for the "
	  "Italian ZOC", NULL },
	{ O_FROM, 0, "from", "hex", "with --map: the base hex", NULL },
	{ O_TO, 0, "to", "hex", "with --map: the target hex", NULL },
	{ O_BASE, 0, "base", "kind", "permanent (default), temporary or "
	  "building", "permanent temporary building" },
	{ O_OOS, 0, "oos", NULL, "the air unit is out of supply", NULL },
	{ O_GROUNDED, 0, "grounded", NULL, "its field was overrun last turn",
	  NULL },
	{ O_FLOWN, 0, "flown", NULL, "it has flown a mission this player-turn",
	  NULL },
	{ O_NEUTRAL, 0, "neutral", NULL, "the flight must cross neutral "
	  "territory", NULL },
	{ O_FIELD_USED, 0, "field-used", NULL, "a unit flew from this "
	  "temporary field this turn", NULL },
	{ O_BASE_ADJACENT, 0, "base-adjacent", NULL, "Ethiopian units are "
	  "next to the base", NULL },
	{ O_TARGET_ADJACENT, 0, "target-adjacent", NULL, "the target is next "
	  "to the base", NULL },
	{ O_ATTACKED, 0, "attacked", NULL, "the target is attacked by ground "
	  "units this turn", NULL },
	{ O_ZOC, 0, "zoc", NULL, "the target is in an Italian unit's ZOC",
	  NULL },
	{ O_FORT_ZOC, 0, "fort-zoc", NULL, "that ZOC comes only from Italians "
	  "in a fort (10.1.3)", NULL },
	{ O_NO_BATTLE, 0, "no-battle", NULL, "with --mission support: no ground "
	  "attack on the hex", NULL },
	{ O_YEAR, 0, "year", "n", "toto: the turn's year (33.3, 33.4)",
	  "1914 1915 1916 1917 1918" },
	{ O_SIDE, 0, "side", "word", "toto: allied or ottoman",
	  "allied ottoman" },
	{ O_DEFENDING, 0, "defending", NULL, "toto: support asked for a "
	  "defence", NULL },
	{ O_SUPPORTED, 0, "supported", NULL, "toto: it supported an attack "
	  "this phase", NULL },
	{ O_SECOND, 0, "second-airbase", NULL, "toto: another airbase "
	  "supports this attack", NULL },
	{ O_FLEW_SUPPLY, 0, "flew-supply", NULL, "toto: it flew aerial supply "
	  "this turn", NULL },
	{ O_SUPPLY_FLOWN, 0, "supply-flown", NULL, "toto: this turn's aerial "
	  "supply is flown", NULL },
	{ O_NAME, 0, "name", "game", "remember the missions flown in this "
	  "saved game", NULL },
	{ O_UNIT, 0, "unit", "ids", "with --name: the air unit (toto: airbase); "
	  "a strike's units comma-separated", NULL },
	{ O_FLY, 0, "fly", NULL, "with --check and --name: record the mission "
	  "if it is allowed", NULL },
	{ O_STATUS, 0, "status", NULL, "with --name: list this turn's missions "
	  "and fields", NULL },
	{ O_UNDO, 0, "undo", NULL, "with --name: take back the last change",
	  NULL },
	{ O_NEW_TURN, 0, "new-turn", NULL, "with --name: the next (Italian "
	  "player-) turn", NULL },
	{ O_NEW_PHASE, 0, "new-phase", NULL, "with --name, toto: the next "
	  "combat phase", NULL },
	{ O_BUILD_FIELD, 0, "build-field", "hex", "with --name, loe: place a "
	  "temporary airfield under construction", NULL },
	{ O_REMOVE_FIELD, 0, "remove-field", "hex", "with --name, loe: take a "
	  "temporary airfield off the map", NULL },
	{ O_OVERRUN, 0, "overrun", NULL, "with --name and --unit, loe: their "
	  "field was overrun; next turn they fly nothing", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

void
complete_airstrike(const struct ctx *c, char **ops, int nops,
    const char *prefix)
{
	(void)c;
	(void)ops;
	(void)nops;
	(void)prefix;
}

/* Digits only (opt_count): strtol would take " 5" and "+5" too. */
static int
number(const char *opt, const char *s, int lo, int hi, int *out)
{
	int v = opt_count(s, NULL, hi);

	if (v < lo)
		return err(ST_USAGE, "bad %s: '%s' (expected %d to %d)", opt, s,
		    lo, hi);
	*out = v;
	return ST_OK;
}

/* A name or a hex: never "", which some paths would take for none given
 * (toto reads --situation only for recon) and others look up. */
static int
named(const char *opt, const char *what, const char *arg, const char **out)
{
	if (!*arg)
		return err(ST_USAGE, "empty %s: '' (expected %s)", opt, what);
	*out = arg;
	return ST_OK;
}

/*
 * "1/3", "0" or "1": the weight of the Gas section in a combined --odds.
 * opt_count, not sscanf's %d, which would wrap 4294967297/4294967298
 * round to 1/2 and take it.
 */
static int
gas_chance(struct air_request *r, const char *s)
{
	const char *slash = strchr(s, '/'), *end = s + strlen(s);
	int n = opt_count(s, slash ? slash : end, 1000);
	int d = slash ? opt_count(slash + 1, end, 1000) : 1;

	if (n < 0 || d < 1 || d > 1000 || n > d)
		return err(ST_USAGE, "bad --gas-chance: '%s' (expected a fraction "
		    "from 0 to 1 like 1/3, denominator at most 1000)", s);
	r->gas_num = n;
	r->gas_den = d;
	r->gas_given = 1;
	return ST_OK;
}

/* The state commands: one a run. */
static int
set_act(struct air_request *r, int id)
{
	static const struct { int id; enum air_act act; } acts[] = {
		{ O_STATUS, AIR_ACT_STATUS }, { O_UNDO, AIR_ACT_UNDO },
		{ O_NEW_TURN, AIR_ACT_NEW_TURN }, { O_NEW_PHASE, AIR_ACT_NEW_PHASE },
		{ O_OVERRUN, AIR_ACT_OVERRUN },
	};
	size_t i;

	for (i = 0; i < sizeof acts / sizeof *acts; i++)
		if (acts[i].id == id) {
			r->act = acts[i].act;
			r->nacts++;
			return 1;
		}
	return 0;
}

static int
set_flag(struct air_request *r, int id)
{
	struct loe_air_facts *f = &r->facts;

	switch (id) {
	case O_ENTRENCHED: r->entrenched = f->entrenched = 1; break;
	case O_GAS: r->gas = 1; break;
	case O_ODDS: r->odds = 1; break;
	case O_SELASSIE: r->selassie = 1; break;
	case O_CHECK: r->check = 1; break;
	case O_OOS: f->oos = 1; break;
	case O_GROUNDED: f->grounded = 1; break;
	case O_FLOWN: f->flown = 1; break;
	case O_NEUTRAL: f->neutral = 1; r->stated_neutral = 1; break;
	case O_FIELD_USED: f->field_used = 1; break;
	case O_BASE_ADJACENT: f->base_adjacent = 1; break;
	case O_TARGET_ADJACENT: f->target_adjacent = 1; break;
	case O_ATTACKED: f->attacked = 1; break;
	case O_ZOC: f->zoc = 1; r->stated_zoc = 1; break;
	case O_FORT_ZOC: f->zoc = f->zoc_fort_only = 1; r->stated_zoc = 1;
		break;
	case O_NO_BATTLE: f->battle = 0; break;
	case O_DEFENDING: r->tf.defending = 1; break;
	case O_SUPPORTED: r->tf.supported = 1; break;
	case O_SECOND: r->tf.second = 1; break;
	case O_FLEW_SUPPLY: r->tf.flew_supply = 1; break;
	case O_SUPPLY_FLOWN: r->tf.supply_flown = 1; break;
	case O_FLY: r->fly = 1; break;
	default: return set_act(r, id);
	}
	return 1;
}

static int
set_value(struct air_request *r, int id, const char *arg)
{
	struct loe_air_facts *f = &r->facts;

	switch (id) {
	case O_UNITS: r->units_given = 1;
		return number("--units", arg, 1, 99, &r->units);
	case O_STACK: return number("--stack", arg, 1, 99, &r->stack);
	case O_RANGE: return number("--range", arg, 0, 999, &f->range);
	case O_DISTANCE: return number("--distance", arg, 0, 99999,
	    &f->distance);
	case O_TERRAIN: r->terrain = arg; return ST_OK;
	case O_ROLL: r->roll = arg; return ST_OK;
	case O_GAS_CHANCE: return gas_chance(r, arg);
	case O_NAME: r->name = arg; return ST_OK;
	case O_UNIT: r->unit = arg; return ST_OK;
	case O_BUILD_FIELD:
	case O_REMOVE_FIELD:
		r->act = id == O_BUILD_FIELD ? AIR_ACT_BUILD : AIR_ACT_REMOVE;
		r->nacts++;
		r->field_hex = arg;
		if (!air_id_ok(arg))
			return err(ST_USAGE, "bad hex: '%s' (expected a hex id like "
			    "4020)", arg);
		return ST_OK;
	case O_MAP: return named("--map", "a map", arg, &r->map);
	case O_SITUATION:
		return named("--situation", "a situation", arg, &r->situation);
	case O_FROM: return named("--from", "a hex", arg, &r->from);
	case O_TO: return named("--to", "a hex", arg, &r->to);
	case O_TURN:
		if ((r->turn_gas = loe_air_gas_turn(arg)) < 0)
			return err(ST_USAGE, "bad turn: '%s' (expected a month "
			    "oct to jun, with a day: dec-15)", arg);
		r->turn = arg;
		return ST_OK;
	case O_MISSION: r->mission_word = arg; r->mission_given = 1;
		return ST_OK;
	case O_YEAR: return number("--year", arg, 1914, 1918, &r->tf.year);
	case O_SIDE:
		if (strcmp(arg, "allied") && strcmp(arg, "ottoman"))
			return err(ST_USAGE, "bad side: '%s' (expected allied or "
			    "ottoman)", arg);
		r->side = arg;
		return ST_OK;
	case O_BASE:
		if (strcmp(arg, "permanent") == 0)
			f->base = LOE_PERMANENT;
		else if (strcmp(arg, "temporary") == 0)
			f->base = LOE_TEMPORARY;
		else if (strcmp(arg, "building") == 0)
			f->base = LOE_BUILDING;
		else
			return err(ST_USAGE, "bad base: '%s' (expected permanent, "
			    "temporary or building)", arg);
		return ST_OK;
	}
	return err(ST_USAGE, "unexpected operand: '%s' (airstrike takes only "
	    "options)", arg);
}

/* How many ids "a,b,c" lists, each valid and once (at most 32); -1 if
 * not so. */
static int
units_listed(const char *list)
{
	char word[AIR_ID_MAX], seen[32][AIR_ID_MAX];
	const char *p = list;
	size_t n;
	int k = 0, i;

	if (!*p)
		return -1;	/* "": no unit at all, not a strike by none */
	while (*p) {
		n = strcspn(p, ",");
		if (n == 0 || n >= AIR_ID_MAX || k == 32)
			return -1;
		snprintf(word, sizeof word, "%.*s", (int)n, p);
		if (!air_id_ok(word))
			return -1;
		for (i = 0; i < k; i++)
			if (strcmp(seen[i], word) == 0)
				return -1;
		memcpy(seen[k++], word, sizeof word);
		p += n;
		if (*p == ',' && !*++p)
			return -1;
	}
	return k;
}

/* --name and what goes with it. */
static int
check_saved(struct air_request *r)
{
	int k = 0;

	if (r->nacts > 1)
		return err(ST_USAGE, "--status, --undo, --new-turn, --new-phase, "
		    "--build-field and --remove-field exclude each other");
	if (!r->name && (r->act || r->fly || r->unit))
		return err(ST_USAGE, "%s needs --name (the saved game)", r->fly ?
		    "--fly" : r->unit ? "--unit" : "that option");
	if (r->name && !air_id_ok(r->name))
		return err(ST_USAGE, "bad --name: '%s' (expected lower-case "
		    "letters, digits, - and _, at most %d)", r->name,
		    AIR_ID_MAX - 1);
	if (r->act && (r->check || r->odds || r->roll || (r->unit &&
	    r->act != AIR_ACT_OVERRUN)))
		return err(ST_USAGE, "a --name command (--status, --new-turn, ...) "
		    "takes no mission");
	if (r->act == AIR_ACT_OVERRUN && !r->unit)
		return err(ST_USAGE, "--overrun needs --unit (the air units based "
		    "on the field)");
	if (r->fly && !r->check)
		return err(ST_USAGE, "--fly records a --check that is allowed; a "
		    "strike with --name records itself");
	if ((r->fly || (r->name && !r->check && !r->odds && !r->act)) &&
	    !r->unit)
		return err(ST_USAGE, "recording a mission needs --unit (which air "
		    "unit flies)");
	if (r->unit && r->check && strchr(r->unit, ','))
		return err(ST_USAGE, "--check asks of one unit: '%s'", r->unit);
	if (r->unit && (k = units_listed(r->unit)) < 0)
		return err(ST_USAGE, "bad --unit: '%s' (expected ids of lower-case "
		    "letters, digits, - and _, comma-separated, each once)",
		    r->unit);
	if (r->unit && !r->check) {
		if (r->units_given && r->units != k)
			return err(ST_USAGE, "--units %d but --unit names %d: '%s'",
			    r->units, k, r->unit);
		r->units = k;
	}
	if (r->toto && (r->act == AIR_ACT_BUILD || r->act == AIR_ACT_REMOVE ||
	    r->act == AIR_ACT_OVERRUN))
		return err(ST_USAGE, "--build-field, --remove-field and --overrun "
		    "are loe's (11.2.2, 11.2.5)");
	if (!r->toto && r->act == AIR_ACT_NEW_PHASE)
		return err(ST_USAGE, "--new-phase is toto's (18.5); loe limits "
		    "missions a player-turn: --new-turn");
	return ST_OK;
}

/* Options that belong to one mode only are refused in the other. */
static int
check_modes(struct air_request *r)
{
	int st;

	if (r->odds && r->roll)
		return err(ST_USAGE, "--odds and --roll exclude each other: --odds "
		    "covers every roll");
	if (r->gas && r->turn)
		return err(ST_USAGE, "--gas and --turn exclude each other: the "
		    "turn decides gas (11.4.5 A)");
	if (r->gas_given && (!r->odds || r->gas || r->turn))
		return err(ST_USAGE, "--gas-chance weighs the sections of --odds "
		    "when neither --gas nor --turn settles the section");
	if ((st = check_saved(r)) != ST_OK)
		return st;
	if ((r->to || r->situation || (r->from && !r->name)) && !r->map)
		return err(ST_USAGE, "--from, --to and --situation need --map");
	if (r->map && !r->act && (!r->from || (!r->to && !(r->toto &&
	    r->situation))))
		return err(ST_USAGE, "--map needs --from (the base) and --to (the "
		    "target)");
	if (r->map && r->facts.distance >= 0)
		return err(ST_USAGE, "--distance and --map exclude each other: the "
		    "map counts the distance");
	if (r->check && (r->odds || r->roll))
		return err(ST_USAGE, "--check answers whether a unit may fly; "
		    "--roll and --odds resolve a strike");
	if (!r->check && r->mission_given && r->facts.mission != LOE_STRIKE)
		return err(ST_USAGE, "--mission %s needs --check (only a strike "
		    "is rolled)", loe_mission_name(r->facts.mission));
	return ST_OK;
}

/* toto has no strike (18.7): only --check, with its own missions. */
static int
toto_request(struct air_request *r)
{
	int m = TOTO_SUPPORT;

	r->toto = 1;
	if (!r->check && !r->act)
		return err(ST_USAGE, "toto has no air strike: use --check (air "
		    "units never attack alone, 18.7)");
	if (r->mission_word && (m = toto_mission_parse(r->mission_word)) < 0)
		return err(ST_USAGE, "bad mission: '%s' (expected support, recon, "
		    "superiority or supply)", r->mission_word);
	r->tf.mission = (enum toto_mission)m;
	r->tf.range = r->facts.range;
	r->tf.distance = r->facts.distance;
	r->tf.oos = r->facts.oos;
	r->tf.flown = r->facts.flown;
	r->tf.allied = r->side && strcmp(r->side, "allied") == 0;
	if (r->situation && !r->side)
		return err(ST_USAGE, "--situation with -g toto needs --side (whose "
		    "airbase flies)");
	return check_modes(r);
}

static int
parse_request(const struct ctx *c, struct air_request *r, int argc,
    char **argv)
{
	struct opt_parser p;
	int id, st;

	memset(r, 0, sizeof *r);
	r->units = 1;
	r->terrain = NULL;
	r->gas_num = 1;
	r->gas_den = 2;
	r->facts.mission = LOE_STRIKE;
	r->facts.range = r->facts.distance = -1;
	r->facts.battle = 1;
	r->tf.year = -1;
	opt_init(&p, airstrike_opts, argc, argv);
	while ((id = opt_next(&p)) != OPT_END) {
		if (id == OPT_ERROR)
			return ST_USAGE;
		if (id != OPT_OPERAND && set_flag(r, id))
			continue;
		if ((st = set_value(r, id, p.arg)) != ST_OK)
			return st;
	}
	if (!c->game)
		return err(ST_USAGE, "no game given (use -g loe, or set "
		    "UMPIRE_GAME)");
	if (strcmp(c->game, "toto") == 0)
		return toto_request(r);
	if (strcmp(c->game, "loe") != 0)
		return err(ST_USAGE, "no air procedure for game: '%s' (expected "
		    "loe or toto)", c->game);
	if (r->mission_word) {
		int m = loe_mission_parse(r->mission_word);

		if (m < 0)
			return err(ST_USAGE, "bad mission: '%s' (expected strike, "
			    "support or rebase)", r->mission_word);
		r->facts.mission = (enum loe_mission)m;
	}
	return check_modes(r);
}

/*
 * 11.2 B: a base taken as permanent (by --base permanent or by default)
 * must be one: Massawa, Assab, To Mogadisho, or a hex the map marks.
 * A temporary field the saved game knows, or the player states with
 * --base temporary, is no permanent one and is not asked.
 */
static void
base_facts(struct air_request *r)
{
	if (!r->from || r->facts.base != LOE_PERMANENT ||
	    loe_air_permanent(r->from) || r->from_marked)
		return;
	if (r->saved && air_state_field(&r->saved->s, r->from))
		return;
	r->facts.no_field = r->from;
}

int
cmd_airstrike(struct ctx *c, int argc, char **argv)
{
	struct air_request r;
	int st;

	if ((st = parse_request(c, &r, argc, argv)) != ST_OK)
		return st;
	if (r.name && (st = air_saved_open(c, &r)) != ST_OK) {
		air_saved_close(&r);
		return st;
	}
	if (r.act)
		st = air_state_cmd(c, &r);
	else if (r.toto) {
		air_saved_facts(&r);
		st = toto_check(c, &r);
	}
	else if (r.map && (st = air_map_facts(c, &r)) != ST_OK)
		;
	else {
		air_saved_facts(&r);
		base_facts(&r);
		st = r.check ? air_check(c, &r) : air_strike(c, &r);
	}
	air_saved_close(&r);
	return st;
}
