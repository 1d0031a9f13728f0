/*
 * draw.h: what the parts of `umpire draw` share: the request parsed from
 * the command line, a saved game opened for a command (session), and the
 * report being built (out).  cmd/draw.c parses and dispatches;
 * cmd/draw-session.c holds the report and the session; cmd/draw-new.c
 * new and the roles; cmd/draw-deck.c the turn's draw, hand, play, discard,
 * pass and exchange; cmd/draw-saved.c status, log, undo, end and list;
 * cmd/draw-react.c the answers, the exposure and the end's reveal;
 * cmd/draw-proc.c the d6 procedures; cmd/draw-board.c the board's
 * subcommands (`draw board`, and advance and clock on a saved board).
 */
#ifndef UMPIRE_CMD_DRAW_H
#define UMPIRE_CMD_DRAW_H

#include "ctx.h"
#include "deck.h"
#include "games/adwa/adwa.h"
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

#define DRAW_B(o) (1u << (o))
#define DRAW_MAX_OPS 8

struct draw_request {
	enum sub sub;
	unsigned given;
	const char *name, *commanders, *to, *from, *with, *veto, *roll, *show;
	const char *by;
	const char *positions, *army;
	int hand, held, hours, healer, odds, first, yes;
	int dignity;		/* --dignity power */
	int n;			/* cards to draw */
	char *ops[DRAW_MAX_OPS];
	int nops;
	char optname[O_ARMY + 1][64];
};

/* A game in play: its definition, file, state and die tables. */
struct draw_session {
	struct deck_def def;
	struct deck_file f;
	struct deck_state s;
	struct adwa_tables t;
	int have_def, have_s, have_t;
};

struct draw_out {
	struct trail *t;
	cJSON *json, *steps;
	/* words of the command line the game log must not keep (a card
	 * offered face down, the dice that tell how many Mutiny are held):
	 * pointers into ctx.argv's words, or into a word (--roll=6,6) */
	const char *hide[2];
};

int draw_session_open(struct ctx *c, const struct draw_request *r, int lock, int tables,
    struct draw_session *g);
void draw_session_free(struct draw_session *g);
/* Open the saved game `name` (NULL: the game's id, or the only one
 * saved), locked when it is to change, with its die tables if asked. */
int draw_open(struct ctx *c, const char *name, int lock, int tables,
    struct draw_session *g);
/* Print the report of a change already on disk (see draw-session.c). */
int draw_emit_saved(const struct ctx *c, cJSON *json, struct trail *t,
    const char *done);
/* The names of the saved games, at most max of them. */
int draw_saved_games(char names[][DECK_NAME_MAX], size_t max, size_t *n);
int draw_commander(const struct draw_session *g, const char *what, const char *name,
    int *who);
int draw_acting(const struct draw_session *g, const struct draw_request *r, int *who);
int draw_defence(const struct draw_session *g, const struct draw_request *r, int *dice,
    struct adwa_defence *def);
void draw_out_init(struct draw_out *o, const char *game, const char *procedure);
void draw_out_step(struct draw_out *o, const char *rule, const char *text);
void draw_game_header(struct draw_out *o, const struct draw_session *g, const char *what);
int draw_finish(struct ctx *c, struct draw_session *g, struct draw_out *o, int st,
    struct adwa_report *rep, const char *op, const char *by, const char *rule);
void draw_out_steps(struct draw_out *o, const struct adwa_steps *st);
void draw_out_result(struct draw_out *o, const char *rule, const char *code,
    const char *text);
int draw_out_done(const struct ctx *c, struct draw_out *o);
/* draw_out_done for a change already on disk (draw_emit_saved). */
int draw_out_saved(const struct ctx *c, struct draw_out *o, const char *done);
void draw_out_free(struct draw_out *o);
/* A game's title from its id, or the id when it has none. */
const char *draw_game_title(const char *id);
/* The saved game a command names: --name, -g, or the only one saved. */
int draw_game_name(const struct ctx *c, const struct draw_request *r,
    char name[DECK_NAME_MAX]);
/* The sizes of the draw, discard, removed and locked piles, into json. */
void draw_piles_json(cJSON *json, const struct deck_state *s);
/* The player's d6: "4" or "3,1"; n set to how many. */
int draw_parse_d6(const char *text, int *faces, int max, int *n);
const char *draw_sub_name(int sub);
/* The game a deck command is for: -g, else adwa, the one with a deck. */
const char *draw_game(const struct ctx *c);

/* cmd/draw-new.c: new, and the secret roles (1) */
int draw_do_new(struct ctx *c, const struct draw_request *r);
int draw_do_roles(struct ctx *c, const struct draw_request *r);

/* cmd/draw-deck.c: the steps of a turn */
int draw_do_draw(struct ctx *c, const struct draw_request *r);
int draw_do_hand(struct ctx *c, const struct draw_request *r);
int draw_do_discard(struct ctx *c, const struct draw_request *r);
int draw_do_play(struct ctx *c, const struct draw_request *r);
int draw_do_pass(struct ctx *c, const struct draw_request *r);
int draw_do_exchange(struct ctx *c, const struct draw_request *r);

/* cmd/draw-saved.c: the saved game as a whole */
int draw_do_status(struct ctx *c, const struct draw_request *r);
int draw_do_log(struct ctx *c, const struct draw_request *r);
int draw_do_undo(struct ctx *c, const struct draw_request *r);
int draw_do_end(struct ctx *c, const struct draw_request *r);
int draw_do_list(struct ctx *c);

/* cmd/draw-proc.c: the d6 procedures */
int draw_do_procedure(struct ctx *c, const struct draw_request *r);

/* cmd/draw-react.c */
int draw_do_react(struct ctx *c, const struct draw_request *r);
int draw_do_expose(struct ctx *c, const struct draw_request *r);
/* At the end of a game: every role at once (10), into the report; 1
 * when the game read whole, 0 when it is damaged. */
int draw_end_reveal(const struct ctx *c, const char *name, struct trail *t,
    cJSON *json);

/* cmd/draw-board.c: `draw board`, and `draw advance` and `draw clock`
 * on a saved game's board (11). */
int draw_board_show(struct ctx *c, const char *name);
int draw_board_step(struct ctx *c, const char *name, int clock,
    const char *roll);

#endif
