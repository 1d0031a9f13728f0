/*
 * state.c: atomic, durable replacement of files, and the locks that keep
 * two processes from changing one file at once; see state.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

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

static int
write_all(int fd, const char *buf, size_t len)
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

int
state_write_atomic(const char *path, const char *buf, size_t len)
{
	char dir[PATH_MAX], tmp[PATH_MAX];
	char *slash;
	int fd;

	snprintf(dir, sizeof dir, "%s", path);
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	else
		snprintf(dir, sizeof dir, ".");
	if (state_mkdirs(dir, 0700) < 0)
		return err_sys("cannot create '%s'", dir);
	if (snprintf(tmp, sizeof tmp, "%s.tmp.XXXXXX", path) >= (int)sizeof tmp)
		return err(ST_SYS, "path too long: '%s'", path);
	fd = mkstemp(tmp);
	if (fd < 0)
		return err_sys("cannot create a file in '%s'", dir);
	if (write_all(fd, buf, len) < 0 || fsync(fd) < 0) {
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

double
state_lock_timeout(void)
{
	const char *env = getenv(STATE_LOCK_ENV);
	char *end;
	double t;

	if (!env || !*env)
		return STATE_LOCK_TIMEOUT;
	t = strtod(env, &end);
	if (*end || !(t >= 0 && t <= 3600))
		return STATE_LOCK_TIMEOUT;
	return t;
}

static double
now_seconds(void)
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
	double start = now_seconds();
	long ms = 1;

	snprintf(dir, sizeof dir, "%s", lockpath);
	if ((slash = strrchr(dir, '/')) != NULL && slash != dir) {
		*slash = '\0';
		if (state_mkdirs(dir, 0700) < 0)
			return err_sys("cannot create '%s'", dir);
	}
	*fd = open(lockpath, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (*fd < 0)
		return err_sys("cannot open the lock file '%s'", lockpath);
	for (;;) {
		if (flock(*fd, LOCK_EX | LOCK_NB) == 0)
			return ST_OK;
		if (errno != EWOULDBLOCK && errno != EINTR) {
			err_sys("cannot lock '%s'", lockpath);
			close(*fd);
			*fd = -1;
			return ST_SYS;
		}
		if (now_seconds() - start >= timeout)
			break;
		nap(ms);
		if (ms < 20)
			ms *= 2;
	}
	close(*fd);
	*fd = -1;
	return err(ST_BUSY, "%s is busy: another process holds '%s' (gave up "
	    "after %g s; %s sets the wait)", what, lockpath, timeout,
	    STATE_LOCK_ENV);
}

void
state_unlock(int fd)
{
	if (fd >= 0)
		close(fd);	/* closing the descriptor drops the flock */
}
