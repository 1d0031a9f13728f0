/*
 * adwa_play.c: playing an Adwa 1896 card (5, 6): who may play it, single
 * actions and personality pairs, reactions and the restricted cards;
 * Support (6), Withdraw's regroup draw (4), Disgrace (8), the Spy (6),
 * and the Mutiny step of each turn (9), with incapacitation (10).
 *
 * Where the text leaves a number or a method open, the choice made here is
 * marked "umpire's choice" and documented in umpire-draw(1).
 */
#include <stdio.h>
#include <string.h>

#include "adwa.h"
#include "adwa_board.h"
#include "adwa_impl.h"
#include "err.h"
#include "out.h"

/* The players with imperial powers (6): "menelik or taitu". */
static void
imperial_names(const struct deck_def *d, char *part, size_t len)
{
	const cJSON *it;
	int j = 0;

	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(d->own,
	    "imperial")) {
		strncat(part, j++ ? " or " : "", len - strlen(part) - 1);
		strncat(part, it->valuestring, len - strlen(part) - 1);
	}
}

/* "Menelik or Taitu", "the spy": who may play a restricted card. */
static void
describe_by(const struct deck_state *s, const struct deck_kind *k, char *buf,
    size_t len)
{
	size_t i;

	buf[0] = '\0';
	for (i = 0; i < k->nby; i++) {
		char part[128] = "";

		if (strcmp(k->by[i], "imperial") == 0)
			imperial_names(s->def, part, sizeof part);
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
	const struct adwa_player *ap = &adwa_of(s)->p[who];
	size_t i;

	*unknown = 0;
	if (k->nby == 0)
		return 1;
	for (i = 0; i < k->nby; i++) {
		if (strcmp(k->by[i], p->name) == 0 ||
		    (strcmp(k->by[i], "imperial") == 0 &&
		    adwa_is_imperial(s->def, p->name)))
			return 1;
		/* 1: Menelik and Taitu are never the traitor, nor (umpire's
		 * choice) the spy: a card of a role is never theirs by it,
		 * dealt or not */
		if (strncmp(k->by[i], "role:", 5) == 0 &&
		    adwa_is_imperial(s->def, p->name))
			continue;
		if (strncmp(k->by[i], "role:", 5) == 0) {
			if (!adwa_of(s)->roles)
				*unknown = 1;
			else if (strcmp(ap->role, k->by[i] + 5) == 0)
				return 1;
		}
	}
	return *unknown;
}

static int
check_cards(struct deck_state *s, const struct adwa_play *p, struct adwa_report *r)
{
	const struct deck_kind *k = &s->def->kinds[p->kinds[0]];
	size_t held = deck_pile_count(&s->p[p->who].hand, s->def, p->kinds[0]);

	if (p->nkinds == 2 && p->kinds[0] != p->kinds[1])
		return adwa_refuse(r, "'%s' and '%s' are different cards: only two "
		    "identical personality cards are played together (5)",
		    k->id, s->def->kinds[p->kinds[1]].id);
	if (held < (size_t)p->nkinds)
		return adwa_refuse(r, "%s holds %s '%s'", pname(s, p->who),
		    held ? "only one" : "no", k->id);
	if (k->play == DECK_PLAY_NEVER)
		return adwa_refuse(r, "%s%s is never played by choice (%s)",
		    adwa_article(k->id), k->id, k->rule);
	if (k->play == DECK_PLAY_PAIR && p->nkinds != 2)
		return adwa_refuse(r, "a lone personality card cannot be played: '%s' "
		    "goes in a pair (5)", k->id);
	if (k->play != DECK_PLAY_PAIR && p->nkinds != 1)
		return adwa_refuse(r, "'%s' is played alone: only personality cards go in "
		    "pairs (5)", k->id);
	if (k->target && p->target < 0)
		return adwa_refuse(r, "%s%s is played against a commander: name "
		    "him with --with (%s)", adwa_article(k->id), k->id, k->rule);
	/* 11: an Attack goes at Italy, or at a commander named by --with */
	if (!k->target && p->target >= 0 && strcmp(k->id, "attack") != 0)
		return adwa_refuse(r, "%s%s is not played against a commander: "
		    "'%s' (%s)", adwa_article(k->id), k->id, pname(s, p->target),
		    k->rule);
	if (p->target == p->who)
		return adwa_refuse(r, "%s%s is played against another commander, "
		    "not '%s' (%s)", adwa_article(k->id), k->id, pname(s, p->who),
		    k->rule);
	return ST_OK;
}

/*
 * An ordinary action is the turn's own (2.3): whose turn it is is checked
 * before the hand and the role, so that a card tried out of turn is
 * refused in the same words whoever holds it and whatever his role (1).
 */
static int
check_turn(const struct deck_state *s, const struct adwa_play *p,
    struct adwa_report *r)
{
	if (s->turn_no == 0)
		return adwa_refuse(r, "no turn has begun: umpire draw begins the first (2)");
	if (p->who != s->turn)
		return adwa_refuse(r, "it is %s's turn, not '%s': only %s takes an "
		    "ordinary action (2.3)", pname(s, s->turn), pname(s, p->who),
		    adwa_he(pname(s, s->turn)));
	/* 2.3, 9: the action comes after the exchange and the Mutiny rolls */
	return adwa_turn_allow(s, ADWA_AT_ACT, "play", r->why, sizeof r->why);
}

/*
 * A Healer answers an Assassin that waits (2.1): played by the commander
 * it struck, it is that answer (adwa_react); with no Assassin waiting it
 * has nothing to stop, and is refused rather than thrown away (2.3).
 */
static int
play_healer(struct deck_state *s, const struct adwa_tables *t,
    struct adwa_play *p, struct adwa_report *r)
{
	int v = adwa_of(s)->strike;

	if (v < 0)
		return adwa_refuse(r, "a Healer is played only against an Assassin "
		    "that waits for its answer, and none waits (2.1, 2.3)");
	if (v != p->who)
		return adwa_refuse(r, "a Healer stops an Assassin for the commander "
		    "it struck, %s, not '%s' (2.1)", pname(s, v), pname(s, p->who));
	if (p->target >= 0 || p->nkinds != 1)
		return adwa_refuse(r, "a Healer is played alone and against no "
		    "commander (2.1)");
	r->op = "react";
	return adwa_react(s, t, ADWA_ANSWER_HEALER, p->who, &p->def, r);
}

/* Who may play now: the action, the role, incapacitation (2.3, 6, 10). */
static int
check_player(struct deck_state *s, const struct adwa_play *p, struct adwa_report *r)
{
	const struct deck_kind *k = &s->def->kinds[p->kinds[0]];
	const struct deck_player *pl = &s->p[p->who];
	const struct adwa_player *apl = &adwa_of(s)->p[p->who];
	char by[160];
	int unknown;

	if (pl->out)
		return adwa_refuse(r, "'%s' is disgraced and plays nothing (8)", pl->name);
	if (!may_play(s, k, p->who, &unknown)) {
		describe_by(s, k, by, sizeof by);
		return adwa_refuse(r, "only %s may play %s%s (%s): not '%s'", by,
		    adwa_article(k->id), k->id, k->rule, pl->name);
	}
	if (unknown)
		adwa_step(&r->steps, k->rule, "roles were not dealt by umpire: it "
		    "cannot check that %s may play %s%s", pl->name,
		    adwa_article(k->id), k->id);
	if (k->play == DECK_PLAY_REACTION) {
		if (strcmp(k->id, "veto") == 0 && apl->idle > 0)
			return adwa_refuse(r, "'%s' is incapacitated and cannot veto (10)",
			    pl->name);
		return ST_OK;
	}
	if (apl->idle > 0)
		return adwa_refuse(r, "'%s' is incapacitated for %d more of %s turns: "
		    "no ordinary action (10)", pl->name, apl->idle, adwa_his(pl->name));
	return ST_OK;
}

static int
next_die(struct deck_state *s, struct adwa_defence *def)
{
	if (def->used < def->ndice)
		return def->dice[def->used++];
	return dice_rng_face(&s->rng, 6);
}

/*
 * A card's d6 procedure (Disgrace, Spy) on the next die: its steps in the
 * report under rule, the roll and the outcome in the JSON.  The die.
 */
static int
card_roll(struct deck_state *s, const struct adwa_tables *t,
    struct adwa_play *p, struct adwa_report *r, enum adwa_proc proc,
    const char *rule, struct adwa_result *res)
{
	struct adwa_input in = { .proc = proc };
	int die = next_die(s, &p->def);
	size_t i;

	adwa_resolve(t, &in, &die, res);
	for (i = 0; i < res->steps.n; i++)
		adwa_step(&r->steps, rule, "%s", res->steps.s[i].text);
	json_set_num(r->json, "roll", die);
	json_set_str(r->json, "outcome", res->code);
	return die;
}

/* Disgrace (8): on success the target is out and his hand discarded. */
static void
disgrace(struct deck_state *s, const struct adwa_tables *t, struct adwa_play *p,
    struct adwa_report *r)
{
	struct deck_player *tg = &s->p[p->target];
	struct adwa_result res;
	int die = card_roll(s, t, p, r, ADWA_DISGRACE, "8", &res);

	if (strcmp(res.code, "disgraced") != 0) {
		adwa_step(&r->steps, "8", "%s", res.text);
		snprintf(r->log, sizeof r->log, "%s tried to disgrace %s and failed "
		    "(d6 = %d)", pname(s, p->who), tg->name, die);
		return;
	}
	/* 8, 10: out of command for good, but a wound is not healed by it:
	 * his contingents still count, at 70% while it lasts */
	tg->out = 1;
	while (tg->hand.n)
		deck_pile_push(&s->discard, deck_pile_pop(&tg->hand));
	/* a half-made exchange with him is called off */
	if (adwa_of(s)->x_from == p->target)
		deck_pile_push(&s->discard, deck_pile_pop(&s->locked));
	else if (adwa_of(s)->x_to == p->target)
		deck_pile_push(&s->p[adwa_of(s)->x_from].hand, deck_pile_pop(&s->locked));
	if (adwa_of(s)->x_from == p->target || adwa_of(s)->x_to == p->target)
		adwa_of(s)->x_from = adwa_of(s)->x_to = -1;
	adwa_step(&r->steps, "8", "%s loses %s command for good: %s cards go to "
	    "the discard pile face down, turns and exchanges pass %s by; %s "
	    "contingents stay and still count", tg->name, adwa_his(tg->name),
	    adwa_his(tg->name), strcmp(tg->name, "taitu") == 0 ? "her" : "him",
	    adwa_his(tg->name));
	snprintf(r->log, sizeof r->log, "%s disgraced %s (d6 = %d)",
	    pname(s, p->who), tg->name, die);
}

/* Has who's Spy found the traitor (7)? */
static int
found_traitor(const struct deck_state *s, int who)
{
	int f = adwa_of(s)->p[who].found;

	return f >= 0 && strcmp(adwa_of(s)->p[f].role, "traitor") == 0;
}

static void
spy(struct deck_state *s, const struct adwa_tables *t, struct adwa_play *p,
    struct adwa_report *r)
{
	struct deck_player *tg = &s->p[p->target];
	struct adwa_player *atg = &adwa_of(s)->p[p->target];
	struct adwa_result res;
	int die = card_roll(s, t, p, r, ADWA_SPY, "6", &res);

	adwa_step(&r->steps, "6", "%s", res.text);
	snprintf(r->log, sizeof r->log, "%s investigated %s: %s (d6 = %d)",
	    pname(s, p->who), tg->name, strcmp(res.code, "revealed") == 0 ?
	    "success" : "nothing learnt", die);
	if (strcmp(res.code, "revealed") != 0)
		return;
	if (!adwa_of(s)->roles) {
		adwa_step(&r->steps, "6", "roles were not dealt by umpire: look at "
		    "%s's role card", tg->name);
		return;
	}
	/* 7: kept, for an exposure on a later turn; a traitor once found
	 * stays found, whatever a later Spy of his finds */
	if (!found_traitor(s, p->who)) {
		adwa_of(s)->p[p->who].found = p->target;
		adwa_of(s)->p[p->who].found_turn = s->turn_no;
	}
	/* 6, 10: shown to the investigator only; the log keeps it secret */
	if (!p->show) {
		adwa_step(&r->steps, "6", "%s's role is shown to %s alone: umpire "
		    "draw roles --show %s", tg->name, pname(s, p->who),
		    pname(s, p->who));
		return;
	}
	adwa_step(&r->steps, "6", "for %s's eyes only: %s is %s", pname(s, p->who),
	    tg->name, strcmp(atg->role, "loyal") == 0 ? "loyal" :
	    strcmp(atg->role, "spy") == 0 ? "the spy (loyal)" : "the traitor");
	json_set_str(r->json, "role", atg->role);
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
	i = dice_rng_face(&s->rng, (int)tg->hand.n) - 1;
	card = deck_pile_take(&tg->hand, (size_t)i);
	deck_pile_push(&s->p[p->who].hand, card);
	/* 6: which card is for the taker's eyes only */
	if (p->show) {
		adwa_step(&r->steps, "6", "%s takes a card at random from %s: %s%s",
		    pname(s, p->who), tg->name, adwa_article(deck_card_id(s,
		    card)), deck_card_id(s, card));
		json_set_str(r->json, "taken", deck_card_id(s, card));
	} else
		adwa_step(&r->steps, "6", "%s takes a card at random from %s; "
		    "which, %s alone sees: umpire draw hand %s", pname(s, p->who),
		    tg->name, pname(s, p->who), pname(s, p->who));
	snprintf(r->log, sizeof r->log, "%s took a random card from %s",
	    pname(s, p->who), tg->name);
}

/*
 * A defection, by the traitor's card (6) or by a Mutiny that triggered
 * (9), announced to the table in the same words, with the same chance of
 * a veto and the same result: the cause stays private.  The board's steps
 * (which contingent, which army) come before, the same for both.
 */
static void
defected(struct deck_state *s, int who, struct adwa_report *r)
{
	adwa_step(&r->steps, "6, 9", "Menelik or Taitu may cancel it, right "
	    "now, before anything else is done");
	r->op = "defection";
	snprintf(r->code, sizeof r->code, "defected");
	snprintf(r->log, sizeof r->log, "a contingent of %s defected",
	    pname(s, who));
	snprintf(r->text, sizeof r->text, "%.199s", r->log);
}

/* What a card does that umpire does not track, said with its rule. */
static void
note_effect(struct deck_state *s, const struct deck_kind *k, int who,
    struct adwa_report *r)
{
	const char *id = k->id;

	if (strcmp(id, "attack") == 0)
		adwa_step(&r->steps, "11", "against Italy the decisive battle begins "
		    "at once (umpire crt -g adwa fights it on paper); --with names "
		    "the commander of an Attack on Ethiopians");
	else if (strcmp(id, "advance") == 0)
		adwa_step(&r->steps, "4", "one contingent moves %s",
		    deck_pile_find(&s->p[who].hand, s->def, kind_id(s, "raid")) < 0 ?
		    "one stage on" : "half a stage on, for a Raid is held");
	else if (k->play == DECK_PLAY_PAIR)
		adwa_step(&r->steps, "5", "a chosen Italian army loses 3 strength, "
		    "but not below 2");
	else if (strcmp(id, "veto") == 0)
		adwa_step(&r->steps, "6", "the chosen action is cancelled and stays "
		    "spent");
	else if (strcmp(id, "healer") == 0)
		adwa_step(&r->steps, "2.1", "a Healer stops an Assassin as the "
		    "answer to it: umpire draw react healer");
	else
		adwa_step(&r->steps, k->rule, "the text gives %s%s no effect",
		    adwa_article(id), id);
}

int
adwa_play(struct deck_state *s, const struct adwa_tables *t, struct adwa_play *p,
    struct adwa_report *r)
{
	const struct deck_kind *k = &s->def->kinds[p->kinds[0]];
	int st, i;

	if (!r->json)
		r->json = json_object();
	if (strcmp(k->id, "healer") == 0)
		return play_healer(s, t, p, r);
	if ((st = adwa_strike_refuse(s, "play", r)) != ST_OK ||
	    (k->play != DECK_PLAY_REACTION && (st = check_turn(s, p, r)) != ST_OK) ||
	    (st = check_cards(s, p, r)) != ST_OK)
		return st;
	/* 6: a Veto answers the action just played */
	if (strcmp(k->id, "veto") == 0)
		return adwa_veto(s, p->who, r);
	if ((st = check_player(s, p, r)) != ST_OK)
		return st;
	if (p->show && p->show_who != p->who)
		return adwa_refuse(r, "--show: what %s%s finds is for %s alone, "
		    "who plays it: not '%s' (6)", adwa_article(k->id), k->id, pname(s, p->who),
		    pname(s, p->show_who));
	if (p->target >= 0 && s->p[p->target].out && strcmp(k->id, "spy") != 0 &&
	    strcmp(k->id, "attack") != 0)
		return adwa_refuse(r, "'%s' is disgraced and no longer in command (8)",
		    pname(s, p->target));
	for (i = 0; i < p->nkinds; i++)
		adwa_take_kind(s, &s->p[p->who].hand, p->kinds[i], &s->discard);
	if (k->play != DECK_PLAY_REACTION)
		adwa_of(s)->acted = 1;
	/* 9: a Defection is announced as a Mutiny is (defected) */
	if (strcmp(k->id, "defection") != 0)
		adwa_step(&r->steps, "2.3", "%s plays %s%s%s", pname(s, p->who), p->nkinds == 2 ? "a pair of " :
	    adwa_article(k->id),
	    k->id, k->play == DECK_PLAY_REACTION ? " (a reaction: no action spent)" :
	    strcmp(pname(s, p->who), "taitu") == 0 ? " as her ordinary action" :
	    " as his ordinary action");
	snprintf(r->log, sizeof r->log, "%s played %s%s%s%s", pname(s, p->who),
	    p->nkinds == 2 ? "a pair of " : adwa_article(k->id), k->id,
	    p->target >= 0 ? " on " : "", p->target >= 0 ? pname(s, p->target) : "");
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
		adwa_of(s)->exchanged = 1;
		snprintf(r->log + strlen(r->log), sizeof r->log - strlen(r->log),
		    " and drew to regroup%s", cJSON_GetArraySize(
		    cJSON_GetObjectItemCaseSensitive(r->json, "assassins")) ?
		    ", meeting an Assassin" : "");
	} else if (strcmp(k->id, "defection") == 0) {
		defected(s, p->who, r);
		r->changed = 1;
		return ST_OK;
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

	if (!r->json)
		r->json = json_object();
	if (s->turn_no == 0)
		return adwa_refuse(r, "no turn has begun: umpire draw begins the first (2)");
	if (adwa_strike_refuse(s, "mutiny", r) != ST_OK)
		return ST_USAGE;
	if ((adwa_of(s)->acted || adwa_of(s)->p[who].idle == 0) && adwa_turn_allow(s, ADWA_AT_MUTINY, "mutiny",
	    r->why, sizeof r->why) != ST_OK)
		return ST_USAGE;
	if (adwa_of(s)->p[who].idle > 0) {
		adwa_step(&r->steps, "9", "%s is incapacitated: no Mutiny roll",
		    pname(s, who));
		snprintf(r->code, sizeof r->code, "no-roll");
		snprintf(r->text, sizeof r->text, "%s is incapacitated and does not "
		    "roll for Mutiny", pname(s, who));
		return ST_OK;
	}
	in.held = (int)deck_pile_count(&s->p[who].hand, s->def, kind_id(s, "mutiny"));
	n = adwa_dice(&in, &min);
	/* 9: the refusal says no number, which the screen would show */
	if (def->ndice > n || (def->ndice && def->ndice < min))
		return adwa_refuse(r, "--roll: %d dice are not one for each Mutiny "
		    "card %s holds, and one for the army if one triggers (9)",
		    def->ndice, pname(s, who));
	for (i = 0; i < n; i++)
		dice[i] = next_die(s, def);
	/* 9: neither the dice nor their number are shown: they would tell
	 * the table how many Mutiny cards he holds */
	adwa_resolve(t, &in, dice, &res);
	if (strcmp(res.code, "mutiny") == 0) {
		adwa_take_kind(s, &s->p[who].hand, kind_id(s, "mutiny"), &s->discard);
		adwa_of(s)->acted = 1;
		json_set_str(r->json, "army", adwa_army[res.army]);
		adwa_board_defect(s, who, res.army, r);
		/* 9: announced as a Defection is; the cause stays private */
		defected(s, who, r);
	} else {
		/* every commander makes this step (adwa_turn.c), so the log
		 * line tells nobody whether he holds a Mutiny card */
		snprintf(r->log, sizeof r->log, "%s made the Mutiny step: no "
		    "defection", pname(s, who));
		adwa_step(&r->steps, "9", "%s", r->log);
		snprintf(r->code, sizeof r->code, "no-defection");
		snprintf(r->text, sizeof r->text, "%.199s", r->log);
	}
	adwa_of(s)->rolled = 1;
	r->changed = 1;
	return ST_OK;
}
