/*
 * search.c: the rules corpus; see search.h.
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

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dirent.h>

#include "data.h"
#include "err.h"
#include "games/game.h"
#include "search.h"

/* Ten million steps: milliseconds for any sane pattern, and a stop for
 * the catastrophic ones before a player wonders whether umpire hung. */
#define MATCH_LIMIT 10000000
#define DEPTH_LIMIT 100000

const char search_default_heading[] =
    "^(?|Part[ \\t]+(\\d+)[ \\t]*[:.]?[ \\t]*(.{0,200}?)"
    "|(\\d+(?:\\.\\d+)+)\\.?(?:[ \\t]+([^|\\n]{1,200}?))?)[ \\t]*\\r?$";

static int
is_space(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r';
}

/* Fill in one section from its heading line at text[start..eol). */
static void
parse_heading(const char *text, size_t start, size_t eol, struct section *s)
{
	size_t i = start + 3, id_end;

	while (i < eol && is_space(text[i]))
		i++;
	id_end = i;
	while (id_end < eol && !is_space(text[id_end]))
		id_end++;
	s->start = start;
	s->id = text + i;
	s->idlen = id_end - i;
	while (id_end < eol && is_space(text[id_end]))
		id_end++;
	s->title = text + id_end;
	s->titlelen = eol - id_end;
	while (s->titlelen && is_space(s->title[s->titlelen - 1]))
		s->titlelen--;
	s->body = eol < (size_t)-1 ? eol + 1 : eol;
}

static void
index_sections(struct corpus *cp)
{
	const char *t = cp->text;
	size_t cap = 64, pos = 0;

	cp->sections = xcalloc(cap, sizeof *cp->sections);
	while (pos < cp->len) {
		const char *nl;
		size_t eol;

		if (cp->len - pos >= 3 && memcmp(t + pos, "== ", 3) == 0) {
			nl = memchr(t + pos, '\n', cp->len - pos);
			eol = nl ? (size_t)(nl - t) : cp->len;
			if (cp->nsections == cap)
				cp->sections = xrealloc(cp->sections,
				    (cap *= 2) * sizeof *cp->sections);
			if (cp->nsections)
				cp->sections[cp->nsections - 1].end = pos;
			parse_heading(t, pos, eol, &cp->sections[cp->nsections++]);
		}
		/* the next "==" that opens a line: '=' is rare in prose, and
		 * memchr is many times faster than memmem at finding it */
		for (;;) {
			nl = memchr(t + pos + 1, '=', cp->len - pos - 1);
			if (!nl)
				break;
			pos = (size_t)(nl - t);
			if (t[pos - 1] == '\n')
				break;
		}
		if (!nl)
			break;
	}
	if (cp->nsections)
		cp->sections[cp->nsections - 1].end = cp->len;
	for (pos = 0; pos < cp->nsections; pos++)
		if (cp->sections[pos].body > cp->len)
			cp->sections[pos].body = cp->len;
}

/* Does any line open a section?  (What a count needs, without an index.) */
static int
has_heading(const struct corpus *cp)
{
	const char *p = cp->text, *end = cp->text + cp->len;

	if (cp->len >= 3 && memcmp(p, "== ", 3) == 0)
		return 1;
	while ((p = memchr(p, '=', (size_t)(end - p))) != NULL) {
		if (p > cp->text && p[-1] == '\n' && end - p >= 3 &&
		    memcmp(p, "== ", 3) == 0)
			return 1;
		p++;
	}
	return 0;
}

