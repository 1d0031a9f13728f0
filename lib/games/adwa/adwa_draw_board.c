/*
 * adwa_draw_board.c: the board of a saved Adwa game, for `umpire draw`:
 * `draw board` shows it (each commander's contingents on the approach,
 * 4; the Italian armies, the reserve, the clock and the battle, 11), and
 * `draw advance` and `draw clock` make the end of a round and the attack
 * roll after a turn on it (11), with the player's --roll or the game's own
 * generator, each recorded in the game's log.  The board's rules are in
 * lib/games/adwa/adwa_board.c; this file opens the game, saves the change and
 * prints it.
 */
#include <stdio.h>
#include <string.h>

#include "deck.h"
#include "games/adwa/adwa_draw.h"
#include "err.h"
#include "games/adwa/adwa_board.h"
#include "out.h"

static void
step(struct trail *t, cJSON *steps, const char *rule, const char *text)
{
	cJSON *s = json_object();

	json_set_str(s, "text", text);
	json_set_str(s, "rule", rule);
	json_push(steps, s);
	trail_step(t, rule, "%s", text);
}

static void
set_result(struct trail *t, cJSON *json, const char *rule, const char *code,
    const char *text)
{
	cJSON *res = json_object();

	json_set_str(res, "code", code);
	json_set_str(res, "text", text);
	json_set(json, "result", res);
	trail_result(t, rule, "%s", text);
}

/* 11: readiness is the share of every contingent that is ready. */
static void
readiness(const struct adwa_board *b, int *ready, int *all)
{
	size_t i;
	int k;

	*ready = *all = 0;
	for (i = 0; i < b->n; i++)
		for (k = 0; k < ADWA_CONTINGENTS; k++) {
			*ready += b->f[i].half[k] == ADWA_STAGE_READY;
			(*all)++;
		}
}

static void
force_line(struct trail *t, cJSON *steps, const struct deck_state *s,
    const struct adwa_force *f, size_t i)
{
	char line[200], stages[64] = "", buf[16], lost[24];
	int k, n[3] = { 0, 0, 0 };

	for (k = 0; k < ADWA_CONTINGENTS; k++) {
		int h = f->half[k];

		strncat(stages, k ? " " : "", sizeof stages - strlen(stages) - 1);
		strncat(stages, adwa_stage_text(h, buf), sizeof stages -
		    strlen(stages) - 1);
		n[h == ADWA_STAGE_READY ? 0 : h == ADWA_STAGE_LOST ? 2 : 1]++;
	}
	snprintf(lost, sizeof lost, ", %d lost", n[2]);
	snprintf(line, sizeof line, "%s, army %d: stages %s (%d ready%s)%s",
	    f->name, f->strength, stages, n[0], n[2] ? lost : "",
	    s->p[i].out ? ", disgraced: they stay" : adwa_of(s)->p[i].idle ?
	    ", incapacitated: 70%" : "");
	step(t, steps, "4", line);
}

/* The board's lines and its JSON, as `draw board` and the steps show it. */
static void
board_out(struct trail *t, cJSON *json, cJSON *steps,
    const struct deck_state *s, const struct adwa_board *b)
{
	char line[300], why[240];
	int ready, all, k;
	size_t i;

	for (i = 0; i < b->n; i++)
		force_line(t, steps, s, &b->f[i], i);
	readiness(b, &ready, &all);
	snprintf(line, sizeof line, "readiness: %d of %d contingents ready, "
	    "%d%%%s", ready, all, all ? 100 * ready / all : 0,
	    2 * ready >= all ? "" : ": below 50%, Ethiopia cannot win");
	step(t, steps, "11", line);
	line[0] = '\0';
	for (k = 0; k < ADWA_ARMIES; k++)
		snprintf(line + strlen(line), sizeof line - strlen(line), "%s%s at "
		    "%d%s, strength %d", k ? "; " : "Italy: ", adwa_army[k], b->pos[k],
		    b->pos[k] == ADWA_IN_POSITION ? " (in position)" : "",
		    b->strength[k]);
	snprintf(line + strlen(line), sizeof line - strlen(line), "; reserve %d",
	    b->reserve);
	step(t, steps, "11", line);
	if (b->in_position_turn)
		snprintf(line, sizeof line, "clock: %d hours (%d a round; Italy "
		    "forces battle at %d); all in position after turn %d: an attack "
		    "roll after every turn from turn %d", b->hours, b->per_round,
		    ADWA_FORCED_HOURS, b->in_position_turn, b->in_position_turn + 1);
	else
		snprintf(line, sizeof line, "clock: %d hours (%d a round; Italy "
		    "forces battle at %d); no attack roll until all three armies "
		    "are in position", b->hours, b->per_round, ADWA_FORCED_HOURS);
	step(t, steps, "11", line);
	if (adwa_board_owed(s, why, sizeof why) != ST_OK) {
		/* the refusal of the draw, said as what comes next */
		const char *p = strstr(why, ": ");

		snprintf(line, sizeof line, "next: %s", p ? p + 2 : why);
		step(t, steps, "11", line);
	}
	json_set(json, "board", adwa_board_json(b));
	json_set_num(json, "ready", ready);
	json_set_num(json, "contingents", all);
	json_set_str(json, "owed", adwa_board_owed(s, why, sizeof why) == ST_OK ?
	    NULL : strstr(why, "clock") ? "clock" : "advance");
}

