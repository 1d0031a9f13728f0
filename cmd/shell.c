/*
 * shell.c: `umpire shell`, a prompt that runs umpire's commands one a
 * line, so that a table playing all evening types `crt 16 4` rather than
 * `umpire -g loe crt 16 4`; or, when standard input is not a terminal, a
 * script of such lines.
 *
 * Every line goes through umpire_dispatch(), the path main() takes, so a
 * command behaves in the shell exactly as on the command line.  What the
 * shell adds is its own: `use`, `set`, `help`, `quit`, the history, and
 * a splitter that honours quotes the way sh does (no expansion of any
 * kind; see split_line()).  Tab completion asks `umpire __complete`, the
 * engine behind the bash, zsh and fish scripts, in a child process, so the
 * shell holds no list of words of its own and a completion that silences
 * its errors cannot silence the shell's.
 *
 * GNU readline edits the line on a terminal; otherwise lines are read with
 * getline(3) and no prompt is printed (DESIGN.md).
 */
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "cmd.h"
#include "data.h"
#include "err.h"
#include "games/game.h"
#include "lines.h"
#include "state.h"

enum { O_KEEP_GOING = 1 };

const struct opt shell_opts[] = {
	{ O_KEEP_GOING, 0, "keep-going", NULL, "in a script, go on after a line "
	  "that fails (the status is still the first failure's)", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

#define HISTORY_LINES	1000		/* lines kept from run to run */
#define HISTORY_MAX	(1 << 20)	/* bytes read back at most */
#define MAX_WORDS	256
/* a script's line, at most: crt --batch's cap (umpire-crt(1)) */
#define SCRIPT_LINE_MAX	65536

/* What the shell keeps from line to line. */
struct shell {
	struct ctx ctx;		/* the globals every line starts from */
	char *game, *data;	/* owned copies that ctx.game, ctx.data_dir use */
	char *log, *saved;	/* and ctx.log, ctx.saved */
	char *map, *situation;	/* and ctx.map, ctx.situation: set map, ... */
	int tty;		/* reading a terminal through readline */
	int last;		/* status of the last line, shown in the prompt */
};

/* words for argv[] arrays, which are not const */
static char w_umpire[] = "umpire", w_help[] = "help", w_complete[] = "__complete";
static char w_game[] = "--game", w_data[] = "--data", w_saved[] = "--saved";
static char w_move_cost[] = "move-cost", w_map[] = "--map";
static char w_situation[] = "--situation";

static struct shell *the_shell;	/* for readline's completion callback */
static const char *running_line;	/* the line being run, when one is */
static int history_refused;	/* the history file is left alone */
static int session_lines;	/* lines this session added to the history */
static volatile sig_atomic_t interrupted;

/*
 * Split line into words as sh would, without expanding anything: blanks
 * separate words; '...' keeps everything inside as it is; "..." keeps
 * everything but a backslash before " or \, which stands for that
 * character; outside quotes a backslash makes the next character
 * ordinary; a # that begins a word begins a comment.  The words are
 * written into buf (as long as line, plus one) and pointed at by words[].
 * Returns the number of words, or -1 for an unfinished quote when strict;
 * when not strict (completion) the last word ends where the line does.
 */
static int
split_line(const char *line, char *buf, char **words, int max, int strict)
{
	const char *p = line;
	char *out = buf;
	int n = 0;

	for (;;) {
		char quote = 0;

		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			p++;
		if (!*p || *p == '#')
			return n;
		if (n == max)
			return err(-1, "too many words: more than %d", max);
		words[n++] = out;
		for (; *p; p++) {
			if (quote == '\'') {
				if (*p == '\'')
					quote = 0;
				else
					*out++ = *p;
			} else if (quote == '"') {
				if (*p == '"')
					quote = 0;
				else if (*p == '\\' && (p[1] == '"' || p[1] == '\\'))
					*out++ = *++p;
				else
					*out++ = *p;
			} else if (*p == '\'' || *p == '"') {
				quote = *p;
			} else if (*p == '\\' && p[1]) {
				*out++ = *++p;
			} else if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
				break;
			} else {
				*out++ = *p;
			}
		}
		*out++ = '\0';
		if (quote && strict)
			return err(-1, "unfinished quote: %c (close it on the same line)",
			    quote);
	}
}

/* ---- settings: use, set ---- */

static int
set_global(struct shell *sh, const char *opt, const char *value)
{
	char *argv[3] = { w_umpire, NULL, NULL };
	char *copy = value ? err_strdup(value) : NULL;
	struct ctx c = sh->ctx;
	int st;

	argv[1] = (char *)opt;
	argv[2] = copy;
	if ((st = umpire_set_globals(&c, value ? 3 : 2, argv)) != ST_OK) {
		free(copy);
		return st;
	}
	sh->ctx = c;
	if (strcmp(opt, "--game") == 0) {
		free(sh->game);
		sh->game = copy;
	} else if (strcmp(opt, "--data") == 0) {
		free(sh->data);
		sh->data = copy;
	} else if (strcmp(opt, "--log") == 0) {
		free(sh->log);
		sh->log = copy;
	} else if (strcmp(opt, "--saved") == 0) {
		free(sh->saved);
		sh->saved = copy;
	} else {
		free(copy);
	}
	return ST_OK;
}

/* `use lo`: the game's own words, not -g's, with the nearest id. */
static int
unknown_game(const char *id)
{
	const struct game *const *g;
	const char *ids[8], *near;
	char all[128] = "";
	size_t n, i;

	g = game_all(&n);
	for (i = 0; i < n && i < 8; i++) {
		ids[i] = g[i]->id;
		snprintf(all + strlen(all), sizeof all - strlen(all), "%s%s",
		    i ? ", " : "", ids[i]);
	}
	if ((near = err_nearest(id, ids, i)) != NULL)
		return err(ST_USAGE, "unknown game: '%s' (did you mean '%s'?)", id,
		    near);
	return err(ST_USAGE, "unknown game: '%s' (expected one of %s)", id, all);
}

static int
use_game(struct shell *sh, int argc, char **argv)
{
	if (argc == 1) {
		printf("%s\n", sh->ctx.game ? sh->ctx.game : "(no game)");
		return ST_OK;
	}
	if (argc > 2)
		return err(ST_USAGE, "use takes one game: '%s'", argv[2]);
	if (*argv[1] && !game_find(argv[1]))
		return unknown_game(argv[1]);
	return set_global(sh, "--game", argv[1]);
}

/*
 * What `set NAME VALUE` sets, one table for set itself, its messages, the
 * shell's help and completion: a global option (its value for every line
 * after, "off" to drop it), a switch, or a place (set_place()).
 */
enum set_kind { SET_GLOBAL, SET_SWITCH, SET_PLACE };

static const struct setting {
	const char *name;
	enum set_kind kind;
	const char *opt;	/* SET_GLOBAL: the option, as umpire(1) has it */
} settings[] = {
	{ "game", SET_GLOBAL, "--game" },
	{ "json", SET_SWITCH, NULL },
	{ "seed", SET_GLOBAL, "--seed" },
	{ "color", SET_SWITCH, NULL },
	{ "data", SET_GLOBAL, "--data" },
	{ "log", SET_GLOBAL, "--log" },
	{ "saved", SET_GLOBAL, "--saved" },
	{ "map", SET_PLACE, NULL },
	{ "situation", SET_PLACE, NULL },
};
#define NSETTINGS (sizeof settings / sizeof *settings)

static const struct setting *
setting_find(const char *name)
{
	size_t i;

	for (i = 0; i < NSETTINGS; i++)
		if (strcmp(settings[i].name, name) == 0)
			return &settings[i];
	return NULL;
}

/* "game, json, ... or situation" (sep ", "), or "game|json|..." */
static const char *
setting_names(const char *sep, const char *last)
{
	static char buf[160];
	size_t i, n = 0;

	for (i = 0; i < NSETTINGS && n < sizeof buf; i++)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s",
		    i == 0 ? "" : i + 1 == NSETTINGS ? last : sep,
		    settings[i].name);
	return buf;
}

