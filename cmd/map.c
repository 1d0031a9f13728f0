/*
 * map.c: `umpire map`: install a map a player typed from a printed map
 * (import) and check a map file (check); hand `map show` to
 * cmd/map-show.c and `map svg` to cmd/map-svg.c.  The rules print no
 * maps, so players bring their own; the file forms are in umpire-data(5),
 * the engine in lib/map.c and lib/map_draft.c.
 */
#include <dirent.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "data.h"
#include "err.h"
#include "games/game.h"
#include "hex.h"
#include "map.h"
#include "map-cmd.h"
#include "out.h"
#include "state.h"

enum { O_AROUND = 1, O_RADIUS, O_SITUATION, O_PATH, O_REACH, O_MARK, O_OUTPUT,
	O_TITLE, O_UNIT, O_RETREAT, O_ADVANCE, O_VIA, O_AWAY, O_TOWARD, O_SUPPLY,
	O_SEASON, O_PHASE, O_LOST, O_AT_SEA, O_ATTACKER, O_SEA_MOVED };

/*
 * Every option of every map command, for --help and completion; `map svg`
 * reads them by name in cmd/map-svg.c, and the others refuse those that
 * are svg's alone.
 */
const struct opt map_opts[] = {
	{ O_AROUND, 0, "around", "hex", "show, svg: only the hexes near this one "
	  "(an id or a place name)", "@operand" },
	{ O_RADIUS, 0, "radius", "n", "show, svg: how far --around reaches "
	  "(default 3 for show, 5 for svg)", NULL },
	{ O_SITUATION, 0, "situation", "file", "show, svg: the units on the map "
	  "(a file, or a name under the game's situations)", "@situations" },
	{ O_PATH, 0, "path", "hexes", "show, svg: draw this path (hex ids in "
	  "order, comma-separated)", NULL },
	{ O_ATTACKER, 0, "attacker", NULL, "svg: with --retreat, the unit was "
	  "the attacker (the game's rules say what that changes)", NULL },
	{ O_AT_SEA, 0, "at-sea", NULL, "svg: with --path, the unit begins "
	  "the phase at sea and lands at a port first", NULL },
	{ O_SEA_MOVED, 0, "sea-moved", "n", "svg: with --path, the shares of "
	  "the sea lift already used this turn", "0 1 2 3" },
	{ O_REACH, 0, "reach", "unit", "show, svg: the hexes this unit can "
	  "reach, with the movement left", NULL },
	{ O_MARK, 0, "mark", "hexes", "svg: ring these hexes (comma-separated)",
	  NULL },
	{ O_OUTPUT, 'o', "output", "file", "svg: write the picture to a file",
	  "@files" },
	{ O_TITLE, 0, "title", "text", "svg: a title over the picture", NULL },
	{ O_UNIT, 0, "unit", "id", "svg: the unit of --situation that "
	  "retreats or advances", "@units" },
	{ O_RETREAT, 0, "retreat", "n", "svg: draw the unit's retreat routes "
	  "of n hexes", "1 2 3 4" },
	{ O_ADVANCE, 0, "advance", "n", "svg: draw the unit's advance routes "
	  "of n hexes (0: its own)", "0 1 2 3" },
	{ O_VIA, 0, "via", "hex", "svg: with --advance, the hex the defender "
	  "left, entered first", "@operand" },
	{ O_AWAY, 0, "away", "hex", "svg: with --retreat, every step goes "
	  "farther from hex (a firing unit's); repeat for more",
	  "@operand" },
	{ O_TOWARD, 0, "toward", "hex", "svg: with --retreat, every step goes "
	  "nearer hex (a rout)", "@operand" },
	{ O_SUPPLY, 0, "supply", "who", "show, svg: supply lines of a side, or "
	  "of one unit", "@sides" },
	{ O_SEASON, 0, "season", "name", "show, svg: the turn's season "
	  "(default spring)", "winter spring summer fall" },
	{ O_PHASE, 0, "phase", "name", "show, svg: with --supply, when the "
	  "check is made (default movement)", "movement combat attrition" },
	{ O_LOST, 0, "lost", "hexes", "show, svg: with --supply, hexes "
	  "(comma-separated) the enemy has taken", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

/* ---- completion ---- */

/* Map names: <game>/maps/NAME.json or NAME.map in every data directory. */
static void
complete_map_names(const struct ctx *c, const char *prefix)
{
	char **names;
	size_t n, i;

	if (!c->game || !game_find(c->game))
		return;
	n = data_names(c, c->game, "maps", &names);
	for (i = 0; i < n; i++) {
		complete_word(prefix, names[i]);
		free(names[i]);
	}
	free(names);
}

/* The hex ids and place names of map spec (cmd.h). */
void
complete_hexes(const struct ctx *c, const char *spec, const char *prefix)
{
	char id[HEX_IDLEN];
	const char *name;
	struct map *m;
	int i;

	if (!spec || !freopen("/dev/null", "w", stderr))
		return;
	if (map_load(c, spec, &m) != ST_OK)
		return;
	for (i = 0; i < map_size(m); i++) {
		map_hex_id(m, i, id);
		complete_word(prefix, id);
	}
	for (i = 0; i < map_nplaces(m); i++)
		if (map_place_at(m, i, &name) >= 0 && !strchr(name, ' '))
			complete_word(prefix, name);
	map_free(m);
}

void
complete_map(const struct ctx *c, char **ops, int nops, const char *prefix)
{
	static const char *const subs[] = { "check", "import", "show", "svg" };
	size_t i;

	if (nops == 0) {
		for (i = 0; i < sizeof subs / sizeof subs[0]; i++)
			complete_word(prefix, subs[i]);
		return;
	}
	/* "--around" last: the option's value, from the map given so far. */
	if (strcmp(ops[nops - 1], "--around") == 0 ||
	    strcmp(ops[nops - 1], "--via") == 0 ||
	    strcmp(ops[nops - 1], "--away") == 0 ||
	    strcmp(ops[nops - 1], "--toward") == 0) {
		complete_hexes(c, nops >= 3 ? ops[nops - 2] : NULL, prefix);
		return;
	}
	if (strcmp(ops[0], "import") == 0 && nops == 1)
		complete_games(prefix);
	else if ((strcmp(ops[0], "show") == 0 || strcmp(ops[0], "svg") == 0) &&
	    nops == 1)
		complete_map_names(c, prefix);
}

/* ---- the arguments ---- */

/* The operand the parser just returned is argv[svg_at]: found by value. */
static int
operand_index(const struct opt_parser *p, int argc, char **argv)
{
	int i;

	for (i = p->next - 1; i >= 0 && i < argc; i--)
		if (argv[i] == p->arg)
			return i;
	return -1;
}

/*
 * Returns ST_OK; *svg_at >= 0 when the first operand is "svg" (at that
 * index of argv), whose options are then map_svg_main's to parse.
 */
static int
parse_args(struct map_request *r, int argc, char **argv, int *svg_at)
{
	struct opt_parser p;
	char *end;
	long v;
	int id;

	memset(r, 0, sizeof *r);
	r->radius = -1;
	*svg_at = -1;
	opt_init(&p, map_opts, argc, argv);
	while ((id = opt_next(&p)) != OPT_END) {
		switch (id) {
		case OPT_ERROR:
			return ST_USAGE;
		case OPT_OPERAND:
			if (!r->sub && strcmp(p.arg, "svg") == 0) {
				*svg_at = operand_index(&p, argc, argv);
				return ST_OK;
			}
			if (!r->sub) {
				r->sub = p.arg;
				break;
			}
			if (r->nops == 4)
				return err(ST_USAGE, "too many arguments: '%s'", p.arg);
			r->ops[r->nops++] = (char *)p.arg;
			break;
		case O_AROUND:
			r->around = p.arg;
			break;
		case O_RADIUS:
			v = strtol(p.arg, &end, 10);
			if (*p.arg < '0' || *p.arg > '9' || *end || v > 99)
				return err(ST_USAGE, "--radius takes a number of hexes "
				    "from 0 to 99: '%s'", p.arg);
			r->radius = (int)v;
			break;
		case O_SITUATION:
			r->situation = p.arg;
			break;
		case O_SUPPLY:
			r->supply = p.arg;
			break;
		case O_SEASON:
			r->season = p.arg;
			break;
		case O_PATH:
			r->path = p.arg;
			break;
		case O_REACH:
			r->reach = p.arg;
			break;
		case O_PHASE:
			r->phase = p.arg;
			break;
		case O_LOST:
			r->lost = p.arg;
			break;
		default:
			return err(ST_USAGE, "--%s belongs to map svg",
			    p.opt->long_name);
		}
	}
	if (!r->sub)
		return err(ST_USAGE, "which of import, check, show, svg?");
	if (strcmp(r->sub, "show") != 0 && (r->around || r->radius >= 0))
		return err(ST_USAGE, "--around and --radius belong to show and svg");
	if (r->radius >= 0 && !r->around)
		return err(ST_USAGE, "--radius needs --around");
	if (strcmp(r->sub, "show") != 0 && (r->situation || r->supply ||
	    r->season || r->path || r->reach || r->phase || r->lost))
		return err(ST_USAGE, "--situation, --supply, --path, --reach, "
		    "--season, --phase and --lost belong to show and svg: '%s'",
		    r->situation ? r->situation : r->supply ? r->supply :
		    r->season ? r->season : r->path ? r->path : r->reach ?
		    r->reach : r->phase ? r->phase : r->lost);
	return ST_OK;
}

/* `map svg ...`: everything but the word svg goes to cmd/map-svg.c. */
static int
hand_to_svg(struct ctx *c, int argc, char **argv, int svg_at)
{
	char **rest = err_calloc((size_t)argc + 1, sizeof *rest);
	int i, n = 0, st;

	for (i = 0; i < argc; i++)
		if (i != svg_at)
			rest[n++] = argv[i];
	st = map_svg_main(c, n, rest);
	free(rest);
	return st;
}

int
map_want_ops(const struct map_request *r, int n, const char *what)
{
	if (r->nops < n)
		return err(ST_USAGE, "map %s takes %s", r->sub, what);
	if (r->nops > n)
		return err(ST_USAGE, "unexpected argument: '%s' (map %s takes %s)",
		    r->ops[n], r->sub, what);
	return ST_OK;
}

/* ---- a summary, for check and import ---- */

static int
count_sides(const struct map *m)
{
	int i, d, n = 0;

	for (i = 0; i < map_size(m); i++)
		for (d = 0; d < 3; d++)
			if (map_side(m, i, d))
				n++;
	return n;
}

cJSON *
map_summary_json(const struct map *m, const char *procedure)
{
	cJSON *json = json_object();
	struct hex lo, hi;
	char a[HEX_IDLEN], b[HEX_IDLEN];

	map_bounds(m, &lo, &hi);
	hex_format(lo, a);
	hex_format(hi, b);
	json_set_str(json, "procedure", procedure);
	json_set_str(json, "game", map_game(m));
	json_set_str(json, "map", map_name(m));
	json_set_str(json, "source", map_source(m));
	json_set_str(json, "layout", hex_layout_name(map_layout(m)));
	json_set_str(json, "from", a);
	json_set_str(json, "to", b);
	json_set_num(json, "hexes", map_size(m));
	json_set_num(json, "hexsides", count_sides(m));
	json_set_num(json, "places", map_nplaces(m));
	return json;
}

static void
summary_line(struct trail *tr, const struct map *m)
{
	struct hex lo, hi;
	char a[HEX_IDLEN], b[HEX_IDLEN];

	map_bounds(m, &lo, &hi);
	hex_format(lo, a);
	hex_format(hi, b);
	trail_line(tr, "  a %s map, %s to %s (%d columns x %d rows, %d hexes), %s; "
	    "hexsides with features: %d; named places: %d", map_game(m), a, b,
	    hi.col - lo.col + 1, hi.row - lo.row + 1, map_size(m),
	    hex_layout_name(map_layout(m)), count_sides(m), map_nplaces(m));
}

/* ---- check ---- */

static int
do_check(const struct ctx *c, const struct map_request *r)
{
	struct trail *tr;
	struct map *m;
	cJSON *json;
	int st;

	if ((st = map_want_ops(r, 1, "a file")) != ST_OK)
		return st;
	if (!*r->ops[0])
		return err(ST_USAGE, "no map file named: '' (map check takes a "
		    "file)");
	if ((st = map_read(c, r->ops[0], c->game, NULL, &m)) != ST_OK)
		return st;
	tr = trail_new();
	trail_line(tr, "%s: a good map", r->ops[0]);
	summary_line(tr, m);
	json = map_summary_json(m, "map-check");
	json_set_str(json, "file", r->ops[0]);
	json_set_bool(json, "valid", 1);
	map_free(m);
	return out_emit(c, json, tr);
}

/* ---- import ---- */

/* The imports folder, made as umpire's own (0700) before the map goes in. */
static int
import_dir(const char *path)
{
	char dir[PATH_MAX], *slash;

	snprintf(dir, sizeof dir, "%s", path);
	if ((slash = strrchr(dir, '/')) != NULL)
		*slash = '\0';
	if (state_mkdirs(dir, 0700) < 0)
		return err_sys("cannot create '%s'", dir);
	return ST_OK;
}

static int
install(const struct map *m, char path[PATH_MAX], int *replaced)
{
	char dir[PATH_MAX];
	char *text;
	int st;

	if (data_user_dir(dir) < 0)
		return err(ST_SYS, "no place for imports: set HOME or XDG_DATA_HOME");
	if (snprintf(path, PATH_MAX, "%s/%s/maps/%s.json", dir, map_game(m),
	    map_name(m)) >= PATH_MAX)
		return err(ST_SYS, "path too long under '%s'", dir);
	*replaced = access(path, F_OK) == 0;
	text = map_to_json(m);
	if ((st = import_dir(path)) == ST_OK)
		st = state_write_atomic(path, text, strlen(text));
	cJSON_free(text);
	return st;
}

static int
do_import(const struct ctx *c, const struct map_request *r)
{
	const char *game, *name, *file;
	char path[PATH_MAX];
	struct trail *tr;
	struct map *m;
	cJSON *json;
	int st, replaced = 0;

	/* [game] name file: the game from -g, UMPIRE_GAME or the shell's
	 * use when it is left out, as every command takes it */
	if (r->nops == 2 && c->game) {
		game = c->game;
		name = r->ops[0];
		file = r->ops[1];
	} else if ((st = map_want_ops(r, 3, "a game, a name and a file")) !=
	    ST_OK) {
		return st;
	} else {
		game = r->ops[0];
		name = r->ops[1];
		file = r->ops[2];
	}
	if (!game_find(game))
		return err(ST_USAGE, "unknown game: '%s' (expected %s)", game,
		    game_id_list());
	/* "" first: strchr finds its NUL in any set, and name[-1] follows */
	if (!*name || !strchr("abcdefghijklmnopqrstuvwxyz0123456789", name[0]) ||
	    strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789-") != strlen(name) ||
	    strlen(name) > 32 || name[strlen(name) - 1] == '-')
		return err(ST_USAGE, "a map name is a word of lowercase letters, "
		    "digits and hyphens: '%s'", name);
	if (!*file)
		return err(ST_USAGE, "no map file named: '' (map import takes a "
		    "game, a name and a file)");
	if ((st = map_read(c, file, game, name, &m)) != ST_OK)
		return st;
	map_set_name(m, name, "user");
	if ((st = install(m, path, &replaced)) == ST_OK) {
		tr = trail_new();
		trail_line(tr, "installed your %s map '%s' from %s", game, name, file);
		summary_line(tr, m);
		trail_line(tr, "  %s%s", path, replaced ? " (replaces your earlier "
		    "import)" : "");
		json = map_summary_json(m, "map-import");
		json_set_str(json, "file", file);
		json_set_str(json, "path", path);
		json_set_bool(json, "replaced", replaced);
		st = out_emit(c, json, tr);
	}
	map_free(m);
	return st;
}

int
cmd_map(struct ctx *c, int argc, char **argv)
{
	struct map_request r;
	int svg_at, st = parse_args(&r, argc, argv, &svg_at);

	if (st != ST_OK)
		return st;
	if (svg_at >= 0)
		return hand_to_svg(c, argc, argv, svg_at);
	if (strcmp(r.sub, "import") == 0)
		return do_import(c, &r);
	if (strcmp(r.sub, "check") == 0)
		return do_check(c, &r);
	if (strcmp(r.sub, "show") == 0) {
		/* the shell's map, and its situation for an answer */
		if (r.nops == 0 && c->map)
			r.ops[r.nops++] = (char *)c->map;
		if (!r.situation && (r.supply || r.path || r.reach))
			r.situation = c->situation;
		return map_show(c, &r);
	}
	return err(ST_USAGE, "unknown map command: '%s' (expected import, check, "
	    "show or svg)", r.sub);
}
