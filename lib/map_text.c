/*
 * map_text.c: the compact text form of a map, the one a player types while
 * reading a printed map (umpire-data(5), `umpire map import`):
 *
 *	game loe
 *	source teaching
 *	layout even-q
 *	size 0101 5050
 *	default clear
 *	2505 mountain town
 *	2601-2610 jungle
 *	2504/2505 road
 *	place 2505 Adigrat
 *
 * The header lines come first, so every later line can be checked as it is
 * read and the first error is reported at its line and column.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "map_impl.h"

#define MAX_LINE	4096
#define MAX_TOKENS	64

struct tok {
	const char *s;
	int col;
};

struct tctx {
	struct map_draft *d;
	const char *preset_game;
	map_vocab_fn vocab_for;
	void *ud;
	int line;
	int body;		/* a hex line has been read: no more headers */
	int seen_game;		/* the file's own game line */
	char *why;
	size_t whylen;
};

static int
fail(struct tctx *t, int col, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int
fail(struct tctx *t, int col, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	snprintf(t->why, t->whylen, "line %d, column %d: %s", t->line, col, msg);
	return -1;
}

/* Split line (modified in place) into blank-separated words; # starts a comment. */
static int
tokenize(struct tctx *t, char *line, struct tok *toks)
{
	int n = 0;
	char *p = line;

	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\0' || *p == '#')
			return n;
		if (n == MAX_TOKENS)
			return fail(t, (int)(p - line) + 1, "more than %d words "
			    "on a line", MAX_TOKENS);
		toks[n].s = p;
		toks[n].col = (int)(p - line) + 1;
		n++;
		while (*p && *p != ' ' && *p != '\t')
			p++;
		if (*p)
			*p++ = '\0';
	}
}

static int
want_args(struct tctx *t, const struct tok *toks, int n, int want)
{
	if (n - 1 < want)
		return fail(t, toks[0].col, "'%s' needs %d word%s after it",
		    toks[0].s, want, want == 1 ? "" : "s");
	if (n - 1 > want)
		return fail(t, toks[want + 1].col, "unexpected word after '%s': "
		    "'%s'", toks[0].s, toks[want + 1].s);
	return 0;
}

static int
parse_id(struct tctx *t, const struct tok *tk, const char *s, struct hex *h)
{
	if (hex_parse(s, h) < 0)
		return fail(t, tk->col + (int)(s - tk->s), "not a hex id: '%s'", s);
	return 0;
}

static int
word_in(struct tctx *t, const struct tok *tk, enum map_word_kind k)
{
	int i = map_vocab_find(t->d->vocab, k, tk->s);

	if (i < 0) {
		char msg[384];

		map_word_unknown(t->d->vocab, k, tk->s, msg, sizeof msg);
		return fail(t, tk->col, "%s", msg);
	}
	return i;
}

static int
set_game(struct tctx *t, const struct tok *tk)
{
	struct map_draft *d = t->d;
	char msg[256];

	if (t->seen_game)
		return fail(t, tk->col, "a second game line: '%s'", tk->s);
	t->seen_game = 1;
	if (!map_word_ok(tk->s))
		return fail(t, tk->col, "not a game id: '%s'", tk->s);
	if (t->preset_game && strcmp(tk->s, t->preset_game) != 0)
		return fail(t, tk->col, "a %s map, not %s: '%s'", tk->s,
		    t->preset_game, tk->s);
	if (t->preset_game)
		return 0;	/* the vocabulary is loaded already */
	d->game = xstrdup(tk->s);
	msg[0] = '\0';
	if (!(d->vocab = t->vocab_for(t->ud, d->game, msg, sizeof msg)))
		return fail(t, tk->col, "%s", msg[0] ? msg : "unknown game");
	return 0;
}

/* Everything after the first word, blanks between words made single. */
static void
rest_of_line(const struct tok *toks, int n, int from, char *buf, size_t len)
{
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = from; i < n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
		    i > from ? " " : "", toks[i].s);
}

