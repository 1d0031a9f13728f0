/*
 * mobilize.c: `umpire mobilize UNIT --nation N`: what a reinforcement
 * costs and whether it may enter now; on a saved game where it may be
 * placed, and --apply places it.  The game settles it (Twilight of the
 * Ottomans: 7, lib/games/toto/toto_mobilize.c); this file knows only
 * the words.
 */
#include "cmd.h"
#include "proc.h"

enum { O_NATION = 1, O_HEX, O_ID, O_FACTORS, O_YEAR, O_VP, O_FREE, O_APPLY };

const struct opt mobilize_opts[] = {
	{ O_NATION, 0, "nation", "nation", "whose unit: ottoman, german, "
	  "austro-hungarian, british, french, russian, persian", "ottoman german "
	  "austro-hungarian british french russian persian" },
	{ O_HEX, 0, "hex", "hex", "where it is placed (a saved game's map)",
	  NULL },
	{ O_ID, 0, "id", "id", "the new unit's id", NULL },
	{ O_FACTORS, 0, "factors", "a-d-m", "its counter's attack, defense and "
	  "movement factors (1-2-3)", NULL },
	{ O_YEAR, 0, "year", "year", "the year of the turn, 1914 to 1918",
	  "1914 1915 1916 1917 1918" },
	{ O_VP, 0, "vp", "n", "the side's Victory Points before paying", NULL },
	{ O_FREE, 0, "free", NULL, "a free reinforcement of a random event or "
	  "psywar (7.7)", NULL },
	{ O_APPLY, 0, "apply", NULL, "place it in the saved game, as one step "
	  "to undo", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

int
cmd_mobilize(struct ctx *c, int argc, char **argv)
{
	static const struct proc_cmd p = { "mobilize", mobilize_opts,
		"operands", "expected the unit to mobilize, as infantry" };

	return proc_run(c, &p, argc, argv);
}
