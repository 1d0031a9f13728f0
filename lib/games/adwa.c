/*
 * adwa.c: Adwa 1896, the coalition card game of the Adwa campaign.
 *
 * What is here, with the sections of rules/adwa/reference.txt it follows:
 *   the deck's rules on top of lib/deck.c: the turn's draw of up to two
 *     with recycling and Assassins (2.1, 12), the exchange (2.2), turn order
 *     (3), playing cards: single actions, personality pairs, reactions and
 *     the restricted cards (5, 6), Support (6), Withdraw's regroup draw (4),
 *     Disgrace (8), Mutiny (9), incapacitation (10); the answers to an
 *     Assassin, the exposure and the Attack on a commander are in
 *     adwa_react.c, the order of a turn and the Veto in adwa_turn.c;
 *   the secret roles (1);
 *   the d6 procedures: assassination (2.1, 10), Mutiny (9), Disgrace (8),
 *     Spy (6), the Italian advance and its reinforcement, the attack clock
 *     (11); their dice are read through the tables in rules/adwa/;
 *   the battle (11).
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
#include "game.h"
#include "out.h"

static int adwa_crt(struct ctx *c, const cJSON *req, struct crt_out *o);

const struct game game_adwa = {
	.id = "adwa",
	.title = "Adwa 1896",
	.crt = adwa_crt,
};

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

/* ---- the d6 procedures ---- */

static const struct {
	const char *name, *rule;
	int table;
} procs[ADWA_NPROCS] = {
	[ADWA_ASSASSINATE] = { "assassinate", "2.1", ADWA_T_ASSASSINATION },
	[ADWA_MUTINY] = { "mutiny", "9", ADWA_T_MUTINY },
	[ADWA_DISGRACE] = { "disgrace", "8", ADWA_T_DISGRACE },
	[ADWA_SPY] = { "spy", "6", ADWA_T_SPY },
	[ADWA_ADVANCE] = { "advance", "11", ADWA_T_REINFORCEMENT },
	[ADWA_CLOCK] = { "clock", "11", ADWA_T_CLOCK },
};

static const char *const table_names[ADWA_NTABLES] = {
	"assassination", "mutiny", "disgrace", "spy", "reinforcement",
	"attack-clock"
};

const char *
adwa_proc_name(enum adwa_proc p)
{
	return procs[p].name;
}

const char *
adwa_proc_rule(enum adwa_proc p)
{
	return procs[p].rule;
}

const struct table *
adwa_proc_table(const struct adwa_tables *t, enum adwa_proc p)
{
	return t->t[procs[p].table];
}

int
adwa_tables_load(const struct ctx *c, struct adwa_tables *t)
{
	int i, st;

	memset(t, 0, sizeof *t);
	for (i = 0; i < ADWA_NTABLES; i++)
		if ((st = table_load(c, "adwa", table_names[i], &t->t[i])) != ST_OK) {
			adwa_tables_free(t);
			return st;
		}
	return ST_OK;
}

void
adwa_tables_free(struct adwa_tables *t)
{
	int i;

	for (i = 0; i < ADWA_NTABLES; i++)
		if (t->t[i])
			table_free(t->t[i]);
	memset(t, 0, sizeof *t);
}

int
adwa_input_check(const struct adwa_input *in, char *why, size_t whylen)
{
	int k;

	if (in->held < 0 || in->held > 4) {
		/* 9: the deck holds four Mutiny cards */
		snprintf(why, whylen, "Mutiny cards held: %d is not from 0 to 4",
		    in->held);
		return -1;
	}
	for (k = 0; k < ADWA_ARMIES; k++)
		if (in->positions[k] < 0 || in->positions[k] > ADWA_IN_POSITION) {
			snprintf(why, whylen, "position %d is not from 0 (Start) to 3",
			    in->positions[k]);
			return -1;
		}
	if (in->hours < 0 || in->hours > 10000) {
		snprintf(why, whylen, "hours: %d is not from 0 to 10000", in->hours);
		return -1;
	}
	return 0;
}

static int
eligible_armies(const struct adwa_input *in, int *idx)
{
	int k, n = 0;

	/* 11: only armies below position 3 may advance */
	for (k = 0; k < ADWA_ARMIES; k++)
		if (in->positions[k] < ADWA_IN_POSITION)
			idx[n++] = k;
	return n;
}

static int
clock_due(const struct adwa_input *in)
{
	int idx[ADWA_ARMIES];

	return in->hours < ADWA_FORCED_HOURS && eligible_armies(in, idx) == 0 &&
	    !in->first;
}

int
adwa_dice(const struct adwa_input *in, int *min)
{
	int idx[ADWA_ARMIES], n = 0;

	switch (in->proc) {
	case ADWA_ASSASSINATE:
		n = in->healer || in->veto ? 0 : 1;
		break;
	case ADWA_MUTINY:
		/* one die per Mutiny, and one more to pick the army when one
		 * triggers */
		*min = in->held;
		return in->held ? in->held + 1 : 0;
	case ADWA_DISGRACE:
	case ADWA_SPY:
		n = 1;
		break;
	case ADWA_ADVANCE:
		n = eligible_armies(in, idx);
		n = n == 0 ? 0 : n == 1 ? 1 : 2;
		break;
	case ADWA_CLOCK:
		n = clock_due(in);
		break;
	case ADWA_NPROCS:
		break;
	}
	*min = n;
	return n;
}

/*
 * "At random" among k armies with a d6 (9, 11): umpire's choice is to
 * split the faces evenly, 1-2, 3-4, 5-6 among three and 1-3, 4-6 between
 * two, so that a player's own die can make the pick.
 */
static int
pick_army(const int *idx, int k, int die)
{
	return idx[(die - 1) * k / 6];
}

static const struct table_entry *
lookup(const struct adwa_tables *t, int table, int die)
{
	return table_lookup(t->t[table], 0, die);
}

static void
result_from(struct adwa_result *r, const struct table_entry *e)
{
	snprintf(r->code, sizeof r->code, "%s", e->code);
	snprintf(r->text, sizeof r->text, "%s", e->text);
}

static void
resolve_assassination(const struct adwa_tables *t, const struct adwa_input *in,
    const int *dice, struct adwa_result *r)
{
	const struct table_entry *e;

	if (in->healer || in->veto) {
		snprintf(r->code, sizeof r->code, "%s", in->healer ? "healed" : "vetoed");
		snprintf(r->text, sizeof r->text, "%s stops the Assassin: no wound.",
		    in->healer ? "The victim's Healer" : "An imperial Veto");
		adwa_step(&r->steps, in->healer ? "2.1" : "6", "%s", r->text);
		return;
	}
	r->ndice = 1;
	e = lookup(t, ADWA_T_ASSASSINATION, dice[0]);
	result_from(r, e);
	r->value = dice[0];
	adwa_step(&r->steps, "2.1", "no Healer, no Veto: d6 = %d", dice[0]);
	adwa_step(&r->steps, "10", "the turn of the wound does not count");
}

