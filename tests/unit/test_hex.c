/*
 * test_hex.c: unit tests for lib/hex.c.  Every expected value below was
 * worked out by hand from a drawing of the map, and the comments show the
 * working.  The picture to keep in mind: rows count southwards, and a
 * shifted column's hex NN sits half a hex below an unshifted column's hex NN.
 * Writing a hex's vertical centre as its row, plus 0.5 if its column is
 * shifted, the neighbour of a hex in an adjacent column is the one whose
 * centre is half a row above (north-east/west) or below (south-east/west).
 */
#include <stdio.h>
#include <string.h>

#include "hex.h"
#include "tap.h"

static const enum hex_layout layouts[] = { HEX_ODD_Q, HEX_EVEN_Q };
#define NLAYOUTS	((int)(sizeof(layouts) / sizeof(layouts[0])))

/* Parse an id the test itself wrote; a failure here is a bug in the test. */
static struct hex
H(const char *id)
{
	struct hex h = { -1000, -1000 };

	if (hex_parse(id, &h) != 0)
		printf("# test bug: cannot parse '%s'\n", id);
	return h;
}

static void
is_hex(struct hex got, int col, int row, const char *what)
{
	if (!ok(got.col == col && got.row == row, "%s", what))
		printf("#   got (%d,%d), want (%d,%d)\n", got.col, got.row,
		    col, row);
}

static void
test_parse(void)
{
	struct hex h;
	/* Malformed ids; each must be refused and leave h alone. */
	static const char *const bad[] = {
		"",		/* empty */
		"507",		/* too short for two row digits */
		"1234567",	/* too long */
		"05a7",		/* letter */
		"-507",		/* sign: negative hexes have no id */
		"+507",		/* sign */
		" 0507",	/* blanks are not skipped */
		"0507 ",
		"05 07",
		"0507\n",
		"05.7",
	};
	size_t i;

	h.col = h.row = 42;
	is_int(hex_parse("0507", &h), 0, "parse 0507");
	is_hex(h, 5, 7, "0507 is column 5, row 7");
	is_int(hex_parse("0000", &h), 0, "parse 0000");
	is_hex(h, 0, 0, "0000 is column 0, row 0 (maps may start at 00)");
	is_int(hex_parse("2310", &h), 0, "parse 2310");
	is_hex(h, 23, 10, "2310 is column 23, row 10");
	is_int(hex_parse("10507", &h), 0, "parse 10507");
	is_hex(h, 105, 7, "10507: last two digits are the row, so column 105");
	is_int(hex_parse("123456", &h), 0, "parse 123456");
	is_hex(h, 1234, 56, "123456 is column 1234, row 56");
	is_int(hex_parse("999999", &h), 0, "parse 999999");
	is_hex(h, 9999, 99, "999999 is the largest id");

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		h.col = h.row = 42;
		is_int(hex_parse(bad[i], &h), -1, "reject '%s'", bad[i]);
		ok(h.col == 42 && h.row == 42, "'%s' leaves out alone", bad[i]);
	}
	is_int(hex_parse(NULL, &h), -1, "reject NULL");
}

/*
 * Every four-digit id, the form hex_parse_len reads by a shortcut: "cc rr"
 * is column cc, row rr (3709: column 37, row 9), and each id with one of
 * its bytes made a non-digit (the bytes either side of '0'..'9' and a
 * letter) is refused.
 */
static void
test_parse_four(void)
{
	static const char notdigit[] = { '/', ':', 'a', ' ', '\0' };
	char id[5];
	struct hex h;
	int v, pos, k, good = 0, refused = 0, tries = 0;

	for (v = 0; v <= 9999; v++) {
		snprintf(id, sizeof id, "%04d", v);
		if (hex_parse_len(id, 4, &h) == 0 && h.col == v / 100 &&
		    h.row == v % 100)
			good++;
		for (pos = 0; pos < 4; pos++) {
			for (k = 0; k < (int)sizeof notdigit; k++) {
				char bad[5];

				memcpy(bad, id, sizeof bad);
				bad[pos] = notdigit[k];
				tries++;
				refused += hex_parse_len(bad, 4, &h) < 0;
			}
		}
	}
	is_int(good, 10000, "every id 0000 to 9999 reads as its column "
	    "and row");
	is_int(refused, tries, "every id with a non-digit byte is refused");
}

