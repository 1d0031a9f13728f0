/*
 * map-svg-move.c: the movement answers `umpire map svg` and `move-cost
 * --map --svg` draw, as marks (map-svg-job.h): a path priced step by
 * step, the reach, the retreat and advance routes.  The reach and the
 * routes are move-cost's answers (cmd/move-cost-map.c finds them, here
 * they become marks); the path held to the hexes given is map svg's own
 * question, priced for the unit in its first hex.  No rule is applied
 * here: the game prices each step through lib/move_map.c, and the priced
 * path, the unit made ready and a retreat's outcome are lib/move_answer.c's.
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
#include "move-cost.h"
#include "path.h"
#include "situation.h"

/* The hexes reached that the game lets the unit pass but not end its
 * move in (sotq 9.A, 14), named apart as move-cost's --reach names them. */
static void
pass_only(struct svg_job *j, struct move_map *mm)
{
	int i, n = map_size(j->m);

	j->pass = err_calloc((size_t)n, 1);
	for (i = 0; i < n; i++)
		if (j->left[i] >= 0 && i != mm->origin &&
		    move_map_may_end(mm, i, NULL) < 0) {
			j->pass[i] = 1;
			j->npass++;
		}
}

void
map_svg_reach_marks(struct svg_job *j, const struct move_map *mm,
    int *left, const char *id, int ma, int scale)
{
	char hex[HEX_IDLEN], mp[16];

	j->left = left;
	j->scale = scale;
	/* may_end reads the move, never changes it */
	pass_only(j, (struct move_map *)mm);
	map_hex_id(j->m, mm->origin, hex);
	snprintf(j->title, sizeof j->title, "%s from %s: where %s MP reach",
	    id, hex, move_mp_text(ma, scale, mp));
}

/* Each step of a path must cross one hexside; from the sea (loe 6.4 D)
 * the first is the landing, at a port anywhere. */
int
map_svg_check_path(const struct map *m, const int *path, int n, int landing)
{
	char a[HEX_IDLEN], b[HEX_IDLEN];
	int i;

	for (i = 1 + landing; i < n; i++) {
		if (map_direction(m, path[i - 1], path[i]) >= 0)
			continue;
		map_hex_id(m, path[i - 1], a);
		map_hex_id(m, path[i], b);
		return err(ST_USAGE, "--path: %s and %s do not touch: '%s'",
		    a, b, b);
	}
	return ST_OK;
}

/* The found path's steps priced again for their rules and words, as
 * move-cost prices its own (move_path_step); the costs are the search's. */
static void
path_steps(struct svg_job *j, struct move_map *mm,
    const struct path_result *pr)
{
	int i, spent = 0;

	j->costs = err_calloc((size_t)j->npath, sizeof *j->costs);
	j->steps = err_calloc((size_t)j->npath, sizeof *j->steps);
	j->rules = err_calloc((size_t)j->npath, sizeof *j->rules);
	for (i = 1; i < pr->n; i++) {
		/* in place: a why made up on the spot is in the step's own
		   buffer */
		move_path_step(mm, pr, i, spent, &j->steps[i]);
		j->rules[i] = j->steps[i].rule;
		j->costs[i] = pr->costs[i];
		spent += pr->costs[i];
	}
}

/*
 * The unit a --path is priced for: --unit, which must stand in the path's
 * first hex, or else the top unit there.  0 with *u NULL when there is
 * none (the path is only drawn).
 */
static int
path_unit(const struct svg_job *j, const struct svg_request *r,
    const struct unit **u)
{
	char a[HEX_IDLEN];

	*u = NULL;
	map_hex_id(j->m, j->path[0], a);
	if (r->unit == NULL) {
		if (j->s != NULL)
			situation_in_hex(j->s, j->path[0], u, 1);
		return ST_OK;
	}
	if (j->s == NULL || (*u = situation_find(j->s, r->unit)) == NULL)
		return err(ST_USAGE, "--unit: no such unit in the situation: "
		    "'%s'", r->unit);
	if ((*u)->hex != j->path[0])
		return err(ST_USAGE, "--unit: %s does not stand in %s, where "
		    "the path starts: '%s'", r->unit, a, r->unit);
	return ST_OK;
}

/*
 * --path starting under a unit of the situation (--unit, or the top unit
 * of the hex): move-cost's procedure prices it, held to the hexes drawn
 * (move_cost_map_marks, a->along), so a landing and a rail move are
 * priced as move-cost prices them.  A path the unit may not take is a
 * negative answer naming the rule.  With no unit there the path is only
 * drawn.
 */
