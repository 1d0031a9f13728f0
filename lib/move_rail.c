/*
 * move_rail.c: one rail move inside a move on a map, for a game whose
 * vocabulary has the feature rail (toto 9.8, 9.9): the unit moves as
 * usual, then by rail from hex to hex of the feature rail (the game
 * prices each as step 1, 2, ... of the rail move: the first costs the MP,
 * the limit on hexes is the game's), then on as usual.  One rail move a
 * phase: there is no second.  Whose rail net a hex is part of the
 * situation may say (rail_nets, toto 9.10, 16.2): then the rail move keeps
 * to the moving side's, which may take in road hexes its engineers built
 * on; without it every rail hex on the map is taken to be the moving
 * side's, as the map does not say whose a line is.
 *
 * The search goes in three parts.  Before the rail move: a search from
 * the start.  The rail move: from each rail hex reached and free to go on,
 * a search by hexes along the rail; every rail step after the first costs
 * the same, so the fewest hexes is also the cheapest, and a hex where the
 * move must stop (an enemy zone of control, toto 9.9 and 11.4) ends it.
 * After: a search from every hex the rail move may end in, with what it
 * left.  A hex's answer is the best of the three.  The first and last are
 * path_reachers, which keep their answers in their own states, so that a
 * move that covers a few hexes writes a few pages, not map-sized arrays.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bitmap.h"
#include "err.h"
#include "map.h"
#include "move.h"
#include "move_map.h"
#include "path.h"
#include "units.h"

/* A budget for "as far as it takes" (--to with no MA): cost units. */
#define RAIL_UNLIMITED	(1 << 20)

struct rail {
	struct move_map *mm;
	unsigned mask;		/* the feature rail */
	int n, budget;
	struct path_reacher *before, *after;	/* the first and third parts */
	/* the rail moves: the most left after one into each hex it reaches,
	   the hex that rail move began in, and whether it ends there; set
	   where rset has the hex's bit, and those hexes listed in ends */
	struct rail_end {
		int left, from;
		unsigned char stop;
	} *end;
	uint64_t *rset;
	int *ends, nends;
	/* one rail move from one hex, as spread() leaves it: the hexes of
	   list, whose bits hset has */
	struct rail_hop {
		int hop, par, spent;
		unsigned char stop;
	} *hop;
	uint64_t *hset;
	int *list, nlist;
};

/* The most left after a rail move into h; -1: none reaches it.  (The
 * first and third parts' are path_reacher_left's.) */
static int
rleft(const struct rail *r, int h)
{
	return bitmap_get(r->rset, h) ? r->end[h].left : -1;
}

/* The hex before h in the first part, the third, and the last rail move
 * spread() made; -1: none.  chain() walks back by them. */
static int
prev0(const struct rail *r, int h)
{
	return path_reacher_prev(r->before, h);
}

static int
prev1(const struct rail *r, int h)
{
	return path_reacher_prev(r->after, h);
}

static int
par(const struct rail *r, int h)
{
	return r->hop[h].par;
}

int
move_rail_nets(const struct move_map *mm, int *count)
{
	unsigned any = move_fmask(mm->vocab, "rail") | move_fmask(mm->vocab,
	    "road");
	const char *side;
	char id[HEX_IDLEN];
	int i, n = map_size(mm->map);

	*count = 0;
	if (!situation_has_rail_nets(mm->sit))
		return ST_OK;
	if (!move_fmask(mm->vocab, "rail"))
		return err(ST_DATA, "rail_nets: %s has no rail movement: '%s'",
		    map_game(mm->map), map_game(mm->map));
	for (i = 0; i < n; i++) {
		if (!(side = situation_rail_net(mm->sit, i)))
			continue;
		/* 16.2: a net is built only on roads and railways */
		if (!(map_features(mm->map, i) & any)) {
			map_hex_id(mm->map, i, id);
			return err(ST_DATA, "rail_nets: a hex with neither rail "
			    "nor road (16.2): '%s'", id);
		}
		*count += strcmp(side, mm->side) == 0;
	}
	return ST_OK;
}

int
move_rail_possible(const struct move_map *mm)
{
	return mm->mode == MOVE_NORMAL && move_fmask(mm->vocab, "rail") != 0;
}

