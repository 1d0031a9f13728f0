/*
 * game-change.c: the verbs of `umpire game` that change the saved game:
 * new, place, remove, set, mark, unmark, control, next, undo, end and
 * delete.  Each is one step (cmd/game.c game_run_commit): the position is
 * checked before it is written, and the log keeps what the step replaced.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "data.h"
#include "err.h"
#include "game-cmd.h"
#include "games/game.h"
#include "json.h"
#include "map.h"
#include "out.h"
#include "saved.h"
#include "saved_apply.h"
#include "sequence.h"
#include "situation.h"
#include "trail.h"

/* A whole number for option name: ST_OK with *n, or ST_USAGE. */
static int
number(const char *name, const char *text, int lo, int hi, int *n)
{
	char *end;
	long v;

	v = strtol(text, &end, 10);
	if (!*text || *end || v < lo || v > hi)
		return err(ST_USAGE, "%s: expected a whole number from %d to %d: "
		    "'%s'", name, lo, hi, text);
	*n = (int)v;
	return ST_OK;
}

/* The saved game's turn and phase set to turn and phase. */
static void
set_time(struct saved *sv, int turn, int phase)
{
	cJSON_ReplaceItemInObjectCaseSensitive(sv->root, "turn",
	    cJSON_CreateNumber(turn));
	cJSON_ReplaceItemInObjectCaseSensitive(sv->root, "phase",
	    cJSON_CreateNumber(phase));
}

/* The map's name for the sequence's "maps", or "" for a game without. */
static const char *
map_of(const struct game_run *r)
{
	return r->m ? map_name(r->m) : "";
}

/* A new game starts in the first phase its map plays in turn 1. */
static int
first_phase(struct game_run *r)
{
	struct sequence seq;
	int turn = 1, phase = 0, st;

	if ((st = sequence_load(r->c, saved_game(&r->sv), &seq)) == ST_OK) {
		sequence_next(&seq, map_of(r), &turn, &phase, 0);
		set_time(&r->sv, turn, phase);
		sequence_free(&seq);
	} else if (st != ST_NO)
		return st;
	return saved_commit(&r->sv, NULL, NULL, 0, NULL);
}

/* The map of a new game: --map's, or none (*m NULL) for a game that
 * ships no map (iwiif is played on a table, adwa with cards). */
static int
new_map(struct ctx *c, const struct game_args *a, struct map **m)
{
	char **names;
	size_t n, i;

	*m = NULL;
	if (a->map)
		return map_load(c, a->map, m);
	n = data_names(c, c->game, "maps", &names);
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	if (n > 0)
		return err(ST_USAGE, "game new: which map? give --map NAME "
		    "(umpire words -g %s maps lists them)", c->game);
	if (a->situation)
		return err(ST_USAGE, "game new: --situation: %s is played "
		    "without a map, so its units have no hexes to stand in",
		    c->game);
	return ST_OK;
}

/* The position a new game starts from: --situation's, or no units. */
static int
new_position(struct ctx *c, const struct game_args *a, struct game_run *r,
    struct situation **sit, cJSON **pos)
{
	int st;

	*sit = NULL;
	if (a->situation) {
		if ((st = game_situation_open(c, r->m, a->situation, sit)) !=
		    ST_OK)
			return st;
		*pos = json_must(cJSON_Duplicate(situation_json(*sit), 1));
	} else {
		*pos = json_object();
		json_set_str(*pos, "format", "umpire-situation/1");
		json_set(*pos, "units", json_array());
	}
	cJSON_DeleteItemFromObjectCaseSensitive(*pos, "map");
	cJSON_DeleteItemFromObjectCaseSensitive(*pos, "game");
	return ST_OK;
}

