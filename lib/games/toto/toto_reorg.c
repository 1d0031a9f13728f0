/*
 * toto_reorg.c: Twilight of the Ottomans' reorganization (8), for
 * `umpire reorganize`: a corps broken down into the divisions of the
 * Reorganization Table (8.1, 8.2, rules/toto/corps.json), or divisions
 * combined into their corps (8.3), on a saved game, as one step that
 * `umpire game undo` takes back.
 *
 * A corps on the position is a unit marked corps; its kind (the table's
 * row) is a marker of the row's id, --kind, or the one row its factors
 * fit.  Its divisions take its side, hex and markers but corps, kind and
 * def-N; each has its attack factor as strength, its movement factor as
 * ma and its defense factor as def-N (toto_units.c reads them so).
 *
 * When: a corps breaks down in its side's reorganization phase (8.2),
 * for a random event (6.3, 6.4, 7.10) in a random events phase, or for a
 * combat loss owed for it (12.20), whose open entry then names the
 * divisions in its place with their factors, so that the loss can be
 * paid with one of them.  Divisions combine only in their side's
 * reorganization phase (8.3, 8.4), in one hex, in general supply (15.5),
 * of the types and factors the row lists, spending a supply unit of the
 * hex where the row says (8.1; it does not come back, 8.2).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "err.h"
#include "games/game.h"
#include "hex.h"
#include "json.h"
#include "map.h"
#include "out.h"
#include "saved.h"
#include "saved_apply.h"
#include "situation.h"
#include "toto_impl.h"
#include "toto_phase.h"
#include "toto_reorg.h"
#include "toto_saved.h"
#include "toto_supply.h"
#include "opt.h"

#define str toto_saved_str

#define MAX_IDS TOTO_CORPS_PARTS

struct reorg {
	const char *verb;		/* "break" or "combine" */
	const char *ids[MAX_IDS + 1];	/* the operands after the verb */
	int nids;
	const char *kind_given, *supply_given;
	char as[MAX_IDS][64];		/* the new units' ids */
	int nas;
	int apply;
	const struct toto_corps_kind *k;
	struct saved sv;
	int open;
	struct map *m;
	struct situation *sit;
	const struct unit *u[MAX_IDS];	/* the units reorganized */
	const struct unit *supply;	/* the supply unit spent, if any */
	cJSON *take;			/* the owed loss a breakdown is for */
};

static void
factors_text(const int f[3], char *buf, size_t len)
{
	snprintf(buf, len, "%d-%d-%d", f[0], f[1], f[2]);
}

/* Request */

static int
parse_as(struct out_result *o, const char *text, struct reorg *r)
{
	const char *p = text, *e;

	while (*p) {
		e = strchr(p, ',');
		if (!e)
			e = p + strlen(p);
		if (r->nas == MAX_IDS || e == p || (size_t)(e - p) >= sizeof r->as[0])
			return out_fail(o, ST_USAGE, "bad --as: '%.60s' (expected the "
			    "new units' ids separated by commas)", text);
		snprintf(r->as[r->nas++], sizeof r->as[0], "%.*s", (int)(e - p), p);
		p = *e ? e + 1 : e;
	}
	return ST_OK;
}

static int
parse(const struct ctx *c, struct out_result *o, const cJSON *req,
    struct reorg *r)
{
	const cJSON *ops = cJSON_GetObjectItemCaseSensitive(req, "operands"), *v;
	const char *as = str(req, "as");
	int st;

