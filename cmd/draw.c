/*
 * draw.c: `umpire draw`: a card deck that lasts across commands and
 * players, run by the rules of the game (only Adwa 1896 has one), and the
 * game's d6 procedures.
 *
 * The deck: new, the turn's draw (or an extra one with --to), hand,
 * play, exchange, pass, status, log, undo, end, list and the secret roles
 * (discard, which the rules lack, is refused); each change is made under
 * the game's lock and written durably (lib/deck.c).  The answers (react),
 * the exposure of the traitor and the roles shown at the end are in
 * cmd/draw_react.c; what the two share, in cmd/draw.h.  The procedures: assassinate, mutiny, disgrace, spy,
 * advance and clock, each with --roll and --odds.  The rules applied are
 * the game's (lib/games/adwa.c), cited from rules/adwa/reference.txt: 1
 * roles, 2.1 draw, 2.2 exchange, 2.3 act, 3 turn order, 4 Withdraw, 5
 * pairs, 6 restricted cards, 8 Disgrace, 9 Mutiny, 10 incapacitation, 11
 * the Italian advance and clock, 12 the deck.
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "draw.h"
#include "data.h"
#include "deck.h"
#include "dice.h"
#include "err.h"
#include "games/adwa.h"
#include "games/adwa_board.h"
#include "games/game.h"
#include "out.h"


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
	[S_DRAW] = { "draw", B(O_NAME) | B(O_TO) | B(O_HEALER) | B(O_VETO), 0,
	    1 },
	[S_NEW] = { "new", B(O_NAME) | B(O_COMMANDERS) | B(O_HAND) |
	    B(O_DIGNITY), 0, 0 },
	[S_ROLES] = { "roles", B(O_NAME) | B(O_COMMANDERS) | B(O_HAND) |
	    B(O_SHOW) | B(O_ODDS), 0, 0 },
	[S_HAND] = { "hand", B(O_NAME), 1, 1 },
	[S_PLAY] = { "play", B(O_NAME) | B(O_FROM) | B(O_WITH) | B(O_HEALER) |
	    B(O_VETO) | B(O_ROLL) | B(O_SHOW) | B(O_ARMY), 1, 2 },
	[S_PASS] = { "pass", B(O_NAME), 0, 0 },
	[S_EXCHANGE] = { "exchange", B(O_NAME) | B(O_FROM) | B(O_WITH), 1, 1 },
	[S_DISCARD] = { "discard", B(O_NAME) | B(O_FROM), 1, 1 },
	[S_STATUS] = { "status", B(O_NAME), 0, 0 },
	[S_LOG] = { "log", B(O_NAME), 0, 0 },
	[S_UNDO] = { "undo", B(O_NAME), 0, 0 },
	[S_END] = { "end", B(O_NAME) | B(O_YES), 0, 0 },
	[S_LIST] = { "list", 0, 0, 0 },
	[S_MUTINY] = { "mutiny", B(O_NAME) | B(O_HELD) | B(O_ROLL) | B(O_ODDS),
	    0, 0 },
	[S_ASSASSINATE] = { "assassinate", B(O_HEALER) | B(O_VETO) | B(O_ROLL) |
	    B(O_ODDS), 0, 0 },
	[S_DISGRACE] = { "disgrace", B(O_ROLL) | B(O_ODDS), 0, 0 },
	[S_SPY] = { "spy", B(O_ROLL) | B(O_ODDS), 0, 0 },
	[S_ADVANCE] = { "advance", B(O_NAME) | B(O_POSITIONS) | B(O_ROLL) |
	    B(O_ODDS), 0, 0 },
	[S_CLOCK] = { "clock", B(O_NAME) | B(O_HOURS) | B(O_POSITIONS) |
	    B(O_FIRST) | B(O_ROLL) | B(O_ODDS), 0, 0 },
	[S_REACT] = { "react", B(O_NAME) | B(O_BY) | B(O_ROLL), 1, 1 },
	[S_EXPOSE] = { "expose", B(O_NAME) | B(O_FROM), 0, 0 },
	[S_BOARD] = { "board", B(O_NAME), 0, 0 },
};

#define NSUBS (sizeof subs / sizeof *subs)



/* ---- completion ---- */

static void
complete_cards(const struct ctx *c, const char *prefix)
{
	struct deck_def d;
	size_t i;

	if (deck_def_load(c, c->game ? c->game : "adwa", &d) != ST_OK)
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

	if (deck_def_load(c, c->game ? c->game : "adwa", &d) != ST_OK)
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
take_option(struct request *r, int id, const char *arg)
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
take_operand(struct request *r, const char *arg, int *first)
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
	if (r->nops == MAX_OPS)
		return err(ST_USAGE, "too many arguments: '%s'", arg);
	r->ops[r->nops++] = (char *)arg;
	return ST_OK;
}

static int
check_request(struct request *r)
{
	int id;

	/* 2.1: an Assassin's wound is rolled when it is answered */
	if (r->sub == S_DRAW && r->roll)
		return err(ST_USAGE, "--roll: a draw rolls no die: an Assassin waits "
		    "for its answer, umpire draw react none --roll N (2.1): '%s'",
		    r->roll);
	for (id = O_NAME; id <= O_ARMY; id++)
		if ((r->given & B(id)) && !(subs[r->sub].opts & B(id)))
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
	if (r->show && (r->odds || r->commanders || (r->given & B(O_HAND))))
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
			r->given |= B(id);
			opt_display(p.opt, r->optname[id]);
			st = take_option(r, id, p.arg);
		}
		if (st != ST_OK)
			return st;
	}
	return check_request(r);
}

/* ---- output ---- */


void
out_init(struct out *o, const char *game, const char *procedure)
{
	o->t = trail_new();
	o->json = json_object();
	o->steps = json_array();
	json_set_str(o->json, "game", game);
	json_set_str(o->json, "procedure", procedure);
}

void
out_step(struct out *o, const char *rule, const char *text)
{
	cJSON *s = json_object();

	json_set_str(s, "text", text);
	json_set_str(s, "rule", rule);
	json_push(o->steps, s);
	trail_step(o->t, rule, "%s", text);
}

void
out_steps(struct out *o, const struct adwa_steps *st)
{
	size_t i;

	for (i = 0; i < st->n; i++)
		out_step(o, st->s[i].rule, st->s[i].text);
}

void
out_result(struct out *o, const char *rule, const char *code, const char *text)
{
	cJSON *res = json_object();

	json_set_str(res, "code", code);
	json_set_str(res, "text", text);
	json_set(o->json, "result", res);
	trail_result(o->t, rule, "%s", text);
}

