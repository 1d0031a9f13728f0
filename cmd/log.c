/*
 * log.c: `umpire log [NAME]`, the game log read back: one line an entry
 * (time, command, result), or with --json the entries as one object.
 * Without a name it reads the log --log or $UMPIRE_LOG names, and with
 * neither it lists the logs there are.  The file is untrusted: a line
 * that is not a JSON object (a torn last line from a writer that died,
 * or a foreign one) is skipped with a warning, never shown half; a file
 * that is not a regular one, whose first line is no entry, or with a line
 * longer than any entry is refused whole (umpire-log(1)).  With --dice
 * the dice of one log or several are tested for fairness instead
 * (lib/fair.h): the player's own against fair dice, umpire's as the
 * control.
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
#include "fair.h"
#include "lines.h"
#include "log.h"
#include "out.h"

#define LOG_LIST_MAX 256
#define LOG_DICE_MAX 32		/* logs one --dice report reads */

enum { O_DICE = 1 };

const struct opt log_opts[] = {
	{ O_DICE, 0, "dice", NULL, "test the dice of the logs named for "
	  "fairness: each value's count against fair dice's", NULL },
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

/*
 * The log is read twice, a line at a time (lines.h), never whole: once to
 * check it, with the warnings and any error, printing nothing; then to
 * show it, entry by entry.  An error found late thus leaves stdout
 * empty, and a log of any length is read in the memory of one line.
 * Both passes stop at the size the log had when opened: an entry
 * appended meanwhile waits for the next reading.
 */
struct pass {
	const struct ctx *c;
	const char *path, *name;
	int show;		/* 0: checking, 1: showing */
	long shown;		/* entries shown */
	struct trail *t;	/* text lines not yet printed */
	struct fair *fair;	/* --dice: the entries tallied, not shown */
};

#define SHOW_BATCH 256		/* text lines printed at a time */

/* A whole line as JSON, or NULL (a whole-line parse: no trailing junk). */
static cJSON *
parse_line(const char *line, size_t len)
{
	const char *end = NULL;

	return cJSON_ParseWithLengthOpts(line, len + 1, &end, 1);
}

static void
show_json(struct pass *ps, const cJSON *e)
{
	char *s = cJSON_PrintUnformatted(e);

	if (!s) {
		(void)err(ST_SYS, "out of memory");
		exit(ST_SYS);
	}
	if (ps->shown > 0)
		putchar(',');
	json_fputs(s, stdout);
	cJSON_free(s);
}

/* Show an entry, as a text line or the next of the JSON entries. */
static void
show(struct pass *ps, const cJSON *e)
{
	const cJSON *r = cJSON_GetObjectItemCaseSensitive(e, "result");
	const char *game = cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(r, "game"));

	if (ps->fair) {
		fair_add(ps->fair, game ? game : str_field(e, "game", NULL), r);
		ps->shown++;
		return;
	}
	if (ps->c->json)
		show_json(ps, e);
	else {
		show_entry(e, ps->t);
		if ((ps->shown + 1) % SHOW_BATCH == 0) {
			(void)out_print(ps->c, NULL, ps->t);
			ps->t = trail_new();
		}
	}
	ps->shown++;
}

/*
 * A line that cannot be taken: the log is damaged or not a log.  The
 * first entry must look like one (LOG_ENTRY_START, when torn), so that a
 * file that is not a log is refused at its first line, unread beyond.
 */
static int
refused(const struct pass *ps, const struct lines *l, int got,
    const char *line, size_t len, const cJSON *e, int first)
{
	if (got == LINES_LONG ? l->nul : strlen(line) != len)
		return err(ST_DATA, "not a log: '%s' (it holds a NUL byte)",
		    ps->path);
	if (got == LINES_LONG && !first)
		return err(ST_DATA, "a damaged log: line %ld of '%s' is longer "
		    "than an entry may be (%d bytes)", l->n, ps->path,
		    LOG_ENTRY_MAX);
	if (got == LINES_LONG || (first && !log_entry_shaped(e) && (e ||
	    strncmp(line, LOG_ENTRY_START, strlen(LOG_ENTRY_START)) != 0)))
		return err(ST_DATA, "not a game log: '%s' (line %ld is not a log "
		    "entry)", ps->path, l->n);
	return ST_OK;
}

/* One line (got, from the reader l): checked, or shown.  *first is
 * cleared once a line has been taken. */
static int
one_line(struct pass *ps, const struct lines *l, int got, char *line,
    size_t len, int *first)
{
	cJSON *e = NULL;
	int st;

	if (got != LINES_LONG && len == 0)	/* two writers both mended a torn line */
		return ST_OK;
	if (got != LINES_LONG && strlen(line) == len)
		e = parse_line(line, len);
	if (!ps->show && (st = refused(ps, l, got, line, len, e, *first)) != ST_OK) {
		cJSON_Delete(e);
		return st;
	}
	*first = 0;
	if (got == LINES_LAST) {
		if (!ps->show)
			(void)err(ST_OK, "warning: skipping a torn last line %ld in '%s' "
			    "(no newline: its writer stopped part-way)", l->n, ps->path);
	} else if (!cJSON_IsObject(e)) {
		if (!ps->show)
			(void)err(ST_OK, "warning: skipping line %ld of '%s': not a "
			    "JSON object", l->n, ps->path);
	} else if (ps->show)
		show(ps, e);
	cJSON_Delete(e);
	return ST_OK;
}

