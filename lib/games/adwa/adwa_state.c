/*
 * adwa_state.c: what Adwa 1896 keeps of a game beside the deck, through
 * the hooks of lib/deck.h (struct deck_rules): each commander's secret
 * role (1), his wounds (2.1, 10), what his Spy found (6, 7), the steps the
 * turn has done (2), a half-made exchange (2.2), an Assassin waiting for
 * its answer (2.1), the reading of Imperial Dignity (4) and the board
 * (11).  The members keep the places they have always had in the saved
 * file, among the engine's, and every one is checked when read: the file
 * is the players', and may be hand-edited or damaged.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "deck.h"
#include "err.h"
#include "games/adwa/adwa.h"
#include "games/adwa/adwa_board.h"
#include "out.h"

struct adwa_state *
adwa_of(const struct deck_state *s)
{
	return s->game;
}

int
adwa_is_imperial(const struct deck_def *d, const char *player)
{
	const cJSON *it, *imp = cJSON_GetObjectItemCaseSensitive(d->own,
	    "imperial");

	cJSON_ArrayForEach(it, imp)
		if (cJSON_IsString(it) && strcmp(it->valuestring, player) == 0)
			return 1;
	return 0;
}

/* 6: the players with imperial powers, a list of names if given. */
static int
def_check(const struct deck_def *d, char *why, size_t whylen)
{
	const cJSON *imp = cJSON_GetObjectItemCaseSensitive(d->own, "imperial"),
	    *it;

	if (!imp)
		return 0;
	if (!cJSON_IsArray(imp) || cJSON_GetArraySize(imp) > DECK_MAX_PLAYERS)
		goto bad;
	cJSON_ArrayForEach(it, imp)
		if (!cJSON_IsString(it) || !deck_name_ok(it->valuestring))
			goto bad;
	return 0;
bad:
	snprintf(why, whylen, "imperial: an array of names expected");
	return -1;
}

static struct adwa_state *
state_new(void)
{
	struct adwa_state *a = err_malloc(sizeof *a);
	size_t i;

	memset(a, 0, sizeof *a);
	a->x_from = a->x_to = a->strike = -1;
	for (i = 0; i < DECK_MAX_PLAYERS; i++)
		a->p[i].found = -1;
	return a;
}

static void *
state_init(const struct deck_state *s)
{
	(void)s;
	return state_new();
}

static void
state_free(void *game)
{
	struct adwa_state *a = game;

	cJSON_Delete(a->board);
	free(a);
}

static void
players_json(const struct deck_state *s, const struct adwa_state *a,
    cJSON *players)
{
	cJSON *o;
	size_t i = 0;

	cJSON_ArrayForEach(o, players) {
		const struct adwa_player *p = &a->p[i++];

		deck_json_put(o, "hand", "idle", cJSON_CreateNumber(p->idle));
		deck_json_put(o, "hand", "idle_from",
		    cJSON_CreateNumber(p->idle_from));
		deck_json_put(o, "hand", "role", cJSON_CreateString(p->role));
		if (p->found >= 0) {
			deck_json_put(o, "hand", "found",
			    cJSON_CreateString(s->p[p->found].name));
			deck_json_put(o, "hand", "found_turn",
			    cJSON_CreateNumber(p->found_turn));
		}
		if (p->exposed)
			deck_json_put(o, "hand", "exposed", cJSON_CreateBool(1));
		if (p->pin[0])
			deck_json_put(o, "hand", "pin", cJSON_CreateString(p->pin));
	}
}

static void
state_to_json(const struct deck_state *s, cJSON *o)
{
	const struct adwa_state *a = adwa_of(s);
	cJSON *turn = cJSON_GetObjectItemCaseSensitive(o, "turn");

	json_set_bool(turn, "drawn", a->drawn);
	json_set_bool(turn, "exchanged", a->exchanged);
	json_set_bool(turn, "rolled", a->rolled);
	json_set_bool(turn, "acted", a->acted);
	if (a->strike >= 0) {
		json_set_str(turn, "strike", s->p[a->strike].name);
		json_set_num(turn, "owed", a->owed);
	}
	if (a->x_from >= 0) {
		cJSON *x = json_object();

		json_set_str(x, "from", s->p[a->x_from].name);
		json_set_str(x, "to", s->p[a->x_to].name);
		deck_json_put(o, "players", "exchange", x);
	} else {
		deck_json_put(o, "players", "exchange", cJSON_CreateNull());
	}
	deck_json_put(o, "players", "roles", cJSON_CreateBool(a->roles));
	if (a->dignity)
		deck_json_put(o, "players", "dignity", cJSON_CreateString("power"));
	players_json(s, a, cJSON_GetObjectItemCaseSensitive(o, "players"));
	if (a->board)
		json_set(o, "board", cJSON_Duplicate(a->board, 1));
}

