/*
 * svg.h: a picture of a window of a hex map, as SVG, with an answer drawn
 * on it: a path and the cost of each step, the hexes a unit can reach
 * shaded by the movement left, hexes ringed for attention (a retreat that
 * ends in elimination).  It draws what the map, the situation and the
 * overlay say and knows no game: terrain and feature words choose a
 * colour, a fill pattern and a glyph, and a word it has no style for is
 * still drawn, with its name.
 *
 * The picture must read on screen and on a black-and-white printout, so
 * every terrain has a pattern as well as a colour, the legend names them,
 * and the path is a dark line on a white casing with its costs written out.
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
	const int *reach_left;	/* map_size entries, -1 unreachable; or NULL */
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
	 * Cost units per movement point: 0 or 1 when costs are whole points,
	 * 2 when the game counts in halves (costs and MP left are divided by
	 * it for display: 3 half points are written "1.5").
	 */
	int cost_scale;
};

/* The colour of the path line, for callers and tests that look for it. */
#define SVG_PATH_COLOUR "#e6007e"

/*
 * Write the picture of columns col0..col1 and rows row0..row1 of m (the
 * whole map when all four are 0) with the units of s (or none when s is
 * NULL) and the overlay o (or none).  The window is clipped to the map.
 * Returns 0, or -1 if the window holds no hex of the map or writing
 * failed; nothing is reported, so the caller can say which.
 */
int svg_write(FILE *fp, const struct map *m, const struct situation *s,
    const struct svg_overlay *o, int col0, int row0, int col1, int row1);

/* Write s with the five characters XML reserves escaped. */
void svg_escape(FILE *fp, const char *s);

#endif
