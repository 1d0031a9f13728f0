/*
 * move_map.h: a game's movement rules on a map (move_map.c).  The caller
 * fills the first fields (the map, the situation, the moving stack as
 * units ready to move, the hex it starts from) and calls move_map_init,
 * which computes the enemy zones of control once; move_map_path and
 * move_map_reach then search with the game's prices.
 */
#ifndef UMPIRE_MOVE_MAP_H
#define UMPIRE_MOVE_MAP_H

#include <stdint.h>

#include "map.h"
#include "move.h"
#include "path.h"

struct map;
struct situation;
struct unit;
struct path_result;
struct path_step;

struct move_map {
	const struct map *map;
	const struct situation *sit;
	const struct move_rules *rules;
	const struct move_vocab *vocab;
	struct move_unit *units;	/* the stack; units[0] names the side */
	int nunits;
	const char *side;		/* the moving side */
	int origin;			/* map index it starts from */
	enum move_mode mode;
	/* a retreat's aim: every step farther from each
	   of away[], and nearer toward if ntoward; the caller's */
	int away[4], naway, toward, ntoward;
	/* 1: the caller wants only who stands where and the zones of
	   control, no move priced (supply.c): no room for ways in */
	int zones_only;
	/* made by move_map_init, freed by move_map_free */
	int origin_entry;		/* -1: the unit began the phase at
					   origin; else the side it came in by */
	/* a way's entry is the hexside it came in by, 0-5, or what the
	   game keeps instead (move_rules.map_entry); -1: none known (it
	   began there) */
	unsigned char *zoc;		/* 1 = in an enemy zone of control */
	unsigned char *occ;		/* who stands in each hex */
	struct move_way {		/* the cheapest free way in, its side */
		int best, entry;
	} *way;
	/* set by move_map_path: steps jump0 + 1 .. jump1 of the path went
	   by the game's jump (a rail move), step jump0 + k being hex k of
	   the jump; -1: none */
	int jump0, jump1;
	int starts_off;			/* the stack begins off the map and
					   lands first, the game's jump (set
					   by move_map_init from the flags) */
	struct map_cells cells;		/* the map's arrays, read at each step
					   a search prices (move_map_init) */
	/* a path drawn by the player (move_answer.c): when lane is set, the
	   only step out of hex h goes into lane[h], and a landing from the
	   off the map is only at lane_land */
	const int *lane;
	int lane_land;
};

/* The game's words as a loaded map already holds them (its terrain.json),
 * so that a procedure on a map does not read that file twice. */
int	move_vocab_of_map(const struct map *, struct move_vocab *);
int	move_map_init(struct move_map *);
/* situation_zoc's callback with the game's limits (ud = the move_map),
 * for callers that compute zones of their own (supply-trace). */
int	move_map_exerts(void *ud, const struct unit *u, int from, int dir,
	    int to);
void	move_map_free(struct move_map *);
/* The stack's price of the step from `from` across dir into `to`, as the
 * rules see it: 0, or -1 with p's rule and why. */
int	move_map_price(struct move_map *, int from, int dir, int to, int spent,
	    struct move_price *p);
/* A path the caller walks step by step (not a search): hex was entered
 * across its side entry (-1: landed), as a search would keep it (rivers
 * that flow through hexes). */
void	move_map_entered(struct move_map *, int hex, int entry);
/* The side hex was entered by, as kept; -1 none. */
int	move_map_entry(const struct move_map *, int hex);
/* May the stack end its move in hex (the game's may_end)?  0, or -1 with
 * p's rule and why; p may be NULL where only the answer is wanted. */
int	move_map_may_end(struct move_map *, int hex, struct move_price *p);
/* The hexes of list[0..k-1] the stack may end in stay in list, in order,
 * and their count is returned; those it may not are put in order in
 * refused[0..*nrefused-1] (room for k). */
int	move_map_may_end_list(struct move_map *, int *list, int k,
	    int *refused, int *nrefused);
/* The act (a step word such as "embark") at the start, where the stack
 * stands: 0, or -1 with p's rule and why. */
int	move_map_act(struct move_map *, const char *act, struct move_price *p);
/* The same for step k (>= 1) of the game's jump; k = 0 is move_map_price. */
int	move_map_price_jump(struct move_map *, int from, int dir, int to,
	    int spent, int k, struct move_price *p);
/* path_cheapest and path_reach with the game's prices (path.h), or the
 * game's own search where it has one (move_rules.map_path, map_reach). */
int	move_map_path(struct move_map *, int to, int budget,
	    struct path_result *out);
int	move_map_reach(struct move_map *, int budget, int *left, int *prev);

/*
 * For the games' own searches and move_route.c: the search's callback
 * (path.h), and a step priced quietly as step k of a jump (0: none).
 */
int	move_map_cost(void *ud, int from, int dir, int to, int spent,
	    struct path_step *e);
/* The price move_map_cost takes, step k of a rail move (0: none), with
 * no way in remembered: 0, or -1 refused. */
int	move_map_step_quiet(struct move_map *, int from, int dir, int to,
	    int spent, int k, struct path_step *e);
int	move_map_price_quiet(struct move_map *, int from, int dir, int to,
	    int spent, int k, struct move_price *p);
/* Is the situation's unit u off the map, by the game's marker
 * (move_rules.off_map)? */
int	move_map_off_map(const struct move_map *, const struct unit *u);
/* Does a unit of the moving side (one of the stack or not) stand in hex,
 * on the map? */
int	move_map_friend_in(const struct move_map *, int hex);
/* The situation checked against the map by the game (move_rules'
 * map_check): ST_OK with *out what the answer says of it (zeroed when
 * the game checks nothing), or a reported status. */
int	move_map_check(const struct move_map *, struct move_check *out);
/* The stack off the map lands in hex port, the first step of the game's
 * jump; the price as above. */
int	move_map_land(struct move_map *, int port, int spent, int quiet,
	    struct move_price *p);

#endif
