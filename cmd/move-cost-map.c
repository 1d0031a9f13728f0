/*
 * move-cost-map.c: `umpire move-cost --map`: the same movement rules on a
 * map and a situation.  --to gives the cheapest legal path with each step's
 * cost and rule, or why there is none; --reach every hex the unit can
 * reach with the MP left; --advance the legal routes after combat;
 * --retreat is move-cost-retreat.c's.  With --svg the answer is drawn
 * instead of worded (map_svg_answer_out); move_cost_map_marks gives the
 * same answers to map svg and map show to draw, and prices their --path,
 * a path held to the hexes given.  The game prices each step through
 * lib/move_map.c; this file knows no rule.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "crt.h"
#include "err.h"
#include "games/game.h"
#include "hex.h"
#include "map.h"
#include "map-svg-job.h"
#include "move.h"
#include "move-cost.h"
#include "move-cost-map.h"
#include "move_answer.h"
#include "move_map.h"
#include "move_route.h"
#include "out.h"
#include "path.h"
#include "saved.h"
#include "saved_apply.h"
#include "situation.h"

/* The stack: each --unit is a unit id of the situation, all in one hex. */
static int
stack_units(const struct ctx *c, struct mm_run *r)
{
	const struct mc_args *a = r->a;
	const struct unit *su;
	struct move_req base = a->req;
	char why[160];
	int i, st;

	if (a->ntypes > 1 && a->req.ma)
		return err(ST_USAGE, "--ma is for one unit: '%d'", a->req.ma);
	for (i = 0; i < a->ntypes; i++) {
		if (!(su = situation_find(r->sit, a->types[i])))
			return err(ST_USAGE, "no such unit in the situation: "
			    "'%s'", a->types[i]);
		if (i > 0 && su->hex != r->mm.origin)
			return err(ST_USAGE, "a stack moves from one hex: '%s' "
			    "is elsewhere", a->types[i]);
		r->mm.origin = su->hex;
		base.nstack = a->ntypes;
		base.sit = r->sit;
		if ((st = move_ready_unit(c, r->g->move, r->map, su, &base,
		    &r->vocab, &r->tec, &r->units[i], why, sizeof why)) != ST_OK)
			return err(st, "%s: %s", a->types[i], why);
		if (i == 0)
			r->mm.side = su->side;
	}
	return move_cost_sea_stack(a, r->units, a->ntypes);
}

/*
 * --change, --change-after (sotq 6.D, 6.E): the game prices the change as
 * a step of its own; before the move it is paid and the unit moves on in
 * its new formation with what is left, after the move its cost is kept
 * back from the allowance.
 */
static int
change_formation(struct mm_run *r, struct trail *t, cJSON *json)
{
	const struct mc_args *a = r->a;
	struct move_step st;
	struct move_price p;
	struct move_unit copy;
	cJSON *o;
	char m[16], left[16];
	int j, cost = 0;

	if (!a->change)
		return ST_OK;
	memset(&st, 0, sizeof st);
	st.action = a->change;
	st.on_map = 1;
	/* the hex the act is done in (sotq 5.B: leaving from an exit hex):
	 * where the unit stands, or after the move --to's hex (none known
	 * with --reach) */
	if (!a->change_after)
		st.from_features = map_features(r->map, r->mm.origin);
	else if (r->to >= 0)
		st.from_features = map_features(r->map, r->to);
	for (j = 0; j < r->mm.nunits; j++) {
		copy = r->units[j];
		if (r->g->move->step(a->change_after ? &copy : &r->units[j], &st,
		    0, &p) < 0)
			return err(ST_USAGE, "%s: --change%s %s: %s (%s)",
			    a->types[j], a->change_after ? "-after" : "",
			    a->change, p.why ? p.why : "not allowed", p.rule);
		cost = p.cost;
		r->units[j].ma = p.stop && !a->change_after ? 0 :
		    r->units[j].ma - p.cost;
	}
	move_mp_text(cost, r->units[0].scale, m);
	move_mp_text(r->units[0].ma, r->units[0].scale, left);
	trail_step(t, p.rule, "%s %s: %s MP; %s MP %s", a->change_after ?
	    "at the end," : "first,", a->change, m, left, a->change_after ?
	    "for the move before it" : p.stop ? "(it moves no more this "
	    "phase)" : "left to move in the new formation");
	o = json_object();
	json_set_str(o, "act", a->change);
	json_set_str(o, "when", a->change_after ? "after" : "before");
	json_set_num(o, "cost", (double)cost / r->units[0].scale);
	json_set_num(o, "left", (double)r->units[0].ma / r->units[0].scale);
	json_set_str(o, "rule", p.rule);
	if (p.stop && !a->change_after)
		json_set_str(o, "stop", p.why);
	json_set(json, "change", o);
	return ST_OK;
}