int
out_done(const struct ctx *c, struct out *o)
{
	json_set(o->json, "steps", o->steps);
	return out_emit(c, o->json, o->t);
}

/*
 * Print the report of a change that is already on disk.  If it cannot be
 * written (a full disk, a closed pipe) that is still an I/O error, status
 * 4, but the message says the change was made, so that a script that
 * retries on failure does not make it twice.  SIGPIPE is ignored for the
 * write: it would kill the process before it could say so.
 */
int
emit_saved(const struct ctx *c, cJSON *json, struct trail *t, const char *done)
{
	void (*old)(int) = signal(SIGPIPE, SIG_IGN);
	int r = out_print(c, json, t), saved = errno;

	signal(SIGPIPE, old);
	if (r == 0)
		return ST_OK;
	errno = saved;
	return err_sys("%s, but its result could not be written (it is done: "
	    "do not repeat it)", done);
}

static int
out_saved(const struct ctx *c, struct out *o, const char *done)
{
	json_set(o->json, "steps", o->steps);
	return emit_saved(c, o->json, o->t, done);
}

static void
out_free(struct out *o)
{
	cJSON_Delete(o->json);
	cJSON_Delete(o->steps);
	trail_free(o->t);
}

static const char *
game_title(const char *id)
{
	const struct game *g = game_find(id);

	return g ? g->title : id;
}

/* ---- sessions ---- */

void
session_free(struct session *g)
{
	if (g->have_t)
		adwa_tables_free(&g->t);
	if (g->have_s)
		deck_free(&g->s);
	if (g->have_def)
		deck_def_free(&g->def);
	deck_file_close(&g->f);
	memset(g, 0, sizeof *g);
	g->f.fd = -1;
}

/* Is this a saved game's file name?  Then name[] holds the game's name. */
static int
saved_name(const char *file, char name[DECK_NAME_MAX])
{
	size_t len = strlen(file);

	if (len < 6 || len - 5 >= DECK_NAME_MAX || strcmp(file + len - 5, ".json"))
		return 0;
	snprintf(name, DECK_NAME_MAX, "%.*s", (int)(len - 5), file);
	return deck_name_ok(name);
}

