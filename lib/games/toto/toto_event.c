/*
 * toto_event.c: Twilight of the Ottomans' random events (6), for
 * `umpire event`.  The phasing player's two dice, rolled here or given,
 * are cross-indexed on his side's table (ottoman-events, allied-events:
 * 6.1, 6.3, 6.4; the first die is the table's column); what the entry
 * asks beyond its text comes from rules/toto/events.json: the years it
 * may happen in, the once-a-game events, the earlier event it needs or
 * that voids it (6.2), the VP lead it needs, its stages (the Russian
 * Revolution's first and second, 28.2 and 28.3; the Yilderim's second
 * coming, 6.3) and the dice it has rolled.  An event that cannot happen
 * is "no event" (6.2).
 *
 * On a saved game the events that have happened are its part "events"
 * (saved.h), so a once-only event rolled again is no event; --apply
 * records the one rolled as a logged, undoable step of the random
 * events phase.  Without a saved game --occurred says what has happened.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "crt.h"
#include "data.h"
#include "dice.h"
#include "err.h"
#include "hex.h"
#include "map.h"
#include "json.h"
#include "out.h"
#include "saved.h"
#include "saved_apply.h"
#include "table.h"
#include "toto_event.h"
#include "toto_phase.h"
#include "toto_revolution.h"
#include "toto_saved.h"
#include "opt.h"

#define str toto_saved_str
#define num toto_saved_num

#define PART "events"
#define MAX_FACES 16

/* Kept for the process: the rules of the steps point into it (out.h). */
static cJSON *events;
static char events_path[PATH_MAX];

struct ev_req {
	const char *side;		/* "ottoman" or "allied" */
	int faces[MAX_FACES], nfaces, used;
	int year;			/* -1: not given */
	int vp[2], have_vp;		/* ottoman, allied */
	int apply;
	cJSON *history;			/* [{code, side, turn}], owned */
	struct saved sv;
	int open;
	/* the Bolshevik Corps of the second revolution (28.3, 28.4) */
	const char *hex;
	int f[3], have_f;
	struct map *m;
	char where[HEX_IDLEN];
};

/* What the roll came to. */
struct ev_out {
	const char *code, *text, *rule;	/* the result */
	int happened, unknown;		/* unknown: rests on a year or VP not given */
	const cJSON *dice;		/* the dice the event has rolled */
	cJSON *rolls;
	int stage;			/* the Russian Revolution's, 28.2, 28.3 */
	cJSON *withdrawn;		/* the Russian units it withdraws (ids) */
};

static int
load(const struct ctx *c, struct out_result *o)
{
	int st;

	if (events)
		return ST_OK;
	if ((st = data_load_json(c, "toto/events.json", &events,
	    events_path)) != ST_OK)
		return st == ST_NO ? out_fail(o, ST_DATA, "no random event rules: "
		    "'%s'", "toto/events.json") : st;
	if (!cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(events, "events"))) {
		cJSON_Delete(events);
		events = NULL;
		return out_fail(o, ST_DATA, "%s: events: expected a list",
		    events_path);
	}
	return ST_OK;
}

static const cJSON *
rules_of(const char *code)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(events, "events"))
		if (strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e,
		    "code")) ? cJSON_GetStringValue(
		    cJSON_GetObjectItemCaseSensitive(e, "code")) : "", code) == 0)
			return e;
	return NULL;
}

/* How many times code is in the history. */
static int
times(const cJSON *history, const char *code)
{
	const cJSON *h;
	int n = 0;

	cJSON_ArrayForEach(h, history)
		n += str(h, "code") && strcmp(str(h, "code"), code) == 0;
	return n;
}

/* Request */

