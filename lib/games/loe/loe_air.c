/*
 * loe_air.c: Lion of Ethiopia air units (11.x), shared by `umpire crt`
 * (ground support) and `umpire airstrike` (strikes and --check).
 *
 * Rules applied: 11.1 A (one mission a player-turn), 11.2.2 E (a field
 * under construction bases nothing), 11.2.3 B (one mission a turn from a
 * temporary field), 11.2.4 C (a base next to the enemy: rebase, or support
 * against those neighbours only), 11.2.5 B and 11.4.1 C (after an overrun
 * no mission, not even a rebase), 11.2 B (the permanent
 * fields), 11.3 A-B (range in hexes, never over neutral ground),
 * 11.4.1 A-B (rebase at twice the range; out of supply only rebases),
 * 11.4.2 A and C, 11.4.5 B (support and its shift), 11.4.3 A, 10.1.3 and
 * 10.2.2 A (strike targets; the fort and entrenchment exceptions),
 * 11.4.4 A and 11.4.5 A (the chart's row and the gas section); and the
 * flight counted on a map (11.3 A-B), for airstrike --map and crt --map.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "err.h"
#include "hex.h"
#include "loe_air.h"
#include "map.h"
#include "opt.h"
#include "path.h"

static const char *const mission_names[] = { "rebase", "support", "strike" };

const char *
loe_air_mission_name(enum loe_mission m)
{
	return mission_names[m];
}

int
loe_air_mission_parse(const char *word)
{
	int i;

	for (i = 0; i < 3; i++)
		if (strcmp(word, mission_names[i]) == 0)
			return i;
	return -1;
}

int
loe_air_permanent(const char *hex)
{
	static const char *const fields[] = { "5232", "3833", "1019" };
	size_t i;

	for (i = 0; i < sizeof fields / sizeof *fields; i++)
		if (strcmp(hex, fields[i]) == 0)
			return 1;
	return 0;
}

int
loe_air_reach(enum loe_mission m, int range)
{
	return m == LOE_REBASE ? 2 * range : range;
}

int
loe_air_support_shift(int nair, int gas, const char **rule)
{
	if (nair <= 0) {
		*rule = NULL;
		return 0;
	}
	/* with gas every unit shifts; before it one shift however many fly */
	*rule = gas ? "11.4.5 B" : "11.4.2 C";
	return gas ? nair : 1;
}

/* The unit itself and its field: may it fly this mission at all? */
static void
check_unit(const struct loe_air_facts *f, struct air_reasons *rs)
{
	int rebase = f->mission == LOE_REBASE;

	if (f->flown)
		air_say(rs, 1, "11.1 A", "it has flown its one mission this "
		    "player-turn");
	if (f->oos && !rebase)
		air_say(rs, 1, "11.4.1 B", "out of supply, it may only rebase");
	/* 11.4.1 C: no mission at all, a rebase included; the one rebase
	 * 11.2.5 B still allows is the forced one after another overrun,
	 * which is not asked for but recorded (airstrike --overrun) */
	if (f->grounded)
		air_say(rs, 1, "11.2.5 B, 11.4.1 C", "its field was overrun: this "
		    "player-turn it flies no mission, not even a rebase, but the "
		    "one forced by another overrun");
	if (f->no_field)
		air_say(rs, 1, "11.2 B", "no airfield in %s: the permanent ones "
		    "are 5232, 3833 and 1019 or a map's airfield; a temporary "
		    "one: --base temporary or --build-field", f->no_field);
	if (f->base == LOE_BUILDING)
		air_say(rs, 1, "11.2.2 E", "its field is still under construction "
		    "and bases no air unit");
	if (f->base == LOE_TEMPORARY && f->field_used)
		air_say(rs, 1, "11.2.3 B", "a unit has flown from this temporary "
		    "field this turn; one a turn");
	if (f->base_adjacent && f->mission == LOE_STRIKE)
		air_say(rs, 1, "11.2.4 C", "Ethiopians next to its field: it may "
		    "only rebase or support against them");
	if (f->base_adjacent && f->mission == LOE_SUPPORT && !f->target_adjacent)
		air_say(rs, 1, "11.2.4 C", "Ethiopians next to its field: it may "
		    "support only battles against those neighbours");
}

