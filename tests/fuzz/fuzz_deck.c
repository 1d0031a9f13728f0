/*
 * fuzz_deck.c: a libFuzzer target for the deck state file and its undo
 * data (lib/deck.c), the two things `umpire draw` reads back from disk.
 * The first byte picks what the rest is:
 *   even  the undo data of the last log entry of a real game in progress
 *         (Adwa's deck, a few draws made), then `draw undo`
 *   odd   a whole state file, loaded as deck_file_load would, then
 *         written out, read back, and its last change undone
 * Whatever the input, the result must be a refusal or a game that passes
 * deck_check(), with Adwa's board checked as `umpire draw` checks it
 * (adwa_deck_rules); the sanitizers catch the rest.
 *
 *   make -C tests/fuzz run-deck SECONDS=240
 * Seeds, in tests/fuzz/seeds/deck, were written by umpire itself: two
 * state files of Adwa games (a byte 1 before each) and the undo data of
 * every entry of the longer one's log (a byte 0 before each).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "deck.h"
#include "err.h"
#include "games/adwa/adwa_board.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct deck_def def;

/* A game four draws in, each draw logged with its real undo patch. */
static void
game_in_progress(struct deck_state *s)
{
	static char *players[] = { "menelik", "taitu", "alula" };
	struct rng r;
	int i;

	dice_rng_seed(&r, 1896);
	if (deck_new(s, &def, "fuzz", players, 3, 4, &r) < 0)
		abort();
	for (i = 0; i < 4; i++) {
		cJSON *before = deck_to_json(s, 0), *after, *e = cJSON_CreateObject();
		int recycled, card = deck_draw_top(s, &recycled);
		const struct deck_kind *k = card >= 0 ? deck_card_kind(s, card) : NULL;

		/* a card the draw did not put out of play goes to a hand */
		if (k && !(k->reveal && !k->recycles))
			deck_pile_push(&s->p[i % 3].hand, card);
		after = deck_to_json(s, 0);
		cJSON_AddNumberToObject(e, "n", i + 2);
		cJSON_AddStringToObject(e, "op", "draw");
		cJSON_AddItemToObject(e, "undo", deck_diff(before, after));
		cJSON_AddItemToArray(s->log, e);
		cJSON_Delete(before);
		cJSON_Delete(after);
	}
}

/* FUZZ_DECK_SEED=FILE: write the game's own last undo data there as a
 * seed (undo-own in seeds/deck), so that mutations start from a fit. */
static void
write_own_seed(const char *path)
{
	struct deck_state s;
	char *text;
	FILE *fp;

	game_in_progress(&s);
	text = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(
	    cJSON_GetArrayItem(s.log, cJSON_GetArraySize(s.log) - 1), "undo"));
	if (!(fp = fopen(path, "wb")) || fputc(0, fp) == EOF ||
	    fputs(text, fp) == EOF || fclose(fp) == EOF)
		exit(1);
	free(text);
	deck_free(&s);
}

static void
undo_and_check(struct deck_state *s)
{
	cJSON *undone = NULL;
	char why[400];

	if (deck_undo_state(s, &def, &undone, why, sizeof why) == 0 &&
	    deck_check(s, why, sizeof why) < 0)
		abort();	/* an undo must never leave a broken game */
	cJSON_Delete(undone);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *path = getenv("UMPIRE_DECK_JSON");
	char *text, why[256];
	cJSON *root;
	size_t len;

	(void)argc;
	(void)argv;
	if (!path)
		path = "../../rules/adwa/deck.json";
	if (data_read_file(path, &text, &len) != ST_OK ||
	    data_parse_json(text, len, &root, why, sizeof why) < 0 ||
	    deck_def_from_json(root, &adwa_deck_rules, &def, why, sizeof why) < 0) {
		fprintf(stderr, "fuzz_deck: cannot load %s (set UMPIRE_DECK_JSON)\n",
		    path);
		exit(1);
	}
	cJSON_Delete(root);
	free(text);
	/* as `umpire draw` loads a game: adwa_deck_rules check the board
	 * and the rest of what Adwa keeps */
	if (getenv("FUZZ_DECK_SEED")) {
		write_own_seed(getenv("FUZZ_DECK_SEED"));
		exit(0);
	}
	return 0;
}

static void
fuzz_undo(const char *text, size_t len)
{
	struct deck_state s;
	cJSON *patch, *last;
	char why[256];

	if (data_parse_json(text, len, &patch, why, sizeof why) < 0)
		return;
	game_in_progress(&s);
	last = cJSON_GetArrayItem(s.log, cJSON_GetArraySize(s.log) - 1);
	cJSON_ReplaceItemInObjectCaseSensitive(last, "undo", patch);
	undo_and_check(&s);
	deck_free(&s);
}

static void
fuzz_state(const char *text, size_t len)
{
	struct deck_state s, again;
	char why[256], *out;
	cJSON *root, *back;

	if (data_parse_json(text, len, &root, why, sizeof why) < 0)
		return;
	if (deck_from_json(root, &def, &s, why, sizeof why) == 0) {
		/* what is loaded is written as it was, and loads again */
		out = deck_format(&s);
		if (data_parse_json(out, strlen(out), &back, why, sizeof why) < 0 ||
		    deck_from_json(back, &def, &again, why, sizeof why) < 0)
			abort();
		deck_free(&again);
		cJSON_Delete(back);
		free(out);
		undo_and_check(&s);
		deck_free(&s);
	}
	cJSON_Delete(root);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static void (*const target[2])(const char *, size_t) = {
		fuzz_undo, fuzz_state
	};
	/* the rest, NUL-terminated as data_read_file gives it */
	char *text = size ? calloc(1, size) : NULL;

	if (text) {
		memcpy(text, data + 1, size - 1);
		target[data[0] & 1](text, size - 1);
	}
	free(text);
	return 0;
}
