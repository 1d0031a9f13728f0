/*
 * map-show.c: `umpire map show`: a map's hexes drawn as text in a
 * terminal, readable without colour.  The drawing lays the hexes out as
 * the map does: each hex two lines tall, every other column half a hex
 * lower, so the hexes that touch are the ones that overlap side by side.
 * With --supply a letter beside a hex's id marks what supply-trace found
 * there (cmd/map-svg-supply.c runs its code, not a copy); with --path or
 * --reach, a digit the step or the movement left, as move-cost's
 * procedure answers them for map svg (move_cost_map_marks).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "err.h"
#include "games/game.h"
#include "hex.h"
#include "map.h"
#include "map-svg-job.h"
#include "out.h"
#include "situation.h"

/* Above this many hexes, show wants --around: a terminal holds no more. */
#define SHOW_MAX_HEXES	4000
#define CELL		9	/* columns of text a hex column takes */

/* Short codes: terrain by its shortest unique prefix (2-3 letters); a
 * feature by one letter, the first of its word not taken before it. */
struct codes {
	char terrain[MAP_MAX_TERRAINS][4];
	char feature[MAP_MAX_BITS];
};

static int
prefix_clash(const struct map_vocab *v, int t, size_t len)
{
	const char *w = map_vocab_word(v, MAP_TERRAIN, t);
	int i;

	for (i = 0; i < map_vocab_count(v, MAP_TERRAIN); i++)
		if (i != t && strncmp(map_vocab_word(v, MAP_TERRAIN, i), w, len) == 0)
			return 1;
	return 0;
}

static void
make_codes(const struct map_vocab *v, struct codes *k)
{
	int i, j;

	for (i = 0; i < map_vocab_count(v, MAP_TERRAIN); i++) {
		const char *w = map_vocab_word(v, MAP_TERRAIN, i);
		size_t len = 2;

		while (len < 3 && len < strlen(w) && prefix_clash(v, i, len))
			len++;
		if (prefix_clash(v, i, len))
			snprintf(k->terrain[i], sizeof k->terrain[i], "%c%d", w[0],
			    i % 100);
		else
			snprintf(k->terrain[i], sizeof k->terrain[i], "%.*s", (int)len, w);
	}
	for (i = 0; i < map_vocab_count(v, MAP_FEATURE); i++) {
		const char *w = map_vocab_word(v, MAP_FEATURE, i);
		char pick = '?';

		for (; *w && pick == '?'; w++) {
			char up = (*w >= 'a' && *w <= 'z') ? (char)(*w - 'a' + 'A') : *w;

			pick = up;
			for (j = 0; j < i; j++)
				if (k->feature[j] == up)
					pick = '?';
		}
		k->feature[i] = pick;
	}
}

struct window {
	int c0, c1, r0, r1;	/* columns and rows drawn */
	int centre, radius;	/* centre < 0: every hex in the rectangle */
};

static int
in_window(const struct map *m, const struct window *w, int idx)
{
	if (w->centre < 0)
		return 1;
	return hex_distance(map_hex(m, w->centre), map_hex(m, idx),
	    map_layout(m)) <= w->radius;
}

int
map_hex_or_place(const struct map *m, const char *what)
{
	int idx = map_lookup(m, what);

	return idx >= 0 ? idx : map_find_place(m, what);
}

static int
make_window(const struct map *m, const struct map_request *r, struct window *w)
{
	struct hex lo, hi, h;

	map_bounds(m, &lo, &hi);
	w->c0 = lo.col;
	w->c1 = hi.col;
	w->r0 = lo.row;
	w->r1 = hi.row;
	w->centre = -1;
	w->radius = r->radius >= 0 ? r->radius : 3;
	if (!r->around) {
		if (map_size(m) > SHOW_MAX_HEXES)
			return err(ST_USAGE, "the map has %d hexes: give --around HEX "
			    "to draw part of it", map_size(m));
		return ST_OK;
	}
	if ((w->centre = map_hex_or_place(m, r->around)) < 0)
		return err(ST_USAGE, "no such hex or place on the map: '%s'", r->around);
	h = map_hex(m, w->centre);
	/* A hex within the radius is at most radius columns and rows away. */
	if (h.col - w->radius > w->c0) w->c0 = h.col - w->radius;
	if (h.col + w->radius < w->c1) w->c1 = h.col + w->radius;
	if (h.row - w->radius > w->r0) w->r0 = h.row - w->radius;
	if (h.row + w->radius < w->r1) w->r1 = h.row + w->radius;
	return ST_OK;
}

