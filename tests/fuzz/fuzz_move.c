/*
 * fuzz_move.c: a libFuzzer target for move-cost's data files, which a
 * player may replace: a game's movement costs (tec.json) and its words
 * (terrain.json).  The first byte picks the file; the rest is the input.
 * A TEC that parses is bound to loe's shipped words and every entry's cost
 * is asked for, as the games ask.
 *
 *   make -C tests/fuzz run-move      (builds with clang -fsanitize=fuzzer)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "move.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char words[] =
    "{ \"format\": \"umpire-terrain/1\", \"game\": \"loe\","
    "  \"terrain\": [\"clear\", \"mountain\"], \"features\": [\"jungle\"],"
    "  \"hexsides\": [\"road\", \"paved\"] }";

static void
ask_costs(const struct move_cost *list, int n)
{
	int i, s;

	for (i = 0; i < n; i++)
		for (s = -1; s < 4; s++)
			if (move_cost_for(&list[i], "mountain-inf", s) < -1 ||
			    move_cost_for(&list[i], NULL, s) < -1)
				abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct move_vocab v;
	static struct move_tec t;
	char *buf;

	if (size < 1)
		return 0;
	buf = malloc(size);
	memcpy(buf, data + 1, size - 1);
	buf[size - 1] = '\0';
	if (data[0] & 1) {
		if (move_vocab_parse(buf, size - 1, "fuzz", "loe", &v) == 0 &&
		    (v.nterrain < 1 || v.nterrain > MOVE_MAXWORDS))
			abort();
	} else if (move_tec_parse(buf, size - 1, "fuzz", "loe", &t) == 0) {
		if (move_vocab_parse(words, sizeof words - 1, "words", "loe",
		    &v) != 0)
			abort();
		move_tec_bind(&t, &v);
		ask_costs(t.terrain, t.nterrain);
		ask_costs(t.features, t.nfeatures);
		ask_costs(t.sides, t.nsides);
		ask_costs(t.actions, t.nactions);
	}
	free(buf);
	return 0;
}
