/*
 * test_path.c: unit tests for lib/path.c on small maps worked by hand:
 * paths, reaches, A*, the pruning of steps that cannot matter, bounded
 * and multi-start searches.  A move with a jump is test_path_jump.c's;
 * the maps, the price list and the helpers both use are pathfix.h's.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pathfix.h"
#include "tap.h"
#include "xorshift.h"

/* The path as ids joined by '-', for comparing with the hand-worked one. */
static const char *
ids(const struct map *m, const struct path_result *r)
{
	static char buf[256];
	char id[HEX_IDLEN];
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < r->n && used < sizeof buf; i++) {
		map_hex_id(m, r->hexes[i], id);
		used += (size_t)snprintf(buf + used, sizeof buf - used, "%s%s",
		    i ? "-" : "", id);
	}
	return buf;
}

/*
 * Five columns by three rows.  0101 to 0501 is four steps: 0101 (odd) NE
 * is 0201, 0201 (even) SE is 0301, then 0401, then 0501.  With 0301 a
 * mountain (3), the way round it costs 4 again: 0101 SE 0202, 0202 SE
 * 0302, 0302 NE 0402, 0402 NE 0501; every other four-step way passes 0301.
 */
static void
test_detour(void)
{
	struct map *m = text_map("game tst\nlayout odd-q\nsize 0101 0503\n"
	    "default clear\n0301 mountain\n");
	struct prices p;
	struct path_result r;

	if (!m)
		return;
	prices_init(&p, m, 1, 3, -1);
	is_int(path_cheapest(m, H(m, "0101"), H(m, "0501"), -1, price, &p, &r),
	    ST_OK, "0101 to 0501 found");
	is_str(ids(m, &r), "0101-0202-0302-0402-0501", "round the mountain");
	is_int(r.total, 4, "four clear hexes, 1 each");
	ok(r.n == 5 && r.costs[0] == 0 && r.costs[1] == 1 && r.costs[4] == 1,
	    "each step costs 1, the start 0");
	path_result_free(&r);

	is_int(path_cheapest(m, H(m, "0101"), H(m, "0501"), 3, price, &p, &r),
	    ST_NO, "no way within 3");
	is_int(path_cheapest(m, H(m, "0101"), H(m, "0501"), 4, price, &p, &r),
	    ST_OK, "a way within 4");
	is_int(r.total, 4, "costing 4");
	path_result_free(&r);
	is_int(path_cheapest(m, H(m, "0101"), H(m, "0101"), 0, price, &p, &r),
	    ST_OK, "a hex to itself");
	ok(r.n == 1 && r.total == 0, "is no move at all");
	path_result_free(&r);
	map_free(m);
}

/*
 * Column 3 is swamp (closed) except 0303, so every way from 0101 to 0501
 * crosses 0303.  By cube distance 0101 -> 0303 is 3 steps (q 1->3, r 1->2,
 * s -2->-5: (2 + 1 + 3) / 2) and 0303 -> 0501 is 3 (q 3->5, r 2->-1, s
 * -5->-4: (2 + 3 + 1) / 2): six clear hexes, 6.
 */
static void
test_closed(void)
{
	struct map *m = text_map("game tst\nlayout odd-q\nsize 0101 0503\n"
	    "default clear\n0301-0302 swamp\n");
	struct prices p;
	struct path_result r;

	if (!m)
		return;
	prices_init(&p, m, 1, 3, -1);
	is_int(path_cheapest(m, H(m, "0101"), H(m, "0501"), -1, price, &p, &r),
	    ST_OK, "a way past the swamp");
	is_int(r.total, 6, "six steps by way of 0303");
	ok(r.n == 7 && r.hexes[3] == H(m, "0303"), "the fourth hex is 0303");
	path_result_free(&r);
	is_int(path_cheapest(m, H(m, "0101"), H(m, "0301"), -1, price, &p, &r),
	    ST_NO, "into the swamp: no way");
	map_free(m);
}

/*
 * A road along 0101/0201/0301/0401/0501 costs 1 half-point a step; clear
 * costs 2 half-points and mountain 6.  Along the road, even over the
 * mountain at 0301: 4 x 1 = 4, where four clear hexes would cost 8.
 */
