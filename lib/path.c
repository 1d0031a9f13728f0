/*
 * path.c: Dijkstra's algorithm over a map, the game pricing each step.
 *
 * A search state is a hex and how the move arrived there: free to go on,
 * or stopped (the step into it had stop = 1, such as entering an enemy zone
 * of control).  State s is hex s / 2, stopped when s is odd.  Each state's
 * cost so far and previous state sit in two flat arrays, two entries a
 * hex; a byte a state says whether the search has reached it (its record
 * is set then) and whether it is settled.  The states reached are listed
 * in order, so that a reach reads back only those.
 *
 * The queue is a binary heap (path_heap.h) ordered by cost and then by
 * state number, so that equal costs always resolve the same way, an entry
 * being one word with the key above the state.  A state whose cost falls
 * goes on it again rather than moving up (the entry left behind is dearer,
 * and is passed over when it comes off, the state settled by then).
 *
 * A path_reacher keeps its arrays between searches, for a caller that
 * asks reach after reach on one map (a supply line for every unit of a
 * side): each search wipes only what the last one wrote, from the list of
 * states it reached, so a reach costs what it covers even on a small map
 * asked many times, where allocating and clearing the arrays per search
 * would cost the map's size each time.
 *
 * A move with one jump in it (path_cheapest_jump, path_reach_jump) is
 * searched over the map twice over: layer 0 before the jump, layer 1
 * after it: state s is then hex s / 4, layer (s / 2) % 2, stopped when s
 * is odd, the four states of a hex side by side.  Both layers share one
 * heap, so the whole move is one Dijkstra: it stops at the target as any
 * path does, and a hex's state after the jump that is no cheaper than its
 * state before is not gone on from, as the move before the jump may still
 * do all the move after it may.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "path.h"
#include "path_heap.h"

struct search {
	const struct map *m;
	path_cost_fn cost;
	void *ud;
	int budget;
	const struct path_jump *jump;	/* a move with a jump: two layers */
	int nhex;
	int shift;		/* a state's hex is state >> shift: 1, or 2
				   with a jump */
	unsigned char *mark;	/* a byte a state: MARK_SEEN, reached, so
				   its entries below are set; MARK_DONE,
				   taken off the queue, its cost final */
	int *dist;		/* a state's cost so far + 1 */
	int *prev;		/* its previous state + 1, 0 for none */
	struct path_heap heap;	/* keyed by dist */
	int *reached;		/* every state reached, in order */
	int nreached;
};

enum { MARK_SEEN = 1, MARK_DONE = 2 };

static int
seen(const struct search *s, int state)
{
	return s->mark[state] != 0;
}

/* Has state been taken off the heap, its cost final? */
static int
settled(const struct search *s, int state)
{
	return s->mark[state] == MARK_DONE;
}

/* A state's hex and layer (0 but after a jump), and the state of a hex. */
static int
hex_of(const struct search *s, int state)
{
	return state >> s->shift;
}

static int
layer_of(const struct search *s, int state)
{
	return (state >> 1) & (s->shift - 1);
}

static int
state_of(const struct search *s, int layer, int hex, int stopped)
{
	return hex << s->shift | layer << 1 | stopped;
}

/* The state hex was best reached in: the cheapest of its arrivals, on a
 * tie the free one and the one before a jump; -1 for a hex not reached. */
static int
best_state(const struct search *s, int hex)
{
	int best = -1, layer, stopped, st;

	for (layer = 0; layer < (s->jump ? 2 : 1); layer++)
		for (stopped = 0; stopped < 2; stopped++) {
			st = state_of(s, layer, hex, stopped);
			if (seen(s, st) && (best < 0 || s->dist[st] <
			    s->dist[best]))
				best = st;
		}
	return best;
}

