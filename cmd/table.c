/*
 * table.c: `umpire table`: look a die table up (with the player's roll,
 * a roll of umpire's, or the exact odds of every result), list a game's
 * tables, show one, check a table file, and import a player's printed
 * chart over a shipped one.  The tables are data (rules/<game>/NAME.json),
 * each citing the rule it implements; umpire-data(5) gives the format.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "data.h"
#include "dice.h"
#include "err.h"
#include "games/game.h"
#include "out.h"
#include "state.h"
#include "table.h"

enum { O_ODDS = 1, O_ROLL, O_LIST, O_SHOW, O_CHECK, O_IMPORT };
enum mode { LOOKUP, LIST, SHOW, CHECK, IMPORT };

const struct opt table_opts[] = {
	{ O_ROLL, 0, "roll", "list", "use your own dice (a d10's 0 is 10)", NULL },
	{ O_ODDS, 0, "odds", NULL, "give the chance of every result instead of "
	  "rolling", NULL },
	{ O_LIST, 0, "list", NULL, "list a game's tables with source and rule", NULL },
	{ O_SHOW, 0, "show", NULL, "print a whole table", NULL },
	{ O_CHECK, 0, "check", NULL, "validate a table file", NULL },
	{ O_IMPORT, 0, "import", NULL, "install your printed chart (JSON or CSV) "
	  "over a table", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

struct table_request {
	enum mode mode;
	int odds;
	const char *roll;
	char *ops[4];
	int nops;
	const char *game;
	const char *table;
	const char *column;
};

void
complete_table(const struct ctx *c, char **ops, int nops, const char *prefix)
{
	const char *game = c->game;
	int first = 0;

	if (nops > 0 && game_find(ops[0])) {
		game = ops[0];
		first = 1;
	}
	if (nops == 0) {
		complete_games(prefix);
		complete_tables(c, game, prefix);
	} else if (nops == first) {
		complete_tables(c, game, prefix);
	} else if (nops == first + 1 && game) {
		struct table *t;
		size_t i;

		if (!freopen("/dev/null", "w", stderr))
			return;
		if (table_load(c, game, ops[first], &t) != ST_OK)
			return;
		for (i = 0; i < t->ncols; i++)
			complete_word(prefix, t->cols[i].id);
		table_free(t);
	}
}

static int
set_mode(struct table_request *r, enum mode m, const char *name)
{
	if (r->mode != LOOKUP && r->mode != m)
		return err(ST_USAGE, "%s: only one of --list, --show, --check and "
		    "--import at a time", name);
	r->mode = m;
	return ST_OK;
}

static int
parse_args(struct table_request *r, int argc, char **argv)
{
	struct opt_parser p;
	int id;

	memset(r, 0, sizeof *r);
	opt_init(&p, table_opts, argc, argv);
	while ((id = opt_next(&p)) != OPT_END) {
		int st = ST_OK;

		switch (id) {
		case OPT_ERROR:
			return ST_USAGE;
		case OPT_OPERAND:
			if (r->nops == 4)
				return err(ST_USAGE, "too many arguments: '%s'", p.arg);
			r->ops[r->nops++] = (char *)p.arg;
			break;
		case O_ODDS:
			r->odds = 1;
			break;
		case O_ROLL:
			r->roll = p.arg;
			break;
		case O_LIST:
			st = set_mode(r, LIST, "--list");
			break;
		case O_SHOW:
			st = set_mode(r, SHOW, "--show");
			break;
		case O_CHECK:
			st = set_mode(r, CHECK, "--check");
			break;
		case O_IMPORT:
			st = set_mode(r, IMPORT, "--import");
			break;
		}
		if (st != ST_OK)
			return st;
	}
	if (r->odds && r->roll)
		return err(ST_USAGE, "--odds and --roll exclude each other: --odds "
		    "covers every roll");
	if ((r->odds || r->roll) && r->mode != LOOKUP)
		return err(ST_USAGE, "--odds and --roll apply to a lookup only");
	return ST_OK;
}

/*
 * [game] table [column]: a first operand that names a game is the game;
 * otherwise the game comes from -g or $UMPIRE_GAME.
 */
