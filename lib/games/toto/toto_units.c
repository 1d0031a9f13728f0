/*
 * toto_units.c: a Twilight of the Ottomans battle read off the position,
 * for `umpire crt --att-units ... --def-units ...` on a saved game or a
 * situation.  Each unit's factor comes with the tags toto_request.c
 * knows: its attack factor is the unit's strength, its defense factor a
 * def-N marker (the situation keeps one strength a unit); guerrillas,
 * Lawrence and Wassmuss are guer (22.3, 23.4), a corps marker is corps
 * (12.20), a fortification counter defends as fort (12.15) and shelters
 * the attackers that leave it (13.4), and a force attacking from an
 * all-sea hex makes an amphibious assault (20.12).  The hexes give the
 * defender's terrain (12.15, 38.0), the river or canal hexside its
 * attackers cross, all of them or some (12.15), and the holy city the
 * map names there (25.1), and whether the attackers and their zones of
 * control ring the hex (12.13); the units' printed movement factors settle
 * mobile defense (12.18).  The battle must be one the rules allow: one
 * hex attacked (12.8) with every unit in it (12.12), every attacker next
 * to it (12.1) with an attack factor of 1 or more (12.3), an armored
 * train only into a rail hex (16.4).  What the player gives by hand
 * stands over what is read.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "crt.h"
#include "err.h"
#include "hex.h"
#include "json.h"
#include "map.h"
#include "situation.h"
#include "toto_impl.h"
#include "toto_supply.h"

static int
is_type(const struct unit *u, const char *type)
{
	return strcmp(u->type, type) == 0;
}

/* 22.3, 23.4: Lawrence and Wassmuss are guerrillas but for borders. */
static int
guerrilla(const struct unit *u)
{
	return is_type(u, "guerrilla") || is_type(u, "lawrence") ||
	    is_type(u, "wassmuss");
}

int
toto_units_defense(const struct unit *u)
{
	int i, n, end;

	for (i = 0; i < u->nmarkers; i++)
		if (sscanf(u->markers[i], "def-%d%n", &n, &end) == 1 &&
		    u->markers[i][end] == '\0')
			return n;
	return -1;
}

static int
has_feature(const struct map *m, int idx, const char *word)
{
	int bit = map_feature_bit(m, word);

	return bit >= 0 && (map_features(m, idx) >> bit & 1u);
}

/* A fortification counter of side in hex idx (12.15, 13.4). */
static int
fort_in(const struct crt_position *p, int idx, const char *side)
{
	const struct unit *in[CRT_MAX_UNITS];
	int n = situation_in_hex(p->sit, idx, in, CRT_MAX_UNITS), i;

	for (i = 0; i < n && i < CRT_MAX_UNITS; i++)
		if (is_type(in[i], "fortification") &&
		    strcmp(in[i]->side, side) == 0)
			return 1;
	return 0;
}

const char *
toto_units_kind(const struct unit *u)
{
	int i;

	for (i = 0; i < u->nmarkers; i++)
		if (toto_corps_word(u->markers[i]) &&
		    strncmp(u->markers[i], "parts-", 6) != 0)
			return u->markers[i];
	return NULL;
}

int
toto_units_loss_factor(const struct unit *u, int side)
{
	const char *kind = situation_unit_has_marker(u, "corps") ?
	    toto_units_kind(u) : NULL;
	const struct toto_corps_kind *k = kind ? toto_corps_find(kind) : NULL;
	int i, sum = 0;

	if (!k || !k->nparts)
		return side ? toto_units_defense(u) : u->strength;
	for (i = 0; i < k->nparts; i++)
		sum += k->part[i][side];
	return sum;
}

int
toto_units_at_sea(const struct crt_position *p, const struct unit *u)
{
	return strcmp(map_terrain(p->map, u->hex), "sea") == 0;
}

