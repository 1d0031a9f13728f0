/*
 * crt.c: `umpire crt`: settle one battle on a game's combat results table,
 * every modifier shown with its rule, with the player's roll, a roll of
 * umpire's, or the exact chance of every result (--odds); or, with
 * --batch, one battle per line of JSON on standard input.
 *
 * The options and operands become a request, a JSON object with the same
 * fields a batch line has (crt.h), and the game named by -g settles it
 * (game.h): Lion of Ethiopia by 8.x and the rules they call on,
 * Twilight of the Ottomans by 12.x, 15.7, 17-19, 24.2 and 25.  This file
 * knows no rule; it knows the words players type.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "crt.h"
#include "crt_whatif.h"
#include "data.h"
#include "err.h"
#include "games/game.h"
#include "out.h"
#include "options.h"
#include "proc.h"
#include "saved.h"
#include "saved_apply.h"

enum {
	O_ROLL = 1, O_ODDS, O_BATCH, O_TABLE, O_TERRAIN, O_ATTACKER, O_MAP,
	O_ATT_UNITS, O_DEF_UNITS, O_SITUATION, O_APPLY, O_LOSSES, O_WHAT_IF
};

/* The options of every game's crt; a game's own are in its procedure's
 * table (options.h). */
const struct opt crt_opts[] = {
	{ O_ROLL, 0, "roll", "list", "your own die (or dice, comma-separated)",
	  NULL },
	{ O_ODDS, 0, "odds", NULL, "give the chance of every result instead of "
	  "rolling", NULL },
	{ O_BATCH, 0, "batch", NULL, "one battle per JSON line on stdin, one "
	  "result per line", NULL },
	{ O_TABLE, 0, "table", "crt", "the chart to read, where the game has "
	  "more than one", "@words" },
	{ O_TERRAIN, 0, "terrain", "list", "the defender's terrain, hexes "
	  "comma-separated, features joined by +: amba+jungle,mountain",
	  "@words" },
	{ O_ATTACKER, 0, "attacker", "side", "who attacks, where either side "
	  "may", "@sides" },
	{ O_MAP, 0, "map", "name", "the map the battle is on (with --att-units, "
	  "the position's by default)", "@maps" },
	{ O_ATT_UNITS, 0, "att-units", "ids", "the attacking or firing units by "
	  "id, on the saved game or --situation", "@units" },
	{ O_DEF_UNITS, 0, "def-units", "ids", "the defending units by id (top "
	  "first where order counts); their hexes give the terrain", "@units" },
	{ O_SITUATION, 0, "situation", "file", "with --att-units: the position "
	  "(default: the saved game)", "@situations" },
	{ O_APPLY, 0, "apply", NULL, "with --att-units on a saved game "
	  "(--saved): the result happens in the game", NULL },
	{ O_LOSSES, 0, "losses", "ids", "on a saved game: the units that pay "
	  "the loss an applied exchange left owed", "@units" },
	{ O_WHAT_IF, 0, "what-if", NULL, "what would change this battle: the "
	  "least more attack or less defense, each modifier not given, ranked",
	  NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

/* "5:o": the tags the game's crt declares for that side's strengths. */
void
complete_crt(const struct ctx *c, char **ops, int nops, const char *prefix)
{
	const char *colon = strrchr(prefix, ':'), *comma = strrchr(prefix, ',');

	(void)ops;
	if (!colon || (comma && comma > colon) || nops > 1)
		return;
	complete_proc_words(c, "crt", nops == 0 ? "attack" : "defense", prefix,
	    (size_t)(colon - prefix) + 1);
}

struct crt_args {
	cJSON *req;		/* the request the options make */
	const struct opt *opts;	/* crt's and the games' (options.h) */
	int batch, nops, apply, what_if;
	const char *losses;	/* --losses: no battle, the loss paid */
};

static int
set_option(struct crt_args *a, const struct opt *o, const char *arg)
{
	char key[64], name[64];
	cJSON *old;

	opt_field(o, key);
	old = cJSON_GetObjectItemCaseSensitive(a->req, key);
	if (!o->arg) {
		if (!old)
			json_set_bool(a->req, key, 1);
		return ST_OK;
	}
	if (!*arg)
		return err(ST_USAGE, "empty value for %s", opt_display(o, name));
	if (old && !options_repeat(a->opts, o->long_name))
		return err(ST_USAGE, "%s given twice: '%s' and '%s'",
		    opt_display(o, name), old->valuestring, arg);
	if (old) {
		size_t len = strlen(old->valuestring) + strlen(arg) + 2;
		char *joined = err_malloc(len);

		snprintf(joined, len, "%s,%s", old->valuestring, arg);
		cJSON_ReplaceItemInObjectCaseSensitive(a->req, key,
		    cJSON_CreateString(joined));
		free(joined);
		return ST_OK;
	}
	json_set_str(a->req, key, arg);
	return ST_OK;
}

/*
 * A strength like "-3" would read as an option; say what it is instead.
 * The value of an option that takes one is skipped.
 */
static int
negative_operand(const struct opt *opts, int argc, char **argv)
{
	const struct opt *o;
	int i;

	for (i = 0; i < argc; i++) {
		const char *w = argv[i];

		if (strcmp(w, "--") == 0)
			return ST_OK;
		if (w[0] == '-' && w[1] == '-' && !strchr(w, '=') &&
		    (o = opt_find_long(opts, w + 2, strlen(w + 2))) && o->arg)
			i++;
		else if (w[0] == '-' && w[1] >= '0' && w[1] <= '9')
			return err(ST_USAGE, "bad strength: '%s' (expected a whole "
			    "number from 1 to %d)", w, CRT_MAX_CF);
	}
	return ST_OK;
}

static int
by_units(const struct crt_args *a)
{
	return cJSON_GetObjectItemCaseSensitive(a->req, "att_units") ||
	    cJSON_GetObjectItemCaseSensitive(a->req, "def_units");
}

static int
parse_args(struct crt_args *a, int argc, char **argv)
{
	struct opt_parser p;
	int id, st;

	memset(a, 0, sizeof *a);
	a->opts = options_parsed("crt");
	if ((st = negative_operand(a->opts, argc, argv)) != ST_OK)
		return st;
	a->req = json_object();
	opt_init(&p, a->opts, argc, argv);
	while ((id = opt_next(&p)) != OPT_END) {
		if (id == OPT_ERROR)
			return ST_USAGE;
		if (id == O_LOSSES) {
			a->losses = p.arg;
			continue;
		}
		if (id == O_BATCH || id == O_APPLY || id == O_WHAT_IF) {
			*(id == O_BATCH ? &a->batch : id == O_APPLY ? &a->apply :
			    &a->what_if) = 1;
			continue;
		}
		if (id != OPT_OPERAND) {
			if ((st = set_option(a, p.opt, p.arg)) != ST_OK)
				return st;
			continue;
		}
		if (a->nops == 2)
			return err(ST_USAGE, "too many arguments: '%s' (expected the "
			    "attack and defense strengths)", p.arg);
		json_set_str(a->req, a->nops ? "defense" : "attack", p.arg);
		a->nops++;
	}
	if (a->batch && a->nops)
		return err(ST_USAGE, "--batch reads the battles from standard "
		    "input: '%s'", cJSON_GetObjectItemCaseSensitive(a->req,
		    "attack")->valuestring);
	if (a->losses && (a->batch || a->nops || by_units(a)))
		return err(ST_USAGE, "--losses pays the loss of a battle applied "
		    "before; it takes no battle: '%s'", a->losses);
	if (a->losses)
		return ST_OK;
	if (a->what_if && (a->batch || a->apply || by_units(a) ||
	    cJSON_GetObjectItemCaseSensitive(a->req, "roll")))
		return err(ST_USAGE, "--what-if asks of one battle of strengths "
		    "given (attack defense), with no --roll, --batch, --apply or "
		    "units by id: '%s'", "--what-if");
	if (a->apply && (a->batch || !by_units(a) ||
	    cJSON_GetObjectItemCaseSensitive(a->req, "odds")))
		return err(ST_USAGE, "--apply settles one battle of units named by "
		    "id (--att-units, --def-units) with a roll, not --odds or "
		    "--batch");
	/* adwa --name: the saved game's board gives both sides; units by id
	 * their strengths */
	if (!a->batch && a->nops < 2 && !by_units(a) &&
	    !cJSON_GetObjectItemCaseSensitive(a->req, "name"))
		return err(ST_USAGE, "expected the attack and defense strengths, "
		    "as in 8 3 or 5,3:oos 4, or --att-units and --def-units");
	return ST_OK;
}

static const struct game *
crt_game(const char *id, char *why, size_t len)
{
	const struct game *g;

	if (!id) {
		snprintf(why, len, "no game given (use -g, or set UMPIRE_GAME)");
		return NULL;
	}
	if (!(g = game_find(id))) {
		snprintf(why, len, "unknown game: '%.32s' (expected %s)", id,
		    game_id_list());
		return NULL;
	}
	if (!game_proc(g, "crt")) {
		snprintf(why, len, "%s has no crt procedure", g->id);
		return NULL;
	}
	return g;
}

/* "crt: it-inf-a, it-inf-b on eth-irr-a: Db1, the defenders retreat" */
static void
battle_words(const struct out_result *o, char *buf, size_t len)
{
	const cJSON *u = cJSON_GetObjectItemCaseSensitive(o->json, "units");
	const cJSON *r = cJSON_GetObjectItemCaseSensitive(o->json, "result"), *x;
	size_t n = (size_t)snprintf(buf, len, "battle:");
	const char *const sides[] = { "attackers", "defenders" };
	int i, k;

	for (i = 0; i < 2; i++) {
		k = 0;
		cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(u, sides[i]))
			if (n < len)
				n += (size_t)snprintf(buf + n, len - n, "%s%s",
				    k++ ? ", " : " ", x->valuestring);
		if (i == 0 && n < len)
			n += (size_t)snprintf(buf + n, len - n, " on");
	}
	if (n < len)
		snprintf(buf + n, len - n, ": %s, %s", cJSON_GetStringValue(
		    cJSON_GetObjectItemCaseSensitive(r, "code")),
		    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r,
		    "text")));
}