int
map_svg_price_path(const struct ctx *c, struct svg_job *j,
    const struct svg_request *r)
{
	const struct unit *u;
	struct mc_args a;
	char hex[HEX_IDLEN];
	int st;

	if ((st = path_unit(j, r, &u)) != ST_OK)
		return st;
	if (u == NULL) {
		map_hex_id(j->m, j->path[0], hex);
		if (r->flags & MOVE_OFF_MAP)
			return err(ST_USAGE, "--at-sea needs a unit of "
			    "--situation in the path's first hex: '%s'", hex);
		return map_svg_check_path(j->m, j->path, j->npath, 0);
	}
	map_svg_move_request(r, u->id, &a);
	a.along = j->path;
	a.nalong = j->npath;
	a.req.share_before = r->share_before > 0 ? (int)r->share_before : 0;
	return move_cost_map_marks(c, &a, j);
}

void
map_svg_move_request(const struct svg_request *r, const char *id,
    struct mc_args *a)
{
	int i;

	memset(a, 0, sizeof *a);
	a->map = r->map;
	a->situation = r->situation;
	a->types[0] = id;
	a->ntypes = 1;
	a->req.mode = r->mode;
	a->req.hexes = r->hexes;
	a->req.season = r->season;
	a->req.flags = r->flags;
	for (i = 0; i < r->naway; i++)
		a->away[i] = r->away[i];
	a->naway = r->naway;
	a->toward = r->toward;
	if (a->naway || a->toward)
		a->req.flags |= MOVE_AIMED;
}

void
map_svg_path_marks(struct svg_job *j, struct move_map *mm,
    const struct path_result *pr, const char *id, int ma, int scale)
{
	char a[HEX_IDLEN], mp[16], left[16];

	if (j->path == NULL) {
		j->npath = pr->n;
		j->path = err_malloc((size_t)pr->n * sizeof *j->path);
		memcpy(j->path, pr->hexes, (size_t)pr->n * sizeof *j->path);
	}
	j->landing = mm->starts_off && j->npath > 1;
	j->scale = scale;
	path_steps(j, mm, pr);
	j->jump0 = mm->jump0;
	j->jump1 = mm->jump1;
	map_hex_id(j->m, j->path[0], a);
	snprintf(j->title, sizeof j->title, "%s from %s: %s%d hex%s for %s MP"
	    "%s%s", id, a, j->embark ? "embarks now; next phase " : "",
	    j->npath - 1, j->npath == 2 ? "" : "es",
	    move_mp_text(pr->total, scale, mp), ma < 0 ? "" : " of ",
	    ma < 0 ? "" : move_mp_text(ma, scale, left));
}

/* sotq 9.B: the rule that let the retreat break the stacking limits, as
 * it must when no way keeps them; NULL when it keeps them. */
static const char *
last_resort(const struct move_unit *u)
{
	return u->flags & MOVE_LAST_RESORT ? u->last_resort : NULL;
}

/* Add the step from -> to to j->hops unless it is there. */
static void
add_hop(struct svg_job *j, int from, int to, int *cap)
{
	int i;

	for (i = 0; i < j->nhops; i++)
		if (j->hops[2 * i] == from && j->hops[2 * i + 1] == to)
			return;
	if (j->nhops == *cap) {
		*cap = *cap ? *cap * 2 : 32;
		j->hops = err_realloc(j->hops,
		    (size_t)*cap * 2 * sizeof *j->hops);
	}
	j->hops[2 * j->nhops] = from;
	j->hops[2 * j->nhops++ + 1] = to;
}

/* By the hex entered, then the hex left: the order the routes list in. */
static int
cmp_hop(const void *x, const void *y)
{
	const int *a = x, *b = y;

	return a[1] != b[1] ? (a[1] > b[1]) - (a[1] < b[1]) :
	    (a[0] > b[0]) - (a[0] < b[0]);
}

/*
 * The steps map svg draws and lists.  A retreat's ends each have their own
 * route from move_route.c (rt->route, one per end), and two of them may
 * enter one hex from different sides, as loe 8.4.1's routes do turning
 * toward a road: those are taken step by step, so that no end is drawn
 * reached by a way it was not.  Otherwise (an advance, a retreat off the
 * map) the hex before each hex, route[], is the way.
 */
static void
svg_route_hops(struct svg_job *j, const struct move_retreat *rt)
{
	int i, k, cap = 0, n = map_size(j->m);
	const int *hx;

	if (rt != NULL)
		for (i = 0; i < rt->nends; i++) {
			hx = rt->route + i * (rt->len + 1);
			for (k = 1; k <= move_route_steps(rt, i); k++)
				add_hop(j, hx[k - 1], hx[k], &cap);
		}
	else
		for (i = 0; i < n; i++)
			if (j->route[i] >= 0)
				add_hop(j, j->route[i], i, &cap);
	if (j->nhops > 1)
		qsort(j->hops, (size_t)j->nhops, 2 * sizeof *j->hops, cmp_hop);
}

