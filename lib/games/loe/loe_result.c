/*
 * loe_result.c: the end of a Lion of Ethiopia battle: the result codes
 * read and applied, defender first (8.3 B, 8.3.1-8.3.6, 10.1.2 for Eng in
 * a fort, 13.2 A for Selassie); the attacker lost without a roll below
 * 1:6 (8.2.1 C with D); the army cooperation roll (13.1.4); and the
 * combat roll, the player's or umpire's, or every roll weighed exactly
 * (--odds).  The CRT and the cooperation table are data (rules/loe/).
 */
#include <stdio.h>
#include <string.h>

#include "crt.h"
#include "err.h"
#include "json.h"
#include "loe_impl.h"
#include "map.h"
#include "odds.h"
#include "saved_apply.h"
#include "situation.h"

/* Results: the code's parts, defender first (8.3 B). */

struct part {
	char side;		/* 'D', 'A' or 0 for both */
	char kind;		/* e b a x (Exch) c (Contact) g (Eng) */
	int n;
};

static int
parse_code(const char *code, struct part *parts, int max)
{
	const char *p = code;
	int n = 0;

	while (*p) {
		size_t len = strcspn(p, "/");
		struct part *q = &parts[n];

		if (n == max)
			return -1;
		memset(q, 0, sizeof *q);
		if (len == 2 && strncmp(p, "Ex", 2) == 0)
			q->kind = 'x';
		else if (len == 2 && strncmp(p, "Co", 2) == 0)
			q->kind = 'c';
		else if (len == 2 && strncmp(p, "En", 2) == 0)
			q->kind = 'g';
		else if (len == 2 && (p[0] == 'A' || p[0] == 'D') && p[1] == 'e') {
			q->side = p[0];
			q->kind = 'e';
		} else if (len == 3 && (p[0] == 'A' || p[0] == 'D') &&
		    (p[1] == 'b' || p[1] == 'a') && p[2] >= '1' && p[2] <= '9') {
			q->side = p[0];
			q->kind = p[1];
			q->n = p[2] - '0';
		} else
			return -1;
		n++;
		p += len;
		if (*p == '/')
			p++;
	}
	return n;
}

struct verdict {
	char text[640];
	char rule[64];
	const char *applies;	/* the code in force when not the table's */
};

static void
add(struct verdict *v, const char *rule, const char *text)
{
	size_t used = strlen(v->text);

	snprintf(v->text + used, sizeof v->text - used, "%s%s", used ? "; " : "",
	    text);
	if (rule)
		crt_rule_add(v->rule, sizeof v->rule, rule);
}

static void
exchange(struct verdict *v, const struct loe_battle *b)
{
	char buf[256];
	int need = crt_units_total(&b->def), have = crt_units_total(&b->att);

	if (have > need)
		snprintf(buf, sizeof buf, "exchange: the defenders are eliminated; "
		    "the attacker then loses units of at least %d printed CF, the "
		    "defenders' printed total; survivors may advance into the hex",
		    need);
	else if (have == need)
		snprintf(buf, sizeof buf, "exchange: the defenders are eliminated; "
		    "the attacker owes %d printed CF, all that it has: every "
		    "attacking unit is eliminated", need);
	else
		snprintf(buf, sizeof buf, "exchange: the defenders are eliminated; "
		    "the attacker owes %d printed CF and has only %d: every "
		    "attacking unit is eliminated", need, have);
	add(v, "8.3.4", buf);
}

static void
engaged(struct verdict *v, const struct loe_battle *b)
{
	if (b->fort) {
		add(v, "10.1.2", "engaged, but a battle at a fort takes it as "
		    "contact: no effect");
		v->applies = "Co";
		return;
	}
	add(v, "8.3.6", "engaged: every unit of both sides in the battle is "
	    "marked Engaged");
	if (loe_has_selassie(b))
		add(v, "13.2 A", "Selassie himself is immune and is not marked");
}