/* One pass over the first size bytes of the log open as fd. */
static int
pass_over(struct pass *ps, int fd, off_t size)
{
	struct lines l;
	char *line = NULL;
	size_t len = 0;
	int got, first = 1, st = ST_OK;

	if (lseek(fd, 0, SEEK_SET) < 0)
		return err_sys("cannot read the game log: '%s'", ps->path);
	/* an entry is at most LOG_ENTRY_MAX bytes with its newline */
	lines_init(&l, fd, LOG_ENTRY_MAX - 1, size);
	while (st == ST_OK && (got = lines_next(&l, &line, &len)) != LINES_END) {
		if (got == LINES_FAIL)
			st = err_sys("cannot read the game log: '%s'", ps->path);
		else	/* showing, what the check passed is taken or skipped */
			st = one_line(ps, &l, got, line, len, &first);
	}
	lines_free(&l);
	return st;
}

/* The second pass: the entries on stdout, as text or one JSON object. */
static int
show_pass(struct pass *ps, int fd, off_t size)
{
	int st;

	ps->show = 1;
	ps->t = trail_new();
	if (ps->c->json)
		printf("{\"procedure\":\"log\",\"name\":\"%s\",\"entries\":[",
		    ps->name);	/* the name is checked: nothing to escape */
	st = pass_over(ps, fd, size);
	if (ps->c->json) {
		printf("]}\n");
		trail_free(ps->t);
	} else {
		if (ps->shown == 0)
			trail_line(ps->t, "log '%s' is empty", ps->name);
		(void)out_print(ps->c, NULL, ps->t);
	}
	if (fflush(stdout) != 0 || ferror(stdout))
		return err_sys("cannot write the result");
	return st;
}

static int
show_log(const struct ctx *c, const char *name, struct fair *fair)
{
	struct pass ps = { c, NULL, name, 0, 0, NULL, fair };
	char path[PATH_MAX];
	off_t size;
	int st, fd;

	if (!log_name_ok(name))
		return err(ST_USAGE, "bad log name: '%s' (expected lower-case "
		    "letters, digits, - and _, at most 31)", name);
	if ((st = log_path(name, path)) != ST_OK)
		return st;
	ps.path = path;
	if ((st = log_open_read(path, &fd, &size)) == ST_NO)
		return err(ST_NO, "no log named '%s' (umpire log lists them)", name);
	if (st != ST_OK)
		return st;
	if ((st = pass_over(&ps, fd, size)) == ST_OK) {
		if (fair) {
			ps.show = 1;
			st = pass_over(&ps, fd, size);
		} else {
			st = show_pass(&ps, fd, size);
		}
	}
	close(fd);
	return st;
}

/* --dice: every log named read and tallied, then one report. */
static int
dice_report(const struct ctx *c, const char *const *names, size_t n)
{
	struct fair *f = fair_new();
	cJSON *json, *logs, *tallies, *res;
	struct trail *t;
	size_t i;
	int st = ST_OK, odd;

	for (i = 0; i < n && st == ST_OK; i++)
		st = show_log(c, names[i], f);
	if (st != ST_OK) {
		fair_free(f);
		return st;
	}
	json = json_object();
	logs = json_array();
	tallies = json_array();
	t = trail_new();
	for (i = 0; i < n; i++)
		json_push(logs, cJSON_CreateString(names[i]));
	trail_line(t, "dice of %s%s: %ld roll%s counted", n == 1 ? "log " :
	    "logs ", n == 1 ? names[0] : "named", fair_rolls(f),
	    fair_rolls(f) == 1 ? "" : "s");
	odd = fair_report(f, tallies, t);
	res = json_object();
	json_set_str(res, "code", odd ? "unusual" : "ok");
	if (fair_rolls(f) == 0)
		json_set_str(res, "text", "no result with dice");
	else if (odd)
		json_set_str(res, "text", odd == 1 ? "1 tally is worth a look" :
		    "some tallies are worth a look");
	else
		json_set_str(res, "text", "nothing unusual");
	trail_line(t, "%s", cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(res, "text")));
	json_set_str(json, "procedure", "log-dice");
	json_set(json, "logs", logs);
	json_set_int(json, "rolls", fair_rolls(f));
	json_set(json, "tallies", tallies);
	json_set(json, "result", res);
	fair_free(f);
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
		name = err_strdup(e->d_name);
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
	const char *names[LOG_DICE_MAX];
	size_t n = 0;
	int id, dice = 0;

	opt_init(&p, log_opts, argc, argv);
	while ((id = opt_next(&p)) != OPT_END) {
		if (id == OPT_ERROR)
			return ST_USAGE;
		if (id == O_DICE) {
			dice = 1;
			continue;
		}
		if (n == LOG_DICE_MAX)
			return err(ST_USAGE, "too many logs: '%s' (at most %d)",
			    p.arg, LOG_DICE_MAX);
		names[n++] = p.arg;
	}
	if (n > 1 && !dice)
		return err(ST_USAGE, "log takes one name: '%s' (--dice reads "
		    "several)", names[1]);
	if (n == 0 && c->log)
		names[n++] = c->log;
	/* reading the log is not an entry in it */
	c->log = NULL;
	if (dice && n == 0)
		return err(ST_USAGE, "--dice tests the logs named: give a log "
		    "name (umpire log lists them)");
	if (dice)
		return dice_report(c, names, n);
	return n ? show_log(c, names[0], NULL) : list_logs(c);
}

void
complete_log(const struct ctx *c, char **ops, int nops, const char *prefix)
{
	char *names[LOG_LIST_MAX];
	size_t n, i;

	(void)c;
	(void)ops;
	(void)nops;
	if (log_names(names, &n) != ST_OK)
		return;
	for (i = 0; i < n; i++) {
		complete_word(prefix, names[i]);
		free(names[i]);
	}
}
