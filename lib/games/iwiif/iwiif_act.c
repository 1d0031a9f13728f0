/*
 * iwiif_act.c: activation in I wish I was in France! (5-8).
 *
 * One d10 per unit (or command group) on the Activation Rolls table
 * (rules/iwiif/activation.json, 7): the column is the commander's ability
 * (diligent, competent, inept officer or NCO, 5) or, out of command, the
 * troops' quality (6).  Around the roll the limits of 5, 6 and 8: a unit
 * brought under command this turn does not roll; an out-of-command unit
 * with no action falls back a full move unless in defences; a plan of
 * actions is held to the list of 8 (which may be repeated, assault ends
 * the phase) and to the actions rolled; only a senior officer may bring a
 * junior officer under command, and a unit out of command brings no one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "games/iwiif/iwiif.h"
#include "opt.h"

#define MAX_UNITS 16
#define MAX_PLAN 12

static const struct {
	const char *word, *column, *title;
	int out_of_command;
} commanders[] = {
	{ "diligent", "diligent", "diligent officer", 0 },
	{ "competent", "competent", "competent officer", 0 },
	{ "inept", "inept", "inept officer", 0 },
	{ "nco", "inept", "NCO", 0 },
	{ "inadequate", "inadequate-ooc", "out of command, inadequate troops", 1 },
	{ "capable", "capable-ooc", "out of command, capable troops", 1 },
	{ "exceptional", "exceptional-ooc", "out of command, exceptional troops",
	  1 },
};

#define NCOMMANDERS (sizeof commanders / sizeof *commanders)

/* The actions of 8; R may be repeated in a turn, A ends the phase. */
static const struct {
	const char *word;
	char kind;	/* 'R' repeatable, 'A' assault, '1' once */
} actions[] = {
	{ "move", 'R' }, { "fire", 'R' }, { "fire-artillery", '1' },
	{ "in-position", '1' }, { "set-up", '1' }, { "observe", 'R' },
	{ "rally", 'R' }, { "test-retreat", 'R' }, { "assault", 'A' },
	{ "limber", '1' }, { "lay", '1' }, { "communicate", '1' },
	{ "runner", '1' }, { "bring", '1' }, { "bring-junior", '1' },
};

#define NACTIONS (sizeof actions / sizeof *actions)

struct unit {
	char label[32];
	int commander;		/* index in commanders[] */
	int senior, junior, brought, defences;
	int col;
	int face;
};

struct plan {
	int a[MAX_PLAN];
	int n;
	char text[256];
};

static int
find_commander(const char *w, size_t n)
{
	size_t i;

	for (i = 0; i < NCOMMANDERS; i++)
		if (strlen(commanders[i].word) == n &&
		    strncmp(commanders[i].word, w, n) == 0)
			return (int)i;
	return -1;
}

/* "[label=]word[:senior|:junior|:brought|:defences]..." */
static int
parse_unit(struct out_result *o, const char *text, int index, struct unit *u)
{
	const char *eq = strchr(text, '='), *w = eq ? eq + 1 : text, *p;
	size_t n = strcspn(w, ":");

	memset(u, 0, sizeof *u);
	if (eq && (eq == text || eq - text >= (long)sizeof u->label))
		return out_fail(o, ST_USAGE, "bad unit name: '%.40s' (expected "
		    "name=commander, the name under %zu characters)", text,
		    sizeof u->label);
	if (eq)
		snprintf(u->label, sizeof u->label, "%.*s", (int)(eq - text), text);
	else
		snprintf(u->label, sizeof u->label, "unit %d", index + 1);
	if ((u->commander = find_commander(w, n)) < 0)
		return out_fail(o, ST_USAGE, "bad commander: '%.40s' (expected "
		    "diligent, competent, inept or nco; out of command, the "
		    "troops' inadequate, capable or exceptional)", text);
	for (p = w + n; *p == ':'; p += n) {
		p++;
		n = strcspn(p, ":");
		if (n == 6 && strncmp(p, "senior", 6) == 0)
			u->senior = 1;
		else if (n == 6 && strncmp(p, "junior", 6) == 0)
			u->junior = 1;
		else if (n == 7 && strncmp(p, "brought", 7) == 0)
			u->brought = 1;
		else if (n == 8 && strncmp(p, "defences", 8) == 0)
			u->defences = 1;
		else
			return out_fail(o, ST_USAGE, "bad tag in '%.40s': ':%.*s' "
			    "(expected senior, junior, brought or defences)", text,
			    (int)n, p);
	}
	if ((u->senior || u->junior) && (u->commander > 2))
		return out_fail(o, ST_USAGE, "'%.40s': only an officer is senior "
		    "or junior", text);
	if (u->senior && u->junior)
		return out_fail(o, ST_USAGE, "'%.40s': senior or junior, not both",
		    text);
	return ST_OK;
}