int
corpus_open(const struct ctx *c, const char *name, struct corpus *cp,
    int index)
{
	char rel[PATH_MAX];
	struct stat st;
	int fd;

	memset(cp, 0, sizeof *cp);
	snprintf(cp->name, sizeof cp->name, "%s", name);
	if (strchr(name, '/') || name[0] == '.' || !*name)
		return err(ST_USAGE, "bad rulebook name: '%s'", name);
	snprintf(rel, sizeof rel, "%s/reference.txt", name);
	if (data_find(c, rel, cp->path) < 0)
		return err(ST_USAGE, "no rules for '%s' (expected a game id or an "
		    "imported rulebook; umpire rules toc lists them)", name);
	if ((fd = open(cp->path, O_RDONLY | O_CLOEXEC)) < 0)
		return err_sys("cannot open '%s'", cp->path);
	if (fstat(fd, &st) < 0) {
		close(fd);
		return err_sys("cannot read '%s'", cp->path);
	}
	cp->len = (size_t)st.st_size;
	if (cp->len > 0) {
		cp->map = mmap(NULL, cp->len, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
		if (cp->map == MAP_FAILED) {
			close(fd);
			cp->map = NULL;
			return err_sys("cannot map '%s'", cp->path);
		}
		cp->maplen = cp->len;
		cp->text = cp->map;
	} else {
		cp->text = "";
	}
	close(fd);
	if (index)
		index_sections(cp);
	if (index ? cp->nsections == 0 : !has_heading(cp)) {
		corpus_close(cp);
		return err(ST_DATA, "%s: no sections (expected lines \"== ID TITLE\")",
		    cp->path);
	}
	return ST_OK;
}

void
corpus_close(struct corpus *cp)
{
	if (cp->map)
		munmap(cp->map, cp->maplen);
	free(cp->sections);
	cp->map = NULL;
	cp->sections = NULL;
}

const struct section *
corpus_section_at(const struct corpus *cp, size_t off)
{
	return corpus_section_from(cp, off, NULL);
}

const struct section *
corpus_section_from(const struct corpus *cp, size_t off,
    const struct section *hint)
{
	size_t lo = 0, hi = cp->nsections;

	/* hits come in order: most are in the hint's section or just after */
	if (hint && hint->start <= off) {
		if (off < hint->end)
			return hint;
		lo = (size_t)(hint - cp->sections) + 1;
	}

	/* the last section starting at or before off */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cp->sections[mid].start <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? &cp->sections[lo - 1] : NULL;
}

/*
 * A citation in canonical form: lower case, "part" dropped, runs of
 * spaces, dots and colons made one dot, no dot at either end.  "Part 13
 * D" and "13.D" both become "13.d"; "1.0." becomes "1.0".
 */
static void
normalize(const char *s, size_t len, char *out, size_t outlen)
{
	size_t i = 0, o = 0;
	int dot = 0;

	if (len >= 4 && strncasecmp(s, "part", 4) == 0)
		i = 4;
	for (; i < len && o + 2 < outlen; i++) {
		char ch = s[i];

		if (ch == ' ' || ch == '.' || ch == ':' || ch == '\t') {
			dot = o > 0;
			continue;
		}
		if (dot)
			out[o++] = '.';
		dot = 0;
		out[o++] = (ch >= 'A' && ch <= 'Z') ? (char)(ch - 'A' + 'a') : ch;
	}
	out[o] = '\0';
}

static long
find_exact(const struct corpus *cp, const char *norm, size_t from)
{
	char id[128];
	size_t i;

	for (i = from; i < cp->nsections; i++) {
		normalize(cp->sections[i].id, cp->sections[i].idlen, id, sizeof id);
		if (strcmp(id, norm) == 0)
			return (long)i;
	}
	return -1;
}

long
corpus_find(const struct corpus *cp, const char *cite, size_t from)
{
	char norm[128], alt[140];
	long i;
	char *dot;

	normalize(cite, strlen(cite), norm, sizeof norm);
	if (!*norm)
		return -1;
	if ((i = find_exact(cp, norm, from)) >= 0)
		return i;
	/* "8" is chapter "8.0" in books that number chapters so */
	snprintf(alt, sizeof alt, "%s.0", norm);
	if (!strchr(norm, '.') && (i = find_exact(cp, alt, from)) >= 0)
		return i;
	/* "8.2.1.a" (a lettered paragraph) lives in "8.2.1" */
	dot = strrchr(norm, '.');
	if (dot && dot[1] >= 'a' && dot[1] <= 'z' && dot[2] == '\0') {
		*dot = '\0';
		return corpus_find(cp, norm, from);
	}
	return -1;
}

/* "8.0" heads chapter "8": its subsections start with "8.". */
static size_t
chapter_prefix(const struct section *s, char *buf, size_t len)
{
	size_t n;

	normalize(s->id, s->idlen, buf, len - 1);
	n = strlen(buf);
	if (n >= 2 && strcmp(buf + n - 2, ".0") == 0)
		n -= 2;
	buf[n++] = '.';
	buf[n] = '\0';
	return n;
}

size_t
corpus_subtree_end(const struct corpus *cp, size_t i)
{
	char prefix[128], id[128];
	size_t n = chapter_prefix(&cp->sections[i], prefix, sizeof prefix), j;

	for (j = i + 1; j < cp->nsections; j++) {
		normalize(cp->sections[j].id, cp->sections[j].idlen, id, sizeof id);
		if (strncmp(id, prefix, n) != 0)
			break;
	}
	return j;
}

/* Compare dotted ids part by part, numbers as numbers. */
static int
compare_ids(const char *a, const char *b)
{
	while (*a && *b) {
		if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
			char *ea, *eb;
			long x = strtol(a, &ea, 10), y = strtol(b, &eb, 10);

			if (x != y)
				return x < y ? -1 : 1;
			a = ea;
			b = eb;
		} else if (*a != *b) {
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		} else {
			a++;
			b++;
		}
	}
	return *a ? 1 : *b ? -1 : 0;
}

