/*
 * err.c: one-line error messages and the allocation wrappers.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"

static const char *command_name;

/* the script's line (err_set_where); never a value, so never escaped */
static char where_name[32];

void
err_set_where(const char *where)
{
	snprintf(where_name, sizeof where_name, "%s", where ? where : "");
}

void
err_set_command(const char *name)
{
	command_name = name;
}

const char *
err_command(void)
{
	return command_name;
}

size_t
err_utf8_len(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t len, i;
	unsigned long cp;

	if (n == 0)
		return 0;
	if (u[0] < 0x80)
		return 1;
	if (u[0] >= 0xc2 && u[0] <= 0xdf) {
		len = 2;
		cp = u[0] & 0x1f;
	} else if (u[0] >= 0xe0 && u[0] <= 0xef) {
		len = 3;
		cp = u[0] & 0x0f;
	} else if (u[0] >= 0xf0 && u[0] <= 0xf4) {
		len = 4;
		cp = u[0] & 0x07;
	} else {
		return 0;	/* a continuation byte, or never valid */
	}
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (u[i] & 0x3f);
	}
	/* overlong forms, UTF-16 surrogates and past U+10FFFF are not UTF-8 */
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return len;
}

/*
 * Whether the eight bytes at u are all printable ASCII (0x20..0x7e), in
 * a few word operations: the lowest byte out of that range sets its high
 * bit in one of the three terms (nothing below it borrows or carries),
 * and bytes all in range set none.  JSON lines and messages are mostly
 * such bytes, so this keeps the check off the per-byte path.
 */
static int
word_printable(const char *s)
{
	const uint64_t ones = 0x0101010101010101u;
	uint64_t w;

	memcpy(&w, s, sizeof w);
	return (((w - 0x20 * ones) | (w + ones) | w) & (0x80 * ones)) == 0;
}

/* The same of n < 8 bytes. */
static int
short_printable(const char *s, size_t n)
{
	char w[8] = { ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ' };

	memcpy(w, s, n);
	return word_printable(w);
}

size_t
err_safe_prefix(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		while (n - i >= 8 && word_printable(s + i))
			i += 8;
		if (i == n)
			break;
		/* the last few bytes at once, most text being all printable:
		   as the word that ends the text (the bytes before them are
		   known good), or padded with blanks to one if it is shorter */
		if (n - i < 8 && (n >= 8 ? word_printable(s + n - 8) :
		    short_printable(s, n)))
			return n;
		const unsigned char *u = (const unsigned char *)s + i;
		size_t len;

		if (*u >= 0x20 && *u < 0x7f) {	/* printable ASCII: most text */
			i++;
			continue;
		}
		len = err_utf8_len(s + i, n - i);

		/* C1 controls (U+0080..U+009F): some terminals obey them as
		 * ESC [ and the like */
		if (!len || *u < 0x20 || *u == 0x7f ||
		    (len == 2 && u[0] == 0xc2 && u[1] < 0xa0))
			break;
		i += len;
	}
	return i;
}

void
err_write_safe(FILE *fp, const char *s, size_t n, const char *keep)
{
	while (n > 0) {
		size_t k = err_safe_prefix(s, n);

		fwrite(s, 1, k, fp);
		s += k;
		n -= k;
		if (n == 0)
			break;
		if (*s && strchr(keep, *s))
			fputc(*s, fp);
		else
			fprintf(fp, "\\x%02x", (unsigned char)*s);
		s++;
		n--;
	}
}

size_t
err_safe_width(const char *s, size_t n)
{
	size_t width = 0;

	while (n > 0) {
		size_t k = err_safe_prefix(s, n), i;

		for (i = 0; i < k; i++)	/* a column per character */
			width += ((unsigned char)s[i] & 0xc0) != 0x80;
		s += k;
		n -= k;
		if (n == 0)
			break;
		width += 4;		/* \xNN */
		s++;
		n--;
	}
	return width;
}

/*
 * Quoted values are cut to a readable length: a command line can carry a
 * 128 KB argument and a shell line a 1 MB one, and a message quoting all
 * of it buries the message.  A value longer than QUOTE_MAX characters
 * keeps its first QUOTE_KEEP and "..."; one with a '/' in it is most
 * likely a path, whose file name at the end matters, so it is cut only
 * past QUOTE_PATH_MAX.  Whatever is left is capped at MESSAGE_MAX
 * characters, for a long value quoted without quotes.
 */
enum { QUOTE_KEEP = 60, QUOTE_MAX = 64, QUOTE_PATH_MAX = 200,
	MESSAGE_MAX = 1024 };

/* The byte offset of character k of s (n bytes): broken UTF-8 counts a
 * character a byte, as err_write_safe shows it.  n when s is shorter. */
static size_t
char_offset(const char *s, size_t n, size_t k)
{
	size_t i = 0, len;

	while (i < n && k-- > 0) {
		len = err_utf8_len(s + i, n - i);
		i += len ? len : 1;
	}
	return i;
}

/* A quote opens a value at the start or after a blank or an opening
 * bracket, and the value runs to the next quote that no letter or digit
 * follows: "game's" and "don't" hold no quotes that count. */
static int
opens_quote(const char *s, size_t i)
{
	return s[i] == '\'' && (i == 0 || strchr(" ([{:=,", s[i - 1]));
}

