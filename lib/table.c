/*
 * table.c: read, validate, look up and shift tables; see table.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "err.h"
#include "odds.h"
#include "out.h"
#include "table.h"

static const char *const sources[] = { "rulebook", "stand-in", "user" };
static const char *const column_kinds[] = { "named", "ratio", "percent",
    "differential" };

/*
 * The strings of a table's results live in a few large blocks rather than
 * three allocations a result: a chart is loaded for every battle, and a
 * dozen mallocs cost less than hundreds.
 */
struct table_pool {
	struct table_pool *next;
	size_t used, cap;
	char data[];
};

#define POOL_BLOCK 4096

static char *
pool_strdup(struct table *t, const char *s)
{
	size_t n = strlen(s) + 1;
	struct table_pool *p = t->pool;
	char *out;

	if (!p || p->used + n > p->cap) {
		size_t cap = n > POOL_BLOCK ? n : POOL_BLOCK;

		p = err_malloc(sizeof *p + cap);
		p->next = t->pool;
		p->used = 0;
		p->cap = cap;
		t->pool = p;
	}
	out = memcpy(p->data + p->used, s, n);
	p->used += n;
	return out;
}

static void
set_entry(struct table *t, struct table_entry *e, const char *roll,
    const char *code, const char *text)
{
	e->roll = pool_strdup(t, roll);
	e->code = pool_strdup(t, code);
	e->text = pool_strdup(t, text);
}

static int
fail(char *why, size_t whylen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int
fail(char *why, size_t whylen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, whylen, fmt, ap);
	va_end(ap);
	return -1;
}

/* A result from its parts, once the roll range checks out. */
static int
make_entry(struct table *t, const struct table_column *col,
    struct table_entry *e, const char *roll, const char *code,
    const char *text, char *why, size_t whylen)
{
	if (table_parse_range(&t->dice, roll, &e->lo, &e->hi) < 0)
		return fail(why, whylen, "column '%s': bad roll range '%s' "
		    "(expected totals of %s from %d to %d, like \"2-5\")",
		    col->id, roll, t->dice_text, dice_min(&t->dice),
		    dice_max(&t->dice));
	set_entry(t, e, roll, code, text);
	return 0;
}

static int
one_of(const char *s, const char *const *list, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(s, list[i]) == 0)
			return 1;
	return 0;
}

/* A required string member; NULL if missing, not a string, or empty. */
static const char *
get_str(const cJSON *obj, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	return cJSON_IsString(v) && v->valuestring[0] ? v->valuestring : NULL;
}

static char *
dup_or_null(const char *s)
{
	return s ? err_strdup(s) : NULL;
}

/* A die face or total as written; on a single d10, 0 is the ten. */
static int
parse_total(const struct dice *d, const char **p, int *out)
{
	const char *s = *p;
	int neg = 0;
	long v = 0;

	if (*s == '-' && s[1] >= '0' && s[1] <= '9' && s == *p) {
		neg = 1;
		s++;
	}
	if (*s < '0' || *s > '9')
		return -1;
	for (; *s >= '0' && *s <= '9'; s++)
		if ((v = v * 10 + (*s - '0')) > 1000000)
			return -1;
	if (neg)
		v = -v;
	if (v == 0 && dice_zero_is_ten(d))
		v = 10;
	*p = s;
	*out = (int)v;
	return 0;
}

int
table_parse_range(const struct dice *d, const char *s, int *lo, int *hi)
{
	const char *p = s;

	if (parse_total(d, &p, lo) < 0)
		return -1;
	*hi = *lo;
	if (*p == '-') {
		p++;
		if (parse_total(d, &p, hi) < 0)
			return -1;
	}
	if (*p != '\0' || *lo > *hi || *lo < dice_min(d) || *hi > dice_max(d))
		return -1;
	return 0;
}

/*
 * A result's text: its own "text", or else the legend's entry for its
 * code.  A printed chart shows codes in its cells and explains each code
 * once; a legend lets the file do the same, and keeps a large chart small
 * enough to load in no time.
 */
