/*
 * move_answer.h: the questions on a map that `umpire move-cost --map`
 * words and `umpire map svg` draws, each computed once here
 * (move_answer.c): a unit of a situation made ready to move, a retreat's
 * aim, a path the player drew priced as move-cost prices its own (with
 * the landing from off the map and the game's jump), and
 * how a retreat comes out (its ends, leaving the map, or where the unit
 * dies).
 */
#ifndef UMPIRE_MOVE_ANSWER_H
#define UMPIRE_MOVE_ANSWER_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "move.h"
#include "move_route.h"

struct ctx;
struct map;
struct move_map;
struct move_rules;
struct path_result;
struct unit;

/*
 * Unit su of a situation on m, ready to move under rules: base is what
 * the player asked (type, side and MA are su's unless base names them;
 * its markers add the game's own bits, move_req.game, as the game's rules
 * name them); vocab and tec are the game's, already
 * loaded.  ST_OK, or the game's status with why[] saying what was wrong.
 */
int	move_ready_unit(const struct ctx *c, const struct move_rules *rules,
	    const struct map *m, const struct unit *su,
	    const struct move_req *base, const struct move_vocab *vocab,
	    const struct move_tec *tec, struct move_unit *u, char *why,
	    size_t whylen);

/*
 * A retreat's aim: away[0..naway) the hexes it flees,
 * toward (or NULL) the one it runs to, as hex ids of mm->map; each a hex
 * other than mm->origin.  ST_OK, or ST_USAGE reported.
 */
int	move_aim(struct move_map *mm, const char *const *away, int naway,
	    const char *toward);

/*
 * The path hexes[0..n) the player drew, from mm->origin, priced as
 * move_map_path prices the cheapest (the same search, kept to these
 * hexes): for a stack off the map hexes[1] is the port it lands in,
 * anywhere on the map; the game's jump (a rail move) goes where along the
 * path it saves the most.  ST_OK with out filled (and mm->jump0, jump1
 * set), ST_NO when the unit may not take the path within budget (< 0:
 * no limit), ST_USAGE (not reported) when it enters a hex twice, at
 * *twice.
 */
int	move_path_along(struct move_map *mm, const int *hexes, int n,
	    int budget, struct path_result *out, int *twice);

/*
 * Step i (>= 1) of a path move_map_path or move_path_along found, priced
 * again for its rule and its words, spent cost units before it: the
 * landing, a step of the rail move, or a plain step.
 */
void	move_path_step(struct move_map *mm, const struct path_result *pr,
	    int i, int spent, struct move_price *p);

/* A priced step's words, rule, loss and stop as members of o, as
 * move-cost's --json gives each step. */
void	move_price_json(cJSON *o, const struct move_price *p);

enum move_rt_code { MOVE_RT_ENDS, MOVE_RT_OFF_MAP, MOVE_RT_STAYS,
	MOVE_RT_ELIMINATED };

struct move_rt_answer {
	struct move_retreat rt;
	int hexes;		/* searched: as asked, or the distance to
				   mm->toward when that is nearer (13.E) */
	int shortened;		/* 1: hexes is that distance */
	int edge_goal;		/* OFF_MAP: it reached mm->toward on the
				   map's edge and runs on off the map */
	enum move_rt_code code;
	int *list, nlist;	/* ENDS: where it may end (rt.ends); OFF_MAP:
				   the hexes it leaves the map from;
				   STAYS: none (the game keeps the unit,
				   units[0].no_retreat says how);
				   ELIMINATED: every hex it gets to, where
				   it dies */
};

/*
 * How a retreat of hexes from mm->origin comes out (mm->mode
 * MOVE_RETREAT, its aim set): the routes, the ends with the fewest
 * losses, or, where the game lets the map's edge cut it short, the
 * hexes it leaves from; else where it dies, unless the game
 * keeps it instead.  Free a with move_rt_answer_free.
 */
void	move_retreat_answer(struct move_map *mm, int hexes,
	    struct move_rt_answer *a);
void	move_rt_answer_free(struct move_rt_answer *a);

#endif
