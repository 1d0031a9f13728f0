/*
 * adwa_draw_saved.c: the saved Adwa 1896 game as a whole: its status (each
 * commander's hand size, turn flags and incapacitation, the piles and the
 * board), its log, undo of the last change, the end of the game (asked
 * for at a terminal, with every role revealed, 1) and the list of saved
 * games.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "games/adwa/adwa_draw.h"
#include "data.h"
#include "deck.h"
#include "err.h"
#include "games/adwa/adwa.h"
#include "games/adwa/adwa_board.h"
#include "out.h"

static void
status_player(struct adwa_draw_out *o, const struct deck_state *s, size_t i, cJSON *arr)
{
	const struct deck_player *p = &s->p[i];
	const struct adwa_player *ap = &adwa_of(s)->p[i];
	cJSON *j = json_object();
	char line[200], state[80] = "";

	if (p->out)
		snprintf(state, sizeof state, "disgraced");
	else if (ap->idle)
		snprintf(state, sizeof state, "incapacitated, %d own turn%s to go",
		    ap->idle, ap->idle == 1 ? "" : "s");
	snprintf(line, sizeof line, "%s %-16s %2zu card%s  %s",
	    (int)i == s->turn ? ">" : " ", p->name, p->hand.n,
	    p->hand.n == 1 ? " " : "s", state);
	adwa_draw_out_step(o, p->out ? "8" : ap->idle ? "10" : "3", line);
	json_set_str(j, "name", p->name);
	json_set_num(j, "cards", (double)p->hand.n);
	json_set_bool(j, "disgraced", p->out);
	json_set_num(j, "incapacitated", ap->idle);
	json_push(arr, j);
}

int
adwa_draw_status(struct ctx *c, const struct adwa_draw_request *r)
{
	const struct deck_state *s;
	cJSON *players = json_array(), *turn = json_object();
	struct adwa_draw_session g;
	struct adwa_draw_out o;
	size_t i, held = 0;
	char line[300];
	int st;

	if ((st = adwa_draw_session_open(c, r, 0, 0, &g)) != ST_OK) {
		cJSON_Delete(players);
		cJSON_Delete(turn);
		adwa_draw_session_free(&g);
		return st;
	}
	s = &g.s;
	adwa_draw_out_init(&o, g.def.game, "draw-status");
	adwa_draw_game_header(&o, &g, "status");
	if (s->turn < 0)
		snprintf(line, sizeof line, "no turn yet: umpire draw begins %s's",
		    s->p[0].name);
	else
		snprintf(line, sizeof line, "turn %d, round %d: %s's turn (%s%s%s%s); "
		    "next step: %s", s->turn_no, s->round, s->p[s->turn].name,
		    adwa_of(s)->drawn ? "drawn" : "not drawn",
		    adwa_of(s)->exchanged ? ", exchanged" : "",
		    adwa_of(s)->rolled ? ", Mutiny step made" : "",
		    adwa_of(s)->acted ? ", ended" : "",
		    adwa_turn_step_name(adwa_turn_step(s)));
	adwa_draw_out_step(&o, "3", line);
	for (i = 0; i < s->np; i++) {
		status_player(&o, s, i, players);
		held += s->p[i].hand.n;
	}
	snprintf(line, sizeof line, "draw pile %zu, discard pile %zu, out of "
	    "play %zu, in hands %zu%s: %zu cards", s->draw.n, s->discard.n,
	    s->removed.n, held, s->locked.n ? ", locked in an exchange 1" : "",
	    s->draw.n + s->discard.n + s->removed.n + held + s->locked.n);
	adwa_draw_out_step(&o, "12", line);
	if (adwa_of(s)->x_from >= 0) {
		snprintf(line, sizeof line, "exchange under way: %s waits for a card "
		    "from %s", s->p[adwa_of(s)->x_from].name, s->p[adwa_of(s)->x_to].name);
		adwa_draw_out_step(&o, "2.2", line);
	}
	adwa_draw_out_step(&o, "1", adwa_of(s)->roles ? "roles dealt: umpire draw roles --show NAME" :
	    "roles not dealt (umpire draw roles deals them)");
	for (i = 0; i < s->np; i++)
		if (adwa_of(s)->p[i].exposed) {
			snprintf(line, sizeof line, "%s is exposed as the traitor",
			    s->p[i].name);
			adwa_draw_out_step(&o, "7", line);
			json_set_str(o.json, "exposed", s->p[i].name);
		}
	if (adwa_of(s)->strike >= 0) {
		snprintf(line, sizeof line, "an Assassin struck %s and waits for "
		    "%s answer: umpire draw react healer, react veto --by "
		    "COMMANDER, or react none", s->p[adwa_of(s)->strike].name,
		    adwa_his(s->p[adwa_of(s)->strike].name));
		adwa_draw_out_step(&o, "2.1", line);
		json_set_str(turn, "strike", s->p[adwa_of(s)->strike].name);
	}
	json_set_str(turn, "commander", s->turn >= 0 ? s->p[s->turn].name : NULL);
	json_set_num(turn, "number", s->turn_no);
	json_set_num(turn, "round", s->round);
	json_set_bool(turn, "drawn", adwa_of(s)->drawn);
	json_set_bool(turn, "exchanged", adwa_of(s)->exchanged);
	json_set_bool(turn, "rolled", adwa_of(s)->rolled);
	json_set_bool(turn, "acted", adwa_of(s)->acted);
	json_set_str(turn, "next", adwa_turn_step_name(adwa_turn_step(s)));
	json_set(o.json, "turn", turn);
	json_set(o.json, "commanders", players);
	json_set_num(o.json, "in_hands", (double)held);
	json_set_num(o.json, "cards", (double)(s->draw.n + s->discard.n +
	    s->removed.n + held + s->locked.n));
	json_set_bool(o.json, "roles", adwa_of(s)->roles);
	if (adwa_of(s)->x_from >= 0) {
		cJSON *x = json_object();

		json_set_str(x, "from", s->p[adwa_of(s)->x_from].name);
		json_set_str(x, "to", s->p[adwa_of(s)->x_to].name);
		json_set(o.json, "exchange", x);
	}
	adwa_draw_piles_json(o.json, s);
	adwa_draw_part_tell(&g, o.t, o.json, 0);
	snprintf(line, sizeof line, "%d cards, every one accounted for",
	    g.def.ncards);
	adwa_draw_out_result(&o, "12", "ok", line);
	adwa_draw_session_free(&g);
	return adwa_draw_out_done(c, &o);
}

int
adwa_draw_log(struct ctx *c, const struct adwa_draw_request *r)
{
	cJSON *entries = json_array(), *it;
	struct adwa_draw_session g;
	struct adwa_draw_out o;
	int st;

	if ((st = adwa_draw_session_open(c, r, 0, 0, &g)) != ST_OK) {
		cJSON_Delete(entries);
		adwa_draw_session_free(&g);
		return st;
	}
	adwa_draw_out_init(&o, g.def.game, "draw-log");
	adwa_draw_game_header(&o, &g, "log");
	cJSON_ArrayForEach(it, g.s.log) {
		const cJSON *text = cJSON_GetObjectItemCaseSensitive(it, "text");
		const cJSON *by = cJSON_GetObjectItemCaseSensitive(it, "by");
		cJSON *e = json_object();
		int n = (int)cJSON_GetObjectItemCaseSensitive(it, "n")->valuedouble;
		int turn = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(it,
		    "turn")) > 0 ? (int)cJSON_GetNumberValue(
		    cJSON_GetObjectItemCaseSensitive(it, "turn")) : 0;
		const char *op = cJSON_GetObjectItemCaseSensitive(it, "op")->valuestring;

		trail_line(o.t, "%5d  turn %-4d %-9s %s", n, turn, op,
		    cJSON_IsString(text) ? text->valuestring : "");
		json_set_num(e, "n", n);
		json_set_num(e, "turn", turn);
		json_set_str(e, "op", op);
		json_set_str(e, "by", cJSON_IsString(by) ? by->valuestring : NULL);
		json_set_str(e, "text", cJSON_IsString(text) ? text->valuestring : "");
		json_push(entries, e);
	}
	json_set(o.json, "entries", entries);
	adwa_draw_session_free(&g);
	return adwa_draw_out_done(c, &o);
}

int
adwa_draw_undo(struct ctx *c, const struct adwa_draw_request *r)
{
	struct adwa_draw_session g;
	cJSON *undone = NULL;
	struct adwa_draw_out o;
	char line[500];
	int st;

	if (c->saved)
		return adwa_draw_part_refuse(c, "undo", "umpire game undo takes "
		    "back its last step");
	if ((st = adwa_draw_session_open(c, r, 1, 0, &g)) != ST_OK)
		goto done;
	st = deck_undo(&g.f, &g.def, &g.s, &undone);
	if (st == ST_NO) {
		st = err(ST_USAGE, "nothing to undo in game '%s': it has just begun "
		    "(umpire draw end ends it)", g.s.name);
		goto done;
	}
	if (st != ST_OK)
		goto done;
	snprintf(line, sizeof line, "undone: %d. %s",
	    (int)cJSON_GetObjectItemCaseSensitive(undone, "n")->valuedouble,
	    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(undone, "text")) ?
	    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(undone, "text")) :
	    "");
	if ((st = deck_file_save(&g.f, &g.s)) != ST_OK)
		goto done;
	adwa_draw_out_init(&o, g.def.game, "draw-undo");
	adwa_draw_game_header(&o, &g, "undo");
	adwa_draw_piles_json(o.json, &g.s);
	adwa_draw_out_result(&o, NULL, "undone", line);
	st = adwa_draw_out_saved(c, &o, "the undo was saved");
done:
	cJSON_Delete(undone);
	adwa_draw_session_free(&g);
	return st;
}

/* Ask at a terminal; anywhere else, --yes is the only yes. */
static int
confirmed(const char *name)
{
	char answer[16];

	if (!isatty(STDIN_FILENO) || !isatty(STDERR_FILENO))
		return 0;
	fprintf(stderr, "end game '%s' and delete it for good? [y/N] ", name);
	if (!fgets(answer, sizeof answer, stdin))
		return 0;
	return answer[0] == 'y' || answer[0] == 'Y';
}