/* One battle from the command line: the trail, or one JSON object; with
 * --apply, the saved game locked first and the result applied. */
static int
one(struct ctx *c, struct crt_args *a)
{
	const struct game *g;
	struct out_result o;
	struct saved sv = { .fd = -1 };
	const cJSON *spec = cJSON_GetObjectItemCaseSensitive(a->req, "situation");
	char why[128], what[512];
	int st;

	if (!(g = crt_game(c->game, why, sizeof why)))
		return err(ST_USAGE, "%s", why);
	if (a->apply && (st = proc_apply_open(c, cJSON_IsString(spec) ?
	    spec->valuestring : c->situation, &sv)) != ST_OK) {
		saved_close(&sv);
		return st;
	}
	out_result_init(&o, 1, 0);
	json_set_str(o.json, "game", g->id);
	json_set_str(o.json, "procedure", "crt");
	if (a->what_if) {
		json_set(o.json, "inputs", json_must(cJSON_Duplicate(a->req, 1)));
		return proc_emit(c, &o, crt_whatif(c, g, a->req, &o));
	}
	st = game_proc(g, "crt")->run(c, a->req, &o);
	if (st == ST_OK && a->apply) {
		battle_words(&o, what, sizeof what);
		/* the attacker's combat phase (loe 4.2) */
		st = proc_apply(c, &o, &sv, what, cJSON_GetStringValue(
		    cJSON_GetObjectItemCaseSensitive(o.json, "attacker")));
	}
	saved_close(&sv);
	return proc_emit(c, &o, st);
}

