/*
 * test_adwa.c: the Adwa 1896 game module: the battle arithmetic of 11
 * against values worked out by hand (each case shows its sums), the d6
 * procedures (2.1, 6, 8, 9, 11), the secret roles (1) and the deck's rules
 * on play, exchange, Disgrace and incapacitation (2, 3, 5, 6, 8, 10).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "deck.h"
#include "err.h"
#include "games/adwa/adwa.h"
#include "tap.h"

static struct deck_def def;
static struct adwa_tables tabs;

static void
setup(void)
{
	struct ctx c;

	memset(&c, 0, sizeof c);
	c.data_dir = "rules";
	if (deck_def_load(&c, "adwa", &adwa_deck_rules, &def) != ST_OK ||
	    adwa_tables_load(&c, &tabs) != ST_OK) {
		printf("Bail out! cannot load rules/adwa\n");
		exit(1);
	}
}

static void
command(struct adwa_battle *b, const char *name, int strength, const char *pos,
    int incapacitated)
{
	struct adwa_command *c = &b->eth[b->neth++];
	int k;

	snprintf(c->name, sizeof c->name, "%s", name);
	c->strength = strength;
	c->incapacitated = incapacitated;
	/* pos: one letter per contingent, r ready, i incomplete, l lost */
	for (k = 0; k < ADWA_CONTINGENTS; k++)
		c->c[k] = pos[k] == 'r' ? ADWA_READY : pos[k] == 'i' ?
		    ADWA_INCOMPLETE : ADWA_LOST;
}

static void
italy(struct adwa_battle *b, int a, int r, int d)
{
	b->italy[0] = a;
	b->italy[1] = r;
	b->italy[2] = d;
	b->reserve = ADWA_RESERVE;
}

static int
close_to(double a, double b)
{
	return a - b < 1e-9 && b - a < 1e-9;
}

/*
 * Seven commanders of 10, all ready: Ethiopia 70.  Italy 20 + 20 + 20 + 8
 * = 68.  Rolls 3 and 3: 70 x 1.01 = 70.7 against 68 x 1.01 = 68.68.
 * Odds: Ethiopia wins when 70(80 + 7a) >= 68(80 + 7b), i.e. 160 + 490a >=
 * 476b: for b = 1..6 the least a is 1, 2, 3, 4, 5, 6, so 6+5+4+3+2+1 = 21.
 */
static void
test_battle_even(void)
{
	static const char *const names[] = { "menelik", "taitu", "makonnen",
	    "mengesha", "alula", "mikael", "tekle-haymanot" };
	struct adwa_battle b;
	struct adwa_battle_result r;
	size_t i;

	memset(&b, 0, sizeof b);
	for (i = 0; i < 7; i++)
		command(&b, names[i], 10, "rrrr", 0);
	italy(&b, 20, 20, 20);
	ok(adwa_battle_resolve(&b, 3, 3, &r) == 0, "resolves");
	ok(close_to(r.ethiopia, 70), "Ethiopia 7 x 10 = 70: %g", r.ethiopia);
	is_int(r.italy, 68, "Italy 20 + 20 + 20 + reserve 8 = 68");
	is_int(r.ready, 28, "28 of 28 contingents ready");
	ok(close_to(r.eth_final, 70.7) && close_to(r.ita_final, 68.68),
	    "70 x 1.01 = 70.7, 68 x 1.01 = 68.68: %g, %g", r.eth_final, r.ita_final);
	ok(r.ethiopia_wins, "11: Ethiopia wins");
	adwa_battle_resolve(&b, 1, 6, &r);
	ok(close_to(r.eth_final, 60.9) && close_to(r.ita_final, 82.96) &&
	    !r.ethiopia_wins, "rolls 1 and 6: 70 x 0.87 = 60.9 < 68 x 1.22 = 82.96");
	adwa_battle_odds(&b, &r);
	is_int(r.wins, 21, "odds: Ethiopia wins 21 of the 36 pairs");
	ok(r.win[0][0] && !r.win[0][1] && r.win[1][1] && !r.win[4][5] &&
	    r.win[5][5], "the pairs: (1,1) yes, (1,2) no, (2,2) yes, (5,6) no, (6,6) yes");
}

