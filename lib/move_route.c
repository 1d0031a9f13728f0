/*
 * move_route.c: retreat and advance routes on a map (move_route.h).  A
 * retreat must end as many hexes away as it is long (loe 8.4.1, toto
 * 13.1), so every step of a route goes one hex farther out and a route
 * never enters a hex twice; among the routes to each end the one losing
 * the fewest divisional equivalents counts (toto 13.2: one per EZOC
 * entered).  An advance enters the hex the defender left first (loe
 * 8.5.1, toto 14.2).  Each step is the game's, through lib/move_map.c;
 * no rule lives here.
 */
#include <limits.h>
#include <stdlib.h>

#include "err.h"
#include "hex.h"
#include "map.h"
#include "move.h"
#include "move_map.h"
#include "move_route.h"

/*
 * Fewest losses reaching each hex of set[] in exactly `steps` steps,
 * layer by layer into best[] (INT_MAX: not reached); next[] is room.  A
 * hex step s + 1 hexes out can only be reached at layer s + 1 from one s
 * hexes out, so prev[] then holds the fewest-loss route to it.
 */
static void
fewest_losses(struct move_map *mm, const int *set, int nset, int steps,
    const int *dist, int *best, int *next, int *prev)
{
	struct move_price p;
	int s, i, d, from, to, n = map_size(mm->map);

	for (i = 0; i < n; i++) {
		best[i] = INT_MAX;
		prev[i] = -1;
	}
	best[mm->origin] = 0;
	for (s = 0; s < steps; s++) {
		for (i = 0; i < nset; i++)
			next[set[i]] = INT_MAX;
		for (i = 0; i < nset; i++) {
			if (best[from = set[i]] == INT_MAX)
				continue;
			for (d = 0; d < HEX_NDIRS; d++) {
				to = map_neighbour(mm->map, from, d);
				if (to < 0 || move_map_price(mm, from, d, to, s,
				    &p) < 0 || best[from] + p.loss >= next[to])
					continue;
				next[to] = best[from] + p.loss;
				if (dist[to] == s + 1)
					prev[to] = from;
			}
		}
		for (i = 0; i < nset; i++)
			best[set[i]] = next[set[i]];
	}
}

/*
 * toto 13.2: no retreat into an EZOC while another way is open, so only
 * the ends with the fewest divisional equivalents lost stand (in loe no
 * retreat enters an EZOC: every loss is 0).  The rest are counted in
 * out->dropped.
 */
static void
keep_fewest(struct move_retreat *out)
{
	int i, m = INT_MAX, kept = 0;

	for (i = 0; i < out->nends; i++)
		if (out->loss[out->ends[i]] < m)
			m = out->loss[out->ends[i]];
	for (i = 0; i < out->nends; i++)
		if (out->loss[out->ends[i]] == m)
			out->ends[kept++] = out->ends[i];
	out->dropped = out->nends - kept;
	out->nends = kept;
}

/* sotq 9.B: with no other way, a retreat may break the stacking rules
 * the game names; once, on every unit of the stack.  1 if it is tried. */
static int
last_resort(struct move_map *mm)
{
	int j;

	if (!mm->units[0].last_resort ||
	    (mm->units[0].flags & MOVE_LAST_RESORT))
		return 0;
	for (j = 0; j < mm->nunits; j++)
		mm->units[j].flags |= MOVE_LAST_RESORT;
	return 1;
}

int
move_retreat(struct move_map *mm, int hexes, struct move_retreat *out)
{
	struct hex o = map_hex(mm->map, mm->origin);
	int n = map_size(mm->map), i, nset = 0;
	int *next = xcalloc((size_t)n, sizeof *next);
	int *dist = xcalloc((size_t)n, sizeof *dist);
	int *set = xcalloc((size_t)n, sizeof *set);

	out->left = xcalloc((size_t)n, sizeof *out->left);
	out->loss = xcalloc((size_t)n, sizeof *out->loss);
	out->prev = xcalloc((size_t)n, sizeof *out->prev);
	out->ends = xcalloc((size_t)n, sizeof *out->ends);
	out->nends = out->far = out->dropped = 0;
	move_map_reach(mm, hexes, out->left, NULL);
	for (i = 0; i < n; i++) {
		if (out->left[i] < 0)
			continue;
		set[nset++] = i;
		dist[i] = hex_distance(o, map_hex(mm->map, i),
		    map_layout(mm->map));
	}
	fewest_losses(mm, set, nset, hexes, dist, out->loss, next,
	    out->prev);
	for (i = 0; i < nset; i++) {
		if (set[i] == mm->origin)
			continue;
		if (dist[set[i]] == hexes && out->loss[set[i]] != INT_MAX)
			out->ends[out->nends++] = set[i];
		else if (dist[set[i]] > out->far)
			out->far = dist[set[i]];
	}
	keep_fewest(out);
	free(set);
	free(dist);
	free(next);
	if (!out->nends && last_resort(mm)) {
		move_retreat_free(out);
		return move_retreat(mm, hexes, out);
	}
	return out->nends;
}

/* Does a step off the map from hex i in direction d keep the aim? */
static int
off_keeps_aim(const struct move_map *mm, int i, int d)
{
	enum hex_layout l = map_layout(mm->map);
	struct hex from = map_hex(mm->map, i), off = hex_neighbour(from, d, l);
	struct hex a;
	int k;

	for (k = 0; k < mm->naway; k++) {
		a = map_hex(mm->map, mm->away[k]);
		if (hex_distance(a, off, l) <= hex_distance(a, from, l))
			return 0;
	}
	if (!mm->ntoward)
		return 1;
	a = map_hex(mm->map, mm->toward);
	return hex_distance(a, off, l) < hex_distance(a, from, l);
}

int
move_retreat_exits(const struct move_map *mm, const int *left, int *list)
{
	int n = map_size(mm->map), i, d, k = 0;

	for (i = 0; i < n; i++) {
		if (left[i] < 1)
			continue;
		for (d = 0; d < HEX_NDIRS; d++)
			if (map_neighbour(mm->map, i, d) < 0 &&
			    off_keeps_aim(mm, i, d)) {
				list[k++] = i;
				break;
			}
	}
	return k;
}

void
move_retreat_free(struct move_retreat *r)
{
	free(r->left);
	free(r->loss);
	free(r->prev);
	free(r->ends);
	r->left = r->loss = r->prev = r->ends = NULL;
}

int
move_advance_via(struct move_map *mm, int via, int budget, int *left,
    int *prev, struct move_price *p)
{
	int origin = mm->origin, d = map_direction(mm->map, origin, via);
	int i, n = map_size(mm->map);

	if (move_map_price(mm, origin, d, via, 0, p) < 0)
		return -1;
	if (p->stop || budget <= 1) {
		for (i = 0; i < n; i++) {
			left[i] = -1;
			if (prev)
				prev[i] = -1;
		}
	} else {
		/* on from the defender's hex, come in from the unit's */
		mm->origin = via;
		mm->origin_entry = map_direction(mm->map, via, origin);
		move_map_reach(mm, budget - 1, left, prev);
		mm->origin = origin;
		mm->origin_entry = -1;
	}
	left[origin] = -1;
	left[via] = budget - 1;
	if (prev) {
		prev[origin] = -1;
		prev[via] = origin;
	}
	return 0;
}
