/*
 * bitmap.h: a bit for each of n indexes, in 64-bit words.  The searches
 * (move_map.c, move_rail.c, move_route.c; path_buckets.h's states of the
 * cost being read) mark the hexes or states they touch in one, so that
 * only the bitmap is cleared, not arrays of the map's size; each entry of
 * those arrays is read only where its bit is set.
 */
#ifndef UMPIRE_BITMAP_H
#define UMPIRE_BITMAP_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"

/* Words for n bits. */
static inline size_t
bitmap_words(size_t n)
{
	return n / 64 + 1;
}

/* n bits, all clear (free() it). */
static inline uint64_t *
bitmap_new(size_t n)
{
	return xcalloc(bitmap_words(n), sizeof(uint64_t));
}

static inline int
bitmap_get(const uint64_t *set, int i)
{
	return (int)(set[i >> 6] >> (i & 63) & 1);
}

static inline void
bitmap_set(uint64_t *set, int i)
{
	set[i >> 6] |= (uint64_t)1 << (i & 63);
}

static inline void
bitmap_clear(uint64_t *set, int i)
{
	set[i >> 6] &= ~((uint64_t)1 << (i & 63));
}

#endif
