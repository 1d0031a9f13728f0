/*
 * iwiif.c: I wish I was in France!, miniatures rules for the Great War in
 * East Africa: the game, and what its procedures share (iwiif.h).
 *
 * Stands are listed as the player sees them on the table (1, 3, 9): a
 * colour, weapon or type, how many, the condition and a few tags.  Charts
 * of factors and modifiers are read from rules/iwiif/ and checked as they
 * are used; dice are d10, a 0 being 10 (7); the coloured dice of 3 and
 * 11.2 are one die per colour.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "dice.h"
#include "err.h"
#include "games/game.h"
#include "games/iwiif/iwiif.h"

static const struct game_proc procs[] = {
	{ "activation", iwiif_activation, iwiif_activation_fields, NULL,
	  iwiif_activation_opts, NULL },
	{ "fire", iwiif_fire, iwiif_fire_fields, NULL,
	  iwiif_fire_opts, NULL },
	{ "morale", iwiif_morale, iwiif_morale_fields, NULL,
	  iwiif_morale_opts, NULL },
	{ "rally", iwiif_rally, iwiif_rally_fields, NULL,
	  iwiif_rally_opts, NULL },
	{ "observe", iwiif_observe, iwiif_observe_fields, NULL,
	  iwiif_observe_opts, NULL },
	{ "move-cost", iwiif_move_cost, iwiif_move_cost_fields, NULL,
	  iwiif_move_cost_opts, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL }
};

const struct game game_iwiif = {
	.id = "iwiif",
	.title = "I wish I was in France!",
	.procs = procs,
};

static const char *const cond_names[] = {
	"steady", "suppressed", "pinned", "broken", "destroyed"
};

const char *
iwiif_cond_name(enum iwiif_cond c)
{
	return cond_names[c];
}

/* ---- stands ---- */

static const struct {
	const char *word;
	int cond;		/* a condition, or -1 */
	unsigned tag;
} tag_words[] = {
	{ "steady", IWIIF_STEADY, 0 },
	{ "sup", IWIIF_SUPPRESSED, 0 },
	{ "suppressed", IWIIF_SUPPRESSED, 0 },
	{ "pin", IWIIF_PINNED, 0 },
	{ "pinned", IWIIF_PINNED, 0 },
	{ "broken", IWIIF_BROKEN, 0 },
	{ "ac", -1, IWIIF_AC },
	{ "art", -1, IWIIF_ART },
	{ "cav", -1, IWIIF_CAV },
	{ "pos", -1, IWIIF_POS },
	{ "nco", -1, IWIIF_NCO },
};

static int
word_char(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ||
	    ch == '-';
}

/* One "[Nx]WORD[:TAG]..." of len bytes. */
static int
parse_stand(const char *p, size_t len, unsigned allowed, int conditions,
    struct iwiif_stand *s, char *why, size_t whylen)
{
	const char *end = p + len, *q = p;
	size_t n, i;
	long count = 1;

	memset(s, 0, sizeof *s);
	if (q < end && *q >= '1' && *q <= '9') {
		count = strtol(q, NULL, 10);
		q += strspn(q, "0123456789");
		if (q >= end || *q != 'x' || count > IWIIF_MAX_STANDS) {
			snprintf(why, whylen, "'%.*s': a count is written 4xmodern, "
			    "at most %d", (int)len, p, IWIIF_MAX_STANDS);
			return -1;
		}
		q++;
	}
	s->count = (int)count;
	for (n = 0; q + n < end && word_char(q[n]); n++)
		;
	if (n == 0 || n >= IWIIF_WORD || (q + n < end && q[n] != ':')) {
		snprintf(why, whylen, "'%.*s' is not a stand: expected a word in "
		    "lower case with any :tags", (int)(len > 40 ? 40 : len), p);
		return -1;
	}
	memcpy(s->word, q, n);
	q += n;
	while (q < end) {
		const char *t = ++q;

		while (q < end && *q != ':')
			q++;
		for (i = 0; i < sizeof tag_words / sizeof *tag_words; i++)
			if (strlen(tag_words[i].word) == (size_t)(q - t) &&
			    strncmp(tag_words[i].word, t, (size_t)(q - t)) == 0)
				break;
		if (i == sizeof tag_words / sizeof *tag_words ||
		    (tag_words[i].cond >= 0 && !conditions) ||
		    (tag_words[i].cond < 0 && !(tag_words[i].tag & allowed))) {
			snprintf(why, whylen, "'%.*s': tag ':%.*s' does not apply "
			    "here", (int)len, p, (int)(q - t), t);
			return -1;
		}
		if (tag_words[i].cond >= 0)
			s->cond = (enum iwiif_cond)tag_words[i].cond;
		s->tags |= tag_words[i].tag;
	}
	return 0;
}

