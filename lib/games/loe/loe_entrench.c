/*
 * loe_entrench.c: Lion of Ethiopia's entrenchments (umpire entrench).
 *
 *   who        10.2.1 A any Italian or Askari ground unit, and the
 *              Ethiopian Guard; 10.2.4 A other Ethiopian infantry within
 *              two hexes of the Wehib Pasha engineers (type engineer),
 *              who build none themselves (10.2.4 B)
 *   where      10.2 any land hex but a fort, marsh or neutral territory;
 *              10.2.1 E one a hex
 *   when       10.2.1 B no enemy unit within two hexes; the builder stays
 *              the whole Movement Phase: it has not moved this phase
 *              (marker moved) and may not move until it ends (loe_move.c
 *              refuses a unit marked digging); 10.2.1 D out of supply
 *              does not matter
 *   done       10.2.1 C the counter is put on the builder under
 *              construction (marker digging) and turned over as the
 *              Movement Phase ends (rules/loe/sequence.json's turns:
 *              digging becomes entrenched)
 *   removed    10.2.3 once the hex holds no ground unit of the side that
 *              built it (loe_control.c, as moves are applied)
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "games/loe/loe_impl.h"
#include "games/loe/loe_move.h"
#include "hex.h"
#include "json.h"
#include "map.h"
#include "out.h"
#include "position.h"
#include "saved_apply.h"
#include "situation.h"

const char *const loe_entrench_fields[] = { "unit", "apply", "situation",
	"map", NULL };

/* The refusal: the result's code "refused" and why, with its rule. */
static int
refuse(struct out_result *o, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int
refuse(struct out_result *o, const char *rule, const char *fmt, ...)
{
	cJSON *r = json_object();
	char text[240], line[300];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	json_set_str(r, "code", "refused");
	json_set_str(r, "text", text);
	json_set_str(r, "rule", rule);
	json_set(o->json, "result", r);
	snprintf(line, sizeof line, "refused: %s (%s)", text, rule);
	json_set_str(o->json, "unapplied", line);
	out_result_line(o, rule, "result: refused: %s", text);
	return ST_OK;
}

static int
distance(const struct position *p, int a, int b)
{
	return hex_distance(map_hex(p->map, a), map_hex(p->map, b),
	    map_layout(p->map));
}

/* 10.2.4 A: the Wehib Pasha engineers within two hexes, or NULL. */
static const struct unit *
wehib_near(const struct position *p, const struct unit *u)
{
	const struct unit *w;
	int i;

	for (i = 0; i < situation_count(p->sit); i++) {
		w = situation_unit(p->sit, i);
		if (strcmp(w->side, "ethiopian") == 0 &&
		    strcmp(w->type, "engineer") == 0 &&
		    distance(p, w->hex, u->hex) <= 2)
			return w;
	}
	return NULL;
}

/* 10.2.1 A, 10.2.4: may u build?  0, or a refusal made. */
static int
builder(struct out_result *o, const struct position *p, const struct unit *u,
    int *refused)
{
	static const char *const infantry[] = { "ethiopian-irr",
		"ethiopian-reg", "infantry", NULL };
	const struct unit *w;
	int i;

	*refused = 1;
	if (!loe_holds(u))
		return refuse(o, "10.2.1 A", "%s is no ground unit", u->id);
	if (strcmp(u->side, "italian") == 0) {
		out_step(o, "10.2.1 A", "%s, an Italian-side ground unit, may "
		    "build", u->id);
		return *refused = 0;
	}
	if (strcmp(u->type, "guard") == 0) {
		out_step(o, "10.2.1 A", "%s, of the Guard Division, may build",
		    u->id);
		return *refused = 0;
	}
	if (strcmp(u->type, "engineer") == 0)
		return refuse(o, "10.2.4 B", "the Wehib Pasha engineers build "
		    "no entrenchment of their own");
	for (i = 0; infantry[i] && strcmp(infantry[i], u->type) != 0; i++)
		;
	if (!infantry[i])
		return refuse(o, "10.2.4 A", "%s (%s) is not Ethiopian "
		    "infantry, nor of the Guard", u->id, u->type);
	if (!(w = wehib_near(p, u)))
		return refuse(o, "10.2.4 A", "Ethiopian infantry other than the "
		    "Guard builds only within two hexes of the Wehib Pasha "
		    "engineers, and none are");
	out_step(o, "10.2.4 A", "%s, infantry, within two hexes of the Wehib "
	    "Pasha engineers (%s)", u->id, w->id);
	return *refused = 0;
}

/* 10.2: a land hex that is no fort, marsh or neutral territory. */
static const char *
bad_ground(const struct position *p, int hex)
{
	static const char *const never[] = { "fort", "marsh", "neutral",
		NULL };
	int i, bit;

	if (strcmp(map_terrain(p->map, hex), "ocean") == 0)
		return "ocean";
	for (i = 0; never[i]; i++)
		if ((bit = map_feature_bit(p->map, never[i])) >= 0 &&
		    (map_features(p->map, hex) & (1u << bit)))
			return never[i];
	return NULL;
}

/* 10.2.1 B, E: the hex's one entrenchment; the nearest enemy. */
static const struct unit *
dug(const struct position *p, const struct unit *u)
{
	const struct unit *there[POSITION_MAX_HEX];
	int i, n = situation_in_hex(p->sit, u->hex, there, POSITION_MAX_HEX);

	for (i = 0; i < n && i < POSITION_MAX_HEX; i++)
		if (situation_unit_has_marker(there[i], "entrenched") ||
		    situation_unit_has_marker(there[i], "digging"))
			return there[i];
	return NULL;
}

static const struct unit *
enemy_near(const struct position *p, const struct unit *u)
{
	const struct unit *e;
	int i;

	for (i = 0; i < situation_count(p->sit); i++) {
		e = situation_unit(p->sit, i);
		if (strcmp(e->side, u->side) != 0 && loe_holds(e) &&
		    distance(p, e->hex, u->hex) <= 2)
			return e;
	}
	return NULL;
}

static int
check(struct out_result *o, const struct position *p, const struct unit *u)
{
	const struct unit *x;
	const char *why;
	char hex[HEX_IDLEN], at[HEX_IDLEN];
	int refused, st;

	map_hex_id(p->map, u->hex, hex);
	if ((st = builder(o, p, u, &refused)) != ST_OK || refused)
		return st;
	if ((why = bad_ground(p, u->hex)) != NULL)
		return refuse(o, "10.2", "no entrenchment in %s: %s is %s",
		    strcmp(why, "neutral") == 0 ? "neutral territory" : why,
		    hex, strcmp(why, "neutral") == 0 ? "neutral" : why);
	out_step(o, "10.2", "%s: land, no fort, marsh or neutral territory",
	    hex);
	if ((x = dug(p, u)) != NULL)
		return refuse(o, "10.2.1 E", "%s holds an entrenchment already "
		    "(%s's)", hex, x->id);
	if ((x = enemy_near(p, u)) != NULL) {
		map_hex_id(p->map, x->hex, at);
		return refuse(o, "10.2.1 B", "an enemy unit, %s in %s, is %d "
		    "hex%s away: none may be within two", x->id, at,
		    distance(p, x->hex, u->hex), distance(p, x->hex, u->hex) ==
		    1 ? "" : "es");
	}
	out_step(o, "10.2.1 B", "no enemy unit within two hexes of %s", hex);
	if (situation_unit_has_marker(u, "moved"))
		return refuse(o, "10.2.1 B", "%s has moved this phase: the "
		    "builder starts and ends the Movement Phase in the hex",
		    u->id);
	if (situation_unit_has_marker(u, "oos-1") ||
	    situation_unit_has_marker(u, "oos-2") ||
	    situation_unit_has_marker(u, "oos"))
		out_step(o, "10.2.1 D", "out of supply, %s may build all the "
		    "same", u->id);
	return ST_OK;
}

/* The effect: the counter on the builder, under construction. */
static void
build(struct out_result *o, const struct position *p, const struct unit *u)
{
	cJSON *r = json_object(), *fx = json_array();
	char hex[HEX_IDLEN], text[200];

	map_hex_id(p->map, u->hex, hex);
	snprintf(text, sizeof text, "an entrenchment under construction in %s, "
	    "completed as the Movement Phase ends; %s stays in the hex till "
	    "then", hex, u->id);
	json_set_str(r, "code", "builds");
	json_set_str(r, "text", text);
	json_set_str(r, "rule", "10.2.1 C");
	json_set(o->json, "result", r);
	saved_effect(fx, u->id, "mark", "digging", "10.2.1 C");
	json_set(o->json, "effects", fx);
	out_result_line(o, "10.2.1 C", "result: %s", text);
}

int
loe_entrench_run(struct ctx *c, const cJSON *req, struct out_result *o)
{
	const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
	    req, "unit"));
	struct situation_rules loose;
	const struct unit *u;
	struct position p;
	int st;

	memset(&p, 0, sizeof p);
	if (!id)
		return out_fail(o, ST_USAGE, "--unit: the unit that is to build "
		    "the entrenchment");
	if ((st = position_open(c, o, req, &p, &loose)) == ST_OK) {
		if (!(u = situation_find(p.sit, id)))
			st = out_fail(o, ST_USAGE, "--unit: no unit '%s' in %s", id,
			    p.spec);
		else {
			out_title(o, "entrenchment: %s in %s", id, p.spec);
			json_set_str(o->json, "unit", id);
			json_set_str(o->json, "side", u->side);
			if ((st = check(o, &p, u)) == ST_OK &&
			    !cJSON_GetObjectItemCaseSensitive(o->json, "result"))
				build(o, &p, u);
		}
	}
	position_close(&p);
	return st;
}
