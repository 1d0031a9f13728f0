/*
 * adwa_turn.c: the order of an Adwa turn, held in the saved game so that
 * a step taken out of its place is refused with the rule it breaks.
 *
 * A turn is four steps, each after the one before (2, 9): the draw (2.1),
 * the exchange with the next commander still in command (2.2, 3), the
 * Mutiny rolls, one die for each Mutiny card held, unless the commander is
 * incapacitated (9; asked of every commander, see mutiny_due), and one ordinary action or a pass (2.3).  The next
 * commander's turn begins only with his own draw, once this one has acted
 * or passed.  The state's turn flags (lib/deck.h: drawn, exchanged,
 * rolled, acted) say which steps are behind; the next step is computed
 * from them and from the hands, for an exchange with an empty hand on
 * either side is skipped (2.2).
 *
 * A Veto (6) answers the turn's ordinary action as soon as it is played:
 * the action is taken back as if never carried out, while its card and the
 * action stay spent.  Imperial Dignity (4, 9) is read as this same Veto
 * card in an imperial hand, the reading umpire-draw(1) documents: the
 * deck has no card of that name.  A game begun with new --dignity power
 * reads it as a power that spends no card and cancels only a Withdraw
 * with its draw or a defection (adwa_dignity).  While an Assassin waits
 * for its answer (adwa_react.c), no step of the turn is taken.
 */
#include <stdio.h>
#include <string.h>

#include "deck.h"
#include "err.h"
#include "games/adwa/adwa.h"
#include "out.h"

/* Taitu is "her" (1); the other commanders "his". */
static const char *
his(const char *name)
{
	return strcmp(name, "taitu") == 0 ? "her" : "his";
}

/* The exchange this turn still owes: 1 while it is half made, or while
 * both the commander and the next one in command hold a card (2.2). */
static int
exchange_due(const struct deck_state *s)
{
	int next;

	if (adwa_of(s)->x_from >= 0)
		return 1;
	if (adwa_of(s)->exchanged || s->turn < 0)
		return 0;
	next = deck_next_player(s, s->turn);
	return next >= 0 && s->p[s->turn].hand.n > 0 && s->p[next].hand.n > 0;
}

/*
 * The Mutiny step is owed by a commander not incapacitated who has not
 * made it this turn (9).  umpire asks it of every such commander, even one
 * who holds no Mutiny card and so rolls no die: a step asked only of the
 * holders would tell the table who holds them, a secret the rules keep.
 */
static int
mutiny_due(const struct deck_state *s)
{
	if (adwa_of(s)->rolled || adwa_of(s)->acted || s->turn < 0)
		return 0;
	return adwa_of(s)->p[s->turn].idle == 0;
}

enum adwa_turn_step
adwa_turn_step(const struct deck_state *s)
{
	if (adwa_of(s)->strike >= 0)
		return ADWA_AT_REACT;
	if (s->turn_no == 0 || adwa_of(s)->acted || !adwa_of(s)->drawn)
		return ADWA_AT_DRAW;
	if (exchange_due(s))
		return ADWA_AT_EXCHANGE;
	if (mutiny_due(s))
		return ADWA_AT_MUTINY;
	return ADWA_AT_ACT;
}

const char *
adwa_turn_step_name(enum adwa_turn_step t)
{
	static const char *const names[] = {
		[ADWA_AT_DRAW] = "draw", [ADWA_AT_EXCHANGE] = "exchange",
		[ADWA_AT_MUTINY] = "mutiny", [ADWA_AT_ACT] = "act",
		[ADWA_AT_REACT] = "react"
	};

	return names[t];
}