	r->kind_given = str(req, "kind");
	r->supply_given = str(req, "supply");
	r->apply = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(req, "apply"));
	cJSON_ArrayForEach(v, ops) {
		if (!r->verb) {
			r->verb = v->valuestring;
			continue;
		}
		if (r->nids == MAX_IDS + 1)
			return out_fail(o, ST_USAGE, "too many units: at most %d",
			    MAX_IDS);
		r->ids[r->nids++] = v->valuestring;
	}
	if (!r->verb || (strcmp(r->verb, "break") && strcmp(r->verb, "combine")))
		return out_fail(o, ST_USAGE, "bad verb: '%s' (expected break or "
		    "combine)", r->verb ? r->verb : "");
	if (as && (st = parse_as(o, as, r)) != ST_OK)
		return st;
	if (r->kind_given && !toto_corps_find(r->kind_given))
		return out_fail(o, ST_USAGE, "bad --kind: '%s' (expected a row of "
		    "the Reorganization Table, 8.1, as ru-inf)", r->kind_given);
	if (r->apply && !c->saved)
		return out_fail(o, ST_USAGE, "--apply changes a saved game: give "
		    "--saved NAME (or set %s)", SAVED_ENV);
	return ST_OK;
}

/* Without a saved game: what a kind breaks into, or is built of. */
static int
show_kind(struct out_result *o, struct reorg *r)
{
	const struct toto_corps_kind *k;
	char f[16], parts[160];
	size_t n = 0;
	int i;

	if (r->nids != 1 || !(k = toto_corps_find(r->ids[0])))
		return out_fail(o, ST_USAGE, "%s what? without a saved game give "
		    "one row of the Reorganization Table (8.1), as ru-inf",
		    r->verb);
	parts[0] = '\0';
	for (i = 0; i < k->nparts && n < sizeof parts; i++) {
		factors_text(k->part[i], f, sizeof f);
		n += (size_t)snprintf(parts + n, sizeof parts - n, "%s%s %s",
		    i ? " + " : "", f, k->type[i]);
	}
	factors_text(k->f, f, sizeof f);
	out_title(o, "Twilight of the Ottomans: the %s", k->name);
	if (!k->nparts)
		return out_fail(o, ST_USAGE, "the text does not give the %s's "
		    "divisions (8.1)", k->name);
	out_step(o, "8.1", "%s %s: %s%s", k->name, f, parts, k->supply ?
	    ", and a supply unit spent to build it" : "");
	json_set_str(o->json, "kind", k->id);
	out_result_line(o, "8.1", "result: %s  %s %s = %s%s", k->id, k->name, f,
	    parts, k->supply ? " + a supply unit" : "");
	json_set(o->json, "result", json_object());
	json_set_str(cJSON_GetObjectItemCaseSensitive(o->json, "result"), "code",
	    k->id);
	json_set_str(cJSON_GetObjectItemCaseSensitive(o->json, "result"), "text",
	    parts);
	json_set_str(cJSON_GetObjectItemCaseSensitive(o->json, "result"), "rule",
	    "8.1");
	return ST_OK;
}

static const struct unit *
unit_of(struct out_result *o, const struct reorg *r, const char *id, int *st)
{
	const struct unit *u = situation_find(r->sit, id);

	if (!u)
		*st = out_fail(o, ST_USAGE, "no unit '%s' in saved game '%s'", id,
		    r->sv.name);
	return u;
}

static int
defense_of(const struct unit *u)
{
	return toto_units_defense(u);
}

/* The kind of corps u: its marker, --kind, or the one row it fits. */
static const struct toto_corps_kind *
kind_of(struct out_result *o, const struct reorg *r, const struct unit *u,
    int *st)
{
	const struct toto_corps_kind *k, *fit = NULL;
	int i, n = 0, d = defense_of(u);

	if (r->kind_given)
		return toto_corps_find(r->kind_given);
	for (i = 0; i < u->nmarkers; i++)
		if ((k = toto_corps_find(u->markers[i])))
			return k;
	for (i = 0; (k = toto_corps_at(i)); i++)
		if (k->f[0] == u->strength && k->f[2] == u->ma &&
		    (d < 0 || d == k->f[1])) {
			fit = k;
			n++;
		}
	if (n == 1) {
		char def[8];

		snprintf(def, sizeof def, d < 0 ? "?" : "%d", d);
		out_step(o, "8.1", "%s is %d-%s-%d: of the table's corps only the "
		    "%s fits", u->id, u->strength, def, u->ma, fit->name);
		return fit;
	}
	*st = out_fail(o, ST_USAGE, "which corps is '%s'? %s: give --kind (a "
	    "row of 8.1, as ru-inf) or mark it with one", u->id, n ? "several "
	    "rows of the Reorganization Table fit its factors" : "no row of the "
	    "Reorganization Table fits its factors");
	return NULL;
}

