/*
 * loe_airstrike_chart.c: a Lion of Ethiopia strike (11.4.3, 11.4.4) on the
 * Airstrike Chart (rules/loe/airstrike.json, a stand-in until the printed
 * chart is imported): the target's terrain and entrenchment give the row,
 * the number of air units the column, the date the Normal or Gas section
 * (11.4.5 A); the die (or every die with --odds) and the result in words,
 * with what it does to the Ethiopian units (11.4.4 B, 13.2 A).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "loe_airstrike_chart.h"
#include "out.h"
#include "table.h"

#define TITLE "Lion of Ethiopia"

/* What disruption does, for Dis and for DX's survivors (11.4.4 B). */
static const char disrupted[] = "disrupted: in the next Ethiopian "
    "player-turn they may not attack nor enter an EZOC and move at half MA "
    "(rounded up); in the next Italian player-turn their CF is halved "
    "(rounded up); the marker comes off at the end of that Italian Combat "
    "Phase; a second disruption adds nothing";

static const char *
section_name(int gas)
{
	return gas ? "gas" : "normal";
}

/* The column id the chart uses: SECTION-rROW-UNITS, four or more as 4+. */
static void
column_id(char *buf, size_t len, int gas, int row, int units)
{
	if (units >= 4)
		snprintf(buf, len, "%s-r%d-4+", section_name(gas), row);
	else
		snprintf(buf, len, "%s-r%d-%d", section_name(gas), row, units);
}

/* How many units a DX code eliminates: DX1 1, DX2 2, else 0. */
static int
dx_count(const char *code)
{
	if (strncmp(code, "DX", 2) == 0 && (code[2] == '1' || code[2] == '2') &&
	    !code[3])
		return code[2] - '0';
	return 0;
}

/*
 * The result line, told once: the code with what it does to the hex in
 * umpire's words (who is hit, how many), then only what the line leaves
 * out, what disruption means (11.4.4 B) and Selassie's immunity (13.2 A).
 * A code umpire does not know gets the chart's own words.
 */
static void
tell_effect(struct trail *t, cJSON *res, const struct loe_airstrike_req *r,
    const struct table_entry *e)
{
	const char *code = e->code;
	int k = dx_count(code), others = r->stack ? r->stack -
	    (r->selassie ? 1 : 0) : -1;

	if (strcmp(code, "NE") == 0) {
		trail_result(t, "11.4.4 B", "result: NE  no effect on the target");
		json_set_str(res, "effect", "none");
		return;
	}
	if (k) {
		int gone = others >= 0 && others < k ? others : k;

		trail_result(t, "11.4.4 B", "result: %s  %d unit%s eliminated to "
		    "the dead pile, %s", code, gone, gone == 1 ? "" : "s",
		    gone < k ? "all the hex holds" : "the Ethiopian player "
		    "choosing which");
		json_set_num(res, "eliminated", gone);
		if (others >= 0)
			json_set_num(res, "survivors", r->stack - gone);
		if (others < 0 || r->stack > gone)
			trail_step(t, "11.4.4 B", "survivors %s", disrupted);
	} else if (strcmp(code, "Dis") == 0) {
		trail_result(t, "11.4.4 B", "result: Dis  every Ethiopian unit in "
		    "the hex is disrupted");
		trail_step(t, "11.4.4 B", "%s", disrupted);
		json_set_num(res, "eliminated", 0);
	} else {
		trail_result(t, "11.4.4 B", "result: %s  %s", code, e->text);
		trail_step(t, "11.4.4 B", "result '%s' is not NE, Dis, DX1 or "
		    "DX2: umpire reads no more into it than your chart says", code);
	}
	if (r->selassie) {
		trail_step(t, "13.2 A", "Selassie is immune: he is neither "
		    "eliminated nor disrupted; the units with him are");
		json_set_bool(res, "selassie_immune", 1);
	}
	json_set_str(res, "effect", k ? "eliminated" : "disrupted");
}

static int
load_chart(const struct ctx *c, struct table **t)
{
	return table_load(c, "loe", "airstrike", t);
}

