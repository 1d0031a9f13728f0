/*
 * corpus.c: the rules corpus; see corpus.h.
 *
 * A reference is mapped, not read.  show and toc index its headings in
 * one pass; a search finds the heading above a hit by looking back from
 * it, as far as the hit before, so a search of a large book pays for no
 * index.
 */
/* memrchr(3) */
#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dirent.h>

#include "corpus.h"
#include "data.h"
#include "err.h"
#include "games/game.h"

static int
is_space(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r';
}

/* Fill in one section from its heading line at text[start..eol). */
static void
parse_heading(const char *text, size_t start, size_t eol, struct section *s)
{
	size_t i = start + 3, id_end;

	while (i < eol && is_space(text[i]))
		i++;
	id_end = i;
	while (id_end < eol && !is_space(text[id_end]))
		id_end++;
	s->start = start;
	s->id = text + i;
	s->idlen = id_end - i;
	while (id_end < eol && is_space(text[id_end]))
		id_end++;
	s->title = text + id_end;
	s->titlelen = eol - id_end;
	while (s->titlelen && is_space(s->title[s->titlelen - 1]))
		s->titlelen--;
	s->body = eol < (size_t)-1 ? eol + 1 : eol;
}

/* Does a heading line start at text[pos]? */
static int
heading_at(const struct corpus *cp, size_t pos)
{
	return cp->len - pos >= 3 && memcmp(cp->text + pos, "== ", 3) == 0 &&
	    (pos == 0 || cp->text[pos - 1] == '\n');
}

/* The offset of the first heading line at or after pos, or len.  '=' is
 * rare in prose, and memchr is many times faster than memmem at it. */
static size_t
next_heading(const struct corpus *cp, size_t pos)
{
	const char *t = cp->text, *eq;

	while (pos < cp->len && !heading_at(cp, pos)) {
		if ((eq = memchr(t + pos + 1, '=', cp->len - pos - 1)) == NULL)
			return cp->len;
		pos = (size_t)(eq - t);
	}
	return pos < cp->len ? pos : cp->len;
}

/* Fill in section s, opening at the heading line at text[start]. */
static void
read_heading(const struct corpus *cp, size_t start, struct section *s)
{
	const char *nl = memchr(cp->text + start, '\n', cp->len - start);

	parse_heading(cp->text, start, nl ? (size_t)(nl - cp->text) : cp->len, s);
	if (s->body > cp->len)
		s->body = cp->len;
	s->end = cp->len;
}

static void
index_sections(struct corpus *cp)
{
	size_t cap = 64, pos = 0;

	cp->sections = err_calloc(cap, sizeof *cp->sections);
	while ((pos = next_heading(cp, pos)) < cp->len) {
		if (cp->nsections == cap)
			cp->sections = err_realloc(cp->sections,
			    (cap *= 2) * sizeof *cp->sections);
		if (cp->nsections)
			cp->sections[cp->nsections - 1].end = pos;
		read_heading(cp, pos, &cp->sections[cp->nsections++]);
		pos++;
	}
}

/*
 * Map cp->path without trusting it, through data_open's checks: a FIFO
 * there cannot hang the open; a regular file only; at most
 * CORPUS_MAX_BYTES.
 */
static int
map_reference(struct corpus *cp, char *why, size_t whylen)
{
	int fd, st;

	if ((st = data_open_why(cp->path, CORPUS_MAX_BYTES, &fd, &cp->len, why,
	    whylen)) != ST_OK)
		return st;
	cp->text = "";
	if (cp->len > 0) {
		cp->map = mmap(NULL, cp->len, PROT_READ, MAP_PRIVATE | MAP_POPULATE,
		    fd, 0);
		if (cp->map == MAP_FAILED) {
			snprintf(why, whylen, "cannot map '%s': %s", cp->path,
			    strerror(errno));
			cp->map = NULL;
			close(fd);
			return ST_SYS;
		}
		cp->maplen = cp->len;
		cp->text = cp->map;
	}
	close(fd);
	return ST_OK;
}

