/*
 * sotq_units.c: a Soldiers of the Queen fire or melee read off the
 * position, for `umpire crt --att-units ... --def-units ...` on a saved
 * game or a situation, and what its result does there.
 *
 * A situation keeps one strength a unit, its melee points; the counter's
 * fire strength, weapon letter and morale rating are markers (fire-N,
 * weapon-X, morale-X), and the unit's type and formation give the rest of
 * sotq.c's tags: artillery (6.E) and the 7-pounders, gunboats, the 21st
 * Lancers, colonials and the NNC (10.F), mounted, limbered, out of
 * ammunition, pinned and routed.  The map gives the battle (its name),
 * the range, hex to hex (10.A), the leaders in the target hex (13.D), the
 * trench of the target hex (10.F, 12.D) and the hexsides the attackers
 * cross: the Big Donga's elevated bank (10.F, 12.D), the thorn hedge and
 * the crests and Nile no melee crosses (12.D).  The units named as
 * defenders are the target hex's stack, top first; every combat unit of
 * the hex must be among them (12.C).  What the player gives by hand
 * stands over what is read.
 *
 * The effects (saved_apply.h) are read off the result sotq.c leaves: the
 * units eliminated (10.G, 12.F) and the leaders killed (13.D) to the dead
 * pile, the pinned marked (10.G), the routed marked and owed their
 * retreat of 3 hexes, the withdrawn owed 1 (10.G), an attacker's
 * withdrawal (12.F) and the optional advance into an emptied hex (12.F).
 */
#include <stdio.h>
#include <string.h>

#include "crt.h"
#include "err.h"
#include "hex.h"
#include "json.h"
#include "map.h"
#include "move.h"
#include "saved_apply.h"
#include "situation.h"
#include "sotq.h"
#include "sotq_move.h"

static int
is_type(const struct unit *u, const char *type)
{
	return strcmp(u->type, type) == 0;
}

static int
class_of(const struct unit *u)
{
	const struct sotq_type *t = sotq_any_type(u->type);

	return t ? t->cls : -1;
}

/* The battle the map is named for: 0 Isandhlwana, 1 Omdurman, or -1. */
static int
battle_of(const struct crt_position *p)
{
	const char *name = map_name(p->map);

	return !name ? -1 : strcmp(name, "isandhlwana") == 0 ? 0 :
	    strcmp(name, "omdurman") == 0 ? 1 : -1;
}

/* A marker STEM followed by a number: the number, or -1. */
static int
marker_number(const struct unit *u, const char *stem)
{
	size_t n = strlen(stem);
	int i, v, end;

	for (i = 0; i < u->nmarkers; i++)
		if (strncmp(u->markers[i], stem, n) == 0 &&
		    sscanf(u->markers[i] + n, "%d%n", &v, &end) == 1 &&
		    u->markers[i][n + end] == '\0')
			return v;
	return -1;
}

/* A marker STEM followed by one letter: the letter, or 0. */
static int
marker_letter(const struct unit *u, const char *stem)
{
	size_t n = strlen(stem);
	int i;

	for (i = 0; i < u->nmarkers; i++)
		if (strncmp(u->markers[i], stem, n) == 0 &&
		    u->markers[i][n] && !u->markers[i][n + 1])
			return u->markers[i][n];
	return 0;
}

static void
add_tag(char *buf, size_t len, size_t *n, const char *tag)
{
	if (*n < len)
		*n += (size_t)snprintf(buf + *n, len - *n, ":%s", tag);
}

