/*
 * toto.c: Twilight of the Ottomans, the First World War in the Middle East:
 * the game's entry, and its combat procedure for `umpire crt`.  The
 * request is read in toto_request.c, the result applied and the die
 * rolled or weighed in toto_result.c; this file holds the attack and
 * defense strengths and puts the procedure together.
 *
 * The combat procedure of `umpire crt`, rule by rule:
 *   the chart  12.16 (the attacker picks Raid or Big Push), 25.2 (never
 *              Big Push against Mecca, Medina or Jerusalem);
 *   attack     12.13 and 12.14 (HQ 17.1-17.2, airbase 18.2-18.5, naval
 *              bombardment 19.1 and 19.4, maximum attack supply 15.7 but
 *              not in winter 24.2 nor for guerrillas 22.3, concentric
 *              attack, the two together triple and never quadruple);
 *   defense    12.15 (one terrain or hexside multiple from the TEC, 38.0;
 *              a hexside only when every attacker crosses it; a
 *              fortification doubling the others where the terrain does
 *              not; never more than doubled), 25.1 (the holy cities);
 *   percentage 12.2, 12.17 (attack / defense x 100, rounded down);
 *   results    12.18-12.21, 13.4 (either side), 14.3, 14.5, 17.1, 18.6,
 *              19.3, 20.12-20.13 (amphibious assault), 22.3: every code
 *              with its losses as a number of factors, its retreats and
 *              its pursuit; MD settled from the movement factors given.
 * The Raid and Big Push CRTs are data (rules/toto/crt-raid.json and
 * crt-big-push.json, stand-ins until the printed charts are imported).
 * The TEC's defense multiples are rules/toto/tec.json's "defense"
 * members (read in toto_request.c), stand-ins marked where the source's
 * chart is cut off.
 */
#include <string.h>

#include "crt.h"
#include "err.h"
#include "games/game.h"
#include "odds.h"
#include "opt.h"
#include "position.h"
#include "toto_airstrike.h"
#include "toto_event.h"
#include "toto_impl.h"
#include "toto_mobilize.h"
#include "toto_reorg.h"

/* 12.13, 12.14: double for either bonus, triple for both, never more. */
static int
multiple(int max, int concentric)
{
	return max && concentric ? 3 : max || concentric ? 2 : 1;
}

static const char *
bonus_name(int max, int concentric)
{
	if (max && concentric)
		return "maximum attack supply and concentric attack, x3 and never "
		    "x4";
	return max ? "maximum attack supply, x2" : "concentric attack, x2";
}

static const char *
bonus_rule(int max, int concentric)
{
	return max && concentric ? "12.14" : max ? "15.7" : "12.13";
}

/* The attacking land units, grouped by the bonus they have. */
static int
ground_attack(struct out_result *o, const struct toto_battle *b, int *printed)
{
	int group[2][2] = { { 0, 0 }, { 0, 0 } }, i, mx, cc, total = 0;
	char text[64];

	*printed = 0;
	for (i = 0; i < b->att.n; i++) {
		const struct crt_unit *u = &b->att.u[i];
		int guer = crt_has_tag(u, "guer");

		mx = crt_has_tag(u, "max") || (b->max_supply && !guer);
		if (b->max_supply && guer) {
			crt_unit_format(u, text, sizeof text);
			out_step(o, "22.3", "guerrilla %s: never in maximum attack "
			    "supply", text);
		}
		group[mx][b->concentric] += u->cf;
		*printed += u->cf;
	}
	out_step(o, "12.2", "attacking land units: %d", *printed);
	for (mx = 0; mx < 2; mx++)
		for (cc = 0; cc < 2; cc++) {
			int m = multiple(mx, cc);

			total += group[mx][cc] * m;
			if (m > 1 && group[mx][cc])
				out_step(o, bonus_rule(mx, cc), "%s: %d -> %d",
				    bonus_name(mx, cc), group[mx][cc], group[mx][cc] * m);
		}
	return total;
}

