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
#include "games/adwa/adwa_impl.h"
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
	struct adwa_player *ap;
	int st;

	if ((st = adwa_turn_allow(s, ADWA_AT_ACT, "pass", r->why,
	    sizeof r->why)) != ST_OK)
		return st;
	p = &s->p[s->turn];
	ap = &adwa_of(s)->p[s->turn];
	adwa_of(s)->acted = 1;
	adwa_step(&r->steps, "2.3", "%s %s: the turn ends without an ordinary "
	    "action", p->name, ap->idle > 0 ? "is incapacitated (10)" : "passes");
	/* 10: a turn sat out counts when it ends, so a wound is over with
	 * the last one, not at the next draw; the turn of a fresh wound
	 * does not count */
	if (ap->idle > 0 && ap->idle_from != s->turn_no) {
		ap->idle--;
		if (ap->idle)
			adwa_step(&r->steps, "10", "%s has sat out another of %s "
			    "turns: %d to go", p->name, his(p->name), ap->idle);
		else
			adwa_step(&r->steps, "10", "%s has sat out the last of %s "
			    "turns out of action: the wound is over", p->name,
			    his(p->name));
	}
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

static const char *
entry_str(const cJSON *e, const char *key)
{
	const char *v = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e,
	    key));

	return v ? v : "";
}

/* The k-th last entry of the log that is not an undo's note (k from 1),
 * if it was made in the turn under way; NULL otherwise. */
static const cJSON *
entry_back(const struct deck_state *s, int k)
{
	int n = cJSON_GetArraySize(s->log);
	const cJSON *e = NULL, *turn;

	while (k > 0 && n > 0) {
		e = cJSON_GetArrayItem(s->log, --n);
		k -= !deck_is_undo_note(e);
	}
	turn = cJSON_GetObjectItemCaseSensitive(e, "turn");
	if (k > 0 || !e || !cJSON_IsNumber(turn) ||
	    turn->valuedouble != (double)s->turn_no)
		return NULL;
	return e;
}

/* Is e the turn's ordinary action: a card played as the action, or a
 * Mutiny that took the action's place (logged as a defection, 9)? */
static int
is_action(const struct deck_state *s, const cJSON *e)
{
	const char *op = entry_str(e, "op");

	return e && strcmp(entry_str(e, "by"), s->p[s->turn].name) == 0 &&
	    (strcmp(op, "play") == 0 || strcmp(op, "defection") == 0);
}

static int
is_withdraw(const cJSON *e)
{
	return strstr(entry_str(e, "text"), " played a withdraw") != NULL;
}

/*
 * The log entry of the turn's ordinary action, if nothing has happened
 * since but what its own draw brought: *depth is 1 when it is the last
 * entry, 2 when the last is the answer to an Assassin its Withdraw's
 * regroup draw met (4: Imperial Dignity cancels the withdrawal and its
 * draw, whatever the draw met).  NULL when there is none to answer.
 */
static const cJSON *
last_action(const struct deck_state *s, int *depth)
{
	const cJSON *e = entry_back(s, 1), *before;

	*depth = 1;
	if (!adwa_of(s)->acted || s->turn < 0 || !e)
		return NULL;
	if (is_action(s, e))
		return adwa_of(s)->strike < 0 || is_withdraw(e) ? e : NULL;
	before = entry_back(s, 2);
	if (strcmp(entry_str(e, "op"), "react") != 0 || !is_action(s, before) ||
	    !is_withdraw(before))
		return NULL;
	*depth = 2;
	return before;
}

/* Is the last action one Imperial Dignity cancels: a Withdraw (4) or a
 * defection, by Mutiny or by the card (9)? */
static int
dignity_fits(const cJSON *e)
{
	return strcmp(entry_str(e, "op"), "defection") == 0 || is_withdraw(e);
}

