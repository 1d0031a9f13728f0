/*
 * draw.c: `umpire draw`: a card deck that lasts across commands and
 * players, run by the rules of a game that has one (the game with the
 * "draw" procedure: -g, or the only one), and the game's d6 procedures.
 * This file holds the options, the subcommands with the options each
 * takes, completion, and the parsing of the command line into a request
 * for the game's procedure, a JSON object: "sub", the subcommand's word;
 * "count", the cards a draw takes when given (its digits); "ops", the
 * operands after the subcommand; "options", each option given by its long
 * name, with its value or true.  What the request means is the game's business
 * (lib/games/adwa/adwa_draw.c for Adwa 1896).
 */
#include <string.h>

#include "cmd.h"
#include "err.h"
#include "games/game.h"
#include "out.h"

enum {
	O_NAME = 1, O_COMMANDERS, O_HAND, O_TO, O_FROM, O_WITH, O_HEALER,
	O_VETO, O_ROLL, O_ODDS, O_SHOW, O_HELD, O_POSITIONS, O_HOURS, O_FIRST,
	O_BY, O_DIGNITY, O_YES, O_ARMY, O_PINS
};

enum sub {
	S_DRAW, S_NEW, S_ROLES, S_HAND, S_PLAY, S_PASS, S_EXCHANGE, S_DISCARD,
	S_STATUS, S_LOG, S_UNDO, S_END, S_LIST, S_MUTINY, S_ASSASSINATE,
	S_DISGRACE, S_SPY, S_ADVANCE, S_CLOCK, S_REACT, S_EXPOSE, S_BOARD,
	S_BATTLE
};

#define DRAW_B(o) (1u << (o))
#define DRAW_MAX_OPS 8

/* The command line, parsed: the request is made of it. */
struct request {
	enum sub sub;
	unsigned given;
	const char *arg[O_PINS + 1];	/* each option's value, as given */
	const char *count;	/* cards to draw, when given */
	const char *ops[DRAW_MAX_OPS];
	int nops;
	char optname[O_PINS + 1][64];
};


