/*
 * loe_supply.c: Lion of Ethiopia's supply rules for `umpire supply-trace`.
 *
 *   9.2        a line of at most seven hexes, counted without the unit's
 *              hex and with the source's (rules/loe/supply.json)
 *   9.2.1      any terrain but all-ocean hexes and hexsides and neutral
 *              territory; rivers and lakes need no bridge
 *   9.2.2      no enemy unit; an enemy zone of control with no friendly
 *              unit in it (5.6, 5.7) may end a line but not carry it on;
 *              enemy-controlled hexes are no bar
 *   9.3.1      Italian sources by hex; Ethiopian: towns Ethiopia controls
 *   3.3        who controls a hex: the map's Italian territory at the
 *              start, the situation's control, units standing in it
 *   9.3.2      a road hex joined to a source by road free of enemy units
 *              and unnegated zones
 *   9.4, 9.4.1 markers at the start of the Movement Phase: none, OOS-1,
 *              OOS-2, eliminated; removed when supplied; applied to a
 *              saved game as effects (saved_apply.h) with --apply
 *   2.3.9      an airfield is an installation, not a unit: no line
 *   9.4.2, 9.4.3, 9.4.4  what being out of supply costs; irregulars
 *   13.1.2, 13.2 D, 13.3.1 A  command control, beside the supply answer
 *   13.2 E     Selassie is always supplied;  16.1.2  Graziani's gruppi
 *   6.1.2 B    the Kenya wedge near Dolo
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
#include "json.h"
#include "map.h"
#include "saved_apply.h"
#include "situation.h"
#include "supply.h"

#define LOE_MAXSOURCES	16

enum { K_LISTED, K_TOWN, K_ROAD };

struct loe_data {
	int line;			/* hexes a line may run (9.2) */
	char it_side[32];		/* the side 9.3.1 B lists hexes for */
	char src[LOE_MAXSOURCES][8];
	int nsrc;
	char town_side[32];		/* the side that traces to towns */
	char town_word[32];
	int *road_to;			/* the listed source a road reaches */
	/* the map's bits for the words a step tests, found once */
	unsigned s_ocean, s_neutral, s_river, f_neutral, f_river;
	int t_ocean;
	char whybuf[SUPPLY_WHYLEN];
};

static int
bad(const char *path, const char *what)
{
	return err(ST_DATA, "%s: %s", path, what);
}

static int
read_sources(const char *path, const cJSON *o, struct loe_data *d)
{
	const cJSON *side, *h;

	if (!cJSON_IsObject(o) || cJSON_GetArraySize(o) != 1)
		return bad(path, "sources: expected one side with its hexes");
	side = o->child;
	if (!cJSON_IsArray(side) || strlen(side->string) >= sizeof d->it_side)
		return bad(path, "sources: expected a list of hexes");
	snprintf(d->it_side, sizeof d->it_side, "%s", side->string);
	cJSON_ArrayForEach(h, side) {
		struct hex x;

		if (!cJSON_IsString(h) || hex_parse(h->valuestring, &x) < 0 ||
		    d->nsrc == LOE_MAXSOURCES)
			return bad(path, "sources: expected hex ids such as "
			    "\"5232\"");
		snprintf(d->src[d->nsrc++], sizeof d->src[0], "%s",
		    h->valuestring);
	}
	return ST_OK;
}

static int
loe_load(struct supply_run *r)
{
	char path[PATH_MAX];
	struct loe_data *d = err_calloc(1, sizeof *d);
	const cJSON *v, *t;
	cJSON *j;
	int st;

	r->game_data = d;
	if ((st = data_load_json(r->c, "loe/supply.json", &j, path)) != ST_OK)
		return st == ST_NO ? err(ST_DATA, "no supply data: '%s'",
		    "loe/supply.json") : st;
	v = cJSON_GetObjectItemCaseSensitive(j, "source");
	snprintf(r->data_source, sizeof r->data_source, "%s",
	    cJSON_IsString(v) ? v->valuestring : "rulebook");
	v = cJSON_GetObjectItemCaseSensitive(j, "line");
	t = cJSON_GetObjectItemCaseSensitive(j, "towns");
	if (!cJSON_IsNumber(v) || v->valuedouble < 1 || v->valuedouble > 99)
		st = bad(path, "line: expected a number of hexes, 1 to 99");
	else if ((st = read_sources(path, cJSON_GetObjectItemCaseSensitive(j,
	    "sources"), d)) != ST_OK)
		;
	else if (!cJSON_IsObject(t) || !t->child ||
	    !cJSON_IsString(t->child) ||
	    strlen(t->child->string) >= sizeof d->town_side ||
	    strlen(t->child->valuestring) >= sizeof d->town_word)
		st = bad(path, "towns: expected {\"side\": \"feature\"}");
	else {
		d->line = v->valueint;
		snprintf(d->town_side, sizeof d->town_side, "%s",
		    t->child->string);
		snprintf(d->town_word, sizeof d->town_word, "%s",
		    t->child->valuestring);
	}
	cJSON_Delete(j);
	return st;
}

