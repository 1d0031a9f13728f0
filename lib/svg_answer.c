/*
 * svg_answer.c: the answers lib/svg.c draws over a map (svg.h's overlay):
 * the reach shaded by the movement left, a path with each step's cost,
 * each unit's supply line or its blocked attempt, the routes of a retreat
 * or an advance with the hexes where a retreat may end or a unit dies,
 * out-of-supply units, ringed hexes; and their row of the legend.  Every
 * answer has a shape of its own as well as a colour, so that a
 * black-and-white print tells them apart.  No rule is applied here: the
 * overlay holds the answers as the commands computed them.
 */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "map.h"
#include "svg_impl.h"

/* Movement left, divided by the cost scale: "3", "1.5". */
static void
amount_text(char *buf, size_t len, int v, int scale)
{
	if (scale <= 1)
		snprintf(buf, len, "%d", v);
	else if (v % scale == 0)
		snprintf(buf, len, "%d", v / scale);
	else
		snprintf(buf, len, "%.1f", (double)v / scale);
}

static void
write_amount(FILE *fp, int v, int scale)
{
	char buf[24];

	amount_text(buf, sizeof buf, v, scale);
	fputs(buf, fp);
}

void
svg_draw_reach(const struct pic *p)
{
	const int *left = p->o != NULL ? p->o->reach_left : NULL;
	int i, n = map_size(p->m), max = 1;
	double cx, cy;

	if (left == NULL)
		return;
	for (i = 0; i < n; i++)
		if (left[i] > max)
			max = left[i];
	for (i = 0; i < n; i++) {
		if (!p->in_window[i] || left[i] < 0)
			continue;
		svg_centre(p, map_hex(p->m, i), &cx, &cy);
		fputs("<polygon class=\"reach\" points=\"", p->fp);
		svg_hex_points(p->fp, cx, cy, 0.92);
		fprintf(p->fp, "\" fill=\"#1b6fb0\" fill-opacity=\"%.2f\" "
		    "stroke=\"#0b3d66\" stroke-width=\"1.5\" "
		    "stroke-dasharray=\"3 2\"/>\n",
		    0.12 + 0.38 * left[i] / max);
		fprintf(p->fp, "<text x=\"%.1f\" y=\"%.1f\" class=\"left\">",
		    cx + R * 0.62, cy + R * 0.1);
		/* the game lets it pass there but not end its move */
		if (p->o->reach_pass != NULL && p->o->reach_pass[i])
			fputs("pass", p->fp);
		else
			write_amount(p->fp, left[i], p->o->cost_scale);
		fputs("</text>\n", p->fp);
	}
}


/*
 * A line through the centres of hexes[0..n), on a white casing, in runs
 * of hexes drawn (a line may leave the window): a dot at its start and,
 * unless it was blocked (dashed then), a ring at its end.
 */
static void
draw_line(const struct pic *p, const int *hexes, int n, int blocked)
{
	double cx, cy;
	int i, k, run, first;

	for (i = 0; i < 2; i++) {
		for (k = 0; k < n; k = run) {
			for (; k < n && !p->in_window[hexes[k]]; k++)
				;
			for (run = k; run < n && p->in_window[hexes[run]]; run++)
				;
			if (run - k < 2)
				continue;
			fputs("<polyline class=\"path\" points=\"", p->fp);
			for (first = k; k < run; k++) {
				svg_centre(p, map_hex(p->m, hexes[k]), &cx, &cy);
				fprintf(p->fp, "%s%.1f,%.1f", k > first ? " " : "",
				    cx, cy);
			}
			fprintf(p->fp, "\" fill=\"none\" stroke=\"%s\" "
			    "stroke-width=\"%.1f\" stroke-linecap=\"round\" "
			    "stroke-linejoin=\"round\"%s/>\n",
			    i == 0 ? "#ffffff" : SVG_PATH_COLOUR,
			    R * (i == 0 ? 0.36 : 0.2), i && blocked ?
			    " stroke-dasharray=\"7 5\"" : "");
		}
	}
	if (p->in_window[hexes[0]]) {
		svg_centre(p, map_hex(p->m, hexes[0]), &cx, &cy);
		fprintf(p->fp, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" "
		    "fill=\"%s\" stroke=\"#fff\" stroke-width=\"2\"/>\n", cx, cy,
		    R * 0.2, SVG_PATH_COLOUR);
	}
	if (blocked || !p->in_window[hexes[n - 1]])
		return;
	svg_centre(p, map_hex(p->m, hexes[n - 1]), &cx, &cy);
	fprintf(p->fp, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" "
	    "stroke=\"%s\" stroke-width=\"%.1f\"/>\n", cx, cy, R * 0.38,
	    SVG_PATH_COLOUR, R * 0.1);
}

