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

enum { O_KIND = 1, O_AS, O_SUPPLY, O_APPLY };

const struct opt reorganize_opts[] = {
	{ O_KIND, 0, "kind", "kind", "the corps' row of the reorganization "
	  "table, where the unit carries none (ru-inf)", "@words" },
	{ O_AS, 0, "as", "ids", "the new units' ids, separated by commas", NULL },
	{ O_SUPPLY, 0, "supply", "id", "the supply unit spent to build the "
	  "corps (default: one in the hex)", NULL },
	{ O_APPLY, 0, "apply", NULL, "make the change in the saved game, as "
	  "one step to undo", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

int
cmd_reorganize(struct ctx *c, int argc, char **argv)
{
	static const struct proc_cmd p = { "reorganize", reorganize_opts,
		"operands", "expected break CORPS or combine KIND DIVISION ..." };

	return proc_run(c, &p, argc, argv);
}
