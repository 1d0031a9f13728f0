/*
 * data.c: the data lookup order of data.h, file reading, JSON parsing.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "data.h"
#include "err.h"

#ifndef UMPIRE_DATADIR
#define UMPIRE_DATADIR "/usr/local/share/umpire"
#endif

/*
 * The parts end to end into out, a slash between two (no part NULL): 0,
 * or -1 when they do not fit.  Not snprintf: a lookup builds a few paths
 * each command, and printf's machinery costs more, and takes more stack,
 * than the copying.
 */
static int
join(char out[PATH_MAX], const char *const parts[], size_t nparts)
{
	size_t used = 0, i, len;

	for (i = 0; i < nparts; i++) {
		len = strlen(parts[i]);
		if (used + (i > 0) + len >= PATH_MAX)
			return -1;
		if (i > 0)
			out[used++] = '/';
		memcpy(out + used, parts[i], len);
		used += len;
	}
	out[used] = '\0';
	return 0;
}

static int
copy_dir(char out[PATH_MAX], const char *dir)
{
	return join(out, &dir, 1);
}

/* $VAR/umpire, or $HOME/fallback/umpire when $VAR is unset or relative. */
static int
xdg_dir(char path[PATH_MAX], const char *var, const char *fallback)
{
	const char *base = getenv(var), *home;

	if (base && base[0] == '/')
		return join(path, (const char *const[]){ base, "umpire" }, 2);
	home = getenv("HOME");
	if (!home || home[0] != '/')
		return -1;
	return join(path, (const char *const[]){ home, fallback, "umpire" },
	    3);
}

/*
 * Is the player's data folder absent?  Most players never make one, and a
 * lookup would otherwise ask for each file in it, a system call a file,
 * which on a small command costs more than reading the file found next.
 * Asked once, then known until data_forget(), or until data_user_dir()
 * hands its path to a command that may be about to write there.
 */
static int user_dir_absent = -1;	/* -1: not asked yet */

static int
user_dir(char path[PATH_MAX])
{
	return xdg_dir(path, "XDG_DATA_HOME", ".local/share");
}

int
data_user_dir(char path[PATH_MAX])
{
	user_dir_absent = -1;
	return user_dir(path);
}

void
data_forget(void)
{
	user_dir_absent = -1;
}

static int
user_dir_missing(const char *path)
{
	if (user_dir_absent < 0)
		user_dir_absent = access(path, F_OK) < 0 && errno == ENOENT;
	return user_dir_absent;
}

int
data_state_dir(char path[PATH_MAX])
{
	return xdg_dir(path, "XDG_STATE_HOME", ".local/state");
}

static int
is_tree(const char *rules)
{
	char probe[PATH_MAX];

	return snprintf(probe, sizeof probe, "%s/loe/game.json", rules) <
	    (int)sizeof probe && access(probe, F_OK) == 0;
}

/*
 * The rules/ of the source tree a binary sits in: umpire at its top, or
 * tests/umpire-shared one folder down, found from the binary's own place
 * and not from where it was built, so that a tree moved or copied whole
 * reads its own data (a tree is known by rules/loe/game.json).  Asked
 * once a process: the answer cannot change.
 */
static int
tree_rules(char out[PATH_MAX])
{
	static char found[PATH_MAX];
	static int known = -1;
	const char *const up[] = { "/rules", "/../rules" };
	char self[PATH_MAX], *slash;
	ssize_t n;
	size_t i;

	if (known < 0) {
		known = 0;
		if ((n = readlink("/proc/self/exe", self, sizeof self - 1)) > 0) {
			self[n] = '\0';
			if ((slash = strrchr(self, '/')) != NULL)
				*slash = '\0';
			for (i = 0; i < sizeof up / sizeof *up && !known; i++)
				known = snprintf(found, sizeof found, "%s%s", self,
				    up[i]) < (int)sizeof found && is_tree(found);
		}
	}
	return known ? copy_dir(out, found) : -1;
}

