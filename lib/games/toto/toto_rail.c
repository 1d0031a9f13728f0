/*
 * toto_rail.c: one rail move inside a move on a map (9.8, 9.9), the jump
 * layer toto's movement rules give the map search (move.h, map_path): the
 * unit moves as usual, then by rail from hex to hex of the feature rail
 * (toto_move.c prices each as step 1, 2, ... of the rail move: the first
 * costs the MP, the limit on hexes is 9.8's), then on as usual.  One rail move a
 * phase: there is no second.  Whose rail net a hex is part of the
 * situation may say (rail_nets, 9.10, 16.2): then the rail move keeps
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
 * as far from there, no dearer, and path.c keeps where it landed.  So a
 * rail move goes on only where it has hexes to spare that the ones before
 * it lacked (one begun a hex farther down the line reaches a hex farther
 * at the far end, for half an MP more, and no more).  A path through a
 * rail move is filled in afterwards: the rail move from the hex it began
 * in is followed again, whole, to where it landed.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "map.h"
#include "move.h"
#include "move_map.h"
#include "path.h"
#include "situation.h"
#include "games/toto/toto_rail.h"

/*
 * What the rail moves know of a rail hex they reach, kept in a slot of
 * its own: the rail hexes a search meets are a few dozen of the map's
 * hexes, so the slots fill a page or two where arrays of the map's size
 * indexed by hex would each be touched on a page for every few of them.
 */
struct rail_hex {
	int hex;
	/* in the last rail move spread() made, where stamp is its number:
	   hexes from its start, the slot before, spent, and whether the
	   move ends there */
	int stamp, hop, par, spent;
	unsigned char stop;
	/* met: an earlier rail move came in free by met_hop hexes, having
	   spent met_spent (the fewest hexes kept) */
	unsigned char met;
	int met_hop, met_spent;
	/* the slot of the rail hex across each side, -1 none, once
	   linked: rail moves down the same line ask again and again */
	unsigned char linked;
	int next[HEX_NDIRS];
};

struct rail {
	struct move_map *mm;
	unsigned bit;		/* the feature bit of a rail hex */
	int nets;		/* the situation says whose rail nets are */
	int budget;		/* < 0: none */
	struct rail_hex *slot;	/* nslot in use, in the order met */
	int nslot, slotcap;
	int *index;		/* a hash of hexes to slot + 1; 0 empty */
	int indexcap;		/* 2^indexbits, at least twice nslot */
	int indexbits;
	int stamp;		/* spread()'s number */
	/* the last rail move: its slots in the order reached, and where it
	   lands */
	int *list, nlist;
	struct path_landing *land;
};

/* 16.2: a situation may say whose rail net each hex is part of. */
const struct situation_member toto_rail_members[] = {
	{ TOTO_RAIL_NETS, "nets" }, { NULL, NULL }
};

int
toto_rail_nets(const struct move_map *mm, struct move_check *out)
{
	unsigned any = move_fmask(mm->vocab, "rail") | move_fmask(mm->vocab,
	    "road");
	const char *side;
	char id[HEX_IDLEN];
	int i, n = map_size(mm->map);

	if (!situation_has(mm->sit, TOTO_RAIL_NETS))
		return ST_OK;
	if (!move_fmask(mm->vocab, "rail"))
		return err(ST_DATA, "rail_nets: %s has no rail movement: '%s'",
		    map_game(mm->map), map_game(mm->map));
	for (i = 0; i < n; i++) {
		if (!(side = situation_side_at(mm->sit, TOTO_RAIL_NETS, i)))
			continue;
		/* 16.2: a net is built only on roads and railways */
		if (!(map_features(mm->map, i) & any)) {
			map_hex_id(mm->map, i, id);
			return err(ST_DATA, "rail_nets: a hex with neither rail "
			    "nor road (16.2): '%s'", id);
		}
		out->count += strcmp(side, mm->side) == 0;
	}
	/* 9.10, 16.2: what a rail move keeps to, said with the answer */
	if (mm->mode == MOVE_NORMAL) {
		snprintf(out->text, sizeof out->text, "a rail move keeps to the "
		    "%s rail net: %d hex%s", mm->side, out->count, out->count ==
		    1 ? "" : "es");
		out->rule = "9.10, 16.2";
		out->member = "rail_net";
		out->side = mm->side;
	}
	return ST_OK;
}

