/*
 * map-svg-move.c: the movement answers `umpire map svg` draws
 * (map-svg-job.h): a path priced step by step, the reach, the retreat and
 * advance routes.  No rule is applied here: the game prices each step
 * through lib/move_map.c, and the routes after combat are lib/
 * move_route.c's, the computation `umpire move-cost --map` words.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "err.h"
#include "games/game.h"
#include "hex.h"
#include "map.h"
#include "map-svg-job.h"
#include "units.h"

/* Make u ready to move: the game's vocabulary, TEC and zones of control. */
static int
mover_init(const struct ctx *c, struct svg_job *j, const struct unit *u,
    const struct svg_request *r)
{
	struct mover *mv = &j->mv;
	const struct game *g = game_find(map_game(j->m));
	struct move_req req;
	char why[160];
	int st;

	if (g == NULL || g->move == NULL)
		return err(ST_USAGE, "%s has no hex movement to price: '%s'",
		    map_game(j->m), u->id);
	if ((st = move_vocab_load(c, g->id, &mv->vocab)) != ST_OK ||
	    (st = move_tec_load(c, g->id, &mv->tec)) != ST_OK)
		return st;
	move_tec_bind(&mv->tec, &mv->vocab);
	memset(&req, 0, sizeof req);
	req.type = u->type;
	req.side = u->side;
	req.ma = u->ma;
	/* a game of several battles has a map for each, named after it */
	req.battle = map_name(j->m);
	req.flags = move_marker_flags(u);
	req.mode = r->mode;
	req.hexes = r->hexes;
	req.season = r->season;
	snprintf(mv->unit.type, sizeof mv->unit.type, "%s", u->type);
	mv->unit.vocab = &mv->vocab;
	mv->unit.tec = &mv->tec;
	mv->unit.flags = req.flags;
	mv->unit.mode = req.mode;
	mv->unit.hexes = req.hexes;
	if ((st = g->move->unit(c, &req, &mv->unit, why, sizeof why)) != ST_OK)
		return err(st, "%s: %s", u->id, why);
	mv->u = u;
	mv->mm.map = j->m;
	mv->mm.sit = j->s;
	mv->mm.rules = g->move;
	mv->mm.vocab = &mv->vocab;
	mv->mm.units = &mv->unit;
	mv->mm.nunits = 1;
	mv->mm.side = u->side;
	mv->mm.origin = u->hex;
	mv->mm.mode = r->mode;
	if ((st = move_map_init(&mv->mm)) != ST_OK)
		return st;
	mv->ready = 1;
	return ST_OK;
}

/* --reach: every hex within the unit's allowance, with what is left. */
int
svg_price_reach(const struct ctx *c, struct svg_job *j,
    const struct svg_request *r)
{
	const char *id = r->reach;
	const struct unit *u = situation_find(j->s, id);
	char hex[HEX_IDLEN], mp[16];
	int st;

	if (u == NULL)
		return err(ST_USAGE, "--reach: no such unit in the situation: "
		    "'%s'", id);
	if ((st = mover_init(c, j, u, r)) != ST_OK)
		return st;
	if (j->mv.unit.ma < 0)
		return err(ST_USAGE, "--reach: %s has no movement allowance: "
		    "'%s'", u->type, id);
	j->left = xmalloc((size_t)map_size(j->m) * sizeof *j->left);
	move_map_reach(&j->mv.mm, j->mv.unit.ma, j->left, NULL);
	map_hex_id(j->m, u->hex, hex);
	snprintf(j->title, sizeof j->title, "%s from %s: where %s MP reach",
	    id, hex, move_mp_text(j->mv.unit.ma, j->mv.unit.scale, mp));
	return ST_OK;
}

/*
 * --path starting under a unit of the situation: each step priced for it
 * (the top unit of the hex).  A step the rules forbid, or one past a hex
 * where the move must end, is a negative answer naming the rule.
 */
