/*
 * loe.c: Lion of Ethiopia, the Italo-Ethiopian war of 1935-36.
 *
 * The combat procedure of `umpire crt`, rule by rule:
 *   strengths  9.4.3 C (out of supply at half, rounded up, unit by unit),
 *              9.4.4 (irregulars never halved), 13.2 E (Selassie always in
 *              supply), 11.4.4 (disrupted units at half in the Italian
 *              player-turn), 11.4.2 A (air CF added), 12.4 and 12.5
 *              (Italian HQ support), 6.3.4 B (who may attack a massif);
 *   odds       8.2.1 A-B (defender's rounding, 8:1 cap);
 *   shifts     8.6 C and 8.6.2-8.6.6 (terrain, the defender's choice of
 *              hex), 10.2 (no entrenchment in marsh), 10.2.2 A, 11.4.2 C,
 *              11.4.5 B, 13.2 B, 13.2.2 A, 13.1.4 (the cooperation roll),
 *              stopped at 8:1; then 8.2.1 C with D: odds below 1:6 after
 *              every shift mean the attacker dies without a roll;
 *   results    8.3 B, 8.3.1-8.3.6, 10.1.2 (Eng in a fort), 13.2 A.
 * The CRT is data (rules/loe/crt.json, a stand-in until the player
 * imports the printed chart); so is the army cooperation table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crt.h"
#include "err.h"
#include "game.h"
#include "loe_air.h"
#include "odds.h"

#define MAX_HEXES 6
#define MAX_HQ 4
/* A column so far left of 1:6 that no shift brings it back (0 attack). */
#define LOE_FAR_LEFT 1000L

enum side { NOBODY, ITALIAN, ETHIOPIAN };

static const char *const side_name[] = { "nobody", "italian", "ethiopian" };

/* Terrain of one defending hex (2.2 B-D: one type, plus jungle/marsh). */
struct hex {
	const char *type;	/* clear, mountain, amba, massif */
	int shift;		/* 8.6.2-8.6.4 */
	const char *rule;
	int jungle, town, marsh;
	char text[64];
};

struct hq {
	char kind[8];		/* corps, army, askaro */
	int cf;
	int oos, ezoc;
};

struct battle {
	enum side attacker;
	char side_why[160];	/* what made the attacker known */
	struct hex hexes[MAX_HEXES];
	int nhex;
	int river, from_jungle, entrenched, fort, gas, colonial, first_attack;
	int armies;
	struct hq hq[MAX_HQ];
	int nhq;
	int odds;
	int roll_given;
	char roll[64];
	/* each air unit's flight counted on --map, -1 when not (11.3 A-B) */
	int air_dist[CRT_MAX_UNITS], air_neutral[CRT_MAX_UNITS];
	/* last, and not cleared as a whole: they are large */
	struct crt_units att, def, air;
};

static const char *const fields[] = {
	"game", "attack", "defense", "roll", "odds", "table", "terrain",
	"attacker", "entrenched", "river", "from_jungle", "fort", "air", "gas",
	"hq", "colonial", "first_attack", "armies", "map", "at", NULL
};

static const char *const unit_tags =
    "oos, irr, dis, selassie, hq, eng, mech, cav, art or maN (MA N)";

static enum side
other(enum side s)
{
	return s == ITALIAN ? ETHIOPIAN : s == ETHIOPIAN ? ITALIAN : NOBODY;
}

/* Note what a request says about who attacks; refuse a contradiction. */
static int
hint(struct crt_out *o, struct battle *b, enum side s, const char *why)
{
	if (b->attacker == NOBODY) {
		b->attacker = s;
		snprintf(b->side_why, sizeof b->side_why, "%s", why);
		return ST_OK;
	}
	if (b->attacker != s)
		return crt_fail(o, ST_USAGE, "the attacker cannot be both: %s, "
		    "but %s", b->side_why, why);
	return ST_OK;
}

static int
valid_tag(const char *t)
{
	static const char *const tags[] = { "oos", "irr", "dis", "selassie",
	    "hq", "eng", "mech", "cav", "art" };
	size_t i;

	for (i = 0; i < sizeof tags / sizeof *tags; i++)
		if (strcmp(t, tags[i]) == 0)
			return 1;
	return t[0] == 'm' && t[1] == 'a' && t[2] >= '0' && t[2] <= '9' &&
	    strspn(t + 2, "0123456789") == strlen(t + 2) && strlen(t) < 6;
}

static int
ethiopian_unit(const struct crt_unit *u)
{
	return crt_has_tag(u, "irr") || crt_has_tag(u, "dis") ||
	    crt_has_tag(u, "selassie");
}

/* Check the tags of one side's units and what they say about sides. */
static int
check_units(struct crt_out *o, struct battle *b, const struct crt_units *us,
    int attacking)
{
	char text[64], why[160];
	int i, j, st;

	for (i = 0; i < us->n; i++) {
		const struct crt_unit *u = &us->u[i];

		if (u->ntags == 0)
			continue;
		crt_unit_format(u, text, sizeof text);
		for (j = 0; j < u->ntags; j++)
			if (!valid_tag(u->tags[j]))
				return crt_fail(o, ST_USAGE, "unknown unit tag: '%s' in "
				    "'%s' (expected %s)", u->tags[j], text, unit_tags);
		if (attacking && crt_has_tag(u, "dis"))
			return crt_fail(o, ST_USAGE, "a disrupted unit may not attack "
			    "(11.4.4 B): '%s'", text);
		if (ethiopian_unit(u) && crt_has_tag(u, "hq"))
			return crt_fail(o, ST_USAGE, "'%s' is marked both Ethiopian "
			    "and an Italian HQ", text);
		if (ethiopian_unit(u)) {
			snprintf(why, sizeof why, "the %s unit '%s' is Ethiopian",
			    attacking ? "attacking" : "defending", text);
			if ((st = hint(o, b, attacking ? ETHIOPIAN : ITALIAN, why)) !=
			    ST_OK)
				return st;
		}
		if (crt_has_tag(u, "hq")) {
			snprintf(why, sizeof why, "the %s unit '%s' is an Italian HQ",
			    attacking ? "attacking" : "defending", text);
			if ((st = hint(o, b, attacking ? ITALIAN : ETHIOPIAN, why)) !=
			    ST_OK)
				return st;
		}
	}
	return ST_OK;
}

/* "mountain+jungle,amba": each hex a terrain type with jungle, town or
 * marsh added (2.2 B-D). */
