/*
 * loe.c: Lion of Ethiopia, the Italo-Ethiopian war of 1935-36: the game's
 * entry, and its combat procedure for `umpire crt`.  The request is read
 * in loe_request.c, the results applied and the die rolled or weighed in
 * loe_result.c; this file holds the strengths, the odds and the shifts,
 * and puts the procedure together.
 *
 * The combat procedure of `umpire crt`, rule by rule:
 *   strengths  9.4.3 C (out of supply at half, rounded up, unit by unit),
 *              9.4.4 (irregulars never halved), 13.2 E (Selassie always in
 *              supply), 11.4.4 (disrupted units at half in the Italian
 *              player-turn), 11.4.2 A (air CF added), 12.4 and 12.5
 *              (Italian HQ support), 6.3.4 B (who may attack a massif);
 *   odds       8.2.1 A (defender's rounding);
 *   shifts     8.6 C and 8.6.2-8.6.6 (terrain, the defender's choice of
 *              hex), 10.2 (no entrenchment in marsh), 10.2.2 A, 11.4.2 C,
 *              11.4.5 B, 13.2 B, 13.2.2 A, 13.1.4 (the cooperation roll),
 *              then 8.2.1 B and C with D, both limits on the odds after
 *              every shift: above 8:1 read as 8:1, below 1:6 the
 *              attacker dies without a roll;
 *   results    8.3 B, 8.3.1-8.3.6, 10.1.2 (Eng in a fort), 13.2 A.
 * The CRT is data (rules/loe/crt.json, a stand-in until the player
 * imports the printed chart); so is the army cooperation table.
 */
#include <stdio.h>
#include <string.h>

#include "crt.h"
#include "err.h"
#include "games/game.h"
#include "loe_air.h"
#include "loe_airstrike.h"
#include "loe_impl.h"
#include "odds.h"
#include "opt.h"
#include "position.h"

static const char *const side_name[] = { "nobody", "italian", "ethiopian" };

/* 6.3.4 B: only these may attack into a massif. */
static int
check_massif(struct out_result *o, const struct loe_battle *b)
{
	char text[64];
	int i, massif = 0;

	for (i = 0; i < b->nhex; i++)
		massif |= strcmp(b->hexes[i].type, "massif") == 0;
	if (!massif)
		return ST_OK;
	for (i = 0; i < b->att.n; i++) {
		const struct crt_unit *u = &b->att.u[i];
		int infantry = !crt_has_tag(u, "mech") && !crt_has_tag(u, "cav") &&
		    !crt_has_tag(u, "art");

		if (crt_has_tag(u, "selassie") || crt_has_tag(u, "eng") ||
		    (infantry && crt_tag_number(u, "ma") >= 8))
			continue;
		crt_unit_format(u, text, sizeof text);
		return out_fail(o, ST_USAGE, "'%s' may not attack into a massif "
		    "(6.3.4 B: only engineers, Selassie and non-mech infantry whose "
		    "MA is 8 or more; tag such a unit eng, selassie or ma8)", text);
	}
	out_step(o, "6.3.4 B", "every attacker may attack into the massif");
	return ST_OK;
}

/* One unit's combat strength (9.4.3 C, 9.4.4, 13.2 E, 11.4.4). */
static int
unit_strength(struct out_result *o, const struct crt_unit *u, const char *who)
{
	char text[64];
	int cf = u->cf;

	if (u->ntags == 0)
		return cf;
	crt_unit_format(u, text, sizeof text);
	if (crt_has_tag(u, "oos")) {
		if (crt_has_tag(u, "selassie"))
			out_step(o, "13.2 E", "%s %s: Selassie is always in supply, %d",
			    who, text, cf);
		else if (crt_has_tag(u, "irr"))
			out_step(o, "9.4.4", "%s %s: irregulars fight at full CF out of "
			    "supply, %d", who, text, cf);
		else {
			out_step(o, "9.4.3 C", "%s %s: out of supply, half of %d "
			    "rounded up is %d", who, text, cf, crt_half_up(cf));
			cf = crt_half_up(cf);
		}
	}
	if (crt_has_tag(u, "dis")) {
		out_step(o, "11.4.4", "%s %s: disrupted, half of %d rounded up is %d",
		    who, text, cf, crt_half_up(cf));
		cf = crt_half_up(cf);
	}
	return cf;
}