static int
name_cmp(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/* The saved games, sorted: ST_OK with *n of them (at most max), or
 * ST_SYS, reported, when their folder cannot be known or read. */
int
saved_games(char names[][DECK_NAME_MAX], size_t max, size_t *n)
{
	char dir[PATH_MAX];
	struct dirent *e;
	DIR *d;

	*n = 0;
	if (deck_dir(dir) != ST_OK)
		return ST_SYS;
	if (!(d = opendir(dir)))
		/* no folder yet: no game has been saved */
		return errno == ENOENT ? ST_OK : err_sys("cannot read the folder "
		    "of saved games '%s'", dir);
	while ((e = readdir(d)) != NULL && *n < max)
		if (saved_name(e->d_name, names[*n]))
			(*n)++;
	closedir(d);
	qsort(names, *n, sizeof *names, name_cmp);
	return ST_OK;
}

/* --name, the game's id, or the only saved game. */
static int
game_name(const struct ctx *c, const struct request *r, char name[DECK_NAME_MAX])
{
	char names[2][DECK_NAME_MAX];
	size_t n;
	int st;

	if (r->name) {
		if (!deck_name_ok(r->name))
			return err(ST_USAGE, "--name: not a game name (lower-case "
			    "letters, digits, - and _, at most %d): '%s'",
			    DECK_NAME_MAX - 1, r->name);
		snprintf(name, DECK_NAME_MAX, "%s", r->name);
		return ST_OK;
	}
	if (c->game) {
		snprintf(name, DECK_NAME_MAX, "%s", c->game);
		return ST_OK;
	}
	if ((st = saved_games(names, 2, &n)) != ST_OK)
		return st;
	if (n == 1) {
		snprintf(name, DECK_NAME_MAX, "%s", names[0]);
		return ST_OK;
	}
	if (n == 0)
		return err(ST_USAGE, "no saved game (umpire draw -g adwa new starts "
		    "one)");
	return err(ST_USAGE, "several saved games: name one with --name "
	    "(umpire draw list shows them)");
}

/*
 * Open a saved game: lock it first when it is to change, so that what is
 * read is what the change starts from.
 */
int
session_open(struct ctx *c, const struct request *r, int lock, int tables,
    struct session *g)
{
	char name[DECK_NAME_MAX], game[DECK_NAME_MAX];
	int st;

	memset(g, 0, sizeof *g);
	g->f.fd = -1;
	if ((st = game_name(c, r, name)) != ST_OK ||
	    (st = deck_file_init(&g->f, name)) != ST_OK)
		return st;
	if (!deck_file_exists(&g->f))
		return err(ST_USAGE, "no saved game '%s' (umpire draw -g adwa new "
		    "%sstarts one)", name, r->name ? "--name NAME " : "");
	if (lock && (st = deck_file_lock(&g->f)) != ST_OK)
		return st;
	if ((st = deck_file_game(&g->f, game)) != ST_OK) {
		if (st == ST_NO)
			st = err(ST_USAGE, "no saved game '%s'", name);
		return st;
	}
	if (c->game && strcmp(c->game, game) != 0)
		return err(ST_USAGE, "game '%s' is a game of %s, not of %s: '%s'",
		    name, game, c->game, c->game);
	if ((st = deck_def_load(c, game, &g->def)) != ST_OK)
		return st;
	g->have_def = 1;
	g->def.board_check = adwa_board_check;
	if ((st = deck_file_load(&g->f, &g->def, &g->s)) != ST_OK) {
		if (st == ST_NO)
			st = err(ST_USAGE, "no saved game '%s'", name);
		return st;
	}
	g->have_s = 1;
	{
		char why[240];

		if (adwa_state_check(&g->s, why, sizeof why) < 0)
			return err(ST_DATA, "%s: %s (left as it is)", g->f.path, why);
	}
	if (tables) {
		if ((st = adwa_tables_load(c, &g->t)) != ST_OK)
			return st;
		g->have_t = 1;
	}
	return ST_OK;
}

int
draw_open(struct ctx *c, const char *name, int lock, int tables,
    struct session *g)
{
	struct request r;

	memset(&r, 0, sizeof r);
	r.name = name;
	return session_open(c, &r, lock, tables, g);
}

int
commander(const struct session *g, const char *what, const char *name, int *who)
{
	const char *names[DECK_MAX_PLAYERS], *near;
	char list[512] = "";
	size_t i;

	if ((*who = deck_player_find(&g->s, name)) >= 0)
		return ST_OK;
	for (i = 0; i < g->s.np; i++) {
		names[i] = g->s.p[i].name;
		strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
		strncat(list, names[i], sizeof list - strlen(list) - 1);
	}
	near = err_nearest(name, names, g->s.np);
	if (near)
		return err(ST_USAGE, "%sunknown commander: '%s' (did you mean '%s'?)",
		    what, name, near);
	return err(ST_USAGE, "%sunknown commander: '%s' (expected one of %s)",
	    what, name, list);
}

static int
card_kind(const struct deck_def *d, const char *name, int *kind)
{
	const char *ids[DECK_MAX_KINDS], *near;
	size_t i;

	if ((*kind = deck_kind_find(d, name)) >= 0)
		return ST_OK;
	for (i = 0; i < d->nkinds; i++)
		ids[i] = d->kinds[i].id;
	near = err_nearest(name, ids, d->nkinds);
	if (near)
		return err(ST_USAGE, "unknown card: '%s' (did you mean '%s'?)", name,
		    near);
	return err(ST_USAGE, "unknown card: '%s' (umpire-draw(1) lists the "
	    "cards)", name);
}

/* Whose card: --from, or the commander whose turn it is. */
int
acting(const struct session *g, const struct request *r, int *who)
{
	if (r->from)
		return commander(g, "--from: ", r->from, who);
	if (g->s.turn < 0)
		return err(ST_USAGE, "no turn has begun: name the commander with "
		    "--from, or begin with umpire draw");
	*who = g->s.turn;
	return ST_OK;
}

/* The player's d6: "4" or "3,1"; n set to how many. */
int
parse_d6(const char *text, int *faces, int max, int *n)
{
	struct dice d = { 1, 6, 0 };
	const char *p;
	char why[128];

	for (p = text; *p; p++)
		d.count += *p == ',';
	if (d.count > max)
		return err(ST_USAGE, "bad roll: '%s' (at most %d dice)", text, max);
	if (dice_parse_roll(&d, text, faces, why, sizeof why) < 0)
		return err(ST_USAGE, "bad roll: '%s' (expected %s)", text, why);
	*n = d.count;
	return ST_OK;
}

int
defence(const struct session *g, const struct request *r, int *dice,
    struct adwa_defence *def)
{
	int st;

	memset(def, 0, sizeof *def);
	def->veto = -1;
	def->healer = r->healer;
	def->dice = dice;
	if (r->veto && (st = commander(g, "--veto: ", r->veto, &def->veto)) != ST_OK)
		return st;
	if (r->roll && (st = parse_d6(r->roll, dice, ADWA_MAX_DICE,
	    &def->ndice)) != ST_OK)
		return st;
	return ST_OK;
}

static void
piles_json(cJSON *json, const struct deck_state *s)
{
	cJSON *p = json_object();

	json_set_num(p, "draw", (double)s->draw.n);
	json_set_num(p, "discard", (double)s->discard.n);
	json_set_num(p, "removed", (double)s->removed.n);
	json_set_num(p, "locked", (double)s->locked.n);
	json_set(json, "piles", p);
}

void
game_header(struct out *o, const struct session *g, const char *what)
{
	json_set_str(o->json, "name", g->s.name);
	trail_title(o->t, NULL, "%s: %s, game '%s'", game_title(g->def.game), what,
	    g->s.name);
}

/*
 * Write the change and print the report.  A rule that forbade the change
 * (rep->why) is a usage error, and the state is not written.
 */
int
finish(struct ctx *c, struct session *g, struct out *o, int st,
    struct adwa_report *rep, const char *op, const char *by, const char *rule)
{
	char what[64];

	if (st == ST_OK && rep->changed && rep->quiet)
		st = deck_file_save(&g->f, &g->s);
	else if (st == ST_OK && rep->changed)
		st = deck_file_commit(&g->f, &g->s, rep->op ? rep->op : op, by,
		    rep->log, 1);
	else if (st != ST_OK && rep->why[0])
		st = err(st, "%s", rep->why);
	if (st != ST_OK) {
		cJSON_Delete(rep->json);
		out_free(o);
		return st;
	}
	out_steps(o, &rep->steps);
	if (rep->json)
		json_set(o->json, "details", rep->json);
	piles_json(o->json, &g->s);
	out_result(o, rule, rep->code, rep->text);
	if (!rep->changed)
		return out_done(c, o);
	snprintf(what, sizeof what, "the %s was saved", rep->op ? rep->op : op);
	return out_saved(c, o, what);
}

/* ---- the deck ---- */

static int
split_names(const char *list, char names[][DECK_NAME_MAX], size_t *n)
{
	const char *p = list;
	size_t i;

	*n = 0;
	while (*p) {
		size_t len = strcspn(p, ",");

		if (*n == DECK_MAX_PLAYERS)
			return err(ST_USAGE, "--commanders: more than %d commanders",
			    DECK_MAX_PLAYERS);
		snprintf(names[*n], DECK_NAME_MAX, "%.*s", (int)len, p);
		if (len >= DECK_NAME_MAX || !deck_name_ok(names[*n]))
			return err(ST_USAGE, "--commanders: not a commander's name "
			    "(lower-case letters, digits, - and _): '%.*s'", (int)len, p);
		for (i = 0; i < *n; i++)
			if (strcmp(names[i], names[*n]) == 0)
				return err(ST_USAGE, "--commanders: '%s' twice", names[i]);
		(*n)++;
		p += len;
		if (*p == ',' && *++p == '\0')
			return err(ST_USAGE, "--commanders: a list ends with a name: "
			    "'%s'", list);
	}
	/* 2.2: an exchange needs two */
	if (*n < 2)
		return err(ST_USAGE, "--commanders: at least two commanders: '%s'",
		    list);
	return ST_OK;
}

/* A fresh game in g: shuffled order, dealt hands, Assassins held out. */
static int
deal_new(struct ctx *c, const struct request *r, const char *name,
    struct session *g, struct out *o)
{
	char names[DECK_MAX_PLAYERS][DECK_NAME_MAX], order[512] = "", buf[64];
	char *ptrs[DECK_MAX_PLAYERS];
	int hand = r->given & B(O_HAND) ? r->hand : g->def.hand, held = 0;
	struct rng rng = *ctx_rng(c);
	size_t n, i;
	int st, k;

	if (r->commanders) {
		if ((st = split_names(r->commanders, names, &n)) != ST_OK)
			return st;
	} else {
		for (n = 0; n < g->def.nplayers; n++)
			snprintf(names[n], DECK_NAME_MAX, "%s", g->def.players[n]);
	}
	for (i = 0; i < n; i++)
		ptrs[i] = names[i];
	adwa_order(ptrs, n, &rng);
	if (deck_new(&g->s, &g->def, name, ptrs, n, hand, &rng) < 0)
		return err(ST_USAGE, "--hand: %zu commanders x %d cards is more than "
		    "the deck can deal: '%d'", n, hand, hand);
	g->have_s = 1;
	adwa_board_new(&g->s);
	g->s.seeded = c->seeded;
	g->s.seed = c->seed;
	g->s.dignity = r->dignity;
	for (i = 0; i < n; i++) {
		strncat(order, i ? ", " : "", sizeof order - strlen(order) - 1);
		strncat(order, ptrs[i], sizeof order - strlen(order) - 1);
	}
	for (k = 0; k < g->def.ncards; k++)
		held += !g->def.kinds[g->def.kind_of[k]].deal;
	trail_title(o->t, NULL, "%s: new game '%s'", game_title(g->def.game), name);
	snprintf(buf, sizeof buf, "%d", hand);
	{
		char line[600];

		snprintf(line, sizeof line, "turn order, shuffled: %s", order);
		out_step(o, "3", line);
		snprintf(line, sizeof line, "%d cards dealt to each commander, no "
		    "Assassin among them%s", hand, r->given & B(O_HAND) ? "" :
		    " (the text sets no hand size; --hand changes it)");
		out_step(o, g->def.hand_rule, line);
		snprintf(line, sizeof line, "the %d Assassins then shuffled into the "
		    "draw pile: %zu cards", held, g->s.draw.n);
		out_step(o, "12", line);
		out_step(o, "6", r->dignity ? "Imperial Dignity is read as a power "
		    "of Menelik and Taitu, no card spent: umpire draw react "
		    "dignity --by NAME" : "Imperial Dignity is read as the Veto "
		    "card (--dignity power reads it as a power)");
		if (c->seeded)
			snprintf(line, sizeof line, "seed %llu: every later shuffle "
			    "and roll of this game can be repeated",
			    (unsigned long long)c->seed);
		else
			snprintf(line, sizeof line, "no --seed: the shuffles come from "
			    "the operating system");
		out_step(o, NULL, line);
	}
	{
		cJSON *arr = json_array();

		for (i = 0; i < n; i++)
			json_push(arr, cJSON_CreateString(ptrs[i]));
		json_set(o->json, "commanders", arr);
	}
	json_set_num(o->json, "hand", hand);
	json_set_str(o->json, "hand_rule", g->def.hand_rule);
	return ST_OK;
}

static int
lock_new(struct session *g, const char *name)
{
	int st;

	if ((st = deck_file_init(&g->f, name)) != ST_OK ||
	    (st = deck_file_lock(&g->f)) != ST_OK)
		return st;
	if (deck_file_exists(&g->f))
		return err(ST_USAGE, "game '%s' already exists (umpire draw end "
		    "--name %s ends it; --name starts another): '%s'", name, name,
		    name);
	return ST_OK;
}

static int
new_name(const struct ctx *c, const struct request *r, char name[DECK_NAME_MAX])
{
	/* adwa is the one game with a deck: -g adwa is implied */
	if (!c->game && !r->name) {
		snprintf(name, DECK_NAME_MAX, "%s", draw_game(c));
		return ST_OK;
	}
	return game_name(c, r, name);
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

static int
do_new(struct ctx *c, const struct request *r)
{
	char name[DECK_NAME_MAX], line[200];
	struct session g;
	struct out o;
	int st;

	memset(&g, 0, sizeof g);
	g.f.fd = -1;
	if ((st = new_name(c, r, name)) != ST_OK)
		return st;
	if ((st = deck_def_load(c, draw_game(c), &g.def)) != ST_OK)
		return st;
	g.have_def = 1;
	out_init(&o, g.def.game, "draw-new");
	json_set_str(o.json, "name", name);
	st = deal_new(c, r, name, &g, &o);
	if (st == ST_OK)
		st = lock_new(&g, name);
	if (st == ST_OK) {
		snprintf(line, sizeof line, "game '%s' begun by %zu commanders",
		    name, g.s.np);
		st = deck_file_commit(&g.f, &g.s, "new", NULL, line, 0);
	}
	if (st != ST_OK) {
		out_free(&o);
		session_free(&g);
		return st;
	}
	piles_json(o.json, &g.s);
	if (c->seeded)
		json_set_num(o.json, "seed", (double)c->seed);
	snprintf(line, sizeof line, "%s begins: umpire draw%s%s", g.s.p[0].name,
	    r->name ? " --name " : "", r->name ? name : "");
	out_result(&o, "3", "new", line);
	session_free(&g);
	return out_saved(c, &o, "the new game was saved");
}

static int
do_draw(struct ctx *c, const struct request *r)
{
	struct adwa_report rep = { 0 };
	struct adwa_defence def;
	int dice[ADWA_MAX_DICE], who = -1, n, st;
	struct session g;
	struct out o;

	if ((st = session_open(c, r, 1, 1, &g)) != ST_OK) {
		session_free(&g);
		return st;
	}
	n = r->nops ? r->n : g.def.draw;
	if (n < 1 || n > g.def.draw)
		st = err(ST_USAGE, "a draw takes 1 to %d cards: '%d' (%s)",
		    g.def.draw, n, g.def.hand_rule);
	else if (r->to)
		st = commander(&g, "--to: ", r->to, &who);
	if (st == ST_OK)
		st = defence(&g, r, dice, &def);
	if (st != ST_OK) {
		session_free(&g);
		return st;
	}
	out_init(&o, g.def.game, "draw");
	game_header(&o, &g, r->to ? "an extra draw" : "the turn's draw");
	st = adwa_draw(&g.s, &g.t, who, n, who < 0, &def, &rep);
	if (st == ST_OK) {
		json_set_str(o.json, "commander", g.s.p[who < 0 ? g.s.turn : who].name);
		json_set_num(o.json, "turn", g.s.turn_no);
		json_set_num(o.json, "round", g.s.round);
		if (def.used < def.ndice)
			adwa_step(&rep.steps, NULL, "--roll: %d value%s left unused: no "
			    "Assassin needed %s", def.ndice - def.used,
			    def.ndice - def.used == 1 ? "" : "s",
			    def.ndice - def.used == 1 ? "it" : "them");
	}
	st = finish(c, &g, &o, st, &rep, "draw",
	    st == ST_OK ? g.s.p[who < 0 ? g.s.turn : who].name : NULL, "2.1");
	session_free(&g);
	return st;
}

static void
hand_lines(struct out *o, const struct session *g, const struct deck_player *p)
{
	cJSON *cards = json_array(), *counts = json_object();
	size_t k, i;
	char line[300];

	for (i = 0; i < p->hand.n; i++) {
		cJSON *c = json_object();

		json_set_str(c, "card", deck_card_id(&g->s, p->hand.c[i]));
		json_set_num(c, "id", p->hand.c[i]);
		json_push(cards, c);
	}
	for (k = 0; k < g->def.nkinds; k++) {
		size_t n = pile_count(&p->hand, &g->def, (int)k);
		const struct deck_kind *kd = &g->def.kinds[k];

		if (!n)
			continue;
		json_set_num(counts, kd->id, (double)n);
		snprintf(line, sizeof line, "%zu x %-16s %s", n, kd->id, kd->name);
		out_step(o, kd->rule, line);
	}
	json_set(o->json, "cards", cards);
	json_set(o->json, "counts", counts);
}

static int
do_hand(struct ctx *c, const struct request *r)
{
	struct session g;
	struct out o;
	char text[200];
	int who, st;

	if ((st = session_open(c, r, 0, 0, &g)) != ST_OK ||
	    (st = commander(&g, "", r->ops[0], &who)) != ST_OK) {
		session_free(&g);
		return st;
	}
	out_init(&o, g.def.game, "draw-hand");
	game_header(&o, &g, "a hand, for its holder's eyes only");
	json_set_str(o.json, "commander", g.s.p[who].name);
	hand_lines(&o, &g, &g.s.p[who]);
	snprintf(text, sizeof text, "%s holds %zu card%s%s", g.s.p[who].name,
	    g.s.p[who].hand.n, g.s.p[who].hand.n == 1 ? "" : "s",
	    g.s.p[who].out ? " (disgraced)" : g.s.p[who].idle ?
	    " (incapacitated)" : "");
	json_set_bool(o.json, "disgraced", g.s.p[who].out);
	json_set_num(o.json, "incapacitated", g.s.p[who].idle);
	out_result(&o, NULL, "hand", text);
	out_secret("a hand of cards");
	session_free(&g);
	return out_done(c, &o);
}

static int
do_discard(struct ctx *c, const struct request *r)
{
	struct adwa_report rep = { 0 };
	struct session g;
	struct out o;
	int who, kind, st;

	if ((st = session_open(c, r, 1, 0, &g)) != ST_OK ||
	    (st = card_kind(&g.def, r->ops[0], &kind)) != ST_OK ||
	    (st = acting(&g, r, &who)) != ST_OK) {
		session_free(&g);
		return st;
	}
	out_init(&o, g.def.game, "draw-discard");
	game_header(&o, &g, "discard");
	st = adwa_discard(&g.s, who, kind, &rep);
	st = finish(c, &g, &o, st, &rep, "discard", g.s.p[who].name, "12");
	session_free(&g);
	return st;
}

static int
do_play(struct ctx *c, const struct request *r)
{
	struct adwa_report rep = { 0 };
	struct adwa_play p;
	int dice[ADWA_MAX_DICE], st, i;
	struct session g;
	struct out o;

	memset(&p, 0, sizeof p);
	p.target = p.army = -1;
	if (r->army && (p.army = adwa_army_find(r->army)) < 0)
		return err(ST_USAGE, "--army: not an Italian army (%s, %s or %s): "
		    "'%s'", adwa_army[0], adwa_army[1], adwa_army[2], r->army);
	if ((st = session_open(c, r, 1, 1, &g)) != ST_OK)
		goto fail;
	for (i = 0; i < r->nops; i++)
		if ((st = card_kind(&g.def, r->ops[i], &p.kinds[p.nkinds++])) != ST_OK)
			goto fail;
	p.show = r->show != NULL;
	if ((st = acting(&g, r, &p.who)) != ST_OK ||
	    (r->with && (st = commander(&g, "--with: ", r->with, &p.target)) != ST_OK) ||
	    (r->show && (st = commander(&g, "--show: ", r->show,
	    &p.show_who)) != ST_OK) ||
	    (st = defence(&g, r, dice, &p.def)) != ST_OK)
		goto fail;
	out_init(&o, g.def.game, "draw-play");
	game_header(&o, &g, "play");
	json_set_str(o.json, "commander", g.s.p[p.who].name);
	st = adwa_play(&g.s, &g.t, &p, &rep);
	st = finish(c, &g, &o, st, &rep, "play", g.s.p[p.who].name,
	    g.def.kinds[p.kinds[0]].rule);
	session_free(&g);
	return st;
fail:
	session_free(&g);
	return st;
}

/* 2.3: the turn ends without an ordinary action. */
static int
do_pass(struct ctx *c, const struct request *r)
{
	struct adwa_report rep = { 0 };
	struct session g;
	struct out o;
	int st;

	if ((st = session_open(c, r, 1, 0, &g)) != ST_OK) {
		session_free(&g);
		return st;
	}
	out_init(&o, g.def.game, "draw-pass");
	game_header(&o, &g, "pass");
	if (g.s.turn >= 0)
		json_set_str(o.json, "commander", g.s.p[g.s.turn].name);
	st = adwa_pass(&g.s, &rep);
	st = finish(c, &g, &o, st, &rep, "pass",
	    g.s.turn >= 0 ? g.s.p[g.s.turn].name : NULL, "2.3");
	session_free(&g);
	return st;
}

static int
do_exchange(struct ctx *c, const struct request *r)
{
	struct adwa_report rep = { 0 };
	int from, to, kind, st;
	struct session g;
	struct out o;

	if (!r->with)
		return err(ST_USAGE, "exchange: name the other commander with "
		    "--with");
	if ((st = session_open(c, r, 1, 0, &g)) != ST_OK ||
	    (st = card_kind(&g.def, r->ops[0], &kind)) != ST_OK ||
	    (st = commander(&g, "--with: ", r->with, &to)) != ST_OK)
		goto fail;
	/* the answer to a half-made exchange comes from its receiver */
	if (r->from)
		st = commander(&g, "--from: ", r->from, &from);
	else if (g.s.x_from >= 0 && to == g.s.x_from)
		from = g.s.x_to;
	else
		st = acting(&g, r, &from);
	if (st != ST_OK)
		goto fail;
	out_init(&o, g.def.game, "draw-exchange");
	game_header(&o, &g, "exchange");
	st = adwa_exchange(&g.s, from, to, kind, &rep);
	st = finish(c, &g, &o, st, &rep, "exchange", g.s.p[from].name, "2.2");
	session_free(&g);
	return st;
fail:
	session_free(&g);
	return st;
}

static void
status_player(struct out *o, const struct deck_state *s, size_t i, cJSON *arr)
{
	const struct deck_player *p = &s->p[i];
	cJSON *j = json_object();
	char line[200], state[80] = "";

	if (p->out)
		snprintf(state, sizeof state, "disgraced");
	else if (p->idle)
		snprintf(state, sizeof state, "incapacitated, %d own turn%s to go",
		    p->idle, p->idle == 1 ? "" : "s");
	snprintf(line, sizeof line, "%s %-16s %2zu card%s  %s",
	    (int)i == s->turn ? ">" : " ", p->name, p->hand.n,
	    p->hand.n == 1 ? " " : "s", state);
	out_step(o, p->out ? "8" : p->idle ? "10" : "3", line);
	json_set_str(j, "name", p->name);
	json_set_num(j, "cards", (double)p->hand.n);
	json_set_bool(j, "disgraced", p->out);
	json_set_num(j, "incapacitated", p->idle);
	json_push(arr, j);
}

static int
do_status(struct ctx *c, const struct request *r)
{
	const struct deck_state *s;
	cJSON *players = json_array(), *turn = json_object();
	struct session g;
	struct out o;
	size_t i, held = 0;
	char line[300];
	int st;

	if ((st = session_open(c, r, 0, 0, &g)) != ST_OK) {
		cJSON_Delete(players);
		cJSON_Delete(turn);
		session_free(&g);
		return st;
	}
	s = &g.s;
	out_init(&o, g.def.game, "draw-status");
	game_header(&o, &g, "status");
	if (s->turn < 0)
		snprintf(line, sizeof line, "no turn yet: umpire draw begins %s's",
		    s->p[0].name);
	else
		snprintf(line, sizeof line, "turn %d, round %d: %s's turn (%s%s%s%s); "
		    "next step: %s", s->turn_no, s->round, s->p[s->turn].name,
		    s->drawn ? "drawn" : "not drawn",
		    s->exchanged ? ", exchanged" : "",
		    s->rolled ? ", Mutiny step made" : "",
		    s->acted ? ", ended" : "",
		    adwa_turn_step_name(adwa_turn_step(s)));
	out_step(&o, "3", line);
	for (i = 0; i < s->np; i++) {
		status_player(&o, s, i, players);
		held += s->p[i].hand.n;
	}
	snprintf(line, sizeof line, "draw pile %zu, discard pile %zu, out of "
	    "play %zu, in hands %zu%s: %zu cards", s->draw.n, s->discard.n,
	    s->removed.n, held, s->locked.n ? ", locked in an exchange 1" : "",
	    s->draw.n + s->discard.n + s->removed.n + held + s->locked.n);
	out_step(&o, "12", line);
	if (s->x_from >= 0) {
		snprintf(line, sizeof line, "exchange under way: %s waits for a card "
		    "from %s", s->p[s->x_from].name, s->p[s->x_to].name);
		out_step(&o, "2.2", line);
	}
	out_step(&o, "1", s->roles ? "roles dealt: umpire draw roles --show NAME" :
	    "roles not dealt (umpire draw roles deals them)");
	for (i = 0; i < s->np; i++)
		if (s->p[i].exposed) {
			snprintf(line, sizeof line, "%s is exposed as the traitor",
			    s->p[i].name);
			out_step(&o, "7", line);
			json_set_str(o.json, "exposed", s->p[i].name);
		}
	if (s->strike >= 0) {
		snprintf(line, sizeof line, "an Assassin struck %s and waits for "
		    "%s answer: umpire draw react healer, react veto --by "
		    "COMMANDER, or react none", s->p[s->strike].name,
		    adwa_his(s->p[s->strike].name));
		out_step(&o, "2.1", line);
		json_set_str(turn, "strike", s->p[s->strike].name);
	}
	json_set_str(turn, "commander", s->turn >= 0 ? s->p[s->turn].name : NULL);
	json_set_num(turn, "number", s->turn_no);
	json_set_num(turn, "round", s->round);
	json_set_bool(turn, "drawn", s->drawn);
	json_set_bool(turn, "exchanged", s->exchanged);
	json_set_bool(turn, "rolled", s->rolled);
	json_set_bool(turn, "acted", s->acted);
	json_set_str(turn, "next", adwa_turn_step_name(adwa_turn_step(s)));
	json_set(o.json, "turn", turn);
	json_set(o.json, "commanders", players);
	json_set_num(o.json, "in_hands", (double)held);
	json_set_num(o.json, "cards", (double)(s->draw.n + s->discard.n +
	    s->removed.n + held + s->locked.n));
	json_set_bool(o.json, "roles", s->roles);
	if (s->x_from >= 0) {
		cJSON *x = json_object();

		json_set_str(x, "from", s->p[s->x_from].name);
		json_set_str(x, "to", s->p[s->x_to].name);
		json_set(o.json, "exchange", x);
	}
	piles_json(o.json, s);
	snprintf(line, sizeof line, "%d cards, every one accounted for",
	    g.def.ncards);
	out_result(&o, "12", "ok", line);
	session_free(&g);
	return out_done(c, &o);
}

static int
do_log(struct ctx *c, const struct request *r)
{
	cJSON *entries = json_array(), *it;
	struct session g;
	struct out o;
	int st;

	if ((st = session_open(c, r, 0, 0, &g)) != ST_OK) {
		cJSON_Delete(entries);
		session_free(&g);
		return st;
	}
	out_init(&o, g.def.game, "draw-log");
	game_header(&o, &g, "log");
	cJSON_ArrayForEach(it, g.s.log) {
		const cJSON *text = cJSON_GetObjectItemCaseSensitive(it, "text");
		const cJSON *by = cJSON_GetObjectItemCaseSensitive(it, "by");
		cJSON *e = json_object();
		int n = (int)cJSON_GetObjectItemCaseSensitive(it, "n")->valuedouble;
		int turn = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(it,
		    "turn")) > 0 ? (int)cJSON_GetNumberValue(
		    cJSON_GetObjectItemCaseSensitive(it, "turn")) : 0;
		const char *op = cJSON_GetObjectItemCaseSensitive(it, "op")->valuestring;

		trail_line(o.t, "%5d  turn %-4d %-9s %s", n, turn, op,
		    cJSON_IsString(text) ? text->valuestring : "");
		json_set_num(e, "n", n);
		json_set_num(e, "turn", turn);
		json_set_str(e, "op", op);
		json_set_str(e, "by", cJSON_IsString(by) ? by->valuestring : NULL);
		json_set_str(e, "text", cJSON_IsString(text) ? text->valuestring : "");
		json_push(entries, e);
	}
	json_set(o.json, "entries", entries);
	session_free(&g);
	return out_done(c, &o);
}

static int
do_undo(struct ctx *c, const struct request *r)
{
	struct session g;
	cJSON *undone = NULL;
	struct out o;
	char line[500];
	int st;

	if ((st = session_open(c, r, 1, 0, &g)) != ST_OK)
		goto done;
	st = deck_undo(&g.f, &g.def, &g.s, &undone);
	if (st == ST_NO) {
		st = err(ST_USAGE, "nothing to undo in game '%s': it has just begun "
		    "(umpire draw end ends it)", g.s.name);
		goto done;
	}
	if (st != ST_OK)
		goto done;
	snprintf(line, sizeof line, "undone: %d. %s",
	    (int)cJSON_GetObjectItemCaseSensitive(undone, "n")->valuedouble,
	    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(undone, "text")) ?
	    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(undone, "text")) :
	    "");
	if ((st = deck_file_save(&g.f, &g.s)) != ST_OK)
		goto done;
	out_init(&o, g.def.game, "draw-undo");
	game_header(&o, &g, "undo");
	piles_json(o.json, &g.s);
	out_result(&o, NULL, "undone", line);
	st = out_saved(c, &o, "the undo was saved");