/*
 * Directory i of the lookup order into path: 0 if there is one, 1 if that
 * place is not in use (no --data-dir, no $UMPIRE_DATA, no home), -1 past
 * the last.  One at a time, so that a lookup needs one PATH_MAX buffer and
 * not four: every 4 KB of stack a command first reaches is a page fault.
 */
static int
dir_at(const struct ctx *c, size_t i, char path[PATH_MAX])
{
	const char *env;

	switch (i) {
	case 0:
		return c->data_dir && copy_dir(path, c->data_dir) == 0 ? 0 : 1;
	case 1:
		env = getenv("UMPIRE_DATA");
		return env && *env && copy_dir(path, env) == 0 ? 0 : 1;
	case 2:
		return user_dir(path) == 0 && !user_dir_missing(path) ? 0 : 1;
	case 3:
		/* a binary in a source tree reads that tree's data, never an
		 * older installed copy that would shadow it; an installed one
		 * reads the installed data; one copied out of its tree alone
		 * (a benchmark's copy), with nothing installed, the tree it
		 * was built in */
		if (tree_rules(path) == 0)
			return 0;
		if (access(UMPIRE_DATADIR, F_OK) == 0)
			return copy_dir(path, UMPIRE_DATADIR) == 0 ? 0 : 1;
#ifdef UMPIRE_SRCDIR
		if (is_tree(UMPIRE_SRCDIR "/rules"))
			return copy_dir(path, UMPIRE_SRCDIR "/rules") == 0 ? 0 : 1;
#endif
		return copy_dir(path, UMPIRE_DATADIR) == 0 ? 0 : 1;
	default:
		return -1;
	}
}

size_t
data_dirs(const struct ctx *c, char dirs[DATA_MAX_DIRS][PATH_MAX])
{
	size_t n = 0, i;
	int r;

	for (i = 0; (r = dir_at(c, i, dirs[n])) >= 0; i++)
		if (r == 0)
			n++;
	return n;
}

/*
 * Each name of rels in each directory of the lookup order, into path,
 * until take() says 1 for one: 0 then, -1 when none was taken.
 */
static int
walk(const struct ctx *c, const char *const rels[], char path[PATH_MAX],
    int (*take)(const char *path, void *ud), void *ud)
{
	size_t i, k, len;
	int r;

	for (i = 0; (r = dir_at(c, i, path)) >= 0; i++) {
		if (r != 0)
			continue;
		len = strlen(path);
		for (k = 0; rels[k]; k++) {
			path[len] = '\0';
			if (len + 1 + strlen(rels[k]) >= PATH_MAX)
				continue;
			path[len] = '/';
			memcpy(path + len + 1, rels[k], strlen(rels[k]) + 1);
			if (take(path, ud))
				return 0;
		}
	}
	return -1;
}

/*
 * A symlink loop is something the player put there, not an absent file:
 * it stops the search, so that the reader reports it rather than a
 * shipped file standing in silently, or "unknown table".
 */
static int
readable(const char *path, void *ud)
{
	(void)ud;
	return access(path, R_OK) == 0 || errno == ELOOP;
}

int
data_find_first(const struct ctx *c, const char *const rels[],
    char path[PATH_MAX])
{
	return walk(c, rels, path, readable, NULL);
}

int
data_find(const struct ctx *c, const char *rel, char path[PATH_MAX])
{
	const char *const rels[] = { rel, NULL };

	return data_find_first(c, rels, path);
}

enum data_check
data_open_checked(const char *path, int flags, size_t max, int *fdp,
    size_t *size)
{
	/* O_NONBLOCK: opening a FIFO with no writer must not wait for one */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | flags), e;
	struct stat st;

	if (fd < 0)
		return DATA_CANNOT_OPEN;
	if (fstat(fd, &st) < 0) {
		e = errno;
		close(fd);
		errno = e;
		return DATA_CANNOT_STAT;
	}
	if (!S_ISREG(st.st_mode) || (uintmax_t)st.st_size > max) {
		close(fd);
		return S_ISREG(st.st_mode) ? DATA_TOO_BIG : DATA_NOT_REGULAR;
	}
	*fdp = fd;
	*size = (size_t)st.st_size;
	return DATA_OPENED;
}

