/*
 * search.c: PCRE2 search of a rules corpus (see search.h): compiling the
 * player's pattern, and running it within one budget of CPU time; the
 * pattern as PCRE2 sees it is built in search_pattern.c, the scan of a
 * text line by line is in search_scan.c, the import of a player's
 * rulebook in search_import.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search.h"
#include "search_impl.h"

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
#define DEPTH_LIMIT 100000
#define HEAP_LIMIT_KB (64 * 1024)
/* PCRE2's JIT stack is 32 KB, which a 7 KB line can use up; the pages
 * past what a match touches are reserved, not used */
#define JIT_STACK_MAX (16 << 20)
/* search_match_range's own status for a spent budget; PCRE2's are
 * above -100 */
#define BUDGET_SPENT (-1000)

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
int
search_matcher_init(struct search *s)
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
int
search_match_range(struct search *s, const char *text, size_t len,
    size_t from, size_t last)
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
void
search_match_error(int rc, const char *what, char *why, size_t whylen)
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
	if ((flags & SEARCH_CASELESS) || !search_has_upper(pattern))
		options |= PCRE2_CASELESS;
	/* the player's own pattern first, so that an error's offset is in it */
	s->re = compile_with(pattern, (flags & SEARCH_FIXED) ? (options &
	    ~PCRE2_MULTILINE) | PCRE2_LITERAL : options, flags, &code, &off);
	if (s->re) {
		pcre2_code_free(s->re);
		full = search_build_pattern(pattern, flags, &spaces);
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
	if (search_matcher_init(s) < 0) {
		search_free(s);
		snprintf(why, whylen, "out of memory");
		*erroff = 0;
		return -1;
	}
	search_choose_prefilter(s, pattern, flags, (options & PCRE2_CASELESS) != 0);
	return 0;
}

int
search_in_line(struct search *s, const char *text, size_t from,
    size_t line_end, size_t *m_start, size_t *m_end)
{
	PCRE2_SIZE *ov;

	/* an error here (the budget) ends the search at its next line */
	if (from > line_end ||
	    search_match_range(s, text, line_end, from, line_end) < 0)
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
