/*
 * adwa_board.c: the Adwa 1896 board in the saved game (adwa_board.h):
 * contingents on the approach (4), the Italian armies and the clock (11),
 * read from the state's JSON with every value checked, changed by the
 * cards that move them (4, 5, 6, 9, 11) and by the end of each round and
 * the attack roll (11), and turned into the battle for `umpire crt`.
 *
 * umpire's choices where the text is silent (umpire-draw(1) lists them):
 * a round adds 6 hours; each commander starts with two contingents ready
 * and two at stage 2; the armies' strengths below; the contingent a card
 * moves or takes (see pick_*); the army a pair or a Defection hits when
 * the player names none.
 */
#include <stdio.h>
#include <string.h>

#include "data.h"
#include "deck.h"
#include "err.h"
#include "games/adwa/adwa_board.h"
#include "out.h"

/* umpire's choice: strengths in the spirit of the campaign (the text
 * calls its numbers balancing assumptions and gives none for armies) */
static const struct {
	const char *name;
	int strength;
} default_strength[] = {
	{ "menelik", 30 }, { "taitu", 15 }, { "makonnen", 15 },
	{ "mengesha", 12 }, { "alula", 12 }, { "mikael", 10 },
	{ "tekle-haymanot", 10 },
};
#define OTHER_STRENGTH 10	/* a commander --commanders adds */

static const int army_strength[ADWA_ARMIES] = { 16, 14, 15 };

/* umpire's choice: two ready (stage 3), two not (4: "at stage 2") */
static const int start_half[ADWA_CONTINGENTS] = { 6, 6, 4, 4 };

static const char *const battle_names[] = {
	[ADWA_BATTLE_NONE] = "none", [ADWA_BATTLE_ATTACK] = "attack",
	[ADWA_BATTLE_ITALY] = "italian-attack", [ADWA_BATTLE_FORCED] = "forced",
};

const char *
adwa_battle_name(enum adwa_battle_cause c)
{
	return battle_names[c];
}

const char *
adwa_stage_text(int half, char buf[16])
{
	if (half == ADWA_STAGE_LOST)
		snprintf(buf, 16, "lost");
	else
		snprintf(buf, 16, "%d%s", half / 2, half % 2 ? ".5" : "");
	return buf;
}

/* ---- reading and writing ---- */

static int
bad(char *why, size_t whylen, const char *fmt, const char *a, double v)
{
	char text[160];

	snprintf(text, sizeof text, fmt, a);
	snprintf(why, whylen, "board: %s: '%g'", text, v);
	return -1;
}

/* A whole number from lo to hi (data_json_int). */
static int
member(const cJSON *o, const char *key, int lo, int hi, int *out, char *why,
    size_t whylen, const char *where)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	char what[120];

	snprintf(what, sizeof what, "%s%s%s: a whole number from %d to %d "
	    "expected", where, where[0] ? ": " : "", key, lo, hi);
	if (!cJSON_IsNumber(v)) {
		snprintf(why, whylen, "board: %s", what);
		return -1;
	}
	if (data_json_int(v, lo, hi, out) < 0)
		return bad(why, whylen, "%s", what, v->valuedouble);
	return 0;
}

static int
name_is(const cJSON *o, const char *want, char *why, size_t whylen,
    const char *where)
{
	const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o,
	    "name"));

	if (!cJSON_IsObject(o) || !name || strcmp(name, want) != 0) {
		snprintf(why, whylen, "board: %s: the entry for %s expected here%s%.32s%s",
		    where, want, name ? ", not '" : "", name ? name : "",
		    name ? "'" : "");
		return -1;
	}
	return 0;
}

/* "stages": four of 1, 1.5, 2, 2.5, 3 or "lost" (4). */
static int
stages_from_json(const cJSON *a, struct adwa_force *f, char *why, size_t whylen)
{
	const cJSON *it;
	int k = 0;

	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != ADWA_CONTINGENTS) {
		snprintf(why, whylen, "board: %s: stages: %d contingents expected "
		    "(4)", f->name, ADWA_CONTINGENTS);
		return -1;
	}
	cJSON_ArrayForEach(it, a) {
		double v = cJSON_IsNumber(it) ? it->valuedouble : -1;

		if (cJSON_IsString(it) && strcmp(it->valuestring, "lost") == 0) {
			f->half[k++] = ADWA_STAGE_LOST;
			continue;
		}
		if (!(v >= 1 && v <= 3) || 2 * v != (double)(int)(2 * v)) {
			if (cJSON_IsNumber(it))
				return bad(why, whylen, "%s: a stage is 1, 1.5, 2, 2.5, "
				    "3 or \"lost\" (4)", f->name, v);
			snprintf(why, whylen, "board: %s: a stage is 1, 1.5, 2, 2.5, "
			    "3 or \"lost\" (4): '%.20s'", f->name, cJSON_IsString(it) ?
			    it->valuestring : "not a number");
			return -1;
		}
		f->half[k++] = (int)(2 * v);
	}
	return 0;
}

