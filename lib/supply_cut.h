/*
 * supply_cut.h: what would cut these lines (supply-trace --cut).
 *
 * For the units whose lines were just traced and found in supply, each
 * hex a line runs through is tried in turn: were an enemy unit standing
 * in it, which of the units would be out of supply?  The game's own rules
 * answer again for each unit, with the hex held by the enemy (an enemy
 * unit blocks a line wherever the game's steps say it does); the enemy's
 * zones of control stay as they are, so a hex that cuts only by the zone
 * a new unit there would cast is not counted.  The hexes are ranked by
 * how many units each cuts off, the most first.
 */
#ifndef UMPIRE_SUPPLY_CUT_H
#define UMPIRE_SUPPLY_CUT_H

#include "supply.h"

struct supply_cut {
	int hex;
	int n;			/* units cut off */
	int *units;		/* their indexes in the answers */
	const char *rule;	/* why the first is now out, per its answer */
};

/*
 * The hexes that would cut some of the n answers a (traced on r for the
 * one side they share), in *out (*nout of them; supply_cuts_free).
 * ST_OK, or the status of a trace that failed (reported).
 */
int supply_cuts(struct supply_run *r, const struct supply_answer *a, int n,
    struct supply_cut **out, int *nout);
void supply_cuts_free(struct supply_cut *c, int n);

#endif