static int
parse_faces(struct out_result *o, const char *text, struct ev_req *r)
{
	const char *p = text;
	char *end;
	long v;

	while (*p) {
		v = strtol(p, &end, 10);
		if (end == p || v < 1 || v > 6 || r->nfaces == MAX_FACES ||
		    (*end && *end != ','))
			return out_fail(o, ST_USAGE, "bad roll: '%.40s' (expected "
			    "faces 1 to 6 separated by commas: the first die, the "
			    "second, then the event's own dice)", text);
		r->faces[r->nfaces++] = (int)v;
		p = *end ? end + 1 : end;
	}
	if (r->nfaces < 2)
		return out_fail(o, ST_USAGE, "bad roll: '%.40s' (expected the two "
		    "event dice at least, as 3,1)", text);
	return ST_OK;
}

static int
parse_vp(struct out_result *o, const char *text, struct ev_req *r)
{
	char end;

	if (sscanf(text, "%d,%d%c", &r->vp[0], &r->vp[1], &end) != 2 ||
	    r->vp[0] < 0 || r->vp[0] > 100 || r->vp[1] < 0 || r->vp[1] > 100)
		return out_fail(o, ST_USAGE, "bad --vp: '%.40s' (expected the "
		    "Ottoman and Allied totals, 0 to 100, as 60,50)", text);
	r->have_vp = 1;
	return ST_OK;
}

/* A code either table holds (or no-event). */
static int
known_code(const struct ctx *c, const char *code)
{
	static const char *const names[] = { "ottoman-events", "allied-events" };
	const struct table *t;
	size_t i, k, e;

	for (i = 0; i < 2; i++) {
		if (crt_table(c, "toto", names[i], &t) != ST_OK)
			continue;
		for (k = 0; k < t->ncols; k++)
			for (e = 0; e < t->cols[k].n; e++)
				if (strcmp(t->cols[k].entries[e].code, code) == 0)
					return 1;
	}
	return 0;
}

static int
parse_occurred(const struct ctx *c, struct out_result *o, const char *text,
    struct ev_req *r)
{
	char buf[1024], *w, *save = NULL;

	if (strlen(text) >= sizeof buf)
		return out_fail(o, ST_USAGE, "--occurred: too long");
	snprintf(buf, sizeof buf, "%s", text);
	for (w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		cJSON *h;

		if (!known_code(c, w) || strcmp(w, "no-event") == 0)
			return out_fail(o, ST_USAGE, "--occurred: no such event: "
			    "'%s' (expected the codes of the event tables, as "
			    "jihad; umpire table --show toto ottoman-events)", w);
		h = json_object();
		json_set_str(h, "code", w);
		json_push(r->history, h);
	}
	return ST_OK;
}

static int
parse(const struct ctx *c, struct out_result *o, const cJSON *req,
    struct ev_req *r)
{
	const char *side = str(req, "side"), *roll = str(req, "roll");
	const char *year = str(req, "year"), *vp = str(req, "vp");
	const char *occ = str(req, "occurred");
	char end;
	int st;

	r->year = -1;
	r->apply = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(req, "apply"));
	if (side && strcmp(side, "ottoman") && strcmp(side, "allied"))
		return out_fail(o, ST_USAGE, "bad --side: '%s' (expected ottoman "
		    "or allied)", side);
	r->side = side;
	if (roll && (st = parse_faces(o, roll, r)) != ST_OK)
		return st;
	if (year && (sscanf(year, "%d%c", &r->year, &end) != 1 ||
	    r->year < 1914 || r->year > 1918))
		return out_fail(o, ST_USAGE, "bad --year: '%s' (expected 1914 to "
		    "1918)", year);
	if (vp && (st = parse_vp(o, vp, r)) != ST_OK)
		return st;
	if (str(req, "factors") && (sscanf(str(req, "factors"), "%d-%d-%d%c",
	    &r->f[0], &r->f[1], &r->f[2], &end) != 3 || r->f[0] < 0 ||
	    r->f[1] < 0 || r->f[2] < 0))
		return out_fail(o, ST_USAGE, "bad --factors: '%.40s' (expected the "
		    "Bolshevik Corps' attack-defense-movement, as 4-4-3)",
		    str(req, "factors"));
	r->have_f = str(req, "factors") != NULL;
	r->hex = str(req, "hex");
	if (occ && c->saved)
		return out_fail(o, ST_USAGE, "--occurred: saved game '%s' keeps "
		    "the events that have happened", c->saved);
	if (occ && (st = parse_occurred(c, o, occ, r)) != ST_OK)
		return st;
	if (r->apply && !c->saved)
		return out_fail(o, ST_USAGE, "--apply records the event in a "
		    "saved game: give --saved NAME (or set %s)", SAVED_ENV);
	return ST_OK;
}

