/*
 * loe_move.h: what loe_move.c shares with loe_river.c: the places of the
 * feature and hexside words in a unit's fbit and sbit, and the river
 * hooks of the map search (move.h, map_step and map_entry).
 */
#ifndef UMPIRE_LOE_MOVE_H
#define UMPIRE_LOE_MOVE_H

struct move_map;
struct move_step;

enum { F_JUNGLE, F_MARSH, F_RIVER, F_LAKE, F_FORD, F_NEUTRAL, F_FORT,
	F_PORT };
enum { S_ROAD, S_PAVED, S_BRIDGE, S_RIVER, S_LAKE, S_OCEAN, S_NEUTRAL };

/* Whether the step leaves a river hex across the river (move_step.cross)
 * and at a bridge (bridged); the bank kept of a way into a river hex, as
 * HEX_NDIRS + v for the corner between hexsides v and v + 1, or -1 for
 * either bank. */
void	loe_river_step(const struct move_map *, int from, int dir, int to,
	    struct move_step *st);
int	loe_river_entry(const struct move_map *, int from, int dir, int to);

#endif