/* The situation named, or the one --from and --enemy type. */
static int
open_position(const struct ctx *c, struct mm_run *r)
{
	const struct mc_args *a = r->a;
	struct situation_words w = { a->types[0], a->req.side, a->from,
	    a->req.ma, a->enemy, a->nenemy };
	char why[320];

	if (!a->from)
		return game_situation_open(c, r->map, a->situation, &r->sit);
	if (!r->g->situation)
		return err(ST_USAGE, "%s has no words for a position: give "
		    "--situation FILE: '%s'", r->g->id, a->from);
	if (situation_of_words(r->map, r->g->situation, &w, &r->sit, why,
	    sizeof why) < 0)
		return err(ST_USAGE, "--from %s: %s", a->from, why);
	return ST_OK;
}

static int
load_all(const struct ctx *c, struct mm_run *r)
{
	const struct mc_args *a = r->a;
	int st;

	if (!r->map && (st = map_load(c, a->map, &r->map)) != ST_OK)
		return st;
	if (c->game && strcmp(c->game, map_game(r->map)) != 0)
		return err(ST_USAGE, "the map is for %s, not '%s'",
		    map_game(r->map), c->game);
	if (!(r->g = game_find(map_game(r->map))) || !r->g->move)
		return err(ST_USAGE, "%s has no hex movement to price: '%s'",
		    map_game(r->map), map_game(r->map));
	if ((st = move_cost_game_options(a, r->g)) != ST_OK)
		return st;
	if ((!r->sit && (st = open_position(c, r)) != ST_OK) ||
	    (st = move_vocab_of_map(r->map, &r->vocab)) != ST_OK ||
	    (st = move_tec_load(c, r->g->id, &r->tec)) != ST_OK)
		return st;
	move_tec_bind(&r->tec, &r->vocab);
	if ((st = stack_units(c, r)) != ST_OK)
		return st;
	if (a->to && (r->to = map_lookup(r->map, a->to)) < 0)
		return err(ST_USAGE, "no such hex on the map: '%s'", a->to);
	if (a->via && ((r->via = map_lookup(r->map, a->via)) < 0 ||
	    map_direction(r->map, r->mm.origin, r->via) < 0))
		return err(ST_USAGE, "--via is the hex next to the unit that "
		    "the defender left: '%s'", a->via);
	r->mm.map = r->map;
	r->mm.sit = r->sit;
	r->mm.rules = r->g->move;
	r->mm.vocab = &r->vocab;
	r->mm.units = r->units;
	r->mm.nunits = a->ntypes;
	r->mm.mode = a->req.mode;
	if ((st = move_aim(&r->mm, a->away, a->naway, a->toward)) != ST_OK ||
	    (st = move_map_init(&r->mm)) != ST_OK)
		return st;
	return move_map_check(&r->mm, &r->check);
}

/* What the game's check of the situation has the answer say (toto 9.10,
 * 16.2: the rail net a rail move keeps to). */
static void
check_out(const struct mm_run *r, struct trail *t, cJSON *json)
{
	cJSON *o;

	if (!r->check.text[0])
		return;
	trail_step(t, r->check.rule, "%s", r->check.text);
	o = json_object();
	json_set_str(o, "side", r->check.side);
	json_set_num(o, "hexes", r->check.count);
	json_set_str(o, "rule", r->check.rule);
	json_set(json, r->check.member, o);
}

int
move_cost_map_budget(const struct mm_run *r)
{
	int j, ma = -1;

	for (j = 0; j < r->mm.nunits; j++)
		if (r->units[j].ma >= 0 && (ma < 0 || r->units[j].ma < ma))
			ma = r->units[j].ma;
	return ma;
}

static int
scale_of(const struct mm_run *r)
{
	return r->a->req.mode != MOVE_NORMAL ? 1 : r->units[0].scale;
}

