/*
 * svg_style.c: how lib/svg.c draws each word of a map's vocabulary: a fill
 * colour and a pattern for terrains and area features, a mark for point
 * features, a line through or along the hexside for hexside words.  The
 * words are common ones from the games' vocabularies, not any game's
 * rules; a word without a style is drawn plain and named.  The fills are
 * chosen light to dark, so that in grey the terrains of one game stay at
 * least 15 levels apart (tests/svg.bats holds them to it).
 */
#include <stdio.h>
#include <string.h>

#include "svg_style.h"

#define NELEM(a) (sizeof (a) / sizeof *(a))

/*
 * Terrain fills, light to dark: the grey value of each (and its pattern)
 * differs from its neighbours', so black-and-white prints keep them apart.
 */
static const struct area_style terrain_styles[] = {
	{ "clear", "#f6f3de", P_NONE },
	{ "open", "#f6f3de", P_NONE },
	{ "desert", "#ecd38e", P_STIPPLE },
	{ "sand", "#ecd38e", P_STIPPLE },
	{ "marsh", "#b4d8bd", P_DASHES },
	{ "swamp", "#b4d8bd", P_DASHES },
	{ "rough", "#bf9868", P_VEE },
	{ "hill", "#bf9868", P_VEE },
	{ "hills", "#bf9868", P_VEE },
	{ "broken", "#bf9868", P_VEE },
	{ "jungle", "#6fb36a", P_DOTS },
	{ "forest", "#6fb36a", P_DOTS },
	{ "woods", "#6fb36a", P_DOTS },
	{ "mountain", "#b88a60", P_HATCH },
	{ "mountains", "#b88a60", P_HATCH },
	{ "ocean", "#1d4270", P_WAVES },
	{ "sea", "#1d4270", P_WAVES },
	{ "water", "#1d4270", P_WAVES },
	{ "nile", "#1d4270", P_WAVES },
	{ "lake", "#1d4270", P_WAVES },
	{ "amba", "#76492e", P_CROSS },
	{ "lava", "#262626", P_STIPPLE },
	{ "lava-flow", "#262626", P_STIPPLE },
	{ "massif", "#140b07", P_CROSS },
};

/* Features that cover a hex: a pattern over the terrain. */
const struct area_style svg_feature_areas[] = {
	{ "jungle", NULL, P_DOTS },
	{ "forest", NULL, P_DOTS },
	{ "woods", NULL, P_DOTS },
	{ "marsh", NULL, P_DASHES },
	{ "swamp", NULL, P_DASHES },
	{ "neutral", NULL, P_GREY_HATCH },
	{ "bulgaria", NULL, P_GREY_HATCH },
};

const struct region_style svg_feature_regions[] = {
	{ "neutral", "#303030", "6 3" },
	{ "bulgaria", "#303030", "6 3" },
	{ "persia", "#b35806", "8 3 2 3" },
	{ "russia", "#542788", "8 3 2 3" },
	{ "zariba", "#2f6b2f", "4 2" },
};

const struct glyph_style svg_feature_glyphs[] = {
	{ "town", G_TOWN }, { "city", G_CITY }, { "village", G_VILLAGE },
	{ "fort", G_FORT }, { "fortification", G_FORT }, { "port", G_PORT },
	{ "airfield", G_AIRFIELD }, { "airbase", G_AIRFIELD },
	{ "lake", G_LAKE }, { "objective", G_STAR }, { "mobilization", G_STAR },
	{ "trench", G_TRENCH }, { "ruins", G_RUINS }, { "ford", G_FORD },
	{ "entry", G_ENTRY }, { "exit", G_EXIT },
};

