/*
 * adwa.c: Adwa 1896, the coalition card game of the Adwa campaign.
 *
 * The game's die tables are data in rules/adwa/; its procedures join this
 * struct as they are written.
 */
#include "game.h"

const struct game game_adwa = {
	.id = "adwa",
	.title = "Adwa 1896",
};