/* The saved game */

static int
open_saved(const struct ctx *c, struct out_result *o, struct ev_req *r)
{
	const cJSON *part, *h;
	char phase[64];
	const char *in;
	int st;

	if ((st = toto_saved_open(c, &r->sv, r->apply, &r->open, NULL,
	    NULL)) != ST_OK)
		return st;
	part = saved_part(&r->sv, PART);
	cJSON_ArrayForEach(h, cJSON_GetObjectItemCaseSensitive(part, "happened"))
		json_push(r->history, json_must(cJSON_Duplicate(h, 1)));
	in = toto_phase_side(c, &r->sv, "random events", phase, sizeof phase);
	if (!r->side)
		r->side = in;
	if (r->apply && in && strcmp(in, r->side) != 0)
		return out_fail(o, ST_USAGE, "--apply: saved game '%s' is in the "
		    "%s phase: the %s table is rolled in the %s random events "
		    "phase (4.2)", c->saved, phase, r->side, r->side);
	return ST_OK;
}

/* The dice */

static int
next_face(struct ctx *c, struct ev_req *r, int *given)
{
	*given = r->used < r->nfaces;
	if (*given)
		return r->faces[r->used++];
	return dice_rng_face(ctx_rng(c), 6);
}

/* 1 when face is in "1-2" or "4". */
static int
in_band(const char *roll, int v)
{
	int lo, hi;
	char end;

	if (sscanf(roll, "%d-%d%c", &lo, &hi, &end) == 2)
		return v >= lo && v <= hi;
	return sscanf(roll, "%d%c", &lo, &end) == 1 && v == lo;
}

static void
one_die(struct ctx *c, struct out_result *o, struct ev_req *r,
    const cJSON *d, const struct ev_out *e)
{
	const cJSON *b;
	const char *says = NULL;
	char faces[64];
	size_t n = 0;
	int k, total = 0, given, any = 0, count = num(d, "count", 1), value;
	cJSON *roll = json_object(), *fs = json_array();

	faces[0] = '\0';
	for (k = 0; k < count && k < 6; k++) {
		int f = next_face(c, r, &given);

		any |= given;
		total += f;
		json_push(fs, cJSON_CreateNumber(f));
		if (n < sizeof faces)
			n += (size_t)snprintf(faces + n, sizeof faces - n, "%s%d",
			    k ? "+" : "", f);
	}
	value = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(d, "half")) ?
	    crt_half_up(total) : total;
	cJSON_ArrayForEach(b, cJSON_GetObjectItemCaseSensitive(d, "bands"))
		if (str(b, "roll") && in_band(str(b, "roll"), total))
			says = str(b, "says");
	json_set_str(roll, "for", str(d, "for") ? str(d, "for") : "");
	json_set(roll, "faces", fs);
	json_set_int(roll, "value", value);
	json_set_str(roll, "source", any ? "player" : c->seeded ? "seed" :
	    "random");
	if (says)
		json_set_str(roll, "says", says);
	json_push(e->rolls, roll);
	if (says)
		out_step(o, e->rule, "%s %s for %s: %s", any ? "your" : "rolled",
		    faces, str(d, "for"), says);
	else if (value != total)
		out_step(o, e->rule, "%s %s for %s: %d halved, rounded up: %d",
		    any ? "your" : "rolled", faces, str(d, "for"), total, value);
	else
		out_step(o, e->rule, "%s %s for %s: %d", any ? "your" : "rolled",
		    faces, str(d, "for"), value);
}

/* The gates */

static void
no_event(struct ev_out *e, const char *rule)
{
	e->happened = 0;
	e->code = "no-event";
	e->rule = rule;
	e->dice = NULL;
}

