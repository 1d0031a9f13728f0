/*
 * toto_saved.h: what the Twilight of the Ottomans procedures that change
 * a saved game share (toto_event.c, toto_reorg.c, toto_mobilize.c): the
 * members of its JSON read without trusting their types, and its
 * position opened on its map.
 */
#ifndef UMPIRE_TOTO_SAVED_H
#define UMPIRE_TOTO_SAVED_H

#include <cjson/cJSON.h>

#include "ctx.h"
#include "map.h"
#include "out.h"
#include "saved.h"
#include "situation.h"

/* o's member key: its string (NULL when not one), its number (dflt when
 * not one), whether it is true. */
const char *toto_saved_str(const cJSON *o, const char *key);
int toto_saved_num(const cJSON *o, const char *key, int dflt);
int toto_saved_flag(const cJSON *o, const char *key);

/* The saved game c->saved opened into sv (locked when lock), *open set;
 * with m, its map and position too, read as toto's situations are.
 * ST_OK, or the status, reported; toto_saved_close() frees what was
 * made, whatever the status. */
int toto_saved_open(const struct ctx *c, struct saved *sv, int lock, int *open,
    struct map **m, struct situation **sit);
void toto_saved_close(struct saved *sv, int open, struct map *m,
    struct situation *sit);

/* Unit id taken off sv's position (not to the dead pile: a breakdown, a
 * withdrawal, 7.10, 8.2), detached and the caller's; NULL when none. */
cJSON *toto_saved_take_off(struct saved *sv, const char *id);

/* A step just committed, said: "applied as step N of saved game X" and
 * the answer's "applied" (saved, step, pending), which it returns. */
cJSON *toto_saved_applied(struct out_result *o, struct saved *sv);

#endif