static void
test_format(void)
{
	static const struct {
		int col, row;
		const char *want, *what;
	} cases[] = {
		{ 5, 7, "0507", "column 5 row 7 is padded to 0507" },
		{ 0, 0, "0000", "origin is 0000" },
		{ 105, 7, "10507", "column 105 takes three digits, row still two" },
		{ 1005, 3, "100503", "column 1005, its zeros kept, row 3 as 03" },
		{ 40, 10, "4010", "column 40 row 10: the zeros are digits" },
		{ 9999, 99, "999999", "largest id" },
		{ -1, 5, "????", "negative column has no id" },
		{ 5, -1, "????", "negative row has no id" },
		{ 5, 100, "????", "row 100 does not fit two digits" },
		{ 10000, 1, "????", "column 10000 does not fit in six digits" },
	};
	char buf[HEX_IDLEN], want[16];
	struct hex h;
	size_t i;
	int bad;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		hex_format((struct hex){ cases[i].col, cases[i].row }, buf);
		is_str(buf, cases[i].want, "%s", cases[i].what);
	}
	is_int(hex_parse(buf, &h), -1, "the no-id marker does not parse");

	/* every id there is, as printf writes it */
	for (h.col = 0, bad = 0; h.col <= 9999; h.col++)
		for (h.row = 0; h.row <= 99; h.row++) {
			snprintf(want, sizeof want, "%02d%02d", h.col, h.row);
			bad += hex_format(h, buf) != (int)strlen(want) ||
			    strcmp(buf, want) != 0;
		}
	is_int(bad, 0, "all 1,000,000 ids are written as %%02d%%02d writes "
	    "them, and their lengths said");

	/* hex_put, inlined for two digits of each, writes what hex_format
	   does, for those and for the hexes on either side of the limits */
	for (h.col = -2, bad = 0; h.col <= 10001; h.col++)
		for (h.row = -2; h.row <= 101; h.row++) {
			char put[HEX_IDLEN];

			bad += hex_put(h, put) != hex_format(h, buf) ||
			    strcmp(put, buf) != 0;
		}
	is_int(bad, 0, "hex_put writes every id, and every hex without one, "
	    "as hex_format does");

	/* Round trip through text for a few ids. */
	hex_format(H("1234"), buf);
	is_str(buf, "1234", "1234 survives parse and format");
	hex_format(H("10203"), buf);
	is_str(buf, "10203", "10203 survives parse and format");
}

static void
test_layout_names(void)
{
	enum hex_layout l = HEX_EVEN_Q;

	is_int(hex_layout_parse("odd-q", &l), 0, "parse odd-q");
	is_int(l, HEX_ODD_Q, "odd-q is HEX_ODD_Q");
	is_int(hex_layout_parse("even-q", &l), 0, "parse even-q");
	is_int(l, HEX_EVEN_Q, "even-q is HEX_EVEN_Q");
	is_int(hex_layout_parse("odd", &l), -1, "reject odd");
	is_int(hex_layout_parse("odd-r", &l), -1, "reject odd-r");
	is_int(hex_layout_parse("even-q ", &l), -1, "reject trailing blank");
	is_int(hex_layout_parse("", &l), -1, "reject empty");
	is_int(hex_layout_parse(NULL, &l), -1, "reject NULL");
	is_int(l, HEX_EVEN_Q, "failed parses leave out alone");
	is_str(hex_layout_name(HEX_ODD_Q), "odd-q", "name of HEX_ODD_Q");
	is_str(hex_layout_name(HEX_EVEN_Q), "even-q", "name of HEX_EVEN_Q");
	is_str(hex_layout_name((enum hex_layout)7), "invalid", "bad layout");
}

