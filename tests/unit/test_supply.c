/*
 * test_supply.c: unit tests for lib/supply.c with Lion of Ethiopia's rules
 * (lib/games/loe/loe_supply.c) on the corridor map of tests/supply-trace.bats:
 * ocean but for columns one hex wide, so each count is a difference of
 * rows.  Run from the top of the source tree (make check does), which is
 * where the data (rules/) and the fixture are found.
 *
 * A side traced whole (supply_run.many) is answered by one search from the
 * sources; each answer must be the one a search from the unit gives, down
 * to the choice among equal lines, so each case is traced both ways and
 * compared, on the corridor and on the open 7 by 7 sotq test map, where
 * many lines tie.
 *
 * What loe's answers do to a saved game (supply_rules.apply, 9.4.1) is
 * checked effect by effect on units of the corridor.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "ctx.h"
#include "err.h"
#include "games/game.h"
#include "hex.h"
#include "map.h"
#include "supply.h"
#include "tap.h"
#include "situation.h"

#define MAPFILE "tests/fixtures/supply/loe-corridor.json"
#define SQUARE "tests/fixtures/move/sotq-square.json"

struct fix {
	struct ctx c;
	struct map *m;
	struct situation *s;
	struct supply_run r;
	struct supply_answer a;
};

static int
idx(const struct map *m, const char *id)
{
	return map_lookup(m, id);
}

/* Load a map and a situation given as text; trace for unit id, with the
 * side's one search when many. */
static int
trace_on(struct fix *f, const char *map, const char *game, const char *units,
    const char *id, int many)
{
	char buf[2048], why[256];
	const struct unit *u;

	memset(f, 0, sizeof *f);
	f->c.data_dir = "rules";
	if (map_load(&f->c, map, &f->m) != ST_OK)
		return -1;
	snprintf(buf, sizeof buf, "{ \"format\": \"umpire-situation/1\", "
	    "\"game\": \"%s\", \"units\": [%s] }", game, units);
	if (situation_parse(buf, strlen(buf), f->m, &f->s, why,
	    sizeof why) < 0) {
		printf("# test bug: %s\n", why);
		return -1;
	}
	f->r.c = &f->c;
	f->r.g = game_find(game);
	f->r.map = f->m;
	f->r.sit = f->s;
	f->r.many = many;
	u = situation_find(f->s, id);
	if (supply_open(&f->r) != ST_OK || supply_side(&f->r, u->side) != ST_OK)
		return -1;
	f->a.u = u;
	return supply_line(&f->r, u, &f->a);
}

static int
trace(struct fix *f, const char *units, const char *id)
{
	return trace_on(f, MAPFILE, "loe", units, id, 0);
}

static void
done(struct fix *f)
{
	supply_answer_free(&f->a);
	supply_close(&f->r);
	situation_free(f->s);
	map_free(f->m);
}

/* The same answer, hex by hex and word by word? */
static int
same_answer(const struct supply_answer *a, const struct supply_answer *b)
{
	int i;

	if (a->supplied != b->supplied || a->hexes != b->hexes ||
	    a->npath != b->npath || a->source != b->source ||
	    a->blocked != b->blocked || strcmp(a->blocked_by, b->blocked_by))
		return 0;
	for (i = 0; i < a->npath; i++)
		if (a->path[i].hex != b->path[i].hex ||
		    strcmp(a->path[i].why, b->path[i].why) ||
		    a->path[i].rule != b->path[i].rule)
			return 0;
	return 1;
}

/* Trace id both ways: the side's one search gives the unit's own answer,
 * which is supplied or not as want says. */
static void
both(const char *map, const char *game, const char *units, const char *id,
    int want, const char *what)
{
	struct fix one, side;
	int got1 = trace_on(&one, map, game, units, id, 0);
	int got2 = trace_on(&side, map, game, units, id, 1);

	ok(got1 == want && got2 == want && side.r.tosrc &&
	    same_answer(&one.a, &side.a), "one search for the side: %s", what);
	done(&one);
	done(&side);
}

#define UNIT(id, side, type, hex) "{ \"id\": \"" id "\", \"side\": \"" side \
	"\", \"type\": \"" type "\", \"strength\": 4, \"ma\": 6, \"hex\": \"" \
	hex "\" }"