/*
 * makonnen 12: 3 ready, 1 incomplete: 12 x (3/4 + 1/4 x 0.2) = 12 x 0.8 = 9.6
 * alula 10, incapacitated, all ready: 10 x 0.7 = 7
 * mikael 8: 2 ready, 1 incomplete, 1 lost: 8 x (0.5 + 0.05) = 4.4
 * Ethiopia 21; readiness 9 of 12 = 75%.  Italy 5 + 5 + 4 + 8 = 22.
 * Rolls 4, 3: 21 x 1.08 = 22.68 >= 22 x 1.01 = 22.22: Ethiopia.
 * Rolls 3, 4: 21 x 1.01 = 21.21 < 22 x 1.08 = 23.76: Italy.
 * Odds: 21(80 + 7a) >= 22(80 + 7b), i.e. 147a >= 80 + 154b: least a for
 * b = 1..5 is 2, 3, 4, 5, 6 and none for b = 6: 5+4+3+2+1 = 15.
 */
static void
test_battle_mixed(void)
{
	struct adwa_battle b;
	struct adwa_battle_result r;

	memset(&b, 0, sizeof b);
	command(&b, "makonnen", 12, "rrri", 0);
	command(&b, "alula", 10, "rrrr", 1);
	command(&b, "mikael", 8, "rril", 0);
	italy(&b, 5, 5, 4);
	adwa_battle_resolve(&b, 4, 3, &r);
	is_int(r.eth200, 21 * 200, "Ethiopia 9.6 + 7 + 4.4 = 21 (x 200 = 4200)");
	is_int(r.italy, 22, "Italy 5 + 5 + 4 + 8 = 22");
	is_int(r.ready, 9, "9 ready");
	is_int(r.contingents, 12, "of 12 contingents");
	ok(close_to(r.eth_final, 22.68) && close_to(r.ita_final, 22.22) &&
	    r.ethiopia_wins, "rolls 4, 3: 22.68 >= 22.22, Ethiopia wins");
	adwa_battle_resolve(&b, 3, 4, &r);
	ok(close_to(r.eth_final, 21.21) && close_to(r.ita_final, 23.76) &&
	    !r.ethiopia_wins, "rolls 3, 4: 21.21 < 23.76, Italy wins");
	adwa_battle_odds(&b, &r);
	is_int(r.wins, 15, "odds: 15 of 36");
	ok(r.steps.n > 0 && strcmp(r.steps.s[0].rule, "11") == 0 &&
	    strstr(r.steps.s[0].text, "9.6"), "steps cite 11: '%s'",
	    r.steps.s[0].text);
}

/*
 * Readiness (11): at least 50% needed.  Two commanders of 100: one ready
 * 3 + incomplete 1 (80), the other all incomplete (20): 3 of 8 ready,
 * 37.5%: Italy wins every roll though 100 > 11.  With the second one ready
 * in one contingent: 4 of 8, exactly 50%, enough: 80 + 25 + 15 = 120.
 */
static void
test_battle_readiness(void)
{
	struct adwa_battle b;
	struct adwa_battle_result r;

	memset(&b, 0, sizeof b);
	command(&b, "menelik", 100, "rrri", 0);
	command(&b, "taitu", 100, "iiii", 0);
	italy(&b, 1, 1, 1);
	adwa_battle_odds(&b, &r);
	ok(close_to(r.ethiopia, 100) && !r.ready_enough && r.wins == 0,
	    "3 of 8 ready: 100 against 11 and still 0 of 36");
	b.eth[1].c[0] = ADWA_READY;
	adwa_battle_odds(&b, &r);
	ok(close_to(r.ethiopia, 120) && r.ready_enough && r.wins == 36,
	    "4 of 8 ready, exactly 50%%: 120 against 11, 36 of 36");
}

/* A tie goes to Ethiopia (11: strength >= Italy's): 68 against 68. */
static void
test_battle_tie(void)
{
	struct adwa_battle b;
	struct adwa_battle_result r;
	char why[128];

	memset(&b, 0, sizeof b);
	command(&b, "menelik", 68, "rrrr", 0);
	italy(&b, 20, 20, 20);
	adwa_battle_resolve(&b, 2, 2, &r);
	ok(r.ethiopia_wins, "68 x 0.94 = 68 x 0.94: Ethiopia");
	adwa_battle_resolve(&b, 1, 2, &r);
	ok(!r.ethiopia_wins, "68 x 0.87 < 68 x 0.94: Italy");
	adwa_battle_odds(&b, &r);
	is_int(r.wins, 21, "equal strengths: Ethiopia wins when its roll is at "
	    "least Italy's, 21 of 36");
	ok(adwa_battle_resolve(&b, 0, 3, &r) < 0 && adwa_battle_resolve(&b, 3, 7, &r) < 0,
	    "rolls must be faces of a d6");
	b.eth[0].strength = -1;
	ok(adwa_battle_check(&b, why, sizeof why) < 0, "a negative strength is "
	    "refused: %s", why);
}

