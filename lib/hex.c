/*
 * hex.c: hex grid geometry for printed wargame maps.  Ids in XXYY form are
 * parsed into (column, row) offset coordinates; all arithmetic is done in
 * cube coordinates, where distance and direction are simple, and converted
 * back according to which columns the map shifts half a hex down.
 */
#include <stdio.h>
#include <string.h>

#include "hex.h"

/*
 * Cube offsets of the six directions, in enum hex_dir order.  Moving north
 * keeps the column (q) and lowers the row, so r falls and s rises; the
 * diagonal steps change the column and one of r or s.
 */
static const struct cube dirs[HEX_NDIRS] = {
	{  0, -1, +1 },		/* N */
	{ +1, -1,  0 },		/* NE */
	{ +1,  0, -1 },		/* SE */
	{  0, +1, -1 },		/* S */
	{ -1, +1,  0 },		/* SW */
	{ -1,  0, +1 },		/* NW */
};

static const char *const layout_names[] = {
	[HEX_ODD_Q] = "odd-q",
	[HEX_EVEN_Q] = "even-q",
};

/* Reduce any int to 0-5, so callers may write d + 3 or d - 1 freely. */
static int
dir_norm(int dir)
{
	return ((dir % HEX_NDIRS) + HEX_NDIRS) % HEX_NDIRS;
}

int
hex_parse(const char *s, struct hex *out)
{
	if (s == NULL)
		return -1;
	return hex_parse_len(s, strlen(s), out);
}

int
hex_parse_len(const char *s, size_t len, struct hex *out)
{
	size_t i;
	int id = 0;

	if (len < 4 || len > 6)
		return -1;
	if (len == 4) {
		/* most ids: two digits of column and two of row, taken
		 * without a loop or a division, as a map file names
		 * hundreds; a byte below '0' wraps to a big value */
		unsigned c1 = (unsigned char)s[0] - (unsigned)'0';
		unsigned c2 = (unsigned char)s[1] - (unsigned)'0';
		unsigned r1 = (unsigned char)s[2] - (unsigned)'0';
		unsigned r2 = (unsigned char)s[3] - (unsigned)'0';

		if ((c1 > 9) | (c2 > 9) | (r1 > 9) | (r2 > 9))
			return -1;
		out->col = (int)(c1 * 10 + c2);
		out->row = (int)(r1 * 10 + r2);
		return 0;
	}
	/* By hand: isdigit() depends on the locale, strtol() skips blanks.
	 * The last two digits are the row: at most 999999, so no overflow. */
	for (i = 0; i < len; i++) {
		unsigned digit = (unsigned char)s[i] - (unsigned)'0';

		if (digit > 9)
			return -1;
		id = id * 10 + (int)digit;
	}
	out->col = id / 100;
	out->row = id % 100;
	return 0;
}

const char hex_digit_pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233"
    "34353637383940414243444546474849505152535455565758596061626364656667"
    "6869707172737475767778798081828384858687888990919293949596979899";

int
hex_format(struct hex h, char buf[static HEX_IDLEN])
{
	char *p = buf;

	if (h.col < 0 || h.col > 9999 || h.row < 0 || h.row > 99) {
		strcpy(buf, "????");
		return 4;
	}
	/* "%02d%02d" by hand, two digits at a time: a reach names every
	   hex it covers */
	if (h.col >= 100) {
		if (h.col >= 1000)
			*p++ = (char)('0' + h.col / 1000);
		*p++ = (char)('0' + h.col / 100 % 10);
	}
	memcpy(p, hex_digit_pairs + 2 * (h.col % 100), 2);
	memcpy(p + 2, hex_digit_pairs + 2 * h.row, 2);
	p[4] = '\0';
	return (int)(p + 4 - buf);
}

int
hex_layout_parse(const char *s, enum hex_layout *out)
{
	size_t i;

	if (s == NULL)
		return -1;
	for (i = 0; i < sizeof(layout_names) / sizeof(layout_names[0]); i++) {
		if (strcmp(s, layout_names[i]) == 0) {
			*out = (enum hex_layout)i;
			return 0;
		}
	}
	return -1;
}

const char *
hex_layout_name(enum hex_layout layout)
{
	if (layout != HEX_ODD_Q && layout != HEX_EVEN_Q)
		return "invalid";
	return layout_names[layout];
}

struct cube
hex_to_cube(struct hex h, enum hex_layout layout)
{
	struct cube c;

	c.q = h.col;
	c.r = h.row - hex_row_offset(h.col, layout);
	c.s = -c.q - c.r;
	return c;
}

struct hex
hex_from_cube(struct cube c, enum hex_layout layout)
{
	struct hex h;

	h.col = c.q;
	h.row = c.r + hex_row_offset(c.q, layout);
	return h;
}

int
hex_distance(struct hex a, struct hex b, enum hex_layout layout)
{
	return hex_cube_distance(hex_to_cube(a, layout), hex_to_cube(b,
	    layout));
}

struct hex
hex_neighbour(struct hex h, int dir, enum hex_layout layout)
{
	struct cube c = hex_to_cube(h, layout);
	const struct cube *d = &dirs[dir_norm(dir)];

	c.q += d->q;
	c.r += d->r;
	c.s += d->s;
	return hex_from_cube(c, layout);
}

void
hex_neighbours(struct hex h, enum hex_layout layout, struct hex out[HEX_NDIRS])
{
	int d;

	for (d = 0; d < HEX_NDIRS; d++)
		out[d] = hex_neighbour(h, d, layout);
}

int
hex_direction(struct hex from, struct hex to, enum hex_layout layout)
{
	/*
	 * The direction by the cube difference.  s follows from q and r
	 * (q + r + s == 0), so (dq, dr) alone names the step: a 3x3 table
	 * instead of comparing with all six, as map files check every
	 * hexside they list.
	 */
	static const signed char by_step[3][3] = {
		/* dr:  -1       0        +1 */
		{      -1,      HEX_NW,  HEX_SW },	/* dq -1 */
		{   HEX_N,      -1,      HEX_S  },	/* dq 0 */
		{  HEX_NE,      HEX_SE,  -1     },	/* dq +1 */
	};
	struct cube a, b;
	int dq = to.col - from.col, dr;

	if (dq < -1 || dq > 1)
		return -1;
	a = hex_to_cube(from, layout);
	b = hex_to_cube(to, layout);
	dr = b.r - a.r;
	if (dr < -1 || dr > 1)
		return -1;
	return by_step[dq + 1][dr + 1];
}

int
hex_adjacent(struct hex a, struct hex b, enum hex_layout layout)
{
	return hex_direction(a, b, layout) != -1;
}

void
hex_side_canonical(struct hex h, int dir, enum hex_layout layout,
    struct hex *out_h, int *out_dir)
{
	int d = dir_norm(dir);

	/* Sides 3-5 are sides 0-2 of the neighbour across them. */
	if (d >= HEX_NDIRS / 2) {
		*out_h = hex_neighbour(h, d, layout);
		*out_dir = d - HEX_NDIRS / 2;
		return;
	}
	*out_h = h;
	*out_dir = d;
}
