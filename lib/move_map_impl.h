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
	K_NOT_AWAY = 128, K_NET_SHIFT = 8, K_BRIDGED = 2048 };
/* net's three bits, MOVE_NET_*, from K_NET_SHIFT on, below K_BRIDGED */
#define K_NET_MASK	0x7u
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
void	memo_check(struct move_map *);
struct memo_entry *memo_find(struct move_map *, const struct step_key *);
int	memo_answer(const struct move_map *, const struct memo_entry *,
	    int spent, struct move_price *);
void	memo_keep(struct move_map *, struct memo_entry *,
	    const struct step_key *, int spent, int r,
	    const struct move_price *);
/* move_map_may_end where the stack would stand alone, kept by the hex's
 * features and terrain (an id of the map's): the kept answer (0 or -1, p
 * filled unless NULL), or -2 none; and keep one.  The memo checked first
 * (memo_check). */
int	memo_alone(struct move_map *, unsigned features, int terrain,
	    struct move_price *);
void	memo_alone_keep(struct move_map *, unsigned features, int terrain,
	    int r, const struct move_price *);
void	memo_free(struct move_map *);

/*
 * The memo's insides, move_memo.c's; here so that memo_step, which a
 * search asks at nearly every step it prices, is inlined where the step
 * is priced (move_map.c's move_map_cost).
 */
#define MEMO_UNITS	4	/* a bigger stack is priced afresh each step */

/* What a unit is that its price may depend on. */
struct unit_sig {
	int ma, mode, hexes, season, battle, steps, may_exit, sea_before;
	unsigned flags;
	struct move_carry carry;
};

struct memo_entry {
	uint64_t w0, w1;	/* the step_key's */
	int used;
	int paid;		/* cost, stop, loss, rule, why, stop_rule hold */
	int refused_from;	/* refused at this spent and more; INT_MAX */
	int cost, stop, loss;
	const char *rule, *why, *stop_rule;
	const char *no_rule, *no_why;	/* the refusal's */
};

/*
 * The entries lie one after another in the order they were kept, and the
 * hash table holds only their numbers (+ 1, 0 for a free slot): a search
 * that keeps a hundred kinds of step writes the hundred entries, 8 KB,
 * and a table of 1 KB, where a table of whole entries, half of it free
 * and grown twice on the way, wrote 35 KB: nine pages, each a fault.
 */
struct price_memo {
	int live;		/* the signature is the units' */
	struct unit_sig sig[MEMO_UNITS];
	int nsig, mode;
	int least_ma;		/* the least allowance of a unit; -1: none */
	struct memo_entry *e;	/* n kept, room for ecap; e[n] is the one
				   memo_find hands out for a key not kept */
	int n, ecap;
	unsigned *slot;		/* an entry's number + 1; 0: free */
	int cap;		/* a power of two, n < cap / 2 */
	/* move_map_may_end in a hex where no other friendly unit is listed:
	   the stack would stand there alone, the same in every such hex
	   with the same features and terrain */
	struct may_end_alone {
		unsigned features;
		int terrain;
		int r;
		struct move_price p;
	} alone[8];
	int nalone;
};

/* Both words multiplied, then the high bits folded down and mixed again
 * (splitmix64's finish): the table is indexed by the low bits, and the
 * fields high in w1 (zones, the rail step) must reach them too. */
static inline unsigned
key_hash(const struct step_key *k)
{
	uint64_t h = k->w0 * 0x9e3779b97f4a7c15u ^ k->w1 * 0xc2b2ae3d27d4eb4fu;

	h ^= h >> 31;
	h *= 0xbf58476d1ce4e5b9u;
	h ^= h >> 29;
	return (unsigned)h;
}

/* Where k's number is in the table, or the free slot it would take.
 * Inlined: a search looks a key up at nearly every step it prices. */
static inline __attribute__((always_inline)) unsigned *
memo_slot(const struct price_memo *m, uint64_t w0, uint64_t w1)
{
	unsigned mask = (unsigned)m->cap - 1;
	unsigned i = key_hash(&(struct step_key){ w0, w1, 0 }) & mask;
	const struct memo_entry *x;

	while (m->slot[i] != 0 && ((x = &m->e[m->slot[i] - 1])->w0 != w0 ||
	    x->w1 != w1))
		i = (i + 1) & mask;
	return &m->slot[i];
}

/* The kept entry for k; NULL for none. */
static inline const struct memo_entry *
memo_kept(const struct price_memo *m, const struct step_key *k)
{
	unsigned s = *memo_slot(m, k->w0, k->w1);

	return s != 0 ? &m->e[s - 1] : NULL;
}

/* Does spent + cost leave the step within every unit's allowance? */
static inline int
memo_fits(const struct move_map *mm, int spent, int cost)
{
	return mm->memo->least_ma < 0 || spent + cost <= mm->memo->least_ma;
}

/* What kept entry x says of its step at spent: 0 paid (its price
 * holds), -1 refused, -2 nothing (price it). */
static inline int
memo_verdict(const struct move_map *mm, const struct memo_entry *x,
    int spent)
{
	if (x == NULL || !x->used)
		return -2;
	if (x->paid && memo_fits(mm, spent, x->cost))
		return 0;
	return spent >= x->refused_from ? -1 : -2;
}

/* memo_find and memo_answer in one, for path.c's callback: the kept
 * price straight into e, 0 or -1; -2 none kept (price it). */
static inline __attribute__((always_inline)) int
memo_step(struct move_map *mm, const struct step_key *k, int spent,
    struct path_step *e)
{
	struct price_memo *m = mm->memo;
	const struct memo_entry *x;
	int r;

	if (m == NULL || !m->live || k->rail > KEY_RAIL_MAX ||
	    (r = memo_verdict(mm, x = memo_kept(m, k), spent)) == -2)
		return -2;
	e->cost = r == 0 ? x->cost : 0;
	e->stop = r == 0 ? x->stop : 0;
	e->rule = r == 0 ? x->rule : x->no_rule;
	e->why = r == 0 ? x->why : x->no_why;
	return r;
}

/* move_stack.c.  What stands in each hex, as bits in move_map.occ,
 * worked out once per situation (move_map_occupants); the game's stacking
 * limit for each unit of the stack entering `to` (0, or -1 with best
 * filled). */
enum { OCC_ENEMY = 1, OCC_FRIEND = 2, OCC_DUG_IN = 4, OCC_HALTED = 8,
	OCC_MATE = 16 };
/* step_key_at shifts OCC_ENEMY to K_ENEMY, OCC_DUG_IN and OCC_HALTED to
 * K_ENTRENCHED and K_FRIEND_HALTED */
_Static_assert(OCC_ENEMY << 2 == K_ENEMY && OCC_DUG_IN << 3 == K_ENTRENCHED &&
    OCC_HALTED << 3 == K_FRIEND_HALTED, "occupant bits line up with key bits");
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