int
svg_price_path(const struct ctx *c, struct svg_job *j,
    const struct svg_request *r)
{
	const struct unit *u;
	struct move_price p;
	char a[HEX_IDLEN], b[HEX_IDLEN], mp[16], ma[16];
	int i, st, dir, spent = 0;

	if (j->s == NULL || situation_in_hex(j->s, j->path[0], &u, 1) == 0)
		return ST_OK;
	if ((st = mover_init(c, j, u, r)) != ST_OK)
		return st;
	j->costs = xcalloc((size_t)j->npath, sizeof *j->costs);
	for (i = 1; i < j->npath; i++) {
		map_hex_id(j->m, j->path[i - 1], a);
		map_hex_id(j->m, j->path[i], b);
		dir = map_direction(j->m, j->path[i - 1], j->path[i]);
		memset(&p, 0, sizeof p);
		if (move_map_price(&j->mv.mm, j->path[i - 1], dir, j->path[i],
		    spent, &p) < 0)
			return err(ST_NO, "--path: %s may not go from %s to %s: "
			    "%s (%s): '%s'", u->id, a, b, p.why ? p.why :
			    "not allowed", p.rule ? p.rule : "the rules", b);
		if (p.stop && i + 1 < j->npath)
			return err(ST_NO, "--path: %s must stop in %s: %s (%s): "
			    "'%s'", u->id, b, p.why ? p.why : "the rules say so",
			    p.rule ? p.rule : "the rules", b);
		j->costs[i] = p.cost;
		spent += p.cost;
		/* the side it came in by, as the search keeps it (rivers) */
		j->mv.mm.entry[j->path[i]] = (dir + 3) % HEX_NDIRS;
	}
	if (j->mv.unit.ma >= 0 && spent > j->mv.unit.ma)
		return err(ST_NO, "--path: %s has %s MP, the path costs %s: "
		    "'%s'", u->id, move_mp_text(j->mv.unit.ma,
		    j->mv.unit.scale, ma), move_mp_text(spent, j->mv.unit.scale,
		    mp), b);
	map_hex_id(j->m, j->path[0], a);
	snprintf(j->title, sizeof j->title, "%s from %s: %d hex%s for %s MP "
	    "of %s", u->id, a, j->npath - 1, j->npath == 2 ? "" : "es",
	    move_mp_text(spent, j->mv.unit.scale, mp), move_mp_text(
	    j->mv.unit.ma, j->mv.unit.scale, ma));
	return ST_OK;
}

/* --unit for --retreat and --advance, ready to move that way. */
static int
route_unit(const struct ctx *c, struct svg_job *j,
    const struct svg_request *r, const struct unit **u)
{
	if ((*u = situation_find(j->s, r->unit)) == NULL)
		return err(ST_USAGE, "--unit: no such unit in the situation: "
		    "'%s'", r->unit);
	return mover_init(c, j, *u, r);
}

/*
 * --retreat: the routes to each hex where the retreat may end, by the
 * fewest-loss way move_route.c keeps; when there is none, every hex the
 * unit gets to is where it dies (as `move-cost --retreat` says).
 */
