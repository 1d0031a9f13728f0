/*
 * game.c: the games, found by id, and what they share.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "data.h"
#include "err.h"
#include "game.h"
#include "map.h"
#include "saved.h"
#include "situation.h"

/* Every folder of lib/games/, in id order, NULL-terminated: the list the
 * Makefile writes (lib/games/registry.c). */
extern const struct game *const game_registry[];

const struct game *const *
game_all(size_t *n)
{
	for (*n = 0; game_registry[*n]; ++*n)
		;
	return game_registry;
}

const struct game *
game_find(const char *id)
{
	const struct game *const *g;

	for (g = game_registry; *g; g++)
		if (strcmp((*g)->id, id) == 0)
			return *g;
	return NULL;
}

const struct game_proc *
game_proc(const struct game *g, const char *name)
{
	const struct game_proc *p;

	for (p = g->procs; p && p->name; p++)
		if (strcmp(p->name, name) == 0)
			return p;
	return NULL;
}

const char *const *
game_ids(size_t *n)
{
	static const char **ids;
	const struct game *const *g = game_all(n);
	size_t i;

	if (!ids) {
		ids = err_malloc((*n + 1) * sizeof *ids);
		for (i = 0; i <= *n; i++)
			ids[i] = i < *n ? g[i]->id : NULL;
	}
	return ids;
}

const char *
game_id_list(void)
{
	static char list[512];
	size_t n, i, used = 0;
	const char *const *id = game_ids(&n);

	if (list[0])
		return list;
	for (i = 0; i < n && used < sizeof list; i++)
		used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
		    i == 0 ? "" : i + 1 == n ? " or " : ", ", id[i]);
	return list;
}

int
game_proc_reads(const struct game_proc *p, const char *field)
{
	const char *const *f;

	if (!p->fields)
		return 1;
	for (f = p->fields; *f; f++)
		if (strcmp(*f, field) == 0)
			return 1;
	return 0;
}

int
game_field_read(const char *proc, const char *field)
{
	const struct game *const *g;
	const struct game_proc *p;

	for (g = game_registry; *g; g++)
		for (p = (*g)->procs; p && p->name; p++)
			if ((!proc || strcmp(p->name, proc) == 0) && p->fields &&
			    game_proc_reads(p, field))
				return 1;
	return 0;
}

const char *const *
game_proc_words(const struct game_proc *p, const char *field)
{
	const struct game_words *w;

	for (w = p->words; w && w->field; w++)
		if (strcmp(w->field, field) == 0)
			return w->words;
	return NULL;
}

/* "saved:NAME", the position of saved game NAME (saved.h): NAME, or
 * NULL for any other spec. */
static const char *
saved_spec(const char *spec)
{
	return spec && strncmp(spec, GAME_SAVED_SPEC, strlen(GAME_SAVED_SPEC))
	    == 0 ? spec + strlen(GAME_SAVED_SPEC) : NULL;
}

static int
saved_open_position(const struct map *m, const char *name,
    const struct situation_rules *rules, struct situation **out)
{
	struct saved sv;
	int st;

	if ((st = saved_open(&sv, name, 0)) == ST_OK) {
		if (strcmp(saved_game(&sv), map_game(m)) != 0)
			st = err(ST_USAGE, "saved game '%s' is a game of %s, "
			    "the map '%s' one of %s", name, saved_game(&sv),
			    map_name(m), map_game(m));
		else
			st = saved_situation(&sv, m, rules, out);
	}
	saved_close(&sv);
	return st;
}

int
game_situation_open_with(const struct ctx *c, const struct map *m,
    const char *spec, const struct situation_rules *rules,
    struct situation **out)
{
	if (saved_spec(spec))
		return saved_open_position(m, saved_spec(spec), rules, out);
	return situation_open(c, m, spec, rules, out);
}

int
game_situation_open(const struct ctx *c, const struct map *m,
    const char *spec, struct situation **out)
{
	const struct game *g = game_find(map_game(m));

	return game_situation_open_with(c, m, spec, g ? g->situation : NULL,
	    out);
}

