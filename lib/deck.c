/*
 * deck.c: deck definitions, piles, shuffles and draws; see deck.h.  The
 * state as JSON is deck_json.c, undo patches deck_patch.c, the state file
 * deck_file.c.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "deck.h"
#include "deck_impl.h"
#include "err.h"
#include "out.h"

/* ---- definitions ---- */

const char *
deck_str_member(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(v) && v->valuestring[0] ? v->valuestring : NULL;
}

int
deck_int_member(const cJSON *o, const char *key, int lo, int hi, int *out)
{
	return data_json_int(cJSON_GetObjectItemCaseSensitive(o, key), lo, hi, out);
}

/* A boolean member; absent means dflt. */
int
deck_bool_member(const cJSON *o, const char *key, int dflt, int *out)
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

/* A list of player names: 0 or -1. */
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
		out[(*n)++] = err_strdup(it->valuestring);
	}
	return 0;
}

static int
kind_from_json(const cJSON *o, size_t i, struct deck_kind *k, char *why,
    size_t whylen)
{
	static const char *const keys[] = { "id", "name", "count", "rule",
	    "text", "play", "reveal", "recycles", "deal", "target", "by", NULL };
	const char *id = deck_str_member(o, "id"), *play = deck_str_member(o, "play");
	const cJSON *by = cJSON_GetObjectItemCaseSensitive(o, "by"), *it;
	char where[32];

	snprintf(where, sizeof where, "cards[%zu]", i);
	if (deck_json_known(o, keys, where, why, whylen) < 0)
		return -1;
	if (!id || !deck_name_ok(id)) {
		snprintf(why, whylen, "a card without a valid id (lower case letters, "
		    "digits and hyphens)");
		return -1;
	}
	k->id = err_strdup(id);
	if (!deck_str_member(o, "name") || !deck_str_member(o, "rule") ||
	    !deck_str_member(o, "text")) {
		snprintf(why, whylen, "card '%s': name, rule and text are required", id);
		return -1;
	}
	k->name = err_strdup(deck_str_member(o, "name"));
	k->rule = err_strdup(deck_str_member(o, "rule"));
	k->text = err_strdup(deck_str_member(o, "text"));
	if (deck_int_member(o, "count", 1, DECK_MAX_CARDS, &k->count) < 0) {
		snprintf(why, whylen, "card '%s': count must be a whole number from 1 "
		    "to %d", id, DECK_MAX_CARDS);
		return -1;
	}
	if (deck_bool_member(o, "reveal", 0, &k->reveal) < 0 ||
	    deck_bool_member(o, "recycles", 1, &k->recycles) < 0 ||
	    deck_bool_member(o, "deal", 1, &k->deal) < 0 ||
	    deck_bool_member(o, "target", 0, &k->target) < 0) {
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
			snprintf(why, whylen, "card '%s': by holds at most %d "
			    "strings", id, DECK_MAX_BY);
			return -1;
		}
		k->by[k->nby++] = err_strdup(it->valuestring);
	}
	return 0;
}

static int
def_header(const cJSON *root, struct deck_def *d, char *why, size_t whylen)
{
	const char *format = deck_str_member(root, "format");
	static const char *const req[] = { "game", "title", "rule", "source" };
	char **dst[] = { &d->game, &d->title, &d->rule, &d->source };
	size_t i;

	if (!format || strcmp(format, DECK_FORMAT) != 0) {
		snprintf(why, whylen, "format: expected \"%s\"", DECK_FORMAT);
		return -1;
	}
	for (i = 0; i < sizeof req / sizeof *req; i++) {
		if (!deck_str_member(root, req[i])) {
			snprintf(why, whylen, "%s: a string is required", req[i]);
			return -1;
		}
		*dst[i] = err_strdup(deck_str_member(root, req[i]));
	}
	if (deck_str_member(root, "note"))
		d->note = err_strdup(deck_str_member(root, "note"));
	d->hand_rule = err_strdup(deck_str_member(root, "hand_rule") ?
	    deck_str_member(root, "hand_rule") : d->rule);
	if (deck_int_member(root, "hand", 0, 50, &d->hand) < 0 ||
	    deck_int_member(root, "draw", 1, 10, &d->draw) < 0) {
		snprintf(why, whylen, "hand (0 to 50) and draw (1 to 10) are required");
		return -1;
	}
	if (name_list(cJSON_GetObjectItemCaseSensitive(root, "players"), d->players,
	    DECK_MAX_PLAYERS, &d->nplayers) < 0 || d->nplayers < 1) {
		snprintf(why, whylen, "players: 1 to %d distinct names expected",
		    DECK_MAX_PLAYERS);
		return -1;
	}
	return 0;
}

/* The members the game owns, kept for it in d->own and checked by it. */
static int
def_own(const cJSON *root, struct deck_def *d, char *why, size_t whylen)
{
	const char *const *k;

	if (!d->rules || !d->rules->def_keys)
		return 0;
	d->own = json_object();
	for (k = d->rules->def_keys; *k; k++) {
		const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, *k);

		if (v)
			json_set(d->own, *k, cJSON_Duplicate(v, 1));
	}
	return d->rules->def_check ? d->rules->def_check(d, why, whylen) : 0;
}

int
deck_def_from_json(const cJSON *root, const struct deck_rules *rules,
    struct deck_def *d, char *why, size_t whylen)
{
	const cJSON *cards, *it;
	size_t i, j;
	int k;

	static const char *const keys[] = { "format", "game", "title", "rule",
	    "source", "note", "hand", "hand_rule", "hand_note", "draw",
	    "players", "players_note", "cards", NULL };

