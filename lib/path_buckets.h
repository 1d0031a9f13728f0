/*
 * path_buckets.h: the queue of a reach within a budget (path.c), a bucket
 * a cost (Dial's algorithm) in place of the heap.  A reach's keys are its
 * costs, whole numbers from 0 to the budget, and it takes them in order:
 * so each state goes on the list of its cost, and the lists are read one
 * after another, lowest cost first.  Pushing is a store and popping a
 * load or two, where the heap moves entries through its levels each time.
 *
 * Entries must still leave in the heap's order (cost, then state number:
 * path_heap.h), so that a reach settles its ties the same way every time
 * and finds the same ways in.  A list is in the order its states were
 * reached, so the list whose turn has come is set out as bits, a bit a
 * state, and read lowest bit first: a bitmap of the search's states, of
 * which only the words the list covers are read, and which is all clear
 * again once they have been.
 *
 * Only for a search with no estimate (A* keys are not costs) whose budget
 * is small (a list head a cost).  A step that costs nothing puts its state
 * among the bits being read; one whose bit lies behind the word being
 * read moves the reading back to it.  Internal to path.c.
 */
#ifndef UMPIRE_PATH_BUCKETS_H
#define UMPIRE_PATH_BUCKETS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bitmap.h"
#include "err.h"
#include "path_heap.h"

/* The most costs a reach may have for buckets: the list heads fit in a
 * page, written once. */
#define BUCKETS_MAX_KEYS	1024

struct bucket_node {
	int state;
	int next;		/* the next node of its list + 1; 0: last */
};

struct path_buckets {
	int *head;		/* a cost's first node + 1; 0: an empty list */
	struct bucket_node *node;
	int nnode, ncap;
	int spare;		/* a node read and free to reuse + 1; 0: none */
	uint64_t *now;		/* the states of cost `key` not yet taken */
	int word;		/* now's lowest word that may have a bit */
	int nnow;		/* bits set in now */
	int key;		/* the cost being read; -1 before the first */
	int n;			/* entries in all */
};

/* Costs 0 to nkeys - 1, states 0 to nstates - 1. */
static inline void
buckets_init(struct path_buckets *b, int nkeys, size_t nstates)
{
	memset(b, 0, sizeof *b);
	b->key = -1;
	b->head = xcalloc((size_t)nkeys, sizeof *b->head);
	b->ncap = 128;
	b->node = xmalloc((size_t)b->ncap * sizeof *b->node);
	b->now = bitmap_new(nstates);
}

static inline void
buckets_free(struct path_buckets *b)
{
	free(b->head);
	free(b->node);
	free(b->now);
}

/* A state into the bits being read. */
static inline void
now_add(struct path_buckets *b, int state)
{
	bitmap_set(b->now, state);
	b->nnow++;
	if (state >> 6 < b->word)
		b->word = state >> 6;
}

/* state at cost key, no more than the budget: the last key. */
static inline void
buckets_add(struct path_buckets *b, int key, int state)
{
	int k;

	b->n++;
	if (key <= b->key) {	/* a step that cost nothing */
		now_add(b, state);
		return;
	}
	if (b->spare) {
		k = b->spare - 1;
		b->spare = b->node[k].next;
	} else {
		if (b->nnode == b->ncap) {
			b->ncap *= 2;
			b->node = xrealloc(b->node, (size_t)b->ncap *
			    sizeof *b->node);
		}
		k = b->nnode++;
	}
	b->node[k].state = state;
	b->node[k].next = b->head[key];
	b->head[key] = k + 1;
}

/* The next cost's list into now; its nodes free again. */
static inline void
buckets_next(struct path_buckets *b)
{
	int k, last = 0;

	do
		b->key++;
	while (!b->head[b->key]);
	b->word = INT32_MAX;
	for (k = b->head[b->key]; k; k = b->node[k - 1].next) {
		now_add(b, b->node[k - 1].state);
		last = k;
	}
	/* the whole list is free: its last node leads to the old spares */
	b->node[last - 1].next = b->spare;
	b->spare = b->head[b->key];
	b->head[b->key] = 0;
}

/* The least entry, taken off (there is one). */
static inline uint64_t
buckets_pop(struct path_buckets *b)
{
	uint64_t w;
	int state;

	if (b->nnow == 0)
		buckets_next(b);
	while (!(w = b->now[b->word]))
		b->word++;
	state = b->word << 6 | __builtin_ctzll(w);
	b->now[b->word] = w & (w - 1);
	b->nnow--;
	b->n--;
	return entry(b->key, state, 1);
}

#endif
