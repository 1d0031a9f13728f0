/*
 * activation.c: `umpire activation COMMANDER...`: how many actions each
 * unit may take this turn, from its commander's ability or, out of
 * command, its troops' quality; with the player's d10s, umpire's, or the
 * exact chance of every number of actions (--odds).  A --plan of actions
 * is held to the rules' list and to what was rolled.  The game settles it
 * (I wish I was in France!: 5-8 of rules/iwiif/reference.txt); this file
 * knows only the words players type.
 */
#include <string.h>

#include "cmd.h"
#include "proc.h"

/* every option is the game's (options.h) */
const struct opt activation_opts[] = {
	{ 0, 0, NULL, NULL, NULL, NULL }
};

static const char *const words[] = {
	"diligent", "competent", "inept", "nco", "inadequate", "capable",
	"exceptional", NULL
};

static const char *const tags[] = { "senior", "junior", "brought",
	"defences", NULL };

/* After the last ':' or ',' of prefix, offer each of list. */
static void
complete_after(const char *prefix, char sep, const char *const *list)
{
	const char *cut = strrchr(prefix, sep);
	size_t keep = cut ? (size_t)(cut - prefix) + 1 : 0;
	char word[128];

	for (; *list; list++) {
		snprintf(word, sizeof word, "%.*s%s", (int)keep, prefix, *list);
		complete_word(prefix, word);
	}
}

void
complete_activation(const struct ctx *c, char **ops, int nops,
    const char *prefix)
{
	(void)c;
	(void)ops;
	(void)nops;
	if (strchr(prefix, ':'))
		complete_after(prefix, ':', tags);
	else
		complete_after(prefix, '=', words);
}

int
cmd_activation(struct ctx *c, int argc, char **argv)
{
	static const struct proc_cmd p = { "activation", "units",
		"expected a commander for each unit: diligent, competent, "
		"inept or nco, or out of command the troops' "
		"inadequate, capable or exceptional" };

	return proc_run(c, &p, argc, argv);
}
