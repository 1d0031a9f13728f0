/*
 * airstrike-map.c: the facts `umpire airstrike --map` reads off a map and
 * a situation instead of the player's word: the distance flown (11.3 A-B:
 * one hex at a time, never over neutral territory, so a detour round a
 * neutral wedge counts), the target's terrain for the chart's row
 * (11.4.4 A), and from a situation whether the target stands in an
 * Italian ZOC (11.4.3 A, with 10.1.3's fort exception) and what stands in
 * it: how many Ethiopian units, Selassie (13.2 A), an entrenchment.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "airstrike.h"
#include "err.h"
#include "hex.h"
#include "map.h"
#include "path.h"
#include "units.h"

struct flight {
	const struct map *m;
	int neutral_bit;
};

/* One hex a step (11.3 B); neutral hexes may not be flown over. */
static int
flight_step(void *ud, int from, int dir, int to, int spent,
    struct path_step *e)
{
	const struct flight *f = ud;

	(void)from;
	(void)dir;
	(void)spent;
	if (f->neutral_bit >= 0 &&
	    (map_features(f->m, to) & (1u << f->neutral_bit))) {
		e->rule = "11.3 B";
		e->why = "neutral territory";
		return -1;
	}
	e->cost = 1;
	e->stop = 0;
	return 0;
}

/* "amba+jungle": the hex's terrain word and the features the row reads. */
static void
hex_words(const struct map *m, int idx, char *buf, size_t len)
{
	static const char *const extra[] = { "jungle", "marsh", "town" };
	size_t i;
	int bit;

	snprintf(buf, len, "%s", map_terrain(m, idx));
	for (i = 0; i < sizeof extra / sizeof *extra; i++)
		if ((bit = map_feature_bit(m, extra[i])) >= 0 &&
		    (map_features(m, idx) & (1u << bit)))
			snprintf(buf + strlen(buf), len - strlen(buf), "+%s",
			    extra[i]);
}

static int
flight_distance(const struct map *m, int from, int to, struct air_request *r)
{
	struct flight f = { m, map_feature_bit(m, "neutral") };
	struct path_result p;

	if (path_cheapest(m, from, to, -1, flight_step, &f, &p) != ST_OK) {
		r->facts.neutral = 1;	/* no way round: 11.3 B forbids it */
		r->facts.distance = hex_distance(map_hex(m, from), map_hex(m, to),
		    map_layout(m));
		return ST_OK;
	}
	r->facts.distance = p.total;
	path_result_free(&p);
	return ST_OK;
}

/* What stands in the target hex: how many Ethiopians, Selassie among
 * them (13.2 A), an entrenchment marker (11.4.4 A, 10.2.2 A). */
static void
target_stack(const struct situation *s, int target, struct air_request *r)
{
	int i, n = 0;

	for (i = 0; i < situation_count(s); i++) {
		const struct unit *u = situation_unit(s, i);

		if (u->hex != target || strcmp(u->side, "ethiopian") != 0)
			continue;
		n++;
		if (strcmp(u->type, "selassie") == 0)
			r->selassie = 1;
		if (unit_has_marker(u, "entrenched"))
			r->entrenched = r->facts.entrenched = 1;
	}
	if (!r->stack && n)
		r->stack = n;
}

/* In an Italian ZOC, and whether every Italian next to it is in a fort. */
static int
italian_zoc(const struct ctx *c, const struct map *m, int target,
    struct air_request *r)
{
	struct situation *s;
	unsigned char *zoc;
	int fort = map_feature_bit(m, "fort"), i, all_fort = 1, st;

	if ((st = situation_open(c, m, r->situation, &s)) != ST_OK)
		return st;
	zoc = situation_zoc(s, m, "ethiopian", NULL, NULL);
	r->facts.zoc = zoc[target] != 0;
	for (i = 0; i < situation_count(s); i++) {
		const struct unit *u = situation_unit(s, i);

		if (strcmp(u->side, "italian") != 0 || (u->hex != target &&
		    map_direction(m, u->hex, target) < 0))
			continue;
		if (fort < 0 || !(map_features(m, u->hex) & (1u << fort)))
			all_fort = 0;
	}
	r->facts.zoc_fort_only = r->facts.zoc && all_fort;
	target_stack(s, target, r);
	r->map_zoc = 1;
	free(zoc);
	situation_free(s);
	return ST_OK;
}

int
air_map_facts(const struct ctx *c, struct air_request *r)
{
	struct map *m;
	int from, to, st = ST_OK;

	if ((st = map_load(c, r->map, &m)) != ST_OK)
		return st;
	if ((from = map_lookup(m, r->from)) < 0)
		st = err(ST_USAGE, "bad --from: '%s' (expected a hex on map %s)",
		    r->from, map_name(m));
	else if ((to = map_lookup(m, r->to)) < 0)
		st = err(ST_USAGE, "bad --to: '%s' (expected a hex on map %s)",
		    r->to, map_name(m));
	else {
		hex_words(m, to, r->map_terrain, sizeof r->map_terrain);
		st = flight_distance(m, from, to, r);
		if (st == ST_OK && r->situation && !r->stated_zoc)
			st = italian_zoc(c, m, to, r);
	}
	map_free(m);
	return st;
}