static const char *
or_off(const char *v)
{
	return v ? v : "off";
}

static void
show_settings(const struct shell *sh)
{
	printf("game   %s\n", sh->ctx.game ? sh->ctx.game : "(none)");
	printf("json   %s\n", sh->ctx.json ? "on" : "off");
	if (sh->ctx.seeded)
		printf("seed   %llu\n", (unsigned long long)sh->ctx.seed);
	else
		printf("seed   off\n");
	printf("color  %s\n", sh->ctx.color ? "on" : "off");
	printf("data   %s\n", sh->ctx.data_dir ? sh->ctx.data_dir : "(default)");
	printf("log    %s\n", or_off(sh->ctx.log));
	printf("saved  %s\n", or_off(sh->ctx.saved));
	printf("map    %s\n", or_off(sh->ctx.map));
	printf("situation %s\n", or_off(sh->ctx.situation));
}

/* "on" or "off": 1 or 0; -1 (reported) for anything else. */
static int
on_off(const char *name, const char *value)
{
	if (strcmp(value, "on") == 0)
		return 1;
	if (strcmp(value, "off") == 0)
		return 0;
	return err(-1, "set %s: expected on or off: '%s'", name, value);
}

/*
 * `set map NAME`, `set situation NAME`: kept as typed, for the lines that
 * name no map or situation of their own (ctx_place()); a name that is
 * wrong is reported by the line that reads it, which knows the game.
 */
