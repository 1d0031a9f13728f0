/*
 * search_impl.h: what the parts of rules search (search.c,
 * search_pattern.c, search_scan.c, search_import.c) share and nothing
 * else needs.
 */
#ifndef UMPIRE_SEARCH_IMPL_H
#define UMPIRE_SEARCH_IMPL_H

#include <stddef.h>

#include "search.h"

/* search_pattern.c */
/* Is there an upper-case letter that is not part of an escape (\D, \W)? */
int search_has_upper(const char *p);
/* The pattern as PCRE2 should see it (-F quoted, a space that may cross a
 * line break); *spaces set when it holds one.  The caller frees it. */
char *search_build_pattern(const char *pattern, int flags, int *spaces);
/* The byte every matching line must hold, if there is one (s->pre). */
void search_choose_prefilter(struct search *s, const char *pattern, int flags,
    int caseless);

/* search.c */
/* Match data, limits, a JIT stack and the budget for s->re: 0, or -1. */
int search_matcher_init(struct search *s);
/* The first match starting in [from, last], within the budget; returns as
 * pcre2_match() does, or a status of its own for a spent budget. */
int search_match_range(struct search *s, const char *text, size_t len,
    size_t from, size_t last);
/* What a match error means to the player; what is the pattern's name. */
void search_match_error(int rc, const char *what, char *why, size_t whylen);

#endif
