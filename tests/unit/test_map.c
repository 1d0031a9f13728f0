/*
 * test_map.c: unit tests for lib/map.c, map_draft.c, map_json.c, map_text.c
 * and situation.c.
 * The vocabulary is the test's own (below), so the tests do not move when a
 * game's words change.  Expected values come from reading the test maps by
 * hand; comments show the reading.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hex.h"
#include "map.h"
#include "mapfix.h"
#include "tap.h"
#include "situation.h"

static const char vocab_json[] =
    "{ \"game\": \"tst\", \"terrain\": [\"clear\", \"mountain\", \"swamp\"],"
    "  \"features\": [\"town\", \"river\", \"fort\"],"
    "  \"hexsides\": [\"road\", \"river\", \"bridge\"] }";
/* the vocabulary arguments of the parsers */
#define VOCAB fixture_vocab, (void *)vocab_json

static struct map *
text_map(const char *text, char *why, size_t whylen)
{
	struct map *m = NULL;

	why[0] = '\0';
	if (map_parse_text(text, strlen(text), NULL, NULL, VOCAB, &m, why,
	    whylen) < 0)
		return NULL;
	return m;
}

static struct map *
json_map(const char *text, char *why, size_t whylen)
{
	struct map *m = NULL;

	why[0] = '\0';
	if (map_parse_json(text, strlen(text), VOCAB, &m, why, whylen) < 0)
		return NULL;
	return m;
}

/*
 * The small map every test reads: columns 01-04, rows 01-03, odd-q.
 *   0101-0103 (column 1) mountain, by the range line;
 *   0202 swamp with a town; 0302 clear (the default) with a fort;
 *   hexside 0202/0302 road; 0202/0203 river and bridge.
 *   0202 is named "Adi Grat".
 * 0202 is in an even (unshifted) column, so its SE neighbour is 0302 and
 * its S neighbour 0203.
 */
static const char small_text[] =
    "# a test map\n"
    "game tst\n"
    "name small\n"
    "layout odd-q\n"
    "size 0101 0403\n"
    "default clear\n"
    "0101-0103 mountain\n"
    "0202 swamp town\n"
    "0302 fort\t# the default terrain, with a fort\n"
    "0202/0302 road\n"
    "0203/0202 river bridge\n"
    "place 0202 Adi  Grat\n"
    "place 0403 Dess\xc3\xa8\n";	/* UTF-8 is welcome: U+00E8 */

static void
check_small(const struct map *m, const char *form)
{
	struct hex lo, hi;
	int h0202 = H(m, "0202"), h0302 = H(m, "0302");

	map_bounds(m, &lo, &hi);
	is_int(map_size(m), 12, "%s: 4 columns x 3 rows = 12 hexes", form);
	ok(lo.col == 1 && lo.row == 1 && hi.col == 4 && hi.row == 3,
	    "%s: bounds 0101-0403", form);
	is_int(map_layout(m), HEX_ODD_Q, "%s: odd-q", form);
	is_str(map_game(m), "tst", "%s: game", form);
	is_str(map_name(m), "small", "%s: name", form);
	is_str(map_terrain(m, H(m, "0101")), "mountain", "%s: 0101 by range", form);
	is_str(map_terrain(m, H(m, "0103")), "mountain", "%s: 0103 by range", form);
	is_str(map_terrain(m, H(m, "0201")), "clear", "%s: 0201 default", form);
	is_str(map_terrain(m, h0202), "swamp", "%s: 0202 swamp", form);
	is_int(map_terrain_id(m, h0202), 2, "%s: swamp is word 2", form);
	is_str(map_terrain(m, h0302), "clear", "%s: 0302 keeps the default", form);
	/* town is bit 0, fort bit 2 */
	is_int(map_features(m, h0202), 1, "%s: 0202 has a town (bit 0)", form);
	is_int(map_features(m, h0302), 4, "%s: 0302 has a fort (bit 2)", form);
	is_int(map_features(m, H(m, "0101")), 0, "%s: 0101 has none", form);
	/* road bit 0 on 0202 SE = 0302 NW; river|bridge bits 1,2 = 6 on 0202 S */
	is_int(map_side(m, h0202, HEX_SE), 1, "%s: road on 0202's SE side", form);
	is_int(map_side(m, h0302, HEX_NW), 1, "%s: the same road from 0302", form);
	is_int(map_side(m, h0202, HEX_S), 6, "%s: river and bridge S of 0202", form);
	is_int(map_side(m, H(m, "0203"), HEX_N), 6, "%s: and N of 0203", form);
	is_int(map_side(m, h0202, HEX_N), 0, "%s: nothing N of 0202", form);
	is_int(map_side_bit(m, "bridge"), 2, "%s: bridge is bit 2", form);
	is_int(map_feature_bit(m, "fort"), 2, "%s: fort is bit 2", form);
	is_int(map_feature_bit(m, "road"), -1, "%s: road is no hex feature", form);
	is_str(map_place(m, h0202), "Adi Grat", "%s: place, blanks made single", form);
	ok(map_place(m, h0302) == NULL, "%s: 0302 has no name", form);
	is_str(map_place(m, H(m, "0403")), "Dess\xc3\xa8", "%s: a UTF-8 name", form);
	is_int(map_find_place(m, "adi grat"), h0202, "%s: found by name, any case",
	    form);
	is_int(map_find_place(m, "Rome"), -1, "%s: no Rome", form);
}

