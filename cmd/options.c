/*
 * options.c: a command's options with its games'; see options.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "options.h"

/* Room for a command's own options and every game's of it; the parser
 * keeps which were given in 64 bits (opt.h), so no more than that. */
#define OPTIONS_MAX 64
#define OPTIONS_REPEATS 512
#define OPTIONS_CMDS 32

struct options_slot {
	struct opt t[OPTIONS_MAX + 1];
	char repeats[OPTIONS_REPEATS];
};

/* One table a command, rebuilt at each call: the pointer a parser holds
 * stays the same while the game it was built for does. */
static struct options_slot slots[OPTIONS_CMDS];

static void
add_repeats(struct options_slot *s, const char *names)
{
	size_t n = strlen(s->repeats);

	if (names && *names)
		snprintf(s->repeats + n, sizeof s->repeats - n, "%s%s",
		    n ? " " : "", names);
}

/* Two games may both declare --terrain; they must agree on how it is
 * parsed, or the one table could not read both.  A programming error. */
static void
check_same(const struct cmd *cmd, const struct opt *a, const struct opt *b)
{
	if (!a->arg != !b->arg || a->short_name != b->short_name) {
		fprintf(stderr, "umpire: internal error: games disagree on how "
		    "%s --%s is written\n", cmd->name, b->long_name);
		abort();
	}
}

static size_t
add_game(const struct cmd *cmd, struct options_slot *s, size_t n,
    const struct game_proc *p)
{
	const struct opt *o, *had;

	add_repeats(s, p->repeats);
	for (o = p->opts; o && o->id; o++) {
		if ((had = opt_find_long(s->t, o->long_name,
		    strlen(o->long_name))) != NULL) {
			check_same(cmd, had, o);
			continue;
		}
		if (n == OPTIONS_MAX) {
			fprintf(stderr, "umpire: internal error: %s has more than "
			    "%d options\n", cmd->name, OPTIONS_MAX);
			abort();
		}
		s->t[n++] = *o;
	}
	return n;
}

static struct options_slot *
slot_of(const struct cmd *cmd)
{
	size_t n, i;
	const struct cmd *all = cmd_all(&n);

	for (i = 0; i < n && &all[i] != cmd; i++)
		;
	if (i == n)
		return NULL;	/* not in the table: `help`'s own words */
	if (i >= OPTIONS_CMDS) {
		fprintf(stderr, "umpire: internal error: no room for the "
		    "options of %s\n", cmd->name);
		abort();
	}
	return &slots[i];
}

static const struct opt *
build(const struct cmd *cmd, const struct game *one)
{
	static const struct opt none[1];
	struct options_slot *s = slot_of(cmd);
	const struct game *const *all;
	const struct game_proc *p;
	size_t n = 0, ng, i;

	if (!s)
		return cmd->opts ? cmd->opts : none;

	memset(s->t, 0, sizeof s->t);
	s->repeats[0] = '\0';
	add_repeats(s, cmd->repeats);
	for (; cmd->opts && cmd->opts[n].id; n++)
		s->t[n] = cmd->opts[n];
	all = game_all(&ng);
	for (i = 0; i < ng; i++)
		if ((!one || all[i] == one) &&
		    (p = game_proc(all[i], cmd->name)) != NULL)
			n = add_game(cmd, s, n, p);
	opt_allow_repeats(s->t, s->repeats);
	return s->t;
}

const struct opt *
options_for(const struct ctx *c, const struct cmd *cmd)
{
	return build(cmd, c->game ? game_find(c->game) : NULL);
}

const struct opt *
options_all(const struct cmd *cmd)
{
	return build(cmd, NULL);
}

const struct opt *
options_parsed(const char *name)
{
	size_t n, i;
	const struct cmd *all = cmd_all(&n);

	for (i = 0; i < n && strcmp(all[i].name, name) != 0; i++)
		;
	if (i == n) {
		fprintf(stderr, "umpire: internal error: no command %s\n", name);
		abort();
	}
	return options_all(&all[i]);
}

int
options_repeat(const struct opt *table, const char *long_name)
{
	size_t n, i;

	cmd_all(&n);
	for (i = 0; i < n && i < OPTIONS_CMDS; i++)
		if (slots[i].t == table)
			return opt_listed(slots[i].repeats, long_name);
	return 0;
}

int
options_declared(const struct game *g, const char *cmd, const char *field)
{
	const struct game_proc *p = game_proc(g, cmd);
	const struct opt *o;
	char key[64];

	for (o = p ? p->opts : NULL; o && o->id; o++) {
		opt_field(o, key);
		if (strcmp(key, field) == 0)
			return 1;
	}
	return 0;
}

/* cmd's own options; with a game whose procedure says which fields it
 * reads (game.h), those it reads and those no game's procedure reads. */
static size_t
own_help(FILE *fp, const struct cmd *cmd, const struct game *g)
{
	const struct game_proc *p = g ? game_proc(g, cmd->name) : NULL;
	struct opt kept[OPTIONS_MAX + 1];
	const struct opt *o;
	char field[64];
	size_t n = 0;

	for (o = cmd->opts; o && o->id && n < OPTIONS_MAX; o++) {
		opt_field(o, field);
		if (!p || !p->fields || game_proc_reads(p, field) ||
		    !game_field_read(p->name, field))
			kept[n++] = *o;
	}
	memset(&kept[n], 0, sizeof kept[n]);
	opt_print_help(fp, kept);
	return n;
}

void
options_help(FILE *fp, const struct ctx *c, const struct cmd *cmd)
{
	const struct game *const *all;
	const struct game *one = c->game ? game_find(c->game) : NULL;
	const struct game_proc *p;
	size_t ng, i, shown = own_help(fp, cmd, one);

	all = game_all(&ng);
	for (i = 0; i < ng; i++) {
		if ((one && all[i] != one) ||
		    !(p = game_proc(all[i], cmd->name)) || !p->opts ||
		    !p->opts->id)
			continue;
		fprintf(fp, "%s%s (%s):\n", shown++ ? "\n" : "", all[i]->id,
		    all[i]->title);
		opt_print_help(fp, p->opts);
	}
}
