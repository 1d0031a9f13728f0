/*
 * loe_airstrike_map.c: the facts `umpire airstrike -g loe --map` reads off
 * a map and a situation instead of the player's word: the distance flown
 * (11.3 A-B: one hex at a time, never over neutral territory, so a detour
 * round a neutral wedge counts), the target's terrain for the chart's row
 * (11.4.4 A), and from a situation whether the target stands in an
 * Italian ZOC (11.4.3 A, by 5.2 A's limits) and what stands in it: how
 * many Ethiopian units, Selassie (13.2 A), an entrenchment; and whether
 * Ethiopians stand next to the base (11.2.4 C).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "games/game.h"
#include "hex.h"
#include "loe_airstrike.h"
#include "map.h"
#include "move.h"
#include "move_map.h"
#include "situation.h"

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
flight_distance(const struct map *m, int from, int to,
    struct loe_airstrike_req *r)
{
	int straight;

	if ((r->facts.distance = loe_air_flight(m, from, to, &straight)) < 0) {
		r->facts.neutral = 1;	/* no way round: 11.3 B forbids it */
		r->facts.distance = straight;
	}
	return ST_OK;
}

/* What stands in the target hex: how many Ethiopians, Selassie among
 * them (13.2 A), an entrenchment marker (11.4.4 A, 10.2.2 A). */
static void
target_stack(const struct situation *s, int target, struct loe_airstrike_req *r)
{
	int i, n = 0;

	for (i = 0; i < situation_count(s); i++) {
		const struct unit *u = situation_unit(s, i);

		if (u->hex != target || strcmp(u->side, "ethiopian") != 0)
			continue;
		n++;
		if (strcmp(u->type, "selassie") == 0)
			r->selassie = 1;
		if (situation_unit_has_marker(u, "entrenched"))
			r->entrenched = r->facts.entrenched = 1;
	}
	if (!r->stack && n)
		r->stack = n;
}

/* 5.1 D, 11.1 B: air units and airfields exert no ZOC. */
static int
exerts_no_zoc(const struct unit *u)
{
	return strcmp(u->type, "air") == 0 || strcmp(u->type, "airfield") == 0;
}

/*
 * Why the zone of a unit in `from` stops short of the target: the words
 * for what loe_move's zone rule (5.2 A, through move_map_exerts) saw.
 */
static void
zoc_stopped(const struct move_map *mm, int from, int dir, int to,
    struct loe_airstrike_req *r, const char *id)
{
	const struct move_vocab *v = mm->vocab;
	unsigned fort = move_fmask(v, "fort");
	const char *rule = "5.2 A", *why;

	if (map_features(mm->map, to) & move_fmask(v, "neutral"))
		why = "the target is neutral territory";
	else if (map_side(mm->map, from, dir) & move_smask(v, "ocean"))
		why = "an ocean hexside lies between";
	else if (map_features(mm->map, from) & fort) {
		why = "no zone leaves a fort (a strike next to one is allowed)";
		rule = "5.2 A, 10.1.3";
	} else if (map_features(mm->map, to) & fort)
		why = "no zone enters a fort";
	else if (r->entrenched) {
		why = "no zone enters an entrenchment";
		rule = "5.2 A, 10.2.2 A";
	} else {
		/* what is left of the zone rule: 8.1.1's note on massifs */
		why = "a zone enters a massif only from a unit that could move "
		    "into it";
		rule = "8.1.1, 6.3.4 B";
	}
	air_req_note(&r->a, rule, "%s's zone does not reach the target: %s",
	    id, why);
}

/* The ZOC rule of loe's movement (game.h), for an Ethiopian in the target. */
static int
zoc_rules(const struct ctx *c, const struct map *m,
    const struct situation *s, int target, struct move_vocab *v,
    struct move_unit *mu, struct move_map *mm)
{
	const struct move_rules *rules = &loe_move;
	struct move_req req;
	char why[160];
	int st;

