/*
 * entrench.c: `umpire entrench --unit ID [--apply]`: may the unit build an
 * entrenchment where it stands, each condition with its rule; with
 * --apply, on a saved game, the counter goes on it under construction as
 * one step of the log, in its side's Movement Phase.  The game settles
 * it (its "entrench" procedure); this file knows only the options.
 */
#include "cmd.h"
#include "proc.h"

enum { O_UNIT = 1, O_APPLY, O_SITUATION, O_MAP };

const struct opt entrench_opts[] = {
	{ O_UNIT, 'u', "unit", "id", "the unit that is to build, of the saved "
	  "game (--saved)", "@units" },
	{ O_APPLY, 0, "apply", NULL, "put the entrenchment on the saved game, "
	  "under construction", NULL },
	{ O_SITUATION, 0, "situation", "file", "the position to check, instead "
	  "of the saved game's (no --apply)", "@situations" },
	{ O_MAP, 0, "map", "map", "the map, when the situation names none",
	  "@maps" },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

void
complete_entrench(const struct ctx *c, char **ops, int nops,
    const char *prefix)
{
	(void)c;
	(void)ops;
	(void)nops;
	(void)prefix;
}

int
cmd_entrench(struct ctx *c, int argc, char **argv)
{
	static const struct proc_cmd p = { "entrench", NULL,
		NULL };

	return proc_run_saved(c, &p, argc, argv, "side");
}