static int
set_place(struct shell *sh, const char *name, const char *value)
{
	char **own = name[0] == 'm' ? &sh->map : &sh->situation;
	const char **ctx = name[0] == 'm' ? &sh->ctx.map : &sh->ctx.situation;

	if (!*value)
		return err(ST_USAGE, "set %s: no name given: '' (a name, a file, "
		    "or off)", name);
	free(*own);
	*own = strcmp(value, "off") == 0 ? NULL : err_strdup(value);
	*ctx = *own;
	return ST_OK;
}

/* `set seed off`, `set data off`, ...: the option dropped. */
static void
set_off(struct shell *sh, const char *opt)
{
	if (strcmp(opt, "--seed") == 0) {
		sh->ctx.seeded = 0;
		sh->ctx.rng_ready = 0;
	} else if (strcmp(opt, "--data") == 0) {
		sh->ctx.data_dir = NULL;
		free(sh->data);
		sh->data = NULL;
	} else if (strcmp(opt, "--log") == 0) {
		sh->ctx.log = NULL;
		free(sh->log);
		sh->log = NULL;
	} else if (strcmp(opt, "--saved") == 0) {
		sh->ctx.saved = NULL;
		free(sh->saved);
		sh->saved = NULL;
	}
}

/* `set`, `set NAME VALUE`: the global options, for every line after. */
static int
set_command(struct shell *sh, int argc, char **argv)
{
	const struct setting *st;
	int on;

	if (argc == 1) {
		show_settings(sh);
		return ST_OK;
	}
	if (argc != 3)
		return err(ST_USAGE, "set takes a name and a value: 'set%s%s' "
		    "(set %s VALUE)", argc > 1 ? " " : "", argv[1],
		    setting_names("|", "|"));
	if (!(st = setting_find(argv[1])))
		return err(ST_USAGE, "set: unknown setting: '%s' (expected %s)",
		    argv[1], setting_names(", ", " or "));
	if (st->kind == SET_PLACE)
		return set_place(sh, st->name, argv[2]);
	if (st->kind == SET_SWITCH) {
		if ((on = on_off(st->name, argv[2])) < 0)
			return ST_USAGE;
		*(st->name[0] == 'j' ? &sh->ctx.json : &sh->ctx.color) = on;
		return ST_OK;
	}
	if (strcmp(argv[2], "off") == 0 && strcmp(st->opt, "--game") != 0) {
		set_off(sh, st->opt);
		return ST_OK;
	}
	return set_global(sh, st->opt, argv[2]);
}

