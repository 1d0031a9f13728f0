/*
 * sotq.c: Soldiers of the Queen, the battles of Isandhlwana (1879) and Omdurman (1898).
 *
 * The game's die tables are data in rules/sotq/; its procedures join this
 * struct as they are written.
 */
#include "game.h"

const struct game game_sotq = {
	.id = "sotq",
	.title = "Soldiers of the Queen",
	.move = &sotq_move,
};