/* Why data_open_checked's answer r refused path; the status for it. */
static int
open_why(enum data_check r, const char *path, size_t max, char *why,
    size_t whylen)
{
	switch (r) {
	case DATA_OPENED:
		return ST_OK;
	case DATA_CANNOT_OPEN:
		if (errno == ELOOP)
			return snprintf(why, whylen, "a symlink loop: '%s'", path),
			    ST_DATA;
		return snprintf(why, whylen, "cannot open '%s': %s", path,
		    strerror(errno)), ST_SYS;
	case DATA_CANNOT_STAT:
		return snprintf(why, whylen, "cannot read '%s': %s", path,
		    strerror(errno)), ST_SYS;
	case DATA_NOT_REGULAR:
		return snprintf(why, whylen, "not a regular file: '%s'", path),
		    ST_DATA;
	case DATA_TOO_BIG:
		break;
	}
	snprintf(why, whylen, "file too big: '%s' (the limit is %zu MB)", path,
	    max >> 20);
	return ST_DATA;
}

int
data_open_why(const char *path, size_t max, int *fdp, size_t *size,
    char *why, size_t whylen)
{
	return open_why(data_open_checked(path, 0, max, fdp, size), path, max,
	    why, whylen);
}

/*
 * The report of a file data_open refused, apart: its 4 KB message buffer
 * would otherwise sit on the stack of every open, and every 4 KB of stack
 * a command first reaches is a page fault.
 */
static int __attribute__((noinline))
open_failed(enum data_check r, const char *path, size_t max)
{
	char why[PATH_MAX + 128];
	int st = open_why(r, path, max, why, sizeof why);

	return err(st, "%s", why);
}

int
data_open(const char *path, size_t max, int *fdp, size_t *size)
{
	enum data_check r = data_open_checked(path, 0, max, fdp, size);

	return r == DATA_OPENED ? ST_OK : open_failed(r, path, max);
}

/*
 * The size bytes of fd into a NUL-terminated buffer, fd closed: 0, or -1
 * with errno set by the read that failed.  Fewer bytes (a file that shrank)
 * are taken as they are; fstat's size, no more: the cap holds even for a
 * file that grows.
 */
static int
read_all(int fd, size_t size, char **buf, size_t *len)
{
	size_t used = 0;
	char *p = err_malloc(size + 1);
	int e;

	while (used < size) {
		ssize_t r = read(fd, p + used, size - used);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			e = errno;
			free(p);
			close(fd);
			errno = e;
			return -1;
		}
		if (r == 0)
			break;
		used += (size_t)r;
	}
	close(fd);
	p[used] = '\0';
	*buf = p;
	*len = used;
	return 0;
}

/* The size bytes of fd, opened from path, into a NUL-terminated buffer. */
static int
read_opened(int fd, size_t size, const char *path, char **buf, size_t *len)
{
	if (read_all(fd, size, buf, len) < 0)
		return err_sys("cannot read '%s'", path);
	return ST_OK;
}

int
data_read_file(const char *path, char **buf, size_t *len)
{
	size_t size;
	int fd, st;

	if ((st = data_open(path, DATA_MAX_BYTES, &fd, &size)) != ST_OK)
		return st;
	return read_opened(fd, size, path, buf, len);
}

/* A lookup that opens each name rather than asking first whether it
 * could: the file found is opened once, not looked up and then opened. */
struct opening {
	enum data_check r;
	int fd, err;
	size_t size;
};

static int
opens(const char *path, void *ud)
{
	struct opening *o = ud;

	o->r = data_open_checked(path, 0, DATA_MAX_BYTES, &o->fd, &o->size);
	o->err = errno;
	/* absent or unreadable here: the next directory may have it, as
	 * for data_find; a symlink loop stops the search (readable) */
	return o->r != DATA_CANNOT_OPEN || o->err == ELOOP;
}

