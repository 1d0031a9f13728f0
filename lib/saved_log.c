/*
 * saved_log.c: a saved game's steps: what a step replaced, kept in its log
 * entry under "undo", and put back by undo.
 *
 * For each unit a step changed, placed or removed, the entry keeps its
 * id, its place in the list and its old value (null for a unit the step
 * placed); for every other member of the position and of the game
 * (control, turn, phase, pending, dead, used, parts) the old value whole.
 * Undo puts those back and marks the entry undone, so the log still says
 * what was done and undone.  A record is checked before it is trusted:
 * one that would leave a file that no longer loads is refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "data.h"
#include "err.h"
#include "json.h"
#include "saved.h"
#include "saved_impl.h"
#include "state.h"

void
saved_begin(struct saved *sv)
{
	const char *const *k;

	cJSON_Delete(sv->before);
	sv->before = json_object();
	for (k = saved_step_keys; *k; k++) {
		const cJSON *v = cJSON_GetObjectItemCaseSensitive(sv->root, *k);

		if (v)
			json_set(sv->before, *k, json_must(cJSON_Duplicate(v, 1)));
	}
}

static int
index_of(const cJSON *arr, const char *id)
{
	const cJSON *u;
	int i = 0;

	cJSON_ArrayForEach(u, arr) {
		if (strcmp(saved_unit_id(u), id) == 0)
			return i;
		i++;
	}
	return -1;
}

/* One undo record of a unit: [id, its old place, its old value or null]. */
static void
unit_undo(cJSON *list, const char *id, int at, const cJSON *old)
{
	cJSON *r = json_array();

	json_push(r, cJSON_CreateString(id));
	json_push(r, cJSON_CreateNumber(at));
	json_push(r, old ? json_must(cJSON_Duplicate(old, 1)) :
	    cJSON_CreateNull());
	json_push(list, r);
}

/* The units the step changed: each old unit that differs or went, and
 * each new one (its old value null). */
static cJSON *
units_undo(const cJSON *was, const cJSON *now)
{
	cJSON *list = json_array();
	const cJSON *u, *n;
	int i = 0;

	cJSON_ArrayForEach(u, was) {
		n = NULL;
		if (index_of(now, saved_unit_id(u)) >= 0)
			n = cJSON_GetArrayItem(now, index_of(now, saved_unit_id(u)));
		if (!n || !cJSON_Compare(u, n, 1))
			unit_undo(list, saved_unit_id(u), i, u);
		i++;
	}
	cJSON_ArrayForEach(n, now)
		if (index_of(was, saved_unit_id(n)) < 0)
			unit_undo(list, saved_unit_id(n), -1, NULL);
	return list;
}

/* The position's changed members: units unit by unit, the rest whole. */
static cJSON *
position_undo(const cJSON *was, const cJSON *now)
{
	cJSON *u = json_object(), *units;
	const cJSON *v, *w;

	for (v = was->child; v; v = v->next) {
		w = cJSON_GetObjectItemCaseSensitive(now, v->string);
		if (strcmp(v->string, "units") == 0 && cJSON_IsArray(w)) {
			units = units_undo(v, w);
			if (cJSON_GetArraySize(units) > 0)
				json_set(u, "units", units);
			else
				cJSON_Delete(units);
		} else if (!w || !cJSON_Compare(v, w, 1))
			json_set(u, v->string, json_must(cJSON_Duplicate(v, 1)));
	}
	for (w = now->child; w; w = w->next)
		if (!cJSON_GetObjectItemCaseSensitive(was, w->string))
			json_set(u, w->string, cJSON_CreateNull());
	return u;
}