static int
shell_help(struct shell *sh, int argc, char **argv)
{
	char *top[2] = { w_umpire, w_help };

	if (argc > 1) {
		argv[-1] = w_umpire;
		return umpire_dispatch(&sh->ctx, argc + 1, argv - 1);
	}
	printf("In the shell, type a command without the word 'umpire':\n"
	    "  crt 16 4 --terrain mountain     roll 2d6     help table\n\n"
	    "shell commands:\n"
	    "  use [game]         show or change the game\n"
	    "  set [name value]   show or change a setting: %s\n"
	    "                     (map, situation and saved: for the commands\n"
	    "                     that read a position)\n"
	    "  help [command]     this help, or a command's\n"
	    "  quit               leave (Ctrl-D does too)\n\n",
	    setting_names(" ", " "));
	return umpire_dispatch(&sh->ctx, 2, top);
}

/* ---- one line ---- */

/*
 * Run a command.  In a script, its standard input is /dev/null while it
 * runs: the rest of the script is the shell's, part of it already in
 * stdio's buffer, so a command that read it (crt --batch) would get a
 * piece of it.  On a terminal the command may ask the player (draw end).
 */
static int
run_command(struct shell *sh, int argc, char **argv)
{
	int saved = -1, null, st;

	if (!sh->tty && (null = open("/dev/null", O_RDONLY)) >= 0) {
		if ((saved = dup(STDIN_FILENO)) >= 0)
			dup2(null, STDIN_FILENO);
		close(null);
	}
	st = umpire_dispatch(&sh->ctx, argc, argv);
	if (saved >= 0) {
		dup2(saved, STDIN_FILENO);
		close(saved);
	}
	return st;
}

/* Run one line; *quit is set by `quit`.  Returns the line's status. */
static int
run_line(struct shell *sh, const char *line, int *quit)
{
	char *words[MAX_WORDS + 2], *buf = err_malloc(strlen(line) + 1);
	char **argv = words + 1;	/* words[0] is the program's name */
	int argc, st = ST_OK;

	err_set_command("shell");
	if ((argc = split_line(line, buf, argv, MAX_WORDS, 1)) < 0) {
		free(buf);
		return ST_USAGE;
	}
	argv[argc] = NULL;
	/* a line copied from a terminal or the README may start with the
	 * program's own name */
	if (argc > 0 && strcmp(argv[0], "umpire") == 0)
		memmove(argv, argv + 1, (size_t)argc-- * sizeof *argv);
	if (argc == 0)
		;
	else if (strcmp(argv[0], "quit") == 0 || strcmp(argv[0], "exit") == 0)
		*quit = 1;
	else if (strcmp(argv[0], "use") == 0)
		st = use_game(sh, argc, argv);
	else if (strcmp(argv[0], "set") == 0)
		st = set_command(sh, argc, argv);
	else if (strcmp(argv[0], "help") == 0)
		st = shell_help(sh, argc, argv);
	else {
		words[0] = w_umpire;
		/* cmd_shell() refuses to run in it, however the line names
		 * it (`-g loe shell`) */
		running_line = line;
		st = run_command(sh, argc + 1, words);
		running_line = NULL;
	}
	/* a command that read standard input to its end leaves it so */
	clearerr(stdin);
	if (fflush(stdout) != 0 && st == ST_OK)
		st = err_sys("cannot write to standard output");
	free(buf);
	return st;
}

/* ---- history, in $XDG_STATE_HOME/umpire/history ---- */

static int
history_path(char path[PATH_MAX])
{
	char dir[PATH_MAX];

	if (data_state_dir(dir) < 0)
		return -1;
	return snprintf(path, PATH_MAX, "%s/history", dir) >= PATH_MAX ? -1 : 0;
}

/*
 * A history file that is not one the shell wrote (a symbolic link, a
 * FIFO, a file over HISTORY_MAX) is neither read nor replaced: the
 * session goes on without a history, and says so once.
 */
