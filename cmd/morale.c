/*
 * morale.c: `umpire morale`: a unit's morale test (general, to assault,
 * being assaulted) or an armoured car's A/C test, every modifier with its
 * rule, with the player's d10, umpire's, or the exact chance of each
 * result (--odds).  The game settles it (I wish I was in France!: 22 and
 * 23 of rules/iwiif/reference.txt); this file knows only the words.
 */
#include "cmd.h"
#include "proc.h"

enum {
	O_TEST = 1, O_LED, O_SUPPORT, O_COVER, O_QUALITY, O_SUPPRESSED,
	O_PINNED, O_LOST, O_INFANTRY_NEAR, O_AC_NEAR, O_CONDITION,
	O_RETREATING, O_ROLL, O_ODDS
};

const struct opt morale_opts[] = {
	{ O_TEST, 0, "test", "kind", "general (default), assault, assaulted or "
	  "ac", "general assault assaulted ac" },
	{ O_LED, 0, "led", "by", "the unit is led by an nco or an officer",
	  "nco officer" },
	{ O_SUPPORT, 0, "support", NULL, "an MG, artillery or A/C within 6\"",
	  NULL },
	{ O_COVER, 0, "cover", "c", "the unit is in hard cover or trenches",
	  "hard trenches" },
	{ O_QUALITY, 0, "quality", "q", "capable (default), exceptional or "
	  "inadequate", "capable exceptional inadequate" },
	{ O_SUPPRESSED, 0, "suppressed", "n", "how many of its stands are "
	  "suppressed", NULL },
	{ O_PINNED, 0, "pinned", "n", "how many of its stands are pinned",
	  NULL },
	{ O_LOST, 0, "lost", "n", "how many of its stands are lost", NULL },
	{ O_INFANTRY_NEAR, 0, "infantry-near", NULL, "A/C test: friendly "
	  "infantry or artillery within 4\"", NULL },
	{ O_AC_NEAR, 0, "ac-near", NULL, "A/C test: a friendly A/C within 4\"",
	  NULL },
	{ O_CONDITION, 0, "condition", "c", "A/C test: the car is steady, "
	  "suppressed or pinned", "steady suppressed pinned" },
	{ O_RETREATING, 0, "retreating", NULL, "general test of a retreating "
	  "unit: does it stop?", NULL },
	{ O_ROLL, 0, "roll", "n", "your own d10 (0 is 10)", NULL },
	{ O_ODDS, 0, "odds", NULL, "give the chance of every result instead of "
	  "rolling", NULL },
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
	static const struct proc_cmd p = { "morale", morale_opts, NULL,
		"morale takes options only: --test, --led, --roll, ..." };

	return proc_run(c, &p, argc, argv);
}
