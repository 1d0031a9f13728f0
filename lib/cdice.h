/*
 * cdice.h: coloured dice, one die of the same kind per colour, as in
 * games that tell stands apart by a coloured base and roll a die of each
 * colour ("red=9,blue=8,white=4").
 *
 * A colour is a word of letters (folded to lower case) and hyphens, up to
 * CDICE_NAME - 1 long; a colour may be named once in a list.  Faces are
 * read as dice.c reads the player's own dice, so a d10 rolled 0 is 10.
 */
#ifndef UMPIRE_CDICE_H
#define UMPIRE_CDICE_H

#include <stddef.h>

#include "dice.h"

#define CDICE_MAX 16
#define CDICE_NAME 16

struct cdie {
	char colour[CDICE_NAME];
	int face;
};

struct cdice {
	struct cdie d[CDICE_MAX];
	size_t n;
};

/* A colour word, folded to lower case into out: 0, or -1 if it is none. */
int cdice_colour(const char *text, size_t len, char out[CDICE_NAME]);

/*
 * Parse "red=9,blue=8" for dice of `sides` faces.  Returns 0, or -1 with
 * why[] naming the bad part and what was expected.
 */
int cdice_parse(const char *text, int sides, struct cdice *cd, char *why,
    size_t whylen);

/* The die of this colour, or NULL. */
const struct cdie *cdice_find(const struct cdice *cd, const char *colour);

/* Add a die (a colour not yet in cd): 0, or -1 when cd is full. */
int cdice_add(struct cdice *cd, const char *colour, int face);

#endif
