/*
 * fuzz_parsers.c: one libFuzzer target for umpire's parsers of untrusted
 * text: dice notation, the player's rolls, table JSON, chart CSV, and the
 * rulebook importer.  The first byte picks the parser; the rest is input.
 *
 *   make -C tests/fuzz run      (builds with clang -fsanitize=fuzzer)
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cdice.h"
#include "crt.h"
#include "data.h"
#include "dice.h"
#include "games/iwiif/iwiif.h"
#include "search.h"
#include "table.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *
terminated(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* Coloured dice ("red=9,blue=8") and iwiif stand lists ("4xmodern:pos"). */
static void
fuzz_colours(const char *s)
{
	static struct iwiif_stands stands;
	struct cdice cd;
	struct out_result o;
	cJSON *req = cJSON_CreateObject();
	char buf[160];

	(void)cdice_parse(s, 10, &cd, buf, sizeof buf);
	cJSON_AddStringToObject(req, "at", s);
	out_result_init(&o, 0, 1);
	(void)iwiif_stands(&o, req, "at", "--at", ~0u, 1, &stands);
	out_result_free(&o);
	cJSON_Delete(req);
}

static void
fuzz_dice(const char *s)
{
	struct dice d;
	const char *why;
	int faces[DICE_MAX_COUNT];
	char buf[128];

	if (dice_parse(s, &d, &why) == 0)
		(void)dice_parse_roll(&d, s, faces, buf, sizeof buf);
	d.count = 2;
	d.sides = 6;
	d.mod = 0;
	(void)dice_parse_roll(&d, s, faces, buf, sizeof buf);
	fuzz_colours(s);
}

static void
fuzz_table_json(const char *s, size_t len)
{
	cJSON *root;
	char why[256];
	struct table *t = calloc(1, sizeof *t);

	if (data_parse_json(s, len, &root, why, sizeof why) == 0) {
		(void)table_from_json(root, t, why, sizeof why);
		cJSON_Delete(root);
	}
	table_free(t);
}

static void
fuzz_csv(const char *s, size_t len)
{
	static const char like_json[] = "{\"format\":\"umpire-table/1\","
	    "\"game\":\"g\",\"table\":\"t\",\"title\":\"T\",\"rule\":\"1\","
	    "\"source\":\"user\",\"dice\":\"1d6\",\"column_kind\":\"named\","
	    "\"columns\":[{\"id\":\"a\",\"results\":[{\"roll\":\"1-6\","
	    "\"code\":\"x\",\"text\":\"x\"}]}]}";
	cJSON *root = cJSON_Parse(like_json);
	struct table *like = calloc(1, sizeof *like), *t = calloc(1, sizeof *t);
	char why[256];

	if (table_from_json(root, like, why, sizeof why) == 0)
		(void)table_from_csv(s, len, like, t, why, sizeof why);
	cJSON_Delete(root);
	table_free(like);
	table_free(t);
}

static void
fuzz_import(const char *s, size_t len)
{
	char *out, why[256];
	size_t outlen, n;

	if (search_import(s, len, search_default_heading, &out, &outlen, &n, why,
	    sizeof why) == 0)
		free(out);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s;

	if (size < 1)
		return 0;
	s = terminated(data + 1, size - 1);
	switch (data[0] % 4) {
	case 0:
		fuzz_dice(s);
		break;
	case 1:
		fuzz_table_json(s, size - 1);
		break;
	case 2:
		fuzz_csv(s, size - 1);
		break;
	case 3:
		fuzz_import(s, size - 1);
		break;
	}
	free(s);
	return 0;
}
