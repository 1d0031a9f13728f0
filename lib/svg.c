/*
 * svg.c: a window of a hex map drawn as SVG, with the units of a
 * situation and an answer (path, reach, marked hexes) on top.
 *
 * Geometry follows the printed maps: flat-topped hexes in columns, every
 * other column half a hex lower (hex.h's layouts), column 01 on the left
 * and row 01 at the top.  Layers are drawn bottom up: terrain fills and
 * patterns, area features (jungle, neutral ground), hexside lines (rivers,
 * ridges), lines that run through hexes (roads, rails), point features
 * (towns, ports), ids and place names, the reach shading, the units, the
 * path, the rings, and last the legend.
 *
 * No rule of any game lives here.  The style tables (lib/svg_style.c)
 * give common terrain and feature words a colour and a pattern chosen so
 * that a grey printout still tells them apart; a word without a style is
 * drawn plain and named in the hex, so no map is refused for its
 * vocabulary.
 */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "hex.h"
#include "map.h"
#include "svg.h"
#include "svg_impl.h"
#include "svg_style.h"
#include "situation.h"

void
svg_escape(FILE *fp, const char *s)
{
	size_t left = strlen(s), len;

	for (; *s != '\0'; s += len, left -= len) {
		len = 1;
		switch (*s) {
		case '&': fputs("&amp;", fp); break;
		case '<': fputs("&lt;", fp); break;
		case '>': fputs("&gt;", fp); break;
		case '"': fputs("&quot;", fp); break;
		case '\'': fputs("&apos;", fp); break;
		default:
			/* control characters are not allowed in XML 1.0 */
			if ((unsigned char)*s < 0x80) {
				if ((unsigned char)*s >= 0x20 || *s == '\t')
					fputc(*s, fp);
				break;
			}
			/* nor is text that is not UTF-8, nor U+FFFE and U+FFFF:
			 * a map's words come from a file, and a reader refuses
			 * the whole picture for one bad byte, so each is mended
			 * to U+FFFD (a command refuses such an argument first) */
			len = err_utf8_len(s, left);
			if (len == 0 || (len == 3 && memcmp(s, "\357\277", 2) ==
			    0 && (unsigned char)s[2] >= 0xbe))
				fputs("\357\277\275", fp);
			else
				fwrite(s, 1, len, fp);
			len += len == 0;	/* a bad byte at a time */
		}
	}
}

static int
shifted(const struct pic *p, int col)
{
	return p->layout == HEX_ODD_Q ? (col & 1) : !(col & 1);
}

void
svg_centre(const struct pic *p, struct hex h, double *x, double *y)
{
	double hh = R * SQRT3;

	*x = MARGIN + R + 1.5 * R * (h.col - p->col0);
	*y = p->top + hh / 2 + hh * (h.row - p->row0) +
	    (shifted(p, h.col) ? hh / 2 : 0);
}

/* Corner k, clockwise from east (y grows downwards). */
static void
corner(double cx, double cy, int k, double scale, double *x, double *y)
{
	/* cos and sin of 60k degrees; no libm for six numbers */
	static const double c[6] = { 1, 0.5, -0.5, -1, -0.5, 0.5 };
	static const double s[6] = { 0, SQRT3 / 2, SQRT3 / 2, 0, -SQRT3 / 2,
	    -SQRT3 / 2 };

	*x = cx + R * scale * c[k % 6];
	*y = cy + R * scale * s[k % 6];
}

/* The two corners bounding hexside dir (HEX_N is between 4 and 5). */
static void
side_ends(double cx, double cy, int dir, double v[4])
{
	corner(cx, cy, (4 + dir) % 6, 1, &v[0], &v[1]);
	corner(cx, cy, (5 + dir) % 6, 1, &v[2], &v[3]);
}

void
svg_hex_points(FILE *fp, double cx, double cy, double scale)
{
	double x, y;
	int k;

	for (k = 0; k < 6; k++) {
		corner(cx, cy, k, scale, &x, &y);
		fprintf(fp, "%s%.1f,%.1f", k ? " " : "", x, y);
	}
}

