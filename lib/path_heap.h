/*
 * path_heap.h: the priority queue of path.c's searches.  An entry is one
 * 64-bit word: the key (a cost, or a cost and an estimate, >= 0) in the
 * high half, then the KNOWN bit, then the state.  Comparing words orders
 * entries by key, then unknown before known, then by state number, so that
 * equal costs always come off in the same order and a search finds the
 * same path every time.  The heap grows as it fills: a search near one
 * hex keeps it in a page, whatever the map's size.
 *
 * Internal to path.c; static inline so that the search's loop, which
 * pushes and pops at every step, keeps them inlined.
 */
#ifndef UMPIRE_PATH_HEAP_H
#define UMPIRE_PATH_HEAP_H

#include <stdint.h>
#include <stdlib.h>

#include "err.h"

/*
 * An entry whose key holds a bound short of its state's estimate (the
 * jump's `after`, a path_bound_fn) lacks this bit, so it comes off the
 * heap before the entries of its key that are known, to be asked again
 * (path.c, ask_again).  States stay below the bit: a hex id has at most
 * six digits (hex.c), so a map has at most a million hexes, four states
 * each.
 */
#define KNOWN	(UINT64_C(1) << 31)

struct path_heap {
	uint64_t *e;
	int n, cap;
};

static inline uint64_t
entry(int key, int state, int known)
{
	return (uint64_t)(uint32_t)key << 32 | (known ? KNOWN : 0) |
	    (uint32_t)state;
}

static inline int
entry_key(uint64_t e)
{
	return (int)(uint32_t)(e >> 32);
}

static inline int
entry_state(uint64_t e)
{
	return (int)(e & (KNOWN - 1));
}

/* Empty, with room for cap entries. */
static inline void
heap_init(struct path_heap *h, int cap)
{
	h->n = 0;
	h->cap = cap;
	h->e = xmalloc((size_t)cap * sizeof *h->e);
}

/*
 * The heap is four-ary: entry i's children are 4i + 1 to 4i + 4.  Half
 * the levels of a binary heap, each a little more work: a reach pops an
 * entry for every state it settles, and the pops cost fewer instructions
 * so.
 */
static inline void
heap_push(struct path_heap *h, uint64_t e)
{
	int i, parent;

	if (h->n == h->cap) {
		h->cap *= 2;
		h->e = xrealloc(h->e, (size_t)h->cap * sizeof *h->e);
	}
	for (i = h->n++; i > 0; i = parent) {
		parent = (i - 1) / 4;
		if (e >= h->e[parent])
			break;
		h->e[i] = h->e[parent];
	}
	h->e[i] = e;
}

/* The least of the four entries from c, compared in two pairs and then
 * the pairs' lesser: no branch the processor must guess. */
static inline int
heap_least4(const uint64_t *a, int c)
{
	int x = c + (a[c + 1] < a[c]), y = c + 2 + (a[c + 3] < a[c + 2]);

	return a[y] < a[x] ? y : x;
}

/*
 * The least entry, taken off (the heap is not empty).  The hole it leaves
 * goes down to a leaf by the least child, and the last entry comes up
 * from there: that entry, from the bottom, seldom rises far, where
 * comparing it with the children on the way down cost a guess at every
 * level.  The entries leave in the same order either way.
 */
static inline uint64_t
heap_pop(struct path_heap *h)
{
	uint64_t *a = h->e, top = a[0], e;
	int n = --h->n, i = 0, c, k, least, parent;

	if (n == 0)
		return top;
	e = a[n];
	while ((c = 4 * i + 1) + 3 < n) {
		least = heap_least4(a, c);
		a[i] = a[least];
		i = least;
	}
	if (c < n) {
		/* a last node with fewer than four children */
		for (least = c, k = c + 1; k < n; k++)
			if (a[k] < a[least])
				least = k;
		a[i] = a[least];
		i = least;
	}
	while (i > 0 && e < a[parent = (i - 1) / 4]) {
		a[i] = a[parent];
		i = parent;
	}
	a[i] = e;
	return top;
}

#endif
