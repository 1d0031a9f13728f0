/*
 * adwa_draw_proc.c: the Adwa d6 procedures of `umpire draw` that need no saved
 * game, each with --roll and --odds: assassinate (2.1, 10), mutiny --held
 * (9; without --held, the turn's Mutiny step of a saved game), disgrace
 * (8), spy (6), advance and clock (11).  The dice are read through the
 * tables in rules/adwa/ (lib/games/adwa/adwa_proc.c).
 */
#include <stdio.h>
#include <string.h>

#include "deck.h"
#include "games/adwa/adwa_draw.h"
#include "err.h"
#include "games/adwa/adwa.h"
#include "games/adwa/adwa_board.h"
#include "log.h"
#include "out.h"

/* ---- the d6 procedures ---- */

static int
parse_positions(const char *text, int *pos)
{
	struct dice d = { ADWA_ARMIES, 4, 0 };
	int faces[ADWA_ARMIES], k;
	char why[128];
	const char *p;

	/* positions run 0-3: parsed as faces of a d4 shifted by one */
	for (p = text; *p; p++)
		if (*p != ',' && (*p < '0' || *p > '3'))
			break;
	if (*p == '\0') {
		char shifted[64];
		size_t i;

		snprintf(shifted, sizeof shifted, "%s", text);
		for (i = 0; shifted[i]; i++)
			if (shifted[i] != ',')
				shifted[i]++;
		if (strlen(text) < sizeof shifted &&
		    dice_parse_roll(&d, shifted, faces, why, sizeof why) == 0) {
			for (k = 0; k < ADWA_ARMIES; k++)
				pos[k] = faces[k] - 1;
			return ST_OK;
		}
	}
	return err(ST_USAGE, "--positions: not three positions from 0 (Start) "
	    "to 3 (in position), for %s, %s and %s: '%s'", adwa_army[0],
	    adwa_army[1], adwa_army[2], text);
}

static int
proc_input(const struct adwa_draw_request *r, const struct deck_def *d,
    struct adwa_input *in)
{
	static const enum adwa_proc map[] = {
		[ADWA_S_MUTINY] = ADWA_MUTINY, [ADWA_S_ASSASSINATE] = ADWA_ASSASSINATE,
		[ADWA_S_DISGRACE] = ADWA_DISGRACE, [ADWA_S_SPY] = ADWA_SPY,
		[ADWA_S_ADVANCE] = ADWA_ADVANCE, [ADWA_S_CLOCK] = ADWA_CLOCK,
	};
	int st, k;

	memset(in, 0, sizeof *in);
	in->proc = map[r->sub];
	in->healer = r->healer;
	in->held = r->held;
	in->hours = r->hours;
	in->first = r->first;
	/* the attack clock matters once all three stand in position (11) */
	for (k = 0; k < ADWA_ARMIES; k++)
		in->positions[k] = r->sub == ADWA_S_CLOCK ? ADWA_IN_POSITION : 0;
	if (r->positions && (st = parse_positions(r->positions, in->positions)) != ST_OK)
		return st;
	if (r->veto) {
		if (!adwa_is_imperial(d, r->veto))
			return err(ST_USAGE, "--veto: only Menelik or Taitu vetoes "
			    "(6): '%s'", r->veto);
		in->veto = 1;
	}
	return ST_OK;
}

static void
proc_header(struct adwa_draw_out *o, const struct adwa_tables *t, enum adwa_proc p,
    const struct adwa_input *in)
{
	const struct table *tb = adwa_proc_table(t, p);

	json_set_str(o->json, "rule", adwa_proc_rule(p));
	json_set_str(o->json, "table", tb->name);
	json_set_str(o->json, "table_source", tb->source);
	if (p == ADWA_MUTINY)
		json_set_num(o->json, "held", in->held);
	if (p == ADWA_ASSASSINATE) {
		json_set_bool(o->json, "healer", in->healer);
		json_set_bool(o->json, "veto", in->veto);
	}
	if (p == ADWA_ADVANCE || p == ADWA_CLOCK) {
		cJSON *pos = json_object();
		int k;

		for (k = 0; k < ADWA_ARMIES; k++)
			json_set_num(pos, adwa_army[k], in->positions[k]);
		json_set(o->json, "positions", pos);
	}
	if (p == ADWA_CLOCK) {
		json_set_num(o->json, "hours", in->hours);
		json_set_bool(o->json, "first", in->first);
	}
}