static int
armies_from_json(const cJSON *a, struct adwa_board *b, char *why, size_t whylen)
{
	int k;

	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != ADWA_ARMIES) {
		snprintf(why, whylen, "board: armies: the three Italian armies "
		    "expected (11)");
		return -1;
	}
	for (k = 0; k < ADWA_ARMIES; k++) {
		const cJSON *o = cJSON_GetArrayItem(a, k);

		if (name_is(o, adwa_army[k], why, whylen, "armies") < 0 ||
		    member(o, "position", 0, ADWA_IN_POSITION, &b->pos[k], why,
		    whylen, adwa_army[k]) < 0 ||
		    member(o, "strength", 0, ADWA_MAX_STRENGTH, &b->strength[k], why,
		    whylen, adwa_army[k]) < 0)
			return -1;
	}
	return 0;
}

static int
forces_from_json(const cJSON *a, const struct deck_state *s,
    struct adwa_board *b, char *why, size_t whylen)
{
	size_t i;

	if (!cJSON_IsArray(a) || (size_t)cJSON_GetArraySize(a) != s->np) {
		snprintf(why, whylen, "board: commanders: %zu expected, one for each "
		    "in the game: '%d'", s->np, cJSON_IsArray(a) ?
		    cJSON_GetArraySize(a) : 0);
		return -1;
	}
	b->n = s->np;
	for (i = 0; i < s->np; i++) {
		const cJSON *o = cJSON_GetArrayItem(a, (int)i);
		struct adwa_force *f = &b->f[i];

		snprintf(f->name, sizeof f->name, "%s", s->p[i].name);
		if (name_is(o, f->name, why, whylen, "commanders") < 0 ||
		    member(o, "strength", 0, ADWA_MAX_STRENGTH, &f->strength, why,
		    whylen, f->name) < 0 ||
		    stages_from_json(cJSON_GetObjectItemCaseSensitive(o, "stages"), f,
		    why, whylen) < 0)
			return -1;
	}
	return 0;
}

static int
battle_from_json(const cJSON *v, struct adwa_board *b, char *why, size_t whylen)
{
	size_t i;

	for (i = 0; i < sizeof battle_names / sizeof *battle_names; i++)
		if (cJSON_IsString(v) && strcmp(v->valuestring, battle_names[i]) == 0) {
			b->battle = (enum adwa_battle_cause)i;
			return 0;
		}
	snprintf(why, whylen, "board: battle: none, attack, italian-attack or "
	    "forced expected%s%.32s%s", cJSON_IsString(v) ? ": '" : "",
	    cJSON_IsString(v) ? v->valuestring : "", cJSON_IsString(v) ? "'" : "");
	return -1;
}

/* Only the members the board writes (board_to_json): a misspelt one is
 * refused by name, not read as absent. */
static int
known_members(const cJSON *o, char *why, size_t whylen)
{
	static const char *const top[] = { "hours", "hours_per_round",
	    "reserve", "rounds_ended", "in_position_turn", "rolled_turn",
	    "battle", "fought", "armies", "commanders", NULL },
	    *const army[] = { "name", "position", "strength", NULL },
	    *const force[] = { "name", "strength", "stages", NULL };
	const cJSON *it;
	char where[40];
	int i = 0;

	if (deck_json_known(o, top, "board", why, whylen) < 0)
		return -1;
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(o, "armies")) {
		snprintf(where, sizeof where, "board.armies[%d]", i++);
		if (deck_json_known(it, army, where, why, whylen) < 0)
			return -1;
	}
	i = 0;
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(o, "commanders")) {
		snprintf(where, sizeof where, "board.commanders[%d]", i++);
		if (deck_json_known(it, force, where, why, whylen) < 0)
			return -1;
	}
	return 0;
}