	memset(d, 0, sizeof *d);
	d->rules = rules;
	if (!cJSON_IsObject(root)) {
		snprintf(why, whylen, "a deck file holds one JSON object");
		return -1;
	}
	/* a misspelt member would be read as absent, a repeated one as its
	 * first copy: both refused, as in a saved game */
	if (deck_json_known2(root, keys, rules ? rules->def_keys : NULL, "",
	    why, whylen) < 0 || deck_json_duplicate(root, why, whylen) < 0)
		return -1;
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
		if (kind_from_json(it, d->nkinds - 1, kd, why, whylen) < 0)
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
	return def_own(root, d, why, whylen);
}

int
deck_def_load(const struct ctx *c, const char *game,
    const struct deck_rules *rules, struct deck_def *d)
{
	char rel[PATH_MAX], path[PATH_MAX], why[256];
	cJSON *root;
	int st;

	memset(d, 0, sizeof *d);
	snprintf(rel, sizeof rel, "%s/deck.json", game);
	st = data_load_json(c, rel, &root, path);
	if (st == ST_NO)
		return err(ST_USAGE, "%s has no card deck: '%s'", game, game);
	if (st != ST_OK)
		return st;
	if (deck_def_from_json(root, rules, d, why, sizeof why) < 0) {
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
	cJSON_Delete(d->own);
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

/* ---- piles ---- */

void
deck_pile_push(struct deck_pile *p, int card)
{
	if (p->n == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 16;
		p->c = err_realloc(p->c, p->cap * sizeof *p->c);
	}
	p->c[p->n++] = card;
}

int
deck_pile_pop(struct deck_pile *p)
{
	return p->n ? p->c[--p->n] : -1;
}

int
deck_pile_take(struct deck_pile *p, size_t i)
{
	int card = p->c[i];

	memmove(p->c + i, p->c + i + 1, (p->n - i - 1) * sizeof *p->c);
	p->n--;
	return card;
}

int
deck_pile_find(const struct deck_pile *p, const struct deck_def *d, int kind)
{
	size_t i;

	for (i = p->n; i-- > 0;)
		if (d->kind_of[p->c[i]] == kind)
			return (int)i;
	return -1;
}

size_t
deck_pile_count(const struct deck_pile *p, const struct deck_def *d, int kind)
{
	size_t i, n = 0;

	for (i = 0; i < p->n; i++)
		n += d->kind_of[p->c[i]] == kind;
	return n;
}

void
deck_pile_free(struct deck_pile *p)
{
	free(p->c);
	memset(p, 0, sizeof *p);
}

void
deck_shuffle(struct deck_pile *p, struct rng *r)
{
	size_t i;

	for (i = p->n; i > 1; i--) {
		size_t j = (size_t)dice_rng_face(r, (int)i) - 1;
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
	struct deck_pile pool = { 0 }, held = { 0 };
	size_t i;
	int card, k;

	memset(s, 0, sizeof *s);
	s->def = d;
	s->rng = *r;
	snprintf(s->name, sizeof s->name, "%s", name);
	s->turn = -1;
	s->np = np;
	for (i = 0; i < np; i++)
		snprintf(s->p[i].name, sizeof s->p[i].name, "%s", players[i]);
	for (card = 0; card < d->ncards; card++)
		deck_pile_push(d->kinds[d->kind_of[card]].deal ? &pool : &held, card);
	if ((size_t)hand * np > pool.n) {
		deck_pile_free(&pool);
		deck_pile_free(&held);
		return -1;
	}
	deck_shuffle(&pool, &s->rng);
	/* dealt one at a time around the table, as at a real table */
	for (k = 0; k < hand; k++)
		for (i = 0; i < np; i++)
			deck_pile_push(&s->p[i].hand, deck_pile_pop(&pool));
	/* the cards held out of the deal join what is left, shuffled */
	for (i = 0; i < held.n; i++)
		deck_pile_push(&pool, held.c[i]);
	deck_shuffle(&pool, &s->rng);
	s->draw = pool;
	deck_pile_free(&held);
	s->log = json_array();
	if (d->rules && d->rules->init)
		s->game = d->rules->init(s);
	return 0;
}

void
deck_free(struct deck_state *s)
{
	size_t i;

	for (i = 0; i < s->np; i++)
		deck_pile_free(&s->p[i].hand);
	deck_pile_free(&s->draw);
	deck_pile_free(&s->discard);
	deck_pile_free(&s->removed);
	deck_pile_free(&s->locked);
	cJSON_Delete(s->log);
	s->log = NULL;
	if (s->game && s->def && s->def->rules && s->def->rules->free)
		s->def->rules->free(s->game);
	s->game = NULL;
}

int
deck_draw_top(struct deck_state *s, int *recycled)
{
	const struct deck_kind *k;
	int card;

	if (s->draw.n == 0 && s->discard.n > 0) {
		struct deck_pile t = s->draw;

		s->draw = s->discard;
		s->discard = t;
		deck_shuffle(&s->draw, &s->rng);
		*recycled = 1;
	}
	if ((card = deck_pile_pop(&s->draw)) < 0)
		return -1;
	k = deck_card_kind(s, card);
	if (k->reveal && !k->recycles)
		deck_pile_push(&s->removed, card);
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
mark(const struct deck_state *s, const struct deck_pile *p, const char *where,
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
	    mark(s, &s->locked, "the locked pile", seen, 0, why, whylen) < 0 ||
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
	if (s->def->rules && s->def->rules->check)
		return s->def->rules->check(s, why, whylen);
	return 0;
}
