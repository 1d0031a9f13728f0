/*
 * map.h: hex maps.  A map is the rectangle of hexes its ids span, each hex
 * with one terrain word and a set of feature words, each hexside with a set
 * of hexside words, and some hexes with a place name.  The words are the
 * game's own, listed in rules/<game>/terrain.json (the vocabulary); this
 * module knows no game and checks every word against that list.
 *
 * Everything is held in flat arrays indexed by hex number (0 ..
 * map_size() - 1), so a million-hex map costs a few bytes a hex and no
 * allocation per hex.  Hexes are numbered column by column.
 *
 * Two file forms, described in umpire-data(5): JSON (what `umpire map
 * import` installs, or any path), and the compact text a player types from
 * a printed map (the shipped maps, rules/<game>/maps/NAME.map).  map_load() takes either: a file whose
 * first non-blank byte is '{' is JSON.  Extensions of MAP-API.md: the text
 * form is loadable directly, "size" in JSON, the vocabulary and parser
 * entry points below.
 */
#ifndef UMPIRE_MAP_H
#define UMPIRE_MAP_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "ctx.h"
#include "hex.h"

/* At most this many feature words and hexside words per game (bitmasks). */
#define MAP_MAX_BITS	32
/* At most this many terrain words per game (one byte a hex). */
#define MAP_MAX_TERRAINS 255

struct map;
struct map_vocab;

/*
 * Load a map.  spec is a path (it contains '/' or ends in .json or .map)
 * or a NAME looked up as <game>/maps/NAME.json or NAME.map (the shipped
 * maps are text) through data_find_first, game being c->game.  The file
 * is parsed on every load, which keeps every answer inside the guard of
 * tests/bench/guard.  Returns ST_OK, or reports (one line naming the
 * file, the line and column where it can) and returns ST_DATA, ST_USAGE
 * or ST_SYS.
 */
int		 map_load(const struct ctx *c, const char *spec, struct map **out);
/*
 * Read the map in file path, either form (check, import).  game (may be
 * NULL) is the game it must be for, and the game of a text file without
 * a game line; name (may be NULL) replaces the name the file gives.
 * Reports like map_load.
 */
int		 map_read(const struct ctx *c, const char *path, const char *game,
		    const char *name, struct map **out);
void		 map_free(struct map *);

const char	*map_game(const struct map *);
const char	*map_name(const struct map *);
const char	*map_source(const struct map *);  /* "teaching", "user", ... */
const char	*map_note(const struct map *);	   /* "" if none */
const char	*map_path(const struct map *);	   /* the file it came from */
enum hex_layout	 map_layout(const struct map *);
int		 map_size(const struct map *);	   /* number of hexes */
/* The first (north-west) and last (south-east) corners of the rectangle. */
void		 map_bounds(const struct map *, struct hex *first, struct hex *last);
int		 map_index(const struct map *, struct hex); /* -1 if off the map */
struct hex	 map_hex(const struct map *, int idx);
/* The id as printed ("2505") of hex idx; its length. */
int		 map_hex_id(const struct map *, int idx, char [static HEX_IDLEN]);
/* Parse an id and find it: the index, or -1 if malformed or off the map. */
int		 map_lookup(const struct map *, const char *id);
int		 map_neighbour(const struct map *, int idx, int dir); /* -1 off */
/* All six at once, out[d] in direction d, -1 off the map: for loops. */
void		 map_neighbours(const struct map *, int idx, int out[HEX_NDIRS]);
/*
 * The grid's shape as map_neighbours reads it, for a search that asks it
 * of every hex it takes (path.c): map_grid fills the view once, and
 * map_grid_neighbours is map_neighbours inlined, no call and no loads
 * from the map at each hex.  A column c is shifted half a hex down when
 * (c + flip) is odd; by_rows divides by nrows as map.c's map_column does.
 */
struct map_grid {
	int nrows, ncols, flip;
	int col0, row0;		/* the first column's and row's numbers */
	uint64_t by_rows;
};
void		 map_grid(const struct map *, struct map_grid *);

/* map_hex inlined: the hex at idx. */
static inline struct hex
map_grid_hex(const struct map_grid *g, int idx)
{
	int c = (int)(((uint64_t)(unsigned)idx * g->by_rows) >> 32);

	return (struct hex){ .col = g->col0 + c, .row = g->row0 + idx - c *
	    g->nrows };
}

/* In a column shifted half a hex down, the hexes to the north-east and
 * north-west carry the same row number and those to the south-east and
 * south-west the next; in an unshifted column, the previous row and the
 * same row.  hex_neighbour() without the cube round trip. */
static inline void
map_grid_neighbours(const struct map_grid *g, int idx, int out[HEX_NDIRS])
{
	int nrows = g->nrows;
	int c = (int)(((uint64_t)(unsigned)idx * g->by_rows) >> 32);
	int r = idx - c * nrows;
	int up = ((c + g->flip) & 1) - 1;	/* row step to the NE and NW */
	int west = c > 0, east = c + 1 < g->ncols;

	out[HEX_N] = r > 0 ? idx - 1 : -1;
	out[HEX_S] = r + 1 < nrows ? idx + 1 : -1;
	/* the NE/NW neighbour is on row r + up, the SE/SW one on r + up + 1 */
	out[HEX_NE] = east && r + up >= 0 ? idx + nrows + up : -1;
	out[HEX_SE] = east && r + up + 1 < nrows ? idx + nrows + up + 1 : -1;
	out[HEX_SW] = west && r + up + 1 < nrows ? idx - nrows + up + 1 : -1;
	out[HEX_NW] = west && r + up >= 0 ? idx - nrows + up : -1;
}