static int
has_bit(unsigned mask, int bit)
{
	return bit >= 0 && bit < 32 && (mask >> bit & 1u);
}

/*
 * One path holding every drawn hex for which wants(p, idx, k) is true,
 * defined once and filled twice, with the colour and with the pattern:
 * a renderer fills a pattern per element, so one element a terrain is
 * many times quicker than one a hex.
 */
static void
fill_area(const struct pic *p, int (*wants)(const struct pic *, int, int),
    int k, const char *fill, enum pat pat)
{
	int i, n = map_size(p->m), any = 0;
	double cx, cy, x, y;
	int c;

	for (i = 0; i < n; i++) {
		if (!p->in_window[i] || !wants(p, i, k))
			continue;
		if (!any++)
			fprintf(p->fp, "<defs><path id=\"a%d%s\" d=\"", k,
			    fill ? "t" : "f");
		svg_centre(p, map_hex(p->m, i), &cx, &cy);
		for (c = 0; c < 6; c++) {
			corner(cx, cy, c, 1, &x, &y);
			fprintf(p->fp, "%s%.1f %.1f", c ? "L" : "M", x, y);
		}
		fputc('Z', p->fp);
	}
	if (!any)
		return;
	fputs("\"/></defs>\n", p->fp);
	if (fill != NULL)
		fprintf(p->fp, "<use xlink:href=\"#a%dt\" fill=\"%s\"/>\n", k,
		    fill);
	if (pat != P_NONE)
		fprintf(p->fp, "<use xlink:href=\"#a%d%s\" fill=\"url(#p-%s)\"/>\n",
		    k, fill ? "t" : "f", svg_pattern_name(pat));
}

static int
has_terrain(const struct pic *p, int idx, int t)
{
	return map_terrain_id(p->m, idx) == t;
}

static int
has_area(const struct pic *p, int idx, int k)
{
	return has_bit(map_features(p->m, idx), p->area_bit[k]);
}

/* Terrain fills and patterns, then area features' patterns over them. */
static void
draw_fills(const struct pic *p)
{
	const struct area_style *st;
	int i, n = map_size(p->m), t, seen[MAP_MAX_TERRAINS + 1] = { 0 };
	size_t k;

	for (i = 0; i < n; i++) {
		if (!p->in_window[i] || seen[t = map_terrain_id(p->m, i)]++)
			continue;
		st = svg_terrain_style(map_terrain(p->m, i));
		fill_area(p, has_terrain, t, st ? st->fill :
		    svg_fallback_fill(t), st ? st->pat : P_NONE);
	}
	for (k = 0; k < svg_nfeature_areas; k++)
		fill_area(p, has_area, (int)k, NULL, svg_feature_areas[k].pat);
}

/* Each hex's outline, carrying its id for readers of the SVG. */
static void
draw_outline(const struct pic *p, int idx)
{
	char id[HEX_IDLEN];
	double cx, cy;

	svg_centre(p, map_hex(p->m, idx), &cx, &cy);
	map_hex_id(p->m, idx, id);
	fprintf(p->fp, "<polygon class=\"hex\" id=\"h%s\" data-terrain=\"",
	    id);
	svg_escape(p->fp, map_terrain(p->m, idx));
	fputs("\" points=\"", p->fp);
	svg_hex_points(p->fp, cx, cy, 1);
	fputs("\" fill=\"none\" stroke=\"#7a7a7a\" stroke-width=\"0.8\"/>\n",
	    p->fp);
}

static int
neighbour_drawn(const struct pic *p, int idx, int dir)
{
	int n = map_neighbour(p->m, idx, dir);

	return n >= 0 && p->in_window[n];
}

static int
through_here(const struct pic *p, size_t k, int idx, int n)
{
	int fb;

	if (svg_side_styles[k].through)
		return 1;
	fb = map_feature_bit(p->m, svg_side_styles[k].word);
	/* either hex will do: a river's end hex is not a river hex (loe) */
	return n >= 0 && fb >= 0 && (has_bit(map_features(p->m, idx), fb) ||
	    has_bit(map_features(p->m, n), fb));
}