/* The path's steps, priced again for their rules, into trail and JSON. */
static void
path_out(struct mm_run *r, const struct path_result *pr, struct trail *t,
    cJSON *json)
{
	cJSON *arr = json_array(), *o;
	struct move_price p;
	char id[HEX_IDLEN], a[16], b[16];
	int i, total = 0, sc = scale_of(r);

	for (i = 1; i < pr->n; i++) {
		move_path_step(&r->mm, pr, i, total, &p);
		total += pr->costs[i];
		map_hex_id(r->map, pr->hexes[i], id);
		trail_step(t, p.rule, "%2d %-6s %-9s %5s = %-5s %s", i, id,
		    map_terrain(r->map, pr->hexes[i]),
		    move_mp_text(pr->costs[i], sc, a), move_mp_text(total, sc,
		    b), p.what);
		o = json_object();
		json_set_str(o, "hex", id);
		json_set_str(o, "terrain", map_terrain(r->map, pr->hexes[i]));
		json_set_num(o, "cost", (double)pr->costs[i] / sc);
		json_set_num(o, "total", (double)total / sc);
		move_price_json(o, &p);
		json_push(arr, o);
	}
	json_set(json, "path", arr);
}

/* The cheapest path with no allowance to stop it, for saying how short
 * the allowance falls. */
static int
unlimited_path(struct mm_run *r, struct path_result *pr)
{
	int ma[MC_MAXUNITS], j, st;

	for (j = 0; j < r->mm.nunits; j++) {
		ma[j] = r->units[j].ma;
		r->units[j].ma = -1;
	}
	st = move_map_path(&r->mm, r->to, -1, pr);
	for (j = 0; j < r->mm.nunits; j++)
		r->units[j].ma = ma[j];
	return st;
}

/* Why no path: the step into an adjacent target, or the budget. */
static void
why_none(struct mm_run *r, int budget, char *text, size_t len,
    const char **rule)
{
	struct path_result pr;
	struct move_price p;
	char a[16], b[16], c[16];
	int d = map_direction(r->map, r->mm.origin, r->to);

	*rule = NULL;
	if (d >= 0 && !r->mm.starts_off && move_map_price(&r->mm,
	    r->mm.origin, d, r->to, 0, &p) < 0) {
		snprintf(text, len, "%s", p.why ? p.why : "not allowed");
		*rule = p.rule;
	} else if (budget >= 0 && unlimited_path(r, &pr) == ST_OK) {
		snprintf(text, len, "the cheapest legal way costs %s MP, %s "
		    "more than the %s there is", move_mp_text(pr.total,
		    scale_of(r), a), move_mp_text(pr.total - budget,
		    scale_of(r), b), move_mp_text(budget, scale_of(r), c));
		path_result_free(&pr);
	} else
		snprintf(text, len, "no legal way there this phase: every "
		    "route is closed (terrain, rivers, enemy units or zones of "
		    "control)");
}

/* ---- a path the caller names, held to its hexes (map svg --path) ---- */

/*
 * Whether the path begins with the game's jump (loe 6.4 C: a voyage, the
 * stack put to sea, move_rules.map_along_starts): 1, 0, or -1 reported.
 */
static int
along_embark(struct mm_run *r)
{
	char why[256], a[HEX_IDLEN];
	int st;

	if (!r->g->move->map_along_starts)
		return 0;
	st = r->g->move->map_along_starts(&r->mm, r->a->along, r->a->nalong,
	    why, sizeof why);
	if (st < 0) {
		map_hex_id(r->map, r->a->along[0], a);
		return err(ST_NO, "--path: %s %s: '%s'", r->a->types[0], why, a),
		    -1;
	}
	r->embark = st;
	return st;
}

/* The path step by step, for the first the rules refuse. */
static int
along_walk(struct mm_run *r, int landing)
{
	const int *path = r->a->along;
	const char *id = r->a->types[0];
	struct move_price p;
	char a[HEX_IDLEN], b[HEX_IDLEN];
	int i, dir = -1, rc, spent = 0, n = r->a->nalong;

	map_hex_id(r->map, path[n - 1], b);
	for (i = 1; i < n; i++) {
		map_hex_id(r->map, path[i - 1], a);
		map_hex_id(r->map, path[i], b);
		if (i == 1 && landing)
			rc = move_map_land(&r->mm, path[1], 0, 0, &p);
		else
			rc = move_map_price(&r->mm, path[i - 1], dir =
			    map_direction(r->map, path[i - 1], path[i]),
			    path[i], spent, &p);
		if (rc < 0)
			return err(ST_NO, "--path: %s may not go from %s to %s: "
			    "%s (%s): '%s'", id, a, b, p.why ? p.why :
			    "not allowed", p.rule ? p.rule : "the rules", b);
		if (p.stop && i + 1 < n)
			return err(ST_NO, "--path: %s must stop in %s: %s (%s): "
			    "'%s'", id, b, p.why ? p.why : "the rules say so",
			    p.stop_rule ? p.stop_rule : p.rule ? p.rule :
			    "the rules", b);
		spent += p.cost;
		/* the side it came in by, as the search keeps it (rivers) */
		move_map_entered(&r->mm, path[i], i == 1 && landing ? -1 :
		    (dir + 3) % HEX_NDIRS);
	}
	return err(ST_NO, "--path: %s has no legal way along this path: '%s'",
	    id, b);
}