int
game_change_new(struct ctx *c, const struct game_args *a, int argc,
    char **argv)
{
	struct game_run r = { .c = c, .argc = argc, .argv = argv, .sv.fd = -1 };
	struct situation *sit;
	char text[160];
	cJSON *pos;
	int st;

	if ((st = game_need_ops(a, 1, 1, "the new game's name")) != ST_OK)
		return st;
	if (!c->game)
		return err(ST_USAGE, "game new: which game? give -g (%s)",
		    game_id_list());
	r.g = game_find(c->game);
	if ((st = new_map(c, a, &r.m)) != ST_OK ||
	    (st = new_position(c, a, &r, &sit, &pos)) != ST_OK) {
		map_free(r.m);
		return st;
	}
	st = saved_create(&r.sv, a->ops[0], saved_new_root(a->ops[0], c->game,
	    r.m ? a->map : GAME_NO_MAP, pos));
	if (st == ST_OK && sit)
		saved_control_normalise(&r.sv, r.m, sit);
	if (st == ST_OK)
		st = first_phase(&r);
	situation_free(sit);
	if (st == ST_OK) {
		if (r.m)
			snprintf(text, sizeof text, "started, %d units; export "
			    "%s=%s to use it", cJSON_GetArraySize(saved_units(
			    &r.sv)), SAVED_ENV, r.sv.name);
		else
			snprintf(text, sizeof text, "started without a map: it "
			    "keeps the turn, the phase and the log; export %s=%s "
			    "to use it", SAVED_ENV, r.sv.name);
		st = game_run_said(&r, "game new", text);
	}
	game_run_close(&r);
	return st;
}

/* place ID --side S --type T --hex H [--strength N] [--ma N] [--marker M] */
int
game_change_place(struct game_run *r, const struct game_args *a)
{
	cJSON *u, *mk;
	char text[160];
	int n, st, i;

	if ((st = game_need_ops(a, 1, 1, "the new unit's id")) != ST_OK)
		return st;
	if (!a->side || !a->type || !a->hex)
		return err(ST_USAGE, "game place: give --side, --type and --hex");
	if (saved_unit(&r->sv, a->ops[0]))
		return err(ST_USAGE, "game place: saved game '%s' has a unit "
		    "'%s' already", r->sv.name, a->ops[0]);
	u = json_object();
	json_set_str(u, "id", a->ops[0]);
	json_set_str(u, "side", a->side);
	json_set_str(u, "type", a->type);
	n = 1;
	if (a->strength && (st = number("--strength", a->strength, 0, 99, &n)))
		goto fail;
	json_set_int(u, "strength", n);
	if (a->ma) {
		if ((st = number("--ma", a->ma, 0, 99, &n)) != ST_OK)
			goto fail;
		json_set_int(u, "ma", n);
	}
	json_set_str(u, "hex", a->hex);
	if (a->nmarkers) {
		mk = json_array();
		for (i = 0; i < a->nmarkers; i++)
			json_push(mk, cJSON_CreateString(a->markers[i]));
		json_set(u, "markers", mk);
	}
	json_push(saved_units(&r->sv), u);
	snprintf(text, sizeof text, "%s placed in %s", a->ops[0], a->hex);
	if ((st = game_run_commit(r, text, NULL)) != ST_OK)
		return st;
	return game_run_said(r, "game place", text);
fail:
	cJSON_Delete(u);
	return st;
}

int
game_change_remove(struct game_run *r, const struct game_args *a)
{
	char text[256];
	size_t used = 0;
	cJSON *u;
	int i, st;

	if ((st = game_need_ops(a, 1, -1, "the ids of the units to remove")) != ST_OK)
		return st;
	used = (size_t)snprintf(text, sizeof text, "removed:");
	for (i = 0; i < a->nops; i++) {
		if (!(u = game_run_unit(r, a->ops[i])))
			return ST_USAGE;
		cJSON_Delete(cJSON_DetachItemViaPointer(saved_units(&r->sv), u));
		if (used < sizeof text)
			used += (size_t)snprintf(text + used, sizeof text - used,
			    " %s", a->ops[i]);
	}
	if ((st = game_run_commit(r, text, NULL)) != ST_OK)
		return st;
	return game_run_said(r, "game remove", text);
}

