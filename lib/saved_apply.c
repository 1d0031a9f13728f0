/*
 * saved_apply.c: effects applied to a saved game's position, and the
 * steps they leave open (saved_apply.h).  What an effect means in the
 * rules is the game's; here a unit is moved, marked, unmarked or taken
 * off, and an open step waits its turn.
 */
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "json.h"
#include "saved_apply.h"
#include "sequence.h"
#include "situation.h"

/* The root's array member key, made when missing. */
static cJSON *
root_array(struct saved *sv, const char *key)
{
	cJSON *a = cJSON_GetObjectItemCaseSensitive(sv->root, key);

	if (!cJSON_IsArray(a)) {
		cJSON_DeleteItemFromObjectCaseSensitive(sv->root, key);
		a = json_array();
		json_set(sv->root, key, a);
	}
	return a;
}

cJSON *
saved_pending(struct saved *sv)
{
	return root_array(sv, "pending");
}

cJSON *
saved_dead(struct saved *sv)
{
	return root_array(sv, "dead");
}

static const char *
str(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

static int
names_unit(const cJSON *p, const char *id)
{
	const cJSON *u;

	cJSON_ArrayForEach(u, cJSON_GetObjectItemCaseSensitive(p, "units"))
		if (cJSON_IsString(u) && strcmp(u->valuestring, id) == 0)
			return 1;
	return 0;
}

static int
optional(const cJSON *p)
{
	return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p, "optional"));
}

/* "retreat of 2 hexes (8.4) for eth-irr-a, eth-irr-b" */
static void
describe(const cJSON *p, char *buf, size_t len)
{
	const cJSON *u, *h = cJSON_GetObjectItemCaseSensitive(p, "hexes");
	size_t n;

	n = (size_t)snprintf(buf, len, "%s", str(p, "owe") ? str(p, "owe") :
	    "step");
	if (cJSON_IsNumber(h) && n < len)
		n += (size_t)snprintf(buf + n, len - n, " of %d hex%s",
		    h->valueint, h->valueint == 1 ? "" : "es");
	if (str(p, "rule") && n < len)
		n += (size_t)snprintf(buf + n, len - n, " (%s)", str(p, "rule"));
	cJSON_ArrayForEach(u, cJSON_GetObjectItemCaseSensitive(p, "units"))
		if (cJSON_IsString(u) && n < len)
			n += (size_t)snprintf(buf + n, len - n, "%s%s",
			    u == cJSON_GetObjectItemCaseSensitive(p, "units")->child ?
			    " for " : ", ", u->valuestring);
}

/*
 * The open entries are taken in order.  The first one that is not
 * optional blocks every step but its own; optional ones before the step
 * that does not take them are given up.
 */
int
saved_pending_check(struct saved *sv, const char *kind, const char *id,
    cJSON **take, int *dropped, char *why, size_t len)
{
	cJSON *list = saved_pending(sv), *p, *next;
	char what[256];

	*take = NULL;
	*dropped = 0;
	for (p = list->child; p; p = next) {
		next = p->next;
		if (kind && id && names_unit(p, id) && str(p, "owe") &&
		    strcmp(str(p, "owe"), kind) == 0) {
			*take = p;
			return ST_OK;
		}
		if (!optional(p))
			break;
	}
	if (p) {
		describe(p, what, sizeof what);
		snprintf(why, len, "saved game '%s' owes a %s first: the rules "
		    "take the steps of a result in order", sv->name, what);
		return ST_USAGE;
	}
	/* nothing required is open: the optional ones are given up */
	while (list->child) {
		cJSON_DeleteItemFromArray(list, 0);
		(*dropped)++;
	}
	return ST_OK;
}

/* Entry p out of the open steps. */
static void
drop(struct saved *sv, cJSON *p)
{
	cJSON *list = saved_pending(sv), *u;
	int i = 0;

	for (u = list->child; u && u != p; u = u->next)
		i++;
	if (u)
		cJSON_DeleteItemFromArray(list, i);
}

void
saved_pending_done(struct saved *sv, cJSON *p, const char *id)
{
	cJSON *units = cJSON_GetObjectItemCaseSensitive(p, "units");
	int i = 0;
	const cJSON *u;

	cJSON_ArrayForEach(u, units) {
		if (cJSON_IsString(u) && strcmp(u->valuestring, id) == 0) {
			cJSON_DeleteItemFromArray(units, i);
			break;
		}
		i++;
	}
	if (cJSON_GetArraySize(units) == 0)
		drop(sv, p);
}