static void
test_road(void)
{
	struct map *m = text_map("game tst\nlayout odd-q\nsize 0101 0503\n"
	    "default clear\n0301 mountain\n0101/0201 road\n0201/0301 road\n"
	    "0301/0401 road\n0401/0501 road\n");
	struct prices p;
	struct path_result r;

	if (!m)
		return;
	prices_init(&p, m, 2, 6, -1);
	p.road = 1;
	is_int(path_cheapest(m, H(m, "0101"), H(m, "0501"), -1, price, &p, &r),
	    ST_OK, "by road");
	is_str(ids(m, &r), "0101-0201-0301-0401-0501", "along the road");
	is_int(r.total, 4, "4 half-points");
	path_result_free(&r);
	map_free(m);
}

/*
 * Three columns by two rows; 0302 closed; the steps 0202 -> 0301 and
 * 0101 -> 0202 (SE of odd 0101) banned.
 * 0201 can be entered from 0101 for 1, but that step ends the move; or by
 * 0101 -> 0102 (S) -> 0202 (NE of odd 0102, same row) -> 0201 (N) for 3,
 * free.  0301 is reached only from 0201 (0201 SE, same row): cheapest
 * 0101-0102-0202-0201-0301 = 4.  A search keeping one state a hex would
 * settle 0201 at 1, stopped, and find nothing.
 */
static void
test_stop_hides_nothing(void)
{
	struct map *m = text_map("game tst\nlayout odd-q\nsize 0101 0302\n"
	    "default clear\n0302 swamp\n");
	struct prices p;
	struct path_result r;
	int left[6], prev[6];

	if (!m)
		return;
	prices_init(&p, m, 1, 1, -1);
	p.stop_from = H(m, "0101");
	p.stop_to = H(m, "0201");
	p.ban_from[0] = H(m, "0202");
	p.ban_to[0] = H(m, "0301");
	p.ban_from[1] = H(m, "0101");
	p.ban_to[1] = H(m, "0202");
	is_int(path_cheapest(m, H(m, "0101"), H(m, "0301"), -1, price, &p, &r),
	    ST_OK, "0301 is reachable");
	is_str(ids(m, &r), "0101-0102-0202-0201-0301", "the free way round");
	is_int(r.total, 4, "costing 4");
	path_result_free(&r);

	/*
	 * Reach with 5: 0101 keeps 5; 0201 is 1 away (stopped): 4 left;
	 * 0102 1: 4; 0202 2: 3; 0301 4: 1; 0302 closed: -1.
	 */
	is_int(path_reach(m, H(m, "0101"), 5, price, &p, left, prev), 5,
	    "five hexes reached");
	is_int(left[H(m, "0101")], 5, "0101: 5 left");
	is_int(left[H(m, "0201")], 4, "0201: 4 left");
	is_int(left[H(m, "0102")], 4, "0102: 4 left");
	is_int(left[H(m, "0202")], 3, "0202: 3 left");
	is_int(left[H(m, "0301")], 1, "0301: 1 left");
	is_int(left[H(m, "0302")], -1, "0302: closed");
	is_int(prev[H(m, "0201")], H(m, "0101"), "0201's cheapest from 0101");
	is_int(prev[H(m, "0301")], H(m, "0201"), "0301 from 0201");
	is_int(prev[H(m, "0101")], -1, "0101 from nowhere");
	/* With 3, 0301 (4) is out of reach. */
	is_int(path_reach(m, H(m, "0101"), 3, price, &p, left, NULL), 4,
	    "four hexes within 3");
	is_int(left[H(m, "0301")], -1, "0301 beyond 3");
	map_free(m);
}

/*
 * Reach from 0303 (odd column, middle of a 5 x 5 map) with 1 point: the
 * hex and its six neighbours: N 0302, S 0304, and, the column being
 * shifted, NW 0203, NE 0403 on its own row and SW 0204, SE 0404 on the
 * next.  A fort in 0404 ends any move entering it.
 *
 * 0504 (odd column) touches 0503, 0505, 0404 and 0405; of these only 0404
 * touches 0303, so 0504 is 2 steps away through the fort and 3 the other
 * way: 0303 -> 0304 -> 0405 (SE of odd 0304) -> 0504 (NE of even 0405).
 * Every hex of the 5 x 5 map is within 3 steps of 0303 (the corners are
 * exactly 3: 0101 is q 1, r 1 against 0303's q 3, r 2, (2 + 1 + 3) / 2).
 */
