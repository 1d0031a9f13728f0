/*
 * deck.c: deck definitions, piles, shuffles and draws, and the deck state
 * file; see deck.h.
 *
 * Durability: a change is made under the game's lock file, the state
 * before it is kept as NAME.good.json (a hard link to the old file, so it
 * costs no write), and the new state replaces NAME.json through
 * state_write_atomic().  A killed process leaves either the old or the new
 * file and at worst a stray temporary file, which the next writer, holding
 * the lock and so knowing no one else is writing, deletes.
 *
 * Undo: each log entry carries a patch that turns the state after the
 * change back into the state before it (deck_diff).  Piles are stacks
 * whose changes happen near the top, so a pile's patch is "keep the first
 * k cards, then these": a draw costs a few numbers, not the whole pile.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "data.h"
#include "deck.h"
#include "err.h"
#include "out.h"
#include "state.h"

/* ---- definitions ---- */

static const char *
str_member(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(v) && v->valuestring[0] ? v->valuestring : NULL;
}

static int
int_member(const cJSON *o, const char *key, int lo, int hi, int *out)
{
	return data_json_int(cJSON_GetObjectItemCaseSensitive(o, key), lo, hi, out);
}

/* A boolean member; absent means dflt. */
static int
bool_member(const cJSON *o, const char *key, int dflt, int *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	if (!v) {
		*out = dflt;
		return 0;
	}
	if (!cJSON_IsBool(v))
		return -1;
	*out = cJSON_IsTrue(v);
	return 0;
}

int
deck_name_ok(const char *name)
{
	size_t i, n = strlen(name);

	if (n == 0 || n >= DECK_NAME_MAX || !(islower((unsigned char)name[0]) ||
	    isdigit((unsigned char)name[0])))
		return 0;
	for (i = 0; i < n; i++)
		if (!islower((unsigned char)name[i]) &&
		    !isdigit((unsigned char)name[i]) && name[i] != '-' &&
		    name[i] != '_')
			return 0;
	return 1;
}

static int
parse_play(const char *s, enum deck_play *p)
{
	static const char *const names[] = { "action", "pair", "reaction", "never" };
	size_t i;

	for (i = 0; i < sizeof names / sizeof *names; i++)
		if (strcmp(s, names[i]) == 0) {
			*p = (enum deck_play)i;
			return 0;
		}
	return -1;
}

/* A list of names (players, imperial players): 0 or -1. */
static int
name_list(const cJSON *arr, char **out, size_t max, size_t *n)
{
	const cJSON *it;

	*n = 0;
	if (!cJSON_IsArray(arr))
		return -1;
	cJSON_ArrayForEach(it, arr) {
		if (!cJSON_IsString(it) || !deck_name_ok(it->valuestring) || *n == max)
			return -1;
		out[(*n)++] = xstrdup(it->valuestring);
	}
	return 0;
}

static int
kind_from_json(const cJSON *o, struct deck_kind *k, char *why, size_t whylen)
{
	const char *id = str_member(o, "id"), *play = str_member(o, "play");
	const cJSON *by = cJSON_GetObjectItemCaseSensitive(o, "by"), *it;

	if (!id || !deck_name_ok(id)) {
		snprintf(why, whylen, "a card without a valid id (lower case letters, "
		    "digits and hyphens)");
		return -1;
	}
	k->id = xstrdup(id);
	if (!str_member(o, "name") || !str_member(o, "rule") ||
	    !str_member(o, "text")) {
		snprintf(why, whylen, "card '%s': name, rule and text are required", id);
		return -1;
	}
	k->name = xstrdup(str_member(o, "name"));
	k->rule = xstrdup(str_member(o, "rule"));
	k->text = xstrdup(str_member(o, "text"));
	if (int_member(o, "count", 1, DECK_MAX_CARDS, &k->count) < 0) {
		snprintf(why, whylen, "card '%s': count must be a whole number from 1 "
		    "to %d", id, DECK_MAX_CARDS);
		return -1;
	}
	if (bool_member(o, "reveal", 0, &k->reveal) < 0 ||
	    bool_member(o, "recycles", 1, &k->recycles) < 0 ||
	    bool_member(o, "deal", 1, &k->deal) < 0 ||
	    bool_member(o, "target", 0, &k->target) < 0) {
		snprintf(why, whylen, "card '%s': reveal, recycles, deal and target "
		    "must be true or false", id);
		return -1;
	}
	if (!play || parse_play(play, &k->play) < 0) {
		snprintf(why, whylen, "card '%s': play must be action, pair, "
		    "reaction or never", id);
		return -1;
	}
	if (by && !cJSON_IsArray(by)) {
		snprintf(why, whylen, "card '%s': by must be an array", id);
		return -1;
	}
	cJSON_ArrayForEach(it, by) {
		if (!cJSON_IsString(it) || k->nby == DECK_MAX_BY) {
			snprintf(why, whylen, "card '%s': by holds names, \"imperial\" "
			    "or \"role:NAME\", at most %d", id, DECK_MAX_BY);
			return -1;
		}
		k->by[k->nby++] = xstrdup(it->valuestring);
	}
	return 0;
}

static int
def_header(const cJSON *root, struct deck_def *d, char *why, size_t whylen)
{
	const char *format = str_member(root, "format");
	static const char *const req[] = { "game", "title", "rule", "source" };
	char **dst[] = { &d->game, &d->title, &d->rule, &d->source };
	size_t i;

	if (!format || strcmp(format, DECK_FORMAT) != 0) {
		snprintf(why, whylen, "format: expected \"%s\"", DECK_FORMAT);
		return -1;
	}
	for (i = 0; i < sizeof req / sizeof *req; i++) {
		if (!str_member(root, req[i])) {
			snprintf(why, whylen, "%s: a string is required", req[i]);
			return -1;
		}
		*dst[i] = xstrdup(str_member(root, req[i]));
	}
	if (str_member(root, "note"))
		d->note = xstrdup(str_member(root, "note"));
	d->hand_rule = xstrdup(str_member(root, "hand_rule") ?
	    str_member(root, "hand_rule") : d->rule);
	if (int_member(root, "hand", 0, 50, &d->hand) < 0 ||
	    int_member(root, "draw", 1, 10, &d->draw) < 0) {
		snprintf(why, whylen, "hand (0 to 50) and draw (1 to 10) are required");
		return -1;
	}
	if (name_list(cJSON_GetObjectItemCaseSensitive(root, "players"), d->players,
	    DECK_MAX_PLAYERS, &d->nplayers) < 0 || d->nplayers < 1) {
		snprintf(why, whylen, "players: 1 to %d distinct names expected",
		    DECK_MAX_PLAYERS);
		return -1;
	}
	if (cJSON_GetObjectItemCaseSensitive(root, "imperial") &&
	    name_list(cJSON_GetObjectItemCaseSensitive(root, "imperial"),
	    d->imperial, DECK_MAX_PLAYERS, &d->nimperial) < 0) {
		snprintf(why, whylen, "imperial: an array of names expected");
		return -1;
	}
	return 0;
}

