/*
 * map_draft.c: building a map from what a file says.  map_json.c and
 * map_text.c parse the two forms into a draft of operations (ranges,
 * hexes, hexsides, places) or, for a text map whose header gave its size,
 * straight into the map; each operation is checked, then applied, and the
 * map installed whole or not at all.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "map_impl.h"

/* ---- drafts ---- */

void
map_draft_init(struct map_draft *d)
{
	memset(d, 0, sizeof *d);
	d->deflt = -1;
}

void
map_draft_free(struct map_draft *d)
{
	size_t i;

	for (i = 0; i < d->nops; i++)
		free(d->ops[i].place);
	free(d->ops);
	map_free(d->map);	/* a map begun and not installed */
	map_vocab_free(d->vocab);
	free(d->game);
	free(d->name);
	free(d->source);
	free(d->note);
	map_draft_init(d);
}

void
map_op_init(struct map_op *op, enum map_op_kind kind)
{
	memset(op, 0, sizeof *op);
	op->kind = (unsigned char)kind;
	op->terrain = -1;
}

struct map_op *
map_draft_op(struct map_draft *d, enum map_op_kind kind)
{
	struct map_op *op;

	if (d->nops == d->capops) {
		/* room for a teaching map's lines at once: a chain of
		 * copies would touch twice the pages */
		d->capops = d->capops ? d->capops * 2 : 256;
		d->ops = err_realloc(d->ops, d->capops * sizeof *d->ops);
	}
	op = &d->ops[d->nops++];
	map_op_init(op, kind);
	return op;
}

void
map_op_where(const struct map_op *op, char *buf, size_t len)
{
	static const char *const arrays[] = {
		[OP_RECT] = "ranges", [OP_HEX] = "hexes", [OP_SIDE] = "hexsides",
		[OP_PLACE] = "hexes",
	};

	if (op->line > 0)
		snprintf(buf, len, "line %d, column %d", op->line, op->col);
	else if (op->keyed) {
		char id[HEX_IDLEN];

		hex_format(op->a, id);
		snprintf(buf, len, "%s.%s", arrays[op->kind], id);
	}
	else
		snprintf(buf, len, "%s[%d]", arrays[op->kind], op->item);
}

static int
in_size(const struct map_draft *d, struct hex h)
{
	return h.col >= d->size0.col && h.col <= d->size1.col &&
	    h.row >= d->size0.row && h.row <= d->size1.row;
}

/* The message for a hex outside the size line's rectangle. */
static int off_map(struct hex, char *, size_t) __attribute__((cold, noinline));
static int not_adjacent(const struct map_draft *, const struct map_op *,
    char *, size_t) __attribute__((cold, noinline));

static int
off_map(struct hex h, char *why, size_t whylen)
{
	char id[HEX_IDLEN];

	hex_format(h, id);
	snprintf(why, whylen, "hex off the map: '%s'", id);
	return -1;
}

static int
not_adjacent(const struct map_draft *d, const struct map_op *op, char *why,
    size_t whylen)
{
	char a[HEX_IDLEN], b[HEX_IDLEN];

	hex_format(op->a, a);
	hex_format(op->b, b);
	snprintf(why, whylen, "hexes that share no hexside in an %s map: "
	    "'%s/%s'", hex_layout_name(d->layout), a, b);
	return -1;
}

int
map_op_check(const struct map_draft *d, struct map_op *op, char *why,
    size_t whylen)
{
	int two = op->kind == OP_RECT || op->kind == OP_SIDE;

	/* this runs once a line: the messages are made apart, when needed */
	if (d->have_size && !in_size(d, op->a))
		return off_map(op->a, why, whylen);
	if (d->have_size && two && !in_size(d, op->b))
		return off_map(op->b, why, whylen);
	if (op->kind != OP_SIDE)
		return 0;
	op->dir = d->have_layout ? (signed char)hex_direction(op->a, op->b,
	    d->layout) : -1;
	if ((op->a.col == op->b.col && op->a.row == op->b.row) ||
	    (d->have_layout && op->dir < 0))
		return not_adjacent(d, op, why, whylen);
	return 0;
}

