/*
 * fuzz_corpus.c: a libFuzzer target for the rules corpus reader
 * (lib/corpus.c): an imported rulebook or a reference is a text file in
 * the player's data folder, which anyone may have edited, that `umpire
 * rules show`, `toc` and `search` index and look citations up in.
 *
 * corpus_load maps the file, where a read past its end goes unseen until
 * a page boundary; so the target takes in corpus.c itself and hands its
 * indexer the input in a buffer of its exact size, where the sanitizer
 * sees every byte too far.  Then every section is asked for as a player
 * would: by its id, by its id and title, by a lettered paragraph of it,
 * its subsections, its neighbours, the section back from each byte of a
 * heading; and every number in the text that looks like a citation.
 *
 *   make -C tests/fuzz run-corpus SECONDS=300
 * Seeds, in tests/fuzz/seeds/corpus: the books of tests/fixtures/books.
 */
#include "../../lib/corpus.c"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One section asked for every way a player names it. */
static void
ask(const struct corpus *cp, size_t i)
{
	const struct section *s = &cp->sections[i];
	char cite[CORPUS_CITE_MAX + 1], norm[128];
	size_t near[2], back;
	struct section found;
	long k;

	snprintf(cite, sizeof cite, "%.*s", (int)s->idlen, s->id);
	/* an id with no NUL in it is found, at or before this section,
	   unless it is no citation at all ("== ." has none) */
	normalize(s->id, s->idlen, norm, sizeof norm);
	if (strlen(cite) == s->idlen && *norm && ((k = corpus_find(cp, cite,
	    0)) < 0 || (size_t)k > i))
		abort();
	snprintf(cite, sizeof cite, "%.*s %.*s", (int)s->idlen, s->id,
	    (int)s->titlelen, s->title);
	(void)corpus_find(cp, cite, i);
	snprintf(cite, sizeof cite, "%.*s.a", (int)s->idlen, s->id);
	(void)corpus_find(cp, cite, 0);
	snprintf(cite, sizeof cite, "Part %.*s", (int)s->idlen, s->id);
	(void)corpus_find(cp, cite, 0);
	if (corpus_subtree_end(cp, i) <= i ||
	    corpus_subtree_end(cp, i) > cp->nsections)
		abort();
	if (corpus_nearest(cp, cite, near, 2) > 2)
		abort();
	for (back = s->start; back < s->body && back < cp->len; back++)
		if (corpus_section_back(cp, s->start, back, &found) != 1 ||
		    found.start != s->start)
			abort();
	if (corpus_section_end(cp, s) > cp->len)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct corpus cp;
	char *text = malloc(size ? size : 1), cite[CORPUS_CITE_MAX + 1];
	size_t i, pos = 0, at, n;

	memcpy(text, data, size);
	memset(&cp, 0, sizeof cp);
	cp.text = text;
	cp.len = size;
	index_sections(&cp);
	for (i = 0; i < cp.nsections; i++)
		ask(&cp, i);
	while (corpus_next_cite(&cp, &pos, cp.len, &at, &n)) {
		if (at + n > cp.len || n == 0)
			abort();
		snprintf(cite, sizeof cite, "%.*s", (int)n, cp.text + at);
		(void)corpus_find(&cp, cite, 0);
	}
	free(cp.sections);
	free(text);
	return 0;
}