static void
movement(struct verdict *v, const struct part *q)
{
	const char *who = q->side == 'D' ? "the defenders" : "the attackers";
	char buf[128];

	if (q->kind == 'e') {
		snprintf(buf, sizeof buf, "%s are eliminated", who);
		add(v, "8.3.1", buf);
	} else if (q->kind == 'b') {
		snprintf(buf, sizeof buf, "%s retreat %d hex%s", who, q->n,
		    q->n == 1 ? "" : "es");
		add(v, "8.3.2", buf);
	} else {
		snprintf(buf, sizeof buf, "%s may advance %s%d hex%s", who,
		    q->n == 1 ? "" : "up to ", q->n, q->n == 1 ? "" : "es");
		add(v, "8.3.3", buf);
	}
}

/* The result in words, with what Exch costs and what Eng means here. */
static void
describe(const struct loe_battle *b, const char *code, const char *table_text,
    struct verdict *v)
{
	struct part parts[8];
	int n = parse_code(code, parts, 8), pass, i;

	memset(v, 0, sizeof *v);
	if (n < 0) {
		snprintf(v->text, sizeof v->text, "%s", table_text);
		snprintf(v->rule, sizeof v->rule, "8.3");
		return;
	}
	/*
	 * 8.3 B: the defender's part before the attacker's, kind by kind:
	 * eliminations, retreats, the results of both sides, then advances,
	 * so that an advance always follows what vacated the hex.
	 */
	for (pass = 0; pass < 18; pass++)
		for (i = 0; i < n; i++) {
			const struct part *q = &parts[i];

			if (q->kind != "ebxcga"[pass / 3] || q->side != "D\0A"[pass % 3])
				continue;
			if (q->side)
				movement(v, q);
			else if (q->kind == 'x')
				exchange(v, b);
			else if (q->kind == 'c')
				add(v, "8.3.5", "contact: no losses, retreats or advances; "
				    "defenders in an attacker's ZOC must leave it or attack "
				    "next player-turn");
			else
				engaged(v, b);
		}
}

/*
 * What a result does to the units of a position (saved_apply.h), part by
 * part in the order describe() words them (8.3 B): eliminations, owed
 * retreats, the exchange, Engaged markers, then the advances, each into
 * the hex the beaten side left first (8.5.1).
 */
static void
side_ids(const struct crt_side *s, cJSON *into)
{
	int i;

	for (i = 0; i < s->n; i++)
		json_push(into, cJSON_CreateString(s->u[i]->id));
}

static void
each_unit(cJSON *fx, const struct crt_side *s, const char *verb,
    const char *word, const char *rule)
{
	int i;

	for (i = 0; i < s->n; i++) {
		if (strcmp(verb, "mark") == 0 && strcmp(word, "engaged") == 0 &&
		    strcmp(s->u[i]->type, "selassie") == 0)
			continue;	/* 13.2 A: immune to Engaged */
		if (strcmp(verb, "unmark") == 0 &&
		    !situation_unit_has_marker(s->u[i], word))
			continue;
		saved_effect(fx, s->u[i]->id, verb, word, rule);
	}
}

static cJSON *
owe(cJSON *fx, const char *kind, const struct crt_side *s, int hexes,
    const char *rule)
{
	cJSON *units = json_array(), *e;

	side_ids(s, units);
	e = saved_owe(fx, kind, units, rule);
	if (hexes > 0)
		json_set_int(e, "hexes", hexes);
	return e;
}

static void
part_effects(cJSON *fx, const struct loe_battle *b, const struct part *q)
{
	const struct crt_position *p = b->pos;
	const struct crt_side *us = q->side == 'A' ? &p->att : &p->def;
	const struct crt_side *them = q->side == 'A' ? &p->def : &p->att;
	char hex[HEX_IDLEN];
	cJSON *e;
	int need = crt_units_total(&b->def);

	if (q->kind == 'e')
		each_unit(fx, us, "remove", NULL, "8.3.1");
	else if (q->kind == 'b') {
		e = owe(fx, "retreat", us, q->n, "8.4");
		json_set_str(e, "side", q->side == 'A' ? "attacker" : "defender");
		crt_position_side_hex(p, us, hex);
		if (hex[0])
			json_set_str(e, "from", hex);
	} else if (q->kind == 'a') {
		e = owe(fx, "advance", us, q->n, "8.5");
		json_set_bool(e, "optional", 1);
		crt_position_side_hex(p, them, hex);
		if (hex[0])
			json_set_str(e, "via", hex);	/* 8.5.1 */
	} else if (q->kind == 'x') {
		each_unit(fx, &p->def, "remove", NULL, "8.3.4");
		if (crt_units_total(&b->att) <= need) {
			each_unit(fx, &p->att, "remove", NULL, "8.3.4");
			return;
		}
		json_set_int(owe(fx, "loss", &p->att, 0, "8.3.4"), "cf", need);
		e = owe(fx, "advance", &p->att, 1, "8.3.4");
		json_set_bool(e, "optional", 1);
		crt_position_side_hex(p, &p->def, hex);
		if (hex[0])
			json_set_str(e, "via", hex);
	} else if (q->kind == 'g') {
		each_unit(fx, &p->att, "mark", "engaged", "8.3.6 A");
		each_unit(fx, &p->def, "mark", "engaged", "8.3.6 A");
	}
}