int
adwa_draw_end(struct ctx *c, const struct adwa_draw_request *r)
{
	char name[DECK_NAME_MAX], line[100];
	struct deck_file f;
	struct trail *t;
	cJSON *json;
	int st, keep;

	if (c->saved)
		return adwa_draw_part_refuse(c, "end", "umpire game end ends it "
		    "(umpire game delete deletes it)");
	if ((st = adwa_draw_game_name(c, r, name)) != ST_OK ||
	    (st = deck_file_init(&f, name)) != ST_OK)
		return st;
	if (!deck_file_exists(&f))
		return err(ST_USAGE, "no saved game '%s'", name);
	if (!r->yes && !confirmed(name))
		return err(ST_USAGE, "end deletes game '%s' for good: confirm with "
		    "--yes", name);
	/* a damaged game can be ended too: that is the way out of it */
	if ((st = deck_file_lock(&f)) != ST_OK)
		return st;
	t = trail_new();
	json = json_object();
	/* a damaged game's errors sent the player to its kept copy, the
	 * state before its last change: that copy outlives the end */
	keep = !adwa_draw_end_reveal(c, name, t, json) && access(f.good, F_OK) == 0;
	st = deck_file_remove(&f, keep);
	deck_file_close(&f);
	if (st != ST_OK) {
		cJSON_Delete(json);
		trail_free(t);
		return st;
	}
	snprintf(line, sizeof line, "game '%s' ended and deleted", name);
	trail_line(t, "%s", line);
	if (keep)
		trail_line(t, "it was damaged: the state before its last change "
		    "is kept in %s", f.good);
	json_set_str(json, "procedure", "draw-end");
	json_set_str(json, "name", name);
	json_set_bool(json, "deleted", 1);
	json_set_str(json, "kept", keep ? f.good : NULL);
	snprintf(line, sizeof line, "game '%s' was ended and deleted", name);
	return adwa_draw_emit_saved(c, json, t, line);
}

