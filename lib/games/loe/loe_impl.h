/*
 * loe_impl.h: what the three parts of the Lion of Ethiopia combat
 * procedure (loe.c, loe_request.c, loe_result.c) share and nothing else
 * needs: the battle as read from the request, and the steps each part
 * hands the next.
 */
#ifndef UMPIRE_LOE_IMPL_H
#define UMPIRE_LOE_IMPL_H

#include <cjson/cJSON.h>

#include "crt.h"
#include "ctx.h"
#include "table.h"
#include "opt.h"

#define MAX_HEXES 6
#define MAX_HQ 4
/* A column so far left of 1:6 that no shift brings it back (0 attack). */
#define LOE_FAR_LEFT 1000L

enum loe_side { NOBODY, ITALIAN, ETHIOPIAN };

/* Terrain of one defending hex (2.2 B-D: one type, plus jungle/marsh). */
struct loe_hex {
	const char *type;	/* clear, mountain, amba, massif */
	int shift;		/* 8.6.2-8.6.4 */
	const char *rule;
	int jungle, town, marsh;
	int entrenched;		/* 10.2.2 A: this hex holds an entrenchment */
	char text[64];
};

struct loe_hq {
	char kind[8];		/* corps, army, askaro */
	int cf;
	int oos, ezoc;
};

struct loe_battle {
	enum loe_side attacker;
	char side_why[160];	/* what made the attacker known */
	struct loe_hex hexes[MAX_HEXES];
	int nhex;
	int river, from_jungle, entrenched, fort, gas, colonial, first_attack;
	int armies;
	struct loe_hq hq[MAX_HQ];
	int nhq;
	int odds;
	int roll_given;
	/* the units on the position when named by id, else NULL */
	const struct crt_position *pos;
	char roll[64];
	/* each air unit's flight counted on --map, -1 when not (11.3 A-B) */
	int air_dist[CRT_MAX_UNITS], air_neutral[CRT_MAX_UNITS];
	/* last, and not cleared as a whole: they are large */
	struct crt_units att, def, air;
};

static inline enum loe_side
other(enum loe_side s)
{
	return s == ITALIAN ? ETHIOPIAN : s == ETHIOPIAN ? ITALIAN : NOBODY;
}

/* A battle of units named by id (loe_units.c, crt.h crt_by_units): the
 * battle the rules allow, and the request the position makes. */
int loe_units_check(struct out_result *o, const struct crt_position *p);
int loe_units_fill(struct out_result *o, const struct crt_position *p,
    const cJSON *req, cJSON **out);

/* Reads and checks the whole request into *b (loe_request.c). */
int loe_read_battle(struct out_result *o, const cJSON *req, struct loe_battle *b);
/* the request fields loe_read_battle reads (game.h) */
extern const char *const loe_crt_fields[];
/* loe_once.c: what a side may do once a game, for `umpire game use`:
 * res's "once", each with its name, rule, side, phase and text. */
int loe_once_run(struct ctx *c, const cJSON *req, struct out_result *res);
/* umpire entrench: may a unit build an entrenchment (10.2,
 * loe_entrench.c)? */
int loe_entrench_run(struct ctx *c, const cJSON *req, struct out_result *o);
extern const char *const loe_entrench_fields[];
/* umpire stacking: the position against 7.2 (loe_stack.c). */
int loe_stacking_run(struct ctx *c, const cJSON *req, struct out_result *o);
/* loe_victory.c: the victory conditions of 15 (and 14.3.2 B) on a
 * position, for `umpire victory`. */
int loe_victory_run(struct ctx *c, const cJSON *req, struct out_result *res);
extern const char *const loe_victory_fields[];
extern const struct opt loe_victory_opts[];
/* --map and --at: each air unit's flight to the battle (11.3 A-B). */
int loe_air_on_map(const struct ctx *c, struct out_result *o, const cJSON *req,
    struct loe_battle *b);
/* The range each air unit was counted at (11.3 A). */
void loe_air_range_steps(struct out_result *o, const struct loe_battle *b);
/* 1 when Haile Selassie is in the battle, on either side (13.2). */
int loe_has_selassie(const struct loe_battle *b);
/* The roll, or --odds: every roll weighed (loe_result.c). */
int loe_resolve_roll(struct out_result *o, struct ctx *c, const struct loe_battle *b,
    const struct table *t, cJSON *shifts, long vcol);
int loe_resolve_odds(struct out_result *o, struct ctx *c, const struct loe_battle *b,
    const struct table *t, cJSON *shifts, long vcol);

/* move-cost's options of the game's rules (opt.h) */
extern const struct opt loe_move_opts[];

#endif
