/*
 * map_image.c: a map's image, NAME.img beside NAME.json or NAME.map: the
 * arrays and words that parsing the file builds, written once (by `umpire
 * map import`, `umpire map compile`, and `make` for the shipped maps) and
 * read back whole, so that an answer on a map does not parse it.  Parsing
 * is most of what an answer on a small map costs: the loe teaching map's
 * text takes some 250,000 instructions, a map imported as JSON ten times
 * that, where the search itself takes a few hundred thousand.
 *
 * An image is a cache, never the map.  It holds the length and a hash of
 * the file it was made from and of the game's terrain.json it was checked
 * against, and a hash of itself.  A load that finds the file or the words
 * changed, or the image damaged or made by another version, ignores it
 * and parses the file: a stale or broken image changes no answer, only
 * how long it takes.  `umpire map check` says which it is.
 *
 * The layout is the host's (byte order and sizes are in the header and
 * checked): an image is made where it is read, or rebuilt.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "data.h"
#include "err.h"
#include "map_impl.h"
#include "outfile.h"
#include "state.h"

#define IMAGE_MAGIC	"umpire map image"	/* 16 bytes, no NUL kept */
#define IMAGE_VERSION	1	/* the layout below */
#ifndef UMPIRE_VERSION
#define UMPIRE_VERSION	"unknown"
#endif
#define IMAGE_ORDER	0x01020304u

struct image_header {
	char magic[16];
	/* the umpire that wrote it: another release may parse a file
	 * otherwise, so its images are passed over until written again */
	char umpire[16];
	uint32_t version;
	uint32_t order;			/* IMAGE_ORDER in the writer's order */
	/* 1: the file names no game, the map's came from -g (a text map may
	 * leave out its game line), so the image stands for the file only
	 * when -g names the same game; 0: the file names its own */
	uint32_t game_given;
	uint32_t unused;		/* zero */
	uint64_t source_len, source_hash;
	uint64_t vocab_len, vocab_hash;
	uint64_t body_len, body_hash;
};
/* the body, and the arrays the reader leaves in place, stay 8-aligned */
_Static_assert(sizeof(struct image_header) % 8 == 0, "header size");

/*
 * The body: the counts, then the strings (game, name, source, note, the
 * words of each kind, the place names, each ending in NUL), the places'
 * hexes and order, and the three arrays; each after the strings at a
 * multiple of 8 bytes, so that it is read in place.
 */
enum { F_LAYOUT, F_COL0, F_ROW0, F_NCOLS, F_NROWS, F_FEATURE_BITS,
	F_SIDE_BITS, F_NPLACES, F_NTERRAIN, F_NFEATURE, F_NHEXSIDE,
	F_STRINGS, F_COUNT };

/*
 * Sixteen bytes a step, in two lanes that the processor runs side by
 * side; each step a bijection of its lane, so a change within any one word
 * of the input always changes the result.  A file edited by hand or a
 * damaged block is caught, which is all an image must know; nothing here
 * needs to stand up to a forger (what the image holds is checked anyway).
 */
uint64_t
map_image_hash(const void *buf, size_t len)
{
	const uint64_t k1 = UINT64_C(0x9e3779b97f4a7c15);
	const uint64_t k2 = UINT64_C(0xc2b2ae3d27d4eb4f);
	const unsigned char *p = buf;
	uint64_t a = (uint64_t)len * k1, b = ~(uint64_t)len * k2, w, x;
	size_t i;

	for (i = 0; i + 16 <= len; i += 16) {
		memcpy(&w, p + i, 8);
		memcpy(&x, p + i + 8, 8);
		a = (a ^ w) * k1;
		b = (b ^ x) * k2;
		a ^= a >> 29;
		b ^= b >> 31;
	}
	w = x = 0;
	memcpy(&w, p + i, len - i < 8 ? len - i : 8);
	if (len - i > 8)
		memcpy(&x, p + i + 8, len - i - 8);
	a = (a ^ w) * k1;
	b = (b ^ x) * k2;
	a ^= (b ^ (b >> 32)) * k1;
	return a ^ (a >> 29);
}

