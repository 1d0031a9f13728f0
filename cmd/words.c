/*
 * words.c: `umpire words [game] [kind]`, the words a game knows, for a
 * player writing a map, a situation or a command line: its sides, unit
 * types and markers (what a situation may say, lib/situation.h), its terrain,
 * hex features and hexside features (rules/<game>/terrain.json), and the
 * maps, situations and tables it has.  A kind narrows the list to one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "data.h"
#include "err.h"
#include "games/game.h"
#include "out.h"
#include "situation.h"

const struct opt words_opts[] = {
	{ 0, 0, NULL, NULL, NULL, NULL }
};

static const char *const kinds[] = { "sides", "types", "markers", "terrain",
	"features", "hexsides", "maps", "situations", "tables" };
#define NKINDS (sizeof kinds / sizeof *kinds)

/* A list of words separated by spaces, into arr. */
static void
push_words(cJSON *arr, const char *p)
{
	char word[64];
	size_t len;

	while (p && *p) {
		len = strcspn(p, " ");
		snprintf(word, sizeof word, "%.*s", (int)len, p);
		if (len)
			json_push(arr, cJSON_CreateString(word));
		p += len;
		p += strspn(p, " ");
	}
}

/* Every string of the JSON array key of file game/rel into arr. */
static int
push_json(const struct ctx *c, const char *game, const char *rel,
    const char *key, cJSON *arr)
{
	char path[PATH_MAX], file[PATH_MAX];
	const cJSON *w;
	cJSON *root;
	int st;

	snprintf(file, sizeof file, "%s/%s", game, rel);
	if ((st = data_load_json(c, file, &root, path)) == ST_NO)
		return ST_OK;		/* a game without a map has no terrain */
	if (st != ST_OK)
		return st;
	cJSON_ArrayForEach(w, cJSON_GetObjectItemCaseSensitive(root, key))
		if (cJSON_IsString(w))
			json_push(arr, cJSON_CreateString(w->valuestring));
	cJSON_Delete(root);
	return ST_OK;
}

static void
push_names(const struct ctx *c, const char *game, const char *sub,
    cJSON *arr)
{
	char **names;
	size_t n, i;

	n = data_names(c, game, sub, &names);
	for (i = 0; i < n; i++) {
		json_push(arr, cJSON_CreateString(names[i]));
		free(names[i]);
	}
	free(names);
}

/* The words of one kind (an index of kinds[]) into arr. */
static int
kind_words(const struct ctx *c, const struct game *g, size_t k, cJSON *arr)
{
	const struct situation_rules *s = g->situation;

	switch (k) {
	case 0: push_words(arr, s ? s->sides : NULL); break;
	case 1:
		push_words(arr, s ? s->types : NULL);
		push_words(arr, s ? s->more_types : NULL);
		break;
	case 2: push_words(arr, s ? s->markers : NULL); break;
	case 3: case 4: case 5:
		return push_json(c, g->id, "terrain.json", kinds[k], arr);
	case 6: push_names(c, g->id, "maps", arr); break;
	case 7: push_names(c, g->id, "situations", arr); break;
	default:
		return push_json(c, g->id, "game.json", "tables", arr);
	}
	return ST_OK;
}

/* One kind as text: "types    italian-inf blackshirt ...", wrapped. */
static void
kind_lines(struct trail *t, const char *kind, const cJSON *arr)
{
	char line[80];
	const cJSON *w;
	size_t used;

	used = (size_t)snprintf(line, sizeof line, "%-11s", kind);
	if (!cJSON_GetArraySize(arr)) {
		trail_line(t, "%s(none)", line);
		return;
	}
	cJSON_ArrayForEach(w, arr) {
		size_t len = strlen(w->valuestring);

		if (used > 11 && used + 1 + len >= sizeof line - 2) {
			trail_line(t, "%s", line);
			used = (size_t)snprintf(line, sizeof line, "%-11s", "");
		}
		used += (size_t)snprintf(line + used, sizeof line - used, "%s%s",
		    used > 11 ? " " : "", w->valuestring);
	}
	trail_line(t, "%s", line);
}

static int
show(const struct ctx *c, const struct game *g, int only)
{
	struct trail *t = trail_new();
	cJSON *json = json_object(), *all = json_object(), *arr;
	size_t k;
	int st;

	json_set_str(json, "game", g->id);
	json_set_str(json, "procedure", "words");
	trail_title(t, NULL, "%s: the words it knows", g->title);
	for (k = 0; k < NKINDS; k++) {
		if (only >= 0 && (size_t)only != k)
			continue;
		arr = json_array();
		if ((st = kind_words(c, g, k, arr)) != ST_OK) {
			cJSON_Delete(arr);
			cJSON_Delete(all);
			cJSON_Delete(json);
			trail_free(t);
			return st;
		}
		kind_lines(t, kinds[k], arr);
		json_set(all, kinds[k], arr);
	}
	json_set(json, "words", all);
	return out_emit(c, json, t);
}

static int
kind_index(const char *word)
{
	size_t k;

	for (k = 0; k < NKINDS; k++)
		if (strcmp(kinds[k], word) == 0)
			return (int)k;
	return -1;
}

int
cmd_words(struct ctx *c, int argc, char **argv)
{
	struct opt_parser p;
	const char *ops[3], *game = c->game, *near;
	const struct game *g;
	int id, n = 0, i = 0, only = -1;

	opt_init(&p, words_opts, argc, argv);
	while ((id = opt_next(&p)) != OPT_END) {
		if (id == OPT_ERROR)
			return ST_USAGE;
		if (n == 2)
			return err(ST_USAGE, "unexpected argument: '%s' (words takes "
			    "a game and a kind)", p.arg);
		ops[n++] = p.arg;
	}
	/* [game] [kind]: a first operand that names a game is the game, as
	 * table reads it */
	if (n > 0 && game_find(ops[0]))
		game = ops[i++];
	if (!game || !(g = game_find(game)))
		return err(ST_USAGE, "no game given (name one, use -g, or set "
		    "UMPIRE_GAME)");
	if (i < n && (only = kind_index(ops[i])) < 0) {
		near = err_nearest(ops[i], kinds, NKINDS);
		return err(ST_USAGE, "unknown kind of word: '%s' (%s%s%s)", ops[i],
		    near ? "did you mean '" : "expected sides, types, markers, "
		    "terrain, features, hexsides, maps, situations or tables",
		    near ? near : "", near ? "'?" : "");
	}
	if (i + (only >= 0) < n)
		return err(ST_USAGE, "unexpected argument: '%s' (words takes a "
		    "game and a kind)", ops[n - 1]);
	return show(c, g, only);
}

void
complete_words(const struct ctx *c, char **ops, int nops, const char *prefix)
{
	size_t k;

	(void)c;
	if (nops == 0)
		complete_games(prefix);
	if (nops == 0 || (nops == 1 && game_find(ops[0])))
		for (k = 0; k < NKINDS; k++)
			complete_word(prefix, kinds[k]);
}