/* The battle fought (absent before): both d6 and the winner, and only
 * once the battle has begun (11). */
static int
fought_from_json(const cJSON *o, struct adwa_board *b, char *why,
    size_t whylen)
{
	static const char *const keys[] = { "ethiopia", "italy", "winner",
	    NULL };
	const char *w;

	if (!o)
		return 0;
	w = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "winner"));
	if (deck_json_known(o, keys, "board.fought", why, whylen) < 0)
		return -1;
	if (b->battle == ADWA_BATTLE_NONE || !w || (strcmp(w, "ethiopia") != 0 &&
	    strcmp(w, "italy") != 0) ||
	    member(o, "ethiopia", 1, 6, &b->eth_roll, why, whylen, "") < 0 ||
	    member(o, "italy", 1, 6, &b->ita_roll, why, whylen, "") < 0) {
		snprintf(why, whylen, "board: fought: the two d6 and the winner, "
		    "ethiopia or italy, of a battle begun");
		return -1;
	}
	b->winner = strcmp(w, "ethiopia") == 0 ? 1 : 2;
	return 0;
}

static int
board_from_json(const cJSON *o, const struct deck_state *s,
    struct adwa_board *b, char *why, size_t whylen)
{
	memset(b, 0, sizeof *b);
	if (!cJSON_IsObject(o)) {
		snprintf(why, whylen, "board: an object expected");
		return -1;
	}
	if (known_members(o, why, whylen) < 0)
		return -1;
	if (member(o, "hours", 0, 10000, &b->hours, why, whylen, "") < 0 ||
	    member(o, "hours_per_round", 1, ADWA_FORCED_HOURS, &b->per_round, why,
	    whylen, "") < 0 ||
	    member(o, "reserve", 0, ADWA_MAX_STRENGTH, &b->reserve, why, whylen,
	    "") < 0 ||
	    /* what the board has done cannot run ahead of the turns */
	    member(o, "rounds_ended", 0, s->round, &b->rounds_ended, why, whylen,
	    "") < 0 ||
	    member(o, "in_position_turn", 0, s->turn_no, &b->in_position_turn, why,
	    whylen, "") < 0 ||
	    member(o, "rolled_turn", 0, s->turn_no, &b->rolled_turn, why, whylen,
	    "") < 0 ||
	    battle_from_json(cJSON_GetObjectItemCaseSensitive(o, "battle"), b, why,
	    whylen) < 0 ||
	    fought_from_json(cJSON_GetObjectItemCaseSensitive(o, "fought"), b, why,
	    whylen) < 0 ||
	    armies_from_json(cJSON_GetObjectItemCaseSensitive(o, "armies"), b, why,
	    whylen) < 0 ||
	    forces_from_json(cJSON_GetObjectItemCaseSensitive(o, "commanders"), s, b,
	    why, whylen) < 0)
		return -1;
	return 0;
}

int
adwa_board_check(const cJSON *board, const struct deck_state *s, char *why,
    size_t whylen)
{
	struct adwa_board b;

	return board_from_json(board, s, &b, why, whylen);
}

int
adwa_board_get(const struct deck_state *s, struct adwa_board *b)
{
	char why[200];

	if (!adwa_of(s)->board)
		return -1;
	/* a loaded state's board was checked on the way in */
	if (board_from_json(adwa_of(s)->board, s, b, why, sizeof why) < 0)
		return -1;
	return 0;
}