static int
parse_hex(struct crt_out *o, const char *text, size_t len, struct hex *h)
{
	static const struct {
		const char *name, *rule;
		int shift;
	} types[] = {
		{ "clear", "8.6.1", 0 }, { "mountain", "8.6.2", -1 },
		{ "amba", "8.6.3", -2 }, { "massif", "8.6.4", -3 },
	};
	const char *p = text, *end = text + len;
	size_t i;

	memset(h, 0, sizeof *h);
	h->type = "clear";
	h->rule = "8.6.1";
	snprintf(h->text, sizeof h->text, "%.*s", (int)(len < 60 ? len : 60), text);
	while (p < end) {
		size_t n = strcspn(p, "+,");
		int found = 0;

		if (n > (size_t)(end - p))
			n = (size_t)(end - p);
		for (i = 0; i < sizeof types / sizeof *types; i++)
			if (strlen(types[i].name) == n &&
			    strncmp(p, types[i].name, n) == 0) {
				if (h->shift || strcmp(h->type, "clear") != 0 ||
				    found)
					return crt_fail(o, ST_USAGE, "one terrain type per "
					    "hex (2.2 B): '%s'", h->text);
				h->type = types[i].name;
				h->shift = types[i].shift;
				h->rule = types[i].rule;
				found = 1;
			}
		if (n == 6 && strncmp(p, "jungle", 6) == 0)
			found = h->jungle = 1;
		else if (n == 4 && strncmp(p, "town", 4) == 0)
			found = h->town = 1;
		else if (n == 5 && strncmp(p, "marsh", 5) == 0)
			found = h->marsh = 1;
		if (!found)
			return crt_fail(o, ST_USAGE, "unknown loe terrain: '%.*s' "
			    "(expected clear, mountain, amba or massif, with +jungle, "
			    "+town or +marsh)", (int)(n < 40 ? n : 40), p);
		p += n;
		if (p < end && *p == '+')
			p++;
	}
	return ST_OK;
}

static int
parse_terrain(struct crt_out *o, struct battle *b, const char *text)
{
	const char *p = text;
	int st;

	b->nhex = 0;
	for (;;) {
		size_t n = strcspn(p, ",");

		if (b->nhex == MAX_HEXES)
			return crt_fail(o, ST_USAGE, "at most %d defending hexes: "
			    "'%.60s'", MAX_HEXES, text);
		if (n == 0)
			return crt_fail(o, ST_USAGE, "empty hex in --terrain: '%.60s'",
			    text);
		if ((st = parse_hex(o, p, n, &b->hexes[b->nhex])) != ST_OK)
			return st;
		b->nhex++;
		p += n;
		if (!*p)
			return ST_OK;
		p++;
	}
}

/* "corps:3,army:4:oos": Italian HQs supporting the battle (12.4). */
static int
parse_hqs(struct crt_out *o, struct battle *b, const char *text)
{
	const char *p = text;
	int corps = 0, army = 0;

	while (*p) {
		size_t n = strcspn(p, ",");
		char item[64], *tok, *save = NULL;
		struct hq *h;

		if (b->nhq == MAX_HQ)
			return crt_fail(o, ST_USAGE, "too many HQs: '%.60s' (12.4 C: "
			    "one corps and one army HQ at most)", text);
		h = &b->hq[b->nhq];
		memset(h, 0, sizeof *h);
		snprintf(item, sizeof item, "%.*s", (int)(n < 60 ? n : 60), p);
		tok = strtok_r(item, ":", &save);
		if (!tok || (strcmp(tok, "corps") && strcmp(tok, "army") &&
		    strcmp(tok, "askaro")))
			return crt_fail(o, ST_USAGE, "bad HQ: '%.*s' (expected corps:CF, "
			    "army:CF or askaro:CF, then :oos or :ezoc if so)",
			    (int)(n < 60 ? n : 60), p);
		snprintf(h->kind, sizeof h->kind, "%s", tok);
		tok = strtok_r(NULL, ":", &save);
		if (!tok || strspn(tok, "0123456789") != strlen(tok) ||
		    strlen(tok) > 3 || (h->cf = atoi(tok)) < 1)
			return crt_fail(o, ST_USAGE, "bad HQ: '%.*s' (expected the "
			    "printed CF after the kind, as in corps:3)",
			    (int)(n < 60 ? n : 60), p);
		while ((tok = strtok_r(NULL, ":", &save)) != NULL) {
			if (strcmp(tok, "oos") == 0)
				h->oos = 1;
			else if (strcmp(tok, "ezoc") == 0)
				h->ezoc = 1;
			else
				return crt_fail(o, ST_USAGE, "bad HQ tag: '%s' (expected "
				    "oos or ezoc)", tok);
		}
		/* 12.5: the Askaro HQ is a corps HQ of colonial troops */
		if (strcmp(h->kind, "army") == 0)
			army++;
		else
			corps++;
		if (corps > 1 || army > 1)
			return crt_fail(o, ST_USAGE, "at most one corps HQ and one "
			    "army HQ may support a battle (12.4 C): '%.60s'", text);
		b->nhq++;
		p += n;
		if (*p == ',')
			p++;
	}
	return ST_OK;
}

static int
read_side(struct crt_out *o, const cJSON *req, struct battle *b)
{
	char text[32];
	int given, st;

	if ((st = crt_req_text(o, req, "attacker", text, sizeof text, &given)) !=
	    ST_OK || !given)
		return st;
	if (strcmp(text, "italian") == 0 || strcmp(text, "italians") == 0)
		return hint(o, b, ITALIAN, "the attacker was given as Italian");
	if (strcmp(text, "ethiopian") == 0 || strcmp(text, "ethiopians") == 0)
		return hint(o, b, ETHIOPIAN, "the attacker was given as Ethiopian");
	return crt_fail(o, ST_USAGE, "bad attacker: '%s' (expected italian or "
	    "ethiopian)", text);
}

/*
 * An air unit's tags are facts for loe_air.c, which decides whether it
 * may fly support (11.x): oos (11.4.1 B), flown (11.1 A), grounded
 * (11.2.5 B), rangeN and distN, its range factor and the hexes from its
 * base to the battle (11.3 A).  -1 with o->why for a tag it does not know.
 */
