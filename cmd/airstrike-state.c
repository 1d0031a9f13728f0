/*
 * airstrike-state.c: `umpire airstrike --name GAME`: umpire remembers the
 * missions flown (lib/games/air_state.c) and holds the limits the rules
 * put on them, so a second mission is refused with its rule rather than
 * policed on paper: loe 11.1 A (one mission an air unit a player-turn),
 * 11.2.2 A-C, E-F (temporary airfields: four at most, one a hex, not in
 * marsh, a turn under construction, a removed one back only next turn),
 * 11.2.3 B (one mission a temporary field a turn), 11.2.5 B and 11.4.1 C
 * (after an overrun, no mission the next player-turn but a rebase forced
 * by another overrun); toto 18.5 (one attack
 * an airbase a combat phase) and 33.3 (aerial supply once a turn, and the
 * airbase that flies it flies nothing else).  The limits themselves are
 * decided in loe_air.c and toto_air.c; this file tells them what was flown.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "airstrike.h"
#include "err.h"
#include "map.h"
#include "out.h"

static void note(struct air_request *r, const char *rule, const char *fmt,
    ...) __attribute__((format(printf, 3, 4)));

/* A fact the saved missions gave, shown with the reasons. */
static void
note(struct air_request *r, const char *rule, const char *fmt, ...)
{
	struct air_reason *x;
	va_list ap;

	if (r->nnotes == AIR_MAX_NOTES)
		return;
	x = &r->notes[r->nnotes++];
	x->rule = rule;
	x->bars = 0;
	va_start(ap, fmt);
	vsnprintf(x->text, sizeof x->text, fmt, ap);
	va_end(ap);
}

static int
writes(const struct air_request *r)
{
	return r->fly || r->act != AIR_ACT_NONE || (!r->check && !r->odds &&
	    !r->toto);
}

int
air_saved_open(const struct ctx *c, struct air_request *r)
{
	struct air_saved *sv = xmalloc(sizeof *sv);
	int st;

	memset(sv, 0, sizeof *sv);
	sv->f.fd = -1;
	r->saved = sv;
	if ((st = air_file_init(&sv->f, r->name)) != ST_OK)
		return st;
	if (writes(r) && r->act != AIR_ACT_STATUS &&
	    (st = air_file_lock(&sv->f)) != ST_OK)
		return st;
	st = air_state_load(&sv->f, c->game, &sv->s);
	if (st == ST_NO) {
		air_state_new(&sv->s, c->game, r->name);
		sv->fresh = 1;
		st = ST_OK;
	}
	sv->before = sv->s;
	sv->before.undo = NULL;
	return st;
}

void
air_saved_close(struct air_request *r)
{
	if (!r->saved)
		return;
	air_file_unlock(&r->saved->f);
	air_state_free(&r->saved->s);
	free(r->saved);
	r->saved = NULL;
}

/* loe: the unit's mission this player-turn, and its temporary field. */
static void
loe_facts(struct air_request *r, const struct air_state *s)
{
	const struct air_flight *fl;
	const struct air_field *fd;

	if (r->unit && (fl = air_state_flown(s, r->unit, NULL, 0))) {
		r->facts.flown = 1;
		note(r, "11.1 A", "saved: %s flew %s this player-turn (turn %d)",
		    r->unit, fl->mission, s->turn);
	}
	if (r->unit && air_state_grounded(s, r->unit) == s->turn) {
		r->facts.grounded = 1;
		note(r, "11.2.5 B", "saved: %s was forced off an overrun field: "
		    "this player-turn it flies no mission", r->unit);
	}
	if (!r->from || !(fd = air_state_field(s, r->from)))
		return;
	if (fd->built == s->turn) {
		r->facts.base = LOE_BUILDING;
		note(r, "11.2.2 E", "saved: the field in %s was placed this "
		    "turn %d and is still being built", r->from, s->turn);
		return;
	}
	r->facts.base = LOE_TEMPORARY;
	if ((fl = air_state_any(s, NULL, r->from))) {
		r->facts.field_used = 1;
		note(r, "11.2.3 B", "saved: %s flew from the temporary field in "
		    "%s this turn", fl->unit, r->from);
	}
}