/* The line's request: its own fields over those the options gave. */
static cJSON *
merge(const cJSON *defaults, cJSON *line)
{
	const cJSON *d;

	cJSON_ArrayForEach(d, defaults)
		if (!cJSON_GetObjectItemCaseSensitive(line, d->string))
			json_set(line, d->string, cJSON_Duplicate(d, 1));
	return line;
}

/* One result per line, through one buffer reused for every line. */
static char *line_buf;

static void
print_line(cJSON *json)
{
	enum { CAP = 1 << 16 };
	char *s;

	if (!line_buf)
		line_buf = err_malloc(CAP);
	/* json_fputs: a value echoed from the line may hold DEL, C1 or
	 * bytes that are not UTF-8, which cJSON passes through */
	if (cJSON_PrintPreallocated(json, line_buf, CAP, 0)) {
		json_fputs(line_buf, stdout);
		putchar('\n');
		return;
	}
	if (!(s = cJSON_PrintUnformatted(json))) {
		err(ST_SYS, "out of memory");
		exit(ST_SYS);
	}
	json_fputs(s, stdout);
	putchar('\n');
	cJSON_free(s);
}

static int
batch_error(long line, const char *game, int st, const char *why)
{
	cJSON *j = json_object();

	json_set_num(j, "line", (double)line);
	if (game)
		json_set_str(j, "game", game);
	json_set_str(j, "error", why[0] ? why : "the data could not be used "
	    "(see standard error)");
	json_set_num(j, "status", st);
	print_line(j);
	cJSON_Delete(j);
	return st;
}

/*
 * A line's JSON error names the line: each line is parsed alone, so the
 * parser's position always says line 1.
 */
