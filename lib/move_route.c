/*
 * move_route.c: retreat and advance routes on a map (move_route.h).
 *
 * Two ways of retreating, as the game's unit says (move_unit.retreat_road):
 * - every step one hex farther out, so a route ends as many hexes away as
 *   it is long, the routes a tree by layers; among the routes to each end
 *   the one with the fewest losses counts (the steps' move_price.loss);
 *   where the game lets a retreat stop short (move_rules.retreat_stop)
 *   such a hex nearer in is an end too;
 * - with a road rule: any way that enters no hex twice (the unit's own
 *   hex counted), and where it can toward and along the nearest road:
 *   each route is followed hex by hex, and only those keeping that rule
 *   for the most steps stand.  Such a retreat is short (ROUTE_MAXLEN), so
 *   every route is tried; MOVE_FARTHER (--farther) adds the first way's
 *   rule of each step one hex farther out, for players who read the road
 *   rule so.
 * An advance enters the hex the defender left first.  Each step is the
 * game's, through lib/move_map.c; what a road is, and which rule, the
 * game says.
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
#include "move_route.h"

/*
 * Fewest losses reaching each hex of set[] by a way out from the unit, each
 * step one hex farther (dist[], hexes from the unit's), into best[]
 * (INT_MAX: not so reached), and prev[] the hex before each on that way.
 * An end `steps` hexes out is reached in `steps` steps only so, and a hex
 * nearer in where the game lets it stop short (stops_early) by such a way
 * too.  Layer
 * by layer: the hexes s out are settled before any step out of them.
 */
static void
fewest_losses(struct move_map *mm, const int *set, int nset, int steps,
    const int *dist, int *best, int *prev)
{
	struct move_price p;
	int s, i, d, from, to, n = map_size(mm->map), nb[HEX_NDIRS];

	for (i = 0; i < n; i++) {
		best[i] = INT_MAX;
		prev[i] = -1;
	}
	best[mm->origin] = 0;
	/* numbers only, no words: quiet prices */
	for (s = 0; s < steps; s++)
		for (i = 0; i < nset; i++) {
			from = set[i];
			if (dist[from] != s || best[from] == INT_MAX)
				continue;
			map_neighbours(mm->map, from, nb);
			for (d = 0; d < HEX_NDIRS; d++) {
				to = nb[d];
				if (to < 0 || dist[to] != s + 1 ||
				    move_map_price_quiet(mm, from, d, to, s, 0,
				    &p) < 0 || best[from] + p.loss >= best[to])
					continue;
				best[to] = best[from] + p.loss;
				prev[to] = from;
			}
		}
}

/*
 * Only the ends with the fewest losses stand (a game whose retreats may
 * lose nothing has every loss 0).  The rest are counted in out->dropped.
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

/* With no other way, a retreat may break the stacking rules
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


/* The longest retreat tried route by route. */
#define ROUTE_MAXLEN	8

/* One retreat route by 8.4.1's way, and everything the walk found. */
struct walk {
	struct move_map *mm;
	int len, farther;	/* farther: each step one hex farther out */
	unsigned road;		/* hexside bits carrying a road */
	int *droad;		/* hexes to the nearest road hex; -1 none */
	unsigned char *seen;
	int path[ROUTE_MAXLEN + 1];
	signed char how[ROUTE_MAXLEN];
	int loss;
	/* every legal route of len steps: hexes, step codes, score, loss */
	int *hex, *score, *lost;
	signed char *hw;
	int n, cap;
	int *left, far;
};

/*
 * Hexes to the nearest road hex (one with a road hexside), for each hex
 * within len of the unit: the only entries of the map-sized answer that
 * are written, and the only ones read (walk_on: a route is len hexes at
 * most), so a retreat pays for the hexes around it, not for the map.
 * -1: no road hex.
 *
 * Worked out by hex distance, rings around the unit, with no search over
 * the map, as a step between two hexes costs one hex whatever they hold:
 * between two hexes of a map a shortest way by hex distance runs inside
 * the rectangle their ids span (column by column, each step keeping its
 * row or going one row toward the other's, then down the column), so on
 * the map as on an endless grid the hexes between count.  The road hex
 * nearest the unit being D hexes away, a hex h within len of it has a road
 * hex within D + len, and every road hex nearer h than that lies within
 * D + 2 * len of the unit: the rings go out that far and no farther.
 */