/* 6.3, 6.4, 28.1: the years the event may happen in. */
static void
gate_years(struct out_result *o, const struct ev_req *r, const cJSON *ru,
    struct ev_out *e)
{
	int from = num(ru, "from", 1914), to = num(ru, "to", 1918);
	char years[16];

	if (!e->happened || (from == 1914 && to == 1918))
		return;
	if (to == 1918)
		snprintf(years, sizeof years, "%d on", from);
	else
		snprintf(years, sizeof years, "%d-%d", from, to);
	if (r->year < 0) {
		e->unknown = 1;
		out_step(o, e->rule, "relied on: the year is %s (give --year to "
		    "check; in another year it is no event)", years);
	} else if (r->year < from || r->year > to) {
		out_step(o, e->rule, "%d is outside the event's years, %s: no "
		    "event", r->year, years);
		no_event(e, e->rule);
	} else
		out_step(o, e->rule, "%d is within the event's years, %s", r->year,
		    years);
}

/* 6.2: an event that needs an earlier one, or that one voids. */
static void
gate_trigger(struct out_result *o, const struct ev_req *r, const cJSON *ru,
    struct ev_out *e)
{
	const cJSON *need = cJSON_GetObjectItemCaseSensitive(ru, "needs");
	const cJSON *void_ = cJSON_GetObjectItemCaseSensitive(ru, "void_after");
	int k;

	if (e->happened && need && str(need, "code")) {
		k = times(r->history, str(need, "code"));
		if (k < num(need, "times", 1)) {
			out_step(o, "6.2", "it needs %s %d time%s first and it has "
			    "happened %d: %s; no event", str(need, "code"),
			    num(need, "times", 1), num(need, "times", 1) == 1 ? "" :
			    "s", k, str(need, "why") ? str(need, "why") : "");
			no_event(e, "6.2");
		} else
			out_step(o, "6.2", "%s has happened %d time%s: the event "
			    "stands", str(need, "code"), k, k == 1 ? "" : "s");
	}
	if (e->happened && void_ && str(void_, "code") &&
	    times(r->history, str(void_, "code")) >= num(void_, "times", 1)) {
		out_step(o, "6.2", "%s has happened: %s; no event",
		    str(void_, "code"), str(void_, "why") ? str(void_, "why") : "");
		no_event(e, "6.2");
	}
}

/* 6.2: once a game; and the stages of an event that comes again. */
static void
gate_again(struct out_result *o, const struct ev_req *r, const cJSON *ru,
    struct ev_out *e, const char *code)
{
	const cJSON *stages = cJSON_GetObjectItemCaseSensitive(ru, "stages");
	const cJSON *st;
	int k = times(r->history, code);

	if (!e->happened)
		return;
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(ru, "once")) && k) {
		out_step(o, "6.2", "%s happens once a game and has happened: no "
		    "event", code);
		no_event(e, "6.2");
		return;
	}
	if (!stages)
		return;
	if (k >= cJSON_GetArraySize(stages)) {
		/* the rules give its effect so many times only */
		st = cJSON_GetArrayItem(stages, cJSON_GetArraySize(stages) - 1);
		out_step(o, str(st, "rule"), "%s has happened %d times: the rules "
		    "give it no further effect; no event", code, k);
		no_event(e, str(st, "rule"));
		return;
	}
	st = cJSON_GetArrayItem(stages, k);
	e->text = str(st, "text");
	e->rule = str(st, "rule");
	e->dice = cJSON_GetObjectItemCaseSensitive(st, "dice");
	out_step(o, e->rule, "time %d of %s: %s", k + 1, code, e->text);
}

/* 6.3, 6.4: the lead of 25 VP some events need. */
static void
gate_lead(struct out_result *o, const struct ev_req *r, const cJSON *ru,
    struct ev_out *e)
{
	const cJSON *lead = cJSON_GetObjectItemCaseSensitive(ru, "lead");
	const char *who = str(lead, "side");
	int by = num(lead, "by", 25), ot, al, ok;