/*
 * Why the unit may not take the path: dearer than its allowance (the
 * cost with none to stop it, as --to says how short it falls), or,
 * allowance aside, the first step the rules refuse or one past a hex
 * where the move must end.
 */
static int
along_refused(struct mm_run *r, int landing)
{
	struct move_unit *u = &r->units[0];
	struct path_result pr;
	char b[HEX_IDLEN], mp[16], ma[16];
	int rc, twice, budget = u->ma, n = r->a->nalong;

	map_hex_id(r->map, r->a->along[n - 1], b);
	u->ma = -1;
	rc = move_path_along(&r->mm, r->a->along, n, -1, &pr, &twice);
	u->ma = budget;
	if (rc == ST_OK) {
		move_mp_text(pr.total, u->scale, mp);
		path_result_free(&pr);
		return err(ST_NO, "--path: %s has %s MP, the path costs %s: "
		    "'%s'", r->a->types[0], move_mp_text(budget, u->scale, ma),
		    mp, b);
	}
	u->ma = -1;
	rc = along_walk(r, landing);
	u->ma = budget;
	return rc;
}

/*
 * a->along, the hexes a path takes from the unit's (map svg --path):
 * priced by the search --to runs, held to those hexes (move_path_along),
 * so a landing and a rail move are priced as --to prices them.  A path
 * the unit may not take is refused on standard error naming the rule:
 * ST_NO.
 */
static int
do_along(struct mm_run *r, struct trail *t, cJSON *json)
{
	const struct mc_args *a = r->a;
	struct move_unit *u = &r->units[0];
	struct path_result pr;
	struct move_price p;
	char id[HEX_IDLEN], mp[16];
	int st, twice, landing, n = a->nalong;

	if (along_embark(r) < 0)
		return ST_NO;
	landing = r->mm.starts_off && n > 1;
	if ((st = map_svg_check_path(r->map, a->along, n, landing)) != ST_OK)
		return st;
	map_hex_id(r->map, a->along[0], id);
	if (n < 2) {
		if (r->pic)
			snprintf(r->pic->title, sizeof r->pic->title, "%s in %s",
			    a->types[0], id);
		return move_cost_map_finish(json, "ok", "no step", NULL, NULL,
		    NULL);
	}
	st = move_path_along(&r->mm, a->along, n, u->ma, &pr, &twice);
	if (st == ST_USAGE) {
		map_hex_id(r->map, a->along[twice], id);
		return err(ST_USAGE, "--path: a move enters each hex once, "
		    "this one twice: '%s'", id);
	}
	if (st != ST_OK)
		return along_refused(r, landing);
	/* the game's rule on where a move may end (sotq 9.A, 14), as --to
	   keeps it */
	map_hex_id(r->map, a->along[n - 1], id);
	if (move_map_may_end(&r->mm, a->along[n - 1], &p) < 0) {
		path_result_free(&pr);
		return err(ST_NO, "--path: %s may not end its move in %s: %s "
		    "(%s): '%s'", a->types[0], id, p.why ? p.why :
		    "not allowed", p.rule ? p.rule : "the rules", id);
	}
	path_out(r, &pr, t, json);
	json_set_num(json, "total", (double)pr.total / scale_of(r));
	if (r->pic) {
		r->pic->embark = r->embark;
		map_svg_path_marks(r->pic, &r->mm, &pr, a->types[0], u->ma,
		    u->scale);
	}
	move_mp_text(pr.total, scale_of(r), mp);
	path_result_free(&pr);
	trail_result(t, NULL, "%s reached for %s MP", id, mp);
	return move_cost_map_finish(json, "ok", "reached", NULL, NULL, NULL);
}

