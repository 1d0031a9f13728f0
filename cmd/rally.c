/*
 * rally.c: `umpire rally STAND...`: a unit's rally action, each stand
 * listed by colour and condition, with the player's coloured dice
 * (--roll red=9,blue=8), umpire's, or the exact chance of each stand's new
 * condition (--odds).  The game settles it (I wish I was in France!: 17 of
 * rules/iwiif/reference.txt); this file knows only the words.
 */
#include <string.h>

#include "cmd.h"
#include "proc.h"

/* every option is the game's (options.h) */
const struct opt rally_opts[] = {
	{ 0, 0, NULL, NULL, NULL, NULL }
};

void
complete_rally(const struct ctx *c, char **ops, int nops, const char *prefix)
{
	static const char *const tags[] = { "sup", "pin", "broken", NULL };
	const char *cut = strrchr(prefix, ':');
	const char *const *t;
	char word[128];

	(void)c;
	(void)ops;
	(void)nops;
	if (!cut)
		return;
	for (t = tags; *t; t++) {
		snprintf(word, sizeof word, "%.*s%s", (int)(cut - prefix) + 1,
		    prefix, *t);
		complete_word(prefix, word);
	}
}

int
cmd_rally(struct ctx *c, int argc, char **argv)
{
	static const struct proc_cmd p = { "rally", "stands",
		"expected the unit's stands by colour and condition, as in "
		"red:pin blue:sup" };

	return proc_run(c, &p, argc, argv);
}
