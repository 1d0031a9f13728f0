/*
 * fuzz_table.c: a libFuzzer target for table data, the files a player
 * writes and imports.  An input whose first non-blank byte is '{' is a
 * table in JSON; any other is a chart in CSV over a two-column table.  A
 * table that loads is then used as the commands use it, so that what the
 * loader lets through is tried by its readers: written back and read
 * again, every total looked up in every column, the exact odds of every
 * column, and the odds and percentage columns found for extreme
 * strengths.  Undefined behaviour is a crash here.
 *
 *   make -C tests/fuzz run-table SECONDS=240
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "crt.h"
#include "data.h"
#include "dice.h"
#include "odds.h"
#include "table.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Past this many totals the exact odds cost more than a fuzzing run can
 * spend on one input; tests/unit/test_dice.c holds the largest dice. */
#define FUZZ_MAX_TOTALS 2000

static const char like_json[] = "{\"format\":\"umpire-table/1\","
    "\"game\":\"g\",\"table\":\"t\",\"title\":\"T\",\"rule\":\"1\","
    "\"source\":\"user\",\"dice\":\"1d6\",\"column_kind\":\"named\","
    "\"columns\":[{\"id\":\"a\",\"results\":{\"1-6\":\"x\"}},"
    "{\"id\":\"b\",\"results\":{\"1-6\":\"x\"}}],\"legend\":{\"x\":\"x\"}}";

static void
use_columns(const struct table *t)
{
	static const long strengths[] = { 0, 1, 2, 3, 7, 1000, 99999, LONG_MAX };
	size_t i, j, n = sizeof strengths / sizeof *strengths;
	int edge;

	if (strcmp(t->column_kind, "ratio") == 0)
		for (i = 0; i < n; i++)
			for (j = 0; j < n; j++)
				(void)odds_column_ratio(t, odds_ratio_defender(strengths[i],
				    strengths[j]), &edge);
	if (strcmp(t->column_kind, "percent") == 0)
		for (i = 0; i < n; i++)
			for (j = 1; j < n; j++)
				(void)odds_column_range(t, odds_percent(strengths[i] % 100000,
				    strengths[j] % 100000 + 1), &edge);
}

static void
use_table(const struct table *t)
{
	int min = dice_min(&t->dice), max = dice_max(&t->dice), v, clamped;
	struct table *again = calloc(1, sizeof *again);
	cJSON *json = table_to_json(t);
	char why[256];
	size_t c;

	/* what was read is written back the same */
	if (table_from_json(json, again, why, sizeof why) < 0 ||
	    table_same_axes(again, t, why, sizeof why) < 0)
		abort();
	cJSON_Delete(json);
	table_free(again);
	for (c = 0; c < t->ncols; c++) {
		struct crt_dist d;

		/* every total has its one result (table.h) */
		for (v = min; v <= max && max - min < FUZZ_MAX_TOTALS; v++)
			if (!table_lookup(t, (int)c, v))
				abort();
		(void)table_shift(t, (int)c, INT_MAX, &clamped);
		(void)table_shift(t, (int)c, INT_MIN, &clamped);
		if (max - min >= FUZZ_MAX_TOTALS)
			continue;
		crt_dist_init(&d);
		crt_dist_column(&d, t, (int)c, 1);
		crt_dist_free(&d);
	}
	use_columns(t);
}

static void
fuzz_json(const char *s, size_t len)
{
	struct table *t = calloc(1, sizeof *t);
	cJSON *root;
	char why[256];

	if (data_parse_json(s, len, &root, why, sizeof why) == 0) {
		if (table_from_json(root, t, why, sizeof why) == 0)
			use_table(t);
		cJSON_Delete(root);
	}
	table_free(t);
}

static void
fuzz_csv(const char *s, size_t len)
{
	struct table *like = calloc(1, sizeof *like), *t = calloc(1, sizeof *t);
	cJSON *root = cJSON_Parse(like_json);
	char why[256];

	if (table_from_json(root, like, why, sizeof why) < 0)
		abort();
	if (table_from_csv(s, len, like, t, why, sizeof why) == 0)
		use_table(t);
	cJSON_Delete(root);
	table_free(like);
	table_free(t);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	size_t skip;

	memcpy(s, data, size);
	s[size] = '\0';
	skip = strspn(s, " \t\r\n");
	if (skip < size && s[skip] == '{')
		fuzz_json(s, size);
	else
		fuzz_csv(s, size);
	free(s);
	return 0;
}