/* The tags the unit's type and markers give (sotq.c's words). */
static void
unit_tags(const struct crt_position *p, const struct unit *u, char *buf,
    size_t len, size_t *n)
{
	static const char *const flags[] = { "mounted", "limbered", "noammo",
	    "pinned", "routed" };
	char one[2] = { 0, 0 };
	int cls = class_of(u), isandhlwana = battle_of(p) == 0;
	size_t i;

	if ((one[0] = (char)marker_letter(u, "morale-")))
		add_tag(buf, len, n, one);
	if ((one[0] = (char)marker_letter(u, "weapon-")))
		add_tag(buf, len, n, one);
	if (cls == C_GUN)
		add_tag(buf, len, n, "art");
	if (cls == C_GUN && isandhlwana && marker_letter(u, "weapon-") == 's')
		add_tag(buf, len, n, "gun");
	if (cls == C_GUNBOAT)
		add_tag(buf, len, n, "gunboat");
	if (is_type(u, "lancers"))
		add_tag(buf, len, n, "lancers");
	if (is_type(u, "colonial-inf"))
		add_tag(buf, len, n, isandhlwana ? "nnc" : "col");
	for (i = 0; i < sizeof flags / sizeof *flags; i++)
		if (situation_unit_has_marker(u, flags[i]))
			add_tag(buf, len, n, flags[i]);
}

/* A firer's strength is its fire strength (10.A); else its melee
 * points. */
static int
strength_of(const struct unit *u, int fire, int attacking)
{
	return fire && attacking ? marker_number(u, "fire-") : u->strength;
}

static int
is_fire(const cJSON *req)
{
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(req, "table");

	return cJSON_IsString(t) && strcmp(t->valuestring, "fire") == 0;
}

/* One side's strengths, and a step saying whose they are. */
static void
side_text(struct out_result *o, const struct crt_position *p,
    const struct crt_side *s, int fire, int attacking, char *buf, size_t len)
{
	char one[96], hex[HEX_IDLEN], said[1024];
	size_t n = 0, m = 0, k;
	int i;

	buf[0] = said[0] = '\0';
	for (i = 0; i < s->n; i++) {
		k = (size_t)snprintf(one, sizeof one, "%d",
		    strength_of(s->u[i], fire, attacking));
		unit_tags(p, s->u[i], one, sizeof one, &k);
		map_hex_id(p->map, s->u[i]->hex, hex);
		if (n < len)
			n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? "," : "",
			    one);
		if (m < sizeof said)
			m += (size_t)snprintf(said + m, sizeof said - m, "%s%s %s "
			    "in %s", i ? ", " : "", s->u[i]->id, one, hex);
	}
	out_step(o, fire ? "10.B" : "12.B", "%s from %s: %s", attacking ?
	    (fire ? "firers" : "attackers") : "target", p->spec, said);
}

static int
combat_unit(const struct unit *u)
{
	int cls = class_of(u);

	return cls != C_LEADER && cls != C_WAGON;
}

static int
refuse_unit(struct out_result *o, const struct crt_position *p,
    const struct unit *u, const char *what)
{
	char hex[HEX_IDLEN];

	map_hex_id(p->map, u->hex, hex);
	return out_fail(o, ST_USAGE, "'%s' in %s %s", u->id, hex, what);
}

/* 10.A, 10.F, 12.C: a fire or a melee the rules allow, and one umpire
 * can read: one target hex, every combat unit of it named. */
static int
sotq_units_check(struct out_result *o, const struct crt_position *p,
    int fire)
{
	const struct unit *a, *d;
	int i;

	for (i = 0; i < p->def.n; i++) {
		if (p->def.u[i]->hex != p->def.u[0]->hex)
			return refuse_unit(o, p, p->def.u[i], "is not in the hex of "
			    "the first target: umpire reads one target hex at a time "
			    "(10.F: a unit fires at one target)");
		if (!combat_unit(p->def.u[i]))
			return refuse_unit(o, p, p->def.u[i], "is no combat unit: a "
			    "leader or the wagon is no target (10.F), and one in the "
			    "hex shares its fate (13.D)");
	}
	for (i = 0; i < p->att.n; i++) {
		if (!combat_unit(p->att.u[i]))
			return refuse_unit(o, p, p->att.u[i], "is no combat unit: "
			    "it neither fires nor melees (10.A, 12.A)");
		if (fire && marker_number(p->att.u[i], "fire-") < 1)
			return refuse_unit(o, p, p->att.u[i], "has no fire strength "
			    "on the position: mark it fire-N and weapon-X, as printed "
			    "on the counter (10.A)");
	}
	if (!fire && !crt_position_all_adjacent(p, &a, &d))
		return refuse_unit(o, p, a, "is not next to the target: every "
		    "attacker must be adjacent to every defender (12.C)");
	if ((d = crt_position_left_out(p, combat_unit)))
		return refuse_unit(o, p, d, "is left out: every unit of the hex "
		    "is attacked as one stack (12.C), top first as named");
	return ST_OK;
}