static void
test_cube_values(void)
{
	struct cube c;

	/*
	 * q is the column.  r is constant along a line running south-east and
	 * equals the row in column 0.  Walking south-east from 0000 in odd-q:
	 * column 0 centre 0.0, then column 1 (shifted) row 0 centre 0.5, 0201
	 * centre 1.0, 0301, 0402, 0502.  So the line r = 0 meets column 5 at
	 * row 2, 0505 is three rows below: r = 3, s = -5 - 3 = -8.
	 */
	c = hex_to_cube(H("0505"), HEX_ODD_Q);
	ok(c.q == 5 && c.r == 3 && c.s == -8, "odd-q 0505 is cube (5,3,-8)");
	/*
	 * even-q, same walk: 0000 (shifted, centre 0.5), 0101 (centre 1.0),
	 * 0201, 0302, 0402, 0503.  r = 0 meets column 5 at row 3, so 0505 has
	 * r = 2, s = -7.
	 */
	c = hex_to_cube(H("0505"), HEX_EVEN_Q);
	ok(c.q == 5 && c.r == 2 && c.s == -7, "even-q 0505 is cube (5,2,-7)");
	/* Both walks pass 0402, so 0404 is r = 2 in both layouts. */
	c = hex_to_cube(H("0404"), HEX_ODD_Q);
	ok(c.q == 4 && c.r == 2 && c.s == -6, "odd-q 0404 is cube (4,2,-6)");
	c = hex_to_cube(H("0404"), HEX_EVEN_Q);
	ok(c.q == 4 && c.r == 2 && c.s == -6, "even-q 0404 is cube (4,2,-6)");
}

/* hex_from_cube(hex_to_cube(h)) == h, and q + r + s == 0, over a grid. */
static void
test_round_trip(void)
{
	int li, col, row, bad;
	struct cube c;
	struct hex back;

	for (li = 0; li < NLAYOUTS; li++) {
		bad = 0;
		/* Negatives too: the hexes round 0000 need them. */
		for (col = -7; col <= 20; col++) {
			for (row = -7; row <= 20; row++) {
				struct hex h = { col, row };

				c = hex_to_cube(h, layouts[li]);
				back = hex_from_cube(c, layouts[li]);
				if (c.q + c.r + c.s != 0 || back.col != col ||
				    back.row != row) {
					if (bad++ == 0)
						printf("#   first failure at"
						    " (%d,%d)\n", col, row);
				}
			}
		}
		is_int(bad, 0, "%s: cube round trip over 28x28 grid",
		    hex_layout_name(layouts[li]));
	}
}

/* Check the six neighbours of id against hand-worked ids, N first. */
static void
check_neighbours(const char *id, enum hex_layout l,
    const char *const want[6])
{
	static const char *const names[] = { "N", "NE", "SE", "S", "SW", "NW" };
	struct hex out[HEX_NDIRS];
	char buf[HEX_IDLEN];
	int d;

	hex_neighbours(H(id), l, out);
	for (d = 0; d < HEX_NDIRS; d++) {
		hex_format(out[d], buf);
		is_str(buf, want[d], "%s: %s neighbour of %s",
		    hex_layout_name(l), names[d], id);
		hex_format(hex_neighbour(H(id), d, l), buf);
		is_str(buf, want[d], "%s: hex_neighbour(%s, %s) agrees",
		    hex_layout_name(l), id, names[d]);
	}
}