static void
resolve_mutiny(const struct adwa_tables *t, const struct adwa_input *in,
    const int *dice, struct adwa_result *r)
{
	int all[ADWA_ARMIES] = { 0, 1, 2 }, i, first = -1;

	if (in->held == 0) {
		snprintf(r->code, sizeof r->code, "none-held");
		snprintf(r->text, sizeof r->text, "No Mutiny held: no roll.");
		return;
	}
	r->ndice = in->held;
	for (i = 0; i < in->held; i++) {
		const struct table_entry *e = lookup(t, ADWA_T_MUTINY, dice[i]);

		adwa_step(&r->steps, "9", "Mutiny %d of %d: d6 = %d, %s", i + 1,
		    in->held, dice[i], strcmp(e->code, "mutiny") == 0 ?
		    (first < 0 ? "triggers" : "a second 1, ignored: one Mutiny "
		    "a turn") : "holds");
		if (first < 0 && strcmp(e->code, "mutiny") == 0)
			first = i;
	}
	if (first < 0) {
		snprintf(r->code, sizeof r->code, "holds");
		snprintf(r->text, sizeof r->text, "No Mutiny triggers: the cards stay "
		    "in hand and the ordinary action remains.");
		return;
	}
	r->ndice = in->held + 1;
	r->army = pick_army(all, ADWA_ARMIES, dice[in->held]);
	r->strength = 5;
	adwa_step(&r->steps, "9", "d6 = %d picks the Italian army: %s",
	    dice[in->held], adwa_army[r->army]);
	snprintf(r->code, sizeof r->code, "mutiny");
	snprintf(r->text, sizeof r->text, "One Mutiny is spent in place of the "
	    "ordinary action; a contingent defects and %s gains 5 strength.",
	    adwa_army[r->army]);
	adwa_step(&r->steps, "9", "Imperial Dignity may cancel the defection; card "
	    "and action stay spent");
}

static void
resolve_advance(const struct adwa_tables *t, const struct adwa_input *in,
    const int *dice, struct adwa_result *r)
{
	int idx[ADWA_ARMIES], k = eligible_armies(in, idx), d = 0, pos, i;
	const struct table_entry *e;

	if (k == 0) {
		snprintf(r->code, sizeof r->code, "in-position");
		snprintf(r->text, sizeof r->text, "All three armies are in position: "
		    "no movement and no reinforcement.");
		adwa_step(&r->steps, "11", "%s", r->text);
		return;
	}
	if (k > 1) {
		r->army = pick_army(idx, k, dice[d]);
		adwa_step(&r->steps, "11", "d6 = %d picks one of the %d armies below "
		    "position 3: %s", dice[d], k, adwa_army[r->army]);
		d++;
	} else {
		r->army = idx[0];
		adwa_step(&r->steps, "11", "only %s is below position 3",
		    adwa_army[r->army]);
	}
	pos = in->positions[r->army] + 1;
	r->value = pos;
	e = lookup(t, ADWA_T_REINFORCEMENT, dice[d]);
	r->strength = strcmp(e->code, "reinforced") == 0;
	adwa_step(&r->steps, "11", "%s advances from %d to %d%s; reinforcement "
	    "d6 = %d: %s", adwa_army[r->army], pos - 1, pos,
	    pos == ADWA_IN_POSITION ? " (in position)" : "", dice[d], e->code);
	r->ndice = d + 1;
	snprintf(r->code, sizeof r->code, "%s", e->code);
	snprintf(r->text, sizeof r->text, "%s advances to position %d%s and %s.",
	    adwa_army[r->army], pos, pos == ADWA_IN_POSITION ? " (in position)" : "",
	    r->strength ? "gains 1 strength" : "gains nothing");
	for (i = 0; i < ADWA_ARMIES; i++)
		if (i != r->army && in->positions[i] < ADWA_IN_POSITION)
			return;
	if (pos == ADWA_IN_POSITION)
		adwa_step(&r->steps, "11", "all three armies now in position: an "
		    "Italian attack is possible; the attack rolls begin after the "
		    "next commander's turn");
}

static void
resolve_clock(const struct adwa_tables *t, const struct adwa_input *in,
    const int *dice, struct adwa_result *r)
{
	int idx[ADWA_ARMIES];
	const struct table_entry *e;

	if (in->hours >= ADWA_FORCED_HOURS) {
		snprintf(r->code, sizeof r->code, "forced");
		snprintf(r->text, sizeof r->text, "At %d hours Italy forces the "
		    "battle: no roll.", in->hours);
	} else if (eligible_armies(in, idx) > 0) {
		snprintf(r->code, sizeof r->code, "not-in-position");
		snprintf(r->text, sizeof r->text, "Not all three armies are in "
		    "position: no attack roll.");
	} else if (in->first) {
		snprintf(r->code, sizeof r->code, "first-turn");
		snprintf(r->text, sizeof r->text, "No attack roll on the turn that "
		    "put the last army in position; the rolls begin after the next "
		    "commander's turn.");
	} else {
		r->ndice = 1;
		e = lookup(t, ADWA_T_CLOCK, dice[0]);
		result_from(r, e);
		adwa_step(&r->steps, "11", "all three armies in position, %d hours: "
		    "d6 = %d", in->hours, dice[0]);
		return;
	}
	adwa_step(&r->steps, "11", "%s", r->text);
}

void
adwa_resolve(const struct adwa_tables *t, const struct adwa_input *in,
    const int *dice, struct adwa_result *r)
{
	const struct table_entry *e;
	int i, min, n = adwa_dice(in, &min);

	memset(r, 0, sizeof *r);
	r->army = -1;
	for (i = 0; i < n && i < ADWA_MAX_DICE; i++)
		r->dice[i] = dice[i];
	switch (in->proc) {
	case ADWA_ASSASSINATE:
		resolve_assassination(t, in, dice, r);
		break;
	case ADWA_MUTINY:
		resolve_mutiny(t, in, dice, r);
		break;
	case ADWA_DISGRACE:
	case ADWA_SPY:
		r->ndice = 1;
		e = lookup(t, in->proc == ADWA_SPY ? ADWA_T_SPY : ADWA_T_DISGRACE,
		    dice[0]);
		result_from(r, e);
		adwa_step(&r->steps, procs[in->proc].rule, "d6 = %d: %s", dice[0],
		    e->code);
		break;
	case ADWA_ADVANCE:
		resolve_advance(t, in, dice, r);
		break;
	case ADWA_CLOCK:
		resolve_clock(t, in, dice, r);
		break;
	case ADWA_NPROCS:
		break;
	}
}

size_t
adwa_odds(const struct adwa_tables *t, const struct adwa_input *in,
    struct adwa_outcome *out, size_t max, double *total)
{
	int dice[ADWA_MAX_DICE], min, n = adwa_dice(in, &min), i;
	size_t nout = 0, j;
	struct adwa_result r;

