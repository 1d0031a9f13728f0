/*
 * game.h: what a game offers.
 *
 * A game is a folder, lib/games/ID/, that defines one
 * `const struct game game_ID`: its id, its title, the table of the
 * procedures its rules have, each under the name of the command that asks
 * for it, and the rules its map commands consult.  The Makefile finds the
 * folders and lists them (game_all); nothing else names a game.  Die
 * tables need no code: they are data, read by the table engine from
 * rules/ID/.
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
struct opt;
struct situation_rules;
struct supply_rules;

/*
 * The words a request field takes, for completion: the value of the
 * option that sets it ("terrain": --terrain mountain), or, for the
 * strengths an operand gives ("attack": 5:oos), the tags after a ':'.
 */
struct game_words {
	const char *field;
	const char *const *words;	/* NULL-terminated */
};

/*
 * One procedure a game offers: the command of that name (crt, fire,
 * move-cost, draw, airstrike, ...) parses its options into a request (a
 * JSON object: each option's long name with '_' for '-' holds its value,
 * true for a flag), finds the game's procedure by name (game_proc) and
 * prints the result.  run fills res (out.h): its JSON object, its steps
 * and, unless res->trail is NULL, the text trail; it returns ST_OK, or a
 * status with res->why saying what was wrong (empty when the failure was
 * reported already).
 * fields: the request members it reads, NULL-terminated (crt_req_check
 * refuses the others, naming a member some other procedure reads as one
 * that does not apply, and `umpire -g ID CMD --help` shows the options
 * that set them); NULL: any.
 * words: what its fields complete to, ended by one whose field is NULL;
 * NULL when none.
 * run is NULL for a command the game answers through its rules hooks
 * (move-cost through .move): the entry then declares only the options.
 * opts: the options the game adds to the command (opt.h), ended by one
 * whose id is 0; each sets the request field of its long name, and the
 * command parses them without knowing them (cmd/options.h).  repeats:
 * the long names among them that add to a list when given again.
 */
struct game_proc {
	const char *name;
	int (*run)(struct ctx *c, const struct cJSON *req,
	    struct out_result *res);
	const char *const *fields;
	const struct game_words *words;
	const struct opt *opts;
	const char *repeats;
};

struct game {
	const char *id;
	const char *title;
	/* its procedures, ended by one whose name is NULL; a command whose
	 * procedure the game lacks says so ("loe has no fire procedure") */
	const struct game_proc *procs;
	/* Movement rules for `umpire move-cost` (move.h); NULL if none. */
	const struct move_rules *move;
	/* Supply rules for `umpire supply-trace` (supply.h); NULL if none. */
	const struct supply_rules *supply;
	/* The words of a situation file the game knows (situation.h); NULL:
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
/* Every game's id, in id order; n is set to how many. */
const char *const *game_ids(size_t *n);
/* The ids as a sentence, "adwa, iwiif, loe, sotq or toto", for messages. */
const char *game_id_list(void);
/* 1 when p reads the request field (one of its fields, or any if NULL). */
int game_proc_reads(const struct game_proc *p, const char *field);
/* 1 when some game's procedure of this name (NULL: of any name) reads the
 * request field. */
int game_field_read(const char *proc, const char *field);
/* The words p declares for the field, or NULL. */
const char *const *game_proc_words(const struct game_proc *p,
    const char *field);
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
/* A situation spec naming a saved game's position: "saved:NAME". */
#define GAME_SAVED_SPEC "saved:"
/* situation_open (situation.h) with the checks of the map's game; a
 * GAME_SAVED_SPEC reads the saved game's position. */
int game_situation_open(const struct ctx *c, const struct map *m,
    const char *spec, struct situation **out);
/* The same with rules of the caller's own (a check that reads a position
 * the game's rules would refuse, to say what is wrong with it). */
int game_situation_open_with(const struct ctx *c, const struct map *m,
    const char *spec, const struct situation_rules *rules,
    struct situation **out);

#endif