static int
air_unit_reasons(struct crt_out *o, const struct crt_unit *u, int dist,
    int neutral, struct air_reason *r)
{
	struct loe_air_facts f = { .mission = LOE_SUPPORT, .range = -1,
	    .distance = -1, .battle = 1 };
	int i;

	for (i = 0; i < u->ntags; i++)
		if (strcmp(u->tags[i], "oos") == 0)
			f.oos = 1;
		else if (strcmp(u->tags[i], "flown") == 0)
			f.flown = 1;
		else if (strcmp(u->tags[i], "grounded") == 0)
			f.grounded = 1;
		else if (strncmp(u->tags[i], "range", 5) != 0 &&
		    strncmp(u->tags[i], "dist", 4) != 0 &&
		    strncmp(u->tags[i], "from", 4) != 0)
			return crt_fail(o, ST_USAGE, "bad tag for an air unit: '%s' "
			    "(expected oos, flown, grounded, rangeN, distN or "
			    "fromHEX)", u->tags[i]), -1;
	f.range = crt_tag_number(u, "range");
	f.distance = dist >= 0 ? dist : crt_tag_number(u, "dist");
	f.neutral = neutral;
	for (i = 0; i < u->ntags; i++)
		if ((strncmp(u->tags[i], "range", 5) == 0 && f.range < 0) ||
		    (strncmp(u->tags[i], "dist", 4) == 0 &&
		    crt_tag_number(u, "dist") < 0))
			return crt_fail(o, ST_USAGE, "bad tag for an air unit: '%s' "
			    "(expected rangeN or distN with N from 0 to 999)",
			    u->tags[i]), -1;
	return loe_air_check(&f, r, AIR_MAX_REASONS);
}

static int
air_unit_may_support(struct crt_out *o, const struct crt_unit *u, int dist,
    int neutral)
{
	struct air_reason r[AIR_MAX_REASONS];
	char text[64];
	int i, n;

	if ((n = air_unit_reasons(o, u, dist, neutral, r)) < 0)
		return ST_USAGE;
	crt_unit_format(u, text, sizeof text);
	for (i = 0; i < n; i++)
		if (r[i].bars)
			return crt_fail(o, ST_USAGE, "air unit %s may not fly "
			    "support: %s (%s)", text, r[i].text, r[i].rule);
	return ST_OK;
}

/* The base hex of a "fromHEX" tag, or NULL. */
static const char *
air_base(const struct crt_unit *u)
{
	int i;

	for (i = 0; i < u->ntags; i++)
		if (strncmp(u->tags[i], "from", 4) == 0 && u->tags[i][4])
			return u->tags[i] + 4;
	return NULL;
}

/*
 * --map and --at: each air unit tagged fromHEX has its flight counted on
 * the map to the battle hex by loe_air.c, as `umpire airstrike --map`
 * counts it (11.3 A-B), and is refused when it is out of reach.
 */
static int
air_on_map(const struct ctx *c, struct crt_out *o, const cJSON *req,
    struct battle *b)
{
	const char *bases[CRT_MAX_UNITS];
	char name[128], at[32], fn[64];
	int given, hasat, i, st;

	for (i = 0; i < b->air.n; i++)
		b->air_dist[i] = -1;
	if ((st = crt_req_text(o, req, "map", name, sizeof name, &given)) !=
	    ST_OK || (st = crt_req_text(o, req, "at", at, sizeof at, &hasat)) !=
	    ST_OK)
		return st;
	for (i = 0; i < b->air.n && given; i++)
		if (!air_base(&b->air.u[i]))
			break;
	if (!given) {
		for (i = 0; i < b->air.n; i++)
			if (air_base(&b->air.u[i]))
				return crt_fail(o, ST_USAGE, "an air unit's fromHEX tag "
				    "needs %s and %s (the battle hex)", crt_field_name(o,
				    "map", fn), crt_field_name(o, "at", name));
		return hasat ? crt_fail(o, ST_USAGE, "%s needs %s", crt_field_name(o,
		    "at", fn), crt_field_name(o, "map", name)) : ST_OK;
	}
	if (!hasat)
		return crt_fail(o, ST_USAGE, "%s needs %s: the battle hex the air "
		    "units fly to", crt_field_name(o, "map", fn), crt_field_name(o,
		    "at", name));
	for (i = 0; i < b->air.n; i++)
		bases[i] = air_base(&b->air.u[i]);
	if ((st = loe_air_flights(c, name, at, bases, b->air.n, b->air_dist,
	    b->air_neutral, o->why, sizeof o->why)) != ST_OK)
		return st;
	for (i = 0; i < b->air.n; i++)
		if (bases[i] && (st = air_unit_may_support(o, &b->air.u[i],
		    b->air_dist[i], b->air_neutral[i])) != ST_OK)
			return st;
	return ST_OK;
}

/* The range each air unit was counted at (11.3 A), once the title is out. */
static void
air_range_steps(struct crt_out *o, const struct battle *b)
{
	struct air_reason r[AIR_MAX_REASONS];
	char text[64];
	int i, j, n;

	for (i = 0; i < b->air.n; i++) {
		if (crt_tag_number(&b->air.u[i], "range") < 0 ||
		    (crt_tag_number(&b->air.u[i], "dist") < 0 &&
		    b->air_dist[i] < 0))
			continue;
		n = air_unit_reasons(o, &b->air.u[i], b->air_dist[i],
		    b->air_neutral[i], r);
		crt_unit_format(&b->air.u[i], text, sizeof text);
		for (j = 0; j < n; j++)
			if (strcmp(r[j].rule, "11.3 A") == 0)
				crt_step(o, "11.3 A", "air unit %s: %s", text,
				    r[j].text);
	}
}

static int
read_numbers(struct crt_out *o, const cJSON *req, struct battle *b)
{
	char text[256], name[64];
	int given, st, i;

	if ((st = crt_req_units(o, req, "air", &b->air, 0)) != ST_OK)
		return st;
	for (i = 0; i < b->air.n; i++)
		if ((st = air_unit_may_support(o, &b->air.u[i], -1, 0)) != ST_OK)
			return st;
	if ((st = crt_req_text(o, req, "hq", text, sizeof text, &given)) != ST_OK)
		return st;
	if (given && (st = parse_hqs(o, b, text)) != ST_OK)
		return st;
	if ((st = crt_req_text(o, req, "armies", text, sizeof text, &given)) !=
	    ST_OK)
		return st;
	if (given && (strspn(text, "0123456789") != strlen(text) ||
	    strlen(text) > 2 || (b->armies = atoi(text)) < 1))
		return crt_fail(o, ST_USAGE, "bad %s: '%s' (expected how many "
		    "armies attack together, 1 or more)", crt_field_name(o,
		    "armies", name), text);
	if ((st = crt_req_text(o, req, "terrain", text, sizeof text, &given)) !=
	    ST_OK)
		return st;
	if (given)
		return parse_terrain(o, b, text);
	b->nhex = 1;
	return parse_hex(o, "clear", 5, &b->hexes[0]);
}