int
deck_def_from_json(const cJSON *root, struct deck_def *d, char *why,
    size_t whylen)
{
	const cJSON *cards, *it;
	size_t i, j;
	int k;

	memset(d, 0, sizeof *d);
	if (!cJSON_IsObject(root)) {
		snprintf(why, whylen, "a deck file holds one JSON object");
		return -1;
	}
	if (def_header(root, d, why, whylen) < 0)
		return -1;
	cards = cJSON_GetObjectItemCaseSensitive(root, "cards");
	if (!cJSON_IsArray(cards) || cJSON_GetArraySize(cards) == 0) {
		snprintf(why, whylen, "cards: a non-empty array is required");
		return -1;
	}
	cJSON_ArrayForEach(it, cards) {
		struct deck_kind *kd;

		if (d->nkinds == DECK_MAX_KINDS) {
			snprintf(why, whylen, "cards: at most %d kinds", DECK_MAX_KINDS);
			return -1;
		}
		kd = &d->kinds[d->nkinds++];
		if (kind_from_json(it, kd, why, whylen) < 0)
			return -1;
		for (j = 0; j + 1 < d->nkinds; j++)
			if (strcmp(d->kinds[j].id, kd->id) == 0) {
				snprintf(why, whylen, "card '%s' is listed twice", kd->id);
				return -1;
			}
		if (d->ncards + kd->count > DECK_MAX_CARDS) {
			snprintf(why, whylen, "more than %d cards", DECK_MAX_CARDS);
			return -1;
		}
		for (k = 0; k < kd->count; k++)
			d->kind_of[d->ncards++] = (int)d->nkinds - 1;
	}
	for (i = 0; i < d->nplayers; i++)
		for (j = 0; j < i; j++)
			if (strcmp(d->players[i], d->players[j]) == 0) {
				snprintf(why, whylen, "players: '%s' twice", d->players[i]);
				return -1;
			}
	return 0;
}

int
deck_def_load(const struct ctx *c, const char *game, struct deck_def *d)
{
	char rel[PATH_MAX], path[PATH_MAX], why[256];
	cJSON *root;
	int st;

	memset(d, 0, sizeof *d);
	snprintf(rel, sizeof rel, "%s/deck.json", game);
	st = data_load_json(c, rel, &root, path);
	if (st == ST_NO)
		return err(ST_USAGE, "%s has no card deck: '%s' (the adwa game "
		    "has one)", game, game);
	if (st != ST_OK)
		return st;
	if (deck_def_from_json(root, d, why, sizeof why) < 0) {
		cJSON_Delete(root);
		deck_def_free(d);
		return err(ST_DATA, "%s: %s", path, why);
	}
	cJSON_Delete(root);
	if (strcmp(d->game, game) != 0) {
		err(ST_DATA, "%s: the deck is for '%s', not '%s'", path, d->game, game);
		deck_def_free(d);
		return ST_DATA;
	}
	snprintf(d->path, sizeof d->path, "%s", path);
	return ST_OK;
}

void
deck_def_free(struct deck_def *d)
{
	size_t i, j;

	free(d->game);
	free(d->title);
	free(d->rule);
	free(d->source);
	free(d->note);
	free(d->hand_rule);
	for (i = 0; i < d->nkinds; i++) {
		free(d->kinds[i].id);
		free(d->kinds[i].name);
		free(d->kinds[i].rule);
		free(d->kinds[i].text);
		for (j = 0; j < d->kinds[i].nby; j++)
			free(d->kinds[i].by[j]);
	}
	for (i = 0; i < d->nplayers; i++)
		free(d->players[i]);
	for (i = 0; i < d->nimperial; i++)
		free(d->imperial[i]);
	memset(d, 0, sizeof *d);
}

int
deck_kind_find(const struct deck_def *d, const char *id)
{
	size_t i;

	for (i = 0; i < d->nkinds; i++)
		if (strcmp(d->kinds[i].id, id) == 0)
			return (int)i;
	return -1;
}

int
deck_is_imperial(const struct deck_def *d, const char *player)
{
	size_t i;

	for (i = 0; i < d->nimperial; i++)
		if (strcmp(d->imperial[i], player) == 0)
			return 1;
	return 0;
}

/* ---- piles ---- */

void
pile_push(struct pile *p, int card)
{
	if (p->n == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 16;
		p->c = xrealloc(p->c, p->cap * sizeof *p->c);
	}
	p->c[p->n++] = card;
}

int
pile_pop(struct pile *p)
{
	return p->n ? p->c[--p->n] : -1;
}

int
pile_take(struct pile *p, size_t i)
{
	int card = p->c[i];

	memmove(p->c + i, p->c + i + 1, (p->n - i - 1) * sizeof *p->c);
	p->n--;
	return card;
}

int
pile_find(const struct pile *p, const struct deck_def *d, int kind)
{
	size_t i;

	for (i = p->n; i-- > 0;)
		if (d->kind_of[p->c[i]] == kind)
			return (int)i;
	return -1;
}

size_t
pile_count(const struct pile *p, const struct deck_def *d, int kind)
{
	size_t i, n = 0;

	for (i = 0; i < p->n; i++)
		n += d->kind_of[p->c[i]] == kind;
	return n;
}

void
pile_free(struct pile *p)
{
	free(p->c);
	memset(p, 0, sizeof *p);
}

void
deck_shuffle(struct pile *p, struct rng *r)
{
	size_t i;

	for (i = p->n; i > 1; i--) {
		size_t j = (size_t)rng_face(r, (int)i) - 1;
		int t = p->c[i - 1];

		p->c[i - 1] = p->c[j];
		p->c[j] = t;
	}
}

/* ---- the game ---- */

int
deck_new(struct deck_state *s, const struct deck_def *d, const char *name,
    char *const *players, size_t np, int hand, const struct rng *r)
{
	struct pile pool = { 0 }, held = { 0 };
	size_t i;
	int card, k;

	memset(s, 0, sizeof *s);
	s->def = d;
	s->rng = *r;
	snprintf(s->name, sizeof s->name, "%s", name);
	s->turn = s->x_from = s->x_to = s->strike = -1;
	s->np = np;
	for (i = 0; i < np; i++) {
		snprintf(s->p[i].name, sizeof s->p[i].name, "%s", players[i]);
		s->p[i].found = -1;
	}
	for (card = 0; card < d->ncards; card++)
		pile_push(d->kinds[d->kind_of[card]].deal ? &pool : &held, card);
	if ((size_t)hand * np > pool.n) {
		pile_free(&pool);
		pile_free(&held);
		return -1;
	}
	deck_shuffle(&pool, &s->rng);
	/* dealt one at a time around the table, as at a real table */
	for (k = 0; k < hand; k++)
		for (i = 0; i < np; i++)
			pile_push(&s->p[i].hand, pile_pop(&pool));
	/* the cards held out of the deal join what is left, shuffled */
	for (i = 0; i < held.n; i++)
		pile_push(&pool, held.c[i]);
	deck_shuffle(&pool, &s->rng);
	s->draw = pool;
	pile_free(&held);
	s->log = json_array();
	return 0;
}

void
deck_free(struct deck_state *s)
{
	size_t i;

	for (i = 0; i < s->np; i++)
		pile_free(&s->p[i].hand);
	pile_free(&s->draw);
	pile_free(&s->discard);
	pile_free(&s->removed);
	pile_free(&s->locked);
	cJSON_Delete(s->log);
	s->log = NULL;
	cJSON_Delete(s->board);
	s->board = NULL;
}

int
deck_draw_top(struct deck_state *s, int *recycled)
{
	const struct deck_kind *k;
	int card;

	if (s->draw.n == 0 && s->discard.n > 0) {
		struct pile t = s->draw;

		s->draw = s->discard;
		s->discard = t;
		deck_shuffle(&s->draw, &s->rng);
		*recycled = 1;
	}
	if ((card = pile_pop(&s->draw)) < 0)
		return -1;
	k = deck_card_kind(s, card);
	if (k->reveal && !k->recycles)
		pile_push(&s->removed, card);
	return card;
}

int
deck_player_find(const struct deck_state *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->np; i++)
		if (strcmp(s->p[i].name, name) == 0)
			return (int)i;
	return -1;
}

