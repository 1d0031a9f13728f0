/*
 * move_map.c: a game's movement rules on a map.  Turns each step the path
 * search tries (lib/path.c) into a struct move_step from the map's terrain,
 * features and hexsides, the situation's units and the enemy zones of
 * control, and prices it with the game's move_step for every unit of the
 * moving stack: the dearest unit sets the cost (loe 6.1.1 A), any unit
 * that may not enter closes the step.
 *
 * Rivers that flow through hexes (loe 6.3.8) are crossed when a unit
 * leaves a river hex on the other bank from the one it came in by: the
 * hexsides the river runs across cut the hex's other hexsides into banks.
 * The search keeps one label per hex, so the adapter remembers, as the
 * search does, the cheapest free way into each hex and the hexside it came
 * across.  A unit that came in along the river, or began there, is on
 * neither bank: one that began there leaves freely (6.3.8 B); one that came
 * along the river is taken to be in mid-stream, and every bank is across.
 */
#include <limits.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "bitmap.h"
#include "err.h"
#include "map.h"
#include "move.h"
#include "move_map.h"
#include "path.h"
#include "units.h"

/*
 * The words of a river's course, as bits, looked up by name once in
 * move_map_init and not at every step the search prices: the hex features
 * of a river (or lake) hex, and the hexside words its course runs across.
 */
static void
river_masks(struct move_map *mm)
{
	mm->river_hex = move_fmask(mm->vocab, "river") |
	    move_fmask(mm->vocab, "lake");
	mm->river_course = move_smask(mm->vocab, "river") |
	    move_smask(mm->vocab, "lake");
}

/* Directions 0-5 of the hexsides the river runs across, as bits. */
/* The cheapest free way into hex found so far: none is INT_MAX, -1. */
static struct move_way
way_of(const struct move_map *mm, int hex)
{
	static const struct move_way none = { INT_MAX, -1 };

	if (!bitmap_get(mm->way_set, hex))
		return none;
	return mm->way[hex];
}

static void
set_way(struct move_map *mm, int hex, int best, int entry)
{
	bitmap_set(mm->way_set, hex);
	mm->way[hex].best = best;
	mm->way[hex].entry = entry;
}

static unsigned
river_sides(const struct move_map *mm, int hex)
{
	unsigned bits = 0;
	int d;

	for (d = 0; d < HEX_NDIRS; d++)
		if (map_side(mm->map, hex, d) & mm->river_course)
			bits |= 1u << d;
	return bits;
}

static int
popcount6(unsigned b)
{
	int n = 0;

	for (; b; b &= b - 1)
		n++;
	return n;
}

/* Is there a river hexside strictly between a and b going clockwise? */
static int
river_between(unsigned rs, int a, int b)
{
	int d;

	for (d = (a + 1) % HEX_NDIRS; d != b; d = (d + 1) % HEX_NDIRS)
		if (rs & (1u << d))
			return 1;
	return 0;
}

/* 6.3.8: does leaving `from` across dir cross its river? */
static int
crosses(const struct move_map *mm, int from, int dir)
{
	unsigned rs;
	int in;

	/* 6.3.8 B: a unit that began on the river leaves by either bank */
	if (!mm->rules->river_in_hex || (from == mm->origin &&
	    mm->origin_entry < 0))
		return 0;
	if (!(map_features(mm->map, from) & mm->river_hex))
		return 0;
	rs = river_sides(mm, from);
	/* 6.3.8 C: a river crossing one hexside only is its end */
	if (popcount6(rs) < 2 || (rs & (1u << dir)))
		return 0;
	if ((in = way_of(mm, from).entry) < 0)
		return 0;
	if (rs & (1u << in))
		return 1;
	return river_between(rs, in, dir) && river_between(rs, dir, in);
}

/* What stands in each hex, as bits, worked out once per situation. */
enum { OCC_ENEMY = 1, OCC_FRIEND = 2, OCC_DUG_IN = 4, OCC_HALTED = 8 };

