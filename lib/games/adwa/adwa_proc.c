/*
 * adwa_proc.c: the d6 procedures of Adwa 1896, each read through its
 * table in rules/adwa/: assassination (2.1, 10), Mutiny (9), Disgrace (8),
 * Spy (6), the Italian advance and its reinforcement, and the attack
 * clock (11); how many dice each takes, its result step by step, and the
 * exact odds of every result.
 */
#include <stdio.h>
#include <string.h>

#include "adwa.h"
#include "err.h"

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