	if ((st = move_vocab_load(c, "loe", v)) != ST_OK)
		return st;
	memset(&req, 0, sizeof req);
	memset(mu, 0, sizeof *mu);
	req.type = "ethiopian-irr";
	req.ma = 1;
	mu->vocab = v;
	if ((st = rules->unit(c, &req, mu, why, sizeof why)) != ST_OK)
		return err(st, "%s", why);
	memset(mm, 0, sizeof *mm);
	mm->map = m;
	mm->sit = s;
	mm->rules = rules;
	mm->vocab = v;
	mm->units = mu;
	mm->nunits = 1;
	mm->side = "ethiopian";
	mm->origin = target;
	return move_map_init(mm);
}

/*
 * 11.2.4 C: Ethiopians next to the base, and whether the target is one of
 * their hexes (the stated --base-adjacent and --target-adjacent, read off
 * the situation).
 */
static void
base_neighbours(const struct map *m, const struct situation *s, int base,
    int target, struct loe_airstrike_req *r)
{
	int i;

	for (i = 0; i < situation_count(s); i++) {
		const struct unit *u = situation_unit(s, i);

		if (strcmp(u->side, "ethiopian") != 0 ||
		    map_direction(m, base, u->hex) < 0)
			continue;
		r->facts.base_adjacent = 1;
		if (u->hex == target)
			r->facts.target_adjacent = 1;
	}
}

/*
 * 11.4.3 A: is the target in an Italian ZOC?  Each Italian ground unit
 * next to it is asked whether its zone crosses into the target with the
 * same rule movement uses (5.2 A: not into neutral territory, across an
 * ocean hexside, into an entrenchment, into or out of a fort), so a
 * strike is never refused for a zone the movement rules say is not there.
 */
static int
italian_zoc(const struct ctx *c, const struct map *m, int base, int target,
    struct loe_airstrike_req *r)
{
	struct situation *s;
	struct move_vocab *v = err_malloc(sizeof *v);
	struct move_unit mu;
	struct move_map mm;
	int i, dir, st;

	if ((st = game_situation_open(c, m, r->a.situation, &s)) != ST_OK) {
		free(v);
		return st;
	}
	target_stack(s, target, r);
	base_neighbours(m, s, base, target, r);
	if ((st = zoc_rules(c, m, s, target, v, &mu, &mm)) == ST_OK) {
		for (i = 0; i < situation_count(s); i++) {
			const struct unit *u = situation_unit(s, i);

			if (strcmp(u->side, "italian") != 0 || exerts_no_zoc(u) ||
			    (dir = map_direction(m, u->hex, target)) < 0)
				continue;
			if (move_map_exerts(&mm, u, u->hex, dir, target))
				r->facts.zoc = 1;
			else
				zoc_stopped(&mm, u->hex, dir, target, r, u->id);
		}
		move_map_free(&mm);
	}
	r->map_zoc = 1;
	free(v);
	situation_free(s);
	return st;
}

int
loe_airstrike_map_facts(const struct ctx *c, struct loe_airstrike_req *r)
{
	struct map *m;
	int from, to, st = ST_OK;

	if ((st = map_load(c, r->a.map, &m)) != ST_OK)
		return st;
	if ((from = map_lookup(m, r->a.from)) < 0)
		st = err(ST_USAGE, "bad --from: '%s' (expected a hex on map %s)",
		    r->a.from, map_name(m));
	else if ((to = map_lookup(m, r->a.to)) < 0)
		st = err(ST_USAGE, "bad --to: '%s' (expected a hex on map %s)",
		    r->a.to, map_name(m));
	else {
		int bit = map_feature_bit(m, "airfield");

		hex_words(m, to, r->map_terrain, sizeof r->map_terrain);
		/* 11.2 B: a permanent field, as the map draws it */
		r->from_marked = bit >= 0 && (map_features(m, from) & (1u << bit));
		st = flight_distance(m, from, to, r);
		if (st == ST_OK && r->a.situation && !r->stated_zoc)
			st = italian_zoc(c, m, from, to, r);
	}
	map_free(m);
	return st;
}
