/*
 * game.h: what a game offers.
 *
 * Each game module (loe.c, toto.c, ...) fills one struct game with its id,
 * its title and the procedures its rules have; a procedure a game lacks is
 * NULL, and the command that asks for it says so ("loe has no activation
 * procedure").  Die tables need no code: they are data, read by the table
 * engine from rules/<game>/.
 */
#ifndef UMPIRE_GAME_H
#define UMPIRE_GAME_H

#include <stddef.h>

struct cJSON;
struct crt_out;
struct ctx;
struct move_price;
struct move_req;
struct move_step;
struct move_unit;

struct game {
	const char *id;
	const char *title;
	/*
	 * Resolve one battle for `umpire crt`.  req is the request, a JSON
	 * object of the fields the command line options set ("attack",
	 * "defense", "terrain", "roll", "odds", ...; see crt.h); the game
	 * refuses fields it does not know.  The result goes into out (crt.h):
	 * its JSON object, its steps and, unless out->trail is NULL, the text
	 * trail.  Returns ST_OK, or a status with out->why saying what was
	 * wrong (empty when the failure was reported already).  NULL when the
	 * game has no combat results table to settle.
	 */
	int (*crt)(struct ctx *c, const struct cJSON *req, struct crt_out *out);
	/* the words --terrain takes for crt, for completion; NULL if none */
	const char *crt_terrains;
	/*
	 * Movement (move.h), for `umpire move-cost`.  move_unit turns a
	 * request into a unit ready to move (class, allowance this phase in
	 * cost units, the game's data); ST_OK, or a status with why[] saying
	 * what was wrong.  move_step prices one step for that unit, given
	 * the cost units spent before it, and may update the unit's
	 * step-to-step state; it returns 0 when the step may be taken (with
	 * p->stop = 1 if the move must end there) or -1 when it may not,
	 * p->rule and p->why saying why.  move_zoc says whether a unit's
	 * zone of control reaches from one hex into the next across a
	 * hexside with these words (NULL: always).  move_types lists the
	 * unit type words, for completion.  All NULL for a game without
	 * hex movement.
	 */
	int (*move_unit)(const struct ctx *c, const struct move_req *req,
	    struct move_unit *u, char *why, size_t whylen);
	int (*move_step)(struct move_unit *u, const struct move_step *st,
	    int spent, struct move_price *p);
	int (*move_zoc)(const struct move_unit *u, const struct move_step *st);
	const char *move_types;
};

extern const struct game game_loe, game_toto, game_sotq, game_iwiif, game_adwa;

/* Every game, in a fixed order; n is set to how many. */
const struct game *const *game_all(size_t *n);
/* The game with this id, or NULL. */
const struct game *game_find(const char *id);

#endif