	if (!e->happened || !who)
		return;
	if (!r->have_vp) {
		e->unknown = 1;
		out_step(o, e->rule, "relied on: %s %s by %d VP or more (give --vp "
		    "OTTOMAN,ALLIED to check; otherwise no event)", strcmp(who,
		    "either") ? who : "one side", strcmp(who, "either") ? "leads" :
		    "leads the other", by);
		return;
	}
	ot = r->vp[0];
	al = r->vp[1];
	ok = !strcmp(who, "ottoman") ? ot - al >= by : !strcmp(who, "allied") ?
	    al - ot >= by : abs(ot - al) >= by;
	out_step(o, e->rule, "Ottoman %d, Allied %d: %s %d VP or more needed%s",
	    ot, al, !strcmp(who, "either") ? "a lead of" : !strcmp(who,
	    "ottoman") ? "an Ottoman lead of" : "an Allied lead of", by,
	    ok ? "; it is there" : "; it is not: no event");
	if (!ok)
		no_event(e, e->rule);
	else if (!strcmp(who, "either"))
		out_step(o, e->rule, "the %s player trails and rolls", ot < al ?
		    "Ottoman" : "Allied");
}

struct face_arg {
	struct ctx *c;
	struct ev_req *r;
};

static int
face_cb(void *arg, int *given)
{
	struct face_arg *a = arg;

	return next_face(a->c, a->r, given);
}

/* 28.2, 28.3 on a saved game: the Russian units withdrawn, a die each
 * the first time; the second, where the Bolshevik Corps goes (28.4). */
static int
revolution(struct ctx *c, struct out_result *o, struct ev_req *r,
    struct ev_out *e)
{
	struct face_arg a = { c, r };
	int st;

	e->stage = times(r->history, "russian-revolution") + 1;
	e->withdrawn = json_array();
	toto_revolution_plan(o, &r->sv, e->stage, face_cb, &a, e->withdrawn);
	json_set(o->json, "withdrawn", json_must(cJSON_Duplicate(e->withdrawn,
	    1)));
	if (e->stage != 2 || !r->hex)
		return ST_OK;
	if ((st = map_load(c, saved_map(&r->sv), &r->m)) != ST_OK)
		return st;
	if ((st = toto_revolution_where(o, &r->sv, r->m, r->hex,
	    e->withdrawn)) != ST_OK)
		return st;
	map_hex_id(r->m, map_lookup(r->m, r->hex) >= 0 ? map_lookup(r->m,
	    r->hex) : map_find_place(r->m, r->hex), r->where);
	return ST_OK;
}

/* The roll looked up, the gates passed, the event's dice rolled. */
static int
resolve(struct ctx *c, struct out_result *o, struct ev_req *r,
    struct ev_out *e)
{
	const struct table *t;
	const struct table_entry *te;
	const cJSON *ru, *d;
	char id[8];
	int col, st, g1, g2, a, b;

