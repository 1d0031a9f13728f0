/*
 * gamefix.h: a game's shipped words and movement costs for the unit
 * tests, read from rules/ (the tests run from the repository's root) as
 * the commands read them: rules/GAME/terrain.json, then tec.json bound to
 * its words.
 */
#ifndef UMPIRE_GAMEFIX_H
#define UMPIRE_GAMEFIX_H

#include <stdio.h>
#include <stdlib.h>

#include "data.h"
#include "err.h"
#include "move.h"

/* The words into v (their text kept in *words, which map fixtures parse
 * again, for the caller to free) and the costs into t.  0, or -1 with
 * what failed said. */
static int
game_rules_load(const char *game, char **words, struct move_vocab *v,
    struct move_tec *t)
{
	char path[64], *buf;
	size_t len;
	int st;

	snprintf(path, sizeof path, "rules/%s/terrain.json", game);
	if (data_read_file(path, words, &len) != ST_OK ||
	    move_vocab_parse(*words, len, path, game, v) != ST_OK)
		goto bad;
	snprintf(path, sizeof path, "rules/%s/tec.json", game);
	if (data_read_file(path, &buf, &len) != ST_OK)
		goto bad;
	st = move_tec_parse(buf, len, path, game, t);
	free(buf);
	if (st != ST_OK)
		goto bad;
	move_tec_bind(t, v);
	return 0;
bad:
	printf("# cannot load %s\n", path);
	return -1;
}

#endif
