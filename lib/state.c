/*
 * state.c: atomic, durable replacement of files; see state.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
