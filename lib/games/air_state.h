/*
 * air_state.h: the missions flown, saved between runs of `umpire
 * airstrike --name GAME`, so that umpire itself remembers what a game's
 * air rules limit per turn or combat phase: who flew which mission from
 * where, the temporary airfields placed and removed, the units an overrun
 * grounds.  Which missions there are is the game's (its list is given to
 * air_state_new and air_state_load); what the limits mean is decided in
 * the game's folder.
 *
 * The file is $XDG_STATE_HOME/umpire/air/NAME.json, changed only under
 * NAME.lock and written atomically (lib/state.c, as the decks are); it is
 * validated whole when read and never overwritten when it does not parse.
 * It keeps the state before its last change, for one --undo.
 */
#ifndef UMPIRE_AIR_STATE_H
#define UMPIRE_AIR_STATE_H

#include <limits.h>

#include <cjson/cJSON.h>

#define AIR_ID_MAX 32		/* a unit's id or a hex id, with its NUL */
#define AIR_STATE_FLIGHTS 256	/* missions in one turn, at most */
#define AIR_STATE_FIELDS 4	/* temporary fields on the map, at most */
#define AIR_STATE_GROUNDED 64	/* units grounded by an overrun, at most */
#define AIR_STATE_MAX (256u << 10)	/* the file's size limit */

struct air_flight {
	char unit[AIR_ID_MAX];
	char mission[16];	/* one of the game's missions */
	char base[AIR_ID_MAX];	/* the hex it flew from, "" if not given */
	int phase;		/* the combat phase it flew in */
};

struct air_field {
	char hex[AIR_ID_MAX];
	int built;		/* the turn it was placed under construction;
				   0: complete before the first turn */
};

struct air_state {
	char game[8], name[AIR_ID_MAX];
	int turn, phase;	/* from 1; phase counts combat phases */
	const char *const *missions;	/* the game's, NULL-terminated */
	struct air_flight f[AIR_STATE_FLIGHTS];
	int nf;
	struct air_field fields[AIR_STATE_FIELDS];
	int nfields;
	char removed[AIR_STATE_FIELDS][AIR_ID_MAX];	/* off this turn */
	int nremoved;
	/* units forced off an overrun field, and the turn in which they
	 * may only rebase */
	struct air_grounded {
		char unit[AIR_ID_MAX];
		int turn;
	} grounded[AIR_STATE_GROUNDED];
	int ngrounded;
	cJSON *undo;		/* the state before the last change, or NULL */
};

struct air_file {
	char path[PATH_MAX], lock[PATH_MAX], name[AIR_ID_MAX];
	int fd;
};

/* Lower-case letters, digits, - and _: a game's name, a unit or a hex. */
int air_state_id_ok(const char *s);

/* The paths for a name (checked): ST_OK, or reported ST_USAGE / ST_SYS. */
int air_state_file_init(struct air_file *f, const char *name);
int air_state_file_lock(struct air_file *f);
void air_state_file_unlock(struct air_file *f);
/*
 * Read and validate: ST_OK; ST_NO (nothing reported) when there is no
 * such file; ST_DATA, reported, for a file that does not parse, breaks a
 * rule of its shape or belongs to another game, which is left as it is.
 */
int air_state_load(const struct air_file *f, const char *game,
    const char *const *missions, struct air_state *s);
/* A fresh state, turn 1. */
void air_state_new(struct air_state *s, const char *game,
    const char *const *missions, const char *name);
void air_state_free(struct air_state *s);
/* Write s, with before (the state as loaded, or NULL) kept for --undo.
 * Needs the lock.  ST_OK or ST_SYS, reported. */
int air_state_save(const struct air_file *f, const struct air_state *s,
    const struct air_state *before);
/* The state as it is written (without the undo). */
cJSON *air_state_json(const struct air_state *s);
/*
 * The same without the file's header (format, game, name): the air part
 * of a saved game (saved.h), whose game and name are the saved game's.
 * air_state_from_part() reads one back: 0, or -1 with why[] saying what
 * is wrong.
 */
cJSON *air_state_part_json(const struct air_state *s);
int air_state_from_part(const cJSON *part, const char *game,
    const char *name, const char *const *missions, struct air_state *s,
    char *why, size_t len);
/* The next turn: nothing flown or removed in it yet, the grounding of
 * earlier turns over; the fields stay. */
void air_state_next_turn(struct air_state *s);
/* Go back to the state before the last change: ST_OK; ST_NO when there
 * is none; ST_DATA, reported, when what is kept does not validate. */
int air_state_undo(const struct air_file *f, struct air_state *s);

/* The flight of unit this turn (phase > 0: in that phase only) of mission
 * (NULL: any), or NULL. */
const struct air_flight *air_state_flown(const struct air_state *s,
    const char *unit, const char *mission, int phase);
/* Any flight of mission this turn, by anyone; from base (NULL: anywhere). */
const struct air_flight *air_state_any(const struct air_state *s,
    const char *mission, const char *base);
/* The temporary field in hex, or NULL. */
const struct air_field *air_state_field(const struct air_state *s,
    const char *hex);
/* The turn unit may only rebase in after an overrun, or 0. */
int air_state_grounded(const struct air_state *s, const char *unit);
/* Ground unit for the next turn: 0, or -1 when the list is full. */
int air_state_ground(struct air_state *s, const char *unit);
/* Record a flight: 0, or -1 when the turn's list is full. */
int air_state_record(struct air_state *s, const char *unit,
    const char *mission, const char *base);

#endif
