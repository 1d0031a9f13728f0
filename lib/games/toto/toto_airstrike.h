/*
 * toto_airstrike.h: Twilight of the Ottomans' airstrike procedure
 * (game.h): --check of one airbase's mission (18.x, 33.x, decided in
 * toto_air.c), recon on a map (18.8), the saved missions (18.5, 33.3).
 */
#ifndef UMPIRE_TOTO_AIRSTRIKE_H
#define UMPIRE_TOTO_AIRSTRIKE_H

#include "opt.h"

#include "games/air_req.h"
#include "games/game.h"
#include "games/toto/toto_air.h"

/* `umpire airstrike -g toto`, and the words of its --mission. */
int toto_airstrike_run(struct ctx *c, const struct cJSON *req,
    struct out_result *res);
int toto_airstrike_missions_run(struct ctx *c, const struct cJSON *req,
    struct out_result *res);
/* The request members it reads (game.h). */
extern const char *const toto_airstrike_fields[];
extern const struct opt toto_airstrike_opts[];

/* What it tells the saved missions (air_req.h). */
extern const struct air_game toto_airstrike_game;

#endif
