/*
 * air_state.h: the missions flown, saved between runs of `umpire
 * airstrike --name GAME`, so that umpire itself remembers what the air
 * rules limit per turn or phase: loe 11.1 A (one mission an air unit a
 * player-turn), 11.2.2 (temporary airfields: how many, where, one turn
 * being built), 11.2.3 B (one mission a temporary field a turn); toto 18.5
 * (one attack an airbase a combat phase), 33.3 (aerial supply once a
 * turn, and nothing else for that airbase).
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
#define AIR_STATE_FIELDS 4	/* loe 11.2.2 A: temporary fields on the map */
#define AIR_STATE_MAX (256u << 10)	/* the file's size limit */

struct air_flight {
	char unit[AIR_ID_MAX];
	char mission[16];	/* strike, support, rebase; recon, superiority,
				   supply */
	char base[AIR_ID_MAX];	/* the hex it flew from, "" if not given */
	int phase;		/* toto: the combat phase it flew in */
};

struct air_field {
	char hex[AIR_ID_MAX];
	int built;		/* the turn it was placed under construction */
};

struct air_state {
	char game[8], name[AIR_ID_MAX];
	int turn, phase;	/* from 1; phase counts toto's combat phases */
	struct air_flight f[AIR_STATE_FLIGHTS];
	int nf;
	struct air_field fields[AIR_STATE_FIELDS];
	int nfields;
	char removed[AIR_STATE_FIELDS][AIR_ID_MAX];	/* off this turn */
	int nremoved;
	cJSON *undo;		/* the state before the last change, or NULL */
};

struct air_file {
	char path[PATH_MAX], lock[PATH_MAX], name[AIR_ID_MAX];
	int fd;
};

/* Lower-case letters, digits, - and _: a game's name, a unit or a hex. */
int air_id_ok(const char *s);

/* The paths for a name (checked): ST_OK, or reported ST_USAGE / ST_SYS. */
int air_file_init(struct air_file *f, const char *name);
int air_file_lock(struct air_file *f);
void air_file_unlock(struct air_file *f);
/*
 * Read and validate: ST_OK; ST_NO (nothing reported) when there is no
 * such file; ST_DATA, reported, for a file that does not parse, breaks a
 * rule of its shape or belongs to another game, which is left as it is.
 */
int air_state_load(const struct air_file *f, const char *game,
    struct air_state *s);
/* A fresh state, turn 1. */
void air_state_new(struct air_state *s, const char *game, const char *name);
void air_state_free(struct air_state *s);
/* Write s, with before (the state as loaded, or NULL) kept for --undo.
 * Needs the lock.  ST_OK or ST_SYS, reported. */
int air_state_save(const struct air_file *f, const struct air_state *s,
    const struct air_state *before);
/* The state as it is written (without the undo). */
cJSON *air_state_json(const struct air_state *s);
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
/* Record a flight: 0, or -1 when the turn's list is full. */
int air_state_record(struct air_state *s, const char *unit,
    const char *mission, const char *base);

#endif