static int
unit_index(struct saved *sv, const char *id)
{
	const cJSON *u;
	int i = 0;

	cJSON_ArrayForEach(u, saved_units(sv)) {
		if (strcmp(str(u, "id") ? str(u, "id") : "", id) == 0)
			return i;
		i++;
	}
	return -1;
}

/* What an effect does, or NULL when the engine knows no such effect. */
static const char *
verb(const cJSON *e)
{
	static const char *const verbs[] = { "remove", "to", "mark", "unmark",
	    "owe", "control", NULL };
	const char *const *v;

	for (v = verbs; *v; v++)
		if (cJSON_GetObjectItemCaseSensitive(e, *v))
			return *v;
	return NULL;
}

static int
has_marker(const cJSON *unit, const char *m)
{
	const cJSON *x;

	if (!m)
		return 0;
	cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(unit, "markers"))
		if (cJSON_IsString(x) && strcmp(x->valuestring, m) == 0)
			return 1;
	return 0;
}

/* Refuse an effect before anything is applied. */
static int
check(struct saved *sv, const cJSON *e, char *why, size_t len)
{
	const char *v = verb(e), *id = str(e, "unit");
	const cJSON *u;

	if (!cJSON_IsObject(e) || !v)
		return snprintf(why, len, "an effect the engine does not know "
		    "(expected remove, to, mark, unmark, owe or control)"),
		    ST_USAGE;
	if (strcmp(v, "control") == 0) {
		if (!str(e, "control") ||
		    !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(e, "hexes")))
			return snprintf(why, len, "a change of hands needs its "
			    "side and its hexes"), ST_USAGE;
		cJSON_ArrayForEach(u, cJSON_GetObjectItemCaseSensitive(e, "hexes"))
			if (!cJSON_IsString(u))
				return snprintf(why, len, "a change of hands names "
				    "its hexes by id"), ST_USAGE;
		return ST_OK;
	}
	if (strcmp(v, "owe") == 0) {
		if (!str(e, "owe") ||
		    !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(e, "units")))
			return snprintf(why, len, "an owed step needs its kind "
			    "and its units"), ST_USAGE;
		cJSON_ArrayForEach(u, cJSON_GetObjectItemCaseSensitive(e, "units"))
			if (!cJSON_IsString(u) || unit_index(sv, u->valuestring) < 0)
				return snprintf(why, len, "an owed step names no unit "
				    "of saved game '%s'", sv->name), ST_USAGE;
		return ST_OK;
	}
	if (!id || unit_index(sv, id) < 0)
		return snprintf(why, len, "no unit '%s' in saved game '%s'",
		    id ? id : "", sv->name), ST_USAGE;
	if (strcmp(v, "mark") == 0 && !has_marker(saved_unit(sv, id),
	    str(e, v)) && cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(
	    saved_unit(sv, id), "markers")) >= UNIT_MAX_MARKERS)
		return snprintf(why, len, "unit '%s' carries %d markers, the most "
		    "a unit may: no room for '%s'", id, UNIT_MAX_MARKERS,
		    str(e, v)), ST_USAGE;
	if (strcmp(v, "remove") != 0 && !str(e, v))
		return snprintf(why, len, "%s: expected a word for unit '%s'", v,
		    id), ST_USAGE;
	return ST_OK;
}

static void
mark(cJSON *unit, const char *m, int on)
{
	cJSON *ms = cJSON_GetObjectItemCaseSensitive(unit, "markers");
	const cJSON *x;
	int i = 0;

	if (!cJSON_IsArray(ms)) {
		if (!on)
			return;
		ms = json_array();
		json_set(unit, "markers", ms);
	}
	cJSON_ArrayForEach(x, ms) {
		if (cJSON_IsString(x) && strcmp(x->valuestring, m) == 0)
			break;
		i++;
	}
	if (on && !x)
		json_push(ms, cJSON_CreateString(m));
	else if (!on && x)
		cJSON_DeleteItemFromArray(ms, i);
	if (!on && cJSON_GetArraySize(ms) == 0)
		cJSON_DeleteItemFromObjectCaseSensitive(unit, "markers");
}

/* Off the map, into the dead pile with the turn it died in and the rule
 * that took it off (a victory count may leave out a unit that only left
 * the map); a dead unit owes no step. */
static void
remove_unit(struct saved *sv, const char *id, const char *rule)
{
	cJSON *u = cJSON_DetachItemFromArray(saved_units(sv),
	    unit_index(sv, id)), *p, *next;

	json_set_int(u, "died", saved_turn(sv));
	if (rule)
		json_set_str(u, "rule", rule);
	json_push(saved_dead(sv), u);
	for (p = saved_pending(sv)->child; p; p = next) {
		next = p->next;
		if (names_unit(p, id))
			saved_pending_done(sv, p, id);
	}
}

