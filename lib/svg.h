/*
 * svg.h: a picture of a window of a hex map, as SVG, with an answer drawn
 * on it: a path and the cost of each step, the hexes a unit can reach
 * shaded by the movement left, the routes of a retreat or an advance, each
 * unit's supply line, hexes ringed for attention.  It draws what the map,
 * the situation and the overlay say and knows no game: terrain and
 * feature words choose a colour, a fill pattern and a glyph, and a word it
 * has no style for is still drawn, with its name.
 *
 * The picture must read on screen and on a black-and-white printout, so
 * every terrain has a pattern as well as a colour, the legend names them,
 * the path is a dark line on a white casing with its costs written out,
 * and each answer has its own shape as well as its colour: retreat routes
 * long dashes and square ends, advance routes short dashes, a cross where
 * a unit dies, a barred disc where a supply line is blocked, a ring and
 * "OOS" on a unit out of supply.
 */
#ifndef UMPIRE_SVG_H
#define UMPIRE_SVG_H

#include <stdio.h>

struct map;
struct situation;

struct svg_overlay {
	const int *path;	/* hex indexes, path[0] the start; or NULL */
	int npath;
	const int *path_costs;	/* cost of entering path[i], i >= 1; may be NULL */
	/*
	 * A priced path's kinds of step: path_rules[i] (or NULL) the rule of
	 * step i, written under its cost; steps path_rail0 + 1 .. path_rail1
	 * went by rail (toto 9.8), drawn with sleepers across the line; with
	 * path_landing, step 1 is a landing from the sea (loe 6.4 D), drawn
	 * as a dotted sea lane from the port sailed from, not a step on land;
	 * with path_embark too, the unit puts to sea from path[0] this phase
	 * (loe 6.4 C) and the rest is next phase's move.
	 */
	const char *const *path_rules;
	int path_rail0, path_rail1, path_landing, path_embark;
	const int *reach_left;	/* map_size entries, -1 unreachable; or NULL */
	const unsigned char *reach_pass;	/* 1 where the unit may pass
					   but not end its move; or NULL */
	const int *marks;	/* hexes to ring; or NULL */
	int nmarks;
	const char *title;	/* NULL for none */
	/*
	 * More lines drawn as the path is, without costs (each unit's supply
	 * line): lines[i] holds nline[i] hexes, the first its start; or NULL.
	 */
	const int *const *lines;
	const int *nline;
	int nlines;
	/*
	 * Routes after combat (move_route.h), when routes is 1: the steps
	 * route_steps[2k] -> route_steps[2k + 1], k < nroute_steps, each
	 * drawn as a dashed line between the centres with a node on each hex.
	 * Steps, not a hex before each hex: two routes may enter one hex
	 * from different sides (loe 8.4.1 retreats turn toward a road).
	 * ends[0..nends) are where a retreat may end, end_loss[k] (or NULL)
	 * what reaching ends[k] loses; doomed[0..ndoomed) the hexes where a
	 * unit that cannot retreat in full is eliminated, crossed out.
	 */
	int routes;
	const int *route_steps;
	int nroute_steps;
	enum svg_route { SVG_RETREAT, SVG_ADVANCE } route_kind;
	const int *ends, *end_loss;
	int nends;
	const int *doomed;
	int ndoomed;
	/*
	 * Supply: line_blocked[i] (or NULL) is 1 when lines[i] is an attempt
	 * that was blocked, drawn dashed; oos[0..noos) the hexes of units out
	 * of supply, ringed and labelled; blocked[0..nblocked) the hexes where
	 * a line was blocked, barred.
	 */
	const unsigned char *line_blocked;
	const int *oos, *blocked;
	int noos, nblocked;
	/*
	 * Cost units per movement point: 0 or 1 when costs are whole points,
	 * 2 when the game counts in halves (costs and MP left are divided by
	 * it for display: 3 half points are written "1.5").
	 */
	int cost_scale;
};

/*
 * The most hexes one picture holds, for every command that draws one: a
 * bigger window is a picture nobody can read, and it grows without
 * bound (a picture of 352 MB was once written); callers ask for a part
 * of the map instead (map svg --around).
 */
#define SVG_MAX_HEXES	40000

/* The colours of the answers, for callers and tests that look for them. */
#define SVG_PATH_COLOUR "#e6007e"
#define SVG_RETREAT_COLOUR "#e66100"
#define SVG_ADVANCE_COLOUR "#6a3d9a"
#define SVG_SEA_COLOUR "#08519c"	/* a landing's sea lane */
#define SVG_FAIL_COLOUR "#d7191c"	/* eliminated here, blocked here,
					   out of supply */

/*
 * Write the picture of columns col0..col1 and rows row0..row1 of m (the
 * whole map when all four are 0) with the units of s (or none when s is
 * NULL) and the overlay o (or none).  The window is clipped to the map.
 * Returns 0, or -1 if the window holds no hex of the map or writing
 * failed; nothing is reported, so the caller can say which.
 */
int svg_write(FILE *fp, const struct map *m, const struct situation *s,
    const struct svg_overlay *o, int col0, int row0, int col1, int row1);

/* Write s with the five characters XML reserves escaped, the controls
 * XML 1.0 forbids dropped, and bytes that are not UTF-8 (and U+FFFE,
 * U+FFFF) written as U+FFFD: the picture is well-formed whatever s holds. */
void svg_escape(FILE *fp, const char *s);

#endif
