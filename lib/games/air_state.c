/*
 * air_state.c: the saved air missions of a game (air_state.h), kept with
 * the helpers every state file uses: state_lock, state_read and
 * state_write_atomic (lib/state.c), the name rule of decks and logs.
 * What the limits mean is decided in each game's folder; this file only
 * remembers, and names no game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "air_state.h"
#include "data.h"
#include "deck.h"
#include "err.h"
#include "state.h"

#define FORMAT "umpire-air/1"

int
air_state_id_ok(const char *s)
{
	return strlen(s) < AIR_ID_MAX && deck_name_ok(s);
}

int
air_state_file_init(struct air_file *f, const char *name)
{
	char base[PATH_MAX];

	memset(f, 0, sizeof *f);
	f->fd = -1;
	if (!air_state_id_ok(name))
		return err(ST_USAGE, "bad --name: '%s' (expected lower-case "
		    "letters, digits, - and _, at most %d)", name, AIR_ID_MAX - 1);
	snprintf(f->name, sizeof f->name, "%s", name);
	if (data_state_dir(base) < 0)
		return err(ST_SYS, "no folder for saved air missions: "
		    "XDG_STATE_HOME and HOME are unset or not absolute paths");
	if (snprintf(f->path, sizeof f->path, "%s/air/%s.json", base, name) >=
	    PATH_MAX || snprintf(f->lock, sizeof f->lock, "%s/air/%s.lock",
	    base, name) >= PATH_MAX)
		return err(ST_SYS, "path too long under '%s'", base);
	return ST_OK;
}

int
air_state_file_lock(struct air_file *f)
{
	char what[64];
	double timeout;
	int st;

	if ((st = state_lock_timeout(&timeout)) != ST_OK)
		return st;
	snprintf(what, sizeof what, "air missions '%s'", f->name);
	return state_lock(f->lock, what, timeout, &f->fd);
}

void
air_state_file_unlock(struct air_file *f)
{
	if (f->fd >= 0)
		state_unlock(f->fd);
	f->fd = -1;
}

void
air_state_new(struct air_state *s, const char *game,
    const char *const *missions, const char *name)
{
	memset(s, 0, sizeof *s);
	s->missions = missions;
	snprintf(s->game, sizeof s->game, "%s", game);
	snprintf(s->name, sizeof s->name, "%s", name);
	s->turn = s->phase = 1;
}

void
air_state_free(struct air_state *s)
{
	cJSON_Delete(s->undo);
	s->undo = NULL;
}

/* ---- JSON, both ways ---- */

static int
bad(char *why, size_t len, const char *what)
{
	snprintf(why, len, "%s", what);
	return -1;
}

static int
id_member(const cJSON *o, const char *key, char *out, int empty_ok)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	if (!v && empty_ok) {
		out[0] = '\0';
		return 0;
	}
	if (!cJSON_IsString(v) || !air_state_id_ok(v->valuestring))
		return -1;
	snprintf(out, AIR_ID_MAX, "%s", v->valuestring);
	return 0;
}

static int
int_member(const cJSON *o, const char *key, int lo, int hi, int *out)
{
	return data_json_int(cJSON_GetObjectItemCaseSensitive(o, key), lo, hi,
	    out);
}

static int
mission_ok(const char *const *missions, const char *m)
{
	const char *const *w;

	for (w = missions; *w; w++)
		if (strcmp(*w, m) == 0)
			return 1;
	return 0;
}

/* Every member of o is one of keys. */
static int
members_ok(const cJSON *o, const char *const *keys)
{
	const cJSON *it;
	const char *const *k;

	cJSON_ArrayForEach(it, o) {
		for (k = keys; *k && strcmp(*k, it->string); k++)
			;
		if (!*k)
			return 0;
	}
	return 1;
}

static int
flights_from_json(const cJSON *a, struct air_state *s, char *why, size_t len)
{
	static const char *const keys[] = { "unit", "mission", "base", "phase",
	    NULL };
	const cJSON *o, *m;

	if (!cJSON_IsArray(a))
		return bad(why, len, "missions: an array expected");
	cJSON_ArrayForEach(o, a) {
		struct air_flight *f = &s->f[s->nf];

		if (s->nf == AIR_STATE_FLIGHTS)
			return bad(why, len, "missions: too many for one turn");
		m = cJSON_GetObjectItemCaseSensitive(o, "mission");
		if (!cJSON_IsObject(o) || !members_ok(o, keys) ||
		    id_member(o, "unit", f->unit, 0) < 0 ||
		    id_member(o, "base", f->base, 1) < 0 || !cJSON_IsString(m) ||
		    !mission_ok(s->missions, m->valuestring) ||
		    int_member(o, "phase", 1, s->phase, &f->phase) < 0)
			return bad(why, len, "missions: each needs a unit id, a "
			    "mission of the game, a phase not after the current "
			    "one, and at most a base hex");
		snprintf(f->mission, sizeof f->mission, "%s", m->valuestring);
		s->nf++;
	}
	return 0;
}

