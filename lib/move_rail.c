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
 * The search goes in three parts.  Before the rail move: path_reach from
 * the start.  The rail move: from each rail hex reached and free to go on,
 * a search by hexes along the rail; every rail step after the first costs
 * the same, so the fewest hexes is also the cheapest, and a hex where the
 * move must stop (an enemy zone of control, toto 9.9 and 11.4) ends it.
 * After: path_reach_multi from every hex the rail move may end in, with
 * what it left.  A hex's answer is the best of the three.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

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
	int *left0, *prev0;	/* before the rail move */
	int *rleft, *rfrom;	/* the most left after a rail move into each
				   hex, and the hex that rail move began in */
	unsigned char *rstop;	/* that rail move ends there */
	int *left1, *prev1;	/* after the rail move */
	/* one rail move from one hex, as spread() leaves it */
	int *hop, *par, *spent, *list, nlist;
	unsigned char *stop;
};

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
	 * Not cleared, but for hop and rleft (-1: none): the searches fill
	 * left0, prev0, left1 and prev1 whole; rfrom and rstop are read only
	 * where rleft is set, and par, spent and stop only for the hexes of
	 * list, which spread() sets as it lists them.  Clearing twelve
	 * arrays of the map's size cost more than the rail move.
	 */
	r->left0 = xmalloc(n * sizeof *r->left0);
	r->prev0 = xmalloc(n * sizeof *r->prev0);
	r->rleft = xmalloc(n * sizeof *r->rleft);
	r->rfrom = xmalloc(n * sizeof *r->rfrom);
	r->rstop = xmalloc(n);
	r->left1 = xmalloc(n * sizeof *r->left1);
	r->prev1 = xmalloc(n * sizeof *r->prev1);
	r->hop = xmalloc(n * sizeof *r->hop);
	r->par = xmalloc(n * sizeof *r->par);
	r->spent = xmalloc(n * sizeof *r->spent);
	r->list = xmalloc(n * sizeof *r->list);
	r->stop = xmalloc(n);
	memset(r->hop, 0xff, n * sizeof *r->hop);
	memset(r->rleft, 0xff, n * sizeof *r->rleft);
}

static void
rail_free(struct rail *r)
{
	free(r->left0);
	free(r->prev0);
	free(r->rleft);
	free(r->rfrom);
	free(r->rstop);
	free(r->left1);
	free(r->prev1);
	free(r->hop);
	free(r->par);
	free(r->spent);
	free(r->list);
	free(r->stop);
}

/* May a rail move of the moving side run through hex h (16.2)? */
static int
rail_hex(const struct rail *r, int h)
{
	const char *side;

	if (!situation_has_rail_nets(r->mm->sit))
		return (map_features(r->mm->map, h) & r->mask) != 0;
	side = situation_rail_net(r->mm->sit, h);
	return side && strcmp(side, r->mm->side) == 0;
}

/* Every hex a rail move begun in r1, spent0 cost units spent, reaches. */
static void
spread(struct rail *r, int r1, int spent0)
{
	const struct map *m = r->mm->map;
	struct move_price p;
	int i, d, h, nb, around[HEX_NDIRS];

	for (i = 0; i < r->nlist; i++)
		r->hop[r->list[i]] = -1;
	r->nlist = 0;
	r->hop[r1] = 0;
	r->par[r1] = -1;
	r->spent[r1] = spent0;
	r->stop[r1] = 0;
	r->list[r->nlist++] = r1;
	for (i = 0; i < r->nlist; i++) {
		if (r->stop[h = r->list[i]])
			continue;
		map_neighbours(m, h, around);
		for (d = 0; d < HEX_NDIRS; d++) {
			nb = around[d];
			if (nb < 0 || r->hop[nb] >= 0 ||
			    !rail_hex(r, nb) ||
			    move_map_price_quiet(r->mm, h, d, nb, r->spent[h],
			    r->hop[h] + 1, &p) < 0 ||
			    r->spent[h] + p.cost > r->budget)
				continue;
			r->hop[nb] = r->hop[h] + 1;
			r->par[nb] = h;
			r->spent[nb] = r->spent[h] + p.cost;
			r->stop[nb] = (unsigned char)p.stop;
			r->list[r->nlist++] = nb;
		}
	}
}

