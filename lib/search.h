/*
 * search.h: PCRE2 search over a rules corpus (see corpus.h), where a space
 * in a pattern also matches a line break inside a paragraph and a hit is
 * the lines its match runs over; and the import of a player's own
 * rulebook text into corpus form.
 */
#ifndef UMPIRE_SEARCH_H
#define UMPIRE_SEARCH_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stddef.h>

struct search {
	pcre2_code *re;
	pcre2_match_data *md;
	pcre2_match_context *mc;
	pcre2_jit_stack *stack;
	int jit;		/* JIT-compiled: use the fast path */
	int check_utf;		/* the next match checks the text is UTF-8 */
	long long stop_ns;	/* the CPU time at which the search stops */
	long long next_check_ns; /* when to read the CPU clock again */
	int error;		/* a match error, which ends the search */
	/*
	 * A prefilter: when set, a line can match only if it holds byte
	 * pre[0] or pre[1] (the two cases of a letter), so the scan jumps
	 * between those bytes with memchr and asks PCRE2 only about the lines
	 * they are on.  next[] caches where each byte occurs next, or none
	 * before upto[].
	 */
	int pre_on;
	unsigned char pre[2];
	size_t next[2], upto[2];
	const char *next_text;
	size_t text_end;	/* its length without the line breaks at its end */
	/*
	 * For an ASCII literal pattern, the literal itself and the place of
	 * the prefilter byte in it: each occurrence of that byte is checked
	 * against the literal before any line is handed to PCRE2.
	 */
	char lit[64];
	size_t litlen, lit_at;
	int lit_caseless;
	int spans_lines;	/* a space in the pattern may match a line break */
	/* a literal phrase: how many lines before its prefilter byte's a
	 * match may start, and whether to look only there (set_reach) */
	size_t lines_before;
	int narrow;
};

enum {
	SEARCH_FIXED = 1,	/* -F: the pattern is a plain string */
	SEARCH_WORD = 2,	/* -w: whole words only */
	SEARCH_CASELESS = 4	/* -i: case ignored, upper-case letters too */
};

/*
 * Compile a pattern.  Case is ignored unless the pattern has an upper-case
 * letter.  Returns 0, or -1 with PCRE2's message in why[] and the offset
 * of the offending character in *erroff.
 */
int search_compile(struct search *s, const char *pattern, int flags,
    char *why, size_t whylen, size_t *erroff);
void search_free(struct search *s);

/*
 * The next hit at or after *pos: the first match, and the bounds of the
 * lines it runs over (one, unless a space in the pattern matched a line
 * break).  *pos moves past them.  Returns 1, 0 when there are no
 * more, or -1 with why[] filled (the match limit, for instance).
 */
int search_next_line(struct search *s, const char *text, size_t len,
    size_t *pos, size_t *line, size_t *line_end, size_t *m_start,
    size_t *m_end, char *why, size_t whylen);

/* The next match within one line, from offset from: 1, or 0 for none. */
int search_in_line(struct search *s, const char *text, size_t from,
    size_t line_end, size_t *m_start, size_t *m_end);

/*
 * PCRE2's JIT reads the text a vector at a time, so it may look at up to
 * this many bytes past the end (and ignore them).  A text in a buffer of
 * its own should have them, set, so that valgrind does not take them for
 * uninitialised memory.  A mapped file needs none: its last page reads
 * as zeros past the end, and an aligned vector never crosses a page.
 */
#define SEARCH_PAD 64

/*
 * Turn a rulebook's plain text into corpus form: every line the heading
 * pattern matches (group 1 the number, group 2 the heading) opens a
 * section, when the match starts at the line's start and group 1 is not
 * empty.  Invalid UTF-8 and NUL bytes are refused with their line and
 * column.  Returns 0 with a malloc'd *out; -1 with why[] when the text is
 * at fault, -2 when the heading pattern is (see search_heading_check), or
 * when it needs more than the budget of a search.
 */
int search_import(const char *text, size_t len, const char *heading,
    char **out, size_t *outlen, size_t *nsections, char *why, size_t whylen);

/*
 * Check a heading pattern before any file is read: 0, or -1 with why[]
 * saying what is wrong and what a heading pattern must be.
 */
int search_heading_check(const char *heading, char *why, size_t whylen);

/* The heading pattern used when the player gives none. */
extern const char search_default_heading[];

#endif
