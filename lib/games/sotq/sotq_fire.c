/*
 * sotq_fire.c: fire combat in Soldiers of the Queen (Part 10).
 *
 *   who fires   10.A (a weapon letter each, within range), 10.E (one
 *               attack: artillery apart, the weapon with the most
 *               strength picks the range row, a tie to the longest reach),
 *               10.F (Isandhlwana: no mounted fire, regulars and colonials
 *               apart; Omdurman: Maxims and gunboats alone, only artillery
 *               at a gunboat);
 *   column      10.B (the total fire strength), 10.D (range, then every
 *               shift, stopping at the "0" column), 10.F (woods, the Big
 *               Donga's elevated bank, trench, NNC, colonial and Dervish
 *               firers, mounted firers and targets);
 *   results     10.G (M, 1, 2, PN, PN* and its second roll), the morale
 *               checks that follow, 13.D (leaders), 13.E (routs); a
 *               gunboat hit by Dervish guns sinks on a 1 result (10.F).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "sotq.h"

struct fire {
	const struct table *crt, *rec;
	int total, weapon, range, gunboat_target;
	long vcol;
	cJSON *shifts;
};

/* The Range Effects Chart's entry for weapon w at the range (10.D). */
static const struct table_entry *
rec_entry(const struct fire *f, int w, int range)
{
	char id[2] = { (char)w, '\0' };
	int col = table_column_index(f->rec, id);

	return col < 0 ? NULL : table_lookup(f->rec, col, range);
}

/* The longest range at which w can fire (10.E's tie-break). */
static int
reach(const struct fire *f, int w)
{
	const struct table_entry *e;
	int r, best = 0;

	for (r = 1; r <= f->rec->dice.sides; r++)
		if ((e = rec_entry(f, w, r)) && strcmp(e->code, "out") != 0)
			best = r;
	return best;
}

/* A unit's own range (an rN tag), or --range for the hex (10.A). */
static int
unit_range(const struct sotq *s, const struct crt_unit *u)
{
	int r = crt_tag_number(u, "r");

	return r > 0 ? r : s->range;
}

static int
check_firer(struct out_result *o, const struct sotq *s, const struct fire *f,
    const struct crt_unit *u)
{
	const struct table_entry *e;
	char text[64];
	int w = sotq_weapon(u), range;

	crt_unit_format(u, text, sizeof text);
	if (!w)
		return out_fail(o, ST_USAGE, "a firing unit needs its weapon letter, "
		    "h, l, k, f, s, r, g or m (10.A): '%s'", text);
	if (s->battle == ISANDHLWANA && crt_has_tag(u, "mounted"))
		return out_fail(o, ST_USAGE, "mounted horse cannot fire at "
		    "Isandhlwana (10.F): '%s'", text);
	/* read_request saw that every firer has a range */
	range = unit_range(s, u);
	e = rec_entry(f, w, range);
	if (!e && range <= f->rec->dice.count * f->rec->dice.sides +
	    f->rec->dice.mod)
		return out_fail(o, ST_DATA, "%s: no entry for weapon %c at %d hexes",
		    f->rec->path, w, range);
	/* past the chart's last row is past every weapon's reach */
	if (!e || strcmp(e->code, "out") == 0)
		return out_fail(o, ST_USAGE, "'%s' cannot reach %d hexes with "
		    "weapon %c (10.A, Range Effects Chart)", text, range, w);
	return ST_OK;
}

/* 10.E and 10.F: which units may fire as one attack. */
static int
check_combined(struct out_result *o, const struct sotq *s)
{
	int i, art = 0, maxim = 0, boat = 0, col = 0, n = s->att.n;

	for (i = 0; i < n; i++) {
		const struct crt_unit *u = &s->att.u[i];

		art += sotq_is_artillery(u);
		maxim += sotq_weapon(u) == 'm' && !crt_has_tag(u, "gunboat");
		boat += crt_has_tag(u, "gunboat");
		col += crt_has_tag(u, "col") || crt_has_tag(u, "nnc");
	}
	if (n == 1)
		return ST_OK;
	if (boat)
		return out_fail(o, ST_USAGE, "a gunboat never fires together with "
		    "another unit, gunboats included (10.F)");
	if (art && art < n)
		return out_fail(o, ST_USAGE, "artillery never adds its fire to "
		    "that of other units (10.E): fire them apart");
	if (maxim && maxim < n)
		return out_fail(o, ST_USAGE, "Maxims never fire together with other "
		    "kinds of unit, guns included (10.F): fire them apart");
	if (s->battle == ISANDHLWANA && col && col < n)
		return out_fail(o, ST_USAGE, "at Isandhlwana regular and colonial "
		    "units never fire together (10.F): fire them apart");
	return ST_OK;
}

