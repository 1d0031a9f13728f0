/*
 * situation.c: situation files (umpire-data(5)): the units on a map, each with
 * id, side, type, strength, movement allowance, hex and markers, checked
 * against the map they stand on; and zones of control as one byte a hex.
 * The strings stay in the parsed cJSON tree, which the situation keeps, so
 * a unit costs one struct and no copies.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "err.h"
#include "map_impl.h"
#include "situation.h"

#define MAX_UNITS	100000
#define MAX_VALUE	9999

struct situation {
	cJSON *root;
	const char *map_name;
	struct unit *units;
	const char **markers;		/* every unit's markers, end to end */
	const struct unit **by_id;	/* sorted by id */
	int n;
	const char **ctl;		/* control: each hex's side, or NULL */
	/* the game's own members (situation_rules.members) the file gives:
	   their names, and each hex's side in each */
	const char *own_name[SITUATION_MAXOWN];
	const char **own[SITUATION_MAXOWN];
	int nown;
};

/* The members a situation may have, and a unit; each enum names its place
 * in the list. */
enum { T_FORMAT, T_GAME, T_MAP, T_NOTE, T_UNITS, T_CONTROL, T_NKEYS };
static const char *const top_keys[] = { "format", "game", "map", "note", "units",
    "control", NULL };
enum { U_ID, U_SIDE, U_TYPE, U_STRENGTH, U_MA, U_HEX, U_MARKERS, U_NKEYS };
static const char *const unit_keys[] = { "id", "side", "type", "strength", "ma",
    "hex", "markers", NULL };

struct sctx {
	char *why;
	size_t whylen;
};

static int
fail(struct sctx *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int
fail(struct sctx *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(s->why, s->whylen, fmt, ap);
	va_end(ap);
	return -1;
}

/* k's place in keys, or -1.  The first letters are compared before the
 * words: most keys differ there. */
static int
key_place(const char *k, const char *const *keys)
{
	int i;

	for (i = 0; keys[i]; i++)
		if (k[0] == keys[i][0] && strcmp(k, keys[i]) == 0)
			return i;
	return -1;
}

/*
 * The members of object obj, in one walk: m[i] the first member named
 * keys[i], or NULL.  0, or -1 with *unknown the first member keys do not
 * name.  One walk rather than a lookup for each key, which would walk the
 * members again every time (a situation has a few for each unit).
 */
static int
members(const cJSON *obj, const char *const *keys, const cJSON **m,
    const char **unknown)
{
	const cJSON *it;
	int i;

	for (i = 0; keys[i]; i++)
		m[i] = NULL;
	cJSON_ArrayForEach(it, obj) {
		if (!it->string || (i = key_place(it->string, keys)) < 0) {
			*unknown = it->string ? it->string : "";
			return -1;
		}
		if (!m[i])
			m[i] = it;
	}
	return 0;
}

/* A unit id: letters, digits and - _ . as players label counters. */
static int
id_ok(const char *id)
{
	size_t i, len = strlen(id);

	if (len == 0 || len > 32)
		return 0;
	for (i = 0; i < len; i++)
		if (!((id[i] >= 'a' && id[i] <= 'z') || (id[i] >= 'A' && id[i] <= 'Z') ||
		    (id[i] >= '0' && id[i] <= '9') || id[i] == '-' || id[i] == '_' ||
		    id[i] == '.'))
			return 0;
	return 1;
}

/* Unit i's member key, v, as a word.  The messages name the unit by its
 * place, made up only when one is needed. */
static int
get_word(struct sctx *s, const cJSON *v, int i, const char *key,
    const char **out)
{
	if (!cJSON_IsString(v) || !map_word_ok(v->valuestring))
		return fail(s, "units[%d].%s: expected a word of lowercase letters, "
		    "digits and hyphens", i, key);
	*out = v->valuestring;
	return 0;
}

static int
get_int(struct sctx *s, const cJSON *v, int i, const char *key, int *out)
{
	*out = 0;
	if (!v)
		return 0;
	if (data_json_int(v, 0, MAX_VALUE, out) < 0)
		return fail(s, "units[%d].%s: expected a whole number from 0 to %d",
		    i, key, MAX_VALUE);
	return 0;
}

static int
get_markers(struct sctx *s, const cJSON *arr, int i, struct situation *sit,
    size_t *used, struct unit *out)
{
	const cJSON *w;

	out->markers = sit->markers + *used;
	out->nmarkers = 0;
	if (!arr)
		return 0;
	if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) > UNIT_MAX_MARKERS)
		return fail(s, "units[%d].markers: expected an array of up to %d "
		    "words", i, UNIT_MAX_MARKERS);
	cJSON_ArrayForEach(w, arr) {
		if (!cJSON_IsString(w) || !map_word_ok(w->valuestring))
			return fail(s, "units[%d].markers: expected words of "
			    "lowercase letters, digits and hyphens", i);
		sit->markers[(*used)++] = w->valuestring;
		out->nmarkers++;
	}
	return 0;
}

