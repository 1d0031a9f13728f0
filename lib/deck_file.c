/*
 * deck_file.c: the deck state file, and undo.
 *
 * Durability: a change is made under the game's lock file, the state
 * before it is kept as NAME.good.json (a hard link to the old file, so it
 * costs no write), and the new state replaces NAME.json through
 * state_write_atomic().  A killed process leaves either the old or the new
 * file and at worst a stray temporary file, which the next writer, holding
 * the lock and so knowing no one else is writing, deletes.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "data.h"
#include "deck.h"
#include "deck_impl.h"
#include "err.h"
#include "out.h"
#include "state.h"


int
deck_dir(char path[PATH_MAX])
{
	char base[PATH_MAX];

	if (data_state_dir(base) < 0)
		return err(ST_SYS, "no folder for saved games: XDG_STATE_HOME and "
		    "HOME are unset or not absolute paths (set one of them)");
	if (snprintf(path, PATH_MAX, "%s/decks", base) >= PATH_MAX)
		return err(ST_SYS, "path too long: '%s/decks'", base);
	return ST_OK;
}

int
deck_file_init(struct deck_file *f, const char *name)
{
	memset(f, 0, sizeof *f);
	f->fd = -1;
	snprintf(f->name, sizeof f->name, "%s", name);
	if (deck_dir(f->dir) != ST_OK)
		return ST_SYS;
	if (snprintf(f->path, sizeof f->path, "%s/%s.json", f->dir, name) >= PATH_MAX ||
	    snprintf(f->good, sizeof f->good, "%s/%s.good.json", f->dir, name) >= PATH_MAX ||
	    snprintf(f->lock, sizeof f->lock, "%s/%s.lock", f->dir, name) >= PATH_MAX)
		return err(ST_SYS, "path too long under '%s'", f->dir);
	return ST_OK;
}

/*
 * Anything at the path counts, a symbolic link too, dangling or looping:
 * access(2) would follow it and call the game absent, and `new` would
 * then replace what the player may have put there.
 */
int
deck_file_exists(const struct deck_file *f)
{
	struct stat st;

	return lstat(f->path, &st) == 0 || errno != ENOENT;
}

int
deck_file_lock(struct deck_file *f)
{
	char what[64];
	double timeout;
	int st;

	if ((st = state_lock_timeout(&timeout)) != ST_OK)
		return st;
	snprintf(what, sizeof what, "game '%s'", f->name);
	return state_lock(f->lock, what, timeout, &f->fd);
}

void
deck_file_close(struct deck_file *f)
{
	state_unlock(f->fd);
	f->fd = -1;
	cJSON_Delete(f->before);
	f->before = NULL;
}

static int
bad_state(const struct deck_file *f, const char *why)
{

	if (access(f->good, F_OK) == 0)
		return err(ST_DATA, "%s: %s (left as it is; the state before its "
		    "last change is in %s)", f->path, why, f->good);
	return err(ST_DATA, "%s: %s (left as it is)", f->path, why);
}

int
deck_file_read(const struct deck_file *f, char **text, size_t *len, char *why,
    size_t whylen)
{
	return state_read(f->path, DECK_STATE_MAX, text, len, why, whylen);
}

static int
read_state(const struct deck_file *f, cJSON **root)
{
	char *text, why[256];
	size_t len;
	int st;

	if ((st = deck_file_read(f, &text, &len, why, sizeof why)) == ST_NO)
		return ST_NO;
	if (st == ST_SYS)
		return err(ST_SYS, "%s: %s", f->path, why);
	if (st != ST_OK)
		return bad_state(f, why);
	st = data_parse_json(text, len, root, why, sizeof why);
	free(text);
	if (st < 0)
		return bad_state(f, why);
	return ST_OK;
}

int
deck_file_game(const struct deck_file *f, char game[DECK_NAME_MAX])
{
	const char *g;
	cJSON *root;
	int st;

	if ((st = read_state(f, &root)) != ST_OK)
		return st;
	g = deck_str_member(root, "game");
	if (!g || !deck_name_ok(g)) {
		cJSON_Delete(root);
		return bad_state(f, "game: a game id expected");
	}
	snprintf(game, DECK_NAME_MAX, "%s", g);
	cJSON_Delete(root);
	return ST_OK;
}

int
deck_file_vacant(const struct deck_file *f)
{
	char *text, why[256];
	struct stat sb;
	size_t len;
	int st;

	if (!deck_file_exists(f))
		return ST_OK;
	/* a regular file is a game, whole or damaged */
	if (lstat(f->path, &sb) == 0 && S_ISREG(sb.st_mode))
		return ST_NO;
	/* anything else is no game file: said as a load would say it */
	if ((st = deck_file_read(f, &text, &len, why, sizeof why)) == ST_OK) {
		free(text);	/* it became a file since */
		return ST_NO;
	}
	if (st == ST_NO)
		return ST_OK;
	if (st == ST_SYS)
		return err(ST_SYS, "%s: %s", f->path, why);
	return bad_state(f, why);
}