/* The new units' ids: --as, or BASE-1, BASE-2, ... not taken. */
static int
new_ids(struct out_result *o, struct reorg *r, const char *base, int n)
{
	int i, k = 1;

	if (r->nas && r->nas != n)
		return out_fail(o, ST_USAGE, "--as: %d ids for %d unit%s", r->nas, n,
		    n == 1 ? "" : "s");
	for (i = 0; !r->nas && i < n; i++) {
		do
			snprintf(r->as[i], sizeof r->as[0], "%.50s-%d", base, k++);
		while (situation_find(r->sit, r->as[i]));
	}
	r->nas = n;
	for (i = 0; i < n; i++)
		if (situation_find(r->sit, r->as[i]))
			return out_fail(o, ST_USAGE, "--as: there is a unit '%s' "
			    "already", r->as[i]);
	return ST_OK;
}

/* The loss owed for unit id (12.20), the first open step, or NULL. */
static cJSON *
loss_for(struct saved *sv, const char *id)
{
	cJSON *p = saved_pending(sv)->child, *u;

	if (!p || !str(p, "owe") || strcmp(str(p, "owe"), "loss"))
		return NULL;
	cJSON_ArrayForEach(u, cJSON_GetObjectItemCaseSensitive(p, "units"))
		if (cJSON_IsString(u) && strcmp(u->valuestring, id) == 0)
			return p;
	return NULL;
}

/* Break */

/* 8.2, 7.10, 12.20: when a corps may break down. */
static int
break_when(const struct ctx *c, struct out_result *o, struct reorg *r,
    const struct unit *u)
{
	char phase[64];
	const char *own = toto_phase_side(c, &r->sv, "reorganization", phase,
	    sizeof phase);

	if ((r->take = loss_for(&r->sv, u->id))) {
		out_step(o, "12.20", "a loss is owed for %s: it may break down to "
		    "pay it with its divisions' factors", u->id);
		return ST_OK;
	}
	if (own && strcmp(own, u->side) == 0) {
		out_step(o, "8.2", "the %s phase: a voluntary breakdown", phase);
		return ST_OK;
	}
	if (toto_phase_side(c, &r->sv, "random events", phase, sizeof phase)) {
		out_step(o, "7.10", "the %s phase: a breakdown for an event's "
		    "withdrawals or losses (6.3, 6.4)", phase);
		return ST_OK;
	}
	if (!phase[0])
		return ST_OK;
	return out_fail(o, ST_USAGE, "%s: a corps breaks down in its side's "
	    "reorganization phase (8.2), for a random event (7.10) or for a "
	    "combat loss owed for it (12.20); saved game '%s' is in the %s "
	    "phase", u->id, r->sv.name, phase);
}

static int
check_break(struct ctx *c, struct out_result *o, struct reorg *r)
{
	const struct unit *u;
	char f[16];
	int st = ST_OK, d;

	if (r->nids != 1)
		return out_fail(o, ST_USAGE, "break: expected one corps' id");
	if (!(u = unit_of(o, r, r->ids[0], &st)))
		return st;
	if (!situation_unit_has_marker(u, "corps"))
		return out_fail(o, ST_USAGE, "'%s' is no corps (it has no corps "
		    "marker): only corps break down (8.1)", u->id);
	if (!(r->k = kind_of(o, r, u, &st)))
		return st;
	factors_text(r->k->f, f, sizeof f);
	if (!r->k->nparts)
		return out_fail(o, ST_USAGE, "the text does not give the %s's "
		    "divisions (8.1): break %s down by hand (umpire game remove "
		    "and place)", r->k->name, u->id);
	d = defense_of(u);
	if (u->strength != r->k->f[0] || u->ma != r->k->f[2] ||
	    (d >= 0 && d != r->k->f[1]))
		return out_fail(o, ST_USAGE, "'%s' is %d-%d-%d; the %s is %s (8.1)",
		    u->id, u->strength, d, u->ma, r->k->name, f);
	r->u[0] = u;
	out_step(o, "8.1", "%s is a %s, %s", u->id, r->k->name, f);
	if ((st = break_when(c, o, r, u)) != ST_OK)
		return st;
	return new_ids(o, r, u->id, r->k->nparts);
}