const struct side_style svg_side_styles[] = {
	{ "road", 1, "#8a5a2b", 0.09, "5 3" },
	{ "trail", 1, "#8a5a2b", 0.07, "2 3" },
	{ "track", 1, "#8a5a2b", 0.07, "2 3" },
	{ "paved", 1, "#2b2b2b", 0.12, NULL },
	{ "rail", 1, "#000000", 0.07, NULL },
	{ "railroad", 1, "#000000", 0.07, NULL },
	{ "river", 0, "#1f5fc4", 0.16, NULL },
	{ "stream", 0, "#1f5fc4", 0.10, NULL },
	{ "canal", 0, "#1f5fc4", 0.16, "6 2" },
	{ "nile", 0, "#1f5fc4", 0.20, NULL },
	{ "ocean", 0, "#17407a", 0.12, NULL },
	{ "sea", 0, "#17407a", 0.12, NULL },
	{ "lake", 0, "#5d95d6", 0.12, NULL },
	{ "strait", 0, "#17407a", 0.12, "3 3" },
	{ "straits", 0, "#17407a", 0.12, "3 3" },
	{ "donga", 0, "#b08a4a", 0.12, "4 2" },
	{ "bank", 0, "#000000", 0.06, NULL },
	{ "elevated-bank", 0, "#000000", 0.06, NULL },
	{ "ridge", 0, "#6b4423", 0.12, "7 3" },
	{ "crest", 0, "#000000", 0.16, NULL },
	{ "hedge", 0, "#2f6b2f", 0.10, "2 2" },
	{ "thorn", 0, "#2f6b2f", 0.10, "2 2" },
	{ "wall", 0, "#2f6b2f", 0.10, "2 2" },
	{ "border", 0, "#555555", 0.07, "8 3 2 3" },
	{ "bridge", 0, "#000000", 0.05, NULL },
	{ "ford", 0, "#ffffff", 0.10, "2 2" },
	{ "neutral", 0, "#303030", 0.22, "2 2" },
};

/*
 * Features that run from hex to hex (toto's roads and railroads) are drawn
 * with the hexside style of the same word: a line joins the centres of two
 * neighbours that both have the word, unless the game also has the word
 * for hexsides, which then say where it runs.
 */
const char *const svg_feature_lines[] = { "road", "rail", "railroad",
	"trail", "track", "paved" };

const size_t svg_nfeature_areas = NELEM(svg_feature_areas);
const size_t svg_nfeature_regions = NELEM(svg_feature_regions);
const size_t svg_nfeature_glyphs = NELEM(svg_feature_glyphs);
const size_t svg_nside_styles = NELEM(svg_side_styles);
const size_t svg_nfeature_lines = NELEM(svg_feature_lines);

/* svg.c keeps a bit number for each entry of these in SVG_STYLE_MAX slots */
_Static_assert(NELEM(svg_feature_areas) <= SVG_STYLE_MAX &&
    NELEM(svg_feature_regions) <= SVG_STYLE_MAX &&
    NELEM(svg_feature_glyphs) <= SVG_STYLE_MAX &&
    NELEM(svg_side_styles) <= SVG_STYLE_MAX &&
    NELEM(svg_feature_lines) <= SVG_STYLE_MAX, "SVG_STYLE_MAX too small");

static const char *const pat_names[P_NPAT] = { "none", "dots", "hatch",
	"cross", "waves", "dashes", "vee", "stipple", "neutral" };

const char *
svg_pattern_name(enum pat p)
{
	return pat_names[p < P_NPAT ? p : P_NONE];
}

const struct area_style *
svg_terrain_style(const char *word)
{
	size_t i;

	for (i = 0; i < NELEM(terrain_styles); i++)
		if (strcmp(terrain_styles[i].word, word) == 0)
			return &terrain_styles[i];
	return NULL;
}

/* Grey tones for terrain words without a style, by the word's number. */
const char *
svg_fallback_fill(int id)
{
	static const char *const greys[] = { "#e0e0e0", "#c4c4c4", "#a8a8a8",
	    "#8c8c8c", "#d8c8e8", "#c8e0e8" };

	return greys[(id < 0 ? 0 : id) % (int)NELEM(greys)];
}

