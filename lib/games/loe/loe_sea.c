/*
 * loe_sea.c: the move of a stack that begins the phase at sea (6.4): it
 * lands first, at any hex of the feature port where the rules let it (an
 * Italian port no enemy holds, 6.4 B and D, for 1 MP), then moves on as
 * usual: the game's jump layer of the map search (move.h, map_path).  One search from every such port at once, each entered
 * with what its landing cost (path_reach_multi for a reach; for a path,
 * path_cheapest_multi, which stops at the target); a port where the
 * landing must stop (an enemy zone of control) ends the move there.  A
 * path is shown from the hex the situation lists the stack in (the port it
 * sailed from), the landing as its first step.
 */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "json.h"
#include "map.h"
#include "move.h"
#include "move_map.h"
#include "path.h"
#include "games/loe/loe_sea.h"

/* A budget for "as far as it takes" (--to with no MA): cost units. */
#define SEA_UNLIMITED	(1 << 20)

/*
 * The landings within budget: the ports the move goes on from, in from[]
 * with their cost in spent[] (how many returned), and in stopped[] (if
 * not NULL) what is left in a port where the landing ends the move, -1 in
 * every other hex.
 */
static int
landings(struct move_map *mm, int budget, int *from, int *spent,
    int *stopped)
{
	unsigned port = move_fmask(mm->vocab, "port");
	int n = map_size(mm->map), i, nsrc = 0;
	struct move_price p;

	for (i = 0; i < n; i++) {
		if (stopped)
			stopped[i] = -1;
		if (!(map_features(mm->map, i) & port) || move_map_land(mm, i, 0,
		    1, &p) < 0 || p.cost > budget)
			continue;
		if (p.stop) {
			if (stopped)
				stopped[i] = budget - p.cost;
		} else {
			from[nsrc] = i;
			spent[nsrc++] = p.cost;
		}
	}
	return nsrc;
}

/* left[] and prev[] after landing wherever the game allows. */
int
loe_sea_reach(struct move_map *mm, int budget, int *left, int *prev)
{
	int n = map_size(mm->map), i, nsrc, count = 0;
	int *from, *spent, *stopped;

	if (!mm->starts_off)
		return MOVE_MAP_PLAIN;
	from = err_calloc((size_t)n, sizeof *from);
	spent = err_calloc((size_t)n, sizeof *spent);
	stopped = err_calloc((size_t)n, sizeof *stopped);
	nsrc = landings(mm, budget, from, spent, stopped);
	path_reach_multi(mm->map, from, spent, nsrc, budget, move_map_cost, mm,
	    left, prev);
	for (i = 0; i < n; i++) {
		if (stopped[i] > left[i]) {
			left[i] = stopped[i];
			if (prev)
				prev[i] = -1;
		}
		count += left[i] >= 0;
	}
	free(from);
	free(spent);
	free(stopped);
	return count;
}

/*
 * The way to `to` as move_sea_reach's left[] and prev[] would draw it: the
 * search from the landings stops at `to`, and a landing in `to` that ends
 * the move there stands only if it is cheaper.
 */
int
loe_sea_path(struct move_map *mm, int to, int budget,
    struct path_result *out)
{
	int n = map_size(mm->map), i, nsrc, b = budget < 0 ? SEA_UNLIMITED :
	    budget, stop = -1, st;
	int *from, *spent;
	struct path_result land;
	struct move_price p;

	if (!mm->starts_off)
		return MOVE_MAP_PLAIN;
	from = err_calloc((size_t)n, sizeof *from);
	spent = err_calloc((size_t)n, sizeof *spent);
	memset(out, 0, sizeof *out);
	nsrc = landings(mm, b, from, spent, NULL);
	if (to >= 0 && to < n && (map_features(mm->map, to) &
	    move_fmask(mm->vocab, "port")) && move_map_land(mm, to, 0, 1,
	    &p) == 0 && p.stop && p.cost <= b)
		stop = p.cost;
	st = path_cheapest_multi(mm->map, from, spent, nsrc, to, b,
	    move_map_cost, mm, &land);
	free(from);
	free(spent);
	if (stop >= 0 && (st != ST_OK || stop < land.total)) {
		/* the landing itself, which ends the move */
		if (st == ST_OK)
			path_result_free(&land);
		land.n = 1;
		land.hexes = err_malloc(sizeof *land.hexes);
		land.costs = err_malloc(sizeof *land.costs);
		land.hexes[0] = to;
		land.costs[0] = land.total = stop;
		st = ST_OK;
	}
	if (st != ST_OK)
		return ST_NO;
	/* the port sailed from, then the landing and the way on */
	out->n = land.n + 1;
	out->hexes = err_malloc((size_t)out->n * sizeof *out->hexes);
	out->costs = err_malloc((size_t)out->n * sizeof *out->costs);
	out->hexes[0] = mm->origin;
	out->costs[0] = 0;
	for (i = 0; i < land.n; i++) {
		out->hexes[i + 1] = land.hexes[i];
		out->costs[i + 1] = land.costs[i];
	}
	out->total = land.total;
	path_result_free(&land);
	return ST_OK;
}