static int
support_attack(struct out_result *o, const struct toto_battle *b,
    const struct toto_support *s, const char *what, const char *rule)
{
	int mx = s->max || b->max_supply, m = multiple(mx, b->concentric);

	if (!s->given)
		return 0;
	if (m > 1)
		out_step(o, rule, "%s adds %d; %s: %d", what, s->cf,
		    bonus_name(mx, b->concentric), s->cf * m);
	else
		out_step(o, rule, "%s adds %d", what, s->cf);
	return s->cf * m;
}

static int
attack_strength(struct out_result *o, const struct toto_battle *b, int *ground)
{
	int total, naval = crt_units_total(&b->naval);

	total = ground_attack(o, b, ground);
	if (toto_has_tag(&b->att, "amph") && toto_any_max(b))
		out_step(o, "20.13", "maximum attack supply for a landing force "
		    "needs a supply unit in its all-sea hex, expended");
	total += support_attack(o, b, &b->hq, "one HQ", "17.1");
	if (b->air.given && b->air.counted[0])
		out_step(o, "18.3", "airbase: %s", b->air.counted);
	total += support_attack(o, b, &b->air, "one airbase", "18.2");
	if (b->naval.n) {
		out_step(o, "12.13", "naval bombardment adds %d (the defender must "
		    "be on a coastal hex)", naval);
		if (b->max_supply || b->concentric)
			out_step(o, "19.4", "naval bombardment is never multiplied");
		total += naval;
	}
	return total;
}

int
toto_has_tag(const struct crt_units *us, const char *tag)
{
	int i;

	for (i = 0; i < us->n; i++)
		if (crt_has_tag(&us->u[i], tag))
			return 1;
	return 0;
}

static int
terrain_multiple(struct out_result *o, const struct toto_battle *b)
{
	const struct feature *t = &b->terrain, *h = &b->hexside;
	int m = t->mult, hm = 0;

	out_step(o, "38.0", "defender in %s: x%d%s", t->name, t->mult,
	    t->stand_in ? " (a stand-in: the TEC row is cut off in the source)" :
	    t->given_mult ? " (your TEC)" : "");
	if (b->has_hexside && h->some)
		out_step(o, "12.15", "%s hexside: no benefit, not every attacker "
		    "crosses it", h->name);
	else if (b->has_hexside) {
		hm = h->mult;
		out_step(o, "12.15", "%s hexside, every attacker crosses it: x%d%s",
		    h->name, h->mult, h->stand_in ? " (a stand-in multiple)" : "");
	}
	if (m > 1 && hm > 1)
		out_step(o, "12.15", "terrain multiples are not cumulative: one of "
		    "them applies");
	if (hm > m)
		m = hm;
	if (b->city && m > 1) {
		out_step(o, "25.1", "%c%s: the terrain does not double its "
		    "defenders", b->city[0] - 32, b->city + 1);
		m = 1;
	}
	return m;
}

/* 12.15, 25.1: the defense total; *printed is the factors as printed. */
static int
defense_strength(struct out_result *o, const struct toto_battle *b, int *printed)
{
	int m = terrain_multiple(o, b), fort = 0, rest = 0, i;

	for (i = 0; i < b->def.n; i++) {
		if (crt_has_tag(&b->def.u[i], "fort"))
			fort += b->def.u[i].cf;
		else
			rest += b->def.u[i].cf;
	}
	*printed = fort + rest;
	if (fort && !rest)
		out_step(o, "12.15", "the fortification defends alone: nobody for "
		    "it to double");
	else if (fort && m == 1) {
		out_step(o, b->city ? "25.1" : "12.15", "fortification: the other "
		    "defenders are doubled, %d -> %d", rest, 2 * rest);
		m = 2;
	} else if (fort)
		out_step(o, "12.15", "fortification: nothing more, the terrain "
		    "already doubles");
	if (m > 2) {
		out_step(o, "12.15", "never more than doubled: x%d -> x2", m);
		m = 2;
	}
	if (fort && rest && m > 1)
		out_step(o, "12.15", "the fortification's own %d is never doubled",
		    fort);
	return fort + rest * m;
}

