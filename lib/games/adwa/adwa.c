/*
 * adwa.c: Adwa 1896, the coalition card game of the Adwa campaign: the
 * game's entry, the names umpire gives the Italian armies, the trail of
 * steps every procedure keeps, and the decisive battle (11), both its
 * arithmetic and its form as `umpire crt -g adwa ETHIOPIA ITALY`.
 *
 * The rest of the game, with the sections of rules/adwa/reference.txt
 * each follows: the d6 procedures (2.1, 6, 8, 9, 10, 11) in adwa_proc.c;
 * the deck's draw, exchange and turn order (2, 3, 12) and the secret
 * roles (1) in adwa_deck.c; playing cards and Mutiny (4, 5, 6, 8, 9) in
 * adwa_play.c; the answers to an Assassin, the exposure and the Attack on
 * a commander in adwa_react.c; the order of a turn and the Veto in
 * adwa_turn.c; the board and the clock in adwa_board.c and adwa_clock.c;
 * what a saved game keeps beside the deck in adwa_state.c; and the
 * procedures of `umpire draw` (on the table below) in adwa_draw*.c.
 *
 * Where the text leaves a number or a method open, the choice made here is
 * marked "umpire's choice" and documented in umpire-draw(1).
 */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adwa.h"
#include "adwa_board.h"
#include "crt.h"
#include "err.h"
#include "games/game.h"
#include "opt.h"
#include "out.h"

/* umpire's names for the three armies, after their brigade commanders */
const char *const adwa_army[ADWA_ARMIES] = { "albertone", "arimondi", "dabormida" };

int
adwa_army_find(const char *name)
{
	int i;

	for (i = 0; i < ADWA_ARMIES; i++)
		if (strcmp(adwa_army[i], name) == 0)
			return i;
	return -1;
}

void
adwa_step(struct adwa_steps *st, const char *rule, const char *fmt, ...)
{
	va_list ap;

	if (st->n == ADWA_MAX_STEPS)
		return;
	st->s[st->n].rule = rule;
	va_start(ap, fmt);
	vsnprintf(st->s[st->n].text, sizeof st->s[st->n].text, fmt, ap);
	va_end(ap);
	st->n++;
}

/* A number as people write it: 9.6, not 9.600000. */
static const char *
num(double v, char buf[static 32])
{
	char *p;

	snprintf(buf, 32, "%.4f", v);
	p = buf + strlen(buf) - 1;
	while (*p == '0')
		*p-- = '\0';
	if (*p == '.')
		*p = '\0';
	return buf;
}

/* ---- the battle ---- */

int
adwa_battle_check(const struct adwa_battle *b, char *why, size_t whylen)
{
	size_t i;
	int k;

	if (b->neth < 1 || b->neth > ADWA_MAX_COMMANDERS) {
		snprintf(why, whylen, "1 to %d Ethiopian commanders expected",
		    ADWA_MAX_COMMANDERS);
		return -1;
	}
	for (i = 0; i < b->neth; i++) {
		if (b->eth[i].strength < 0 || b->eth[i].strength > 100000) {
			snprintf(why, whylen, "%s: strength %d is not from 0 to 100000",
			    b->eth[i].name, b->eth[i].strength);
			return -1;
		}
		for (k = 0; k < ADWA_CONTINGENTS; k++)
			if (b->eth[i].c[k] != ADWA_READY &&
			    b->eth[i].c[k] != ADWA_INCOMPLETE &&
			    b->eth[i].c[k] != ADWA_LOST) {
				snprintf(why, whylen, "%s: a contingent neither ready, "
				    "incomplete nor lost", b->eth[i].name);
				return -1;
			}
	}
	for (k = 0; k < ADWA_ARMIES; k++)
		if (b->italy[k] < 0 || b->italy[k] > 100000) {
			snprintf(why, whylen, "%s: strength %d is not from 0 to 100000",
			    adwa_army[k], b->italy[k]);
			return -1;
		}
	if (b->reserve < 0 || b->reserve > 100000) {
		snprintf(why, whylen, "reserve %d is not from 0 to 100000", b->reserve);
		return -1;
	}
	return 0;
}

