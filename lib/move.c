/*
 * move.c: a game's movement vocabulary (rules/<game>/terrain.json) and its
 * movement costs (rules/<game>/tec.json), read and checked before use.
 * Knows no game: the words and costs are data; the games' rules that use
 * them are in lib/games/.  Formats: umpire-data(5).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "data.h"
#include "err.h"
#include "hex.h"
#include "move.h"
#include "out.h"

/* The calendar's seasons, in the order of the year a TEC counts them
 * from (move_season). */
static const char *const seasons[MOVE_NSEASONS] = { "winter", "spring",
	"summer", "fall" };

/* src into dst of size bytes, cut short if need be: snprintf's "%s",
 * without its cost, which showed in every command that prices a step. */
static void
copy_word(char *dst, size_t size, const char *src)
{
	size_t n = strnlen(src, size - 1);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

static int
bad(const char *path, const char *what, const char *value)
{
	return err(ST_DATA, "%s: %s: '%s'", path, what, value);
}

/* The members of the files' tops that the readers take, and of a TEC
 * entry; each enum names its place in the list. */
enum { R_FORMAT, R_GAME, R_SOURCE, R_SCALE, R_TERRAIN, R_FEATURES,
    R_HEXSIDES, R_ACTIONS, R_NKEYS };
static const char *const top_keys[R_NKEYS] = { "format", "game", "source",
    "scale", "terrain", "features", "hexsides", "actions" };
enum { E_WORD, E_MP, E_RULE, E_SOURCE, E_SEASONS, E_CLASSES, E_STACK,
    E_NKEYS };
static const char *const entry_keys[E_NKEYS] = { "word", "mp", "rule",
    "source", "seasons", "classes", "stack" };

/*
 * m[i]: the first member of o named keys[i] (of n), or NULL, as
 * cJSON_GetObjectItemCaseSensitive would find it; others are let be.  One
 * walk over the members, first letters compared before words, rather
 * than a walk for each key: the lookups cost more than the reading.
 */
static void
pick_members(const cJSON *o, const char *const *keys, int n,
    const cJSON **m)
{
	const cJSON *k;
	int i;

	for (i = 0; i < n; i++)
		m[i] = NULL;
	cJSON_ArrayForEach(k, o)
		for (i = 0; k->string && i < n; i++)
			if (k->string[0] == keys[i][0] &&
			    strcmp(k->string, keys[i]) == 0) {
				if (!m[i])
					m[i] = k;
				break;
			}
}

/* A list of distinct words, at most MOVE_MAXWORDS, each a short name:
 * arr, the file's member key. */
static int
read_words(const char *path, const cJSON *arr, const char *key,
    char out[MOVE_MAXWORDS][MOVE_WORDLEN], int *n)
{
	const cJSON *w;
	int i;

	*n = 0;
	if (!cJSON_IsArray(arr))
		return bad(path, "expected an array of words", key);
	cJSON_ArrayForEach(w, arr) {
		if (!cJSON_IsString(w) || !w->valuestring[0] ||
		    strlen(w->valuestring) >= MOVE_WORDLEN ||
		    strpbrk(w->valuestring, " +,:\t\n"))
			return bad(path, "expected a word without blanks, "
			    "'+', ',' or ':'", cJSON_IsString(w) ?
			    w->valuestring : key);
		if (*n == MOVE_MAXWORDS)
			return bad(path, "more than 32 words", key);
		for (i = 0; i < *n; i++)
			if (strcmp(out[i], w->valuestring) == 0)
				return bad(path, "word given twice",
				    w->valuestring);
		copy_word(out[(*n)++], MOVE_WORDLEN, w->valuestring);
	}
	return ST_OK;
}

static int
check_game(const char *path, const cJSON *root, const cJSON **top,
    const char *format, const char *game)
{
	const cJSON *f = top[R_FORMAT], *g = top[R_GAME];

	if (!cJSON_IsObject(root))
		return bad(path, "expected a JSON object", "");
	if (!cJSON_IsString(f) || strcmp(f->valuestring, format) != 0)
		return bad(path, "expected format", format);
	if (!cJSON_IsString(g) || strcmp(g->valuestring, game) != 0)
		return bad(path, "file is not for this game", game);
	return ST_OK;
}

static void
read_source(const cJSON *s, char out[16])
{
	copy_word(out, 16, cJSON_IsString(s) ? s->valuestring : "user");
}

/* A parsed terrain.json into v; the tree stays the caller's. */
static int
vocab_from_json(const char *path, const cJSON *root, const char *game,
    struct move_vocab *v)
{
	const cJSON *top[R_NKEYS];
	int st;

	/* v is zeroed by move_vocab_load or move_vocab_parse */
	pick_members(root, top_keys, R_NKEYS, top);
	if ((st = check_game(path, root, top, "umpire-terrain/1", game)) ==
	    ST_OK && (st = read_words(path, top[R_TERRAIN], "terrain",
	    v->terrain, &v->nterrain)) == ST_OK &&
	    (st = read_words(path, top[R_FEATURES], "features", v->features,
	    &v->nfeatures)) == ST_OK)
		st = read_words(path, top[R_HEXSIDES], "hexsides", v->sides,
		    &v->nsides);
	if (st == ST_OK && v->nterrain == 0)
		st = bad(path, "no terrain words", "terrain");
	read_source(top[R_SOURCE], v->source);
	return st;
}

static int
find_word(char list[MOVE_MAXWORDS][MOVE_WORDLEN], int n, const char *word)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(list[i], word) == 0)
			return i;
	return -1;
}