/* Direction from a to adjacent b, or -1 if they do not touch. */
int		 map_direction(const struct map *, int a, int b);

const char	*map_terrain(const struct map *, int idx);	/* the word */
int		 map_terrain_id(const struct map *, int idx);	/* into vocab */
unsigned	 map_features(const struct map *, int idx); /* bit i = features[i] */
unsigned	 map_side(const struct map *, int idx, int dir); /* bit i = hexsides[i] */
/*
 * The same three as arrays, for a search that reads them at every step it
 * prices and would pay a call for each (move_map.c): map_cells fills the
 * view, map_cell_features and map_cell_side read it as map_features and
 * map_side do (dir 0 to 5).  The map keeps features in 16 bits a hex and
 * hexsides in 8 where its game's words fit, else in 32; one of each pair
 * is set, or neither when no hex has any.
 */
struct map_cells {
	const unsigned char *terrain;
	const uint16_t *features16;
	const uint32_t *features32;
	const uint8_t *sides8;
	const uint32_t *sides32;
};
void		 map_cells(const struct map *, struct map_cells *);

static inline unsigned
map_cell_features(const struct map_cells *c, int idx)
{
	if (c->features16)
		return c->features16[idx];
	return c->features32 ? c->features32[idx] : 0;
}

static inline unsigned
map_cell_side(const struct map_cells *c, int idx, int dir)
{
	size_t i = (size_t)idx * HEX_NDIRS + (size_t)dir;

	if (c->sides8)
		return c->sides8[i];
	return c->sides32 ? c->sides32[i] : 0;
}

/* The words of all six hexsides of idx together: a byte at a time where
 * the map keeps them in bytes, as a search asks it of many hexes. */
static inline unsigned
map_cell_sides(const struct map_cells *c, int idx)
{
	const uint8_t *b;
	unsigned all = 0;
	int d;

	if (c->sides8) {
		b = c->sides8 + (size_t)idx * HEX_NDIRS;
		return (unsigned)(b[0] | b[1] | b[2] | b[3] | b[4] | b[5]);
	}
	for (d = 0; c->sides32 && d < HEX_NDIRS; d++)
		all |= c->sides32[(size_t)idx * HEX_NDIRS + (size_t)d];
	return all;
}

int		 map_feature_bit(const struct map *, const char *word); /* or -1 */
int		 map_side_bit(const struct map *, const char *word);	/* or -1 */
const char	*map_place(const struct map *, int idx);	/* NULL if none */
int		 map_find_place(const struct map *, const char *name); /* or -1 */
int		 map_nplaces(const struct map *);
/* The i-th named hex, in hex order: its index, and its name in *name. */
int		 map_place_at(const struct map *, int i, const char **name);

/* The vocabulary the map was checked against. */
const struct map_vocab *map_vocab(const struct map *);

/*
 * The game's words.  Kinds: terrain, hex features, hexside features.
 */
enum map_word_kind { MAP_TERRAIN, MAP_FEATURE, MAP_HEXSIDE };

/* Read rules/<game>/terrain.json; reports and returns a status. */
int		 map_vocab_load(const struct ctx *c, const char *game,
		    struct map_vocab **out);
/* Build from a parsed terrain.json: 0, or -1 with why[] saying what. */
int		 map_vocab_from_json(const cJSON *, struct map_vocab **out,
		    char *why, size_t whylen);
void		 map_vocab_free(struct map_vocab *);
const char	*map_vocab_game(const struct map_vocab *);
int		 map_vocab_count(const struct map_vocab *, enum map_word_kind);
const char	*map_vocab_word(const struct map_vocab *, enum map_word_kind, int i);
/* Index (terrain) or bit number (features, hexsides) of word, or -1. */
int		 map_vocab_find(const struct map_vocab *, enum map_word_kind,
		    const char *word);

/*
 * The parsers, for map_load, `umpire map import|check` and the fuzzers.
 * vocab_for(ud, game) gives the vocabulary of the game the file names, or
 * NULL (with why[] filled) if there is none; the map takes ownership.
 * Return 0, or -1 with why[] saying what is wrong and where: "line L,
 * column C: ..." for text and JSON syntax, the member's path for JSON
 * values ("hexes.2505.terrain: ...").
 */
typedef struct map_vocab *(*map_vocab_fn)(void *ud, const char *game,
    char *why, size_t whylen);
int		 map_parse_json(const char *buf, size_t len, map_vocab_fn, void *ud,
		    struct map **out, char *why, size_t whylen);
/* The compact text; game and name may preset "game" and the map's name. */
int		 map_parse_text(const char *buf, size_t len, const char *game,
		    const char *name, map_vocab_fn, void *ud, struct map **out,
		    char *why, size_t whylen);

/* Set the name and source (for import: the name given, "user"). */
void		 map_set_name(struct map *, const char *name, const char *source);
/* The map as JSON text in the file form (malloc'd; the caller frees). */
char		*map_to_json(const struct map *);

#endif
