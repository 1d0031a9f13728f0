/*
 * err.h: error reporting and exit statuses.
 *
 * Every failure is reported once, as one line on stderr of the form
 * "umpire CMD: what went wrong: 'value'", and travels back to the
 * dispatcher as a status.  Only the dispatcher turns a status into an
 * exit code, so a library function never exits.
 */
#ifndef UMPIRE_ERR_H
#define UMPIRE_ERR_H

#include <stddef.h>
#include <stdio.h>

enum status {
	ST_OK = 0,	/* done */
	ST_NO = 1,	/* a negative answer: no match, unreachable */
	ST_USAGE = 2,	/* the command line is wrong */
	ST_DATA = 3,	/* a table, map, deck or state file is bad */
	ST_SYS = 4,	/* I/O or memory */
	ST_BUSY = 5	/* a state file is locked by another process */
};

/* The command named in messages ("roll"); NULL for the bare program. */
void err_set_command(const char *name);
/* Where in its input the command is, named after it ("line 3" of a
 * shell script: "umpire roll: line 3: ..."); NULL for nowhere. */
void err_set_where(const char *where);
const char *err_command(void);

/*
 * Print one line and return the status, so callers can `return err(...)`.
 * Long quoted values are cut (err_cut_values).
 * Control characters (C0, DEL, C1) and bytes that are not UTF-8 in the
 * message are written as \xNN: no value quoted in it reaches the terminal
 * raw, and a newline in a value cannot split the line.
 */
int err(int status, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/*
 * The message s (n bytes) with each value quoted in it ('like this')
 * longer than 64 characters cut to its first 60 and "..." (a value with
 * a '/', likely a path, only past 200), and the whole past 1024
 * characters cut the same way, in place; returns its new length.  err()
 * passes every message through it.
 */
size_t err_cut_values(char *s, size_t n);

/* As err(), with ": strerror(errno)" appended; the status is ST_SYS. */
int err_sys(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Allocation that reports and aborts the process on failure: umpire has
 * nothing useful to do without memory, and every caller would repeat it. */
void *err_malloc(size_t n);
void *err_calloc(size_t n, size_t size);
void *err_realloc(void *p, size_t n);
char *err_strdup(const char *s);

/*
 * The length of the valid UTF-8 sequence at s (at most n bytes long), or
 * 0 when s does not start one.
 */
size_t err_utf8_len(const char *s, size_t n);

/*
 * How many bytes at the start of s (n long) are valid UTF-8 and hold no
 * control character (C0, DEL, C1): what may reach a terminal as it is.
 */
size_t err_safe_prefix(const char *s, size_t n);

/*
 * Write n bytes of s with controls and non-UTF-8 bytes shown as \xNN,
 * except the controls in keep ("\n\t" for text of several lines).
 */
void err_write_safe(FILE *fp, const char *s, size_t n, const char *keep);

/*
 * How many columns err_write_safe(fp, s, n, "") takes: a column per
 * character, four per escaped byte.  A caret under a spot in an escaped
 * value is indented by the width of what comes before it.
 */
size_t err_safe_width(const char *s, size_t n);

/*
 * The candidate closest to a mistyped word, for "did you mean" hints, or
 * NULL when nothing is close enough to be a likely typo.  The word
 * itself is never suggested.
 */
const char *err_nearest(const char *word, const char *const *cands, size_t n);

#endif
