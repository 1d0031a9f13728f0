/*
 * toto_airstrike.c: Twilight of the Ottomans' airstrike procedure, which
 * `umpire airstrike -g toto --check` runs (game.h): may an airbase fly
 * this mission (18.x, 33.x, decided in toto_air.c)?  toto has no strike
 * (18.7).  With a map the range is counted in hexes with hex_distance,
 * since 18.3 lets it be traced through anything; with a situation and
 * --mission recon it lists the enemy stacks the airbase may examine
 * (18.8).  With --name the saved missions (air_saved.c) hold 18.5 (one
 * attack an airbase a combat phase) and 33.3 (aerial supply once a turn,
 * and the airbase that flies it flies nothing else).
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "games/air_req.h"
#include "games/game.h"
#include "hex.h"
#include "map.h"
#include "opt.h"
#include "out.h"
#include "toto_airstrike.h"
#include "situation.h"

#define TITLE "Twilight of the Ottomans"

/* The request as toto reads it: the shared members first (air_req.h). */
struct toto_airstrike_req {
	struct air_req a;
	const char *side;	/* allied or ottoman */
	struct toto_air_facts tf;
};

static int
set_flag(struct toto_air_facts *f, const char *key)
{
	static const struct air_req_flag flags[] = {
		{ "defending", offsetof(struct toto_air_facts, defending) },
		{ "supported", offsetof(struct toto_air_facts, supported) },
		{ "second_airbase", offsetof(struct toto_air_facts, second) },
		{ "flew_supply", offsetof(struct toto_air_facts, flew_supply) },
		{ "supply_flown", offsetof(struct toto_air_facts, supply_flown) },
	};

	return air_req_flag(f, flags, sizeof flags / sizeof *flags, key) ?
	    ST_OK : -1;
}

/* toto's own members of the request (air_req_own). */
static int
own(void *game_req, const char *key, const cJSON *val)
{
	struct toto_airstrike_req *r = game_req;
	const char *arg = cJSON_IsString(val) ? val->valuestring : NULL;

	if (cJSON_IsTrue(val))
		return set_flag(&r->tf, key);
	if (arg && strcmp(key, "year") == 0)
		return air_req_number("--year", arg, 1914, 1918, &r->tf.year);
	if (!arg || strcmp(key, "side") != 0)
		return -1;
	if (strcmp(arg, "allied") && strcmp(arg, "ottoman"))
		return err(ST_USAGE, "bad side: '%s' (expected allied or "
		    "ottoman)", arg);
	r->side = arg;
	return ST_OK;
}

/* toto has no strike (18.7): only --check, with its own missions. */
static int
parse(const struct ctx *c, const cJSON *req, struct toto_airstrike_req *r)
{
	int m = TOTO_SUPPORT, st;

	memset(r, 0, sizeof *r);
	r->tf.year = -1;
	if ((st = air_req_parse(req, &r->a, own, r)) != ST_OK)
		return st;
	r->a.game = c->saved;
	if (!r->a.check && !r->a.act)
		return err(ST_USAGE, "toto has no air strike: use --check (air "
		    "units never attack alone, 18.7)");
	if (r->a.mission && (m = toto_air_mission_parse(r->a.mission)) < 0)
		return err(ST_USAGE, "bad mission: '%s' (expected support, recon, "
		    "superiority or supply)", r->a.mission);
	r->tf.mission = (enum toto_mission)m;
	r->tf.range = r->a.range;
	r->tf.distance = r->a.distance;
	r->tf.oos = r->a.oos;
	r->tf.flown = r->a.flown;
	r->tf.allied = r->side && strcmp(r->side, "allied") == 0;
	if (r->a.situation && !r->side)
		return err(ST_USAGE, "--situation with -g toto needs --side (whose "
		    "airbase flies)");
	/* recon from a situation lists the stacks in reach: no target */
	r->a.to_optional = r->a.situation != NULL;
	if ((st = air_req_check_roll(&r->a)) != ST_OK)
		return st;
	return air_req_check(&r->a);
}

