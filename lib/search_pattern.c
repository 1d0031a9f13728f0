/*
 * search_pattern.c: a rules search pattern as PCRE2 sees it: a space that
 * also matches a line break inside a paragraph, caseless unless the
 * pattern holds a capital, -w and -F; and the byte every matching line
 * must hold (the prefilter), chosen from the pattern's rarest literal
 * byte or from what PCRE2 says every match ends with.
 */
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "search.h"
#include "search_impl.h"

/* Is there an upper-case letter that is not part of an escape (\D, \W)? */
int
search_has_upper(const char *p)
{
	for (; *p; p++) {
		if (*p == '\\' && p[1]) {
			p++;
			continue;
		}
		if (*p >= 'A' && *p <= 'Z')
			return 1;
	}
	return 0;
}

/*
 * What a space in a pattern matches: a space, or a line break inside a
 * paragraph with the next line's indent.  The references are wrapped, so
 * a phrase may run across a line break; a blank line or a heading line
 * ends a paragraph, and no phrase crosses it.
 */
static const char space_re[] = "(?: |\\r?\\n(?![\\r\\n]|== )[ \\t]*)";

/* Append space_re at out[o], closing and reopening a quote around it. */
static size_t
add_space(char *out, size_t o, int quoted)
{
	return o + (size_t)sprintf(out + o, "%s%s%s", quoted ? "\\E" : "",
	    space_re, quoted ? "\\Q" : "");
}

/* Copy a character class opening at pattern[i]; returns the index of its
 * closing "]" (or the end), so that a space inside stays a space. */
static size_t
copy_class(const char *pattern, size_t i, char *out, size_t *o)
{
	size_t start = i++;

	if (pattern[i] == '^')
		i++;
	if (pattern[i] == ']')
		i++;	/* "[]...]": the first ] is a member */
	while (pattern[i] && pattern[i] != ']') {
		const char *close;

		if (pattern[i] == '\\' && pattern[i + 1])
			i++;
		else if (pattern[i] == '[' && pattern[i + 1] == ':' &&
		    (close = strstr(pattern + i, ":]")) != NULL)
			i = (size_t)(close - pattern) + 1;	/* "[:alpha:]" */
		i++;
	}
	if (!pattern[i])
		i--;
	memcpy(out + *o, pattern + start, i - start + 1);
	*o += i - start + 1;
	return i;
}

/*
 * The pattern as PCRE2 should see it: -F quotes it, and every space
 * outside a character class becomes space_re.  *spaces says whether
 * there was one (a match may then run over lines).  -w is not added here
 * but by PCRE2_EXTRA_MATCH_WORD, which no ")" in the pattern can escape.
 */
char *
search_build_pattern(const char *pattern, int flags, int *spaces)
{
	size_t len = strlen(pattern), o = 0, i;
	/* a space inside a quote becomes "\E", space_re, "\Q" */
	char *out = err_malloc(len * (sizeof space_re + 3) + 32);
	int fixed = (flags & SEARCH_FIXED) != 0, quoted = fixed;

	*spaces = 0;
	if (fixed)
		o += (size_t)sprintf(out + o, "\\Q");
	for (i = 0; i < len; i++) {
		char ch = pattern[i];

		if (ch == ' ') {
			o = add_space(out, o, quoted);
			*spaces = 1;
		} else if (fixed && ch == '\\' && pattern[i + 1] == 'E') {
			/* "\E" inside a quote would end it: close, add it, reopen */
			o += (size_t)sprintf(out + o, "\\E\\\\E\\Q");
			i++;
		} else if (!fixed && ch == '\\' && pattern[i + 1]) {
			/* an escape keeps its pair; \Q and \E open and close a quote */
			if (pattern[i + 1] == 'Q' || pattern[i + 1] == 'E')
				quoted = pattern[i + 1] == 'Q';
			out[o++] = ch;
			out[o++] = pattern[++i];
		} else if (!quoted && ch == '[') {
			i = copy_class(pattern, i, out, &o);
		} else {
			out[o++] = ch;
		}
	}
	if (fixed)
		o += (size_t)sprintf(out + o, "\\E");
	out[o] = '\0';
	return out;
}

