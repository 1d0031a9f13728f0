/*
 * adwa_draw_session.c: what every `umpire draw` subcommand on a saved game
 * uses: the report being built (out), printed as text or JSON, and kept
 * honest when the change is on disk but the report cannot be written; the
 * saved games and the one a command names; a game opened under its lock
 * (session); the commander, the acting player and the dice a player gives;
 * and finish, which writes a change and prints its report.
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/adwa/adwa_draw.h"
#include "deck.h"
#include "dice.h"
#include "err.h"
#include "games/adwa/adwa.h"
#include "games/adwa/adwa_board.h"
#include "games/game.h"
#include "log.h"
#include "out.h"

void
adwa_draw_out_init(struct adwa_draw_out *o, const char *game, const char *procedure)
{
	o->t = trail_new();
	o->json = json_object();
	o->steps = json_array();
	o->hide[0] = o->hide[1] = NULL;
	json_set_str(o->json, "game", game);
	json_set_str(o->json, "procedure", procedure);
}

void
adwa_draw_out_step(struct adwa_draw_out *o, const char *rule, const char *text)
{
	cJSON *s = json_object();

	json_set_str(s, "text", text);
	json_set_str(s, "rule", rule);
	json_push(o->steps, s);
	trail_step(o->t, rule, "%s", text);
}

void
adwa_draw_out_steps(struct adwa_draw_out *o, const struct adwa_steps *st)
{
	size_t i;

	for (i = 0; i < st->n; i++)
		adwa_draw_out_step(o, st->s[i].rule, st->s[i].text);
}

void
adwa_draw_out_result(struct adwa_draw_out *o, const char *rule, const char *code, const char *text)
{
	cJSON *res = json_object();

	json_set_str(res, "code", code);
	json_set_str(res, "text", text);
	json_set(o->json, "result", res);
	trail_result(o->t, rule, "%s", text);
}

int
adwa_draw_out_done(const struct ctx *c, struct adwa_draw_out *o)
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
adwa_draw_emit_saved(const struct ctx *c, cJSON *json, struct trail *t, const char *done)
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

int
adwa_draw_out_saved(const struct ctx *c, struct adwa_draw_out *o, const char *done)
{
	json_set(o->json, "steps", o->steps);
	return adwa_draw_emit_saved(c, o->json, o->t, done);
}

void
adwa_draw_out_free(struct adwa_draw_out *o)
{
	cJSON_Delete(o->json);
	cJSON_Delete(o->steps);
	trail_free(o->t);
}

const char *
adwa_draw_game_title(const char *id)
{
	const struct game *g = game_find(id);

	return g ? g->title : id;
}

/* ---- sessions ---- */

