/*
 * toto_mobilize.c: Twilight of the Ottomans' mobilization (7), for
 * `umpire mobilize`: what a reinforcement costs (7.2, 7.3, from
 * rules/toto/mobilization.json), whether it may enter now (the years of
 * 7.3, the units of once a game, one German or Austro-Hungarian unit a
 * turn, 7.5; none in a turn of Orient Express Disrupted, 6.3; no Russian
 * recruits after the first Russian Revolution, 28.2; never down to 0 VP,
 * 5.4) and, on a saved game, where (7.4): never with enemy units or in
 * prohibited terrain, and by nationality at Constantinople, a
 * mobilization hex, a hex beside Bulgaria, a port, a Russian north edge
 * hex or a Persian city.  --apply places it as one step of the side's
 * mobilization phase and keeps it in the saved game's part
 * "mobilization", which the once-a-game and one-a-turn checks read.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "data.h"
#include "err.h"
#include "games/game.h"
#include "hex.h"
#include "json.h"
#include "map.h"
#include "out.h"
#include "saved.h"
#include "saved_apply.h"
#include "situation.h"
#include "toto_mobilize.h"
#include "toto_phase.h"
#include "toto_saved.h"
#include "opt.h"

#define str toto_saved_str
#define num toto_saved_num
#define flag toto_saved_flag

#define PART "mobilization"

static cJSON *table;		/* kept: rules point into it (out.h) */

struct mob {
	const char *unit, *nation, *hex, *id;
	const cJSON *row, *nat;
	const char *side;
	int f[3], have_f;
	int year, vp, free, apply;
	int cost, unknown;
	struct saved sv;
	int open;
	struct map *m;
	struct situation *sit;
	int idx;			/* the hex, or -1 */
	char newid[64];
};

static const cJSON *
find(const char *list, const char *key, const char *word)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(table, list))
		if (str(e, key) && strcmp(str(e, key), word) == 0)
			return e;
	return NULL;
}

static void
words(const char *list, const char *key, char *buf, size_t len)
{
	const cJSON *e;
	size_t n = 0;

	buf[0] = '\0';
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(table, list))
		if (n < len && str(e, key))
			n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? ", " : "",
			    str(e, key));
}

static int
load(const struct ctx *c, struct out_result *o)
{
	char path[PATH_MAX];
	int st;

	if (table)
		return ST_OK;
	if ((st = data_load_json(c, "toto/mobilization.json", &table, path)) !=
	    ST_OK)
		return st == ST_NO ? out_fail(o, ST_DATA, "no mobilization table: "
		    "'%s'", "toto/mobilization.json") : st;
	if (!cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(table, "units")) ||
	    !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(table, "nations"))) {
		cJSON_Delete(table);
		table = NULL;
		return out_fail(o, ST_DATA, "%s: expected the lists units and "
		    "nations", path);
	}
	return ST_OK;
}

/* Request */

static int
parse_number(struct out_result *o, const char *opt, const char *text,
    int lo, int hi, int *out)
{
	char end;

	if (sscanf(text, "%d%c", out, &end) != 1 || *out < lo || *out > hi)
		return out_fail(o, ST_USAGE, "bad %s: '%.40s' (expected %d to %d)",
		    opt, text, lo, hi);
	return ST_OK;
}

static int
parse_words(struct out_result *o, const cJSON *req, struct mob *r)
{
	const cJSON *ops = cJSON_GetObjectItemCaseSensitive(req, "operands");
	char known[512];

	if (cJSON_GetArraySize(ops) != 1)
		return out_fail(o, ST_USAGE, "expected one unit to mobilize, as "
		    "infantry");
	r->unit = cJSON_GetArrayItem(ops, 0)->valuestring;
	if (!(r->row = find("units", "unit", r->unit))) {
		words("units", "unit", known, sizeof known);
		return out_fail(o, ST_USAGE, "bad unit: '%s' (expected one of the "
		    "Mobilization Table, 7.2: %s)", r->unit, known);
	}
	r->nation = str(req, "nation");
	if (!r->nation || !(r->nat = find("nations", "nation", r->nation))) {
		words("nations", "nation", known, sizeof known);
		return out_fail(o, ST_USAGE, "bad --nation: '%s' (expected %s)",
		    r->nation ? r->nation : "", known);
	}
	r->side = str(r->nat, "side");
	return ST_OK;
}

