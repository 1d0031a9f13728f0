/*
 * air.h: the verdict on an air mission, shared by the games that have air
 * units (loe_air.c, toto_air.c): a list of reasons, each with its rule,
 * some of which forbid the mission.
 */
#ifndef UMPIRE_AIR_H
#define UMPIRE_AIR_H

struct air_reason {
	const char *rule;
	int bars;		/* 1: this reason forbids the mission */
	char text[160];
};

#define AIR_MAX_REASONS 16

struct air_reasons {
	struct air_reason *r;
	int n, max;
};

/* Add a reason (dropped silently past max, which callers size for). */
void air_say(struct air_reasons *rs, int bars, const char *rule,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* 1 if any reason forbids the mission. */
int air_barred(const struct air_reason *r, int n);

#endif