static int
header(struct tctx *t, const struct tok *toks, int n)
{
	struct map_draft *d = t->d;
	const char *kw = toks[0].s;

	if (t->body)
		return fail(t, toks[0].col, "'%s' must come before the first "
		    "hex line", kw);
	if (strcmp(kw, "game") == 0)
		return want_args(t, toks, n, 1) < 0 ? -1 : set_game(t, &toks[1]);
	if (strcmp(kw, "name") == 0) {
		if (want_args(t, toks, n, 1) < 0)
			return -1;
		if (!map_word_ok(toks[1].s))
			return fail(t, toks[1].col, "a map name is a word of "
			    "lowercase letters, digits and hyphens: '%s'", toks[1].s);
		free(d->name);
		d->name = xstrdup(toks[1].s);
		return 0;
	}
	if (strcmp(kw, "source") == 0) {
		if (want_args(t, toks, n, 1) < 0)
			return -1;
		if (!map_source_ok(toks[1].s))
			return fail(t, toks[1].col, "a source is rulebook, teaching, "
			    "user or stand-in: '%s'", toks[1].s);
		free(d->source);
		d->source = xstrdup(toks[1].s);
		return 0;
	}
	if (strcmp(kw, "layout") == 0) {
		if (want_args(t, toks, n, 1) < 0)
			return -1;
		if (hex_layout_parse(toks[1].s, &d->layout) < 0)
			return fail(t, toks[1].col, "not a layout (odd-q or even-q): "
			    "'%s'", toks[1].s);
		d->have_layout = 1;
		return 0;
	}
	if (strcmp(kw, "size") == 0) {
		if (want_args(t, toks, n, 2) < 0 ||
		    parse_id(t, &toks[1], toks[1].s, &d->size0) < 0 ||
		    parse_id(t, &toks[2], toks[2].s, &d->size1) < 0)
			return -1;
		if (d->size0.col > d->size1.col || d->size0.row > d->size1.row)
			return fail(t, toks[2].col, "the last hex lies north or west "
			    "of the first: '%s'", toks[2].s);
		d->have_size = 1;
		return 0;
	}
	/* default */
	if (want_args(t, toks, n, 1) < 0)
		return -1;
	if (!d->vocab)
		return fail(t, toks[0].col, "'default' before the game line");
	if ((d->deflt = word_in(t, &toks[1], MAP_TERRAIN)) < 0)
		return -1;
	return 0;
}

static int
check_op(struct tctx *t, struct map_op *op, int col)
{
	char msg[256];

	op->line = t->line;
	op->col = col;
	if (map_op_check(t->d, op, msg, sizeof msg) < 0)
		return fail(t, col, "%s", msg);
	return 0;
}

static int
place_line(struct tctx *t, const struct tok *toks, int n)
{
	struct map_op *op = map_draft_op(t->d, OP_PLACE);
	char buf[MAX_LINE];

	if (n < 3)
		return fail(t, toks[0].col, "'place' needs a hex and a name");
	if (parse_id(t, &toks[1], toks[1].s, &op->a) < 0)
		return -1;
	rest_of_line(toks, n, 2, buf, sizeof buf);
	if (!map_text_ok(buf, MAP_MAX_PLACE))
		return fail(t, toks[2].col, "a place name is 1 to %d bytes of "
		    "UTF-8 text without control characters", MAP_MAX_PLACE);
	op->place = xstrdup(buf);
	return check_op(t, op, toks[1].col);
}

static int
side_line(struct tctx *t, const struct tok *toks, int n, char *slash)
{
	struct map_op *op = map_draft_op(t->d, OP_SIDE);
	int i, bit;

	*slash = '\0';
	if (parse_id(t, &toks[0], toks[0].s, &op->a) < 0 ||
	    parse_id(t, &toks[0], slash + 1, &op->b) < 0)
		return -1;
	if (n < 2)
		return fail(t, toks[0].col, "a hexside line needs at least one "
		    "feature");
	if (!t->d->have_layout)
		return fail(t, toks[0].col, "a hexside before the layout line");
	for (i = 1; i < n; i++) {
		if ((bit = word_in(t, &toks[i], MAP_HEXSIDE)) < 0)
			return -1;
		op->bits |= 1u << bit;
	}
	return check_op(t, op, toks[0].col);
}

static int
hex_line(struct tctx *t, const struct tok *toks, int n)
{
	struct map_op *op = map_draft_op(t->d, OP_HEX);
	char *dash = strchr(toks[0].s, '-');
	int i = 1, bit;

	if (dash) {
		op->kind = OP_RECT;
		*dash = '\0';
		if (parse_id(t, &toks[0], dash + 1, &op->b) < 0)
			return -1;
	}
	if (parse_id(t, &toks[0], toks[0].s, &op->a) < 0)
		return -1;
	if (n < 2)
		return fail(t, toks[0].col, "a hex line needs a terrain or a "
		    "feature after '%s'", toks[0].s);
	/* The first word is the terrain if it is one; else all are features. */
	op->terrain = (short)map_vocab_find(t->d->vocab, MAP_TERRAIN, toks[1].s);
	if (op->terrain >= 0)
		i = 2;
	for (; i < n; i++) {
		if (i == 1 && map_vocab_find(t->d->vocab, MAP_FEATURE, toks[1].s) < 0) {
			char msg[384];

			map_word_unknown(t->d->vocab, MAP_TERRAIN, toks[1].s, msg,
			    sizeof msg);
			return fail(t, toks[1].col, "%s", msg);
		}
		if ((bit = word_in(t, &toks[i], MAP_FEATURE)) < 0)
			return -1;
		op->bits |= 1u << bit;
	}
	return check_op(t, op, toks[0].col);
}