const struct opt draw_opts[] = {
	{ O_NAME, 0, "name", "game", "the saved game (default: the game's id, "
	  "or the only one saved)", "@decks" },
	{ O_COMMANDERS, 0, "commanders", "list", "new, roles: the commanders, "
	  "comma-separated", NULL },
	{ O_HAND, 0, "hand", "n", "new, roles: cards in each starting hand "
	  "(default 4)", NULL },
	{ O_TO, 0, "to", "commander", "the commander whose turn's draw this is "
	  "(checked)", "@operand" },
	{ O_FROM, 0, "from", "commander", "play, discard, exchange: whose card "
	  "(default: whose turn)", "@operand" },
	{ O_WITH, 0, "with", "commander", "exchange with, or play against, this "
	  "commander", "@operand" },
	{ O_HEALER, 0, "healer", NULL, "an Assassin drawn is stopped by the "
	  "victim's Healer", NULL },
	{ O_VETO, 0, "veto", "commander", "an Assassin drawn is stopped by this "
	  "imperial Veto", "@operand" },
	{ O_ROLL, 0, "roll", "list", "your own d6, in order: 4 or 3,1", NULL },
	{ O_ODDS, 0, "odds", NULL, "the chance of every result instead of "
	  "rolling", NULL },
	{ O_SHOW, 0, "show", "commander", "roles, play: show what is for this "
	  "commander's eyes only", "@operand" },
	{ O_HELD, 0, "held", "n", "mutiny: Mutiny cards held, without a saved "
	  "game", NULL },
	{ O_POSITIONS, 0, "positions", "list", "advance, clock: the three "
	  "Italian armies' positions, 0-3", NULL },
	{ O_HOURS, 0, "hours", "n", "clock: the in-game hours", NULL },
	{ O_FIRST, 0, "first", NULL, "clock: this turn put the last army in "
	  "position", NULL },
	{ O_BY, 0, "by", "commander", "react veto: the imperial leader who "
	  "vetoes", "@operand" },
	{ O_DIGNITY, 0, "dignity", "reading", "new: Imperial Dignity is the Veto "
	  "card (card, the default) or a power (power)", "card power" },
	{ O_YES, 0, "yes", NULL, "end: delete the game without asking", NULL },
	{ O_ARMY, 0, "army", "army", "play: the Italian army a pair or a "
	  "Defection is aimed at", "@operand" },
	{ O_PINS, 0, "pins", NULL, "new: each commander chooses a PIN, asked "
	  "before his secrets are shown", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};



static const struct {
	const char *name;
	unsigned opts;		/* the options it takes */
	int minops, maxops;	/* operands after the subcommand's name */
} subs[] = {
	/* --roll is the game's to refuse, with its reason (Adwa: 2.1) */
	[S_DRAW] = { "draw", DRAW_B(O_NAME) | DRAW_B(O_TO) | DRAW_B(O_HEALER) | DRAW_B(O_VETO) |
	    DRAW_B(O_ROLL), 0, 1 },
	[S_NEW] = { "new", DRAW_B(O_NAME) | DRAW_B(O_COMMANDERS) | DRAW_B(O_HAND) |
	    DRAW_B(O_DIGNITY) | DRAW_B(O_PINS), 0, 0 },
	[S_ROLES] = { "roles", DRAW_B(O_NAME) | DRAW_B(O_COMMANDERS) | DRAW_B(O_HAND) |
	    DRAW_B(O_SHOW) | DRAW_B(O_ODDS), 0, 0 },
	[S_HAND] = { "hand", DRAW_B(O_NAME), 1, 1 },
	[S_PLAY] = { "play", DRAW_B(O_NAME) | DRAW_B(O_FROM) | DRAW_B(O_WITH) | DRAW_B(O_HEALER) |
	    DRAW_B(O_VETO) | DRAW_B(O_ROLL) | DRAW_B(O_SHOW) | DRAW_B(O_ARMY), 1, 2 },
	[S_PASS] = { "pass", DRAW_B(O_NAME), 0, 0 },
	/* the card may be typed unechoed instead (adwa_draw_secret.c) */
	[S_EXCHANGE] = { "exchange", DRAW_B(O_NAME) | DRAW_B(O_FROM) | DRAW_B(O_WITH), 0, 1 },
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
	[S_BATTLE] = { "battle", DRAW_B(O_NAME) | DRAW_B(O_ROLL), 0, 0 },
};

#define NSUBS (sizeof subs / sizeof *subs)



/* ---- completion ---- */

/* The game `umpire draw` is for: -g, or else the only game with a draw
 * procedure; NULL, reported unless quiet, when there is none. */
static const struct game *
deck_game(const struct ctx *c, int quiet)
{
	const struct game *const *all, *only = NULL;
	const struct game *g;
	size_t n, i, with = 0;

	if (c->game) {
		if ((g = game_find(c->game)) && game_proc(g, "draw"))
			return g;
		if (!quiet)
			err(ST_USAGE, "%s has no card deck: '%s'", c->game, c->game);
		return NULL;
	}
	all = game_all(&n);
	for (i = 0; i < n; i++)
		if (game_proc(all[i], "draw")) {
			only = all[i];
			with++;
		}
	if (with == 1)
		return only;
	if (!quiet)
		err(ST_USAGE, "no game given, and %s game has a card deck (use -g)",
		    with ? "more than one" : "no");
	return NULL;
}

/* Complete from the words the game's draw-words procedure gives. */
static void
complete_from(struct ctx *c, const char *what, const char *prefix)
{
	const struct game *g = deck_game(c, 1);
	const struct game_proc *p = g ? game_proc(g, "draw-words") : NULL;
	const cJSON *it;
	struct out_result o;
	cJSON *req;

	if (!p)
		return;
	req = json_object();
	json_set_str(req, "words", what);
	out_result_init(&o, 0, 0);
	if (p->run(c, req, &o) == ST_OK)
		cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(o.json,
		    "words"))
			if (cJSON_IsString(it))
				complete_word(prefix, it->valuestring);
	out_result_free(&o);
	cJSON_Delete(req);
}