static int
parse(const struct ctx *c, struct out_result *o, const cJSON *req,
    struct mob *r)
{
	const char *v;
	char end;
	int st;

	r->year = r->vp = -1;
	r->idx = -1;
	if ((st = parse_words(o, req, r)) != ST_OK)
		return st;
	r->hex = str(req, "hex");
	r->id = str(req, "id");
	r->free = flag(req, "free");
	r->apply = flag(req, "apply");
	if ((v = str(req, "year")) &&
	    (st = parse_number(o, "--year", v, 1914, 1918, &r->year)) != ST_OK)
		return st;
	if ((v = str(req, "vp")) &&
	    (st = parse_number(o, "--vp", v, 0, 100, &r->vp)) != ST_OK)
		return st;
	if ((v = str(req, "factors"))) {
		if (sscanf(v, "%d-%d-%d%c", &r->f[0], &r->f[1], &r->f[2], &end) !=
		    3 || r->f[0] < 0 || r->f[1] < 0 || r->f[2] < 0 ||
		    r->f[0] > 99 || r->f[1] > 99 || r->f[2] > 99)
			return out_fail(o, ST_USAGE, "bad --factors: '%.40s' "
			    "(expected the counter's attack-defense-movement, as "
			    "1-2-3)", v);
		r->have_f = 1;
	}
	if (r->apply && !c->saved)
		return out_fail(o, ST_USAGE, "--apply places the unit in a saved "
		    "game: give --saved NAME (or set %s)", SAVED_ENV);
	if (r->apply && (!r->hex || !r->have_f))
		return out_fail(o, ST_USAGE, "--apply: give the hex (--hex) and "
		    "the counter's factors (--factors A-D-M)");
	return ST_OK;
}

/* What has entered and happened: the saved game's parts. */
static const cJSON *
entered(const struct mob *r)
{
	return r->open ? cJSON_GetObjectItemCaseSensitive(saved_part(&r->sv,
	    PART), "entered") : NULL;
}

static int
event_count(const struct mob *r, const char *code, int turn)
{
	const cJSON *h;
	int n = 0;

	if (!r->open)
		return 0;
	cJSON_ArrayForEach(h, cJSON_GetObjectItemCaseSensitive(saved_part(
	    &r->sv, "events"), "happened"))
		n += str(h, "code") && strcmp(str(h, "code"), code) == 0 &&
		    (turn < 0 || num(h, "turn", -1) == turn);
	return n;
}

/* The checks of 7.2, 7.3, 7.5, 5.4 and the events. */

static int
check_cost(struct out_result *o, struct mob *r)
{
	int cost = num(r->row, "cost", -1);

	if (r->free) {
		out_step(o, "7.7", "a reinforcement of a random event or psywar: "
		    "no VP, and none of the per-hex limits");
		r->cost = 0;
		return ST_OK;
	}
	if (cost < 0)
		return out_fail(o, ST_USAGE, "the text's Mobilization Table gives "
		    "no price for %s (7.2 breaks off): enter it as a free "
		    "reinforcement with --free", r->unit);
	r->cost = cost;
	out_step(o, "7.2", "%s: %d VP", r->unit, cost);
	if (r->vp < 0)
		return ST_OK;
	if (r->vp - cost <= 0)
		return out_fail(o, ST_USAGE, "%d VP less %d would leave %d: VP are "
		    "never spent down to 0 or less (5.4)", r->vp, cost,
		    r->vp - cost);
	out_step(o, "5.4", "%d VP less %d leaves %d", r->vp, cost, r->vp - cost);
	return ST_OK;
}

