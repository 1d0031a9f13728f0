/*
 * path.c: Dijkstra's algorithm over a map, the game pricing each step.
 *
 * A search state is a hex and how the move arrived there: free to go on,
 * or stopped (the step into it had stop = 1, such as entering an enemy zone
 * of control).  State s is hex s / 2, stopped when s is odd.  Each state's
 * cost so far and previous state sit in two flat arrays, two entries a
 * hex (a reach that gives no way back keeps no previous states, and writes
 * half the pages), allocated once per search and left unwritten: a byte a
 * state, cleared (calloc), says whether the search has reached it (its
 * record is set then) and whether it is settled.  One byte, not a bit in
 * each of two bitmaps, because a step into each of six neighbours asks
 * both at every hex a search takes: one load and one compare, not two
 * words shifted and masked.  The heap grows as the search goes; the list
 * of states reached has room for every state, each listed once, and is
 * written as far as the search goes.  So a search that touches a few
 * thousand hexes of a million-hex map writes only their pages of the
 * records: a unit's reach costs what it covers, not what the map holds.
 * (The records are not cleared with calloc as the bytes are: malloc
 * clears a block it hands out again, or carves from memory the heap
 * already has, by writing every page of it, and each page first written
 * is a page fault; the bytes are a quarter of the costs' size.)
 *
 * The queue is a heap (path_heap.h, four-ary) ordered by cost and then by
 * state number, so that equal costs always resolve the same way, an entry
 * being one word with the key above the state.  A state whose cost falls
 * goes on it again rather than moving up (the entry left behind is dearer,
 * and is passed over when it comes off, the state settled by then): the
 * heap's entries are all it writes, not a place kept in each state's
 * record, which a search reads and writes all over the map's pages.  A
 * reach within a budget queues its states in a list a cost instead
 * (path_buckets.h), which hands them out in the same order for less.
 *
 * A path_reacher keeps its arrays between searches, for a caller that
 * asks reach after reach on one map (a supply line for every unit of a
 * side): each search wipes only what the last one wrote, from the list of
 * states it reached, so a reach costs what it covers even on a small map
 * asked many times, where allocating and clearing the arrays per search
 * would cost the map's size each time.
 *
 * Told the least a step costs, a search does more with it.  A step into a
 * hex already reached for no more than that step could cost is not priced
 * (path_reach_least), and the price function is told what any other must
 * cost less than to matter (path_step.beat), so that one that can tell
 * more of a step at a glance (its terrain) refuses it unpriced too.  A
 * path within a budget leaves out the states from which the target lies
 * beyond the budget even at that cost a hex (path_cheapest_bounded).  And
 * A* orders the heap by cost plus that cost times the hexes still to go
 * (path_cheapest_astar): never more than the true rest, so the first
 * arrival at the target is still the cheapest, and far fewer hexes are
 * looked at on a big map.  A caller that knows more (where the cheap
 * hexsides are) gives its own estimate instead (path_cheapest_guided).
 * None of these changes the path found but A*, among ways that cost the
 * same.
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
#include "path_buckets.h"
#include "path_heap.h"

struct search {
	const struct map *m;
	path_cost_fn cost;
	void *ud;
	int budget;
	int target, min_step;	/* A*: target >= 0 and min_step > 0 */
	path_guess_fn guess;	/* A* with the caller's estimate, if set */
	void *gud;
	const struct path_jump *jump;	/* a move with a jump: two layers */
	int nhex;
	int shift;		/* a state's hex is state >> shift: 1, or 2
				   with a jump */
	int astar;		/* an estimate is set: guess, min_step or
				   the jump's */
	int bound_step;		/* path_cheapest_bounded's least step */
	int least;		/* > 0: no step costs less (path_reach_least) */
	struct hex goal;
	struct map_grid grid;	/* the map's shape, for the neighbours */
	unsigned char *mark;	/* a byte a state: MARK_SEEN, reached, so
				   its entries below are set (none are
				   before); MARK_DONE, taken off the queue,
				   its cost final */
	int *dist;		/* a state's cost so far + 1 */
	int *prev;		/* its previous state + 1, 0 for none; NULL
				   for a reach that lists no way back, which
				   then writes half the pages */
	struct path_heap heap;	/* keyed by dist, plus the A* estimate */
	struct path_buckets buckets;	/* or, for a reach, a list a cost */
	int bucketed;		/* the buckets are the queue */
	int *reached;		/* every state reached, in order: room for
				   them all, as each is listed once, and
				   written only as far as the search goes */
	int key_now;		/* the key of the state being expanded */
	int nreached;
};

