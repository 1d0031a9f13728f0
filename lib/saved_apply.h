/*
 * saved_apply.h: a procedure's result applied to a saved game.
 *
 * A game's procedure says what its result does to the units as a list
 * of effects, the same JSON in every game, and the engine applies them
 * without knowing what they mean:
 *
 *   {"unit": ID, "remove": true, "rule": R}   off the map, to the dead pile
 *   {"unit": ID, "to": HEX, "rule": R}        moved there
 *   {"unit": ID, "mark": M, "rule": R}        marker M put on the unit
 *   {"unit": ID, "unmark": M, "rule": R}      marker M taken off
 *   {"owe": KIND, "units": [ID...], "rule": R, ...}
 *   {"control": SIDE, "hexes": [HEX...], "rule": R}   the hexes change
 *                                             hands (loe 3.3 B)
 *
 * An "owe" effect is a step the rules make the players take next and
 * leave them to choose (a retreat's route, an advance, which units an
 * exchange costs): it is kept in the saved game's "pending" list, with
 * whatever else the game put in it ("hexes", "via", "cf", "optional"),
 * until a later step takes it.  The rules order those steps, so the
 * list is taken in order: a step for a unit that a later entry names is
 * refused while an earlier entry is open, and no other step is applied
 * while a required one is, except that an optional one (an advance) is
 * given up by the next other step.
 */
#ifndef UMPIRE_SAVED_APPLY_H
#define UMPIRE_SAVED_APPLY_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "saved.h"

/* The open steps, oldest first (an array, empty when none). */
cJSON	*saved_pending(struct saved *sv);

/*
 * Whether a step may be applied now for unit id (NULL: a step that takes
 * no pending entry, such as a new battle).  ST_OK with *take the pending
 * entry of kind the step takes (NULL when none; kind NULL: none wanted);
 * ST_USAGE with why[] saying which open step comes first.  An optional
 * entry that the step does not take is dropped (saved_begin must have
 * been called), and *dropped counts those.
 */
int	 saved_pending_check(struct saved *sv, const char *kind,
	    const char *id, cJSON **take, int *dropped, char *why, size_t len);
/* Unit id has done its part of entry p; p goes when no unit is left. */
void	 saved_pending_done(struct saved *sv, cJSON *p, const char *id);

/*
 * Apply effects (an array as above) to the position.  Between saved_begin
 * and saved_commit.  ST_OK; ST_USAGE with why[] for an effect naming no
 * unit of the game or of a shape the engine does not know (nothing is
 * applied then: the caller closes without committing).
 */
int	 saved_apply(struct saved *sv, const cJSON *effects, char *why,
	    size_t len);

/*
 * One applied step, whole: refused when the game has ended, the phase
 * is not the procedure's, or an open step comes first; the effects applied; the pending entry of kind take
 * (NULL: none) done for unit (with whole, for all its units); logged with what and rule (argc, argv: the
 * command line) and written.  The game must be open and locked.  ST_OK,
 * with *dropped the optional open steps it gave up; else a status with
 * why[] saying why, or empty when it was reported (the file unwritable).
 */
struct saved_step {
	const char *take, *unit;
	const cJSON *effects;
	const char *what, *rule;
	int argc;
	char **argv;
	int whole;		/* the entry taken is done for all its units */
	/* more units that take their part of the same entry in the step
	   (a stack that retreats together); nalso of them */
	const char *const *also;
	int nalso;
	/* the procedure the step is of, and whose: refused out of the
	   phase of the sequence of play that takes it (sequence.h); NULL:
	   a step of no phase, as a retreat a result left open */
	const struct ctx *ctx;
	const char *procedure, *side;
};
int	 saved_step(struct saved *sv, const struct saved_step *s, int *dropped,
	    char *why, size_t len);

/*
 * The owed loss first in order ({"owe": "loss", "units", "cf": N}): the
 * units ids (n of them), each one the entry names, whose strengths (or
 * the entry's "values" for them) add up to N at least, and exactly
 * "count" of them where the entry says, go to the dead pile as one
 * logged step, and the entry with them.  ST_OK; ST_USAGE with why[] when no loss is owed first, a
 * unit is not the entry's, or the strengths fall short.
 */
int	 saved_loss(struct saved *sv, char *const *ids, int n, int argc,
	    char **argv, char *why, size_t len);

/*
 * saved_step's checks alone, for a step that changes the game its own
 * way (an air mission's part): after saved_begin, before the change.
 * *take is the open entry the step would take.
 */
int	 saved_step_check(struct saved *sv, const struct saved_step *s,
	    int *dropped, cJSON **take, char *why, size_t len);

/*
 * Building effects: push one on unit id onto fx, verb "remove" (word
 * NULL) or "to", "mark", "unmark" with its word; an owed step of kind for
 * units (an array, taken).  rule may be NULL.  Each returns the effect,
 * for a game that adds members of its own ("why", "hexes", "via").
 */
cJSON	*saved_effect(cJSON *fx, const char *id, const char *verb,
	    const char *word, const char *rule);
cJSON	*saved_owe(cJSON *fx, const char *kind, cJSON *units,
	    const char *rule);
/* A change of hands: hexes (an array of hex ids, taken) to side. */
cJSON	*saved_control_effect(cJSON *fx, const char *side, cJSON *hexes,
	    const char *rule);

/* The units removed by steps so far (the dead pile), an array: each unit
 * as it was, with "died" (the turn) and "rule" (the effect's, if any). */
cJSON	*saved_dead(struct saved *sv);

#endif
