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

/* loe's step bits (move_step.game): the step leaves a river hex across
 * the river (on a map, by a bank other than the one it is on; named step
 * by step, the player's word cross), at a bridge (on a map only). */
#define LOE_STEP_CROSS		0x1u
#define LOE_STEP_BRIDGED	0x2u

/* Whether the step leaves a river hex across the river and at a bridge;
 * the bank kept of a way into a river hex, as HEX_NDIRS + v for the
 * corner between hexsides v and v + 1, or -1 for either bank; the
 * readings of a step whose bank waits on the search (move.h,
 * map_reading). */
void	loe_river_step(const struct move_map *, int from, int dir, int to,
	    struct move_step *st);
int	loe_river_entry(const struct move_map *, int from, int dir, int to);
int	loe_river_reading(int k, struct move_step *st);

/* Whether u is a ground unit that holds its hex (6.1 F, 11.1 B, 6.4 C). */
struct unit;
int	loe_holds(const struct unit *u);
/* The Ethiopian army a unit of this type belongs to (its army-N marker),
 * or NULL: none, an Imperial Guard unit, an Italian (13.1.3, 13.3.1 B). */
const char *loe_army_of(const struct unit *su, const char *type);
/* 7.2: what a unit counts against its side's limit: Italy in thirds of a
 * division, Ethiopia in units (0: it does not count). */
int	loe_stack_weight(const char *side, const char *type, int nondiv,
	    int tesfazien);

/* 3.3 B, 10.2.3: the hexes a move applied to a saved game takes, the
 * entrenchment it leaves (move_rules.applied, loe_control.c). */
struct map;
struct situation;
#include <stddef.h>
#include <cjson/cJSON.h>
void	loe_move_applied(const struct map *m, const struct situation *sit,
	    const struct unit *const *su, int nsu, const int *path, int n,
	    cJSON *fx, char *text, size_t len);

#endif