/* ---- from JSON ---- */

/* The hash of his PIN (absent when he chose none): 16 hex digits. */
static int
pin_from_json(const cJSON *o, struct adwa_player *p, const char *name,
    char *why, size_t whylen)
{
	const cJSON *pin = cJSON_GetObjectItemCaseSensitive(o, "pin");
	size_t i;

	p->pin[0] = '\0';
	if (!pin)
		return 0;
	if (!cJSON_IsString(pin) || strlen(pin->valuestring) != ADWA_PIN_HASH - 1)
		goto bad;
	for (i = 0; i < ADWA_PIN_HASH - 1; i++)
		if (!strchr("0123456789abcdef", pin->valuestring[i]))
			goto bad;
	snprintf(p->pin, sizeof p->pin, "%s", pin->valuestring);
	return 0;
bad:
	snprintf(why, whylen, "players: '%s': pin: 16 hex digits expected", name);
	return -1;
}

static int
player_from_json(const cJSON *o, const struct deck_state *s,
    struct adwa_player *p, const char *name, char *why, size_t whylen)
{
	const cJSON *role = cJSON_GetObjectItemCaseSensitive(o, "role");
	const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, "found");

	if (deck_bool_member(o, "exposed", 0, &p->exposed) < 0 ||
	    deck_int_member(o, "idle", 0, 1000, &p->idle) < 0 ||
	    deck_int_member(o, "idle_from", 0, INT_MAX, &p->idle_from) < 0 ||
	    !cJSON_IsString(role) || strlen(role->valuestring) >= ADWA_ROLE_MAX) {
		snprintf(why, whylen, "players: '%s': out, exposed, idle, "
		    "idle_from, role or hand is not valid", name);
		return -1;
	}
	snprintf(p->role, sizeof p->role, "%s", role->valuestring);
	if (pin_from_json(o, p, name, why, whylen) < 0)
		return -1;
	/* what his Spy found (absent in files saved before it was kept): a
	 * player's name and the turn, both or neither */
	p->found = -1;
	p->found_turn = 0;
	if (!f && !cJSON_GetObjectItemCaseSensitive(o, "found_turn"))
		return 0;
	if (!cJSON_IsString(f) || (p->found = deck_player_find(s,
	    f->valuestring)) < 0 ||
	    deck_int_member(o, "found_turn", 1, INT_MAX, &p->found_turn) < 0) {
		snprintf(why, whylen, "players: '%s': found, found_turn: not "
		    "valid", name);
		return -1;
	}
	return 0;
}

static int
players_from_json(const cJSON *a, const struct deck_state *s,
    struct adwa_state *g, char *why, size_t whylen)
{
	const cJSON *it;
	size_t i = 0;

	cJSON_ArrayForEach(it, a) {
		if (player_from_json(it, s, &g->p[i], s->p[i].name, why,
		    whylen) < 0)
			return -1;
		i++;
	}
	return 0;
}

/* 2.1: an Assassin waiting for its victim's answer (absent when none):
 * the victim, and the cards the draw still owes, at most a whole draw. */
static int
strike_from_json(const cJSON *t, const struct deck_state *s,
    struct adwa_state *a, char *why, size_t whylen)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(t, "strike");

	a->strike = -1;
	a->owed = 0;
	if (!v && !cJSON_GetObjectItemCaseSensitive(t, "owed"))
		return 0;
	if (deck_player_ref(s, v, &a->strike) < 0 || a->strike < 0 ||
	    deck_int_member(t, "owed", 0, s->def->draw, &a->owed) < 0 ||
	    s->p[a->strike].out) {
		snprintf(why, whylen, "turn: strike, owed: not valid");
		return -1;
	}
	return 0;
}