static int
check_year(struct out_result *o, struct mob *r)
{
	int from = num(r->row, "from", 0);

	if (!from)
		return ST_OK;
	if (r->year < 0) {
		r->unknown = 1;
		out_step(o, "7.3", "relied on: the year is %d or later (--year to "
		    "check)", from);
		return ST_OK;
	}
	if (r->year < from)
		return out_fail(o, ST_USAGE, "%s enters from %d on (7.3); the year "
		    "is %d", r->unit, from, r->year);
	out_step(o, "7.3", "%d: %s enters from %d on", r->year, r->unit, from);
	return ST_OK;
}

static int
check_limits(struct out_result *o, struct mob *r)
{
	const cJSON *e;
	int turn = r->open ? saved_turn(&r->sv) : -1;

	cJSON_ArrayForEach(e, entered(r)) {
		if (flag(r->row, "once") && str(e, "unit") &&
		    strcmp(str(e, "unit"), r->unit) == 0)
			return out_fail(o, ST_USAGE, "%s enters once a game (7.3): "
			    "%s entered on turn %d", r->unit, str(e, "id"),
			    num(e, "turn", 0));
		if (flag(r->nat, "limit_one") && !r->free && !flag(e, "free") &&
		    num(e, "turn", -1) == turn && (find("nations", "nation",
		    str(e, "nation") ? str(e, "nation") : "") &&
		    flag(find("nations", "nation", str(e, "nation")),
		    "limit_one")))
			return out_fail(o, ST_USAGE, "one German or Austro-Hungarian "
			    "reinforcement a turn (7.5): %s entered this turn",
			    str(e, "id"));
	}
	if (flag(r->nat, "limit_one") && !r->free &&
	    event_count(r, "orient-express-disrupted", turn))
		return out_fail(o, ST_USAGE, "Orient Express Disrupted this turn: "
		    "no German or Austro-Hungarian recruits (6.3)");
	if (strcmp(r->nation, "russian") == 0 && !r->free &&
	    event_count(r, "russian-revolution", -1))
		return out_fail(o, ST_USAGE, "no Russian recruits after the first "
		    "Russian Revolution (28.2)");
	if (flag(r->nat, "limit_one"))
		out_step(o, "7.5", "%s", r->free ? "a free unit: not counted in the "
		    "one German or Austro-Hungarian unit a turn" : "the turn's one "
		    "German or Austro-Hungarian reinforcement");
	return ST_OK;
}

/* Placement, 7.4 */

static int
has(const struct mob *r, int idx, const char *word)
{
	int bit = map_feature_bit(r->m, word);

	return bit >= 0 && (map_features(r->m, idx) >> bit & 1u);
}

/* Any unit of the other side in idx. */
static const struct unit *
enemy_in(const struct mob *r, int idx)
{
	const struct unit *in[64];
	int n = situation_in_hex(r->sit, idx, in, 64), i;

	for (i = 0; i < n && i < 64; i++)
		if (strcmp(in[i]->side, r->side) != 0)
			return in[i];
	return NULL;
}

static int
any_hex_with(const struct mob *r, const char *word)
{
	int i;

	for (i = 0; i < map_size(r->m); i++)
		if (has(r, i, word))
			return 1;
	return 0;
}

static int
beside(const struct mob *r, int idx, const char *word)
{
	int nb[HEX_NDIRS], d;

	map_neighbours(r->m, idx, nb);
	for (d = 0; d < HEX_NDIRS; d++)
		if (nb[d] >= 0 && has(r, nb[d], word))
			return 1;
	return 0;
}

static int
north_edge(const struct mob *r, int idx)
{
	struct hex first, last;

	map_bounds(r->m, &first, &last);
	return map_hex(r->m, idx).row == first.row;
}

static int
constantinople(const struct mob *r, int idx)
{
	const char *p = map_place(r->m, idx);

	return p && strcmp(p, "Constantinople") == 0;
}

/* The Ottoman rows of 7.4: any unit at Constantinople, the small ones
 * at every other mobilization hex, one of them a hex a turn (7.7). */