static void
rail_init(struct rail *r, struct move_map *mm, int budget)
{
	size_t n = (size_t)map_size(mm->map);

	memset(r, 0, sizeof *r);
	r->mm = mm;
	r->n = (int)n;
	r->budget = budget;
	r->mask = move_fmask(mm->vocab, "rail");
	/*
	 * Nothing map-sized is cleared but two bitmaps: the searches keep
	 * their answers in their own states (path_reacher), and end[], hop[],
	 * ends[] and list[] are read only where a bit or a count says they
	 * were written.  A rail move near one hex then touches the pages of
	 * the hexes it reaches, not twelve arrays of the map's size.
	 */
	r->before = path_reacher_new(mm->map);
	r->after = path_reacher_new(mm->map);
	r->end = xmalloc(n * sizeof *r->end);
	r->rset = bitmap_new(n);
	r->ends = xmalloc(n * sizeof *r->ends);
	r->hop = xmalloc(n * sizeof *r->hop);
	r->hset = bitmap_new(n);
	r->list = xmalloc(n * sizeof *r->list);
}

static void
rail_free(struct rail *r)
{
	path_reacher_free(r->before);
	path_reacher_free(r->after);
	free(r->end);
	free(r->rset);
	free(r->ends);
	free(r->hop);
	free(r->hset);
	free(r->list);
}

/* May a rail move of the moving side run through hex h (16.2)? */
int
move_rail_hex(const struct move_map *mm, int h)
{
	const char *side;

	if (!mm->rail_nets)
		return (map_features(mm->map, h) & move_fmask(mm->vocab,
		    "rail")) != 0;
	side = situation_rail_net(mm->sit, h);
	return side && strcmp(side, mm->side) == 0;
}

static int
rail_hex(const struct rail *r, int h)
{
	if (!r->mm->rail_nets)
		return (map_features(r->mm->map, h) & r->mask) != 0;
	return move_rail_hex(r->mm, h);
}

/* Every hex a rail move begun in r1, spent0 cost units spent, reaches. */
static void
spread(struct rail *r, int r1, int spent0)
{
	const struct map *m = r->mm->map;
	struct move_price p;
	struct rail_hop *at;
	int i, d, h, nb, around[HEX_NDIRS];

	for (i = 0; i < r->nlist; i++)
		bitmap_clear(r->hset, r->list[i]);
	r->nlist = 0;
	r->hop[r1] = (struct rail_hop){ 0, -1, spent0, 0 };
	bitmap_set(r->hset, r1);
	r->list[r->nlist++] = r1;
	for (i = 0; i < r->nlist; i++) {
		at = &r->hop[h = r->list[i]];
		if (at->stop)
			continue;
		map_neighbours(m, h, around);
		for (d = 0; d < HEX_NDIRS; d++) {
			nb = around[d];
			if (nb < 0 || bitmap_get(r->hset, nb) || !rail_hex(r, nb) ||
			    move_map_price_quiet(r->mm, h, d, nb, at->spent,
			    at->hop + 1, &p) < 0 ||
			    at->spent + p.cost > r->budget)
				continue;
			r->hop[nb] = (struct rail_hop){ at->hop + 1, h,
			    at->spent + p.cost, (unsigned char)p.stop };
			bitmap_set(r->hset, nb);
			r->list[r->nlist++] = nb;
		}
	}
}

/* Did the move come into h free to go on (not stopped there)? */
static int
free_in(struct rail *r, int h)
{
	struct move_price p;
	int pv = prev0(r, h);

	if (h == r->mm->origin)
		return 1;
	if (pv < 0 || move_map_price_quiet(r->mm, pv, map_direction(r->mm->map,
	    pv, h), h, r->budget - path_reacher_left(r->before, pv), 0, &p) < 0)
		return 0;
	return !p.stop;
}

/*
 * hex[0 .. n - 1], distinct hexes, put in ascending order: their bits set
 * in set (a bitmap of the map's nhex hexes, all clear, and left clear),
 * read back a word at a time.  Linear in the map's size / 64, where qsort
 * of a reach over the whole map cost more than the rail moves.
 */
