/*
 * move-cost-retreat.c: `umpire move-cost --map --retreat N`: the hexes a
 * retreat may end in and a route to each, every step with its rule (loe
 * 8.4, 8.4.1's road; toto 13.2's losses; sotq 10.G, 13.E, 14 off the
 * map's edge), or where the unit dies (loe 8.4.3, toto 13.2).  The routes
 * are lib/move_route.c's and the outcome lib/move_answer.c's, the one
 * computation map svg draws; this file words them and knows no rule.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "games/game.h"
#include "hex.h"
#include "map-svg-job.h"
#include "move-cost-map.h"
#include "move_answer.h"
#include "move_route.h"

/* loe 8.4.1: how the routes kept stand to the nearest road. */
static void
road_out(const struct move_retreat *rt, struct trail *t,
    cJSON *json)
{
	cJSON *o;
	char text[160], where[48];

	if (!rt->road_rule)
		return;
	if (rt->road_dist > 0)
		snprintf(where, sizeof where, "the nearest road is %d hex%s away",
		    rt->road_dist, rt->road_dist == 1 ? "" : "es");
	else
		snprintf(where, sizeof where, "the unit stands on a road");
	if (rt->road_dist < 0)
		snprintf(text, sizeof text, "no road on the map: the retreat "
		    "goes any way that enters no hex twice");
	else if (rt->road_steps == rt->len)
		snprintf(text, sizeof text, "%s: each route goes %s", where,
		    rt->road_dist ? "toward it and along it" : "along it");
	else if (rt->road_steps == 0)
		snprintf(text, sizeof text, "%s, and no route can go %s it: any "
		    "way stands", where, rt->road_dist ? "toward" : "along");
	else
		snprintf(text, sizeof text, "%s; no route keeps to it for all %d "
		    "hexes, those keeping to it for %d stand", where, rt->len,
		    rt->road_steps);
	trail_step(t, rt->road_rule, "%s", text);
	if (rt->road_dropped && rt->nends)
		trail_step(t, rt->road_rule, "%d end%s left out: the routes "
		    "there keep less to the road", rt->road_dropped,
		    rt->road_dropped == 1 ? "" : "s");
	o = json_object();
	json_set_num(o, "distance", rt->road_dist);
	json_set_num(o, "steps_kept", rt->road_steps);
	json_set_num(o, "ends_left_out", rt->road_dropped);
	json_set_str(o, "text", text);
	json_set_str(o, "rule", rt->road_rule);
	json_set(json, "road", o);
}

/*
 * A route's step as "%4d %-6s %s" prints it, made by hand: a retreat of
 * 4 prints a line for every step of up to 55 routes, and vsnprintf took
 * a sixth of the answer's time.  line has room for the step number, a
 * hex id, what (a move_price's words) and the blanks between.
 */
static void
step_line(char line[16 + HEX_IDLEN + 96], int k, const char *id,
    const char *what)
{
	char num[12];
	int n = 0;
	size_t len;

	do
		num[n++] = (char)('0' + k % 10);
	while ((k /= 10) > 0 && n < (int)sizeof num);
	while (n < 4)
		num[n++] = ' ';
	while (n > 0)
		*line++ = num[--n];
	*line++ = ' ';
	len = strlen(id);
	memcpy(line, id, len);
	while (len < 6)
		line[len++] = ' ';
	line += len;
	*line++ = ' ';
	len = strnlen(what, 95);
	memcpy(line, what, len);
	line[len] = '\0';
}

/* A route's step as --json (or the log) has it. */
static cJSON *
step_json(const char *id, const struct move_price *p, int how)
{
	cJSON *so = json_object();

	json_set_str(so, "hex", id);
	json_set_str(so, "text", p->what);
	json_set_str(so, "rule", p->rule);
	if (how)
		json_set_str(so, "road", how == ROUTE_ALONG ? "along" :
		    "toward");
	if (p->loss)
		json_set_num(so, "loss", p->loss);
	return so;
}

/* Each end's route, each step with its rule: the game's, or the road
 * rule's where the step went toward or along the road (loe 8.4.1); the
 * routes as data only where they are printed or logged (r->json), as a
 * retreat of 4 has a few hundred steps. */
