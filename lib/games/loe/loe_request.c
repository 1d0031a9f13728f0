/*
 * loe_request.c: the Lion of Ethiopia battle as `umpire crt` is asked it:
 * the units and their tags, and what they say about who attacks (9.4.4,
 * 13.2); the defending hexes (2.2 B-D, 8.6.1-8.6.4); the HQs that support
 * (12.4, 12.5); the flags of the request (10.1.2, 10.2, 11.4.2 C, 11.4.5 B,
 * 13.1.4, 13.2.2 A); and, with --map and --at, each air unit's flight to
 * the battle, counted and checked by loe_air.c (11.3 A-B, 11.4.1 B).
 * Everything is checked before the battle is fought.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crt.h"
#include "err.h"
#include "loe_air.h"
#include "loe_impl.h"

const char *const loe_crt_fields[] = {
	"game", "attack", "defense", "roll", "odds", "table", "terrain",
	"attacker", "entrenched", "river", "from_jungle", "fort", "air", "gas",
	"hq", "colonial", "first_attack", "armies", "map", "at", "att_units",
	"def_units", "situation", NULL
};

static const char *const unit_tags =
    "oos, irr, dis, selassie, hq, eng, mech, cav, art or maN (MA N)";

/* Note what a request says about who attacks; refuse a contradiction. */
static int
hint(struct out_result *o, struct loe_battle *b, enum loe_side s, const char *why)
{
	if (b->attacker == NOBODY) {
		b->attacker = s;
		snprintf(b->side_why, sizeof b->side_why, "%s", why);
		return ST_OK;
	}
	if (b->attacker != s)
		return out_fail(o, ST_USAGE, "the attacker cannot be both: %s, "
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
check_units(struct out_result *o, struct loe_battle *b, const struct crt_units *us,
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
				return out_fail(o, ST_USAGE, "unknown unit tag: '%s' in "
				    "'%s' (expected %s)", u->tags[j], text, unit_tags);
		if (attacking && crt_has_tag(u, "dis"))
			return out_fail(o, ST_USAGE, "a disrupted unit may not attack "
			    "(11.4.4 B): '%s'", text);
		if (ethiopian_unit(u) && crt_has_tag(u, "hq"))
			return out_fail(o, ST_USAGE, "'%s' is marked both Ethiopian "
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
parse_hex(struct out_result *o, const char *text, size_t len, struct loe_hex *h)
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
					return out_fail(o, ST_USAGE, "one terrain type per "
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
		else if (n == 10 && strncmp(p, "entrenched", 10) == 0)
			found = h->entrenched = 1;	/* 10.2.2 A: this hex's */
		if (!found)
			return out_fail(o, ST_USAGE, "unknown loe terrain: '%.*s' "
			    "(expected clear, mountain, amba or massif, with +jungle, "
			    "+town, +marsh or +entrenched)", (int)(n < 40 ? n : 40),
			    p);
		p += n;
		if (p < end && *p == '+')
			p++;
	}
	return ST_OK;
}

static int
parse_terrain(struct out_result *o, struct loe_battle *b, const char *text)
{
	const char *p = text;
	int st;

	b->nhex = 0;
	for (;;) {
		size_t n = strcspn(p, ",");

		if (b->nhex == MAX_HEXES)
			return out_fail(o, ST_USAGE, "at most %d defending hexes: "
			    "'%.60s'", MAX_HEXES, text);
		if (n == 0)
			return out_fail(o, ST_USAGE, "empty hex in --terrain: '%.60s'",
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
parse_hqs(struct out_result *o, struct loe_battle *b, const char *text)
{
	const char *p = text;
	int corps = 0, army = 0;

	while (*p) {
		size_t n = strcspn(p, ",");
		char item[64], *tok, *save = NULL;
		struct loe_hq *h;

		if (b->nhq == MAX_HQ)
			return out_fail(o, ST_USAGE, "too many HQs: '%.60s' (12.4 C: "
			    "one corps and one army HQ at most)", text);
		h = &b->hq[b->nhq];
		memset(h, 0, sizeof *h);
		snprintf(item, sizeof item, "%.*s", (int)(n < 60 ? n : 60), p);
		tok = strtok_r(item, ":", &save);
		if (!tok || (strcmp(tok, "corps") && strcmp(tok, "army") &&
		    strcmp(tok, "askaro")))
			return out_fail(o, ST_USAGE, "bad HQ: '%.*s' (expected corps:CF, "
			    "army:CF or askaro:CF, then :oos or :ezoc if so)",
			    (int)(n < 60 ? n : 60), p);
		snprintf(h->kind, sizeof h->kind, "%s", tok);
		tok = strtok_r(NULL, ":", &save);
		if (!tok || strspn(tok, "0123456789") != strlen(tok) ||
		    strlen(tok) > 3 || (h->cf = atoi(tok)) < 1)
			return out_fail(o, ST_USAGE, "bad HQ: '%.*s' (expected the "
			    "printed CF after the kind, as in corps:3)",
			    (int)(n < 60 ? n : 60), p);
		while ((tok = strtok_r(NULL, ":", &save)) != NULL) {
			if (strcmp(tok, "oos") == 0)
				h->oos = 1;
			else if (strcmp(tok, "ezoc") == 0)
				h->ezoc = 1;
			else
				return out_fail(o, ST_USAGE, "bad HQ tag: '%s' (expected "
				    "oos or ezoc)", tok);
		}
		/* 12.5: the Askaro HQ is a corps HQ of colonial troops */
		if (strcmp(h->kind, "army") == 0)
			army++;
		else
			corps++;
		if (corps > 1 || army > 1)
			return out_fail(o, ST_USAGE, "at most one corps HQ and one "
			    "army HQ may support a battle (12.4 C): '%.60s'", text);
		b->nhq++;
		p += n;
		if (*p == ',')
			p++;
	}
	return ST_OK;
}

static int
read_side(struct out_result *o, const cJSON *req, struct loe_battle *b)
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
	return out_fail(o, ST_USAGE, "bad attacker: '%s' (expected italian or "
	    "ethiopian)", text);
}

/*
 * An air unit's tags are facts for loe_air.c, which decides whether it
 * may fly support (11.x): oos (11.4.1 B), flown (11.1 A), grounded
 * (11.2.5 B), rangeN and distN, its range factor and the hexes from its
 * base to the battle (11.3 A).  -1 with o->why for a tag it does not know.
 */
static int
air_unit_reasons(struct out_result *o, const struct crt_unit *u, int dist,
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
			return out_fail(o, ST_USAGE, "bad tag for an air unit: '%s' "
			    "(expected oos, flown, grounded, rangeN, distN or "
			    "fromHEX)", u->tags[i]), -1;
	f.range = crt_tag_number(u, "range");
	f.distance = dist >= 0 ? dist : crt_tag_number(u, "dist");
	f.neutral = neutral;
	for (i = 0; i < u->ntags; i++)
		if ((strncmp(u->tags[i], "range", 5) == 0 && f.range < 0) ||
		    (strncmp(u->tags[i], "dist", 4) == 0 &&
		    crt_tag_number(u, "dist") < 0))
			return out_fail(o, ST_USAGE, "bad tag for an air unit: '%s' "
			    "(expected rangeN or distN with N from 0 to 999)",
			    u->tags[i]), -1;
	return loe_air_check(&f, r, AIR_MAX_REASONS);
}

static int
air_unit_may_support(struct out_result *o, const struct crt_unit *u, int dist,
    int neutral)
{
	struct air_reason r[AIR_MAX_REASONS];
	char text[64];
	int i, n;

	if ((n = air_unit_reasons(o, u, dist, neutral, r)) < 0)
		return ST_USAGE;
	for (i = 0; i < n; i++)
		if (r[i].bars) {
			/* the unit's text only for the refusal that names it */
			crt_unit_format(u, text, sizeof text);
			return out_fail(o, ST_USAGE, "air unit %s may not fly "
			    "support: %s (%s)", text, r[i].text, r[i].rule);
		}
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
int
loe_air_on_map(const struct ctx *c, struct out_result *o, const cJSON *req,
    struct loe_battle *b)
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
				return out_fail(o, ST_USAGE, "an air unit's fromHEX tag "
				    "needs %s and %s (the battle hex)", out_field_name(o,
				    "map", fn), out_field_name(o, "at", name));
		return hasat ? out_fail(o, ST_USAGE, "%s needs %s", out_field_name(o,
		    "at", fn), out_field_name(o, "map", name)) : ST_OK;
	}
	if (!hasat)
		return out_fail(o, ST_USAGE, "%s needs %s: the battle hex the air "
		    "units fly to", out_field_name(o, "map", fn), out_field_name(o,
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
void
loe_air_range_steps(struct out_result *o, const struct loe_battle *b)
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
				out_step(o, "11.3 A", "air unit %s: %s", text,
				    r[j].text);
	}
}

static int
read_numbers(struct out_result *o, const cJSON *req, struct loe_battle *b)
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
		return out_fail(o, ST_USAGE, "bad %s: '%s' (expected how many "
		    "armies attack together, 1 or more)", out_field_name(o,
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
read_flags(struct out_result *o, const cJSON *req, struct loe_battle *b)
{
	static const struct {
		const char *key;
		size_t off;
	} flags[] = {
		{ "river", offsetof(struct loe_battle, river) },
		{ "from_jungle", offsetof(struct loe_battle, from_jungle) },
		{ "entrenched", offsetof(struct loe_battle, entrenched) },
		{ "fort", offsetof(struct loe_battle, fort) },
		{ "gas", offsetof(struct loe_battle, gas) },
		{ "colonial", offsetof(struct loe_battle, colonial) },
		{ "first_attack", offsetof(struct loe_battle, first_attack) },
		{ "odds", offsetof(struct loe_battle, odds) },
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
all_marsh(const struct loe_battle *b)
{
	int i;

	for (i = 0; i < b->nhex; i++)
		if (!b->hexes[i].marsh)
			return 0;
	return b->nhex > 0;
}

/* Everything the request says, checked for sense before any arithmetic. */
int
loe_read_battle(struct out_result *o, const cJSON *req, struct loe_battle *b)
{
	char text[64];
	int given, st, i;

	memset(b, 0, offsetof(struct loe_battle, att));
	b->att.n = b->def.n = b->air.n = 0;
	if ((st = crt_req_check(o, req, "loe", loe_crt_fields)) != ST_OK ||
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
		return out_fail(o, ST_USAGE, "loe has one CRT: '%s' (expected crt)",
		    text);
	if (b->odds && b->roll_given)
		return out_fail(o, ST_USAGE, "--odds and --roll exclude each other: "
		    "--odds covers every roll");
	if ((st = read_side(o, req, b)) != ST_OK ||
	    (st = check_units(o, b, &b->att, 1)) != ST_OK ||
	    (st = check_units(o, b, &b->def, 0)) != ST_OK)
		return st;
	if (b->air.n && (st = hint(o, b, ITALIAN, "air support is Italian "
	    "(11.4.2)")) != ST_OK)
		return st;
	if (b->gas && !b->air.n)
		return out_fail(o, ST_USAGE, "--gas without air support: give the "
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
		return out_fail(o, ST_USAGE, "say who attacks, --attacker italian or "
		    "ethiopian: HQ support goes to the Italian side (12.4 D)");
	for (i = 0; i < b->nhex; i++)
		if (b->attacker == NOBODY && b->hexes[i].jungle)
			return out_fail(o, ST_USAGE, "say who attacks, --attacker "
			    "italian or ethiopian: jungle favours Ethiopians and not "
			    "Italians (8.6.6)");
	if (b->entrenched && all_marsh(b))
		return out_fail(o, ST_USAGE, "no entrenchment can stand in marsh "
		    "(10.2): '%s'", b->hexes[0].text);
	/* 10.2.2 A: an entrenchment belongs to its hex; --entrenched puts
	 * one in each defending hex that may hold one (10.2: not marsh) */
	for (i = 0; i < b->nhex; i++) {
		if (b->hexes[i].entrenched && b->hexes[i].marsh)
			return out_fail(o, ST_USAGE, "no entrenchment can stand in "
			    "marsh (10.2): '%s'", b->hexes[i].text);
		if (b->entrenched && !b->hexes[i].marsh)
			b->hexes[i].entrenched = 1;
	}
	if (b->colonial && !b->nhq)
		return out_fail(o, ST_USAGE, "--colonial matters only to the Askaro "
		    "HQ's support: give it with --hq askaro:CF (12.5)");
	return ST_OK;
}
