/*
 * adwa.h: Adwa 1896, the coalition card game: its d6 procedures, its rules
 * for the deck that umpire runs (lib/deck.h), the secret roles, and the
 * arithmetic of the decisive battle.  Section numbers are those of
 * rules/adwa/reference.txt, umpire's own numbering of the game's text.
 *
 * Every function here only computes: the draw procedures (adwa_draw*.c,
 * reached through the game's procedure table; crt for the battle) read the request the
 * command made and report the result.  Each procedure
 * returns its steps, each with the rule it applies, for the trail.
 */
#ifndef UMPIRE_ADWA_H
#define UMPIRE_ADWA_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "ctx.h"
#include "deck.h"
#include "games/game.h"
#include "table.h"

#define ADWA_ARMIES 3		/* 11: three Italian armies, Ellena apart */
#define ADWA_CONTINGENTS 4	/* 4: four contingents a commander */
#define ADWA_MAX_COMMANDERS DECK_MAX_PLAYERS
#define ADWA_RESERVE 8		/* 11: the Italian reserve adds 8 */
#define ADWA_FORCED_HOURS 72	/* 11: Italy forces battle at 72 hours */
#define ADWA_IN_POSITION 3	/* 11: position 3 is "in position" */
#define ADWA_MAX_STEPS 48
#define ADWA_MAX_DICE 8
#define ADWA_ROLE_MAX 16
#define ADWA_PIN_MAX 33		/* a PIN, 4 to 32 characters */
#define ADWA_PIN_HASH 17	/* its hash as kept, 16 hex digits */

/*
 * What Adwa keeps of a game beyond the deck (lib/games/adwa/adwa_state.c):
 * the engine carries it in deck_state.game, saves it in the same file and
 * undoes it with the rest, and reads none of it (deck.h, struct
 * deck_rules).
 */
struct adwa_player {
	int idle;		/* own turns still to sit out (incapacitated) */
	int idle_from;		/* the turn number of the latest wound */
	char role[ADWA_ROLE_MAX];	/* secret; "" until roles are dealt */
	int found;		/* the traitor his Spy identified, or -1 */
	int found_turn;		/* ... in this turn */
	int exposed;		/* exposed in public as the traitor */
	char pin[ADWA_PIN_HASH];	/* the hash of his PIN, "" for none
					 * (adwa_draw_secret.c) */
};

struct adwa_state {
	struct adwa_player p[DECK_MAX_PLAYERS];	/* as deck_state.p */
	int drawn, exchanged, acted;	/* what the current turn has done */
	int rolled;		/* ... its Mutiny rolls (absent in files
				 * saved before: taken as `exchanged`) */
	int x_from, x_to;	/* a half-made exchange, or -1 */
	int strike;		/* the victim of an Assassin waiting for his
				 * answer, or -1 */
	int owed;		/* cards the draw it interrupted still owes */
	int roles;		/* roles have been dealt */
	int dignity;		/* Imperial Dignity read as a power, not as the
				 * Veto card (new --dignity power) */
	cJSON *board;		/* the board (adwa_board.h): an object, or
				 * NULL in files saved before one was kept */
};

/* Adwa's procedures for `umpire draw` (adwa_draw.c), on the game's table
 * (adwa.c): "draw", the subcommand a request names, and "draw-words",
 * the words it completes. */
int adwa_draw_run(struct ctx *c, const struct cJSON *req,
    struct out_result *res);
int adwa_draw_words_run(struct ctx *c, const struct cJSON *req,
    struct out_result *res);

/* The hooks that make deck_state.game an adwa_state: give them to
 * deck_def_load(). */
extern const struct deck_rules adwa_deck_rules;
/* Adwa's part of a game whose definition has adwa_deck_rules. */
struct adwa_state *adwa_of(const struct deck_state *s);
/* Does this player hold imperial powers (the definition's "imperial")? */
int adwa_is_imperial(const struct deck_def *d, const char *player);

struct adwa_step {
	const char *rule;
	char text[200];
};

struct adwa_steps {
	struct adwa_step s[ADWA_MAX_STEPS];
	size_t n;
};

