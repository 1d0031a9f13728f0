/*
 * log.c: appending to the game log; see log.h.
 *
 * Each entry is printed whole into memory and written with one write(2)
 * to a file opened O_APPEND, so a crash leaves the entries before it
 * intact; a write that stops part-way (a full disk, the file size limit)
 * is truncated away, so the log ends where it did.  Two umpires appending at once take turns, each holding a
 * flock(2) on the log itself from its look at the last byte (is the last
 * line torn?) to the end of its write: without it, a writer could look
 * while another's line was half in the file (a write that crosses a page
 * is seen page by page) and start a needless empty line.  An entry
 * longer than LOG_ENTRY_MAX loses its bulky parts (the JSON result, then
 * the command's words past the first few) and says so, rather than being
 * split.  The file must be a regular file: O_NOFOLLOW refuses a symbolic
 * link, and a FIFO or device is refused after the open (O_NONBLOCK keeps
 * that open from waiting for a FIFO's reader).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "data.h"
#include "deck.h"
#include "err.h"
#include "log.h"
#include "out.h"
#include "state.h"

int
log_name_ok(const char *name)
{
	/* the rule deck names follow: it keeps a name from being a path */
	return deck_name_ok(name);
}

int
log_dir(char path[PATH_MAX])
{
	char base[PATH_MAX];

	if (data_state_dir(base) < 0)
		return err(ST_SYS, "no folder for game logs: XDG_STATE_HOME and "
		    "HOME are unset or not absolute paths (set one of them)");
	if (snprintf(path, PATH_MAX, "%s/logs", base) >= PATH_MAX)
		return err(ST_SYS, "path too long: '%s/logs'", base);
	return ST_OK;
}

int
log_path(const char *name, char path[PATH_MAX])
{
	char dir[PATH_MAX];

	if (log_dir(dir) != ST_OK)
		return ST_SYS;
	if (snprintf(path, PATH_MAX, "%s/%s.jsonl", dir, name) >= PATH_MAX)
		return err(ST_SYS, "path too long under '%s'", dir);
	return ST_OK;
}

/* mkdir -p for the log folder, private to the player. */
static int
make_dirs(const char *dir)
{
	char tmp[PATH_MAX], *p;

	snprintf(tmp, sizeof tmp, "%s", dir);
	for (p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(tmp, 0700) < 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return mkdir(tmp, 0700) < 0 && errno != EEXIST ? -1 : 0;
}

/* The command's words; a secret result's own dice (--roll) hidden too. */
static cJSON *
command_words(const struct ctx *c, int max, int secret)
{
	cJSON *arr = json_array();
	int i, hide = 0;

	for (i = 0; i < c->argc && i < max; i++) {
		const char *w = c->argv[i];

		if (secret && hide)
			w = "(redacted)";
		else if (secret && strncmp(w, "--roll=", 7) == 0)
			w = "--roll=(redacted)";
		hide = strcmp(c->argv[i], "--roll") == 0;
		json_push(arr, cJSON_CreateString(w));
	}
	return arr;
}

/* The entry as one line, or NULL if it is over the cap even so. */
static char *
entry_text(const struct ctx *c, const cJSON *result, const char *summary,
    const char *secret, int lean)
{
	cJSON *e = json_object();
	char when[32], *s;
	time_t now = time(NULL);
	struct tm tm;

	strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&now, &tm));
	json_set_str(e, "time", when);
	json_set(e, "command", command_words(c, lean > 1 ? 8 : c->argc, secret != NULL));
	if (c->game)
		json_set_str(e, "game", c->game);
	if (secret) {
		json_set_str(e, "redacted", secret);
		json_set_str(e, "summary", "(secret: not logged)");
	} else {
		json_set_str(e, "summary", lean > 1 && summary &&
		    strlen(summary) > 512 ? "(too long to log)" : summary);
		if (result && !lean)
			json_set(e, "result", cJSON_Duplicate(result, 1));
	}
	if (lean)
		json_set_str(e, "truncated", lean > 1 ? "the result and most of "
		    "the command line were dropped: the entry was too long" :
		    "the result was dropped: the entry was too long");
	s = cJSON_PrintUnformatted(e);
	cJSON_Delete(e);
	if (s && strlen(s) + 1 > LOG_ENTRY_MAX) {
		cJSON_free(s);
		return NULL;
	}
	return s;
}

/* JSON text made safe as json_fputs() makes it, ending in a newline. */
static char *
safe_line(const char *s, size_t *len)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *fp = open_memstream(&buf, &size);

	if (!fp)
		return NULL;
	json_fputs(s, fp);
	fputc('\n', fp);
	if (fclose(fp) != 0) {
		free(buf);
		return NULL;
	}
	*len = size;
	return buf;
}