int
deck_next_player(const struct deck_state *s, int i)
{
	size_t k;

	for (k = 1; k < s->np; k++) {
		int j = (int)(((size_t)i + k) % s->np);

		if (!s->p[j].out)
			return j;
	}
	return -1;
}

const struct deck_kind *
deck_card_kind(const struct deck_state *s, int card)
{
	return &s->def->kinds[s->def->kind_of[card]];
}

const char *
deck_card_id(const struct deck_state *s, int card)
{
	return deck_card_kind(s, card)->id;
}

/* Mark every card of p as seen at place `where`; -1 on a card seen twice. */
static int
mark(const struct deck_state *s, const struct pile *p, const char *where,
    signed char *seen, int lasting_ok, char *why, size_t whylen)
{
	size_t i;

	for (i = 0; i < p->n; i++) {
		int c = p->c[i];

		if (c < 0 || c >= s->def->ncards) {
			snprintf(why, whylen, "%s: no card numbered %d", where, c);
			return -1;
		}
		if (seen[c]) {
			snprintf(why, whylen, "card %d (%s) is in two places, one of "
			    "them %s", c, deck_card_id(s, c), where);
			return -1;
		}
		seen[c] = 1;
		if (!lasting_ok && !deck_card_kind(s, c)->recycles) {
			snprintf(why, whylen, "%s holds card %d (%s), which leaves "
			    "play for good once drawn", where, c, deck_card_id(s, c));
			return -1;
		}
	}
	return 0;
}

int
deck_check(const struct deck_state *s, char *why, size_t whylen)
{
	signed char seen[DECK_MAX_CARDS] = { 0 };
	size_t i;
	int c;

	if (mark(s, &s->draw, "the draw pile", seen, 1, why, whylen) < 0 ||
	    mark(s, &s->discard, "the discard pile", seen, 0, why, whylen) < 0 ||
	    mark(s, &s->locked, "the exchange", seen, 0, why, whylen) < 0 ||
	    mark(s, &s->removed, "the removed pile", seen, 1, why, whylen) < 0)
		return -1;
	for (i = 0; i < s->removed.n; i++)
		if (deck_card_kind(s, s->removed.c[i])->recycles) {
			snprintf(why, whylen, "the removed pile holds card %d (%s), "
			    "which stays in play", s->removed.c[i],
			    deck_card_id(s, s->removed.c[i]));
			return -1;
		}
	for (i = 0; i < s->np; i++) {
		char where[64];

		snprintf(where, sizeof where, "%s's hand", s->p[i].name);
		if (mark(s, &s->p[i].hand, where, seen, 0, why, whylen) < 0)
			return -1;
	}
	for (c = 0; c < s->def->ncards; c++)
		if (!seen[c]) {
			snprintf(why, whylen, "card %d (%s) is nowhere: %d cards "
			    "expected", c, deck_card_id(s, c), s->def->ncards);
			return -1;
		}
	if ((s->x_from >= 0) != (s->locked.n == 1) || s->locked.n > 1) {
		snprintf(why, whylen, "the exchange and its locked card disagree");
		return -1;
	}
	if (s->board && s->def->board_check)
		return s->def->board_check(s->board, s, why, whylen);
	return 0;
}

/* ---- JSON ---- */

static cJSON *
pile_json(const struct pile *p)
{
	cJSON *a = json_array();
	size_t i;

	for (i = 0; i < p->n; i++)
		json_push(a, cJSON_CreateNumber(p->c[i]));
	return a;
}

static const char *
name_or_null(const struct deck_state *s, int i)
{
	return i >= 0 ? s->p[i].name : NULL;
}

static cJSON *
players_json(const struct deck_state *s)
{
	cJSON *a = json_array();
	size_t i;

	for (i = 0; i < s->np; i++) {
		const struct deck_player *p = &s->p[i];
		cJSON *o = json_object();

		json_set_str(o, "name", p->name);
		json_set_bool(o, "out", p->out);
		json_set_num(o, "idle", p->idle);
		json_set_num(o, "idle_from", p->idle_from);
		json_set_str(o, "role", p->role);
		if (p->found >= 0) {
			json_set_str(o, "found", s->p[p->found].name);
			json_set_num(o, "found_turn", p->found_turn);
		}
		if (p->exposed)
			json_set_bool(o, "exposed", 1);
		json_set(o, "hand", pile_json(&p->hand));
		json_push(a, o);
	}
	return a;
}

cJSON *
deck_to_json(const struct deck_state *s, int with_log)
{
	cJSON *o = json_object(), *turn = json_object(), *piles = json_object();
	cJSON *cards = json_array();
	char buf[80];
	int c;

	json_set_str(o, "format", DECK_STATE_FORMAT);
	json_set_str(o, "game", s->def->game);
	json_set_str(o, "name", s->name);
	if (s->seeded) {
		snprintf(buf, sizeof buf, "%" PRIu64, s->seed);
		json_set_str(o, "seed", buf);
	} else {
		json_set_str(o, "seed", NULL);
	}
	snprintf(buf, sizeof buf, "%016" PRIx64 "%016" PRIx64 "%016" PRIx64
	    "%016" PRIx64, s->rng.s[0], s->rng.s[1], s->rng.s[2], s->rng.s[3]);
	json_set_str(o, "rng", buf);
	json_set_str(turn, "player", name_or_null(s, s->turn));
	json_set_num(turn, "number", s->turn_no);
	json_set_num(turn, "round", s->round);
	json_set_bool(turn, "drawn", s->drawn);
	json_set_bool(turn, "exchanged", s->exchanged);
	json_set_bool(turn, "rolled", s->rolled);
	json_set_bool(turn, "acted", s->acted);
	if (s->strike >= 0) {
		json_set_str(turn, "strike", s->p[s->strike].name);
		json_set_num(turn, "owed", s->owed);
	}
	json_set(o, "turn", turn);
	if (s->x_from >= 0) {
		cJSON *x = json_object();

		json_set_str(x, "from", s->p[s->x_from].name);
		json_set_str(x, "to", s->p[s->x_to].name);
		json_set(o, "exchange", x);
	} else {
		json_set_str(o, "exchange", NULL);
	}
	json_set_bool(o, "roles", s->roles);
	if (s->dignity)
		json_set_str(o, "dignity", "power");
	json_set(o, "players", players_json(s));
	json_set(piles, "draw", pile_json(&s->draw));
	json_set(piles, "discard", pile_json(&s->discard));
	json_set(piles, "removed", pile_json(&s->removed));
	json_set(piles, "locked", pile_json(&s->locked));
	json_set(o, "piles", piles);
	for (c = 0; c < s->def->ncards; c++)
		json_push(cards, cJSON_CreateString(deck_card_id(s, c)));
	json_set(o, "cards", cards);
	if (s->board)
		json_set(o, "board", cJSON_Duplicate(s->board, 1));
	if (with_log)
		json_set(o, "log", cJSON_Duplicate(s->log ? s->log : json_array(), 1));
	return o;
}

static int
pile_from_json(const cJSON *a, struct pile *p)
{
	const cJSON *it;

	if (!cJSON_IsArray(a))
		return -1;
	cJSON_ArrayForEach(it, a) {
		int card;

		/* deck_check() then finds a card that is not in the deck */
		if (data_json_int(it, INT_MIN, INT_MAX, &card) < 0 || p->n >= DECK_MAX_CARDS)
			return -1;
		pile_push(p, card);
	}
	return 0;
}