static void
test_neighbours(void)
{
	struct hex out[HEX_NDIRS];
	char buf[HEX_IDLEN];

	/*
	 * odd-q, 0505: column 5 is odd, so shifted; centre 5.5.  Columns 4 and
	 * 6 are not shifted: their hex NN has centre NN.  North-east wants
	 * centre 5.0 in column 6: 0605; south-east 6.0: 0606.  Likewise west:
	 * 0405 (NW) and 0406 (SW).  N and S stay in the column.
	 */
	check_neighbours("0505", HEX_ODD_Q, (const char *const[]){
	    "0504", "0605", "0606", "0506", "0406", "0405" });
	/*
	 * odd-q, 0404: column 4 unshifted, centre 4.0.  Columns 3 and 5 are
	 * shifted: hex NN has centre NN.5.  NE wants 3.5: 0503; SE wants 4.5:
	 * 0504; SW 0304; NW 0303.
	 */
	check_neighbours("0404", HEX_ODD_Q, (const char *const[]){
	    "0403", "0503", "0504", "0405", "0304", "0303" });
	/*
	 * even-q, 0505: column 5 unshifted, centre 5.0.  Columns 4 and 6 are
	 * shifted (centre NN.5).  NE wants 4.5: 0604; SE wants 5.5: 0605;
	 * SW 0405; NW 0404.
	 */
	check_neighbours("0505", HEX_EVEN_Q, (const char *const[]){
	    "0504", "0604", "0605", "0506", "0405", "0404" });
	/*
	 * even-q, 0404: column 4 shifted, centre 4.5.  Columns 3 and 5 are
	 * not (centre NN).  NE wants 4.0: 0504; SE wants 5.0: 0505; SW 0305;
	 * NW 0304.
	 */
	check_neighbours("0404", HEX_EVEN_Q, (const char *const[]){
	    "0403", "0504", "0505", "0405", "0305", "0304" });
	/*
	 * In odd-q, 0101's south-east neighbour is 0202: column 1 is shifted
	 * down (centre 1.5) and column 2 is not, so centre 2.0 is row 2.
	 * In even-q column 1 is the high one (centre 1.0), column 2 low
	 * (centre NN.5), so south-east is centre 1.5: 0201.
	 */
	check_neighbours("0101", HEX_ODD_Q, (const char *const[]){
	    "0100", "0201", "0202", "0102", "0002", "0001" });
	check_neighbours("0101", HEX_EVEN_Q, (const char *const[]){
	    "0100", "0200", "0201", "0102", "0001", "0000" });

	/*
	 * Off the edge of the map.  odd-q 0000: column 0 unshifted, centre
	 * 0.0; column -1 is odd so shifted.  NW wants -0.5: column -1 row -1;
	 * SW wants 0.5: column -1 row 0.  N is row -1.
	 */
	hex_neighbours(H("0000"), HEX_ODD_Q, out);
	is_hex(out[HEX_N], 0, -1, "odd-q: N of 0000 is row -1");
	is_hex(out[HEX_NW], -1, -1, "odd-q: NW of 0000 is (-1,-1)");
	is_hex(out[HEX_SW], -1, 0, "odd-q: SW of 0000 is (-1,0)");
	/* Same in even-q: column 0 is low (0.5), column -1 high: NW (-1,0). */
	hex_neighbours(H("0000"), HEX_EVEN_Q, out);
	is_hex(out[HEX_NW], -1, 0, "even-q: NW of 0000 is (-1,0)");
	is_hex(out[HEX_SW], -1, 1, "even-q: SW of 0000 is (-1,1)");
	hex_format(out[HEX_N], buf);
	is_str(buf, "????", "even-q: N of 0000 has no printable id");

	/* Directions wrap modulo 6: 7 is NE, -1 is NW. */
	is_hex(hex_neighbour(H("0505"), 7, HEX_ODD_Q), 6, 5,
	    "odd-q: direction 7 is NE of 0505, 0605");
	is_hex(hex_neighbour(H("0505"), -1, HEX_ODD_Q), 4, 5,
	    "odd-q: direction -1 is NW of 0505, 0405");
}

