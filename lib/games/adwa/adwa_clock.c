/*
 * adwa_clock.c: the Italian side of the Adwa 1896 board (11): the end of
 * each round (the hours move on, one army below position 3 advances and
 * may gain 1, Italy forces battle at 72 hours), the attack roll after
 * every turn once all three armies stand in position (never on the turn
 * that closed them up), and the decisive battle taken from the board for
 * `umpire crt -g adwa --name GAME`.  The board itself: adwa_board.c.
 */
#include <stdio.h>
#include <string.h>

#include "crt.h"
#include "deck.h"
#include "err.h"
#include "games/adwa/adwa_board.h"
#include "out.h"

/* ---- the end of a round and the attack roll (11) ---- */

static int
board_or_refuse(const struct deck_state *s, struct adwa_board *b,
    struct adwa_report *r)
{
	if (adwa_board_get(s, b) < 0)
		return adwa_refuse(r, "game '%s' keeps no board (saved before umpire "
		    "kept one): give --positions and --hours", s->name);
	if (b->battle != ADWA_BATTLE_NONE)
		return adwa_refuse(r, "the battle has begun in game '%s' (%s): the "
		    "armies and the clock stand still (11)", s->name,
		    adwa_battle_name(b->battle));
	return ST_OK;
}

/* The procedure's dice: the player's first, then the game's; the JSON
 * details get them as "roll". */
static int
board_dice(struct deck_state *s, const struct adwa_input *in,
    struct adwa_defence *d, int *dice, struct adwa_report *r)
{
	int min, n = adwa_dice(in, &min), i;

	if (d->ndice > n)
		return adwa_refuse(r, "--roll: %s takes %d d6 here, not %d",
		    adwa_proc_name(in->proc), n, d->ndice);
	if (d->ndice && d->ndice < min)
		return adwa_refuse(r, "--roll: %s needs %d d6 here, not %d",
		    adwa_proc_name(in->proc), min, d->ndice);
	if (!r->json)
		r->json = json_object();
	json_set(r->json, "roll", json_array());
	for (i = 0; i < n; i++) {
		dice[i] = d->used < d->ndice ? d->dice[d->used++] :
		    dice_rng_face(&s->rng, 6);
		json_push(cJSON_GetObjectItemCaseSensitive(r->json, "roll"),
		    cJSON_CreateNumber(dice[i]));
	}
	return ST_OK;
}

static void
copy_steps(struct adwa_report *r, const struct adwa_result *res)
{
	size_t i;

	for (i = 0; i < res->steps.n; i++)
		adwa_step(&r->steps, res->steps.s[i].rule, "%s", res->steps.s[i].text);
}

int
adwa_board_round_end(struct deck_state *s, const struct adwa_tables *t,
    struct adwa_defence *d, struct adwa_report *r)
{
	struct adwa_input in = { .proc = ADWA_ADVANCE };
	int dice[ADWA_MAX_DICE], st, was_in;
	struct adwa_result res;
	struct adwa_board b;

	if ((st = board_or_refuse(s, &b, r)) != ST_OK)
		return st;
	if (!adwa_board_round_over(s) || b.rounds_ended >= s->round)
		return adwa_refuse(r, "advance out of turn: the Italian advance "
		    "comes at the end of a round, once its last commander has "
		    "acted or passed (11)%s", s->turn_no && b.rounds_ended ==
		    s->round ? "; this round's end is made already" : "");
	if (adwa_board_roll_due(s, &b))
		return adwa_refuse(r, "advance out of turn: the attack roll after "
		    "%s's turn comes first: umpire draw clock (11)",
		    s->p[s->turn].name);
	memcpy(in.positions, b.pos, sizeof in.positions);
	was_in = adwa_board_all_in(&b);
	if ((st = board_dice(s, &in, d, dice, r)) != ST_OK)
		return st;
	adwa_resolve(t, &in, dice, &res);
	b.hours += b.per_round;
	adwa_step(&r->steps, "11", "round %d is over: the clock moves %d hours on "
	    "to %d", s->round, b.per_round, b.hours);
	copy_steps(r, &res);
	if (res.army >= 0) {
		b.pos[res.army] = res.value;
		b.strength[res.army] += res.strength;
		adwa_report_str(r, "army", adwa_army[res.army]);
		adwa_report_num(r, "position", res.value);
		adwa_report_num(r, "gain", res.strength);
	}
	if (!was_in && adwa_board_all_in(&b)) {
		b.in_position_turn = s->turn_no;
		adwa_step(&r->steps, "11", "the attack rolls begin after turn %d",
		    s->turn_no + 1);
	}
	b.rounds_ended = s->round;
	snprintf(r->code, sizeof r->code, "%s", res.code);
	snprintf(r->text, sizeof r->text, "round %d ended at %d hours: %.120s",
	    s->round, b.hours, res.text);
	if (b.hours >= ADWA_FORCED_HOURS) {
		b.battle = ADWA_BATTLE_FORCED;
		adwa_step(&r->steps, "11", "%d hours: Italy forces the battle "
		    "(umpire draw battle fights it)", b.hours);
		snprintf(r->code, sizeof r->code, "forced");
		snprintf(r->text + strlen(r->text), sizeof r->text - strlen(r->text),
		    " Italy forces the battle.");
	}
	snprintf(r->log, sizeof r->log, "%s", r->text);
	adwa_report_num(r, "hours", b.hours);
	adwa_report_str(r, "battle", adwa_battle_name(b.battle));
	adwa_board_put(s, &b);
	r->changed = 1;
	return ST_OK;
}

