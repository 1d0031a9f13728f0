/*
 * loe_units.c: a Lion of Ethiopia battle read off the position, for
 * `umpire crt --att-units ... --def-units ...` on a saved game or a
 * situation: the strengths with the tags the units' types and markers
 * give (9.4.3 C out of supply, 11.4.4 disrupted, the irregulars of 9.4.4,
 * Selassie's 13.2, the HQs of 12.4 F), and the hexes: the defenders'
 * terrain with its jungle, town, marsh and entrenchment (8.6, 10.2.2 A),
 * the river of 8.6.5, the jungle the Italians attack from (8.6.6) and a
 * fort (10.1 B).  The battle must be one the rules allow: every attacker
 * next to every defender (8.1.2 C), the defenders of a hex all in it
 * (8.1.2 E).  What the player gives by hand stands over what is read.
 */
#include <stdio.h>
#include <string.h>

#include "crt.h"
#include "err.h"
#include "json.h"
#include "loe_impl.h"
#include "loe_move.h"
#include "map.h"
#include "situation.h"

/* The crt tags a unit's type carries (loe_request.c's words). */
static const struct {
	const char *type, *tag;
} type_tags[] = {
	{ "ethiopian-irr", "irr" }, { "ethiopian-hq", "irr" },
	{ "selassie", "selassie" }, { "italian-hq", "hq" },
	{ "engineer", "eng" }, { "motorized", "mech" },
	{ "armored-car", "mech" }, { "armor", "mech" },
	{ "mot-artillery", "mech" }, { "graziani", "mech" },
	{ "cavalry", "cav" }, { "artillery", "art" },
};

/* "8:oos": the unit as a strength of loe_request.c; its MA only where
 * it counts, attacking a massif (6.3.4 B). */
static void
unit_text(const struct unit *u, int massif, char *buf, size_t len)
{
	size_t i, n = (size_t)snprintf(buf, len, "%d", u->strength);

	for (i = 0; i < sizeof type_tags / sizeof *type_tags; i++)
		if (strcmp(u->type, type_tags[i].type) == 0 && n < len)
			n += (size_t)snprintf(buf + n, len - n, ":%s",
			    type_tags[i].tag);
	if ((situation_unit_has_marker(u, "oos") ||
	    situation_unit_has_marker(u, "oos-1") ||
	    situation_unit_has_marker(u, "oos-2")) && n < len)
		n += (size_t)snprintf(buf + n, len - n, ":oos");
	if (situation_unit_has_marker(u, "dis") && n < len)
		n += (size_t)snprintf(buf + n, len - n, ":dis");
	if (massif && u->ma > 0 && n < len)
		snprintf(buf + n, len - n, ":ma%d", u->ma);
}

static int
massif_battle(const struct crt_position *p)
{
	int i;

	for (i = 0; i < p->def.n; i++)
		if (strcmp(map_terrain(p->map, p->def.u[i]->hex), "massif") == 0)
			return 1;
	return 0;
}

/* One side's strengths, and a step saying whose they are. */
static void
side_text(struct out_result *o, const struct crt_position *p,
    const struct crt_side *s, const char *who, char *buf, size_t len)
{
	char one[64], hex[HEX_IDLEN], said[512];
	size_t n = 0, m = 0;
	int i;

	buf[0] = said[0] = '\0';
	for (i = 0; i < s->n; i++) {
		unit_text(s->u[i], massif_battle(p), one, sizeof one);
		map_hex_id(p->map, s->u[i]->hex, hex);
		if (n < len)
			n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? "," :
			    "", one);
		if (m < sizeof said)
			m += (size_t)snprintf(said + m, sizeof said - m, "%s%s %s "
			    "in %s", i ? ", " : "", s->u[i]->id, one, hex);
	}
	out_step(o, "8.1.2", "%s from %s: %s", who, p->spec, said);
}

static int
has_feature(const struct map *m, int idx, const char *word)
{
	int bit = map_feature_bit(m, word);

	return bit >= 0 && (map_features(m, idx) >> bit & 1u);
}

