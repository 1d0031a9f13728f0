/*
 * svg_impl.h: what lib/svg.c (the map, its features and units) and
 * lib/svg_answer.c (the answers drawn over it and their legend) share:
 * the drawing's state and its geometry.  For those two files alone.
 */
#ifndef UMPIRE_SVG_IMPL_H
#define UMPIRE_SVG_IMPL_H

#include <stdio.h>

#include "hex.h"
#include "svg.h"
#include "svg_style.h"

#define R	30.0		/* centre to corner, in px */
#define MARGIN	16.0
#define TITLE_H	28.0
#define LEGEND_ROW 18.0

#define SQRT3	1.7320508075688772

/* What one drawing knows: the map, the window and its geometry. */
struct pic {
	FILE *fp;
	const struct map *m;
	const struct situation *s;
	const struct svg_overlay *o;
	enum hex_layout layout;
	int col0, row0, col1, row1;
	double top;		/* y of the grid's top edge */
	double width, height;	/* of the whole picture */
	double grid_h;
	int *in_window;		/* map_size flags: 1 if drawn */
	int side_bit[SVG_STYLE_MAX];
	int area_bit[SVG_STYLE_MAX];
	int glyph_bit[SVG_STYLE_MAX];
	int region_bit[SVG_STYLE_MAX];
	int line_bit[SVG_STYLE_MAX];	/* -1 when hexsides say */
	const struct side_style *line_style[SVG_STYLE_MAX];
	unsigned known_features;	/* bits with a style or drawn elsewhere */
};
/* The centre of hex h in the picture. */
void	svg_centre(const struct pic *p, struct hex h, double *x, double *y);
/* The six corners of a hex centred on cx, cy, scale times its size. */
void	svg_hex_points(FILE *fp, double cx, double cy, double scale);
/* The reach shading, under the units. */
void	svg_draw_reach(const struct pic *p);
/* The path, lines, routes, marks: over the units. */
void	svg_draw_answer(const struct pic *p);
/*
 * The overlay's row of the legend, below y, on fp; with fp NULL only
 * measured.  Returns the rows it takes: 0 without an overlay.
 */
int	svg_answer_legend(const struct pic *p, FILE *fp, double y);

#endif
