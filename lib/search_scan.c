/*
 * search_scan.c: running a compiled search over a whole mapped text:
 * thousands of start positions a call rather than one call per line; a
 * prefilter that jumps to the lines holding its byte; each hit widened to
 * its line (or, for a phrase that spans a line break, its lines), and the
 * scan resumed on the next line, so that a line counts once however many
 * matches it holds.
 */
/* memrchr(3) */
#define _GNU_SOURCE

#include <string.h>

#include "search.h"
#include "search_impl.h"

/* bytes a two-byte prefilter reads for one byte before the other: well
 * inside the L1 or L2 cache (see next_candidate) */
#define PREFILTER_BLOCK 32768

/*
 * Where byte k of the prefilter next occurs in [pos, lim), or lim.  What
 * memchr found is kept: next[k] is the next occurrence, or, when it equals
 * upto[k], there is none before upto[k].
 */
static size_t
next_byte(struct search *s, int k, const char *text, size_t pos, size_t lim)
{
	const char *hit;
	size_t from = pos;

	if (s->next[k] >= pos && s->next[k] < s->upto[k])
		return s->next[k] < lim ? s->next[k] : lim;
	if (s->next[k] >= pos)
		from = s->upto[k];	/* none in [pos, upto) */
	if (from >= lim)
		return lim;
	hit = memchr(text + from, s->pre[k], lim - from);
	s->upto[k] = lim;
	s->next[k] = hit ? (size_t)(hit - text) : lim;
	return s->next[k];
}

/*
 * Where the next prefilter byte is at or after pos, or len.  The two cases
 * of a letter are looked for PREFILTER_BLOCK bytes at a time, so that the
 * second memchr reads what the first brought into the cache: a book is
 * larger than the cache, and reading it twice from memory costs twice.
 */
static size_t
next_candidate(struct search *s, const char *text, size_t len, size_t pos)
{
	int two = s->pre[1] != s->pre[0];

	while (pos < len) {
		/* fixed blocks: a byte found to be absent up to a block's end
		 * is not looked for again until the scan passes it */
		size_t lim = two && len / PREFILTER_BLOCK > pos / PREFILTER_BLOCK ?
		    (pos / PREFILTER_BLOCK + 1) * PREFILTER_BLOCK : len;
		size_t a = next_byte(s, 0, text, pos, lim);
		size_t b = two ? next_byte(s, 1, text, pos, lim) : a;

		if (a < lim || b < lim)
			return a < b ? a : b;
		pos = lim;
	}
	return len;
}

/* The start of the line holding text[off], not before floor. */
static size_t
lines_start(const char *text, size_t floor, size_t off)
{
	const char *nl = off > floor ? memrchr(text + floor, '\n', off - floor) :
	    NULL;

	return nl ? (size_t)(nl - text) + 1 : floor;
}

/* Does the literal stand at text[at - lit_at]? */
static int
literal_at(const struct search *s, const char *text, size_t len, size_t at)
{
	size_t from = at - s->lit_at, i;

	if (at < s->lit_at || from + s->litlen > len)
		return 0;
	if (!s->lit_caseless)
		return memcmp(text + from, s->lit, s->litlen) == 0;
	for (i = 0; i < s->litlen; i++) {
		unsigned char a = (unsigned char)text[from + i];
		unsigned char b = (unsigned char)s->lit[i];

		if (a != b && (a | 0x20) != (b | 0x20))
			return 0;
		if (a != b && !((a | 0x20) >= 'a' && (a | 0x20) <= 'z'))
			return 0;
	}
	return 1;
}

/* Does a paragraph end at the line starting at off (a blank line, a
 * heading, or the end)? */
static int
paragraph_ends(const char *text, size_t len, size_t off)
{
	return off >= len || text[off] == '\n' || text[off] == '\r' ||
	    (len - off >= 3 && memcmp(text + off, "== ", 3) == 0);
}

/*
 * The first line of the paragraph holding the line at off, going back at
 * most max lines and not before floor.  A heading or blank line is a
 * paragraph of its own.
 */
static size_t
paragraph_start(const char *text, size_t len, size_t floor, size_t off,
    size_t max)
{
	while (max-- > 0 && off > floor && !paragraph_ends(text, len, off) &&
	    !paragraph_ends(text, len, lines_start(text, floor, off - 1)))
		off = lines_start(text, floor, off - 1);
	return off;
}

