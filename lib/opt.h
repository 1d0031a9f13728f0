/*
 * opt.h: option tables.
 *
 * Each command declares its options once, in a table; the same table
 * drives parsing, the --help text and the completion words, so the three
 * can never disagree.  Parsing is an iterator in the getopt_long mould:
 * opt_next() hands back one option id or one operand at a time.
 */
#ifndef UMPIRE_OPT_H
#define UMPIRE_OPT_H

#include <stdint.h>
#include <stdio.h>

struct opt {
	int id;			/* what opt_next() returns; 0 ends a table */
	char short_name;	/* 0 when the option has no short form */
	const char *long_name;	/* without the leading "--" */
	const char *arg;	/* value placeholder ("n", "file"), NULL for a flag */
	const char *help;	/* one line for --help */
	/*
	 * What completes the value: NULL for nothing in particular, a list of
	 * words separated by spaces, or one of the dynamic sources "@games",
	 * "@tables", "@decks" (saved card games), "@words" (the words the
	 * game's procedure of the command declares for the option's field),
	 * "@maps" and "@situations" (the game's names, else files),
	 * "@units" (the ids of the --situation on the line), "@sides" (the
	 * game's, or every game's), "@files",
	 * "@dirs", or "@operand": the command's own completion
	 * function, which then sees "--long-name" as its last operand.
	 */
	const char *complete;
};

/*
 * The id of an option that only sets the request field of its name (a
 * game's own option, games/game.h): the command passes it on unread.
 */
#define OPT_FIELD 0x4000

enum {
	OPT_END = -1,		/* no arguments left */
	OPT_ERROR = -2,		/* reported on stderr already */
	OPT_OPERAND = -3	/* p->arg holds an operand */
};

struct opt_parser {
	const struct opt *table;
	int argc;
	char **argv;
	int next;		/* index of the next argv element */
	int operands_only;	/* seen "--" */
	const char *cluster;	/* rest of a "-abc" cluster */
	const char *arg;	/* the option's value or the operand */
	const struct opt *opt;	/* the option just returned */
	uint64_t seen;		/* options with a value given so far, by index */
};

/*
 * The long names (space-separated) of the options of table that may be
 * given more than once, each adding to a list (crt's --terrain mountain
 * --terrain amba).  Every other option that takes a value is refused the
 * second time: "option given twice".  The dispatcher sets this from the
 * command table before the command parses its words.
 */
void opt_allow_repeats(const struct opt *table, const char *names);
/* Is long_name one of the space-separated names? */
int opt_listed(const char *names, const char *long_name);

void opt_init(struct opt_parser *p, const struct opt *table, int argc, char **argv);

/*
 * The whole number the digits from s up to stop spell (up to the end of s
 * when stop is NULL): its value, or -1 when there is no digit, anything
 * but the digits 0-9, or a value past max.  For numbers inside a word
 * ("1/3", "jan-12", "radius-4"): it cannot overflow, where atoi and
 * sscanf's %d would wrap 4294967297 round to 1 and take it.
 */
int opt_count(const char *s, const char *stop, int max);
int opt_next(struct opt_parser *p);

const struct opt *opt_find_long(const struct opt *table, const char *name, size_t len);
const struct opt *opt_find_short(const struct opt *table, char c);

/* "--roll" or "-r" as the user would type it, for messages. */
/* The request field an option sets (crt, proc.h): its long name with
 * '_' for '-'. */
void opt_field(const struct opt *o, char key[static 64]);
const char *opt_display(const struct opt *o, char buf[static 64]);

void opt_print_help(FILE *fp, const struct opt *table);
/* Every spelling of every option, one per line: the completion words.
 * With describe, each word is followed by a tab and its help line, for
 * shells that show descriptions (zsh, fish). */
void opt_print_words(FILE *fp, const struct opt *table, const char *prefix,
    int describe);

#endif