static void
stroke_attrs(FILE *fp, const struct side_style *st, double widen)
{
	fprintf(fp, " stroke=\"%s\" stroke-width=\"%.1f\" "
	    "stroke-linecap=\"round\"", st->colour, st->width * R * widen);
	if (st->dash != NULL)
		fprintf(fp, " stroke-dasharray=\"%s\"", st->dash);
	fputs(" fill=\"none\"/>\n", fp);
}

/* A bridge: two short bars across the hexside's middle. */
static void
draw_bridge(FILE *fp, const double v[4])
{
	double mx = (v[0] + v[2]) / 2, my = (v[1] + v[3]) / 2;
	double dx = (v[2] - v[0]) / 6, dy = (v[3] - v[1]) / 6;

	fprintf(fp, "<path d=\"M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f\" "
	    "stroke=\"#000\" stroke-width=\"1.6\" fill=\"none\"/>\n",
	    mx - dx - dy, my - dy + dx, mx + dx - dy, my + dy + dx,
	    mx - dx + dy, my - dy - dx, mx + dx + dy, my + dy - dx);
}

/*
 * Hexside lines: pass -1 those that lie along the side, each once (a hex
 * draws its N, NE and SE sides, and any side whose neighbour is not
 * drawn); pass 0 and 1 those that run through it, each hex its half from
 * centre to side, rivers (0) under roads (1).
 */
static void
draw_sides(const struct pic *p, int idx, int pass)
{
	double cx, cy, v[4];
	unsigned bits;
	size_t k;
	int dir, n, through;

	svg_centre(p, map_hex(p->m, idx), &cx, &cy);
	for (dir = 0; dir < HEX_NDIRS; dir++) {
		if (pass < 0 && dir > HEX_SE && neighbour_drawn(p, idx, dir))
			continue;
		if ((bits = map_side(p->m, idx, dir)) == 0)
			continue;
		n = map_neighbour(p->m, idx, dir);
		side_ends(cx, cy, dir, v);
		for (k = 0; k < svg_nside_styles; k++) {
			if (!has_bit(bits, p->side_bit[k]))
				continue;
			through = through_here(p, k, idx, n);
			if (pass < 0 ? through : (!through ||
			    svg_side_styles[k].through != pass))
				continue;
			if (pass < 0 &&
			    strcmp(svg_side_styles[k].word, "bridge") == 0) {
				draw_bridge(p->fp, v);
				continue;
			}
			if (pass < 0)
				fprintf(p->fp, "<path d=\"M%.1f %.1fL%.1f %.1f\"",
				    v[0], v[1], v[2], v[3]);
			else
				fprintf(p->fp, "<path d=\"M%.1f %.1fL%.1f %.1f\"",
				    cx, cy, (v[0] + v[2]) / 2, (v[1] + v[3]) / 2);
			stroke_attrs(p->fp, &svg_side_styles[k], 1);
		}
	}
}

/* Slots for marks, so that several in one hex do not sit on each other. */
static const double slot_dx[] = { 0, -0.5, 0.5, -0.25, 0.25 };
static const double slot_dy[] = { 0, -0.1, -0.1, 0.35, 0.35 };

static void
draw_features(const struct pic *p, int idx)
{
	unsigned f = map_features(p->m, idx), unknown;
	double cx, cy;
	size_t i, slot = 0;
	int bit, labelled = 0;

	if (f == 0)
		return;
	svg_centre(p, map_hex(p->m, idx), &cx, &cy);
	for (i = 0; i < svg_nfeature_glyphs; i++) {
		if (!has_bit(f, p->glyph_bit[i]))
			continue;
		svg_draw_glyph(p->fp, svg_feature_glyphs[i].glyph,
		    cx + slot_dx[slot] * R, cy + slot_dy[slot] * R, R);
		if (slot + 1 < sizeof slot_dx / sizeof *slot_dx)
			slot++;
	}
	unknown = f & ~p->known_features;
	for (bit = 0; bit < MAP_MAX_BITS && unknown != 0; bit++) {
		if (!has_bit(unknown, bit))
			continue;
		/* no style for this word: name it, small, low in the hex */
		fprintf(p->fp, "<text x=\"%.1f\" y=\"%.1f\" class=\"tw\">",
		    cx, cy + R * (0.3 + 0.2 * labelled++));
		svg_escape(p->fp, map_vocab_word(map_vocab(p->m), MAP_FEATURE,
		    bit));
		fputs("</text>\n", p->fp);
	}
}