struct roads {
	struct cube *at;	/* the road hexes met, ring by ring */
	int *ring;		/* each one's ring: hexes from the unit */
	int n, cap;
};

/* The cube of the hex d steps from c in direction k: the six cube
 * directions, in turn round a ring. */
static struct cube
cube_step(struct cube c, int k, int d)
{
	static const int dq[HEX_NDIRS] = { 1, 1, 0, -1, -1, 0 };
	static const int dr[HEX_NDIRS] = { -1, 0, 1, 1, 0, -1 };

	c.q += dq[k] * d;
	c.r += dr[k] * d;
	c.s = -c.q - c.r;
	return c;
}

/* The hexes of a ring round the unit that lie on the map: their indexes
 * and cubes, worked out from the map's bounds with no call per hex. */
struct ring {
	struct hex first, last;
	enum hex_layout layout;
	int nrows;
	int *idx, n, cap;
	struct cube *at;
};

static void
ring_init(struct ring *g, const struct map *m)
{
	memset(g, 0, sizeof *g);
	map_bounds(m, &g->first, &g->last);
	g->layout = map_layout(m);
	g->nrows = g->last.row - g->first.row + 1;
}

static void
ring_free(struct ring *g)
{
	free(g->idx);
	free(g->at);
}

/* The hex at cube c onto g's list, if it is on the map (map_index's
 * index, hex_from_cube's hex). */
static void
ring_put(struct ring *g, struct cube c)
{
	int col = c.q, row = c.r + hex_row_offset(c.q, g->layout);

	if (col < g->first.col || col > g->last.col || row < g->first.row ||
	    row > g->last.row)
		return;
	g->idx[g->n] = (col - g->first.col) * g->nrows + (row - g->first.row);
	g->at[g->n++] = c;
}

/* Ring k round o, the hexes k away, into g: from the hex k steps out in
 * direction 4, six sides of k hexes each, turning at each corner.  How
 * many lie on the map. */
static int
ring_list(struct ring *g, struct cube o, int k)
{
	struct cube c = cube_step(o, 4, k);
	int dir, j;

	if (6 * k + 1 > g->cap) {
		/* room for several rings more: a ring is 6 hexes longer
		   than the last */
		g->cap = 6 * k + 1 > 2 * g->cap ? 6 * k + 1 : 2 * g->cap;
		g->idx = err_realloc(g->idx, (size_t)g->cap * sizeof *g->idx);
		g->at = err_realloc(g->at, (size_t)g->cap * sizeof *g->at);
	}
	g->n = 0;
	if (k == 0)
		ring_put(g, o);
	for (dir = 0; dir < HEX_NDIRS && k > 0; dir++)
		for (j = 0; j < k; j++) {
			ring_put(g, c);
			c = cube_step(c, dir, 1);
		}
	return g->n;
}

static void
road_add(struct roads *r, struct cube c, int ring)
{
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 64;
		r->at = err_realloc(r->at, (size_t)r->cap * sizeof *r->at);
		r->ring = err_realloc(r->ring,
		    (size_t)r->cap * sizeof *r->ring);
	}
	r->at[r->n] = c;
	r->ring[r->n++] = ring;
}

/* h's distance to the nearest road hex, h `ring` away from the unit: the
 * road hexes come in order of their rings, and one on ring k is at least
 * k - ring hexes from h, so the search stops where that reaches the best;
 * -1 for none. */
static int
nearest_road(const struct roads *r, struct cube h, int ring)
{
	int i, v, best = -1;

	for (i = 0; i < r->n && (best < 0 || r->ring[i] - ring < best); i++)
		if ((v = hex_cube_distance(h, r->at[i])) < best || best < 0)
			best = v;
	return best;
}