/* "3:guer:fort": one unit as a strength of toto_request.c. */
static void
unit_text(const struct crt_position *p, const struct unit *u, int cf,
    int attacking, char *buf, size_t len)
{
	size_t n = (size_t)snprintf(buf, len, "%d", cf);

	if (guerrilla(u) && n < len)
		n += (size_t)snprintf(buf + n, len - n, ":guer");
	if (situation_unit_has_marker(u, "corps") && n < len)
		n += (size_t)snprintf(buf + n, len - n, ":corps");
	/* the corps' kind, whose divisions count its losses (12.20) */
	if (situation_unit_has_marker(u, "corps") && toto_units_kind(u) &&
	    n < len)
		n += (size_t)snprintf(buf + n, len - n, ":%s", toto_units_kind(u));
	if (!attacking && is_type(u, "fortification") && n < len)
		n += (size_t)snprintf(buf + n, len - n, ":fort");
	if (attacking && fort_in(p, u->hex, u->side) && n < len)
		n += (size_t)snprintf(buf + n, len - n, ":fort");
	if (attacking && toto_units_at_sea(p, u) && n < len)
		snprintf(buf + n, len - n, ":amph");
}

/* One side's factors, and a step saying whose they are; a defender of
 * factor 0 shares the result but adds nothing. */
static void
side_text(struct out_result *o, const struct crt_position *p,
    const struct crt_side *s, int attacking, char *buf, size_t len)
{
	char one[64], hex[HEX_IDLEN], said[768];
	size_t n = 0, m = 0;
	int i, cf;

	buf[0] = said[0] = '\0';
	for (i = 0; i < s->n; i++) {
		cf = attacking ? s->u[i]->strength : toto_units_defense(s->u[i]);
		unit_text(p, s->u[i], cf, attacking, one, sizeof one);
		map_hex_id(p->map, s->u[i]->hex, hex);
		if (cf > 0 && n < len)
			n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? "," : "",
			    one);
		if (m < sizeof said)
			m += (size_t)snprintf(said + m, sizeof said - m, "%s%s %s "
			    "in %s", i ? ", " : "", s->u[i]->id, one, hex);
	}
	out_step(o, "12.2", "%s from %s: %s", attacking ? "attackers" :
	    "defenders", p->spec, said);
}

/* "'a' in 2524 is not next to 'd' in 2624: ..." */
static int
refuse_pair(struct out_result *o, const struct crt_position *p,
    const struct unit *a, const struct unit *d, const char *why,
    const char *rule)
{
	char ah[HEX_IDLEN], dh[HEX_IDLEN];

	map_hex_id(p->map, a->hex, ah);
	map_hex_id(p->map, d->hex, dh);
	return out_fail(o, ST_USAGE, "'%s' in %s %s '%s' in %s: %s", a->id, ah,
	    why, d->id, dh, rule);
}

/* 12.3 and 16.4: who may attack at all. */
static int
check_attackers(struct out_result *o, const struct crt_position *p)
{
	const struct unit *u;
	char dh[HEX_IDLEN];
	int i;

	for (i = 0; i < p->att.n; i++) {
		u = p->att.u[i];
		if (u->strength < 1)
			return out_fail(o, ST_USAGE, "'%s' has attack factor %d: "
			    "only a unit of 1 or more attacks (12.3)", u->id,
			    u->strength);
		if (is_type(u, "armored-train") &&
		    !has_feature(p->map, p->def.u[0]->hex, "rail")) {
			map_hex_id(p->map, p->def.u[0]->hex, dh);
			return out_fail(o, ST_USAGE, "'%s' is an armored train: it "
			    "attacks only along the rail net, and %s has no "
			    "railroad (16.4)", u->id, dh);
		}
	}
	return ST_OK;
}