static void
routes_out(struct mm_run *r, const struct move_retreat *rt, struct trail *t,
    cJSON *json)
{
	static const char *const how_words[] = { "", "1 hex toward the "
		"nearest road", "1 hex along the road" };
	cJSON *arr = r->json ? json_array() : NULL, *o = NULL, *jsteps = NULL;
	/* the steps of the route before, priced: routes come in the order
	   they were found, and a step the route before also took after the
	   same hexes has the same price, words and all */
	struct move_price step[32];
	const struct move_price *p;
	const int *hx, *last = NULL;
	char id[HEX_IDLEN], from[HEX_IDLEN], line[16 + HEX_IDLEN + 96];
	int i, k, d, how, same, steps, saved[32];

	for (i = 0; i < rt->nends; i++) {
		hx = rt->route + i * (rt->len + 1);
		steps = move_route_steps(rt, i);
		same = last != NULL && last[0] == hx[0];
		map_hex_id(r->map, hx[steps], id);
		map_hex_id(r->map, hx[0], from);
		/* "route to %s, from %s:", by hand as step_line's */
		strcpy(line, "route to ");
		strcat(line, id);
		strcat(line, ", from ");
		strcat(line, from);
		strcat(line, ":");
		trail_step(t, NULL, "%s", line);
		if (r->json) {
			o = json_object();
			json_set_str(o, "end", id);
			jsteps = json_array();
		}
		for (k = 1; k <= steps; k++) {
			d = map_direction(r->map, hx[k - 1], hx[k]);
			if (!(same = same && last[k] == hx[k]))
				move_map_price(&r->mm, hx[k - 1], d, hx[k], k - 1,
				    &step[k]);
			p = &step[k];
			/* the side it came in by, for the river on the way on */
			saved[k] = move_map_entry(&r->mm, hx[k]);
			move_map_entered(&r->mm, hx[k], (d + 3) % HEX_NDIRS);
			how = rt->how[i * rt->len + k - 1];
			map_hex_id(r->map, hx[k], id);
			step_line(line, k, id, how ? how_words[how] : p->what);
			trail_step(t, how ? rt->road_rule : p->rule, "%s", line);
			if (r->json)
				json_push(jsteps, step_json(id, p, how));
		}
		for (k = steps; k >= 1; k--)
			move_map_entered(&r->mm, hx[k], saved[k]);
		/* toto 13.4, sotq 13.E: a route that ends short of its
		   length, where the game lets it */
		if (steps < rt->len)
			trail_step(t, rt->early_rule, "%s", "    the retreat may "
			    "end there, short of its length");
		last = hx;
		if (r->json) {
			json_set(o, "steps", jsteps);
			if (steps < rt->len)
				json_set_str(o, "stops_early", rt->early_rule);
			json_push(arr, o);
		}
	}
	if (r->json)
		json_set(json, "routes", arr);
}

/*
 * --to, or --apply: what the retreat comes to in the saved game.  The end
 * chosen must be one the answer found, its route the one printed; where
 * the unit leaves the map or dies it is removed, where the game keeps it
 * it stays, and no hex is chosen then but an edge hex it leaves from.
 */
static int
retreat_end(struct mm_run *r, const struct move_rt_answer *a,
    struct trail *t, cJSON *json)
{
	const struct move_rules *rules = r->g->move;
	char id[HEX_IDLEN];
	int i;

	if (r->to < 0 && !r->a->apply)
		return ST_OK;
	if (a->code == MOVE_RT_ENDS) {
		if (r->a->apply && r->mm.nunits > 1 && a->rt.stack_split)
			return err(ST_USAGE, "--apply: no end holds the whole "
			    "stack (8.4.2 B): apply each unit on its own: '%s'",
			    r->a->types[1]);
		if ((i = move_cost_map_end_index(r, a->list, a->nlist)) < 0)
			return ST_USAGE;
		move_cost_map_end_route(r, t, json, a->rt.route + i *
		    (a->rt.len + 1), move_route_steps(&a->rt, i));
		/* toto 13.2: the saved game keeps no such loss of its own */
		if (r->a->apply && a->rt.loss[r->to] > 0)
			trail_step(t, NULL, "the %d lost on the way is not "
			    "taken here: set the strength by hand (umpire game "
			    "set)", a->rt.loss[r->to]);
		return ST_OK;
	}
	if (a->code == MOVE_RT_OFF_MAP) {
		if (r->to >= 0 && move_cost_map_end_index(r, a->list,
		    a->nlist) < 0)
			return ST_USAGE;
		r->end.fate = MM_REMOVE;
		r->end.rule = rules->retreat_off;
		return ST_OK;
	}
	r->end.fate = a->code == MOVE_RT_STAYS ? MM_STAY : MM_REMOVE;
	r->end.rule = a->code == MOVE_RT_STAYS ? r->units[0].no_retreat_rule :
	    rules->retreat_fails;
	if (r->to < 0)
		return ST_OK;
	map_hex_id(r->map, r->to, id);
	return err(ST_USAGE, "--to %s: the unit cannot retreat %d hex%s and %s "
	    "(%s): --apply without --to makes that: '%s'", id, a->hexes,
	    a->hexes == 1 ? "" : "es", a->code == MOVE_RT_STAYS ? "stays" :
	    "is eliminated", r->end.rule ? r->end.rule : "the rules", id);
}

