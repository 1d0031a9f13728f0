/*
 * sotq_supply.c: Soldiers of the Queen's ammunition supply (Part 11, the
 * Isandhlwana game only) for `umpire supply-trace`.
 *
 *   11, 4.F    a British foot or horse unit with an ammunition roster may
 *              try for more in the British Ammunition Supply Phase once it
 *              has used at least half (marker ammo-half; noammo when it is
 *              out), if it is neither pinned nor routed
 *   11, 8.E    its path to the Supply Wagon runs through no hex in a Zulu
 *              zone of control, unless a British unit stands there; the
 *              unit's own hex may be in one
 *   11         artillery never runs short; leaders, the wagon and the
 *              Zulus keep no roster
 *   11         one die on the Ammunition Resupply Table, by the kind of
 *              unit and its range from the wagon (rules/sotq/ammo-resupply,
 *              a stand-in the player may replace with the printed chart)
 *
 * Where the text is silent umpire reads it so: the range is counted as
 * 10.A counts fire ranges, in a straight line (the path only has to
 * exist, at any length); a path does not cross terrain no piece may cross
 * (crests, 6.C) nor pass an enemy unit's hex; a wagon marked destroyed is
 * no source.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctx.h"
#include "err.h"
#include "games/game.h"
#include "hex.h"
#include "map.h"
#include "opt.h"
#include "supply.h"
#include "table.h"
#include "situation.h"

#define SOTQ_NOLIMIT	(-1)	/* a path by eye: any length */

struct sotq_data {
	struct table *table;	/* ammo-resupply */
	/* what the TEC closes to every piece, found once: a step of a path
	 * is priced for every hex of the map */
	unsigned char shut[MOVE_MAXWORDS];	/* by the map's terrain id */
	unsigned shut_sides;			/* hexside bits */
};

/* A word the TEC closes to every piece (crest), or the Nile. */
static int
closed_cost(const struct move_cost *c)
{
	return c && c->cost == -1;
}

static void
find_shut(const struct supply_run *r, struct sotq_data *d)
{
	const struct move_tec *t = &r->tec;
	int i;

	for (i = 0; i < r->vocab.nterrain && i < MOVE_MAXWORDS; i++)
		d->shut[i] = (unsigned char)closed_cost(move_tec_find(
		    t->terrain, t->nterrain, r->vocab.terrain[i]));
	for (i = 0; i < t->nsides; i++)
		if (closed_cost(&t->sides[i]))
			d->shut_sides |= t->sides[i].mask;
}

static int
sotq_load(struct supply_run *r)
{
	struct sotq_data *d = err_calloc(1, sizeof *d);
	int st;

	r->game_data = d;
	if (r->map && strcmp(map_name(r->map), "isandhlwana") != 0)
		return err(ST_USAGE, "ammunition supply is the Isandhlwana "
		    "game's alone (Part 11): '%s'", map_name(r->map));
	if ((st = table_load(r->c, "sotq", "ammo-resupply", &d->table)) !=
	    ST_OK)
		return st;
	snprintf(r->data_source, sizeof r->data_source, "%s",
	    d->table->source);
	find_shut(r, d);
	return ST_OK;
}

static void
sotq_unload(struct supply_run *r)
{
	struct sotq_data *d = r->game_data;

	if (d)
		table_free(d->table);
	free(d);
	r->game_data = NULL;
}

static int
is_type(const struct unit *u, const char *type)
{
	return strcmp(u->type, type) == 0;
}

/* 11: the Supply Wagon is the one source, however far. */
static int
sotq_sources(struct supply_run *r)
{
	const struct unit *u;
	int i, n = situation_count(r->sit);

	for (i = 0; i < n; i++) {
		u = situation_unit(r->sit, i);
		if (strcmp(u->side, r->side) == 0 &&
		    is_type(u, "supply-wagon") &&
		    !situation_unit_has_marker(u, "destroyed")) {
			r->radius[u->hex] = map_size(r->map);
			r->kind[u->hex] = 0;
		}
	}
	return ST_OK;
}

static int
closed(const struct supply_run *r, int from, int dir, int to)
{
	const struct sotq_data *d = r->game_data;
	int t = map_terrain_id(r->map, to);

	return (t >= 0 && t < MOVE_MAXWORDS && d->shut[t]) ||
	    (map_side(r->map, from, dir) & d->shut_sides);
}

static int
sotq_step(void *ud, int from, int dir, int to, int spent,
    struct path_step *e)
{
	struct supply_run *r = ud;

