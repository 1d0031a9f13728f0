/*
 * loe_airstrike_saved.c: what Lion of Ethiopia's saved air missions
 * (`umpire airstrike -g loe --name GAME`, air_saved.c) limit: 11.1 A (one
 * mission an air unit a player-turn), 11.2.2 A-C, E-F (temporary
 * airfields: four at most, one a hex, not in marsh, a turn under
 * construction, a removed one back only next turn), 11.2.3 B (one mission
 * a temporary field a turn), 11.2.5 B and 11.4.1 C (after an overrun, no
 * mission the next player-turn but a rebase forced by another overrun).
 * The limits themselves are decided in loe_air.c; this file tells it what
 * was flown.
 */
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "loe_airstrike.h"
#include "map.h"
#include "out.h"

/* the unit's mission this player-turn, and its temporary field */
void
loe_airstrike_saved_facts(struct loe_airstrike_req *r)
{
	const struct air_state *s = &r->a.saved->s;
	const char *unit = r->a.unit, *from = r->a.from;
	const struct air_flight *fl;
	const struct air_field *fd;

	if (unit && (fl = air_state_flown(s, unit, NULL, 0))) {
		r->facts.flown = 1;
		air_req_note(&r->a, "11.1 A", "saved: %s flew %s this player-turn "
		    "(turn %d)", unit, fl->mission, s->turn);
	}
	if (unit && air_state_grounded(s, unit) == s->turn) {
		r->facts.grounded = 1;
		air_req_note(&r->a, "11.2.5 B", "saved: %s was forced off an "
		    "overrun field: this player-turn it flies no mission", unit);
	}
	if (!from || !(fd = air_state_field(s, from)))
		return;
	if (fd->built == s->turn) {
		r->facts.base = LOE_BUILDING;
		air_req_note(&r->a, "11.2.2 E", "saved: the field in %s was placed "
		    "this turn %d and is still being built", from, s->turn);
		return;
	}
	r->facts.base = LOE_TEMPORARY;
	if ((fl = air_state_any(s, NULL, from))) {
		r->facts.field_used = 1;
		air_req_note(&r->a, "11.2.3 B", "saved: %s flew from the temporary "
		    "field in %s this turn", fl->unit, from);
	}
}

int
loe_airstrike_saved_units(const struct loe_airstrike_req *r)
{
	const struct air_state *s = &r->a.saved->s;
	struct air_reason rs[AIR_MAX_REASONS];
	const struct air_field *fd = r->a.from ? air_state_field(s, r->a.from) :
	    NULL;
	const char *p = r->a.unit;
	char id[AIR_ID_MAX];
	int i, n, k = 0;

	while ((p = air_req_next_id(p, id)) != NULL) {
		struct loe_air_facts f = r->facts;

		f.mission = LOE_STRIKE;
		f.flown = air_state_flown(s, id, NULL, 0) != NULL;
		f.grounded = air_state_grounded(s, id) == s->turn;
		if (fd) {
			f.base = fd->built == s->turn ? LOE_BUILDING :
			    LOE_TEMPORARY;
			/* 11.2.3 B: one a turn, so the second of a strike too */
			f.field_used = k > 0 || air_state_any(s, NULL, r->a.from);
		}
		n = loe_air_check(&f, rs, AIR_MAX_REASONS);
		for (i = 0; i < n; i++)
			if (rs[i].bars)
				return err(ST_NO, "no strike by %s: %s (%s)", id,
				    rs[i].text, rs[i].rule);
		k++;
	}
	return ST_OK;
}

/* What the map (or --terrain) says of a hex asked for a field. */
struct field_hex {
	int marsh;		/* 11.2.2 C */
	int neutral;		/* 3.4: no side controls it */
	int ocean;		/* 6.3.7: no land to build on */
	int permanent;		/* 11.2 B: a permanent field stands there */
};

static int
has_feature(const struct map *m, int idx, const char *word)
{
	int bit = map_feature_bit(m, word);

	return bit >= 0 && (map_features(m, idx) & (1u << bit));
}

/* The map a field's hex is read on: --map, else the saved game's. */
static const char *
field_map(const struct loe_airstrike_req *r)
{
	const struct air_saved *sv = r->a.saved;

	return r->a.map ? r->a.map : sv->in_game ? saved_map(&sv->sg) : NULL;
}

/* 11.2.2 B-C, 3.4, 6.3.7, 11.2 B: from --terrain or the map's hex. */
static int
field_terrain(const struct ctx *c, const struct loe_airstrike_req *r,
    struct field_hex *h)
{
	struct map *m;
	int idx, st;

	memset(h, 0, sizeof *h);
	h->permanent = loe_air_permanent(r->a.field_hex);
	if (r->terrain)
		h->marsh = strstr(r->terrain, "marsh") != NULL;
	if (!field_map(r))
		return ST_OK;
	if ((st = map_load(c, field_map(r), &m)) != ST_OK)
		return st;
	if ((idx = map_lookup(m, r->a.field_hex)) < 0)
		st = err(ST_USAGE, "bad field hex: '%s' (expected a hex on map %s)",
		    r->a.field_hex, map_name(m));
	else {
		h->marsh |= has_feature(m, idx, "marsh");
		h->neutral = has_feature(m, idx, "neutral");
		h->ocean = strcmp(map_terrain(m, idx), "ocean") == 0;
		h->permanent |= has_feature(m, idx, "airfield");
	}
	map_free(m);
	return st;
}