/* A region's edge: the sides where its word stops, just inside it. */
static void
draw_regions(const struct pic *p, int idx)
{
	unsigned f = map_features(p->m, idx);
	double cx, cy, a[2], b[2];
	size_t i;
	int dir, n;

	svg_centre(p, map_hex(p->m, idx), &cx, &cy);
	for (i = 0; i < svg_nfeature_regions; i++) {
		if (!has_bit(f, p->region_bit[i]))
			continue;
		for (dir = 0; dir < HEX_NDIRS; dir++) {
			n = map_neighbour(p->m, idx, dir);
			if (n < 0 || has_bit(map_features(p->m, n),
			    p->region_bit[i]))
				continue;
			corner(cx, cy, (4 + dir) % 6, 0.9, &a[0], &a[1]);
			corner(cx, cy, (5 + dir) % 6, 0.9, &b[0], &b[1]);
			fprintf(p->fp, "<path d=\"M%.1f %.1fL%.1f %.1f\" "
			    "stroke=\"%s\" stroke-width=\"2.2\" "
			    "stroke-dasharray=\"%s\" fill=\"none\"/>\n", a[0],
			    a[1], b[0], b[1], svg_feature_regions[i].colour,
			    svg_feature_regions[i].dash);
		}
	}
}

/* Roads and railroads given as hex features: join like neighbours. */
static void
draw_feature_lines(const struct pic *p, int idx)
{
	unsigned f = map_features(p->m, idx);
	double cx, cy, v[4];
	size_t i;
	int dir, n, joined;

	svg_centre(p, map_hex(p->m, idx), &cx, &cy);
	for (i = 0; i < svg_nfeature_lines; i++) {
		if (!has_bit(f, p->line_bit[i]) || p->line_style[i] == NULL)
			continue;
		for (dir = 0, joined = 0; dir < HEX_NDIRS; dir++) {
			n = map_neighbour(p->m, idx, dir);
			if (n < 0 || !has_bit(map_features(p->m, n),
			    p->line_bit[i]))
				continue;
			side_ends(cx, cy, dir, v);
			fprintf(p->fp, "<path d=\"M%.1f %.1fL%.1f %.1f\"", cx,
			    cy, (v[0] + v[2]) / 2, (v[1] + v[3]) / 2);
			stroke_attrs(p->fp, p->line_style[i], 1);
			joined = 1;
		}
		if (!joined) {
			fprintf(p->fp, "<path d=\"M%.1f %.1fh%.1f\"",
			    cx - R * 0.3, cy, R * 0.6);
			stroke_attrs(p->fp, p->line_style[i], 1);
		}
	}
}

static void
draw_labels(const struct pic *p, int idx)
{
	const char *place = map_place(p->m, idx);
	const char *word = map_terrain(p->m, idx);
	char id[HEX_IDLEN];
	double cx, cy;

	svg_centre(p, map_hex(p->m, idx), &cx, &cy);
	map_hex_id(p->m, idx, id);
	fprintf(p->fp, "<text x=\"%.1f\" y=\"%.1f\" class=\"id\">%s</text>\n",
	    cx, cy - R * 0.6, id);
	if (svg_terrain_style(word) == NULL) {
		fprintf(p->fp, "<text x=\"%.1f\" y=\"%.1f\" class=\"tw\">",
		    cx, cy + R * 0.8);
		svg_escape(p->fp, word);
		fputs("</text>\n", p->fp);
	}
	if (place != NULL) {
		fprintf(p->fp, "<text x=\"%.1f\" y=\"%.1f\" class=\"place\">",
		    cx, cy - R * 0.3);
		svg_escape(p->fp, place);
		fputs("</text>\n", p->fp);
	}
}

