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
air_saved_open(struct air_req *a, const struct air_game *g)
{
	struct air_saved *sv = xmalloc(sizeof *sv);
	int st;

	memset(sv, 0, sizeof *sv);
	sv->game = g;
	sv->f.fd = -1;
	a->saved = sv;
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
	free(a->saved);
	a->saved = NULL;
}

int
air_saved_record(const struct air_req *a, const char *mission, char *said,
    size_t len, cJSON *json)
{
	struct air_saved *sv = a->saved;
	const char *p = a->unit;
	cJSON *rec = json_array();
	char id[AIR_ID_MAX];
	int st;

	while ((p = air_req_next_id(p, id)) != NULL) {
		if (air_state_record(&sv->s, id, mission, a->from) < 0) {
			cJSON_Delete(rec);
			return err(ST_USAGE, "too many missions in one turn in '%s' "
			    "(at most %d; --new-turn starts the next)", a->name,
			    AIR_STATE_FLIGHTS);
		}
		json_push(rec, cJSON_CreateString(id));
	}
	if ((st = air_state_save(&sv->f, &sv->s, sv->fresh ? NULL :
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

/* ---- the state commands ---- */

static void
show(struct trail *t, const struct air_game *g, const struct air_state *s)
{
	int i;

	if (g->phases)
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
	int i, j;

	s->turn++;
	s->phase = 1;
	s->nf = 0;
	s->nremoved = 0;
	for (i = j = 0; i < s->ngrounded; i++)
		if (s->grounded[i].turn >= s->turn)
			s->grounded[j++] = s->grounded[i];
	s->ngrounded = j;
	trail_step(t, g->turn_rule, "turn %d: every %s may fly again", s->turn,
	    g->flier);
	if (g->turned)
		g->turned(t, s);
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
		if (!sv->game->act)
			return err(ST_USAGE, "%s's saved missions have no such "
			    "command", sv->game->id);
		if ((st = sv->game->act(c, a, t)) != ST_OK)
			return st;
		break;
	}
	return air_state_save(&sv->f, &sv->s, sv->fresh ? NULL : &sv->before);
}

int
air_saved_act(const struct ctx *c, struct air_req *a, struct out_result *res)
{
	static const char *const names[] = { "", "status", "undo", "new-turn",
	    "new-phase", "build-field", "remove-field", "overrun" };
	const struct air_game *g = a->saved->game;
	int st;

	trail_title(res->trail, g->rule, "%s air missions '%s': %s", g->title,
	    a->name, names[a->act]);
	if ((st = act(c, a, res->trail)) != ST_OK)
		return st;
	show(res->trail, g, &a->saved->s);
	cJSON_Delete(res->json);
	res->json = air_state_json(&a->saved->s);
	json_set_str(res->json, "procedure", "airstrike-state");
	json_set_str(res->json, "action", names[a->act]);
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
