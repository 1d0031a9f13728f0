/*
 * move_cheapest.c: the cheapest way to a hex at any cost, for saying how
 * far beyond the allowance it lies (move_map_cheapest, move_map.h).  Split
 * from move_map.c: the search is move_map.c's (or move_rail.c's), looking
 * toward the target first by a bound drawn from the least a step can cost,
 * as the game says: from distances and the hexes beside cheap hexsides
 * (struct guess; loe, sotq), or, where a rail move may cross the map for
 * next to nothing, from a search of a looser map (struct looser; toto).
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "hex.h"
#include "map.h"
#include "move.h"
#include "move_map.h"
#include "move_map_impl.h"
#include "path.h"

/*
 * The bound for the cheapest way at any cost where the game says which
 * hexsides are cheap (move_rules.least_off): every step costs at least
 * `off`, but a step across a cheap hexside as little as `least`.  What is
 * left from a hex is then at least its shortest way in a looser map where
 * any two hexes are off times their distance apart and two beside a cheap
 * hexside `least`: straight to the target, or to a hex beside a cheap
 * hexside (at[]) and on from there, whose least rest[] a small search
 * over those hexes works out first.  A shortest way in such a map never
 * falls by more than a real step costs, so the bound is consistent (path.h,
 * path_cheapest_guided).  Each hex's bound is kept once worked out.
 */
#define GUESS_MAX	64	/* more hexes beside cheap hexsides: the plain
				   bound, least a hex, is used */

struct guess {
	const struct map *m;
	struct cube goal;
	int least, off, n;
	int at[GUESS_MAX], rest[GUESS_MAX];
	struct cube cube[GUESS_MAX];	/* at[i]'s */
	int *known;		/* a hex's bound + 1; 0: not worked out */
};

static struct cube
cube_of(const struct map *m, int hex)
{
	return hex_to_cube(map_hex(m, hex), map_layout(m));
}

static int
guess_left(void *ud, int hex)
{
	struct guess *g = ud;
	struct cube c;
	int h, i, v;

	if (g->known[hex])
		return g->known[hex] - 1;
	c = cube_of(g->m, hex);
	h = g->off * hex_cube_distance(c, g->goal);
	for (i = 0; i < g->n; i++)
		if ((v = g->off * hex_cube_distance(c, g->cube[i]) +
		    g->rest[i]) < h)
			h = v;
	g->known[hex] = h + 1;
	return h;
}

/* at[i] and at[j] touch across a cheap hexside? */
static int
cheap_between(const struct move_map *mm, int i, int j, unsigned cheap)
{
	int d = map_direction(mm->map, i, j);

	return d >= 0 && (map_cell_side(&mm->cells, i, d) & cheap);
}

/* The hexes beside a cheap hexside and the least from each to the goal
 * in the looser map (Dijkstra over them, the goal its source); 0, or -1
 * when there are too many. */
static int
guess_init(struct move_map *mm, struct guess *g, unsigned cheap)
{
	int n = map_size(mm->map), i, j, best, v, done[GUESS_MAX] = { 0 };

	g->n = 0;
	for (i = 0; i < n && cheap; i++)
		if (map_cell_sides(&mm->cells, i) & cheap) {
			if (g->n == GUESS_MAX)
				return -1;
			g->cube[g->n] = cube_of(mm->map, i);
			g->at[g->n++] = i;
		}
	for (i = 0; i < g->n; i++)
		g->rest[i] = g->off * hex_cube_distance(g->cube[i], g->goal);
	for (;;) {
		for (best = -1, i = 0; i < g->n; i++)
			if (!done[i] && (best < 0 || g->rest[i] < g->rest[best]))
				best = i;
		if (best < 0)
			break;
		done[best] = 1;
		for (j = 0; j < g->n; j++) {
			if (done[j])
				continue;
			v = cheap_between(mm, g->at[j], g->at[best], cheap) ?
			    g->least : g->off * hex_cube_distance(g->cube[j],
			    g->cube[best]);
			if (g->rest[best] + v < g->rest[j])
				g->rest[j] = g->rest[best] + v;
		}
	}
	return 0;
}