/* A landing's lane: from the port sailed from to the one landed
 * in, dotted on a white casing (nothing when it lands where it sailed). */
static void
draw_sea_lane(const struct pic *p, int from, int to)
{
	double ax, ay, bx, by;
	int k;

	if (from == to || !p->in_window[from] || !p->in_window[to])
		return;
	svg_centre(p, map_hex(p->m, from), &ax, &ay);
	svg_centre(p, map_hex(p->m, to), &bx, &by);
	for (k = 0; k < 2; k++)
		fprintf(p->fp, "<path class=\"sea\" d=\"M%.1f %.1fL%.1f %.1f\" "
		    "fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\" "
		    "stroke-linecap=\"round\"%s/>\n", ax, ay, bx, by,
		    k ? SVG_SEA_COLOUR : "#ffffff", R * (k ? 0.16 : 0.3),
		    k ? " stroke-dasharray=\"0.1 9\"" : "");
}

/* Sleepers across a step of the game's jump (a rail move), a to b,
 * between the centres so that neither the costs nor the centres are
 * covered. */
static void
draw_sleepers(const struct pic *p, int a, int b)
{
	static const double at[] = { 0.32, 0.5, 0.68 };
	double ax, ay, bx, by, dx, dy, len, x, y;
	size_t k;

	if (!p->in_window[a] || !p->in_window[b])
		return;
	svg_centre(p, map_hex(p->m, a), &ax, &ay);
	svg_centre(p, map_hex(p->m, b), &bx, &by);
	/* neighbours' centres lie R * sqrt(3) apart */
	len = R * SQRT3;
	/* across the line, 0.3 R each way */
	dx = -(by - ay) / len * R * 0.3;
	dy = (bx - ax) / len * R * 0.3;
	fputs("<path class=\"rail\" d=\"", p->fp);
	for (k = 0; k < sizeof at / sizeof *at; k++) {
		x = ax + (bx - ax) * at[k];
		y = ay + (by - ay) * at[k];
		fprintf(p->fp, "M%.1f %.1fL%.1f %.1f", x - dx, y - dy, x + dx,
		    y + dy);
	}
	fputs("\" stroke=\"#000000\" stroke-width=\"3\"/>\n", p->fp);
}

/* The cost of entering each hex, at its left, and the rule under it. */
static void
draw_costs(const struct pic *p)
{
	const struct svg_overlay *o = p->o;
	double cx, cy;
	int i;

	for (i = 1; i < o->npath; i++) {
		if (!p->in_window[o->path[i]])
			continue;
		svg_centre(p, map_hex(p->m, o->path[i]), &cx, &cy);
		fprintf(p->fp, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" "
		    "fill=\"%s\" stroke=\"#fff\"/><text x=\"%.1f\" y=\"%.1f\" "
		    "class=\"cost\">", cx - R * 0.6, cy, R * 0.24,
		    SVG_PATH_COLOUR, cx - R * 0.6, cy + 3.5);
		write_amount(p->fp, o->path_costs[i], o->cost_scale);
		fputs("</text>\n", p->fp);
		if (o->path_rules == NULL || o->path_rules[i] == NULL)
			continue;
		fprintf(p->fp, "<text x=\"%.1f\" y=\"%.1f\" class=\"rule\">",
		    cx - R * 0.5, cy + R * 0.52);
		svg_escape(p->fp, o->path_rules[i]);
		fputs("</text>\n", p->fp);
	}
}

