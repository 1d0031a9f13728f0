/*
 * sequence.h: a game's sequence of play, as data (rules/GAME/sequence.json,
 * umpire-data(5)): the phases of a game turn in order, each with its rule,
 * the procedures that belong to it, what players forget at that moment,
 * and when it is played (on some maps only; not on a map's first turn).
 * What a phase means is the game's; the engine only counts through them.
 */
#ifndef UMPIRE_SEQUENCE_H
#define UMPIRE_SEQUENCE_H

#include <limits.h>

#include <cjson/cJSON.h>

#include "ctx.h"

#define SEQUENCE_FORMAT "umpire-sequence/1"
#define SEQUENCE_MAX_PHASES 64

struct sequence {
	cJSON *root;
	const cJSON *phases;
	int n;
	char path[PATH_MAX];
};

/* Load game's sequence: ST_OK; ST_NO (nothing reported) when the game
 * keeps none; ST_DATA, reported with the file and member, when broken. */
int		 sequence_load(const struct ctx *c, const char *game,
		    struct sequence *s);
void		 sequence_free(struct sequence *s);
const cJSON	*sequence_phase(const struct sequence *s, int i);
const char	*sequence_name(const struct sequence *s, int i);
/* Whether phase i is played on map (its name) in turn. */
int		 sequence_plays(const struct sequence *s, int i, const char *map,
		    int turn);
/* The first phase played at or after phase, in turn or the turns after:
 * *turn and *phase moved on.  after: start after phase, not at it. */
void		 sequence_next(const struct sequence *s, const char *map,
		    int *turn, int *phase, int after);

#endif