/* Why there is nothing to cancel: the refusal (6, 7, 2.1). */
static int
nothing_to_cancel(const struct deck_state *s, const struct deck_player *v,
    int dignity, struct adwa_report *r)
{
	const cJSON *e = entry_back(s, 1);

	if (adwa_of(s)->strike >= 0 && dignity)
		return adwa_refuse(r, "Imperial Dignity answers an action, and an "
		    "Assassin waits for %s's answer (2.1)",
		    s->p[adwa_of(s)->strike].name);
	if (adwa_of(s)->strike >= 0)
		return adwa_refuse(r, "a Veto now answers the Assassin that struck "
		    "%s: umpire draw react veto --by %s (2.1, 6)",
		    s->p[adwa_of(s)->strike].name, v->name);
	if (e && strcmp(entry_str(e, "op"), "expose") == 0)
		return adwa_refuse(r, "an exposure is not cancelled: once the "
		    "traitor is named to all, no %s unsays it (6, 7)", dignity ?
		    "Imperial Dignity" : "Veto");
	return adwa_refuse(r, "%s answers a chosen action as soon as it is "
	    "played, and the last thing done was none (6)", dignity ?
	    "Imperial Dignity" : "a Veto");
}

/* May v cancel now (6, 8, 10), judged on the game as it was before the
 * action: a Disgrace that has just struck its target out of command
 * leaves the target the Veto that answers it (8). */
static int
canceller_able(const struct deck_state *s, int who, int dignity,
    struct adwa_report *r)
{
	const struct deck_player *v = &s->p[who];

	if (v->out)
		return adwa_refuse(r, "'%s' is disgraced and can veto nothing (8)",
		    v->name);
	if (adwa_of(s)->p[who].idle > 0)
		return adwa_refuse(r, "'%s' is incapacitated and cannot veto (10)",
		    v->name);
	if (!dignity && deck_pile_find(&v->hand, s->def,
	    deck_kind_find(s->def, "veto")) < 0)
		return adwa_refuse(r, "%s holds no veto (6)", v->name);
	return ST_OK;
}

/* 1 if card is in the n cards of list. */
static int
among(const int *list, size_t n, int card)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (list[i] == card)
			return 1;
	return 0;
}

/*
 * A cancelled draw's cards, back in the draw pile, are shuffled into it
 * rather than left on top (4): the one who drew them has seen them, and
 * the next commander's draw must not be known to him.  Cards the draw
 * took from a recycled discard pile are back there, and stay.
 */
static void
bury(struct deck_state *s, const int *drawn, size_t n)
{
	struct deck_pile *d = &s->draw;
	size_t i, k;

	for (i = 0; i < n; i++)
		for (k = 0; k < d->n; k++) {
			int card = d->c[k], j;
			size_t m;

			if (card != drawn[i])
				continue;
			deck_pile_take(d, k);
			j = dice_rng_face(&s->rng, (int)d->n + 1) - 1;
			deck_pile_push(d, card);
			for (m = d->n - 1; m > (size_t)j; m--)
				d->c[m] = d->c[m - 1];
			d->c[j] = card;
			break;
		}
}

/*
 * Take the action back whole (its draw too, for a Withdraw: 4; and the
 * answer to an Assassin that draw met), its log entries kept: 0, or -1
 * with why[].  drawn[] gets the cards its draw took, *ndrawn how many.
 */
