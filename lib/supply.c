/*
 * supply.c: supply lines on a map (supply.h).  Game-agnostic: the game's
 * supply rules (lib/games/<game>_supply.c) allow or forbid each step and
 * name the sources; the zones of control come from the game's movement
 * rules through lib/move_map.c, the search from lib/path.c.
 *
 * A game whose lines count plain hexes (supply_rules.one_search) is
 * searched once for the side, outward from the sources: tosrc[] holds
 * each hex's distance to the nearest source, worked out a hex farther
 * at a time and only as far out as the side's units need.  A unit's line
 * is then read over the hexes that lie on some shortest line from it
 * (those where its distance and tosrc add up to its own distance), and
 * among equal lines each hex's predecessor is the lowest-numbered one,
 * which is the line lib/path.c's search from the unit would give: it
 * settles hexes at equal cost in hex order and keeps the first way in.
 * So the answer does not change, only its price: a unit costs the hexes
 * of its shortest lines, not every hex within its reach.  A unit whose
 * line breaks no rule but
 * is too long is answered the same way, the search going on out to the
 * attempt's reach when first needed (attempt_of_side()).  For the same
 * reason a search from one unit (--unit, and an attempt that breaks
 * rules) stops at the first source it settles (settled()).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "err.h"
#include "games/game.h"
#include "map.h"
#include "supply.h"
#include "situation.h"

/* The nearest blocked attempt breaks at most this many rules and runs at
 * most this many times the longest line, which bounds the search on a big
 * map.  A forbidden step costs one more than the longest attempt, so that
 * an attempt breaking fewer rules is always the cheaper. */
#define SUPPLY_BREAKS	3
#define SUPPLY_REACH	3

void
supply_run_clear(struct supply_run *r)
{
	size_t at = offsetof(struct supply_run, tec), past = at + sizeof r->tec;

	memset(r, 0, at);
	memset((char *)r + past, 0, sizeof *r - past);
	move_tec_clear(&r->tec);
}

int
supply_open(struct supply_run *r)
{
	int st;

	/* on a map, its words: terrain.json is read once */
	if ((st = r->map ? move_vocab_of_map(r->map, &r->vocab) :
	    move_vocab_load(r->c, r->g->id, &r->vocab)) != ST_OK)
		return st;
	/* a file the answer does not need is not read (a game whose lines
	 * go over any terrain but one) */
	if (r->g->supply->tec) {
		if ((st = move_tec_load(r->c, r->g->id, &r->tec)) != ST_OK)
			return st;
		move_tec_bind(&r->tec, &r->vocab);
	}
	return r->g->supply->load ? r->g->supply->load(r) : ST_OK;
}

static void
side_free(struct supply_run *r)
{
	move_map_free(&r->mm);
	free(r->occ);
	free(r->radius);
	free(r->kind);
	path_reacher_free(r->reach);
	r->reach = NULL;
	free(r->tosrc);
	free(r->seen);
	free(r->depth);
	free(r->queue);
	free(r->squeue);
	r->tosrc = r->seen = r->depth = r->queue = r->squeue = NULL;
	r->shead = r->stail = r->slimit = 0;
	r->stamp = 0;
	free(r->src);
	r->src = NULL;
	r->nsrc = 0;
	r->occ = NULL;
	r->radius = NULL;
	r->kind = NULL;
	r->side = NULL;
}

void
supply_close(struct supply_run *r)
{
	side_free(r);
	if (r->g && r->g->supply->unload)
		r->g->supply->unload(r);
}

static int
inert(const struct supply_run *r, const struct unit *u)
{
	return r->g->supply->inert && r->g->supply->inert(u);
}

/* situation_zoc's callback: the game's movement limits, and no zone from a
 * unit the supply rules call inert. */
static int
exerts(void *ud, const struct unit *u, int from, int dir, int to)
{
	struct supply_run *r = ud;

	if (inert(r, u))
		return 0;
	return move_map_exerts(&r->mm, u, from, dir, to);
}

static void
occupants(struct supply_run *r)
{
	const struct unit *u;
	int i, n = situation_count(r->sit);

	for (i = 0; i < n; i++) {
		u = situation_unit(r->sit, i);
		if (strcmp(u->side, r->side) == 0)
			r->occ[u->hex] |= SUP_FRIEND;
		else if (!inert(r, u))
			r->occ[u->hex] |= SUP_ENEMY;
	}
}

