/*
 * ctx.c: the invocation's dice generator, made on first use so that
 * commands that roll nothing never ask the OS for entropy.
 */
#include "ctx.h"

struct rng *
ctx_rng(struct ctx *c)
{
	if (!c->rng_ready) {
		if (c->seeded)
			dice_rng_seed(&c->rng, c->seed);
		else if (dice_rng_seed_os(&c->rng) < 0)
			dice_rng_seed_fallback(&c->rng);
		c->rng_ready = 1;
	}
	return &c->rng;
}