/* The side's number in order of first appearance; the third and later share. */
static int
side_number(const char *sides[2], const char *side)
{
	int i;

	for (i = 0; i < 2; i++) {
		if (sides[i] == NULL)
			sides[i] = side;
		if (strcmp(sides[i], side) == 0)
			return i;
	}
	return 2;
}

/* Units: one counter per hex, the top unit named, "+N" for the rest. */
static void
draw_units(const struct pic *p)
{
	static const char *const fill[] = { "#ffffff", "#3a3a3a", "#d9d9d9" };
	static const char *const ink[] = { "#000000", "#ffffff", "#000000" };
	const char *sides[2] = { NULL, NULL };
	const struct unit *u, *top;
	/* low in the hex: the centre stays clear for a path's line */
	double cx, cy, w = R * 1.04, h = R * 0.52;
	int i, n, count, side;

	if (p->s == NULL)
		return;
	n = situation_count(p->s);
	for (i = 0; i < n; i++) {
		u = situation_unit(p->s, i);
		side = side_number(sides, u->side);
		if (u->hex < 0 || !p->in_window[u->hex])
			continue;
		/* a stack is drawn once, at its first unit in the file */
		count = situation_in_hex(p->s, u->hex, &top, 1);
		if (top != u)
			continue;
		svg_centre(p, map_hex(p->m, u->hex), &cx, &cy);
		fprintf(p->fp, "<g class=\"unit\"><rect x=\"%.1f\" y=\"%.1f\" "
		    "width=\"%.1f\" height=\"%.1f\" rx=\"2\" fill=\"%s\" "
		    "stroke=\"#000\" stroke-width=\"1.2\"/>\n",
		    cx - w / 2, cy + R * 0.16, w, h, fill[side]);
		fprintf(p->fp, "<text x=\"%.1f\" y=\"%.1f\" class=\"uid\" "
		    "fill=\"%s\">", cx, cy + R * 0.38, ink[side]);
		svg_escape(p->fp, u->id);
		fprintf(p->fp, "</text><text x=\"%.1f\" y=\"%.1f\" "
		    "class=\"ust\" fill=\"%s\">%d-%d", cx, cy + R * 0.62,
		    ink[side], u->strength, u->ma);
		if (count > 1)
			fprintf(p->fp, " +%d", count - 1);
		fputs("</text></g>\n", p->fp);
	}
}

/* A swatch and a word on the legend's row; x advances. */
static void
legend_entry(const struct pic *p, double *x, double y, const char *fill,
    enum pat pat, const char *word)
{
	fprintf(p->fp, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"12\" "
	    "fill=\"%s\" stroke=\"#555\"/>\n", *x, y - 10, fill);
	if (pat != P_NONE)
		fprintf(p->fp, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" "
		    "height=\"12\" fill=\"url(#p-%s)\"/>\n", *x, y - 10,
		    svg_pattern_name(pat));
	fprintf(p->fp, "<text x=\"%.1f\" y=\"%.1f\" class=\"leg\">", *x + 18, y);
	svg_escape(p->fp, word);
	fputs("</text>\n", p->fp);
	*x += 26 + 6.0 * strlen(word);
}

/*
 * The terrains drawn, once each, in the order first met: hex[k] is a hex
 * of the k-th.  Returns how many (at most 64 terrains are told apart).
 */
static int
terrains_drawn(const struct pic *p, int hex[64])
{
	int i, n = map_size(p->m), seen[64] = { 0 }, id, k = 0;

	for (i = 0; i < n; i++) {
		if (!p->in_window[i])
			continue;
		id = map_terrain_id(p->m, i);
		if (id < 0 || id >= 64 || seen[id])
			continue;
		seen[id] = 1;
		hex[k++] = i;
	}
	return k;
}