int *
move_road_distance(const struct map *m, int origin, int len, unsigned road)
{
	struct map_cells c;
	struct roads r = { NULL, NULL, 0, 0 };
	struct ring g;
	struct cube o = hex_to_cube(map_hex(m, origin), map_layout(m));
	int *d = err_malloc((size_t)map_size(m) * sizeof *d), far = INT_MAX;
	int ring, i;

	map_cells(m, &c);
	ring_init(&g, m);
	/* a ring wholly off the map has every ring beyond it off too */
	for (ring = 0; road && ring <= far && ring_list(&g, o, ring) > 0;
	    ring++) {
		for (i = 0; i < g.n; i++)
			if (map_cell_sides(&c, g.idx[i]) & road)
				road_add(&r, g.at[i], ring);
		if (far == INT_MAX && r.n > 0)
			far = ring + 2 * len;
	}
	for (ring = 0; ring <= len; ring++)
		for (ring_list(&g, o, ring), i = 0; i < g.n; i++)
			d[g.idx[i]] = nearest_road(&r, g.at[i], ring);
	ring_free(&g);
	free(r.at);
	free(r.ring);
	return d;
}

/* Keep the route the walk stands on: its hexes, how each step went. */
static void
keep_route(struct walk *w, int score)
{
	int k;

	if (w->n == w->cap) {
		w->cap = w->cap ? w->cap * 2 : 64;
		w->hex = err_realloc(w->hex,
		    (size_t)w->cap * (size_t)(w->len + 1) *
		    sizeof *w->hex);
		w->hw = err_realloc(w->hw, (size_t)w->cap * (size_t)w->len);
		w->score = err_realloc(w->score,
		    (size_t)w->cap * sizeof *w->score);
		w->lost = err_realloc(w->lost,
		    (size_t)w->cap * sizeof *w->lost);
	}
	for (k = 0; k <= w->len; k++)
		w->hex[w->n * (w->len + 1) + k] = w->path[k];
	memcpy(w->hw + w->n * w->len, w->how, (size_t)w->len);
	w->score[w->n] = score;
	w->lost[w->n++] = w->loss;
}

/*
 * 8.4.1 on the step from hex h into nb across d, the route so far keeping
 * the rule (ok): on a road it must go along it (ROUTE_ALONG), off one it
 * must come a hex nearer the nearest (ROUTE_TOWARD); ROUTE_FREE when it
 * does neither, or the route already left the rule.
 */
static int
road_step(const struct walk *w, int ok, int h, int d, int nb)
{
	if (!ok || w->droad[h] < 0)
		return ROUTE_FREE;
	if (w->droad[h] == 0)
		return (map_side(w->mm->map, h, d) & w->road) ? ROUTE_ALONG :
		    ROUTE_FREE;
	return w->droad[nb] == w->droad[h] - 1 ? ROUTE_TOWARD : ROUTE_FREE;
}

/* Every way on from the route's s-th hex; score: its steps that kept
 * 8.4.1, all of them so far (score == s) or fewer. */
static void
walk_on(struct walk *w, int s, int score)
{
	struct move_map *mm = w->mm;
	struct move_price p;
	int h = w->path[s], d, nb, entry, how, around[HEX_NDIRS];

	if (w->len - s > w->left[h])
		w->left[h] = w->len - s;
	if (s > w->far)
		w->far = s;
	if (s == w->len) {
		keep_route(w, score);
		return;
	}
	map_neighbours(mm->map, h, around);
	for (d = 0; d < HEX_NDIRS; d++) {
		if ((nb = around[d]) < 0 || w->seen[nb] ||
		    (w->farther && hex_distance(map_hex(mm->map, mm->origin),
		    map_hex(mm->map, nb), map_layout(mm->map)) != s + 1) ||
		    move_map_price_quiet(mm, h, d, nb, s, 0, &p) < 0)
			continue;
		/* a step that ends the move ends a retreat short of its length */
		if (p.stop && s + 1 < w->len)
			continue;
		how = road_step(w, score == s, h, d, nb);
		w->how[s] = (signed char)how;
		w->path[s + 1] = nb;
		w->seen[nb] = 1;
		w->loss += p.loss;
		/* the side the route came in by: where a river is crossed */
		entry = move_map_entry(mm, nb);
		move_map_entered(mm, nb, (d + 3) % HEX_NDIRS);
		walk_on(w, s + 1, how != ROUTE_FREE ? s + 1 : score);
		move_map_entered(mm, nb, entry);
		w->loss -= p.loss;
		w->seen[nb] = 0;
	}
}