static int
do_path(struct mm_run *r, struct trail *t, cJSON *json)
{
	struct path_result pr;
	struct move_price p;
	cJSON *res = json_object();
	const char *rule = NULL;
	char text[512], a[16], b[16], id[HEX_IDLEN];
	int budget = move_cost_map_budget(r), st, sc = scale_of(r);

	map_hex_id(r->map, r->to, id);
	json_set_str(json, "to", id);
	st = move_map_path(&r->mm, r->to, budget, &pr);
	if (st == ST_OK && move_map_may_end(&r->mm, r->to, &p) < 0) {
		/* the game's rule on where a move may end (sotq 9.A, 14) */
		path_result_free(&pr);
		snprintf(text, sizeof text, "%s: the move may not end in %s",
		    p.why, id);
		rule = p.rule;
		json_set(json, "path", json_array());
		st = ST_NO;
	} else if (st == ST_OK) {
		path_out(r, &pr, t, json);
		if (r->pic)
			map_svg_path_marks(r->pic, &r->mm, &pr, r->a->types[0],
			    budget, sc);
		if (budget >= 0)
			snprintf(text, sizeof text, "%s reached for %s MP, %s "
			    "left", id, move_mp_text(pr.total, sc, a),
			    move_mp_text(budget - pr.total, sc, b));
		else
			snprintf(text, sizeof text, "%s reached for %s MP", id,
			    move_mp_text(pr.total, sc, a));
		json_set_num(json, "total", (double)pr.total / sc);
		path_result_free(&pr);
	} else {
		why_none(r, budget, text, sizeof text, &rule);
		if (r->g->move->map_other_way)
			r->g->move->map_other_way(&r->mm, r->to, budget,
			    scale_of(r), text, sizeof text, &rule, json);
		json_set(json, "path", json_array());
	}
	trail_result(t, rule, "%s", text);
	json_set_str(res, "code", st == ST_OK ? "ok" : "none");
	json_set_str(res, "text", text);
	json_set_str(res, "rule", rule);
	json_set(json, "result", res);
	return st;
}

/* Hexes with a value, eight to a line: "2505 4".  Each entry is written
 * in place, not formatted: a reach lists every hex it covers, and printf's
 * machinery, or even a strlen and a copy a piece, cost more than finding
 * them. */
#define HEXES_A_LINE	8

void
move_cost_map_hexes_out(struct mm_run *r, const int *idx, int n, const int *val,
    struct trail *t, cJSON *arr, const char *key)
{
	/* an entry: two blanks, the id, a blank and the value (< 16) */
	char line[HEXES_A_LINE * (2 + HEX_IDLEN + 1 + 16)], id[HEX_IDLEN], *w;
	struct map_grid g;
	cJSON *o;
	int i, j, end, sc = scale_of(r);

	map_grid(r->map, &g);
	/* a line at a time; ids and MP are printable ASCII */
	for (i = 0; i < n; i = end) {
		end = n - i > HEXES_A_LINE ? i + HEXES_A_LINE : n;
		w = line;
		for (j = i; j < end; j++) {
			if (j > i) {
				*w++ = ' ';
				*w++ = ' ';
			}
			w += hex_put(map_grid_hex(&g, idx[j]), w);
			if (val) {
				*w++ = ' ';
				w += move_mp_put(val[idx[j]], sc, w);
			}
		}
		trail_step_ascii(t, line, (size_t)(w - line));
	}
	for (i = 0; r->json && i < n; i++) {
		hex_put(map_grid_hex(&g, idx[i]), id);
		o = json_object();
		json_set_str(o, "hex", id);
		if (val)
			json_set_num(o, key, (double)val[idx[i]] / sc);
		json_push(arr, o);
	}
}

/* The result object; the search's arrays freed.  ST_OK unless code says
 * the answer is no. */
int
move_cost_map_finish(cJSON *json, const char *code, const char *text,
    const char *rule, int *left, int *list)
{
	cJSON *res = json_object();

	json_set_str(res, "code", code);
	json_set_str(res, "text", text);
	json_set_str(res, "rule", rule);
	json_set(json, "result", res);
	free(left);
	free(list);
	return strcmp(code, "ok") == 0 ? ST_OK : ST_NO;
}

/* loe 8.5.1, toto 14.2: the advance enters --via first (move_route.c). */
static int
advance_via(struct mm_run *r, int budget, int *left, int *route,
    char *text, size_t len)
{
	struct move_price p;

	if (move_advance_via(&r->mm, r->via, budget, left, route, &p) == 0)
		return 0;
	snprintf(text, len, "the advance cannot enter %s: %s", r->a->via,
	    p.why ? p.why : "not allowed");
	r->via_rule = p.rule;
	return -1;
}

/* Each section of rule ("7.1 A, 7.2.1 C") into the list in buf, once. */
static void
add_rule(char *buf, size_t len, const char *rule)
{
	char one[32];
	size_t n;

	while (*rule) {
		n = strcspn(rule, ",");
		if (n < sizeof one) {
			memcpy(one, rule, n);
			one[n] = '\0';
			crt_rule_add(buf, len, one);
		}
		rule += n;
		rule += strspn(rule, ", ");
	}
}

