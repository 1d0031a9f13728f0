/*
 * adwa_draw.h: what the parts of Adwa's `umpire draw` procedure share:
 * the request read from the command's JSON (cmd/draw.c parses the command
 * line into it knowing no game), a saved game opened for a command
 * (session), and the report being built (out).  adwa_draw.c reads the
 * request and dispatches (the game's "draw" procedure);
 * adwa_draw_session.c holds the report and the session; adwa_draw_new.c new and the roles;
 * adwa_draw_deck.c the turn's draw, hand, play, discard, pass and
 * exchange; adwa_draw_saved.c status, log, undo, end and list;
 * adwa_draw_react.c the answers, the exposure and the end's reveal;
 * adwa_draw_proc.c the d6 procedures; adwa_draw_board.c the board's
 * subcommands (`draw board`, and advance, clock and battle on a saved
 * board).
 */
#ifndef UMPIRE_ADWA_DRAW_H
#define UMPIRE_ADWA_DRAW_H

#include "ctx.h"
#include "deck.h"
#include "games/adwa/adwa.h"
#include "out.h"
#include "saved.h"

/* The options and the subcommands the request names by their words
 * (adwa_draw.c: opt_names, sub_names). */
enum {
	ADWA_O_NAME = 1, ADWA_O_COMMANDERS, ADWA_O_HAND, ADWA_O_TO, ADWA_O_FROM, ADWA_O_WITH, ADWA_O_HEALER,
	ADWA_O_VETO, ADWA_O_ROLL, ADWA_O_ODDS, ADWA_O_SHOW, ADWA_O_HELD, ADWA_O_POSITIONS, ADWA_O_HOURS, ADWA_O_FIRST,
	ADWA_O_BY, ADWA_O_DIGNITY, ADWA_O_YES, ADWA_O_ARMY, ADWA_O_PINS
};

enum adwa_sub {
	ADWA_S_DRAW, ADWA_S_NEW, ADWA_S_ROLES, ADWA_S_HAND, ADWA_S_PLAY, ADWA_S_PASS, ADWA_S_EXCHANGE, ADWA_S_DISCARD,
	ADWA_S_STATUS, ADWA_S_LOG, ADWA_S_UNDO, ADWA_S_END, ADWA_S_LIST, ADWA_S_MUTINY, ADWA_S_ASSASSINATE,
	ADWA_S_DISGRACE, ADWA_S_SPY, ADWA_S_ADVANCE, ADWA_S_CLOCK, ADWA_S_REACT, ADWA_S_EXPOSE, ADWA_S_BOARD,
	ADWA_S_BATTLE
};

#define ADWA_B(o) (1u << (o))
#define ADWA_DRAW_MAX_OPS 8
#define ADWA_DRAW_HIDE 2	/* the secret values of a command line */

struct adwa_draw_request {
	enum adwa_sub sub;
	unsigned given;
	const char *name, *commanders, *to, *from, *with, *veto, *roll, *show;
	const char *by;
	const char *positions, *army;
	int hand, held, hours, healer, odds, first, yes;
	int dignity;		/* --dignity power */
	int pins;		/* new --pins */
	int n;			/* cards to draw */
	char *ops[ADWA_DRAW_MAX_OPS];
	int nops;
};

/* A game in play: its definition, file, state and die tables. */
struct adwa_draw_session {
	struct deck_def def;
	struct deck_file f;
	struct deck_state s;
	struct adwa_tables t;
	int have_def, have_s, have_t;
	/* with a saved game (--saved): the deck is its part parts.deck
	 * (adwa_draw_part.c), sg open, locked when it is to change */
	struct saved sg;
	int in_game;
	cJSON *imported;	/* an old store file read in, to log first */
	char note[2 * PATH_MAX + 200];
};

