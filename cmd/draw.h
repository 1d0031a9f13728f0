/*
 * draw.h: what the parts of `umpire draw` share: the request parsed from
 * the command line, a saved game opened for a command (session), and the
 * report being built (out).  cmd/draw.c parses and dispatches;
 * cmd/draw_session.c holds the report and the session; cmd/draw_new.c
 * new and the roles; cmd/draw_deck.c the turn's draw, hand, play, discard,
 * pass and exchange; cmd/draw_saved.c status, log, undo, end and list;
 * cmd/draw_react.c the answers, the exposure and the end's reveal;
 * cmd/draw_proc.c the d6 procedures; cmd/draw_board.c the board's
 * subcommands (`draw board`, and advance and clock on a saved board).
 */
#ifndef UMPIRE_CMD_DRAW_H
#define UMPIRE_CMD_DRAW_H

#include "ctx.h"
#include "deck.h"
#include "games/adwa.h"
#include "out.h"

enum {
	O_NAME = 1, O_COMMANDERS, O_HAND, O_TO, O_FROM, O_WITH, O_HEALER,
	O_VETO, O_ROLL, O_ODDS, O_SHOW, O_HELD, O_POSITIONS, O_HOURS, O_FIRST,
	O_BY, O_DIGNITY, O_YES, O_ARMY
};

enum sub {
	S_DRAW, S_NEW, S_ROLES, S_HAND, S_PLAY, S_PASS, S_EXCHANGE, S_DISCARD,
	S_STATUS, S_LOG, S_UNDO, S_END, S_LIST, S_MUTINY, S_ASSASSINATE,
	S_DISGRACE, S_SPY, S_ADVANCE, S_CLOCK, S_REACT, S_EXPOSE, S_BOARD
};

#define B(o) (1u << (o))
#define MAX_OPS 8

struct request {
	enum sub sub;
	unsigned given;
	const char *name, *commanders, *to, *from, *with, *veto, *roll, *show;
	const char *by;
	const char *positions, *army;
	int hand, held, hours, healer, odds, first, yes;
	int dignity;		/* --dignity power */
	int n;			/* cards to draw */
	char *ops[MAX_OPS];
	int nops;
	char optname[O_ARMY + 1][64];
};

/* A game in play: its definition, file, state and die tables. */
struct session {
	struct deck_def def;
	struct deck_file f;
	struct deck_state s;
	struct adwa_tables t;
	int have_def, have_s, have_t;
};

struct out {
	struct trail *t;
	cJSON *json, *steps;
	/* words of the command line the game log must not keep (a card
	 * offered face down, the dice that tell how many Mutiny are held):
	 * pointers into ctx.argv's words, or into a word (--roll=6,6) */
	const char *hide[2];
};

int session_open(struct ctx *c, const struct request *r, int lock, int tables,
    struct session *g);
void session_free(struct session *g);
/* Open the saved game `name` (NULL: the game's id, or the only one
 * saved), locked when it is to change, with its die tables if asked. */
int draw_open(struct ctx *c, const char *name, int lock, int tables,
    struct session *g);
/* Print the report of a change already on disk (see draw_session.c). */
int emit_saved(const struct ctx *c, cJSON *json, struct trail *t,
    const char *done);
/* The names of the saved games, at most max of them. */
int saved_games(char names[][DECK_NAME_MAX], size_t max, size_t *n);
int commander(const struct session *g, const char *what, const char *name,
    int *who);
int acting(const struct session *g, const struct request *r, int *who);
int defence(const struct session *g, const struct request *r, int *dice,
    struct adwa_defence *def);
void out_init(struct out *o, const char *game, const char *procedure);
void out_step(struct out *o, const char *rule, const char *text);
void game_header(struct out *o, const struct session *g, const char *what);
int finish(struct ctx *c, struct session *g, struct out *o, int st,
    struct adwa_report *rep, const char *op, const char *by, const char *rule);
void out_steps(struct out *o, const struct adwa_steps *st);
void out_result(struct out *o, const char *rule, const char *code,
    const char *text);
int out_done(const struct ctx *c, struct out *o);
/* out_done for a change already on disk (emit_saved). */
int out_saved(const struct ctx *c, struct out *o, const char *done);
void out_free(struct out *o);
/* A game's title from its id, or the id when it has none. */
const char *game_title(const char *id);
/* The saved game a command names: --name, -g, or the only one saved. */
int game_name(const struct ctx *c, const struct request *r,
    char name[DECK_NAME_MAX]);
/* The sizes of the draw, discard, removed and locked piles, into json. */
void piles_json(cJSON *json, const struct deck_state *s);
/* The player's d6: "4" or "3,1"; n set to how many. */
int parse_d6(const char *text, int *faces, int max, int *n);
const char *draw_sub_name(int sub);
/* The game a deck command is for: -g, else adwa, the one with a deck. */
const char *draw_game(const struct ctx *c);

/* cmd/draw_new.c: new, and the secret roles (1) */
int do_new(struct ctx *c, const struct request *r);
int do_roles(struct ctx *c, const struct request *r);

/* cmd/draw_deck.c: the steps of a turn */
int do_draw(struct ctx *c, const struct request *r);
int do_hand(struct ctx *c, const struct request *r);
int do_discard(struct ctx *c, const struct request *r);
int do_play(struct ctx *c, const struct request *r);
int do_pass(struct ctx *c, const struct request *r);
int do_exchange(struct ctx *c, const struct request *r);

/* cmd/draw_saved.c: the saved game as a whole */
int do_status(struct ctx *c, const struct request *r);
int do_log(struct ctx *c, const struct request *r);
int do_undo(struct ctx *c, const struct request *r);
int do_end(struct ctx *c, const struct request *r);
int do_list(struct ctx *c);

/* cmd/draw_proc.c: the d6 procedures */
int do_procedure(struct ctx *c, const struct request *r);

/* cmd/draw_react.c */
int do_react(struct ctx *c, const struct request *r);
int do_expose(struct ctx *c, const struct request *r);
/* At the end of a game: every role at once (10), into the report; 1
 * when the game read whole, 0 when it is damaged. */
int end_reveal(const struct ctx *c, const char *name, struct trail *t,
    cJSON *json);

/* cmd/draw_board.c: `draw board`, and `draw advance` and `draw clock`
 * on a saved game's board (11). */
int draw_board_show(struct ctx *c, const char *name);
int draw_board_step(struct ctx *c, const char *name, int clock,
    const char *roll);

#endif