int
corpus_load(const struct ctx *c, const char *name, struct corpus *cp,
    int index, char *why, size_t whylen)
{
	char rel[PATH_MAX];
	int st;

	memset(cp, 0, sizeof *cp);
	if (strlen(name) >= sizeof cp->name) {
		snprintf(why, whylen, "rulebook name too long: '%s' (at most %zu "
		    "characters)", name, sizeof cp->name - 1);
		return ST_USAGE;
	}
	snprintf(cp->name, sizeof cp->name, "%s", name);
	if (strchr(name, '/') || name[0] == '.' || !*name) {
		snprintf(why, whylen, "bad rulebook name: '%s'", name);
		return ST_USAGE;
	}
	snprintf(rel, sizeof rel, "%s/reference.txt", name);
	if (data_find(c, rel, cp->path) < 0) {
		snprintf(why, whylen, "no rules for '%s' (expected a game id or an "
		    "imported rulebook; umpire rules toc lists them)", name);
		return ST_USAGE;
	}
	if ((st = map_reference(cp, why, whylen)) != ST_OK)
		return st;
	if (index)
		index_sections(cp);
	if (index ? cp->nsections == 0 : next_heading(cp, 0) == cp->len) {
		corpus_close(cp);
		snprintf(why, whylen, "%s: no sections (expected lines \"== ID "
		    "TITLE\")", cp->path);
		return ST_DATA;
	}
	return ST_OK;
}

int
corpus_open(const struct ctx *c, const char *name, struct corpus *cp,
    int index)
{
	char why[PATH_MAX + 256];
	int st = corpus_load(c, name, cp, index, why, sizeof why);

	return st == ST_OK ? ST_OK : err(st, "%s", why);
}

void
corpus_close(struct corpus *cp)
{
	if (cp->map)
		munmap(cp->map, cp->maplen);
	free(cp->sections);
	cp->map = NULL;
	cp->sections = NULL;
}

int
corpus_section_back(const struct corpus *cp, size_t floor, size_t off,
    struct section *s)
{
	const char *t = cp->text, *eq;
	size_t to = off < cp->len ? off + 1 : cp->len;

	/* the last '=' opening a line in [floor, off] */
	while (to > floor && (eq = memrchr(t + floor, '=', to - floor)) != NULL) {
		to = (size_t)(eq - t);
		if (heading_at(cp, to)) {
			read_heading(cp, to, s);
			return 1;
		}
	}
	return 0;
}

size_t
corpus_section_end(const struct corpus *cp, const struct section *s)
{
	return next_heading(cp, s->body);
}

/*
 * A citation in canonical form: lower case, "part" dropped, runs of
 * spaces, dots and colons made one dot, no dot at either end.  "Part 13
 * D" and "13.D" both become "13.d"; "1.0." becomes "1.0".
 */
static void
normalize(const char *s, size_t len, char *out, size_t outlen)
{
	size_t i = 0, o = 0;
	int dot = 0;

	if (len >= 4 && strncasecmp(s, "part", 4) == 0)
		i = 4;
	for (; i < len && o + 2 < outlen; i++) {
		char ch = s[i];

		if (ch == ' ' || ch == '.' || ch == ':' || ch == '\t') {
			dot = o > 0;
			continue;
		}
		if (dot)
			out[o++] = '.';
		dot = 0;
		out[o++] = (ch >= 'A' && ch <= 'Z') ? (char)(ch - 'A' + 'a') : ch;
	}
	out[o] = '\0';
}

static long
find_exact(const struct corpus *cp, const char *norm, size_t from)
{
	char id[128];
	size_t i;

	for (i = from; i < cp->nsections; i++) {
		normalize(cp->sections[i].id, cp->sections[i].idlen, id, sizeof id);
		if (strcmp(id, norm) == 0)
			return (long)i;
	}
	return -1;
}