static void
draw_path(const struct pic *p)
{
	const struct svg_overlay *o = p->o;
	int i, land;

	for (i = 0; o->lines != NULL && i < o->nlines; i++)
		if (o->lines[i] != NULL && o->nline[i] > 0)
			draw_line(p, o->lines[i], o->nline[i],
			    o->line_blocked != NULL && o->line_blocked[i]);
	if (o->path == NULL || o->npath < 1)
		return;
	land = o->path_landing && o->npath > 1;
	if (land)
		draw_sea_lane(p, o->path[0], o->path[1]);
	draw_line(p, o->path + land, o->npath - land, 0);
	for (i = o->path_rail0 + 1; i <= o->path_rail1 && i < o->npath; i++)
		if (i >= 1)
			draw_sleepers(p, o->path[i - 1], o->path[i]);
	if (o->path_costs != NULL)
		draw_costs(p);
}

/* ---- the marks, each at a centre cx, cy with a size r ---- */

static void
mark_ring(FILE *fp, double cx, double cy, double r)
{
	fprintf(fp, "<circle class=\"mark\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" "
	    "fill=\"none\" stroke=\"#000\" stroke-width=\"4\"/><circle "
	    "cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"#ffd400\" "
	    "stroke-width=\"1.6\"/>\n", cx, cy, r, cx, cy, r);
}

/* Where a unit dies: a cross over the hex, on a white casing. */
static void
mark_cross(FILE *fp, double cx, double cy, double r)
{
	int i;

	for (i = 0; i < 2; i++)
		fprintf(fp, "<path class=\"doomed\" d=\"M%.1f %.1fL%.1f %.1f"
		    "M%.1f %.1fL%.1f %.1f\" stroke=\"%s\" stroke-width=\"%.1f\" "
		    "stroke-linecap=\"square\"/>\n", cx - r, cy - r, cx + r,
		    cy + r, cx - r, cy + r, cx + r, cy - r,
		    i ? SVG_FAIL_COLOUR : "#ffffff", r * (i ? 0.3 : 0.5));
}

/* Where a supply line was blocked: a barred disc, like a no-entry sign. */
static void
mark_barred(FILE *fp, double cx, double cy, double r)
{
	double d = r * 0.7071;

	fprintf(fp, "<circle class=\"blocked\" cx=\"%.1f\" cy=\"%.1f\" "
	    "r=\"%.1f\" fill=\"#ffffff\" stroke=\"%s\" stroke-width=\"%.1f\"/>"
	    "<path d=\"M%.1f %.1fL%.1f %.1f\" stroke=\"%s\" "
	    "stroke-width=\"%.1f\"/>\n", cx, cy, r, SVG_FAIL_COLOUR, r * 0.3,
	    cx - d, cy - d, cx + d, cy + d, SVG_FAIL_COLOUR, r * 0.35);
}

/* A unit out of supply: a thick ring round its hex, and "OOS". */
static void
mark_oos(FILE *fp, double cx, double cy, double r, int label)
{
	fprintf(fp, "<circle class=\"oos\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" "
	    "fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\"/>\n", cx, cy, r,
	    SVG_FAIL_COLOUR, r * 0.11);
	if (label)
		fprintf(fp, "<text x=\"%.1f\" y=\"%.1f\" class=\"oost\">OOS"
		    "</text>\n", cx - r * 0.55, cy + 3);
}

/* A hex on a route: a square node (retreat) or a round one (advance). */
static void
mark_node(FILE *fp, enum svg_route kind, double cx, double cy, double r)
{
	if (kind == SVG_RETREAT)
		fprintf(fp, "<rect class=\"node\" x=\"%.1f\" y=\"%.1f\" "
		    "width=\"%.1f\" height=\"%.1f\" fill=\"%s\" "
		    "stroke=\"#fff\" stroke-width=\"1.5\"/>\n", cx - r, cy - r,
		    2 * r, 2 * r, SVG_RETREAT_COLOUR);
	else
		fprintf(fp, "<circle class=\"node\" cx=\"%.1f\" cy=\"%.1f\" "
		    "r=\"%.1f\" fill=\"%s\" stroke=\"#fff\" "
		    "stroke-width=\"1.5\"/>\n", cx, cy, r, SVG_ADVANCE_COLOUR);
}

