/*
 * game-use.c: `umpire game use [WHAT]`: what a game's rules let a side do
 * only once (its procedure "once", game.h: loe's first attack, 13.2.2,
 * and League of Nations, 16.2), kept in the saved game's member "used".
 * With WHAT it is used: one step of the log, under the lock, refused when
 * it is used already or asked outside the phase it belongs to, each with
 * its rule; `game undo` takes it back.  Without, each is listed with the
 * turn it was used in, if it was.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "err.h"
#include "game-use.h"
#include "games/game.h"
#include "json.h"
#include "out.h"
#include "saved.h"
#include "sequence.h"
#include "trail.h"

struct use_run {
	struct ctx local;	/* the caller's, with the saved game's game */
	struct saved sv;
	cJSON *once;		/* the game's list: [{name, rule, ...}] */
};

static const char *
str(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

static cJSON *
used(const struct use_run *r)
{
	return cJSON_GetObjectItemCaseSensitive(r->sv.root, "used");
}

/* The entry of "used" that names what, or NULL. */
static const cJSON *
used_entry(const struct use_run *r, const char *what)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, used(r))
		if (strcmp(str(e, "name"), what) == 0)
			return e;
	return NULL;
}

/* Untrusted like the rest of the file: each entry an object with a name
 * and the turn it was used in. */
static int
check_used(const struct use_run *r)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, used(r))
		if (!cJSON_IsObject(e) || !str(e, "name") ||
		    !cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(e, "turn")))
			return err(ST_DATA, "%s: used: expected entries each an "
			    "object with a \"name\" and a \"turn\" (the file is left "
			    "as it is)", r->sv.path);
	return ST_OK;
}

/* The game's list, from its procedure "once". */
static int
load_once(struct use_run *r, const struct ctx *c)
{
	const struct game *g = game_find(saved_game(&r->sv));
	const struct game_proc *p;
	struct out_result o;
	cJSON *req;
	int st;

	if (!g)
		return err(ST_DATA, "%s: game: not a game umpire knows: '%s' "
		    "(expected %s)", r->sv.path, saved_game(&r->sv),
		    game_id_list());
	if (c->game && strcmp(c->game, g->id) != 0)
		return err(ST_USAGE, "-g %s: saved game '%s' is a game of %s",
		    c->game, r->sv.name, g->id);
	if (!(p = game_proc(g, "once")))
		return err(ST_USAGE, "game use: %s has nothing its rules allow "
		    "only once a game", g->id);
	r->local = *c;
	r->local.game = g->id;
	req = json_object();
	out_result_init(&o, 0, 0);
	if ((st = p->run(&r->local, req, &o)) == ST_OK)
		r->once = cJSON_DetachItemFromObjectCaseSensitive(o.json, "once");
	out_result_free(&o);
	cJSON_Delete(req);
	return st != ST_OK ? st : check_used(r);
}

static int
open_run(struct use_run *r, const struct ctx *c, int lock)
{
	const char *name = c->saved ? c->saved : getenv(SAVED_ENV);
	int st;

	if (!name || !*name)
		return err(ST_USAGE, "which saved game? give --saved NAME or set "
		    "%s (umpire game list shows them)", SAVED_ENV);
	if ((st = saved_open(&r->sv, name, lock)) != ST_OK)
		return st;
	return load_once(r, c);
}

static void
close_run(struct use_run *r)
{
	cJSON_Delete(r->once);
	saved_close(&r->sv);
}

static struct trail *
title(const struct use_run *r)
{
	struct trail *t = trail_new();

	trail_title(t, NULL, "saved game %s (%s, map %s), turn %d",
	    r->sv.name, saved_game(&r->sv), saved_map(&r->sv),
	    saved_turn(&r->sv));
	return t;
}

/* Without WHAT: each thing, used or not. */
static int
list(const struct use_run *r)
{
	struct trail *t = title(r);
	cJSON *json = json_object(), *arr = json_array(), *o;
	const cJSON *it, *e;

	cJSON_ArrayForEach(it, r->once) {
		e = used_entry(r, str(it, "name"));
		if (e)
			trail_step(t, str(it, "rule"), "%s: used in turn %d",
			    str(it, "name"), cJSON_GetObjectItemCaseSensitive(e,
			    "turn")->valueint);
		else
			trail_step(t, str(it, "rule"), "%s: not used yet (%s, in "
			    "the %s phase)", str(it, "name"), str(it, "side"),
			    str(it, "phase"));
		o = json_must(cJSON_Duplicate(it, 1));
		json_set(o, "used", e ? json_must(cJSON_Duplicate(
		    cJSON_GetObjectItemCaseSensitive(e, "turn"), 1)) :
		    cJSON_CreateFalse());
		json_push(arr, o);
	}
	json_set_str(json, "procedure", "game use");
	json_set_str(json, "saved", r->sv.name);
	json_set(json, "once", arr);
	return out_emit(&r->local, json, t);
}