/* Combine */

/* Each unit matched to a division of the row, once. */
static int
match_parts(struct out_result *o, struct reorg *r)
{
	int used[MAX_IDS] = { 0 }, i, j, d;
	char f[16];

	for (i = 0; i < r->nids; i++) {
		const struct unit *u = r->u[i];

		d = defense_of(u);
		for (j = 0; j < r->k->nparts; j++)
			if (!used[j] && u->strength == r->k->part[j][0] &&
			    u->ma == r->k->part[j][2] && (d < 0 ||
			    d == r->k->part[j][1]) &&
			    strcmp(u->type, r->k->type[j]) == 0)
				break;
		if (j == r->k->nparts)
			return out_fail(o, ST_USAGE, "'%s' (%s, attack %d, movement "
			    "%d) is none of the %s's divisions still wanted (8.1)",
			    u->id, u->type, u->strength, u->ma, r->k->name);
		used[j] = 1;
		factors_text(r->k->part[j], f, sizeof f);
		out_step(o, "8.1", "%s: a %s %s of the %s%s", u->id, f, u->type,
		    r->k->name, d < 0 ? " (its defense, without a def-N marker, "
		    "relied on)" : "");
	}
	return ST_OK;
}

/* A unit's nation marker (7.4's words), or NULL. */
static const char *
nation_of(const struct unit *u)
{
	static const char *const nations[] = { "ottoman", "german",
	    "austro-hungarian", "british", "french", "russian", "persian", NULL };
	int i, k;

	for (i = 0; i < u->nmarkers; i++)
		for (k = 0; nations[k]; k++)
			if (strcmp(u->markers[i], nations[k]) == 0)
				return nations[k];
	return NULL;
}

/* 8.4: one nationality, but in the Yilderim; relied on unmarked. */
static int
one_nation(struct out_result *o, const struct reorg *r)
{
	const char *first = NULL, *n;
	int i, told = 0;

	for (i = 0; i < r->nids; i++) {
		if (!(n = nation_of(r->u[i]))) {
			told = 1;
			continue;
		}
		if (!first)
			first = n;
		else if (strcmp(first, n) && strcmp(r->k->id, "yilderim"))
			return out_fail(o, ST_USAGE, "'%s' is %s and '%s' %s: a corps "
			    "is built of one nation's divisions (8.4)", r->u[0]->id,
			    first, r->u[i]->id, n);
	}
	if (told)
		out_step(o, "8.4", "one nationality relied on: %s", first ? "some "
		    "divisions carry no nation marker" : "the divisions carry no "
		    "nation marker");
	return ST_OK;
}

static int
combine_units(struct out_result *o, struct reorg *r)
{
	int i, st = ST_OK;

	if (r->nids != r->k->nparts)
		return out_fail(o, ST_USAGE, "the %s is built of %d divisions "
		    "(8.1); %d given", r->k->name, r->k->nparts, r->nids);
	for (i = 0; i < r->nids; i++) {
		if (!(r->u[i] = unit_of(o, r, r->ids[i], &st)))
			return st;
		if (situation_unit_has_marker(r->u[i], "corps"))
			return out_fail(o, ST_USAGE, "'%s' is a corps already",
			    r->ids[i]);
		if (r->u[i]->hex != r->u[0]->hex || strcmp(r->u[i]->side,
		    r->u[0]->side))
			return out_fail(o, ST_USAGE, "'%s' and '%s' are not of one "
			    "side in one hex: divisions combine where they stand "
			    "together (8.3)", r->ids[0], r->ids[i]);
	}
	if ((st = one_nation(o, r)) != ST_OK)
		return st;
	return match_parts(o, r);
}

