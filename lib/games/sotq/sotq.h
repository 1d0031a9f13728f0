/*
 * sotq.h: what the Soldiers of the Queen procedures share.
 *
 * sotq.c reads a request into a struct sotq and owns what follows both
 * kinds of combat: the players' dice taken in the order the rules call for
 * them, morale checks (10.G, 12.E), leaders' deaths (13.D) and where a
 * routed unit runs (13.E).  sotq_fire.c settles fire (Part 10),
 * sotq_melee.c melee (Part 12).
 */
#ifndef UMPIRE_SOTQ_H
#define UMPIRE_SOTQ_H

#include "crt.h"
#include "opt.h"

enum sotq_battle { ISANDHLWANA, OMDURMAN };
enum sotq_side { NO_SIDE, BRITISH, ZULU, DERVISH };

/* What a morale check did to one unit. */
enum sotq_morale { MORALE_NONE, MORALE_PN, MORALE_WD, MORALE_RT,
	MORALE_PENDING, MORALE_OTHER };

#define SOTQ_MAX_ROLLS 32

/* The player's dice, one a step, used up in the order of the steps. */
struct sotq_rolls {
	char item[SOTQ_MAX_ROLLS][32];
	int n, next, given;
};

struct sotq {
	enum sotq_battle battle;
	enum sotq_side attacker, defender;
	int melee;		/* the melee table, not the fire table */
	int range;		/* fire: hexes to the target (10.A) */
	/* --terrain words (10.F, 12.D) */
	int woods, donga_bank, trench, ridge_up, ridge_down, big_donga;
	int thorn_hedge, rough;
	int charge, surrounded, leaders, odds;
	int by_units;		/* read off a position, titled already */
	struct sotq_rolls rolls;
	int gone[CRT_MAX_UNITS];	/* defenders no longer in the hex */
	int faces[DICE_MAX_COUNT];	/* the last roll's dice */
	struct crt_units att, def;
};

extern const char *const sotq_side_name[];
/* Every unit tag sotq knows, NULL-terminated (completion uses it too). */
extern const char *const sotq_unit_tags[];

/* 'a'..'d', the unit's morale rating, or 0 when it has none. */
int sotq_rating(const struct crt_unit *u);
/* The unit's weapon letter (10.A), or 0. */
int sotq_weapon(const struct crt_unit *u);
int sotq_is_artillery(const struct crt_unit *u);
/* "unit 2 (4:c)" */
void sotq_unit_name(const struct sotq *s, int i, char *buf, size_t len);

/*
 * The next die: the player's, or umpire's when the player gave none.
 * *have is 0 when the player gave dice but not this one.
 */
int sotq_next_roll(struct out_result *o, struct ctx *c, struct sotq *s,
    const struct table *t, int *total, int *have);

/*
 * Morale checks, in stack order, for every defender still in the hex with
 * a rating of at least `worst` ('a' for all; 'c' for 12.E's C and D), each
 * roll plus modifier (12.E: -2).  Each check is an entry of the result's
 * array `key`; a unit that withdraws or routs leaves the hex (gone[]).
 */
int sotq_morale_checks(struct out_result *o, struct ctx *c, struct sotq *s,
    int worst, int modifier, const char *rule, const char *key);
/* The chance that a unit of this rating leaves its hex (WD or RT) on a
 * check with the modifier. */
int sotq_morale_leave_chance(struct ctx *c, struct out_result *o, int rating,
    int modifier, double *p);
/* Defenders lost: leaders' fates (13.D). */
int sotq_leaders(struct out_result *o, struct ctx *c, struct sotq *s,
    int lost, int left);
/* Eliminate the top n defenders still in the hex; returns how many. */
int sotq_eliminate_top(struct out_result *o, struct sotq *s, int n,
    const char *rule, cJSON *dead);
int sotq_defenders_left(const struct sotq *s);
int sotq_any_tag(const struct crt_units *us, const char *tag);
void sotq_stand_in(struct out_result *o, const struct table *t);
/* The result object: code, text and rule. */
void sotq_result(struct out_result *o, const char *code, const char *text,
    const char *rule);
/* The die on column col of a combat table, recorded as "roll". */
int sotq_combat_roll(struct out_result *o, struct ctx *c, struct sotq *s,
    const struct table *t, int col, const struct table_entry **e);
/* A leftover die is an error: every die must have been used. */
int sotq_rolls_done(struct out_result *o, const struct sotq *s);

int sotq_fire(struct ctx *c, struct sotq *s, struct out_result *o);
/*
 * Units by id (sotq_units.c): the request a position makes, settled by
 * battle() through crt_position_battle (crt.h); and the effects of the
 * result battle() left in o, for the position (fire: Part 10, else
 * melee).
 */
int sotq_units_run(struct ctx *c, const cJSON *req, struct out_result *o,
    int (*battle)(struct ctx *, const cJSON *, struct out_result *,
    const struct crt_position *));
void sotq_units_effects(struct out_result *o, const struct crt_position *p,
    int fire);
int sotq_melee(struct ctx *c, struct sotq *s, struct out_result *o);

/* move-cost's options of the game's rules (opt.h) */
extern const struct opt sotq_move_opts[];
/* sotq_victory.c: Part 5's victory conditions, for `umpire victory`. */
int sotq_victory_run(struct ctx *c, const cJSON *req, struct out_result *o);
extern const char *const sotq_victory_fields[];
extern const struct opt sotq_victory_opts[];

#endif