static int
fields_from_json(const cJSON *a, const cJSON *gone, struct air_state *s,
    char *why, size_t len)
{
	static const char *const field_keys[] = { "hex", "built", NULL };
	const cJSON *o;
	int i;

	if (!cJSON_IsArray(a) || !cJSON_IsArray(gone))
		return bad(why, len, "fields, removed: arrays expected");
	cJSON_ArrayForEach(o, a) {
		struct air_field *f = &s->fields[s->nfields];

		if (s->nfields == AIR_STATE_FIELDS)
			return bad(why, len, "fields: more than four (11.2.2 A)");
		if (!cJSON_IsObject(o) || !members_ok(o, field_keys) ||
		    id_member(o, "hex", f->hex, 0) < 0 ||
		    int_member(o, "built", 0, s->turn, &f->built) < 0)
			return bad(why, len, "fields: each needs a hex and the turn "
			    "it was built, not after the current one");
		for (i = 0; i < s->nfields; i++)
			if (strcmp(s->fields[i].hex, f->hex) == 0)
				return bad(why, len, "fields: two in one hex "
				    "(11.2.2 A)");
		s->nfields++;
	}
	cJSON_ArrayForEach(o, gone) {
		if (s->nremoved + s->nfields == AIR_STATE_FIELDS ||
		    !cJSON_IsString(o) || !air_state_id_ok(o->valuestring))
			return bad(why, len, "removed: at most four fields in all, "
			    "each a hex id");
		snprintf(s->removed[s->nremoved++], AIR_ID_MAX, "%s",
		    o->valuestring);
	}
	return 0;
}

/* 11.2.5 B: each grounded unit once, for this turn or the next. */
static int
grounded_from_json(const cJSON *a, struct air_state *s, char *why, size_t len)
{
	static const char *const grounded_keys[] = { "unit", "turn", NULL };
	const cJSON *o;

	if (!a)
		return 0;
	if (!cJSON_IsArray(a))
		return bad(why, len, "grounded: an array expected");
	cJSON_ArrayForEach(o, a) {
		struct air_grounded *g = &s->grounded[s->ngrounded];

		if (s->ngrounded == AIR_STATE_GROUNDED || !cJSON_IsObject(o) ||
		    !members_ok(o, grounded_keys) ||
		    id_member(o, "unit", g->unit, 0) < 0 ||
		    int_member(o, "turn", s->turn, s->turn + 1, &g->turn) < 0 ||
		    air_state_grounded(s, g->unit))
			return bad(why, len, "grounded: each a unit id once, with "
			    "this turn or the next (11.2.5 B)");
		s->ngrounded++;
	}
	return 0;
}

/* What the file and a saved game's part hold alike: the turn, the phase
 * and what was flown, built and grounded in it. */
static int
body_from_json(const cJSON *root, struct air_state *s, char *why, size_t len)
{
	if (int_member(root, "turn", 1, 9999, &s->turn) < 0 ||
	    int_member(root, "phase", 1, 99, &s->phase) < 0)
		return bad(why, len, "turn, phase: a turn from 1 to 9999 and a "
		    "phase from 1 to 99 expected");
	if (flights_from_json(cJSON_GetObjectItemCaseSensitive(root,
	    "missions"), s, why, len) < 0 || grounded_from_json(
	    cJSON_GetObjectItemCaseSensitive(root, "grounded"), s, why, len) <
	    0 || fields_from_json(
	    cJSON_GetObjectItemCaseSensitive(root, "fields"),
	    cJSON_GetObjectItemCaseSensitive(root, "removed"), s, why, len) < 0)
		return -1;
	return 0;
}

static int
from_json(const cJSON *root, const char *game, const char *const *missions,
    struct air_state *s, char *why, size_t len)
{
	static const char *const keys[] = { "format", "game", "name", "turn",
	    "phase", "missions", "fields", "removed", "grounded", "undo", NULL };
	const cJSON *v;