unsigned
move_opt_bits(const struct move_req *r, const struct move_marker *list)
{
	unsigned bits = 0;

	for (; r->opts && list->word; list++)
		if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(r->opts,
		    list->word)))
			bits |= list->flag;
	return bits;
}

const char *
move_opt_str(const struct move_req *r, const char *name)
{
	return r->opts ? cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(r->opts, name)) : NULL;
}

int
move_feature_bit(const struct move_vocab *v, const char *word)
{
	return find_word((char (*)[MOVE_WORDLEN])v->features, v->nfeatures,
	    word);
}

int
move_side_bit(const struct move_vocab *v, const char *word)
{
	return find_word((char (*)[MOVE_WORDLEN])v->sides, v->nsides, word);
}

int
move_terrain_known(const struct move_vocab *v, const char *word)
{
	return find_word((char (*)[MOVE_WORDLEN])v->terrain, v->nterrain,
	    word) >= 0;
}

/* MP as written (a multiple of 1/scale, 0 to 99) into cost units. */
static int
read_mp(const char *path, const cJSON *n, int scale, const char *word,
    int *out)
{
	double units;
	int whole;

	if (!cJSON_IsNumber(n) || n->valuedouble < 0 || n->valuedouble > 99)
		return bad(path, "expected MP from 0 to 99 for", word);
	units = n->valuedouble * scale;
	whole = (int)(units + 0.5);
	if (units - whole > 1e-9 || whole - units > 1e-9)
		return bad(path, "MP finer than the game counts, for", word);
	*out = whole;
	return ST_OK;
}

/* A class's cost: MP, "closed", or {"mp": MP, "rule": "16.7"} when a rule
 * of its own sets it (a class of mountain troops, say). */
static int
read_class_cost(const char *path, const cJSON *k, int scale,
    struct move_cost *e)
{
	const cJSON *mp = k, *rule;

	if (cJSON_IsObject(k)) {
		mp = cJSON_GetObjectItemCaseSensitive(k, "mp");
		rule = cJSON_GetObjectItemCaseSensitive(k, "rule");
		if (!mp || !cJSON_IsString(rule) || !*rule->valuestring ||
		    strlen(rule->valuestring) >= sizeof e->cls_rule[0] ||
		    cJSON_GetArraySize(k) != 2)
			return bad(path, "expected {\"mp\": MP, \"rule\": "
			    "\"section\"} for a class of", e->word);
		snprintf(e->cls_rule[e->ncls], sizeof e->cls_rule[0], "%s",
		    rule->valuestring);
	}
	if (cJSON_IsString(mp) && strcmp(mp->valuestring, "closed") == 0) {
		e->cls_cost[e->ncls] = -1;
		return ST_OK;
	}
	return read_mp(path, mp, scale, e->word, &e->cls_cost[e->ncls]);
}

static int
read_classes(const char *path, const cJSON *cl, int scale,
    struct move_cost *e)
{
	const cJSON *k;
	int st;

	if (!cl)
		return ST_OK;
	if (!cJSON_IsObject(cl))
		return bad(path, "expected an object of class costs for",
		    e->word);
	cJSON_ArrayForEach(k, cl) {
		if (e->ncls == 4 || strlen(k->string) >= MOVE_WORDLEN)
			return bad(path, "too many or too long classes for",
			    e->word);
		copy_word(e->cls[e->ncls], MOVE_WORDLEN, k->string);
		e->cls_rule[e->ncls][0] = '\0';
		if ((st = read_class_cost(path, k, scale, e)) != ST_OK)
			return st;
		e->ncls++;
	}
	return ST_OK;
}

