/*
 * toto_supply.c: Twilight of the Ottomans' supply rules for `umpire
 * supply-trace`.
 *
 *   15.1, 15.3 general supply: a line to a supply unit, or a fortification
 *              or objective hex the unit began the phase in
 *   15.2, 11.9 the radius printed on the supply unit, counted in hexes;
 *              enemy units and terrain closed to land movement block it;
 *              an enemy zone may end a line but not carry it on
 *   38.0       lava flow carries a line only along roads
 *   15.4, 15.7, 15.8, 24.2  offensive supply in the Combat Phase: a supply
 *              unit that has not moved (marker "moved"), spent; none in
 *              winter
 *   15.6, 38.0 attrition checks due by terrain and season
 *              (rules/toto/supply.json, the table rules/toto/supply-attrition)
 *   15.12      units always in general supply, fortification counters
 *              (7.4) and the units with them among them; 28.4 the
 *              Bolsheviks
 *   22         guerrillas need no supply, block no line, exert no zone
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "ctx.h"
#include "data.h"
#include "err.h"
#include "games/game.h"
#include "hex.h"
#include "map.h"
#include "opt.h"
#include "supply.h"
#include "toto_supply.h"
#include "situation.h"

#define TOTO_MAXTERRAIN	16


struct toto_data {
	int radius;			/* the stand-in radius (15.2), or
					   the one given by eye (radius-N) */
	int radius_given;
	struct {
		char word[32];
		int checks[4];		/* by season */
		int camel[4];		/* camels, where they differ */
		int camel_own;
	} att[TOTO_MAXTERRAIN];
	int natt;
	int season;
	char whybuf[SUPPLY_WHYLEN];
};

static int
read_checks(const cJSON *o, int checks[4])
{
	const cJSON *v;
	int i;

	for (i = 0; i < 4; i++) {
		v = cJSON_GetObjectItemCaseSensitive(o, move_season_word(i));
		if (v && (!cJSON_IsNumber(v) || v->valuedouble < 0 ||
		    v->valuedouble > 3))
			return -1;
		checks[i] = v ? v->valueint : 0;
	}
	return 0;
}

static int
read_attrition(const char *path, const cJSON *a, struct toto_data *d)
{
	const cJSON *t, *camel;

	if (!cJSON_IsObject(a))
		return err(ST_DATA, "%s: attrition: expected an object", path);
	cJSON_ArrayForEach(t, a) {
		if (d->natt == TOTO_MAXTERRAIN || !cJSON_IsObject(t) ||
		    strlen(t->string) >= sizeof d->att[0].word ||
		    read_checks(t, d->att[d->natt].checks) < 0)
			return err(ST_DATA, "%s: attrition.%s: expected "
			    "checks (0 to 3) by season", path, t->string);
		camel = cJSON_GetObjectItemCaseSensitive(t, "camel");
		if (camel) {
			if (read_checks(camel, d->att[d->natt].camel) < 0)
				return err(ST_DATA, "%s: attrition.%s.camel: "
				    "expected checks by season", path,
				    t->string);
			d->att[d->natt].camel_own = 1;
		}
		snprintf(d->att[d->natt++].word, sizeof d->att[0].word, "%s",
		    t->string);
	}
	return ST_OK;
}

static int
toto_load(struct supply_run *r)
{
	char path[PATH_MAX];
	struct toto_data *d = err_calloc(1, sizeof *d);
	const cJSON *v;
	cJSON *j;
	int st;

	r->game_data = d;
	if (r->season && (d->season = move_season(r->season)) < 0)
		return err(ST_USAGE, "bad --season: '%s' (expected winter, "
		    "spring, summer or fall)", r->season);
	if (!r->season)
		d->season = 1;
	if ((st = data_load_json(r->c, "toto/supply.json", &j, path)) != ST_OK)
		return st == ST_NO ? err(ST_DATA, "no supply data: '%s'",
		    "toto/supply.json") : st;
	v = cJSON_GetObjectItemCaseSensitive(j, "source");
	snprintf(r->data_source, sizeof r->data_source, "%s",
	    cJSON_IsString(v) ? v->valuestring : "rulebook");
	v = cJSON_GetObjectItemCaseSensitive(j, "radius");
	if (!cJSON_IsNumber(v) || v->valuedouble < 0 || v->valuedouble > 99)
		st = err(ST_DATA, "%s: radius: expected 0 to 99", path);
	else {
		d->radius = v->valueint;
		st = read_attrition(path, cJSON_GetObjectItemCaseSensitive(j,
		    "attrition"), d);
	}
	cJSON_Delete(j);
	return st;
}