	memset(s, 0, sizeof *s);
	s->missions = missions;
	if (!cJSON_IsObject(root))
		return bad(why, len, "an object expected");
	if (!members_ok(root, keys))
		return bad(why, len, "unknown member");
	v = cJSON_GetObjectItemCaseSensitive(root, "format");
	if (!cJSON_IsString(v) || strcmp(v->valuestring, FORMAT) != 0)
		return bad(why, len, "format: '" FORMAT "' expected");
	v = cJSON_GetObjectItemCaseSensitive(root, "game");
	if (!cJSON_IsString(v) || strcmp(v->valuestring, game) != 0)
		return bad(why, len, "game: not the game asked for (-g)");
	snprintf(s->game, sizeof s->game, "%s", game);
	if (id_member(root, "name", s->name, 0) < 0)
		return bad(why, len, "name: a name expected");
	return body_from_json(root, s, why, len);
}

int
air_state_from_part(const cJSON *part, const char *game, const char *name,
    const char *const *missions, struct air_state *s, char *why, size_t len)
{
	static const char *const keys[] = { "turn", "phase", "missions",
	    "fields", "removed", "grounded", NULL };

	air_state_new(s, game, missions, name);
	if (!cJSON_IsObject(part))
		return bad(why, len, "an object expected");
	if (!members_ok(part, keys))
		return bad(why, len, "unknown member (expected turn, phase, "
		    "missions, fields, removed, grounded)");
	return body_from_json(part, s, why, len);
}

cJSON *
air_state_part_json(const struct air_state *s)
{
	cJSON *root = cJSON_CreateObject(), *a = cJSON_CreateArray(),
	    *fl = cJSON_CreateArray(), *gone = cJSON_CreateArray(), *o;
	int i;

	cJSON_AddNumberToObject(root, "turn", s->turn);
	cJSON_AddNumberToObject(root, "phase", s->phase);
	for (i = 0; i < s->nf; i++) {
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "unit", s->f[i].unit);
		cJSON_AddStringToObject(o, "mission", s->f[i].mission);
		if (s->f[i].base[0])
			cJSON_AddStringToObject(o, "base", s->f[i].base);
		cJSON_AddNumberToObject(o, "phase", s->f[i].phase);
		cJSON_AddItemToArray(a, o);
	}
	for (i = 0; i < s->nfields; i++) {
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "hex", s->fields[i].hex);
		cJSON_AddNumberToObject(o, "built", s->fields[i].built);
		cJSON_AddItemToArray(fl, o);
	}
	for (i = 0; i < s->nremoved; i++)
		cJSON_AddItemToArray(gone, cJSON_CreateString(s->removed[i]));
	if (s->ngrounded) {
		cJSON *g = cJSON_CreateArray();

		for (i = 0; i < s->ngrounded; i++) {
			o = cJSON_CreateObject();
			cJSON_AddStringToObject(o, "unit", s->grounded[i].unit);
			cJSON_AddNumberToObject(o, "turn", s->grounded[i].turn);
			cJSON_AddItemToArray(g, o);
		}
		cJSON_AddItemToObject(root, "grounded", g);
	}
	cJSON_AddItemToObject(root, "missions", a);
	cJSON_AddItemToObject(root, "fields", fl);
	cJSON_AddItemToObject(root, "removed", gone);
	return root;
}

/* The file's object: its header, then the part's members in the order
 * the file has always had them. */
cJSON *
air_state_json(const struct air_state *s)
{
	cJSON *root = cJSON_CreateObject(), *part = air_state_part_json(s), *v;

	cJSON_AddStringToObject(root, "format", FORMAT);
	cJSON_AddStringToObject(root, "game", s->game);
	cJSON_AddStringToObject(root, "name", s->name);
	while ((v = part->child) != NULL)
		cJSON_AddItemToObject(root, v->string,
		    cJSON_DetachItemViaPointer(part, v));
	cJSON_Delete(part);
	return root;
}

void
air_state_next_turn(struct air_state *s)
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
}

/* ---- the file ---- */

