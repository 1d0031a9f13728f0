/*
 * test_deck.c: the deck engine (lib/deck.c) with the Adwa deck of
 * rules/adwa/deck.json: the counts of rule 12, the deal without Assassins,
 * recycling, the invariants and their checks, the state file's round trip
 * and the undo patches.  Long random sequences of changes must keep every
 * one of the 78 cards in exactly one place after every change, and every
 * undo patch must give back exactly the state before.
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

static void
load_def(void)
{
	char *buf, why[256];
	size_t len;
	cJSON *root;

	if (data_read_file("rules/adwa/deck.json", &buf, &len) != ST_OK ||
	    data_parse_json(buf, len, &root, why, sizeof why) < 0) {
		printf("Bail out! cannot read rules/adwa/deck.json\n");
		exit(1);
	}
	free(buf);
	if (deck_def_from_json(root, &adwa_deck_rules, &def, why, sizeof why) < 0) {
		printf("Bail out! deck.json: %s\n", why);
		exit(1);
	}
	cJSON_Delete(root);
}

static int
kind_count(const char *id)
{
	int k = deck_kind_find(&def, id);

	return k < 0 ? -1 : def.kinds[k].count;
}

/* 12: the agreed ratios plus the four additions, 78 in all */
static void
test_counts(void)
{
	static const struct {
		const char *id;
		int n;
	} want[] = {
		{ "assassin", 4 }, { "healer", 6 }, { "attack", 4 }, { "advance", 4 },
		{ "shuffle", 4 }, { "support", 4 }, { "withdraw", 4 }, { "raid", 4 },
		{ "prophecy", 3 }, { "veto", 5 }, { "priest", 4 }, { "monk", 4 },
		{ "shifta", 4 }, { "askari-mutineer", 4 }, { "balabbat", 4 },
		{ "spy", 4 }, { "defection", 4 }, { "mutiny", 4 }, { "disgrace", 4 },
	};
	size_t i;

	is_int(def.ncards, 78, "12: the deck has 78 cards");
	is_int(def.nkinds, sizeof want / sizeof *want, "19 kinds of card");
	for (i = 0; i < sizeof want / sizeof *want; i++)
		is_int(kind_count(want[i].id), want[i].n, "12: %d x %s", want[i].n,
		    want[i].id);
	ok(!def.kinds[deck_kind_find(&def, "assassin")].deal &&
	    !def.kinds[deck_kind_find(&def, "assassin")].recycles &&
	    def.kinds[deck_kind_find(&def, "assassin")].reveal,
	    "12, 2.1: Assassins are held out of the deal, shown, never recycled");
	is_int(def.kinds[deck_kind_find(&def, "priest")].play, DECK_PLAY_PAIR,
	    "5: personalities are played in pairs");
	is_int(def.kinds[deck_kind_find(&def, "mutiny")].play, DECK_PLAY_NEVER,
	    "9: Mutiny is never played by choice");
	is_int(def.nplayers, 7, "3: seven commanders by default");
}

static size_t
total(const struct deck_state *s)
{
	size_t i, n = s->draw.n + s->discard.n + s->removed.n + s->locked.n;

	for (i = 0; i < s->np; i++)
		n += s->p[i].hand.n;
	return n;
}

static void
new_game(struct deck_state *s, uint64_t seed, int hand)
{
	struct rng r;

	dice_rng_seed(&r, seed);
	if (deck_new(s, &def, "test", def.players, def.nplayers, hand, &r) < 0) {
		printf("Bail out! deck_new failed\n");
		exit(1);
	}
}

static int
assassins_in_hands(const struct deck_state *s)
{
	int a = deck_kind_find(&def, "assassin");
	size_t i, n = 0;

	for (i = 0; i < s->np; i++)
		n += deck_pile_count(&s->p[i].hand, &def, a);
	return (int)n;
}