static int
battle(struct ctx *c, const cJSON *req, struct out_result *o,
    const struct crt_position *pos)
{
	struct toto_battle b;
	const struct table *t;
	int st, att, def, ground, printed_def, col, edge;
	long pct;

	if ((st = toto_read_battle(o, c, req, &b)) != ST_OK)
		return st;
	b.pos = pos;
	if ((st = crt_table(c, "toto", b.table, &t)) != ST_OK)
		return st;
	if (!pos)	/* else titled before the position was read */
		out_title(o, "Twilight of the Ottomans: combat on the %s%s",
		    t->title, b.odds ? ", every roll" : "");
	out_step(o, "12.16", "the attacker picked the %s", t->title);
	att = attack_strength(o, &b, &ground);
	def = defense_strength(o, &b, &printed_def);
	out_step(o, "12.2", "attack %d  vs  defense %d", att, def);
	pct = odds_percent(att, def);
	if ((col = odds_column_range(t, pct, &edge)) < 0)
		return out_fail(o, ST_DATA, "%s: the columns are not percentages "
		    "like 100-199", t->path);
	out_step(o, "12.17", "%d / %d x 100 = %ld%%, rounded down: column %s",
	    att, def, pct, t->cols[col].title);
	json_set_str(o->json, "table", b.table);
	json_set_int(o->json, "attack", att);
	json_set_int(o->json, "defense", def);
	json_set_int(o->json, "percent", pct);
	json_set_str(o->json, "odds", t->cols[col].id);
	json_set(o->json, "shifts", json_array());
	/* 12.20: losses by the corps' divisions, not the corps */
	ground = toto_loss_basis(o, &b.att, 0);
	printed_def = toto_loss_basis(o, &b.def, 1);
	return toto_resolve(o, c, &b, t, col, ground, printed_def);
}

/*
 * The battle, its units named by id on a position (toto_units.c) or its
 * factors given by hand.
 */
static int
toto_crt(struct ctx *c, const cJSON *req, struct out_result *o)
{
	static const struct crt_by_units by_units = { toto_units_check,
	    toto_units_fill, battle, "toto" };

	int st;

	/* the units' corps kinds are read with the position (12.20) */
	if ((st = toto_corps_load(c)) != ST_OK)
		return st;
	if (cJSON_GetObjectItemCaseSensitive(req, "att_units"))
		out_title(o, "Twilight of the Ottomans: combat on the position%s",
		    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(req, "odds")) ?
		    ", every roll" : "");
	return crt_position_battle(c, req, o, &by_units);
}

/* the rows of rules/toto/tec.json with a defense multiple (38.0) */
static const char *const crt_terrains[] = { "clear", "rough", "desert",
	"lava-flow", "marsh", "mountain", NULL };
/* the tags toto_read_battle knows on each side's strengths */
static const char *const att_tags[] = { "max", "guer", "corps", NULL };
static const char *const def_tags[] = { "fort", "corps", "air", "guer", "hq",
	NULL };
/* the CRTs the attacker picks from (12.16) */
static const char *const crt_tables[] = { "raid", "big-push", NULL };
static const struct game_words crt_words[] = {
	{ "terrain", crt_terrains }, { "table", crt_tables },
	{ "attack", att_tags },
	{ "defense", def_tags }, { NULL, NULL }
};

