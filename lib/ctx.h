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
	const char *saved;	/* --saved: the saved game (saved.h), or NULL */
	/* the shell's `set map`, `set situation` (umpire-shell(1)), for a
	   line that names none; NULL on the command line */
	const char *map, *situation;
	int argc;		/* the command line, for the log */
	char **argv;
};

/*
 * A line's map and situation, with the shell's filling what it leaves
 * out: its own situation, else the shell's; its own map, else, when the
 * situation is the line's own, none (the situation names its map), else
 * the shell's.
 */
static inline void
ctx_place(const struct ctx *c, const char **map, const char **situation)
{
	if (*situation)
		return;
	*situation = c->situation;
	if (!*map)
		*map = c->map;
}

/* The generator, seeded from --seed or the OS on first use. */
struct rng *ctx_rng(struct ctx *c);

#endif