void
svg_write_patterns(FILE *fp)
{
	fputs("<defs>\n"
	    "<pattern id=\"p-dots\" width=\"8\" height=\"8\" "
	    "patternUnits=\"userSpaceOnUse\"><circle cx=\"2\" cy=\"2\" r=\"1.6\" "
	    "fill=\"#1d4d1a\"/><circle cx=\"6\" cy=\"6\" r=\"1.6\" "
	    "fill=\"#1d4d1a\"/></pattern>\n"
	    /*
	     * Diagonals are drawn into the tile, not rotated with
	     * patternTransform, which makes librsvg some five times slower.
	     */
	    "<pattern id=\"p-hatch\" width=\"10\" height=\"10\" "
	    "patternUnits=\"userSpaceOnUse\"><path d=\"M0 10L10 0M-1 1L1 -1"
	    "M9 11L11 9\" stroke=\"#3b2412\" stroke-width=\"1.4\"/></pattern>\n"
	    "<pattern id=\"p-cross\" width=\"9\" height=\"9\" "
	    "patternUnits=\"userSpaceOnUse\"><path d=\"M0 9L9 0M-1 1L1 -1"
	    "M8 10L10 8M0 0L9 9M-1 8L1 10M8 -1L10 1\" stroke=\"#b89878\" "
	    "stroke-width=\"0.9\"/></pattern>\n"
	    "<pattern id=\"p-waves\" width=\"12\" height=\"6\" "
	    "patternUnits=\"userSpaceOnUse\"><path d=\"M0 3Q3 0 6 3T12 3\" "
	    "fill=\"none\" stroke=\"#6f98cc\" stroke-width=\"1\"/></pattern>\n"
	    "<pattern id=\"p-dashes\" width=\"10\" height=\"6\" "
	    "patternUnits=\"userSpaceOnUse\"><path d=\"M1 2H6M6 5H10M0 5H1\" "
	    "stroke=\"#1e5a6e\" stroke-width=\"1.3\"/></pattern>\n"
	    "<pattern id=\"p-vee\" width=\"10\" height=\"9\" "
	    "patternUnits=\"userSpaceOnUse\"><path d=\"M2 6L5 2L8 6\" "
	    "fill=\"none\" stroke=\"#6b4a24\" stroke-width=\"1\"/></pattern>\n"
	    "<pattern id=\"p-stipple\" width=\"6\" height=\"6\" "
	    "patternUnits=\"userSpaceOnUse\"><circle cx=\"1.5\" cy=\"1.5\" "
	    "r=\"0.7\" fill=\"#6b5a2a\"/><circle cx=\"4.5\" cy=\"4.5\" r=\"0.7\" "
	    "fill=\"#9a8a5a\"/></pattern>\n"
	    "<pattern id=\"p-neutral\" width=\"8\" height=\"8\" "
	    "patternUnits=\"userSpaceOnUse\">"
	    "<rect width=\"8\" height=\"8\" fill=\"#ffffff\" opacity=\"0.35\"/>"
	    "<path d=\"M0 0L8 8M-1 7L1 9M7 -1L9 1\" stroke=\"#505050\" "
	    "stroke-width=\"1.2\"/></pattern>\n"
	    "</defs>\n", fp);
}