static int
proc_odds(struct ctx *c, const struct adwa_tables *t, const struct adwa_input *in)
{
	struct adwa_outcome outs[64];
	cJSON *arr = json_array();
	struct adwa_draw_out o;
	double total;
	size_t n, i;

	n = adwa_odds(t, in, outs, 64, &total);
	adwa_draw_out_init(&o, "adwa", adwa_proc_name(in->proc));
	proc_header(&o, t, in->proc, in);
	trail_title(o.t, adwa_proc_rule(in->proc), "Adwa 1896: %s, every roll "
	    "(%.0f equally likely)", adwa_proc_name(in->proc), total);
	for (i = 0; i < n; i++) {
		cJSON *j = json_object();

		trail_step(o.t, NULL, "%7.2f%%  %-16s %s", 100 * outs[i].ways / total,
		    outs[i].code, outs[i].text);
		json_set_str(j, "code", outs[i].code);
		json_set_str(j, "text", outs[i].text);
		json_set_num(j, "ways", outs[i].ways);
		json_set_num(j, "probability", outs[i].ways / total);
		json_push(arr, j);
	}
	json_set_num(o.json, "outcomes_total", total);
	json_set(o.json, "outcomes", arr);
	return adwa_draw_out_done(c, &o);
}

static int
proc_roll(struct ctx *c, const struct adwa_draw_request *r, const struct adwa_tables *t,
    const struct adwa_input *in)
{
	int dice[ADWA_MAX_DICE], given = 0, min, n = adwa_dice(in, &min), i, st;
	struct adwa_result res;
	cJSON *roll = json_array();
	struct adwa_draw_out o;

	if (r->roll) {
		if ((st = adwa_draw_parse_d6(r->roll, dice, ADWA_MAX_DICE, &given)) != ST_OK) {
			cJSON_Delete(roll);
			return st;
		}
		if (given < min || given > n) {
			cJSON_Delete(roll);
			if (n == 0)
				return err(ST_USAGE, "--roll: no die is rolled here: '%s'",
				    r->roll);
			return err(ST_USAGE, "--roll: %s needs %d%s d6 here: '%s'",
			    adwa_proc_name(in->proc), min, n > min ? " or one more" :
			    "", r->roll);
		}
	}
	for (i = given; i < n; i++)
		dice[i] = dice_rng_face(ctx_rng(c), 6);
	adwa_resolve(t, in, dice, &res);
	adwa_draw_out_init(&o, "adwa", adwa_proc_name(in->proc));
	proc_header(&o, t, in->proc, in);
	trail_title(o.t, NULL, "Adwa 1896: %s%s", adwa_proc_name(in->proc),
	    given ? " (your dice)" : "");
	for (i = 0; i < res.ndice; i++)
		json_push(roll, cJSON_CreateNumber(res.dice[i]));
	json_set(o.json, "roll", roll);
	json_set_str(o.json, "roll_source", res.ndice == 0 ? "none" :
	    given >= res.ndice ? "player" : given ? "mixed" : c->seeded ? "seed" :
	    "random");
	if (given && given < res.ndice)
		adwa_step(&res.steps, NULL, "umpire rolled the die you did not give");
	if (res.army >= 0)
		json_set_str(o.json, "army", adwa_army[res.army]);
	if (in->proc == ADWA_ASSASSINATE)
		json_set_num(o.json, "turns", res.value);
	if (in->proc == ADWA_ADVANCE && res.army >= 0) {
		json_set_num(o.json, "position", res.value);
		json_set_num(o.json, "strength", res.strength);
	}
	/* a last step that only says the result again is left to the result */
	if (res.steps.n && strcmp(res.steps.s[res.steps.n - 1].text, res.text) == 0)
		res.steps.n--;
	adwa_draw_out_steps(&o, &res.steps);
	adwa_draw_out_result(&o, adwa_proc_rule(in->proc), res.code, res.text);
	return adwa_draw_out_done(c, &o);
}