/* This phase's support, this turn's aerial supply (18.5, 33.3). */
static void
saved_facts(struct toto_airstrike_req *r)
{
	const struct air_state *s = &r->a.saved->s;
	const char *unit = r->a.unit;
	const struct air_flight *fl;

	if (unit && r->tf.mission == TOTO_SUPPORT &&
	    (fl = air_state_flown(s, unit, "support", s->phase))) {
		r->tf.supported = 1;
		air_req_note(&r->a, "18.5", "saved: %s supported an attack in this "
		    "combat phase", unit);
	}
	if (unit && (fl = air_state_flown(s, unit, "supply", 0))) {
		r->tf.flew_supply = 1;
		air_req_note(&r->a, "33.3", "saved: %s flew aerial supply this "
		    "turn", unit);
	}
	if (r->tf.mission != TOTO_SUPPLY)
		return;
	if ((fl = air_state_any(s, "supply", NULL))) {
		r->tf.supply_flown = 1;
		air_req_note(&r->a, "33.3", "saved: %s flew this turn's aerial "
		    "supply", fl->unit);
	}
	if (unit && (fl = air_state_flown(s, unit, NULL, 0))) {
		r->tf.flown = 1;
		air_req_note(&r->a, "33.3", "saved: %s flew %s this turn", unit,
		    fl->mission);
	}
}

/* 18.8: every enemy stack within range of the airbase in hex from. */
static int
recon_list(const struct ctx *c, const struct map *m, int from,
    struct toto_airstrike_req *r, struct trail *t, cJSON *json)
{
	struct situation *s;
	cJSON *seen = json_array();
	int i, st, n = 0;

	if (r->tf.range < 0) {
		cJSON_Delete(seen);
		return err(ST_USAGE, "recon on a map needs --range (the airbase's "
		    "range factor)");
	}
	if ((st = game_situation_open(c, m, r->a.situation, &s)) != ST_OK) {
		cJSON_Delete(seen);
		return st;
	}
	for (i = 0; i < situation_count(s); i++) {
		const struct unit *u = situation_unit(s, i);
		char id[HEX_IDLEN];
		int d;

		if (strcmp(u->side, r->side) == 0)
			continue;
		d = hex_distance(map_hex(m, from), map_hex(m, u->hex),
		    map_layout(m));
		if (d > r->tf.range)
			continue;
		map_hex_id(m, u->hex, id);
		trail_step(t, "18.8", "may examine %s in %s, %d hex%s away", u->id,
		    id, d, d == 1 ? "" : "es");
		{
			cJSON *o = json_object();

			json_set_str(o, "unit", u->id);
			json_set_str(o, "hex", id);
			json_set_num(o, "distance", d);
			json_push(seen, o);
		}
		n++;
	}
	if (!n)
		trail_step(t, "18.8", "no enemy stack within %d hex%s",
		    r->tf.range, r->tf.range == 1 ? "" : "es");
	json_set(json, "recon", seen);
	r->tf.listed = 1;
	situation_free(s);
	return ST_OK;
}

/* The distance from the map, and the recon list when asked. */
static int
map_facts(const struct ctx *c, struct toto_airstrike_req *r, struct trail *t,
    cJSON *json)
{
	struct map *m;
	int from, to = -1, st = ST_OK;

	if ((st = map_load(c, r->a.map, &m)) != ST_OK)
		return st;
	if ((from = map_lookup(m, r->a.from)) < 0)
		st = err(ST_USAGE, "bad --from: '%s' (expected a hex on map %s)",
		    r->a.from, map_name(m));
	else if (r->a.to && (to = map_lookup(m, r->a.to)) < 0)
		st = err(ST_USAGE, "bad --to: '%s' (expected a hex on map %s)",
		    r->a.to, map_name(m));
	else {
		if (to >= 0)
			r->tf.distance = hex_distance(map_hex(m, from),
			    map_hex(m, to), map_layout(m));
		if (r->a.situation && r->tf.mission == TOTO_RECON)
			st = recon_list(c, m, from, r, t, json);
	}
	map_free(m);
	return st;
}

static int
check(const struct ctx *c, struct toto_airstrike_req *r,
    struct out_result *res)
{
	struct air_reason rs[AIR_MAX_REASONS];
	cJSON *json = res->json;
	struct trail *t = res->trail;
	const char *m = toto_air_mission_name(r->tf.mission);
	char said[160] = "";
	int n, i, st;