/* Lower a state's cost, and put it on the heap at that cost. */
static void
relax(struct search *s, int state, int cost, int from)
{
	if (!seen(s, state)) {
		s->mark[state] = MARK_SEEN;
		s->reached[s->nreached++] = state;
	}
	s->dist[state] = cost + 1;
	s->prev[state] = from + 1;
	heap_push(&s->heap, entry(cost, state));
}

/* Would a way into state at cost better what it has? */
static int
better(const struct search *s, int state, int cost)
{
	return !seen(s, state) || cost < s->dist[state] - 1;
}

/* layers: 2 for a move with a jump, else 1. */
static void
search_init(struct search *s, const struct map *m, int budget,
    path_cost_fn cost, void *ud, int layers)
{
	size_t n = (size_t)map_size(m) * 2 * (size_t)layers;

	memset(s, 0, sizeof *s);
	s->m = m;
	s->nhex = map_size(m);
	s->shift = layers == 2 ? 2 : 1;
	s->cost = cost;
	s->ud = ud;
	s->budget = budget;
	s->mark = err_calloc(n, 1);
	s->dist = err_malloc(n * sizeof *s->dist);
	s->prev = err_malloc(n * sizeof *s->prev);
	s->reached = err_malloc(n * sizeof *s->reached);
	heap_init(&s->heap, 128);
}

/* From from[0] alone (spent NULL), or from each from[k] entered free with
 * spent[k] already spent; those off the map or beyond the budget are left
 * out. */
static void
search_start(struct search *s, const int *from, const int *spent, int nfrom)
{
	int i, st;

	for (i = 0; i < nfrom; i++) {
		if (from[i] < 0 || from[i] >= s->nhex || (spent &&
		    (spent[i] < 0 || spent[i] > s->budget)))
			continue;
		st = state_of(s, 0, from[i], 0);
		if (better(s, st, spent ? spent[i] : 0))
			relax(s, st, spent ? spent[i] : 0, -1);
	}
}

static void
search_free(struct search *s)
{
	free(s->mark);
	free(s->dist);
	free(s->prev);
	free(s->heap.e);
	free(s->reached);
}

/* Was state reached for no more than spent?  No step costs less than
 * nothing, so a way into it having spent as much gives nothing. */
static int
reached_by(const struct search *s, int state, int spent)
{
	return seen(s, state) && s->dist[state] - 1 <= spent;
}

/* Is hex's free state before the jump reached for no more than spent?
 * Then a way into it after the jump that has spent as much gives nothing:
 * the state before may still jump, and steps the same. */
static int
settled_by(const struct search *s, int hex, int spent)
{
	return reached_by(s, state_of(s, 0, hex, 0), spent);
}

/* Where a jump from free state `state` (layer 0) lands, into layer 1. */
static void
land(struct search *s, int state, int from, int spent)
{
	const struct path_landing *l;
	int i, k, next;

	k = s->jump->land(s->jump->ud, from, spent, &l);
	for (i = 0; i < k; i++) {
		if (l[i].hex < 0 || l[i].hex >= s->nhex || l[i].spent < spent ||
		    (s->budget >= 0 && l[i].spent > s->budget))
			continue;
		next = state_of(s, 1, l[i].hex, l[i].stop != 0);
		if (better(s, next, l[i].spent))
			relax(s, next, l[i].spent, state);
	}
}

/* Price the six steps out of a free state and relax what they reach;
 * before a jump, the jumps from it too. */
static void
expand(struct search *s, int state)
{
	int layer = layer_of(s, state), from = hex_of(s, state);
	int spent = s->dist[state] - 1, dir, nb[HEX_NDIRS];

	if (layer && settled_by(s, from, spent))
		return;
	map_neighbours(s->m, from, nb);
	for (dir = 0; dir < HEX_NDIRS; dir++) {
		struct path_step e = { 0, 0, NULL, NULL };
		int to = nb[dir], at, cost;

		if (to < 0 || reached_by(s, at = state_of(s, layer, to, 0),
		    spent) || (layer && settled_by(s, to, spent)))
			continue;
		if (s->cost(s->ud, from, dir, to, spent, &e) < 0 ||
		    e.cost < 0 || e.cost > INT_MAX - 2 - spent)
			continue;
		cost = spent + e.cost;
		if (s->budget >= 0 && cost > s->budget)
			continue;
		if (better(s, at + (e.stop ? 1 : 0), cost))
			relax(s, at + (e.stop ? 1 : 0), cost, state);
	}
	if (s->jump && !layer)
		land(s, state, from, spent);
}

