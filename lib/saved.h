/*
 * saved.h: the saved game, one file per table.
 *
 * A saved game holds what the players would otherwise keep by hand: the
 * game and map it is played on, the position (a situation object, so that
 * every procedure that reads a situation reads it unchanged), the turn
 * and the phase, what has been used up, the games' own parts, and a log
 * of every step applied to it.  Each logged step keeps the values it
 * replaced, so that `umpire game undo` puts them back; the dice are no
 * part of it, so undoing a step never lets a die be rolled again to a
 * better face.
 *
 * The file is $XDG_STATE_HOME/umpire/games/NAME.json.  It is changed only
 * under the lock NAME.lock beside it, and replaced whole, atomically and
 * durably (state.h), so a process killed at any moment leaves the game as
 * it was before the step or after it.  It is untrusted on every read: a
 * file of the wrong shape is reported, naming the member, and is never
 * written over.
 */
#ifndef UMPIRE_SAVED_H
#define UMPIRE_SAVED_H

#include <limits.h>

#include <cjson/cJSON.h>

#include "map.h"
#include "situation.h"

#define SAVED_FORMAT "umpire-game/1"
#define SAVED_NAME_MAX 48
#define SAVED_MAX_BYTES ((size_t)16 << 20)
/* The variable that names the saved game when --saved does not. */
#define SAVED_ENV "UMPIRE_SAVED"

struct saved {
	char name[SAVED_NAME_MAX];
	char path[PATH_MAX], lock[PATH_MAX];
	int fd;			/* the lock, or -1 */
	cJSON *root;		/* the whole file */
	cJSON *before;		/* the state when saved_begin() was called */
};

/* Whether name can name a saved game: 1 to SAVED_NAME_MAX - 1 letters,
 * digits, '-' and '_', not starting with '-'. */
int	 saved_name_ok(const char *name);
/* The folder of saved games; ST_OK, or reports and returns ST_SYS. */
int	 saved_dir(char path[PATH_MAX]);

/*
 * Open saved game name: with lock, under its lock (ST_BUSY when another
 * process holds it past the timeout).  ST_OK; ST_NO when there is no such
 * game (reported, listing how to start one); ST_DATA for a damaged file;
 * ST_USAGE for a bad name; ST_SYS.
 */
int	 saved_open(struct saved *sv, const char *name, int lock);
/* Make saved game name from root (taken over); ST_USAGE if the name is
 * taken.  The game is left open and locked. */
int	 saved_create(struct saved *sv, const char *name, cJSON *root);
void	 saved_close(struct saved *sv);
/* Remove the file of a closed saved game, under its lock. */
int	 saved_remove(const char *name);

/* The names of the saved games in dir (saved_dir()), each and the array
 * malloc'd: ST_OK (none when there is no folder yet), or ST_SYS. */
int	 saved_names(const char *dir, char ***names, size_t *n);

/* A new saved game's root: game id, map name, and position (taken over). */
cJSON	*saved_new_root(const char *name, const char *game, const char *map,
	    cJSON *position);

const char *saved_game(const struct saved *);
const char *saved_map(const struct saved *);
cJSON	*saved_position(const struct saved *);
cJSON	*saved_units(const struct saved *);
cJSON	*saved_unit(const struct saved *, const char *id);
int	 saved_turn(const struct saved *);
int	 saved_ended(const struct saved *);
cJSON	*saved_log(const struct saved *);

/*
 * The position as a situation for map m, checked against rules (may be
 * NULL) as a situation file is.  ST_OK, or reports (naming the saved
 * game's file and the member) and returns ST_DATA.
 */
int	 saved_situation(const struct saved *, const struct map *m,
	    const struct situation_rules *rules, struct situation **out);
/* The same, reporting nothing: ST_DATA with why[] naming the member. */
int	 saved_read_position(const struct saved *, const struct map *m,
	    const struct situation_rules *rules, struct situation **out,
	    char *why, size_t whylen);

/*
 * A step: saved_begin() notes the state; the caller changes the root
 * (position, turn, ...); saved_commit() logs the step (what it did, the
 * rule, the command line) with the values it replaced, and writes the
 * file.  Nothing changed: nothing written, ST_OK.
 */
void	 saved_begin(struct saved *);
int	 saved_commit(struct saved *, const char *what, const char *rule,
	    int argc, char **argv);
/* Undo the last step not undone yet: ST_OK with *entry (borrowed) the
 * step undone; ST_NO when there is none. */
int	 saved_undo(struct saved *, const cJSON **entry);

/* A game's own part of the saved game (its "parts" member's name: the
 * air missions, the Adwa deck), or NULL; set it to val (taken), the
 * other parts kept in their order. */
cJSON	*saved_part(const struct saved *, const char *name);
void	 saved_part_set(struct saved *, const char *name, cJSON *val);
/* An old store file a part was read in from, kept as PATH.imported
 * (to), never over a file already there: 0, or -1 with errno. */
int	 saved_keep_imported(const char *path, char to[PATH_MAX + 16]);

/* Move unit id to hex (an id): ST_OK, or ST_USAGE when there is no such
 * unit. */
int	 saved_move_unit(struct saved *, const char *id, const char *hex);
/* Set hex idx's control (loe 3.3) to side, or clear it (NULL): the
 * position's "control" lists one hex an entry. */
int	 saved_control_set(struct saved *, const struct map *m, int idx,
	    const char *side);
/* The same by the hex's id. */
void	 saved_control_set_id(struct saved *, const char *id,
	    const char *side);
/* Rewrite a new game's "control" (which may list ranges) one hex an
 * entry, from sit, the position read. */
void	 saved_control_normalise(struct saved *, const struct map *m,
	    const struct situation *sit);

#endif