static void
test_reach(void)
{
	struct map *m = text_map("game tst\nlayout odd-q\nsize 0101 0505\n"
	    "default clear\n0404 clear fort\n");
	static const char *const ring[] = { "0302", "0304", "0203", "0204",
	    "0403", "0404" };
	struct prices p;
	int left[25], i, sum = 0;

	if (!m)
		return;
	prices_init(&p, m, 1, 1, -1);
	p.fort_stops = 1;
	is_int(path_reach(m, H(m, "0303"), 1, price, &p, left, NULL), 7,
	    "seven hexes within 1");
	for (i = 0; i < 6; i++)
		sum += left[H(m, ring[i])] == 0;
	is_int(sum, 6, "each neighbour with 0 left");
	is_int(left[H(m, "0303")], 1, "the start keeps 1");
	is_int(path_reach(m, H(m, "0303"), 3, price, &p, left, NULL), 25,
	    "within 3, every hex");
	is_int(left[H(m, "0404")], 2, "the fort, 1 away: 2 left");
	is_int(left[H(m, "0504")], 0, "0504 the long way round the fort: 0 left");
	is_int(left[H(m, "0101")], 0, "the corner 0101: 0 left");
	path_reach(m, H(m, "0303"), 2, price, &p, left, NULL);
	is_int(left[H(m, "0504")], -1, "0504 beyond 2, the fort closing the way");
	p.fort_stops = 0;
	path_reach(m, H(m, "0303"), 2, price, &p, left, NULL);
	is_int(left[H(m, "0504")], 0, "with no stop at the fort, 0504 within 2");
	map_free(m);
}

/*
 * A reacher asked again and again must answer as a fresh path_reach each
 * time, nothing of the run before left over.  On test_reach's map (fort in
 * 0404): from 0303 with 3, all 25 hexes; then from the corner 0101 with 1,
 * only 0101 and its neighbours 0102 (S) and, the column odd and so shifted
 * down, 0201 and 0202: 4 hexes, 0303 and 0505 no longer reached; then from
 * 0303 with 2, 0504 out of reach through the fort.
 */
static void
test_reacher(void)
{
	struct map *m = text_map("game tst\nlayout odd-q\nsize 0101 0505\n"
	    "default clear\n0404 clear fort\n");
	static const struct { const char *from; int budget, count; } runs[] = {
		{ "0303", 3, 25 }, { "0101", 1, 4 }, { "0303", 2, 0 },
	};
	struct path_reacher *r;
	struct prices p;
	int left[25], prev[25], i, k, same;

	if (!m)
		return;
	prices_init(&p, m, 1, 1, -1);
	p.fort_stops = 1;
	r = path_reacher_new(m);
	for (k = 0; k < 3; k++) {
		int n = path_reacher_run(r, H(m, runs[k].from), runs[k].budget,
		    price, &p);
		int want = path_reach(m, H(m, runs[k].from), runs[k].budget,
		    price, &p, left, prev);

		if (runs[k].count)
			is_int(n, runs[k].count, "the hexes reached, counted");
		is_int(n, want, "as many as path_reach");
		for (same = 1, i = 0; i < 25; i++)
			same &= path_reacher_left(r, i) == left[i] &&
			    path_reacher_prev(r, i) == prev[i];
		ok(same, "left and prev as path_reach's, every hex");
		ok(path_reacher_left(r, -1) == -1 && path_reacher_left(r, 25) ==
		    -1 && path_reacher_prev(r, 25) == -1, "no hex off the map");
		if (k == 1)
			ok(path_reacher_left(r, H(m, "0303")) == -1 &&
			    path_reacher_left(r, H(m, "0505")) == -1,
			    "the first run's hexes wiped");
		if (k == 2)
			is_int(path_reacher_left(r, H(m, "0504")), -1,
			    "0504 beyond 2 through the fort");
	}
	path_reacher_run(r, -1, 3, price, &p);
	is_int(path_reacher_left(r, H(m, "0303")), -1,
	    "a run from nowhere wipes and reaches nothing");
	path_reacher_free(r);
	map_free(m);
}

/*
 * The order a search takes its states in.  A reach, a path and a reacher
 * must each take the states by cost and, on a tie, by state number
 * (a free state's number is twice its hex's), or the first way into a hex
 * among equal ones, which a game may price the next step by, would
 * depend on the queue.  On a 15 x 15 map whose every step costs 1 or 2
 * (fixed at random for each step), the price function notes each hex it
 * is asked to go on from with the MP spent there: each must come after
 * the one before it by spent, then hex.  Where steps may also cost
 * nothing, a state reached for nothing goes in among those of the cost
 * being taken, even behind the last one taken: spent must still never
 * fall, and a reach (buckets) and a reacher (heap) must go through the
 * same hexes in the same order.
 */