size_t
corpus_nearest(const struct corpus *cp, const char *cite, size_t *out, size_t n)
{
	char norm[128], id[128];
	size_t below = (size_t)-1, above = (size_t)-1, i, k = 0;
	char best_below[128] = "", best_above[128] = "";

	normalize(cite, strlen(cite), norm, sizeof norm);
	for (i = 0; i < cp->nsections; i++) {
		normalize(cp->sections[i].id, cp->sections[i].idlen, id, sizeof id);
		if (compare_ids(id, norm) < 0 && (below == (size_t)-1 ||
		    compare_ids(id, best_below) > 0)) {
			below = i;
			snprintf(best_below, sizeof best_below, "%s", id);
		}
		if (compare_ids(id, norm) > 0 && (above == (size_t)-1 ||
		    compare_ids(id, best_above) < 0)) {
			above = i;
			snprintf(best_above, sizeof best_above, "%s", id);
		}
	}
	if (below != (size_t)-1 && k < n)
		out[k++] = below;
	if (above != (size_t)-1 && k < n)
		out[k++] = above;
	return k;
}

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

static int
has_reference(const char *dir, const char *name)
{
	char path[PATH_MAX];

	if (snprintf(path, sizeof path, "%s/%s/reference.txt", dir, name) >=
	    (int)sizeof path)
		return 0;
	return access(path, R_OK) == 0;
}

static int
listed(char **names, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return 1;
	return 0;
}

size_t
corpus_names(const struct ctx *c, char ***names)
{
	char dirs[DATA_MAX_DIRS][PATH_MAX];
	const struct game *const *g;
	size_t ndirs = data_dirs(c, dirs), n = 0, cap = 16, i, ng;

	*names = xcalloc(cap, sizeof **names);
	g = game_all(&ng);
	for (i = 0; i < ng; i++) {
		char rel[PATH_MAX], path[PATH_MAX];

		snprintf(rel, sizeof rel, "%s/reference.txt", g[i]->id);
		if (data_find(c, rel, path) == 0)
			(*names)[n++] = xstrdup(g[i]->id);
	}
	for (i = 0; i < ndirs; i++) {
		DIR *d = opendir(dirs[i]);
		struct dirent *e;

		if (!d)
			continue;
		while ((e = readdir(d)) != NULL) {
			if (e->d_name[0] == '.' || listed(*names, n, e->d_name) ||
			    !has_reference(dirs[i], e->d_name))
				continue;
			if (n == cap)
				*names = xrealloc(*names, (cap *= 2) * sizeof **names);
			(*names)[n++] = xstrdup(e->d_name);
		}
		closedir(d);
	}
	return n;
}
