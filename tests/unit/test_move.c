/*
 * test_move.c: unit tests for lib/move.c (costs as text, the TEC file and
 * its refusals), Lion of Ethiopia's step prices (lib/games/loe/loe_move.c) and
 * the banks of a river hex on a map (lib/move_map.c).  Costs are in half
 * MP, loe's cost unit; each expected figure is worked in the comment.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "games/game.h"
#include "map.h"
#include "mapfix.h"
#include "move.h"
#include "move_map.h"
#include "move_route.h"
#include "path.h"
#include "tap.h"
#include "situation.h"

static const char words[] =
    "{ \"format\": \"umpire-terrain/1\", \"game\": \"loe\","
    "  \"terrain\": [\"clear\", \"mountain\", \"amba\", \"massif\"],"
    "  \"features\": [\"jungle\", \"marsh\", \"river\", \"lake\", \"ford\"],"
    "  \"hexsides\": [\"road\", \"paved\", \"bridge\", \"river\"] }";

/* The loe costs of 6.3 and 16.7, and one season for the reader's sake. */
static const char tec[] =
    "{ \"format\": \"umpire-tec/1\", \"game\": \"loe\", \"scale\": 2,"
    "  \"terrain\": ["
    "    { \"word\": \"clear\", \"mp\": 1, \"rule\": \"6.3.1\" },"
    "    { \"word\": \"mountain\", \"mp\": 2, \"rule\": \"6.3.2\","
    "      \"classes\": { \"mountain-inf\": 1 } },"
    "    { \"word\": \"amba\", \"mp\": 3, \"rule\": \"6.3.3\","
    "      \"seasons\": { \"winter\": 4 } },"
    "    { \"word\": \"massif\", \"mp\": 8, \"rule\": \"6.3.4\" } ],"
    "  \"features\": [ { \"word\": \"jungle\", \"mp\": 3, \"rule\": \"6.3.5\" } ],"
    "  \"hexsides\": ["
    "    { \"word\": \"road\", \"mp\": 1, \"rule\": \"6.3.11\" },"
    "    { \"word\": \"paved\", \"mp\": 1, \"rule\": \"6.3.11\","
    "      \"classes\": { \"italian\": 0.5 } } ] }";

static struct move_vocab vocab;
static struct move_tec costs;

static void
test_mp_text(void)
{
	char b[16];

	is_str(move_mp_text(0, 2, b), "0", "0 halves is 0 MP");
	is_str(move_mp_text(1, 2, b), "1/2", "1 half is 1/2 MP");
	is_str(move_mp_text(7, 2, b), "3 1/2", "7 halves are 3 1/2 MP");
	is_str(move_mp_text(12, 2, b), "6", "12 halves are 6 MP");
	is_str(move_mp_text(13, 1, b), "13", "in whole points 13 is 13");
	is_str(move_mp_text(-3, 2, b), "-1 1/2", "-3 halves are -1 1/2 MP");
	is_str(move_mp_text(200, 2, b), "100", "200 halves are 100 MP");
	is_str(move_mp_text(1999, 2, b), "999 1/2", "1999 halves: 999 1/2");
	is_str(move_mp_text(12345, 1, b), "12345", "12345 whole points");
	is_str(move_mp_text(INT_MIN, 1, b), "-2147483648", "the least int");
	is_str(move_mp_text(INT_MAX, 2, b), "1073741823 1/2",
	    "the greatest int in halves");
}

/* Every value from -2000 to 20000 in both scales against printf's
 * "%d" and " 1/2", and the length move_mp_put says it wrote. */
static void
test_mp_every(void)
{
	char b[16], want[32];
	int units, scale, a, whole, half, bad = 0;

	for (scale = 1; scale <= 2; scale++)
		for (units = -2000; units <= 20000; units++) {
			a = units < 0 ? -units : units;
			whole = a / scale;
			half = a % scale != 0;
			if (half && whole)
				snprintf(want, sizeof want, "%s%d 1/2", units < 0 ?
				    "-" : "", whole);
			else if (half)
				snprintf(want, sizeof want, "%s1/2", units < 0 ?
				    "-" : "");
			else
				snprintf(want, sizeof want, "%s%d", units < 0 ?
				    "-" : "", whole);
			bad += move_mp_put(units, scale, b) != (int)strlen(want) ||
			    strcmp(b, want) != 0;
		}
	is_int(bad, 0, "-2000 to 20000 cost units in either scale: the MP "
	    "as printf writes them, and their lengths said");
}

