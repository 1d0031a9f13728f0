/*
 * adwa_react.c: the answers an Adwa game waits for, and the steps of a
 * turn that answer or expose: an Assassin drawn (2.1, 10), exposing the
 * traitor (7), an Attack on an Ethiopian commander (11), and the checks a
 * saved game's roles must pass (1).
 *
 * An Assassin strikes the moment it is drawn (2.1): the draw stops there,
 * and the game waits for the answer of the commander it struck, given
 * after seeing it: his own Healer, an imperial Veto, or none, when a d6
 * of his own turns is lost (10).  Nothing else may happen meanwhile; the
 * cards the draw still owes are drawn once the answer is given, so a
 * second Assassin is a second strike and a second answer.  A declared
 * --healer or --veto on the draw is a standing answer, applied when an
 * Assassin comes if its card is in hand then; otherwise the strike waits,
 * as if it had not been given (umpire-draw(1)).
 */
#include <stdio.h>
#include <string.h>

#include "deck.h"
#include "err.h"
#include "games/adwa/adwa.h"
#include "games/adwa/adwa_board.h"
#include "out.h"

const char *
adwa_his(const char *name)
{
	return strcmp(name, "taitu") == 0 ? "her" : "his";
}

const char *
adwa_he(const char *name)
{
	return strcmp(name, "taitu") == 0 ? "she" : "he";
}

/* ---- the roles a saved game may hold (1) ---- */

static int
known_role(const char *role)
{
	return strcmp(role, "loyal") == 0 || strcmp(role, "spy") == 0 ||
	    strcmp(role, "traitor") == 0;
}

int
adwa_state_check(const struct deck_state *s, char *why, size_t whylen)
{
	int spies = 0, traitors = 0;
	size_t i;

	for (i = 0; i < s->np; i++) {
		const struct deck_player *p = &s->p[i];
		const struct adwa_player *ap = &adwa_of(s)->p[i];

		if (!adwa_of(s)->roles && ap->role[0]) {
			snprintf(why, whylen, "players: '%s' has a role, '%s', but "
			    "roles were not dealt", p->name, ap->role);
			return -1;
		}
		if (adwa_of(s)->roles && !known_role(ap->role)) {
			snprintf(why, whylen, "players: '%s': unknown role '%s' "
			    "(loyal, spy or traitor)", p->name, ap->role);
			return -1;
		}
		spies += strcmp(ap->role, "spy") == 0;
		traitors += strcmp(ap->role, "traitor") == 0;
		/* 1: never the traitor; umpire never deals them the spy */
		if (adwa_is_imperial(s->def, p->name) && adwa_of(s)->roles &&
		    strcmp(ap->role, "loyal") != 0) {
			snprintf(why, whylen, "players: '%s' cannot be the %s (1)",
			    p->name, ap->role);
			return -1;
		}
		if (ap->exposed && strcmp(ap->role, "traitor") != 0) {
			snprintf(why, whylen, "players: '%s' is exposed but is not the "
			    "traitor (7)", p->name);
			return -1;
		}
	}
	if (adwa_of(s)->roles && (spies != 1 || traitors > 1)) {
		snprintf(why, whylen, "players: %d spies and %d traitors: one spy "
		    "and at most one traitor (1)", spies, traitors);
		return -1;
	}
	return 0;
}

/* ---- the Assassin's strike (2.1, 10) ---- */

int
adwa_strike_refuse(const struct deck_state *s, const char *what,
    struct adwa_report *r)
{
	const char *v;

	if (adwa_of(s)->strike < 0)
		return ST_OK;
	v = s->p[adwa_of(s)->strike].name;
	return adwa_refuse(r, "%s: an Assassin struck %s and the game waits for "
	    "%s answer first: umpire draw react healer, react veto --by "
	    "COMMANDER, or react none (2.1)", what, v, adwa_his(v));
}

/* May `v` veto now (6, 8, 10)?  ST_OK, or the refusal. */
static int
veto_able(const struct deck_state *s, int v, struct adwa_report *r)
{
	const struct deck_player *p = &s->p[v];
	const struct adwa_player *ap = &adwa_of(s)->p[v];

	if (!adwa_is_imperial(s->def, p->name))
		return adwa_refuse(r, "only Menelik or Taitu veto (6): not '%s'",
		    p->name);
	if (p->out)
		return adwa_refuse(r, "'%s' is disgraced and can veto nothing (8)",
		    p->name);
	if (ap->idle > 0)
		return adwa_refuse(r, "'%s' is incapacitated and cannot veto (10)",
		    p->name);
	if (deck_pile_find(&p->hand, s->def, deck_kind_find(s->def, "veto")) < 0)
		return adwa_refuse(r, "%s holds no veto (6)", p->name);
	return ST_OK;
}

static void
spend(struct deck_state *s, int who, const char *id)
{
	struct deck_player *p = &s->p[who];
	int pos = deck_pile_find(&p->hand, s->def, deck_kind_find(s->def, id));

	deck_pile_push(&s->discard, deck_pile_take(&p->hand, (size_t)pos));
}

