/*
 * test_lines.c: lines_next (lib/lines.c), the bounded reader of the
 * shell's scripts and the game log.  Each case is a text written to a
 * temporary file and read back with a small max, so the edges are near:
 * a line of exactly max bytes, one more, a last line without a newline,
 * a long line skipped to its newline or stopped at a NUL byte, a limit
 * on the bytes read, a read that fails (a directory), and lines far
 * longer than one read.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lines.h"
#include "tap.h"

/* text (len bytes) in a file, open at its start */
static int
file_of(const char *text, size_t len)
{
	char path[] = "/tmp/test_lines.XXXXXX";
	int fd = mkstemp(path);

	if (fd < 0 || write(fd, text, len) != (ssize_t)len) {
		perror("test_lines");
		exit(2);
	}
	unlink(path);
	lseek(fd, 0, SEEK_SET);
	return fd;
}

/* Read text with max and left; what each call gives, as words joined by
 * spaces: ok:LINE, last:LINE, long, long+nul, end, fail. */
static void
trace(const char *text, size_t len, size_t max, off_t left, char *out,
    size_t size)
{
	struct lines l;
	char *line;
	size_t n, used = 0;
	int fd = file_of(text, len), got;

	lines_init(&l, fd, max, left);
	out[0] = '\0';
	do {
		got = lines_next(&l, &line, &n);
		used += (size_t)snprintf(out + used, size - used, "%s%s%s",
		    used ? " " : "",
		    got == LINES_OK ? "ok:" : got == LINES_LAST ? "last:" :
		    got == LINES_LONG ? (l.nul ? "long+nul" : "long") :
		    got == LINES_END ? "end" : "fail",
		    got == LINES_OK || got == LINES_LAST ? line : "");
	} while (got != LINES_END && got != LINES_FAIL && used < size);
	lines_free(&l);
	close(fd);
}

#define T(text, max, left, want) do { \
	char got_[512]; \
	trace(text, sizeof text - 1, max, left, got_, sizeof got_); \
	is_str(got_, want, "%s (max %d, left %d)", #text, (int)(max), (int)(left)); \
} while (0)

int
main(void)
{
	struct lines l;
	char *line, *big;
	size_t n, i;
	int fd;

	T("", 4, -1, "end");
	T("ab\ncd\n", 4, -1, "ok:ab ok:cd end");
	T("ab\ncd", 4, -1, "ok:ab last:cd end");
	T("\n\n", 4, -1, "ok: ok: end");
	/* max bytes are a line; one more is long, and the next line is whole */
	T("abcd\nabcde\nxy\n", 4, -1, "ok:abcd long ok:xy end");
	T("abcde", 4, -1, "long end");
	/* a NUL byte in a long line: said, and the skip stops there */
	T("ab\0cdef\nxy\n", 4, -1, "long+nul ok:xy end");
	/* a line with a NUL byte within max is given, NUL and all */
	T("a\0b\n", 4, -1, "ok:a end");
	/* left: the bytes past it are not read, a line cut there is last */
	T("ab\ncd\nef\n", 4, 5, "ok:ab last:cd end");
	T("ab\ncd\n", 4, 0, "end");

	/* lines longer than a read (64 KB), and one that is exactly max */
	big = malloc(300000);
	memset(big, 'x', 300000);
	big[200000] = '\n';	/* line 1: 200000 bytes, long */
	big[200001 + 70000] = '\n';	/* line 2: 70000 bytes, max */
	fd = file_of(big, 200001 + 70001);
	lines_init(&l, fd, 70000, -1);
	is_int(lines_next(&l, &line, &n), LINES_LONG, "a line of 200000 bytes is long");
	is_int(l.nul, 0, "and holds no NUL byte");
	is_int(lines_next(&l, &line, &n), LINES_OK, "the next, of max bytes, is a line");
	is_int(n, 70000, "all of it");
	for (i = 0; i < n && line[i] == 'x'; i++)
		;
	is_int(i, 70000, "as written");
	is_int(l.n, 2, "two lines taken");
	is_int(lines_next(&l, &line, &n), LINES_END, "then the end");
	lines_free(&l);
	close(fd);
	free(big);

	/* a directory opens, but a read of it fails: not the end */
	fd = open("/", O_RDONLY);
	lines_init(&l, fd, 4, -1);
	is_int(lines_next(&l, &line, &n), LINES_FAIL, "a failed read is no end");
	lines_free(&l);
	close(fd);
	return tap_done();
}