static void
test_text(void)
{
	char why[512];
	struct map *m = text_map(small_text, why, sizeof why);

	if (!ok(m != NULL, "the small map parses"))
		printf("# %s\n", why);
	if (!m)
		return;
	check_small(m, "text");
	is_str(map_source(m), "user", "a typed map is the user's");
	map_free(m);
	/* Windows line ends and a byte order mark, as Notepad may save it */
	m = text_map("\xef\xbb\xbfgame tst\r\nlayout odd-q\r\n0101 swamp\r\n",
	    why, sizeof why);
	if (!ok(m != NULL, "a BOM and CRLF line ends are read"))
		printf("# %s\n", why);
	else
		is_str(map_terrain(m, 0), "swamp", "0101 swamp, no stray CR");
	map_free(m);
	/* a shipped map says where it comes from; its note is prose, longer
	 * than the 64 words of other lines: 70 words of "w" */
	{
		char text[600], want[200];
		int i;

		strcpy(text, "game tst\nsource teaching\nnote  ");
		for (i = 0; i < 70; i++)
			strcat(text, i ? " \t w" : "w");
		strcat(text, "  # said once\nlayout odd-q\n0101 swamp\n");
		for (i = 0, want[0] = '\0'; i < 70; i++)
			strcat(want, i ? " w" : "w");
		m = text_map(text, why, sizeof why);
		if (!ok(m != NULL, "a source line and a long note are read"))
			printf("# %s\n", why);
		else {
			is_str(map_source(m), "teaching", "source teaching");
			is_str(map_note(m), want, "the note's 70 words, blanks "
			    "made single, the comment left off");
		}
		map_free(m);
	}
}

/* Write it out as JSON, read that back: the same map. */
static void
test_json_round_trip(void)
{
	char why[512];
	struct map *m = text_map(small_text, why, sizeof why), *m2;
	char *json;

	if (!m)
		return;
	json = map_to_json(m);
	m2 = json_map(json, why, sizeof why);
	if (!ok(m2 != NULL, "map_to_json output parses"))
		printf("# %s\n%s\n", why, json);
	if (m2) {
		check_small(m2, "json");
		map_free(m2);
	}
	free(json);
	map_free(m);
}

/*
 * The writer gives a rectangle of hexes alike, features and all, as one
 * range.  Read by hand: columns 01-04, rows 01-04, 9 hexes clear (the
 * default).  0101-0302 is swamp with a river: one range.  Column 04 is
 * clear with a fort: one range, no terrain (the default).  0303 is a lone
 * mountain: a hex of its own.
 */
static void
test_json_ranges(void)
{
	static const char text[] =
	    "game tst\nlayout odd-q\nsize 0101 0404\ndefault clear\n"
	    "0101-0302 swamp river\n0401-0404 fort\n0303 mountain\n";
	char why[512], *json, *got;
	struct map *m = text_map(text, why, sizeof why), *m2;
	cJSON *root, *r;
	int i, same = 1;

	if (!ok(m != NULL, "the block map parses"))
		return;
	json = map_to_json(m);
	root = cJSON_Parse(json);
	r = cJSON_GetObjectItem(root, "ranges");
	is_int(cJSON_GetArraySize(r), 2, "two ranges");
	got = cJSON_PrintUnformatted(cJSON_GetArrayItem(r, 0));
	is_str(got, "{\"from\":\"0101\",\"to\":\"0302\",\"terrain\":"
	    "\"swamp\",\"features\":[\"river\"]}", "the swamp block");
	free(got);
	got = cJSON_PrintUnformatted(cJSON_GetArrayItem(r, 1));
	is_str(got, "{\"from\":\"0401\",\"to\":\"0404\",\"features\":"
	    "[\"fort\"]}", "the forts, on the default terrain");
	free(got);
	got = cJSON_PrintUnformatted(cJSON_GetObjectItem(root, "hexes"));
	is_str(got, "{\"0303\":{\"terrain\":\"mountain\"}}", "the lone mountain");
	free(got);
	cJSON_Delete(root);
	m2 = json_map(json, why, sizeof why);
	if (ok(m2 != NULL, "the written block map parses")) {
		for (i = 0; i < map_size(m); i++)
			same &= map_terrain_id(m, i) == map_terrain_id(m2, i) &&
			    map_features(m, i) == map_features(m2, i);
		ok(same, "every hex reads back as it was");
		map_free(m2);
	}
	free(json);
	map_free(m);
}