/* Traced both ways: the cases of main(), and more. */
static const struct {
	const char *map, *game, *units, *id;
	int want;
	const char *what;
} cases[] = {
	{ MAPFILE, "loe", UNIT("a", "italian", "italian-inf", "1012"), "a", 1,
	  "7 hexes" },
	{ MAPFILE, "loe", UNIT("a", "italian", "italian-inf", "1011"), "a", 0,
	  "8 hexes" },
	{ MAPFILE, "loe", UNIT("e", "ethiopian", "ethiopian-irr", "0514") ","
	  UNIT("i", "italian", "italian-inf", "0616"), "e", 0,
	  "an unnegated zone" },
	{ MAPFILE, "loe", UNIT("e", "ethiopian", "ethiopian-irr", "0514") ","
	  UNIT("i", "italian", "italian-inf", "0616") ","
	  UNIT("f", "ethiopian", "ethiopian-irr", "0515") ","
	  UNIT("g", "ethiopian", "ethiopian-irr", "0516"), "e", 1,
	  "a negated zone" },
	{ MAPFILE, "loe", UNIT("a", "italian", "italian-inf", "1030"), "a", 1,
	  "a road source" },
	/* 9.2.2 B: a unit may leave its own hex though it lies in an
	 * unnegated zone (0516, next to 0616); 0516 to 0520 is 4 hexes */
	{ MAPFILE, "loe", UNIT("e", "ethiopian", "ethiopian-irr", "0516") ","
	  UNIT("i", "italian", "italian-inf", "0616"), "e", 1,
	  "leaving a zone from the unit's own hex" },
	/* open ground: from 0101 to 0707 every line of 6 hexes has many
	 * equals; 0104 to 0706 crosses the crest's column; a Zulu with no
	 * facing in 0404 shuts its six neighbours (8.E) */
	{ SQUARE, "sotq", UNIT("f", "british", "regular-foot", "0101") ","
	  UNIT("w", "british", "supply-wagon", "0707"), "f", 1,
	  "a corner to the far corner" },
	{ SQUARE, "sotq", UNIT("f", "british", "regular-foot", "0104") ","
	  UNIT("w", "british", "supply-wagon", "0706"), "f", 1,
	  "past the crest" },
	{ SQUARE, "sotq", UNIT("f", "british", "regular-foot", "0102") ","
	  UNIT("w", "british", "supply-wagon", "0706") ","
	  UNIT("z", "zulu", "zulu-inf", "0404"), "f", 1,
	  "around a Zulu's zone" },
	{ SQUARE, "sotq", UNIT("f", "british", "regular-foot", "0101") ","
	  UNIT("w", "british", "supply-wagon", "0707") ","
	  UNIT("v", "british", "supply-wagon", "0701"), "f", 1,
	  "two wagons, the nearer taken" },
};

#define MARKED(id, hex, marker) "{ \"id\": \"" id "\", \"side\": " \
	"\"italian\", \"type\": \"italian-inf\", \"strength\": 4, " \
	"\"ma\": 6, \"hex\": \"" hex "\", \"markers\": [\"" marker "\"] }"

/* Unit id's answer from loe's rules in phase, and the effects --apply
 * would give it, as JSON text ("" when refused). */
static void
apply_one(const char *units, const char *id, enum supply_phase phase,
    const char *want, const char *what)
{
	struct fix f;
	cJSON *effects = cJSON_CreateArray();
	const char *rule = NULL;
	char why[256] = "", *got = NULL;

	if (trace(&f, units, id) >= 0) {
		supply_answer_free(&f.a);
		memset(&f.a, 0, sizeof f.a);
		f.a.u = situation_find(f.s, id);
		f.a.source = f.a.blocked = -1;
		f.r.phase = phase;
		if (loe_supply.unit(&f.r, f.a.u, &f.a) == ST_OK &&
		    loe_supply.apply(&f.r, &f.a, 1, effects, &rule, why,
		    sizeof why) == ST_OK)
			got = cJSON_PrintUnformatted(effects);
	}
	is_str(got ? got : "", want, "apply: %s", what);
	free(got);
	cJSON_Delete(effects);
	done(&f);
}

