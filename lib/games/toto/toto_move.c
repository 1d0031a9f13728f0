/*
 * toto_move.c: Twilight of the Ottomans' land movement, one step at a time.
 *
 *   allowance       9.1 (forced march doubles it; 15.7, 15.11), 24.2 (no
 *                   forced march in winter), 22 (nor for guerrillas)
 *   terrain         9.6 and the TEC (38.0, rules/toto/tec.json, part
 *                   stand-in): hex cost plus hexside cost; tanks and
 *                   armoured cars in rough and lava flow only by road
 *   roads           9.7: half an MP from road or rail hex to the next,
 *                   every other cost ignored
 *   rail            9.8, 9.9: one MP, then up to 25 hexes along the rail
 *                   net; once a phase; only when in general supply;
 *                   armoured trains keep to the rail net (16.4); where
 *                   the situation says whose each net is, only the side's
 *                   own, built or converted (9.10, 16.2)
 *   minimum move    9.4: one hex for all the MP at the very start
 *   zones of control  9.5, 11.4 (stop on entering), 11.5 (disengaging at
 *                   the start costs one more MP and may not enter an EZOC);
 *                   none from guerrillas, Lawrence or Wassmuss (22.3, 23.4)
 *   infiltration    31 (optional): through EZOC for two more MP
 *   borders         2.2 (Bulgaria), 9.12 (Persians, Bolsheviks), 10.4
 *   retreat         13.2: counted in hexes; each EZOC entered costs one
 *                   divisional equivalent (not guerrillas, 22); it may
 *                   stop short in a fortification (13.4)
 *   pursuit         14.3, 14.4: two hexes for the fast units, one for the
 *                   rest with an attack factor, EZOC ignored; 31.4 German
 *                   infantry in an infiltration attack
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "games/game.h"
#include "move.h"
#include "games/toto/toto_impl.h"
#include "games/toto/toto_rail.h"
#include "toto_supply.h"
#include "situation.h"
#include "opt.h"

/* `umpire move-cost`'s options of this game's rules: each becomes a
 * member of the request's opts (move.h) */