/* NAME.img for NAME.json or NAME.map into img; -1 for any other name. */
static int
image_path(const char *source, char img[PATH_MAX])
{
	size_t n = strlen(source), ext;

	if (n > 5 && strcmp(source + n - 5, ".json") == 0)
		ext = 5;
	else if (n > 4 && strcmp(source + n - 4, ".map") == 0)
		ext = 4;
	else
		return -1;
	if (n - ext + 5 > PATH_MAX)
		return -1;
	memcpy(img, source, n - ext);
	memcpy(img + n - ext, ".img", 5);
	return 0;
}

/* The whole file at path, or NULL without a word: an image that cannot be
 * read is passed over, and the parse that follows reports what is wrong
 * with the files it needs. */
static char *
slurp(const char *path, size_t *len)
{
	char *buf;

	return data_read_quietly(path, &buf, len) == 0 ? buf : NULL;
}

/* The game's terrain.json, found as map_vocab_load finds it, summed. */
static int
vocab_sum(const struct ctx *c, const char *game, struct map_sum *sum)
{
	char rel[64], *path, *buf = NULL;
	size_t n;

	if (!map_word_ok(game))
		return -1;
	snprintf(rel, sizeof rel, "%s/terrain.json", game);
	path = xmalloc(PATH_MAX);
	if (data_find_first(c, (const char *const[]){ rel, NULL }, path) == 0)
		buf = slurp(path, &n);
	free(path);
	if (!buf)
		return -1;
	sum->len = n;
	sum->hash = map_image_hash(buf, n);
	free(buf);
	return 0;
}

/* ---- writing ---- */

struct growing {
	char *p;
	size_t n, cap;
};

static void
put(struct growing *g, const void *bytes, size_t len)
{
	if (g->n + len > g->cap) {
		while (g->n + len > g->cap)
			g->cap = g->cap ? 2 * g->cap : 4096;
		g->p = xrealloc(g->p, g->cap);
	}
	memcpy(g->p + g->n, bytes, len);
	g->n += len;
}

static void
put_str(struct growing *g, const char *s)
{
	put(g, s, strlen(s) + 1);
}

static void
put_align(struct growing *g)
{
	static const char zeros[8];

	put(g, zeros, (8 - g->n % 8) % 8);
}

static void
put_strings(struct growing *g, const struct map *m)
{
	int k, i;

	put_str(g, m->game);
	put_str(g, m->name);
	put_str(g, m->source);
	put_str(g, m->note);
	for (k = 0; k < 3; k++)
		for (i = 0; i < m->vocab->n[k]; i++)
			put_str(g, m->vocab->words[k][i]);
	for (i = 0; i < m->nplaces; i++)
		put_str(g, m->places[i].name);
}