static const char *
entry_text(const cJSON *item, const cJSON *legend, const char *code)
{
	const char *text = get_str(item, "text");

	return text ? text : code ? get_str(legend, code) : NULL;
}

static int
entry_from_json(struct table *t, const struct table_column *col,
    const cJSON *item, const cJSON *legend, struct table_entry *e, char *why,
    size_t whylen)
{
	const char *roll = get_str(item, "roll"), *code = get_str(item, "code");
	const char *text = entry_text(item, legend, code);

	if (!cJSON_IsObject(item) || !roll || !code)
		return fail(why, whylen, "column '%s': each result needs "
		    "\"roll\" and \"code\" strings", col->id);
	if (!text)
		return fail(why, whylen, "column '%s': result '%s' has no \"text\" "
		    "and the legend does not explain it", col->id, code);
	return make_entry(t, col, e, roll, code, text, why, whylen);
}

/*
 * The compact form of a column, as a printed chart reads: "results" is an
 * object of roll: code, {"1": "Ae", "2-3": "Ab1"}, and the legend gives
 * each code's text.  A third of the JSON nodes of the long form, which
 * matters for a large chart loaded on every battle.
 */
static int
cell_from_json(struct table *t, const struct table_column *col,
    const cJSON *item, const cJSON *legend, struct table_entry *e, char *why,
    size_t whylen)
{
	const char *roll = item->string, *code, *text;

	if (!cJSON_IsString(item) || !item->valuestring[0])
		return fail(why, whylen, "column '%s': roll '%s' needs a code "
		    "string", col->id, roll);
	code = item->valuestring;
	if (!(text = get_str(legend, code)))
		return fail(why, whylen, "column '%s': result '%s' is not in the "
		    "legend", col->id, code);
	return make_entry(t, col, e, roll, code, text, why, whylen);
}

/* Every total of the dice must have exactly one result in each column. */
static int
check_coverage(const struct table *t, const struct table_column *col,
    char *why, size_t whylen)
{
	int min = dice_min(&t->dice), max = dice_max(&t->dice), v, r = 0;
	unsigned char *seen = err_calloc((size_t)(max - min + 1), 1);
	size_t i;

	for (i = 0; i < col->n && r == 0; i++)
		for (v = col->entries[i].lo; v <= col->entries[i].hi; v++)
			if (seen[v - min]++) {
				r = fail(why, whylen, "column '%s': roll %d has "
				    "two results", col->id, v);
				break;
			}
	for (v = min; v <= max && r == 0; v++)
		if (!seen[v - min])
			r = fail(why, whylen, "column '%s': roll %d has no result",
			    col->id, v);
	free(seen);
	return r;
}

static int
column_from_json(struct table *t, const cJSON *item, const cJSON *legend,
    struct table_column *col, char *why, size_t whylen)
{
	const cJSON *results = cJSON_GetObjectItemCaseSensitive(item, "results");
	const cJSON *r;
	const char *id = get_str(item, "id"), *title = get_str(item, "title");
	size_t i;

	if (!cJSON_IsObject(item) || !id)
		return fail(why, whylen, "each column needs an \"id\" string");
	for (i = 0; i < t->ncols; i++)
		if (strcmp(t->cols[i].id, id) == 0)
			return fail(why, whylen, "column '%s' appears twice", id);
	col->id = err_strdup(id);
	col->title = err_strdup(title ? title : id);
	if ((!cJSON_IsArray(results) && !cJSON_IsObject(results)) ||
	    cJSON_GetArraySize(results) == 0)
		return fail(why, whylen, "column '%s': \"results\" must be a "
		    "non-empty array, or an object of roll: code", id);
	col->entries = err_calloc((size_t)cJSON_GetArraySize(results),
	    sizeof *col->entries);
	cJSON_ArrayForEach(r, results) {
		int rc = cJSON_IsObject(results) ?
		    cell_from_json(t, col, r, legend, &col->entries[col->n], why,
		    whylen) :
		    entry_from_json(t, col, r, legend, &col->entries[col->n], why,
		    whylen);

		if (rc < 0)
			return -1;
		col->n++;
	}
	return check_coverage(t, col, why, whylen);
}