	*total = 1;
	for (i = 0; i < n; i++) {
		dice[i] = 1;
		*total *= 6;
	}
	/* every one of the 6^n rolls, counted like an odometer */
	for (;;) {
		adwa_resolve(t, in, dice, &r);
		for (j = 0; j < nout; j++)
			if (strcmp(out[j].code, r.code) == 0 &&
			    strcmp(out[j].text, r.text) == 0)
				break;
		if (j == nout && nout < max) {
			snprintf(out[j].code, sizeof out[j].code, "%s", r.code);
			snprintf(out[j].text, sizeof out[j].text, "%s", r.text);
			out[j].ways = 0;
			nout++;
		}
		if (j < nout)
			out[j].ways++;
		for (i = n - 1; i >= 0 && dice[i] == 6; i--)
			dice[i] = 1;
		if (i < 0)
			break;
		dice[i]++;
	}
	return nout;
}

/* ---- the deck ---- */

int
adwa_refuse(struct adwa_report *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->why, sizeof r->why, fmt, ap);
	va_end(ap);
	return ST_USAGE;
}

void
adwa_order(char **names, size_t n, struct rng *r)
{
	size_t i;

	/* 3: a new game shuffles the commanders; the first of that order
	 * begins, and the order stays for the whole game */
	for (i = n; i > 1; i--) {
		size_t j = (size_t)rng_face(r, (int)i) - 1;
		char *t = names[i - 1];

		names[i - 1] = names[j];
		names[j] = t;
	}
}

static const char *
pname(const struct deck_state *s, int i)
{
	return s->p[i].name;
}

static int
kind_id(const struct deck_state *s, const char *id)
{
	return deck_kind_find(s->def, id);
}

static void
push_card(cJSON *arr, const struct deck_state *s, int card)
{
	cJSON *o = json_object();

	json_set_str(o, "card", deck_card_id(s, card));
	json_set_num(o, "id", card);
	json_push(arr, o);
}

/* The turn passes to the next commander still in command (3). */
static void
begin_turn(struct deck_state *s, struct adwa_report *r)
{
	int next, old = s->turn;
	size_t i;

	if (s->turn_no > 0) {
		struct deck_player *p = &s->p[old];

		/* 10: the turn of a fresh wound does not count */
		if (p->idle > 0 && p->idle_from != s->turn_no) {
			p->idle--;
			adwa_step(&r->steps, "10", "%s has sat out another of %s turns: "
			    "%d to go", p->name, adwa_his(p->name), p->idle);
		}
		next = deck_next_player(s, old);
		if (next < 0)
			next = old;
		if (next <= old) {
			adwa_step(&r->steps, "11", "round %d is over: the hours advance "
			    "and an Italian army advances (umpire draw advance)",
			    s->round);
			s->round++;
		}
	} else {
		for (i = 0, next = 0; i < s->np && s->p[i].out; i++)
			next = (int)i + 1;
		s->round = 1;
	}
	s->turn = next;
	s->turn_no++;
	s->drawn = s->exchanged = s->rolled = s->acted = 0;
	adwa_step(&r->steps, "3", "turn %d, round %d: %s's turn", s->turn_no,
	    s->round, pname(s, next));
	if (s->p[next].idle > 0)
		adwa_step(&r->steps, "10", "%s is incapacitated (%d own turn%s to "
		    "go): %s draws and exchanges but takes no ordinary action",
		    pname(s, next), s->p[next].idle, s->p[next].idle == 1 ? "" : "s",
		    adwa_he(pname(s, next)));
}

/* "an advance", "an attack", "a veto". */
static const char *
article(const char *id)
{
	return id[0] && strchr("aeiou", id[0]) ? "an " : "a ";
}

static int
take_kind(struct deck_state *s, struct pile *from, int kind, struct pile *to)
{
	int pos = pile_find(from, s->def, kind);

	if (pos < 0)
		return -1;
	pile_push(to, pile_take(from, (size_t)pos));
	return 0;
}

/*
 * An Assassin drawn by `who` strikes at once (2.1): a standing answer
 * given with the draw (--healer, --veto) is applied if its card is in
 * hand now; otherwise the strike waits for the answer (adwa_react.c).
 * Returns 1 when it waits.
 */
static int
assassin(struct deck_state *s, const struct adwa_tables *t, int who,
    struct adwa_defence *def, struct adwa_report *r)
{
	struct deck_player *p = &s->p[who];
	struct adwa_report sub = { 0 };
	enum adwa_answer how = ADWA_ANSWER_NONE;
	size_t i;

	adwa_step(&r->steps, "2.1", "an Assassin, shown to all, strikes %s at once "
	    "and then leaves play for good", p->name);
	s->strike = who;
	if (def->healer)
		how = ADWA_ANSWER_HEALER;
	else if (def->veto >= 0)
		how = ADWA_ANSWER_VETO;
	if (how != ADWA_ANSWER_NONE &&
	    adwa_strike_resolve(s, t, how, def->veto, 0, &sub) == ST_OK) {
		for (i = 0; i < sub.steps.n; i++)
			adwa_step(&r->steps, sub.steps.s[i].rule, "%s",
			    sub.steps.s[i].text);
		adwa_step(&r->steps, "2.1", "the answer given with the draw: %s",
		    sub.log);
		return 0;
	}
	if (how != ADWA_ANSWER_NONE)
		adwa_step(&r->steps, "2.1", "the answer given with the draw cannot "
		    "be made: %s", sub.why);
	adwa_step(&r->steps, "2.1", "the game waits for %s answer: umpire draw "
	    "react healer, react veto --by COMMANDER, or react none", adwa_his(p->name));
	return 1;
}

int
adwa_draw(struct deck_state *s, const struct adwa_tables *t, int who, int n,
    int turn, struct adwa_defence *def, struct adwa_report *r)
{
	cJSON *cards = json_array(), *hits = json_array();
	int i, got = 0, recycled = 0, said = 0, st, stopped = 0, healed = 0;

	if (!r->json)
		r->json = json_object();
	json_set(r->json, "cards", cards);
	json_set(r->json, "assassins", hits);
	if (turn != ADWA_DRAW_REST &&
	    (st = adwa_strike_refuse(s, "draw", r)) != ST_OK)
		return st;
	if (turn == ADWA_DRAW_TURN) {
		/* 2, 3: a turn begins only once the last has acted or passed */
		if ((st = adwa_turn_allow(s, ADWA_AT_DRAW, "draw", r->why,
		    sizeof r->why)) != ST_OK ||
		    (st = adwa_board_owed(s, r->why, sizeof r->why)) != ST_OK)
			return st;
		begin_turn(s, r);
		who = s->turn;
	}
	if (s->p[who].out)
		return adwa_refuse(r, "'%s' is disgraced and draws no more cards (8)",
		    pname(s, who));
	for (i = 0; i < n; i++) {
		size_t waiting = s->discard.n;
		int card = deck_draw_top(s, &recycled);

		if (recycled && !said) {
			adwa_step(&r->steps, "2.1", "the draw pile is empty: the %zu "
			    "discarded cards are shuffled into it", waiting);
			said = 1;
		}
		if (card < 0) {
			adwa_step(&r->steps, "2.1", "both piles are empty: %s draws "
			    "%s and the turn goes on", pname(s, who),
			    got ? "no more" : "nothing");
			break;
		}
		if (deck_card_kind(s, card)->reveal) {
			push_card(hits, s, card);
			if (assassin(s, t, who, def, r)) {
				/* 2.1: it strikes at once; the draw waits */
				s->owed = n - i - 1;
				stopped = 1;
				break;
			}
			healed++;
			continue;
		}
		pile_push(&s->p[who].hand, card);
		push_card(cards, s, card);
		got++;
	}
	if (turn == ADWA_DRAW_TURN)
		s->drawn = 1;
	json_set_bool(r->json, "recycled", said);
	json_set_bool(r->json, "waiting", stopped);
	if (got) {
		char list[160] = "";
		cJSON *it;

		cJSON_ArrayForEach(it, cards) {
			strncat(list, list[0] ? ", " : "", sizeof list - strlen(list) - 1);
			strncat(list, cJSON_GetObjectItemCaseSensitive(it, "card")->valuestring,
			    sizeof list - strlen(list) - 1);
		}
		adwa_step(&r->steps, "2.1", "%s draws %s", pname(s, who), list);
	}
	snprintf(r->code, sizeof r->code, stopped ? "waiting" : "drew-%d", got);
	snprintf(r->text, sizeof r->text, "%s drew %d card%s%s%s%s%s",
	    pname(s, who), got, got == 1 ? "" : "s", healed == 1 ? "; an "
	    "Assassin struck and was stopped" : healed == 2 ? "; two Assassins "
	    "struck and were stopped" : "", stopped ? "; an Assassin struck " : "",
	    stopped ? pname(s, who) : "", stopped ? " and waits for an answer" :
	    "");
	snprintf(r->log, sizeof r->log, "%s%s%s", r->text,
	    said ? "; the discards were recycled" : "",
	    turn == ADWA_DRAW_EXTRA ? " (an extra draw)" : "");
	r->changed = 1;
	return ST_OK;
}

