/*
 * options.h: the options a command takes, its own and its games'.
 *
 * A command's table in cmd/ holds the options every game reads (--roll,
 * --odds, --apply, ...).  An option that belongs to one game's rules
 * (loe's --gas, toto's --winter) is declared by that game, in the
 * `opts` of its procedure of the command's name (games/game.h), so that
 * a game adds its options without a line of cmd/ changing; each has the
 * id OPT_FIELD (opt.h).  With a game
 * named (-g, $UMPIRE_GAME, the shell's `use`) a command takes its own and
 * that game's; with none, its own and every game's, each long name once,
 * so that a game named later (by --saved or --situation) finds its
 * options parsed; the game's procedure then refuses the fields it does
 * not read (crt_req_check).
 */
#ifndef UMPIRE_OPTIONS_H
#define UMPIRE_OPTIONS_H

#include "cmd.h"

struct game;

/*
 * cmd's options for c's game, as described above, for --help and
 * completion: a table that stays valid until the program ends.  It is
 * also made the table whose repeatable options (cmd->repeats, and the
 * games' procedures' repeats) add to a list (opt_allow_repeats).
 */
const struct opt *options_for(const struct ctx *c, const struct cmd *cmd);
/* cmd's own options and every game's, whatever the game: what a command
 * parses, so that an option of another game than the one named is
 * refused by that game's procedure, which says why (crt_req_check),
 * rather than as unknown. */
const struct opt *options_all(const struct cmd *cmd);
/* options_all, for the command of this name (which must exist). */
const struct opt *options_parsed(const char *name);
/* Is long_name among the options of table (from options_for) that add to
 * a list when repeated? */
int options_repeat(const struct opt *table, const char *long_name);

/* Does g's procedure of the command cmd declare an option setting the
 * request field (its long name with '_' for '-')? */
int options_declared(const struct game *g, const char *cmd,
    const char *field);

/* --help's list: cmd's own options (with a game, only those its procedure
 * reads), then each game's under its id, or c's game's alone. */
void options_help(FILE *fp, const struct ctx *c, const struct cmd *cmd);

#endif