struct adwa_draw_out {
	struct trail *t;
	cJSON *json, *steps;
	/* values of the command line the game log must not keep (a card
	 * offered face down, the dice that tell how many Mutiny are held):
	 * a word equal to one, or its --option=value, is logged as secret */
	const char *hide[ADWA_DRAW_HIDE];
};

int adwa_draw_session_open(struct ctx *c, const struct adwa_draw_request *r, int lock, int tables,
    struct adwa_draw_session *g);
void adwa_draw_session_free(struct adwa_draw_session *g);
/* Open the saved game `name` (NULL: the game's id, or the only one
 * saved), locked when it is to change, with its die tables if asked. */
int adwa_draw_open(struct ctx *c, const char *name, int lock, int tables,
    struct adwa_draw_session *g);
/* Print the report of a change already on disk (see adwa_draw_session.c). */
int adwa_draw_emit_saved(const struct ctx *c, cJSON *json, struct trail *t,
    const char *done);
/* The names of the saved games, at most max of them. */
int adwa_draw_saved_games(char names[][DECK_NAME_MAX], size_t max, size_t *n);
int adwa_draw_commander(const struct adwa_draw_session *g, const char *what, const char *name,
    int *who);
int adwa_draw_acting(const struct adwa_draw_session *g, const struct adwa_draw_request *r, int *who);
int adwa_draw_defence(const struct adwa_draw_session *g, const struct adwa_draw_request *r, int *dice,
    struct adwa_defence *def);
void adwa_draw_out_init(struct adwa_draw_out *o, const char *game, const char *procedure);
void adwa_draw_out_step(struct adwa_draw_out *o, const char *rule, const char *text);
void adwa_draw_game_header(struct adwa_draw_out *o, const struct adwa_draw_session *g, const char *what);
int adwa_draw_finish(struct ctx *c, struct adwa_draw_session *g, struct adwa_draw_out *o, int st,
    struct adwa_report *rep, const char *op, const char *by, const char *rule);
void adwa_draw_out_steps(struct adwa_draw_out *o, const struct adwa_steps *st);
void adwa_draw_out_result(struct adwa_draw_out *o, const char *rule, const char *code,
    const char *text);
int adwa_draw_out_done(const struct ctx *c, struct adwa_draw_out *o);
/* adwa_draw_out_done for a change already on disk (adwa_draw_emit_saved). */
int adwa_draw_out_saved(const struct ctx *c, struct adwa_draw_out *o, const char *done);
void adwa_draw_out_free(struct adwa_draw_out *o);
/* A game's title from its id, or the id when it has none. */
const char *adwa_draw_game_title(const char *id);
/* The saved game a command names: --name, -g, or the only one saved. */
int adwa_draw_game_name(const struct ctx *c, const struct adwa_draw_request *r,
    char name[DECK_NAME_MAX]);
/* The sizes of the draw, discard, removed and locked piles, into json. */
void adwa_draw_piles_json(cJSON *json, const struct deck_state *s);
/* The player's d6: "4" or "3,1"; n set to how many. */
int adwa_draw_parse_d6(const char *text, int *faces, int max, int *n);
const char *adwa_draw_sub_name(int sub);
/* The game a deck command is for: -g, else adwa, the one with a deck. */
const char *adwa_draw_game(const struct ctx *c);

/* adwa_draw_new.c: new, and the secret roles (1) */
int adwa_draw_new(struct ctx *c, const struct adwa_draw_request *r);
int adwa_draw_roles(struct ctx *c, const struct adwa_draw_request *r);

/* adwa_draw_deck.c: the steps of a turn */
int adwa_draw_draw(struct ctx *c, const struct adwa_draw_request *r);
int adwa_draw_hand(struct ctx *c, const struct adwa_draw_request *r);
int adwa_draw_discard(struct ctx *c, const struct adwa_draw_request *r);
int adwa_draw_play(struct ctx *c, const struct adwa_draw_request *r);
int adwa_draw_pass(struct ctx *c, const struct adwa_draw_request *r);
int adwa_draw_exchange(struct ctx *c, const struct adwa_draw_request *r);