/* One FIELD=VALUE of `game set`: hex, side, type, strength, ma. */
static int
set_field(cJSON *u, const char *arg)
{
	const char *eq = strchr(arg, '=');
	char key[16];
	int n, st;

	if (!eq || eq == arg || (size_t)(eq - arg) >= sizeof key)
		return err(ST_USAGE, "game set: expected FIELD=VALUE (hex, side, "
		    "type, strength, ma): '%s'", arg);
	snprintf(key, sizeof key, "%.*s", (int)(eq - arg), arg);
	if (strcmp(key, "strength") == 0 || strcmp(key, "ma") == 0) {
		if ((st = number(key, eq + 1, 0, 99, &n)) != ST_OK)
			return st;
		cJSON_DeleteItemFromObjectCaseSensitive(u, key);
		json_set_int(u, key, n);
	} else if (strcmp(key, "hex") == 0 || strcmp(key, "side") == 0 ||
	    strcmp(key, "type") == 0) {
		cJSON_ReplaceItemInObjectCaseSensitive(u, key,
		    cJSON_CreateString(eq + 1));
	} else
		return err(ST_USAGE, "game set: not a field of a unit: '%s' "
		    "(expected hex, side, type, strength or ma)", key);
	return ST_OK;
}

int
game_change_set(struct game_run *r, const struct game_args *a)
{
	char text[256];
	size_t used;
	cJSON *u;
	int i, st;

	if ((st = game_need_ops(a, 2, -1, "a unit's id and FIELD=VALUE ...")) != ST_OK)
		return st;
	if (!(u = game_run_unit(r, a->ops[0])))
		return ST_USAGE;
	used = (size_t)snprintf(text, sizeof text, "%s set by hand:", a->ops[0]);
	for (i = 1; i < a->nops; i++) {
		if ((st = set_field(u, a->ops[i])) != ST_OK)
			return st;
		if (used < sizeof text)
			used += (size_t)snprintf(text + used, sizeof text - used,
			    " %s", a->ops[i]);
	}
	if ((st = game_run_commit(r, text, NULL)) != ST_OK)
		return st;
	return game_run_said(r, "game set", text);
}

/* Whether marker array mk has word w; its item or NULL. */
static cJSON *
marker_of(cJSON *mk, const char *w)
{
	cJSON *v;

	cJSON_ArrayForEach(v, mk)
		if (cJSON_IsString(v) && strcmp(v->valuestring, w) == 0)
			return v;
	return NULL;
}

/* mark ID MARKER ... / unmark ID MARKER ... */
int
game_change_mark(struct game_run *r, const struct game_args *a, int on)
{
	char text[256];
	size_t used;
	cJSON *u, *mk, *v;
	int i, st;

	if ((st = game_need_ops(a, 2, -1, "a unit's id and its markers")) != ST_OK)
		return st;
	if (!(u = game_run_unit(r, a->ops[0])))
		return ST_USAGE;
	if (!(mk = cJSON_GetObjectItemCaseSensitive(u, "markers")))
		json_set(u, "markers", mk = json_array());
	used = (size_t)snprintf(text, sizeof text, "%s %s:", a->ops[0],
	    on ? "marked" : "unmarked");
	for (i = 1; i < a->nops; i++) {
		v = marker_of(mk, a->ops[i]);
		if (on && v)
			return err(ST_USAGE, "game mark: %s has the marker '%s' "
			    "already", a->ops[0], a->ops[i]);
		if (!on && !v)
			return err(ST_USAGE, "game unmark: %s has no marker '%s'",
			    a->ops[0], a->ops[i]);
		if (on)
			json_push(mk, cJSON_CreateString(a->ops[i]));
		else
			cJSON_Delete(cJSON_DetachItemViaPointer(mk, v));
		if (used < sizeof text)
			used += (size_t)snprintf(text + used, sizeof text - used,
			    " %s", a->ops[i]);
	}
	if (cJSON_GetArraySize(mk) == 0)
		cJSON_DeleteItemFromObjectCaseSensitive(u, "markers");
	if ((st = game_run_commit(r, text, NULL)) != ST_OK)
		return st;
	return game_run_said(r, on ? "game mark" : "game unmark", text);
}

