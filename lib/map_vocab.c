/*
 * map_vocab.c: a game's map words (rules/<game>/terrain.json): its terrain,
 * hex feature and hexside feature words, read, checked and looked up, and
 * the rules every word and name in a map file must follow.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "err.h"
#include "map_impl.h"
#include "out.h"

static const char *const kind_names[] = {
	[MAP_TERRAIN] = "terrain",
	[MAP_FEATURE] = "features",
	[MAP_HEXSIDE] = "hexsides",
};

static const char *const kind_nouns[] = {
	[MAP_TERRAIN] = "terrain",
	[MAP_FEATURE] = "hex feature",
	[MAP_HEXSIDE] = "hexside feature",
};

int
map_word_ok(const char *w)
{
	size_t i, len = strlen(w);

	if (len == 0 || len > 32 || w[0] == '-' || w[len - 1] == '-')
		return 0;
	for (i = 0; i < len; i++)
		if (!((w[i] >= 'a' && w[i] <= 'z') || (w[i] >= '0' && w[i] <= '9') ||
		    w[i] == '-'))
			return 0;
	return 1;
}

int
map_source_ok(const char *s)
{
	static const char *const sources[] = { "rulebook", "teaching", "user",
	    "stand-in", NULL };
	const char *const *k;

	for (k = sources; *k; k++)
		if (strcmp(s, *k) == 0)
			return 1;
	return 0;
}

/* Bytes of a UTF-8 sequence that starts with c, or 0 if c cannot start one. */
static int
utf8_len(unsigned char c)
{
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		return 2;
	if (c >= 0xe0 && c <= 0xef)
		return 3;
	if (c >= 0xf0 && c <= 0xf4)
		return 4;
	return 0;
}

/*
 * Whether the eight bytes at p are all printable ASCII (0x20 to 0x7e).  A
 * byte below 0x20 borrows into its top bit when 0x20 is taken from it; one
 * from 0x7f up sets its top bit once 1 is added (or has it set already).
 * A carry from a byte that is itself caught only makes the answer no.
 */
static int
plain_ascii(const unsigned char *p)
{
	const uint64_t ones = UINT64_C(0x0101010101010101), highs = ones * 0x80;
	uint64_t v;

	memcpy(&v, p, 8);
	return (((v - ones * 0x20) & ~v) | (v + ones) | v) & highs ? 0 : 1;
}

int
map_text_ok(const char *s, size_t max)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len = strlen(s), i = 0;

	if (len == 0 || len > max)
		return 0;
	while (i < len) {
		int n, k;

		/* printable ASCII, as notes mostly are: eight bytes at once
		 * when none is below 0x20 or above 0x7e, else one at a time */
		if (len - i >= 8 && plain_ascii(p + i)) {
			i += 8;
			continue;
		}
		if (p[i] >= 0x20 && p[i] < 0x7f) {
			i++;
			continue;
		}
		n = utf8_len(p[i]);
		if (n == 0 || p[i] < 0x20 || p[i] == 0x7f || i + (size_t)n > len)
			return 0;
		for (k = 1; k < n; k++)
			if ((p[i + k] & 0xc0) != 0x80)
				return 0;
		/* no overlong three-byte forms, no surrogates */
		if (n == 3 && ((p[i] == 0xe0 && p[i + 1] < 0xa0) ||
		    (p[i] == 0xed && p[i + 1] >= 0xa0)))
			return 0;
		if (n == 4 && ((p[i] == 0xf0 && p[i + 1] < 0x90) ||
		    (p[i] == 0xf4 && p[i + 1] >= 0x90)))
			return 0;
		i += (size_t)n;
	}
	return 1;
}

/* ---- vocabulary ---- */

void
map_vocab_free(struct map_vocab *v)
{
	int k;

	if (!v)
		return;
	for (k = 0; k < 3; k++)
		free(v->words[k]);	/* the pointers and the words, one block */
	free(v->slots);
	free(v->game);
	free(v);
}

/*
 * Where a word's slot starts: its length and three of its bytes, enough
 * to spread a game's few dozen words, and no loop over the word, since
 * every word of a map file is looked up.
 */
static size_t
word_hash(const char *w, size_t len)
{
	const unsigned char *u = (const unsigned char *)w;

	return ((len * 31u + u[0]) * 31u + u[len / 2]) * 31u + u[len - 1];
}

/* Whether the len bytes at a and b are the same: words are short, so a
 * loop here is cheaper than a call to memcmp. */