static int
resolve_operands(const struct ctx *c, struct table_request *r, int max_after)
{
	int i = 0;

	if (r->nops > 0 && game_find(r->ops[0]))
		r->game = r->ops[i++];
	else
		r->game = c->game;
	if (r->mode == LIST && r->nops > 0 && i == 0)
		return err(ST_USAGE, "unknown game: '%s' (expected %s)",
		    r->ops[0], game_id_list());
	if (!r->game)
		return err(ST_USAGE, "no game given (name one, use -g, or set "
		    "UMPIRE_GAME)");
	if (r->mode == LIST) {
		if (r->nops > i)
			return err(ST_USAGE, "unexpected argument: '%s' (--list takes "
			    "a game only)", r->ops[i]);
		return ST_OK;
	}
	if (r->nops <= i)
		return err(ST_USAGE, "no table given (umpire table --list %s lists "
		    "them)", r->game);
	r->table = r->ops[i++];
	if (r->nops > i + max_after)
		return err(ST_USAGE, "unexpected argument: '%s'", r->ops[i + max_after]);
	if (r->nops > i)
		r->column = r->ops[i];
	return ST_OK;
}

static const char *
game_title(const char *id)
{
	const struct game *g = game_find(id);

	return g ? g->title : id;
}

/* The column to use: the one named, or the only one there is. */
static int
pick_column(const struct table *t, const char *name, int *col)
{
	char ids[512] = "";
	size_t i;

	if (!name && t->ncols == 1) {
		*col = 0;
		return ST_OK;
	}
	for (i = 0; i < t->ncols; i++) {
		strncat(ids, i ? ", " : "", sizeof ids - strlen(ids) - 1);
		strncat(ids, t->cols[i].id, sizeof ids - strlen(ids) - 1);
	}
	if (!name)
		return err(ST_USAGE, "table '%s' has several columns: name one of %s",
		    t->name, ids);
	if ((*col = table_column_index(t, name)) < 0)
		return err(ST_USAGE, "unknown column: '%s' (expected one of %s)",
		    name, ids);
	return ST_OK;
}

/* Say once where a result came from when it is not the printed chart. */
static void
note_source(struct trail *tr, const struct table *t)
{
	if (strcmp(t->source, "stand-in") == 0)
		trail_note(tr, "  (the %s %s table is a stand-in: `umpire table --import "
		    "%s %s FILE` installs your printed chart)", t->game, t->name,
		    t->game, t->name);
	else if (strcmp(t->source, "user") == 0)
		trail_line(tr, "  (your imported chart: %s)", t->path);
}

static cJSON *
result_json(const struct table_entry *e)
{
	cJSON *res = json_object();

	json_set_str(res, "code", e->code);
	json_set_str(res, "text", e->text);
	return res;
}

static cJSON *
lookup_header(const struct table *t, int col)
{
	cJSON *json = json_object();

	json_set_str(json, "game", t->game);
	json_set_str(json, "procedure", "table");
	json_set_str(json, "table", t->name);
	json_set_str(json, "title", t->title);
	json_set_str(json, "column", t->cols[col].id);
	json_set_str(json, "dice", t->dice_text);
	json_set_str(json, "rule", t->rule);
	json_set_str(json, "table_source", t->source);
	return json;
}

static void
lookup_title(struct trail *tr, const struct table *t, int col)
{
	if (t->ncols > 1)
		trail_title(tr, t->rule, "%s: %s, %s %s", game_title(t->game),
		    t->title, t->column_title, t->cols[col].title);
	else
		trail_title(tr, t->rule, "%s: %s", game_title(t->game), t->title);
}

static int
lookup_roll(struct ctx *c, const struct table *t, int col, const char *roll)
{
	int faces[DICE_MAX_COUNT], total, k;
	const struct table_entry *e;
	cJSON *json, *jf;
	struct trail *tr;
	char why[128], shown[128];

	if (roll) {
		if (dice_parse_roll(&t->dice, roll, faces, why, sizeof why) < 0)
			return err(ST_USAGE, "bad roll: '%s' (expected %s)", roll, why);
		total = dice_total(&t->dice, faces);
	} else {
		total = dice_roll(&t->dice, ctx_rng(c), faces);
	}
	e = table_lookup(t, col, total);
	json = lookup_header(t, col);
	jf = json_array();
	for (k = 0; k < t->dice.count; k++)
		json_push(jf, cJSON_CreateNumber(faces[k]));
	json_set_num(json, "roll", total);
	json_set(json, "dice_faces", jf);
	json_set_str(json, "roll_source", roll ? "player" : c->seeded ? "seed" : "random");
	json_set(json, "result", result_json(e));
	tr = trail_new();
	lookup_title(tr, t, col);
	/* several dice: their faces too, joined as a player writes them
	 * (3+4, the form sotq's 2d6 takes in every command) */
	for (k = 0, *shown = '\0'; t->dice.count > 1 && k < t->dice.count &&
	    strlen(shown) + 12 < sizeof shown; k++)
		snprintf(shown + strlen(shown), sizeof shown - strlen(shown),
		    "%s%d", k ? "+" : "", faces[k]);
	trail_step(tr, NULL, "%s %s%s%d on %s", roll ? "your roll" : "rolled",
	    shown, *shown ? " = " : "", total, t->dice_text);
	trail_result(tr, t->rule, "result: %s  %s", e->code, e->text);
	note_source(tr, t);
	return out_emit(c, json, tr);
}

