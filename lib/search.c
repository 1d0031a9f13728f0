/*
 * search.c: PCRE2 search of a rules corpus, and the import of a player's
 * rulebook; see search.h.
 *
 * Searching runs one PCRE2 match over the whole mapped text (multi-line
 * mode, JIT-compiled), not one match per line: a line-by-line loop pays
 * the call overhead a million times on a large book, while a single scan
 * lets the JIT's own start-of-match optimisations skip ahead.  Each hit is
 * widened to its line, and the scan resumes on the next line, so a line
 * counts once however many matches it holds.
 */
/* memmem(3) */
#define _GNU_SOURCE

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "err.h"
#include "search.h"

/* Ten million steps: milliseconds for any sane pattern, and a stop for
 * the catastrophic ones before a player wonders whether umpire hung. */
#define MATCH_LIMIT 10000000
#define DEPTH_LIMIT 100000

const char search_default_heading[] =
    "^(?|Part[ \\t]+(\\d+)[ \\t]*[:.]?[ \\t]*(.{0,200}?)"
    "|(\\d+(?:\\.\\d+)+)\\.?(?:[ \\t]+([^|\\n]{1,200}?))?)[ \\t]*\\r?$";

/* Is there an upper-case letter that is not part of an escape (\D, \W)? */
static int
has_upper(const char *p)
{
	for (; *p; p++) {
		if (*p == '\\' && p[1]) {
			p++;
			continue;
		}
		if (*p >= 'A' && *p <= 'Z')
			return 1;
	}
	return 0;
}

/* The pattern as PCRE2 should see it: -F quotes it, -w fences it. */
static char *
build_pattern(const char *pattern, int flags)
{
	size_t len = strlen(pattern), o = 0, i;
	char *out = xmalloc(len * 6 + 32);

	if (flags & SEARCH_WORD)
		o += (size_t)sprintf(out + o, "\\b(?:");
	if (flags & SEARCH_FIXED) {
		o += (size_t)sprintf(out + o, "\\Q");
		for (i = 0; i < len; i++) {
			/* "\E" inside a quote would end it: close, add it, reopen */
			if (pattern[i] == '\\' && pattern[i + 1] == 'E') {
				o += (size_t)sprintf(out + o, "\\E\\\\E\\Q");
				i++;
			} else {
				out[o++] = pattern[i];
			}
		}
		o += (size_t)sprintf(out + o, "\\E");
	} else {
		memcpy(out + o, pattern, len);
		o += len;
	}
	if (flags & SEARCH_WORD)
		o += (size_t)sprintf(out + o, ")\\b");
	out[o] = '\0';
	return out;
}

/* How rare a byte is in English prose: higher is rarer. */
static int
rarity(unsigned char ch)
{
	static const char by_frequency[] = "etaoinshrdlcumwfgypbvkjxqz";
	const char *at;

	if (ch >= 'A' && ch <= 'Z')
		ch = (unsigned char)(ch - 'A' + 'a');
	if (ch == ' ')
		return 0;
	if (ch >= '0' && ch <= '9')
		return 12;
	if (ch >= 'a' && ch <= 'z' && (at = strchr(by_frequency, ch)))
		return 1 + (int)(at - by_frequency);
	return 40;	/* punctuation and bytes of other scripts */
}

static int
is_meta(char ch)
{
	return strchr("\\^$.|?*+()[]{}", ch) != NULL;
}

static void
set_prefilter(struct search *s, unsigned char ch, int caseless)
{
	s->pre_on = 1;
	s->pre[0] = s->pre[1] = ch;
	if (caseless && ch >= 'a' && ch <= 'z')
		s->pre[1] = (unsigned char)(ch - 'a' + 'A');
	else if (caseless && ch >= 'A' && ch <= 'Z')
		s->pre[1] = (unsigned char)(ch - 'A' + 'a');
}

/*
 * Choose a byte every matching line must hold: the rarest byte of a
 * literal pattern, or else the code unit PCRE2 says every match ends
 * with, when it is not a letter (a common letter would gain nothing
 * over PCRE2's own start-of-match search).
 */
static void
choose_prefilter(struct search *s, const char *pattern, int flags, int caseless)
{
	const char *p;
	uint32_t type = 0, unit = 0;
	int literal = 1, best = -1;
	unsigned char pick = 0;

	for (p = pattern; *p && !(flags & SEARCH_FIXED); p++)
		if (is_meta(*p))
			literal = 0;
	for (p = pattern; literal && *p; p++) {
		if ((unsigned char)*p >= 0x80)
			literal = 0;	/* caseless UTF-8 is PCRE2's business */
		else if (rarity((unsigned char)*p) > best) {
			best = rarity((unsigned char)*p);
			pick = (unsigned char)*p;
			s->lit_at = (size_t)(p - pattern);
		}
	}
	if (literal && best > 0 && strlen(pattern) < sizeof s->lit) {
		s->litlen = strlen(pattern);
		memcpy(s->lit, pattern, s->litlen);
		s->lit_caseless = caseless;
		set_prefilter(s, pick, caseless);
		return;
	}
	s->litlen = 0;
	pcre2_pattern_info(s->re, PCRE2_INFO_LASTCODETYPE, &type);
	if (type == 1) {
		pcre2_pattern_info(s->re, PCRE2_INFO_LASTCODEUNIT, &unit);
		if (unit < 0x80 && unit != '\n' && rarity((unsigned char)unit) >= 12 &&
		    !((unit | 0x20) >= 'a' && (unit | 0x20) <= 'z'))
			set_prefilter(s, (unsigned char)unit, 0);
	}
}

