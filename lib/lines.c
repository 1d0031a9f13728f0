/*
 * lines.c: a bounded line reader; see lines.h.
 *
 * The buffer holds what is left of the last read, moved to its start
 * before the next one, so a line up to max bytes always fits whole with
 * room for a read after it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "lines.h"

#define LINES_READ (1 << 16)

void
lines_init(struct lines *l, int fd, size_t max, off_t left)
{
	memset(l, 0, sizeof *l);
	l->fd = fd;
	l->max = max;
	l->left = left;
	l->buf = err_malloc(max + 1 + LINES_READ + 1);
}

void
lines_free(struct lines *l)
{
	free(l->buf);
	l->buf = NULL;
}

/* Read once more after the bytes held: 0, or -1 with errno set. */
static int
fill(struct lines *l)
{
	size_t room;
	ssize_t got;

	if (l->start > 0) {
		memmove(l->buf, l->buf + l->start, l->end - l->start);
		l->end -= l->start;
		l->start = 0;
	}
	room = l->max + 1 + LINES_READ - l->end;
	if (l->left >= 0 && (off_t)room > l->left)
		room = (size_t)l->left;
	if (room == 0) {
		l->eof = 1;
		return 0;
	}
	do
		got = read(l->fd, l->buf + l->end, room);
	while (got < 0 && errno == EINTR);
	if (got < 0)
		return -1;
	if (got == 0)
		l->eof = 1;
	l->end += (size_t)got;
	if (l->left >= 0)
		l->left -= got;
	return 0;
}

/* Drop the rest of a long line, up to and with its newline; a NUL byte
 * ends the skip too (the input is not text: the caller stops). */
static int
skip(struct lines *l)
{
	for (;;) {
		char *p = l->buf + l->start;
		char *nl = memchr(p, '\n', l->end - l->start);

		if (memchr(p, '\0', (size_t)((nl ? nl : l->buf + l->end) - p)))
			l->nul = 1;
		if (nl) {
			l->start = (size_t)(nl + 1 - l->buf);
			break;
		}
		l->start = l->end = 0;
		if (l->eof || l->nul)
			break;
		if (fill(l) < 0)
			return -1;
	}
	l->skipping = 0;
	return 0;
}

/* A line too long: say whether what was read of it holds a NUL byte. */
static enum lines_got
too_long(struct lines *l, size_t seen)
{
	l->n++;
	l->nul = memchr(l->buf + l->start, '\0', seen) != NULL;
	return LINES_LONG;
}

enum lines_got
lines_next(struct lines *l, char **line, size_t *len)
{
	size_t seen = 0;

	if (l->skipping && skip(l) < 0)
		return LINES_FAIL;
	for (;;) {
		char *p = l->buf + l->start;
		char *nl = memchr(p + seen, '\n', l->end - l->start - seen);

		if (nl && (size_t)(nl - p) > l->max) {
			too_long(l, (size_t)(nl - p));
			l->start = (size_t)(nl + 1 - l->buf);
			return LINES_LONG;
		}
		if (nl) {
			*nl = '\0';
			*line = p;
			*len = (size_t)(nl - p);
			l->start = (size_t)(nl + 1 - l->buf);
			l->n++;
			return LINES_OK;
		}
		seen = l->end - l->start;
		if (seen > l->max) {
			l->skipping = 1;
			return too_long(l, seen);
		}
		if (l->eof && seen == 0)
			return LINES_END;
		if (l->eof) {
			p[seen] = '\0';
			*line = p;
			*len = seen;
			l->start = l->end;
			l->n++;
			return LINES_LAST;
		}
		if (fill(l) < 0)
			return LINES_FAIL;
	}
}