int
air_state_load(const struct air_file *f, const char *game,
    const char *const *missions, struct air_state *s)
{
	char *text, why[256];
	cJSON *root, *undo;
	const cJSON *g;
	size_t len;
	int st;

	memset(s, 0, sizeof *s);
	if ((st = state_read(f->path, AIR_STATE_MAX, &text, &len, why,
	    sizeof why)) == ST_NO)
		return ST_NO;
	if (st == ST_SYS)
		return err(ST_SYS, "%s: %s", f->path, why);
	if (st != ST_OK)
		return err(ST_DATA, "%s: %s (left as it is)", f->path, why);
	st = data_parse_json(text, len, &root, why, sizeof why);
	free(text);
	if (st < 0)
		return err(ST_DATA, "%s: %s (left as it is)", f->path, why);
	g = cJSON_GetObjectItemCaseSensitive(root, "game");
	if (cJSON_IsString(g) && air_state_id_ok(g->valuestring) &&
	    strcmp(g->valuestring, game) != 0) {
		st = err(ST_USAGE, "saved air missions '%s' are %s's, not %s's: "
		    "'%s' (give -g %s, or another --name)", f->name,
		    g->valuestring, game, f->name, g->valuestring);
		cJSON_Delete(root);
		return st;
	}
	if (from_json(root, game, missions, s, why, sizeof why) < 0 ||
	    strcmp(s->name, f->name) != 0) {
		cJSON_Delete(root);
		return err(ST_DATA, "%s: %s (left as it is)", f->path,
		    s->name[0] && strcmp(s->name, f->name) ? "name: not the "
		    "file's name" : why);
	}
	undo = cJSON_DetachItemFromObjectCaseSensitive(root, "undo");
	cJSON_Delete(root);
	if (undo && !cJSON_IsObject(undo)) {
		cJSON_Delete(undo);
		return err(ST_DATA, "%s: undo: an object expected (left as it is)",
		    f->path);
	}
	s->undo = undo;
	return ST_OK;
}

int
air_state_save(const struct air_file *f, const struct air_state *s,
    const struct air_state *before)
{
	cJSON *root = air_state_json(s);
	char *text;
	int st;

	if (before)
		cJSON_AddItemToObject(root, "undo", air_state_json(before));
	text = cJSON_Print(root);
	cJSON_Delete(root);
	if (!text)
		return err(ST_SYS, "out of memory");
	st = state_write_atomic(f->path, text, strlen(text));
	free(text);
	return st;
}

int
air_state_undo(const struct air_file *f, struct air_state *s)
{
	struct air_state prev;
	char why[256];

	if (!s->undo)
		return ST_NO;
	if (from_json(s->undo, s->game, s->missions, &prev, why, sizeof why) <
	    0 ||
	    strcmp(prev.name, s->name) != 0)
		return err(ST_DATA, "%s: undo: %s (left as it is)", f->path,
		    strcmp(prev.name, s->name) ? "name: not the file's name" :
		    why);
	air_state_free(s);
	*s = prev;
	return ST_OK;
}

/* ---- questions ---- */

const struct air_flight *
air_state_flown(const struct air_state *s, const char *unit,
    const char *mission, int phase)
{
	int i;

	for (i = 0; i < s->nf; i++)
		if (strcmp(s->f[i].unit, unit) == 0 && (!mission ||
		    strcmp(s->f[i].mission, mission) == 0) && (phase <= 0 ||
		    s->f[i].phase == phase))
			return &s->f[i];
	return NULL;
}

const struct air_flight *
air_state_any(const struct air_state *s, const char *mission,
    const char *base)
{
	int i;

	for (i = 0; i < s->nf; i++)
		if ((!mission || strcmp(s->f[i].mission, mission) == 0) &&
		    (!base || strcmp(s->f[i].base, base) == 0))
			return &s->f[i];
	return NULL;
}

const struct air_field *
air_state_field(const struct air_state *s, const char *hex)
{
	int i;

	for (i = 0; i < s->nfields; i++)
		if (strcmp(s->fields[i].hex, hex) == 0)
			return &s->fields[i];
	return NULL;
}

int
air_state_record(struct air_state *s, const char *unit, const char *mission,
    const char *base)
{
	struct air_flight *f;

	if (s->nf == AIR_STATE_FLIGHTS)
		return -1;
	f = &s->f[s->nf++];
	snprintf(f->unit, sizeof f->unit, "%s", unit);
	snprintf(f->mission, sizeof f->mission, "%s", mission);
	snprintf(f->base, sizeof f->base, "%s", base ? base : "");
	f->phase = s->phase;
	return 0;
}

int
air_state_grounded(const struct air_state *s, const char *unit)
{
	int i;

	for (i = 0; i < s->ngrounded; i++)
		if (strcmp(s->grounded[i].unit, unit) == 0)
			return s->grounded[i].turn;
	return 0;
}

int
air_state_ground(struct air_state *s, const char *unit)
{
	struct air_grounded *g;
	int i;

	for (i = 0; i < s->ngrounded; i++)
		if (strcmp(s->grounded[i].unit, unit) == 0) {
			s->grounded[i].turn = s->turn + 1;
			return 0;
		}
	if (s->ngrounded == AIR_STATE_GROUNDED)
		return -1;
	g = &s->grounded[s->ngrounded++];
	snprintf(g->unit, sizeof g->unit, "%s", unit);
	g->turn = s->turn + 1;
	return 0;
}
