/*
 * deck.h: piles of cards, shuffles and draws; deck definitions from JSON;
 * a game's deck kept durably between commands.
 *
 * A deck definition (GAME/deck.json, see umpire-draw(1)) lists the kinds
 * of card with their counts and how each behaves: shown when drawn and out
 * of play for good afterwards, kept out of the starting hands, played alone,
 * in identical pairs, as a reaction or never.  The physical cards are
 * numbered 0..ncards-1 in the order of the definition, kind by kind, so a
 * card keeps its identity wherever it goes.
 *
 * A deck state is one game in progress: the players in turn order with
 * their hands, the draw, discard, removed and locked piles (the top of a
 * pile is its last card), the generator every later shuffle draws from,
 * and a log whose entries each carry what undoes them.  Every card is in
 * exactly one place: deck_check() proves it, and no state that fails is
 * ever written.  The engine knows no game: what a card does is the game's
 * business (lib/games/), and so is whatever else the game keeps of its
 * table (struct deck_rules): the engine carries that part, saves it in the
 * same file and undoes it with the rest, and never reads it.
 */
#ifndef UMPIRE_DECK_H
#define UMPIRE_DECK_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "ctx.h"
#include "dice.h"

#define DECK_FORMAT "umpire-deck/1"
#define DECK_STATE_FORMAT "umpire-deck-state/1"
#define DECK_MAX_KINDS 64
#define DECK_MAX_CARDS 256
#define DECK_MAX_PLAYERS 12
#define DECK_MAX_BY 8
#define DECK_NAME_MAX 32	/* a player's or a game's name, with its NUL */

enum deck_play {
	DECK_PLAY_ACTION,	/* one card, the ordinary action of a turn */
	DECK_PLAY_PAIR,		/* two identical cards, one ordinary action */
	DECK_PLAY_REACTION,	/* any time, no action spent */
	DECK_PLAY_NEVER		/* never played by choice */
};

struct deck_kind {
	char *id, *name, *rule, *text;
	int count;
	int reveal;		/* shown when drawn; resolved at once */
	int recycles;		/* 0: out of play for good once drawn */
	int deal;		/* may be in a starting hand */
	int target;		/* played against a chosen player */
	enum deck_play play;
	char *by[DECK_MAX_BY];	/* who may play it, in words the game
				 * reads; none for anyone */
	size_t nby;
};

struct deck_state;
struct deck_def;

/*
 * What a game keeps beside the deck, given by the game to
 * deck_def_load(): the engine makes, saves, reads, checks and frees the
 * game's part of a state (deck_state.game) only through these, wherever
 * it does so for its own part, so that a game part that fails is never
 * loaded, undone into or written.  Every member may be NULL.
 */
struct deck_rules {
	/* members a deck definition may have besides the engine's, kept
	 * in deck_def.own for the game; def_check checks them there */
	const char *const *def_keys;
	int (*def_check)(const struct deck_def *d, char *why, size_t whylen);
	/* members of a state file the game owns, NULL-ended: at its top,
	 * in its "turn" and in each of its "players" */
	const char *const *keys, *const *turn_keys, *const *player_keys;
	/* the game's part of a fresh game s (deck_new) */
	void *(*init)(const struct deck_state *s);
	void (*free)(void *game);
	/* put the game's members into o, the state as the engine wrote it
	 * (deck_json_put places one among the engine's) */
	void (*to_json)(const struct deck_state *s, cJSON *o);
	/* read them from a state's JSON into s->game, made here: 0, or -1
	 * with why[]; the engine's part of s is read already */
	int (*from_json)(const cJSON *root, struct deck_state *s, char *why,
	    size_t whylen);
	/* the game's invariants over the whole state: 0, or -1 with why[] */
	int (*check)(const struct deck_state *s, char *why, size_t whylen);
};

struct deck_def {
	char *game, *title, *rule, *source, *note;
	const struct deck_rules *rules;	/* the game's, or NULL */
	cJSON *own;		/* the members of rules->def_keys, or NULL */
	int hand;		/* starting hand when --hand is not given */
	char *hand_rule;
	int draw;		/* cards a turn's draw takes */
	struct deck_kind kinds[DECK_MAX_KINDS];
	size_t nkinds;
	int ncards;
	int kind_of[DECK_MAX_CARDS];
	char *players[DECK_MAX_PLAYERS];	/* the default players */
	size_t nplayers;
	char path[PATH_MAX];
};

/* Build and validate a definition with the game's rules (NULL: none):
 * 0, or -1 with why[] saying what is wrong. */
int deck_def_from_json(const cJSON *root, const struct deck_rules *rules,
    struct deck_def *d, char *why, size_t whylen);
/* Load GAME/deck.json: ST_OK, ST_USAGE for a game without a deck, ST_DATA. */
int deck_def_load(const struct ctx *c, const char *game,
    const struct deck_rules *rules, struct deck_def *d);