static void
occupants(struct move_map *mm)
{
	const struct unit *u;
	int i, n = situation_count(mm->sit);

	for (i = 0; i < n; i++) {
		u = situation_unit(mm->sit, i);
		/* loe 6.4 C: a unit at sea is in the box, not its port */
		if (unit_has_marker(u, "at-sea"))
			continue;
		if (strcmp(u->side, mm->side) != 0)
			mm->occ[u->hex] |= OCC_ENEMY;
		else
			mm->occ[u->hex] |= OCC_FRIEND;
		if (strcmp(u->side, mm->side) == 0 && (unit_has_marker(u,
		    "pinned") || unit_has_marker(u, "routed")))
			mm->occ[u->hex] |= OCC_HALTED;
		if (unit_has_marker(u, "entrenched"))
			mm->occ[u->hex] |= OCC_DUG_IN;
	}
}

/* The hex's terrain as a bit over the vocabulary's words (move_tmask). */
static unsigned
terrain_bit(const struct move_map *mm, int hex)
{
	int id = map_terrain_id(mm->map, hex);

	return id >= 0 && id < MOVE_MAXWORDS ? 1u << id : 0;
}

static int
dist(const struct move_map *mm, int a, int b)
{
	return hex_distance(map_hex(mm->map, a), map_hex(mm->map, b),
	    map_layout(mm->map));
}

/* A retreat's aim: farther from every hex it flees, nearer its goal. */
static int
off_aim(const struct move_map *mm, int from, int to)
{
	int i;

	for (i = 0; i < mm->naway; i++)
		if (dist(mm, mm->away[i], to) <= dist(mm, mm->away[i], from))
			return 1;
	return mm->ntoward && dist(mm, mm->toward, to) >=
	    dist(mm, mm->toward, from);
}

/* toto 16.2: hex h is part of the moving side's rail net. */
static int
own_net(const struct move_map *mm, int h)
{
	const char *side = situation_rail_net(mm->sit, h);

	return side && strcmp(side, mm->side) == 0;
}

void
move_map_step(const struct move_map *mm, int from, int dir, int to,
    struct move_step *st)
{
	int friend = (mm->occ[to] & OCC_FRIEND) != 0;

	memset(st, 0, sizeof *st);
	st->terrain = map_terrain(mm->map, to);
	st->tmask = terrain_bit(mm, to);
	st->features = map_features(mm->map, to);
	st->side = map_side(mm->map, from, dir);
	st->from_features = map_features(mm->map, from);
	st->enemy = (mm->occ[to] & OCC_ENEMY) != 0;
	st->enter_ezoc = mm->zoc && mm->zoc[to] && !st->enemy;
	st->leave_ezoc = mm->zoc && mm->zoc[from];
	if (mm->rules->zoc_negated_in_retreat && mm->mode == MOVE_RETREAT &&
	    friend)
		st->enter_ezoc = 0;
	if (from == mm->origin)
		st->leave_ezoc = mm->zoc && mm->zoc[from];
	/* a unit that came from the sea has made its first step, landing */
	st->first = from == mm->origin && !mm->at_sea;
	st->index = st->first ? 0 : 1;
	st->on_map = 1;
	st->cross = crosses(mm, from, dir);
	st->entrenched = (mm->occ[to] & OCC_DUG_IN) != 0;
	st->friend_halted = (mm->occ[to] & OCC_HALTED) != 0;
	st->not_away = off_aim(mm, from, to);
	if (situation_has_rail_nets(mm->sit))
		st->net = MOVE_NET_KNOWN | (own_net(mm, to) ? MOVE_NET_TO : 0) |
		    (own_net(mm, from) ? MOVE_NET_FROM : 0);
}

/*
 * The friendly units unit j of the stack would stand with in hex `to`:
 * those there now and the rest of its own stack, which comes along.
 */