static int
read_flags(struct crt_out *o, const cJSON *req, struct battle *b)
{
	static const struct {
		const char *key;
		size_t off;
	} flags[] = {
		{ "river", offsetof(struct battle, river) },
		{ "from_jungle", offsetof(struct battle, from_jungle) },
		{ "entrenched", offsetof(struct battle, entrenched) },
		{ "fort", offsetof(struct battle, fort) },
		{ "gas", offsetof(struct battle, gas) },
		{ "colonial", offsetof(struct battle, colonial) },
		{ "first_attack", offsetof(struct battle, first_attack) },
		{ "odds", offsetof(struct battle, odds) },
	};
	size_t i;
	int st;

	for (i = 0; i < sizeof flags / sizeof *flags; i++)
		if ((st = crt_req_flag(o, req, flags[i].key,
		    (int *)(void *)((char *)b + flags[i].off))) != ST_OK)
			return st;
	return ST_OK;
}

/* 10.2: entrenchments are never built in marsh; with several defending
 * hexes one of them may hold it unless every one is marsh. */
static int
all_marsh(const struct battle *b)
{
	int i;

	for (i = 0; i < b->nhex; i++)
		if (!b->hexes[i].marsh)
			return 0;
	return b->nhex > 0;
}

/* Everything the request says, checked for sense before any arithmetic. */
static int
read_battle(struct crt_out *o, const cJSON *req, struct battle *b)
{
	char text[64];
	int given, st, i;

	memset(b, 0, offsetof(struct battle, att));
	b->att.n = b->def.n = b->air.n = 0;
	if ((st = crt_req_check(o, req, "loe", fields)) != ST_OK ||
	    (st = crt_req_units(o, req, "attack", &b->att, 1)) != ST_OK ||
	    (st = crt_req_units(o, req, "defense", &b->def, 1)) != ST_OK ||
	    (st = read_flags(o, req, b)) != ST_OK ||
	    (st = read_numbers(o, req, b)) != ST_OK ||
	    (st = crt_req_text(o, req, "roll", b->roll, sizeof b->roll,
	    &b->roll_given)) != ST_OK ||
	    (st = crt_req_text(o, req, "table", text, sizeof text, &given)) !=
	    ST_OK)
		return st;
	if (given && strcmp(text, "crt") != 0)
		return crt_fail(o, ST_USAGE, "loe has one CRT: '%s' (expected crt)",
		    text);
	if (b->odds && b->roll_given)
		return crt_fail(o, ST_USAGE, "--odds and --roll exclude each other: "
		    "--odds covers every roll");
	if ((st = read_side(o, req, b)) != ST_OK ||
	    (st = check_units(o, b, &b->att, 1)) != ST_OK ||
	    (st = check_units(o, b, &b->def, 0)) != ST_OK)
		return st;
	if (b->air.n && (st = hint(o, b, ITALIAN, "air support is Italian "
	    "(11.4.2)")) != ST_OK)
		return st;
	if (b->gas && !b->air.n)
		return crt_fail(o, ST_USAGE, "--gas without air support: give the "
		    "air units' CFs with --air (11.4.5 B)");
	if (b->from_jungle && (st = hint(o, b, ITALIAN, "attacking from jungle "
	    "is an Italian penalty (8.6.6)")) != ST_OK)
		return st;
	if (b->first_attack && (st = hint(o, b, ETHIOPIAN, "the first attack "
	    "is the Imperial Army's (13.2.2)")) != ST_OK)
		return st;
	if (b->armies > 1 && (st = hint(o, b, ETHIOPIAN, "cooperating armies "
	    "are Ethiopian (13.1.4)")) != ST_OK)
		return st;
	if (b->attacker == NOBODY && b->nhq)
		return crt_fail(o, ST_USAGE, "say who attacks, --attacker italian or "
		    "ethiopian: HQ support goes to the Italian side (12.4 D)");
	for (i = 0; i < b->nhex; i++)
		if (b->attacker == NOBODY && b->hexes[i].jungle)
			return crt_fail(o, ST_USAGE, "say who attacks, --attacker "
			    "italian or ethiopian: jungle favours Ethiopians and not "
			    "Italians (8.6.6)");
	if (b->entrenched && all_marsh(b))
		return crt_fail(o, ST_USAGE, "no entrenchment can stand in marsh "
		    "(10.2): '%s'", b->hexes[0].text);
	if (b->colonial && !b->nhq)
		return crt_fail(o, ST_USAGE, "--colonial matters only to the Askaro "
		    "HQ's support: give it with --hq askaro:CF (12.5)");
	return ST_OK;
}

/* 6.3.4 B: only these may attack into a massif. */
static int
check_massif(struct crt_out *o, const struct battle *b)
{
	char text[64];
	int i, massif = 0;

	for (i = 0; i < b->nhex; i++)
		massif |= strcmp(b->hexes[i].type, "massif") == 0;
	if (!massif)
		return ST_OK;
	for (i = 0; i < b->att.n; i++) {
		const struct crt_unit *u = &b->att.u[i];
		int infantry = !crt_has_tag(u, "mech") && !crt_has_tag(u, "cav") &&
		    !crt_has_tag(u, "art");

		if (crt_has_tag(u, "selassie") || crt_has_tag(u, "eng") ||
		    (infantry && crt_tag_number(u, "ma") >= 8))
			continue;
		crt_unit_format(u, text, sizeof text);
		return crt_fail(o, ST_USAGE, "'%s' may not attack into a massif "
		    "(6.3.4 B: only engineers, Selassie and non-mech infantry whose "
		    "MA is 8 or more; tag such a unit eng, selassie or ma8)", text);
	}
	crt_step(o, "6.3.4 B", "every attacker may attack into the massif");
	return ST_OK;
}

/* One unit's combat strength (9.4.3 C, 9.4.4, 13.2 E, 11.4.4). */
static int
unit_strength(struct crt_out *o, const struct crt_unit *u, const char *who)
{
	char text[64];
	int cf = u->cf;

	if (u->ntags == 0)
		return cf;
	crt_unit_format(u, text, sizeof text);
	if (crt_has_tag(u, "oos")) {
		if (crt_has_tag(u, "selassie"))
			crt_step(o, "13.2 E", "%s %s: Selassie is always in supply, %d",
			    who, text, cf);
		else if (crt_has_tag(u, "irr"))
			crt_step(o, "9.4.4", "%s %s: irregulars fight at full CF out of "
			    "supply, %d", who, text, cf);
		else {
			crt_step(o, "9.4.3 C", "%s %s: out of supply, half of %d "
			    "rounded up is %d", who, text, cf, crt_half_up(cf));
			cf = crt_half_up(cf);
		}
	}
	if (crt_has_tag(u, "dis")) {
		crt_step(o, "11.4.4", "%s %s: disrupted, half of %d rounded up is %d",
		    who, text, cf, crt_half_up(cf));
		cf = crt_half_up(cf);
	}
	return cf;
}

static int
side_strength(struct crt_out *o, const struct crt_units *us, const char *who)
{
	int i, total = 0;

	for (i = 0; i < us->n; i++)
		total += unit_strength(o, &us->u[i], who);
	return total;
}