static int
shifted(const struct map *m, int col)
{
	return (map_layout(m) == HEX_ODD_Q) == ((col & 1) == 1);
}

/*
 * s onto the n bytes of a cell's text in buf, cut at the cell's width.
 * Not snprintf: a whole map's drawing is thousands of cells, and printf's
 * machinery was most of its cost.
 */
static size_t
cell_add(char *buf, size_t n, const char *s, size_t max)
{
	size_t len = strlen(s);

	if (len > CELL - n)
		len = CELL - n;
	if (len > max)
		len = max;
	memcpy(buf + n, s, len);
	buf[n + len] = '\0';
	return n + len;
}

/* One hex's half: its id (and * if named), or its terrain and features. */
static void
cell(const struct map *m, const struct codes *k, const char *mark, int idx,
    int part, char *buf)
{
	char id[HEX_IDLEN], marks[MAP_MAX_BITS + 1];
	unsigned f = map_features(m, idx);
	int i, n = 0;
	size_t used;

	if (part == 0) {
		map_hex_id(m, idx, id);
		/* a long id may crowd the mark to the cell's last column */
		used = cell_add(buf, 0, id, CELL);
		if (map_place(m, idx))
			cell_add(buf, used, "*", 1);
		if (mark != NULL && mark[idx]) {
			n = (int)strlen(buf);
			if (n > CELL - 2)
				n = CELL - 2;
			buf[n] = ' ';
			buf[n + 1] = mark[idx];
			buf[n + 2] = '\0';
		}
		return;
	}
	for (i = 0; i < MAP_MAX_BITS; i++)
		if (f & (1u << i))
			marks[n++] = k->feature[i];
	marks[n] = '\0';
	used = cell_add(buf, 0, k->terrain[map_terrain_id(m, idx)], CELL);
	if (n)
		cell_add(buf, cell_add(buf, used, " ", 1), marks, 4);
}

/* Columns c0..c1 of the window, every line of them. */
static void
draw_band(struct trail *tr, const struct map *m, const struct codes *k,
    const char *mark, const struct window *w, int c0, int c1)
{
	int nrows = w->r1 - w->r0 + 1, lines = 2 * nrows + 1, line, col;
	size_t width = (size_t)(c1 - c0 + 1) * CELL + 1;
	char *text = err_malloc(width + 1), buf[CELL + 1];

	for (line = 0; line < lines; line++) {
		size_t used = 0, last = 0, len;

		for (col = c0; col <= c1; col++) {
			int y = line - shifted(m, col), row = w->r0 + (y >= 0 ? y / 2 : -1);
			int idx = map_index(m, (struct hex){ col, row });

			buf[0] = '\0';
			if (y >= 0 && row <= w->r1 && idx >= 0 && in_window(m, w, idx))
				cell(m, k, mark, idx, y % 2, buf);
			len = strlen(buf);
			if (len)
				last = used + len;
			/* the cell, padded with blanks to its width */
			memcpy(text + used, buf, len);
			memset(text + used + len, ' ', CELL - len);
			used += CELL;
		}
		text[last] = '\0';
		/* trailing blanks trimmed; a line with no hex is skipped */
		if (last > 0)
			trail_line(tr, "%s", text);
	}
	free(text);
}

/*
 * The window drawn in bands of columns, each within the trail's width: a
 * hex's id and its terrain are on two lines, and a drawing wider than the
 * screen would be wrapped by the terminal, setting the ids of one line
 * apart from the terrain under them.  Each band is whole rows of its
 * columns, one blank line between bands.
 */
static void
draw(struct trail *tr, const struct map *m, const struct codes *k,
    const char *mark, const struct window *w)
{
	int per = OUT_WIDTH / CELL, c0;

	if (per < 1)
		per = 1;
	for (c0 = w->c0; c0 <= w->c1; c0 += per) {
		int c1 = c0 + per - 1 > w->c1 ? w->c1 : c0 + per - 1;

		if (c0 > w->c0)
			trail_line(tr, "%s", "");
		draw_band(tr, m, k, mark, w, c0, c1);
	}
}

/* Append to a line, never past its end (a long line is cut short). */
static void
append(char *buf, size_t len, size_t *used, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void
append(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*used >= len - 1)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf + *used, len - *used, fmt, ap);
	va_end(ap);
	if (n > 0)
		*used += (size_t)n < len - *used ? (size_t)n : len - 1 - *used;
}

