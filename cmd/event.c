/*
 * event.c: `umpire event`: the phasing player's random events, his two
 * dice rolled by umpire or given (--roll), cross-indexed on his side's
 * table, with the years, the once-a-game events and the triggers the
 * game's rules name; on a saved game the events that have happened are
 * read from it, and --apply records the one rolled.  The game settles it
 * (Twilight of the Ottomans: 6, lib/games/toto/toto_event.c); this file
 * knows only the words.
 */
#include "cmd.h"
#include "proc.h"

enum { O_SIDE = 1, O_ROLL, O_YEAR, O_VP, O_OCCURRED, O_HEX, O_FACTORS,
	O_APPLY };

const struct opt event_opts[] = {
	{ O_SIDE, 0, "side", "side", "whose table: ottoman or allied (on a "
	  "saved game, the side of its random events phase)", "ottoman allied" },
	{ O_ROLL, 0, "roll", "dice", "your dice: the first, the second, then "
	  "the event's own (3,1,4,2)", NULL },
	{ O_YEAR, 0, "year", "year", "the year of the turn, 1914 to 1918 (for "
	  "the events of some years only)", "1914 1915 1916 1917 1918" },
	{ O_VP, 0, "vp", "ottoman,allied", "both sides' Victory Points (for the "
	  "events that need a lead)", NULL },
	{ O_OCCURRED, 0, "occurred", "codes", "the events that have happened, "
	  "a code each time (without a saved game)", "@words" },
	{ O_HEX, 0, "hex", "hex", "where the second Russian Revolution puts "
	  "the Bolshevik Corps", NULL },
	{ O_FACTORS, 0, "factors", "a-d-m", "the Bolshevik Corps' counter "
	  "factors", NULL },
	{ O_APPLY, 0, "apply", NULL, "record the event in the saved game, as "
	  "one step to undo", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

int
cmd_event(struct ctx *c, int argc, char **argv)
{
	static const struct proc_cmd p = { "event", event_opts, NULL, NULL };

	return proc_run(c, &p, argc, argv);
}