/* Where a retreat may end: a square frame, black inside the colour. */
static void
mark_end(FILE *fp, double cx, double cy, double r)
{
	fprintf(fp, "<rect class=\"end\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"%.1f\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\"/>"
	    "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
	    "fill=\"none\" stroke=\"#000\" stroke-width=\"1\"/>\n", cx - r,
	    cy - r, 2 * r, 2 * r, SVG_RETREAT_COLOUR, r * 0.22, cx - r * 0.86,
	    cy - r * 0.86, r * 1.72, r * 1.72);
}

static const char *
route_colour(enum svg_route kind)
{
	return kind == SVG_RETREAT ? SVG_RETREAT_COLOUR : SVG_ADVANCE_COLOUR;
}

/* Long dashes for a retreat, short for an advance: apart in grey too. */
static const char *
route_dash(enum svg_route kind)
{
	return kind == SVG_RETREAT ? "9 4" : "3 3";
}

/* Each step of the routes as one path: casing, then line. */
static void
route_lines(const struct pic *p, const int *steps, int nsteps)
{
	double ax, ay, bx, by;
	int i, k;

	for (k = 0; k < 2; k++) {
		fputs("<path class=\"route\" d=\"", p->fp);
		for (i = 0; i < nsteps; i++) {
			if (!p->in_window[steps[2 * i]] ||
			    !p->in_window[steps[2 * i + 1]])
				continue;
			svg_centre(p, map_hex(p->m, steps[2 * i]), &ax, &ay);
			svg_centre(p, map_hex(p->m, steps[2 * i + 1]), &bx, &by);
			fprintf(p->fp, "M%.1f %.1fL%.1f %.1f", ax, ay, bx, by);
		}
		fprintf(p->fp, "\" fill=\"none\" stroke=\"%s\" "
		    "stroke-width=\"%.1f\"%s%s%s/>\n", k ? route_colour(
		    p->o->route_kind) : "#ffffff", R * (k ? 0.14 : 0.26),
		    k ? " stroke-dasharray=\"" : "", k ? route_dash(
		    p->o->route_kind) : "", k ? "\"" : "");
	}
}

/* The routes, a node on every hex of one, the ends framed with losses. */
static void
draw_routes(const struct pic *p)
{
	const struct svg_overlay *o = p->o;
	int i, n = map_size(p->m), lossy = 0;
	char *on;
	double cx, cy;

	if (!o->routes)
		return;
	route_lines(p, o->route_steps, o->nroute_steps);
	on = err_calloc((size_t)n, 1);
	for (i = 0; i < 2 * o->nroute_steps; i++)
		on[o->route_steps[i]] = 1;
	for (i = 0; i < n; i++) {
		if (!on[i] || !p->in_window[i])
			continue;
		svg_centre(p, map_hex(p->m, i), &cx, &cy);
		mark_node(p->fp, o->route_kind, cx, cy, R * 0.15);
	}
	free(on);
	for (i = 0; o->end_loss != NULL && i < o->nends; i++)
		lossy |= o->end_loss[i] > 0;
	for (i = 0; i < o->nends; i++) {
		if (!p->in_window[o->ends[i]])
			continue;
		svg_centre(p, map_hex(p->m, o->ends[i]), &cx, &cy);
		mark_end(p->fp, cx, cy, R * 0.36);
		if (lossy)
			fprintf(p->fp, "<text x=\"%.1f\" y=\"%.1f\" "
			    "class=\"left\">%d</text>\n", cx + R * 0.62,
			    cy + R * 0.1, o->end_loss[i]);
	}
}

/* Hexes of one kind: each in the window gets mark(fp, cx, cy, r). */
static void
mark_each(const struct pic *p, const int *hexes, int n, double r,
    void (*mark)(FILE *, double, double, double))
{
	double cx, cy;
	int i;

	for (i = 0; hexes != NULL && i < n; i++) {
		if (hexes[i] < 0 || !p->in_window[hexes[i]])
			continue;
		svg_centre(p, map_hex(p->m, hexes[i]), &cx, &cy);
		mark(p->fp, cx, cy, r);
	}
}

static void
mark_oos_hex(FILE *fp, double cx, double cy, double r)
{
	mark_oos(fp, cx, cy, r, 1);
}

