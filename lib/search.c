/*
 * search.c: PCRE2 search of a rules corpus, and the import of a player's
 * rulebook; see search.h.
 *
 * Searching runs PCRE2 over the whole mapped text (multi-line mode,
 * JIT-compiled), thousands of start positions a call, not one call per
 * line: a line-by-line loop pays the call overhead a million times on a
 * large book, while a long scan lets the JIT's own start-of-match
 * optimisations skip ahead.  Each hit is widened to its line, and the scan
 * resumes on the next line, so a line counts once however many matches it
 * holds.
 */
/* memmem(3) */
#define _GNU_SOURCE

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "corpus.h"
#include "data.h"
#include "err.h"
#include "search.h"

/*
 * The budget.  PCRE2's match limit counts the steps of one start position,
 * and a call tries every start in its range, so no per-call limit bounds a
 * search: `(?:.|..){0,20}[@#]` stays under the limit at each start of a
 * book and takes minutes over all of them.  So a search has one budget,
 * BUDGET_NS of CPU time across every book it reads, and no single call may
 * run long: a call tries at most CHUNK starts with at most CHUNK_LIMIT
 * steps each, and a chunk that needs more is split until one start gets
 * the full MATCH_LIMIT (see match_split).  Reading the CPU clock is a
 * system call, so it is read only when the coarse wall clock (which costs
 * nothing) shows CLOCK_EVERY_NS have passed since the last reading: the
 * CPU time cannot have grown more than that meanwhile.
 */
#ifndef BUDGET_NS
#define BUDGET_NS 1000000000LL	/* tests/fuzz sets less, to try more inputs */
#endif
#define MATCH_LIMIT 10000000
#define CHUNK 4096
#define CHUNK_LIMIT 1000
#define CLOCK_EVERY_NS 10000000LL
/* bytes a two-byte prefilter reads for one byte before the other: well
 * inside the L1 or L2 cache (see next_candidate) */
#define PREFILTER_BLOCK 32768
#define DEPTH_LIMIT 100000
#define HEAP_LIMIT_KB (64 * 1024)
/* PCRE2's JIT stack is 32 KB, which a 7 KB line can use up; the pages
 * past what a match touches are reserved, not used */
#define JIT_STACK_MAX (16 << 20)
/* match_range's own status for a spent budget; PCRE2's are above -100 */
#define BUDGET_SPENT (-1000)

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

/*
 * What a space in a pattern matches: a space, or a line break inside a
 * paragraph with the next line's indent.  The references are wrapped, so
 * a phrase may run across a line break; a blank line or a heading line
 * ends a paragraph, and no phrase crosses it.
 */
static const char space_re[] = "(?: |\\r?\\n(?![\\r\\n]|== )[ \\t]*)";

/* Append space_re at out[o], closing and reopening a quote around it. */
static size_t
add_space(char *out, size_t o, int quoted)
{
	return o + (size_t)sprintf(out + o, "%s%s%s", quoted ? "\\E" : "",
	    space_re, quoted ? "\\Q" : "");
}

/* Copy a character class opening at pattern[i]; returns the index of its
 * closing "]" (or the end), so that a space inside stays a space. */
static size_t
copy_class(const char *pattern, size_t i, char *out, size_t *o)
{
	size_t start = i++;

	if (pattern[i] == '^')
		i++;
	if (pattern[i] == ']')
		i++;	/* "[]...]": the first ] is a member */
	while (pattern[i] && pattern[i] != ']') {
		const char *close;

		if (pattern[i] == '\\' && pattern[i + 1])
			i++;
		else if (pattern[i] == '[' && pattern[i + 1] == ':' &&
		    (close = strstr(pattern + i, ":]")) != NULL)
			i = (size_t)(close - pattern) + 1;	/* "[:alpha:]" */
		i++;
	}
	if (!pattern[i])
		i--;
	memcpy(out + *o, pattern + start, i - start + 1);
	*o += i - start + 1;
	return i;
}

/*
 * The pattern as PCRE2 should see it: -F quotes it, and every space
 * outside a character class becomes space_re.  *spaces says whether
 * there was one (a match may then run over lines).  -w is not added here
 * but by PCRE2_EXTRA_MATCH_WORD, which no ")" in the pattern can escape.
 */
