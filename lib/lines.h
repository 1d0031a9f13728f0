/*
 * lines.h: the lines of a file descriptor, one at a time, in bounded
 * memory.  getline(3) grows a line without bound (a giant line,
 * /dev/zero) and reports a failed read or running out of memory as the
 * end of the input; this reader holds at most one line of max bytes and
 * one read's worth besides, and tells a long line, a failed read and the
 * end apart.  For the shell's scripts and the game log.
 */
#ifndef UMPIRE_LINES_H
#define UMPIRE_LINES_H

#include <stddef.h>
#include <sys/types.h>

enum lines_got {
	LINES_OK,	/* a line, its newline replaced by a NUL */
	LINES_LAST,	/* the last line, which had no newline */
	LINES_LONG,	/* a line longer than max: nothing of it is given */
	LINES_END,	/* no more input */
	LINES_FAIL	/* a read failed: errno says why */
};

struct lines {
	int fd;
	size_t max;		/* a line's bytes at most, its newline aside */
	char *buf;		/* max + 1 + one read, and a NUL */
	size_t start, end;	/* the bytes not yet taken: buf[start..end) */
	off_t left;		/* bytes still to read, or -1 for no limit */
	long n;			/* lines taken so far, the long ones too */
	int eof;
	int skipping;		/* the rest of a long line is still to go */
	int nul;		/* the long line just taken held a NUL byte */
};

/* Read fd, lines of at most max bytes, stopping after left bytes when
 * left >= 0.  lines_free() lets the buffer go; fd stays open. */
void lines_init(struct lines *l, int fd, size_t max, off_t left);
void lines_free(struct lines *l);

/*
 * The next line into *line (NUL-terminated, *len bytes, valid until the
 * next call).  A line may hold NUL bytes: the caller compares *len with
 * strlen().  After LINES_LONG the rest of that line is skipped on the
 * next call, up to its newline or up to a NUL byte (l->nul tells, for
 * the bytes already read), so binary input is never scanned to its end.
 */
enum lines_got lines_next(struct lines *l, char **line, size_t *len);

#endif