void deck_def_free(struct deck_def *d);
/* The kind with this id, or -1. */
int deck_kind_find(const struct deck_def *d, const char *id);

struct deck_pile {
	int *c;
	size_t n, cap;
};

struct deck_player {
	char name[DECK_NAME_MAX];
	struct deck_pile hand;
	int out;		/* out of the game for good */
};

struct deck_state {
	char name[DECK_NAME_MAX];
	const struct deck_def *def;
	struct rng rng;
	int seeded;
	uint64_t seed;
	struct deck_player p[DECK_MAX_PLAYERS];	/* in turn order */
	size_t np;
	int turn;		/* whose turn, an index into p; -1 before the first */
	int turn_no;		/* turns begun so far */
	int round;		/* rounds begun so far */
	/* draw: face down; discard: face up; removed: out of play;
	 * locked: set aside, in no hand, for as long as the game says */
	struct deck_pile draw, discard, removed, locked;
	cJSON *log;		/* the entries, oldest first */
	void *game;		/* the game's part (def->rules), or NULL */
};

void deck_pile_push(struct deck_pile *p, int card);
int deck_pile_pop(struct deck_pile *p);
/* Remove and return the card at index i. */
int deck_pile_take(struct deck_pile *p, size_t i);
/* The index of the topmost card of this kind, or -1. */
int deck_pile_find(const struct deck_pile *p, const struct deck_def *d,
    int kind);
size_t deck_pile_count(const struct deck_pile *p, const struct deck_def *d,
    int kind);
void deck_pile_free(struct deck_pile *p);

/* Fisher-Yates with the game's generator: every order equally likely. */
void deck_shuffle(struct deck_pile *p, struct rng *r);

/*
 * A fresh game: players in the order given (shuffle them first if the
 * rules say so), `hand` cards dealt one at a time around the table from the
 * cards that may be dealt, then the rest shuffled together into the draw
 * pile.  Returns 0, or -1 when there are too few cards for the hands.
 */
int deck_new(struct deck_state *s, const struct deck_def *d, const char *name,
    char *const *players, size_t np, int hand, const struct rng *r);
void deck_free(struct deck_state *s);

/*
 * Take the top card of the draw pile, first shuffling the discard pile in
 * when the draw pile is empty (*recycled is then set).  -1 when both are
 * empty.  A card that is revealed and does not recycle goes straight to
 * the removed pile; the caller resolves it.  Otherwise the card is
 * returned and belongs to nobody until the caller places it.
 */
int deck_draw_top(struct deck_state *s, int *recycled);

/* The player with this name, or -1. */
int deck_player_find(const struct deck_state *s, const char *name);
/* The next player after i still in the game (skipping those who are out),
 * or -1 if there is none but i. */
int deck_next_player(const struct deck_state *s, int i);
const char *deck_card_id(const struct deck_state *s, int card);
const struct deck_kind *deck_card_kind(const struct deck_state *s, int card);

/*
 * Every card in exactly one place, each place sane: 0, or -1 with why[].
 * Cards that leave play for good may be only in the draw or removed pile.
 */
int deck_check(const struct deck_state *s, char *why, size_t whylen);

/*
 * A file's object may hold only these members (keys, NULL-ended): 0, or
 * -1 with why[] naming the first other one ("unknown member:
 * 'WHERE.KEY'"), so that a misspelt member is refused, not read as
 * absent.  A value that is not an object passes: its type is checked
 * where it is read.
 */
int deck_json_known(const cJSON *o, const char *const *keys,
    const char *where, char *why, size_t whylen);
/*
 * JSON text may repeat a key, and cJSON keeps both: the first is read and
 * the second silently ignored.  0 when no object anywhere in v repeats
 * one, or -1 with why[] naming the first that does ("duplicate member:
 * 'WHERE.KEY'").
 */
int deck_json_duplicate(const cJSON *v, char *why, size_t whylen);
/* The members of a file, for the engine and a game's from_json: a
 * non-empty string, or NULL; a whole number from lo to hi: 0, or -1
 * (data_json_int); a boolean, dflt when absent: 0, or -1 when not one. */
const char *deck_str_member(const cJSON *o, const char *key);
int deck_int_member(const cJSON *o, const char *key, int lo, int hi,
    int *out);
int deck_bool_member(const cJSON *o, const char *key, int dflt, int *out);
/* A player's name, or JSON null for none: 0 with the index (-1 for
 * null) in *out, or -1. */
int deck_player_ref(const struct deck_state *s, const cJSON *v, int *out);
/*
 * Set o's member key to v (owned), placed just before the member named
 * before, or last when there is none: a game's members keep their place
 * among the engine's in the file, so that it reads as it always has.
 */
void deck_json_put(cJSON *o, const char *before, const char *key, cJSON *v);