void adwa_step(struct adwa_steps *st, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The Italian armies in their fixed order (11), by their commanders. */
extern const char *const adwa_army[ADWA_ARMIES];
int adwa_army_find(const char *name);

/* ---- the battle (11) ---- */

enum adwa_position { ADWA_READY, ADWA_INCOMPLETE, ADWA_LOST };

struct adwa_command {
	char name[DECK_NAME_MAX];
	int strength;			/* the commander's whole army */
	enum adwa_position c[ADWA_CONTINGENTS];
	int incapacitated;
};

struct adwa_battle {
	struct adwa_command eth[ADWA_MAX_COMMANDERS];
	size_t neth;
	int italy[ADWA_ARMIES];
	int reserve;			/* ADWA_RESERVE by the rules */
};

struct adwa_battle_result {
	/*
	 * Ethiopian strength times 200, exact: a contingent is a quarter of
	 * its army, an incomplete one a fifth of that, an incapacitated
	 * command 7/10, and 200 = 4 x 5 x 10 clears every fraction.
	 */
	long eth200;
	long italy;			/* armies plus the reserve */
	double ethiopia;		/* eth200 / 200 */
	int ready, contingents;		/* readiness = ready / contingents */
	int ready_enough;		/* readiness at least 50% */
	int eth_roll, ita_roll;		/* 0 when not rolled (odds) */
	double eth_mult, ita_mult;	/* 0.8 + 0.07 x roll */
	double eth_final, ita_final;
	int ethiopia_wins;
	int wins;			/* odds: pairs of rolls Ethiopia wins, of 36 */
	int win[6][6];			/* odds: [eth-1][ita-1] 1 if Ethiopia wins */
	struct adwa_steps steps;
};

/* 0, or -1 with why[] for strengths or counts out of range. */
int adwa_battle_check(const struct adwa_battle *b, char *why, size_t whylen);
/*
 * Resolve the battle with Ethiopia's and Italy's d6.  The comparison is
 * made in whole numbers (strength x 200 x (80 + 7 x roll)), so a tie is a
 * tie and goes to Ethiopia (11: strength >= Italy's).  -1 for a roll that
 * is not a face of a d6.
 */
int adwa_battle_resolve(const struct adwa_battle *b, int eth_roll,
    int ita_roll, struct adwa_battle_result *r);
/* The exact odds over the 36 equally likely pairs of rolls. */
void adwa_battle_odds(const struct adwa_battle *b, struct adwa_battle_result *r);

/* ---- the d6 procedures ---- */

enum adwa_proc {
	ADWA_ASSASSINATE,	/* 2.1, 10 */
	ADWA_MUTINY,		/* 9 */
	ADWA_DISGRACE,		/* 8 */
	ADWA_SPY,		/* 6 */
	ADWA_ADVANCE,		/* 11 */
	ADWA_CLOCK,		/* 11 */
	ADWA_NPROCS
};

struct adwa_input {
	enum adwa_proc proc;
	int healer;		/* assassinate: the victim plays a Healer */
	int veto;		/* assassinate: an imperial Veto */
	int held;		/* mutiny: Mutiny cards held, 0 to 4 */
	int positions[ADWA_ARMIES];	/* advance, clock: 0 (Start) to 3 */
	int hours;		/* clock: in-game hours */
	int first;		/* clock: this turn put the last army in position */
};

enum { ADWA_T_ASSASSINATION, ADWA_T_MUTINY, ADWA_T_DISGRACE, ADWA_T_SPY,
	ADWA_T_REINFORCEMENT, ADWA_T_CLOCK, ADWA_NTABLES };

struct adwa_tables {
	struct table *t[ADWA_NTABLES];
};

int adwa_tables_load(const struct ctx *c, struct adwa_tables *t);
void adwa_tables_free(struct adwa_tables *t);

const char *adwa_proc_name(enum adwa_proc p);
const char *adwa_proc_rule(enum adwa_proc p);
/* The die tables a procedure reads, for table_source. */
const struct table *adwa_proc_table(const struct adwa_tables *t,
    enum adwa_proc p);

struct adwa_result {
	int dice[ADWA_MAX_DICE];
	int ndice;		/* dice actually read */
	char code[48];
	char text[200];
	int value;		/* turns out (assassinate), new position (advance) */
	int army;		/* the Italian army concerned, or -1 */
	int strength;		/* the strength it gains */
	struct adwa_steps steps;
};

/* 0, or -1 with why[] for input out of range. */
int adwa_input_check(const struct adwa_input *in, char *why, size_t whylen);
/*
 * How many d6 the procedure reads: at least *min (the player must give
 * them all with --roll), at most the return value (the last ones are read
 * only if the first call for them: umpire rolls any not given).
 */
int adwa_dice(const struct adwa_input *in, int *min);
void adwa_resolve(const struct adwa_tables *t, const struct adwa_input *in,
    const int *dice, struct adwa_result *r);

struct adwa_outcome {
	char code[48];
	char text[200];
	double ways;		/* of 6^adwa_dice() equally likely rolls */
};

/* Every distinct result with its number of ways; returns how many. */
size_t adwa_odds(const struct adwa_tables *t, const struct adwa_input *in,
    struct adwa_outcome *out, size_t max, double *total);

/* ---- the deck (2, 3, 5, 6, 8, 9, 10, 12) ---- */

struct adwa_report {
	struct adwa_steps steps;
	int changed;		/* the state changed and is to be saved */
	int quiet;		/* ... without a log entry: nothing public */
	const char *op;		/* the log entry's op, when not the command's */
	cJSON *json;		/* what the procedure adds to the JSON result */
	char code[48];
	char text[200];
	char log[400];		/* the public line for the game's log */
	char why[240];		/* the refusal, when a rule forbids the request */
};

/* A refusal: r->why set from the format, ST_USAGE returned. */
int adwa_refuse(struct adwa_report *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Shuffle the commanders into turn order (3). */
void adwa_order(char **names, size_t n, struct rng *r);

struct adwa_defence {
	int healer;		/* stop an Assassin with the victim's Healer */
	int veto;		/* or with this imperial player's Veto; -1 none */
	const int *dice;	/* the player's d6 for Assassins, in order */
	int ndice;
	int used;		/* how many of them were read */
};

/* What kind of draw adwa_draw makes. */
enum {
	ADWA_DRAW_EXTRA,	/* an extra draw: the turn stays (--to, 4) */
	ADWA_DRAW_TURN,		/* the turn's draw: the turn passes first */
	ADWA_DRAW_REST		/* the rest of a draw an Assassin stopped */
};

/*
 * The turn's draw, an extra draw for player `who`, or the rest of a draw,
 * of n cards (2.1).  An Assassin drawn stops the draw: its strike then
 * waits for an answer (s->strike, adwa_react) unless def holds a standing
 * one that applies.  Returns ST_OK, or ST_USAGE with r->why when a rule
 * forbids it; the state is then to be thrown away.
 */
int adwa_draw(struct deck_state *s, const struct adwa_tables *t, int who,
    int n, int turn, struct adwa_defence *def, struct adwa_report *r);
int adwa_exchange(struct deck_state *s, int from, int to, int kind,
    struct adwa_report *r);
int adwa_discard(struct deck_state *s, int who, int kind, struct adwa_report *r);

struct adwa_play {
	int who;
	int kinds[2];
	int nkinds;
	int target;		/* --with, or -1 */
	int show;		/* --show was given (0 when not) ... */
	int show_who;		/* ... naming this commander, who asks to see
				 * a secret result (6) */
	int army;		/* --army, the Italian army chosen, or -1 */
	struct adwa_defence def;	/* a regroup draw may meet an Assassin */
};

int adwa_play(struct deck_state *s, const struct adwa_tables *t,
    struct adwa_play *p, struct adwa_report *r);
/* The turn's Mutiny rolls (9) for the commander whose turn it is. */
int adwa_mutiny(struct deck_state *s, const struct adwa_tables *t,
    struct adwa_defence *def, struct adwa_report *r);

/* ---- the order of a turn (2, 9; adwa_turn.c) ---- */

/* The step a turn is at: its next legal step. */
enum adwa_turn_step {
	ADWA_AT_DRAW,		/* no turn, or the last one is over: draw (2.1) */
	ADWA_AT_EXCHANGE,	/* drawn: the exchange is owed (2.2) */
	ADWA_AT_MUTINY,		/* exchanged: the Mutiny rolls are owed (9) */
	ADWA_AT_ACT,		/* one ordinary action or a pass (2.3) */
	ADWA_AT_REACT		/* an Assassin waits for its answer (2.1) */
};

enum adwa_turn_step adwa_turn_step(const struct deck_state *s);
const char *adwa_turn_step_name(enum adwa_turn_step t);
/* ST_OK when the turn is at step `want`; else ST_USAGE with why[], which
 * starts with `what` and says the rule and what the turn waits for. */
int adwa_turn_allow(const struct deck_state *s, enum adwa_turn_step want,
    const char *what, char *why, size_t whylen);
/* Menelik's or Taitu's Veto (6) of the turn's ordinary action, or of his
 * or her own Mutiny (9), played right after it: the action is taken back,
 * its card and the action stay spent. */
int adwa_veto(struct deck_state *s, int who, struct adwa_report *r);
/* Imperial Dignity read as a power (new --dignity power): the same
 * cancelling, of a Withdraw with its draw (4) or a defection (9), with no
 * card spent; refused in a game that reads it as the Veto card. */
int adwa_dignity(struct deck_state *s, int who, struct adwa_report *r);
/* End the turn without an ordinary action (2.3). */
int adwa_pass(struct deck_state *s, struct adwa_report *r);

/* ---- answers and exposure (2.1, 6, 7, 11; adwa_react.c) ---- */

/* "his" or "her", "he" or "she": Taitu is the one woman (1). */
const char *adwa_his(const char *name);
const char *adwa_he(const char *name);

enum adwa_answer { ADWA_ANSWER_NONE, ADWA_ANSWER_HEALER, ADWA_ANSWER_VETO,
	ADWA_ANSWER_DIGNITY };

/* ST_OK, or ST_USAGE with r->why when an Assassin waits for an answer:
 * then nothing but the answer may happen (2.1). */
int adwa_strike_refuse(const struct deck_state *s, const char *what,
    struct adwa_report *r);
/* Resolve the waiting strike with this answer (the vetoer for a Veto, the
 * d6 for none): the card spent, or the wound (10). */
int adwa_strike_resolve(struct deck_state *s, const struct adwa_tables *t,
    enum adwa_answer how, int vetoer, int die, struct adwa_report *r);
/* `draw react`: answer the waiting Assassin, then draw what the draw
 * still owes; or, with no Assassin waiting, a Veto of the last action. */
int adwa_react(struct deck_state *s, const struct adwa_tables *t,
    enum adwa_answer how, int by, struct adwa_defence *def,
    struct adwa_report *r);
/* Expose the traitor `who`'s Spy found on an earlier turn (7). */
int adwa_expose(struct deck_state *s, int who, struct adwa_report *r);
/* An Attack on an Ethiopian commander (11): logged as "X loses a
 * contingent", the hook for the board that keeps contingents. */
void adwa_attack_commander(struct deck_state *s, int who, int target,
    struct adwa_report *r);
/* A saved game's roles as the rules allow them (1): 0, or -1 with why[]. */
int adwa_state_check(const struct deck_state *s, char *why, size_t whylen);

/* ---- roles (1) ---- */

/* Deal the secret roles: one spy, 80% one traitor; ST_USAGE if no one may
 * be the spy. */
int adwa_roles_deal(struct deck_state *s, struct adwa_report *r);

struct adwa_role_odds {
	double spy, traitor, loyal;
};

/* The chance of each role for each of the named players, imperial ones
 * never spy nor traitor. */
void adwa_roles_odds(const struct deck_def *d, char *const *names, size_t n,
    struct adwa_role_odds *odds);

#endif