/* The body of m's image into g (empty). */
static void
put_body(struct growing *g, const struct map *m)
{
	uint32_t f[F_COUNT];
	size_t n = (size_t)m->n, counts, at;
	int i;

	f[F_LAYOUT] = (uint32_t)m->layout;
	f[F_COL0] = (uint32_t)m->col0;
	f[F_ROW0] = (uint32_t)m->row0;
	f[F_NCOLS] = (uint32_t)m->ncols;
	f[F_NROWS] = (uint32_t)m->nrows;
	f[F_FEATURE_BITS] = m->features16 ? 16 : m->features32 ? 32 : 0;
	f[F_SIDE_BITS] = m->sides8 ? 8 : m->sides32 ? 32 : 0;
	f[F_NPLACES] = (uint32_t)m->nplaces;
	for (i = 0; i < 3; i++)
		f[F_NTERRAIN + i] = (uint32_t)m->vocab->n[i];
	f[F_STRINGS] = 0;
	counts = g->n;
	put(g, f, sizeof f);
	at = g->n;
	put_strings(g, m);
	/* the strings' length, now known, where the counts left room */
	f[F_STRINGS] = (uint32_t)(g->n - at);
	memcpy(g->p + counts + F_STRINGS * sizeof f[0], &f[F_STRINGS],
	    sizeof f[0]);
	put_align(g);
	for (i = 0; i < m->nplaces; i++) {
		int32_t where[2] = { m->places[i].idx, m->places[i].seq };

		put(g, where, sizeof where);
	}
	put_align(g);
	put(g, m->terrain, n);
	put_align(g);
	if (m->features16)
		put(g, m->features16, n * sizeof *m->features16);
	if (m->features32)
		put(g, m->features32, n * sizeof *m->features32);
	put_align(g);
	if (m->sides8)
		put(g, m->sides8, n * HEX_NDIRS * sizeof *m->sides8);
	if (m->sides32)
		put(g, m->sides32, n * HEX_NDIRS * sizeof *m->sides32);
}

int
map_image_write(const struct map *m, const char *src, size_t srclen,
    int game_given, const struct map_sum *vocab, const char *source_path,
    char img[PATH_MAX])
{
	struct image_header h;
	struct growing g = { NULL, 0, 0 };
	int st;

	if (image_path(source_path, img) < 0)
		return err(ST_USAGE, "%s: a map image is made for a .json or .map "
		    "file", source_path);
	memset(&h, 0, sizeof h);
	memcpy(h.magic, IMAGE_MAGIC, sizeof h.magic);
	snprintf(h.umpire, sizeof h.umpire, "%s", UMPIRE_VERSION);
	h.version = IMAGE_VERSION;
	h.order = IMAGE_ORDER;
	h.game_given = game_given != 0;
	h.vocab_len = vocab->len;
	h.vocab_hash = vocab->hash;
	h.source_len = srclen;
	h.source_hash = map_image_hash(src, srclen);
	put(&g, &h, sizeof h);
	put_body(&g, m);
	if (g.n > DATA_MAX_BYTES) {
		free(g.p);
		return err(ST_DATA, "%s: its image would be %zu MB, more than "
		    "umpire reads (%zu MB)", source_path, g.n >> 20,
		    DATA_MAX_BYTES >> 20);
	}
	h.body_len = g.n - sizeof h;
	h.body_hash = map_image_hash(g.p + sizeof h, h.body_len);
	memcpy(g.p, &h, sizeof h);
	st = outfile_write(img, g.p, g.n);
	free(g.p);
	return st;
}

/* ---- reading ---- */

struct reading {
	char *p;			/* the body, 8-byte aligned */
	size_t n, at;
};

static const void *
take(struct reading *r, size_t len)
{
	const void *p = r->p + r->at;

	if (len > r->n - r->at)
		return NULL;
	r->at += len;
	return p;
}

static const void *
take_aligned(struct reading *r, size_t len)
{
	size_t pad = (8 - r->at % 8) % 8;

	if (pad > r->n - r->at)
		return NULL;
	r->at += pad;
	return take(r, len);
}

/* The next NUL-terminated string of the strings block [*s, end). */
static const char *
next_str(const char **s, const char *end)
{
	const char *p = *s, *nul = memchr(p, '\0', (size_t)(end - p));

	if (!nul)
		return NULL;
	*s = nul + 1;
	return p;
}

