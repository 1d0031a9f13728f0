/*
 * fuzz_saved.c: a libFuzzer target for saved-game files (lib/saved.c),
 * the file every command given --saved reads and `umpire game` changes.
 * The bytes are the file.  Whatever it holds, the load is a refusal or a
 * game whose position reads as a situation on a small loe map or is
 * refused saying why; a step applied to it (a unit moved, a hex's control
 * set, the turn and phase moved on) writes a file that loads again; and
 * undoing steps, the one just made and then those the file logged (whose
 * undo records are as untrusted as the rest), leaves a file that loads
 * again or a refusal with the file as it was.  On the way, loe's sequence
 * of play (lib/sequence.c) is asked whether a move may be applied, and
 * lists the marked units of each phase.  The sanitizers catch the rest.
 *
 *   make -C tests/fuzz run-saved SECONDS=300
 * The seeds, seeds/saved, were written by umpire itself: a new game from
 * loe's teaching situation with steps and an undo, a game of iwiif with
 * no map.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "err.h"
#include "games/game.h"
#include "map.h"
#include "mapfix.h"
#include "saved.h"
#include "sequence.h"
#include "situation.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[PATH_MAX];
static struct map *map;
/* the data of the tree: make -C tests/fuzz runs in tests/fuzz */
static struct ctx ctx = { .data_dir = "../../rules" };
static struct sequence seq;

static const char vocab[] =
    "{ \"game\": \"loe\", \"terrain\": [\"clear\", \"mountain\"],"
    "  \"features\": [\"jungle\", \"port\"], \"hexsides\": [\"road\"] }";
static const char text[] =
    "game loe\nname teaching\nlayout odd-q\nsize 2401 4030\n"
    "default clear\n2505 mountain\n2406/2505 road\n";

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static char dir[] = "/tmp/fuzz_saved.XXXXXX";
	char sub[PATH_MAX], why[256];

	(void)argc;
	(void)argv;
	if (mkdtemp(dir) == NULL || setenv("XDG_STATE_HOME", dir, 1) != 0)
		abort();
	snprintf(sub, sizeof sub, "%s/umpire", dir);
	if (mkdir(sub, 0700) != 0)
		abort();
	snprintf(sub, sizeof sub, "%s/umpire/games", dir);
	if (mkdir(sub, 0700) != 0)
		abort();
	snprintf(path, sizeof path, "%s/fuzz.json", sub);
	if (map_parse_text(text, strlen(text), NULL, NULL, fixture_vocab,
	    (void *)vocab, &map, why, sizeof why) < 0) {
		fprintf(stderr, "fuzz_saved: the map: %s\n", why);
		abort();
	}
	if (sequence_load(&ctx, "loe", &seq) != ST_OK)
		abort();
	return 0;
}

/* Write the bytes as the saved game's file. */
static void
put(const void *data, size_t size)
{
	FILE *fp = fopen(path, "w");

	if (fp == NULL || fwrite(data, 1, size, fp) != size || fclose(fp))
		abort();
}

/* What the sequence of play asks of a game that loaded. */
static void
sequence_of(const struct saved *sv)
{
	char why[320];
	int i, st;

	st = sequence_check_side(&ctx, sv, "move-cost", "italian", why,
	    sizeof why);
	if ((st == ST_USAGE && !why[0]) || (st != ST_OK && st != ST_USAGE &&
	    st != ST_DATA && st != ST_SYS))
		abort();
	for (i = 0; i < seq.n; i++)
		cJSON_Delete(sequence_marked(&seq, i, saved_units(sv)));
}

/* Everything a reader asks of a game that loaded. */
static void
read_all(const struct saved *sv)
{
	struct situation *sit;
	const cJSON *u;
	char why[512];

	if (!saved_game(sv) || !saved_map(sv) || saved_turn(sv) < 1 ||
	    !cJSON_IsArray(saved_log(sv)) || !saved_position(sv))
		abort();
	(void)saved_ended(sv);
	cJSON_ArrayForEach(u, saved_units(sv))
		if (cJSON_IsString(cJSON_GetObjectItemCaseSensitive(u, "id")))
			(void)saved_unit(sv, cJSON_GetObjectItemCaseSensitive(u,
			    "id")->valuestring);
	why[0] = '\0';
	if (saved_read_position(sv, map, &loe_situation, &sit, why,
	    sizeof why) == ST_OK)
		situation_free(sit);
	else if (why[0] == '\0')
		abort();	/* a refusal says why */
	sequence_of(sv);
}

/* A step as the commands make one: the first unit moved, a hex's
 * control set, the turn moved on. */
static void
step(struct saved *sv)
{
	cJSON *u = cJSON_GetArrayItem(saved_units(sv), 0), *id;
	int turn = saved_turn(sv);

	saved_begin(sv);
	id = cJSON_GetObjectItemCaseSensitive(u, "id");
	if (cJSON_IsString(id) && cJSON_IsObject(u))
		(void)saved_move_unit(sv, id->valuestring, "2505");
	if (cJSON_IsObject(saved_position(sv)))
		(void)saved_control_set(sv, map, 0, "italian");
	cJSON_ReplaceItemInObjectCaseSensitive(sv->root, "turn",
	    cJSON_CreateNumber(turn % 999 + 1));
	if (saved_commit(sv, "fuzz step", "4.2", 0, NULL) != ST_OK)
		abort();
}

/* The game written last loads again. */
static void
reopen(struct saved *sv)
{
	saved_close(sv);
	if (saved_open(sv, "fuzz", 0) != ST_OK)
		abort();
	read_all(sv);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct saved sv;
	const cJSON *e;
	int i, st;

	put(data, size);
	if (saved_open(&sv, "fuzz", 0) != ST_OK) {
		saved_close(&sv);
		return 0;
	}
	read_all(&sv);
	step(&sv);
	reopen(&sv);
	/* undo the step, then up to three the file logged */
	for (i = 0; i < 4; i++) {
		if ((st = saved_undo(&sv, &e)) == ST_NO || st == ST_DATA)
			break;
		if (st != ST_OK || !cJSON_IsString(
		    cJSON_GetObjectItemCaseSensitive(e, "step")))
			abort();
		reopen(&sv);
	}
	saved_close(&sv);
	return 0;
}
