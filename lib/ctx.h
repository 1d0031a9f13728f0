/*
 * ctx.h: what one invocation knows before a command runs: the global
 * options (-g, --json, --seed, --data, --no-color, --log) and the dice generator.
 * The dispatcher fills it; commands and games only read it, except for
 * drawing from the generator.
 */
#ifndef UMPIRE_CTX_H
#define UMPIRE_CTX_H

#include <stdint.h>

#include "dice.h"

struct ctx {
	const char *game;	/* -g/--game or $UMPIRE_GAME; NULL if neither */
	const char *data_dir;	/* --data */
	int json;		/* --json */
	int color;		/* stdout is a terminal and colour is wanted */
	int seeded;		/* --seed given */
	uint64_t seed;
	int rng_ready;
	struct rng rng;
	const char *log;	/* --log, $UMPIRE_LOG: the game log's name */
	int argc;		/* the command line, for the log */
	char **argv;
};

/* The generator, seeded from --seed or the OS on first use. */
struct rng *ctx_rng(struct ctx *c);

#endif