	trail_title(t, "18.0", TITLE ": may the airbase fly %s?", m);
	if (r->a.map && (st = map_facts(c, r, t, json)) != ST_OK)
		return st;
	n = toto_air_check(&r->tf, rs, AIR_MAX_REASONS);
	if (!air_barred(rs, n) && r->tf.mission == TOTO_SUPERIORITY)
		trail_step(t, "33.2", "resolve it with umpire crt -g toto: the "
		    "airbases' attack against the defending airbase alone");
	for (i = 0; i < r->a.nnotes && n < AIR_MAX_REASONS; i++)
		rs[n++] = r->a.notes[i];
	json_set_str(json, "game", "toto");
	json_set_str(json, "mission", m);
	if (r->a.fly && !air_barred(rs, n) && (st = air_saved_record(&r->a, m,
	    said, sizeof said, json)) != ST_OK)
		return st;
	air_verdict(json, t, rs, n, "18.0", said);
	return ST_OK;
}

int
toto_airstrike_run(struct ctx *c, const cJSON *req, struct out_result *res)
{
	struct toto_airstrike_req r;
	int st;

	if ((st = parse(c, req, &r)) != ST_OK)
		return st;
	if ((r.a.name || r.a.game) && (st = air_saved_open(c, &r.a,
	    &toto_airstrike_game)) != ST_OK)
		;
	else if (r.a.act)
		st = air_saved_act(c, &r.a, res);
	else {
		if (r.a.saved)
			saved_facts(&r);
		st = check(c, &r, res);
	}
	if (st == ST_OK)
		air_saved_tell(&r.a, res);
	air_saved_close(&r.a);
	return st;
}

int
toto_airstrike_missions_run(struct ctx *c, const cJSON *req,
    struct out_result *res)
{
	(void)c;
	(void)req;
	air_saved_missions(res->json, &toto_airstrike_game);
	return ST_OK;
}

/* --new-phase: 18.5's one attack an airbase a combat phase, again. */
static int
act(const struct ctx *c, struct air_req *a, struct trail *t)
{
	(void)c;
	if (a->act != AIR_ACT_NEW_PHASE)
		return err(ST_USAGE, "toto's saved missions have no such command");
	a->saved->s.phase++;
	trail_step(t, "18.5", "combat phase %d: every airbase may support an "
	    "attack again", a->saved->s.phase);
	return ST_OK;
}

static const char *const missions[] = { "support", "recon", "superiority",
    "supply", NULL };

const struct air_game toto_airstrike_game = {
	.id = "toto",
	.title = TITLE,
	.rule = "18.0",
	.missions = missions,
	.turn_words = "turn",
	.phases = 1,
	.turn_rule = "33.3",
	.flier = "airbase",
	.act = act,
};

const char *const toto_airstrike_fields[] = {
	"units", "roll", "odds", "check", "mission", "range", "distance", "map",
	"situation", "from", "to", "oos", "flown", "year", "side", "defending",
	"supported", "second_airbase", "flew_supply", "supply_flown", "name",
	"unit", "fly", "apply", "status", "undo", "new_turn", "new_phase", NULL
};

/* `umpire airstrike`'s options of this game's rules */
const struct opt toto_airstrike_opts[] = {
	{ OPT_FIELD, 0, "year", "n", "the turn's year (33.3, 33.4)",
	  "1914 1915 1916 1917 1918" },
	{ OPT_FIELD, 0, "side", "word", "allied or ottoman",
	  "allied ottoman" },
	{ OPT_FIELD, 0, "defending", NULL, "support asked for a "
	  "defence", NULL },
	{ OPT_FIELD, 0, "supported", NULL, "it supported an attack "
	  "this phase", NULL },
	{ OPT_FIELD, 0, "second-airbase", NULL, "another airbase "
	  "supports this attack", NULL },
	{ OPT_FIELD, 0, "flew-supply", NULL, "it flew aerial supply "
	  "this turn", NULL },
	{ OPT_FIELD, 0, "supply-flown", NULL, "this turn's aerial "
	  "supply is flown", NULL },
	{ OPT_FIELD, 0, "new-phase", NULL, "with --name: the next "
	  "combat phase", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

