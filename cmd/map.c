/*
 * map.c: `umpire map`: install a map a player typed from a printed map
 * (import), check a map file (check), and draw a map's hexes as text
 * (show), and hand `map svg` to cmd/map-svg.c.  The rules print no maps, so players bring their own; the file
 * forms are in umpire-data(5), the engine in lib/map.c.  A drawing lays
 * the hexes out as the map does: each hex two lines tall, every other
 * column half a hex lower, so the hexes that touch are the ones that
 * overlap side by side.
 */
#include <dirent.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "data.h"
#include "err.h"
#include "games/game.h"
#include "hex.h"
#include "map.h"
#include "out.h"
#include "state.h"

enum { O_AROUND = 1, O_RADIUS, O_SITUATION, O_PATH, O_REACH, O_MARK, O_OUTPUT,
	O_TITLE };

/*
 * Every option of every map command, for --help and completion; `map svg`
 * reads them by name in cmd/map-svg.c, and the others refuse those that
 * are svg's alone.
 */
const struct opt map_opts[] = {
	{ O_AROUND, 0, "around", "hex", "show, svg: only the hexes near this one "
	  "(an id or a place name)", "@operand" },
	{ O_RADIUS, 0, "radius", "n", "show, svg: how far --around reaches "
	  "(default 3 for show, 5 for svg)", NULL },
	{ O_SITUATION, 0, "situation", "file", "svg: draw the units of this "
	  "situation file", "@files" },
	{ O_PATH, 0, "path", "hexes", "svg: draw this path (hex ids in order, "
	  "comma-separated)", NULL },
	{ O_REACH, 0, "reach", "unit", "svg: shade the hexes this unit can reach",
	  NULL },
	{ O_MARK, 0, "mark", "hexes", "svg: ring these hexes (comma-separated)",
	  NULL },
	{ O_OUTPUT, 'o', "output", "file", "svg: write the picture to a file",
	  "@files" },
	{ O_TITLE, 0, "title", "text", "svg: a title over the picture", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

/* Above this many hexes, show wants --around: a terminal holds no more. */
#define SHOW_MAX_HEXES	4000
#define CELL		9	/* columns of text a hex column takes */

struct map_request {
	const char *sub;
	char *ops[4];
	int nops;
	const char *around;
	int radius;
};

/* ---- completion ---- */

/* Map names: <game>/maps/NAME.json or NAME.map in every data directory. */
static void
complete_map_names(const struct ctx *c, const char *prefix)
{
	char dirs[DATA_MAX_DIRS][PATH_MAX], path[PATH_MAX];
	size_t n, i;

	if (!c->game || !game_find(c->game))
		return;
	n = data_dirs(c, dirs);
	for (i = 0; i < n; i++) {
		struct dirent *e;
		DIR *d;

		if (snprintf(path, sizeof path, "%s/%s/maps", dirs[i], c->game) >=
		    (int)sizeof path || !(d = opendir(path)))
			continue;
		while ((e = readdir(d)) != NULL) {
			size_t len = strlen(e->d_name);
			char name[256];

			size_t ext = len > 5 && strcmp(e->d_name + len - 5,
			    ".json") == 0 ? 5 : len > 4 && strcmp(e->d_name +
			    len - 4, ".map") == 0 ? 4 : 0;

			if (!ext || strstr(e->d_name, ".tmp."))
				continue;
			snprintf(name, sizeof name, "%.*s", (int)(len - ext), e->d_name);
			complete_word(prefix, name);
		}
		closedir(d);
	}
}

/* The hex ids and place names of map spec (cmd.h). */
void
complete_hexes(const struct ctx *c, const char *spec, const char *prefix)
{
	char id[HEX_IDLEN];
	const char *name;
	struct map *m;
	int i;

	if (!spec || !freopen("/dev/null", "w", stderr))
		return;
	if (map_load(c, spec, &m) != ST_OK)
		return;
	for (i = 0; i < map_size(m); i++) {
		map_hex_id(m, i, id);
		complete_word(prefix, id);
	}
	for (i = 0; i < map_nplaces(m); i++)
		if (map_place_at(m, i, &name) >= 0 && !strchr(name, ' '))
			complete_word(prefix, name);
	map_free(m);
}

void
complete_map(const struct ctx *c, char **ops, int nops, const char *prefix)
{
	static const char *const subs[] = { "check", "import", "show", "svg" };
	size_t i;

	if (nops == 0) {
		for (i = 0; i < sizeof subs / sizeof subs[0]; i++)
			complete_word(prefix, subs[i]);
		return;
	}
	/* "--around" last: the option's value, from the map given so far. */
	if (strcmp(ops[nops - 1], "--around") == 0) {
		complete_hexes(c, nops >= 3 ? ops[nops - 2] : NULL, prefix);
		return;
	}
	if (strcmp(ops[0], "import") == 0 && nops == 1)
		complete_games(prefix);
	else if ((strcmp(ops[0], "show") == 0 || strcmp(ops[0], "svg") == 0) &&
	    nops == 1)
		complete_map_names(c, prefix);
}

/* ---- the arguments ---- */

/* The operand the parser just returned is argv[svg_at]: found by value. */
static int
operand_index(const struct opt_parser *p, int argc, char **argv)
{
	int i;

	for (i = p->next - 1; i >= 0 && i < argc; i--)
		if (argv[i] == p->arg)
			return i;
	return -1;
}

/*
 * Returns ST_OK; *svg_at >= 0 when the first operand is "svg" (at that
 * index of argv), whose options are then map_svg_main's to parse.
 */
static int
parse_args(struct map_request *r, int argc, char **argv, int *svg_at)
{
	struct opt_parser p;
	char *end;
	long v;
	int id;

	memset(r, 0, sizeof *r);
	r->radius = -1;
	*svg_at = -1;
	opt_init(&p, map_opts, argc, argv);
	while ((id = opt_next(&p)) != OPT_END) {
		switch (id) {
		case OPT_ERROR:
			return ST_USAGE;
		case OPT_OPERAND:
			if (!r->sub && strcmp(p.arg, "svg") == 0) {
				*svg_at = operand_index(&p, argc, argv);
				return ST_OK;
			}
			if (!r->sub) {
				r->sub = p.arg;
				break;
			}
			if (r->nops == 4)
				return err(ST_USAGE, "too many arguments: '%s'", p.arg);
			r->ops[r->nops++] = (char *)p.arg;
			break;
		case O_AROUND:
			r->around = p.arg;
			break;
		case O_RADIUS:
			v = strtol(p.arg, &end, 10);
			if (*p.arg < '0' || *p.arg > '9' || *end || v > 99)
				return err(ST_USAGE, "--radius takes a number of hexes "
				    "from 0 to 99: '%s'", p.arg);
			r->radius = (int)v;
			break;
		default:
			return err(ST_USAGE, "--%s belongs to map svg",
			    p.opt->long_name);
		}
	}
	if (!r->sub)
		return err(ST_USAGE, "which of import, check, show, svg?");
	if (strcmp(r->sub, "show") != 0 && (r->around || r->radius >= 0))
		return err(ST_USAGE, "--around and --radius belong to show and svg");
	if (r->radius >= 0 && !r->around)
		return err(ST_USAGE, "--radius needs --around");
	return ST_OK;
}

/* `map svg ...`: everything but the word svg goes to cmd/map-svg.c. */
static int
hand_to_svg(struct ctx *c, int argc, char **argv, int svg_at)
{
	char **rest = xcalloc((size_t)argc + 1, sizeof *rest);
	int i, n = 0, st;

	for (i = 0; i < argc; i++)
		if (i != svg_at)
			rest[n++] = argv[i];
	st = map_svg_main(c, n, rest);
	free(rest);
	return st;
}

static int
want_ops(const struct map_request *r, int n, const char *what)
{
	if (r->nops < n)
		return err(ST_USAGE, "map %s takes %s", r->sub, what);
	if (r->nops > n)
		return err(ST_USAGE, "unexpected argument: '%s' (map %s takes %s)",
		    r->ops[n], r->sub, what);
	return ST_OK;
}

/* ---- a summary, for check and import ---- */

static int
count_sides(const struct map *m)
{
	int i, d, n = 0;

	for (i = 0; i < map_size(m); i++)
		for (d = 0; d < 3; d++)
			if (map_side(m, i, d))
				n++;
	return n;
}

static cJSON *
summary_json(const struct map *m, const char *procedure)
{
	cJSON *json = json_object();
	struct hex lo, hi;
	char a[HEX_IDLEN], b[HEX_IDLEN];

	map_bounds(m, &lo, &hi);
	hex_format(lo, a);
	hex_format(hi, b);
	json_set_str(json, "procedure", procedure);
	json_set_str(json, "game", map_game(m));
	json_set_str(json, "map", map_name(m));
	json_set_str(json, "source", map_source(m));
	json_set_str(json, "layout", hex_layout_name(map_layout(m)));
	json_set_str(json, "from", a);
	json_set_str(json, "to", b);
	json_set_num(json, "hexes", map_size(m));
	json_set_num(json, "hexsides", count_sides(m));
	json_set_num(json, "places", map_nplaces(m));
	return json;
}

static void
summary_line(struct trail *tr, const struct map *m)
{
	struct hex lo, hi;
	char a[HEX_IDLEN], b[HEX_IDLEN];

	map_bounds(m, &lo, &hi);
	hex_format(lo, a);
	hex_format(hi, b);
	trail_line(tr, "  a %s map, %s to %s (%d columns x %d rows, %d hexes), %s; "
	    "hexsides with features: %d; named places: %d", map_game(m), a, b,
	    hi.col - lo.col + 1, hi.row - lo.row + 1, map_size(m),
	    hex_layout_name(map_layout(m)), count_sides(m), map_nplaces(m));
}

/* ---- check ---- */

static int
do_check(const struct ctx *c, const struct map_request *r)
{
	struct trail *tr;
	struct map *m;
	cJSON *json;
	int st;

	if ((st = want_ops(r, 1, "a file")) != ST_OK)
		return st;
	if ((st = map_read(c, r->ops[0], c->game, NULL, &m)) != ST_OK)
		return st;
	tr = trail_new();
	trail_line(tr, "%s: a good map", r->ops[0]);
	summary_line(tr, m);
	json = summary_json(m, "map-check");
	json_set_str(json, "file", r->ops[0]);
	json_set_bool(json, "valid", 1);
	map_free(m);
	return out_emit(c, json, tr);
}

/* ---- import ---- */

static int
install(const struct map *m, char path[PATH_MAX], int *replaced)
{
	char dir[PATH_MAX];
	char *text;
	int st;

	if (data_user_dir(dir) < 0)
		return err(ST_SYS, "no place for imports: set HOME or XDG_DATA_HOME");
	if (snprintf(path, PATH_MAX, "%s/%s/maps/%s.json", dir, map_game(m),
	    map_name(m)) >= PATH_MAX)
		return err(ST_SYS, "path too long under '%s'", dir);
	*replaced = access(path, F_OK) == 0;
	text = map_to_json(m);
	st = state_write_atomic(path, text, strlen(text));
	cJSON_free(text);
	return st;
}

static int
do_import(const struct ctx *c, const struct map_request *r)
{
	const char *game, *name, *file;
	char path[PATH_MAX];
	struct trail *tr;
	struct map *m;
	cJSON *json;
	int st, replaced = 0;

	if ((st = want_ops(r, 3, "a game, a name and a file")) != ST_OK)
		return st;
	game = r->ops[0];
	name = r->ops[1];
	file = r->ops[2];
	if (!game_find(game))
		return err(ST_USAGE, "unknown game: '%s' (expected loe, toto, sotq, "
		    "iwiif or adwa)", game);
	if (!strchr("abcdefghijklmnopqrstuvwxyz0123456789", name[0]) ||
	    strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789-") != strlen(name) ||
	    strlen(name) > 32 || name[strlen(name) - 1] == '-')
		return err(ST_USAGE, "a map name is a word of lowercase letters, "
		    "digits and hyphens: '%s'", name);
	if ((st = map_read(c, file, game, name, &m)) != ST_OK)
		return st;
	map_set_name(m, name, "user");
	if ((st = install(m, path, &replaced)) == ST_OK) {
		tr = trail_new();
		trail_line(tr, "installed your %s map '%s' from %s", game, name, file);
		summary_line(tr, m);
		trail_line(tr, "  %s%s", path, replaced ? " (replaces your earlier "
		    "import)" : "");
		json = summary_json(m, "map-import");
		json_set_str(json, "file", file);
		json_set_str(json, "path", path);
		json_set_bool(json, "replaced", replaced);
		st = out_emit(c, json, tr);
	}
	map_free(m);
	return st;
}

/* ---- show ---- */

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

static int
find_hex(const struct map *m, const char *what)
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
	if ((w->centre = find_hex(m, r->around)) < 0)
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

/* One hex's half: its id (and * if named), or its terrain and features. */
static void
cell(const struct map *m, const struct codes *k, int idx, int part, char *buf)
{
	char id[HEX_IDLEN], marks[MAP_MAX_BITS + 1];
	unsigned f = map_features(m, idx);
	int i, n = 0;

	if (part == 0) {
		map_hex_id(m, idx, id);
		snprintf(buf, CELL + 1, "%s%s", id, map_place(m, idx) ? "*" : "");
		return;
	}
	for (i = 0; i < MAP_MAX_BITS; i++)
		if (f & (1u << i))
			marks[n++] = k->feature[i];
	marks[n] = '\0';
	snprintf(buf, CELL + 1, "%s%s%.4s", k->terrain[map_terrain_id(m, idx)],
	    n ? " " : "", marks);
}

static void
draw(struct trail *tr, const struct map *m, const struct codes *k,
    const struct window *w)
{
	int nrows = w->r1 - w->r0 + 1, lines = 2 * nrows + 1, line, col;
	size_t width = (size_t)(w->c1 - w->c0 + 1) * CELL + 1;
	char *text = xmalloc(width + 1), buf[CELL + 1];

	for (line = 0; line < lines; line++) {
		size_t used = 0, last = 0;

		for (col = w->c0; col <= w->c1; col++) {
			int y = line - shifted(m, col), row = w->r0 + (y >= 0 ? y / 2 : -1);
			int idx = map_index(m, (struct hex){ col, row });

			buf[0] = '\0';
			if (y >= 0 && row <= w->r1 && idx >= 0 && in_window(m, w, idx))
				cell(m, k, idx, y % 2, buf);
			if (buf[0])
				last = used + strlen(buf);
			used += (size_t)snprintf(text + used, width + 1 - used, "%-*s",
			    CELL, buf);
		}
		text[last] = '\0';
		/* trailing blanks trimmed; a line with no hex is skipped */
		if (last > 0)
			trail_line(tr, "%s", text);
	}
	free(text);
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

/* The words of the bits set in bits, into a JSON array and a line. */
static cJSON *
words(const struct map_vocab *v, enum map_word_kind kind, unsigned bits,
    char *line, size_t len, size_t *used)
{
	cJSON *arr = json_array();
	int i;

	for (i = 0; i < map_vocab_count(v, kind); i++) {
		if (!(bits & (1u << i)))
			continue;
		if (line)
			append(line, len, used, " %s", map_vocab_word(v, kind, i));
		json_push(arr, cJSON_CreateString(map_vocab_word(v, kind, i)));
	}
	return arr;
}

/* One hex drawn: its JSON, its name, and its hexsides with features. */
static void
legend_hex(struct trail *tr, const struct map *m, const struct window *w,
    int idx, cJSON *jhexes, cJSON *jsides)
{
	const struct map_vocab *v = map_vocab(m);
	char line[1024], id[HEX_IDLEN], id2[HEX_IDLEN];
	cJSON *jh = json_object(), *js;
	size_t used;
	int d;

	map_hex_id(m, idx, id);
	json_set_str(jh, "hex", id);
	json_set_str(jh, "terrain", map_terrain(m, idx));
	json_set(jh, "features", words(v, MAP_FEATURE, map_features(m, idx),
	    NULL, 0, NULL));
	if (map_place(m, idx)) {
		json_set_str(jh, "place", map_place(m, idx));
		trail_line(tr, "  %s* %s", id, map_place(m, idx));
	}
	json_push(jhexes, jh);
	for (d = 0; d < 3; d++) {
		unsigned sides = map_side(m, idx, d);
		int nb = map_neighbour(m, idx, d);

		if (!sides || nb < 0 || !in_window(m, w, nb))
			continue;
		map_hex_id(m, nb, id2);
		used = 0;
		append(line, sizeof line, &used, "  %s/%s", id, id2);
		js = json_object();
		json_set_str(js, "a", id);
		json_set_str(js, "b", id2);
		json_set(js, "features", words(v, MAP_HEXSIDE, sides, line,
		    sizeof line, &used));
		json_push(jsides, js);
		trail_line(tr, "%s", line);
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

static int
do_show(const struct ctx *c, const struct map_request *r)
{
	struct window w;
	struct codes k;
	struct trail *tr;
	struct map *m;
	cJSON *json, *hexes, *sides;
	char id[HEX_IDLEN];
	int st;

	if ((st = want_ops(r, 1, "a map (a name or a file)")) != ST_OK)
		return st;
	if ((st = map_load(c, r->ops[0], &m)) != ST_OK)
		return st;
	if ((st = make_window(m, r, &w)) != ST_OK) {
		map_free(m);
		return st;
	}
	memset(&k, 0, sizeof k);
	make_codes(map_vocab(m), &k);
	tr = trail_new();
	trail_line(tr, "%s map %s (%s, %s)%s", map_game(m), map_name(m)[0] ?
	    map_name(m) : map_path(m), map_source(m), hex_layout_name(map_layout(m)),
	    map_note(m)[0] ? ":" : "");
	if (map_note(m)[0])
		trail_line(tr, "  %s", map_note(m));
	trail_line(tr, "  each hex: its id (* if named) over its terrain code and "
	    "feature letters; %s columns sit half a hex lower",
	    map_layout(m) == HEX_ODD_Q ? "odd" : "even");
	draw(tr, m, &k, &w);
	json = summary_json(m, "map-show");
	if (w.centre >= 0) {
		map_hex_id(m, w.centre, id);
		json_set_str(json, "around", id);
		json_set_num(json, "radius", w.radius);
	}
	hexes = json_array();
	sides = json_array();
	legend(tr, m, &k, &w, hexes, sides);
	json_set(json, "shown", hexes);
	json_set(json, "shown_hexsides", sides);
	map_free(m);
	return out_emit(c, json, tr);
}

int
cmd_map(struct ctx *c, int argc, char **argv)
{
	struct map_request r;
	int svg_at, st = parse_args(&r, argc, argv, &svg_at);

	if (st != ST_OK)
		return st;
	if (svg_at >= 0)
		return hand_to_svg(c, argc, argv, svg_at);
	if (strcmp(r.sub, "import") == 0)
		return do_import(c, &r);
	if (strcmp(r.sub, "check") == 0)
		return do_check(c, &r);
	if (strcmp(r.sub, "show") == 0)
		return do_show(c, &r);
	return err(ST_USAGE, "unknown map command: '%s' (expected import, check, "
	    "show or svg)", r.sub);
}
