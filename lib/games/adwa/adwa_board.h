/*
 * adwa_board.h: the Adwa 1896 board kept in the saved game: what the
 * players would otherwise track on paper beside the deck.  Each
 * commander's four contingents on the three-stage approach (4), the three
 * Italian armies' positions and strengths, the reserve, the hours on the
 * clock and when the Italian attack rolls begin (11), and whether the
 * decisive battle has begun.
 *
 * The board lives in the deck state as a JSON object (adwa.h: board),
 * so that it is saved, locked, logged and undone with the cards; this
 * file reads it (every value checked: adwa_board_check), changes it and
 * writes it back.  Where the text gives no number (the hours a round
 * adds, which contingents start ready, the armies' strengths) umpire's
 * choice is marked here and listed in umpire-draw(1).
 */
#ifndef UMPIRE_ADWA_BOARD_H
#define UMPIRE_ADWA_BOARD_H

#include "games/adwa/adwa.h"

#define ADWA_STAGE_READY 6	/* in half-stages: stage 3 (4) */
#define ADWA_STAGE_FIRST 2	/* stage 1, the back of the approach */
#define ADWA_STAGE_LOST 0	/* a contingent lost for good */
#define ADWA_HOURS_PER_ROUND 6	/* umpire's choice: 11 gives none */
#define ADWA_MAX_STRENGTH 999

enum adwa_battle_cause {
	ADWA_BATTLE_NONE,
	ADWA_BATTLE_ATTACK,	/* an Attack on Italy (11) */
	ADWA_BATTLE_ITALY,	/* the attack roll came up 1 (11) */
	ADWA_BATTLE_FORCED	/* 72 hours on the clock (11) */
};

struct adwa_force {
	char name[DECK_NAME_MAX];
	int strength;			/* the commander's whole army */
	int half[ADWA_CONTINGENTS];	/* stage x 2: 2 to 6, or 0 lost */
};

struct adwa_board {
	struct adwa_force f[ADWA_MAX_COMMANDERS];	/* in turn order */
	size_t n;
	int pos[ADWA_ARMIES];		/* 0 Start to 3 in position */
	int strength[ADWA_ARMIES];
	int reserve;			/* Ellena's, 8 by the rules */
	int hours, per_round;
	int rounds_ended;		/* round ends made (umpire draw advance) */
	int in_position_turn;		/* the turn after which all three stood
					 * in position; 0 before */
	int rolled_turn;		/* the last turn the attack roll followed */
	enum adwa_battle_cause battle;
	/* the battle fought (umpire draw battle): its d6, Ethiopia's and
	 * Italy's, and the winner, 1 Ethiopia or 2 Italy; 0 before */
	int eth_roll, ita_roll, winner;
};

/* Called by adwa_deck_rules' check on every state the deck engine checks. */
int adwa_board_check(const cJSON *board, const struct deck_state *s,
    char *why, size_t whylen);
/* The state's board: 0, or -1 for a game saved before boards were kept. */
int adwa_board_get(const struct deck_state *s, struct adwa_board *b);
void adwa_board_put(struct deck_state *s, const struct adwa_board *b);
/* A new game's board, by umpire's defaults, for the commanders of s. */
void adwa_board_new(struct deck_state *s);
const char *adwa_battle_name(enum adwa_battle_cause c);
/* "3", "2.5" or "lost": a contingent's place as the players say it. */
const char *adwa_stage_text(int half, char buf[16]);

/* A detail of a report's JSON, set once even if it was set before. */
void adwa_report_str(struct adwa_report *r, const char *key, const char *val);
void adwa_report_num(struct adwa_report *r, const char *key, double val);

/* The turn under way is over and was the last of its round (3). */
int adwa_board_round_over(const struct deck_state *s);
/* All three armies in position (11). */
int adwa_board_all_in(const struct adwa_board *b);
/* The attack roll is owed after the turn under way (11). */
int adwa_board_roll_due(const struct deck_state *s, const struct adwa_board *b);

/*
 * What the board needs before the next turn's draw (11): ST_OK, or
 * ST_USAGE with why[] naming the step owed (the attack roll after the
 * turn, the end of the round).  A game without a board owes nothing.
 */
int adwa_board_owed(const struct deck_state *s, char *why, size_t whylen);

/*
 * The cards that move the board: adwa_board_play() for the card adwa_play()
 * has just spent (Advance, Withdraw, Attack, Defection, a pair; ST_USAGE
 * with r->why for a Withdraw with no contingent to move back), the others
 * for what it and adwa_mutiny() call directly:
 * each records its steps in r and does nothing to a game without a board
 * but say so.  `army` is the Italian army the player chose, or -1 for
 * umpire's choice (umpire-draw(1)).
 */
int adwa_board_play(struct deck_state *s, const struct adwa_play *p,
    struct adwa_report *r);
void adwa_board_advance(struct deck_state *s, int who, struct adwa_report *r);
int adwa_board_withdraw(struct deck_state *s, int who, struct adwa_report *r);
/* An Attack: on Italy (target -1) the battle begins; on a commander he
 * loses a contingent (11). */
void adwa_board_attack(struct deck_state *s, int target, struct adwa_report *r);
/* A Defection or a triggered Mutiny: a contingent of who defects and the
 * army gains 5 (6, 9). */
void adwa_board_defect(struct deck_state *s, int who, int army,
    struct adwa_report *r);
/* A personality pair: the army loses 3, not below 2 (5). */
void adwa_board_pair(struct deck_state *s, int army, struct adwa_report *r);

/*
 * The end of a round (11) and the attack roll after a turn (11) on a
 * saved game's board, with the player's dice first and the game's
 * generator for the rest: ST_OK, or ST_USAGE with r->why.
 */
int adwa_board_round_end(struct deck_state *s, const struct adwa_tables *t,
    struct adwa_defence *dice, struct adwa_report *r);
int adwa_board_clock(struct deck_state *s, const struct adwa_tables *t,
    struct adwa_defence *dice, struct adwa_report *r);

/* The decisive battle fought on the board once it has begun (11): its
 * two d6 (the player's first), the result recorded once, every role
 * shown (10); the game is then over.  ST_OK, or ST_USAGE with r->why. */
int adwa_board_fight(struct deck_state *s, struct adwa_defence *dice,
    struct adwa_report *r);
/* Has the battle begun on this state's board (11)?  Then nothing more
 * is played but the battle itself. */
int adwa_board_begun(const struct deck_state *s);

/* adwa_clock.c: the battle as the board stands, for `umpire crt -g adwa
 * --name GAME`: the request read (no strengths with a name), then the
 * battle from the saved game; ST_OK or the status, with o->why. */
struct out_result;
int adwa_board_crt_request(struct out_result *o, const cJSON *req, char *roll,
    size_t rolllen, int *roll_given, int *odds);
/* A battle fought (umpire draw battle) is shown with its own dice, into
 * roll (when not NULL), and a --roll that differs is refused: the
 * result is recorded once (11). */
int adwa_board_crt(const struct ctx *c, const cJSON *req, struct out_result *o,
    struct adwa_battle *b, char *roll, size_t rolllen, int *given);
void adwa_board_battle(const struct deck_state *s, const struct adwa_board *b,
    struct adwa_battle *battle);
/* The board as JSON for output, with each contingent's state spelt out. */
cJSON *adwa_board_json(const struct adwa_board *b);

#endif