static int
check_fire(struct out_result *o, const struct crt_position *p)
{
	return sotq_units_check(o, p, 1);
}

static int
check_melee(struct out_result *o, const struct crt_position *p)
{
	return sotq_units_check(o, p, 0);
}

/* 10.A: hexes from each firer to the target, the target's counted. */
static void
fill_range(struct out_result *o, const struct crt_position *p, cJSON *r,
    char *att, size_t len)
{
	enum hex_layout l = map_layout(p->map);
	struct hex t = map_hex(p->map, p->def.u[0]->hex);
	int i, d, first = hex_distance(map_hex(p->map, p->att.u[0]->hex), t, l);
	int same = 1;
	char text[16], *tok, *save, copy[1024];
	size_t n = 0;

	for (i = 1; i < p->att.n; i++)
		same &= hex_distance(map_hex(p->map, p->att.u[i]->hex), t, l) ==
		    first;
	if (same || cJSON_GetObjectItemCaseSensitive(r, "range")) {
		snprintf(text, sizeof text, "%d", first);
		if (!cJSON_GetObjectItemCaseSensitive(r, "range"))
			out_step(o, "10.A", "range %d hex%s", first, first == 1 ?
			    "" : "es");
		crt_position_fill(o, r, "range", cJSON_CreateString(text), "10.A",
		    text);
		return;
	}
	/* a firer's own range, rN, where they differ */
	snprintf(copy, sizeof copy, "%s", att);
	att[0] = '\0';
	for (i = 0, tok = strtok_r(copy, ",", &save); tok && n < len;
	    tok = strtok_r(NULL, ",", &save), i++) {
		d = hex_distance(map_hex(p->map, p->att.u[i]->hex), t, l);
		n += (size_t)snprintf(att + n, len - n, "%s%s:r%d", i ? "," : "",
		    tok, d);
	}
	out_step(o, "10.A", "the firers stand at different ranges: each "
	    "fires at its own");
}

static int
has_feature(const struct map *m, int idx, const char *word)
{
	int bit = map_feature_bit(m, word);

	return bit >= 0 && (map_features(m, idx) >> bit & 1u);
}

/* How many attackers are adjacent across a hexside of this word. */
static int
across(const struct crt_position *p, const char *word)
{
	int bit = map_side_bit(p->map, word), def = p->def.u[0]->hex, i, n = 0;
	enum hex_layout l = map_layout(p->map);

	for (i = 0; bit >= 0 && i < p->att.n; i++)
		n += hex_adjacent(map_hex(p->map, def), map_hex(p->map,
		    p->att.u[i]->hex), l) && (map_side(p->map, def,
		    map_direction(p->map, def, p->att.u[i]->hex)) >> bit & 1u);
	return n;
}

static void
add_word(char *buf, size_t len, const char *w)
{
	size_t n = strlen(buf);

	snprintf(buf + n, len - n, "%s%s", n ? "," : "", w);
}

/* 10.F, 12.D: the target's trench, the hexsides crossed. */
static void
fill_terrain(struct out_result *o, const struct crt_position *p, int fire,
    cJSON *r)
{
	char words[128] = "";
	int i, trench = has_feature(p->map, p->def.u[0]->hex, "trench");
	int all = p->att.n, b = battle_of(p);

	for (i = 0; !fire && trench && i < p->att.n; i++)
		if (has_feature(p->map, p->att.u[i]->hex, "trench"))
			trench = 0;	/* 12.D: not when the attackers are too */
	if (trench && b == 1)
		add_word(words, sizeof words, "trench");
	if (b == 0 && fire && across(p, "elevated-bank") == all)
		add_word(words, sizeof words, "donga-bank");
	if (b == 0 && !fire && across(p, "elevated-bank") == all)
		add_word(words, sizeof words, "big-donga");
	if (b == 1 && !fire && across(p, "thorn") == all)
		add_word(words, sizeof words, "thorn-hedge");
	if (b == 1 && !fire && strcmp(map_terrain(p->map, p->def.u[0]->hex),
	    "rough") == 0)
		add_word(words, sizeof words, "rough");
	if (!fire && (across(p, "crest") || across(p, "nile")))
		add_word(words, sizeof words, across(p, "crest") ? "crest" :
		    "nile");
	if (!words[0])
		return;
	if (!cJSON_GetObjectItemCaseSensitive(r, "terrain"))
		out_step(o, fire ? "10.F" : "12.D", "the map: %s", words);
	crt_position_fill(o, r, "terrain", cJSON_CreateString(words),
	    fire ? "10.F" : "12.D", words);
}