/* What the turn waits for, as a refusal's second half with its rule. */
static void
waiting_for(const struct deck_state *s, char *buf, size_t len)
{
	const char *who = s->turn >= 0 ? s->p[s->turn].name : "";
	int next;

	switch (adwa_turn_step(s)) {
	case ADWA_AT_DRAW:
		if (s->turn_no == 0)
			snprintf(buf, len, "no turn has begun: umpire draw begins the "
			    "first (2)");
		else
			snprintf(buf, len, "%s's turn is over: the next commander "
			    "begins with umpire draw (2, 3)", who);
		break;
	case ADWA_AT_EXCHANGE:
		if (adwa_of(s)->x_from >= 0) {
			snprintf(buf, len, "an exchange is under way: %s must still "
			    "pick a card for %s (2.2)", s->p[adwa_of(s)->x_to].name,
			    s->p[adwa_of(s)->x_from].name);
			break;
		}
		next = deck_next_player(s, s->turn);
		snprintf(buf, len, "%s must first exchange a card with %s: umpire "
		    "draw exchange CARD --with %s (2.2)", who, s->p[next].name,
		    s->p[next].name);
		break;
	case ADWA_AT_MUTINY:
		snprintf(buf, len, "%s must first make the Mutiny rolls, one d6 for "
		    "each Mutiny card held: umpire draw mutiny (9)", who);
		break;
	case ADWA_AT_ACT:
		snprintf(buf, len, "%s's turn waits for one ordinary action or "
		    "umpire draw pass (2.3)", who);
		break;
	case ADWA_AT_REACT:
		snprintf(buf, len, "an Assassin waits for %s's answer (2.1)",
		    s->p[adwa_of(s)->strike].name);
		break;
	}
}

int
adwa_turn_allow(const struct deck_state *s, enum adwa_turn_step want,
    const char *what, char *why, size_t whylen)
{
	enum adwa_turn_step at = adwa_turn_step(s);
	struct adwa_report r;
	char wait[200];

	/* 2.1: an Assassin waiting for its answer holds up every step */
	if (adwa_strike_refuse(s, what, &r) != ST_OK) {
		snprintf(why, whylen, "%s", r.why);
		return ST_USAGE;
	}
	if (at == want)
		return ST_OK;
	/* steps the turn has passed, said plainly (2, 9) */
	if (want == ADWA_AT_EXCHANGE && at == ADWA_AT_MUTINY)
		snprintf(why, whylen, "%s: %s has already exchanged this turn "
		    "(2.2)", what, s->p[s->turn].name);
	else if (want == ADWA_AT_MUTINY && at == ADWA_AT_ACT && adwa_of(s)->rolled)
		snprintf(why, whylen, "%s: %s has already rolled for Mutiny this "
		    "turn, once for each card (9)", what, s->p[s->turn].name);
	else if (want == ADWA_AT_EXCHANGE && at == ADWA_AT_ACT)
		snprintf(why, whylen, "%s: %s's exchange is done: it comes "
		    "before the Mutiny rolls and the action (2.2, 9)", what,
		    s->p[s->turn].name);
	else if (want != ADWA_AT_DRAW && at == ADWA_AT_DRAW && s->turn_no > 0)
		snprintf(why, whylen, "%s: %s has acted or passed and %s turn is "
		    "over; the next commander begins with umpire draw (2.3, 3)",
		    what, s->p[s->turn].name, his(s->p[s->turn].name));
	else {
		waiting_for(s, wait, sizeof wait);
		snprintf(why, whylen, "%s out of turn: %s", what, wait);
	}
	return ST_USAGE;
}

int
adwa_pass(struct deck_state *s, struct adwa_report *r)
{
	const struct deck_player *p;
	int st;

	if ((st = adwa_turn_allow(s, ADWA_AT_ACT, "pass", r->why,
	    sizeof r->why)) != ST_OK)
		return st;
	p = &s->p[s->turn];
	adwa_of(s)->acted = 1;
	adwa_step(&r->steps, "2.3", "%s %s: the turn ends without an ordinary "
	    "action", p->name, adwa_of(s)->p[s->turn].idle > 0 ? "is incapacitated (10)" : "passes");
	adwa_step(&r->steps, "3", "%s begins the next turn with umpire draw",
	    deck_next_player(s, s->turn) < 0 ? p->name :
	    s->p[deck_next_player(s, s->turn)].name);
	snprintf(r->code, sizeof r->code, "passed");
	snprintf(r->text, sizeof r->text, "%s ended the turn without an action",
	    p->name);
	snprintf(r->log, sizeof r->log, "%s", r->text);
	r->changed = 1;
	return ST_OK;
}