/* A unit of the side, ready to move, for the game's zone limits: the
 * first whose type the movement rules know; else the last one's why. */
static int
side_unit(struct supply_run *r, const char *side)
{
	const struct unit *u, *last = NULL;
	struct move_req req;
	char why[160];
	int i, n = situation_count(r->sit), st = ST_OK;

	for (i = 0; i < n; i++) {
		u = situation_unit(r->sit, i);
		if (strcmp(u->side, side) != 0)
			continue;
		last = u;
		memset(&req, 0, sizeof req);
		memset(&r->mu, 0, sizeof r->mu);
		req.type = u->type;
		req.side = u->side;
		req.season = r->season;
		req.map = r->map;
		req.ma = u->ma > 0 ? u->ma : 1;
		snprintf(r->mu.type, sizeof r->mu.type, "%s", u->type);
		r->mu.vocab = &r->vocab;
		r->mu.tec = &r->tec;
		if ((st = r->g->move->unit(r->c, &req, &r->mu, why,
		    sizeof why)) == ST_OK)
			return ST_OK;
	}
	if (last)
		return err(st, "%s: %s", last->id, why);
	return err(ST_USAGE, "no unit of that side in the situation: '%s'",
	    side);
}

/*
 * situation_zoc puts every enemy unit's own hex in a zone; an inert unit's
 * hex stays in one only if a unit that does exert a zone reaches it.
 */
static void
inert_hexes(struct supply_run *r)
{
	const struct unit *u, *v[16];
	int i, d, k, nb, nv, keep, n = situation_count(r->sit);

	for (i = 0; i < n; i++) {
		u = situation_unit(r->sit, i);
		if (strcmp(u->side, r->side) == 0 || !inert(r, u) ||
		    (r->occ[u->hex] & SUP_ENEMY))
			continue;
		keep = 0;
		for (d = 0; d < HEX_NDIRS && !keep; d++) {
			if ((nb = map_neighbour(r->map, u->hex, d)) < 0)
				continue;
			nv = situation_in_hex(r->sit, nb, v, 16);
			for (k = 0; k < nv && k < 16 && !keep; k++)
				keep = strcmp(v[k]->side, r->side) != 0 &&
				    !inert(r, v[k]) && move_map_exerts(&r->mm,
				    v[k], nb, (d + 3) % HEX_NDIRS, u->hex);
		}
		r->mm.zoc[u->hex] = (unsigned char)keep;
	}
}

/* Does every source allow the longest line?  Then the nearest source is
 * the one a line goes to, as best_source() chooses. */
static int
same_radius(const struct supply_run *r)
{
	int j;

	for (j = 0; j < r->nsrc; j++)
		if (r->radius[r->src[j]] != r->maxradius)
			return 0;
	return 1;
}

static int
allowed(struct supply_run *r, int from, int dir, int to)
{
	struct path_step e;

	memset(&e, 0, sizeof e);
	return r->g->supply->step(r, from, dir, to, 0, &e) == 0;
}

/*
 * The side's one search: breadth first back from every source, a step
 * into v tried from each neighbour u as a line runs (u to v), until every
 * hex within limit hexes of a source has its count.  It can go on later
 * to a longer limit from where it stopped (sfront).  With no origin, no
 * unit's own hex is special here.
 */
static void
side_bfs(struct supply_run *r, int limit)
{
	int v, u, dir, origin = r->origin;
	int nb[HEX_NDIRS];

	r->origin = -1;
	while (r->shead < r->stail) {
		v = r->squeue[r->shead];
		/* tosrc[v] is one more than v's hexes: its neighbours'
		 * count; the queue holds hexes in the order of their counts */
		if (r->tosrc[v] >= limit)
			break;
		r->shead++;
		map_neighbours(r->map, v, nb);
		for (dir = 0; dir < HEX_NDIRS; dir++) {
			if ((u = nb[dir]) < 0 || r->tosrc[u] ||
			    !allowed(r, u, (dir + 3) % HEX_NDIRS, v))
				continue;
			r->tosrc[u] = r->tosrc[v] + 1;
			r->squeue[r->stail++] = u;
		}
	}
	r->slimit = limit;
	r->origin = origin;
}

