/*
 * loe_air.h: Lion of Ethiopia air power (11.x), the one place that says
 * whether an Italian air unit may fly a mission, how far it reaches and
 * what its support is worth.  `umpire crt` (loe.c, ground support) and
 * `umpire airstrike` (strikes, --check) both ask here.
 */
#ifndef UMPIRE_LOE_AIR_H
#define UMPIRE_LOE_AIR_H

#include <stddef.h>

#include "games/air.h"

enum loe_mission { LOE_REBASE, LOE_SUPPORT, LOE_STRIKE };
enum loe_base { LOE_PERMANENT, LOE_TEMPORARY, LOE_BUILDING };

/*
 * What the player (or the map) says about one air unit and its mission.
 * Every flag is 0 for "no" or "not stated"; range and distance are -1
 * when not known, and the check then says it could not count them.
 */
struct loe_air_facts {
	enum loe_mission mission;
	enum loe_base base;
	int range;		/* the counter's range factor (11.3 A) */
	int distance;		/* hexes from the base to the target */
	int oos;		/* out of supply (11.4.1 B) */
	int grounded;		/* forced off an overrun field last turn */
	const char *no_field;	/* the base hex, when it holds no airfield
				   known: not permanent (11.2 B), not a
				   temporary one stated or saved */
	int flown;		/* flew a mission already this player-turn */
	int neutral;		/* the only route crosses neutral territory */
	int field_used;		/* another unit flew from this temporary field */
	int base_adjacent;	/* Ethiopian units stand next to the base */
	int target_adjacent;	/* the target is one of those adjacent stacks */
	int attacked;		/* strike: target attacked by ground units too */
	int zoc;		/* strike: target in an Italian unit's ZOC */
	int zoc_fort_only;	/* ... and only from Italian units in a fort */
	int entrenched;		/* strike: the target hex is entrenched */
	int battle;		/* support: the hex is attacked on the ground */
};

/* The reasons for and against, in rule order; returns how many.  The
 * mission is allowed when no reason bars it. */
int loe_air_check(const struct loe_air_facts *f, struct air_reason *r,
    int max);
/* 11.2 B: the three permanent airfields' hex ids (Massawa 5232, Assab
 * 3833, To Mogadisho 1019); 1 when hex is one of them. */
int loe_air_permanent(const char *hex);
/* How far this mission may reach for a unit of this range (11.3 A, 11.4.1 A). */
int loe_air_reach(enum loe_mission m, int range);
/*
 * The hexes a flight from hex from to hex to counts on m (11.3 A-B): one a
 * hex, never over neutral territory, so round it.  -1 when no way round
 * exists; *straight is the count as the crow flies either way.
 */
struct map;
int loe_air_flight(const struct map *m, int from, int to, int *straight);
/*
 * The same for `umpire crt --map M --at HEX`: the flight of each air unit
 * whose base from[i] is named (NULL: none) to the battle hex.  dist[i] -1
 * when not asked; neutral[i] 1 when only a flight over neutral territory
 * reaches (dist[i] then as the crow flies).  ST_OK; ST_USAGE with why[]
 * for a hex not on the map; a map that does not load is reported, why[]
 * left empty.
 */
struct ctx;
int loe_air_flights(const struct ctx *c, const char *map, const char *to,
    const char *const *from, int n, int *dist, int *neutral, char *why,
    size_t len);
/* The column shift ground support gives a battle (11.4.2 C, 11.4.5 B). */
int loe_air_support_shift(int nair, int gas, const char **rule);
/*
 * The Airstrike Chart's row for a target hex (11.4.4 A): words joined by
 * '+' (clear, mountain, amba, massif, jungle, marsh, town) and whether the
 * hex is entrenched.  Returns the row, or -1 with why[] naming the word.
 */
int loe_air_row(const char *terrain, int entrenched, char *why, size_t len);
/* Gas or not by the turn's date (11.4.5 A): "oct-1" .. "may-15" or a
 * month alone; 1 gas, 0 normal, -1 not a turn. */
int loe_air_gas_turn(const char *turn);

/* The word for a mission and back; -1 for an unknown word. */
const char *loe_air_mission_name(enum loe_mission m);
int loe_air_mission_parse(const char *word);

#endif