/*
 * The bound for a game with rail movement, whose rail move crosses the
 * map for next to nothing.  In a looser map, a step costs the least any
 * step costs where least_into's words make it cheap, and else the least
 * into the terrain of the hex it enters (move_rules.least_into, the
 * stack's as move_map_into has it).  Where a step into an enemy zone of
 * control always ends the stack's move (move_rules.zoc_ends), a way may
 * end in such a hex but not go on through it, in the looser map as in the
 * real one (a wall).  The way round the enemy, often most of what such a
 * move costs, is then looked ahead by rather than found hex by hex: on
 * toto's teaching map the Baghdad garrison's 18 MP way to 4716, which
 * goes round two British divisions, takes 58 states where it took 387.
 * After the rail move the bound is what is left from a hex to the goal in
 * that map (path.h, path_cheapest_jump).  Before it, it is no more than
 * what is left from the rail hex nearest the goal, as a rail move may
 * land anywhere on the net (but in a wall, where it ends).  A rail move
 * costs at least nothing, so both are consistent.  (Adding the way to the
 * nearest rail hex makes the bound closer, but a second search of the
 * looser map for it cost more than it saved.)
 *
 * The looser map is searched from the goal outward by Dial's buckets (the
 * steps cost small whole numbers), and only as far as the search toward
 * the goal asks: a hex's distance is final once every bucket below it is
 * done, so each question goes on from where the last one stopped, and far
 * hexes that search never looks at are never reached.  After the rail
 * move a landing far from the goal is not searched for until the search
 * toward the goal comes near its key: until then it is told how far the
 * looser search has come, which it is no nearer than (path_bound_fn).
 */
#define LOOSER_NONE	(INT_MAX / 4)	/* no way in the looser map: none in
					   the real one either */

struct bucket {
	int *hex, n, cap;
};

/* The search of the looser map: each hex's distance so far (INT_MAX
 * none), in b[d % nb] by distance d; the bucket being done, how far in. */
struct dial {
	int *left;
	struct bucket *b;
	int nb, at, k, queued;
	int rail;		/* the first rail hex's distance, of those a
				   way may go on from; -1 none yet */
};

/* what the looser map knows of a hex */
enum { CHEAP = 1, WALL = 2 };

struct looser {
	const struct move_map *mm;
	const struct move_into *into;	/* what a step costs at the least,
					   and what makes it cheap */
	/* each hex's: CHEAP, it has a cheap feature; WALL, a way that
	   enters it ends there (zoc_ends) */
	unsigned char *hex;
	int goal_hex;
	struct dial goal;	/* from the goal */
};

static void
bucket_push(struct bucket *b, int hex)
{
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 64;
		b->hex = xrealloc(b->hex, (size_t)b->cap * sizeof *b->hex);
	}
	b->hex[b->n++] = hex;
}

/* The most a step of the looser map costs: the least into the dearest
 * terrain not refused. */
static int
looser_dearest(const struct move_into *into)
{
	int t, dearest = into->least;

	for (t = 0; t < MOVE_MAXWORDS; t++)
		if (into->in[t] != INT_MAX && into->in[t] > dearest)
			dearest = into->in[t];
	return dearest;
}

/* What a step into terrain t costs at the least but by a cheap way
 * (INT_MAX: refused then). */
static int
looser_into(const struct looser *l, unsigned t)
{
	return t < MOVE_MAXWORDS ? l->into->in[t] : l->into->least;
}

/* A search of n hexes whose steps cost no more than dearest: as many
 * buckets and one, used in turn.  Nothing in it yet. */
static void
dial_init(struct dial *d, int n, int dearest)
{
	int i;

	d->nb = dearest + 1;
	d->b = xcalloc((size_t)d->nb, sizeof *d->b);
	d->left = xmalloc((size_t)n * sizeof *d->left);
	for (i = 0; i < n; i++)
		d->left[i] = INT_MAX;
	d->at = d->k = d->queued = 0;
	d->rail = -1;
}