int
adwa_strike_resolve(struct deck_state *s, const struct adwa_tables *t,
    enum adwa_answer how, int vetoer, int die, struct adwa_report *r)
{
	struct adwa_input in = { .proc = ADWA_ASSASSINATE };
	struct deck_player *p = &s->p[adwa_of(s)->strike];
	struct adwa_player *ap = &adwa_of(s)->p[adwa_of(s)->strike];
	struct adwa_result res;
	size_t i;
	int st;

	if (how == ADWA_ANSWER_HEALER) {
		/* 2.1: the victim's own Healer; 10: usable while incapacitated */
		if (deck_pile_find(&p->hand, s->def, deck_kind_find(s->def, "healer")) < 0)
			return adwa_refuse(r, "%s holds no healer to stop the Assassin "
			    "(2.1)", p->name);
		spend(s, adwa_of(s)->strike, "healer");
		in.healer = 1;
	} else if (how == ADWA_ANSWER_VETO) {
		/* 6: each may veto an assassination, his or her own included */
		if ((st = veto_able(s, vetoer, r)) != ST_OK)
			return st;
		spend(s, vetoer, "veto");
		in.veto = 1;
	}
	adwa_resolve(t, &in, &die, &res);
	for (i = 0; i < res.steps.n; i++)
		adwa_step(&r->steps, res.steps.s[i].rule, "%s", res.steps.s[i].text);
	if (how == ADWA_ANSWER_HEALER)
		snprintf(r->log, sizeof r->log, "%s's Healer stopped the Assassin",
		    p->name);
	else if (how == ADWA_ANSWER_VETO)
		snprintf(r->log, sizeof r->log, "%s vetoed the Assassin that struck "
		    "%s", s->p[vetoer].name, p->name);
	else {
		/* a fresh wound cannot shorten one already running:
		 * umpire's choice is the longer of the two */
		if (res.value > ap->idle)
			ap->idle = res.value;
		ap->idle_from = s->turn_no;
		adwa_step(&r->steps, "10", "%s is incapacitated for %d of %s own "
		    "turns", p->name, ap->idle, adwa_his(p->name));
		snprintf(r->log, sizeof r->log, "the Assassin wounded %s: "
		    "incapacitated for %d own turn%s (d6 = %d)", p->name, ap->idle,
		    ap->idle == 1 ? "" : "s", die);
	}
	snprintf(r->code, sizeof r->code, "%s", how == ADWA_ANSWER_HEALER ?
	    "healed" : how == ADWA_ANSWER_VETO ? "vetoed" : "wounded");
	snprintf(r->text, sizeof r->text, "%.199s", r->log);
	adwa_of(s)->strike = -1;
	return ST_OK;
}

/* The answer to the Assassin that waits, then the rest of its draw. */
static int
answer_strike(struct deck_state *s, const struct adwa_tables *t,
    enum adwa_answer how, int vetoer, struct adwa_defence *def,
    struct adwa_report *r)
{
	int victim = adwa_of(s)->strike, owed = adwa_of(s)->owed, die = 0, st;
	struct adwa_report rest = { 0 };
	size_t i;

	if (how == ADWA_ANSWER_NONE)
		die = def->used < def->ndice ? def->dice[def->used++] :
		    dice_rng_face(&s->rng, 6);
	else if (def->ndice)
		return adwa_refuse(r, "--roll: a %s stops the Assassin: no die is "
		    "rolled (2.1)", how == ADWA_ANSWER_HEALER ? "Healer" : "Veto");
	if ((st = adwa_strike_resolve(s, t, how, vetoer, die, r)) != ST_OK)
		return st;
	adwa_of(s)->owed = 0;
	if (owed == 0) {
		r->changed = 1;
		return ST_OK;
	}
	/* 2.1: the draw the Assassin interrupted goes on */
	rest.json = r->json;
	if ((st = adwa_draw(s, t, victim, owed, ADWA_DRAW_REST, def,
	    &rest)) != ST_OK) {
		snprintf(r->why, sizeof r->why, "%s", rest.why);
		return st;
	}
	for (i = 0; i < rest.steps.n; i++)
		adwa_step(&r->steps, rest.steps.s[i].rule, "%s",
		    rest.steps.s[i].text);
	snprintf(r->log + strlen(r->log), sizeof r->log - strlen(r->log),
	    "; %s", rest.log);
	snprintf(r->text, sizeof r->text, "%.199s", r->log);
	r->changed = 1;
	return ST_OK;
}