static int
player_from_json(const cJSON *o, struct deck_player *p, char *why, size_t whylen)
{
	const char *name = str_member(o, "name");
	const cJSON *role = cJSON_GetObjectItemCaseSensitive(o, "role");

	if (!name || !deck_name_ok(name)) {
		snprintf(why, whylen, "players: a player without a valid name");
		return -1;
	}
	snprintf(p->name, sizeof p->name, "%s", name);
	if (bool_member(o, "out", 0, &p->out) < 0 ||
	    bool_member(o, "exposed", 0, &p->exposed) < 0 ||
	    int_member(o, "idle", 0, 1000, &p->idle) < 0 ||
	    int_member(o, "idle_from", 0, INT_MAX, &p->idle_from) < 0 ||
	    !cJSON_IsString(role) || strlen(role->valuestring) >= DECK_ROLE_MAX ||
	    pile_from_json(cJSON_GetObjectItemCaseSensitive(o, "hand"), &p->hand) < 0) {
		snprintf(why, whylen, "players: '%s': out, exposed, idle, "
		    "idle_from, role or hand is not valid", name);
		return -1;
	}
	snprintf(p->role, sizeof p->role, "%s", role->valuestring);
	return 0;
}

/* What a player's Spy found (absent in files saved before it was kept):
 * a player's name and the turn, both or neither. */
static int
found_from_json(const cJSON *o, const struct deck_state *s,
    struct deck_player *p, char *why, size_t whylen)
{
	const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, "found");

	p->found = -1;
	p->found_turn = 0;
	if (!f && !cJSON_GetObjectItemCaseSensitive(o, "found_turn"))
		return 0;
	if (!cJSON_IsString(f) || (p->found = deck_player_find(s,
	    f->valuestring)) < 0 ||
	    int_member(o, "found_turn", 1, INT_MAX, &p->found_turn) < 0) {
		snprintf(why, whylen, "players: '%s': found, found_turn: not "
		    "valid", p->name);
		return -1;
	}
	return 0;
}

static int
players_from_json(const cJSON *a, struct deck_state *s, char *why, size_t whylen)
{
	const cJSON *it;
	size_t i;

	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) < 1 ||
	    cJSON_GetArraySize(a) > DECK_MAX_PLAYERS) {
		snprintf(why, whylen, "players: 1 to %d players expected",
		    DECK_MAX_PLAYERS);
		return -1;
	}
	cJSON_ArrayForEach(it, a) {
		struct deck_player *p = &s->p[s->np++];

		if (player_from_json(it, p, why, whylen) < 0)
			return -1;
		for (i = 0; i + 1 < s->np; i++)
			if (strcmp(s->p[i].name, p->name) == 0) {
				snprintf(why, whylen, "players: '%s' twice", p->name);
				return -1;
			}
	}
	i = 0;
	cJSON_ArrayForEach(it, a)
		if (found_from_json(it, s, &s->p[i++], why, whylen) < 0)
			return -1;
	return 0;
}

/* A player's name, or JSON null for none: the index, or -1. */
static int
player_ref(const struct deck_state *s, const cJSON *v, int *out)
{
	if (cJSON_IsNull(v)) {
		*out = -1;
		return 0;
	}
	if (!cJSON_IsString(v) || (*out = deck_player_find(s, v->valuestring)) < 0)
		return -1;
	return 0;
}

/* An Assassin waiting for its victim's answer (absent when none): the
 * victim, and the cards the draw still owes, at most a whole draw. */
static int
strike_from_json(const cJSON *t, struct deck_state *s, char *why,
    size_t whylen)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(t, "strike");

	s->strike = -1;
	s->owed = 0;
	if (!v && !cJSON_GetObjectItemCaseSensitive(t, "owed"))
		return 0;
	if (player_ref(s, v, &s->strike) < 0 || s->strike < 0 ||
	    int_member(t, "owed", 0, s->def->draw, &s->owed) < 0 ||
	    s->p[s->strike].out) {
		snprintf(why, whylen, "turn: strike, owed: not valid");
		return -1;
	}
	return 0;
}

static int
turn_from_json(const cJSON *t, struct deck_state *s, char *why, size_t whylen)
{
	if (!cJSON_IsObject(t) ||
	    player_ref(s, cJSON_GetObjectItemCaseSensitive(t, "player"), &s->turn) < 0 ||
	    int_member(t, "number", 0, INT_MAX, &s->turn_no) < 0 ||
	    int_member(t, "round", 0, INT_MAX, &s->round) < 0 ||
	    bool_member(t, "drawn", 0, &s->drawn) < 0 ||
	    bool_member(t, "exchanged", 0, &s->exchanged) < 0 ||
	    bool_member(t, "acted", 0, &s->acted) < 0 ||
	    bool_member(t, "rolled", -1, &s->rolled) < 0 ||
	    (s->turn < 0) != (s->turn_no == 0)) {
		snprintf(why, whylen, "turn: not valid");
		return -1;
	}
	/* a file saved before the Mutiny rolls were held in the turn: a
	 * turn past its exchange is taken to have rolled, so that no
	 * commander is made to roll twice */
	if (s->rolled < 0)
		s->rolled = s->exchanged;
	if (strike_from_json(t, s, why, whylen) < 0)
		return -1;
	/* a step is done only in a turn that has begun with its draw (2) */
	if ((s->turn_no == 0 && s->drawn) ||
	    (!s->drawn && (s->exchanged || s->rolled || s->acted))) {
		snprintf(why, whylen, "turn: steps done in a turn not drawn for");
		return -1;
	}
	return 0;
}

static int
exchange_from_json(const cJSON *x, struct deck_state *s, char *why, size_t whylen)
{
	s->x_from = s->x_to = -1;
	if (cJSON_IsNull(x))
		return 0;
	if (!cJSON_IsObject(x) ||
	    player_ref(s, cJSON_GetObjectItemCaseSensitive(x, "from"), &s->x_from) < 0 ||
	    player_ref(s, cJSON_GetObjectItemCaseSensitive(x, "to"), &s->x_to) < 0 ||
	    s->x_from < 0 || s->x_to < 0 || s->x_from == s->x_to) {
		snprintf(why, whylen, "exchange: not valid");
		return -1;
	}
	return 0;
}

static int
rng_from_text(const char *t, struct rng *r)
{
	int i, j;

	if (strlen(t) != 64)
		return -1;
	for (i = 0; i < 4; i++) {
		r->s[i] = 0;
		for (j = 0; j < 16; j++) {
			int ch = t[i * 16 + j];

			if (!isxdigit(ch) || isupper(ch))
				return -1;
			r->s[i] = r->s[i] << 4 |
			    (uint64_t)(isdigit(ch) ? ch - '0' : ch - 'a' + 10);
		}
	}
	return r->s[0] | r->s[1] | r->s[2] | r->s[3] ? 0 : -1;
}

static int
header_from_json(const cJSON *root, const struct deck_def *d,
    struct deck_state *s, char *why, size_t whylen)
{
	const char *format = str_member(root, "format"), *game = str_member(root, "game");
	const char *name = str_member(root, "name"), *rng = str_member(root, "rng");
	const cJSON *seed = cJSON_GetObjectItemCaseSensitive(root, "seed");

	if (!format || strcmp(format, DECK_STATE_FORMAT) != 0) {
		snprintf(why, whylen, "format: expected \"%s\"", DECK_STATE_FORMAT);
		return -1;
	}
	if (!game || strcmp(game, d->game) != 0) {
		snprintf(why, whylen, "game: expected \"%s\"", d->game);
		return -1;
	}
	if (!name || !deck_name_ok(name)) {
		snprintf(why, whylen, "name: not a valid game name");
		return -1;
	}
	snprintf(s->name, sizeof s->name, "%s", name);
	if (!rng || rng_from_text(rng, &s->rng) < 0) {
		snprintf(why, whylen, "rng: 64 lower-case hex digits expected");
		return -1;
	}
	if (cJSON_IsString(seed)) {
		char *end;

		errno = 0;
		s->seed = strtoull(seed->valuestring, &end, 10);
		if (errno || *end || !isdigit((unsigned char)seed->valuestring[0])) {
			snprintf(why, whylen, "seed: a whole number expected");
			return -1;
		}
		s->seeded = 1;
	} else if (!cJSON_IsNull(seed)) {
		snprintf(why, whylen, "seed: a string or null expected");
		return -1;
	}
	return 0;
}

