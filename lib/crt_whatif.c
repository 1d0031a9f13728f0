/*
 * crt_whatif.c: what would change this fight; see crt_whatif.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crt.h"
#include "crt_whatif.h"
#include "ctx.h"
#include "err.h"
#include "games/game.h"
#include "json.h"
#include "opt.h"
#include "out.h"
#include "table.h"

#define WI_MAX 64		/* changes kept */
#define WI_MORE 60		/* the most extra attack tried */
#define WI_TEXT 160

struct wi_change {
	int kind;		/* 0 a modifier, 1 less defense, 2 more attack */
	int cost;		/* the strength added or taken away */
	int gain;		/* columns moved, right (the attacker's way) > 0 */
	char what[WI_TEXT];
	char column[32];
	const char *rule;	/* in json */
	cJSON *json;		/* the game's answer to the changed battle */
};

struct wi {
	struct ctx *c;
	const struct game *g;
	const struct game_proc *p;
	const cJSON *req;
	cJSON *base;		/* the answer to the battle as it is */
	int at;			/* its column's index */
	struct wi_change ch[WI_MAX];
	int n;
};

/* The game's --odds answer to req changed by change (one member, or
 * NULL), or NULL when the game refuses it. */
static cJSON *
ask(struct wi *w, const char *key, cJSON *value, char *why, size_t len)
{
	cJSON *req = json_must(cJSON_Duplicate(w->req, 1));
	struct out_result v;
	cJSON *json = NULL;
	int st;

	cJSON_DeleteItemFromObjectCaseSensitive(req, "roll");
	cJSON_DeleteItemFromObjectCaseSensitive(req, "odds");
	json_set_bool(req, "odds", 1);
	if (key) {
		cJSON_DeleteItemFromObjectCaseSensitive(req, key);
		json_set(req, key, value);
	}
	out_result_init(&v, 0, 0);
	json_set_str(v.json, "game", w->g->id);
	json_set_str(v.json, "procedure", "crt");
	st = w->p->run(w->c, req, &v);
	if (st == ST_OK) {
		out_result_finish(&v);
		json = v.json;
		v.json = NULL;
	} else if (why) {
		snprintf(why, len, "%s", v.why);
	}
	out_result_free(&v);
	cJSON_Delete(req);
	return json;
}

/* Where an answer lands on its chart, or -1 (an automatic result, or a
 * chart that names no column). */
static int
column_at(struct wi *w, const cJSON *json)
{
	const char *name = cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(json, "table"));
	const char *col = cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(json, "column"));
	const struct table *t;

	if (!name || !col || cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(
	    json, "automatic")) || crt_table(w->c, w->g->id, name, &t) != ST_OK)
		return -1;
	return table_column_index(t, col);
}

/* Does list (of objects) hold one whose key is the string s? */
static int
listed(const cJSON *list, const char *key, const char *s)
{
	const cJSON *x;
	const char *v;

	cJSON_ArrayForEach(x, list)
		if ((v = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(x,
		    key))) && s && strcmp(v, s) == 0)
			return 1;
	return 0;
}

/* The rule a change brings: of the first shift, else the first step
 * with a rule, that the battle as it is has not. */
static const char *
new_rule(const struct wi *w, const cJSON *json)
{
	static const char *const lists[][2] = { { "shifts", "why" },
		{ "steps", "text" } };
	const cJSON *x;
	const char *rule;
	size_t i;

	for (i = 0; i < 2; i++)
		cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(json,
		    lists[i][0]))
			if ((rule = cJSON_GetStringValue(
			    cJSON_GetObjectItemCaseSensitive(x, "rule"))) &&
			    !listed(cJSON_GetObjectItemCaseSensitive(w->base,
			    lists[i][0]), lists[i][1], cJSON_GetStringValue(
			    cJSON_GetObjectItemCaseSensitive(x, lists[i][1]))))
				return rule;
	return NULL;
}

/* The rule the odds were read by: the step that names them. */
static const char *
odds_rule(const cJSON *json)
{
	const cJSON *s;
	const char *text;

	cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(json, "steps")) {
		text = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(s,
		    "text"));
		if (text && (strncmp(text, "odds", 4) == 0 ||
		    strstr(text, "column")))
			return cJSON_GetStringValue(
			    cJSON_GetObjectItemCaseSensitive(s, "rule"));
	}
	return NULL;
}

/* Keep json as a change (it is freed otherwise). */
static void
keep(struct wi *w, int kind, int cost, int at, cJSON *json, const char *rule,
    const char *what)
{
	struct wi_change *ch;

	if (w->n == WI_MAX) {
		cJSON_Delete(json);
		return;
	}
	ch = &w->ch[w->n++];
	ch->kind = kind;
	ch->cost = cost;
	ch->gain = at - w->at;
	ch->json = json;
	ch->rule = rule;
	snprintf(ch->column, sizeof ch->column, "%s", cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(json, "column")));
	snprintf(ch->what, sizeof ch->what, "%s", what);
}

