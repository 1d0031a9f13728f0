/*
 * crt.c: the game-independent half of a combat procedure; see crt.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crt.h"
#include "dice.h"
#include "err.h"
#include "games/game.h"

/* Strength lists */

static int
parse_tag(const char **p, char tag[CRT_TAG_LEN])
{
	size_t n = 0;

	while ((**p >= 'a' && **p <= 'z') || (**p >= '0' && **p <= '9') ||
	    **p == '-') {
		if (n + 1 >= CRT_TAG_LEN)
			return -1;
		tag[n++] = *(*p)++;
	}
	tag[n] = '\0';
	return n ? 0 : -1;
}

static int
parse_unit(const char **p, struct crt_unit *u)
{
	long v = 0;

	memset(u, 0, sizeof *u);
	while (**p == ' ')
		(*p)++;
	if (**p < '0' || **p > '9')
		return -1;
	while (**p >= '0' && **p <= '9') {
		v = v * 10 + (*(*p)++ - '0');
		if (v > CRT_MAX_CF)
			return -1;
	}
	if (v < 1)
		return -1;
	u->cf = (int)v;
	while (**p == ':') {
		(*p)++;
		if (u->ntags == CRT_MAX_TAGS || parse_tag(p, u->tags[u->ntags]) < 0)
			return -1;
		u->ntags++;
	}
	while (**p == ' ')
		(*p)++;
	return 0;
}

int
crt_parse_units(const char *text, struct crt_units *us, char *why,
    size_t whylen)
{
	const char *p = text;

	us->n = 0;
	for (;;) {
		const char *start = p;

		if (us->n == CRT_MAX_UNITS) {
			snprintf(why, whylen, "at most %d units", CRT_MAX_UNITS);
			return -1;
		}
		if (parse_unit(&p, &us->u[us->n]) < 0 || (*p && *p != ',')) {
			size_t len = strcspn(start, ",");

			snprintf(why, whylen, "'%.*s' is not a strength: expected whole "
			    "numbers from 1 to %d separated by commas, each with any "
			    ":tags, as in 5,3:oos", (int)(len > 40 ? 40 : len), start,
			    CRT_MAX_CF);
			return -1;
		}
		us->n++;
		if (*p == '\0')
			return 0;
		p++;
	}
}

int
crt_has_tag(const struct crt_unit *u, const char *tag)
{
	int i;

	for (i = 0; i < u->ntags; i++)
		if (strcmp(u->tags[i], tag) == 0)
			return 1;
	return 0;
}

int
crt_tag_number(const struct crt_unit *u, const char *prefix)
{
	size_t plen = strlen(prefix);
	int i;

	for (i = 0; i < u->ntags; i++) {
		const char *s = u->tags[i] + plen;

		if (strncmp(u->tags[i], prefix, plen) != 0 || *s < '0' || *s > '9')
			continue;
		if (strspn(s, "0123456789") == strlen(s) && strlen(s) < 4)
			return atoi(s);
	}
	return -1;
}

int
crt_units_total(const struct crt_units *us)
{
	int i, t = 0;

	for (i = 0; i < us->n; i++)
		t += us->u[i].cf;
	return t;
}

void
crt_unit_format(const struct crt_unit *u, char *buf, size_t len)
{
	size_t used;
	int i;

	used = (size_t)snprintf(buf, len, "%d", u->cf);
	for (i = 0; i < u->ntags && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, ":%s", u->tags[i]);
}

void
crt_rule_add(char *rules, size_t len, const char *rule)
{
	size_t rlen = strlen(rule), used = strlen(rules);
	const char *p = rules;

	if (!*rule)
		return;
	while ((p = strstr(p, rule)) != NULL) {
		if ((p == rules || p[-1] == ' ') && (p[rlen] == ',' || !p[rlen]))
			return;
		p += rlen;
	}
	if (used + rlen + 3 > len)
		return;
	if (used) {
		memcpy(rules + used, ", ", 2);
		used += 2;
	}
	memcpy(rules + used, rule, rlen + 1);
}

int
crt_half_up(int n)
{
	return (n + 1) / 2;
}

