/*
 * test_search.c: lib/search.c's phrase search.  A space in a pattern
 * matches a line break inside a paragraph; a literal phrase is looked for
 * only in the lines its rarest word allows (s->narrow) rather than the
 * whole paragraph around it, and must find exactly what the paragraph
 * window finds: the comparison below runs thousands of phrases both ways.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"
#include "tap.h"

/* The text in a buffer with SEARCH_PAD set bytes after it (see search.h). */
static char *
padded(const char *text, size_t len)
{
	char *buf = calloc(1, len + SEARCH_PAD);

	if (!buf)
		abort();
	memcpy(buf, text, len);
	return buf;
}

/* Every hit as "line-line_end:m_start-m_end;", appended to out. */
static int
hits(struct search *s, const char *text, size_t len, char *out, size_t outlen)
{
	size_t pos = 0, line, end, ms, me, o = 0;
	char why[256];
	int rc, n = 0;

	out[0] = '\0';
	while ((rc = search_next_line(s, text, len, &pos, &line, &end, &ms, &me,
	    why, sizeof why)) > 0 && o + 64 < outlen) {
		o += (size_t)snprintf(out + o, outlen - o, "%zu-%zu:%zu-%zu;", line,
		    end, ms, me);
		n++;
	}
	return rc < 0 ? -1 : n;
}

static int
search_text(const char *pattern, int flags, int narrow, const char *text,
    char *out, size_t outlen)
{
	struct search s;
	char why[256], *buf = padded(text, strlen(text));
	size_t off;
	int n;

	if (search_compile(&s, pattern, flags, why, sizeof why, &off) < 0) {
		free(buf);
		return -2;
	}
	if (!narrow)
		s.narrow = 0;
	n = hits(&s, buf, strlen(text), out, outlen);
	search_free(&s);
	free(buf);
	return n;
}

static void
test_worked(void)
{
	static const char text[] =
	    "== 1 One\n"	/*  0.. 8, break at 8 */
	    "the rules of\n"	/*  9..20, break at 21 */
	    "zone control apply\n"	/* 22..39, break at 40 */
	    "last words\n";	/* 41..50, break at 51 */
	char got[512];
	struct search s;
	char why[256];
	size_t off;

	/* "rules of" starts at 13, "control" ends at 22 + 12 = 34; the hit
	 * is lines 2 and 3: from 9 to the break at 40 */
	is_int(search_text("rules of zone control", 0, 1, text, got, sizeof got),
	    1, "a phrase two spaces before its rarest word is found");
	is_str(got, "9-40:13-34;", "its lines run from the first to the last");
	/* "apply" at 35..40, a break, "last" at 41..45 */
	is_int(search_text("apply last", 0, 1, text, got, sizeof got), 1,
	    "a phrase runs over a line break inside a paragraph");
	is_str(got, "22-51:35-45;", "its lines are both lines it runs over");
	is_int(search_text("words ", 0, 1, text, got, sizeof got), 0,
	    "a space is no match for the text's own last line break");
	ok(search_compile(&s, "rules of zone control", 0, why, sizeof why,
	    &off) == 0 && s.narrow && s.lines_before == 2,
	    "two spaces before the rarest word: two lines before it");
	search_free(&s);
	ok(search_compile(&s, "supply zone", 0, why, sizeof why, &off) == 0 &&
	    s.narrow && s.lines_before == 1, "the rarest byte is z, one space before");
	search_free(&s);
	/* the literal word holds "s": caseless, U+017F would match it */
	ok(search_compile(&s, "across lines", 0, why, sizeof why, &off) == 0 &&
	    !s.narrow, "no narrowing when the literal word holds s or k");
	search_free(&s);
}

/* A small deterministic generator, so that a failure can be repeated. */
static uint32_t seed = 12345;

static uint32_t
next_rand(uint32_t n)
{
	seed = seed * 1103515245u + 12345u;
	return (seed >> 16) % n;
}