/* 12.1, 12.8, 12.12, 12.3, 16.4: a battle the rules allow. */
int
toto_units_check(struct out_result *o, const struct crt_position *p)
{
	const struct unit *a, *d;
	char dh[HEX_IDLEN];
	int i, st, total = 0;

	for (i = 1; i < p->def.n; i++)
		if (p->def.u[i]->hex != p->def.u[0]->hex)
			return refuse_pair(o, p, p->def.u[i], p->def.u[0], "is not "
			    "in the hex of", "one attack takes the units of one hex "
			    "(12.8)");
	if (!crt_position_all_adjacent(p, &a, &d))
		return refuse_pair(o, p, a, d, "is not next to", "every attacker "
		    "must be adjacent to the hex it attacks (12.1)");
	if ((d = crt_position_left_out(p, NULL))) {
		map_hex_id(p->map, d->hex, dh);
		return out_fail(o, ST_USAGE, "'%s' in %s is left out: the units "
		    "of a hex are attacked as one total (12.12)", d->id, dh);
	}
	if ((st = check_attackers(o, p)) != ST_OK)
		return st;
	for (i = 0; i < p->def.n; i++) {
		if (toto_units_defense(p->def.u[i]) < 0)
			return out_fail(o, ST_USAGE, "'%s' has no defense factor on "
			    "the position: mark it def-N with the N printed on its "
			    "counter (umpire game mark %s def-N)", p->def.u[i]->id,
			    p->def.u[i]->id);
		total += toto_units_defense(p->def.u[i]);
	}
	if (total == 0)
		return out_fail(o, ST_USAGE, "the defenders' factors add up to 0: "
		    "nothing to attack (12.2)");
	return ST_OK;
}

/*
 * 12.15: the river or canal between the attackers and the defender's
 * hex; "river:some" when some attackers do not cross it.  A hexside the
 * map marks both river and canal is read as the canal.
 */
static void
fill_hexside(struct out_result *o, const struct crt_position *p, cJSON *r)
{
	static const char *const kinds[] = { "canal", "river" };
	int def = p->def.u[0]->hex, i, k, bit, crossing;
	char text[32];

	for (k = 0; k < 2; k++) {
		if ((bit = map_side_bit(p->map, kinds[k])) < 0)
			continue;
		for (i = 0, crossing = 0; i < p->att.n; i++)
			crossing += map_side(p->map, def, map_direction(p->map,
			    def, p->att.u[i]->hex)) >> bit & 1u;
		if (!crossing)
			continue;
		snprintf(text, sizeof text, "%s%s", kinds[k], crossing <
		    p->att.n ? ":some" : "");
		if (!cJSON_GetObjectItemCaseSensitive(r, "hexside"))
			out_step(o, "12.15", "%d of %d attackers across a %s "
			    "hexside", crossing, p->att.n, kinds[k]);
		crt_position_fill(o, r, "hexside", cJSON_CreateString(text),
		    "12.15", text);
		return;
	}
}

/* 25.1: the map's name for the defender's hex, if a holy city. */
static void
fill_city(struct out_result *o, const struct crt_position *p, cJSON *r)
{
	static const char *const cities[] = { "mecca", "medina", "jerusalem" };
	const char *name = map_place(p->map, p->def.u[0]->hex);
	char low[32];
	size_t i;

	if (!name)
		return;
	for (i = 0; name[i] && i + 1 < sizeof low; i++)
		low[i] = (char)tolower((unsigned char)name[i]);
	low[i] = '\0';
	for (i = 0; i < sizeof cities / sizeof *cities; i++)
		if (strcmp(low, cities[i]) == 0) {
			if (!cJSON_GetObjectItemCaseSensitive(r, "city"))
				out_step(o, "25.1", "the defenders hold %s", name);
			crt_position_fill(o, r, "city",
			    cJSON_CreateString(cities[i]), "25.1", cities[i]);
		}
}

/* 11.2: a zone crosses every hexside but all-sea and straits ones. */
static int
zone_crosses(const struct map *m, int from, int to)
{
	unsigned side = map_side(m, from, map_direction(m, from, to));
	int sea = map_side_bit(m, "sea"), strait = map_side_bit(m, "strait");

	return !(sea >= 0 && (side >> sea & 1u)) &&
	    !(strait >= 0 && (side >> strait & 1u));
}

/* Hex idx holds an attacker or lies in one's zone (11.1; guerrillas
 * project none, 22.3). */
