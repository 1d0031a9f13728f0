/*
 * outfile.c: writing a file the user named, as a shell redirection would
 * and without harming what is there; see outfile.h.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "data.h"
#include "err.h"
#include "outfile.h"
#include "state.h"

/* As the kernel's own limit on links followed in one path. */
#define OUTFILE_MAX_LINKS 40

/* ---- where a write lands ---- */

static int
join_dir(char out[PATH_MAX], const char *of, const char *name)
{
	const char *slash = strrchr(of, '/');
	int n = slash ? (int)(slash - of) : 0;

	if (!slash)
		return snprintf(out, PATH_MAX, "%s", name) >= PATH_MAX ? -1 : 0;
	return snprintf(out, PATH_MAX, "%.*s/%s", n, of, name) >= PATH_MAX ?
	    -1 : 0;
}

/*
 * Follow path's symbolic links to what a write through it would reach.
 * *exists says whether that is there; st holds its stat when it is.
 * Returns 0, or -1 with errno set.
 */
static int
follow(const char *path, char out[PATH_MAX], struct stat *st, int *exists)
{
	char link[PATH_MAX], next[PATH_MAX];
	ssize_t n;
	int hops;

	if (snprintf(out, PATH_MAX, "%s", path) >= PATH_MAX)
		return errno = ENAMETOOLONG, -1;
	for (hops = 0;; hops++) {
		if (lstat(out, st) < 0) {
			if (errno != ENOENT)
				return -1;
			*exists = 0;
			return 0;
		}
		if (!S_ISLNK(st->st_mode)) {
			*exists = 1;
			return 0;
		}
		if (hops == OUTFILE_MAX_LINKS)
			return errno = ELOOP, -1;
		if ((n = readlink(out, link, sizeof link - 1)) < 0)
			return -1;
		link[n] = '\0';
		if (link[0] == '/')
			snprintf(next, sizeof next, "%s", link);
		else if (join_dir(next, out, link) < 0)
			return errno = ENAMETOOLONG, -1;
		memcpy(out, next, sizeof next);
	}
}

static void
dir_of(const char *path, char dir[PATH_MAX])
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		snprintf(dir, PATH_MAX, ".");
	else if (slash == path)
		snprintf(dir, PATH_MAX, "/");
	else
		snprintf(dir, PATH_MAX, "%.*s", (int)(slash - path), path);
}

static const char *
base_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* ---- the record of temporaries in flight, in umpire's state folder ---- */

static int
state_sub(const char *sub, char out[PATH_MAX])
{
	char base[PATH_MAX];

	if (data_state_dir(base) < 0 ||
	    snprintf(out, PATH_MAX, "%s/%s", base, sub) >= PATH_MAX)
		return -1;
	return 0;
}

/* A record's name is PID.XXXXXX: the writer's PID, or -1 for another. */
static long
record_pid(const char *name)
{
	char *end;
	long pid;

	errno = 0;
	pid = strtol(name, &end, 10);
	if (errno || end == name || *end != '.' || strlen(end + 1) != 6 || pid <= 0)
		return -1;
	return pid;
}

/*
 * The temporary a dead writer's record names goes, if it is still a
 * regular file of the name umpire gave it; then the record goes.
 */