/* 8.1, 15.14: the supply unit an expeditionary corps spends. */
static int
combine_supply(struct out_result *o, struct reorg *r)
{
	const struct unit *in[64];
	int n, i, st = ST_OK;
	char hex[HEX_IDLEN];

	if (!r->k->supply)
		return ST_OK;
	map_hex_id(r->m, r->u[0]->hex, hex);
	if (r->supply_given) {
		if (!(r->supply = unit_of(o, r, r->supply_given, &st)))
			return st;
	} else {
		n = situation_in_hex(r->sit, r->u[0]->hex, in, 64);
		for (i = 0; i < n && i < 64 && !r->supply; i++)
			if (strcmp(in[i]->type, "supply") == 0 &&
			    strcmp(in[i]->side, r->u[0]->side) == 0)
				r->supply = in[i];
	}
	if (!r->supply)
		return out_fail(o, ST_USAGE, "building the %s spends a supply unit "
		    "(8.1): there is none of the %s side in %s", r->k->name,
		    r->u[0]->side, hex);
	if (strcmp(r->supply->type, "supply") || r->supply->hex != r->u[0]->hex ||
	    strcmp(r->supply->side, r->u[0]->side))
		return out_fail(o, ST_USAGE, "--supply: '%s' is no supply unit of "
		    "the %s side in %s (8.1, 8.3)", r->supply->id, r->u[0]->side,
		    hex);
	out_step(o, "8.1, 15.14", "%s is spent to build it (not returned when "
	    "the corps breaks down, 8.2)", r->supply->id);
	return ST_OK;
}

/* 8.3, 15.5: general supply; and the side's reorganization phase. */
static int
combine_when(const struct ctx *c, struct out_result *o, struct reorg *r)
{
	char why[320], phase[64];
	const char *own = toto_phase_side(c, &r->sv, "reorganization", phase,
	    sizeof phase);
	int v;

	if (phase[0] && (!own || strcmp(own, r->u[0]->side)))
		return out_fail(o, ST_USAGE, "divisions combine only in their "
		    "side's reorganization phase (8.3, 8.4); saved game '%s' is "
		    "in the %s phase", r->sv.name, phase);
	v = toto_traced_supply(c, r->m, r->sit, r->u[0], why, sizeof why);
	if (v < -1)
		return -v;
	if (v < 0)
		out_step(o, "8.3, 15.5", "the %s side has no supply unit on the "
		    "map: general supply relied on", r->u[0]->side);
	else if (!v)
		return out_fail(o, ST_USAGE, "'%s' is %s: units combine only in "
		    "general supply (8.3, 15.5)", r->u[0]->id, why);
	else
		out_step(o, "8.3, 15.5", "%s: %s", r->u[0]->id, why);
	return ST_OK;
}

static int
check_combine(struct ctx *c, struct out_result *o, struct reorg *r)
{
	int st;

	if (r->nids < 2 || !(r->k = toto_corps_find(r->ids[0])))
		return out_fail(o, ST_USAGE, "combine: expected a row of the "
		    "Reorganization Table (8.1, as ru-inf), then the divisions' "
		    "ids");
	if (!r->k->nparts)
		return out_fail(o, ST_USAGE, "the text does not give the %s's "
		    "divisions (8.1)", r->k->name);
	memmove(r->ids, r->ids + 1, (size_t)(r->nids - 1) * sizeof r->ids[0]);
	r->nids--;
	if ((st = combine_units(o, r)) != ST_OK ||
	    (st = combine_supply(o, r)) != ST_OK ||
	    (st = combine_when(c, o, r)) != ST_OK)
		return st;
	return new_ids(o, r, r->k->id, 1);
}

/* The change */