/* The rectangle: "size" when given, else the span of every id named. */
static void
draft_span(const struct map_draft *d, struct hex *lo, struct hex *hi)
{
	size_t i;

	if (d->have_size) {
		*lo = d->size0;
		*hi = d->size1;
		return;
	}
	lo->col = lo->row = INT_MAX;
	hi->col = hi->row = -1;
	for (i = 0; i < d->nops; i++) {
		const struct map_op *op = &d->ops[i];
		struct hex hs[2] = { op->a, op->kind == OP_HEX ||
		    op->kind == OP_PLACE ? op->a : op->b };
		int j;

		for (j = 0; j < 2; j++) {
			if (hs[j].col < lo->col) lo->col = hs[j].col;
			if (hs[j].row < lo->row) lo->row = hs[j].row;
			if (hs[j].col > hi->col) hi->col = hs[j].col;
			if (hs[j].row > hi->row) hi->row = hs[j].row;
		}
	}
}

/*
 * The hexside array, made when the first hexside comes: calloc'd, so a
 * big map's pages no hexside touches cost no memory; a small map's are
 * cleared (so touched) at once, hence a byte a side when the game's words
 * fit.
 */
static void
need_sides(const struct map_draft *d, struct map *m)
{
	if (m->sides8 || m->sides32)
		return;
	if (d->vocab->n[MAP_HEXSIDE] <= 8)
		m->sides8 = err_calloc((size_t)m->n * HEX_NDIRS,
		    sizeof *m->sides8);
	else
		m->sides32 = err_calloc((size_t)m->n * HEX_NDIRS,
		    sizeof *m->sides32);
}

/* The feature array, made when the first hex with a feature comes. */
static void
need_features(const struct map_draft *d, struct map *m)
{
	if (m->features16 || m->features32)
		return;
	if (d->vocab->n[MAP_FEATURE] <= 16)
		m->features16 = err_calloc((size_t)m->n, sizeof *m->features16);
	else
		m->features32 = err_calloc((size_t)m->n, sizeof *m->features32);
}

/* Both names of the side get the bits, so map_side() is one load. */
static void
set_side(const struct map_draft *d, struct map *m, const struct map_op *op)
{
	int dir = op->dir;	/* map_op_check found it, the layout known */
	size_t a = (size_t)map_index(m, op->a), b = (size_t)map_index(m, op->b);

	need_sides(d, m);
	a = a * HEX_NDIRS + (size_t)dir;
	b = b * HEX_NDIRS + (size_t)((dir + 3) % HEX_NDIRS);
	if (m->sides8) {
		/* the bits fit: the vocabulary has at most 8 hexside words */
		m->sides8[a] |= (uint8_t)op->bits;
		m->sides8[b] |= (uint8_t)op->bits;
	} else {
		m->sides32[a] |= op->bits;
		m->sides32[b] |= op->bits;
	}
}

static int
place_cmp(const void *a, const void *b)
{
	const struct map_place *pa = a, *pb = b;

	if (pa->idx != pb->idx)
		return (pa->idx > pb->idx) - (pa->idx < pb->idx);
	return (pa->seq > pb->seq) - (pa->seq < pb->seq);
}

/* Keep the last name given to each hex; the array is sorted by hex. */
static void
sort_places(struct map *m)
{
	int i, j = 0;

	if (m->nplaces < 2)
		return;
	/* seq keeps the file's order among names of one hex: later ones win. */
	qsort(m->places, (size_t)m->nplaces, sizeof *m->places, place_cmp);
	for (i = 0; i < m->nplaces; i++) {
		if (j > 0 && m->places[j - 1].idx == m->places[i].idx) {
			free(m->places[j - 1].name);
			m->places[j - 1] = m->places[i];
			continue;
		}
		m->places[j++] = m->places[i];
	}
	m->nplaces = j;
}

/* How many times over a map's ranges may cover it. */
#define MAP_COVERS	16

/*
 * A file's ranges may cover its map MAP_COVERS times over: a real map
 * names each stretch of terrain once or twice, and a damaged one naming
 * a million-hex map over and over would keep umpire busy for hours.
 * Whether a range still fits in what is left (d->budget): a range is
 * paid for before it is written.
 */
