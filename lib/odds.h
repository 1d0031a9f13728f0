/*
 * odds.h: from attack and defence strengths to a table column.
 *
 * Three kinds of combat table exist among the games: odds ratios ("3:1",
 * Lion of Ethiopia 8.2.1), percentages of attack over defence ("100-199",
 * Twilight of the Ottomans 12.2) and differentials.  The game decides the
 * rounding; these functions do the arithmetic and find the column, and
 * say when a value falls off either edge of the table so the game can
 * apply its own rule for that (an automatic result, or the edge column).
 */
#ifndef UMPIRE_ODDS_H
#define UMPIRE_ODDS_H

#include "table.h"

struct ratio {
	long att, def;		/* 3:1 is {3, 1}; 1:3 is {1, 3} */
};

/*
 * The largest part of a ratio column ("1000:1") and the largest bound of
 * a percentage column ("0-100000"), far past any printed chart: a table
 * whose columns pass them is refused when it is loaded.
 */
#define ODDS_MAX_PART 1000
#define ODDS_MAX_PERCENT 100000

/*
 * Odds rounded in the defender's favour: attack over defence rounded down
 * when the attack is larger (8 vs 3 is 2:1), defence over attack rounded up
 * when it is smaller (3 vs 8 is 1:3).  An attack of 0 gives 0:1; a defence
 * of 0 gives 1:0, above every column.
 */
struct ratio odds_ratio_defender(long att, long def);
/* "3:1", each part a whole number to ODDS_MAX_PART: 0, or -1. */
int odds_ratio_parse(const char *s, struct ratio *r);
void odds_ratio_format(struct ratio r, char buf[static 32]);
/* <0, 0, >0 as a is worse, equal or better for the attacker than b. */
int odds_ratio_cmp(struct ratio a, struct ratio b);

/* 100 x attack / defence, rounded down; -1 when the defence is 0. */
long odds_percent(long att, long def);

/*
 * The column of a ratio table ("1:6" ... "8:1", in ascending order) for r:
 * the best column not better than r.  *edge is -1 when r is below the
 * first column (index 0 is returned), +1 when above the last (the last is
 * returned), 0 otherwise.  -1 if a column id is not a ratio.
 */
int odds_column_ratio(const struct table *t, struct ratio r, int *edge);

/*
 * The column of a range table ("0-49", "50-99", "300+") holding v, with
 * *edge as above.  -1 if a column id is not a range.
 */
int odds_column_range(const struct table *t, long v, int *edge);

/*
 * The column ids of a ratio or percentage table, checked when it is
 * loaded: each a ratio or a band within the limits above, in ascending
 * order, bands apart and an open band ("300+") last.  0, or -1 with why[]
 * naming the column and what was expected.  Other kinds pass.
 */
int odds_check_columns(const struct table *t, char *why, size_t whylen);

#endif
