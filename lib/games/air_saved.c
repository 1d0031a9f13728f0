/*
 * air_saved.c: `umpire airstrike --name GAME`: the saved missions of one
 * game while a run lasts (air_req.h), kept in the file air_state.c reads
 * and writes.  Here is what every game's --name does the same way: open
 * and lock, record a mission, --status, --undo and --new-turn; what a game
 * limits, and the commands only it has, are in its folder and reach this
 * file through its struct air_game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "air_req.h"
#include "err.h"
#include "out.h"

static int
writes(const struct air_req *a)
{
	return a->fly || a->act != AIR_ACT_NONE || (!a->check && !a->odds);
}

int
air_saved_open(const struct ctx *c, struct air_req *a,
    const struct air_game *g)
{
	struct air_saved *sv = err_malloc(sizeof *sv);
	int st;

	memset(sv, 0, sizeof *sv);
	sv->game = g;
	sv->c = c;
	sv->f.fd = -1;
	sv->sg.fd = -1;
	a->saved = sv;
	if (a->game)
		return air_part_open(sv, a);
	if ((st = air_state_file_init(&sv->f, a->name)) != ST_OK)
		return st;
	if (writes(a) && a->act != AIR_ACT_STATUS &&
	    (st = air_state_file_lock(&sv->f)) != ST_OK)
		return st;
	st = air_state_load(&sv->f, g->id, g->missions, &sv->s);
	if (st == ST_NO) {
		air_state_new(&sv->s, g->id, g->missions, a->name);
		sv->fresh = 1;
		st = ST_OK;
	}
	sv->before = sv->s;
	sv->before.undo = NULL;
	return st;
}

void
air_saved_close(struct air_req *a)
{
	if (!a->saved)
		return;
	air_state_file_unlock(&a->saved->f);
	air_state_free(&a->saved->s);
	if (a->saved->in_game)
		saved_close(&a->saved->sg);
	cJSON_Delete(a->saved->imported);
	free(a->saved);
	a->saved = NULL;
}

/* Each of a.unit's flights into the state: ST_OK, or reported when the
 * turn's list is full; their ids into rec. */
static int
record_units(const struct air_req *a, const char *mission, cJSON *rec)
{
	const char *p = a->unit;
	char id[AIR_ID_MAX];

	while ((p = air_req_next_id(p, id)) != NULL) {
		if (air_state_record(&a->saved->s, id, mission, a->from) < 0)
			return err(ST_USAGE, "too many missions in one turn in '%s' "
			    "(at most %d%s)", a->saved->s.name, AIR_STATE_FLIGHTS,
			    a->game ? "" : "; --new-turn starts the next");
		json_push(rec, cJSON_CreateString(id));
	}
	return ST_OK;
}

/* With a saved game: one step of its log, and only with --apply. */
static int
record_in_game(const struct air_req *a, const char *mission, char *said,
    size_t len, cJSON *json)
{
	struct air_saved *sv = a->saved;
	char what[160];
	cJSON *rec, *applied;
	int st, step;

	if (!a->apply) {
		snprintf(said, len, "not recorded: --apply records it in saved "
		    "game %s", a->game);
		return ST_OK;
	}
	rec = json_array();
	snprintf(what, sizeof what, "%s flew %s", a->unit, mission);
	if ((st = record_units(a, mission, rec)) != ST_OK ||
	    (st = air_part_commit(sv, what, sv->game->rule, mission)) != ST_OK) {
		cJSON_Delete(rec);
		return st;
	}
	step = cJSON_GetArraySize(saved_log(&sv->sg));
	snprintf(said, len, "recorded in saved game %s: %s flew %s, turn %d "
	    "(step %d of its log)", a->game, a->unit, mission, sv->s.turn, step);
	json_set(json, "recorded", rec);
	applied = json_object();
	json_set_str(applied, "saved", a->game);
	json_set_int(applied, "step", step);
	json_set(json, "applied", applied);
	return ST_OK;
}

int
air_saved_record(const struct air_req *a, const char *mission, char *said,
    size_t len, cJSON *json)
{
	struct air_saved *sv = a->saved;
	cJSON *rec;
	int st;

	if (sv->in_game)
		return record_in_game(a, mission, said, len, json);
	rec = json_array();
	if ((st = record_units(a, mission, rec)) != ST_OK ||
	    (st = air_state_save(&sv->f, &sv->s, sv->fresh ? NULL :
	    &sv->before)) != ST_OK) {
		cJSON_Delete(rec);
		return st;
	}
	/* only a game that counts combat phases gets past the first */
	snprintf(said, len, "recorded in '%s': %s flew %s, turn %d%s", a->name,
	    a->unit, mission, sv->s.turn, sv->s.phase > 1 ?
	    ", a later combat phase" : "");
	json_set(json, "recorded", rec);
	json_set_str(json, "name", a->name);
	return ST_OK;
}

void
air_saved_tell(const struct air_req *a, struct out_result *res)
{
	const struct air_saved *sv = a->saved;

	if (sv && sv->dropped) {
		if (res->trail)
			trail_note(res->trail, "  (the advance still open is given "
			    "up: %d step%s)", sv->dropped, sv->dropped == 1 ? "" :
			    "s");
		json_set_int(res->json, "gave_up", sv->dropped);
	}
	if (!sv || !sv->note[0])
		return;
	if (res->trail)
		trail_note(res->trail, "  (%s)", sv->note);
	json_set_str(res->json, "old_air_file", sv->note);
}