/*
 * map_neighbour works on indexes without the cube round trip; it must
 * agree with hex_neighbour everywhere, edges included, in both layouts.
 */
static void
test_neighbour_agrees(void)
{
	static const char *const texts[] = {
	    "game tst\nlayout odd-q\nsize 0000 0706\ndefault clear\n",
	    "game tst\nlayout even-q\nsize 0301 0907\ndefault clear\n",
	};
	char why[256];
	size_t t;

	for (t = 0; t < 2; t++) {
		struct map *m = text_map(texts[t], why, sizeof why);
		int idx, d, bad = 0;

		if (!ok(m != NULL, "grid %zu parses", t))
			continue;
		for (idx = 0; idx < map_size(m); idx++) {
			for (d = 0; d < HEX_NDIRS; d++) {
				struct hex h = hex_neighbour(map_hex(m, idx), d,
				    map_layout(m));
				if (map_neighbour(m, idx, d) != map_index(m, h))
					bad++;
				if (map_neighbour(m, idx, d) >= 0 &&
				    map_direction(m, idx, map_neighbour(m, idx, d)) != d)
					bad++;
			}
		}
		is_int(bad, 0, "%s: map_neighbour agrees with hex_neighbour",
		    hex_layout_name(map_layout(m)));
		map_free(m);
	}
}

/*
 * map_hex finds a hex's column by a multiplication (map.c, map_column):
 * the column and row division gives, for every height a map may have
 * (1 to 100 rows) and up to the widest (10,000 columns), on both sides of
 * each column's first hex.
 */
static void
check_columns(const struct map *m, int cols, int *bad)
{
	struct hex first, last, h;
	int rows, c, k, idx;

	map_bounds(m, &first, &last);
	rows = last.row - first.row + 1;
	for (c = 0; c < cols; c++) {
		for (k = -1; k <= 1; k++) {
			idx = c * rows + k;
			if (idx < 0 || idx >= map_size(m))
				continue;
			h = map_hex(m, idx);
			if (h.col != first.col + idx / rows ||
			    h.row != first.row + idx % rows)
				(*bad)++;
		}
	}
}

static void
test_column_of_index(void)
{
	char text[128], why[256];
	int rows, cols, bad = 0, maps = 0;
	struct map *m;

	for (rows = 1; rows <= 100; rows++) {
		cols = rows == 1 || rows == 7 || rows >= 99 ? 10000 : 30;
		snprintf(text, sizeof text, "game tst\nlayout odd-q\n"
		    "size 000000 %04d%02d\ndefault clear\n", cols - 1, rows - 1);
		if (!(m = text_map(text, why, sizeof why))) {
			printf("# %d rows: %s\n", rows, why);
			bad++;
			continue;
		}
		maps++;
		check_columns(m, cols, &bad);
		if (map_size(m) > 0) {
			struct hex h = map_hex(m, map_size(m) - 1);

			bad += h.col != cols - 1 || h.row != rows - 1;
		}
		map_free(m);
	}
	is_int(maps, 100, "maps of 1 to 100 rows parse");
	is_int(bad, 0, "map_hex: each hex's column and row as division gives");
}

struct bad_case {
	const char *text;
	const char *want;	/* the start of why */
};