static int
counts_ok(const uint32_t f[F_COUNT])
{
	uint64_t cols = f[F_NCOLS], rows = f[F_NROWS];

	return (f[F_LAYOUT] == HEX_ODD_Q || f[F_LAYOUT] == HEX_EVEN_Q) &&
	    cols >= 1 && rows >= 1 && f[F_COL0] + cols - 1 <= 9999 &&
	    f[F_ROW0] + rows - 1 <= 99 &&
	    (f[F_FEATURE_BITS] == 0 || f[F_FEATURE_BITS] == 16 ||
	    f[F_FEATURE_BITS] == 32) &&
	    (f[F_SIDE_BITS] == 0 || f[F_SIDE_BITS] == 8 || f[F_SIDE_BITS] == 32) &&
	    f[F_NPLACES] <= cols * rows && f[F_NTERRAIN] >= 1 &&
	    f[F_NTERRAIN] <= MAP_MAX_TERRAINS &&
	    f[F_NFEATURE] <= MAP_MAX_BITS && f[F_NHEXSIDE] <= MAP_MAX_BITS &&
	    (f[F_FEATURE_BITS] != 16 || f[F_NFEATURE] <= 16) &&
	    (f[F_SIDE_BITS] != 8 || f[F_NHEXSIDE] <= 8);
}

/* The header strings and the vocabulary, from the strings block. */
static int
take_words(struct map *m, const uint32_t f[F_COUNT], const char **s,
    const char *end)
{
	const char *game = next_str(s, end), *name = next_str(s, end);
	const char *source = next_str(s, end), *note = next_str(s, end);
	const char *lists[3];
	int n[3], k;
	uint32_t i;

	if (!note || !map_word_ok(game) || (*name && !map_word_ok(name)) ||
	    !map_source_ok(source) || (*note && !map_text_ok(note, MAP_MAX_NOTE)))
		return -1;
	for (k = 0; k < 3; k++) {
		n[k] = (int)f[F_NTERRAIN + k];
		lists[k] = *s;
		for (i = 0; i < f[F_NTERRAIN + k]; i++)
			if (!next_str(s, end))
				return -1;
	}
	if (!(m->vocab = map_vocab_from_lists(game, lists, n)))
		return -1;
	m->game = xstrdup(game);
	m->name = xstrdup(name);
	m->source = xstrdup(source);
	m->note = xstrdup(note);
	return 0;
}

/* The places: names from the strings block, hexes in order, one each. */
static int
take_places(struct map *m, struct reading *r, uint32_t count, const char **s,
    const char *end)
{
	const int32_t *where = take_aligned(r, (size_t)count * 2 * sizeof *where);
	const char *name;
	uint32_t i;

	if (!where)
		return -1;
	m->places = xcalloc(count ? count : 1, sizeof *m->places);
	for (i = 0; i < count; i++) {
		if (!(name = next_str(s, end)) || !map_text_ok(name, MAP_MAX_PLACE) ||
		    where[2 * i] < 0 || where[2 * i] >= m->n ||
		    (i > 0 && where[2 * i] <= m->places[i - 1].idx))
			return -1;
		m->places[i].idx = where[2 * i];
		m->places[i].seq = where[2 * i + 1];
		m->places[i].name = xstrdup(name);
		m->nplaces++;
	}
	return *s == end ? 0 : -1;
}

/*
 * Whether every value of an array of width-bit words (8, 16 or 32), bytes
 * long and 8-aligned, sets only the low `words` bits.  Eight bytes at a
 * time, ORed together: the words sit at the same places in each eight, so
 * one mask, the allowed bits repeated, checks them all at the end.
 */
static int
bits_ok(const void *a, size_t bytes, unsigned width, unsigned words)
{
	uint64_t allowed = words >= 32 ? UINT32_MAX : (UINT64_C(1) << words) - 1;
	uint64_t repeat = width == 8 ? UINT64_C(0x0101010101010101) :
	    width == 16 ? UINT64_C(0x0001000100010001) : UINT64_C(0x0000000100000001);
	const unsigned char *p = a;
	uint64_t all = 0, w;
	size_t i;

	for (i = 0; i + 8 <= bytes; i += 8) {
		memcpy(&w, p + i, 8);
		all |= w;
	}
	w = 0;
	memcpy(&w, p + i, bytes - i);
	all |= w;
	return (all & ~(allowed * repeat)) == 0;
}