/* The card list must be the definition's, card for card. */
static int
cards_match(const cJSON *cards, const struct deck_def *d, char *why, size_t whylen)
{
	int i = 0;
	const cJSON *it;

	if (!cJSON_IsArray(cards) || cJSON_GetArraySize(cards) != d->ncards) {
		snprintf(why, whylen, "cards: %d cards expected, as in %s", d->ncards,
		    d->path[0] ? d->path : "deck.json");
		return -1;
	}
	cJSON_ArrayForEach(it, cards) {
		if (!cJSON_IsString(it) ||
		    strcmp(it->valuestring, d->kinds[d->kind_of[i]].id) != 0) {
			snprintf(why, whylen, "cards: card %d is not a %s as in the "
			    "deck definition", i, d->kinds[d->kind_of[i]].id);
			return -1;
		}
		i++;
	}
	return 0;
}

static int
piles_from_json(const cJSON *piles, struct deck_state *s, char *why, size_t whylen)
{
	static const char *const names[] = { "draw", "discard", "removed", "locked" };
	struct pile *dst[] = { &s->draw, &s->discard, &s->removed, &s->locked };
	size_t i;

	if (!cJSON_IsObject(piles)) {
		snprintf(why, whylen, "piles: an object expected");
		return -1;
	}
	for (i = 0; i < sizeof names / sizeof *names; i++)
		if (pile_from_json(cJSON_GetObjectItemCaseSensitive(piles, names[i]),
		    dst[i]) < 0) {
			snprintf(why, whylen, "piles: %s: an array of card numbers "
			    "expected", names[i]);
			return -1;
		}
	return 0;
}

static int
log_from_json(const cJSON *log, struct deck_state *s, int copy, char *why,
    size_t whylen)
{
	const cJSON *it;

	if (!cJSON_IsArray(log)) {
		snprintf(why, whylen, "log: an array expected");
		return -1;
	}
	cJSON_ArrayForEach(it, log) {
		int n;

		const cJSON *turn = cJSON_GetObjectItemCaseSensitive(it, "turn");

		if (!cJSON_IsObject(it) || int_member(it, "n", 1, INT_MAX, &n) < 0 ||
		    !str_member(it, "op")) {
			snprintf(why, whylen, "log: an entry without n or op");
			return -1;
		}
		if (turn && data_json_int(turn, 0, INT_MAX, &n) < 0) {
			snprintf(why, whylen, "log: an entry's turn is not a turn "
			    "number");
			return -1;
		}
	}
	/* a state being loaded from its file gives up its log instead: the
	 * log is most of the file, and copying it most of the cost */
	s->log = copy ? cJSON_Duplicate(log, 1) : NULL;
	return 0;
}

static int
from_json(const cJSON *root, const struct deck_def *d, struct deck_state *s,
    int copy_log, char *why, size_t whylen)
{
	int r = -1;

	memset(s, 0, sizeof *s);
	s->def = d;
	s->turn = s->x_from = s->x_to = s->strike = -1;
	if (!cJSON_IsObject(root))
		snprintf(why, whylen, "a state file holds one JSON object");
	else if (header_from_json(root, d, s, why, whylen) == 0 &&
	    cards_match(cJSON_GetObjectItemCaseSensitive(root, "cards"), d, why,
	    whylen) == 0 &&
	    players_from_json(cJSON_GetObjectItemCaseSensitive(root, "players"), s,
	    why, whylen) == 0 &&
	    turn_from_json(cJSON_GetObjectItemCaseSensitive(root, "turn"), s, why,
	    whylen) == 0 &&
	    exchange_from_json(cJSON_GetObjectItemCaseSensitive(root, "exchange"), s,
	    why, whylen) == 0 &&
	    piles_from_json(cJSON_GetObjectItemCaseSensitive(root, "piles"), s, why,
	    whylen) == 0 &&
	    log_from_json(cJSON_GetObjectItemCaseSensitive(root, "log"), s,
	    copy_log, why, whylen) == 0) {
		const char *dig = str_member(root, "dignity");
		const cJSON *board = cJSON_GetObjectItemCaseSensitive(root, "board");

		if (bool_member(root, "roles", 0, &s->roles) < 0)
			snprintf(why, whylen, "roles: true or false expected");
		else if (cJSON_GetObjectItemCaseSensitive(root, "dignity") &&
		    (!dig || (strcmp(dig, "power") != 0 && strcmp(dig, "card") != 0)))
			snprintf(why, whylen, "dignity: \"card\" or \"power\" expected");
		else if (board && !cJSON_IsObject(board))
			snprintf(why, whylen, "board: an object expected");
		else {
			s->dignity = dig && strcmp(dig, "power") == 0;
			/* a file saved before the board was kept has none */
			s->board = board ? cJSON_Duplicate(board, 1) : NULL;
			r = deck_check(s, why, whylen);
		}
	}
	if (r < 0)
		deck_free(s);
	return r;
}

int
deck_from_json(const cJSON *root, const struct deck_def *d,
    struct deck_state *s, char *why, size_t whylen)
{
	return from_json(root, d, s, 1, why, whylen);
}

/* A string buffer that grows. */
struct buf {
	char *p;
	size_t n, cap;
};

static void
buf_add(struct buf *b, const char *s)
{
	size_t len = strlen(s);

	if (b->n + len + 1 > b->cap) {
		b->cap = (b->n + len + 1) * 2;
		b->p = xrealloc(b->p, b->cap);
	}
	memcpy(b->p + b->n, s, len + 1);
	b->n += len;
}

static void
buf_json(struct buf *b, const cJSON *v)
{
	char *s = cJSON_PrintUnformatted(v);

	if (!s) {
		err(ST_SYS, "out of memory");
		exit(ST_SYS);
	}
	buf_add(b, s);
	cJSON_free(s);
}

char *
deck_format(const struct deck_state *s)
{
	cJSON *o = deck_to_json(s, 0), *it;
	struct buf b = { 0 };

	buf_add(&b, "{\n");
	for (it = o->child; it; it = it->next) {
		buf_add(&b, "\"");
		buf_add(&b, it->string);
		buf_add(&b, "\":");
		buf_json(&b, it);
		buf_add(&b, ",\n");
	}
	buf_add(&b, "\"log\":[");
	for (it = s->log ? s->log->child : NULL; it; it = it->next) {
		buf_add(&b, "\n");
		buf_json(&b, it);
		if (it->next)
			buf_add(&b, ",");
	}
	buf_add(&b, "\n]\n}\n");
	cJSON_Delete(o);
	return b.p;
}

/* ---- undo patches ---- */

static int
all_numbers(const cJSON *a)
{
	const cJSON *it;

	cJSON_ArrayForEach(it, a)
		if (!cJSON_IsNumber(it))
			return 0;
	return 1;
}

static cJSON *
replace_patch(const cJSON *before)
{
	cJSON *p = json_object();

	json_set(p, "=", cJSON_Duplicate(before, 1));
	return p;
}

