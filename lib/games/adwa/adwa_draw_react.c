/*
 * adwa_draw_react.c: the parts of `umpire draw` that answer and reveal: `react`,
 * the answer to an Assassin drawn (2.1, 6, 10) or a Veto of the last
 * action (6); `expose`, exposing the traitor (7); and every role shown at
 * once when a game ends (10).  The rules applied are in
 * lib/games/adwa/adwa_react.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "deck.h"
#include "games/adwa/adwa_draw.h"
#include "err.h"
#include "games/adwa/adwa.h"
#include "games/adwa/adwa_board.h"
#include "out.h"

static int
parse_answer(const char *word, enum adwa_answer *how)
{
	if (strcmp(word, "healer") == 0)
		*how = ADWA_ANSWER_HEALER;
	else if (strcmp(word, "veto") == 0)
		*how = ADWA_ANSWER_VETO;
	else if (strcmp(word, "none") == 0)
		*how = ADWA_ANSWER_NONE;
	else if (strcmp(word, "dignity") == 0)
		*how = ADWA_ANSWER_DIGNITY;
	else
		return err(ST_USAGE, "react: not an answer: '%s' (expected healer, "
		    "veto, dignity or none)", word);
	return ST_OK;
}

int
adwa_draw_react(struct ctx *c, const struct adwa_draw_request *r)
{
	struct adwa_report rep = { 0 };
	struct adwa_defence def;
	enum adwa_answer how = ADWA_ANSWER_NONE;
	int dice[ADWA_MAX_DICE], by = -1, st;
	struct adwa_draw_session g;
	struct adwa_draw_out o;

	if ((st = parse_answer(r->ops[0], &how)) != ST_OK)
		return st;
	if ((st = adwa_draw_session_open(c, r, 1, 1, &g)) != ST_OK ||
	    (r->by && (st = adwa_draw_commander(&g, "--by: ", r->by, &by)) != ST_OK) ||
	    (st = adwa_draw_defence(&g, r, dice, &def)) != ST_OK) {
		adwa_draw_session_free(&g);
		return st;
	}
	adwa_draw_out_init(&o, g.def.game, "draw-react");
	adwa_draw_game_header(&o, &g, "an answer");
	if (adwa_of(&g.s)->strike >= 0)
		json_set_str(o.json, "commander", g.s.p[adwa_of(&g.s)->strike].name);
	json_set_str(o.json, "answer", r->ops[0]);
	if ((how == ADWA_ANSWER_VETO && adwa_of(&g.s)->strike < 0 && by >= 0) ||
	    how == ADWA_ANSWER_DIGNITY) {
		/* a Veto of the last action, as `play veto --from` makes it,
		 * or Imperial Dignity */
		st = adwa_react(&g.s, &g.t, how, by, &def, &rep);
		st = adwa_draw_finish(c, &g, &o, st, &rep, how == ADWA_ANSWER_VETO ? "veto" :
		    "dignity", by >= 0 ? g.s.p[by].name : NULL, how ==
		    ADWA_ANSWER_VETO ? "6" : "4, 9");
	} else {
		st = adwa_react(&g.s, &g.t, how, by, &def, &rep);
		st = adwa_draw_finish(c, &g, &o, st, &rep, "react", by >= 0 ?
		    g.s.p[by].name : NULL, how == ADWA_ANSWER_VETO ? "6" : "2.1");
	}
	adwa_draw_session_free(&g);
	return st;
}

int
adwa_draw_expose(struct ctx *c, const struct adwa_draw_request *r)
{
	struct adwa_report rep = { 0 };
	struct adwa_draw_session g;
	struct adwa_draw_out o;
	int who, st;

	if ((st = adwa_draw_session_open(c, r, 1, 0, &g)) != ST_OK ||
	    (st = adwa_draw_acting(&g, r, &who)) != ST_OK) {
		adwa_draw_session_free(&g);
		return st;
	}
	adwa_draw_out_init(&o, g.def.game, "draw-expose");
	adwa_draw_game_header(&o, &g, "expose the traitor");
	json_set_str(o.json, "commander", g.s.p[who].name);
	rep.json = json_object();
	st = adwa_expose(&g.s, who, &rep);
	st = adwa_draw_finish(c, &g, &o, st, &rep, "expose", g.s.p[who].name, "7");
	adwa_draw_session_free(&g);
	return st;
}

/*
 * 10: all roles are shown after the battle.  The game being ended is read
 * once more for them, quietly: 1 when it is whole, 0 when it is damaged
 * (what a command on it would refuse), which shows no roles and whose
 * kept copy end leaves alone.
 */
int
adwa_draw_end_reveal(const struct ctx *c, const char *name, struct trail *t, cJSON *json)
{
	char why[256], *text = NULL;
	cJSON *root = NULL, *roles;
	const char *game;
	struct deck_state s;
	struct deck_def d;
	struct deck_file f;
	size_t len, i;
	int whole;

	memset(&d, 0, sizeof d);
	/* adwa is the one game with a deck (adwa_draw_game): another id is
	 * damage, and no definition is looked for, which would be reported */
	if (deck_file_init(&f, name) != ST_OK ||
	    deck_file_read(&f, &text, &len, why, sizeof why) != ST_OK ||
	    data_parse_json(text, len, &root, why, sizeof why) < 0 ||
	    !(game = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(root,
	    "game"))) || strcmp(game, "adwa") != 0 ||
	    deck_def_load(c, game, &adwa_deck_rules, &d) != ST_OK ||
	    deck_from_json(root, &d, &s, why, sizeof why) < 0) {
		deck_def_free(&d);
		cJSON_Delete(root);
		free(text);
		return 0;
	}
	whole = strcmp(s.name, name) == 0 &&
	    adwa_state_check(&s, why, sizeof why) == 0;
	if (whole && adwa_of(&s)->roles) {
		roles = json_object();
		trail_line(t, "every role, shown at the end of the game (10):");
		for (i = 0; i < s.np; i++) {
			trail_line(t, "  %-16s %s%s", s.p[i].name, adwa_of(&s)->p[i].role,
			    adwa_of(&s)->p[i].exposed ? " (exposed)" : "");
			json_set_str(roles, s.p[i].name, adwa_of(&s)->p[i].role);
		}
		json_set(json, "roles", roles);
	}
	deck_free(&s);
	deck_def_free(&d);
	cJSON_Delete(root);
	free(text);
	return whole;
}
