/*
 * reorganize.c: `umpire reorganize break CORPS` and `umpire reorganize
 * combine KIND DIVISION...`: a corps broken down into its divisions or
 * built from them, on a saved game, as one step to undo (--apply); or,
 * without one, what a kind of corps is made of.  The game settles it
 * (Twilight of the Ottomans: 8, lib/games/toto/toto_reorg.c); this file
 * knows only the words.
 */
#include "cmd.h"
#include "proc.h"


/* every option is the game's (options.h) */
const struct opt reorganize_opts[] = {
	{ 0, 0, NULL, NULL, NULL, NULL }
};

int
cmd_reorganize(struct ctx *c, int argc, char **argv)
{
	static const struct proc_cmd p = { "reorganize",
		"operands", "expected break CORPS or combine KIND DIVISION ..." };

	return proc_run(c, &p, argc, argv);
}
