/*
 * fuzz_map.c: a libFuzzer target for the map engine's parsers of untrusted
 * files: the JSON map, the compact map text a player types, and the
 * situation file (read against a small fixed map).  The first byte picks
 * the parser; the rest is the input.  A map that parses is also written
 * back as JSON and read again, which must succeed.
 *
 *   make -C tests/fuzz run-map      (builds with clang -fsanitize=fuzzer)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "map.h"
#include "mapfix.h"
#include "situation.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char vocab_json[] =
    "{ \"game\": \"loe\", \"terrain\": [\"clear\", \"mountain\", \"amba\"],"
    "  \"features\": [\"jungle\", \"town\", \"river\"],"
    "  \"hexsides\": [\"road\", \"river\", \"bridge\"] }";
/* the vocabulary arguments of the parsers */
#define VOCAB fixture_vocab, (void *)vocab_json

static const char small_map[] =
    "game loe\nlayout odd-q\nsize 0101 0505\ndefault clear\n"
    "0202 mountain town\n0202/0302 road\nplace 0303 Adigrat\n";

/* What a parsed map says of itself must read back as the same map. */
static void
round_trip(struct map *m)
{
	char why[512], *text = map_to_json(m);
	struct map *again = NULL;
	int i;

	if (map_parse_json(text, strlen(text), VOCAB, &again, why,
	    sizeof why) < 0 || map_size(again) != map_size(m))
		abort();
	for (i = 0; i < map_size(m); i++)
		if (map_terrain_id(m, i) != map_terrain_id(again, i) ||
		    map_features(m, i) != map_features(again, i) ||
		    map_side(m, i, i % 6) != map_side(again, i, i % 6))
			abort();
	map_free(again);
	free(text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct map *m = NULL;
	struct situation *s = NULL;
	char why[512], *buf;

	if (size < 1)
		return 0;
	buf = malloc(size);
	memcpy(buf, data + 1, size - 1);
	buf[size - 1] = '\0';
	switch (data[0] % 3) {
	case 0:
		if (map_parse_json(buf, size - 1, VOCAB, &m, why,
		    sizeof why) == 0 && map_size(m) <= 20000)
			round_trip(m);
		break;
	case 1:
		if (map_parse_text(buf, size - 1, NULL, NULL, VOCAB, &m,
		    why, sizeof why) == 0 && map_size(m) <= 20000)
			round_trip(m);
		break;
	default:
		if (map_parse_text(small_map, strlen(small_map), NULL, NULL,
		    VOCAB, &m, why, sizeof why) < 0)
			abort();
		if (situation_parse(buf, size - 1, m, &s, why, sizeof why) == 0)
			free(situation_zoc(s, m, "italian", NULL, NULL));
		situation_free(s);
		break;
	}
	map_free(m);
	free(buf);
	return 0;
}