done:
	cJSON_Delete(undone);
	session_free(&g);
	return st;
}

/* Ask at a terminal; anywhere else, --yes is the only yes. */
static int
confirmed(const char *name)
{
	char answer[16];

	if (!isatty(STDIN_FILENO) || !isatty(STDERR_FILENO))
		return 0;
	fprintf(stderr, "end game '%s' and delete it for good? [y/N] ", name);
	if (!fgets(answer, sizeof answer, stdin))
		return 0;
	return answer[0] == 'y' || answer[0] == 'Y';
}

static int
do_end(struct ctx *c, const struct request *r)
{
	char name[DECK_NAME_MAX], line[100];
	struct deck_file f;
	struct trail *t;
	cJSON *json;
	int st;

	if ((st = game_name(c, r, name)) != ST_OK ||
	    (st = deck_file_init(&f, name)) != ST_OK)
		return st;
	if (!deck_file_exists(&f))
		return err(ST_USAGE, "no saved game '%s'", name);
	if (!r->yes && !confirmed(name))
		return err(ST_USAGE, "end deletes game '%s' for good: confirm with "
		    "--yes", name);
	/* a damaged game can be ended too: that is the way out of it */
	if ((st = deck_file_lock(&f)) != ST_OK)
		return st;
	t = trail_new();
	json = json_object();
	end_reveal(c, name, t, json);
	st = deck_file_remove(&f);
	deck_file_close(&f);
	if (st != ST_OK) {
		cJSON_Delete(json);
		trail_free(t);
		return st;
	}
	snprintf(line, sizeof line, "game '%s' ended and deleted", name);
	trail_line(t, "%s", line);
	json_set_str(json, "procedure", "draw-end");
	json_set_str(json, "name", name);
	json_set_bool(json, "deleted", 1);
	snprintf(line, sizeof line, "game '%s' was ended and deleted", name);
	return emit_saved(c, json, t, line);
}