/*
 * Whether each of the n terrain bytes at t is below count.  Eight at a
 * time while count is at most 128: adding 128 - count to a byte below
 * 128 sets its top bit just when the byte is count or more, and no such
 * sum carries into the next byte; a byte of 128 or more has it set
 * already.
 */
static int
terrain_ok(const unsigned char *t, size_t n, unsigned count)
{
	const uint64_t ones = UINT64_C(0x0101010101010101);
	uint64_t w, over = 0;
	size_t i = 0;

	if (count <= 128)
		for (; i + 8 <= n; i += 8) {
			memcpy(&w, t + i, 8);
			over |= ((w & ones * 0x7f) + ones * (128 - count)) | w;
		}
	if (over & ones * 0x80)
		return 0;
	for (; i < n; i++)
		if (t[i] >= count)
			return 0;
	return 1;
}

/* The words of hex idx's side in direction d. */
static uint32_t
side_at(const struct map *m, int idx, int d)
{
	size_t k = (size_t)idx * HEX_NDIRS + (size_t)d;

	return m->sides8 ? m->sides8[k] : m->sides32 ? m->sides32[k] : 0;
}

/*
 * Whether no hexside with words leads off the map, as none can in a map
 * the parsers build (map_draft.c takes a hexside only between two hexes
 * of the map): code that names both hexes of a hexside (map_to_json)
 * counts on it.  Only the hexes along the map's edges have such sides.
 */
static int
edges_ok(const struct map *m)
{
	int c, r, d, idx;

	for (c = 0; c < m->ncols; c++)
		for (r = 0; r < m->nrows; r++) {
			if (c > 0 && c < m->ncols - 1 && r == 1 && m->nrows > 2)
				r = m->nrows - 1;	/* inside: skip down */
			idx = c * m->nrows + r;
			for (d = 0; d < HEX_NDIRS; d++)
				if (side_at(m, idx, d) && map_neighbour(m, idx, d) < 0)
					return 0;
		}
	return 1;
}

/* The three arrays, in place in the body, each value checked. */
static int
take_arrays(struct map *m, struct reading *r, const uint32_t f[F_COUNT])
{
	size_t n = (size_t)m->n;
	unsigned fw = f[F_FEATURE_BITS], sw = f[F_SIDE_BITS];
	const unsigned char *t = take_aligned(r, n);
	const void *feat = take_aligned(r, n * fw / 8);
	const void *side = take_aligned(r, n * HEX_NDIRS * sw / 8);

	if (!t || !feat || !side || r->at != r->n ||
	    !terrain_ok(t, n, f[F_NTERRAIN]) ||
	    !bits_ok(feat, n * fw / 8, fw ? fw : 8, f[F_NFEATURE]) ||
	    !bits_ok(side, n * HEX_NDIRS * sw / 8, sw ? sw : 8, f[F_NHEXSIDE]))
		return -1;
	/* the image's buffer holds them; map_free frees it whole */
	m->terrain = (unsigned char *)t;
	m->features16 = fw == 16 ? (uint16_t *)feat : NULL;
	m->features32 = fw == 32 ? (uint32_t *)feat : NULL;
	m->sides8 = sw == 8 ? (uint8_t *)side : NULL;
	m->sides32 = sw == 32 ? (uint32_t *)side : NULL;
	if (!edges_ok(m)) {
		m->terrain = NULL;
		m->features16 = NULL;
		m->features32 = NULL;
		m->sides8 = NULL;
		m->sides32 = NULL;
		return -1;
	}
	return 0;
}