/* toto: this phase's support, this turn's aerial supply (18.5, 33.3). */
static void
toto_facts(struct air_request *r, const struct air_state *s)
{
	const struct air_flight *fl;

	if (r->unit && r->tf.mission == TOTO_SUPPORT &&
	    (fl = air_state_flown(s, r->unit, "support", s->phase))) {
		r->tf.supported = 1;
		note(r, "18.5", "saved: %s supported an attack in this combat "
		    "phase", r->unit);
	}
	if (r->unit && (fl = air_state_flown(s, r->unit, "supply", 0))) {
		r->tf.flew_supply = 1;
		note(r, "33.3", "saved: %s flew aerial supply this turn",
		    r->unit);
	}
	if (r->tf.mission != TOTO_SUPPLY)
		return;
	if ((fl = air_state_any(s, "supply", NULL))) {
		r->tf.supply_flown = 1;
		note(r, "33.3", "saved: %s flew this turn's aerial supply",
		    fl->unit);
	}
	if (r->unit && (fl = air_state_flown(s, r->unit, NULL, 0))) {
		r->tf.flown = 1;
		note(r, "33.3", "saved: %s flew %s this turn", r->unit,
		    fl->mission);
	}
}

void
air_saved_facts(struct air_request *r)
{
	if (!r->saved)
		return;
	if (r->toto)
		toto_facts(r, &r->saved->s);
	else if (r->check)	/* a strike asks unit by unit, by name */
		loe_facts(r, &r->saved->s);
}

/* The next unit id of a comma list, into id; NULL at the end. */
static const char *
next_id(const char *p, char id[AIR_ID_MAX])
{
	size_t n;

	if (!p || !*p)
		return NULL;
	n = strcspn(p, ",");
	snprintf(id, AIR_ID_MAX, "%.*s", (int)(n < AIR_ID_MAX ? n :
	    AIR_ID_MAX - 1), p);
	return p[n] ? p + n + 1 : p + n;
}