void
svg_draw_answer(const struct pic *p)
{
	const struct svg_overlay *o = p->o;

	if (o == NULL)
		return;
	draw_path(p);
	draw_routes(p);
	mark_each(p, o->doomed, o->ndoomed, R * 0.45, mark_cross);
	mark_each(p, o->oos, o->noos, R * 0.8, mark_oos_hex);
	mark_each(p, o->blocked, o->nblocked, R * 0.3, mark_barred);
	mark_each(p, o->marks, o->nmarks, R * 0.52, mark_ring);
}

/* ---- the legend's row for the answer ---- */

struct legend {
	const struct pic *p;
	FILE *fp;		/* NULL: only measuring */
	double x, y;
	int rows;
};

/*
 * Room for an entry w wide: on this row, or the next.  1 if it is to be
 * drawn (at l->x, l->y), 0 when only measuring; x then moves past it.
 */
static int
legend_at(struct legend *l, double w, double *x)
{
	if (l->x > MARGIN && l->x + w > l->p->width - MARGIN) {
		l->x = MARGIN;
		l->y += LEGEND_ROW;
		l->rows++;
	}
	*x = l->x;
	l->x += w;
	return l->fp != NULL;
}

static void
legend_text(const struct legend *l, double x, const char *text)
{
	fprintf(l->fp, "<text x=\"%.1f\" y=\"%.1f\" class=\"leg\">%s</text>\n",
	    x + 20, l->y, text);
}

/* A sample of a line: colour, width, dashes (or NULL). */
static void
legend_line(struct legend *l, const char *colour, const char *dash,
    void (*mark)(FILE *, double, double, double), const char *text)
{
	double x;

	if (!legend_at(l, 34 + 6.0 * strlen(text), &x))
		return;
	fprintf(l->fp, "<path d=\"M%.1f %.1fh16\" stroke=\"%s\" "
	    "stroke-width=\"4\"%s%s%s/>\n", x, l->y - 4, colour,
	    dash ? " stroke-dasharray=\"" : "", dash ? dash : "",
	    dash ? "\"" : "");
	if (mark != NULL)
		mark(l->fp, x + 8, l->y - 4, 3.5);
	legend_text(l, x, text);
}

/* A sample of a mark, drawn r big in a 16 px square. */
static void
legend_mark(struct legend *l, void (*mark)(FILE *, double, double, double),
    double r, const char *text)
{
	double x;

	if (!legend_at(l, 34 + 6.0 * strlen(text), &x))
		return;
	mark(l->fp, x + 8, l->y - 4, r);
	legend_text(l, x, text);
}

static int
path_total(const struct svg_overlay *o)
{
	int i, t = 0;

	for (i = 1; i < o->npath; i++)
		t += o->path_costs[i];
	return t;
}

static void
legend_path(struct legend *l, const struct svg_overlay *o)
{
	char text[128];
	size_t n;
	double x;
	char cost[24];

	snprintf(text, sizeof text, "path, %d hex%s entered", o->npath - 1,
	    o->npath == 2 ? "" : "es");
	if (o->path_costs != NULL) {
		amount_text(cost, sizeof cost, path_total(o), o->cost_scale);
		n = strlen(text);
		snprintf(text + n, sizeof text - n, ", cost %s", cost);
	}
	if (o->path_rules != NULL)
		strncat(text, " (each step's rule under its cost)",
		    sizeof text - strlen(text) - 1);
	if (!legend_at(l, 34 + 5.5 * strlen(text), &x))
		return;
	fprintf(l->fp, "<path d=\"M%.1f %.1fh16\" stroke=\"%s\" "
	    "stroke-width=\"5\"/>", x, l->y - 4, SVG_PATH_COLOUR);
	legend_text(l, x, text);
}

/* Sleepers across a short line, as the rail move's steps are drawn. */
static void
rail_sample(FILE *fp, double cx, double cy, double r)
{
	fprintf(fp, "<path d=\"M%.1f %.1fv%.1fM%.1f %.1fv%.1f\" "
	    "stroke=\"#000000\" stroke-width=\"2\"/>\n", cx - r, cy - r,
	    2 * r, cx + r, cy - r, 2 * r);
}