static void
toto_unload(struct supply_run *r)
{
	free(r->game_data);
	r->game_data = NULL;
}

static int
is_type(const struct unit *u, const char *type)
{
	return strcmp(u->type, type) == 0;
}

/* 22.3: guerrillas block no line and exert no zone; 23.4: nor do
 * Lawrence and Wassmuss, treated as guerrillas. */
static int
toto_inert(const struct unit *u)
{
	return is_type(u, "guerrilla") || is_type(u, "lawrence") ||
	    is_type(u, "wassmuss");
}

/* The radius printed on a supply unit: its marker radius-N, or the
 * stand-in. */
static int
radius_of(struct supply_run *r, const struct toto_data *d,
    const struct unit *u)
{
	int i, n;

	for (i = 0; i < u->nmarkers; i++)
		if (strncmp(u->markers[i], "radius-", 7) == 0 &&
		    (n = opt_count(u->markers[i] + 7, NULL, 99)) >= 0)
			return n;
	r->stand_in = "a supply unit without a radius-N marker has the "
	    "stand-in radius of toto/supply.json";
	return d->radius;
}

enum { K_GENERAL, K_OFFENSIVE };

static int
toto_sources(struct supply_run *r)
{
	struct toto_data *d = r->game_data;
	const struct unit *u;
	int i, n = situation_count(r->sit), rad;

	for (i = 0; i < n; i++) {
		u = situation_unit(r->sit, i);
		if (strcmp(u->side, r->side) != 0 || !is_type(u, "supply") ||
		    situation_unit_has_marker(u, "expended"))
			continue;
		/* 15.8: offensive supply only from one that has not moved */
		if (r->phase == SUPPLY_COMBAT && (situation_unit_has_marker(u, "moved") ||
		    d->season == 0))
			continue;
		rad = radius_of(r, d, u);
		if (rad > r->radius[u->hex]) {
			r->radius[u->hex] = rad;
			r->kind[u->hex] = r->phase == SUPPLY_COMBAT ?
			    K_OFFENSIVE : K_GENERAL;
		}
	}
	return ST_OK;
}

static int
deny(struct supply_run *r, struct path_step *e, const char *rule,
    const char *fmt, int hex)
{
	return supply_deny(r, e, rule, fmt, hex);
}

/* Terrain the TEC closes to every land unit (cost -1), by its bits. */
static int
closed(const struct supply_run *r, int from, int dir, int to)
{
	const struct move_tec *t = &r->tec;
	const struct move_cost *c;
	unsigned f = map_features(r->map, to), s = map_side(r->map, from, dir);
	int i;

	c = move_tec_find(t->terrain, t->nterrain, map_terrain(r->map, to));
	if (c && c->cost == -1)
		return 1;
	for (i = 0; i < t->nfeatures; i++)
		if ((f & t->features[i].mask) && t->features[i].cost == -1)
			return 1;
	for (i = 0; i < t->nsides; i++)
		if ((s & t->sides[i].mask) && t->sides[i].cost == -1)
			return 1;
	return 0;
}

static int
has(const struct map *m, int hex, const char *word)
{
	int b = map_feature_bit(m, word);

	return b >= 0 && (map_features(m, hex) & (1u << b));
}

static int
road(const struct map *m, int hex)
{
	return has(m, hex, "road") || has(m, hex, "rail");
}

static int
lava(const struct map *m, int hex)
{
	return strcmp(map_terrain(m, hex), "lava-flow") == 0;
}

static int
toto_step(void *ud, int from, int dir, int to, int spent, struct path_step *e)
{
	struct supply_run *r = ud;
	const struct map *m = r->map;

	(void)spent;
	e->cost = 1;
	e->stop = 0;
	e->rule = "15.2";
	e->why = NULL;
	/* 11.2: a friendly unit in the zone does not negate it */
	if (from != r->origin && supply_ezoc(r, from) &&
	    (r->block_hex = from) >= 0)
		return deny(r, e, "15.2, 11.9", "an enemy zone of control in "
		    "%s: a line may enter it, not go through", from);
	if (closed(r, from, dir, to))
		return deny(r, e, "15.2", "%s or its hexside is closed to "
		    "land units", to);
	if ((lava(m, to) || lava(m, from)) && !(road(m, to) && road(m, from)))
		return deny(r, e, "38.0", "lava flow at %s carries a line "
		    "only along a road", lava(m, to) ? to : from);
	if (supply_enemy_in(r, to))
		return deny(r, e, "15.2", "an enemy unit in %s", to);
	return 0;
}