int
air_saved_strike_units(const struct air_request *r)
{
	const struct air_state *s = &r->saved->s;
	struct air_reason rs[AIR_MAX_REASONS];
	const struct air_field *fd = r->from ? air_state_field(s, r->from) :
	    NULL;
	const char *p = r->unit;
	char id[AIR_ID_MAX];
	int i, n, k = 0;

	while ((p = next_id(p, id)) != NULL) {
		struct loe_air_facts f = r->facts;

		f.mission = LOE_STRIKE;
		f.flown = air_state_flown(s, id, NULL, 0) != NULL;
		f.grounded = air_state_grounded(s, id) == s->turn;
		if (fd) {
			f.base = fd->built == s->turn ? LOE_BUILDING :
			    LOE_TEMPORARY;
			/* 11.2.3 B: one a turn, so the second of a strike too */
			f.field_used = k > 0 || air_state_any(s, NULL, r->from);
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

int
air_saved_record(const struct air_request *r, const char *mission,
    char *said, size_t len, cJSON *json)
{
	struct air_saved *sv = r->saved;
	const char *p = r->unit;
	cJSON *rec = json_array();
	char id[AIR_ID_MAX];
	int st;

	while ((p = next_id(p, id)) != NULL) {
		if (air_state_record(&sv->s, id, mission, r->from) < 0) {
			cJSON_Delete(rec);
			return err(ST_USAGE, "too many missions in one turn in '%s' "
			    "(at most %d; --new-turn starts the next)", r->name,
			    AIR_STATE_FLIGHTS);
		}
		json_push(rec, cJSON_CreateString(id));
	}
	if ((st = air_state_save(&sv->f, &sv->s, sv->fresh ? NULL :
	    &sv->before)) != ST_OK) {
		cJSON_Delete(rec);
		return st;
	}
	snprintf(said, len, "recorded in '%s': %s flew %s, turn %d%s", r->name,
	    r->unit, mission, sv->s.turn, r->toto && sv->s.phase > 1 ?
	    ", a later combat phase" : "");
	json_set(json, "recorded", rec);
	json_set_str(json, "name", r->name);
	return ST_OK;
}

/* ---- the state commands ---- */

static void
show(struct trail *t, const struct air_state *s, int toto)
{
	int i;

	if (toto)
		trail_step(t, NULL, "turn %d, combat phase %d", s->turn, s->phase);
	else
		trail_step(t, NULL, "Italian player-turn %d", s->turn);
	if (!s->nf)
		trail_step(t, NULL, "no mission flown yet");
	for (i = 0; i < s->nf; i++)
		trail_step(t, NULL, "  %s flew %s%s%s%s", s->f[i].unit,
		    s->f[i].mission, s->f[i].base[0] ? " from " : "",
		    s->f[i].base, toto && s->f[i].phase != s->phase ?
		    " (an earlier phase)" : "");
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

/* 11.2.2 B-C, 3.4, 6.3.7, 11.2 B: from --terrain or the map's hex. */
static int
field_terrain(const struct ctx *c, const struct air_request *r,
    struct field_hex *h)
{
	struct map *m;
	int idx, st;

	memset(h, 0, sizeof *h);
	h->permanent = loe_air_permanent(r->field_hex);
	if (r->terrain)
		h->marsh = strstr(r->terrain, "marsh") != NULL;
	if (!r->map)
		return ST_OK;
	if ((st = map_load(c, r->map, &m)) != ST_OK)
		return st;
	if ((idx = map_lookup(m, r->field_hex)) < 0)
		st = err(ST_USAGE, "bad field hex: '%s' (expected a hex on map %s)",
		    r->field_hex, map_name(m));
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
build_field(const struct ctx *c, struct air_request *r, struct trail *t)
{
	struct air_state *s = &r->saved->s;
	struct air_field *fd;
	struct field_hex h;
	int st;

	if ((st = field_terrain(c, r, &h)) != ST_OK)
		return st;
	if (air_state_field(s, r->field_hex) || h.permanent)
		return err(ST_NO, "no field: %s already has an airfield; one a hex "
		    "(11.2.2 A)", r->field_hex);
	if (s->nfields + s->nremoved >= AIR_STATE_FIELDS)
		return err(ST_NO, "no field: %d on the map%s; four at most "
		    "(11.2.2 A, F)", s->nfields, s->nremoved ? " and a removed one "
		    "back only next turn" : "");
	/* 11.2.2 B asks an Italian-controlled hex: no side controls a
	 * neutral one (3.4), and an all-ocean hex is no land (6.3.7) */
	if (h.neutral)
		return err(ST_NO, "no field: %s is neutral territory, which Italy "
		    "never controls (3.4, 11.2.2 B)", r->field_hex);
	if (h.ocean)
		return err(ST_NO, "no field: %s is all ocean (6.3.7, 11.2.2 B)",
		    r->field_hex);
	if (h.marsh)
		return err(ST_NO, "no field: %s is marsh (11.2.2 C)", r->field_hex);
	if (!r->terrain && !r->map)
		trail_step(t, "11.2.2 C", "relied on: %s is not marsh, ocean or "
		    "neutral (else --terrain, or --map)", r->field_hex);
	trail_step(t, "11.2.2 B", "relied on: %s is Italian-controlled and "
	    "traces a supply line to a source (9.0)", r->field_hex);
	fd = &s->fields[s->nfields++];
	snprintf(fd->hex, sizeof fd->hex, "%s", r->field_hex);
	fd->built = s->turn;
	trail_step(t, "11.2.2 E", "temporary airfield placed in %s under "
	    "construction: it bases air units from turn %d", fd->hex, s->turn +
	    1);
	return ST_OK;
}

static int
remove_field(struct air_request *r, struct trail *t)
{
	struct air_state *s = &r->saved->s;
	const struct air_field *fd = air_state_field(s, r->field_hex);
	int i;

	if (!fd)
		return err(ST_NO, "no temporary airfield in %s to remove",
		    r->field_hex);
	i = (int)(fd - s->fields);
	snprintf(s->removed[s->nremoved++], AIR_ID_MAX, "%s", fd->hex);
	memmove(&s->fields[i], &s->fields[i + 1], (size_t)(s->nfields - i - 1) *
	    sizeof *s->fields);
	s->nfields--;
	trail_step(t, "11.2.2 F", "field removed from %s: the counter may be "
	    "built again from the next turn", r->field_hex);
	return ST_OK;
}

/* 11.2.5 B, 11.4.1 C: forced off, they rebase now and fly nothing next
 * turn; an overrun in that turn is the one rebase still allowed, and
 * keeps them down the turn after. */
static int
overrun(struct air_request *r, struct trail *t)
{
	const char *p = r->unit;
	char id[AIR_ID_MAX];

	while ((p = next_id(p, id)) != NULL) {
		if (air_state_ground(&r->saved->s, id) < 0)
			return err(ST_USAGE, "too many grounded units in '%s' (at most "
			    "%d)", r->name, AIR_STATE_GROUNDED);
		trail_step(t, "11.2.5 B, 11.4.1 C", "%s rebases at once to another "
		    "field, and in turn %d flies no mission", id,
		    r->saved->s.turn + 1);
	}
	return ST_OK;
}

static void
new_turn(struct air_state *s, struct trail *t, int toto)
{
	int i, j;

	s->turn++;
	s->phase = 1;
	s->nf = 0;
	s->nremoved = 0;
	for (i = j = 0; i < s->ngrounded; i++)
		if (s->grounded[i].turn >= s->turn)
			s->grounded[j++] = s->grounded[i];
	s->ngrounded = j;
	trail_step(t, toto ? "33.3" : "11.1 A", "turn %d: every %s may fly "
	    "again", s->turn, toto ? "airbase" : "air unit");
	for (i = 0; i < s->nfields; i++)
		if (s->fields[i].built == s->turn - 1)
			trail_step(t, "11.2.2 E", "the field in %s is complete and "
			    "bases air units", s->fields[i].hex);
}

static int
act(const struct ctx *c, struct air_request *r, struct trail *t)
{
	struct air_saved *sv = r->saved;
	int st;

	switch (r->act) {
	case AIR_ACT_STATUS:
		if (sv->fresh)
			return err(ST_NO, "no saved air missions: '%s' (a mission "
			    "flown with --name, or --new-turn, starts them)",
			    r->name);
		return ST_OK;
	case AIR_ACT_UNDO:
		if (sv->fresh || (st = air_state_undo(&sv->f, &sv->s)) == ST_NO)
			return err(ST_NO, "nothing to undo in '%s'", r->name);
		if (st != ST_OK)
			return st;
		trail_step(t, NULL, "the last change is taken back");
		return air_state_save(&sv->f, &sv->s, NULL);
	case AIR_ACT_NEW_TURN:
		new_turn(&sv->s, t, r->toto);
		break;
	case AIR_ACT_NEW_PHASE:
		sv->s.phase++;
		trail_step(t, "18.5", "combat phase %d: every airbase may support "
		    "an attack again", sv->s.phase);
		break;
	case AIR_ACT_BUILD:
		if ((st = build_field(c, r, t)) != ST_OK)
			return st;
		break;
	case AIR_ACT_REMOVE:
		if ((st = remove_field(r, t)) != ST_OK)
			return st;
		break;
	case AIR_ACT_OVERRUN:
		if ((st = overrun(r, t)) != ST_OK)
			return st;
		break;
	case AIR_ACT_NONE:
		break;
	}
	return air_state_save(&sv->f, &sv->s, sv->fresh ? NULL : &sv->before);
}

int
air_state_cmd(const struct ctx *c, struct air_request *r)
{
	static const char *const names[] = { "", "status", "undo", "new-turn",
	    "new-phase", "build-field", "remove-field", "overrun" };
	struct trail *t = trail_new();
	cJSON *json;
	int st;

	trail_title(t, r->toto ? "18.0" : "11.1", "%s air missions '%s': %s",
	    r->toto ? "Twilight of the Ottomans" : "Lion of Ethiopia", r->name,
	    names[r->act]);
	if ((st = act(c, r, t)) != ST_OK) {
		trail_free(t);
		return st;
	}
	show(t, &r->saved->s, r->toto);
	json = air_state_json(&r->saved->s);
	json_set_str(json, "procedure", "airstrike-state");
	json_set_str(json, "action", names[r->act]);
	return out_emit(c, json, t);
}