static void
resolve(struct adwa_input *in, const int *dice, struct adwa_result *r)
{
	adwa_resolve(&tabs, in, dice, r);
}

static double
chance(struct adwa_input *in, const char *code)
{
	struct adwa_outcome out[64];
	double total, w = 0;
	size_t n = adwa_odds(&tabs, in, out, 64, &total), i;

	for (i = 0; i < n; i++)
		if (strcmp(out[i].code, code) == 0)
			w += out[i].ways;
	return w / total;
}

static void
test_procedures(void)
{
	struct adwa_input in;
	struct adwa_result r;
	int d[8], min;

	memset(&in, 0, sizeof in);
	in.proc = ADWA_DISGRACE;
	d[0] = 3;
	resolve(&in, d, &r);
	is_str(r.code, "fails", "8: Disgrace fails on 3");
	d[0] = 4;
	resolve(&in, d, &r);
	is_str(r.code, "disgraced", "8: ... succeeds on 4");
	ok(close_to(chance(&in, "disgraced"), 0.5), "8: 4-6 is one chance in two");

	in.proc = ADWA_SPY;
	d[0] = 4;
	resolve(&in, d, &r);
	is_str(r.code, "revealed", "6: Spy reveals on 4");
	ok(close_to(chance(&in, "revealed"), 0.5), "6: 4-6 of 6");

	in.proc = ADWA_ASSASSINATE;
	d[0] = 5;
	resolve(&in, d, &r);
	is_int(r.value, 5, "2.1: a 5 is five own turns out");
	in.healer = 1;
	is_int(adwa_dice(&in, &min), 0, "2.1: a Healer leaves nothing to roll");
	resolve(&in, d, &r);
	is_str(r.code, "healed", "... and stops it");
	in.healer = 0;

	in.proc = ADWA_MUTINY;
	in.held = 2;
	is_int(adwa_dice(&in, &min), 3, "9: two Mutinies, two dice and the army's");
	is_int(min, 2, "... of which two must be given");
	d[0] = 3; d[1] = 1; d[2] = 5;
	resolve(&in, d, &r);
	ok(strcmp(r.code, "mutiny") == 0 && r.army == 2 && r.strength == 5,
	    "9: 3, 1 triggers; 5 picks the third army, +5");
	d[0] = 1; d[1] = 1; d[2] = 1;
	resolve(&in, d, &r);
	ok(strcmp(r.code, "mutiny") == 0 && r.army == 0, "9: two 1s are one Mutiny");
	d[0] = 2; d[1] = 6;
	resolve(&in, d, &r);
	is_str(r.code, "holds", "9: 2, 6 holds");
	in.held = 4;
	/* 1 - (5/6)^4 = 671/1296 */
	ok(close_to(chance(&in, "mutiny"), 671.0 / 1296), "9: four Mutinies "
	    "trigger with 671/1296: %g", chance(&in, "mutiny"));

	in.proc = ADWA_ADVANCE;
	in.positions[0] = 3; in.positions[1] = 1; in.positions[2] = 2;
	is_int(adwa_dice(&in, &min), 2, "11: two armies below 3: a die to pick, "
	    "a die to reinforce");
	d[0] = 4; d[1] = 2;
	resolve(&in, d, &r);
	ok(r.army == 2 && r.value == 3 && r.strength == 1, "4 picks the second "
	    "of the two (1-3, 4-6): the third army, to 3, and 2 reinforces");
	ok(close_to(chance(&in, "reinforced"), 1.0 / 3), "11: 1-2 of 6 reinforce");
	in.positions[1] = in.positions[2] = 3;
	is_int(adwa_dice(&in, &min), 0, "11: all in position: no roll");

	in.proc = ADWA_CLOCK;
	d[0] = 1;
	resolve(&in, d, &r);
	is_str(r.code, "attack", "11: all in position, 1: Italy attacks");
	ok(close_to(chance(&in, "attack"), 1.0 / 6), "... one chance in six");
	in.first = 1;
	is_int(adwa_dice(&in, &min), 0, "11: no roll on the turn that completes it");
	in.first = 0;
	in.hours = 72;
	resolve(&in, d, &r);
	is_str(r.code, "forced", "11: at 72 hours the battle is forced");
	in.hours = 10;
	in.positions[0] = 2;
	resolve(&in, d, &r);
	is_str(r.code, "not-in-position", "11: no clock before all are in position");
}