static int
header_from_json(const cJSON *root, struct table *t, char *why, size_t whylen)
{
	static const char *const required[] = { "game", "table", "title", "rule",
	    "source", "dice", "column_kind" };
	const char *format = get_str(root, "format"), *dw;
	size_t i;

	if (!cJSON_IsObject(root))
		return fail(why, whylen, "a table file holds one JSON object");
	if (!format || strcmp(format, TABLE_FORMAT) != 0)
		return fail(why, whylen, "\"format\" must be \"%s\"", TABLE_FORMAT);
	for (i = 0; i < sizeof required / sizeof *required; i++)
		if (!get_str(root, required[i]))
			return fail(why, whylen, "missing string \"%s\"", required[i]);
	t->game = err_strdup(get_str(root, "game"));
	t->name = err_strdup(get_str(root, "table"));
	t->title = err_strdup(get_str(root, "title"));
	t->rule = err_strdup(get_str(root, "rule"));
	t->source = err_strdup(get_str(root, "source"));
	t->column_kind = err_strdup(get_str(root, "column_kind"));
	t->dice_text = err_strdup(get_str(root, "dice"));
	t->note = dup_or_null(get_str(root, "note"));
	t->column_title = err_strdup(get_str(root, "column_title") ?
	    get_str(root, "column_title") : "Column");
	if (!one_of(t->source, sources, 3))
		return fail(why, whylen, "bad \"source\" '%s' (expected rulebook, "
		    "stand-in or user)", t->source);
	if (!one_of(t->column_kind, column_kinds, 4))
		return fail(why, whylen, "bad \"column_kind\" '%s' (expected named, "
		    "ratio, percent or differential)", t->column_kind);
	if (dice_parse(t->dice_text, &t->dice, &dw) < 0)
		return fail(why, whylen, "bad \"dice\" '%s' (expected %s)",
		    t->dice_text, dw);
	return 0;
}

int
table_from_json(const cJSON *root, struct table *t, char *why, size_t whylen)
{
	const cJSON *cols, *c, *legend;

	memset(t, 0, sizeof *t);
	if (header_from_json(root, t, why, whylen) < 0)
		return -1;
	cols = cJSON_GetObjectItemCaseSensitive(root, "columns");
	legend = cJSON_GetObjectItemCaseSensitive(root, "legend");
	if (!cJSON_IsArray(cols) || cJSON_GetArraySize(cols) == 0)
		return fail(why, whylen, "\"columns\" must be a non-empty array");
	if (legend && !cJSON_IsObject(legend))
		return fail(why, whylen, "\"legend\" must be an object of code: text");
	t->cols = err_calloc((size_t)cJSON_GetArraySize(cols), sizeof *t->cols);
	cJSON_ArrayForEach(c, cols) {
		if (column_from_json(t, c, legend, &t->cols[t->ncols], why,
		    whylen) < 0) {
			t->ncols++;	/* so table_free releases it */
			return -1;
		}
		t->ncols++;
	}
	/* the odds module reads ratio and percentage ids: bound them now */
	return odds_check_columns(t, why, whylen);
}

cJSON *
table_to_json(const struct table *t)
{
	cJSON *root = json_object(), *cols = json_array();
	size_t i, j;

	json_set_str(root, "format", TABLE_FORMAT);
	json_set_str(root, "game", t->game);
	json_set_str(root, "table", t->name);
	json_set_str(root, "title", t->title);
	json_set_str(root, "rule", t->rule);
	json_set_str(root, "source", t->source);
	json_set_str(root, "dice", t->dice_text);
	json_set_str(root, "column_kind", t->column_kind);
	json_set_str(root, "column_title", t->column_title);
	if (t->note)
		json_set_str(root, "note", t->note);
	for (i = 0; i < t->ncols; i++) {
		cJSON *col = json_object(), *res = json_array();

		json_set_str(col, "id", t->cols[i].id);
		json_set_str(col, "title", t->cols[i].title);
		for (j = 0; j < t->cols[i].n; j++) {
			cJSON *e = json_object();

			json_set_str(e, "roll", t->cols[i].entries[j].roll);
			json_set_str(e, "code", t->cols[i].entries[j].code);
			json_set_str(e, "text", t->cols[i].entries[j].text);
			json_push(res, e);
		}
		json_set(col, "results", res);
		json_push(cols, col);
	}
	json_set(root, "columns", cols);
	return root;
}

