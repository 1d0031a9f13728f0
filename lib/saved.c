/*
 * saved.c: the saved game's file: its name and folder, open and check,
 * create, remove, and what it holds (the position, the turn); the log and
 * its undo are saved_log.c's.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "data.h"
#include "err.h"
#include "json.h"
#include "saved.h"
#include "saved_impl.h"
#include "state.h"

/* The members of a saved game, in the order written. */
static const char *const top_keys[] = { "format", "name", "game", "map",
    "turn", "phase", "ended", "position", "pending", "dead", "used", "parts",
    "log", NULL };
/* Those a step may change, and undo put back (the log is the undo). */
const char *const saved_step_keys[] = { "turn", "phase", "ended",
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

int
saved_bad(const struct saved *sv, const char *member, const char *expected)
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
	return saved_bad(sv, key, what);
}

/* The log's entries: objects, each undone or with its undo object. */
static int
check_log(const struct saved *sv)
{
	const cJSON *log = cJSON_GetObjectItemCaseSensitive(sv->root, "log");
	const cJSON *e, *u;

	if (!cJSON_IsArray(log))
		return saved_bad(sv, "log", "an array of steps");
	cJSON_ArrayForEach(e, log) {
		u = cJSON_GetObjectItemCaseSensitive(e, "undo");
		if (!cJSON_IsObject(e) || !cJSON_IsString(
		    cJSON_GetObjectItemCaseSensitive(e, "step")) ||
		    (u && !cJSON_IsObject(u)))
			return saved_bad(sv, "log", "steps, each an object with a "
			    "\"step\" text and its \"undo\" object");
	}
	return ST_OK;
}

int
saved_objects(const cJSON *v)
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

	if (v && !saved_objects(v))
		return saved_bad(sv, key, "an array of objects");
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
		return saved_bad(sv, "saved game", "an object");
	for (v = r->child; v; v = v->next) {
		for (k = top_keys; *k && strcmp(*k, v->string) != 0; k++)
			;
		if (!*k)
			return err(ST_DATA, "%s: unknown member: '%s' (the file "
			    "is left as it is)", sv->path, v->string);
	}
	v = cJSON_GetObjectItemCaseSensitive(r, "format");
	if (!cJSON_IsString(v) || strcmp(v->valuestring, SAVED_FORMAT) != 0)
		return saved_bad(sv, "format", "\"" SAVED_FORMAT "\"");
	if (!cJSON_IsString(cJSON_GetObjectItemCaseSensitive(r, "game")))
		return saved_bad(sv, "game", "a game id");
	v = cJSON_GetObjectItemCaseSensitive(r, "map");
	if (!cJSON_IsString(v) || !*v->valuestring)
		return saved_bad(sv, "map", "a map's name or path");
	if ((st = check_int(sv, "turn", 1, 999)) != ST_OK ||
	    (st = check_int(sv, "phase", 0, 99)) != ST_OK)
		return st;
	v = cJSON_GetObjectItemCaseSensitive(r, "ended");
	if (v && !cJSON_IsBool(v))
		return saved_bad(sv, "ended", "true or false");
	if (!cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(r, "position")))
		return saved_bad(sv, "position", "a situation object");
	if (!cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(r, "used")))
		return saved_bad(sv, "used", "an array");
	if ((st = check_list(sv, "pending")) != ST_OK ||
	    (st = check_list(sv, "dead")) != ST_OK)
		return st;
	if (!cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(r, "parts")))
		return saved_bad(sv, "parts", "an object");
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

const char *
saved_unit_id(const cJSON *u)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(u, "id");

	return cJSON_IsString(v) ? v->valuestring : "";
}

cJSON *
saved_unit(const struct saved *sv, const char *id)
{
	cJSON *u;

	cJSON_ArrayForEach(u, saved_units(sv))
		if (strcmp(saved_unit_id(u), id) == 0)
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
	char id[HEX_IDLEN];

	map_hex_id(m, idx, id);
	saved_control_set_id(sv, id, side);
	return ST_OK;
}

void
saved_control_set_id(struct saved *sv, const char *id, const char *side)
{
	cJSON *pos = saved_position(sv), *control, *arr;

	control = cJSON_GetObjectItemCaseSensitive(pos, "control");
	if (!control)
		json_set(pos, "control", control = json_object());
	control_drop(control, id);
	if (!side)
		return;
	if (!(arr = cJSON_GetObjectItemCaseSensitive(control, side)))
		json_set(control, side, arr = json_array());
	json_push(arr, cJSON_CreateString(id));
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
			*names = err_realloc(*names, (cap = cap ? 2 * cap : 8) *
			    sizeof **names);
		(*names)[(*n)++] = err_strdup(name);
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

cJSON *
saved_part(const struct saved *sv, const char *name)
{
	return cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(
	    sv->root, "parts"), name);
}

void
saved_part_set(struct saved *sv, const char *name, cJSON *val)
{
	cJSON *p = cJSON_GetObjectItemCaseSensitive(sv->root, "parts");

	if (cJSON_GetObjectItemCaseSensitive(p, name))
		cJSON_ReplaceItemInObjectCaseSensitive(p, name, val);
	else
		json_set(p, name, val);
}

int
saved_keep_imported(const char *path, char to[PATH_MAX + 16])
{
	snprintf(to, PATH_MAX + 16, "%s.imported", path);
	/* link, not rename: a file already at to is never replaced */
	return link(path, to) == 0 && unlink(path) == 0 ? 0 : -1;
}