/* The words of the bits set in bits, into a line and, when want, a JSON
 * array (else NULL). */
static cJSON *
words(const struct map_vocab *v, enum map_word_kind kind, unsigned bits,
    char *line, size_t len, size_t *used, int want)
{
	cJSON *arr = want ? json_array() : NULL;
	int i;

	for (i = 0; i < map_vocab_count(v, kind); i++) {
		if (!(bits & (1u << i)))
			continue;
		if (line)
			append(line, len, used, " %s", map_vocab_word(v, kind, i));
		if (arr)
			json_push(arr, cJSON_CreateString(map_vocab_word(v, kind,
			    i)));
	}
	return arr;
}

/* The hex's JSON: its id, terrain, features and name. */
static cJSON *
hex_json(const struct map *m, int idx, const char *id)
{
	cJSON *jh = json_object();

	json_set_str(jh, "hex", id);
	json_set_str(jh, "terrain", map_terrain(m, idx));
	json_set(jh, "features", words(map_vocab(m), MAP_FEATURE,
	    map_features(m, idx), NULL, 0, NULL, 1));
	if (map_place(m, idx))
		json_set_str(jh, "place", map_place(m, idx));
	return jh;
}

/*
 * One hex drawn: its name, its hexsides with features, and, when the
 * JSON is wanted (jhexes and jsides; else NULL), its JSON.  Text alone
 * builds no JSON: a map's worth of it was most of a drawing's cost.
 */
static void
legend_hex(struct trail *tr, const struct map *m, const struct window *w,
    int idx, cJSON *jhexes, cJSON *jsides)
{
	const struct map_vocab *v = map_vocab(m);
	char line[1024], id[HEX_IDLEN], id2[HEX_IDLEN];
	cJSON *js, *features;
	size_t used;
	int d;

	map_hex_id(m, idx, id);
	if (map_place(m, idx))
		trail_line(tr, "  %s* %s", id, map_place(m, idx));
	if (jhexes)
		json_push(jhexes, hex_json(m, idx, id));
	for (d = 0; d < 3; d++) {
		unsigned sides = map_side(m, idx, d);
		int nb = map_neighbour(m, idx, d);

		if (!sides || nb < 0 || !in_window(m, w, nb))
			continue;
		map_hex_id(m, nb, id2);
		used = 0;
		append(line, sizeof line, &used, "  %s/%s", id, id2);
		features = words(v, MAP_HEXSIDE, sides, line, sizeof line,
		    &used, jsides != NULL);
		trail_line(tr, "%s", line);
		if (!jsides)
			continue;
		js = json_object();
		json_set_str(js, "a", id);
		json_set_str(js, "b", id2);
		json_set(js, "features", features);
		json_push(jsides, js);
	}
}

/* Which codes, places and hexsides appear in the window: the legend. */
static void
legend(struct trail *tr, const struct map *m, const struct codes *k,
    const struct window *w, cJSON *jhexes, cJSON *jsides)
{
	const struct map_vocab *v = map_vocab(m);
	unsigned char seen_t[MAP_MAX_TERRAINS] = { 0 };
	unsigned seen_f = 0;
	char line[1024];
	int col, row, idx, i;
	size_t used = 0;

	/* column by column, as the hexes are numbered */
	for (col = w->c0; col <= w->c1; col++) {
		for (row = w->r0; row <= w->r1; row++) {
			idx = map_index(m, (struct hex){ col, row });
			if (idx < 0 || !in_window(m, w, idx))
				continue;
			seen_t[map_terrain_id(m, idx)] = 1;
			seen_f |= map_features(m, idx);
			legend_hex(tr, m, w, idx, jhexes, jsides);
		}
	}
	append(line, sizeof line, &used, "terrain:");
	for (i = 0; i < map_vocab_count(v, MAP_TERRAIN); i++)
		if (seen_t[i])
			append(line, sizeof line, &used, "%s %s %s", used > 8 ?
			    "," : "", k->terrain[i], map_vocab_word(v, MAP_TERRAIN, i));
	trail_line(tr, "%s", line);
	if (!seen_f)
		return;
	used = 0;
	append(line, sizeof line, &used, "features:");
	for (i = 0; i < map_vocab_count(v, MAP_FEATURE); i++)
		if (seen_f & (1u << i))
			append(line, sizeof line, &used, "%s %c %s", used > 9 ?
			    "," : "", k->feature[i], map_vocab_word(v, MAP_FEATURE, i));
	trail_line(tr, "%s", line);
}

