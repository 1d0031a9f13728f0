/*
 * saved.c: the saved game's file: open, check, write, and the undo log.
 *
 * A step's log entry keeps, under "undo", what the step replaced: for each
 * unit it changed, placed or removed, its id, its place in the list and
 * its old value (null for a unit the step placed); for every other member
 * of the position and of the game (control, turn, phase, pending, dead,
 * used, parts) the old value whole.  Undo puts those back and marks the entry undone, so
 * the log still says what was done and undone.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "data.h"
#include "err.h"
#include "json.h"
#include "saved.h"
#include "state.h"

/* The members of a saved game, in the order written. */
static const char *const top_keys[] = { "format", "name", "game", "map",
    "turn", "phase", "ended", "position", "pending", "dead", "used", "parts",
    "log", NULL };
/* Those a step may change, and undo put back (the log is the undo). */
static const char *const step_keys[] = { "turn", "phase", "ended",
    "position", "pending", "dead", "used", "parts", NULL };

int
saved_name_ok(const char *name)
{
	const char *p;

	if (!name || !*name || *name == '-' || strlen(name) >= SAVED_NAME_MAX)
		return 0;
	for (p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
			return 0;
	return 1;
}

int
saved_dir(char path[PATH_MAX])
{
	char base[PATH_MAX];

	if (data_state_dir(base) < 0)
		return err(ST_SYS, "no folder for saved games: XDG_STATE_HOME and "
		    "HOME are unset or not absolute paths (set one of them)");
	if (snprintf(path, PATH_MAX, "%s/games", base) >= PATH_MAX)
		return err(ST_SYS, "path too long: '%s/games'", base);
	return ST_OK;
}

static int
paths(struct saved *sv, const char *name)
{
	char dir[PATH_MAX];
	int st;

	memset(sv, 0, sizeof *sv);
	sv->fd = -1;
	if (!saved_name_ok(name))
		return err(ST_USAGE, "not a saved game's name (letters, digits, "
		    "'-' and '_', up to %d): '%s'", SAVED_NAME_MAX - 1, name);
	snprintf(sv->name, sizeof sv->name, "%s", name);
	if ((st = saved_dir(dir)) != ST_OK)
		return st;
	if (snprintf(sv->path, sizeof sv->path, "%s/%s.json", dir, name) >=
	    PATH_MAX || snprintf(sv->lock, sizeof sv->lock, "%s/%s.lock", dir,
	    name) >= PATH_MAX)
		return err(ST_SYS, "path too long under '%s'", dir);
	return ST_OK;
}

static int
lock(struct saved *sv)
{
	char what[SAVED_NAME_MAX + 16];
	double timeout;
	int st;

	if ((st = state_lock_timeout(&timeout)) != ST_OK)
		return st;
	snprintf(what, sizeof what, "saved game '%s'", sv->name);
	return state_lock(sv->lock, what, timeout, &sv->fd);
}

static int
bad(const struct saved *sv, const char *member, const char *expected)
{
	return err(ST_DATA, "%s: %s: expected %s (the file is left as it is)",
	    sv->path, member, expected);
}

static int
check_int(const struct saved *sv, const char *key, int lo, int hi)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(sv->root, key);
	int n;
	char what[64];

	if (data_json_int(v, lo, hi, &n) == 0)
		return ST_OK;
	snprintf(what, sizeof what, "a whole number from %d to %d", lo, hi);
	return bad(sv, key, what);
}

/* The log's entries: objects, each undone or with its undo object. */
static int
check_log(const struct saved *sv)
{
	const cJSON *log = cJSON_GetObjectItemCaseSensitive(sv->root, "log");
	const cJSON *e, *u;

	if (!cJSON_IsArray(log))
		return bad(sv, "log", "an array of steps");
	cJSON_ArrayForEach(e, log) {
		u = cJSON_GetObjectItemCaseSensitive(e, "undo");
		if (!cJSON_IsObject(e) || !cJSON_IsString(
		    cJSON_GetObjectItemCaseSensitive(e, "step")) ||
		    (u && !cJSON_IsObject(u)))
			return bad(sv, "log", "steps, each an object with a "
			    "\"step\" text and its \"undo\" object");
	}
	return ST_OK;
}