int
map_image_decode(char *buf, size_t off, size_t len, struct map **out)
{
	struct reading r = { buf + off, len, 0 };
	const uint32_t *f = take(&r, F_COUNT * sizeof *f);
	const char *s, *end;
	struct map *m;

	if (!f || !counts_ok(f) || !(s = take(&r, f[F_STRINGS])))
		return -1;
	end = s + f[F_STRINGS];
	m = xcalloc(1, sizeof *m);
	m->layout = (enum hex_layout)f[F_LAYOUT];
	m->col0 = (int)f[F_COL0];
	m->row0 = (int)f[F_ROW0];
	m->ncols = (int)f[F_NCOLS];
	m->nrows = (int)f[F_NROWS];
	m->by_rows = ((UINT64_C(1) << 32) + (uint64_t)m->nrows - 1) /
	    (uint64_t)m->nrows;
	m->n = m->ncols * m->nrows;
	m->path = xstrdup("");
	if (take_words(m, f, &s, end) < 0 ||
	    take_places(m, &r, f[F_NPLACES], &s, end) < 0 ||
	    take_arrays(m, &r, f) < 0) {
		map_free(m);	/* its arrays are not set: buf is the caller's */
		return -1;
	}
	m->image = buf;
	*out = m;
	return 0;
}

/*
 * The image at img whole, if it is one this umpire wrote, undamaged, for
 * the source bytes given: its buffer, the header first.  *stale says
 * whether a file was there at all.
 */
static char *
image_read(const char *img, const char *src, size_t srclen, int *stale)
{
	struct image_header h;
	struct stat st;
	size_t len;
	char *buf;

	*stale = 0;
	if (!(buf = slurp(img, &len))) {
		/* something there, even a link to nowhere, is not no image */
		*stale = lstat(img, &st) == 0;
		return NULL;
	}
	*stale = 1;
	if (len < sizeof h) {
		free(buf);
		return NULL;
	}
	memcpy(&h, buf, sizeof h);
	if (memcmp(h.magic, IMAGE_MAGIC, sizeof h.magic) != 0 ||
	    strncmp(h.umpire, UMPIRE_VERSION, sizeof h.umpire) != 0 ||
	    h.version != IMAGE_VERSION || h.order != IMAGE_ORDER ||
	    h.body_len != len - sizeof h || h.source_len != srclen ||
	    h.source_hash != map_image_hash(src, srclen) ||
	    h.body_hash != map_image_hash(buf + sizeof h, len - sizeof h)) {
		free(buf);
		return NULL;
	}
	return buf;
}

enum map_image_state
map_image_load(const struct ctx *c, const char *source_path, const char *src,
    size_t srclen, struct map **out)
{
	struct image_header h;
	char img[PATH_MAX], *buf;
	struct map_sum vocab;
	struct map *m;
	int stale;

	if (image_path(source_path, img) < 0)
		return MAP_IMAGE_NONE;
	if (!(buf = image_read(img, src, srclen, &stale)))
		return stale ? MAP_IMAGE_STALE : MAP_IMAGE_NONE;
	memcpy(&h, buf, sizeof h);
	if (map_image_decode(buf, sizeof h, (size_t)h.body_len, &m) < 0) {
		free(buf);
		return MAP_IMAGE_STALE;
	}
	/* the game the file did not name is the one asked for, and the
	 * words the image was checked against are still the game's */
	if ((h.game_given && (!c->game || strcmp(c->game, m->game) != 0)) ||
	    vocab_sum(c, m->game, &vocab) < 0 || vocab.len != h.vocab_len ||
	    vocab.hash != h.vocab_hash) {
		map_free(m);
		return MAP_IMAGE_STALE;
	}
	free(m->path);
	m->path = xstrdup(source_path);
	*out = m;
	return MAP_IMAGE_CURRENT;
}

enum map_image_state
map_image_state(const struct ctx *c, const char *path)
{
	enum map_image_state s;
	struct map *m = NULL;
	size_t len;
	char *buf;

	if (!(buf = slurp(path, &len)))
		return MAP_IMAGE_NONE;
	s = map_image_load(c, path, buf, len, &m);
	if (s == MAP_IMAGE_CURRENT)
		map_free(m);
	free(buf);
	return s;
}
