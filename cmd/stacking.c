/*
 * stacking.c: `umpire stacking`: a position checked against the game's
 * stacking limits, hex by hex, with what its rules have the owner do
 * about an excess; units of two sides in one hex; units in neutral
 * territory or at sea.  The game counts (its "stacking" procedure,
 * lib/position.h); this file knows only the options.
 */
#include <string.h>

#include "cmd.h"
#include "err.h"
#include "games/game.h"
#include "proc.h"

enum { O_SITUATION = 1, O_MAP, O_HEX, O_SIDE };

const struct opt stacking_opts[] = {
	{ O_SITUATION, 0, "situation", "file", "the position: a file, or a "
	  "name under the game's situations (default: --saved's)",
	  "@situations" },
	{ O_MAP, 0, "map", "map", "the map, when the situation names none",
	  "@maps" },
	{ O_HEX, 0, "hex", "hex", "check this hex alone, giving its counts "
	  "even within the limits", NULL },
	{ O_SIDE, 0, "side", "side", "check this side's stacks alone (sides "
	  "may be listed: 'zulu dervish')", "@sides" },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

void
complete_stacking(const struct ctx *c, char **ops, int nops,
    const char *prefix)
{
	(void)c;
	(void)ops;
	(void)nops;
	(void)prefix;
}

/* The game a --situation names, when -g does not say: every game has the
 * procedure, so the position must tell which. */
static int
game_of_situation(struct ctx *c, int argc, char **argv)
{
	const char *spec = NULL, *map = NULL;
	int i;

	for (i = 0; i < argc && !c->game; i++)
		if (strcmp(argv[i], "--situation") == 0 && i + 1 < argc)
			spec = argv[i + 1];
		else if (strncmp(argv[i], "--situation=", 12) == 0)
			spec = argv[i] + 12;
	if (!spec)
		spec = c->situation;
	return spec && !c->game ? game_situation_defaults(c, spec, &map) :
	    ST_OK;
}

int
cmd_stacking(struct ctx *c, int argc, char **argv)
{
	static const struct proc_cmd p = { "stacking", NULL,
		NULL };
	int st;

	if ((st = game_of_situation(c, argc, argv)) != ST_OK)
		return st;
	return proc_run(c, &p, argc, argv);
}