static void
side_search(struct supply_run *r)
{
	int n = map_size(r->map), i;

	r->tosrc = err_calloc((size_t)n, sizeof *r->tosrc);
	r->seen = err_calloc((size_t)n, sizeof *r->seen);
	r->depth = err_malloc((size_t)n * sizeof *r->depth);
	r->queue = err_malloc((size_t)n * sizeof *r->queue);
	r->squeue = err_malloc((size_t)n * sizeof *r->squeue);
	r->shead = r->stail = 0;
	for (i = 0; i < r->nsrc; i++) {
		r->tosrc[r->src[i]] = 1;
		r->squeue[r->stail++] = r->src[i];
	}
	/* only the sources for now: line_of_side goes out as far as the
	 * units need */
	r->slimit = 0;
}

/* The fewest hexes from hex (the unit's, left by any step the game
 * allows out of the origin) to a source; -1 past limit (at most the side
 * search's) or none. */
static int
unit_hexes(struct supply_run *r, int hex, int limit)
{
	int nb[HEX_NDIRS], dir, best = 0;

	if (r->radius[hex] >= 0)
		return 0;
	map_neighbours(r->map, hex, nb);
	for (dir = 0; dir < HEX_NDIRS; dir++)
		if (nb[dir] >= 0 && r->tosrc[nb[dir]] &&
		    (!best || r->tosrc[nb[dir]] < best) &&
		    allowed(r, hex, dir, nb[dir]))
			best = r->tosrc[nb[dir]];
	return best && best <= limit ? best : -1;
}

/*
 * Breadth first from hex over the hexes of its shortest lines (d hexes
 * long) alone: depth[] the hexes from the unit, seen[] == stamp.  Returns
 * the lowest-numbered source d hexes away, or -1.
 */
static int
unit_walk(struct supply_run *r, int hex, int d)
{
	int head = 0, tail = 0, x, y, dir, k, src = -1;
	int nb[HEX_NDIRS];

	r->stamp++;
	r->seen[hex] = r->stamp;
	r->depth[hex] = 0;
	r->queue[tail++] = hex;
	while (head < tail) {
		x = r->queue[head++];
		if ((k = r->depth[x]) == d) {
			if (r->radius[x] >= 0 && (src < 0 || x < src))
				src = x;
			continue;
		}
		map_neighbours(r->map, x, nb);
		for (dir = 0; dir < HEX_NDIRS; dir++) {
			/* y on a shortest line: d - k - 1 hexes left to go */
			if ((y = nb[dir]) < 0 || r->seen[y] == r->stamp ||
			    r->tosrc[y] != d - k || !allowed(r, x, dir, y))
				continue;
			r->seen[y] = r->stamp;
			r->depth[y] = k + 1;
			r->queue[tail++] = y;
		}
	}
	return src;
}

/*
 * The line back from src to the unit into hexes[] (hexes[0] the unit's;
 * a line longer than max keeps its first max hexes): each hex's
 * predecessor is the lowest-numbered hex one nearer the unit that may
 * step into it.  Returns the hexes kept, or -1 if the walk broke off.
 */
static int
unit_line(struct supply_run *r, int src, int d, int *hexes, int max)
{
	int v = src, k, x, dir, best;
	int nb[HEX_NDIRS];

	for (k = d; k > 0; k--) {
		if (k < max)
			hexes[k] = v;
		map_neighbours(r->map, v, nb);
		best = -1;
		for (dir = 0; dir < HEX_NDIRS; dir++)
			if ((x = nb[dir]) >= 0 && r->seen[x] == r->stamp &&
			    r->depth[x] == k - 1 && (best < 0 || x < best) &&
			    allowed(r, x, (dir + 3) % HEX_NDIRS, v))
				best = x;
		if ((v = best) < 0)
			return -1;
	}
	hexes[0] = v;
	return d + 1 < max ? d + 1 : max;
}