int
adwa_exchange(struct deck_state *s, int from, int to, int kind,
    struct adwa_report *r)
{
	const char *id = s->def->kinds[kind].id;

	if (adwa_strike_refuse(s, "exchange", r) != ST_OK)
		return ST_USAGE;
	if (s->p[from].out)
		return adwa_refuse(r, "'%s' is disgraced and exchanges nothing (8)",
		    pname(s, from));
	if (s->x_from >= 0) {
		int c1;

		if (from != s->x_to || to != s->x_from)
			return adwa_refuse(r, "an exchange is under way: %s must pick a card "
			    "for %s (2.2)", pname(s, s->x_to), pname(s, s->x_from));
		if (take_kind(s, &s->p[from].hand, kind, &s->p[s->x_from].hand) < 0)
			return adwa_refuse(r, "%s holds no '%s'", pname(s, from), id);
		c1 = pile_pop(&s->locked);
		pile_push(&s->p[from].hand, c1);
		adwa_step(&r->steps, "2.2", "both cards were locked in before either "
		    "was received: %s and %s swap them face down", pname(s, s->x_from),
		    pname(s, from));
		adwa_step(&r->steps, "2.2", "a card received does not take effect");
		snprintf(r->code, sizeof r->code, "exchanged");
		snprintf(r->text, sizeof r->text, "%s and %s exchanged a card each",
		    pname(s, s->x_from), pname(s, from));
		s->x_from = s->x_to = -1;
		s->exchanged = 1;
	} else {
		int next;

		int st;

		if (s->turn_no > 0 && from != s->turn)
			return adwa_refuse(r, "it is %s's turn: only %s starts an "
			    "exchange (2.2)", pname(s, s->turn),
			    adwa_he(pname(s, s->turn)));
		/* 2.2 comes after the draw and before the Mutiny rolls and the
		 * action; an exchange not owed (an empty hand) may still be
		 * asked for in its place, and is recorded as skipped */
		if ((s->exchanged || s->rolled || !s->drawn || s->acted) &&
		    (st = adwa_turn_allow(s, ADWA_AT_EXCHANGE, "exchange", r->why,
		    sizeof r->why)) != ST_OK)
			return st;
		next = deck_next_player(s, from);
		if (to != next)
			return adwa_refuse(r, "%s exchanges with the next commander still in "
			    "command, %s, not '%s' (2.2, 3)", pname(s, from),
			    next < 0 ? "nobody" : pname(s, next), pname(s, to));
		if (pile_find(&s->p[from].hand, s->def, kind) < 0)
			return adwa_refuse(r, "%s holds no '%s'", pname(s, from), id);
		s->exchanged = 1;
		if (s->p[to].hand.n == 0) {
			adwa_step(&r->steps, "2.2", "%s holds no cards: no exchange",
			    pname(s, to));
			snprintf(r->code, sizeof r->code, "skipped");
			snprintf(r->text, sizeof r->text, "the exchange between %s and %s "
			    "is skipped: %s's hand is empty", pname(s, from), pname(s, to),
			    pname(s, to));
		} else {
			take_kind(s, &s->p[from].hand, kind, &s->locked);
			s->x_from = from;
			s->x_to = to;
			adwa_step(&r->steps, "2.2", "%s's card is locked in, face down",
			    pname(s, from));
			adwa_step(&r->steps, "2.2", "%s now picks one: umpire draw "
			    "exchange CARD --with %s", pname(s, to), pname(s, from));
			snprintf(r->code, sizeof r->code, "locked");
			snprintf(r->text, sizeof r->text, "%s offered %s a card, face down",
			    pname(s, from), pname(s, to));
		}
	}
	snprintf(r->log, sizeof r->log, "%s", r->text);
	r->changed = 1;
	return ST_OK;
}

int
adwa_discard(struct deck_state *s, int who, int kind, struct adwa_report *r)
{
	const char *id = s->def->kinds[kind].id;

	/* 9: a Mutiny leaves a hand only by an exchange or when it triggers */
	if (strcmp(id, "mutiny") == 0)
		return adwa_refuse(r, "a Mutiny is never got rid of at will: it "
		    "goes on only in an exchange or when it triggers (9)");
	/* 2.3, 6, 8, 12: a card leaves a hand when played, exchanged, taken
	 * by Support or lost to Disgrace; the text has no discard at will */
	(void)who;
	return adwa_refuse(r, "the rules allow no discard at will: a %s leaves "
	    "a hand only when played, exchanged, taken by Support or lost to a "
	    "Disgrace (2.3, 6, 8); umpire draw undo takes back a mistake", id);
}

/* "Menelik or Taitu", "the spy": who may play a restricted card. */
static void
describe_by(const struct deck_state *s, const struct deck_kind *k, char *buf,
    size_t len)
{
	size_t i, j;

	buf[0] = '\0';
	for (i = 0; i < k->nby; i++) {
		char part[128] = "";

		if (strcmp(k->by[i], "imperial") == 0)
			for (j = 0; j < s->def->nimperial; j++) {
				strncat(part, j ? " or " : "", sizeof part - strlen(part) - 1);
				strncat(part, s->def->imperial[j], sizeof part - strlen(part) - 1);
			}
		else if (strncmp(k->by[i], "role:", 5) == 0)
			snprintf(part, sizeof part, "the %s", k->by[i] + 5);
		else
			snprintf(part, sizeof part, "%s", k->by[i]);
		strncat(buf, i ? ", " : "", len - strlen(buf) - 1);
		strncat(buf, part, len - strlen(buf) - 1);
	}
}