int
move_season(const char *word)
{
	int i;

	for (i = 0; word && i < MOVE_NSEASONS; i++)
		if (strcmp(word, seasons[i]) == 0)
			return i;
	return -1;
}

const char *
move_season_word(int i)
{
	return i >= 0 && i < MOVE_NSEASONS ? seasons[i] : NULL;
}

static int
read_seasons(const char *path, const cJSON *se, int scale,
    struct move_cost *e)
{
	const cJSON *k;
	int i, st;

	for (i = 0; i < MOVE_NSEASONS; i++)
		e->season[i] = -2;
	if (!se)
		return ST_OK;
	if (!cJSON_IsObject(se))
		return bad(path, "expected an object of season costs for",
		    e->word);
	cJSON_ArrayForEach(k, se) {
		if ((i = move_season(k->string)) < 0)
			return bad(path, "unknown season (expected winter, "
			    "spring, summer or fall)", k->string);
		if ((st = read_mp(path, k, scale, e->word, &e->season[i])) !=
		    ST_OK)
			return st;
	}
	return ST_OK;
}

/* A terrain's stacking limit (in the game's units), 1 to
 * 99; none given, 0. */
static int
read_stack(const char *path, const cJSON *n, struct move_cost *e)
{
	if (!n)
		return ST_OK;
	if (!cJSON_IsNumber(n) || n->valuedouble < 1 || n->valuedouble > 99 ||
	    n->valuedouble != (int)n->valuedouble)
		return bad(path, "expected a whole stacking limit from 1 to 99 "
		    "for", e->word);
	e->stack = (int)n->valuedouble;
	return ST_OK;
}

static int
read_cost(const char *path, const cJSON *o, int scale, struct move_cost *e)
{
	const cJSON *m[E_NKEYS], *w, *mp, *r, *s;
	int st;

	pick_members(o, entry_keys, E_NKEYS, m);
	w = m[E_WORD];
	mp = m[E_MP];
	r = m[E_RULE];
	s = m[E_SOURCE];
	memset(e, 0, sizeof *e);
	if (!cJSON_IsObject(o) || !cJSON_IsString(w) || !w->valuestring[0] ||
	    strlen(w->valuestring) >= MOVE_WORDLEN)
		return bad(path, "expected an entry with a short \"word\"",
		    cJSON_IsString(w) ? w->valuestring : "?");
	copy_word(e->word, sizeof e->word, w->valuestring);
	if (!cJSON_IsString(r) || strlen(r->valuestring) >= sizeof e->rule)
		return bad(path, "expected a short \"rule\" for", e->word);
	copy_word(e->rule, sizeof e->rule, r->valuestring);
	e->stand_in = cJSON_IsString(s) &&
	    strcmp(s->valuestring, "stand-in") == 0;
	if (cJSON_IsString(mp) && strcmp(mp->valuestring, "closed") == 0)
		e->cost = -1;
	else if ((st = read_mp(path, mp, scale, e->word, &e->cost)) != ST_OK)
		return st;
	if ((st = read_seasons(path, m[E_SEASONS], scale, e)) != ST_OK)
		return st;
	if ((st = read_stack(path, m[E_STACK], e)) != ST_OK)
		return st;
	return read_classes(path, m[E_CLASSES], scale, e);
}

/* arr, the file's member key: up to max entries into list. */
static int
read_costs(const char *path, const cJSON *arr, const char *key, int max,
    int scale, struct move_cost *list, int *n, int *stand_in)
{
	const cJSON *o;
	int st;

	*n = 0;
	if (!arr)
		return ST_OK;
	if (!cJSON_IsArray(arr))
		return bad(path, "expected an array of entries", key);
	cJSON_ArrayForEach(o, arr) {
		if (*n == max)
			return bad(path, "too many entries", key);
		if ((st = read_cost(path, o, scale, &list[*n])) != ST_OK)
			return st;
		if (move_tec_find(list, *n, list[*n].word))
			return bad(path, "word given twice", list[*n].word);
		*stand_in |= list[(*n)++].stand_in;
	}
	return ST_OK;
}