static int
action_index(const char *w, size_t n)
{
	size_t i;

	for (i = 0; i < NACTIONS; i++)
		if (strlen(actions[i].word) == n &&
		    strncmp(actions[i].word, w, n) == 0)
			return (int)i;
	return -1;
}

/* 8: the plan as a list of actions, each once unless repeatable, and
 * nothing after an assault. */
static int
parse_plan(struct out_result *o, const char *text, struct plan *pl)
{
	const char *p = text;
	int i;

	memset(pl, 0, sizeof *pl);
	snprintf(pl->text, sizeof pl->text, "%s", text);
	for (;;) {
		size_t n = strcspn(p, ",");
		int a = action_index(p, n);

		if (a < 0)
			return out_fail(o, ST_USAGE, "bad action: '%.*s' (expected "
			    "move, fire, fire-artillery, in-position, set-up, observe, "
			    "rally, test-retreat, assault, limber, lay, communicate, "
			    "runner, bring or bring-junior)", (int)(n > 30 ? 30 : n), p);
		if (pl->n == MAX_PLAN)
			return out_fail(o, ST_USAGE, "--plan: at most %d actions",
			    MAX_PLAN);
		if (pl->n && actions[pl->a[pl->n - 1]].kind == 'A')
			return out_fail(o, ST_USAGE, "--plan: no action may follow an "
			    "assault, which ends the unit's actions this phase (8, "
			    "18): '%s'", actions[a].word);
		for (i = 0; i < pl->n && actions[a].kind != 'R'; i++)
			if (pl->a[i] == a)
				return out_fail(o, ST_USAGE, "--plan: %s may be taken once "
				    "a turn; only move, fire, observe, rally and "
				    "test-retreat repeat (8)", actions[a].word);
		pl->a[pl->n++] = a;
		if (p[n] == '\0')
			return ST_OK;
		p += n + 1;
	}
}

/* 5: who may bring whom under command. */
static int
check_plan_for(struct out_result *o, const struct plan *pl, const struct unit *u)
{
	int i;

	for (i = 0; i < pl->n; i++) {
		const char *w = actions[pl->a[i]].word;

		if (strncmp(w, "bring", 5) != 0)
			continue;
		if (commanders[u->commander].out_of_command)
			return out_fail(o, ST_USAGE, "%s is out of command: only an "
			    "officer or an NCO brings units under command (5)",
			    u->label);
		if (strcmp(w, "bring-junior") == 0 && !u->senior)
			return out_fail(o, ST_USAGE, "%s: only a senior officer may "
			    "command a junior officer (5); write the commander as "
			    "%s:senior if he is one", u->label,
			    commanders[u->commander].word);
	}
	return ST_OK;
}

static int
d10_list(struct out_result *o, const char *text, int n, int *faces)
{
	struct dice d = { 1, 10, 0 };
	const char *p = text;
	char one[16], why[96];
	int k;

	for (k = 0; k < n; k++) {
		size_t len = strcspn(p, ",");

		if (len >= sizeof one || !*p)
			break;
		memcpy(one, p, len);
		one[len] = '\0';
		if (dice_parse_roll(&d, one, &faces[k], why, sizeof why) < 0)
			break;
		p += len;
		if (*p == ',' && k + 1 < n)
			p++;
	}
	if (k < n || *p)
		return out_fail(o, ST_USAGE, "bad roll: '%.40s' (expected %d d10 "
		    "face%s from 0 to 9, one a unit in order, separated by commas; "
		    "0 is 10)", text, n, n == 1 ? "" : "s");
	return ST_OK;
}

static const char *
plural(int n)
{
	return n == 1 ? "" : "s";
}

