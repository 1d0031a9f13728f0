/*
 * supply-trace-eye.c: `umpire supply-trace -g GAME --hexes n --through
 * words`: a supply line the player traced by eye on the printed map.  The
 * count is checked against the game's limit as its rules count (loe 9.2:
 * not the unit's hex, the source's hex yes) and every word the line
 * crosses is judged by the game's supply rules (lib/games/<game>_supply.c).
 */
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "games/game.h"
#include "out.h"
#include "supply-trace.h"

static int
judge(struct supply_run *r, const char *list, struct trail *t, cJSON *words,
    int *blocked)
{
	char buf[512], *w, *save = NULL;
	const char *why, *rule;
	cJSON *o;
	int v;

	if (strlen(list) >= sizeof buf)
		return err(ST_USAGE, "--through: too long: '%.40s...'", list);
	snprintf(buf, sizeof buf, "%s", list);
	for (w = strtok_r(buf, ",+", &save); w; w = strtok_r(NULL, ",+",
	    &save)) {
		if ((v = r->g->supply->blocks(r, w, &why, &rule)) == -2)
			return err(ST_USAGE, "--through: not a %s word: '%s'",
			    r->g->id, w);
		trail_step(t, rule, "%s: %s%s", w, why, v ? " (blocks)" : "");
		o = json_object();
		json_set_str(o, "word", w);
		json_set_bool(o, "blocks", v);
		json_set_str(o, "why", why);
		json_set_str(o, "rule", rule);
		json_push(words, o);
		*blocked |= v;
	}
	return ST_OK;
}

int
supply_trace_by_eye(const struct ctx *c, const struct st_args *a)
{
	struct supply_run r;
	const struct game *g = game_find(c->game);
	struct trail *t;
	cJSON *j, *words;
	int st, blocked = 0, limit, ok, too_long;

	if (!g || !g->supply)
		return err(ST_USAGE, "%s has no supply lines to trace: '%s'",
		    g ? g->id : "no such game", c->game);
	supply_run_clear(&r);
	r.c = c;
	r.g = g;
	if ((st = supply_open(&r)) != ST_OK) {
		supply_close(&r);
		return st;
	}
	t = trail_new();
	j = json_object();
	words = json_array();
	trail_title(t, NULL, "%s: a supply line traced by eye", g->title);
	/* the words first: one may set the limit (toto radius-N, 15.2) */
	if (a->through && (st = judge(&r, a->through, t, words, &blocked)) !=
	    ST_OK) {
		cJSON_Delete(j);
		cJSON_Delete(words);
		trail_free(t);
		supply_close(&r);
		return st;
	}
	limit = g->supply->limit ? g->supply->limit(&r) : g->supply->maxhexes;
	/* a limit below 0: the game allows a line of any length (sotq 11) */
	if (limit < 0)
		trail_step(t, g->supply->count_rule, "%d hex%s: any length "
		    "will do", a->hexes, a->hexes == 1 ? "" : "es");
	else
		trail_step(t, g->supply->count_rule, "%d hex%s, counted without "
		    "the unit's hex and with the source's; %d allowed",
		    a->hexes, a->hexes == 1 ? "" : "es", limit);
	too_long = limit >= 0 && a->hexes > limit;
	ok = !blocked && !too_long;
	if (ok)
		trail_result(t, g->supply->count_rule, "the line holds: in "
		    "supply");
	else
		trail_result(t, too_long ? g->supply->count_rule :
		    NULL, "no line: out of supply%s", too_long ?
		    " (too long)" : "");
	json_set_str(j, "game", g->id);
	json_set_num(j, "hexes", a->hexes);
	json_set(j, "allowed", limit < 0 ? cJSON_CreateNull() :
	    cJSON_CreateNumber(limit));
	json_set(j, "through", words);
	json_set_bool(j, "supplied", ok);
	json_set_str(j, "rule", g->supply->count_rule);
	supply_close(&r);
	if ((st = out_emit(c, j, t)) != ST_OK)
		return st;
	return ok ? ST_OK : ST_NO;
}
