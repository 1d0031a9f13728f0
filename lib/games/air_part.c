/*
 * air_part.c: the missions flown as a part of a saved game (saved.h):
 * its member parts.air, in the shape air_state.c gives it.  The saved
 * game keeps the turn and the phase, so a mission is of the turn the
 * game is in: what was flown in an earlier turn no longer counts, and
 * no --new-turn is asked.  Each change is one step of the saved game's
 * log, which `umpire game undo` takes back.
 *
 * A store of the old kind (airstrike --name, air_state.h) with the
 * saved game's name is read in while the game has no air part: shown
 * as it is by a run that changes nothing, logged as a step of its own
 * before the first step applied, then kept beside under a new name.
 * This file names no game.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "air_req.h"
#include "err.h"
#include "json.h"
#include "saved_apply.h"

#define PART "air"

/* The saved game's phase (from 0) as the air state counts it (from 1). */
static int
game_phase(const struct saved *sg)
{
	return cJSON_GetObjectItemCaseSensitive(sg->root, "phase")->valueint +
	    1;
}

/* The part as of the game's turn and phase: a later turn starts afresh
 * (air_state_next_turn); a part ahead of the game is broken. */
static int
catch_up(struct air_saved *sv, char *why, size_t len)
{
	int turn = saved_turn(&sv->sg), phase = game_phase(&sv->sg);

	if (sv->s.turn > turn || (sv->s.turn == turn && sv->s.phase > phase)) {
		snprintf(why, len, "turn %d, phase %d is after the game's own "
		    "(turn %d, phase %d)", sv->s.turn, sv->s.phase, turn, phase);
		return -1;
	}
	while (sv->s.turn < turn)
		air_state_next_turn(&sv->s);
	sv->s.phase = phase;
	return 0;
}

/*
 * The old file's state moved to the game's turn: what it held for its
 * own current turn (and phase) is this turn's (and phase's); a field
 * built earlier is complete, a unit grounded for its next turn is so for
 * the game's next.
 */
static void
rebase_old(struct air_state *s, const struct air_state *old, int turn,
    int phase)
{
	int i;

	*s = *old;
	s->undo = NULL;
	s->turn = turn;
	s->phase = phase;
	for (i = 0; i < s->nf; i++)
		s->f[i].phase = old->f[i].phase == old->phase || phase == 1 ?
		    phase : phase - 1;
	for (i = 0; i < s->nfields; i++)
		s->fields[i].built = old->fields[i].built == old->turn ? turn :
		    turn - 1;
	for (i = 0; i < s->ngrounded; i++)
		s->grounded[i].turn = turn + (old->grounded[i].turn - old->turn);
}

/* The old file of the game's name, if there is one: read into s, and
 * kept to be logged first (sv->imported). */
static int
read_old(struct air_saved *sv, const struct air_req *a)
{
	struct air_state old;
	struct stat sb;
	int st;

	if (!air_state_id_ok(a->game))
		return ST_OK;	/* no old file can have this name */
	if ((st = air_state_file_init(&sv->f, a->game)) != ST_OK)
		return st;
	/* no lock taken (and no folder made for it) when there is no file */
	if (lstat(sv->f.path, &sb) < 0 && errno == ENOENT)
		return ST_OK;
	if (a->apply && (st = air_state_file_lock(&sv->f)) != ST_OK)
		return st;
	st = air_state_load(&sv->f, sv->game->id, sv->game->missions, &old);
	if (st == ST_NO)
		return ST_OK;
	if (st != ST_OK)
		return st;	/* reported, naming the file, which is kept */
	rebase_old(&sv->s, &old, sv->s.turn, sv->s.phase);
	air_state_free(&old);
	sv->imported = air_state_part_json(&sv->s);
	snprintf(sv->note, sizeof sv->note, "the air missions of %s are read "
	    "as saved game %s's own; the first --apply makes them part of it",
	    sv->f.path, a->game);
	return ST_OK;
}

/* A part and an old file both: the part is the game's; say so. */
static void
note_old(struct air_saved *sv, const char *name)
{
	struct air_file f;
	struct stat st;

	if (air_state_id_ok(name) && air_state_file_init(&f, name) == ST_OK &&
	    lstat(f.path, &st) == 0)
		snprintf(sv->note, sizeof sv->note, "%s is not read: saved game "
		    "%s has its own air missions", f.path, name);
}

