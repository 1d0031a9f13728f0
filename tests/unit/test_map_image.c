/*
 * test_map_image.c: a map's image (lib/map_image.c) gives back the map
 * its file gives, hex by hex and word by word, for every shipped map; and
 * a body that is cut short or holds a value out of range is refused, not
 * read.  The module's inside is included (map_impl.h) to feed the body
 * reader directly, past the header's hashes, as a damaged or forged image
 * would reach it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "data.h"
#include "err.h"
#include "map_impl.h"
#include "tap.h"

#define HEADER	96	/* sizeof (struct image_header), map_image.c */

static char tmpdir[] = "/tmp/umpire-test-image-XXXXXX";

static struct ctx ctx = { .data_dir = UMPIRE_SRCDIR "/rules" };

/* Every accessor of a and b agrees. */
static int
same_map(const struct map *a, const struct map *b)
{
	struct hex la, ha, lb, hb;
	const char *na, *nb;
	int i, d, k;

	map_bounds(a, &la, &ha);
	map_bounds(b, &lb, &hb);
	if (strcmp(map_game(a), map_game(b)) || strcmp(map_name(a), map_name(b)) ||
	    strcmp(map_source(a), map_source(b)) ||
	    strcmp(map_note(a), map_note(b)) || map_layout(a) != map_layout(b) ||
	    la.col != lb.col || la.row != lb.row || ha.col != hb.col ||
	    ha.row != hb.row || map_size(a) != map_size(b) ||
	    map_nplaces(a) != map_nplaces(b))
		return 0;
	for (k = 0; k < 3; k++) {
		const struct map_vocab *va = map_vocab(a), *vb = map_vocab(b);

		if (map_vocab_count(va, k) != map_vocab_count(vb, k))
			return 0;
		for (i = 0; i < map_vocab_count(va, k); i++)
			if (strcmp(map_vocab_word(va, k, i), map_vocab_word(vb, k, i)) ||
			    map_vocab_find(vb, k, map_vocab_word(va, k, i)) != i)
				return 0;
	}
	for (i = 0; i < map_size(a); i++) {
		if (strcmp(map_terrain(a, i), map_terrain(b, i)) ||
		    map_features(a, i) != map_features(b, i))
			return 0;
		for (d = 0; d < HEX_NDIRS; d++)
			if (map_side(a, i, d) != map_side(b, i, d))
				return 0;
	}
	for (i = 0; i < map_nplaces(a); i++)
		if (map_place_at(a, i, &na) != map_place_at(b, i, &nb) ||
		    strcmp(na, nb))
			return 0;
	return 1;
}

/* The image of the shipped map game/name, made in tmpdir: its bytes. */
static char *
image_of(const char *game, const char *name, size_t *len)
{
	char src[PATH_MAX], copy[PATH_MAX], img[PATH_MAX], *text, *bytes;
	size_t n;
	FILE *f;

	snprintf(src, sizeof src, "%s/rules/%s/maps/%s.map", UMPIRE_SRCDIR, game,
	    name);
	snprintf(copy, sizeof copy, "%s/%s-%s.map", tmpdir, game, name);
	if (data_read_file(src, &text, &n) != ST_OK || !(f = fopen(copy, "w")))
		return NULL;
	fwrite(text, 1, n, f);
	fclose(f);
	free(text);
	if (map_compile(&ctx, copy, NULL, img) != ST_OK ||
	    data_read_file(img, &bytes, len) != ST_OK)
		return NULL;
	return bytes;
}

