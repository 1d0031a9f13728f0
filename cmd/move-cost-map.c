/*
 * move-cost-map.c: `umpire move-cost --map`: the same movement rules on a
 * map and a situation.  --to gives the cheapest legal path with each step's
 * cost and rule, or why there is none; --reach every hex the unit can
 * reach with the MP left; --retreat and --advance the legal routes after
 * combat and, for a retreat, where the unit would be eliminated (loe 8.4.3,
 * toto 13.2).  The game prices each step through lib/move_map.c; this file
 * knows no rule.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "err.h"
#include "games/game.h"
#include "hex.h"
#include "map.h"
#include "move.h"
#include "move-cost.h"
#include "move_map.h"
#include "out.h"
#include "path.h"
#include "units.h"

struct mm_run {
	const struct mc_args *a;
	const struct game *g;
	struct map *map;
	struct situation *sit;
	struct move_vocab vocab;
	struct move_tec tec;
	struct move_unit units[MC_MAXUNITS];
	struct move_map mm;
	int to;
	int via;		/* --via: the hex an advance enters first */
	const char *via_rule;
};

/* A formation marker on the unit (sotq 6.D, 6.E), or NULL. */
static const char *
formation_marker(const struct unit *su)
{
	static const char *const words[] = { "mounted", "dismounted",
		"limbered", "unlimbered" };
	size_t k;

	for (k = 0; k < sizeof words / sizeof *words; k++)
		if (unit_has_marker(su, words[k]))
			return words[k];
	return NULL;
}

/* The stack: each --unit is a unit id of the situation, all in one hex. */
static int
stack_units(const struct ctx *c, struct mm_run *r)
{
	const struct mc_args *a = r->a;
	const struct unit *su;
	struct move_req req;
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
		req = a->req;
		/* a battle's map is named for it (sotq) */
		if (!req.battle)
			req.battle = map_name(r->map);
		req.type = su->type;
		req.side = su->side;
		if (!req.ma)
			req.ma = su->ma;
		req.flags |= move_marker_flags(su);
		if (!req.formation)
			req.formation = formation_marker(su);
		memset(&r->units[i], 0, sizeof r->units[i]);
		snprintf(r->units[i].type, sizeof r->units[i].type, "%s",
		    su->type);
		r->units[i].vocab = &r->vocab;
		r->units[i].tec = &r->tec;
		r->units[i].id = su->id;
		r->units[i].strength = su->strength;
		r->units[i].flags = req.flags;
		r->units[i].mode = req.mode;
		r->units[i].hexes = req.hexes;
		if ((st = r->g->move->unit(c, &req, &r->units[i], why,
		    sizeof why)) != ST_OK)
			return err(st, "%s: %s", a->types[i], why);
		if (i == 0)
			r->mm.side = su->side;
	}
	return ST_OK;
}

/* The game's words as the map already read them (its terrain.json). */
static int
vocab_of_map(const struct map *m, struct move_vocab *v)
{
	static const enum map_word_kind kinds[] = { MAP_TERRAIN, MAP_FEATURE,
		MAP_HEXSIDE };
	const struct map_vocab *mv = map_vocab(m);
	char (*lists[3])[MOVE_WORDLEN] = { v->terrain, v->features, v->sides };
	int *counts[3] = { &v->nterrain, &v->nfeatures, &v->nsides };
	const char *w;
	int k, i, n;

	memset(v, 0, sizeof *v);
	for (k = 0; k < 3; k++) {
		n = map_vocab_count(mv, kinds[k]);
		if (n > MOVE_MAXWORDS)
			return err(ST_DATA, "more words than move-cost takes: "
			    "'%d'", n);
		for (i = 0; i < n; i++) {
			w = map_vocab_word(mv, kinds[k], i);
			snprintf(lists[k][i], MOVE_WORDLEN, "%s", w);
		}
		*counts[k] = n;
	}
	return ST_OK;
}