static const char *const words[] = {
	"zone", "Zone", "of", "control", "zz", "z", "oz", "a", "zone-of",
	"ZONE", "x:z", "1:1", ":", "\xc5\xbf", "sz", "kz", "\xe2\x84\xaaz",
	"== 1", "T"
};
#define NWORDS (sizeof words / sizeof words[0])

/* A few lines of words, blank lines, headings and odd line ends. */
static void
make_text(char *t, size_t cap)
{
	static const char *const indent[] = { "", "", " ", "  ", "\t" };
	static const char *const ends[] = { "\n", "", "\n\n", "\r\n", " " };
	size_t o = 0;
	uint32_t lines = 1 + next_rand(12), l, w, n;

	for (l = 0; l < lines && o + 128 < cap; l++) {
		uint32_t r = next_rand(10);

		if (l > 0)
			t[o++] = '\n';
		if (r == 0)
			continue;	/* a blank line */
		if (r == 1) {
			o += (size_t)snprintf(t + o, cap - o, "== %u.%u T", l,
			    next_rand(9));
			continue;
		}
		o += (size_t)snprintf(t + o, cap - o, "%s", indent[next_rand(5)]);
		for (w = 0, n = next_rand(7); w < n && o + 32 < cap; w++)
			o += (size_t)snprintf(t + o, cap - o, "%s%s", w ?
			    (next_rand(4) ? " " : "  ") : "",
			    words[next_rand(NWORDS)]);
		if (next_rand(10) == 0)
			t[o++] = '\r';
	}
	snprintf(t + o, cap - o, "%s", ends[next_rand(5)]);
}

/* A phrase of one to four words: from the text itself, mostly. */
static void
make_phrase(const char *text, char *p, size_t cap)
{
	const char *at = text + next_rand((uint32_t)strlen(text) + 1);
	uint32_t n = 1 + next_rand(4), i;
	size_t o = 0;

	p[0] = '\0';
	for (i = 0; i < n && o + 16 < cap; i++) {
		size_t k;

		if (next_rand(3) == 0) {
			o += (size_t)snprintf(p + o, cap - o, "%s%s", i ? " " : "",
			    words[next_rand(NWORDS)]);
			continue;
		}
		at += strspn(at, " \t\r\n");
		k = strcspn(at, " \t\r\n");
		if (k == 0 || k > 12)
			break;
		o += (size_t)snprintf(p + o, cap - o, "%s%.*s", i ? " " : "",
		    (int)k, at);
		at += k;
	}
	if (next_rand(10) == 0 && o + 1 < cap)
		p[o++] = ' ', p[o] = '\0';
}

static void
test_same_as_paragraph(void)
{
	static const int flagsets[] = { 0, SEARCH_WORD, SEARCH_FIXED };
	char text[2048], pattern[128], a[8192], b[8192];
	int runs = 0, narrowed = 0, found = 0, differ = 0, i, f;

	for (i = 0; i < 3000; i++) {
		make_text(text, sizeof text);
		make_phrase(text, pattern, sizeof pattern);
		for (f = 0; f < 3; f++) {
			struct search s;
			char why[256];
			size_t off;
			int na, nb;

			if (search_compile(&s, pattern, flagsets[f], why, sizeof why,
			    &off) < 0)
				continue;
			narrowed += s.narrow;
			search_free(&s);
			na = search_text(pattern, flagsets[f], 1, text, a, sizeof a);
			nb = search_text(pattern, flagsets[f], 0, text, b, sizeof b);
			runs++;
			found += na > 0;
			if (na != nb || strcmp(a, b) != 0) {
				if (differ++ < 3)
					printf("# '%s' (flags %d) in '%s': %s / %s\n",
					    pattern, flagsets[f], text, a, b);
			}
		}
	}
	is_int(differ, 0, "%d phrase searches find the same hits in the lines "
	    "the rarest word allows as in the whole paragraph", runs);
	ok(narrowed > runs / 3, "most of them narrowed (%d)", narrowed);
	ok(found > runs / 3, "most of them found something (%d)", found);
}

int
main(void)
{
	test_worked();
	test_same_as_paragraph();
	return tap_done();
}