/* A parsed tec.json into t; the tree stays the caller's. */
static int
tec_from_json(const char *path, const cJSON *root, const char *game,
    struct move_tec *t)
{
	const cJSON *top[R_NKEYS], *sc;
	int st;

	/* t is emptied by move_tec_load or move_tec_parse (move_tec_clear) */
	pick_members(root, top_keys, R_NKEYS, top);
	if ((st = check_game(path, root, top, "umpire-tec/1", game)) != ST_OK)
		return st;
	sc = top[R_SCALE];
	if (!cJSON_IsNumber(sc) || (sc->valuedouble != 1 &&
	    sc->valuedouble != 2))
		return bad(path, "expected scale 1 or 2", "scale");
	t->scale = (int)sc->valuedouble;
	read_source(top[R_SOURCE], t->source);
	/* each list begins where the one before it ends (move.h) */
	if ((st = read_costs(path, top[R_TERRAIN], "terrain", MOVE_MAXWORDS,
	    t->scale, t->terrain, &t->nterrain, &t->any_stand_in)) == ST_OK &&
	    (st = read_costs(path, top[R_FEATURES], "features", MOVE_MAXWORDS,
	    t->scale, t->features = t->terrain + t->nterrain, &t->nfeatures,
	    &t->any_stand_in)) == ST_OK &&
	    (st = read_costs(path, top[R_HEXSIDES], "hexsides", MOVE_MAXWORDS,
	    t->scale, t->sides = t->features + t->nfeatures, &t->nsides,
	    &t->any_stand_in)) == ST_OK)
		st = read_costs(path, top[R_ACTIONS], "actions",
		    MOVE_MAXACTIONS, t->scale, t->actions = t->sides +
		    t->nsides, &t->nactions, &t->any_stand_in);
	if (strcmp(t->source, "stand-in") == 0)
		t->any_stand_in = 1;
	return st;
}

/* Parse buf (NUL-terminated) as one kind of file, named path in messages. */
static int
parse_file(const char *buf, size_t len, const char *path, const char *game,
    int (*from)(const char *, const cJSON *, const char *, void *),
    void *out)
{
	char why[256];
	cJSON *root;
	int st;

	if (data_parse_json(buf, len, &root, why, sizeof why) < 0)
		return err(ST_DATA, "%s: %s", path, why);
	st = from(path, root, game, out);
	cJSON_Delete(root);
	return st;
}

static int
tec_cb(const char *path, const cJSON *root, const char *game, void *out)
{
	return tec_from_json(path, root, game, out);
}

static int
vocab_cb(const char *path, const cJSON *root, const char *game, void *out)
{
	return vocab_from_json(path, root, game, out);
}

/*
 * Only the head is cleared: read_cost clears each entry it fills and
 * nothing reads past the counts, so the 23 KB of entries are not written
 * (each page written is a page fault, at every start).
 */
void
move_tec_clear(struct move_tec *t)
{
	t->scale = 0;
	t->source[0] = '\0';
	t->terrain = t->features = t->sides = t->actions = t->pool;
	t->nterrain = t->nfeatures = t->nsides = t->nactions = 0;
	t->any_stand_in = 0;
}

int
move_tec_parse(const char *buf, size_t len, const char *path,
    const char *game, struct move_tec *t)
{
	move_tec_clear(t);
	return parse_file(buf, len, path, game, tec_cb, t);
}

int
move_vocab_parse(const char *buf, size_t len, const char *path,
    const char *game, struct move_vocab *v)
{
	memset(v, 0, sizeof *v);
	return parse_file(buf, len, path, game, vocab_cb, v);
}

/* Find GAME/NAME and hand it to from. */
static int
load_file(const struct ctx *c, const char *game, const char *name,
    const char *missing, int (*from)(const char *, const cJSON *,
    const char *, void *), void *out)
{
	char rel[64], path[PATH_MAX];
	cJSON *root;
	size_t n;
	int st;

	/* "%s/%s" by hand: snprintf cost more than checking the words */
	n = strnlen(game, sizeof rel - 1);
	memcpy(rel, game, n);
	if (n < sizeof rel - 1)
		rel[n++] = '/';
	copy_word(rel + n, sizeof rel - n, name);
	/* the parse tree dies here: what is kept is copied out of it */
	if ((st = data_load_json(c, rel, &root, path)) != ST_OK)
		return st == ST_NO ? err(ST_DATA, "%s: '%s'", missing, rel) :
		    st;
	st = from(path, root, game, out);
	cJSON_Delete(root);
	return st;
}