/* 10.E: units fire as one only from the same range band of the chart. */
static int
check_bands(struct out_result *o, const struct sotq *s, const struct fire *f)
{
	const struct table_entry *first = NULL, *e;
	char a[64], b[64];
	int i, i0 = 0;

	for (i = 0; i < s->att.n; i++) {
		const struct crt_unit *u = &s->att.u[i];

		e = rec_entry(f, sotq_weapon(u), unit_range(s, u));
		if (!first) {
			first = e;
			i0 = i;
			continue;
		}
		if (e->lo == first->lo && e->hi == first->hi)
			continue;
		crt_unit_format(&s->att.u[i0], a, sizeof a);
		crt_unit_format(u, b, sizeof b);
		return out_fail(o, ST_USAGE, "'%s' fires from %s hexes and '%s' from "
		    "%s: only units in the same range band fire together (10.E)",
		    a, first->roll, b, e->roll);
	}
	return ST_OK;
}

static int
check_target(struct out_result *o, const struct sotq *s, struct fire *f)
{
	int i;

	for (i = 0; i < s->def.n; i++)
		f->gunboat_target |= crt_has_tag(&s->def.u[i], "gunboat");
	if (!f->gunboat_target)
		return ST_OK;
	if (s->def.n > 1)
		return out_fail(o, ST_USAGE, "a gunboat is alone on the Nile: give "
		    "it as the only target (6.C)");
	for (i = 0; i < s->att.n; i++)
		if (!sotq_is_artillery(&s->att.u[i]))
			return out_fail(o, ST_USAGE, "only artillery can fire at a "
			    "gunboat (10.F)");
	return ST_OK;
}

/* 10.E: the weapon with the most strength; a tie to the longest reach. */
static void
majority_weapon(const struct sotq *s, struct fire *f)
{
	int sum[26] = { 0 }, i, best = 0;

	for (i = 0; i < s->att.n; i++)
		sum[sotq_weapon(&s->att.u[i]) - 'a'] += s->att.u[i].cf;
	for (i = 0; i < 26; i++) {
		if (!sum[i])
			continue;
		if (!best || sum[i] > sum[best - 'a'] || (sum[i] == sum[best - 'a'] &&
		    reach(f, 'a' + i) > reach(f, best)))
			best = 'a' + i;
	}
	f->weapon = best;
	for (i = 0; i < s->att.n; i++)
		if (sotq_weapon(&s->att.u[i]) == best) {
			f->range = unit_range(s, &s->att.u[i]);
			break;
		}
}

static int
mixed_weapons(const struct sotq *s)
{
	int i;

	for (i = 1; i < s->att.n; i++)
		if (sotq_weapon(&s->att.u[i]) != sotq_weapon(&s->att.u[0]))
			return 1;
	return 0;
}

/* "13-16" or "17+": does v fall in the column's strengths? */
static int
in_column(const char *id, int v)
{
	char *end;
	long lo = strtol(id, &end, 10), hi;

	if (end == id)
		return 0;
	if (*end == '+')
		return v >= lo;
	if (*end == '\0')
		return v == lo;
	if (*end != '-')
		return 0;
	hi = strtol(end + 1, &end, 10);
	return *end == '\0' && v >= lo && v <= hi;
}

static int
strength_column(struct out_result *o, struct fire *f)
{
	size_t i;

	for (i = 0; i < f->crt->ncols; i++)
		if (strcmp(f->crt->cols[i].id, "0") != 0 &&
		    in_column(f->crt->cols[i].id, f->total))
			return (int)i;
	out_fail(o, ST_DATA, "%s: no column holds a fire strength of %d",
	    f->crt->path, f->total);
	return -1;
}

/* "2L" -> -2, "1R" -> 1, "0" -> 0; other text -> 99. */
static int
rec_shift(const char *code)
{
	char *end;
	long n = strtol(code, &end, 10);

	if (end == code || n < 0 || n > 9)
		return 99;
	if (*end == '\0' && n == 0)
		return 0;
	if ((*end == 'L' || *end == 'R') && end[1] == '\0')
		return *end == 'L' ? (int)-n : (int)n;
	return 99;
}

static int
half_or_more(const struct sotq *s, const char *tag, const char *tag2)
{
	int i, k = 0, n = 0;

	for (i = 0; i < s->att.n; i++) {
		if (sotq_is_artillery(&s->att.u[i]))
			continue;
		n++;
		k += crt_has_tag(&s->att.u[i], tag) ||
		    (tag2 && crt_has_tag(&s->att.u[i], tag2));
	}
	return n && 2 * k >= n;
}