static int
objects(const cJSON *v)
{
	const cJSON *e;

	if (!cJSON_IsArray(v))
		return 0;
	cJSON_ArrayForEach(e, v)
		if (!cJSON_IsObject(e))
			return 0;
	return 1;
}

/* An optional list of objects (saved_apply.h): the open steps, the dead
 * pile. */
static int
check_list(const struct saved *sv, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(sv->root, key);

	if (v && !objects(v))
		return bad(sv, key, "an array of objects");
	return ST_OK;
}

/* The shape of the file; what the position means is saved_situation's. */
static int
check_root(const struct saved *sv)
{
	const cJSON *r = sv->root, *v;
	const char *const *k;
	int st;

	if (!cJSON_IsObject(r))
		return bad(sv, "saved game", "an object");
	for (v = r->child; v; v = v->next) {
		for (k = top_keys; *k && strcmp(*k, v->string) != 0; k++)
			;
		if (!*k)
			return err(ST_DATA, "%s: unknown member: '%s' (the file "
			    "is left as it is)", sv->path, v->string);
	}
	v = cJSON_GetObjectItemCaseSensitive(r, "format");
	if (!cJSON_IsString(v) || strcmp(v->valuestring, SAVED_FORMAT) != 0)
		return bad(sv, "format", "\"" SAVED_FORMAT "\"");
	if (!cJSON_IsString(cJSON_GetObjectItemCaseSensitive(r, "game")))
		return bad(sv, "game", "a game id");
	v = cJSON_GetObjectItemCaseSensitive(r, "map");
	if (!cJSON_IsString(v) || !*v->valuestring)
		return bad(sv, "map", "a map's name or path");
	if ((st = check_int(sv, "turn", 1, 999)) != ST_OK ||
	    (st = check_int(sv, "phase", 0, 99)) != ST_OK)
		return st;
	v = cJSON_GetObjectItemCaseSensitive(r, "ended");
	if (v && !cJSON_IsBool(v))
		return bad(sv, "ended", "true or false");
	if (!cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(r, "position")))
		return bad(sv, "position", "a situation object");
	if (!cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(r, "used")))
		return bad(sv, "used", "an array");
	if ((st = check_list(sv, "pending")) != ST_OK ||
	    (st = check_list(sv, "dead")) != ST_OK)
		return st;
	if (!cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(r, "parts")))
		return bad(sv, "parts", "an object");
	return check_log(sv);
}

static void
ensure_list(cJSON *root, const char *key)
{
	if (!cJSON_GetObjectItemCaseSensitive(root, key))
		json_set(root, key, json_array());
}

static int
load(struct saved *sv)
{
	char *text, why[256];
	size_t len;
	int st;

	st = state_read(sv->path, SAVED_MAX_BYTES, &text, &len, why, sizeof why);
	if (st == ST_NO)
		return err(ST_NO, "no saved game '%s' (umpire game list shows "
		    "them; umpire game new %s -g GAME --map MAP starts one)",
		    sv->name, sv->name);
	if (st != ST_OK)
		return err(st, "%s: %s", sv->path, why);
	st = data_parse_json(text, len, &sv->root, why, sizeof why);
	free(text);
	if (st < 0)
		return err(ST_DATA, "%s: %s (the file is left as it is)",
		    sv->path, why);
	if ((st = check_root(sv)) != ST_OK)
		return st;
	/* a file of before the open steps and the dead pile gets them here,
	 * so that no step counts their making as a change */
	ensure_list(sv->root, "pending");
	ensure_list(sv->root, "dead");
	return ST_OK;
}

int
saved_open(struct saved *sv, const char *name, int locked)
{
	int st;

	if ((st = paths(sv, name)) != ST_OK)
		return st;
	if (locked && (st = lock(sv)) != ST_OK)
		return st;
	return load(sv);
}

int
saved_create(struct saved *sv, const char *name, cJSON *root)
{
	struct stat s;
	int st;

	if ((st = paths(sv, name)) != ST_OK) {
		cJSON_Delete(root);
		return st;
	}
	sv->root = root;
	if ((st = lock(sv)) != ST_OK)
		return st;
	/* anything at the path counts, a dangling link too: never replaced */
	if (lstat(sv->path, &s) == 0 || errno != ENOENT)
		return err(ST_USAGE, "a saved game '%s' exists already (umpire "
		    "game show %s; umpire game end %s removes it)", name, name,
		    name);
	return saved_commit(sv, NULL, NULL, 0, NULL);
}

