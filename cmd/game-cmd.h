/*
 * game-cmd.h: what the parts of `umpire game` share.  cmd/game.c parses
 * the line, opens the saved game and sends each verb on; the verbs that
 * change the position (and the turn, the phase, the log) are in
 * cmd/game-change.c, those that only read it in cmd/game-read.c.
 */
#ifndef UMPIRE_GAME_CMD_H
#define UMPIRE_GAME_CMD_H

#include <cjson/cJSON.h>

#include "ctx.h"
#include "saved.h"
#include "situation.h"

struct game;
struct map;

/*
 * The map member of a saved game whose game ships no map (iwiif is played
 * on a table, adwa with cards): its position holds no units, and the game
 * keeps the turn, the phase and the log.
 */
#define GAME_NO_MAP "none"

struct game_args {
	const char *verb, *map, *situation, *side, *type, *hex;
	const char *strength, *ma;
	const char *markers[UNIT_MAX_MARKERS];
	int nmarkers, clear;
	char **ops;		/* the operands after the verb */
	int nops;
};

/* What one verb needs: the saved game open (locked if it changes it),
 * the map and the game's situation words. */
struct game_run {
	struct ctx *c;
	struct ctx local;	/* c with the saved game's game id */
	struct saved sv;
	struct map *m;		/* NULL: the game has none (GAME_NO_MAP) */
	const struct game *g;
	int argc;		/* the whole command line, for the log */
	char **argv;
};

/* cmd/game.c: the run of one verb. */
void	 game_run_close(struct game_run *r);
/* Check the changed position before it is written, then log and write. */
int	 game_run_commit(struct game_run *r, const char *what, const char *rule);
/* One line to say what a verb did, as the trail and the JSON result. */
int	 game_run_said(const struct game_run *r, const char *verb,
	    const char *text);
/* A unit of the position by id, or NULL, reported naming the game. */
cJSON	*game_run_unit(const struct game_run *r, const char *id);
/* lo to hi operands after the verb (hi -1: any), what says which. */
int	 game_need_ops(const struct game_args *a, int lo, int hi,
	    const char *what);

/* cmd/game-change.c: the verbs that change the saved game. */
int	 game_change_new(struct ctx *c, const struct game_args *a, int argc,
	    char **argv);
int	 game_change_place(struct game_run *r, const struct game_args *a);
int	 game_change_remove(struct game_run *r, const struct game_args *a);
int	 game_change_set(struct game_run *r, const struct game_args *a);
int	 game_change_mark(struct game_run *r, const struct game_args *a, int on);
int	 game_change_control(struct game_run *r, const struct game_args *a);
int	 game_change_undo(struct game_run *r);
int	 game_change_next(struct game_run *r);
int	 game_change_end(struct game_run *r);
int	 game_change_delete(struct ctx *c, const struct game_args *a);

/* cmd/game-read.c: the verbs that only read it. */
int	 game_read_show(struct game_run *r);
int	 game_read_export(struct game_run *r);
int	 game_read_log(struct game_run *r);
int	 game_read_list(struct ctx *c);

#endif
