/*
 * air.c: the list of reasons for and against an air mission and the
 * verdict they give (air.h); the games' own rules are in their folders.
 */
#include <stdarg.h>
#include <stdio.h>

#include "air.h"
#include "out.h"

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

void
air_verdict(cJSON *json, struct trail *t, const struct air_reason *rs, int n,
    const char *rule, const char *said)
{
	cJSON *why = json_array();
	int i, barred = air_barred(rs, n);

	for (i = 0; i < n; i++) {
		cJSON *o = json_object();

		trail_step(t, rs[i].rule, "%s %s", rs[i].bars ? "no:" : "ok:",
		    rs[i].text);
		json_set_str(o, "rule", rs[i].rule);
		json_set_bool(o, "bars", rs[i].bars);
		json_set_str(o, "text", rs[i].text);
		json_push(why, o);
	}
	trail_result(t, rule, "%s", barred ? "no" : "yes");
	if (said && *said)
		trail_step(t, NULL, "%s", said);
	json_set_str(json, "procedure", "airstrike-check");
	json_set_bool(json, "allowed", !barred);
	json_set(json, "reasons", why);
}
