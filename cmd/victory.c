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

enum { O_SITUATION = 1, O_MAP, O_TURN, O_AT_END, O_ASKARI, O_BATTLE,
	O_ZULU_LOST, O_REGULARS_LEFT, O_KHALIFA, O_DERVISH_LOST,
	O_BRITISH_LOST, O_EXITS, O_BRITISH_LEFT, O_OTTOMAN_VP, O_ALLIED_VP,
	O_EARLY, O_EXIT, O_APPLY };

const struct opt victory_opts[] = {
	{ O_SITUATION, 0, "situation", "file", "the position, when not the "
	  "saved game's", "@situations" },
	{ O_MAP, 0, "map", "name", "the situation's map, when it names none",
	  "@maps" },
	{ O_TURN, 0, "turn", "n", "the game turn (a saved game knows its own)",
	  NULL },
	{ O_AT_END, 0, "at-end", NULL, "the moment the rules look: the turn "
	  "complete (loe), the game over (sotq Omdurman, toto)", NULL },
	{ O_ASKARI, 0, "askari-withdrawn", "yes|no", "loe: whether Italy made "
	  "the Jan 1 Askari withdrawal (14.3.2)", "yes no" },
	{ O_EARLY, 0, "early-mobilization", NULL, "loe: the optional Early "
	  "Mobilization is played, with its conditions (16.3 C)", NULL },
	{ O_BATTLE, 0, "battle", "name", "sotq, by hand: isandhlwana or "
	  "omdurman", "isandhlwana omdurman" },
	{ O_ZULU_LOST, 0, "zulu-lost", "n", "sotq Isandhlwana: Zulu combat "
	  "units eliminated", NULL },
	{ O_REGULARS_LEFT, 0, "regulars-left", "n", "sotq Isandhlwana: British "
	  "regular combat units not eliminated", NULL },
	{ O_KHALIFA, 0, "khalifa-killed", NULL, "sotq Omdurman: the Khalifa is "
	  "dead", NULL },
	{ O_DERVISH_LOST, 0, "dervish-lost", "n", "sotq Omdurman: Dervish "
	  "combat units eliminated", NULL },
	{ O_BRITISH_LOST, 0, "british-lost", "turn:n,...", "sotq Omdurman: "
	  "British combat units eliminated, by turn", NULL },
	{ O_EXITS, 0, "exits", "turn:n,...", "sotq Omdurman: British combat "
	  "units exited, by turn", NULL },
	{ O_EXIT, 0, "exit", "ids", "sotq Omdurman: these units leave the map "
	  "now, from exit hexes", "@units" },
	{ O_APPLY, 0, "apply", NULL, "with --exit on a saved game: record the "
	  "exits", NULL },
	{ O_BRITISH_LEFT, 0, "british-left", "n", "sotq Omdurman: British "
	  "combat units on the map, gunboats aside", NULL },
	{ O_OTTOMAN_VP, 0, "ottoman-vp", "n", "toto: the Ottoman total, 0 to "
	  "100", NULL },
	{ O_ALLIED_VP, 0, "allied-vp", "n", "toto: the Allied total, 0 to 100",
	  NULL },
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
	static const struct proc_cmd p = { "victory", victory_opts, NULL,
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
