/*
 * search.h: the rules corpus: a section index over a quick reference,
 * PCRE2 search line by line, section lookup, and the import of a player's
 * own rulebook text.
 *
 * A corpus file (rules/<game>/reference.txt, or an imported book) is plain
 * UTF-8 text: comment lines beginning with "#" at the top, then sections,
 * each opened by a heading line "== ID TITLE" and running to the next one.
 * The file is mapped, not read, and its index is one pass over the
 * headings, so a search costs little more than the scan itself.
 */
#ifndef UMPIRE_SEARCH_H
#define UMPIRE_SEARCH_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <limits.h>
#include <pcre2.h>
#include <stddef.h>

#include "ctx.h"

struct section {
	size_t start;		/* offset of the "== " line */
	size_t body;		/* offset of the first body line */
	size_t end;		/* offset of the next heading, or the file's end */
	const char *id;		/* into the mapped text, not terminated */
	size_t idlen;
	const char *title;
	size_t titlelen;
};

struct corpus {
	char name[64];
	char path[PATH_MAX];
	const char *text;
	size_t len;
	struct section *sections;
	size_t nsections;
	void *map;
	size_t maplen;
};

/* Names of every corpus: the games with a reference, then imported books.
 * The caller frees names[i] and names. */
size_t corpus_names(const struct ctx *c, char ***names);

/* Map NAME's reference and, if index is set, index its sections (a count
 * of matching lines needs no index).  ST_OK; ST_USAGE if there is none;
 * ST_DATA, ST_SYS after a message. */
int corpus_open(const struct ctx *c, const char *name, struct corpus *cp,
    int index);
void corpus_close(struct corpus *cp);

/* The section holding offset off, or NULL (the comment lines at the top). */
const struct section *corpus_section_at(const struct corpus *cp, size_t off);
/* The same, searching from hint, a section at or before off (or NULL). */
const struct section *corpus_section_from(const struct corpus *cp, size_t off,
    const struct section *hint);
/*
 * The index of the section a citation names ("8.2.1", "8.2.1 A", "Part 13
 * D", "13.D", "8"), or -1.  Letters after a number that is a section fall
 * back to that section when they are not a section of their own.  The
 * search starts at section `from`, so repeated calls find an id that a
 * book prints twice.
 */
long corpus_find(const struct corpus *cp, const char *cite, size_t from);
/* One past the last subsection of section i (8.2 holds 8.2.1, 8.2.2). */
size_t corpus_subtree_end(const struct corpus *cp, size_t i);
/* Up to n sections next to where cite would sort, for "did you mean". */
size_t corpus_nearest(const struct corpus *cp, const char *cite, size_t *out,
    size_t n);

struct search {
	pcre2_code *re;
	pcre2_match_data *md;
	pcre2_match_context *mc;
	int jit;		/* JIT-compiled: use the fast path */
	/*
	 * A prefilter: when set, a line can match only if it holds byte
	 * pre[0] or pre[1] (the two cases of a letter), so the scan jumps
	 * between those bytes with memchr and asks PCRE2 only about the lines
	 * they are on.  next[] caches where each byte occurs next.
	 */
	int pre_on;
	unsigned char pre[2];
	size_t next[2];
	const char *next_text;
	/*
	 * For an ASCII literal pattern, the literal itself and the place of
	 * the prefilter byte in it: each occurrence of that byte is checked
	 * against the literal before any line is handed to PCRE2.
	 */
	char lit[64];
	size_t litlen, lit_at;
	int lit_caseless;
	size_t line, line_end;	/* the line the prefilter last matched */
};

enum {
	SEARCH_FIXED = 1,	/* -F: the pattern is a plain string */
	SEARCH_WORD = 2		/* -w: whole words only */
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
 * The next line at or after *pos that matches: its bounds and the first
 * match in it.  *pos moves past the line.  Returns 1, 0 when there are no
 * more, or -1 with why[] filled (the match limit, for instance).
 */
int search_next_line(struct search *s, const char *text, size_t len,
    size_t *pos, size_t *line, size_t *line_end, size_t *m_start,
    size_t *m_end, char *why, size_t whylen);

/* The next match within one line, from offset from: 1, or 0 for none. */
int search_in_line(struct search *s, const char *text, size_t from,
    size_t line_end, size_t *m_start, size_t *m_end);

/*
 * Turn a rulebook's plain text into corpus form: every line the heading
 * pattern matches (group 1 the number, group 2 the heading) opens a
 * section.  Invalid UTF-8 and NUL bytes are refused with their line and
 * column.  Returns 0 with a malloc'd *out, or -1 with why[].
 */
int search_import(const char *text, size_t len, const char *heading,
    char **out, size_t *outlen, size_t *nsections, char *why, size_t whylen);

/* The heading pattern used when the player gives none. */
extern const char search_default_heading[];

#endif