static int
take_back(struct deck_state *s, int depth, int *drawn, size_t *ndrawn,
    int *spent, char *why, size_t whylen)
{
	int a = s->turn, hand[DECK_MAX_CARDS], gone[DECK_MAX_CARDS];
	size_t nhand = s->p[a].hand.n, ngone = s->removed.n, i;
	cJSON *undone[2] = { NULL, NULL };
	int k;

	/* an empty pile may hold no array at all */
	if (nhand)
		memcpy(hand, s->p[a].hand.c, nhand * sizeof *hand);
	if (ngone)
		memcpy(gone, s->removed.c, ngone * sizeof *gone);
	for (k = 0; k < depth; k++)
		if (deck_undo_state(s, s->def, &undone[k], why, whylen) != 0) {
			cJSON_Delete(undone[0]);
			cJSON_Delete(undone[1]);
			return -1;
		}
	for (k = depth; k-- > 0;)
		json_push(s->log, undone[k]);
	/* what the action drew: in its hand after it, or an Assassin it
	 * met, and neither before */
	*ndrawn = 0;
	for (i = 0; i < nhand; i++)
		if (!among(s->p[a].hand.c, s->p[a].hand.n, hand[i]))
			drawn[(*ndrawn)++] = hand[i];
	for (i = 0; i < ngone; i++)
		if (!among(s->removed.c, s->removed.n, gone[i]))
			drawn[(*ndrawn)++] = gone[i];
	/* then the cards it spent are spent again */
	*spent = 0;
	for (i = s->p[a].hand.n; i-- > 0;)
		if (!among(hand, nhand, s->p[a].hand.c[i])) {
			deck_pile_push(&s->discard, deck_pile_take(&s->p[a].hand, i));
			++*spent;
		}
	return 0;
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
	int drawn[2 * DECK_MAX_CARDS], depth, self, mutiny, a, st, spent;
	const struct deck_player *v = &s->p[who];
	char actor[DECK_NAME_MAX], sub[200];
	size_t ndrawn;
	const cJSON *e;
	struct rng after;

	if (!adwa_is_imperial(s->def, v->name))
		return adwa_refuse(r, "only Menelik or Taitu veto (6): not '%s'",
		    v->name);
	if (!(e = last_action(s, &depth)))
		return nothing_to_cancel(s, v, dignity, r);
	if (dignity && !dignity_fits(e))
		return adwa_refuse(r, "Imperial Dignity cancels a Withdraw with its "
		    "draw or a defection, and the last action was neither (4, 9)");
	a = s->turn;
	snprintf(actor, sizeof actor, "%s", s->p[a].name);
	/* 9: an imperial leader never plays a Defection (1), so a defection
	 * of his is his Mutiny */
	mutiny = strcmp(entry_str(e, "op"), "defection") == 0 &&
	    adwa_is_imperial(s->def, actor);
	self = a == who;
	/* 8: a Disgrace is vetoed only by the imperial leader who did not
	 * play it, whoever its target */
	if (self && !mutiny && strstr(entry_str(e, "text"), "disgrace"))
		return adwa_refuse(r, "only the other imperial leader may veto %s's "
		    "Disgrace, not %s (8)", v->name, v->name);
	/* 6: never one's own chosen action; 9: one's own Mutiny, yes */
	if (self && !mutiny)
		return adwa_refuse(r, "%s cannot veto %s own chosen action (6)",
		    v->name, his(v->name));
	after = s->rng;
	if (take_back(s, depth, drawn, &ndrawn, &spent, sub, sizeof sub) < 0)
		return adwa_refuse(r, "the action cannot be taken back: %s", sub);
	s->rng = after;
	/* judged as the game stood before the action (8) */
	if ((st = canceller_able(s, who, dignity, r)) != ST_OK)
		return st;
	bury(s, drawn, ndrawn);
	adwa_of(s)->exchanged = adwa_of(s)->rolled = adwa_of(s)->acted = 1;
	if (!dignity)
		adwa_take_kind(s, &s->p[who].hand, kind_id(s, "veto"),
		    &s->discard);
	adwa_step(&r->steps, dignity ? "4, 9" : "6", "%s %s %s%s: it is "
	    "cancelled, as if never carried out", v->name, dignity ?
	    "uses Imperial Dignity on" : "vetoes", self ? his(v->name) :
	    "the", self ? " own Mutiny" : mutiny ? " Mutiny" : " chosen action");
	adwa_step(&r->steps, "6", "the card%s it spent and %s's action stay "
	    "spent%s", spent == 1 ? "" : "s", actor, dignity ? "; no card pays "
	    "for the Dignity" : "; the Veto goes to the discard pile");
	if (ndrawn)
		adwa_step(&r->steps, "4", "the card%s of its draw go%s back into "
		    "the draw pile, shuffled in", ndrawn == 1 ? "" : "s",
		    ndrawn == 1 ? "es" : "");
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