/* A line about a saved game for `list`, damaged ones included. */
static void
list_one(const struct ctx *c, const char *name, struct trail *t, cJSON *arr)
{
	char why[256] = "", game[DECK_NAME_MAX] = "?", *text = NULL;
	cJSON *o = json_object(), *root = NULL;
	struct deck_state s;
	struct deck_def d;
	struct deck_file f;
	size_t len;
	int ok = 0;

	memset(&d, 0, sizeof d);
	if (deck_file_init(&f, name) == ST_OK &&
	    deck_file_read(&f, &text, &len, why, sizeof why) == ST_OK &&
	    data_parse_json(text, len, &root, why, sizeof why) == 0) {
		const cJSON *g = cJSON_GetObjectItemCaseSensitive(root, "game");

		if (cJSON_IsString(g) && deck_name_ok(g->valuestring))
			snprintf(game, sizeof game, "%s", g->valuestring);
		if (deck_def_load(c, game, &d) == ST_OK &&
		    (d.board_check = adwa_board_check) &&
		    deck_from_json(root, &d, &s, why, sizeof why) == 0) {
			ok = 1;
			trail_line(t, "%-20s %-6s %zu commanders, turn %d, round %d",
			    name, game, s.np, s.turn_no, s.round);
			json_set_num(o, "commanders", (double)s.np);
			json_set_num(o, "turn", s.turn_no);
			json_set_num(o, "round", s.round);
			deck_free(&s);
		}
	}
	if (!ok)
		trail_line(t, "%-20s %-6s damaged: %s", name, game, why);
	json_set_str(o, "name", name);
	json_set_str(o, "game", game);
	json_set_bool(o, "damaged", !ok);
	json_push(arr, o);
	deck_def_free(&d);
	cJSON_Delete(root);
	free(text);
}

