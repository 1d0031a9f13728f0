/*
 * deck_impl.h: what the parts of the deck module (deck.c, deck_json.c,
 * deck_patch.c, deck_file.c) share and nothing else needs.
 */
#ifndef UMPIRE_DECK_IMPL_H
#define UMPIRE_DECK_IMPL_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "deck.h"

/* A non-empty string member, or NULL. */
const char *deck_str_member(const cJSON *o, const char *key);
/* A whole-number member from lo to hi: 0, or -1 (data_json_int). */
int deck_int_member(const cJSON *o, const char *key, int lo, int hi,
    int *out);
/* A boolean member, dflt when absent: 0, or -1 when not a boolean. */
int deck_bool_member(const cJSON *o, const char *key, int dflt, int *out);
/*
 * deck_from_json, with copy_log = 0 for a state read from its file: the
 * log is then left in root for the caller rather than copied (the log is
 * most of the file, and copying it most of the cost).
 */
int deck_state_from_json(const cJSON *root, const struct deck_def *d,
    struct deck_state *s, int copy_log, char *why, size_t whylen);

#endif
