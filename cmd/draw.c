/*
 * draw.c: `umpire draw`: a card deck that lasts across commands and
 * players, run by the rules of the game (only Adwa 1896 has one), and the
 * game's d6 procedures.  This file holds the options, the subcommands
 * with the options each takes, completion, the parsing of the command
 * line and the dispatch to each subcommand.
 *
 * Where each part is (what they share is in cmd/draw.h): the report and
 * the saved game opened for a command in cmd/draw-session.c; new and the
 * secret roles in cmd/draw-new.c; the turn's draw, hand, play, discard,
 * pass and exchange in cmd/draw-deck.c; status, log, undo, end and list
 * in cmd/draw-saved.c; the answers, the exposure and the end's reveal in
 * cmd/draw-react.c; the d6 procedures in cmd/draw-proc.c; the board in
 * cmd/draw-board.c.  The rules applied are the game's (lib/games/adwa*.c),
 * cited from rules/adwa/reference.txt.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "draw.h"
#include "deck.h"
#include "err.h"

#define COMMANDERS "menelik taitu makonnen mengesha alula mikael tekle-haymanot"

const struct opt draw_opts[] = {
	{ O_NAME, 0, "name", "game", "the saved game (default: the game's id, "
	  "or the only one saved)", "@decks" },
	{ O_COMMANDERS, 0, "commanders", "list", "new, roles: the commanders, "
	  "comma-separated", NULL },
	{ O_HAND, 0, "hand", "n", "new, roles: cards in each starting hand "
	  "(default 4)", NULL },
	{ O_TO, 0, "to", "commander", "an extra draw for this commander; the "
	  "turn stays", COMMANDERS },
	{ O_FROM, 0, "from", "commander", "play, discard, exchange: whose card "
	  "(default: whose turn)", COMMANDERS },
	{ O_WITH, 0, "with", "commander", "exchange with, or play against, this "
	  "commander", COMMANDERS },
	{ O_HEALER, 0, "healer", NULL, "an Assassin drawn is stopped by the "
	  "victim's Healer", NULL },
	{ O_VETO, 0, "veto", "commander", "an Assassin drawn is stopped by this "
	  "imperial Veto", "menelik taitu" },
	{ O_ROLL, 0, "roll", "list", "your own d6, in order: 4 or 3,1", NULL },
	{ O_ODDS, 0, "odds", NULL, "the chance of every result instead of "
	  "rolling", NULL },
	{ O_SHOW, 0, "show", "commander", "roles, play: show what is for this "
	  "commander's eyes only", COMMANDERS },
	{ O_HELD, 0, "held", "n", "mutiny: Mutiny cards held, without a saved "
	  "game", NULL },
	{ O_POSITIONS, 0, "positions", "list", "advance, clock: the three "
	  "Italian armies' positions, 0-3", NULL },
	{ O_HOURS, 0, "hours", "n", "clock: the in-game hours", NULL },
	{ O_FIRST, 0, "first", NULL, "clock: this turn put the last army in "
	  "position", NULL },
	{ O_BY, 0, "by", "commander", "react veto: the imperial leader who "
	  "vetoes", "menelik taitu" },
	{ O_DIGNITY, 0, "dignity", "reading", "new: Imperial Dignity is the Veto "
	  "card (card, the default) or a power (power)", "card power" },
	{ O_YES, 0, "yes", NULL, "end: delete the game without asking", NULL },
	{ O_ARMY, 0, "army", "army", "play: the Italian army a pair or a "
	  "Defection is aimed at", "albertone arimondi dabormida" },
	{ 0, 0, NULL, NULL, NULL, NULL }
};



static const struct {
	const char *name;
	unsigned opts;		/* the options it takes */
	int minops, maxops;	/* operands after the subcommand's name */
} subs[] = {
	[S_DRAW] = { "draw", DRAW_B(O_NAME) | DRAW_B(O_TO) | DRAW_B(O_HEALER) | DRAW_B(O_VETO), 0,
	    1 },
	[S_NEW] = { "new", DRAW_B(O_NAME) | DRAW_B(O_COMMANDERS) | DRAW_B(O_HAND) |
	    DRAW_B(O_DIGNITY), 0, 0 },
	[S_ROLES] = { "roles", DRAW_B(O_NAME) | DRAW_B(O_COMMANDERS) | DRAW_B(O_HAND) |
	    DRAW_B(O_SHOW) | DRAW_B(O_ODDS), 0, 0 },
	[S_HAND] = { "hand", DRAW_B(O_NAME), 1, 1 },
	[S_PLAY] = { "play", DRAW_B(O_NAME) | DRAW_B(O_FROM) | DRAW_B(O_WITH) | DRAW_B(O_HEALER) |
	    DRAW_B(O_VETO) | DRAW_B(O_ROLL) | DRAW_B(O_SHOW) | DRAW_B(O_ARMY), 1, 2 },
	[S_PASS] = { "pass", DRAW_B(O_NAME), 0, 0 },
	[S_EXCHANGE] = { "exchange", DRAW_B(O_NAME) | DRAW_B(O_FROM) | DRAW_B(O_WITH), 1, 1 },
	[S_DISCARD] = { "discard", DRAW_B(O_NAME) | DRAW_B(O_FROM), 1, 1 },
	[S_STATUS] = { "status", DRAW_B(O_NAME), 0, 0 },
	[S_LOG] = { "log", DRAW_B(O_NAME), 0, 0 },
	[S_UNDO] = { "undo", DRAW_B(O_NAME), 0, 0 },
	[S_END] = { "end", DRAW_B(O_NAME) | DRAW_B(O_YES), 0, 0 },
	[S_LIST] = { "list", 0, 0, 0 },
	[S_MUTINY] = { "mutiny", DRAW_B(O_NAME) | DRAW_B(O_HELD) | DRAW_B(O_ROLL) | DRAW_B(O_ODDS),
	    0, 0 },
	[S_ASSASSINATE] = { "assassinate", DRAW_B(O_HEALER) | DRAW_B(O_VETO) | DRAW_B(O_ROLL) |
	    DRAW_B(O_ODDS), 0, 0 },
	[S_DISGRACE] = { "disgrace", DRAW_B(O_ROLL) | DRAW_B(O_ODDS), 0, 0 },
	[S_SPY] = { "spy", DRAW_B(O_ROLL) | DRAW_B(O_ODDS), 0, 0 },
	[S_ADVANCE] = { "advance", DRAW_B(O_NAME) | DRAW_B(O_POSITIONS) | DRAW_B(O_ROLL) |
	    DRAW_B(O_ODDS), 0, 0 },
	[S_CLOCK] = { "clock", DRAW_B(O_NAME) | DRAW_B(O_HOURS) | DRAW_B(O_POSITIONS) |
	    DRAW_B(O_FIRST) | DRAW_B(O_ROLL) | DRAW_B(O_ODDS), 0, 0 },
	[S_REACT] = { "react", DRAW_B(O_NAME) | DRAW_B(O_BY) | DRAW_B(O_ROLL), 1, 1 },
	[S_EXPOSE] = { "expose", DRAW_B(O_NAME) | DRAW_B(O_FROM), 0, 0 },
	[S_BOARD] = { "board", DRAW_B(O_NAME), 0, 0 },
};