static void
apply_one(struct saved *sv, const cJSON *e)
{
	const char *v = verb(e), *id = str(e, "unit");
	cJSON *u;

	if (strcmp(v, "owe") == 0) {
		json_push(saved_pending(sv), json_must(cJSON_Duplicate(e, 1)));
		return;
	}
	if (strcmp(v, "control") == 0) {
		cJSON_ArrayForEach(u, cJSON_GetObjectItemCaseSensitive(e,
		    "hexes"))
			saved_control_set_id(sv, u->valuestring, str(e,
			    "control"));
		return;
	}
	if (unit_index(sv, id) < 0)
		return;		/* removed by an earlier effect */
	if (strcmp(v, "remove") == 0) {
		remove_unit(sv, id, str(e, "rule"));
		return;
	}
	u = saved_unit(sv, id);
	if (strcmp(v, "to") == 0)
		cJSON_ReplaceItemInObjectCaseSensitive(u, "hex",
		    cJSON_CreateString(str(e, "to")));
	else
		mark(u, str(e, v), strcmp(v, "mark") == 0);
}

cJSON *
saved_effect(cJSON *fx, const char *id, const char *verb, const char *word,
    const char *rule)
{
	cJSON *e = json_object();

	json_set_str(e, "unit", id);
	if (word)
		json_set_str(e, verb, word);
	else
		json_set_bool(e, verb, 1);
	if (rule)
		json_set_str(e, "rule", rule);
	json_push(fx, e);
	return e;
}

/* An effect of a word and a list: {verb: word, key: list, "rule"}. */
static cJSON *
listing(cJSON *fx, const char *verb, const char *word, const char *key,
    cJSON *list, const char *rule)
{
	cJSON *e = json_object();

	json_set_str(e, verb, word);
	json_set(e, key, list);
	if (rule)
		json_set_str(e, "rule", rule);
	json_push(fx, e);
	return e;
}

cJSON *
saved_control_effect(cJSON *fx, const char *side, cJSON *hexes,
    const char *rule)
{
	return listing(fx, "control", side, "hexes", hexes, rule);
}

cJSON *
saved_owe(cJSON *fx, const char *kind, cJSON *units, const char *rule)
{
	return listing(fx, "owe", kind, "units", units, rule);
}

int
saved_apply(struct saved *sv, const cJSON *effects, char *why, size_t len)
{
	const cJSON *e;
	int st;

	if (!cJSON_IsArray(effects))
		return snprintf(why, len, "the result has no effects to apply"),
		    ST_USAGE;
	cJSON_ArrayForEach(e, effects)
		if ((st = check(sv, e, why, len)) != ST_OK)
			return st;
	cJSON_ArrayForEach(e, effects)
		apply_one(sv, e);
	return ST_OK;
}

int
saved_step_check(struct saved *sv, const struct saved_step *s, int *dropped,
    cJSON **take, char *why, size_t len)
{
	int st, i;

	*dropped = 0;
	*take = NULL;
	why[0] = '\0';
	if (saved_ended(sv))
		return snprintf(why, len, "saved game '%s' has ended (umpire "
		    "game undo reopens it)", sv->name), ST_USAGE;
	if (s->procedure && (st = sequence_check_side(s->ctx, sv, s->procedure,
	    s->side, why, len)) != ST_OK)
		return st;
	if ((st = saved_pending_check(sv, s->take, s->unit, take, dropped, why,
	    len)) != ST_OK)
		return st;
	if (s->take && !*take)
		return snprintf(why, len, "saved game '%s' owes no %s for '%s'",
		    sv->name, s->take, s->unit), ST_USAGE;
	for (i = 0; *take && i < s->nalso; i++)
		if (!names_unit(*take, s->also[i]))
			return snprintf(why, len, "'%s' owes no part of the %s '%s' "
			    "owes", s->also[i], s->take, s->unit), ST_USAGE;
	return ST_OK;
}

int
saved_step(struct saved *sv, const struct saved_step *s, int *dropped,
    char *why, size_t len)
{
	cJSON *take;
	int st, i;

	saved_begin(sv);
	if ((st = saved_step_check(sv, s, dropped, &take, why, len)) != ST_OK)
		return st;
	/* the entry is taken before the effects: a unit they remove takes
	 * itself off every entry, and so might free this one; s->unit last,
	 * as the entry goes with its last unit */
	for (i = 0; take && !s->whole && i < s->nalso; i++)
		saved_pending_done(sv, take, s->also[i]);
	if (take && s->whole)
		drop(sv, take);
	else if (take)
		saved_pending_done(sv, take, s->unit);
	if ((st = saved_apply(sv, s->effects, why, len)) != ST_OK)
		return st;
	return saved_commit(sv, s->what, s->rule, s->argc, s->argv);
}