static int
lookup_odds(const struct ctx *c, const struct table *t, int col)
{
	const struct table_column *tc = &t->cols[col];
	cJSON *json, *outs;
	struct trail *tr;
	struct dice_dist d;
	size_t i;

	/* the table's dice passed dice_parse(), within the limits */
	if (dice_dist_make(&t->dice, 1, &d) < 0)
		return err(ST_DATA, "%s: dice '%s' (expected %s)", t->path,
		    t->dice_text, DICE_LIMITS);
	json = lookup_header(t, col);
	outs = json_array();
	tr = trail_new();
	lookup_title(tr, t, col);
	trail_step(tr, NULL, "%-7s %8s  %s", "roll", "chance", "result");
	for (i = 0; i < tc->n; i++) {
		const struct table_entry *e = &tc->entries[i];
		double p = dice_dist_chance(&d, e->lo, e->hi);
		cJSON *o = result_json(e);

		trail_step(tr, NULL, "%-7s %7.2f%%  %s  %s", e->roll, 100 * p,
		    e->code, e->text);
		json_set_str(o, "roll", e->roll);
		json_set_num(o, "probability", p);
		json_push(outs, o);
	}
	dice_dist_free(&d);
	note_source(tr, t);
	json_set(json, "outcomes", outs);
	return out_emit(c, json, tr);
}

static int
do_lookup(struct ctx *c, struct table_request *r)
{
	struct table *t;
	int col = 0, st;

	if ((st = resolve_operands(c, r, 1)) != ST_OK)
		return st;
	if ((st = table_load(c, r->game, r->table, &t)) != ST_OK)
		return st;
	st = pick_column(t, r->column, &col);
	if (st == ST_OK)
		st = r->odds ? lookup_odds(c, t, col) : lookup_roll(c, t, col, r->roll);
	table_free(t);
	return st;
}

/* Do all columns split the dice the same way?  Then a grid fits. */
static int
same_rows(const struct table *t)
{
	size_t i, j;

	for (i = 1; i < t->ncols; i++) {
		if (t->cols[i].n != t->cols[0].n)
			return 0;
		for (j = 0; j < t->cols[0].n; j++)
			if (t->cols[i].entries[j].lo != t->cols[0].entries[j].lo ||
			    t->cols[i].entries[j].hi != t->cols[0].entries[j].hi)
				return 0;
	}
	return 1;
}

static void
rstrip(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && s[n - 1] == ' ')
		s[--n] = '\0';
}

/* The widest code or column title: the grid's column width. */
static int
grid_width(const struct table *t)
{
	size_t i, j, w = 2;

	for (i = 0; i < t->ncols; i++) {
		if (strlen(t->cols[i].title) > w)
			w = strlen(t->cols[i].title);
		for (j = 0; j < t->cols[i].n; j++)
			if (strlen(t->cols[i].entries[j].code) > w)
				w = strlen(t->cols[i].entries[j].code);
	}
	return w > 20 ? 20 : (int)w;
}

static void
show_grid(struct trail *tr, const struct table *t)
{
	char line[4096];
	size_t i, j, used;
	int width = grid_width(t);

	used = (size_t)snprintf(line, sizeof line, "%-7s", "roll");
	for (i = 0; i < t->ncols && used < sizeof line; i++)
		used += (size_t)snprintf(line + used, sizeof line - used, " %-*s",
		    width, t->cols[i].title);
	/* plain lines: a wide chart must not wrap mid-row */
	rstrip(line);
	trail_line(tr, "  %s", line);
	for (j = 0; j < t->cols[0].n; j++) {
		used = (size_t)snprintf(line, sizeof line, "%-7s",
		    t->cols[0].entries[j].roll);
		for (i = 0; i < t->ncols && used < sizeof line; i++)
			used += (size_t)snprintf(line + used, sizeof line - used,
			    " %-*s", width, t->cols[i].entries[j].code);
		rstrip(line);
		trail_line(tr, "  %s", line);
	}
}

