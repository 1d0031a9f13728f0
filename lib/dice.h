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
#define DICE_STR_(x) #x
#define DICE_STR(x) DICE_STR_(x)
/* The limits, as a refused roll states them. */
#define DICE_LIMITS "at most " DICE_STR(DICE_MAX_COUNT) " dice of at most " \
	DICE_STR(DICE_MAX_SIDES) " sides"
#define DICE_MOD_LIMITS "a modifier from -" DICE_STR(DICE_MAX_MOD) " to +" \
	DICE_STR(DICE_MAX_MOD)

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

void dice_rng_seed(struct rng *r, uint64_t seed);
int dice_rng_seed_os(struct rng *r);
/* When the OS has no entropy to give: the clock and the process id. */
void dice_rng_seed_fallback(struct rng *r);
/* A face from 1 to n, every face equally likely. */
int dice_rng_face(struct rng *r, int n);
/* Roll every die of d into faces[] (d->count of them); returns the total. */
int dice_roll(const struct dice *d, struct rng *r, int *faces);

/*
 * Parse the player's own dice ("4", "3,5" or "3+5"; a d10's 0 is 10) for d into
 * faces[]: exactly d->count values, each a face of the die.  Returns 0, or
 * -1 with why[] saying what was expected.
 */
int dice_parse_roll(const struct dice *d, const char *text, int *faces,
    char *why, size_t whylen);
int dice_total(const struct dice *d, const int *faces);

/*
 * The exact distribution of the total of several dice groups.  A count of
 * ways can be far past 2^64 (100d1000 has 1000^100 outcomes, a 997-bit
 * number), so each count is kept whole: a little-endian array of 64-bit
 * words, as many words per count as the number of outcomes needs (at most
 * DICE_WORDS, enough for every dice the notation allows).  Nothing is
 * rounded until a chance is asked for as a double.
 */
#define DICE_WORDS 16		/* 1024 bits: 1000^100 < 2^997 */
#define DICE_DIGITS 320		/* decimal text of a count, with its NUL */

struct dice_dist {
	int min;		/* the lowest total */
	size_t n;		/* totals min .. min + n - 1 */
	size_t words;		/* 64-bit words in each count */
	uint64_t *ways;		/* n counts of `words` words */
	uint64_t outcomes[DICE_WORDS];	/* equally likely outcomes in all */
};

/*
 * Fill d for the groups.  0, or -1 (d untouched) when the groups hold
 * more than DICE_MAX_COUNT dice in all or a die of more than
 * DICE_MAX_SIDES sides: the limits of dice_parse().  dice_dist_free()
 * releases it.
 */
int dice_dist_make(const struct dice *groups, size_t ngroups,
    struct dice_dist *d);
void dice_dist_free(struct dice_dist *d);
/* The chance of a total from lo to hi inclusive (0 outside the dice's
 * range): the exact count over the exact outcomes, as the nearest double. */
double dice_dist_chance(const struct dice_dist *d, int lo, int hi);

/* A sum of counts of d, for the chance of several ranges together. */
struct dice_sum {
	uint64_t w[DICE_WORDS];
};

/* Add the counts of the totals lo to hi (none outside the dice's range). */
void dice_sum_add(struct dice_sum *s, const struct dice_dist *d, int lo,
    int hi);
/* The sum over the outcomes, as the nearest double. */
double dice_sum_chance(const struct dice_sum *s, const struct dice_dist *d);

/* at_least[i]: the chance of total min + i or more, for every total. */
void dice_dist_at_least(const struct dice_dist *d, double *at_least);
/* The count of total min + i, and the outcomes, in decimal. */
char *dice_dist_ways_text(const struct dice_dist *d, size_t i,
    char buf[static DICE_DIGITS]);
char *dice_dist_outcomes_text(const struct dice_dist *d,
    char buf[static DICE_DIGITS]);

#endif
