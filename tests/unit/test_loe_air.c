/*
 * test_loe_air.c: unit tests for lib/games/loe/loe_air.c, the Lion of Ethiopia
 * air rules that `umpire crt` and `umpire airstrike` share.  Each expected
 * value is worked from the rule it cites, in the comment beside it.
 */
#include <stdio.h>
#include <string.h>

#include "games/loe/loe_air.h"
#include "tap.h"

static struct loe_air_facts
facts(enum loe_mission m)
{
	struct loe_air_facts f;

	memset(&f, 0, sizeof f);
	f.mission = m;
	f.range = f.distance = -1;
	f.battle = 1;
	return f;
}

static int
barred(const struct loe_air_facts *f, const char *rule)
{
	struct air_reason r[AIR_MAX_REASONS];
	int n = loe_air_check(f, r, AIR_MAX_REASONS), i;

	for (i = 0; i < n; i++)
		if (r[i].bars && (!rule || strcmp(r[i].rule, rule) == 0))
			return 1;
	return 0;
}

static void
test_reach(void)
{
	/* 11.3 A: support and strikes reach the range; 11.4.1 A: twice it */
	is_int(loe_air_reach(LOE_STRIKE, 5), 5, "strike reach = range 5");
	is_int(loe_air_reach(LOE_SUPPORT, 4), 4, "support reach = range 4");
	is_int(loe_air_reach(LOE_REBASE, 5), 10, "rebase reach = 2 x 5 = 10");
}

static void
test_shift(void)
{
	const char *rule;

	/* 11.4.2 C: one 1R however many units; 11.4.5 B: one per unit */
	is_int(loe_air_support_shift(3, 0, &rule), 1, "three units, no gas: 1R");
	ok(strcmp(rule, "11.4.2 C") == 0, "cites 11.4.2 C");
	is_int(loe_air_support_shift(3, 1, &rule), 3, "three units, gas: 3R");
	ok(strcmp(rule, "11.4.5 B") == 0, "cites 11.4.5 B");
	is_int(loe_air_support_shift(0, 1, &rule), 0, "no air, no shift");
}

static void
test_check(void)
{
	struct loe_air_facts f = facts(LOE_STRIKE);

	ok(!barred(&f, NULL), "a strike with nothing stated is allowed");
	f.range = 5;
	f.distance = 6;
	ok(barred(&f, "11.3 A"), "6 hexes beyond range 5");
	f.mission = LOE_REBASE;
	ok(!barred(&f, NULL), "a rebase of 6 within 2 x 5 = 10");
	f.distance = 11;
	ok(barred(&f, "11.4.1 A"), "a rebase of 11 beyond 10");

	f = facts(LOE_SUPPORT);
	f.oos = 1;
	ok(barred(&f, "11.4.1 B"), "out of supply: no support");
	f.mission = LOE_REBASE;
	ok(!barred(&f, NULL), "out of supply: rebase allowed");

	f = facts(LOE_STRIKE);
	f.zoc = 1;
	ok(barred(&f, "11.4.3 A"), "a target in an Italian ZOC");
	f.zoc_fort_only = 1;
	ok(!barred(&f, NULL), "10.1.3: a fort's ZOC does not bar");
	f.zoc_fort_only = 0;
	f.entrenched = 1;
	ok(!barred(&f, NULL), "10.2.2 A: no ZOC into an entrenchment");

	f = facts(LOE_SUPPORT);
	f.base_adjacent = 1;
	ok(barred(&f, "11.2.4 C"), "base next to the enemy: support elsewhere");
	f.target_adjacent = 1;
	ok(!barred(&f, NULL), "support against those neighbours");

	f = facts(LOE_REBASE);
	f.base = LOE_TEMPORARY;
	f.field_used = 1;
	ok(barred(&f, "11.2.3 B"), "one mission a turn from a temporary field");
	f.base = LOE_PERMANENT;
	ok(!barred(&f, NULL), "a permanent field has no such limit");
}

static void
test_row(void)
{
	char why[160];

	/* 11.4.4 example: amba + jungle + entrenchment = 1 + 1 + 1 + 1 */
	is_int(loe_air_row("amba+jungle", 1, why, sizeof why), 4, "row 4");
	is_int(loe_air_row("clear", 0, why, sizeof why), 1, "clear row 1");
	/* massif 2, jungle 1, entrenchment 1: 1 + 4 = 5 */
	is_int(loe_air_row("massif+jungle", 1, why, sizeof why), 5, "row 5");
	is_int(loe_air_row("mountain+amba", 0, why, sizeof why), -1,
	    "two rough terrains refused");
	is_int(loe_air_row("amba+", 0, why, sizeof why), -1, "a trailing +");
	is_int(loe_air_row("", 0, why, sizeof why), -1, "no word refused");
}

static void
test_gas(void)
{
	/* 11.4.5 A: from the Jan 1 turn */
	is_int(loe_air_gas_turn("dec-15"), 0, "dec-15 normal");
	is_int(loe_air_gas_turn("jan-1"), 1, "jan-1 gas");
	is_int(loe_air_gas_turn("Mar"), 1, "march gas");
	is_int(loe_air_gas_turn("jan-32"), -1, "no 32nd");
	is_int(loe_air_gas_turn("jul-1"), -1, "not a turn");
	is_int(loe_air_gas_turn("jan-1x"), -1, "trailing junk");
}

int
main(void)
{
	test_reach();
	test_shift();
	test_check();
	test_row();
	test_gas();
	return tap_done();
}
