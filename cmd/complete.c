/*
 * complete.c: `umpire __complete WORD...`, the one brain behind the bash,
 * zsh and fish completion scripts.
 *
 * The words are what follows "umpire" on the line being edited; the last
 * is the word under the cursor (empty after a space).  The candidates that
 * begin with it are printed one per line, drawn from the command table,
 * the option tables, the games and the tables in the data directories.
 * Nothing is printed where the shell's own file completion is the answer.
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "options.h"
#include "data.h"
#include "err.h"
#include "games/game.h"
#include "map.h"
#include "out.h"
#include "saved.h"
#include "situation.h"

/*
 * Every candidate passes here.  Many are names of files in the data and
 * state folders (maps, saved games, rulebooks, logs), which anyone who
 * can write there may name with a newline (a false second candidate) or
 * an escape the terminal obeys when the shell lists them: a word holding
 * a control character or bytes that are not UTF-8 is skipped, as no
 * command would take it as a name anyway.
 */
void
complete_word(const char *prefix, const char *word)
{
	size_t n = strlen(word);

	if (strncmp(word, prefix, strlen(prefix)) == 0 &&
	    err_safe_prefix(word, n) == n)
		printf("%s\n", word);
}

void
complete_games(const char *prefix)
{
	const struct game *const *g;
	size_t n, i;

	g = game_all(&n);
	for (i = 0; i < n; i++)
		complete_word(prefix, g[i]->id);
}

void
complete_tables(const struct ctx *c, const char *game, const char *prefix)
{
	char rel[PATH_MAX], path[PATH_MAX];
	cJSON *root, *item;

	if (!game || !game_find(game))
		return;
	snprintf(rel, sizeof rel, "%s/game.json", game);
	/* a broken game.json must not spill errors into the shell */
	if (data_find(c, rel, path) < 0)
		return;
	if (!freopen("/dev/null", "w", stderr))
		return;
	if (data_load_json(c, rel, &root, path) != ST_OK)
		return;
	cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(root, "tables"))
		if (cJSON_IsString(item))
			complete_word(prefix, item->valuestring);
	cJSON_Delete(root);
}

/* Saved games: decks/NAME.json, not the kept NAME.good.json. */
static void
complete_decks(const char *prefix)
{
	char dir[PATH_MAX], decks[PATH_MAX];
	struct dirent *e;
	DIR *d;

	if (data_state_dir(dir) < 0 ||
	    snprintf(decks, sizeof decks, "%s/decks", dir) >= (int)sizeof decks ||
	    !(d = opendir(decks)))
		return;
	while ((e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name);
		char name[256];

		if (n <= 5 || strcmp(e->d_name + n - 5, ".json") != 0 ||
		    (n > 10 && strcmp(e->d_name + n - 10, ".good.json") == 0) ||
		    strstr(e->d_name, ".tmp."))
			continue;
		snprintf(name, sizeof name, "%.*s", (int)(n - 5), e->d_name);
		complete_word(prefix, name);
	}
	closedir(d);
}

/* The words of a space-separated list that begin with prefix. */
static void
complete_list(const char *p, const char *prefix)
{
	while (*p) {
		char word[64];
		size_t len = strcspn(p, " ");

		snprintf(word, sizeof word, "%.*s", (int)len, p);
		complete_word(prefix, word);
		p += len;
		while (*p == ' ')
			p++;
	}
}

/* Each of words that prefix begins, past the first keep bytes, unless
 * seen already (seen: the words offered, between spaces). */
static void
complete_once(const char *const *words, const char *prefix, size_t keep,
    char *seen, size_t size)
{
	char word[128];

	for (; words && *words; words++) {
		snprintf(word, sizeof word, " %s ", *words);
		if (strstr(seen, word) || strlen(seen) + strlen(word) >= size)
			continue;
		strcat(seen, word + 1);
		snprintf(word, sizeof word, "%.*s%s", (int)keep, prefix, *words);
		complete_word(prefix, word);
	}
}

void
complete_proc_words(const struct ctx *c, const char *proc, const char *field,
    const char *prefix, size_t keep)
{
	const struct game *const *g, *one = c->game ? game_find(c->game) : NULL;
	const struct game_proc *p;
	char seen[1024] = " ";
	size_t n = 1, i;

	g = one ? &one : game_all(&n);
	for (i = 0; i < n; i++)
		if ((p = game_proc(g[i], proc)))
			complete_once(game_proc_words(p, field), prefix, keep, seen,
			    sizeof seen);
}