static void
draw_legend(const struct pic *p)
{
	int k, n, hex[64], id;
	double x = MARGIN, y = p->top + p->grid_h + LEGEND_ROW;
	const struct area_style *st;

	n = terrains_drawn(p, hex);
	for (k = 0; k < n; k++) {
		id = map_terrain_id(p->m, hex[k]);
		st = svg_terrain_style(map_terrain(p->m, hex[k]));
		if (x > p->width - 90) {
			x = MARGIN;
			y += LEGEND_ROW;
		}
		legend_entry(p, &x, y, st ? st->fill : svg_fallback_fill(id),
		    st ? st->pat : P_NONE, map_terrain(p->m, hex[k]));
	}
	svg_answer_legend(p, p->fp, y);
}


static void
know(struct pic *p, int bit)
{
	if (bit >= 0 && bit < MAP_MAX_BITS)
		p->known_features |= 1u << bit;
}

/* Find each styled word's bit in this map's vocabulary, once. */
static void
resolve_bits(struct pic *p)
{
	const struct map_vocab *v = map_vocab(p->m);
	size_t i;
	int b, nf = map_vocab_count(v, MAP_FEATURE);

	p->known_features = 0;
	for (i = 0; i < svg_nside_styles; i++)
		p->side_bit[i] = map_side_bit(p->m, svg_side_styles[i].word);
	for (i = 0; i < svg_nfeature_areas; i++)
		know(p, p->area_bit[i] = map_feature_bit(p->m,
		    svg_feature_areas[i].word));
	for (i = 0; i < svg_nfeature_glyphs; i++)
		know(p, p->glyph_bit[i] = map_feature_bit(p->m,
		    svg_feature_glyphs[i].word));
	for (i = 0; i < svg_nfeature_regions; i++)
		know(p, p->region_bit[i] = map_feature_bit(p->m,
		    svg_feature_regions[i].word));
	for (i = 0; i < svg_nfeature_lines; i++) {
		p->line_style[i] = svg_side_style(svg_feature_lines[i]);
		p->line_bit[i] = map_side_bit(p->m, svg_feature_lines[i]) >= 0 ? -1 :
		    map_feature_bit(p->m, svg_feature_lines[i]);
		know(p, p->line_bit[i]);
	}
	/* a feature that is also a hexside word is drawn by its hexsides */
	for (b = 0; b < nf && b < MAP_MAX_BITS; b++)
		if (map_side_bit(p->m, map_vocab_word(v, MAP_FEATURE, b)) >= 0)
			know(p, b);
}

/* Clip the window to the map; 0 = whole map.  -1 if nothing is left. */
static int
set_window(struct pic *p, int col0, int row0, int col1, int row1)
{
	struct hex first, last, h;
	int i, n = map_size(p->m);

	if (n <= 0)
		return -1;
	map_bounds(p->m, &first, &last);
	if (col0 == 0 && row0 == 0 && col1 == 0 && row1 == 0) {
		col0 = first.col, row0 = first.row;
		col1 = last.col, row1 = last.row;
	}
	p->col0 = col0 > first.col ? col0 : first.col;
	p->row0 = row0 > first.row ? row0 : first.row;
	p->col1 = col1 < last.col ? col1 : last.col;
	p->row1 = row1 < last.row ? row1 : last.row;
	if (p->col0 > p->col1 || p->row0 > p->row1)
		return -1;
	for (i = 0; i < n; i++) {
		h = map_hex(p->m, i);
		p->in_window[i] = h.col >= p->col0 && h.col <= p->col1 &&
		    h.row >= p->row0 && h.row <= p->row1;
	}
	return 0;
}