	(void)spent;
	e->cost = 1;
	e->stop = 0;
	e->rule = "11";
	e->why = NULL;
	if (closed(r, from, dir, to) && (r->block_hex = to) >= 0)
		return supply_deny(r, e, "6.C, 11", "%s or its hexside is "
		    "closed to every piece", to);
	if (supply_enemy_in(r, to) && (r->block_hex = to) >= 0)
		return supply_deny(r, e, "11", "a Zulu unit in %s", to);
	/* 8.E: a British unit in a Zulu zone negates it */
	if (supply_ezoc(r, to) && !supply_friend_in(r, to) &&
	    (r->block_hex = to) >= 0)
		return supply_deny(r, e, "8.E, 11", "%s is in a Zulu zone of "
		    "control and no British unit stands there", to);
	return 0;
}

static void
sotq_describe(struct supply_run *r, int from, int dir, int to,
    struct supply_hex *h)
{
	(void)from;
	(void)dir;
	h->rule = "11";
	if (r->mm.zoc && r->mm.zoc[to]) {
		snprintf(h->why, sizeof h->why, "%s, a Zulu zone %s",
		    map_terrain(r->map, to), supply_friend_in(r, to) ?
		    "negated by the British unit there" : "no British unit "
		    "negates");
		h->rule = "8.E, 11";
	} else
		snprintf(h->why, sizeof h->why, "%s, clear of Zulu zones%s",
		    map_terrain(r->map, to), r->radius[to] >= 0 ?
		    "; the Supply Wagon" : "");
}

/* 11: who keeps an ammunition roster and may ask for more. */
static int
no_roster(const struct unit *u, struct supply_answer *a)
{
	static const struct { const char *type, *how; } w[] = {
		{ "artillery", "artillery never runs out of ammunition" },
		{ "supply-wagon", "the wagon carries the ammunition" },
		{ "pulleine", "leaders keep no ammunition roster" },
		{ "degacher", "leaders keep no ammunition roster" },
		{ "durnford", "leaders keep no ammunition roster" },
	};
	size_t i;

	if (strcmp(u->side, "british") != 0) {
		a->supplied = 1;
		snprintf(a->how, sizeof a->how, "%s", "only British units keep "
		    "an ammunition roster");
		a->how_rule = a->rule = "11";
		return 1;
	}
	for (i = 0; i < sizeof w / sizeof *w; i++)
		if (is_type(u, w[i].type)) {
			a->supplied = 1;
			snprintf(a->how, sizeof a->how, "%s", w[i].how);
			a->how_rule = a->rule = "11";
			return 1;
		}
	return 0;
}

/* The column "KIND-LO-HI" or "KIND-LO+" holding range n, or -1. */
static int
column_for(const struct table *t, const char *kind, int n)
{
	size_t i, k = strlen(kind);
	const char *range, *sep;
	int lo, hi;

	for (i = 0; i < t->ncols; i++) {
		if (strncmp(t->cols[i].id, kind, k) != 0 ||
		    t->cols[i].id[k] != '-')
			continue;
		range = t->cols[i].id + k + 1;
		if (!(sep = strpbrk(range, "-+")) ||
		    (lo = opt_count(range, sep, 9999)) < 0)
			continue;
		hi = *sep == '+' ? (sep[1] ? -1 : INT_MAX) :
		    opt_count(sep + 1, NULL, 9999);
		if (hi >= 0 && n >= lo && n <= hi)
			return (int)i;
	}
	return -1;
}

/* The rolls of column col that resupply, as "1-4"; 0 if none do. */
static int
success_rolls(const struct table *t, int col, char *buf, size_t len)
{
	const struct table_column *c = &t->cols[col];
	int lo = INT_MAX, hi = INT_MIN;
	size_t i;

	for (i = 0; i < c->n; i++)
		if (strcmp(c->entries[i].code, "resupplied") == 0) {
			lo = c->entries[i].lo < lo ? c->entries[i].lo : lo;
			hi = c->entries[i].hi > hi ? c->entries[i].hi : hi;
		}
	if (lo > hi)
		return 0;
	if (lo == hi)
		snprintf(buf, len, "%d", lo);
	else
		snprintf(buf, len, "%d-%d", lo, hi);
	return 1;
}

/* 10.A's count: the wagon's hex counted, the unit's not. */
static int
range_of(const struct supply_run *r, const struct unit *u,
    const struct supply_answer *a)
{
	return hex_distance(map_hex(r->map, u->hex), map_hex(r->map,
	    a->source), map_layout(r->map));
}