static void
test_tec(void)
{
	const struct move_cost *e;

	ok(move_vocab_parse(words, sizeof words - 1, "words", "loe", &vocab) ==
	    ST_OK, "the test's words parse");
	ok(move_tec_parse(tec, sizeof tec - 1, "tec", "loe", &costs) == ST_OK,
	    "the test's TEC parses");
	move_tec_bind(&costs, &vocab);
	e = move_tec_find(costs.terrain, costs.nterrain, "mountain");
	is_int(move_cost_for(e, NULL, -1), 4, "mountain: 2 MP, 4 halves");
	is_int(move_cost_for(e, "mountain-inf", -1), 2,
	    "16.7: mountain infantry pays 1 MP, 2 halves");
	e = move_tec_find(costs.terrain, costs.nterrain, "amba");
	is_int(move_cost_for(e, NULL, 0), 8, "winter's own cost: 4 MP");
	is_int(move_cost_for(e, NULL, 2), 6, "summer has none: 3 MP");
	e = move_tec_find(costs.sides, costs.nsides, "paved");
	is_int(move_cost_for(e, "italian", -1), 1, "Italians: 1/2 MP, 1 half");
	is_int(move_cost_for(e, "ethiopian", -1), 2, "others: 1 MP");
	is_int((int)costs.features[0].mask, 1, "jungle is feature bit 0");
}

static void
refused(const char *json, const char *what)
{
	struct move_tec t;

	ok(move_tec_parse(json, strlen(json), "bad", "loe", &t) == ST_DATA,
	    "refused: %s", what);
}

static void
test_tec_refusals(void)
{
	refused("{ \"format\": \"umpire-tec/1\", \"game\": \"loe\", \"scale\": 2,"
	    " \"terrain\": [ { \"word\": \"clear\", \"mp\": 0.25, \"rule\": \"x\" } ] }",
	    "a quarter MP in a game of halves");
	refused("{ \"format\": \"umpire-tec/1\", \"game\": \"loe\", \"scale\": 3 }",
	    "scale 3");
	refused("{ \"format\": \"umpire-tec/1\", \"game\": \"toto\", \"scale\": 2 }",
	    "another game's file");
	refused("{ \"format\": \"umpire-tec/1\", \"game\": \"loe\", \"scale\": 2,"
	    " \"terrain\": [ { \"word\": \"a\", \"mp\": 1, \"rule\": \"x\" },"
	    " { \"word\": \"a\", \"mp\": 2, \"rule\": \"x\" } ] }", "a word twice");
	refused("{ \"format\": \"umpire-tec/1\", \"game\": \"loe\", \"scale\": 2,"
	    " \"terrain\": [ { \"word\": \"a\", \"mp\": 1, \"rule\": \"x\","
	    " \"seasons\": { \"monsoon\": 2 } } ] }", "an unknown season");
	refused("{ \"format\": \"umpire-tec/1\", \"game\": \"loe\", \"scale\": 2,"
	    " \"terrain\": [ { \"word\": \"a\", \"mp\": 100, \"rule\": \"x\" } ] }",
	    "100 MP");
	refused("[1, 2", "JSON that does not parse");
}

/*
 * The four lists are runs of one pool, filled terrain first whatever the
 * file's order, each as long as the file makes it; an entry's member given
 * twice counts as its first, as a lookup of it would find.
 */