static void
test_deal(void)
{
	struct deck_state s;
	char why[256];
	uint64_t seed;
	int bad = 0, a = deck_kind_find(&def, "assassin");

	for (seed = 1; seed <= 200; seed++) {
		new_game(&s, seed, 4);
		bad += assassins_in_hands(&s) != 0 || total(&s) != 78 ||
		    s.draw.n != 50 || deck_pile_count(&s.draw, &def, a) != 4 ||
		    deck_check(&s, why, sizeof why) != 0;
		deck_free(&s);
	}
	is_int(bad, 0, "12: 200 deals of 4 to 7: no Assassin in a hand, all 4 in "
	    "the 50-card draw pile, 78 cards");
	new_game(&s, 9, 10);
	is_int(assassins_in_hands(&s), 0, "hands of 10 still hold no Assassin");
	is_int((int)s.draw.n, 8, "70 of the 74 dealable cards dealt, 4 + 4 left");
	deck_free(&s);
	{
		struct rng r;

		dice_rng_seed(&r, 1);
		ok(deck_new(&s, &def, "test", def.players, def.nplayers, 11, &r) < 0,
		    "77 cards cannot be dealt from 74 that may be");
	}
}

static void
test_repeatable(void)
{
	struct deck_state a, b;
	char *ta, *tb;

	new_game(&a, 42, 4);
	new_game(&b, 42, 4);
	ta = deck_format(&a);
	tb = deck_format(&b);
	is_str(ta, tb, "the same seed deals the same game");
	free(ta);
	free(tb);
	deck_free(&b);
	new_game(&b, 43, 4);
	ok(memcmp(a.draw.c, b.draw.c, a.draw.n * sizeof *a.draw.c) != 0,
	    "another seed shuffles otherwise");
	deck_free(&a);
	deck_free(&b);
}

static void
test_recycle(void)
{
	struct deck_state s;
	int recycled = 0, card, a = deck_kind_find(&def, "assassin");
	size_t i, seen = 0;
	char why[256];

	new_game(&s, 7, 4);
	/* move the draw pile, Assassins aside, into the discard pile */
	while (s.draw.n) {
		card = deck_pile_pop(&s.draw);
		deck_pile_push(def.kind_of[card] == a ? &s.removed : &s.discard, card);
	}
	is_int(deck_check(&s, why, sizeof why), 0, "set-up state is valid");
	card = deck_draw_top(&s, &recycled);
	ok(recycled, "2.1: an empty draw pile takes in the discards");
	ok(card >= 0 && s.discard.n == 0 && s.draw.n == 45, "... all 46, one "
	    "drawn: %zu left", s.draw.n);
	deck_pile_push(&s.p[0].hand, card);
	while ((card = deck_draw_top(&s, &recycled)) >= 0) {
		deck_pile_push(&s.p[0].hand, card);
		seen++;
	}
	is_int((int)seen, 45, "the rest of the recycled pile is drawn");
	recycled = 0;
	is_int(deck_draw_top(&s, &recycled), -1, "2.1: both piles empty: nothing");
	ok(!recycled, "... and nothing recycled");
	for (i = 0; i < s.removed.n; i++)
		ok(def.kind_of[s.removed.c[i]] == a, "removed card %d is an Assassin",
		    s.removed.c[i]);
	is_int(deck_check(&s, why, sizeof why), 0, "all 78 still accounted for");
	deck_free(&s);
}

/* Break a valid state in one way; deck_from_json must refuse it. */
static void
refuses(const char *what, void (*breakit)(cJSON *))
{
	struct deck_state s, t;
	char why[256] = "";
	cJSON *j;

	new_game(&s, 5, 4);
	j = deck_to_json(&s, 1);
	breakit(j);
	ok(deck_from_json(j, &def, &t, why, sizeof why) < 0, "refused: %s (%s)",
	    what, why);
	cJSON_Delete(j);
	deck_free(&s);
}

