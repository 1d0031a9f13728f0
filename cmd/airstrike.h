/*
 * airstrike.h: the request `umpire airstrike` parses (airstrike.c) and
 * settles (airstrike-run.c: the strike and --check; airstrike-map.c: the
 * facts a map and a situation supply).
 */
#ifndef UMPIRE_AIRSTRIKE_H
#define UMPIRE_AIRSTRIKE_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "ctx.h"
#include "games/air_state.h"
#include "games/loe/loe_air.h"
#include "games/toto/toto_air.h"

struct air_request {
	int units;		/* air units in the strike (11.4.4 A) */
	const char *terrain;	/* NULL: clear, or the map's target hex */
	int entrenched;
	int gas;		/* --gas */
	const char *turn;	/* --turn, and what it says of gas */
	int turn_gas;
	int gas_num, gas_den, gas_given;	/* --gas-chance n/d */
	const char *roll;
	int odds;
	int selassie;		/* 13.2 A */
	int stack;		/* Ethiopian units in the hex; 0 not stated */
	int check;
	int mission_given;
	const char *map, *situation, *from, *to;
	int stated_zoc, stated_neutral;
	int map_zoc;		/* the situation gave the ZOC */
	int from_marked;	/* the map marks an airfield in --from (11.2 B) */
	char map_terrain[96];	/* the target's terrain read off the map */
	struct loe_air_facts facts;
	/* what the map showed that bars nothing (5.2 A's stopped zones) */
#define AIR_MAX_NOTES 6
	struct air_reason notes[AIR_MAX_NOTES];
	int nnotes;
	int toto;		/* -g toto: the toto facts below apply */
	const char *mission_word;
	const char *side;	/* toto: allied or ottoman */
	struct toto_air_facts tf;
	/* --name: the saved missions (airstrike-state.c) */
	const char *name, *unit, *field_hex;
	int fly, units_given, nacts;
	enum air_act { AIR_ACT_NONE, AIR_ACT_STATUS, AIR_ACT_UNDO,
	    AIR_ACT_NEW_TURN, AIR_ACT_NEW_PHASE, AIR_ACT_BUILD,
	    AIR_ACT_REMOVE, AIR_ACT_OVERRUN } act;
	struct air_saved *saved;
};

/* A game's saved missions while a command runs. */
struct air_saved {
	struct air_file f;
	struct air_state s, before;
	int fresh;		/* no file yet */
};

int air_map_facts(const struct ctx *c, struct air_request *r);
int air_strike(struct ctx *c, const struct air_request *r);
int air_check(const struct ctx *c, const struct air_request *r);
/* The reasons, the verdict and the exit status of a --check. */
struct trail;
int air_verdict(const struct ctx *c, cJSON *json, struct trail *t,
    const struct air_reason *rs, int n, const char *rule, const char *said);
/* airstrike-toto.c: -g toto --check, and recon on a map */
int toto_check(const struct ctx *c, const struct air_request *r);

/* airstrike-state.c: --name */
int air_state_cmd(const struct ctx *c, struct air_request *r);
int air_saved_open(const struct ctx *c, struct air_request *r);
void air_saved_close(struct air_request *r);
/* What the saved missions say of this mission (11.1 A, 11.2.2 E, 11.2.3 B,
 * 18.5, 33.3): facts set, with a note for each. */
void air_saved_facts(struct air_request *r);
/* A strike's units, each asked of loe_air.c with what it flew. */
int air_saved_strike_units(const struct air_request *r);
/* Record the allowed mission and write the state. */
int air_saved_record(const struct air_request *r, const char *mission,
    char *said, size_t len, cJSON *json);

#endif