/* crt's options of this game's rules (each sets its request field) */
static const struct opt crt_opts[] = {
	{ OPT_FIELD, 0, "hexside", "name", "river or canal; river:some if not "
	  "all attackers cross", "river canal river:some canal:some" },
	{ OPT_FIELD, 0, "city", "name", "the defender holds mecca, medina or "
	  "jerusalem", "mecca medina jerusalem" },
	{ OPT_FIELD, 0, "air", "list", "one airbase's factor", NULL },
	{ OPT_FIELD, 0, "hq", "list", "one HQ's factor", NULL },
	{ OPT_FIELD, 0, "naval", "list", "naval bombardment factors", NULL },
	{ OPT_FIELD, 0, "max-supply", NULL, "every attacker has maximum attack "
	  "supply", NULL },
	{ OPT_FIELD, 0, "concentric", NULL, "a concentric attack", NULL },
	{ OPT_FIELD, 0, "winter", NULL, "a winter turn", NULL },
	{ OPT_FIELD, 0, "att-move", "list", "the attackers' movement factors, "
	  "for MD", "train" },
	{ OPT_FIELD, 0, "def-move", "list", "the defenders' movement factors, "
	  "for MD", "train" },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

/* the codes of the two event tables (6.3, 6.4), for --occurred */
static const char *const event_codes[] = { "afghan-expedition",
	"allied-friction", "balfour-declaration", "balkans-campaign",
	"bolshevik-alliance", "central-powers-reinforcements",
	"colonial-disaffection", "command-dispute", "cp-offensive-east",
	"cp-offensive-west", "desertion", "emergency-reinforcements",
	"german-turk-friction", "home-office-vs-india", "influenza",
	"intelligence-coup", "jihad", "mandatory-british-offensive",
	"mandatory-offensive", "mandatory-russian-offensive", "massacre",
	"mirage-sandstorm", "morale-check", "no-prisoners",
	"orient-express-disrupted", "pan-turanian-resurgence", "persian-unrest",
	"porte-crisis", "pro-allied-rebellion", "pro-ottoman-rebellion",
	"rebels-go-home", "russian-naval-supremacy", "russian-revolution",
	"sykes-picot", "troop-reassignment", "wahabis-run-amok",
	"yemen-campaign", "yilderim", NULL };
static const struct game_words event_words[] = {
	{ "occurred", event_codes }, { NULL, NULL }
};
/* the rows of rules/toto/corps.json (8.1) */
static const char *const corps_kinds[] = { "ot-inf", "ot-exp", "yilderim",
	"de-inf", "de-exp", "ru-inf", "ru-exp", "ru-cav", "fr-exp", "br-inf",
	"br-exp", NULL };
static const struct game_words reorg_words[] = {
	{ "kind", corps_kinds }, { NULL, NULL }
};

static const struct game_proc procs[] = {
	{ "crt", toto_crt, toto_crt_fields, crt_words, crt_opts,
	  "air hq naval att-move def-move" },
	{ "airstrike", toto_airstrike_run, toto_airstrike_fields, NULL,
	  toto_airstrike_opts, NULL },
	{ "airstrike-missions", toto_airstrike_missions_run, NULL, NULL, NULL, NULL },
	/* priced by toto_move (game.h): the entry declares its options */
	{ "move-cost", NULL, NULL, NULL, toto_move_opts, NULL },
	{ "stacking", toto_stacking_run, position_fields, NULL, NULL, NULL },
	{ "event", toto_event_run, toto_event_fields, event_words,
	  toto_event_opts, NULL },
	{ "reorganize", toto_reorg_run, toto_reorg_fields, reorg_words,
	  toto_reorg_opts, NULL },
	{ "mobilize", toto_mobilize_run, toto_mobilize_fields, NULL,
	  toto_mobilize_opts, NULL },
	{ "victory", toto_victory_run, toto_victory_fields, NULL,
	  toto_victory_opts, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL }
};

const struct game game_toto = {
	.id = "toto",
	.title = "Twilight of the Ottomans",
	.procs = procs,
	.move = &toto_move,
	.supply = &toto_supply,
	.situation = &toto_situation,
};