static void
show_columns(struct trail *tr, const struct table *t)
{
	size_t i, j;

	for (i = 0; i < t->ncols; i++) {
		trail_step(tr, NULL, "%s %s:", t->column_title, t->cols[i].title);
		for (j = 0; j < t->cols[i].n; j++)
			trail_step(tr, NULL, "  %-7s %s", t->cols[i].entries[j].roll,
			    t->cols[i].entries[j].code);
	}
}

/* Each code once, with its text, after the grid. */
static void
show_legend(struct trail *tr, const struct table *t)
{
	size_t i, j, pi, pj;

	trail_step(tr, NULL, "%s", "");
	for (i = 0; i < t->ncols; i++)
		for (j = 0; j < t->cols[i].n; j++) {
			const struct table_entry *e = &t->cols[i].entries[j];
			int seen = 0;

			for (pi = 0; pi <= i && !seen; pi++)
				for (pj = 0; pj < (pi == i ? j : t->cols[pi].n); pj++)
					if (strcmp(t->cols[pi].entries[pj].code, e->code) == 0 &&
					    strcmp(t->cols[pi].entries[pj].text, e->text) == 0) {
						seen = 1;
						break;
					}
			if (!seen)
				trail_step(tr, NULL, "%-16s %s", e->code, e->text);
		}
}

static int
do_show(const struct ctx *c, struct table_request *r)
{
	struct table *t;
	struct trail *tr;
	int st;

	if ((st = resolve_operands(c, r, 0)) != ST_OK)
		return st;
	if ((st = table_load(c, r->game, r->table, &t)) != ST_OK)
		return st;
	tr = trail_new();
	trail_title(tr, t->rule, "%s: %s (%s, %s)", game_title(t->game), t->title,
	    t->dice_text, t->source);
	if (same_rows(t))
		show_grid(tr, t);
	else
		show_columns(tr, t);
	show_legend(tr, t);
	if (t->note)
		trail_step(tr, NULL, "note: %s", t->note);
	note_source(tr, t);
	st = out_emit(c, table_to_json(t), tr);
	table_free(t);
	return st;
}

static int
do_list(const struct ctx *c, struct table_request *r)
{
	char rel[PATH_MAX], path[PATH_MAX];
	cJSON *game, *item, *json, *arr;
	struct trail *tr;
	int st;

	if ((st = resolve_operands(c, r, 0)) != ST_OK)
		return st;
	snprintf(rel, sizeof rel, "%s/game.json", r->game);
	st = data_load_json(c, rel, &game, path);
	if (st == ST_NO)
		return err(ST_DATA, "no data for game '%s': %s not found in any data "
		    "directory", r->game, rel);
	if (st != ST_OK)
		return st;
	json = json_object();
	arr = json_array();
	tr = trail_new();
	json_set_str(json, "game", r->game);
	json_set_str(json, "procedure", "table-list");
	trail_title(tr, NULL, "%s: tables", game_title(r->game));
	cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(game, "tables")) {
		struct table *t;
		cJSON *o;

		if (!cJSON_IsString(item))
			continue;
		if ((st = table_load(c, r->game, item->valuestring, &t)) != ST_OK)
			break;
		trail_step(tr, t->rule, "%-20s %-5s %-9s %s", t->name, t->dice_text,
		    t->source, t->title);
		o = json_object();
		json_set_str(o, "table", t->name);
		json_set_str(o, "title", t->title);
		json_set_str(o, "rule", t->rule);
		json_set_str(o, "source", t->source);
		json_set_str(o, "dice", t->dice_text);
		json_set_str(o, "path", t->path);
		json_push(arr, o);
		table_free(t);
	}
	cJSON_Delete(game);
	json_set(json, "tables", arr);
	if (st != ST_OK) {
		cJSON_Delete(json);
		trail_free(tr);
		return st;
	}
	return out_emit(c, json, tr);
}

