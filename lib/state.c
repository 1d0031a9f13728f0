/*
 * state.c: atomic, durable replacement of files, and the locks that keep
 * two processes from changing one file at once; see state.h.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "data.h"
#include "err.h"
#include "state.h"

int
state_mkdirs(const char *dir, mode_t mode)
{
	char buf[PATH_MAX];
	char *p;

	if (snprintf(buf, sizeof buf, "%s", dir) >= (int)sizeof buf) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, mode) < 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	if (mkdir(buf, mode) < 0 && errno != EEXIST)
		return -1;
	return 0;
}

int
state_write_all(int fd, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t w = write(fd, buf, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		buf += w;
		len -= (size_t)w;
	}
	return 0;
}

/* The rename is durable only once the directory entry reaches the disk. */
static int
sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), r;

	if (fd < 0)
		return -1;
	r = fsync(fd);
	close(fd);
	return r;
}

/*
 * A temporary's name, after the file's own: ".tmp.", the writer's PID, a
 * dot and mkstemp's six characters.  Returns the PID, or -1 for any other
 * name.
 */
static long
temp_writer(const char *name)
{
	const char *p = strstr(name, ".tmp."), *q;
	long pid = 0;

	for (; p; p = strstr(p + 1, ".tmp.")) {
		for (q = p + 5, pid = 0; isdigit((unsigned char)*q) && pid < 1L << 30; q++)
			pid = pid * 10 + (*q - '0');
		if (q > p + 5 && *q == '.' && strlen(q + 1) == 6 && pid > 0)
			return pid;
	}
	return -1;
}

/* Before temporaries carried a PID they were PATH.tmp.XXXXXX: such a
 * name is only a leftover once it is older than any write could take. */
#define STATE_OLD_TEMP_AGE (24 * 3600)

static int
old_style_temp(const char *name)
{
	size_t n = strlen(name), i;

	if (n < 12 || strncmp(name + n - 11, ".tmp.", 5) != 0)
		return 0;
	for (i = n - 6; i < n; i++)
		if (!isalnum((unsigned char)name[i]))
			return 0;
	return 1;
}

/* Is this a temporary whose writer is gone? */
static int
stale_temp(const char *name, const struct stat *st)
{
	long pid = temp_writer(name);

	if (!S_ISREG(st->st_mode))
		return 0;
	/* kill(pid, 0) fails with ESRCH only when no such process lives: a
	 * live writer's file, or one we may not signal, stays */
	if (pid > 0)
		return pid != (long)getpid() && kill((pid_t)pid, 0) < 0 &&
		    errno == ESRCH;
	return old_style_temp(name) && time(NULL) - st->st_mtime >
	    STATE_OLD_TEMP_AGE;
}

void
state_sweep_temps(const char *dir)
{
	char path[PATH_MAX];
	struct dirent *e;
	struct stat st;
	DIR *d;

	if (!(d = opendir(dir)))
		return;
	while ((e = readdir(d)) != NULL)
		if (strstr(e->d_name, ".tmp.") &&
		    snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < PATH_MAX &&
		    lstat(path, &st) == 0 && stale_temp(e->d_name, &st))
			unlink(path);
	closedir(d);
}

static int
parent_dir(const char *path, char dir[PATH_MAX])
{
	char *slash;

	if (snprintf(dir, PATH_MAX, "%s", path) >= PATH_MAX)
		return -1;
	slash = strrchr(dir, '/');
	if (slash && slash != dir)
		*slash = '\0';
	else
		snprintf(dir, PATH_MAX, "%s", slash ? "/" : ".");
	return 0;
}

int
state_write_atomic(const char *path, const char *buf, size_t len)
{
	char dir[PATH_MAX], tmp[PATH_MAX];
	int fd;

	if (parent_dir(path, dir) < 0 || snprintf(tmp, sizeof tmp,
	    "%s.tmp.%ld.XXXXXX", path, (long)getpid()) >= (int)sizeof tmp)
		return err(ST_SYS, "path too long: '%s'", path);
	if (state_mkdirs(dir, 0700) < 0)
		return err_sys("cannot create '%s'", dir);
	state_sweep_temps(dir);
	/* mkstemp opens with O_EXCL: a link planted under the name fails it */
	fd = mkstemp(tmp);
	if (fd < 0)
		return err_sys("cannot create a file in '%s'", dir);
	(void)fcntl(fd, F_SETFD, FD_CLOEXEC);
	if (state_write_all(fd, buf, len) < 0 || fsync(fd) < 0) {
		err_sys("cannot write '%s'", tmp);
		close(fd);
		unlink(tmp);
		return ST_SYS;
	}
	if (close(fd) < 0 || rename(tmp, path) < 0) {
		err_sys("cannot replace '%s'", path);
		unlink(tmp);
		return ST_SYS;
	}
	if (sync_dir(dir) < 0)
		return err_sys("cannot flush '%s'", dir);
	return ST_OK;
}

/* Read to the end, in a buffer sized by fstat, refusing past max bytes. */
static int
read_whole(int fd, size_t size, size_t max, char **buf, size_t *len)
{
	size_t cap = size + 2, used = 0;
	char *p = err_malloc(cap);
	ssize_t r;

	for (;;) {
		if (used + 1 >= cap)
			p = err_realloc(p, cap *= 2);
		r = read(fd, p + used, cap - used - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0 || (used += (size_t)r) > max)
			break;
	}
	if (r < 0 || used > max) {
		if (r >= 0)
			errno = EFBIG;
		free(p);
		return -1;
	}
	p[used] = '\0';
	*buf = p;
	*len = used;
	return 0;
}

