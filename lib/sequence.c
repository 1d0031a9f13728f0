/*
 * sequence.c: a game's sequence of play read from its data file, checked
 * as every file umpire reads is, and counted through phase by phase; a
 * step applied to a saved game out of its phase refused (the rules keep
 * each action to its phase: loe 4.1 B); the units carrying a marker a
 * phase names listed when the phase begins.
 */
#include <stdio.h>
#include <string.h>

#include "data.h"
#include "games/game.h"
#include "err.h"
#include "json.h"
#include "out.h"
#include "saved_apply.h"
#include "sequence.h"

static int
bad(const struct sequence *s, int i, const char *member, const char *expected)
{
	if (i < 0)
		return err(ST_DATA, "%s: %s: expected %s", s->path, member,
		    expected);
	return err(ST_DATA, "%s: phases[%d].%s: expected %s", s->path, i,
	    member, expected);
}

static int
strings(const cJSON *v)
{
	const cJSON *e;

	if (!v)
		return 1;
	if (!cJSON_IsArray(v))
		return 0;
	cJSON_ArrayForEach(e, v)
		if (!cJSON_IsString(e))
			return 0;
	return 1;
}

static int
str_member(const cJSON *o, const char *key)
{
	return cJSON_IsString(cJSON_GetObjectItemCaseSensitive(o, key));
}

/* "marked": reminders that list units: each a marker, a rule, a text and
 * optionally the side whose units are listed. */
static int
check_marked(const struct sequence *s, int i, const cJSON *v)
{
	const cJSON *e, *side;

	if (!v)
		return ST_OK;
	if (!cJSON_IsArray(v))
		return bad(s, i, "marked", "an array of reminders");
	cJSON_ArrayForEach(e, v) {
		side = cJSON_GetObjectItemCaseSensitive(e, "side");
		if (!cJSON_IsObject(e) || !str_member(e, "marker") ||
		    !str_member(e, "rule") || !str_member(e, "text") ||
		    (side && !cJSON_IsString(side)))
			return bad(s, i, "marked", "reminders, each an object "
			    "with a \"marker\", its \"rule\", a \"text\" and "
			    "optionally a \"side\"");
	}
	return ST_OK;
}

/* "clears": the markers every unit loses when the phase ends, each with
 * the rule that says so. */
static int
check_clears(const struct sequence *s, int i, const cJSON *v)
{
	const cJSON *e;

	if (!v)
		return ST_OK;
	if (!cJSON_IsArray(v))
		return bad(s, i, "clears", "an array of markers");
	cJSON_ArrayForEach(e, v)
		if (!cJSON_IsObject(e) || !str_member(e, "marker") ||
		    !str_member(e, "rule"))
			return bad(s, i, "clears", "markers, each an object with "
			    "a \"marker\" and its \"rule\"");
	return ST_OK;
}

/* "checks": the game's procedures run on the position as the phase ends,
 * each with its rule and optionally the side(s) whose units it checks. */
static int
check_checks(const struct sequence *s, int i, const cJSON *v)
{
	const cJSON *e, *side;

	if (!v)
		return ST_OK;
	if (!cJSON_IsArray(v))
		return bad(s, i, "checks", "an array of checks");
	cJSON_ArrayForEach(e, v) {
		side = cJSON_GetObjectItemCaseSensitive(e, "side");
		if (!cJSON_IsObject(e) || !str_member(e, "procedure") ||
		    !str_member(e, "rule") || (side && !cJSON_IsString(side)))
			return bad(s, i, "checks", "checks, each an object with "
			    "a \"procedure\", its \"rule\" and optionally a "
			    "\"side\"");
	}
	return ST_OK;
}

/* "turns": markers turned into others as the phase ends (an entrenchment
 * completed, loe 10.2.1 C), each a marker, what it becomes and the rule. */