/*
 * 11: an army counts by where its four contingents stand.  A ready one
 * gives its full quarter; an incomplete one "up to 20%": umpire's choice
 * is the full 20% of its quarter, the most the text allows, since the text
 * gives no scale below it; a lost one nothing.  In two-hundredths of a
 * strength point a ready quarter is 50 and an incomplete one 10; 70% of
 * them, for an incapacitated command, 35 and 7.
 */
static long
command_200(const struct adwa_command *cmd, int *ready, int *incomplete)
{
	long w = 0;
	int k;

	*ready = *incomplete = 0;
	for (k = 0; k < ADWA_CONTINGENTS; k++) {
		if (cmd->c[k] == ADWA_READY) {
			w += cmd->incapacitated ? 35 : 50;
			(*ready)++;
		} else if (cmd->c[k] == ADWA_INCOMPLETE) {
			w += cmd->incapacitated ? 7 : 10;
			(*incomplete)++;
		}
	}
	return (long)cmd->strength * w;
}

static void
battle_strengths(const struct adwa_battle *b, struct adwa_battle_result *r)
{
	char s1[32], s2[32];
	size_t i;
	int k;

	memset(r, 0, sizeof *r);
	for (i = 0; i < b->neth; i++) {
		const struct adwa_command *cmd = &b->eth[i];
		int ready, incomplete;
		long part = command_200(cmd, &ready, &incomplete);

		r->eth200 += part;
		r->ready += ready;
		r->contingents += ADWA_CONTINGENTS;
		adwa_step(&r->steps, "11", "%s: army %d, %d ready, %d incomplete, %d "
		    "lost%s = %s", cmd->name, cmd->strength, ready, incomplete,
		    ADWA_CONTINGENTS - ready - incomplete,
		    cmd->incapacitated ? ", incapacitated x 0.7" : "",
		    num((double)part / 200, s1));
	}
	r->ethiopia = (double)r->eth200 / 200;
	adwa_step(&r->steps, "11", "Ethiopia's strength %s", num(r->ethiopia, s1));
	for (k = 0; k < ADWA_ARMIES; k++)
		r->italy += b->italy[k];
	adwa_step(&r->steps, "11", "Italy: %d + %d + %d, reserve +%d = %ld",
	    b->italy[0], b->italy[1], b->italy[2], b->reserve, r->italy + b->reserve);
	r->italy += b->reserve;
	/* readiness: umpire's choice is the share of all contingents that are
	 * ready, disgraced commanders' included (8: they still count) */
	r->ready_enough = 2 * r->ready >= r->contingents;
	adwa_step(&r->steps, "11", "readiness %d of %d contingents ready = %s%%: "
	    "%s", r->ready, r->contingents,
	    num(100.0 * r->ready / r->contingents, s2),
	    r->ready_enough ? "at least 50%" : "below 50%, Ethiopia cannot win");
}

/* 0.8 + 0.07 x roll, in hundredths. */
static long
multiplier(int roll)
{
	return 80 + 7L * roll;
}

static int
ethiopia_wins(const struct adwa_battle_result *r, int e, int i)
{
	return r->ready_enough &&
	    r->eth200 * multiplier(e) >= r->italy * 200 * multiplier(i);
}

int
adwa_battle_resolve(const struct adwa_battle *b, int eth_roll, int ita_roll,
    struct adwa_battle_result *r)
{
	char s1[32], s2[32];

