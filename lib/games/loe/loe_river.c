/*
 * loe_river.c: rivers that flow through hexes (6.3.8), on a map.  A river
 * hex's river runs in at the middle of each hexside of its course (the
 * hexside word river or lake), and those hexsides cut its other hexsides
 * into banks: a unit that leaves a river hex on another bank from the one
 * it is on crosses the river.  So the engine keeps, of the cheapest way
 * into a river hex, the bank it came along (loe_river_entry, the map
 * search's map_entry), and each step out of one is priced knowing
 * whether it crosses (loe_river_step, map_step).  One that began there
 * leaves by either bank (6.3.8 B).  A road that joins the two banks of
 * the hex bridges the crossing (6.3.9 A).
 */
#include "hex.h"
#include "map.h"
#include "move.h"
#include "move_map.h"
#include "games/loe/loe_move.h"

/* A river or lake hex's feature bits, its course's hexside bits: the
 * moving unit's words (loe_move.c). */
static unsigned
river_bits(const struct move_map *mm)
{
	return mm->units[0].fbit[F_RIVER] | mm->units[0].fbit[F_LAKE];
}

static unsigned
course_bits(const struct move_map *mm)
{
	return mm->units[0].sbit[S_RIVER] | mm->units[0].sbit[S_LAKE];
}

/* Directions 0-5 of the hexsides the river runs across, as bits. */
static unsigned
river_sides(const struct move_map *mm, int hex)
{
	unsigned bits = 0, course = course_bits(mm);
	int d;

	for (d = 0; d < HEX_NDIRS; d++)
		if (map_cell_side(&mm->cells, hex, d) & course)
			bits |= 1u << d;
	return bits;
}

static int
popcount6(unsigned b)
{
	int n = 0;

	for (; b; b &= b - 1)
		n++;
	return n;
}

/*
 * Places round a hex's rim, clockwise: the middle of hexside d is place
 * 2d, the corner between hexsides d and d + 1 place 2d + 1.  A river
 * runs in at the middle of each hexside of its course, so those places
 * part the rim into banks; a unit stands on one of them, at the middle of
 * the hexside it came in by or, having come along the river, at a corner.
 */
#define RIM	(2 * HEX_NDIRS)

static int
rim(int place)
{
	return (place % RIM + RIM) % RIM;
}

/* Is there a river hexside's middle strictly between places a and b,
 * going clockwise from a? */
static int
river_between(unsigned rs, int a, int b)
{
	int p;

	for (p = rim(a + 1); p != b; p = rim(p + 1))
		if (p % 2 == 0 && (rs & (1u << (p / 2))))
			return 1;
	return 0;
}

/* Are places a and b, neither on the river, on the same bank: does
 * neither way round the rim between them meet the river? */
static int
same_bank(unsigned rs, int a, int b)
{
	return a == b || !river_between(rs, a, b) || !river_between(rs, b, a);
}

/* Does hexside d touch the bank of place p?  A hexside of the river's
 * course touches the two banks beside it, at its corners. */
static int
side_on_bank(unsigned rs, int d, int p)
{
	if (!(rs & (1u << d)))
		return same_bank(rs, 2 * d, p);
	return same_bank(rs, rim(2 * d - 1), p) ||
	    same_bank(rs, rim(2 * d + 1), p);
}

/* Where a way's entry (move_map.h) puts the unit on the rim; -1 either
 * bank. */
static int
bank_place(int entry)
{
	if (entry < 0)
		return -1;
	return entry < HEX_NDIRS ? 2 * entry : 2 * (entry - HEX_NDIRS) + 1;
}

/* The river hexsides of a hex that counts as a river hex: at least two
 * (6.3.8 C: one alone is a river's end); 0 for any other hex. */
static unsigned
river_of(const struct move_map *mm, int hex)
{
	unsigned rs;

	if (!(map_cell_features(&mm->cells, hex) & river_bits(mm)))
		return 0;
	rs = river_sides(mm, hex);
	return popcount6(rs) < 2 ? 0 : rs;
}

