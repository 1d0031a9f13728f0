/*
 * search_import.c: a player's own rulebook text turned into corpus form
 * (see search.h): each line the heading pattern matches opens a section,
 * the rest is its body; the text is checked before anything is written
 * (no NUL byte, valid UTF-8, a heading pattern with the groups it needs).
 */
/* memmem(3) */
#define _GNU_SOURCE

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus.h"
#include "data.h"
#include "err.h"
#include "search.h"
#include "search_impl.h"

const char search_default_heading[] =
    "^(?|Part[ \\t]+(\\d+)[ \\t]*[:.]?[ \\t]*(.{0,200}?)"
    "|(\\d+(?:\\.\\d+)+)\\.?(?:[ \\t]+([^|\\n]{1,200}?))?)[ \\t]*\\r?$";

static uint32_t
capture_count(const pcre2_code *re)
{
	uint32_t n = 0;

	pcre2_pattern_info(re, PCRE2_INFO_CAPTURECOUNT, &n);
	return n;
}

struct growbuf {
	char *p;
	size_t len, cap;
};

static void
grow_add(struct growbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		while (b->len + n + 1 > b->cap)
			b->cap = b->cap ? b->cap * 2 : 65536;
		b->p = err_realloc(b->p, b->cap);
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

/* Body lines that begin "== " would read as headings: indent them. */
static void
copy_body(struct growbuf *b, const char *s, size_t n)
{
	const char *end = s + n, *hit;

	if (n >= 3 && memcmp(s, "== ", 3) == 0)
		grow_add(b, " ", 1);
	while ((hit = memmem(s, (size_t)(end - s), "\n== ", 4)) != NULL) {
		grow_add(b, s, (size_t)(hit - s) + 1);
		grow_add(b, " ", 1);
		s = hit + 1;
	}
	grow_add(b, s, (size_t)(end - s));
}

static int
import_check_bytes(const char *text, size_t len, char *why, size_t whylen)
{
	const char *nul = memchr(text, '\0', len);
	size_t line, col;

	if (!nul)
		return 0;
	data_position(text, (size_t)(nul - text), &line, &col);
	snprintf(why, whylen, "a NUL byte at line %zu, column %zu", line, col);
	return -1;
}

/*
 * Compile a heading pattern and check that it can find headings: it needs
 * a group for the number, and must not match an empty line, or every line
 * without a number would read as a heading.  0, or -1 with why[].
 */
static int
heading_compile(struct search *s, const char *heading, char *why,
    size_t whylen)
{
	PCRE2_SIZE off;
	int code;

	memset(s, 0, sizeof *s);
	s->re = pcre2_compile((PCRE2_SPTR)heading, PCRE2_ZERO_TERMINATED,
	    PCRE2_MULTILINE | PCRE2_UTF | PCRE2_USE_OFFSET_LIMIT, &code, &off, NULL);
	if (!s->re) {
		PCRE2_UCHAR msg[160];

		pcre2_get_error_message(code, msg, sizeof msg);
		snprintf(why, whylen, "bad heading pattern: '%s': %s at offset %zu",
		    heading, (char *)msg, (size_t)off);
		return -1;
	}
	if (search_matcher_init(s) < 0) {
		search_free(s);
		snprintf(why, whylen, "out of memory");
		return -1;
	}
	if (capture_count(s->re) < 1) {
		snprintf(why, whylen, "bad heading pattern: '%s' has no group "
		    "(expected group 1 to capture the section number and group 2, "
		    "if any, the title, as in '^RULE (\\d+) - (.*)$')", heading);
		search_free(s);
		return -1;
	}
	if (search_match_range(s, "", 0, 0, 0) > 0) {
		snprintf(why, whylen, "bad heading pattern: '%s' matches an empty "
		    "line, so lines without a number would be headings (expected "
		    "group 1 to need a character, as '(\\d+)' does and '(\\d*)' "
		    "does not)", heading);
		search_free(s);
		return -1;
	}
	s->error = 0;
	return 0;
}

int
search_heading_check(const char *heading, char *why, size_t whylen)
{
	struct search s;

	if (heading_compile(&s, heading, why, whylen) < 0)
		return -1;
	search_free(&s);
	return 0;
}

/* A heading's number or title on its heading line: a line break in what
 * a pattern captured would end the line early, so it becomes a space. */
static void
add_oneline(struct growbuf *b, const char *s, size_t n)
{
	size_t i, from = 0;

	for (i = 0; i < n; i++) {
		if (s[i] != '\n' && s[i] != '\r')
			continue;
		grow_add(b, s + from, i - from);
		grow_add(b, " ", 1);
		from = i + 1;
	}
	grow_add(b, s + from, n - from);
}

/* Offset of the line after the one holding off, or len. */
static size_t
next_line(const char *text, size_t len, size_t off)
{
	const char *nl = off < len ? memchr(text + off, '\n', len - off) : NULL;

	return nl ? (size_t)(nl - text) + 1 : len;
}

static int
import_failed(struct search *s, int rc, const char *text, struct growbuf *b,
    char *why, size_t whylen)
{
	size_t line, col;

	free(b->p);
	if (rc <= PCRE2_ERROR_UTF8_ERR1 && rc >= PCRE2_ERROR_UTF8_ERR21) {
		data_position(text, pcre2_get_startchar(s->md), &line, &col);
		snprintf(why, whylen, "not UTF-8 at line %zu, column %zu", line, col);
		search_free(s);
		return -1;
	}
	search_match_error(rc, "the heading pattern", why, whylen);
	search_free(s);
	return -2;
}

int
search_import(const char *text, size_t len, const char *heading, char **out,
    size_t *outlen, size_t *nsections, char *why, size_t whylen)
{
	struct growbuf b = { NULL, 0, 0 };
	struct search s;
	size_t pos = 0, copied = 0, unnumbered = 0;
	int rc = PCRE2_ERROR_NOMATCH;

	*nsections = 0;
	if (import_check_bytes(text, len, why, whylen) < 0)
		return -1;
	if (heading_compile(&s, heading, why, whylen) < 0)
		return -2;
	grow_add(&b, "# imported with umpire rules import\n", 36);
	/* the first match checks the whole text is UTF-8; later ones skip it */
	s.check_utf = 1;
	while (pos < len && (rc = search_match_range(&s, text, len, pos, len)) > 0) {
		PCRE2_SIZE *ov = pcre2_get_ovector_pointer(s.md);
		size_t start = pcre2_get_startchar(s.md), line_end = ov[1];

		/* a heading is a line the pattern matches from its start (\K
		 * aside), with a number in group 1 */
		if ((start > 0 && text[start - 1] != '\n') || ov[2] == PCRE2_UNSET ||
		    ov[3] == ov[2]) {
			unnumbered += start == 0 || text[start - 1] == '\n';
			pos = next_line(text, len, start);
			continue;
		}
		copy_body(&b, text + copied, start - copied);
		if (b.len && b.p[b.len - 1] != '\n')
			grow_add(&b, "\n", 1);
		grow_add(&b, "== ", 3);
		add_oneline(&b, text + ov[2], ov[3] - ov[2]);
		if (rc > 2 && ov[4] != PCRE2_UNSET && ov[5] > ov[4]) {
			grow_add(&b, " ", 1);
			add_oneline(&b, text + ov[4], ov[5] - ov[4]);
		}
		grow_add(&b, "\n", 1);
		(*nsections)++;
		if (line_end < start)
			line_end = start;
		copied = pos = next_line(text, len, line_end);
	}
	if (pos < len && rc != PCRE2_ERROR_NOMATCH)
		return import_failed(&s, rc, text, &b, why, whylen);
	search_free(&s);
	if (copied < len)
		copy_body(&b, text + copied, len - copied);
	if (b.len && b.p[b.len - 1] != '\n')
		grow_add(&b, "\n", 1);
	if (*nsections == 0) {
		free(b.p);
		if (unnumbered)
			snprintf(why, whylen, "no numbered section headings found (the "
			    "heading pattern matched %zu lines, with group 1 empty on "
			    "each)", unnumbered);
		else
			snprintf(why, whylen, "no numbered section headings found");
		return -1;
	}
	if (b.len > CORPUS_MAX_BYTES) {
		free(b.p);
		snprintf(why, whylen, "the imported text would be over %zu MB, the "
		    "most a rulebook may hold", CORPUS_MAX_BYTES >> 20);
		return -1;
	}
	*out = b.p;
	*outlen = b.len;
	return 0;
}
