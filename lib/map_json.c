/*
 * map_json.c: the JSON form of a map file (umpire-data(5)): reading it into
 * a draft for map.c to build, every member checked and every word held to
 * the game's vocabulary, and writing a map back out in the same form, with
 * a default terrain and rectangles of like hexes as ranges, to keep files
 * small and quick to read.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "err.h"
#include "map_impl.h"

static const char *const top_keys[] = {
	"format", "game", "name", "source", "note", "layout", "default", "size",
	"hexes", "ranges", "hexsides", NULL
};
static const char *const rect_keys[] = { "from", "to", "terrain", "features", NULL };
static const char *const hex_keys[] = { "terrain", "features", "place", NULL };
static const char *const side_keys[] = { "a", "b", "features", NULL };

#define MAP_FORMAT	"umpire-map/1"

struct jctx {
	struct map_draft *d;
	char *why;
	size_t whylen;
};

static int
fail(struct jctx *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int
fail(struct jctx *j, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(j->why, j->whylen, fmt, ap);
	va_end(ap);
	return -1;
}

static int
in_list(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (strcmp(s, *list) == 0)
			return 1;
	return 0;
}

static int
known_keys(struct jctx *j, const cJSON *obj, const char *const *keys,
    const char *where)
{
	const cJSON *it;

	if (!cJSON_IsObject(obj))
		return fail(j, "%s: expected an object", where);
	cJSON_ArrayForEach(it, obj)
		if (!it->string || !in_list(it->string, keys))
			return fail(j, "%s: unknown member: '%s'", where,
			    it->string ? it->string : "");
	return 0;
}

static int
get_hex(struct jctx *j, const cJSON *obj, const char *key, const char *where,
    struct hex *h)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	if (!cJSON_IsString(v))
		return fail(j, "%s.%s: expected a hex id such as \"0101\"", where, key);
	if (hex_parse(v->valuestring, h) < 0)
		return fail(j, "%s.%s: not a hex id: '%s'", where, key,
		    v->valuestring);
	return 0;
}

static int
get_terrain(struct jctx *j, const cJSON *v, const char *where, short *out)
{
	int t;

	if (!cJSON_IsString(v))
		return fail(j, "%s: expected a terrain word", where);
	t = map_vocab_find(j->d->vocab, MAP_TERRAIN, v->valuestring);
	if (t < 0) {
		char tmp[384];

		map_word_unknown(j->d->vocab, MAP_TERRAIN, v->valuestring, tmp,
		    sizeof tmp);
		return fail(j, "%s: %s", where, tmp);
	}
	*out = (short)t;
	return 0;
}

static int
get_bits(struct jctx *j, const cJSON *arr, enum map_word_kind k,
    const char *where, uint32_t *out)
{
	const cJSON *w;
	int bit;

	*out = 0;
	if (!cJSON_IsArray(arr))
		return fail(j, "%s: expected an array of words", where);
	cJSON_ArrayForEach(w, arr) {
		if (!cJSON_IsString(w))
			return fail(j, "%s: expected an array of words", where);
		bit = map_vocab_find(j->d->vocab, k, w->valuestring);
		if (bit < 0) {
			char tmp[384];

			map_word_unknown(j->d->vocab, k, w->valuestring, tmp,
			    sizeof tmp);
			return fail(j, "%s: %s", where, tmp);
		}
		*out |= 1u << bit;
	}
	return 0;
}

/*
 * Where in the file a member sits, for messages.  Built for every member
 * read, so by hand: snprintf cost a third of loading a teaching map.
 */
static void
where_join(char *buf, size_t size, const char *a, const char *b, size_t bmax)
{
	size_t la = strlen(a), lb = strnlen(b, bmax);

	if (la > size - 1)
		la = size - 1;
	if (lb > size - 1 - la)
		lb = size - 1 - la;
	memmove(buf, a, la);
	memcpy(buf + la, b, lb);
	buf[la + lb] = '\0';
}