/* A new unit like u on its hex: side, type, factors, markers kept. */
static cJSON *
new_unit(const struct reorg *r, const char *id, const char *type,
    const int f[3], const cJSON *like, int corps)
{
	cJSON *u = json_object(), *mk = json_array();
	const cJSON *m;
	char def[16];

	json_set_str(u, "id", id);
	json_set_str(u, "side", str(like, "side"));
	json_set_str(u, "type", type);
	json_set_int(u, "strength", f[0]);
	json_set_int(u, "ma", f[2]);
	json_set_str(u, "hex", str(like, "hex"));
	if (corps) {
		json_push(mk, cJSON_CreateString("corps"));
		json_push(mk, cJSON_CreateString(r->k->id));
	}
	snprintf(def, sizeof def, "def-%d", f[1]);
	json_push(mk, cJSON_CreateString(def));
	/* what a marker says of the stack's state stays with its units */
	cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(like, "markers"))
		if (cJSON_IsString(m) && strcmp(m->valuestring, "corps") &&
		    !toto_corps_find(m->valuestring) &&
		    strncmp(m->valuestring, "def-", 4))
			json_push(mk, cJSON_CreateString(m->valuestring));
	json_set(u, "markers", mk);
	return u;
}

/* 12.20: an open step for the corps is the divisions' now; an owed
 * loss counts them by their factors, the side's (attack or defense). */
static void
parts_in(struct reorg *r, cJSON *p, const cJSON *placed)
{
	cJSON *units = cJSON_GetObjectItemCaseSensitive(p, "units");
	cJSON *values = cJSON_GetObjectItemCaseSensitive(p, "values");
	const cJSON *q;
	const char *side = str(p, "side");
	int i = 0, f = side && strcmp(side, "attacker") == 0 ? 0 : 1;
	cJSON *u;

	cJSON_ArrayForEach(u, units) {
		if (cJSON_IsString(u) && strcmp(u->valuestring, r->u[0]->id) == 0)
			break;
		i++;
	}
	if (!u)
		return;
	cJSON_DeleteItemFromArray(units, i);
	if (values)
		cJSON_DeleteItemFromObjectCaseSensitive(values, r->u[0]->id);
	i = 0;
	cJSON_ArrayForEach(q, placed) {
		json_push(units, cJSON_CreateString(str(q, "id")));
		if (values)
			json_set_int(values, str(q, "id"), r->k->part[i][f]);
		i++;
	}
}

static int
change(const struct ctx *c, struct out_result *o, struct reorg *r,
    const cJSON *placed, const char *what)
{
	struct saved_step s = { .ctx = c, .unit = r->u[0]->id,
	    .take = r->take ? "loss" : NULL, .procedure = strcmp(r->verb,
	    "combine") ? NULL : "reorganize" };
	char why[OUT_WHY];
	cJSON *take, *e;
	const cJSON *p;
	int dropped = 0, st, i;

	saved_begin(&r->sv);
	if ((st = saved_step_check(&r->sv, &s, &dropped, &take, why,
	    sizeof why)) != ST_OK)
		return why[0] ? out_fail(o, st, "--apply: %s", why) : st;
	r->take = take;
	for (i = 0; i < r->nids; i++)
		cJSON_Delete(toto_saved_take_off(&r->sv, r->u[i]->id));
	if (r->supply)
		cJSON_Delete(toto_saved_take_off(&r->sv, r->supply->id));
	cJSON_ArrayForEach(p, placed)
		json_push(saved_units(&r->sv), json_must(cJSON_Duplicate(p, 1)));
	if (strcmp(r->verb, "combine"))
		cJSON_ArrayForEach(e, saved_pending(&r->sv))
			parts_in(r, e, placed);
	return saved_commit(&r->sv, what, strcmp(r->verb, "combine") ?
	    (r->take ? "12.20" : "8.2") : "8.3", c->argc, c->argv);
}

/* The units placed, as the position will hold them. */
static cJSON *
placed_units(struct reorg *r)
{
	cJSON *list = json_array();
	const cJSON *like = saved_unit(&r->sv, r->u[0]->id);
	int i;

	if (strcmp(r->verb, "combine") == 0) {
		json_push(list, new_unit(r, r->as[0], r->k->type[0], r->k->f, like,
		    1));
		return list;
	}
	for (i = 0; i < r->k->nparts; i++)
		json_push(list, new_unit(r, r->as[i], r->k->type[i], r->k->part[i],
		    like, 0));
	return list;
}