int
search_compile(struct search *s, const char *pattern, int flags, char *why,
    size_t whylen, size_t *erroff)
{
	uint32_t options = PCRE2_MULTILINE | PCRE2_UTF | PCRE2_MATCH_INVALID_UTF;
	char *full = build_pattern(pattern, flags);
	size_t prefix = (flags & SEARCH_WORD) ? 5 : 0;
	PCRE2_SIZE off;
	int code;

	memset(s, 0, sizeof *s);
	if (!has_upper(pattern))
		options |= PCRE2_CASELESS;
	s->re = pcre2_compile((PCRE2_SPTR)full, PCRE2_ZERO_TERMINATED, options,
	    &code, &off, NULL);
	free(full);
	if (!s->re) {
		pcre2_get_error_message(code, (PCRE2_UCHAR *)why, whylen);
		*erroff = off >= prefix ? off - prefix : 0;
		if (*erroff > strlen(pattern))
			*erroff = strlen(pattern);
		return -1;
	}
	/* JIT where the platform has it; the interpreter is the fallback */
	s->jit = pcre2_jit_compile(s->re, PCRE2_JIT_COMPLETE) == 0;
	s->md = pcre2_match_data_create_from_pattern(s->re, NULL);
	s->mc = pcre2_match_context_create(NULL);
	if (!s->md || !s->mc) {
		search_free(s);
		snprintf(why, whylen, "out of memory");
		*erroff = 0;
		return -1;
	}
	pcre2_set_match_limit(s->mc, MATCH_LIMIT);
	pcre2_set_depth_limit(s->mc, DEPTH_LIMIT);
	choose_prefilter(s, pattern, flags, (options & PCRE2_CASELESS) != 0);
	return 0;
}

int
search_in_line(struct search *s, const char *text, size_t from,
    size_t line_end, size_t *m_start, size_t *m_end)
{
	PCRE2_SIZE *ov;

	if (from > line_end || pcre2_match(s->re, (PCRE2_SPTR)text, line_end,
	    from, PCRE2_NO_UTF_CHECK, s->md, s->mc) < 0)
		return 0;
	ov = pcre2_get_ovector_pointer(s->md);
	*m_start = ov[0];
	*m_end = ov[1];
	return 1;
}

void
search_free(struct search *s)
{
	pcre2_match_data_free(s->md);
	pcre2_match_context_free(s->mc);
	pcre2_code_free(s->re);
	memset(s, 0, sizeof *s);
}

/*
 * One match attempt.  The JIT fast path skips argument checks that cannot
 * fail here; text that is not UTF-8 is still safe, because the pattern was
 * compiled with PCRE2_MATCH_INVALID_UTF.
 */
static int
run_match(struct search *s, const char *text, size_t len, size_t from)
{
	if (s->jit)
		return pcre2_jit_match(s->re, (PCRE2_SPTR)text, len, from, 0, s->md,
		    s->mc);
	return pcre2_match(s->re, (PCRE2_SPTR)text, len, from, 0, s->md, s->mc);
}