/* Do a and b hold the same words, ignoring case and the spaces between? */
static int
same_words(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t i = 0, j = 0;

	for (;;) {
		while (i < alen && is_space(a[i]))
			i++;
		while (j < blen && is_space(b[j]))
			j++;
		if (i == alen || j == blen)
			return i == alen && j == blen;
		if (i > 0 && j > 0 && is_space(a[i - 1]) != is_space(b[j - 1]))
			return 0;
		if (tolower((unsigned char)a[i]) != tolower((unsigned char)b[j]))
			return 0;
		i++;
		j++;
	}
}

/*
 * A citation copied from umpire's own output ("8.4.2 Terrain", as search
 * and show print it), or a title alone ("Odds Ratio").
 */
static long
find_label(const struct corpus *cp, const char *cite, size_t from)
{
	size_t n = strlen(cite), i;

	for (i = from; i < cp->nsections; i++) {
		const struct section *s = &cp->sections[i];

		if (s->titlelen && same_words(cite, n, s->title, s->titlelen))
			return (long)i;
		if (n > s->idlen && memcmp(cite, s->id, s->idlen) == 0 &&
		    is_space(cite[s->idlen]) && s->titlelen &&
		    same_words(cite + s->idlen, n - s->idlen, s->title, s->titlelen))
			return (long)i;
	}
	return -1;
}

long
corpus_find(const struct corpus *cp, const char *cite, size_t from)
{
	char norm[128], alt[140];
	long i;
	char *dot;

	normalize(cite, strlen(cite), norm, sizeof norm);
	if (!*norm)
		return -1;
	if ((i = find_exact(cp, norm, from)) >= 0)
		return i;
	/* "8" is chapter "8.0" in books that number chapters so */
	snprintf(alt, sizeof alt, "%s.0", norm);
	if (!strchr(norm, '.') && (i = find_exact(cp, alt, from)) >= 0)
		return i;
	/* "8.2.1.a" (a lettered paragraph) lives in "8.2.1" */
	dot = strrchr(norm, '.');
	if (dot && dot[1] >= 'a' && dot[1] <= 'z' && dot[2] == '\0') {
		*dot = '\0';
		if ((i = corpus_find(cp, norm, from)) >= 0)
			return i;
	}
	return find_label(cp, cite, from);
}

/* "8.0" heads chapter "8": its subsections start with "8.". */
static size_t
chapter_prefix(const struct section *s, char *buf, size_t len)
{
	size_t n;

	normalize(s->id, s->idlen, buf, len - 1);
	n = strlen(buf);
	if (n >= 2 && strcmp(buf + n - 2, ".0") == 0)
		n -= 2;
	buf[n++] = '.';
	buf[n] = '\0';
	return n;
}

size_t
corpus_subtree_end(const struct corpus *cp, size_t i)
{
	char prefix[128], id[128];
	size_t n = chapter_prefix(&cp->sections[i], prefix, sizeof prefix), j;

	for (j = i + 1; j < cp->nsections; j++) {
		normalize(cp->sections[j].id, cp->sections[j].idlen, id, sizeof id);
		if (strncmp(id, prefix, n) != 0)
			break;
	}
	return j;
}

/* Compare dotted ids part by part, numbers as numbers. */
static int
compare_ids(const char *a, const char *b)
{
	while (*a && *b) {
		if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
			char *ea, *eb;
			long x = strtol(a, &ea, 10), y = strtol(b, &eb, 10);

			if (x != y)
				return x < y ? -1 : 1;
			a = ea;
			b = eb;
		} else if (*a != *b) {
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		} else {
			a++;
			b++;
		}
	}
	return *a ? 1 : *b ? -1 : 0;
}