static int
do_list(struct ctx *c)
{
	static char names[256][DECK_NAME_MAX];
	cJSON *json, *arr;
	struct trail *t;
	size_t n, i;
	int st;

	if ((st = saved_games(names, 256, &n)) != ST_OK)
		return st;
	json = json_object();
	arr = json_array();
	t = trail_new();
	json_set_str(json, "procedure", "draw-list");
	for (i = 0; i < n; i++)
		list_one(c, names[i], t, arr);
	if (n == 0)
		trail_line(t, "no saved games (umpire draw -g adwa new starts one)");
	json_set(json, "games", arr);
	return out_emit(c, json, t);
}

/* ---- roles ---- */

static int
roles_show(struct ctx *c, const struct request *r)
{
	static const struct {
		const char *role, *text, *rule;
	} says[] = {
		{ "loyal", "loyal: you win if Ethiopia wins; whether a traitor is "
		  "in play is not yours to know", "1" },
		{ "spy", "the spy, and loyal: you win if Ethiopia wins, and you may "
		  "play Spy", "6" },
		{ "traitor", "the traitor: you win if Ethiopia is defeated, and "
		  "only you may play Defection", "1" },
	};
	struct session g;
	struct out o;
	char line[300];
	size_t i;
	int who, st;

	if ((st = session_open(c, r, 0, 0, &g)) != ST_OK ||
	    (st = commander(&g, "--show: ", r->show, &who)) != ST_OK)
		goto fail;
	if (!g.s.roles) {
		st = err(ST_USAGE, "roles have not been dealt in game '%s' (umpire "
		    "draw roles deals them)", g.s.name);
		goto fail;
	}
	for (i = 0; i < sizeof says / sizeof *says; i++)
		if (strcmp(says[i].role, g.s.p[who].role) == 0)
			break;
	if (i == sizeof says / sizeof *says) {
		st = err(ST_DATA, "%s: an unknown role for %s: '%s'", g.f.path,
		    g.s.p[who].name, g.s.p[who].role);
		goto fail;
	}
	out_init(&o, g.def.game, "draw-roles");
	game_header(&o, &g, "a role, for its holder's eyes only");
	json_set_str(o.json, "commander", g.s.p[who].name);
	json_set_str(o.json, "role", g.s.p[who].role);
	snprintf(line, sizeof line, "%s, you are %s", g.s.p[who].name, says[i].text);
	if (g.s.p[who].found >= 0) {
		const struct deck_player *f = &g.s.p[g.s.p[who].found];
		char seen[200];

		/* 6: what the last successful Spy showed its player */
		snprintf(seen, sizeof seen, "your Spy found in turn %d: %s is %s",
		    g.s.p[who].found_turn, f->name, strcmp(f->role, "traitor") == 0 ?
		    "the traitor" : strcmp(f->role, "spy") == 0 ? "the spy (loyal)" :
		    "loyal");
		out_step(&o, "6", seen);
		json_set_str(o.json, "found", f->name);
		json_set_str(o.json, "found_role", f->role);
	}
	out_result(&o, says[i].rule, g.s.p[who].role, line);
	out_secret("a commander's role");
	session_free(&g);
	return out_done(c, &o);
fail:
	session_free(&g);
	return st;
}