int
adwa_draw_board_show(struct ctx *c, const char *name)
{
	cJSON *json, *steps;
	struct adwa_board b;
	struct adwa_draw_session g;
	struct trail *t;
	char text[200];
	int st;

	if ((st = adwa_draw_open(c, name, 0, 0, &g)) != ST_OK) {
		adwa_draw_session_free(&g);
		return st;
	}
	t = trail_new();
	json = json_object();
	steps = json_array();
	json_set_str(json, "game", g.def.game);
	json_set_str(json, "procedure", "draw-board");
	json_set_str(json, "name", g.s.name);
	trail_title(t, NULL, "Adwa 1896: the board, game '%s'", g.s.name);
	if (adwa_board_get(&g.s, &b) < 0) {
		/* a game saved before umpire kept a board */
		json_set(json, "board", cJSON_CreateNull());
		snprintf(text, sizeof text, "game '%s' keeps no board: it was saved "
		    "before umpire kept one; mark the board on paper", g.s.name);
		set_result(t, json, NULL, "no-board", text);
	} else {
		board_out(t, json, steps, &g.s, &b);
		if (b.battle == ADWA_BATTLE_NONE)
			snprintf(text, sizeof text, "no battle yet, turn %d, round %d",
			    g.s.turn_no, g.s.round);
		else if (b.winner)
			snprintf(text, sizeof text, "the battle was fought, d6 %d and "
			    "%d: %s won; the game is over", b.eth_roll, b.ita_roll,
			    b.winner == 1 ? "Ethiopia" : "Italy");
		else
			snprintf(text, sizeof text, "the battle has begun (%s): umpire "
			    "draw battle fights it", adwa_battle_name(b.battle));
		set_result(t, json, "11", b.battle == ADWA_BATTLE_NONE ? "no-battle" :
		    b.winner ? "over" : "battle", text);
	}
	json_set(json, "steps", steps);
	adwa_draw_session_free(&g);
	return out_emit(c, json, t);
}

int
adwa_draw_board_step(struct ctx *c, const char *name, int what, const char *roll)
{
	static const char *const proc[] = { "advance", "clock", "battle" },
	    *const title[] = { "the end of a round", "the attack roll after a "
	    "turn", "the decisive battle" },
	    *const saved[] = { "the end of the round was saved", "the attack "
	    "roll was saved", "the battle was saved" };
	struct adwa_report rep = { 0 };
	struct adwa_defence def;
	int dice[ADWA_MAX_DICE], st;
	cJSON *json, *steps;
	struct adwa_board b;
	struct adwa_draw_session g;
	struct trail *t;
	size_t i;

	memset(&def, 0, sizeof def);
	def.veto = -1;
	def.dice = dice;
	if ((st = adwa_draw_open(c, name, 1, 1, &g)) != ST_OK ||
	    (roll && (st = adwa_draw_parse_d6(roll, dice, ADWA_MAX_DICE, &def.ndice)) != ST_OK))
		goto fail;
	st = what == ADWA_BOARD_BATTLE ? adwa_board_fight(&g.s, &def, &rep) :
	    what == ADWA_BOARD_CLOCK ? adwa_board_clock(&g.s, &g.t, &def, &rep) :
	    adwa_board_round_end(&g.s, &g.t, &def, &rep);
	if (st != ST_OK) {
		st = err(st, "%s", rep.why);
		goto fail;
	}
	if ((st = adwa_draw_session_commit(c, &g, proc[what],
	    NULL, rep.log, "11", NULL)) != ST_OK)
		goto fail;
	t = trail_new();
	json = json_object();
	steps = json_array();
	json_set_str(json, "game", g.def.game);
	json_set_str(json, "procedure", proc[what]);
	json_set_str(json, "name", g.s.name);
	json_set_str(json, "rule", "11");
	json_set_str(json, "roll_source", def.ndice == 0 ? (g.s.seeded ? "seed" :
	    "random") : def.used < cJSON_GetArraySize(
	    cJSON_GetObjectItemCaseSensitive(rep.json, "roll")) ? "mixed" :
	    "player");
	trail_title(t, NULL, "Adwa 1896: %s, game '%s'%s", title[what], g.s.name,
	    roll ? " (your dice)" : "");
	for (i = 0; i < rep.steps.n; i++)
		step(t, steps, rep.steps.s[i].rule, rep.steps.s[i].text);
	json_set(json, "details", rep.json);
	rep.json = NULL;
	adwa_board_get(&g.s, &b);
	json_set(json, "board", adwa_board_json(&b));
	json_set(json, "steps", steps);
	adwa_draw_part_tell(&g, t, json, 1);
	set_result(t, json, "11", rep.code, rep.text);
	adwa_draw_session_free(&g);
	return adwa_draw_emit_saved(c, json, t, saved[what]);
fail:
	cJSON_Delete(rep.json);
	adwa_draw_session_free(&g);
	return st;
}
