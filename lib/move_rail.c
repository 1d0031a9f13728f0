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
 * The rail move is the jump of path.c's search with one (path.h,
 * path_cheapest_jump): one search goes by steps over the map, and from
 * each rail hex it enters free to go on, spread() follows the rail, by
 * hexes along it.  Every rail step after the first costs the same, so the
 * fewest hexes is also the cheapest, and a hex where the move must stop
 * (an enemy zone of control, toto 9.9 and 11.4) ends it.  The hexes it
 * reaches are where the jump lands, and the move goes on from them by
 * steps.  A rail hex that an earlier rail move came into free, by no
 * more hexes and having spent no more, is not gone on from: that one went
 * as far from there, no dearer, and path.c keeps where it landed.  So
 * the rail net is walked about once, not once from each of its hexes.  A
 * path through a rail move is filled in afterwards: the rail move from
 * the hex it began in is followed again, whole, to where it landed.
 */
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

struct rail {
	struct move_map *mm;
	int budget;		/* < 0: none */
	/* the fewest hexes an earlier rail move came into a hex by, free to
	   go on, and what it had spent; set where `met` has the hex's bit */
	struct rail_met {
		int hop, spent;
	} *met;
	uint64_t *metset;
	/* one rail move, as spread() leaves it: the hexes of list, whose
	   bits hset has */
	struct rail_hop {
		int hop, par, spent;
		unsigned char stop;
	} *hop;
	uint64_t *hset;
	int *list, nlist;
	struct path_landing *land;	/* where the last one lands */
	/*
	 * Steps 2 to rail_hexes of a rail move price alike (move.h), and a
	 * stack with no allowance pays the same whatever it has spent: then
	 * a rail hexside's price for those steps is kept once worked out,
	 * side[h * 6 + d] where `known` has that bit, as the rail moves from
	 * hex after hex go down the same line.
	 */
	int keep;		/* rail_hexes when kept, else 0 */
	struct rail_side {
		int cost;
		unsigned char stop, ok;	/* ok 0: refused, or no rail hex */
	} *side;
	uint64_t *known;
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
	return mm->mode == MOVE_NORMAL && mm->rail != 0;
}

/*
 * Nothing map-sized is cleared but two bitmaps: met[] and hop[] are read
 * only where a bit says they were written, so a move near one hex touches
 * the pages of the hexes it reaches, not arrays of the map's size.
 */
static void
rail_init(struct rail *r, struct move_map *mm, int budget)
{
	size_t n = (size_t)map_size(mm->map);
	int j;

	memset(r, 0, sizeof *r);
	r->mm = mm;
	r->budget = budget;
	r->met = xmalloc(n * sizeof *r->met);
	r->metset = bitmap_new(n);
	r->hop = xmalloc(n * sizeof *r->hop);
	r->hset = bitmap_new(n);
	r->list = xmalloc(n * sizeof *r->list);
	r->land = xmalloc(n * sizeof *r->land);
	r->keep = mm->rules->river_in_hex ? 0 : mm->rules->rail_hexes;
	for (j = 0; j < mm->nunits; j++)
		if (mm->units[j].ma >= 0)
			r->keep = 0;
	if (r->keep > 1) {
		r->side = xmalloc(n * HEX_NDIRS * sizeof *r->side);
		r->known = bitmap_new(n * HEX_NDIRS);
	}
}

static void
rail_free(struct rail *r)
{
	free(r->met);
	free(r->metset);
	free(r->hop);
	free(r->hset);
	free(r->list);
	free(r->land);
	free(r->side);
	free(r->known);
}

/* May a rail move of the moving side run through hex h (16.2)? */
int
move_rail_hex(const struct move_map *mm, int h)
{
	const char *side;

	if (!mm->rail_nets)
		return (map_cell_features(&mm->cells, h) & mm->rail) != 0;
	side = situation_rail_net(mm->sit, h);
	return side && strcmp(side, mm->side) == 0;
}


/* Did an earlier rail move come into h free, by no more than hop hexes
 * and having spent no more than spent?  Then it went on from h as far as
 * this one could, no dearer. */
static int
met_before(const struct rail *r, int h, int hop, int spent)
{
	return bitmap_get(r->metset, h) && r->met[h].hop <= hop &&
	    r->met[h].spent <= spent;
}

/* Keep what a rail move came into h free by, where it took fewer hexes
 * (or as few for less) than the one kept. */
static void
meet(struct rail *r, int h, int hop, int spent)
{
	if (bitmap_get(r->metset, h) && (r->met[h].hop < hop ||
	    (r->met[h].hop == hop && r->met[h].spent <= spent)))
		return;
	r->met[h] = (struct rail_met){ hop, spent };
	bitmap_set(r->metset, h);
}

/* The price of the step from h across d into nb, step at->hop + 1 of a
 * rail move that came into h as at says: 0, or -1 refused or not into a
 * rail hex.  Kept where r->keep says it may be. */
static int
rail_step(struct rail *r, int h, int d, int nb, const struct rail_hop *at,
    struct path_step *p)
{
	int k = at->hop + 1, i = h * HEX_NDIRS + d, ok;
	int keep = k >= 2 && k <= r->keep;

