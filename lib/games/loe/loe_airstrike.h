/*
 * loe_airstrike.h: Lion of Ethiopia's airstrike procedure (game.h): a
 * strike on the Airstrike Chart (11.4.4, 11.4.5 A), --check of one mission
 * (11.1-11.4.3, decided in loe_air.c), the facts a map and a situation
 * supply (loe_airstrike_map.c) and the limits of the saved missions
 * (loe_airstrike_saved.c).
 */
#ifndef UMPIRE_LOE_AIRSTRIKE_H
#define UMPIRE_LOE_AIRSTRIKE_H

#include "opt.h"

#include "games/air_req.h"
#include "games/game.h"
#include "games/loe/loe_air.h"

/* The request as loe reads it: the shared members first (air_req.h). */
struct loe_airstrike_req {
	struct air_req a;
	const char *terrain;	/* NULL: clear, or the map's target hex */
	int entrenched;
	int gas;		/* --gas */
	const char *turn;	/* --turn, and what it says of gas */
	int turn_gas;
	int gas_num, gas_den, gas_given;	/* --gas-chance n/d */
	int selassie;		/* 13.2 A */
	int stack;		/* Ethiopian units in the hex; 0 not stated */
	int stated_zoc, stated_neutral;
	int map_zoc;		/* the situation gave the ZOC */
	int from_marked;	/* the map marks an airfield in --from (11.2 B) */
	char map_terrain[96];	/* the target's terrain read off the map */
	struct loe_air_facts facts;
};

/* `umpire airstrike -g loe`, and the words of its --mission. */
int loe_airstrike_run(struct ctx *c, const struct cJSON *req,
    struct out_result *res);
int loe_airstrike_missions_run(struct ctx *c, const struct cJSON *req,
    struct out_result *res);
/* The request members it reads (game.h). */
extern const char *const loe_airstrike_fields[];
extern const struct opt loe_airstrike_opts[];

/* loe_airstrike_map.c: distance, terrain and ZOC off --map and
 * --situation (11.3, 11.4.3 A, 11.4.4 A, 11.2.4 C, 13.2 A). */
int loe_airstrike_map_facts(const struct ctx *c, struct loe_airstrike_req *r);

/* loe_airstrike_saved.c: what the saved missions know (11.1 A, 11.2.2,
 * 11.2.3 B, 11.2.5 B). */
extern const struct air_game loe_airstrike_saved_game;
void loe_airstrike_saved_facts(struct loe_airstrike_req *r);
/* A strike's units, each asked of loe_air.c with what it flew. */
int loe_airstrike_saved_units(const struct loe_airstrike_req *r);

#endif