static void
test_tec_pool(void)
{
	static const char json[] =
	    "{ \"format\": \"umpire-tec/1\", \"game\": \"loe\", \"scale\": 2,"
	    "  \"actions\": [ { \"word\": \"dismount\", \"mp\": 1, \"rule\": \"a\" } ],"
	    "  \"hexsides\": [ { \"word\": \"road\", \"mp\": 1, \"rule\": \"h\" },"
	    "    { \"word\": \"trail\", \"mp\": 1, \"rule\": \"h\" } ],"
	    "  \"features\": [ { \"word\": \"jungle\", \"mp\": 3, \"rule\": \"f\","
	    "    \"note\": \"let be\" } ],"
	    "  \"terrain\": [ { \"word\": \"clear\", \"mp\": 1, \"rule\": \"t\" },"
	    "    { \"word\": \"hills\", \"mp\": 2, \"mp\": 5, \"rule\": \"t\" } ] }";
	static struct move_tec t;
	const struct move_cost *e;

	ok(move_tec_parse(json, sizeof json - 1, "pool", "loe", &t) == ST_OK,
	    "a TEC listing actions first parses");
	ok(t.terrain == t.pool && t.features == t.terrain + 2 &&
	    t.sides == t.features + 1 && t.actions == t.sides + 2,
	    "terrain, features, hexsides, actions lie end to end: 2, 1, 2, 1");
	is_str(t.actions[0].word, "dismount", "the action after the hexsides");
	e = move_tec_find(t.terrain, t.nterrain, "hills");
	is_int(e ? e->cost : -9, 4, "hills: the first mp, 2 MP, 4 halves");
	ok(move_tec_find(t.terrain, t.nterrain, "jungle") == NULL,
	    "a feature is not found among the terrain");
}

static int
loe_unit(const char *type, int ma, struct move_unit *u)
{
	struct move_req req;
	char why[160];

	memset(&req, 0, sizeof req);
	memset(u, 0, sizeof *u);
	req.type = type;
	req.ma = ma;
	snprintf(u->type, sizeof u->type, "%s", type);
	u->vocab = &vocab;
	u->tec = &costs;
	return loe_move.unit(NULL, &req, u, why, sizeof why);
}

static int
step(struct move_unit *u, const char *terrain, unsigned features,
    unsigned side, int spent, struct move_price *p)
{
	struct move_step st;

	memset(&st, 0, sizeof st);
	st.terrain = terrain;
	st.features = features;
	st.side = side;
	st.index = spent > 0;
	st.first = spent == 0;
	return loe_move.step(u, &st, spent, p);
}

static void
test_loe_steps(void)
{
	struct move_unit u;
	struct move_price p;
	unsigned jungle = move_fmask(&vocab, "jungle");
	unsigned road = move_smask(&vocab, "road");
	unsigned paved = move_smask(&vocab, "paved");

	ok(loe_unit("italian-inf", 6, &u) == ST_OK, "an Italian infantry unit");
	is_int(u.ma, 12, "MA 6 is 12 halves");
	step(&u, "clear", jungle, 0, 0, &p);
	is_int(p.cost, 8, "6.3.6 note, 4913: clear 1 + jungle 3 = 4 MP");
	step(&u, "mountain", 0, road, 0, &p);
	is_int(p.cost, 2, "6.3.11: by road 1 MP whatever the terrain");
	step(&u, "mountain", 0, paved, 0, &p);
	is_int(p.cost, 1, "6.3.11 C: an Italian on a paved road, 1/2 MP");
	ok(step(&u, "mountain", 0, 0, 10, &p) < 0 &&
	    strcmp(p.rule, "6.2 B") == 0,
	    "6.2 B: 5 MP spent, mountain's 2 with 1 left is refused");
	ok(step(&u, "clear", jungle, 0, 0, &p) == 0,
	    "6.3.5 B: infantry enters jungle");
	ok(loe_unit("motorized", 8, &u) == ST_OK, "a motorized unit");
	ok(step(&u, "clear", jungle, 0, 0, &p) < 0 &&
	    strcmp(p.rule, "6.3.5 B") == 0, "6.3.5 B: mechanized, no jungle");
	ok(step(&u, "clear", jungle, road, 0, &p) == 0,
	    "6.3.11 D: but along a road it may");
	ok(loe_unit("mountain-inf", 8, &u) == ST_OK, "mountain infantry");
	step(&u, "massif", 0, 0, 0, &p);
	is_int(p.cost, 16, "massif: 8 MP for most");
	ok(loe_unit("italian-inf", 9, &u) == ST_OK && u.ma == 18,
	    "MA 9 is 18 halves");
}

