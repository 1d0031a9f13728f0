/*
 * xorshift.h: the unit tests' random numbers, Marsaglia's xorshift32 from
 * a fixed start, so that a failure repeats run after run.  A test that
 * wants a sequence of its own sets rnd_state before its first rnd().
 */
#ifndef UMPIRE_XORSHIFT_H
#define UMPIRE_XORSHIFT_H

#include <stdint.h>

static uint32_t rnd_state = 0x2545f491u;

static inline uint32_t
rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 17;
	rnd_state ^= rnd_state << 5;
	return rnd_state;
}

#endif