static int
check_turns(const struct sequence *s, int i, const cJSON *v)
{
	const cJSON *e;

	if (!v)
		return ST_OK;
	if (!cJSON_IsArray(v))
		return bad(s, i, "turns", "an array of markers");
	cJSON_ArrayForEach(e, v)
		if (!cJSON_IsObject(e) || !str_member(e, "marker") ||
		    !str_member(e, "into") || !str_member(e, "rule"))
			return bad(s, i, "turns", "markers, each an object with "
			    "a \"marker\", what it turns \"into\" and its "
			    "\"rule\"");
	return ST_OK;
}

/* A phase's words: its name, rule, side and lists of words. */
static int
check_words(const struct sequence *s, int i, const cJSON *p)
{
	const cJSON *v;

	if (!cJSON_IsString(cJSON_GetObjectItemCaseSensitive(p, "name")))
		return bad(s, i, "name", "the phase's name");
	if (!cJSON_IsString(cJSON_GetObjectItemCaseSensitive(p, "rule")))
		return bad(s, i, "rule", "the rule that names the phase");
	if (!strings(cJSON_GetObjectItemCaseSensitive(p, "procedures")))
		return bad(s, i, "procedures", "an array of command names");
	if (!strings(cJSON_GetObjectItemCaseSensitive(p, "remind")))
		return bad(s, i, "remind", "an array of texts");
	if (!strings(cJSON_GetObjectItemCaseSensitive(p, "maps")))
		return bad(s, i, "maps", "an array of map names");
	v = cJSON_GetObjectItemCaseSensitive(p, "side");
	if (v && !cJSON_IsString(v))
		return bad(s, i, "side", "the side whose phase it is");
	return ST_OK;
}

static int
check_phase(const struct sequence *s, int i, const cJSON *p)
{
	const cJSON *v, *e;
	int n;

	if (!cJSON_IsObject(p))
		return bad(s, i, "phase", "an object");
	if ((n = check_words(s, i, p)) != ST_OK ||
	    (n = check_marked(s, i, cJSON_GetObjectItemCaseSensitive(p,
	    "marked"))) != ST_OK ||
	    (n = check_clears(s, i, cJSON_GetObjectItemCaseSensitive(p,
	    "clears"))) != ST_OK ||
	    (n = check_checks(s, i, cJSON_GetObjectItemCaseSensitive(p,
	    "checks"))) != ST_OK ||
	    (n = check_turns(s, i, cJSON_GetObjectItemCaseSensitive(p,
	    "turns"))) != ST_OK)
		return n;
	v = cJSON_GetObjectItemCaseSensitive(p, "ends_turn");
	if (v && !cJSON_IsBool(v))
		return bad(s, i, "ends_turn", "true or false");
	v = cJSON_GetObjectItemCaseSensitive(p, "skip_turn");
	if (v && !cJSON_IsObject(v))
		return bad(s, i, "skip_turn", "an object of maps and turns");
	cJSON_ArrayForEach(e, v)
		if (data_json_int(e, 1, 999, &n) < 0)
			return bad(s, i, "skip_turn", "a turn from 1 to 999 for "
			    "each map");
	return ST_OK;
}

static int
check(struct sequence *s)
{
	const cJSON *f = cJSON_GetObjectItemCaseSensitive(s->root, "format");
	const cJSON *p;
	int i = 0, st, ends = 0;

	if (!cJSON_IsString(f) || strcmp(f->valuestring, SEQUENCE_FORMAT) != 0)
		return bad(s, -1, "format", "\"" SEQUENCE_FORMAT "\"");
	s->phases = cJSON_GetObjectItemCaseSensitive(s->root, "phases");
	s->n = cJSON_GetArraySize(s->phases);
	if (!cJSON_IsArray(s->phases) || s->n < 1 || s->n > SEQUENCE_MAX_PHASES)
		return bad(s, -1, "phases", "an array of 1 to 64 phases");
	cJSON_ArrayForEach(p, s->phases) {
		if ((st = check_phase(s, i++, p)) != ST_OK)
			return st;
		ends += cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p,
		    "ends_turn"));
	}
	if (ends != 1 || !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(
	    cJSON_GetArrayItem(s->phases, s->n - 1), "ends_turn")))
		return bad(s, -1, "phases", "the last phase, and it alone, "
		    "with \"ends_turn\": true");
	return ST_OK;
}