static int
entrenched_at(const struct crt_position *p, int idx)
{
	int i;

	for (i = 0; i < p->def.n; i++)
		if (p->def.u[i]->hex == idx &&
		    situation_unit_has_marker(p->def.u[i], "entrenched"))
			return 1;
	return 0;
}

/* "mountain+jungle,amba+entrenched": each defending hex once (8.6 C). */
static void
terrain_text(const struct crt_position *p, char *buf, size_t len)
{
	static const char *const adds[] = { "jungle", "town", "marsh" };
	int i, j, idx;
	size_t n = 0, k;

	buf[0] = '\0';
	for (i = 0; i < p->def.n; i++) {
		idx = p->def.u[i]->hex;
		for (j = 0; j < i && p->def.u[j]->hex != idx; j++)
			;
		if (j < i || n >= len)
			continue;
		n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? "," : "",
		    map_terrain(p->map, idx));
		for (k = 0; k < sizeof adds / sizeof *adds; k++)
			if (has_feature(p->map, idx, adds[k]) && n < len)
				n += (size_t)snprintf(buf + n, len - n, "+%s", adds[k]);
		if (entrenched_at(p, idx) && n < len)
			n += (size_t)snprintf(buf + n, len - n, "+entrenched");
	}
}

/* Whether any (all: every) unit of s stands on a hex with feature. */
static int
side_on(const struct crt_position *p, const struct crt_side *s,
    const char *feature, int all)
{
	int i, on;

	for (i = 0; i < s->n; i++) {
		on = has_feature(p->map, s->u[i]->hex, feature);
		if (all && !on)
			return 0;
		if (!all && on)
			return 1;
	}
	return all && s->n > 0;
}

/* 8.1.1 C: the units of a battle applied this combat phase are marked
 * fought until the phase ends. */
static const struct unit *
fought(const struct crt_side *s)
{
	int i;

	for (i = 0; i < s->n; i++)
		if (situation_unit_has_marker(s->u[i], "fought"))
			return s->u[i];
	return NULL;
}

/* 8.1.1 C, 8.1.2 C and E: a battle the rules allow. */
int
loe_units_check(struct out_result *o, const struct crt_position *p)
{
	const struct unit *a, *d;
	char ah[HEX_IDLEN], dh[HEX_IDLEN];

	if ((a = fought(&p->att)) || (a = fought(&p->def)))
		return out_fail(o, ST_USAGE, "'%s' has been in a battle this "
		    "combat phase: no unit attacks or is attacked twice in one "
		    "(8.1.1 C)", a->id);

	if (!crt_position_all_adjacent(p, &a, &d)) {
		map_hex_id(p->map, a->hex, ah);
		map_hex_id(p->map, d->hex, dh);
		return out_fail(o, ST_USAGE, "'%s' in %s is not next to '%s' in "
		    "%s: every attacker must be next to every defender (8.1.2 C)",
		    a->id, ah, d->id, dh);
	}
	if ((d = crt_position_left_out(p, loe_holds))) {
		map_hex_id(p->map, d->hex, dh);
		return out_fail(o, ST_USAGE, "'%s' in %s is left out: the units "
		    "of a hex defend together (8.1.2 E)", d->id, dh);
	}
	return ST_OK;
}

static void
fill_flag(struct out_result *o, cJSON *r, const char *key, int on,
    const char *rule, const char *text)
{
	if (!on && !cJSON_GetObjectItemCaseSensitive(r, key))
		return;
	if (on && !cJSON_GetObjectItemCaseSensitive(r, key))
		out_step(o, rule, "%s", text);
	crt_position_fill(o, r, key, cJSON_CreateBool(on), rule, on ? "yes" : "no");
}

