/*
 * odds.c: ratios, percentages and the columns they select; see odds.h.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "odds.h"

/* products of two longs, compared or divided without overflow */
__extension__ typedef __int128 odds_wide;

struct ratio
odds_ratio_defender(long att, long def)
{
	struct ratio r;

	if (att <= 0) {
		r.att = 0;
		r.def = 1;
	} else if (def <= 0) {
		r.att = 1;
		r.def = 0;
	} else if (att >= def) {
		r.att = att / def;		/* rounded down: fewer for the attacker */
		r.def = 1;
	} else {
		r.att = 1;
		/* rounded up: more for the defender */
		r.def = def / att + (def % att != 0);
	}
	return r;
}

/* A whole number from 0 to max; advance *p past it.  0, or -1. */
static int
read_part(const char **p, long max, long *v)
{
	const char *s = *p;

	if (*s < '0' || *s > '9')
		return -1;
	for (*v = 0; *s >= '0' && *s <= '9'; s++)
		if ((*v = *v * 10 + (*s - '0')) > max)
			return -1;
	*p = s;
	return 0;
}

int
odds_ratio_parse(const char *s, struct ratio *r)
{
	if (read_part(&s, ODDS_MAX_PART, &r->att) < 0 || *s++ != ':' ||
	    read_part(&s, ODDS_MAX_PART, &r->def) < 0)
		return -1;
	return *s == '\0' && (r->att > 0 || r->def > 0) ? 0 : -1;
}

void
odds_ratio_format(struct ratio r, char buf[static 32])
{
	snprintf(buf, 32, "%ld:%ld", r.att, r.def);
}

int
odds_ratio_cmp(struct ratio a, struct ratio b)
{
	/* a.att/a.def against b.att/b.def without dividing; 1:0 is infinite.
	 * The products of two longs need 128 bits. */
	odds_wide l = (odds_wide)a.att * b.def;
	odds_wide r = (odds_wide)b.att * a.def;

	return (l > r) - (l < r);
}

long
odds_percent(long att, long def)
{
	odds_wide p;

	if (def <= 0)
		return -1;
	p = (odds_wide)att * 100 / def;
	return p > LONG_MAX ? LONG_MAX : p < LONG_MIN ? LONG_MIN : (long)p;
}

int
odds_column_ratio(const struct table *t, struct ratio r, int *edge)
{
	struct ratio first, last, c;
	int best = 0;
	size_t i;

	if (t->ncols == 0 || odds_ratio_parse(t->cols[0].id, &first) < 0 ||
	    odds_ratio_parse(t->cols[t->ncols - 1].id, &last) < 0)
		return -1;
	*edge = odds_ratio_cmp(r, first) < 0 ? -1 :
	    odds_ratio_cmp(r, last) > 0 ? 1 : 0;
	for (i = 0; i < t->ncols; i++) {
		if (odds_ratio_parse(t->cols[i].id, &c) < 0)
			return -1;
		if (odds_ratio_cmp(c, r) <= 0)
			best = (int)i;
	}
	return best;
}

/* "50-99" is [50, 99]; "300+" is [300, LONG_MAX] (*hi is -1). */
static int
parse_range(const char *s, long *lo, long *hi)
{
	if (read_part(&s, ODDS_MAX_PERCENT, lo) < 0)
		return -1;
	if (*s == '+' && s[1] == '\0') {
		*hi = -1;	/* open */
		return 0;
	}
	if (*s++ != '-' || read_part(&s, ODDS_MAX_PERCENT, hi) < 0 ||
	    *s != '\0' || *hi < *lo)
		return -1;
	return 0;
}

int
odds_column_range(const struct table *t, long v, int *edge)
{
	long lo, hi;
	size_t i;

	*edge = 0;
	for (i = 0; i < t->ncols; i++) {
		if (parse_range(t->cols[i].id, &lo, &hi) < 0)
			return -1;
		if (i == 0 && v < lo) {
			*edge = -1;
			return 0;
		}
		if (v >= lo && (hi < 0 || v <= hi))
			return (int)i;
	}
	*edge = 1;
	return t->ncols ? (int)t->ncols - 1 : -1;
}

static int
check_fail(char *why, size_t whylen, const char *id, const char *what)
{
	snprintf(why, whylen, "column '%.64s': %s", id, what);
	return -1;
}

static int
check_ratios(const struct table *t, char *why, size_t whylen)
{
	struct ratio r, prev = { 0, 1 };
	size_t i;

	for (i = 0; i < t->ncols; i++) {
		const char *id = t->cols[i].id;

		if (odds_ratio_parse(id, &r) < 0)
			return check_fail(why, whylen, id, "expected odds like 3:1, "
			    "each side a whole number from 0 to "
			    DICE_STR(ODDS_MAX_PART));
		if (i > 0 && odds_ratio_cmp(r, prev) <= 0)
			return check_fail(why, whylen, id, "expected better odds than "
			    "the column before it (ratio columns run from the "
			    "worst odds to the best)");
		prev = r;
	}
	return 0;
}

static int
check_bands(const struct table *t, char *why, size_t whylen)
{
	long lo, hi, prev = -1;
	size_t i;

	for (i = 0; i < t->ncols; i++) {
		const char *id = t->cols[i].id;

		if (parse_range(id, &lo, &hi) < 0)
			return check_fail(why, whylen, id, "expected a band like "
			    "100-199 or 300+, of whole numbers from 0 to "
			    DICE_STR(ODDS_MAX_PERCENT));
		if (i > 0 && lo <= prev)
			return check_fail(why, whylen, id, "expected a band above the "
			    "column before it (percentage columns run from low to "
			    "high)");
		if (hi < 0 && i + 1 < t->ncols)
			return check_fail(why, whylen, id, "an open band must be the "
			    "last column");
		prev = hi;
	}
	return 0;
}

int
odds_check_columns(const struct table *t, char *why, size_t whylen)
{
	if (strcmp(t->column_kind, "ratio") == 0)
		return check_ratios(t, why, whylen);
	if (strcmp(t->column_kind, "percent") == 0)
		return check_bands(t, why, whylen);
	return 0;
}