static void
test_distance(void)
{
	int li;

	for (li = 0; li < NLAYOUTS; li++) {
		enum hex_layout l = layouts[li];
		const char *n = hex_layout_name(l);

		is_int(hex_distance(H("0505"), H("0505"), l), 0,
		    "%s: a hex is 0 from itself", n);
		/* Straight down a column: one step per row. */
		is_int(hex_distance(H("0501"), H("0509"), l), 8,
		    "%s: 0501-0509 down a column is 8", n);
		is_int(hex_distance(H("0400"), H("0410"), l), 10,
		    "%s: 0400-0410 down an even column is 10", n);
		/*
		 * Along a printed row: hexes NN in adjacent columns always
		 * touch (their centres differ by half a row), so the row
		 * zig-zags and each column costs one step.
		 */
		is_int(hex_distance(H("0105"), H("0905"), l), 8,
		    "%s: 0105-0905 along a zig-zag row is 8", n);
		is_int(hex_distance(H("0203"), H("0703"), l), 5,
		    "%s: 0203-0703 along a row is 5", n);
		/*
		 * Two columns across, one row down, from odd column 5 to odd
		 * column 7 (same shift, so centres differ by 1.0): two column
		 * steps can drift half a row each, covering the 1.0, so 2.
		 * odd-q path 0505 SE 0606 SE 0706; even-q 0505 SE 0605 SE 0706.
		 */
		is_int(hex_distance(H("0505"), H("0706"), l), 2,
		    "%s: 0505-0706 (2 across, 1 down) is 2", n);
		is_int(hex_distance(H("0505"), H("0704"), l), 2,
		    "%s: 0505-0704 (2 across, 1 up) is 2", n);
		/* Two across, two down: drift covers 1.0, one S step more. */
		is_int(hex_distance(H("0505"), H("0707"), l), 3,
		    "%s: 0505-0707 (2 across, 2 down) is 3", n);
		/* Long diagonal: 8 columns drift 4 rows; 0101-0905 is 8. */
		is_int(hex_distance(H("0101"), H("0905"), l), 8,
		    "%s: 0101-0905 straight diagonal is 8", n);
	}

	/*
	 * Knight-move-like, one column across and two rows down, 0505-0607.
	 * odd-q: 0505 centre 5.5, 0607 centre 7.0: drift 1.5, the column step
	 * covers 0.5, one S step the rest: 2 (0505 SE 0606 S 0607).
	 * even-q: 0505 centre 5.0, 0607 centre 7.5: drift 2.5, the column step
	 * covers 0.5, two S steps: 3 (0505 SE 0605 S 0606 S 0607).
	 */
	is_int(hex_distance(H("0505"), H("0607"), HEX_ODD_Q), 2,
	    "odd-q: knight 0505-0607 is 2");
	is_int(hex_distance(H("0505"), H("0607"), HEX_EVEN_Q), 3,
	    "even-q: knight 0505-0607 is 3");
	/*
	 * Three across, two down, 0101-0403.  odd-q: centres 1.5 and 3.0,
	 * drift 1.5 fits in three column steps: 3 (0101 SE 0202 SE 0302 SE
	 * 0403).  even-q: centres 1.0 and 3.5, drift 2.5, three column steps
	 * cover 1.5, one S step: 4.
	 */
	is_int(hex_distance(H("0101"), H("0403"), HEX_ODD_Q), 3,
	    "odd-q: 0101-0403 is 3");
	is_int(hex_distance(H("0101"), H("0403"), HEX_EVEN_Q), 4,
	    "even-q: 0101-0403 is 4");
}

/*
 * Over a grid: distance is symmetric, every neighbour is at distance 1, and
 * distance equals the number of steps a breadth-first walk over
 * hex_neighbours takes, so distance agrees with the hand-checked neighbours.
 */
#define GMIN	0
#define GMAX	9
#define BMIN	(GMIN - 6)	/* walk area, with room to go round */
#define BMAX	(GMAX + 6)
#define BSIZE	(BMAX - BMIN + 1)