/* ---- Veto (6, 8, 9) ---- */

/* The log entry of the turn's ordinary action, if it is the last thing
 * that happened: a card played as the action, or a Mutiny that took the
 * action's place (logged as a defection, 9); NULL otherwise. */
static const cJSON *
last_action(const struct deck_state *s)
{
	int n = cJSON_GetArraySize(s->log);
	const cJSON *e = n ? cJSON_GetArrayItem(s->log, n - 1) : NULL;
	const char *op = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e,
	    "op"));
	const char *by = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e,
	    "by"));
	const cJSON *turn = cJSON_GetObjectItemCaseSensitive(e, "turn");

	if (!e || !adwa_of(s)->acted || s->turn < 0 || !op || !by || !cJSON_IsNumber(turn) ||
	    turn->valuedouble != (double)s->turn_no ||
	    strcmp(by, s->p[s->turn].name) != 0 ||
	    (strcmp(op, "play") != 0 && strcmp(op, "defection") != 0))
		return NULL;
	return e;
}

/* Is the last action one Imperial Dignity cancels: a Withdraw (4) or a
 * defection, by Mutiny or by the card (9)? */
static int
dignity_fits(const cJSON *e)
{
	const char *op = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e,
	    "op"));
	const char *text = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e,
	    "text"));

	return (op && strcmp(op, "defection") == 0) ||
	    (text && strstr(text, " played a withdraw"));
}

/*
 * Cancel the turn's ordinary action: by a Veto card (6), or by Imperial
 * Dignity read as a power that spends no card (dignity set: the reading a
 * game chooses with new --dignity power, umpire-draw(1)), which cancels
 * only a Withdraw with its draw (4) or a defection (9).
 */