/* Numbers: keep the common first k, then the old tail. */
static cJSON *
tail_patch(const cJSON *before, const cJSON *after)
{
	const cJSON *b = before->child, *a = after->child;
	cJSON *p = json_object(), *t = json_array();
	int k = 0;

	while (b && a && b->valuedouble == a->valuedouble) {
		b = b->next;
		a = a->next;
		k++;
	}
	for (; b; b = b->next)
		json_push(t, cJSON_CreateNumber(b->valuedouble));
	json_set_num(p, "k", k);
	json_set(p, "t", t);
	return p;
}

cJSON *
deck_diff(const cJSON *before, const cJSON *after)
{
	const cJSON *it;
	cJSON *p, *sub;
	int i;

	if (cJSON_Compare(before, after, 1))
		return NULL;
	if (cJSON_IsObject(before) && cJSON_IsObject(after)) {
		sub = json_object();
		cJSON_ArrayForEach(it, before) {
			const cJSON *a = cJSON_GetObjectItemCaseSensitive(after, it->string);
			cJSON *d = a ? deck_diff(it, a) : replace_patch(it);

			if (d)
				json_set(sub, it->string, d);
		}
		cJSON_ArrayForEach(it, after)
			if (!cJSON_GetObjectItemCaseSensitive(before, it->string)) {
				cJSON *del = json_object();

				json_set_bool(del, "-", 1);
				json_set(sub, it->string, del);
			}
		p = json_object();
		json_set(p, "o", sub);
		return p;
	}
	if (cJSON_IsArray(before) && cJSON_IsArray(after)) {
		if (all_numbers(before) && all_numbers(after))
			return tail_patch(before, after);
		if (cJSON_GetArraySize(before) == cJSON_GetArraySize(after)) {
			sub = json_object();
			for (i = 0; i < cJSON_GetArraySize(before); i++) {
				cJSON *d = deck_diff(cJSON_GetArrayItem(before, i),
				    cJSON_GetArrayItem(after, i));
				char key[16];

				if (d) {
					snprintf(key, sizeof key, "%d", i);
					json_set(sub, key, d);
				}
			}
			p = json_object();
			json_set(p, "a", sub);
			return p;
		}
	}
	return replace_patch(before);
}

/*
 * A patch read back from a file is untrusted: before any of it is applied,
 * check that it has one of the four shapes deck_diff makes and that it
 * fits the node it is for, so that applying it can only succeed.
 *   {"=": V}                 replace the node (never the root: the root
 *                            object is patched in place)
 *   {"-": true}              delete a member (only inside "o")
 *   {"o": {KEY: PATCH...}}   patch an object's members
 *   {"a": {"I": PATCH...}}   patch an array's elements, I from 0
 *   {"k": K, "t": [N...]}    a pile: keep the first K numbers, then these
 * where names the member or element, for the message.
 */
static int patch_fits(const cJSON *patch, const cJSON *node, int root,
    const char *where, char *why, size_t whylen);

static int
unfit(char *why, size_t whylen, const char *where, const char *what)
{
	snprintf(why, whylen, "%s: %s", where, what);
	return -1;
}

/* Each key once: cJSON keeps a repeated key, and apply() would meet the
 * node it had just changed. */
static int
keys_unique(const cJSON *o)
{
	const cJSON *a, *b;

	/* no state has more members or players than this: the check below
	 * is quadratic */
	if (cJSON_GetArraySize(o) > 64)
		return 0;
	for (a = o->child; a; a = a->next)
		for (b = a->next; b; b = b->next)
			if (strcmp(a->string, b->string) == 0)
				return 0;
	return 1;
}

/* "0", "1", ... "n-1" exactly, as deck_diff writes them: -1 otherwise. */
static int
element_index(const char *key, int n)
{
	long i = 0;
	const char *p;

	if (!*key || (key[0] == '0' && key[1]) || strlen(key) > 9)
		return -1;
	for (p = key; *p; p++) {
		if (*p < '0' || *p > '9')
			return -1;
		i = i * 10 + (*p - '0');
	}
	return i < n ? (int)i : -1;
}

/* The body of an "o" or "a" patch, and whether its node is of the kind. */
static int
body_fits(const cJSON *body, int node_ok, char kind, const char *where,
    char *why, size_t whylen)
{
	char what[80];

	if (!cJSON_IsObject(body) || !keys_unique(body))
		snprintf(what, sizeof what, "\"%c\" must be an object, each key "
		    "once", kind);
	else if (!node_ok)
		snprintf(what, sizeof what, "\"%c\" patches %s, and this is not "
		    "one", kind, kind == 'o' ? "an object" : "an array");
	else
		return 0;
	return unfit(why, whylen, where, what);
}

static int
members_fit(const cJSON *o, const cJSON *node, const char *where, char *why,
    size_t whylen)
{
	char sub[160];
	const cJSON *it, *child;

	if (body_fits(o, cJSON_IsObject(node), 'o', where, why, whylen) < 0)
		return -1;
	cJSON_ArrayForEach(it, o) {
		const cJSON *minus = cJSON_GetObjectItemCaseSensitive(it, "-");

		snprintf(sub, sizeof sub, "%s.%.40s", where, it->string);
		child = cJSON_GetObjectItemCaseSensitive(node, it->string);
		if (minus && (!cJSON_IsTrue(minus) || cJSON_GetArraySize(it) != 1))
			return unfit(why, whylen, sub, "\"-\" must be true and "
			    "alone");
		if (minus)
			continue;
		if (!child && !cJSON_GetObjectItemCaseSensitive(it, "="))
			return unfit(why, whylen, sub, "no such member to patch");
		if (patch_fits(it, child, 0, sub, why, whylen) < 0)
			return -1;
	}
	return 0;
}

static int
elements_fit(const cJSON *a, const cJSON *node, const char *where, char *why,
    size_t whylen)
{
	char sub[160];
	const cJSON *it;
	int i;

	if (body_fits(a, cJSON_IsArray(node), 'a', where, why, whylen) < 0)
		return -1;
	cJSON_ArrayForEach(it, a) {
		snprintf(sub, sizeof sub, "%s[%.12s]", where, it->string);
		if ((i = element_index(it->string, cJSON_GetArraySize(node))) < 0)
			return unfit(why, whylen, sub, "no such element");
		if (patch_fits(it, cJSON_GetArrayItem(node, i), 0, sub, why,
		    whylen) < 0)
			return -1;
	}
	return 0;
}

static int
tail_fits(const cJSON *k, const cJSON *t, const cJSON *node, const char *where,
    char *why, size_t whylen)
{
	int n = cJSON_GetArraySize(node);

	if (!cJSON_IsArray(node))
		return unfit(why, whylen, where, "\"k\" patches a pile, and this "
		    "is not one");
	/* compared as doubles before any cast: a huge k must not reach int */
	if (!cJSON_IsNumber(k) || !(k->valuedouble >= 0 && k->valuedouble <= n) ||
	    k->valuedouble != (double)(int)k->valuedouble)
		return unfit(why, whylen, where, "\"k\" must be a whole number "
		    "no larger than the pile");
	if (!cJSON_IsArray(t) || !all_numbers(t) ||
	    cJSON_GetArraySize(t) > DECK_MAX_CARDS)
		return unfit(why, whylen, where, "\"t\" must be a list of card "
		    "numbers");
	return 0;
}

