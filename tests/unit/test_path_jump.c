/*
 * test_path_jump.c: unit tests for lib/path.c's moves with one jump in
 * them (path_cheapest_jump, path_reach_jump: a rail move, say), against a
 * brute force over both layers.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pathfix.h"
#include "tap.h"

/*
 * The test's jump: from 0201 or 0909, entered free, to 1205 for 3 more,
 * to 0605 for 3 more where the move must end, and back to 0101 for 1.
 */
static int
jump_from(const struct map *m, int hex)
{
	return hex == H(m, "0201") || hex == H(m, "0909");
}

static int
test_jump_fn(void *ud, int from, int spent, const struct path_landing **out)
{
	static struct path_landing l[3];
	const struct map *m = ud;

	*out = l;
	if (!jump_from(m, from))
		return 0;
	l[0] = (struct path_landing){ H(m, "1205"), spent + 3, 0 };
	l[1] = (struct path_landing){ H(m, "0605"), spent + 3, 1 };
	l[2] = (struct path_landing){ H(m, "0101"), spent + 1, 0 };
	return 3;
}

/*
 * The least spent into each hex with at most one jump, by brute force:
 * dist[layer][hex * 2 + stopped] relaxed until none falls, layer 1 after
 * the jump; the jump taken only from a free state before it.  want[hex]:
 * the cheaper layer, -1 where neither is within the budget.
 */
static void
brute_jump(const struct map *m, struct prices *p, int from, int budget,
    int *want)
{
	static int dist[2][2 * 108];
	const struct path_landing *l;
	int n = map_size(m), changed = 1, layer, st, dir, i, k, c, next;
	int nb[HEX_NDIRS];

	for (layer = 0; layer < 2; layer++)
		for (i = 0; i < 2 * n; i++)
			dist[layer][i] = INT_MAX;
	dist[0][2 * from] = 0;
	while (changed) {
		changed = 0;
		for (layer = 0; layer < 2; layer++)
			for (st = 0; st < 2 * n; st += 2) {
				if (dist[layer][st] == INT_MAX)
					continue;
				map_neighbours(m, st / 2, nb);
				for (dir = 0; dir < HEX_NDIRS; dir++) {
					struct path_step e = { 0, 0, NULL, NULL };

					if (nb[dir] < 0 || price(p, st / 2, dir,
					    nb[dir], dist[layer][st], &e) < 0 ||
					    (c = dist[layer][st] + e.cost) > budget)
						continue;
					next = nb[dir] * 2 + (e.stop ? 1 : 0);
					if (c < dist[layer][next]) {
						dist[layer][next] = c;
						changed = 1;
					}
				}
				if (layer)
					continue;
				k = test_jump_fn((void *)m, st / 2,
				    dist[0][st], &l);
				for (i = 0; i < k; i++) {
					next = l[i].hex * 2 + l[i].stop;
					if (l[i].spent <= budget &&
					    l[i].spent < dist[1][next]) {
						dist[1][next] = l[i].spent;
						changed = 1;
					}
				}
			}
	}
	for (i = 0; i < n; i++) {
		c = INT_MAX;
		for (layer = 0; layer < 2; layer++)
			for (k = 0; k < 2; k++)
				if (dist[layer][2 * i + k] < c)
					c = dist[layer][2 * i + k];
		want[i] = c == INT_MAX ? -1 : budget - c;
	}
}

/* A path with a jump as test_jump wants it: from `from` to `to`, each
 * step to a neighbour but the jump's, from where a jump may begin to one
 * of its landings, and the costs adding up to the total. */
static int
jump_path_bad(const struct map *m, const struct path_result *r, int jumped,
    int from, int to)
{
	int i, sum = r->costs[0], bad = r->hexes[0] != from ||
	    r->hexes[r->n - 1] != to || r->costs[0] != 0;

	for (i = 1; i < r->n; i++) {
		sum += r->costs[i];
		if (i != jumped)
			bad += map_direction(m, r->hexes[i - 1], r->hexes[i]) < 0;
	}
	if (jumped)
		bad += !jump_from(m, r->hexes[jumped - 1]) ||
		    (r->hexes[jumped] != H(m, "1205") && r->hexes[jumped] !=
		    H(m, "0605") && r->hexes[jumped] != H(m, "0101"));
	return bad + (sum != r->total);
}

/*
 * path_reach_jump and path_cheapest_jump against the brute force, on
 * four_starts_map's terrain from 0101, 0808 and 1209 with 7 and 14 MP:
 * each hex's MP left, each path's total, and each path well formed.  By
 * hand, from 0101 with 7: 0101-0201 is the road, 1; the jump from 0201 to
 * 1205 then leaves 7 - 1 - 3 = 3 there, and 1206 (clear, 2) 1.
 */
static void
test_jump(void)
{
	struct map *m = text_map(four_starts_map);
	struct prices p;
	struct path_result r;
	struct path_jump jump = { test_jump_fn, NULL };
	int left[108], want[108], start[4], budgets[2] = { 7, 14 };
	int s, b, to, i, jumped, jumps = 0, bad = 0, found = 0;

	if (!m)
		return;
	jump.ud = m;
	four_starts(m, &p, start);
	start[1] = H(m, "0808");
	for (s = 0; s < 3; s++)
		for (b = 0; b < 2; b++) {
			path_reach_jump(m, start[s], budgets[b], price, &p,
			    &jump, left, NULL);
			brute_jump(m, &p, start[s], budgets[b], want);
			for (i = 0; i < map_size(m); i++)
				bad += left[i] != want[i];
			for (to = 0; to < map_size(m); to++) {
				if (path_cheapest_jump(m, start[s], to,
				    budgets[b], price, &p, &jump, &r,
				    &jumped) != ST_OK) {
					bad += want[to] >= 0;
					continue;
				}
				found++;
				jumps += jumped > 0;
				bad += budgets[b] - r.total != want[to] ||
				    jump_path_bad(m, &r, jumped, start[s], to);
				path_result_free(&r);
			}
		}
	is_int(bad, 0, "MP left and paths as the brute force finds them");
	ok(found > 200 && jumps > 50, "many paths, many of them jumping "
	    "(%d, %d)", found, jumps);
	path_reach_jump(m, start[0], 7, price, &p, &jump, left, NULL);
	is_int(left[H(m, "1205")], 3, "0101 road 0201, jump: 3 left in 1205");
	is_int(left[H(m, "1206")], 1, "and 1 in 1206 beside it");
	map_free(m);
}

int
main(void)
{
	test_jump();
	return tap_done();
}