/*
 * A 5 by 5 odd-q map: a river flows down column 03 through 0301-0305,
 * across the hexsides between them, so 0303's banks are west (0203, 0204)
 * and east (0403, 0404); 0301 and 0305, touched by one river hexside
 * each, are its ends (6.3.8 C), where a unit walks round.  A unit in 0203
 * walks in from the west.
 */
static const char river_map[] =
    "game loe\nlayout odd-q\nsize 0101 0505\ndefault clear\n"
    "0301-0305 clear river\n0301/0302 river\n0302/0303 river\n"
    "0303/0304 river\n0304/0305 river\n";
static const char river_units[] =
    "{ \"game\": \"loe\", \"units\": [ { \"id\": \"a\", \"side\": \"italian\","
    " \"type\": \"italian-inf\", \"strength\": 6, \"ma\": 6,"
    " \"hex\": \"0203\" } ] }";

/* mm: the Italian unit u alone on map m with the situation s, in hex
 * `from`, ready to search (move_map_init). */
static void
on_map(struct move_map *mm, const struct map *m, const struct situation *s,
    struct move_unit *u, const char *from)
{
	memset(mm, 0, sizeof *mm);
	mm->map = m;
	mm->sit = s;
	mm->rules = &loe_move;
	mm->vocab = &vocab;
	mm->units = u;
	mm->nunits = 1;
	mm->side = "italian";
	mm->origin = map_lookup(m, from);
	move_map_init(mm);
}

static void
test_banks(void)
{
	struct move_map mm;
	struct move_unit u;
	struct map *m = NULL;
	struct situation *s = NULL;
	char why[512];
	int *left;

	if (map_parse_text(river_map, sizeof river_map - 1, NULL, NULL,
	    fixture_vocab, (void *)words, &m, why, sizeof why) < 0 ||
	    situation_parse(river_units, sizeof river_units - 1, m, &s, why,
	    sizeof why) < 0) {
		ok(0, "the river map parses: %s", why);
		return;
	}
	loe_unit("italian-inf", 3, &u);
	on_map(&mm, m, s, &u, "0203");
	left = calloc((size_t)map_size(m), sizeof *left);
	move_map_reach(&mm, u.ma, left, NULL);
	/* 0203 -> 0303: 1 MP, 2 halves; on to 0204 (west bank) 1 more */
	is_int(left[map_lookup(m, "0303")], 4, "0303 reached, 2 MP left");
	is_int(left[map_lookup(m, "0403")], -1,
	    "6.3.8: 0303 -> 0403 crosses to the east bank: not this phase");
	/* round the ends: 0203 0204 0305 0405 0404 is 4 MP, more than 3 */
	is_int(left[map_lookup(m, "0404")], -1, "nor 0404");
	ok(left[map_lookup(m, "0204")] >= 0, "0204, the west bank, is reached");
	move_map_free(&mm);
	mm.origin = map_lookup(m, "0303");
	move_map_init(&mm);
	move_map_reach(&mm, u.ma, left, NULL);
	is_int(left[map_lookup(m, "0403")], 4,
	    "6.3.8 B: begun on the river, the unit leaves by either bank");
	move_map_free(&mm);
	free(left);
	situation_free(s);
	map_free(m);
}

/*
 * The engine knows rivers that flow through hexes only through the game's
 * hooks (move_rules.map_step, map_entry: lib/games/loe/loe_river.c): on
 * test_banks's map, loe's rules without them see no river in 0303, so
 * 0403 is a plain step on from it, 2 MP from 0203 with 1 left; and map
 * path hooks that leave the move to the plain search change nothing.
 */
static int plain_asked;

static int
leave_plain(struct move_map *mm, int to, int budget, struct path_result *out)
{
	(void)mm;
	(void)to;
	(void)budget;
	(void)out;
	plain_asked++;
	return MOVE_MAP_PLAIN;
}

