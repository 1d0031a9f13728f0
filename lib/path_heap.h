/*
 * path_heap.h: the priority queue of path.c's searches.  An entry is one
 * 64-bit word: the key (a cost, or a cost and an estimate, >= 0) in the
 * high half, then the KNOWN bit, then the state.  Comparing words orders
 * entries by key, then unknown before known, then by state number, so that
 * equal costs always come off in the same order and a search finds the
 * same path every time.  The heap is binary and grows as it fills: a
 * search near one hex keeps it in a page, whatever the map's size.
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

static inline void
heap_push(struct path_heap *h, uint64_t e)
{
	int i, parent;

	if (h->n == h->cap) {
		h->cap *= 2;
		h->e = xrealloc(h->e, (size_t)h->cap * sizeof *h->e);
	}
	for (i = h->n++; i > 0; i = parent) {
		parent = (i - 1) / 2;
		if (e >= h->e[parent])
			break;
		h->e[i] = h->e[parent];
	}
	h->e[i] = e;
}

/*
 * The least entry, taken off (the heap is not empty).  The hole it leaves
 * goes down to a leaf by the lesser child, and the last entry comes up
 * from there: that entry, from the bottom, seldom rises far, and which
 * child is the lesser takes no branch the processor must guess, where
 * comparing it with each child on the way down took one at every level.
 * The entries leave in the same order either way.
 */
static inline uint64_t
heap_pop(struct path_heap *h)
{
	uint64_t *a = h->e, top = a[0], e;
	int n = --h->n, i = 0, child, parent;

	if (n == 0)
		return top;
	e = a[n];
	while ((child = 2 * i + 1) + 1 < n) {
		child += a[child + 1] < a[child];
		a[i] = a[child];
		i = child;
	}
	if (child < n) {
		a[i] = a[child];
		i = child;
	}
	while (i > 0 && e < a[parent = (i - 1) / 2]) {
		a[i] = a[parent];
		i = parent;
	}
	a[i] = e;
	return top;
}

#endif