static void
history_refuse(const char *path, const char *why)
{
	if (history_refused)
		return;
	history_refused = 1;
	err_set_command("shell");
	(void)err(ST_OK, "warning: the history is left alone: %s: '%s'", why,
	    path);
}

/* Read the history back, unless it is refused. */
static void
history_load(void)
{
	char path[PATH_MAX], why[256], *buf, *p;
	size_t len;
	int st;

	stifle_history(HISTORY_LINES);
	if (history_path(path) < 0)
		return;
	if ((st = state_read(path, HISTORY_MAX, &buf, &len, why,
	    sizeof why)) != ST_OK) {
		if (st != ST_NO)
			history_refuse(path, why);
		return;
	}
	for (p = buf; *p; ) {
		size_t n = strcspn(p, "\n");

		if (p[n] == '\n')
			p[n++] = '\0';
		if (*p)
			add_history(p);
		p += n;
	}
	free(buf);
}

/*
 * The lines to keep of the n in line[]: the last HISTORY_LINES, fewer
 * when they would make a file over HISTORY_MAX, which the next shell
 * would refuse to read.  Returns the index of the first kept.
 */
static size_t
history_first(char **line, size_t n)
{
	size_t first = n > HISTORY_LINES ? n - HISTORY_LINES : 0, bytes = 0, i;

	for (i = first; i < n; i++)
		bytes += strlen(line[i]) + 1;
	while (first < n && bytes > HISTORY_MAX)
		bytes -= strlen(line[first++]) + 1;
	return first;
}

/*
 * Add this session's lines to the history file as it is now, under a
 * lock (history.lock beside it), and write it atomically (state.h).
 * Another shell at the same table may have saved its own lines since
 * this one read the file: they are kept, and this session's go after
 * them, so the shell that quits last no longer wipes out the other's.
 */
static void
history_save(void)
{
	char path[PATH_MAX], lock[PATH_MAX], why[256], *old = NULL, *buf, *p;
	char **line;
	HIST_ENTRY **h = history_list();
	size_t len = 0, n = 0, first, i, mine;
	double timeout;
	int fd, st;

	if (history_refused || !h || session_lines == 0 ||
	    history_path(path) < 0 ||
	    snprintf(lock, sizeof lock, "%s.lock", path) >= (int)sizeof lock)
		return;
	/* readline kept the last history_length lines at most (stifled) */
	mine = (size_t)session_lines < (size_t)history_length ?
	    (size_t)session_lines : (size_t)history_length;
	err_set_command("shell");
	if (state_lock_timeout(&timeout) != ST_OK ||
	    state_lock(lock, "the history", timeout, &fd) != ST_OK)
		return;
	/* what was read may have been put aside for something else since,
	 * and is then refused as history_load() refuses it */
	st = state_read(path, HISTORY_MAX, &old, &len, why, sizeof why);
	if (st != ST_OK && st != ST_NO) {
		history_refuse(path, why);
		state_unlock(fd);
		return;
	}
	line = err_malloc((len + 1 + mine) * sizeof *line);
	for (p = old; p && *p; ) {
		size_t k = strcspn(p, "\n");

		if (p[k] == '\n')
			p[k++] = '\0';
		if (*p)
			line[n++] = p;
		p += k;
	}
	for (i = (size_t)history_length - mine; i < (size_t)history_length; i++)
		line[n++] = h[i]->line;
	first = history_first(line, n);
	for (len = 0, i = first; i < n; i++)
		len += strlen(line[i]) + 1;
	buf = err_malloc(len + 1);
	for (len = 0, i = first; i < n; i++) {
		size_t k = strlen(line[i]);

		memcpy(buf + len, line[i], k);
		len += k;
		buf[len++] = '\n';
	}
	state_write_atomic(path, buf, len);
	state_unlock(fd);
	free(buf);
	free(line);
	free(old);
}

/* ---- completion through `umpire __complete` ---- */

/*
 * The candidates for the words before the cursor and the word under it,
 * from complete_main() run in a child (it may redirect its stderr to
 * /dev/null, which the shell must not inherit).  Returns a malloc'd
 * array ending in NULL, or NULL.
 */