#define NSUBS (sizeof subs / sizeof *subs)



/* ---- completion ---- */

static void
complete_cards(const struct ctx *c, const char *prefix)
{
	struct deck_def d;
	size_t i;

	if (deck_def_load(c, c->game ? c->game : "adwa", &adwa_deck_rules, &d) != ST_OK)
		return;
	for (i = 0; i < d.nkinds; i++)
		complete_word(prefix, d.kinds[i].id);
	deck_def_free(&d);
}

static void
complete_commanders(const struct ctx *c, const char *prefix)
{
	struct deck_def d;
	size_t i;

	if (deck_def_load(c, c->game ? c->game : "adwa", &adwa_deck_rules, &d) != ST_OK)
		return;
	for (i = 0; i < d.nplayers; i++)
		complete_word(prefix, d.players[i]);
	deck_def_free(&d);
}

void
complete_draw(const struct ctx *c, char **ops, int nops, const char *prefix)
{
	size_t i;

	/* a broken data file must not spill errors into the shell */
	if (!freopen("/dev/null", "w", stderr))
		return;
	if (nops == 0) {
		for (i = 0; i < NSUBS; i++)
			if (i != S_DRAW && i != S_DISCARD)
				complete_word(prefix, subs[i].name);
		return;
	}
	if (strcmp(ops[0], "play") == 0 || strcmp(ops[0], "discard") == 0 ||
	    strcmp(ops[0], "exchange") == 0)
		complete_cards(c, prefix);
	else if (strcmp(ops[0], "hand") == 0 && nops == 1)
		complete_commanders(c, prefix);
}

