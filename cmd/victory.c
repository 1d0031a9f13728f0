/*
 * victory.c: `umpire victory`: who has won, or who would, each condition
 * of the game's victory rules with its rule and the moment the rules look
 * at it.  The position is the saved game's (--saved) or a situation
 * file's; the counts the players keep by hand come as options.  The game
 * settles it (Lion of Ethiopia 15, Soldiers of the Queen Part 5,
 * Twilight of the Ottomans 30); this file knows only the words.
 */
#include "cmd.h"
#include "proc.h"

enum { O_SITUATION = 1, O_MAP, O_TURN, O_AT_END, O_ASKARI, O_BATTLE,
	O_ZULU_LOST, O_REGULARS_LEFT, O_KHALIFA, O_DERVISH_LOST,
	O_BRITISH_LOST, O_EXITS, O_BRITISH_LEFT, O_OTTOMAN_VP, O_ALLIED_VP,
	O_EARLY };

const struct opt victory_opts[] = {
	{ O_SITUATION, 0, "situation", "file", "the position, when not the "
	  "saved game's", "@situations" },
	{ O_MAP, 0, "map", "name", "the situation's map, when it names none",
	  "@maps" },
	{ O_TURN, 0, "turn", "n", "the game turn (a saved game knows its own)",
	  NULL },
	{ O_AT_END, 0, "at-end", NULL, "the moment the rules look: the turn "
	  "complete (loe), the game over (sotq Omdurman)", NULL },
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

int
cmd_victory(struct ctx *c, int argc, char **argv)
{
	static const struct proc_cmd p = { "victory", victory_opts, NULL,
		"victory takes options only" };

	return proc_run(c, &p, argc, argv);
}