int
svg_price_retreat(const struct ctx *c, struct svg_job *j,
    const struct svg_request *r)
{
	const struct unit *u;
	int i, h, n = map_size(j->m), k, st;
	char hex[HEX_IDLEN];

	if ((st = route_unit(c, j, r, &u)) != ST_OK)
		return st;
	k = move_retreat(&j->mv.mm, r->hexes, &j->rt);
	j->route = xmalloc((size_t)n * sizeof *j->route);
	j->end_loss = xcalloc((size_t)k + 1, sizeof *j->end_loss);
	j->doomed = xcalloc((size_t)n, sizeof *j->doomed);
	for (i = 0; i < n; i++)
		j->route[i] = -1;
	for (i = 0; i < k; i++) {
		j->end_loss[i] = j->rt.loss[j->rt.ends[i]];
		/* back to the start, or to a branch already drawn */
		for (h = j->rt.ends[i]; h != u->hex && j->route[h] < 0 &&
		    j->rt.prev[h] >= 0; h = j->rt.prev[h])
			j->route[h] = j->rt.prev[h];
	}
	/* sotq 10.G, 14: cut short by the map's edge, it leaves the map */
	if (k == 0 && j->mv.mm.rules->retreat_off && (k = move_retreat_exits(
	    &j->mv.mm, j->rt.left, j->rt.ends)) > 0) {
		j->rt.nends = k;
		j->end_loss = xrealloc(j->end_loss, (size_t)k * sizeof
		    *j->end_loss);
		for (i = 0; i < k; i++) {
			j->end_loss[i] = 0;
			for (h = j->rt.ends[i]; h != u->hex && j->route[h] < 0 &&
			    j->rt.prev[h] >= 0; h = j->rt.prev[h])
				j->route[h] = j->rt.prev[h];
		}
		map_hex_id(j->m, u->hex, hex);
		snprintf(j->title, sizeof j->title, "%s in %s: retreat %d cut "
		    "short by the map's edge, leaves the map from %d hex%s (%s)",
		    u->id, hex, r->hexes, k, k == 1 ? "" : "es",
		    j->mv.mm.rules->retreat_off);
		return ST_OK;
	}
	for (i = 0; k == 0 && i < n; i++)
		if (j->rt.left[i] >= 0)
			j->doomed[j->ndoomed++] = i;
	map_hex_id(j->m, u->hex, hex);
	if (k)
		snprintf(j->title, sizeof j->title, "%s in %s: retreat %d, %d "
		    "hex%s to end in", u->id, hex, r->hexes, k, k == 1 ? "" :
		    "es");
	else
		snprintf(j->title, sizeof j->title, "%s in %s: no retreat of "
		    "%d, eliminated (%s)", u->id, hex, r->hexes,
		    j->mv.mm.rules->retreat_fails ?
		    j->mv.mm.rules->retreat_fails : "the rules");
	return ST_OK;
}

/*
 * --advance: every hex the advance may reach and the way there; with
 * --via, through the hex the defender left first (move_route.c).
 */
int
svg_price_advance(const struct ctx *c, struct svg_job *j,
    const struct svg_request *r)
{
	const struct unit *u;
	struct move_price p;
	int i, n = map_size(j->m), via = -1, k = 0, st;
	char hex[HEX_IDLEN];

	if ((st = route_unit(c, j, r, &u)) != ST_OK)
		return st;
	/* an unlimited search would be the whole map, not an advance */
	if (j->mv.unit.ma < 0)
		return err(ST_USAGE, "--advance: %s has no distance to advance: "
		    "'%s'", u->type, u->id);
	if (r->via != NULL && ((via = map_hex_or_place(j->m, r->via)) < 0 ||
	    map_direction(j->m, u->hex, via) < 0))
		return err(ST_USAGE, "--via is the hex next to the unit that "
		    "the defender left: '%s'", r->via);
	j->reached = xcalloc((size_t)n, sizeof *j->reached);
	j->route = xcalloc((size_t)n, sizeof *j->route);
	if (via < 0)
		move_map_reach(&j->mv.mm, j->mv.unit.ma, j->reached, j->route);
	else if (move_advance_via(&j->mv.mm, via, j->mv.unit.ma, j->reached,
	    j->route, &p) < 0)
		return err(ST_NO, "--via: %s may not advance into %s: %s (%s): "
		    "'%s'", u->id, r->via, p.why ? p.why : "not allowed",
		    p.rule ? p.rule : "the rules", r->via);
	for (i = 0; i < n; i++) {
		if (j->reached[i] < 0 || i == u->hex)
			j->route[i] = -1;
		else
			k++;
	}
	map_hex_id(j->m, u->hex, hex);
	snprintf(j->title, sizeof j->title, "%s in %s: advance %d, %d hex%s "
	    "within reach", u->id, hex, j->mv.unit.ma, k, k == 1 ? "" : "es");
	return ST_OK;
}