static int
side_strength(struct out_result *o, const struct crt_units *us, const char *who)
{
	int i, total = 0;

	for (i = 0; i < us->n; i++)
		total += unit_strength(o, &us->u[i], who);
	return total;
}

static int
italian_hq_involved(const struct loe_battle *b)
{
	const struct crt_units *it = b->attacker == ITALIAN ? &b->att : &b->def;
	int i;

	for (i = 0; i < it->n; i++)
		if (crt_has_tag(&it->u[i], "hq"))
			return 1;
	return 0;
}

/* 12.4, 12.5: the support value the Italian side adds. */
static int
hq_support(struct out_result *o, const struct loe_battle *b)
{
	int i, total = 0;

	if (b->nhq && italian_hq_involved(b)) {
		out_step(o, "12.4 F", "no HQ support: an HQ is itself in the battle");
		return 0;
	}
	for (i = 0; i < b->nhq; i++) {
		const struct loe_hq *h = &b->hq[i];
		const char *kind = strcmp(h->kind, "askaro") == 0 ? "Askaro" :
		    h->kind;

		if (h->oos)
			out_step(o, "12.4 G", "%s HQ %d: out of supply, no support",
			    kind, h->cf);
		else if (h->ezoc)
			out_step(o, "12.4 A", "%s HQ %d: in an EZOC, no support",
			    kind, h->cf);
		else if (strcmp(h->kind, "askaro") == 0 && !b->colonial)
			out_step(o, "12.5", "Askaro HQ %d: no support without a "
			    "division of colonial troops (--colonial)", h->cf);
		else {
			out_step(o, "12.4 B", "%s HQ %d supports with %d (CF + 1)",
			    kind, h->cf, h->cf + 1);
			total += h->cf + 1;
		}
	}
	return total;
}

int
loe_has_selassie(const struct loe_battle *b)
{
	int i;

	for (i = 0; i < b->att.n; i++)
		if (crt_has_tag(&b->att.u[i], "selassie"))
			return 1;
	for (i = 0; i < b->def.n; i++)
		if (crt_has_tag(&b->def.u[i], "selassie"))
			return 1;
	return 0;
}

/* 8.6.6: Italians defending in jungle fight as in open terrain. */
static int
open_terrain(const struct loe_hex *h, enum loe_side defender)
{
	return h->jungle && defender == ITALIAN;
}

/*
 * What a hex is worth to its defenders, in columns (8.6.2-8.6.6, 10.2.2
 * A): the river's 1L (8.6.5) is a terrain effect, and so is the hex's own
 * entrenchment (10.2.2 A adds it to the hex's "other" terrain benefits),
 * so a hex fought as open terrain loses both.  The entrenchment is the
 * hex's: it adds to that hex's terrain, not to another hex's.
 */
static int
hex_value(const struct loe_hex *h, enum loe_side defender, int river)
{
	if (open_terrain(h, defender))
		return h->town ? 0 : 1;
	return h->shift - (h->jungle && defender == ETHIOPIAN) - (river != 0) -
	    h->entrenched;
}

/* The hex the defenders pick (8.6 C). */
static const struct loe_hex *
chosen_hex(const struct loe_battle *b)
{
	enum loe_side defender = other(b->attacker);
	const struct loe_hex *h = &b->hexes[0];
	int i;

	for (i = 1; i < b->nhex; i++)
		if (hex_value(&b->hexes[i], defender, b->river) <
		    hex_value(h, defender, b->river))
			h = &b->hexes[i];
	return h;
}