int
sequence_load(const struct ctx *c, const char *game, struct sequence *s)
{
	char rel[PATH_MAX];
	int st;

	memset(s, 0, sizeof *s);
	snprintf(rel, sizeof rel, "%s/sequence.json", game);
	if ((st = data_load_json(c, rel, &s->root, s->path)) != ST_OK)
		return st;
	if ((st = check(s)) != ST_OK) {
		sequence_free(s);
		return st;
	}
	return ST_OK;
}

void
sequence_free(struct sequence *s)
{
	cJSON_Delete(s->root);
	s->root = NULL;
}

const cJSON *
sequence_phase(const struct sequence *s, int i)
{
	return cJSON_GetArrayItem(s->phases, i);
}

const char *
sequence_name(const struct sequence *s, int i)
{
	return cJSON_GetObjectItemCaseSensitive(sequence_phase(s, i),
	    "name")->valuestring;
}

int
sequence_plays(const struct sequence *s, int i, const char *map, int turn)
{
	const cJSON *p = sequence_phase(s, i), *maps, *e, *skip;
	int on = 1;

	maps = cJSON_GetObjectItemCaseSensitive(p, "maps");
	if (maps) {
		on = 0;
		cJSON_ArrayForEach(e, maps)
			on |= strcmp(e->valuestring, map) == 0;
	}
	skip = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(
	    p, "skip_turn"), map);
	return on && !(skip && skip->valueint == turn);
}

void
sequence_next(const struct sequence *s, const char *map, int *turn,
    int *phase, int after)
{
	int k;

	/* two turns' worth of phases: a turn that plays none is refused by
	   no file, but must not hang the count */
	for (k = 0; k <= 2 * s->n; k++) {
		if (after || k > 0) {
			if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(
			    sequence_phase(s, *phase), "ends_turn"))) {
				(*turn)++;
				*phase = 0;
			} else
				(*phase)++;
		}
		if (*phase < s->n && sequence_plays(s, *phase, map, *turn))
			return;
	}
}

int
sequence_open(const struct ctx *c, const struct saved *sv,
    struct sequence *s, int *phase)
{
	int st;

	/* saved_open() checked that the phase is a number from 0 to 99; the
	   game names a folder of the data, so it must be a plain word */
	*phase = cJSON_GetObjectItemCaseSensitive(sv->root, "phase")->valueint;
	if (!saved_name_ok(saved_game(sv)))
		return err(ST_DATA, "%s: game: expected a game's id: '%s' (the "
		    "file is left as it is)", sv->path, saved_game(sv));
	if ((st = sequence_load(c, saved_game(sv), s)) != ST_OK)
		return st;
	if (*phase >= s->n) {
		st = err(ST_DATA, "%s: phase: expected a phase from 0 to %d of "
		    "%s (the file is left as it is)", sv->path, s->n - 1,
		    s->path);
		sequence_free(s);
	}
	return st;
}

/* Whether phase i lists procedure among its procedures, for side (NULL:
 * any; a phase of no side's takes every side). */
static int
lists(const struct sequence *s, int i, const char *procedure,
    const char *side)
{
	const cJSON *v, *ps = cJSON_GetObjectItemCaseSensitive(
	    sequence_phase(s, i), "side");

	if (side && ps && strcmp(ps->valuestring, side) != 0)
		return 0;
	cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(
	    sequence_phase(s, i), "procedures"))
		if (strcmp(v->valuestring, procedure) == 0)
			return 1;
	return 0;
}

/* The phase that procedure belongs to: the next one played on the map
 * after phase that lists it, else any that does; -1 if none. */
