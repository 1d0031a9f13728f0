/*
 * table.h: lookup tables from JSON.
 *
 * A table is a list of columns; each column maps ranges of the dice total
 * ("1-5", "6"; on a single d10 "9-0" is 9 and 10) to a result with a short
 * code and a text.  Columns are named ("a", "diligent"), ratios ("3:1") or
 * ranges ("100-199"); the kind is recorded so the odds module can find a
 * column, and shifts move along the column order, stopping at either edge.
 * The file format is documented in umpire-data(5).
 */
#ifndef UMPIRE_TABLE_H
#define UMPIRE_TABLE_H

#include <limits.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "ctx.h"
#include "dice.h"

#define TABLE_FORMAT "umpire-table/1"

struct table_entry {
	int lo, hi;		/* dice totals, inclusive; a d10's 0 already 10 */
	char *roll;		/* as written: "9-0" */
	char *code;
	char *text;
};

struct table_column {
	char *id;
	char *title;
	struct table_entry *entries;
	size_t n;
};

struct table_pool;

struct table {
	char *game, *name, *title, *rule, *source, *note;
	char *column_kind, *column_title;
	struct dice dice;
	char *dice_text;
	struct table_column *cols;
	size_t ncols;
	char path[PATH_MAX];	/* where it was read from */
	/* the results' strings, allocated together and freed together */
	struct table_pool *pool;
};

/*
 * Build and validate a table from parsed JSON.  Returns 0, or -1 with why[]
 * naming the offending value and what was expected.
 */
int table_from_json(const cJSON *root, struct table *t, char *why, size_t whylen);
/* The table as JSON in its file format (for imports and --show --json). */
cJSON *table_to_json(const struct table *t);

/*
 * Build a table from CSV with the header "column,roll,code,text" and one
 * row per result, taking everything but the results from `like`.  The
 * text must be UTF-8 without NUL bytes (why names the line); a leading
 * byte-order mark is passed over.
 */
int table_from_csv(const char *buf, size_t len, const struct table *like,
    struct table *t, char *why, size_t whylen);

/* The same, but the columns are the file's own, in the order they first
 * appear (a chart whose columns differ from a stand-in's). */
int table_from_csv_own(const char *buf, size_t len, const struct table *like,
    struct table *t, char *why, size_t whylen);

/* Do a and b have the same dice and the same column ids?  0, or -1 + why. */
int table_same_axes(const struct table *a, const struct table *b, char *why,
    size_t whylen);

/*
 * Load GAME/NAME.json by the data lookup order.  Returns ST_OK, or ST_USAGE
 * for a table that does not exist, ST_DATA for one that does not validate,
 * each reported.
 */
int table_load(const struct ctx *c, const char *game, const char *name,
    struct table **out);
void table_free(struct table *t);

/* The index of the column with this id, or -1. */
int table_column_index(const struct table *t, const char *id);
/* Column index after shifting by `by` (negative = left), stopping at the
 * edges; *clamped says whether an edge stopped it. */
int table_shift(const struct table *t, int col, int by, int *clamped);
/* The entry of column col for a dice total, or NULL if the column has none. */
const struct table_entry *table_lookup(const struct table *t, int col, int total);

/* "1-5" style range in the table's dice: 0 or -1. */
int table_parse_range(const struct dice *d, const char *s, int *lo, int *hi);

#endif
