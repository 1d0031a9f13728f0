/*
 * odds.c: ratios, percentages and the columns they select; see odds.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "odds.h"

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
		r.def = (def + att - 1) / att;	/* rounded up: more for the defender */
	}
	return r;
}

static int
read_long(const char **p, long *v)
{
	char *end;

	if (**p < '0' || **p > '9')
		return -1;
	*v = strtol(*p, &end, 10);
	*p = end;
	return 0;
}

int
odds_ratio_parse(const char *s, struct ratio *r)
{
	if (read_long(&s, &r->att) < 0 || *s++ != ':' || read_long(&s, &r->def) < 0)
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
	/* a.att/a.def against b.att/b.def without dividing; 1:0 is infinite */
	long long l = (long long)a.att * b.def, r = (long long)b.att * a.def;

	return (l > r) - (l < r);
}

long
odds_percent(long att, long def)
{
	if (def <= 0)
		return -1;
	return att * 100 / def;
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

/* "50-99" is [50, 99]; "300+" is [300, LONG_MAX]. */
static int
parse_range(const char *s, long *lo, long *hi)
{
	if (read_long(&s, lo) < 0)
		return -1;
	if (*s == '+' && s[1] == '\0') {
		*hi = -1;	/* open */
		return 0;
	}
	if (*s++ != '-' || read_long(&s, hi) < 0 || *s != '\0' || *hi < *lo)
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
