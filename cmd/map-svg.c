/*
 * map-svg.c: `umpire map svg MAP`: an SVG picture of a map, or of the hexes
 * around one hex, with the units of a situation and one answer drawn on
 * it: a path (--path, the hexes in order), the hexes a unit can reach
 * (--reach), its retreat or advance routes (--retreat, --advance), the
 * supply lines of a side or a unit (--supply), and hexes to ring (--mark).
 * lib/svg.c draws; this file turns the command line into a window and an
 * overlay.  No rule is applied here: --reach, --retreat and --advance
 * are move-cost's questions, answered by its procedure
 * (move_cost_map_marks) and drawn; a --path is priced by
 * cmd/map-svg-move.c as `umpire move-cost --map` prices a path; the
 * supply lines are `umpire supply-trace`'s (cmd/map-svg-supply.c).
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
#include "map-svg-job.h"
#include "move-cost.h"
#include "out.h"
#include "outfile.h"
#include "svg.h"
#include "situation.h"

/* SVG_MAX_HEXES (svg.h) bounds the window; ask for --around. */
#define SVG_MAX_RADIUS	200
#define SVG_MAX_LIST	4096

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
	{ "toward", offsetof(struct svg_request, toward) },
	{ "phase", offsetof(struct svg_request, phase) },
	{ "lost", offsetof(struct svg_request, lost) },
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
	if (strcmp(name, "sea-moved") == 0)
		return number(name, p->arg, 0, 3, &r->share_before);
	if (strcmp(name, "at-sea") == 0) {
		r->flags |= MOVE_OFF_MAP;
		return ST_OK;
	}
	if (strcmp(name, "attacker") == 0) {
		r->flags |= MOVE_ATTACKER;
		return ST_OK;
	}
	if (strcmp(name, "away") == 0) {
		if (r->naway == SVG_MAXAWAY)
			return err(ST_USAGE, "too many --away hexes: '%s' (at "
			    "most %d)", p->arg, SVG_MAXAWAY);
		r->away[r->naway++] = p->arg;
		return ST_OK;
	}
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
	if (r->unit != NULL && r->mode == MOVE_NORMAL && r->path == NULL)
		return err(ST_USAGE, "--unit is for --path, --retreat and "
		    "--advance: '%s'", r->unit);
	if (r->via != NULL && r->mode != MOVE_ADVANCE)
		return err(ST_USAGE, "--via is for --advance: '%s'", r->via);
	if ((r->flags & MOVE_OFF_MAP) && r->path == NULL)
		return err(ST_USAGE, "--at-sea is for --path: '%s'", r->map);
	if (r->share_before >= 0 && r->path == NULL)
		return err(ST_USAGE, "--sea-moved is for --path: '%ld'",
		    r->share_before);
	if ((r->flags & MOVE_ATTACKER) && r->mode != MOVE_RETREAT)
		return err(ST_USAGE, "--attacker is for a retreat of the "
		    "attacking units: '%s'", "--attacker");
	if ((r->naway > 0 || r->toward != NULL) && r->mode != MOVE_RETREAT)
		return err(ST_USAGE, "--%s is for --retreat: '%s'", r->naway ?
		    "away" : "toward", r->naway ? r->away[0] : r->toward);
	if ((r->phase || r->lost) && r->supply == NULL)
		return err(ST_USAGE, "--phase and --lost are for --supply: "
		    "'%s'", r->phase ? r->phase : r->lost);
	/* the picture is XML in UTF-8: a title that is not would break it
	 * (svg_escape would mend it, but an argument is better refused) */
	if (r->title && err_safe_prefix(r->title, strlen(r->title)) !=
	    strlen(r->title))
		return err(ST_USAGE, "--title: not one line of UTF-8 text: '%s'",
		    r->title);
	if (r->output && !*r->output)
		return err(ST_USAGE, "--output: no file named: ''");
	return ST_OK;
}

