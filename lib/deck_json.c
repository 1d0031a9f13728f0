/*
 * deck_json.c: a deck state to and from JSON, every member of a file
 * checked before it is used (a state file is the player's, and may be
 * hand-edited or damaged); deck_format writes the file's text.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "deck.h"
#include "deck_impl.h"
#include "err.h"
#include "out.h"


/* ---- members: none unknown, none twice ---- */

/* Is key one of the NULL-ended list (NULL: an empty one)? */
static int
listed(const char *const *keys, const char *key)
{
	for (; keys && *keys; keys++)
		if (strcmp(*keys, key) == 0)
			return 1;
	return 0;
}

int
deck_json_known2(const cJSON *o, const char *const *keys,
    const char *const *more, const char *where, char *why, size_t whylen)
{
	const cJSON *it;

	if (!cJSON_IsObject(o))
		return 0;
	cJSON_ArrayForEach(it, o)
		if (!it->string || (!listed(keys, it->string) &&
		    !listed(more, it->string))) {
			snprintf(why, whylen, "unknown member: '%s%s%.40s'", where,
			    where[0] ? "." : "", it->string ? it->string : "");
			return -1;
		}
	return 0;
}

int
deck_json_known(const cJSON *o, const char *const *keys, const char *where,
    char *why, size_t whylen)
{
	return deck_json_known2(o, keys, NULL, where, why, whylen);
}

void
deck_json_put(cJSON *o, const char *before, const char *key, cJSON *v)
{
	cJSON *at = before ? cJSON_GetObjectItemCaseSensitive(o, before) : NULL;

	json_set(o, key, v);
	if (!at)
		return;
	/* spliced by hand: cJSON_InsertItemInArray refuses a detached item
	 * anywhere but first (it tests the new item's prev, not the old's) */
	cJSON_DetachItemViaPointer(o, v);
	v->next = at;
	v->prev = at->prev;
	if (at == o->child)
		o->child = v;
	else
		at->prev->next = v;
	at->prev = v;
}

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The first key of object o given twice, or NULL: pairwise for the few
 * members a state's objects have, sorted for a long (hostile) one. */
static const char *
repeated_key(const cJSON *o)
{
	const cJSON *a, *b;
	const char **keys, *dup = NULL;
	size_t n = 0, i;

	for (a = o->child; a && n <= 16; a = a->next)
		n++;
	if (n <= 16) {
		for (a = o->child; a; a = a->next)
			for (b = a->next; b; b = b->next)
				if (a->string && b->string &&
				    strcmp(a->string, b->string) == 0)
					return a->string;
		return NULL;
	}
	for (n = 0, a = o->child; a; a = a->next)
		n++;
	keys = err_malloc(n * sizeof *keys);
	for (i = 0, a = o->child; a; a = a->next)
		keys[i++] = a->string ? a->string : "";
	qsort(keys, n, sizeof *keys, name_cmp);
	for (i = 1; i < n && !dup; i++)
		if (strcmp(keys[i - 1], keys[i]) == 0)
			dup = keys[i];
	free(keys);
	return dup;
}

/* Walk v with its place in where[] (len bytes used of size). */
static int
duplicate_in(const cJSON *v, char *where, size_t len, size_t size)
{
	const cJSON *it;
	const char *dup;
	int i = 0;

	if (cJSON_IsObject(v) && (dup = repeated_key(v)) != NULL) {
		snprintf(where + len, size - len, "%s%.40s", len ? "." : "", dup);
		return -1;
	}
	if (!cJSON_IsObject(v) && !cJSON_IsArray(v))
		return 0;
	cJSON_ArrayForEach(it, v) {
		int n;

		if (cJSON_IsObject(v))
			n = snprintf(where + len, size - len, "%s%.40s", len ? "." :
			    "", it->string ? it->string : "");
		else
			n = snprintf(where + len, size - len, "[%d]", i);
		i++;
		if (n < 0 || (size_t)n >= size - len)
			n = 0;	/* too deep to name: the place stays shorter */
		if ((cJSON_IsObject(it) || cJSON_IsArray(it)) &&
		    duplicate_in(it, where, len + (size_t)n, size) < 0)
			return -1;
	}
	where[len] = '\0';
	return 0;
}