static void
test_hooks(void)
{
	struct move_rules plain = loe_move;
	struct move_map mm;
	struct move_unit u;
	struct path_result pr;
	struct map *m = NULL;
	struct situation *s = NULL;
	char why[512];
	int *left;

	if (map_parse_text(river_map, sizeof river_map - 1, NULL, NULL,
	    fixture_vocab, (void *)words, &m, why, sizeof why) < 0 ||
	    situation_parse(river_units, sizeof river_units - 1, m, &s, why,
	    sizeof why) < 0) {
		ok(0, "the river map parses: %s", why);
		return;
	}
	plain.map_step = NULL;
	plain.map_entry = NULL;
	plain.map_path = leave_plain;
	loe_unit("italian-inf", 3, &u);
	on_map(&mm, m, s, &u, "0203");
	mm.rules = &plain;
	left = calloc((size_t)map_size(m), sizeof *left);
	move_map_reach(&mm, u.ma, left, NULL);
	is_int(left[map_lookup(m, "0403")], 2,
	    "without the game's river hooks 0303 -> 0403 crosses nothing");
	ok(move_map_path(&mm, map_lookup(m, "0403"), u.ma, &pr) == ST_OK &&
	    pr.total == 4 && plain_asked == 1,
	    "a map_path that leaves the move to the plain search: 2 MP");
	path_result_free(&pr);
	move_map_free(&mm);
	free(left);
	situation_free(s);
	map_free(m);
}

/*
 * move_map_path first asks whether any step may enter the target at all
 * (move_map.c, enterable) and answers no without a search where none may.
 * That must never refuse a hex a search reaches: on a 7 by 7 map with the
 * river of test_banks, massif in 0506 and 0606 (closed to infantry of MA 6,
 * 6.3.4 B), jungle, a road and an Ethiopian unit in 0605 (its hex closed,
 * 6.1 F, its zone around it), from 0203, every hex has a path exactly when
 * a reach with the same allowance finds it, with the allowance (6 MP) and
 * with none (-1, a reach of 500 halves).
 */
static const char closed_map[] =
    "game loe\nlayout odd-q\nsize 0101 0707\ndefault clear\n"
    "0301-0305 clear river\n0301/0302 river\n0302/0303 river\n"
    "0303/0304 river\n0304/0305 river\n0506 massif\n0606 massif\n"
    "0102-0104 clear jungle\n0201/0301 road\n0703 mountain\n";
static const char closed_units[] =
    "{ \"game\": \"loe\", \"units\": ["
    " { \"id\": \"a\", \"side\": \"italian\", \"type\": \"italian-inf\","
    " \"strength\": 6, \"ma\": 6, \"hex\": \"0203\" },"
    " { \"id\": \"e\", \"side\": \"ethiopian\", \"type\": \"guard\","
    " \"strength\": 3, \"ma\": 6, \"hex\": \"0605\" } ] }";

static int
paths_agree(struct move_map *mm, int budget, int reach_budget)
{
	struct path_result pr;
	int n = map_size(mm->map), *left = calloc((size_t)n, sizeof *left);
	int to, bad = 0, st;

	move_map_reach(mm, reach_budget, left, NULL);
	for (to = 0; to < n; to++) {
		st = move_map_path(mm, to, budget, &pr);
		bad += (st == ST_OK) != (left[to] >= 0);
		if (st == ST_OK)
			path_result_free(&pr);
	}
	free(left);
	return bad;
}

static void
test_closed_targets(void)
{
	struct move_map mm;
	struct move_unit u;
	struct map *m = NULL;
	struct situation *s = NULL;
	char why[512];

	if (map_parse_text(closed_map, sizeof closed_map - 1, NULL, NULL,
	    fixture_vocab, (void *)words, &m, why, sizeof why) < 0 ||
	    situation_parse(closed_units, sizeof closed_units - 1, m, &s, why,
	    sizeof why) < 0) {
		ok(0, "the map parses: %s", why);
		return;
	}
	loe_unit("italian-inf", 6, &u);
	u.id = "a";
	on_map(&mm, m, s, &u, "0203");
	is_int(paths_agree(&mm, u.ma, u.ma), 0,
	    "with 6 MP: a path to every hex the reach finds, and none else");
	u.ma = -1;
	is_int(paths_agree(&mm, -1, 500), 0,
	    "with no allowance: the same");
	ok(move_map_path(&mm, map_lookup(m, "0605"), -1, &(struct path_result){
	    0 }) == ST_NO && move_map_path(&mm, map_lookup(m, "0506"), -1,
	    &(struct path_result){ 0 }) == ST_NO,
	    "none into the enemy's hex or the massif");
	move_map_free(&mm);
	situation_free(s);
	map_free(m);
}