static void
write_head(const struct pic *p)
{
	FILE *fp = p->fp;

	fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	    "xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"%.0f\" "
	    "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
	    "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
	    p->width, p->height, p->width, p->height);
	fputs("<style>"
	    ".id{font-size:7px;fill:#222;text-anchor:middle;paint-order:stroke;"
	    "stroke:#fff;stroke-width:1.5px;stroke-opacity:0.7}"
	    ".tw{font-size:6.5px;fill:#000;text-anchor:middle}"
	    ".place{font-size:8px;font-weight:bold;fill:#000;text-anchor:middle;"
	    "paint-order:stroke;stroke:#fff;stroke-width:2.5px}"
	    ".uid{font-size:7px;text-anchor:middle}"
	    ".ust{font-size:8px;font-weight:bold;text-anchor:middle}"
	    ".left{font-size:9px;font-weight:bold;fill:#08263f;"
	    "text-anchor:middle;paint-order:stroke;stroke:#fff;"
	    "stroke-width:2.5px}"
	    ".oost{font-size:8px;font-weight:bold;fill:" SVG_FAIL_COLOUR ";"
	    "text-anchor:middle;paint-order:stroke;stroke:#fff;"
	    "stroke-width:2.5px}"
	    ".cost{font-size:9px;font-weight:bold;fill:#fff;text-anchor:middle}"
	    ".rule{font-size:7px;fill:#000;text-anchor:middle;"
	    "paint-order:stroke;stroke:#fff;stroke-width:2px}"
	    ".leg{font-size:10px;fill:#000}"
	    ".title{font-size:14px;font-weight:bold;fill:#000}"
	    "</style>\n", fp);
	svg_write_patterns(fp);
	fprintf(fp, "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
	if (p->o != NULL && p->o->title != NULL) {
		fprintf(fp, "<text x=\"%.1f\" y=\"%.1f\" class=\"title\">",
		    MARGIN, MARGIN + 6);
		svg_escape(fp, p->o->title);
		fputs("</text>\n", fp);
	}
}

static int
legend_rows(const struct pic *p)
{
	int k, n, hex[64], rows;
	size_t chars = 0;

	n = terrains_drawn(p, hex);
	for (k = 0; k < n; k++)
		chars += strlen(map_terrain(p->m, hex[k]));
	rows = 1 + (int)((26.0 * n + 6.0 * chars) / (p->width - 90 - MARGIN));
	return rows + svg_answer_legend(p, NULL, 0);
}

int
svg_write(FILE *fp, const struct map *m, const struct situation *s,
    const struct svg_overlay *o, int col0, int row0, int col1, int row1)
{
	struct pic p;
	int i, n = map_size(m), pass, ncols, nrows;

	memset(&p, 0, sizeof p);
	p.fp = fp;
	p.m = m;
	p.s = s;
	p.o = o;
	p.layout = map_layout(m);
	p.in_window = err_calloc(n > 0 ? (size_t)n : 1, sizeof *p.in_window);
	if (set_window(&p, col0, row0, col1, row1) != 0) {
		free(p.in_window);
		return -1;
	}
	resolve_bits(&p);
	ncols = p.col1 - p.col0 + 1;
	nrows = p.row1 - p.row0 + 1;
	p.top = MARGIN + (o != NULL && o->title != NULL ? TITLE_H : 0);
	p.grid_h = R * SQRT3 * (nrows + (ncols > 1 ? 0.5 : 0));
	p.width = 2 * MARGIN + R * (1.5 * (ncols - 1) + 2);
	if (p.width < 420)
		p.width = 420;
	/* room for the title: bold 14 px runs under 9 px a character */
	if (o != NULL && o->title != NULL &&
	    p.width < 2 * MARGIN + 9.0 * strlen(o->title))
		p.width = 2 * MARGIN + 9.0 * strlen(o->title);
	p.height = p.top + p.grid_h + LEGEND_ROW * (legend_rows(&p) + 0.5) +
	    MARGIN;

	write_head(&p);
	draw_fills(&p);
	for (i = 0; i < n; i++)
		if (p.in_window[i])
			draw_outline(&p, i);
	for (i = 0; i < n; i++)
		if (p.in_window[i])
			draw_sides(&p, i, -1);
	for (i = 0; i < n; i++)
		if (p.in_window[i])
			draw_regions(&p, i);
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < n; i++)
			if (p.in_window[i])
				draw_sides(&p, i, pass);
	for (i = 0; i < n; i++)
		if (p.in_window[i])
			draw_feature_lines(&p, i);
	for (i = 0; i < n; i++)
		if (p.in_window[i]) {
			draw_features(&p, i);
			draw_labels(&p, i);
		}
	svg_draw_reach(&p);
	draw_units(&p);
	svg_draw_answer(&p);
	draw_legend(&p);
	fputs("</svg>\n", fp);
	free(p.in_window);
	return ferror(fp) ? -1 : 0;
}
