/*
 * air.c: the list of reasons for and against an air mission (air.h); the
 * games' own rules are in loe_air.c and toto_air.c.
 */
#include <stdarg.h>
#include <stdio.h>

#include "air.h"

void
air_say(struct air_reasons *rs, int bars, const char *rule, const char *fmt,
    ...)
{
	va_list ap;

	if (rs->n == rs->max)
		return;
	rs->r[rs->n].rule = rule;
	rs->r[rs->n].bars = bars;
	va_start(ap, fmt);
	vsnprintf(rs->r[rs->n].text, sizeof rs->r[rs->n].text, fmt, ap);
	va_end(ap);
	rs->n++;
}

int
air_barred(const struct air_reason *r, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (r[i].bars)
			return 1;
	return 0;
}