/* adwa_draw_saved.c: the saved game as a whole */
int adwa_draw_status(struct ctx *c, const struct adwa_draw_request *r);
int adwa_draw_log(struct ctx *c, const struct adwa_draw_request *r);
int adwa_draw_undo(struct ctx *c, const struct adwa_draw_request *r);
int adwa_draw_end(struct ctx *c, const struct adwa_draw_request *r);
int adwa_draw_list(struct ctx *c);

/* adwa_draw_proc.c: the d6 procedures */
int adwa_draw_procedure(struct ctx *c, const struct adwa_draw_request *r);

/* adwa_draw_react.c */
int adwa_draw_react(struct ctx *c, const struct adwa_draw_request *r);
int adwa_draw_expose(struct ctx *c, const struct adwa_draw_request *r);
/* At the end of a game: every role at once (10), into the report; 1
 * when the game read whole, 0 when it is damaged. */
int adwa_draw_end_reveal(const struct ctx *c, const char *name, struct trail *t,
    cJSON *json);

/* adwa_draw_part.c: the deck as a part of a saved game */
int adwa_draw_part_open(struct ctx *c, int lock, struct adwa_draw_session *g);
/* g's state (its deck log entry added already) as one step of the saved
 * game's log: refused out of the phase of "draw OP"; what is the public
 * line, words the command line as the table may see it. */
int adwa_draw_part_commit(struct adwa_draw_session *g, const struct ctx *c,
    const char *op, const char *what, const char *rule, char **words);
/* With a saved game: the step written (changed) and the note about an
 * old store file, into the report. */
void adwa_draw_part_tell(const struct adwa_draw_session *g, struct trail *t,
    cJSON *json, int changed);
/* `draw new` with a saved game: the fresh deck s becomes its part. */
int adwa_draw_part_new(struct ctx *c, struct adwa_draw_session *g);
/* ST_OK when no --name is given beside --saved; else refused. */
int adwa_draw_part_no_name(const struct ctx *c, const char *name);
/* Refuse a verb a saved game does its own way (undo, end). */
int adwa_draw_part_refuse(const struct ctx *c, const char *verb,
    const char *instead);
/* A deck change written where the deck lives: the store file, or the
 * saved game's part; hide: the command line's secret values (or NULL). */
int adwa_draw_session_commit(struct ctx *c, struct adwa_draw_session *g,
    const char *op, const char *by, const char *line, const char *rule,
    const char *const *hide);

/* adwa_draw_secret.c: each commander's PIN (1, 10) */
/* new --pins: a PIN for each commander, from UMPIRE_PINS or the
 * terminal, its hash kept in the state. */
int adwa_draw_pins_new(struct adwa_draw_session *g);
/* Before a secret of who's is shown (what names it): ST_OK when he has
 * no PIN or gave it (UMPIRE_PIN, or the terminal: *asked then set);
 * else the refusal, reported. */
int adwa_draw_pin_check(const struct adwa_draw_session *g, int who,
    const char *what, int *asked);
/* Does who keep his secrets behind a PIN? */
int adwa_draw_pinned(const struct deck_state *s, int who);
/* After a secret asked for at the terminal: wait for Enter, then clear
 * the screen. */
void adwa_draw_pin_clear(int asked);
/* An exchanged card not on the command line: UMPIRE_CARD or the
 * terminal, unechoed. */
int adwa_draw_secret_card(const char *what, char *buf, size_t len);

/* adwa_draw_board.c: `draw board`, and `draw advance`, `draw clock` and
 * `draw battle` on a saved game's board (11). */
int adwa_draw_board_show(struct ctx *c, const char *name);
enum { ADWA_BOARD_ADVANCE, ADWA_BOARD_CLOCK, ADWA_BOARD_BATTLE };
int adwa_draw_board_step(struct ctx *c, const char *name, int what,
    const char *roll);

#endif
