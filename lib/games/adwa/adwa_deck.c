/*
 * adwa_deck.c: the Adwa 1896 rules for the deck that lib/deck.c holds:
 * a refusal with its rule, the order of the commanders (3), the start of
 * each turn (3, 10), the turn's draw of up to two with recycling and the
 * Assassins it meets (2.1, 12), the exchange with the next commander
 * (2.2, 3), the discard the rules do not allow (2.3, 9), and the dealing
 * of the secret roles with their odds (1).  Playing cards and Mutiny are
 * in adwa_play.c, the answer to an Assassin in adwa_react.c.
 *
 * Where the text leaves a number or a method open, the choice made here is
 * marked "umpire's choice" and documented in umpire-draw(1).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "adwa.h"
#include "adwa_board.h"
#include "adwa_impl.h"
#include "err.h"
#include "out.h"

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
		size_t j = (size_t)dice_rng_face(r, (int)i) - 1;
		char *t = names[i - 1];

		names[i - 1] = names[j];
		names[j] = t;
	}
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
		struct adwa_board b;

		next = deck_next_player(s, old);
		if (next < 0)
			next = old;
		if (next <= old) {
			/* 11: on a board the round's end was made before this
			 * draw (adwa_board_owed); without one it is the players' */
			if (adwa_board_get(s, &b) == 0)
				adwa_step(&r->steps, "3", "round %d begins", s->round + 1);
			else
				adwa_step(&r->steps, "11", "round %d is over: the hours "
				    "advance and an Italian army advances (umpire draw "
				    "advance)", s->round);
			s->round++;
		}
	} else {
		for (i = 0, next = 0; i < s->np && s->p[i].out; i++)
			next = (int)i + 1;
		s->round = 1;
	}
	s->turn = next;
	s->turn_no++;
	adwa_of(s)->drawn = adwa_of(s)->exchanged = adwa_of(s)->rolled = adwa_of(s)->acted = 0;
	adwa_step(&r->steps, "3", "turn %d, round %d: %s's turn", s->turn_no,
	    s->round, pname(s, next));
	if (adwa_of(s)->p[next].idle > 0)
		adwa_step(&r->steps, "10", "%s is incapacitated (%d own turn%s to "
		    "go): %s draws and exchanges but takes no ordinary action",
		    pname(s, next), adwa_of(s)->p[next].idle, adwa_of(s)->p[next].idle == 1 ? "" : "s",
		    adwa_he(pname(s, next)));
}

int
adwa_take_kind(struct deck_state *s, struct deck_pile *from, int kind,
    struct deck_pile *to)
{
	int pos = deck_pile_find(from, s->def, kind);