static void
bfs(struct hex from, enum hex_layout l, int dist[BSIZE][BSIZE])
{
	static struct hex queue[BSIZE * BSIZE];
	struct hex nb[HEX_NDIRS];
	int head = 0, tail = 0, i, j, d;

	for (i = 0; i < BSIZE; i++)
		for (j = 0; j < BSIZE; j++)
			dist[i][j] = -1;
	dist[from.col - BMIN][from.row - BMIN] = 0;
	queue[tail++] = from;
	while (head < tail) {
		struct hex h = queue[head++];

		hex_neighbours(h, l, nb);
		for (d = 0; d < HEX_NDIRS; d++) {
			int c = nb[d].col - BMIN, r = nb[d].row - BMIN;

			if (c < 0 || c >= BSIZE || r < 0 || r >= BSIZE ||
			    dist[c][r] != -1)
				continue;
			dist[c][r] = dist[h.col - BMIN][h.row - BMIN] + 1;
			queue[tail++] = nb[d];
		}
	}
}

static void
test_distance_grid(void)
{
	static int dist[BSIZE][BSIZE];
	struct hex a, b, nb[HEX_NDIRS];
	int li, d, asym, nbad, wbad;

	for (li = 0; li < NLAYOUTS; li++) {
		enum hex_layout l = layouts[li];

		asym = nbad = wbad = 0;
		for (a.col = GMIN; a.col <= GMAX; a.col++)
		for (a.row = GMIN; a.row <= GMAX; a.row++) {
			hex_neighbours(a, l, nb);
			for (d = 0; d < HEX_NDIRS; d++)
				if (hex_distance(a, nb[d], l) != 1)
					nbad++;
			bfs(a, l, dist);
			for (b.col = GMIN; b.col <= GMAX; b.col++)
			for (b.row = GMIN; b.row <= GMAX; b.row++) {
				int ab = hex_distance(a, b, l);

				if (ab != hex_distance(b, a, l))
					asym++;
				if (ab != dist[b.col - BMIN][b.row - BMIN])
					wbad++;
			}
		}
		is_int(asym, 0, "%s: distance(a,b) == distance(b,a) on grid",
		    hex_layout_name(l));
		is_int(nbad, 0, "%s: all neighbours are at distance 1",
		    hex_layout_name(l));
		is_int(wbad, 0, "%s: distance equals steps walked",
		    hex_layout_name(l));
	}
}