/* What the step replaced, or NULL when it changed nothing. */
static cJSON *
step_undo(const struct saved *sv)
{
	cJSON *u = json_object();
	const char *const *k;

	for (k = saved_step_keys; *k; k++) {
		const cJSON *was = cJSON_GetObjectItemCaseSensitive(sv->before, *k);
		const cJSON *now = cJSON_GetObjectItemCaseSensitive(sv->root, *k);

		if (was && now && strcmp(*k, "position") == 0) {
			cJSON *p = position_undo(was, now);

			if (p->child)
				json_set(u, *k, p);
			else
				cJSON_Delete(p);
		} else if (!was != !now || (was && !cJSON_Compare(was, now, 1)))
			json_set(u, *k, was ? json_must(cJSON_Duplicate(was, 1)) :
			    cJSON_CreateNull());
	}
	if (!u->child) {
		cJSON_Delete(u);
		return NULL;
	}
	return u;
}

static void
stamp(char buf[32])
{
	time_t t = time(NULL);
	struct tm tm;

	if (!gmtime_r(&t, &tm) || !strftime(buf, 32, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(buf, 32, "unknown");
}

static cJSON *
entry(const struct saved *sv, const char *what, const char *rule, int argc,
    char **argv, cJSON *undo)
{
	cJSON *e = json_object(), *cmd = json_array();
	char when[32];
	int i;

	stamp(when);
	json_set_int(e, "n", cJSON_GetArraySize(saved_log(sv)) + 1);
	json_set_str(e, "time", when);
	json_set_int(e, "turn", saved_turn(sv));
	json_set_str(e, "step", what);
	if (rule)
		json_set_str(e, "rule", rule);
	for (i = 0; i < argc; i++)
		json_push(cmd, cJSON_CreateString(argv[i]));
	json_set(e, "command", cmd);
	json_set(e, "undo", undo);
	return e;
}

static int
write_file(const struct saved *sv)
{
	char *text = cJSON_Print(sv->root);
	size_t len;
	int st;

	if (!text)
		return err(ST_SYS, "out of memory");
	len = strlen(text);
	text = err_realloc(text, len + 2);
	text[len++] = '\n';
	text[len] = '\0';
	st = state_write_atomic(sv->path, text, len);
	free(text);
	return st;
}

int
saved_commit(struct saved *sv, const char *what, const char *rule, int argc,
    char **argv)
{
	cJSON *undo;

	if (what) {
		if (!sv->before || !(undo = step_undo(sv)))
			return ST_OK;
		json_push(saved_log(sv), entry(sv, what, rule, argc, argv, undo));
	}
	return write_file(sv);
}

/* The old unit an undo record puts back at place i of the list, or NULL. */
static const cJSON *
old_at(const cJSON *recs, int i)
{
	const cJSON *r, *old;

	cJSON_ArrayForEach(r, recs) {
		old = cJSON_GetArrayItem(r, 2);
		if (cJSON_GetArrayItem(r, 1)->valueint == i && cJSON_IsObject(old))
			return old;
	}
	return NULL;
}

/*
 * Put the units of an undo record back: those the step changed out, then
 * the old ones in at their old places, the list rebuilt in order.  (Not
 * cJSON_InsertItemInArray: the Debian patch of 1.7.15 refuses a new item
 * anywhere but first, and leaks it.)
 */
static void
units_back(cJSON *units, const cJSON *recs)
{
	cJSON *rest = json_array(), *u;
	const cJSON *r, *old;
	int at, i, n;

	cJSON_ArrayForEach(r, recs)
		if ((at = index_of(units, cJSON_GetArrayItem(r, 0)->valuestring))
		    >= 0)
			cJSON_DeleteItemFromArray(units, at);
	while ((u = cJSON_DetachItemFromArray(units, 0)) != NULL)
		json_push(rest, u);
	n = cJSON_GetArraySize(rest) + cJSON_GetArraySize(recs);
	for (i = 0; i < n; i++) {
		if ((old = old_at(recs, i)))
			json_push(units, json_must(cJSON_Duplicate(old, 1)));
		else if (rest->child)
			json_push(units, cJSON_DetachItemFromArray(rest, 0));
	}
	cJSON_Delete(rest);
}

/* Put back one member of a record in obj: a null one removed. */
static void
member_back(cJSON *obj, const cJSON *v)
{
	if (cJSON_IsNull(v))
		cJSON_DeleteItemFromObjectCaseSensitive(obj, v->string);
	else if (cJSON_GetObjectItemCaseSensitive(obj, v->string))
		cJSON_ReplaceItemInObjectCaseSensitive(obj, v->string,
		    json_must(cJSON_Duplicate(v, 1)));
	else
		json_set(obj, v->string, json_must(cJSON_Duplicate(v, 1)));
}

/* Whether a member an undo record puts back has the shape check_root()
 * wants of the file's: a record naming another member, or putting back a
 * turn of "abc", would leave a file that no longer loads (found by
 * tests/fuzz/fuzz_saved.c). */
static int
undo_member_ok(const cJSON *v)
{
	int n;

	if (strcmp(v->string, "turn") == 0)
		return data_json_int(v, 1, 999, &n) == 0;
	if (strcmp(v->string, "phase") == 0)
		return data_json_int(v, 0, 99, &n) == 0;
	if (strcmp(v->string, "ended") == 0)
		return cJSON_IsBool(v) || cJSON_IsNull(v);
	if (strcmp(v->string, "used") == 0)
		return cJSON_IsArray(v);
	if (strcmp(v->string, "pending") == 0 || strcmp(v->string, "dead") == 0)
		return cJSON_IsNull(v) || saved_objects(v);
	if (strcmp(v->string, "parts") == 0 || strcmp(v->string,
	    "position") == 0)
		return cJSON_IsObject(v);
	return 0;
}

/* Check an undo record before trusting it: each member one a step may
 * change, in its shape; units as [id, n, obj|null]. */
static int
undo_ok(const cJSON *undo)
{
	const cJSON *p = cJSON_GetObjectItemCaseSensitive(undo, "position");
	const cJSON *units = cJSON_GetObjectItemCaseSensitive(p, "units"), *r;

	for (r = undo->child; r; r = r->next)
		if (!undo_member_ok(r))
			return 0;
	if (units && !cJSON_IsArray(units))
		return 0;
	cJSON_ArrayForEach(r, units)
		if (cJSON_GetArraySize(r) != 3 ||
		    !cJSON_IsString(cJSON_GetArrayItem(r, 0)) ||
		    !cJSON_IsNumber(cJSON_GetArrayItem(r, 1)))
			return 0;
	return 1;
}

static void
apply_undo(struct saved *sv, const cJSON *undo)
{
	cJSON *pos = saved_position(sv);
	const cJSON *p = cJSON_GetObjectItemCaseSensitive(undo, "position"), *v;

	for (v = undo->child; v; v = v->next)
		if (strcmp(v->string, "position") != 0)
			member_back(sv->root, v);
	if (!p)
		return;
	for (v = p->child; v; v = v->next) {
		if (strcmp(v->string, "units") == 0)
			units_back(cJSON_GetObjectItemCaseSensitive(pos, "units"), v);
		else
			member_back(pos, v);
	}
}

int
saved_undo(struct saved *sv, const cJSON **out)
{
	cJSON *e = NULL, *it, *undo;

	cJSON_ArrayForEach(it, saved_log(sv))
		if (cJSON_GetObjectItemCaseSensitive(it, "undo"))
			e = it;
	if (!e)
		return ST_NO;
	undo = cJSON_GetObjectItemCaseSensitive(e, "undo");
	if (!undo_ok(undo))
		return saved_bad(sv, "log", "undo records the way umpire writes them");
	/* units put back need a list to go in (the units pushed into none
	   leaked: tests/fuzz/fuzz_saved.c) */
	if (cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(
	    undo, "position"), "units") && !cJSON_IsArray(saved_units(sv)))
		return saved_bad(sv, "position: units", "an array of units");
	apply_undo(sv, undo);
	cJSON_DeleteItemFromObjectCaseSensitive(e, "undo");
	json_set_bool(e, "undone", 1);
	*out = e;
	return write_file(sv);
}
