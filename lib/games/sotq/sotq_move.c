/*
 * sotq_move.c: Soldiers of the Queen's movement, one step at a time.
 *
 *   allowances      6.B, by battle and unit type
 *   restrictions    6.C: the full cost is paid; stop on entering an
 *                   enemy ZOC; leaving one at the start, one hex only and
 *                   not into another (also 8.C); no enemy hex; crests
 *                   closed; the Nile closed to all but gunboats; the trail
 *                   for artillery and wagons; the Zariba's trench
 *   formations      6.D (horse mounting and dismounting: 3 MP at
 *                   Isandhlwana, 4 at Omdurman; a unit that mounts moves
 *                   no more that phase; Dervish horse and the 21st Lancers
 *                   never dismount), 6.E (limbering and unlimbering
 *                   the Isandhlwana guns: 4 MP; unlimbered guns do not move)
 *   entry           15: a unit entering the map pays its entry hex's
 *                   cost once for itself and once for each unit that came
 *                   in through that hex before it this turn
 *   forced moves    10.G withdrawal (1 hex) and rout (3) away from the
 *                   fire, 13.E a rout's run toward its goal, 12.C a mounted
 *                   unit's retreat before melee: hexes, not MP, never into
 *                   an enemy zone, no friend negating it (8.D), and where
 *                   there is no way the unit is eliminated; 12.F the
 *                   advance into the defender's hex, zones ignored, by up
 *                   to two units, never artillery, leaders or the wagon
 *   stacking        Part 9 and where a move may end (9.A, 9.B, 14):
 *                   sotq_stack.c
 *   pinned, routed  6.C, 10.G: neither moves in the Movement Phase; a
 *                   pinned unit does not withdraw, and an attacker that
 *                   cannot withdraw after melee is pinned, not eliminated
 *                   (12.F); neither attacks, so neither advances (12.A)
 *   zones           7.A, 8.A, 8.B: facing markers, mounted units' six
 *                   hexes, none from leaders, the wagon, pinned or routed
 *                   units, none across crests, nor from Zulus across the
 *                   Big Donga's elevated bank, nor across a ridge from a
 *                   unit without a Fire Strength (Zulus, no-fire)
 * The Terrain Effects on Movement Charts are missing from the text: the
 * costs are the stand-in rules/sotq/tec.json.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "games/game.h"
#include "move.h"
#include "move_map.h"
#include "sotq_move.h"
#include "situation.h"
#include "opt.h"

/* `umpire move-cost`'s options of this game's rules: each becomes a
 * member of the request's opts (move.h) */