static int
home_of(const struct sequence *s, const char *map, int turn, int phase,
    const char *procedure, const char *side)
{
	int k, i;

	for (k = 0; k < s->n; k++) {
		sequence_next(s, map, &turn, &phase, 1);
		if (lists(s, phase, procedure, side))
			return phase;
	}
	for (i = 0; i < s->n; i++)
		if (lists(s, i, procedure, side))
			return i;
	return -1;
}

int
sequence_check(const struct ctx *c, const struct saved *sv,
    const char *procedure, char *why, size_t len)
{
	return sequence_check_side(c, sv, procedure, NULL, why, len);
}

int
sequence_check_side(const struct ctx *c, const struct saved *sv,
    const char *procedure, const char *side, char *why, size_t len)
{
	struct sequence s;
	int st, phase, home;

	why[0] = '\0';
	if ((st = sequence_open(c, sv, &s, &phase)) != ST_OK)
		return st == ST_NO ? ST_OK : st;
	if (lists(&s, phase, procedure, side) || (home = home_of(&s,
	    saved_map(sv), saved_turn(sv), phase, procedure, side)) < 0) {
		sequence_free(&s);
		return ST_OK;
	}
	snprintf(why, len, "%s%s%s%s belongs to the %s phase (%s); saved game "
	    "'%s' is in the %s phase of turn %d: 'umpire game next' moves on",
	    procedure, side ? " for the " : "", side ? side : "",
	    side ? " side" : "",
	    sequence_name(&s, home), cJSON_GetObjectItemCaseSensitive(
	    sequence_phase(&s, home), "rule")->valuestring, sv->name,
	    sequence_name(&s, phase), saved_turn(sv));
	sequence_free(&s);
	return ST_USAGE;
}

/* Whether unit u carries marker m. */
static int
carries(const cJSON *u, const char *m)
{
	const cJSON *v;

	cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(u, "markers"))
		if (cJSON_IsString(v) && strcmp(v->valuestring, m) == 0)
			return 1;
	return 0;
}

/* The ids and hexes of the units of side (NULL: any) carrying marker. */
static cJSON *
units_marked(const cJSON *units, const char *marker, const cJSON *side)
{
	cJSON *list = json_array(), *o;
	const cJSON *u, *us, *id, *hex;

	/* units is a position read as a situation, but a unit without an id
	   is passed over, not trusted (tests/fuzz/fuzz_saved.c) */
	cJSON_ArrayForEach(u, units) {
		us = cJSON_GetObjectItemCaseSensitive(u, "side");
		id = cJSON_GetObjectItemCaseSensitive(u, "id");
		if (!cJSON_IsString(id) || !carries(u, marker) || (side &&
		    !(cJSON_IsString(us) && strcmp(us->valuestring,
		    side->valuestring) == 0)))
			continue;
		o = json_object();
		json_set_str(o, "id", id->valuestring);
		if (cJSON_IsString(hex = cJSON_GetObjectItemCaseSensitive(u,
		    "hex")))
			json_set_str(o, "hex", hex->valuestring);
		json_push(list, o);
	}
	return list;
}

cJSON *
sequence_marked(const struct sequence *s, int i, const cJSON *units)
{
	cJSON *out = json_array(), *r, *found;
	const cJSON *e;

	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(
	    sequence_phase(s, i), "marked")) {
		found = units_marked(units, cJSON_GetObjectItemCaseSensitive(e,
		    "marker")->valuestring, cJSON_GetObjectItemCaseSensitive(e,
		    "side"));
		if (!found->child) {
			cJSON_Delete(found);
			continue;
		}
		r = json_must(cJSON_Duplicate(e, 1));
		json_set(r, "units", found);
		json_push(out, r);
	}
	return out;
}

static const char *
member(const cJSON *o, const char *key)
{
	return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
}

