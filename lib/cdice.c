/*
 * cdice.c: coloured dice lists; see cdice.h.
 */
#include <stdio.h>
#include <string.h>

#include "cdice.h"

int
cdice_colour(const char *text, size_t len, char out[CDICE_NAME])
{
	size_t i;

	if (len == 0 || len >= CDICE_NAME)
		return -1;
	for (i = 0; i < len; i++) {
		char ch = text[i];

		if (ch >= 'A' && ch <= 'Z')
			ch = (char)(ch - 'A' + 'a');
		if (!(ch >= 'a' && ch <= 'z') && !(ch == '-' && i > 0))
			return -1;
		out[i] = ch;
	}
	out[len] = '\0';
	return 0;
}

const struct cdie *
cdice_find(const struct cdice *cd, const char *colour)
{
	size_t i;

	for (i = 0; i < cd->n; i++)
		if (strcmp(cd->d[i].colour, colour) == 0)
			return &cd->d[i];
	return NULL;
}

int
cdice_add(struct cdice *cd, const char *colour, int face)
{
	if (cd->n == CDICE_MAX)
		return -1;
	snprintf(cd->d[cd->n].colour, CDICE_NAME, "%s", colour);
	cd->d[cd->n].face = face;
	cd->n++;
	return 0;
}

/* One "colour=face" of len bytes. */
static int
parse_one(const char *p, size_t len, int sides, struct cdice *cd, char *why,
    size_t whylen)
{
	const char *eq = memchr(p, '=', len);
	struct dice d = { 1, sides, 0 };
	char colour[CDICE_NAME], face[16], fwhy[64];
	size_t flen;
	int f;

	if (!eq || cdice_colour(p, (size_t)(eq - p), colour) < 0) {
		snprintf(why, whylen, "'%.*s' is not colour=face, as in red=9",
		    (int)(len > 40 ? 40 : len), p);
		return -1;
	}
	flen = len - (size_t)(eq - p) - 1;
	if (flen > 0 && flen < sizeof face) {
		memcpy(face, eq + 1, flen);
		face[flen] = '\0';
	}
	if (flen == 0 || flen >= sizeof face ||
	    dice_parse_roll(&d, face, &f, fwhy, sizeof fwhy) < 0) {
		snprintf(why, whylen, "'%.*s': the face of a d%d, from %d to %d%s",
		    (int)(len > 40 ? 40 : len), p, sides, sides == 10 ? 0 : 1,
		    sides, sides == 10 ? " (0 is 10)" : "");
		return -1;
	}
	if (cdice_find(cd, colour)) {
		snprintf(why, whylen, "%s is given twice (one die a colour)",
		    colour);
		return -1;
	}
	if (cdice_add(cd, colour, f) < 0) {
		snprintf(why, whylen, "at most %d colours", CDICE_MAX);
		return -1;
	}
	return 0;
}

int
cdice_parse(const char *text, int sides, struct cdice *cd, char *why,
    size_t whylen)
{
	const char *p = text;

	cd->n = 0;
	for (;;) {
		size_t len = strcspn(p, ",");

		if (parse_one(p, len, sides, cd, why, whylen) < 0)
			return -1;
		if (p[len] == '\0')
			return 0;
		p += len + 1;
	}
}