/* The row from the words, or the map's target hex. */
static int
target_row(const struct loe_airstrike_req *r, const char **words)
{
	char why[160];
	int row;

	*words = r->terrain ? r->terrain : r->map_terrain[0] ? r->map_terrain :
	    "clear";
	if ((row = loe_air_row(*words, r->entrenched, why, sizeof why)) < 0)
		return err(ST_USAGE, "%s", why), -1;
	return row;
}

/* What the map (5.2 A's stopped zones) and the saved missions showed. */
static void
zoc_notes(struct trail *t, cJSON *json, const struct loe_airstrike_req *r)
{
	cJSON *a;
	int i;

	if (!r->a.nnotes)
		return;
	a = json_array();
	for (i = 0; i < r->a.nnotes; i++) {
		cJSON *o = json_object();

		trail_step(t, r->a.notes[i].rule, "%s", r->a.notes[i].text);
		json_set_str(o, "rule", r->a.notes[i].rule);
		json_set_str(o, "text", r->a.notes[i].text);
		json_push(a, o);
	}
	json_set(json, "notes", a);
}

/* The strike's own eligibility (11.4.3 A, 10.1.3): refused, or relied on. */
static int
strike_allowed(struct trail *t, cJSON *json, const struct loe_airstrike_req *r)
{
	struct loe_air_facts f = r->facts;
	struct air_reason rs[AIR_MAX_REASONS];
	int n, i;

	f.mission = LOE_STRIKE;
	n = loe_air_check(&f, rs, AIR_MAX_REASONS);
	for (i = 0; i < n; i++)
		if (rs[i].bars)
			return err(ST_NO, "no strike: %s (%s)", rs[i].text,
			    rs[i].rule);
	if (!r->stated_zoc && !r->map_zoc)
		trail_step(t, "11.4.3 A", "relied on: the target is in no "
		    "Italian ZOC (else --zoc; a fort's ZOC, --fort-zoc)");
	else
		for (i = 0; i < n; i++)
			if (!rs[i].bars && (strcmp(rs[i].rule, "10.1.3") == 0 ||
			    strcmp(rs[i].rule, "10.2.2 A") == 0))
				trail_step(t, rs[i].rule, "%s", rs[i].text);
	zoc_notes(t, json, r);
	trail_step(t, "11.4.3 A", "relied on: no Italian ground unit attacks "
	    "the hex this turn (else --attacked)");
	json_set_bool(json, "relied_no_ground_attack", 1);
	return ST_OK;
}

static int
is_gas(const struct loe_airstrike_req *r)
{
	return r->gas || (r->turn && r->turn_gas);
}

static void
tell_section(struct trail *t, const struct loe_airstrike_req *r, int gas)
{
	if (r->gas)
		trail_step(t, "11.4.5 A", "section: Gas (--gas)");
	else if (r->turn)
		trail_step(t, "11.4.5 A", "section: %s (turn %s, %s the Jan 1 "
		    "turn)", gas ? "Gas" : "Normal", r->turn, gas ? "from" :
		    "before");
	else if (!r->a.odds)
		trail_step(t, "11.4.5 A", "section: Normal (no --turn or --gas: "
		    "before the Jan 1 turn)");
}

static long
gcd(long a, long b)
{
	while (b) {
		long t = a % b;

		a = b;
		b = t;
	}
	return a ? a : 1;
}

/* "3/6" reduced to "1/2": the exact chance a player can check by hand. */
static void
fraction(char *buf, size_t len, long num, long den)
{
	long g = gcd(num, den);

	snprintf(buf, len, "%ld/%ld", num / g, den / g);
}

/* The ways each code is rolled in one column, merged by code (a code may
 * sit on rolls that are not next to each other). */
struct code_ways {
	const char *code;
	long ways[2];		/* Normal, Gas */
};

static int
code_add(struct code_ways *cw, int n, int max, const char *code, int g,
    long ways)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(cw[i].code, code) == 0)
			break;
	if (i == n) {
		if (n == max)
			return n;
		cw[n].code = code;
		cw[n].ways[0] = cw[n].ways[1] = 0;
		n++;
	}
	cw[i].ways[g] += ways;
	return n;
}

