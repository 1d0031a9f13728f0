/*
 * map-svg.c: `umpire map svg MAP`: an SVG picture of a map, or of the hexes
 * around one hex, with the units of a situation and an answer drawn on
 * it: a path (--path, the hexes in order), the hexes a unit can reach
 * (--reach), hexes to ring (--mark).  lib/svg.c draws; this file turns the
 * command line into a window and an overlay.  No rule is applied here: a
 * path's costs (when a unit of --situation stands at its start) and a
 * unit's reach are the game's movement rules on the map, priced by
 * lib/move_map.c as `umpire move-cost --map` prices them.
 *
 * cmd/map.c hands `map svg` to map_svg_main().
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "err.h"
#include "games/game.h"
#include "hex.h"
#include "map.h"
#include "move.h"
#include "map-svg.h"
#include "move_map.h"
#include "move_route.h"
#include "out.h"
#include "state.h"
#include "svg.h"
#include "units.h"

/* A bigger window is a picture nobody can read; ask for --around. */
#define SVG_MAX_HEXES	40000
#define SVG_MAX_RADIUS	200
#define SVG_MAX_LIST	4096

struct svg_request {
	const char *map, *around, *situation, *path, *reach, *mark, *output,
	    *title, *unit, *via, *supply, *season;
	long radius;
	enum move_mode mode;	/* --retreat or --advance */
	int hexes;
	const char *ask;	/* the answer asked for, by its option */
	int asks;
};

/* Options with a word for a value, by long name: the table is map_opts. */
static const struct {
	const char *name;
	size_t at;
} word_opts[] = {
	{ "around", offsetof(struct svg_request, around) },
	{ "situation", offsetof(struct svg_request, situation) },
	{ "path", offsetof(struct svg_request, path) },
	{ "reach", offsetof(struct svg_request, reach) },
	{ "mark", offsetof(struct svg_request, mark) },
	{ "title", offsetof(struct svg_request, title) },
	{ "output", offsetof(struct svg_request, output) },
	{ "unit", offsetof(struct svg_request, unit) },
	{ "via", offsetof(struct svg_request, via) },
	{ "supply", offsetof(struct svg_request, supply) },
	{ "season", offsetof(struct svg_request, season) },
};

/* A number from lo to hi, for the option named. */
static int
number(const char *name, const char *arg, long lo, long hi, long *out)
{
	char *end;

	*out = strtol(arg, &end, 10);
	if (*arg < '0' || *arg > '9' || *end != '\0' || *out < lo ||
	    *out > hi)
		return err(ST_USAGE, "--%s expects a number from %ld to %ld: "
		    "'%s'", name, lo, hi, arg);
	return ST_OK;
}

/* The option just read, by its long name. */
static int
take_option(struct svg_request *r, const struct opt_parser *p)
{
	const char *name = p->opt->long_name;
	long v;
	size_t i;
	int st;

	/* one answer a picture: the first asked is named if there are two */
	if (strcmp(name, "path") == 0 || strcmp(name, "reach") == 0 ||
	    strcmp(name, "retreat") == 0 || strcmp(name, "advance") == 0 ||
	    strcmp(name, "supply") == 0) {
		if (r->asks++ == 0)
			r->ask = name;
	}
	if (strcmp(name, "radius") == 0)
		return number(name, p->arg, 0, SVG_MAX_RADIUS, &r->radius);
	if (strcmp(name, "retreat") == 0 || strcmp(name, "advance") == 0) {
		r->mode = name[0] == 'r' ? MOVE_RETREAT : MOVE_ADVANCE;
		/* as move-cost takes them */
		if ((st = number(name, p->arg, r->mode == MOVE_RETREAT, 20,
		    &v)) != ST_OK)
			return st;
		r->hexes = (int)v;
		return ST_OK;
	}
	for (i = 0; i < sizeof word_opts / sizeof *word_opts; i++)
		if (strcmp(name, word_opts[i].name) == 0)
			*(const char **)((char *)r + word_opts[i].at) = p->arg;
	return ST_OK;
}

