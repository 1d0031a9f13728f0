/*
 * fair.h: are these dice fair?
 *
 * Every result umpire gives says which dice it rolled and whose they
 * were: a roll's groups ("2d6" and each face), a table's or a battle's
 * "dice" and "roll" with its "roll_source" ("player" for dice given with
 * --roll, else umpire's own).  A tally takes those results one by one
 * and keeps, for each game, each owner and each kind of dice, how often
 * each value came up: the faces of one die (a roll's every die, a
 * table's single die), or the totals of several (a table read on 2d6).
 *
 * The report sets each tally against what fair dice give, the exact
 * chance of each value (dice.h) times the number of rolls, with
 * Pearson's chi-square test: the statistic, its degrees of freedom (the
 * number of values less one) and its p-value, the chance that fair dice
 * stray this far or farther.  The verdict is "worth a look" when p is
 * below 0.01, "too few rolls to tell" while a value is expected fewer
 * than 5 times (the test is not to be trusted then), and "nothing
 * unusual" otherwise.  umpire's own rolls are tallied apart, as the
 * control: they come from a generator known to be fair.
 */
#ifndef UMPIRE_FAIR_H
#define UMPIRE_FAIR_H

#include <cjson/cJSON.h>

struct trail;
struct fair;

struct fair *fair_new(void);
void fair_free(struct fair *f);
/* The dice of one result (a log entry's "result"), of game (NULL: none);
 * a result with no dice, or none fit to count, adds nothing. */
void fair_add(struct fair *f, const char *game, const cJSON *result);
/* How many rolls were counted, in all. */
long fair_rolls(const struct fair *f);
/* The report: one object a tally in arr, and its lines in t; returns how
 * many tallies are worth a look. */
int fair_report(const struct fair *f, cJSON *arr, struct trail *t);

/* The chance that a chi-square statistic of df degrees of freedom is x
 * or more: the regularised upper incomplete gamma Q(df/2, x/2). */
double fair_chi_square_p(double x, int df);

#endif