/* A rail move is part of a normal move (9.8), on a map with rail. */
static int
possible(const struct move_map *mm)
{
	return mm->mode == MOVE_NORMAL && move_fmask(mm->vocab, "rail") != 0;
}

/* May a rail move of the moving side run through hex h: of its rail net
 * where the situation names nets (16.2), else a rail hex (9.8)? */
static int
on_line(const struct move_map *mm, unsigned bit, int nets, int h)
{
	const char *side;

	if (!nets)
		return (map_features(mm->map, h) & bit) != 0;
	side = situation_side_at(mm->sit, TOTO_RAIL_NETS, h);
	return side && strcmp(side, mm->side) == 0;
}

static void
rail_init(struct rail *r, struct move_map *mm, int budget)
{
	memset(r, 0, sizeof *r);
	r->mm = mm;
	r->bit = move_fmask(mm->vocab, "rail");
	r->nets = situation_has(mm->sit, TOTO_RAIL_NETS);
	r->budget = budget;
	r->slotcap = 64;
	r->slot = err_malloc((size_t)r->slotcap * sizeof *r->slot);
	r->list = err_malloc((size_t)r->slotcap * sizeof *r->list);
	r->land = err_malloc((size_t)r->slotcap * sizeof *r->land);
	r->indexbits = 7;
	r->indexcap = 1 << r->indexbits;
	r->index = err_calloc((size_t)r->indexcap, sizeof *r->index);
}

static void
rail_free(struct rail *r)
{
	free(r->slot);
	free(r->list);
	free(r->land);
	free(r->index);
}

/* Where hex h's slot + 1 is kept in r->index, or the empty place for it:
 * linear probing from the top bits of the hex times 2^32 / phi
 * (Fibonacci hashing), which spread hexes that differ in any bit. */
static int *
index_of(const struct rail *r, int h)
{
	unsigned mask = (unsigned)r->indexcap - 1;
	unsigned i = (unsigned)(((uint32_t)h * 2654435769u) >> (32 -
	    r->indexbits));

	while (r->index[i] && r->slot[r->index[i] - 1].hex != h)
		i = (i + 1) & mask;
	return &r->index[i];
}

/* Room for one more slot: twice the slots, and the index made again. */
static void
grow(struct rail *r)
{
	int i;

	r->slotcap *= 2;
	r->slot = err_realloc(r->slot, (size_t)r->slotcap * sizeof *r->slot);
	r->list = err_realloc(r->list, (size_t)r->slotcap * sizeof *r->list);
	r->land = err_realloc(r->land, (size_t)r->slotcap * sizeof *r->land);
	free(r->index);
	r->indexcap = 1 << ++r->indexbits;
	r->index = err_calloc((size_t)r->indexcap, sizeof *r->index);
	for (i = 0; i < r->nslot; i++)
		*index_of(r, r->slot[i].hex) = i + 1;
}

/* Hex h's slot; -1 none yet. */
static int
slot_find(const struct rail *r, int h)
{
	return *index_of(r, h) - 1;
}

/* Hex h's slot, empty the first time. */
static int
slot_of(struct rail *r, int h)
{
	int *at = index_of(r, h);

	if (*at)
		return *at - 1;
	if (r->nslot == r->slotcap) {
		grow(r);
		at = index_of(r, h);
	}
	memset(&r->slot[r->nslot], 0, sizeof *r->slot);
	r->slot[r->nslot].hex = h;
	*at = ++r->nslot;
	return r->nslot - 1;
}