/*
 * A stand-in whose columns are percentage bands (toto's CRTs, 12.17) had
 * its bands made up: a printed chart keeps its own, if they make a
 * whole scale, from 0 up without a gap or an overlap, the last open; so
 * does a chart imported over an earlier import.
 */
static int
own_bands(const struct table *shipped)
{
	/* "user": an earlier import over the stand-in, found first */
	return (strcmp(shipped->source, "stand-in") == 0 ||
	    strcmp(shipped->source, "user") == 0) &&
	    strcmp(shipped->column_kind, "percent") == 0;
}

/* "100-199" or "300+": its ends, hi -1 for an open band; -1 if neither. */
static int
band(const char *id, long *lo, long *hi)
{
	char *end;

	if (*id < '0' || *id > '9')
		return -1;
	*lo = strtol(id, &end, 10);
	if (strcmp(end, "+") == 0) {
		*hi = -1;
		return 0;
	}
	if (*end != '-' || end[1] < '0' || end[1] > '9')
		return -1;
	*hi = strtol(end + 1, &end, 10);
	return *end || *hi < *lo ? -1 : 0;
}

static int
check_bands(const char *file, const struct table *t)
{
	long lo, hi, next = 0;
	size_t i;

	for (i = 0; i < t->ncols; i++) {
		const char *id = t->cols[i].id;

		if (band(id, &lo, &hi) < 0)
			return err(ST_DATA, "%s: column '%s': expected a "
			    "percentage band like 100-199 or 300+", file, id);
		if (next < 0 || lo < next)
			return err(ST_DATA, "%s: column '%s' overlaps the column "
			    "before it or is out of order (bands run from 0 up)",
			    file, id);
		if (lo > next)
			return err(ST_DATA, "%s: column '%s' leaves a gap: %ld%% "
			    "to %ld%% has no column", file, id, next, lo - 1);
		next = hi < 0 ? -1 : hi + 1;
	}
	if (next >= 0)
		return err(ST_DATA, "%s: the last column '%s' must be open, like "
		    "%ld+, so that every percentage has one", file,
		    t->ncols ? t->cols[t->ncols - 1].id : "", next);
	return ST_OK;
}

/* Parse a table file the player wrote: JSON, or CSV when like is given. */
static int
parse_table_file(const char *path, const struct table *like, struct table *t)
{
	char *buf, why[256];
	size_t len, skip, bom;
	cJSON *root;
	int st, r;

	if ((st = data_read_file(path, &buf, &len)) != ST_OK)
		return st;
	/* past a byte-order mark (a spreadsheet's), in CSV and JSON alike */
	bom = len >= 3 && memcmp(buf, "\357\273\277", 3) == 0 ? 3 : 0;
	skip = bom + strspn(buf + bom, " \t\r\n");
	if (like && buf[skip] != '{' && buf[skip] != '[') {
		r = own_bands(like) ? table_from_csv_own(buf, len, like, t, why,
		    sizeof why) : table_from_csv(buf, len, like, t, why,
		    sizeof why);
	} else if ((r = data_parse_json(buf + bom, len - bom, &root, why,
	    sizeof why)) == 0) {
		r = table_from_json(root, t, why, sizeof why);
		cJSON_Delete(root);
	} else {
		memset(t, 0, sizeof *t);
	}
	free(buf);
	if (r < 0)
		return err(ST_DATA, "%s: %s", path, why);
	return ST_OK;
}

static int
do_check(const struct ctx *c, struct table_request *r)
{
	struct table *t;
	struct trail *tr;
	cJSON *json;
	int st;

	if (r->nops != 1)
		return err(ST_USAGE, "--check takes one file");
	t = err_calloc(1, sizeof *t);
	if ((st = parse_table_file(r->ops[0], NULL, t)) != ST_OK) {
		table_free(t);
		return st;
	}
	tr = trail_new();
	trail_line(tr, "%s: a valid table: %s/%s, %s, %zu column%s (rule %s, %s)",
	    r->ops[0], t->game, t->name, t->dice_text, t->ncols,
	    t->ncols == 1 ? "" : "s", t->rule, t->source);
	json = json_object();
	json_set_str(json, "procedure", "table-check");
	json_set_str(json, "file", r->ops[0]);
	json_set_bool(json, "valid", 1);
	json_set_str(json, "game", t->game);
	json_set_str(json, "table", t->name);
	table_free(t);
	return out_emit(c, json, tr);
}