void
table_free(struct table *t)
{
	size_t i;

	if (!t)
		return;
	while (t->pool) {
		struct table_pool *next = t->pool->next;

		free(t->pool);
		t->pool = next;
	}
	for (i = 0; i < t->ncols; i++) {
		free(t->cols[i].entries);
		free(t->cols[i].id);
		free(t->cols[i].title);
	}
	free(t->cols);
	free(t->game);
	free(t->name);
	free(t->title);
	free(t->rule);
	free(t->source);
	free(t->note);
	free(t->column_kind);
	free(t->column_title);
	free(t->dice_text);
	free(t);
}

int
table_same_axes(const struct table *a, const struct table *b, char *why,
    size_t whylen)
{
	size_t i;

	if (a->dice.count != b->dice.count || a->dice.sides != b->dice.sides ||
	    a->dice.mod != b->dice.mod)
		return fail(why, whylen, "dice '%s' where the table uses '%s'",
		    a->dice_text, b->dice_text);
	for (i = 0; i < a->ncols; i++)
		if (table_column_index(b, a->cols[i].id) < 0)
			return fail(why, whylen, "unknown column '%s'", a->cols[i].id);
	for (i = 0; i < b->ncols; i++)
		if (table_column_index(a, b->cols[i].id) < 0)
			return fail(why, whylen, "column '%s' is missing", b->cols[i].id);
	return 0;
}

int
table_column_index(const struct table *t, const char *id)
{
	size_t i;

	for (i = 0; i < t->ncols; i++)
		if (strcmp(t->cols[i].id, id) == 0)
			return (int)i;
	return -1;
}

int
table_shift(const struct table *t, int col, int by, int *clamped)
{
	long to = (long)col + by;

	*clamped = 0;
	if (to < 0) {
		to = 0;
		*clamped = 1;
	} else if (to >= (long)t->ncols) {
		to = (long)t->ncols - 1;
		*clamped = 1;
	}
	return (int)to;
}

const struct table_entry *
table_lookup(const struct table *t, int col, int total)
{
	const struct table_column *c;
	size_t i;

	if (col < 0 || (size_t)col >= t->ncols)
		return NULL;
	c = &t->cols[col];
	for (i = 0; i < c->n; i++)
		if (total >= c->entries[i].lo && total <= c->entries[i].hi)
			return &c->entries[i];
	return NULL;
}

/* The known table names of a game, from its game.json; for hints. */
static cJSON *
game_table_names(const struct ctx *c, const char *game)
{
	char rel[PATH_MAX], path[PATH_MAX];
	cJSON *root = NULL;

	snprintf(rel, sizeof rel, "%s/game.json", game);
	if (data_find(c, rel, path) < 0)
		return NULL;
	if (data_load_json(c, rel, &root, path) != ST_OK)
		return NULL;
	return root;
}

static int
unknown_table(const struct ctx *c, const char *game, const char *name)
{
	cJSON *root = game_table_names(c, game), *item;
	const char *cands[64], *near = NULL;
	size_t n = 0;

	cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(root, "tables"))
		if (cJSON_IsString(item) && n < 64)
			cands[n++] = item->valuestring;
	if (n)
		near = err_nearest(name, cands, n);
	if (near)
		err(ST_USAGE, "unknown table: '%s' (did you mean '%s'?)", name, near);
	else
		err(ST_USAGE, "unknown table: '%s' (umpire table --list %s "
		    "lists them)", name, game);
	cJSON_Delete(root);
	return ST_USAGE;
}