static void
sweep_record(const char *rec, long pid, const char *tag)
{
	char tmp[PATH_MAX + 2], want[64];
	struct stat st;
	ssize_t n;
	int fd;

	if ((fd = open(rec, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)) < 0)
		return;
	n = read(fd, tmp, sizeof tmp - 1);
	close(fd);
	if (n <= 1 || tmp[n - 1] != '\n')
		goto done;
	tmp[n - 1] = '\0';
	snprintf(want, sizeof want, ".umpire-%ld-%s", pid, tag);
	if (strlen(base_of(tmp)) > strlen(want) && base_of(tmp)[0] == '.' &&
	    strcmp(tmp + strlen(tmp) - strlen(want), want) == 0 &&
	    lstat(tmp, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid())
		unlink(tmp);
done:
	unlink(rec);
}

void
outfile_sweep(void)
{
	char dir[PATH_MAX], rec[PATH_MAX];
	struct dirent *e;
	long pid;
	DIR *d;

	if (state_sub("pending", dir) < 0 || !(d = opendir(dir)))
		return;
	while ((e = readdir(d)) != NULL) {
		pid = record_pid(e->d_name);
		/* kill(pid, 0) fails with ESRCH only when no such process
		 * lives: a live writer's temporary stays */
		if (pid < 0 || pid == (long)getpid() || kill((pid_t)pid, 0) == 0 ||
		    errno != ESRCH)
			continue;
		if (snprintf(rec, sizeof rec, "%s/%s", dir, e->d_name) < PATH_MAX)
			sweep_record(rec, pid, strchr(e->d_name, '.') + 1);
	}
	closedir(d);
}

/* A temporary beside target, and its record; both paths are set. */
struct outfile_tmp {
	char path[PATH_MAX];
	char rec[PATH_MAX];	/* "" when the state folder has no room */
	int fd;
};

static void
tmp_drop(struct outfile_tmp *t)
{
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
	unlink(t->path);
	if (t->rec[0])
		unlink(t->rec);
}

/* DIR/.NAME.umpire-PID-TAG, beside target. */
static int
tmp_name(char out[PATH_MAX], const char *target, const char *tag)
{
	char name[NAME_MAX + 1];

	if (snprintf(name, sizeof name, ".%s.umpire-%ld-%s", base_of(target),
	    (long)getpid(), tag) >= (int)sizeof name)
		return errno = ENAMETOOLONG, -1;
	return join_dir(out, target, name) < 0 ? (errno = ENAMETOOLONG, -1) : 0;
}

/* The record first, so that no temporary exists unrecorded: mkstemp
 * names it, and the temporary takes the same six characters. */
static int
tmp_record(struct outfile_tmp *t, const char *target)
{
	char dir[PATH_MAX];
	int fd;

	if (state_sub("pending", dir) < 0 || state_mkdirs(dir, 0700) < 0 ||
	    snprintf(t->rec, sizeof t->rec, "%s/%ld.XXXXXX", dir,
	    (long)getpid()) >= PATH_MAX || (fd = mkstemp(t->rec)) < 0) {
		t->rec[0] = '\0';
		return -1;
	}
	if (tmp_name(t->path, target, t->rec + strlen(t->rec) - 6) < 0 ||
	    dprintf(fd, "%s\n", t->path) < 0) {
		close(fd);
		unlink(t->rec);
		t->rec[0] = '\0';
		return -1;
	}
	close(fd);
	return 0;
}

static mode_t
current_umask(void)
{
	mode_t m = umask(0);

	umask(m);
	return m;
}

/* Without a state folder the temporary is still made, unrecorded. */
static int
tmp_open(struct outfile_tmp *t, const char *target)
{
	int tries, e;

	for (tries = 0; tries < 8 && tmp_record(t, target) == 0; tries++) {
		t->fd = open(t->path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		    O_CLOEXEC, 0666);
		if (t->fd >= 0)
			return 0;
		e = errno;
		unlink(t->rec);
		t->rec[0] = '\0';
		if ((errno = e) != EEXIST)
			return -1;
	}
	if (tmp_name(t->path, target, "XXXXXX") < 0 ||
	    (t->fd = mkstemp(t->path)) < 0)
		return -1;
	(void)fcntl(t->fd, F_SETFD, FD_CLOEXEC);
	(void)fchmod(t->fd, 0666 & ~current_umask());
	return 0;
}

/* ---- the three ways to write ---- */

/* A FIFO or a device, or a file other names share: opened as `>` would. */
static int
write_in_place(const char *target, const char *buf, size_t len)
{
	int fd = open(target, O_WRONLY | O_TRUNC | O_NOCTTY | O_CLOEXEC);

	if (fd < 0)
		return err_sys("cannot open '%s'", target);
	if (state_write_all(fd, buf, len) < 0) {
		err_sys("cannot write '%s'", target);
		close(fd);
		return ST_SYS;
	}
	if (close(fd) < 0)
		return err_sys("cannot write '%s'", target);
	return ST_OK;
}

/* The old file's mode, and its owner where we may set it. */
static void
keep_owner(int fd, const struct stat *old)
{
	(void)fchmod(fd, old->st_mode & 07777);
	if (old->st_uid != geteuid() || old->st_gid != getegid())
		(void)fchown(fd, old->st_uid, old->st_gid);
	/* a chown may clear set-id bits: set the mode again */
	(void)fchmod(fd, old->st_mode & 07777);
}

static int
replace(const char *target, const struct stat *old, const char *buf,
    size_t len)
{
	struct outfile_tmp t = { .fd = -1 };
	char dir[PATH_MAX];
	int fd;

	outfile_sweep();
	if (tmp_open(&t, target) < 0)
		return err_sys("cannot create a file beside '%s'", target);
	if (old)
		keep_owner(t.fd, old);
	if (state_write_all(t.fd, buf, len) < 0 || fsync(t.fd) < 0) {
		err_sys("cannot write '%s'", target);
		tmp_drop(&t);
		return ST_SYS;
	}
	fd = t.fd;
	t.fd = -1;
	if (close(fd) < 0 || rename(t.path, target) < 0) {
		err_sys("cannot replace '%s'", target);
		tmp_drop(&t);
		return ST_SYS;
	}
	if (t.rec[0])
		unlink(t.rec);
	dir_of(target, dir);
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0) {
		(void)fsync(fd);	/* the rename, durable */
		close(fd);
	}
	return ST_OK;
}