/* 11: what the roster allows, and the die that would refill it. */
static void
resupply(struct supply_run *r, const struct unit *u, struct supply_answer *a)
{
	struct sotq_data *d = r->game_data;
	const char *kind = is_type(u, "horse") ? "horse" : "foot";
	char rolls[16];
	int range = range_of(r, u, a);
	int col = column_for(d->table, kind, range);

	a->effect_rule = "11";
	if (col < 0 || !success_rolls(d->table, col, rolls, sizeof rolls)) {
		snprintf(a->effect, sizeof a->effect, "range %d: no %s column "
		    "of sotq ammo-resupply holds it", range, kind);
		return;
	}
	if (strcmp(d->table->source, "stand-in") == 0)
		r->stand_in = "the Ammunition Resupply Table is not in the "
		    "text: `umpire table --import sotq ammo-resupply FILE` "
		    "installs the printed chart";
	if (!situation_unit_has_marker(u, "ammo-half") && !situation_unit_has_marker(u, "noammo"))
		snprintf(a->effect, sizeof a->effect, "range %d: may roll once "
		    "it has used half its ammunition (marker ammo-half); then "
		    "1d6, %s refills (%s)", range, rolls, d->table->cols[col].id);
	else
		snprintf(a->effect, sizeof a->effect, "range %d: roll 1d6, %s "
		    "erases the last mark (%s)%s", range, rolls,
		    d->table->cols[col].id, situation_unit_has_marker(u, "noammo") ?
		    "; out of ammunition until then" : "");
}

static int
sotq_unit(struct supply_run *r, const struct unit *u,
    struct supply_answer *a)
{
	char id[HEX_IDLEN];

	a->needs = 1;
	if (no_roster(u, a)) {
		a->needs = 0;
		return ST_OK;
	}
	if (situation_unit_has_marker(u, "pinned") || situation_unit_has_marker(u, "routed")) {
		snprintf(a->blocked_by, sizeof a->blocked_by, "a %s unit may "
		    "not be resupplied", situation_unit_has_marker(u, "pinned") ?
		    "pinned" : "routed");
		a->blocked_rule = a->rule = "11";
		return ST_OK;
	}
	if (!r->nsrc) {
		snprintf(a->blocked_by, sizeof a->blocked_by, "%s", "no Supply "
		    "Wagon on the map");
		a->blocked_rule = a->rule = "11";
		return ST_OK;
	}
	if (supply_line(r, u, a)) {
		hex_format(map_hex(r->map, a->source), id);
		snprintf(a->how, sizeof a->how, "a path of %d hex%s to the "
		    "Supply Wagon in %s, range %d", a->hexes, a->hexes == 1 ?
		    "" : "es", id, range_of(r, u, a));
		a->how_rule = a->rule = "11, 8.E";
		resupply(r, u, a);
	} else
		a->rule = a->blocked_rule;
	return ST_OK;
}

static int
sotq_blocks(const struct supply_run *r, const char *word, const char **why,
    const char **rule)
{
	const struct move_cost *c;

	*rule = "8.E, 11";
	if (strcmp(word, "enemy") == 0) {
		*why = "a path does not pass a Zulu unit";
		*rule = "11";
		return 1;
	}
	if (strcmp(word, "ezoc") == 0 || strcmp(word, "ezoc-end") == 0) {
		*why = "no path through a Zulu zone of control";
		return 1;
	}
	if (strcmp(word, "ezoc-negated") == 0) {
		*why = "a British unit in the hex negates the Zulu zone";
		return 0;
	}
	*rule = "11";
	if ((c = move_tec_find(r->tec.terrain, r->tec.nterrain, word)) ||
	    (c = move_tec_find(r->tec.sides, r->tec.nsides, word))) {
		*why = c->cost == -1 ? "closed to every piece" : "any terrain "
		    "open to movement carries a path";
		*rule = c->cost == -1 ? "6.C, 11" : "11";
		return c->cost == -1;
	}
	if (move_feature_bit(&r->vocab, word) >= 0 ||
	    move_terrain_known(&r->vocab, word) ||
	    move_side_bit(&r->vocab, word) >= 0) {
		*why = "any terrain open to movement carries a path";
		return 0;
	}
	return -2;
}

/* --apply: the path only lets the unit roll on the resupply table; the
 * roll, not the path, erases a box of its roster (11) */
const struct supply_rules sotq_supply = {
	sotq_load, sotq_unload, sotq_sources, sotq_step, sotq_describe,
	sotq_unit, sotq_blocks, NULL, NULL, SOTQ_NOLIMIT, 1, "11",
	{ "wagon", NULL, NULL, NULL }, 1, NULL,
	"sotq's ammunition path puts no marker on a unit: it only makes the "
	"unit eligible for the resupply roll, and that roll refills its "
	"roster (11)"
};