static void
test_round_trip(const char *game, const char *name)
{
	char src[PATH_MAX], copy[PATH_MAX];
	struct map *parsed, *loaded;
	size_t len;
	char *bytes = image_of(game, name, &len);

	snprintf(src, sizeof src, "%s/rules/%s/maps/%s.map", UMPIRE_SRCDIR, game,
	    name);
	snprintf(copy, sizeof copy, "%s/%s-%s.map", tmpdir, game, name);
	if (!ok(bytes != NULL, "%s %s: an image is made", game, name))
		return;
	free(bytes);
	if (map_read(&ctx, src, NULL, NULL, &parsed) != ST_OK ||
	    map_load(&ctx, copy, &loaded) != ST_OK) {
		ok(0, "%s %s: both load", game, name);
		return;
	}
	ok(loaded->image != NULL && parsed->image == NULL,
	    "%s %s: the load read the image, the parse the file", game, name);
	ok(same_map(parsed, loaded), "%s %s: the image's map is the file's",
	    game, name);
	is_int(map_image_state(&ctx, copy), MAP_IMAGE_CURRENT,
	    "%s %s: its image is current", game, name);
	map_free(parsed);
	map_free(loaded);
}

/* decode a copy of the body with n bytes at off replaced by those at with:
 * 0 if it decodes */
static int
decode_patched(const char *body, size_t len, size_t off, const void *with,
    size_t n)
{
	char *b = malloc(len);
	struct map *m;

	memcpy(b, body, len);
	memcpy(b + off, with, n);
	if (map_image_decode(b, 0, len, &m) == 0) {
		map_free(m);
		return 0;
	}
	free(b);
	return -1;
}

/* ... with the 32-bit count at index i set to v */
static int
decode_with_count(const char *body, size_t len, int i, uint32_t v)
{
	return decode_patched(body, len, 4 * (size_t)i, &v, sizeof v);
}

/* ... with count bytes at off set to v */
static int
decode_with_bytes(const char *body, size_t len, size_t off, size_t count,
    unsigned char v)
{
	unsigned char fill[8];

	memset(fill, v, sizeof fill);
	return decode_patched(body, len, off, fill, count);
}