/* "list[i]" for i >= 0. */
static void
where_item(char *buf, size_t size, const char *list, int i)
{
	char num[16], *p = num + sizeof num;

	*--p = '\0';
	*--p = ']';
	do
		*--p = (char)('0' + i % 10);
	while ((i /= 10) > 0);
	*--p = '[';
	where_join(buf, size, list, p, sizeof num);
}

/* "terrain" and "features" of a range or a hex, into op. */
static int
get_look(struct jctx *j, const cJSON *obj, const char *where,
    struct map_op *op)
{
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(obj, "terrain");
	const cJSON *f = cJSON_GetObjectItemCaseSensitive(obj, "features");
	char w[96];

	where_join(w, sizeof w, where, ".terrain", 8);
	if (t && get_terrain(j, t, w, &op->terrain) < 0)
		return -1;
	where_join(w, sizeof w, where, ".features", 9);
	if (f && get_bits(j, f, MAP_FEATURE, w, &op->bits) < 0)
		return -1;
	return 0;
}

static int
read_ranges(struct jctx *j, const cJSON *arr)
{
	const cJSON *it;
	char where[64];
	int i = 0;

	if (!arr)
		return 0;
	if (!cJSON_IsArray(arr))
		return fail(j, "ranges: expected an array");
	cJSON_ArrayForEach(it, arr) {
		struct map_op *op = map_draft_op(j->d, OP_RECT);

		op->item = i;
		where_item(where, sizeof where, "ranges", i++);
		if (known_keys(j, it, rect_keys, where) < 0 ||
		    get_hex(j, it, "from", where, &op->a) < 0 ||
		    get_hex(j, it, "to", where, &op->b) < 0 ||
		    get_look(j, it, where, op) < 0)
			return -1;
		if (op->terrain < 0 && op->bits == 0)
			return fail(j, "%s: gives neither terrain nor features", where);
	}
	return 0;
}

static int
read_hex(struct jctx *j, const cJSON *it)
{
	const cJSON *place = cJSON_GetObjectItemCaseSensitive(it, "place");
	struct map_op *op = map_draft_op(j->d, OP_HEX);
	char where[64];

	where_join(where, sizeof where, "hexes.", it->string ? it->string : "",
	    16);
	if (!it->string || hex_parse(it->string, &op->a) < 0)
		return fail(j, "hexes: not a hex id: '%s'", it->string ? it->string : "");
	op->keyed = 1;
	if (known_keys(j, it, hex_keys, where) < 0 || get_look(j, it, where, op) < 0)
		return -1;
	if (place) {
		struct hex h = op->a;

		if (!cJSON_IsString(place) ||
		    !map_text_ok(place->valuestring, MAP_MAX_PLACE))
			return fail(j, "%s.place: expected a name of 1 to %d "
			    "printable characters", where, MAP_MAX_PLACE);
		op = map_draft_op(j->d, OP_PLACE);
		op->a = h;
		op->keyed = 1;
		op->place = err_strdup(place->valuestring);
	} else if (op->terrain < 0 && op->bits == 0) {
		return fail(j, "%s: gives no terrain, features or place", where);
	}
	return 0;
}

static int
read_hexes(struct jctx *j, const cJSON *obj)
{
	const cJSON *it;

	if (!obj)
		return 0;
	if (!cJSON_IsObject(obj))
		return fail(j, "hexes: expected an object of hex ids");
	cJSON_ArrayForEach(it, obj)
		if (read_hex(j, it) < 0)
			return -1;
	return 0;
}

