/*
 * game-use.h: `umpire game use [WHAT]` (game-use.c), the saved game's
 * once-a-game things, registered by cmd/game.c.
 */
#ifndef UMPIRE_GAME_USE_H
#define UMPIRE_GAME_USE_H

#include "ctx.h"

/* The verb with its operands (at most one). */
int game_use_run(struct ctx *c, char **ops, int nops);
/* The things of the saved game's game, for completion. */
void game_use_complete(const struct ctx *c, const char *prefix);

#endif
