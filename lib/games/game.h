/*
 * game.h: what a game offers.
 *
 * Each game module (loe.c, toto.c, ...) fills one struct game with its id,
 * its title and the procedures its rules have; a procedure a game lacks is
 * NULL, and the command that asks for it says so ("loe has no activation
 * procedure").  Die tables need no code: they are data, read by the table
 * engine from rules/<game>/.
 */
#ifndef UMPIRE_GAME_H
#define UMPIRE_GAME_H

#include <stddef.h>

struct game {
	const char *id;
	const char *title;
};

extern const struct game game_loe, game_toto, game_sotq, game_iwiif, game_adwa;

/* Every game, in a fixed order; n is set to how many. */
const struct game *const *game_all(size_t *n);
/* The game with this id, or NULL. */
const struct game *game_find(const char *id);

#endif