static void
strength_text(const cJSON *v, char *buf, size_t len)
{
	if (cJSON_IsString(v))
		snprintf(buf, len, "%s", v->valuestring);
	else if (cJSON_IsNumber(v))
		snprintf(buf, len, "%d", v->valueint);
	else
		buf[0] = '\0';
}

/* The attack raised by k: its first strength (a number the game's
 * strengths begin with, as in 5,3:oos or 3:h:b) k more. */
static void
raised(const char *att, int k, char *buf, size_t len)
{
	size_t digits = strspn(att, "0123456789");

	snprintf(buf, len, "%d%s", (digits ? atoi(att) : 0) + k, att + digits);
}

/* The least extra attack that reaches the next column, and the column
 * after. */
static void
more_attack(struct wi *w)
{
	char att[64], changed[96], what[WI_TEXT];
	cJSON *json;
	int k, at, best = w->at, found = 0;

	strength_text(cJSON_GetObjectItemCaseSensitive(w->req, "attack"), att,
	    sizeof att);
	if (!*att || !strspn(att, "0123456789"))
		return;
	for (k = 1; k <= WI_MORE && found < 2; k++) {
		raised(att, k, changed, sizeof changed);
		if (!(json = ask(w, "attack", cJSON_CreateString(changed), NULL,
		    0)))
			return;
		if ((at = column_at(w, json)) > best && best >= 0) {
			best = at;
			found++;
			snprintf(what, sizeof what, "%d more attack (%s)", k,
			    changed);
			keep(w, 2, k, at, json, odds_rule(json), what);
			continue;
		}
		cJSON_Delete(json);
	}
}

/* The least fewer defense that moves the battle right, for a defense of
 * one number; for several units, each unit left out in turn. */
static void
less_defense(struct wi *w)
{
	char def[64], changed[64], what[WI_TEXT], *p;
	cJSON *json;
	int k, at, d, i, n = 0;
	size_t len;

	strength_text(cJSON_GetObjectItemCaseSensitive(w->req, "defense"), def,
	    sizeof def);
	if (!*def)
		return;
	if (strspn(def, "0123456789") == strlen(def)) {
		d = atoi(def);
		for (k = 1; k < d; k++) {
			snprintf(changed, sizeof changed, "%d", d - k);
			if (!(json = ask(w, "defense", cJSON_CreateString(changed),
			    NULL, 0)))
				return;
			if ((at = column_at(w, json)) > w->at && w->at >= 0) {
				snprintf(what, sizeof what, "%d less defense "
				    "(%s)", k, changed);
				keep(w, 1, k, at, json, odds_rule(json), what);
				return;
			}
			cJSON_Delete(json);
		}
		return;
	}
	for (p = def; *p; p += len + (p[len] == ',')) {
		len = strcspn(p, ",");
		n++;
	}
	for (i = 0; i < n && n > 1; i++) {
		size_t used = 0;
		int j = 0;

		changed[0] = '\0';
		for (p = def; *p; p += len + (p[len] == ','), j++) {
			len = strcspn(p, ",");
			if (j != i)
				used += (size_t)snprintf(changed + used,
				    sizeof changed - used, "%s%.*s", used ? "," :
				    "", (int)len, p);
		}
		if (!(json = ask(w, "defense", cJSON_CreateString(changed), NULL,
		    0)))
			continue;
		if ((at = column_at(w, json)) > w->at && w->at >= 0) {
			snprintf(what, sizeof what, "defending unit %d left "
			    "out (%s)", i + 1, changed);
			keep(w, 1, 0, at, json, odds_rule(json), what);
		} else
			cJSON_Delete(json);
	}
}

/* Each flag of the game's own crt options not given, set. */
static void
modifiers(struct wi *w)
{
	const struct opt *o;
	char field[64], flag[80];
	cJSON *json;
	int at;

	for (o = w->p->opts; o && o->id; o++) {
		opt_field(o, field);
		if (o->arg || cJSON_GetObjectItemCaseSensitive(w->req, field))
			continue;
		if (!(json = ask(w, field, cJSON_CreateTrue(), NULL, 0)))
			continue;
		if ((at = column_at(w, json)) >= 0 && w->at >= 0 && at != w->at) {
			snprintf(flag, sizeof flag, "--%s", o->long_name);
			keep(w, 0, 0, at, json, new_rule(w, json), flag);
		} else {
			cJSON_Delete(json);
		}
	}
}

/* Most columns gained first; then a modifier before less defense
 * before more attack, and the least strength first. */
static int
by_use(const void *a, const void *b)
{
	const struct wi_change *x = a, *y = b;

	if (x->gain != y->gain)
		return y->gain - x->gain;
	if (x->kind != y->kind)
		return x->kind - y->kind;
	return x->cost - y->cost;
}