static int
do_mutiny_game(struct ctx *c, const struct adwa_draw_request *r)
{
	struct adwa_report rep = { 0 };
	struct adwa_defence def;
	int dice[ADWA_MAX_DICE], st;
	struct adwa_draw_session g;
	struct adwa_draw_out o;

	if ((st = adwa_draw_session_open(c, r, 1, 1, &g)) != ST_OK ||
	    (st = adwa_draw_defence(&g, r, dice, &def)) != ST_OK) {
		adwa_draw_session_free(&g);
		return st;
	}
	adwa_draw_out_init(&o, g.def.game, "mutiny");
	/* 9: one die a Mutiny held: the game log keeps no count of them */
	o.hide[0] = r->roll;
	adwa_draw_game_header(&o, &g, "Mutiny rolls");
	if (g.s.turn >= 0)
		json_set_str(o.json, "commander", g.s.p[g.s.turn].name);
	st = adwa_mutiny(&g.s, &g.t, &def, &rep);
	st = adwa_draw_finish(c, &g, &o, st, &rep, "mutiny", g.s.turn >= 0 ?
	    g.s.p[g.s.turn].name : NULL, "9");
	adwa_draw_session_free(&g);
	return st;
}

/*
 * advance and clock work on the saved game's board (adwa_draw_board.c)
 * when one is named or saved under the game's id and no --positions,
 * --hours, --first or --odds asks for the procedure alone: -1 for the
 * board, 0 for the procedure alone, or an error status.
 */
static int
board_mode(const struct ctx *c, const struct adwa_draw_request *r)
{
	int given = r->positions || (r->given & (ADWA_B(ADWA_O_HOURS) |
	    ADWA_B(ADWA_O_FIRST)));
	int alone = given || r->odds;
	struct deck_file f;
	int st;

	if (r->sub != ADWA_S_ADVANCE && r->sub != ADWA_S_CLOCK)
		return 0;
	if (r->name && given)
		return err(ST_USAGE, "--name works on the saved game's board: "
		    "%s does not apply with it", r->positions ? "--positions" :
		    r->first ? "--first" : "--hours");
	/* --odds on a saved game: the chances as its board stands (-2) */
	if (r->odds && !given && (r->name || c->saved))
		return -2;
	if (r->name || (c->saved && !alone))
		return -1;	/* a saved game's deck has its board */
	if (!alone && !c->game) {
		char names[1][DECK_NAME_MAX];
		size_t n;

		/* no game named: the saved one, if there is one */
		if ((st = adwa_draw_saved_games(names, 1, &n)) != ST_OK)
			return st;
		return n ? -1 : 0;
	}
	if (alone || !deck_name_ok(c->game))
		return 0;
	if ((st = deck_file_init(&f, c->game)) != ST_OK)
		return st;
	return deck_file_exists(&f) ? -1 : 0;
}

/*
 * 9: how many Mutiny cards a commander holds is his secret, and --held
 * says it, as --roll does (a die a card).  The game log gets the command
 * line with those values hidden, and no result (out_secret): words[]
 * holds the copy, for as long as lc lives.
 */
