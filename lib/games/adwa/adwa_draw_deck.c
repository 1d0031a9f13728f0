/*
 * adwa_draw_deck.c: the steps of an Adwa 1896 turn on the saved deck: the
 * turn's draw, --to naming whose it is (2.1, 12), a commander's hand,
 * playing a card (5, 6), the discard the rules lack (refused), passing
 * (2.3) and the exchange (2.2).  Each change is made under the game's
 * lock and written durably (lib/deck_file.c); the rules are the game's
 * (lib/games/adwa/adwa_deck.c, adwa_play.c).
 */
#include <stdio.h>
#include <string.h>

#include "games/adwa/adwa_draw.h"
#include "deck.h"
#include "err.h"
#include "games/adwa/adwa.h"
#include "out.h"

static int
card_kind(const struct deck_def *d, const char *name, int *kind)
{
	const char *ids[DECK_MAX_KINDS], *near;
	size_t i;

	if ((*kind = deck_kind_find(d, name)) >= 0)
		return ST_OK;
	for (i = 0; i < d->nkinds; i++)
		ids[i] = d->kinds[i].id;
	near = err_nearest(name, ids, d->nkinds);
	if (near)
		return err(ST_USAGE, "unknown card: '%s' (did you mean '%s'?)", name,
		    near);
	return err(ST_USAGE, "unknown card: '%s' (umpire-draw(1) lists the "
	    "cards)", name);
}

/*
 * --to names the commander the turn's draw is for: a check, not a draw of
 * its own, for the rules have no extra draw (2.1); the one draw outside a
 * turn's, a Withdraw's regroup, is umpire's to make (4).
 */
static int
drawer_check(const struct deck_state *s, int who, struct adwa_report *rep)
{
	int next = -1;
	size_t i;

	if (s->p[who].out)
		return adwa_refuse(rep, "'%s' is disgraced and draws no more cards "
		    "(8)", s->p[who].name);
	if (adwa_turn_step(s) != ADWA_AT_DRAW)
		return ST_OK;	/* the turn's draw refuses it in its words */
	if (s->turn_no == 0) {
		for (i = 0; i < s->np && next < 0; i++)
			if (!s->p[i].out)
				next = (int)i;
	} else if ((next = deck_next_player(s, s->turn)) < 0)
		next = s->turn;
	if (next != who)
		return adwa_refuse(rep, "--to: the turn's draw is %s's, not '%s': "
		    "the rules have no extra draw, and a Withdraw's regroup draw "
		    "is made with it (2.1, 3, 4)", s->p[next].name, s->p[who].name);
	return ST_OK;
}

int
adwa_draw_draw(struct ctx *c, const struct adwa_draw_request *r)
{
	struct adwa_report rep = { 0 };
	struct adwa_defence def;
	int dice[ADWA_MAX_DICE], who = -1, n, st;
	struct adwa_draw_session g;
	struct adwa_draw_out o;

	if ((st = adwa_draw_session_open(c, r, 1, 1, &g)) != ST_OK) {
		adwa_draw_session_free(&g);
		return st;
	}
	n = r->nops ? r->n : g.def.draw;
	if (n < 1 || n > g.def.draw)
		st = err(ST_USAGE, "a draw takes 1 to %d cards: '%d' (%s)",
		    g.def.draw, n, g.def.hand_rule);
	else if (r->to)
		st = adwa_draw_commander(&g, "--to: ", r->to, &who);
	if (st == ST_OK)
		st = adwa_draw_defence(&g, r, dice, &def);
	if (st != ST_OK) {
		adwa_draw_session_free(&g);
		return st;
	}
	adwa_draw_out_init(&o, g.def.game, "draw");
	adwa_draw_game_header(&o, &g, "the turn's draw");
	st = who < 0 ? ST_OK : drawer_check(&g.s, who, &rep);
	if (st == ST_OK)
		st = adwa_draw(&g.s, &g.t, -1, n, ADWA_DRAW_TURN, &def, &rep);
	if (st == ST_OK) {
		json_set_str(o.json, "commander", g.s.p[g.s.turn].name);
		json_set_num(o.json, "turn", g.s.turn_no);
		json_set_num(o.json, "round", g.s.round);
		if (def.used < def.ndice)
			adwa_step(&rep.steps, NULL, "--roll: %d value%s left unused: no "
			    "Assassin needed %s", def.ndice - def.used,
			    def.ndice - def.used == 1 ? "" : "s",
			    def.ndice - def.used == 1 ? "it" : "them");
	}
	st = adwa_draw_finish(c, &g, &o, st, &rep, "draw",
	    st == ST_OK ? g.s.p[g.s.turn].name : NULL, "2.1");
	adwa_draw_session_free(&g);
	return st;
}