/* ---- the deck's rules ---- */

static void
new_game(struct deck_state *s, uint64_t seed)
{
	struct rng r;

	dice_rng_seed(&r, seed);
	deck_new(s, &def, "t", def.players, def.nplayers, 4, &r);
}

static int
card_of(const char *id)
{
	int k = deck_kind_find(&def, id), c;

	for (c = 0; c < def.ncards; c++)
		if (def.kind_of[c] == k)
			return c;
	return -1;
}

/* Put a card of this kind in a hand (or on top of the draw pile). */
static void
give(struct deck_state *s, struct deck_pile *to, const char *id)
{
	int k = deck_kind_find(&def, id);
	struct deck_pile *from[3 + DECK_MAX_PLAYERS];
	size_t n = 0, i;
	int pos;

	from[n++] = &s->draw;
	from[n++] = &s->discard;
	for (i = 0; i < s->np; i++)
		from[n++] = &s->p[i].hand;
	for (i = 0; i < n; i++)
		if (from[i] != to && (pos = deck_pile_find(from[i], &def, k)) >= 0) {
			deck_pile_push(to, deck_pile_take(from[i], (size_t)pos));
			return;
		}
}

static int
play(struct deck_state *s, int who, const char *a, const char *b, int target,
    struct adwa_report *r)
{
	struct adwa_play p;
	int st;

	memset(&p, 0, sizeof p);
	memset(r, 0, sizeof *r);
	p.who = who;
	p.kinds[p.nkinds++] = deck_kind_find(&def, a);
	if (b)
		p.kinds[p.nkinds++] = deck_kind_find(&def, b);
	p.target = target;
	p.def.veto = -1;
	st = adwa_play(s, &tabs, &p, r);
	cJSON_Delete(r->json);
	r->json = NULL;
	return st;
}

static int
turn_draw(struct deck_state *s, struct adwa_defence *d)
{
	struct adwa_report r;
	struct adwa_defence none = { 0, -1, NULL, 0, 0 };
	int st;

	memset(&r, 0, sizeof r);
	st = adwa_draw(s, &tabs, -1, 2, ADWA_DRAW_TURN, d ? d : &none, &r);
	cJSON_Delete(r.json);
	/* 2.1: an Assassin waits for its answer: none, the wound's d6 from
	 * the defence's dice or the game's generator */
	while (st == ST_OK && adwa_of(s)->strike >= 0) {
		memset(&r, 0, sizeof r);
		st = adwa_react(s, &tabs, ADWA_ANSWER_NONE, -1, d ? d : &none, &r);
		cJSON_Delete(r.json);
	}
	return st;
}

/* Bring the turn to its action in the rules' order: the exchange, each
 * side giving its first card (2.2), then the Mutiny step with a 6 for each
 * Mutiny held, so none triggers (9). */
static void
to_act(struct deck_state *s)
{
	static const int sixes[ADWA_MAX_DICE] = { 6, 6, 6, 6, 6, 6, 6, 6 };
	struct adwa_report r;
	struct adwa_defence d = { 0, -1, sixes, 0, 0 };
	enum adwa_turn_step at;
	int a, b;

	while ((at = adwa_turn_step(s)) == ADWA_AT_EXCHANGE ||
	    at == ADWA_AT_MUTINY) {
		memset(&r, 0, sizeof r);
		a = adwa_of(s)->x_from >= 0 ? adwa_of(s)->x_to : s->turn;
		b = adwa_of(s)->x_from >= 0 ? adwa_of(s)->x_from : deck_next_player(s, a);
		if (at == ADWA_AT_EXCHANGE)
			adwa_exchange(s, a, b, def.kind_of[s->p[a].hand.c[0]], &r);
		else {
			d.ndice = (int)deck_pile_count(&s->p[s->turn].hand, &def,
			    deck_kind_find(&def, "mutiny"));
			adwa_mutiny(s, &tabs, &d, &r);
		}
		cJSON_Delete(r.json);
	}
}