static int
cmp_int(const void *x, const void *y)
{
	return *(const int *)x - *(const int *)y;
}

/* Does route r agree with the routes already drawn into prev[]? */
static int
fits(const struct walk *w, int r, const int *prev)
{
	const int *hx = w->hex + r * (w->len + 1);
	int k;

	for (k = 1; k <= w->len; k++)
		if (prev[hx[k]] >= 0 && prev[hx[k]] != hx[k - 1])
			return 0;
	return 1;
}

/*
 * The routes that stand (loss best, score top), listed by end in route
 * order: next[w->n + i] is the first ending in out->ends[i], next[r] the
 * one after route r (-1: none), so that each end's are walked without
 * passing every route again (a retreat of 4 may have some 300 routes to
 * 55 ends).  Every such route's end
 * is in out->ends.
 */
static int *
by_end(const struct walk *w, const struct move_retreat *out, int best,
    int top)
{
	/* not cleared: only the ends' entries are written and read */
	int *slot = err_malloc((size_t)map_size(w->mm->map) * sizeof *slot);
	int *next = err_malloc((size_t)(w->n + 2 * out->nends + 1) *
	    sizeof *next);
	int *tail = next + w->n + out->nends, i, r;

	for (i = 0; i < out->nends; i++) {
		slot[out->ends[i]] = i;
		next[w->n + i] = tail[i] = -1;
	}
	for (r = 0; r < w->n; r++) {
		if (w->lost[r] != best || w->score[r] != top)
			continue;
		i = slot[w->hex[r * (w->len + 1) + w->len]];
		next[r] = -1;
		if (tail[i] < 0)
			next[w->n + i] = r;
		else
			next[tail[i]] = r;
		tail[i] = r;
	}
	free(slot);
	return next;
}

/*
 * The routes that stand: the fewest losses, then the most
 * steps keeping 8.4.1; their last hexes are the ends, and each end gets
 * one of its routes, one that agrees with those before it where one does,
 * so that prev[] draws each (map svg).
 */
static void
choose(struct walk *w, struct move_retreat *out)
{
	int i, e, r, k, pick, best = INT_MAX, top = -1;
	int *hx, *next;

	for (r = 0; r < w->n; r++)
		if (w->lost[r] < best)
			best = w->lost[r];
	for (r = 0; r < w->n; r++)
		if (w->lost[r] == best && w->score[r] > top)
			top = w->score[r];
	for (r = 0; r < w->n; r++) {
		e = w->hex[r * (w->len + 1) + w->len];
		if (w->lost[r] == best && w->score[r] == top &&
		    out->loss[e] == INT_MAX) {
			out->loss[e] = best;
			out->ends[out->nends++] = e;
		}
	}
	/* the ends some other route reaches, left out by 13.2 or 8.4.1 */
	for (r = 0; r < w->n; r++) {
		e = w->hex[r * (w->len + 1) + w->len];
		if (out->loss[e] == INT_MAX) {
			out->loss[e] = INT_MAX - 1;
			if (w->lost[r] > best)
				out->dropped++;
			else
				out->road_dropped++;
		}
	}
	for (r = 0; r < w->n; r++) {
		e = w->hex[r * (w->len + 1) + w->len];
		if (out->loss[e] == INT_MAX - 1)
			out->loss[e] = INT_MAX;
	}
	qsort(out->ends, (size_t)out->nends, sizeof *out->ends, cmp_int);
	out->road_steps = top < 0 ? 0 : top;
	out->route = err_malloc((size_t)(out->nends ? out->nends : 1) *
	    (size_t)(w->len + 1) * sizeof *out->route);
	out->how = err_malloc((size_t)(out->nends ? out->nends : 1) *
	    (size_t)w->len);
	next = by_end(w, out, best, top);
	for (i = 0; i < out->nends; i++) {
		pick = -1;
		for (r = next[w->n + i]; r >= 0; r = next[r]) {
			if (pick < 0)
				pick = r;
			if (fits(w, r, out->prev)) {
				pick = r;
				break;
			}
		}
		hx = w->hex + pick * (w->len + 1);
		for (k = 1; k <= w->len; k++)
			if (out->prev[hx[k]] < 0)
				out->prev[hx[k]] = hx[k - 1];
		memcpy(out->route + i * (w->len + 1), hx, (size_t)(w->len + 1) *
		    sizeof *hx);
		memcpy(out->how + i * w->len, w->hw + pick * w->len,
		    (size_t)w->len);
	}
	free(next);
}

