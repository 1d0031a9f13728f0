/*
 * fuzz_situation.c: a libFuzzer target for situation files as the
 * commands read them (lib/situation.c): parsed against a small map of the
 * game, then checked with the game's own words (struct situation_rules:
 * sides, types, markers, enemy units never in one hex), then read the
 * way the procedures read it (every unit found by its id and its hex, its
 * markers, the rail nets, the zones of control of each side).  The first
 * byte picks the game and its map (loe, toto, sotq's Isandhlwana or
 * Omdurman, the last a map named for no battle); the rest is the file.
 *
 *   make -C tests/fuzz run-situation SECONDS=300
 * Seeds, in tests/fuzz/seeds/situation, are the shipped situations and
 * tests/fixtures/situation's, each put on its game's map.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "map.h"
#include "mapfix.h"
#include "situation.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A small map of each game, the hexes of the seeds
 * (tests/fixtures/situation's) on it: a rail line for toto's nets. */
static const struct {
	const char *vocab, *text;
	const struct situation_rules *rules;
} maps[] = {
	{ "{ \"game\": \"loe\", \"terrain\": [\"clear\", \"mountain\"],"
	  "  \"features\": [\"jungle\", \"port\"], \"hexsides\": [\"road\"] }",
	  "game loe\nname teaching\nlayout odd-q\nsize 2401 4030\n"
	  "default clear\n2505 mountain\n2406/2505 road\n",
	  &loe_situation },
	{ "{ \"game\": \"toto\", \"terrain\": [\"clear\", \"rough\"],"
	  "  \"features\": [\"rail\", \"road\"], \"hexsides\": [\"river\"] }",
	  "game toto\nname teaching\nlayout odd-q\nsize 4410 4620\n"
	  "default clear\n4414-4416 clear rail\n4515 rough road\n",
	  &toto_situation },
	{ "{ \"game\": \"sotq\", \"terrain\": [\"clear\", \"rough\"],"
	  "  \"features\": [\"trail\"], \"hexsides\": [\"crest\"] }",
	  "game sotq\nname isandhlwana\nlayout even-q\nsize 0101 2030\n"
	  "default clear\n0627 rough\n0627/0628 crest\n",
	  &sotq_situation },
	{ "{ \"game\": \"sotq\", \"terrain\": [\"clear\"],"
	  "  \"features\": [\"trail\"], \"hexsides\": [\"crest\"] }",
	  "game sotq\nname omdurman\nlayout even-q\nsize 1001 2727\n"
	  "default clear\n",
	  &sotq_situation },
	{ "{ \"game\": \"sotq\", \"terrain\": [\"clear\"],"
	  "  \"features\": [\"trail\"], \"hexsides\": [\"crest\"] }",
	  "game sotq\nname practice\nlayout even-q\nsize 0101 0303\n"
	  "default clear\n",
	  &sotq_situation },
};
#define NMAPS (sizeof maps / sizeof *maps)

/* Everything a procedure asks of a situation that passed. */
static void
read_all(const struct situation *s, const struct map *m)
{
	const struct unit *u, *in[8];
	unsigned char *zoc;
	int i, k, n = situation_count(s);

	for (i = 0; i < n; i++) {
		u = situation_unit(s, i);
		if (!u || situation_find(s, u->id) == NULL ||
		    u->hex < 0 || u->hex >= map_size(m) ||
		    situation_in_hex(s, u->hex, in, 8) < 1 ||
		    u->strength < 0 || u->strength > 9999 || u->ma < 0 ||
		    u->ma > 9999)
			abort();
		for (k = 0; k < u->nmarkers; k++)
			if (!situation_unit_has_marker(u, u->markers[k]))
				abort();
		free(situation_zoc(s, m, u->side, NULL, NULL));
	}
	for (i = 0; i < map_size(m); i++)
		(void)situation_side_at(s, "rail_nets", i);
	(void)situation_map_name(s);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct map *m[NMAPS];
	struct situation *s = NULL;
	char why[512], *buf;
	size_t k;

	if (size < 1)
		return 0;
	k = data[0] % NMAPS;
	if (!m[k] && map_parse_text(maps[k].text, strlen(maps[k].text), NULL,
	    NULL, fixture_vocab, (void *)maps[k].vocab, &m[k], why,
	    sizeof why) < 0) {
		fprintf(stderr, "fuzz_situation: map %zu: %s\n", k, why);
		abort();
	}
	buf = malloc(size);
	memcpy(buf, data + 1, size - 1);
	buf[size - 1] = '\0';
	why[0] = '\0';
	if (situation_parse_for(buf, size - 1, m[k], maps[k].rules, &s, why,
	    sizeof why) == 0) {
		why[0] = '\0';
		if (situation_check(s, m[k], maps[k].rules, why,
		    sizeof why) == 0)
			read_all(s, m[k]);
		else if (why[0] == '\0')
			abort();	/* a refusal says why */
		situation_free(s);
	} else if (why[0] == '\0')
		abort();
	free(buf);
	return 0;
}
