/*
 * loe.c: Lion of Ethiopia, the Italo-Ethiopian war of 1935-36.
 *
 * The game's die tables are data in rules/loe/; its procedures join this
 * struct as they are written.
 */
#include "game.h"

const struct game game_loe = {
	.id = "loe",
	.title = "Lion of Ethiopia",
};