/* The retreat's title: how it comes out, ends or not. */
static void
retreat_title(struct svg_job *j, const struct move_map *mm,
    const struct move_unit *u, const char *id, int asked,
    const char *toward)
{
	const struct move_rt_answer *a = &j->ra;
	char hex[HEX_IDLEN], aim[48] = "";

	map_hex_id(j->m, mm->origin, hex);
	/* sotq 13.E: a goal nearer than the rout is long ends it */
	if (a->shortened)
		snprintf(aim, sizeof aim, " toward %s, %d hex%s away", toward,
		    a->hexes, a->hexes == 1 ? "" : "es");
	if (a->code == MOVE_RT_STAYS)
		/* sotq 12.F: the game keeps the unit: no route, no cross */
		snprintf(j->title, sizeof j->title, "%s in %s: cannot retreat "
		    "%d: %s (%s)", id, hex, a->hexes, u->no_retreat,
		    u->no_retreat_rule ? u->no_retreat_rule : "the rules");
	else if (a->code == MOVE_RT_ELIMINATED)
		snprintf(j->title, sizeof j->title, "%s in %s: no retreat of "
		    "%d%s, eliminated (%s)", id, hex, a->shortened ? asked :
		    a->hexes, aim, mm->rules->retreat_fails ?
		    mm->rules->retreat_fails : "the rules");
	else if (a->code == MOVE_RT_ENDS)
		snprintf(j->title, sizeof j->title, "%s in %s: retreat %d%s, "
		    "%d hex%s to end in%s%s%s", id, hex, a->shortened ?
		    asked : a->hexes, aim, a->nlist, a->nlist == 1 ? "" :
		    "es", last_resort(u) ? ", stacking broken as a last "
		    "resort (" : "", last_resort(u) ? last_resort(u) : "",
		    last_resort(u) ? ")" : "");
	else if (a->edge_goal)
		snprintf(j->title, sizeof j->title, "%s in %s: retreat %d "
		    "reaches %s on the map's edge and leaves the map (%s)",
		    id, hex, asked, toward, mm->rules->retreat_off);
	else
		snprintf(j->title, sizeof j->title, "%s in %s: retreat %d cut "
		    "short by the map's edge, leaves the map from %d hex%s (%s)",
		    id, hex, a->hexes, a->nlist, a->nlist == 1 ? "" : "es",
		    mm->rules->retreat_off);
}

/*
 * The routes to each hex where the retreat may end, or to those it
 * leaves the map from, by the fewest-loss way move_route.c keeps; when
 * it has neither, every hex it gets to is where it dies.
 */
void
map_svg_retreat_marks(struct svg_job *j, const struct move_map *mm,
    const struct move_unit *u, const char *id, struct move_rt_answer *ans,
    int asked, const char *toward)
{
	struct move_rt_answer *a = &j->ra;
	int i, h, n = map_size(j->m);

	*a = *ans;
	memset(ans, 0, sizeof *ans);
	j->route_kind = SVG_RETREAT;
	j->last_resort = last_resort(u);
	j->route = err_malloc((size_t)n * sizeof *j->route);
	for (i = 0; i < n; i++)
		j->route[i] = -1;
	retreat_title(j, mm, u, id, asked, toward);
	if (a->code == MOVE_RT_STAYS)
		return;
	if (a->code == MOVE_RT_ELIMINATED) {
		j->doomed = a->list;
		j->ndoomed = a->nlist;
		return;
	}
	j->ends = a->list;
	j->nends = a->nlist;
	j->end_loss = err_calloc((size_t)a->nlist, sizeof *j->end_loss);
	for (i = 0; i < a->nlist; i++) {
		if (a->code == MOVE_RT_ENDS)
			j->end_loss[i] = a->rt.loss[a->list[i]];
		/* back to the start, or to a branch already drawn */
		for (h = a->list[i]; h != mm->origin && j->route[h] < 0 &&
		    a->rt.prev[h] >= 0; h = a->rt.prev[h])
			j->route[h] = a->rt.prev[h];
	}
	svg_route_hops(j, a->code == MOVE_RT_ENDS && a->rt.route != NULL ?
	    &a->rt : NULL);
}

void
map_svg_advance_marks(struct svg_job *j, int origin, int *reached,
    int *route, const char *id, int ma)
{
	int i, n = map_size(j->m), k = 0;
	char hex[HEX_IDLEN];

	j->reached = reached;
	j->route = route;
	j->route_kind = SVG_ADVANCE;
	for (i = 0; i < n; i++) {
		if (j->reached[i] < 0 || i == origin)
			j->route[i] = -1;
		else
			k++;
	}
	svg_route_hops(j, NULL);
	map_hex_id(j->m, origin, hex);
	snprintf(j->title, sizeof j->title, "%s in %s: advance %d, %d hex%s "
	    "within reach", id, hex, ma, k, k == 1 ? "" : "es");
}

