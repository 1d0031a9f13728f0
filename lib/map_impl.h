/*
 * map_impl.h: the inside of struct map, shared by map.c (the arrays and
 * their accessors), map_json.c and map_text.c (the two file forms).  Both
 * parsers turn a file into a draft: the header fields and a list of
 * operations in file order (fill a rectangle, set one hex, mark a hexside,
 * name a place); map_draft_build() then sizes the map, checks what only the
 * whole file can tell, and applies the operations.  The text form, whose
 * header comes first, writes each operation into the map at once when the
 * header gave a size and a layout (map_draft_begin, map_draft_add), so no
 * list is kept.  Nothing outside the map module includes this file but
 * lib/situation.c.
 */
#ifndef UMPIRE_MAP_IMPL_H
#define UMPIRE_MAP_IMPL_H

#include <limits.h>
#include <stdint.h>

#include "map.h"

/*
 * A slot of the vocabulary's word table: one word, and what it is in each
 * kind (a word such as "river" can be a hex feature and a hexside word).
 */
struct map_vocab_slot {
	const char *word;		/* NULL: an empty slot */
	size_t len;
	short idx[3];			/* by kind: index or bit, or -1 */
};

struct map_vocab {
	char *game;
	int n[3];			/* indexed by enum map_word_kind */
	char **words[3];		/* each one block: the pointers, then
					   the words they point to */
	struct map_vocab_slot *slots;	/* open addressing, nslots a power
					   of two at least twice the words */
	size_t nslots;
};

struct map_place {
	int idx;
	int seq;			/* order in the file */
	char *name;
};

struct map {
	struct map_vocab *vocab;
	char *game, *name, *source, *note, *path;
	enum hex_layout layout;
	int col0, row0, ncols, nrows, n;
	/* 2^32 / nrows rounded up: a hex's column is idx * by_rows >> 32,
	 * no division (map.c, map_column), exact while idx * (nrows - 1)
	 * stays below 2^32: a hex id's last two digits are its row and it
	 * has at most six (hex.c), so 10,000 columns of 100 rows at most */
	uint64_t by_rows;
	unsigned char *terrain;		/* vocab terrain index per hex */
	/* The feature words per hex, NULL when no hex has any: 16 bits
	 * a hex when the game has at most 16 such words (every game so
	 * far), else 32; at most one of the two is set. */
	uint16_t *features16;
	uint32_t *features32;
	/*
	 * The hexside words, 6 per hex by direction, NULL when no hexside
	 * has any: a byte each when the game has at most 8 such words (as
	 * every game has so far), so a map touches few pages; else 32 bits.
	 * At most one of the two is set.
	 */
	uint8_t *sides8;
	uint32_t *sides32;
	struct map_place *places;	/* sorted by idx, one per hex */
	int nplaces;
};

enum map_op_kind { OP_RECT, OP_HEX, OP_SIDE, OP_PLACE };

/* One thing the file says, with where it says it for messages. */
struct map_op {
	unsigned char kind;
	short terrain;			/* -1: leave the terrain as it is */
	uint32_t bits;			/* features, or hexside words */
	struct hex a, b;		/* b: rectangle corner or the other hex */
	signed char dir;		/* hexside: from a to b (map_op_check) */
	char *place;
	int line, col;			/* text form; 0 for JSON */
	int item;			/* JSON: index in its array */
	unsigned char keyed;		/* JSON: a member of "hexes" */
};

struct map_draft {
	struct map_vocab *vocab;
	char *game, *name, *source, *note;
	int have_layout;
	enum hex_layout layout;
	int have_size;
	struct hex size0, size1;
	int deflt;			/* default terrain, -1 if none */
	int checked;			/* every op passed map_op_check against
					   the whole header (the text form,
					   whose headers come first) */
	struct map_op *ops;
	size_t nops, capops;
	/* The text form, once its header gave a size and a layout: the map
	 * being written as each line is read, so no op is kept. */
	struct map *map;
	long long budget;		/* hexes the ranges may still cover */
	int capplaces;
	int over_line, over_col;	/* the range that overran the budget */
};

void		 map_draft_init(struct map_draft *);
void		 map_draft_free(struct map_draft *);
struct map_op	*map_draft_op(struct map_draft *, enum map_op_kind);
/* An op of that kind with nothing set, for map_draft_add. */
void		 map_op_init(struct map_op *, enum map_op_kind);
/* Start writing the map at once if the header gave its size and layout
 * (the text form, at its first hex line). */
void		 map_draft_begin(struct map_draft *);
/* Take an op that passed map_op_check: written into the map begun, or
 * kept for map_draft_build.  Either way the draft owns its place name. */
void		 map_draft_add(struct map_draft *, struct map_op *);
/* Check one operation against the header known so far: 0, or -1, why[].
 * A hexside's direction from a to b is kept in op->dir for the build. */
int		 map_op_check(const struct map_draft *, struct map_op *,
		    char *why, size_t whylen);
/* Where an operation was written, for messages. */
void		 map_op_where(const struct map_op *, char *buf, size_t len);
int		 map_draft_build(struct map_draft *, struct map **out, char *why,
		    size_t whylen);

/* The vocabulary from n[k] words of each kind k, NUL-terminated and laid
 * end to end at lists[k]; NULL if one is not a word or comes twice. */
struct map_vocab *map_vocab_from_lists(const char *game,
		    const char *const lists[3], const int n[3]);

#define MAP_MAX_PLACE	64	/* bytes of a place name */
#define MAP_MAX_NOTE	4096	/* bytes of a map's note */

/* map_vocab_find for the len bytes at word, which need no NUL. */
int		 map_vocab_find_len(const struct map_vocab *, enum map_word_kind,
		    const char *word, size_t len);

/* Text for a name or note: 1 to max bytes of UTF-8, no control bytes. */
int		 map_text_ok(const char *, size_t max);
/* A word of lowercase letters, digits and inner hyphens. */
int		 map_word_ok(const char *);
/* Where a map comes from: rulebook, teaching, user or stand-in. */
int		 map_source_ok(const char *);
/* "mountain" is not a loe terrain word (loe has: clear, ...) into why. */
void		 map_word_unknown(const struct map_vocab *, enum map_word_kind,
		    const char *word, char *why, size_t whylen);

#endif