static int
parse_list(const char *text, unsigned allowed, int conditions,
    struct iwiif_stands *out, char *why, size_t whylen)
{
	const char *p = text;

	for (;;) {
		size_t len = strcspn(p, ",");

		if (out->n == IWIIF_MAX_STANDS) {
			snprintf(why, whylen, "at most %d stands", IWIIF_MAX_STANDS);
			return -1;
		}
		if (parse_stand(p, len, allowed, conditions, &out->s[out->n], why,
		    whylen) < 0)
			return -1;
		out->total += out->s[out->n++].count;
		if (out->total > IWIIF_MAX_STANDS) {
			snprintf(why, whylen, "at most %d stands", IWIIF_MAX_STANDS);
			return -1;
		}
		if (p[len] == '\0')
			return 0;
		p += len + 1;
	}
}

int
iwiif_stands(struct out_result *o, const cJSON *req, const char *key,
    const char *what, unsigned allowed, int conditions,
    struct iwiif_stands *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(req, key), *e;
	char why[160];

	memset(out, 0, sizeof *out);
	if (!v || cJSON_IsNull(v))
		return ST_OK;
	if (cJSON_IsString(v))
		return parse_list(v->valuestring, allowed, conditions, out, why,
		    sizeof why) < 0 ? out_fail(o, ST_USAGE, "bad %s: %s", what,
		    why) : ST_OK;
	if (!cJSON_IsArray(v))
		return out_fail(o, ST_USAGE, "%s: expected a list of stands", what);
	cJSON_ArrayForEach(e, v) {
		if (!cJSON_IsString(e))
			return out_fail(o, ST_USAGE, "%s: expected a list of stands",
			    what);
		if (parse_list(e->valuestring, allowed, conditions, out, why,
		    sizeof why) < 0)
			return out_fail(o, ST_USAGE, "bad %s: %s", what, why);
	}
	return ST_OK;
}

void
iwiif_stand_format(const struct iwiif_stand *s, char *buf, size_t len)
{
	size_t used = 0, i;

	if (s->count > 1)
		used = (size_t)snprintf(buf, len, "%dx", s->count);
	used += (size_t)snprintf(buf + used, len - used, "%s", s->word);
	if (s->cond != IWIIF_STEADY && used < len)
		used += (size_t)snprintf(buf + used, len - used, ":%s",
		    cond_names[s->cond]);
	for (i = 0; i < sizeof tag_words / sizeof *tag_words && used < len; i++)
		if (tag_words[i].tag & s->tags)
			used += (size_t)snprintf(buf + used, len - used, ":%s",
			    tag_words[i].word);
}

/* ---- charts ---- */

#define CHART_FORMAT "umpire-chart/1"

static int
chart_bad(struct out_result *o, const struct iwiif_chart *ch, const char *what)
{
	return out_fail(o, ST_DATA, "%s: %s", ch->path, what);
}

int
iwiif_chart_load(struct out_result *o, const struct ctx *c, const char *name,
    struct iwiif_chart *ch)
{
	char rel[64];
	const cJSON *f, *src;
	int st;

	memset(ch, 0, sizeof *ch);
	snprintf(ch->name, sizeof ch->name, "%s", name);
	snprintf(rel, sizeof rel, IWIIF "/%s.json", name);
	st = data_load_json(c, rel, &ch->root, ch->path);
	if (st == ST_NO)
		return out_fail(o, ST_DATA, "no chart %s in any data directory "
		    "(see umpire-data(5))", rel);
	if (st != ST_OK)
		return st;
	f = cJSON_GetObjectItemCaseSensitive(ch->root, "format");
	src = cJSON_GetObjectItemCaseSensitive(ch->root, "source");
	if (!cJSON_IsString(f) || strcmp(f->valuestring, CHART_FORMAT) != 0)
		return chart_bad(o, ch, "\"format\" must be \"" CHART_FORMAT "\"");
	if (!cJSON_IsString(src) || (strcmp(src->valuestring, "rulebook") != 0 &&
	    strcmp(src->valuestring, "stand-in") != 0 &&
	    strcmp(src->valuestring, "user") != 0))
		return chart_bad(o, ch, "\"source\" must be rulebook, stand-in or "
		    "user");
	ch->source = src->valuestring;
	return ST_OK;
}