int
deck_file_load(struct deck_file *f, const struct deck_def *d,
    struct deck_state *s)
{
	char why[256];
	cJSON *root;
	int st;

	memset(s, 0, sizeof *s);
	if ((st = read_state(f, &root)) != ST_OK)
		return st;
	st = deck_state_from_json(root, d, s, 0, why, sizeof why);
	if (st == 0)
		s->log = cJSON_DetachItemFromObjectCaseSensitive(root, "log");
	cJSON_Delete(root);
	if (st < 0)
		return bad_state(f, why);
	if (strcmp(s->name, f->name) != 0) {
		deck_free(s);
		return bad_state(f, "name: not the file's name");
	}
	cJSON_Delete(f->before);
	f->before = deck_to_json(s, 0);
	return ST_OK;
}

/* Is this file one of the game's temporaries: NAME.json.tmp.*,
 * NAME.good.json.tmp or NAME.good.json.tmp.*? */
static int
is_temp(const struct deck_file *f, const char *file)
{
	size_t n = strlen(f->name);

	if (strncmp(file, f->name, n) != 0)
		return 0;
	file += n;
	return strncmp(file, ".json.tmp.", 10) == 0 ||
	    strcmp(file, ".good.json.tmp") == 0 ||
	    strncmp(file, ".good.json.tmp.", 15) == 0;
}

/* Temporary files of writers that died: only ever ours, and only stale
 * once we hold the lock, whatever their writer's PID. */
static void
sweep_temps(const struct deck_file *f)
{
	char path[PATH_MAX];
	struct dirent *e;
	DIR *dir;

	if (!(dir = opendir(f->dir)))
		return;
	while ((e = readdir(dir)) != NULL)
		if (is_temp(f, e->d_name) &&
		    snprintf(path, sizeof path, "%s/%s", f->dir, e->d_name) < PATH_MAX)
			unlink(path);
	closedir(dir);
}

/*
 * The file about to be replaced was loaded and checked, so it is good:
 * keep it as NAME.good.json by a second link to its inode, which the
 * rename then leaves alone.
 */
static int
keep_good(const struct deck_file *f)
{
	char tmp[PATH_MAX];

	if (!deck_file_exists(f))
		return ST_OK;
	if (snprintf(tmp, sizeof tmp, "%s.tmp", f->good) >= PATH_MAX)
		return err(ST_SYS, "path too long: '%s'", f->good);
	unlink(tmp);
	if (link(f->path, tmp) < 0) {
		char *text;
		size_t len;
		int st;

		char why[256];

		/* a file system without hard links: copy instead */
		if ((st = deck_file_read(f, &text, &len, why, sizeof why)) != ST_OK)
			return err(st, "cannot keep '%s': %s", f->good, why);
		st = state_write_atomic(f->good, text, len);
		free(text);
		return st;
	}
	if (rename(tmp, f->good) < 0) {
		unlink(tmp);
		return err_sys("cannot keep '%s'", f->good);
	}
	return ST_OK;
}

int
deck_file_save(struct deck_file *f, const struct deck_state *s)
{
	char why[256], *text;
	int st;

	if (deck_check(s, why, sizeof why) < 0)
		return err(ST_DATA, "refusing to save game '%s': %s", f->name, why);
	sweep_temps(f);
	if ((st = keep_good(f)) != ST_OK)
		return st;
	text = deck_format(s);
	st = state_write_atomic(f->path, text, strlen(text));
	free(text);
	return st;
}

int
deck_file_commit(struct deck_file *f, struct deck_state *s, const char *op,
    const char *by, const char *text, int undo)
{
	deck_log_add(f, s, op, by, text, undo);
	return deck_file_save(f, s);
}

void
deck_log_add(const struct deck_file *f, struct deck_state *s, const char *op,
    const char *by, const char *text, int undo)
{
	cJSON *entry = json_object(), *after;
	const cJSON *it;
	double n = 0;

	/* numbered on from the highest number: an undo takes an entry out
	 * and notes it, and no two entries may share a number */
	cJSON_ArrayForEach(it, s->log)
		if (cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(it,
		    "n")) > n)
			n = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(it,
			    "n"));
	json_set_num(entry, "n", n + 1);
	json_set_str(entry, "op", op);
	json_set_str(entry, "by", by);
	json_set_num(entry, "turn", s->turn_no);
	json_set_str(entry, "text", text);
	if (undo && f->before) {
		cJSON *d;

		after = deck_to_json(s, 0);
		d = deck_diff(f->before, after);
		json_set(entry, "undo", d ? d : json_object());
		cJSON_Delete(after);
	}
	if (!s->log)
		s->log = json_array();
	json_push(s->log, entry);
}