/*
 * The game's rule on where a move may end (sotq 9.A, 14; loe 7.1 A): the
 * hexes of list[0..k-1] the stack may pass but not stop in move to the
 * end of the list and are named apart ("pass_only"), under every rule
 * that keeps one of them out (loe: the count of 7.2.1 A in one hex, the
 * one corps HQ of 7.2.1 C in another).  Returns how many are left.
 */
static int
pass_only(struct mm_run *r, int *list, int k, struct trail *t, cJSON *json)
{
	struct move_price p;
	char rules[128] = "";
	cJSON *arr;
	int i, kept, *pass = err_malloc(((size_t)k + 1) * sizeof *pass), np;

	kept = move_map_may_end_list(&r->mm, list, k, pass, &np);
	/* the words only for a hex it may not end in */
	for (i = 0; i < np; i++)
		if (move_map_may_end(&r->mm, pass[i], &p) < 0 && p.rule)
			add_rule(rules, sizeof rules, p.rule);
	if (np) {
		trail_step(t, rules, "hexes it may pass through but not end "
		    "its move in");
		arr = json_array();
		move_cost_map_hexes_out(r, pass, np, NULL, t, arr, NULL);
		json_set(json, "pass_only", arr);
	}
	free(pass);
	return kept;
}

static int
do_reach(struct mm_run *r, struct trail *t, cJSON *json)
{
	int n = map_size(r->map), budget = move_cost_map_budget(r), i, k = 0;
	/* not cleared: the reach sets every hex of left, list is filled
	 * as far as it is read */
	int *left = err_malloc((size_t)n * sizeof *left);
	int *list = err_malloc((size_t)n * sizeof *list);
	/* --svg draws an advance by the way to each hex; --to takes one */
	int *route = (r->pic || r->to >= 0 || r->a->apply) &&
	    r->a->req.mode == MOVE_ADVANCE ?
	    err_malloc((size_t)n * sizeof *route) : NULL;
	cJSON *arr = json_array();
	char text[128];

	if (budget < 0) {
		free(left);
		free(list);
		free(route);
		cJSON_Delete(arr);
		return err(ST_USAGE, "--reach needs an MA: the unit has none, "
		    "give --ma");
	}
	if (r->via >= 0) {
		if (advance_via(r, budget, left, route, text, sizeof text) < 0) {
			trail_result(t, r->via_rule, "%s", text);
			cJSON_Delete(arr);
			free(route);
			return move_cost_map_finish(json, "none", text,
			    r->via_rule, left, list);
		}
	} else
		move_map_reach(&r->mm, budget, left, route);
	/* in the order of the map's hexes, the order they are printed in */
	for (i = 0; i < n; i++)
		if (left[i] >= 0 && (i != r->mm.origin || r->mm.starts_off))
			list[k++] = i;
	k = pass_only(r, list, k, t, json);
	trail_step(t, NULL, "hex and %s left on reaching it",
	    r->a->req.mode != MOVE_NORMAL ? "hexes" : "MP");
	move_cost_map_hexes_out(r, list, k, left, t, arr, "left");
	if (route && (r->to >= 0 || r->a->apply)) {
		/* the advance's end chosen, among those listed */
		if (move_cost_map_end_index(r, list, k) < 0) {
			free(route);
			free(left);
			free(list);
			cJSON_Delete(arr);
			return ST_USAGE;
		}
		move_cost_map_end_prev(r, t, json, route);
	}
	snprintf(text, sizeof text, "%d hex%s within reach", k, k == 1 ? "" :
	    "es");
	trail_result(t, NULL, "%s", text);
	json_set(json, "reach", arr);
	/* --svg: the same answer drawn; the picture takes left */
	if (route && r->pic)
		map_svg_advance_marks(r->pic, r->mm.origin, left, route,
		    r->a->types[0], budget);
	else if (r->pic)
		map_svg_reach_marks(r->pic, &r->mm, left, r->a->types[0], budget,
		    scale_of(r));
	if (!r->pic)
		free(route);
	return move_cost_map_finish(json, k ? "ok" : "none", text, NULL,
	    r->pic ? NULL : left, list);
}

/* What the game noted of a unit: a rule umpire cannot check here, a
 * length it changed. */
