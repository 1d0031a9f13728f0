/*
 * corpus.h: the rules corpus: the references and imported books, their
 * section index, and section lookup by citation.
 *
 * A corpus file (rules/<game>/reference.txt, or an imported book) is plain
 * UTF-8 text: comment lines beginning with "#" at the top, then sections,
 * each opened by a heading line "== ID TITLE" and running to the next one.
 * The file is mapped, not read.  show and toc index every heading in one
 * pass; a search needs no index, only the heading above each hit.
 */
#ifndef UMPIRE_CORPUS_H
#define UMPIRE_CORPUS_H

#include <limits.h>
#include <stddef.h>

#include "ctx.h"

/*
 * The most a reference may hold.  A rulebook is well under a megabyte of
 * text; the cap keeps a file put there by mistake (or /dev/zero behind a
 * symlink) from costing its size in memory.
 */
#define CORPUS_MAX_BYTES ((size_t)128 << 20)

/* The longest name of a game or an imported rulebook, and of a citation. */
#define CORPUS_NAME_MAX 40
#define CORPUS_CITE_MAX 100

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
	char name[CORPUS_NAME_MAX + 1];
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

/* Map NAME's reference and, if index is set, index its sections (a search
 * needs no index: see corpus_section_back).  ST_OK; ST_USAGE if there is none;
 * ST_DATA, ST_SYS after a message. */
int corpus_open(const struct ctx *c, const char *name, struct corpus *cp,
    int index);
/* The same, with the message in why[] instead of on stderr. */
int corpus_load(const struct ctx *c, const char *name, struct corpus *cp,
    int index, char *why, size_t whylen);
void corpus_close(struct corpus *cp);

/*
 * The section holding offset off, found without an index by looking back
 * from off for its heading line, no further than floor: 1 with *s filled
 * in (s->end is the file's end: see corpus_section_end), or 0 when no
 * heading starts in [floor, off].  A search looks back from each hit to
 * the one before it, so the whole search reads each byte at most once.
 */
int corpus_section_back(const struct corpus *cp, size_t floor, size_t off,
    struct section *s);
/* Where section s ends: the next heading line, or the file's end. */
size_t corpus_section_end(const struct corpus *cp, const struct section *s);
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
/*
 * The next number in text[*pos..end) shaped like a citation, a number
 * with at least one dot ("8.4", "11.4.2"), not part of a longer number:
 * 1 with its span in *at and *n, or 0.  *pos moves past it.  Whether it
 * names a section is the caller's question (corpus_find): "2.67" is odds.
 */
int corpus_next_cite(const struct corpus *cp, size_t *pos, size_t end,
    size_t *at, size_t *n);
/* Up to n sections next to where cite would sort, for "did you mean". */
size_t corpus_nearest(const struct corpus *cp, const char *cite, size_t *out,
    size_t n);

#endif