void
complete_data_names(const struct ctx *c, const char *sub, const char *prefix)
{
	char **names;
	size_t n, i, hits = 0;

	if (!c->game || !game_find(c->game) || strchr(prefix, '/') ||
	    prefix[0] == '.' || prefix[0] == '~')
		return;
	n = data_names(c, c->game, sub, &names);
	for (i = 0; i < n; i++)
		hits += strncmp(names[i], prefix, strlen(prefix)) == 0;
	for (i = 0; i < n; i++) {
		if (hits)
			complete_word(prefix, names[i]);
		free(names[i]);
	}
	free(names);
}

/* Saved games (saved.h), by name. */
static void
complete_saved(const char *prefix)
{
	char dir[PATH_MAX], **names;
	size_t n, i;

	if (saved_dir(dir) != ST_OK || saved_names(dir, &names, &n) != ST_OK)
		return;
	for (i = 0; i < n; i++) {
		complete_word(prefix, names[i]);
		free(names[i]);
	}
	free(names);
}

const char *
complete_line_situation(char *buf)
{
	const char *spec = complete_option_value("situation");
	const char *saved = complete_option_value("saved");

	if (spec)
		return spec;
	if (!saved)
		saved = getenv(SAVED_ENV);
	if (!saved || !saved_name_ok(saved))
		return NULL;
	snprintf(buf, SAVED_NAME_MAX + 8, "%s%s", GAME_SAVED_SPEC, saved);
	return buf;
}

void
complete_unit_ids(const struct ctx *c, const char *prefix)
{
	struct ctx local = *c;
	char buf[SAVED_NAME_MAX + 8];
	const char *spec = complete_line_situation(buf),
	    *map = complete_option_value("map");
	struct situation *s;
	struct map *m;
	int i, n;

	/* the situation may name the game and the map (game.h); what it
	 * says wrong is no business of a completion */
	if (!spec || !freopen("/dev/null", "w", stderr) ||
	    game_situation_defaults(&local, spec, &map) != ST_OK || !map ||
	    map_load(&local, map, &m) != ST_OK)
		return;
	if (game_situation_open(&local, m, spec, &s) == ST_OK) {
		n = situation_count(s);
		for (i = 0; i < n; i++)
			complete_word(prefix, situation_unit(s, i)->id);
		situation_free(s);
	}
	map_free(m);
}

/* --side: the sides of the game given (its situation words), or of every
 * game with sides, each once. */
static void
complete_sides(const struct ctx *c, const char *prefix)
{
	const struct game *const *g, *one = c->game ? game_find(c->game) : NULL;
	size_t n, i;

	if (one) {
		if (one->situation)
			complete_list(one->situation->sides, prefix);
		return;
	}
	g = game_all(&n);
	for (i = 0; i < n; i++)
		if (g[i]->situation)
			complete_list(g[i]->situation->sides, prefix);
}

/* Values for an option's argument, from its table entry. */
static void
complete_values(const struct ctx *c, const char *cmd, const struct opt *o,
    const char *prefix)
{
	const char *p = o->complete;
	char field[64];

	if (!p)
		return;
	if (strcmp(p, "@games") == 0) {
		complete_games(prefix);
		return;
	}
	if (strcmp(p, "@tables") == 0) {
		complete_tables(c, c->game, prefix);
		return;
	}
	if (strcmp(p, "@decks") == 0) {
		complete_decks(prefix);
		return;
	}
	if (strcmp(p, "@saved") == 0) {
		complete_saved(prefix);
		return;
	}
	if (strcmp(p, "@words") == 0 && cmd) {
		opt_field(o, field);
		complete_proc_words(c, cmd, field, prefix, 0);
		return;
	}
	if (strcmp(p, "@maps") == 0 || strcmp(p, "@situations") == 0) {
		complete_data_names(c, p[1] == 'm' ? "maps" : "situations",
		    prefix);
		return;
	}
	if (strcmp(p, "@units") == 0) {
		complete_unit_ids(c, prefix);
		return;
	}
	if (strcmp(p, "@sides") == 0) {
		complete_sides(c, prefix);
		return;
	}
	if (*p == '@')
		return;		/* files and directories: the shell knows best */
	complete_list(p, prefix);
}

/*
 * The option w spells, if any, and its value when attached to it
 * ("--game=loe", "-gloe"); as the parser reads them.
 */