static int
cancel_action(struct deck_state *s, int who, int dignity, struct adwa_report *r)
{
	int hand[DECK_MAX_CARDS], veto = deck_kind_find(s->def, "veto");
	const struct deck_player *v = &s->p[who];
	const struct adwa_player *av = &adwa_of(s)->p[who];
	const cJSON *e = last_action(s);
	char actor[DECK_NAME_MAX], sub[200];
	size_t nhand, i;
	cJSON *undone = NULL;
	struct rng after;
	int self, mutiny, a, pos, spent = 0;

	if (!adwa_is_imperial(s->def, v->name))
		return adwa_refuse(r, "only Menelik or Taitu veto (6): not '%s'",
		    v->name);
	if (v->out)
		return adwa_refuse(r, "'%s' is disgraced and can veto nothing (8)",
		    v->name);
	if (av->idle > 0)
		return adwa_refuse(r, "'%s' is incapacitated and cannot veto (10)",
		    v->name);
	if (!dignity && deck_pile_find(&v->hand, s->def, veto) < 0)
		return adwa_refuse(r, "%s holds no veto (6)", v->name);
	if (adwa_of(s)->strike >= 0 && dignity)
		return adwa_refuse(r, "Imperial Dignity answers an action, and an "
		    "Assassin waits for %s's answer (2.1)", s->p[adwa_of(s)->strike].name);
	if (adwa_of(s)->strike >= 0)
		return adwa_refuse(r, "a Veto now answers the Assassin that struck "
		    "%s: umpire draw react veto --by %s (2.1, 6)",
		    s->p[adwa_of(s)->strike].name, v->name);
	if (!e)
		return adwa_refuse(r, "a %s answers a chosen action as soon as it "
		    "is played, and the last thing done was none (6)", dignity ?
		    "Imperial Dignity" : "Veto");
	if (dignity && !dignity_fits(e))
		return adwa_refuse(r, "Imperial Dignity cancels a Withdraw with its "
		    "draw or a defection, and the last action was neither (4, 9)");
	a = s->turn;
	snprintf(actor, sizeof actor, "%s", s->p[a].name);
	mutiny = strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e,
	    "op")), "defection") == 0 && adwa_is_imperial(s->def, actor);
	self = a == who;
	/* 8: a Disgrace is vetoed only by the imperial leader who did not
	 * play it, whoever its target */
	if (self && !mutiny && strstr(cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(e, "text")) ?
	    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "text")) :
	    "", "disgrace"))
		return adwa_refuse(r, "only the other imperial leader may veto %s's "
		    "Disgrace, not %s (8)", v->name, v->name);
	/* 6: never one's own chosen action; 9: one's own Mutiny, yes */
	if (self && !mutiny)
		return adwa_refuse(r, "%s cannot veto %s own chosen action (6)",
		    v->name, his(v->name));
	nhand = s->p[a].hand.n;
	memcpy(hand, s->p[a].hand.c, nhand * sizeof *hand);
	after = s->rng;
	/* the action is taken back whole (its draw too, for a Withdraw: 4),
	 * its log entry kept; then the cards it spent are spent again */
	if (deck_undo_state(s, s->def, &undone, sub, sizeof sub) != 0) {
		cJSON_Delete(undone);
		return adwa_refuse(r, "the action cannot be taken back: %s", sub);
	}
	json_push(s->log, undone);
	s->rng = after;
	for (i = s->p[a].hand.n; i-- > 0;) {
		int card = s->p[a].hand.c[i], k, kept = 0;

		for (k = 0; k < (int)nhand; k++)
			kept |= hand[k] == card;
		if (!kept) {
			deck_pile_push(&s->discard, deck_pile_take(&s->p[a].hand, i));
			spent++;
		}
	}
	adwa_of(s)->exchanged = adwa_of(s)->rolled = adwa_of(s)->acted = 1;
	if (!dignity) {
		pos = deck_pile_find(&s->p[who].hand, s->def, veto);
		deck_pile_push(&s->discard, deck_pile_take(&s->p[who].hand, (size_t)pos));
	}
	adwa_step(&r->steps, dignity ? "4, 9" : "6", "%s %s %s%s: it is "
	    "cancelled, as if never carried out", v->name, dignity ?
	    "uses Imperial Dignity on" : "vetoes", self ? his(v->name) :
	    "the", self ? " own Mutiny" : mutiny ? " Mutiny" : " chosen action");
	adwa_step(&r->steps, "6", "the card%s it spent and %s's action stay "
	    "spent%s", spent == 1 ? "" : "s", actor, dignity ? "; no card pays "
	    "for the Dignity" : "; the Veto goes to the discard pile");
	snprintf(r->code, sizeof r->code, "%s", dignity ? "cancelled" : "vetoed");
	snprintf(r->text, sizeof r->text, "%s %s %s's %s: cancelled, its card "
	    "and the action spent", v->name, dignity ? "used Imperial Dignity on" :
	    "vetoed", actor, mutiny ? "Mutiny" : "action");
	snprintf(r->log, sizeof r->log, "%s", r->text);
	r->op = dignity ? "dignity" : "veto";
	r->changed = 1;
	return ST_OK;
}

int
adwa_veto(struct deck_state *s, int who, struct adwa_report *r)
{
	return cancel_action(s, who, 0, r);
}

int
adwa_dignity(struct deck_state *s, int who, struct adwa_report *r)
{
	if (!adwa_of(s)->dignity)
		return adwa_refuse(r, "this game reads Imperial Dignity as the Veto "
		    "card: react veto --by %s (a game begun with new --dignity "
		    "power reads it as a power)", s->p[who].name);
	return cancel_action(s, who, 1, r);
}