/* 13.D: the leaders in the target hex. */
static int
leaders_in(const struct crt_position *p, const struct unit **out)
{
	const struct unit *in[CRT_MAX_UNITS];
	int n = situation_in_hex(p->sit, p->def.u[0]->hex, in, CRT_MAX_UNITS);
	int i, k = 0;

	for (i = 0; i < n && i < CRT_MAX_UNITS; i++)
		if (class_of(in[i]) == C_LEADER && strcmp(in[i]->side,
		    p->def.u[0]->side) == 0)
			out[k++] = in[i];
	return k;
}

static void
fill_words(struct out_result *o, const struct crt_position *p, cJSON *r)
{
	const struct unit *lead[CRT_MAX_UNITS];
	static const char *const battles[] = { "isandhlwana", "omdurman" };
	char text[16];
	int b = battle_of(p), n = leaders_in(p, lead);

	if (b >= 0)
		crt_position_fill(o, r, "battle", cJSON_CreateString(battles[b]),
		    "3", battles[b]);
	crt_position_fill(o, r, "attacker", cJSON_CreateString(
	    p->att.u[0]->side), "4", p->att.u[0]->side);
	if (n == 0)
		return;
	snprintf(text, sizeof text, "%d", n);
	if (!cJSON_GetObjectItemCaseSensitive(r, "leaders"))
		out_step(o, "13.D", "%d leader%s in the target hex", n, n == 1 ?
		    "" : "s");
	crt_position_fill(o, r, "leaders", cJSON_CreateString(text), "13.D",
	    text);
}

static int
fill(struct out_result *o, const struct crt_position *p, const cJSON *req,
    cJSON **out, int fire)
{
	char att[1024], def[1024];
	cJSON *r = json_must(cJSON_Duplicate(req, 1));

	cJSON_DeleteItemFromObjectCaseSensitive(r, "att_units");
	cJSON_DeleteItemFromObjectCaseSensitive(r, "def_units");
	cJSON_DeleteItemFromObjectCaseSensitive(r, "situation");
	cJSON_DeleteItemFromObjectCaseSensitive(r, "map");
	side_text(o, p, &p->att, fire, 1, att, sizeof att);
	side_text(o, p, &p->def, fire, 0, def, sizeof def);
	fill_words(o, p, r);
	if (fire)
		fill_range(o, p, r, att, sizeof att);
	fill_terrain(o, p, fire, r);
	json_set_str(r, "attack", att);
	json_set_str(r, "defense", def);
	*out = r;
	return ST_OK;
}

static int
fill_fire(struct out_result *o, const struct crt_position *p,
    const cJSON *req, cJSON **out)
{
	return fill(o, p, req, out, 1);
}

static int
fill_melee(struct out_result *o, const struct crt_position *p,
    const cJSON *req, cJSON **out)
{
	return fill(o, p, req, out, 0);
}

/* ---- the effects ---- */

static void
effect(cJSON *fx, const struct unit *u, const char *verb, const char *word,
    const char *rule)
{
	saved_effect(fx, u->id, verb, word, rule);
}

static cJSON *
owe(cJSON *fx, const char *kind, const struct unit *const *us, int n,
    int hexes, const char *rule)
{
	cJSON *e, *units = json_array();
	int i;

	for (i = 0; i < n; i++)
		json_push(units, cJSON_CreateString(us[i]->id));
	e = saved_owe(fx, kind, units, rule);
	json_set_int(e, "hexes", hexes);
	return e;
}