/* Table names are file names: lowercase words joined by hyphens. */
static int
valid_name(const char *s)
{
	if (!*s || strlen(s) > 64)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
		    *s == '-'))
			return 0;
	return 1;
}

int
table_load(const struct ctx *c, const char *game, const char *name,
    struct table **out)
{
	char rel[PATH_MAX], path[PATH_MAX], why[256];
	cJSON *root;
	struct table *t;
	int st;

	if (!valid_name(name))
		return unknown_table(c, game, name);
	snprintf(rel, sizeof rel, "%s/%s.json", game, name);
	st = data_load_json(c, rel, &root, path);
	if (st != ST_OK)
		return st == ST_NO ? unknown_table(c, game, name) : st;
	t = err_calloc(1, sizeof *t);
	st = table_from_json(root, t, why, sizeof why);
	cJSON_Delete(root);
	if (st == 0 && (strcmp(t->game, game) != 0 || strcmp(t->name, name) != 0)) {
		snprintf(why, sizeof why, "the file says it is table '%s' of '%s'",
		    t->name, t->game);
		st = -1;
	}
	if (st < 0) {
		err(ST_DATA, "%s: %s", path, why);
		table_free(t);
		return ST_DATA;
	}
	snprintf(t->path, sizeof t->path, "%s", path);
	*out = t;
	return ST_OK;
}

/*
 * CSV (RFC 4180): fields separated by commas, optionally quoted with
 * doubled quotes inside; records end with LF or CRLF.  Reads one record
 * into fields[] (pointers into a scratch copy).  Returns the number of
 * fields, 0 at the end of input, or -1 for an unterminated quote.
 */
struct csv {
	char *p, *end;
	int line;
};

static int
csv_record(struct csv *in, char **fields, int max)
{
	int n = 0;

	if (in->p >= in->end)
		return 0;
	in->line++;
	for (;;) {
		char *out = in->p, *start = in->p;

		if (*in->p == '"') {
			in->p++;
			for (;;) {
				if (in->p >= in->end)
					return -1;
				if (*in->p == '"' && in->p[1] == '"') {
					*out++ = '"';
					in->p += 2;
				} else if (*in->p == '"') {
					in->p++;
					if (in->p < in->end && !strchr(",\r\n", *in->p))
						return -1;
					break;
				} else {
					if (*in->p == '\n')
						in->line++;
					*out++ = *in->p++;
				}
			}
		} else {
			while (in->p < in->end && *in->p != ',' && *in->p != '\n' &&
			    *in->p != '\r')
				out++, in->p++;
		}
		if (n < max)
			fields[n] = start;
		n++;
		if (in->p < in->end && *in->p == ',') {
			*out = '\0';
			in->p++;
			continue;
		}
		if (in->p < in->end && *in->p == '\r')
			in->p++;
		if (in->p < in->end && *in->p == '\n')
			in->p++;
		*out = '\0';
		return n;
	}
}

static cJSON *
csv_column(cJSON *cols, const char *id)
{
	cJSON *c;

	cJSON_ArrayForEach(c, cols)
		if (strcmp(cJSON_GetObjectItemCaseSensitive(c, "id")->valuestring, id) == 0)
			return cJSON_GetObjectItemCaseSensitive(c, "results");
	return NULL;
}

/* A column of the file's own, in the order it first appears: like's
 * title style kept (a percentage band's title ends in '%'). */
static cJSON *
csv_own_column(cJSON *cols, const struct table *like, const char *id)
{
	cJSON *c = json_object(), *res = json_array();
	size_t n = strlen(id);
	char *title = err_malloc(n + 2);

	memcpy(title, id, n + 1);
	if (like->column_kind && strcmp(like->column_kind, "percent") == 0)
		memcpy(title + n, "%", 2);
	json_set_str(c, "id", id);
	json_set_str(c, "title", title);
	free(title);
	json_set(c, "results", res);
	json_push(cols, c);
	return res;
}

/* The CSV's rows as a table JSON object with like's header; own: the
 * columns are the file's, not like's. */
