/*
 * outfile.h: files the user names for umpire to write (`map svg -o FILE`,
 * the situation `supply-trace --update` changes).
 *
 * Such a file is the user's, not umpire's, so it is written the way a
 * shell's `>` would write it, with nothing replaced by surprise:
 *  - a symbolic link is followed, and its target (made if need be) is
 *    written, never the link;
 *  - a FIFO or a character device (a terminal, /dev/null) is opened and
 *    written as it is;
 *  - a regular file is replaced whole: the new contents go to a temporary
 *    beside it, flushed, then renamed over it, so a failed write leaves
 *    the old contents.  The file keeps its mode (and its owner and group
 *    where umpire may set them); a new file gets 0666 less the umask.  A
 *    file with several hard links is written in place, so every name
 *    keeps seeing it;
 *  - anything else (a directory, a socket, a block device) is refused.
 *
 * Nothing is ever swept from the user's folder by the look of its name.
 * A temporary is named .NAME.umpire-PID-XXXXXX and, before it is made,
 * recorded in umpire's state folder (pending/PID.XXXXXX holds its path);
 * a later write removes a temporary whose record says its writer is dead,
 * and only that file.
 */
#ifndef UMPIRE_OUTFILE_H
#define UMPIRE_OUTFILE_H

#include <limits.h>
#include <stddef.h>

/* Write buf to the file the user named, as above.  ST_OK, or reported:
 * ST_USAGE for a target that cannot be written (a directory, a socket),
 * ST_SYS for I/O. */
int outfile_write(const char *path, const char *buf, size_t len);

/*
 * Lock the file the user named against a second umpire changing it at
 * the same time.  The lock file lives in umpire's state folder
 * (locks/HASH.lock, HASH from the file's canonical path), never beside
 * the user's file.  As state_lock(): ST_OK with *fd set, ST_BUSY, ST_SYS.
 */
int outfile_lock(const char *path, const char *what, int *fd);

/* The lock file outfile_lock() takes for path; ST_OK or reported. */
int outfile_lock_path(const char *path, char out[PATH_MAX]);

/* Remove the temporaries that writers now dead left in users' folders. */
void outfile_sweep(void);

#endif