static int
read_unit(struct sctx *s, const cJSON *u, int i, const struct map *m,
    struct situation *sit, size_t *used)
{
	struct unit *out = &sit->units[i];
	const cJSON *k[U_NKEYS], *hex;
	const char *unknown;

	if (!cJSON_IsObject(u))
		return fail(s, "units[%d]: expected an object", i);
	if (members(u, unit_keys, k, &unknown) < 0)
		return fail(s, "units[%d]: unknown member: '%s'", i, unknown);
	if (!cJSON_IsString(k[U_ID]) || !id_ok(k[U_ID]->valuestring))
		return fail(s, "units[%d].id: expected up to 32 letters, digits, "
		    "'-', '_' or '.'", i);
	out->id = k[U_ID]->valuestring;
	if (get_word(s, k[U_SIDE], i, "side", &out->side) < 0 ||
	    get_word(s, k[U_TYPE], i, "type", &out->type) < 0 ||
	    get_int(s, k[U_STRENGTH], i, "strength", &out->strength) < 0 ||
	    get_int(s, k[U_MA], i, "ma", &out->ma) < 0 ||
	    get_markers(s, k[U_MARKERS], i, sit, used, out) < 0)
		return -1;
	hex = k[U_HEX];
	if (!cJSON_IsString(hex))
		return fail(s, "units[%d].hex: expected a hex id such as \"0101\"",
		    i);
	if ((out->hex = map_lookup(m, hex->valuestring)) < 0)
		return fail(s, "units[%d].hex: %s: '%s'", i,
		    hex_parse(hex->valuestring, &(struct hex){ 0, 0 }) < 0 ?
		    "not a hex id" : "hex off the map", hex->valuestring);
	return 0;
}

static int
by_id_cmp(const void *a, const void *b)
{
	const struct unit *const *ua = a, *const *ub = b;

	return strcmp((*ua)->id, (*ub)->id);
}

/* Two units a and b with one id: named by the later one's place, as the
 * file lists them (qsort keeps no order among equals). */
static int
same_id(struct sctx *s, const struct situation *sit, const struct unit *a,
    const struct unit *b)
{
	long ia = (long)(a - sit->units), ib = (long)(b - sit->units);

	return fail(s, "units[%ld].id: units[%ld] has the same id: '%s'",
	    ia > ib ? ia : ib, ia > ib ? ib : ia, a->id);
}

static int
index_ids(struct sctx *s, struct situation *sit)
{
	int i;

	sit->by_id = err_calloc((size_t)sit->n + 1, sizeof *sit->by_id);
	for (i = 0; i < sit->n; i++)
		sit->by_id[i] = &sit->units[i];
	qsort(sit->by_id, (size_t)sit->n, sizeof *sit->by_id, by_id_cmp);
	for (i = 1; i < sit->n; i++)
		if (strcmp(sit->by_id[i - 1]->id, sit->by_id[i]->id) == 0)
			return same_id(s, sit, sit->by_id[i - 1], sit->by_id[i]);
	return 0;
}

/* Room for every unit's markers: a unit's first member named markers, as
 * read_unit takes it, when it is an array. */
static size_t
count_markers(const cJSON *units)
{
	const cJSON *u, *k;
	size_t n = 0;

	cJSON_ArrayForEach(u, units)
		cJSON_ArrayForEach(k, u)
			if (k->string && strcmp(k->string, "markers") == 0) {
				if (cJSON_IsArray(k))
					n += (size_t)cJSON_GetArraySize(k);
				break;
			}
	return n;
}

/* How many times over a member's entries of sides' hexes may cover the
 * map. */
#define NET_COVERS	4

/* A member that gives hexes to sides: control, or a game's own. */
struct side_hexes {
	const char *member;
	const char *what;	/* one side's hexes, plural, for messages */
	const char **into;	/* map_size() entries: each hex's side */
};