/* ---- the command line ---- */

static int
find_sub(const char *word)
{
	size_t i;

	for (i = 0; i < NSUBS; i++)
		if (strcmp(subs[i].name, word) == 0)
			return (int)i;
	return -1;
}

static int
parse_count(const char *s, int lo, int hi, int *out)
{
	char *end;
	long v;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v < lo || v > hi)
		return -1;
	*out = (int)v;
	return 0;
}

static int
take_option(struct draw_request *r, int id, const char *arg)
{
	switch (id) {
	case O_NAME: r->name = arg; break;
	case O_COMMANDERS: r->commanders = arg; break;
	case O_TO: r->to = arg; break;
	case O_FROM: r->from = arg; break;
	case O_WITH: r->with = arg; break;
	case O_VETO: r->veto = arg; break;
	case O_ROLL: r->roll = arg; break;
	case O_SHOW: r->show = arg; break;
	case O_BY: r->by = arg; break;
	case O_DIGNITY:
		if (strcmp(arg, "card") != 0 && strcmp(arg, "power") != 0)
			return err(ST_USAGE, "--dignity: not a reading of Imperial "
			    "Dignity (card or power): '%s'", arg);
		r->dignity = strcmp(arg, "power") == 0;
		break;
	case O_POSITIONS: r->positions = arg; break;
	case O_ARMY: r->army = arg; break;
	case O_HEALER: r->healer = 1; break;
	case O_ODDS: r->odds = 1; break;
	case O_FIRST: r->first = 1; break;
	case O_YES: r->yes = 1; break;
	case O_HAND:
		if (parse_count(arg, 0, 50, &r->hand) < 0)
			return err(ST_USAGE, "--hand: not a number of cards from 0 to "
			    "50: '%s'", arg);
		break;
	case O_HELD:
		/* 9: four Mutiny cards in the deck */
		if (parse_count(arg, 0, 4, &r->held) < 0)
			return err(ST_USAGE, "--held: not a number of Mutiny cards "
			    "from 0 to 4: '%s'", arg);
		break;
	case O_HOURS:
		if (parse_count(arg, 0, 10000, &r->hours) < 0)
			return err(ST_USAGE, "--hours: not a number of hours from 0 "
			    "to 10000: '%s'", arg);
		break;
	}
	return ST_OK;
}

/* The first operand names the subcommand or the number of cards to draw. */
static int
take_operand(struct draw_request *r, const char *arg, int *first)
{
	int s;

	if (*first) {
		*first = 0;
		if ((s = find_sub(arg)) >= 0 && s != S_DRAW) {
			r->sub = (enum sub)s;
			return ST_OK;
		}
		if (parse_count(arg, 0, 1000, &r->n) == 0) {
			r->sub = S_DRAW;
			r->nops = 1;
			return ST_OK;
		}
		if (s == S_DRAW)
			return err(ST_USAGE, "unknown subcommand: '%s' (the turn's "
			    "draw is umpire draw alone, or umpire draw N)", arg);
		{
			const char *names[NSUBS], *near;
			size_t i;

			for (i = 0; i < NSUBS; i++)
				names[i] = subs[i].name;
			near = err_nearest(arg, names, NSUBS);
			if (near)
				return err(ST_USAGE, "unknown subcommand: '%s' (did you "
				    "mean '%s'?)", arg, near);
			return err(ST_USAGE, "unknown subcommand: '%s' (expected a "
			    "number of cards or one of new, status, hand, play, ...)",
			    arg);
		}
	}
	if (r->nops == DRAW_MAX_OPS)
		return err(ST_USAGE, "too many arguments: '%s'", arg);
	r->ops[r->nops++] = (char *)arg;
	return ST_OK;
}