static int
place_ottoman(struct out_result *o, struct mob *r, const char *hex)
{
	static const char *const small[] = { "supply", "garrison", "cavalry",
	    "camel", NULL };
	const char *type = str(r->row, "type");
	const cJSON *e;
	int i;

	if (constantinople(r, r->idx))
		return out_step(o, "7.4", "Constantinople takes every Ottoman "
		    "unit"), ST_OK;
	if (!has(r, r->idx, "mobilization") || has(r, r->idx, "russia") ||
	    has(r, r->idx, "persia"))
		return out_fail(o, ST_USAGE, "%s is neither Constantinople nor an "
		    "Ottoman mobilization hex (7.4)", hex);
	for (i = 0; small[i] && strcmp(small[i], type); i++)
		;
	if (!small[i])
		return out_fail(o, ST_USAGE, "a mobilization hex other than "
		    "Constantinople takes a supply unit, garrison, cavalry or "
		    "camel corps only (7.4): not %s", r->unit);
	cJSON_ArrayForEach(e, entered(r))
		if (!r->free && !flag(e, "free") && str(e, "hex") &&
		    strcmp(str(e, "hex"), hex) == 0 && num(e, "turn", -1) ==
		    saved_turn(&r->sv) && strcmp(str(e, "side"), "ottoman") == 0)
			return out_fail(o, ST_USAGE, "%s took %s this turn: one unit "
			    "a mobilization hex (7.4, 7.7)", hex, str(e, "id"));
	out_step(o, "7.4", "%s: an Ottoman mobilization hex", hex);
	return ST_OK;
}

static int
place_nation(struct out_result *o, struct mob *r, const char *hex)
{
	const char *n = r->nation;

	if (strcmp(n, "ottoman") == 0)
		return place_ottoman(o, r, hex);
	if (flag(r->nat, "limit_one")) {
		if (constantinople(r, r->idx) || (beside(r, r->idx, "bulgaria") &&
		    !has(r, r->idx, "russia") && !has(r, r->idx, "persia")))
			return out_step(o, "7.4", "%s: Constantinople or a hex of "
			    "the Empire beside Bulgaria", hex), ST_OK;
		return out_fail(o, ST_USAGE, "German and Austro-Hungarian units "
		    "enter at Constantinople or beside Bulgaria (7.4): not %s",
		    hex);
	}
	if (strcmp(n, "british") == 0 || strcmp(n, "french") == 0) {
		if (!has(r, r->idx, "port"))
			return out_fail(o, ST_USAGE, "British and French units enter "
			    "at a port (7.4), or by amphibious invasion (20): %s "
			    "is none", hex);
		return out_step(o, "7.4", "%s: a port (its sea, the Mediterranean, "
		    "the Red Sea or the Persian Gulf, relied on)", hex), ST_OK;
	}
	if (strcmp(n, "russian") == 0) {
		if (has(r, r->idx, "russia") && (has(r, r->idx, "mobilization") ||
		    north_edge(r, r->idx)))
			return out_step(o, "7.4", "%s: a Russian mobilization hex or "
			    "north edge hex", hex), ST_OK;
		return out_fail(o, ST_USAGE, "Russian units enter at a Russian "
		    "mobilization hex or a north edge hex of Russia (7.4): not "
		    "%s", hex);
	}
	if (has(r, r->idx, "persia") && has(r, r->idx, "city"))
		return out_step(o, "7.4", "%s: a Persian city", hex), ST_OK;
	return out_fail(o, ST_USAGE, "Persian units enter at a Persian city "
	    "(7.4): not %s", hex);
}