static int
rail_hex(const struct rail *r, int h)
{
	return on_line(r->mm, r->bit, r->nets, h);
}

/* Did an earlier rail move come into x free, by no more than hop hexes
 * and having spent no more than spent?  Then it went on from x as far as
 * this one could, no dearer. */
static int
met_before(const struct rail_hex *x, int hop, int spent)
{
	return x->met && x->met_hop <= hop && x->met_spent <= spent;
}

/* Keep what a rail move came into x free by, where it took fewer hexes
 * (or as few for less) than the one kept. */
static void
meet(struct rail_hex *x, int hop, int spent)
{
	if (x->met && (x->met_hop < hop || (x->met_hop == hop &&
	    x->met_spent <= spent)))
		return;
	x->met = 1;
	x->met_hop = hop;
	x->met_spent = spent;
}

/* The price of the step from the hex of slot at across d into nb, step
 * at->hop + 1 of a rail move: 0, or -1 refused or not into a rail hex. */
static int
rail_step(struct rail *r, int at, int d, int nb, struct path_step *p)
{
	const struct rail_hex *x = &r->slot[at];

	return rail_hex(r, nb) && move_map_step_quiet(r->mm, x->hex,
	    d, nb, x->spent, x->hop + 1, p) == 0 ? 0 : -1;
}

/* The slots of the rail hexes around slot at's hex (next[]), made the
 * first time it is asked. */
static void
link(struct rail *r, int at)
{
	int d, to, around[HEX_NDIRS];

	if (r->slot[at].linked)
		return;
	map_neighbours(r->mm->map, r->slot[at].hex, around);
	for (d = 0; d < HEX_NDIRS; d++) {
		/* slot_of may move the slots: r->slot[at] read afresh */
		to = around[d] >= 0 && rail_hex(r, around[d]) ?
		    slot_of(r, around[d]) : -1;
		r->slot[at].next[d] = to;
	}
	r->slot[at].linked = 1;
}

/* Every hex a rail move begun in r1, spent0 cost units spent, reaches,
 * their slots into list; pruned: not going on where an earlier one had
 * been (met_before). */
static void
spread(struct rail *r, int r1, int spent0, int pruned)
{
	struct path_step p;
	struct rail_hex *x, *y;
	int i, d, at, to, spent;

	r->stamp++;
	at = slot_of(r, r1);
	x = &r->slot[at];
	x->stamp = r->stamp;
	x->hop = x->stop = 0;
	x->par = -1;
	x->spent = spent0;
	r->nlist = 0;
	r->list[r->nlist++] = at;
	for (i = 0; i < r->nlist; i++) {
		at = r->list[i];
		if (r->slot[at].stop)
			continue;
		link(r, at);
		/* the slots stay put from here: only link() adds any */
		x = &r->slot[at];
		for (d = 0; d < HEX_NDIRS; d++) {
			if ((to = x->next[d]) < 0 || (y = &r->slot[to])->stamp ==
			    r->stamp || rail_step(r, at, d, y->hex, &p) < 0)
				continue;
			spent = x->spent + p.cost;
			if ((r->budget >= 0 && spent > r->budget) || (pruned &&
			    !p.stop && met_before(y, x->hop + 1, spent)))
				continue;
			y->stamp = r->stamp;
			y->hop = x->hop + 1;
			y->par = at;
			y->spent = spent;
			y->stop = (unsigned char)p.stop;
			r->list[r->nlist++] = to;
		}
	}
}

/* path.c's jump: the rail move from hex `from`, entered free with spent
 * cost units spent, if it is a rail hex. */