static int
same_bytes(const char *a, const char *b, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

/* The slot holding the word, or the empty slot where it would go. */
static inline struct map_vocab_slot *
vocab_slot(const struct map_vocab *v, const char *w, size_t len)
{
	size_t mask = v->nslots - 1, i = word_hash(w, len) & mask;

	for (;; i = (i + 1) & mask) {
		struct map_vocab_slot *s = &v->slots[i];

		/* the table is at most half full, so an empty slot ends this */
		if (!s->word || (s->len == len && same_bytes(s->word, w, len)))
			return s;
	}
}

/* How many words of kind k the table must hold: at most the kind's cap. */
static int
kind_count(const cJSON *root, enum map_word_kind k)
{
	const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, kind_names[k]);
	int max = k == MAP_TERRAIN ? MAP_MAX_TERRAINS : MAP_MAX_BITS;
	int n = cJSON_IsArray(arr) ? cJSON_GetArraySize(arr) : 0;

	return n < max ? n : max;
}

/* Size the word table for every word the three arrays may bring. */
static void
vocab_table(const cJSON *root, struct map_vocab *v)
{
	int k, words = 0;

	for (k = 0; k < 3; k++)
		words += kind_count(root, (enum map_word_kind)k);
	for (v->nslots = 16; v->nslots < 2 * (size_t)words; v->nslots *= 2)
		;
	v->slots = err_calloc(v->nslots, sizeof *v->slots);
}

/* Bytes the strings of arr take with their NULs. */
static size_t
words_bytes(const cJSON *arr)
{
	const cJSON *w;
	size_t bytes = 0;

	cJSON_ArrayForEach(w, arr)
		if (cJSON_IsString(w))
			bytes += strlen(w->valuestring) + 1;
	return bytes;
}

/*
 * Put word (len bytes, NUL-terminated) in as the next word of kind k: 0,
 * or -1 if the kind lists it already.  The table must have room.
 */
static int
vocab_add(struct map_vocab *v, enum map_word_kind k, char *word, size_t len)
{
	struct map_vocab_slot *s = vocab_slot(v, word, len);

	if (s->word && s->idx[k] >= 0)
		return -1;
	if (!s->word) {
		s->word = word;
		s->len = len;
		s->idx[MAP_TERRAIN] = s->idx[MAP_FEATURE] = s->idx[MAP_HEXSIDE] = -1;
	}
	s->idx[k] = (short)v->n[k];
	v->words[k][v->n[k]++] = word;
	return 0;
}

static int
vocab_words(const cJSON *root, struct map_vocab *v, enum map_word_kind k,
    char *why, size_t whylen)
{
	const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, kind_names[k]);
	const cJSON *w;
	int max = k == MAP_TERRAIN ? MAP_MAX_TERRAINS : MAP_MAX_BITS, n;
	char *text;

	if (!arr && k != MAP_TERRAIN)
		return 0;	/* a game may have no features or hexsides */
	if (!cJSON_IsArray(arr)) {
		snprintf(why, whylen, "%s: expected an array of words", kind_names[k]);
		return -1;
	}
	n = cJSON_GetArraySize(arr);
	if (n > max || (k == MAP_TERRAIN && n == 0)) {
		snprintf(why, whylen, "%s: %d words, expected 1 to %d",
		    kind_names[k], n, max);
		return -1;
	}
	/* one block: n pointers, then the words they point to */
	v->words[k] = err_malloc((size_t)n * sizeof(char *) + words_bytes(arr));
	text = (char *)(v->words[k] + n);
	cJSON_ArrayForEach(w, arr) {
		size_t len;

		if (!cJSON_IsString(w) || !map_word_ok(w->valuestring)) {
			snprintf(why, whylen, "%s[%d]: expected a word of "
			    "lowercase letters, digits and hyphens", kind_names[k],
			    v->n[k]);
			return -1;
		}
		len = strlen(w->valuestring);
		memcpy(text, w->valuestring, len + 1);
		if (vocab_add(v, k, text, len) < 0) {
			snprintf(why, whylen, "%s: '%s' listed twice", kind_names[k],
			    w->valuestring);
			return -1;
		}
		text += len + 1;
	}
	return 0;
}

int
map_vocab_from_json(const cJSON *root, struct map_vocab **out, char *why,
    size_t whylen)
{
	struct map_vocab *v;
	const cJSON *g = cJSON_GetObjectItemCaseSensitive(root, "game");
	int k;

	if (!cJSON_IsObject(root)) {
		snprintf(why, whylen, "expected a JSON object");
		return -1;
	}
	if (!cJSON_IsString(g) || !map_word_ok(g->valuestring)) {
		snprintf(why, whylen, "game: expected the game's id");
		return -1;
	}
	v = err_calloc(1, sizeof *v);
	v->game = err_strdup(g->valuestring);
	vocab_table(root, v);
	for (k = 0; k < 3; k++) {
		if (vocab_words(root, v, (enum map_word_kind)k, why, whylen) < 0) {
			map_vocab_free(v);
			return -1;
		}
	}
	*out = v;
	return 0;
}

/*
 * The words of kind k from a list of n NUL-terminated words laid end to
 * end at list: 0, or -1 if one is not a word or comes twice.
 */
