/*
 * path.c: Dijkstra's algorithm over a map, the game pricing each step.
 *
 * A search state is a hex and how the move arrived there: free to go on,
 * or stopped (the step into it had stop = 1, such as entering an enemy zone
 * of control).  State s is hex s / 2, stopped when s is odd.  The arrays
 * (cost so far, previous state, heap and each state's place in the heap)
 * are flat, two entries a hex, allocated once per search; the heap is a
 * binary heap with decrease-key, ordered by cost and then by state number
 * so that equal costs always resolve the same way.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "path.h"

struct search {
	const struct map *m;
	path_cost_fn cost;
	void *ud;
	int budget;
	int nstates;
	int *dist;		/* cost so far, INT_MAX if not reached */
	int *prev;		/* previous state, -1 for none */
	int *heap;		/* states */
	int *pos;		/* place of each state in heap, -1 if out */
	int nheap;
};

static int
before(const struct search *s, int a, int b)
{
	if (s->dist[a] != s->dist[b])
		return s->dist[a] < s->dist[b];
	return a < b;
}

static void
heap_set(struct search *s, int i, int state)
{
	s->heap[i] = state;
	s->pos[state] = i;
}

static void
sift_up(struct search *s, int i)
{
	int state = s->heap[i];

	while (i > 0) {
		int parent = (i - 1) / 2;

		if (!before(s, state, s->heap[parent]))
			break;
		heap_set(s, i, s->heap[parent]);
		i = parent;
	}
	heap_set(s, i, state);
}

static void
sift_down(struct search *s, int i)
{
	int state = s->heap[i];

	for (;;) {
		int child = 2 * i + 1;

		if (child >= s->nheap)
			break;
		if (child + 1 < s->nheap && before(s, s->heap[child + 1],
		    s->heap[child]))
			child++;
		if (!before(s, s->heap[child], state))
			break;
		heap_set(s, i, s->heap[child]);
		i = child;
	}
	heap_set(s, i, state);
}

static int
heap_pop(struct search *s)
{
	int top = s->heap[0];

	s->pos[top] = -1;
	if (--s->nheap > 0) {
		s->heap[0] = s->heap[s->nheap];
		sift_down(s, 0);
	}
	return top;
}

/* Lower a state's cost, putting it on the heap if it is not there. */
static void
relax(struct search *s, int state, int cost, int from)
{
	s->dist[state] = cost;
	s->prev[state] = from;
	if (s->pos[state] < 0) {
		s->heap[s->nheap] = state;
		s->pos[state] = s->nheap++;
	}
	sift_up(s, s->pos[state]);
}

static void
search_init(struct search *s, const struct map *m, int from, int budget,
    path_cost_fn cost, void *ud)
{
	size_t n = (size_t)map_size(m) * 2;

	s->m = m;
	s->cost = cost;
	s->ud = ud;
	s->budget = budget;
	s->nstates = (int)n;
	s->dist = xmalloc(n * sizeof *s->dist);
	s->prev = xmalloc(n * sizeof *s->prev);
	s->heap = xmalloc(n * sizeof *s->heap);
	s->pos = xmalloc(n * sizeof *s->pos);
	for (size_t i = 0; i < n; i++)
		s->dist[i] = INT_MAX;
	memset(s->prev, 0xff, n * sizeof *s->prev);	/* all -1 */
	memset(s->pos, 0xff, n * sizeof *s->pos);
	s->nheap = 0;
	relax(s, from * 2, 0, -1);
}

static void
search_free(struct search *s)
{
	free(s->dist);
	free(s->prev);
	free(s->heap);
	free(s->pos);
}

/* Price the six steps out of a free state and relax what they reach. */
static void
expand(struct search *s, int state)
{
	int from = state / 2, spent = s->dist[state], dir;

	for (dir = 0; dir < HEX_NDIRS; dir++) {
		int to = map_neighbour(s->m, from, dir), cost, next;
		struct path_step e = { 0, 0, NULL, NULL };

		if (to < 0 || s->cost(s->ud, from, dir, to, spent, &e) < 0 ||
		    e.cost < 0 || e.cost > INT_MAX - 1 - spent)
			continue;
		cost = spent + e.cost;
		if (s->budget >= 0 && cost > s->budget)
			continue;
		next = to * 2 + (e.stop ? 1 : 0);
		if (cost < s->dist[next])
			relax(s, next, cost, state);
	}
}

/* Run until the heap empties, or until `to` (>= 0) is settled: its state. */
static int
search_run(struct search *s, int to)
{
	while (s->nheap > 0) {
		int state = heap_pop(s);

		if (state / 2 == to)
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
	struct search s;
	int state, n = 0, i;

	memset(out, 0, sizeof *out);
	if (from < 0 || to < 0 || from >= map_size(m) || to >= map_size(m))
		return ST_NO;
	search_init(&s, m, from, budget, cost, ud);
	if ((state = search_run(&s, to)) < 0) {
		search_free(&s);
		return ST_NO;
	}
	for (i = state; i >= 0; i = s.prev[i])
		n++;
	out->n = n;
	out->hexes = xmalloc((size_t)n * sizeof *out->hexes);
	out->costs = xmalloc((size_t)n * sizeof *out->costs);
	out->total = s.dist[state];
	for (i = state; i >= 0; i = s.prev[i]) {
		n--;
		out->hexes[n] = i / 2;
		out->costs[n] = s.prev[i] >= 0 ? s.dist[i] - s.dist[s.prev[i]] : 0;
	}
	search_free(&s);
	return ST_OK;
}

void
path_result_free(struct path_result *r)
{
	free(r->hexes);
	free(r->costs);
	memset(r, 0, sizeof *r);
}

int
path_reach(const struct map *m, int from, int budget, path_cost_fn cost,
    void *ud, int *left, int *prev)
{
	struct search s;
	int i, n = map_size(m), count = 0;

	for (i = 0; i < n; i++) {
		left[i] = -1;
		if (prev)
			prev[i] = -1;
	}
	if (from < 0 || from >= n || budget < 0)
		return 0;
	search_init(&s, m, from, budget, cost, ud);
	search_run(&s, -1);
	for (i = 0; i < n; i++) {
		/* The cheaper of the two arrivals; the free one on a tie. */
		int best = s.dist[2 * i + 1] < s.dist[2 * i] ? 2 * i + 1 : 2 * i;

		if (s.dist[best] == INT_MAX)
			continue;
		left[i] = budget - s.dist[best];
		if (prev)
			prev[i] = s.prev[best] >= 0 ? s.prev[best] / 2 : -1;
		count++;
	}
	search_free(&s);
	return count;
}