static void
apply_cases(void)
{
	/* 1011 is a hex too far from 1019 (8 of 7), 1012 is not (9.2) */
	apply_one(UNIT("a", "italian", "italian-inf", "1011"), "a",
	    SUPPLY_MOVEMENT, "[{\"unit\":\"a\",\"mark\":\"oos-1\","
	    "\"rule\":\"9.4.1 A\",\"why\":\"out of supply, not marked\"}]",
	    "out of supply, unmarked: oos-1 (9.4.1 A)");
	apply_one(MARKED("a", "1011", "oos-1"), "a", SUPPLY_MOVEMENT,
	    "[{\"unit\":\"a\",\"unmark\":\"oos-1\",\"rule\":\"9.4.1 C\","
	    "\"why\":\"out of supply again, marked oos-1\"},"
	    "{\"unit\":\"a\",\"mark\":\"oos-2\",\"rule\":\"9.4.1 C\","
	    "\"why\":\"out of supply again, marked oos-1\"}]",
	    "oos-1 flipped to oos-2 (9.4.1 C)");
	apply_one(MARKED("a", "1011", "oos-2"), "a", SUPPLY_MOVEMENT,
	    "[{\"unit\":\"a\",\"remove\":true,\"rule\":\"9.4.1 D\","
	    "\"why\":\"out of supply again, marked oos-2\"}]",
	    "oos-2 and out of supply: removed (9.4.1 D)");
	apply_one(MARKED("a", "1012", "oos-2"), "a", SUPPLY_MOVEMENT,
	    "[{\"unit\":\"a\",\"unmark\":\"oos-2\",\"rule\":\"9.4.1 B\","
	    "\"why\":\"in supply: the marker comes off\"}]",
	    "in supply: the marker off (9.4.1 B)");
	apply_one(UNIT("a", "italian", "italian-inf", "1012"), "a",
	    SUPPLY_MOVEMENT, "[]", "in supply, unmarked: nothing");
	/* 9.4.3 B: the combat check is not applied */
	apply_one(MARKED("a", "1011", "oos-1"), "a", SUPPLY_COMBAT, "",
	    "the combat check is refused");
}

int
main(void)
{
	struct fix f;
	size_t i;

	/* 9.2: 1012 to 1019 counts 1013 .. 1019, 7 hexes */
	is_int(trace(&f, UNIT("a", "italian", "italian-inf", "1012"), "a"), 1,
	    "a line of 7 hexes is in supply");
	is_int(f.a.hexes, 7, "7 hexes counted, the source's among them");
	is_int(f.a.npath, 8, "the path lists the unit's hex and 7 more");
	ok(f.a.source == idx(f.m, "1019"), "the source is 1019");
	done(&f);

	/* 9.2: 1011 to 1019 is 8 */
	is_int(trace(&f, UNIT("a", "italian", "italian-inf", "1011"), "a"), 0,
	    "a line of 8 hexes is not");
	is_int(f.a.hexes, 8, "the attempt runs 8 hexes");
	is_str(f.a.blocked_by, "8 hexes where 7 are allowed", "and says so");
	done(&f);

	/* 9.2.2 B: 0616 (even column, higher) puts 0515 and 0516 in its
	 * zone; the line from 0514 may enter 0515 but not leave it */
	is_int(trace(&f, UNIT("e", "ethiopian", "ethiopian-irr", "0514") ","
	    UNIT("i", "italian", "italian-inf", "0616"), "e"), 0,
	    "an unnegated zone is not passed");
	ok(f.a.blocked == idx(f.m, "0515"), "blocked in 0515");
	is_int(f.a.npath, 2, "the attempt is shown up to 0515");
	done(&f);

	/* 5.7: friendly units in 0515 and 0516 negate it; 0514 to the town
	 * 0520 is 6 hexes */
	is_int(trace(&f, UNIT("e", "ethiopian", "ethiopian-irr", "0514") ","
	    UNIT("i", "italian", "italian-inf", "0616") ","
	    UNIT("f", "ethiopian", "ethiopian-irr", "0515") ","
	    UNIT("g", "ethiopian", "ethiopian-irr", "0516"), "e"), 1,
	    "a negated zone is passed");
	is_int(f.a.hexes, 6, "6 hexes to 0520");
	done(&f);

	/* 9.3.2: the road 1019-1025 makes 1025 a source, 5 hexes from 1030 */
	is_int(trace(&f, UNIT("a", "italian", "italian-inf", "1030"), "a"), 1,
	    "a road hex is a source");
	ok(f.a.source == idx(f.m, "1025"), "the nearest road hex, 1025");
	is_int(f.a.hexes, 5, "30 - 25 = 5 hexes");
	done(&f);

	for (i = 0; i < sizeof cases / sizeof *cases; i++)
		both(cases[i].map, cases[i].game, cases[i].units, cases[i].id,
		    cases[i].want, cases[i].what);
	apply_cases();
	return tap_done();
}