static int
read_sides(struct jctx *j, const cJSON *arr)
{
	const cJSON *it;
	char where[64], w[80];
	int i = 0;

	if (!arr)
		return 0;
	if (!cJSON_IsArray(arr))
		return fail(j, "hexsides: expected an array");
	cJSON_ArrayForEach(it, arr) {
		struct map_op *op = map_draft_op(j->d, OP_SIDE);

		op->item = i;
		where_item(where, sizeof where, "hexsides", i++);
		where_join(w, sizeof w, where, ".features", 9);
		if (known_keys(j, it, side_keys, where) < 0 ||
		    get_hex(j, it, "a", where, &op->a) < 0 ||
		    get_hex(j, it, "b", where, &op->b) < 0 ||
		    get_bits(j, cJSON_GetObjectItemCaseSensitive(it, "features"),
		    MAP_HEXSIDE, w, &op->bits) < 0)
			return -1;
		if (op->bits == 0)
			return fail(j, "%s: gives no features", where);
	}
	return 0;
}

static int
read_size(struct jctx *j, const cJSON *v)
{
	static const char *const keys[] = { "from", "to", NULL };
	struct map_draft *d = j->d;

	if (!v)
		return 0;
	if (known_keys(j, v, keys, "size") < 0 ||
	    get_hex(j, v, "from", "size", &d->size0) < 0 ||
	    get_hex(j, v, "to", "size", &d->size1) < 0)
		return -1;
	if (d->size0.col > d->size1.col || d->size0.row > d->size1.row)
		return fail(j, "size: 'to' lies north or west of 'from'");
	d->have_size = 1;
	return 0;
}

static int
get_str(struct jctx *j, const cJSON *root, const char *key, size_t max,
    char **out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, key);

	if (!v)
		return 0;
	if (!cJSON_IsString(v) || !map_text_ok(v->valuestring, max))
		return fail(j, "%s: expected text of 1 to %zu printable characters",
		    key, max);
	*out = err_strdup(v->valuestring);
	return 0;
}

static int
read_header(struct jctx *j, const cJSON *root, map_vocab_fn vocab_for, void *ud)
{
	struct map_draft *d = j->d;
	const cJSON *v;

	if (known_keys(j, root, top_keys, "map") < 0)
		return -1;
	v = cJSON_GetObjectItemCaseSensitive(root, "format");
	if (v && (!cJSON_IsString(v) || strcmp(v->valuestring, MAP_FORMAT) != 0))
		return fail(j, "format: expected \"%s\"", MAP_FORMAT);
	v = cJSON_GetObjectItemCaseSensitive(root, "game");
	if (!cJSON_IsString(v) || !map_word_ok(v->valuestring))
		return fail(j, "game: expected a game id");
	d->game = err_strdup(v->valuestring);
	if (!(d->vocab = vocab_for(ud, d->game, j->why, j->whylen)))
		return -1;
	if (get_str(j, root, "name", 32, &d->name) < 0 ||
	    get_str(j, root, "source", 16, &d->source) < 0 ||
	    get_str(j, root, "note", MAP_MAX_NOTE, &d->note) < 0)
		return -1;
	if (d->name && !map_word_ok(d->name))
		return fail(j, "name: expected a word of lowercase letters, digits "
		    "and hyphens: '%s'", d->name);
	if (d->source && !map_source_ok(d->source))
		return fail(j, "source: expected rulebook, teaching, user or "
		    "stand-in: '%s'", d->source);
	v = cJSON_GetObjectItemCaseSensitive(root, "layout");
	if (!cJSON_IsString(v) || hex_layout_parse(v->valuestring, &d->layout) < 0)
		return fail(j, "layout: expected \"odd-q\" or \"even-q\"");
	d->have_layout = 1;
	v = cJSON_GetObjectItemCaseSensitive(root, "default");
	if (v) {
		short t;

		if (get_terrain(j, v, "default", &t) < 0)
			return -1;
		d->deflt = t;
	}
	return read_size(j, cJSON_GetObjectItemCaseSensitive(root, "size"));
}

int
map_parse_json(const char *buf, size_t len, map_vocab_fn vocab_for, void *ud,
    struct map **out, char *why, size_t whylen)
{
	struct map_draft d;
	struct jctx j = { &d, why, whylen };
	cJSON *root;
	int st;

