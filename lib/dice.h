/*
 * dice.h: dice notation, rolling, the player's own rolls, exact odds.
 *
 * Notation: NdS with an optional +M or -M ("2d6", "d10", "3d6+2").  A d10
 * shows 0 for ten: a rolled 0 is read as 10, and a table range "9-0" on a
 * single d10 means 9 and 10.
 *
 * The seeded generator (--seed N) is xoshiro256** whose four words of
 * state are filled by splitmix64 from N, as recommended by its authors; a
 * face is drawn with rejection sampling so every face is equally likely.
 * Without a seed the state comes from the operating system (getrandom).
 */
#ifndef UMPIRE_DICE_H
#define UMPIRE_DICE_H

#include <stddef.h>
#include <stdint.h>

#define DICE_MAX_COUNT 100
#define DICE_MAX_SIDES 1000
#define DICE_MAX_MOD 10000

struct dice {
	int count;		/* N */
	int sides;		/* S */
	int mod;		/* M, may be negative */
};

struct rng {
	uint64_t s[4];
};

/* 0, or -1 with *why set to what was expected. */
int dice_parse(const char *text, struct dice *d, const char **why);
void dice_format(const struct dice *d, char buf[static 32]);
int dice_min(const struct dice *d);
int dice_max(const struct dice *d);
/* A single unmodified d10, whose 0 face means 10. */
int dice_zero_is_ten(const struct dice *d);

void rng_seed(struct rng *r, uint64_t seed);
int rng_seed_os(struct rng *r);
/* When the OS has no entropy to give: the clock and the process id. */
void rng_seed_fallback(struct rng *r);
/* A face from 1 to n, every face equally likely. */
int rng_face(struct rng *r, int n);
/* Roll every die of d into faces[] (d->count of them); returns the total. */
int dice_roll(const struct dice *d, struct rng *r, int *faces);

/*
 * Parse the player's own dice ("4", "3,5"; a d10's 0 is 10) for d into
 * faces[]: exactly d->count values, each a face of the die.  Returns 0, or
 * -1 with why[] saying what was expected.
 */
int dice_parse_roll(const struct dice *d, const char *text, int *faces,
    char *why, size_t whylen);
int dice_total(const struct dice *d, const int *faces);

/*
 * The exact distribution of the total of several dice groups: ways[i] is
 * the number of equally likely outcomes whose total is *min + i, out of
 * *outcomes in all.  Counts are doubles, exact up to 2^53 outcomes.
 * Returns the number of totals; the caller frees *ways.
 */
size_t dice_distribution(const struct dice *groups, size_t ngroups,
    double **ways, int *min, double *outcomes);

#endif