/*
 * 6.3.8 A, D: does leaving river hex `from` across dir cross a river?  A
 * unit on one bank leaves without crossing by a hexside of that bank, or
 * along the river by a hexside of its course that its bank touches;
 * every other way is across.  A unit that began the phase there (6.3.8 B)
 * or whose way in is not known may leave by either bank.  (loe_river_step
 * asks only where from's features have a river.)
 */
static int
crosses(const struct move_map *mm, int from, int dir, int *place)
{
	unsigned rs = river_of(mm, from);

	if (rs == 0 || (*place = bank_place(move_map_entry(mm, from))) < 0)
		return 0;
	return !side_on_bank(rs, dir, *place);
}

/*
 * 6.3.9 A: a river is bridged where a road crosses it: the crossing from
 * place's bank out across dir is bridged when a road of the hex touches
 * that bank and a road (the same or another) touches the bank dir leaves
 * by.  A road across a hexside of the river's course, running with the
 * river there, is taken to touch both banks beside that hexside, as the
 * map cannot say which bank it keeps.
 */
static int
bridged(const struct move_map *mm, int from, int dir, int place)
{
	unsigned rs = river_sides(mm, from), roads = 0;
	int r, j, near = 0, far = 0;

	for (j = 0; j < mm->nunits; j++)
		roads |= mm->units[j].road_sides;

	for (r = 0; r < HEX_NDIRS; r++) {
		if (!(map_cell_side(&mm->cells, from, r) & roads))
			continue;
		near |= side_on_bank(rs, r, place);
		if (!(rs & (1u << dir)))
			far |= side_on_bank(rs, r, 2 * dir);
		else
			far |= side_on_bank(rs, r, rim(2 * dir - 1)) ||
			    side_on_bank(rs, r, rim(2 * dir + 1));
	}
	return near && far;
}

/*
 * The entry to keep for hex `to`, entered from `from` across dir: the
 * hexside it came in by; or, where that hexside is on the course of to's
 * river, the bank it came along: the bank it stood on in `from`, which
 * holds one of that hexside's two corners (6.3.8 A: along the river is
 * no crossing, so it is still on it).  A corner is shared by the two
 * hexes: from's corner before hexside dir (place 2 dir - 1) is to's
 * after its hexside e (2e + 1), and the other the other way.  -1, either
 * bank: from began the phase on the river, or is a river's end, or its
 * bank touches neither corner (it crossed, at a bridge or the ford).
 */
int
loe_river_entry(const struct move_map *mm, int from, int dir, int to)
{
	int e = (dir + 3) % HEX_NDIRS, p;
	unsigned rt = river_of(mm, to), rf;

	if (rt == 0 || !(rt & (1u << e)))
		return e;
	if ((rf = river_of(mm, from)) == 0 ||
	    (p = bank_place(move_map_entry(mm, from))) < 0)
		return -1;
	if (same_bank(rf, p, rim(2 * dir - 1)))
		return HEX_NDIRS + e;
	if (same_bank(rf, p, rim(2 * dir + 1)))
		return HEX_NDIRS + (e + HEX_NDIRS - 1) % HEX_NDIRS;
	return -1;
}

void
loe_river_step(const struct move_map *mm, int from, int dir, int to,
    struct move_step *st)
{
	int place;

	(void)to;
	if ((st->from_features & river_bits(mm)) &&
	    crosses(mm, from, dir, &place)) {
		st->game |= LOE_STEP_CROSS;
		if (bridged(mm, from, dir, place))
			st->game |= LOE_STEP_BRIDGED;
	}
}

/*
 * Before a search the bank the unit will be on is not known, so a step
 * out of a river hex is read three ways: not crossing, crossing, crossing
 * at a bridge (6.3.8, 6.3.9 A).
 */
int
loe_river_reading(int k, struct move_step *st)
{
	static const unsigned readings[] = { 0, LOE_STEP_CROSS,
		LOE_STEP_CROSS | LOE_STEP_BRIDGED };

	if (k < 0 || k >= (int)(sizeof readings / sizeof *readings))
		return 0;
	st->game = (st->game & ~(LOE_STEP_CROSS | LOE_STEP_BRIDGED)) |
	    readings[k];
	return 1;
}