static cJSON *
piles(cJSON *j)
{
	return cJSON_GetObjectItemCaseSensitive(j, "piles");
}

static void
dup_card(cJSON *j)
{
	cJSON *draw = cJSON_GetObjectItemCaseSensitive(piles(j), "draw");

	cJSON_AddItemToArray(draw, cJSON_CreateNumber(
	    cJSON_GetArrayItem(draw, 0)->valuedouble));
}

static void
lose_card(cJSON *j)
{
	cJSON_DeleteItemFromArray(cJSON_GetObjectItemCaseSensitive(piles(j), "draw"), 0);
}

static void
assassin_in_hand(cJSON *j)
{
	cJSON *draw = cJSON_GetObjectItemCaseSensitive(piles(j), "draw");
	cJSON *hand = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(
	    cJSON_GetObjectItemCaseSensitive(j, "players"), 0), "hand");
	int i;

	for (i = 0; i < cJSON_GetArraySize(draw); i++)
		if (cJSON_GetArrayItem(draw, i)->valuedouble < 4) {
			cJSON_AddItemToArray(hand, cJSON_DetachItemFromArray(draw, i));
			return;
		}
}

static void
assassin_discarded(cJSON *j)
{
	cJSON *draw = cJSON_GetObjectItemCaseSensitive(piles(j), "draw");
	int i;

	for (i = 0; i < cJSON_GetArraySize(draw); i++)
		if (cJSON_GetArrayItem(draw, i)->valuedouble < 4) {
			cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(piles(j),
			    "discard"), cJSON_DetachItemFromArray(draw, i));
			return;
		}
}

static void
healer_removed(cJSON *j)
{
	cJSON *draw = cJSON_GetObjectItemCaseSensitive(piles(j), "draw");
	int i;

	for (i = 0; i < cJSON_GetArraySize(draw); i++)
		if (cJSON_GetArrayItem(draw, i)->valuedouble >= 4 &&
		    cJSON_GetArrayItem(draw, i)->valuedouble < 10) {
			cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(piles(j),
			    "removed"), cJSON_DetachItemFromArray(draw, i));
			return;
		}
}

static void
wrong_card_list(cJSON *j)
{
	cJSON_ReplaceItemInArray(cJSON_GetObjectItemCaseSensitive(j, "cards"), 0,
	    cJSON_CreateString("healer"));
}

static void
bad_rng(cJSON *j)
{
	cJSON_ReplaceItemInObject(j, "rng", cJSON_CreateString("xyz"));
}

static void
unknown_turn(cJSON *j)
{
	cJSON *t = cJSON_GetObjectItemCaseSensitive(j, "turn");

	cJSON_ReplaceItemInObject(t, "player", cJSON_CreateString("garibaldi"));
	cJSON_ReplaceItemInObject(t, "number", cJSON_CreateNumber(3));
}

static void
card_out_of_range(cJSON *j)
{
	cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(piles(j), "discard"),
	    cJSON_CreateNumber(78));
}

static void
unknown_member(cJSON *j)
{
	cJSON_AddItemToObject(cJSON_GetObjectItemCaseSensitive(j, "turn"),
	    "drawnn", cJSON_CreateTrue());
}

static void
repeated_member(cJSON *j)
{
	cJSON_AddItemToObject(j, "roles", cJSON_CreateTrue());
}

static void
unknown_in_log(cJSON *j)
{
	cJSON *e = cJSON_Parse("{\"n\":1,\"op\":\"draw\",\"cards\":[]}");

	cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(j, "log"), e);
}

static void
test_invariants(void)
{
	refuses("a card in two places", dup_card);
	refuses("a card lost", lose_card);
	refuses("an Assassin in a hand", assassin_in_hand);
	refuses("an Assassin in the discard pile", assassin_discarded);
	refuses("a Healer out of play", healer_removed);
	refuses("a card list unlike deck.json", wrong_card_list);
	refuses("a generator state that is not 64 hex digits", bad_rng);
	refuses("the turn of an unknown player", unknown_turn);
	refuses("a card numbered 78", card_out_of_range);
	refuses("an unknown member of the turn", unknown_member);
	refuses("a member given twice", repeated_member);
	refuses("an unknown member of a log entry", unknown_in_log);
}

