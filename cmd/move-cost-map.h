/*
 * move-cost-map.h: what the files of `umpire move-cost --map` share:
 * move-cost-map.c (loading, --to, --reach, --advance),
 * move-cost-retreat.c (--retreat) and move-cost-apply.c (a retreat or
 * advance a saved game owes, made there).
 */
#ifndef UMPIRE_MOVE_COST_MAP_H
#define UMPIRE_MOVE_COST_MAP_H

#include "map.h"
#include "move-cost.h"
#include "move.h"
#include "move_map.h"
#include "out.h"
#include "situation.h"

struct game;
struct saved;
struct svg_job;

/*
 * What a retreat or an advance comes to for the saved game (--to with
 * --retreat or --advance, --apply): the stack moves along route[0..n]
 * (the unit's hex first), is removed, or stays; rule the game's for it.
 */
enum mm_fate { MM_NONE, MM_MOVE, MM_REMOVE, MM_STAY };
struct mm_end {
	enum mm_fate fate;
	int *route, n;
	const char *rule;
};

/*
 * In the order a run writes it: what every run fills comes first, then
 * the units (a lone unit writes the first of them) and the TEC (a dozen
 * entries of its 23 KB pool), so that the room nobody writes lies at the
 * end: a reach on the loe teaching map writes four pages of the 31 KB,
 * where with the TEC before the units it wrote five (each page first
 * written costs the process a fault and a page the kernel must clear).
 */
struct mm_run {
	const struct mc_args *a;
	const struct game *g;
	struct map *map;
	struct situation *sit;
	int to;
	int via;		/* --via: the hex an advance enters first */
	const char *via_rule;
	struct move_check check;	/* the game's word on the situation */
	int json;		/* the JSON is printed (--json) or logged
				   (--log): worth its hexes one by one */
	struct svg_job *pic;	/* --svg: the answer's marks, or NULL */
	int borrowed;		/* map, sit and pic are the caller's
				   (move_cost_map_marks) */
	int embark;		/* along: it puts to sea now (loe 6.4 C) */
	struct mm_end end;	/* --to's end of a retreat or advance */
	struct move_map mm;
	struct move_vocab vocab;
	struct move_unit units[MC_MAXUNITS];
	struct move_tec tec;
};

/* The stack's allowance (its slowest unit's), -1 for none. */
int	move_cost_map_budget(const struct mm_run *r);
/* Hexes with a value (val[hex] / scale, or none), eight to a line, into
 * the trail and, when r->json, arr (objects of hex and key). */
void	move_cost_map_hexes_out(struct mm_run *r, const int *idx, int n,
	    const int *val, struct trail *t, cJSON *arr, const char *key);
/* The result object into json; left and list freed.  ST_OK unless code
 * says the answer is no. */
int	move_cost_map_finish(cJSON *json, const char *code, const char *text,
	    const char *rule, int *left, int *list);
/* --retreat: where a retreat may end and by which way (move-cost-retreat.c). */
int	move_cost_map_retreat(struct mm_run *r, struct trail *t,
	    cJSON *json);

/* ---- the saved game's side of a retreat or advance (move-cost-apply.c) */

/*
 * Before the run, with --apply or owed: the open step of a's kind that
 * every unit of a owes in saved game sv, first in the order the rules
 * take them; its length goes into a (owed) or must be a's, and an
 * advance's --via is the step's unless given.  ST_OK, or ST_USAGE
 * reported.
 */
int	move_cost_owed(struct saved *sv, struct mc_args *a);
/*
 * --to among the k legal ends of list[] the answer found: its index, or
 * -1 with the refusal reported (ST_USAGE) naming the legal ends; with no
 * --to (only --apply asks an end then) refused the same way.
 */
int	move_cost_map_end_index(struct mm_run *r, const int *list, int k);
/* The end chosen, reached by hexes[0..n] (the unit's first): kept in
 * r->end for the step, and said into t and json. */
void	move_cost_map_end_route(struct mm_run *r, struct trail *t,
	    cJSON *json, const int *hexes, int n);
/* The same for --to, reached by prev[], the hex before each. */
void	move_cost_map_end_prev(struct mm_run *r, struct trail *t,
	    cJSON *json, const int *prev);
/* The end made in saved game sv, a logged step for each unit of the
 * stack, and "applied" said into t and json. */
int	move_cost_apply_end(const struct ctx *c, struct mm_run *r,
	    struct saved *sv, struct trail *t, cJSON *json);
/* The result's "applied" member and line, after a step of sv's that gave
 * up dropped optional steps (saved_step). */
/* The game's effects of the stack's entering path[0..n-1] (move_rules
 * applied) onto fx, its lines into t. */
void	move_cost_entered(const struct mm_run *r, const int *path, int n,
	    cJSON *fx, struct trail *t);
void	move_cost_applied(struct saved *sv, struct trail *t, cJSON *json,
	    const char *text, int dropped);

/*
 * --apply of a move: the unit moves to the hex its path reached, one step
 * in the saved game's log with the move's rule (move-cost-apply.c).  The
 * game is locked before the position is read (move_cost_map), so no
 * other change comes between the answer and the step.
 */
int	move_cost_apply_move(const struct ctx *c, struct mm_run *r,
	    struct saved *sv, struct trail *t, cJSON *json);
/* --apply, owed: the saved game, locked to apply, and the open step a
 * retreat or advance takes read into own (its length, its first hex). */
int	move_cost_open_saved(const struct mc_args *a, struct mc_args *own,
	    struct saved *sv);

#endif