static void
test_text_errors(void)
{
	static const struct bad_case cases[] = {
		{ "game tst\nlayout odd-q\ndefault clear\n0101 mountian\n",
		  "line 4, column 6: not a tst terrain: 'mountian' (did you mean 'mountain'?)" },
		{ "game tst\nlayout odd-q\nsize 0101 0505\n0606 clear\n",
		  "line 4, column 1: hex off the map: '0606'" },
		{ "game tst\nlayout odd-q\n0101 clear\n0101/0301 road\n",
		  "line 4, column 1: hexes that share no hexside in an odd-q map: '0101/0301'" },
		{ "game tst\nlayout odd-q\n0101 clear\n0101/0102 raod\n",
		  "line 4, column 11: not a tst hexside feature: 'raod' (did you mean 'road'?)" },
		{ "game tst\n0101 clear\nlayout odd-q\n",
		  "line 3, column 1: 'layout' must come before the first hex line" },
		{ "layout odd-q\n0101 clear\n",
		  "line 2, column 1: no game line before the first hex" },
		{ "game tst\nlayout odd-q\n  01x1 clear\n",
		  "line 3, column 3: not a hex id: '01x1'" },
		{ "game tst\nlayout odd-q\n0101-02z2 clear\n",
		  "line 3, column 6: not a hex id: '02z2'" },
		{ "game tst\nlayout odd-q\nfoo 0101\n",
		  "line 3, column 1: expected a hex id or one of" },
		{ "game tst\nlayout odd-q\nsize 0101 0202\n0101 clear\n",
		  "hex 0102 has no terrain" },
		{ "game tst\nlayout odd-q\n0101 clear town\n0102 town\n",
		  "hex 0102 has no terrain" },
		{ "game xyz\n", "line 1, column 6: no game 'xyz'" },
		{ "game tst\nlayout sideways\n",
		  "line 2, column 8: not a layout (odd-q or even-q): 'sideways'" },
		{ "game tst\nlayout odd-q\nsize 0505 0101\n",
		  "line 3, column 11: the last hex lies north or west of the first" },
		{ "game tst\nlayout odd-q\n0101 clear\n0101\n",
		  "line 4, column 1: a hex line needs a terrain or a feature" },
		{ "game tst\ngame tst\n", "line 2, column 6: a second game line" },
		{ "game tst\nsource printed\n",
		  "line 2, column 8: a source is rulebook, teaching, user or "
		  "stand-in: 'printed'" },
		{ "game tst\nsource\n", "line 2, column 1: 'source' needs 1 word" },
		{ "game tst\nnote\n", "line 2, column 1: 'note' needs some words" },
		{ "game tst\nlayout odd-q\n0101 clear\n  note  late\n",
		  "line 4, column 3: 'note' must come before the first hex line" },
		{ "", "no game line" },
		{ "game tst\n0101 clear\n", "the map gives no layout" },
		{ "game tst\nlayout odd-q\n0101 clear\n0101/0101 road\n",
		  "line 4, column 1: hexes that share no hexside" },
		/* a control byte, and a byte that begins no UTF-8 sequence */
		{ "game tst\nlayout odd-q\n0101 clear\nplace 0101 A\x18" "b\n",
		  "line 4, column 12: a place name is 1 to 64 bytes of UTF-8" },
		{ "game tst\nlayout odd-q\n0101 clear\nplace 0101 Ad\xff" "is\n",
		  "line 4, column 12: a place name is 1 to 64 bytes of UTF-8" },
		/* '/' spelt in three bytes (overlong), and a UTF-16 surrogate */
		{ "game tst\nlayout odd-q\n0101 clear\nplace 0101 \xe0\x80\xaf\n",
		  "line 4, column 12: a place name is 1 to 64 bytes of UTF-8" },
		{ "game tst\nlayout odd-q\n0101 clear\nplace 0101 \xed\xa0\x80\n",
		  "line 4, column 12: a place name is 1 to 64 bytes of UTF-8" },
		/* a sequence cut short by the end of the name */
		{ "game tst\nlayout odd-q\n0101 clear\nplace 0101 Dess\xc3\n",
		  "line 4, column 12: a place name is 1 to 64 bytes of UTF-8" },
	};
	size_t i;
	char why[512];

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct map *m = text_map(cases[i].text, why, sizeof why);

		ok(m == NULL, "bad text %zu refused", i);
		if (!ok(strncmp(why, cases[i].want, strlen(cases[i].want)) == 0,
		    "bad text %zu: why", i))
			printf("#   got '%s'\n#   want '%s...'\n", why, cases[i].want);
		map_free(m);
	}
	/* A NUL byte in the middle of line 2, at column 3. */
	{
		static const char nul[] = "game tst\nla\0yout odd-q\n";
		struct map *m = NULL;

		is_int(map_parse_text(nul, sizeof nul - 1, NULL, NULL, VOCAB,
		    &m, why, sizeof why), -1, "a NUL byte is refused");
		is_str(why, "line 2, column 3: a NUL byte", "and placed");
	}
}