int
deck_json_duplicate(const cJSON *v, char *why, size_t whylen)
{
	char where[200] = "";

	if (duplicate_in(v, where, 0, sizeof where) == 0)
		return 0;
	snprintf(why, whylen, "duplicate member: '%s'", where);
	return -1;
}

/* ---- to JSON ---- */

static cJSON *
pile_json(const struct deck_pile *p)
{
	cJSON *a = json_array();
	size_t i;

	for (i = 0; i < p->n; i++)
		json_push(a, cJSON_CreateNumber(p->c[i]));
	return a;
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
	json_set_str(turn, "player", s->turn >= 0 ? s->p[s->turn].name : NULL);
	json_set_num(turn, "number", s->turn_no);
	json_set_num(turn, "round", s->round);
	json_set(o, "turn", turn);
	json_set(o, "players", players_json(s));
	json_set(piles, "draw", pile_json(&s->draw));
	json_set(piles, "discard", pile_json(&s->discard));
	json_set(piles, "removed", pile_json(&s->removed));
	json_set(piles, "locked", pile_json(&s->locked));
	json_set(o, "piles", piles);
	for (c = 0; c < s->def->ncards; c++)
		json_push(cards, cJSON_CreateString(deck_card_id(s, c)));
	json_set(o, "cards", cards);
	if (s->game && s->def->rules && s->def->rules->to_json)
		s->def->rules->to_json(s, o);
	if (with_log)
		json_set(o, "log", cJSON_Duplicate(s->log ? s->log : json_array(), 1));
	return o;
}

static int
pile_from_json(const cJSON *a, struct deck_pile *p)
{
	const cJSON *it;

	if (!cJSON_IsArray(a))
		return -1;
	cJSON_ArrayForEach(it, a) {
		int card;

		/* deck_check() then finds a card that is not in the deck */
		if (data_json_int(it, INT_MIN, INT_MAX, &card) < 0 || p->n >= DECK_MAX_CARDS)
			return -1;
		deck_pile_push(p, card);
	}
	return 0;
}

static int
player_from_json(const cJSON *o, size_t i, const struct deck_rules *rules,
    struct deck_player *p, char *why, size_t whylen)
{
	static const char *const keys[] = { "name", "out", "hand", NULL };
	const char *name = deck_str_member(o, "name");
	char where[32];

	snprintf(where, sizeof where, "players[%zu]", i);
	if (deck_json_known2(o, keys, rules ? rules->player_keys : NULL, where,
	    why, whylen) < 0)
		return -1;
	if (!name || !deck_name_ok(name)) {
		snprintf(why, whylen, "players: a player without a valid name");
		return -1;
	}
	snprintf(p->name, sizeof p->name, "%s", name);
	if (deck_bool_member(o, "out", 0, &p->out) < 0 ||
	    pile_from_json(cJSON_GetObjectItemCaseSensitive(o, "hand"), &p->hand) < 0) {
		snprintf(why, whylen, "players: '%s': out or hand is not valid",
		    name);
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

		if (player_from_json(it, s->np - 1, s->def->rules, p, why,
		    whylen) < 0)
			return -1;
		for (i = 0; i + 1 < s->np; i++)
			if (strcmp(s->p[i].name, p->name) == 0) {
				snprintf(why, whylen, "players: '%s' twice", p->name);
				return -1;
			}
	}
	return 0;
}

int
deck_player_ref(const struct deck_state *s, const cJSON *v, int *out)
{
	if (cJSON_IsNull(v)) {
		*out = -1;
		return 0;
	}
	if (!cJSON_IsString(v) || (*out = deck_player_find(s, v->valuestring)) < 0)
		return -1;
	return 0;
}