static void
toto_describe(struct supply_run *r, int from, int dir, int to,
    struct supply_hex *h)
{
	size_t n;

	(void)from;
	(void)dir;
	n = (size_t)snprintf(h->why, sizeof h->why, "%s, counted in hexes, "
	    "not MP", map_terrain(r->map, to));
	h->rule = "15.2";
	/* 11.2: never negated, a friendly unit there or not */
	if (supply_ezoc(r, to) && n < sizeof h->why) {
		n += (size_t)snprintf(h->why + n, sizeof h->why - n, "%s",
		    "; an enemy zone, entered at the line's end");
		h->rule = "11.9";
	}
	if (r->radius[to] >= 0 && n < sizeof h->why)
		snprintf(h->why + n, sizeof h->why - n, "; a supply unit, "
		    "radius %d", r->radius[to]);
}

/* 15.12, 28.4, 22: units that need no line. */
static int
automatic(const struct unit *u, struct supply_answer *a)
{
	static const struct { const char *type, *how, *rule; int needs; }
	    w[] = {
		{ "supply", "supply units are always in general supply",
		  "15.12", 1 },
		{ "lawrence", "Lawrence is always in general supply", "15.12",
		  1 },
		{ "wassmuss", "Wassmuss is always in general supply", "15.12",
		  1 },
		{ "bolshevik", "the Bolshevik corps is always in general "
		  "supply", "28.4", 1 },
		{ "fortification", "a fortification is always in general "
		  "supply", "15.12", 1 },
		{ "guerrilla", "guerrillas need no supply", "22", 0 },
	};
	size_t i;

	for (i = 0; i < sizeof w / sizeof *w; i++)
		if (is_type(u, w[i].type)) {
			a->supplied = 1;
			a->needs = w[i].needs;
			snprintf(a->how, sizeof a->how, "%s", w[i].how);
			a->how_rule = a->rule = w[i].rule;
			return 1;
		}
	return 0;
}

/* 15.12: a fortification counter of the unit's side in its hex (7.4: one
 * is placed in play, not printed on the map). */
static int
fort_counter(const struct supply_run *r, const struct unit *u)
{
	const struct unit *f;
	int i, n = situation_count(r->sit);

	for (i = 0; i < n; i++) {
		f = situation_unit(r->sit, i);
		if (f->hex == u->hex && f != u && is_type(f, "fortification") &&
		    strcmp(f->side, u->side) == 0)
			return 1;
	}
	return 0;
}

/* 15.3, 15.12: a fortification, counter or printed, or an objective hex
 * supplies its own; never a unit outside it. */
static int
in_place(const struct supply_run *r, const struct unit *u,
    struct supply_answer *a)
{
	const char *what = fort_counter(r, u) ? "a fortification's hex (its "
	    "counter is there)" : has(r->map, u->hex, "fort") ?
	    "a fortification" : has(r->map, u->hex, "objective") ?
	    "an objective hex" : NULL;

	if (!what || r->phase == SUPPLY_COMBAT)
		return 0;
	a->supplied = 1;
	snprintf(a->how, sizeof a->how, "it began the phase in %s", what);
	a->how_rule = a->rule = "15.3, 15.12";
	return 1;
}

/* 15.6: how many attrition rolls the unit's terrain calls for now. */
static void
attrition(struct supply_run *r, const struct unit *u, struct supply_answer *a)
{
	struct toto_data *d = r->game_data;
	const char *t = map_terrain(r->map, u->hex);
	int i;

	a->checks_rule = "15.6";
	a->checks = 0;
	for (i = 0; i < d->natt; i++)
		if (strcmp(d->att[i].word, t) == 0)
			a->checks = is_type(u, "camel") && d->att[i].camel_own ?
			    d->att[i].camel[d->season] :
			    d->att[i].checks[d->season];
	if (!a->needs && is_type(u, "guerrilla") && (strcmp(t, "desert") == 0 ||
	    strcmp(t, "rough") == 0)) {
		/* 22.3 over the TEC's desert and rough notes that name them */
		snprintf(a->checks_text, sizeof a->checks_text, "no attrition "
		    "check: guerrillas need no supply (22.3), which umpire reads "
		    "over the TEC's %s note naming them (38.0)", t);
		a->checks_rule = "22.3, 38.0";
	} else if (!a->needs)
		snprintf(a->checks_text, sizeof a->checks_text, "%s",
		    "no attrition check: it needs no supply");
	else if (a->supplied)
		snprintf(a->checks_text, sizeof a->checks_text, "%s",
		    "no attrition check: in general supply");
	else if (!a->checks)
		snprintf(a->checks_text, sizeof a->checks_text, "no attrition "
		    "check: %s in %s", t, move_season_word(d->season));
	else
		snprintf(a->checks_text, sizeof a->checks_text, "%d attrition "
		    "check%s (%s in %s): 1d6 each, 1-3 eliminates it (umpire "
		    "table toto supply-attrition)", a->checks,
		    a->checks > 1 ? "s" : "", t, move_season_word(d->season));
	if (a->supplied || !a->needs)
		a->checks = 0;
}