/*
 * One entry of a side's hexes: a hex, or "A-B", the box of columns and
 * rows between A and B (as a map's ranges); each hex marked side's.
 * *budget counts down the hexes the entries may visit in all: a file that
 * names the whole map over and over would otherwise keep umpire busy for
 * hours.
 */
static int
read_side_entry(struct sctx *s, const struct side_hexes *sh,
    const struct map *m, const char *side, const cJSON *e, size_t *budget)
{
	char a[HEX_IDLEN], *dash;
	struct hex h0, h1, h;
	int i;

	if (!cJSON_IsString(e) || strlen(e->valuestring) >= 2 * HEX_IDLEN)
		return fail(s, "%s.%s: expected hex ids or ranges "
		    "\"HEX-HEX\"", sh->member, side);
	snprintf(a, sizeof a, "%.*s", (int)strcspn(e->valuestring, "-"),
	    e->valuestring);
	dash = strchr(e->valuestring, '-');
	if (hex_parse(a, &h0) != 0 || hex_parse(dash ? dash + 1 :
	    e->valuestring, &h1) != 0 || map_index(m, h0) < 0 ||
	    map_index(m, h1) < 0)
		return fail(s, "%s.%s: no such hex or range on the map: "
		    "'%s'", sh->member, side, e->valuestring);
	for (h.col = h0.col < h1.col ? h0.col : h1.col; h.col <= (h0.col <
	    h1.col ? h1.col : h0.col); h.col++)
		for (h.row = h0.row < h1.row ? h0.row : h1.row; h.row <=
		    (h0.row < h1.row ? h1.row : h0.row); h.row++) {
			if ((i = map_index(m, h)) < 0)
				continue;
			if ((*budget)-- == 0)
				return fail(s, "%s: the entries cover the "
				    "map more than %d times over (list each "
				    "stretch once): '%s'", sh->member,
				    NET_COVERS, e->valuestring);
			if (sh->into[i] && strcmp(sh->into[i], side) != 0)
				return fail(s, "%s: a hex in two sides' "
				    "%s: '%s'", sh->member, sh->what,
				    e->valuestring);
			sh->into[i] = side;
		}
	return 0;
}

/*
 * An object of sides, each an array of hexes and ranges: "control",
 * which side holds each hex listed (loe 3.3 B: hexes that changed hands),
 * or a member of the game's own (situation_rules.members).
 */
static int
read_sides(struct sctx *s, const char *member, const char *what,
    const char ***into, const struct map *m, const cJSON *obj)
{
	const cJSON *side, *e;
	size_t budget = (size_t)NET_COVERS * (size_t)map_size(m);
	struct side_hexes sh;

	if (!obj)
		return 0;
	if (!cJSON_IsObject(obj))
		return fail(s, "%s: expected an object of sides", member);
	*into = err_calloc((size_t)map_size(m), sizeof **into);
	sh.member = member;
	sh.what = what;
	sh.into = *into;
	cJSON_ArrayForEach(side, obj) {
		if (!side->string || !map_word_ok(side->string) ||
		    !cJSON_IsArray(side))
			return fail(s, "%s: expected a side's array of "
			    "hexes: '%s'", member, side->string ? side->string :
			    "");
		cJSON_ArrayForEach(e, side)
			if (read_side_entry(s, &sh, m, side->string, e,
			    &budget) < 0)
				return -1;
	}
	return 0;
}

/* The members a situation may have: the engine's (top_keys, the first
 * T_NKEYS of keys) and then the game's own; how many the game's are. */
static int
top_members(const struct situation_rules *r,
    const char *keys[T_NKEYS + SITUATION_MAXOWN + 1])
{
	int i, n = 0;

	for (i = 0; i < T_NKEYS; i++)
		keys[i] = top_keys[i];
	for (; r && r->members && r->members[n].name &&
	    n < SITUATION_MAXOWN; n++)
		keys[T_NKEYS + n] = r->members[n].name;
	keys[T_NKEYS + n] = NULL;
	return n;
}

/* The game's own members the file gives, read as control is. */
static int
read_own(struct sctx *s, struct situation *sit, const struct map *m,
    const struct situation_rules *r, const cJSON *const *k, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		if (!k[i])
			continue;
		sit->own_name[sit->nown] = r->members[i].name;
		if (read_sides(s, r->members[i].name, r->members[i].what,
		    &sit->own[sit->nown++], m, k[i]) < 0)
			return -1;
	}
	return 0;
}

