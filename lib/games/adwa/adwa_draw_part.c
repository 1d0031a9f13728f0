/*
 * adwa_draw_part.c: the deck of `umpire draw` as a part of a saved game
 * (saved.h): its member parts.deck, the deck state as the store file
 * holds it (deck_to_json, its own log included, so that `draw log` and
 * `draw status` read as before).  The commands keep their words; only
 * where the state lives changes.  Each change is one step of the saved
 * game's log, which `umpire game undo` takes back, and each verb the
 * sequence of play names ("draw exchange", rules/adwa/sequence.json) is
 * refused out of its phase.
 *
 * The saved game's log is for the whole table: a step is logged in the
 * deck's public words (the line the deck's own log keeps) and with the
 * command line's secret values hidden, never naming a card of a hand or
 * a role.  The part itself holds the hands, as the store file does.
 *
 * A store file of the old kind (draw --name, lib/deck_file.c) with the
 * saved game's name is read while the game has no deck: logged as a
 * step of its own before the first change, then kept beside under a new
 * name, never deleted.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "games/adwa/adwa_draw.h"
#include "json.h"
#include "log.h"
#include "saved_apply.h"
#include "trail.h"

#define PART "deck"

/* The part read and checked as a store file is: ST_OK, or ST_DATA
 * naming the file and the member (the file is never written then). */
static int
read_part(struct adwa_draw_session *g, const cJSON *part)
{
	char why[256];

	if (deck_from_json(part, &g->def, &g->s, why, sizeof why) < 0)
		return err(ST_DATA, "%s: parts." PART ": %s (the file is left as "
		    "it is)", g->sg.path, why);
	g->have_s = 1;
	if (strcmp(g->s.name, g->sg.name) != 0)
		snprintf(why, sizeof why, "name: '%s', not the saved game's",
		    g->s.name);
	else if (adwa_state_check(&g->s, why, sizeof why) == 0)
		why[0] = '\0';
	if (why[0])
		return err(ST_DATA, "%s: parts." PART ": %s (the file is left as "
		    "it is)", g->sg.path, why);
	g->f.before = deck_to_json(&g->s, 0);
	return ST_OK;
}

/* The old store file of the saved game's name, read in: kept to be
 * logged first (g->imported). */
static int
read_old(struct adwa_draw_session *g, int lock)
{
	const char *name = g->sg.name;
	int st;

	if (!deck_name_ok(name) || (st = deck_file_init(&g->f, name)) != ST_OK ||
	    !deck_file_exists(&g->f))
		return err(ST_USAGE, "saved game '%s' has no deck yet (umpire "
		    "--saved %s draw new deals one)", name, name);
	if (lock && (st = deck_file_lock(&g->f)) != ST_OK)
		return st;
	if ((st = deck_file_load(&g->f, &g->def, &g->s)) != ST_OK)
		return st == ST_NO ? err(ST_USAGE, "saved game '%s' has no deck "
		    "yet", name) : st;	/* reported, naming the file, kept */
	g->have_s = 1;
	{
		char why[240];

		if (adwa_state_check(&g->s, why, sizeof why) < 0)
			return err(ST_DATA, "%s: %s (left as it is)", g->f.path, why);
	}
	g->imported = deck_to_json(&g->s, 1);
	snprintf(g->note, sizeof g->note, "the deck of %s is read as saved "
	    "game %s's own; its first change makes it part of it", g->f.path,
	    name);
	return ST_OK;
}

/* A part and an old file both: the part is the game's; say so. */
static void
note_old(struct adwa_draw_session *g)
{
	struct deck_file f;

	if (deck_name_ok(g->sg.name) && deck_file_init(&f, g->sg.name) == ST_OK &&
	    deck_file_exists(&f))
		snprintf(g->note, sizeof g->note, "%s is not read: saved game %s "
		    "has its own deck", f.path, g->sg.name);
}

/* The saved game open (locked when it is to change), of Adwa. */
static int
open_game(struct ctx *c, int lock, struct adwa_draw_session *g)
{
	int st;

	g->in_game = 1;
	g->sg.fd = -1;
	if ((st = saved_open(&g->sg, c->saved, lock)) != ST_OK)
		return st;
	if (strcmp(saved_game(&g->sg), "adwa") != 0)
		return err(ST_USAGE, "saved game '%s' is a game of %s, not of "
		    "adwa: it has no deck", c->saved, saved_game(&g->sg));
	if (lock && saved_ended(&g->sg))
		return err(ST_USAGE, "saved game '%s' has ended", c->saved);
	if ((st = deck_def_load(c, "adwa", &adwa_deck_rules, &g->def)) != ST_OK)
		return st;
	g->have_def = 1;
	return ST_OK;
}

int
adwa_draw_part_open(struct ctx *c, int lock, struct adwa_draw_session *g)
{
	const cJSON *part;
	int st;

	if ((st = open_game(c, lock, g)) != ST_OK)
		return st;
	if (!(part = saved_part(&g->sg, PART)))
		return read_old(g, lock);
	if ((st = read_part(g, part)) != ST_OK)
		return st;
	note_old(g);
	return ST_OK;
}