static void
parse_error(char *why, size_t len, long n)
{
	char copy[OUT_WHY];
	const char *prefix = "line 1, ";

	if (strncmp(why, prefix, strlen(prefix)) != 0)
		return;
	snprintf(copy, sizeof copy, "%s", why + strlen(prefix));
	snprintf(why, len, "line %ld, %.*s", n, (int)(sizeof copy - 32), copy);
}

/* One line of --batch; returns its status, having printed its object. */
static int
batch_line(struct ctx *c, const cJSON *defaults, char *text, size_t len,
    long n)
{
	const struct game *g;
	const cJSON *gj;
	cJSON *req;
	struct out_result o;
	char why[OUT_WHY];
	const char *id = c->game;
	int st;

	if (data_parse_json(text, len, &req, why, sizeof why) < 0) {
		parse_error(why, sizeof why, n);
		return batch_error(n, NULL, ST_USAGE, why);
	}
	if (!cJSON_IsObject(req)) {
		cJSON_Delete(req);
		return batch_error(n, NULL, ST_USAGE, "a request is one JSON object");
	}
	merge(defaults, req);
	gj = cJSON_GetObjectItemCaseSensitive(req, "game");
	if (gj && !cJSON_IsString(gj)) {
		cJSON_Delete(req);
		return batch_error(n, NULL, ST_USAGE, "game: expected a game id");
	}
	if (gj)
		id = gj->valuestring;
	if (!(g = crt_game(id, why, sizeof why))) {
		cJSON_Delete(req);
		return batch_error(n, NULL, ST_USAGE, why);
	}
	out_result_init(&o, 0, 1);
	json_set_int(o.json, "line", n);
	json_set_str(o.json, "game", g->id);
	json_set_str(o.json, "procedure", "crt");
	if ((st = game_proc(g, "crt")->run(c, req, &o)) == ST_OK) {
		out_result_finish(&o);
		out_json_shape(c, o.json, NULL);
		print_line(o.json);
	} else
		batch_error(n, g->id, st, o.why);
	out_result_free(&o);
	cJSON_Delete(req);
	return st;
}

/*
 * The lines of standard input, read with read(2) rather than getline():
 * getline() grows a line without bound (a giant line, /dev/zero) and
 * reports running out of memory as the end of the input.  A line may hold
 * BATCH_LINE_MAX bytes besides its newline (umpire-crt(1)); a longer one
 * is that line's error and the rest of it is skipped unread.
 */
#define BATCH_LINE_MAX 65536
#define BATCH_READ (1 << 16)

enum { LINE_OK, LINE_LONG, LINE_END, LINE_FAIL };

struct reader {
	char *buf;		/* BATCH_LINE_MAX + 1 + BATCH_READ, and a NUL */
	size_t start, end;	/* the bytes not yet taken: buf[start..end) */
	int eof;
	int nul;		/* a NUL byte was seen in a skipped line */
};

#define READER_SIZE (BATCH_LINE_MAX + 1 + BATCH_READ)

static int
reader_fill(struct reader *r)
{
	ssize_t got;

	if (r->start > 0) {
		memmove(r->buf, r->buf + r->start, r->end - r->start);
		r->end -= r->start;
		r->start = 0;
	}
	do
		got = read(STDIN_FILENO, r->buf + r->end, READER_SIZE - r->end);
	while (got < 0 && errno == EINTR);
	if (got < 0)
		return -1;
	if (got == 0)
		r->eof = 1;
	r->end += (size_t)got;
	return 0;
}

/* Skip the rest of an over-long line, up to and with its newline. */
static int
reader_skip(struct reader *r)
{
	for (;;) {
		char *nl = memchr(r->buf + r->start, '\n', r->end - r->start);

		r->nul |= memchr(r->buf + r->start, '\0', (size_t)((nl ? nl :
		    r->buf + r->end) - (r->buf + r->start))) != NULL;
		if (nl) {
			r->start = (size_t)(nl + 1 - r->buf);
			return LINE_LONG;
		}
		r->start = r->end = 0;
		if (r->eof || r->nul)
			return LINE_LONG;
		if (reader_fill(r) < 0)
			return LINE_FAIL;
	}
}