/* The game and map of a saved game's position. */
static int
saved_defaults(const char *name, const char **game, char map[64])
{
	struct saved sv;
	int st;

	if ((st = saved_open(&sv, name, 0)) == ST_OK) {
		if (*game && strcmp(*game, saved_game(&sv)) != 0)
			st = err(ST_USAGE, "-g %s: saved game '%s' is a game "
			    "of %s", *game, name, saved_game(&sv));
		else if (!*game)
			*game = game_find(saved_game(&sv)) ?
			    game_find(saved_game(&sv))->id : NULL;
		if (st == ST_OK && !map[0])
			snprintf(map, 64, "%s", saved_map(&sv));
	}
	saved_close(&sv);
	return st;
}

/* The game and map members of a situation file. */
static int
file_defaults(const char *spec, const char **game, char map[64])
{
	const cJSON *g, *m;
	const struct game *found;
	char *buf, why[160];
	cJSON *root;
	size_t len;
	int st;

	if ((st = data_read_file(spec, &buf, &len)) != ST_OK)
		return st;
	if (data_parse_json(buf, len, &root, why, sizeof why) < 0) {
		free(buf);
		return err(ST_DATA, "%s: %s", spec, why);
	}
	free(buf);
	g = cJSON_GetObjectItemCaseSensitive(root, "game");
	m = cJSON_GetObjectItemCaseSensitive(root, "map");
	if (!*game && cJSON_IsString(g) && (found = game_find(g->valuestring)))
		*game = found->id;
	if (!map[0] && cJSON_IsString(m) && strlen(m->valuestring) < 64)
		snprintf(map, 64, "%s", m->valuestring);
	cJSON_Delete(root);
	return ST_OK;
}

/* A name: the one game that ships a situation of it. */
static int
name_defaults(const struct ctx *c, const char *spec, const char **game,
    char found[PATH_MAX])
{
	char rel[PATH_MAX], path[PATH_MAX], which[128] = "";
	size_t n, i, hits = 0;
	const struct game *const *g = game_all(&n);

	for (i = 0; i < n; i++) {
		if (snprintf(rel, sizeof rel, "%s/situations/%s.json", g[i]->id,
		    spec) >= (int)sizeof rel || data_find(c, rel, path) != 0)
			continue;
		if (!hits++) {
			*game = g[i]->id;
			memcpy(found, path, PATH_MAX);
		}
		snprintf(which + strlen(which), sizeof which - strlen(which),
		    "%s%s", hits > 1 ? ", " : "", g[i]->id);
	}
	if (hits == 1)
		return ST_OK;
	*game = NULL;
	if (!hits)
		return err(ST_USAGE, "no game ships a situation of that name "
		    "(name the game with -g): '%s'", spec);
	return err(ST_USAGE, "situation %s is in more than one game (%s): "
	    "name the game with -g: '%s'", spec, which, spec);
}

static int
defaults(const struct ctx *c, const char *spec, const char **game,
    char map[64])
{
	char rel[PATH_MAX], path[PATH_MAX];
	int st;

	if (saved_spec(spec))
		return saved_defaults(saved_spec(spec), game, map);
	if (situation_is_path(spec))
		return file_defaults(spec, game, map);
	if (!*game)
		st = name_defaults(c, spec, game, path);
	else if (snprintf(rel, sizeof rel, "%s/situations/%s.json", *game,
	    spec) >= (int)sizeof rel || data_find(c, rel, path) != 0)
		return ST_OK;	/* situation_open says what is wrong */
	else
		st = ST_OK;
	/* the situation's own file says its map */
	return st != ST_OK ? st : file_defaults(path, game, map);
}

int
game_situation_defaults(struct ctx *c, const char *spec, const char **map)
{
	static char name[64];
	const char *game = c->game;
	int st;

	if (!spec || (c->game && *map))
		return ST_OK;
	name[0] = '\0';
	if ((st = defaults(c, spec, &game, name)) != ST_OK)
		return st;
	c->game = game;
	if (!*map && name[0])
		*map = name;
	return ST_OK;
}