int
adwa_react(struct deck_state *s, const struct adwa_tables *t,
    enum adwa_answer how, int by, struct adwa_defence *def,
    struct adwa_report *r)
{
	if (!r->json)
		r->json = json_object();
	if (how == ADWA_ANSWER_DIGNITY) {
		if (by < 0)
			return adwa_refuse(r, "react dignity: name the imperial leader "
			    "with --by (6)");
		return adwa_dignity(s, by, r);
	}
	if (adwa_of(s)->strike >= 0) {
		if (how == ADWA_ANSWER_VETO && by < 0) {
			/* the victim's own Veto when he is imperial (6) */
			if (!adwa_is_imperial(s->def, s->p[adwa_of(s)->strike].name))
				return adwa_refuse(r, "react veto: name the imperial "
				    "leader who vetoes with --by (6)");
			by = adwa_of(s)->strike;
		}
		if (how != ADWA_ANSWER_VETO && by >= 0 && by != adwa_of(s)->strike)
			return adwa_refuse(r, "--by: the answer to the Assassin is %s's "
			    "own, or an imperial Veto: not '%s' (2.1)",
			    s->p[adwa_of(s)->strike].name, s->p[by].name);
		r->op = "react";
		return answer_strike(s, t, how, by, def, r);
	}
	/* 6: with nothing drawn to answer, a Veto answers the last action */
	if (how == ADWA_ANSWER_VETO) {
		if (by < 0)
			return adwa_refuse(r, "react veto: name the imperial leader "
			    "who vetoes with --by (6)");
		return adwa_veto(s, by, r);
	}
	return adwa_refuse(r, "react %s: no Assassin waits for an answer (2.1)",
	    how == ADWA_ANSWER_HEALER ? "healer" : "none");
}

/* ---- Expose the traitor (7) ---- */

int
adwa_expose(struct deck_state *s, int who, struct adwa_report *r)
{
	const struct deck_player *p = &s->p[who];
	const struct adwa_player *ap = &adwa_of(s)->p[who];
	struct adwa_player *tr;
	int st;

	if ((st = adwa_strike_refuse(s, "expose", r)) != ST_OK)
		return st;
	if (p->out)
		return adwa_refuse(r, "'%s' is disgraced and can expose nobody (7)",
		    p->name);
	if (ap->idle > 0)
		return adwa_refuse(r, "'%s' is incapacitated and can expose nobody "
		    "(7)", p->name);
	if (s->turn_no == 0 || who != s->turn)
		return adwa_refuse(r, "exposing the traitor is %s's ordinary action, "
		    "in %s own turn (7)", p->name, adwa_his(p->name));
	if ((st = adwa_turn_allow(s, ADWA_AT_ACT, "expose", r->why,
	    sizeof r->why)) != ST_OK)
		return st;
	if (!adwa_of(s)->roles)
		return adwa_refuse(r, "roles were not dealt by umpire: it cannot "
		    "know whom %s's Spy found (7)", p->name);
	if (ap->found < 0 || strcmp(adwa_of(s)->p[ap->found].role, "traitor") != 0)
		return adwa_refuse(r, "%s's Spy has identified no traitor: only a "
		    "successful Spy that found him allows an exposure (7)", p->name);
	if (ap->found_turn >= s->turn_no)
		return adwa_refuse(r, "the traitor is exposed on a later turn than "
		    "the Spy that found him (7)");
	tr = &adwa_of(s)->p[ap->found];
	if (tr->exposed)
		return adwa_refuse(r, "%s is exposed already (7)",
		    s->p[ap->found].name);
	tr->exposed = 1;
	adwa_of(s)->acted = 1;
	adwa_step(&r->steps, "7", "%s spends %s ordinary action, and no card, to "
	    "expose the traitor", p->name, adwa_his(p->name));
	adwa_step(&r->steps, "7", "%s is the traitor, now known to all for "
	    "certain; every other role and all hands stay secret", s->p[ap->found].name);
	adwa_step(&r->steps, "7", "%s keeps %s command until Menelik or Taitu "
	    "disgraces %s (8)", s->p[ap->found].name, adwa_his(s->p[ap->found].name),
	    strcmp(s->p[ap->found].name, "taitu") == 0 ? "her" : "him");
	json_set_str(r->json, "traitor", s->p[ap->found].name);
	snprintf(r->code, sizeof r->code, "exposed");
	snprintf(r->text, sizeof r->text, "%s exposed %s as the traitor", p->name,
	    s->p[ap->found].name);
	snprintf(r->log, sizeof r->log, "%s", r->text);
	r->op = "expose";
	r->changed = 1;
	return ST_OK;
}

/* ---- an Attack on an Ethiopian commander (11) ---- */

/*
 * The board (contingents and where they stand) is kept by the board's own
 * code (adwa_board.c): this records the loss in the log in a fixed form, "X
 * loses a contingent", and has the board take one of X's contingents off
 * (this is the one place it happens; adwa_board_play leaves an Attack on a
 * commander to it).  Which contingent goes is the board's choice: the
 * text does not say.
 */
void
adwa_attack_commander(struct deck_state *s, int who, int target,
    struct adwa_report *r)
{
	const char *a = s->p[who].name, *v = s->p[target].name;

	adwa_step(&r->steps, "11", "an Attack on an Ethiopian commander: %s "
	    "loses one of %s contingents", v, adwa_his(v));
	if (s->p[target].out)
		adwa_step(&r->steps, "8", "%s is disgraced, but %s contingents stay "
		    "in place and can still be lost", v, adwa_his(v));
	adwa_board_attack(s, target, r);
	json_set_str(r->json, "contingent_lost", v);
	snprintf(r->log, sizeof r->log, "%s attacked %s: %s loses a contingent",
	    a, v, v);
	r->op = "attack";
}