static char **
candidates(const struct shell *sh, char **typed, int ntyped, const char *cur)
{
	char *argv[MAX_WORDS + 8], **list = NULL, *line = NULL;
	size_t cap = 0, n = 0;
	ssize_t got;
	int fd[2], argc = 0, i, st;
	pid_t pid;
	FILE *fp;

	argv[argc++] = w_umpire;
	argv[argc++] = w_complete;
	if (sh->ctx.game) {
		argv[argc++] = w_game;
		argv[argc++] = (char *)sh->ctx.game;
	}
	if (sh->ctx.data_dir) {
		argv[argc++] = w_data;
		argv[argc++] = (char *)sh->ctx.data_dir;
	}
	for (i = 0; i < ntyped; i++)
		argv[argc++] = typed[i];
	argv[argc++] = (char *)cur;
	argv[argc] = NULL;
	if (pipe(fd) < 0)
		return NULL;
	fflush(stdout);
	if ((pid = fork()) < 0) {
		close(fd[0]);
		close(fd[1]);
		return NULL;
	}
	if (pid == 0) {
		close(fd[0]);
		if (dup2(fd[1], STDOUT_FILENO) < 0)
			_exit(ST_SYS);
		st = umpire_dispatch(NULL, argc, argv);
		fflush(stdout);
		_exit(st);
	}
	close(fd[1]);
	if (!(fp = fdopen(fd[0], "r"))) {
		close(fd[0]);
		waitpid(pid, NULL, 0);
		return NULL;
	}
	while ((got = getline(&line, &cap, fp)) > 0) {
		if (line[got - 1] == '\n')
			line[got - 1] = '\0';
		list = err_realloc(list, (n + 2) * sizeof *list);
		list[n++] = err_strdup(line);
		list[n] = NULL;
	}
	free(line);
	fclose(fp);
	waitpid(pid, NULL, 0);
	return list;
}

static char **matches;
static size_t match_next;

static char *
next_match(const char *text, int state)
{
	(void)text;
	if (state == 0)
		match_next = 0;
	if (!matches || !matches[match_next])
		return NULL;
	/* readline frees what it is given */
	return matches[match_next++];
}

/* Add the words of list (space-separated) that begin with prefix. */
static char **
add_words(char **list, const char *words, const char *prefix)
{
	size_t n = 0;

	while (list && list[n])
		n++;
	while (*words) {
		size_t len = strcspn(words, " ");

		if (len >= strlen(prefix) && strncmp(words, prefix, strlen(prefix)) == 0) {
			list = err_realloc(list, (n + 2) * sizeof *list);
			list[n] = err_malloc(len + 1);
			memcpy(list[n], words, len);
			list[n++][len] = '\0';
			list[n] = NULL;
		}
		words += len + (words[len] == ' ');
	}
	return list;
}

/*
 * The candidates for a line whose words before the cursor are words[0..n)
 * and whose word under it is text.  The shell's own words (use, set,
 * quit and set's names) are the shell's to offer; the rest is asked of
 * `umpire __complete`.
 */
static char **
line_candidates(char **words, int n, const char *text)
{
	char *game_opt[1] = { w_game }, *saved_opt[1] = { w_saved };
	char *place_opt[2] = { w_move_cost, NULL };

	if (n >= 1 && strcmp(words[0], "set") == 0) {
		if (n == 1)
			return add_words(NULL, setting_names(" ", " "), text);
		if (n == 2 && strcmp(words[1], "game") == 0)
			return candidates(the_shell, game_opt, 1, text);
		if (n == 2 && strcmp(words[1], "saved") == 0)
			return add_words(candidates(the_shell, saved_opt, 1, text),
			    "off", text);
		/* the names move-cost's --map and --situation complete */
		if (n == 2 && (strcmp(words[1], "map") == 0 ||
		    strcmp(words[1], "situation") == 0)) {
			place_opt[1] = words[1][0] == 'm' ? w_map : w_situation;
			return candidates(the_shell, place_opt, 2, text);
		}
		if (n == 2 && (strcmp(words[1], "json") == 0 ||
		    strcmp(words[1], "color") == 0 || strcmp(words[1], "seed") == 0))
			return add_words(NULL, words[1][1] == 'e' ? "off" : "on off",
			    text);
		return NULL;
	}
	if (n == 1 && strcmp(words[0], "use") == 0)
		return candidates(the_shell, game_opt, 1, text);
	if (n == 0)
		return add_words(candidates(the_shell, words, 0, text),
		    "use set quit", text);
	return candidates(the_shell, words, n, text);
}