int
supply_side(struct supply_run *r, const char *side)
{
	int n = map_size(r->map), st, i;

	if (r->side && strcmp(r->side, side) == 0)
		return ST_OK;
	side_free(r);
	if ((st = side_unit(r, side)) != ST_OK)
		return st;
	r->side = side;
	r->occ = err_calloc((size_t)n, 1);
	/* not cleared: radius is set here, kind where the game makes a
	 * source, the only place it is read; src is filled as listed */
	r->radius = err_malloc((size_t)n * sizeof *r->radius);
	r->kind = err_malloc((size_t)n * sizeof *r->kind);
	for (i = 0; i < n; i++)
		r->radius[i] = -1;
	memset(&r->mm, 0, sizeof r->mm);
	r->mm.map = r->map;
	r->mm.sit = r->sit;
	r->mm.rules = r->g->move;
	r->mm.vocab = &r->vocab;
	r->mm.units = &r->mu;
	r->mm.nunits = 1;
	r->mm.side = side;
	r->mm.zones_only = 1;
	occupants(r);
	move_map_init(&r->mm);
	/* a game whose units may exert no zone works it again */
	if (r->g->supply->inert) {
		free(r->mm.zoc);
		r->mm.zoc = situation_zoc(r->sit, r->map, side, exerts, r);
		inert_hexes(r);
	}
	r->maxradius = 0;
	if ((st = r->g->supply->sources(r)) != ST_OK)
		return st;
	for (i = 0; i < n; i++)
		r->nsrc += r->radius[i] >= 0;
	/* as many as there are, not the map's size: a few, in a page */
	r->src = err_malloc(((size_t)r->nsrc + 1) * sizeof *r->src);
	for (r->nsrc = 0, i = 0; i < n; i++) {
		if (r->radius[i] < 0)
			continue;
		r->src[r->nsrc++] = i;
		if (r->radius[i] > r->maxradius)
			r->maxradius = r->radius[i];
	}
	/* one unit (--unit) is cheaper searched on its own */
	if (r->many && r->g->supply->one_search && r->nsrc && same_radius(r))
		side_search(r);
	return ST_OK;
}

int
supply_friend_in(const struct supply_run *r, int hex)
{
	return (r->occ[hex] & SUP_FRIEND) != 0;
}

int
supply_enemy_in(const struct supply_run *r, int hex)
{
	return (r->occ[hex] & SUP_ENEMY) != 0;
}

int
supply_deny(struct supply_run *r, struct path_step *e, const char *rule,
    const char *fmt, int hex)
{
	char id[HEX_IDLEN];

	e->rule = rule;
	e->why = "not allowed";
	/* a search only wants the answer; words when the step is explained */
	if (!r->explain)
		return -1;
	hex_format(map_hex(r->map, hex), id);
	snprintf(r->whybuf, sizeof r->whybuf, fmt, id);
	e->why = r->whybuf;
	return -1;
}

int
supply_ezoc(const struct supply_run *r, int hex)
{
	return r->mm.zoc && r->mm.zoc[hex];
}

/* The search from one unit, made when first wanted: a side answered by
 * its one search may never need one. */
static struct path_reacher *
reacher(struct supply_run *r)
{
	if (!r->reach) {
		r->reach = path_reacher_new(r->map);
	}
	return r->reach;
}

/*
 * Has the search from the unit settled its answer?  path.c expands hexes
 * in the order it settles them, cheapest first and by hex number among
 * equals, which is the order best_source() prefers: so once a source is
 * expanded, it is the one chosen and its line is final, and every step
 * priced after it is refused unpriced.  Only when each step costs at
 * least 1 and never stops (one_search), and, for a line within reach,
 * when every source allows the same length.  path.c skips a step into a
 * hex already settled, so a source all of whose neighbours are settled
 * is not seen here: the search then stops at the next step priced from a
 * source, later but with the same answer, the first source expanded.
 */
static int
settled(struct supply_run *r, int from, struct path_step *e)
{
	if (r->early && r->radius[from] >= 0)
		r->found = 1;
	e->why = r->found ? "settled" : NULL;
	return r->found;
}

/* A line within reach: the game's steps, until settled. */
static int
strict(void *ud, int from, int dir, int to, int spent, struct path_step *e)
{
	struct supply_run *r = ud;

	if (settled(r, from, e))
		return -1;
	return r->g->supply->step(ud, from, dir, to, spent, e);
}

/* The nearest blocked attempt prices every forbidden step heavily. */
static int
relaxed(void *ud, int from, int dir, int to, int spent, struct path_step *e)
{
	struct supply_run *r = ud;

	if (settled(r, from, e))
		return -1;
	/* spent counts breaks in penalties and hexes below one: the attempt
	 * may break rules but never run longer than the reach */
	if (spent % r->penalty >= r->penalty - 1) {
		e->why = "too far";
		e->rule = NULL;
		return -1;
	}
	if (r->g->supply->step(ud, from, dir, to, spent, e) == 0)
		return 0;
	e->cost = 1 + r->penalty;
	e->stop = 0;
	return 0;
}

