/*
 * move_map_impl.h: what move_map.c shares with the files split from it:
 * move_memo.c (the stack's prices kept by what a step meets),
 * move_cheapest.c (the cheapest way at any cost) and move_stack.c (who
 * stands where, stacking and where a move may end).  Not for other
 * callers: they have move_map.h.
 */
#ifndef UMPIRE_MOVE_MAP_IMPL_H
#define UMPIRE_MOVE_MAP_IMPL_H

#include <stdint.h>

#include "move.h"
#include "move_map.h"
#include "path.h"

/*
 * What a step meets: the move_step's fields that vary on a map (action,
 * queue and landing never do in a search), packed in two words that are
 * hashed and compared whole.  w0: the next hex's features, the low 32
 * bits, and the hexside's words, the high; w1: the features of the hex
 * left, the low 32, then the next hex's terrain id (8 bits, below
 * MAP_MAX_TERRAINS), the yes-or-no fields and net (12), and the rail
 * step's number (12; steps 2 to the game's rail_hexes all count as 2,
 * as they price alike).  index is 0 on the first step, else 1, as K_FIRST
 * says.  rail is kept whole beside them: a rail step numbered past what
 * fits is priced afresh each time.
 */
struct step_key {
	uint64_t w0, w1;
	int rail;
};

enum { K_ENTER_EZOC = 1, K_LEAVE_EZOC = 2, K_ENEMY = 4, K_FIRST = 8,
	K_CROSS = 16, K_ENTRENCHED = 32, K_FRIEND_HALTED = 64,
	K_NOT_AWAY = 128, K_NET_SHIFT = 8 };
#define KEY_RAIL_MAX	4095

static inline unsigned
key_terrain(const struct step_key *k)
{
	return (unsigned)(k->w1 >> 32) & 0xffu;
}

static inline unsigned
key_bits(const struct step_key *k)
{
	return (unsigned)(k->w1 >> 40) & 0xfffu;
}

static inline void
key_set_bits(struct step_key *k, unsigned bits)
{
	k->w1 = (k->w1 & ~((uint64_t)0xfff << 40)) | (uint64_t)bits << 40;
}

/* move_memo.c.  memo_check makes the memo the stack's as it is now,
 * emptied if the units changed (at each search or walk's start);
 * memo_find: the entry for k, kept or free, NULL when none is kept (a big
 * stack); memo_answer: the kept price at spent, 0 or -1 as
 * move_price_stack, -2 none; memo_keep: a price just worked out. */
struct memo_entry;
void	memo_check(struct move_map *);
struct memo_entry *memo_find(struct move_map *, const struct step_key *);
int	memo_answer(const struct move_map *, const struct memo_entry *,
	    int spent, struct move_price *);
void	memo_keep(struct move_map *, struct memo_entry *,
	    const struct step_key *, int spent, int r,
	    const struct move_price *);
/* The two in one for a search's step: 0 or -1 with e filled, -2 none. */
int	memo_step(struct move_map *, const struct step_key *, int spent,
	    struct path_step *e);
/* move_map_may_end where the stack would stand alone, kept by the hex's
 * features and terrain (an id of the map's): the kept answer (0 or -1, p
 * filled unless NULL), or -2 none; and keep one.  The memo checked first
 * (memo_check). */
int	memo_alone(struct move_map *, unsigned features, int terrain,
	    struct move_price *);
void	memo_alone_keep(struct move_map *, unsigned features, int terrain,
	    int r, const struct move_price *);
void	memo_free(struct move_map *);

/* move_stack.c.  What stands in each hex, as bits in move_map.occ,
 * worked out once per situation (move_map_occupants); the game's stacking
 * limit for each unit of the stack entering `to` (0, or -1 with best
 * filled). */
enum { OCC_ENEMY = 1, OCC_FRIEND = 2, OCC_DUG_IN = 4, OCC_HALTED = 8,
	OCC_MATE = 16 };
void	move_map_occupants(struct move_map *);
int	move_stack_limit(struct move_map *, int to, struct move_price *best);

/* move_map.c, for move_cheapest.c: a search's start (no way in kept, the
 * memo checked), whether any step may ever enter hex `to`, and the
 * stack's least into each terrain (move_map.h's into, worked out). */
void	move_map_reset(struct move_map *);
/* The hex's terrain as a bit over the vocabulary's words (move_tmask),
 * for a move_step's tmask; 0 past the words a mask holds. */
unsigned move_map_terrain_bit(const struct move_map *, int hex);
int	move_map_enterable(struct move_map *, int to);
const struct move_into *move_map_into(struct move_map *);

#endif