int
adwa_board_clock(struct deck_state *s, const struct adwa_tables *t,
    struct adwa_defence *d, struct adwa_report *r)
{
	struct adwa_input in = { .proc = ADWA_CLOCK };
	int dice[ADWA_MAX_DICE], st;
	struct adwa_result res;
	struct adwa_board b;

	if ((st = board_or_refuse(s, &b, r)) != ST_OK)
		return st;
	if (!adwa_board_roll_due(s, &b)) {
		if (b.in_position_turn == 0)
			return adwa_refuse(r, "clock: no attack roll while the three "
			    "armies are not all in position (11)");
		if (s->turn_no <= b.in_position_turn)
			return adwa_refuse(r, "clock: no attack roll on the turn that "
			    "put the last army in position; the rolls begin after the "
			    "next commander's turn (11)");
		return adwa_refuse(r, "clock out of turn: the attack roll follows "
		    "each commander's turn once, after he has acted or passed "
		    "(11)");
	}
	memcpy(in.positions, b.pos, sizeof in.positions);
	in.hours = b.hours;
	if ((st = board_dice(s, &in, d, dice, r)) != ST_OK)
		return st;
	adwa_resolve(t, &in, dice, &res);
	copy_steps(r, &res);
	b.rolled_turn = s->turn_no;
	if (strcmp(res.code, "attack") == 0) {
		b.battle = ADWA_BATTLE_ITALY;
		adwa_step(&r->steps, "11", "the decisive battle begins (umpire "
		    "draw battle fights it)");
	}
	snprintf(r->code, sizeof r->code, "%s", res.code);
	snprintf(r->text, sizeof r->text, "after turn %d, at %d hours: %.120s",
	    s->turn_no, b.hours, res.text);
	snprintf(r->log, sizeof r->log, "attack roll %d: %s", dice[0], r->text);
	adwa_report_str(r, "battle", adwa_battle_name(b.battle));
	adwa_board_put(s, &b);
	r->changed = 1;
	return ST_OK;
}

/* ---- the battle (11) ---- */

void
adwa_board_battle(const struct deck_state *s, const struct adwa_board *b,
    struct adwa_battle *battle)
{
	size_t i;
	int k;

	memset(battle, 0, sizeof *battle);
	battle->neth = b->n;
	for (i = 0; i < b->n; i++) {
		struct adwa_command *c = &battle->eth[i];

		snprintf(c->name, sizeof c->name, "%s", b->f[i].name);
		c->strength = b->f[i].strength;
		/* 10, 11: an incapacitated command fights at 70% */
		c->incapacitated = adwa_of(s)->p[i].idle > 0;
		for (k = 0; k < ADWA_CONTINGENTS; k++)
			c->c[k] = b->f[i].half[k] == ADWA_STAGE_LOST ? ADWA_LOST :
			    b->f[i].half[k] == ADWA_STAGE_READY ? ADWA_READY :
			    ADWA_INCOMPLETE;
	}
	memcpy(battle->italy, b->strength, sizeof battle->italy);
	battle->reserve = b->reserve;
}

/* ---- the battle fought on the board (11) ---- */

int
adwa_board_begun(const struct deck_state *s)
{
	struct adwa_board b;

	return adwa_board_get(s, &b) == 0 && b.battle != ADWA_BATTLE_NONE;
}