cJSON *
sequence_clears(const struct sequence *s, int i, const cJSON *units)
{
	const cJSON *c, *u;
	cJSON *fx = json_array();

	cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(
	    sequence_phase(s, i), "clears"))
		cJSON_ArrayForEach(u, units)
			if (carries(u, cJSON_GetStringValue(
			    cJSON_GetObjectItemCaseSensitive(c, "marker"))))
				saved_effect(fx, cJSON_GetStringValue(
				    cJSON_GetObjectItemCaseSensitive(u, "id")),
				    "unmark", cJSON_GetStringValue(
				    cJSON_GetObjectItemCaseSensitive(c, "marker")),
				    cJSON_GetStringValue(
				    cJSON_GetObjectItemCaseSensitive(c, "rule")));
	cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(
	    sequence_phase(s, i), "turns"))
		cJSON_ArrayForEach(u, units)
			if (carries(u, member(c, "marker"))) {
				saved_effect(fx, member(u, "id"), "unmark",
				    member(c, "marker"), member(c, "rule"));
				saved_effect(fx, member(u, "id"), "mark",
				    member(c, "into"), member(c, "rule"));
			}
	return fx;
}

/* The steps of a failed check, each with its rule, for the refusal. */
static void
findings(const struct out_result *o, char *why, size_t len)
{
	const cJSON *st, *rule, *text;
	size_t n = strlen(why);

	cJSON_ArrayForEach(st, cJSON_GetObjectItemCaseSensitive(o->json,
	    "steps")) {
		rule = cJSON_GetObjectItemCaseSensitive(st, "rule");
		text = cJSON_GetObjectItemCaseSensitive(st, "text");
		if (!cJSON_IsString(text) || n >= len)
			continue;
		n += (size_t)snprintf(why + n, len - n, "; %s%s%s%s",
		    text->valuestring, cJSON_IsString(rule) ? " (" : "",
		    cJSON_IsString(rule) ? rule->valuestring : "",
		    cJSON_IsString(rule) ? ")" : "");
	}
}

/* One check: the procedure run on the saved game's position. */
static int
run_check(struct ctx *c, const struct saved *sv, const struct game_proc *p,
    const cJSON *chk, const char *phase, char *why, size_t len)
{
	const char *side = cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(chk, "side"));
	char spec[SAVED_NAME_MAX + 8];
	struct out_result o;
	const char *code;
	cJSON *req = json_object();
	int st;

	snprintf(spec, sizeof spec, "%s%s", GAME_SAVED_SPEC, sv->name);
	json_set_str(req, "situation", spec);
	if (side)
		json_set_str(req, "side", side);
	out_result_init(&o, 0, 1);
	if ((st = p->run(c, req, &o)) == ST_OK) {
		out_result_finish(&o);
		code = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
		    cJSON_GetObjectItemCaseSensitive(o.json, "result"), "code"));
		if (code && strcmp(code, "ok") != 0) {
			snprintf(why, len, "the %s phase ends only within %s "
			    "(umpire %s)", phase, cJSON_GetStringValue(
			    cJSON_GetObjectItemCaseSensitive(chk, "rule")),
			    p->name);
			findings(&o, why, len);
			st = ST_USAGE;
		}
	} else if (o.why[0])
		snprintf(why, len, "%s", o.why);
	else
		why[0] = '\0';
	out_result_free(&o);
	cJSON_Delete(req);
	return st;
}

int
sequence_leave_checks(struct ctx *c, const struct saved *sv,
    const struct sequence *s, int i, char *why, size_t len)
{
	const struct game *g = game_find(saved_game(sv));
	const struct game_proc *p;
	const cJSON *chk;
	int st;

	why[0] = '\0';
	cJSON_ArrayForEach(chk, cJSON_GetObjectItemCaseSensitive(
	    sequence_phase(s, i), "checks")) {
		if (!g || !(p = game_proc(g, cJSON_GetStringValue(
		    cJSON_GetObjectItemCaseSensitive(chk, "procedure")))))
			continue;
		if ((st = run_check(c, sv, p, chk, sequence_name(s, i), why,
		    len)) != ST_OK)
			return st;
	}
	return ST_OK;
}