/* The rest of the turn, a pass at its end (2.3), then the next turn's draw. */
static int
next_draw(struct deck_state *s, struct adwa_defence *d)
{
	struct adwa_report r;

	if (adwa_turn_step(s) != ADWA_AT_DRAW) {
		to_act(s);
		memset(&r, 0, sizeof r);
		adwa_pass(s, &r);
	}
	return turn_draw(s, d);
}

static void
test_play_rules(void)
{
	struct deck_state s;
	struct adwa_report r;
	char why[256];

	new_game(&s, 3);
	turn_draw(&s, NULL);
	to_act(&s);
	give(&s, &s.p[s.turn].hand, "priest");
	give(&s, &s.p[s.turn].hand, "monk");
	is_int(play(&s, s.turn, "priest", NULL, -1, &r), ST_USAGE,
	    "5: a lone personality card is refused: %s", r.why);
	is_int(play(&s, s.turn, "priest", "monk", -1, &r), ST_USAGE,
	    "5: different personalities are refused: %s", r.why);
	give(&s, &s.p[s.turn].hand, "mutiny");
	is_int(play(&s, s.turn, "mutiny", NULL, -1, &r), ST_USAGE,
	    "9: a Mutiny is never played by choice: %s", r.why);
	give(&s, &s.p[s.turn].hand, "priest");
	is_int(play(&s, s.turn, "priest", "priest", -1, &r), ST_OK,
	    "5: a pair of priests is one action");
	cJSON_Delete(r.json);
	ok(adwa_of(&s)->acted && deck_pile_count(&s.discard, &def, deck_kind_find(&def, "priest")) == 2,
	    "... both discarded, the action spent");
	give(&s, &s.p[s.turn].hand, "attack");
	is_int(play(&s, s.turn, "attack", NULL, -1, &r), ST_USAGE,
	    "2.3: one ordinary action a turn: %s", r.why);
	is_int(deck_check(&s, why, sizeof why), 0, "cards conserved");
	deck_free(&s);
}

static int
index_of(const struct deck_state *s, const char *name)
{
	return deck_player_find(s, name);
}

static void
test_restricted(void)
{
	struct deck_state s;
	struct adwa_report r;
	int menelik, other, taitu;

	new_game(&s, 4);
	menelik = index_of(&s, "menelik");
	taitu = index_of(&s, "taitu");
	other = index_of(&s, "alula");
	while (s.turn != other)
		next_draw(&s, NULL);
	give(&s, &s.p[other].hand, "disgrace");
	is_int(play(&s, other, "disgrace", NULL, menelik, &r), ST_USAGE,
	    "8: only Menelik or Taitu plays Disgrace: %s", r.why);
	give(&s, &s.p[other].hand, "veto");
	is_int(play(&s, other, "veto", NULL, -1, &r), ST_USAGE,
	    "6: only Menelik or Taitu vetoes: %s", r.why);
	give(&s, &s.p[menelik].hand, "attack");
	is_int(play(&s, menelik, "attack", NULL, -1, &r), ST_USAGE,
	    "2.3: an ordinary action only in one's own turn: %s", r.why);
	give(&s, &s.p[taitu].hand, "veto");
	is_int(play(&s, taitu, "veto", NULL, -1, &r), ST_USAGE,
	    "6: a Veto with no action to answer: %s", r.why);
	/* a Veto answers the action through its logged undo data, which only
	 * a saved game keeps: tests/adwa-turn.bats plays it whole */
	to_act(&s);
	give(&s, &s.p[other].hand, "attack");
	is_int(play(&s, other, "attack", NULL, -1, &r), ST_OK, "2.3: the action");
	is_int(play(&s, taitu, "veto", NULL, -1, &r), ST_USAGE,
	    "6: no logged action to answer: %s", r.why);
	cJSON_Delete(r.json);
	deck_free(&s);
}

