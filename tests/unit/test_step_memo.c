/*
 * test_step_memo.c: the memo of step prices in lib/move_map.c rests on a
 * contract every game's step function must keep (move.h, move_map.c):
 * (a) a step allowed at one spent with a cost that fits the allowance is
 * allowed, at the same price, at every spent where that cost still fits;
 * (b) a step refused at one spent is refused at every larger spent.  The
 * first half checks it for loe, toto and sotq, their shipped terrain.json
 * and tec.json read from rules/ (unit tests run from the repository's
 * root), every type in every mode with some flags and allowances, on
 * random steps such as a map makes.  The second half prices random steps
 * on a loe map through the memo and afresh, and wants the same answers,
 * also after the unit changes.  The first half also checks what a search
 * takes from a game besides: (c) the least a step costs (least_step,
 * least_off, least_into), which the cheapest way at any cost looks ahead
 * by and a reach leaves steps unpriced by, is no more than any step
 * costs; (d) steps 2 to rail_hexes of a rail move price alike, as the
 * memo keeps them as one; (e) where zoc_ends says a unit's move ends in
 * any enemy zone of control it enters, every step into one ends it, as
 * the cheapest way at any cost takes no way through such a hex.
 * A fixed xorshift makes failures repeat.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "gamefix.h"
#include "games/game.h"
#include "map.h"
#include "mapfix.h"
#include "move.h"
#include "move_answer.h"
#include "move_map.h"
#include "tap.h"
#include "units.h"
#include "xorshift.h"

#define NSTEPS		3000	/* random steps a game's units are priced on */
#define PERUNIT		300	/* ... each unit on a window of them */
#define MAXSPENT	64	/* prices taken at spent 0 .. ma + 3 */
#define NOMA_TOP	30	/* ... or 0 .. this with no allowance */
/* does a cost paid at spent leave the step within u's allowance? */
#define FITS(u, spent, cost)	((u)->ma < 0 || (spent) + (cost) <= (u)->ma)

static int
below(int n)
{
	return (int)(rnd() % (unsigned)n);
}

/* Each of the first n bits, set one time in four: a step meets a few
 * features at once, as on a map, not all of them. */
static unsigned
some_bits(int n)
{
	return rnd() & rnd() & (n >= 32 ? ~0u : (1u << n) - 1);
}

struct rules_of {
	const char *name;
	const struct move_rules *rules;
	const char *sides[3], *battles[2], *seasons[3], *forms[4];
	int nsides, nbattles, nseasons, nforms;
	int rail;			/* rail moves: step.rail may be set */
	struct move_vocab vocab;
	struct move_tec tec;
	char *words;			/* terrain.json, for the map's words */
};

static struct rules_of games[] = {
	{ .name = "loe", .rules = &loe_move,
	    .sides = { "italian", "ethiopian" }, .nsides = 2,
	    .nbattles = 1, .nseasons = 1, .nforms = 1 },
	{ .name = "toto", .rules = &toto_move,
	    .sides = { "ottoman", "allied" }, .nsides = 2, .nbattles = 1,
	    .seasons = { NULL, "winter", "summer" }, .nseasons = 3,
	    .nforms = 1, .rail = 1 },
	{ .name = "sotq", .rules = &sotq_move,
	    .sides = { "british", "zulu", "dervish" }, .nsides = 3,
	    .battles = { "isandhlwana", "omdurman" }, .nbattles = 2,
	    .nseasons = 1, .nforms = 4,
	    .forms = { NULL, "mounted", "dismounted", "limbered" } },
};

/* The requests tried for each type: a mode with its allowance or hexes. */
static const struct how {
	enum move_mode mode;
	int ma, hexes;
} hows[] = {
	{ MOVE_NORMAL, 0, 0 }, { MOVE_NORMAL, 3, 0 }, { MOVE_NORMAL, 7, 0 },
	{ MOVE_RETREAT, 6, 1 }, { MOVE_RETREAT, 6, 2 }, { MOVE_RETREAT, 6, 3 },
	{ MOVE_RETREAT, 6, 4 }, { MOVE_ADVANCE, 6, 1 }, { MOVE_ADVANCE, 6, 2 },
};
#define NHOWS	(int)(sizeof hows / sizeof *hows)

static const unsigned flag_sets[] = { 0, MOVE_OOS, MOVE_DIS, MOVE_FORCED,
	MOVE_OOS | MOVE_DIS, MOVE_INFILTRATE | MOVE_SUPPLIED |
	MOVE_AMBA_ROAD | MOVE_AIMED };