/* The board as it is stored: stages as the players write them. */
static cJSON *
board_to_json(const struct adwa_board *b, int stored)
{
	cJSON *o = json_object(), *armies = json_array(), *forces = json_array();
	size_t i;
	int k;

	json_set_num(o, "hours", b->hours);
	json_set_num(o, "hours_per_round", b->per_round);
	json_set_num(o, "reserve", b->reserve);
	json_set_num(o, "rounds_ended", b->rounds_ended);
	json_set_num(o, "in_position_turn", b->in_position_turn);
	json_set_num(o, "rolled_turn", b->rolled_turn);
	json_set_str(o, "battle", battle_names[b->battle]);
	if (b->winner) {
		cJSON *f = json_object();

		json_set_num(f, "ethiopia", b->eth_roll);
		json_set_num(f, "italy", b->ita_roll);
		json_set_str(f, "winner", b->winner == 1 ? "ethiopia" : "italy");
		json_set(o, "fought", f);
	}
	for (k = 0; k < ADWA_ARMIES; k++) {
		cJSON *a = json_object();

		json_set_str(a, "name", adwa_army[k]);
		json_set_num(a, "position", b->pos[k]);
		json_set_num(a, "strength", b->strength[k]);
		json_push(armies, a);
	}
	json_set(o, "armies", armies);
	for (i = 0; i < b->n; i++) {
		cJSON *f = json_object(), *st = json_array(), *state = json_array();

		json_set_str(f, "name", b->f[i].name);
		json_set_num(f, "strength", b->f[i].strength);
		for (k = 0; k < ADWA_CONTINGENTS; k++) {
			int h = b->f[i].half[k];

			json_push(st, h == ADWA_STAGE_LOST ?
			    cJSON_CreateString("lost") : cJSON_CreateNumber(h / 2.0));
			json_push(state, cJSON_CreateString(h == ADWA_STAGE_LOST ?
			    "lost" : h == ADWA_STAGE_READY ? "ready" : "incomplete"));
		}
		json_set(f, "stages", st);
		if (!stored)
			json_set(f, "contingents", state);
		else
			cJSON_Delete(state);
		json_push(forces, f);
	}
	json_set(o, "commanders", forces);
	return o;
}

void
adwa_board_put(struct deck_state *s, const struct adwa_board *b)
{
	cJSON_Delete(adwa_of(s)->board);
	adwa_of(s)->board = board_to_json(b, 1);
}

cJSON *
adwa_board_json(const struct adwa_board *b)
{
	return board_to_json(b, 0);
}

void
adwa_board_new(struct deck_state *s)
{
	struct adwa_board b;
	size_t i, j;

	memset(&b, 0, sizeof b);
	b.n = s->np;
	for (i = 0; i < s->np; i++) {
		struct adwa_force *f = &b.f[i];

		snprintf(f->name, sizeof f->name, "%s", s->p[i].name);
		f->strength = OTHER_STRENGTH;
		for (j = 0; j < sizeof default_strength / sizeof *default_strength; j++)
			if (strcmp(default_strength[j].name, f->name) == 0)
				f->strength = default_strength[j].strength;
		memcpy(f->half, start_half, sizeof f->half);
	}
	memcpy(b.strength, army_strength, sizeof b.strength);
	b.reserve = ADWA_RESERVE;
	b.per_round = ADWA_HOURS_PER_ROUND;
	adwa_board_put(s, &b);
}

/* ---- the order: what is owed before the next draw (11) ---- */

int
adwa_board_all_in(const struct adwa_board *b)
{
	int k;

	for (k = 0; k < ADWA_ARMIES; k++)
		if (b->pos[k] < ADWA_IN_POSITION)
			return 0;
	return 1;
}

/* The turn under way is over and was the last of its round (3). */
int
adwa_board_round_over(const struct deck_state *s)
{
	int next;

	if (s->turn_no == 0 || !adwa_of(s)->acted)
		return 0;
	next = deck_next_player(s, s->turn);
	return next < 0 || next <= s->turn;
}

/* 11: rolled after every turn from the one after the armies closed up */
int
adwa_board_roll_due(const struct deck_state *s, const struct adwa_board *b)
{
	return b->battle == ADWA_BATTLE_NONE && b->in_position_turn > 0 &&
	    adwa_of(s)->acted && s->turn_no > b->in_position_turn &&
	    b->rolled_turn < s->turn_no;
}

static int
round_end_due(const struct deck_state *s, const struct adwa_board *b)
{
	return b->battle == ADWA_BATTLE_NONE && adwa_board_round_over(s) &&
	    b->rounds_ended < s->round;
}

int
adwa_board_owed(const struct deck_state *s, char *why, size_t whylen)
{
	struct adwa_board b;

	if (adwa_board_get(s, &b) < 0)
		return ST_OK;
	if (adwa_board_roll_due(s, &b))
		snprintf(why, whylen, "draw out of turn: the Italian attack roll "
		    "follows %s's turn: umpire draw clock (11)", s->p[s->turn].name);
	else if (round_end_due(s, &b))
		snprintf(why, whylen, "draw out of turn: round %d is over, and its "
		    "end comes first: the hours and an Italian army advance, umpire "
		    "draw advance (11)", s->round);
	else
		return ST_OK;
	return ST_USAGE;
}

/* ---- the cards that move the board ---- */

