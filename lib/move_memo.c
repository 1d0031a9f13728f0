/*
 * move_memo.c: the stack's price of each kind of step a search meets,
 * kept by what the step meets (struct step_key, move_map_impl.h) and
 * reused; and may_end where the stack would stand alone, kept by the
 * hex's features and terrain.  Split from move_map.c, which builds the
 * keys.  The memo's structs and its lookup (memo_step, which a search asks
 * at nearly every step) are in move_map_impl.h, to be inlined there.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "move.h"
#include "move_map.h"
#include "move_map_impl.h"

/*
 * A search prices thousands of steps, but a map has few kinds of step: the
 * same terrain, features, hexsides and zones over and over.  So the
 * stack's price of a step is kept by what the step meets (its struct
 * move_step, packed into a key) and reused, for quiet pricing only (the
 * searches and walks, which want numbers, not words).  That is sound by
 * the rule move.h sets every game's step: its price does not depend on
 * the MP spent, except that a step beyond the allowance may be refused or
 * priced otherwise (toto 9.4's minimum move).  So a price paid at one
 * spent holds at any other that still leaves the step within every unit's
 * allowance, and a refusal holds at any spent as large or larger.
 *
 * The prices are the units' as they are (allowance, flags, mode, what they
 * carry): the memo keeps their signature and is emptied when it changes,
 * checked where a search starts (move_map_reset) or a caller's walk does
 * (move_map_begin), not at each step, as nobody changes a unit while a
 * search or walk runs.  A price whose words were made on the spot
 * (move_price.whybuf) is not kept, and a refusal is answered with the rule
 * of the least spent it was met at (the searches and walks read only that
 * a step is refused).
 */

static void
sig_of(const struct move_unit *u, struct unit_sig *s)
{
	s->ma = u->ma;
	s->mode = (int)u->mode;
	s->hexes = u->hexes;
	s->season = u->season;
	s->battle = u->battle;
	s->steps = u->steps;
	s->may_exit = u->may_exit;
	s->sea_before = u->sea_before;
	s->flags = u->flags;
	s->carry = u->carry;
}

/* Is u still what sig_of made s?  Field by field, and no copy made: asked
 * at every search, walk and may_end. */
static int
sig_same(const struct move_unit *u, const struct unit_sig *s)
{
	const struct move_carry *a = &u->carry, *b = &s->carry;

	return s->ma == u->ma && s->mode == (int)u->mode &&
	    s->hexes == u->hexes && s->season == u->season &&
	    s->battle == u->battle && s->steps == u->steps &&
	    s->may_exit == u->may_exit && s->sea_before == u->sea_before &&
	    s->flags == u->flags && a->rail_used == b->rail_used &&
	    a->rail_left == b->rail_left && a->mounted == b->mounted &&
	    a->limbered == b->limbered && a->left_ezoc == b->left_ezoc;
}

static int
memo_current(const struct move_map *mm, const struct price_memo *m)
{
	int j;

	if (m->nsig != mm->nunits || m->mode != (int)mm->mode)
		return 0;
	for (j = 0; j < mm->nunits; j++)
		if (!sig_same(&mm->units[j], &m->sig[j]))
			return 0;
	return 1;
}

/* Make the memo the stack's as it is now, emptied if the units changed;
 * none (live = 0) for a stack too big. */
void
memo_check(struct move_map *mm)
{
	struct price_memo *m = mm->memo;
	int j;

	if (m == NULL) {
		m = mm->memo = xcalloc(1, sizeof *m);
		/* room for more kinds of step than a search of the loe map
		   meets (about 80), untouched till kept (so malloc, not
		   calloc): each page is written as the entries reach it,
		   and none is copied by growing */
		m->ecap = 128;
		m->e = xmalloc((size_t)m->ecap * sizeof *m->e);
		m->cap = 256;
		m->slot = xcalloc((size_t)m->cap, sizeof *m->slot);
	}
	if ((m->live = mm->nunits <= MEMO_UNITS) && memo_current(mm, m))
		return;
	mm->alone_last.terrain = -1;
	if (!m->live)
		return;
	memset(m->slot, 0, (size_t)m->cap * sizeof *m->slot);
	m->n = m->nalone = 0;
	m->nsig = mm->nunits;
	m->mode = (int)mm->mode;
	m->least_ma = -1;
	for (j = 0; j < mm->nunits; j++) {
		sig_of(&mm->units[j], &m->sig[j]);
		if (m->sig[j].ma >= 0 && (m->least_ma < 0 || m->sig[j].ma <
		    m->least_ma))
			m->least_ma = m->sig[j].ma;
	}
}

