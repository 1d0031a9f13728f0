/*
 * air.h: the verdict on an air mission, shared by the games that have air
 * units (each in its folder): a list of reasons, each with its rule, some
 * of which forbid the mission.
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
/*
 * Every reason with its rule and the verdict, into a --check's result:
 * "procedure", "allowed" (false when a reason forbids the mission: the
 * command then exits 1) and "reasons"; said, when not empty, after it.
 */
struct cJSON;
struct trail;
void air_verdict(struct cJSON *json, struct trail *t,
    const struct air_reason *rs, int n, const char *rule, const char *said);

#endif