static void
result_effects(struct out_result *o, const struct loe_battle *b,
    const char *code, const struct verdict *v)
{
	struct part parts[8];
	int n, pass, i, engaged = 0;
	cJSON *fx;

	if (!b->pos || (n = parse_code(v->applies ? v->applies : code, parts,
	    8)) < 0)
		return;
	fx = json_array();
	for (pass = 0; pass < 18; pass++)
		for (i = 0; i < n; i++)
			if (parts[i].kind == "ebxcga"[pass / 3] &&
			    parts[i].side == "D\0A"[pass % 3])
				part_effects(fx, b, &parts[i]);
	for (i = 0; i < n; i++)
		engaged |= parts[i].kind == 'g';
	if (!engaged) {		/* 8.3.6 F: released by any other result */
		each_unit(fx, &b->pos->att, "unmark", "engaged", "8.3.6 F");
		each_unit(fx, &b->pos->def, "unmark", "engaged", "8.3.6 F");
	}
	/* 8.1.1 C: none of them fights again this combat phase */
	each_unit(fx, &b->pos->att, "mark", "fought", "8.1.1 C");
	each_unit(fx, &b->pos->def, "mark", "fought", "8.1.1 C");
	json_set(o->json, "effects", fx);
}

static void
stand_in_note(struct out_result *o, const struct table *t)
{
	if (strcmp(t->source, "stand-in") == 0)
		out_plain(o, "  (the loe CRT is a stand-in: `umpire table --import "
		    "loe crt FILE` installs your printed chart)");
	else if (strcmp(t->source, "user") == 0)
		out_plain(o, "  (your imported chart: %s)", t->path);
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
	return r;
}

/* 8.2.1 C: the attacker eliminated, the defender's Adv 3. */
static const char automatic_code[] = "Da3/Ae";

/*
 * An odds column, or past the left edge the odds it stands for: one column
 * left of 1:6 is 1:7 (8.2.1 C with D: the shifts are part of the odds).
 */
static void
odds_label(const struct table *t, long vcol, char *buf, size_t len)
{
	struct ratio first;

	if (vcol < 0 && vcol > -LOE_FAR_LEFT &&
	    odds_ratio_parse(t->cols[0].id, &first) == 0 && first.att == 1)
		snprintf(buf, len, "1:%ld", first.def - vcol);
	else
		crt_column_label(t, vcol, buf, len);
}

/*
 * 8.2.1 C with D: odds below 1:6 after every shift are not allowed, so the
 * battle is settled without a roll (and without the table).
 */
static int
automatic(struct out_result *o, const struct loe_battle *b, const struct table *t,
    long vcol)
{
	struct verdict v;
	char odds[64], rule[sizeof v.rule] = "8.2.1 C";
	cJSON *outs;

	describe(b, automatic_code, "", &v);
	crt_rule_add(rule, sizeof rule, v.rule);
	snprintf(v.rule, sizeof v.rule, "%s", rule);
	odds_label(t, vcol, odds, sizeof odds);
	out_step(o, "8.2.1 C", "odds %s with every shift, below %s: the "
	    "attack is not allowed, no roll", odds, t->cols[0].id);
	if (b->roll_given)
		out_step(o, "8.2.1 C", "your roll is not needed");
	json_set_bool(o->json, "automatic", 1);
	json_set(o->json, "result", result_json(automatic_code, &v));
	result_effects(o, b, automatic_code, &v);
	if (b->odds) {
		outs = json_array();
		json_push(outs, result_json(automatic_code, &v));
		json_set_num(cJSON_GetArrayItem(outs, 0), "probability", 1);
		json_set(o->json, "outcomes", outs);
	}
	out_result_line(o, v.rule, "result: %s  %s", automatic_code, v.text);
	return ST_OK;
}