#define ORDER_HEXES	225

struct order {
	unsigned char cost[ORDER_HEXES][HEX_NDIRS];
	int from[ORDER_HEXES], spent[ORDER_HEXES], n, zero;
};

static int
order_price(void *ud, int from, int dir, int to, int spent,
    struct path_step *e)
{
	struct order *o = ud;

	(void)to;
	if ((o->n == 0 || o->from[o->n - 1] != from) && o->n < ORDER_HEXES) {
		o->from[o->n] = from;
		o->spent[o->n++] = spent;
	}
	e->cost = o->cost[from][dir];
	o->zero += e->cost == 0;
	return 0;
}

/* Does each hex noted come after the one before: by spent, and with
 * strict on a tie, by hex? */
static int
in_order(const struct order *o, int strict)
{
	int i;

	for (i = 1; i < o->n; i++)
		if (o->spent[i] < o->spent[i - 1] || (strict && o->spent[i] ==
		    o->spent[i - 1] && o->from[i] <= o->from[i - 1]))
			return 0;
	return 1;
}

static void
test_order(void)
{
	struct map *m = text_map("game tst\nlayout odd-q\nsize 0101 1515\n"
	    "default clear\n");
	struct path_reacher *r;
	struct order a, b;
	int left[ORDER_HEXES], i, d, trial, zero = 0, strict, good = 1;
	int same = 1;

	if (!m)
		return;
	r = path_reacher_new(m);
	rnd_state = 0x6d2b79f5u;
	for (trial = 0; trial < 40; trial++) {
		/* odd trials: some steps cost nothing */
		strict = trial % 2 == 0;
		memset(&a, 0, sizeof a);
		for (i = 0; i < ORDER_HEXES; i++)
			for (d = 0; d < HEX_NDIRS; d++)
				a.cost[i][d] = (unsigned char)(strict ?
				    1 + rnd() % 2 : rnd() % 3);
		b = a;
		path_reach(m, H(m, "0808"), 6, order_price, &a, left, NULL);
		path_reacher_run(r, H(m, "0808"), 6, order_price, &b);
		good &= in_order(&a, strict) && in_order(&b, strict);
		same &= a.n == b.n && memcmp(a.from, b.from, sizeof a.from) ==
		    0 && memcmp(a.spent, b.spent, sizeof a.spent) == 0;
		zero += a.zero;
	}
	ok(zero > 100, "steps that cost nothing were taken (%d)", zero);
	ok(good, "every search went on by spent, then hex");
	ok(same, "the reach and the reacher went the same way");
	path_reacher_free(r);
	map_free(m);
}

/*
 * The MP left in each hex by brute force, for a check that owes nothing
 * to path.c: costs relaxed over every state until none falls (a state is
 * a hex and whether the step into it ended the move, as in path.c), then
 * each hex's cheaper arrival; -1 where none is within the budget.
 */
static void
brute_multi(const struct map *m, struct prices *p, const int *from,
    const int *spent, int nfrom, int budget, int *left)
{
	int dist[2 * 108], n = map_size(m), changed = 1, st, dir, i;
	int nb[HEX_NDIRS];

	for (i = 0; i < 2 * n; i++)
		dist[i] = INT_MAX;
	for (i = 0; i < nfrom; i++)
		if (spent[i] < dist[2 * from[i]])
			dist[2 * from[i]] = spent[i];
	while (changed) {
		changed = 0;
		for (st = 0; st < 2 * n; st += 2) {
			if (dist[st] == INT_MAX)
				continue;
			map_neighbours(m, st / 2, nb);
			for (dir = 0; dir < HEX_NDIRS; dir++) {
				struct path_step e = { 0, 0, NULL, NULL };
				int c, next;

				if (nb[dir] < 0 || price(p, st / 2, dir, nb[dir],
				    dist[st], &e) < 0 || (c = dist[st] + e.cost) >
				    budget)
					continue;
				next = nb[dir] * 2 + (e.stop ? 1 : 0);
				if (c < dist[next]) {
					dist[next] = c;
					changed = 1;
				}
			}
		}
	}
	for (i = 0; i < n; i++) {
		int d = dist[2 * i] < dist[2 * i + 1] ? dist[2 * i] :
		    dist[2 * i + 1];

		left[i] = d == INT_MAX ? -1 : budget - d;
	}
}