static int
stack_mates(const struct move_map *mm, int to, int j,
    const struct unit **there, int room)
{
	const struct unit *all[16], *u;
	int i, k, n, nt = 0;

	n = situation_in_hex(mm->sit, to, all, 16);
	for (i = 0; i < n && i < 16 && nt < room; i++) {
		/* the stack's own units are not there yet */
		for (k = 0; k < mm->nunits; k++)
			if (mm->units[k].id && strcmp(all[i]->id,
			    mm->units[k].id) == 0)
				break;
		if (k == mm->nunits && strcmp(all[i]->side, mm->side) == 0)
			there[nt++] = all[i];
	}
	for (k = 0; k < mm->nunits && nt < room; k++)
		if (k != j && mm->units[k].id &&
		    (u = situation_find(mm->sit, mm->units[k].id)))
			there[nt++] = u;
	return nt;
}

/* The game's stacking limit (sotq Part 9) for each unit of the stack
 * entering `to`, where friendly units stand. */
static int
stack_limit(struct move_map *mm, int to, struct move_price *best)
{
	const struct unit *there[24];
	int j, nt;

	for (j = 0; j < mm->nunits; j++) {
		nt = stack_mates(mm, to, j, there, 24);
		if (nt && mm->rules->stacks(&mm->units[j], there, nt, best) <
		    0)
			return -1;
	}
	return 0;
}

int
move_map_may_end(struct move_map *mm, int hex, struct move_price *p)
{
	const struct unit *there[24];
	int j, nt;

	move_price_clear(p);
	for (j = 0; j < mm->nunits; j++) {
		if (!mm->units[j].may_end)
			continue;
		nt = stack_mates(mm, hex, j, there, 24);
		if (mm->units[j].may_end(&mm->units[j], map_features(mm->map,
		    hex), there, nt, p) < 0)
			return -1;
	}
	return 0;
}

static int
price(struct move_map *mm, int from, int dir, int to, int spent, int quiet,
    int rail, struct move_price *best)
{
	struct move_step st;
	int which, j;

	if (mm->lane != NULL && mm->lane[from] != to) {
		memset(best, 0, sizeof *best);
		return move_deny(best, NULL, "off the path drawn");
	}
	move_map_step(mm, from, dir, to, &st);
	st.rail = rail;
	for (j = 0; j < mm->nunits; j++)
		mm->units[j].quiet = quiet;
	if (move_price_stack(mm->rules, mm->units, mm->nunits, 0, &st,
	    spent, best, &which) < 0)
		return -1;
	if (mm->rules->stacks && (mm->occ[to] & OCC_FRIEND))
		return stack_limit(mm, to, best);
	return 0;
}

int
move_map_price(struct move_map *mm, int from, int dir, int to, int spent,
    struct move_price *best)
{
	return price(mm, from, dir, to, spent, 0, 0, best);
}

int
move_map_land(struct move_map *mm, int port, int spent, int quiet,
    struct move_price *best)
{
	struct move_step st;
	int which, j;

	if (mm->lane != NULL && port != mm->lane_port) {
		memset(best, 0, sizeof *best);
		return move_deny(best, NULL, "off the path drawn");
	}
	memset(&st, 0, sizeof st);
	st.terrain = map_terrain(mm->map, port);
	st.tmask = terrain_bit(mm, port);
	st.features = map_features(mm->map, port);
	st.enemy = (mm->occ[port] & OCC_ENEMY) != 0;
	st.enter_ezoc = mm->zoc && mm->zoc[port] && !st.enemy;
	st.first = 1;
	st.on_map = 1;
	st.landing = 1;
	st.entrenched = (mm->occ[port] & OCC_DUG_IN) != 0;
	for (j = 0; j < mm->nunits; j++)
		mm->units[j].quiet = quiet;
	return move_price_stack(mm->rules, mm->units, mm->nunits, 0, &st,
	    spent, best, &which);
}

int
move_map_act(struct move_map *mm, const char *act, struct move_price *best)
{
	struct move_step st;
	int which, j;

	memset(&st, 0, sizeof st);
	st.action = act;
	st.first = 1;
	st.on_map = 1;
	st.features = map_features(mm->map, mm->origin);
	for (j = 0; j < mm->nunits; j++)
		mm->units[j].quiet = 0;
	return move_price_stack(mm->rules, mm->units, mm->nunits, 0, &st, 0,
	    best, &which);
}

