/*
 * fire.c: `umpire fire STAND... --at TARGETS`: one volley of fire or one
 * round of close combat, from the firing stands and the range the player
 * measured to the target stands and their colours, with the player's
 * coloured dice (--roll red=9,blue=8), umpire's, or the exact chance of
 * each stand's new condition (--odds).  --artillery fires a gun or mortar
 * directly, --close fights a round of close combat.  The game settles it
 * (I wish I was in France!: 11-13, 19 and 23 of rules/iwiif/reference.txt);
 * this file knows only the words players type.
 */
#include <string.h>

#include "cmd.h"
#include "proc.h"

/* every option is the game's (options.h) */
const struct opt fire_opts[] = {
	{ 0, 0, NULL, NULL, NULL, NULL }
};

void
complete_fire(const struct ctx *c, char **ops, int nops, const char *prefix)
{
	static const char *const words[] = { "old", "modern", "lmg", "hmg",
		"inf", "hw", "cav", "cmd", NULL };
	static const char *const tags[] = { "sup", "pin", "pos", "nco", NULL };
	const char *const *w = strchr(prefix, ':') ? tags : words;
	const char *cut = strrchr(prefix, strchr(prefix, ':') ? ':' : 'x');
	size_t keep = cut && (cut[0] == ':' || cut > prefix) ?
	    (size_t)(cut - prefix) + 1 : 0;
	char word[128];

	(void)c;
	(void)ops;
	(void)nops;
	for (; *w; w++) {
		snprintf(word, sizeof word, "%.*s%s", (int)keep, prefix, *w);
		complete_word(prefix, word);
	}
}

int
cmd_fire(struct ctx *c, int argc, char **argv)
{
	static const struct proc_cmd p = { "fire", "stands", NULL };

	return proc_run(c, &p, argc, argv);
}