static int
parse_request(const struct ctx *c, struct svg_request *r, int argc,
    char **argv)
{
	struct opt_parser p;
	int id, st;

	memset(r, 0, sizeof *r);
	r->radius = -1;
	r->share_before = -1;
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
	/* the shell's map, and its situation for an answer */
	if (!r->map)
		r->map = c->map;
	if (!r->situation && r->asks)
		r->situation = c->situation;
	if ((st = check_request(r)) != ST_OK)
		return st;
	if (r->radius < 0)
		r->radius = 5;
	return ST_OK;
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
	*out = err_malloc((size_t)cap * sizeof **out);
	for (;;) {
		comma = strchr(s, ',');
		len = comma ? (size_t)(comma - s) : strlen(s);
		if (len == 0 || len >= sizeof id)
			goto bad;
		memcpy(id, s, len);
		id[len] = '\0';
		if ((idx = map_hex_or_place(m, id)) < 0) {
			free(*out);
			*out = NULL;
			return err(ST_USAGE, "%s: no such hex on %s: '%s'", opt,
			    spec, id);
		}
		if (*n == SVG_MAX_LIST)
			goto bad;
		if (*n == cap)
			*out = err_realloc(*out,
			    (size_t)(cap *= 2) * sizeof **out);
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
		if ((idx = map_hex_or_place(m, r->around)) < 0)
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

/* --supply: supply-trace's answers for a side or a unit, as marks. */
static int
trace_supply(const struct ctx *c, struct svg_job *j,
    const struct svg_request *r)
{
	struct svg_supply_ask q = { r->supply, r->season, r->phase, r->lost };
	int st;

	st = map_svg_supply_trace(c, r->map, j->m, j->s, &q, &j->run);
	/* the run has the map and the situation now, and frees them */
	j->m = j->run.map;
	j->s = j->run.sit;
	if (st != ST_OK)
		return st;
	map_svg_supply_marks(&j->run, &j->sup);
	map_svg_supply_title(j->title, sizeof j->title, r->supply,
	    j->run.r.phase, r->lost);
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

/* The path's hexes; priced, each step's cost, words and rule as
 * move-cost's --json gives them. */
static cJSON *
path_json(const struct svg_job *j, int scale)
{
	cJSON *arr = hex_list(j->m, j->path, j->npath, j->costs, scale);
	int i;

	for (i = 1; j->steps != NULL && i < j->npath; i++)
		move_price_json(cJSON_GetArrayItem(arr, i), &j->steps[i]);
	return arr;
}

/* --retreat, --advance: each step of a route, the ends, who dies where. */
static void
routes_json(cJSON *json, const struct svg_job *j)
{
	cJSON *arr = json_array(), *o;
	char id[HEX_IDLEN];
	int i;

	for (i = 0; i < j->nhops; i++) {
		o = json_object();
		map_hex_id(j->m, j->hops[2 * i + 1], id);
		json_set_str(o, "hex", id);
		map_hex_id(j->m, j->hops[2 * i], id);
		json_set_str(o, "from", id);
		json_push(arr, o);
	}
	json_set(json, "routes", arr);
	if (j->ra.list == NULL)
		return;
	/* in move-cost's words for its result.code */
	json_set_str(json, "outcome", j->ra.code == MOVE_RT_ENDS ? "ok" :
	    j->ra.code == MOVE_RT_OFF_MAP ? "off-map" : j->ra.code ==
	    MOVE_RT_STAYS ? "stays" : "eliminated");
	if (j->last_resort)
		json_set_str(json, "last_resort", j->last_resort);
	json_set(json, "ends", hex_list(j->m, j->ends, j->nends, NULL, 1));
	arr = json_array();
	for (i = 0; i < j->nends; i++)
		json_push(arr, cJSON_CreateNumber(j->end_loss[i]));
	json_set(json, "end_losses", arr);
	json_set(json, "eliminated_in", hex_list(j->m, j->doomed, j->ndoomed,
	    NULL, 1));
}

/* --json: what was drawn, and the picture itself unless -o took it. */
static cJSON *
summary(const struct svg_request *r, const struct svg_job *j,
    const struct svg_overlay *o, const int w[4])
{
	cJSON *json = json_object(), *reach, *pass, *h;
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
		json_set(json, "path", path_json(j, scale));
		for (i = 1; j->costs != NULL && i < j->npath; i++)
			total += j->costs[i];
		if (j->costs != NULL)
			json_set_num(json, "total", (double)total / scale);
	}
	if (j->left != NULL) {
		reach = json_array();
		pass = json_array();
		for (i = 0; i < map_size(j->m); i++) {
			if (j->left[i] < 0)
				continue;
			if (j->pass[i]) {
				map_hex_id(j->m, i, a);
				cJSON_AddItemToArray(pass, cJSON_CreateString(a));
				continue;
			}
			h = json_object();
			map_hex_id(j->m, i, a);
			json_set_str(h, "hex", a);
			json_set_num(h, "left", (double)j->left[i] / scale);
			json_push(reach, h);
		}
		json_set(json, "reach", reach);
		json_set(json, "pass_only", pass);
	}
	if (j->marks != NULL)
		json_set(json, "marks", hex_list(j->m, j->marks, j->nmarks, NULL,
		    1));
	if (j->route != NULL)
		routes_json(json, j);
	if (j->run.ans != NULL) {
		map_svg_supply_question(json, j->run.r.phase, r->lost);
		json_set(json, "supply", map_svg_supply_json(&j->run));
	}
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
	    (st = outfile_write(r->output, j->buf, j->len)) != ST_OK)
		return st;
	if (c->json)
		return out_emit(c, summary(r, j, o, w), NULL);
	return r->output == NULL ? map_svg_print(j) : ST_OK;
}

/* What j holds to draw, as svg_write's overlay. */
static void
overlay(const struct svg_job *j, struct svg_overlay *o)
{
	memset(o, 0, sizeof *o);
	o->path = j->path;
	o->npath = j->npath;
	o->marks = j->marks;
	o->nmarks = j->nmarks;
	o->path_costs = j->costs;
	o->path_rules = j->rules;
	o->path_rail0 = j->jump0;
	o->path_rail1 = j->jump1;
	o->path_landing = j->landing;
	o->path_embark = j->embark;
	o->reach_left = j->left;
	o->reach_pass = j->npass > 0 ? j->pass : NULL;
	o->routes = j->route != NULL;
	o->route_steps = j->hops;
	o->nroute_steps = j->nhops;
	o->route_kind = j->route_kind;
	o->ends = j->ends;
	o->nends = j->nends;
	o->end_loss = j->end_loss;
	o->doomed = j->doomed;
	o->ndoomed = j->ndoomed;
	if (j->sup.lines != NULL)
		map_svg_supply_overlay(&j->sup, o);
	o->cost_scale = j->scale > 0 ? j->scale : 1;
}

int
map_svg_picture(struct svg_job *j, const char *title, const int w[4])
{
	struct svg_overlay o;
	FILE *fp;
	int st;

	overlay(j, &o);
	o.title = title;
	if ((fp = open_memstream(&j->buf, &j->len)) == NULL)
		return err_sys("cannot draw the picture");
	st = svg_write(fp, j->m, j->s, &o, w[0], w[1], w[2], w[3]);
	if (fclose(fp) != 0 || st != 0)
		return err_sys("cannot draw the picture");
	return ST_OK;
}

int
map_svg_print(const struct svg_job *j)
{
	if (fwrite(j->buf, 1, j->len, stdout) != j->len || fflush(stdout) != 0)
		return err_sys("cannot write the picture");
	return ST_OK;
}

int
map_svg_fits(const struct map *m, const char *spec, const char *hint)
{
	struct hex first, last;
	long hexes;

	map_bounds(m, &first, &last);
	hexes = (long)(last.col - first.col + 1) * (last.row - first.row + 1);
	if (hexes <= SVG_MAX_HEXES)
		return ST_OK;
	return err(ST_USAGE, "%ld hexes are too many for one picture (at most "
	    "%d): draw part with %s --around HEX --radius N: '%s'", hexes,
	    SVG_MAX_HEXES, hint, spec);
}

int
map_svg_answer_out(struct svg_job *j)
{
	static const int whole[4];
	int st;

	if ((st = map_svg_picture(j, j->title[0] ? j->title : NULL,
	    whole)) != ST_OK)
		return st;
	return map_svg_print(j);
}

static int
draw(const struct ctx *c, const struct svg_request *r, struct svg_job *j)
{
	struct svg_overlay o;
	int w[4], st;

	if ((st = window(j->m, r, w)) != ST_OK)
		return st;
	if ((st = map_svg_picture(j, r->title ? r->title : j->title[0] ?
	    j->title : NULL, w)) != ST_OK)
		return st;
	/* the summary reads the title and the scale drawn */
	overlay(j, &o);
	o.title = r->title ? r->title : j->title[0] ? j->title : NULL;
	return emit(c, r, j, &o, w);
}

/*
 * --reach, --unit with --retreat or --advance: move-cost's questions,
 * asked of its procedure (move_cost_map_marks) with the options as
 * `umpire move-cost --map` takes them, and its answer drawn: map svg
 * finds no movement answer of its own.  The unit must be one of the
 * situation's; --via may be a place.  Where move-cost's answer is no,
 * the picture still shows it (a retreat that dies, no hex in reach),
 * but for an advance that cannot enter --via: nothing to draw.
 */
static int
ask_move_cost(const struct ctx *c, const struct svg_request *r,
    struct svg_job *j)
{
	const char *id = r->reach ? r->reach : r->unit;
	struct mc_args a;
	char via[HEX_IDLEN];
	int i, st;

	if (situation_find(j->s, id) == NULL)
		return err(ST_USAGE, "--%s: no such unit in the situation: '%s'",
		    r->reach ? "reach" : "unit", id);
	map_svg_move_request(r, id, &a);
	a.reach = r->reach != NULL;
	a.via = r->via;
	if (r->via && (i = map_hex_or_place(j->m, r->via)) >= 0) {
		map_hex_id(j->m, i, via);
		a.via = via;
	}
	if ((st = move_cost_map_marks(c, &a, j)) != ST_NO)
		return st;
	if (r->mode == MOVE_ADVANCE && j->route == NULL)
		return err(ST_NO, "--via: %s: '%s'", j->title, r->via);
	return ST_OK;
}

/* The answer asked for, priced or traced: nothing to do for none. */
int
map_svg_answer(const struct ctx *c, const struct svg_request *r, struct svg_job *j)
{
	int st = ST_OK;

	if (r->path != NULL &&
	    (st = parse_hexes(j->m, r->map, "--path", r->path, &j->path,
	    &j->npath)) == ST_OK)
		st = map_svg_price_path(c, j, r);
	if (st == ST_OK && r->mark != NULL)
		st = parse_hexes(j->m, r->map, "--mark", r->mark, &j->marks,
		    &j->nmarks);
	if (st != ST_OK)
		return st;
	if (r->reach != NULL || r->mode != MOVE_NORMAL)
		return ask_move_cost(c, r, j);
	if (r->supply != NULL)
		return trace_supply(c, j, r);
	return ST_OK;
}

/*
 * Zero j but for its supply run's TEC entries, which are emptied as a
 * load begins: 28 KB, most of them never written, whose clearing touched
 * pages for nothing.
 */
_Static_assert(sizeof(struct svg_job) == offsetof(struct svg_job, run) +
    sizeof(struct st_run), "map_svg_job_clear clears all the job but a TEC");

void
map_svg_job_clear(struct svg_job *j)
{
	memset(j, 0, offsetof(struct svg_job, run));
	supply_trace_run_clear(&j->run);
}

void
map_svg_job_free(struct svg_job *j)
{
	/* first: the answer's words point into it */
	move_cost_map_done(j->mc);
	move_rt_answer_free(&j->ra);
	map_svg_supply_free(&j->sup);
	if (j->run.map != NULL) {
		/* the supply run owns the map and the situation */
		supply_trace_close(&j->run);
		j->m = NULL;
		j->s = NULL;
	}
	free(j->buf);
	free(j->path);
	free(j->marks);
	free(j->costs);
	free(j->left);
	free(j->pass);
	free(j->route);
	free(j->hops);
	free(j->end_loss);
	free(j->steps);
	free(j->rules);
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

	if ((st = parse_request(c, &r, argc, argv)) != ST_OK)
		return st;
	map_svg_job_clear(&j);
	if ((st = map_load(c, r.map, &j.m)) != ST_OK)
		return st;
	if (r.situation != NULL)
		st = game_situation_open(c, j.m, r.situation, &j.s);
	if (st == ST_OK)
		st = map_svg_answer(c, &r, &j);
	if (st == ST_OK)
		st = draw(c, &r, &j);
	map_svg_job_free(&j);
	return st;
}
