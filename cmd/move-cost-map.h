/*
 * move-cost-map.h: what the two files of `umpire move-cost --map` share:
 * move-cost-map.c (loading, --to, --reach, --advance) and
 * move-cost-retreat.c (--retreat).
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
struct svg_job;

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
	int net_hexes;		/* the moving side's rail net (toto 16.2) */
	int json;		/* the JSON is printed (--json) or logged
				   (--log): worth its hexes one by one */
	struct svg_job *pic;	/* --svg: the answer's marks, or NULL */
	int borrowed;		/* map, sit and pic are the caller's
				   (move_cost_map_marks) */
	int embark;		/* along: it puts to sea now (loe 6.4 C) */
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

#endif
