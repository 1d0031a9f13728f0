/*
 * move_map_impl.h: what move_map.c shares with move_stack.c (who stands
 * where, stacking and where a move may end).  Not for other
 * callers: they have move_map.h.
 */
#ifndef UMPIRE_MOVE_MAP_IMPL_H
#define UMPIRE_MOVE_MAP_IMPL_H

#include <stdint.h>

#include "move.h"
#include "move_map.h"
#include "path.h"

/* move_stack.c.  What stands in each hex, as bits in move_map.occ,
 * worked out once per situation (move_map_occupants); the game's stacking
 * limit for each unit of the stack entering `to` (0, or -1 with best
 * filled). */
enum { OCC_ENEMY = 1, OCC_FRIEND = 2, OCC_DUG_IN = 4, OCC_MATE = 16 };
void	move_map_occupants(struct move_map *);
int	move_stack_limit(struct move_map *, int to, struct move_price *best);

/* The hex's terrain as a bit over the vocabulary's words (move_tmask),
 * for a move_step's tmask; 0 past the words a mask holds. */
unsigned move_map_terrain_bit(const struct move_map *, int hex);

#endif