static int
check_place(struct out_result *o, struct mob *r)
{
	const struct unit *e;
	char hex[HEX_IDLEN];

	if ((r->idx = map_lookup(r->m, r->hex)) < 0 &&
	    (r->idx = map_find_place(r->m, r->hex)) < 0)
		return out_fail(o, ST_USAGE, "bad --hex: '%s' (expected a hex of "
		    "map %s or a place it names)", r->hex, map_name(r->m));
	map_hex_id(r->m, r->idx, hex);
	if (strcmp(map_terrain(r->m, r->idx), "sea") == 0 ||
	    has(r, r->idx, "bulgaria"))
		return out_fail(o, ST_USAGE, "%s is %s: no unit is placed there "
		    "(7.4, 2.2)", hex, has(r, r->idx, "bulgaria") ? "Bulgaria" :
		    "all sea");
	if ((e = enemy_in(r, r->idx)))
		return out_fail(o, ST_USAGE, "%s holds the enemy's %s: no unit "
		    "is placed with enemy units (7.4)", hex, e->id);
	if (!constantinople(r, r->idx) && strcmp(r->nation, "ottoman") == 0 &&
	    !any_hex_with(r, "mobilization") && map_find_place(r->m,
	    "Constantinople") < 0) {
		out_step(o, "7.4", "map %s marks no mobilization hex and no "
		    "Constantinople: %s relied on as one", map_name(r->m), hex);
		return ST_OK;
	}
	return place_nation(o, r, hex);
}

/* The change */

static int
apply(const struct ctx *c, struct out_result *o, struct mob *r)
{
	struct saved_step s = { .ctx = c, .procedure = "mobilize",
	    .side = r->side };
	char why[OUT_WHY], what[160], hex[HEX_IDLEN], def[16], phase[64];
	cJSON *u, *mk, *part, *list, *e, *take;
	const char *own;
	int st, dropped = 0, k = 1;

	own = toto_phase_side(c, &r->sv, "mobilization", phase, sizeof phase);
	if (phase[0] && (!own || strcmp(own, r->side)))
		return out_fail(o, ST_USAGE, "--apply: the %s side's reinforcements "
		    "enter in its mobilization phase (7.1); saved game '%s' is in "
		    "the %s phase", r->side, r->sv.name, phase);
	if (r->unknown)
		return out_fail(o, ST_USAGE, "--apply: give the year (--year): "
		    "the unit enters in some years only");
	saved_begin(&r->sv);
	if ((st = saved_step_check(&r->sv, &s, &dropped, &take, why,
	    sizeof why)) != ST_OK)
		return why[0] ? out_fail(o, st, "--apply: %s", why) : st;
	if (r->id)
		snprintf(r->newid, sizeof r->newid, "%s", r->id);
	else
		do
			snprintf(r->newid, sizeof r->newid, "%.20s-%.20s-%d",
			    r->nation, r->unit, k++);
		while (saved_unit(&r->sv, r->newid));
	if (saved_unit(&r->sv, r->newid))
		return out_fail(o, ST_USAGE, "--id: there is a unit '%s' already",
		    r->newid);
	map_hex_id(r->m, r->idx, hex);
	u = json_object();
	json_set_str(u, "id", r->newid);
	json_set_str(u, "side", r->side);
	json_set_str(u, "type", str(r->row, "type"));
	json_set_int(u, "strength", r->f[0]);
	json_set_int(u, "ma", r->f[2]);
	json_set_str(u, "hex", hex);
	snprintf(def, sizeof def, "def-%d", r->f[1]);
	json_set(u, "markers", mk = json_array());
	json_push(mk, cJSON_CreateString(def));
	/* its nation, which 8.4 and 28.2 ask */
	json_push(mk, cJSON_CreateString(r->nation));
	json_push(saved_units(&r->sv), u);
	part = saved_part(&r->sv, PART);
	part = cJSON_IsObject(part) ? json_must(cJSON_Duplicate(part, 1)) :
	    json_object();
	if (!cJSON_IsArray(list = cJSON_GetObjectItemCaseSensitive(part,
	    "entered")))
		json_set(part, "entered", list = json_array());
	e = json_object();
	json_set_str(e, "id", r->newid);
	json_set_str(e, "unit", r->unit);
	json_set_str(e, "nation", r->nation);
	json_set_str(e, "side", r->side);
	json_set_str(e, "hex", hex);
	json_set_int(e, "turn", saved_turn(&r->sv));
	json_set_int(e, "cost", r->cost);
	if (r->free)
		json_set_bool(e, "free", 1);
	json_push(list, e);
	saved_part_set(&r->sv, PART, part);
	snprintf(what, sizeof what, "mobilize: %s %s %s in %s (%d VP)", r->newid,
	    r->nation, r->unit, hex, r->cost);
	if ((st = saved_commit(&r->sv, what, "7.2", c->argc, c->argv)) != ST_OK)
		return st;
	json_set_str(toto_saved_applied(o, &r->sv), "unit", r->newid);
	return ST_OK;
}