static void
loe_unload(struct supply_run *r)
{
	struct loe_data *d = r->game_data;

	if (d)
		free(d->road_to);
	free(d);
	r->game_data = NULL;
}

/* Mark the hexes 9.3.1 B lists that lie on the map: listed[i] = 1. */
static unsigned char *
listed_hexes(const struct supply_run *r, const struct loe_data *d)
{
	unsigned char *on = err_calloc((size_t)map_size(r->map), 1);
	struct hex x;
	int i, h;

	for (i = 0; i < d->nsrc; i++)
		if (hex_parse(d->src[i], &x) == 0 &&
		    (h = map_index(r->map, x)) >= 0)
			on[h] = 1;
	return on;
}

/* 5.7: a friendly unit in an enemy zone negates it for supply. */
static int
zone_unnegated(const struct supply_run *r, int hex)
{
	return supply_ezoc(r, hex) && !supply_friend_in(r, hex);
}

/* 9.3.2: free of enemy units and of zones no friendly unit negates. */
static int
road_clear(const struct supply_run *r, int hex)
{
	return !supply_enemy_in(r, hex) && !zone_unnegated(r, hex);
}

static unsigned
road_mask(const struct supply_run *r)
{
	unsigned m = 0;
	int b;

	if ((b = map_side_bit(r->map, "road")) >= 0)
		m |= 1u << b;
	if ((b = map_side_bit(r->map, "paved")) >= 0)
		m |= 1u << b;
	return m;
}

/* 9.3.2: every road hex a clear road path joins to a source is one. */
static void
road_sources(struct supply_run *r, struct loe_data *d)
{
	int n = map_size(r->map), *queue, head = 0, tail = 0, i, dir, nb;
	int around[HEX_NDIRS];
	unsigned roads = road_mask(r);

	queue = err_malloc((size_t)n * sizeof *queue);
	for (i = 0; i < n; i++) {
		d->road_to[i] = -1;
		if (r->radius[i] >= 0 && road_clear(r, i)) {
			d->road_to[i] = i;
			queue[tail++] = i;
		}
	}
	while (head < tail) {
		i = queue[head++];
		map_neighbours(r->map, i, around);
		for (dir = 0; dir < HEX_NDIRS; dir++) {
			if (!(map_side(r->map, i, dir) & roads) ||
			    (nb = around[dir]) < 0 ||
			    d->road_to[nb] >= 0 || !road_clear(r, nb))
				continue;
			d->road_to[nb] = d->road_to[i];
			if (r->radius[nb] < 0) {
				r->radius[nb] = d->line;
				r->kind[nb] = K_ROAD;
			}
			queue[tail++] = nb;
		}
	}
	free(queue);
}

static unsigned
fmask(const struct map *m, const char *w)
{
	int b = map_feature_bit(m, w);

	return b < 0 ? 0 : 1u << b;
}

static unsigned
smask(const struct map *m, const char *w)
{
	int b = map_side_bit(m, w);

	return b < 0 ? 0 : 1u << b;
}

static void
bind_words(const struct supply_run *r, struct loe_data *d)
{
	const struct map *m = r->map;
	int i;

	d->s_ocean = smask(m, "ocean");
	d->s_neutral = smask(m, "neutral");
	d->s_river = smask(m, "river") | smask(m, "lake");
	d->f_neutral = fmask(m, "neutral");
	d->f_river = fmask(m, "river") | fmask(m, "lake");
	/* the map's terrain ids index the game's vocabulary */
	d->t_ocean = -2;
	for (i = 0; i < r->vocab.nterrain; i++)
		if (strcmp(r->vocab.terrain[i], "ocean") == 0)
			d->t_ocean = i;
}