static double
chance_of(const cJSON *json, const char *code)
{
	const cJSON *x;

	cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(json,
	    "outcomes"))
		if (strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
		    x, "code")) ? cJSON_GetStringValue(
		    cJSON_GetObjectItemCaseSensitive(x, "code")) : "", code) == 0)
			return cJSON_GetNumberValue(
			    cJSON_GetObjectItemCaseSensitive(x, "probability"));
	return 0;
}

/* "Co 17% -> 0%, Dr 17% -> 33%": the results whose chance changes, in
 * the order of either answer; and the same as JSON into arr. */
static void
outcome_changes(const cJSON *before, const cJSON *after, char *buf,
    size_t len, cJSON *arr)
{
	const cJSON *both[2] = { before, after }, *x;
	const char *code;
	size_t n = 0;
	double p0, p1;
	cJSON *o;
	int i;

	buf[0] = '\0';
	for (i = 0; i < 2; i++)
		cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(both[i],
		    "outcomes")) {
			code = cJSON_GetStringValue(
			    cJSON_GetObjectItemCaseSensitive(x, "code"));
			/* each code once: the second answer's new ones only */
			if (!code || listed(arr, "code", code) ||
			    (i == 1 && listed(cJSON_GetObjectItemCaseSensitive(
			    before, "outcomes"), "code", code)))
				continue;
			p0 = chance_of(before, code);
			p1 = chance_of(after, code);
			if (p0 - p1 < 1e-9 && p1 - p0 < 1e-9)
				continue;
			if (n < len)
				n += (size_t)snprintf(buf + n, len - n,
				    "%s%s %.0f%% -> %.0f%%", n ? ", " : "", code,
				    100 * p0, 100 * p1);
			o = json_object();
			json_set_str(o, "code", code);
			json_set_num(o, "before", p0);
			json_set_num(o, "after", p1);
			json_push(arr, o);
		}
}

static void
report(struct wi *w, struct out_result *o)
{
	cJSON *wi = json_object(), *arr = json_array(), *x, *res;
	char diff[512];
	int i;

	qsort(w->ch, (size_t)w->n, sizeof *w->ch, by_use);
	out_title(o, "%s: what would change this battle", w->g->title);
	out_step(o, odds_rule(w->base), "as it stands: column %s",
	    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(w->base,
	    "column")));
	for (i = 0; i < w->n; i++) {
		struct wi_change *ch = &w->ch[i];

		x = json_object();
		json_set_str(x, "kind", ch->kind == 0 ? "modifier" : ch->kind ==
		    1 ? "defense" : "attack");
		json_set_str(x, "change", ch->what);
		if (ch->kind)
			json_set_int(x, "strength", ch->cost);
		json_set_str(x, "column", ch->column);
		json_set_int(x, "columns", ch->gain);
		json_set_str(x, "rule", ch->rule);
		json_set(x, "outcomes", json_array());
		outcome_changes(w->base, ch->json, diff, sizeof diff,
		    cJSON_GetObjectItemCaseSensitive(x, "outcomes"));
		json_push(arr, x);
		out_step(o, ch->rule, "%d. %s: column %s (%+d)", i + 1, ch->what,
		    ch->column, ch->gain);
		if (diff[0])
			out_text(o, NULL, "     %s", diff);
	}
	if (w->n == 0)
		out_text(o, NULL, "no single change tried moves it to another "
		    "column");
	json_set_str(wi, "column", cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(w->base, "column")));
	json_set(wi, "outcomes", json_must(cJSON_Duplicate(
	    cJSON_GetObjectItemCaseSensitive(w->base, "outcomes"), 1)));
	json_set(wi, "changes", arr);
	json_set(o->json, "what_if", wi);
	res = json_object();
	json_set_str(res, "code", "what-if");
	json_set_str(res, "text", w->n ? w->ch[0].what : "no change found");
	json_set_str(res, "rule", w->n ? w->ch[0].rule : NULL);
	json_set(o->json, "result", res);
}

int
crt_whatif(struct ctx *c, const struct game *g, const cJSON *req,
    struct out_result *o)
{
	struct wi w = { .c = c, .g = g, .req = req };
	int i;

	if (!(w.p = game_proc(g, "crt")))
		return out_fail(o, ST_USAGE, "%s has no crt procedure", g->id);
	if (!(w.base = ask(&w, NULL, NULL, o->why, sizeof o->why)))
		return ST_USAGE;
	if ((w.at = column_at(&w, w.base)) < 0) {
		cJSON_Delete(w.base);
		return out_fail(o, ST_USAGE, "--what-if: this battle's result "
		    "is read on no column of a chart (an automatic result, or "
		    "a fight the game settles another way)");
	}
	modifiers(&w);
	less_defense(&w);
	more_attack(&w);
	report(&w, o);
	for (i = 0; i < w.n; i++)
		cJSON_Delete(w.ch[i].json);
	cJSON_Delete(w.base);
	return ST_OK;
}