static int
shifts(struct out_result *o, const struct sotq *s, struct fire *f)
{
	const struct table_entry *e = rec_entry(f, f->weapon, f->range);
	char why[64];
	int by = rec_shift(e->code), arty = 1, i;

	if (by == 99)
		return out_fail(o, ST_DATA, "%s: '%s' is not a shift like 1L, 0 or "
		    "2R", f->rec->path, e->code);
	snprintf(why, sizeof why, "weapon %c at %d hex%s", f->weapon, f->range,
	    f->range == 1 ? "" : "es");
	if (by == 0)
		out_step(o, "10.D", "%s: no shift", why);
	crt_shift(o, f->crt, f->shifts, &f->vcol, by, why, "10.D");
	if (s->woods)
		crt_shift(o, f->crt, f->shifts, &f->vcol, -1, "target in woods",
		    "10.F");
	if (s->donga_bank)
		crt_shift(o, f->crt, f->shifts, &f->vcol, -1, "Big Donga elevated "
		    "bank", "10.F");
	if (s->trench)
		crt_shift(o, f->crt, f->shifts, &f->vcol, -1, "target in a trench",
		    "10.F");
	if (s->battle == ISANDHLWANA && half_or_more(s, "nnc", NULL))
		crt_shift(o, f->crt, f->shifts, &f->vcol, -1, "half or more are NNC",
		    "10.F");
	for (i = 0; i < s->att.n; i++)
		arty &= sotq_is_artillery(&s->att.u[i]);
	if (s->battle == OMDURMAN && s->attacker == DERVISH && !arty)
		crt_shift(o, f->crt, f->shifts, &f->vcol, -1, "Dervish fire", "10.F");
	if (s->battle == OMDURMAN && s->attacker == BRITISH &&
	    half_or_more(s, "col", "nnc"))
		crt_shift(o, f->crt, f->shifts, &f->vcol, -1, "half or more are "
		    "colonial", "10.F");
	if (s->battle == OMDURMAN && sotq_any_tag(&s->def, "mounted"))
		crt_shift(o, f->crt, f->shifts, &f->vcol, 1, "target is mounted",
		    "10.F");
	if (s->battle == OMDURMAN && sotq_any_tag(&s->att, "mounted"))
		crt_shift(o, f->crt, f->shifts, &f->vcol, -1, "mounted firers",
		    "10.F");
	return ST_OK;
}

/* 10.G: the M, 1, 2 and PN* results put the rest of the hex to a check. */
static int
check_rest(struct out_result *o, struct ctx *c, struct sotq *s)
{
	return sotq_morale_checks(o, c, s, 'a', 0, "10.G", "morale");
}

static int
eliminate(struct out_result *o, struct ctx *c, struct sotq *s, int n)
{
	cJSON *dead = json_array();
	int lost, left, st;

	json_set(o->json, "eliminated", dead);
	lost = sotq_eliminate_top(o, s, n, "10.G", dead);
	/* 13.D looks at the hex as the elimination leaves it: a unit that
	 * then withdraws or routs on its check was still there */
	left = sotq_defenders_left(s);
	if ((st = check_rest(o, c, s)) != ST_OK)
		return st;
	return sotq_leaders(o, c, s, lost, left);
}

/* PN*: the firing player's second die (10.G). */
static int
pinned_star(struct out_result *o, struct ctx *c, struct sotq *s,
    const struct fire *f)
{
	int total, have, st;

	if ((st = sotq_next_roll(o, c, s, f->crt, &total, &have)) != ST_OK)
		return st;
	if (!have) {
		out_step(o, "10.G", "PN*: the firing player rolls again: 1-5 "
		    "pinned, 6 one unit eliminated and the rest check morale");
		json_set_str(o->json, "second_roll", "pending");
		return ST_OK;
	}
	json_set_int(o->json, "second_roll", total);
	if (total <= 5) {
		out_step(o, "10.G", "PN*: second roll %d, the hex is pinned", total);
		return ST_OK;
	}
	out_step(o, "10.G", "PN*: second roll %d, one unit is eliminated",
	    total);
	return eliminate(o, c, s, 1);
}

static int
apply(struct out_result *o, struct ctx *c, struct sotq *s, const struct fire *f,
    const char *code)
{
	if (strcmp(code, "M") == 0)
		return check_rest(o, c, s);
	if (strcmp(code, "1") == 0 || strcmp(code, "2") == 0)
		return eliminate(o, c, s, code[0] - '0');
	if (strcmp(code, "PN*") == 0)
		return pinned_star(o, c, s, f);
	return ST_OK;
}