/* 1 if p may play k; *unknown is set when only a role could allow it and
 * no roles were dealt here, so umpire cannot tell. */
static int
may_play(const struct deck_state *s, const struct deck_kind *k, int who,
    int *unknown)
{
	const struct deck_player *p = &s->p[who];
	size_t i;

	*unknown = 0;
	if (k->nby == 0)
		return 1;
	for (i = 0; i < k->nby; i++) {
		if (strcmp(k->by[i], p->name) == 0 ||
		    (strcmp(k->by[i], "imperial") == 0 &&
		    deck_is_imperial(s->def, p->name)))
			return 1;
		if (strncmp(k->by[i], "role:", 5) == 0) {
			if (!s->roles)
				*unknown = 1;
			else if (strcmp(p->role, k->by[i] + 5) == 0)
				return 1;
		}
	}
	return *unknown;
}

static int
check_cards(struct deck_state *s, const struct adwa_play *p, struct adwa_report *r)
{
	const struct deck_kind *k = &s->def->kinds[p->kinds[0]];
	size_t held = pile_count(&s->p[p->who].hand, s->def, p->kinds[0]);

	if (p->nkinds == 2 && p->kinds[0] != p->kinds[1])
		return adwa_refuse(r, "'%s' and '%s' are different cards: only two "
		    "identical personality cards are played together (5)",
		    k->id, s->def->kinds[p->kinds[1]].id);
	if (held < (size_t)p->nkinds)
		return adwa_refuse(r, "%s holds %s '%s'", pname(s, p->who),
		    held ? "only one" : "no", k->id);
	if (k->play == DECK_PLAY_NEVER)
		return adwa_refuse(r, "a %s is never played by choice (%s)", k->id, k->rule);
	if (k->play == DECK_PLAY_PAIR && p->nkinds != 2)
		return adwa_refuse(r, "a lone personality card cannot be played: '%s' "
		    "goes in a pair (5)", k->id);
	if (k->play != DECK_PLAY_PAIR && p->nkinds != 1)
		return adwa_refuse(r, "'%s' is played alone: only personality cards go in "
		    "pairs (5)", k->id);
	if (k->target && p->target < 0)
		return adwa_refuse(r, "a %s is played against a commander: name him "
		    "with --with (%s)", k->id, k->rule);
	/* 11: an Attack goes at Italy, or at a commander named by --with */
	if (!k->target && p->target >= 0 && strcmp(k->id, "attack") != 0)
		return adwa_refuse(r, "a %s is not played against a commander: '%s' "
		    "(%s)", k->id, pname(s, p->target), k->rule);
	if (p->target == p->who)
		return adwa_refuse(r, "a %s is played against another commander, not "
		    "'%s' (%s)", k->id, pname(s, p->who), k->rule);
	return ST_OK;
}

/* Who may play now: the turn, the action, incapacitation (2.3, 6, 10). */
static int
check_player(struct deck_state *s, const struct adwa_play *p, struct adwa_report *r)
{
	const struct deck_kind *k = &s->def->kinds[p->kinds[0]];
	const struct deck_player *pl = &s->p[p->who];
	char by[160];
	int unknown;

	if (pl->out)
		return adwa_refuse(r, "'%s' is disgraced and plays nothing (8)", pl->name);
	if (!may_play(s, k, p->who, &unknown)) {
		describe_by(s, k, by, sizeof by);
		return adwa_refuse(r, "only %s may play a %s (%s): not '%s'", by, k->id,
		    k->rule, pl->name);
	}
	if (unknown)
		adwa_step(&r->steps, k->rule, "roles were not dealt by umpire: it "
		    "cannot check that %s may play a %s", pl->name, k->id);
	if (k->play == DECK_PLAY_REACTION) {
		if (strcmp(k->id, "veto") == 0 && pl->idle > 0)
			return adwa_refuse(r, "'%s' is incapacitated and cannot veto (10)",
			    pl->name);
		return ST_OK;
	}
	if (s->turn_no == 0)
		return adwa_refuse(r, "no turn has begun: umpire draw begins the first (2)");
	if (p->who != s->turn)
		return adwa_refuse(r, "it is %s's turn, not '%s': only %s takes an "
		    "ordinary action (2.3)", pname(s, s->turn), pl->name,
		    adwa_he(pname(s, s->turn)));
	if (pl->idle > 0)
		return adwa_refuse(r, "'%s' is incapacitated for %d more of %s turns: "
		    "no ordinary action (10)", pl->name, pl->idle, adwa_his(pl->name));
	/* 2.3, 9: the action comes after the exchange and the Mutiny rolls */
	return adwa_turn_allow(s, ADWA_AT_ACT, "play", r->why, sizeof r->why);
}

static int
next_die(struct deck_state *s, struct adwa_defence *def)
{
	if (def->used < def->ndice)
		return def->dice[def->used++];
	return rng_face(&s->rng, 6);
}

/* Disgrace (8): on success the target is out and his hand discarded. */
static void
disgrace(struct deck_state *s, const struct adwa_tables *t, struct adwa_play *p,
    struct adwa_report *r)
{
	struct adwa_input in = { .proc = ADWA_DISGRACE };
	struct deck_player *tg = &s->p[p->target];
	struct adwa_result res;
	int die = next_die(s, &p->def);
	size_t i;

	adwa_resolve(t, &in, &die, &res);
	for (i = 0; i < res.steps.n; i++)
		adwa_step(&r->steps, "8", "%s", res.steps.s[i].text);
	json_set_num(r->json, "roll", die);
	json_set_str(r->json, "outcome", res.code);
	if (strcmp(res.code, "disgraced") != 0) {
		adwa_step(&r->steps, "8", "%s", res.text);
		snprintf(r->log, sizeof r->log, "%s tried to disgrace %s and failed "
		    "(d6 = %d)", pname(s, p->who), tg->name, die);
		return;
	}
	tg->out = 1;
	tg->idle = 0;
	while (tg->hand.n)
		pile_push(&s->discard, pile_pop(&tg->hand));
	/* a half-made exchange with him is called off */
	if (s->x_from == p->target)
		pile_push(&s->discard, pile_pop(&s->locked));
	else if (s->x_to == p->target)
		pile_push(&s->p[s->x_from].hand, pile_pop(&s->locked));
	if (s->x_from == p->target || s->x_to == p->target)
		s->x_from = s->x_to = -1;
	adwa_step(&r->steps, "8", "%s loses %s command for good: %s cards go to "
	    "the discard pile face down, turns and exchanges pass %s by; %s "
	    "contingents stay and still count", tg->name, adwa_his(tg->name),
	    adwa_his(tg->name), strcmp(tg->name, "taitu") == 0 ? "her" : "him",
	    adwa_his(tg->name));
	snprintf(r->log, sizeof r->log, "%s disgraced %s (d6 = %d)",
	    pname(s, p->who), tg->name, die);
}