	if ((st = crt_table(c, "toto", strcmp(r->side, "ottoman") ?
	    "allied-events" : "ottoman-events", &t)) != ST_OK)
		return st;
	a = next_face(c, r, &g1);
	b = next_face(c, r, &g2);
	snprintf(id, sizeof id, "%d", a);
	if ((col = table_column_index(t, id)) < 0 ||
	    !(te = table_lookup(t, col, b)))
		return out_fail(o, ST_DATA, "%s: no result for a first die of %d "
		    "and a second of %d", t->path, a, b);
	json_set(o->json, "dice", json_must(cJSON_CreateIntArray((int[]){ a, b },
	    2)));
	json_set_str(o->json, "roll_source", g1 ? "player" : c->seeded ?
	    "seed" : "random");
	json_set_str(o->json, "table", t->name);
	json_set_str(o->json, "table_source", t->source);
	out_step(o, "6.1", "%s: first die %d, second die %d (their order "
	    "matters)", g1 ? "your dice" : "rolled", a, b);
	out_step(o, strcmp(r->side, "ottoman") ? "6.4" : "6.3", "%s, first "
	    "die %d, second die %d: %s", t->title, a, b, te->text);
	json_set_str(o->json, "event", te->code);
	if (strcmp(t->source, "stand-in") == 0 && a >= 4)
		out_plain(o, "  (a first die of 4-6 reads the stand-in rows the "
		    "text lacks: `umpire table --import toto %s FILE` installs "
		    "your printed chart)", t->name);
	e->code = te->code;
	e->text = te->text;
	e->rule = strcmp(r->side, "ottoman") ? "6.4" : "6.3";
	e->happened = strcmp(te->code, "no-event") != 0;
	if ((ru = rules_of(te->code))) {
		e->rule = str(ru, "rule") ? str(ru, "rule") : e->rule;
		e->dice = cJSON_GetObjectItemCaseSensitive(ru, "dice");
		gate_years(o, r, ru, e);
		gate_trigger(o, r, ru, e);
		gate_again(o, r, ru, e, te->code);
		gate_lead(o, r, ru, e);
	}
	json_set_bool(o->json, "happened", e->happened);
	if (e->happened)
		cJSON_ArrayForEach(d, e->dice)
			one_die(c, o, r, d, e);
	json_set(o->json, "rolls", e->rolls);
	e->rolls = NULL;
	if (e->happened && r->open && strcmp(e->code, "russian-revolution") == 0 &&
	    (st = revolution(c, o, r, e)) != ST_OK)
		return st;
	if (r->used < r->nfaces)
		return out_fail(o, ST_USAGE, "bad roll: %d faces given, and this "
		    "roll takes %d (%s)", r->nfaces, r->used, e->happened ?
		    "the two event dice and the event's own" : "no event rolls "
		    "no dice of its own");
	return ST_OK;
}

/* --apply: the event kept in the saved game's part, one logged step. */
static int
record(const struct ctx *c, struct out_result *o, struct ev_req *r,
    const struct ev_out *e)
{
	struct saved_step s = { .ctx = c, .procedure = "event", .side = r->side };
	char why[OUT_WHY], what[160];
	cJSON *part, *list, *h, *take;
	int st, dropped = 0;

	if (!e->happened) {
		out_text(o, NULL, "no event: saved game %s is unchanged", r->sv.name);
		return ST_OK;
	}
	if (e->stage == 2 && (!r->where[0] || !r->have_f))
		return out_fail(o, ST_USAGE, "--apply: the second Russian "
		    "Revolution places the Bolshevik Corps: give --hex HEX and "
		    "--factors A-D-M (28.3, 28.4)");
	if (e->unknown)
		return out_fail(o, ST_USAGE, "--apply: the event rests on %s not "
		    "given; give it and roll again", r->year < 0 ? "the year "
		    "(--year)" : "the VP totals (--vp)");
	saved_begin(&r->sv);
	if ((st = saved_step_check(&r->sv, &s, &dropped, &take, why,
	    sizeof why)) != ST_OK)
		return why[0] ? out_fail(o, st, "--apply: %s", why) : st;
	part = saved_part(&r->sv, PART);
	part = cJSON_IsObject(part) ? json_must(cJSON_Duplicate(part, 1)) :
	    json_object();
	if (!cJSON_IsArray(list = cJSON_GetObjectItemCaseSensitive(part,
	    "happened")))
		json_set(part, "happened", list = json_array());
	h = json_object();
	json_set_str(h, "code", e->code);
	json_set_str(h, "side", r->side);
	json_set_int(h, "turn", saved_turn(&r->sv));
	if (r->year >= 0)
		json_set_int(h, "year", r->year);
	json_push(list, h);
	if (e->withdrawn)
		toto_revolution_apply(&r->sv, e->withdrawn, h, e->stage == 2 ?
		    r->where : NULL, r->f);
	if (strcmp(e->code, "bolshevik-alliance") == 0 &&
	    toto_revolution_ally(&r->sv, r->side))
		out_text(o, "6.3, 6.4", "the Bolshevik Corps is the %s side's now",
		    r->side);
	saved_part_set(&r->sv, PART, part);
	snprintf(what, sizeof what, "event: %s (%s)", e->code, r->side);
	if ((st = saved_commit(&r->sv, what, e->rule, c->argc, c->argv)) !=
	    ST_OK)
		return st;
	toto_saved_applied(o, &r->sv);
	return ST_OK;
}