static int
italian_hq_involved(const struct battle *b)
{
	const struct crt_units *it = b->attacker == ITALIAN ? &b->att : &b->def;
	int i;

	for (i = 0; i < it->n; i++)
		if (crt_has_tag(&it->u[i], "hq"))
			return 1;
	return 0;
}

/* 12.4, 12.5: the support value the Italian side adds. */
static int
hq_support(struct crt_out *o, const struct battle *b)
{
	int i, total = 0;

	if (b->nhq && italian_hq_involved(b)) {
		crt_step(o, "12.4 F", "no HQ support: an HQ is itself in the battle");
		return 0;
	}
	for (i = 0; i < b->nhq; i++) {
		const struct hq *h = &b->hq[i];
		const char *kind = strcmp(h->kind, "askaro") == 0 ? "Askaro" :
		    h->kind;

		if (h->oos)
			crt_step(o, "12.4 G", "%s HQ %d: out of supply, no support",
			    kind, h->cf);
		else if (h->ezoc)
			crt_step(o, "12.4 A", "%s HQ %d: in an EZOC, no support",
			    kind, h->cf);
		else if (strcmp(h->kind, "askaro") == 0 && !b->colonial)
			crt_step(o, "12.5", "Askaro HQ %d: no support without a "
			    "division of colonial troops (--colonial)", h->cf);
		else {
			crt_step(o, "12.4 B", "%s HQ %d supports with %d (CF + 1)",
			    kind, h->cf, h->cf + 1);
			total += h->cf + 1;
		}
	}
	return total;
}

static int
has_selassie(const struct battle *b)
{
	int i;

	for (i = 0; i < b->att.n; i++)
		if (crt_has_tag(&b->att.u[i], "selassie"))
			return 1;
	for (i = 0; i < b->def.n; i++)
		if (crt_has_tag(&b->def.u[i], "selassie"))
			return 1;
	return 0;
}

/* 8.6.6: Italians defending in jungle fight as in open terrain. */
static int
open_terrain(const struct hex *h, enum side defender)
{
	return h->jungle && defender == ITALIAN;
}

/*
 * What a hex is worth to its defenders, in columns (8.6.2-8.6.6): the
 * river's 1L (8.6.5) is a terrain effect, so a hex fought as open terrain
 * loses it too.
 */
static int
hex_value(const struct hex *h, enum side defender, int river)
{
	if (open_terrain(h, defender))
		return h->town ? 0 : 1;
	return h->shift - (h->jungle && defender == ETHIOPIAN) - (river != 0);
}

/* The hex the defenders pick (8.6 C). */
static const struct hex *
chosen_hex(const struct battle *b)
{
	enum side defender = other(b->attacker);
	const struct hex *h = &b->hexes[0];
	int i;

	for (i = 1; i < b->nhex; i++)
		if (hex_value(&b->hexes[i], defender, b->river) <
		    hex_value(h, defender, b->river))
			h = &b->hexes[i];
	return h;
}

static void
terrain_shifts(struct crt_out *o, const struct battle *b,
    const struct table *t, cJSON *shifts, long *vcol)
{
	enum side defender = other(b->attacker);
	const struct hex *h = chosen_hex(b);
	char why[64], list[256] = "";
	int i;

	if (b->nhex > 1) {
		for (i = 0; i < b->nhex; i++) {
			strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
			strncat(list, b->hexes[i].text, sizeof list - strlen(list) - 1);
		}
		crt_step(o, "8.6 C", "defenders in %s: they pick %s", list, h->text);
	}
	if (h->jungle && defender == ITALIAN) {
		if (h->shift)
			crt_step(o, "8.6.6", "Italians in jungle lose the %s: as clear",
			    h->type);
		if (h->town)
			crt_step(o, "8.6.6", "Italians in jungle with a town: as clear, "
			    "no shift");
		else
			crt_shift(o, t, shifts, vcol, 1, "Italians in jungle", "8.6.6");
		if (b->river)
			crt_step(o, "8.6.6", "open terrain: the river's 1L (8.6.5) is "
			    "lost with the rest of the terrain");
		return;
	}
	snprintf(why, sizeof why, "defender in %s", h->type);
	crt_shift(o, t, shifts, vcol, h->shift, why, h->rule);
	if (h->jungle && defender == ETHIOPIAN)
		crt_shift(o, t, shifts, vcol, -1, "Ethiopians in jungle", "8.6.6");
}

/* Every shift except the cooperation roll's, in rule order. */
static void
shifts_before_roll(struct crt_out *o, const struct battle *b,
    const struct table *t, cJSON *shifts, long *vcol)
{
	char why[64];
	const char *rule;

	terrain_shifts(o, b, t, shifts, vcol);
	if (b->river && !open_terrain(chosen_hex(b), other(b->attacker)))
		crt_shift(o, t, shifts, vcol, -1, "attackers on river hexes",
		    "8.6.5");
	if (b->from_jungle)
		crt_shift(o, t, shifts, vcol, -1, "Italians attack from jungle",
		    "8.6.6");
	if (b->entrenched)
		crt_shift(o, t, shifts, vcol, -1, "defenders entrenched", "10.2.2 A");
	if (b->air.n) {
		int by = loe_air_support_shift(b->air.n, b->gas, &rule);

		if (b->gas)
			snprintf(why, sizeof why, "air support, gas (%d unit%s)",
			    b->air.n, b->air.n == 1 ? "" : "s");
		crt_shift(o, t, shifts, vcol, by, b->gas ? why : "air support",
		    rule);
	}
	if (has_selassie(b))
		crt_shift(o, t, shifts, vcol, b->attacker == ITALIAN ? -1 : 1,
		    "Selassie in the battle", "13.2 B");
	if (b->first_attack)
		crt_shift(o, t, shifts, vcol, 1, "Imperial Army first attack",
		    "13.2.2 A");
}

/* Results: the code's parts, defender first (8.3 B). */

struct part {
	char side;		/* 'D', 'A' or 0 for both */
	char kind;		/* e b a x (Exch) c (Contact) g (Eng) */
	int n;
};

