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
 * read and the first error is reported at its line and column; with a size
 * line, each is written into the map as it is read, no list of them kept.
 *
 * Every map command reads a whole map before it answers, so the words are
 * taken where they lie in the file (a pointer and a length, no copy of the
 * line, no NUL written) and looked up by length.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "map_impl.h"

#define MAX_LINE	4096
#define MAX_TOKENS	64

/* A word of the line: len bytes at s, starting in column col. */
struct tok {
	const char *s;
	int len;
	int col;
};

/* For "%.*s": the word, which has no NUL of its own. */
#define TOK(tk)	(tk)->len, (tk)->s

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
	const char *limit;	/* the end of the file: reads stop there */
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

static int
is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The word as a string, for the few checks that want one (header values,
 * messages): it fits, as a line is at most MAX_LINE bytes. */
static const char *
tok_str(const struct tok *tk, char buf[static MAX_LINE + 1])
{
	memcpy(buf, tk->s, (size_t)tk->len);
	buf[tk->len] = '\0';
	return buf;
}

/* Whether the word starts with a digit: a hex id, as most lines begin. */
static int
is_id(const struct tok *tk)
{
	return tk->s[0] >= '0' && tk->s[0] <= '9';
}

/* Whether the word is kw. */
static int
tok_is(const struct tok *tk, const char *kw)
{
	size_t n = strlen(kw);

	return (size_t)tk->len == n && memcmp(tk->s, kw, n) == 0;
}

/*
 * Bit 7 of each byte of v that is 0, exactly: (b & 0x7f) + 0x7f sets bit
 * 7 of a byte unless its low bits are 0, without carrying into the next.
 * With it the scans below test 8 bytes at a time.
 */
static uint64_t
zero_bytes(uint64_t v)
{
	const uint64_t low7 = 0x7f7f7f7f7f7f7f7fu;

	return ~(((v & low7) + low7) | v | low7);
}

/* The 8 bytes at p as one number: memcpy, as p need not be aligned. */
static uint64_t
load8(const char *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof v);
	return v;
}

/* Which byte, in memory order, is the first one zero_bytes() marks. */
static int
first_marked(uint64_t marks)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return __builtin_clzll(marks) / 8;
#else
	return __builtin_ctzll(marks) / 8;
#endif
}

/*
 * The end of the word at q: the first blank at or after q, or the line's
 * end.  A map is mostly words, so this tests 8 bytes at a time; those
 * reads may run past the line (the newline is no blank) but not past the
 * file, and the answer is kept inside the line.
 */
static inline __attribute__((always_inline)) const char *
word_end(const char *q, const char *end, const char *limit)
{
	const uint64_t ones = 0x0101010101010101u;
	uint64_t v, marks;

	for (; q < end && limit - q >= 8; q += 8) {
		v = load8(q);
		marks = zero_bytes(v ^ (ones * ' ')) | zero_bytes(v ^ (ones * '\t'));
		if (marks) {
			q += first_marked(marks);
			return q < end ? q : end;
		}
	}
	if (q >= end)
		return end;
	while (q < end && !is_blank(*q))
		q++;
	return q;
}

/* The next word at or after *p, before end; 0 at the end or a comment.
 * Inline: it runs for every word of the file. */
static inline __attribute__((always_inline)) int
next_word(const struct tctx *t, const char *line, const char **p,
    const char *end, struct tok *tk)
{
	const char *q = *p;

	while (q < end && is_blank(*q))
		q++;
	if (q == end || *q == '#')
		return 0;
	tk->s = q;
	tk->col = (int)(q - line) + 1;
	q = word_end(q, end, t->limit);
	tk->len = (int)(q - tk->s);
	*p = q;
	return 1;
}

/* The rest of the line, from p, as blank-separated words; # starts a comment. */
static int
tokenize(struct tctx *t, const char *line, const char *p, const char *end,
    struct tok *toks, int n)
{
	struct tok tk;