/* Every roll of one column, summed by result. */
static int
odds_column(struct trail *t, cJSON *cols, const struct table *tab, int col,
    int g, struct code_ways *cw, int ncw, int maxcw)
{
	const struct table_column *tc = &tab->cols[col];
	cJSON *jc = json_object(), *outs = json_array();
	int faces = tab->dice.sides;
	char chance[32];
	size_t i;

	trail_step(t, "11.4.4 A", "%s (%s):", tc->id, tc->title);
	for (i = 0; i < tc->n; i++) {
		const struct table_entry *e = &tc->entries[i];
		int ways = e->hi - e->lo + 1;
		cJSON *o = json_object();

		fraction(chance, sizeof chance, ways, faces);
		trail_step(t, NULL, "  %-4s rolls %-4s %d/%d = %-5s %6.2f%%",
		    e->code, e->roll, ways, faces, chance, 100.0 * ways / faces);
		json_set_str(o, "code", e->code);
		json_set_str(o, "roll", e->roll);
		json_set_num(o, "ways", ways);
		json_set_str(o, "chance", chance);
		json_set_num(o, "probability", (double)ways / faces);
		json_push(outs, o);
		ncw = code_add(cw, ncw, maxcw, e->code, g, ways);
	}
	json_set_str(jc, "column", tc->id);
	json_set_str(jc, "section", section_name(g));
	json_set_num(jc, "faces", faces);
	json_set(jc, "outcomes", outs);
	json_push(cols, jc);
	return ncw;
}

/*
 * The date left the section open (11.4.5 A): each result's chance over
 * both sections, Gas weighted gn/gd and Normal the rest.  Exact: a code
 * with a ways of Normal and b of Gas on f faces has
 * ((gd - gn) a + gn b) / (gd f).
 */
static void
odds_combined(struct trail *t, cJSON *json, const struct loe_airstrike_req *r,
    const struct code_ways *cw, int n, int faces)
{
	cJSON *jc = json_object(), *outs = json_array();
	long den = (long)r->gas_den * faces;
	char w[32], chance[32];
	int i;

	fraction(w, sizeof w, r->gas_num, r->gas_den);
	trail_step(t, "11.4.5 A", "both sections together, assuming the strike "
	    "flies with gas at a chance of %s%s:", w, r->gas_given ? "" :
	    " (each section equally likely; set it with --gas-chance)");
	for (i = 0; i < n; i++) {
		long num = (long)(r->gas_den - r->gas_num) * cw[i].ways[0] +
		    (long)r->gas_num * cw[i].ways[1];
		cJSON *o = json_object();

		fraction(chance, sizeof chance, num, den);
		trail_step(t, NULL, "  %-4s %-7s %6.2f%%", cw[i].code, chance,
		    100.0 * (double)num / (double)den);
		json_set_str(o, "code", cw[i].code);
		json_set_str(o, "chance", chance);
		json_set_num(o, "probability", (double)num / (double)den);
		json_push(outs, o);
	}
	json_set_str(jc, "gas_chance", w);
	json_set_bool(jc, "assumed", !r->gas_given);
	json_set(jc, "outcomes", outs);
	json_set(json, "combined", jc);
}

#define MAX_CODES 16

static int
strike_odds(struct trail *t, cJSON *json, const struct table *tab,
    const struct loe_airstrike_req *r, int row)
{
	struct code_ways cw[MAX_CODES];
	cJSON *cols = json_array();
	int both = !r->gas && !r->turn, g, n = 0;

	if (tab->dice.count != 1 || tab->dice.mod)
		return err(ST_DATA, "%s: --odds counts one die's faces (expected "
		    "dice 1dN)", tab->path);
	if (both)
		trail_step(t, "11.4.5 A", "section not given (--turn or --gas): "
		    "both shown, then together");
	for (g = 0; g < 2; g++) {
		char id[32];
		int col;

		if (!both && g != is_gas(r))
			continue;
		column_id(id, sizeof id, g, row, r->a.units);
		if ((col = table_column_index(tab, id)) < 0) {
			cJSON_Delete(cols);
			return err(ST_DATA, "%s: no column '%s' (expected "
			    "SECTION-rROW-UNITS)", tab->path, id);
		}
		n = odds_column(t, cols, tab, col, g, cw, n, MAX_CODES);
	}
	json_set(json, "odds", cols);
	if (both)
		odds_combined(t, json, r, cw, n, tab->dice.sides);
	return ST_OK;
}

