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

int
move_map_cheapest(struct move_map *mm, int to, struct path_result *out)
{
	struct guess g;
	unsigned cheap = 0, c1;
	int least = INT_MAX, off = INT_MAX, j, c, st;

	if (!mm->rules->least_step || mm->mode != MOVE_NORMAL ||
	    move_rail_possible(mm))
		return move_map_path(mm, to, -1, out);
	/* a stack pays its dearest unit's cost: no less than any one's least;
	   a step cheap for one unit may be cheap for the stack */
	for (j = 0; j < mm->nunits; j++) {
		if ((c = mm->rules->least_step(&mm->units[j])) < least)
			least = c;
		if (mm->rules->least_off) {
			if ((c = mm->rules->least_off(&mm->units[j], &c1)) < off)
				off = c;
			cheap |= c1;
		}
	}
	move_map_reset(mm);
	mm->rail0 = mm->rail1 = -1;
	if (to < 0 || to >= map_size(mm->map) || !move_map_enterable(mm, to)) {
		memset(out, 0, sizeof *out);
		return ST_NO;
	}
	g.m = mm->map;
	g.goal = cube_of(mm->map, to);
	g.least = least;
	g.off = off;
	/* no cheap hexsides known, or too many: least a hex everywhere */
	if (!mm->rules->least_off || off <= least || guess_init(mm, &g,
	    cheap) < 0) {
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