/* 10: every role, shown after the battle; into the steps, the JSON and
 * the public line (the log keeps them: the game is over). */
static void
reveal_roles(const struct deck_state *s, struct adwa_report *r)
{
	cJSON *roles = json_object();
	size_t i, n = strlen(r->log);

	if (!adwa_of(s)->roles) {
		adwa_step(&r->steps, "10", "roles were not dealt by umpire: turn "
		    "the role cards over");
		return;
	}
	for (i = 0; i < s->np; i++) {
		const char *role = adwa_of(s)->p[i].role;

		json_set_str(roles, s->p[i].name, role);
		if (strcmp(role, "loyal") == 0)
			continue;
		adwa_step(&r->steps, "10", "%s was the %s", s->p[i].name, role);
		n += (size_t)snprintf(r->log + n, n < sizeof r->log ?
		    sizeof r->log - n : 0, "; %s was the %s", s->p[i].name, role);
	}
	adwa_step(&r->steps, "10", "every other commander was loyal");
	json_set(r->json, "roles", roles);
}

int
adwa_board_fight(struct deck_state *s, struct adwa_defence *d,
    struct adwa_report *r)
{
	struct adwa_battle_result res;
	struct adwa_battle battle;
	struct adwa_board b;
	int dice[2], i;
	size_t k;

	if (!r->json)
		r->json = json_object();
	if (adwa_board_get(s, &b) < 0)
		return adwa_refuse(r, "game '%s' keeps no board (saved before umpire "
		    "kept one): umpire crt -g adwa with the strengths", s->name);
	if (b.winner)
		return adwa_refuse(r, "the battle of game '%s' was fought, d6 %d for "
		    "Ethiopia and %d for Italy: %s won, and the result stands (11)",
		    s->name, b.eth_roll, b.ita_roll, b.winner == 1 ? "Ethiopia" :
		    "Italy");
	if (b.battle == ADWA_BATTLE_NONE)
		return adwa_refuse(r, "battle out of turn: the decisive battle begins "
		    "with an Attack on Italy, the Italian attack roll or 72 hours "
		    "(11)");
	if (d->ndice != 0 && d->ndice != 2)
		return adwa_refuse(r, "--roll: the battle takes two d6, Ethiopia's "
		    "and Italy's, not %d", d->ndice);
	json_set(r->json, "roll", json_array());
	for (i = 0; i < 2; i++) {
		dice[i] = d->used < d->ndice ? d->dice[d->used++] :
		    dice_rng_face(&s->rng, 6);
		json_push(cJSON_GetObjectItemCaseSensitive(r->json, "roll"),
		    cJSON_CreateNumber(dice[i]));
	}
	adwa_board_battle(s, &b, &battle);
	if (adwa_battle_resolve(&battle, dice[0], dice[1], &res) < 0)
		return adwa_refuse(r, "--roll: two faces of a d6, 1 to 6");
	for (k = 0; k < res.steps.n; k++)
		adwa_step(&r->steps, res.steps.s[k].rule, "%s", res.steps.s[k].text);
	b.eth_roll = dice[0];
	b.ita_roll = dice[1];
	b.winner = res.ethiopia_wins ? 1 : 2;
	adwa_board_put(s, &b);
	snprintf(r->code, sizeof r->code, "%s", res.ethiopia_wins ? "ethiopia" :
	    "italy");
	snprintf(r->text, sizeof r->text, "the decisive battle: %s wins (d6 %d "
	    "for Ethiopia, %d for Italy); the game is over", res.ethiopia_wins ?
	    "Ethiopia" : "Italy", dice[0], dice[1]);
	snprintf(r->log, sizeof r->log, "%s", r->text);
	adwa_report_str(r, "winner", r->code);
	reveal_roles(s, r);
	r->changed = 1;
	return ST_OK;
}

/* ---- the battle from a saved game (11) ---- */