int
move_map_price_rail(struct move_map *mm, int from, int dir, int to,
    int spent, int k, struct move_price *best)
{
	return price(mm, from, dir, to, spent, 0, k, best);
}

int
move_map_price_quiet(struct move_map *mm, int from, int dir, int to,
    int spent, int k, struct move_price *best)
{
	return price(mm, from, dir, to, spent, 1, k, best);
}

/* path.c's callback: price, and remember the cheapest free way in. */
int
move_map_cost(void *ud, int from, int dir, int to, int spent, struct path_step *e)
{
	struct move_map *mm = ud;
	struct move_price p;

	/* quiet: the search wants numbers, not the words for them */
	if (price(mm, from, dir, to, spent, 1, 0, &p) < 0) {
		e->rule = p.rule;
		e->why = p.why == p.whybuf ? "not allowed" : p.why;
		return -1;
	}
	e->cost = p.cost;
	e->stop = p.stop;
	e->rule = p.rule;
	e->why = p.why;
	if (!p.stop && spent + p.cost < way_of(mm, to).best)
		set_way(mm, to, spent + p.cost, (dir + 3) % HEX_NDIRS);
	return 0;
}

void
move_map_entered(struct move_map *mm, int hex, int entry)
{
	set_way(mm, hex, way_of(mm, hex).best, entry);
}

int
move_map_entry(const struct move_map *mm, int hex)
{
	return way_of(mm, hex).entry;
}

/*
 * Every hex starts with no way in (INT_MAX, side -1): a bit a hex says
 * which have one, so starting a search clears the bits and not the map's
 * worth of ways, and a search near one hex writes only the pages of the
 * ways it finds.
 */
static void
reset(struct move_map *mm)
{
	memset(mm->way_set, 0, bitmap_words((size_t)map_size(mm->map)) *
	    sizeof *mm->way_set);
	set_way(mm, mm->origin, 0, mm->origin_entry);
}

int
move_map_exerts(void *ud, const struct unit *u, int from, int dir, int to)
{
	struct move_map *mm = ud;
	struct move_step st;

	/* loe 6.4 C: a unit at sea exerts no zone on the land */
	if (u && unit_has_marker(u, "at-sea"))
		return 0;
	if (!mm->rules->zoc && !mm->rules->exerts)
		return 1;
	memset(&st, 0, sizeof st);
	st.features = map_features(mm->map, to);
	st.from_features = map_features(mm->map, from);
	st.side = map_side(mm->map, from, dir);
	st.terrain = map_terrain(mm->map, to);
	st.tmask = terrain_bit(mm, to);
	st.entrenched = (mm->occ[to] & OCC_DUG_IN) != 0;
	if (mm->rules->exerts && !mm->rules->exerts(&mm->units[0], u, dir,
	    &st))
		return 0;
	return !mm->rules->zoc || mm->rules->zoc(&mm->units[0], &st);
}

unsigned
move_marker_flags(const struct unit *u)
{
	unsigned f = 0;

	/* 9.4.2 (OOS) and 11.4.4 (disrupted) halve a loe allowance */
	if (unit_has_marker(u, "oos") || unit_has_marker(u, "oos-1") ||
	    unit_has_marker(u, "oos-2"))
		f |= MOVE_OOS;
	if (unit_has_marker(u, "dis"))
		f |= MOVE_DIS;
	/* loe 6.4 C: in the Units At Sea box, listed at its port */
	if (unit_has_marker(u, "at-sea"))
		f |= MOVE_AT_SEA;
	/* sotq 10.G: pinned and routed units; Part 14: one forced west of
	 * the British Retreat Line before */
	if (unit_has_marker(u, "pinned"))
		f |= MOVE_PINNED;
	if (unit_has_marker(u, "routed"))
		f |= MOVE_ROUTED;
	if (unit_has_marker(u, "forced-west"))
		f |= MOVE_FREED;
	/* loe 6.4 A, 7.2.1 B: a smaller unit takes a third of the sea lift */
	if (unit_has_marker(u, "non-div"))
		f |= MOVE_NONDIV;
	/* loe 7.2.1 C: one corps HQ and one army HQ a hex */
	if (unit_has_marker(u, "corps-hq"))
		f |= MOVE_CORPS_HQ;
	if (unit_has_marker(u, "army-hq"))
		f |= MOVE_ARMY_HQ;
	return f;
}