	if (eth_roll < 1 || eth_roll > 6 || ita_roll < 1 || ita_roll > 6)
		return -1;
	battle_strengths(b, r);
	r->eth_roll = eth_roll;
	r->ita_roll = ita_roll;
	r->eth_mult = (double)multiplier(eth_roll) / 100;
	r->ita_mult = (double)multiplier(ita_roll) / 100;
	r->eth_final = r->ethiopia * r->eth_mult;
	r->ita_final = (double)r->italy * r->ita_mult;
	adwa_step(&r->steps, "11", "Ethiopia rolls %d: x %s = %s", eth_roll,
	    num(r->eth_mult, s1), num(r->eth_final, s2));
	adwa_step(&r->steps, "11", "Italy rolls %d: x %s = %s", ita_roll,
	    num(r->ita_mult, s1), num(r->ita_final, s2));
	r->ethiopia_wins = ethiopia_wins(r, eth_roll, ita_roll);
	if (r->ethiopia_wins)
		adwa_step(&r->steps, "11", "Ethiopia wins: %s >= %s with readiness "
		    "at least 50%%", num(r->eth_final, s1), num(r->ita_final, s2));
	else if (!r->ready_enough)
		adwa_step(&r->steps, "11", "Italy wins: readiness below 50%%");
	else
		adwa_step(&r->steps, "11", "Italy wins: %s < %s",
		    num(r->eth_final, s1), num(r->ita_final, s2));
	return 0;
}

void
adwa_battle_odds(const struct adwa_battle *b, struct adwa_battle_result *r)
{
	char s1[32];
	int e, i;

	battle_strengths(b, r);
	for (e = 1; e <= 6; e++)
		for (i = 1; i <= 6; i++) {
			r->win[e - 1][i - 1] = ethiopia_wins(r, e, i);
			r->wins += r->win[e - 1][i - 1];
		}
	adwa_step(&r->steps, "11", "each side x (0.8 + 0.07 x its d6): Ethiopia "
	    "wins %d of the 36 pairs of rolls (%s%%)", r->wins,
	    num(100.0 * r->wins / 36, s1));
}

/* ---- the battle as `umpire crt -g adwa ETHIOPIA ITALY` (11) ---- */

static const char *const battle_fields[] = { "game", "attack", "defense",
	"roll", "odds", "reserve", "name", NULL };

/* "rril": one letter a contingent, ready, incomplete or lost. */
static int
parse_positions(const char *tag, enum adwa_position *c)
{
	int k;

	if (strlen(tag) != ADWA_CONTINGENTS)
		return -1;
	for (k = 0; k < ADWA_CONTINGENTS; k++)
		switch (tag[k]) {
		case 'r':
			c[k] = ADWA_READY;
			break;
		case 'i':
			c[k] = ADWA_INCOMPLETE;
			break;
		case 'l':
			c[k] = ADWA_LOST;
			break;
		default:
			return -1;
		}
	return 0;
}

/*
 * One Ethiopian command from "40:menelik:rrri:incap": the army's strength,
 * then in any order its commander's name, where its four contingents stand
 * (all ready when not given) and whether the commander is incapacitated.
 */
static int
read_command(struct out_result *o, const struct crt_unit *u, size_t i,
    struct adwa_command *cmd)
{
	int k, named = 0, placed = 0;

	memset(cmd, 0, sizeof *cmd);
	cmd->strength = u->cf;
	snprintf(cmd->name, sizeof cmd->name, "command %zu", i + 1);
	for (k = 0; k < u->ntags; k++) {
		const char *tag = u->tags[k];

		if (strcmp(tag, "incap") == 0)
			cmd->incapacitated = 1;
		else if (parse_positions(tag, cmd->c) == 0 && !placed)
			placed = 1;
		else if (!named && strspn(tag, "abcdefghijklmnopqrstuvwxyz-") ==
		    strlen(tag) && strlen(tag) != ADWA_CONTINGENTS) {
			snprintf(cmd->name, sizeof cmd->name, "%s", tag);
			named = 1;
		} else
			return out_fail(o, ST_USAGE, "bad command tag: '%s' (expected "
			    "a name, four of r/i/l such as rril, or incap)", tag);
	}
	return ST_OK;
}