static void
terrain_shifts(struct out_result *o, const struct loe_battle *b,
    const struct table *t, cJSON *shifts, long *vcol)
{
	enum loe_side defender = other(b->attacker);
	const struct loe_hex *h = chosen_hex(b);
	char why[64], list[256] = "";
	int i;

	if (b->nhex > 1) {
		for (i = 0; i < b->nhex; i++) {
			strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
			strncat(list, b->hexes[i].text, sizeof list - strlen(list) - 1);
		}
		out_step(o, "8.6 C", "defenders in %s: they pick %s", list, h->text);
	}
	if (h->jungle && defender == ITALIAN) {
		if (h->shift)
			out_step(o, "8.6.6", "Italians in jungle lose the %s: as clear",
			    h->type);
		if (h->town)
			out_step(o, "8.6.6", "Italians in jungle with a town: as clear, "
			    "no shift");
		else
			crt_shift(o, t, shifts, vcol, 1, "Italians in jungle", "8.6.6");
		if (b->river)
			out_step(o, "8.6.6", "open terrain: the river's 1L (8.6.5) is "
			    "lost with the rest of the terrain");
		if (h->entrenched)
			out_step(o, "8.6.6, 10.2.2 A", "open terrain: the "
			    "entrenchment's 1L, a terrain benefit of the hex, is lost "
			    "too");
		return;
	}
	snprintf(why, sizeof why, "defender in %s", h->type);
	crt_shift(o, t, shifts, vcol, h->shift, why, h->rule);
	if (h->jungle && defender == ETHIOPIAN)
		crt_shift(o, t, shifts, vcol, -1, "Ethiopians in jungle", "8.6.6");
	if (h->entrenched)
		crt_shift(o, t, shifts, vcol, -1, b->nhex > 1 ? "entrenched in that "
		    "hex" : "defenders entrenched", "10.2.2 A");
}

/* Every shift except the cooperation roll's, in rule order. */
static void
shifts_before_roll(struct out_result *o, const struct loe_battle *b,
    const struct table *t, cJSON *shifts, long *vcol)
{
	char why[64];
	const char *rule;

	terrain_shifts(o, b, t, shifts, vcol);
	if (b->river && !open_terrain(chosen_hex(b), other(b->attacker)))
		crt_shift(o, t, shifts, vcol, -1, "attackers on river hexes",
		    "8.6.5");
	if (b->from_jungle)
		crt_shift(o, t, shifts, vcol, -1, "Italians attack from jungle",
		    "8.6.6");
	if (b->air.n) {
		int by = loe_air_support_shift(b->air.n, b->gas, &rule);

		if (b->gas)
			snprintf(why, sizeof why, "air support, gas (%d unit%s)",
			    b->air.n, b->air.n == 1 ? "" : "s");
		crt_shift(o, t, shifts, vcol, by, b->gas ? why : "air support",
		    rule);
	}
	if (loe_has_selassie(b))
		crt_shift(o, t, shifts, vcol, b->attacker == ITALIAN ? -1 : 1,
		    "Selassie in the battle", "13.2 B");
	if (b->first_attack)
		crt_shift(o, t, shifts, vcol, 1, "Imperial Army first attack",
		    "13.2.2 A");
}

/* "10 (ground 8, air 2)": a side's strength and where it comes from. */
static void
strength_text(char *buf, size_t len, int total, int ground, int air, int hq,
    char *rule, size_t rlen)
{
	if (!air && !hq) {
		snprintf(buf, len, "%d", total);
		return;
	}
	snprintf(buf, len, "%d (ground %d%s", total, ground, air || hq ? "" : "");
	if (air) {
		snprintf(buf + strlen(buf), len - strlen(buf), ", air %d", air);
		crt_rule_add(rule, rlen, "11.4.2 A");
	}
	if (hq) {
		snprintf(buf + strlen(buf), len - strlen(buf), ", HQ %d", hq);
		crt_rule_add(rule, rlen, "12.4 D");
	}
	snprintf(buf + strlen(buf), len - strlen(buf), ")");
}

static void
strength_line(struct out_result *o, int att, int ground_att, int air,
    int def, int ground_def, int hq, enum loe_side attacker)
{
	char a[64], d[64], rule[32] = "";

	strength_text(a, sizeof a, att, ground_att, air, attacker == ITALIAN ?
	    hq : 0, rule, sizeof rule);
	strength_text(d, sizeof d, def, ground_def, 0, attacker == ETHIOPIAN ?
	    hq : 0, rule, sizeof rule);
	/* a step's rule is a constant (crt.h) */
	out_step(o, air && hq && attacker == ITALIAN ? "11.4.2 A, 12.4 D" :
	    air ? "11.4.2 A" : hq ? "12.4 D" : NULL, "attack %s  vs  defense %s",
	    a, d);
}