/* How rare a byte is in English prose: higher is rarer. */
static int
rarity(unsigned char ch)
{
	static const char by_frequency[] = "etaoinshrdlcumwfgypbvkjxqz";
	const char *at;

	if (ch >= 'A' && ch <= 'Z')
		ch = (unsigned char)(ch - 'A' + 'a');
	if (ch == ' ')
		return 0;
	if (ch >= '0' && ch <= '9')
		return 12;
	if (ch >= 'a' && ch <= 'z' && (at = strchr(by_frequency, ch)))
		return 1 + (int)(at - by_frequency);
	return 40;	/* punctuation and bytes of other scripts */
}

static int
is_meta(char ch)
{
	return strchr("\\^$.|?*+()[]{}", ch) != NULL;
}

static void
set_prefilter(struct search *s, unsigned char ch, int caseless)
{
	s->pre_on = 1;
	s->pre[0] = s->pre[1] = ch;
	if (caseless && ch >= 'a' && ch <= 'z')
		s->pre[1] = (unsigned char)(ch - 'a' + 'A');
	else if (caseless && ch >= 'A' && ch <= 'Z')
		s->pre[1] = (unsigned char)(ch - 'A' + 'a');
}

/*
 * How many lines before the line of its prefilter byte (pattern[at], in
 * the word pattern[from..to)) a match of a literal phrase may start: one
 * line break at most for each space before the byte.  The byte is the
 * first of its rarity in the pattern, and a space matches only blanks, so
 * no prefilter byte comes before it in a match: a match's first prefilter
 * byte is where its literal stands.  The scan meets that byte before any
 * later one, so a match starting earlier than those lines, whose own byte
 * is earlier, has been looked for already; a phrase search need look for
 * a match starting in those lines of the paragraph alone (s->narrow), not
 * in all of it.  Not when the pattern holds a line break, a tab or a
 * carriage return (which could be the prefilter byte, or cross a
 * paragraph's end), nor when caseless matching of the literal word may
 * take bytes that are not ASCII ("s" matches U+017F, "k" U+212A), which
 * the literal check does not.
 */
static void
set_reach(struct search *s, const char *pattern, size_t at, size_t from,
    size_t to, int caseless)
{
	size_t i;

	s->lines_before = 0;
	s->narrow = s->spans_lines && !strpbrk(pattern, "\n\r\t");
	for (i = 0; i < at; i++)
		s->lines_before += pattern[i] == ' ';
	for (i = from; caseless && i < to; i++)
		if (strchr("sSkK", pattern[i]))
			s->narrow = 0;
}

/*
 * Choose a byte every matching line must hold: the rarest byte of a
 * literal pattern, or else the code unit PCRE2 says every match ends
 * with, when it is not a letter (a common letter would gain nothing
 * over PCRE2's own start-of-match search).
 */
void
search_choose_prefilter(struct search *s, const char *pattern, int flags,
    int caseless)
{
	const char *p;
	uint32_t type = 0, unit = 0;
	int literal = 1, best = -1;
	unsigned char pick = 0;

	for (p = pattern; *p && !(flags & SEARCH_FIXED); p++)
		if (is_meta(*p))
			literal = 0;
	for (p = pattern; literal && *p; p++) {
		if ((unsigned char)*p >= 0x80)
			literal = 0;	/* caseless UTF-8 is PCRE2's business */
		else if (rarity((unsigned char)*p) > best) {
			best = rarity((unsigned char)*p);
			pick = (unsigned char)*p;
			s->lit_at = (size_t)(p - pattern);
		}
	}
	if (literal && best > 0 && strlen(pattern) < sizeof s->lit) {
		/* the word holding the byte: a space may be a line break */
		size_t from = s->lit_at, to = s->lit_at;

		while (from > 0 && pattern[from - 1] != ' ')
			from--;
		while (pattern[to] && pattern[to] != ' ')
			to++;
		s->litlen = to - from;
		set_reach(s, pattern, s->lit_at, from, to, caseless);
		s->lit_at -= from;
		memcpy(s->lit, pattern + from, s->litlen);
		s->lit_caseless = caseless;
		set_prefilter(s, pick, caseless);
		return;
	}
	s->litlen = 0;
	pcre2_pattern_info(s->re, PCRE2_INFO_LASTCODETYPE, &type);
	if (type == 1) {
		pcre2_pattern_info(s->re, PCRE2_INFO_LASTCODEUNIT, &unit);
		if (unit < 0x80 && unit != '\n' && rarity((unsigned char)unit) >= 12 &&
		    !((unit | 0x20) >= 'a' && (unit | 0x20) <= 'z'))
			set_prefilter(s, (unsigned char)unit, 0);
	}
}