/* Room in the table for one more number: twice the slots, every number
 * put in again. */
static void
memo_grow(struct price_memo *m)
{
	int i;

	m->cap *= 2;
	free(m->slot);
	m->slot = xcalloc((size_t)m->cap, sizeof *m->slot);
	for (i = 0; i < m->n; i++)
		*memo_slot(m, m->e[i].w0, m->e[i].w1) = (unsigned)i + 1;
}

/* The step's entry, kept, or else the next free one (used = 0), which
 * memo_keep takes; NULL: none kept. */
struct memo_entry *
memo_find(struct move_map *mm, const struct step_key *k)
{
	struct price_memo *m = mm->memo;
	unsigned s;

	if (m == NULL || !m->live || k->rail > KEY_RAIL_MAX)
		return NULL;
	if ((s = *memo_slot(m, k->w0, k->w1)) != 0)
		return &m->e[s - 1];
	if (m->n == m->ecap) {
		m->ecap *= 2;
		m->e = xrealloc(m->e, (size_t)m->ecap * sizeof *m->e);
	}
	m->e[m->n].used = 0;
	return &m->e[m->n];
}

/* The kept price at spent: 0 or -1 as move_price_stack; -2 none kept. */
int
memo_answer(const struct move_map *mm, const struct memo_entry *e,
    int spent, struct move_price *best)
{
	int r = memo_verdict(mm, e, spent);

	if (r == -2)
		return -2;
	/* only what move_price_clear would set, not its words: a search
	   asks this at nearly every step */
	best->what[0] = best->whybuf[0] = '\0';
	best->cost = r == 0 ? e->cost : 0;
	best->stop = r == 0 ? e->stop : 0;
	best->loss = r == 0 ? e->loss : 0;
	best->rule = r == 0 ? e->rule : e->no_rule;
	best->why = r == 0 ? e->why : e->no_why;
	best->stop_rule = r == 0 ? e->stop_rule : NULL;
	return r;
}

/* e, the free entry memo_find handed out for k, kept: numbered in the
 * table, which has room for it after. */
static void
memo_add(struct price_memo *m, struct memo_entry *e, const struct step_key *k)
{
	memset(e, 0, sizeof *e);
	e->w0 = k->w0;
	e->w1 = k->w1;
	e->used = 1;
	e->refused_from = INT_MAX;
	*memo_slot(m, k->w0, k->w1) = (unsigned)++m->n;
	if (2 * m->n >= m->cap)
		memo_grow(m);
}

void
memo_keep(struct move_map *mm, struct memo_entry *e,
    const struct step_key *k, int spent, int r, const struct move_price *p)
{
	if (p->why == p->whybuf)
		return;
	if (!e->used)
		memo_add(mm->memo, e, k);
	if (r == 0 && memo_fits(mm, spent, p->cost)) {
		e->paid = 1;
		e->cost = p->cost;
		e->stop = p->stop;
		e->loss = p->loss;
		e->rule = p->rule;
		e->why = p->why;
		e->stop_rule = p->stop_rule;
	} else if (r < 0 && spent < e->refused_from) {
		e->refused_from = spent;
		e->no_rule = p->rule;
		e->no_why = p->why;
	}
}

static void
price_copy(struct move_price *to, const struct move_price *from)
{
	*to = *from;
	if (from->why == from->whybuf)
		to->why = to->whybuf;
}

int
memo_alone(struct move_map *mm, unsigned features, int terrain,
    struct move_price *p)
{
	struct price_memo *m = mm->memo;
	int i;

	if (m == NULL || !m->live)
		return -2;
	for (i = 0; i < m->nalone; i++)
		if (m->alone[i].features == features &&
		    m->alone[i].terrain == terrain) {
			if (p != NULL)
				price_copy(p, &m->alone[i].p);
			return m->alone[i].r;
		}
	return -2;
}

void
memo_alone_keep(struct move_map *mm, unsigned features, int terrain, int r,
    const struct move_price *p)
{
	struct price_memo *m = mm->memo;
	struct may_end_alone *a;

	if (m == NULL || !m->live ||
	    m->nalone == (int)(sizeof m->alone / sizeof *m->alone))
		return;
	a = &m->alone[m->nalone++];
	a->features = features;
	a->terrain = terrain;
	a->r = r;
	price_copy(&a->p, p);
}

void
memo_free(struct move_map *mm)
{
	if (mm->memo != NULL) {
		free(mm->memo->e);
		free(mm->memo->slot);
	}
	free(mm->memo);
	mm->memo = NULL;
}
