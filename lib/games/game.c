/*
 * game.c: the list of games.
 */
#include <string.h>

#include "game.h"
#include "map.h"
#include "units.h"

static const struct game *const games[] = {
	&game_loe, &game_toto, &game_sotq, &game_iwiif, &game_adwa,
};

const struct game *const *
game_all(size_t *n)
{
	*n = sizeof games / sizeof *games;
	return games;
}

const struct game *
game_find(const char *id)
{
	size_t i;

	for (i = 0; i < sizeof games / sizeof *games; i++)
		if (strcmp(games[i]->id, id) == 0)
			return games[i];
	return NULL;
}

int
game_situation_open(const struct ctx *c, const struct map *m,
    const char *spec, struct situation **out)
{
	const struct game *g = game_find(map_game(m));

	return situation_open(c, m, spec, g ? g->situation : NULL, out);
}