	if (data_parse_json(buf, len, &root, why, whylen) < 0)
		return -1;
	map_draft_init(&d);
	st = read_header(&j, root, vocab_for, ud);
	if (st == 0)
		st = read_ranges(&j, cJSON_GetObjectItemCaseSensitive(root, "ranges"));
	if (st == 0)
		st = read_hexes(&j, cJSON_GetObjectItemCaseSensitive(root, "hexes"));
	if (st == 0)
		st = read_sides(&j, cJSON_GetObjectItemCaseSensitive(root, "hexsides"));
	/* The draft owns all it needs: the tree goes before the map is built,
	 * so the two never take memory at once (80 MB for a million hexes). */
	cJSON_Delete(root);
	if (st == 0)
		st = map_draft_build(&d, out, why, whylen);
	map_draft_free(&d);
	return st;
}

/* ---- writing ---- */

static cJSON *
words_json(const struct map_vocab *v, enum map_word_kind k, uint32_t bits)
{
	cJSON *arr = cJSON_CreateArray();
	int i;

	for (i = 0; i < v->n[k]; i++)
		if (bits & (1u << i))
			cJSON_AddItemToArray(arr, cJSON_CreateString(v->words[k][i]));
	return arr;
}

static int
most_common_terrain(const struct map *m)
{
	static int count[MAP_MAX_TERRAINS + 1];
	int i, best = 0;

	memset(count, 0, sizeof count);
	for (i = 0; i < m->n; i++)
		count[m->terrain[i]]++;
	for (i = 1; i <= MAP_MAX_TERRAINS; i++)
		if (count[i] > count[best])
			best = i;
	return best;
}

static void
add_id(cJSON *obj, const char *key, const struct map *m, int idx)
{
	char id[HEX_IDLEN];

	map_hex_id(m, idx, id);
	cJSON_AddItemToObject(obj, key, cJSON_CreateString(id));
}

/* A hex a range may cover: not a bare default hex, and without a name. */
static int
plain(const struct map *m, int idx, int deflt)
{
	return (m->terrain[idx] != deflt || map_features(m, idx) != 0) &&
	    !map_place(m, idx);
}

/* Hexes a range may give together: one terrain and the same features. */
static int
alike(const struct map *m, int a, int b)
{
	return m->terrain[a] == m->terrain[b] &&
	    map_features(m, a) == map_features(m, b);
}

/* Is every hex of rows [top, top + len) of column col plain, not yet
 * written and alike to hex like? */
static int
column_alike(const struct map *m, int deflt, const unsigned char *done,
    int col, int top, int len, int like)
{
	int i, idx = col * m->nrows + top;

	for (i = 0; i < len; i++)
		if (done[idx + i] || !plain(m, idx + i, deflt) ||
		    !alike(m, idx + i, like))
			return 0;
	return 1;
}

/*
 * Rectangles of two or more plain hexes alike: a run down a column, then
 * as many columns to its right as hold the same run.  Features lie in
 * stretches as terrain does (a neutral country, a sea), and a range is a
 * handful of JSON nodes where a hex each was a handful per hex: the file
 * an answer parses is that much smaller.
 */
static void
write_ranges(const struct map *m, int deflt, cJSON *ranges, unsigned char *done)
{
	int idx, end, col, top, len, cols, c;

	for (idx = 0; idx < m->n; idx = end + 1) {
		uint32_t f = map_features(m, idx);
		cJSON *r;

		end = idx;
		if (done[idx] || !plain(m, idx, deflt))
			continue;
		while (end + 1 < m->n && (end + 1) % m->nrows != 0 &&
		    !done[end + 1] && plain(m, end + 1, deflt) &&
		    alike(m, idx, end + 1))
			end++;
		col = idx / m->nrows;
		top = idx % m->nrows;
		len = end - idx + 1;
		for (cols = 1; col + cols < m->ncols && column_alike(m, deflt,
		    done, col + cols, top, len, idx); cols++)
			;
		if (len == 1 && cols == 1)
			continue;
		r = cJSON_CreateObject();
		add_id(r, "from", m, idx);
		add_id(r, "to", m, (col + cols - 1) * m->nrows + top + len - 1);
		if (m->terrain[idx] != deflt)
			cJSON_AddStringToObject(r, "terrain", map_terrain(m, idx));
		if (f)
			cJSON_AddItemToObject(r, "features",
			    words_json(m->vocab, MAP_FEATURE, f));
		cJSON_AddItemToArray(ranges, r);
		for (c = 0; c < cols; c++)
			memset(done + (col + c) * m->nrows + top, 1, (size_t)len);
	}
}