/* A line about a saved game for `list`, damaged ones included. */
static void
list_one(const struct ctx *c, const char *name, struct trail *t, cJSON *arr)
{
	char why[256] = "", game[DECK_NAME_MAX] = "?", *text = NULL;
	cJSON *o = json_object(), *root = NULL;
	struct deck_state s;
	struct deck_def d;
	struct deck_file f;
	size_t len;
	int ok = 0;

	memset(&d, 0, sizeof d);
	if (deck_file_init(&f, name) == ST_OK &&
	    deck_file_read(&f, &text, &len, why, sizeof why) == ST_OK &&
	    data_parse_json(text, len, &root, why, sizeof why) == 0) {
		const cJSON *g = cJSON_GetObjectItemCaseSensitive(root, "game");

		if (cJSON_IsString(g) && deck_name_ok(g->valuestring))
			snprintf(game, sizeof game, "%s", g->valuestring);
		if (deck_def_load(c, game, &adwa_deck_rules, &d) == ST_OK &&
		    deck_from_json(root, &d, &s, why, sizeof why) == 0) {
			ok = 1;
			trail_line(t, "%-20s %-6s %zu commanders, turn %d, round %d",
			    name, game, s.np, s.turn_no, s.round);
			json_set_num(o, "commanders", (double)s.np);
			json_set_num(o, "turn", s.turn_no);
			json_set_num(o, "round", s.round);
			deck_free(&s);
		}
	}
	if (!ok)
		trail_line(t, "%-20s %-6s damaged: %s", name, game, why);
	json_set_str(o, "name", name);
	json_set_str(o, "game", game);
	json_set_bool(o, "damaged", !ok);
	json_push(arr, o);
	deck_def_free(&d);
	cJSON_Delete(root);
	free(text);
}

int
adwa_draw_list(struct ctx *c)
{
	static char names[256][DECK_NAME_MAX];
	cJSON *json, *arr;
	struct trail *t;
	size_t n, i;
	int st;

	if ((st = adwa_draw_saved_games(names, 256, &n)) != ST_OK)
		return st;
	json = json_object();
	arr = json_array();
	t = trail_new();
	json_set_str(json, "procedure", "draw-list");
	for (i = 0; i < n; i++)
		list_one(c, names[i], t, arr);
	if (n == 0)
		trail_line(t, "no saved games (umpire draw -g adwa new starts one)");
	json_set(json, "games", arr);
	return out_emit(c, json, t);
}