	if (pos < 0)
		return -1;
	deck_pile_push(to, deck_pile_take(from, (size_t)pos));
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
	adwa_of(s)->strike = who;
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
				adwa_of(s)->owed = n - i - 1;
				stopped = 1;
				break;
			}
			healed++;
			continue;
		}
		deck_pile_push(&s->p[who].hand, card);
		push_card(cards, s, card);
		got++;
	}
	if (turn == ADWA_DRAW_TURN)
		adwa_of(s)->drawn = 1;
	json_set_bool(r->json, "recycled", said);
	json_set_bool(r->json, "waiting", stopped);
	/* 1: behind a PIN, the cards drawn are shown by hand alone (an
	 * Assassin is shown to all: 2.1) */
	if (adwa_of(s)->p[who].pin[0]) {
		cJSON_ReplaceItemInObjectCaseSensitive(r->json, "cards",
		    cJSON_CreateNull());
		json_set_num(r->json, "drawn", got);
		if (got)
			adwa_step(&r->steps, "2.1", "%s draws %d card%s: umpire draw "
			    "hand %s shows them, to %s PIN", pname(s, who), got,
			    got == 1 ? "" : "s", pname(s, who), adwa_his(pname(s, who)));
	} else if (got) {
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
	if (adwa_of(s)->x_from >= 0) {
		int c1;

		if (from != adwa_of(s)->x_to || to != adwa_of(s)->x_from)
			return adwa_refuse(r, "an exchange is under way: %s must pick a card "
			    "for %s (2.2)", pname(s, adwa_of(s)->x_to), pname(s, adwa_of(s)->x_from));
		if (adwa_take_kind(s, &s->p[from].hand, kind, &s->p[adwa_of(s)->x_from].hand) < 0)
			return adwa_refuse(r, "%s holds no '%s'", pname(s, from), id);
		c1 = deck_pile_pop(&s->locked);
		deck_pile_push(&s->p[from].hand, c1);
		adwa_step(&r->steps, "2.2", "both cards were locked in before either "
		    "was received: %s and %s swap them face down", pname(s, adwa_of(s)->x_from),
		    pname(s, from));
		adwa_step(&r->steps, "2.2", "a card received does not take effect");
		snprintf(r->code, sizeof r->code, "exchanged");
		snprintf(r->text, sizeof r->text, "%s and %s exchanged a card each",
		    pname(s, adwa_of(s)->x_from), pname(s, from));
		adwa_of(s)->x_from = adwa_of(s)->x_to = -1;
		adwa_of(s)->exchanged = 1;
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
		if ((adwa_of(s)->exchanged || adwa_of(s)->rolled || !adwa_of(s)->drawn || adwa_of(s)->acted) &&
		    (st = adwa_turn_allow(s, ADWA_AT_EXCHANGE, "exchange", r->why,
		    sizeof r->why)) != ST_OK)
			return st;
		next = deck_next_player(s, from);
		if (to != next)
			return adwa_refuse(r, "%s exchanges with the next commander still in "
			    "command, %s, not '%s' (2.2, 3)", pname(s, from),
			    next < 0 ? "nobody" : pname(s, next), pname(s, to));
		if (deck_pile_find(&s->p[from].hand, s->def, kind) < 0)
			return adwa_refuse(r, "%s holds no '%s'", pname(s, from), id);
		adwa_of(s)->exchanged = 1;
		if (s->p[to].hand.n == 0) {
			adwa_step(&r->steps, "2.2", "%s holds no cards: no exchange",
			    pname(s, to));
			snprintf(r->code, sizeof r->code, "skipped");
			snprintf(r->text, sizeof r->text, "the exchange between %s and %s "
			    "is skipped: %s's hand is empty", pname(s, from), pname(s, to),
			    pname(s, to));
		} else {
			adwa_take_kind(s, &s->p[from].hand, kind, &s->locked);
			adwa_of(s)->x_from = from;
			adwa_of(s)->x_to = to;
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
	return adwa_refuse(r, "the rules allow no discard at will: %s%s leaves "
	    "a hand only when played, exchanged, taken by Support or lost to a "
	    "Disgrace (2.3, 6, 8); umpire draw undo takes back a mistake",
	    adwa_article(id), id);
}

int
adwa_roles_deal(struct deck_state *s, struct adwa_report *r)
{
	int elig[DECK_MAX_PLAYERS], n = 0, spy_i, traitor = -1;
	size_t i;

	/* 1: Menelik and Taitu are never the traitor; umpire's choice is
	 * that they are not the spy either, for 6 names the spy beside them */
	for (i = 0; i < s->np; i++)
		if (!adwa_is_imperial(s->def, s->p[i].name) && !s->p[i].out)
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
		snprintf(adwa_of(s)->p[i].role, sizeof adwa_of(s)->p[i].role, "loyal");
	spy_i = elig[dice_rng_face(&s->rng, n) - 1];
	snprintf(adwa_of(s)->p[spy_i].role, sizeof adwa_of(s)->p[spy_i].role, "spy");
	/* 1: one traitor in 4 chances of 5, none otherwise */
	if (dice_rng_face(&s->rng, 5) <= 4 && n > 1) {
		int k = dice_rng_face(&s->rng, n - 1) - 1, j;

		for (j = 0; j < n; j++)
			if (elig[j] != spy_i && k-- == 0)
				traitor = elig[j];
		snprintf(adwa_of(s)->p[traitor].role, sizeof adwa_of(s)->p[traitor].role, "traitor");
	}
	adwa_of(s)->roles = 1;
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
		e += !adwa_is_imperial(d, names[i]);
	for (i = 0; i < n; i++) {
		if (adwa_is_imperial(d, names[i]) || e == 0) {
			odds[i].spy = odds[i].traitor = 0;
		} else {
			/* spy 1 in e; traitor: 0.8, not the spy, 1 in e - 1 */
			odds[i].spy = 1.0 / (double)e;
			odds[i].traitor = e > 1 ? 0.8 / (double)e : 0;
		}
		odds[i].loyal = 1 - odds[i].spy - odds[i].traitor;
	}
}
