/*
 * situation_words.c: a position typed on the command line instead of a
 * file (situation.h, situation_of_words): one unit of a type at a hex,
 * and enemy units at the hexes given, each the game's stand-in for the
 * other side.  It is made as a situation file would be and read by the
 * same parser and checks, so every rule that reads a file reads it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "json.h"
#include "map.h"
#include "situation.h"

/* The n-th word of a list of words separated by spaces, into buf. */
static int
word_at(const char *list, int n, char *buf, size_t len)
{
	const char *p = list;
	size_t k;

	while (p && *p) {
		p += strspn(p, " ");
		k = strcspn(p, " ");
		if (k && n-- == 0) {
			snprintf(buf, len, "%.*s", (int)k, p);
			return 1;
		}
		p += k;
	}
	return 0;
}

static cJSON *
unit(const char *id, const char *side, const char *type, const char *hex,
    int ma)
{
	cJSON *u = json_object();

	json_set_str(u, "id", id);
	json_set_str(u, "side", side);
	json_set_str(u, "type", type);
	json_set_int(u, "strength", 1);
	if (ma > 0)
		json_set_int(u, "ma", ma);
	json_set_str(u, "hex", hex);
	return u;
}

/* The units made into a situation, parsed and checked: 0, or -1. */
static int
try(const struct map *m, const struct situation_rules *r, cJSON *units,
    struct situation **out, char *why, size_t len)
{
	cJSON *root = json_object();
	char *text;
	int st;

	json_set_str(root, "format", "umpire-situation/1");
	json_set_str(root, "game", r->game);
	json_set_str(root, "map", map_name(m));
	json_set(root, "units", json_must(cJSON_Duplicate(units, 1)));
	text = cJSON_PrintUnformatted(root);
	cJSON_Delete(root);
	if (!text)
		return snprintf(why, len, "out of memory"), -1;
	st = situation_parse_for(text, strlen(text), m, r, out, why, len);
	cJSON_free(text);
	if (st == 0 && situation_check(*out, m, r, why, len) < 0) {
		situation_free(*out);
		*out = NULL;
		st = -1;
	}
	return st;
}

/* With the unit of side as units[0]: the enemies, each the first
 * stand-in of another side that the map takes. */
static int
with_enemies(const struct map *m, const struct situation_rules *r,
    const struct situation_words *w, cJSON *units, const char *side,
    struct situation **out, char *why, size_t len)
{
	char pair[96], id[32], *colon;
	int i, k;

	if (w->nenemy == 0)
		return try(m, r, units, out, why, len);
	for (k = 0; word_at(r->stand_in, k, pair, sizeof pair); k++) {
		if (!(colon = strchr(pair, ':')))
			continue;
		*colon = '\0';
		if (strcmp(pair, side) == 0)
			continue;
		while (cJSON_GetArraySize(units) > 1)
			cJSON_DeleteItemFromArray(units, 1);
		for (i = 0; i < w->nenemy; i++) {
			snprintf(id, sizeof id, "enemy-%d", i + 1);
			json_push(units, unit(id, pair, colon + 1, w->enemy[i], 0));
		}
		if (try(m, r, units, out, why, len) == 0)
			return 0;
	}
	if (!r->stand_in)
		snprintf(why, len, "%s gives no stand-in for an enemy unit",
		    r->game);
	return -1;
}

int
situation_of_words(const struct map *m, const struct situation_rules *r,
    const struct situation_words *w, struct situation **out, char *why,
    size_t len)
{
	char side[32], first[256] = "";
	cJSON *units;
	int k, st = -1;

	*out = NULL;
	for (k = 0; st < 0 && (w->side ? k == 0 : word_at(r->sides, k, side,
	    sizeof side)); k++) {
		units = json_array();
		json_push(units, unit(w->type, w->side ? w->side : side, w->type,
		    w->hex, w->ma));
		st = with_enemies(m, r, w, units, w->side ? w->side : side, out,
		    why, len);
		cJSON_Delete(units);
		if (st < 0 && !first[0])
			snprintf(first, sizeof first, "%s", why);
	}
	/* the first side's reason: the others' say the type is not theirs */
	if (st < 0 && first[0])
		snprintf(why, len, "%s", first);
	return st;
}