/* 6.4 D: a stack at sea may land in port `to`. */
int
loe_sea_enters(struct move_map *mm, int to)
{
	struct move_price p;

	return mm->starts_off && (map_features(mm->map, to) &
	    move_fmask(mm->vocab, "port")) && move_map_land(mm, to, 0, 1,
	    &p) == 0;
}

/* Off the map (at sea) for a search, or back on its hex. */
static void
at_sea(struct move_map *mm, int on)
{
	int j;

	mm->starts_off = on;
	for (j = 0; j < mm->nunits; j++)
		mm->units[j].flags = on ? mm->units[j].flags | MOVE_OFF_MAP :
		    mm->units[j].flags & ~MOVE_OFF_MAP;
}

/*
 * 6.4: a stack in a port that no path over land takes to the hex may put
 * to sea: where it would land next phase and what the way from there
 * costs of its allowance then (6.4 C, D); or, with the turn's sea lift
 * spent, why it may not (6.4 A).
 */
void
loe_sea_other_way(struct move_map *mm, int to, int budget, int scale,
    char *text, size_t len, const char **rule, cJSON *json)
{
	struct path_result pr;
	struct move_price p;
	cJSON *o;
	char a[16], id[HEX_IDLEN];
	size_t n = strlen(text);
	int st;

	if (mm->starts_off || !(map_features(mm->map, mm->origin) &
	    move_fmask(mm->vocab, "port")))
		return;
	if (move_map_act(mm, "embark", &p) < 0) {
		if (p.rule && strcmp(p.rule, "6.4 A") == 0) {
			snprintf(text + n, len - n, "; not by sea: %s", p.why);
			*rule = p.rule;
		}
		return;
	}
	at_sea(mm, 1);
	st = move_map_path(mm, to, budget, &pr);
	at_sea(mm, 0);
	if (st != ST_OK)
		return;
	map_hex_id(mm->map, pr.hexes[1], id);
	snprintf(text + n, len - n, "; by sea: embark now, land at %s next "
	    "phase and get there for %s MP", id, move_mp_text(pr.total, scale,
	    a));
	*rule = "6.4";
	o = json_object();
	json_set_str(o, "port", id);
	json_set_num(o, "total", (double)pr.total / scale);
	json_set_str(o, "rule", "6.4 C, 6.4 D");
	json_set(json, "by_sea", o);
	path_result_free(&pr);
}

/*
 * 6.4 C: a stack standing in a port, with a path whose first step is a
 * voyage to another port (not a hex next to it), puts to sea this phase
 * and lands next phase: the path is then priced as next phase's move from
 * the sea.  Refused when the unit may not embark (the sea lift of 6.4 A
 * used, a side with no sea movement).
 */
int
loe_sea_along_starts(struct move_map *mm, const int *path, int n, char *why,
    size_t len)
{
	unsigned port = move_fmask(mm->vocab, "port");
	struct move_price p;
	char a[HEX_IDLEN];

	if (mm->starts_off || n < 2 || !port ||
	    !(map_features(mm->map, path[0]) & port) ||
	    !(map_features(mm->map, path[1]) & port) ||
	    map_direction(mm->map, path[0], path[1]) >= 0)
		return 0;
	map_hex_id(mm->map, path[0], a);
	if (move_map_act(mm, "embark", &p) < 0) {
		snprintf(why, len, "may not put to sea from %s: %s (%s)", a,
		    p.why ? p.why : "not allowed", p.rule ? p.rule : "the rules");
		return -1;
	}
	at_sea(mm, 1);
	return 1;
}
