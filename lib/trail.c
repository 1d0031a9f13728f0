/*
 * trail.c: the text trail (trail.h): lines for people, each step with the
 * rule it applies in a column of its own, printed at the end all at once.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "trail.h"

/* Where the rule column starts; long lines push it one space right. */
#define RULE_COLUMN 66
/* Text wraps before this column (trail.h). */
#define LINE_WIDTH OUT_WIDTH

static const char spaces[RULE_COLUMN + 1] =
    "                                                                  ";

enum line_kind { LINE_TITLE, LINE_STEP, LINE_RESULT, LINE_PLAIN, LINE_RAW };

struct line {
	char *text;		/* NUL-terminated; raw lines may hold NULs */
	char *rule;		/* NULL: none */
	size_t len;		/* the text's bytes */
	enum line_kind kind;
};

struct trail {
	struct line *line;
	size_t n, cap;
};

struct trail *
trail_new(void)
{
	return err_calloc(1, sizeof(struct trail));
}

void
trail_free(struct trail *t)
{
	size_t i;

	if (!t)
		return;
	for (i = 0; i < t->n; i++) {
		free(t->line[i].text);
		free(t->line[i].rule);
	}
	free(t->line);
	free(t);
}

/* A new line at the trail's end, every field zero. */
static struct line *
line_new(struct trail *t, enum line_kind kind)
{
	struct line *l;

	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 16;
		t->line = err_realloc(t->line, t->cap * sizeof *t->line);
	}
	l = &t->line[t->n++];
	memset(l, 0, sizeof *l);
	l->kind = kind;
	return l;
}

static char *
copy_n(const char *s, size_t n)
{
	char *p = err_malloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

/* Format once into a stack buffer; only a long line formats twice. */
static void
trail_add(struct trail *t, enum line_kind kind, const char *rule,
    const char *fmt, va_list ap)
{
	struct line *l = line_new(t, kind);
	char buf[256];
	va_list copy;
	int n;

	va_copy(copy, ap);
	n = vsnprintf(buf, sizeof buf, fmt, copy);
	va_end(copy);
	if (n < 0)
		n = 0;
	if ((size_t)n < sizeof buf)
		l->text = copy_n(buf, (size_t)n);
	else {
		l->text = err_malloc((size_t)n + 1);
		vsnprintf(l->text, (size_t)n + 1, fmt, ap);
	}
	/* to the first NUL, as a "%c" of 0 would end the line */
	l->len = strlen(l->text);
	l->rule = rule && *rule ? copy_n(rule, strlen(rule)) : NULL;
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
	struct line *l = line_new(t, LINE_STEP);

	l->text = copy_n(text, len);
	l->len = len;
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
trail_wrap_at(const char *s, size_t len, size_t room)
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
		n = trail_wrap_at(s, len, pad < LINE_WIDTH ? LINE_WIDTH - pad : 1);
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

void
trail_append(struct trail *t, const char *s, size_t n)
{
	struct line *l = t->n ? &t->line[t->n - 1] : NULL;

	if (!l || l->kind != LINE_RAW)
		l = line_new(t, LINE_RAW);
	l->text = err_realloc(l->text, l->len + n + 1);
	memcpy(l->text + l->len, s, n);
	l->len += n;
	l->text[l->len] = '\0';
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
    size_t len, int color, FILE *fp)
{
	const char *on = "";

	if (color && l->kind == LINE_RESULT)
		on = "\033[1m";
	else if (color && l->kind == LINE_TITLE)
		on = "\033[1m";
	/* the text carries names and values from data and the command line:
	 * nothing in it may act on the terminal (a section shown by rules
	 * show is lines of text, so newlines and tabs pass) */
	fputs(indent, fp);
	fputs(on, fp);
	err_write_safe(fp, text, len, "\n\t");
	fputs(*on ? "\033[0m" : "", fp);
}

/*
 * One line of the trail: the text, wrapped at word boundaries so that the
 * rule keeps its column on the first line; continuation lines are indented
 * two more spaces.
 */
static void
print_line(const struct line *l, int color, FILE *fp)
{
	size_t ilen = l->kind == LINE_STEP || l->kind == LINE_RESULT ? 2 : 0;
	const char *indent = ilen ? "  " : "";
	const char *text = l->text, *end = l->text + l->len;
	size_t room = (size_t)(l->rule ? RULE_COLUMN - 2 : LINE_WIDTH) - ilen;
	size_t len = l->kind == LINE_PLAIN || l->kind == LINE_TITLE ? l->len :
	    break_at(text, l->len, room);
	int width = (int)(ilen + len);

	print_piece(l, indent, text, len, color, fp);
	if (l->rule) {
		/* the rule column: width < RULE_COLUMN, or one space */
		fwrite(spaces, 1, (size_t)(width < RULE_COLUMN ? RULE_COLUMN -
		    width : 1), fp);
		fputs(color ? "\033[2m" : "", fp);
		err_write_safe(fp, l->rule, strlen(l->rule), "");
		fputs(color ? "\033[0m" : "", fp);
	}
	putc('\n', fp);
	text += len;
	while (text < end) {
		text += strspn(text, " ");
		len = break_at(text, (size_t)(end - text), (size_t)LINE_WIDTH -
		    ilen - 2);
		print_piece(l, indent, "  ", 2, 0, fp);
		print_piece(l, "", text, len, color, fp);
		putc('\n', fp);
		text += len;
	}
}

void
trail_print(const struct trail *t, int color, FILE *fp)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (t->line[i].kind == LINE_RAW)
			fwrite(t->line[i].text, 1, t->line[i].len, fp);
		else
			print_line(&t->line[i], color, fp);
}

static void
summary_lines(FILE *fp, const struct trail *t, enum line_kind kind, int *n)
{
	size_t i;

	for (i = 0; t && i < t->n; i++)
		if (t->line[i].kind == kind)
			fprintf(fp, "%s%s", (*n)++ ? "; " : "", t->line[i].text);
}

char *
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
