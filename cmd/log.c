/*
 * log.c: `umpire log [NAME]`, the game log read back: one line an entry
 * (time, command, result), or with --json the entries as one object.
 * Without a name it reads the log --log or $UMPIRE_LOG names, and with
 * neither it lists the logs there are.  The file is untrusted: a line
 * that is not a JSON object (a torn last line from a writer that died,
 * or a foreign one) is skipped with a warning, never shown half.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "data.h"
#include "err.h"
#include "log.h"
#include "out.h"

#define LOG_LIST_MAX 256

const struct opt log_opts[] = {
	{ 0, 0, NULL, NULL, NULL, NULL }
};

static const char *
str_field(const cJSON *e, const char *key, const char *dflt)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(e, key);

	return cJSON_IsString(v) ? v->valuestring : dflt;
}

/* The command's words, joined by spaces, skipping the program name. */
static void
command_text(const cJSON *e, char *buf, size_t size)
{
	const cJSON *w, *words = cJSON_GetObjectItemCaseSensitive(e, "command");
	size_t used = 0;
	int first = 1;

	buf[0] = '\0';
	cJSON_ArrayForEach(w, words) {
		if (first || !cJSON_IsString(w)) {
			first = 0;
			continue;
		}
		used += (size_t)snprintf(buf + used, size - used, "%s%s",
		    used ? " " : "", w->valuestring);
		if (used >= size)
			break;
	}
}

static void
show_entry(const cJSON *e, struct trail *t)
{
	char cmd[256];

	command_text(e, cmd, sizeof cmd);
	if (str_field(e, "redacted", NULL))
		trail_line(t, "%s  %s  => (secret: %s, not logged)",
		    str_field(e, "time", "?"), cmd, str_field(e, "redacted", ""));
	else
		trail_line(t, "%s  %s  => %s", str_field(e, "time", "?"), cmd,
		    str_field(e, "summary", ""));
}

/* Each whole line that is a JSON object, into entries and the trail. */
static void
read_entries(const char *path, char *buf, cJSON *entries, struct trail *t)
{
	char *line = buf, *nl;
	size_t no = 0;

	for (; *line; line = nl + 1) {
		cJSON *e;

		no++;
		nl = strchr(line, '\n');
		if (!nl) {
			(void)err(ST_OK, "warning: skipping a torn last line %zu in '%s' (no newline: "
			    "its writer stopped part-way)", no, path);
			break;
		}
		*nl = '\0';
		if (*line == '\0')	/* two writers both mended a torn line */
			continue;
		e = cJSON_Parse(line);
		if (!cJSON_IsObject(e)) {
			cJSON_Delete(e);
			(void)err(ST_OK, "warning: skipping line %zu of '%s': not a JSON object", no, path);
			continue;
		}
		show_entry(e, t);
		json_push(entries, e);
	}
}

static int
show_log(const struct ctx *c, const char *name)
{
	char path[PATH_MAX], *buf;
	cJSON *json, *entries;
	struct trail *t;
	size_t len;
	int st;

	if (!log_name_ok(name))
		return err(ST_USAGE, "bad log name: '%s' (expected lower-case "
		    "letters, digits, - and _, at most 31)", name);
	if ((st = log_path(name, path)) != ST_OK)
		return st;
	if (access(path, F_OK) < 0 && errno == ENOENT)
		return err(ST_NO, "no log named '%s' (umpire log lists them)", name);
	if ((st = data_read_file(path, &buf, &len)) != ST_OK)
		return st;
	if (strlen(buf) != len) {
		free(buf);
		return err(ST_DATA, "not a log: '%s' (it holds a NUL byte)", path);
	}
	json = json_object();
	entries = json_array();
	t = trail_new();
	read_entries(path, buf, entries, t);
	free(buf);
	if (cJSON_GetArraySize(entries) == 0)
		trail_line(t, "log '%s' is empty", name);
	json_set_str(json, "procedure", "log");
	json_set_str(json, "name", name);
	json_set(json, "entries", entries);
	return out_emit(c, json, t);
}

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names of the logs in the folder, sorted; *n of them. */
static int
log_names(char *names[LOG_LIST_MAX], size_t *n)
{
	char dir[PATH_MAX];
	struct dirent *e;
	DIR *d;
	int st;

	*n = 0;
	if ((st = log_dir(dir)) != ST_OK)
		return st;
	if (!(d = opendir(dir)))
		return errno == ENOENT ? ST_OK :
		    err_sys("cannot read the log folder: '%s'", dir);
	while ((e = readdir(d)) != NULL && *n < LOG_LIST_MAX) {
		size_t len = strlen(e->d_name);
		char *name;

		if (len < 7 || strcmp(e->d_name + len - 6, ".jsonl") != 0)
			continue;
		name = xstrdup(e->d_name);
		name[len - 6] = '\0';
		if (log_name_ok(name))
			names[(*n)++] = name;
		else
			free(name);
	}
	closedir(d);
	qsort(names, *n, sizeof *names, name_cmp);
	return ST_OK;
}

static int
list_logs(const struct ctx *c)
{
	char *names[LOG_LIST_MAX];
	cJSON *json = json_object(), *arr = json_array();
	struct trail *t = trail_new();
	size_t n, i;
	int st;

	if ((st = log_names(names, &n)) != ST_OK) {
		cJSON_Delete(json);
		cJSON_Delete(arr);
		trail_free(t);
		return st;
	}
	for (i = 0; i < n; i++) {
		trail_line(t, "%s", names[i]);
		json_push(arr, cJSON_CreateString(names[i]));
		free(names[i]);
	}
	if (n == 0)
		trail_line(t, "no game logs (umpire --log NAME COMMAND starts one)");
	json_set_str(json, "procedure", "log-list");
	json_set(json, "logs", arr);
	return out_emit(c, json, t);
}

int
cmd_log(struct ctx *c, int argc, char **argv)
{
	struct opt_parser p;
	const char *name = NULL;
	int id;

	opt_init(&p, log_opts, argc, argv);
	while ((id = opt_next(&p)) != OPT_END) {
		if (id == OPT_ERROR)
			return ST_USAGE;
		if (name)
			return err(ST_USAGE, "log takes one name: '%s'", p.arg);
		name = p.arg;
	}
	if (!name)
		name = c->log;
	/* reading the log is not an entry in it */
	c->log = NULL;
	return name ? show_log(c, name) : list_logs(c);
}

void
complete_log(const struct ctx *c, char **ops, int nops, const char *prefix)
{
	char *names[LOG_LIST_MAX];
	size_t n, i;

	(void)c;
	(void)ops;
	if (nops > 0 || log_names(names, &n) != ST_OK)
		return;
	for (i = 0; i < n; i++) {
		complete_word(prefix, names[i]);
		free(names[i]);
	}
}
