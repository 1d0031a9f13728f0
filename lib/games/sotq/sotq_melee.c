/*
 * sotq_melee.c: melee combat in Soldiers of the Queen (Part 12).
 *
 *   who         12.A and 12.C (no British attacks at Isandhlwana; no
 *               gunboats; at Omdurman regulars and colonials attack apart;
 *               charges by mounted cavalry on foot, dismounted cavalry or
 *               artillery, never into rough ground; no cavalry charges at
 *               Isandhlwana, 6.D);
 *   before      12.E (each C or D defender checks morale, the die less 2;
 *               a unit that withdraws or routs has left the hex);
 *   odds        12.B (rounded in the defender's favour, the table's end
 *               columns for odds past them), 12.C (automatic eliminations
 *               at 18-1, 7-1 and 10-1);
 *   shifts      12.C (charges, the 21st Lancers), 12.D (ridges, the Big
 *               Donga's elevated bank, thorn hedge, trench);
 *   results     12.F (WD, 1 and the 7-pounder exception, M by 10.G,
 *               advance after combat), 13.D (leaders), 13.E (routs).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "odds.h"
#include "sotq.h"

#define MAX_CHECKS 12

struct melee {
	const struct table *crt;
	int att;
	long shift;		/* the sum of the column shifts */
	int cd[MAX_CHECKS];	/* C and D defenders, by index */
	int ncd;
};

static int
all_tag(const struct crt_units *us, const char *tag)
{
	int i;

	for (i = 0; i < us->n; i++)
		if (!crt_has_tag(&us->u[i], tag))
			return 0;
	return 1;
}

static int
check_charge(struct out_result *o, const struct sotq *s)
{
	if (!s->charge)
		return ST_OK;
	if (s->battle == ISANDHLWANA)
		return out_fail(o, ST_USAGE, "cavalry cannot charge at Isandhlwana "
		    "(6.D)");
	if (!all_tag(&s->att, "mounted"))
		return out_fail(o, ST_USAGE, "only mounted cavalry charges: tag every "
		    "attacking unit mounted (12.C)");
	if (sotq_any_tag(&s->def, "mounted"))
		return out_fail(o, ST_USAGE, "a charge falls on foot, dismounted "
		    "cavalry or artillery, not on mounted units (12.C)");
	if (s->rough)
		return out_fail(o, ST_USAGE, "units in rough ground (level 2 and "
		    "higher) cannot be charged (12.C)");
	return ST_OK;
}

static int
check_units(struct out_result *o, const struct sotq *s)
{
	int i, col = 0;

	if (sotq_any_tag(&s->att, "gunboat") || sotq_any_tag(&s->def, "gunboat"))
		return out_fail(o, ST_USAGE, "gunboats neither attack nor are "
		    "attacked in melee (12.C)");
	for (i = 0; i < s->att.n; i++)
		col += crt_has_tag(&s->att.u[i], "col") ||
		    crt_has_tag(&s->att.u[i], "nnc");
	if (s->battle == OMDURMAN && s->attacker == BRITISH && col &&
	    col < s->att.n)
		return out_fail(o, ST_USAGE, "regular and colonial units never "
		    "attack in the same melee (12.C)");
	return check_charge(o, s);
}

static void
shifts(struct out_result *o, const struct sotq *s, struct melee *m, long *vcol,
    cJSON *arr)
{
	long start = *vcol;

	if (s->charge && sotq_any_tag(&s->att, "lancers"))
		crt_shift(o, m->crt, arr, vcol, 2, "the 21st Lancers charge",
		    "12.C");
	else if (s->charge)
		crt_shift(o, m->crt, arr, vcol, 1, "cavalry charge", "12.C");
	if (s->ridge_down)
		crt_shift(o, m->crt, arr, vcol, 1, "down across a ridge", "12.D");
	if (s->ridge_up)
		crt_shift(o, m->crt, arr, vcol, -1, "up across a ridge", "12.D");
	if (s->big_donga)
		crt_shift(o, m->crt, arr, vcol, -3, "Big Donga elevated bank",
		    "12.D");
	if (s->thorn_hedge)
		crt_shift(o, m->crt, arr, vcol, -1, "through the thorn hedge",
		    "12.D");
	if (s->trench)
		crt_shift(o, m->crt, arr, vcol, -1, "defender in a trench", "12.D");
	m->shift = *vcol - start;
}