static int
covered(const struct crt_position *p, int idx)
{
	enum hex_layout l = map_layout(p->map);
	const struct unit *u;
	int i;

	for (i = 0; i < p->att.n; i++) {
		u = p->att.u[i];
		if (u->hex == idx)
			return 1;
		if (!guerrilla(u) && hex_adjacent(map_hex(p->map, u->hex),
		    map_hex(p->map, idx), l) && zone_crosses(p->map, u->hex, idx))
			return 1;
	}
	return 0;
}

/* 12.13: a concentric attack, when every hex around the defender's is
 * covered. */
static void
fill_concentric(struct out_result *o, const struct crt_position *p,
    cJSON *r)
{
	int around[HEX_NDIRS], d;
	char hex[HEX_IDLEN];

	map_neighbours(p->map, p->def.u[0]->hex, around);
	for (d = 0; d < HEX_NDIRS; d++)
		if (around[d] < 0 || !covered(p, around[d]))
			return;
	map_hex_id(p->map, p->def.u[0]->hex, hex);
	if (!cJSON_GetObjectItemCaseSensitive(r, "concentric"))
		out_step(o, "12.13", "every hex around %s holds an attacker or "
		    "lies in an attacker's zone of control", hex);
	crt_position_fill(o, r, "concentric", cJSON_CreateBool(1), "12.13",
	    "concentric");
}

/* "4,3,train": printed movement factors for mobile defense (12.18). */
static void
moves_text(const struct crt_side *s, char *buf, size_t len)
{
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < s->n && n < len; i++) {
		if (is_type(s->u[i], "armored-train"))
			n += (size_t)snprintf(buf + n, len - n, "%strain", i ? "," :
			    "");
		else
			n += (size_t)snprintf(buf + n, len - n, "%s%d", i ? "," : "",
			    s->u[i]->ma);
	}
}

static void
fill_moves(struct out_result *o, const struct crt_position *p, cJSON *r)
{
	char att[512], def[512];

	moves_text(&p->att, att, sizeof att);
	moves_text(&p->def, def, sizeof def);
	out_step(o, "12.18", "printed movement factors, for a mobile defense: "
	    "attackers %s, defenders %s", att, def);
	crt_position_fill(o, r, "att_move", cJSON_CreateString(att), "12.18",
	    att);
	crt_position_fill(o, r, "def_move", cJSON_CreateString(def), "12.18",
	    def);
}

/* The hexes from the HQ to the nearest attacker (17.1: traced through
 * anything, so the plain distance). */
static int
hq_distance(const struct crt_position *p, const struct unit *hq,
    const struct unit **near)
{
	int i, d, best = -1;

	for (i = 0; i < p->att.n; i++) {
		d = hex_distance(map_hex(p->map, hq->hex), map_hex(p->map,
		    p->att.u[i]->hex), map_layout(p->map));
		if (best < 0 || d < best) {
			best = d;
			*near = p->att.u[i];
		}
	}
	return best;
}

/* 15.5: an HQ supports only in general supply, traced from a supply
 * unit of its side, or its oos marker where the position tracks none. */
static int
hq_supply(struct out_result *o, const struct crt_position *p,
    const struct unit *hq)
{
	char why[320];
	int v = p->c ? toto_traced_supply(p->c, p->map, p->sit, hq, why,
	    sizeof why) : -1;

	if (v < -1)
		return -v;
	if (v < 0 && situation_unit_has_marker(hq, "oos"))
		return out_fail(o, ST_USAGE, "HQ '%s' is marked oos: an HQ out of "
		    "general supply supports no attack (15.5)", hq->id);
	if (v == 0)
		return out_fail(o, ST_USAGE, "HQ '%s' is %s: an HQ out of general "
		    "supply supports no attack (15.5)", hq->id, why);
	out_step(o, "15.5", "HQ %s: %s", hq->id, v > 0 ? why : "in general "
	    "supply (no supply unit of its side on the position: relied on)");
	return ST_OK;
}