static const struct opt *
lookup_option(const struct opt *globals, const struct cmd *cmd, const char *w,
    const char **attached)
{
	const struct opt *o = NULL;
	size_t len;

	*attached = NULL;
	if (w[0] != '-' || w[1] == '\0')
		return NULL;
	if (w[1] == '-') {
		len = strcspn(w + 2, "=");
		if (cmd)
			o = opt_find_long(options_all(cmd), w + 2, len);
		if (!o)
			o = opt_find_long(globals, w + 2, len);
		if (o && w[2 + len] == '=')
			*attached = w + 3 + len;
	} else {
		if (cmd)
			o = opt_find_short(options_all(cmd), w[1]);
		if (!o)
			o = opt_find_short(globals, w[1]);
		if (o && w[2] != '\0')
			*attached = o->arg ? w + 2 : NULL;
	}
	return o;
}

/* The options given a value so far on the line, for the commands'
 * completers (complete_option_value). */
static struct { const struct opt *o; const char *val; } given[64];
static size_t ngiven;

/* The value of an option that says which game: -g, --game; and every
 * value, kept. */
static void
note_value(struct ctx *c, const struct opt *o, const char *val)
{
	if (o->complete && strcmp(o->complete, "@games") == 0)
		c->game = val;
	if (ngiven < sizeof given / sizeof *given) {
		given[ngiven].o = o;
		given[ngiven++].val = val;
	}
}

const char *
complete_option_value(const char *long_name)
{
	size_t i = ngiven;

	while (i-- > 0)
		if (given[i].o->long_name &&
		    strcmp(given[i].o->long_name, long_name) == 0)
			return given[i].val;
	return NULL;
}

static void
complete_commands(const char *prefix, int describe)
{
	const struct cmd *cmds;
	size_t n, i, plen = strlen(prefix);

	cmds = cmd_all(&n);
	for (i = 0; i < n; i++) {
		if (describe && strncmp(cmds[i].name, prefix, plen) == 0)
			printf("%s\t%s\n", cmds[i].name, cmds[i].summary);
		else if (!describe)
			complete_word(prefix, cmds[i].name);
	}
	if (describe && strncmp("help", prefix, plen) == 0)
		printf("help\tthe usage and options of a command\n");
	else if (!describe)
		complete_word(prefix, "help");
}

int
complete_main(struct ctx *c, const struct opt *globals, int argc, char **argv)
{
	/* __complete --describe: commands and options with their one line,
	 * tab-separated, for zsh and fish to show */
	int describe = argc > 0 && strcmp(argv[0], "--describe") == 0;
	const struct cmd *cmds, *cmd = NULL;
	const char *cur = argc > 0 ? argv[argc - 1] : "";
	const struct opt *pending = NULL;
	char *ops[64];
	int nops = 0, i, is_help = 0;
	size_t ncmds, k;

	if (describe) {
		argc--;
		argv++;
		cur = argc > 0 ? argv[argc - 1] : "";
	}
	cmds = cmd_all(&ncmds);
	for (i = 0; i < argc - 1; i++) {
		const char *w = argv[i], *attached;
		const struct opt *o;

		if (pending) {
			note_value(c, pending, w);
			pending = NULL;
			continue;
		}
		if ((o = lookup_option(globals, cmd, w, &attached)) != NULL) {
			if (attached)
				note_value(c, o, attached);
			else if (o->arg && !strchr(w, '='))
				pending = o;
			continue;
		}
		if (w[0] == '-')
			continue;
		if (!cmd && !is_help) {
			for (k = 0; k < ncmds; k++)
				if (strcmp(cmds[k].name, w) == 0)
					cmd = &cmds[k];
			is_help = strcmp(w, "help") == 0;
			continue;
		}
		if (nops < 64)
			ops[nops++] = argv[i];
	}
	/* a game id becomes part of a path: one that is not a game or an
	 * imported rulebook completes nothing from the data folders */
	if (c->game && !umpire_game_known(c, c->game))
		c->game = NULL;
	if (pending && pending->complete && cmd && cmd->complete &&
	    strcmp(pending->complete, "@operand") == 0 && nops < 64) {
		/* the command knows the value best: it sees "--name" last */
		char spelled[80];

		snprintf(spelled, sizeof spelled, "--%s", pending->long_name);
		ops[nops++] = spelled;
		cmd->complete(c, ops, nops, cur);
	} else if (pending)
		complete_values(c, cmd ? cmd->name : NULL, pending, cur);
	else if (cur[0] == '-') {
		if (cmd)
			opt_print_words(stdout, options_for(c, cmd), cur, describe);
		opt_print_words(stdout, globals, cur, describe);
	} else if ((!cmd && !is_help) || (is_help && nops == 0))
		complete_commands(cur, describe);
	else if (cmd && cmd->complete)
		cmd->complete(c, ops, nops, cur);
	return ST_OK;
}
