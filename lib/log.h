/*
 * log.h: the game log, $XDG_STATE_HOME/umpire/logs/NAME.jsonl, one JSON
 * object a line for every result printed while a log is asked for
 * (--log NAME, $UMPIRE_LOG, the shell's `set log NAME`).
 */
#ifndef UMPIRE_LOG_H
#define UMPIRE_LOG_H

#include <limits.h>
#include <sys/types.h>

#include <cjson/cJSON.h>

#include "ctx.h"

/* An entry is at most this long, newline included: one write(2) of it
 * lands whole in a file opened O_APPEND, whoever else is appending. */
#define LOG_ENTRY_MAX 16384

/* The words of a command line the log keeps, at most. */
#define LOG_WORDS_MAX 128

/* How every entry begins, "time" being its first member: a line torn
 * part-way still shows it was an entry. */
#define LOG_ENTRY_START "{\"time\":\""

/* Is name a log's name: lower case letters, digits, - and _ (no path)? */
int log_name_ok(const char *name);
/* $XDG_STATE_HOME/umpire/logs, and NAME.jsonl in it; ST_OK or reported. */
int log_dir(char path[PATH_MAX]);
int log_path(const char *name, char path[PATH_MAX]);

/*
 * Open the log at path for reading, in *fd, with its size in *size.
 * ST_OK; ST_NO, not reported, when there is none; reported, ST_DATA for
 * what is not a regular file (a symbolic link is not followed, as the
 * writer follows none) or ST_SYS.
 */
int log_open_read(const char *path, int *fd, off_t *size);

/* Is e an entry as log_append() writes one: an object with a string
 * "time" and an array "command"? */
int log_entry_shaped(const cJSON *e);

/*
 * Append one entry for c's command: the time, the command line, the
 * result (result, a JSON object or array) and summary (a line of text).
 * When secret names what the result holds, the entry says so instead of
 * holding the result.  Takes nothing over.  ST_OK, or ST_SYS reported.
 */
int log_append(const struct ctx *c, const cJSON *result, const char *summary,
    const char *secret);

#endif
