/*
 * map.c: hex maps held as flat arrays indexed by hex number: loading a
 * map by name or path (map_draft.c builds it from what map_json.c or
 * map_text.c read, map_vocab.c holds the game's words), and the accessors
 * the path finder and the pictures use.  Hexes are numbered column by column, so a hex's
 * neighbours are found by arithmetic, not by table.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "data.h"
#include "err.h"
#include "map_impl.h"

/* ---- loading ---- */

struct load_ud {
	const struct ctx *c;
	int reported;
};

/* The vocabulary of the game a file names, read through the data path. */
static struct map_vocab *
vocab_from_data(void *ud, const char *game, char *why, size_t whylen)
{
	struct load_ud *l = ud;
	struct map_vocab *v;

	if (map_vocab_load(l->c, game, &v) != ST_OK) {
		l->reported = 1;
		snprintf(why, whylen, "no vocabulary for game '%s'", game);
		return NULL;
	}
	return v;
}

static int
ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && strcmp(s + n - k, suffix) == 0;
}

static int
looks_json(const char *buf)
{
	while (*buf == ' ' || *buf == '\t' || *buf == '\n' || *buf == '\r')
		buf++;
	return *buf == '{';
}

/*
 * Map spec by name: GAME/maps/NAME.json or NAME.map in the data
 * directories, read into buf.  The shipped maps are text (it loads four
 * times faster than JSON); `map import` writes JSON.  Either shadows the
 * other per directory.
 */
static int
map_find(const struct ctx *c, const char *spec, char path[PATH_MAX],
    char **buf, size_t *len)
{
	/* a game id and a map name are words of 32 bytes at most
	 * (map_word_ok): no PATH_MAX buffers on the stack of every load */
	char json[96], text[96];
	const char *const rels[] = { json, text, NULL };
	int st;

	if (!map_word_ok(spec))
		return err(ST_USAGE, "not a map name or path: '%s'", spec);
	if (!c->game)
		return err(ST_USAGE, "which game's map '%s'? give -g GAME", spec);
	snprintf(json, sizeof json, "%s/maps/%s.json", c->game, spec);
	snprintf(text, sizeof text, "%s/maps/%s.map", c->game, spec);
	if ((st = data_read_first(c, rels, path, buf, len)) == ST_NO)
		return err(ST_USAGE, "%s has no map '%s'", c->game, spec);
	return st;
}

static int
is_map_path(const char *spec)
{
	return strchr(spec, '/') || ends_with(spec, ".json") ||
	    ends_with(spec, ".map");
}

/* The map in buf (freed here), read from path. */
static int
map_from_text(const struct ctx *c, const char *path, char *buf, size_t len,
    const char *game, const char *name, struct map **out)
{
	struct load_ud l = { c, 0 };
	char why[512];
	int st;

	if (looks_json(buf))
		st = map_parse_json(buf, len, vocab_from_data, &l, out, why,
		    sizeof why);
	else
		st = map_parse_text(buf, len, game, name, vocab_from_data, &l, out,
		    why, sizeof why);
	free(buf);
	if (st < 0)
		return l.reported ? ST_DATA : err(ST_DATA, "%s: %s", path, why);
	if (game && strcmp(game, (*out)->game) != 0) {
		err(ST_DATA, "%s: a %s map, not %s", path, (*out)->game, game);
		map_free(*out);
		return ST_DATA;
	}
	map_set_name(*out, name, NULL);
	free((*out)->path);
	(*out)->path = err_strdup(path);
	return ST_OK;
}

int
map_read(const struct ctx *c, const char *path, const char *game,
    const char *name, struct map **out)
{
	char *buf;
	size_t len;
	int st;

	if ((st = data_read_file(path, &buf, &len)) != ST_OK)
		return st;
	return map_from_text(c, path, buf, len, game, name, out);
}

int
map_load(const struct ctx *c, const char *spec, struct map **out)
{
	char *path, *buf;
	size_t len;
	int st;

	if (is_map_path(spec)) {
		if (strlen(spec) >= PATH_MAX)
			return err(ST_USAGE, "path too long: '%.40s...'", spec);
		if ((st = data_read_file(spec, &buf, &len)) != ST_OK)
			return st;
		return map_from_text(c, spec, buf, len, c->game, NULL, out);
	}
	/* on the heap: PATH_MAX bytes of stack would push the parse and
	 * the vocabulary's load a page deeper, a page fault each command */
	path = err_malloc(PATH_MAX);
	if ((st = map_find(c, spec, path, &buf, &len)) == ST_OK)
		st = map_from_text(c, path, buf, len, c->game, NULL, out);
	free(path);
	return st;
}

void
map_free(struct map *m)
{
	int i;

	if (!m)
		return;
	for (i = 0; i < m->nplaces; i++)
		free(m->places[i].name);
	free(m->places);
	free(m->terrain);
	free(m->features16);
	free(m->features32);
	free(m->sides8);
	free(m->sides32);
	map_vocab_free(m->vocab);
	free(m->game);
	free(m->name);
	free(m->source);
	free(m->note);
	free(m->path);
	free(m);
}

void
map_set_name(struct map *m, const char *name, const char *source)
{
	if (name) {
		free(m->name);
		m->name = err_strdup(name);
	}
	if (source) {
		free(m->source);
		m->source = err_strdup(source);
	}
}

/* ---- accessors ---- */