/* control SIDE HEX ... / control --clear HEX ... (loe 3.3) */
int
game_change_control(struct game_run *r, const struct game_args *a)
{
	const char *side = a->clear ? NULL : a->ops[0];
	char text[256];
	size_t used;
	int i, idx, st;

	if ((st = game_need_ops(a, a->clear ? 1 : 2, -1, a->clear ? "the hexes to "
	    "clear" : "a side and the hexes it now holds")) != ST_OK)
		return st;
	used = (size_t)snprintf(text, sizeof text, a->clear ? "control "
	    "cleared:" : "now held by %s:", side);
	for (i = a->clear ? 0 : 1; i < a->nops; i++) {
		if ((idx = map_lookup(r->m, a->ops[i])) < 0)
			return err(ST_USAGE, "game control: no hex '%s' on map %s",
			    a->ops[i], saved_map(&r->sv));
		saved_control_set(&r->sv, r->m, idx, side);
		if (used < sizeof text)
			used += (size_t)snprintf(text + used, sizeof text - used,
			    " %s", a->ops[i]);
	}
	if ((st = game_run_commit(r, text, "3.3")) != ST_OK)
		return st;
	return game_run_said(r, "game control", text);
}

int
game_change_undo(struct game_run *r)
{
	const cJSON *e;
	char text[320];
	int st;

	if ((st = saved_undo(&r->sv, &e)) == ST_NO)
		return err(ST_USAGE, "game undo: nothing to undo in saved game "
		    "'%s'", r->sv.name);
	if (st != ST_OK)
		return st;
	snprintf(text, sizeof text, "undone: step %d, %s",
	    cJSON_GetObjectItemCaseSensitive(e, "n")->valueint,
	    cJSON_GetObjectItemCaseSensitive(e, "step")->valuestring);
	return game_run_said(r, "game undo", text);
}

/* The game's sequence, with the saved phase checked against it. */
static int
run_sequence(struct game_run *r, struct sequence *seq, int *phase)
{
	int st;

	if ((st = sequence_open(&r->local, &r->sv, seq, phase)) == ST_NO)
		return err(ST_USAGE, "umpire keeps no sequence of play for %s "
		    "yet: the turn is kept by hand (game set)", saved_game(&r->sv));
	return st;
}

/* A phase's texts as trail lines and a JSON array. */
static cJSON *
phase_list(struct trail *t, const cJSON *phase, const char *key,
    const char *label, const char *rule)
{
	const cJSON *v, *list = cJSON_GetObjectItemCaseSensitive(phase, key);
	char line[512] = "";
	size_t used = 0;

	if (!list || !list->child)
		return json_array();
	if (strcmp(key, "procedures") == 0) {
		cJSON_ArrayForEach(v, list)
			if (used < sizeof line)
				used += (size_t)snprintf(line + used, sizeof line -
				    used, "%s%s", used ? ", " : "", v->valuestring);
		trail_step(t, NULL, "%s: %s", label, line);
	} else
		cJSON_ArrayForEach(v, list)
			trail_step(t, rule, "%s: %s", label, v->valuestring);
	return json_must(cJSON_Duplicate(list, 1));
}

/* The units a "marked" reminder lists, as one line of the trail. */
static void
marked_line(struct trail *t, const cJSON *r)
{
	const cJSON *u, *hex;
	char line[512] = "";
	size_t used = 0;

	cJSON_ArrayForEach(u, cJSON_GetObjectItemCaseSensitive(r, "units")) {
		hex = cJSON_GetObjectItemCaseSensitive(u, "hex");
		if (used < sizeof line)
			used += (size_t)snprintf(line + used, sizeof line - used,
			    "%s%s%s%s%s", used ? ", " : "",
			    cJSON_GetObjectItemCaseSensitive(u, "id")->valuestring,
			    hex ? " (" : "", hex ? hex->valuestring : "",
			    hex ? ")" : "");
	}
	trail_step(t, cJSON_GetObjectItemCaseSensitive(r, "rule")->valuestring,
	    "marked %s: %s: %s", cJSON_GetObjectItemCaseSensitive(r,
	    "marker")->valuestring, line, cJSON_GetObjectItemCaseSensitive(r,
	    "text")->valuestring);
}

/* What the phase now begun asks for: its procedures, its reminders, and
 * the units that carry the markers it names, read from the position. */
