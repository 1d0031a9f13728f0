/*
 * dice.c: see dice.h for the notation and the generator.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "dice.h"
#include "err.h"

/* Read a decimal number in [0, max]; advance *s past it.  -1 when there
 * is no number, -2 when it is larger than max. */
static int
read_number(const char **s, long max, long *out)
{
	const char *p = *s;
	long v = 0;

	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		v = v * 10 + (*p - '0');
		if (v > max)
			return -2;
	}
	*s = p;
	*out = v;
	return 0;
}

/* What a refused number was expected to be: the limit when it passed one. */
static int
refuse(int r, const char **why, const char *limit)
{
	if (r == -2)
		*why = limit;
	return -1;
}

int
dice_parse(const char *text, struct dice *d, const char **why)
{
	const char *p = text;
	long count = 1, sides, mod = 0;
	int r;

	*why = "dice like 2d6, d10 or 3d6+2";
	if (*p != 'd' && *p != 'D' &&
	    (r = read_number(&p, DICE_MAX_COUNT, &count)) < 0)
		return refuse(r, why, DICE_LIMITS);
	if (*p != 'd' && *p != 'D')
		return -1;
	p++;
	if ((r = read_number(&p, DICE_MAX_SIDES, &sides)) < 0)
		return refuse(r, why, DICE_LIMITS);
	if (*p == '+' || *p == '-') {
		int neg = *p++ == '-';

		if ((r = read_number(&p, DICE_MAX_MOD, &mod)) < 0)
			return refuse(r, why, DICE_MOD_LIMITS);
		if (neg)
			mod = -mod;
	}
	if (*p != '\0')
		return -1;
	if (count < 1 || sides < 2) {
		*why = "at least one die of at least two sides";
		return -1;
	}
	d->count = (int)count;
	d->sides = (int)sides;
	d->mod = (int)mod;
	return 0;
}

void
dice_format(const struct dice *d, char buf[static 32])
{
	int n = snprintf(buf, 32, "%dd%d", d->count, d->sides);

	if (d->mod && n > 0 && n < 32)
		snprintf(buf + n, 32 - (size_t)n, "%+d", d->mod);
}

int
dice_min(const struct dice *d)
{
	return d->count + d->mod;
}

int
dice_max(const struct dice *d)
{
	return d->count * d->sides + d->mod;
}

int
dice_zero_is_ten(const struct dice *d)
{
	return d->count == 1 && d->sides == 10 && d->mod == 0;
}

/* splitmix64: spreads one 64-bit seed over the generator's state. */
static uint64_t
splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* xoshiro256** 1.0 (Blackman and Vigna) */
static uint64_t
rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

void
dice_rng_seed(struct rng *r, uint64_t seed)
{
	int i;

	for (i = 0; i < 4; i++)
		r->s[i] = splitmix64(&seed);
}

int
dice_rng_seed_os(struct rng *r)
{
	uint64_t seed;

	if (getrandom(&seed, sizeof seed, 0) != (ssize_t)sizeof seed)
		return -1;
	dice_rng_seed(r, seed);
	return 0;
}

void
dice_rng_seed_fallback(struct rng *r)
{
	struct timespec ts;

	/* no entropy from the kernel: the clock and the process id still
	 * differ from one run to the next, which is all dice need */
	clock_gettime(CLOCK_REALTIME, &ts);
	dice_rng_seed(r, (uint64_t)ts.tv_sec * 1000000007ULL ^ (uint64_t)ts.tv_nsec ^
	    ((uint64_t)getpid() << 32));
}

int
dice_rng_face(struct rng *r, int n)
{
	/* reject the top sliver of the range so that n divides what is left */
	uint64_t limit = UINT64_MAX - UINT64_MAX % (uint64_t)n, x;

	do
		x = rng_next(r);
	while (x >= limit);
	return (int)(x % (uint64_t)n) + 1;
}

int
dice_roll(const struct dice *d, struct rng *r, int *faces)
{
	int i;

	for (i = 0; i < d->count; i++)
		faces[i] = dice_rng_face(r, d->sides);
	return dice_total(d, faces);
}

int
dice_total(const struct dice *d, const int *faces)
{
	int i, total = d->mod;

	for (i = 0; i < d->count; i++)
		total += faces[i];
	return total;
}

/* One face as the player wrote it; a d10's 0 is 10. */
static int
parse_face(const struct dice *d, const char **p, int *face)
{
	long v;

	if (read_number(p, DICE_MAX_SIDES, &v) < 0)
		return -1;
	if (v == 0 && d->sides == 10)
		v = 10;
	if (v < 1 || v > d->sides)
		return -1;
	*face = (int)v;
	return 0;
}