static int
read_battle_request(struct out_result *o, const cJSON *req, struct adwa_battle *b,
    char *roll, size_t rolllen, int *roll_given, int *odds)
{
	struct crt_units eth, ita;
	char text[64], why[OUT_WHY];
	int st, given;
	size_t i, j;

	memset(b, 0, sizeof *b);
	/* --name: the strengths are the saved game's (adwa_board_crt) */
	if (cJSON_GetObjectItemCaseSensitive(req, "name"))
		return adwa_board_crt_request(o, req, roll, rolllen, roll_given,
		    odds);
	if ((st = crt_req_check(o, req, "adwa", battle_fields)) != ST_OK ||
	    (st = crt_req_units(o, req, "attack", &eth, 1)) != ST_OK ||
	    (st = crt_req_units(o, req, "defense", &ita, 1)) != ST_OK ||
	    (st = crt_req_flag(o, req, "odds", odds)) != ST_OK ||
	    (st = crt_req_text(o, req, "roll", roll, rolllen, roll_given)) != ST_OK ||
	    (st = crt_req_text(o, req, "reserve", text, sizeof text, &given)) != ST_OK)
		return st;
	if (*odds && *roll_given)
		return out_fail(o, ST_USAGE, "--odds and --roll exclude each other: "
		    "--odds covers every roll");
	if ((size_t)eth.n > ADWA_MAX_COMMANDERS)
		return out_fail(o, ST_USAGE, "%d Ethiopian commands: at most %d",
		    eth.n, ADWA_MAX_COMMANDERS);
	for (i = 0; i < (size_t)eth.n; i++) {
		if ((st = read_command(o, &eth.u[i], i, &b->eth[i])) != ST_OK)
			return st;
		/* 3: each commander has one army; twice would count it twice */
		for (j = 0; j < i; j++)
			if (strcmp(b->eth[j].name, b->eth[i].name) == 0)
				return out_fail(o, ST_USAGE, "the same commander twice: "
				    "'%s'", b->eth[i].name);
	}
	b->neth = (size_t)eth.n;
	if (ita.n != ADWA_ARMIES)
		return out_fail(o, ST_USAGE, "Italy: %d strengths given, expected %d "
		    "(%s, %s, %s)", ita.n, ADWA_ARMIES, adwa_army[0], adwa_army[1],
		    adwa_army[2]);
	for (i = 0; i < ADWA_ARMIES; i++) {
		if (ita.u[i].ntags)
			return out_fail(o, ST_USAGE, "Italy: army strengths take no "
			    "tags: '%s'", ita.u[i].tags[0]);
		b->italy[i] = ita.u[i].cf;
	}
	b->reserve = ADWA_RESERVE;
	if (given) {
		char *end;
		long v = strtol(text, &end, 10);

		if (*text < '0' || *text > '9' || *end || v > 999)
			return out_fail(o, ST_USAGE, "bad reserve: '%s' (expected a "
			    "whole number from 0 to 999)", text);
		b->reserve = (int)v;
	}
	if (adwa_battle_check(b, why, sizeof why) < 0)
		return out_fail(o, ST_USAGE, "%s", why);
	return ST_OK;
}

static void
battle_steps(struct out_result *o, const struct adwa_steps *st)
{
	size_t i;

	for (i = 0; i < st->n; i++)
		out_step(o, st->s[i].rule, "%s", st->s[i].text);
}

static cJSON *
winner_json(int ethiopia)
{
	cJSON *r = json_object();

	json_set_str(r, "code", ethiopia ? "ethiopia" : "italy");
	json_set_str(r, "text", ethiopia ? "Ethiopia wins the battle" :
	    "Italy wins the battle");
	return r;
}

