/*
 * hex.h: hex grid geometry for printed wargame maps.  Hexes are named by the
 * XXYY ids printed on the map (column then row, rows counting southwards),
 * the hexes are flat-topped and stand in vertical columns, and every other
 * column is shifted half a hex down.  The module converts ids to and from
 * cube coordinates and answers distance, neighbour, direction and hexside
 * questions.  It knows nothing about any particular game.
 */
#ifndef UMPIRE_HEX_H
#define UMPIRE_HEX_H

#include <stddef.h>
#include <string.h>

/* A hex as printed: column XX, row YY.  Rows grow towards the south. */
struct hex {
	int	col;
	int	row;
};

/*
 * Cube coordinates, q + r + s == 0.  q is the column; r and s are the two
 * diagonal axes, so that moving one hex in any direction changes exactly two
 * of the three by one.
 */
struct cube {
	int	q;
	int	r;
	int	s;
};

/* Which columns sit half a hex lower than their neighbours. */
enum hex_layout {
	HEX_ODD_Q,	/* odd columns (01, 03, ...) are shifted down */
	HEX_EVEN_Q	/* even columns (00, 02, ...) are shifted down */
};

/*
 * Directions, clockwise from north.  Direction d and (d + 3) % 6 are
 * opposite each other.
 */
enum hex_dir {
	HEX_N,
	HEX_NE,
	HEX_SE,
	HEX_S,
	HEX_SW,
	HEX_NW
};

#define HEX_NDIRS	6
/* Room for the longest id, "999999", and its NUL. */
#define HEX_IDLEN	8

/*
 * Parse an id: 4 digits ("0507" is column 5, row 7), or 5 or 6 digits where
 * the last two are the row ("10507" is column 105, row 7).  Nothing but
 * digits is allowed, not even surrounding blanks.  Returns 0, or -1 if s is
 * NULL or malformed, in which case *out is untouched.
 */
int		 hex_parse(const char *, struct hex *);
/* The same for the len bytes at s, which need no NUL (a word in a line). */
int		 hex_parse_len(const char *, size_t, struct hex *);

/*
 * Write h as a zero-padded id, the inverse of hex_parse.  A hex no id can
 * name (negative, row above 99, column above 9999) is written as "????",
 * which hex_parse rejects.  Returns its length.
 */
int		 hex_format(struct hex, char [static HEX_IDLEN]);

/* "00" to "99": number n's two digits at 2 * n. */
extern const char hex_digit_pairs[201];

/* n, 0 to 99, in decimal at p with no leading zero (it writes two bytes,
 * the second past a single digit being scratch); returns the end. */
static inline char *
hex_put_small(char *p, unsigned n)
{
	memcpy(p, hex_digit_pairs + 2 * n + (n < 10), 2);
	return p + 1 + (n >= 10);
}

/* hex_format, inlined for an id of two digits of column and two of row,
 * which nearly every map's hexes have: a reach lists every hex it covers. */
static inline int
hex_put(struct hex h, char buf[static HEX_IDLEN])
{
	if ((unsigned)h.col > 99 || (unsigned)h.row > 99)
		return hex_format(h, buf);
	memcpy(buf, hex_digit_pairs + 2 * h.col, 2);
	memcpy(buf + 2, hex_digit_pairs + 2 * h.row, 2);
	buf[4] = '\0';
	return 4;
}

/* Accept "odd-q" or "even-q"; return 0, or -1 leaving *out untouched. */
int		 hex_layout_parse(const char *, enum hex_layout *);
/* The name hex_layout_parse accepts, or "invalid" for a bad value. */
const char	*hex_layout_name(enum hex_layout);

/*
 * Row number minus cube r for hexes in column col.  Lines of constant r run
 * south-east, dropping a row every two columns; whether odd columns round
 * that drop down or up is exactly what the layout decides.  col - odd and
 * col + odd are even, so the division is exact for negative columns too.
 * Inline: a walk round a ring of hexes asks it at every hex.
 */
static inline int
hex_row_offset(int col, enum hex_layout layout)
{
	int odd = col % 2 != 0;	/* with %, negative columns work too */

	if (layout == HEX_ODD_Q)
		return (col - odd) / 2;
	return (col + odd) / 2;
}

struct cube	 hex_to_cube(struct hex, enum hex_layout);
struct hex	 hex_from_cube(struct cube, enum hex_layout);

/* Hexes from a to b: each step changes two of q, r, s by one, hence the
 * halving.  Inline: the searches that bound a way by it ask it of many
 * pairs. */
static inline int
hex_cube_distance(struct cube a, struct cube b)
{
	int q = a.q - b.q, r = a.r - b.r, s = a.s - b.s;

	return ((q < 0 ? -q : q) + (r < 0 ? -r : r) + (s < 0 ? -s : s)) / 2;
}

/* Number of steps between two hexes; 0 for the same hex. */
int		 hex_distance(struct hex, struct hex, enum hex_layout);

/* The hex one step away in direction dir, which is taken modulo 6. */
struct hex	 hex_neighbour(struct hex, int, enum hex_layout);
/* All six neighbours, out[d] lying in direction d (HEX_N first). */
void		 hex_neighbours(struct hex, enum hex_layout,
		    struct hex [HEX_NDIRS]);

/* Direction 0-5 from one hex to an adjacent one, or -1 if not adjacent. */
int		 hex_direction(struct hex, struct hex, enum hex_layout);
/* 1 if the two hexes share a hexside, else 0 (a hex is not its own). */
int		 hex_adjacent(struct hex, struct hex, enum hex_layout);

/*
 * A hexside has two names: (h, d) and (neighbour of h in d, d + 3).  Map
 * either to the one whose direction is HEX_N, HEX_NE or HEX_SE, so that the
 * result can serve as a key.  dir is taken modulo 6.
 */
void		 hex_side_canonical(struct hex, int, enum hex_layout,
		    struct hex *, int *);

#endif
