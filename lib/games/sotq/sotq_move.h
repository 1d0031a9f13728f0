/*
 * sotq_move.h: what Soldiers of the Queen's movement (sotq_move.c) shares
 * with its stacking and end-of-move rules (sotq_stack.c): the unit types
 * of Part 6 B and the two hooks of struct move_rules and move_unit.
 */
#ifndef UMPIRE_SOTQ_MOVE_H
#define UMPIRE_SOTQ_MOVE_H

#include <cjson/cJSON.h>

struct move_price;
struct move_step;
struct move_unit;
struct unit;

/* unit classes */
enum { C_FOOT, C_HORSE, C_CAMEL, C_GUN, C_WAGON, C_LEADER, C_GUNBOAT };

/* the game's feature words a unit tests, as bits in move_unit.fbit[] */
enum { F_TRAIL, F_TRENCH, F_EXIT, F_WEST };

/* What a unit carries from step to step (move_unit.carry): mounted
 * (6.D), limbered (6.E), and having left an enemy zone this move (8.C). */
enum { SOTQ_MOUNTED, SOTQ_LIMBERED, SOTQ_LEFT_EZOC };
/* What a unit ready to move keeps (move_unit.data): its battle, 0
 * Isandhlwana, 1 Omdurman. */
enum { SOTQ_BATTLE };
/* move_req.game, move_unit.game: the bits the situation's markers set
 * (sotq_markers): pinned, routed (10.G), forced west of the British
 * Retreat Line before and so bound by it no more (Part 14). */
enum { SOTQ_PINNED = 1, SOTQ_ROUTED = 2, SOTQ_FREED = 4 };
/* move_step.game: a pinned or routed friend holds the next hex (6.C). */
#define SOTQ_HALTED_AHEAD	0x1u

struct sotq_type {
	const char *word;
	int battle;		/* 0 isandhlwana, 1 omdurman */
	int cls;
	int ma;			/* 6.B */
	int alt;		/* horse: dismounted MA; 0 none */
	char side;		/* british, zulu, dervish; '?' either */
	int may_exit;		/* Part 14: may leave the map of its own will */
};

/* The type word in one battle (0 isandhlwana, 1 omdurman), or NULL. */
const struct sotq_type *sotq_find_type(int battle, const char *word);
/* The same in either battle (a situation unit's; the horse are in both). */
const struct sotq_type *sotq_any_type(const char *word);

/* Part 9 on entering a hex where friends stand (move_rules.stacks). */
int	sotq_stacks(const struct move_unit *m, const struct unit *const *th,
	    int n, struct move_price *p);
/* 9.A, 9.B, 14: where a move may end (move_unit.may_end). */
int	sotq_may_end(const struct move_unit *m, const struct move_step *st,
	    const struct unit *const *th, int n, struct move_price *p);

/* umpire stacking: the position against Part 9 (sotq_stack.c). */
struct ctx;
struct out_result;
int	sotq_stacking_run(struct ctx *c, const cJSON *req,
	    struct out_result *o);

#endif