static int
csv_to_json(char *buf, size_t len, const struct table *like, int own,
    cJSON **out, char *why, size_t whylen)
{
	struct csv in = { buf, buf + len, 0 };
	char *f[5];
	cJSON *root = table_to_json(like), *cols = json_array();
	size_t i;
	int n;

	for (i = 0; !own && i < like->ncols; i++) {
		cJSON *c = json_object();

		json_set_str(c, "id", like->cols[i].id);
		json_set_str(c, "title", like->cols[i].title);
		json_set(c, "results", json_array());
		json_push(cols, c);
	}
	cJSON_ReplaceItemInObjectCaseSensitive(root, "columns", cols);
	*out = root;
	n = csv_record(&in, f, 5);
	if (n != 4 || strcmp(f[0], "column") || strcmp(f[1], "roll") ||
	    strcmp(f[2], "code") || strcmp(f[3], "text"))
		return fail(why, whylen, "line 1: the header must be "
		    "'column,roll,code,text'");
	while ((n = csv_record(&in, f, 5)) != 0) {
		cJSON *res, *e;

		if (n < 0)
			return fail(why, whylen, "line %d: a quoted field is not "
			    "closed properly", in.line);
		if (n == 1 && f[0][0] == '\0')
			continue;	/* a blank line */
		if (n != 4)
			return fail(why, whylen, "line %d: %d field%s, expected 4 "
			    "(column,roll,code,text)", in.line, n, n == 1 ? "" : "s");
		if (!(res = csv_column(cols, f[0])) && own && f[0][0])
			res = csv_own_column(cols, like, f[0]);
		if (!res)
			return fail(why, whylen, "line %d: unknown column '%s'",
			    in.line, f[0]);
		e = json_object();
		json_set_str(e, "roll", f[1]);
		json_set_str(e, "code", f[2]);
		json_set_str(e, "text", f[3]);
		json_push(res, e);
	}
	return 0;
}

/*
 * The chart becomes JSON, which must be UTF-8, and its texts are shown at
 * the table: a file in another encoding (a spreadsheet's "CSV" is often
 * Windows-1252) is refused naming the line, not installed as broken text.
 * A NUL would end a field short without a word.
 */
static int
csv_text(const char *buf, size_t len, char *why, size_t whylen)
{
	size_t i = 0, k;
	int line = 1;

	while (i < len) {
		unsigned char u = (unsigned char)buf[i];

		if (u == 0)
			return fail(why, whylen, "line %d: a NUL byte: the file is "
			    "not text", line);
		if (u < 0x80) {
			line += u == '\n';
			i++;
			continue;
		}
		if ((k = err_utf8_len(buf + i, len - i)) == 0)
			return fail(why, whylen, "line %d: not UTF-8 text (byte "
			    "0x%02x): save the file as UTF-8", line, u);
		i += k;
	}
	return 0;
}

static int
from_csv(const char *buf, size_t len, const struct table *like, int own,
    struct table *t, char *why, size_t whylen)
{
	char *copy;
	cJSON *root = NULL;
	int r;

	/* a byte-order mark, as spreadsheets write one, is no part of the
	 * header */
	if (len >= 3 && memcmp(buf, "\357\273\277", 3) == 0) {
		buf += 3;
		len -= 3;
	}
	if (csv_text(buf, len, why, whylen) < 0) {
		memset(t, 0, sizeof *t);
		return -1;
	}
	copy = err_malloc(len + 1);
	memcpy(copy, buf, len);
	copy[len] = '\0';
	r = csv_to_json(copy, len, like, own, &root, why, whylen);
	free(copy);
	if (r == 0)
		r = table_from_json(root, t, why, whylen);
	else
		memset(t, 0, sizeof *t);
	cJSON_Delete(root);
	return r;
}

int
table_from_csv(const char *buf, size_t len, const struct table *like,
    struct table *t, char *why, size_t whylen)
{
	return from_csv(buf, len, like, 0, t, why, whylen);
}

int
table_from_csv_own(const char *buf, size_t len, const struct table *like,
    struct table *t, char *why, size_t whylen)
{
	return from_csv(buf, len, like, 1, t, why, whylen);
}
