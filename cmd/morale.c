/*
 * morale.c: `umpire morale`: a unit's morale test (general, to assault,
 * being assaulted) or an armoured car's A/C test, every modifier with its
 * rule, with the player's d10, umpire's, or the exact chance of each
 * result (--odds).  The game settles it (I wish I was in France!: 22 and
 * 23 of rules/iwiif/reference.txt); this file knows only the words.
 */
#include "cmd.h"
#include "proc.h"

/* every option is the game's (options.h) */
const struct opt morale_opts[] = {
	{ 0, 0, NULL, NULL, NULL, NULL }
};

void
complete_morale(const struct ctx *c, char **ops, int nops, const char *prefix)
{
	(void)c;
	(void)ops;
	(void)nops;
	(void)prefix;
}

int
cmd_morale(struct ctx *c, int argc, char **argv)
{
	static const struct proc_cmd p = { "morale", NULL,
		"morale takes options only: --test, --led, --roll, ..." };

	return proc_run(c, &p, argc, argv);
}