/* The source best reached: fewest hexes among those within their radius
 * (strict), or the cheapest at any length (relaxed). */
static int
best_source(const struct supply_run *r, int budget, int strict)
{
	int i, j, best = -1, d, bestd = INT_MAX;

	for (j = 0; j < r->nsrc; j++) {
		i = r->src[j];
		if ((d = path_reacher_left(r->reach, i)) < 0)
			continue;
		d = budget - d;
		if (strict && d > r->radius[i])
			continue;
		if (d < bestd) {
			bestd = d;
			best = i;
		}
	}
	return best;
}

/* Walk prev back from src into hexes[], hexes[0] the unit's hex; a line
 * longer than max keeps its first max hexes.  *total gets its length. */
static int
chain(const struct supply_run *r, int src, int *hexes, int max, int *total)
{
	int n = 0, h, i;

	for (h = src; h >= 0; h = path_reacher_prev(r->reach, h))
		n++;
	*total = n;
	i = n - 1;
	if (n > max)
		n = max;
	for (h = src; h >= 0; h = path_reacher_prev(r->reach, h), i--)
		if (i < n)
			hexes[i] = h;
	return n;
}

static int
direction(const struct map *m, int from, int to)
{
	int nb[HEX_NDIRS], d;

	map_neighbours(m, from, nb);
	for (d = 0; d < HEX_NDIRS; d++)
		if (nb[d] == to)
			return d;
	return -1;
}

static void
describe(struct supply_run *r, const int *hexes, int n,
    struct supply_answer *a)
{
	int i, dir;

	free(a->path);
	a->path = n ? err_calloc((size_t)n, sizeof *a->path) : NULL;
	a->npath = n;
	for (i = 0; i < n; i++) {
		a->path[i].hex = hexes[i];
		a->path[i].why[0] = '\0';
		a->path[i].rule = NULL;
		if (i == 0 || r->terse)
			continue;
		dir = direction(r->map, hexes[i - 1], hexes[i]);
		r->g->supply->describe(r, hexes[i - 1], dir, hexes[i],
		    &a->path[i]);
	}
}

/* Re-price the attempt strictly: its first forbidden step blocked it. */
static void
first_block(struct supply_run *r, const int *hexes, int n, int total,
    int src, struct supply_answer *a)
{
	struct path_step e;
	int i, dir, st;

	for (i = 1; i < n; i++) {
		memset(&e, 0, sizeof e);
		dir = direction(r->map, hexes[i - 1], hexes[i]);
		r->block_hex = hexes[i];
		r->explain = 1;
		st = r->g->supply->step(r, hexes[i - 1], dir, hexes[i], i - 1,
		    &e);
		r->explain = 0;
		if (st < 0) {
			/* the line is shown up to the hex at fault */
			describe(r, hexes, r->block_hex == hexes[i] ? i + 1 : i,
			    a);
			a->blocked = r->block_hex;
			snprintf(a->blocked_by, sizeof a->blocked_by, "%s",
			    e.why ? e.why : "not allowed");
			a->blocked_rule = e.rule;
			return;
		}
	}
	describe(r, hexes, n, a);
	a->blocked = hexes[n - 1];
	snprintf(a->blocked_by, sizeof a->blocked_by, "%d hex%s where %d "
	    "%s allowed", total - 1, total - 1 == 1 ? "" : "es",
	    r->radius[src], r->radius[src] == 1 ? "is" : "are");
	a->blocked_rule = r->g->supply->count_rule;
}

/* A search from the unit answers: the unit's line, if it has one. */
static int
line_of_unit(struct supply_run *r, const struct unit *u, int *hexes,
    int *n, int *src)
{
	int total;

	r->early = r->g->supply->one_search && same_radius(r);
	r->found = 0;
	path_reacher_run(reacher(r), u->hex, r->maxradius, strict, r);
	if ((*src = best_source(r, r->maxradius, 1)) < 0)
		return -1;
	*n = chain(r, *src, hexes, SUPPLY_MAXPATH, &total);
	return r->maxradius - path_reacher_left(r->reach, *src);
}