static void
test_json_errors(void)
{
	static const struct bad_case cases[] = {
		{ "{\"game\":\"tst\",\"layout\":\"odd-q\",\"hexes\":{\"0101\":"
		  "{\"terrain\":\"hill\"}}}",
		  "hexes.0101.terrain: not a tst terrain: 'hill' (one of: clear mountain swamp)" },
		{ "{\"game\":\"tst\",\"layout\":\"odd-q\",\"colour\":1}",
		  "map: unknown member: 'colour'" },
		{ "{\"game\":\"tst\",\"layout\":\"odd-q\",\"hexes\":{\"01a1\":{}}}",
		  "hexes: not a hex id: '01a1'" },
		{ "{\"game\":\"tst\",\"layout\":\"odd-q\",\"size\":{\"from\":\"0101\","
		  "\"to\":\"0202\"},\"default\":\"clear\",\"hexes\":{\"0303\":"
		  "{\"terrain\":\"clear\"}}}",
		  "hexes.0303: hex off the map: '0303'" },
		{ "{\"game\":\"tst\",\"layout\":\"odd-q\",\"default\":\"clear\","
		  "\"hexsides\":[{\"a\":\"0101\",\"b\":\"0103\",\"features\":[\"road\"]}]}",
		  "hexsides[0]: hexes that share no hexside" },
		{ "{\"game\":\"tst\",\"layout\":\"odd-q\",\"ranges\":[{\"from\":\"0101\","
		  "\"to\":\"0202\"}]}",
		  "ranges[0]: gives neither terrain nor features" },
		{ "{\"game\":\"tst\"}", "layout: expected \"odd-q\" or \"even-q\"" },
		{ "{\"game\":\"tst\",\n \"layout\": odd}", "line 2, column 12: not valid JSON" },
		{ "[1]", "map: expected an object" },
		{ "{\"game\":\"tst\",\"layout\":\"odd-q\",\"hexes\":{\"0101\":"
		  "{\"terrain\":\"clear\"},\"0101\":{\"terrain\":\"swamp\"}}}",
		  "hexes: '0101' listed twice" },
		{ "{\"game\":\"tst\",\"layout\":\"odd-q\",\"source\":\"mine\"}",
		  "source: expected rulebook, teaching, user or stand-in: 'mine'" },
		{ "{\"game\":\"tst\",\"layout\":\"odd-q\",\"default\":\"clear\","
		  "\"hexes\":{\"0101\":{\"place\":\"\"}}}",
		  "hexes.0101.place: expected a name" },
		{ "{\"game\":\"tst\",\"layout\":\"odd-q\",\"default\":\"clear\","
		  "\"hexes\":{\"0101\":{\"place\":\"\xc3(\"}}}",
		  "hexes.0101.place: expected a name" },
	};
	size_t i;
	char why[512];

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct map *m = json_map(cases[i].text, why, sizeof why);

		ok(m == NULL, "bad JSON %zu refused", i);
		if (!ok(strncmp(why, cases[i].want, strlen(cases[i].want)) == 0,
		    "bad JSON %zu: why", i))
			printf("#   got '%s'\n#   want '%s...'\n", why, cases[i].want);
		map_free(m);
	}
}

/* The span of the ids named is the map when no size is given. */
static void
test_span(void)
{
	char why[256];
	struct map *m = json_map("{\"game\":\"tst\",\"layout\":\"even-q\","
	    "\"default\":\"clear\",\"hexes\":{\"0305\":{\"terrain\":\"swamp\"},"
	    "\"0702\":{\"features\":[\"town\"]}}}", why, sizeof why);
	struct hex lo, hi;

	if (!ok(m != NULL, "a map without size parses"))
		return;
	map_bounds(m, &lo, &hi);
	/* columns 03..07, rows 02..05: 5 x 4 = 20 hexes */
	ok(lo.col == 3 && lo.row == 2 && hi.col == 7 && hi.row == 5,
	    "span 0302-0705");
	is_int(map_size(m), 20, "5 columns x 4 rows");
	is_int(map_lookup(m, "0301"), -1, "0301 is off it");
	is_int(map_lookup(m, "03x1"), -1, "03x1 is no id");
	map_free(m);
}

static const char situation[] =
    "{ \"game\": \"tst\", \"map\": \"small\", \"units\": ["
    "  { \"id\": \"it-1\", \"side\": \"italian\", \"type\": \"inf\","
    "    \"strength\": 8, \"ma\": 6, \"hex\": \"0202\", \"markers\": [\"oos-1\"] },"
    "  { \"id\": \"et-1\", \"side\": \"ethiopian\", \"type\": \"irr\","
    "    \"strength\": 3, \"ma\": 4, \"hex\": \"0401\" },"
    "  { \"id\": \"et-2\", \"side\": \"ethiopian\", \"type\": \"irr\","
    "    \"hex\": \"0401\" } ] }";

/* Only across hexsides without a river (the test's own limit). */
static int
not_across_river(void *ud, const struct unit *u, int from, int dir, int to)
{
	const struct map *m = ud;

	(void)u;
	(void)to;
	return (map_side(m, from, dir) & 2u) == 0;
}