	while (next_word(t, line, &p, end, &tk)) {
		if (n == MAX_TOKENS)
			return fail(t, tk.col, "more than %d words on a line",
			    MAX_TOKENS);
		toks[n++] = tk;
	}
	return n;
}

static int
want_args(struct tctx *t, const struct tok *toks, int n, int want)
{
	if (n - 1 < want)
		return fail(t, toks[0].col, "'%.*s' needs %d word%s after it",
		    TOK(&toks[0]), want, want == 1 ? "" : "s");
	if (n - 1 > want)
		return fail(t, toks[want + 1].col, "unexpected word after '%.*s': "
		    "'%.*s'", TOK(&toks[0]), TOK(&toks[want + 1]));
	return 0;
}

/* Parse the id in the len bytes at s, which lie inside the word tk. */
static int
parse_id(struct tctx *t, const struct tok *tk, const char *s, int len,
    struct hex *h)
{
	if (hex_parse_len(s, (size_t)len, h) < 0)
		return fail(t, tk->col + (int)(s - tk->s), "not a hex id: '%.*s'",
		    len, s);
	return 0;
}

/* The word's terrain index or bit, or a report naming the kind it is not. */
static int
unknown_word(struct tctx *t, const struct tok *tk, enum map_word_kind k)
{
	char word[MAX_LINE + 1], msg[384];

	map_word_unknown(t->d->vocab, k, tok_str(tk, word), msg, sizeof msg);
	return fail(t, tk->col, "%s", msg);
}

static int
word_in(struct tctx *t, const struct tok *tk, enum map_word_kind k)
{
	int i = map_vocab_find_len(t->d->vocab, k, tk->s, (size_t)tk->len);

	return i < 0 ? unknown_word(t, tk, k) : i;
}

static int
set_game(struct tctx *t, const struct tok *tk)
{
	struct map_draft *d = t->d;
	char msg[256], buf[MAX_LINE + 1];
	const char *game = tok_str(tk, buf);

	if (t->seen_game)
		return fail(t, tk->col, "a second game line: '%s'", game);
	t->seen_game = 1;
	if (!map_word_ok(game))
		return fail(t, tk->col, "not a game id: '%s'", game);
	if (t->preset_game && strcmp(game, t->preset_game) != 0)
		return fail(t, tk->col, "a %s map, not %s: '%s'", game,
		    t->preset_game, game);
	if (t->preset_game)
		return 0;	/* the vocabulary is loaded already */
	d->game = err_strdup(game);
	msg[0] = '\0';
	if (!(d->vocab = t->vocab_for(t->ud, d->game, msg, sizeof msg)))
		return fail(t, tk->col, "%s", msg[0] ? msg : "unknown game");
	return 0;
}

/* name, source and layout: one word after the keyword, checked. */
static int
header_word(struct tctx *t, const struct tok *toks)
{
	struct map_draft *d = t->d;
	char buf[MAX_LINE + 1];
	const char *w = tok_str(&toks[1], buf);

	if (tok_is(&toks[0], "name")) {
		if (!map_word_ok(w))
			return fail(t, toks[1].col, "a map name is a word of "
			    "lowercase letters, digits and hyphens: '%s'", w);
		free(d->name);
		d->name = err_strdup(w);
		return 0;
	}
	if (tok_is(&toks[0], "source")) {
		if (!map_source_ok(w))
			return fail(t, toks[1].col, "a source is rulebook, teaching, "
			    "user or stand-in: '%s'", w);
		free(d->source);
		d->source = err_strdup(w);
		return 0;
	}
	if (hex_layout_parse(w, &d->layout) < 0)
		return fail(t, toks[1].col, "not a layout (odd-q or even-q): "
		    "'%s'", w);
	d->have_layout = 1;
	return 0;
}