/* The queue, heap or buckets: the branch goes the same way all search.
 * relax puts on either; ask_again's states (A*) go only on the heap. */
static inline uint64_t
queue_pop(struct search *s)
{
	return s->bucketed ? buckets_pop(&s->buckets) : heap_pop(&s->heap);
}

static inline int
queue_size(const struct search *s)
{
	return s->bucketed ? s->buckets.n : s->heap.n;
}

enum { MARK_SEEN = 1, MARK_DONE = 2 };

static inline int
seen(const struct search *s, int state)
{
	return s->mark[state] != 0;
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

/*
 * How far past the key being expanded an estimate is asked to be known,
 * in cost units: a state a little above it comes off the heap soon, and
 * asking again costs a trip through the heap; asked again, a little
 * farther.  Measured on toto's ways at any cost (move_cheapest.c), where
 * 2 and 4 cost the fewest instructions.
 */
#define PEEK		2
#define PEEK_AGAIN	4

/* The state hex was best reached in: the cheapest of its arrivals, on a
 * tie the free one and the one before a jump; -1 for a hex not reached. */
static inline int
best_state(const struct search *s, int hex)
{
	int free_st = state_of(s, 0, hex, 0), stopped = free_st + 1, best = -1;
	int st, i;

	if (seen(s, free_st))
		best = free_st;
	if (seen(s, stopped) && (best < 0 || s->dist[stopped] <
	    s->dist[best]))
		best = stopped;
	for (i = 0; s->jump && i < 2; i++) {
		st = state_of(s, 1, hex, i);
		if (seen(s, st) && (best < 0 || s->dist[st] <
		    s->dist[best]))
			best = st;
	}
	return best;
}

/* What is left to the target at the least, for A*; 0 for Dijkstra.  A bound
 * short of it above upto where the jump's `after` gives one: *known then
 * cleared. */
static int
estimate(const struct search *s, int state, int upto, int *known)
{
	*known = 1;
	if (s->jump && layer_of(s, state))
		return s->jump->after ? s->jump->after(s->jump->gud,
		    hex_of(s, state), upto, known) : 0;
	if (s->jump)
		return s->jump->before ? s->jump->before(s->jump->gud,
		    hex_of(s, state)) : 0;
	if (s->guess)
		return s->guess(s->gud, hex_of(s, state));
	if (s->min_step <= 0)
		return 0;
	return hex_distance(map_hex(s->m, hex_of(s, state)), s->goal,
	    map_layout(s->m)) * s->min_step;
}

/* Can state, reached for cost, still make the target within the budget
 * at bound_step a hex (path_cheapest_bounded, path_jump.least)? */
static int
in_bound(const struct search *s, int state, int cost)
{
	/* before a jump, the jump may yet cover any distance */
	return s->bound_step <= 0 || (s->jump && !layer_of(s, state)) ||
	    cost + s->bound_step *
	    hex_distance(map_hex(s->m, hex_of(s, state)), s->goal,
	    map_layout(s->m)) <= s->budget;
}

/* Lower a state's cost, and put it on the heap at that cost. */
static void
relax(struct search *s, int state, int cost, int from)
{
	int h = 0, known = 1;

	if (!in_bound(s, state, cost))
		return;
	if (!seen(s, state)) {
		s->mark[state] = MARK_SEEN;
		s->reached[s->nreached++] = state;
	}
	s->dist[state] = cost + 1;
	if (s->prev)
		s->prev[state] = from + 1;
	/* a reach's buckets: no estimate, and the state goes on its cost's
	   list as it is, not packed in an entry to be unpacked */
	if (s->bucketed) {
		buckets_add(&s->buckets, cost, state);
		return;
	}
	/* an estimate that puts the state well past the key being expanded
	   need not be known yet (KNOWN) */
	if (s->astar)
		h = estimate(s, state, s->key_now - cost + PEEK, &known);
	heap_push(&s->heap, entry(cost + h, state, known));
}

/* A state come off the heap at key with a bound short of its estimate:
 * back on at a higher key, or at its own. */
static void
ask_again(struct search *s, int state, int key)
{
	int spent = s->dist[state] - 1, known, h;

	h = estimate(s, state, key - spent + PEEK_AGAIN, &known);
	heap_push(&s->heap, entry(spent + h, state, known));
}

/* layers: 2 for a move with a jump, else 1; ways: each state's previous
 * is kept (a path, or a reach that gives the way back). */
static void
search_init(struct search *s, const struct map *m, int budget,
    path_cost_fn cost, void *ud, int layers, int ways)
{
	size_t n = (size_t)map_size(m) * 2 * (size_t)layers;

	memset(s, 0, sizeof *s);
	s->m = m;
	s->nhex = map_size(m);
	map_grid(m, &s->grid);
	s->shift = layers == 2 ? 2 : 1;
	s->cost = cost;
	s->ud = ud;
	s->budget = budget;
	s->target = -1;
	s->mark = xcalloc(n, 1);
	s->dist = xmalloc(n * sizeof *s->dist);
	s->prev = ways ? xmalloc(n * sizeof *s->prev) : NULL;
	s->reached = xmalloc(n * sizeof *s->reached);
}

/* The heap, unless the buckets were set up (reach): first made here, so
 * that a search reused (path_reacher) keeps its heap. */
static void
queue_ready(struct search *s)
{
	if (!s->bucketed && !s->heap.e)
		heap_init(&s->heap, 128);
}

static void
search_start(struct search *s, int from)
{
	queue_ready(s);
	relax(s, state_of(s, 0, from, 0), 0, -1);
}

/* Several starts, from[k] entered free with spent[k] already spent; those
 * off the map or beyond the budget are left out. */
static void
search_start_multi(struct search *s, const int *from, const int *spent,
    int nfrom)
{
	int i, st;

	queue_ready(s);
	for (i = 0; i < nfrom; i++) {
		if (from[i] < 0 || from[i] >= map_size(s->m) || spent[i] < 0 ||
		    spent[i] > s->budget)
			continue;
		st = state_of(s, 0, from[i], 0);
		if (!seen(s, st) || spent[i] < s->dist[st] - 1)
			relax(s, st, spent[i], -1);
	}
}

static void
search_free(struct search *s)
{
	free(s->mark);
	free(s->dist);
	free(s->prev);
	free(s->heap.e);
	if (s->bucketed)
		buckets_free(&s->buckets);
	free(s->reached);
}

/*
 * Has state been taken off the heap, its cost final?  Dijkstra takes
 * states in order of cost and no step costs less than nothing, so a step
 * into a hex whose free state is settled can only arrive dearer, and is
 * skipped unpriced: most of a reach's steps, those back toward where it
 * began.  So under A* too: as no step costs less than min_step, the
 * estimate falls by no more than a step costs (it is consistent), so the
 * cost plus the estimate never falls along a way and a hex's free state
 * leaves the heap with its final cost there as well.  A price function
 * must not count on seeing every step: supply.c's, which stops a search
 * once it expands a source, only stops it later when such a step goes
 * unseen, and the source it then settles on is the same.
 */
static inline int
settled(const struct search *s, int state)
{
	return s->mark[state] == MARK_DONE;
}

/* Is hex's free state before the jump settled at no more than spent?
 * Then a way into it after the jump that has spent as much gives nothing:
 * the state before may still jump, and steps the same. */
static int
settled_by(const struct search *s, int hex, int spent)
{
	int b = state_of(s, 0, hex, 0);

	return settled(s, b) && s->dist[b] - 1 <= spent;
}

/* A free state after the jump that settled_by covers. */
static int
covered(const struct search *s, int state)
{
	return settled_by(s, hex_of(s, state), s->dist[state] - 1);
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
		if (!seen(s, next) || l[i].spent < s->dist[next] - 1)
			relax(s, next, l[i].spent, state);
	}
}

