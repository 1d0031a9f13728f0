/*
 * state.h: durable files.
 *
 * A file umpire owns (an imported chart, a deck, the roll log) is never
 * written in place: the new contents go to a temporary file beside it,
 * which is flushed to disk and renamed over the old one, and then the
 * directory itself is flushed, so that after a crash the file holds either
 * the old contents or the new, never a mixture.
 *
 * A file that several processes change (a deck) is changed only under an
 * exclusive lock on a separate lock file beside it ("adwa.lock" for
 * "adwa.json"): the lock never sits on the file being renamed over, so
 * every process that waits locks the same inode.  A process that cannot
 * get the lock within the timeout gives up with ST_BUSY.
 *
 * Every file made here is made without following a symbolic link (the
 * lock with O_NOFOLLOW, a temporary with O_EXCL), so a link planted in
 * the state folder never sends a write outside it.  A temporary is named
 * PATH.tmp.PID.XXXXXX: a writer killed before its rename leaves one
 * behind, and the next write into that folder removes it once no process
 * with that PID is alive (one named the older way, PATH.tmp.XXXXXX, once
 * it is a day old).
 */
#ifndef UMPIRE_STATE_H
#define UMPIRE_STATE_H

#include <stddef.h>
#include <sys/types.h>

/* mkdir -p with the given mode for the directories it creates. */
int state_mkdirs(const char *dir, mode_t mode);

/* write(2) all len bytes, again after EINTR or a short write; 0 or -1. */
int state_write_all(int fd, const char *buf, size_t len);

/*
 * Replace path with buf atomically and durably, creating its directory
 * (mode 0700) if needed.  Returns ST_OK or reports and returns ST_SYS.
 */
int state_write_atomic(const char *path, const char *buf, size_t len);

/* Remove the temporaries that dead writers left in dir. */
void state_sweep_temps(const char *dir);

/*
 * Read a state file whole into a NUL-terminated buffer (the caller frees
 * it), without blocking and without following a symbolic link: anything
 * but a regular file of at most max bytes is refused.  Returns ST_OK; or
 * ST_NO when there is no such file, ST_DATA (not a regular file, too big)
 * or ST_SYS, with why[] saying what, and nothing reported.
 */
int state_read(const char *path, size_t max, char **buf, size_t *len,
    char *why, size_t whylen);

/* How long state_lock() waits by default, and the variable that changes it
 * (seconds, fractions allowed, 0 to give up at once). */
#define STATE_LOCK_TIMEOUT 10.0
#define STATE_LOCK_ENV "UMPIRE_LOCK_TIMEOUT"
/* After this many seconds of waiting, a line on stderr says so. */
#define STATE_LOCK_TELL 1.0

/* The timeout in seconds: $UMPIRE_LOCK_TIMEOUT when set, which must be a
 * number from 0 to 3600 (ST_USAGE, reported, otherwise), or
 * STATE_LOCK_TIMEOUT.  Returns ST_OK with *t set. */
int state_lock_timeout(double *t);

/*
 * Take an exclusive lock on lockpath, creating it (and its directory, mode
 * 0700) if needed, waiting up to timeout seconds for another holder to let
 * go.  Returns ST_OK with *fd set; ST_BUSY (reported, naming what) when the
 * wait ran out; ST_DATA when the lock is a symbolic link or not a regular
 * file; ST_SYS when it cannot be opened.  The lock lasts
 * until state_unlock(*fd) or the process ends, whichever comes first, so a
 * process killed while holding it never leaves a stale lock behind.
 */
int state_lock(const char *lockpath, const char *what, double timeout, int *fd);
/* The same wait on a file already open as fd (path names it in messages),
 * counting from start (state_now()); fd stays open whatever happens. */
int state_lock_fd(int fd, const char *path, const char *what, double timeout,
    double start);
double state_now(void);	/* seconds, monotonic */
void state_unlock(int fd);

#endif
