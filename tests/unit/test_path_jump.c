/*
 * test_path_jump.c: unit tests for lib/path.c's moves with one jump in
 * them (path_cheapest_jump, path_reach_jump: a rail move, say), against a
 * brute force over both layers, and the jump's estimates before and after
 * it (path_guess_fn, path_bound_fn) against the search without them.
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
					struct path_step e = { 0, 0, NULL, NULL, INT_MAX };

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
	struct path_result r, r2;
	struct path_jump jump = { test_jump_fn, NULL, NULL, NULL, NULL, 0 };
	int left[108], want[108], start[4], budgets[2] = { 7, 14 };
	int s, b, to, i, jumped, jumped2, jumps = 0, bad = 0, found = 0;

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
				/* bounded after the jump (least step 1,
				   the road's): the same path */
				jump.least = 1;
				bad += path_cheapest_jump(m, start[s], to,
				    budgets[b], price, &p, &jump, &r2,
				    &jumped2) != ST_OK || !same_path(&r, &r2) ||
				    jumped2 != jumped;
				jump.least = 0;
				path_result_free(&r2);
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

/* The estimates of test_jump_estimates: the hexes to the target at the
 * least a step costs (the road's 1), consistent; the target in to. */
struct toward {
	const struct map *m;
	int to, lazy, asked, short_of;
};

static int
hexes_left(const struct toward *t, int hex)
{
	return hex_distance(map_hex(t->m, hex), map_hex(t->m, t->to),
	    map_layout(t->m));
}

static int
guess_before(void *ud, int hex)
{
	(void)ud;
	(void)hex;
	return 0;	/* a jump may land anywhere */
}

/* Known at once, or (lazy) only up to upto: beyond it, one more than
 * upto, the least a path_bound_fn may answer. */
static int
bound_after(void *ud, int hex, int upto, int *known)
{
	struct toward *t = ud;
	int h = hexes_left(t, hex);

	t->asked++;
	*known = !t->lazy || h <= upto;
	if (*known)
		return h;
	t->short_of++;
	return upto + 1 > 0 ? upto + 1 : 0;
}

/* test_prices' price, each step it is asked folded into a hash: two
 * searches that price the same steps in the same order hash alike. */
struct traced {
	struct prices *p;
	uint64_t hash;
};

static int
traced_price(void *ud, int from, int dir, int to, int spent,
    struct path_step *e)
{
	struct traced *tr = ud;
	uint64_t v = (uint64_t)from << 40 ^ (uint64_t)dir << 32 ^
	    (uint64_t)(unsigned)spent;

	/* FNV-1a over the step's words */
	tr->hash = (tr->hash ^ v) * UINT64_C(0x100000001b3);
	return price(tr->p, from, dir, to, spent, e);
}

/*
 * A search whose estimate after the jump is told only as far as asked
 * (path_bound_fn) goes as the same search told the estimate at once: the
 * same steps priced in the same order, so the same paths hex for hex, for
 * every start, target and budget of test_jump's, with no budget too.
 * Taking a bound short of the estimate for the estimate goes otherwise.
 */
static void
test_jump_estimates(void)
{
	struct map *m = text_map(four_starts_map);
	struct prices p;
	struct path_result r, r2;
	struct toward t;
	struct traced tr, tr2;
	struct path_jump jump = { test_jump_fn, NULL, guess_before,
	    bound_after, NULL, 0 };
	int start[4], budgets[3] = { 7, 14, -1 };
	int s, b, to, jumped, jumped2, st, st2, bad = 0, found = 0, short_of = 0;

	if (!m)
		return;
	jump.ud = m;
	jump.gud = &t;
	t.m = m;
	four_starts(m, &p, start);
	start[1] = H(m, "0808");
	tr.p = tr2.p = &p;
	for (s = 0; s < 3; s++)
		for (b = 0; b < 3; b++)
			for (to = 0; to < map_size(m); to++) {
				t.to = to;
				t.lazy = 0;
				/* FNV-1a's offset basis */
				tr.hash = UINT64_C(0xcbf29ce484222325);
				tr2.hash = tr.hash;
				st = path_cheapest_jump(m, start[s], to,
				    budgets[b], traced_price, &tr, &jump, &r,
				    &jumped);
				t.lazy = 1;
				t.short_of = 0;
				st2 = path_cheapest_jump(m, start[s], to,
				    budgets[b], traced_price, &tr2, &jump, &r2,
				    &jumped2);
				short_of += t.short_of;
				found += st == ST_OK;
				bad += st != st2 || tr.hash != tr2.hash ||
				    (st == ST_OK && (!same_path(&r, &r2) ||
				    jumped != jumped2));
				path_result_free(&r);
				path_result_free(&r2);
			}
	is_int(bad, 0, "estimates told as far as asked: the same steps in the "
	    "same order, the same paths");
	ok(found > 300 && short_of > 1000, "over many paths (%d), many "
	    "estimates left short (%d)", found, short_of);
	map_free(m);
}

int
main(void)
{
	test_jump();
	test_jump_estimates();
	return tap_done();
}