static int
listed(const char *key, const char *const *keys)
{
	for (; *keys; keys++)
		if (strcmp(*keys, key) == 0)
			return 1;
	return 0;
}

int
crt_req_check(struct out_result *o, const cJSON *req, const char *game,
    const char *const *keys)
{
	const cJSON *m;
	char name[64];

	cJSON_ArrayForEach(m, req) {
		if (!m->string || listed(m->string, keys))
			continue;
		if (game_field_read(NULL, m->string))
			return out_fail(o, ST_USAGE, "%s does not apply to %s",
			    out_field_name(o, m->string, name), game);
		return out_fail(o, ST_USAGE, "unknown field: '%.64s'", m->string);
	}
	return ST_OK;
}

static int
append(char *buf, size_t len, size_t *used, const cJSON *v)
{
	char num[24], *p = num + sizeof num - 1;
	const char *s;
	size_t n;

	if (cJSON_IsString(v))
		s = v->valuestring;
	else if (cJSON_IsNumber(v) && v->valuedouble >= 0 &&
	    v->valuedouble < 1e15 && v->valuedouble == (double)(long)v->valuedouble) {
		unsigned long u = (unsigned long)v->valuedouble;

		*p = '\0';
		do
			*--p = (char)('0' + u % 10);
		while ((u /= 10) != 0);
		s = p;
	} else if (cJSON_IsNumber(v)) {
		snprintf(num, sizeof num, "%g", v->valuedouble);
		s = num;
	} else
		return -1;
	n = strlen(s);
	if (n >= len - *used)
		return -2;	/* too long for the buffer */
	memcpy(buf + *used, s, n + 1);
	*used += n;
	return 0;
}

int
crt_req_text(struct out_result *o, const cJSON *req, const char *key, char *buf,
    size_t len, int *given)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(req, key), *e;
	size_t used = 0;
	char name[64];
	int r = -1;

	buf[0] = '\0';
	*given = v != NULL && !cJSON_IsNull(v);
	if (!*given)
		return ST_OK;
	if (cJSON_IsArray(v)) {
		cJSON_ArrayForEach(e, v) {
			if (used && used + 1 >= len) {
				r = -2;
				goto bad;
			}
			if (used)
				buf[used++] = ',';
			if ((r = append(buf, len, &used, e)) < 0)
				goto bad;
		}
		buf[used] = '\0';
		if (used == 0)
			goto bad;
		return ST_OK;
	}
	if ((r = append(buf, len, &used, v)) == 0 && used > 0)
		return ST_OK;
bad:
	if (r == -2)
		return out_fail(o, ST_USAGE, "%s: too long (at most %zu characters)",
		    out_field_name(o, key, name), len - 1);
	return out_fail(o, ST_USAGE, "%s: expected a word, a number or a list "
	    "of them", out_field_name(o, key, name));
}

int
crt_req_flag(struct out_result *o, const cJSON *req, const char *key, int *val)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(req, key);
	char name[64];

	*val = 0;
	if (!v || cJSON_IsNull(v))
		return ST_OK;
	if (!cJSON_IsBool(v))
		return out_fail(o, ST_USAGE, "%s: expected true or false",
		    out_field_name(o, key, name));
	*val = cJSON_IsTrue(v);
	return ST_OK;
}

int
crt_req_units(struct out_result *o, const cJSON *req, const char *key,
    struct crt_units *us, int required)
{
	char text[2048], why[160], name[64];
	int given, st;

	us->n = 0;
	if ((st = crt_req_text(o, req, key, text, sizeof text, &given)) != ST_OK)
		return st;
	if (!given && required)
		return out_fail(o, ST_USAGE, "no %s strength given (expected a "
		    "number like 8 or units like 5,3:oos)", key);
	if (!given)
		return ST_OK;
	if (crt_parse_units(text, us, why, sizeof why) < 0)
		return out_fail(o, ST_USAGE, "bad %s: %s",
		    out_field_name(o, key, name), why);
	return ST_OK;
}

/* Tables, loaded once */

#define CRT_CACHE 8