/* What the options ask makes sense together. */
static int
check_request(const struct svg_request *r)
{
	if (r->map == NULL)
		return err(ST_USAGE, "which map? name one (teaching) or give "
		    "a file");
	if (r->radius >= 0 && r->around == NULL)
		return err(ST_USAGE, "--radius needs --around");
	if (r->asks > 1)
		return err(ST_USAGE, "one answer a picture: --path, --reach, "
		    "--retreat, --advance or --supply: '--%s'", r->ask);
	if ((r->reach || r->supply || r->mode != MOVE_NORMAL) &&
	    r->situation == NULL)
		return err(ST_USAGE, "--%s needs --situation: '%s'", r->ask,
		    r->reach ? r->reach : r->supply ? r->supply : r->map);
	if (r->mode != MOVE_NORMAL && r->unit == NULL)
		return err(ST_USAGE, "--%s needs --unit, the unit that moves: "
		    "'%d'", r->ask, r->hexes);
	if (r->unit != NULL && r->mode == MOVE_NORMAL)
		return err(ST_USAGE, "--unit is for --retreat and --advance: "
		    "'%s'", r->unit);
	if (r->via != NULL && r->mode != MOVE_ADVANCE)
		return err(ST_USAGE, "--via is for --advance: '%s'", r->via);
	return ST_OK;
}

static int
parse_request(struct svg_request *r, int argc, char **argv)
{
	struct opt_parser p;
	int id, st;

	memset(r, 0, sizeof *r);
	r->radius = -1;
	opt_init(&p, map_opts, argc, argv);
	while ((id = opt_next(&p)) != OPT_END) {
		if (id == OPT_ERROR)
			return ST_USAGE;
		if (id != OPT_OPERAND) {
			if ((st = take_option(r, &p)) != ST_OK)
				return st;
			continue;
		}
		if (r->map != NULL)
			return err(ST_USAGE, "one map at a time: '%s'", p.arg);
		r->map = p.arg;
	}
	if ((st = check_request(r)) != ST_OK)
		return st;
	if (r->radius < 0)
		r->radius = 5;
	return ST_OK;
}

/* A hex by its id or by the name of its place. */
static int
find_hex(const struct map *m, const char *s)
{
	int idx = map_lookup(m, s);

	return idx >= 0 ? idx : map_find_place(m, s);
}

/* "2504,2505,2606" into map indexes; *n set.  opt names the option. */
static int
parse_hexes(const struct map *m, const char *spec, const char *opt,
    const char *list, int **out, int *n)
{
	char id[65];
	const char *s = list, *comma;
	size_t len;
	int idx, cap = 8;

	*n = 0;
	*out = xmalloc((size_t)cap * sizeof **out);
	for (;;) {
		comma = strchr(s, ',');
		len = comma ? (size_t)(comma - s) : strlen(s);
		if (len == 0 || len >= sizeof id)
			goto bad;
		memcpy(id, s, len);
		id[len] = '\0';
		if ((idx = find_hex(m, id)) < 0) {
			free(*out);
			*out = NULL;
			return err(ST_USAGE, "%s: no such hex on %s: '%s'", opt,
			    spec, id);
		}
		if (*n == SVG_MAX_LIST)
			goto bad;
		if (*n == cap)
			*out = xrealloc(*out, (size_t)(cap *= 2) * sizeof **out);
		(*out)[(*n)++] = idx;
		if (comma == NULL)
			return ST_OK;
		s = comma + 1;
	}
bad:
	free(*out);
	*out = NULL;
	return err(ST_USAGE, "%s expects hex ids or places separated by commas "
	    "(at most %d): '%s'", opt, SVG_MAX_LIST, list);
}

/* Each step of a path must cross one hexside. */
static int
check_path(const struct map *m, const int *path, int n)
{
	char a[HEX_IDLEN], b[HEX_IDLEN];
	int i;

	for (i = 1; i < n; i++) {
		if (map_direction(m, path[i - 1], path[i]) >= 0)
			continue;
		map_hex_id(m, path[i - 1], a);
		map_hex_id(m, path[i], b);
		return err(ST_USAGE, "--path: %s and %s do not touch: '%s'",
		    a, b, b);
	}
	return ST_OK;
}