static int
parse_code(const char *code, struct part *parts, int max)
{
	const char *p = code;
	int n = 0;

	while (*p) {
		size_t len = strcspn(p, "/");
		struct part *q = &parts[n];

		if (n == max)
			return -1;
		memset(q, 0, sizeof *q);
		if (len == 2 && strncmp(p, "Ex", 2) == 0)
			q->kind = 'x';
		else if (len == 2 && strncmp(p, "Co", 2) == 0)
			q->kind = 'c';
		else if (len == 2 && strncmp(p, "En", 2) == 0)
			q->kind = 'g';
		else if (len == 2 && (p[0] == 'A' || p[0] == 'D') && p[1] == 'e') {
			q->side = p[0];
			q->kind = 'e';
		} else if (len == 3 && (p[0] == 'A' || p[0] == 'D') &&
		    (p[1] == 'b' || p[1] == 'a') && p[2] >= '1' && p[2] <= '9') {
			q->side = p[0];
			q->kind = p[1];
			q->n = p[2] - '0';
		} else
			return -1;
		n++;
		p += len;
		if (*p == '/')
			p++;
	}
	return n;
}

struct verdict {
	char text[640];
	char rule[64];
	const char *applies;	/* the code in force when not the table's */
};

static void
add(struct verdict *v, const char *rule, const char *text)
{
	size_t used = strlen(v->text);

	snprintf(v->text + used, sizeof v->text - used, "%s%s", used ? "; " : "",
	    text);
	if (rule)
		crt_rule_add(v->rule, sizeof v->rule, rule);
}

static void
exchange(struct verdict *v, const struct battle *b)
{
	char buf[256];
	int need = crt_units_total(&b->def), have = crt_units_total(&b->att);

	if (have > need)
		snprintf(buf, sizeof buf, "exchange: the defenders are eliminated; "
		    "the attacker then loses units of at least %d printed CF, the "
		    "defenders' printed total; survivors may advance into the hex",
		    need);
	else if (have == need)
		snprintf(buf, sizeof buf, "exchange: the defenders are eliminated; "
		    "the attacker owes %d printed CF, all that it has: every "
		    "attacking unit is eliminated", need);
	else
		snprintf(buf, sizeof buf, "exchange: the defenders are eliminated; "
		    "the attacker owes %d printed CF and has only %d: every "
		    "attacking unit is eliminated", need, have);
	add(v, "8.3.4", buf);
}

static void
engaged(struct verdict *v, const struct battle *b)
{
	if (b->fort) {
		add(v, "10.1.2", "engaged, but a battle at a fort takes it as "
		    "contact: no effect");
		v->applies = "Co";
		return;
	}
	add(v, "8.3.6", "engaged: every unit of both sides in the battle is "
	    "marked Engaged");
	if (has_selassie(b))
		add(v, "13.2 A", "Selassie himself is immune and is not marked");
}

static void
movement(struct verdict *v, const struct part *q)
{
	const char *who = q->side == 'D' ? "the defenders" : "the attackers";
	char buf[128];

	if (q->kind == 'e') {
		snprintf(buf, sizeof buf, "%s are eliminated", who);
		add(v, "8.3.1", buf);
	} else if (q->kind == 'b') {
		snprintf(buf, sizeof buf, "%s retreat %d hex%s", who, q->n,
		    q->n == 1 ? "" : "es");
		add(v, "8.3.2", buf);
	} else {
		snprintf(buf, sizeof buf, "%s may advance %s%d hex%s", who,
		    q->n == 1 ? "" : "up to ", q->n, q->n == 1 ? "" : "es");
		add(v, "8.3.3", buf);
	}
}

/* The result in words, with what Exch costs and what Eng means here. */
static void
describe(const struct battle *b, const char *code, const char *table_text,
    struct verdict *v)
{
	struct part parts[8];
	int n = parse_code(code, parts, 8), pass, i;

	memset(v, 0, sizeof *v);
	if (n < 0) {
		snprintf(v->text, sizeof v->text, "%s", table_text);
		snprintf(v->rule, sizeof v->rule, "8.3");
		return;
	}
	/*
	 * 8.3 B: the defender's part before the attacker's, kind by kind:
	 * eliminations, retreats, the results of both sides, then advances,
	 * so that an advance always follows what vacated the hex.
	 */
	for (pass = 0; pass < 18; pass++)
		for (i = 0; i < n; i++) {
			const struct part *q = &parts[i];

			if (q->kind != "ebxcga"[pass / 3] || q->side != "D\0A"[pass % 3])
				continue;
			if (q->side)
				movement(v, q);
			else if (q->kind == 'x')
				exchange(v, b);
			else if (q->kind == 'c')
				add(v, "8.3.5", "contact: no losses, retreats or advances; "
				    "defenders in an attacker's ZOC must leave it or attack "
				    "next player-turn");
			else
				engaged(v, b);
		}
}

static void
stand_in_note(struct crt_out *o, const struct table *t)
{
	if (strcmp(t->source, "stand-in") == 0)
		crt_plain(o, "  (the loe CRT is a stand-in: `umpire table --import "
		    "loe crt FILE` installs your printed chart)");
	else if (strcmp(t->source, "user") == 0)
		crt_plain(o, "  (your imported chart: %s)", t->path);
}

static cJSON *
result_json(const char *code, const struct verdict *v)
{
	cJSON *r = json_object();

	crt_set_str(r, "code", code);
	crt_set_str(r, "text", v->text);
	crt_set_str(r, "rule", v->rule);
	if (v->applies)
		crt_set_str(r, "applies", v->applies);
	return r;
}

/* 8.2.1 C: the attacker eliminated, the defender's Adv 3. */
static const char automatic_code[] = "Da3/Ae";

/*
 * An odds column, or past the left edge the odds it stands for: one column
 * left of 1:6 is 1:7 (8.2.1 C with D: the shifts are part of the odds).
 */
static void
odds_label(const struct table *t, long vcol, char *buf, size_t len)
{
	struct ratio first;

	if (vcol < 0 && vcol > -LOE_FAR_LEFT &&
	    odds_ratio_parse(t->cols[0].id, &first) == 0 && first.att == 1)
		snprintf(buf, len, "1:%ld", first.def - vcol);
	else
		crt_column_label(t, vcol, buf, len);
}

/*
 * 8.2.1 C with D: odds below 1:6 after every shift are not allowed, so the
 * battle is settled without a roll (and without the table).
 */
static int
automatic(struct crt_out *o, const struct battle *b, const struct table *t,
    long vcol)
{
	struct verdict v;
	char odds[64], rule[sizeof v.rule] = "8.2.1 C";
	cJSON *outs;

	describe(b, automatic_code, "", &v);
	crt_rule_add(rule, sizeof rule, v.rule);
	snprintf(v.rule, sizeof v.rule, "%s", rule);
	odds_label(t, vcol, odds, sizeof odds);
	crt_step(o, "8.2.1 C", "odds %s with every shift, below %s: the "
	    "attack is not allowed, no roll", odds, t->cols[0].id);
	if (b->roll_given)
		crt_step(o, "8.2.1 C", "your roll is not needed");
	crt_set_bool(o->json, "automatic", 1);
	crt_set(o->json, "result", result_json(automatic_code, &v));
	if (b->odds) {
		outs = json_array();
		json_push(outs, result_json(automatic_code, &v));
		crt_set_num(cJSON_GetArrayItem(outs, 0), "probability", 1);
		crt_set(o->json, "outcomes", outs);
	}
	crt_result_line(o, v.rule, "result: %s  %s", automatic_code, v.text);
	return ST_OK;
}