const char *map_game(const struct map *m) { return m->game; }
const char *map_name(const struct map *m) { return m->name; }
const char *map_source(const struct map *m) { return m->source; }
const char *map_note(const struct map *m) { return m->note; }
const char *map_path(const struct map *m) { return m->path; }
enum hex_layout map_layout(const struct map *m) { return m->layout; }
int map_size(const struct map *m) { return m->n; }
const struct map_vocab *map_vocab(const struct map *m) { return m->vocab; }

void
map_bounds(const struct map *m, struct hex *first, struct hex *last)
{
	first->col = m->col0;
	first->row = m->row0;
	last->col = m->col0 + m->ncols - 1;
	last->row = m->row0 + m->nrows - 1;
}

int
map_index(const struct map *m, struct hex h)
{
	int c = h.col - m->col0, r = h.row - m->row0;

	if (c < 0 || c >= m->ncols || r < 0 || r >= m->nrows)
		return -1;
	return c * m->nrows + r;
}

/* idx's column from the map's first: a search asks it at every hex it
 * goes on from, and a division takes tens of cycles (by_rows) */
static inline int
map_column(const struct map *m, int idx)
{
	return (int)(((uint64_t)(unsigned)idx * m->by_rows) >> 32);
}

struct hex
map_hex(const struct map *m, int idx)
{
	struct hex h;
	int c = map_column(m, idx);

	h.col = m->col0 + c;
	h.row = m->row0 + idx - c * m->nrows;
	return h;
}

int
map_hex_id(const struct map *m, int idx, char buf[static HEX_IDLEN])
{
	return hex_put(map_hex(m, idx), buf);
}

int
map_lookup(const struct map *m, const char *id)
{
	struct hex h;

	if (hex_parse(id, &h) < 0)
		return -1;
	return map_index(m, h);
}

int
map_neighbour(const struct map *m, int idx, int dir)
{
	int nb[HEX_NDIRS];

	map_neighbours(m, idx, nb);
	if ((unsigned)dir >= HEX_NDIRS)
		dir = ((dir % HEX_NDIRS) + HEX_NDIRS) % HEX_NDIRS;
	return nb[dir];
}

/* (col0 + c) & 1 is odd_q's shifted parity, even_q's the other: c + flip
 * is odd exactly then. */
void
map_grid(const struct map *m, struct map_grid *g)
{
	g->nrows = m->nrows;
	g->ncols = m->ncols;
	g->flip = (m->col0 + (m->layout == HEX_ODD_Q) + 1) & 1;
	g->col0 = m->col0;
	g->row0 = m->row0;
	g->by_rows = m->by_rows;
}

void
map_neighbours(const struct map *m, int idx, int out[HEX_NDIRS])
{
	struct map_grid g;

	map_grid(m, &g);
	map_grid_neighbours(&g, idx, out);
}

int
map_direction(const struct map *m, int a, int b)
{
	int nb[HEX_NDIRS], d;

	/* the six worked out once, not once for each direction tried */
	map_neighbours(m, a, nb);
	for (d = 0; d < HEX_NDIRS; d++)
		if (nb[d] == b)
			return d;
	return -1;
}

const char *
map_terrain(const struct map *m, int idx)
{
	return m->vocab->words[MAP_TERRAIN][m->terrain[idx]];
}

int
map_terrain_id(const struct map *m, int idx)
{
	return m->terrain[idx];
}

unsigned
map_features(const struct map *m, int idx)
{
	if (m->features16)
		return m->features16[idx];
	return m->features32 ? m->features32[idx] : 0;
}

unsigned
map_side(const struct map *m, int idx, int dir)
{
	size_t i;

	/* path searches ask this for every step: no division for 0..5 */
	if ((unsigned)dir >= HEX_NDIRS)
		dir = ((dir % HEX_NDIRS) + HEX_NDIRS) % HEX_NDIRS;
	i = (size_t)idx * HEX_NDIRS + (size_t)dir;
	if (m->sides8)
		return m->sides8[i];
	return m->sides32 ? m->sides32[i] : 0;
}

void
map_cells(const struct map *m, struct map_cells *c)
{
	c->terrain = m->terrain;
	c->features16 = m->features16;
	c->features32 = m->features32;
	c->sides8 = m->sides8;
	c->sides32 = m->sides32;
}

int
map_feature_bit(const struct map *m, const char *word)
{
	return map_vocab_find(m->vocab, MAP_FEATURE, word);
}

int
map_side_bit(const struct map *m, const char *word)
{
	return map_vocab_find(m->vocab, MAP_HEXSIDE, word);
}

static const struct map_place *
place_of(const struct map *m, int idx)
{
	int lo = 0, hi = m->nplaces - 1;

	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2;

		if (m->places[mid].idx == idx)
			return &m->places[mid];
		if (m->places[mid].idx < idx)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return NULL;
}

const char *
map_place(const struct map *m, int idx)
{
	const struct map_place *p = place_of(m, idx);

	return p ? p->name : NULL;
}

/* Players type names as they like: "adigrat" finds "Adigrat". */
int
map_find_place(const struct map *m, const char *name)
{
	int i;

	for (i = 0; i < m->nplaces; i++)
		if (strcasecmp(m->places[i].name, name) == 0)
			return m->places[i].idx;
	return -1;
}

int
map_nplaces(const struct map *m)
{
	return m->nplaces;
}

int
map_place_at(const struct map *m, int i, const char **name)
{
	if (i < 0 || i >= m->nplaces)
		return -1;
	*name = m->places[i].name;
	return m->places[i].idx;
}