/* Where odds below the first column (1:6) stand: 1:7 is one column left. */
static long
left_of_table(const struct table *t, struct ratio r)
{
	struct ratio first;

	if (r.att == 0 || odds_ratio_parse(t->cols[0].id, &first) < 0 ||
	    first.att != 1 || r.def - first.def >= LOE_FAR_LEFT)
		return -LOE_FAR_LEFT;
	return -(r.def - first.def);
}

/*
 * Where odds above the last column (8:1) stand: 9:1 is one column right.
 * 8.2.1 B, like C, limits the odds once every shift is in (8.2.1 D), so
 * odds past either edge keep their distance from it until then.
 */
static long
right_of_table(const struct table *t, struct ratio r, long col)
{
	struct ratio last;

	if (odds_ratio_parse(t->cols[t->ncols - 1].id, &last) < 0 ||
	    last.def != 1 || r.def != 1 || r.att <= last.att)
		return col;
	if (r.att - last.att >= LOE_FAR_LEFT)
		return col + LOE_FAR_LEFT;
	return col + (r.att - last.att);
}

static int
battle(struct ctx *c, const cJSON *req, struct out_result *o,
    const struct crt_position *pos)
{
	struct loe_battle b;
	const struct table *t;
	struct ratio r;
	char odds[32], ratio[48];
	cJSON *shifts;
	int st, ground_att, ground_def, air = 0, hq, att, def, edge, col, i;
	long vcol;

	if ((st = loe_read_battle(o, req, &b)) != ST_OK ||
	    (st = loe_air_on_map(c, o, req, &b)) != ST_OK)
		return st;
	if ((st = crt_table(c, "loe", "crt", &t)) != ST_OK)
		return st;
	b.pos = pos;
	if (pos)
		;	/* titled before the position was read */
	else if (b.attacker != NOBODY)
		out_title(o, "Lion of Ethiopia: combat, %s attack%s", b.attacker ==
		    ITALIAN ? "Italian" : "Ethiopian", b.odds ? ", every roll" : "");
	else
		out_title(o, "Lion of Ethiopia: combat%s", b.odds ?
		    ", every roll" : "");
	if ((st = check_massif(o, &b)) != ST_OK)
		return st;
	ground_att = side_strength(o, &b.att, "attacker");
	ground_def = side_strength(o, &b.def, "defender");
	for (i = 0; i < b.air.n; i++)
		air += b.air.u[i].cf;
	hq = hq_support(o, &b);
	att = ground_att + air + (b.attacker == ITALIAN ? hq : 0);
	def = ground_def + (b.attacker == ETHIOPIAN ? hq : 0);
	strength_line(o, att, ground_att, air, def, ground_def, hq, b.attacker);
	loe_air_range_steps(o, &b);
	json_set_str(o->json, "attacker", b.attacker == NOBODY ? NULL :
	    side_name[b.attacker]);
	json_set_str(o->json, "table", "crt");
	json_set_int(o->json, "attack", att);
	json_set_int(o->json, "defense", def);
	r = odds_ratio_defender(att, def);
	odds_ratio_format(r, odds);
	snprintf(ratio, sizeof ratio, "%d:%d", att, def);
	json_set_str(o->json, "ratio", ratio);
	if ((col = odds_column_ratio(t, r, &edge)) < 0)
		return out_fail(o, ST_DATA, "%s: the columns are not odds like 3:1",
		    t->path);
	out_step(o, "8.2.1 A", "odds %s -> %s, rounded in the defender's favour",
	    ratio, odds);
	vcol = edge < 0 ? left_of_table(t, r) : edge > 0 ?
	    right_of_table(t, r, col) : col;
	if (edge > 0)
		out_step(o, "8.2.1 B", "odds above %s are treated as %s once "
		    "every shift is counted (8.2.1 D): %s stands %ld column%s "
		    "right of it", t->cols[col].id, t->cols[col].id, odds,
		    vcol - col, vcol - col == 1 ? "" : "s");
	json_set_str(o->json, "odds", edge < 0 ? odds : t->cols[col].id);
	shifts = json_array();
	json_set(o->json, "shifts", shifts);
	shifts_before_roll(o, &b, t, shifts, &vcol);
	if (b.odds)
		return loe_resolve_odds(o, c, &b, t, shifts, vcol);
	return loe_resolve_roll(o, c, &b, t, shifts, vcol);
}