static int
cover_left(struct map_draft *d, const struct map_op *op)
{
	long long w, h;

	if (op->kind != OP_RECT)
		return 1;
	w = llabs((long long)op->b.col - op->a.col) + 1;
	h = llabs((long long)op->b.row - op->a.row) + 1;
	return (d->budget -= w * h) >= 0;
}

static int
cover_over(const struct map_op *op, char *why, size_t whylen)
{
	char where[64];

	map_op_where(op, where, sizeof where);
	snprintf(why, whylen, "%s: the ranges cover the map more than %d "
	    "times over (list each stretch once)", where, MAP_COVERS);
	return -1;
}

/*
 * A rectangle of hexes gets a terrain and features.  Hexes are numbered
 * column by column, so each column of the rectangle is one run of the
 * arrays: a memset for the terrain.
 */
static void
fill_rect(const struct map_draft *d, struct map *m, const struct map_op *op)
{
	struct hex lo = op->a, hi = op->kind == OP_RECT ? op->b : op->a;
	size_t run, i;
	int c, start;

	if (lo.col > hi.col) { c = lo.col; lo.col = hi.col; hi.col = c; }
	if (lo.row > hi.row) { c = lo.row; lo.row = hi.row; hi.row = c; }
	run = (size_t)(hi.row - lo.row) + 1;
	if (op->bits)
		need_features(d, m);
	for (c = lo.col; c <= hi.col; c++) {
		start = (c - m->col0) * m->nrows + (lo.row - m->row0);
		if (op->terrain >= 0)
			memset(m->terrain + start, op->terrain, run);
		for (i = 0; op->bits && m->features16 && i < run; i++)
			m->features16[(size_t)start + i] |= (uint16_t)op->bits;
		for (i = 0; op->bits && m->features32 && i < run; i++)
			m->features32[(size_t)start + i] |= op->bits;
	}
}

/* The map takes the op's place name. */
static void
add_place(struct map_draft *d, struct map *m, struct map_op *op)
{
	if (m->nplaces == d->capplaces) {
		d->capplaces = d->capplaces ? d->capplaces * 2 : 16;
		m->places = err_realloc(m->places, (size_t)d->capplaces *
		    sizeof *m->places);
	}
	m->places[m->nplaces].idx = map_index(m, op->a);
	m->places[m->nplaces].seq = m->nplaces;
	m->places[m->nplaces++].name = op->place;
	op->place = NULL;
}

/* Write one checked op into the map: -1 if its range overruns the budget
 * (cover_left), the map left as it was. */
static int
apply_op(struct map_draft *d, struct map *m, struct map_op *op)
{
	if (!cover_left(d, op))
		return -1;
	switch (op->kind) {
	case OP_RECT:
	case OP_HEX:
		fill_rect(d, m, op);
		break;
	case OP_SIDE:
		set_side(d, m, op);
		break;
	case OP_PLACE:
		add_place(d, m, op);
		break;
	}
	return 0;
}

/*
 * The map with its terrain set to the default; the other arrays are made
 * when the first op that needs them comes (need_features, need_sides).
 */
static struct map *
map_alloc(struct map_draft *d, struct hex lo, struct hex hi)
{
	struct map *m = err_calloc(1, sizeof *m);

	m->layout = d->layout;
	m->col0 = lo.col;
	m->row0 = lo.row;
	m->ncols = hi.col - lo.col + 1;
	m->nrows = hi.row - lo.row + 1;
	m->by_rows = ((UINT64_C(1) << 32) + (uint64_t)m->nrows - 1) /
	    (uint64_t)m->nrows;
	m->n = m->ncols * m->nrows;
	m->terrain = err_malloc((size_t)m->n);
	/* 0xff: no terrain yet; a real index is below MAP_MAX_TERRAINS. */
	memset(m->terrain, d->deflt >= 0 ? d->deflt : 0xff, (size_t)m->n);
	d->budget = (long long)MAP_COVERS * m->n;
	return m;
}

void
map_draft_begin(struct map_draft *d)
{
	if (d->have_size && d->have_layout && d->vocab && !d->map)
		d->map = map_alloc(d, d->size0, d->size1);
}