static int
no_board(const struct deck_state *s, struct adwa_board *b, const char *rule,
    struct adwa_report *r)
{
	if (adwa_board_get(s, b) == 0)
		return 0;
	adwa_step(&r->steps, rule, "this game keeps no board (saved before umpire "
	    "kept one): mark it on paper");
	return 1;
}

/* umpire's choice: an Advance moves the contingent nearest to ready */
static int
pick_advance(const struct adwa_force *f)
{
	int k, best = -1;

	for (k = 0; k < ADWA_CONTINGENTS; k++)
		if (f->half[k] != ADWA_STAGE_LOST && f->half[k] < ADWA_STAGE_READY &&
		    (best < 0 || f->half[k] > f->half[best]))
			best = k;
	return best;
}

/* umpire's choice: a Withdraw takes back the rearmost that can go back,
 * so that a ready contingent stays ready while another can move */
static int
pick_withdraw(const struct adwa_force *f)
{
	int k, best = -1;

	for (k = 0; k < ADWA_CONTINGENTS; k++)
		if (f->half[k] > ADWA_STAGE_FIRST &&
		    (best < 0 || f->half[k] < f->half[best]))
			best = k;
	return best;
}

/* umpire's choice: a contingent lost or defecting is the foremost */
static int
pick_loss(const struct adwa_force *f)
{
	int k, best = -1;

	for (k = 0; k < ADWA_CONTINGENTS; k++)
		if (f->half[k] != ADWA_STAGE_LOST &&
		    (best < 0 || f->half[k] > f->half[best]))
			best = k;
	return best;
}

/* A detail of the JSON result, set once even when a caller set it too. */
void
adwa_report_str(struct adwa_report *r, const char *key, const char *val)
{
	if (!r->json)
		r->json = json_object();
	cJSON_DeleteItemFromObjectCaseSensitive(r->json, key);
	json_set_str(r->json, key, val);
}

void
adwa_report_num(struct adwa_report *r, const char *key, double val)
{
	if (!r->json)
		r->json = json_object();
	cJSON_DeleteItemFromObjectCaseSensitive(r->json, key);
	json_set_num(r->json, key, val);
}

static const char *
stage_state(int half)
{
	return half == ADWA_STAGE_LOST ? "lost" : half == ADWA_STAGE_READY ?
	    "ready" : "incomplete";
}

void
adwa_board_advance(struct deck_state *s, int who, struct adwa_report *r)
{
	int raid = deck_kind_find(s->def, "raid"), k, step, from;
	struct adwa_force *f;
	struct adwa_board b;
	char b1[16], b2[16];

	if (no_board(s, &b, "4", r))
		return;
	f = &b.f[who];
	/* 4: a Raid in the hand halves the Advance; raids do not stack */
	step = raid >= 0 && deck_pile_find(&s->p[who].hand, s->def, raid) >= 0 ? 1 : 2;
	if ((k = pick_advance(f)) < 0) {
		adwa_step(&r->steps, "4", "every contingent of %s is ready or lost: "
		    "the Advance moves none", f->name);
		return;
	}
	from = f->half[k];
	f->half[k] = from + step > ADWA_STAGE_READY ? ADWA_STAGE_READY : from + step;
	adwa_step(&r->steps, "4", "%s's contingent %d moves from stage %s to %s%s%s",
	    f->name, k + 1, adwa_stage_text(from, b1), adwa_stage_text(f->half[k], b2),
	    step == 1 ? " (half a stage: a Raid is held)" : "",
	    f->half[k] == ADWA_STAGE_READY ? ": ready" : "");
	adwa_report_num(r, "contingent", k + 1);
	adwa_report_str(r, "stage", b2);
	adwa_board_put(s, &b);
}

int
adwa_board_withdraw(struct deck_state *s, int who, struct adwa_report *r)
{
	struct adwa_force *f;
	struct adwa_board b;
	char b1[16], b2[16];
	int k, from;

	if (no_board(s, &b, "4", r))
		return ST_OK;
	f = &b.f[who];
	if ((k = pick_withdraw(f)) < 0)
		return adwa_refuse(r, "a Withdraw must really move a contingent back, "
		    "and none of %s's can: each is at stage 1 or lost (4)", f->name);
	from = f->half[k];
	f->half[k] = from - 2 < ADWA_STAGE_FIRST ? ADWA_STAGE_FIRST : from - 2;
	adwa_step(&r->steps, "4", "%s's contingent %d goes back from stage %s to %s",
	    f->name, k + 1, adwa_stage_text(from, b1), adwa_stage_text(f->half[k], b2));
	adwa_report_num(r, "contingent", k + 1);
	adwa_report_str(r, "stage", b2);
	adwa_board_put(s, &b);
	return ST_OK;
}