int
data_read_first(const struct ctx *c, const char *const rels[],
    char path[PATH_MAX], char **buf, size_t *len)
{
	struct opening o;

	if (walk(c, rels, path, opens, &o) < 0)
		return ST_NO;
	if (o.r != DATA_OPENED) {
		errno = o.err;
		return open_failed(o.r, path, DATA_MAX_BYTES);
	}
	return read_opened(o.fd, o.size, path, buf, len);
}

void
data_position(const char *buf, size_t off, size_t *line, size_t *col)
{
	size_t i;

	*line = 1;
	*col = 1;
	for (i = 0; i < off; i++) {
		if (buf[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

int
data_parse_json(const char *buf, size_t len, cJSON **out, char *why,
    size_t whylen)
{
	const char *end = NULL;
	size_t line, col;

	const char *nul = memchr(buf, '\0', len);

	if (nul) {
		data_position(buf, (size_t)(nul - buf), &line, &col);
		snprintf(why, whylen, "line %zu, column %zu: a NUL byte in JSON text",
		    line, col);
		*out = NULL;
		return -1;
	}
	/* cJSON 1.7.15 may read one byte past a buffer that is not
	 * NUL-terminated; data_read_file always terminates it, and the length
	 * given includes that NUL so trailing garbage is refused. */
	*out = cJSON_ParseWithLengthOpts(buf, len + 1, &end, 1);
	if (*out)
		return 0;
	if (!end || end < buf || end > buf + len)
		end = buf + len;
	data_position(buf, (size_t)(end - buf), &line, &col);
	snprintf(why, whylen, "line %zu, column %zu: not valid JSON", line, col);
	return -1;
}

int
data_load_json(const struct ctx *c, const char *rel, cJSON **out,
    char path[PATH_MAX])
{
	char *buf, why[128];
	size_t len;
	int st;

	if ((st = data_read_first(c, (const char *const[]){ rel, NULL },
	    path, &buf, &len)) != ST_OK)
		return st;
	st = data_parse_json(buf, len, out, why, sizeof why);
	free(buf);
	if (st < 0)
		return err(ST_DATA, "%s: %s", path, why);
	return ST_OK;
}

int
data_json_int(const cJSON *v, int lo, int hi, int *out)
{
	if (!cJSON_IsNumber(v) || !(v->valuedouble >= lo &&
	    v->valuedouble <= hi) || v->valuedouble != (double)(int)v->valuedouble)
		return -1;
	*out = (int)v->valuedouble;
	return 0;
}

/* NAME of NAME.json or NAME.map, or 0: a temporary is no name. */
static size_t
name_len(const char *file)
{
	size_t len = strlen(file);

	if (strstr(file, ".tmp.") || file[0] == '.')
		return 0;
	if (len > 5 && strcmp(file + len - 5, ".json") == 0)
		return len - 5;
	if (len > 4 && strcmp(file + len - 4, ".map") == 0)
		return len - 4;
	return 0;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

size_t
data_names(const struct ctx *c, const char *game, const char *sub,
    char ***names)
{
	char dirs[DATA_MAX_DIRS][PATH_MAX], path[PATH_MAX];
	size_t n = data_dirs(c, dirs), i, k, len, count = 0, cap = 16;
	struct dirent *e;
	DIR *d;

	*names = err_malloc(cap * sizeof **names);
	for (i = 0; i < n; i++) {
		if (snprintf(path, sizeof path, "%s/%s/%s", dirs[i], game, sub) >=
		    (int)sizeof path || !(d = opendir(path)))
			continue;
		while ((e = readdir(d)) != NULL) {
			if (!(len = name_len(e->d_name)))
				continue;
			for (k = 0; k < count && (strlen((*names)[k]) != len ||
			    strncmp((*names)[k], e->d_name, len) != 0); k++)
				;
			if (k < count)
				continue;	/* a later directory's, shadowed */
			if (count == cap)
				*names = err_realloc(*names,
				    (cap *= 2) * sizeof **names);
			(*names)[count] = err_malloc(len + 1);
			memcpy((*names)[count], e->d_name, len);
			(*names)[count++][len] = '\0';
		}
		closedir(d);
	}
	qsort(*names, count, sizeof **names, by_name);
	return count;
}