static void
test_situation(void)
{
	char why[512];
	struct map *m = text_map(small_text, why, sizeof why);
	struct situation *s = NULL;
	const struct unit *u, *in[4];
	unsigned char *zoc;

	if (!m)
		return;
	if (!ok(situation_parse(situation, strlen(situation), m, &s, why,
	    sizeof why) == 0, "the situation parses"))
		printf("# %s\n", why);
	if (!s) {
		map_free(m);
		return;
	}
	is_int(situation_count(s), 3, "three units");
	u = situation_find(s, "it-1");
	ok(u && u->hex == H(m, "0202") && u->strength == 8 && u->ma == 6,
	    "it-1 in 0202, 8 strong, MA 6");
	ok(u && situation_unit_has_marker(u, "oos-1") && !situation_unit_has_marker(u, "dis"),
	    "it-1 is marked oos-1 only");
	ok(situation_find(s, "nobody") == NULL, "no unit 'nobody'");
	is_int(situation_in_hex(s, H(m, "0401"), in, 4), 2, "two units in 0401");
	is_str(situation_map_name(s), "small", "the map's name");

	/*
	 * Italian ZOC: the Ethiopians in 0401 (column 4, even, unshifted).
	 * Its neighbours: N 0400 (off), NE 0500 (off), SE 0501 (off), S 0402,
	 * SW 0301, NW 0300 (off).  So 0401, 0402, 0301 and nothing else.
	 */
	zoc = situation_zoc(s, m, "italian", NULL, NULL);
	ok(zoc[H(m, "0401")] && zoc[H(m, "0402")] && zoc[H(m, "0301")],
	    "the Ethiopians' zone: 0401, 0402, 0301");
	is_int(zoc[H(m, "0302")] + zoc[H(m, "0202")] + zoc[H(m, "0403")], 0,
	    "not 0302, 0202, 0403");
	free(zoc);
	/*
	 * Ethiopian ZOC: it-1 in 0202 projects to its six neighbours, except
	 * south across the river hexside into 0203 under the test's limit.
	 * 0202 (even, unshifted): N 0201, NE 0301, SE 0302, S 0203, SW 0102,
	 * NW 0101.
	 */
	zoc = situation_zoc(s, m, "ethiopian", not_across_river, m);
	is_int(zoc[H(m, "0201")] + zoc[H(m, "0301")] + zoc[H(m, "0302")] +
	    zoc[H(m, "0102")] + zoc[H(m, "0101")], 5, "five hexes in it-1's zone");
	is_int(zoc[H(m, "0203")], 0, "not across the river");
	free(zoc);
	situation_free(s);
	map_free(m);
}

/*
 * A member given twice counts as its first, as a lookup of it would find:
 * it-1's markers are ["dis"], one of them, not the four of the second; and
 * the markers of the unit after it begin where it-1's one ends.
 */
static void
test_situation_twice(void)
{
	static const char text[] =
	    "{ \"units\": ["
	    "  { \"id\": \"it-1\", \"side\": \"italian\", \"type\": \"inf\","
	    "    \"markers\": [\"dis\"], \"hex\": \"0202\", \"hex\": \"0909\","
	    "    \"markers\": [\"a\", \"b\", \"c\", \"d\"] },"
	    "  { \"id\": \"et-1\", \"side\": \"ethiopian\", \"type\": \"irr\","
	    "    \"hex\": \"0401\", \"markers\": [\"oos-1\", \"entrenched\"] } ] }";
	char why[512];
	struct map *m = text_map(small_text, why, sizeof why);
	struct situation *s = NULL;
	const struct unit *u;

	if (!m)
		return;
	if (!ok(situation_parse(text, strlen(text), m, &s, why, sizeof why) ==
	    0, "a situation naming members twice parses"))
		printf("# %s\n", why);
	u = s ? situation_find(s, "it-1") : NULL;
	ok(u && u->nmarkers == 1 && situation_unit_has_marker(u, "dis") &&
	    u->hex == H(m, "0202"), "it-1: the first markers, the first hex");
	u = s ? situation_find(s, "et-1") : NULL;
	ok(u && u->nmarkers == 2 && strcmp(u->markers[0], "oos-1") == 0 &&
	    strcmp(u->markers[1], "entrenched") == 0, "et-1: its own two markers");
	situation_free(s);
	map_free(m);
}

