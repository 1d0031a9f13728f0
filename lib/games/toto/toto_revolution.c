/*
 * toto_revolution.c: the Russian Revolution on a saved game (28), for
 * `umpire event` (toto_event.c).  A Russian unit is one marked russian;
 * guerrillas are no Russian units.  The first revolution (28.2) rolls a
 * die for each, 1-3 withdrawn, a corps whole; the second (28.3) withdraws
 * them all and the Ottoman player places the Bolshevik Corps, neutral
 * (28.4): in a Russian city no unit holds while there is one, else on the
 * north map edge.  A withdrawn unit leaves the position, not to the dead
 * pile (7.10), and is kept with the event in the saved game's part.  The
 * Bolshevik Alliance gives the corps to the side that rolled it (6.3,
 * 6.4).
 */
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "err.h"
#include "hex.h"
#include "json.h"
#include "map.h"
#include "toto_revolution.h"
#include "toto_saved.h"

#define str toto_saved_str

static int
marked(const cJSON *u, const char *m)
{
	const cJSON *v;

	cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(u, "markers"))
		if (cJSON_IsString(v) && strcmp(v->valuestring, m) == 0)
			return 1;
	return 0;
}

static int
russian(const cJSON *u)
{
	return marked(u, "russian") && str(u, "type") &&
	    strcmp(str(u, "type"), "guerrilla") != 0;
}

int
toto_revolution_plan(struct out_result *o, const struct saved *sv,
    int stage, int (*face)(void *, int *), void *arg, cJSON *withdrawn)
{
	const cJSON *u;
	int f, given, n = 0;

	cJSON_ArrayForEach(u, saved_units(sv)) {
		if (!russian(u))
			continue;
		n++;
		if (stage == 2) {
			json_push(withdrawn, cJSON_CreateString(str(u, "id")));
			out_step(o, "28.3", "%s leaves the game", str(u, "id"));
			continue;
		}
		f = face(arg, &given);
		if (f <= 3)
			json_push(withdrawn, cJSON_CreateString(str(u, "id")));
		out_step(o, "28.2", "%s %d for %s: %s", given ? "your" : "rolled", f,
		    str(u, "id"), f <= 3 ? (marked(u, "corps") ? "withdrawn, "
		    "the corps whole" : "withdrawn") : "it stays");
	}
	if (!n)
		out_step(o, stage == 2 ? "28.3" : "28.2", "no unit of the position "
		    "is marked russian: none withdrawn");
	return n;
}

/* Whether hex idx holds a unit of the position, withdrawn ones aside. */
static int
held(const struct saved *sv, const struct map *m, int idx,
    const cJSON *withdrawn)
{
	const cJSON *u, *w;
	int gone;

	cJSON_ArrayForEach(u, saved_units(sv)) {
		gone = 0;
		cJSON_ArrayForEach(w, withdrawn)
			gone |= cJSON_IsString(w) && str(u, "id") &&
			    strcmp(w->valuestring, str(u, "id")) == 0;
		if (!gone && str(u, "hex") && map_lookup(m, str(u, "hex")) == idx)
			return 1;
	}
	return 0;
}

static int
feature(const struct map *m, int idx, const char *word)
{
	int bit = map_feature_bit(m, word);

	return bit >= 0 && (map_features(m, idx) >> bit & 1u);
}

int
toto_revolution_where(struct out_result *o, const struct saved *sv,
    const struct map *m, const char *hex, const cJSON *withdrawn)
{
	struct hex first, last;
	char id[HEX_IDLEN], free_city[HEX_IDLEN] = "";
	int idx, i;

	if ((idx = map_lookup(m, hex)) < 0 && (idx = map_find_place(m, hex)) < 0)
		return out_fail(o, ST_USAGE, "bad --hex: '%s' (expected a hex of "
		    "map %s for the Bolshevik Corps)", hex, map_name(m));
	map_hex_id(m, idx, id);
	for (i = 0; i < map_size(m) && !free_city[0]; i++)
		if (feature(m, i, "city") && feature(m, i, "russia") &&
		    !held(sv, m, i, withdrawn))
			map_hex_id(m, i, free_city);
	if (held(sv, m, idx, withdrawn))
		return out_fail(o, ST_USAGE, "%s holds a unit: the Bolshevik Corps "
		    "stacks with none (28.4)", id);
	if (free_city[0] && !(feature(m, idx, "city") && feature(m, idx,
	    "russia")))
		return out_fail(o, ST_USAGE, "the Bolshevik Corps goes first to a "
		    "Russian city no unit holds, as %s (28.4): not %s", free_city,
		    id);
	map_bounds(m, &first, &last);
	if (!free_city[0] && map_hex(m, idx).row != first.row)
		return out_fail(o, ST_USAGE, "every Russian city is held: the "
		    "Bolshevik Corps goes on the north map edge (28.4), not %s", id);
	out_step(o, "28.4", "the Bolshevik Corps, neutral, in %s: %s", id,
	    free_city[0] ? "a Russian city no unit holds" : "every Russian city "
	    "is held, so the north map edge");
	return ST_OK;
}

void
toto_revolution_apply(struct saved *sv, const cJSON *withdrawn,
    cJSON *entry, const char *hex, const int f[3])
{
	cJSON *gone = json_array(), *u, *mk;
	const cJSON *w;
	char def[16];

	cJSON_ArrayForEach(w, withdrawn)
		if (cJSON_IsString(w) && (u = toto_saved_take_off(sv,
		    w->valuestring)))
			json_push(gone, u);
	json_set(entry, "withdrawn", gone);
	if (!hex)
		return;
	u = json_object();
	json_set_str(u, "id", "bolshevik-corps");
	json_set_str(u, "side", "neutral");
	json_set_str(u, "type", "bolshevik");
	json_set_int(u, "strength", f[0]);
	json_set_int(u, "ma", f[2]);
	json_set_str(u, "hex", hex);
	snprintf(def, sizeof def, "def-%d", f[1]);
	json_set(u, "markers", mk = json_array());
	json_push(mk, cJSON_CreateString("corps"));
	json_push(mk, cJSON_CreateString(def));
	json_push(saved_units(sv), u);
}

int
toto_revolution_ally(struct saved *sv, const char *side)
{
	cJSON *u;
	int n = 0;

	cJSON_ArrayForEach(u, saved_units(sv))
		if (str(u, "type") && strcmp(str(u, "type"), "bolshevik") == 0) {
			cJSON_ReplaceItemInObjectCaseSensitive(u, "side", json_must(
			    cJSON_CreateString(side)));
			n++;
		}
	return n;
}