static char *
build_pattern(const char *pattern, int flags, int *spaces)
{
	size_t len = strlen(pattern), o = 0, i;
	char *out = xmalloc(len * sizeof space_re + 32);
	int fixed = (flags & SEARCH_FIXED) != 0, quoted = fixed;

	*spaces = 0;
	if (fixed)
		o += (size_t)sprintf(out + o, "\\Q");
	for (i = 0; i < len; i++) {
		char ch = pattern[i];

		if (ch == ' ') {
			o = add_space(out, o, quoted);
			*spaces = 1;
		} else if (fixed && ch == '\\' && pattern[i + 1] == 'E') {
			/* "\E" inside a quote would end it: close, add it, reopen */
			o += (size_t)sprintf(out + o, "\\E\\\\E\\Q");
			i++;
		} else if (!fixed && ch == '\\' && pattern[i + 1]) {
			/* an escape keeps its pair; \Q and \E open and close a quote */
			if (pattern[i + 1] == 'Q' || pattern[i + 1] == 'E')
				quoted = pattern[i + 1] == 'Q';
			out[o++] = ch;
			out[o++] = pattern[++i];
		} else if (!quoted && ch == '[') {
			i = copy_class(pattern, i, out, &o);
		} else {
			out[o++] = ch;
		}
	}
	if (fixed)
		o += (size_t)sprintf(out + o, "\\E");
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
 * How many lines before the line of its prefilter byte (pattern[at], in
 * the word pattern[from..to)) a match of a literal phrase may start: one
 * line break at most for each space before the byte.  The byte is the
 * first of its rarity in the pattern, and a space matches only blanks, so
 * no prefilter byte comes before it in a match: a match's first prefilter
 * byte is where its literal stands.  The scan meets that byte before any
 * later one, so a match starting earlier than those lines, whose own byte
 * is earlier, has been looked for already; a phrase search need look for
 * a match starting in those lines of the paragraph alone (s->narrow), not
 * in all of it.  Not when the pattern holds a line break, a tab or a
 * carriage return (which could be the prefilter byte, or cross a
 * paragraph's end), nor when caseless matching of the literal word may
 * take bytes that are not ASCII ("s" matches U+017F, "k" U+212A), which
 * the literal check does not.
 */
static void
set_reach(struct search *s, const char *pattern, size_t at, size_t from,
    size_t to, int caseless)
{
	size_t i;

	s->lines_before = 0;
	s->narrow = s->spans_lines && !strpbrk(pattern, "\n\r\t");
	for (i = 0; i < at; i++)
		s->lines_before += pattern[i] == ' ';
	for (i = from; caseless && i < to; i++)
		if (strchr("sSkK", pattern[i]))
			s->narrow = 0;
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
		/* the word holding the byte: a space may be a line break */
		size_t from = s->lit_at, to = s->lit_at;

		while (from > 0 && pattern[from - 1] != ' ')
			from--;
		while (pattern[to] && pattern[to] != ' ')
			to++;
		s->litlen = to - from;
		set_reach(s, pattern, s->lit_at, from, to, caseless);
		s->lit_at -= from;
		memcpy(s->lit, pattern + from, s->litlen);
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

static long long
clock_ns(clockid_t id)
{
	struct timespec ts;

	if (clock_gettime(id, &ts) < 0 &&
	    clock_gettime(CLOCK_MONOTONIC, &ts) < 0)
		return 0;
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Has the search spent its budget? */
static int
budget_spent(struct search *s)
{
	long long wall = clock_ns(CLOCK_MONOTONIC_COARSE);

	if (wall < s->next_check_ns)
		return 0;
	s->next_check_ns = wall + CLOCK_EVERY_NS;
	return clock_ns(CLOCK_PROCESS_CPUTIME_ID) > s->stop_ns;
}

/*
 * Match data, limits, a JIT stack and the budget for s->re.  The JIT is
 * used when it compiled the pattern: (*NO_JIT) in a pattern makes
 * pcre2_jit_compile() succeed without compiling anything.
 */
static int
matcher_init(struct search *s)
{
	size_t jitsize = 0;

	if (pcre2_jit_compile(s->re, PCRE2_JIT_COMPLETE) == 0 &&
	    pcre2_pattern_info(s->re, PCRE2_INFO_JITSIZE, &jitsize) == 0)
		s->jit = jitsize > 0;
	s->md = pcre2_match_data_create_from_pattern(s->re, NULL);
	s->mc = pcre2_match_context_create(NULL);
	if (!s->md || !s->mc)
		return -1;
	if (s->jit && (s->stack = pcre2_jit_stack_create(32 * 1024,
	    JIT_STACK_MAX, NULL)) != NULL)
		pcre2_jit_stack_assign(s->mc, NULL, s->stack);
	pcre2_set_depth_limit(s->mc, DEPTH_LIMIT);
	pcre2_set_heap_limit(s->mc, HEAP_LIMIT_KB);
	s->stop_ns = clock_ns(CLOCK_PROCESS_CPUTIME_ID) + BUDGET_NS;
	return 0;
}

static int
jit_failed(int rc)
{
	return rc == PCRE2_ERROR_JIT_STACKLIMIT || rc == PCRE2_ERROR_JIT_BADOPTION ||
	    rc == PCRE2_ERROR_NOMEMORY;
}

/*
 * One call: the first match starting in [from, last] of text[0..len), each
 * start allowed limit steps.  Whatever fails in the JIT (its stack, say)
 * is asked of the interpreter instead: no search fails because of the JIT.
 * The first call of an import checks the whole text is UTF-8.
 */
static int
match_once(struct search *s, const char *text, size_t len, size_t from,
    size_t last, uint32_t limit)
{
	uint32_t opts = PCRE2_NO_UTF_CHECK | PCRE2_NO_JIT;
	int rc;

	if (budget_spent(s))
		return BUDGET_SPENT;
	pcre2_set_match_limit(s->mc, limit);
	pcre2_set_offset_limit(s->mc, last);
	if (s->check_utf) {
		/* not UTF-8 is an error that ends the import: check once */
		s->check_utf = 0;
		rc = pcre2_match(s->re, (PCRE2_SPTR)text, len, from, 0, s->md, s->mc);
		if (!jit_failed(rc))
			return rc;
	} else if (s->jit) {
		/* the fast path skips checks that cannot fail here */
		rc = pcre2_jit_match(s->re, (PCRE2_SPTR)text, len, from, 0, s->md,
		    s->mc);
		if (!jit_failed(rc))
			return rc;
		if (rc == PCRE2_ERROR_JIT_BADOPTION)
			s->jit = 0;
	}
	return pcre2_match(s->re, (PCRE2_SPTR)text, len, from, opts, s->md, s->mc);
}

/* Is text[i] inside a UTF-8 character, where no match may start? */
static int
mid_char(const char *text, size_t len, size_t i)
{
	return i < len && ((unsigned char)text[i] & 0xc0) == 0x80;
}

/*
 * The first match starting in [from, last], trying every start with
 * CHUNK_LIMIT steps; when that runs out, the range is split in two and
 * each half tried again, down to a single start, which gets the full
 * MATCH_LIMIT.  So the answer never depends on the small limit, and the
 * ranges an expensive pattern forces apart cost no more than one start.
 */
static int
match_split(struct search *s, const char *text, size_t len, size_t from,
    size_t last)
{
	size_t mid = from + (last - from) / 2;
	int rc;

	while (mid < last && mid_char(text, len, mid + 1))
		mid++;
	if (mid == last)
		return match_once(s, text, len, from, last, MATCH_LIMIT);
	rc = match_once(s, text, len, from, last, CHUNK_LIMIT);
	if (rc != PCRE2_ERROR_MATCHLIMIT)
		return rc;
	rc = match_split(s, text, len, from, mid);
	if (rc != PCRE2_ERROR_NOMATCH)
		return rc;
	return match_split(s, text, len, mid + 1, last);
}

/*
 * The first match starting in [from, last] of text[0..len), CHUNK starts
 * at a time, within the budget.  Returns as pcre2_match() does, or
 * BUDGET_SPENT; an error ends the search, so it is kept for every later
 * call to return.
 */
static int
match_range(struct search *s, const char *text, size_t len, size_t from,
    size_t last)
{
	int rc = PCRE2_ERROR_NOMATCH;

	while (!s->error && from <= last) {
		size_t end = last - from < CHUNK ? last : from + CHUNK - 1;

		while (end < last && mid_char(text, len, end + 1))
			end++;
		rc = match_split(s, text, len, from, end);
		if (rc != PCRE2_ERROR_NOMATCH || end == last)
			break;
		from = end + 1;
	}
	if (rc < 0 && rc != PCRE2_ERROR_NOMATCH)
		s->error = rc;
	return s->error ? s->error : rc;
}

/* What a match error means to the player; what is the pattern's name. */
static void
match_error(int rc, const char *what, char *why, size_t whylen)
{
	PCRE2_UCHAR msg[160];

	if (rc == BUDGET_SPENT) {
		snprintf(why, whylen, "%s needs too many steps and was stopped "
		    "(a second of matching); make it more specific", what);
		return;
	}
	pcre2_get_error_message(rc, msg, sizeof msg);
	if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT ||
	    rc == PCRE2_ERROR_HEAPLIMIT)
		snprintf(why, whylen, "%s needs too many steps and was stopped "
		    "(%s); make it more specific", what, (char *)msg);
	else
		snprintf(why, whylen, "%s", (char *)msg);
}

/* Compile pattern with options, and -w's extra option when flags ask. */
static pcre2_code *
compile_with(const char *pattern, uint32_t options, int flags, int *code,
    PCRE2_SIZE *off)
{
	pcre2_compile_context *cc = pcre2_compile_context_create(NULL);
	pcre2_code *re;

	if (!cc) {
		*code = PCRE2_ERROR_NOMEMORY;
		*off = 0;
		return NULL;
	}
	if (flags & SEARCH_WORD)
		pcre2_set_compile_extra_options(cc, PCRE2_EXTRA_MATCH_WORD);
	re = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, options,
	    code, off, cc);
	pcre2_compile_context_free(cc);
	return re;
}

int
search_compile(struct search *s, const char *pattern, int flags, char *why,
    size_t whylen, size_t *erroff)
{
	uint32_t options = PCRE2_MULTILINE | PCRE2_UTF | PCRE2_MATCH_INVALID_UTF |
	    PCRE2_USE_OFFSET_LIMIT;
	char *full;
	PCRE2_SIZE off;
	int code, spaces;

	memset(s, 0, sizeof *s);
	if (!has_upper(pattern))
		options |= PCRE2_CASELESS;
	/* the player's own pattern first, so that an error's offset is in it */
	s->re = compile_with(pattern, (flags & SEARCH_FIXED) ? (options &
	    ~PCRE2_MULTILINE) | PCRE2_LITERAL : options, flags, &code, &off);
	if (s->re) {
		pcre2_code_free(s->re);
		full = build_pattern(pattern, flags, &spaces);
		s->re = compile_with(full, options, flags, &code, &off);
		free(full);
		off = 0;
	}
	if (!s->re) {
		pcre2_get_error_message(code, (PCRE2_UCHAR *)why, whylen);
		*erroff = off > strlen(pattern) ? strlen(pattern) : off;
		return -1;
	}
	s->spans_lines = spaces;
	if (matcher_init(s) < 0) {
		search_free(s);
		snprintf(why, whylen, "out of memory");
		*erroff = 0;
		return -1;
	}
	choose_prefilter(s, pattern, flags, (options & PCRE2_CASELESS) != 0);
	return 0;
}

int
search_in_line(struct search *s, const char *text, size_t from,
    size_t line_end, size_t *m_start, size_t *m_end)
{
	PCRE2_SIZE *ov;

	/* an error here (the budget) ends the search at its next line */
	if (from > line_end || match_range(s, text, line_end, from, line_end) < 0)
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
	pcre2_jit_stack_free(s->stack);
	pcre2_code_free(s->re);
	memset(s, 0, sizeof *s);
}

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
			rc = match_range(s, text, s->text_end, start, end);
		} else {
			match_window(s, text, len, *pos, at, &start, &end);
			rc = match_range(s, text, end, start, end);
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
		rc = match_range(s, text, len, *pos, len);
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	if (rc < 0) {
		match_error(rc, "the pattern", why, whylen);
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
	if (matcher_init(s) < 0) {
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
	if (match_range(s, "", 0, 0, 0) > 0) {
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
	match_error(rc, "the heading pattern", why, whylen);
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
	while (pos < len && (rc = match_range(&s, text, len, pos, len)) > 0) {
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
