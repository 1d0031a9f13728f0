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


/* every option is the game's (options.h) */
const struct opt event_opts[] = {
	{ 0, 0, NULL, NULL, NULL, NULL }
};

int
cmd_event(struct ctx *c, int argc, char **argv)
{
	static const struct proc_cmd p = { "event", NULL, NULL };

	return proc_run(c, &p, argc, argv);
}