/* What a step from spent into free state `state`, marked mark, must cost
 * less than to better its way in: INT_MAX where any step may, or where
 * the least a step costs (least) is not known.  A step that cannot come
 * under it is not priced: it would reach the state no cheaper, and a
 * stopped arrival no cheaper than a free one counts for nothing
 * (best_state).  Most steps of a reach go into hexes the wave around them
 * has just reached; the price function is told the figure
 * (path_step.beat), as it may know more about the step than least. */
static inline int
to_beat(const int *dist, int state, unsigned mark, int least, int spent)
{
	return least > 0 && mark ? dist[state] - 1 - spent : INT_MAX;
}

/*
 * Price the six steps out of a free state and relax what they reach;
 * before a jump, the jumps from it too.  Written once for both kinds of
 * search and inlined into each (expand): with `layered` a constant, a
 * search without a jump, nearly every one, drops the layer's arithmetic
 * and tests from the loop it runs at every hex.
 */
static inline __attribute__((always_inline)) void
expand_in(struct search *s, int state, int layered)
{
	int shift = layered ? 2 : 1, layer = layered ? layer_of(s, state) : 0;
	int from = state >> shift, spent = s->dist[state] - 1, dir;
	int base = layer << 1, least = s->least, budget = s->budget;
	/* held here: the price function may write memory, so s's fields
	   would be read again after each step priced */
	const unsigned char *mark = s->mark;
	const int *dist = s->dist;
	int nb[HEX_NDIRS];

	if (layer && covered(s, state))
		return;
	map_grid_neighbours(&s->grid, from, nb);
	for (dir = 0; dir < HEX_NDIRS; dir++) {
		int to = nb[dir], at, cost, next, beat;
		unsigned m;
		struct path_step e;

		if (to < 0)
			continue;
		at = base + (to << shift);
		m = mark[at];
		if (m == MARK_DONE ||
		    (layer && settled_by(s, to, spent)) ||
		    (beat = to_beat(dist, at, m, least, spent)) <= least)
			continue;
		/* cleared only for a step that is priced */
		e = (struct path_step){ 0, 0, NULL, NULL, beat };
		if (s->cost(s->ud, from, dir, to, spent, &e) < 0 ||
		    e.cost < 0 || e.cost > INT_MAX - 2 - spent)
			continue;
		cost = spent + e.cost;
		if (budget >= 0 && cost > budget)
			continue;
		next = at + (e.stop ? 1 : 0);
		if (!mark[next] || cost < dist[next] - 1)
			relax(s, next, cost, state);
	}
	if (layered && !layer)
		land(s, state, from, spent);
}