static int
too_big(size_t max, char *why, size_t whylen)
{
	snprintf(why, whylen, "larger than the %zu bytes a state file may hold",
	    max);
	return ST_DATA;
}

int
state_read(const char *path, size_t max, char **buf, size_t *len, char *why,
    size_t whylen)
{
	size_t size;
	int fd, r;

	switch (data_open_checked(path, O_NOFOLLOW, max, &fd, &size)) {
	case DATA_OPENED:
		break;
	case DATA_CANNOT_OPEN:
		if (errno == ENOENT)
			return snprintf(why, whylen, "no such file"), ST_NO;
		if (errno == ELOOP)
			return snprintf(why, whylen, "not a regular file (a "
			    "symbolic link)"), ST_DATA;
		return snprintf(why, whylen, "cannot open it: %s",
		    strerror(errno)), ST_SYS;
	case DATA_CANNOT_STAT:
		return snprintf(why, whylen, "cannot read it: %s",
		    strerror(errno)), ST_SYS;
	case DATA_NOT_REGULAR:
		return snprintf(why, whylen, "not a regular file"), ST_DATA;
	case DATA_TOO_BIG:
		return too_big(max, why, whylen);
	}
	if (read_whole(fd, size, max, buf, len) == 0) {
		close(fd);
		return ST_OK;
	}
	r = errno;
	close(fd);
	if (r == EFBIG)		/* it grew past max while being read */
		return too_big(max, why, whylen);
	return snprintf(why, whylen, "cannot read it: %s", strerror(r)), ST_SYS;
}

int
state_lock_timeout(double *t)
{
	const char *env = getenv(STATE_LOCK_ENV), *p;
	char *end;

	*t = STATE_LOCK_TIMEOUT;
	if (!env || !*env)
		return ST_OK;
	/* plain decimals only: strtod would take "inf", "nan" and hex too */
	for (p = env; *p; p++)
		if (!isdigit((unsigned char)*p) && *p != '.')
			break;
	errno = 0;
	if (!*p && isdigit((unsigned char)env[0]))
		*t = strtod(env, &end);
	if (*p || !isdigit((unsigned char)env[0]) || errno || *end ||
	    !(*t >= 0 && *t <= 3600))
		return err(ST_USAGE, "%s: not a number of seconds from 0 to 3600: "
		    "'%s'", STATE_LOCK_ENV, env);
	return ST_OK;
}

double
state_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
nap(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

/*
 * flock(2) rather than fcntl(2) locks: a flock lock belongs to the open
 * file, so it is dropped only when this descriptor closes (or the process
 * dies), and flock(1) in the tests takes the very same lock.  The wait is
 * a poll with growing naps, because a blocking flock cannot time out
 * without signals.
 */
int
state_lock(const char *lockpath, const char *what, double timeout, int *fd)
{
	char dir[PATH_MAX], *slash;
	double start = state_now();
	struct stat st;
	int r;

	snprintf(dir, sizeof dir, "%s", lockpath);
	if ((slash = strrchr(dir, '/')) != NULL && slash != dir) {
		*slash = '\0';
		if (state_mkdirs(dir, 0700) < 0)
			return err_sys("cannot create '%s'", dir);
	}
	/* O_NONBLOCK: a FIFO planted under the name must not hang us */
	*fd = open(lockpath, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK |
	    O_CLOEXEC, 0600);
	if (*fd < 0 && errno == ELOOP)
		return err(ST_DATA, "the lock file is a symbolic link, which umpire "
		    "never makes (remove it): '%s'", lockpath);
	if (*fd < 0)
		return err_sys("cannot open the lock file '%s'", lockpath);
	if (fstat(*fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(*fd);
		*fd = -1;
		return err(ST_DATA, "the lock file is not a regular file (remove "
		    "it): '%s'", lockpath);
	}
	if ((r = state_lock_fd(*fd, lockpath, what, timeout, start)) != ST_OK) {
		close(*fd);
		*fd = -1;
	}
	return r;
}

int
state_lock_fd(int fd, const char *path, const char *what, double timeout,
    double start)
{
	long ms = 1;
	int told = 0;

	for (;;) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			return ST_OK;
		if (errno != EWOULDBLOCK && errno != EINTR)
			return err_sys("cannot lock '%s'", path);
		if (state_now() - start >= timeout)
			break;
		/* a wait the player can notice is a wait the player is told of */
		if (!told && state_now() - start >= STATE_LOCK_TELL) {
			err(ST_OK, "waiting for another process to let go of '%s' "
			    "(up to %g s)", path, timeout);
			told = 1;
		}
		nap(ms);
		if (ms < 20)
			ms *= 2;
	}
	return err(ST_BUSY, "%s is busy: another process holds '%s' (gave up "
	    "after %g s; %s sets the wait)", what, path, timeout,
	    STATE_LOCK_ENV);
}

void
state_unlock(int fd)
{
	if (fd >= 0)
		close(fd);	/* closing the descriptor drops the flock */
}