const struct opt sotq_move_opts[] = {
	{ OPT_FIELD, 0, "battle", "name", "isandhlwana or omdurman",
	  "isandhlwana omdurman" },
	{ OPT_FIELD, 0, "formation", "name", "the formation at the "
	  "start", "mounted dismounted limbered unlimbered" },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

static const struct sotq_type types[] = {
	{ "zulu-inf", 0, C_FOOT, 5, 0, 'z', 0 },
	{ "regular-foot", 0, C_FOOT, 3, 0, 'b', 0 },
	{ "colonial-inf", 0, C_FOOT, 4, 0, 'b', 1 },
	{ "horse", 0, C_HORSE, 6, 3, 'b', 1 },
	{ "artillery", 0, C_GUN, 6, 0, 'b', 0 },
	{ "supply-wagon", 0, C_WAGON, 1, 0, 'b', 0 },
	{ "zulu-leader", 0, C_LEADER, 5, 0, 'z', 0 },
	{ "pulleine", 0, C_LEADER, 4, 0, 'b', 0 },
	{ "degacher", 0, C_LEADER, 4, 0, 'b', 0 },
	{ "durnford", 0, C_LEADER, 6, 0, 'b', 0 },
	{ "infantry", 1, C_FOOT, 5, 0, '?', 1 },
	/* 9.B: the Royal Engineers, foot (6.B: MA 5) apart in stacking */
	{ "engineer", 1, C_FOOT, 5, 0, 'b', 1 },
	{ "camel", 1, C_CAMEL, 8, 0, '?', 1 },
	{ "horse", 1, C_HORSE, 9, 5, '?', 1 },
	{ "dervish-horse", 1, C_HORSE, 9, 0, 'd', 0 },
	{ "lancers", 1, C_HORSE, 9, 0, 'b', 1 },
	{ "dervish-leader", 1, C_LEADER, 10, 0, 'd', 0 },
	{ "officer-foot", 1, C_LEADER, 6, 0, 'b', 1 },
	{ "officer-cavalry", 1, C_LEADER, 10, 0, 'b', 1 },
	{ "field-artillery", 1, C_GUN, 6, 0, '?', 1 },
	{ "horse-artillery", 1, C_GUN, 8, 0, 'b', 1 },
	{ "gunboat", 1, C_GUNBOAT, 20, 0, 'b', 0 },
};

static const char *const sides[] = { "british", "zulu", "dervish" };

static const char *const battles[] = { "isandhlwana", "omdurman" };

enum { S_TRAIL, S_DONGA, S_BANK };

const struct sotq_type *
sotq_find_type(int battle, const char *word)
{
	size_t i;

	for (i = 0; i < sizeof types / sizeof *types; i++)
		if (types[i].battle == battle &&
		    strcmp(types[i].word, word) == 0)
			return &types[i];
	return NULL;
}

static int
fail(char *why, size_t whylen, const char *fmt, const char *v)
{
	snprintf(why, whylen, fmt, v);
	return ST_USAGE;
}

/* --side, or the side the type belongs to. */
static int
set_side(struct move_unit *u, const struct sotq_type *t, const char *side,
    char *why, size_t whylen)
{
	const char *own = t->side == 'b' ? sides[0] : t->side == 'z' ?
	    sides[1] : t->side == 'd' ? sides[2] : NULL;

	if (side && strcmp(side, sides[0]) && strcmp(side, sides[1]) &&
	    strcmp(side, sides[2]))
		return fail(why, whylen, "unknown sotq side (expected british, "
		    "zulu or dervish): '%s'", side);
	if (side && own && strcmp(side, own) != 0)
		return fail(why, whylen, "that type is not on this side: '%s'",
		    side);
	if (side && strcmp(side, sides[u->data[SOTQ_BATTLE] == 0 ? 2 : 1]) == 0)
		return fail(why, whylen, "no such side in this battle: '%s'",
		    side);
	snprintf(u->side, sizeof u->side, "%s", side ? side : own ? own : "");
	return ST_OK;
}

/*
 * 5.B, 14: leaving the map of its own will, only from an exit hex (the
 * feature exit: the hex the unit stands in when it goes, the last one
 * entered).  At Omdurman the act costs 1 MP besides the exit hex's own
 * cost (5.B gives the figure: no chart is needed).  At Isandhlwana, where
 * Part 14 lets colonial units go by the western edge and gives no cost,
 * the TEC's entry "off" prices it, a stand-in.
 */
static int
leave_map(struct move_unit *u, const struct move_step *st, int spent,
    struct move_price *p)
{
	const struct move_cost *e = move_tec_find(u->tec->actions,
	    u->tec->nactions, "off");
	const char *rule = u->data[SOTQ_BATTLE] == 1 ? "5.B" : "14";
	int cost = u->data[SOTQ_BATTLE] == 1 ? u->scale : e ? e->cost : -1;
	/* named steps: a first step off leaves the hex the unit began in,
	 * which no step names */
	int unnamed = !st->on_map && st->index == 0;

	if (!u->side[0])
		return move_deny(p, "14", "say whose unit it is with --side: only "
		    "the British leave the map of their own will");
	if (!u->may_exit)
		return move_deny(p, "14", u->data[SOTQ_BATTLE] == 0 && strcmp(u->side,
		    "british") == 0 ? "at Isandhlwana only colonial units leave "
		    "the map" : "this unit never leaves the map of its own "
		    "will");
	if (!unnamed && !(st->from_features & u->fbit[F_EXIT]))
		return move_deny(p, rule, st->on_map ? "units leave the map only "
		    "from an exit hex (after the move: the hex --to names)" :
		    "units leave the map only from an exit hex: name it with "
		    "exit, as clear+exit off");
	if (cost < 0)
		return move_deny(p, "14", "the TEC gives no cost to leave the map");
	if (spent + cost > u->ma)
		return move_deny(p, rule, "not enough MP left to leave the map");
	p->cost = cost;
	p->rule = rule;
	move_what(u, p, "off the map %d%s%s", cost / u->scale, u->data[SOTQ_BATTLE] == 0 &&
	    e->stand_in ? " (stand-in)" : "", unnamed ? ", from an exit hex" :
	    "");
	p->stop = 1;
	p->stop_rule = rule;
	p->why = "the unit has left the map";
	return 0;
}

/* 6.D: Dervish horse (the type dervish-horse, or horse on the Dervish
 * side) and the 21st Lancers always stay mounted.  u's side is set. */
static int
never_dismounts(const struct move_unit *u)
{
	return u->cls == C_HORSE && (strcmp(u->type, "dervish-horse") == 0 ||
	    strcmp(u->type, "lancers") == 0 || strcmp(u->side, "dervish") == 0);
}

/* --formation: the marker on the unit at the start (Part 6 D, E). */
static int
set_formation(struct move_unit *u, const struct sotq_type *t,
    const char *f, char *why, size_t whylen)
{
	int horse = strcmp(f, "mounted") == 0 || strcmp(f, "dismounted") == 0;
	int gun = strcmp(f, "limbered") == 0 || strcmp(f, "unlimbered") == 0;

	if (!horse && !gun)
		return fail(why, whylen, "unknown formation (expected mounted, "
		    "dismounted, limbered or unlimbered): '%s'", f);
	if (horse && t->cls != C_HORSE)
		return fail(why, whylen, "only horse units are mounted or "
		    "dismounted: '%s'", t->word);
	if (gun && (t->cls != C_GUN || u->data[SOTQ_BATTLE] != 0))
		return fail(why, whylen, "only the Isandhlwana guns limber: "
		    "'%s'", t->word);
	if (horse)
		u->carry[SOTQ_MOUNTED] = strcmp(f, "mounted") == 0;
	else
		u->carry[SOTQ_LIMBERED] = strcmp(f, "limbered") == 0;
	if (horse && !u->carry[SOTQ_MOUNTED] && (!t->alt || never_dismounts(u)))
		return fail(why, whylen, "these horse never dismount (6.D): "
		    "'%s'", t->word);
	return ST_OK;
}

/* 13.E: where a routed unit runs in the Rally Phase, for the note that
 * asks for --away or --toward. */
static const char *
rout_goal(const struct move_unit *u)
{
	if (strcmp(u->side, "zulu") == 0)
		return "direction not checked: a rout goes away from the fire "
		    "(on a map --away HEX); in the Rally Phase a Zulu runs "
		    "toward its entry area (--toward HEX)";
	if (strcmp(u->side, "dervish") == 0)
		return "direction not checked: a rout goes away from the fire "
		    "(on a map --away HEX); in the Rally Phase a Dervish runs "
		    "toward the south map edge (--toward HEX)";
	if (u->data[SOTQ_BATTLE] == 0)
		return "direction not checked: a rout goes away from the fire "
		    "(on a map --away HEX); in the Rally Phase a British unit "
		    "runs toward 1934 (--toward 1934)";
	return "direction not checked: a rout goes away from the fire (on a "
	    "map --away HEX); in the Rally Phase a British unit runs toward "
	    "the Zariba, or 2501, 2601 or 2701 within 6 hexes of one "
	    "(--toward HEX)";
}

/*
 * A move the combat forces, counted in hexes: a withdrawal (1 hex, 10.G,
 * 12.F), a rout (3 hexes, 10.G; 3 more each Rally Phase, 13.E), a mounted
 * unit's retreat before melee (1 hex, 12.C), an advance after melee into
 * the defender's hex (12.F).
 */
static int
forced_move(const struct move_req *req, struct move_unit *u,
    const struct sotq_type *t, char *why, size_t whylen)
{
	char n[16];

	snprintf(n, sizeof n, "%d", req->hexes);
	if (req->mode == MOVE_ADVANCE && req->hexes > 1)
		return fail(why, whylen, "a sotq advance after melee is one hex, "
		    "into the defender's hex (12.F): '%s'", n);
	if (req->mode == MOVE_ADVANCE && (t->cls == C_LEADER ||
	    t->cls == C_WAGON))
		return fail(why, whylen, "leaders and the Supply Wagon make no "
		    "melee attack (12.A), so never advance after one: '%s'",
		    t->word);
	snprintf(n, sizeof n, "%d", req->nstack);
	if (req->mode == MOVE_ADVANCE && req->nstack > 2)
		return fail(why, whylen, "up to two attacking units advance "
		    "after melee (12.F): '%s'", n);
	if (req->mode == MOVE_RETREAT && req->hexes != 1 && req->hexes != 3)
		return fail(why, whylen, "a sotq withdrawal is 1 hex and a rout "
		    "3 (10.G, 13.E): '%s'", n);
	u->ma = req->mode == MOVE_ADVANCE ? 1 : req->hexes;
	u->ma_rule = req->mode == MOVE_ADVANCE ? "12.F" : req->hexes == 1 ?
	    "10.G" : "10.G, 13.E";
	snprintf(u->ma_why, sizeof u->ma_why, "%s: %s", t->word,
	    req->mode == MOVE_ADVANCE ? "advances 1 hex, into the hex the "
	    "defender left" : req->hexes == 1 ? "withdraws 1 hex (or a "
	    "mounted unit retreats 1 before melee, 12.C)" : "routs 3 hexes");
	/* 13.E: inside the Zariba (its trench too) the British do not rout */
	if (req->mode == MOVE_RETREAT && req->hexes == 3 && u->data[SOTQ_BATTLE] == 1 &&
	    strcmp(u->side, "british") == 0 &&
	    (req->at_features & move_fmask(u->vocab, "zariba"))) {
		u->ma = 1;
		u->ma_rule = "13.E";
		snprintf(u->ma_why, sizeof u->ma_why, "%s: inside the Zariba "
		    "it does not rout; it withdraws 1 hex and is pinned",
		    t->word);
	}
	if (req->mode == MOVE_RETREAT && !(req->flags & MOVE_AIMED)) {
		u->note_rule = req->hexes == 1 ? "10.G, 12.C" : "10.G, 13.E";
		u->note = u->ma == 1 ? "direction not checked: a "
		    "withdrawal goes away from the units that caused it (on a "
		    "map --away HEX); only 12.C's mounted retreat is free" :
		    rout_goal(u);
	}
	return ST_OK;
}

/*
 * 6.C, 10.G: a pinned or routed unit does not move in the Movement Phase,
 * and a pinned one does not withdraw; neither attacks in melee (12.A), so
 * neither withdraws as an attacker nor advances.  A pinned unit that
 * routs is pinned no more (10.G).  ST_OK, or ST_NO with why.
 */
static int
halted(const struct move_req *req, struct move_unit *u, char *why,
    size_t whylen)
{
	const char *m = req->game & SOTQ_ROUTED ? "routed" : "pinned";

	if (!(req->game & (SOTQ_PINNED | SOTQ_ROUTED)))
		return ST_OK;
	if (req->mode == MOVE_ADVANCE || (req->flags & MOVE_ATTACKER))
		snprintf(why, whylen, "pinned and routed units make no melee "
		    "attack (12.A), so neither withdraw as attackers nor "
		    "advance: '%s'", m);
	else if (req->mode == MOVE_NORMAL)
		snprintf(why, whylen, "pinned and routed units do not move in "
		    "the Movement Phase (6.C)%s: '%s'", req->game &
		    SOTQ_ROUTED ? "; a routed one runs in the Rally Phase "
		    "(--retreat 3)" : "", m);
	else if (req->hexes == 1 && !(req->game & SOTQ_ROUTED))
		snprintf(why, whylen, "a pinned unit does not withdraw (10.G): "
		    "it stays where it is: '%s'", m);
	else {
		/* the note slot may hold the direction's already; inside the
		 * Zariba the rout is a withdrawal that pins again (13.E) */
		if (!(req->game & SOTQ_ROUTED) && !u->note &&
		    u->ma == req->hexes) {
			u->note_rule = "10.G";
			u->note = "routed, it is pinned no more";
		}
		return ST_OK;
	}
	return ST_NO;
}

/* 12.F: attackers that cannot withdraw after melee are pinned instead;
 * at Isandhlwana the British make no melee attack (12.A). */
static int
attacker(const struct move_req *req, struct move_unit *u, char *why,
    size_t whylen)
{
	char n[16];

	if (!(req->flags & MOVE_ATTACKER))
		return ST_OK;
	snprintf(n, sizeof n, "%d", req->hexes);
	if (req->hexes != 1)
		return fail(why, whylen, "an attacker withdraws 1 hex after "
		    "melee (12.F): '%s'", n);
	if (u->data[SOTQ_BATTLE] == 0 && strcmp(u->side, "british") == 0)
		return fail(why, whylen, "at Isandhlwana the British never "
		    "attack in melee (12.A): '%s'", u->side);
	u->no_retreat = "it is pinned, not eliminated";
	u->no_retreat_rule = "12.F";
	return ST_OK;
}

/* A formation marker on the situation's unit (6.D, 6.E), or NULL. */
static const char *
formation_marker(const struct unit *su)
{
	static const char *const words[] = { "mounted", "dismounted",
		"limbered", "unlimbered" };
	size_t k;

	for (k = 0; k < sizeof words / sizeof *words; k++)
		if (situation_unit_has_marker(su, words[k]))
			return words[k];
	return NULL;
}

static int
sotq_move_unit(const struct ctx *c, const struct move_req *req,
    struct move_unit *u, char *why, size_t whylen)
{
	const struct sotq_type *t;
	/* a battle's map is named for it */
	const char *name = move_opt_str(req, "battle") ? move_opt_str(req,
	    "battle") : req->map ? map_name(req->map) : NULL;
	const char *formation = move_opt_str(req, "formation");
	int battle;

	(void)c;
	u->game = req->game;
	if (!formation && req->su)
		formation = formation_marker(req->su);
	if (!name)
		return fail(why, whylen, "%s", "say which battle: --battle "
		    "isandhlwana or --battle omdurman");
	for (battle = 0; battle < 2 && strcmp(battles[battle], name);
	    battle++)
		;
	if (battle == 2)
		return fail(why, whylen, "unknown sotq battle (expected "
		    "isandhlwana or omdurman): '%s'", name);
	if (!(t = sotq_find_type(battle, req->type)))
		return fail(why, whylen, "unknown unit type for this battle: "
		    "'%s'", req->type);
	u->data[SOTQ_BATTLE] = battle;
	u->cls = t->cls;
	u->scale = 2;
	if (set_side(u, t, req->side, why, whylen) != ST_OK)
		return ST_USAGE;
	/* Part 14: who may leave the map of his own will */
	u->may_exit = t->may_exit && strcmp(u->side, "british") == 0;
	/* Part 6 D: Isandhlwana horse dismounted unless marked, Omdurman
	 * horse mounted unless marked; Part 6 E: guns unlimbered */
	u->carry[SOTQ_MOUNTED] = t->cls == C_HORSE && battle == 1;
	u->carry[SOTQ_LIMBERED] = !(t->cls == C_GUN && battle == 0);
	if (formation && set_formation(u, t, formation, why, whylen) != ST_OK)
		return ST_USAGE;
	u->printed = req->ma > 0 ? req->ma : t->cls == C_HORSE &&
	    !u->carry[SOTQ_MOUNTED] && t->alt ? t->alt : t->ma;
	u->ma = u->printed * 2;
	u->ma_rule = "6.B";
	snprintf(u->ma_why, sizeof u->ma_why, "%s at %s: MA %d", t->word,
	    battles[battle], u->printed);
	if (req->mode != MOVE_NORMAL && (forced_move(req, u, t, why,
	    whylen) != ST_OK || attacker(req, u, why, whylen) != ST_OK))
		return ST_USAGE;
	if (halted(req, u, why, whylen) != ST_OK)
		return ST_NO;
	u->fbit[F_TRAIL] = move_fmask(u->vocab, "trail");
	u->fbit[F_TRENCH] = move_fmask(u->vocab, "trench");
	u->fbit[F_EXIT] = move_fmask(u->vocab, "exit");
	u->fbit[F_WEST] = move_fmask(u->vocab, "west-of-line");
	u->may_end = sotq_may_end;
	/* 9.B's exception is the Isandhlwana British's */
	u->last_resort = battle == 0 && strcmp(u->side, "british") == 0 ?
	    "9.B" : NULL;
	u->sbit[S_TRAIL] = move_smask(u->vocab, "trail");
	u->sbit[S_DONGA] = move_smask(u->vocab, "donga");
	u->sbit[S_BANK] = move_smask(u->vocab, "elevated-bank");
	return ST_OK;
}

/* Part 6 D, E: a change of formation instead of a step. */
static int
formation(struct move_unit *u, const struct move_step *st, int spent,
    struct move_price *p)
{
	const char *a = st->action;
	int mount = strcmp(a, "mount") == 0, cost;

	if (strcmp(a, "mount") == 0 || strcmp(a, "dismount") == 0) {
		if (u->cls != C_HORSE)
			return move_deny(p, "6.D", "only horse units change between "
			    "mounted and dismounted");
		if (mount == u->carry[SOTQ_MOUNTED])
			return move_deny(p, "6.D", mount ? "already mounted" :
			    "already dismounted");
		if (!mount && never_dismounts(u))
			return move_deny(p, "6.D", "Dervish horse and the 21st "
			    "Lancers never dismount");
		cost = u->data[SOTQ_BATTLE] == 0 ? 6 : 8;
		p->rule = "6.D";
	} else if (strcmp(a, "limber") == 0 || strcmp(a, "unlimber") == 0) {
		if (u->cls != C_GUN || u->data[SOTQ_BATTLE] != 0)
			return move_deny(p, "6.E", "only the Isandhlwana guns limber "
			    "and unlimber");
		if ((strcmp(a, "limber") == 0) == u->carry[SOTQ_LIMBERED])
			return move_deny(p, "6.E", u->carry[SOTQ_LIMBERED] ? "already "
			    "limbered" : "already unlimbered");
		cost = 8;
		p->rule = "6.E";
	} else
		return move_deny(p, "6", "not a change of formation");
	if (spent + cost > u->ma)
		return move_deny(p, p->rule, "not enough MP left to change "
		    "formation");
	p->cost = cost;
	move_what(u, p, "%s: %d MP", a, cost / 2);
	if (mount) {
		u->carry[SOTQ_MOUNTED] = 1;
		p->stop = 1;
		p->stop_rule = p->rule;
		p->why = "a unit that mounts moves on only next phase";
	} else if (strcmp(a, "dismount") == 0)
		u->carry[SOTQ_MOUNTED] = 0;
	else if (strcmp(a, "unlimber") == 0) {
		u->carry[SOTQ_LIMBERED] = 0;
		p->stop = 1;
		p->stop_rule = p->rule;
		p->why = "unlimbered guns do not move";
	} else
		u->carry[SOTQ_LIMBERED] = 1;
	return 0;
}

static int
add_cost(const struct move_unit *u, const struct move_cost *e, int *cost,
    struct move_price *p)
{
	return move_add_cost(u, e, u->cls == C_GUNBOAT ? "gunboat" : NULL, -1,
	    NULL, 0, cost, p);
}

/* Part 6 C: along the trail, trail hex to trail hex (artillery, wagons). */
static int
on_trail(const struct move_unit *u, const struct move_step *st)
{
	if (u->cls != C_GUN && u->cls != C_WAGON)
		return 0;
	if (!(st->side & u->sbit[S_TRAIL]))
		return 0;
	return !st->on_map || ((st->features & u->fbit[F_TRAIL]) &&
	    (st->from_features & u->fbit[F_TRAIL]));
}

static int
price(const struct move_unit *u, const struct move_step *st,
    struct move_price *p)
{
	const struct move_tec *t = u->tec;
	int cost = 0, i, trail = on_trail(u, st);
	unsigned m;

	if (u->cls == C_GUNBOAT && !(st->terrain &&
	    strcmp(st->terrain, "nile") == 0))
		return move_deny(p, "6.C", "gunboats keep to the Nile");
	if (trail)
		add_cost(u, move_tec_find(t->sides, t->nsides, "trail"),
		    &cost, p);
	else if (add_cost(u, move_tec_terrain(t, st, "clear"), &cost, p) < 0)
		return -1;
	/* the TEC's words known by their bits (move_tec_bind), not compared
	 * at every step a search prices: an entry whose word the map does
	 * not have (mask 0) is never on the step */
	for (i = 0; i < t->nfeatures && !trail; i++) {
		m = t->features[i].mask;
		/* along the trench from trench hex to trench hex: no cost */
		if (m == u->fbit[F_TRENCH] && (st->from_features & m))
			continue;
		if ((st->features & m) &&
		    add_cost(u, &t->features[i], &cost, p) < 0)
			return -1;
	}
	for (i = 0; i < t->nsides; i++) {
		m = t->sides[i].mask;
		/* the trail's own cost is taken above; the trail crosses the
		 * Big Donga without its cost */
		if (!(st->side & m) || m == u->sbit[S_TRAIL] ||
		    (trail && m == u->sbit[S_BANK]))
			continue;
		if (add_cost(u, &t->sides[i], &cost, p) < 0)
			return -1;
	}
	return cost;
}

/*
 * On a map: does a pinned or routed unit of the moving side hold the next
 * hex (6.C)?  Asked only where a friendly unit stands.
 */
static void
sotq_map_step(const struct move_map *mm, int from, int dir, int to,
    struct move_step *st)
{
	const struct unit *there[16];
	int i, n;

	(void)from;
	(void)dir;
	if (!move_map_friend_in(mm, to))
		return;
	n = situation_in_hex(mm->sit, to, there, 16);
	for (i = 0; i < n && i < 16; i++)
		if (strcmp(there[i]->side, mm->side) == 0 &&
		    (situation_unit_has_marker(there[i], "pinned") ||
		    situation_unit_has_marker(there[i], "routed")))
			st->game |= SOTQ_HALTED_AHEAD;
}

/* Pinned and routed units block friends' moves (6.C, Isandhlwana: Zulus
 * only) at all times, so retreats too. */
static int
halted_friend(const struct move_unit *u, const struct move_step *st)
{
	return (st->game & SOTQ_HALTED_AHEAD) && (u->data[SOTQ_BATTLE] == 1 ||
	    strcmp(u->side, "zulu") == 0);
}

/*
 * A withdrawal, rout or retreat: one hex a step whatever the terrain, but
 * never into an enemy zone (8.D, no friendly unit negating it there),
 * an enemy's hex, or terrain closed to the unit; away from the fire
 * (10.G) or toward the rout's goal (13.E).  An advance after melee (12.F)
 * ignores zones of control and is one hex; artillery never advances.
 */
static int
forced_step(struct move_unit *u, const struct move_step *st, int spent,
    struct move_price *p)
{
	int adv = u->mode == MOVE_ADVANCE;
	const char *rule = adv ? "12.F" : "10.G";

	if (adv && u->cls == C_GUN)
		return move_deny(p, "12.F", "artillery never advances after "
		    "combat");
	if (u->cls == C_GUNBOAT)
		return move_deny(p, rule, "gunboats neither retreat nor "
		    "advance: fire sinks them or does nothing (10.F)");
	if (st->enemy)
		return move_deny(p, rule, "an enemy combat unit holds the hex");
	if (price(u, st, p) < 0)
		return -1;
	p->what[0] = '\0';
	if (halted_friend(u, st))
		return move_deny(p, "6.C", "a pinned or routed friendly unit "
		    "holds the hex");
	if (!adv && st->enter_ezoc)
		return move_deny(p, "8.D", "never into an enemy zone of control, "
		    "friendly units there or not");
	if (!adv && st->not_away)
		return move_deny(p, "10.G, 13.E", "each hex must be farther from "
		    "the fire (--away), nearer the goal (--toward)");
	p->cost = 1;
	p->rule = rule;
	move_what(u, p, "1 hex, terrain not counted");
	if (spent + 1 > u->ma)
		return move_deny(p, rule, "no hexes left");
	return 0;
}

static int
sotq_move_step(struct move_unit *u, const struct move_step *st, int spent,
    struct move_price *p)
{
	char a[16], b[16];
	int cost;

	move_price_clear(p);
	if (st->action && strcmp(st->action, "off") == 0)
		return leave_map(u, st, spent, p);
	if (st->action && u->mode != MOVE_NORMAL)
		return move_deny(p, "7.B", "no change of formation in a retreat "
		    "or advance");
	if (st->action)
		return formation(u, st, spent, p);
	if (u->mode != MOVE_NORMAL)
		return forced_step(u, st, spent, p);
	if (halted_friend(u, st))
		return move_deny(p, "6.C", "a pinned or routed friendly unit "
		    "holds the hex");
	if (!u->carry[SOTQ_LIMBERED])
		return move_deny(p, "6.E", "unlimbered guns do not move");
	if (u->carry[SOTQ_LEFT_EZOC])
		return move_deny(p, "8.C", "a unit leaving an enemy ZOC moves one "
		    "hex only");
	if (st->enemy)
		return move_deny(p, "6.C", "an enemy combat unit holds the hex");
	if ((cost = price(u, st, p)) < 0)
		return -1;
	if (st->queue > 1) {
		move_what(u, p, ", x%d: %d before it came in here", st->queue,
		    st->queue - 1);
		cost *= st->queue;
		p->rule = "15";
	}
	p->cost = cost;
	if (u->ma >= 0 && spent + cost > u->ma) {
		return move_deny(p, "6.C", move_why(u, p, "%s MP needed, %s left",
		    move_mp_text(cost, 2, a), move_mp_text(u->ma - spent, 2,
		    b)));
	}
	if (st->leave_ezoc) {
		if (st->index > 0)
			return move_deny(p, "6.C", "a unit leaves an enemy ZOC only "
			    "at the start of its move");
		if (st->enter_ezoc)
			return move_deny(p, "8.C", "a unit leaving an enemy ZOC may "
			    "not enter another");
		u->carry[SOTQ_LEFT_EZOC] = 1;
		p->stop = 1;
		p->stop_rule = "8.C";
		p->why = "it left an enemy ZOC: one hex only";
	} else if (st->enter_ezoc) {
		p->stop = 1;
		p->stop_rule = "8.C";
		p->why = "it enters an enemy zone of control";
	}
	return 0;
}

/* Part 8 B: crests stop every zone of control. */
static int
sotq_move_zoc(const struct move_unit *u, const struct move_step *st)
{
	return !(st->side & move_smask(u->vocab, "crest"));
}

const struct sotq_type *
sotq_any_type(const char *word)
{
	const struct sotq_type *t = sotq_find_type(0, word);

	return t ? t : sotq_find_type(1, word);
}

static int
is_mounted(const struct move_unit *mover, const struct unit *u,
    const struct sotq_type *t)
{
	if (t->cls == C_CAMEL)
		return 1;
	if (t->cls != C_HORSE)
		return 0;
	/* 6.D: Isandhlwana horse dismounted unless marked, Omdurman's
	 * mounted unless marked */
	return mover->data[SOTQ_BATTLE] == 0 ? situation_unit_has_marker(u, "mounted") :
	    !situation_unit_has_marker(u, "dismounted");
}

/*
 * 8.B: whether the counter has a Fire Strength.  Part 4 gives the Zulus
 * no fire phase at all (and crt refuses Zulu fire), so no Zulu has one;
 * any other counter printed without one carries the marker no-fire.
 */
static int
has_fire(const struct unit *u)
{
	return strcmp(u->side, "zulu") != 0 && !situation_unit_has_marker(u, "no-fire");
}

/*
 * 7.A, 8.A, 8.B: who projects a zone, and where.  No zone from leaders,
 * the wagon, pinned or routed units; none across an elevated bank of the
 * Big Donga from a Zulu; none across a ridge, up or down, from a unit
 * without a Fire Strength; a mounted unit's reaches all six hexes, anyone
 * else's only the three frontal hexes, from a marker facing-n, -ne, -se,
 * -s, -sw or -nw; a unit with none is taken to face every way.
 */
static int
sotq_move_exerts(const struct move_unit *mover, const struct unit *u,
    int dir, const struct move_step *st)
{
	static const char *const face[] = { "facing-n", "facing-ne",
		"facing-se", "facing-s", "facing-sw", "facing-nw" };
	const struct sotq_type *t = sotq_any_type(u->type);
	int f;

	if (situation_unit_has_marker(u, "pinned") || situation_unit_has_marker(u, "routed"))
		return 0;
	if (t && (t->cls == C_LEADER || t->cls == C_WAGON))
		return 0;
	if (strcmp(u->side, "zulu") == 0 &&
	    (st->side & move_smask(mover->vocab, "elevated-bank")))
		return 0;
	if (!has_fire(u) && (st->side & move_smask(mover->vocab, "ridge")))
		return 0;
	if (t && is_mounted(mover, u, t))
		return 1;
	for (f = 0; f < 6; f++)
		if (situation_unit_has_marker(u, face[f]))
			return (dir - f + 7) % 6 <= 2;
	return 1;
}


static int
sotq_has_type(const char *battle, const char *type)
{
	int b;

	for (b = 0; b < 2; b++)
		if (strcmp(battle, battles[b]) == 0)
			return sotq_find_type(b, type) != NULL;
	return 1;
}

/* 13.E: a British unit routing at Omdurman stops once inside the Zariba,
 * its trench not counted, short of its 3 hexes. */
static const char *
sotq_retreat_stop(const struct move_unit *u, unsigned features)
{
	unsigned zariba = move_fmask(u->vocab, "zariba");

	return u->data[SOTQ_BATTLE] == 1 && u->hexes == 3 &&
	    strcmp(u->side, "british") == 0 && zariba && (features & zariba) &&
	    !(features & u->fbit[F_TRENCH]) ? "13.E" : NULL;
}

/* types[]'s words, for completion and for situation files */
#define SOTQ_TYPES "zulu-inf regular-foot colonial-inf horse artillery " \
	"supply-wagon zulu-leader pulleine degacher durnford infantry " \
	"engineer camel " \
	"dervish-horse lancers dervish-leader officer-foot officer-cavalry " \
	"field-artillery horse-artillery gunboat"

/* The situation's markers that set request flags: pinned and routed
 * units (10.G), and one forced west of the British Retreat Line before
 * (Part 14). */
static const struct move_marker sotq_markers[] = {
	{ "pinned", SOTQ_PINNED }, { "routed", SOTQ_ROUTED },
	{ "forced-west", SOTQ_FREED }, { NULL, 0 }
};

const struct move_rules sotq_move = {
	.unit = sotq_move_unit,
	.step = sotq_move_step,
	.zoc = sotq_move_zoc,
	.types = SOTQ_TYPES,
	.retreat_fails = "10.G, 8.D",
	.exerts = sotq_move_exerts,
	.has_type = sotq_has_type,
	.stacks = sotq_stacks,
	.retreat_off = "10.G, 14",
	.retreat_stop = sotq_retreat_stop,
	.map_step = sotq_map_step,
	.markers = sotq_markers,
};

/*
 * A situation unit's words on a battle's map (named for the battle; a
 * map of another name is not checked): the side one that fights there
 * (no Dervishes at Isandhlwana, no Zulus at Omdurman), the type one of
 * the battle's, and the type's own side if it has one.
 */
static const char *
sotq_misfit(const struct map *m, const struct unit *u, const char **field,
    char *buf, size_t len)
{
	const struct sotq_type *t;
	const char *name = map_name(m), *own;
	int b;

	for (b = 0; b < 2 && (!name || strcmp(name, battles[b]) != 0); b++)
		;
	if (b == 2)
		return NULL;
	*field = "side";
	if (strcmp(u->side, sides[b == 0 ? 2 : 1]) == 0) {
		snprintf(buf, len, "no such side at %s", battles[b]);
		return buf;
	}
	*field = "type";
	if (!(t = sotq_find_type(b, u->type))) {
		snprintf(buf, len, "no such type at %s", battles[b]);
		return buf;
	}
	*field = "side";
	own = t->side == 'b' ? sides[0] : t->side == 'z' ? sides[1] :
	    t->side == 'd' ? sides[2] : NULL;
	if (own && strcmp(own, u->side) != 0) {
		snprintf(buf, len, "%s units are %s", t->word, own);
		return buf;
	}
	return NULL;
}

/* 6.C: no unit enters a hex holding an enemy combat unit; a leader or
 * the wagon may be found with one until the turn's end (12.A). */
static int
sotq_holds(const struct unit *u)
{
	const struct sotq_type *t = sotq_any_type(u->type);

	return !t || (t->cls != C_LEADER && t->cls != C_WAGON);
}

/*
 * What a sotq situation may say: the sides, types[], and the markers the
 * procedures read: pinned and routed (10.G), forced west of the line
 * (Part 14), formations (6.D, 6.E), facing (7.A), ammunition (Part 11),
 * a destroyed wagon, and a counter printed with no Fire Strength (8.B);
 * and what crt reads off the counter, which a situation's one strength
 * (the melee points) leaves out: its fire strength and weapon letter
 * (10.A) and its morale rating (10.G).
 */
const struct situation_rules sotq_situation = {
	"sotq", "british zulu dervish", SOTQ_TYPES, NULL,
	"pinned routed forced-west mounted dismounted limbered unlimbered "
	"facing-n facing-ne facing-se facing-s facing-sw facing-nw ammo-half "
	"noammo destroyed no-fire fire-# weapon-h weapon-l weapon-k weapon-f "
	"weapon-s weapon-r weapon-g weapon-m morale-a morale-b morale-c "
	"morale-d",
	sotq_misfit, sotq_holds, "6.C", NULL,
	"british:regular-foot british:infantry zulu:zulu-inf dervish:infantry"
};