/* The kinds of step a priced path may have: by rail, from the sea. */
static void
legend_steps(struct legend *l, const struct svg_overlay *o)
{
	if (o->path_rail1 > o->path_rail0 && o->path_rail1 > 0)
		legend_line(l, SVG_PATH_COLOUR, NULL, rail_sample,
		    "the rail move (toto 9.8)");
	if (o->path_landing && o->npath > 1)
		legend_line(l, SVG_SEA_COLOUR, "1 3", NULL, o->path_embark ?
		    "embark now (loe 6.4 C); next phase by sea, then the "
		    "landing (6.4 D)" : "by sea, then the landing (loe 6.4 D)");
}

static void
legend_reach(struct legend *l)
{
	double x;

	if (!legend_at(l, 210, &x))
		return;
	fprintf(l->fp, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" "
	    "height=\"12\" fill=\"#1b6fb0\" fill-opacity=\"0.4\"/>"
	    "<text x=\"%.1f\" y=\"%.1f\" class=\"leg\">reachable "
	    "(number: movement left)</text>\n", x, l->y - 10, x + 18, l->y);
}

/* A pass-only hex of the reach: its word as drawn, then what it means. */
static void
legend_pass(struct legend *l)
{
	static const char text[] = "it may go through, not end its move "
	    "there";
	double x;

	if (!legend_at(l, 44 + 6.0 * strlen(text), &x))
		return;
	fprintf(l->fp, "<text x=\"%.1f\" y=\"%.1f\" class=\"left\">pass"
	    "</text>\n", x + 12, l->y);
	legend_text(l, x + 10, text);
}

static void
retreat_node(FILE *fp, double cx, double cy, double r)
{
	mark_node(fp, SVG_RETREAT, cx, cy, r);
}

static void
advance_node(FILE *fp, double cx, double cy, double r)
{
	mark_node(fp, SVG_ADVANCE, cx, cy, r);
}

static void
legend_routes(struct legend *l, const struct svg_overlay *o)
{
	int i, lossy = 0;

	if (o->route_kind == SVG_ADVANCE) {
		legend_line(l, SVG_ADVANCE_COLOUR, route_dash(SVG_ADVANCE),
		    advance_node, "advance routes");
		return;
	}
	legend_line(l, SVG_RETREAT_COLOUR, route_dash(SVG_RETREAT),
	    retreat_node, "retreat routes");
	for (i = 0; o->end_loss != NULL && i < o->nends; i++)
		lossy |= o->end_loss[i] > 0;
	if (o->nends > 0)
		legend_mark(l, mark_end, 6, lossy ? "where it may end "
		    "(number: losses)" : "where it may end");
}

static void
oos_sample(FILE *fp, double cx, double cy, double r)
{
	mark_oos(fp, cx, cy, r, 0);
}

int
svg_answer_legend(const struct pic *p, FILE *fp, double y)
{
	const struct svg_overlay *o = p->o;
	struct legend l = { p, fp, MARGIN, y + LEGEND_ROW, 1 };
	int i, attempts = 0;

	if (o == NULL)
		return 0;
	if (o->path != NULL && o->npath > 0) {
		legend_path(&l, o);
		legend_steps(&l, o);
	}
	if (o->reach_left != NULL)
		legend_reach(&l);
	if (o->reach_left != NULL && o->reach_pass != NULL)
		legend_pass(&l);
	if (o->routes && (o->nends > 0 || o->ndoomed == 0))
		legend_routes(&l, o);
	if (o->ndoomed > 0)
		legend_mark(&l, mark_cross, 6, "eliminated: no retreat in full");
	for (i = 0; o->line_blocked != NULL && i < o->nlines; i++)
		attempts |= o->line_blocked[i];
	if (o->nlines > 0)
		legend_line(&l, SVG_PATH_COLOUR, NULL, NULL,
		    "supply line to its source");
	if (attempts)
		legend_line(&l, SVG_PATH_COLOUR, "7 5", NULL,
		    "nearest attempt, blocked");
	if (o->noos > 0)
		legend_mark(&l, oos_sample, 7, "OOS: out of supply");
	if (o->nblocked > 0)
		legend_mark(&l, mark_barred, 6, "where the line was blocked");
	if (o->marks != NULL && o->nmarks > 0)
		legend_mark(&l, mark_ring, 6, "marked hex");
	return l.rows;
}