/* How far: range in hexes from the base, never over neutral ground. */
static void
check_range(const struct loe_air_facts *f, struct air_reasons *rs)
{
	int reach = loe_air_reach(f->mission, f->range);
	const char *rule = f->mission == LOE_REBASE ? "11.4.1 A" : "11.3 A";

	if (f->neutral)
		air_say(rs, 1, "11.3 B", "the flight would cross neutral territory");
	if (f->range < 0 || f->distance < 0) {
		air_say(rs, 0, rule, "range not counted: give the unit's range and "
		    "the distance (or a map)");
		return;
	}
	air_say(rs, f->distance > reach, rule, "%d hex%s away, %s its reach of "
	    "%d%s", f->distance, f->distance == 1 ? "" : "es", f->distance >
	    reach ? "beyond" : "within", reach, f->mission == LOE_REBASE ?
	    " (twice its range)" : "");
}

/* What the mission is flown against. */
static void
check_target(const struct loe_air_facts *f, struct air_reasons *rs)
{
	if (f->mission == LOE_SUPPORT && !f->battle)
		air_say(rs, 1, "11.4.2 A", "support goes only to a hex Italian "
		    "ground units attack this turn");
	if (f->mission != LOE_STRIKE)
		return;
	if (f->attacked)
		air_say(rs, 1, "11.4.3 A", "the target is attacked by ground units "
		    "this turn: fly support instead");
	if (f->zoc && f->entrenched)
		air_say(rs, 0, "10.2.2 A", "no ZOC extends into the target's "
		    "entrenchment, so none forbids the strike");
	else if (f->zoc && f->zoc_fort_only)
		air_say(rs, 0, "10.1.3", "the target is in the ZOC only of Italians "
		    "in a fort, which does not forbid a strike");
	else if (f->zoc)
		air_say(rs, 1, "11.4.3 A", "the target stands in an Italian unit's "
		    "ZOC");
}

int
loe_air_check(const struct loe_air_facts *f, struct air_reason *r, int max)
{
	struct air_reasons rs = { r, 0, max };

	check_unit(f, &rs);
	check_range(f, &rs);
	check_target(f, &rs);
	return rs.n;
}

/*
 * Row of the chart: clear is the first row and each protection the hex
 * gives moves one row down (the stand-in's reading of 11.4.4 A, which
 * puts amba + jungle + entrenchment on the fourth row): mountain or amba
 * one, massif two, jungle one, an entrenchment one; marsh and towns none.
 */
int
loe_air_row(const char *terrain, int entrenched, char *why, size_t len)
{
	static const struct { const char *word; int rows, rough; } words[] = {
		{ "clear", 0, 0 }, { "mountain", 1, 1 }, { "amba", 1, 1 },
		{ "massif", 2, 1 }, { "jungle", 1, 0 }, { "marsh", 0, 0 },
		{ "town", 0, 0 },
	};
	const char *p = terrain;
	int row = 1, rough = 0;

	if (!*p) {
		snprintf(why, len, "bad terrain: '' (expected clear, mountain, "
		    "amba, massif, jungle, marsh or town, joined by +)");
		return -1;
	}
	while (*p) {
		size_t n = strcspn(p, "+"), i;

		for (i = 0; i < sizeof words / sizeof *words; i++)
			if (strlen(words[i].word) == n &&
			    strncmp(p, words[i].word, n) == 0)
				break;
		if (i == sizeof words / sizeof *words || n == 0) {
			snprintf(why, len, "bad terrain: '%.*s' (expected clear, "
			    "mountain, amba, massif, jungle, marsh or town, joined "
			    "by +)", (int)(n > 40 ? 40 : n), p);
			return -1;
		}
		if (words[i].rough && rough++) {
			snprintf(why, len, "bad terrain: '%s' (a hex has one of "
			    "mountain, amba, massif; 2.2 B)", terrain);
			return -1;
		}
		row += words[i].rows;
		p += n;
		if (*p == '+' && *++p == '\0') {
			snprintf(why, len, "bad terrain: '%s' (a word after +)",
			    terrain);
			return -1;
		}
	}
	row += entrenched ? 1 : 0;
	return row > 5 ? 5 : row;
}