static int
rail_jump(void *ud, int from, int spent, const struct path_landing **out)
{
	struct rail *r = ud;
	struct rail_hex *x;
	int k;

	if (!rail_hex(r, from)) {
		*out = r->land;
		return 0;
	}
	spread(r, from, spent, 1);
	meet(&r->slot[r->list[0]], 0, spent);
	for (k = 1; k < r->nlist; k++) {
		x = &r->slot[r->list[k]];
		r->land[k - 1] = (struct path_landing){ x->hex, x->spent,
		    x->stop };
		if (!x->stop)
			meet(x, x->hop, x->spent);
	}
	*out = r->land;
	return r->nlist - 1;
}

int
toto_rail_reach(struct move_map *mm, int budget, int *left, int *prev)
{
	struct rail r;
	struct path_jump j = { rail_jump, &r };
	int count;

	if (!possible(mm))
		return MOVE_MAP_PLAIN;
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
 * rail move being jump0 + 1 .. jump1 (move_path_step).
 */
static void
fill_in(struct rail *r, struct path_result *out, int j)
{
	int r1 = out->hexes[j - 1], spent0 = 0, rails = 0, end, first;
	int *hexes, *costs, i, at, n;
	const struct rail_hex *x;

	for (i = 0; i < j; i++)
		spent0 += out->costs[i];
	spread(r, r1, spent0, 0);
	/* the unpruned rail move reaches every hex the pruned one did, by
	   no more hexes */
	first = r->list[0];
	end = slot_find(r, out->hexes[j]);
	for (at = end; at != first; at = r->slot[at].par)
		rails++;
	n = out->n + rails - 1;
	hexes = err_malloc((size_t)n * sizeof *hexes);
	costs = err_malloc((size_t)n * sizeof *costs);
	memcpy(hexes, out->hexes, (size_t)j * sizeof *hexes);
	memcpy(costs, out->costs, (size_t)j * sizeof *costs);
	for (i = j - 1 + rails, at = end; at != first; at = x->par, i--) {
		x = &r->slot[at];
		hexes[i] = x->hex;
		costs[i] = x->spent - r->slot[x->par].spent;
	}
	/* the landing's cost as the search found it, which the total counts */
	costs[j - 1 + rails] = spent0 + out->costs[j] -
	    r->slot[r->slot[end].par].spent;
	memcpy(hexes + j + rails, out->hexes + j + 1, (size_t)(out->n - j - 1) *
	    sizeof *hexes);
	memcpy(costs + j + rails, out->costs + j + 1, (size_t)(out->n - j - 1) *
	    sizeof *costs);
	free(out->hexes);
	free(out->costs);
	out->hexes = hexes;
	out->costs = costs;
	out->n = n;
	r->mm->jump0 = j - 1;
	r->mm->jump1 = j - 1 + rails;
}

int
toto_rail_path(struct move_map *mm, int to, int budget,
    struct path_result *out)
{
	struct path_jump j = { rail_jump, NULL };
	struct rail r;
	int st, jumped;

	if (!possible(mm))
		return MOVE_MAP_PLAIN;
	rail_init(&r, mm, budget);
	j.ud = &r;
	st = path_cheapest_jump(mm->map, mm->origin, to, budget, move_map_cost,
	    mm, &j, out, &jumped);
	if (st == ST_OK && jumped > 0)
		fill_in(&r, out, jumped);
	rail_free(&r);
	return st;
}

int
toto_rail_enters(struct move_map *mm, int to)
{
	return possible(mm) && on_line(mm, move_fmask(mm->vocab, "rail"),
	    situation_has(mm->sit, TOTO_RAIL_NETS), to);
}

/* 9.10, 16.2: the next hex, the hex left, is part of the moving side's
 * rail net, where the situation says whose nets are. */
void
toto_rail_step(const struct move_map *mm, int from, int dir, int to,
    struct move_step *st)
{
	(void)dir;
	if (!situation_has(mm->sit, TOTO_RAIL_NETS))
		return;
	st->game = TOTO_NET_KNOWN | (on_line(mm, 0, 1, to) ? TOTO_NET_TO : 0) |
	    (on_line(mm, 0, 1, from) ? TOTO_NET_FROM : 0);
}