static int
vocab_list(struct map_vocab *v, enum map_word_kind k, const char *list,
    int n)
{
	size_t bytes = 0;
	char *text;
	int i;

	for (i = 0; i < n; i++)
		bytes += strlen(list + bytes) + 1;
	v->words[k] = err_malloc((size_t)n * sizeof(char *) + bytes);
	text = (char *)(v->words[k] + n);
	memcpy(text, list, bytes);
	for (i = 0; i < n; i++) {
		size_t len = strlen(text);

		if (!map_word_ok(text) || vocab_add(v, k, text, len) < 0)
			return -1;
		text += len + 1;
	}
	return 0;
}

struct map_vocab *
map_vocab_from_lists(const char *game, const char *const lists[3],
    const int n[3])
{
	struct map_vocab *v;
	int k, max;

	if (!map_word_ok(game))
		return NULL;
	for (k = 0; k < 3; k++) {
		max = k == MAP_TERRAIN ? MAP_MAX_TERRAINS : MAP_MAX_BITS;
		if (n[k] < (k == MAP_TERRAIN) || n[k] > max)
			return NULL;
	}
	v = err_calloc(1, sizeof *v);
	v->game = err_strdup(game);
	for (v->nslots = 16; v->nslots < 2 * (size_t)(n[0] + n[1] + n[2]);
	    v->nslots *= 2)
		;
	v->slots = err_calloc(v->nslots, sizeof *v->slots);
	for (k = 0; k < 3; k++) {
		if (n[k] > 0 && vocab_list(v, (enum map_word_kind)k, lists[k],
		    n[k]) < 0) {
			map_vocab_free(v);
			return NULL;
		}
	}
	return v;
}

int
map_vocab_load(const struct ctx *c, const char *game, struct map_vocab **out)
{
	/* rel: a game id is a word of 32 bytes at most (map_word_ok) */
	char rel[64], why[256], *path, *buf;
	cJSON *root;
	size_t len;
	int st;

	if (!map_word_ok(game))
		return err(ST_USAGE, "not a game id: '%s'", game);
	snprintf(rel, sizeof rel, "%s/terrain.json", game);
	/* on the heap: it is read inside a map's load, already deep in
	 * the stack, where PATH_MAX bytes more were a page fault */
	path = err_malloc(PATH_MAX);
	st = data_read_first(c, (const char *const[]){ rel, NULL }, path, &buf,
	    &len);
	if (st != ST_OK) {
		free(path);
		return st == ST_NO ? err(ST_DATA, "%s has no map vocabulary "
		    "(%s)", game, rel) : st;
	}
	if (data_parse_json(buf, len, &root, why, sizeof why) < 0) {
		free(buf);
		st = err(ST_DATA, "%s: %s", path, why);
		free(path);
		return st;
	}
	free(buf);
	st = map_vocab_from_json(root, out, why, sizeof why);
	cJSON_Delete(root);
	if (st < 0)
		st = err(ST_DATA, "%s: %s", path, why);
	else if (strcmp((*out)->game, game) != 0) {
		st = err(ST_DATA, "%s: game is '%s', expected '%s'", path,
		    (*out)->game, game);
		map_vocab_free(*out);
	} else
		st = ST_OK;
	free(path);
	return st;
}

const char *
map_vocab_game(const struct map_vocab *v)
{
	return v->game;
}

int
map_vocab_count(const struct map_vocab *v, enum map_word_kind k)
{
	return v->n[k];
}

const char *
map_vocab_word(const struct map_vocab *v, enum map_word_kind k, int i)
{
	if (i < 0 || i >= v->n[k])
		return NULL;
	return v->words[k][i];
}

int
map_vocab_find(const struct map_vocab *v, enum map_word_kind k,
    const char *word)
{
	return map_vocab_find_len(v, k, word, strlen(word));
}

int
map_vocab_find_len(const struct map_vocab *v, enum map_word_kind k,
    const char *word, size_t len)
{
	const struct map_vocab_slot *s;

	if (len == 0)
		return -1;	/* no word is empty; the hash reads a byte */
	s = vocab_slot(v, word, len);
	return s->word ? s->idx[k] : -1;
}

void
map_word_unknown(const struct map_vocab *v, enum map_word_kind k,
    const char *word, char *why, size_t whylen)
{
	const char *near = err_nearest(word, (const char *const *)v->words[k],
	    (size_t)v->n[k]);
	size_t used;
	int i;

	if (near) {
		snprintf(why, whylen, "not a %s %s: '%s' (did you mean '%s'?)",
		    v->game, kind_nouns[k], word, near);
		return;
	}
	used = (size_t)snprintf(why, whylen, "not a %s %s: '%s' (one of:",
	    v->game, kind_nouns[k], word);
	for (i = 0; i < v->n[k] && used < whylen; i++)
		used += (size_t)snprintf(why + used, whylen - used, " %s",
		    v->words[k][i]);
	if (used < whylen)
		snprintf(why + used, whylen - used, ")");
}
