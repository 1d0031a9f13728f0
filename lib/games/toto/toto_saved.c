/*
 * toto_saved.c: the shared reading of a saved game (toto_saved.h).
 */
#include <string.h>

#include "err.h"
#include "games/game.h"
#include "json.h"
#include "saved_apply.h"
#include "toto_saved.h"

const char *
toto_saved_str(const cJSON *o, const char *key)
{
	return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
}

int
toto_saved_num(const cJSON *o, const char *key, int dflt)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsNumber(v) ? v->valueint : dflt;
}

int
toto_saved_flag(const cJSON *o, const char *key)
{
	return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, key));
}

int
toto_saved_open(const struct ctx *c, struct saved *sv, int lock, int *open,
    struct map **m, struct situation **sit)
{
	int st;

	if ((st = saved_open(sv, c->saved, lock)) != ST_OK)
		return st;
	*open = 1;
	if (!m)
		return ST_OK;
	if ((st = map_load(c, saved_map(sv), m)) != ST_OK)
		return st;
	return saved_situation(sv, *m, &toto_situation, sit);
}

void
toto_saved_close(struct saved *sv, int open, struct map *m,
    struct situation *sit)
{
	if (sit)
		situation_free(sit);
	if (m)
		map_free(m);
	if (open)
		saved_close(sv);
}

cJSON *
toto_saved_applied(struct out_result *o, struct saved *sv)
{
	cJSON *applied = json_object();
	int n = cJSON_GetArraySize(saved_log(sv));

	out_text(o, NULL, "applied as step %d of saved game %s", n, sv->name);
	json_set_str(applied, "saved", sv->name);
	json_set_int(applied, "step", n);
	json_set(applied, "pending", json_must(cJSON_Duplicate(saved_pending(sv),
	    1)));
	json_set(o->json, "applied", applied);
	return applied;
}

cJSON *
toto_saved_take_off(struct saved *sv, const char *id)
{
	cJSON *units = saved_units(sv), *u;
	int i = 0;

	cJSON_ArrayForEach(u, units) {
		if (strcmp(toto_saved_str(u, "id") ? toto_saved_str(u, "id") : "",
		    id) == 0)
			return cJSON_DetachItemFromArray(units, i);
		i++;
	}
	return NULL;
}