static int
turn_from_json(const cJSON *t, struct deck_state *s, char *why, size_t whylen)
{
	static const char *const keys[] = { "player", "number", "round", NULL };
	const struct deck_rules *rules = s->def->rules;

	if (deck_json_known2(t, keys, rules ? rules->turn_keys : NULL, "turn",
	    why, whylen) < 0)
		return -1;
	if (!cJSON_IsObject(t) ||
	    deck_player_ref(s, cJSON_GetObjectItemCaseSensitive(t, "player"), &s->turn) < 0 ||
	    deck_int_member(t, "number", 0, INT_MAX, &s->turn_no) < 0 ||
	    deck_int_member(t, "round", 0, INT_MAX, &s->round) < 0 ||
	    (s->turn < 0) != (s->turn_no == 0)) {
		snprintf(why, whylen, "turn: not valid");
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
	const char *format = deck_str_member(root, "format"), *game = deck_str_member(root, "game");
	const char *name = deck_str_member(root, "name"), *rng = deck_str_member(root, "rng");
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
	struct deck_pile *dst[] = { &s->draw, &s->discard, &s->removed, &s->locked };
	size_t i;

	static const char *const keys[] = { "draw", "discard", "removed",
	    "locked", NULL };

	if (!cJSON_IsObject(piles)) {
		snprintf(why, whylen, "piles: an object expected");
		return -1;
	}
	if (deck_json_known(piles, keys, "piles", why, whylen) < 0)
		return -1;
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
	static const char *const keys[] = { "n", "op", "by", "turn", "text",
	    "undo", NULL };
	const cJSON *it;
	int i = 0;

	if (!cJSON_IsArray(log)) {
		snprintf(why, whylen, "log: an array expected");
		return -1;
	}
	cJSON_ArrayForEach(it, log) {
		const cJSON *turn = cJSON_GetObjectItemCaseSensitive(it, "turn");
		char where[32];
		int n;

		snprintf(where, sizeof where, "log[%d]", i++);
		if (deck_json_known(it, keys, where, why, whylen) < 0)
			return -1;

		if (!cJSON_IsObject(it) || deck_int_member(it, "n", 1, INT_MAX, &n) < 0 ||
		    !deck_str_member(it, "op")) {
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

/* The game's part, read once the engine's part is: 0, or -1. */
static int
game_from_json(const cJSON *root, struct deck_state *s, char *why,
    size_t whylen)
{
	const struct deck_rules *rules = s->def->rules;

	if (rules && rules->from_json &&
	    rules->from_json(root, s, why, whylen) < 0)
		return -1;
	return deck_check(s, why, whylen);
}

int
deck_state_from_json(const cJSON *root, const struct deck_def *d, struct deck_state *s,
    int copy_log, char *why, size_t whylen)
{
	static const char *const keys[] = { "format", "game", "name", "seed",
	    "rng", "turn", "players", "piles", "cards", "log", NULL };
	int r = -1;

	memset(s, 0, sizeof *s);
	s->def = d;
	s->turn = -1;
	if (!cJSON_IsObject(root))
		snprintf(why, whylen, "a state file holds one JSON object");
	/* a member misspelt or given twice is refused, never read as absent
	 * or as its other copy (lib/games/air_state.c refuses them too) */
	else if (deck_json_known2(root, keys, d->rules ? d->rules->keys : NULL,
	    "", why, whylen) == 0 &&
	    deck_json_duplicate(root, why, whylen) == 0 &&
	    header_from_json(root, d, s, why, whylen) == 0 &&
	    cards_match(cJSON_GetObjectItemCaseSensitive(root, "cards"), d, why,
	    whylen) == 0 &&
	    players_from_json(cJSON_GetObjectItemCaseSensitive(root, "players"), s,
	    why, whylen) == 0 &&
	    turn_from_json(cJSON_GetObjectItemCaseSensitive(root, "turn"), s, why,
	    whylen) == 0 &&
	    piles_from_json(cJSON_GetObjectItemCaseSensitive(root, "piles"), s, why,
	    whylen) == 0 &&
	    log_from_json(cJSON_GetObjectItemCaseSensitive(root, "log"), s,
	    copy_log, why, whylen) == 0)
		r = game_from_json(root, s, why, whylen);
	if (r < 0)
		deck_free(s);
	return r;
}

int
deck_from_json(const cJSON *root, const struct deck_def *d,
    struct deck_state *s, char *why, size_t whylen)
{
	return deck_state_from_json(root, d, s, 1, why, whylen);
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
		b->p = err_realloc(b->p, b->cap);
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
