/*
 * toto_event.h: Twilight of the Ottomans' random events (6) for
 * `umpire event` (toto_event.c).
 */
#ifndef UMPIRE_TOTO_EVENT_H
#define UMPIRE_TOTO_EVENT_H

#include "opt.h"

#include <cjson/cJSON.h>

#include "ctx.h"
#include "out.h"

int toto_event_run(struct ctx *c, const cJSON *req, struct out_result *o);
extern const char *const toto_event_fields[];
extern const struct opt toto_event_opts[];

#endif