static struct {
	char game[16], name[64];
	struct table *t;
} cache[CRT_CACHE];

int
crt_table(const struct ctx *c, const char *game, const char *name,
    const struct table **t)
{
	struct table *loaded;
	size_t i;
	int st;

	for (i = 0; i < CRT_CACHE && cache[i].t; i++)
		if (strcmp(cache[i].game, game) == 0 &&
		    strcmp(cache[i].name, name) == 0) {
			*t = cache[i].t;
			return ST_OK;
		}
	if ((st = table_load(c, game, name, &loaded)) != ST_OK)
		return st;
	if (i == CRT_CACHE) {
		table_free(cache[0].t);
		memmove(cache, cache + 1, sizeof cache - sizeof *cache);
		i = CRT_CACHE - 1;
	}
	snprintf(cache[i].game, sizeof cache[i].game, "%s", game);
	snprintf(cache[i].name, sizeof cache[i].name, "%s", name);
	cache[i].t = loaded;
	*t = loaded;
	return ST_OK;
}

void
crt_tables_free(void)
{
	size_t i;

	for (i = 0; i < CRT_CACHE; i++) {
		table_free(cache[i].t);
		cache[i].t = NULL;
	}
}

/* Rolls */

int
crt_roll(struct out_result *o, struct ctx *c, const struct table *t,
    const char *text, int *total)
{
	int faces[DICE_MAX_COUNT];
	char why[128];

	/* the dice the roll is of, as table and roll say them (fair.h) */
	if (o->json)
		json_set_str(o->json, "dice", t->dice_text);
	if (!text) {
		*total = dice_roll(&t->dice, ctx_rng(c), faces);
		return ST_OK;
	}
	if (dice_parse_roll(&t->dice, text, faces, why, sizeof why) < 0)
		return out_fail(o, ST_USAGE, "bad roll: '%.40s' (expected %s)",
		    text, why);
	*total = dice_total(&t->dice, faces);
	return ST_OK;
}

const char *
crt_roll_source(const struct ctx *c, const char *text)
{
	return text ? "player" : c->seeded ? "seed" : "random";
}

/* Shifts */

void
crt_column_label(const struct table *t, long vcol, char *buf, size_t len)
{
	if (vcol >= 0 && vcol < (long)t->ncols && strlen(t->cols[vcol].id) < len)
		strcpy(buf, t->cols[vcol].id);
	else if (vcol < 0)
		snprintf(buf, len, "%ld left of %s", -vcol, t->cols[0].id);
	else if (vcol >= (long)t->ncols)
		snprintf(buf, len, "%ld right of %s", vcol - (long)t->ncols + 1,
		    t->cols[t->ncols - 1].id);
	else
		snprintf(buf, len, "%s", t->cols[vcol].id);
}

void
crt_shift(struct out_result *o, const struct table *t, cJSON *shifts, long *vcol,
    int by, const char *why, const char *rule)
{
	char from[64], to[64], amount[16], line[256];
	cJSON *s;

	if (by == 0)
		return;
	crt_column_label(t, *vcol, from, sizeof from);
	*vcol += by;
	crt_column_label(t, *vcol, to, sizeof to);
	snprintf(amount, sizeof amount, "%d%c", abs(by), by < 0 ? 'L' : 'R');
	/* aligned in the trail, plain in JSON */
	if (o->trail)
		trail_step(o->trail, rule, "%-28s %-3s %s -> %s", why, amount, from,
		    to);
	snprintf(line, sizeof line, "%s: %s, %s -> %s", why, amount, from, to);
	out_add_step(o, rule, line);
	/* as in out_add_step: constant keys and rule (crt.h) are not copied,
	 * which is a malloc and a free fewer for each, on every battle of a
	 * batch; why may be the caller's buffer, so it is */
	s = json_object();
	cJSON_AddItemToObjectCS(s, "columns", json_must(cJSON_CreateNumber(by)));
	cJSON_AddItemToObjectCS(s, "why", json_must(cJSON_CreateString(why)));
	cJSON_AddItemToObjectCS(s, "rule", json_must(rule ?
	    cJSON_CreateStringReference(rule) : cJSON_CreateNull()));
	json_push(shifts, s);
}

