/*
 * toto.c: Twilight of the Ottomans, the First World War in the Middle East.
 *
 * The game's die tables are data in rules/toto/; its procedures join this
 * struct as they are written.
 */
#include "game.h"

const struct game game_toto = {
	.id = "toto",
	.title = "Twilight of the Ottomans",
};