/* loe 8.4, toto 13.2, sotq 10.G, 13.E: how a retreat comes out
 * (lib/move_answer.c, which map svg draws), in words: where it may end
 * and by which way, leaves the map, stays or dies. */
int
move_cost_map_retreat(struct mm_run *r, struct trail *t, cJSON *json)
{
	struct move_rt_answer a;
	cJSON *ends = json_array(), *arr;
	const char *rule = NULL, *code = "ok", *es;
	char text[160];
	int i, h, k, st, lossy = 0;

	move_retreat_answer(&r->mm, move_cost_map_budget(r), &a);
	h = a.hexes;
	k = a.nlist;
	es = h == 1 ? "" : "es";
	if (a.shortened)
		trail_step(t, NULL, "%s is %d hex%s away: the run ends there",
		    r->a->toward, h, es);
	for (i = 0; i < a.rt.nends; i++)
		lossy |= a.rt.loss[a.rt.ends[i]] > 0;
	if (a.rt.dropped)
		trail_step(t, "13.2", "%d end%s in an EZOC left out: another "
		    "way is open", a.rt.dropped, a.rt.dropped == 1 ? "" : "s");
	if (a.rt.stack_dropped) {
		trail_step(t, a.rt.stack_rule, "%d end%s left out: the stack "
		    "would break the stacking limit there", a.rt.stack_dropped,
		    a.rt.stack_dropped == 1 ? "" : "s");
		json_set_num(json, "ends_overstacked", a.rt.stack_dropped);
	}
	if (a.rt.stack_split) {
		trail_step(t, "8.4.2 B", "no end holds the whole stack: it "
		    "splits up in its last hex, as near together as it can");
		json_set_bool(json, "stack_splits", 1);
	}
	if (a.code == MOVE_RT_OFF_MAP) {
		if (a.edge_goal)
			snprintf(text, sizeof text, "the unit reaches %s, on "
			    "the map's edge, and runs on off the map",
			    r->a->toward);
		else
			snprintf(text, sizeof text, "the unit leaves the map: "
			    "the edge comes before %d hex%s", h, h == 1 ? "" : "es");
		trail_step(t, NULL, "it leaves the map from");
		arr = json_array();
		move_cost_map_hexes_out(r, a.list, k, NULL, t, arr, NULL);
		json_set(json, "leaves_from", arr);
		rule = r->g->move->retreat_off;
		code = "off-map";
	} else if (a.code == MOVE_RT_ENDS) {
		if (r->units[0].flags & MOVE_LAST_RESORT) {
			trail_step(t, r->units[0].last_resort, "no way keeps "
			    "the stacking rules, so this retreat may break "
			    "them");
			json_set_str(json, "last_resort",
			    r->units[0].last_resort);
		}
		trail_step(t, NULL, "hexes where the retreat may end%s", lossy ?
		    ", with the divisional equivalents lost on the way" : "");
		move_cost_map_hexes_out(r, a.list, k, lossy ? a.rt.loss : NULL,
		    t, ends, "loss");
		road_out(&a.rt, t, json);
		routes_out(r, &a.rt, t, json);
		if (a.rt.road_rule || a.rt.early_rule)
			snprintf(text, sizeof text, "%d hex%s where a retreat of "
			    "%d may end", k, k == 1 ? "" : "es", h);
		else
			snprintf(text, sizeof text, "%d hex%s %d hex%s away", k,
			    k == 1 ? "" : "es", h, es);
	} else if (a.code == MOVE_RT_STAYS) {
		/* sotq 12.F: not eliminated but something else */
		snprintf(text, sizeof text, "the unit cannot retreat %d hex%s: "
		    "%s", h, es, r->units[0].no_retreat);
		rule = r->units[0].no_retreat_rule;
		code = "stays";
	} else {
		/* every hex the unit could reach on the way is where it dies */
		trail_step(t, NULL, "no legal retreat of %d hex%s; the farthest "
		    "it gets is %d", h, es, a.rt.far);
		arr = json_array();
		move_cost_map_hexes_out(r, a.list, k, NULL, t, arr, NULL);
		json_set(json, "eliminated_in", arr);
		snprintf(text, sizeof text, "the unit is eliminated: it cannot "
		    "retreat %d hex%s", h, es);
		rule = r->g->move->retreat_fails;
		code = "eliminated";
	}
	if ((st = retreat_end(r, &a, t, json)) != ST_OK) {
		cJSON_Delete(ends);
		move_rt_answer_free(&a);
		return st;
	}
	trail_result(t, rule, "%s", text);
	json_set(json, "ends", ends);
	/* --svg: the same answer drawn; the picture takes it */
	if (r->pic)
		map_svg_retreat_marks(r->pic, &r->mm, &r->units[0],
		    r->a->types[0], &a, r->a->req.hexes, r->a->toward);
	move_rt_answer_free(&a);
	return move_cost_map_finish(json, code, text, rule, NULL, NULL);
}