int
air_part_open(struct air_saved *sv, const struct air_req *a)
{
	const cJSON *part;
	char why[256];
	int st;

	sv->in_game = 1;
	if ((st = saved_open(&sv->sg, a->game, a->apply)) != ST_OK)
		return st;
	if (strcmp(saved_game(&sv->sg), sv->game->id) != 0)
		return err(ST_USAGE, "saved game '%s' is a game of %s, not of %s",
		    a->game, saved_game(&sv->sg), sv->game->id);
	if (a->apply && saved_ended(&sv->sg))
		return err(ST_USAGE, "--apply: saved game '%s' has ended", a->game);
	air_state_new(&sv->s, sv->game->id, sv->game->missions, a->game);
	sv->s.turn = saved_turn(&sv->sg);
	sv->s.phase = game_phase(&sv->sg);
	if (!(part = saved_part(&sv->sg, PART)))
		return read_old(sv, a);
	if (air_state_from_part(part, sv->game->id, a->game, sv->game->missions,
	    &sv->s, why, sizeof why) < 0 || catch_up(sv, why, sizeof why) < 0)
		return err(ST_DATA, "%s: parts." PART ": %s (the file is left as "
		    "it is)", sv->sg.path, why);
	note_old(sv, a->game);
	return ST_OK;
}

/* Keep the imported file under a new name, never over another file. */
static void
keep_old(struct air_saved *sv, int step)
{
	char to[PATH_MAX + 16];

	if (saved_keep_imported(sv->f.path, to) == 0)
		snprintf(sv->note, sizeof sv->note, "the air missions of %s are "
		    "part of saved game %s (step %d of its log); the file is kept "
		    "as %s", sv->f.path, sv->sg.name, step, to);
	else
		snprintf(sv->note, sizeof sv->note, "the air missions of %s are "
		    "part of saved game %s (step %d of its log); the file is left "
		    "where it is (%s)", sv->f.path, sv->sg.name, step,
		    strerror(errno));
}

/* The old file's missions, as the step before the first one applied;
 * after air_part_commit's saved_begin, so that an open advance the check
 * gave up is put back by this step's undo. */
static int
commit_import(struct air_saved *sv)
{
	char what[PATH_MAX + 64];
	int st;

	saved_part_set(&sv->sg, PART, sv->imported);
	sv->imported = NULL;
	snprintf(what, sizeof what, "air missions read in from %s", sv->f.path);
	if ((st = saved_commit(&sv->sg, what, NULL, sv->c->argc,
	    sv->c->argv)) == ST_OK)
		keep_old(sv, cJSON_GetArraySize(saved_log(&sv->sg)));
	return st;
}

/*
 * An air step is taken as every applied step is (saved_apply.h): refused
 * out of the phase whose procedures list "airstrike ACT" (a name no phase
 * lists is taken in any), or while a retreat or a loss is owed; an open
 * advance is given up (sv->dropped counts it).  After saved_begin.
 */
static int
step_check(struct air_saved *sv, const char *act)
{
	char why[320], procedure[48];
	struct saved_step s = { .ctx = sv->c, .procedure = procedure };
	cJSON *take;
	int st;

	snprintf(procedure, sizeof procedure, "airstrike %s", act);
	if ((st = saved_step_check(&sv->sg, &s, &sv->dropped, &take, why,
	    sizeof why)) != ST_OK)
		return why[0] ? err(st, "--apply: %s", why) : st;
	return ST_OK;
}

int
air_part_commit(struct air_saved *sv, const char *what, const char *rule,
    const char *act)
{
	int st;

	/* one saved_begin before the check: the first step logged (the
	   import, if there is one) holds what the check changed */
	saved_begin(&sv->sg);
	if ((st = step_check(sv, act)) != ST_OK)
		return st;
	if (sv->imported) {
		if ((st = commit_import(sv)) != ST_OK)
			return st;
		saved_begin(&sv->sg);
	}
	saved_part_set(&sv->sg, PART, air_state_part_json(&sv->s));
	return saved_commit(&sv->sg, what, rule, sv->c->argc, sv->c->argv);
}