static void
brute_left(const struct map *m, struct prices *p, int from, int budget,
    int *left)
{
	int none = 0;

	brute_multi(m, p, &from, &none, 1, budget, left);
}

/*
 * A search leaves unpriced a step into a hex already settled free
 * (path.c, settled).  From every hex of a map with roads, mountains,
 * closed swamps and forts that end a move, path_reach and a path_reacher
 * must leave each hex the MP the brute force finds, and agree on the hex
 * before each.
 */
static void
test_prune_agrees(void)
{
	struct map *m = text_map("game tst\nlayout even-q\nsize 0101 1209\n"
	    "default clear\n0301-0307 mountain\n0703-0709 mountain\n"
	    "0502-0504 swamp\n0404 clear fort\n0806 clear fort\n"
	    "0101/0201 road\n0201/0301 road\n0301/0302 road\n"
	    "0302/0303 road\n0303/0403 road\n");
	struct path_reacher *r;
	struct prices p;
	int left[108], prev[108], want[108], from;
	int budget, i, bad = 0, runs = 0, reached = 0, n, k;

	if (!m)
		return;
	prices_init(&p, m, 2, 5, -1);
	p.road = 1;
	p.fort_stops = 1;
	r = path_reacher_new(m);
	for (from = 0; from < map_size(m); from++)
		for (budget = 3; budget <= 12; budget += 9) {
			n = path_reach(m, from, budget, price, &p, left, prev);
			k = path_reacher_run(r, from, budget, price, &p);
			brute_left(m, &p, from, budget, want);
			for (i = 0; i < map_size(m); i++) {
				bad += left[i] != want[i] ||
				    path_reacher_left(r, i) != want[i] ||
				    prev[i] != path_reacher_prev(r, i);
				reached += want[i] >= 0;
			}
			bad += n != k;
			runs++;
		}
	is_int(runs, 2 * 108, "a reach of 3 and of 12 from every hex");
	ok(reached > 4 * 108, "most reaches go past their own hex");
	is_int(bad, 0, "each hex's MP left as the brute force finds it");
	path_reacher_free(r);
	map_free(m);
}

/*
 * path_cheapest_multi against brute force, from the same four starts as
 * below: for every hex, a path exactly when the brute force reaches it
 * within 9, costing 9 less what it leaves, its first hex one of the
 * starts entered at its own spent, each later step a neighbour, and its
 * costs adding up to the total.
 */
static void
test_cheapest_multi(void)
{
	struct map *m = text_map(four_starts_map);
	struct prices p;
	struct path_result r;
	int from[4], spent[4] = { 0, 2, 5, 4 }, want[108];
	int to, i, k, sum, bad = 0, found = 0;

	if (!m)
		return;
	four_starts(m, &p, from);
	brute_multi(m, &p, from, spent, 4, 9, want);
	for (to = 0; to < map_size(m); to++) {
		if (path_cheapest_multi(m, from, spent, 4, to, 9,
		    price, &p, &r) != ST_OK) {
			bad += want[to] >= 0;
			continue;
		}
		found++;
		bad += want[to] != 9 - r.total || r.hexes[r.n - 1] != to;
		for (k = 0; k < 4 && !(from[k] == r.hexes[0] &&
		    spent[k] == r.costs[0]); k++)
			;
		bad += k == 4;
		for (sum = r.costs[0], i = 1; i < r.n; i++) {
			sum += r.costs[i];
			bad += map_direction(m, r.hexes[i - 1], r.hexes[i]) < 0;
		}
		bad += sum != r.total;
		path_result_free(&r);
	}
	is_int(bad, 0, "each path as the brute force prices it, from a start");
	ok(found > 20, "most hexes have one (%d)", found);
	ok(path_cheapest_multi(m, from, spent, 4, H(m, "0503"), 9,
	    price, &p,
	    &r) == ST_NO, "none into the swamp, which is closed");
	map_free(m);
}


int
main(void)
{
	test_detour();
	test_closed();
	test_road();
	test_stop_hides_nothing();
	test_reach();
	test_reacher();
	test_order();
	test_prune_agrees();
	test_cheapest_multi();
	return tap_done();
}