static int
run(struct ctx *c, struct out_result *o, struct mob *r)
{
	cJSON *res;
	char text[160];
	int st;

	out_title(o, "Twilight of the Ottomans: mobilization, %s %s", r->nation,
	    r->unit);
	json_set_str(o->json, "side", r->side);
	if ((st = check_cost(o, r)) != ST_OK || (st = check_year(o, r)) != ST_OK ||
	    (st = check_limits(o, r)) != ST_OK)
		return st;
	if (r->hex && !r->open)
		return out_fail(o, ST_USAGE, "--hex: placement is checked on a "
		    "saved game (--saved NAME)");
	if (r->m && (st = check_place(o, r)) != ST_OK)
		return st;
	json_set_int(o->json, "vp_cost", r->cost);
	snprintf(text, sizeof text, "%s %s may enter%s for %d VP", r->nation,
	    r->unit, r->hex ? " there" : "", r->cost);
	res = json_object();
	json_set_str(res, "code", "may-enter");
	json_set_str(res, "text", text);
	json_set_str(res, "rule", r->free ? "7.7" : "7.2");
	json_set(o->json, "result", res);
	out_result_line(o, r->free ? "7.7" : "7.2", "result: may-enter  %s",
	    text);
	if (r->apply)
		return apply(c, o, r);
	return ST_OK;
}

int
toto_mobilize_run(struct ctx *c, const cJSON *req, struct out_result *o)
{
	struct mob r;
	int st;

	memset(&r, 0, sizeof r);
	r.sv.fd = -1;
	if ((st = load(c, o)) == ST_OK && (st = parse(c, o, req, &r)) == ST_OK &&
	    (!c->saved || (st = toto_saved_open(c, &r.sv, r.apply, &r.open,
	    r.hex ? &r.m : NULL, &r.sit)) == ST_OK))
		st = run(c, o, &r);
	toto_saved_close(&r.sv, r.open, r.m, r.sit);
	return st;
}

const char *const toto_mobilize_fields[] = { "operands", "nation", "hex",
	"id", "factors", "year", "vp", "free", "apply", NULL };

/* `umpire mobilize`'s options (each sets its request field) */
const struct opt toto_mobilize_opts[] = {
	{ OPT_FIELD, 0, "nation", "nation", "whose unit: ottoman, german, "
	  "austro-hungarian, british, french, russian, persian", "ottoman german "
	  "austro-hungarian british french russian persian" },
	{ OPT_FIELD, 0, "hex", "hex", "where it is placed (a saved game's map)",
	  NULL },
	{ OPT_FIELD, 0, "id", "id", "the new unit's id", NULL },
	{ OPT_FIELD, 0, "factors", "a-d-m", "its counter's attack, defense and "
	  "movement factors (1-2-3)", NULL },
	{ OPT_FIELD, 0, "year", "year", "the year of the turn, 1914 to 1918",
	  "1914 1915 1916 1917 1918" },
	{ OPT_FIELD, 0, "vp", "n", "the side's Victory Points before paying", NULL },
	{ OPT_FIELD, 0, "free", NULL, "a free reinforcement of a random event or "
	  "psywar (7.7)", NULL },
	{ OPT_FIELD, 0, "apply", NULL, "place it in the saved game, as one step "
	  "to undo", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};