static int
patch_fits(const cJSON *patch, const cJSON *node, int root, const char *where,
    char *why, size_t whylen)
{
	const cJSON *k = cJSON_GetObjectItemCaseSensitive(patch, "k");
	int n = cJSON_GetArraySize(patch);

	if (!cJSON_IsObject(patch))
		return unfit(why, whylen, where, "a patch must be an object");
	if (n == 1 && cJSON_GetObjectItemCaseSensitive(patch, "=") && !root)
		return 0;
	if (n == 1 && cJSON_GetObjectItemCaseSensitive(patch, "o"))
		return members_fit(patch->child, node, where, why, whylen);
	if (n == 1 && cJSON_GetObjectItemCaseSensitive(patch, "a") && !root)
		return elements_fit(patch->child, node, where, why, whylen);
	if (n == 2 && k && !root)
		return tail_fits(k, cJSON_GetObjectItemCaseSensitive(patch, "t"),
		    node, where, why, whylen);
	return unfit(why, whylen, where, root ? "the patch of the whole state "
	    "must be {\"o\": ...}" : "expected one of \"=\", \"o\", \"a\" "
	    "or \"k\" with \"t\"");
}

/* Apply a patch that patch_fits() passed to *node (which may be
 * replaced); 0, or -1 only if memory runs out. */
static int
apply(cJSON **node, const cJSON *patch)
{
	const cJSON *eq = cJSON_GetObjectItemCaseSensitive(patch, "=");
	const cJSON *o = cJSON_GetObjectItemCaseSensitive(patch, "o");
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(patch, "a");
	const cJSON *k = cJSON_GetObjectItemCaseSensitive(patch, "k");
	const cJSON *it;

	if (eq) {
		cJSON_Delete(*node);
		*node = cJSON_Duplicate(eq, 1);
		return *node ? 0 : -1;
	}
	if (o) {
		cJSON_ArrayForEach(it, o) {
			cJSON *child = cJSON_DetachItemFromObjectCaseSensitive(*node,
			    it->string);

			if (cJSON_GetObjectItemCaseSensitive(it, "-")) {
				cJSON_Delete(child);
				continue;
			}
			if (apply(&child, it) < 0) {
				cJSON_Delete(child);
				return -1;
			}
			cJSON_AddItemToObject(*node, it->string, child);
		}
		return 0;
	}
	if (a) {
		cJSON_ArrayForEach(it, a) {
			int i = element_index(it->string, cJSON_GetArraySize(*node));
			cJSON *child = cJSON_Duplicate(cJSON_GetArrayItem(*node, i), 1);

			if (apply(&child, it) < 0) {
				cJSON_Delete(child);
				return -1;
			}
			cJSON_ReplaceItemInArray(*node, i, child);
		}
		return 0;
	}
	{
		const cJSON *t = cJSON_GetObjectItemCaseSensitive(patch, "t");
		int keep = (int)k->valuedouble;

		while (cJSON_GetArraySize(*node) > keep)
			cJSON_DeleteItemFromArray(*node, keep);
		cJSON_ArrayForEach(it, t)
			json_push(*node, cJSON_Duplicate(it, 1));
	}
	return 0;
}

int
deck_patch(cJSON *state, const cJSON *patch, char *why, size_t whylen)
{
	cJSON *root = state;

	/* the root object is patched in place: only its members change, so
	 * the caller's pointer stays good */
	if (patch_fits(patch, state, 1, "undo", why, whylen) < 0)
		return -1;
	if (apply(&root, patch) < 0)
		return unfit(why, whylen, "undo", "out of memory");
	return 0;
}

/* ---- files ---- */

int
deck_dir(char path[PATH_MAX])
{
	char base[PATH_MAX];

	if (data_state_dir(base) < 0)
		return err(ST_SYS, "no folder for saved games: XDG_STATE_HOME and "
		    "HOME are unset or not absolute paths (set one of them)");
	if (snprintf(path, PATH_MAX, "%s/decks", base) >= PATH_MAX)
		return err(ST_SYS, "path too long: '%s/decks'", base);
	return ST_OK;
}

int
deck_file_init(struct deck_file *f, const char *name)
{
	memset(f, 0, sizeof *f);
	f->fd = -1;
	snprintf(f->name, sizeof f->name, "%s", name);
	if (deck_dir(f->dir) != ST_OK)
		return ST_SYS;
	if (snprintf(f->path, sizeof f->path, "%s/%s.json", f->dir, name) >= PATH_MAX ||
	    snprintf(f->good, sizeof f->good, "%s/%s.good.json", f->dir, name) >= PATH_MAX ||
	    snprintf(f->lock, sizeof f->lock, "%s/%s.lock", f->dir, name) >= PATH_MAX)
		return err(ST_SYS, "path too long under '%s'", f->dir);
	return ST_OK;
}

int
deck_file_exists(const struct deck_file *f)
{
	return access(f->path, F_OK) == 0;
}

int
deck_file_lock(struct deck_file *f)
{
	char what[64];
	double timeout;
	int st;

	if ((st = state_lock_timeout(&timeout)) != ST_OK)
		return st;
	snprintf(what, sizeof what, "game '%s'", f->name);
	return state_lock(f->lock, what, timeout, &f->fd);
}

void
deck_file_close(struct deck_file *f)
{
	state_unlock(f->fd);
	f->fd = -1;
	cJSON_Delete(f->before);
	f->before = NULL;
}

static int
bad_state(const struct deck_file *f, const char *why)
{
	if (access(f->good, F_OK) == 0)
		return err(ST_DATA, "%s: %s (left as it is; the state before its "
		    "last change is in %s)", f->path, why, f->good);
	return err(ST_DATA, "%s: %s (left as it is)", f->path, why);
}

int
deck_file_read(const struct deck_file *f, char **text, size_t *len, char *why,
    size_t whylen)
{
	return state_read(f->path, DECK_STATE_MAX, text, len, why, whylen);
}

static int
read_state(const struct deck_file *f, cJSON **root)
{
	char *text, why[256];
	size_t len;
	int st;

	if ((st = deck_file_read(f, &text, &len, why, sizeof why)) == ST_NO)
		return ST_NO;
	if (st == ST_SYS)
		return err(ST_SYS, "%s: %s", f->path, why);
	if (st != ST_OK)
		return bad_state(f, why);
	st = data_parse_json(text, len, root, why, sizeof why);
	free(text);
	if (st < 0)
		return bad_state(f, why);
	return ST_OK;
}

int
deck_file_game(const struct deck_file *f, char game[DECK_NAME_MAX])
{
	const char *g;
	cJSON *root;
	int st;

	if ((st = read_state(f, &root)) != ST_OK)
		return st;
	g = str_member(root, "game");
	if (!g || !deck_name_ok(g)) {
		cJSON_Delete(root);
		return bad_state(f, "game: a game id expected");
	}
	snprintf(game, DECK_NAME_MAX, "%s", g);
	cJSON_Delete(root);
	return ST_OK;
}

int
deck_file_load(struct deck_file *f, const struct deck_def *d,
    struct deck_state *s)
{
	char why[256];
	cJSON *root;
	int st;

	memset(s, 0, sizeof *s);
	if ((st = read_state(f, &root)) != ST_OK)
		return st;
	st = from_json(root, d, s, 0, why, sizeof why);
	if (st == 0)
		s->log = cJSON_DetachItemFromObjectCaseSensitive(root, "log");
	cJSON_Delete(root);
	if (st < 0)
		return bad_state(f, why);
	if (strcmp(s->name, f->name) != 0) {
		deck_free(s);
		return bad_state(f, "name: not the file's name");
	}
	cJSON_Delete(f->before);
	f->before = deck_to_json(s, 0);
	return ST_OK;
}

/* Is this file one of the game's temporaries: NAME.json.tmp.*,
 * NAME.good.json.tmp or NAME.good.json.tmp.*? */
static int
is_temp(const struct deck_file *f, const char *file)
{
	size_t n = strlen(f->name);

	if (strncmp(file, f->name, n) != 0)
		return 0;
	file += n;
	return strncmp(file, ".json.tmp.", 10) == 0 ||
	    strcmp(file, ".good.json.tmp") == 0 ||
	    strncmp(file, ".good.json.tmp.", 15) == 0;
}