static int
defense_total(const struct sotq *s)
{
	int i, n = 0;

	for (i = 0; i < s->def.n; i++)
		if (!s->gone[i])
			n += s->def.u[i].cf;
	return n;
}

/* 12.C: odds at which the attack needs no die.  0 none, 1 the top unit,
 * 2 every unit. */
static int
automatic(const struct sotq *s, struct ratio r)
{
	if (s->battle == ISANDHLWANA)
		return s->surrounded && odds_ratio_cmp(r, (struct ratio){ 18, 1 }) >=
		    0 ? 2 : 0;
	if (s->surrounded && odds_ratio_cmp(r, (struct ratio){ 10, 1 }) >= 0)
		return 2;
	return odds_ratio_cmp(r, (struct ratio){ 7, 1 }) >= 0;
}

static const char *const auto_text[] = { NULL,
	"the top defending unit is eliminated without a roll",
	"every defending unit, surrounded, is eliminated without a roll" };

/* 12.F: an empty hex may be entered by up to two attackers. */
static void
advance(struct out_result *o, const struct sotq *s)
{
	int left = sotq_defenders_left(s);

	json_set_bool(o->json, "advance", left == 0);
	if (left == 0)
		out_step(o, "12.F", "the hex is empty: up to two attacking units "
		    "may advance into it at once, enemy ZOC or not; artillery "
		    "cannot");
}

static int
kill(struct out_result *o, struct ctx *c, struct sotq *s, int n)
{
	cJSON *dead = json_array();
	int lost;

	json_set(o->json, "eliminated", dead);
	lost = sotq_eliminate_top(o, s, n, "12.F", dead);
	return sotq_leaders(o, c, s, lost, sotq_defenders_left(s));
}

/* "1" (12.F): the top unit; at Isandhlwana a 7-pounder on top is passed
 * over for the next unit that is not a gun, and with none nobody dies. */
static int
lose_one(struct out_result *o, struct ctx *c, struct sotq *s)
{
	cJSON *dead;
	char name[96];
	int i, skipped = 0;

	if (s->battle == OMDURMAN)
		return kill(o, c, s, 1);
	dead = json_array();
	json_set(o->json, "eliminated", dead);
	for (i = 0; i < s->def.n; i++) {
		if (s->gone[i])
			continue;
		if (crt_has_tag(&s->def.u[i], "gun")) {
			skipped++;
			continue;
		}
		s->gone[i] = 1;
		sotq_unit_name(s, i, name, sizeof name);
		out_step(o, "12.F", "%s is eliminated%s", name, skipped ? ", the "
		    "7-pounder above it spared" : "");
		json_push(dead, cJSON_CreateNumber(i + 1));
		return sotq_leaders(o, c, s, 1, sotq_defenders_left(s));
	}
	out_step(o, "12.F", "only 7-pounders are in the hex: no unit is "
	    "eliminated");
	return ST_OK;
}

static int
apply(struct out_result *o, struct ctx *c, struct sotq *s, const char *code)
{
	int st = ST_OK;

	if (strcmp(code, "WD") == 0) {
		out_step(o, "12.F", "every attacking unit withdraws 1 hex; one "
		    "that cannot is pinned, not eliminated");
		return ST_OK;
	}
	if (strcmp(code, "1") == 0)
		st = lose_one(o, c, s);
	else if (strcmp(code, "M") == 0)
		st = sotq_morale_checks(o, c, s, 'a', 0, "10.G", "morale");
	if (st == ST_OK)
		advance(o, s);
	return st;
}

/*
 * No melee die is rolled (an empty hex, 12.E; odds that win outright,
 * 12.C): the next dice given are for what follows (the leaders' 2d6,
 * 13.D), and any left over are set aside at the end (sotq_rolls_done).
 */