/*
 * 3.3, 9.3.1 C: does the tracing side (Ethiopia) control this hex now?
 * A side's ground unit standing in a hex has entered it and holds it
 * (3.3 B); else --lost (taken by the enemy), then the situation's
 * "control" (the hexes that changed hands), then the start of the game
 * (3.3 A): the map's "italian" hexes, the non-border hexes of Eritrea and
 * Italian Somaliland, are Italy's and every other hex Ethiopia's.
 */
static int
held(const struct supply_run *r, int hex, unsigned italian_bit)
{
	const char *ctl;

	if (supply_enemy_in(r, hex))
		return 0;
	if (supply_friend_in(r, hex))
		return 1;
	if (r->lost && r->lost[hex])
		return 0;
	if ((ctl = situation_control(r->sit, hex)) != NULL)
		return strcmp(ctl, r->side) == 0;
	return !(map_features(r->map, hex) & italian_bit);
}

static int
loe_sources(struct supply_run *r)
{
	struct loe_data *d = r->game_data;
	int n = map_size(r->map), i, town = map_feature_bit(r->map,
	    d->town_word);
	int italian = strcmp(r->side, d->it_side) == 0;
	int ethiopian = strcmp(r->side, d->town_side) == 0;
	unsigned char *listed = listed_hexes(r, d);
	unsigned italian_bit = fmask(r->map, "italian");

	free(d->road_to);
	/* not cleared: road_sources sets every hex */
	d->road_to = err_malloc((size_t)n * sizeof *d->road_to);
	bind_words(r, d);
	for (i = 0; i < n; i++) {
		if (italian && listed[i]) {
			r->radius[i] = d->line;
			r->kind[i] = K_LISTED;
		} else if (ethiopian && town >= 0 &&
		    (map_features(r->map, i) & (1u << town)) &&
		    !listed[i] && held(r, i, italian_bit)) {
			r->radius[i] = d->line;
			r->kind[i] = K_TOWN;
		}
	}
	free(listed);
	road_sources(r, d);
	return ST_OK;
}

static int
deny(struct path_step *e, struct loe_data *d, const char *rule,
    const char *fmt, int hex, const struct supply_run *r)
{
	const struct map *m = r->map;
	char id[HEX_IDLEN];

	e->rule = rule;
	e->why = "not allowed";
	/* a search only wants the answer; words when the step is explained */
	if (!r->explain)
		return -1;
	hex_format(map_hex(m, hex), id);
	snprintf(d->whybuf, sizeof d->whybuf, fmt, id);
	e->why = d->whybuf;
	e->rule = rule;
	return -1;
}

/* One step of a line: 0 allowed, -1 forbidden with the rule (9.2.x). */
static int
loe_step(void *ud, int from, int dir, int to, int spent, struct path_step *e)
{
	struct supply_run *r = ud;
	struct loe_data *d = r->game_data;
	const struct map *m = r->map;

	(void)spent;
	e->cost = 1;
	e->stop = 0;
	e->rule = "9.2";
	e->why = NULL;
	if (from != r->origin && zone_unnegated(r, from) &&
	    (r->block_hex = from) >= 0)
		return deny(e, d, "9.2.2 B", "an enemy zone of control in %s "
		    "with no friendly unit: a line may end there, not pass",
		    from, r);
	if (map_terrain_id(m, to) == d->t_ocean)
		return deny(e, d, "9.2.1", "%s is all ocean", to, r);
	if (map_side(m, from, dir) & d->s_ocean)
		return deny(e, d, "9.2.1", "an all-ocean hexside into %s", to,
		    r);
	if (map_features(m, to) & d->f_neutral)
		return deny(e, d, "9.2.1", "%s is neutral territory", to, r);
	if (map_side(m, from, dir) & d->s_neutral)
		return deny(e, d, "6.1.2 B", "the Kenya wedge closes the "
		    "hexside into %s", to, r);
	if (supply_enemy_in(r, to))
		return deny(e, d, "9.2.2 A", "an enemy unit in %s", to, r);
	return 0;
}

static const char *const kind_words[] = {
	"a supply source 9.3.1 B lists", "a town Ethiopia controls",
	"a road hex joined by road to a source"
};
static const char *const kind_rules[] = { "9.3.1 B", "9.3.1 C", "9.3.2" };

static void
loe_describe(struct supply_run *r, int from, int dir, int to,
    struct supply_hex *h)
{
	struct loe_data *d = r->game_data;
	const struct map *m = r->map;
	char src[HEX_IDLEN];
	size_t n;

