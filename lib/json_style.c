/*
 * json_style.c: cJSON's printout given the layout of a user's file; see
 * json_style.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "json_style.h"

struct style {
	char indent[17];	/* one level: "\t", or up to 16 spaces */
	char colon[3];		/* ":", ": " or ":\t" */
	int one_line;		/* no newline inside the value */
	int final_newline;
};

/* The first indented line sets the unit: its tab, or its run of spaces. */
static void
find_indent(const char *s, size_t n, struct style *y)
{
	size_t i, k;

	snprintf(y->indent, sizeof y->indent, "\t");
	for (i = 0; i < n; i++) {
		if (s[i] != '\n' || i + 1 >= n)
			continue;
		if (s[i + 1] == '\t')
			return;
		for (k = 0; i + 1 + k < n && s[i + 1 + k] == ' ' && k < 16; k++)
			;
		if (k > 0 && i + 1 + k < n && s[i + 1 + k] != '\n') {
			memset(y->indent, ' ', k);
			y->indent[k] = '\0';
			return;
		}
	}
}

/* What follows the first colon outside a string. */
static void
find_colon(const char *s, size_t n, struct style *y)
{
	size_t i;
	int in_str = 0;

	snprintf(y->colon, sizeof y->colon, ": ");
	for (i = 0; i < n; i++) {
		if (in_str && s[i] == '\\')
			i++;
		else if (s[i] == '"')
			in_str = !in_str;
		else if (!in_str && s[i] == ':') {
			if (i + 1 < n && (s[i + 1] == ' ' || s[i + 1] == '\t'))
				snprintf(y->colon, sizeof y->colon, ":%c", s[i + 1]);
			else
				snprintf(y->colon, sizeof y->colon, ":");
			return;
		}
	}
}

static void
find_style(const char *s, size_t n, struct style *y)
{
	size_t end = n;

	while (end > 0 && (s[end - 1] == '\n' || s[end - 1] == '\r' ||
	    s[end - 1] == ' ' || s[end - 1] == '\t'))
		end--;
	y->final_newline = n > 0 && s[n - 1] == '\n';
	y->one_line = end > 0 && !memchr(s, '\n', end);
	find_indent(s, n, y);
	find_colon(s, n, y);
}

/* The output as it grows: room is made before each piece. */
struct text {
	char *p;
	size_t n, cap;
};

static void
put(struct text *t, const char *s, size_t n)
{
	while (t->n + n + 2 > t->cap)
		t->p = err_realloc(t->p, t->cap = t->cap * 2 + 64);
	memcpy(t->p + t->n, s, n);
	t->n += n;
}

static void
put_indent(struct text *t, const struct style *y, int depth)
{
	while (depth-- > 0)
		put(t, y->indent, strlen(y->indent));
}

/*
 * cJSON_Print's layout made the file's.  Every raw tab in cJSON's printout
 * is layout (a tab in a string is escaped): the leading ones are a line's
 * depth, each becoming one indent, and one after a colon becomes the
 * file's spacing there.  cJSON keeps the objects of an array on the
 * array's lines ("[{", "}, {", "}]"); a file typed by hand puts each on
 * lines of its own, one level in from the array.
 */
static char *
restyle(const char *p, const struct style *y, size_t *outlen)
{
	struct text t = { NULL, 0, 0 };
	int in_str = 0, depth = 0, line_start = 1;

	for (; *p; p++) {
		if (line_start && *p == '\t') {
			depth++;
			continue;
		}
		if (line_start)
			put_indent(&t, y, depth);
		line_start = 0;
		if (in_str && *p == '\\' && p[1]) {
			put(&t, p++, 2);
			continue;
		}
		if (*p == '"')
			in_str = !in_str;
		else if (in_str)
			;
		else if (p[0] == ':' && p[1] == '\t') {
			put(&t, y->colon, strlen(y->colon));
			p++;
			continue;
		} else if (p[0] == '[' && p[1] == '{') {
			put(&t, "[\n", 2);
			put_indent(&t, y, depth + 1);
			continue;
		} else if (strncmp(p, "}, {", 4) == 0) {
			put(&t, "},\n", 3);
			put_indent(&t, y, depth);
			p += 2;
			continue;
		} else if (p[0] == '}' && p[1] == ']') {
			put(&t, "}\n", 2);
			put_indent(&t, y, --depth);
			continue;
		} else if (*p == '\n') {
			line_start = 1;
			depth = 0;
		}
		put(&t, p, 1);
	}
	if (y->final_newline)
		put(&t, "\n", 1);
	put(&t, "", 0);
	t.p[t.n] = '\0';
	*outlen = t.n;
	return t.p;
}

char *
json_style_print(const cJSON *root, const char *like, size_t len,
    size_t *outlen)
{
	struct style y;
	char *text, *out;
	size_t n;

	find_style(like, len, &y);
	if (!(text = y.one_line ? cJSON_PrintUnformatted(root) :
	    cJSON_Print(root)))
		return NULL;
	if (y.one_line) {
		n = strlen(text);
		out = err_malloc(n + 2);
		memcpy(out, text, n);
		if (y.final_newline)
			out[n++] = '\n';
		out[n] = '\0';
		*outlen = n;
	} else {
		out = restyle(text, &y, outlen);
	}
	cJSON_free(text);
	return out;
}