/* The mark c in hex h, unless a stronger one (later in rank) is there. */
static void
put_mark(char *mark, int h, char c, const char *rank)
{
	if (mark[h] == 0 || strchr(rank, c) > strchr(rank, mark[h]))
		mark[h] = c;
}

/*
 * --supply: each hex's mark, the strongest first: a unit of the trace out
 * of supply (O) or in it (S), where a line was blocked (X), a source a
 * line reaches (@), a hex a line runs through (=).
 */
static char *
supply_marks(const struct st_run *run)
{
	static const char rank[] = "=@XSO";
	const struct supply_answer *x;
	char *mark = err_calloc((size_t)map_size(run->map), 1);
	int i, k;

	for (i = 0; i < run->n; i++) {
		x = &run->ans[i];
		for (k = 1; k < x->npath; k++)
			put_mark(mark, x->path[k].hex, k + 1 == x->npath &&
			    x->supplied ? '@' : '=', rank);
		if (!x->supplied && x->blocked >= 0)
			put_mark(mark, x->blocked, 'X', rank);
		put_mark(mark, x->u->hex, x->supplied ? 'S' : 'O', rank);
	}
	return mark;
}

/* A number as one character: 0-9, then a-z for 10-35, + beyond. */
static char
digit(int v)
{
	if (v < 10)
		return (char)('0' + v);
	return v < 36 ? (char)('a' + v - 10) : '+';
}

/*
 * --path: each hex's step number (0 the start); --reach: the movement
 * points left on reaching it, whole points, as map svg prices them, or P
 * where the unit may pass but not end its move (loe 7.1, sotq 9.A, 14).
 */
static char *
move_marks(const struct map *m, const struct svg_job *j)
{
	char *mark = err_calloc((size_t)map_size(m), 1);
	int i, scale = j->scale > 1 ? j->scale : 1;

	for (i = 0; j->path != NULL && i < j->npath; i++)
		mark[j->path[i]] = digit(i);
	for (i = 0; j->left != NULL && i < map_size(m); i++)
		if (j->left[i] >= 0)
			mark[i] = j->pass != NULL && j->pass[i] ? 'P' :
			    digit(j->left[i] / scale);
	return mark;
}

/* What the letters beside the ids mean, and the answer as data. */
static void
answer_legend(struct trail *tr, cJSON *json, const struct map_request *r,
    const struct st_run *run, const struct svg_job *j)
{
	char id[HEX_IDLEN], title[128];
	cJSON *arr;
	int i;

	if (r->supply != NULL) {
		/* the question, when it is not the Movement Phase's */
		map_svg_supply_title(title, sizeof title, r->supply,
		    run->r.phase, r->lost);
		if (run->r.phase != SUPPLY_MOVEMENT || r->lost)
			trail_line(tr, "%s", title);
		trail_line(tr, "supply: S in supply, O out of supply, X where its "
		    "line was blocked, = on a line, @ the source it reaches");
		map_svg_supply_question(json, run->r.phase, r->lost);
		json_set(json, "supply", map_svg_supply_json(run));
	} else if (r->path != NULL) {
		trail_line(tr, "path: each hex's step, 0 the start (a for 10, b "
		    "for 11, ...)");
		arr = json_array();
		for (i = 0; i < j->npath; i++) {
			map_hex_id(j->m, j->path[i], id);
			json_push(arr, cJSON_CreateString(id));
		}
		json_set(json, "path", arr);
	} else if (r->reach != NULL) {
		trail_line(tr, "reach: %s's movement points left on reaching the "
		    "hex, whole points (a for 10, b for 11, ...)%s", r->reach,
		    j->npass ? "; P: it may pass but not end its move there" :
		    "");
		arr = json_array();
		for (i = 0; j->pass != NULL && i < map_size(j->m); i++)
			if (j->pass[i]) {
				map_hex_id(j->m, i, id);
				json_push(arr, cJSON_CreateString(id));
			}
		json_set(json, "pass_only", arr);
	}
}