/* The side's one search answers: the unit's line, if it has one. */
static int
line_of_side(struct supply_run *r, const struct unit *u, int *hexes,
    int *n, int *src)
{
	int d;

	/*
	 * The side's search goes out a hex at a time, and no farther than
	 * this unit needs: tosrc is whole up to slimit, so a line of d <=
	 * slimit hexes is found as it would be with the whole search made
	 * (and found first, its d being the least), and a unit in or next
	 * to a source costs next to nothing.  An attempt may have taken the
	 * search past the longest line (attempt_of_side).
	 */
	while ((d = unit_hexes(r, u->hex, r->slimit < r->maxradius ?
	    r->slimit : r->maxradius)) < 0 && r->slimit < r->maxradius)
		side_bfs(r, r->slimit + 1);
	if (d < 0)
		return -1;
	/* the walk cannot break off when the game keeps one_search's
	 * promise; if it does, the unit's own search still answers */
	if ((*src = unit_walk(r, u->hex, d)) < 0 ||
	    (*n = unit_line(r, *src, d, hexes, SUPPLY_MAXPATH)) < 0)
		return line_of_unit(r, u, hexes, n, src);
	return d;
}

/*
 * The nearest blocked attempt, when a line breaking no rule is merely too
 * long (at most reach hexes): it is the cheapest attempt, since any
 * broken rule costs more than reach, and the search from the unit would
 * settle it just as it settles a line within reach.  The side's search
 * goes on out to reach the first time a unit needs it.  Its hexes, or -1
 * for the search from the unit to find.
 */
static int
attempt_of_side(struct supply_run *r, const struct unit *u, int reach,
    int *hexes, int *n, int *src)
{
	int d;

	if (r->slimit < reach)
		side_bfs(r, reach);
	if ((d = unit_hexes(r, u->hex, reach)) < 0 ||
	    (*src = unit_walk(r, u->hex, d)) < 0 ||
	    (*n = unit_line(r, *src, d, hexes, SUPPLY_MAXPATH)) < 0)
		return -1;
	return d;
}

/* Is a source within reach hexes as the crow flies?  An attempt of at
 * most reach hexes can find no other. */
static int
source_near(const struct supply_run *r, int hex, int reach)
{
	struct hex h = map_hex(r->map, hex);
	int j;

	for (j = 0; j < r->nsrc; j++)
		if (hex_distance(h, map_hex(r->map, r->src[j]),
		    map_layout(r->map)) <= reach)
			return 1;
	return 0;
}

int
supply_line(struct supply_run *r, const struct unit *u,
    struct supply_answer *a)
{
	int hexes[SUPPLY_MAXPATH], n, src, total, budget, reach, d;

	a->source = a->blocked = -1;
	a->npath = a->hexes = 0;
	a->supplied = 0;
	r->origin = u->hex;
	d = r->tosrc ? line_of_side(r, u, hexes, &n, &src) :
	    line_of_unit(r, u, hexes, &n, &src);
	if (d >= 0) {
		describe(r, hexes, n, a);
		a->source = src;
		a->hexes = d;
		a->supplied = 1;
		return 1;
	}
	/* one search: the costs put fewer rules broken before fewer hexes */
	reach = SUPPLY_REACH * (r->maxradius + 1);
	r->penalty = reach + 1;
	budget = SUPPLY_BREAKS * r->penalty + reach;
	if (r->tosrc && (d = attempt_of_side(r, u, reach, hexes, &n,
	    &src)) >= 0) {
		a->source = src;
		a->hexes = d;
		first_block(r, hexes, n, d + 1, src, a);
		return 0;
	}
	src = -1;
	if (source_near(r, u->hex, reach)) {
		r->early = r->g->supply->one_search;
		r->found = 0;
		path_reacher_run(reacher(r), u->hex, budget, relaxed, r);
		src = best_source(r, budget, 0);
	}
	if (src < 0) {
		snprintf(a->blocked_by, sizeof a->blocked_by, "no source "
		    "within %d hex%s, even breaking %d rules", reach, reach == 1 ?
		    "" : "es", SUPPLY_BREAKS);
		a->blocked_rule = r->g->supply->count_rule;
		return 0;
	}
	n = chain(r, src, hexes, SUPPLY_MAXPATH, &total);
	a->source = src;
	a->hexes = total - 1;
	first_block(r, hexes, n, total, src, a);
	return 0;
}

void
supply_answer_free(struct supply_answer *a)
{
	free(a->path);
	a->path = NULL;
	a->npath = 0;
}