/*
 * readline's hook: the words before start, split as a line would be,
 * and text, the word being completed.  When nothing is found, readline's
 * own file names, as the completion scripts fall back to the shell's.
 */
static char **
complete_hook(const char *text, int start, int end)
{
	char *head = err_malloc((size_t)start + 1), *buf =
	    err_malloc((size_t)start + 1);
	char *words[MAX_WORDS], **found = NULL;
	int n;

	(void)end;
	memcpy(head, rl_line_buffer, (size_t)start);
	/* in "table 'lea", text is "lea": the quote opens it, not a word */
	if (start > 0 && strchr("'\"", rl_line_buffer[start - 1]))
		start--;
	head[start] = '\0';
	n = split_line(head, buf, words, MAX_WORDS - 8, 0);
	/* "--game=to": readline breaks at the '=', and the option before it
	 * is then one whose value is being typed, as __complete reads
	 * "--game to" */
	if (n > 0 && start > 0 && rl_line_buffer[start - 1] == '=') {
		size_t len = strlen(words[n - 1]);

		if (len > 3 && strncmp(words[n - 1], "--", 2) == 0)
			words[n - 1][len - 1] = '\0';
	}
	if (n >= 0 && (matches = line_candidates(words, n, text)) != NULL) {
		found = rl_completion_matches(text, next_match);
		/* the strings went to readline (or are freed below); the
		 * array is ours */
		while (matches[match_next])
			free(matches[match_next++]);
		free(matches);
		matches = NULL;
	}
	free(head);
	free(buf);
	rl_attempted_completion_over = found != NULL;
	return found;
}

/* ---- the loop ---- */

static void
on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
}

/* Ctrl-C: throw the line away and give a fresh prompt, as sh does. */
static int
after_signal(void)
{
	if (interrupted) {
		interrupted = 0;
		rl_replace_line("", 0);
		rl_crlf();
		rl_on_new_line();
		rl_redisplay();
	}
	return 0;
}

static char *
prompt(const struct shell *sh, char *buf, size_t len)
{
	const char *g = sh->ctx.game ? sh->ctx.game : "umpire";

	if (sh->last)
		snprintf(buf, len, "%s [%d]> ", g, sh->last);
	else
		snprintf(buf, len, "%s> ", g);
	return buf;
}

static int
interactive(struct shell *sh)
{
	struct sigaction sa;
	char ps[128], *line;
	int quit = 0;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	rl_readline_name = "umpire";
	/* the prompt belongs on the terminal, not in a file stdout goes to */
	if (!isatty(STDOUT_FILENO))
		rl_outstream = stderr;
	rl_signal_event_hook = after_signal;
	rl_attempted_completion_function = complete_hook;
	rl_completer_quote_characters = "'\"";
	rl_completer_word_break_characters = " \t\n=";
	the_shell = sh;
	history_load();
	/* the one line a newcomer needs to begin */
	fprintf(rl_outstream ? rl_outstream : stdout, "umpire shell: commands "
	    "without 'umpire' (roll 2d6), 'use loe' to pick a game, 'help', "
	    "Tab to complete, 'quit' to leave\n");
	for (;;) {
		/* a Ctrl-C while a command ran is not one for the new line */
		interrupted = 0;
		if (quit || !(line = readline(prompt(sh, ps, sizeof ps))))
			break;
		if (*line && strspn(line, " \t") < strlen(line)) {
			add_history(line);
			session_lines++;
			sh->last = run_line(sh, line, &quit);
		}
		free(line);
	}
	if (!quit)		/* Ctrl-D leaves the cursor after the prompt */
		fputc('\n', rl_outstream ? rl_outstream : stdout);
	history_save();
	signal(SIGINT, SIG_DFL);
	return ST_OK;
}

