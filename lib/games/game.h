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
struct out_result;
struct ctx;
struct map;
struct move_rules;
struct situation;
struct situation_rules;
struct supply_rules;

/*
 * One procedure a game offers: the command of that name (crt, fire,
 * draw, airstrike, ...) parses its options into a request (a JSON
 * object), finds the game's procedure by name and prints the result.
 * fields: the request members it reads, NULL-terminated (a member it
 * lacks is refused, naming the game that has it); NULL: any.
 */
struct game_proc {
	const char *name;
	int (*run)(struct ctx *c, const struct cJSON *req,
	    struct out_result *res);
	const char *const *fields;
};

struct game {
	const char *id;
	const char *title;
	/* its procedures, ended by one whose name is NULL */
	const struct game_proc *procs;
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
	int (*crt)(struct ctx *c, const struct cJSON *req, struct out_result *out);
	/* the words --terrain takes for crt, for completion; NULL if none */
	const char *crt_terrains;
	/*
	 * Procedures of the commands activation, fire, morale, rally and
	 * observe, and a game's move-cost answer without a map: the same
	 * request and result as crt; NULL when the game has none.
	 */
	int (*activation)(struct ctx *, const struct cJSON *, struct out_result *);
	int (*fire)(struct ctx *, const struct cJSON *, struct out_result *);
	int (*morale)(struct ctx *, const struct cJSON *, struct out_result *);
	int (*rally)(struct ctx *, const struct cJSON *, struct out_result *);
	int (*observe)(struct ctx *, const struct cJSON *, struct out_result *);
	int (*move_cost)(struct ctx *, const struct cJSON *, struct out_result *);
	/* Movement rules for `umpire move-cost` (move.h); NULL if none. */
	const struct move_rules *move;
	/* Supply rules for `umpire supply-trace` (supply.h); NULL if none. */
	const struct supply_rules *supply;
	/* The words of a situation file the game knows (units.h); NULL:
	   its situations are checked for their shape only. */
	const struct situation_rules *situation;
};

extern const struct move_rules loe_move, toto_move, sotq_move;
extern const struct supply_rules loe_supply, toto_supply, sotq_supply;
extern const struct situation_rules loe_situation, toto_situation,
    sotq_situation;

/* Every game, in id order (one a folder of lib/games/); n is set to how
   many. */
const struct game *const *game_all(size_t *n);
/* The game with this id, or NULL. */
const struct game *game_find(const char *id);
/* g's procedure of this name, or NULL. */
const struct game_proc *game_proc(const struct game *g, const char *name);
/*
 * What a situation says of itself, for a command given no game (c->game)
 * or no map (*map): spec a file whose "game" and "map" members name them,
 * or a name that one game alone ships a situation of (when c->game is
 * set, that game's).  Fills in what is unset and leaves the rest; ST_OK,
 * or reported (ST_USAGE when the name is found in no game or in several,
 * ST_DATA for a broken file).
 */
int game_situation_defaults(struct ctx *c, const char *spec,
    const char **map);
/* situation_open (units.h) with the checks of the map's game. */
int game_situation_open(const struct ctx *c, const struct map *m,
    const char *spec, struct situation **out);

#endif