#define NFLAGS	(int)(sizeof flag_sets / sizeof *flag_sets)

static const char *const mode_names[] = { "normal", "retreat", "advance" };


/* A step as move_map.c makes one from what the map and situation say. */
static void
random_step(const struct rules_of *g, struct move_step *st)
{
	int t = below(g->vocab.nterrain);

	memset(st, 0, sizeof *st);
	st->terrain = g->vocab.terrain[t];
	st->tmask = 1u << t;
	st->features = some_bits(g->vocab.nfeatures);
	st->from_features = some_bits(g->vocab.nfeatures);
	st->side = some_bits(g->vocab.nsides);
	st->enter_ezoc = rnd() & 1;
	st->leave_ezoc = rnd() & 1;
	st->enemy = below(4) == 0;
	st->first = rnd() & 1;
	st->cross = rnd() & 1;
	st->entrenched = rnd() & 1;
	st->friend_halted = below(4) == 0;
	st->not_away = rnd() & 1;
	st->index = st->first ? 0 : 1;
	st->on_map = 1;
	if (rnd() & 1)
		st->net = MOVE_NET_KNOWN | (rnd() & (MOVE_NET_TO |
		    MOVE_NET_FROM));
	if (g->rail && below(4) == 0)
		st->rail = 1 + below(5);
}

