/*
 * fuzz_air.c: a libFuzzer target for the saved air missions
 * (lib/games/air_state.c), the file `umpire airstrike --name` reads back.
 * The first byte picks the game (even loe, odd toto), whose missions
 * the file may name; the rest is the file.  Whatever it holds, the load
 * is a refusal or a state that writes out, loads again from what it
 * wrote, and undoes its last change (the undo data inside the file is as
 * untrusted as the rest).  The same bytes are also read as a saved
 * game's part "air" (air_state_from_part), which, when it reads, writes
 * out a part that reads again to the same; the sanitizers catch the rest.
 *
 *   make -C tests/fuzz run-air SECONDS=60
 * The seed, seeds/air/loe-two-turns (a byte 0 first), was written by umpire
 * itself: a support mission flown, a field built, a new turn, its undo;
 * seeds/air/loe-part is a saved game's part: a strike, a field, an overrun.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "games/air_state.h"
#include "games/loe/loe_airstrike.h"
#include "games/toto/toto_airstrike.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct air_file file;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char dir[] = "/tmp/fuzz_air.XXXXXX";

	(void)argc;
	(void)argv;
	if (mkdtemp(dir) == NULL)
		abort();
	snprintf(file.name, sizeof file.name, "fuzz");
	snprintf(file.path, sizeof file.path, "%s/fuzz.json", dir);
	snprintf(file.lock, sizeof file.lock, "%s/fuzz.lock", dir);
	file.fd = -1;
	return 0;
}

/* Write the bytes as the saved file. */
static void
put(const void *data, size_t size)
{
	FILE *fp = fopen(file.path, "w");

	if (fp == NULL || fwrite(data, 1, size, fp) != size || fclose(fp))
		abort();
}

/* The bytes as a saved game's part: refused, or read back the same. */
static void
as_part(const struct air_game *g, const uint8_t *data, size_t size)
{
	struct air_state s, again;
	cJSON *part = cJSON_ParseWithLength((const char *)data, size), *out,
	    *out2;
	char why[256];

	if (part && air_state_from_part(part, g->id, "fuzz", g->missions, &s,
	    why, sizeof why) == 0) {
		out = air_state_part_json(&s);
		if (air_state_from_part(out, g->id, "fuzz", g->missions, &again,
		    why, sizeof why) != 0)
			abort();
		out2 = air_state_part_json(&again);
		if (!cJSON_Compare(out, out2, 1))
			abort();
		cJSON_Delete(out);
		cJSON_Delete(out2);
	}
	cJSON_Delete(part);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct air_game *g;
	struct air_state s, again;
	cJSON *json;
	char *text;

	if (size < 1)
		return 0;
	g = data[0] % 2 ? &toto_airstrike_game : &loe_airstrike_saved_game;
	as_part(g, data + 1, size - 1);
	put(data + 1, size - 1);
	if (air_state_load(&file, g->id, g->missions, &s) != ST_OK)
		return 0;
	/* what a valid state writes is a valid state */
	json = air_state_json(&s);
	text = cJSON_PrintUnformatted(json);
	cJSON_Delete(json);
	put(text, strlen(text));
	free(text);
	if (air_state_load(&file, g->id, g->missions, &again) != ST_OK)
		abort();
	air_state_free(&again);
	(void)air_state_undo(&file, &s);
	air_state_free(&s);
	return 0;
}