int
move_tec_load(const struct ctx *c, const char *game, struct move_tec *t)
{
	move_tec_clear(t);
	return load_file(c, game, "tec.json", "no movement costs for this "
	    "game", tec_cb, t);
}

int
move_vocab_load(const struct ctx *c, const char *game, struct move_vocab *v)
{
	memset(v, 0, sizeof *v);
	return load_file(c, game, "terrain.json", "no terrain words for this "
	    "game", vocab_cb, v);
}

const struct move_cost *
move_tec_find(const struct move_cost *list, int n, const char *word)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(list[i].word, word) == 0)
			return &list[i];
	return NULL;
}

const struct move_cost *
move_tec_terrain(const struct move_tec *t, const struct move_step *st,
    const char *deflt)
{
	int i;

	/* a search prices every step: a bit is cheaper than words */
	for (i = 0; st->tmask && i < t->nterrain; i++)
		if (t->terrain[i].mask & st->tmask)
			return &t->terrain[i];
	return move_tec_find(t->terrain, t->nterrain, st->terrain ?
	    st->terrain : deflt);
}

const char *
move_rule_for(const struct move_cost *e, const char *cls)
{
	int i;

	for (i = 0; cls && i < e->ncls; i++)
		if (strcmp(e->cls[i], cls) == 0 && e->cls_rule[i][0])
			return e->cls_rule[i];
	return e->rule;
}

int
move_cost_for(const struct move_cost *e, const char *cls, int season)
{
	int i;

	for (i = 0; cls && i < e->ncls; i++)
		if (strcmp(e->cls[i], cls) == 0)
			return e->cls_cost[i];
	if (season >= 0 && season < MOVE_NSEASONS && e->season[season] != -2)
		return e->season[season];
	return e->cost;
}

unsigned
move_fmask(const struct move_vocab *v, const char *word)
{
	int b = move_feature_bit(v, word);

	return b < 0 ? 0 : 1u << b;
}

unsigned
move_smask(const struct move_vocab *v, const char *word)
{
	int b = move_side_bit(v, word);

	return b < 0 ? 0 : 1u << b;
}

unsigned
move_tmask(const struct move_vocab *v, const char *word)
{
	int b = find_word((char (*)[MOVE_WORDLEN])v->terrain, v->nterrain,
	    word);

	return b < 0 ? 0 : 1u << b;
}

int
move_terrain_is(const struct move_step *st, unsigned bit, const char *word)
{
	if (st->tmask)
		return (st->tmask & bit) != 0;
	return st->terrain && strcmp(st->terrain, word) == 0;
}

/* n >= 100 in decimal at p; returns the end.  Apart, so that the usual
 * one or two digits are written with no buffer on the stack. */
static char * __attribute__((noinline))
put_big(char *p, unsigned n)
{
	char tmp[12];
	int k = 0;

	do
		tmp[k++] = (char)('0' + n % 10);
	while ((n /= 10) > 0);
	while (k > 0)
		*p++ = tmp[--k];
	return p;
}

/* n in decimal at p; returns the end.  One or two digits are written
 * straight: a reach lists what is left in every hex it covers. */
static char *
put_uint(char *p, unsigned n)
{
	return n >= 100 ? put_big(p, n) : hex_put_small(p, n);
}

/* The MP in cost units as text: "2", "1/2", "1 1/2".  By hand: a search
 * prices thousands of steps.  The length written. */
int
move_mp_put_any(int units, int scale, char buf[16])
{
	char *p = buf;
	/* the magnitude unsigned: INT_MIN has no int of its own */
	unsigned u = units < 0 ? 0u - (unsigned)units : (unsigned)units;
	unsigned whole = scale == 2 ? u / 2 : u;
	int half = scale == 2 && u % 2 != 0;

	if (units < 0)
		*p++ = '-';
	if (!half || whole)
		p = put_uint(p, whole);
	if (half) {
		if (whole)
			*p++ = ' ';
		memcpy(p, "1/2", 3);
		p += 3;
	}
	*p = '\0';
	return (int)(p - buf);
}

const char *
move_mp_text(int units, int scale, char buf[16])
{
	move_mp_put(units, scale, buf);
	return buf;
}

void
move_price_clear(struct move_price *p)
{
	p->cost = p->stop = p->loss = 0;
	p->rule = p->why = p->stop_rule = NULL;
	p->what[0] = p->whybuf[0] = '\0';
}