static void
say_history(struct out_result *o, const struct ev_req *r)
{
	const cJSON *h;
	char list[512];
	size_t n = 0;

	list[0] = '\0';
	cJSON_ArrayForEach(h, r->history)
		if (n < sizeof list)
			n += (size_t)snprintf(list + n, sizeof list - n, "%s%s",
			    n ? ", " : "", str(h, "code"));
	if (n)
		out_step(o, "6.2", "happened before: %s", list);
	json_set(o->json, "happened_before", json_must(cJSON_Duplicate(
	    r->history, 1)));
}

int
toto_event_run(struct ctx *c, const cJSON *req, struct out_result *o)
{
	struct ev_req r;
	struct ev_out e;
	cJSON *res;
	int st;

	memset(&r, 0, sizeof r);
	memset(&e, 0, sizeof e);
	r.sv.fd = -1;
	r.history = json_array();
	e.rolls = json_array();
	if ((st = load(c, o)) == ST_OK && (st = parse(c, o, req, &r)) == ST_OK &&
	    (!c->saved || (st = open_saved(c, o, &r)) == ST_OK)) {
		if (!r.side)
			st = out_fail(o, ST_USAGE, "whose random events? give --side "
			    "ottoman or allied%s", c->saved ? " (the saved game is "
			    "in no random events phase)" : "");
	}
	if (st == ST_OK) {
		out_title(o, "Twilight of the Ottomans: %s random events",
		    strcmp(r.side, "ottoman") ? "Allied" : "Ottoman");
		json_set_str(o->json, "side", r.side);
		say_history(o, &r);
		st = resolve(c, o, &r, &e);
	}
	if (st == ST_OK) {
		res = json_object();
		json_set_str(res, "code", e.code);
		json_set_str(res, "text", e.happened ? e.text : "no event");
		json_set_str(res, "rule", e.rule);
		json_set(o->json, "result", res);
		out_result_line(o, e.rule, "result: %s  %s", e.code, e.happened ?
		    e.text : "no event");
		if (r.apply)
			st = record(c, o, &r, &e);
	}
	cJSON_Delete(e.rolls);
	cJSON_Delete(e.withdrawn);
	cJSON_Delete(r.history);
	if (r.m)
		map_free(r.m);
	toto_saved_close(&r.sv, r.open, NULL, NULL);
	return st;
}

const char *const toto_event_fields[] = { "side", "roll", "year", "vp",
	"occurred", "hex", "factors", "apply", NULL };

/* `umpire event`'s options (each sets its request field) */
const struct opt toto_event_opts[] = {
	{ OPT_FIELD, 0, "side", "side", "whose table: ottoman or allied (on a "
	  "saved game, the side of its random events phase)", "ottoman allied" },
	{ OPT_FIELD, 0, "roll", "dice", "your dice: the first, the second, then "
	  "the event's own (3,1,4,2)", NULL },
	{ OPT_FIELD, 0, "year", "year", "the year of the turn, 1914 to 1918 (for "
	  "the events of some years only)", "1914 1915 1916 1917 1918" },
	{ OPT_FIELD, 0, "vp", "ottoman,allied", "both sides' Victory Points (for the "
	  "events that need a lead)", NULL },
	{ OPT_FIELD, 0, "occurred", "codes", "the events that have happened, "
	  "a code each time (without a saved game)", "@words" },
	{ OPT_FIELD, 0, "hex", "hex", "where the second Russian Revolution puts "
	  "the Bolshevik Corps", NULL },
	{ OPT_FIELD, 0, "factors", "a-d-m", "the Bolshevik Corps' counter "
	  "factors", NULL },
	{ OPT_FIELD, 0, "apply", NULL, "record the event in the saved game, as "
	  "one step to undo", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};