static void
spy(struct deck_state *s, const struct adwa_tables *t, struct adwa_play *p,
    struct adwa_report *r)
{
	struct adwa_input in = { .proc = ADWA_SPY };
	struct deck_player *tg = &s->p[p->target];
	struct adwa_result res;
	int die = next_die(s, &p->def);
	size_t i;

	adwa_resolve(t, &in, &die, &res);
	for (i = 0; i < res.steps.n; i++)
		adwa_step(&r->steps, "6", "%s", res.steps.s[i].text);
	adwa_step(&r->steps, "6", "%s", res.text);
	json_set_num(r->json, "roll", die);
	json_set_str(r->json, "outcome", res.code);
	snprintf(r->log, sizeof r->log, "%s investigated %s: %s (d6 = %d)",
	    pname(s, p->who), tg->name, strcmp(res.code, "revealed") == 0 ?
	    "success" : "nothing learnt", die);
	if (strcmp(res.code, "revealed") != 0)
		return;
	if (!s->roles) {
		adwa_step(&r->steps, "6", "roles were not dealt by umpire: look at "
		    "%s's role card", tg->name);
		return;
	}
	/* 7: kept, for an exposure on a later turn */
	s->p[p->who].found = p->target;
	s->p[p->who].found_turn = s->turn_no;
	/* 6, 10: shown to the investigator only; the log keeps it secret */
	if (!p->show) {
		adwa_step(&r->steps, "6", "%s's role is shown to %s alone: umpire "
		    "draw roles --show %s", tg->name, pname(s, p->who),
		    pname(s, p->who));
		return;
	}
	adwa_step(&r->steps, "6", "for %s's eyes only: %s is %s", pname(s, p->who),
	    tg->name, strcmp(tg->role, "loyal") == 0 ? "loyal" :
	    strcmp(tg->role, "spy") == 0 ? "the spy (loyal)" : "the traitor");
	json_set_str(r->json, "role", tg->role);
}

static void
support(struct deck_state *s, struct adwa_play *p, struct adwa_report *r)
{
	struct deck_player *tg = &s->p[p->target];
	int card, i;

	if (tg->hand.n == 0) {
		adwa_step(&r->steps, "6", "%s holds no cards: nothing to take",
		    tg->name);
		snprintf(r->log, sizeof r->log, "%s played Support on %s, whose hand "
		    "was empty", pname(s, p->who), tg->name);
		return;
	}
	i = rng_face(&s->rng, (int)tg->hand.n) - 1;
	card = pile_take(&tg->hand, (size_t)i);
	pile_push(&s->p[p->who].hand, card);
	/* 6: which card is for the taker's eyes only */
	if (p->show) {
		adwa_step(&r->steps, "6", "%s takes a card at random from %s: a %s",
		    pname(s, p->who), tg->name, deck_card_id(s, card));
		json_set_str(r->json, "taken", deck_card_id(s, card));
	} else
		adwa_step(&r->steps, "6", "%s takes a card at random from %s; "
		    "which, %s alone sees: umpire draw hand %s", pname(s, p->who),
		    tg->name, pname(s, p->who), pname(s, p->who));
	snprintf(r->log, sizeof r->log, "%s took a random card from %s",
	    pname(s, p->who), tg->name);
}

/* What a card does that umpire does not track, said with its rule. */
static void
note_effect(struct deck_state *s, const struct deck_kind *k, int who,
    struct adwa_report *r)
{
	const char *id = k->id;

	if (strcmp(id, "attack") == 0)
		adwa_step(&r->steps, "11", "against Italy the decisive battle begins "
		    "at once (umpire crt -g adwa); --with names the commander of "
		    "an Attack on Ethiopians");
	else if (strcmp(id, "advance") == 0)
		adwa_step(&r->steps, "4", "one contingent moves %s",
		    pile_find(&s->p[who].hand, s->def, kind_id(s, "raid")) < 0 ?
		    "one stage on" : "half a stage on, for a Raid is held");
	else if (k->play == DECK_PLAY_PAIR)
		adwa_step(&r->steps, "5", "a chosen Italian army loses 3 strength, "
		    "but not below 2");
	else if (strcmp(id, "defection") == 0)
		adwa_step(&r->steps, "6", "one of %s contingents defects and a "
		    "chosen Italian army gains 5 strength", adwa_his(pname(s, who)));
	else if (strcmp(id, "veto") == 0)
		adwa_step(&r->steps, "6", "the chosen action is cancelled and stays "
		    "spent");
	else if (strcmp(id, "healer") == 0)
		adwa_step(&r->steps, "2.1", "a Healer stops an Assassin as the "
		    "answer to it: umpire draw react healer");
	else
		adwa_step(&r->steps, k->rule, "the text gives a %s no effect", id);
}

int
adwa_play(struct deck_state *s, const struct adwa_tables *t, struct adwa_play *p,
    struct adwa_report *r)
{
	const struct deck_kind *k = &s->def->kinds[p->kinds[0]];
	int st, i;

	if (!r->json)
		r->json = json_object();
	if ((st = adwa_strike_refuse(s, "play", r)) != ST_OK ||
	    (st = check_cards(s, p, r)) != ST_OK)
		return st;
	/* 6: a Veto answers the action just played */
	if (strcmp(k->id, "veto") == 0)
		return adwa_veto(s, p->who, r);
	if ((st = check_player(s, p, r)) != ST_OK)
		return st;
	if (p->show && p->show_who != p->who)
		return adwa_refuse(r, "--show: what a %s finds is for %s alone, who "
		    "plays it: not '%s' (6)", k->id, pname(s, p->who),
		    pname(s, p->show_who));
	if (p->target >= 0 && s->p[p->target].out && strcmp(k->id, "spy") != 0 &&
	    strcmp(k->id, "attack") != 0)
		return adwa_refuse(r, "'%s' is disgraced and no longer in command (8)",
		    pname(s, p->target));
	for (i = 0; i < p->nkinds; i++)
		take_kind(s, &s->p[p->who].hand, p->kinds[i], &s->discard);
	if (k->play != DECK_PLAY_REACTION)
		s->acted = 1;
	adwa_step(&r->steps, k->play == DECK_PLAY_REACTION ? "2.3" : "2.3",
	    "%s plays %s%s%s", pname(s, p->who), p->nkinds == 2 ? "a pair of " :
	    article(k->id),
	    k->id, k->play == DECK_PLAY_REACTION ? " (a reaction: no action spent)" :
	    strcmp(pname(s, p->who), "taitu") == 0 ? " as her ordinary action" :
	    " as his ordinary action");
	snprintf(r->log, sizeof r->log, "%s played %s%s%s%s", pname(s, p->who),
	    p->nkinds == 2 ? "a pair of " : article(k->id), k->id,
	    p->target >= 0 ? " on " : "", p->target >= 0 ? pname(s, p->target) : "");
	if (strcmp(k->id, "defection") == 0) {
		/* 9: a triggered Mutiny is announced in these same words */
		r->op = "defection";
		snprintf(r->log, sizeof r->log, "a contingent of %s defected",
		    pname(s, p->who));
	}
	if ((st = adwa_board_play(s, p, r)) != ST_OK)
		return st;
	if (strcmp(k->id, "disgrace") == 0)
		disgrace(s, t, p, r);
	else if (strcmp(k->id, "spy") == 0)
		spy(s, t, p, r);
	else if (strcmp(k->id, "support") == 0)
		support(s, p, r);
	else if (strcmp(k->id, "attack") == 0 && p->target >= 0)
		adwa_attack_commander(s, p->who, p->target, r);
	else if (strcmp(k->id, "withdraw") == 0) {
		struct adwa_report sub = { 0 };
		size_t j;

		adwa_step(&r->steps, "4", "one contingent really moves back a "
		    "stage; a compulsory draw to regroup follows, and no second "
		    "exchange");
		sub.json = r->json;
		if ((st = adwa_draw(s, t, p->who, 1, 0, &p->def, &sub)) != ST_OK) {
			snprintf(r->why, sizeof r->why, "%s", sub.why);
			return st;
		}
		for (j = 0; j < sub.steps.n; j++)
			adwa_step(&r->steps, sub.steps.s[j].rule, "%s",
			    sub.steps.s[j].text);
		s->exchanged = 1;
		snprintf(r->log + strlen(r->log), sizeof r->log - strlen(r->log),
		    " and drew to regroup%s", cJSON_GetArraySize(
		    cJSON_GetObjectItemCaseSensitive(r->json, "assassins")) ?
		    ", meeting an Assassin" : "");
	} else
		note_effect(s, k, p->who, r);
	snprintf(r->code, sizeof r->code, "played");
	snprintf(r->text, sizeof r->text, "%s", r->log);
	r->changed = 1;
	return ST_OK;
}

