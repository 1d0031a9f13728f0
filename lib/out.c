/*
 * out.c: the text trail and JSON output; see out.h.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "log.h"
#include "out.h"

/* Where the rule column starts; long lines push it one space right. */
#define RULE_COLUMN 66
/* Text wraps before this column (out.h). */
#define LINE_WIDTH OUT_WIDTH

enum line_kind { LINE_TITLE, LINE_STEP, LINE_RESULT, LINE_PLAIN, LINE_RAW };

struct line {
	char *text;
	char *rule;
	size_t len;		/* the text's bytes (LINE_RAW: held, in
				   raw_room(len) bytes) */
	unsigned rlen;		/* the rule's */
	unsigned char kind;	/* enum line_kind */
	unsigned char ascii;	/* the text is printable ASCII: no need to
				   look for escapes (trail_step_ascii) */
};

/*
 * The lines, in blocks chained in order and never moved: a long answer's
 * hundreds of lines (a retreat of 4 hexes prints about 350) are each
 * written once, where an array grown by realloc is copied each time it
 * doubles, onto pages nothing had touched, and each page first touched
 * is a page fault.
 */
#define LINES_A_BLOCK	64

struct line_block {
	struct line_block *next;
	size_t n;
	struct line line[LINES_A_BLOCK];
};

/* The words of the lines but the raw ones, kept in blocks dropped whole
 * with the trail: a long answer's hundreds of lines need no malloc and
 * free each. */
struct words {
	struct words *next;
	size_t used, size;
	char data[];
};

struct trail {
	struct line_block *first, *last;
	struct words *words;
	/* the last rule copied among the words: a run of steps under one
	   rule (a retreat's routes) shares its copy */
	char *last_rule;
	unsigned last_rlen;
};

struct trail *
trail_new(void)
{
	return xcalloc(1, sizeof(struct trail));
}

void
trail_free(struct trail *t)
{
	struct line_block *b;
	struct words *w;
	size_t i;

	if (!t)
		return;
	while ((b = t->first) != NULL) {
		for (i = 0; i < b->n; i++)
			if (b->line[i].kind == LINE_RAW)
				free(b->line[i].text);
		t->first = b->next;
		free(b);
	}
	while ((w = t->words) != NULL) {
		t->words = w->next;
		free(w);
	}
	free(t);
}

/* A new line at the trail's end, its fields to be set. */
static struct line *
line_new(struct trail *t)
{
	struct line_block *b = t->last;

	if (b == NULL || b->n == LINES_A_BLOCK) {
		b = xmalloc(sizeof *b);
		b->next = NULL;
		b->n = 0;
		if (t->last)
			t->last->next = b;
		else
			t->first = b;
		t->last = b;
	}
	return &b->line[b->n++];
}

/* The trail's last line; NULL for none. */
static struct line *
line_last(const struct trail *t)
{
	return t->last ? &t->last->line[t->last->n - 1] : NULL;
}

/* The room a raw line's text has: trail_append gives it 4096 bytes and
 * doubles them as it fills, so the least such that holds len and a NUL. */
static size_t
raw_room(size_t len)
{
	size_t room = 4096;

	while (room < len + 1)
		room *= 2;
	return room;
}

/* Room for n bytes among t's words. */
static char *
words_room(struct trail *t, size_t n)
{
	struct words *w = t->words;
	char *p;

	if (w == NULL || w->used + n > w->size) {
		size_t size = n > 4000 ? n : 4000;

		w = xmalloc(sizeof *w + size);
		w->next = t->words;
		w->used = 0;
		w->size = size;
		t->words = w;
	}
	p = w->data + w->used;
	w->used += n;
	return p;
}