/*
 * --hq naming a unit of the position (17): an HQ of the attacker's side,
 * not attacking, with its support radius as a radius-N marker, within
 * that many hexes of an attacking unit (17.1), in general supply (15.5),
 * that has supported no attack this phase (its supported marker, put on
 * by --apply and taken off as the combat phase ends, 17.1).  Its factor
 * (the unit's strength, the parenthetic one) goes into the request, its
 * id as hq_unit for the result's effects.
 */
static int
fill_hq(struct out_result *o, const struct crt_position *p, cJSON *r)
{
	const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
	    r, "hq"));
	const struct unit *hq, *near = NULL;
	char hex[HEX_IDLEN], factor[16];
	int radius = -1, d, i, end;

	if (!id || !(hq = situation_find(p->sit, id)))
		return ST_OK;
	if (!is_type(hq, "hq") || strcmp(hq->side, p->att.u[0]->side))
		return out_fail(o, ST_USAGE, "--hq: '%s' is no HQ of the attacking "
		    "side (17.1)", id);
	for (i = 0; i < p->att.n; i++)
		if (p->att.u[i] == hq)
			return out_fail(o, ST_USAGE, "--hq: HQ '%s' adds its factor "
			    "to an attack and does not attack itself (17.1)", id);
	for (i = 0; i < hq->nmarkers; i++)
		if (sscanf(hq->markers[i], "radius-%d%n", &radius, &end) == 1 &&
		    hq->markers[i][end] == '\0')
			break;
	if (radius < 0)
		return out_fail(o, ST_USAGE, "--hq: HQ '%s' has no support radius "
		    "on the position: mark it radius-N (umpire game mark %s "
		    "radius-N)", id, id);
	if (situation_unit_has_marker(hq, "supported"))
		return out_fail(o, ST_USAGE, "--hq: HQ '%s' has supported an attack "
		    "this combat phase: one a phase (17.1)", id);
	d = hq_distance(p, hq, &near);
	map_hex_id(p->map, hq->hex, hex);
	if (d > radius)
		return out_fail(o, ST_USAGE, "--hq: HQ '%s' in %s is %d hexes from "
		    "the nearest attacker, %s, beyond its support radius of %d "
		    "(17.1)", id, hex, d, near->id, radius);
	out_step(o, "17.1", "HQ %s in %s: %d hex%s from %s, within its support "
	    "radius of %d (traced through anything)", id, hex, d, d == 1 ? "" :
	    "es", near->id, radius);
	if ((d = hq_supply(o, p, hq)) != ST_OK)
		return d;
	snprintf(factor, sizeof factor, "%d", hq->strength);
	json_set_str(r, "hq_unit", hq->id);	/* id is r's, replaced next */
	cJSON_ReplaceItemInObjectCaseSensitive(r, "hq", json_must(
	    cJSON_CreateString(factor)));
	return ST_OK;
}

/* The request the position makes, the player's own fields over it. */
int
toto_units_fill(struct out_result *o, const struct crt_position *p,
    const cJSON *req, cJSON **out)
{
	char att[1024], def[1024];
	const char *terrain = map_terrain(p->map, p->def.u[0]->hex);
	cJSON *r = json_must(cJSON_Duplicate(req, 1));
	int st;

	cJSON_DeleteItemFromObjectCaseSensitive(r, "att_units");
	cJSON_DeleteItemFromObjectCaseSensitive(r, "def_units");
	cJSON_DeleteItemFromObjectCaseSensitive(r, "situation");
	cJSON_DeleteItemFromObjectCaseSensitive(r, "map");
	side_text(o, p, &p->att, 1, att, sizeof att);
	side_text(o, p, &p->def, 0, def, sizeof def);
	json_set_str(r, "attack", att);
	json_set_str(r, "defense", def);
	crt_position_fill(o, r, "terrain", cJSON_CreateString(terrain),
	    "12.15", terrain);
	fill_hexside(o, p, r);
	fill_city(o, p, r);
	fill_concentric(o, p, r);
	fill_moves(o, p, r);
	if ((st = fill_hq(o, p, r)) != ST_OK) {
		cJSON_Delete(r);
		return st;
	}
	*out = r;
	return ST_OK;
}