/* The cooperation roll (13.1.4): 2L when the armies fail. */
static int
cooperation(struct out_result *o, struct ctx *c, const struct loe_battle *b,
    const char *roll, cJSON *shifts, const struct table *t, long *vcol)
{
	const struct table *coop;
	const struct table_entry *e;
	cJSON *j;
	int st, total;

	if ((st = crt_table(c, "loe", "army-cooperation", &coop)) != ST_OK)
		return st;
	if ((st = crt_roll(o, c, coop, roll, &total)) != ST_OK)
		return st;
	e = table_lookup(coop, 0, total);
	if (!e)
		return out_fail(o, ST_DATA, "the army-cooperation table has no "
		    "result for %d", total);
	out_step(o, "13.1.4", "%d armies attack together: cooperation roll %d, "
	    "%s", b->armies, total, e->code);
	j = json_object();
	json_set_int(j, "armies", b->armies);
	json_set_int(j, "roll", total);
	json_set_str(j, "result", e->code);
	json_set(o->json, "cooperation", j);
	if (strcmp(e->code, "no-cooperation") == 0)
		crt_shift(o, t, shifts, vcol, -2, "armies fail to cooperate",
		    "13.1.4");
	return ST_OK;
}

/* Split "2,4" into the cooperation roll and the combat roll. */
static int
split_rolls(struct out_result *o, const struct loe_battle *b, char *coop,
    char *combat, size_t len)
{
	const char *comma = strchr(b->roll, ',');

	if (!comma || strchr(comma + 1, ','))
		return out_fail(o, ST_USAGE, "bad roll: '%s' (expected two dice, "
		    "the army cooperation roll then the combat roll, as 3,4; "
		    "13.1.4)", b->roll);
	snprintf(coop, len, "%.*s", (int)(comma - b->roll), b->roll);
	snprintf(combat, len, "%s", comma + 1);
	return ST_OK;
}

int
loe_resolve_roll(struct out_result *o, struct ctx *c, const struct loe_battle *b,
    const struct table *t, cJSON *shifts, long vcol)
{
	char coop[32], combat[32];
	const char *coop_roll = NULL, *roll = b->roll_given ? b->roll : NULL;
	const struct table_entry *e;
	struct verdict v;
	int st, col, total;

	if (b->armies > 1 && b->roll_given) {
		if ((st = split_rolls(o, b, coop, combat, sizeof coop)) != ST_OK)
			return st;
		coop_roll = coop;
		roll = combat;
	}
	if (vcol < 0)	/* the 2L of failed cooperation cannot help */
		return automatic(o, b, t, vcol);
	if (b->armies > 1 &&
	    (st = cooperation(o, c, b, coop_roll, shifts, t, &vcol)) != ST_OK)
		return st;
	if (vcol < 0)
		return automatic(o, b, t, vcol);
	col = crt_settle(o, t, vcol, "8.2.1 C", "8.2.1 B");
	if ((st = crt_roll(o, c, t, roll, &total)) != ST_OK)
		return st;
	if (!(e = table_lookup(t, col, total)))
		return out_fail(o, ST_DATA, "%s: column %s has no result for %d",
		    t->path, t->cols[col].id, total);
	describe(b, e->code, e->text, &v);
	json_set_str(o->json, "column", t->cols[col].id);
	json_set_int(o->json, "roll", total);
	json_set_str(o->json, "roll_source", crt_roll_source(c, roll));
	json_set_bool(o->json, "automatic", 0);
	json_set(o->json, "result", result_json(e->code, &v));
	result_effects(o, b, e->code, &v);
	json_set_str(o->json, "table_source", t->source);
	out_text(o, NULL, "%s %d on %s", roll ? "your roll" : "rolled", total,
	    t->cols[col].id);
	out_result_line(o, v.rule, "result: %s  %s", e->code, v.text);
	stand_in_note(o, t);
	return ST_OK;
}