/* Keep the imported file under a new name, never over another file. */
static void
keep_old(struct adwa_draw_session *g, int step)
{
	char to[PATH_MAX + 16];

	if (saved_keep_imported(g->f.path, to) == 0)
		snprintf(g->note, sizeof g->note, "the deck of %s is part of saved "
		    "game %s (step %d of its log); the file is kept as %s",
		    g->f.path, g->sg.name, step, to);
	else
		snprintf(g->note, sizeof g->note, "the deck of %s is part of saved "
		    "game %s (step %d of its log); the file is left where it is "
		    "(%s)", g->f.path, g->sg.name, step, strerror(errno));
}

/* The old file's deck, as the step before the first change. */
static int
commit_import(struct adwa_draw_session *g, int argc, char **words)
{
	char what[PATH_MAX + 64];
	int st;

	saved_part_set(&g->sg, PART, g->imported);
	g->imported = NULL;
	snprintf(what, sizeof what, "deck read in from %s", g->f.path);
	if ((st = saved_commit(&g->sg, what, NULL, argc, words)) == ST_OK)
		keep_old(g, cJSON_GetArraySize(saved_log(&g->sg)));
	return st;
}

/*
 * A draw step is taken as every applied step is (saved_apply.h): refused
 * out of the phase whose procedures list "draw VERB" (`draw` alone for
 * the turn's draw; a verb no phase lists is taken in any).  After
 * saved_begin.
 */
static int
step_check(struct adwa_draw_session *g, const struct ctx *c, const char *op)
{
	char why[320], procedure[48];
	struct saved_step s = { .ctx = c, .procedure = procedure };
	cJSON *take;
	int st, dropped = 0;

	if (strcmp(op, "draw") == 0)
		snprintf(procedure, sizeof procedure, "draw");
	else
		snprintf(procedure, sizeof procedure, "draw %s", op);
	if ((st = saved_step_check(&g->sg, &s, &dropped, &take, why,
	    sizeof why)) != ST_OK)
		return why[0] ? err(st, "%s", why) : st;
	return ST_OK;
}

int
adwa_draw_part_commit(struct adwa_draw_session *g, const struct ctx *c,
    const char *op, const char *what, const char *rule, char **words)
{
	int st, argc = c->argc < LOG_WORDS_MAX ? c->argc : LOG_WORDS_MAX;
	char why[256];

	/* the state is checked whole before it is written, as a store
	   file's is (deck_file_save) */
	if (deck_check(&g->s, why, sizeof why) < 0)
		return err(ST_DATA, "refusing to save the deck of saved game "
		    "'%s': %s", g->sg.name, why);
	saved_begin(&g->sg);
	if ((st = step_check(g, c, op)) != ST_OK)
		return st;
	if (g->imported) {
		if ((st = commit_import(g, argc, words)) != ST_OK)
			return st;
		saved_begin(&g->sg);
	}
	saved_part_set(&g->sg, PART, deck_to_json(&g->s, 1));
	return saved_commit(&g->sg, what, rule, argc, words);
}

int
adwa_draw_part_new(struct ctx *c, struct adwa_draw_session *g)
{
	struct deck_file f;
	int st;

	if ((st = open_game(c, 1, g)) != ST_OK)
		return st;
	if (saved_part(&g->sg, PART))
		return err(ST_USAGE, "saved game '%s' has a deck already (umpire "
		    "--saved %s draw status shows it)", c->saved, c->saved);
	if (!deck_name_ok(c->saved))
		return err(ST_USAGE, "saved game '%s' cannot hold a deck: its name "
		    "must be lower-case letters, digits, - and _, at most %d",
		    c->saved, DECK_NAME_MAX - 1);
	if (deck_file_init(&f, c->saved) == ST_OK && deck_file_exists(&f))
		return err(ST_USAGE, "a deck of the name '%s' is kept in %s: any "
		    "draw command with --saved %s reads it in (no new is needed)",
		    c->saved, f.path, c->saved);
	return ST_OK;
}

int
adwa_draw_part_no_name(const struct ctx *c, const char *name)
{
	if (!name)
		return ST_OK;
	return err(ST_USAGE, "--name keeps a deck in a file of its own; saved "
	    "game '%s' keeps its deck itself: leave out --name: '%s'", c->saved,
	    name);
}

int
adwa_draw_part_refuse(const struct ctx *c, const char *verb,
    const char *instead)
{
	return err(ST_USAGE, "draw %s: the deck is part of saved game '%s': "
	    "%s", verb, c->saved, instead);
}

void
adwa_draw_part_tell(const struct adwa_draw_session *g, struct trail *t,
    cJSON *json, int changed)
{
	int step;

	if (!g->in_game)
		return;
	json_set_str(json, "saved", g->sg.name);
	if (changed) {
		step = cJSON_GetArraySize(saved_log(&g->sg));
		trail_note(t, "  (step %d of saved game %s's log: umpire game undo "
		    "takes it back)", step, g->sg.name);
		json_set_int(json, "step", step);
	}
	if (g->note[0]) {
		trail_note(t, "  (%s)", g->note);
		json_set_str(json, "old_deck_file", g->note);
	}
}