static int
is_header(const char *kw)
{
	static const char *const kws[] = { "game", "name", "source", "layout",
	    "size", "default", NULL };
	const char *const *k;

	if (kw[0] >= '0' && kw[0] <= '9')
		return 0;	/* a hex line, as most are: no compares */
	for (k = kws; *k; k++)
		if (strcmp(kw, *k) == 0)
			return 1;
	return 0;
}

static int
body_line(struct tctx *t, struct tok *toks, int n)
{
	char *slash;

	if (!t->d->vocab)
		return fail(t, toks[0].col, "no game line before the first hex "
		    "(add one such as 'game loe')");
	t->body = 1;
	if (strcmp(toks[0].s, "place") == 0)
		return place_line(t, toks, n);
	if (toks[0].s[0] < '0' || toks[0].s[0] > '9')
		return fail(t, toks[0].col, "expected a hex id or one of game, "
		    "name, source, note, layout, size, default, place: '%s'", toks[0].s);
	if ((slash = strchr(toks[0].s, '/')))
		return side_line(t, toks, n, slash);
	return hex_line(t, toks, n);
}

/*
 * A note is prose, so its line is not cut into at most MAX_TOKENS words:
 * the words after "note", up to a '#', with the blanks between them made
 * single.  Returns 1 if line is not a note line.
 */
static int
note_line(struct tctx *t, char *line)
{
	char *p = line + strspn(line, " \t"), *q, *w;
	int col;

	if (strncmp(p, "note", 4) != 0 || (p[4] != ' ' && p[4] != '\t' &&
	    p[4] != '\0'))
		return 1;
	col = (int)(p - line) + 1;
	if (t->body)
		return fail(t, col, "'note' must come before the first hex line");
	if ((q = strchr(p, '#')))
		*q = '\0';
	p += 4;
	p += strspn(p, " \t");
	if (*p == '\0')
		return fail(t, col, "'note' needs some words");
	col = (int)(p - line) + 1;
	for (q = w = p; *q; q++) {
		if (*q == ' ' || *q == '\t') {
			if (w > p && w[-1] != ' ')
				*w++ = ' ';
		} else
			*w++ = *q;
	}
	if (w > p && w[-1] == ' ')
		w--;
	*w = '\0';
	if (!map_text_ok(p, MAP_MAX_NOTE))
		return fail(t, col, "a note is UTF-8 text without control "
		    "characters, up to %d bytes", MAP_MAX_NOTE);
	free(t->d->note);
	t->d->note = xstrdup(p);
	return 0;
}

static int
one_line(struct tctx *t, char *line)
{
	struct tok toks[MAX_TOKENS];
	int n;

	if ((n = note_line(t, line)) <= 0)
		return n;
	if ((n = tokenize(t, line, toks)) <= 0)
		return n;

	if (n <= 0)
		return n;
	if (is_header(toks[0].s))
		return header(t, toks, n);
	return body_line(t, toks, n);
}

/* Take a preset game: the file may repeat it but not contradict it. */
static int
preset(struct tctx *t, const char *game)
{
	struct map_draft *d = t->d;

	if (!game)
		return 0;
	d->game = xstrdup(game);
	if (!(d->vocab = t->vocab_for(t->ud, game, t->why, t->whylen)))
		return -1;
	return 0;
}

int
map_parse_text(const char *buf, size_t len, const char *game, const char *name,
    map_vocab_fn vocab_for, void *ud, struct map **out, char *why, size_t whylen)
{
	struct map_draft d;
	struct tctx t = { &d, game, vocab_for, ud, 0, 0, 0, why, whylen };
	char line[MAX_LINE + 1];
	size_t pos = 0;
	int st;

	map_draft_init(&d);
	/* A byte order mark, as some Windows editors write: not text. */
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0) {
		buf += 3;
		len -= 3;
	}
	st = preset(&t, game);
	if (name)
		d.name = xstrdup(name);
	while (st == 0 && pos < len) {
		const char *nl = memchr(buf + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - buf) : len, n = end - pos;
		const char *nul = memchr(buf + pos, '\0', n);

		t.line++;
		if (nul) {
			st = fail(&t, (int)(nul - (buf + pos)) + 1, "a NUL byte");
			break;
		}
		if (n > MAX_LINE) {
			st = fail(&t, MAX_LINE + 1, "line longer than %d bytes", MAX_LINE);
			break;
		}
		memcpy(line, buf + pos, n);
		if (n > 0 && line[n - 1] == '\r')
			n--;
		line[n] = '\0';
		st = one_line(&t, line);
		pos = nl ? end + 1 : len;
	}
	if (st == 0 && !d.game) {
		snprintf(why, whylen, "no game line (add one such as 'game loe')");
		st = -1;
	}
	/* each op was checked as its line was read, the header being whole
	 * by then (it must come before the first hex line) */
	d.checked = 1;
	if (st == 0)
		st = map_draft_build(&d, out, why, whylen);
	map_draft_free(&d);
	return st < 0 ? -1 : 0;
}
