/*
 * move_map.c: a game's movement rules on a map.  Turns each step the path
 * search tries (lib/path.c) into a struct move_step from the map's terrain,
 * features and hexsides, the situation's units and the enemy zones of
 * control, and prices it with the game's move_step for every unit of the
 * moving stack: the dearest unit sets the cost (loe 6.1.1 A), any unit
 * that may not enter closes the step.
 *
 * Rivers that flow through hexes (loe 6.3.8) are crossed when a unit
 * leaves a river hex on the other bank from the one it came in by: the
 * hexsides the river runs across cut the hex's other hexsides into banks.
 * The search keeps one label per hex, so the adapter remembers, as the
 * search does, the cheapest free way into each hex and the hexside it came
 * across.  A unit that came in along the river, or began there, is on
 * neither bank: one that began there leaves freely (6.3.8 B); one that came
 * along the river is taken to be in mid-stream, and every bank is across.
 *
 * A search prices thousands of steps of a few dozen kinds, so what a step
 * meets is packed in a key (struct step_key) and the stack's price of each
 * kind is kept for the searches that follow (the price memo, below); and a
 * path is first asked whether any step may enter its target at all
 * (enterable), so that a hex none may enter costs no search.
 */
#include <limits.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "bitmap.h"
#include "err.h"
#include "map.h"
#include "move.h"
#include "move_map.h"
#include "path.h"
#include "units.h"

/*
 * The words of a river's course, as bits, looked up by name once in
 * move_map_init and not at every step the search prices: the hex features
 * of a river (or lake) hex, and the hexside words its course runs across.
 */
static void
river_masks(struct move_map *mm)
{
	mm->river_hex = move_fmask(mm->vocab, "river") |
	    move_fmask(mm->vocab, "lake");
	mm->river_course = move_smask(mm->vocab, "river") |
	    move_smask(mm->vocab, "lake");
}

/* Directions 0-5 of the hexsides the river runs across, as bits. */
/* The cheapest free way into hex found so far: none is INT_MAX, -1. */
static struct move_way
way_of(const struct move_map *mm, int hex)
{
	static const struct move_way none = { INT_MAX, -1 };

	if (!bitmap_get(mm->way_set, hex))
		return none;
	return mm->way[hex];
}

static void
set_way(struct move_map *mm, int hex, int best, int entry)
{
	bitmap_set(mm->way_set, hex);
	mm->way[hex].best = best;
	mm->way[hex].entry = entry;
}

static unsigned
river_sides(const struct move_map *mm, int hex)
{
	unsigned bits = 0;
	int d;

	for (d = 0; d < HEX_NDIRS; d++)
		if (map_side(mm->map, hex, d) & mm->river_course)
			bits |= 1u << d;
	return bits;
}

static int
popcount6(unsigned b)
{
	int n = 0;

	for (; b; b &= b - 1)
		n++;
	return n;
}

/* Is there a river hexside strictly between a and b going clockwise? */
static int
river_between(unsigned rs, int a, int b)
{
	int d;

	for (d = (a + 1) % HEX_NDIRS; d != b; d = (d + 1) % HEX_NDIRS)
		if (rs & (1u << d))
			return 1;
	return 0;
}

/* 6.3.8: does leaving `from` (its features from_features) across dir
 * cross its river? */
static int
crosses(const struct move_map *mm, int from, unsigned from_features, int dir)
{
	unsigned rs;
	int in;

	/* 6.3.8 B: a unit that began on the river leaves by either bank */
	if (!(from_features & mm->river_hex) || !mm->rules->river_in_hex ||
	    (from == mm->origin && mm->origin_entry < 0))
		return 0;
	rs = river_sides(mm, from);
	/* 6.3.8 C: a river crossing one hexside only is its end */
	if (popcount6(rs) < 2 || (rs & (1u << dir)))
		return 0;
	if ((in = way_of(mm, from).entry) < 0)
		return 0;
	if (rs & (1u << in))
		return 1;
	return river_between(rs, in, dir) && river_between(rs, dir, in);
}

/* What stands in each hex, as bits, worked out once per situation. */
enum { OCC_ENEMY = 1, OCC_FRIEND = 2, OCC_DUG_IN = 4, OCC_HALTED = 8,
	OCC_MATE = 16 };

/* Is u one of the moving stack's units? */
static int
in_stack(const struct move_map *mm, const struct unit *u)
{
	int k;

	for (k = 0; k < mm->nunits; k++)
		if (mm->units[k].id && strcmp(u->id, mm->units[k].id) == 0)
			return 1;
	return 0;
}