/* s's first n bytes, and a NUL, among t's words. */
static char *
words_copy(struct trail *t, const char *s, size_t n)
{
	char *p = words_room(t, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

/* Format once into a stack buffer, among t's words; only a long line
 * formats twice.  *len: the bytes made. */
static char *
vformat(struct trail *t, const char *fmt, va_list ap, size_t *len)
{
	char buf[256];
	const char *arg;
	va_list copy;
	int n;
	char *s;

	/* most of a long answer's lines are made whole and passed as "%s" */
	if (strcmp(fmt, "%s") == 0) {
		va_copy(copy, ap);
		arg = va_arg(copy, const char *);
		va_end(copy);
		if (arg != NULL)
			return words_copy(t, arg, *len = strlen(arg));
	}
	va_copy(copy, ap);
	n = vsnprintf(buf, sizeof buf, fmt, copy);
	va_end(copy);
	if (n < 0)
		n = 0;
	if ((size_t)n < sizeof buf) {
		/* to the first NUL, as a "%c" of 0 would end the line */
		*len = strlen(buf);
		return words_copy(t, buf, (size_t)n);
	}
	s = words_room(t, (size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	*len = strlen(s);
	return s;
}

static void
trail_add(struct trail *t, enum line_kind kind, const char *rule,
    const char *fmt, va_list ap)
{
	struct line *l = line_new(t);

	l->kind = (unsigned char)kind;
	l->ascii = 0;
	l->text = vformat(t, fmt, ap, &l->len);
	l->rlen = rule ? (unsigned)strlen(rule) : 0;
	if (l->rlen == 0)
		l->rule = NULL;
	else if (l->rlen == t->last_rlen && memcmp(rule, t->last_rule,
	    l->rlen) == 0)
		l->rule = t->last_rule;
	else {
		l->rule = words_copy(t, rule, l->rlen);
		t->last_rule = l->rule;
		t->last_rlen = l->rlen;
	}
}

#define TRAIL_VARIANT(name, kind) \
void \
name(struct trail *t, const char *rule, const char *fmt, ...) \
{ \
	va_list ap; \
 \
	va_start(ap, fmt); \
	trail_add(t, kind, rule, fmt, ap); \
	va_end(ap); \
}

TRAIL_VARIANT(trail_title, LINE_TITLE)
TRAIL_VARIANT(trail_step, LINE_STEP)
TRAIL_VARIANT(trail_result, LINE_RESULT)

void
trail_step_ascii(struct trail *t, const char *text, size_t len)
{
	struct line *l = line_new(t);

	l->kind = LINE_STEP;
	l->ascii = 1;
	l->text = words_copy(t, text, len);
	l->len = len;
	l->rlen = 0;
	l->rule = NULL;
}

void
trail_line(struct trail *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	trail_add(t, LINE_PLAIN, NULL, fmt, ap);
	va_end(ap);
}

size_t
out_wrap_at(const char *s, size_t len, size_t room)
{
	size_t i, brk = 0, cols = 0;
	int quoted = 0;

	for (i = 0; i < len; i++) {
		if (s[i] == '`')
			quoted = !quoted;
		else if (s[i] == ' ' && !quoted) {
			/* a word, or a `command`, wider than the room is
			 * kept whole: break after it */
			if (cols > room && brk == 0)
				return i;
			if (cols > room)
				return brk;
			brk = i;
		}
		cols += ((unsigned char)s[i] & 0xC0) != 0x80;
	}
	return cols > room && brk ? brk : len;
}

void
trail_wrap(struct trail *t, size_t indent, size_t hang, const char *s,
    size_t len)
{
	size_t pad = indent, n;

	while (len > 0 && *s == ' ')
		s++, len--;
	do {
		n = out_wrap_at(s, len, pad < LINE_WIDTH ? LINE_WIDTH - pad : 1);
		trail_line(t, "%*s%.*s", (int)pad, "", (int)n, s);
		s += n;
		len -= n;
		while (len > 0 && *s == ' ')
			s++, len--;
		pad = hang;
	} while (len > 0);
}

void
trail_note(struct trail *t, const char *fmt, ...)
{
	char buf[1024];
	size_t indent;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	indent = strspn(buf, " ");
	/* the continuation lines under the words, inside the "(" */
	trail_wrap(t, indent, indent + (buf[indent] == '(' ? 1 : 2), buf,
	    strlen(buf));
}

/* Where to break text so that a line of it fits in width columns. */
static size_t
break_at(const char *text, size_t len, size_t width)
{
	size_t i, last_space = 0;

	if (len <= width)
		return len;
	for (i = 0; i <= width; i++)
		if (text[i] == ' ')
			last_space = i;
	return last_space ? last_space : len;
}

static void
print_piece(const struct line *l, const char *indent, const char *text,
    size_t len, int color)
{
	const char *on = "";

	if (color && l->kind == LINE_RESULT)
		on = "\033[1m";
	else if (color && l->kind == LINE_TITLE)
		on = "\033[1m";
	/* the text carries names and values from data and the command line:
	 * nothing in it may act on the terminal (a section shown by rules
	 * show is lines of text, so newlines and tabs pass) */
	fputs(indent, stdout);
	fputs(on, stdout);
	err_write_safe(stdout, text, len, "\n\t");
	fputs(*on ? "\033[0m" : "", stdout);
}

/*
 * One line of the trail: the text, wrapped at word boundaries so that the
 * rule keeps its column on the first line; continuation lines are indented
 * two more spaces.
 */
void
trail_append(struct trail *t, const char *s, size_t n)
{
	struct line *l = line_last(t);
	size_t room;

	if (!l || l->kind != LINE_RAW) {
		l = line_new(t);
		memset(l, 0, sizeof *l);
		l->kind = LINE_RAW;
	}
	room = l->text ? raw_room(l->len) : 0;
	if (l->len + n + 1 > room) {
		while (l->len + n + 1 > room)
			room = room ? room * 2 : 4096;
		l->text = xrealloc(l->text, room);
	}
	memcpy(l->text + l->len, s, n);
	l->len += n;
	l->text[l->len] = '\0';
}

/* Append n bytes of s at *w. */
static void
put(char **w, const char *s, size_t n)
{
	memcpy(*w, s, n);
	*w += n;
}

/*
 * The lines print_line_whole makes, gathered and written a buffer at a
 * time: a retreat of 4 hexes prints nearly 300 lines, and a write for
 * each cost more than making it.  print_line and out_print empty it
 * before they write anything else, so the order holds.
 */
static struct {
	char buf[8192];
	size_t n;
} held;

static void
held_flush(void)
{
	if (held.n > 0)
		fwrite(held.buf, 1, held.n, stdout);
	held.n = 0;
}

/* The rule of the last line print_line_whole printed, found safe: a
 * line sharing its copy (trail_add) need not be checked again.  Emptied
 * by out_print before each trail, whose words may lie where another's
 * were. */
static const char *rule_checked;

/*
 * print_line's bytes for a line that takes one line of the screen and
 * has nothing to escape in its text or rule, made among the held ones:
 * most lines of a long answer (a retreat's routes, a reach's hexes) are
 * such.  ilen: the indent's.  0, or -1 for a line print_line must print
 * piece by piece.
 */
static int
print_line_whole(const struct line *l, int color, size_t ilen, size_t len)
{
	static char spaces[RULE_COLUMN];
	const char *on = color && (l->kind == LINE_RESULT || l->kind ==
	    LINE_TITLE) ? "\033[1m" : "";
	size_t rlen = l->rlen, most = ilen + len + rlen + RULE_COLUMN + 32;
	int width = (int)(ilen + len), pad;
	char *w;

	if (len != l->len || most > sizeof held.buf / 2 ||
	    (!l->ascii && err_safe_prefix(l->text, len) != len) ||
	    (l->rule != rule_checked && err_safe_prefix(l->rule ? l->rule : "",
	    rlen) != rlen))
		return -1;
	/* the next line's rule is mostly this one's, shared (trail_add) */
	rule_checked = l->rule;
	if (held.n + most > sizeof held.buf)
		held_flush();
	w = held.buf + held.n;
	put(&w, "  ", ilen);
	put(&w, on, *on ? 4 : 0);
	put(&w, l->text, len);
	if (*on)
		put(&w, "\033[0m", 4);
	if (l->rule) {
		pad = width < RULE_COLUMN ? RULE_COLUMN - width : 1;
		if (spaces[0] != ' ')
			memset(spaces, ' ', sizeof spaces);
		put(&w, spaces, (size_t)pad);
		if (color)
			put(&w, "\033[2m", 4);
		put(&w, l->rule, rlen);
		if (color)
			put(&w, "\033[0m", 4);
	}
	*w++ = '\n';
	held.n = (size_t)(w - held.buf);
	return 0;
}

static void
print_line(const struct line *l, int color)
{
	size_t ilen = l->kind == LINE_STEP || l->kind == LINE_RESULT ? 2 : 0;
	const char *indent = ilen ? "  " : "";
	const char *text = l->text, *end = l->text + l->len;
	size_t room = (size_t)(l->rule ? RULE_COLUMN - 2 : LINE_WIDTH) - ilen;
	size_t len = l->kind == LINE_PLAIN || l->kind == LINE_TITLE ? l->len :
	    break_at(text, l->len, room);
	int width = (int)(ilen + len);

	if (print_line_whole(l, color, ilen, len) == 0)
		return;
	held_flush();
	print_piece(l, indent, text, len, color);
	if (l->rule) {
		int pad = width < RULE_COLUMN ? RULE_COLUMN - width : 1;

		static char spaces[RULE_COLUMN];

		/* not printf: its formatting is most of a line's cost, and
		   a reach prints dozens of lines (pad <= RULE_COLUMN) */
		if (spaces[0] != ' ')
			memset(spaces, ' ', sizeof spaces);
		fwrite(spaces, 1, (size_t)pad, stdout);
		fputs(color ? "\033[2m" : "", stdout);
		err_write_safe(stdout, l->rule, l->rlen, "");
		fputs(color ? "\033[0m" : "", stdout);
	}
	putchar('\n');
	text += len;
	while (text < end) {
		text += strspn(text, " ");
		len = break_at(text, (size_t)(end - text), (size_t)LINE_WIDTH -
		    ilen - 2);
		print_piece(l, indent, "  ", 2, 0);
		print_piece(l, "", text, len, color);
		putchar('\n');
		text += len;
	}
}

static char secret_what[128];
static int log_failed;	/* out_print's -1 was the log's: its status, reported */

void
out_secret(const char *what)
{
	if (what)
		snprintf(secret_what, sizeof secret_what, "%s", what);
	else
		secret_what[0] = '\0';
}

static void
summary_lines(FILE *fp, const struct trail *t, enum line_kind kind, int *n)
{
	const struct line_block *b;
	size_t i;

	for (b = t ? t->first : NULL; b; b = b->next)
		for (i = 0; i < b->n; i++)
			if (b->line[i].kind == kind)
				fprintf(fp, "%s%s", (*n)++ ? "; " : "",
				    b->line[i].text);
}

/* The trail's result lines, or else its title and steps, as one line
 * for the log. */
static char *
trail_summary(const struct trail *t)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *fp = open_memstream(&buf, &size);
	int n = 0;

	if (!fp)
		return NULL;
	summary_lines(fp, t, LINE_RESULT, &n);
	if (n == 0) {	/* no answer line (roll): the title and the steps */
		summary_lines(fp, t, LINE_TITLE, &n);
		summary_lines(fp, t, LINE_STEP, &n);
	}
	if (fclose(fp) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* Append the result to the game log the player asked for. */
static int
log_result(const struct ctx *c, const cJSON *json, const struct trail *t)
{
	char *summary = trail_summary(t);
	int st = log_append(c, json, summary, *secret_what ? secret_what : NULL);

	free(summary);
	return st;
}

int
out_emit(const struct ctx *c, cJSON *json, struct trail *t)
{
	if (out_print(c, json, t) < 0)
		return log_failed ? log_failed : err_sys("cannot write the result");
	return ST_OK;
}

/* Set key to val unless the object has it; val is taken over. */
static void
shape_key(cJSON *json, const char *key, cJSON *val)
{
	if (cJSON_GetObjectItemCaseSensitive(json, key))
		cJSON_Delete(val);
	else
		cJSON_AddItemToObject(json, key, val);
}

/*
 * One JSON shape for every command (umpire(1), JSON): game, procedure,
 * inputs, steps, result (code, text, rule) and table_source, each there
 * whatever the command.  A command fills in what it knows; what it does
 * not say is filled in here: the game asked, the command's name, the
 * words it was given, no steps, a result in the trail's own words, and
 * no table.
 */
void
out_json_shape(const struct ctx *c, cJSON *json, const struct trail *t)
{
	cJSON *res;
	char *summary;

	shape_key(json, "game", c->game ? cJSON_CreateString(c->game) :
	    cJSON_CreateNull());
	shape_key(json, "procedure", cJSON_CreateString(err_command() ?
	    err_command() : "umpire"));
	/* not the command line's words: they would repeat what a hidden
	 * roll hides, and differ with the order the options came in */
	shape_key(json, "inputs", cJSON_CreateObject());
	shape_key(json, "steps", cJSON_CreateArray());
	if (!(res = cJSON_GetObjectItemCaseSensitive(json, "result"))) {
		summary = t ? trail_summary(t) : NULL;
		res = cJSON_CreateObject();
		/* an answer of every outcome (--odds) is no one result */
		cJSON_AddItemToObject(res, "code", cJSON_CreateString(
		    cJSON_GetObjectItemCaseSensitive(json, "outcomes") ? "odds" :
		    "ok"));
		cJSON_AddItemToObject(res, "text", cJSON_CreateString(summary ?
		    summary : ""));
		free(summary);
		cJSON_AddItemToObject(json, "result", res);
	}
	if (cJSON_IsObject(res)) {
		shape_key(res, "code", cJSON_CreateString("ok"));
		shape_key(res, "text", cJSON_CreateString(""));
		shape_key(res, "rule", cJSON_CreateNull());
	}
	shape_key(json, "table_source", cJSON_CreateNull());
}

int
out_print(const struct ctx *c, cJSON *json, struct trail *t)
{
	const struct line_block *b;
	size_t i;
	int failed;

	if (json && cJSON_IsObject(json))
		out_json_shape(c, json, t);

	/* before the result is printed: a result the player cannot have
	 * in the log is not shown unlogged */
	log_failed = 0;
	if (c->log && (log_failed = log_result(c, json, t)) != ST_OK) {
		cJSON_Delete(json);
		trail_free(t);
		errno = EIO;
		return -1;
	}
	if (c->json && json) {
		char *s = cJSON_PrintUnformatted(json);

		if (!s) {
			cJSON_Delete(json);
			trail_free(t);
			errno = ENOMEM;
			return -1;
		}
		json_fputs(s, stdout);
		putchar('\n');
		cJSON_free(s);
	} else if (t) {
		rule_checked = NULL;
		for (b = t->first; b; b = b->next)
			for (i = 0; i < b->n; i++)
				if (b->line[i].kind == LINE_RAW) {
					held_flush();
					fwrite(b->line[i].text, 1,
					    b->line[i].len, stdout);
				} else
					print_line(&b->line[i], c->color);
		held_flush();
	}
	cJSON_Delete(json);
	trail_free(t);
	failed = fflush(stdout) != 0 || ferror(stdout);
	return failed ? -1 : 0;
}
