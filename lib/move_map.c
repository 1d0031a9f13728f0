/*
 * move_map.c: a game's movement rules on a map.  Turns each step the path
 * search tries (lib/path.c) into a struct move_step from the map's terrain,
 * features and hexsides, the situation's units and the enemy zones of
 * control, and prices it with the game's move_step for every unit of the
 * moving stack: the dearest unit sets the cost, any unit that may not
 * enter closes the step.
 *
 * The search keeps one label per hex, so the adapter remembers, as the
 * search does, the cheapest free way into each hex and where it came in:
 * the hexside, or what the game keeps instead (move_rules.map_entry), for
 * the game's map_step to read back (move_map_entry).
 *
 * A path is first asked whether any step may enter its target at all
 * (move_map_enterable), so that a hex none may enter costs no search.
 * Who stands where, stacking and where a move may end are move_stack.c's.
 */
#include <limits.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "map.h"
#include "move.h"
#include "move_map.h"
#include "move_map_impl.h"
#include "path.h"
#include "situation.h"

/* The cheapest free way into hex found so far: none is INT_MAX, -1. */
static struct move_way
way_of(const struct move_map *mm, int hex)
{
	return mm->way[hex];
}

static void
set_way(struct move_map *mm, int hex, int best, int entry)
{
	mm->way[hex].best = best;
	mm->way[hex].entry = entry;
}

/* The entry to keep for hex `to`, entered from `from` across dir: the
 * hexside it came in by, unless the game keeps more (move_rules'
 * map_entry). */
static int
came_in(const struct move_map *mm, int from, int dir, int to)
{
	if (mm->rules->map_entry)
		return mm->rules->map_entry(mm, from, dir, to);
	return (dir + 3) % HEX_NDIRS;
}

/* came_in for a hex entered across its hexside `entry` (0-5), from the
 * hex beyond it; any other entry, an answer of came_in's, is kept. */
static int
way_in(const struct move_map *mm, int to, int entry)
{
	int from;

	if (entry < 0 || entry >= HEX_NDIRS ||
	    (from = map_neighbour(mm->map, to, entry)) < 0)
		return entry;
	return came_in(mm, from, (entry + 3) % HEX_NDIRS, to);
}

unsigned
move_map_terrain_bit(const struct move_map *mm, int hex)
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

/* What the step from `from` across dir into `to` meets, step k of the
 * game's jump (0: none). */
static void
step_at(const struct move_map *mm, int from, int dir, int to, int k,
    struct move_step *st)
{
	const struct map_cells *c = &mm->cells;
	unsigned occ = mm->occ[to];

	memset(st, 0, sizeof *st);
	st->terrain = map_terrain(mm->map, to);
	st->tmask = c->terrain[to] < MOVE_MAXWORDS ? 1u << c->terrain[to] : 0;
	st->features = map_cell_features(c, to);
	st->side = map_cell_side(c, from, dir);
	st->from_features = map_cell_features(c, from);
	st->enemy = (occ & OCC_ENEMY) != 0;
	st->entrenched = (occ & OCC_DUG_IN) != 0;
	st->enter_ezoc = !st->enemy && mm->zoc && mm->zoc[to] &&
	    !(mm->rules->zoc_negated_in_retreat && mm->mode == MOVE_RETREAT &&
	    (occ & OCC_FRIEND));
	st->leave_ezoc = mm->zoc && mm->zoc[from];
	/* a unit that came from the sea has made its first step, landing */
	st->first = from == mm->origin && !mm->starts_off;
	st->index = st->first ? 0 : 1;
	st->on_map = 1;
	/* only a retreat or advance has an aim */
	st->not_away = (mm->naway || mm->ntoward) && off_aim(mm, from, to);
	st->jump = k;
	if (mm->rules->map_step)
		mm->rules->map_step(mm, from, dir, to, st);
}

/* The stack's price of step st into hex `to`. */
static int
price_step(struct move_map *mm, int to, const struct move_step *st,
    int spent, int quiet, struct move_price *best)
{
	int which, j;

	for (j = 0; j < mm->nunits; j++)
		mm->units[j].quiet = quiet;
	if (move_price_stack(mm->rules, mm->units, mm->nunits, 0, st,
	    spent, best, &which) < 0)
		return -1;
	if (mm->rules->stacks && (mm->occ[to] & OCC_FRIEND))
		return move_stack_limit(mm, to, best);
	return 0;
}

static int
price(struct move_map *mm, int from, int dir, int to, int spent, int quiet,
    int k, struct move_price *best)
{
	struct move_step st;

	if (mm->lane != NULL && mm->lane[from] != to) {
		memset(best, 0, sizeof *best);
		return move_deny(best, NULL, "off the path drawn");
	}
	step_at(mm, from, dir, to, k, &st);
	return price_step(mm, to, &st, spent, quiet, best);
}

/* Reading k of the step (move_rules.map_reading): 1, or 0 past the last;
 * a game with none has one, the step as it is. */
static int
reading(const struct move_map *mm, int k, struct move_step *st)
{
	if (mm->rules->map_reading)
		return mm->rules->map_reading(k, st);
	return k == 0;
}

/*
 * May any way on land ever enter hex `to`?  Asked before a search for a
 * path, so that a hex no step can enter (the sea, neutral ground, an enemy
 * unit's hex) is answered at once rather than after a search of all the
 * map the stack can reach.  By move.h's rule, a step refused with nothing
 * spent is refused at any spent; what of a step into `to` waits on the
 * search (the way into the hex it leaves) the game reads every way it
 * may (move_rules.map_reading).  The game's own edges (move_rules.map_enters) may
 * bring the stack where no step may: the search decides.  1: it may; 0:
 * never.
 */