static int
turn_from_json(const cJSON *t, const struct deck_state *s,
    struct adwa_state *a, char *why, size_t whylen)
{
	if (deck_bool_member(t, "drawn", 0, &a->drawn) < 0 ||
	    deck_bool_member(t, "exchanged", 0, &a->exchanged) < 0 ||
	    deck_bool_member(t, "acted", 0, &a->acted) < 0 ||
	    deck_bool_member(t, "rolled", -1, &a->rolled) < 0) {
		snprintf(why, whylen, "turn: not valid");
		return -1;
	}
	/* a file saved before the Mutiny rolls were held in the turn: a
	 * turn past its exchange is taken to have rolled, so that no
	 * commander is made to roll twice */
	if (a->rolled < 0)
		a->rolled = a->exchanged;
	if (strike_from_json(t, s, a, why, whylen) < 0)
		return -1;
	/* a step is done only in a turn that has begun with its draw (2) */
	if ((s->turn_no == 0 && a->drawn) ||
	    (!a->drawn && (a->exchanged || a->rolled || a->acted))) {
		snprintf(why, whylen, "turn: steps done in a turn not drawn for");
		return -1;
	}
	return 0;
}

/* 2.2: a half-made exchange, or null. */
static int
exchange_from_json(const cJSON *x, const struct deck_state *s,
    struct adwa_state *a, char *why, size_t whylen)
{
	static const char *const keys[] = { "from", "to", NULL };

	a->x_from = a->x_to = -1;
	if (cJSON_IsNull(x))
		return 0;
	if (deck_json_known(x, keys, "exchange", why, whylen) < 0)
		return -1;
	if (!cJSON_IsObject(x) ||
	    deck_player_ref(s, cJSON_GetObjectItemCaseSensitive(x, "from"), &a->x_from) < 0 ||
	    deck_player_ref(s, cJSON_GetObjectItemCaseSensitive(x, "to"), &a->x_to) < 0 ||
	    a->x_from < 0 || a->x_to < 0 || a->x_from == a->x_to) {
		snprintf(why, whylen, "exchange: not valid");
		return -1;
	}
	return 0;
}

static int
top_from_json(const cJSON *root, struct adwa_state *a, char *why,
    size_t whylen)
{
	const cJSON *dig = cJSON_GetObjectItemCaseSensitive(root, "dignity");
	const cJSON *board = cJSON_GetObjectItemCaseSensitive(root, "board");
	const char *d = cJSON_GetStringValue(dig);

	if (deck_bool_member(root, "roles", 0, &a->roles) < 0) {
		snprintf(why, whylen, "roles: true or false expected");
		return -1;
	}
	if (dig && (!d || (strcmp(d, "power") != 0 && strcmp(d, "card") != 0))) {
		snprintf(why, whylen, "dignity: \"card\" or \"power\" expected");
		return -1;
	}
	if (board && !cJSON_IsObject(board)) {
		snprintf(why, whylen, "board: an object expected");
		return -1;
	}
	a->dignity = d && strcmp(d, "power") == 0;
	/* a file saved before the board was kept has none */
	a->board = board ? cJSON_Duplicate(board, 1) : NULL;
	return 0;
}

static int
state_from_json(const cJSON *root, struct deck_state *s, char *why,
    size_t whylen)
{
	struct adwa_state *a = state_new();

	s->game = a;
	if (players_from_json(cJSON_GetObjectItemCaseSensitive(root, "players"),
	    s, a, why, whylen) < 0 ||
	    turn_from_json(cJSON_GetObjectItemCaseSensitive(root, "turn"), s, a,
	    why, whylen) < 0 ||
	    exchange_from_json(cJSON_GetObjectItemCaseSensitive(root, "exchange"),
	    s, a, why, whylen) < 0)
		return -1;
	return top_from_json(root, a, why, whylen);
}

/* 2.2: the card a half-made exchange offers is the one locked card. */
static int
state_check(const struct deck_state *s, char *why, size_t whylen)
{
	const struct adwa_state *a = adwa_of(s);

	if ((a->x_from >= 0) != (s->locked.n == 1) || s->locked.n > 1) {
		snprintf(why, whylen, "the exchange and its locked card disagree");
		return -1;
	}
	if (a->board)
		return adwa_board_check(a->board, s, why, whylen);
	return 0;
}

static const char *const def_keys[] = { "imperial", NULL };
static const char *const keys[] = { "exchange", "roles", "dignity", "board",
	NULL };
static const char *const turn_keys[] = { "drawn", "exchanged", "rolled",
	"acted", "strike", "owed", NULL };
static const char *const player_keys[] = { "idle", "idle_from", "role",
	"found", "found_turn", "exposed", "pin", NULL };

const struct deck_rules adwa_deck_rules = {
	.def_keys = def_keys,
	.def_check = def_check,
	.keys = keys,
	.turn_keys = turn_keys,
	.player_keys = player_keys,
	.init = state_init,
	.free = state_free,
	.to_json = state_to_json,
	.from_json = state_from_json,
	.check = state_check,
};