/* The state as JSON (the log included) and back, validated. */
cJSON *deck_to_json(const struct deck_state *s, int with_log);
int deck_from_json(const cJSON *root, const struct deck_def *d,
    struct deck_state *s, char *why, size_t whylen);

/*
 * The state file's text: one top-level member per line and one log entry
 * per line, so that the file reads (and diffs) line by line.
 */
char *deck_format(const struct deck_state *s);

/*
 * Undo information: what turns `after` (state JSON without log) back into
 * `before`, as a small patch (only the members and pile tails that
 * changed), and its application.  A patch read from a file is checked
 * whole against the state before any of it is applied: deck_patch returns
 * 0, or -1 with why[] saying where it does not fit, state unchanged.
 */
cJSON *deck_diff(const cJSON *before, const cJSON *after);
int deck_patch(cJSON *state, const cJSON *patch, char *why, size_t whylen);

/*
 * A game on disk: $XDG_STATE_HOME/umpire/decks/NAME.json, changed under
 * NAME.lock, with NAME.good.json holding the state before the last change.
 */
struct deck_file {
	char path[PATH_MAX], good[PATH_MAX], lock[PATH_MAX], dir[PATH_MAX];
	char name[DECK_NAME_MAX];
	int fd;			/* the lock, or -1 */
	cJSON *before;		/* the state as loaded, for the undo patch */
};

/* Is this a usable game name (lower case letters, digits, - and _)? */
int deck_name_ok(const char *name);
/* Fill in the paths for a game name: ST_OK or ST_SYS. */
int deck_file_init(struct deck_file *f, const char *name);
/* Is anything at the game's path, a symbolic link or a FIFO too? */
int deck_file_exists(const struct deck_file *f);
/*
 * May a new game be written at the path?  ST_OK when nothing is there;
 * ST_NO, not reported, when a game file is (whole or not); ST_DATA,
 * reported as a load reports it, for what is no game file at all (a
 * symbolic link, dangling, looping or not; a FIFO), which is left as it
 * is; ST_SYS, reported.
 */
int deck_file_vacant(const struct deck_file *f);
int deck_file_lock(struct deck_file *f);
void deck_file_close(struct deck_file *f);
/*
 * Read and validate the state.  The game named in the file must have its
 * definition in d (loaded by the caller for s->def).  ST_OK; ST_USAGE when
 * there is no such game; ST_DATA, reported, for a file that does not parse
 * or breaks an invariant, which is left exactly as it is.
 */
int deck_file_load(struct deck_file *f, const struct deck_def *d,
    struct deck_state *s);
/* A state file's size limit: a long game's log is well under 1 MB. */
#define DECK_STATE_MAX (16u << 20)
/* Read the state file's text (state_read): ST_OK, ST_NO, ST_DATA or
 * ST_SYS with why[], nothing reported. */
int deck_file_read(const struct deck_file *f, char **text, size_t *len,
    char *why, size_t whylen);
/* Read only the game id a state file names (to find its definition). */
int deck_file_game(const struct deck_file *f, char game[DECK_NAME_MAX]);
/*
 * Append a log entry (op, by, text, and the undo patch from f->before) and
 * write the state durably: the old file is kept as NAME.good.json, then the
 * new one replaces it atomically.  Needs the lock.  `undo` false for an
 * entry that cannot be undone (the first).
 */
int deck_file_commit(struct deck_file *f, struct deck_state *s, const char *op,
    const char *by, const char *text, int undo);
/* deck_file_commit's log entry alone, the state not written: for a
 * change made of several entries and saved once. */
void deck_log_add(const struct deck_file *f, struct deck_state *s,
    const char *op, const char *by, const char *text, int undo);
/* Write the state as it is, without a new log entry (undo). */
int deck_file_save(struct deck_file *f, const struct deck_state *s);
/*
 * Take back the last logged change, its undo data checked first: 0; 1
 * when there is nothing to undo; -1 with why[] when the undo data does not
 * fit or leads to a state that is not valid, s unchanged.
 */
int deck_undo_state(struct deck_state *s, const struct deck_def *d,
    cJSON **undone, char *why, size_t whylen);
/* Is this log entry the note an undo leaves (op "undo", no undo data)?
 * undo passes over them: they change nothing. */
int deck_is_undo_note(const cJSON *entry);
/* The same for a game on disk, noted in the log ("undone: N. text", op
 * "undo"): ST_OK, ST_NO when there is nothing to undo, or ST_DATA,
 * reported ("the last change cannot be undone"). */
int deck_undo(struct deck_file *f, const struct deck_def *d,
    struct deck_state *s, cJSON **undone);
/* Delete the game's files (the lock file stays: see deck.c), but for
 * NAME.good.json when keep_good: a damaged game's errors point to it. */
int deck_file_remove(struct deck_file *f, int keep_good);
/* The directory of saved games: ST_OK, or ST_SYS, reported, when no
 * home for it is known. */
int deck_dir(char path[PATH_MAX]);

#endif
