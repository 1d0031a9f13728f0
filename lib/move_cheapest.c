/*
 * move_cheapest.c: the cheapest way to a hex at any cost, for saying how
 * far beyond the allowance it lies (move_map_cheapest, move_map.h).  Split
 * from move_map.c: the search is move_map.c's, told the least a step can
 * cost by the game.
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

static int
cube_apart(struct cube a, struct cube b)
{
	return (abs(a.q - b.q) + abs(a.r - b.r) + abs(a.s - b.s)) / 2;
}

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
	h = g->off * cube_apart(c, g->goal);
	for (i = 0; i < g->n; i++)
		if ((v = g->off * cube_apart(c, g->cube[i]) + g->rest[i]) < h)
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

/* Does hex i have a cheap hexside?  Read a byte at a time where the map
 * keeps its hexsides in bytes: every hex of the map is asked. */
static int
has_cheap_side(const struct map_cells *c, int i, unsigned cheap)
{
	const uint8_t *b;
	int d;

	if (c->sides8) {
		b = c->sides8 + (size_t)i * HEX_NDIRS;
		return ((b[0] | b[1] | b[2] | b[3] | b[4] | b[5]) & cheap) != 0;
	}
	for (d = 0; d < HEX_NDIRS; d++)
		if (map_cell_side(c, i, d) & cheap)
			return 1;
	return 0;
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
		if (has_cheap_side(&mm->cells, i, cheap)) {
			if (g->n == GUESS_MAX)
				return -1;
			g->cube[g->n] = cube_of(mm->map, i);
			g->at[g->n++] = i;
		}
	for (i = 0; i < g->n; i++)
		g->rest[i] = g->off * cube_apart(g->cube[i], g->goal);
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
			    g->least : g->off * cube_apart(g->cube[j],
			    g->cube[best]);
			if (g->rest[best] + v < g->rest[j])
				g->rest[j] = g->rest[best] + v;
		}
	}
	return 0;
}

/*
 * The bound for a game with rail movement, whose rail move crosses the
 * map for next to nothing: what is left from each hex to the goal in a
 * looser map where a step costs `least` where least_off's words make it
 * cheap, and else the least into the terrain of the hex it enters
 * (move_rules.least_in, or least_off's everywhere), worked out for the
 * whole map from the goal outward, by Dial's buckets as the steps cost
 * small whole numbers.  After the rail move that is the bound (path.h,
 * path_cheapest_jump); before it, no more than the least from any hex of
 * the rail net, where a rail move may land.  A rail move costs at least
 * nothing, so both are consistent.
 */
struct looser {
	int least;
	unsigned sides, features;	/* what makes a step cheap */
	int in[MAP_MAX_TERRAINS];	/* the least into each terrain; -1:
					   refused but by a cheap step */
	int dearest;		/* of in[] and least */
	int *left;		/* each hex's, after the rail move */
	int rail;		/* the least of the rail hexes' */
};

struct bucket {
	int *hex, n, cap;
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

/* The stack's least into each terrain: its dearest unit's (a stack pays
 * that), refused where any unit's is. */
static void
looser_init(struct move_map *mm, struct looser *l, int least, int off,
    unsigned sides, unsigned features)
{
	int t, j, c;

	l->least = l->dearest = least;
	l->sides = sides;
	l->features = features;
	for (t = 0; t < MAP_MAX_TERRAINS; t++) {
		l->in[t] = off;
		for (j = 0; mm->rules->least_in && t < mm->vocab->nterrain &&
		    j < mm->nunits && l->in[t] >= 0; j++)
			if ((c = mm->rules->least_in(&mm->units[j],
			    mm->vocab->terrain[t])) < 0 || j == 0 || c > l->in[t])
				l->in[t] = c;
		if (l->in[t] > l->dearest)
			l->dearest = l->in[t];
	}
}

/* The least from hex h across dir into y in the looser map; -1 none.
 * cheap[]: whether a hex has a cheap feature. */
static int
looser_step(const struct move_map *mm, const struct looser *l,
    const unsigned char *cheap, int h, int d, int y)
{
	if ((cheap[h] & cheap[y]) || (l->sides && (map_cell_side(&mm->cells, h,
	    d) & l->sides)))
		return l->least;
	return l->in[mm->cells.terrain[y]];
}

/* l->left[] for the goal.  Each hex's features are read once, as a yes or
 * no to whether they are cheap, not at each of its six steps. */
static void
looser_left(struct move_map *mm, struct looser *l, int goal)
{
	/* a step costs no more than dearest: as many buckets, and one, used
	   in turn */
	int nb = l->dearest + 1, n = map_size(mm->map), queued = 1, at, i, k;
	int d, h, y, v, c, around[HEX_NDIRS], *left = l->left;
	struct bucket *b = xcalloc((size_t)nb, sizeof *b);
	unsigned char *cheap = xmalloc((size_t)n);

	for (i = 0; i < n; i++) {
		left[i] = INT_MAX;
		cheap[i] = (map_cell_features(&mm->cells, i) & l->features) != 0;
	}
	left[goal] = 0;
	bucket_push(&b[0], goal);
	for (at = 0; queued > 0; at++) {
		struct bucket *q = &b[at % nb];

		/* a step of nothing goes into this bucket: its length is read
		   afresh each time round */
		for (k = 0; k < q->n; k++) {
			queued--;
			if (left[h = q->hex[k]] != at)
				continue;
			map_neighbours(mm->map, h, around);
			for (d = 0; d < HEX_NDIRS; d++) {
				/* the way back: from y across d's opposite */
				if ((y = around[d]) < 0 || (c = looser_step(mm, l,
				    cheap, y, (d + 3) % HEX_NDIRS, h)) < 0 ||
				    (v = at + c) >= left[y])
					continue;
				left[y] = v;
				bucket_push(&b[v % nb], y);
				queued++;
			}
		}
		q->n = 0;
	}
	for (i = 0; i < nb; i++)
		free(b[i].hex);
	free(b);
	free(cheap);
}

static int
looser_after(void *ud, int hex)
{
	const struct looser *l = ud;

	return l->left[hex];
}

static int
looser_before(void *ud, int hex)
{
	const struct looser *l = ud;

	return l->left[hex] < l->rail ? l->left[hex] : l->rail;
}

/* The cheapest way at any cost with a rail move, by the bound above. */
static int
rail_cheapest(struct move_map *mm, int to, int least, int off,
    unsigned sides, unsigned features, struct path_result *out)
{
	struct looser l;
	int i, n = map_size(mm->map), st;

	looser_init(mm, &l, least, off, sides, features);
	l.left = xmalloc((size_t)n * sizeof *l.left);
	looser_left(mm, &l, to);
	l.rail = INT_MAX;
	for (i = 0; i < n; i++)
		if (l.left[i] < l.rail && move_rail_hex(mm, i))
			l.rail = l.left[i];
	st = move_rail_path(mm, to, -1, looser_before, looser_after, &l, out);
	free(l.left);
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
		return rail_cheapest(mm, to, least, off, sides, features, out);
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