/* The next line, NUL-terminated and without its newline. */
static int
reader_line(struct reader *r, char **line, size_t *len)
{
	size_t seen = 0;

	for (;;) {
		char *p = r->buf + r->start;
		char *nl = memchr(p + seen, '\n', r->end - r->start - seen);

		if (nl && (size_t)(nl - p) > BATCH_LINE_MAX) {
			r->start = (size_t)(nl + 1 - r->buf);
			return LINE_LONG;
		}
		if (nl) {
			*nl = '\0';
			*line = p;
			*len = (size_t)(nl - p);
			r->start = (size_t)(nl + 1 - r->buf);
			return LINE_OK;
		}
		seen = r->end - r->start;
		if (seen > BATCH_LINE_MAX)
			return reader_skip(r);
		if (r->eof && seen == 0)
			return LINE_END;
		if (r->eof) {
			/* the last line, without a newline */
			p[seen] = '\0';
			*line = p;
			*len = seen;
			r->start = r->end;
			return LINE_OK;
		}
		if (reader_fill(r) < 0)
			return LINE_FAIL;
	}
}

/*
 * --batch: every line is settled and answered, good or bad; the exit
 * status is the worst of the lines' (0 when every line was settled).
 * Input with a NUL byte is not text: that line is answered with an error
 * and reading stops there, so that /dev/zero ends at once.
 */
static int
batch(struct ctx *c, struct crt_args *a)
{
	struct reader r = { NULL, 0, 0, 0, 0 };
	char *line, why[OUT_WHY];
	size_t len;
	long n = 0;
	int worst = ST_OK, st, got;

	/* a result is some 700 bytes: write them out in large blocks, not in
	 * stdio's default 4 KB, which would be a system call every six lines */
	static char obuf[1 << 18];

	setvbuf(stdout, obuf, _IOFBF, sizeof obuf);
	r.buf = err_malloc(READER_SIZE + 1);
	while ((got = reader_line(&r, &line, &len)) == LINE_OK ||
	    got == LINE_LONG) {
		n++;
		if (got == LINE_LONG || memchr(line, '\0', len)) {
			int binary = r.nul || got == LINE_OK;

			snprintf(why, sizeof why, binary ? "line %ld holds a NUL "
			    "byte: the input is not text, and reading stops here" :
			    "line %ld is longer than %d bytes", n, BATCH_LINE_MAX);
			st = batch_error(n, NULL, ST_USAGE, why);
			worst = st > worst ? st : worst;
			if (binary)
				break;
			continue;
		}
		if (strspn(line, " \t\r") == len)
			continue;
		st = batch_line(c, a->req, line, len, n);
		if (st > worst)
			worst = st;
	}
	free(line_buf);
	line_buf = NULL;
	free(r.buf);
	if (fflush(stdout) != 0 || ferror(stdout))
		return err_sys("cannot write the results");
	if (got == LINE_FAIL)
		return err_sys("cannot read line %ld of standard input", n + 1);
	return worst;
}

/*
 * --losses: the units that pay what an applied exchange left owed (loe
 * 8.3.4), off to the saved game's dead pile as one step.
 */
static int
pay_loss(struct ctx *c, struct crt_args *a)
{
	struct saved sv = { .fd = -1 };
	struct out_result o;
	char *ids[CRT_MAX_UNITS], *list = err_strdup(a->losses), *tok, *save;
	char why[OUT_WHY];
	int n = 0, st;

	for (tok = strtok_r(list, ",", &save); tok && n < CRT_MAX_UNITS;
	    tok = strtok_r(NULL, ",", &save))
		ids[n++] = tok;
	if ((st = proc_apply_open(c, c->situation, &sv)) == ST_OK &&
	    (st = saved_loss(&sv, ids, n, c->argc, c->argv, why, sizeof why)) !=
	    ST_OK && why[0])
		err(st, "--losses: %s", why);
	if (st == ST_OK) {
		out_result_init(&o, 1, 0);
		json_set_str(o.json, "procedure", "crt");
		out_title(&o, "loss paid on saved game %s", sv.name);
		out_text(&o, NULL, "%s: to the dead pile, step %d of the log",
		    a->losses, cJSON_GetArraySize(saved_log(&sv)));
		json_set_str(o.json, "losses", a->losses);
		json_set_int(o.json, "step", cJSON_GetArraySize(saved_log(&sv)));
		st = proc_emit(c, &o, ST_OK);
	}
	saved_close(&sv);
	free(list);
	return st;
}

int
cmd_crt(struct ctx *c, int argc, char **argv)
{
	struct crt_args a;
	int st = parse_args(&a, argc, argv);

	if (st == ST_OK && a.losses)
		st = pay_loss(c, &a);
	else if (st == ST_OK)
		st = a.batch ? batch(c, &a) : one(c, &a);
	cJSON_Delete(a.req);
	crt_tables_free();
	return st;
}