int
dice_parse_roll(const struct dice *d, const char *text, int *faces,
    char *why, size_t whylen)
{
	const char *p = text;
	int n = 0;
	char name[32];

	dice_format(d, name);
	for (;;) {
		if (n == d->count) {
			snprintf(why, whylen, "%d value%s for %s", d->count,
			    d->count == 1 ? "" : "s", name);
			return -1;
		}
		if (parse_face(d, &p, &faces[n]) < 0) {
			snprintf(why, whylen, "%s face%s from %d to %d%s", name,
			    d->count == 1 ? "" : "s", d->sides == 10 ? 0 : 1,
			    d->sides, d->sides == 10 ? " (0 is 10)" : "");
			return -1;
		}
		n++;
		if (*p == '\0')
			break;
		/* the faces of one roll: 3,4 or 3+4 (sotq writes 2d6 so) */
		if (*p != ',' && *p != '+')
			break;
		p++;
	}
	if (*p != '\0' || n != d->count) {
		snprintf(why, whylen, "%d value%s separated by commas for %s",
		    d->count, d->count == 1 ? "" : "s", name);
		return -1;
	}
	return 0;
}

/*
 * Exact distributions.  A count is `words` 64-bit words, least significant
 * first; only the low `live` words of any count can be nonzero while the
 * dice rolled so far have fewer outcomes than 2^(64 live), so the sums
 * below skip the rest.
 */
__extension__ typedef unsigned __int128 dice_u128;

static void
big_add(uint64_t *a, const uint64_t *b, size_t n)
{
	uint64_t carry = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		uint64_t s = a[i] + b[i], c1 = s < a[i];

		a[i] = s + carry;
		carry = c1 | (a[i] < s);
	}
}

static void
big_sub(uint64_t *a, const uint64_t *b, size_t n)
{
	uint64_t borrow = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		uint64_t d = a[i] - b[i], b1 = a[i] < b[i];

		a[i] = d - borrow;
		borrow = b1 | (d < borrow);
	}
}

/* a *= m in place; the words needed afterwards. */
static size_t
big_mul_small(uint64_t *a, size_t n, uint64_t m)
{
	uint64_t carry = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		dice_u128 p = (dice_u128)a[i] * m + carry;

		a[i] = (uint64_t)p;
		carry = (uint64_t)(p >> 64);
	}
	while (n > 0 && a[n - 1] == 0)
		n--;
	return n;
}

static size_t
big_used(const uint64_t *a, size_t n)
{
	while (n > 0 && a[n - 1] == 0)
		n--;
	return n;
}

/* The number of significant bits of a. */
static int
big_bits(const uint64_t *a, size_t n)
{
	n = big_used(a, n);
	if (n == 0)
		return 0;
	return (int)(64 * n) - __builtin_clzll(a[n - 1]);
}

/*
 * The top 64 bits of a (bits-1 .. bits-64, zeros below the end); *rest is
 * set when a nonzero bit lies below them.
 */
static uint64_t
big_top(const uint64_t *a, int bits, int *rest)
{
	int lo = bits - 64, w, s;
	uint64_t top;
	size_t i;

	*rest = 0;
	if (lo <= 0)
		return a[0] << -lo;
	w = lo / 64;
	s = lo % 64;
	top = a[w] >> s;
	if (s)
		top |= a[w + 1] << (64 - s);
	for (i = 0; i < (size_t)w; i++)
		*rest |= a[i] != 0;
	*rest |= s && (a[w] << (64 - s)) != 0;
	return top;
}

/*
 * a / b as the nearest double, b > 0.  The 64 top bits of each are
 * divided in 128-bit arithmetic; a sticky bit keeps the last rounding
 * honest, so the error is below one unit in the last place.
 */
static double
big_ratio(const uint64_t *a, const uint64_t *b, size_t n)
{
	int la = big_bits(a, n), lb = big_bits(b, n), rest, unused;
	dice_u128 num, q;
	uint64_t bm;

	if (la == 0 || lb == 0)
		return 0;
	num = (dice_u128)big_top(a, la, &rest) << 64;
	bm = big_top(b, lb, &unused);
	q = num / bm;
	if (rest || num % bm)
		q |= 1;
	return ldexp((double)q, la - lb - 64);
}

/* a in decimal, into buf (a is destroyed). */
static char *
big_text(uint64_t *a, size_t n, char buf[static DICE_DIGITS])
{
	const uint64_t chunk = 10000000000000000000ULL;	/* 10^19 */
	char *p = buf + DICE_DIGITS - 1;
	int i;

	*p = '\0';
	n = big_used(a, n);
	do {
		uint64_t rem = 0;
		size_t k;

		for (k = n; k-- > 0;) {
			dice_u128 cur = ((dice_u128)rem << 64) | a[k];

			a[k] = (uint64_t)(cur / chunk);
			rem = (uint64_t)(cur % chunk);
		}
		n = big_used(a, n);
		for (i = 0; i < 19 && (n > 0 || rem > 0); i++) {
			*--p = (char)('0' + rem % 10);
			rem /= 10;
		}
	} while (n > 0);
	if (!*p)
		*--p = '0';
	return p;
}