/* 10.F: Dervish guns sink a gunboat on a 1 result; nothing else tells. */
static const char *
gunboat_text(const char *code)
{
	return strcmp(code, "1") == 0 ? "the gunboat is sunk" :
	    "no effect on a gunboat";
}

static int
fire_odds(struct out_result *o, const struct sotq *s, const struct fire *f,
    int col)
{
	struct crt_dist d;
	cJSON *outs = json_array();
	int i;

	crt_dist_init(&d);
	crt_dist_column(&d, f->crt, col, 1);
	out_text(o, NULL, "%-9s %8s  %s", "roll", "chance", "result");
	for (i = 0; i < d.n; i++) {
		cJSON *r = json_object();
		const char *text = f->gunboat_target ? gunboat_text(d.o[i].code) :
		    d.o[i].text;

		json_set_str(r, "code", d.o[i].code);
		json_set_str(r, "text", text);
		json_set_num(r, "probability", d.o[i].p);
		json_push(outs, r);
		out_text(o, NULL, "%-9s %7.2f%%  %s  %s", d.o[i].rolls,
		    100 * d.o[i].p, d.o[i].code, text);
	}
	json_set(o->json, "outcomes", outs);
	if (!f->gunboat_target)
		out_text(o, "10.G", "PN*: a second die, 6 (1 in 6) eliminates a "
		    "unit, 1-5 pins");
	crt_dist_free(&d);
	(void)s;
	return ST_OK;
}

static int
fire_roll(struct out_result *o, struct ctx *c, struct sotq *s,
    const struct fire *f, int col)
{
	const struct table_entry *e;
	int st;

	if ((st = sotq_combat_roll(o, c, s, f->crt, col, &e)) != ST_OK)
		return st;
	if (f->gunboat_target) {
		sotq_result(o, e->code, gunboat_text(e->code), "10.F");
		return ST_OK;
	}
	sotq_result(o, e->code, e->text, "10.G");
	return apply(o, c, s, f, e->code);
}

int
sotq_fire(struct ctx *c, struct sotq *s, struct out_result *o)
{
	struct fire f;
	int st, i, col;

	memset(&f, 0, sizeof f);
	if ((st = crt_table(c, "sotq", "fire-crt", &f.crt)) != ST_OK ||
	    (st = crt_table(c, "sotq", "range-effects", &f.rec)) != ST_OK)
		return st;
	for (i = 0; i < s->att.n; i++)
		if ((st = check_firer(o, s, &f, &s->att.u[i])) != ST_OK)
			return st;
	if ((st = check_combined(o, s)) != ST_OK ||
	    (st = check_bands(o, s, &f)) != ST_OK ||
	    (st = check_target(o, s, &f)) != ST_OK)
		return st;
	if (f.gunboat_target && s->attacker != DERVISH)
		return out_fail(o, ST_USAGE, "the gunboats are British: only "
		    "Dervish artillery fires at them (10.F)");
	f.total = crt_units_total(&s->att);
	majority_weapon(s, &f);
	if (!s->by_units)	/* else titled before the position was read */
		out_title(o, "Soldiers of the Queen: %s fire at %s, %d hex%s%s",
		    s->attacker == BRITISH ? "British" : "Dervish", s->battle ==
		    ISANDHLWANA ? "Isandhlwana" : "Omdurman", f.range,
		    f.range > 1 ? "es" : "", s->odds ? ", every roll" : "");
	if ((col = strength_column(o, &f)) < 0)
		return ST_DATA;
	out_step(o, "10.B", "fire strength %d -> column %s", f.total,
	    f.crt->cols[col].id);
	if (mixed_weapons(s))
		out_step(o, "10.E", "weapon %c has the most strength: its range row "
		    "is used", f.weapon);
	json_set_int(o->json, "attack", f.total);
	json_set_int(o->json, "range", f.range);
	json_set_str(o->json, "weapon", (char[2]){ (char)f.weapon, '\0' });
	f.shifts = json_array();
	json_set(o->json, "shifts", f.shifts);
	f.vcol = col;
	if ((st = shifts(o, s, &f)) != ST_OK)
		return st;
	col = crt_settle(o, f.crt, f.vcol, "10.D", "10.B");
	json_set_str(o->json, "column", f.crt->cols[col].id);
	st = s->odds ? fire_odds(o, s, &f, col) : fire_roll(o, c, s, &f, col);
	json_set_str(o->json, "table_source", f.crt->source);
	sotq_stand_in(o, f.crt);
	return st;
}