/* The cooperation roll (13.1.4): 2L when the armies fail. */
static int
cooperation(struct crt_out *o, struct ctx *c, const struct battle *b,
    const char *roll, cJSON *shifts, const struct table *t, long *vcol)
{
	const struct table *coop;
	const struct table_entry *e;
	cJSON *j;
	int st, total;

	if ((st = crt_table(c, "loe", "army-cooperation", &coop)) != ST_OK)
		return st;
	if ((st = crt_roll(o, c, coop, roll, &total)) != ST_OK)
		return st;
	e = table_lookup(coop, 0, total);
	if (!e)
		return crt_fail(o, ST_DATA, "the army-cooperation table has no "
		    "result for %d", total);
	crt_step(o, "13.1.4", "%d armies attack together: cooperation roll %d, "
	    "%s", b->armies, total, e->code);
	j = json_object();
	crt_set_int(j, "armies", b->armies);
	crt_set_int(j, "roll", total);
	crt_set_str(j, "result", e->code);
	crt_set(o->json, "cooperation", j);
	if (strcmp(e->code, "no-cooperation") == 0)
		crt_shift(o, t, shifts, vcol, -2, "armies fail to cooperate",
		    "13.1.4");
	return ST_OK;
}

/* Split "2,4" into the cooperation roll and the combat roll. */
static int
split_rolls(struct crt_out *o, const struct battle *b, char *coop,
    char *combat, size_t len)
{
	const char *comma = strchr(b->roll, ',');

	if (!comma || strchr(comma + 1, ','))
		return crt_fail(o, ST_USAGE, "bad roll: '%s' (expected two dice, "
		    "the army cooperation roll then the combat roll, as 3,4; "
		    "13.1.4)", b->roll);
	snprintf(coop, len, "%.*s", (int)(comma - b->roll), b->roll);
	snprintf(combat, len, "%s", comma + 1);
	return ST_OK;
}

static int
resolve_roll(struct crt_out *o, struct ctx *c, const struct battle *b,
    const struct table *t, cJSON *shifts, long vcol)
{
	char coop[32], combat[32];
	const char *coop_roll = NULL, *roll = b->roll_given ? b->roll : NULL;
	const struct table_entry *e;
	struct verdict v;
	int st, col, total;

	if (b->armies > 1 && b->roll_given) {
		if ((st = split_rolls(o, b, coop, combat, sizeof coop)) != ST_OK)
			return st;
		coop_roll = coop;
		roll = combat;
	}
	if (vcol < 0)	/* the 2L of failed cooperation cannot help */
		return automatic(o, b, t, vcol);
	if (b->armies > 1 &&
	    (st = cooperation(o, c, b, coop_roll, shifts, t, &vcol)) != ST_OK)
		return st;
	if (vcol < 0)
		return automatic(o, b, t, vcol);
	col = crt_settle(o, t, vcol, "8.2.1 C", "8.2.1 B");
	if ((st = crt_roll(o, c, t, roll, &total)) != ST_OK)
		return st;
	if (!(e = table_lookup(t, col, total)))
		return crt_fail(o, ST_DATA, "%s: column %s has no result for %d",
		    t->path, t->cols[col].id, total);
	describe(b, e->code, e->text, &v);
	crt_set_str(o->json, "column", t->cols[col].id);
	crt_set_int(o->json, "roll", total);
	crt_set_str(o->json, "roll_source", crt_roll_source(c, roll));
	crt_set_bool(o->json, "automatic", 0);
	crt_set(o->json, "result", result_json(e->code, &v));
	crt_set_str(o->json, "table_source", t->source);
	crt_text(o, NULL, "%s %d on %s", roll ? "your roll" : "rolled", total,
	    t->cols[col].id);
	crt_result_line(o, v.rule, "result: %s  %s", e->code, v.text);
	stand_in_note(o, t);
	return ST_OK;
}

static void
list_outcomes(struct crt_out *o, const struct battle *b, struct crt_dist *d,
    int one_column)
{
	cJSON *outs = json_array();
	struct verdict v;
	int i;

	if (one_column)
		crt_text(o, NULL, "%-9s %8s  %s", "roll", "chance", "result");
	else
		crt_text(o, NULL, "%8s  %s", "chance", "result");
	for (i = 0; i < d->n; i++) {
		cJSON *r;

		describe(b, d->o[i].code, d->o[i].text, &v);
		r = result_json(d->o[i].code, &v);
		crt_set_num(r, "probability", d->o[i].p);
		json_push(outs, r);
		if (one_column)
			crt_text(o, NULL, "%-9s %7.2f%%  %s  %s", d->o[i].rolls,
			    100 * d->o[i].p, d->o[i].code, v.text);
		else
			crt_text(o, NULL, "%7.2f%%  %s  %s", 100 * d->o[i].p,
			    d->o[i].code, v.text);
	}
	crt_set(o->json, "outcomes", outs);
}

/* --odds: every roll, and every cooperation roll, weighed exactly. */
static int
resolve_odds(struct crt_out *o, struct ctx *c, const struct battle *b,
    const struct table *t, cJSON *shifts, long vcol)
{
	const struct table *coop;
	struct crt_dist d;
	struct dice_dist dist;
	char fodds[64] = "";
	double fail = 0;
	int st, col, fcol = 0;
	size_t i;

	if (vcol < 0)
		return automatic(o, b, t, vcol);
	crt_dist_init(&d);
	col = crt_settle(o, t, vcol, "8.2.1 C", "8.2.1 B");
	crt_set_str(o->json, "column", t->cols[col].id);
	crt_set_bool(o->json, "automatic", 0);
	if (b->armies > 1) {
		cJSON *j = json_object();

		if ((st = crt_table(c, "loe", "army-cooperation", &coop)) != ST_OK) {
			cJSON_Delete(j);
			return st;
		}
		if (dice_dist_make(&coop->dice, 1, &dist) < 0) {
			cJSON_Delete(j);
			return crt_fail(o, ST_DATA, "%s: dice '%s' (expected %s)",
			    coop->path, coop->dice_text, DICE_LIMITS);
		}
		for (i = 0; i < coop->cols[0].n; i++) {
			const struct table_entry *e = &coop->cols[0].entries[i];

			if (strcmp(e->code, "no-cooperation") == 0)
				fail += dice_dist_chance(&dist, e->lo, e->hi);
		}
		dice_dist_free(&dist);
		odds_label(t, vcol - 2, fodds, sizeof fodds);
		if (vcol - 2 >= 0)
			fcol = crt_settle(o, t, vcol - 2, "8.2.1 C", "8.2.1 B");
		crt_step(o, "13.1.4", "%d armies attack together: %.2f%% that they "
		    "fail to cooperate, 2L to %s%s", b->armies, 100 * fail, fodds,
		    vcol - 2 < 0 ? ", no roll (8.2.1 C)" : "");
		crt_set_int(j, "armies", b->armies);
		crt_set_num(j, "fail_probability", fail);
		crt_set_str(j, "column_if_fail", fodds);
		crt_set(o->json, "cooperation", j);
		if (vcol - 2 >= 0)
			crt_dist_column(&d, t, fcol, fail);
		else
			crt_dist_add(&d, automatic_code, "", fail);
	}
	crt_dist_column(&d, t, col, 1 - fail);
	crt_set_str(o->json, "table_source", t->source);
	if (fail > 0)
		crt_text(o, NULL, "on %s if the armies cooperate, %s if they fail, "
		    "weighed together:", t->cols[col].id, fodds);
	else
		crt_text(o, NULL, "on %s:", t->cols[col].id);
	list_outcomes(o, b, &d, fail == 0);
	crt_dist_free(&d);
	stand_in_note(o, t);
	(void)shifts;
	return ST_OK;
}