void
map_draft_add(struct map_draft *d, struct map_op *op)
{
	if (!d->map) {
		*map_draft_op(d, op->kind) = *op;
		return;
	}
	/* past the budget, the rest of the file is still checked for a
	 * mistake to report first, but no more of it is written */
	if (!d->over_line && apply_op(d, d->map, op) < 0) {
		d->over_line = op->line;
		d->over_col = op->col;
	}
	free(op->place);	/* NULL if the map took it */
	op->place = NULL;
}

/* JSON objects may repeat a key; a hex listed twice is a mistake. */
static int
duplicate_keys(const struct map_draft *d, const struct map *m, char *why,
    size_t whylen)
{
	unsigned char *seen = NULL;
	size_t i;
	int idx, st = 0;

	for (i = 0; i < d->nops && st == 0; i++) {
		if (d->ops[i].kind != OP_HEX || !d->ops[i].keyed)
			continue;
		if (!seen)
			seen = err_calloc((size_t)m->n, 1);
		idx = map_index(m, d->ops[i].a);
		if (seen[idx]++) {
			char id[HEX_IDLEN];

			hex_format(d->ops[i].a, id);
			snprintf(why, whylen, "hexes: '%s' listed twice", id);
			st = -1;
		}
	}
	free(seen);
	return st;
}

/* Sort the places, check every hex has a terrain, and take the header. */
static int
install(struct map_draft *d, struct map *m, struct map **out, char *why,
    size_t whylen)
{
	char id[HEX_IDLEN];
	const unsigned char *hole;

	sort_places(m);
	/* 0xff: no terrain given (map_alloc); memchr looks many bytes at once */
	if ((hole = memchr(m->terrain, 0xff, (size_t)m->n))) {
		map_hex_id(m, (int)(hole - m->terrain), id);
		snprintf(why, whylen, "hex %s has no terrain (give it one, "
		    "or a default)", id);
		map_free(m);
		return -1;
	}
	m->vocab = d->vocab;
	m->game = d->game;
	m->name = d->name ? d->name : err_strdup("");
	m->source = d->source ? d->source : err_strdup("user");
	m->note = d->note ? d->note : err_strdup("");
	m->path = err_strdup("");
	d->vocab = NULL;
	d->game = d->name = d->source = d->note = NULL;
	*out = m;
	return 0;
}

/* The map begun at the first hex line, every op written into it. */
static int
build_begun(struct map_draft *d, struct map **out, char *why, size_t whylen)
{
	struct map *m = d->map;
	struct map_op op;

	d->map = NULL;
	if (d->over_line) {
		map_op_init(&op, OP_RECT);
		op.line = d->over_line;
		op.col = d->over_col;
		map_free(m);
		return cover_over(&op, why, whylen);
	}
	return install(d, m, out, why, whylen);
}

int
map_draft_build(struct map_draft *d, struct map **out, char *why,
    size_t whylen)
{
	char where[64];
	struct hex lo, hi;
	struct map *m;
	size_t i;

	if (!d->vocab || !d->game) {
		snprintf(why, whylen, "the map names no game");
		return -1;
	}
	if (!d->have_layout) {
		snprintf(why, whylen, "the map gives no layout (odd-q or even-q)");
		return -1;
	}
	if (d->map)
		return build_begun(d, out, why, whylen);
	for (i = 0; !d->checked && i < d->nops; i++) {
		if (map_op_check(d, &d->ops[i], why, whylen) < 0) {
			char tmp[256];

			map_op_where(&d->ops[i], where, sizeof where);
			snprintf(tmp, sizeof tmp, "%s", why);
			snprintf(why, whylen, "%s: %s", where, tmp);
			return -1;
		}
	}
	draft_span(d, &lo, &hi);
	if (hi.col < 0) {
		snprintf(why, whylen, "the map has no hexes (give a size or some hexes)");
		return -1;
	}
	m = map_alloc(d, lo, hi);
	if (duplicate_keys(d, m, why, whylen) < 0) {
		map_free(m);
		return -1;
	}
	for (i = 0; i < d->nops; i++) {
		if (apply_op(d, m, &d->ops[i]) < 0) {
			map_free(m);
			return cover_over(&d->ops[i], why, whylen);
		}
	}
	return install(d, m, out, why, whylen);
}