static void
test_direction(void)
{
	struct hex a, nb[HEX_NDIRS];
	int li, d, bad;

	/* From the hand-worked neighbour lists above. */
	is_int(hex_direction(H("0505"), H("0606"), HEX_ODD_Q), HEX_SE,
	    "odd-q: 0606 is SE of 0505");
	is_int(hex_direction(H("0606"), H("0505"), HEX_ODD_Q), HEX_NW,
	    "odd-q: 0505 is NW of 0606");
	is_int(hex_direction(H("0505"), H("0604"), HEX_EVEN_Q), HEX_NE,
	    "even-q: 0604 is NE of 0505");
	is_int(hex_direction(H("0404"), H("0305"), HEX_EVEN_Q), HEX_SW,
	    "even-q: 0305 is SW of 0404");
	is_int(hex_direction(H("0505"), H("0504"), HEX_ODD_Q), HEX_N,
	    "odd-q: 0504 is N of 0505");
	is_int(hex_direction(H("0505"), H("0506"), HEX_EVEN_Q), HEX_S,
	    "even-q: 0506 is S of 0505");
	/* 0606 is SE of 0505 in odd-q only; in even-q SE is 0605. */
	is_int(hex_direction(H("0505"), H("0606"), HEX_EVEN_Q), -1,
	    "even-q: 0606 is not next to 0505");
	is_int(hex_direction(H("0505"), H("0505"), HEX_ODD_Q), -1,
	    "a hex is no direction from itself");
	is_int(hex_direction(H("0505"), H("0507"), HEX_ODD_Q), -1,
	    "0507 is two hexes away");

	is_int(hex_adjacent(H("0505"), H("0606"), HEX_ODD_Q), 1,
	    "odd-q: 0505 and 0606 are adjacent");
	is_int(hex_adjacent(H("0505"), H("0606"), HEX_EVEN_Q), 0,
	    "even-q: 0505 and 0606 are not");
	is_int(hex_adjacent(H("0505"), H("0505"), HEX_EVEN_Q), 0,
	    "a hex is not adjacent to itself");
	is_int(hex_adjacent(H("0105"), H("0205"), HEX_EVEN_Q), 1,
	    "same row, next column: adjacent");

	/* Over a grid: direction to neighbour d is d, and back is d + 3. */
	for (li = 0; li < NLAYOUTS; li++) {
		bad = 0;
		for (a.col = -2; a.col <= 11; a.col++)
		for (a.row = -2; a.row <= 11; a.row++) {
			hex_neighbours(a, layouts[li], nb);
			for (d = 0; d < HEX_NDIRS; d++) {
				if (hex_direction(a, nb[d], layouts[li]) != d ||
				    hex_direction(nb[d], a, layouts[li]) !=
				    (d + 3) % HEX_NDIRS ||
				    !hex_adjacent(a, nb[d], layouts[li]))
					bad++;
			}
		}
		is_int(bad, 0, "%s: direction to each neighbour and back",
		    hex_layout_name(layouts[li]));
	}
}

static void
test_side_canonical(void)
{
	struct hex h, h2, nb[HEX_NDIRS];
	int li, d, d2, dir, bad;

	/* Sides 0-2 are already canonical. */
	hex_side_canonical(H("0505"), HEX_NE, HEX_ODD_Q, &h, &d);
	is_hex(h, 5, 5, "odd-q: 0505 NE side stays on 0505");
	is_int(d, HEX_NE, "odd-q: 0505 NE side stays NE");
	/* The south side of 0505 is the north side of 0506. */
	hex_side_canonical(H("0505"), HEX_S, HEX_ODD_Q, &h, &d);
	is_hex(h, 5, 6, "0505 S side belongs to 0506");
	is_int(d, HEX_N, "... as its N side");
	/* odd-q 0505 SW is 0406 (neighbour list above), so side is 0406 NE. */
	hex_side_canonical(H("0505"), HEX_SW, HEX_ODD_Q, &h, &d);
	is_hex(h, 4, 6, "odd-q: 0505 SW side belongs to 0406");
	is_int(d, HEX_NE, "... as its NE side");
	/* odd-q 0505 NW is 0405, so the side is 0405 SE. */
	hex_side_canonical(H("0505"), HEX_NW, HEX_ODD_Q, &h, &d);
	is_hex(h, 4, 5, "odd-q: 0505 NW side belongs to 0405");
	is_int(d, HEX_SE, "... as its SE side");
	/* even-q 0505 SW is 0405 and NW is 0404. */
	hex_side_canonical(H("0505"), HEX_SW, HEX_EVEN_Q, &h, &d);
	is_hex(h, 4, 5, "even-q: 0505 SW side belongs to 0405");
	is_int(d, HEX_NE, "... as its NE side");
	hex_side_canonical(H("0505"), HEX_NW, HEX_EVEN_Q, &h, &d);
	is_hex(h, 4, 4, "even-q: 0505 NW side belongs to 0404");
	is_int(d, HEX_SE, "... as its SE side");
	/* Direction -2 is 4, SW. */
	hex_side_canonical(H("0505"), -2, HEX_EVEN_Q, &h, &d);
	is_hex(h, 4, 5, "even-q: direction -2 is SW");

	/* Over a grid: both names of every side give the same answer. */
	for (li = 0; li < NLAYOUTS; li++) {
		struct hex a;

		bad = 0;
		for (a.col = -2; a.col <= 11; a.col++)
		for (a.row = -2; a.row <= 11; a.row++) {
			hex_neighbours(a, layouts[li], nb);
			for (dir = 0; dir < HEX_NDIRS; dir++) {
				hex_side_canonical(a, dir, layouts[li], &h, &d);
				hex_side_canonical(nb[dir], dir + 3,
				    layouts[li], &h2, &d2);
				if (h.col != h2.col || h.row != h2.row ||
				    d != d2 || d < 0 || d > 2)
					bad++;
			}
		}
		is_int(bad, 0, "%s: both names of each hexside agree",
		    hex_layout_name(layouts[li]));
	}
}

