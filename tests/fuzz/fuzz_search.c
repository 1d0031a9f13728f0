/*
 * fuzz_search.c: a libFuzzer target for rules search and import: the
 * player's pattern and the text it runs over, and a heading pattern with
 * the rulebook it splits.  Both are untrusted: a pattern may be invalid or
 * catastrophic, a text may hold any bytes.
 *
 * Input: one byte of mode and flags, the pattern, a NUL, the text.
 *
 *   make -C tests/fuzz fuzz_search && tests/fuzz/fuzz_search -max_len=4096
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every line that matches, and every match in it, as rules search walks
 * them for --json. */
static void
fuzz_pattern(const char *pattern, int flags, const char *text, size_t len)
{
	struct search s;
	char why[256];
	size_t off, pos = 0, line, end, ms, me;

	if (search_compile(&s, pattern, flags, why, sizeof why, &off) < 0)
		return;
	while (search_next_line(&s, text, len, &pos, &line, &end, &ms, &me, why,
	    sizeof why) > 0) {
		size_t at = line;

		/* a match may run on past its line (a pattern with \n), but it
		 * starts on the line reported */
		if (line > end || ms < line || ms > end || me < ms)
			abort();
		while (at <= end && search_in_line(&s, text, at, end, &ms, &me))
			at = me > ms ? me : me + 1;
	}
	search_free(&s);
}

static void
fuzz_heading(const char *heading, const char *text, size_t len)
{
	char *out, why[512];
	size_t outlen, n;

	if (search_heading_check(heading, why, sizeof why) < 0)
		return;
	if (search_import(text, len, heading, &out, &outlen, &n, why,
	    sizeof why) == 0)
		free(out);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *nul;
	char *pattern, *text;
	size_t plen, tlen;

	if (size < 2)
		return 0;
	nul = memchr(data + 1, '\0', size - 1);
	plen = nul ? (size_t)(nul - (const char *)data) - 1 : size - 1;
	pattern = strndup((const char *)data + 1, plen);
	tlen = nul ? size - 2 - plen : 0;
	/* the texts umpire searches are mapped files, not terminated */
	text = malloc(tlen ? tlen : 1);
	if (pattern && text) {
		memcpy(text, nul ? nul + 1 : "", tlen);
		if (data[0] & 4)
			fuzz_heading(pattern, text, tlen);
		else
			fuzz_pattern(pattern, data[0] & 3, text, tlen);
	}
	free(pattern);
	free(text);
	return 0;
}
