/*
 * deck_impl.h: what the parts of the deck module (deck.c, deck_json.c,
 * deck_patch.c, deck_file.c) share and nothing else needs.
 */
#ifndef UMPIRE_DECK_IMPL_H
#define UMPIRE_DECK_IMPL_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "deck.h"

/* deck_json_known with two lists of keys (either may be NULL). */
int deck_json_known2(const cJSON *o, const char *const *keys,
    const char *const *more, const char *where, char *why, size_t whylen);
/*
 * deck_from_json, with copy_log = 0 for a state read from its file: the
 * log is then left in root for the caller rather than copied (the log is
 * most of the file, and copying it most of the cost).
 */
int deck_state_from_json(const cJSON *root, const struct deck_def *d,
    struct deck_state *s, int copy_log, char *why, size_t whylen);

#endif