static void
list_outcomes(struct out_result *o, const struct loe_battle *b, struct crt_dist *d,
    int one_column)
{
	cJSON *outs = json_array();
	struct verdict v;
	int i;

	if (one_column)
		out_text(o, NULL, "%-9s %8s  %s", "roll", "chance", "result");
	else
		out_text(o, NULL, "%8s  %s", "chance", "result");
	for (i = 0; i < d->n; i++) {
		cJSON *r;

		describe(b, d->o[i].code, d->o[i].text, &v);
		r = result_json(d->o[i].code, &v);
		json_set_num(r, "probability", d->o[i].p);
		json_push(outs, r);
		if (one_column)
			out_text(o, NULL, "%-9s %7.2f%%  %s  %s", d->o[i].rolls,
			    100 * d->o[i].p, d->o[i].code, v.text);
		else
			out_text(o, NULL, "%7.2f%%  %s  %s", 100 * d->o[i].p,
			    d->o[i].code, v.text);
	}
	json_set(o->json, "outcomes", outs);
}

/* --odds: every roll, and every cooperation roll, weighed exactly. */
int
loe_resolve_odds(struct out_result *o, struct ctx *c, const struct loe_battle *b,
    const struct table *t, cJSON *shifts, long vcol)
{
	const struct table *coop;
	struct crt_dist d;
	struct dice_dist dist;
	char fodds[64] = "";
	double fail = 0;
	int st, col, fcol = 0;
	size_t i;

	if (vcol < 0)
		return automatic(o, b, t, vcol);
	crt_dist_init(&d);
	col = crt_settle(o, t, vcol, "8.2.1 C", "8.2.1 B");
	json_set_str(o->json, "column", t->cols[col].id);
	json_set_bool(o->json, "automatic", 0);
	if (b->armies > 1) {
		cJSON *j = json_object();

		if ((st = crt_table(c, "loe", "army-cooperation", &coop)) != ST_OK) {
			cJSON_Delete(j);
			return st;
		}
		if (dice_dist_make(&coop->dice, 1, &dist) < 0) {
			cJSON_Delete(j);
			return out_fail(o, ST_DATA, "%s: dice '%s' (expected %s)",
			    coop->path, coop->dice_text, DICE_LIMITS);
		}
		for (i = 0; i < coop->cols[0].n; i++) {
			const struct table_entry *e = &coop->cols[0].entries[i];

			if (strcmp(e->code, "no-cooperation") == 0)
				fail += dice_dist_chance(&dist, e->lo, e->hi);
		}
		dice_dist_free(&dist);
		odds_label(t, vcol - 2, fodds, sizeof fodds);
		if (vcol - 2 >= 0)
			fcol = crt_settle(o, t, vcol - 2, "8.2.1 C", "8.2.1 B");
		out_step(o, "13.1.4", "%d armies attack together: %.2f%% that they "
		    "fail to cooperate, 2L to %s%s", b->armies, 100 * fail, fodds,
		    vcol - 2 < 0 ? ", no roll (8.2.1 C)" : "");
		json_set_int(j, "armies", b->armies);
		json_set_num(j, "fail_probability", fail);
		json_set_str(j, "column_if_fail", fodds);
		json_set(o->json, "cooperation", j);
		if (vcol - 2 >= 0)
			crt_dist_column(&d, t, fcol, fail);
		else
			crt_dist_add(&d, automatic_code, "", fail);
	}
	crt_dist_column(&d, t, col, 1 - fail);
	json_set_str(o->json, "table_source", t->source);
	if (fail > 0)
		out_text(o, NULL, "on %s if the armies cooperate, %s if they fail, "
		    "weighed together:", t->cols[col].id, fodds);
	else
		out_text(o, NULL, "on %s:", t->cols[col].id);
	list_outcomes(o, b, &d, fail == 0);
	crt_dist_free(&d);
	stand_in_note(o, t);
	(void)shifts;
	return ST_OK;
}