int
move_vocab_of_map(const struct map *m, struct move_vocab *v)
{
	static const enum map_word_kind kinds[] = { MAP_TERRAIN, MAP_FEATURE,
		MAP_HEXSIDE };
	const struct map_vocab *mv = map_vocab(m);
	char (*lists[3])[MOVE_WORDLEN] = { v->terrain, v->features, v->sides };
	int *counts[3] = { &v->nterrain, &v->nfeatures, &v->nsides };
	const char *w;
	int k, i, n;

	memset(v, 0, sizeof *v);
	for (k = 0; k < 3; k++) {
		n = map_vocab_count(mv, kinds[k]);
		if (n > MOVE_MAXWORDS)
			return err(ST_DATA, "more words than movement takes: "
			    "'%d'", n);
		for (i = 0; i < n; i++) {
			w = map_vocab_word(mv, kinds[k], i);
			if (strlen(w) >= MOVE_WORDLEN)
				return err(ST_DATA, "a word longer than %d "
				    "bytes: '%s'", MOVE_WORDLEN - 1, w);
			strcpy(lists[k][i], w);
		}
		*counts[k] = n;
	}
	return ST_OK;
}

int
move_map_init(struct move_map *mm)
{
	int n = map_size(mm->map);

	mm->occ = xcalloc((size_t)n, 1);
	mm->origin_entry = -1;
	mm->rail0 = mm->rail1 = -1;
	mm->at_sea = (mm->units[0].flags & MOVE_AT_SEA) != 0;
	river_masks(mm);
	occupants(mm);
	mm->zoc = situation_zoc(mm->sit, mm->map, mm->side, move_map_exerts,
	    mm);
	if (mm->zones_only)
		return ST_OK;
	/* not cleared: reset() says no hex has a way in yet */
	mm->way = xmalloc((size_t)n * sizeof *mm->way);
	mm->way_set = xmalloc(bitmap_words((size_t)n) * sizeof *mm->way_set);
	reset(mm);
	return ST_OK;
}

void
move_map_free(struct move_map *mm)
{
	free(mm->way);
	free(mm->way_set);
	free(mm->zoc);
	free(mm->occ);
	mm->way = NULL;
	mm->way_set = NULL;
	mm->zoc = mm->occ = NULL;
}

int
move_map_path(struct move_map *mm, int to, int budget,
    struct path_result *out)
{
	int st;

	reset(mm);
	mm->rail0 = mm->rail1 = -1;
	if (mm->at_sea)
		return move_sea_path(mm, to, budget, out);
	st = path_cheapest(mm->map, mm->origin, to, budget, move_map_cost, mm,
	    out);
	if (move_rail_possible(mm))
		st = move_rail_path(mm, to, budget, st, out);
	return st;
}

int
move_map_cheapest(struct move_map *mm, int to, struct path_result *out)
{
	int least = INT_MAX, j, c;

	if (!mm->rules->least_step || mm->at_sea || mm->mode != MOVE_NORMAL ||
	    move_rail_possible(mm))
		return move_map_path(mm, to, -1, out);
	/* a stack pays its dearest unit's cost: no less than any one's least */
	for (j = 0; j < mm->nunits; j++)
		if ((c = mm->rules->least_step(&mm->units[j])) < least)
			least = c;
	reset(mm);
	mm->rail0 = mm->rail1 = -1;
	return path_cheapest_astar(mm->map, mm->origin, to, -1, least,
	    move_map_cost, mm, out);
}

int
move_map_reach(struct move_map *mm, int budget, int *left, int *prev)
{
	reset(mm);
	if (mm->at_sea)
		return move_sea_reach(mm, budget, left, prev);
	if (move_rail_possible(mm))
		return move_rail_reach(mm, budget, left, prev);
	return path_reach(mm->map, mm->origin, budget, move_map_cost, mm, left,
	    prev);
}