/* A player's chart keeps the shipped table's identity and axes. */
static int
checked_import(const char *file, const struct table *shipped, struct table *t)
{
	char why[256];
	int st;

	if ((st = parse_table_file(file, shipped, t)) != ST_OK)
		return st;
	if (strcmp(t->game, shipped->game) || strcmp(t->name, shipped->name))
		return err(ST_DATA, "%s: the file is table '%s' of '%s', not '%s' "
		    "of '%s'", file, t->name, t->game, shipped->name, shipped->game);
	if (own_bands(shipped)) {
		/* the file's own columns, the shipped table's dice */
		if (t->dice.count != shipped->dice.count || t->dice.sides !=
		    shipped->dice.sides || t->dice.mod != shipped->dice.mod)
			return err(ST_DATA, "%s: dice '%s' where the table uses "
			    "'%s'", file, t->dice_text, shipped->dice_text);
		if (strcmp(t->column_kind, "percent") != 0)
			return err(ST_DATA, "%s: the columns must be percentage "
			    "bands (column_kind percent), not '%s'", file,
			    t->column_kind);
		if ((st = check_bands(file, t)) != ST_OK)
			return st;
	} else if (table_same_axes(t, shipped, why, sizeof why) < 0)
		return err(ST_DATA, "%s: %s", file, why);
	free(t->source);
	t->source = err_strdup("user");
	return ST_OK;
}

static int
install(const struct table *t, char path[PATH_MAX])
{
	char dir[PATH_MAX];
	cJSON *json;
	char *text;
	int st;

	if (data_user_dir(dir) < 0)
		return err(ST_SYS, "no place for imports: set HOME or XDG_DATA_HOME");
	if (snprintf(path, PATH_MAX, "%s/%s/%s.json", dir, t->game, t->name) >= PATH_MAX)
		return err(ST_SYS, "path too long under '%s'", dir);
	json = table_to_json(t);
	text = cJSON_Print(json);
	cJSON_Delete(json);
	if (!text)
		return err(ST_SYS, "out of memory");
	st = state_write_atomic(path, text, strlen(text));
	cJSON_free(text);
	return st;
}

static int
do_import(const struct ctx *c, struct table_request *r)
{
	struct table *shipped, *t;
	char path[PATH_MAX];
	struct trail *tr;
	cJSON *json;
	int st;

	if (r->nops != 3)
		return err(ST_USAGE, "--import takes a game, a table and a file");
	if (!game_find(r->ops[0]))
		return err(ST_USAGE, "unknown game: '%s' (expected %s)",
		    r->ops[0], game_id_list());
	if ((st = table_load(c, r->ops[0], r->ops[1], &shipped)) != ST_OK)
		return st;
	t = err_calloc(1, sizeof *t);
	st = checked_import(r->ops[2], shipped, t);
	if (st == ST_OK)
		st = install(t, path);
	if (st == ST_OK) {
		tr = trail_new();
		trail_line(tr, "installed your %s %s table from %s", t->game, t->name,
		    r->ops[2]);
		if (own_bands(shipped) && table_same_axes(t, shipped, NULL, 0) <
		    0)
			trail_line(tr, "  with your chart's own %zu columns, %s to "
			    "%s, in place of the stand-in's %zu", t->ncols,
			    t->cols[0].id, t->cols[t->ncols - 1].id, shipped->ncols);
		if (strcmp(path, shipped->path) == 0)
			trail_line(tr, "  %s replaces your earlier import", path);
		else
			trail_line(tr, "  %s now shadows %s", path, shipped->path);
		json = json_object();
		json_set_str(json, "procedure", "table-import");
		json_set_str(json, "game", t->game);
		json_set_str(json, "table", t->name);
		json_set_str(json, "path", path);
		if (strcmp(path, shipped->path) != 0)
			json_set_str(json, "shadows", shipped->path);
		st = out_emit(c, json, tr);
	}
	table_free(t);
	table_free(shipped);
	return st;
}

int
cmd_table(struct ctx *c, int argc, char **argv)
{
	struct table_request r;
	int st = parse_args(&r, argc, argv);

	if (st != ST_OK)
		return st;
	switch (r.mode) {
	case LIST:
		return do_list(c, &r);
	case SHOW:
		return do_show(c, &r);
	case CHECK:
		return do_check(c, &r);
	case IMPORT:
		return do_import(c, &r);
	case LOOKUP:
		break;
	}
	return do_lookup(c, &r);
}
