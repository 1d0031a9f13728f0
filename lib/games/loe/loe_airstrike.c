/*
 * loe_airstrike.c: Lion of Ethiopia's airstrike procedure, which `umpire
 * airstrike -g loe` runs (game.h): the request read (the shared members
 * by air_req.c, loe's own here), then a strike on the Airstrike Chart
 * (loe_airstrike_chart.c), a --check of one mission (11.1-11.4.3, decided
 * in loe_air.c), or a command of the saved missions (--name).
 */
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "loe_airstrike.h"
#include "loe_airstrike_chart.h"
#include "opt.h"
#include "out.h"

#define TITLE "Lion of Ethiopia"

/* The flags only loe's request has (11.2-11.4, 10.1.3). */
static int
set_flag(struct loe_airstrike_req *r, const char *key)
{
	struct loe_air_facts *f = &r->facts;
	static const struct air_req_flag facts[] = {
		{ "grounded", offsetof(struct loe_air_facts, grounded) },
		{ "field_used", offsetof(struct loe_air_facts, field_used) },
		{ "base_adjacent", offsetof(struct loe_air_facts, base_adjacent) },
		{ "target_adjacent", offsetof(struct loe_air_facts,
		    target_adjacent) },
		{ "attacked", offsetof(struct loe_air_facts, attacked) },
	};

	if (air_req_flag(f, facts, sizeof facts / sizeof *facts, key))
		return ST_OK;
	if (strcmp(key, "entrenched") == 0)
		r->entrenched = f->entrenched = 1;
	else if (strcmp(key, "gas") == 0)
		r->gas = 1;
	else if (strcmp(key, "selassie") == 0)
		r->selassie = 1;
	else if (strcmp(key, "neutral") == 0)
		f->neutral = r->stated_neutral = 1;
	else if (strcmp(key, "zoc") == 0)
		f->zoc = r->stated_zoc = 1;
	else if (strcmp(key, "fort_zoc") == 0)
		f->zoc = f->zoc_fort_only = r->stated_zoc = 1;
	else if (strcmp(key, "no_battle") == 0)
		f->battle = 0;
	else
		return -1;
	return ST_OK;
}

/*
 * "1/3", "0" or "1": the weight of the Gas section in a combined --odds.
 * opt_count, not sscanf's %d, which would wrap 4294967297/4294967298
 * round to 1/2 and take it.
 */
static int
gas_chance(struct loe_airstrike_req *r, const char *s)
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

static int
set_base(struct loe_airstrike_req *r, const char *arg)
{
	if (strcmp(arg, "permanent") == 0)
		r->facts.base = LOE_PERMANENT;
	else if (strcmp(arg, "temporary") == 0)
		r->facts.base = LOE_TEMPORARY;
	else if (strcmp(arg, "building") == 0)
		r->facts.base = LOE_BUILDING;
	else
		return err(ST_USAGE, "bad base: '%s' (expected permanent, "
		    "temporary or building)", arg);
	return ST_OK;
}

static int
set_value(struct loe_airstrike_req *r, const char *key, const char *arg)
{
	if (strcmp(key, "stack") == 0)
		return air_req_number("--stack", arg, 1, 99, &r->stack);
	if (strcmp(key, "terrain") == 0) {
		r->terrain = arg;
		return ST_OK;
	}
	if (strcmp(key, "gas_chance") == 0)
		return gas_chance(r, arg);
	if (strcmp(key, "base") == 0)
		return set_base(r, arg);
	if (strcmp(key, "turn") != 0)
		return -1;
	if ((r->turn_gas = loe_air_gas_turn(arg)) < 0)
		return err(ST_USAGE, "bad turn: '%s' (expected a month oct to jun, "
		    "with a day: dec-15)", arg);
	r->turn = arg;
	return ST_OK;
}

/* loe's own members of the request (air_req_own). */
static int
own(void *game_req, const char *key, const cJSON *val)
{
	struct loe_airstrike_req *r = game_req;

	if (cJSON_IsTrue(val))
		return set_flag(r, key);
	return cJSON_IsString(val) ? set_value(r, key, val->valuestring) : -1;
}