/* Parse text; deck_json_duplicate's answer, and why[] into where. */
static int
duplicate(const char *text, char *why, size_t whylen)
{
	cJSON *j = cJSON_Parse(text);
	int r;

	why[0] = '\0';
	r = deck_json_duplicate(j, why, whylen);
	cJSON_Delete(j);
	return r;
}

static void
test_members(void)
{
	static const char *const keys[] = { "a", "b", NULL };
	char why[256], big[4096], *p = big;
	cJSON *j;
	int i;

	/* a member not listed is named, with its place */
	j = cJSON_Parse("{\"a\":1,\"c\":2}");
	ok(deck_json_known(j, keys, "turn", why, sizeof why) < 0,
	    "an unknown member is refused");
	is_str(why, "unknown member: 'turn.c'", "... named with its place");
	cJSON_Delete(j);
	j = cJSON_Parse("{\"b\":1,\"a\":2}");
	is_int(deck_json_known(j, keys, "", why, sizeof why), 0,
	    "known members, in any order, pass");
	cJSON_Delete(j);
	j = cJSON_Parse("[1]");
	is_int(deck_json_known(j, keys, "", why, sizeof why), 0,
	    "a value that is not an object is left to its reader");
	cJSON_Delete(j);
	/* keys repeated anywhere, named with their place */
	is_int(duplicate("{\"a\":1,\"b\":{\"c\":[1,{\"d\":2}]}}", why,
	    sizeof why), 0, "no key twice: passes");
	ok(duplicate("{\"a\":1,\"b\":2,\"a\":3}", why, sizeof why) < 0,
	    "a top-level key twice is refused");
	is_str(why, "duplicate member: 'a'", "... and named");
	ok(duplicate("{\"x\":1,\"b\":{\"c\":[1,{\"d\":2,\"d\":3}]}}", why,
	    sizeof why) < 0, "a key twice deep down is refused");
	is_str(why, "duplicate member: 'b.c[1].d'", "... named with its place");
	is_int(duplicate("[{\"a\":1},{\"a\":1}]", why, sizeof why), 0,
	    "the same key in two objects is no repeat");
	/* a long object is sorted rather than compared pair by pair */
	p += sprintf(p, "{");
	for (i = 0; i < 200; i++)
		p += sprintf(p, "\"k%d\":%d,", i, i);
	sprintf(p, "\"k7\":0}");
	ok(duplicate(big, why, sizeof why) < 0, "a repeat among 201 keys is "
	    "found");
	is_str(why, "duplicate member: 'k7'", "... and named");
	p[-1] = '}';
	*p = '\0';
	is_int(duplicate(big, why, sizeof why), 0, "200 distinct keys pass");
}

static void
test_round_trip(void)
{
	struct deck_state s, t;
	char *text, *again, why[256] = "";
	cJSON *root;

	new_game(&s, 11, 4);
	text = deck_format(&s);
	ok(data_parse_json(text, strlen(text), &root, why, sizeof why) == 0,
	    "the state file's text is JSON");
	ok(deck_from_json(root, &def, &t, why, sizeof why) == 0,
	    "... that loads back (%s)", why);
	again = deck_format(&t);
	is_str(again, text, "... to the same text");
	free(text);
	free(again);
	cJSON_Delete(root);
	deck_free(&s);
	deck_free(&t);
}

/* ---- long random sequences ---- */

struct tally {
	int done[7], recycled, assassins;
	int ops, bad_count, bad_check, bad_undo, assassin_back, removed_shrank;
	char why[256];
};