static void
test_disgrace(void)
{
	struct deck_state s;
	struct adwa_report r;
	struct adwa_play p;
	int menelik, target, die = 5, next;
	size_t before;
	char why[256];

	new_game(&s, 5);
	menelik = index_of(&s, "menelik");
	while (s.turn != menelik)
		next_draw(&s, NULL);
	to_act(&s);
	target = deck_next_player(&s, menelik);
	give(&s, &s.p[menelik].hand, "disgrace");
	before = s.discard.n + s.p[target].hand.n + 1;
	memset(&p, 0, sizeof p);
	memset(&r, 0, sizeof r);
	p.who = menelik;
	p.kinds[0] = deck_kind_find(&def, "disgrace");
	p.nkinds = 1;
	p.target = target;
	p.def.veto = -1;
	p.def.dice = &die;
	p.def.ndice = 1;
	is_int(adwa_play(&s, &tabs, &p, &r), ST_OK, "8: Disgrace with a 5");
	cJSON_Delete(r.json);
	ok(s.p[target].out && s.p[target].hand.n == 0 && s.discard.n == before,
	    "8: the target is out, his hand and the card discarded");
	next = deck_next_player(&s, menelik);
	ok(next != target, "3: turns and exchanges pass him by");
	memset(&r, 0, sizeof r);
	{
		struct adwa_defence none = { 0, -1, NULL, 0, 0 };

		is_int(adwa_draw(&s, &tabs, target, 1, 0, &none, &r), ST_USAGE,
		    "8: no draw for a disgraced commander: %s", r.why);
		cJSON_Delete(r.json);
	}
	give(&s, &s.p[menelik].hand, "healer");
	memset(&r, 0, sizeof r);
	is_int(adwa_exchange(&s, menelik, target, deck_kind_find(&def, "healer"),
	    &r), ST_USAGE, "2.2: no exchange with him: %s", r.why);
	is_int(deck_check(&s, why, sizeof why), 0, "cards conserved");
	deck_free(&s);
}

static void
test_exchange(void)
{
	struct deck_state s;
	struct adwa_report r;
	int a, b, ka, kb, ca, cb;
	char why[256];

	new_game(&s, 6);
	turn_draw(&s, NULL);
	a = s.turn;
	b = deck_next_player(&s, a);
	ca = s.p[a].hand.c[0];
	cb = s.p[b].hand.c[0];
	ka = def.kind_of[ca];
	kb = def.kind_of[cb];
	memset(&r, 0, sizeof r);
	is_int(adwa_exchange(&s, a, deck_next_player(&s, b), ka, &r), ST_USAGE,
	    "2.2: only with the next commander: %s", r.why);
	memset(&r, 0, sizeof r);
	is_int(adwa_exchange(&s, a, b, ka, &r), ST_OK, "2.2: the first card is "
	    "locked in");
	ok(s.locked.n == 1 && adwa_of(&s)->x_from == a, "... held apart, face down");
	memset(&r, 0, sizeof r);
	is_int(turn_draw(&s, NULL), ST_USAGE, "the turn cannot pass mid-exchange");
	is_int(adwa_exchange(&s, b, a, kb, &r), ST_OK, "2.2: the answer completes it");
	ok(deck_pile_find(&s.p[b].hand, &def, ka) >= 0 &&
	    deck_pile_find(&s.p[a].hand, &def, kb) >= 0 && s.locked.n == 0,
	    "... each holds the other's card");
	memset(&r, 0, sizeof r);
	is_int(adwa_exchange(&s, a, b, kb, &r), ST_USAGE, "2.2: one exchange a "
	    "turn: %s", r.why);
	is_int(deck_check(&s, why, sizeof why), 0, "cards conserved");
	deck_free(&s);
}

/* 10: a wound of 2 on turn 1 keeps its victim out of his turns 8 and 15
 * (seven commanders), not of turn 1's remainder counted, and lets him act
 * on turn 22. */