/* The thing named what in the game's list, or NULL (reported). */
static const cJSON *
find(const struct use_run *r, const char *what)
{
	const cJSON *it;
	char names[256] = "";
	size_t n = 0;

	cJSON_ArrayForEach(it, r->once) {
		if (strcmp(str(it, "name"), what) == 0)
			return it;
		n += (size_t)snprintf(names + n, n < sizeof names ?
		    sizeof names - n : 0, "%s%s", n ? ", " : "", str(it, "name"));
	}
	err(ST_USAGE, "game use: not a thing %s allows once a game: '%s' "
	    "(expected %s)", saved_game(&r->sv), what, names);
	return NULL;
}

/* The phase the game is in, when its sequence is known, must be the
 * thing's. */
static int
check_phase(const struct use_run *r, const cJSON *it)
{
	struct sequence seq;
	const char *now;
	int st, phase;

	if ((st = sequence_load(&r->local, saved_game(&r->sv), &seq)) == ST_NO)
		return ST_OK;
	if (st != ST_OK)
		return st;
	phase = cJSON_GetObjectItemCaseSensitive(r->sv.root, "phase")->valueint;
	now = phase < seq.n ? sequence_name(&seq, phase) : NULL;
	if (now && str(it, "phase") && strcmp(now, str(it, "phase")) != 0)
		st = err(ST_USAGE, "game use: %s belongs to the %s phase (%s); "
		    "saved game '%s' is in the %s phase", str(it, "name"),
		    str(it, "phase"), str(it, "rule"), r->sv.name, now);
	sequence_free(&seq);
	return st;
}

/* What the step did, as the trail and the JSON result. */
static int
said_used(const struct use_run *r, const cJSON *it)
{
	struct trail *t = title(r);
	cJSON *json = json_object();
	int step = cJSON_GetArraySize(saved_log(&r->sv));

	trail_step(t, str(it, "rule"), "%s", str(it, "text"));
	trail_result(t, str(it, "rule"), "used: %s, once a game (step %d of "
	    "the log)", str(it, "name"), step);
	json_set_str(json, "procedure", "game use");
	json_set_str(json, "saved", r->sv.name);
	json_set_str(json, "used", str(it, "name"));
	json_set_int(json, "step", step);
	return out_emit(&r->local, json, t);
}

/* WHAT: one step, refused when used already or out of its phase. */
static int
use(struct use_run *r, const char *what)
{
	const cJSON *it, *e;
	char step[128];
	cJSON *o;
	int st;

	if (!(it = find(r, what)))
		return ST_USAGE;
	if ((e = used_entry(r, what)))
		return err(ST_USAGE, "game use: %s was used in turn %d; the rules "
		    "allow it once a game (%s)", what,
		    cJSON_GetObjectItemCaseSensitive(e, "turn")->valueint,
		    str(it, "rule"));
	if (saved_ended(&r->sv))
		return err(ST_USAGE, "saved game '%s' has ended: it is kept to "
		    "read (umpire game show), not to change", r->sv.name);
	if ((st = check_phase(r, it)) != ST_OK)
		return st;
	saved_begin(&r->sv);
	o = json_object();
	json_set_str(o, "name", what);
	json_set_str(o, "rule", str(it, "rule"));
	json_set_int(o, "turn", saved_turn(&r->sv));
	json_push(used(r), o);
	snprintf(step, sizeof step, "used %s, once a game", what);
	if ((st = saved_commit(&r->sv, step, str(it, "rule"), r->local.argc,
	    r->local.argv)) != ST_OK)
		return st;
	return said_used(r, it);
}

int
game_use_run(struct ctx *c, char **ops, int nops)
{
	struct use_run r;
	int st;

	memset(&r, 0, sizeof r);
	r.sv.fd = -1;
	if (nops > 1)
		return err(ST_USAGE, "game use: expected one thing at most: '%s' "
		    "(umpire game use lists them)", ops[1]);
	if ((st = open_run(&r, c, nops == 1)) == ST_OK)
		st = nops ? use(&r, ops[0]) : list(&r);
	close_run(&r);
	return st;
}

void
game_use_complete(const struct ctx *c, const char *prefix)
{
	struct use_run r;
	const cJSON *it;

	memset(&r, 0, sizeof r);
	r.sv.fd = -1;
	if (!c->saved && !getenv(SAVED_ENV))
		return;
	/* what cannot be read offers nothing (the shell hides stderr) */
	if (open_run(&r, c, 0) == ST_OK)
		cJSON_ArrayForEach(it, r.once)
			complete_word(prefix, str(it, "name"));
	close_run(&r);
}