static int
check_request(struct draw_request *r)
{
	int id;

	/* 2.1: an Assassin's wound is rolled when it is answered */
	if (r->sub == S_DRAW && r->roll)
		return err(ST_USAGE, "--roll: a draw rolls no die: an Assassin waits "
		    "for its answer, umpire draw react none --roll N (2.1): '%s'",
		    r->roll);
	for (id = O_NAME; id <= O_ARMY; id++)
		if ((r->given & DRAW_B(id)) && !(subs[r->sub].opts & DRAW_B(id)))
			return err(ST_USAGE, "%s does not apply to '%s'", r->optname[id],
			    r->sub == S_DRAW ? "draw [n]" : subs[r->sub].name);
	if (r->nops < subs[r->sub].minops)
		return err(ST_USAGE, "%s: %s missing (see umpire draw --help)",
		    subs[r->sub].name, r->sub == S_HAND ? "the commander is" :
		    "the card is");
	if (r->nops > subs[r->sub].maxops)
		return err(ST_USAGE, "unexpected argument: '%s'",
		    r->ops[subs[r->sub].maxops]);
	if (r->odds && r->roll)
		return err(ST_USAGE, "--odds and --roll exclude each other: --odds "
		    "covers every roll");
	if (r->healer && r->veto)
		return err(ST_USAGE, "--healer and --veto exclude each other: one "
		    "card stops an Assassin");
	if (r->show && (r->odds || r->commanders || (r->given & DRAW_B(O_HAND))))
		return err(ST_USAGE, "--show only looks: it takes no other option "
		    "but --name");
	return ST_OK;
}

static int
parse_request(struct draw_request *r, int argc, char **argv)
{
	struct opt_parser p;
	int id, st, first = 1;

	memset(r, 0, sizeof *r);
	r->sub = S_DRAW;
	opt_init(&p, draw_opts, argc, argv);
	while ((id = opt_next(&p)) != OPT_END) {
		if (id == OPT_ERROR)
			return ST_USAGE;
		if (id == OPT_OPERAND)
			st = take_operand(r, p.arg, &first);
		else {
			r->given |= DRAW_B(id);
			opt_display(p.opt, r->optname[id]);
			st = take_option(r, id, p.arg);
		}
		if (st != ST_OK)
			return st;
	}
	return check_request(r);
}

const char *
draw_sub_name(int sub)
{
	return subs[sub].name;
}

const char *
draw_game(const struct ctx *c)
{
	return c->game ? c->game : "adwa";
}

int
cmd_draw(struct ctx *c, int argc, char **argv)
{
	struct draw_request r;
	int st = parse_request(&r, argc, argv);

	if (st != ST_OK)
		return st;
	switch (r.sub) {
	case S_DRAW: return draw_do_draw(c, &r);
	case S_NEW: return draw_do_new(c, &r);
	case S_ROLES: return draw_do_roles(c, &r);
	case S_HAND: return draw_do_hand(c, &r);
	case S_PLAY: return draw_do_play(c, &r);
	case S_PASS: return draw_do_pass(c, &r);
	case S_EXCHANGE: return draw_do_exchange(c, &r);
	case S_DISCARD: return draw_do_discard(c, &r);
	case S_STATUS: return draw_do_status(c, &r);
	case S_LOG: return draw_do_log(c, &r);
	case S_UNDO: return draw_do_undo(c, &r);
	case S_END: return draw_do_end(c, &r);
	case S_LIST: return draw_do_list(c);
	case S_REACT: return draw_do_react(c, &r);
	case S_EXPOSE: return draw_do_expose(c, &r);
	case S_BOARD: return draw_board_show(c, r.name);
	default: return draw_do_procedure(c, &r);
	}
}