static void
dial_start(struct dial *d, int hex)
{
	d->left[hex] = 0;
	bucket_push(&d->b[0], hex);
	d->queued++;
}

static void
dial_free(struct dial *d)
{
	int i;

	for (i = 0; i < d->nb; i++)
		free(d->b[i].hex);
	free(d->b);
	free(d->left);
}

/* Does every step into an enemy zone of control end the stack's move?
 * A stack stops where any of its units must (move_price_stack). */
static int
zoc_ends(const struct move_map *mm)
{
	int j;

	for (j = 0; mm->zoc && mm->rules->zoc_ends && j < mm->nunits; j++)
		if (mm->rules->zoc_ends(&mm->units[j]))
			return 1;
	return 0;
}

/* Set up the search of the looser map; nothing searched yet.  Each
 * hex's features are read once, as a yes or no to whether they are
 * cheap, not at each of its six steps; so is its zone of control. */
static void
looser_init(struct move_map *mm, struct looser *l, int goal)
{
	int i, n = map_size(mm->map), walls;

	l->mm = mm;
	l->into = move_map_into(mm);
	walls = zoc_ends(mm);
	l->hex = xmalloc((size_t)n);
	for (i = 0; i < n; i++)
		l->hex[i] = ((map_cell_features(&mm->cells, i) &
		    l->into->features) ? CHEAP : 0) | (walls && mm->zoc[i] &&
		    !(mm->occ[i] & OCC_ENEMY) ? WALL : 0);
	l->goal_hex = goal;
	dial_init(&l->goal, n, looser_dearest(l->into));
	dial_start(&l->goal, goal);
}

static void
looser_free(struct looser *l)
{
	dial_free(&l->goal);
	free(l->hex);
}

/* The least from hex y across dir into h in the looser map, into being
 * what entering h costs but by a cheap way; INT_MAX none. */
static int
looser_step(const struct looser *l, int y, int dir, int h, int into)
{
	if ((l->hex[y] & l->hex[h] & CHEAP) || (l->into->sides &&
	    (map_cell_side(&l->mm->cells, y, dir) & l->into->sides)))
		return l->into->least;
	return into;
}

/* Take d's next hex off its buckets and reach on from it: its ways in,
 * the steps from each neighbour y into it, unless a way into it ends
 * there (WALL) and it is not the goal.  The first rail hex taken off that
 * a rail move may go on from gives d->rail. */
static void
dial_next(const struct looser *l, struct dial *d)
{
	struct bucket *q = &d->b[d->at % d->nb];
	int h, dir, y, c, v, into, around[HEX_NDIRS];

	/* a step of nothing goes into this bucket: its length is read
	   afresh each time round */
	while (d->k == q->n) {
		q->n = d->k = 0;
		q = &d->b[++d->at % d->nb];
	}
	h = q->hex[d->k++];
	d->queued--;
	if (d->left[h] != d->at || ((l->hex[h] & WALL) && h != l->goal_hex))
		return;
	if (d->rail < 0 && move_rail_hex(l->mm, h))
		d->rail = d->at;
	/* what a step into h costs, the same from all six */
	into = looser_into(l, l->mm->cells.terrain[h]);
	if (into == INT_MAX && !(l->hex[h] & CHEAP) && !l->into->sides)
		return;
	map_neighbours(l->mm->map, h, around);
	for (dir = 0; dir < HEX_NDIRS; dir++) {
		/* a hex no farther than h is final: no step makes it less */
		if ((y = around[dir]) < 0 || d->left[y] <= d->at ||
		    (c = looser_step(l, y, (dir + 3) % HEX_NDIRS, h,
		    into)) == INT_MAX || (v = d->at + c) >= d->left[y])
			continue;
		d->left[y] = v;
		bucket_push(&d->b[v % d->nb], y);
		d->queued++;
	}
}