/*
 * Fold one die of `sides` faces into the counts: each new total k is
 * reached from the old totals k-sides+1 .. k, so a running window sum
 * makes this linear in the number of totals.  Words from live up are
 * never written, so they stay the zeros calloc gave them.
 */
static void
convolve_die(struct dice_dist *d, uint64_t *out, int sides, size_t live)
{
	size_t newn = d->n + (size_t)sides - 1, w = d->words, k;
	uint64_t window[DICE_WORDS] = { 0 };

	for (k = 0; k < newn; k++) {
		if (k < d->n)
			big_add(window, d->ways + k * w, live);
		if (k >= (size_t)sides)
			big_sub(window, d->ways + (k - (size_t)sides) * w, live);
		memcpy(out + k * w, window, live * sizeof *window);
	}
	d->n = newn;
}

int
dice_dist_make(const struct dice *groups, size_t ngroups, struct dice_dist *d)
{
	uint64_t sofar[DICE_WORDS] = { 1 }, *spare, *t;
	size_t g, dice = 0, totals = 1, live;
	int i;

	for (g = 0; g < ngroups; g++) {
		if (groups[g].count < 0 || groups[g].sides < 1 ||
		    groups[g].sides > DICE_MAX_SIDES)
			return -1;
		dice += (size_t)groups[g].count;
		totals += (size_t)groups[g].count * (size_t)(groups[g].sides - 1);
	}
	if (dice > DICE_MAX_COUNT)
		return -1;
	memset(d, 0, sizeof *d);
	d->outcomes[0] = 1;
	d->words = 1;
	for (g = 0; g < ngroups; g++)
		for (i = 0; i < groups[g].count; i++)
			d->words = big_mul_small(d->outcomes, DICE_WORDS,
			    (uint64_t)groups[g].sides);
	d->ways = err_calloc(totals * d->words, sizeof *d->ways);
	spare = err_calloc(totals * d->words, sizeof *spare);
	d->ways[0] = 1;		/* no dice yet: a total of 0, one way */
	d->n = 1;
	for (g = 0; g < ngroups; g++) {
		for (i = 0; i < groups[g].count; i++) {
			live = big_mul_small(sofar, d->words,
			    (uint64_t)groups[g].sides);
			convolve_die(d, spare, groups[g].sides, live);
			t = d->ways;
			d->ways = spare;
			spare = t;
		}
		d->min += dice_min(&groups[g]);
	}
	free(spare);
	return 0;
}

void
dice_dist_free(struct dice_dist *d)
{
	free(d->ways);
	d->ways = NULL;
	d->n = 0;
}

void
dice_sum_add(struct dice_sum *s, const struct dice_dist *d, int lo, int hi)
{
	long from = (long)lo - d->min, to = (long)hi - d->min, k;

	if (from < 0)
		from = 0;
	if (to >= (long)d->n)
		to = (long)d->n - 1;
	for (k = from; k <= to; k++)
		big_add(s->w, d->ways + (size_t)k * d->words, d->words);
}

double
dice_sum_chance(const struct dice_sum *s, const struct dice_dist *d)
{
	return big_ratio(s->w, d->outcomes, d->words);
}

double
dice_dist_chance(const struct dice_dist *d, int lo, int hi)
{
	struct dice_sum s = { { 0 } };

	dice_sum_add(&s, d, lo, hi);
	return dice_sum_chance(&s, d);
}

void
dice_dist_at_least(const struct dice_dist *d, double *at_least)
{
	uint64_t sum[DICE_WORDS] = { 0 };
	size_t k;

	for (k = d->n; k-- > 0;) {
		big_add(sum, d->ways + k * d->words, d->words);
		at_least[k] = big_ratio(sum, d->outcomes, d->words);
	}
}

char *
dice_dist_ways_text(const struct dice_dist *d, size_t i,
    char buf[static DICE_DIGITS])
{
	uint64_t a[DICE_WORDS];

	memcpy(a, d->ways + i * d->words, d->words * sizeof *a);
	return big_text(a, d->words, buf);
}

char *
dice_dist_outcomes_text(const struct dice_dist *d, char buf[static DICE_DIGITS])
{
	uint64_t a[DICE_WORDS];

	memcpy(a, d->outcomes, sizeof a);
	return big_text(a, DICE_WORDS, buf);
}