/* The hexes' flags: river (8.6.5), jungle (8.6.6), fort (10.1 B). */
static void
fill_hexes(struct out_result *o, const struct crt_position *p, cJSON *r)
{
	const char *side = p->att.u[0]->side;
	int italian_att = strcmp(side, "italian") == 0;
	int river = side_on(p, &p->att, "river", 1);
	int def_river = side_on(p, &p->def, "river", 0);
	int fort = side_on(p, italian_att ? &p->att : &p->def, "fort", 0);

	fill_flag(o, r, "river", river && !def_river, "8.6.5", "every attacker "
	    "stands on a river hex and no defender does");
	if (river && def_river && !cJSON_GetObjectItemCaseSensitive(r, "river"))
		out_step(o, "8.6.5", "attackers and defenders on river hexes: "
		    "taken as one river (give --river if it is another)");
	fill_flag(o, r, "from_jungle", italian_att && side_on(p, &p->att,
	    "jungle", 0), "8.6.6", "an Italian unit attacks from a jungle hex");
	fill_flag(o, r, "fort", fort, "10.1 B", "Italian units in a fort are "
	    "in the battle");
}

/* 13.1.4 A: how many Ethiopian armies the attackers come from (their
 * army-N markers; the Guard cooperates with any, 13.3.1 B). */
static int
armies(const struct crt_position *p)
{
	const char *seen[CRT_MAX_UNITS], *a;
	int i, j, n = 0;

	for (i = 0; i < p->att.n; i++) {
		if (!(a = loe_army_of(p->att.u[i], p->att.u[i]->type)))
			continue;
		for (j = 0; j < n && strcmp(seen[j], a) != 0; j++)
			;
		if (j == n)
			seen[n++] = a;
	}
	return n;
}

/* 12.5: a division of colonial troops (an askari unit not marked
 * non-div), or three non-divisional ones, among the Italians. */
static int
colonial(const struct crt_position *p)
{
	const struct crt_side *it = strcmp(p->att.u[0]->side, "italian") == 0 ?
	    &p->att : &p->def;
	int i, thirds = 0;

	for (i = 0; i < it->n; i++)
		if (strcmp(it->u[i]->type, "askari") == 0)
			thirds += situation_unit_has_marker(it->u[i], "non-div") ?
			    1 : 3;
	return thirds >= 3;
}

/* What the units' own words say: the armies that must cooperate, and
 * the colonial troops an Askaro HQ asks for (given HQs only). */
static void
fill_units(struct out_result *o, const struct crt_position *p, cJSON *r)
{
	char text[96];
	int n = armies(p);

	if (n > 1 && !cJSON_GetObjectItemCaseSensitive(r, "armies"))
		out_step(o, "13.1.4 A", "the attackers come from %d Ethiopian "
		    "armies: they must roll to cooperate", n);
	if (n > 1) {
		snprintf(text, sizeof text, "%d armies", n);
		crt_position_fill(o, r, "armies", cJSON_CreateNumber(n), "13.1.4 A", text);
	}
	if (cJSON_GetObjectItemCaseSensitive(r, "hq"))
		fill_flag(o, r, "colonial", colonial(p), "12.5", "a division of "
		    "colonial troops takes part");
}

/* The request the position makes, the player's own fields over it. */
int
loe_units_fill(struct out_result *o, const struct crt_position *p,
    const cJSON *req, cJSON **out)
{
	char att[1024], def[1024], terrain[256];
	cJSON *r = json_must(cJSON_Duplicate(req, 1));

	cJSON_DeleteItemFromObjectCaseSensitive(r, "att_units");
	cJSON_DeleteItemFromObjectCaseSensitive(r, "def_units");
	cJSON_DeleteItemFromObjectCaseSensitive(r, "situation");
	side_text(o, p, &p->att, "attackers", att, sizeof att);
	side_text(o, p, &p->def, "defenders", def, sizeof def);
	json_set_str(r, "attack", att);
	json_set_str(r, "defense", def);
	terrain_text(p, terrain, sizeof terrain);
	crt_position_fill(o, r, "terrain", cJSON_CreateString(terrain), "8.6", terrain);
	crt_position_fill(o, r, "attacker", cJSON_CreateString(p->att.u[0]->side), "8.1 B",
	    p->att.u[0]->side);
	fill_hexes(o, p, r);
	fill_units(o, p, r);
	*out = r;
	return ST_OK;
}