static int
roles_odds(struct ctx *c, const struct request *r)
{
	char names[DECK_MAX_PLAYERS][DECK_NAME_MAX], *ptrs[DECK_MAX_PLAYERS];
	struct adwa_role_odds odds[DECK_MAX_PLAYERS];
	cJSON *arr = json_array();
	struct deck_def d;
	struct out o;
	size_t n, i;
	int st;

	if ((st = deck_def_load(c, draw_game(c), &d)) != ST_OK) {
		cJSON_Delete(arr);
		return st;
	}
	if (r->commanders) {
		if ((st = split_names(r->commanders, names, &n)) != ST_OK) {
			cJSON_Delete(arr);
			deck_def_free(&d);
			return st;
		}
	} else {
		for (n = 0; n < d.nplayers; n++)
			snprintf(names[n], DECK_NAME_MAX, "%s", d.players[n]);
	}
	for (i = 0; i < n; i++)
		ptrs[i] = names[i];
	adwa_roles_odds(&d, ptrs, n, odds);
	out_init(&o, d.game, "draw-roles");
	trail_title(o.t, "1", "%s: the chance of each role", game_title(d.game));
	trail_step(o.t, NULL, "%-16s %8s %8s %8s", "commander", "loyal", "spy",
	    "traitor");
	for (i = 0; i < n; i++) {
		cJSON *j = json_object();

		trail_step(o.t, NULL, "%-16s %7.2f%% %7.2f%% %7.2f%%", names[i],
		    100 * odds[i].loyal, 100 * odds[i].spy, 100 * odds[i].traitor);
		json_set_str(j, "commander", names[i]);
		json_set_num(j, "loyal", odds[i].loyal);
		json_set_num(j, "spy", odds[i].spy);
		json_set_num(j, "traitor", odds[i].traitor);
		json_push(arr, j);
	}
	out_step(&o, "1", "a traitor in 80% of games; Menelik and Taitu are "
	    "never spy or traitor");
	json_set(o.json, "odds", arr);
	deck_def_free(&d);
	return out_done(c, &o);
}