/*
 * One line of a script as the reader gave it (got): run, or refused as
 * crt --batch refuses a line.  *stop is set for input that is not text,
 * where reading goes no further whatever --keep-going says (/dev/zero).
 */
static int
script_line(struct shell *sh, const struct lines *l, int got, char *line,
    size_t len, int *quit, int *stop)
{
	err_set_command("shell");
	/* worded as crt --batch words them, the line's number in them */
	if (got == LINES_LONG || memchr(line, '\0', len) != NULL)
		err_set_where(NULL);
	if (got == LINES_LONG ? l->nul : memchr(line, '\0', len) != NULL) {
		*stop = 1;
		return err(ST_USAGE, "line %ld holds a NUL byte: the input is "
		    "not text, and reading stops here", l->n);
	}
	if (got == LINES_LONG)
		return err(ST_USAGE, "line %ld is longer than %d bytes", l->n,
		    SCRIPT_LINE_MAX);
	return run_line(sh, line, quit);
}

/*
 * A script: no prompt; the first failure stops it unless keep_going,
 * and its status is the shell's either way.  Lines are read in bounded
 * memory (lines.h): a read that fails is an error, not the end.
 */
static int
script(struct shell *sh, int keep_going)
{
	struct lines l;
	char *line = NULL;
	size_t len = 0;
	int first = ST_OK, quit = 0, stop = 0, st, got = LINES_END;

	lines_init(&l, STDIN_FILENO, SCRIPT_LINE_MAX, -1);
	while (!quit && !stop && ((got = lines_next(&l, &line, &len)) ==
	    LINES_OK || got == LINES_LAST || got == LINES_LONG)) {
		char where[32];

		/* a script's errors name the line they come from */
		snprintf(where, sizeof where, "line %ld", l.n);
		err_set_where(where);
		st = script_line(sh, &l, got, line, len, &quit, &stop);
		err_set_where(NULL);
		if (st != ST_OK && first == ST_OK)
			first = st;
		if (st != ST_OK && !keep_going)
			break;
	}
	if (got == LINES_FAIL) {
		err_set_command("shell");
		st = err_sys("cannot read line %ld of standard input", l.n + 1);
		first = first == ST_OK ? st : first;
	}
	lines_free(&l);
	return first;
}

/* `umpire shell` takes no operand: nothing to complete after it. */
void
complete_shell(const struct ctx *c, char **ops, int nops, const char *prefix)
{
	(void)c;
	(void)ops;
	(void)nops;
	(void)prefix;
}

int
cmd_shell(struct ctx *c, int argc, char **argv)
{
	struct shell sh;
	struct opt_parser p;
	int id, keep_going = 0, st;

	/* umpire-shell(1): a shell in the shell would share its history
	 * and its standard input */
	if (running_line)
		return err(ST_USAGE, "already in the shell: '%s'", running_line);
	opt_init(&p, shell_opts, argc, argv);
	while ((id = opt_next(&p)) != OPT_END) {
		if (id == OPT_ERROR)
			return ST_USAGE;
		if (id == OPT_OPERAND)
			return err(ST_USAGE, "shell takes no operand: '%s' (feed a "
			    "script on standard input)", p.arg);
		if (id == O_KEEP_GOING)
			keep_going = 1;
	}
	memset(&sh, 0, sizeof sh);
	sh.ctx = *c;
	/* ctx's strings point into argv, which lives as long as the shell */
	sh.tty = isatty(STDIN_FILENO);
	st = sh.tty ? interactive(&sh) : script(&sh, keep_going);
	free(sh.game);
	free(sh.data);
	free(sh.log);
	free(sh.saved);
	free(sh.map);
	free(sh.situation);
	return st;
}