static int
header(struct tctx *t, const struct tok *toks, int n)
{
	struct map_draft *d = t->d;

	if (t->body)
		return fail(t, toks[0].col, "'%.*s' must come before the first "
		    "hex line", TOK(&toks[0]));
	if (tok_is(&toks[0], "game"))
		return want_args(t, toks, n, 1) < 0 ? -1 : set_game(t, &toks[1]);
	if (tok_is(&toks[0], "name") || tok_is(&toks[0], "source") ||
	    tok_is(&toks[0], "layout"))
		return want_args(t, toks, n, 1) < 0 ? -1 : header_word(t, toks);
	if (tok_is(&toks[0], "size")) {
		if (want_args(t, toks, n, 2) < 0 ||
		    parse_id(t, &toks[1], toks[1].s, toks[1].len, &d->size0) < 0 ||
		    parse_id(t, &toks[2], toks[2].s, toks[2].len, &d->size1) < 0)
			return -1;
		if (d->size0.col > d->size1.col || d->size0.row > d->size1.row)
			return fail(t, toks[2].col, "the last hex lies north or west "
			    "of the first: '%.*s'", TOK(&toks[2]));
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

/* Check the op and hand it to the draft, which then owns its place name. */
static int
check_op(struct tctx *t, struct map_op *op, int col)
{
	char msg[256];

	op->line = t->line;
	op->col = col;
	if (map_op_check(t->d, op, msg, sizeof msg) < 0) {
		free(op->place);
		return fail(t, col, "%s", msg);
	}
	map_draft_add(t->d, op);
	return 0;
}

/* The words from toks[from] on with single blanks between them (malloc'd). */
static char *
join_words(const struct tok *toks, int n, int from)
{
	const struct tok *last = &toks[n - 1];
	char *s = err_malloc((size_t)(last->s + last->len - toks[from].s) + 1);
	char *w = s;
	int i;

	for (i = from; i < n; i++) {
		if (i > from)
			*w++ = ' ';
		memcpy(w, toks[i].s, (size_t)toks[i].len);
		w += toks[i].len;
	}
	*w = '\0';
	return s;
}

static int
place_line(struct tctx *t, const struct tok *toks, int n)
{
	struct map_op op;

	map_op_init(&op, OP_PLACE);
	if (n < 3)
		return fail(t, toks[0].col, "'place' needs a hex and a name");
	if (parse_id(t, &toks[1], toks[1].s, toks[1].len, &op.a) < 0)
		return -1;
	op.place = join_words(toks, n, 2);
	if (!map_text_ok(op.place, MAP_MAX_PLACE)) {
		free(op.place);
		return fail(t, toks[2].col, "a place name is 1 to %d bytes of "
		    "UTF-8 text without control characters", MAP_MAX_PLACE);
	}
	return check_op(t, &op, toks[1].col);
}

/* "HEX/HEX word...": the hexside between the two ids gets the words. */
static int
side_line(struct tctx *t, const struct tok *toks, int n, const char *slash)
{
	struct map_op sop, *op = &sop;
	const struct tok *id = &toks[0];
	int i, bit, alen = (int)(slash - id->s);

	map_op_init(op, OP_SIDE);
	if (parse_id(t, id, id->s, alen, &op->a) < 0 ||
	    parse_id(t, id, slash + 1, id->len - alen - 1, &op->b) < 0)
		return -1;
	if (n < 2)
		return fail(t, id->col, "a hexside line needs at least one "
		    "feature");
	if (!t->d->have_layout)
		return fail(t, id->col, "a hexside before the layout line");
	for (i = 1; i < n; i++) {
		if ((bit = word_in(t, &toks[i], MAP_HEXSIDE)) < 0)
			return -1;
		op->bits |= 1u << bit;
	}
	return check_op(t, op, id->col);
}

/* "HEX word..." or "HEX-HEX word...": a hex or a rectangle of them. */
static int
hex_line(struct tctx *t, const struct tok *toks, int n)
{
	struct map_op hop, *op = &hop;
	const struct tok *id = &toks[0];
	const char *dash = memchr(id->s, '-', (size_t)id->len);
	int i = 1, bit, alen = dash ? (int)(dash - id->s) : id->len;

	map_op_init(op, OP_HEX);
	if (dash) {
		op->kind = OP_RECT;
		if (parse_id(t, id, dash + 1, id->len - alen - 1, &op->b) < 0)
			return -1;
	}
	if (parse_id(t, id, id->s, alen, &op->a) < 0)
		return -1;
	if (n < 2)	/* names the first corner only, as it always has */
		return fail(t, id->col, "a hex line needs a terrain or a "
		    "feature after '%.*s'", alen, id->s);
	/* The first word is the terrain if it is one; else all are features,
	 * and a first word that is neither is reported as a terrain. */
	op->terrain = (short)map_vocab_find_len(t->d->vocab, MAP_TERRAIN,
	    toks[1].s, (size_t)toks[1].len);
	if (op->terrain >= 0)
		i = 2;
	for (; i < n; i++) {
		bit = map_vocab_find_len(t->d->vocab, MAP_FEATURE, toks[i].s,
		    (size_t)toks[i].len);
		if (bit < 0)
			return unknown_word(t, &toks[i], i == 1 ? MAP_TERRAIN :
			    MAP_FEATURE);
		op->bits |= 1u << bit;
	}
	return check_op(t, op, id->col);
}

static int
is_header(const struct tok *kw)
{
	static const char *const kws[] = { "game", "name", "source", "layout",
	    "size", "default", NULL };
	const char *const *k;

	if (is_id(kw))
		return 0;	/* a hex line, as most are: no compares */
	for (k = kws; *k; k++)
		if (tok_is(kw, *k))
			return 1;
	return 0;
}

static int
body_line(struct tctx *t, const struct tok *toks, int n)
{
	const char *slash;

	if (!t->d->vocab)
		return fail(t, toks[0].col, "no game line before the first hex "
		    "(add one such as 'game loe')");
	if (!t->body) {
		t->body = 1;
		map_draft_begin(t->d);	/* the header is whole */
	}
	if (!is_id(&toks[0]) && tok_is(&toks[0], "place"))
		return place_line(t, toks, n);
	if (!is_id(&toks[0]))
		return fail(t, toks[0].col, "expected a hex id or one of game, "
		    "name, source, note, layout, size, default, place: '%.*s'",
		    TOK(&toks[0]));
	if ((slash = memchr(toks[0].s, '/', (size_t)toks[0].len)))
		return side_line(t, toks, n, slash);
	return hex_line(t, toks, n);
}

/*
 * 1 if the 8 bytes at p are printable ASCII (0x20 to 0x7e) and hold no
 * two blanks in a row, nor a blank first when prev_blank: such a run goes
 * into a note as it is.  A note is the one long line of a map, so it is
 * checked 8 bytes at a time, each test below done on all 8 at once.
 */
static int
plain_run(const char *p, int prev_blank)
{
	const uint64_t ones = 0x0101010101010101u, highs = ones * 0x80;
	uint64_t v, blank;

	if (prev_blank && p[0] == ' ')
		return 0;
	v = load8(p);
	/* bit 7 set: >= 0x80; v + 1 setting it: 0x7f (no carry out of a
	 * byte below 0x80); a borrow setting it where v's is clear: < 0x20 */
	if ((v | (v + ones) | ((v - ones * 0x20) & ~v)) & highs)
		return 0;
	blank = zero_bytes(v ^ (ones * ' '));
	return !(blank & (blank >> 8));
}

/*
 * The words from p to end with single blanks between them, into out
 * (room for end - p bytes and a NUL): the note as it is kept.  Returns its
 * length; *plain says whether it is all printable ASCII, which needs no
 * further check.
 */
static size_t
squeeze_blanks(const char *p, const char *end, char *out, int *plain)
{
	char *w = out;

	*plain = 1;
	while (p < end) {
		if (end - p >= 8 && plain_run(p, w > out && w[-1] == ' ')) {
			memcpy(w, p, 8);
			w += 8;
			p += 8;
		} else if (is_blank(*p)) {
			if (w > out && w[-1] != ' ')
				*w++ = ' ';
			p++;
		} else {
			if (*p < 0x20 || *p > 0x7e)	/* char may be signed */
				*plain = 0;
			*w++ = *p++;
		}
	}
	if (w > out && w[-1] == ' ')
		w--;
	*w = '\0';
	return (size_t)(w - out);
}

/*
 * A note is prose, so its line is not cut into at most MAX_TOKENS words:
 * the words after "note", up to a '#', with the blanks between them made
 * single.
 */
static int
note_line(struct tctx *t, const char *line, const struct tok *kw,
    const char *end)
{
	const char *p = kw->s + kw->len, *hash;
	char *note;
	size_t len;
	int plain;

	if (t->body)
		return fail(t, kw->col, "'note' must come before the first hex line");
	if ((hash = memchr(p, '#', (size_t)(end - p))))
		end = hash;
	while (p < end && is_blank(*p))
		p++;
	if (p == end)
		return fail(t, kw->col, "'note' needs some words");
	note = err_malloc((size_t)(end - p) + 1);
	len = squeeze_blanks(p, end, note, &plain);
	if (plain ? len > MAP_MAX_NOTE : !map_text_ok(note, MAP_MAX_NOTE)) {
		free(note);
		return fail(t, (int)(p - line) + 1, "a note is "
		    "UTF-8 text without control characters, up to %d bytes",
		    MAP_MAX_NOTE);
	}
	free(t->d->note);
	t->d->note = note;
	return 0;
}

/* One line of n bytes, without its newline; no NUL is in it. */
static int
one_line(struct tctx *t, const char *line, size_t n)
{
	struct tok toks[MAX_TOKENS];
	const char *p = line, *end = line + n;
	int ntoks;

	if (!next_word(t, line, &p, end, &toks[0]))
		return 0;	/* blank, or a comment */
	if (!is_id(&toks[0]) && tok_is(&toks[0], "note"))
		return note_line(t, line, &toks[0], end);
	if ((ntoks = tokenize(t, line, p, end, toks, 1)) < 0)
		return -1;
	if (is_header(&toks[0]))
		return header(t, toks, ntoks);
	return body_line(t, toks, ntoks);
}

/* Take a preset game: the file may repeat it but not contradict it. */
static int
preset(struct tctx *t, const char *game)
{
	struct map_draft *d = t->d;

	if (!game)
		return 0;
	d->game = err_strdup(game);
	if (!(d->vocab = t->vocab_for(t->ud, game, t->why, t->whylen)))
		return -1;
	return 0;
}

int
map_parse_text(const char *buf, size_t len, const char *game, const char *name,
    map_vocab_fn vocab_for, void *ud, struct map **out, char *why, size_t whylen)
{
	struct map_draft d;
	struct tctx t = { &d, game, vocab_for, ud, 0, 0, 0, why, whylen, NULL };
	const char *nul;
	size_t pos = 0;
	int st;

	map_draft_init(&d);
	/* A byte order mark, as some Windows editors write: not text. */
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0) {
		buf += 3;
		len -= 3;
	}
	t.limit = buf + len;
	/* The first NUL is in the first line that has one: look once. */
	nul = memchr(buf, '\0', len);
	st = preset(&t, game);
	if (name)
		d.name = err_strdup(name);
	while (st == 0 && pos < len) {
		const char *nl = memchr(buf + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - buf) : len, n = end - pos;

		t.line++;
		if (nul && (size_t)(nul - buf) < end) {
			st = fail(&t, (int)(nul - (buf + pos)) + 1, "a NUL byte");
			break;
		}
		if (n > MAX_LINE) {
			st = fail(&t, MAX_LINE + 1, "line longer than %d bytes", MAX_LINE);
			break;
		}
		if (n > 0 && buf[pos + n - 1] == '\r')
			n--;
		st = one_line(&t, buf + pos, n);
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