/* One unit's roll: its steps, its JSON, its number of actions. */
static int
settle(struct out_result *o, const struct table *t, const struct unit *u,
    const struct plan *pl, cJSON *arr)
{
	const struct table_entry *e = table_lookup(t, u->col, u->face);
	cJSON *j = json_object();
	char face[16];
	long n;

	if (!e)
		return out_fail(o, ST_DATA, "%s: column %s has no result for %d",
		    t->path, t->cols[u->col].id, u->face);
	n = strtol(e->code, NULL, 10);
	iwiif_face(u->face, face, sizeof face);
	out_step(o, "7", "%s: roll %s on %s: %ld action%s", u->label, face,
	    t->cols[u->col].title, n, plural((int)n));
	json_set_str(j, "unit", u->label);
	json_set_str(j, "commander", commanders[u->commander].word);
	json_set_str(j, "column", t->cols[u->col].id);
	json_set_int(j, "roll", u->face);
	json_set_int(j, "actions", n);
	json_set_str(j, "code", e->code);
	json_set_str(j, "text", e->text);
	if (n == 0 && commanders[u->commander].out_of_command) {
		const char *why = u->defences ? "in defences: it stays where it is" :
		    "it falls back a full move";

		out_step(o, "6", "%s: no action, out of command: %s", u->label, why);
		json_set_bool(j, "retires", !u->defences);
	}
	if (pl->n) {
		char done[256] = "";
		int i, k = n < pl->n ? (int)n : pl->n;

		for (i = 0; i < k; i++)
			snprintf(done + strlen(done), sizeof done - strlen(done),
			    "%s%s", i ? "," : "", actions[pl->a[i]].word);
		if (k == pl->n)
			out_step(o, "8", "%s carries out the whole plan: %s", u->label,
			    pl->text);
		if (k && actions[pl->a[k - 1]].kind == 'A')
			out_step(o, "18", "%s: before the assault it takes a morale "
			    "test to assault (umpire morale --test assault)", u->label);
		else
			out_step(o, "8", "%s carries out %d of the %d planned: %s",
			    u->label, k, pl->n, k ? done : "nothing");
		json_set_str(j, "carried_out", done);
	}
	json_push(arr, j);
	return (int)n;
}

static void
odds_unit(struct out_result *o, const struct table *t, const struct unit *u,
    const struct plan *pl, cJSON *arr)
{
	const struct table_column *col = &t->cols[u->col];
	cJSON *j = json_object(), *outs = json_array();
	int ways[11] = { 0 }, enough = 0, n;
	char rolls[11][32] = { { 0 } }, chance[32];
	size_t i;

	for (i = 0; i < col->n; i++) {
		n = (int)strtol(col->entries[i].code, NULL, 10);
		if (n < 0 || n > 10)
			continue;
		ways[n] += col->entries[i].hi - col->entries[i].lo + 1;
		snprintf(rolls[n] + strlen(rolls[n]), sizeof rolls[n] -
		    strlen(rolls[n]), "%s%s", rolls[n][0] ? ", " : "",
		    col->entries[i].roll);
	}
	out_text(o, "7", "%s (%s):", u->label, col->title);
	for (n = 0; n <= 10; n++) {
		cJSON *k;

		if (!ways[n])
			continue;
		iwiif_chance(ways[n], chance, sizeof chance);
		out_text(o, NULL, "  %d action%-2s %s  roll %s", n, plural(n), chance,
		    rolls[n]);
		k = json_object();
		json_set_int(k, "actions", n);
		json_set_str(k, "rolls", rolls[n]);
		json_set_int(k, "ways", ways[n]);
		json_set_num(k, "probability", ways[n] / 10.0);
		json_push(outs, k);
		if (n >= pl->n)
			enough += ways[n];
	}
	json_set_str(j, "unit", u->label);
	json_set_str(j, "commander", commanders[u->commander].word);
	json_set_str(j, "column", col->id);
	json_set(j, "odds", outs);
	if (pl->n) {
		iwiif_chance(enough, chance, sizeof chance);
		out_text(o, "8", "  the whole plan (%d action%s): %s", pl->n,
		    plural(pl->n), chance);
		json_set_num(j, "plan_probability", enough / 10.0);
	}
	json_push(arr, j);
}

const char *const iwiif_activation_fields[] = { "game", "units", "roll", "odds", "plan",
	NULL };