/* Where byte k of the prefilter next occurs at or after pos (len if not). */
static size_t
next_byte(struct search *s, int k, const char *text, size_t len, size_t pos)
{
	const char *hit;

	if (s->next_text != text || s->next[k] < pos) {
		hit = pos < len ? memchr(text + pos, s->pre[k], len - pos) : NULL;
		s->next[k] = hit ? (size_t)(hit - text) : len;
	}
	return s->next[k];
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

/*
 * With a prefilter: the next line holding a prefilter byte (and, for a
 * literal, the literal around it), matched by PCRE2 on that line alone,
 * which keeps the answer exactly PCRE2's.  Returns as pcre2_match() does.
 */
static int
match_prefiltered(struct search *s, const char *text, size_t len, size_t *pos)
{
	size_t cur = *pos;
	int rc = PCRE2_ERROR_NOMATCH;

	s->next_text = text;
	while (cur < len) {
		size_t a = next_byte(s, 0, text, len, cur);
		size_t b = s->pre[1] == s->pre[0] ? a : next_byte(s, 1, text, len, cur);
		size_t at = a < b ? a : b, start = at, end;
		const char *nl;

		if (at >= len)
			break;
		if (s->litlen && !literal_at(s, text, len, at)) {
			cur = at + 1;
			continue;
		}
		nl = at > *pos ? memrchr(text + *pos, '\n', at - *pos) : NULL;
		start = nl ? (size_t)(nl - text) + 1 : *pos;
		nl = memchr(text + at, '\n', len - at);
		end = nl ? (size_t)(nl - text) : len;
		rc = run_match(s, text, end, start);
		if (rc != PCRE2_ERROR_NOMATCH) {
			s->line = start;
			s->line_end = end;
			return rc;
		}
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
	int rc;

	if (*pos > len)
		return 0;
	if (*pos == 0)
		s->next_text = NULL;	/* a new text: forget the cached offsets */
	if (s->next_text != text)
		s->next[0] = s->next[1] = 0;
	if (s->pre_on)
		rc = match_prefiltered(s, text, len, pos);
	else
		rc = run_match(s, text, len, *pos);
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	if (rc < 0) {
		PCRE2_UCHAR msg[160];

		pcre2_get_error_message(rc, msg, sizeof msg);
		if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT)
			snprintf(why, whylen, "the pattern needs too many steps and "
			    "was stopped (%s); make it more specific", (char *)msg);
		else
			snprintf(why, whylen, "%s", (char *)msg);
		return -1;
	}
	ov = pcre2_get_ovector_pointer(s->md);
	*m_start = ov[0];
	*m_end = ov[1];
	if (s->pre_on) {
		*line = s->line;
		*line_end = s->line_end;
	} else {
		nl = *m_start > 0 ? memrchr(text, '\n', *m_start) : NULL;
		*line = nl ? (size_t)(nl - text) + 1 : 0;
		nl = memchr(text + *m_start, '\n', len - *m_start);
		*line_end = nl ? (size_t)(nl - text) : len;
	}
	*pos = *line_end + 1;
	return 1;
}

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
		b->p = xrealloc(b->p, b->cap);
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

int
search_import(const char *text, size_t len, const char *heading, char **out,
    size_t *outlen, size_t *nsections, char *why, size_t whylen)
{
	struct growbuf b = { NULL, 0, 0 };
	pcre2_code *re;
	pcre2_match_data *md;
	PCRE2_SIZE off, pos = 0, copied = 0;
	uint32_t check = 0;
	int code, rc;

	*nsections = 0;
	if (import_check_bytes(text, len, why, whylen) < 0)
		return -1;
	re = pcre2_compile((PCRE2_SPTR)heading, PCRE2_ZERO_TERMINATED,
	    PCRE2_MULTILINE | PCRE2_UTF, &code, &off, NULL);
	if (!re) {
		PCRE2_UCHAR msg[160];

		pcre2_get_error_message(code, msg, sizeof msg);
		snprintf(why, whylen, "bad heading pattern: %s at offset %zu",
		    (char *)msg, (size_t)off);
		return -1;
	}
	if (capture_count(re) < 1) {
		pcre2_code_free(re);
		snprintf(why, whylen, "the heading pattern needs a group for the "
		    "section number");
		return -1;
	}
	(void)pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);
	md = pcre2_match_data_create_from_pattern(re, NULL);
	grow_add(&b, "# imported with umpire rules import\n", 36);
	/* the first match checks the whole text is UTF-8; later ones skip it */
	while ((rc = pcre2_match(re, (PCRE2_SPTR)text, len, pos, check, md,
	    NULL)) > 0) {
		PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
		size_t line_end = ov[1];

		check = PCRE2_NO_UTF_CHECK;
		if (ov[2] == PCRE2_UNSET || ov[3] == ov[2]) {
			pos = ov[1] + (ov[1] == ov[0]);
			continue;
		}
		copy_body(&b, text + copied, ov[0] - copied);
		if (b.len && b.p[b.len - 1] != '\n')
			grow_add(&b, "\n", 1);
		grow_add(&b, "== ", 3);
		grow_add(&b, text + ov[2], ov[3] - ov[2]);
		if (rc > 2 && ov[4] != PCRE2_UNSET && ov[5] > ov[4]) {
			grow_add(&b, " ", 1);
			grow_add(&b, text + ov[4], ov[5] - ov[4]);
		}
		grow_add(&b, "\n", 1);
		(*nsections)++;
		while (line_end < len && text[line_end] != '\n')
			line_end++;
		copied = line_end < len ? line_end + 1 : len;
		pos = copied;
		if (pos >= len)
			break;
	}
	if (rc < 0 && rc != PCRE2_ERROR_NOMATCH) {
		size_t line, col;

		if (rc <= PCRE2_ERROR_UTF8_ERR1 && rc >= PCRE2_ERROR_UTF8_ERR21) {
			data_position(text, pcre2_get_startchar(md), &line, &col);
			snprintf(why, whylen, "not UTF-8 at line %zu, column %zu", line,
			    col);
		} else {
			PCRE2_UCHAR msg[160];

			pcre2_get_error_message(rc, msg, sizeof msg);
			snprintf(why, whylen, "%s", (char *)msg);
		}
		pcre2_match_data_free(md);
		pcre2_code_free(re);
		free(b.p);
		return -1;
	}
	if (copied < len)
		copy_body(&b, text + copied, len - copied);
	if (b.len && b.p[b.len - 1] != '\n')
		grow_add(&b, "\n", 1);
	pcre2_match_data_free(md);
	pcre2_code_free(re);
	if (*nsections == 0) {
		free(b.p);
		snprintf(why, whylen, "no numbered section headings found");
		return -1;
	}
	*out = b.p;
	*outlen = b.len;
	return 0;
}