static int
random_kind_in_hand(struct deck_state *s, int who, struct rng *r)
{
	struct deck_pile *h = &s->p[who].hand;

	if (h->n == 0)
		return -1;
	return def.kind_of[h->c[dice_rng_face(r, (int)h->n) - 1]];
}

/* One random change through the game's rules; the outcome may be a refusal. */
static void
random_op(struct deck_state *s, const struct adwa_tables *t, struct rng *r,
    struct tally *ty)
{
	struct adwa_report rep;
	struct adwa_defence def0 = { 0, -1, NULL, 0, 0 };
	int who = dice_rng_face(r, (int)s->np) - 1, kind, op = dice_rng_face(r, 6);
	size_t removed = s->removed.n;

	memset(&rep, 0, sizeof rep);
	/* while an Assassin waits only its answer is taken (2.1): give it
	 * often, so that the game goes on */
	if (adwa_of(s)->strike >= 0 && dice_rng_face(r, 3) > 1)
		op = 4;
	switch (op) {
	case 1:
	case 2:
		/* a turn in progress goes on with its Mutiny step or a pass
		 * (9, 2.3), so that the turn's draw comes round again */
		if (adwa_turn_step(s) == ADWA_AT_MUTINY) {
			adwa_mutiny(s, t, &def0, &rep);
			break;
		}
		if (adwa_turn_step(s) == ADWA_AT_ACT && dice_rng_face(r, 2) == 1) {
			adwa_pass(s, &rep);
			break;
		}
		def0.healer = dice_rng_face(r, 2) == 1;
		adwa_draw(s, t, -1, dice_rng_face(r, 2), 1, &def0, &rep);
		break;
	case 3:
		adwa_draw(s, t, who, 1, 0, &def0, &rep);
		break;
	case 4:
		/* an answer to an Assassin that waits, or to nothing (2.1):
		 * a Healer, a Veto of a random commander, or none */
		kind = dice_rng_face(r, 3);
		adwa_react(s, t, kind == 1 ? ADWA_ANSWER_HEALER : kind == 2 ?
		    ADWA_ANSWER_VETO : ADWA_ANSWER_NONE, kind == 2 ? who : -1,
		    &def0, &rep);
		break;
	case 5:
		if (adwa_of(s)->x_from >= 0 && (kind = random_kind_in_hand(s, adwa_of(s)->x_to, r)) >= 0)
			adwa_exchange(s, adwa_of(s)->x_to, adwa_of(s)->x_from, kind, &rep);
		else if (s->turn >= 0 &&
		    (kind = random_kind_in_hand(s, s->turn, r)) >= 0)
			adwa_exchange(s, s->turn, deck_next_player(s, s->turn), kind,
			    &rep);
		break;
	case 6:
		if (s->turn >= 0 && (kind = random_kind_in_hand(s, s->turn, r)) >= 0) {
			struct adwa_play p;

			memset(&p, 0, sizeof p);
			p.who = s->turn;
			p.kinds[0] = p.kinds[1] = kind;
			p.nkinds = def.kinds[kind].play == DECK_PLAY_PAIR ? 2 : 1;
			p.target = def.kinds[kind].target ?
			    deck_next_player(s, s->turn) : -1;
			p.def.veto = -1;
			adwa_play(s, t, &p, &rep);
		}
		break;
	}
	if (rep.changed)
		ty->done[op]++;
	ty->recycled += rep.json && cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(
	    rep.json, "recycled"));
	ty->assassins += (int)(s->removed.n - removed);
	cJSON_Delete(rep.json);
}

