/*
 * airstrike-toto.c: `umpire airstrike -g toto --check`: may a Twilight of
 * the Ottomans airbase fly this mission (18.x, 33.x, decided in
 * lib/games/toto/toto_air.c)?  With a map the range is counted in hexes with
 * hex_distance, since 18.3 lets it be traced through anything; with a
 * situation and --mission recon it lists the enemy stacks the airbase may
 * examine (18.8).
 */
#include <stdio.h>
#include <string.h>

#include "airstrike.h"
#include "err.h"
#include "games/game.h"
#include "hex.h"
#include "map.h"
#include "out.h"
#include "units.h"

#define TITLE "Twilight of the Ottomans"

/* 18.8: every enemy stack within range of the airbase in hex from. */
static int
recon_list(const struct ctx *c, const struct map *m, int from,
    struct air_request *r, struct trail *t, cJSON *json)
{
	struct situation *s;
	cJSON *seen = json_array();
	int i, st, n = 0;

	if (r->tf.range < 0) {
		cJSON_Delete(seen);
		return err(ST_USAGE, "recon on a map needs --range (the airbase's "
		    "range factor)");
	}
	if ((st = game_situation_open(c, m, r->situation, &s)) != ST_OK) {
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
map_facts(const struct ctx *c, struct air_request *r, struct trail *t,
    cJSON *json)
{
	struct map *m;
	int from, to = -1, st = ST_OK;

	if ((st = map_load(c, r->map, &m)) != ST_OK)
		return st;
	if ((from = map_lookup(m, r->from)) < 0)
		st = err(ST_USAGE, "bad --from: '%s' (expected a hex on map %s)",
		    r->from, map_name(m));
	else if (r->to && (to = map_lookup(m, r->to)) < 0)
		st = err(ST_USAGE, "bad --to: '%s' (expected a hex on map %s)",
		    r->to, map_name(m));
	else {
		if (to >= 0)
			r->tf.distance = hex_distance(map_hex(m, from),
			    map_hex(m, to), map_layout(m));
		if (r->situation && r->tf.mission == TOTO_RECON)
			st = recon_list(c, m, from, r, t, json);
	}
	map_free(m);
	return st;
}

int
toto_check(const struct ctx *c, const struct air_request *req)
{
	struct air_request r = *req;
	struct air_reason rs[AIR_MAX_REASONS];
	cJSON *json = json_object();
	struct trail *t = trail_new();
	const char *m = toto_mission_name(r.tf.mission);
	char said[160] = "";
	int n, i, st;

	trail_title(t, "18.0", TITLE ": may the airbase fly %s?", m);
	if (r.map && (st = map_facts(c, &r, t, json)) != ST_OK) {
		cJSON_Delete(json);
		trail_free(t);
		return st;
	}
	n = toto_air_check(&r.tf, rs, AIR_MAX_REASONS);
	if (!air_barred(rs, n) && r.tf.mission == TOTO_SUPERIORITY)
		trail_step(t, "33.2", "resolve it with umpire crt -g toto: the "
		    "airbases' attack against the defending airbase alone");
	for (i = 0; i < r.nnotes && n < AIR_MAX_REASONS; i++)
		rs[n++] = r.notes[i];
	json_set_str(json, "game", "toto");
	json_set_str(json, "mission", m);
	if (r.fly && !air_barred(rs, n) && (st = air_saved_record(&r, m, said,
	    sizeof said, json)) != ST_OK) {
		cJSON_Delete(json);
		trail_free(t);
		return st;
	}
	return air_verdict(c, json, t, rs, n, "18.0", said);
}