static void
notes_out(const struct mm_run *r, struct trail *t)
{
	int j;

	for (j = 0; j < r->mm.nunits; j++) {
		/* a retreat or advance the game made longer or shorter */
		if (r->a->req.mode != MOVE_NORMAL && r->units[j].ma_rule &&
		    r->units[j].ma != r->a->req.hexes)
			trail_step(t, r->units[j].ma_rule, "%s", r->units[j].ma_why);
		if (r->units[j].note)
			trail_step(t, r->units[j].note_rule, "%s: %s",
			    r->a->types[j], r->units[j].note);
	}
}

/* The stack and the question, as JSON. */
static void
inputs_out(const struct mm_run *r, cJSON *json)
{
	cJSON *units = json_array(), *in = json_object(), *o;
	int j, sc = scale_of(r);

	for (j = 0; j < r->mm.nunits; j++) {
		o = json_object();
		json_set_str(o, "id", r->a->types[j]);
		json_set_str(o, "type", r->units[j].type);
		json_set_str(o, "side", r->units[j].side);
		if (r->units[j].ma >= 0)
			json_set_num(o, r->a->req.mode != MOVE_NORMAL ? "hexes" :
			    "ma", (double)r->units[j].ma / sc);
		if (r->units[j].ma_rule)
			json_set_str(o, "ma_rule", r->units[j].ma_rule);
		if (r->units[j].note) {
			json_set_str(o, "note", r->units[j].note);
			json_set_str(o, "note_rule", r->units[j].note_rule);
		}
		json_push(units, o);
	}
	json_set(json, "units", units);
	json_set_str(in, "situation", r->a->situation);
	json_set_str(in, "ask", r->a->req.mode == MOVE_RETREAT ? "retreat" :
	    r->a->req.mode == MOVE_ADVANCE ? "advance" : r->a->to ? "to" :
	    r->a->along ? "path" : "reach");
	if (r->a->req.mode != MOVE_NORMAL)
		json_set_num(in, "hexes", r->a->req.hexes);
	if (r->a->naway) {
		o = json_array();
		for (j = 0; j < r->a->naway; j++)
			json_push(o, cJSON_CreateString(r->a->away[j]));
		json_set(in, "away", o);
	}
	if (r->a->toward)
		json_set_str(in, "toward", r->a->toward);
	json_set(json, "inputs", in);
}

/*
 * A run, its fields set but for the room it keeps for TEC entries and
 * units (most of its 31 KB, mostly unused), which are filled before they
 * are read (move_tec_load, move_vocab_of_map, move_ready_unit for each
 * unit of the stack): clearing it all, as calloc would, touched pages
 * nothing else writes and cost more than a reach's search.
 */
static struct mm_run *
run_new(const struct ctx *c, const struct mc_args *a)
{
	struct mm_run *r = err_malloc(sizeof *r);

	r->json = c->json || c->log;
	r->a = a;
	r->g = NULL;
	r->map = NULL;
	r->sit = NULL;
	memset(&r->mm, 0, sizeof r->mm);
	r->to = r->via = -1;
	r->via_rule = NULL;
	memset(&r->check, 0, sizeof r->check);
	r->pic = NULL;
	r->borrowed = 0;
	r->embark = 0;
	memset(&r->end, 0, sizeof r->end);
	return r;
}

/*
 * --svg: the marks of the answer found go in r->pic, drawn over the
 * whole map as map svg draws them (map_svg_answer_out).
 */
static int
svg_begin(struct mm_run *r)
{
	int st;

	if ((st = map_svg_fits(r->map, r->a->map, "umpire map svg MAP "
	    "--situation FILE")) != ST_OK)
		return st;
	r->pic = err_malloc(sizeof *r->pic);
	map_svg_job_clear(r->pic);
	r->pic->m = r->map;
	r->pic->s = r->sit;
	return ST_OK;
}

/* The picture's job freed, unless it is the caller's; the run keeps its
 * map and situation. */
static void
svg_drop(struct mm_run *r)
{
	if (!r->pic || r->borrowed)
		return;
	r->pic->m = NULL;
	r->pic->s = NULL;
	map_svg_job_free(r->pic);
	free(r->pic);
	r->pic = NULL;
}

/* An answer with nothing to draw (no way there, an advance that cannot
 * enter --via) has the result's words, and its rule, for a title. */
static void
svg_title(struct svg_job *j, const cJSON *json)
{
	const cJSON *res = cJSON_GetObjectItemCaseSensitive(json, "result");
	const cJSON *text = cJSON_GetObjectItemCaseSensitive(res, "text");
	const cJSON *rule = cJSON_GetObjectItemCaseSensitive(res, "rule");

	if (j->title[0] || !cJSON_IsString(text))
		return;
	snprintf(j->title, sizeof j->title, "%s%s%s%s", text->valuestring,
	    cJSON_IsString(rule) ? " (" : "", cJSON_IsString(rule) ?
	    rule->valuestring : "", cJSON_IsString(rule) ? ")" : "");
}

