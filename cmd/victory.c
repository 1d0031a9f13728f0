/*
 * victory.c: `umpire victory`: who has won, or who would, each condition
 * of the game's victory rules with its rule and the moment the rules look
 * at it.  The position is the saved game's (--saved) or a situation
 * file's; the counts the players keep by hand come as options.  The game
 * settles it (Lion of Ethiopia 15, Soldiers of the Queen Part 5,
 * Twilight of the Ottomans 30); this file knows only the words.  With
 * --apply, what the game's result lists to record (Omdurman's exits) is
 * applied to the saved game as one logged step, under its lock.
 */
#include <string.h>

#include "cmd.h"
#include "err.h"
#include "json.h"
#include "out.h"
#include "proc.h"
#include "saved.h"

enum { O_SITUATION = 1, O_MAP, O_TURN, O_AT_END, O_APPLY };

/* The options of every game's victory check; a game's own are in its
 * procedure's table (options.h). */
const struct opt victory_opts[] = {
	{ O_SITUATION, 0, "situation", "file", "the position, when not the "
	  "saved game's", "@situations" },
	{ O_MAP, 0, "map", "name", "the situation's map, when it names none",
	  "@maps" },
	{ O_TURN, 0, "turn", "n", "the game turn (a saved game knows its own)",
	  NULL },
	{ O_AT_END, 0, "at-end", NULL, "the moment the rules look has come: "
	  "the turn complete, or the game over, as the game's rules say", NULL },
	{ O_APPLY, 0, "apply", NULL, "with --exit on a saved game: record the "
	  "exits", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

void
complete_victory(const struct ctx *c, char **ops, int nops, const char *prefix)
{
	(void)c;
	(void)ops;
	(void)nops;
	(void)prefix;
}

/* --apply: the saved game locked before the game reads it, then the
 * result's effects applied as one step. */
static int
answer(struct ctx *c, const struct proc_cmd *p, const struct game *g,
    cJSON *req)
{
	const cJSON *spec = cJSON_GetObjectItemCaseSensitive(req, "situation");
	struct saved sv = { .fd = -1 };
	struct out_result o;
	int st;

	if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(req, "apply")))
		return proc_answer(c, p, g, req);
	if ((st = proc_apply_open(c, cJSON_IsString(spec) ? spec->valuestring :
	    c->situation, &sv)) != ST_OK) {
		saved_close(&sv);
		return st;
	}
	out_result_init(&o, 1, 0);
	json_set_str(o.json, "game", g->id);
	json_set_str(o.json, "procedure", p->name);
	json_set(o.json, "inputs", json_must(cJSON_Duplicate(req, 1)));
	st = game_proc(g, p->name)->run(c, req, &o);
	if (st == ST_OK)
		st = proc_apply(c, &o, &sv, cJSON_GetStringValue(
		    cJSON_GetObjectItemCaseSensitive(o.json, "recorded")), NULL);
	saved_close(&sv);
	return proc_emit(c, &o, st);
}

int
cmd_victory(struct ctx *c, int argc, char **argv)
{
	static const struct proc_cmd p = { "victory", NULL,
		"victory takes options only" };
	const struct game *g = NULL;
	cJSON *req = json_object();
	int st;

	if ((st = proc_parse(&p, req, argc, argv)) == ST_OK &&
	    (st = proc_game(c, &p, &g)) == ST_OK)
		st = answer(c, &p, g, req);
	cJSON_Delete(req);
	return st;
}
