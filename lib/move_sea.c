/*
 * move_sea.c: the move of a stack that begins the phase at sea (loe 6.4):
 * it lands first, at any hex of the feature port where the game lets it
 * (loe: an Italian port no enemy holds, 6.4 B and D, for 1 MP), then moves
 * on as usual.  One search from every such port at once
 * (path_reach_multi), each entered with what its landing cost; a port
 * where the landing must stop (an enemy zone of control) ends the move
 * there.  A path is shown from the hex the situation lists the stack in
 * (the port it sailed from), the landing as its first step.
 */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "map.h"
#include "move.h"
#include "move_map.h"
#include "path.h"

/* A budget for "as far as it takes" (--to with no MA): cost units. */
#define SEA_UNLIMITED	(1 << 20)

/* left[] and prev[] after landing wherever the game allows. */
int
move_sea_reach(struct move_map *mm, int budget, int *left, int *prev)
{
	unsigned port = move_fmask(mm->vocab, "port");
	int n = map_size(mm->map), i, nsrc = 0, count = 0;
	int *from = xcalloc((size_t)n, sizeof *from);
	int *spent = xcalloc((size_t)n, sizeof *spent);
	int *stopped = xcalloc((size_t)n, sizeof *stopped);
	struct move_price p;

	for (i = 0; i < n; i++) {
		stopped[i] = -1;
		if (!(map_features(mm->map, i) & port) || move_map_land(mm, i, 0,
		    1, &p) < 0 || p.cost > budget)
			continue;
		if (p.stop)
			stopped[i] = budget - p.cost;
		else {
			from[nsrc] = i;
			spent[nsrc++] = p.cost;
		}
	}
	path_reach_multi(mm->map, from, spent, nsrc, budget, move_map_cost, mm,
	    left, prev);
	for (i = 0; i < n; i++) {
		if (stopped[i] > left[i]) {
			left[i] = stopped[i];
			if (prev)
				prev[i] = -1;
		}
		count += left[i] >= 0;
	}
	free(from);
	free(spent);
	free(stopped);
	return count;
}

int
move_sea_path(struct move_map *mm, int to, int budget,
    struct path_result *out)
{
	int n = map_size(mm->map), k, i;
	int b = budget < 0 ? SEA_UNLIMITED : budget;
	int *left = xcalloc((size_t)n, sizeof *left);
	int *prev = xcalloc((size_t)n, sizeof *prev);
	int *hx = xcalloc((size_t)n + 1, sizeof *hx);

	memset(out, 0, sizeof *out);
	move_sea_reach(mm, b, left, prev);
	if (to < 0 || left[to] < 0) {
		free(left);
		free(prev);
		free(hx);
		return ST_NO;
	}
	/* the port sailed from, then the landing and the way on */
	hx[0] = mm->origin;
	k = move_chain(prev, to, hx + 1, n) + 1;
	out->n = k;
	out->hexes = xmalloc((size_t)k * sizeof *out->hexes);
	out->costs = xmalloc((size_t)k * sizeof *out->costs);
	for (i = 0; i < k; i++) {
		out->hexes[i] = hx[i];
		out->costs[i] = i == 0 ? 0 : i == 1 ? b - left[hx[1]] :
		    left[hx[i - 1]] - left[hx[i]];
	}
	out->total = b - left[to];
	free(left);
	free(prev);
	free(hx);
	return ST_OK;
}
