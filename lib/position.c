/*
 * position.c: the check of a whole position (position.h).  The game counts
 * its units; this walks the hexes in map order, side by side, and says
 * what was found, each thing with its rule.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "games/game.h"
#include "json.h"
#include "map.h"
#include "move.h"
#include "out.h"
#include "position.h"
#include "situation.h"

const char *const position_fields[] = { "situation", "map", "hex", "side",
	NULL };

/* What was found, for the result line. */
struct tally {
	int hexes, units, over, shared, placed, noted;
	int one;		/* a hex was asked for */
};

/* The situation read leniently: two sides' units in one hex are what the
 * check is to report, not a reason to stop reading. */
static int
never_holds(const struct unit *u)
{
	(void)u;
	return 0;
}

static const char *
spec_of(const struct ctx *c, const cJSON *req)
{
	const cJSON *s = cJSON_GetObjectItemCaseSensitive(req, "situation");

	return cJSON_IsString(s) ? s->valuestring : c->situation;
}

int
position_open(struct ctx *c, struct out_result *o, const cJSON *req,
    struct position *p, struct situation_rules *loose)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(req, "map");
	const char *map = cJSON_IsString(m) ? m->valuestring : c->map;
	const struct game *g;
	int st;

	if (!(p->spec = spec_of(c, req)))
		return out_fail(o, ST_USAGE, "a position to check: give --saved "
		    "NAME or --situation FILE");
	if ((st = game_situation_defaults(c, p->spec, &map)) != ST_OK)
		return st;
	if (!map)
		return out_fail(o, ST_USAGE, "situation '%s' names no map: give "
		    "--map", p->spec);
	if ((st = map_load(c, map, &p->map)) != ST_OK)
		return st;
	if (!(g = game_find(map_game(p->map))) || !g->situation)
		return out_fail(o, ST_USAGE, "map '%s' is of no game whose "
		    "positions umpire checks", map);
	p->rules = g->situation;
	p->off_map = g->move ? g->move->off_map : NULL;
	*loose = *g->situation;
	loose->holds = never_holds;
	return game_situation_open_with(c, p->map, p->spec, loose, &p->sit);
}

int
position_found(struct position_finding *f, const char *rule,
    const char *remedy_rule, const char *remedy, const char *fmt, ...)
{
	va_list ap;

	f->rule = rule;
	f->remedy_rule = remedy_rule;
	snprintf(f->remedy, sizeof f->remedy, "%s", remedy ? remedy : "");
	va_start(ap, fmt);
	vsnprintf(f->text, sizeof f->text, fmt, ap);
	va_end(ap);
	return 1;
}

static cJSON *
ids_json(const struct unit *const *u, int n)
{
	cJSON *a = json_array();
	int i;

	for (i = 0; i < n; i++)
		json_push(a, cJSON_CreateString(u[i]->id));
	return a;
}

static cJSON *
finding_json(const struct position_finding *f)
{
	cJSON *j = json_object();

	json_set_str(j, "rule", f->rule);
	json_set_str(j, "text", f->text);
	if (f->remedy_rule) {
		json_set_str(j, "remedy", f->remedy);
		json_set_str(j, "remedy_rule", f->remedy_rule);
	}
	return j;
}

/* A finding as steps: what is wrong, then what the rule has done. */
static void
finding_steps(struct out_result *o, const char *hex,
    const struct position_finding *f)
{
	out_step(o, f->rule, "%s: %s", hex, f->text);
	if (f->remedy_rule)
		out_step(o, f->remedy_rule, "%s: %s", hex, f->remedy);
}

/* One side's units in one hex, to the game. */
static void
check_side(struct out_result *o, const struct position_rules *r,
    const struct position *p, int hex, const struct unit *const *u, int n,
    struct tally *tl, cJSON *hexes)
{
	struct position_finding f[POSITION_MAX_FINDINGS];
	struct position_tally t = { NULL, 0, 0, "units" };
	char id[HEX_IDLEN];
	cJSON *j, *fa;
	int nf, i;

