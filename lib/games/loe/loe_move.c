/*
 * loe_move.c: Lion of Ethiopia's movement rules, one step at a time.
 *
 *   zones of control   5.2 (where they do not reach), 5.3 (stop on
 *                      entering; never from one EZOC straight into another)
 *   movement           6.1 F (no enemy hex), 6.1.1 (a stack moves at its
 *                      slowest), 6.1.2 (neutral territory, the Kenya wedge),
 *                      6.2 (the full cost must be paid; no minimum move)
 *   terrain            6.3.1-6.3.7, costs from rules/loe/tec.json; who may
 *                      enter massif, jungle and marsh (6.3.4 B, 6.3.5 B,
 *                      6.3.6 B); rivers crossed only after ending a phase
 *                      on them, unless bridged or at the ford (6.3.8,
 *                      6.3.9); lakes on two hexsides as rivers (6.3.10);
 *                      roads (6.3.11)
 *   retreat, advance   8.4 and 8.5: counted in hexes (1 to 4 back, 8.4 A),
 *                      terrain closed as in movement but open along
 *                      roads, rivers only at bridges and the ford, marsh
 *                      only by road; 8.4.1's way (no hex twice, toward
 *                      and along the nearest road) is lib/move_route.c's,
 *                      told the road hexsides here
 *   stacking           7.2 (what counts: not HQs, Selassie, engineers or
 *                      the Tesfazien Askaris), 13.1.3 (no two Ethiopian
 *                      armies in a hex; a retreat with no other end)
 *   allowance          9.4.2 and 9.4.4 (out of supply), 11.4.4 (disrupted),
 *                      13.2 E (Selassie always supplied)
 *   optional units     16.1 (Graziani's gruppos), 16.7 (mountain infantry)
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "games/game.h"
#include "games/loe/loe_move.h"
#include "games/loe/loe_sea.h"
#include "move.h"
#include "situation.h"
#include "opt.h"

/* `umpire move-cost`'s options of this game's rules: each becomes a
 * member of the request's opts (move.h) */
