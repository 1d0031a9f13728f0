/*
 * supply-trace-cut.c: `supply-trace --cut`, what would cut these lines:
 * the hexes an enemy unit would have to stand in to put the traced units
 * out of supply, the most units cut first (lib/supply_cut.h).
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "err.h"
#include "games/game.h"
#include "hex.h"
#include "json.h"
#include "map.h"
#include "out.h"
#include "situation.h"
#include "supply-trace.h"
#include "supply_cut.h"
#include "trail.h"

/* One hex: its line and its object. */
static void
cut_out(const struct st_run *run, const struct supply_cut *cut,
    struct trail *t, cJSON *arr)
{
	cJSON *o = json_object(), *ids = json_array();
	char hex[HEX_IDLEN], names[256];
	size_t n = 0;
	int i;

	hex_format(map_hex(run->map, cut->hex), hex);
	names[0] = '\0';
	for (i = 0; i < cut->n; i++) {
		const char *id = run->ans[cut->units[i]].u->id;

		json_push(ids, cJSON_CreateString(id));
		if (n < sizeof names)
			n += (size_t)snprintf(names + n, sizeof names - n, "%s%s",
			    i ? ", " : "", id);
	}
	trail_step(t, cut->rule, "%s: cuts %s (%d unit%s)", hex, names, cut->n,
	    cut->n == 1 ? "" : "s");
	json_set_str(o, "hex", hex);
	json_set(o, "units", ids);
	json_set_str(o, "rule", cut->rule);
	json_push(arr, o);
}

int
supply_trace_cuts(const struct ctx *c, const struct st_args *a,
    struct st_run *run)
{
	struct supply_cut *cuts;
	struct trail *t;
	cJSON *j, *arr, *res;
	int n, i, in = 0, st;

	if ((st = supply_cuts(&run->r, run->ans, run->n, &cuts, &n)) != ST_OK)
		return st;
	for (i = 0; i < run->n; i++)
		in += run->ans[i].supplied && run->ans[i].needs;
	t = trail_new();
	j = json_object();
	arr = json_array();
	json_set_str(j, "game", run->r.g->id);
	json_set_str(j, "procedure", "supply-trace");
	json_set_str(j, "map", a->map);
	json_set_str(j, "situation", a->situation);
	json_set_str(j, "phase", supply_trace_phase_words[a->phase]);
	trail_title(t, NULL, "%s: what would cut these lines, %s phase%s%s",
	    run->r.g->title, supply_trace_phase_words[a->phase], a->side ?
	    ", side " : "", a->side ? a->side : "");
	trail_line(t, "  an enemy unit standing in the hex; the enemy's zones "
	    "of control as they are");
	for (i = 0; i < n; i++)
		cut_out(run, &cuts[i], t, arr);
	res = json_object();
	json_set_str(res, "code", n ? "cut" : "uncut");
	if (!in)
		json_set_str(res, "text", "no unit traced is in supply by a "
		    "line");
	else if (!n)
		json_set_str(res, "text", "no single hex cuts these lines");
	else
		json_set_str(res, "text", "the hexes that cut them, the most "
		    "units first");
	trail_result(t, NULL, "%s", cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(res, "text")));
	json_set_int(j, "supplied", in);
	json_set(j, "cuts", arr);
	json_set(j, "result", res);
	supply_cuts_free(cuts, n);
	return out_emit(c, j, t);
}