/* 15.5, 15.7, 15.11: what general supply at the start of the Movement
 * Phase allows. */
static void
general(const struct toto_data *d, struct supply_answer *a)
{
	if (!a->needs)
		return;
	if (!a->supplied) {
		snprintf(a->effect, sizeof a->effect, "%s", "no rail move, no "
		    "combining, no HQ or airbase support; it still moves and "
		    "attacks at its printed factors");
		a->effect_rule = "15.5, 15.15";
	} else if (a->source >= 0 && d->season != 0) {
		snprintf(a->effect, sizeof a->effect, "%s", "may move by rail "
		    "and combine; a forced march if that supply unit is "
		    "expended now");
		a->effect_rule = "15.5, 15.7";
	} else {
		snprintf(a->effect, sizeof a->effect, "%s", "may move by rail "
		    "and combine");
		a->effect_rule = "15.5";
	}
}

/* A side with no supply unit to trace to says so, rather than how far
 * the search looked (15.2; 15.8 and 24.2 for offensive supply). */
static void
no_source(struct supply_run *r, struct supply_answer *a)
{
	struct toto_data *d = r->game_data;

	if (r->nsrc > 0)
		return;
	a->blocked = -1;
	if (r->phase == SUPPLY_COMBAT && d->season == 0) {
		snprintf(a->blocked_by, sizeof a->blocked_by, "no offensive "
		    "supply in winter");
		a->blocked_rule = "24.2";
	} else if (r->phase == SUPPLY_COMBAT) {
		snprintf(a->blocked_by, sizeof a->blocked_by, "no supply unit "
		    "of the %s side that has not moved", r->side);
		a->blocked_rule = "15.4, 15.8";
	} else {
		snprintf(a->blocked_by, sizeof a->blocked_by, "no supply unit "
		    "of the %s side", r->side);
		a->blocked_rule = "15.2";
	}
}

static int
toto_unit(struct supply_run *r, const struct unit *u, struct supply_answer *a)
{
	struct toto_data *d = r->game_data;
	char id[HEX_IDLEN];

	a->needs = 1;
	if (automatic(u, a) || in_place(r, u, a))
		;
	else if (supply_line(r, u, a)) {
		hex_format(map_hex(r->map, a->source), id);
		snprintf(a->how, sizeof a->how, "%d hex%s to the supply unit "
		    "in %s (radius %d)", a->hexes, a->hexes == 1 ? "" : "es", id,
		    r->radius[a->source]);
		a->how_rule = a->rule = "15.2";
	} else {
		no_source(r, a);
		a->rule = a->blocked_rule;
	}
	if (r->phase == SUPPLY_COMBAT) {
		/* 15.4: the question is offensive supply, not general */
		a->lacks = "offensive supply";
		if (d->season == 0)
			snprintf(a->effect, sizeof a->effect, "%s", "no "
			    "offensive supply in winter");
		else if (a->supplied && a->source >= 0)
			snprintf(a->effect, sizeof a->effect, "maximum attack "
			    "supply if that supply unit is expended: attack "
			    "doubled");
		else
			snprintf(a->effect, sizeof a->effect, "no unmoved "
			    "supply unit in reach: attacks at printed "
			    "strength");
		a->effect_rule = d->season == 0 ? "24.2" : "15.7, 15.8";
	}
	if (r->phase == SUPPLY_MOVEMENT)
		general(d, a);
	if (r->phase == SUPPLY_ATTRITION)
		attrition(r, u, a);
	return ST_OK;
}