void
svg_draw_glyph(FILE *fp, enum glyph g, double cx, double cy, double r)
{
	double s = r * 0.14;

	switch (g) {
	case G_CITY:
		fprintf(fp, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		    "height=\"%.1f\" fill=\"#000\" stroke=\"#fff\"/>\n",
		    cx - 1.6 * s, cy - 1.6 * s, 3.2 * s, 3.2 * s);
		break;
	case G_TOWN:
		fprintf(fp, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" "
		    "fill=\"#000\" stroke=\"#fff\"/>\n", cx, cy, 1.3 * s);
		break;
	case G_VILLAGE:
		fprintf(fp, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" "
		    "fill=\"#fff\" stroke=\"#000\"/>\n", cx, cy, s);
		break;
	case G_FORT:
		fprintf(fp, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		    "height=\"%.1f\" fill=\"none\" stroke=\"#000\" "
		    "stroke-width=\"2\" transform=\"rotate(45 %.1f %.1f)\"/>\n",
		    cx - 2.6 * s, cy - 2.6 * s, 5.2 * s, 5.2 * s, cx, cy);
		break;
	case G_PORT:
		/* an anchor: ring, shank and arms */
		fprintf(fp, "<path d=\"M%.1f %.1fV%.1fM%.1f %.1fQ%.1f %.1f "
		    "%.1f %.1f\" fill=\"none\" stroke=\"#002b5c\" "
		    "stroke-width=\"1.5\"/><circle cx=\"%.1f\" cy=\"%.1f\" "
		    "r=\"1.5\" fill=\"none\" stroke=\"#002b5c\"/>\n",
		    cx, cy - 1.5 * s, cy + 2 * s, cx - 1.6 * s, cy + 0.8 * s,
		    cx, cy + 3.2 * s, cx + 1.6 * s, cy + 0.8 * s,
		    cx, cy - 2.2 * s);
		break;
	case G_AIRFIELD:
		fprintf(fp, "<path d=\"M%.1f %.1fH%.1fM%.1f %.1fV%.1f"
		    "M%.1f %.1fH%.1f\" stroke=\"#000\" stroke-width=\"1.6\"/>\n",
		    cx - 2 * s, cy, cx + 2 * s, cx, cy - 1.8 * s, cy + 2 * s,
		    cx - 0.8 * s, cy + 1.6 * s, cx + 0.8 * s);
		break;
	case G_LAKE:
		fprintf(fp, "<ellipse cx=\"%.1f\" cy=\"%.1f\" rx=\"%.1f\" "
		    "ry=\"%.1f\" fill=\"#5d95d6\" stroke=\"#17407a\"/>\n",
		    cx, cy, 2.4 * s, 1.4 * s);
		break;
	case G_STAR:
		fprintf(fp, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.0f\" "
		    "text-anchor=\"middle\" fill=\"#000\">*</text>\n",
		    cx, cy + 2.4 * s, 4 * s);
		break;
	case G_TRENCH:
		fprintf(fp, "<path d=\"M%.1f %.1fl%.1f %.1fl%.1f %.1fl%.1f "
		    "%.1fl%.1f %.1f\" fill=\"none\" stroke=\"#000\" "
		    "stroke-width=\"1.3\"/>\n", cx - 2 * s, cy, s, -s, s, s,
		    s, -s, s, s);
		break;
	case G_RUINS:
		fprintf(fp, "<path d=\"M%.1f %.1fv%.1fm%.1f 0v%.1f\" "
		    "stroke=\"#000\" stroke-width=\"1.3\"/>\n", cx - s,
		    cy + s, -2 * s, 2 * s, 1.4 * s);
		break;
	case G_FORD:
		/* stepping stones */
		fprintf(fp, "<path d=\"M%.1f %.1fh%.1f\" stroke=\"#fff\" "
		    "stroke-width=\"3\" stroke-dasharray=\"2 2\"/><path "
		    "d=\"M%.1f %.1fh%.1f\" stroke=\"#000\" stroke-width=\"0.8\" "
		    "stroke-dasharray=\"2 2\"/>\n", cx - 2.5 * s, cy, 5 * s,
		    cx - 2.5 * s, cy, 5 * s);
		break;
	case G_ENTRY:
	case G_EXIT:
		/* a triangle pointing into the map, or out of it */
		fprintf(fp, "<path d=\"M%.1f %.1fL%.1f %.1fL%.1f %.1fZ\" "
		    "fill=\"%s\" stroke=\"#000\"/>\n", cx - 1.6 * s,
		    cy - 1.6 * s, cx + 1.6 * s, cy - 1.6 * s, cx,
		    cy + (g == G_ENTRY ? 1.6 : -4.0) * s,
		    g == G_ENTRY ? "#000" : "#fff");
		break;
	}
}

const struct side_style *
svg_side_style(const char *word)
{
	size_t i;

	for (i = 0; i < NELEM(svg_side_styles); i++)
		if (strcmp(svg_side_styles[i].word, word) == 0)
			return &svg_side_styles[i];
	return NULL;
}