/* Options that belong to one mode only are refused in the other. */
static int
check_modes(struct loe_airstrike_req *r)
{
	int st;

	if ((st = air_req_check_roll(&r->a)) != ST_OK)
		return st;
	if (r->gas && r->turn)
		return err(ST_USAGE, "--gas and --turn exclude each other: the "
		    "turn decides gas (11.4.5 A)");
	if (r->gas_given && (!r->a.odds || r->gas || r->turn))
		return err(ST_USAGE, "--gas-chance weighs the sections of --odds "
		    "when neither --gas nor --turn settles the section");
	if ((st = air_req_check(&r->a)) != ST_OK)
		return st;
	if (!r->a.check && r->a.mission && r->facts.mission != LOE_STRIKE)
		return err(ST_USAGE, "--mission %s needs --check (only a strike "
		    "is rolled)", loe_air_mission_name(r->facts.mission));
	return ST_OK;
}

static int
parse(const struct ctx *c, const cJSON *req, struct loe_airstrike_req *r)
{
	int st;

	memset(r, 0, sizeof *r);
	r->gas_num = 1;
	r->gas_den = 2;
	r->facts.mission = LOE_STRIKE;
	r->facts.battle = 1;
	if ((st = air_req_parse(req, &r->a, own, r)) != ST_OK)
		return st;
	r->a.game = c->saved;
	r->facts.range = r->a.range;
	r->facts.distance = r->a.distance;
	r->facts.oos |= r->a.oos;
	r->facts.flown |= r->a.flown;
	if (r->a.mission) {
		int m = loe_air_mission_parse(r->a.mission);

		if (m < 0)
			return err(ST_USAGE, "bad mission: '%s' (expected strike, "
			    "support or rebase)", r->a.mission);
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
base_facts(struct loe_airstrike_req *r)
{
	const char *from = r->a.from;

	if (!from || r->facts.base != LOE_PERMANENT ||
	    loe_air_permanent(from) || r->from_marked)
		return;
	if (r->a.saved && air_state_field(&r->a.saved->s, from))
		return;
	r->facts.no_field = from;
}

/* --check: may this air unit fly this mission (11.1 A)? */
static int
check(const struct loe_airstrike_req *r, struct out_result *res)
{
	struct air_reason rs[AIR_MAX_REASONS];
	const char *m = loe_air_mission_name(r->facts.mission);
	char said[160] = "";
	int n, i, st;

	n = loe_air_check(&r->facts, rs, AIR_MAX_REASONS);
	for (i = 0; i < r->a.nnotes && n < AIR_MAX_REASONS; i++)
		rs[n++] = r->a.notes[i];
	trail_title(res->trail, "11.4", TITLE ": may the air unit fly a %s "
	    "mission?", m);
	if (r->facts.mission == LOE_STRIKE && !r->stated_zoc && !r->map_zoc)
		trail_step(res->trail, "11.4.3 A", "relied on: the target is in "
		    "no Italian ZOC (else --zoc, or a --situation)");
	json_set_str(res->json, "game", "loe");
	json_set_str(res->json, "mission", m);
	if (r->a.fly && !air_barred(rs, n) && (st = air_saved_record(&r->a, m,
	    said, sizeof said, res->json)) != ST_OK)
		return st;
	air_verdict(res->json, res->trail, rs, n, "11.1 A", said);
	return ST_OK;
}

static int
settle(struct ctx *c, struct loe_airstrike_req *r, struct out_result *res)
{
	int st;

	if (r->a.act)
		return air_saved_act(c, &r->a, res);
	if (r->a.map && (st = loe_airstrike_map_facts(c, r)) != ST_OK)
		return st;
	if (r->a.saved && r->a.check)	/* a strike asks unit by unit */
		loe_airstrike_saved_facts(r);
	base_facts(r);
	return r->a.check ? check(r, res) : loe_airstrike_chart_strike(c, r,
	    res);
}

int
loe_airstrike_run(struct ctx *c, const cJSON *req, struct out_result *res)
{
	struct loe_airstrike_req r;
	int st;

	if ((st = parse(c, req, &r)) != ST_OK)
		return st;
	if ((!r.a.name && !r.a.game) || (st = air_saved_open(c, &r.a,
	    &loe_airstrike_saved_game)) == ST_OK)
		st = settle(c, &r, res);
	if (st == ST_OK)
		air_saved_tell(&r.a, res);
	air_saved_close(&r.a);
	return st;
}

/* The words --mission takes, for completion: the saved missions' list. */
int
loe_airstrike_missions_run(struct ctx *c, const cJSON *req,
    struct out_result *res)
{
	(void)c;
	(void)req;
	air_saved_missions(res->json, &loe_airstrike_saved_game);
	return ST_OK;
}

const char *const loe_airstrike_fields[] = {
	"units", "terrain", "entrenched", "gas", "turn", "gas_chance", "roll",
	"odds", "selassie", "stack", "check", "mission", "range", "distance",
	"map", "situation", "from", "to", "base", "oos", "grounded", "flown",
	"neutral", "field_used", "base_adjacent", "target_adjacent",
	"attacked", "zoc", "fort_zoc", "no_battle", "name", "unit", "fly",
	"apply",
	"status", "undo", "new_turn", "build_field", "remove_field",
	"overrun", NULL
};

/* `umpire airstrike`'s options of this game's rules */
const struct opt loe_airstrike_opts[] = {
	{ OPT_FIELD, 't', "terrain", "words", "the target hex: clear, mountain, "
	  "amba, massif, jungle, marsh, town, joined by +",
	  "clear mountain amba massif jungle marsh town" },
	{ OPT_FIELD, 'e', "entrenched", NULL, "the target hex holds an "
	  "entrenchment", NULL },
	{ OPT_FIELD, 0, "gas", NULL, "use the Gas section (11.4.5 A)", NULL },
	{ OPT_FIELD, 0, "turn", "date", "the turn, e.g. dec-15 or jan-1: gas from "
	  "jan-1", "oct-1 nov-1 dec-1 jan-1 feb-1 mar-1 apr-1 may-1" },
	{ OPT_FIELD, 0, "gas-chance", "n/d", "with --odds and no date: the "
	  "chance the strike flies with gas (default 1/2)", "1/2 1/3 2/3" },
	{ OPT_FIELD, 0, "selassie", NULL, "the Selassie unit is in the hex "
	  "(13.2 A)", NULL },
	{ OPT_FIELD, 0, "stack", "n", "how many Ethiopian units are in the hex",
	  NULL },
	{ OPT_FIELD, 0, "base", "kind", "permanent (default), temporary or "
	  "building", "permanent temporary building" },
	{ OPT_FIELD, 0, "grounded", NULL, "its field was overrun last turn",
	  NULL },
	{ OPT_FIELD, 0, "neutral", NULL, "the flight must cross neutral "
	  "territory", NULL },
	{ OPT_FIELD, 0, "field-used", NULL, "a unit flew from this "
	  "temporary field this turn", NULL },
	{ OPT_FIELD, 0, "base-adjacent", NULL, "Ethiopian units are "
	  "next to the base", NULL },
	{ OPT_FIELD, 0, "target-adjacent", NULL, "the target is next "
	  "to the base", NULL },
	{ OPT_FIELD, 0, "attacked", NULL, "the target is attacked by ground "
	  "units this turn", NULL },
	{ OPT_FIELD, 0, "zoc", NULL, "the target is in an Italian unit's ZOC",
	  NULL },
	{ OPT_FIELD, 0, "fort-zoc", NULL, "that ZOC comes only from Italians "
	  "in a fort (10.1.3)", NULL },
	{ OPT_FIELD, 0, "no-battle", NULL, "with --mission support: no ground "
	  "attack on the hex", NULL },
	{ OPT_FIELD, 0, "build-field", "hex", "with --saved or --name: place a "
	  "temporary airfield under construction", NULL },
	{ OPT_FIELD, 0, "remove-field", "hex", "with --saved or --name: take a "
	  "temporary airfield off the map", NULL },
	{ OPT_FIELD, 0, "overrun", NULL, "with --saved or --name, and --unit: "
	  "their field was overrun; next turn they fly nothing", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

