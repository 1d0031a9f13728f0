/*
 * iwiif.c: I wish I was in France!, miniatures rules for the Great War in East Africa.
 *
 * The game's die tables are data in rules/iwiif/; its procedures join this
 * struct as they are written.
 */
#include "game.h"

const struct game game_iwiif = {
	.id = "iwiif",
	.title = "I wish I was in France!",
};
