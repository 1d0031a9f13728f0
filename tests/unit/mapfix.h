/*
 * mapfix.h: the vocabulary callback the map parsers take, for the unit
 * tests and the fuzzer: ud is a terrain.json text of the test's own, and
 * a map naming any other game is refused as the data path would refuse it.
 * And H, the unit tests' hex by its printed id.
 */
#ifndef UMPIRE_MAPFIX_H
#define UMPIRE_MAPFIX_H

#include <stdio.h>
#include <string.h>

#include "map.h"

static struct map_vocab *
fixture_vocab(void *ud, const char *game, char *why, size_t whylen)
{
	struct map_vocab *v = NULL;
	cJSON *root = cJSON_Parse(ud);

	if (map_vocab_from_json(root, &v, why, whylen) < 0)
		printf("# fixture bug: %s\n", why);
	else if (strcmp(map_vocab_game(v), game) != 0) {
		snprintf(why, whylen, "no game '%s'", game);
		map_vocab_free(v);
		v = NULL;
	}
	cJSON_Delete(root);
	return v;
}

/* The index of the hex printed as id; a test naming a hex its map lacks
 * says so (a bug in the test, not in umpire).  Short: the map tests name
 * hexes at every turn. */
static inline int
H(const struct map *m, const char *id)
{
	int idx = map_lookup(m, id);

	if (idx < 0)
		printf("# test bug: %s is not on the map\n", id);
	return idx;
}

#endif