/* ---- the state commands ---- */

static void
show(struct trail *t, const struct air_saved *sv)
{
	const struct air_game *g = sv->game;
	const struct air_state *s = &sv->s;
	int i;

	/* a saved game's phase is its sequence's, told by `game show` */
	if (sv->in_game)
		trail_step(t, NULL, "%s %d of saved game %s", g->turn_words,
		    s->turn, sv->sg.name);
	else if (g->phases)
		trail_step(t, NULL, "%s %d, combat phase %d", g->turn_words,
		    s->turn, s->phase);
	else
		trail_step(t, NULL, "%s %d", g->turn_words, s->turn);
	if (!s->nf)
		trail_step(t, NULL, "no mission flown yet");
	for (i = 0; i < s->nf; i++)
		trail_step(t, NULL, "  %s flew %s%s%s%s", s->f[i].unit,
		    s->f[i].mission, s->f[i].base[0] ? " from " : "",
		    s->f[i].base, g->phases && s->f[i].phase != s->phase ?
		    " (an earlier phase)" : "");
	if (g->show)
		g->show(t, s);
}

static void
new_turn(struct air_state *s, struct trail *t, const struct air_game *g)
{
	air_state_next_turn(s);
	trail_step(t, g->turn_rule, "turn %d: every %s may fly again", s->turn,
	    g->flier);
	if (g->turned)
		g->turned(t, s);
}

static int
game_act(const struct ctx *c, struct air_req *a, struct trail *t)
{
	const struct air_game *g = a->saved->game;

	if (!g->act)
		return err(ST_USAGE, "%s's saved missions have no such command",
		    g->id);
	return g->act(c, a, t);
}

static int
act(const struct ctx *c, struct air_req *a, struct trail *t)
{
	struct air_saved *sv = a->saved;
	int st;

	switch (a->act) {
	case AIR_ACT_STATUS:
		if (sv->fresh)
			return err(ST_NO, "no saved air missions: '%s' (a mission "
			    "flown with --name, or --new-turn, starts them)",
			    a->name);
		return ST_OK;
	case AIR_ACT_UNDO:
		if (sv->fresh || (st = air_state_undo(&sv->f, &sv->s)) == ST_NO)
			return err(ST_NO, "nothing to undo in '%s'", a->name);
		if (st != ST_OK)
			return st;
		trail_step(t, NULL, "the last change is taken back");
		return air_state_save(&sv->f, &sv->s, NULL);
	case AIR_ACT_NEW_TURN:
		new_turn(&sv->s, t, sv->game);
		break;
	default:
		if ((st = game_act(c, a, t)) != ST_OK)
			return st;
		break;
	}
	return air_state_save(&sv->f, &sv->s, sv->fresh ? NULL : &sv->before);
}

/*
 * With a saved game: --status reads its part; a command of the game's
 * (--build-field, --overrun, ...) is answered, and with --apply becomes
 * one step of its log.  Its turn is the saved game's (air_part.c), so
 * --new-turn, --new-phase and --undo are refused before (air_req.c).
 */
static int
act_in_game(const struct ctx *c, struct air_req *a, struct trail *t,
    const char *name)
{
	struct air_saved *sv = a->saved;
	char what[160];
	int st;

	if (a->act == AIR_ACT_STATUS)
		return ST_OK;
	if ((st = game_act(c, a, t)) != ST_OK)
		return st;
	if (!a->apply) {
		trail_result(t, NULL, "asked only: nothing is recorded (--apply "
		    "records it in saved game %s)", sv->sg.name);
		return ST_OK;
	}
	snprintf(what, sizeof what, "air: %s %s", name, a->field_hex ?
	    a->field_hex : a->unit);
	if ((st = air_part_commit(sv, what, sv->rule ? sv->rule :
	    sv->game->rule, name)) != ST_OK)
		return st;
	trail_result(t, NULL, "applied: step %d of saved game %s's log",
	    cJSON_GetArraySize(saved_log(&sv->sg)), sv->sg.name);
	return ST_OK;
}

int
air_saved_act(const struct ctx *c, struct air_req *a, struct out_result *res)
{
	static const char *const names[] = { "", "status", "undo", "new-turn",
	    "new-phase", "build-field", "remove-field", "overrun" };
	struct air_saved *sv = a->saved;
	const struct air_game *g = sv->game;
	int st;

	trail_title(res->trail, g->rule, "%s air missions '%s': %s", g->title,
	    sv->s.name, names[a->act]);
	if (sv->in_game)
		st = act_in_game(c, a, res->trail, names[a->act]);
	else
		st = act(c, a, res->trail);
	if (st != ST_OK)
		return st;
	if (!sv->in_game || a->apply || a->act == AIR_ACT_STATUS)
		show(res->trail, sv);
	cJSON_Delete(res->json);
	res->json = air_state_json(&sv->s);
	json_set_str(res->json, "procedure", "airstrike-state");
	json_set_str(res->json, "action", names[a->act]);
	if (sv->in_game) {
		json_set_str(res->json, "saved", sv->sg.name);
		if (a->act != AIR_ACT_STATUS)
			json_set_bool(res->json, "applied", a->apply);
	}
	return ST_OK;
}

void
air_saved_missions(cJSON *json, const struct air_game *g)
{
	const char *const *m;
	cJSON *a = json_array();

	for (m = g->missions; *m; m++)
		json_push(a, cJSON_CreateString(*m));
	json_set(json, "missions", a);
}