static void
hide_held(const struct ctx *c, struct ctx *lc, char **words, int max)
{
	static char held_eq[] = "--held=(secret)", roll_eq[] = "--roll=(secret)",
	    secret[] = "(secret)";
	int i;

	*lc = *c;
	lc->argc = c->argc < max ? c->argc : max;
	lc->argv = words;
	for (i = 0; i < lc->argc; i++) {
		words[i] = c->argv[i];
		if (strncmp(c->argv[i], "--held=", 7) == 0)
			words[i] = held_eq;
		else if (strncmp(c->argv[i], "--roll=", 7) == 0)
			words[i] = roll_eq;
		else if (i > 0 && (strcmp(c->argv[i - 1], "--held") == 0 ||
		    strcmp(c->argv[i - 1], "--roll") == 0))
			words[i] = secret;
	}
	out_secret("how many Mutiny cards a commander holds");
}

/* advance or clock --odds on a saved game: its board's positions and
 * hours (11), nothing changed. */
static int
board_odds(struct ctx *c, const struct adwa_draw_request *r)
{
	struct adwa_draw_session g;
	struct adwa_tables t;
	struct adwa_input in;
	struct adwa_board b;
	char why[200];
	int st;

	if ((st = adwa_draw_open(c, r->name, 0, 0, &g)) != ST_OK)
		goto done;
	if (adwa_board_get(&g.s, &b) < 0) {
		st = err(ST_USAGE, "game '%s' keeps no board: give --positions and "
		    "--hours", g.s.name);
		goto done;
	}
	if ((st = proc_input(r, &g.def, &in)) != ST_OK)
		goto done;
	memcpy(in.positions, b.pos, sizeof in.positions);
	in.hours = b.hours;
	if (adwa_input_check(&in, why, sizeof why) < 0) {
		st = err(ST_USAGE, "%s", why);
		goto done;
	}
	if ((st = adwa_tables_load(c, &t)) != ST_OK)
		goto done;
	st = proc_odds(c, &t, &in);
	adwa_tables_free(&t);
done:
	adwa_draw_session_free(&g);
	return st;
}

int
adwa_draw_procedure(struct ctx *c, const struct adwa_draw_request *r)
{
	struct adwa_tables t;
	struct adwa_input in;
	struct deck_def d;
	char why[200];
	int st;

	if (r->sub == ADWA_S_MUTINY && !(r->given & ADWA_B(ADWA_O_HELD))) {
		if (r->odds)
			return err(ST_USAGE, "mutiny --odds: say how many Mutiny "
			    "cards with --held");
		return do_mutiny_game(c, r);
	}
	if (r->sub == ADWA_S_MUTINY && (r->given & ADWA_B(ADWA_O_NAME)))
		return err(ST_USAGE, "--held rolls without a saved game: --name does "
		    "not apply");
	if ((st = board_mode(c, r)) != 0 && st != -2)
		return st < 0 ? adwa_draw_board_step(c, r->name, r->sub == ADWA_S_CLOCK ?
		    ADWA_BOARD_CLOCK : ADWA_BOARD_ADVANCE, r->roll) : st;
	if (st == -2)
		return board_odds(c, r);
	if ((st = deck_def_load(c, adwa_draw_game(c), &adwa_deck_rules, &d)) != ST_OK)
		return st;
	st = proc_input(r, &d, &in);
	deck_def_free(&d);
	if (st != ST_OK)
		return st;
	if (adwa_input_check(&in, why, sizeof why) < 0)
		return err(ST_USAGE, "%s", why);
	if ((st = adwa_tables_load(c, &t)) != ST_OK)
		return st;
	if (r->sub == ADWA_S_MUTINY && c->log) {
		struct ctx lc;
		char *words[LOG_WORDS_MAX];

		hide_held(c, &lc, words, LOG_WORDS_MAX);
		st = r->odds ? proc_odds(&lc, &t, &in) : proc_roll(&lc, r, &t,
		    &in);
	} else
		st = r->odds ? proc_odds(c, &t, &in) : proc_roll(c, r, &t, &in);
	adwa_tables_free(&t);
	return st;
}