/*
 * hex's distance by d, d searched no farther than upto: exact, *known
 * set, once hex is in the bucket being done (every bucket below is done,
 * and no step costs less than nothing) or d is done; else the bucket d
 * has come to, which hex is no nearer than.
 */
static int
dial_upto(const struct looser *l, struct dial *d, int hex, int upto,
    int *known)
{
	while (d->left[hex] > d->at && d->queued > 0 && d->at <= upto)
		dial_next(l, d);
	*known = d->left[hex] <= d->at || d->queued == 0;
	if (*known)
		return d->left[hex] == INT_MAX ? LOOSER_NONE : d->left[hex];
	return d->at;
}

/* The bound after the rail move, as path_bound_fn asks it. */
static int
looser_after(void *ud, int hex, int upto, int *known)
{
	struct looser *l = ud;

	return dial_upto(l, &l->goal, hex, upto, known);
}

/* Before it: no more than from the rail hex nearest the goal, the first
 * the goal's search comes to; the least of that and the hex's own
 * distance, which needs the search only as far as that rail hex. */
static int
looser_before(void *ud, int hex)
{
	struct looser *l = ud;
	struct dial *d = &l->goal;
	int known;

	while (d->rail < 0 && d->queued > 0)
		dial_next(l, d);
	if (d->rail < 0)
		return dial_upto(l, d, hex, INT_MAX, &known);
	/* no more than d->rail: a hex whose distance is not final yet is at
	   least d->at away, no nearer than the rail hex, and the looser map
	   need be searched no farther for it */
	return d->left[hex] <= d->at && d->left[hex] < d->rail ?
	    d->left[hex] : d->rail;
}

/* The cheapest way at any cost with a rail move, by the bound above. */
static int
rail_cheapest(struct move_map *mm, int to, struct path_result *out)
{
	struct looser l;
	int st;

	looser_init(mm, &l, to);
	st = move_rail_path(mm, to, -1, looser_before, looser_after, &l, out);
	looser_free(&l);
	return st;
}

int
move_map_cheapest(struct move_map *mm, int to, struct path_result *out)
{
	struct guess g;
	unsigned sides = 0, features = 0, s1, f1;
	int least = INT_MAX, off = INT_MAX, j, c, st;

	if (!mm->rules->least_step || mm->mode != MOVE_NORMAL)
		return move_map_path(mm, to, -1, out);
	/* a stack pays its dearest unit's cost: no less than any one's least;
	   a step cheap for one unit may be cheap for the stack */
	for (j = 0; j < mm->nunits; j++) {
		if ((c = mm->rules->least_step(&mm->units[j])) < least)
			least = c;
		if (mm->rules->least_off) {
			if ((c = mm->rules->least_off(&mm->units[j], &s1,
			    &f1)) < off)
				off = c;
			sides |= s1;
			features |= f1;
		}
	}
	move_map_reset(mm);
	mm->rail0 = mm->rail1 = -1;
	if (to < 0 || to >= map_size(mm->map) || !move_map_enterable(mm, to)) {
		memset(out, 0, sizeof *out);
		return ST_NO;
	}
	if (!mm->rules->least_off || off <= least)
		off = least;
	if (move_rail_possible(mm))
		return rail_cheapest(mm, to, out);
	g.m = mm->map;
	g.goal = cube_of(mm->map, to);
	g.least = least;
	g.off = off;
	/* no cheap hexsides known, or too many: least a hex everywhere */
	if (off == least || guess_init(mm, &g, sides) < 0) {
		g.off = least;
		g.n = 0;
	}
	g.known = xcalloc((size_t)map_size(mm->map), sizeof *g.known);
	/* loe 6.4: from the sea the landings are where the way begins */
	if (mm->at_sea)
		st = move_sea_path(mm, to, -1, guess_left, &g, out);
	else
		st = path_cheapest_guided(mm->map, mm->origin, to, -1,
		    guess_left, &g, move_map_cost, mm, out);
	free(g.known);
	return st;
}