/* The road rule's way: every route of hexes steps that enters no hex
 * twice. */
static int
retreat_any_way(struct move_map *mm, int hexes, struct move_retreat *out)
{
	struct walk w;
	int n = map_size(mm->map), i;

	memset(&w, 0, sizeof w);
	w.mm = mm;
	w.len = hexes;
	w.farther = (mm->units[0].flags & MOVE_FARTHER) != 0;
	w.road = mm->units[0].road_sides;
	w.droad = move_road_distance(mm->map, mm->origin, hexes, w.road);
	w.seen = err_calloc((size_t)n, 1);
	w.left = out->left;
	for (i = 0; i < n; i++) {
		out->left[i] = -1;
		out->loss[i] = INT_MAX;
		out->prev[i] = -1;
	}
	w.path[0] = mm->origin;
	w.seen[mm->origin] = 1;
	walk_on(&w, 0, 0);
	out->far = w.far;
	out->road_dist = w.droad[mm->origin];
	out->road_rule = mm->units[0].retreat_road;
	choose(&w, out);
	free(w.droad);
	free(w.seen);
	free(w.hex);
	free(w.hw);
	free(w.score);
	free(w.lost);
	return out->nends;
}

/*
 * The stacking limit holds in a retreat's last hex (the game's may_end).
 * Ends where the whole stack would break it are left out, their routes
 * with them.  When that leaves a stack of several no end at all, it
 * splits up there instead and every end stands, unless the game has a
 * last resort, under which move_retreat tries again.
 */
static void
drop_overstacked(struct move_map *mm, struct move_retreat *out)
{
	struct move_price p;
	char *holds;
	int i, k = 0, w = out->len, held = 0;

	if (out->nends == 0)
		return;
	holds = err_calloc((size_t)out->nends, 1);
	for (i = 0; i < out->nends; i++) {
		if (move_map_may_end(mm, out->ends[i], &p) == 0) {
			holds[i] = 1;
			held++;
		} else
			out->stack_rule = p.rule;
	}
	/* the stack splits up; a game with a last resort tries the
	   retreat again under it */
	if (held == 0 && mm->nunits > 1 && !mm->units[0].last_resort) {
		out->stack_split = 1;
		out->stack_rule = NULL;
	}
	for (i = 0; held < out->nends && !out->stack_split &&
	    i < out->nends; i++) {
		if (!holds[i]) {
			out->stack_dropped++;
			continue;
		}
		if (out->route != NULL && k != i) {
			memmove(out->route + k * (w + 1), out->route + i *
			    (w + 1), (size_t)(w + 1) * sizeof *out->route);
			memmove(out->how + k * w, out->how + i * w, (size_t)w);
		}
		out->ends[k++] = out->ends[i];
	}
	if (out->stack_dropped)
		out->nends = k;
	free(holds);
}

/* The routes of the layered way, one per end from prev[]: the unit's hex
 * first, then each hex out to the end, a route to an end nearer in than
 * hexes (stops_early) padded with -1 (move_route_steps). */
