/*
 * toto_rail.h: a rail move inside a move on a map (9.8, toto_rail.c),
 * the jump layer toto's movement rules give the map search (move.h,
 * map_path), and the rail nets a situation may give (16.2).
 */
#ifndef UMPIRE_TOTO_RAIL_H
#define UMPIRE_TOTO_RAIL_H

struct move_map;
struct move_step;
struct path_result;
#include "situation.h"

int	toto_rail_path(struct move_map *, int to, int budget,
	    struct path_result *out);
int	toto_rail_reach(struct move_map *, int budget, int *left, int *prev);
int	toto_rail_enters(struct move_map *, int to);
void	toto_rail_step(const struct move_map *, int from, int dir, int to,
	    struct move_step *st);
/* The situation's rail_nets checked against the map (each hex rail or
 * road; ST_DATA reported if not): out counts the moving side's hexes and
 * words them for a move's answer (9.10, 16.2); ST_OK, out empty, when it
 * has none. */
struct move_check;
int	toto_rail_nets(const struct move_map *, struct move_check *out);

/* The situation's member of toto's own (situation_rules.members): each
 * side's rail net, the hexes of it (16.2). */
#define TOTO_RAIL_NETS	"rail_nets"
extern const struct situation_member toto_rail_members[];

/* move_step.game's bits on a map whose situation says whose rail nets
 * are (9.10, 16.2): the nets are known; the next hex, the hex left, is
 * part of the moving side's. */
#define TOTO_NET_KNOWN	0x1u
#define TOTO_NET_TO	0x2u
#define TOTO_NET_FROM	0x4u

#endif