static void
skip_die(struct out_result *o, const char *rule)
{
	out_step(o, rule, "no melee die is rolled");
}

/* 12.E, with the player's dice or umpire's. */
static int
pre_melee(struct out_result *o, struct ctx *c, struct sotq *s, struct melee *m)
{
	if (!m->ncd)
		return ST_OK;
	if (s->rolls.given && s->rolls.n < m->ncd)
		return out_fail(o, ST_USAGE, "--roll: %d pre-melee morale check%s "
		    "come%s before the melee die (12.E): expected at least %d dice",
		    m->ncd, m->ncd > 1 ? "s" : "", m->ncd > 1 ? "" : "s", m->ncd);
	return sotq_morale_checks(o, c, s, 'c', -2, "12.E", "pre_melee");
}

/* The column for odds r, with the 12.B ends; steps unless quiet. */
static int
odds_column(struct out_result *o, const struct melee *m, struct ratio r,
    int quiet)
{
	int edge, col = odds_column_ratio(m->crt, r, &edge);

	if (col >= 0 && edge && !quiet)
		out_step(o, "12.B", "odds %s the table: the %s column is used",
		    edge < 0 ? "below" : "above", m->crt->cols[col].id);
	return col;
}

static int
roll_melee(struct out_result *o, struct ctx *c, struct sotq *s, struct melee *m,
    int col)
{
	const struct table_entry *e;
	int st;

	if ((st = sotq_combat_roll(o, c, s, m->crt, col, &e)) != ST_OK)
		return st;
	sotq_result(o, e->code, e->text, "12.F");
	return apply(o, c, s, e->code);
}

static void
odds_step(struct out_result *o, const struct sotq *s, const struct melee *m,
    struct ratio *r)
{
	char odds[32], ratio[48];
	int def = defense_total(s);

	*r = odds_ratio_defender(m->att, def);
	odds_ratio_format(*r, odds);
	snprintf(ratio, sizeof ratio, "%d:%d", m->att, def);
	json_set_int(o->json, "defense", def);
	json_set_str(o->json, "ratio", ratio);
	json_set_str(o->json, "odds", odds);
	out_step(o, "12.B", "melee strength %d against %d -> %s, rounded in the "
	    "defender's favour", m->att, def, odds);
}

static int
melee_roll(struct out_result *o, struct ctx *c, struct sotq *s, struct melee *m)
{
	struct ratio r;
	cJSON *arr;
	long vcol;
	int st, col, how;

	if ((st = pre_melee(o, c, s, m)) != ST_OK)
		return st;
	if (defense_total(s) == 0) {
		json_set_int(o->json, "defense", 0);
		json_set_bool(o->json, "automatic", 1);
		sotq_result(o, "empty", "every defender left before the melee; "
		    "there is no one to fight", "12.E");
		skip_die(o, "12.E");
		return ST_OK;
	}
	odds_step(o, s, m, &r);
	if ((how = automatic(s, r)) != 0) {
		json_set_bool(o->json, "automatic", 1);
		sotq_result(o, how == 2 ? "auto-all" : "auto-1", auto_text[how],
		    "12.C");
		skip_die(o, "12.C");
		if ((st = kill(o, c, s, how == 2 ? s->def.n : 1)) != ST_OK)
			return st;
		advance(o, s);
		return ST_OK;
	}
	json_set_bool(o->json, "automatic", 0);
	if ((col = odds_column(o, m, r, 0)) < 0)
		return out_fail(o, ST_DATA, "%s: the columns are not odds like "
		    "3:1", m->crt->path);
	arr = json_array();
	json_set(o->json, "shifts", arr);
	vcol = col;
	shifts(o, s, m, &vcol, arr);
	col = crt_settle(o, m->crt, vcol, "12.B", "12.B");
	json_set_str(o->json, "column", m->crt->cols[col].id);
	return roll_melee(o, c, s, m, col);
}