static int
read_top(struct sctx *s, struct situation *sit, const struct map *m,
    const struct situation_rules *r)
{
	const cJSON *root = sit->root, *k[T_NKEYS + SITUATION_MAXOWN], *v,
	    *units, *u;
	const char *unknown, *keys[T_NKEYS + SITUATION_MAXOWN + 1];
	size_t used = 0;
	int i = 0, nown = top_members(r, keys);

	if (!cJSON_IsObject(root))
		return fail(s, "situation: expected an object");
	if (members(root, keys, k, &unknown) < 0)
		return fail(s, "situation: unknown member: '%s'", unknown);
	v = k[T_FORMAT];
	if (v && (!cJSON_IsString(v) || strcmp(v->valuestring, "umpire-situation/1")))
		return fail(s, "format: expected \"umpire-situation/1\"");
	v = k[T_GAME];
	if (v && (!cJSON_IsString(v) || strcmp(v->valuestring, map_game(m)) != 0))
		return fail(s, "game: expected \"%s\", the map's game", map_game(m));
	v = k[T_MAP];
	if (v && (!cJSON_IsString(v) || !map_word_ok(v->valuestring)))
		return fail(s, "map: expected a map name");
	sit->map_name = v ? v->valuestring : NULL;
	v = k[T_NOTE];
	if (v && !cJSON_IsString(v))
		return fail(s, "note: expected text");
	units = k[T_UNITS];
	if (!cJSON_IsArray(units) || cJSON_GetArraySize(units) > MAX_UNITS)
		return fail(s, "units: expected an array of up to %d units", MAX_UNITS);
	sit->n = cJSON_GetArraySize(units);
	sit->units = err_calloc((size_t)sit->n + 1, sizeof *sit->units);
	sit->markers = err_calloc(count_markers(units) + 1,
	    sizeof *sit->markers);
	cJSON_ArrayForEach(u, units)
		if (read_unit(s, u, i++, m, sit, &used) < 0)
			return -1;
	if (read_own(s, sit, m, r, k + T_NKEYS, nown) < 0 ||
	    read_sides(s, "control", "hands", &sit->ctl, m, k[T_CONTROL]) < 0)
		return -1;
	return index_ids(s, sit);
}

int
situation_parse_for(const char *buf, size_t len, const struct map *m,
    const struct situation_rules *r, struct situation **out, char *why,
    size_t whylen)
{
	struct sctx s = { why, whylen };
	struct situation *sit = err_calloc(1, sizeof *sit);

	if (data_parse_json(buf, len, &sit->root, why, whylen) < 0 ||
	    read_top(&s, sit, m, r) < 0) {
		situation_free(sit);
		return -1;
	}
	*out = sit;
	return 0;
}

int
situation_parse(const char *buf, size_t len, const struct map *m,
    struct situation **out, char *why, size_t whylen)
{
	return situation_parse_for(buf, len, m, NULL, out, why, whylen);
}

/*
 * Whether word w is one of list's (struct situation_rules): a stem ending
 * in '#' takes a number from 0 to 99 after it, one ending in '*' any
 * more of a word (w is a map word already).
 */
static int
word_in(const char *w, const char *list)
{
	const char *p = list, *e, *rest;
	size_t n;

	while (*p) {
		e = p + strcspn(p, " ");
		n = (size_t)(e - p);
		if (n > 1 && (p[n - 1] == '#' || p[n - 1] == '*') &&
		    strncmp(w, p, n - 1) == 0) {
			rest = w + n - 1;
			if (p[n - 1] == '*' ? *rest != '\0' :
			    (rest[0] >= '0' && rest[0] <= '9' && (rest[1] ==
			    '\0' || (rest[0] != '0' && rest[1] >= '0' &&
			    rest[1] <= '9' && rest[2] == '\0'))))
				return 1;
		} else if (n == strlen(w) && strncmp(w, p, n) == 0)
			return 1;
		p = *e ? e + 1 : e;
	}
	return 0;
}

/* The words of list (sides), as "a, b, c", for a message. */
static const char *
word_list(const char *list, char *buf, size_t len)
{
	size_t i, o = 0;

	for (i = 0; list[i] && o + 3 < len; i++) {
		if (list[i] == ' ')
			buf[o++] = ',';
		buf[o++] = list[i];
	}
	buf[o] = '\0';
	return buf;
}