	n = (size_t)snprintf(h->why, sizeof h->why, "%s", map_terrain(m, to));
	h->rule = "9.2.1";
	if (dir >= 0 && ((map_side(m, from, dir) & d->s_river) ||
	    (map_features(m, to) & d->f_river)) && n < sizeof h->why)
		n += (size_t)snprintf(h->why + n, sizeof h->why - n,
		    ", river or lake: no bridge needed");
	if (r->mm.zoc && r->mm.zoc[to] && n < sizeof h->why) {
		if (supply_friend_in(r, to)) {
			n += (size_t)snprintf(h->why + n, sizeof h->why - n,
			    ", enemy zone negated by a friendly unit");
			h->rule = "5.7";
		} else {
			n += (size_t)snprintf(h->why + n, sizeof h->why - n,
			    ", enemy zone: the line ends here");
			h->rule = "9.2.2 B";
		}
	}
	if (r->radius[to] >= 0 && n < sizeof h->why) {
		n += (size_t)snprintf(h->why + n, sizeof h->why - n, "; %s",
		    kind_words[r->kind[to]]);
		h->rule = kind_rules[r->kind[to]];
		if (r->kind[to] == K_ROAD && d->road_to[to] >= 0 &&
		    n < sizeof h->why) {
			hex_format(map_hex(m, d->road_to[to]), src);
			snprintf(h->why + n, sizeof h->why - n, " (%s)", src);
		}
	}
}

static int
is_type(const struct unit *u, const char *type)
{
	return strcmp(u->type, type) == 0;
}

static int
irregular(const struct unit *u)
{
	/* 13.1.1 A: army HQs function as irregular infantry */
	return is_type(u, "ethiopian-irr") || is_type(u, "ethiopian-hq");
}

/* 9.4.1: the marker a unit carries now, and the one it gets. */
static void
markers(struct supply_run *r, const struct unit *u, struct supply_answer *a)
{
	if (situation_unit_has_marker(u, "oos-2"))
		a->marker_old = "oos-2";
	else if (situation_unit_has_marker(u, "oos-1") || situation_unit_has_marker(u, "oos"))
		a->marker_old = situation_unit_has_marker(u, "oos") ? "oos" : "oos-1";
	a->marker_new = a->marker_old;
	if (r->phase != SUPPLY_MOVEMENT) {
		a->marker_rule = "9.4.3 B";
		return;
	}
	if (a->supplied) {
		a->marker_new = NULL;
		a->marker_rule = a->marker_old ? "9.4.1 B" : "9.4";
	} else if (!a->marker_old) {
		a->marker_new = "oos-1";
		a->marker_rule = "9.4.1 A";
	} else if (strcmp(a->marker_old, "oos-2") != 0) {
		a->marker_new = "oos-2";
		a->marker_rule = "9.4.1 C";
	} else {
		a->marker_new = "eliminated";
		a->marker_rule = "9.4.1 D";
		a->lost = 1;
	}
}

/* What being out of supply costs the unit in this phase. */
static void
effects(struct supply_run *r, const struct unit *u, struct supply_answer *a)
{
	if (a->supplied)
		return;
	/* 9.4.1 D: a unit eliminated moves and fights no more */
	if (a->lost) {
		snprintf(a->effect, sizeof a->effect, "%s", "eliminated: it is "
		    "taken off the map");
		a->effect_rule = "9.4.1 D";
	} else if (irregular(u)) {
		snprintf(a->effect, sizeof a->effect, "%s", "irregulars keep "
		    "full strength and movement, but markers and elimination "
		    "still apply");
		a->effect_rule = "9.4.4";
	} else if (r->phase == SUPPLY_COMBAT) {
		snprintf(a->effect, sizeof a->effect, "fights at half its "
		    "printed strength, rounded up: %d", (u->strength + 1) / 2);
		a->effect_rule = "9.4.3 C";
	} else if (is_type(u, "graziani")) {
		snprintf(a->effect, sizeof a->effect, "moves at half its MA, "
		    "rounded up: %d; a Graziani gruppo need not move toward "
		    "a source", (u->ma + 1) / 2);
		a->effect_rule = "16.1.2";
	} else {
		snprintf(a->effect, sizeof a->effect, "moves at half its MA, "
		    "rounded up: %d, and only closer to a source",
		    (u->ma + 1) / 2);
		a->effect_rule = "9.4.2, 9.1 E";
	}
}

/* The unit's army number from its marker army-N, or NULL. */
static const char *
army_of(const struct unit *u)
{
	int i;

	for (i = 0; i < u->nmarkers; i++)
		if (strncmp(u->markers[i], "army-", 5) == 0)
			return u->markers[i];
	return NULL;
}