/* Did the move come into h free to go on (not stopped there)? */
static int
free_in(struct rail *r, int h)
{
	struct move_price p;
	int pv = r->prev0[h];

	if (h == r->mm->origin)
		return 1;
	if (pv < 0 || move_map_price_quiet(r->mm, pv, map_direction(r->mm->map,
	    pv, h), h, r->budget - r->left0[pv], 0, &p) < 0)
		return 0;
	return !p.stop;
}

/* The three parts; left and prev (may be NULL) get the best of them. */
static int
run(struct rail *r, int *left, int *prev)
{
	struct move_map *mm = r->mm;
	int *from, *spent, i, k, x, nsrc = 0, count = 0;

	path_reach(mm->map, mm->origin, r->budget, move_map_cost, mm,
	    r->left0, r->prev0);
	for (i = 0; i < r->n; i++) {
		if (r->left0[i] < 0 || !rail_hex(r, i) ||
		    !free_in(r, i))
			continue;
		spread(r, i, r->budget - r->left0[i]);
		for (k = 1; k < r->nlist; k++) {
			x = r->list[k];
			if (r->budget - r->spent[x] > r->rleft[x]) {
				r->rleft[x] = r->budget - r->spent[x];
				r->rfrom[x] = i;
				r->rstop[x] = r->stop[x];
			}
		}
	}
	/* filled as far as nsrc, all that is read */
	from = xmalloc((size_t)r->n * sizeof *from);
	spent = xmalloc((size_t)r->n * sizeof *spent);
	for (i = 0; i < r->n; i++)
		if (r->rleft[i] >= 0 && !r->rstop[i]) {
			from[nsrc] = i;
			spent[nsrc++] = r->budget - r->rleft[i];
		}
	path_reach_multi(mm->map, from, spent, nsrc, r->budget, move_map_cost,
	    mm, r->left1, r->prev1);
	free(from);
	free(spent);
	for (i = 0; left && i < r->n; i++) {
		left[i] = r->left0[i];
		if (prev)
			prev[i] = r->prev0[i];
		if (r->rleft[i] > left[i]) {
			left[i] = r->rleft[i];
			if (prev)
				prev[i] = r->rfrom[i];
		}
		if (r->left1[i] > left[i]) {
			left[i] = r->left1[i];
			if (prev)
				prev[i] = r->prev1[i] >= 0 ? r->prev1[i] :
				    r->rfrom[i];
		}
		count += left[i] >= 0;
	}
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
	count = run(&r, left, prev);
	rail_free(&r);
	return count;
}

int
move_chain(const int *prev, int end, int *out, int max)
{
	int n = 0, h, i, t;

	for (h = end; h >= 0 && n < max; h = prev[h])
		out[n++] = h;
	for (i = 0; i < n / 2; i++) {
		t = out[i];
		out[i] = out[n - 1 - i];
		out[n - 1 - i] = t;
	}
	return n;
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
		/* back along prev1 to the hex the rail move ended in */
		while (r->prev1[end] >= 0)
			end = r->prev1[end];
	}
	r1 = r->rfrom[end];
	head = move_chain(r->prev0, r1, hx, r->n);
	for (i = 0; i < head; i++)
		sp[i] = r->budget - r->left0[hx[i]];
	spread(r, r1, r->budget - r->left0[r1]);
	rails = move_chain(r->par, end, hx + head - 1, r->n) - 1;
	for (i = head; i < head + rails; i++)
		sp[i] = r->spent[hx[i]];
	n = head + rails;
	if (after) {
		k = move_chain(r->prev1, to, hx + n - 1, r->n) - 1;
		for (i = n; i < n + k; i++)
			sp[i] = r->budget - r->left1[hx[i]];
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
	int plain = st == ST_OK ? out->total : INT_MAX, by_rail, after;

	rail_init(&r, mm, budget < 0 ? RAIL_UNLIMITED : budget);
	run(&r, NULL, NULL);
	by_rail = r.rleft[to] >= 0 ? r.budget - r.rleft[to] : INT_MAX;
	after = r.left1[to] >= 0 && r.budget - r.left1[to] < by_rail;
	if (after)
		by_rail = r.budget - r.left1[to];
	if (by_rail < plain) {
		if (st == ST_OK)
			path_result_free(out);
		build(&r, to, after, out);
		st = ST_OK;
	}
	rail_free(&r);
	return st;
}