/*
 * The hint after a word the game does not know: the nearest of its words,
 * or else where they are listed (umpire words).
 */
static const char *
hint(const char *word, const char *list, const char *game, const char *kind,
    char *buf, size_t len)
{
	const char *words[96], *near;
	char copy[1024], *p, *save;
	size_t n = 0;

	snprintf(copy, sizeof copy, "%s", list ? list : "");
	/* a family's pattern (army-*, radius-#) is no word to offer */
	for (p = strtok_r(copy, " ", &save); p && n < 96;
	    p = strtok_r(NULL, " ", &save))
		if (!strpbrk(p, "*#"))
			words[n++] = p;
	if ((near = err_nearest(word, words, n)) != NULL)
		snprintf(buf, len, " (did you mean '%s'?)", near);
	else
		snprintf(buf, len, " (umpire words %s %s lists them)", game, kind);
	return buf;
}

static int
check_words(struct sctx *s, const struct situation_rules *r, int i,
    const struct unit *u, const struct map *m)
{
	const char *field = "", *why;
	char buf[160], list[160];
	int k;

	if (!word_in(u->side, r->sides))
		return fail(s, "units[%d].side: not a %s side (%s): '%s'", i,
		    r->game, word_list(r->sides, list, sizeof list), u->side);
	if (!word_in(u->type, r->types) && !(r->more_types &&
	    word_in(u->type, r->more_types)))
		return fail(s, "units[%d].type: not a %s unit type: '%s'%s", i,
		    r->game, u->type, hint(u->type, r->types, r->game, "types",
		    list, sizeof list));
	for (k = 0; k < u->nmarkers; k++)
		if (!word_in(u->markers[k], r->markers))
			return fail(s, "units[%d].markers: not a %s marker: "
			    "'%s'%s", i, r->game, u->markers[k], hint(u->markers[k],
			    r->markers, r->game, "markers", list, sizeof list));
	if (r->misfit && (why = r->misfit(m, u, &field, buf, sizeof buf)))
		return fail(s, "units[%d].%s: %s: '%s'", i, field, why,
		    strcmp(field, "side") == 0 ? u->side : u->type);
	return 0;
}

/* No two sides' units (of those r->holds counts) in one hex: each hex's
 * first such unit, and every later one of another side is refused. */
static int
check_shared(struct sctx *s, const struct situation_rules *r,
    const struct situation *sit, const struct map *m)
{
	int *first = err_calloc((size_t)map_size(m), sizeof *first), i, st = 0;
	const struct unit *u, *f;
	char id[HEX_IDLEN];

	for (i = 0; i < sit->n && st == 0; i++) {
		u = &sit->units[i];
		if (r->holds && !r->holds(u))
			continue;
		if (!first[u->hex]) {
			first[u->hex] = i + 1;
			continue;
		}
		f = &sit->units[first[u->hex] - 1];
		if (strcmp(f->side, u->side) == 0)
			continue;
		map_hex_id(m, u->hex, id);
		st = fail(s, "units[%d].hex: the %s unit %s stands there, and "
		    "enemy units never share a hex (%s): '%s'", i, f->side,
		    f->id, r->share_rule, id);
	}
	free(first);
	return st;
}

int
situation_check(const struct situation *sit, const struct map *m,
    const struct situation_rules *r, char *why, size_t whylen)
{
	struct sctx s = { why, whylen };
	const cJSON *side;
	char list[160];
	int i;

	for (i = 0; i < sit->n; i++)
		if (check_words(&s, r, i, &sit->units[i], m) < 0)
			return -1;
	/* the sides of the game's own members are its sides */
	for (i = 0; i < sit->nown; i++)
		cJSON_ArrayForEach(side, cJSON_GetObjectItemCaseSensitive(
		    sit->root, sit->own_name[i]))
			if (!word_in(side->string, r->sides))
				return fail(&s, "%s: not a %s side (%s): '%s'",
				    sit->own_name[i], r->game, word_list(
				    r->sides, list, sizeof list),
				    side->string);
	return check_shared(&s, r, sit, m);
}