/* A defender's retreat starts in the target hex. */
static void
from(const struct crt_position *p, cJSON *e)
{
	char hex[HEX_IDLEN];

	map_hex_id(p->map, p->def.u[0]->hex, hex);
	json_set_str(e, "side", "defender");
	json_set_str(e, "from", hex);
}

/* The defender a 1-based index of the result names, or NULL. */
static const struct unit *
defender(const struct crt_position *p, const cJSON *idx)
{
	int i = cJSON_IsNumber(idx) ? idx->valueint - 1 : -1;

	return i >= 0 && i < p->def.n ? p->def.u[i] : NULL;
}

/* A die the player still owes: the result is not whole yet. */
static int
pending(const cJSON *res)
{
	const cJSON *e, *x;
	static const char *const lists[] = { "pre_melee", "morale" };
	size_t k;

	for (k = 0; k < 2; k++)
		cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(res,
		    lists[k])) {
			x = cJSON_GetObjectItemCaseSensitive(e, "result");
			if (cJSON_IsString(x) && strcmp(x->valuestring, "pending") == 0)
				return 1;
		}
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(res, "leaders"))
		if (cJSON_IsString(e) && strcmp(e->valuestring, "pending") == 0)
			return 1;
	x = cJSON_GetObjectItemCaseSensitive(res, "second_roll");
	return cJSON_IsString(x);
}

struct left {
	int gone[CRT_MAX_UNITS];	/* eliminated, withdrawn or routed */
	int routed[CRT_MAX_UNITS];
};

/* 10.G: the morale checks, in the order sotq.c made them. */
static void
morale_effects(cJSON *fx, const struct crt_position *p, const cJSON *list,
    struct left *l)
{
	const struct unit *u;
	const cJSON *e, *r;
	int i;

	cJSON_ArrayForEach(e, list) {
		if (!(u = defender(p, cJSON_GetObjectItemCaseSensitive(e, "unit"))))
			continue;
		r = cJSON_GetObjectItemCaseSensitive(e, "result");
		i = cJSON_GetObjectItemCaseSensitive(e, "unit")->valueint - 1;
		if (!cJSON_IsString(r) || l->gone[i])
			continue;
		if (strcmp(r->valuestring, "WD") == 0) {
			from(p, owe(fx, "retreat", &u, 1, 1, "10.G"));
			l->gone[i] = 1;
		} else if (strcmp(r->valuestring, "RT") == 0) {
			if (situation_unit_has_marker(u, "pinned"))
				effect(fx, u, "unmark", "pinned", "10.G");
			effect(fx, u, "mark", "routed", "10.G");
			from(p, owe(fx, "retreat", &u, 1, 3, "10.G"));
			l->gone[i] = l->routed[i] = 1;
		}
	}
}

/* 10.G: a PN pins every unit still in the hex, the routed excepted;
 * after a pre-melee check only the C and D units (pinned_units). */
static void
pin_effects(cJSON *fx, const struct crt_position *p, const cJSON *res,
    const struct left *l)
{
	const cJSON *code = cJSON_GetObjectItemCaseSensitive(
	    cJSON_GetObjectItemCaseSensitive(res, "result"), "code");
	const cJSON *second = cJSON_GetObjectItemCaseSensitive(res,
	    "second_roll"), *who = cJSON_GetObjectItemCaseSensitive(res,
	    "pinned_units"), *x;
	int all = cJSON_IsString(code) && (strcmp(code->valuestring, "PN") == 0 ||
	    (strcmp(code->valuestring, "PN*") == 0 && cJSON_IsNumber(second) &&
	    second->valueint <= 5)), i;

	for (i = 0; i < p->def.n; i++) {
		int named = 0;

		cJSON_ArrayForEach(x, who)
			named |= cJSON_IsNumber(x) && x->valueint == i + 1;
		if ((all || named) && !l->gone[i] && !l->routed[i])
			effect(fx, p->def.u[i], "mark", "pinned", "10.G");
	}
}

/* 13.D: the leaders the result kills, in the order sotq.c rolled. */
static void
leader_effects(cJSON *fx, const struct crt_position *p, const cJSON *res)
{
	const struct unit *lead[CRT_MAX_UNITS];
	const cJSON *e;
	int n = leaders_in(p, lead), i = 0;

	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(res, "leaders")) {
		if (i < n && cJSON_IsString(e) && strcmp(e->valuestring,
		    "killed") == 0)
			effect(fx, lead[i], "remove", NULL, "13.D");
		i++;
	}
}