static int
within(const struct supply_run *r, const struct unit *a,
    const struct unit *b, int n)
{
	return hex_distance(map_hex(r->map, a->hex), map_hex(r->map, b->hex),
	    map_layout(r->map)) <= n;
}

/* 13.1.2, 13.2 D, 13.3.1 A: command control, its own answer. */
static void
command(struct supply_run *r, const struct unit *u, struct supply_answer *a)
{
	const struct loe_data *d = r->game_data;
	const char *army = army_of(u);
	const struct unit *o;
	int i, n = situation_count(r->sit);

	/* 13.1.2 A: the armies are Ethiopia's (the side that traces to
	 * towns, supply.json) */
	if (!army || strcmp(u->side, d->town_side) != 0 ||
	    is_type(u, "ethiopian-hq") || is_type(u, "selassie"))
		return;
	if (is_type(u, "guard")) {
		snprintf(a->extra, sizeof a->extra, "%s", "in command control: "
		    "the Imperial Guard always is");
		a->extra_rule = "13.3.1 A";
		return;
	}
	for (i = 0; i < n; i++) {
		o = situation_unit(r->sit, i);
		if (strcmp(o->side, u->side) != 0 || !within(r, u, o, 2))
			continue;
		if (is_type(o, "selassie")) {
			snprintf(a->extra, sizeof a->extra, "in command "
			    "control: within 2 hexes of Selassie (%s)", o->id);
			a->extra_rule = "13.2 D";
			return;
		}
		if (is_type(o, "ethiopian-hq") && situation_unit_has_marker(o, army)) {
			snprintf(a->extra, sizeof a->extra, "in command "
			    "control: within 2 hexes of its army HQ (%s)",
			    o->id);
			a->extra_rule = "13.1.2 A";
			return;
		}
	}
	snprintf(a->extra, sizeof a->extra, "not in command control (no HQ of "
	    "%s nor Selassie within 2 hexes): disrupted, marker dis%s", army,
	    situation_unit_has_marker(u, "dis") ? " (already on)" : "");
	a->extra_rule = "13.1.2 B";
	/* 13.1.2 B: marked like a unit an air strike disrupted (11.4.4 B),
	 * so the marker's effects follow it: move-cost halves the MA */
	a->extra_marker = "dis";
}

static int
loe_unit(struct supply_run *r, const struct unit *u, struct supply_answer *a)
{
	/* 2.3.9: an airfield counter marks an installation; 9.1 A asks
	 * supply of units, so it carries no marker and is never lost to
	 * supply (11.2.2 B asks a line only where one is built) */
	if (is_type(u, "airfield")) {
		a->supplied = 1;
		snprintf(a->how, sizeof a->how, "%s", "an airfield is an "
		    "installation, not a unit: it needs no line");
		a->rule = a->how_rule = "2.3.9";
		return ST_OK;
	}
	a->needs = 1;
	if (is_type(u, "selassie")) {
		a->supplied = 1;
		a->source = -1;
		snprintf(a->how, sizeof a->how, "%s", "Selassie is always in "
		    "supply");
		a->rule = a->how_rule = "13.2 E";
	} else if (supply_line(r, u, a)) {
		const char *k = kind_words[r->kind[a->source]];
		char id[HEX_IDLEN];

		hex_format(map_hex(r->map, a->source), id);
		snprintf(a->how, sizeof a->how, "%d hex%s (%d allowed) to %s, "
		    "%s", a->hexes, a->hexes == 1 ? "" : "es",
		    r->radius[a->source], id, k);
		a->how_rule = kind_rules[r->kind[a->source]];
		a->rule = "9.2";
	} else
		a->rule = a->blocked_rule;
	if (r->phase == SUPPLY_COMBAT && !a->rule)
		a->rule = "9.4.3 A";
	markers(r, u, a);
	effects(r, u, a);
	if (r->phase == SUPPLY_MOVEMENT)
		command(r, u, a);
	return ST_OK;
}

/* The words 9.4.1's marker goes by (oos: a marker of either side). */
static const char *const oos_words[] = { "oos", "oos-1", "oos-2" };

static void
effect(cJSON *effects, const struct unit *u, const char *verb,
    const char *word, const char *rule, const char *why)
{
	json_set_str(saved_effect(effects, u->id, verb, word, rule), "why", why);
}