/* `umpire activation`'s options (each sets its request field) */
const struct opt iwiif_activation_opts[] = {
	{ OPT_FIELD, 0, "roll", "list", "your own d10s, one a unit in order "
	  "(0 is 10)", NULL },
	{ OPT_FIELD, 0, "odds", NULL, "give the chance of every number of actions "
	  "instead of rolling", NULL },
	{ OPT_FIELD, 0, "plan", "list", "the actions the units mean to take, "
	  "checked against the rules", "move fire fire-artillery in-position "
	  "set-up observe rally test-retreat assault limber lay communicate "
	  "runner bring bring-junior" },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

/* 7: a result is a number of actions, 0 to 9. */
static int
action_codes(struct out_result *o, const struct table *t, int col)
{
	size_t i;

	for (i = 0; i < t->cols[col].n; i++) {
		const char *c = t->cols[col].entries[i].code;

		if (c[0] < '0' || c[0] > '9' || c[1])
			return out_fail(o, ST_DATA, "%s: column %s: code '%s' is not "
			    "a number of actions from 0 to 9", t->path,
			    t->cols[col].id, c);
	}
	return ST_OK;
}

static int
read_units(struct out_result *o, const cJSON *req, const struct table *t,
    struct unit *units, int *n)
{
	const cJSON *arr = cJSON_GetObjectItemCaseSensitive(req, "units"), *e;
	int st;

	*n = 0;
	cJSON_ArrayForEach(e, arr) {
		struct unit *u = &units[*n];

		if (!cJSON_IsString(e))
			return out_fail(o, ST_USAGE, "units: expected commander words");
		if (*n == MAX_UNITS)
			return out_fail(o, ST_USAGE, "at most %d units in one "
			    "activation", MAX_UNITS);
		if ((st = parse_unit(o, e->valuestring, *n, u)) != ST_OK)
			return st;
		/* 5, 6: brought under command this turn: no roll of its own */
		if (u->brought)
			return out_fail(o, ST_USAGE, "%s was brought under command "
			    "this turn and may not roll to activate itself (5, 6)",
			    u->label);
		u->col = table_column_index(t, commanders[u->commander].column);
		if (u->col < 0)
			return out_fail(o, ST_DATA, "%s: no column '%s'", t->path,
			    commanders[u->commander].column);
		if ((st = action_codes(o, t, u->col)) != ST_OK)
			return st;
		(*n)++;
	}
	if (*n == 0)
		return out_fail(o, ST_USAGE, "no unit given (expected commanders "
		    "like competent or nco, or out of command the troops' "
		    "quality: capable)");
	return ST_OK;
}

int
iwiif_activation(struct ctx *c, const cJSON *req, struct out_result *o)
{
	struct unit units[MAX_UNITS];
	struct plan pl = { { 0 }, 0, "" };
	const struct table *t;
	cJSON *arr = json_array();
	char roll[256], plan[256], codes[MAX_UNITS * 4] = "";
	int faces[MAX_UNITS], n, i, odds, given, pgiven, st, total = 0;

	json_set(o->json, "units", arr);
	if ((st = crt_req_check(o, req, IWIIF, iwiif_activation_fields)) != ST_OK ||
	    (st = crt_req_flag(o, req, "odds", &odds)) != ST_OK ||
	    (st = crt_req_text(o, req, "roll", roll, sizeof roll, &given)) != ST_OK ||
	    (st = crt_req_text(o, req, "plan", plan, sizeof plan, &pgiven)) != ST_OK ||
	    (st = iwiif_odds_or_roll(o, odds, given)) != ST_OK)
		return st;
	if (pgiven && (st = parse_plan(o, plan, &pl)) != ST_OK)
		return st;
	if ((st = crt_table(c, IWIIF, "activation", &t)) != ST_OK)
		return st;
	if ((st = read_units(o, req, t, units, &n)) != ST_OK)
		return st;
	for (i = 0; i < n; i++)
		if ((st = check_plan_for(o, &pl, &units[i])) != ST_OK)
			return st;
	if (given && (st = d10_list(o, roll, n, faces)) != ST_OK)
		return st;
	out_title(o, "I wish I was in France!: activation%s",
	    odds ? ", every roll" : "");
	for (i = 0; i < n; i++)
		out_step(o, commanders[units[i].commander].out_of_command ? "6" :
		    "5", "%s: %s%s%s", units[i].label,
		    commanders[units[i].commander].title,
		    units[i].senior ? " (senior)" : units[i].junior ? " (junior)" :
		    "", units[i].defences ? ", in defences" : "");
	json_set_str(o->json, "table_source", t->source);
	if (odds) {
		for (i = 0; i < n; i++)
			odds_unit(o, t, &units[i], &pl, arr);
		json_set_bool(o->json, "odds", 1);
		return ST_OK;
	}
	for (i = 0; i < n; i++)
		units[i].face = given ? faces[i] : dice_rng_face(ctx_rng(c), 10);
	{
		cJSON *rolls = json_array();

		for (i = 0; i < n; i++)
			json_push(rolls, cJSON_CreateNumber(units[i].face));
		json_set(o->json, "roll", rolls);
		json_set_str(o->json, "roll_source", crt_roll_source(c,
		    given ? roll : NULL));
	}
	for (i = 0; i < n; i++) {
		int a = settle(o, t, &units[i], &pl, arr);

		if (a < 0)
			return ST_DATA;
		total += a;
		snprintf(codes + strlen(codes), sizeof codes - strlen(codes), "%s%d",
		    i ? "," : "", a);
	}
	{
		cJSON *r = json_object();
		char text[512];

		if (n == 1)
			snprintf(text, sizeof text, "%s action%s", codes,
			    plural(total));
		else
			snprintf(text, sizeof text, "actions by unit: %s", codes);
		json_set_str(r, "code", codes);
		json_set_str(r, "text", text);
		json_set_str(r, "rule", "7");
		json_set(o->json, "result", r);
		out_result_line(o, "7", "result: %s", text);
	}
	return ST_OK;
}
