/*
 * observe.c: `umpire observe --terrain T --range N`: whether an observing
 * unit spots hidden troops, the die rolled for the hidden side's owner;
 * --hidden tells only spotted or not, for the observer's eyes.  The game
 * settles it (I wish I was in France!: 16 of rules/iwiif/reference.txt);
 * this file knows only the words.
 */
#include "cmd.h"
#include "proc.h"

enum { O_TERRAIN = 1, O_RANGE, O_MOVED, O_FIRED, O_HIDDEN, O_ROLL, O_ODDS };

const struct opt observe_opts[] = {
	{ O_TERRAIN, 0, "terrain", "t", "the area watched: broken, light (cover) "
	  "or dense (cover)", "broken light dense" },
	{ O_RANGE, 0, "range", "inches", "from the observers to the area", NULL },
	{ O_MOVED, 0, "moved", NULL, "the hidden troops moved more than one move "
	  "segment", NULL },
	{ O_FIRED, 0, "fired", NULL, "the hidden troops fired", NULL },
	{ O_HIDDEN, 0, "hidden", NULL, "print only spotted or not spotted",
	  NULL },
	{ O_ROLL, 0, "roll", "n", "the owner's own d10 (0 is 10)", NULL },
	{ O_ODDS, 0, "odds", NULL, "give the chance of spotting instead of "
	  "rolling", NULL },
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
	static const struct proc_cmd p = { "observe", observe_opts, NULL,
		"observe takes options only: --terrain and --range" };

	return proc_run(c, &p, argc, argv);
}