/* The loss entry first in the open steps, or NULL with why[]. */
static cJSON *
owed_loss(struct saved *sv, char *why, size_t len)
{
	cJSON *p = saved_pending(sv)->child;
	char what[256];

	for (; p && optional(p); p = p->next)
		;
	if (p && str(p, "owe") && strcmp(str(p, "owe"), "loss") == 0)
		return p;
	if (!p)
		snprintf(why, len, "saved game '%s' owes no loss", sv->name);
	else {
		describe(p, what, sizeof what);
		snprintf(why, len, "saved game '%s' owes a %s first", sv->name,
		    what);
	}
	return NULL;
}

/* Each id the entry's, once; *total what they pay: their "values" in
 * the entry where the game gives them (a defender's loss counts defense
 * factors, toto 12.19), else their strengths. */
static int
loss_units(struct saved *sv, const cJSON *p, char *const *ids, int n,
    int *total, char *why, size_t len)
{
	const cJSON *u, *s, *values = cJSON_GetObjectItemCaseSensitive(p,
	    "values");
	int i, j;

	*total = 0;
	for (i = 0; i < n; i++) {
		for (j = 0; j < i && strcmp(ids[j], ids[i]) != 0; j++)
			;
		if (j < i)
			return snprintf(why, len, "unit '%s' named twice", ids[i]),
			    ST_USAGE;
		if (!names_unit(p, ids[i]) || !(u = saved_unit(sv, ids[i])))
			return snprintf(why, len, "'%s' is not one of the units "
			    "that owe the loss", ids[i]), ST_USAGE;
		s = cJSON_IsObject(values) ? cJSON_GetObjectItemCaseSensitive(
		    values, ids[i]) : cJSON_GetObjectItemCaseSensitive(u,
		    "strength");
		*total += cJSON_IsNumber(s) ? s->valueint : 0;
	}
	return ST_OK;
}

int
saved_loss(struct saved *sv, char *const *ids, int n, int argc, char **argv,
    char *why, size_t len)
{
	const cJSON *cf, *count;
	cJSON *p, *fx;
	char what[256], rule[64];
	int total, need, i, st, dropped;
	size_t k;
	struct saved_step s = { .what = what, .argc = argc, .argv = argv };

	why[0] = '\0';
	if (!(p = owed_loss(sv, why, len)))
		return ST_USAGE;
	cf = cJSON_GetObjectItemCaseSensitive(p, "cf");
	need = cJSON_IsNumber(cf) ? cf->valueint : 0;
	if ((st = loss_units(sv, p, ids, n, &total, why, len)) != ST_OK)
		return st;
	count = cJSON_GetObjectItemCaseSensitive(p, "count");
	if (cJSON_IsNumber(count) && n != count->valueint)
		return snprintf(why, len, "the loss is %d unit%s, and %d %s named "
		    "(%s)", count->valueint, count->valueint == 1 ? "" : "s", n,
		    n == 1 ? "is" : "are", str(p, "rule") ? str(p, "rule") :
		    "the loss"), ST_USAGE;
	if (total < need && n < cJSON_GetArraySize(
	    cJSON_GetObjectItemCaseSensitive(p, "units")))
		return snprintf(why, len, "the units named add up to %d, and %d "
		    "is owed (%s)", total, need, str(p, "rule") ? str(p, "rule") :
		    "the loss"), ST_USAGE;
	fx = json_array();
	k = (size_t)snprintf(what, sizeof what, "loss of %d owed:", need);
	for (i = 0; i < n; i++) {
		saved_effect(fx, ids[i], "remove", NULL, NULL);
		if (k < sizeof what)
			k += (size_t)snprintf(what + k, sizeof what - k, "%s %s",
			    i ? "," : "", ids[i]);
	}
	/* the rule outlives the entry, which the step takes away */
	snprintf(rule, sizeof rule, "%s", str(p, "rule") ? str(p, "rule") : "");
	s.effects = fx;
	s.rule = rule[0] ? rule : NULL;
	s.take = "loss";
	s.unit = ids[0];
	s.whole = 1;		/* the loss is paid once, by all it names */
	st = saved_step(sv, &s, &dropped, why, len);
	cJSON_Delete(fx);
	return st;
}