/* "10 (ground 8, air 2)": a side's strength and where it comes from. */
static void
strength_text(char *buf, size_t len, int total, int ground, int air, int hq,
    char *rule, size_t rlen)
{
	if (!air && !hq) {
		snprintf(buf, len, "%d", total);
		return;
	}
	snprintf(buf, len, "%d (ground %d%s", total, ground, air || hq ? "" : "");
	if (air) {
		snprintf(buf + strlen(buf), len - strlen(buf), ", air %d", air);
		crt_rule_add(rule, rlen, "11.4.2 A");
	}
	if (hq) {
		snprintf(buf + strlen(buf), len - strlen(buf), ", HQ %d", hq);
		crt_rule_add(rule, rlen, "12.4 D");
	}
	snprintf(buf + strlen(buf), len - strlen(buf), ")");
}

static void
strength_line(struct crt_out *o, int att, int ground_att, int air,
    int def, int ground_def, int hq, enum side attacker)
{
	char a[64], d[64], rule[32] = "";

	strength_text(a, sizeof a, att, ground_att, air, attacker == ITALIAN ?
	    hq : 0, rule, sizeof rule);
	strength_text(d, sizeof d, def, ground_def, 0, attacker == ETHIOPIAN ?
	    hq : 0, rule, sizeof rule);
	/* a step's rule is a constant (crt.h) */
	crt_step(o, air && hq && attacker == ITALIAN ? "11.4.2 A, 12.4 D" :
	    air ? "11.4.2 A" : hq ? "12.4 D" : NULL, "attack %s  vs  defense %s",
	    a, d);
}

/* Where odds below the first column (1:6) stand: 1:7 is one column left. */
static long
left_of_table(const struct table *t, struct ratio r)
{
	struct ratio first;

	if (r.att == 0 || odds_ratio_parse(t->cols[0].id, &first) < 0 ||
	    first.att != 1 || r.def - first.def >= LOE_FAR_LEFT)
		return -LOE_FAR_LEFT;
	return -(r.def - first.def);
}

static int
loe_crt(struct ctx *c, const cJSON *req, struct crt_out *o)
{
	struct battle b;
	const struct table *t;
	struct ratio r;
	char odds[32], ratio[48];
	cJSON *shifts;
	int st, ground_att, ground_def, air = 0, hq, att, def, edge, col, i;
	long vcol;

	if ((st = read_battle(o, req, &b)) != ST_OK ||
	    (st = air_on_map(c, o, req, &b)) != ST_OK)
		return st;
	if ((st = crt_table(c, "loe", "crt", &t)) != ST_OK)
		return st;
	if (b.attacker != NOBODY)
		crt_title(o, "Lion of Ethiopia: combat, %s attack%s", b.attacker ==
		    ITALIAN ? "Italian" : "Ethiopian", b.odds ? ", every roll" : "");
	else
		crt_title(o, "Lion of Ethiopia: combat%s", b.odds ?
		    ", every roll" : "");
	if ((st = check_massif(o, &b)) != ST_OK)
		return st;
	ground_att = side_strength(o, &b.att, "attacker");
	ground_def = side_strength(o, &b.def, "defender");
	for (i = 0; i < b.air.n; i++)
		air += b.air.u[i].cf;
	hq = hq_support(o, &b);
	att = ground_att + air + (b.attacker == ITALIAN ? hq : 0);
	def = ground_def + (b.attacker == ETHIOPIAN ? hq : 0);
	strength_line(o, att, ground_att, air, def, ground_def, hq, b.attacker);
	air_range_steps(o, &b);
	crt_set_str(o->json, "attacker", b.attacker == NOBODY ? NULL :
	    side_name[b.attacker]);
	crt_set_str(o->json, "table", "crt");
	crt_set_int(o->json, "attack", att);
	crt_set_int(o->json, "defense", def);
	r = odds_ratio_defender(att, def);
	odds_ratio_format(r, odds);
	snprintf(ratio, sizeof ratio, "%d:%d", att, def);
	crt_set_str(o->json, "ratio", ratio);
	if ((col = odds_column_ratio(t, r, &edge)) < 0)
		return crt_fail(o, ST_DATA, "%s: the columns are not odds like 3:1",
		    t->path);
	crt_step(o, "8.2.1 A", "odds %s -> %s, rounded in the defender's favour",
	    ratio, odds);
	if (edge > 0)
		crt_step(o, "8.2.1 B", "odds above %s are treated as %s",
		    t->cols[col].id, t->cols[col].id);
	crt_set_str(o->json, "odds", edge < 0 ? odds : t->cols[col].id);
	shifts = json_array();
	crt_set(o->json, "shifts", shifts);
	vcol = edge < 0 ? left_of_table(t, r) : col;
	shifts_before_roll(o, &b, t, shifts, &vcol);
	if (b.odds)
		return resolve_odds(o, c, &b, t, shifts, vcol);
	return resolve_roll(o, c, &b, t, shifts, vcol);
}

const struct game game_loe = {
	.id = "loe",
	.title = "Lion of Ethiopia",
	.crt = loe_crt,
	/* parse_hex: the four types (8.6.1-8.6.4) and what a hex may add */
	.crt_terrains = "clear mountain amba massif jungle town marsh",
	.move = &loe_move,
	.supply = &loe_supply,
};
