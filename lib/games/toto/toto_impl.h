/*
 * toto_impl.h: what the three parts of the Twilight of the Ottomans
 * combat procedure (toto.c, toto_request.c, toto_result.c) share and
 * nothing else needs: the battle as read from the request, and the
 * functions each part calls in another.
 */
#ifndef UMPIRE_TOTO_IMPL_H
#define UMPIRE_TOTO_IMPL_H

#include <cjson/cJSON.h>

#include "crt.h"
#include "ctx.h"
#include "table.h"
#include "opt.h"

#define MAX_MOVES 64

struct feature {
	char name[32];
	int mult;
	int stand_in, given_mult;
	int some;		/* a hexside not every attacker crosses */
};

struct toto_support {
	int given, cf, max;
	int range, dist;	/* the airbase's, when given (18.3); else -1 */
	char counted[160];	/* toto_air.c's word on that range */
};

struct crt_position;
struct unit;

struct toto_battle {
	const struct crt_position *pos;	/* units by id (toto_units.c), or NULL */
	struct toto_support hq, air;
	struct feature terrain, hexside;
	int has_hexside;
	const char *hq_unit;	/* the supporting HQ by id (17.1), or NULL */
	const char *table;	/* crt-raid, crt-big-push */
	const char *city;
	int max_supply, concentric, winter, odds, roll_given;
	int att_move[MAX_MOVES], def_move[MAX_MOVES];
	int natt_move, ndef_move;
	char roll[32];
	/* last, and not cleared as a whole: they are large */
	struct crt_units att, def, naval;
};

/* Reads and checks the whole request into *b (toto_request.c). */
int toto_read_battle(struct out_result *o, const struct ctx *c, const cJSON *req,
    struct toto_battle *b);
/* The corps of 8.1 (toto_corps.c): the table read once; whether a tag
 * names a corps or its divisions; each unit's corps checked against the
 * table (side 0 attacking, 1 defending), a named one tagged corps; and
 * the factors 12.20 figures the side's losses from, with its steps. */
#define TOTO_CORPS_PARTS 8
struct toto_corps_kind {
	char id[CRT_TAG_LEN];
	char name[48];
	int f[3];			/* attack, defense, movement */
	int nparts;			/* 0: the text does not give them */
	int part[TOTO_CORPS_PARTS][3];
	char type[TOTO_CORPS_PARTS][16];	/* the divisions' unit types */
	int supply;			/* building it spends a supply unit */
};
int toto_corps_load(const struct ctx *c);
/* A kind by its id, or the i-th (NULL past the last); after the load. */
const struct toto_corps_kind *toto_corps_find(const char *id);
const struct toto_corps_kind *toto_corps_at(int i);
int toto_corps_word(const char *tag);
int toto_corps_check(struct out_result *o, struct crt_units *us, int side);
int toto_loss_basis(struct out_result *o, const struct crt_units *us, int side);
/* 1 when the attack draws maximum attack supply (15.7): a unit tagged
 * max, the request, or its HQ or air support. */
int toto_any_max(const struct toto_battle *b);
/* 1 when any of the units carries the tag. */
int toto_has_tag(const struct crt_units *us, const char *tag);
/* The roll, or --odds: every roll weighed (toto_result.c). */
int toto_resolve(struct out_result *o, struct ctx *c, const struct toto_battle *b,
    const struct table *t, int col, int ground, int printed_def);

/*
 * Units by id (toto_units.c), for crt_position_battle (crt.h): the
 * battle refused where the rules forbid it, and the request the position
 * makes; a unit's printed defense factor (its def-N marker, or -1);
 * whether it attacks from an all-sea hex (20.12).
 */
int toto_units_check(struct out_result *o, const struct crt_position *p);
int toto_units_fill(struct out_result *o, const struct crt_position *p,
    const cJSON *req, cJSON **out);
int toto_units_defense(const struct unit *u);
/* A corps' kind (its marker naming a row of 8.1), or NULL; the factor a
 * loss counts of u, side 0 attacking, 1 defending: a corps of a known
 * kind counts its divisions' (12.20), any other unit its own. */
const char *toto_units_kind(const struct unit *u);
int toto_units_loss_factor(const struct unit *u, int side);
int toto_units_at_sea(const struct crt_position *p, const struct unit *u);

/* the request fields toto_read_battle reads (game.h) */
extern const char *const toto_crt_fields[];

/* move-cost's options of the game's rules (opt.h) */
extern const struct opt toto_move_opts[];
/* 10.2: what a land unit counts for stacking, in divisional equivalents
 * (toto_move.c). */
int toto_equivalents(int corps);
/* umpire stacking: the position against 10 (toto_stack.c). */
int toto_stacking_run(struct ctx *c, const cJSON *req, struct out_result *o);
/* toto_victory.c: the levels of 30.1 and the automatic victory of 30.2,
 * for `umpire victory`. */
int toto_victory_run(struct ctx *c, const cJSON *req, struct out_result *o);
extern const char *const toto_victory_fields[];
extern const struct opt toto_victory_opts[];

#endif