static void
test_situation_errors(void)
{
	static const struct bad_case cases[] = {
		{ "{\"units\":[{\"id\":\"a\",\"side\":\"x\",\"type\":\"y\",\"hex\":\"0909\"}]}",
		  "units[0].hex: hex off the map: '0909'" },
		{ "{\"units\":[{\"id\":\"a\",\"side\":\"x\",\"type\":\"y\",\"hex\":\"0101\"},"
		  "{\"id\":\"a\",\"side\":\"x\",\"type\":\"y\",\"hex\":\"0102\"}]}",
		  "units[1].id: units[0] has the same id: 'a'" },
		{ "{\"game\":\"loe\",\"units\":[]}", "game: expected \"tst\"" },
		{ "{\"units\":[{\"id\":\"a\",\"side\":\"X\",\"type\":\"y\",\"hex\":\"0101\"}]}",
		  "units[0].side: expected a word" },
		{ "{\"units\":[{\"id\":\"a\",\"side\":\"x\",\"type\":\"y\",\"hex\":\"0101\","
		  "\"strength\":1.5}]}", "units[0].strength: expected a whole number" },
		{ "{\"units\":[{\"id\":\"a\",\"side\":\"x\",\"type\":\"y\",\"hex\":\"0101\","
		  "\"hp\":1}]}", "units[0]: unknown member: 'hp'" },
		{ "{\"units\":[{\"id\":\"a b\",\"side\":\"x\",\"type\":\"y\",\"hex\":\"0101\"}]}",
		  "units[0].id: expected up to 32" },
		{ "{\"units\":{}}", "units: expected an array" },
		{ "{\"units\":[{\"id\":\"a\",\"side\":\"x\",\"type\":\"y\",\"hex\":\"0101\"},"
		  "{\"id\":\"b\",\"side\":\"x\",\"type\":\"Y\",\"hex\":\"0101\"}]}",
		  "units[1].type: expected a word" },
		{ "{\"units\":[],\"turn\":1}", "situation: unknown member: 'turn'" },
	};
	char why[512];
	struct map *m = text_map(small_text, why, sizeof why);
	size_t i;

	if (!m)
		return;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct situation *s = NULL;

		why[0] = '\0';
		is_int(situation_parse(cases[i].text, strlen(cases[i].text), m, &s,
		    why, sizeof why), -1, "bad situation %zu refused", i);
		if (!ok(strncmp(why, cases[i].want, strlen(cases[i].want)) == 0,
		    "bad situation %zu: why", i))
			printf("#   got '%s'\n#   want '%s...'\n", why, cases[i].want);
		situation_free(s);
	}
	map_free(m);
}

/*
 * The words of a line are found 8 bytes at a time (map_text.c): words and
 * blanks that straddle those 8-byte steps, a last word that ends the file
 * with no newline, and a note's blanks squeezed around non-ASCII text.
 */
static void
test_text_words(void)
{
	static const char text[] =
	    "game tst\n"
	    /* "note " then: "ab", 2 blanks, "cd", a tab, "ef", 3 blanks,
	     * "ghijklmnopq", 2 blanks, "r", 1 blank, e acute (2 bytes),
	     * 1 blank, "s", 2 blanks at the end of the line */
	    "note ab  cd\tef   ghijklmnopq  r \xc3\xa9 s  \n"
	    "layout odd-q\n"
	    "place 0101   Big \t  Hill\n"
	    "0101-0102 mountain\n"
	    /* a 12-byte run of blanks and tabs between the id and the word */
	    "0201 \t \t \t \t \t \tswamp\n"
	    "0202 mountain";
	char why[512];
	struct map *m = text_map(text, why, sizeof why);

	if (!ok(m != NULL, "words across 8-byte steps are read"))
		printf("# %s\n", why);
	if (!m)
		return;
	/* each run of blanks made one space, none at the end */
	is_str(map_note(m), "ab cd ef ghijklmnopq r \xc3\xa9 s", "the note squeezed");
	is_str(map_place(m, H(m, "0101")), "Big Hill", "a place's blanks made one");
	is_str(map_terrain(m, H(m, "0102")), "mountain", "0102 in the range");
	is_str(map_terrain(m, H(m, "0201")), "swamp", "0201 after 12 blanks");
	is_str(map_terrain(m, H(m, "0202")), "mountain",
	    "the last word, ending the file");
	map_free(m);
	/* a control byte 21 bytes into the note, past two 8-byte steps;
	 * the note starts in column 6 */
	m = text_map("game tst\nnote aaaaaaaaaaaaaaaaaaaaa\x01" "b\n", why,
	    sizeof why);
	ok(m == NULL, "a note with a control byte is refused");
	is_str(why, "line 2, column 6: a note is UTF-8 text without control "
	    "characters, up to 4096 bytes", "at the note's first column");
	map_free(m);
	m = text_map("game tst\nnote  aaaaaaaaaaaaaaaa \xff\n", why, sizeof why);
	ok(m == NULL, "a note with a byte no UTF-8 has is refused");
	is_str(why, "line 2, column 7: a note is UTF-8 text without control "
	    "characters, up to 4096 bytes", "column 7, after two blanks");
	map_free(m);
}

/*
 * A game with more words than the narrow arrays hold: 17 features (bit 16
 * needs 32 bits a hex) and 9 hexside words (bit 8 needs 32 bits a side).
 */