static int
next_said(struct game_run *r, const struct sequence *seq, int turn,
    int phase, const char *what)
{
	const cJSON *ph = sequence_phase(seq, phase), *e;
	const char *rule = cJSON_GetObjectItemCaseSensitive(ph,
	    "rule")->valuestring;
	struct trail *t = trail_new();
	cJSON *json = json_object(), *o = json_object(), *marked;

	trail_title(t, NULL, "saved game %s (%s, map %s)", r->sv.name,
	    saved_game(&r->sv), saved_map(&r->sv));
	json_set_str(o, "name", sequence_name(seq, phase));
	json_set_str(o, "rule", rule);
	json_set(o, "procedures", phase_list(t, ph, "procedures",
	    "procedures", NULL));
	json_set(o, "remind", phase_list(t, ph, "remind", "remember", rule));
	marked = sequence_marked(seq, phase, saved_units(&r->sv));
	cJSON_ArrayForEach(e, marked)
		marked_line(t, e);
	json_set(o, "marked", marked);
	trail_result(t, rule, "%s", what);
	json_set_str(json, "game", saved_game(&r->sv));
	json_set_str(json, "procedure", "game next");
	json_set_str(json, "saved", r->sv.name);
	json_set_int(json, "turn", turn);
	json_set(json, "phase", o);
	return out_emit(r->c, json, t);
}

/* The markers the phase left takes off every unit (loe 8.1.1 C: the
 * units that fought this combat phase may fight the next), in the same
 * step as the move to the next phase. */
static int
leave_phase(struct game_run *r, const struct sequence *seq, int phase)
{
	cJSON *fx, *take;
	char why[640];
	int st, dropped;

	/* a phase is not left with a result's retreat or loss still owed;
	 * an advance not made is given up */
	if ((st = saved_pending_check(&r->sv, NULL, NULL, &take, &dropped, why,
	    sizeof why)) != ST_OK)
		return err(st, "refused, nothing changed: %s", why);
	/* nor while the position breaks a rule held as it ends (loe 7.1 A) */
	if ((st = sequence_leave_checks(&r->local, &r->sv, seq, phase, why,
	    sizeof why)) != ST_OK)
		return why[0] ? err(st, "refused, nothing changed: %s", why) : st;
	fx = sequence_clears(seq, phase, saved_units(&r->sv));
	st = saved_apply(&r->sv, fx, why, sizeof why);
	cJSON_Delete(fx);
	return st == ST_OK ? ST_OK : err(st, "%s", why);
}

/* next: on to the next phase of the game's sequence of play. */
int
game_change_next(struct game_run *r)
{
	struct sequence seq;
	char what[160];
	int turn = saved_turn(&r->sv), phase, st;

	if ((st = run_sequence(r, &seq, &phase)) != ST_OK)
		return st;
	if ((st = leave_phase(r, &seq, phase)) != ST_OK) {
		sequence_free(&seq);
		return st;
	}
	sequence_next(&seq, map_of(r), &turn, &phase, 1);
	set_time(&r->sv, turn, phase);
	snprintf(what, sizeof what, "turn %d, %s phase", turn,
	    sequence_name(&seq, phase));
	if ((st = game_run_commit(r, what, cJSON_GetObjectItemCaseSensitive(
	    sequence_phase(&seq, phase), "rule")->valuestring)) == ST_OK)
		st = next_said(r, &seq, turn, phase, what);
	sequence_free(&seq);
	return st;
}

/* end: the game is over; it is kept to read, and undo opens it again. */
int
game_change_end(struct game_run *r)
{
	int st;

	json_set_bool(r->sv.root, "ended", 1);
	if ((st = game_run_commit(r, "the game ended", NULL)) != ST_OK)
		return st;
	return game_run_said(r, "game end", "ended: kept to read; game undo opens it "
	    "again, game delete removes it");
}

int
game_change_delete(struct ctx *c, const struct game_args *a)
{
	struct trail *t;
	cJSON *json;
	int st;

	if ((st = game_need_ops(a, 1, 1, "the name of the saved game to delete "
	    "(never taken from --saved or the environment)")) != ST_OK)
		return st;
	if ((st = saved_remove(a->ops[0])) != ST_OK)
		return st;
	t = trail_new();
	json = json_object();
	trail_result(t, NULL, "saved game %s deleted", a->ops[0]);
	json_set_str(json, "procedure", "game delete");
	json_set_str(json, "saved", a->ops[0]);
	return out_emit(c, json, t);
}