static int
battle_odds(struct out_result *o, const struct adwa_battle *b)
{
	struct adwa_battle_result r;
	cJSON *outs = json_array(), *e;
	double p;

	adwa_battle_odds(b, &r);
	battle_steps(o, &r.steps);
	p = r.wins / 36.0;
	e = winner_json(1);
	json_set_num(e, "probability", p);
	json_push(outs, e);
	e = winner_json(0);
	json_set_num(e, "probability", 1 - p);
	json_push(outs, e);
	json_set_num(o->json, "attack", r.ethiopia);
	json_set_int(o->json, "defense", r.italy);
	json_set_bool(o->json, "automatic", 0);
	json_set(o->json, "outcomes", outs);
	json_set_str(o->json, "table_source", "rulebook");
	out_text(o, NULL, "Ethiopia wins %d of 36 (%.2f%%), Italy %d of 36 "
	    "(%.2f%%)", r.wins, 100 * p, 36 - r.wins, 100 * (1 - p));
	return ST_OK;
}

static int
battle_roll(struct out_result *o, struct ctx *c, const struct adwa_battle *b,
    const char *roll)
{
	static const struct dice two = { 2, 6, 0 };
	struct adwa_battle_result r;
	cJSON *rolls;
	char why[128];
	int faces[2];

	if (roll && dice_parse_roll(&two, roll, faces, why, sizeof why) < 0)
		return out_fail(o, ST_USAGE, "bad roll: '%s' (expected Ethiopia's "
		    "d6 then Italy's, like 4,3)", roll);
	if (!roll)
		dice_roll(&two, ctx_rng(c), faces);
	adwa_battle_resolve(b, faces[0], faces[1], &r);
	battle_steps(o, &r.steps);
	rolls = json_array();
	json_push(rolls, cJSON_CreateNumber(faces[0]));
	json_push(rolls, cJSON_CreateNumber(faces[1]));
	json_set_num(o->json, "attack", r.ethiopia);
	json_set_int(o->json, "defense", r.italy);
	json_set(o->json, "roll", rolls);
	json_set_str(o->json, "roll_source", crt_roll_source(c, roll));
	json_set_bool(o->json, "automatic", 0);
	json_set(o->json, "result", winner_json(r.ethiopia_wins));
	json_set_str(o->json, "table_source", "rulebook");
	out_result_line(o, "11", "result: %s wins the battle",
	    r.ethiopia_wins ? "Ethiopia" : "Italy");
	return ST_OK;
}

/*
 * The decisive battle (11): ATTACK is Ethiopia's commands, DEFENSE the
 * three Italian armies, whoever began it; the reserve joins Italy.
 */
static int
adwa_crt(struct ctx *c, const cJSON *req, struct out_result *o)
{
	struct adwa_battle b;
	char roll[64];
	int st, given, odds;

	if ((st = read_battle_request(o, req, &b, roll, sizeof roll, &given,
	    &odds)) != ST_OK ||
	    (b.neth == 0 && (st = adwa_board_crt(c, req, o, &b, odds ? NULL :
	    roll, sizeof roll, &given)) != ST_OK))
		return st;
	out_title(o, "Adwa 1896: the decisive battle%s", odds ?
	    ", every pair of rolls" : "");
	return odds ? battle_odds(o, &b) : battle_roll(o, c, &b, given ? roll :
	    NULL);
}

/* crt: battle_fields, --name among them (adwa_board_crt_request) */
static const struct opt crt_opts[] = {
	{ OPT_FIELD, 0, "reserve", "n", "Italy's reserve (default 8)", NULL },
	{ OPT_FIELD, 0, "name", "game", "the strengths of this saved game's "
	  "board (umpire draw)", "@decks" },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

static const struct game_proc procs[] = {
	{ "crt", adwa_crt, battle_fields, NULL, crt_opts, NULL },
	{ "draw", adwa_draw_run, NULL, NULL, NULL, NULL },
	{ "draw-words", adwa_draw_words_run, NULL, NULL, NULL, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL }
};

const struct game game_adwa = {
	.id = "adwa",
	.title = "Adwa 1896",
	.procs = procs,
};