static void
test_wide_vocab(void)
{
	static const char wide[] =
	    "{ \"game\": \"wid\", \"terrain\": [\"clear\"],"
	    "  \"features\": [\"f0\", \"f1\", \"f2\", \"f3\", \"f4\", \"f5\","
	    "  \"f6\", \"f7\", \"f8\", \"f9\", \"f10\", \"f11\", \"f12\", \"f13\","
	    "  \"f14\", \"f15\", \"f16\"],"
	    "  \"hexsides\": [\"s0\", \"s1\", \"s2\", \"s3\", \"s4\", \"s5\","
	    "  \"s6\", \"s7\", \"s8\"] }";
	static const char text[] = "game wid\nlayout odd-q\nsize 0101 0102\n"
	    "default clear\n0101 f16 f0\n0102 f3\n0101/0102 s8 s0\n";
	char why[512];
	struct map *m = NULL;

	if (!ok(map_parse_text(text, strlen(text), NULL, NULL, fixture_vocab,
	    (void *)wide, &m, why, sizeof why) == 0, "a wide vocabulary's map"))
		printf("# %s\n", why);
	if (!m)
		return;
	/* f16 is bit 16, f0 bit 0: 0x10001; f3 is bit 3: 8 */
	is_int((int)map_features(m, 0), 0x10001, "0101: f16 and f0");
	is_int((int)map_features(m, 1), 8, "0102: f3");
	/* s8 is bit 8, s0 bit 0: 0x101; 0102 is south of 0101 (same column) */
	is_int((int)map_side(m, 0, HEX_S), 0x101, "0101's south side: s8 s0");
	is_int((int)map_side(m, 1, HEX_N), 0x101, "0102's north side, the same");
	is_int((int)map_side(m, 0, HEX_N), 0, "no other side");
	map_free(m);
}

/*
 * Words that share all but their last bytes ("mountains" and "mountainx"
 * against "mountain", "lowland-hill" against "lowland-hills") are told
 * apart, and a word that ends the file is read whole.
 */
static void
test_long_words(void)
{
	static const char longv[] =
	    "{ \"game\": \"lng\", \"terrain\": [\"mountain\", \"lowland-hills\"],"
	    "  \"features\": [\"lowland-hill\", \"t\"], \"hexsides\": [] }";
	static const char text[] = "game lng\nlayout odd-q\nsize 0101 0103\n"
	    "default mountain\n0101 lowland-hills lowland-hill\n0102 "
	    "lowland-hill t\n0103 t";
	static const struct { const char *line, *why; } bad[] = {
		/* 9 bytes, the first 8 those of "mountain" */
		{ "0101 mountains", "line 5, column 6: not a lng terrain: "
		    "'mountains' (did you mean 'mountain'?)" },
		{ "0101 mountainx t", "line 5, column 6: not a lng terrain: "
		    "'mountainx' (did you mean 'mountain'?)" },
		/* "lowland-hill" with its last byte changed */
		{ "0101 mountain lowland-hilx", "line 5, column 15: not a lng "
		    "hex feature: 'lowland-hilx' (did you mean 'lowland-hill'?)" },
		/* a prefix of a word, at the end of the file */
		{ "0101 mountai", "line 5, column 6: not a lng terrain: "
		    "'mountai' (did you mean 'mountain'?)" },
	};
	char why[512], buf[256];
	struct map *m = NULL;
	size_t i;

	if (!ok(map_parse_text(text, strlen(text), NULL, NULL, fixture_vocab,
	    (void *)longv, &m, why, sizeof why) == 0, "words past 8 bytes"))
		printf("# %s\n", why);
	if (m) {
		/* lowland-hills is terrain 1; lowland-hill bit 0, t bit 1 */
		is_int(map_terrain_id(m, 0), 1, "0101: lowland-hills");
		is_int((int)map_features(m, 0), 1, "0101: lowland-hill");
		is_int((int)map_features(m, 1), 3, "0102: lowland-hill and t");
		is_int((int)map_features(m, 2), 2, "0103: t, the file's last word");
		map_free(m);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(buf, sizeof buf, "game lng\nlayout odd-q\nsize 0101 "
		    "0103\ndefault mountain\n%s", bad[i].line);
		m = NULL;
		ok(map_parse_text(buf, strlen(buf), NULL, NULL, fixture_vocab,
		    (void *)longv, &m, why, sizeof why) < 0 && m == NULL,
		    "refused: %s", bad[i].line);
		is_str(why, bad[i].why, "why: %s", bad[i].line);
	}
}

int
main(void)
{
	test_text();
	test_text_words();
	test_wide_vocab();
	test_long_words();
	test_json_round_trip();
	test_json_ranges();
	test_neighbour_agrees();
	test_column_of_index();
	test_text_errors();
	test_json_errors();
	test_span();
	test_situation();
	test_situation_errors();
	test_situation_twice();
	return tap_done();
}