static size_t
quote_end(const char *s, size_t n, size_t from)
{
	size_t i;

	for (i = from; i < n; i++)
		if (s[i] == '\'' && (i + 1 == n || !(isalnum((unsigned char)
		    s[i + 1]) || (unsigned char)s[i + 1] >= 0x80)))
			return i;
	return n;
}

/* Cut the value of s[from..end) in place if it is too long; returns the
 * bytes it takes now.  A cut never lengthens: QUOTE_MAX - QUOTE_KEEP
 * characters are more bytes than the "..." that stands for them. */
static size_t
cut_value(char *s, size_t from, size_t end, size_t total)
{
	size_t len = end - from, keep, max;

	max = memchr(s + from, '/', len) ? QUOTE_PATH_MAX : QUOTE_MAX;
	if (char_offset(s + from, len, max) == len)
		return len;			/* max characters or fewer */
	keep = char_offset(s + from, len, QUOTE_KEEP);
	memcpy(s + from + keep, "...", 3);
	memmove(s + from + keep + 3, s + end, total - end);
	return keep + 3;
}

size_t
err_cut_values(char *s, size_t n)
{
	size_t i, end, len, cap;

	for (i = 0; i < n; i++) {
		if (!opens_quote(s, i))
			continue;
		end = quote_end(s, n, i + 1);
		len = cut_value(s, i + 1, end, n);
		n -= end - (i + 1) - len;
		i += len + 1;			/* at the closing quote */
	}
	cap = char_offset(s, n, MESSAGE_MAX);
	if (cap < n && n - cap > 3) {
		memcpy(s + cap, "...", 3);
		n = cap + 3;
	}
	return n;
}

static void
err_prefix(void)
{
	fflush(stdout);
	if (command_name)
		fprintf(stderr, "umpire %s: ", command_name);
	else
		fputs("umpire: ", stderr);
	if (*where_name)
		fprintf(stderr, "%s: ", where_name);
}

/*
 * The message, its long values cut (err_cut_values) and anything in it
 * that a terminal would act on escaped:
 * values quoted in messages come from the command line, file names and
 * the environment, and one of them must not clear the screen or retitle
 * the window.  The message stays one line, whatever a value holds.
 */
static void
err_message(const char *fmt, va_list ap)
{
	char buf[512], *s = buf;
	va_list copy;
	int n;

	va_copy(copy, ap);
	n = vsnprintf(buf, sizeof buf, fmt, copy);
	va_end(copy);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof buf) {
		/* no err_malloc: running out of memory reports through here */
		if ((s = malloc((size_t)n + 1)) != NULL)
			vsnprintf(s, (size_t)n + 1, fmt, ap);
		else {
			s = buf;
			n = (int)sizeof buf - 1;
		}
	}
	err_write_safe(stderr, s, err_cut_values(s, (size_t)n), "");
	if (s != buf)
		free(s);
}

int
err(int status, const char *fmt, ...)
{
	va_list ap;

	err_prefix();
	va_start(ap, fmt);
	err_message(fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return status;
}

int
err_sys(const char *fmt, ...)
{
	va_list ap;
	int saved = errno;

	err_prefix();
	va_start(ap, fmt);
	err_message(fmt, ap);
	va_end(ap);
	fprintf(stderr, ": %s\n", strerror(saved));
	return ST_SYS;
}

static void
out_of_memory(void)
{
	err(ST_SYS, "out of memory");
	exit(ST_SYS);
}

void *
err_malloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *
err_calloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *
err_realloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		out_of_memory();
	return p;
}

char *
err_strdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(err_malloc(n), s, n);
}

static size_t
min3(size_t a, size_t b, size_t c)
{
	size_t m = a < b ? a : b;

	return m < c ? m : c;
}

/*
 * Edit distance counting a swap of two neighbouring letters as one edit
 * (optimal string alignment), since "tabel" for "table" is one slip of the
 * fingers, not two.  Words here are short: longer ones are not compared.
 */
static size_t
edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	size_t d[65][65];

	if (la > 64 || lb > 64)
		return (size_t)-1;
	for (i = 0; i <= la; i++)
		d[i][0] = i;
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++)
		for (j = 1; j <= lb; j++) {
			size_t cost = a[i - 1] != b[j - 1];

			d[i][j] = min3(d[i - 1][j] + 1, d[i][j - 1] + 1,
			    d[i - 1][j - 1] + cost);
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < d[i][j])
				d[i][j] = d[i - 2][j - 2] + 1;
		}
	return d[la][lb];
}

const char *
err_nearest(const char *word, const char *const *cands, size_t n)
{
	const char *best = NULL;
	size_t best_d = (size_t)-1, i, limit;

	/* a third of the word, at least one edit and at most three */
	limit = strlen(word) / 3;
	if (limit < 1)
		limit = 1;
	if (limit > 3)
		limit = 3;
	for (i = 0; i < n; i++) {
		size_t d;

		/* the word typed is no hint: it failed for another reason */
		if (strcmp(cands[i], word) == 0)
			continue;
		if (strncmp(cands[i], word, strlen(word)) == 0 && *word)
			return cands[i];	/* a prefix is the likeliest intent */
		d = edit_distance(word, cands[i]);
		if (d < best_d) {
			best_d = d;
			best = cands[i];
		}
	}
	return best_d <= limit ? best : NULL;
}