/* Run until the heap empties, or until `to` (>= 0) is settled: its state. */
static int
search_run(struct search *s, int to)
{
	while (s->heap.n > 0) {
		int state = entry_state(heap_pop(&s->heap));

		/* an entry left behind when its state's cost fell */
		if (settled(s, state))
			continue;
		s->mark[state] = MARK_DONE;
		if (hex_of(s, state) == to)
			return state;
		if ((state & 1) == 0)
			expand(s, state);
	}
	return -1;
}

/* The path to state, found by s: its hexes from the start and the cost of
 * entering each, the start's being what was spent before it; *jump (may
 * be NULL) the index of the hex a jump landed in, 0 for none. */
static void
result_of(const struct search *s, int state, struct path_result *out,
    int *jump)
{
	int i, n = 0;

	for (i = state; i >= 0; i = s->prev[i] - 1)
		n++;
	out->n = n;
	out->hexes = err_malloc((size_t)n * sizeof *out->hexes);
	out->costs = err_malloc((size_t)n * sizeof *out->costs);
	out->total = s->dist[state] - 1;
	if (jump)
		*jump = 0;
	for (i = state; i >= 0; i = s->prev[i] - 1) {
		n--;
		out->hexes[n] = hex_of(s, i);
		out->costs[n] = s->prev[i] > 0 ? s->dist[i] -
		    s->dist[s->prev[i] - 1] : s->dist[i] - 1;
		if (jump && layer_of(s, i) && s->prev[i] > 0 &&
		    !layer_of(s, s->prev[i] - 1))
			*jump = n;
	}
}

/* The cheapest way to `to` by s, from from[0] alone (spent NULL) or from
 * each from[k] entered with spent[k]; *jump as result_of's.  s is freed. */
static int
cheapest(struct search *s, const int *from, const int *spent, int nfrom,
    int to, struct path_result *out, int *jump)
{
	int state = -1;

	memset(out, 0, sizeof *out);
	if (to >= 0 && to < s->nhex && (!spent || s->budget >= 0)) {
		search_start(s, from, spent, nfrom);
		if ((state = search_run(s, to)) >= 0)
			result_of(s, state, out, jump);
	}
	search_free(s);
	return state >= 0 ? ST_OK : ST_NO;
}

int
path_cheapest(const struct map *m, int from, int to, int budget,
    path_cost_fn cost, void *ud, struct path_result *out)
{
	struct search s;

	search_init(&s, m, budget, cost, ud, 1);
	return cheapest(&s, &from, NULL, 1, to, out, NULL);
}

int
path_cheapest_multi(const struct map *m, const int *from, const int *spent,
    int nfrom, int to, int budget, path_cost_fn cost, void *ud,
    struct path_result *out)
{
	struct search s;

	search_init(&s, m, budget, cost, ud, 1);
	return cheapest(&s, from, spent, nfrom, to, out, NULL);
}

int
path_cheapest_jump(const struct map *m, int from, int to, int budget,
    path_cost_fn cost, void *ud, const struct path_jump *jump,
    struct path_result *out, int *jumped)
{
	struct search s;

	search_init(&s, m, budget, cost, ud, 2);
	s.jump = jump;
	*jumped = 0;
	return cheapest(&s, &from, NULL, 1, to, out, jumped);
}