/* The window: the map, or the square of hexes --radius around --around. */
static int
window(const struct map *m, const struct svg_request *r, int w[4])
{
	struct hex first, last, h;
	int idx;
	long ncols, nrows;

	map_bounds(m, &first, &last);
	w[0] = first.col, w[1] = first.row, w[2] = last.col, w[3] = last.row;
	if (r->around != NULL) {
		if ((idx = find_hex(m, r->around)) < 0)
			return err(ST_USAGE, "--around: no such hex on %s: '%s'",
			    r->map, r->around);
		h = map_hex(m, idx);
		w[0] = h.col - (int)r->radius > first.col ?
		    h.col - (int)r->radius : first.col;
		w[1] = h.row - (int)r->radius > first.row ?
		    h.row - (int)r->radius : first.row;
		w[2] = h.col + (int)r->radius < last.col ?
		    h.col + (int)r->radius : last.col;
		w[3] = h.row + (int)r->radius < last.row ?
		    h.row + (int)r->radius : last.row;
	}
	ncols = w[2] - w[0] + 1;
	nrows = w[3] - w[1] + 1;
	if (ncols * nrows > SVG_MAX_HEXES)
		return err(ST_USAGE, "%ld hexes are too many for one picture "
		    "(at most %d): draw part with --around HEX --radius N: "
		    "'%s'", ncols * nrows, SVG_MAX_HEXES, r->map);
	return ST_OK;
}

/* One unit of the situation, ready to move under its game's rules. */
struct mover {
	const struct unit *u;
	struct move_vocab vocab;
	struct move_tec tec;
	struct move_unit unit;
	struct move_map mm;
	int ready;		/* mm made: move_map_free it */
};