/* 9.4.1 A-D for one answer: its markers changed, or the unit lost. */
static void
oos_effects(const struct supply_answer *a, cJSON *effects)
{
	const struct unit *u = a->u;
	char why[80];
	size_t i;

	if (a->supplied)
		snprintf(why, sizeof why, "%s", "in supply: the marker comes "
		    "off");
	else if (a->marker_old)
		snprintf(why, sizeof why, "out of supply again, marked %s",
		    a->marker_old);
	else
		snprintf(why, sizeof why, "%s", "out of supply, not marked");
	if (a->lost) {
		effect(effects, u, "remove", NULL, a->marker_rule, why);
		return;
	}
	for (i = 0; i < sizeof oos_words / sizeof *oos_words; i++)
		if (situation_unit_has_marker(u, oos_words[i]) &&
		    (!a->marker_new || strcmp(a->marker_new, oos_words[i]) != 0))
			effect(effects, u, "unmark", oos_words[i],
			    a->marker_rule, why);
	if (a->marker_new && !situation_unit_has_marker(u, a->marker_new))
		effect(effects, u, "mark", a->marker_new, a->marker_rule, why);
}

/*
 * --apply: what 9.4.1 does with each answer at the start of the Movement
 * Phase, and 13.1.2 B's disruption beside it; the check at the instant
 * of combat changes no marker (9.4.3 B), so it is not applied.
 */
static int
loe_apply(const struct supply_run *r, const struct supply_answer *a, int n,
    cJSON *effects, const char **rule, char *why, size_t len)
{
	int i, dis = 0;

	if (r->phase != SUPPLY_MOVEMENT)
		return snprintf(why, len, "supply markers change only in the "
		    "check at the start of the Movement Phase (9.4, 9.4.1); "
		    "the %s check leaves them as they are (9.4.3 B)",
		    r->phase == SUPPLY_COMBAT ? "combat" : "attrition"),
		    ST_USAGE;
	for (i = 0; i < n; i++) {
		if (!a[i].marker_rule)
			continue;	/* no unit 9.4 checks (an airfield) */
		oos_effects(&a[i], effects);
		if (a[i].extra_marker && !a[i].lost &&
		    !situation_unit_has_marker(a[i].u, a[i].extra_marker)) {
			effect(effects, a[i].u, "mark", a[i].extra_marker,
			    a[i].extra_rule, "not in command control: "
			    "disrupted");
			dis = 1;
		}
	}
	*rule = dis ? "9.4.1, 13.1.2 B" : "9.4.1";
	return ST_OK;
}

/* A line traced by eye: does this word stop it? */
static int
loe_blocks(const struct supply_run *r, const char *word, const char **why,
    const char **rule)
{
	static const struct { const char *word, *why, *rule; int stop; } w[] = {
		{ "ocean", "all-ocean hexes and hexsides carry no line",
		  "9.2.1", 1 },
		{ "neutral", "no line enters neutral territory", "9.2.1", 1 },
		{ "enemy", "no line enters a hex an enemy unit holds",
		  "9.2.2 A", 1 },
		{ "ezoc", "an enemy zone with no friendly unit ends the line",
		  "9.2.2 B", 1 },
		{ "ezoc-end", "a line may end in an enemy zone", "9.2.2 B", 0 },
		{ "ezoc-negated", "a friendly unit negates the zone", "5.7", 0 },
		{ "enemy-controlled", "enemy control is no bar", "9.2.2 C", 0 },
		{ "river", "a line needs no bridge or ford", "9.2.1", 0 },
		{ "lake", "a line needs no bridge or ford", "9.2.1", 0 },
	};
	size_t i;

	for (i = 0; i < sizeof w / sizeof *w; i++)
		if (strcmp(word, w[i].word) == 0) {
			*why = w[i].why;
			*rule = w[i].rule;
			return w[i].stop;
		}
	if (move_terrain_known(&r->vocab, word) ||
	    move_feature_bit(&r->vocab, word) >= 0 ||
	    move_side_bit(&r->vocab, word) >= 0) {
		*why = "any terrain carries a line";
		*rule = "9.2.1";
		return 0;
	}
	return -2;
}

static int
loe_limit(const struct supply_run *r)
{
	return ((const struct loe_data *)r->game_data)->line;
}

const struct supply_rules loe_supply = {
	loe_load, loe_unload, loe_sources, loe_step, loe_describe, loe_unit,
	loe_blocks, NULL, loe_limit, 7, 1, "9.2",
	{ "listed", "town", "road", NULL }, 0, loe_apply, NULL
};