int
adwa_mutiny(struct deck_state *s, const struct adwa_tables *t,
    struct adwa_defence *def, struct adwa_report *r)
{
	struct adwa_input in = { .proc = ADWA_MUTINY };
	int dice[ADWA_MAX_DICE], who = s->turn, i, n, min;
	struct adwa_result res;
	size_t j;

	if (!r->json)
		r->json = json_object();
	if (s->turn_no == 0)
		return adwa_refuse(r, "no turn has begun: umpire draw begins the first (2)");
	if (adwa_strike_refuse(s, "mutiny", r) != ST_OK)
		return ST_USAGE;
	if ((s->acted || s->p[who].idle == 0) && adwa_turn_allow(s, ADWA_AT_MUTINY, "mutiny",
	    r->why, sizeof r->why) != ST_OK)
		return ST_USAGE;
	if (s->p[who].idle > 0) {
		adwa_step(&r->steps, "9", "%s is incapacitated: no Mutiny roll",
		    pname(s, who));
		snprintf(r->code, sizeof r->code, "no-roll");
		snprintf(r->text, sizeof r->text, "%s is incapacitated and does not "
		    "roll for Mutiny", pname(s, who));
		return ST_OK;
	}
	in.held = (int)pile_count(&s->p[who].hand, s->def, kind_id(s, "mutiny"));
	n = adwa_dice(&in, &min);
	if (def->ndice > n)
		return adwa_refuse(r, "--roll: %s holds %d Mutiny card%s: at most %d "
		    "dice", pname(s, who), in.held, in.held == 1 ? "" : "s", n);
	if (def->ndice && def->ndice < min)
		return adwa_refuse(r, "--roll: %s holds %d Mutiny cards: one die for "
		    "each", pname(s, who), in.held);
	for (i = 0; i < n; i++)
		dice[i] = next_die(s, def);
	adwa_resolve(t, &in, dice, &res);
	for (j = 0; j < res.steps.n; j++)
		adwa_step(&r->steps, res.steps.s[j].rule, "%s", res.steps.s[j].text);
	json_set_num(r->json, "held", in.held);
	snprintf(r->code, sizeof r->code, "%s", res.code);
	snprintf(r->text, sizeof r->text, "%s", res.text);
	if (strcmp(res.code, "mutiny") == 0) {
		take_kind(s, &s->p[who].hand, kind_id(s, "mutiny"), &s->discard);
		s->acted = 1;
		json_set_str(r->json, "army", adwa_army[res.army]);
		adwa_board_defect(s, who, res.army, r);
		/* 9: announced as a Defection is; the cause stays private */
		r->op = "defection";
		snprintf(r->log, sizeof r->log, "a contingent of %s defected",
		    pname(s, who));
	} else {
		/* every commander makes this step (adwa_turn.c), so the log
		 * line tells nobody whether he holds a Mutiny card */
		snprintf(r->log, sizeof r->log, "%s made the Mutiny step: no "
		    "defection", pname(s, who));
	}
	s->rolled = 1;
	r->changed = 1;
	return ST_OK;
}

/* ---- roles ---- */

int
adwa_roles_deal(struct deck_state *s, struct adwa_report *r)
{
	int elig[DECK_MAX_PLAYERS], n = 0, spy_i, traitor = -1;
	size_t i;

	/* 1: Menelik and Taitu are never the traitor; umpire's choice is
	 * that they are not the spy either, for 6 names the spy beside them */
	for (i = 0; i < s->np; i++)
		if (!deck_is_imperial(s->def, s->p[i].name) && !s->p[i].out)
			elig[n++] = (int)i;
	/* 1: one spy always and a traitor in 80% of games need two
	 * commanders besides Menelik and Taitu; with one, the traitor's
	 * chance would silently drop to none */
	if (n < 2)
		return adwa_refuse(r, "roles: the spy and the 80%% chance of a "
		    "traitor need two commanders besides Menelik and Taitu; this "
		    "game has %d (1)", n);
	if (s->np != 7)
		adwa_step(&r->steps, "3", "the rules are written for seven "
		    "commanders; with %zu the chances of 1 still hold: one spy, an "
		    "80%% chance of one traitor", s->np);
	for (i = 0; i < s->np; i++)
		snprintf(s->p[i].role, sizeof s->p[i].role, "loyal");
	spy_i = elig[rng_face(&s->rng, n) - 1];
	snprintf(s->p[spy_i].role, sizeof s->p[spy_i].role, "spy");
	/* 1: one traitor in 4 chances of 5, none otherwise */
	if (rng_face(&s->rng, 5) <= 4 && n > 1) {
		int k = rng_face(&s->rng, n - 1) - 1, j;

		for (j = 0; j < n; j++)
			if (elig[j] != spy_i && k-- == 0)
				traitor = elig[j];
		snprintf(s->p[traitor].role, sizeof s->p[traitor].role, "traitor");
	}
	s->roles = 1;
	adwa_step(&r->steps, "1", "one spy, always; one traitor in 80%% of games, "
	    "none in 20%%; never Menelik or Taitu");
	adwa_step(&r->steps, "1", "each commander sees only his or her own "
	    "role: umpire draw roles --show NAME");
	snprintf(r->code, sizeof r->code, "dealt");
	snprintf(r->text, sizeof r->text, "roles dealt to %zu commanders", s->np);
	snprintf(r->log, sizeof r->log, "%s", r->text);
	r->changed = 1;
	return ST_OK;
}