/*
 * One unit's price of the step.  A search (keep = 0) leaves the unit as it
 * was: it puts back what the step may change (move_unit.carry) rather
 * than pricing on a copy of the whole unit, some 600 bytes a step.
 */
static int
unit_price(const struct move_rules *rules, struct move_unit *u, int keep,
    const struct move_step *st, int spent, struct move_price *p)
{
	int saved[MOVE_CARRY], r;

	memcpy(saved, u->carry, sizeof saved);
	r = rules->step(u, st, spent, p);
	if (!keep)
		memcpy(u->carry, saved, sizeof saved);
	return r;
}

/* A stack of one, the usual case: the unit's price is the stack's, made
 * in place rather than copied (a search prices every step). */
static int
price_one(const struct move_rules *rules, struct move_unit *u, int keep,
    const struct move_step *st, int spent, struct move_price *best,
    int *which)
{
	if (unit_price(rules, u, keep, st, spent, best) < 0) {
		*which = 0;
		return -1;
	}
	if (best->stop) {
		best->stop = 1;
		if (!best->stop_rule)
			best->stop_rule = best->rule;
	} else
		best->why = best->stop_rule = NULL;
	return 0;
}

int
move_price_stack(const struct move_rules *rules, struct move_unit *u, int n,
    int keep, const struct move_step *st, int spent, struct move_price *best,
    int *which)
{
	struct move_price p;
	const char *stop_why = NULL, *stop_rule = NULL;
	int j, stop = 0;

	if (n == 1)
		return price_one(rules, u, keep, st, spent, best, which);
	move_price_clear(best);
	for (j = 0; j < n; j++) {
		if (unit_price(rules, &u[j], keep, st, spent, &p) < 0) {
			*best = p;
			if (p.why == p.whybuf)
				best->why = best->whybuf;
			*which = j;
			return -1;
		}
		if (p.stop && !stop) {
			stop = 1;
			stop_why = p.why;
			stop_rule = p.stop_rule ? p.stop_rule : p.rule;
		}
		if (j == 0 || p.cost > best->cost)
			*best = p;
	}
	best->stop = stop;
	best->why = stop_why;
	best->stop_rule = stop_rule;
	return 0;
}

/* Words without a conversion in them copied as vsnprintf would copy
 * them, to the room there is: a retreat's route prices each step's words
 * ("1 hex, terrain not counted"), and formatting cost most of a price. */
static int
copy_plain(char *dst, size_t room, const char *fmt)
{
	size_t len;

	if (strchr(fmt, '%') != NULL)
		return -1;
	len = strlen(fmt);
	if (len >= room)
		len = room - 1;
	memcpy(dst, fmt, len);
	dst[len] = '\0';
	return 0;
}

void
move_what_words(struct move_price *p, const char *fmt, ...)
{
	size_t n = strlen(p->what);
	va_list ap;

	if (copy_plain(p->what + n, sizeof p->what - n, fmt) == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(p->what + n, sizeof p->what - n, fmt, ap);
	va_end(ap);
}

const char *
move_why_words(struct move_price *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(p->whybuf, sizeof p->whybuf, fmt, ap);
	va_end(ap);
	return p->whybuf;
}

void
move_tec_bind(struct move_tec *t, const struct move_vocab *v)
{
	int i;

	for (i = 0; i < t->nterrain; i++)
		t->terrain[i].mask = move_tmask(v, t->terrain[i].word);
	for (i = 0; i < t->nfeatures; i++)
		t->features[i].mask = move_fmask(v, t->features[i].word);
	for (i = 0; i < t->nsides; i++)
		t->sides[i].mask = move_smask(v, t->sides[i].word);
}

int
move_deny(struct move_price *p, const char *rule, const char *why)
{
	p->rule = rule;
	p->why = why;
	return -1;
}

int
move_add_cost(const struct move_unit *u, const struct move_cost *e,
    const char *cls, int season, const char *tail, int mark, int *cost,
    struct move_price *p)
{
	char mp[16];
	int c;

	if (!e)
		return 0;
	if ((c = move_cost_for(e, cls, season)) < 0)
		return move_deny(p, e->rule, move_why(u, p, "%s is closed to "
		    "this unit%s", e->word, tail ? tail : ""));
	*cost += c;
	p->rule = move_rule_for(e, cls);
	move_what(u, p, "%s%s %s%s", p->what[0] ? " + " : "", e->word,
	    move_mp_text(c, 2, mp), mark && e->stand_in ? " (stand-in)" : "");
	return 0;
}