static void
hand_lines(struct adwa_draw_out *o, const struct adwa_draw_session *g, const struct deck_player *p)
{
	cJSON *cards = json_array(), *counts = json_object();
	size_t k, i;
	char line[300];

	for (i = 0; i < p->hand.n; i++) {
		cJSON *c = json_object();

		json_set_str(c, "card", deck_card_id(&g->s, p->hand.c[i]));
		json_set_num(c, "id", p->hand.c[i]);
		json_push(cards, c);
	}
	for (k = 0; k < g->def.nkinds; k++) {
		size_t n = deck_pile_count(&p->hand, &g->def, (int)k);
		const struct deck_kind *kd = &g->def.kinds[k];

		if (!n)
			continue;
		json_set_num(counts, kd->id, (double)n);
		snprintf(line, sizeof line, "%zu x %-16s %s", n, kd->id, kd->name);
		adwa_draw_out_step(o, kd->rule, line);
	}
	json_set(o->json, "cards", cards);
	json_set(o->json, "counts", counts);
}

int
adwa_draw_hand(struct ctx *c, const struct adwa_draw_request *r)
{
	struct adwa_draw_session g;
	struct adwa_draw_out o;
	char text[200];
	int who, st, asked;

	if ((st = adwa_draw_session_open(c, r, 0, 0, &g)) != ST_OK ||
	    (st = adwa_draw_commander(&g, "", r->ops[0], &who)) != ST_OK ||
	    (st = adwa_draw_pin_check(&g, who, "hand", &asked)) != ST_OK) {
		adwa_draw_session_free(&g);
		return st;
	}
	adwa_draw_out_init(&o, g.def.game, "draw-hand");
	adwa_draw_game_header(&o, &g, "a hand, for its holder's eyes only");
	json_set_str(o.json, "commander", g.s.p[who].name);
	hand_lines(&o, &g, &g.s.p[who]);
	snprintf(text, sizeof text, "%s holds %zu card%s%s", g.s.p[who].name,
	    g.s.p[who].hand.n, g.s.p[who].hand.n == 1 ? "" : "s",
	    g.s.p[who].out ? " (disgraced)" : adwa_of(&g.s)->p[who].idle ?
	    " (incapacitated)" : "");
	json_set_bool(o.json, "disgraced", g.s.p[who].out);
	json_set_num(o.json, "incapacitated", adwa_of(&g.s)->p[who].idle);
	adwa_draw_out_result(&o, NULL, "hand", text);
	out_secret("a hand of cards");
	adwa_draw_session_free(&g);
	st = adwa_draw_out_done(c, &o);
	adwa_draw_pin_clear(asked);
	return st;
}

int
adwa_draw_discard(struct ctx *c, const struct adwa_draw_request *r)
{
	struct adwa_report rep = { 0 };
	struct adwa_draw_session g;
	struct adwa_draw_out o;
	int who, kind, st;

	if ((st = adwa_draw_session_open(c, r, 1, 0, &g)) != ST_OK ||
	    (st = card_kind(&g.def, r->ops[0], &kind)) != ST_OK ||
	    (st = adwa_draw_acting(&g, r, &who)) != ST_OK) {
		adwa_draw_session_free(&g);
		return st;
	}
	adwa_draw_out_init(&o, g.def.game, "draw-discard");
	adwa_draw_game_header(&o, &g, "discard");
	st = adwa_discard(&g.s, who, kind, &rep);
	st = adwa_draw_finish(c, &g, &o, st, &rep, "discard", g.s.p[who].name, "12");
	adwa_draw_session_free(&g);
	return st;
}