static void
say_result(struct out_result *o, struct reorg *r, const cJSON *placed,
    char *what, size_t len)
{
	const cJSON *p;
	cJSON *res = json_object(), *gone = json_array();
	size_t n;
	int i, br = strcmp(r->verb, "combine") != 0;
	const char *rule = br ? (r->take ? "12.20" : "8.2") : "8.3";

	n = (size_t)snprintf(what, len, "reorganize: ");
	for (i = 0; i < r->nids && n < len; i++) {
		json_push(gone, cJSON_CreateString(r->u[i]->id));
		n += (size_t)snprintf(what + n, len - n, "%s%s", i ? ", " : "",
		    r->u[i]->id);
	}
	if (r->supply)
		json_push(gone, cJSON_CreateString(r->supply->id));
	if (n < len)
		n += (size_t)snprintf(what + n, len - n, br ? " broken down into " :
		    " combined into ");
	i = 0;
	cJSON_ArrayForEach(p, placed)
		if (n < len)
			n += (size_t)snprintf(what + n, len - n, "%s%s", i++ ? ", " :
			    "", str(p, "id"));
	json_set(o->json, "removed", gone);
	json_set(o->json, "placed", json_must(cJSON_Duplicate(placed, 1)));
	json_set_str(o->json, "kind", r->k->id);
	json_set_str(res, "code", br ? "broken-down" : "combined");
	json_set_str(res, "text", what + strlen("reorganize: "));
	json_set_str(res, "rule", rule);
	json_set(o->json, "result", res);
	out_result_line(o, rule, "result: %s  %s", br ? "broken-down" :
	    "combined", what + strlen("reorganize: "));
}

static int
run_saved(struct ctx *c, struct out_result *o, struct reorg *r)
{
	char what[512];
	cJSON *placed;
	int st;

	if ((st = toto_saved_open(c, &r->sv, r->apply, &r->open, &r->m,
	    &r->sit)) != ST_OK)
		return st;
	out_title(o, "Twilight of the Ottomans: reorganization, %s",
	    strcmp(r->verb, "combine") ? "a corps broken down" :
	    "divisions combined");
	if ((st = strcmp(r->verb, "combine") ? check_break(c, o, r) :
	    check_combine(c, o, r)) != ST_OK)
		return st;
	placed = placed_units(r);
	say_result(o, r, placed, what, sizeof what);
	if (r->apply && (st = change(c, o, r, placed, what)) == ST_OK)
		toto_saved_applied(o, &r->sv);
	else if (!r->apply)
		out_text(o, NULL, "--apply makes the change in saved game %s",
		    r->sv.name);
	cJSON_Delete(placed);
	return st;
}

int
toto_reorg_run(struct ctx *c, const cJSON *req, struct out_result *o)
{
	struct reorg r;
	int st;

	memset(&r, 0, sizeof r);
	r.sv.fd = -1;
	if ((st = toto_corps_load(c)) != ST_OK)
		return st;
	if ((st = parse(c, o, req, &r)) != ST_OK)
		return st;
	st = c->saved ? run_saved(c, o, &r) : show_kind(o, &r);
	toto_saved_close(&r.sv, r.open, r.m, r.sit);
	return st;
}

const char *const toto_reorg_fields[] = { "operands", "kind", "as", "supply",
	"apply", NULL };

/* `umpire reorganize`'s options (each sets its request field) */
const struct opt toto_reorg_opts[] = {
	{ OPT_FIELD, 0, "kind", "kind", "the corps' row of the reorganization "
	  "table, where the unit carries none (ru-inf)", "@words" },
	{ OPT_FIELD, 0, "as", "ids", "the new units' ids, separated by commas", NULL },
	{ OPT_FIELD, 0, "supply", "id", "the supply unit spent to build the "
	  "corps (default: one in the hex)", NULL },
	{ OPT_FIELD, 0, "apply", NULL, "make the change in the saved game, as "
	  "one step to undo", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};