/* Temporary files of writers that died: only ever ours, and only stale
 * once we hold the lock, whatever their writer's PID. */
static void
sweep_temps(const struct deck_file *f)
{
	char path[PATH_MAX];
	struct dirent *e;
	DIR *dir;

	if (!(dir = opendir(f->dir)))
		return;
	while ((e = readdir(dir)) != NULL)
		if (is_temp(f, e->d_name) &&
		    snprintf(path, sizeof path, "%s/%s", f->dir, e->d_name) < PATH_MAX)
			unlink(path);
	closedir(dir);
}

/*
 * The file about to be replaced was loaded and checked, so it is good:
 * keep it as NAME.good.json by a second link to its inode, which the
 * rename then leaves alone.
 */
static int
keep_good(const struct deck_file *f)
{
	char tmp[PATH_MAX];

	if (!deck_file_exists(f))
		return ST_OK;
	if (snprintf(tmp, sizeof tmp, "%s.tmp", f->good) >= PATH_MAX)
		return err(ST_SYS, "path too long: '%s'", f->good);
	unlink(tmp);
	if (link(f->path, tmp) < 0) {
		char *text;
		size_t len;
		int st;

		char why[256];

		/* a file system without hard links: copy instead */
		if ((st = deck_file_read(f, &text, &len, why, sizeof why)) != ST_OK)
			return err(st, "cannot keep '%s': %s", f->good, why);
		st = state_write_atomic(f->good, text, len);
		free(text);
		return st;
	}
	if (rename(tmp, f->good) < 0) {
		unlink(tmp);
		return err_sys("cannot keep '%s'", f->good);
	}
	return ST_OK;
}

int
deck_file_save(struct deck_file *f, const struct deck_state *s)
{
	char why[256], *text;
	int st;

	if (deck_check(s, why, sizeof why) < 0)
		return err(ST_DATA, "refusing to save game '%s': %s", f->name, why);
	sweep_temps(f);
	if ((st = keep_good(f)) != ST_OK)
		return st;
	text = deck_format(s);
	st = state_write_atomic(f->path, text, strlen(text));
	free(text);
	return st;
}

int
deck_file_commit(struct deck_file *f, struct deck_state *s, const char *op,
    const char *by, const char *text, int undo)
{
	cJSON *entry = json_object(), *after;
	const cJSON *it;
	double n = 0;

	/* numbered on from the highest number: an undo takes an entry out
	 * and notes it, and no two entries may share a number */
	cJSON_ArrayForEach(it, s->log)
		if (cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(it,
		    "n")) > n)
			n = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(it,
			    "n"));
	json_set_num(entry, "n", n + 1);
	json_set_str(entry, "op", op);
	json_set_str(entry, "by", by);
	json_set_num(entry, "turn", s->turn_no);
	json_set_str(entry, "text", text);
	if (undo && f->before) {
		cJSON *d;

		after = deck_to_json(s, 0);
		d = deck_diff(f->before, after);
		json_set(entry, "undo", d ? d : json_object());
		cJSON_Delete(after);
	}
	json_push(s->log, entry);
	return deck_file_save(f, s);
}

int
deck_is_undo_note(const cJSON *entry)
{
	const char *op = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
	    entry, "op"));

	return op && strcmp(op, "undo") == 0 &&
	    !cJSON_GetObjectItemCaseSensitive(entry, "undo");
}

int
deck_undo_state(struct deck_state *s, const struct deck_def *d,
    cJSON **undone, char *why, size_t whylen)
{
	int n = cJSON_GetArraySize(s->log), at;
	cJSON *last;
	const cJSON *patch;
	struct deck_state prev;
	char sub[200];
	cJSON *cur;

	*undone = NULL;
	/* the notes that say what an undo took back change nothing, and
	 * are passed over: the change to take back is the last real one */
	for (at = n; at > 0 && deck_is_undo_note(cJSON_GetArrayItem(s->log,
	    at - 1)); at--)
		;
	last = at ? cJSON_GetArrayItem(s->log, at - 1) : NULL;
	patch = cJSON_GetObjectItemCaseSensitive(last, "undo");
	n = at;
	/* only the entry that began the game carries no undo */
	if (!patch && n <= 1)
		return 1;
	if (!patch) {
		snprintf(why, whylen, "log entry %d: no undo data", n);
		return -1;
	}
	if (!cJSON_IsObject(patch)) {
		snprintf(why, whylen, "log entry %d: undo: a patch must be an "
		    "object", n);
		return -1;
	}
	cur = deck_to_json(s, 0);
	/* {} is the undo of a change that changed nothing */
	if (patch->child && deck_patch(cur, patch, sub, sizeof sub) < 0) {
		cJSON_Delete(cur);
		snprintf(why, whylen, "log entry %d: %s", n, sub);
		return -1;
	}
	/* the state before is checked whole, as if loaded from its file; the
	 * log it gets is ours, not anything the patch put there */
	cJSON_DeleteItemFromObjectCaseSensitive(cur, "log");
	json_set(cur, "log", json_array());
	if (from_json(cur, d, &prev, 0, sub, sizeof sub) < 0) {
		cJSON_Delete(cur);
		snprintf(why, whylen, "log entry %d: the state it goes back to is "
		    "not valid: %s", n, sub);
		return -1;
	}
	cJSON_Delete(cur);
	*undone = cJSON_DetachItemFromArray(s->log, n - 1);
	prev.log = s->log;
	s->log = NULL;
	deck_free(s);
	*s = prev;
	return 0;
}

/*
 * The log keeps a note of what an undo took back, in the entry's own
 * public words, numbered after every entry there was, the one taken out
 * included; undo passes over such notes (deck_is_undo_note).
 */
static void
undo_note(struct deck_state *s, const cJSON *undone)
{
	cJSON *note = json_object();
	const char *text = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
	    undone, "text"));
	double n = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(undone,
	    "n")), max = n;
	const cJSON *it;
	char line[600];

	cJSON_ArrayForEach(it, s->log)
		if (cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(it,
		    "n")) > max)
			max = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(it,
			    "n"));
	snprintf(line, sizeof line, "undone: %.0f. %s", n, text ? text : "");
	json_set_num(note, "n", max + 1);
	json_set_str(note, "op", "undo");
	json_set_str(note, "by", NULL);
	json_set_num(note, "turn", s->turn_no);
	json_set_str(note, "text", line);
	json_push(s->log, note);
}

int
deck_undo(struct deck_file *f, const struct deck_def *d, struct deck_state *s,
    cJSON **undone)
{
	char why[400];
	int r = deck_undo_state(s, d, undone, why, sizeof why);

	if (r > 0)
		return ST_NO;
	if (r < 0 && access(f->good, F_OK) == 0)
		return err(ST_DATA, "the last change cannot be undone: %s: '%s' "
		    "(left as it is; the state before its last write is in %s)",
		    why, f->path, f->good);
	if (r < 0)
		return err(ST_DATA, "the last change cannot be undone: %s: '%s' "
		    "(left as it is)", why, f->path);
	undo_note(s, *undone);
	return ST_OK;
}

int
deck_file_remove(struct deck_file *f)
{
	/* the lock file stays: a process waiting on it would otherwise lock
	 * an unlinked inode while a newcomer locks a fresh one */
	if (unlink(f->path) < 0 && errno != ENOENT)
		return err_sys("cannot delete '%s'", f->path);
	if (unlink(f->good) < 0 && errno != ENOENT)
		return err_sys("cannot delete '%s'", f->good);
	sweep_temps(f);
	return ST_OK;
}
