/*
 * data.h: where data files are found, and reading them.
 *
 * A data file is named relative to a data directory ("loe/crt.json").  The
 * directories are searched in this order, and the first that holds the file
 * wins, so a player's imported chart shadows the shipped stand-in file by
 * file:
 *   1. --data DIR
 *   2. $UMPIRE_DATA
 *   3. $XDG_DATA_HOME/umpire (default ~/.local/share/umpire): imports
 *   4. the installed $(datadir)/umpire
 *   5. the source tree's rules/, only when this binary is the one in the
 *      build directory
 */
#ifndef UMPIRE_DATA_H
#define UMPIRE_DATA_H

#include <limits.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "ctx.h"

#define DATA_MAX_DIRS 4

/* The directories to search, in order; returns how many. */
size_t data_dirs(const struct ctx *c, char dirs[DATA_MAX_DIRS][PATH_MAX]);

/*
 * The names of the files game/sub/NAME.json (or NAME.map) in every data
 * directory (maps, situations), each once, sorted: *names is malloc'd,
 * each name too (the caller frees them).  Returns how many.
 */
size_t data_names(const struct ctx *c, const char *game, const char *sub,
    char ***names);

/*
 * The path of rel in the first directory that has it: 0, or -1 when none
 * has.  A name there that cannot be reached (a symlink loop) counts as
 * there, so that the reader reports it.
 */
int data_find(const struct ctx *c, const char *rel, char path[PATH_MAX]);
/*
 * The same for a file with several names (NULL-terminated list, e.g. a map
 * as NAME.json or NAME.map): the first directory that has any of them
 * wins, so a player's file shadows a shipped one whichever form each is;
 * within a directory the earlier name wins.
 */
int data_find_first(const struct ctx *c, const char *const rels[],
    char path[PATH_MAX]);

/* $XDG_DATA_HOME/umpire, where imports go: 0, or -1 if no home is known. */
int data_user_dir(char path[PATH_MAX]);
/*
 * Forget what the lookup learnt of the directories (that the player has no
 * data folder): a new command, which may come after one that made it.
 */
void data_forget(void);
/* $XDG_STATE_HOME/umpire: 0, or -1 if no home is known. */
int data_state_dir(char path[PATH_MAX]);

/*
 * Every file umpire reads is untrusted: it must be a regular file (a FIFO
 * would hang the reader, /dev/zero would never end) of at most this many
 * bytes.  The largest shipped file is well under 1 MB.
 */
#define DATA_MAX_BYTES ((size_t)64 << 20)

/*
 * Open path for reading without blocking: a regular file of at most max
 * bytes.  Returns ST_OK with the descriptor and the size; otherwise reports
 * "not a regular file", "file too big", "a symlink loop" (ST_DATA) or the
 * system's reason (ST_SYS), naming path.
 */
int data_open(const char *path, size_t max, int *fd, size_t *size);

/* The same, with the message in why[] instead of on stderr. */
int data_open_why(const char *path, size_t max, int *fd, size_t *size,
    char *why, size_t whylen);

/*
 * The checks themselves, for a reader that words its messages its own way
 * (state files): open path with O_RDONLY | O_NONBLOCK | O_CLOEXEC | flags
 * (O_NOFOLLOW, say), then a regular file of at most max bytes.  On
 * DATA_CANNOT_OPEN and DATA_CANNOT_STAT errno says why; on anything but
 * DATA_OPENED nothing is left open.
 */
enum data_check {
	DATA_OPENED,
	DATA_CANNOT_OPEN,
	DATA_CANNOT_STAT,
	DATA_NOT_REGULAR,
	DATA_TOO_BIG
};
enum data_check data_open_checked(const char *path, int flags, size_t max,
    int *fd, size_t *size);

/*
 * Read a whole file, opened as by data_open() with DATA_MAX_BYTES, into a
 * NUL-terminated buffer (the caller frees it).  Returns ST_OK, or reports
 * the failure naming path and returns ST_DATA or ST_SYS.
 */
int data_read_file(const char *path, char **buf, size_t *len);

/*
 * data_find_first and data_read_file in one, and cheaper: each name is
 * opened as it is looked up.  Returns ST_OK with the file's path and
 * text; ST_NO without a message when no directory has it; ST_DATA or
 * ST_SYS after reporting, as data_read_file does.
 */
int data_read_first(const struct ctx *c, const char *const rels[],
    char path[PATH_MAX], char **buf, size_t *len);

/* Line and column, counted from 1 in bytes, of offset off in buf. */
void data_position(const char *buf, size_t off, size_t *line, size_t *col);

/*
 * Parse JSON text.  Returns 0, or -1 with why[] saying where it broke
 * ("line 3, column 7: not valid JSON").
 */
int data_parse_json(const char *buf, size_t len, cJSON **out, char *why,
    size_t whylen);

/*
 * A JSON whole number from lo to hi: 0 with *out set, or -1 when v is not
 * a number, not whole, or out of range.  The range is checked on the
 * double first: casting one out of int's range is undefined behaviour, and
 * every file umpire reads may hold 1e300.
 */
int data_json_int(const cJSON *v, int lo, int hi, int *out);

/*
 * Find, read and parse rel.  Returns ST_OK; ST_NO without a message when
 * no directory has the file; ST_DATA or ST_SYS after reporting.
 */
int data_load_json(const struct ctx *c, const char *rel, cJSON **out,
    char path[PATH_MAX]);

#endif