static void
occupants(struct move_map *mm)
{
	const struct unit *u;
	int i, n = situation_count(mm->sit);

	for (i = 0; i < n; i++) {
		u = situation_unit(mm->sit, i);
		/* listed in the hex, at sea or not: a stack mate where the
		   stack would end (stack_mates) */
		if (strcmp(u->side, mm->side) == 0 && !in_stack(mm, u))
			mm->occ[u->hex] |= OCC_MATE;
		/* loe 6.4 C: a unit at sea is in the box, not its port */
		if (unit_has_marker(u, "at-sea"))
			continue;
		if (strcmp(u->side, mm->side) != 0)
			mm->occ[u->hex] |= OCC_ENEMY;
		else
			mm->occ[u->hex] |= OCC_FRIEND;
		if (strcmp(u->side, mm->side) == 0 && (unit_has_marker(u,
		    "pinned") || unit_has_marker(u, "routed")))
			mm->occ[u->hex] |= OCC_HALTED;
		if (unit_has_marker(u, "entrenched"))
			mm->occ[u->hex] |= OCC_DUG_IN;
	}
}

/* The hex's terrain as a bit over the vocabulary's words (move_tmask). */
static unsigned
terrain_bit(const struct move_map *mm, int hex)
{
	int id = map_terrain_id(mm->map, hex);

	return id >= 0 && id < MOVE_MAXWORDS ? 1u << id : 0;
}

static int
dist(const struct move_map *mm, int a, int b)
{
	return hex_distance(map_hex(mm->map, a), map_hex(mm->map, b),
	    map_layout(mm->map));
}

/* A retreat's aim: farther from every hex it flees, nearer its goal. */
static int
off_aim(const struct move_map *mm, int from, int to)
{
	int i;

	for (i = 0; i < mm->naway; i++)
		if (dist(mm, mm->away[i], to) <= dist(mm, mm->away[i], from))
			return 1;
	return mm->ntoward && dist(mm, mm->toward, to) >=
	    dist(mm, mm->toward, from);
}

/* toto 16.2: hex h is part of the moving side's rail net. */
static int
own_net(const struct move_map *mm, int h)
{
	const char *side = situation_rail_net(mm->sit, h);

	return side && strcmp(side, mm->side) == 0;
}

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
 * checked where a search starts (reset) or a caller's walk does
 * (move_map_begin), not at each step, as nobody changes a unit while a
 * search or walk runs.  A price whose words were made on the spot
 * (move_price.whybuf) is not kept, and a refusal is answered with the rule
 * of the least spent it was met at (the searches and walks read only that
 * a step is refused).
 */
#define MEMO_UNITS	4	/* a bigger stack is priced afresh each step */