/* The drawing, its legend and the JSON, with the answer's marks. */
static int
show(const struct ctx *c, const struct map *m, const struct window *w,
    const char *mark, const struct map_request *r, const struct st_run *run,
    const struct svg_job *j)
{
	struct codes k;
	struct trail *tr;
	cJSON *json, *hexes, *sides;
	char id[HEX_IDLEN];

	memset(&k, 0, sizeof k);
	make_codes(map_vocab(m), &k);
	tr = trail_new();
	trail_line(tr, "%s map %s (%s, %s)%s", map_game(m), map_name(m)[0] ?
	    map_name(m) : map_path(m), map_source(m), hex_layout_name(map_layout(m)),
	    map_note(m)[0] ? ":" : "");
	if (map_note(m)[0])
		trail_wrap(tr, 2, 2, map_note(m), strlen(map_note(m)));
	trail_note(tr, "  each hex: its id (* if named) over its terrain code "
	    "and feature letters; %s columns sit half a hex lower",
	    map_layout(m) == HEX_ODD_Q ? "odd" : "even");
	draw(tr, m, &k, mark, w);
	json = map_summary_json(m, "map-show");
	if (w->centre >= 0) {
		map_hex_id(m, w->centre, id);
		json_set_str(json, "around", id);
		json_set_num(json, "radius", w->radius);
	}
	/* the hexes one by one only where the JSON is printed or logged */
	hexes = c->json || c->log ? json_array() : NULL;
	sides = hexes ? json_array() : NULL;
	legend(tr, m, &k, w, hexes, sides);
	if (hexes) {
		json_set(json, "shown", hexes);
		json_set(json, "shown_hexsides", sides);
	}
	if (mark != NULL)
		answer_legend(tr, json, r, run, j);
	return out_emit(c, json, tr);
}

/* One answer a drawing, with the situation it needs. */
static int
check_answer(const struct map_request *r)
{
	const char *ask = r->supply ? "supply" : r->path ? "path" : r->reach ?
	    "reach" : NULL;

	if ((r->supply != NULL) + (r->path != NULL) + (r->reach != NULL) > 1)
		return err(ST_USAGE, "one answer a drawing: --path, --reach or "
		    "--supply: '--%s'", ask);
	if ((r->supply || r->reach) && !r->situation)
		return err(ST_USAGE, "--%s needs --situation: '%s'", ask,
		    r->supply ? r->supply : r->reach);
	if (!ask && (r->situation || r->season))
		return err(ST_USAGE, "map show reads a situation for --supply, "
		    "--path or --reach: '%s'", r->situation ? r->situation :
		    r->season);
	if ((r->phase || r->lost) && !r->supply)
		return err(ST_USAGE, "--phase and --lost are for --supply: "
		    "'%s'", r->phase ? r->phase : r->lost);
	return ST_OK;
}

/* --path, --reach: map svg's own pricing (cmd/map-svg-move.c). */
static int
price(const struct ctx *c, const struct map_request *r, struct svg_job *j,
    char **mark)
{
	struct svg_request q;
	int st;

	memset(&q, 0, sizeof q);
	q.map = r->ops[0];
	q.situation = r->situation;
	q.path = r->path;
	q.reach = r->reach;
	q.season = r->season;
	if ((st = map_svg_answer(c, &q, j)) == ST_OK)
		*mark = move_marks(j->m, j);
	return st;
}

int
map_show(const struct ctx *c, const struct map_request *r)
{
	struct window w;
	struct svg_job j;
	struct st_run run;
	char *mark = NULL;
	int st;

	supply_trace_run_clear(&run);
	map_svg_job_clear(&j);
	if ((st = map_want_ops(r, 1, "a map (a name or a file)")) != ST_OK ||
	    (st = check_answer(r)) != ST_OK)
		return st;
	if ((st = map_load(c, r->ops[0], &j.m)) != ST_OK)
		return st;
	if ((st = make_window(j.m, r, &w)) == ST_OK && r->situation)
		st = game_situation_open(c, j.m, r->situation, &j.s);
	if (st == ST_OK && r->supply) {
		struct svg_supply_ask q = { r->supply, r->season, r->phase,
			r->lost };

		/* supply-trace's own answers; the run owns the map from here */
		st = map_svg_supply_trace(c, r->ops[0], j.m, j.s, &q, &run);
		j.m = NULL;
		j.s = NULL;
		if (st == ST_OK)
			mark = supply_marks(&run);
	} else if (st == ST_OK && (r->path || r->reach))
		st = price(c, r, &j, &mark);
	if (st == ST_OK)
		st = show(c, run.map ? run.map : j.m, &w, mark, r, &run, &j);
	free(mark);
	map_svg_job_free(&j);
	if (run.map != NULL)
		supply_trace_close(&run);
	return st;
}