	memset(f, 0, sizeof f);
	nf = r->hex(p, hex, u, n, &t, f);
	if (nf == 0 && !tl->one)
		return;
	map_hex_id(p->map, hex, id);
	/* the count said once: by a finding, or else by the tally */
	if (t.limit > 0 && nf == 0)
		out_step(o, t.rule, "%s, %s: %d %s, limit %d", id, u[0]->side,
		    t.count, t.what, t.limit);
	j = json_object();
	json_set_str(j, "hex", id);
	json_set_str(j, "side", u[0]->side);
	json_set(j, "units", ids_json(u, n));
	json_set_int(j, "count", t.count);
	json_set_int(j, "limit", t.limit);
	json_set_str(j, "counted", t.what);
	if (t.rule)
		json_set_str(j, "rule", t.rule);
	fa = json_array();
	for (i = 0; i < nf; i++) {
		finding_steps(o, id, &f[i]);
		json_push(fa, finding_json(&f[i]));
	}
	json_set(j, "findings", fa);
	json_push(hexes, j);
	tl->over += nf > 0;
}

/* Units of two sides in the hex, of those the game says hold it. */
static void
check_shared(struct out_result *o, const struct position *p, int hex,
    const struct unit *const *u, int n, struct tally *tl, cJSON *shared)
{
	const char *first = NULL;
	char id[HEX_IDLEN];
	cJSON *j;
	int i, two = 0;

	for (i = 0; i < n; i++) {
		if (p->rules->holds && !p->rules->holds(u[i]))
			continue;
		if (!first)
			first = u[i]->side;
		else if (strcmp(first, u[i]->side) != 0)
			two = 1;
	}
	if (!two)
		return;
	map_hex_id(p->map, hex, id);
	out_step(o, p->rules->share_rule, "%s: units of two sides stand in "
	    "one hex, which no move may bring about: the position is wrong",
	    id);
	j = json_object();
	json_set_str(j, "hex", id);
	json_set(j, "units", ids_json(u, n));
	json_set_str(j, "rule", p->rules->share_rule);
	json_push(shared, j);
	tl->shared++;
}

static void
check_placed(struct out_result *o, const struct position_rules *r,
    const struct position *p, const struct unit *u, struct tally *tl,
    cJSON *placed)
{
	struct position_finding f;
	char id[HEX_IDLEN];
	cJSON *j;

	memset(&f, 0, sizeof f);
	if (!r->placed || !r->placed(p, u, &f))
		return;
	map_hex_id(p->map, u->hex, id);
	out_step(o, f.rule, "%s (%s): %s", u->id, id, f.text);
	if (f.remedy_rule)
		out_step(o, f.remedy_rule, "%s: %s", u->id, f.remedy);
	j = finding_json(&f);
	json_set_str(j, "unit", u->id);
	json_set_str(j, "hex", id);
	json_set_bool(j, "note", f.note);
	json_push(placed, j);
	if (f.note)
		tl->noted++;
	else
		tl->placed++;
}

/* Is side one of the words of list ("zulu dervish"); a NULL list: any. */
static int
asked(const char *list, const char *side)
{
	size_t n = strlen(side);
	const char *at;

	for (at = list; at && (at = strstr(at, side)) != NULL; at += n)
		if ((at == list || at[-1] == ' ' || at[-1] == ',') &&
		    (at[n] == '\0' || at[n] == ' ' || at[n] == ','))
			return 1;
	return list == NULL;
}

/* Hex idx: every unit's placing, the sides' sharing, each side's count
 * (of the sides asked for). */
static void
check_hex(struct out_result *o, const struct position_rules *r,
    const struct position *p, int idx, struct tally *tl, cJSON *json)
{
	const char *sides = cJSON_GetStringValue(cJSON_GetObjectItem(json,
	    "sides"));
	const struct unit *all[POSITION_MAX_HEX], *side[POSITION_MAX_HEX];
	const char *done[POSITION_MAX_HEX];
	int n, i, k, ns, nd = 0, on = 0;

	n = situation_in_hex(p->sit, idx, all, POSITION_MAX_HEX);
	if (n > POSITION_MAX_HEX)
		n = POSITION_MAX_HEX;
	for (i = 0; i < n; i++) {
		if (asked(sides, all[i]->side))
			check_placed(o, r, p, all[i], tl, cJSON_GetObjectItem(
			    json, "placed"));
		/* a unit in a box off the map holds no hex (move.h) */
		if (!p->off_map || !situation_unit_has_marker(all[i], p->off_map))
			all[on++] = all[i];
	}
	tl->units += on;
	if (on == 0)
		return;
	tl->hexes++;
	check_shared(o, p, idx, all, on, tl, cJSON_GetObjectItem(json,
	    "shared"));
	for (i = 0; i < on; i++) {
		for (k = 0; k < nd && strcmp(done[k], all[i]->side) != 0; k++)
			;
		if (k < nd || !asked(sides, all[i]->side))
			continue;
		done[nd++] = all[i]->side;
		for (k = i, ns = 0; k < on; k++)
			if (strcmp(all[k]->side, all[i]->side) == 0)
				side[ns++] = all[k];
		check_side(o, r, p, idx, side, ns, tl, cJSON_GetObjectItem(json,
		    "hexes"));
	}
}