/*
 * The battle, its units named by id on a position (loe_units.c) or its
 * strengths given by hand.  A request without units may still name a map,
 * for the air units' flights (11.3).
 */
static int
loe_crt(struct ctx *c, const cJSON *req, struct out_result *o)
{
	static const struct crt_by_units by_units = { loe_units_check,
	    loe_units_fill, battle, NULL };

	if (cJSON_GetObjectItemCaseSensitive(req, "att_units"))
		out_title(o, "Lion of Ethiopia: combat on the position%s",
		    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(req, "odds")) ?
		    ", every roll" : "");
	return crt_position_battle(c, req, o, &by_units);
}

/* parse_hex: the four types (8.6.1-8.6.4) and what a hex may add */
static const char *const crt_terrains[] = { "clear", "mountain", "amba",
	"massif", "jungle", "town", "marsh", "entrenched", NULL };
/* the tags loe_read_battle knows on either side's strengths */
static const char *const crt_tags[] = { "oos", "irr", "dis", "selassie",
	"hq", "eng", "mech", "cav", "art", "ma8", NULL };
static const char *const crt_tables[] = { "crt", NULL };
static const struct game_words crt_words[] = {
	{ "terrain", crt_terrains }, { "table", crt_tables },
	{ "attack", crt_tags },
	{ "defense", crt_tags }, { NULL, NULL }
};

/* crt's options of this game's rules (each sets its request field) */
static const struct opt crt_opts[] = {
	{ OPT_FIELD, 0, "entrenched", NULL, "the defenders are entrenched "
	  "(10.2.2 A)", NULL },
	{ OPT_FIELD, 0, "river", NULL, "every attacker is on a river hex, the "
	  "defender not (8.6.5)", NULL },
	{ OPT_FIELD, 0, "from-jungle", NULL, "Italians attack out of a jungle "
	  "hex (8.6.6)", NULL },
	{ OPT_FIELD, 0, "fort", NULL, "Italians in a permanent fort are in the "
	  "battle (10.1 B)", NULL },
	{ OPT_FIELD, 0, "air", "list", "each air unit's CF (11.4.2)", NULL },
	{ OPT_FIELD, 0, "at", "hex", "with --map, the battle hex: the air units "
	  "tagged fromHEX fly to it", NULL },
	{ OPT_FIELD, 0, "gas", NULL, "poison gas is in use (11.4.5)",
	  NULL },
	{ OPT_FIELD, 0, "hq", "list", "HQs that support: corps:3, army:4, "
	  "askaro:2 (12.4 D)", "corps: army: askaro:" },
	{ OPT_FIELD, 0, "colonial", NULL, "a division of colonial troops takes "
	  "part (12.5)", NULL },
	{ OPT_FIELD, 0, "first-attack", NULL, "the Imperial Army's first attack "
	  "(13.2.2)", NULL },
	{ OPT_FIELD, 0, "armies", "n", "Ethiopian armies attacking together "
	  "(13.1.4; --roll gives the cooperation die first)", "1 2 3 4" },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

static const struct game_proc procs[] = {
	{ "crt", loe_crt, loe_crt_fields, crt_words, crt_opts, "air hq" },
	{ "airstrike", loe_airstrike_run, loe_airstrike_fields, NULL,
	  loe_airstrike_opts, NULL },
	{ "airstrike-missions", loe_airstrike_missions_run, NULL, NULL, NULL, NULL },
	{ "once", loe_once_run, NULL, NULL, NULL, NULL },
	/* priced by loe_move (game.h): the entry declares its options */
	{ "move-cost", NULL, NULL, NULL, loe_move_opts, NULL },
	{ "stacking", loe_stacking_run, position_fields, NULL, NULL, NULL },
	{ "entrench", loe_entrench_run, loe_entrench_fields, NULL, NULL, NULL },
	{ "victory", loe_victory_run, loe_victory_fields, NULL,
	  loe_victory_opts, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL }
};

const struct game game_loe = {
	.id = "loe",
	.title = "Lion of Ethiopia",
	.procs = procs,
	.move = &loe_move,
	.supply = &loe_supply,
	.situation = &loe_situation,
};
