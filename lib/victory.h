/*
 * victory.h: what a game's victory check reads, for `umpire victory`.
 *
 * The position comes from a saved game ("saved:NAME", game.h) or a
 * situation file; a saved game adds the moment of play (its turn, the
 * phase of the sequence of play it is in, whether it has ended), the
 * dead pile (each unit removed with the turn it was removed in, in the
 * order they went) and what was used once a game (`game use`).  Numbers
 * the players keep by hand come in as request fields.  What wins, and
 * when the rules look, is the game's: this module knows no game.
 */
#ifndef UMPIRE_VICTORY_H
#define UMPIRE_VICTORY_H

#include <limits.h>

#include <cjson/cJSON.h>

#include "ctx.h"
#include "saved.h"
#include "sequence.h"

struct out_result;

struct victory_pos {
	const char *spec;	/* the situation read; NULL: none (by hand) */
	struct map *map;
	struct situation *sit;
	struct saved sv;
	int saved;		/* sv is open, read only */
	struct sequence seq;
	int has_seq;
	int turn;		/* the saved game's, or --turn; 0: not known */
	int phase;		/* the saved game's phase index; -1: none */
	int ended;		/* `game end` was called */
	cJSON *data;		/* the game's victory data (victory_data) */
	char path[PATH_MAX];	/* its file */
};

/*
 * Read the request's situation (its "situation", else the line's) and
 * map: ST_OK with p filled; ST_NO, nothing reported, when there is no
 * situation (a check of numbers given by hand); else reported.  A
 * request "turn" stands over the saved game's turn.
 */
int	 victory_open(struct ctx *c, struct out_result *o, const cJSON *req,
	    struct victory_pos *p);
void	 victory_close(struct victory_pos *p);
/* Read the game's victory data, rel ("loe/victory.json"), into p->data:
 * ST_OK, or reported (ST_DATA when no data folder has it). */
int	 victory_data(const struct ctx *c, struct victory_pos *p,
	    const char *rel);

/* The dead pile, oldest first, or NULL without a saved game. */
const cJSON *victory_dead(const struct victory_pos *p);
/* The turn the saved game used name in (`game use`), or 0. */
int	 victory_used(const struct victory_pos *p, const char *name);
/* The index of the phase called name in the sequence, or -1. */
int	 victory_phase_index(const struct victory_pos *p, const char *name);
/* The saved game's phase name, or NULL. */
const char *victory_phase_name(const struct victory_pos *p);
/* Whether the saved game is in the last phase of its turn. */
int	 victory_last_phase(const struct victory_pos *p);

/* When the rules look at a condition, as its entry says. */
#define VICTORY_AT_ONCE		"at once"
#define VICTORY_END_TURN	"end of turn"
#define VICTORY_END_GAME	"end of game"
#define VICTORY_CHECK_PHASE	"victory check phase"

/*
 * One condition of the rules: a step (rule a string constant) and an
 * entry of o->json's "conditions": {rule, side, when, met, text}.
 * Returns met.
 */
int	 victory_condition(struct out_result *o, const char *rule,
	    const char *side, const char *when, int met, const char *fmt, ...)
	    __attribute__((format(printf, 6, 7)));
/* The verdict: o->json's "result" and the trail's last line. */
void	 victory_verdict(struct out_result *o, const char *code,
	    const char *rule, const char *fmt, ...)
	    __attribute__((format(printf, 4, 5)));

/* Members of the game's victory data (or a dead unit): o's key, or NULL;
 * its string, or NULL when it is none. */
const cJSON *victory_member(const cJSON *o, const char *key);
const char *victory_text(const cJSON *o, const char *key);

/* A whole number field from lo to hi: ST_OK with *given 0 when absent. */
int	 victory_int(struct out_result *o, const cJSON *req, const char *key,
	    int lo, int hi, int *out, int *given);
/*
 * "12:3,14:1": counts by turn, each turn 1 to max once, each count 0 to
 * 999, into by_turn[1..max] (cleared first).  ST_OK with *given 0 when
 * the field is absent.
 */
int	 victory_by_turn(struct out_result *o, const cJSON *req,
	    const char *key, int max, int *by_turn, int *given);

#endif
