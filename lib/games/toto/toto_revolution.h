/*
 * toto_revolution.h: the Russian Revolution on a saved game (28), for
 * toto_event.c (toto_revolution.c).
 */
#ifndef UMPIRE_TOTO_REVOLUTION_H
#define UMPIRE_TOTO_REVOLUTION_H

#include <cjson/cJSON.h>

#include "map.h"
#include "out.h"
#include "saved.h"

/* The Russian units revolution stage (1: 28.2, 2: 28.3) withdraws pushed
 * onto withdrawn (ids), face() giving each die of the first; how many
 * Russian units the position holds. */
int toto_revolution_plan(struct out_result *o, const struct saved *sv,
    int stage, int (*face)(void *, int *), void *arg, cJSON *withdrawn);
/* 28.4: whether the Bolshevik Corps may be placed in hex, the withdrawn
 * units gone: ST_OK, or ST_USAGE in o->why. */
int toto_revolution_where(struct out_result *o, const struct saved *sv,
    const struct map *m, const char *hex, const cJSON *withdrawn);
/* The withdrawn units off the position, kept in entry's "withdrawn";
 * with hex, the neutral Bolshevik Corps of factors f placed there. */
void toto_revolution_apply(struct saved *sv, const cJSON *withdrawn,
    cJSON *entry, const char *hex, const int f[3]);
/* 6.3, 6.4: the Bolshevik Corps goes to side; how many units it moved. */
int toto_revolution_ally(struct saved *sv, const char *side);

#endif