int
adwa_board_crt_request(struct out_result *o, const cJSON *req, char *roll,
    size_t rolllen, int *roll_given, int *odds)
{
	static const char *const fields[] = { "game", "name", "roll", "odds",
		NULL };
	static const char *const theirs[] = { "attack", "defense", "reserve",
		NULL };
	char name[64];
	size_t i;
	int st;

	for (i = 0; theirs[i]; i++)
		if (cJSON_GetObjectItemCaseSensitive(req, theirs[i]))
			return out_fail(o, ST_USAGE, "%s: with --name the saved game's "
			    "board gives it", out_field_name(o, theirs[i], name));
	if ((st = crt_req_check(o, req, "adwa", fields)) != ST_OK ||
	    (st = crt_req_flag(o, req, "odds", odds)) != ST_OK ||
	    (st = crt_req_text(o, req, "roll", roll, rolllen, roll_given)) != ST_OK)
		return st;
	if (*odds && *roll_given)
		return out_fail(o, ST_USAGE, "--odds and --roll exclude each other: "
		    "--odds covers every roll");
	return ST_OK;
}

/* Load the saved game `name` with its board checked: ST_OK, or a status
 * (the deck layer reports its own; ours go to o->why). */
static int
load_board(const struct ctx *c, struct out_result *o, const char *name,
    struct deck_def *d, struct deck_state *s, struct adwa_board *b)
{
	char game[DECK_NAME_MAX];
	struct deck_file f;
	int st;

	if (!deck_name_ok(name))
		return out_fail(o, ST_USAGE, "--name: not a game name (lower-case "
		    "letters, digits, - and _): '%.40s'", name);
	if ((st = deck_file_init(&f, name)) != ST_OK)
		return st;
	if (!deck_file_exists(&f))
		return out_fail(o, ST_USAGE, "--name: no saved game '%s' (umpire "
		    "draw -g adwa new starts one)", name);
	if ((st = deck_file_game(&f, game)) != ST_OK)
		return st == ST_NO ? out_fail(o, ST_USAGE, "--name: no saved game "
		    "'%s'", name) : st;
	if (strcmp(game, "adwa") != 0)
		return out_fail(o, ST_USAGE, "--name: game '%s' is a game of %s, not "
		    "of adwa: '%s'", name, game, name);
	if ((st = deck_def_load(c, game, &adwa_deck_rules, d)) != ST_OK)
		return st;
	st = deck_file_load(&f, d, s);
	deck_file_close(&f);
	if (st == ST_NO)
		st = out_fail(o, ST_USAGE, "--name: no saved game '%s'", name);
	if (st != ST_OK) {
		deck_def_free(d);
		return st;
	}
	if (adwa_board_get(s, b) < 0) {
		deck_free(s);
		deck_def_free(d);
		return out_fail(o, ST_USAGE, "--name: game '%s' keeps no board (it "
		    "was saved before umpire kept one): give the strengths", name);
	}
	return ST_OK;
}

int
adwa_board_crt(const struct ctx *c, const cJSON *req, struct out_result *o,
    struct adwa_battle *battle, char *roll, size_t rolllen, int *given)
{
	static const char *const began[] = {
		[ADWA_BATTLE_NONE] = "it has not begun: the battle as the board "
		    "stands now",
		[ADWA_BATTLE_ATTACK] = "begun by an Attack on Italy",
		[ADWA_BATTLE_ITALY] = "begun by the Italian attack roll",
		[ADWA_BATTLE_FORCED] = "forced by Italy at 72 hours",
	};
	char name[64], fought[16];
	struct deck_state s;
	struct adwa_board b;
	struct deck_def d;
	int named, st;

	if ((st = crt_req_text(o, req, "name", name, sizeof name, &named)) != ST_OK)
		return st;
	if ((st = load_board(c, o, name, &d, &s, &b)) != ST_OK)
		return st;
	snprintf(fought, sizeof fought, "%d,%d", b.eth_roll, b.ita_roll);
	if (b.winner && roll && *given && strcmp(roll, fought) != 0) {
		deck_free(&s);
		deck_def_free(&d);
		return out_fail(o, ST_USAGE, "--roll: the battle of game '%s' was "
		    "fought with %s, and its result stands (11): '%s'", name,
		    fought, roll);
	}
	if (b.winner && roll) {
		snprintf(roll, rolllen, "%s", fought);
		*given = 1;
		out_step(o, "11", "the battle was fought: the dice it was fought "
		    "with, %s", fought);
	}
	adwa_board_battle(&s, &b, battle);
	out_step(o, "11", "the strengths of game '%s' after turn %d, %d hours: "
	    "%s", s.name, s.turn_no, b.hours, began[b.battle]);
	json_set_str(o->json, "name", s.name);
	json_set_str(o->json, "battle", adwa_battle_name(b.battle));
	deck_free(&s);
	deck_def_free(&d);
	return ST_OK;
}