static void
one_sequence(uint64_t seed, int n, const struct adwa_tables *t, struct tally *ty)
{
	signed char gone[DECK_MAX_CARDS] = { 0 };
	struct deck_state s;
	struct rng r;
	size_t i;
	int k;

	new_game(&s, seed, 4);
	dice_rng_seed(&r, seed * 7919);
	for (k = 0; k < n; k++) {
		cJSON *before = deck_to_json(&s, 0), *after, *patch;

		random_op(&s, t, &r, ty);
		ty->ops++;
		if (total(&s) != 78)
			ty->bad_count++;
		if (deck_check(&s, ty->why, sizeof ty->why) != 0)
			ty->bad_check++;
		/* an Assassin out of play stays out (12) */
		for (i = 0; i < s.removed.n; i++)
			gone[s.removed.c[i]] = 1;
		for (i = 0; i < s.draw.n; i++)
			ty->assassin_back += gone[s.draw.c[i]];
		/* the undo patch turns the new state back into the old */
		after = deck_to_json(&s, 0);
		patch = deck_diff(before, after);
		if (patch && deck_patch(after, patch, ty->why, sizeof ty->why) < 0)
			ty->bad_undo++;
		else if (!cJSON_Compare(before, after, 1))
			ty->bad_undo++;
		cJSON_Delete(patch);
		cJSON_Delete(after);
		cJSON_Delete(before);
	}
	deck_free(&s);
}

static void
test_sequences(void)
{
	struct adwa_tables t;
	struct ctx c;
	struct tally ty;
	uint64_t seed;

	memset(&c, 0, sizeof c);
	c.data_dir = "rules";
	if (adwa_tables_load(&c, &t) != ST_OK) {
		ok(0, "adwa tables load");
		return;
	}
	memset(&ty, 0, sizeof ty);
	for (seed = 1; seed <= 40; seed++)
		one_sequence(seed, 500, &t, &ty);
	is_int(ty.ops, 20000, "20000 random draws, answers, exchanges and plays");
	is_int(ty.bad_count, 0, "78 cards after every one");
	if (ty.bad_check)
		printf("# %s\n", ty.why);
	is_int(ty.bad_check, 0, "every card in exactly one place after every one");
	is_int(ty.assassin_back, 0, "12: no Assassin ever returns to the draw pile");
	is_int(ty.bad_undo, 0, "every undo patch restores the state before");
	ok(ty.done[1] + ty.done[2] > 500 && ty.done[3] > 500 && ty.done[4] > 50 &&
	    ty.done[5] > 500 && ty.done[6] > 200, "changes made: %d turn draws, "
	    "Mutiny steps and passes, %d extra draws, %d answers to Assassins, "
	    "%d exchange steps, %d plays", ty.done[1] +
	    ty.done[2], ty.done[3], ty.done[4], ty.done[5], ty.done[6]);
	ok(ty.recycled > 50, "2.1: the discards were recycled %d times",
	    ty.recycled);
	ok(ty.assassins > 100, "12: %d Assassins drawn and put out of play",
	    ty.assassins);
	adwa_tables_free(&t);
}

static void
test_diff(void)
{
	cJSON *a = cJSON_Parse("{\"x\":[1,2,3,4],\"y\":{\"z\":1,\"w\":2},"
	    "\"v\":[{\"h\":[1]},{\"h\":[2]}],\"gone\":true}");
	cJSON *b = cJSON_Parse("{\"x\":[1,2,9],\"y\":{\"z\":1,\"w\":3},"
	    "\"v\":[{\"h\":[1]},{\"h\":[2,5]}],\"new\":null}");
	cJSON *p = deck_diff(a, b), *x;
	char *text = cJSON_PrintUnformatted(p), why[200];

	x = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(p, "o"), "x");
	is_int((int)cJSON_GetObjectItemCaseSensitive(x, "k")->valuedouble, 2,
	    "a pile's patch keeps the common first cards (%s)", text);
	ok(deck_patch(b, p, why, sizeof why) == 0 && cJSON_Compare(a, b, 1),
	    "the patch restores "
	    "members changed, removed and added");
	ok(deck_diff(a, a) == NULL, "no change, no patch");
	cJSON_free(text);
	cJSON_Delete(p);
	cJSON_Delete(a);
	cJSON_Delete(b);
}

