/*
 * path_heap.h: the priority queue of path.c's searches, a binary heap.
 * An entry is one 64-bit word: the cost in the high half, the state in
 * the low.  Comparing words orders entries by cost, then by state number,
 * so that equal costs always come off in the same order and a search
 * finds the same path every time.
 *
 * Internal to path.c.
 */
#ifndef UMPIRE_PATH_HEAP_H
#define UMPIRE_PATH_HEAP_H

#include <stdint.h>
#include <stdlib.h>

#include "err.h"

struct path_heap {
	uint64_t *e;
	int n, cap;
};

static inline uint64_t
entry(int key, int state)
{
	return (uint64_t)(uint32_t)key << 32 | (uint32_t)state;
}

static inline int
entry_key(uint64_t e)
{
	return (int)(uint32_t)(e >> 32);
}

static inline int
entry_state(uint64_t e)
{
	return (int)(uint32_t)e;
}

/* Empty, with room for cap entries. */
static inline void
heap_init(struct path_heap *h, int cap)
{
	h->n = 0;
	h->cap = cap;
	h->e = err_malloc((size_t)cap * sizeof *h->e);
}

static inline void
heap_push(struct path_heap *h, uint64_t e)
{
	int i, parent;

	if (h->n == h->cap) {
		h->cap *= 2;
		h->e = err_realloc(h->e, (size_t)h->cap * sizeof *h->e);
	}
	for (i = h->n++; i > 0; i = parent) {
		parent = (i - 1) / 2;
		if (e >= h->e[parent])
			break;
		h->e[i] = h->e[parent];
	}
	h->e[i] = e;
}

/* The least entry, taken off (the heap is not empty). */
static inline uint64_t
heap_pop(struct path_heap *h)
{
	uint64_t *a = h->e, top = a[0], e = a[--h->n];
	int n = h->n, i = 0, c;

	while ((c = 2 * i + 1) < n) {
		if (c + 1 < n && a[c + 1] < a[c])
			c++;
		if (e <= a[c])
			break;
		a[i] = a[c];
		i = c;
	}
	if (n > 0)
		a[i] = e;
	return top;
}

#endif