/*
 * What a step meets: the move_step's fields that vary on a map (action,
 * queue and landing never do in a search), packed in two words that are
 * hashed and compared whole.  w0: the next hex's features, the low 32
 * bits, and the hexside's words, the high; w1: the features of the hex
 * left, the low 32, then the next hex's terrain id (8 bits, below
 * MAP_MAX_TERRAINS), the yes-or-no fields and net (12), and the rail
 * step's number (12).  index is 0 on the first step, else 1, as K_FIRST
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

static unsigned
key_terrain(const struct step_key *k)
{
	return (unsigned)(k->w1 >> 32) & 0xffu;
}

static unsigned
key_bits(const struct step_key *k)
{
	return (unsigned)(k->w1 >> 40) & 0xfffu;
}

static void
key_set_bits(struct step_key *k, unsigned bits)
{
	k->w1 = (k->w1 & ~((uint64_t)0xfff << 40)) | (uint64_t)bits << 40;
}

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

struct price_memo {
	int live;		/* the signature is the units' */
	struct unit_sig sig[MEMO_UNITS];
	int nsig, mode;
	int least_ma;		/* the least allowance of a unit; -1: none */
	struct memo_entry *e;
	int cap, n;		/* cap a power of two, n <= cap / 2 */
	/* move_map_may_end in a hex where no other friendly unit is listed:
	   the stack would stand there alone, the same in every such hex
	   with the same features */
	struct may_end_alone {
		unsigned features;
		int r;
		struct move_price p;
	} alone[8];
	int nalone;
};

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
static void
memo_check(struct move_map *mm)
{
	struct price_memo *m = mm->memo;
	int j;

	if (m == NULL) {
		m = mm->memo = xcalloc(1, sizeof *m);
		m->cap = 64;
		m->e = xcalloc((size_t)m->cap, sizeof *m->e);
	}
	if (!(m->live = mm->nunits <= MEMO_UNITS) || memo_current(mm, m))
		return;
	memset(m->e, 0, (size_t)m->cap * sizeof *m->e);
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

/* Both words multiplied, then the high bits folded down and mixed again
 * (splitmix64's finish): the table is indexed by the low bits, and the
 * fields high in w1 (zones, the rail step) must reach them too. */
static unsigned
key_hash(const struct step_key *k)
{
	uint64_t h = k->w0 * 0x9e3779b97f4a7c15u ^ k->w1 * 0xc2b2ae3d27d4eb4fu;

	h ^= h >> 31;
	h *= 0xbf58476d1ce4e5b9u;
	h ^= h >> 29;
	return (unsigned)h;
}

static struct memo_entry *
memo_slot(struct price_memo *m, const struct step_key *k)
{
	unsigned mask = (unsigned)m->cap - 1, i = key_hash(k) & mask;

	while (m->e[i].used && (m->e[i].w0 != k->w0 || m->e[i].w1 != k->w1))
		i = (i + 1) & mask;
	return &m->e[i];
}

/* Room for one more key: twice the slots, every key put in again. */
static void
memo_grow(struct price_memo *m)
{
	struct memo_entry *old = m->e;
	int i, cap = m->cap;

	m->cap *= 2;
	m->e = xcalloc((size_t)m->cap, sizeof *m->e);
	for (i = 0; i < cap; i++)
		if (old[i].used) {
			struct step_key k = { old[i].w0, old[i].w1, 0 };

			*memo_slot(m, &k) = old[i];
		}
	free(old);
}

/* The step's slot, kept or empty (used = 0); NULL: none kept. */
static struct memo_entry *
memo_find(struct move_map *mm, const struct step_key *k)
{
	struct price_memo *m = mm->memo;

	if (m == NULL || !m->live || k->rail > KEY_RAIL_MAX)
		return NULL;
	if (2 * (m->n + 1) > m->cap)
		memo_grow(m);
	return memo_slot(m, k);
}

/* Does spent + cost leave the step within every unit's allowance? */
static int
memo_fits(const struct move_map *mm, int spent, int cost)
{
	return mm->memo->least_ma < 0 || spent + cost <= mm->memo->least_ma;
}

/* The kept price at spent: 0 or -1 as move_price_stack; -2 none kept. */
static int
memo_answer(const struct move_map *mm, const struct memo_entry *e,
    int spent, struct move_price *best)
{
	if (!e->used)
		return -2;
	/* only what move_price_clear would set, not its words: a search
	   asks this at nearly every step */
	best->what[0] = best->whybuf[0] = '\0';
	if (e->paid && memo_fits(mm, spent, e->cost)) {
		best->cost = e->cost;
		best->stop = e->stop;
		best->loss = e->loss;
		best->rule = e->rule;
		best->why = e->why;
		best->stop_rule = e->stop_rule;
		return 0;
	}
	if (spent >= e->refused_from) {
		best->cost = best->stop = best->loss = 0;
		best->rule = e->no_rule;
		best->why = e->no_why;
		best->stop_rule = NULL;
		return -1;
	}
	return -2;
}

static void
memo_keep(struct move_map *mm, struct memo_entry *e,
    const struct step_key *k, int spent, int r, const struct move_price *p)
{
	if (p->why == p->whybuf)
		return;
	if (!e->used) {
		e->w0 = k->w0;
		e->w1 = k->w1;
		e->used = 1;
		e->refused_from = INT_MAX;
		mm->memo->n++;
	}
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

/* What the step from `from` across dir into `to` meets. */
static void
step_key_at(const struct move_map *mm, int from, int dir, int to, int rail,
    struct step_key *k)
{
	const struct map_cells *c = &mm->cells;
	unsigned occ = mm->occ[to], from_features, bits = 0;

	from_features = map_cell_features(c, from);
	if (occ & OCC_ENEMY)
		bits |= K_ENEMY;
	else if (mm->zoc && mm->zoc[to] && !(mm->rules->zoc_negated_in_retreat
	    && mm->mode == MOVE_RETREAT && (occ & OCC_FRIEND)))
		bits |= K_ENTER_EZOC;
	if (mm->zoc && mm->zoc[from])
		bits |= K_LEAVE_EZOC;
	/* a unit that came from the sea has made its first step, landing */
	if (from == mm->origin && !mm->at_sea)
		bits |= K_FIRST;
	if (crosses(mm, from, from_features, dir))
		bits |= K_CROSS;
	if (occ & OCC_DUG_IN)
		bits |= K_ENTRENCHED;
	if (occ & OCC_HALTED)
		bits |= K_FRIEND_HALTED;
	if (off_aim(mm, from, to))
		bits |= K_NOT_AWAY;
	if (mm->rail_nets)
		bits |= (MOVE_NET_KNOWN | (own_net(mm, to) ? MOVE_NET_TO : 0) |
		    (own_net(mm, from) ? MOVE_NET_FROM : 0)) << K_NET_SHIFT;
	k->w0 = map_cell_features(c, to) |
	    (uint64_t)map_cell_side(c, from, dir) << 32;
	k->w1 = from_features | (uint64_t)c->terrain[to] << 32 |
	    (uint64_t)bits << 40 | (uint64_t)(rail & KEY_RAIL_MAX) << 52;
	k->rail = rail;
}

/* The step the game prices, from what it meets; `to` names the terrain. */
static void
step_of_key(const struct move_map *mm, int to, const struct step_key *k,
    struct move_step *st)
{
	unsigned bits = key_bits(k), terrain = key_terrain(k);

	memset(st, 0, sizeof *st);
	st->terrain = map_terrain(mm->map, to);
	st->tmask = terrain < MOVE_MAXWORDS ? 1u << terrain : 0;
	st->features = (unsigned)k->w0;
	st->side = (unsigned)(k->w0 >> 32);
	st->from_features = (unsigned)k->w1;
	st->enemy = (bits & K_ENEMY) != 0;
	st->enter_ezoc = (bits & K_ENTER_EZOC) != 0;
	st->leave_ezoc = (bits & K_LEAVE_EZOC) != 0;
	st->first = (bits & K_FIRST) != 0;
	st->index = st->first ? 0 : 1;
	st->on_map = 1;
	st->cross = (bits & K_CROSS) != 0;
	st->rail = k->rail;
	st->entrenched = (bits & K_ENTRENCHED) != 0;
	st->friend_halted = (bits & K_FRIEND_HALTED) != 0;
	st->not_away = (bits & K_NOT_AWAY) != 0;
	st->net = bits >> K_NET_SHIFT;
}

/*
 * The friendly units unit j of the stack would stand with in hex `to`:
 * those there now and the rest of its own stack, which comes along.
 */
static int
stack_mates(const struct move_map *mm, int to, int j,
    const struct unit **there, int room)
{
	const struct unit *all[16], *u;
	int i, k, n, nt = 0;

	n = situation_in_hex(mm->sit, to, all, 16);
	/* the stack's own units are not there yet */
	for (i = 0; i < n && i < 16 && nt < room; i++)
		if (!in_stack(mm, all[i]) && strcmp(all[i]->side, mm->side) ==
		    0)
			there[nt++] = all[i];
	for (k = 0; k < mm->nunits && nt < room; k++)
		if (k != j && mm->units[k].id &&
		    (u = situation_find(mm->sit, mm->units[k].id)))
			there[nt++] = u;
	return nt;
}

/* The game's stacking limit (sotq Part 9) for each unit of the stack
 * entering `to`, where friendly units stand. */
static int
stack_limit(struct move_map *mm, int to, struct move_price *best)
{
	const struct unit *there[24];
	int j, nt;

	for (j = 0; j < mm->nunits; j++) {
		nt = stack_mates(mm, to, j, there, 24);
		if (nt && mm->rules->stacks(&mm->units[j], there, nt, best) <
		    0)
			return -1;
	}
	return 0;
}

static int
may_end_with(struct move_map *mm, int hex, unsigned features,
    struct move_price *p)
{
	const struct unit *there[24];
	int j, nt;

	move_price_clear(p);
	for (j = 0; j < mm->nunits; j++) {
		if (!mm->units[j].may_end)
			continue;
		nt = stack_mates(mm, hex, j, there, 24);
		if (mm->units[j].may_end(&mm->units[j], features, there, nt,
		    p) < 0)
			return -1;
	}
	return 0;
}

static void
price_copy(struct move_price *to, const struct move_price *from)
{
	*to = *from;
	if (from->why == from->whybuf)
		to->why = to->whybuf;
}

/*
 * A reach asks this of every hex it reaches, and most hold no other
 * friendly unit: there the answer depends only on the stack and the hex's
 * features, and is kept by features with the step prices.
 */
int
move_map_may_end(struct move_map *mm, int hex, struct move_price *p)
{
	unsigned features = map_features(mm->map, hex);
	struct may_end_alone *a;
	struct price_memo *m;
	int i, r;

	if (mm->occ[hex] & OCC_MATE)
		return may_end_with(mm, hex, features, p);
	memo_check(mm);
	if (!(m = mm->memo)->live)
		return may_end_with(mm, hex, features, p);
	for (i = 0; i < m->nalone; i++)
		if (m->alone[i].features == features) {
			price_copy(p, &m->alone[i].p);
			return m->alone[i].r;
		}
	r = may_end_with(mm, hex, features, p);
	if (m->nalone < (int)(sizeof m->alone / sizeof *m->alone)) {
		a = &m->alone[m->nalone++];
		a->features = features;
		a->r = r;
		price_copy(&a->p, p);
	}
	return r;
}

/* The stack's price of the step that meets k, into hex `to`. */
static int
price_key(struct move_map *mm, int to, const struct step_key *k, int spent,
    int quiet, struct move_price *best)
{
	struct move_step st;
	struct memo_entry *e = NULL;
	int which, j, r = -2;

	if (quiet && (e = memo_find(mm, k)) != NULL)
		r = memo_answer(mm, e, spent, best);
	if (r == -2) {
		step_of_key(mm, to, k, &st);
		for (j = 0; j < mm->nunits; j++)
			mm->units[j].quiet = quiet;
		r = move_price_stack(mm->rules, mm->units, mm->nunits, 0, &st,
		    spent, best, &which);
		if (e != NULL)
			memo_keep(mm, e, k, spent, r, best);
	}
	if (r < 0)
		return -1;
	if (mm->rules->stacks && (mm->occ[to] & OCC_FRIEND))
		return stack_limit(mm, to, best);
	return 0;
}

static int
price(struct move_map *mm, int from, int dir, int to, int spent, int quiet,
    int rail, struct move_price *best)
{
	struct step_key k;

	if (mm->lane != NULL && mm->lane[from] != to) {
		memset(best, 0, sizeof *best);
		return move_deny(best, NULL, "off the path drawn");
	}
	step_key_at(mm, from, dir, to, rail, &k);
	return price_key(mm, to, &k, spent, quiet, best);
}

/*
 * May any way on land ever enter hex `to`?  Asked before a search for a
 * path, so that a hex no step can enter (the sea, neutral ground, an enemy
 * unit's hex) is answered at once rather than after a search of all the
 * map the stack can reach.  A step's price depends only on what it meets
 * and, by move.h's rule, one refused with nothing spent is refused at any
 * spent; of what a step into `to` meets, only whether it crosses the river
 * of the hex it leaves (6.3.8, the bank it came in by) waits on the
 * search, so both are tried.  A rail move enters only rail hexes: for one
 * of those the answer is yes, the search decides, as for a port where a
 * stack at sea may land.  1: it may; 0: never.
 */
static int
enterable(struct move_map *mm, int to)
{
	struct move_price p;
	struct step_key k;
	int nb[HEX_NDIRS], d, cross;

	if (to == mm->origin || (move_rail_possible(mm) &&
	    move_rail_hex(mm, to)))
		return 1;
	/* loe 6.4 D: a stack at sea may land there */
	if (mm->at_sea && (map_cell_features(&mm->cells, to) &
	    move_fmask(mm->vocab, "port")) && move_map_land(mm, to, 0, 1,
	    &p) == 0)
		return 1;
	map_neighbours(mm->map, to, nb);
	for (d = 0; d < HEX_NDIRS; d++) {
		if (nb[d] < 0)
			continue;
		step_key_at(mm, nb[d], (d + 3) % HEX_NDIRS, to, 0, &k);
		for (cross = 0; cross < 2; cross++) {
			key_set_bits(&k, cross ? key_bits(&k) | K_CROSS :
			    key_bits(&k) & ~(unsigned)K_CROSS);
			if (price_key(mm, to, &k, 0, 1, &p) == 0)
				return 1;
		}
	}
	return 0;
}

int
move_map_price(struct move_map *mm, int from, int dir, int to, int spent,
    struct move_price *best)
{
	return price(mm, from, dir, to, spent, 0, 0, best);
}

int
move_map_land(struct move_map *mm, int port, int spent, int quiet,
    struct move_price *best)
{
	struct move_step st;
	int which, j;

	if (mm->lane != NULL && port != mm->lane_port) {
		memset(best, 0, sizeof *best);
		return move_deny(best, NULL, "off the path drawn");
	}
	memset(&st, 0, sizeof st);
	st.terrain = map_terrain(mm->map, port);
	st.tmask = terrain_bit(mm, port);
	st.features = map_features(mm->map, port);
	st.enemy = (mm->occ[port] & OCC_ENEMY) != 0;
	st.enter_ezoc = mm->zoc && mm->zoc[port] && !st.enemy;
	st.first = 1;
	st.on_map = 1;
	st.landing = 1;
	st.entrenched = (mm->occ[port] & OCC_DUG_IN) != 0;
	for (j = 0; j < mm->nunits; j++)
		mm->units[j].quiet = quiet;
	return move_price_stack(mm->rules, mm->units, mm->nunits, 0, &st,
	    spent, best, &which);
}

int
move_map_act(struct move_map *mm, const char *act, struct move_price *best)
{
	struct move_step st;
	int which, j;

	memset(&st, 0, sizeof st);
	st.action = act;
	st.first = 1;
	st.on_map = 1;
	st.features = map_features(mm->map, mm->origin);
	for (j = 0; j < mm->nunits; j++)
		mm->units[j].quiet = 0;
	return move_price_stack(mm->rules, mm->units, mm->nunits, 0, &st, 0,
	    best, &which);
}

int
move_map_price_rail(struct move_map *mm, int from, int dir, int to,
    int spent, int k, struct move_price *best)
{
	return price(mm, from, dir, to, spent, 0, k, best);
}

int
move_map_price_quiet(struct move_map *mm, int from, int dir, int to,
    int spent, int k, struct move_price *best)
{
	return price(mm, from, dir, to, spent, 1, k, best);
}

void
move_map_begin(struct move_map *mm)
{
	memo_check(mm);
}

/* path.c's callback: price, and remember the cheapest free way in. */
int
move_map_cost(void *ud, int from, int dir, int to, int spent, struct path_step *e)
{
	struct move_map *mm = ud;
	struct move_price p;

	/* quiet: the search wants numbers, not the words for them */
	if (price(mm, from, dir, to, spent, 1, 0, &p) < 0) {
		e->rule = p.rule;
		e->why = p.why == p.whybuf ? "not allowed" : p.why;
		return -1;
	}
	e->cost = p.cost;
	e->stop = p.stop;
	e->rule = p.rule;
	e->why = p.why;
	if (!p.stop && spent + p.cost < way_of(mm, to).best)
		set_way(mm, to, spent + p.cost, (dir + 3) % HEX_NDIRS);
	return 0;
}

void
move_map_entered(struct move_map *mm, int hex, int entry)
{
	set_way(mm, hex, way_of(mm, hex).best, entry);
}

int
move_map_entry(const struct move_map *mm, int hex)
{
	return way_of(mm, hex).entry;
}

/*
 * Every hex starts with no way in (INT_MAX, side -1): a bit a hex says
 * which have one, so starting a search clears the bits and not the map's
 * worth of ways, and a search near one hex writes only the pages of the
 * ways it finds.
 */
static void
reset(struct move_map *mm)
{
	memset(mm->way_set, 0, bitmap_words((size_t)map_size(mm->map)) *
	    sizeof *mm->way_set);
	set_way(mm, mm->origin, 0, mm->origin_entry);
	memo_check(mm);
}

int
move_map_exerts(void *ud, const struct unit *u, int from, int dir, int to)
{
	struct move_map *mm = ud;
	struct move_step st;

	/* loe 6.4 C: a unit at sea exerts no zone on the land */
	if (u && unit_has_marker(u, "at-sea"))
		return 0;
	if (!mm->rules->zoc && !mm->rules->exerts)
		return 1;
	memset(&st, 0, sizeof st);
	st.features = map_features(mm->map, to);
	st.from_features = map_features(mm->map, from);
	st.side = map_side(mm->map, from, dir);
	st.terrain = map_terrain(mm->map, to);
	st.tmask = terrain_bit(mm, to);
	st.entrenched = (mm->occ[to] & OCC_DUG_IN) != 0;
	if (mm->rules->exerts && !mm->rules->exerts(&mm->units[0], u, dir,
	    &st))
		return 0;
	return !mm->rules->zoc || mm->rules->zoc(&mm->units[0], &st);
}

unsigned
move_marker_flags(const struct unit *u)
{
	unsigned f = 0;

	/* 9.4.2 (OOS) and 11.4.4 (disrupted) halve a loe allowance */
	if (unit_has_marker(u, "oos") || unit_has_marker(u, "oos-1") ||
	    unit_has_marker(u, "oos-2"))
		f |= MOVE_OOS;
	if (unit_has_marker(u, "dis"))
		f |= MOVE_DIS;
	/* loe 6.4 C: in the Units At Sea box, listed at its port */
	if (unit_has_marker(u, "at-sea"))
		f |= MOVE_AT_SEA;
	/* sotq 10.G: pinned and routed units; Part 14: one forced west of
	 * the British Retreat Line before */
	if (unit_has_marker(u, "pinned"))
		f |= MOVE_PINNED;
	if (unit_has_marker(u, "routed"))
		f |= MOVE_ROUTED;
	if (unit_has_marker(u, "forced-west"))
		f |= MOVE_FREED;
	/* loe 6.4 A, 7.2.1 B: a smaller unit takes a third of the sea lift */
	if (unit_has_marker(u, "non-div"))
		f |= MOVE_NONDIV;
	/* loe 7.2.1 C: one corps HQ and one army HQ a hex */
	if (unit_has_marker(u, "corps-hq"))
		f |= MOVE_CORPS_HQ;
	if (unit_has_marker(u, "army-hq"))
		f |= MOVE_ARMY_HQ;
	return f;
}

int
move_vocab_of_map(const struct map *m, struct move_vocab *v)
{
	static const enum map_word_kind kinds[] = { MAP_TERRAIN, MAP_FEATURE,
		MAP_HEXSIDE };
	const struct map_vocab *mv = map_vocab(m);
	char (*lists[3])[MOVE_WORDLEN] = { v->terrain, v->features, v->sides };
	int *counts[3] = { &v->nterrain, &v->nfeatures, &v->nsides };
	const char *w;
	int k, i, n;

	memset(v, 0, sizeof *v);
	for (k = 0; k < 3; k++) {
		n = map_vocab_count(mv, kinds[k]);
		if (n > MOVE_MAXWORDS)
			return err(ST_DATA, "more words than movement takes: "
			    "'%d'", n);
		for (i = 0; i < n; i++) {
			w = map_vocab_word(mv, kinds[k], i);
			if (strlen(w) >= MOVE_WORDLEN)
				return err(ST_DATA, "a word longer than %d "
				    "bytes: '%s'", MOVE_WORDLEN - 1, w);
			strcpy(lists[k][i], w);
		}
		*counts[k] = n;
	}
	return ST_OK;
}

int
move_map_init(struct move_map *mm)
{
	int n = map_size(mm->map);

	mm->occ = xcalloc((size_t)n, 1);
	mm->origin_entry = -1;
	mm->rail0 = mm->rail1 = -1;
	mm->at_sea = (mm->units[0].flags & MOVE_AT_SEA) != 0;
	mm->rail_nets = situation_has_rail_nets(mm->sit);
	map_cells(mm->map, &mm->cells);
	river_masks(mm);
	occupants(mm);
	mm->zoc = situation_zoc(mm->sit, mm->map, mm->side, move_map_exerts,
	    mm);
	if (mm->zones_only)
		return ST_OK;
	/* not cleared: reset() says no hex has a way in yet */
	mm->way = xmalloc((size_t)n * sizeof *mm->way);
	mm->way_set = xmalloc(bitmap_words((size_t)n) * sizeof *mm->way_set);
	reset(mm);
	return ST_OK;
}

void
move_map_free(struct move_map *mm)
{
	free(mm->way);
	free(mm->way_set);
	if (mm->memo != NULL)
		free(mm->memo->e);
	free(mm->memo);
	mm->memo = NULL;
	free(mm->zoc);
	free(mm->occ);
	mm->way = NULL;
	mm->way_set = NULL;
	mm->zoc = mm->occ = NULL;
}

int
move_map_path(struct move_map *mm, int to, int budget,
    struct path_result *out)
{
	int st;

	reset(mm);
	mm->rail0 = mm->rail1 = -1;
	if (to >= 0 && to < map_size(mm->map) && !enterable(mm, to)) {
		memset(out, 0, sizeof *out);
		return ST_NO;
	}
	if (mm->at_sea)
		return move_sea_path(mm, to, budget, NULL, NULL, out);
	st = path_cheapest(mm->map, mm->origin, to, budget, move_map_cost, mm,
	    out);
	if (move_rail_possible(mm))
		st = move_rail_path(mm, to, budget, st, out);
	return st;
}

/*
 * The bound for the cheapest way at any cost where the game says which
 * hexsides are cheap (move_rules.least_off): every step costs at least
 * `off`, but a step across a cheap hexside as little as `least`.  What is
 * left from a hex is then at least its shortest way in a looser map where
 * any two hexes are off times their distance apart and two beside a cheap
 * hexside `least`: straight to the target, or to a hex beside a cheap
 * hexside (at[]) and on from there, whose least rest[] a small search
 * over those hexes works out first.  A shortest way in such a map never
 * falls by more than a real step costs, so the bound is consistent (path.h,
 * path_cheapest_guided).  Each hex's bound is kept once worked out.
 */
#define GUESS_MAX	64	/* more hexes beside cheap hexsides: the plain
				   bound, least a hex, is used */

struct guess {
	const struct map *m;
	struct cube goal;
	int least, off, n;
	int at[GUESS_MAX], rest[GUESS_MAX];
	struct cube cube[GUESS_MAX];	/* at[i]'s */
	int *known;		/* a hex's bound + 1; 0: not worked out */
};

static int
cube_apart(struct cube a, struct cube b)
{
	return (abs(a.q - b.q) + abs(a.r - b.r) + abs(a.s - b.s)) / 2;
}

static struct cube
cube_of(const struct map *m, int hex)
{
	return hex_to_cube(map_hex(m, hex), map_layout(m));
}

static int
guess_left(void *ud, int hex)
{
	struct guess *g = ud;
	struct cube c;
	int h, i, v;

	if (g->known[hex])
		return g->known[hex] - 1;
	c = cube_of(g->m, hex);
	h = g->off * cube_apart(c, g->goal);
	for (i = 0; i < g->n; i++)
		if ((v = g->off * cube_apart(c, g->cube[i]) + g->rest[i]) < h)
			h = v;
	g->known[hex] = h + 1;
	return h;
}

/* at[i] and at[j] touch across a cheap hexside? */
static int
cheap_between(const struct move_map *mm, int i, int j, unsigned cheap)
{
	int d = map_direction(mm->map, i, j);

	return d >= 0 && (map_cell_side(&mm->cells, i, d) & cheap);
}

/* Does hex i have a cheap hexside?  Read a byte at a time where the map
 * keeps its hexsides in bytes: every hex of the map is asked. */
static int
has_cheap_side(const struct map_cells *c, int i, unsigned cheap)
{
	const uint8_t *b;
	int d;

	if (c->sides8) {
		b = c->sides8 + (size_t)i * HEX_NDIRS;
		return ((b[0] | b[1] | b[2] | b[3] | b[4] | b[5]) & cheap) != 0;
	}
	for (d = 0; d < HEX_NDIRS; d++)
		if (map_cell_side(c, i, d) & cheap)
			return 1;
	return 0;
}

/* The hexes beside a cheap hexside and the least from each to the goal
 * in the looser map (Dijkstra over them, the goal its source); 0, or -1
 * when there are too many. */
static int
guess_init(struct move_map *mm, struct guess *g, unsigned cheap)
{
	int n = map_size(mm->map), i, j, best, v, done[GUESS_MAX] = { 0 };

	g->n = 0;
	for (i = 0; i < n && cheap; i++)
		if (has_cheap_side(&mm->cells, i, cheap)) {
			if (g->n == GUESS_MAX)
				return -1;
			g->cube[g->n] = cube_of(mm->map, i);
			g->at[g->n++] = i;
		}
	for (i = 0; i < g->n; i++)
		g->rest[i] = g->off * cube_apart(g->cube[i], g->goal);
	for (;;) {
		for (best = -1, i = 0; i < g->n; i++)
			if (!done[i] && (best < 0 || g->rest[i] < g->rest[best]))
				best = i;
		if (best < 0)
			break;
		done[best] = 1;
		for (j = 0; j < g->n; j++) {
			if (done[j])
				continue;
			v = cheap_between(mm, g->at[j], g->at[best], cheap) ?
			    g->least : g->off * cube_apart(g->cube[j],
			    g->cube[best]);
			if (g->rest[best] + v < g->rest[j])
				g->rest[j] = g->rest[best] + v;
		}
	}
	return 0;
}

int
move_map_cheapest(struct move_map *mm, int to, struct path_result *out)
{
	struct guess g;
	unsigned cheap = 0, c1;
	int least = INT_MAX, off = INT_MAX, j, c, st;

	if (!mm->rules->least_step || mm->mode != MOVE_NORMAL ||
	    move_rail_possible(mm))
		return move_map_path(mm, to, -1, out);
	/* a stack pays its dearest unit's cost: no less than any one's least;
	   a step cheap for one unit may be cheap for the stack */
	for (j = 0; j < mm->nunits; j++) {
		if ((c = mm->rules->least_step(&mm->units[j])) < least)
			least = c;
		if (mm->rules->least_off) {
			if ((c = mm->rules->least_off(&mm->units[j], &c1)) < off)
				off = c;
			cheap |= c1;
		}
	}
	reset(mm);
	mm->rail0 = mm->rail1 = -1;
	if (to < 0 || to >= map_size(mm->map) || !enterable(mm, to)) {
		memset(out, 0, sizeof *out);
		return ST_NO;
	}
	g.m = mm->map;
	g.goal = cube_of(mm->map, to);
	g.least = least;
	g.off = off;
	/* no cheap hexsides known, or too many: least a hex everywhere */
	if (!mm->rules->least_off || off <= least || guess_init(mm, &g,
	    cheap) < 0) {
		g.off = least;
		g.n = 0;
	}
	g.known = xcalloc((size_t)map_size(mm->map), sizeof *g.known);
	/* loe 6.4: from the sea the landings are where the way begins */
	if (mm->at_sea)
		st = move_sea_path(mm, to, -1, guess_left, &g, out);
	else
		st = path_cheapest_guided(mm->map, mm->origin, to, -1,
		    guess_left, &g, move_map_cost, mm, out);
	free(g.known);
	return st;
}

int
move_map_reach(struct move_map *mm, int budget, int *left, int *prev)
{
	reset(mm);
	if (mm->at_sea)
		return move_sea_reach(mm, budget, left, prev);
	if (move_rail_possible(mm))
		return move_rail_reach(mm, budget, left, prev);
	return path_reach(mm->map, mm->origin, budget, move_map_cost, mm, left,
	    prev);
}
