/*
 * mobilize.c: `umpire mobilize UNIT --nation N`: what a reinforcement
 * costs and whether it may enter now; on a saved game where it may be
 * placed, and --apply places it.  The game settles it (Twilight of the
 * Ottomans: 7, lib/games/toto/toto_mobilize.c); this file knows only
 * the words.
 */
#include "cmd.h"
#include "proc.h"


/* every option is the game's (options.h) */
const struct opt mobilize_opts[] = {
	{ 0, 0, NULL, NULL, NULL, NULL }
};

int
cmd_mobilize(struct ctx *c, int argc, char **argv)
{
	static const struct proc_cmd p = { "mobilize",
		"operands", "expected the unit to mobilize, as infantry" };

	return proc_run(c, &p, argc, argv);
}