void
iwiif_chart_free(struct iwiif_chart *ch)
{
	cJSON_Delete(ch->root);
	ch->root = NULL;
}

const cJSON *
iwiif_chart_entry(struct out_result *o, const struct iwiif_chart *ch,
    const char *key, const char *id)
{
	const cJSON *arr = cJSON_GetObjectItemCaseSensitive(ch->root, key), *e;
	char what[96];

	cJSON_ArrayForEach(e, arr) {
		const cJSON *i = cJSON_GetObjectItemCaseSensitive(e, "id");

		if (cJSON_IsString(i) && strcmp(i->valuestring, id) == 0)
			return e;
	}
	snprintf(what, sizeof what, "\"%s\" has no entry \"%.32s\"", key, id);
	chart_bad(o, ch, what);
	return NULL;
}

int
iwiif_chart_int(struct out_result *o, const struct iwiif_chart *ch,
    const cJSON *obj, const char *key, int *v, int *null)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(obj, key);
	char what[96];

	if (null)
		*null = 0;
	if (null && cJSON_IsNull(m)) {
		*null = 1;
		*v = 0;
		return ST_OK;
	}
	if (!iwiif_small_int(m)) {
		snprintf(what, sizeof what, "\"%s\" must be a whole number from "
		    "-99 to 99%s", key, null ? " or null" : "");
		return chart_bad(o, ch, what);
	}
	*v = (int)m->valuedouble;
	return ST_OK;
}

int
iwiif_small_int(const cJSON *v)
{
	return cJSON_IsNumber(v) && v->valuedouble >= -99 &&
	    v->valuedouble <= 99 && v->valuedouble == (int)v->valuedouble;
}

const char *
iwiif_title(const cJSON *entry)
{
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(entry, "title");

	if (cJSON_IsString(t))
		return t->valuestring;
	t = cJSON_GetObjectItemCaseSensitive(entry, "id");
	return cJSON_IsString(t) ? t->valuestring : "?";
}

int
iwiif_modifier(struct out_result *o, const struct iwiif_chart *ch, cJSON *mods,
    const char *id, int times, const char *rule, int *total)
{
	const cJSON *m, *per;
	cJSON *j;
	int v, st;

	if (times <= 0)
		return ST_OK;
	if (!(m = iwiif_chart_entry(o, ch, "modifiers", id)))
		return ST_DATA;
	if ((st = iwiif_chart_int(o, ch, m, "value", &v, NULL)) != ST_OK)
		return st;
	per = cJSON_GetObjectItemCaseSensitive(m, "per");
	if (!cJSON_IsString(per) && times > 1)
		times = 1;
	if (times > 1)
		out_step(o, rule, "%-40s %+d x %d = %+d", iwiif_title(m), v, times,
		    v * times);
	else
		out_step(o, rule, "%-40s %+d", iwiif_title(m), v);
	*total += v * times;
	j = json_object();
	json_set_str(j, "id", id);
	json_set_str(j, "text", iwiif_title(m));
	json_set_int(j, "value", v);
	json_set_int(j, "times", times);
	json_set_str(j, "rule", rule);
	json_push(mods, j);
	return ST_OK;
}

/* ---- request fields ---- */

int
iwiif_req_word(struct out_result *o, const cJSON *req, const char *key,
    const char *words, char *buf, size_t len)
{
	char name[64];
	const char *p = words;
	size_t n;
	int given, st;

	if ((st = crt_req_text(o, req, key, buf, len, &given)) != ST_OK)
		return st;
	if (!given)
		return ST_OK;
	n = strlen(buf);
	while (*p) {
		size_t w = strcspn(p, " ");

		if (w == n && strncmp(p, buf, n) == 0)
			return ST_OK;
		p += w;
		p += strspn(p, " ");
	}
	return out_fail(o, ST_USAGE, "bad %s: '%.40s' (expected one of: %s)",
	    out_field_name(o, key, name), buf, words);
}

int
iwiif_req_inches(struct out_result *o, const cJSON *req, const char *key,
    double *v, int *given)
{
	char buf[32], name[64], *end;
	int st;

	if ((st = crt_req_text(o, req, key, buf, sizeof buf, given)) != ST_OK)
		return st;
	if (!*given)
		return ST_OK;
	*v = strtod(buf, &end);
	if (buf[0] < '0' || buf[0] > '9' || *end || *v > 999)
		return out_fail(o, ST_USAGE, "bad %s: '%s' (expected inches from 0 "
		    "to 999, as in 16 or 12.5)", out_field_name(o, key, name), buf);
	return ST_OK;
}

