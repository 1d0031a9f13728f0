/*
 * draw.h: what `umpire draw` (cmd/draw.c) shares with the file that
 * keeps its board subcommands (cmd/draw_board.c): a saved game opened
 * for a procedure, the player's dice, and the report of a change saved.
 */
#ifndef UMPIRE_CMD_DRAW_H
#define UMPIRE_CMD_DRAW_H

#include "ctx.h"
#include "deck.h"
#include "games/adwa.h"
#include "out.h"

/* A game in play: its definition, file, state and die tables. */
struct session {
	struct deck_def def;
	struct deck_file f;
	struct deck_state s;
	struct adwa_tables t;
	int have_def, have_s, have_t;
};

/* Open the saved game `name` (NULL: the game's id, or the only one
 * saved), locked when it is to change, with its die tables if asked. */
int draw_open(struct ctx *c, const char *name, int lock, int tables,
    struct session *g);
void session_free(struct session *g);
/* The player's d6: "4" or "3,1"; n set to how many. */
int parse_d6(const char *text, int *faces, int max, int *n);
/* Print the report of a change already on disk (see draw.c). */
int emit_saved(const struct ctx *c, cJSON *json, struct trail *t,
    const char *done);

/* cmd/draw_board.c: `draw board`, and `draw advance` and `draw clock`
 * on a saved game's board (11). */
int draw_board_show(struct ctx *c, const char *name);
int draw_board_step(struct ctx *c, const char *name, int clock,
    const char *roll);

#endif