size_t
corpus_nearest(const struct corpus *cp, const char *cite, size_t *out, size_t n)
{
	char norm[128], id[128];
	size_t below = (size_t)-1, above = (size_t)-1, i, k = 0;
	char best_below[128] = "", best_above[128] = "";

	normalize(cite, strlen(cite), norm, sizeof norm);
	for (i = 0; i < cp->nsections; i++) {
		normalize(cp->sections[i].id, cp->sections[i].idlen, id, sizeof id);
		if (compare_ids(id, norm) < 0 && (below == (size_t)-1 ||
		    compare_ids(id, best_below) > 0)) {
			below = i;
			snprintf(best_below, sizeof best_below, "%s", id);
		}
		if (compare_ids(id, norm) > 0 && (above == (size_t)-1 ||
		    compare_ids(id, best_above) < 0)) {
			above = i;
			snprintf(best_above, sizeof best_above, "%s", id);
		}
	}
	if (below != (size_t)-1 && k < n)
		out[k++] = below;
	if (above != (size_t)-1 && k < n)
		out[k++] = above;
	return k;
}

static int
has_reference(const char *dir, const char *name)
{
	char path[PATH_MAX];

	if (snprintf(path, sizeof path, "%s/%s/reference.txt", dir, name) >=
	    (int)sizeof path)
		return 0;
	return access(path, R_OK) == 0;
}

static int
listed(char **names, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return 1;
	return 0;
}

size_t
corpus_names(const struct ctx *c, char ***names)
{
	char dirs[DATA_MAX_DIRS][PATH_MAX];
	const struct game *const *g;
	size_t ndirs = data_dirs(c, dirs), n = 0, cap = 16, i, ng;

	*names = err_calloc(cap, sizeof **names);
	g = game_all(&ng);
	for (i = 0; i < ng; i++) {
		char rel[PATH_MAX], path[PATH_MAX];

		snprintf(rel, sizeof rel, "%s/reference.txt", g[i]->id);
		if (data_find(c, rel, path) == 0)
			(*names)[n++] = err_strdup(g[i]->id);
	}
	for (i = 0; i < ndirs; i++) {
		DIR *d = opendir(dirs[i]);
		struct dirent *e;

		if (!d)
			continue;
		while ((e = readdir(d)) != NULL) {
			if (e->d_name[0] == '.' || listed(*names, n, e->d_name) ||
			    !has_reference(dirs[i], e->d_name))
				continue;
			if (n == cap)
				*names = err_realloc(*names,
				    (cap *= 2) * sizeof **names);
			(*names)[n++] = err_strdup(e->d_name);
		}
		closedir(d);
	}
	return n;
}

static int
is_digit(char ch)
{
	return ch >= '0' && ch <= '9';
}

static int
is_alpha(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

/* Is there a citation-shaped number at text[i], and where does it end? */
static size_t
cite_end(const char *text, size_t i, size_t end)
{
	size_t j = i, dots = 0;

	while (j < end && is_digit(text[j]))
		j++;
	while (j + 1 < end && text[j] == '.' && is_digit(text[j + 1])) {
		j++;
		while (j < end && is_digit(text[j]))
			j++;
		dots++;
	}
	return dots ? j : i;
}

int
corpus_next_cite(const struct corpus *cp, size_t *pos, size_t end, size_t *at,
    size_t *n)
{
	const char *t = cp->text;
	size_t i, j;

	for (i = *pos; i < end; i = j > i ? j : i + 1) {
		j = i;
		/* a number starts after a letter-free, digit-free, dot-free byte */
		if (!is_digit(t[i]) || (i > 0 && (is_digit(t[i - 1]) ||
		    t[i - 1] == '.' || is_alpha(t[i - 1]))))
			continue;
		j = cite_end(t, i, end);
		if (j > i) {
			*at = i;
			*n = j - i;
			*pos = j;
			return 1;
		}
		while (j < end && is_digit(t[j]))
			j++;
	}
	*pos = end;
	return 0;
}
