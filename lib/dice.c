/*
 * dice.c: see dice.h for the notation and the generator.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "dice.h"
#include "err.h"

/* Read a decimal number in [0, max]; advance *s past it. */
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
			return -1;
	}
	*s = p;
	*out = v;
	return 0;
}

int
dice_parse(const char *text, struct dice *d, const char **why)
{
	const char *p = text;
	long count = 1, sides, mod = 0;

	*why = "dice like 2d6, d10 or 3d6+2";
	if (*p != 'd' && *p != 'D' && read_number(&p, DICE_MAX_COUNT, &count) < 0)
		return -1;
	if (*p != 'd' && *p != 'D')
		return -1;
	p++;
	if (read_number(&p, DICE_MAX_SIDES, &sides) < 0)
		return -1;
	if (*p == '+' || *p == '-') {
		int neg = *p++ == '-';

		if (read_number(&p, DICE_MAX_MOD, &mod) < 0)
			return -1;
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
rng_seed(struct rng *r, uint64_t seed)
{
	int i;

	for (i = 0; i < 4; i++)
		r->s[i] = splitmix64(&seed);
}

int
rng_seed_os(struct rng *r)
{
	uint64_t seed;

	if (getrandom(&seed, sizeof seed, 0) != (ssize_t)sizeof seed)
		return -1;
	rng_seed(r, seed);
	return 0;
}

void
rng_seed_fallback(struct rng *r)
{
	struct timespec ts;

	/* no entropy from the kernel: the clock and the process id still
	 * differ from one run to the next, which is all dice need */
	clock_gettime(CLOCK_REALTIME, &ts);
	rng_seed(r, (uint64_t)ts.tv_sec * 1000000007ULL ^ (uint64_t)ts.tv_nsec ^
	    ((uint64_t)getpid() << 32));
}

int
rng_face(struct rng *r, int n)
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
		faces[i] = rng_face(r, d->sides);
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

	if (read_number(p, 1000000, &v) < 0)
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
		if (*p != ',')
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
 * Fold one die of `sides` faces into the distribution ways[0..*len): each
 * new total k is reached from the old totals k-sides+1 .. k, so a running
 * window sum makes this linear in the number of totals.
 */
static void
convolve_die(double **ways, size_t *len, int sides)
{
	size_t newlen = *len + (size_t)sides - 1, k;
	double *out = xcalloc(newlen, sizeof *out), window = 0;

	for (k = 0; k < newlen; k++) {
		if (k < *len)
			window += (*ways)[k];
		if (k >= (size_t)sides)
			window -= (*ways)[k - (size_t)sides];
		out[k] = window;
	}
	free(*ways);
	*ways = out;
	*len = newlen;
}

size_t
dice_distribution(const struct dice *groups, size_t ngroups, double **ways,
    int *min, double *outcomes)
{
	size_t len = 1, g;
	int i;

	*ways = xcalloc(1, sizeof **ways);
	(*ways)[0] = 1;
	*min = 0;
	*outcomes = 1;
	for (g = 0; g < ngroups; g++) {
		for (i = 0; i < groups[g].count; i++) {
			convolve_die(ways, &len, groups[g].sides);
			*outcomes *= groups[g].sides;
		}
		*min += dice_min(&groups[g]);
	}
	return len;
}
