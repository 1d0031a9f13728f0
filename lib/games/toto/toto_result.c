/*
 * toto_result.c: the end of a Twilight of the Ottomans battle: every
 * result code of the Raid and Big Push CRTs applied (12.18-12.21, 13.4,
 * 14.3, 14.5, 17.1, 18.6, 19.3, 20.12-20.13, 22.3), with its losses as a
 * number of factors, its retreats and its pursuit, and mobile defense
 * settled from the movement factors given (12.18); then the roll, the
 * player's or umpire's, or every roll weighed exactly (--odds).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "crt.h"
#include "err.h"
#include "json.h"
#include "map.h"
#include "saved_apply.h"
#include "situation.h"
#include "toto_impl.h"

/* Results */

struct verdict {
	char text[1024];
	char rule[96];
	const char *applies;
	int att_loss, def_loss;	/* factors to lose, when halves are lost */
};

static void
say(struct verdict *v, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
add_rule(struct verdict *v, const char *rule)
{
	if (rule)
		crt_rule_add(v->rule, sizeof v->rule, rule);
}

static void
say(struct verdict *v, const char *rule, const char *fmt, ...)
{
	size_t used = strlen(v->text);
	va_list ap;

	if (used && used < sizeof v->text)
		used += (size_t)snprintf(v->text + used, sizeof v->text - used, "; ");
	va_start(ap, fmt);
	if (used < sizeof v->text)
		vsnprintf(v->text + used, sizeof v->text - used, fmt, ap);
	va_end(ap);
	add_rule(v, rule);
}

/* The attacker's factors that losses can fall on (12.21, 18.6, 19.3). */
static int
exposed(const struct toto_battle *b, int ground)
{
	int f = ground;

	if (toto_has_tag(&b->def, "fort"))
		f += crt_units_total(&b->naval);
	if (toto_has_tag(&b->def, "air") && b->air.given)
		f += b->air.cf;
	return f;
}

/* What the attacker's support units suffer with the land units. */
static void
support_losses(struct verdict *v, const struct toto_battle *b, int all)
{
	if (b->hq.given)
		say(v, "17.1", "the HQ is never affected");
	if (b->air.given && toto_has_tag(&b->def, "air"))
		say(v, "18.6", "the airbase shares the losses: an enemy airbase "
		    "is in the defender's hex");
	else if (b->air.given)
		say(v, "18.6", "the airbase is not affected");
	if (b->naval.n && toto_has_tag(&b->def, "fort"))
		say(v, "19.3", "one naval gunfire unit is %s too, never more",
		    all ? "eliminated" : "lost if any land unit is");
	else if (b->naval.n)
		say(v, "12.21", "the gunfire units are not affected");
}

static void
pursuit(struct verdict *v, const char *who, int combat)
{
	say(v, "14.3", "%s may pursue (2 hexes: cavalry, camels, armored cars, "
	    "Lawrence, Wassmuss; 1 hex: other land combat units of attack "
	    "factor 1 or more, not in parentheses; support units: none)%s", who,
	    combat ?
	    ", and then attack again (14.5)" : "; no pursuit combat");
	if (combat)
		add_rule(v, "14.5");
}

/* 14.3: a defending HQ or airbase is a support unit and never pursues. */
static void
defender_pursuit(struct verdict *v, const struct toto_battle *b)
{
	pursuit(v, "the defenders", 0);
	if (toto_has_tag(&b->def, "hq") || toto_has_tag(&b->def, "air"))
		say(v, "14.3", "the defending %s stay%s: support units do not "
		    "pursue", toto_has_tag(&b->def, "hq") && toto_has_tag(&b->def, "air") ?
		    "HQ and airbase" : toto_has_tag(&b->def, "hq") ? "HQ" : "airbase",
		    toto_has_tag(&b->def, "hq") && toto_has_tag(&b->def, "air") ? "" : "s");
}

/* 22.3: guerrillas retreat into and through an EZOC at no cost. */
static void
guerrilla_retreat(struct verdict *v, const struct crt_units *us)
{
	if (toto_has_tag(us, "guer"))
		say(v, "22.3", "the guerrillas lose nothing for an enemy ZOC on "
		    "their retreat (13.2 costs others a division each)");
}

static void
fort_retreat(struct verdict *v, const struct toto_battle *b)
{
	if (toto_has_tag(&b->def, "fort"))
		say(v, "13.4", "the fortification ignores the retreat, and the "
		    "units with it may stay if it survives");
	guerrilla_retreat(v, &b->def);
}

/* 13.4: attackers out of a fortification may stay put; 22.3 as above. */
static void
attacker_retreat(struct verdict *v, const struct toto_battle *b)
{
	if (toto_has_tag(&b->att, "fort"))
		say(v, "13.4", "units attacking out of a fortification may ignore "
		    "the retreat and stay in it, if it survives");
	guerrilla_retreat(v, &b->att);
}

/*
 * 20.12: a landing force that gains no result letting it pursue is lost
 * with its amphibious unit; one that does may land in the hex.
 */
static void
amphibious(struct verdict *v, const struct toto_battle *b, int may_pursue)
{
	if (!toto_has_tag(&b->att, "amph"))
		return;
	if (may_pursue)
		say(v, "20.12", "the landing force may land in the hex it assaulted");
	else
		say(v, "20.12", "no pursuit for the landing force: it is eliminated, "
		    "and so is the amphibious unit that carried it");
}

static void
half(struct verdict *v, const char *who, int base, int *loss)
{
	*loss = crt_half_up(base);
	say(v, "12.19", "%s loses units of at least %d factors (half of %d, "
	    "rounded up)", who, *loss, base);
}

/* 12.20: one unit lost may be one division of a corps broken down. */
static void
one_division(struct verdict *v, const struct crt_units *us, const char *who)
{
	if (toto_has_tag(us, "corps"))
		say(v, "12.20", "%s may break a corps down and give up one of "
		    "its divisions", who);
}

static int
md_defender_faster(const struct toto_battle *b)
{
	int fastest = 0, i;

	for (i = 0; i < b->natt_move; i++)
		if (b->att_move[i] > fastest)
			fastest = b->att_move[i];
	for (i = 0; i < b->ndef_move; i++)
		if (b->def_move[i] <= fastest)
			return 0;
	return 1;
}

static void
outcome(struct verdict *v, const struct toto_battle *b, const char *code,
    int ground, int printed_def);

/* MD (12.18): DW when every defender is faster than the fastest attacker. */
static void
mobile_defense(struct verdict *v, const struct toto_battle *b, int ground,
    int printed_def)
{
	if (!b->natt_move || !b->ndef_move) {
		say(v, "12.18", "mobile defense: DW if every defending unit has a "
		    "higher printed movement factor than the fastest attacker "
		    "(armored trains fastest of all), otherwise BA; give "
		    "--att-move and --def-move to settle it");
		if (toto_has_tag(&b->att, "amph"))
			say(v, "20.12", "as DW the landing force may land; as BA it "
			    "is eliminated with its amphibious unit");
		return;
	}
	v->applies = md_defender_faster(b) ? "DW" : "BA";
	say(v, "12.18", "mobile defense: %s, so %s",
	    md_defender_faster(b) ? "every defender is faster than the fastest "
	    "attacker" : "not every defender is faster than the fastest attacker",
	    v->applies);
	outcome(v, b, v->applies, ground, printed_def);
}

static void
outcome(struct verdict *v, const struct toto_battle *b, const char *code,
    int ground, int printed_def)
{
	int corps = 0, i;

	for (i = 0; i < b->att.n; i++)
		corps += crt_has_tag(&b->att.u[i], "corps");
	if (!strcmp(code, "AA")) {
		say(v, "12.18", "one attacking unit is eliminated, the attacker's "
		    "choice; no retreat or pursuit");
		one_division(v, &b->att, "the attacker");
		support_losses(v, b, 0);
	} else if (!strcmp(code, "AC")) {
		say(v, "12.18", "every attacking unit is eliminated; no retreat or "
		    "pursuit");
		support_losses(v, b, 1);
	} else if (!strcmp(code, "AD")) {
		half(v, "the attacker", exposed(b, ground), &v->att_loss);
		say(v, "12.18", "every surviving attacking unit retreats 1 hex "
		    "(support units stay, 12.21); no pursuit");
		attacker_retreat(v, b);
		support_losses(v, b, 0);
	} else if (!strcmp(code, "AT")) {
		say(v, "12.18", "every attacking unit that is not a corps is "
		    "eliminated; %s", corps ? "each attacking corps breaks down "
		    "into its divisions (8.1) and the attacker rolls a die for each "
		    "and retreats it that many hexes" : "no attacker is a corps");
		if (corps)
			attacker_retreat(v, b);
		support_losses(v, b, 1);
		defender_pursuit(v, b);
	} else if (!strcmp(code, "AW")) {
		say(v, "12.18", "every attacking unit retreats 1 hex (support units "
		    "stay, 12.21); no pursuit");
		attacker_retreat(v, b);
	} else if (!strcmp(code, "BA")) {
		say(v, "12.18", "one attacking unit and one defending unit are "
		    "eliminated, each owner's choice; no retreat or pursuit");
		one_division(v, &b->att, "the attacker");
		one_division(v, &b->def, "the defender");
		support_losses(v, b, 0);
	} else if (!strcmp(code, "BB")) {
		half(v, "the defender", printed_def, &v->def_loss);
		half(v, "the attacker", exposed(b, ground), &v->att_loss);
		say(v, "12.18", "no retreat or pursuit");
		support_losses(v, b, 0);
	} else if (!strcmp(code, "DA")) {
		say(v, "12.18", "one defending unit is eliminated, the defender's "
		    "choice; no retreat or pursuit");
		one_division(v, &b->def, "the defender");
	} else if (!strcmp(code, "DC")) {
		say(v, "12.18", "every defending unit is eliminated");
		pursuit(v, "the attackers", 1);
	} else if (!strcmp(code, "DD")) {
		half(v, "the defender", printed_def, &v->def_loss);
		say(v, "12.18", "the rest retreat 1 hex");
		fort_retreat(v, b);
		pursuit(v, "the attackers", 1);
	} else if (!strcmp(code, "DT")) {
		say(v, "12.18", "every defending unit that is not a corps is "
		    "eliminated%s; %s", toto_has_tag(&b->def, "fort") ?
		    ", the fortification too" : "", toto_has_tag(&b->def, "corps") ?
		    "each defending corps breaks down into its divisions (8.1) and "
		    "the defender rolls a die for each and retreats it that many "
		    "hexes" : "no defender is a corps");
		pursuit(v, "the attackers", 1);
	} else if (!strcmp(code, "DW")) {
		say(v, "12.18", "every defending unit retreats 1 hex");
		fort_retreat(v, b);
		pursuit(v, "the attackers", 0);
	} else if (!strcmp(code, "MD")) {
		mobile_defense(v, b, ground, printed_def);
		return;		/* the code applied said its part */
	}
	if (v->text[0])
		amphibious(v, b, !strcmp(code, "DC") || !strcmp(code, "DD") ||
		    !strcmp(code, "DT") || !strcmp(code, "DW"));
}

static void
describe(const struct toto_battle *b, const char *code, const char *table_text,
    int ground, int printed_def, struct verdict *v)
{
	memset(v, 0, sizeof *v);
	outcome(v, b, code, ground, printed_def);
	if (!v->text[0]) {
		snprintf(v->text, sizeof v->text, "%s", table_text);
		snprintf(v->rule, sizeof v->rule, "12.18");
	}
}

/*
 * What a result does to the units of a position (saved_apply.h), in the
 * order 12.2 applies it: the units eliminated, the losses the owners
 * choose (12.19: one unit, or units of at least half the factors), the
 * retreats (13.1) and then the pursuit (14.2), whose first hex is the
 * one the beaten side held.  A unit taken off by one effect is named by
 * no later one.  A rout that breaks a corps down (AT, DT) leaves
 * divisions that are not units of the position: it has no effects, and
 * the players carry it out by hand.
 */
struct fx {
	cJSON *list;
	const struct toto_battle *b;
	const struct crt_position *p;
	const struct unit *gone[2 * CRT_MAX_UNITS];
	int ngone;
};

static int
gone(const struct fx *f, const struct unit *u)
{
	int i;

	for (i = 0; i < f->ngone; i++)
		if (f->gone[i] == u)
			return 1;
	return 0;
}

static void
remove_unit(struct fx *f, const struct unit *u, const char *rule)
{
	if (gone(f, u))
		return;
	saved_effect(f->list, u->id, "remove", NULL, rule);
	f->gone[f->ngone++] = u;
}

static void
remove_side(struct fx *f, const struct crt_side *s, const char *rule)
{
	int i;

	for (i = 0; i < s->n; i++)
		remove_unit(f, s->u[i], rule);
}

static int
attacking(const struct fx *f, const struct unit *u)
{
	int i;

	for (i = 0; i < f->p->att.n; i++)
		if (f->p->att.u[i] == u)
			return 1;
	return 0;
}

/* The factor a loss counts: the attack factor attacking, else the
 * printed defense factor (12.18, 12.19); a corps' divisions' (12.20). */
static int
factor(const struct fx *f, const struct unit *u)
{
	return toto_units_loss_factor(u, !attacking(f, u));
}

/* An owed step for the units of s that want() keeps and no effect has
 * taken off; NULL when there are none. */
static cJSON *
owe(struct fx *f, const char *kind, const struct crt_side *s,
    int (*want)(const struct fx *, const struct unit *), const char *rule)
{
	cJSON *units = json_array();
	int i;

	for (i = 0; i < s->n; i++)
		if (!gone(f, s->u[i]) && (!want || want(f, s->u[i])))
			json_push(units, cJSON_CreateString(s->u[i]->id));
	if (cJSON_GetArraySize(units) == 0) {
		cJSON_Delete(units);
		return NULL;
	}
	return saved_owe(f->list, kind, units, rule);
}

/*
 * 12.18, 12.19: units of at least need factors (need 0: one unit), the
 * owner's choice.  Nothing is left to choose when one unit is there and
 * it is no corps to break down (12.20), or every unit's factors are
 * needed.  The entry carries
 * each unit's factor under "values": a defender's loss counts defense
 * factors, and the saved game keeps a unit's attack factor only.
 */
static void
owe_loss(struct fx *f, const struct crt_side *s, int need)
{
	cJSON *e, *values;
	int i, total = 0, n = 0;
	const struct unit *last = NULL;

	for (i = 0; i < s->n; i++)
		if (!gone(f, s->u[i])) {
			total += factor(f, s->u[i]);
			last = s->u[i];
			n++;
		}
	if (n == 0)
		return;
	if ((n == 1 && !situation_unit_has_marker(last, "corps")) ||
	    (need > 0 && total <= need)) {
		remove_side(f, s, "12.18");
		return;
	}
	e = owe(f, "loss", s, NULL, "12.19");
	/* whose loss: the factor a corps broken down for it counts (12.20,
	   toto_reorg.c) */
	json_set_str(e, "side", attacking(f, last) ? "attacker" : "defender");
	if (need > 0)
		json_set_int(e, "cf", need);
	else
		json_set_int(e, "count", 1);
	values = json_object();
	for (i = 0; i < s->n; i++)
		if (!gone(f, s->u[i]))
			json_set_int(values, s->u[i]->id, factor(f, s->u[i]));
	json_set(e, "values", values);
}

static int
is_type(const struct unit *u, const char *type)
{
	return strcmp(u->type, type) == 0;
}

/* 13.4: a fortification counter ignores a retreat; the units with it,
 * or attacking out of it, may (the retreat owed for them is optional). */
static int
sheltered(const struct fx *f, const struct unit *u)
{
	const struct unit *in[CRT_MAX_UNITS];
	int n = situation_in_hex(f->p->sit, u->hex, in, CRT_MAX_UNITS), i;

	for (i = 0; i < n && i < CRT_MAX_UNITS; i++)
		if (is_type(in[i], "fortification") &&
		    strcmp(in[i]->side, u->side) == 0)
			return 1;
	return 0;
}

static int
retreats(const struct fx *f, const struct unit *u)
{
	return !is_type(u, "fortification") && !sheltered(f, u);
}

static int
may_stay(const struct fx *f, const struct unit *u)
{
	return !is_type(u, "fortification") && sheltered(f, u);
}

/* 13.1: the survivors retreat 1 hex; 13.4 as above. */
static void
owe_retreat(struct fx *f, const struct crt_side *s, int attacker)
{
	char hex[HEX_IDLEN];
	cJSON *e;
	int k;

	crt_position_side_hex(f->p, s, hex);
	for (k = 0; k < 2; k++) {
		e = owe(f, "retreat", s, k ? may_stay : retreats, k ? "13.4" :
		    "13.1");
		if (!e)
			continue;
		json_set_int(e, "hexes", 1);
		json_set_str(e, "side", attacker ? "attacker" : "defender");
		if (hex[0])
			json_set_str(e, "from", hex);
		if (k)
			json_set_bool(e, "optional", 1);
	}
}

/* 14.3: two hexes for the fast, one for the other land combat units of
 * attack factor 1 or more; a landing force lands in the hex (20.12). */
static int
pursues(const struct unit *u)
{
	return u->strength >= 1 && !is_type(u, "fortification") &&
	    !is_type(u, "supply") && !is_type(u, "hq");
}

static int
fast(const struct fx *f, const struct unit *u)
{
	static const char *const types[] = { "cavalry", "camel", "armored-car",
	    "lawrence", "wassmuss" };
	size_t i;

	if (!pursues(u) || toto_units_at_sea(f->p, u))
		return 0;
	for (i = 0; i < sizeof types / sizeof *types; i++)
		if (is_type(u, types[i]))
			return 1;
	return 0;
}

static int
slow(const struct fx *f, const struct unit *u)
{
	return pursues(u) && !fast(f, u);
}

static void
owe_pursuit(struct fx *f, const struct crt_side *us, const struct crt_side *them)
{
	char hex[HEX_IDLEN];
	cJSON *e;
	int k;

	crt_position_side_hex(f->p, them, hex);
	for (k = 0; k < 2; k++) {
		if (!(e = owe(f, "advance", us, k ? slow : fast, "14.2")))
			continue;
		json_set_int(e, "hexes", k ? 1 : 2);
		json_set_bool(e, "optional", 1);
		if (hex[0])
			json_set_str(e, "via", hex);
	}
}

static int
any_corps(const struct crt_side *s)
{
	int i;

	for (i = 0; i < s->n; i++)
		if (situation_unit_has_marker(s->u[i], "corps"))
			return 1;
	return 0;
}

/* 20.12: a landing force without a pursuit is lost. */
static void
landing(struct fx *f, int pursuit)
{
	int i;

	for (i = 0; i < f->p->att.n && !pursuit; i++)
		if (toto_units_at_sea(f->p, f->p->att.u[i]))
			remove_unit(f, f->p->att.u[i], "20.12");
}

/* 0, or -1 when the code has no effects umpire can apply. */
static int
code_effects(struct fx *f, const char *code, const struct verdict *v)
{
	const struct crt_side *att = &f->p->att, *def = &f->p->def;

	if (!strcmp(code, "AA"))
		owe_loss(f, att, 0);
	else if (!strcmp(code, "AC"))
		remove_side(f, att, "12.18");
	else if (!strcmp(code, "AD")) {
		owe_loss(f, att, v->att_loss);
		owe_retreat(f, att, 1);
	} else if (!strcmp(code, "AT") && !any_corps(att)) {
		remove_side(f, att, "12.18");
		owe_pursuit(f, def, att);
	} else if (!strcmp(code, "AW"))
		owe_retreat(f, att, 1);
	else if (!strcmp(code, "BA")) {
		owe_loss(f, att, 0);
		owe_loss(f, def, 0);
	} else if (!strcmp(code, "BB")) {
		owe_loss(f, def, v->def_loss);
		owe_loss(f, att, v->att_loss);
	} else if (!strcmp(code, "DA"))
		owe_loss(f, def, 0);
	else if (!strcmp(code, "DC")) {
		remove_side(f, def, "12.18");
		owe_pursuit(f, att, def);
	} else if (!strcmp(code, "DD")) {
		owe_loss(f, def, v->def_loss);
		owe_retreat(f, def, 0);
		owe_pursuit(f, att, def);
	} else if (!strcmp(code, "DT") && !any_corps(def)) {
		remove_side(f, def, "12.18");
		owe_pursuit(f, att, def);
	} else if (!strcmp(code, "DW")) {
		owe_retreat(f, def, 0);
		owe_pursuit(f, att, def);
	} else
		return -1;
	landing(f, code[0] == 'D' && strcmp(code, "DA") != 0);
	/* 17.1: the HQ has given its one support of the phase */
	if (f->b->hq_unit)
		saved_effect(f->list, f->b->hq_unit, "mark", "supported", "17.1");
	return 0;
}

static void
result_effects(struct out_result *o, const struct toto_battle *b,
    const char *code, const struct verdict *v)
{
	struct fx f = { .b = b, .p = b->pos };

	if (!b->pos)
		return;
	f.list = json_array();
	if (code_effects(&f, v->applies ? v->applies : code, v) < 0) {
		char why[200];

		cJSON_Delete(f.list);
		snprintf(why, sizeof why, "%s: not applied by umpire%s (12.18)",
		    code, !strcmp(code, "AT") || !strcmp(code, "DT") ? ": the "
		    "routed corps break down into their divisions first (8.2): "
		    "umpire reorganize break CORPS --apply, then the rest by "
		    "hand" :
		    "");
		out_step(o, "12.18", "%s", why);
		/* what --apply says instead (cmd/proc.c) */
		json_set_str(o->json, "unapplied", why);
		return;
	}
	json_set(o->json, "effects", f.list);
}

static cJSON *
result_json(const char *code, const struct verdict *v)
{
	cJSON *r = json_object();

	json_set_str(r, "code", code);
	json_set_str(r, "text", v->text);
	json_set_str(r, "rule", v->rule);
	if (v->applies)
		json_set_str(r, "applies", v->applies);
	if (v->att_loss)
		json_set_int(r, "attacker_loses_factors", v->att_loss);
	if (v->def_loss)
		json_set_int(r, "defender_loses_factors", v->def_loss);
	return r;
}

static void
stand_in_note(struct out_result *o, const struct table *t)
{
	if (strcmp(t->source, "stand-in") == 0)
		out_plain(o, "  (the toto %s is a stand-in: `umpire table --import "
		    "toto %s FILE` installs your printed chart)", t->title, t->name);
	else if (strcmp(t->source, "user") == 0)
		out_plain(o, "  (your imported chart: %s)", t->path);
}

int
toto_resolve(struct out_result *o, struct ctx *c, const struct toto_battle *b,
    const struct table *t, int col, int ground, int printed_def)
{
	const struct table_entry *e;
	struct verdict v;
	int st, total, i;

	json_set_str(o->json, "column", t->cols[col].id);
	if (b->odds) {
		struct crt_dist d;
		cJSON *outs = json_array();

		crt_dist_init(&d);
		crt_dist_column(&d, t, col, 1);
		json_set_bool(o->json, "automatic", 0);
		json_set_str(o->json, "table_source", t->source);
		out_text(o, NULL, "on %s:", t->cols[col].title);
		out_text(o, NULL, "%-9s %8s  %s", "roll", "chance", "result");
		for (i = 0; i < d.n; i++) {
			cJSON *r;

			describe(b, d.o[i].code, d.o[i].text, ground, printed_def, &v);
			r = result_json(d.o[i].code, &v);
			json_set_num(r, "probability", d.o[i].p);
			json_push(outs, r);
			out_text(o, NULL, "%-9s %7.2f%%  %s  %s", d.o[i].rolls,
			    100 * d.o[i].p, d.o[i].code, v.text);
		}
		json_set(o->json, "outcomes", outs);
		crt_dist_free(&d);
		stand_in_note(o, t);
		return ST_OK;
	}
	if ((st = crt_roll(o, c, t, b->roll_given ? b->roll : NULL, &total)) !=
	    ST_OK)
		return st;
	if (!(e = table_lookup(t, col, total)))
		return out_fail(o, ST_DATA, "%s: column %s has no result for %d",
		    t->path, t->cols[col].id, total);
	describe(b, e->code, e->text, ground, printed_def, &v);
	json_set_int(o->json, "roll", total);
	json_set_str(o->json, "roll_source", crt_roll_source(c, b->roll_given ?
	    b->roll : NULL));
	json_set_bool(o->json, "automatic", 0);
	json_set(o->json, "result", result_json(e->code, &v));
	result_effects(o, b, e->code, &v);
	json_set_str(o->json, "table_source", t->source);
	out_text(o, NULL, "%s %d on %s", b->roll_given ? "your roll" : "rolled",
	    total, t->cols[col].title);
	out_result_line(o, v.rule, "result: %s  %s", e->code, v.text);
	stand_in_note(o, t);
	return ST_OK;
}