	if (keep && bitmap_get(r->known, i)) {
		p->cost = r->side[i].cost;
		p->stop = r->side[i].stop;
		return r->side[i].ok ? 0 : -1;
	}
	ok = move_rail_hex(r->mm, nb) && move_map_step_quiet(r->mm, h, d, nb,
	    at->spent, k, p) == 0;
	if (keep) {
		r->side[i] = (struct rail_side){ ok ? p->cost : 0,
		    (unsigned char)(ok && p->stop), (unsigned char)ok };
		bitmap_set(r->known, i);
	}
	return ok ? 0 : -1;
}

/* Every hex a rail move begun in r1, spent0 cost units spent, reaches;
 * pruned: not going on where an earlier one had been (met_before). */
static void
spread(struct rail *r, int r1, int spent0, int pruned)
{
	const struct map *m = r->mm->map;
	struct path_step p;
	struct rail_hop *at;
	int i, d, h, nb, spent, around[HEX_NDIRS];

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
			if (nb < 0 || bitmap_get(r->hset, nb) ||
			    rail_step(r, h, d, nb, at, &p) < 0)
				continue;
			spent = at->spent + p.cost;
			if ((r->budget >= 0 && spent > r->budget) || (pruned &&
			    !p.stop && met_before(r, nb, at->hop + 1, spent)))
				continue;
			r->hop[nb] = (struct rail_hop){ at->hop + 1, h, spent,
			    (unsigned char)p.stop };
			bitmap_set(r->hset, nb);
			r->list[r->nlist++] = nb;
		}
	}
}

/* path.c's jump: the rail move from hex `from`, entered free with spent
 * cost units spent, if it is a rail hex. */
static int
rail_jump(void *ud, int from, int spent, const struct path_landing **out)
{
	struct rail *r = ud;
	struct rail_hop *x;
	int k;

	*out = r->land;
	if (!move_rail_hex(r->mm, from))
		return 0;
	spread(r, from, spent, 1);
	meet(r, from, 0, spent);
	for (k = 1; k < r->nlist; k++) {
		x = &r->hop[r->list[k]];
		r->land[k - 1] = (struct path_landing){ r->list[k], x->spent,
		    x->stop };
		if (!x->stop)
			meet(r, r->list[k], x->hop, x->spent);
	}
	return r->nlist - 1;
}

int
move_rail_reach(struct move_map *mm, int budget, int *left, int *prev)
{
	struct rail r;
	int count;

	struct path_jump j = { rail_jump, &r, NULL, NULL, NULL };

	rail_init(&r, mm, budget);
	count = path_reach_jump(mm->map, mm->origin, budget, move_map_cost, mm,
	    &j, left, prev);
	rail_free(&r);
	return count;
}

/*
 * The path found, whose hexes[j - 1] to hexes[j] is a rail move, with
 * that rail move's hexes put in: the rail move from hexes[j - 1] followed
 * again, unpruned, by the fewest hexes to hexes[j], steps j .. of the
 * rail move being rail0 + 1 .. rail1 (move_path_step).
 */
static void
fill_in(struct rail *r, struct path_result *out, int j)
{
	int r1 = out->hexes[j - 1], end = out->hexes[j], spent0 = 0, rails = 0;
	int *hexes, *costs, i, h, n;

	for (i = 0; i < j; i++)
		spent0 += out->costs[i];
	spread(r, r1, spent0, 0);
	/* the unpruned rail move reaches every hex the pruned one did, by
	   no more hexes */
	for (h = end; h != r1; h = r->hop[h].par)
		rails++;
	n = out->n + rails - 1;
	hexes = xmalloc((size_t)n * sizeof *hexes);
	costs = xmalloc((size_t)n * sizeof *costs);
	memcpy(hexes, out->hexes, (size_t)j * sizeof *hexes);
	memcpy(costs, out->costs, (size_t)j * sizeof *costs);
	for (i = j - 1 + rails, h = end; h != r1; h = r->hop[h].par, i--) {
		hexes[i] = h;
		costs[i] = r->hop[h].spent - r->hop[r->hop[h].par].spent;
	}
	/* the landing's cost as the search found it, which the total counts */
	costs[j - 1 + rails] = spent0 + out->costs[j] -
	    r->hop[r->hop[end].par].spent;
	memcpy(hexes + j + rails, out->hexes + j + 1, (size_t)(out->n - j - 1) *
	    sizeof *hexes);
	memcpy(costs + j + rails, out->costs + j + 1, (size_t)(out->n - j - 1) *
	    sizeof *costs);
	free(out->hexes);
	free(out->costs);
	out->hexes = hexes;
	out->costs = costs;
	out->n = n;
	r->mm->rail0 = j - 1;
	r->mm->rail1 = j - 1 + rails;
}

int
move_rail_path(struct move_map *mm, int to, int budget, path_guess_fn before,
    path_guess_fn after, void *gud, struct path_result *out)
{
	struct path_jump j = { rail_jump, NULL, before, after, gud };
	struct rail r;
	int st, jumped;

	rail_init(&r, mm, budget);
	j.ud = &r;
	st = path_cheapest_jump(mm->map, mm->origin, to, budget, move_map_cost,
	    mm, &j, out, &jumped);
	if (st == ST_OK && jumped > 0)
		fill_in(&r, out, jumped);
	rail_free(&r);
	return st;
}