static void
layered_routes(const struct move_map *mm, int hexes, struct move_retreat *out)
{
	int i, j, k, h, *r;

	out->route = err_malloc((size_t)(out->nends ? out->nends : 1) *
	    (size_t)(hexes + 1) * sizeof *out->route);
	out->how = err_calloc((size_t)(out->nends ? out->nends : 1) *
	    (size_t)hexes, 1);
	for (i = 0; i < out->nends; i++) {
		r = out->route + i * (hexes + 1);
		/* k steps from the unit's hex to the end */
		for (k = 0, h = out->ends[i]; h != mm->origin && h >= 0; k++)
			h = out->prev[h];
		for (j = k + 1; j <= hexes; j++)
			r[j] = -1;
		for (h = out->ends[i]; k >= 0; k--) {
			r[k] = h;
			h = h >= 0 && h != mm->origin ? out->prev[h] : -1;
		}
	}
}

/* May a retreat stop short of its length in hex h?  The game's rule, or
 * NULL. */
static const char *
stops_early(const struct move_map *mm, int h)
{
	return mm->rules->retreat_stop ? mm->rules->retreat_stop(&mm->units[0],
	    map_cell_features(&mm->cells, h)) : NULL;
}

int
move_route_steps(const struct move_retreat *rt, int i)
{
	const int *r = rt->route + i * (rt->len + 1);
	int k = rt->len;

	while (k > 0 && r[k] < 0)
		k--;
	return k;
}

int
move_retreat(struct move_map *mm, int hexes, struct move_retreat *out)
{
	struct hex o = map_hex(mm->map, mm->origin);
	int n = map_size(mm->map), i, h, nset = 0, *dist, *set;
	const char *early;

	/* not cleared: both ways below set every hex of left, loss and prev,
	   and ends and set as far as they are read (calloc would clear a
	   block malloc hands out again by writing each page of it) */
	out->left = err_malloc((size_t)n * sizeof *out->left);
	out->loss = err_malloc((size_t)n * sizeof *out->loss);
	out->prev = err_malloc((size_t)n * sizeof *out->prev);
	out->ends = err_malloc((size_t)n * sizeof *out->ends);
	out->nends = out->far = out->dropped = out->road_dropped = 0;
	out->road_steps = 0;
	out->road_dist = -1;
	out->road_rule = NULL;
	out->stack_dropped = out->stack_split = 0;
	out->stack_rule = NULL;
	out->early_rule = NULL;
	out->len = hexes;
	if (mm->units[0].retreat_road && hexes <= ROUTE_MAXLEN) {
		retreat_any_way(mm, hexes, out);
		drop_overstacked(mm, out);
		/* a last resort, as below */
		if (!out->nends && last_resort(mm)) {
			move_retreat_free(out);
			return move_retreat(mm, hexes, out);
		}
		return out->nends;
	}
	dist = err_calloc((size_t)n, sizeof *dist);
	set = err_malloc((size_t)n * sizeof *set);
	move_map_reach(mm, hexes, out->left, NULL);
	for (i = 0; i < n; i++) {
		if (out->left[i] < 0)
			continue;
		set[nset++] = i;
		dist[i] = hex_distance(o, map_hex(mm->map, i),
		    map_layout(mm->map));
	}
	fewest_losses(mm, set, nset, hexes, dist, out->loss, out->prev);
	for (i = 0; i < nset; i++) {
		h = set[i];
		if (h == mm->origin)
			continue;
		early = dist[h] < hexes ? stops_early(mm, h) : NULL;
		if (out->loss[h] != INT_MAX && (dist[h] == hexes || early)) {
			out->ends[out->nends++] = h;
			if (early)
				out->early_rule = early;
		} else if (dist[h] > out->far)
			out->far = dist[h];
	}
	/* the limit is weighed before the losses, so that a last resort
	   (move_unit.last_resort) is tried only where no end keeps it, and
	   the losses then among the ends that do */
	drop_overstacked(mm, out);
	keep_fewest(out);
	layered_routes(mm, hexes, out);
	free(set);
	free(dist);
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
	free(r->route);
	free(r->how);
	r->left = r->loss = r->prev = r->ends = r->route = NULL;
	r->how = NULL;
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