const struct opt toto_move_opts[] = {
	{ OPT_FIELD, 0, "oos", NULL, "the unit is out of supply", NULL },
	{ OPT_FIELD, 0, "forced", NULL, "forced march (supply spent)",
	  NULL },
	{ OPT_FIELD, 0, "infiltration", NULL, "optional rule 31 "
	  "is in play (and it is 1918 for German units)", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

enum {
	C_FOOT, C_CAV, C_CAMEL, C_AC, C_TANK, C_TRAIN, C_GUER, C_SUPPLY,
	C_PERSIAN, C_BOLSHEVIK, C_GERMAN, C_FORT
};

/* What a unit carries from step to step (move_unit.carry): whether its
 * rail move is under way (1) or done (2), and the rail hexes it has left
 * (9.8, 9.9). */
enum { CARRY_RAIL_USED, CARRY_RAIL_LEFT };
/* What a unit ready to move keeps (move_unit.data): the season, 0
 * winter, 1 spring, 2 summer, 3 fall. */
enum { DATA_SEASON };

static const struct toto_type {
	const char *word;
	int cls;
	const char *tec;	/* the TEC's class word, or NULL */
} types[] = {
	{ "infantry", C_FOOT, NULL },
	{ "garrison", C_FOOT, NULL },
	{ "expeditionary", C_FOOT, NULL },
	{ "rr-engineer", C_FOOT, NULL },
	{ "cavalry", C_CAV, NULL },
	{ "camel", C_CAMEL, NULL },
	{ "armored-car", C_AC, "armored-car" },
	{ "tank", C_TANK, "tank" },
	{ "armored-train", C_TRAIN, NULL },
	{ "guerrilla", C_GUER, NULL },
	{ "lawrence", C_GUER, NULL },
	{ "wassmuss", C_GUER, NULL },
	{ "supply", C_SUPPLY, NULL },
	{ "persian", C_PERSIAN, NULL },
	{ "bolshevik", C_BOLSHEVIK, NULL },
	{ "german-inf", C_GERMAN, NULL },
	{ "german-exp", C_GERMAN, NULL },
	/* 7.4: a counter placed and destroyed in play, 0-6-0 (35.3) */
	{ "fortification", C_FORT, NULL },
	/* an HQ moves as a land unit does; its factor is a support's (17.1) */
	{ "hq", C_FOOT, NULL },
};


enum { F_ROAD, F_RAIL, F_PERSIA, F_RUSSIA, F_FORT };
static const char *const fwords[] = { "road", "rail", "persia", "russia",
	"fort" };

static const struct toto_type *
find_type(const char *word)
{
	size_t i;

	for (i = 0; i < sizeof types / sizeof *types; i++)
		if (strcmp(types[i].word, word) == 0)
			return &types[i];
	return NULL;
}

/*
 * toto's own request bits (move_unit.game): out of supply (15.11), a
 * forced march (9.1), optional rule 31 in play (31.1), a corps (10.2).
 */
enum { TOTO_OOS = 1, TOTO_FORCED = 2, TOTO_INFILTRATE = 4, TOTO_CORPS = 8 };

/* The request's options that set them (move-cost's --oos, ...). */
static const struct move_marker toto_opts[] = {
	{ "oos", TOTO_OOS }, { "forced", TOTO_FORCED },
	{ "infiltration", TOTO_INFILTRATE }, { NULL, 0 }
};

/* 31.1: who may infiltrate (the player vouches for 1918). */
static int
infiltrates(const struct move_unit *u)
{
	if (!(u->game & TOTO_INFILTRATE))
		return 0;
	return u->cls == C_GUER || u->cls == C_GERMAN ||
	    (u->cls == C_CAV && strcmp(u->side, "allied") == 0);
}

/* 14.3, 31.4: pursuit hexes.  On a map the situation's strength is the
 * attack factor (umpire-data(5)): one of 0 pursues no hex, as 12.1 lets
 * it make no attack; named steps carry no factor and are taken at their
 * type's word. */
static int
pursuit_hexes(const struct move_unit *u)
{
	if (u->id && u->strength < 1)
		return 0;
	if (u->cls == C_CAV || u->cls == C_CAMEL || u->cls == C_AC ||
	    (u->cls == C_GUER && strcmp(u->type, "guerrilla") != 0))
		return 2;
	if (u->cls == C_GERMAN && (u->game & TOTO_INFILTRATE))
		return 2;
	return u->cls == C_SUPPLY || u->cls == C_FORT ? 0 : 1;
}

static int
fail(char *why, size_t whylen, const char *fmt, const char *v)
{
	snprintf(why, whylen, fmt, v);
	return ST_USAGE;
}

/* 10.2: a corps counts three divisional equivalents, any other land unit
 * one. */
int
toto_equivalents(int corps)
{
	return corps ? 3 : 1;
}

/*
 * 13.2: a retreat may not end where the units would stand over the
 * terrain's stacking limit (10.1, the TEC's column; a terrain without one
 * is not checked) while another end is open; with none open it may
 * (move_unit.last_resort, lib/move_route.c), the excess eliminated at the
 * phase's end (10.3).  A move may end over-stacked, as others may yet
 * leave the hex before the phase ends (10.3).  there[] holds the friendly
 * units the unit would end with, the rest of its stack among them.
 */
static int
toto_may_end(const struct move_unit *m, const struct move_step *st,
    const struct unit *const *there, int n, struct move_price *p)
{
	const struct move_cost *e;
	int i, total;

	if (m->mode != MOVE_RETREAT || (m->flags & MOVE_LAST_RESORT) ||
	    !st->terrain || (e = move_tec_find(m->tec->terrain,
	    m->tec->nterrain, st->terrain)) == NULL || e->stack == 0)
		return 0;
	total = toto_equivalents((m->game & TOTO_CORPS) != 0);
	for (i = 0; i < n; i++)
		total += toto_equivalents(situation_unit_has_marker(there[i], "corps"));
	if (total <= e->stack)
		return 0;
	snprintf(p->whybuf, sizeof p->whybuf, "%d divisional equivalents "
	    "would end here, over the limit of %d", total, e->stack);
	return move_deny(p, "13.2, 10.1", p->whybuf);
}

/*
 * 9.8, 15.11, 15.9: on a map a rail move or a forced march asks whether
 * the unit is in general supply at the start of the phase: the situation
 * is that start, so the line is traced (toto_supply.c) as well as the
 * marker oos read: either puts the unit out of supply.  A situation that
 * keeps no supply unit of the side keeps no supply, and the marker alone
 * decides.  The answer is the unit's note, quoted when a rail move is
 * refused.
 */
static int
traced(const struct ctx *c, const struct move_req *req, struct move_unit *u,
    char *why, size_t whylen)
{
	static char notes[16][160];
	static int next;
	char *note = notes[next];
	int v;

	if (!req->map || !req->sit || !req->su || req->mode != MOVE_NORMAL ||
	    u->cls == C_FORT)
		return ST_OK;
	if ((v = toto_traced_supply(c, req->map, req->sit, req->su, note,
	    sizeof notes[0])) < -1) {
		snprintf(why, whylen, "%s", "its general supply could not be "
		    "traced (9.8)");
		return -v;
	}
	if (v < 0)
		return ST_OK;
	next = (next + 1) % 16;
	u->note = note;
	u->note_rule = "9.8, 15.2";
	if (v == 0 && (u->game & TOTO_FORCED))
		return fail(why, whylen, "a forced march starts in supply "
		    "(15.11): %s", note);
	if (v == 0)
		u->game |= TOTO_OOS;
	return ST_OK;
}

static int
toto_move_unit(const struct ctx *c, const struct move_req *req,
    struct move_unit *u, char *why, size_t whylen)
{
	const struct toto_type *t = find_type(req->type);
	int ma = req->ma, season = 1;
	size_t i;

	(void)c;
	u->game = req->game | move_opt_bits(req, toto_opts);
	if (!t)
		return fail(why, whylen, "unknown toto unit type (umpire words toto "
		    "types lists them): '%s'",
		    req->type);
	if (req->side && strcmp(req->side, "ottoman") != 0 &&
	    strcmp(req->side, "allied") != 0)
		return fail(why, whylen, "unknown toto side (expected ottoman "
		    "or allied): '%s'", req->side);
	snprintf(u->side, sizeof u->side, "%s", req->side ? req->side :
	    "ottoman");
	u->cls = t->cls;
	u->scale = 2;
	u->printed = ma;
	u->data[DATA_SEASON] = 1;
	if (req->season && (season = move_season(req->season)) < 0)
		return fail(why, whylen, "unknown season (expected winter, "
		    "spring, summer or fall): '%s'", req->season);
	if (req->season)
		u->data[DATA_SEASON] = season;
	if (u->game & TOTO_FORCED) {
		if (u->data[DATA_SEASON] == 0)
			return fail(why, whylen, "%s", "no forced march in a "
			    "winter turn (24.2)");
		if (t->cls == C_GUER)
			return fail(why, whylen, "%s", "guerrillas never force "
			    "march (22)");
		if (u->game & TOTO_OOS)
			return fail(why, whylen, "%s", "a forced march starts "
			    "in supply (15.11)");
		ma *= 2;
		u->ma_rule = "9.1";
		snprintf(u->ma_why, sizeof u->ma_why, "forced march: twice "
		    "the printed %d: %d", req->ma, ma);
	}
	u->ma = ma > 0 ? ma * 2 : -1;
	if (req->mode == MOVE_ADVANCE) {
		/* 14.3: the result's hexes, but no more than the unit's own */
		u->ma = pursuit_hexes(u);
		if (req->hexes > 0 && req->hexes < u->ma)
			u->ma = req->hexes;
		u->ma_rule = "14.3";
		if (pursuit_hexes(u) == 0)
			snprintf(u->ma_why, sizeof u->ma_why, "%s", u->id &&
			    u->strength < 1 ? "an attack factor of 0: it "
			    "pursues no hex" : "it pursues no hex");
		else
			snprintf(u->ma_why, sizeof u->ma_why, "it pursues %d "
			    "hex%s at most", pursuit_hexes(u), pursuit_hexes(u)
			    == 1 ? "" : "es");
	}
	else if (req->mode == MOVE_RETREAT)
		u->ma = req->hexes;
	for (i = 0; i < sizeof fwords / sizeof *fwords; i++)
		u->fbit[i] = move_fmask(u->vocab, fwords[i]);
	u->may_end = toto_may_end;
	u->last_resort = "13.2, 10.3";
	return traced(c, req, u, why, whylen);
}

static const char *
tec_class(const struct move_unit *u)
{
	return u->cls == C_TANK ? "tank" : u->cls == C_AC ? "armored-car" :
	    NULL;
}

/* 9.7: following a road or railroad from one such hex to the next. */
static int
via_road(const struct move_unit *u, const struct move_step *st)
{
	unsigned road = u->fbit[F_ROAD] | u->fbit[F_RAIL];

	if (!(st->features & road))
		return 0;
	return !st->on_map || (st->from_features & road);
}

/* 2.2, 9.12, 10.4, 16.4: where this unit may never go. */
static int
barred(const struct move_unit *u, const struct move_step *st,
    struct move_price *p)
{
	if (st->enemy)
		return move_deny(p, u->mode == MOVE_RETREAT ? "13.2" : "10.4",
		    "an enemy unit holds the hex");
	if (st->on_map && u->cls == C_PERSIAN && !(st->features &
	    u->fbit[F_PERSIA]))
		return move_deny(p, "9.12", "Persian units never leave Persia");
	if (st->on_map && u->cls == C_BOLSHEVIK && !(st->features &
	    u->fbit[F_RUSSIA]))
		return move_deny(p, "9.12", "Bolshevik units never leave Russia");
	if (u->cls == C_TRAIN && !st->jump && ((st->game & TOTO_NET_KNOWN) ?
	    !(st->game & TOTO_NET_TO) : !(st->features & u->fbit[F_RAIL])))
		return move_deny(p, "16.4", "an armoured train keeps to the rail "
		    "net");
	return 0;
}

/* One TEC entry's cost for this unit in this season (move_add_cost). */
static int
add_cost(const struct move_unit *u, const struct move_cost *e, int *cost,
    struct move_price *p)
{
	return move_add_cost(u, e, tec_class(u), u->data[DATA_SEASON], tec_class(u) ?
	    " except by road" : NULL, 1, cost, p);
}

/* 9.6, 38.0: the hex's cost, every feature's, and the hexside's. */
static int
price(const struct move_unit *u, const struct move_step *st,
    struct move_price *p)
{
	const struct move_tec *t = u->tec;
	char mp[16];
	int cost = 0, i;

	if (via_road(u, st)) {
		cost = 1;
		p->rule = "9.7";
		move_what(u, p, "road %s, the rest ignored", move_mp_text(cost,
		    2, mp));
		/* 9.7, 9.10: another side's railway is a road to this one */
		if ((st->game & TOTO_NET_KNOWN) && !(st->game & TOTO_NET_TO) &&
		    (st->features & u->fbit[F_RAIL]))
			move_what(u, p, " (not this side's rail net)");
		return cost;
	}
	if (add_cost(u, move_tec_terrain(t, st, "clear"), &cost, p) < 0)
		return -1;
	/* roads and railways are priced by via_road, not as features here;
	 * known by their bits, not their words, at every step a search
	 * prices (a feature on the step has a bit) */
	for (i = 0; i < t->nfeatures; i++)
		if ((st->features & t->features[i].mask) &&
		    t->features[i].mask != u->fbit[F_ROAD] &&
		    t->features[i].mask != u->fbit[F_RAIL] &&
		    add_cost(u, &t->features[i], &cost, p) < 0)
			return -1;
	for (i = 0; i < t->nsides; i++)
		if ((st->side & t->sides[i].mask) &&
		    add_cost(u, &t->sides[i], &cost, p) < 0)
			return -1;
	return cost;
}

/*
 * 9.8, 9.9: one MP starts a rail move of up to 25 hexes.  Named steps
 * count the rail move in the unit; on a map the adapter numbers its steps
 * (lib/move_rail.c) and offers only rail hex to rail hex.
 */
static int
rail_step(struct move_unit *u, const struct move_step *st, int spent,
    struct move_price *p)
{
	int k = st->jump;

	if ((u->game & TOTO_OOS) && u->note) {
		snprintf(p->whybuf, sizeof p->whybuf, "a rail move starts in "
		    "general supply, and this unit is %s", u->note);
		return move_deny(p, "9.8, 15.2", p->whybuf);
	}
	if (u->game & TOTO_OOS)
		return move_deny(p, "9.8", "a rail move starts in general supply");
	if (!st->on_map && (u->carry[CARRY_RAIL_USED] == 2 ||
	    (u->carry[CARRY_RAIL_USED] == 1 && !u->carry[CARRY_RAIL_LEFT])))
		return move_deny(p, u->carry[CARRY_RAIL_LEFT] ? "9.9" : "9.8",
		    u->carry[CARRY_RAIL_LEFT] ? "one rail move a phase" : "a rail "
		    "move is 25 hexes at most");
	if (!st->on_map)
		k = u->carry[CARRY_RAIL_USED] ? 26 - u->carry[CARRY_RAIL_LEFT] : 1;
	if (k > 25)
		return move_deny(p, "9.8", "a rail move is 25 hexes at most");
	/* 9.10, 16.2: where the situation says whose the rail nets are, a
	 * rail move keeps to the side's own, built or captured and
	 * converted; the map's rail hexes of the other side's are closed */
	if ((st->game & TOTO_NET_KNOWN) && !(st->game & TOTO_NET_FROM))
		return move_deny(p, "9.10, 16.2", "a rail move begins in the "
		    "side's own rail net");
	if ((st->game & TOTO_NET_KNOWN) && !(st->game & TOTO_NET_TO))
		return move_deny(p, "9.10, 16.2", "a rail move keeps to the "
		    "side's own rail net: an enemy line is used only once "
		    "converted");
	if (st->on_map && !(st->game & TOTO_NET_KNOWN) && !(st->features &
	    st->from_features & u->fbit[F_RAIL]))
		return move_deny(p, "9.8", "a rail move goes from rail hex to "
		    "rail hex");
	p->rule = "9.8";
	if (k == 1) {
		if (u->ma >= 0 && spent + 2 > u->ma)
			return move_deny(p, "9.8", "a rail move costs 1 MP");
		p->cost = 2;
		move_what(u, p, "by rail: 1 MP for the rail move, hex 1 of 25");
	} else
		move_what(u, p, "by rail: hex %d of 25", k);
	if (!st->on_map) {
		if (u->carry[CARRY_RAIL_USED] == 0) {
			u->carry[CARRY_RAIL_USED] = 1;
			u->carry[CARRY_RAIL_LEFT] = 25;
		}
		u->carry[CARRY_RAIL_LEFT]--;
	}
	return 0;
}

/*
 * 9.5, 11.4, 11.5, 31.2: zones of control; the extra MP go to cost.  An
 * infiltrating unit that could disengage instead (at the very start, into
 * a hex free of EZOC) pays the cheaper 1 MP of 11.5, not 31.2's 2.
 */
static int
zoc(const struct move_unit *u, const struct move_step *st, int *cost,
    struct move_price *p)
{
	int infil = infiltrates(u);
	int disengages = st->index == 0 && !st->enter_ezoc;

	if (st->leave_ezoc && infil && !disengages) {
		*cost += 4;
		p->rule = "31.2";
		move_what(u, p, " + 2 infiltrating");
	} else if (st->leave_ezoc) {
		if (st->index > 0)
			return move_deny(p, "11.5", "a unit leaves an EZOC only at "
			    "the very start of its move");
		if (st->enter_ezoc)
			return move_deny(p, "11.5", "a disengaging unit's first hex "
			    "may not be in an EZOC");
		*cost += 2;
		p->rule = "11.5";
		move_what(u, p, " + 1 disengaging");
	}
	if (st->enter_ezoc && !infil) {
		p->stop = 1;
		p->stop_rule = "11.4";
		p->why = "it enters an enemy zone of control";
	}
	return 0;
}

static int
retreat_step(const struct move_unit *u, const struct move_step *st,
    int spent, struct move_price *p)
{
	int advance = u->mode == MOVE_ADVANCE;

	if (barred(u, st, p) < 0 || price(u, st, p) < 0)
		return -1;
	memset(p->what, 0, sizeof p->what);
	p->cost = 1;
	p->rule = advance ? "14.4" : "13.1";
	move_what(u, p, "1 hex%s", advance ? ", EZOC ignored" : "");
	if (spent + 1 > u->ma)
		return move_deny(p, advance ? "14.3" : "13.2", advance ?
		    "no pursuit hexes left" : "no hexes left");
	if (!advance && st->enter_ezoc && u->cls != C_GUER) {
		p->loss = 1;
		p->rule = "13.2";
		p->what[0] = '\0';
		move_what(u, p, "1 hex into an EZOC: lose one divisional "
		    "equivalent");
	}
	return 0;
}

static int
toto_move_step(struct move_unit *u, const struct move_step *st, int spent,
    struct move_price *p)
{
	char a[16], b[16];
	int cost;

	move_price_clear(p);
	if (st->action)
		return move_deny(p, "9.1", "toto units have no formation to change");
	/* 7.4, 13.4, 14.3: placed, never moved, never retreated, no pursuit */
	if (u->cls == C_FORT)
		return move_deny(p, u->mode == MOVE_RETREAT ? "13.4" :
		    u->mode == MOVE_ADVANCE ? "14.3" : "7.4", u->mode ==
		    MOVE_RETREAT ? "a fortification ignores retreat results" :
		    "a fortification counter is placed, and never moves");
	if (u->mode != MOVE_NORMAL)
		return retreat_step(u, st, spent, p);
	if (barred(u, st, p) < 0)
		return -1;
	if (!st->jump && u->carry[CARRY_RAIL_USED] == 1)
		u->carry[CARRY_RAIL_USED] = 2;
	if (st->jump)
		return rail_step(u, st, spent, p) < 0 ? -1 :
		    zoc(u, st, &p->cost, p);
	if ((cost = price(u, st, p)) < 0 || zoc(u, st, &cost, p) < 0)
		return -1;
	p->cost = cost;
	if (u->ma >= 0 && spent + cost > u->ma) {
		if (st->index == 0 && spent == 0) {
			/* 9.4: the whole allowance buys one hex */
			p->stop = 1;
			p->rule = p->stop_rule = "9.4";
			p->why = "a minimum move: one hex for all the MP";
			p->cost = u->ma;
			return 0;
		}
		return move_deny(p, "9.2", move_why(u, p, "%s MP needed, %s left",
		    move_mp_text(cost, 2, a), move_mp_text(u->ma - spent, 2,
		    b)));
	}
	return 0;
}

/* 11.2: no zone of control across all-sea or straits hexsides. */
static int
toto_move_zoc(const struct move_unit *u, const struct move_step *st)
{
	return !(st->side & (move_smask(u->vocab, "sea") |
	    move_smask(u->vocab, "strait")));
}

/* 22.3: a guerrilla projects no zone of control (its stack's other units
 * still do: each is asked for itself); 23.4: nor do Lawrence and
 * Wassmuss, guerrillas in all but the borders. */
static int
toto_move_exerts(const struct move_unit *mover, const struct unit *u,
    int dir, const struct move_step *st)
{
	const struct toto_type *t = find_type(u->type);

	(void)mover;
	(void)dir;
	(void)st;
	return t == NULL || t->cls != C_GUER;
}

/* 13.4: a retreat into a fortification may stop there, however long. */
static const char *
toto_retreat_stop(const struct move_unit *u, unsigned features)
{
	return u->fbit[F_FORT] && (features & u->fbit[F_FORT]) ? "13.4" : NULL;
}

/* types[]'s words, for completion and for situation files */
#define TOTO_TYPES "infantry garrison expeditionary rr-engineer cavalry " \
	"camel armored-car tank armored-train guerrilla lawrence wassmuss " \
	"supply persian bolshevik german-inf german-exp fortification hq"

/* The situation's markers that set request flags: out of supply (15.11)
 * and a corps, three divisional equivalents (10.2). */
static const struct move_marker toto_markers[] = {
	{ "oos", TOTO_OOS }, { "oos-1", TOTO_OOS }, { "oos-2", TOTO_OOS },
	{ "corps", TOTO_CORPS }, { NULL, 0 }
};

const struct move_rules toto_move = {
	.unit = toto_move_unit,
	.step = toto_move_step,
	.zoc = toto_move_zoc,
	.types = TOTO_TYPES,
	.retreat_fails = "13.2",
	.exerts = toto_move_exerts,
	.retreat_stop = toto_retreat_stop,
	.map_path = toto_rail_path,
	.map_reach = toto_rail_reach,
	.map_enters = toto_rail_enters,
	.map_step = toto_rail_step,
	.map_check = toto_rail_nets,
	.markers = toto_markers,
};

/*
 * What a toto situation may say: the two sides, types[], and the markers
 * the procedures read: a corps (10.2), out of supply (15.11), a supply
 * unit's printed radius (15.2) and whether it has moved or been spent
 * (15.4, 15.7); a unit's printed defense factor, which crt reads (12.2:
 * the strength is the attack factor); and whose rail net each hex is
 * part of (16.2).
 * No unit enters an enemy-occupied hex (10.4).
 */
const struct situation_rules toto_situation = {
	/* neutral: the Bolshevik Corps until a side controls it (28.4) */
	"toto", "ottoman allied neutral", TOTO_TYPES, NULL,
	"corps oos oos-1 oos-2 moved expended radius-# def-# supported "
	/* a corps' kind, its row of the Reorganization Table (8.1) */
	"ot-inf ot-exp yilderim de-inf de-exp ru-inf ru-exp ru-cav fr-exp "
	"br-inf br-exp "
	/* a unit's nation, where the rules ask it (7.4, 8.4, 28.2) */
	"ottoman german austro-hungarian british french russian persian",
	NULL, NULL, "10.4", toto_rail_members,
	"ottoman:infantry allied:infantry"
};