/* Wait for the log (see the top of this file); then its size in *st. */
static int
take_turn(int fd, const char *path, double start, struct stat *st)
{
	double wait;
	int rc;

	if ((rc = state_lock_timeout(&wait)) != ST_OK ||
	    (rc = state_lock_fd(fd, path, "the game log", wait, start)) != ST_OK)
		return rc;
	if (fstat(fd, st) < 0)
		return err_sys("cannot read the game log: '%s'", path);
	return ST_OK;
}

/*
 * After a short write (a full disk, the file size limit), the rest: it
 * either lands too, as we hold the log, or fails and says why (ENOSPC,
 * EFBIG), which the short write did not.  len, or -1 with errno set.
 */
static ssize_t
write_rest(int fd, const char *p, size_t len)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n = write(fd, p + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			errno = n < 0 ? errno : ENOSPC;
			return -1;
		}
		done += (size_t)n;
	}
	return (ssize_t)len;
}

/* Append line (len bytes); line[-1] is a newline, written first when the
 * file does not end in one.  A write that fails part-way is undone. */
static int
write_entry(const char *path, char *line, size_t len)
{
	struct stat st;
	ssize_t n;
	char last = '\n';
	double start = state_now();
	int rc, fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW |
	    O_CLOEXEC | O_NONBLOCK, 0600);

	/* ENXIO: a FIFO with no reader, ELOOP: a symbolic link */
	if (fd < 0 && (errno == ENXIO || errno == ELOOP))
		return err(ST_SYS, "the game log is not a regular file: '%s'", path);
	if (fd < 0)
		return err_sys("cannot open the game log: '%s'", path);
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return err(ST_SYS, "the game log is not a regular file: '%s'", path);
	}
	if ((rc = take_turn(fd, path, start, &st)) != ST_OK) {
		close(fd);
		return rc;
	}
	/* after a torn last line, start on a line of our own: the newline
	 * goes in the same write (line has room for it before its start) */
	if (st.st_size > 0 && pread(fd, &last, 1, st.st_size - 1) == 1 &&
	    last != '\n') {
		line--;
		len++;
	}
	if ((n = write(fd, line, len)) >= 0 && (size_t)n != len)
		n = write_rest(fd, line + n, len - (size_t)n);
	if (n < 0) {
		int e = errno;

		/* a part of the entry is no entry: the log ends where it did
		 * (we hold the log, so no other entry follows it) */
		if (ftruncate(fd, st.st_size) < 0) {
			/* the torn line is then skipped on reading */
		}
		close(fd);
		errno = e;
		return err_sys("cannot append to the game log: '%s'", path);
	}
	if (close(fd) < 0)
		return err_sys("cannot append to the game log: '%s'", path);
	return ST_OK;
}

int
log_open_read(const char *path, int *fd, off_t *size)
{
	struct stat st;

	/* O_NONBLOCK: a FIFO with no writer must not hold the open */
	if ((*fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
	    O_CLOEXEC)) < 0) {
		if (errno == ENOENT)
			return ST_NO;
		if (errno == ELOOP)
			return err(ST_DATA, "the game log is not a regular file: "
			    "'%s'", path);
		return err_sys("cannot open the game log: '%s'", path);
	}
	if (fstat(*fd, &st) < 0) {
		int e = errno;

		close(*fd);
		errno = e;
		return err_sys("cannot read the game log: '%s'", path);
	}
	if (!S_ISREG(st.st_mode)) {
		close(*fd);
		return err(ST_DATA, "the game log is not a regular file: '%s'", path);
	}
	*size = st.st_size;
	return ST_OK;
}

int
log_entry_shaped(const cJSON *e)
{
	return cJSON_IsObject(e) &&
	    cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "time")) &&
	    cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(e, "command"));
}

int
log_append(const struct ctx *c, const cJSON *result, const char *summary,
    const char *secret)
{
	char path[PATH_MAX], dir[PATH_MAX], *s = NULL, *line;
	size_t len = 0;
	int lean, st;

	if (log_dir(dir) != ST_OK || log_path(c->log, path) != ST_OK)
		return ST_SYS;
	if (make_dirs(dir) < 0)
		return err_sys("cannot make the log folder: '%s'", dir);
	for (lean = 0; lean < 3 && !s; lean++)
		s = entry_text(c, result, summary, secret, lean);
	if (!s)
		return err(ST_SYS, "cannot make a log entry short enough");
	line = safe_line(s, &len);
	cJSON_free(s);
	if (!line)
		return err_sys("cannot make the log entry");
	/* the escapes json_fputs adds may push it over: drop what is bulky */
	if (len > LOG_ENTRY_MAX) {
		free(line);
		s = entry_text(c, NULL, summary, secret, 2);
		line = s ? safe_line(s, &len) : NULL;
		cJSON_free(s);
		if (!line || len > LOG_ENTRY_MAX) {
			free(line);
			return err(ST_SYS, "cannot make a log entry short enough");
		}
	}
	{
		char *buf = err_malloc(len + 1);

		buf[0] = '\n';
		memcpy(buf + 1, line, len);
		st = write_entry(path, buf + 1, len);
		free(buf);
	}
	free(line);
	return st;
}