/*
 * The lines a match holding text[at] may run over, not before floor: the
 * line alone, or when a space in the pattern may match a line break, the
 * paragraph (the lines between blank lines and headings).
 */
static void
match_window(const struct search *s, const char *text, size_t len,
    size_t floor, size_t at, size_t *start, size_t *end)
{
	const char *nl = at > floor ? memrchr(text + floor, '\n', at - floor) : NULL;

	*start = nl ? (size_t)(nl - text) + 1 : floor;
	nl = memchr(text + at, '\n', len - at);
	*end = nl ? (size_t)(nl - text) : len;
	if (!s->spans_lines)
		return;
	*start = paragraph_start(text, len, floor, *start, (size_t)-1);
	while (*end < len && !paragraph_ends(text, len, *end + 1)) {
		nl = memchr(text + *end + 1, '\n', len - *end - 1);
		*end = nl ? (size_t)(nl - text) : len;
	}
}

/*
 * For a literal phrase (s->narrow): the lines where a match using the
 * prefilter byte at text[at] may start, not before floor (see set_reach).
 */
static void
phrase_window(const struct search *s, const char *text, size_t len,
    size_t floor, size_t at, size_t *start, size_t *end)
{
	const char *nl = memchr(text + at, '\n', len - at);

	*start = paragraph_start(text, len, floor, lines_start(text, floor, at),
	    s->lines_before);
	*end = nl ? (size_t)(nl - text) : len;
}

/*
 * A new text.  Offset 0 is taken as a candidate, whatever byte is there
 * (so a match in the first paragraph is looked for from the start of the
 * text, as it always has been).
 */
static void
prefilter_reset(struct search *s, const char *text, size_t len)
{
	s->next[0] = s->next[1] = 0;
	s->upto[0] = s->upto[1] = 1;
	for (s->text_end = len; s->text_end > 0 && text[s->text_end - 1] == '\n';
	    s->text_end--)
		;
}

/*
 * With a prefilter: the next line holding a prefilter byte (and, for a
 * literal, the literal around it), matched by PCRE2 on that line alone,
 * or its paragraph (see match_window), which keeps the answer exactly
 * PCRE2's.  Returns as pcre2_match() does.
 */
static int
match_prefiltered(struct search *s, const char *text, size_t len, size_t *pos)
{
	size_t cur = *pos;
	int rc = PCRE2_ERROR_NOMATCH;

	s->next_text = text;
	while (cur < len) {
		size_t at = next_candidate(s, text, len, cur), start, end;

		if (at >= len)
			break;
		if (s->litlen && !literal_at(s, text, len, at)) {
			cur = at + 1;
			continue;
		}
		if (s->narrow) {
			/* a match may run on past end, as in the paragraph: no
			 * space matches a line break before a paragraph's end,
			 * save the text's own last breaks, left out here */
			phrase_window(s, text, len, *pos, at, &start, &end);
			rc = search_match_range(s, text, s->text_end, start, end);
		} else {
			match_window(s, text, len, *pos, at, &start, &end);
			rc = search_match_range(s, text, end, start, end);
		}
		if (rc != PCRE2_ERROR_NOMATCH)
			return rc;
		cur = *pos = end + 1;
	}
	return rc;
}

int
search_next_line(struct search *s, const char *text, size_t len, size_t *pos,
    size_t *line, size_t *line_end, size_t *m_start, size_t *m_end, char *why,
    size_t whylen)
{
	PCRE2_SIZE *ov;
	const char *nl;
	size_t last;
	int rc;

	if (*pos > len)
		return 0;
	if (*pos == 0)
		s->next_text = NULL;	/* a new text: forget the cached offsets */
	if (s->next_text != text)
		prefilter_reset(s, text, len);
	if (s->pre_on)
		rc = match_prefiltered(s, text, len, pos);
	else
		rc = search_match_range(s, text, len, *pos, len);
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	if (rc < 0) {
		search_match_error(rc, "the pattern", why, whylen);
		return -1;
	}
	ov = pcre2_get_ovector_pointer(s->md);
	*m_start = ov[0];
	*m_end = ov[1];
	/* the lines from the match's first character to its last */
	last = *m_end > *m_start ? *m_end - 1 : *m_start;
	if (last > *m_start && last < len && text[last] == '\n')
		last--;	/* a match ending with its line's break */
	*line = lines_start(text, 0, *m_start);
	nl = memchr(text + last, '\n', len - last);
	*line_end = nl ? (size_t)(nl - text) : len;
	*pos = *line_end + 1;
	return 1;
}