int
situation_load(const struct ctx *c, const char *path, const struct map *m,
    const struct situation_rules *rules, struct situation **out)
{
	char *buf, why[512];
	size_t len;
	int st;

	(void)c;
	if ((st = data_read_file(path, &buf, &len)) != ST_OK)
		return st;
	st = situation_parse_for(buf, len, m, rules, out, why, sizeof why);
	free(buf);
	if (st == 0 && rules && situation_check(*out, m, rules, why,
	    sizeof why) < 0) {
		situation_free(*out);
		*out = NULL;
		st = -1;
	}
	if (st < 0)
		return err(ST_DATA, "%s: %s", path, why);
	return ST_OK;
}

void
situation_free(struct situation *sit)
{
	int i;

	if (!sit)
		return;
	cJSON_Delete(sit->root);
	free(sit->units);
	free(sit->markers);
	free(sit->by_id);
	for (i = 0; i < sit->nown; i++)
		free(sit->own[i]);
	free(sit->ctl);
	free(sit);
}

/* The game's own member of this name the file gives, or NULL. */
static const char **
own_member(const struct situation *sit, const char *member)
{
	int i;

	for (i = 0; i < sit->nown; i++)
		if (strcmp(sit->own_name[i], member) == 0)
			return sit->own[i];
	return NULL;
}

int
situation_has(const struct situation *sit, const char *member)
{
	return own_member(sit, member) != NULL;
}

const char *
situation_side_at(const struct situation *sit, const char *member,
    int idx)
{
	const char **sides = own_member(sit, member);

	return sides ? sides[idx] : NULL;
}

const char *
situation_control(const struct situation *sit, int idx)
{
	return sit->ctl ? sit->ctl[idx] : NULL;
}

const char *
situation_map_name(const struct situation *sit)
{
	return sit->map_name;
}

int
situation_count(const struct situation *sit)
{
	return sit->n;
}

const struct unit *
situation_unit(const struct situation *sit, int i)
{
	if (i < 0 || i >= sit->n)
		return NULL;
	return &sit->units[i];
}

const struct unit *
situation_find(const struct situation *sit, const char *id)
{
	int lo = 0, hi = sit->n - 1;

	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2, c = strcmp(sit->by_id[mid]->id, id);

		if (c == 0)
			return sit->by_id[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return NULL;
}

int
situation_in_hex(const struct situation *sit, int idx, const struct unit **out,
    int max)
{
	int i, n = 0;

	for (i = 0; i < sit->n; i++) {
		if (sit->units[i].hex != idx)
			continue;
		if (n < max)
			out[n] = &sit->units[i];
		n++;
	}
	return n;
}

int
situation_unit_has_marker(const struct unit *u, const char *marker)
{
	int i;

	for (i = 0; i < u->nmarkers; i++)
		if (strcmp(u->markers[i], marker) == 0)
			return 1;
	return 0;
}

unsigned char *
situation_zoc(const struct situation *sit, const struct map *m,
    const char *side, zoc_exerts_fn exerts, void *ud)
{
	unsigned char *zoc = err_calloc((size_t)map_size(m), 1);
	int i, d, to;

	for (i = 0; i < sit->n; i++) {
		const struct unit *u = &sit->units[i];

		if (side && strcmp(u->side, side) == 0)
			continue;
		zoc[u->hex] = 1;
		for (d = 0; d < HEX_NDIRS; d++) {
			to = map_neighbour(m, u->hex, d);
			if (to >= 0 && (!exerts || exerts(ud, u, u->hex, d, to)))
				zoc[to] = 1;
		}
	}
	return zoc;
}

int
situation_is_path(const char *spec)
{
	size_t n = strlen(spec);

	return strchr(spec, '/') != NULL || (n > 5 &&
	    strcmp(spec + n - 5, ".json") == 0);
}

int
situation_open(const struct ctx *c, const struct map *m, const char *spec,
    const struct situation_rules *rules, struct situation **out)
{
	char rel[PATH_MAX], path[PATH_MAX];

	if (situation_is_path(spec))
		return situation_load(c, spec, m, rules, out);
	if (snprintf(rel, sizeof rel, "%s/situations/%s.json", map_game(m),
	    spec) >= (int)sizeof rel || data_find(c, rel, path) != 0)
		return err(ST_USAGE, "no such %s situation: '%s' (give a file, "
		    "or a name under %s/situations)", map_game(m), spec,
		    map_game(m));
	return situation_load(c, path, m, rules, out);
}

const cJSON *
situation_json(const struct situation *sit)
{
	return sit->root;
}