static int
move_map_enterable(struct move_map *mm, int to)
{
	struct move_price p;
	struct move_step st;
	int nb[HEX_NDIRS], d, k;

	if (to == mm->origin || (mm->rules->map_enters &&
	    mm->rules->map_enters(mm, to)))
		return 1;
	map_neighbours(mm->map, to, nb);
	for (d = 0; d < HEX_NDIRS; d++) {
		if (nb[d] < 0)
			continue;
		step_at(mm, nb[d], (d + 3) % HEX_NDIRS, to, 0, &st);
		for (k = 0; reading(mm, k, &st); k++)
			if (price_step(mm, to, &st, 0, 1, &p) == 0)
				return 1;
	}
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

	if (mm->lane != NULL && port != mm->lane_land) {
		memset(best, 0, sizeof *best);
		return move_deny(best, NULL, "off the path drawn");
	}
	memset(&st, 0, sizeof st);
	st.terrain = map_terrain(mm->map, port);
	st.tmask = move_map_terrain_bit(mm, port);
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
move_map_price_jump(struct move_map *mm, int from, int dir, int to,
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

/* A search's step, quiet (the search wants numbers, not the words for
 * them): into e, as path.c has it. */
int
move_map_step_quiet(struct move_map *mm, int from, int dir, int to,
    int spent, int k, struct path_step *e)
{
	struct move_price p;

	e->rule = NULL;
	if (price(mm, from, dir, to, spent, 1, k, &p) < 0) {
		e->rule = p.rule;
		e->why = p.why == p.whybuf ? "not allowed" : p.why;
		return -1;
	}
	e->rule = p.rule;
	e->cost = p.cost;
	e->stop = p.stop;
	e->why = p.why;
	return 0;
}

/* path.c's callback: price, and remember the cheapest free way in. */
int
move_map_cost(void *ud, int from, int dir, int to, int spent,
    struct path_step *e)
{
	struct move_map *mm = ud;

	if (move_map_step_quiet(mm, from, dir, to, spent, 0, e) < 0)
		return -1;
	if (!e->stop && spent + e->cost < way_of(mm, to).best)
		set_way(mm, to, spent + e->cost, came_in(mm, from, dir, to));
	return 0;
}

void
move_map_entered(struct move_map *mm, int hex, int entry)
{
	set_way(mm, hex, way_of(mm, hex).best, way_in(mm, hex, entry));
}

int
move_map_entry(const struct move_map *mm, int hex)
{
	return way_of(mm, hex).entry;
}

/* Every hex starts with no way in (INT_MAX, side -1). */
static void
move_map_reset(struct move_map *mm)
{
	int i, n = map_size(mm->map);

	for (i = 0; i < n; i++)
		mm->way[i] = (struct move_way){ INT_MAX, -1 };
	set_way(mm, mm->origin, 0, way_in(mm, mm->origin, mm->origin_entry));
}

int
move_map_exerts(void *ud, const struct unit *u, int from, int dir, int to)
{
	struct move_map *mm = ud;
	struct move_step st;

	if (u && move_map_off_map(mm, u))
		return 0;
	if (!mm->rules->zoc && !mm->rules->exerts)
		return 1;
	memset(&st, 0, sizeof st);
	st.features = map_features(mm->map, to);
	st.from_features = map_features(mm->map, from);
	st.side = map_side(mm->map, from, dir);
	st.terrain = map_terrain(mm->map, to);
	st.tmask = move_map_terrain_bit(mm, to);
	st.entrenched = (mm->occ[to] & OCC_DUG_IN) != 0;
	if (mm->rules->exerts && !mm->rules->exerts(&mm->units[0], u, dir,
	    &st))
		return 0;
	return !mm->rules->zoc || mm->rules->zoc(&mm->units[0], &st);
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

	mm->occ = err_calloc((size_t)n, 1);
	mm->origin_entry = -1;
	mm->jump0 = mm->jump1 = -1;
	mm->starts_off = (mm->units[0].flags & MOVE_OFF_MAP) != 0;
	map_cells(mm->map, &mm->cells);
	move_map_occupants(mm);
	mm->zoc = situation_zoc(mm->sit, mm->map, mm->side, move_map_exerts,
	    mm);
	if (mm->zones_only)
		return ST_OK;
	mm->way = err_malloc((size_t)n * sizeof *mm->way);
	move_map_reset(mm);
	return ST_OK;
}

void
move_map_free(struct move_map *mm)
{
	free(mm->way);
	free(mm->zoc);
	free(mm->occ);
	mm->way = NULL;
	mm->zoc = mm->occ = NULL;
}

int
move_map_path(struct move_map *mm, int to, int budget,
    struct path_result *out)
{
	int st;

	move_map_reset(mm);
	mm->jump0 = mm->jump1 = -1;
	if (to < 0 || to >= map_size(mm->map) ||
	    !move_map_enterable(mm, to)) {
		memset(out, 0, sizeof *out);
		return ST_NO;
	}
	if (mm->rules->map_path &&
	    (st = mm->rules->map_path(mm, to, budget, out)) != MOVE_MAP_PLAIN)
		return st;
	return path_cheapest(mm->map, mm->origin, to, budget, move_map_cost,
	    mm, out);
}

int
move_map_reach(struct move_map *mm, int budget, int *left, int *prev)
{
	int n;

	move_map_reset(mm);
	if (mm->rules->map_reach &&
	    (n = mm->rules->map_reach(mm, budget, left, prev)) !=
	    MOVE_MAP_PLAIN)
		return n;
	return path_reach(mm->map, mm->origin, budget, move_map_cost, mm,
	    left, prev);
}

int
move_map_check(const struct move_map *mm, struct move_check *out)
{
	memset(out, 0, sizeof *out);
	if (mm->rules->map_check)
		return mm->rules->map_check(mm, out);
	return ST_OK;
}