void
path_result_free(struct path_result *r)
{
	free(r->hexes);
	free(r->costs);
	memset(r, 0, sizeof *r);
}

/* Every hex s reaches from from[0] (spent NULL) or each from[k] entered
 * with spent[k], into left and prev as path_reach says.  s is freed. */
static int
reach(struct search *s, const int *from, const int *spent, int nfrom,
    int *left, int *prev)
{
	int i, st, hex, count = 0;

	for (i = 0; i < s->nhex; i++) {
		left[i] = -1;
		if (prev)
			prev[i] = -1;
	}
	if (s->budget >= 0) {
		search_start(s, from, spent, nfrom);
		search_run(s, -1);
	}
	for (i = 0; i < s->nreached; i++) {
		st = s->reached[i];
		hex = hex_of(s, st);
		if (left[hex] >= 0 || best_state(s, hex) != st)
			continue;
		left[hex] = s->budget - (s->dist[st] - 1);
		if (prev)
			prev[hex] = s->prev[st] > 0 ?
			    hex_of(s, s->prev[st] - 1) : -1;
		count++;
	}
	search_free(s);
	return count;
}

int
path_reach(const struct map *m, int from, int budget, path_cost_fn cost,
    void *ud, int *left, int *prev)
{
	struct search s;

	search_init(&s, m, budget, cost, ud, 1);
	return reach(&s, &from, NULL, 1, left, prev);
}

int
path_reach_multi(const struct map *m, const int *from, const int *spent,
    int nfrom, int budget, path_cost_fn cost, void *ud, int *left, int *prev)
{
	struct search s;

	search_init(&s, m, budget, cost, ud, 1);
	return reach(&s, from, spent, nfrom, left, prev);
}

int
path_reach_jump(const struct map *m, int from, int budget, path_cost_fn cost,
    void *ud, const struct path_jump *jump, int *left, int *prev)
{
	struct search s;

	search_init(&s, m, budget, cost, ud, 2);
	s.jump = jump;
	return reach(&s, &from, NULL, 1, left, prev);
}

struct path_reacher {
	struct search s;
};

struct path_reacher *
path_reacher_new(const struct map *m)
{
	struct path_reacher *r = err_calloc(1, sizeof *r);

	search_init(&r->s, m, 0, NULL, NULL, 1);
	return r;
}

/* Undo what the last search wrote: the marks of the states it reached. */
static void
reacher_wipe(struct path_reacher *r)
{
	struct search *s = &r->s;
	int i;

	for (i = 0; i < s->nreached; i++)
		s->mark[s->reached[i]] = 0;
	s->nreached = s->heap.n = 0;
}

int
path_reacher_run(struct path_reacher *r, int from, int budget,
    path_cost_fn cost, void *ud)
{
	struct search *s = &r->s;
	int i, count = 0;

	reacher_wipe(r);
	if (budget < 0 || from < 0 || from >= s->nhex)
		return 0;
	s->budget = budget;
	s->cost = cost;
	s->ud = ud;
	search_start(s, &from, NULL, 1);
	search_run(s, -1);
	for (i = 0; i < s->nreached; i++)
		count += best_state(s, hex_of(s, s->reached[i])) ==
		    s->reached[i];
	return count;
}

int
path_reacher_left(const struct path_reacher *r, int hex)
{
	int st = hex >= 0 && hex < r->s.nhex ? best_state(&r->s, hex) : -1;

	return st < 0 ? -1 : r->s.budget - (r->s.dist[st] - 1);
}

int
path_reacher_prev(const struct path_reacher *r, int hex)
{
	int st = hex >= 0 && hex < r->s.nhex ? best_state(&r->s, hex) : -1;

	return st < 0 || r->s.prev[st] == 0 ? -1 :
	    hex_of(&r->s, r->s.prev[st] - 1);
}

void
path_reacher_free(struct path_reacher *r)
{
	if (!r)
		return;
	search_free(&r->s);
	free(r);
}