/* The hexes to check: the one asked for, or every hex a unit stands in. */
static int
walk(struct out_result *o, const cJSON *req, const struct position_rules *r,
    const struct position *p, struct tally *tl)
{
	const cJSON *h = cJSON_GetObjectItemCaseSensitive(req, "hex");
	int i, n = situation_count(p->sit), size = map_size(p->map), idx;
	unsigned char *seen;

	if (cJSON_IsString(h)) {
		if ((idx = map_lookup(p->map, h->valuestring)) < 0)
			return out_fail(o, ST_USAGE, "--hex: no hex '%s' on map "
			    "%s", h->valuestring, map_name(p->map));
		tl->one = 1;
		check_hex(o, r, p, idx, tl, o->json);
		return ST_OK;
	}
	seen = err_calloc((size_t)size, 1);
	for (i = 0; i < n; i++) {
		idx = situation_unit(p->sit, i)->hex;
		seen[idx] = 1;
	}
	for (i = 0; i < size; i++)
		if (seen[i])
			check_hex(o, r, p, i, tl, o->json);
	free(seen);
	return ST_OK;
}

static void
result(struct out_result *o, const struct position_rules *r,
    const struct tally *tl)
{
	cJSON *res = json_object();
	char text[200];
	int bad = tl->over + tl->shared + tl->placed;

	if (bad == 0)
		snprintf(text, sizeof text, "within the limits: %d unit%s in %d "
		    "hex%s%s", tl->units, tl->units == 1 ? "" : "s", tl->hexes,
		    tl->hexes == 1 ? "" : "es", tl->noted ? "; some off the map"
		    : "");
	else
		snprintf(text, sizeof text, "%d stack%s over a limit, %d hex%s "
		    "shared by two sides, %d unit%s where none may stand",
		    tl->over, tl->over == 1 ? "" : "s", tl->shared,
		    tl->shared == 1 ? "" : "es", tl->placed,
		    tl->placed == 1 ? "" : "s");
	json_set_str(res, "code", bad ? "over" : "ok");
	json_set_str(res, "text", text);
	json_set_str(res, "rule", r->rule);
	json_set(o->json, "result", res);
	out_result_line(o, r->rule, "result: %s", text);
}

int
position_check(struct ctx *c, const cJSON *req, struct out_result *o,
    const struct position_rules *r)
{
	struct situation_rules loose;
	struct position p;
	struct tally tl;
	int st;

	memset(&p, 0, sizeof p);
	memset(&tl, 0, sizeof tl);
	if ((st = position_open(c, o, req, &p, &loose)) == ST_OK &&
	    (!r->open || (st = r->open(c, &p)) == ST_OK)) {
		out_title(o, "stacking: %s (map %s)", p.spec, map_name(p.map));
		json_set_str(o->json, "situation", p.spec);
		json_set_str(o->json, "map", map_name(p.map));
		json_set(o->json, "hexes", json_array());
		json_set(o->json, "shared", json_array());
		json_set(o->json, "placed", json_array());
		if (cJSON_IsString(cJSON_GetObjectItemCaseSensitive(req,
		    "side")))
			json_set_str(o->json, "sides", cJSON_GetStringValue(
			    cJSON_GetObjectItemCaseSensitive(req, "side")));
		if ((st = walk(o, req, r, &p, &tl)) == ST_OK)
			result(o, r, &tl);
	}
	if (r->close)
		r->close(&p);
	position_close(&p);
	return st;
}

void
position_close(struct position *p)
{
	situation_free(p->sit);
	map_free(p->map);
	p->sit = NULL;
	p->map = NULL;
}