void
adwa_roles_odds(const struct deck_def *d, char *const *names, size_t n,
    struct adwa_role_odds *odds)
{
	size_t i, e = 0;

	for (i = 0; i < n; i++)
		e += !deck_is_imperial(d, names[i]);
	for (i = 0; i < n; i++) {
		if (deck_is_imperial(d, names[i]) || e == 0) {
			odds[i].spy = odds[i].traitor = 0;
		} else {
			/* spy 1 in e; traitor: 0.8, not the spy, 1 in e - 1 */
			odds[i].spy = 1.0 / (double)e;
			odds[i].traitor = e > 1 ? 0.8 / (double)e : 0;
		}
		odds[i].loyal = 1 - odds[i].spy - odds[i].traitor;
	}
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
read_command(struct crt_out *o, const struct crt_unit *u, size_t i,
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
			return crt_fail(o, ST_USAGE, "bad command tag: '%s' (expected "
			    "a name, four of r/i/l such as rril, or incap)", tag);
	}
	return ST_OK;
}

static int
read_battle_request(struct crt_out *o, const cJSON *req, struct adwa_battle *b,
    char *roll, size_t rolllen, int *roll_given, int *odds)
{
	struct crt_units eth, ita;
	char text[64], why[CRT_WHY];
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
		return crt_fail(o, ST_USAGE, "--odds and --roll exclude each other: "
		    "--odds covers every roll");
	if ((size_t)eth.n > ADWA_MAX_COMMANDERS)
		return crt_fail(o, ST_USAGE, "%d Ethiopian commands: at most %d",
		    eth.n, ADWA_MAX_COMMANDERS);
	for (i = 0; i < (size_t)eth.n; i++) {
		if ((st = read_command(o, &eth.u[i], i, &b->eth[i])) != ST_OK)
			return st;
		/* 3: each commander has one army; twice would count it twice */
		for (j = 0; j < i; j++)
			if (strcmp(b->eth[j].name, b->eth[i].name) == 0)
				return crt_fail(o, ST_USAGE, "the same commander twice: "
				    "'%s'", b->eth[i].name);
	}
	b->neth = (size_t)eth.n;
	if (ita.n != ADWA_ARMIES)
		return crt_fail(o, ST_USAGE, "Italy: %d strengths given, expected %d "
		    "(%s, %s, %s)", ita.n, ADWA_ARMIES, adwa_army[0], adwa_army[1],
		    adwa_army[2]);
	for (i = 0; i < ADWA_ARMIES; i++) {
		if (ita.u[i].ntags)
			return crt_fail(o, ST_USAGE, "Italy: army strengths take no "
			    "tags: '%s'", ita.u[i].tags[0]);
		b->italy[i] = ita.u[i].cf;
	}
	b->reserve = ADWA_RESERVE;
	if (given) {
		char *end;
		long v = strtol(text, &end, 10);

		if (*text < '0' || *text > '9' || *end || v > 999)
			return crt_fail(o, ST_USAGE, "bad reserve: '%s' (expected a "
			    "whole number from 0 to 999)", text);
		b->reserve = (int)v;
	}
	if (adwa_battle_check(b, why, sizeof why) < 0)
		return crt_fail(o, ST_USAGE, "%s", why);
	return ST_OK;
}

static void
battle_steps(struct crt_out *o, const struct adwa_steps *st)
{
	size_t i;

	for (i = 0; i < st->n; i++)
		crt_step(o, st->s[i].rule, "%s", st->s[i].text);
}

static cJSON *
winner_json(int ethiopia)
{
	cJSON *r = json_object();

	crt_set_str(r, "code", ethiopia ? "ethiopia" : "italy");
	crt_set_str(r, "text", ethiopia ? "Ethiopia wins the battle" :
	    "Italy wins the battle");
	return r;
}

static int
battle_odds(struct crt_out *o, const struct adwa_battle *b)
{
	struct adwa_battle_result r;
	cJSON *outs = json_array(), *e;
	double p;

	adwa_battle_odds(b, &r);
	battle_steps(o, &r.steps);
	p = r.wins / 36.0;
	e = winner_json(1);
	crt_set_num(e, "probability", p);
	json_push(outs, e);
	e = winner_json(0);
	crt_set_num(e, "probability", 1 - p);
	json_push(outs, e);
	crt_set_num(o->json, "attack", r.ethiopia);
	crt_set_int(o->json, "defense", r.italy);
	crt_set_bool(o->json, "automatic", 0);
	crt_set(o->json, "outcomes", outs);
	crt_set_str(o->json, "table_source", "rulebook");
	crt_text(o, NULL, "Ethiopia wins %d of 36 (%.2f%%), Italy %d of 36 "
	    "(%.2f%%)", r.wins, 100 * p, 36 - r.wins, 100 * (1 - p));
	return ST_OK;
}

static int
battle_roll(struct crt_out *o, struct ctx *c, const struct adwa_battle *b,
    const char *roll)
{
	static const struct dice two = { 2, 6, 0 };
	struct adwa_battle_result r;
	cJSON *rolls;
	char why[128];
	int faces[2];

	if (roll && dice_parse_roll(&two, roll, faces, why, sizeof why) < 0)
		return crt_fail(o, ST_USAGE, "bad roll: '%s' (expected Ethiopia's "
		    "d6 then Italy's, like 4,3)", roll);
	if (!roll)
		dice_roll(&two, ctx_rng(c), faces);
	adwa_battle_resolve(b, faces[0], faces[1], &r);
	battle_steps(o, &r.steps);
	rolls = json_array();
	json_push(rolls, cJSON_CreateNumber(faces[0]));
	json_push(rolls, cJSON_CreateNumber(faces[1]));
	crt_set_num(o->json, "attack", r.ethiopia);
	crt_set_int(o->json, "defense", r.italy);
	crt_set(o->json, "roll", rolls);
	crt_set_str(o->json, "roll_source", crt_roll_source(c, roll));
	crt_set_bool(o->json, "automatic", 0);
	crt_set(o->json, "result", winner_json(r.ethiopia_wins));
	crt_set_str(o->json, "table_source", "rulebook");
	crt_result_line(o, "11", "result: %s wins the battle",
	    r.ethiopia_wins ? "Ethiopia" : "Italy");
	return ST_OK;
}

/*
 * The decisive battle (11): ATTACK is Ethiopia's commands, DEFENSE the
 * three Italian armies, whoever began it; the reserve joins Italy.
 */
static int
adwa_crt(struct ctx *c, const cJSON *req, struct crt_out *o)
{
	struct adwa_battle b;
	char roll[64];
	int st, given, odds;

	if ((st = read_battle_request(o, req, &b, roll, sizeof roll, &given,
	    &odds)) != ST_OK ||
	    (b.neth == 0 && (st = adwa_board_crt(c, req, o, &b)) != ST_OK))
		return st;
	crt_title(o, "Adwa 1896: the decisive battle%s", odds ?
	    ", every pair of rolls" : "");
	return odds ? battle_odds(o, &b) : battle_roll(o, c, &b, given ? roll :
	    NULL);
}