static void
write_hexes(const struct map *m, int deflt, cJSON *hexes, const unsigned char *done)
{
	char id[HEX_IDLEN];
	int idx;

	for (idx = 0; idx < m->n; idx++) {
		uint32_t f = map_features(m, idx);
		const char *place = map_place(m, idx);
		cJSON *h;

		if (done[idx] || (m->terrain[idx] == deflt && !f && !place))
			continue;
		h = cJSON_CreateObject();
		if (m->terrain[idx] != deflt)
			cJSON_AddStringToObject(h, "terrain", map_terrain(m, idx));
		if (f)
			cJSON_AddItemToObject(h, "features",
			    words_json(m->vocab, MAP_FEATURE, f));
		if (place)
			cJSON_AddStringToObject(h, "place", place);
		map_hex_id(m, idx, id);
		cJSON_AddItemToObject(hexes, id, h);
	}
}

static void
write_sides(const struct map *m, cJSON *sides)
{
	int idx, dir;

	if (!m->sides8 && !m->sides32)
		return;
	for (idx = 0; idx < m->n; idx++) {
		for (dir = 0; dir < 3; dir++) {
			uint32_t bits = map_side(m, idx, dir);
			cJSON *s;

			if (!bits)
				continue;
			s = cJSON_CreateObject();
			add_id(s, "a", m, idx);
			add_id(s, "b", m, map_neighbour(m, idx, dir));
			cJSON_AddItemToObject(s, "features",
			    words_json(m->vocab, MAP_HEXSIDE, bits));
			cJSON_AddItemToArray(sides, s);
		}
	}
}

char *
map_to_json(const struct map *m)
{
	cJSON *root = cJSON_CreateObject(), *size = cJSON_CreateObject();
	cJSON *ranges = cJSON_CreateArray(), *hexes = cJSON_CreateObject();
	cJSON *sides = cJSON_CreateArray();
	unsigned char *done = err_calloc((size_t)m->n, 1);
	int deflt = most_common_terrain(m);
	char *text;

	cJSON_AddStringToObject(root, "format", MAP_FORMAT);
	cJSON_AddStringToObject(root, "game", m->game);
	if (m->name[0])
		cJSON_AddStringToObject(root, "name", m->name);
	cJSON_AddStringToObject(root, "source", m->source);
	if (m->note[0])
		cJSON_AddStringToObject(root, "note", m->note);
	cJSON_AddStringToObject(root, "layout", hex_layout_name(m->layout));
	add_id(size, "from", m, 0);
	add_id(size, "to", m, m->n - 1);
	cJSON_AddItemToObject(root, "size", size);
	cJSON_AddStringToObject(root, "default",
	    m->vocab->words[MAP_TERRAIN][deflt]);
	write_ranges(m, deflt, ranges, done);
	write_hexes(m, deflt, hexes, done);
	write_sides(m, sides);
	cJSON_AddItemToObject(root, "ranges", ranges);
	cJSON_AddItemToObject(root, "hexes", hexes);
	cJSON_AddItemToObject(root, "hexsides", sides);
	free(done);
	text = cJSON_Print(root);
	cJSON_Delete(root);
	if (!text) {
		err(ST_SYS, "out of memory");
		exit(ST_SYS);
	}
	return text;
}
