/*
 * toto_air.c: Twilight of the Ottomans airbases.  Rules applied: 15.5
 * (support needs general supply), 18.2 (attacks only), 18.3 (range in
 * hexes to any one attacking unit, traced through anything), 18.4 (one
 * airbase an attack), 18.5 (one attack an airbase a phase), 18.8 (recon of
 * every enemy stack in range), 33.1 (the added missions need general
 * supply), 33.2 (air superiority against an airbase in range), 33.3
 * (aerial supply: Allied, 1916 on, once a turn, no other mission), 33.4
 * (1914-15: recon only).
 */
#include <string.h>

#include "toto_air.h"

static const char *const mission_names[] = { "support", "recon",
    "superiority", "supply" };

const char *
toto_air_mission_name(enum toto_mission m)
{
	return mission_names[m];
}

int
toto_air_mission_parse(const char *word)
{
	int i;

	for (i = 0; i < 4; i++)
		if (strcmp(word, mission_names[i]) == 0)
			return i;
	return -1;
}

static const char *
range_rule(enum toto_mission m)
{
	static const char *const rules[] = { "18.3", "18.8", "33.2", "33.3" };

	return rules[m];
}

/* 15.5 and 33.1: everything but recon needs general supply. */
static void
check_supply(const struct toto_air_facts *f, struct air_reasons *rs)
{
	if (!f->oos || f->mission == TOTO_RECON)
		return;
	air_say(rs, 1, f->mission == TOTO_SUPPORT ? "15.5" : "33.1",
	    "the airbase is out of general supply");
}

static void
check_mission(const struct toto_air_facts *f, struct air_reasons *rs)
{
	if (f->year >= 1914 && f->year <= 1915 && f->mission != TOTO_RECON)
		air_say(rs, 1, "33.4", "in %d airbases fly recon only", f->year);
	if (f->flew_supply)
		air_say(rs, 1, "33.3", "it flew aerial supply this turn and "
		    "flies nothing else");
	switch (f->mission) {
	case TOTO_SUPPORT:
		if (f->defending)
			air_say(rs, 1, "18.2", "an airbase supports attacks, never "
			    "a defence");
		if (f->second)
			air_say(rs, 1, "18.4", "another airbase supports this "
			    "attack: one an attack");
		if (f->supported)
			air_say(rs, 1, "18.5", "it supported an attack this phase: "
			    "one a phase");
		break;
	case TOTO_SUPPLY:
		if (!f->allied)
			air_say(rs, 1, "33.3", "only the Allied player flies aerial "
			    "supply");
		if (f->year >= 0 && f->year < 1916)
			air_say(rs, 1, "33.3", "aerial supply starts in 1916");
		else if (f->year < 0)
			air_say(rs, 0, "33.3", "relied on: the turn is in 1916 or "
			    "later");
		if (f->supply_flown)
			air_say(rs, 1, "33.3", "the one aerial supply mission of "
			    "this turn is flown");
		if (f->flown)
			air_say(rs, 1, "33.3", "it flew another mission this turn");
		break;
	case TOTO_SUPERIORITY:
		air_say(rs, 0, "33.2", "the target must be an enemy airbase; "
		    "only its defence counts and only eliminations apply");
		break;
	case TOTO_RECON:
		break;
	}
}

static void
check_range(const struct toto_air_facts *f, struct air_reasons *rs)
{
	const char *rule = range_rule(f->mission);

	if (f->listed && f->distance < 0)
		return;
	if (f->range < 0 || f->distance < 0) {
		air_say(rs, 0, rule, "range not counted: give the airbase's range "
		    "and the distance (or a map)");
		return;
	}
	air_say(rs, f->distance > f->range, rule, "%d hex%s away, %s its range "
	    "of %d (traced through anything)", f->distance, f->distance == 1 ?
	    "" : "es", f->distance > f->range ? "beyond" : "within", f->range);
}

int
toto_air_check(const struct toto_air_facts *f, struct air_reason *r, int max)
{
	struct air_reasons rs = { r, 0, max };

	check_supply(f, &rs);
	check_mission(f, &rs);
	check_range(f, &rs);
	return rs.n;
}