struct svg_job {
	struct map *m;
	struct situation *s;
	int *path, npath, *marks, nmarks;
	int *costs, *left;	/* priced path, reach: map indexes as above */
	struct mover mv;
	/* --retreat, --advance: move_route.c's answer, drawn as routes */
	struct move_retreat rt;
	int *route, *end_loss, *doomed, ndoomed, *reached;
	/* --supply: supply-trace's answers and their marks */
	struct st_run run;
	struct svg_supply sup;
	char title[160];
	char *buf;
	size_t len;
};

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
static int
price_reach(const struct ctx *c, struct svg_job *j,
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
static int
price_path(const struct ctx *c, struct svg_job *j,
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
static int
price_retreat(const struct ctx *c, struct svg_job *j,
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
static int
price_advance(const struct ctx *c, struct svg_job *j,
    const struct svg_request *r)
{
	const struct unit *u;
	struct move_price p;
	int i, n = map_size(j->m), via = -1, k = 0, st;
	char hex[HEX_IDLEN];

	if ((st = route_unit(c, j, r, &u)) != ST_OK)
		return st;
	if (r->via != NULL && ((via = find_hex(j->m, r->via)) < 0 ||
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

/* --supply: supply-trace's answers for a side or a unit, as marks. */
static int
trace_supply(const struct ctx *c, struct svg_job *j,
    const struct svg_request *r)
{
	int st;

	st = svg_supply_trace(c, r->map, j->m, j->s, r->supply, r->season,
	    &j->run);
	/* the run has the map and the situation now, and frees them */
	j->m = j->run.map;
	j->s = j->run.sit;
	if (st != ST_OK)
		return st;
	svg_supply_marks(&j->run, &j->sup);
	snprintf(j->title, sizeof j->title, "supply: %s", r->supply);
	return ST_OK;
}

/* The hexes of idx[0..n) as an array of ids; with costs, of objects. */
static cJSON *
hex_list(const struct map *m, const int *idx, int n, const int *cost,
    int scale)
{
	cJSON *arr = json_array(), *o;
	char id[HEX_IDLEN];
	int i;

	for (i = 0; i < n; i++) {
		map_hex_id(m, idx[i], id);
		if (cost == NULL) {
			cJSON_AddItemToArray(arr, cJSON_CreateString(id));
			continue;
		}
		o = json_object();
		json_set_str(o, "hex", id);
		json_set_num(o, "cost", (double)cost[i] / scale);
		json_push(arr, o);
	}
	return arr;
}

/* --retreat, --advance: each step of a route, the ends, who dies where. */
static void
routes_json(cJSON *json, const struct svg_job *j)
{
	cJSON *arr = json_array(), *o;
	char id[HEX_IDLEN];
	int i;

	for (i = 0; i < map_size(j->m); i++) {
		if (j->route[i] < 0)
			continue;
		o = json_object();
		map_hex_id(j->m, i, id);
		json_set_str(o, "hex", id);
		map_hex_id(j->m, j->route[i], id);
		json_set_str(o, "from", id);
		json_push(arr, o);
	}
	json_set(json, "routes", arr);
	if (j->rt.ends == NULL)
		return;
	json_set(json, "ends", hex_list(j->m, j->rt.ends, j->rt.nends,
	    NULL, 1));
	arr = json_array();
	for (i = 0; i < j->rt.nends; i++)
		json_push(arr, cJSON_CreateNumber(j->end_loss[i]));
	json_set(json, "end_losses", arr);
	json_set(json, "eliminated_in", hex_list(j->m, j->doomed, j->ndoomed,
	    NULL, 1));
}

/* --supply: each unit's answer as supply-trace gave it. */
static void
supply_json(cJSON *json, const struct svg_job *j)
{
	cJSON *arr = json_array(), *o;
	const struct supply_answer *x;
	char id[HEX_IDLEN];
	int i;

	for (i = 0; i < j->run.n; i++) {
		x = &j->run.ans[i];
		o = json_object();
		json_set_str(o, "unit", x->u->id);
		json_set_bool(o, "supplied", x->supplied);
		json_set(o, "line", hex_list(j->m, j->sup.lines[i],
		    x->npath, NULL, 1));
		if (x->supplied || x->blocked < 0)
			json_set(o, "blocked", cJSON_CreateNull());
		else {
			map_hex_id(j->m, x->blocked, id);
			json_set_str(o, "blocked", id);
		}
		json_push(arr, o);
	}
	json_set(json, "supply", arr);
}

/* --json: what was drawn, and the picture itself unless -o took it. */
static cJSON *
summary(const struct svg_request *r, const struct svg_job *j,
    const struct svg_overlay *o, const int w[4])
{
	cJSON *json = json_object(), *reach, *h;
	char a[HEX_IDLEN], b[HEX_IDLEN];
	int i, scale = o->cost_scale > 1 ? o->cost_scale : 1, total = 0;

	json_set_str(json, "game", map_game(j->m));
	json_set_str(json, "procedure", "map-svg");
	json_set_str(json, "map", r->map);
	hex_format((struct hex){ w[0], w[1] }, a);
	hex_format((struct hex){ w[2], w[3] }, b);
	json_set_str(json, "from", a);
	json_set_str(json, "to", b);
	if (o->title != NULL)
		json_set_str(json, "title", o->title);
	if (j->path != NULL) {
		json_set(json, "path", hex_list(j->m, j->path, j->npath,
		    j->costs, scale));
		for (i = 1; j->costs != NULL && i < j->npath; i++)
			total += j->costs[i];
		if (j->costs != NULL)
			json_set_num(json, "total", (double)total / scale);
	}
	if (j->left != NULL) {
		reach = json_array();
		for (i = 0; i < map_size(j->m); i++) {
			if (j->left[i] < 0)
				continue;
			h = json_object();
			map_hex_id(j->m, i, a);
			json_set_str(h, "hex", a);
			json_set_num(h, "left", (double)j->left[i] / scale);
			json_push(reach, h);
		}
		json_set(json, "reach", reach);
	}
	if (j->marks != NULL)
		json_set(json, "marks", hex_list(j->m, j->marks, j->nmarks, NULL,
		    1));
	if (j->route != NULL)
		routes_json(json, j);
	if (j->run.ans != NULL)
		supply_json(json, j);
	if (r->output != NULL)
		json_set_str(json, "output", r->output);
	else
		json_set_str(json, "svg", j->buf);
	return json;
}

/* Write the finished picture, so a failure leaves no half-written file. */
static int
emit(const struct ctx *c, const struct svg_request *r,
    const struct svg_job *j, const struct svg_overlay *o, const int w[4])
{
	int st = ST_OK;

	if (r->output != NULL &&
	    (st = state_write_atomic(r->output, j->buf, j->len)) != ST_OK)
		return st;
	if (c->json)
		return out_emit(c, summary(r, j, o, w), NULL);
	if (r->output == NULL && (fwrite(j->buf, 1, j->len, stdout) != j->len ||
	    fflush(stdout) != 0))
		return err_sys("cannot write the picture");
	return ST_OK;
}

static int
draw(const struct ctx *c, const struct svg_request *r, struct svg_job *j)
{
	struct svg_overlay o;
	FILE *fp;
	int w[4], st;

	if ((st = window(j->m, r, w)) != ST_OK)
		return st;
	memset(&o, 0, sizeof o);
	o.path = j->path;
	o.npath = j->npath;
	o.marks = j->marks;
	o.nmarks = j->nmarks;
	o.path_costs = j->costs;
	o.reach_left = j->left;
	o.route = j->route;
	o.route_kind = r->mode == MOVE_RETREAT ? SVG_RETREAT : SVG_ADVANCE;
	o.ends = j->rt.ends;
	o.nends = j->rt.nends;
	o.end_loss = j->end_loss;
	o.doomed = j->doomed;
	o.ndoomed = j->ndoomed;
	if (j->run.ans != NULL)
		svg_supply_overlay(&j->sup, &o);
	o.cost_scale = j->mv.ready ? j->mv.unit.scale : 1;
	o.title = r->title ? r->title : j->title[0] ? j->title : NULL;
	if ((fp = open_memstream(&j->buf, &j->len)) == NULL)
		return err_sys("cannot draw the picture");
	st = svg_write(fp, j->m, j->s, &o, w[0], w[1], w[2], w[3]);
	if (fclose(fp) != 0 || st != 0)
		return err_sys("cannot draw the picture");
	return emit(c, r, j, &o, w);
}

/* The answer asked for, priced or traced: nothing to do for none. */
static int
answer(const struct ctx *c, const struct svg_request *r, struct svg_job *j)
{
	int st = ST_OK;

	if (r->path != NULL &&
	    (st = parse_hexes(j->m, r->map, "--path", r->path, &j->path,
	    &j->npath)) == ST_OK && (st = check_path(j->m, j->path,
	    j->npath)) == ST_OK)
		st = price_path(c, j, r);
	if (st == ST_OK && r->mark != NULL)
		st = parse_hexes(j->m, r->map, "--mark", r->mark, &j->marks,
		    &j->nmarks);
	if (st != ST_OK)
		return st;
	if (r->reach != NULL)
		return price_reach(c, j, r);
	if (r->mode == MOVE_RETREAT)
		return price_retreat(c, j, r);
	if (r->mode == MOVE_ADVANCE)
		return price_advance(c, j, r);
	if (r->supply != NULL)
		return trace_supply(c, j, r);
	return ST_OK;
}

static void
job_free(struct svg_job *j)
{
	if (j->mv.ready)
		move_map_free(&j->mv.mm);
	move_retreat_free(&j->rt);
	svg_supply_free(&j->sup);
	if (j->run.map != NULL) {
		/* the supply run owns the map and the situation */
		st_close(&j->run);
		j->m = NULL;
		j->s = NULL;
	}
	free(j->buf);
	free(j->path);
	free(j->marks);
	free(j->costs);
	free(j->left);
	free(j->route);
	free(j->end_loss);
	free(j->doomed);
	free(j->reached);
	situation_free(j->s);
	map_free(j->m);
}

int
map_svg_main(struct ctx *c, int argc, char **argv)
{
	struct svg_request r;
	struct svg_job j;
	int st;

	if ((st = parse_request(&r, argc, argv)) != ST_OK)
		return st;
	memset(&j, 0, sizeof j);
	if ((st = map_load(c, r.map, &j.m)) != ST_OK)
		return st;
	if (r.situation != NULL)
		st = situation_open(c, j.m, r.situation, &j.s);
	if (st == ST_OK)
		st = answer(c, &r, &j);
	if (st == ST_OK)
		st = draw(c, &r, &j);
	job_free(&j);
	return st;
}
