/*
 * observe.c: `umpire observe --terrain T --range N`: whether an observing
 * unit spots hidden troops, the die rolled for the hidden side's owner;
 * --hidden tells only spotted or not, for the observer's eyes.  The game
 * settles it (I wish I was in France!: 16 of rules/iwiif/reference.txt);
 * this file knows only the words.
 */
#include "cmd.h"
#include "proc.h"

/* every option is the game's (options.h) */
const struct opt observe_opts[] = {
	{ 0, 0, NULL, NULL, NULL, NULL }
};

void
complete_observe(const struct ctx *c, char **ops, int nops, const char *prefix)
{
	(void)c;
	(void)ops;
	(void)nops;
	(void)prefix;
}

int
cmd_observe(struct ctx *c, int argc, char **argv)
{
	static const struct proc_cmd p = { "observe", NULL,
		"observe takes options only: --terrain and --range" };

	return proc_run(c, &p, argc, argv);
}