static void
test_incapacitation(void)
{
	struct deck_state s;
	struct adwa_report r;
	struct adwa_defence d = { 0, -1, NULL, 0, 0 };
	int two = 2, victim, a = card_of("assassin"), pos;

	new_game(&s, 8);
	/* an Assassin on top of the draw pile */
	pos = deck_pile_find(&s.draw, &def, def.kind_of[a]);
	deck_pile_push(&s.draw, deck_pile_take(&s.draw, (size_t)pos));
	d.dice = &two;
	d.ndice = 1;
	turn_draw(&s, &d);
	victim = s.turn;
	ok(adwa_of(&s)->p[victim].idle == 2 && s.removed.n == 1 &&
	    def.kind_of[s.removed.c[0]] == def.kind_of[a],
	    "2.1: the Assassin is out of play; 2 own turns to sit out");
	while (s.turn_no < 8)
		next_draw(&s, NULL);
	ok(s.turn == victim && adwa_of(&s)->p[victim].idle == 2, "10: turn 8 is his, still "
	    "2 to go: the wound's turn did not count");
	give(&s, &s.p[victim].hand, "attack");
	is_int(play(&s, victim, "attack", NULL, -1, &r), ST_USAGE,
	    "10: no ordinary action while incapacitated: %s", r.why);
	while (s.turn_no < 15)
		next_draw(&s, NULL);
	is_int(adwa_of(&s)->p[victim].idle, 1, "10: turn 15, 1 to go");
	while (s.turn_no < 22)
		next_draw(&s, NULL);
	is_int(adwa_of(&s)->p[victim].idle, 0, "10: turn 22, recovered");
	to_act(&s);
	is_int(play(&s, victim, "attack", NULL, -1, &r), ST_OK, "... and acts");
	cJSON_Delete(r.json);
	deck_free(&s);
}

static void
test_healer_on_draw(void)
{
	struct deck_state s;
	struct adwa_defence d = { 1, -1, NULL, 0, 0 };
	int a = card_of("assassin"), pos, who;
	size_t healers;

	new_game(&s, 9);
	pos = deck_pile_find(&s.draw, &def, def.kind_of[a]);
	deck_pile_push(&s.draw, deck_pile_take(&s.draw, (size_t)pos));
	who = 0;
	give(&s, &s.p[who].hand, "healer");
	healers = deck_pile_count(&s.p[who].hand, &def, deck_kind_find(&def, "healer"));
	is_int(turn_draw(&s, &d), ST_OK, "2.1: an Assassin met with --healer");
	ok(adwa_of(&s)->p[who].idle == 0 && deck_pile_count(&s.p[who].hand, &def,
	    deck_kind_find(&def, "healer")) == healers - 1 && s.removed.n == 1,
	    "... the Healer spent, no wound, the Assassin out of play");
	deck_free(&s);
}

static void
test_roles(void)
{
	struct adwa_role_odds odds[DECK_MAX_PLAYERS];
	int traitors = 0, bad = 0, n;
	struct deck_state s;
	uint64_t seed;
	size_t i;

	for (seed = 1; seed <= 5000; seed++) {
		struct adwa_report r;
		int spies = 0, tr = 0;

		new_game(&s, seed);
		memset(&r, 0, sizeof r);
		adwa_roles_deal(&s, &r);
		for (i = 0; i < s.np; i++) {
			spies += strcmp(adwa_of(&s)->p[i].role, "spy") == 0;
			tr += strcmp(adwa_of(&s)->p[i].role, "traitor") == 0;
			if (adwa_is_imperial(&def, s.p[i].name) &&
			    strcmp(adwa_of(&s)->p[i].role, "loyal") != 0)
				bad++;
		}
		bad += spies != 1 || tr > 1;
		traitors += tr;
		deck_free(&s);
	}
	is_int(bad, 0, "1: 5000 deals: one spy, at most one traitor, Menelik and "
	    "Taitu always loyal");
	/* 80% of 5000 = 4000; three standard deviations (sqrt(5000 x .16) = 28) */
	ok(traitors > 3915 && traitors < 4085, "1: a traitor in %d of 5000 "
	    "(80%% expected)", traitors);
	adwa_roles_odds(&def, def.players, def.nplayers, odds);
	n = adwa_is_imperial(&def, def.players[2]) ? 0 : 2;
	ok(close_to(odds[n].spy, 0.2) && close_to(odds[n].traitor, 0.16) &&
	    close_to(odds[0].loyal, 1), "1: five eligible: spy 1/5, traitor 0.8/5; "
	    "Menelik loyal");
}

int
main(void)
{
	setup();
	test_battle_even();
	test_battle_mixed();
	test_battle_readiness();
	test_battle_tie();
	test_procedures();
	test_play_rules();
	test_restricted();
	test_disgrace();
	test_exchange();
	test_incapacitation();
	test_healer_on_draw();
	test_roles();
	adwa_tables_free(&tabs);
	deck_def_free(&def);
	return tap_done();
}
