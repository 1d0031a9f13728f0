/*
 * air_req.h: what every game's airstrike procedure reads from its request
 * (a JSON object, one member an option: game.h) before its own rules
 * speak, and the missions it remembers with --name (air_saved.c over
 * air_state.c).  A game's procedure embeds struct air_req first in its own
 * request, reads the members it alone knows with its own setter, and hands
 * the rest here; nothing here knows which game asks.
 */
#ifndef UMPIRE_AIR_REQ_H
#define UMPIRE_AIR_REQ_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "ctx.h"
#include "games/air.h"
#include "games/air_state.h"
#include "saved.h"

struct out_result;
struct trail;

enum air_act { AIR_ACT_NONE, AIR_ACT_STATUS, AIR_ACT_UNDO, AIR_ACT_NEW_TURN,
    AIR_ACT_NEW_PHASE, AIR_ACT_BUILD, AIR_ACT_REMOVE, AIR_ACT_OVERRUN };

/* facts the saved missions or the map showed that bar nothing */
#define AIR_MAX_NOTES 6

struct air_req {
	int units, units_given;	/* air units in a strike (default 1) */
	const char *roll;
	int odds, check, fly;
	const char *mission;	/* as given; NULL: the game's default */
	int range, distance;	/* -1 when not given */
	int oos, flown;
	const char *map, *situation, *from, *to;
	int to_optional;	/* the game's: --map needs no --to this time */
	const char *name, *unit, *field_hex;	/* --name and its commands */
	const char *game;	/* the saved game (--saved), or NULL */
	int apply;		/* --apply: record in the saved game */
	enum air_act act;
	int nacts;
	struct air_reason notes[AIR_MAX_NOTES];
	int nnotes;
	struct air_saved *saved;	/* with --name, while the run lasts */
};

/*
 * A game's own member of the request: ST_OK when it took it, a reported
 * status when its value is wrong, -1 when the game does not know it.
 */
typedef int (*air_req_own)(void *game_req, const char *key,
    const cJSON *val);

/* A flag member: the int at offset `at` of a game's own facts. */
struct air_req_flag {
	const char *key;
	size_t at;
};
/* Set the flag of f[0..n) named key in obj: 1, or 0 when none is. */
int air_req_flag(void *obj, const struct air_req_flag *f, size_t n,
    const char *key);
/* Read every member of req in order, the shared ones here and the rest
 * by own; the first bad value is reported (ST_USAGE). */
int air_req_parse(const cJSON *req, struct air_req *a, air_req_own own,
    void *game_req);
/* A number from lo to hi in digits only, for option opt: ST_OK, or
 * reported (ST_USAGE). */
int air_req_number(const char *opt, const char *s, int lo, int hi, int *out);
/* --odds and --roll, which a game checks before its own strike options. */
int air_req_check_roll(const struct air_req *a);
/* The rest of what goes together: --name's commands, --map's hexes. */
int air_req_check(struct air_req *a);
/* A fact shown with the reasons (a.notes), bars nothing. */
void air_req_note(struct air_req *a, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The next id of a comma list "a,b" into id; NULL at its end. */
const char *air_req_next_id(const char *p, char id[AIR_ID_MAX]);

/* air_part.c: the missions as the part "air" of saved game a.game: open
 * it (the old file of its name read in if it has none), and log a step
 * that writes s back (first the old file's import, if one is pending).
 * act: the mission or the field's act ("strike", "build-field"), which
 * the sequence of play names as "airstrike ACT" in the phase it belongs
 * to (loe 11.2.2 E, 11.2.5, 11.4.1 A, 11.4.2 A, 11.4.3 B; toto 18.2,
 * 33.2, 33.3): the step is refused out of it, as saved_step's are. */
struct air_saved;
int air_part_open(struct air_saved *sv, const struct air_req *a);
int air_part_commit(struct air_saved *sv, const char *what,
    const char *rule, const char *act);

/*
 * What a game tells the saved missions of itself: its id (kept in the
 * file), its missions, the words of --status and --new-turn, and the
 * commands of --name only it has (--build-field, --new-phase, ...).
 */
struct air_game {
	const char *id, *title, *rule;	/* the state trail's title */
	const char *const *missions;	/* NULL-terminated */
	const char *turn_words;		/* "turn", as --status says it */
	int phases;			/* it counts combat phases too */
	const char *turn_rule, *flier;	/* --new-turn: "every FLIER ..." */
	/* its lines of --status after the flights, and after --new-turn */
	void (*show)(struct trail *t, const struct air_state *s);
	void (*turned)(struct trail *t, const struct air_state *s);
	/* its own commands: ST_OK, or reported */
	int (*act)(const struct ctx *c, struct air_req *a, struct trail *t);
};

/* A game's saved missions while a run lasts. */
struct air_saved {
	const struct air_game *game;
	struct air_file f;	/* --name's file; with --saved, the old one */
	struct air_state s, before;
	int fresh;		/* no file yet */
	/* with --saved: the saved game, whose part "air" s is (air_part.c) */
	const struct ctx *c;
	struct saved sg;
	int in_game;
	cJSON *imported;	/* the old file's missions, to log first */
	const char *rule;	/* a game's command's, for its step; NULL:
				   the game's rule */
	char note[2 * PATH_MAX + 200];	/* what became of the old file */
	int dropped;		/* open advances the step gave up */
};

/* Open the missions: a.game's part (air_part.c), else a.name's file;
 * locked when the run writes.  ST_OK or reported; air_saved_close() in
 * every case. */
int air_saved_open(const struct ctx *c, struct air_req *a,
    const struct air_game *g);
void air_saved_close(struct air_req *a);
/* Record the allowed mission of a.unit (each of a strike's) and write
 * the state; said[] tells it, json gets "recorded" and "name". */
int air_saved_record(const struct air_req *a, const char *mission,
    char *said, size_t len, cJSON *json);
/* With a saved game: what became of an old file of its name, as a note
 * of res and its "imported" member. */
void air_saved_tell(const struct air_req *a, struct out_result *res);
/* The game's missions as a "missions" array of json, for completion. */
void air_saved_missions(cJSON *json, const struct air_game *g);
/* --status, --undo, --new-turn and the game's own commands: res's
 * object becomes the state's. */
int air_saved_act(const struct ctx *c, struct air_req *a,
    struct out_result *res);

#endif