int
crt_settle(struct out_result *o, const struct table *t, long vcol,
    const char *left_rule, const char *right_rule)
{
	char from[64];
	int clamped, col;

	col = table_shift(t, 0, (int)(vcol < -1000 ? -1000 : vcol > 1000 ? 1000 :
	    vcol), &clamped);
	if (clamped) {
		crt_column_label(t, vcol, from, sizeof from);
		out_step(o, vcol < 0 ? left_rule : right_rule, "the shifts stop at "
		    "the table's edge: %s, not %s", t->cols[col].id, from);
	}
	return col;
}

/* Distributions */

void
crt_dist_init(struct crt_dist *d)
{
	memset(d, 0, sizeof *d);
}

void
crt_dist_free(struct crt_dist *d)
{
	int i;

	for (i = 0; i < d->n; i++)
		if (d->o[i].rolls_cap)
			free(d->o[i].rolls);
	free(d->o);
	crt_dist_init(d);
}

static struct crt_outcome *
outcome(struct crt_dist *d, const char *code, const char *text)
{
	static char none[] = "";
	struct crt_outcome *oc;
	int i;

	for (i = 0; i < d->n; i++)
		if (strcmp(d->o[i].code, code) == 0)
			return &d->o[i];
	if (d->n == d->cap) {
		d->cap = d->cap ? 2 * d->cap : 16;
		d->o = err_realloc(d->o, (size_t)d->cap * sizeof *d->o);
	}
	oc = &d->o[d->n++];
	memset(oc, 0, sizeof *oc);
	oc->code = code;
	oc->text = text;
	oc->rolls = none;
	return oc;
}

/* Append ", 9-0" (or the first roll alone) to an outcome's rolls. */
static void
add_rolls(struct crt_outcome *oc, const struct table_entry *e)
{
	size_t used = oc->rolls_cap ? strlen(oc->rolls) : 0;
	size_t need = used + 2 + strlen(e->roll) + 1;

	if (need > oc->rolls_cap) {
		size_t cap = need > 2 * oc->rolls_cap ? need : 2 * oc->rolls_cap;

		oc->rolls = oc->rolls_cap ? err_realloc(oc->rolls, cap) :
		    err_malloc(cap);
		if (!used)
			oc->rolls[0] = '\0';
		oc->rolls_cap = cap;
	}
	snprintf(oc->rolls + used, oc->rolls_cap - used, "%s%s", used ? ", " : "",
	    e->roll);
}

/*
 * Each code's rolls in a column are counted together and divided once, so
 * a code's chance on one column is its exact share rounded once.
 */
void
crt_dist_column(struct crt_dist *d, const struct table *t, int col,
    double weight)
{
	const struct table_column *tc = &t->cols[col];
	struct dice_dist dist;
	struct dice_sum *sums = err_calloc((size_t)d->n + tc->n, sizeof *sums);
	unsigned char *touched = err_calloc((size_t)d->n + tc->n, 1);
	size_t i;
	int k;

	/* a table's dice passed dice_parse(), so this cannot fail */
	if (dice_dist_make(&t->dice, 1, &dist) < 0) {
		err(ST_DATA, "%s: dice '%s' (expected %s)", t->path, t->dice_text,
		    DICE_LIMITS);
		exit(ST_DATA);
	}
	for (i = 0; i < tc->n; i++) {
		const struct table_entry *e = &tc->entries[i];
		struct crt_outcome *oc = outcome(d, e->code, e->text);

		k = (int)(oc - d->o);
		dice_sum_add(&sums[k], &dist, e->lo, e->hi);
		touched[k] = 1;
		add_rolls(oc, e);
	}
	for (k = 0; k < d->n; k++)
		if (touched[k])
			d->o[k].p += weight * dice_sum_chance(&sums[k], &dist);
	dice_dist_free(&dist);
	free(touched);
	free(sums);
}

void
crt_dist_add(struct crt_dist *d, const char *code, const char *text, double p)
{
	outcome(d, code, text)->p += p;
}