/* --odds: every way the pre-melee checks can fall, weighed exactly. */
static int
melee_odds(struct out_result *o, struct ctx *c, struct sotq *s, struct melee *m)
{
	double leave[MAX_CHECKS];
	struct crt_dist d;
	struct ratio r;
	cJSON *arr, *outs = json_array();
	long vcol, mask;
	int i, st, col, how, clamped;

	json_set(o->json, "outcomes", outs);
	for (i = 0; i < m->ncd; i++) {
		char name[96];

		if ((st = sotq_morale_leave_chance(c, o, sotq_rating(
		    &s->def.u[m->cd[i]]), -2, &leave[i])) != ST_OK)
			return st;
		sotq_unit_name(s, m->cd[i], name, sizeof name);
		out_step(o, "12.E", "%s checks morale first, die less 2: "
		    "%.2f%% that it leaves the hex", name, 100 * leave[i]);
	}
	odds_step(o, s, m, &r);
	arr = json_array();
	json_set(o->json, "shifts", arr);
	if ((col = odds_column(o, m, r, 0)) < 0)
		return out_fail(o, ST_DATA, "%s: the columns are not odds like "
		    "3:1", m->crt->path);
	vcol = col;
	shifts(o, s, m, &vcol, arr);
	crt_dist_init(&d);
	for (mask = 0; mask < 1L << m->ncd; mask++) {
		double w = 1;

		for (i = 0; i < m->ncd; i++) {
			s->gone[m->cd[i]] = (int)(mask >> i & 1);
			w *= mask >> i & 1 ? leave[i] : 1 - leave[i];
		}
		if (w == 0)
			continue;
		if (defense_total(s) == 0) {
			crt_dist_add(&d, "empty", "every defender left before the "
			    "melee", w);
			continue;
		}
		r = odds_ratio_defender(m->att, defense_total(s));
		if ((how = automatic(s, r)) != 0) {
			crt_dist_add(&d, how == 2 ? "auto-all" : "auto-1",
			    auto_text[how], w);
			continue;
		}
		col = table_shift(m->crt, odds_column(o, m, r, 1), (int)m->shift,
		    &clamped);
		crt_dist_column(&d, m->crt, col, w);
	}
	out_text(o, NULL, "%8s  %s", "chance", "result");
	for (i = 0; i < d.n; i++) {
		cJSON *j = json_object();

		json_set_str(j, "code", d.o[i].code);
		json_set_str(j, "text", d.o[i].text);
		json_set_num(j, "probability", d.o[i].p);
		json_push(outs, j);
		out_text(o, NULL, "%7.2f%%  %s  %s", 100 * d.o[i].p, d.o[i].code,
		    d.o[i].text);
	}
	crt_dist_free(&d);
	return ST_OK;
}

int
sotq_melee(struct ctx *c, struct sotq *s, struct out_result *o)
{
	struct melee m;
	int st, i;

	memset(&m, 0, sizeof m);
	if ((st = check_units(o, s)) != ST_OK)
		return st;
	if ((st = crt_table(c, "sotq", s->battle == ISANDHLWANA ?
	    "melee-isandhlwana" : "melee-omdurman", &m.crt)) != ST_OK)
		return st;
	for (i = 0; i < s->def.n; i++)
		if (sotq_rating(&s->def.u[i]) >= 'c') {
			if (m.ncd == MAX_CHECKS)
				return out_fail(o, ST_USAGE, "at most %d C and D "
				    "defenders", MAX_CHECKS);
			m.cd[m.ncd++] = i;
		}
	if (!s->by_units)	/* else titled before the position was read */
		out_title(o, "Soldiers of the Queen: %s melee at %s%s",
		    s->attacker == BRITISH ? "British" : s->attacker == ZULU ?
		    "Zulu" : "Dervish", s->battle == ISANDHLWANA ?
		    "Isandhlwana" : "Omdurman", s->odds ? ", every roll" : "");
	m.att = crt_units_total(&s->att);
	json_set_int(o->json, "attack", m.att);
	st = s->odds ? melee_odds(o, c, s, &m) : melee_roll(o, c, s, &m);
	json_set_str(o->json, "table_source", m.crt->source);
	sotq_stand_in(o, m.crt);
	return st;
}