/* The question a asks, answered into t and json (and r->pic); ST_OK or
 * ST_NO, the answer, or a status reported. */
static int
answer(struct mm_run *r, struct trail *t, cJSON *json)
{
	const struct mc_args *a = r->a;
	char id[HEX_IDLEN];
	int st;

	map_hex_id(r->map, r->mm.origin, id);
	trail_title(t, NULL, "%s: %s on %s, %s%s from %s", r->g->title,
	    a->req.mode == MOVE_RETREAT ? "retreat" : a->req.mode ==
	    MOVE_ADVANCE ? "advance" : "move", map_name(r->map), a->types[0],
	    a->ntypes > 1 ? " and stack" : "", id);
	json_set_str(json, "game", r->g->id);
	json_set_str(json, "procedure", "move-cost");
	json_set_str(json, "map", map_name(r->map));
	json_set_str(json, "map_source", map_source(r->map));
	json_set_str(json, "from", id);
	inputs_out(r, json);
	notes_out(r, t);
	check_out(r, t, json);
	if ((st = change_formation(r, t, json)) != ST_OK)
		return st;
	if (a->req.mode == MOVE_RETREAT)
		st = move_cost_map_retreat(r, t, json);
	else if (a->to && a->req.mode == MOVE_NORMAL)
		st = do_path(r, t, json);
	else if (a->along)
		st = do_along(r, t, json);
	else
		st = do_reach(r, t, json);
	json_set_str(json, "table_source", r->tec.any_stand_in ? "stand-in" :
	    r->tec.source);
	if (r->pic && (st == ST_OK || st == ST_NO))
		svg_title(r->pic, json);
	return st;
}

/* The run's own: all but a caller's map, situation and picture. */
static void
run_free(struct mm_run *r)
{
	svg_drop(r);
	free(r->end.route);
	move_map_free(&r->mm);
	if (!r->borrowed) {
		situation_free(r->sit);
		map_free(r->map);
	}
	free(r);
}

int
move_cost_map(const struct ctx *c, const struct mc_args *a)
{
	struct mc_args own = *a;
	struct mm_run *r = run_new(c, &own);
	struct saved sv = { .fd = -1 };
	struct trail *t;
	cJSON *json;
	int st;

	if ((st = move_cost_open_saved(a, &own, &sv)) != ST_OK) {
		saved_close(&sv);
		run_free(r);
		return st;
	}
	if ((st = load_all(c, r)) != ST_OK ||
	    (a->svg && (st = svg_begin(r)) != ST_OK)) {
		saved_close(&sv);
		run_free(r);
		return st;
	}
	t = trail_new();
	json = json_object();
	st = answer(r, t, json);
	/* a retreat that ends in the unit's death is applied too */
	if (a->apply && a->req.mode != MOVE_NORMAL && (st == ST_OK ||
	    (st == ST_NO && r->end.fate != MM_NONE)))
		st = move_cost_apply_end(c, r, &sv, t, json);
	else if (st == ST_OK && a->apply)
		st = move_cost_apply_move(c, r, &sv, t, json);
	saved_close(&sv);
	if (st != ST_OK && st != ST_NO) {
		trail_free(t);
		cJSON_Delete(json);
	} else if (r->pic) {
		/* the answer as a picture: its status, the picture's if it
		   cannot be written */
		if (map_svg_answer_out(r->pic) != ST_OK)
			st = ST_SYS;
		trail_free(t);
		cJSON_Delete(json);
	} else if (out_emit(c, json, t) != ST_OK)
		st = ST_SYS;
	run_free(r);
	return st;
}

int
move_cost_map_marks(const struct ctx *c, const struct mc_args *a,
    struct svg_job *j)
{
	struct mm_run *r = run_new(c, a);
	struct trail *t;
	cJSON *json;
	int st;

	r->json = 0;
	r->borrowed = 1;
	r->map = j->m;
	r->sit = j->s;
	r->pic = j;
	move_cost_map_done(j->mc);
	if ((st = load_all(c, r)) == ST_OK) {
		t = trail_new();
		json = json_object();
		st = answer(r, t, json);
		trail_free(t);
		cJSON_Delete(json);
	}
	/* the marks point into the run: it goes with the job */
	r->pic = NULL;
	j->mc = r;
	return st;
}

void
move_cost_map_done(struct mm_run *r)
{
	if (r)
		run_free(r);
}
