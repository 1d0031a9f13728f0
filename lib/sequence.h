/*
 * sequence.h: a game's sequence of play, as data (rules/GAME/sequence.json,
 * umpire-data(5)): the phases of a game turn in order, each with its rule,
 * the procedures that belong to it, what players forget at that moment,
 * and when it is played (on some maps only; not on a map's first turn).
 * What a phase means is the game's; the engine only counts through them,
 * refuses a step applied out of its phase, and lists the units carrying
 * the markers a phase names (its "marked" reminders) without knowing
 * what any marker means.
 */
#ifndef UMPIRE_SEQUENCE_H
#define UMPIRE_SEQUENCE_H

#include <limits.h>

#include <cjson/cJSON.h>

#include "ctx.h"
#include "saved.h"

#define SEQUENCE_FORMAT "umpire-sequence/1"
#define SEQUENCE_MAX_PHASES 64

struct sequence {
	cJSON *root;
	const cJSON *phases;
	int n;
	char path[PATH_MAX];
};

/* Load game's sequence: ST_OK; ST_NO (nothing reported) when the game
 * keeps none; ST_DATA, reported with the file and member, when broken. */
int		 sequence_load(const struct ctx *c, const char *game,
		    struct sequence *s);
void		 sequence_free(struct sequence *s);
const cJSON	*sequence_phase(const struct sequence *s, int i);
const char	*sequence_name(const struct sequence *s, int i);
/* Whether phase i is played on map (its name) in turn. */
int		 sequence_plays(const struct sequence *s, int i, const char *map,
		    int turn);
/* The first phase played at or after phase, in turn or the turns after:
 * *turn and *phase moved on.  after: start after phase, not at it. */
void		 sequence_next(const struct sequence *s, const char *map,
		    int *turn, int *phase, int after);

/* The sequence of saved game sv's game, and the phase sv is in (*phase):
 * ST_OK; ST_NO (nothing reported) when the game keeps none; ST_DATA,
 * reported, when the file is broken or sv's phase is not one of it. */
int		 sequence_open(const struct ctx *c, const struct saved *sv,
		    struct sequence *s, int *phase);
/*
 * May a step of procedure (a command's name: "move-cost", "crt") be
 * applied to sv now?  ST_OK when sv's phase lists it, when no phase lists
 * it, or when the game keeps no sequence; ST_USAGE with why[] (one line)
 * naming the phase it belongs to and its rule, the phase sv is in, and
 * how to move on; ST_DATA, reported, why[] empty, for a broken file.
 */
int		 sequence_check(const struct ctx *c, const struct saved *sv,
		    const char *procedure, char *why, size_t len);
/* The same for a step of one side's units (side a word of the game's,
 * NULL: any): a phase with a "side" takes only that side's steps. */
int		 sequence_check_side(const struct ctx *c, const struct saved *sv,
		    const char *procedure, const char *side, char *why,
		    size_t len);
/*
 * The "marked" reminders of phase i against units (a position's array):
 * an array, one object for each reminder some unit answers (its marker,
 * side if any, rule and text, and "units": the ids and hexes of the units
 * of that side carrying that marker); empty when none.
 */
cJSON		*sequence_marked(const struct sequence *s, int i,
		    const cJSON *units);

/* What ending phase i takes off the units (an array of units, a saved
 * game's): its "clears" as unmark effects (saved_apply.h), and its
 * "turns" as an unmark and a mark, made. */
cJSON		*sequence_clears(const struct sequence *s, int i,
		    const cJSON *units);

/*
 * What phase i checks as it ends (its "checks": procedures of the game's,
 * loe's "stacking" say, run on sv's position, each with its rule and the
 * side whose units it looks at): ST_OK when each result's code is "ok" or
 * the game lacks the procedure; ST_USAGE with why[] naming the rule and
 * what was found; another status with why[] (empty when reported).
 */
int		 sequence_leave_checks(struct ctx *c, const struct saved *sv,
		    const struct sequence *s, int i, char *why, size_t len);

#endif