int
iwiif_req_int(struct out_result *o, const cJSON *req, const char *key, int lo,
    int hi, int *v)
{
	char buf[32], name[64], *end;
	long n;
	int given, st;

	if ((st = crt_req_text(o, req, key, buf, sizeof buf, &given)) != ST_OK)
		return st;
	if (!given)
		return ST_OK;
	n = strtol(buf, &end, 10);
	if (buf[0] < '0' || buf[0] > '9' || *end || n < lo || n > hi)
		return out_fail(o, ST_USAGE, "bad %s: '%s' (expected a whole number "
		    "from %d to %d)", out_field_name(o, key, name), buf, lo, hi);
	*v = (int)n;
	return ST_OK;
}

int
iwiif_req_quality(struct out_result *o, const cJSON *req, char *buf, size_t len)
{
	int st = iwiif_req_word(o, req, "quality",
	    "capable exceptional inadequate", buf, len);

	if (st == ST_OK && !buf[0])
		snprintf(buf, len, "capable");
	return st;
}

/* ---- dice ---- */

int
iwiif_d10(struct out_result *o, struct ctx *c, const char *text, int *face)
{
	struct dice d = { 1, 10, 0 };
	char why[96];

	if (!text) {
		*face = dice_rng_face(ctx_rng(c), 10);
		return ST_OK;
	}
	if (dice_parse_roll(&d, text, face, why, sizeof why) < 0)
		return out_fail(o, ST_USAGE, "bad roll: '%.40s' (expected %s)", text,
		    why);
	return ST_OK;
}

int
iwiif_colour_dice(struct out_result *o, struct ctx *c, const char *text,
    const struct iwiif_stands *targets, const char *rule, struct cdice *cd)
{
	struct cdice given;
	char why[160], face[16];
	size_t i;
	int k;

	memset(cd, 0, sizeof *cd);
	if (text && cdice_parse(text, 10, &given, why, sizeof why) < 0)
		return out_fail(o, ST_USAGE, "bad roll: %s", why);
	for (k = 0; k < targets->n; k++) {
		const char *colour = targets->s[k].word;
		const struct cdie *d;

		if (cdice_find(cd, colour))
			continue;
		if (text && !(d = cdice_find(&given, colour)))
			return out_fail(o, ST_USAGE, "no die for %s in --roll '%.60s' "
			    "(expected colour=face for every colour of stand)",
			    colour, text);
		cdice_add(cd, colour, text ? d->face :
		    dice_rng_face(ctx_rng(c), 10));
	}
	for (i = 0; text && i < given.n; i++)
		if (!cdice_find(cd, given.d[i].colour)) {
			iwiif_face(given.d[i].face, face, sizeof face);
			out_step(o, rule, "%s %s: no %s stand, the die is set aside",
			    given.d[i].colour, face, given.d[i].colour);
		}
	return ST_OK;
}

int
iwiif_odds_or_roll(struct out_result *o, int odds, int given)
{
	if (odds && given)
		return out_fail(o, ST_USAGE, "--odds and --roll exclude each other: "
		    "--odds covers every roll");
	return ST_OK;
}

void
iwiif_chance(int ways, char *buf, size_t len)
{
	snprintf(buf, len, "%2d in 10 (%3d%%)", ways, ways * 10);
}

void
iwiif_cond_odds(struct out_result *o, const int ways[IWIIF_DESTROYED + 1],
    cJSON *outs)
{
	char chance[32];
	int c;

	for (c = IWIIF_STEADY; c <= IWIIF_DESTROYED; c++) {
		cJSON *w;

		if (!ways[c])
			continue;
		iwiif_chance(ways[c], chance, sizeof chance);
		out_text(o, NULL, "  %-11s %s", iwiif_cond_name(c), chance);
		w = json_object();
		json_set_str(w, "condition", iwiif_cond_name(c));
		json_set_int(w, "ways", ways[c]);
		json_set_num(w, "probability", ways[c] / 10.0);
		json_push(outs, w);
	}
}

void
iwiif_face(int face, char *buf, size_t len)
{
	if (face == 10)
		snprintf(buf, len, "0 (10)");
	else
		snprintf(buf, len, "%d", face);
}

void
iwiif_inches(double v, char *buf, size_t len)
{
	snprintf(buf, len, "%g\"", v);
}