void
saved_close(struct saved *sv)
{
	state_unlock(sv->fd);
	sv->fd = -1;
	cJSON_Delete(sv->root);
	cJSON_Delete(sv->before);
	sv->root = sv->before = NULL;
}

int
saved_remove(const char *name)
{
	struct saved sv;
	int st;

	if ((st = saved_open(&sv, name, 1)) == ST_OK && unlink(sv.path) < 0)
		st = err_sys("cannot remove '%s'", sv.path);
	saved_close(&sv);
	return st;
}

cJSON *
saved_new_root(const char *name, const char *game, const char *map,
    cJSON *position)
{
	cJSON *r = json_object();

	json_set_str(r, "format", SAVED_FORMAT);
	json_set_str(r, "name", name);
	json_set_str(r, "game", game);
	json_set_str(r, "map", map);
	json_set_int(r, "turn", 1);
	json_set_int(r, "phase", 0);
	json_set(r, "position", position);
	json_set(r, "pending", json_array());
	json_set(r, "dead", json_array());
	json_set(r, "used", json_array());
	json_set(r, "parts", json_object());
	json_set(r, "log", json_array());
	return r;
}

static const char *
str_of(const struct saved *sv, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(sv->root, key);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

const char *saved_game(const struct saved *sv) { return str_of(sv, "game"); }
const char *saved_map(const struct saved *sv) { return str_of(sv, "map"); }

cJSON *
saved_position(const struct saved *sv)
{
	return cJSON_GetObjectItemCaseSensitive(sv->root, "position");
}

cJSON *
saved_units(const struct saved *sv)
{
	return cJSON_GetObjectItemCaseSensitive(saved_position(sv), "units");
}

static const char *
unit_id(const cJSON *u)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(u, "id");

	return cJSON_IsString(v) ? v->valuestring : "";
}

cJSON *
saved_unit(const struct saved *sv, const char *id)
{
	cJSON *u;

	cJSON_ArrayForEach(u, saved_units(sv))
		if (strcmp(unit_id(u), id) == 0)
			return u;
	return NULL;
}

int
saved_turn(const struct saved *sv)
{
	return cJSON_GetObjectItemCaseSensitive(sv->root, "turn")->valueint;
}

int
saved_ended(const struct saved *sv)
{
	return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(sv->root, "ended"));
}

cJSON *
saved_log(const struct saved *sv)
{
	return cJSON_GetObjectItemCaseSensitive(sv->root, "log");
}

int
saved_read_position(const struct saved *sv, const struct map *m,
    const struct situation_rules *rules, struct situation **out, char *why,
    size_t whylen)
{
	char *text = cJSON_PrintUnformatted(saved_position(sv));
	int bad;

	if (!text)
		return err(ST_SYS, "out of memory");
	*out = NULL;
	bad = situation_parse(text, strlen(text), m, out, why, whylen) < 0 ||
	    (rules && situation_check(*out, m, rules, why, whylen) < 0);
	free(text);
	if (!bad)
		return ST_OK;
	situation_free(*out);
	*out = NULL;
	return ST_DATA;
}

int
saved_situation(const struct saved *sv, const struct map *m,
    const struct situation_rules *rules, struct situation **out)
{
	char why[512];
	int st = saved_read_position(sv, m, rules, out, why, sizeof why);

	if (st == ST_DATA)
		return err(ST_DATA, "%s: position: %s", sv->path, why);
	return st;
}