static void
expand(struct search *s, int state)
{
	if (s->jump)
		expand_in(s, state, 1);
	else
		expand_in(s, state, 0);
}

/* Run until the heap empties, or until `to` (>= 0) is settled: its state. */
static int
search_run(struct search *s, int to)
{
	while (queue_size(s) > 0) {
		uint64_t e = queue_pop(s);
		int state = entry_state(e);

		/* an entry left behind when its state's cost fell */
		if (settled(s, state))
			continue;
		if (!(e & KNOWN)) {
			ask_again(s, state, entry_key(e));
			continue;
		}
		s->key_now = entry_key(e);
		s->mark[state] = MARK_DONE;
		if (hex_of(s, state) == to)
			return state;
		if ((state & 1) == 0)
			expand(s, state);
	}
	return -1;
}

int
path_cheapest(const struct map *m, int from, int to, int budget,
    path_cost_fn cost, void *ud, struct path_result *out)
{
	return path_cheapest_astar(m, from, to, budget, 0, cost, ud, out);
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
	out->hexes = xmalloc((size_t)n * sizeof *out->hexes);
	out->costs = xmalloc((size_t)n * sizeof *out->costs);
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

/* The cheapest way to `to` by s, set up by the caller (estimate, jump):
 * from from[0] alone (spent NULL) or from each from[k] entered with
 * spent[k]; *jump as result_of's.  s is freed. */
static int
cheapest(struct search *s, const int *from, const int *spent, int nfrom,
    int to, struct path_result *out, int *jump)
{
	const struct map *m = s->m;
	int state = -1;

	memset(out, 0, sizeof *out);
	if (to >= 0 && to < map_size(m) && (spent ? s->budget >= 0 :
	    from[0] >= 0 && from[0] < map_size(m))) {
		s->goal = map_hex(m, to);
		s->astar = s->guess || s->min_step > 0 || (s->jump &&
		    (s->jump->before || s->jump->after));
		if (spent)
			search_start_multi(s, from, spent, nfrom);
		else
			search_start(s, from[0]);
		if ((state = search_run(s, to)) >= 0)
			result_of(s, state, out, jump);
	}
	search_free(s);
	return state >= 0 ? ST_OK : ST_NO;
}

int
path_cheapest_astar(const struct map *m, int from, int to, int budget,
    int min_step, path_cost_fn cost, void *ud, struct path_result *out)
{
	struct search s;

	search_init(&s, m, budget, cost, ud, 1, 1);
	s.min_step = min_step;
	return cheapest(&s, &from, NULL, 1, to, out, NULL);
}

int
path_cheapest_bounded(const struct map *m, int from, int to, int budget,
    int min_step, path_cost_fn cost, void *ud, struct path_result *out)
{
	struct search s;

	search_init(&s, m, budget, cost, ud, 1, 1);
	s.bound_step = budget >= 0 ? min_step : 0;
	s.least = min_step;
	return cheapest(&s, &from, NULL, 1, to, out, NULL);
}

int
path_cheapest_guided(const struct map *m, int from, int to, int budget,
    path_guess_fn guess, void *gud, path_cost_fn cost, void *ud,
    struct path_result *out)
{
	struct search s;

	search_init(&s, m, budget, cost, ud, 1, 1);
	s.guess = guess;
	s.gud = gud;
	return cheapest(&s, &from, NULL, 1, to, out, NULL);
}

int
path_cheapest_multi(const struct map *m, const int *from, const int *spent,
    int nfrom, int to, int budget, path_guess_fn guess, void *gud,
    path_cost_fn cost, void *ud, struct path_result *out)
{
	struct search s;

	search_init(&s, m, budget, cost, ud, 1, 1);
	s.guess = guess;
	s.gud = gud;
	return cheapest(&s, from, spent, nfrom, to, out, NULL);
}

int
path_cheapest_jump(const struct map *m, int from, int to, int budget,
    path_cost_fn cost, void *ud, const struct path_jump *jump,
    struct path_result *out, int *jumped)
{
	struct search s;

	search_init(&s, m, budget, cost, ud, 2, 1);
	s.jump = jump;
	s.bound_step = budget >= 0 ? jump->least : 0;
	s.least = jump->least;
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

/* left[] and prev[] (prev may be NULL) for the states s reached. */
static int
reach_fill(const struct search *s, int budget, int *left, int *prev)
{
	int i, count = 0;

	/* Only the states reached are looked at, not the whole map. */
	for (i = 0; i < s->nreached; i++) {
		int st = s->reached[i], hex = hex_of(s, st);

		/* a free state with no stopped one beside it is its hex's
		   best (best_state): nearly every state of a reach */
		if (!(s->jump == NULL && (st & 1) == 0 && !s->mark[st + 1]) &&
		    best_state(s, hex) != st)
			continue;
		if (left[hex] >= 0)
			continue;
		left[hex] = budget - (s->dist[st] - 1);
		if (prev)
			prev[hex] = s->prev[st] > 0 ?
			    hex_of(s, s->prev[st] - 1) : -1;
		count++;
	}
	return count;
}

/* Every hex s reaches from from[0] (spent NULL) or each from[k] entered
 * with spent[k], into left and prev as path_reach says.  s is freed. */
static int
reach(struct search *s, const int *from, const int *spent, int nfrom,
    int *left, int *prev)
{
	int i, n = map_size(s->m), count = 0;

	for (i = 0; i < n; i++)
		left[i] = -1;
	if (prev)
		for (i = 0; i < n; i++)
			prev[i] = -1;
	if (s->budget >= 0 && (spent || (from[0] >= 0 && from[0] < n))) {
		/* no estimate, and few costs: a list a cost */
		if (!s->astar && s->budget < BUCKETS_MAX_KEYS) {
			buckets_init(&s->buckets, s->budget + 1,
			    (size_t)s->nhex << s->shift);
			s->bucketed = 1;
		}
		if (spent)
			search_start_multi(s, from, spent, nfrom);
		else
			search_start(s, from[0]);
		search_run(s, -1);
		count = reach_fill(s, s->budget, left, prev);
	}
	search_free(s);
	return count;
}

int
path_reach(const struct map *m, int from, int budget, path_cost_fn cost,
    void *ud, int *left, int *prev)
{
	return path_reach_least(m, from, budget, 0, cost, ud, left, prev);
}

int
path_reach_least(const struct map *m, int from, int budget, int min_step,
    path_cost_fn cost, void *ud, int *left, int *prev)
{
	struct search s;

	search_init(&s, m, budget, cost, ud, 1, prev != NULL);
	s.least = min_step;
	return reach(&s, &from, NULL, 1, left, prev);
}

int
path_reach_multi(const struct map *m, const int *from, const int *spent,
    int nfrom, int budget, path_cost_fn cost, void *ud, int *left, int *prev)
{
	struct search s;

	search_init(&s, m, budget, cost, ud, 1, prev != NULL);
	return reach(&s, from, spent, nfrom, left, prev);
}

int
path_reach_jump(const struct map *m, int from, int budget, path_cost_fn cost,
    void *ud, const struct path_jump *jump, int *left, int *prev)
{
	struct search s;
	struct path_jump plain = *jump;

	/* a reach has no target to look toward */
	plain.before = NULL;
	plain.after = NULL;
	search_init(&s, m, budget, cost, ud, 2, prev != NULL);
	s.jump = &plain;
	s.least = jump->least;
	return reach(&s, &from, NULL, 1, left, prev);
}

struct path_reacher {
	struct search s;
};

struct path_reacher *
path_reacher_new(const struct map *m)
{
	struct path_reacher *r = xcalloc(1, sizeof *r);

	search_init(&r->s, m, 0, NULL, NULL, 1, 1);
	return r;
}

/* Undo what the last search wrote: the bits of the states it reached. */
static void
reacher_wipe(struct path_reacher *r)
{
	struct search *s = &r->s;
	int i, st;

	for (i = 0; i < s->nreached; i++) {
		st = s->reached[i];
		s->mark[st] = 0;
	}
	s->nreached = s->heap.n = 0;
}

/* Hexes the last run reached: the answer is read from the states
 * themselves (path_reacher_left), no map-sized arrays of answers to fill,
 * and to wipe, each run. */
static int
reacher_count(const struct path_reacher *r)
{
	const struct search *s = &r->s;
	int i, count = 0;

	for (i = 0; i < s->nreached; i++)
		count += best_state(s, hex_of(s, s->reached[i])) ==
		    s->reached[i];
	return count;
}

int
path_reacher_run(struct path_reacher *r, int from, int budget,
    path_cost_fn cost, void *ud)
{
	struct search *s = &r->s;

	reacher_wipe(r);
	if (budget < 0 || from < 0 || from >= map_size(s->m))
		return 0;
	s->budget = budget;
	s->cost = cost;
	s->ud = ud;
	search_start(s, from);
	search_run(s, -1);
	return reacher_count(r);
}

int
path_reacher_left(const struct path_reacher *r, int hex)
{
	int st = hex >= 0 && hex < map_size(r->s.m) ? best_state(&r->s, hex) :
	    -1;

	return st < 0 ? -1 : r->s.budget - (r->s.dist[st] - 1);
}

int
path_reacher_prev(const struct path_reacher *r, int hex)
{
	int st = hex >= 0 && hex < map_size(r->s.m) ? best_state(&r->s, hex) :
	    -1;

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