/* 12.F: the attackers' withdrawal, or their advance into an empty hex
 * (up to two of them, never artillery). */
static void
melee_effects(cJSON *fx, const struct crt_position *p, const cJSON *res)
{
	const cJSON *code = cJSON_GetObjectItemCaseSensitive(
	    cJSON_GetObjectItemCaseSensitive(res, "result"), "code");
	const struct unit *may[CRT_MAX_UNITS];
	char hex[HEX_IDLEN];
	cJSON *e;
	int i, n = 0;

	if (cJSON_IsString(code) && strcmp(code->valuestring, "WD") == 0) {
		e = owe(fx, "retreat", p->att.u, p->att.n, 1, "12.F");
		json_set_str(e, "side", "attacker");
		return;
	}
	if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(res, "advance")))
		return;
	for (i = 0; i < p->att.n; i++)
		if (class_of(p->att.u[i]) != C_GUN)
			may[n++] = p->att.u[i];
	if (n == 0)
		return;
	e = owe(fx, "advance", may, n, 1, "12.F");
	json_set_bool(e, "optional", 1);
	json_set_int(e, "units_at_most", 2);
	crt_position_side_hex(p, &p->def, hex);
	json_set_str(e, "via", hex);
}

/* 10.F: a 1 from Dervish guns sinks a gunboat. */
static void
gunboat_effects(cJSON *fx, const struct crt_position *p, const cJSON *res)
{
	const cJSON *r = cJSON_GetObjectItemCaseSensitive(res, "result");
	const cJSON *code = cJSON_GetObjectItemCaseSensitive(r, "code");
	const cJSON *rule = cJSON_GetObjectItemCaseSensitive(r, "rule");

	if (cJSON_IsString(code) && strcmp(code->valuestring, "1") == 0 &&
	    cJSON_IsString(rule) && strcmp(rule->valuestring, "10.F") == 0 &&
	    class_of(p->def.u[0]) == C_GUNBOAT)
		effect(fx, p->def.u[0], "remove", NULL, "10.F");
}

void
sotq_units_effects(struct out_result *o, const struct crt_position *p, int fire)
{
	struct left l;
	const cJSON *x, *res = o->json;
	const struct unit *u;
	cJSON *fx;

	if (!cJSON_GetObjectItemCaseSensitive(res, "result"))
		return;		/* --odds: nothing happened */
	if (pending(res)) {
		out_step(o, "10.G", "a die is still to be rolled: give every die "
		    "with --roll to apply the result");
		/* what --apply says instead (cmd/proc.c) */
		json_set_str(o->json, "unapplied", "a die is still to be rolled: "
		    "give every die with --roll to apply the result (10.G)");
		return;
	}
	memset(&l, 0, sizeof l);
	fx = json_array();
	cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(res,
	    "eliminated"))
		if ((u = defender(p, x))) {
			effect(fx, u, "remove", NULL, fire ? "10.G" : "12.F");
			l.gone[x->valueint - 1] = 1;
		}
	if (fire)
		gunboat_effects(fx, p, res);
	leader_effects(fx, p, res);
	morale_effects(fx, p, cJSON_GetObjectItemCaseSensitive(res,
	    "pre_melee"), &l);
	morale_effects(fx, p, cJSON_GetObjectItemCaseSensitive(res, "morale"),
	    &l);
	pin_effects(fx, p, res, &l);
	if (!fire)
		melee_effects(fx, p, res);
	json_set(o->json, "effects", fx);
}

int
sotq_units_run(struct ctx *c, const cJSON *req, struct out_result *o,
    int (*battle)(struct ctx *, const cJSON *, struct out_result *,
    const struct crt_position *))
{
	struct crt_by_units g = { check_melee, fill_melee, battle, "sotq" };

	if (is_fire(req)) {
		g.check = check_fire;
		g.fill = fill_fire;
	}
	return crt_position_battle(c, req, o, &g);
}