static int
do_roles(struct ctx *c, const struct request *r)
{
	struct adwa_report rep = { 0 };
	char name[DECK_NAME_MAX];
	struct session g;
	struct out o;
	int st, fresh;

	if (r->show)
		return roles_show(c, r);
	if (r->odds)
		return roles_odds(c, r);
	memset(&g, 0, sizeof g);
	g.f.fd = -1;
	if ((st = game_name(c, r, name)) != ST_OK ||
	    (st = deck_file_init(&g.f, name)) != ST_OK)
		return st;
	fresh = !deck_file_exists(&g.f);
	if (fresh) {
		/* no game yet: begin one, as new would, then deal */
		if ((st = new_name(c, r, name)) != ST_OK ||
		    (st = deck_def_load(c, draw_game(c), &g.def)) != ST_OK)
			return st;
		g.have_def = 1;
		out_init(&o, g.def.game, "draw-roles");
		json_set_str(o.json, "name", name);
		if ((st = deal_new(c, r, name, &g, &o)) != ST_OK ||
		    (st = lock_new(&g, name)) != ST_OK ||
		    (st = deck_file_commit(&g.f, &g.s, "new", NULL, "game begun",
		    0)) != ST_OK) {
			out_free(&o);
			session_free(&g);
			return st;
		}
		g.f.before = deck_to_json(&g.s, 0);
	} else {
		if (r->commanders || (r->given & B(O_HAND))) {
			return err(ST_USAGE, "game '%s' exists: its commanders and hands "
			    "are dealt already: '%s'", name, r->commanders ?
			    r->commanders : "--hand");
		}
		if ((st = session_open(c, r, 1, 0, &g)) != ST_OK) {
			session_free(&g);
			return st;
		}
		out_init(&o, g.def.game, "draw-roles");
		game_header(&o, &g, "roles");
	}
	if (g.s.roles) {
		out_free(&o);
		st = err(ST_USAGE, "roles are dealt already in game '%s' (umpire "
		    "draw roles --show NAME shows one)", g.s.name);
		session_free(&g);
		return st;
	}
	st = adwa_roles_deal(&g.s, &rep);
	st = finish(c, &g, &o, st, &rep, "roles", NULL, "1");
	session_free(&g);
	return st;
}

int
cmd_draw(struct ctx *c, int argc, char **argv)
{
	struct request r;
	int st = parse_request(&r, argc, argv);

	if (st != ST_OK)
		return st;
	switch (r.sub) {
	case S_DRAW: return do_draw(c, &r);
	case S_NEW: return do_new(c, &r);
	case S_ROLES: return do_roles(c, &r);
	case S_HAND: return do_hand(c, &r);
	case S_PLAY: return do_play(c, &r);
	case S_PASS: return do_pass(c, &r);
	case S_EXCHANGE: return do_exchange(c, &r);
	case S_DISCARD: return do_discard(c, &r);
	case S_STATUS: return do_status(c, &r);
	case S_LOG: return do_log(c, &r);
	case S_UNDO: return do_undo(c, &r);
	case S_END: return do_end(c, &r);
	case S_LIST: return do_list(c);
	case S_REACT: return do_react(c, &r);
	case S_EXPOSE: return do_expose(c, &r);
	case S_BOARD: return draw_board_show(c, r.name);
	default: return do_procedure(c, &r);
	}
}