int
outfile_write(const char *path, const char *buf, size_t len)
{
	char target[PATH_MAX];
	struct stat st;
	int exists;

	if (!*path)
		return err(ST_USAGE, "no file named: ''");
	if (follow(path, target, &st, &exists) < 0)
		return err_sys("cannot follow '%s'", path);
	if (!exists)
		return replace(target, NULL, buf, len);
	if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))
		return write_in_place(target, buf, len);
	if (S_ISDIR(st.st_mode))
		return err(ST_USAGE, "a folder, not a file: '%s'", path);
	if (!S_ISREG(st.st_mode))
		return err(ST_USAGE, "not a file umpire writes (a socket or a block "
		    "device): '%s'", path);
	if (st.st_nlink > 1)
		return write_in_place(target, buf, len);
	return replace(target, &st, buf, len);
}

/* ---- locks ---- */

/* FNV-1a, 64 bits: a lock's name, not a secret. */
static uint64_t
fnv1a(const char *s)
{
	uint64_t h = 14695981039346656037ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

int
outfile_lock_path(const char *path, char out[PATH_MAX])
{
	char target[PATH_MAX], dir[PATH_MAX], real[PATH_MAX], canon[PATH_MAX * 2];
	char locks[PATH_MAX];
	struct stat st;
	int exists;

	if (follow(path, target, &st, &exists) < 0)
		return err_sys("cannot follow '%s'", path);
	dir_of(target, dir);
	if (!realpath(dir, real))
		return err_sys("cannot find the folder of '%s'", path);
	snprintf(canon, sizeof canon, "%s/%s", real, base_of(target));
	if (state_sub("locks", locks) < 0)
		return err(ST_SYS, "no folder for locks: XDG_STATE_HOME and HOME "
		    "are unset or not absolute paths (set one of them)");
	if (snprintf(out, PATH_MAX, "%s/%016llx.lock", locks,
	    (unsigned long long)fnv1a(canon)) >= PATH_MAX)
		return err(ST_SYS, "path too long: '%s'", locks);
	return ST_OK;
}

int
outfile_lock(const char *path, const char *what, int *fd)
{
	char lock[PATH_MAX];
	double timeout;
	int st;

	if ((st = outfile_lock_path(path, lock)) != ST_OK ||
	    (st = state_lock_timeout(&timeout)) != ST_OK)
		return st;
	return state_lock(lock, what, timeout, fd);
}