static void
test_bad_bodies(void)
{
	size_t len, n, at, bad_cuts = 0, strings, terrain, features, sides, places;
	uint32_t first;
	char *bytes = image_of("toto", "teaching", &len), *body;
	uint32_t f[12];
	struct map *m;

	if (!ok(bytes != NULL, "toto teaching: an image is made"))
		return;
	body = bytes + HEADER;
	len -= HEADER;
	memcpy(f, body, sizeof f);
	ok(decode_with_bytes(body, len, len - 1, 1, (unsigned char)body[len - 1]) == 0,
	    "the body as written decodes");
	for (n = 0; n < len; n += 7) {
		char *b = malloc(n ? n : 1);

		memcpy(b, body, n);
		if (map_image_decode(b, 0, n, &m) == 0)
			map_free(m);
		else {
			free(b);
			bad_cuts++;
		}
	}
	is_int((long long)bad_cuts, (long long)((len + 6) / 7),
	    "every body cut short is refused");
	/* the counts: 0 layout, 1-2 first hex, 3-4 size, 5-6 bit widths,
	 * 7 places, 8-10 words of each kind, 11 the strings' length */
	ok(decode_with_count(body, len, 0, 2) < 0, "a layout of 2 is refused");
	ok(decode_with_count(body, len, 3, 0) < 0, "no columns is refused");
	ok(decode_with_count(body, len, 1, 9999) < 0,
	    "columns past 9999 are refused");
	ok(decode_with_count(body, len, 5, 12) < 0, "features of 12 bits refused");
	ok(decode_with_count(body, len, 11, UINT32_MAX) < 0,
	    "strings longer than the body are refused");
	ok(decode_with_count(body, len, 8, 0) < 0, "no terrain words is refused");
	/* where the arrays start, as the writer lays them out */
	strings = 48;
	at = (strings + f[11] + 7) / 8 * 8 + 8 * (size_t)f[7];
	terrain = (at + 7) / 8 * 8;
	n = (size_t)f[3] * f[4];
	features = (terrain + n + 7) / 8 * 8;
	sides = (features + n * f[5] / 8 + 7) / 8 * 8;
	ok(decode_with_bytes(body, len, terrain + 5, 1, (unsigned char)f[8]) < 0,
	    "a terrain index past the game's words is refused");
	ok(decode_with_bytes(body, len, terrain + 5, 1, (unsigned char)(f[8] - 1)) == 0,
	    "the last terrain word is taken");
	/* every bit set: more than the game's words, which are fewer than
	 * the width (asked first, so the test cannot pass by a skip) */
	ok(f[5] == 16 && f[9] < 16 && f[6] == 8 && f[10] < 8,
	    "toto's words leave bits unused: %u features, %u hexsides", f[9], f[10]);
	ok(decode_with_bytes(body, len, features + 2 * 7, 2, 0xff) < 0,
	    "a feature bit past the game's words is refused");
	ok(decode_with_bytes(body, len, sides + 11, 1, 0xff) < 0,
	    "a hexside bit past the game's words is refused");
	ok(decode_with_bytes(body, len, strings + f[11] - 1, 1, 'x') < 0,
	    "the last string without its end is refused");
	ok(f[7] >= 2, "toto's teaching map names places: %u", f[7]);
	places = (strings + f[11] + 7) / 8 * 8;
	ok(decode_with_count(body, len, (int)(places / 4), (uint32_t)n) < 0,
	    "a place past the map's last hex is refused");
	memcpy(&first, body + places, 4);
	ok(decode_with_count(body, len, (int)(places / 4) + 2, first) < 0,
	    "two places in one hex are refused");
	ok(decode_with_bytes(body, len, terrain + n - 1, 1, (unsigned char)f[8]) < 0,
	    "a terrain index past the words in the last hex is refused");
	ok(decode_with_bytes(body, len, terrain + 8 * (n / 16) + 3, 1, 0xc1) < 0,
	    "a terrain byte of 128 or more mid-map is refused");
	/* hex 0 is the map's first corner: nothing lies north of it */
	ok(f[6] == 8 && decode_with_bytes(body, len, sides, 1, 1) < 0,
	    "a hexside with a word that leads off the map is refused");
	ok(decode_with_bytes(body, len, strings, 1, '-') < 0,
	    "a game id that is not a word is refused");
	free(bytes);
}

static void
test_word_lists(void)
{
	const char *twice[3] = { "clear\0rough\0clear\0", "", "" };
	const char *fine[3] = { "clear\0rough\0", "river\0", "road\0river\0" };
	const char *bad[3] = { "clear\0Rough\0", "", "" };
	int n3[3] = { 3, 0, 0 }, n2[3] = { 2, 1, 2 }, nb[3] = { 2, 0, 0 };
	struct map_vocab *v;

	ok(map_vocab_from_lists("toto", twice, n3) == NULL,
	    "a word listed twice in a kind is refused");
	ok(map_vocab_from_lists("toto", bad, nb) == NULL,
	    "a word with a capital is refused");
	v = map_vocab_from_lists("toto", fine, n2);
	if (ok(v != NULL, "words of each kind are taken")) {
		is_int(map_vocab_find(v, MAP_HEXSIDE, "river"), 1,
		    "river is the second hexside word");
		is_int(map_vocab_find(v, MAP_FEATURE, "river"), 0,
		    "and the first feature word");
		is_int(map_vocab_find(v, MAP_TERRAIN, "river"), -1,
		    "and no terrain");
		map_vocab_free(v);
	}
}

int
main(void)
{
	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		return 1;
	}
	test_round_trip("loe", "teaching");
	test_round_trip("toto", "teaching");
	test_round_trip("sotq", "isandhlwana");
	test_round_trip("sotq", "omdurman");
	test_bad_bodies();
	test_word_lists();
	{
		char rm[sizeof tmpdir + 16];

		snprintf(rm, sizeof rm, "rm -rf %s", tmpdir);
		if (system(rm) != 0)
			printf("# could not remove %s\n", tmpdir);
	}
	return tap_done();
}