static int
strike_roll(struct ctx *c, struct trail *t, cJSON *json,
    const struct table *tab, const struct loe_airstrike_req *r, int row)
{
	const struct table_entry *e;
	cJSON *res = json_object();
	int faces[DICE_MAX_COUNT], total, col, gas = is_gas(r);
	char id[32], why[128];

	column_id(id, sizeof id, gas, row, r->a.units);
	if ((col = table_column_index(tab, id)) < 0) {
		cJSON_Delete(res);
		return err(ST_DATA, "%s: no column '%s' (expected "
		    "SECTION-rROW-UNITS)", tab->path, id);
	}
	if (r->a.roll && dice_parse_roll(&tab->dice, r->a.roll, faces, why,
	    sizeof why) < 0) {
		cJSON_Delete(res);
		return err(ST_USAGE, "bad roll: '%s' (expected %s)", r->a.roll, why);
	}
	total = r->a.roll ? dice_total(&tab->dice, faces) :
	    dice_roll(&tab->dice, ctx_rng(c), faces);
	if (!(e = table_lookup(tab, col, total))) {
		cJSON_Delete(res);
		return err(ST_DATA, "%s: column '%s' has no result for %d",
		    tab->path, id, total);
	}
	trail_step(t, "11.4.4 A", "roll %d on %s%s", total, id,
	    r->a.roll ? " (your die)" : "");
	json_set_str(json, "column", id);
	json_set_str(json, "section", section_name(gas));
	json_set_num(json, "roll", total);
	json_set_str(json, "roll_source", r->a.roll ? "player" : c->seeded ?
	    "seed" : "random");
	json_set_str(res, "code", e->code);
	json_set_str(res, "text", e->text);
	tell_effect(t, res, r, e);
	json_set(json, "result", res);
	return ST_OK;
}

int
loe_airstrike_chart_strike(struct ctx *c, const struct loe_airstrike_req *r,
    struct out_result *res)
{
	cJSON *json = res->json;
	struct trail *t = res->trail;
	struct table *tab = NULL;
	const char *words;
	char said[160];
	int row, st;

	if ((row = target_row(r, &words)) < 0)
		return ST_USAGE;
	if ((st = load_chart(c, &tab)) != ST_OK)
		return st;
	trail_title(t, "11.4.4", TITLE ": airstrike");
	trail_step(t, "11.4.4 A", "target hex: %s%s -> row %d", words,
	    r->entrenched ? ", entrenched" : "", row);
	trail_step(t, "11.4.4 A", "air units: %d (their number, not their CF)",
	    r->a.units);
	tell_section(t, r, is_gas(r));
	json_set_str(json, "procedure", "airstrike");
	json_set_str(json, "game", "loe");
	json_set_str(json, "terrain", words);
	json_set_bool(json, "entrenched", r->entrenched);
	json_set_num(json, "row", row);
	json_set_num(json, "units", r->a.units);
	json_set_str(json, "table_source", tab->source);
	st = strike_allowed(t, json, r);
	if (st == ST_OK && r->a.saved && !r->a.odds)
		st = loe_airstrike_saved_units(r);
	if (st == ST_OK)
		st = r->a.odds ? strike_odds(t, json, tab, r, row) :
		    strike_roll(c, t, json, tab, r, row);
	if (st == ST_OK && r->a.saved && !r->a.odds &&
	    (st = air_saved_record(&r->a, "strike", said, sizeof said,
	    json)) == ST_OK)
		trail_step(t, "11.1 A", "%s", said);
	if (st == ST_OK && strcmp(tab->source, "stand-in") == 0)
		trail_note(t, "  (the loe Airstrike Chart is a stand-in: "
		    "`umpire table --import loe airstrike FILE` installs your "
		    "printed chart)");
	table_free(tab);
	return st;
}