/* The foremost contingent of f lost: its number, or 0 if none is left. */
static int
lose_one(struct adwa_force *f, const char *rule, const char *how,
    struct adwa_report *r)
{
	char b1[16];
	int k = pick_loss(f);

	if (k < 0) {
		adwa_step(&r->steps, rule, "%s has no contingent left to lose",
		    f->name);
		return 0;
	}
	adwa_step(&r->steps, rule, "%s's contingent %d (stage %s, %s) %s", f->name,
	    k + 1, adwa_stage_text(f->half[k], b1), stage_state(f->half[k]), how);
	f->half[k] = ADWA_STAGE_LOST;
	return k + 1;
}

void
adwa_board_attack(struct deck_state *s, int target, struct adwa_report *r)
{
	struct adwa_board b;

	if (no_board(s, &b, "11", r))
		return;
	if (target >= 0) {
		adwa_report_num(r, "contingent", lose_one(&b.f[target], "11",
		    "is lost to the attack", r));
	} else if (b.battle == ADWA_BATTLE_NONE) {
		b.battle = ADWA_BATTLE_ATTACK;
		adwa_step(&r->steps, "11", "an Attack on Italy: the decisive battle "
		    "begins at once, and nothing else is played: umpire draw battle "
		    "fights it");
	} else {
		adwa_step(&r->steps, "11", "the battle has begun already");
	}
	adwa_board_put(s, &b);
}

/* umpire's choice when the player names no army: a Defection's 5 go to
 * the weakest army, a pair's 3 come off the strongest (first of equals) */
static int
pick_army(const struct adwa_board *b, int strongest)
{
	int k, best = 0;

	for (k = 1; k < ADWA_ARMIES; k++)
		if (strongest ? b->strength[k] > b->strength[best] :
		    b->strength[k] < b->strength[best])
			best = k;
	return best;
}

void
adwa_board_defect(struct deck_state *s, int who, int army,
    struct adwa_report *r)
{
	struct adwa_board b;
	int from;

	if (no_board(s, &b, "6", r))
		return;
	if (!lose_one(&b.f[who], "6", "defects", r))
		return;
	if (army < 0)
		army = pick_army(&b, 0);
	from = b.strength[army];
	b.strength[army] = from + 5 > ADWA_MAX_STRENGTH ? ADWA_MAX_STRENGTH :
	    from + 5;
	adwa_step(&r->steps, "6", "%s gains 5 strength: %d to %d", adwa_army[army],
	    from, b.strength[army]);
	adwa_report_str(r, "army", adwa_army[army]);
	adwa_board_put(s, &b);
}

void
adwa_board_pair(struct deck_state *s, int army, struct adwa_report *r)
{
	struct adwa_board b;
	int from;

	if (no_board(s, &b, "5", r))
		return;
	if (army < 0)
		army = pick_army(&b, 1);
	from = b.strength[army];
	/* 5: minus 3, but never below 2 (nor raised to it) */
	if (from > 2)
		b.strength[army] = from - 3 < 2 ? 2 : from - 3;
	adwa_step(&r->steps, "5", "%s loses 3 strength, not below 2: %d to %d",
	    adwa_army[army], from, b.strength[army]);
	adwa_report_str(r, "army", adwa_army[army]);
	adwa_board_put(s, &b);
}

int
adwa_board_play(struct deck_state *s, const struct adwa_play *p,
    struct adwa_report *r)
{
	const struct deck_kind *k = &s->def->kinds[p->kinds[0]];

	if (strcmp(k->id, "advance") == 0)
		adwa_board_advance(s, p->who, r);
	else if (strcmp(k->id, "withdraw") == 0)
		return adwa_board_withdraw(s, p->who, r);
	else if (strcmp(k->id, "attack") == 0 && p->target < 0)
		adwa_board_attack(s, -1, r);	/* on a commander: see below */
	else if (strcmp(k->id, "defection") == 0)
		adwa_board_defect(s, p->who, p->army, r);
	else if (k->play == DECK_PLAY_PAIR)
		adwa_board_pair(s, p->army, r);
	return ST_OK;
}