static int
same_str(const char *a, const char *b)
{
	return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

static int
same_price(const struct move_price *a, const struct move_price *b)
{
	return a->cost == b->cost && a->stop == b->stop && a->loss == b->loss &&
	    same_str(a->rule, b->rule) && same_str(a->why, b->why) &&
	    same_str(a->stop_rule, b->stop_rule);
}

static const char *
orno(const char *s)
{
	return s ? s : "(none)";
}

/*
 * Price st for u at every spent from 0 past the allowance, as a search
 * would (quiet, the unit's carry put back), and check (a) and (b): 0, or
 * -1 with msg naming the step and the two prices that break them.
 */
static int
keeps_contract(const struct move_rules *rules, struct move_unit *u,
    const struct move_step *st, long *nprices, char *msg, size_t len)
{
	struct move_price p[MAXSPENT];
	int r[MAXSPENT], top, s, s0 = -1, a = -1, b = -1, which;
	char clause = 'b';

	if ((top = u->ma < 0 ? NOMA_TOP : u->ma + 3) >= MAXSPENT) {
		snprintf(msg, len, "an allowance of %d, too big", u->ma);
		return -1;
	}
	for (s = 0; s <= top; s++) {
		r[s] = move_price_stack(rules, u, 1, 0, st, s, &p[s], &which);
		if (s0 < 0 && r[s] == 0 && FITS(u, s, p[s].cost))
			s0 = s;
	}
	*nprices += top + 1;
	/* (b): once refused, refused from there on */
	for (s = 1; s <= top && a < 0; s++)
		if (r[s - 1] < 0 && r[s] == 0)
			a = s - 1, b = s;
	/* (a): every price that fits is the first that fits, and wherever
	   that one's cost fits the step is allowed at that price */
	for (s = 0; s0 >= 0 && s <= top && a < 0; s++)
		if ((FITS(u, s, p[s0].cost) || (r[s] == 0 &&
		    FITS(u, s, p[s].cost))) && (r[s] < 0 ||
		    !same_price(&p[s], &p[s0])))
			a = s0, b = s, clause = 'a';
	if (a < 0)
		return 0;
	snprintf(msg, len, "(%c) terrain %s features %#x side %#x from %#x "
	    "ezoc in %d out %d enemy %d first %d cross %d dug-in %d halted %d "
	    "not-away %d net %#x rail %d: at spent %d %s cost %d stop %d %s; "
	    "at spent %d %s cost %d stop %d %s", clause, st->terrain,
	    st->features, st->side, st->from_features, st->enter_ezoc,
	    st->leave_ezoc, st->enemy, st->first, st->cross, st->entrenched,
	    st->friend_halted, st->not_away, st->net, st->rail, a,
	    r[a] < 0 ? "refused" : "allowed", p[a].cost, p[a].stop,
	    orno(p[a].rule), b, r[b] < 0 ? "refused" : "allowed", p[b].cost,
	    p[b].stop, orno(p[b].rule));
	return -1;
}

/* st priced for a copy of u (pricing may mark what u has done), the rail
 * step numbered rail, u's allowance ma. */
static int
price_copy(const struct move_rules *rules, const struct move_unit *u,
    const struct move_step *st, int rail, int ma, struct move_price *p)
{
	struct move_unit c = *u;
	struct move_step s = *st;
	int which;

	c.ma = ma;
	s.rail = rail;
	return move_price_stack(rules, &c, 1, 0, &s, 0, p, &which);
}

/* (c) for least_into: a step that crosses none of its hexsides and goes
 * between no two hexes of its features costs no less than it says, and
 * is refused where it says -1; with the unit's allowance too, but for a
 * move's first step (toto 9.4).  1, msg saying how, if that breaks. */
static int
into_breaks(const struct move_rules *rules, const struct move_unit *u,
    const struct move_step *st, char *msg, size_t len)
{
	struct move_price p;
	unsigned sides, features;
	int into, k, ma;

	into = rules->least_into(u, st->terrain, &sides, &features);
	if ((st->side & sides) || ((st->features & features) &&
	    (st->from_features & features)))
		return 0;
	for (k = st->index == 0; k < 2; k++) {
		ma = k == 0 ? u->ma : -1;
		if (price_copy(rules, u, st, 0, ma, &p) == 0 && (into < 0 ||
		    p.cost < into)) {
			snprintf(msg, len, "(c) terrain %s features %#x from "
			    "%#x side %#x, MA %d: cost %d (%s), but least_into "
			    "%d", st->terrain, st->features, st->from_features,
			    st->side, ma, p.cost, orno(p.rule), into);
			return 1;
		}
	}
	return 0;
}

/* (e) for zoc_ends: where it says u's move ends in an enemy zone of
 * control, every step into one that is allowed ends it, as the step's own
 * (rail 0) and, in a game with rail moves, as the first and a later step
 * of one, with the allowance and without.  1, msg saying how, if that
 * breaks. */
static int
zoc_end_breaks(const struct move_rules *rules, const struct move_unit *u,
    const struct move_step *st, int rail, char *msg, size_t len)
{
	struct move_price p;
	int k, i, ma;

	if (!rules->zoc_ends || !st->enter_ezoc || !rules->zoc_ends(u))
		return 0;
	for (k = 0; k <= (rail ? 2 : 0); k++)
		for (i = 0; i < 2; i++) {
			ma = i == 0 ? u->ma : -1;
			if (price_copy(rules, u, st, k, ma, &p) == 0 &&
			    !p.stop) {
				snprintf(msg, len, "(e) terrain %s, rail step "
				    "%d, MA %d: into an EZOC for %d (%s), and "
				    "the move goes on", st->terrain, k, ma,
				    p.cost, orno(p.rule));
				return 1;
			}
		}
	return 0;
}

/* (c), (d) and (e) for u on st: 0, or -1 with msg saying what broke;
 * rail: the game has rail moves. */
static int
keeps_bounds(const struct move_rules *rules, const struct move_unit *u,
    const struct move_step *st, int rail, char *msg, size_t len)
{
	struct move_price p, q;
	unsigned sides = 0, features = 0;
	int least, off = 0, cheap, k, r;

	/* least_step with the unit's own allowance too, as a path within it
	   is bounded by it (move_map_path, path_cheapest_bounded) */
	if (u->mode == MOVE_NORMAL && st->rail == 0 && rules->least_step &&
	    price_copy(rules, u, st, 0, u->ma, &p) == 0 &&
	    p.cost < rules->least_step(u)) {
		snprintf(msg, len, "(c) terrain %s features %#x from %#x side "
		    "%#x, MA %d: cost %d (%s), but least %d", st->terrain,
		    st->features, st->from_features, st->side, u->ma, p.cost,
		    orno(p.rule), rules->least_step(u));
		return -1;
	}
	/* both with no allowance, as the cheapest way at any cost asks */
	if (u->mode == MOVE_NORMAL && st->rail == 0 && rules->least_step &&
	    price_copy(rules, u, st, 0, -1, &p) == 0) {
		least = rules->least_step(u);
		if (rules->least_off)
			off = rules->least_off(u, &sides, &features);
		cheap = (st->side & sides) || ((st->features & features) &&
		    (st->from_features & features));
		if (p.cost < least || (!cheap && p.cost < off)) {
			snprintf(msg, len, "(c) terrain %s features %#x from "
			    "%#x side %#x: cost %d (%s), but least %d, off %d, "
			    "cheap %d", st->terrain, st->features,
			    st->from_features, st->side, p.cost, orno(p.rule),
			    least, off, cheap);
			return -1;
		}
	}
	/* least_into, with the allowance and without: a reach asks it with
	   one, the cheapest way at any cost without */
	if (u->mode == MOVE_NORMAL && st->rail == 0 && rules->least_into &&
	    into_breaks(rules, u, st, msg, len))
		return -1;
	if (u->mode == MOVE_NORMAL && zoc_end_breaks(rules, u, st, rail, msg,
	    len))
		return -1;
	if (rules->rail_hexes && st->rail >= 2) {
		r = price_copy(rules, u, st, 2, u->ma, &p);
		for (k = 3; k <= rules->rail_hexes; k++)
			if (price_copy(rules, u, st, k, u->ma, &q) != r ||
			    (r == 0 && !same_price(&p, &q))) {
				snprintf(msg, len, "(d) terrain %s: rail step 2 "
				    "%s cost %d, step %d %s cost %d", st->terrain,
				    r < 0 ? "refused" : "allowed", p.cost, k,
				    q.cost < 0 ? "refused" : "priced", q.cost);
				return -1;
			}
	}
	return 0;
}

/* Part 1 for one game: a line per mode, and one for the types readied. */
static void
contract(struct rules_of *g)
{
	static struct move_step steps[NSTEPS];
	struct move_unit u;
	struct move_req req;
	char list[512], *types[64], *save, why[256], msg[512], first[768] = "";
	char readied[64] = "";
	long nprices;
	int mode, nunits, total = 0, bad, i, j, k, t, x, w = 0, n;

	for (i = 0; i < NSTEPS; i++)
		random_step(g, &steps[i]);
	snprintf(list, sizeof list, "%s", g->rules->types);
	for (t = 0, types[0] = strtok_r(list, " ", &save); t < 63 &&
	    types[t] != NULL; types[++t] = strtok_r(NULL, " ", &save))
		;
	n = t * g->nsides * g->nbattles * g->nseasons * g->nforms * NHOWS *
	    NFLAGS;
	for (mode = MOVE_NORMAL; mode <= MOVE_ADVANCE; mode++) {
		nunits = bad = 0;
		nprices = 0;
		for (i = 0; i < n; i++) {
			/* request i, its parts the digits of a number */
			x = i;
			memset(&req, 0, sizeof req);
			req.flags = flag_sets[x % NFLAGS], x /= NFLAGS;
			k = x % NHOWS, x /= NHOWS;
			if ((int)hows[k].mode != mode)
				continue;
			req.formation = g->forms[x % g->nforms], x /= g->nforms;
			req.season = g->seasons[x % g->nseasons];
			x /= g->nseasons;
			req.battle = g->battles[x % g->nbattles];
			x /= g->nbattles;
			req.side = g->sides[x % g->nsides], x /= g->nsides;
			req.type = types[t = x];
			req.mode = hows[k].mode;
			req.ma = hows[k].ma;
			req.hexes = hows[k].hexes;
			req.nstack = 1;
			/* as move_ready_unit makes one; skipped if refused */
			memset(&u, 0, sizeof u);
			snprintf(u.type, sizeof u.type, "%s", req.type);
			u.vocab = &g->vocab;
			u.tec = &g->tec;
			u.flags = req.flags;
			u.mode = req.mode;
			u.hexes = req.hexes;
			if (g->rules->unit(NULL, &req, &u, why, sizeof why) !=
			    ST_OK)
				continue;
			u.quiet = 1;	/* as a search prices */
			nunits++;
			readied[t] = 1;
			w = (w + PERUNIT + 7) % NSTEPS;
			for (j = 0; j < PERUNIT; j++) {
				if ((keeps_contract(g->rules, &u,
				    &steps[(w + j) % NSTEPS], &nprices, msg,
				    sizeof msg) == 0 && keeps_bounds(g->rules,
				    &u, &steps[(w + j) % NSTEPS], g->rail, msg,
				    sizeof msg) == 0) || bad++ > 0)
					continue;
				snprintf(first, sizeof first, "%s %s side %s "
				    "battle %s season %s formation %s flags "
				    "%#x ma %d hexes %d: %s", g->name, req.type,
				    u.side, orno(req.battle), orno(req.season),
				    orno(req.formation), req.flags, u.ma,
				    u.hexes, msg);
			}
		}
		total += nunits;
		ok(bad == 0 && nunits > 0, "%s %s: (a) to (e) hold for %d "
		    "units, %d of %d steps each, %ld prices", g->name,
		    mode_names[mode], nunits, PERUNIT, NSTEPS, nprices);
		if (bad)
			printf("#   %d broken; the first: %s\n", bad, first);
	}
	for (i = t = 0; i < (int)sizeof readied; i++)
		t += readied[i];
	ok(t >= 5 && total >= 50, "%s: %d types readied, %d units in all",
	    g->name, t, total);
}

/*
 * Part 2: a 6 by 6 loe map, odd-q.  A river flows down column 03 (ford
 * in 0304), a road runs 0201-0202-0203, bridges the river into 0303 and
 * goes on paved to 0504; jungle, marsh, amba, massif, a fort, ocean and
 * neutral hexes besides.  The Italian a in 0202 moves; Ethiopians in 0404
 * and 0205 (one dug in) give zones of control, which the entrenched
 * Italian in 0403 keeps out of its hex, and the Italian in 0504 negates
 * there for a retreat (5.7).
 */
static const char map_text[] =
    "game loe\nlayout odd-q\nsize 0101 0606\ndefault clear\n"
    "0102 mountain\n0104 amba\n0105 massif\n0106 mountain jungle\n"
    "0201 clear marsh\n0301-0305 clear river\n0304 clear river ford\n"
    "0502 clear jungle\n0503 mountain marsh\n0405 clear fort\n"
    "0601 ocean\n0606 clear neutral\n"
    "0301/0302 river\n0302/0303 river\n0303/0304 river\n0304/0305 river\n"
    "0201/0202 road\n0202/0203 road\n0203/0303 bridge\n0303/0403 road\n"
    "0403/0404 paved\n0404/0504 paved\n";
static const char units_json[] = "{ \"game\": \"loe\", \"units\": ["
    "{\"id\":\"a\",\"side\":\"italian\",\"type\":\"italian-inf\",\"ma\":6,"
    "\"hex\":\"0202\"},"
    "{\"id\":\"b\",\"side\":\"italian\",\"type\":\"askari\",\"hex\":\"0504\"},"
    "{\"id\":\"c\",\"side\":\"italian\",\"type\":\"blackshirt\","
    "\"hex\":\"0403\",\"markers\":[\"entrenched\"]},"
    "{\"id\":\"e\",\"side\":\"ethiopian\",\"type\":\"guard\",\"hex\":\"0404\"},"
    "{\"id\":\"f\",\"side\":\"ethiopian\",\"type\":\"guard\",\"hex\":\"0205\","
    "\"markers\":[\"entrenched\"]} ] }";

/*
 * nq random steps (from, dir, spent), in no order and meeting the same
 * kinds of step again and again, priced through the memo and afresh:
 * the same answer, and for a step allowed the same price.  A refusal's
 * cost and rule are not compared: the memo answers with the rule of the
 * refusal at the least spent it has met, which beyond the allowance
 * need not be a fresh price's (loe: 5.3 B, EZOC to EZOC, where afresh
 * 6.2 B says the MP ran out), and no search reads either.
 */
static void
memo_agrees(struct move_map *mm, int nq, const char *what)
{
	struct move_price p, q;
	char a[HEX_IDLEN], msg[256] = "";
	int nb[HEX_NDIRS], n = map_size(mm->map), top, i, from, dir, spent;
	struct path_step e;
	int rp, rq, rs, bad = 0, nallowed = 0, *left;

	/* a search first: it fills the memo and the ways in (river banks) */
	left = calloc((size_t)n, sizeof *left);
	move_map_reach(mm, mm->units[0].ma, left, NULL);
	free(left);
	top = mm->units[0].ma < 0 ? 24 : mm->units[0].ma + 4;
	for (i = 0; i < nq; i++) {
		from = below(n);
		dir = below(HEX_NDIRS);
		spent = below(top + 1);
		map_neighbours(mm->map, from, nb);
		if (nb[dir] < 0)
			continue;
		rp = move_map_price_quiet(mm, from, dir, nb[dir], spent, 0, &p);
		rq = move_map_price(mm, from, dir, nb[dir], spent, &q);
		/* and as the search's callback has it (move_map.c, memo_step) */
		e.beat = INT_MAX;
		rs = move_map_cost(mm, from, dir, nb[dir], spent, &e);
		nallowed += rq == 0;
		if ((rp == rq && rs == rq && (rp < 0 || (same_price(&p, &q) &&
		    e.cost == q.cost && e.stop == q.stop &&
		    same_str(e.rule, q.rule)))) || bad++)
			continue;
		map_hex_id(mm->map, from, a);
		snprintf(msg, sizeof msg, "from %s dir %d spent %d: memo %s "
		    "cost %d stop %d %s, afresh %s cost %d stop %d %s, search "
		    "%s cost %d", a, dir, spent, rp < 0 ? "refused" : "allowed",
		    p.cost, p.stop, orno(p.rule), rq < 0 ? "refused" :
		    "allowed", q.cost, q.stop, orno(q.rule), rs < 0 ? "refused" :
		    "allowed", e.cost);
	}
	ok(bad == 0 && nallowed > 0, "%s: the memo answers as a fresh price "
	    "(%d queries, %d allowed)", what, nq, nallowed);
	if (bad)
		printf("#   %d differ; the first: %s\n", bad, msg);
}

/*
 * A reach leaves unpriced a step that least_into says cannot better the
 * way into a hex it has (move_map.c into_bound).  From every hex of the
 * map, at three allowances, it must find what a reach that prices every
 * such step finds: each hex's allowance left and the hex it came from.
 */
static void
reach_agrees(struct move_map *mm, struct move_unit *u, const char *what)
{
	static const int allowance[] = { 4, 12, 40 };
	const struct move_rules *rules = mm->rules;
	struct move_rules plain = *rules;
	char a[HEX_IDLEN], msg[256] = "";
	int n = map_size(mm->map), origin = mm->origin, ma = u->ma;
	int *left = calloc((size_t)n * 4, sizeof *left), *left2 = left + n;
	int *prev = left + 2 * n, *prev2 = left + 3 * n;
	int h, k, reached = 0, bad = 0;

	plain.least_into = NULL;
	for (h = 0; h < n; h++)
		for (k = 0; k < 3; k++) {
			mm->origin = h;
			u->ma = allowance[k];
			mm->rules = rules;
			reached += move_map_reach(mm, u->ma, left, prev);
			mm->rules = &plain;
			move_map_reach(mm, u->ma, left2, prev2);
			if ((memcmp(left, left2, (size_t)n * sizeof *left) == 0 &&
			    memcmp(prev, prev2, (size_t)n * sizeof *prev) ==
			    0) || bad++)
				continue;
			map_hex_id(mm->map, h, a);
			snprintf(msg, sizeof msg, "from %s, %d units of MA",
			    a, u->ma);
		}
	mm->rules = rules;
	mm->origin = origin;
	u->ma = ma;
	free(left);
	ok(bad == 0, "%s: a reach that leaves steps unpriced by least_into "
	    "finds what one that prices them finds (%d hexes reached)", what,
	    reached);
	if (bad)
		printf("#   %d differ; the first: %s\n", bad, msg);
}

/*
 * A map of loe's words drawn at random, RMAP hexes on a side: each hex's
 * terrain and features, a road, paved road or bridge on some of the
 * hexsides between a hex and the one below it or beside it (odd-q: the
 * hex of the next column with the same row always touches it), and an
 * Ethiopian guard on a few hexes for the zones of control.  The reach
 * check below runs on it as well as on the map above: the more kinds of
 * way in there are, the likelier a bound set too high shows.
 */
#define RMAP	14

static char *
random_map(char **units)
{
	static const char *const terrain[] = { "clear", "clear", "clear",
	    "mountain", "mountain", "amba", "massif" };
	static const char *const sides[] = { "road", "road", "paved",
	    "bridge" };
	size_t cap = 32768, n = 0, un = 0;
	char *t = malloc(cap), *u = malloc(4096);
	int c, r, guards = 0;

	n += (size_t)snprintf(t + n, cap - n, "game loe\nlayout odd-q\n"
	    "size 0101 %02d%02d\ndefault clear\n", RMAP, RMAP);
	un += (size_t)snprintf(u + un, 4096 - un, "{ \"game\": \"loe\", "
	    "\"units\": [ {\"id\":\"a\",\"side\":\"italian\","
	    "\"type\":\"italian-inf\",\"ma\":6,\"hex\":\"0101\"}");
	for (c = 1; c <= RMAP; c++)
		for (r = 1; r <= RMAP; r++) {
			n += (size_t)snprintf(t + n, cap - n, "%02d%02d %s%s%s\n",
			    c, r, terrain[below(7)], below(8) ? "" : " jungle",
			    below(10) ? "" : " marsh");
			if (r < RMAP && below(3) == 0)
				n += (size_t)snprintf(t + n, cap - n,
				    "%02d%02d/%02d%02d %s\n", c, r, c, r + 1,
				    sides[below(4)]);
			if (c < RMAP && below(3) == 0)
				n += (size_t)snprintf(t + n, cap - n,
				    "%02d%02d/%02d%02d %s\n", c, r, c + 1, r,
				    sides[below(4)]);
			if (below(40) == 0 && (c > 1 || r > 1))
				un += (size_t)snprintf(u + un, 4096 - un, ", "
				    "{\"id\":\"g%d\",\"side\":\"ethiopian\","
				    "\"type\":\"guard\",\"hex\":\"%02d%02d\"}",
				    guards++, c, r);
		}
	snprintf(u + un, 4096 - un, " ] }");
	*units = u;
	return t;
}

/* reach_agrees on random_map's maps, each for unit a. */
static void
random_reaches(const struct rules_of *g, int maps)
{
	struct move_map mm;
	struct move_unit u;
	struct move_req req;
	struct map *m;
	struct situation *s;
	char why[512], what[64], *text, *units;
	int i;

	for (i = 0; i < maps; i++) {
		m = NULL;
		s = NULL;
		text = random_map(&units);
		memset(&req, 0, sizeof req);
		if (map_parse_text(text, strlen(text), NULL, NULL,
		    fixture_vocab, g->words, &m, why, sizeof why) < 0 ||
		    situation_parse(units, strlen(units), m, &s, why,
		    sizeof why) < 0 || move_ready_unit(NULL, &loe_move, m,
		    situation_find(s, "a"), &req, &g->vocab, &g->tec, &u, why,
		    sizeof why) != ST_OK)
			ok(0, "random map %d parses: %s", i, why);
		else {
			mm = (struct move_map){ .map = m, .sit = s,
			    .rules = &loe_move, .vocab = &g->vocab, .units = &u,
			    .nunits = 1, .side = "italian", .origin = 0 };
			move_map_init(&mm);
			snprintf(what, sizeof what, "random loe map %d", i);
			reach_agrees(&mm, &u, what);
			/* steps from all over a map of many kinds of hex:
			   more kinds of step than the memo first has room
			   for, so it grows on the way */
			snprintf(what, sizeof what, "random loe map %d, MA 6",
			    i);
			memo_agrees(&mm, 6000, what);
			move_map_free(&mm);
		}
		situation_free(s);
		map_free(m);
		free(text);
		free(units);
	}
}

static void
on_map(const struct rules_of *g)
{
	struct move_map mm;
	struct move_unit u;
	struct move_req req;
	struct map *m = NULL;
	struct situation *s = NULL;
	char why[512];
	int ma;

	if (map_parse_text(map_text, sizeof map_text - 1, NULL, NULL,
	    fixture_vocab, g->words, &m, why, sizeof why) < 0 ||
	    situation_parse(units_json, sizeof units_json - 1, m, &s, why,
	    sizeof why) < 0) {
		ok(0, "the loe map and units parse: %s", why);
		map_free(m);
		return;
	}
	memset(&req, 0, sizeof req);
	ok(move_ready_unit(NULL, &loe_move, m, situation_find(s, "a"), &req,
	    &g->vocab, &g->tec, &u, why, sizeof why) == ST_OK,
	    "unit a readied from the situation");
	mm = (struct move_map){ .map = m, .sit = s, .rules = &loe_move,
	    .vocab = &g->vocab, .units = &u, .nunits = 1, .side = "italian",
	    .origin = map_lookup(m, "0202") };
	move_map_init(&mm);
	ma = u.ma;
	reach_agrees(&mm, &u, "loe map");
	memo_agrees(&mm, 4000, "loe map, MA 6");
	/*
	 * The memo must be emptied when the unit changes.  Steps that half
	 * an MP never paid for are refused at every spent then, and allowed
	 * with no allowance; a disrupted unit may not enter an EZOC (11.4.4)
	 * where an undisrupted one stops.
	 */
	u.ma = 1;
	memo_agrees(&mm, 4000, "loe map, half an MP");
	u.ma = -1;
	memo_agrees(&mm, 4000, "loe map, no allowance");
	u.ma = ma;
	memo_agrees(&mm, 4000, "loe map, MA 6 again");
	u.flags |= MOVE_DIS;
	memo_agrees(&mm, 4000, "loe map, MA 6 disrupted");
	move_map_free(&mm);

	req.mode = MOVE_RETREAT;
	req.hexes = 2;
	ok(move_ready_unit(NULL, &loe_move, m, situation_find(s, "a"), &req,
	    &g->vocab, &g->tec, &u, why, sizeof why) == ST_OK,
	    "unit a readied to retreat 2 hexes");
	mm.mode = MOVE_RETREAT;
	mm.away[0] = map_lookup(m, "0404");
	mm.naway = 1;
	move_map_init(&mm);
	memo_agrees(&mm, 4000, "loe map, a retreat of 2 away from 0404");
	move_map_free(&mm);
	situation_free(s);
	map_free(m);
}

/*
 * toto 13.2: a corps (three divisional equivalents, 10.2) retreating alone
 * may not end in desert (a stack of 2) while another end is open, and may
 * once none is (last resort).  A reach asks may_end of its hexes in map
 * order and keeps the last answer where the stack stands alone
 * (move_stack.c); that answer must go when the stack changes.  Two desert
 * hexes asked in turn, the second answered from the last; then the same
 * hexes once the corps retreats as a last resort.
 */
static const char toto_map[] = "game toto\nlayout odd-q\nsize 0101 0303\n"
    "default clear\n0201-0203 desert\n";
static const char toto_units[] = "{ \"game\": \"toto\", \"units\": ["
    "{\"id\":\"k\",\"side\":\"allied\",\"type\":\"infantry\","
    "\"ma\":4,\"hex\":\"0101\",\"markers\":[\"corps\"]} ] }";

/* Every hex of the toto map at once (move_map_may_end_list, as a reach
 * asks): the desert column 02 refused, by hand, and the rest kept in map
 * order. */
static void
list_split(struct move_map *mm, const struct map *m)
{
	int list[9], refused[9], nrefused, kept, i;
	char got[64] = "", id[HEX_IDLEN];

	for (i = 0; i < 9; i++)
		list[i] = i;
	move_map_begin(mm);
	kept = move_map_may_end_list(mm, list, 9, refused, &nrefused);
	for (i = 0; i < kept; i++) {
		map_hex_id(m, list[i], id);
		strcat(got, id);
		strcat(got, " ");
	}
	strcat(got, "/");
	for (i = 0; i < nrefused; i++) {
		map_hex_id(m, refused[i], id);
		strcat(got, " ");
		strcat(got, id);
	}
	is_str(got, "0101 0102 0103 0301 0302 0303 / 0201 0202 0203",
	    "13.2: a list of hexes split, the corps kept out of desert");
}

static void
alone_forgotten(const struct rules_of *g)
{
	struct move_req req = { .mode = MOVE_RETREAT, .hexes = 2 };
	struct move_map mm;
	struct move_unit u;
	struct map *m = NULL;
	struct situation *s = NULL;
	char why[512];
	int d1, d2;

	if (map_parse_text(toto_map, sizeof toto_map - 1, NULL, NULL,
	    fixture_vocab, g->words, &m, why, sizeof why) < 0 ||
	    situation_parse(toto_units, sizeof toto_units - 1, m, &s, why,
	    sizeof why) < 0 || move_ready_unit(NULL, &toto_move, m,
	    situation_find(s, "k"), &req, &g->vocab, &g->tec, &u, why,
	    sizeof why) != ST_OK) {
		ok(0, "the toto corps readied to retreat: %s", why);
		situation_free(s);
		map_free(m);
		return;
	}
	mm = (struct move_map){ .map = m, .sit = s, .rules = &toto_move,
	    .vocab = &g->vocab, .units = &u, .nunits = 1, .side = "allied",
	    .origin = map_lookup(m, "0101"), .mode = MOVE_RETREAT };
	move_map_init(&mm);
	d1 = map_lookup(m, "0202");
	d2 = map_lookup(m, "0203");
	ok(move_map_may_end(&mm, d1, NULL) < 0 && move_map_may_end(&mm, d2,
	    NULL) < 0, "13.2: a corps may not end its retreat in desert");
	list_split(&mm, m);
	u.flags |= MOVE_LAST_RESORT;
	ok(move_map_may_end(&mm, d1, NULL) == 0 && move_map_may_end(&mm, d2,
	    NULL) == 0, "13.2: as a last resort it may, the answer before "
	    "forgotten");
	u.flags &= ~MOVE_LAST_RESORT;
	ok(move_map_may_end(&mm, d2, NULL) < 0, "and not again once it is "
	    "not a last resort");
	move_map_free(&mm);
	situation_free(s);
	map_free(m);
}

int
main(void)
{
	struct rules_of *g;
	size_t i;

	for (i = 0; i < sizeof games / sizeof *games; i++) {
		g = &games[i];
		if (game_rules_load(g->name, &g->words, &g->vocab, &g->tec) <
		    0) {
			printf("Bail out! cannot load rules/%s\n", g->name);
			return 1;
		}
		contract(g);
	}
	on_map(&games[0]);
	random_reaches(&games[0], 4);
	alone_forgotten(&games[1]);
	for (i = 0; i < sizeof games / sizeof *games; i++)
		free(games[i].words);
	return tap_done();
}
