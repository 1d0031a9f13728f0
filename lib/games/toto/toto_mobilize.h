/*
 * toto_mobilize.h: Twilight of the Ottomans' mobilization (7) for
 * `umpire mobilize` (toto_mobilize.c).
 */
#ifndef UMPIRE_TOTO_MOBILIZE_H
#define UMPIRE_TOTO_MOBILIZE_H

#include "opt.h"

#include <cjson/cJSON.h>

#include "ctx.h"
#include "out.h"

int toto_mobilize_run(struct ctx *c, const cJSON *req, struct out_result *o);
extern const char *const toto_mobilize_fields[];
extern const struct opt toto_mobilize_opts[];

#endif