void
adwa_draw_session_free(struct adwa_draw_session *g)
{
	if (g->have_t)
		adwa_tables_free(&g->t);
	if (g->have_s)
		deck_free(&g->s);
	if (g->have_def)
		deck_def_free(&g->def);
	deck_file_close(&g->f);
	if (g->in_game)
		saved_close(&g->sg);
	cJSON_Delete(g->imported);
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
adwa_draw_saved_games(char names[][DECK_NAME_MAX], size_t max, size_t *n)
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
int
adwa_draw_game_name(const struct ctx *c, const struct adwa_draw_request *r, char name[DECK_NAME_MAX])
{
	char names[2][DECK_NAME_MAX];
	size_t n;
	int st;

	if (c->saved) {
		snprintf(name, DECK_NAME_MAX, "%s", c->saved);
		return ST_OK;
	}
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
	if ((st = adwa_draw_saved_games(names, 2, &n)) != ST_OK)
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
adwa_draw_session_open(struct ctx *c, const struct adwa_draw_request *r, int lock, int tables,
    struct adwa_draw_session *g)
{
	char name[DECK_NAME_MAX], game[DECK_NAME_MAX];
	int st;

	memset(g, 0, sizeof *g);
	g->f.fd = -1;
	if (c->saved) {
		if ((st = adwa_draw_part_no_name(c, r->name)) != ST_OK ||
		    (st = adwa_draw_part_open(c, lock, g)) != ST_OK)
			return st;
		goto tables;
	}
	if ((st = adwa_draw_game_name(c, r, name)) != ST_OK ||
	    (st = deck_file_init(&g->f, name)) != ST_OK)
		return st;
	if (!deck_file_exists(&g->f))
		return err(ST_USAGE, "no saved game '%s' (umpire draw -g adwa new "
		    "%sstarts one)", name, r->name ? "--name NAME " : "");
	/* what is no game file (a symbolic link, a FIFO) is reported before
	 * the lock: a command refused on it makes no lock file */
	if (lock && (st = deck_file_vacant(&g->f)) != ST_NO)
		return st == ST_OK ? err(ST_USAGE, "no saved game '%s'", name) : st;
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
	if ((st = deck_def_load(c, game, &adwa_deck_rules, &g->def)) != ST_OK)
		return st;
	g->have_def = 1;
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
tables:
	if (tables) {
		if ((st = adwa_tables_load(c, &g->t)) != ST_OK)
			return st;
		g->have_t = 1;
	}
	return ST_OK;
}

int
adwa_draw_open(struct ctx *c, const char *name, int lock, int tables,
    struct adwa_draw_session *g)
{
	struct adwa_draw_request r;

	memset(&r, 0, sizeof r);
	r.name = name;
	return adwa_draw_session_open(c, &r, lock, tables, g);
}

int
adwa_draw_commander(const struct adwa_draw_session *g, const char *what, const char *name, int *who)
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

/* Whose card: --from, or the commander whose turn it is. */
int
adwa_draw_acting(const struct adwa_draw_session *g, const struct adwa_draw_request *r, int *who)
{
	if (r->from)
		return adwa_draw_commander(g, "--from: ", r->from, who);
	if (g->s.turn < 0)
		return err(ST_USAGE, "no turn has begun: name the commander with "
		    "--from, or begin with umpire draw");
	*who = g->s.turn;
	return ST_OK;
}

/* The player's d6: "4" or "3,1"; n set to how many. */
int
adwa_draw_parse_d6(const char *text, int *faces, int max, int *n)
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
adwa_draw_defence(const struct adwa_draw_session *g, const struct adwa_draw_request *r, int *dice,
    struct adwa_defence *def)
{
	int st;

	memset(def, 0, sizeof *def);
	def->veto = -1;
	def->healer = r->healer;
	def->dice = dice;
	if (r->veto && (st = adwa_draw_commander(g, "--veto: ", r->veto, &def->veto)) != ST_OK)
		return st;
	if (r->roll && (st = adwa_draw_parse_d6(r->roll, dice, ADWA_MAX_DICE,
	    &def->ndice)) != ST_OK)
		return st;
	return ST_OK;
}

void
adwa_draw_piles_json(cJSON *json, const struct deck_state *s)
{
	cJSON *p = json_object();

	json_set_num(p, "draw", (double)s->draw.n);
	json_set_num(p, "discard", (double)s->discard.n);
	json_set_num(p, "removed", (double)s->removed.n);
	json_set_num(p, "locked", (double)s->locked.n);
	json_set(json, "piles", p);
}

void
adwa_draw_game_header(struct adwa_draw_out *o, const struct adwa_draw_session *g, const char *what)
{
	json_set_str(o->json, "name", g->s.name);
	trail_title(o->t, NULL, "%s: %s, game '%s'", adwa_draw_game_title(g->def.game), what,
	    g->s.name);
}

/* ---- the game log: what the table may see ---- */

/* The command line as the log keeps it: a word that is one of o->hide's
 * values, or the value of an --option=value that is, is "(secret)".
 * By value, not by address: the request the values come from is the
 * command's JSON, not its words.  Words made here are kept in buf, one
 * of ARGLEN bytes a word. */
#define ARGLEN 96
static void
public_words(const struct ctx *c, const char *const *hide, char **words,
    char (*buf)[ARGLEN])
{
	int i;
	size_t h;

	for (i = 0; i < c->argc && i < LOG_WORDS_MAX; i++) {
		const char *w = c->argv[i], *eq = strchr(w, '=');

		words[i] = c->argv[i];
		for (h = 0; hide && h < ADWA_DRAW_HIDE; h++) {
			if (!hide[h])
				continue;
			if (strcmp(w, hide[h]) == 0) {
				snprintf(buf[i], ARGLEN, "(secret)");
				words[i] = buf[i];
			} else if (strncmp(w, "--", 2) == 0 && eq && eq - w < 64 &&
			    strcmp(eq + 1, hide[h]) == 0) {
				snprintf(buf[i], ARGLEN, "%.*s(secret)",
				    (int)(eq + 1 - w), w);
				words[i] = buf[i];
			}
		}
	}
}

/*
 * The game log's entry for a change (--log): the deck's own log line,
 * which every draw subcommand words for the whole table, and the public
 * facts (whose turn, the piles' sizes), never the report's steps and
 * details, which name the cards drawn, offered and taken and what a
 * Mutiny step rolled.  A result with no log line of its own (a step
 * that changes nothing) is logged in its result's words, which say
 * nothing secret.
 */
static int
log_public(const struct ctx *c, const struct adwa_draw_out *o, const struct adwa_draw_session *g,
    const struct adwa_report *rep, const char *op, const char *by)
{
	static const char *const keep[] = { "game", "procedure", "name",
	    "commander", "turn", "round", NULL };
	static char buf[LOG_WORDS_MAX][ARGLEN];
	const char *line = rep->log[0] ? rep->log : rep->text;
	char *words[LOG_WORDS_MAX];
	const char *const *k;
	struct ctx lc = *c;
	cJSON *pub = json_object(), *res = json_object();
	int st;

	for (k = keep; *k; k++) {
		const cJSON *v = cJSON_GetObjectItemCaseSensitive(o->json, *k);

		if (v)
			json_set(pub, *k, cJSON_Duplicate(v, 1));
	}
	json_set_str(pub, "op", rep->op ? rep->op : op);
	json_set_str(pub, "by", by);
	adwa_draw_piles_json(pub, &g->s);
	json_set_str(res, "text", line);
	json_set(pub, "result", res);
	public_words(c, o->hide, words, buf);
	lc.argv = words;
	st = log_append(&lc, pub, line, NULL);
	cJSON_Delete(pub);
	return st;
}

/*
 * A change written where the deck lives, with its entry in the deck's
 * own log (line NULL: none, a change with nothing public).  With a saved
 * game the step's log line is the deck's public one, and its command
 * line is kept with the secret values hidden, as the --log file keeps it.
 */
/*
 * 11: once the decisive battle has begun nothing else is played, and once
 * it is fought the game is over: every change is refused then but the
 * battle itself (draw battle), judged on the game as it was before the
 * command.  ST_OK, or the refusal, reported.
 */
static int
battle_refuse(const struct adwa_draw_session *g, const char *op)
{
	const cJSON *b = cJSON_GetObjectItemCaseSensitive(g->f.before, "board");
	const char *battle = cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(b, "battle"));

	if (!battle || strcmp(battle, "none") == 0)
		return ST_OK;
	if (cJSON_GetObjectItemCaseSensitive(b, "fought"))
		return err(ST_USAGE, "the game is over: the decisive battle was "
		    "fought and its result stands (11); umpire draw board shows "
		    "it");
	if (strcmp(op, "battle") == 0)
		return ST_OK;
	return err(ST_USAGE, "%s: the decisive battle has begun (%s) and nothing "
	    "else is played: umpire draw battle fights it (11)", op, battle);
}

int
adwa_draw_session_commit(struct ctx *c, struct adwa_draw_session *g,
    const char *op, const char *by, const char *line, const char *rule,
    const char *const *hide)
{
	static char buf[LOG_WORDS_MAX][ARGLEN];
	char *words[LOG_WORDS_MAX];
	char what[DECK_NAME_MAX + 64];
	int st;

	if ((st = battle_refuse(g, op)) != ST_OK)
		return st;
	if (!g->in_game)
		return line ? deck_file_commit(&g->f, &g->s, op, by, line, 1) :
		    deck_file_save(&g->f, &g->s);
	if (line)
		deck_log_add(&g->f, &g->s, op, by, line, 1);
	snprintf(what, sizeof what, "draw %s%s%s", op, by ? " by " : "",
	    by ? by : "");
	public_words(c, hide, words, buf);
	return adwa_draw_part_commit(g, c, op, line && line[0] ? line : what,
	    rule, words);
}

/*
 * Write the change and print the report.  A rule that forbade the change
 * (rep->why) is a usage error, and the state is not written.
 */
int
adwa_draw_finish(struct ctx *c, struct adwa_draw_session *g, struct adwa_draw_out *o, int st,
    struct adwa_report *rep, const char *op, const char *by, const char *rule)
{
	char what[64];

	if (st == ST_OK && rep->changed && rep->quiet && !g->in_game &&
	    (st = battle_refuse(g, op)) == ST_OK)
		st = deck_file_save(&g->f, &g->s);
	else if (st == ST_OK && rep->changed)
		st = adwa_draw_session_commit(c, g, rep->op ? rep->op : op, by,
		    rep->quiet ? NULL : rep->log, rule, o->hide);
	else if (st != ST_OK && rep->why[0])
		st = err(st, "%s", rep->why);
	if (st != ST_OK) {
		cJSON_Delete(rep->json);
		adwa_draw_out_free(o);
		return st;
	}
	snprintf(what, sizeof what, "the %s was saved", rep->op ? rep->op : op);
	/* 9: a Mutiny that triggered and a Defection played look alike on
	 * the screen and in the JSON, as in the log: the cause is private */
	if (rep->op && strcmp(rep->op, "defection") == 0) {
		trail_free(o->t);
		o->t = trail_new();
		adwa_draw_game_header(o, g, "a defection");
		json_set_str(o->json, "procedure", "draw-defection");
		snprintf(what, sizeof what, "the defection was saved");
		rule = "6, 9";
	}
	/* the log first, as out_print logs: a result the player cannot
	 * have in the log is not shown unlogged */
	if (c->log && (st = log_public(c, o, g, rep, op, by)) != ST_OK) {
		cJSON_Delete(rep->json);
		adwa_draw_out_free(o);
		if (!rep->changed)
			return st;
		errno = EIO;
		return err_sys("%s, but its result could not be written (it is "
		    "done: do not repeat it)", what);
	}
	adwa_draw_out_steps(o, &rep->steps);
	if (rep->json)
		json_set(o->json, "details", rep->json);
	adwa_draw_piles_json(o->json, &g->s);
	adwa_draw_part_tell(g, o->t, o->json, rep->changed);
	adwa_draw_out_result(o, rule, rep->code, rep->text);
	{
		/* printed for the player, not logged again in full */
		struct ctx pc = *c;

		pc.log = NULL;
		if (!rep->changed)
			return adwa_draw_out_done(&pc, o);
		return adwa_draw_out_saved(&pc, o, what);
	}
}