int
adwa_draw_play(struct ctx *c, const struct adwa_draw_request *r)
{
	struct adwa_report rep = { 0 };
	struct adwa_play p;
	int dice[ADWA_MAX_DICE], st, i, asked = 0;
	struct adwa_draw_session g;
	struct adwa_draw_out o;

	memset(&p, 0, sizeof p);
	p.target = p.army = -1;
	if (r->army && (p.army = adwa_army_find(r->army)) < 0)
		return err(ST_USAGE, "--army: not an Italian army (%s, %s or %s): "
		    "'%s'", adwa_army[0], adwa_army[1], adwa_army[2], r->army);
	if ((st = adwa_draw_session_open(c, r, 1, 1, &g)) != ST_OK)
		goto fail;
	for (i = 0; i < r->nops; i++)
		if ((st = card_kind(&g.def, r->ops[i], &p.kinds[p.nkinds++])) != ST_OK)
			goto fail;
	p.show = r->show != NULL;
	if ((st = adwa_draw_acting(&g, r, &p.who)) != ST_OK ||
	    (r->with && (st = adwa_draw_commander(&g, "--with: ", r->with, &p.target)) != ST_OK) ||
	    (r->show && (st = adwa_draw_commander(&g, "--show: ", r->show,
	    &p.show_who)) != ST_OK) ||
	    (st = adwa_draw_defence(&g, r, dice, &p.def)) != ST_OK)
		goto fail;
	/* 6: what a Spy or a Support finds, shown to its player's PIN */
	if (r->show && p.show_who == p.who &&
	    (st = adwa_draw_pin_check(&g, p.who, "--show", &asked)) != ST_OK)
		goto fail;
	adwa_draw_out_init(&o, g.def.game, "draw-play");
	adwa_draw_game_header(&o, &g, "play");
	json_set_str(o.json, "commander", g.s.p[p.who].name);
	st = adwa_play(&g.s, &g.t, &p, &rep);
	st = adwa_draw_finish(c, &g, &o, st, &rep, "play", g.s.p[p.who].name,
	    g.def.kinds[p.kinds[0]].rule);
	adwa_draw_session_free(&g);
	if (st == ST_OK)
		adwa_draw_pin_clear(asked);
	return st;
fail:
	adwa_draw_session_free(&g);
	return st;
}

/* 2.3: the turn ends without an ordinary action. */
int
adwa_draw_pass(struct ctx *c, const struct adwa_draw_request *r)
{
	struct adwa_report rep = { 0 };
	struct adwa_draw_session g;
	struct adwa_draw_out o;
	int st;

	if ((st = adwa_draw_session_open(c, r, 1, 0, &g)) != ST_OK) {
		adwa_draw_session_free(&g);
		return st;
	}
	adwa_draw_out_init(&o, g.def.game, "draw-pass");
	adwa_draw_game_header(&o, &g, "pass");
	if (g.s.turn >= 0)
		json_set_str(o.json, "commander", g.s.p[g.s.turn].name);
	st = adwa_pass(&g.s, &rep);
	st = adwa_draw_finish(c, &g, &o, st, &rep, "pass",
	    g.s.turn >= 0 ? g.s.p[g.s.turn].name : NULL, "2.3");
	adwa_draw_session_free(&g);
	return st;
}

int
adwa_draw_exchange(struct ctx *c, const struct adwa_draw_request *r)
{
	struct adwa_report rep = { 0 };
	int from, to, kind, st;
	struct adwa_draw_session g;
	struct adwa_draw_out o;
	char typed[64];
	const char *card = r->nops ? r->ops[0] : typed;

	if (!r->with)
		return err(ST_USAGE, "exchange: name the other commander with "
		    "--with");
	/* 2.2: the card may be typed unechoed, out of the shell's history */
	if (!r->nops && (st = adwa_draw_secret_card("exchange", typed,
	    sizeof typed)) != ST_OK)
		return st;
	if ((st = adwa_draw_session_open(c, r, 1, 0, &g)) != ST_OK ||
	    (st = card_kind(&g.def, card, &kind)) != ST_OK ||
	    (st = adwa_draw_commander(&g, "--with: ", r->with, &to)) != ST_OK)
		goto fail;
	/* the answer to a half-made exchange comes from its receiver */
	if (r->from)
		st = adwa_draw_commander(&g, "--from: ", r->from, &from);
	else if (adwa_of(&g.s)->x_from >= 0 && to == adwa_of(&g.s)->x_from)
		from = adwa_of(&g.s)->x_to;
	else
		st = adwa_draw_acting(&g, r, &from);
	if (st != ST_OK)
		goto fail;
	adwa_draw_out_init(&o, g.def.game, "draw-exchange");
	/* 2.2: the card goes face down; the game log does not name it */
	o.hide[0] = card;
	adwa_draw_game_header(&o, &g, "exchange");
	st = adwa_exchange(&g.s, from, to, kind, &rep);
	st = adwa_draw_finish(c, &g, &o, st, &rep, "exchange", g.s.p[from].name, "2.2");
	adwa_draw_session_free(&g);
	return st;
fail:
	adwa_draw_session_free(&g);
	return st;
}
