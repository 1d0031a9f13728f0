/*
 * cmd.h: the shape of a command.
 *
 * The one list of commands is commands[] in umpire.c.  Each entry names
 * the command, its handler, a one-line summary, its usage lines and its
 * option table; help, completion, the man page check and the tests that
 * walk every command all read that list.
 */
#ifndef UMPIRE_CMD_H
#define UMPIRE_CMD_H

#include <stddef.h>

#include "ctx.h"
#include "opt.h"

struct cmd {
	const char *name;
	/* argv holds only the command's own words: no globals, no name */
	int (*exec)(struct ctx *c, int argc, char **argv);
	const char *summary;
	const char *usage;	/* one or more lines, each "umpire NAME ..." */
	const struct opt *opts;
	/* print completions for the operand after ops[0..nops) */
	void (*complete)(const struct ctx *c, char **ops, int nops,
	    const char *prefix);
	/* long options that may be repeated, each adding to a list; any
	 * other option with a value is refused the second time (opt.h) */
	const char *repeats;
	/* two or three command lines a newcomer can run as they are, one a
	 * line: --help shows them (tests run each) */
	const char *examples;
};

const struct cmd *cmd_all(size_t *n);

/* Completion helpers shared by the commands. */
void complete_word(const char *prefix, const char *word);
void complete_games(const char *prefix);
void complete_tables(const struct ctx *c, const char *game, const char *prefix);
/* The hex ids and one-word place names of map spec (a name or a file);
 * nothing when spec is NULL or does not load. */
void complete_hexes(const struct ctx *c, const char *spec, const char *prefix);
/* The game's shipped and imported names under sub ("maps",
 * "situations") that prefix starts, unless prefix looks like a path or
 * none matches: then nothing, and the shell completes files. */
void complete_data_names(const struct ctx *c, const char *sub,
    const char *prefix);
/* The unit ids of the situation --situation names on the line (on the
 * map --map names, or the situation's own); nothing when it does not
 * load. */
void complete_unit_ids(const struct ctx *c, const char *prefix);
/* The situation of the line being completed: --situation's value, else
 * the saved game of --saved or $UMPIRE_SAVED as "saved:NAME" in buf
 * (SAVED_NAME_MAX + 8 bytes), else NULL. */
const char *complete_line_situation(char *buf);
/* The words the game's procedure proc declares for a request field
 * (game.h), or with no game every game's, each once; the first keep bytes
 * of prefix go before each word (the "5:" of "5:oos"). */
void complete_proc_words(const struct ctx *c, const char *proc,
    const char *field, const char *prefix, size_t keep);
/* The value given on the line being completed to the option long_name
 * (the last, if several), or NULL. */
const char *complete_option_value(const char *long_name);

/* Is id a game or an imported rulebook (never a path)?  As -g checks it. */
int umpire_game_known(const struct ctx *c, const char *id);

#define CMD_DECLARE(sym) \
	int cmd_##sym(struct ctx *, int, char **); \
	extern const struct opt sym##_opts[]; \
	void complete_##sym(const struct ctx *, char **, int, const char *)

CMD_DECLARE(activation);
CMD_DECLARE(airstrike);
CMD_DECLARE(crt);
CMD_DECLARE(draw);
CMD_DECLARE(entrench);
CMD_DECLARE(event);
CMD_DECLARE(fire);
CMD_DECLARE(game);
CMD_DECLARE(log);
CMD_DECLARE(map);
CMD_DECLARE(mobilize);
CMD_DECLARE(morale);
CMD_DECLARE(move_cost);
CMD_DECLARE(observe);
CMD_DECLARE(rally);
CMD_DECLARE(reorganize);
CMD_DECLARE(roll);
CMD_DECLARE(rules);
CMD_DECLARE(shell);
CMD_DECLARE(stacking);
CMD_DECLARE(supply_trace);
CMD_DECLARE(table);
CMD_DECLARE(victory);
CMD_DECLARE(words);

/*
 * The output choice of the commands that answer on a map (move-cost
 * --map, supply-trace): the row of their option tables, declared here
 * once, so that parsing, --help and completion say the same for each.
 * The picture is the answer the command found, drawn by
 * map_svg_answer_out (cmd/map-svg.c) as map svg draws it.
 */
#define CMD_OPT_SVG(id)	{ (id), 0, "svg", NULL, "print the answer as an " \
	"SVG picture of the whole map instead of text", NULL }

/* `umpire map svg`, which cmd/map.c hands on (cmd/map-svg.c); its
 * options are in map_opts. */
int map_svg_main(struct ctx *c, int argc, char **argv);

/* One command line (argv[0] the program) as main() runs it, from the
 * shell's settings in base when not NULL; returns the status. */
int umpire_dispatch(struct ctx *base, int argc, char **argv);
/* Global option words, argv[0] the program, applied to c and checked. */
int umpire_set_globals(struct ctx *c, int argc, char **argv);

int complete_main(struct ctx *c, const struct opt *globals, int argc,
    char **argv);

#endif