static void
sort_hexes(int *hex, int n, uint64_t *set, int nhex)
{
	uint64_t w;
	int i, k = 0;

	for (i = 0; i < n; i++)
		bitmap_set(set, hex[i]);
	for (i = 0; k < n && i <= nhex / 64; i++)
		for (w = set[i]; w; w &= w - 1)
			hex[k++] = i * 64 + __builtin_ctzll(w);
	for (i = 0; i < n; i++)
		bitmap_clear(set, hex[i]);
}

/* Keep what the rail move from r1 left in the hexes it reached: the most
 * left, the first start on a tie (starts go in ascending order). */
static void
keep_rail_move(struct rail *r, int r1)
{
	int k, x, left;

	for (k = 1; k < r->nlist; k++) {
		x = r->list[k];
		if ((left = r->budget - r->hop[x].spent) <= rleft(r, x))
			continue;
		if (!bitmap_get(r->rset, x))
			r->ends[r->nends++] = x;
		r->end[x] = (struct rail_end){ left, r1, r->hop[x].stop };
		bitmap_set(r->rset, x);
	}
}

/* The rail moves from every rail hex the first part reached free to go
 * on, and the third part from every hex one ends in free to go on. */
static void
run(struct rail *r)
{
	struct move_map *mm = r->mm;
	int *hexes, *from, *spent, i, h, nhex, nsrc = 0;

	nhex = path_reacher_run(r->before, mm->origin, r->budget,
	    move_map_cost, mm);
	hexes = xmalloc((size_t)(nhex ? nhex : 1) * sizeof *hexes);
	path_reacher_hexes(r->before, hexes);
	/* in the map's order, which ties go by (keep_rail_move) */
	sort_hexes(hexes, nhex, r->hset, r->n);
	for (i = 0; i < nhex; i++) {
		if (!rail_hex(r, h = hexes[i]) || !free_in(r, h))
			continue;
		spread(r, h, r->budget - path_reacher_left(r->before, h));
		keep_rail_move(r, h);
	}
	free(hexes);
	/* the last rail move's bits off, for sort_hexes to use them */
	for (i = 0; i < r->nlist; i++)
		bitmap_clear(r->hset, r->list[i]);
	r->nlist = 0;
	sort_hexes(r->ends, r->nends, r->hset, r->n);
	from = xmalloc((size_t)(r->nends ? r->nends : 1) * sizeof *from);
	spent = xmalloc((size_t)(r->nends ? r->nends : 1) * sizeof *spent);
	for (i = 0; i < r->nends; i++)
		if (!r->end[h = r->ends[i]].stop) {
			from[nsrc] = h;
			spent[nsrc++] = r->budget - r->end[h].left;
		}
	path_reacher_run_multi(r->after, from, spent, nsrc, r->budget,
	    move_map_cost, mm);
	free(from);
	free(spent);
}

/* Raise left[h] (and set prev[h]) where a part did better; a count of
 * the hexes reached at all. */
static void
better(int *left, int *prev, int h, int l, int p, int *count)
{
	if (l <= left[h])
		return;
	*count += left[h] < 0;
	left[h] = l;
	if (prev)
		prev[h] = p;
}

/* The best of the three parts into left and prev (may be NULL), in the
 * order of the parts: the first, the rail move, the third. */
static int
merge(const struct rail *r, int *left, int *prev)
{
	int *hexes, i, h, k, p, count = 0;

	for (i = 0; i < r->n; i++) {
		left[i] = -1;
		if (prev)
			prev[i] = -1;
	}
	hexes = xmalloc((size_t)r->n * sizeof *hexes);
	k = path_reacher_hexes(r->before, hexes);
	for (i = 0; i < k; i++)
		better(left, prev, hexes[i], path_reacher_left(r->before, hexes[i]),
		    prev0(r, hexes[i]), &count);
	for (i = 0; i < r->nends; i++) {
		h = r->ends[i];
		better(left, prev, h, r->end[h].left, r->end[h].from, &count);
	}
	k = path_reacher_hexes(r->after, hexes);
	for (i = 0; i < k; i++) {
		h = hexes[i];
		p = prev1(r, h);
		better(left, prev, h, path_reacher_left(r->after, h), p >= 0 ? p :
		    r->end[h].from, &count);
	}
	free(hexes);
	return count;
}