const struct opt loe_move_opts[] = {
	{ OPT_FIELD, 0, "oos", NULL, "the unit is out of supply", NULL },
	{ OPT_FIELD, 0, "dis", NULL, "the unit is disrupted", NULL },
	{ OPT_FIELD, 0, "supplied", NULL, "a Graziani gruppo was in "
	  "supply in the battle", NULL },
	{ OPT_FIELD, 0, "amba-road", NULL, "read 6.3.11 D as closing "
	  "amba like jungle", NULL },
	{ OPT_FIELD, 0, "non-div", NULL, "the units are not divisions and "
	  "take a third of the sea lift each (6.4 A, 7.2.1 B)", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

/* Unit classes: who may go where (6.3.4 B, 6.3.5 B, 6.3.6 B). */
enum {
	C_INF,		/* non-mech infantry, regular; Italian HQs (12.3) */
	C_IRR,		/* Ethiopian irregulars and their HQs (13.1.1 A) */
	C_MTN,		/* mountain infantry (16.7) */
	C_ENG,		/* engineers */
	C_CAV,		/* horse cavalry */
	C_SELASSIE,	/* the Selassie HQ */
	C_FOOT,		/* other non-mech units: artillery, recon */
	C_MECH,		/* mechanized units */
	C_GRAZIANI	/* Graziani's mechanized gruppos (16.1) */
};

static const struct loe_type {
	const char *word;
	int cls;
	const char *side;	/* NULL: --side says */
	int immobile;		/* 14.3.1 A: Dejamatch Gugsa never moves */
} types[] = {
	{ "italian-inf", C_INF, "italian", 0 },
	{ "blackshirt", C_INF, "italian", 0 },
	{ "askari", C_INF, "italian", 0 },
	{ "italian-hq", C_INF, "italian", 0 },
	{ "mountain-inf", C_MTN, "italian", 0 },
	{ "motorized", C_MECH, "italian", 0 },
	{ "armored-car", C_MECH, "italian", 0 },
	{ "armor", C_MECH, "italian", 0 },
	{ "mot-artillery", C_MECH, "italian", 0 },
	{ "graziani", C_GRAZIANI, "italian", 0 },
	{ "ethiopian-irr", C_IRR, "ethiopian", 0 },
	{ "ethiopian-hq", C_IRR, "ethiopian", 0 },
	{ "ethiopian-reg", C_INF, "ethiopian", 0 },
	{ "guard", C_INF, "ethiopian", 0 },
	{ "selassie", C_SELASSIE, "ethiopian", 0 },
	{ "gugsa", C_INF, "ethiopian", 1 },
	{ "infantry", C_INF, NULL, 0 },
	{ "engineer", C_ENG, NULL, 0 },
	{ "cavalry", C_CAV, NULL, 0 },
	{ "artillery", C_FOOT, NULL, 0 },
	{ "recon", C_FOOT, NULL, 0 },
};

/*
 * 7.2: what a unit counts against its side's stacking limit: Italy in
 * thirds of a division (a division 3, a smaller unit or an HQ 1, 7.2.1
 * B), Ethiopia in units.  No Ethiopian HQ counts (7.2.2 B, 13.1.1 B: an
 * army HQ has no stacking value), Selassie's among them (13.2 A: an HQ,
 * with qualities of its own), nor the Wehib Pasha engineers, nor the
 * Tesfazien Askaris, marked tesfazien (7.2.2 B), moving or standing.
 */
/*
 * loe's own request bits (move_unit.game): out of supply (9.4.2), disrupted
 * (11.4.4), a Graziani gruppo in supply in its battle (16.1.1), 6.3.11 D
 * read as closing amba like jungle, marked at sea (6.4 C), a smaller unit
 * than a division (6.4 A, 7.2.1 B), a corps or an army HQ (7.2.1 C).
 */
enum { LOE_OOS = 1, LOE_DIS = 2, LOE_SUPPLIED = 4, LOE_AMBA_ROAD = 8,
	LOE_AT_SEA = 16, LOE_NONDIV = 32, LOE_CORPS_HQ = 64,
	LOE_ARMY_HQ = 128, LOE_MOVED = 256, LOE_DIGGING = 512 };

/* The request's options that set them (move-cost's --oos, ...). */
static const struct move_marker loe_opts[] = {
	{ "oos", LOE_OOS }, { "dis", LOE_DIS }, { "supplied", LOE_SUPPLIED },
	{ "amba_road", LOE_AMBA_ROAD }, { "non_div", LOE_NONDIV },
	{ NULL, 0 }
};

/* The player's step word for a river crossing named without a map. */
static const struct move_marker loe_step_words[] = {
	{ "cross", LOE_STEP_CROSS }, { NULL, 0 }
};

int
loe_stack_weight(const char *side, const char *type, int nondiv,
    int tesfazien)
{
	/* 7.2.1 D: air units and airfields count for nothing */
	if (strcmp(type, "air") == 0 || strcmp(type, "airfield") == 0)
		return 0;
	if (strcmp(side, "italian") == 0)
		return strcmp(type, "italian-hq") == 0 || nondiv ? 1 : 3;
	if (strcmp(type, "ethiopian-hq") == 0 || strcmp(type, "selassie") == 0 ||
	    strcmp(type, "engineer") == 0 || tesfazien)
		return 0;
	return 1;
}

/* A situation unit's marker, or 0 where there is no unit (no map). */
static int
marked(const struct unit *su, const char *marker)
{
	return su != NULL && situation_unit_has_marker(su, marker);
}

/*
 * 13.1.3, 17.0 B, C: the Ethiopian army a unit belongs to, by its marker
 * army-N (N the army's number or letter, as 17.0 lists them), or NULL:
 * none given, or an Imperial Guard unit, which stacks with any army
 * (13.3.1 B).  army-hq is an Italian HQ's kind (7.2.1 C), no army.
 */
const char *
loe_army_of(const struct unit *su, const char *type)
{
	int i;

	if (su == NULL || strcmp(su->side, "ethiopian") != 0 ||
	    strcmp(type, "guard") == 0)
		return NULL;
	for (i = 0; i < su->nmarkers; i++)
		if (strncmp(su->markers[i], "army-", 5) == 0 &&
		    strcmp(su->markers[i], "army-hq") != 0)
			return su->markers[i];
	return NULL;
}

/*
 * 13.1.3 A: units of two Ethiopian armies (the independent ones too) may
 * not end in one hex; B: a retreat whose only ends are such hexes may end
 * there, the units of one army or the other being eliminated (tried as
 * the last resort, move_unit.last_resort).  The other army's marker, or
 * NULL.
 */
static const char *
mixed_army(const struct move_unit *m, const struct unit *const *th, int n)
{
	const char *mine = loe_army_of(m->su, m->type), *theirs;
	int i;

	if (mine == NULL || (m->flags & MOVE_LAST_RESORT))
		return NULL;
	for (i = 0; i < n; i++)
		if ((theirs = loe_army_of(th[i], th[i]->type)) != NULL &&
		    strcmp(theirs, mine) != 0)
			return theirs;
	return NULL;
}

/*
 * 7.1 A, 7.2: the limit holds at the end of a retreat (8.4.2 A) or
 * advance (8.5.3 B), each combat's end; a move's end it holds only as the
 * Movement Phase ends (loe_may_end); a stack passes through any hex (7.1
 * C).  there[] holds the friendly units the
 * unit would end with, the rest of its stack among them.
 */
static const char *
stack_rule(const struct move_unit *m, int italy, const char *italian)
{
	if (m->mode == MOVE_RETREAT)
		return italy ? (*italian == 'A' ? "8.4.2 A, 7.2.1 A" :
		    "8.4.2 A, 7.2.1 C") : *italian == 'M' ? "8.4.2 A, 13.1.3 A" :
		    "8.4.2 A, 7.2.2 A";
	return italy ? (*italian == 'A' ? "8.5.3 B, 7.2.1 A" :
	    "8.5.3 B, 7.2.1 C") : *italian == 'M' ? "8.5.3 B, 13.1.3 A" :
	    "8.5.3 B, 7.2.2 A";
}

/*
 * 7.2.1 C (and 12.4.2 B): besides the count, a hex holds one corps HQ and
 * one army HQ at most.  The situation says which an Italian HQ is, by the
 * marker corps-hq or army-hq; an HQ marked neither is not checked.
 */
static const char *
second_hq(const struct move_unit *m, const struct unit *const *th, int n)
{
	int corps = (m->game & LOE_CORPS_HQ) != 0,
	    army = (m->game & LOE_ARMY_HQ) != 0, i;

	for (i = 0; i < n; i++) {
		corps += situation_unit_has_marker(th[i], "corps-hq");
		army += situation_unit_has_marker(th[i], "army-hq");
	}
	return corps > 1 ? "corps" : army > 1 ? "army" : NULL;
}

static int
loe_may_end(const struct move_unit *m, const struct move_step *st,
    const struct unit *const *th, int n, struct move_price *p)
{
	int italy = strcmp(m->side, "italian") == 0, i, total;
	const char *hq, *other;

	(void)st;
	/* 7.1 A holds the limits as the Movement Phase ends, not as each
	 * move does: another unit may yet leave the hex.  game next checks
	 * them then (rules/loe/sequence.json, umpire stacking). */
	if (m->mode == MOVE_NORMAL)
		return 0;
	total = loe_stack_weight(m->side, m->type, (m->game & LOE_NONDIV) != 0,
	    marked(m->su, "tesfazien"));
	for (i = 0; i < n; i++)
		total += loe_stack_weight(th[i]->side, th[i]->type,
		    situation_unit_has_marker(th[i], "non-div"),
		    situation_unit_has_marker(th[i], "tesfazien"));
	if (total > (italy ? 9 : 4)) {
		if (italy)
			snprintf(p->whybuf, sizeof p->whybuf, "%d thirds of a "
			    "division would end here, more than 3 divisions",
			    total);
		else
			snprintf(p->whybuf, sizeof p->whybuf, "%d units would "
			    "end here, more than 4", total);
		return move_deny(p, stack_rule(m, italy, "A"), p->whybuf);
	}
	if (italy && (hq = second_hq(m, th, n)) != NULL) {
		snprintf(p->whybuf, sizeof p->whybuf, "two %s HQs would end "
		    "here, one a hex at most", hq);
		return move_deny(p, stack_rule(m, italy, "C"), p->whybuf);
	}
	if (!italy && (other = mixed_army(m, th, n)) != NULL) {
		snprintf(p->whybuf, sizeof p->whybuf, "a unit of %s stands "
		    "here: two armies do not stack", other);
		return move_deny(p, stack_rule(m, italy, "M"), p->whybuf);
	}
	return 0;
}

/* Indices into move_unit.fbit and sbit. */
enum { T_OCEAN, T_MASSIF, T_AMBA };

static const char *const fwords[] = { "jungle", "marsh", "river", "lake",
	"ford", "neutral", "fort", "port" };
static const char *const swords[] = { "road", "paved", "bridge", "river",
	"lake", "ocean", "neutral" };
static const char *const twords[] = { "ocean", "massif", "amba" };

/* 6.4 A: one division, or three non-divisional units, by sea a turn:
 * counted in thirds of a division. */
#define SEA_LIFT	3

static int
half_up(int n)
{
	return (n + 1) / 2;
}

static const struct loe_type *
find_type(const char *word)
{
	size_t i;

	for (i = 0; i < sizeof types / sizeof *types; i++)
		if (strcmp(types[i].word, word) == 0)
			return &types[i];
	return NULL;
}

/*
 * 14.3.1 A, C: Dejamatch Gugsa never moves, nor advances; forced to
 * retreat it is eliminated (D), so no move of it has a hex to go.  A unit
 * on a map with no MA in its situation has no allowance to search with:
 * an unlimited one would let it reach anywhere.
 */
/*
 * 8.3.6 B, E: a unit marked engaged, of either side, may not move in its
 * Movement Phase: its battle is undecided.  Retreats and advances are the
 * Combat Phase's and stand.  13.2 A: Selassie is immune to the engaged
 * result, so a marker on him is not heeded.
 */
static int
held_engaged(const struct move_unit *u)
{
	return u->mode == MOVE_NORMAL && u->cls != C_SELASSIE &&
	    marked(u->su, "engaged");
}

/* 7.3 E, 4.1 B: a unit's move is made whole; once it has moved this
 * movement phase (marked moved by a move applied to a saved game, taken
 * off as the phase ends) it moves no more until the next. */
static int
held_moved(const struct move_unit *u)
{
	return u->mode == MOVE_NORMAL && (u->game & LOE_MOVED);
}

/* 10.2.1 B: a unit building an entrenchment (marked digging until the
 * Movement Phase ends) stays the whole phase. */
static int
held_digging(const struct move_unit *u)
{
	return u->mode == MOVE_NORMAL && (u->game & LOE_DIGGING);
}

static int
may_move(const struct loe_type *t, const struct move_req *req,
    struct move_unit *u, int *hexes, char *why, size_t whylen)
{
	*hexes = req->hexes;
	if (held_digging(u)) {
		u->note_rule = "10.2.1 B";
		u->note = "it is building an entrenchment, which takes it the "
		    "whole Movement Phase (umpire game unmark ID digging gives "
		    "the work up)";
		return ST_OK;
	}
	if (held_moved(u)) {
		u->note_rule = "7.3 E";
		u->note = "it has moved this phase: a move is made whole, and "
		    "once another began it is over";
		return ST_OK;
	}
	/* its every step is refused (loe_move_step): it stays in its hex */
	if (held_engaged(u)) {
		u->note_rule = "8.3.6 B, E";
		u->note = "engaged: it stays in its hex this movement phase, "
		    "though it may attack, and retreat or advance after combat";
		return ST_OK;
	}
	/* its every step is refused (loe_move_step), so it goes nowhere */
	if (t->immobile) {
		u->mode = req->mode;
		u->note_rule = req->mode == MOVE_RETREAT ? "14.3.1 D" : "14.3.1 A";
		u->note = req->mode == MOVE_RETREAT ? "Dejamatch Gugsa cannot "
		    "move: forced to retreat, it is eliminated" : "Dejamatch "
		    "Gugsa is immobile: it never moves or advances";
		return ST_OK;
	}
	if (u->id && req->mode == MOVE_NORMAL && req->ma <= 0) {
		snprintf(why, whylen, "no movement allowance: give the unit's "
		    "\"ma\" in the situation, or --ma: '%s'", req->type);
		return ST_USAGE;
	}
	return ST_OK;
}

static int
loe_move_unit(const struct ctx *c, const struct move_req *req,
    struct move_unit *u, char *why, size_t whylen)
{
	const struct loe_type *t = find_type(req->type);
	size_t i;
	int ma, st, hexes;

	(void)c;
	u->game = req->game | move_opt_bits(req, loe_opts);
	/* 6.4 C: a unit marked at sea begins off the map, as --at-sea */
	if (u->game & LOE_AT_SEA)
		u->flags |= MOVE_OFF_MAP;
	if (!t) {
		snprintf(why, whylen, "unknown loe unit type (umpire words loe "
		    "types lists them): '%s'",
		    req->type);
		return ST_USAGE;
	}
	if (!t->side && !req->side) {
		snprintf(why, whylen, "say whose it is with --side italian or "
		    "--side ethiopian: '%s'", req->type);
		return ST_USAGE;
	}
	if (req->side && strcmp(req->side, "italian") != 0 &&
	    strcmp(req->side, "ethiopian") != 0) {
		snprintf(why, whylen, "unknown loe side (expected italian or "
		    "ethiopian): '%s'", req->side);
		return ST_USAGE;
	}
	if (req->side && t->side && strcmp(req->side, t->side) != 0) {
		snprintf(why, whylen, "a %s unit is %s, not '%s'", t->word,
		    t->side, req->side);
		return ST_USAGE;
	}
	snprintf(u->side, sizeof u->side, "%s", t->side ? t->side : req->side);
	if ((u->flags & MOVE_OFF_MAP) && strcmp(u->side, "italian") != 0) {
		snprintf(why, whylen, "only Italian units move by sea (6.4 A): "
		    "'%s'", req->type);
		return ST_USAGE;
	}
	if ((u->flags & MOVE_OFF_MAP) && req->mode != MOVE_NORMAL) {
		snprintf(why, whylen, "a unit at sea lands in a movement phase, "
		    "it does not retreat or advance (6.4 C, 8.1.3): '%s'",
		    req->type);
		return ST_USAGE;
	}
	/* 8.4 A: a Back result is 1 to 4 hexes; 8.5 A: an Adv result 1 to 3
	 * (a Graziani gruppo's one more, 16.1.1 A, is added below) */
	if (req->mode == MOVE_RETREAT && req->hexes > 4) {
		snprintf(why, whylen, "a loe retreat is 1 to 4 hexes (8.4 A): "
		    "'%d'", req->hexes);
		return ST_USAGE;
	}
	if (req->mode == MOVE_ADVANCE && req->hexes > 3) {
		snprintf(why, whylen, "a loe advance is 1 to 3 hexes, the Adv "
		    "result (8.5 A): '%d'", req->hexes);
		return ST_USAGE;
	}
	u->cls = t->cls;
	u->scale = 2;
	/* 6.4 A, 7.2.1 B, 12.2 A: a division fills the turn's sea lift, a
	 * smaller unit (an HQ, or one marked non-div) a third of it */
	u->share = strcmp(t->word, "italian-hq") == 0 ||
	    (u->game & LOE_NONDIV) ? 1 : SEA_LIFT;
	u->share_before = req->share_before;
	u->may_end = loe_may_end;
	u->printed = req->ma;
	ma = req->ma;
	/* 9.4.4: irregulars suffer no OOS penalty; 13.2 E: Selassie is
	 * always in supply */
	if (ma > 0 && (u->game & LOE_OOS) && t->cls != C_IRR &&
	    t->cls != C_SELASSIE) {
		ma = half_up(ma);
		u->ma_rule = "9.4.2";
		snprintf(u->ma_why, sizeof u->ma_why, "out of supply: half "
		    "of %d, rounded up: %d", req->ma, ma);
	}
	else if (ma > 0 && (u->game & LOE_OOS)) {
		u->ma_rule = t->cls == C_IRR ? "9.4.4" : "13.2 E";
		snprintf(u->ma_why, sizeof u->ma_why, "%s: out of supply, the "
		    "full MA", t->cls == C_IRR ? "irregulars move at full "
		    "strength" : "Selassie is always in supply");
	}
	if (ma > 0 && (u->game & LOE_DIS)) {
		size_t n = strlen(u->ma_why);

		u->ma_rule = !u->ma_rule ? "11.4.4" : t->cls == C_IRR ?
		    "9.4.4, 11.4.4" : t->cls == C_SELASSIE ? "13.2 E, 11.4.4" :
		    "9.4.2, 11.4.4";
		snprintf(u->ma_why + n, sizeof u->ma_why - n, "%sdisrupted: "
		    "half of %d, rounded up: %d", n ? "; " : "", ma,
		    half_up(ma));
		ma = half_up(ma);
	}
	/* 9.1 E, 16.1.2 A: where an out-of-supply unit may go; 9.4.4 spares
	 * irregulars every movement penalty, this one too */
	if ((u->game & LOE_OOS) && req->mode == MOVE_NORMAL &&
	    t->cls != C_SELASSIE && t->cls != C_IRR) {
		u->note_rule = t->cls == C_GRAZIANI ? "16.1.2 A" : "9.1 E";
		u->note = t->cls == C_GRAZIANI ? "a Graziani gruppo may move "
		    "away from supply" : "out of supply, it may move only if "
		    "it ends nearer a supply source";
	}
	if ((st = may_move(t, req, u, &hexes, why, whylen)) != ST_OK)
		return st;
	/* 13.1.3 B: a lone unit's retreat, with no end but beside another
	   army's units, ends there; a stack splits up first (8.4.2 B) */
	if (req->mode == MOVE_RETREAT && req->nstack <= 1 &&
	    loe_army_of(req->su, t->word) != NULL) {
		u->last_resort = "13.1.3 B";
		if (!u->note) {
			u->note_rule = "13.1.3 B";
			u->note = "if it can end only beside another army's "
			    "units, one army's units there are eliminated, the "
			    "Ethiopian side's choice";
		}
	}
	u->ma = req->mode != MOVE_NORMAL ? hexes : ma > 0 ? ma * 2 : -1;
	if (req->mode == MOVE_ADVANCE && t->cls == C_GRAZIANI &&
	    (u->game & LOE_SUPPLIED)) {
		u->ma++;
		u->ma_rule = "16.1.1";
		snprintf(u->ma_why, sizeof u->ma_why, "a Graziani gruppo in "
		    "supply advances one hex more: %d", u->ma);
	}
	for (i = 0; i < sizeof fwords / sizeof *fwords; i++)
		u->fbit[i] = move_fmask(u->vocab, fwords[i]);
	for (i = 0; i < sizeof swords / sizeof *swords; i++)
		u->sbit[i] = move_smask(u->vocab, swords[i]);
	for (i = 0; i < sizeof twords / sizeof *twords; i++)
		u->tbit[i] = move_tmask(u->vocab, twords[i]);
	/* 8.4.1: any way that enters no hex twice, toward and along the
	 * nearest road; a bridge is a road over a river (6.3.9 A) */
	u->retreat_road = "8.4.1";
	u->road_sides = u->sbit[S_ROAD] | u->sbit[S_PAVED] | u->sbit[S_BRIDGE];
	return ST_OK;
}

static int
is_foot_infantry(int cls)
{
	return cls == C_INF || cls == C_IRR || cls == C_MTN;
}

/* 6.3.5 B, 6.3.6 B: who may enter jungle and marsh. */
static int
may_enter_jungle(int cls)
{
	return is_foot_infantry(cls) || cls == C_SELASSIE || cls == C_ENG ||
	    cls == C_CAV;
}

/* 6.3.4 B: who may enter massif, by class and printed MA. */
static int
massif_open(int cls, int printed)
{
	return (is_foot_infantry(cls) && printed >= 8) || cls == C_ENG ||
	    cls == C_SELASSIE;
}

static int
may_enter_massif(const struct move_unit *u)
{
	return massif_open(u->cls, u->printed);
}

static int
on_road(const struct move_unit *u, const struct move_step *st)
{
	return (st->side & (u->sbit[S_ROAD] | u->sbit[S_PAVED] |
	    u->sbit[S_BRIDGE])) != 0;
}

/*
 * 6.3.8, 6.3.10 A: the step crosses a river or a lake on two hexsides.
 * Without a map the player says so; on a map the adapter (move_map.c)
 * works it out from the bank of the river hex the unit is on and the
 * hexside it leaves by.
 */
static int
crosses_river(const struct move_unit *u, const struct move_step *st)
{
	(void)u;
	return (st->game & LOE_STEP_CROSS) != 0;
}

/*
 * 6.3.9: the crossing is made without waiting, at a bridge or the ford.
 * A bridge is where a road crosses the river (A): on a map, a road of the
 * river hex joining the bank the unit is on to the one it leaves by (the
 * adapter's bridged), or a hexside the map marks bridge; named step by
 * step, a road on the crossing step, as the player says the road crosses
 * there.  The ford is the river hex with the feature ford (B).
 */
static int
bridged(const struct move_unit *u, const struct move_step *st)
{
	if (st->from_features & u->fbit[F_FORD])
		return 1;
	if (st->side & u->sbit[S_BRIDGE])
		return 1;
	return st->on_map ? (st->game & LOE_STEP_BRIDGED) != 0 :
	    on_road(u, st);
}

/* Terrain closed to this unit, whatever the road: -1 with the reason. */
static int
closed(const struct move_unit *u, const struct move_step *st, int road,
    struct move_price *p)
{
	int retreating = u->mode != MOVE_NORMAL;

	if (st->enemy)
		return move_deny(p, retreating ? "8.4 B" : "6.1 F",
		    "an enemy unit holds the hex");
	if ((st->features & u->fbit[F_NEUTRAL]) && u->cls != C_SELASSIE)
		return move_deny(p, "6.1.2 A", "neutral territory is closed");
	if (st->side & u->sbit[S_NEUTRAL])
		return move_deny(p, "6.1.2 B", "the Kenya wedge near Dolo lies "
		    "between the two hexes");
	if ((st->side & u->sbit[S_OCEAN]) ||
	    move_terrain_is(st, u->tbit[T_OCEAN], twords[T_OCEAN]))
		return move_deny(p, "6.3.7", "no ground unit enters an all-ocean "
		    "hex or crosses an all-ocean hexside");
	/* a road opens massif to a retreat or advance (8.4.2 A, 8.5.2 D:
	   any terrain otherwise closed), not to a move (6.3.11 D names
	   jungle, amba and marsh only) */
	if (move_terrain_is(st, u->tbit[T_MASSIF], twords[T_MASSIF]) &&
	    !may_enter_massif(u) && !(retreating && road))
		return move_deny(p, "6.3.4 B", is_foot_infantry(u->cls) &&
		    u->printed == 0 ? "massif is open to infantry with an MA "
		    "of 8 or more: give --ma" : "massif is closed to this "
		    "unit");
	if (road)
		return 0;
	if ((st->features & u->fbit[F_JUNGLE]) && !may_enter_jungle(u->cls))
		return move_deny(p, "6.3.5 B", "jungle is closed to this unit "
		    "except along a road");
	if ((st->features & u->fbit[F_MARSH]) && !may_enter_jungle(u->cls))
		return move_deny(p, "6.3.6 B", "marsh is closed to this unit "
		    "except along a road");
	if (retreating && (st->features & u->fbit[F_MARSH]))
		return move_deny(p, u->mode == MOVE_RETREAT ? "8.4.2 C" : "8.5.2 C",
		    "marsh is entered only along a road");
	if ((u->game & LOE_AMBA_ROAD) && move_terrain_is(st,
	    u->tbit[T_AMBA], twords[T_AMBA]) && !may_enter_jungle(u->cls))
		return move_deny(p, "6.3.11 D", "amba is closed to this unit except "
		    "along a road (--amba-road)");
	return 0;
}

static const char *
cls_name(const struct move_unit *u)
{
	return u->cls == C_MTN ? "mountain-inf" : NULL;
}

/* 6.3: the MP to enter, in halves. */
static int
price(const struct move_unit *u, const struct move_step *st, int road,
    struct move_price *p)
{
	const struct move_tec *t = u->tec;
	const struct move_cost *e;
	char mp[16];
	int cost, i;

	if (road) {
		e = move_tec_find(t->sides, t->nsides, (st->side &
		    u->sbit[S_PAVED]) ? "paved" : "road");
		if (!e)
			return move_deny(p, "6.3.11", "the TEC has no road cost");
		cost = move_cost_for(e, u->side, -1);
		p->rule = e->rule;
		move_what(u, p, "%s %s", (st->side & u->sbit[S_PAVED]) ?
		    "paved road" : "road", move_mp_text(cost, 2, mp));
		return cost;
	}
	e = move_tec_terrain(t, st, "clear");
	if (!e || (cost = move_cost_for(e, cls_name(u), -1)) < 0)
		return move_deny(p, e ? e->rule : "6.3", "no cost for this terrain");
	p->rule = move_rule_for(e, cls_name(u));
	move_what(u, p, "%s %s", e->word, move_mp_text(cost, 2, mp));
	for (i = 0; i < t->nfeatures; i++) {
		if (!(st->features & t->features[i].mask))
			continue;
		cost += t->features[i].cost;
		p->rule = t->features[i].rule;
		move_what(u, p, " + %s %s", t->features[i].word,
		    move_mp_text(t->features[i].cost, 2, mp));
	}
	return cost;
}

/* 5.3, 11.4.4: zones of control in movement. */
static int
zoc_movement(const struct move_unit *u, const struct move_step *st,
    struct move_price *p)
{
	if (!st->enter_ezoc)
		return 0;
	if (u->game & LOE_DIS)
		return move_deny(p, "11.4.4", "a disrupted unit may not enter an "
		    "EZOC");
	if (st->leave_ezoc)
		return move_deny(p, "5.3 B", "no move straight from one EZOC into "
		    "another");
	p->stop = 1;
	p->why = "it enters an enemy zone of control";
	p->stop_rule = "5.3 A";
	return 0;
}

static int
retreat_step(const struct move_unit *u, const struct move_step *st,
    int spent, struct move_price *p)
{
	int advance = u->mode == MOVE_ADVANCE;
	/* 16.1.1 A, B: a gruppo in supply ignores EZOC advancing, and
	   retreating as the defender only */
	int graziani = u->cls == C_GRAZIANI && (u->game & LOE_SUPPLIED) &&
	    (advance || !(u->flags & MOVE_ATTACKER));

	if (closed(u, st, on_road(u, st), p) < 0)
		return -1;
	if (crosses_river(u, st) && !bridged(u, st))
		return move_deny(p, advance ? "8.5.2 B" : "8.4.2 B", "a river is "
		    "crossed only at a bridge or the ford");
	p->cost = 1;
	p->rule = advance ? "8.5.2 A" : "8.4.2 A";
	move_what(u, p, "1 hex, terrain not counted");
	if (spent + 1 > u->ma)
		return move_deny(p, p->rule, "no hexes left");
	if (st->enter_ezoc && !graziani) {
		if (!advance)
			return move_deny(p, "8.4 B", "a retreat may not enter an "
			    "unnegated EZOC");
		p->stop = 1;
		p->stop_rule = "8.5 B";
		p->why = "it enters an unnegated EZOC";
	} else if (st->enter_ezoc) {
		p->rule = "16.1.1";
		p->what[0] = '\0';
		move_what(u, p, "1 hex, the EZOC ignored by a Graziani gruppo "
		    "in supply");
	}
	return 0;
}

/*
 * 6.4 C: a unit that began the phase in a port may put to sea, which ends
 * its move: it waits in the Units At Sea box for the next Italian
 * movement phase.  Which port it is in is the player's word here; on a
 * map the adapter offers the act only in a port hex.
 */
static int
embark(const struct move_unit *u, const struct move_step *st, int spent,
    struct move_price *p)
{
	if (strcmp(u->side, "italian") != 0)
		return move_deny(p, "6.4 A", "only Italian units move by sea");
	if (u->mode != MOVE_NORMAL)
		return move_deny(p, "8.1.3", "no sea movement in a retreat or an "
		    "advance");
	if (st->index > 0 || spent > 0 || (u->flags & MOVE_OFF_MAP))
		return move_deny(p, "6.4 C", "a unit puts to sea only from the "
		    "port it began the movement phase in");
	if (u->share_before + u->share > SEA_LIFT)
		return move_deny(p, "6.4 A", move_why(u, p, "sea lift used: %d "
		    "of 3 thirds; %s takes %d", u->share_before, u->share ==
		    SEA_LIFT ? "a division" : "a smaller unit", u->share));
	p->rule = "6.4 C";
	p->stop = 1;
	p->stop_rule = "6.4 C";
	p->why = "it puts to sea and lands at an Italian port next turn";
	move_what(u, p, "embark: into the Units At Sea box (6.4 A: %s of "
	    "the turn's sea lift)", u->share == SEA_LIFT ? "all" :
	    "a third");
	return 0;
}

/* 6.4 B, D: the landing of a unit at sea, 1 MP, at an Italian port. */
static int
land(const struct move_unit *u, const struct move_step *st, int spent,
    struct move_price *p)
{
	char a[16];

	if (!(st->features & u->fbit[F_PORT]) ||
	    (st->features & u->fbit[F_NEUTRAL]))
		return move_deny(p, "6.4 B", "a unit at sea lands only at an "
		    "Italian port (Massawa, Assab, Mogadishu)");
	if (st->enemy)
		return move_deny(p, "6.4 D", "the port must be Italian when the "
		    "unit lands: an enemy unit holds it");
	p->cost = 2;
	p->rule = "6.4 D";
	if (u->ma >= 0 && spent + 2 > u->ma)
		return move_deny(p, "6.4 D", move_why(u, p, "landing costs 1 MP, "
		    "%s left", move_mp_text(u->ma - spent, 2, a)));
	move_what(u, p, "land from the sea: 1 MP");
	return zoc_movement(u, st, p);
}

static int
loe_move_step(struct move_unit *u, const struct move_step *st, int spent,
    struct move_price *p)
{
	int road = on_road(u, st), cost;
	char a[16], b[16];

	move_price_clear(p);
	/* 14.3.1 D: a retreat is the one move asked of Gugsa, and it has
	 * none: forced to retreat, it is eliminated */
	if (strcmp(u->type, "gugsa") == 0)
		return move_deny(p, u->mode == MOVE_RETREAT ? "14.3.1 D" :
		    "14.3.1 A", "Dejamatch Gugsa cannot move");
	if (held_engaged(u))
		return move_deny(p, "8.3.6 B, E", "an engaged unit may not move "
		    "in the movement phase");
	if (held_moved(u))
		return move_deny(p, "7.3 E", "it has moved this phase already");
	if (held_digging(u))
		return move_deny(p, "10.2.1 B", "it is building an entrenchment "
		    "this Movement Phase");
	if (st->action && strcmp(st->action, "embark") == 0)
		return embark(u, st, spent, p);
	if (st->action)
		return move_deny(p, "6.1", "loe units have no formation to change");
	if ((u->flags & MOVE_OFF_MAP) && !st->landing && st->index == 0)
		return move_deny(p, "6.4 C", "a unit at sea lands at a port "
		    "first");
	if (st->landing)
		return land(u, st, spent, p);
	if (u->mode != MOVE_NORMAL)
		return retreat_step(u, st, spent, p);
	if (closed(u, st, road, p) < 0)
		return -1;
	if (crosses_river(u, st) && !bridged(u, st) && !st->first)
		return move_deny(p, "6.3.8 A", "a river is crossed only in the next "
		    "movement phase, from the river hex");
	if ((cost = price(u, st, road, p)) < 0)
		return -1;
	p->cost = cost;
	if (u->ma >= 0 && spent + cost > u->ma) {
		return move_deny(p, "6.2 B", move_why(u, p, "%s MP needed, %s left",
		    move_mp_text(cost, 2, a), move_mp_text(u->ma - spent, 2,
		    b)));
	}
	if (zoc_movement(u, st, p) < 0)
		return -1;
	if (!p->stop && (st->features & u->fbit[F_NEUTRAL])) {
		p->stop = 1;
		p->stop_rule = "13.2 F";
		p->why = "Selassie enters neutral territory and leaves play";
	}
	return 0;
}

/*
 * 5.2 A, 10.1.1, 10.2.2: where a zone of control does not reach.  No zone
 * goes into neutral ground, nor out of it (Selassie, the one unit that
 * may stand there, leaves play on entering, 13.2 F), nor across a
 * hexside of neutral ground: the Kenya wedge near Dolo lies between 1811
 * and 1910/1911 (6.1.2 B), so a unit on one side puts no zone on the
 * other.
 */
static int
loe_move_zoc(const struct move_unit *u, const struct move_step *st)
{
	if ((st->features | st->from_features) & u->fbit[F_NEUTRAL])
		return 0;
	if (st->side & (u->sbit[S_OCEAN] | u->sbit[S_NEUTRAL]))
		return 0;
	if ((st->features | st->from_features) & u->fbit[F_FORT])
		return 0;
	if (st->entrenched)
		return 0;
	return 1;
}

/*
 * 8.1.1's designer's note: a zone of control reaches into a massif only
 * from a unit that could move into it (6.3.4 B), by the MA the situation
 * gives it (none given: taken as too slow, as --ma is asked of a mover).
 */
static int
loe_move_exerts(const struct move_unit *mover, const struct unit *u,
    int dir, const struct move_step *st)
{
	const struct loe_type *t = find_type(u->type);

	(void)dir;
	return t == NULL || !move_terrain_is(st, mover->tbit[T_MASSIF],
	    twords[T_MASSIF]) || massif_open(t->cls, u->ma);
}

/* types[]'s words, for completion and for situation files */
#define LOE_TYPES "italian-inf blackshirt askari italian-hq mountain-inf " \
	"motorized armored-car armor mot-artillery graziani ethiopian-irr " \
	"ethiopian-hq ethiopian-reg guard selassie gugsa infantry engineer " \
	"cavalry artillery recon"

/* The situation's markers that set request flags: out of supply (9.4.2)
 * and disrupted (11.4.4) halve the allowance; at sea, in the Units At Sea
 * box, listed at its port (6.4 C); a smaller unit takes a third of the
 * sea lift (6.4 A, 7.2.1 B); one corps HQ and one army HQ a hex (7.2.1
 * C); moved this movement phase already (7.3 E). */
static const struct move_marker loe_markers[] = {
	{ "oos", LOE_OOS }, { "oos-1", LOE_OOS }, { "oos-2", LOE_OOS },
	{ "dis", LOE_DIS }, { "at-sea", LOE_AT_SEA },
	{ "non-div", LOE_NONDIV }, { "corps-hq", LOE_CORPS_HQ },
	{ "army-hq", LOE_ARMY_HQ }, { "moved", LOE_MOVED },
	{ "digging", LOE_DIGGING }, { NULL, 0 }
};

const struct move_rules loe_move = {
	.unit = loe_move_unit,
	.step = loe_move_step,
	.zoc = loe_move_zoc,
	.types = LOE_TYPES,
	.zoc_negated_in_retreat = 1,
	.retreat_fails = "8.4.3",
	.exerts = loe_move_exerts,
	.map_path = loe_sea_path,
	.map_reach = loe_sea_reach,
	.map_enters = loe_sea_enters,
	.map_other_way = loe_sea_other_way,
	.map_along_starts = loe_sea_along_starts,
	.map_step = loe_river_step,
	.map_entry = loe_river_entry,
	.map_reading = loe_river_reading,
	.markers = loe_markers,
	.step_words = loe_step_words,
	/* 6.4 C: a unit at sea is in the Units At Sea box, not its port */
	.off_map = "at-sea",
	.moved = "moved",
	.moved_rule = "7.3 E",
	.applied = loe_move_applied,
};

/* A situation unit's type of the other side (types[]); air units are
 * Italian only (11.1 A). */
static const char *
loe_misfit(const struct map *m, const struct unit *u, const char **field,
    char *buf, size_t len)
{
	const struct loe_type *t = find_type(u->type);

	(void)m;
	*field = "side";
	if (t && t->side && strcmp(t->side, u->side) != 0) {
		snprintf(buf, len, "%s units are %s", t->word, t->side);
		return buf;
	}
	if (strcmp(u->type, "air") == 0 && strcmp(u->side, "italian") != 0)
		return "air units are Italian only (11.1 A)";
	return NULL;
}

/* 6.1 F: no unit enters an enemy-occupied hex.  Air units and airfields
 * are no ground units holding a hex (11.1 B), and a unit at sea is in the
 * Units At Sea box, not in the port it is listed at (6.4 C). */
int
loe_holds(const struct unit *u)
{
	return strcmp(u->type, "air") != 0 && strcmp(u->type, "airfield") !=
	    0 && !situation_unit_has_marker(u, "at-sea");
}

/*
 * What a loe situation may say: the sides, types[], air units and
 * airfields (11.0, which `umpire airstrike` reads), and the markers the
 * procedures read: supply (9.4.1), disrupted (11.4.4), at sea (6.4 C),
 * stacking (7.2.1 B, 7.2.1 C, 7.2.2 B), entrenched (10.2.2 A), engaged
 * (8.3.6 B), fought and moved (umpire's own: in a battle this combat
 * phase, 8.1.1 C; moved this movement phase, 7.3 E) and the Ethiopian
 * army a unit belongs to (army-N, 13.1.2).
 */
const struct situation_rules loe_situation = {
	"loe", "italian ethiopian", LOE_TYPES, "air airfield",
	"oos oos-1 oos-2 dis at-sea non-div corps-hq army-hq tesfazien "
	"entrenched digging engaged fought moved army-*",
	loe_misfit, loe_holds, "6.1 F", NULL,
	"italian:italian-inf ethiopian:ethiopian-irr"
};