/*
 * Lion of Ethiopia's rules name adjacent hexes in their examples: 2505
 * touches 2405 and 2406; 4026 touches 4126; 1811 touches 1910 and 1911.
 * Hex 2505 (an odd column) meets column 24 at its own row 05 and at 06, so
 * it sits half a hex lower than its even neighbours: odd columns are
 * shifted down, which is odd-q.  4026 (even column, unshifted) meets
 * column 41 at rows 25 and 26, and 1811 meets column 19 at rows 10 and 11,
 * both again what odd-q says.
 */
static void
test_loe_examples(void)
{
	static const char *const pairs[][2] = {
		{ "2505", "2405" }, { "2505", "2406" }, { "4026", "4126" },
		{ "1811", "1910" }, { "1811", "1911" },
	};
	size_t i;

	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		is_int(hex_adjacent(H(pairs[i][0]), H(pairs[i][1]), HEX_ODD_Q), 1,
		    "loe, odd-q: %s touches %s", pairs[i][0], pairs[i][1]);
		is_int(hex_adjacent(H(pairs[i][1]), H(pairs[i][0]), HEX_ODD_Q), 1,
		    "loe, odd-q: %s touches %s", pairs[i][1], pairs[i][0]);
	}
	/*
	 * Under even-q, column 25 would be unshifted (its western neighbours
	 * rows 04 and 05) and column 18 shifted (eastern neighbours 11 and 12),
	 * so 2505/2406 and 1811/1910 would not touch: the rules rule it out.
	 */
	is_int(hex_adjacent(H("2505"), H("2406"), HEX_EVEN_Q), 0,
	    "even-q would part 2505 and 2406");
	is_int(hex_adjacent(H("1811"), H("1910"), HEX_EVEN_Q), 0,
	    "even-q would part 1811 and 1910");
	/* And the directions, from the drawing: 2405 lies NW of 2505, 2406 SW. */
	is_int(hex_direction(H("2505"), H("2405"), HEX_ODD_Q), HEX_NW, "2405 is NW of 2505");
	is_int(hex_direction(H("2505"), H("2406"), HEX_ODD_Q), HEX_SW, "2406 is SW of 2505");
	is_int(hex_direction(H("4026"), H("4126"), HEX_ODD_Q), HEX_SE, "4126 is SE of 4026");
	is_int(hex_direction(H("1811"), H("1910"), HEX_ODD_Q), HEX_NE, "1910 is NE of 1811");
	is_int(hex_direction(H("1811"), H("1911"), HEX_ODD_Q), HEX_SE, "1911 is SE of 1811");
	/*
	 * 4025, north of 4026, does not touch 4126: an unshifted column's
	 * eastern neighbours are rows 24 and 25, so 4025 -> 4026 -> 4126 (or
	 * via 4125) is two steps.
	 */
	is_int(hex_distance(H("4025"), H("4126"), HEX_ODD_Q), 2,
	    "4025 is two steps from 4126");
}

int
main(void)
{
	test_parse();
	test_parse_four();
	test_format();
	test_layout_names();
	test_cube_values();
	test_round_trip();
	test_neighbours();
	test_distance();
	test_distance_grid();
	test_direction();
	test_side_canonical();
	test_loe_examples();
	return tap_done();
}