/* Which of the game's words an option's value is: its imperial leaders
 * (--veto, --by), its armies (--army), else its players. */
static const char *
option_words(const char *opt)
{
	if (strcmp(opt, "--veto") == 0 || strcmp(opt, "--by") == 0)
		return "imperial";
	return strcmp(opt, "--army") == 0 ? "armies" : "players";
}

void
complete_draw(const struct ctx *c, char **ops, int nops, const char *prefix)
{
	struct ctx cc = *c;
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
	/* an option's value: the game's words for it (its draw-words) */
	if (ops[nops - 1][0] == '-') {
		complete_from(&cc, option_words(ops[nops - 1]), prefix);
		return;
	}
	if (strcmp(ops[0], "play") == 0 || strcmp(ops[0], "discard") == 0 ||
	    strcmp(ops[0], "exchange") == 0)
		complete_from(&cc, "cards", prefix);
	else if (strcmp(ops[0], "hand") == 0 && nops == 1)
		complete_from(&cc, "players", prefix);
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

/* A number of cards to draw: digits alone (how many the game says). */
static int
is_count(const char *s)
{
	return *s && strspn(s, "0123456789") == strlen(s);
}

/* The first operand names the subcommand or the number of cards to draw. */
static int
take_operand(struct request *r, const char *arg, int *first)
{
	int s;

	if (*first) {
		*first = 0;
		if ((s = find_sub(arg)) >= 0 && s != S_DRAW) {
			r->sub = (enum sub)s;
			return ST_OK;
		}
		if (is_count(arg)) {
			r->sub = S_DRAW;
			r->count = arg;
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
	r->ops[r->nops++] = arg;
	return ST_OK;
}

static int
check_request(struct request *r)
{
	int id;

	for (id = O_NAME; id <= O_PINS; id++)
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
	if (r->arg[O_ODDS] && r->arg[O_ROLL])
		return err(ST_USAGE, "--odds and --roll exclude each other: --odds "
		    "covers every roll");
	if (r->arg[O_SHOW] && (r->given & (DRAW_B(O_ODDS) | DRAW_B(O_COMMANDERS) |
	    DRAW_B(O_HAND))))
		return err(ST_USAGE, "--show only looks: it takes no other option "
		    "but --name");
	return ST_OK;
}

static int
parse_request(struct request *r, int argc, char **argv)
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
			r->arg[id] = p.arg ? p.arg : "";
			st = ST_OK;
		}
		if (st != ST_OK)
			return st;
	}
	return check_request(r);
}

/* The request for the game's procedure (see the head of this file). */
static cJSON *
request_json(const struct request *r)
{
	cJSON *req = json_object(), *ops = json_array(), *opts = json_object();
	size_t i;
	int id;

	json_set_str(req, "sub", subs[r->sub].name);
	if (r->count)
		json_set_str(req, "count", r->count);
	for (i = 0; i < (size_t)r->nops; i++)
		if (r->ops[i])
			json_push(ops, cJSON_CreateString(r->ops[i]));
	json_set(req, "ops", ops);
	for (id = O_NAME; id <= O_PINS; id++)
		if (r->given & DRAW_B(id)) {
			const struct opt *o;

			for (o = draw_opts; o->id != id; o++)
				;
			if (o->arg)
				json_set_str(opts, o->long_name, r->arg[id]);
			else
				json_set_bool(opts, o->long_name, 1);
		}
	json_set(req, "options", opts);
	return req;
}

int
cmd_draw(struct ctx *c, int argc, char **argv)
{
	const struct game *g;
	struct request r;
	struct out_result res;
	cJSON *req;
	int st = parse_request(&r, argc, argv);

	if (st != ST_OK)
		return st;
	if (!(g = deck_game(c, 0)))
		return ST_USAGE;
	req = request_json(&r);
	out_result_init(&res, 0, 0);
	st = game_proc(g, "draw")->run(c, req, &res);
	if (st != ST_OK && res.why[0])
		err(st, "%s", res.why);
	out_result_free(&res);
	cJSON_Delete(req);
	return st;
}