int
loe_air_gas_turn(const char *turn)
{
	/* the game runs from the autumn of 1935 into 1936; gas from Jan 1 */
	static const char *const months[] = { "oct", "nov", "dec", "jan", "feb",
	    "mar", "apr", "may", "jun" };
	size_t i;
	const char *day;

	for (i = 0; i < sizeof months / sizeof *months; i++)
		if (strncasecmp(turn, months[i], 3) == 0)
			break;
	if (i == sizeof months / sizeof *months)
		return -1;
	day = turn + 3;
	if (*day && (*day != '-' || opt_count(day + 1, NULL, 31) < 1))
		return -1;
	return i >= 3;
}

struct flight {
	const struct map *m;
	int neutral_bit;	/* neutral hexes (3.4) */
	int neutral_side;	/* neutral hexsides: the Kenya wedge (6.1.2 B) */
};

/*
 * One hex a step (11.3 B).  Neither a neutral hex nor a neutral hexside
 * may be flown over (6.1.2 A): a map draws the Kenya wedge near Dolo as
 * hexsides (6.1.2 B), and crossing one is flying over Kenya.
 */
static int
flight_step(void *ud, int from, int dir, int to, int spent,
    struct path_step *e)
{
	const struct flight *f = ud;

	(void)spent;
	if ((f->neutral_bit >= 0 &&
	    (map_features(f->m, to) & (1u << f->neutral_bit))) ||
	    (f->neutral_side >= 0 &&
	    (map_side(f->m, from, dir) & (1u << f->neutral_side)))) {
		e->rule = "6.1.2 A, 11.3 B";
		e->why = "neutral territory";
		return -1;
	}
	e->cost = 1;
	e->stop = 0;
	return 0;
}

int
loe_air_flight(const struct map *m, int from, int to, int *straight)
{
	struct flight f = { m, map_feature_bit(m, "neutral"),
	    map_side_bit(m, "neutral") };
	struct path_result p;
	int d;

	*straight = hex_distance(map_hex(m, from), map_hex(m, to),
	    map_layout(m));
	if (path_cheapest(m, from, to, -1, flight_step, &f, &p) != ST_OK)
		return -1;
	d = p.total;
	path_result_free(&p);
	return d;
}

int
loe_air_flights(const struct ctx *c, const char *map, const char *to,
    const char *const *from, int n, int *dist, int *neutral, char *why,
    size_t len)
{
	struct map *m;
	int i, t, f, st, straight;

	if ((st = map_load(c, map, &m)) != ST_OK)
		return st;
	if ((t = map_lookup(m, to)) < 0) {
		snprintf(why, len, "bad battle hex: '%s' (expected a hex on map "
		    "%s)", to,
		    map_name(m));
		map_free(m);
		return ST_USAGE;
	}
	for (i = 0; i < n; i++) {
		dist[i] = -1;
		neutral[i] = 0;
		if (!from[i])
			continue;
		if ((f = map_lookup(m, from[i])) < 0) {
			snprintf(why, len, "bad base of an air unit: 'from%s' (expected "
			    "a hex on map %s)", from[i], map_name(m));
			map_free(m);
			return ST_USAGE;
		}
		if ((dist[i] = loe_air_flight(m, f, t, &straight)) < 0) {
			dist[i] = straight;
			neutral[i] = 1;
		}
	}
	map_free(m);
	return ST_OK;
}
