/*
 * toto_victory.c: Twilight of the Ottomans' victory (30), for `umpire
 * victory` (the procedure "victory").
 *
 * Each side's level comes from its own final total alone (30.1), so both
 * may win or lose; it is judged when the game is over (the saved game
 * ended, or --at-end: after the scenario's last turn, 4.2's turn advance
 * phase) and before that said as it stands.  The automatic victory (30.2)
 * ends the game: one side at 0 VP while the other has 1 or more, at any
 * time; or one side's units in all twelve cities, looked at in the
 * victory check phase.  The totals are no part of the position: the
 * players give them (--ottoman-vp, --allied-vp).  The bands, the cities
 * (by name, found on the map) and the phase are data
 * (rules/toto/victory.json).
 */
#include <stdio.h>
#include <string.h>

#include "crt.h"
#include "data.h"
#include "err.h"
#include "json.h"
#include "map.h"
#include "out.h"
#include "situation.h"
#include "toto_impl.h"
#include "victory.h"
#include "opt.h"

const char *const toto_victory_fields[] = { "game", "situation", "map",
	"turn", "at_end", "ottoman_vp", "allied_vp", NULL };

/* `umpire victory`'s options of this game's rules */
const struct opt toto_victory_opts[] = {
	{ OPT_FIELD, 0, "ottoman-vp", "n", "the Ottoman total, 0 to "
	  "100", NULL },
	{ OPT_FIELD, 0, "allied-vp", "n", "the Allied total, 0 to 100",
	  NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

static const char *const sides[] = { "ottoman", "allied" };
static const char *const names[] = { "the Ottomans", "the Allies" };

struct tv {
	struct victory_pos p;
	int have_pos;
	int vp[2];
	int end;
};

static const cJSON *
part(const struct tv *v, const char *key)
{
	return victory_member(v->p.data, key);
}

/* 30.1: the band of a total, or NULL (reported). */
static const cJSON *
band_of(const struct tv *v, int vp)
{
	const cJSON *b;
	int to;

	cJSON_ArrayForEach(b, victory_member(part(v, "levels"), "bands"))
		if (data_json_int(victory_member(b, "to"), 0, 100, &to) == 0 &&
		    vp <= to && victory_text(b, "code") && victory_text(b, "name"))
			return b;
	err(ST_DATA, "%s: levels: no band holds %d VP", v->p.path, vp);
	return NULL;
}

/* Whether side s has a force (not of the data's not_forces) in idx. */
static int
holds(const struct tv *v, int idx, int s)
{
	const cJSON *nf = victory_member(part(v, "automatic"), "not_forces");
	const struct unit *in[32];
	const cJSON *w;
	int n = situation_in_hex(v->p.sit, idx, in, 32), i, skip;

	for (i = 0; i < n && i < 32; i++) {
		skip = strcmp(in[i]->side, sides[s]) != 0;
		cJSON_ArrayForEach(w, nf)
			skip |= cJSON_IsString(w) && strcmp(w->valuestring,
			    in[i]->type) == 0;
		if (!skip)
			return 1;
	}
	return 0;
}

/* 30.2: the twelve cities; returns the side holding them all, -1 for
 * none, -2 for broken data (reported). */
static int
cities(struct out_result *o, const struct tv *v, int now)
{
	const cJSON *c;
	char missing[512] = "";
	int held[2] = { 0, 0 }, total = 0, off = 0, idx, s;
	size_t used = 0;

	cJSON_ArrayForEach(c, victory_member(part(v, "automatic"), "cities")) {
		if (!cJSON_IsString(c))
			continue;
		total++;
		if ((idx = map_find_place(v->p.map, c->valuestring)) >= 0) {
			for (s = 0; s < 2; s++)
				held[s] += holds(v, idx, s);
		} else if (++off && used < sizeof missing)
			used += (size_t)snprintf(missing + used, sizeof missing - used,
			    "%s%s", off > 1 ? ", " : "", c->valuestring);
	}
	if (total == 0) {
		err(ST_DATA, "%s: automatic: expected the cities' names",
		    v->p.path);
		return -2;
	}
	if (off) {
		out_step(o, "30.2", "the %d cities: not looked at, map %s does not "
		    "name %s", total, map_name(v->p.map), missing);
		return -1;
	}
	for (s = 0; s < 2; s++)
		victory_condition(o, "30.2", sides[s], VICTORY_CHECK_PHASE,
		    held[s] == total && now,
		    "%s hold %d of the %d cities; %s", names[s], held[s], total,
		    now ? "in the victory check phase" : "looked at only in the "
		    "victory check phase");
	return held[0] == total && now ? 0 : held[1] == total && now ? 1 : -1;
}

/* 30.2: one side at 0 VP while the other has 1 or more; at once. */
static int
zero(struct out_result *o, const struct tv *v)
{
	int s, won = -1;

	for (s = 0; s < 2; s++)
		if (victory_condition(o, "30.2", sides[s], VICTORY_AT_ONCE,
		    v->vp[!s] == 0 &&
		    v->vp[s] >= 1, "%s down to 0 VP while %s keep 1 or more: "
		    "%d to %d; at once", names[!s], names[s], v->vp[!s], v->vp[s]))
			won = s;
	return won;
}

/* 30.1: each side's level by its own total. */
static int
levels(struct out_result *o, const struct tv *v)
{
	const cJSON *b[2];
	cJSON *lv = json_object();
	int s;

	for (s = 0; s < 2; s++) {
		if (!(b[s] = band_of(v, v->vp[s]))) {
			cJSON_Delete(lv);
			return ST_DATA;
		}
		json_set_str(lv, sides[s], victory_text(b[s], "code"));
		out_step(o, "30.1", "%s: %d VP, %s%s", names[s], v->vp[s],
		    victory_text(b[s], "name"), v->end ? "" : " if the game ended "
		    "now");
	}
	json_set(o->json, "levels", lv);
	if (v->end)
		victory_verdict(o, "levels", "30.1", "the Ottomans: %s (%d VP); "
		    "the Allies: %s (%d VP)", victory_text(b[0], "name"), v->vp[0],
		    victory_text(b[1], "name"), v->vp[1]);
	else
		victory_verdict(o, "none", "30.1", "no one has won yet: each "
		    "side's level is judged at the game's end");
	return ST_OK;
}

static int
totals(struct out_result *o, const cJSON *req, struct tv *v)
{
	int st, given, s;
	char name[64];
	const char *keys[] = { "ottoman_vp", "allied_vp" };

	for (s = 0; s < 2; s++) {
		if ((st = victory_int(o, req, keys[s], 0, 100, &v->vp[s],
		    &given)) != ST_OK)
			return st;
		if (!given)
			return out_fail(o, ST_USAGE, "the victory points are kept "
			    "on the track, not in the position: give %s N (0 to "
			    "100, 5.7)", out_field_name(o, keys[s], name));
		json_set_int(o->json, keys[s], v->vp[s]);
	}
	return ST_OK;
}

static int
check(struct ctx *c, const cJSON *req, struct out_result *o, struct tv *v)
{
	const char *phase, *now;
	int st, flag, won;

	if ((st = crt_req_check(o, req, "toto", toto_victory_fields)) != ST_OK)
		return st;
	if ((st = victory_open(c, o, req, &v->p)) == ST_OK)
		v->have_pos = 1;
	else if (st != ST_NO)
		return st;
	if ((st = victory_data(c, &v->p, "toto/victory.json")) != ST_OK ||
	    (st = totals(o, req, v)) != ST_OK ||
	    (st = crt_req_flag(o, req, "at_end", &flag)) != ST_OK)
		return st;
	phase = victory_text(part(v, "automatic"), "phase");
	now = victory_phase_name(&v->p);
	v->end = flag || v->p.ended;
	out_title(o, "victory: Twilight of the Ottomans%s%s", v->p.spec ? ", " :
	    "", v->p.spec ? v->p.spec : "");
	if ((won = zero(o, v)) < 0 && v->have_pos &&
	    (won = cities(o, v, v->end || (phase && now &&
	    strcmp(now, phase) == 0))) == -2)
		return ST_DATA;
	if (won >= 0) {
		victory_verdict(o, sides[won], "30.2", "%s win an automatic "
		    "victory: the game ends", names[won]);
		return ST_OK;
	}
	return levels(o, v);
}

int
toto_victory_run(struct ctx *c, const cJSON *req, struct out_result *o)
{
	struct tv v;
	int st;

	memset(&v, 0, sizeof v);
	st = check(c, req, o, &v);
	victory_close(&v.p);
	return st;
}
