/*
 * toto_reorg.h: Twilight of the Ottomans' reorganization (8) for
 * `umpire reorganize` (toto_reorg.c).
 */
#ifndef UMPIRE_TOTO_REORG_H
#define UMPIRE_TOTO_REORG_H

#include "opt.h"

#include <cjson/cJSON.h>

#include "ctx.h"
#include "out.h"

int toto_reorg_run(struct ctx *c, const cJSON *req, struct out_result *o);
extern const char *const toto_reorg_fields[];
extern const struct opt toto_reorg_opts[];

#endif