static int
toto_blocks(const struct supply_run *r, const char *word, const char **why,
    const char **rule)
{
	const struct move_cost *c;
	int b;

	if (strcmp(word, "enemy") == 0) {
		*why = "enemy units block a line";
		*rule = "15.2";
		return 1;
	}
	if (strcmp(word, "ezoc") == 0) {
		*why = "a line may enter an enemy zone but not go through";
		*rule = "11.9";
		return 1;
	}
	if (strcmp(word, "ezoc-end") == 0 || strcmp(word, "guerrilla") == 0) {
		*why = word[0] == 'g' ? "guerrillas block no line" :
		    "a line may end in an enemy zone";
		*rule = word[0] == 'g' ? "22" : "11.9";
		return 0;
	}
	if (strcmp(word, "lava-flow") == 0) {
		*why = "lava flow carries a line only along a road (for one "
		    "that follows the road, say lava-flow-road)";
		*rule = "38.0";
		return 1;
	}
	if (strcmp(word, "lava-flow-road") == 0) {
		*why = "lava flow entered and left along a road carries a line";
		*rule = "38.0";
		return 0;
	}
	if (strncmp(word, "radius-", 7) == 0) {
		struct toto_data *d = r->game_data;
		int n = opt_count(word + 7, NULL, 99);

		if (n < 0)
			return -2;
		/* 15.2: the radius printed on the supply unit, as the
		 * situation's marker radius-N gives it on a map */
		d->radius = n;
		d->radius_given = 1;
		snprintf(d->whybuf, sizeof d->whybuf, "the supply unit's "
		    "printed radius: %d hex%s", n, n == 1 ? "" : "es");
		*why = d->whybuf;
		*rule = "15.2";
		return 0;
	}
	*rule = "15.2";
	if ((c = move_tec_find(r->tec.terrain, r->tec.nterrain, word)) ||
	    (c = move_tec_find(r->tec.features, r->tec.nfeatures, word)) ||
	    (c = move_tec_find(r->tec.sides, r->tec.nsides, word))) {
		*why = c->cost == -1 ? "closed to land units" :
		    "any terrain open to land units carries a line";
		return c->cost == -1;
	}
	if ((b = move_feature_bit(&r->vocab, word)) >= 0 ||
	    move_terrain_known(&r->vocab, word) ||
	    move_side_bit(&r->vocab, word) >= 0) {
		*why = "any terrain open to land units carries a line";
		return 0;
	}
	return -2;
}

static int
toto_limit(const struct supply_run *r)
{
	return ((const struct toto_data *)r->game_data)->radius;
}

/* --apply: toto keeps no supply marker.  Out of general supply a unit
 * only lacks what 15.5 lists; a supply unit goes when the player spends
 * it (15.4, 15.9); attrition's losses come from its dice (15.6). */
const struct supply_rules toto_supply = {
	toto_load, toto_unload, toto_sources, toto_step, toto_describe,
	toto_unit, toto_blocks, toto_inert, toto_limit, 2, 0, "15.2",
	{ "general", "offensive", NULL, NULL }, 1, NULL,
	"toto's supply rules put no marker on a unit: out of general supply "
	"it only lacks what 15.5 lists, a supply unit is spent by the "
	"player's choice (15.9), and attrition's losses are rolled (15.6)"
};

int
toto_traced_supply(const struct ctx *c, const struct map *m,
    const struct situation *s, const struct unit *u, char *why,
    size_t whylen)
{
	struct supply_run r;
	struct supply_answer a;
	const struct unit *o;
	int i, n = situation_count(s), any = 0, st;

	for (i = 0; i < n && !any; i++) {
		o = situation_unit(s, i);
		any = is_type(o, "supply") && strcmp(o->side, u->side) == 0;
	}
	if (!any)
		return -1;
	supply_run_clear(&r);
	r.c = c;
	r.g = game_find("toto");
	r.map = m;
	r.sit = s;
	r.phase = SUPPLY_MOVEMENT;
	memset(&a, 0, sizeof a);
	a.u = u;
	if ((st = supply_open(&r)) != ST_OK ||
	    (st = supply_side(&r, u->side)) != ST_OK ||
	    (st = toto_unit(&r, u, &a)) != ST_OK) {
		supply_answer_free(&a);
		supply_close(&r);
		return -st;
	}
	if (a.supplied)
		snprintf(why, whylen, "in general supply, traced: %s", a.how);
	else
		snprintf(why, whylen, "out of general supply, traced: %s",
		    a.blocked_by);
	st = a.supplied;
	supply_answer_free(&a);
	supply_close(&r);
	return st;
}