/* --away and --toward: the hexes a retreat flees and runs to. */
static int
aim(struct mm_run *r)
{
	const struct mc_args *a = r->a;
	int i;

	for (i = 0; i < a->naway; i++)
		if ((r->mm.away[r->mm.naway++] = map_lookup(r->map,
		    a->away[i])) < 0 || r->mm.away[i] == r->mm.origin)
			return err(ST_USAGE, "--away is a hex on the map other "
			    "than the unit's: '%s'", a->away[i]);
	if (a->toward && ((r->mm.toward = map_lookup(r->map, a->toward)) < 0 ||
	    r->mm.toward == r->mm.origin))
		return err(ST_USAGE, "--toward is a hex on the map other than "
		    "the unit's: '%s'", a->toward);
	r->mm.ntoward = a->toward != NULL;
	return ST_OK;
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

static int
load_all(const struct ctx *c, struct mm_run *r)
{
	const struct mc_args *a = r->a;
	int st;

	if ((st = map_load(c, a->map, &r->map)) != ST_OK)
		return st;
	if (c->game && strcmp(c->game, map_game(r->map)) != 0)
		return err(ST_USAGE, "the map is for %s, not '%s'",
		    map_game(r->map), c->game);
	if (!(r->g = game_find(map_game(r->map))) || !r->g->move)
		return err(ST_USAGE, "%s has no hex movement to price: '%s'",
		    map_game(r->map), map_game(r->map));
	if ((st = situation_open(c, r->map, a->situation, &r->sit)) != ST_OK ||
	    (st = vocab_of_map(r->map, &r->vocab)) != ST_OK ||
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
	if ((st = aim(r)) != ST_OK)
		return st;
	r->mm.map = r->map;
	r->mm.sit = r->sit;
	r->mm.rules = r->g->move;
	r->mm.vocab = &r->vocab;
	r->mm.units = r->units;
	r->mm.nunits = a->ntypes;
	r->mm.mode = a->req.mode;
	return move_map_init(&r->mm);
}

static int
budget_of(const struct mm_run *r)
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
		/* loe 6.4 D: from the sea, step 1 is the landing; toto
		 * 9.8: steps rail0 + 1 .. rail1 are the rail move's */
		if (i == 1 && r->mm.at_sea)
			move_map_land(&r->mm, pr->hexes[1], 0, 0, &p);
		else
			move_map_price_rail(&r->mm, pr->hexes[i - 1],
			    map_direction(r->map, pr->hexes[i - 1],
			    pr->hexes[i]), pr->hexes[i], total, i > r->mm.rail0 &&
			    i <= r->mm.rail1 ? i - r->mm.rail0 : 0, &p);
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
		json_set_str(o, "text", p.what);
		json_set_str(o, "rule", p.rule);
		if (p.loss)
			json_set_num(o, "loss", p.loss);
		if (p.stop)
			json_set_str(o, "stop", p.why);
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
	if (d >= 0 && !r->mm.at_sea && move_map_price(&r->mm, r->mm.origin, d, r->to, 0, &p) <
	    0) {
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

static int
do_path(struct mm_run *r, struct trail *t, cJSON *json)
{
	struct path_result pr;
	cJSON *res = json_object();
	const char *rule = NULL;
	char text[256], a[16], b[16], id[HEX_IDLEN];
	int budget = budget_of(r), st, sc = scale_of(r);

	map_hex_id(r->map, r->to, id);
	json_set_str(json, "to", id);
	st = move_map_path(&r->mm, r->to, budget, &pr);
	if (st == ST_OK) {
		path_out(r, &pr, t, json);
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
		json_set(json, "path", json_array());
	}
	trail_result(t, rule, "%s", text);
	json_set_str(res, "code", st == ST_OK ? "ok" : "none");
	json_set_str(res, "text", text);
	json_set_str(res, "rule", rule);
	json_set(json, "result", res);
	return st;
}

static int
cmp_int(const void *x, const void *y)
{
	return *(const int *)x - *(const int *)y;
}

/* Hexes with a value, eight to a line: "2505 4". */
static void
hexes_out(struct mm_run *r, const int *idx, int n, const int *val,
    struct trail *t, cJSON *arr, const char *key)
{
	char line[256] = "", id[HEX_IDLEN], v[16];
	cJSON *o;
	int i, sc = scale_of(r);

	for (i = 0; i < n; i++) {
		map_hex_id(r->map, idx[i], id);
		o = json_object();
		json_set_str(o, "hex", id);
		if (val) {
			json_set_num(o, key, (double)val[idx[i]] / sc);
			move_mp_text(val[idx[i]], sc, v);
		}
		json_push(arr, o);
		snprintf(line + strlen(line), sizeof line - strlen(line),
		    "%s%s%s%s", i % 8 ? "  " : "", id, val ? " " : "",
		    val ? v : "");
		if (i % 8 == 7 || i + 1 == n) {
			trail_step(t, NULL, "%s", line);
			line[0] = '\0';
		}
	}
}

/* The result object; the search's arrays freed.  ST_OK unless code says
 * the answer is no. */
static int
finish(cJSON *json, const char *code, const char *text, const char *rule,
    int *left, int *list)
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

/*
 * loe 8.5.1, toto 14.2: an advance enters the hex the defender left first,
 * then goes on from there with what is left, unless that hex ends it.
 */
static int
advance_via(struct mm_run *r, int budget, int *left, char *text,
    size_t len)
{
	struct move_price p;
	int d = map_direction(r->map, r->mm.origin, r->via), n = map_size(r->map);
	int i, origin = r->mm.origin;

	if (move_map_price(&r->mm, origin, d, r->via, 0, &p) < 0) {
		snprintf(text, len, "the advance cannot enter %s: %s", r->a->via,
		    p.why ? p.why : "not allowed");
		r->via_rule = p.rule;
		return -1;
	}
	if (p.stop || budget <= 1) {
		for (i = 0; i < n; i++)
			left[i] = -1;
	} else {
		/* on from the defender's hex, come in from the unit's */
		r->mm.origin = r->via;
		r->mm.origin_entry = map_direction(r->map, r->via, origin);
		move_map_reach(&r->mm, budget - 1, left, NULL);
		r->mm.origin = origin;
		r->mm.origin_entry = -1;
	}
	left[origin] = -1;
	left[r->via] = budget - 1;
	return 0;
}

static int
do_reach(struct mm_run *r, struct trail *t, cJSON *json)
{
	int n = map_size(r->map), budget = budget_of(r), i, k = 0;
	int *left = xcalloc((size_t)n, sizeof *left);
	int *list = xcalloc((size_t)n, sizeof *list);
	cJSON *arr = json_array();
	char text[128];

	if (budget < 0) {
		free(left);
		free(list);
		cJSON_Delete(arr);
		return err(ST_USAGE, "--reach needs an MA: the unit has none, "
		    "give --ma");
	}
	if (r->via >= 0) {
		if (advance_via(r, budget, left, text, sizeof text) < 0) {
			trail_result(t, r->via_rule, "%s", text);
			cJSON_Delete(arr);
			return finish(json, "none", text, r->via_rule, left,
			    list);
		}
	} else
		move_map_reach(&r->mm, budget, left, NULL);
	for (i = 0; i < n; i++)
		if (left[i] >= 0 && (i != r->mm.origin || r->mm.at_sea))
			list[k++] = i;
	qsort(list, (size_t)k, sizeof *list, cmp_int);
	trail_step(t, NULL, "hex and %s left on reaching it",
	    r->a->req.mode != MOVE_NORMAL ? "hexes" : "MP");
	hexes_out(r, list, k, left, t, arr, "left");
	snprintf(text, sizeof text, "%d hex%s within reach", k, k == 1 ? "" :
	    "es");
	trail_result(t, NULL, "%s", text);
	json_set(json, "reach", arr);
	return finish(json, k ? "ok" : "none", text, NULL, left, list);
}

/*
 * Fewest losses (toto 13.2) reaching each hex of `set` in exactly `steps`
 * steps, layer by layer: a retreat h hexes long that ends h hexes away
 * never enters a hex twice.  best[] and next[] have map_size entries;
 * INT_MAX marks a hex not reached.
 */
static void
fewest_losses(struct mm_run *r, const int *set, int nset, int steps,
    int *best, int *next)
{
	struct move_price p;
	int s, i, d, from, to, n = map_size(r->map);

	for (i = 0; i < n; i++)
		best[i] = INT_MAX;
	best[r->mm.origin] = 0;
	for (s = 0; s < steps; s++) {
		for (i = 0; i < nset; i++)
			next[set[i]] = INT_MAX;
		for (i = 0; i < nset; i++) {
			if (best[from = set[i]] == INT_MAX)
				continue;
			for (d = 0; d < HEX_NDIRS; d++) {
				to = map_neighbour(r->map, from, d);
				if (to < 0 || move_map_price(&r->mm, from, d, to, s,
				    &p) < 0 || best[from] + p.loss >= next[to])
					continue;
				next[to] = best[from] + p.loss;
			}
		}
		for (i = 0; i < nset; i++)
			best[set[i]] = next[set[i]];
	}
}

/*
 * Hexes a retreat of h may end in: h hexes away, reached in h legal
 * steps, each with the fewest divisional equivalents lost on the way.
 */
static int
retreat_ends(struct mm_run *r, int h, int *left, int *loss, int *list,
    int *far)
{
	struct hex o = map_hex(r->map, r->mm.origin);
	int n = map_size(r->map), i, k = 0, nset = 0, d;
	int *next = xcalloc((size_t)n, sizeof *next);

	move_map_reach(&r->mm, h, left, NULL);
	for (i = 0; i < n; i++)
		if (left[i] >= 0)
			list[nset++] = i;
	fewest_losses(r, list, nset, h, loss, next);
	free(next);
	*far = 0;
	for (i = 0; i < n; i++) {
		if (left[i] < 0 || i == r->mm.origin)
			continue;
		d = hex_distance(o, map_hex(r->map, i), map_layout(r->map));
		if (d == h && loss[i] != INT_MAX)
			list[k++] = i;
		else if (d > *far)
			*far = d;
	}
	return k;
}

/*
 * toto 13.2: no retreat into an EZOC while another way is open, so only
 * the ends with the fewest divisional equivalents lost stand (in loe no
 * retreat enters an EZOC: every loss is 0).  The count kept; *dropped
 * the rest.
 */
static int
fewest(int *list, int k, const int *loss, int *dropped)
{
	int i, m = INT_MAX, kept = 0;

	for (i = 0; i < k; i++)
		if (loss[list[i]] < m)
			m = loss[list[i]];
	for (i = 0; i < k; i++)
		if (loss[list[i]] == m)
			list[kept++] = list[i];
	*dropped = k - kept;
	return kept;
}

/* Does a step off the map from hex i in direction d keep the aim? */
static int
off_keeps_aim(const struct mm_run *r, int i, int d)
{
	enum hex_layout l = map_layout(r->map);
	struct hex from = map_hex(r->map, i), off = hex_neighbour(from, d, l);
	struct hex a;
	int k;

	for (k = 0; k < r->mm.naway; k++) {
		a = map_hex(r->map, r->mm.away[k]);
		if (hex_distance(a, off, l) <= hex_distance(a, from, l))
			return 0;
	}
	a = r->mm.ntoward ? map_hex(r->map, r->mm.toward) : from;
	return !r->mm.ntoward || hex_distance(a, off, l) < hex_distance(a,
	    from, l);
}

/*
 * sotq 10.G, 14: a retreat the map's edge cuts short leaves the map: the
 * edge hexes reached with a hex still to go, from which a step off the
 * map keeps the aim.  Fills list; returns how many.
 */
static int
retreat_exits(const struct mm_run *r, const int *left, int *list)
{
	int n = map_size(r->map), i, d, k = 0;

	for (i = 0; i < n; i++) {
		if (left[i] < 1)
			continue;
		for (d = 0; d < HEX_NDIRS; d++)
			if (map_neighbour(r->map, i, d) < 0 &&
			    off_keeps_aim(r, i, d)) {
				list[k++] = i;
				break;
			}
	}
	return k;
}

static int
on_edge(const struct map *m, int hex)
{
	int d;

	for (d = 0; d < HEX_NDIRS; d++)
		if (map_neighbour(m, hex, d) < 0)
			return 1;
	return 0;
}

/* The retreat leaves the map from the k hexes of list. */
static int
off_map(struct mm_run *r, struct trail *t, cJSON *json, cJSON *ends,
    int *left, int *list, int k, const char *text)
{
	cJSON *from = json_array();

	trail_step(t, NULL, "it leaves the map from");
	hexes_out(r, list, k, NULL, t, from, NULL);
	json_set(json, "leaves_from", from);
	trail_result(t, r->g->move->retreat_off, "%s", text);
	json_set(json, "ends", ends);
	return finish(json, "off-map", text, r->g->move->retreat_off, left,
	    list);
}

/* loe 8.4, toto 13.2: where a retreat of n hexes may end; else who dies. */
static int
do_retreat(struct mm_run *r, struct trail *t, cJSON *json)
{
	int n = map_size(r->map), h = r->a->req.hexes, i, k, far, lossy = 0;
	int dropped;
	int *left, *list, *loss, edge_goal = 0;
	cJSON *ends = json_array(), *dead;
	const char *rule;
	char text[160];

	/* a run toward a hex nearer than its length ends there; at the
	 * map's edge it runs on off the map (sotq 13.E) */
	if (r->mm.ntoward && (i = hex_distance(map_hex(r->map, r->mm.origin),
	    map_hex(r->map, r->mm.toward), map_layout(r->map))) < h) {
		trail_step(t, NULL, "%s is %d hex%s away: the run ends there",
		    r->a->toward, i, i == 1 ? "" : "es");
		h = i;
		edge_goal = r->g->move->retreat_off && on_edge(r->map,
		    r->mm.toward);
	}
	left = xcalloc((size_t)n, sizeof *left);
	list = xcalloc((size_t)n, sizeof *list);
	loss = xcalloc((size_t)n, sizeof *loss);

	k = retreat_ends(r, h, left, loss, list, &far);
	k = fewest(list, k, loss, &dropped);
	for (i = 0; i < k; i++)
		lossy |= loss[list[i]] > 0;
	if (dropped)
		trail_step(t, "13.2", "%d end%s in an EZOC left out: another "
		    "way is open", dropped, dropped == 1 ? "" : "s");
	if (k && edge_goal) {
		free(loss);
		snprintf(text, sizeof text, "the unit reaches %s, on the map's "
		    "edge, and runs on off the map", r->a->toward);
		return off_map(r, t, json, ends, left, list, k, text);
	}
	if (k) {
		trail_step(t, NULL, "hexes where the retreat may end%s", lossy ?
		    ", with the divisional equivalents lost on the way" : "");
		hexes_out(r, list, k, lossy ? loss : NULL, t, ends, "loss");
		snprintf(text, sizeof text, "%d hex%s %d hex%s away", k,
		    k == 1 ? "" : "es", h, h == 1 ? "" : "es");
	} else if (r->g->move->retreat_off && (k = retreat_exits(r, left,
	    list)) > 0) {
		free(loss);
		snprintf(text, sizeof text, "the unit leaves the map: the edge "
		    "comes before %d hexes", h);
		return off_map(r, t, json, ends, left, list, k, text);
	} else {
		/* every hex the unit could reach on the way is where it dies */
		for (i = 0; i < n; i++)
			if (left[i] >= 0)
				list[k++] = i;
		trail_step(t, NULL, "no legal retreat of %d hexes; the farthest "
		    "it gets is %d", h, far);
		dead = json_array();
		hexes_out(r, list, k, NULL, t, dead, NULL);
		json_set(json, "eliminated_in", dead);
		snprintf(text, sizeof text, "the unit is eliminated: it cannot "
		    "retreat %d hexes", h);
		k = 0;
	}
	rule = k ? NULL : r->g->move->retreat_fails;
	trail_result(t, rule, "%s", text);
	json_set(json, "ends", ends);
	free(loss);
	return finish(json, k ? "ok" : "eliminated", text, rule, left, list);
}

/* What the game noted of a unit: a rule umpire cannot check here. */
static void
notes_out(const struct mm_run *r, struct trail *t)
{
	int j;

	for (j = 0; j < r->mm.nunits; j++)
		if (r->units[j].note)
			trail_step(t, r->units[j].note_rule, "%s: %s",
			    r->a->types[j], r->units[j].note);
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
	    "reach");
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

int
move_cost_map(const struct ctx *c, const struct mc_args *a)
{
	static struct mm_run r;
	struct trail *t;
	cJSON *json;
	char id[HEX_IDLEN];
	int st;

	memset(&r, 0, sizeof r);
	r.a = a;
	r.to = r.via = -1;
	if ((st = load_all(c, &r)) != ST_OK)
		goto out;
	t = trail_new();
	json = json_object();
	map_hex_id(r.map, r.mm.origin, id);
	trail_title(t, NULL, "%s: %s on %s, %s%s from %s", r.g->title,
	    a->req.mode == MOVE_RETREAT ? "retreat" : a->req.mode ==
	    MOVE_ADVANCE ? "advance" : "move", map_name(r.map), a->types[0],
	    a->ntypes > 1 ? " and stack" : "", id);
	json_set_str(json, "game", r.g->id);
	json_set_str(json, "procedure", "move-cost");
	json_set_str(json, "map", map_name(r.map));
	json_set_str(json, "map_source", map_source(r.map));
	json_set_str(json, "from", id);
	inputs_out(&r, json);
	notes_out(&r, t);
	if ((st = change_formation(&r, t, json)) != ST_OK) {
		trail_free(t);
		cJSON_Delete(json);
		goto out;
	}
	if (a->req.mode == MOVE_RETREAT)
		st = do_retreat(&r, t, json);
	else if (a->to)
		st = do_path(&r, t, json);
	else
		st = do_reach(&r, t, json);
	if (st == ST_USAGE) {
		trail_free(t);
		cJSON_Delete(json);
		goto out;
	}
	json_set_str(json, "table_source", r.tec.any_stand_in ? "stand-in" :
	    r.tec.source);
	if (out_emit(c, json, t) != ST_OK)
		st = ST_SYS;
out:
	move_map_free(&r.mm);
	situation_free(r.sit);
	map_free(r.map);
	return st;
}