void
saved_begin(struct saved *sv)
{
	const char *const *k;

	cJSON_Delete(sv->before);
	sv->before = json_object();
	for (k = step_keys; *k; k++) {
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
		if (strcmp(unit_id(u), id) == 0)
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
		if (index_of(now, unit_id(u)) >= 0)
			n = cJSON_GetArrayItem(now, index_of(now, unit_id(u)));
		if (!n || !cJSON_Compare(u, n, 1))
			unit_undo(list, unit_id(u), i, u);
		i++;
	}
	cJSON_ArrayForEach(n, now)
		if (index_of(was, unit_id(n)) < 0)
			unit_undo(list, unit_id(n), -1, NULL);
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

	for (k = step_keys; *k; k++) {
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
	text = xrealloc(text, len + 2);
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
		return cJSON_IsNull(v) || objects(v);
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
		return bad(sv, "log", "undo records the way umpire writes them");
	/* units put back need a list to go in (the units pushed into none
	   leaked: tests/fuzz/fuzz_saved.c) */
	if (cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(
	    undo, "position"), "units") && !cJSON_IsArray(saved_units(sv)))
		return bad(sv, "position: units", "an array of units");
	apply_undo(sv, undo);
	cJSON_DeleteItemFromObjectCaseSensitive(e, "undo");
	json_set_bool(e, "undone", 1);
	*out = e;
	return write_file(sv);
}

/* Drop hex id from every side's array of control. */
static void
control_drop(cJSON *control, const char *id)
{
	cJSON *side, *h, *next;

	cJSON_ArrayForEach(side, control)
		for (h = side->child; h; h = next) {
			next = h->next;
			if (cJSON_IsString(h) && strcmp(h->valuestring, id) == 0)
				cJSON_Delete(cJSON_DetachItemViaPointer(side, h));
		}
}

int
saved_control_set(struct saved *sv, const struct map *m, int idx,
    const char *side)
{
	cJSON *pos = saved_position(sv), *control, *arr;
	char id[HEX_IDLEN];

	map_hex_id(m, idx, id);
	control = cJSON_GetObjectItemCaseSensitive(pos, "control");
	if (!control)
		json_set(pos, "control", control = json_object());
	control_drop(control, id);
	if (!side)
		return ST_OK;
	if (!(arr = cJSON_GetObjectItemCaseSensitive(control, side)))
		json_set(control, side, arr = json_array());
	json_push(arr, cJSON_CreateString(id));
	return ST_OK;
}

void
saved_control_normalise(struct saved *sv, const struct map *m,
    const struct situation *sit)
{
	cJSON *pos = saved_position(sv), *control, *arr;
	char id[HEX_IDLEN];
	const char *side;
	int i;

	if (!cJSON_GetObjectItemCaseSensitive(pos, "control"))
		return;
	cJSON_DeleteItemFromObjectCaseSensitive(pos, "control");
	json_set(pos, "control", control = json_object());
	for (i = 0; i < map_size(m); i++) {
		if (!(side = situation_control(sit, i)))
			continue;
		if (!(arr = cJSON_GetObjectItemCaseSensitive(control, side)))
			json_set(control, side, arr = json_array());
		map_hex_id(m, i, id);
		json_push(arr, cJSON_CreateString(id));
	}
}

int
saved_names(const char *dir, char ***names, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t len, cap = 0;
	char name[SAVED_NAME_MAX];

	*names = NULL;
	*n = 0;
	if (!d)
		return errno == ENOENT ? ST_OK : err_sys("cannot read '%s'", dir);
	while ((e = readdir(d)) != NULL) {
		len = strlen(e->d_name);
		if (len <= 5 || len - 5 >= SAVED_NAME_MAX ||
		    strcmp(e->d_name + len - 5, ".json") != 0)
			continue;
		snprintf(name, sizeof name, "%.*s", (int)(len - 5), e->d_name);
		if (!saved_name_ok(name))
			continue;
		if (*n == cap)
			*names = xrealloc(*names, (cap = cap ? 2 * cap : 8) *
			    sizeof **names);
		(*names)[(*n)++] = xstrdup(name);
	}
	closedir(d);
	return ST_OK;
}

int
saved_move_unit(struct saved *sv, const char *id, const char *hex)
{
	cJSON *u = saved_unit(sv, id);

	if (!u)
		return err(ST_USAGE, "no unit '%s' in saved game '%s'", id,
		    sv->name);
	/* a unit of no hex yet gets one (replacing none leaked the new
	   item: tests/fuzz/fuzz_saved.c) */
	if (cJSON_GetObjectItemCaseSensitive(u, "hex"))
		cJSON_ReplaceItemInObjectCaseSensitive(u, "hex",
		    cJSON_CreateString(hex));
	else
		json_set_str(u, "hex", hex);
	return ST_OK;
}