int
move_rail_reach(struct move_map *mm, int budget, int *left, int *prev)
{
	struct rail r;
	int count;

	if (budget < 0)
		return path_reach(mm->map, mm->origin, budget, move_map_cost,
		    mm, left, prev);
	rail_init(&r, mm, budget);
	run(&r);
	count = merge(&r, left, prev);
	rail_free(&r);
	return count;
}

/* out[0 .. n - 1] turned end to end: a chain walked back from its end
 * put in the order it was travelled. */
static int
reversed(int *out, int n)
{
	int i, t;

	for (i = 0; i < n / 2; i++) {
		t = out[i];
		out[i] = out[n - 1 - i];
		out[n - 1 - i] = t;
	}
	return n;
}

int
move_chain(const int *prev, int end, int *out, int max)
{
	int n = 0, h;

	for (h = end; h >= 0 && n < max; h = prev[h])
		out[n++] = h;
	return reversed(out, n);
}

/* move_chain over one of the parts' answers, which are not arrays. */
static int
chain(const struct rail *r, int (*prev)(const struct rail *, int), int end,
    int *out, int max)
{
	int n = 0, h;

	for (h = end; h >= 0 && n < max; h = prev(r, h))
		out[n++] = h;
	return reversed(out, n);
}

/* The path through the rail move: before, along the rail, after. */
static void
build(struct rail *r, int to, int after, struct path_result *out)
{
	struct move_map *mm = r->mm;
	/* the path's hexes and spent, filled as far as they are read */
	int *hx = xmalloc((size_t)r->n * 3 * sizeof *hx);
	int *sp = xmalloc((size_t)r->n * 3 * sizeof *sp);
	int end = to, r1, head, rails, n, k, i;

	if (after) {
		/* back along the third part to the hex the rail move ended in */
		while (prev1(r, end) >= 0)
			end = prev1(r, end);
	}
	r1 = r->end[end].from;
	head = chain(r, prev0, r1, hx, r->n);
	for (i = 0; i < head; i++)
		sp[i] = r->budget - path_reacher_left(r->before, hx[i]);
	spread(r, r1, r->budget - path_reacher_left(r->before, r1));
	rails = chain(r, par, end, hx + head - 1, r->n) - 1;
	for (i = head; i < head + rails; i++)
		sp[i] = r->hop[hx[i]].spent;
	n = head + rails;
	if (after) {
		k = chain(r, prev1, to, hx + n - 1, r->n) - 1;
		for (i = n; i < n + k; i++)
			sp[i] = r->budget - path_reacher_left(r->after, hx[i]);
		n += k;
	}
	out->n = n;
	out->hexes = xmalloc((size_t)n * sizeof *out->hexes);
	out->costs = xmalloc((size_t)n * sizeof *out->costs);
	for (i = 0; i < n; i++) {
		out->hexes[i] = hx[i];
		out->costs[i] = i ? sp[i] - sp[i - 1] : 0;
	}
	out->total = sp[n - 1];
	mm->rail0 = head - 1;
	mm->rail1 = head - 1 + rails;
	free(hx);
	free(sp);
}

int
move_rail_path(struct move_map *mm, int to, int budget, int st,
    struct path_result *out)
{
	struct rail r;
	int plain = st == ST_OK ? out->total : INT_MAX, by_rail, after, left1;

	/* only a way by rail cheaper than the plain one is any use: the
	 * search goes no farther (a toto --to out of reach is answered with
	 * the cheapest way at any cost, which without this bound took every
	 * hex of the map and a rail move from each rail hex of it) */
	if (budget < 0 || budget > RAIL_UNLIMITED)
		budget = RAIL_UNLIMITED;
	if (plain != INT_MAX && plain - 1 < budget)
		budget = plain - 1;
	if (budget < 0)
		return st;
	rail_init(&r, mm, budget);
	run(&r);
	by_rail = rleft(&r, to) >= 0 ? r.budget - rleft(&r, to) : INT_MAX;
	left1 = path_reacher_left(r.after, to);
	after = left1 >= 0 && r.budget - left1 < by_rail;
	if (after)
		by_rail = r.budget - left1;
	if (by_rail < plain) {
		if (st == ST_OK)
			path_result_free(out);
		build(&r, to, after, out);
		st = ST_OK;
	}
	rail_free(&r);
	return st;
}