int
deck_is_undo_note(const cJSON *entry)
{
	const char *op = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
	    entry, "op"));

	return op && strcmp(op, "undo") == 0 &&
	    !cJSON_GetObjectItemCaseSensitive(entry, "undo");
}

int
deck_undo_state(struct deck_state *s, const struct deck_def *d,
    cJSON **undone, char *why, size_t whylen)
{
	int n = cJSON_GetArraySize(s->log), at;
	cJSON *last;
	const cJSON *patch;
	struct deck_state prev;
	char sub[200];
	cJSON *cur;

	*undone = NULL;
	/* the notes that say what an undo took back change nothing, and
	 * are passed over: the change to take back is the last real one */
	for (at = n; at > 0 && deck_is_undo_note(cJSON_GetArrayItem(s->log,
	    at - 1)); at--)
		;
	last = at ? cJSON_GetArrayItem(s->log, at - 1) : NULL;
	patch = cJSON_GetObjectItemCaseSensitive(last, "undo");
	n = at;
	/* only the entry that began the game carries no undo */
	if (!patch && n <= 1)
		return 1;
	if (!patch) {
		snprintf(why, whylen, "log entry %d: no undo data", n);
		return -1;
	}
	if (!cJSON_IsObject(patch)) {
		snprintf(why, whylen, "log entry %d: undo: a patch must be an "
		    "object", n);
		return -1;
	}
	cur = deck_to_json(s, 0);
	/* {} is the undo of a change that changed nothing */
	if (patch->child && deck_patch(cur, patch, sub, sizeof sub) < 0) {
		cJSON_Delete(cur);
		snprintf(why, whylen, "log entry %d: %s", n, sub);
		return -1;
	}
	/* the state before is checked whole, as if loaded from its file; the
	 * log it gets is ours, not anything the patch put there */
	cJSON_DeleteItemFromObjectCaseSensitive(cur, "log");
	json_set(cur, "log", json_array());
	if (deck_state_from_json(cur, d, &prev, 0, sub, sizeof sub) < 0) {
		cJSON_Delete(cur);
		snprintf(why, whylen, "log entry %d: the state it goes back to is "
		    "not valid: %s", n, sub);
		return -1;
	}
	cJSON_Delete(cur);
	*undone = cJSON_DetachItemFromArray(s->log, n - 1);
	prev.log = s->log;
	s->log = NULL;
	deck_free(s);
	*s = prev;
	return 0;
}

/*
 * The log keeps a note of what an undo took back, in the entry's own
 * public words, numbered after every entry there was, the one taken out
 * included; undo passes over such notes (deck_is_undo_note).
 */
static void
undo_note(struct deck_state *s, const cJSON *undone)
{
	cJSON *note = json_object();
	const char *text = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
	    undone, "text"));
	double n = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(undone,
	    "n")), max = n;
	const cJSON *it;
	char line[600];

	cJSON_ArrayForEach(it, s->log)
		if (cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(it,
		    "n")) > max)
			max = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(it,
			    "n"));
	snprintf(line, sizeof line, "undone: %.0f. %s", n, text ? text : "");
	json_set_num(note, "n", max + 1);
	json_set_str(note, "op", "undo");
	json_set_str(note, "by", NULL);
	json_set_num(note, "turn", s->turn_no);
	json_set_str(note, "text", line);
	json_push(s->log, note);
}

int
deck_undo(struct deck_file *f, const struct deck_def *d, struct deck_state *s,
    cJSON **undone)
{
	char why[400];
	int r = deck_undo_state(s, d, undone, why, sizeof why);

	if (r > 0)
		return ST_NO;
	if (r < 0 && access(f->good, F_OK) == 0)
		return err(ST_DATA, "the last change cannot be undone: %s: '%s' "
		    "(left as it is; the state before its last write is in %s)",
		    why, f->path, f->good);
	if (r < 0)
		return err(ST_DATA, "the last change cannot be undone: %s: '%s' "
		    "(left as it is)", why, f->path);
	undo_note(s, *undone);
	return ST_OK;
}

int
deck_file_remove(struct deck_file *f, int keep_good)
{
	/* the lock file stays: a process waiting on it would otherwise lock
	 * an unlinked inode while a newcomer locks a fresh one */
	if (unlink(f->path) < 0 && errno != ENOENT)
		return err_sys("cannot delete '%s'", f->path);
	if (!keep_good && unlink(f->good) < 0 && errno != ENOENT)
		return err_sys("cannot delete '%s'", f->good);
	sweep_temps(f);
	return ST_OK;
}