/*
 * The hexes from each hex to the nearest road hex by a search over the
 * whole map, a step a hex, from every road hex at once: what loe 8.4.1
 * measures, with nothing of move_road_distance's rings or bounds.
 */
static void
brute_road_distance(const struct map *m, unsigned road, int *d)
{
	struct map_cells c;
	int n = map_size(m), *q = malloc((size_t)n * sizeof *q);
	int head = 0, tail = 0, i, k, nb[HEX_NDIRS];

	map_cells(m, &c);
	for (i = 0; i < n; i++) {
		d[i] = -1;
		for (k = 0; k < HEX_NDIRS; k++)
			if (map_side(m, i, k) & road) {
				d[i] = 0;
				q[tail++] = i;
				break;
			}
	}
	while (head < tail) {
		i = q[head++];
		map_neighbours(m, i, nb);
		for (k = 0; k < HEX_NDIRS; k++)
			if (nb[k] >= 0 && d[nb[k]] < 0) {
				d[nb[k]] = d[i] + 1;
				q[tail++] = nb[k];
			}
	}
	free(q);
}

/*
 * move_road_distance against the search over the whole map: from every
 * hex of a 14 by 9 map of each layout, for retreats of 1 to 4 hexes, at
 * every hex within reach of the unit; roads at the map's edges and a
 * corner, and a map with none.  By hand on the odd-q map: 0705 is four
 * hexes from 0402/0502's road (0705 0605 0504 0503 0502); 0402, 1205 and
 * 1305 are five away, the rest farther.
 */
static void
test_road_distance(void)
{
	static const char *const texts[] = {
	    "game loe\nlayout odd-q\nsize 0101 1409\ndefault clear\n"
	    "0402/0502 road\n0109/0209 road\n1401/1402 road\n"
	    "1205/1305 road\n",
	    "game loe\nlayout even-q\nsize 0101 1409\ndefault clear\n"
	    "0101/0102 road\n0808/0809 road\n1405/1406 road\n",
	    "game loe\nlayout odd-q\nsize 0101 1409\ndefault clear\n",
	};
	char why[512];
	int want[14 * 9], t, o, len, i, bad = 0, asked = 0, roads_far = 0;

	for (t = 0; t < 3; t++) {
		struct map *m = NULL;
		unsigned road;

		if (map_parse_text(texts[t], strlen(texts[t]), NULL, NULL,
		    fixture_vocab, (void *)words, &m, why, sizeof why) < 0) {
			ok(0, "road map %d parses: %s", t, why);
			continue;
		}
		road = map_side_bit(m, "road") >= 0 ?
		    1u << map_side_bit(m, "road") : 0;
		brute_road_distance(m, road, want);
		if (t == 0)
			is_int(want[map_lookup(m, "0705")], 4,
			    "the search over the map: 0705 is 4 from a road");
		for (o = 0; o < map_size(m); o++)
			for (len = 1; len <= 4; len++) {
				int *d = move_road_distance(m, o, len, road);

				for (i = 0; i < map_size(m); i++) {
					if (hex_distance(map_hex(m, o),
					    map_hex(m, i), map_layout(m)) > len)
						continue;
					asked++;
					bad += d[i] != want[i];
					roads_far += want[i] > len;
				}
				free(d);
			}
		map_free(m);
	}
	is_int(bad, 0, "hexes to the nearest road as the search over the map "
	    "counts them (%d asked)", asked);
	ok(roads_far > 1000, "many of them farther than the retreat (%d)",
	    roads_far);
}

int
main(void)
{
	test_mp_text();
	test_mp_every();
	test_tec();
	test_tec_refusals();
	test_tec_pool();
	test_loe_steps();
	test_banks();
	test_hooks();
	test_closed_targets();
	test_road_distance();
	return tap_done();
}
