/*
 * svg_style.h: the drawing styles of lib/svg.c, for lib/svg.c alone
 * (lib/svg_style.c): which colour, pattern, mark or line each common
 * terrain, feature and hexside word gets.
 */
#ifndef UMPIRE_SVG_STYLE_H
#define UMPIRE_SVG_STYLE_H

#include <stddef.h>
#include <stdio.h>

/* Fill patterns: drawn over the fill so that grey prints differ too. */
enum pat { P_NONE, P_DOTS, P_HATCH, P_CROSS, P_WAVES, P_DASHES, P_VEE,
	P_STIPPLE, P_GREY_HATCH, P_NPAT };

struct area_style {
	const char *word;
	const char *fill;	/* NULL: pattern only, over the terrain */
	enum pat pat;
};

/*
 * Features that mark a region (a country, a perimeter): outlined where a
 * hex has the word and its neighbour does not.
 */
struct region_style {
	const char *word;
	const char *colour;
	const char *dash;
};

/* Features drawn as a mark in the hex. */
enum glyph { G_TOWN, G_CITY, G_VILLAGE, G_FORT, G_PORT, G_AIRFIELD, G_LAKE,
	G_STAR, G_TRENCH, G_RUINS, G_FORD, G_ENTRY, G_EXIT };

struct glyph_style {
	const char *word;
	enum glyph glyph;
};

/*
 * Hexside words.  A line either runs through the hexside from centre to
 * centre (roads), or lies along it (ridges, coasts).  A word that is also
 * a feature of either hex (loe's rivers flow through river hexes) runs
 * through them whatever its default.
 */
struct side_style {
	const char *word;
	int through;
	const char *colour;
	double width;		/* times R */
	const char *dash;	/* NULL for solid */
};

/* Terrain styles are found by svg_terrain_style(); these are walked. */
extern const struct area_style svg_feature_areas[];
extern const struct region_style svg_feature_regions[];
extern const struct glyph_style svg_feature_glyphs[];
extern const struct side_style svg_side_styles[];
extern const char *const svg_feature_lines[];
extern const size_t svg_nfeature_areas,
    svg_nfeature_regions, svg_nfeature_glyphs, svg_nside_styles,
    svg_nfeature_lines;

/* Room for the longest table above, in arrays indexed like them. */
#define SVG_STYLE_MAX	40

const struct area_style *svg_terrain_style(const char *word); /* or NULL */
const struct side_style *svg_side_style(const char *word);    /* or NULL */
/* A grey for a terrain word without a style, by its number. */
const char	*svg_fallback_fill(int id);
/* The id of pattern p's <pattern> element is "p-" and this name. */
const char	*svg_pattern_name(enum pat p);
/* The <defs> of every pattern. */
void		 svg_write_patterns(FILE *fp);
/* A feature's mark centred on cx, cy in a hex of radius r. */
void		 svg_draw_glyph(FILE *fp, enum glyph g, double cx, double cy,
		    double r);

#endif