/*
 * Undo data read back from a file: every shape deck_diff never makes, and
 * every shape that does not fit the state, is refused with the state
 * untouched; before the fix a root "=" freed the state, a non-object "a"
 * dereferenced NULL and a huge "k" overflowed an int.
 */
static void
test_patch_refusals(void)
{
	static const char *const bad[] = {
		"{\"=\":{}}", "{\"o\":{},\"=\":1}", "{\"a\":{}}", "[]", "5",
		"{\"o\":{\"x\":{\"a\":[0]}}}",
		"{\"o\":{\"x\":{\"k\":1e300,\"t\":[]}}}",
		"{\"o\":{\"x\":{\"k\":-1e300,\"t\":[]}}}",
		"{\"o\":{\"x\":{\"k\":5,\"t\":[]}}}",
		"{\"o\":{\"x\":{\"k\":0.5,\"t\":[]}}}",
		"{\"o\":{\"x\":{\"k\":0,\"t\":{}}}}",
		"{\"o\":{\"x\":{\"k\":0,\"t\":[],\"=\":1}}}",
		"{\"o\":{\"v\":{\"a\":{\"2\":{\"=\":1}}}}}",
		"{\"o\":{\"v\":{\"a\":{\"-1\":{\"=\":1}}}}}",
		"{\"o\":{\"v\":{\"a\":{\"01\":{\"=\":1}}}}}",
		"{\"o\":{\"v\":{\"a\":{\"0\":{\"=\":1},\"0\":{\"=\":2}}}}}",
		"{\"o\":{\"y\":{\"o\":{\"z\":{\"-\":1}}}}}",
		"{\"o\":{\"y\":{\"a\":{}}}}", "{\"o\":{\"x\":{\"o\":{}}}}",
		"{\"o\":{\"nosuch\":{\"o\":{}}}}", "{\"o\":{\"y\":7}}",
	};
	const char *state = "{\"x\":[1,2,3,4],\"y\":{\"z\":1},\"v\":[1,2]}";
	cJSON *s = cJSON_Parse(state), *orig = cJSON_Parse(state), *p;
	char why[200];
	size_t i, refused = 0, kept = 0;

	for (i = 0; i < sizeof bad / sizeof *bad; i++) {
		p = cJSON_Parse(bad[i]);
		if (deck_patch(s, p, why, sizeof why) < 0)
			refused++;
		else
			printf("# taken: %s\n", bad[i]);
		kept += cJSON_Compare(s, orig, 1);
		cJSON_Delete(p);
	}
	is_int((int)refused, (int)(sizeof bad / sizeof *bad), "every undo patch "
	    "that does not fit is refused");
	is_int((int)kept, (int)(sizeof bad / sizeof *bad), "and the state is "
	    "left as it was");
	p = cJSON_Parse("{\"o\":{\"x\":{\"k\":4,\"t\":[5]},\"y\":{\"-\":true},"
	    "\"w\":{\"=\":[]},\"v\":{\"a\":{\"1\":{\"=\":9}}}}}");
	ok(deck_patch(s, p, why, sizeof why) == 0, "a patch of each shape that "
	    "fits is applied");
	cJSON_Delete(p);
	p = cJSON_Parse("{\"x\":[1,2,3,4,5],\"v\":[1,9],\"w\":[]}");
	ok(cJSON_Compare(s, p, 1), "keep 4 then 5, delete, add, replace one "
	    "element");
	cJSON_Delete(p);
	cJSON_Delete(s);
	cJSON_Delete(orig);
}

int
main(void)
{
	load_def();
	test_counts();
	test_deal();
	test_repeatable();
	test_recycle();
	test_invariants();
	test_members();
	test_round_trip();
	test_diff();
	test_patch_refusals();
	test_sequences();
	deck_def_free(&def);
	return tap_done();
}