static int
build_field(const struct ctx *c, struct loe_airstrike_req *r, struct trail *t)
{
	struct air_state *s = &r->a.saved->s;
	struct air_field *fd;
	struct field_hex h;
	int st;

	if ((st = field_terrain(c, r, &h)) != ST_OK)
		return st;
	if (air_state_field(s, r->a.field_hex) || h.permanent)
		return err(ST_NO, "no field: %s already has an airfield; one a hex "
		    "(11.2.2 A)", r->a.field_hex);
	if (s->nfields + s->nremoved >= AIR_STATE_FIELDS)
		return err(ST_NO, "no field: %d on the map%s; four at most "
		    "(11.2.2 A, F)", s->nfields, s->nremoved ? " and a removed one "
		    "back only next turn" : "");
	/* 11.2.2 B asks an Italian-controlled hex: no side controls a
	 * neutral one (3.4), and an all-ocean hex is no land (6.3.7) */
	if (h.neutral)
		return err(ST_NO, "no field: %s is neutral territory, which Italy "
		    "never controls (3.4, 11.2.2 B)", r->a.field_hex);
	if (h.ocean)
		return err(ST_NO, "no field: %s is all ocean (6.3.7, 11.2.2 B)",
		    r->a.field_hex);
	if (h.marsh)
		return err(ST_NO, "no field: %s is marsh (11.2.2 C)", r->a.field_hex);
	if (!r->terrain && !field_map(r))
		trail_step(t, "11.2.2 C", "relied on: %s is not marsh, ocean or "
		    "neutral (else --terrain, or --map)", r->a.field_hex);
	trail_step(t, "11.2.2 B", "relied on: %s is Italian-controlled and "
	    "traces a supply line to a source (9.0)", r->a.field_hex);
	fd = &s->fields[s->nfields++];
	snprintf(fd->hex, sizeof fd->hex, "%s", r->a.field_hex);
	fd->built = s->turn;
	trail_step(t, "11.2.2 E", "temporary airfield placed in %s under "
	    "construction: it bases air units from turn %d", fd->hex, s->turn +
	    1);
	return ST_OK;
}

static int
remove_field(struct loe_airstrike_req *r, struct trail *t)
{
	struct air_state *s = &r->a.saved->s;
	const struct air_field *fd = air_state_field(s, r->a.field_hex);
	int i;

	if (!fd)
		return err(ST_NO, "no temporary airfield in %s to remove",
		    r->a.field_hex);
	i = (int)(fd - s->fields);
	snprintf(s->removed[s->nremoved++], AIR_ID_MAX, "%s", fd->hex);
	memmove(&s->fields[i], &s->fields[i + 1], (size_t)(s->nfields - i - 1) *
	    sizeof *s->fields);
	s->nfields--;
	trail_step(t, "11.2.2 F", "field removed from %s: the counter may be "
	    "built again from the next turn", r->a.field_hex);
	return ST_OK;
}

/* 11.2.5 B, 11.4.1 C: forced off, they rebase now and fly nothing next
 * turn; an overrun in that turn is the one rebase still allowed, and
 * keeps them down the turn after. */
static int
overrun(struct loe_airstrike_req *r, struct trail *t)
{
	const char *p = r->a.unit;
	char id[AIR_ID_MAX];

	while ((p = air_req_next_id(p, id)) != NULL) {
		if (air_state_ground(&r->a.saved->s, id) < 0)
			return err(ST_USAGE, "too many grounded units in '%s' (at most "
			    "%d)", r->a.name, AIR_STATE_GROUNDED);
		trail_step(t, "11.2.5 B, 11.4.1 C", "%s rebases at once to another "
		    "field, and in turn %d flies no mission", id,
		    r->a.saved->s.turn + 1);
	}
	return ST_OK;
}

/* --status after the flights: the fields and the grounded units. */
static void
show(struct trail *t, const struct air_state *s)
{
	int i;

	for (i = 0; i < s->nfields; i++)
		trail_step(t, "11.2.2 E", "  temporary airfield in %s: %s",
		    s->fields[i].hex, s->fields[i].built == s->turn ?
		    "under construction" : "complete");
	for (i = 0; i < s->nremoved; i++)
		trail_step(t, "11.2.2 F", "  field removed from %s this turn: "
		    "built again from the next turn", s->removed[i]);
	for (i = 0; i < s->ngrounded; i++)
		trail_step(t, "11.2.5 B", "  %s flies nothing in turn %d but a "
		    "forced rebase (its field was overrun)", s->grounded[i].unit,
		    s->grounded[i].turn);
}

/* --new-turn: last turn's fields are built (11.2.2 E). */
static void
turned(struct trail *t, const struct air_state *s)
{
	int i;

	for (i = 0; i < s->nfields; i++)
		if (s->fields[i].built == s->turn - 1)
			trail_step(t, "11.2.2 E", "the field in %s is complete and "
			    "bases air units", s->fields[i].hex);
}

/* --build-field, --remove-field, --overrun; a is loe's request's first
 * member (loe_airstrike.h). */
static int
act(const struct ctx *c, struct air_req *a, struct trail *t)
{
	struct loe_airstrike_req *r = (struct loe_airstrike_req *)(void *)a;

	switch (a->act) {
	case AIR_ACT_BUILD:
		a->saved->rule = "11.2.2 E";
		return build_field(c, r, t);
	case AIR_ACT_REMOVE:
		a->saved->rule = "11.2.2 F";
		return remove_field(r, t);
	case AIR_ACT_OVERRUN:
		a->saved->rule = "11.2.5 B";
		return overrun(r, t);
	default:
		return err(ST_USAGE, "loe's saved missions have no such command");
	}
}

static const char *const missions[] = { "strike", "support", "rebase",
    NULL };

const struct air_game loe_airstrike_saved_game = {
	.id = "loe",
	.title = "Lion of Ethiopia",
	.rule = "11.1",
	.missions = missions,
	.turn_words = "Italian player-turn",
	.turn_rule = "11.1 A",
	.flier = "air unit",
	.show = show,
	.turned = turned,
	.act = act,
};
