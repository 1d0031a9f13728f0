/*
 * toto.c: Twilight of the Ottomans, the First World War in the Middle East.
 *
 * The combat procedure of `umpire crt`, rule by rule:
 *   the chart  12.16 (the attacker picks Raid or Big Push), 25.2 (never
 *              Big Push against Mecca, Medina or Jerusalem);
 *   attack     12.13 and 12.14 (HQ 17.1-17.2, airbase 18.2-18.5, naval
 *              bombardment 19.1 and 19.4, maximum attack supply 15.7 but
 *              not in winter 24.2 nor for guerrillas 22.3, concentric
 *              attack, the two together triple and never quadruple);
 *   defense    12.15 (one terrain or hexside multiple from the TEC, 38.0;
 *              a hexside only when every attacker crosses it; a
 *              fortification doubling the others where the terrain does
 *              not; never more than doubled), 25.1 (the holy cities);
 *   percentage 12.2, 12.17 (attack / defense x 100, rounded down);
 *   results    12.18-12.21, 13.4 (either side), 14.3, 14.5, 17.1, 18.6,
 *              19.3, 20.12-20.13 (amphibious assault), 22.3: every code
 *              with its losses as a number of factors, its retreats and
 *              its pursuit; MD settled from the movement factors given.
 * The Raid and Big Push CRTs are data (rules/toto/crt-raid.json and
 * crt-big-push.json, stand-ins until the printed charts are imported).
 * The TEC's defense column is not a die table, so the few multiples the
 * source gives live here, with the stand-ins the cut-off chart needs.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crt.h"
#include "err.h"
#include "game.h"
#include "odds.h"
#include "toto_air.h"

#define MAX_MOVES 64
#define TRAIN 1000		/* an armored train outruns every unit (12.18) */

/* The TEC's defense column (38.0); the source cuts the chart off after
 * the marsh row's movement cost. */
static const struct terrain {
	const char *name;
	int mult;
	int stand_in;
} terrains[] = {
	{ "clear", 1, 0 },
	{ "rough", 2, 0 },
	{ "desert", 1, 0 },
	{ "lava-flow", 1, 0 },
	{ "marsh", 1, 1 },
	{ "mountain", 2, 1 },
}, hexsides[] = {
	{ "river", 2, 1 },
	{ "canal", 2, 1 },
};

struct feature {
	char name[32];
	int mult;
	int stand_in, given_mult;
	int some;		/* a hexside not every attacker crosses */
};

struct support {
	int given, cf, max;
	int range, dist;	/* the airbase's, when given (18.3); else -1 */
	char counted[160];	/* toto_air.c's word on that range */
};

struct battle {
	struct support hq, air;
	struct feature terrain, hexside;
	int has_hexside;
	const char *table;	/* crt-raid, crt-big-push */
	const char *city;
	int max_supply, concentric, winter, odds, roll_given;
	int att_move[MAX_MOVES], def_move[MAX_MOVES];
	int natt_move, ndef_move;
	char roll[32];
	/* last, and not cleared as a whole: they are large */
	struct crt_units att, def, naval;
};

static const char *const fields[] = {
	"game", "attack", "defense", "roll", "odds", "table", "terrain",
	"hexside", "city", "air", "hq", "naval", "max_supply", "concentric",
	"winter", "att_move", "def_move", NULL
};

static int
tag_ok(const struct crt_unit *u, const char *const *ok)
{
	const char *const *k;
	int i;

	for (i = 0; i < u->ntags; i++) {
		for (k = ok; *k; k++)
			if (strcmp(u->tags[i], *k) == 0)
				break;
		if (!*k)
			return i;
	}
	return -1;
}

static int
check_tags(struct crt_out *o, const struct crt_units *us,
    const char *const *ok, const char *expected)
{
	char text[64];
	int i, bad;

	for (i = 0; i < us->n; i++)
		if ((bad = tag_ok(&us->u[i], ok)) >= 0) {
			crt_unit_format(&us->u[i], text, sizeof text);
			return crt_fail(o, ST_USAGE, "unknown unit tag: '%s' in '%s' "
			    "(expected %s)", us->u[i].tags[bad], text, expected);
		}
	return ST_OK;
}

/* "rough", "marsh:x2", "river:some": a TEC entry with the player's
 * override of its multiple. */
static int
parse_feature(struct crt_out *o, const char *text, const struct terrain *list,
    size_t n, int hexside, struct feature *f)
{
	char buf[64], *tok, *save = NULL;
	size_t i;
	int known = 0;

	memset(f, 0, sizeof *f);
	snprintf(buf, sizeof buf, "%s", text);
	tok = strtok_r(buf, ":", &save);
	if (!tok)
		goto bad;
	snprintf(f->name, sizeof f->name, "%s", tok);
	for (i = 0; i < n; i++)
		if (strcmp(list[i].name, f->name) == 0) {
			f->mult = list[i].mult;
			f->stand_in = list[i].stand_in;
			known = 1;
		}
	while ((tok = strtok_r(NULL, ":", &save)) != NULL) {
		if (hexside && strcmp(tok, "some") == 0)
			f->some = 1;
		else if (tok[0] == 'x' && tok[1] >= '1' && tok[1] <= '9' && !tok[2]) {
			f->mult = tok[1] - '0';
			f->given_mult = 1;
			f->stand_in = 0;
		} else
			goto bad;
	}
	if (known || f->given_mult)
		return ST_OK;
	if (hexside)
		return crt_fail(o, ST_USAGE, "unknown toto hexside: '%s' (expected "
		    "river or canal, or NAME:xN with the multiple of your TEC)", text);
	return crt_fail(o, ST_USAGE, "unknown toto terrain: '%s' (expected clear, "
	    "rough, desert, lava-flow, marsh or mountain, or NAME:xN with the "
	    "multiple of your TEC)", text);
bad:
	return crt_fail(o, ST_USAGE, "bad %s: '%s' (expected a name, then :xN "
	    "for your TEC's multiple%s)", hexside ? "hexside" : "terrain", text,
	    hexside ? " and :some if not every attacker crosses it" : "");
}

/* One support unit's factor, "3" or "3:max" (17.2, 18.4: one each). */
static int
read_support(struct crt_out *o, const cJSON *req, const char *key,
    const char *rule, struct support *s)
{
	struct crt_units us;
	char name[64];
	int st;

	memset(s, 0, sizeof *s);
	if ((st = crt_req_units(o, req, key, &us, 0)) != ST_OK || us.n == 0)
		return st;
	if (us.n > 1)
		return crt_fail(o, ST_USAGE, "%s: one %s supports an attack at most "
		    "(%s)", crt_field_name(o, key, name), strcmp(key, "hq") == 0 ?
		    "HQ" : "airbase", rule);
	if (us.u[0].ntags > 1 || (us.u[0].ntags &&
	    strcmp(us.u[0].tags[0], "max")))
		return crt_fail(o, ST_USAGE, "%s: the only tag is max (maximum "
		    "attack supply): '%s'", crt_field_name(o, key, name),
		    us.u[0].tags[0]);
	s->given = 1;
	s->cf = us.u[0].cf;
	s->max = us.u[0].ntags == 1;
	return ST_OK;
}

/*
 * The airbase's support, which toto_air.c allows or refuses as it does for
 * `umpire airstrike --check` (18.2-18.5, 15.5): "3", with the tags max
 * (maximum attack supply), oos (out of general supply), supported (it
 * supported another attack this phase), rangeN and distN (its range, and
 * the hexes to the nearest attacking unit).  A second airbase is 18.4's.
 */
static int
air_fact(struct toto_air_facts *f, const struct crt_unit *u, const char *tag,
    struct support *s)
{
	if (strcmp(tag, "max") == 0)
		s->max = 1;
	else if (strcmp(tag, "oos") == 0)
		f->oos = 1;
	else if (strcmp(tag, "supported") == 0)
		f->supported = 1;
	else if (strncmp(tag, "range", 5) == 0 &&
	    (f->range = crt_tag_number(u, "range")) >= 0)
		s->range = f->range;
	else if (strncmp(tag, "dist", 4) == 0 &&
	    (f->distance = crt_tag_number(u, "dist")) >= 0)
		s->dist = f->distance;
	else
		return -1;
	return 0;
}

static int
read_air(struct crt_out *o, const cJSON *req, struct support *s)
{
	struct toto_air_facts f = { .mission = TOTO_SUPPORT, .range = -1,
	    .distance = -1, .year = -1 };
	struct air_reason r[AIR_MAX_REASONS];
	struct crt_units us;
	char name[64];
	int st, i, n;

	memset(s, 0, sizeof *s);
	s->range = s->dist = -1;
	if ((st = crt_req_units(o, req, "air", &us, 0)) != ST_OK || us.n == 0)
		return st;
	f.second = us.n > 1;
	for (i = 0; i < us.u[0].ntags; i++)
		if (air_fact(&f, &us.u[0], us.u[0].tags[i], s) < 0)
			return crt_fail(o, ST_USAGE, "%s: bad airbase tag: '%s' "
			    "(expected max, oos, supported, rangeN or distN)",
			    crt_field_name(o, "air", name), us.u[0].tags[i]);
	n = toto_air_check(&f, r, AIR_MAX_REASONS);
	for (i = 0; i < n; i++)
		if (r[i].bars)
			return crt_fail(o, ST_USAGE, "%s: the airbase may not support "
			    "this attack: %s (%s)", crt_field_name(o, "air", name),
			    r[i].text, r[i].rule);
	for (i = 0; i < n; i++)
		if (strcmp(r[i].rule, "18.3") == 0 && s->range >= 0 && s->dist >= 0)
			snprintf(s->counted, sizeof s->counted, "%s", r[i].text);
	s->given = 1;
	s->cf = us.u[0].cf;
	return ST_OK;
}

/* "4,3,train": printed movement factors for MD (12.18). */
static int
read_moves(struct crt_out *o, const cJSON *req, const char *key, int *mv,
    int *n)
{
	char text[512], name[64];
	const char *p = text;
	int given, st;

	*n = 0;
	if ((st = crt_req_text(o, req, key, text, sizeof text, &given)) !=
	    ST_OK || !given)
		return st;
	for (;;) {
		size_t len = strcspn(p, ",");

		if (*n == MAX_MOVES)
			return crt_fail(o, ST_USAGE, "%s: at most %d units",
			    crt_field_name(o, key, name), MAX_MOVES);
		if (len == 5 && strncmp(p, "train", 5) == 0)
			mv[(*n)++] = TRAIN;
		else if (len > 0 && len < 4 && strspn(p, "0123456789") >= len)
			mv[(*n)++] = atoi(p);
		else
			return crt_fail(o, ST_USAGE, "bad %s: '%s' (expected printed "
			    "movement factors like 4,3, or train for an armored "
			    "train)", crt_field_name(o, key, name), text);
		p += len;
		if (!*p)
			return ST_OK;
		p++;
	}
}

static int
read_table(struct crt_out *o, const cJSON *req, struct battle *b)
{
	char text[64];
	int given, st;

	if ((st = crt_req_text(o, req, "table", text, sizeof text, &given)) !=
	    ST_OK)
		return st;
	if (!given)
		return crt_fail(o, ST_USAGE, "toto: choose the CRT, --table raid or "
		    "--table big-push (12.16)");
	if (strcmp(text, "raid") == 0 || strcmp(text, "crt-raid") == 0)
		b->table = "crt-raid";
	else if (strcmp(text, "big-push") == 0 ||
	    strcmp(text, "crt-big-push") == 0)
		b->table = "crt-big-push";
	else
		return crt_fail(o, ST_USAGE, "unknown toto CRT: '%s' (expected raid "
		    "or big-push)", text);
	return ST_OK;
}

static int
read_places(struct crt_out *o, const cJSON *req, struct battle *b)
{
	static const char *const cities[] = { "mecca", "medina", "jerusalem" };
	char text[64];
	int given, st;
	size_t i;

	if ((st = crt_req_text(o, req, "terrain", text, sizeof text, &given)) !=
	    ST_OK)
		return st;
	if (given && strchr(text, ','))
		return crt_fail(o, ST_USAGE, "toto attacks one hex (12.8): one "
		    "terrain, not '%s'", text);
	if ((st = parse_feature(o, given ? text : "clear", terrains,
	    sizeof terrains / sizeof *terrains, 0, &b->terrain)) != ST_OK)
		return st;
	if ((st = crt_req_text(o, req, "hexside", text, sizeof text,
	    &b->has_hexside)) != ST_OK)
		return st;
	if (b->has_hexside && (st = parse_feature(o, text, hexsides,
	    sizeof hexsides / sizeof *hexsides, 1, &b->hexside)) != ST_OK)
		return st;
	if ((st = crt_req_text(o, req, "city", text, sizeof text, &given)) !=
	    ST_OK || !given)
		return st;
	for (i = 0; i < sizeof cities / sizeof *cities; i++)
		if (strcmp(text, cities[i]) == 0)
			b->city = cities[i];
	if (!b->city)
		return crt_fail(o, ST_USAGE, "bad city: '%s' (expected mecca, "
		    "medina or jerusalem, the cities of 25.1)", text);
	return ST_OK;
}

static int
read_flags(struct crt_out *o, const cJSON *req, struct battle *b)
{
	int st;

	if ((st = crt_req_flag(o, req, "max_supply", &b->max_supply)) != ST_OK ||
	    (st = crt_req_flag(o, req, "concentric", &b->concentric)) != ST_OK ||
	    (st = crt_req_flag(o, req, "winter", &b->winter)) != ST_OK ||
	    (st = crt_req_flag(o, req, "odds", &b->odds)) != ST_OK)
		return st;
	return crt_req_text(o, req, "roll", b->roll, sizeof b->roll,
	    &b->roll_given);
}

static int has_tag(const struct crt_units *us, const char *tag);

static int
any_max(const struct battle *b)
{
	int i;

	for (i = 0; i < b->att.n; i++)
		if (crt_has_tag(&b->att.u[i], "max"))
			return 1;
	return b->max_supply || b->hq.max || b->air.max;
}

/* Contradictions the rules forbid outright. */
static int
check_battle(struct crt_out *o, const struct battle *b)
{
	char text[64];
	int i;

	if (b->odds && b->roll_given)
		return crt_fail(o, ST_USAGE, "--odds and --roll exclude each other: "
		    "--odds covers every roll");
	if (b->city && strcmp(b->table, "crt-big-push") == 0)
		return crt_fail(o, ST_USAGE, "the Big Push CRT may never be used "
		    "against %c%s (25.2): use --table raid", b->city[0] - 32,
		    b->city + 1);
	if (b->winter && any_max(b))
		return crt_fail(o, ST_USAGE, "no maximum attack supply in a winter "
		    "turn (24.2)");
	for (i = 0; i < b->att.n; i++)
		if (crt_has_tag(&b->att.u[i], "guer") &&
		    crt_has_tag(&b->att.u[i], "max")) {
			crt_unit_format(&b->att.u[i], text, sizeof text);
			return crt_fail(o, ST_USAGE, "guerrillas never have maximum "
			    "attack supply (22.3): '%s'", text);
		}
	for (i = 0; i < b->att.n; i++) {
		const struct crt_unit *u = &b->att.u[i];

		crt_unit_format(u, text, sizeof text);
		if (crt_has_tag(u, "amph") && crt_has_tag(u, "guer"))
			return crt_fail(o, ST_USAGE, "guerrillas never move by sea, "
			    "so never assault from it (22.3): '%s'", text);
		if (crt_has_tag(u, "amph") && crt_has_tag(u, "fort"))
			return crt_fail(o, ST_USAGE, "a unit attacks from the sea or "
			    "out of a fortification, not both (20.12, 13.4): '%s'",
			    text);
	}
	return ST_OK;
}

static int
read_battle(struct crt_out *o, const cJSON *req, struct battle *b)
{
	static const char *const att_tags[] = { "max", "guer", "corps", "fort",
	    "amph", NULL };
	static const char *const def_tags[] = { "fort", "corps", "air", "guer",
	    "hq", NULL };
	int st, i;

	memset(b, 0, offsetof(struct battle, att));
	b->att.n = b->def.n = b->naval.n = 0;
	if ((st = crt_req_check(o, req, "toto", fields)) != ST_OK ||
	    (st = crt_req_units(o, req, "attack", &b->att, 1)) != ST_OK ||
	    (st = crt_req_units(o, req, "defense", &b->def, 1)) != ST_OK ||
	    (st = check_tags(o, &b->att, att_tags, "max, guer, corps, fort or "
	    "amph")) !=
	    ST_OK ||
	    (st = check_tags(o, &b->def, def_tags, "fort, corps, air, guer or "
	    "hq")) != ST_OK ||
	    (st = read_table(o, req, b)) != ST_OK ||
	    (st = read_places(o, req, b)) != ST_OK ||
	    (st = read_flags(o, req, b)) != ST_OK ||
	    (st = read_support(o, req, "hq", "17.2", &b->hq)) != ST_OK ||
	    (st = read_air(o, req, &b->air)) != ST_OK ||
	    (st = crt_req_units(o, req, "naval", &b->naval, 0)) != ST_OK ||
	    (st = read_moves(o, req, "att_move", b->att_move, &b->natt_move)) !=
	    ST_OK ||
	    (st = read_moves(o, req, "def_move", b->def_move, &b->ndef_move)) !=
	    ST_OK)
		return st;
	for (i = 0; i < b->naval.n; i++)
		if (b->naval.u[i].ntags)
			return crt_fail(o, ST_USAGE, "naval bombardment takes no tag: "
			    "'%s' (its strength never changes, 19.4)",
			    b->naval.u[i].tags[0]);
	return check_battle(o, b);
}

/* 12.13, 12.14: double for either bonus, triple for both, never more. */
static int
multiple(int max, int concentric)
{
	return max && concentric ? 3 : max || concentric ? 2 : 1;
}

static const char *
bonus_name(int max, int concentric)
{
	if (max && concentric)
		return "maximum attack supply and concentric attack, x3 and never "
		    "x4";
	return max ? "maximum attack supply, x2" : "concentric attack, x2";
}

static const char *
bonus_rule(int max, int concentric)
{
	return max && concentric ? "12.14" : max ? "15.7" : "12.13";
}

/* The attacking land units, grouped by the bonus they have. */
static int
ground_attack(struct crt_out *o, const struct battle *b, int *printed)
{
	int group[2][2] = { { 0, 0 }, { 0, 0 } }, i, mx, cc, total = 0;
	char text[64];

	*printed = 0;
	for (i = 0; i < b->att.n; i++) {
		const struct crt_unit *u = &b->att.u[i];
		int guer = crt_has_tag(u, "guer");

		mx = crt_has_tag(u, "max") || (b->max_supply && !guer);
		if (b->max_supply && guer) {
			crt_unit_format(u, text, sizeof text);
			crt_step(o, "22.3", "guerrilla %s: never in maximum attack "
			    "supply", text);
		}
		group[mx][b->concentric] += u->cf;
		*printed += u->cf;
	}
	crt_step(o, "12.2", "attacking land units: %d", *printed);
	for (mx = 0; mx < 2; mx++)
		for (cc = 0; cc < 2; cc++) {
			int m = multiple(mx, cc);

			total += group[mx][cc] * m;
			if (m > 1 && group[mx][cc])
				crt_step(o, bonus_rule(mx, cc), "%s: %d -> %d",
				    bonus_name(mx, cc), group[mx][cc], group[mx][cc] * m);
		}
	return total;
}

static int
support_attack(struct crt_out *o, const struct battle *b,
    const struct support *s, const char *what, const char *rule)
{
	int mx = s->max || b->max_supply, m = multiple(mx, b->concentric);

	if (!s->given)
		return 0;
	if (m > 1)
		crt_step(o, rule, "%s adds %d; %s: %d", what, s->cf,
		    bonus_name(mx, b->concentric), s->cf * m);
	else
		crt_step(o, rule, "%s adds %d", what, s->cf);
	return s->cf * m;
}

static int
attack_strength(struct crt_out *o, const struct battle *b, int *ground)
{
	int total, naval = crt_units_total(&b->naval);

	total = ground_attack(o, b, ground);
	if (has_tag(&b->att, "amph") && any_max(b))
		crt_step(o, "20.13", "maximum attack supply for a landing force "
		    "needs a supply unit in its all-sea hex, expended");
	total += support_attack(o, b, &b->hq, "one HQ", "17.1");
	if (b->air.given && b->air.counted[0])
		crt_step(o, "18.3", "airbase: %s", b->air.counted);
	total += support_attack(o, b, &b->air, "one airbase", "18.2");
	if (b->naval.n) {
		crt_step(o, "12.13", "naval bombardment adds %d (the defender must "
		    "be on a coastal hex)", naval);
		if (b->max_supply || b->concentric)
			crt_step(o, "19.4", "naval bombardment is never multiplied");
		total += naval;
	}
	return total;
}

static int
has_tag(const struct crt_units *us, const char *tag)
{
	int i;

	for (i = 0; i < us->n; i++)
		if (crt_has_tag(&us->u[i], tag))
			return 1;
	return 0;
}

static int
terrain_multiple(struct crt_out *o, const struct battle *b)
{
	const struct feature *t = &b->terrain, *h = &b->hexside;
	int m = t->mult, hm = 0;

	crt_step(o, "38.0", "defender in %s: x%d%s", t->name, t->mult,
	    t->stand_in ? " (a stand-in: the TEC row is cut off in the source)" :
	    t->given_mult ? " (your TEC)" : "");
	if (b->has_hexside && h->some)
		crt_step(o, "12.15", "%s hexside: no benefit, not every attacker "
		    "crosses it", h->name);
	else if (b->has_hexside) {
		hm = h->mult;
		crt_step(o, "12.15", "%s hexside, every attacker crosses it: x%d%s",
		    h->name, h->mult, h->stand_in ? " (a stand-in multiple)" : "");
	}
	if (m > 1 && hm > 1)
		crt_step(o, "12.15", "terrain multiples are not cumulative: one of "
		    "them applies");
	if (hm > m)
		m = hm;
	if (b->city && m > 1) {
		crt_step(o, "25.1", "%c%s: the terrain does not double its "
		    "defenders", b->city[0] - 32, b->city + 1);
		m = 1;
	}
	return m;
}

/* 12.15, 25.1: the defense total; *printed is the factors as printed. */
static int
defense_strength(struct crt_out *o, const struct battle *b, int *printed)
{
	int m = terrain_multiple(o, b), fort = 0, rest = 0, i;

	for (i = 0; i < b->def.n; i++) {
		if (crt_has_tag(&b->def.u[i], "fort"))
			fort += b->def.u[i].cf;
		else
			rest += b->def.u[i].cf;
	}
	*printed = fort + rest;
	if (fort && !rest)
		crt_step(o, "12.15", "the fortification defends alone: nobody for "
		    "it to double");
	else if (fort && m == 1) {
		crt_step(o, b->city ? "25.1" : "12.15", "fortification: the other "
		    "defenders are doubled, %d -> %d", rest, 2 * rest);
		m = 2;
	} else if (fort)
		crt_step(o, "12.15", "fortification: nothing more, the terrain "
		    "already doubles");
	if (m > 2) {
		crt_step(o, "12.15", "never more than doubled: x%d -> x2", m);
		m = 2;
	}
	if (fort && rest && m > 1)
		crt_step(o, "12.15", "the fortification's own %d is never doubled",
		    fort);
	return fort + rest * m;
}

/* Results */

struct verdict {
	char text[1024];
	char rule[96];
	const char *applies;
	int att_loss, def_loss;	/* factors to lose, when halves are lost */
};

static void
say(struct verdict *v, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
add_rule(struct verdict *v, const char *rule)
{
	if (rule)
		crt_rule_add(v->rule, sizeof v->rule, rule);
}

static void
say(struct verdict *v, const char *rule, const char *fmt, ...)
{
	size_t used = strlen(v->text);
	va_list ap;

	if (used && used < sizeof v->text)
		used += (size_t)snprintf(v->text + used, sizeof v->text - used, "; ");
	va_start(ap, fmt);
	if (used < sizeof v->text)
		vsnprintf(v->text + used, sizeof v->text - used, fmt, ap);
	va_end(ap);
	add_rule(v, rule);
}

/* The attacker's factors that losses can fall on (12.21, 18.6, 19.3). */
static int
exposed(const struct battle *b, int ground)
{
	int f = ground;

	if (has_tag(&b->def, "fort"))
		f += crt_units_total(&b->naval);
	if (has_tag(&b->def, "air") && b->air.given)
		f += b->air.cf;
	return f;
}

/* What the attacker's support units suffer with the land units. */
static void
support_losses(struct verdict *v, const struct battle *b, int all)
{
	if (b->hq.given)
		say(v, "17.1", "the HQ is never affected");
	if (b->air.given && has_tag(&b->def, "air"))
		say(v, "18.6", "the airbase shares the losses: an enemy airbase "
		    "is in the defender's hex");
	else if (b->air.given)
		say(v, "18.6", "the airbase is not affected");
	if (b->naval.n && has_tag(&b->def, "fort"))
		say(v, "19.3", "one naval gunfire unit is %s too, never more",
		    all ? "eliminated" : "lost if any land unit is");
	else if (b->naval.n)
		say(v, "12.21", "the gunfire units are not affected");
}

static void
pursuit(struct verdict *v, const char *who, int combat)
{
	say(v, "14.3", "%s may pursue (2 hexes: cavalry, camels, armored cars, "
	    "Lawrence, Wassmuss; 1 hex: other land combat units of attack "
	    "factor 1 or more, not in parentheses; support units: none)%s", who,
	    combat ?
	    ", and then attack again (14.5)" : "; no pursuit combat");
	if (combat)
		add_rule(v, "14.5");
}

/* 14.3: a defending HQ or airbase is a support unit and never pursues. */
static void
defender_pursuit(struct verdict *v, const struct battle *b)
{
	pursuit(v, "the defenders", 0);
	if (has_tag(&b->def, "hq") || has_tag(&b->def, "air"))
		say(v, "14.3", "the defending %s stay%s: support units do not "
		    "pursue", has_tag(&b->def, "hq") && has_tag(&b->def, "air") ?
		    "HQ and airbase" : has_tag(&b->def, "hq") ? "HQ" : "airbase",
		    has_tag(&b->def, "hq") && has_tag(&b->def, "air") ? "" : "s");
}

/* 22.3: guerrillas retreat into and through an EZOC at no cost. */
static void
guerrilla_retreat(struct verdict *v, const struct crt_units *us)
{
	if (has_tag(us, "guer"))
		say(v, "22.3", "the guerrillas lose nothing for an enemy ZOC on "
		    "their retreat (13.2 costs others a division each)");
}

static void
fort_retreat(struct verdict *v, const struct battle *b)
{
	if (has_tag(&b->def, "fort"))
		say(v, "13.4", "the fortification ignores the retreat, and the "
		    "units with it may stay if it survives");
	guerrilla_retreat(v, &b->def);
}

/* 13.4: attackers out of a fortification may stay put; 22.3 as above. */
static void
attacker_retreat(struct verdict *v, const struct battle *b)
{
	if (has_tag(&b->att, "fort"))
		say(v, "13.4", "units attacking out of a fortification may ignore "
		    "the retreat and stay in it, if it survives");
	guerrilla_retreat(v, &b->att);
}

/*
 * 20.12: a landing force that gains no result letting it pursue is lost
 * with its amphibious unit; one that does may land in the hex.
 */
static void
amphibious(struct verdict *v, const struct battle *b, int may_pursue)
{
	if (!has_tag(&b->att, "amph"))
		return;
	if (may_pursue)
		say(v, "20.12", "the landing force may land in the hex it assaulted");
	else
		say(v, "20.12", "no pursuit for the landing force: it is eliminated, "
		    "and so is the amphibious unit that carried it");
}

static void
half(struct verdict *v, const char *who, int base, int *loss)
{
	*loss = crt_half_up(base);
	say(v, "12.19", "%s loses units of at least %d factors (half of %d, "
	    "rounded up)", who, *loss, base);
}

static int
md_defender_faster(const struct battle *b)
{
	int fastest = 0, i;

	for (i = 0; i < b->natt_move; i++)
		if (b->att_move[i] > fastest)
			fastest = b->att_move[i];
	for (i = 0; i < b->ndef_move; i++)
		if (b->def_move[i] <= fastest)
			return 0;
	return 1;
}

static void
outcome(struct verdict *v, const struct battle *b, const char *code,
    int ground, int printed_def);

/* MD (12.18): DW when every defender is faster than the fastest attacker. */
static void
mobile_defense(struct verdict *v, const struct battle *b, int ground,
    int printed_def)
{
	if (!b->natt_move || !b->ndef_move) {
		say(v, "12.18", "mobile defense: DW if every defending unit has a "
		    "higher printed movement factor than the fastest attacker "
		    "(armored trains fastest of all), otherwise BA; give "
		    "--att-move and --def-move to settle it");
		if (has_tag(&b->att, "amph"))
			say(v, "20.12", "as DW the landing force may land; as BA it "
			    "is eliminated with its amphibious unit");
		return;
	}
	v->applies = md_defender_faster(b) ? "DW" : "BA";
	say(v, "12.18", "mobile defense: %s, so %s",
	    md_defender_faster(b) ? "every defender is faster than the fastest "
	    "attacker" : "not every defender is faster than the fastest attacker",
	    v->applies);
	outcome(v, b, v->applies, ground, printed_def);
}

static void
outcome(struct verdict *v, const struct battle *b, const char *code,
    int ground, int printed_def)
{
	int corps = 0, i;

	for (i = 0; i < b->att.n; i++)
		corps += crt_has_tag(&b->att.u[i], "corps");
	if (!strcmp(code, "AA")) {
		say(v, "12.18", "one attacking unit is eliminated, the attacker's "
		    "choice; no retreat or pursuit");
		support_losses(v, b, 0);
	} else if (!strcmp(code, "AC")) {
		say(v, "12.18", "every attacking unit is eliminated; no retreat or "
		    "pursuit");
		support_losses(v, b, 1);
	} else if (!strcmp(code, "AD")) {
		half(v, "the attacker", exposed(b, ground), &v->att_loss);
		say(v, "12.18", "every surviving attacking unit retreats 1 hex "
		    "(support units stay, 12.21); no pursuit");
		attacker_retreat(v, b);
		support_losses(v, b, 0);
	} else if (!strcmp(code, "AT")) {
		say(v, "12.18", "every attacking unit that is not a corps is "
		    "eliminated; %s", corps ? "each attacking corps breaks down "
		    "into its divisions (8.1) and the attacker rolls a die for each "
		    "and retreats it that many hexes" : "no attacker is a corps");
		if (corps)
			attacker_retreat(v, b);
		support_losses(v, b, 1);
		defender_pursuit(v, b);
	} else if (!strcmp(code, "AW")) {
		say(v, "12.18", "every attacking unit retreats 1 hex (support units "
		    "stay, 12.21); no pursuit");
		attacker_retreat(v, b);
	} else if (!strcmp(code, "BA")) {
		say(v, "12.18", "one attacking unit and one defending unit are "
		    "eliminated, each owner's choice; no retreat or pursuit");
		support_losses(v, b, 0);
	} else if (!strcmp(code, "BB")) {
		half(v, "the defender", printed_def, &v->def_loss);
		half(v, "the attacker", exposed(b, ground), &v->att_loss);
		say(v, "12.18", "no retreat or pursuit");
		support_losses(v, b, 0);
	} else if (!strcmp(code, "DA")) {
		say(v, "12.18", "one defending unit is eliminated, the defender's "
		    "choice; no retreat or pursuit");
	} else if (!strcmp(code, "DC")) {
		say(v, "12.18", "every defending unit is eliminated");
		pursuit(v, "the attackers", 1);
	} else if (!strcmp(code, "DD")) {
		half(v, "the defender", printed_def, &v->def_loss);
		say(v, "12.18", "the rest retreat 1 hex");
		fort_retreat(v, b);
		pursuit(v, "the attackers", 1);
	} else if (!strcmp(code, "DT")) {
		say(v, "12.18", "every defending unit that is not a corps is "
		    "eliminated%s; %s", has_tag(&b->def, "fort") ?
		    ", the fortification too" : "", has_tag(&b->def, "corps") ?
		    "each defending corps breaks down into its divisions (8.1) and "
		    "the defender rolls a die for each and retreats it that many "
		    "hexes" : "no defender is a corps");
		pursuit(v, "the attackers", 1);
	} else if (!strcmp(code, "DW")) {
		say(v, "12.18", "every defending unit retreats 1 hex");
		fort_retreat(v, b);
		pursuit(v, "the attackers", 0);
	} else if (!strcmp(code, "MD")) {
		mobile_defense(v, b, ground, printed_def);
		return;		/* the code applied said its part */
	}
	if (v->text[0])
		amphibious(v, b, !strcmp(code, "DC") || !strcmp(code, "DD") ||
		    !strcmp(code, "DT") || !strcmp(code, "DW"));
}

static void
describe(const struct battle *b, const char *code, const char *table_text,
    int ground, int printed_def, struct verdict *v)
{
	memset(v, 0, sizeof *v);
	outcome(v, b, code, ground, printed_def);
	if (!v->text[0]) {
		snprintf(v->text, sizeof v->text, "%s", table_text);
		snprintf(v->rule, sizeof v->rule, "12.18");
	}
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
	if (v->att_loss)
		crt_set_int(r, "attacker_loses_factors", v->att_loss);
	if (v->def_loss)
		crt_set_int(r, "defender_loses_factors", v->def_loss);
	return r;
}

static void
stand_in_note(struct crt_out *o, const struct table *t)
{
	if (strcmp(t->source, "stand-in") == 0)
		crt_plain(o, "  (the toto %s is a stand-in: `umpire table --import "
		    "toto %s FILE` installs your printed chart)", t->title, t->name);
	else if (strcmp(t->source, "user") == 0)
		crt_plain(o, "  (your imported chart: %s)", t->path);
}

static int
resolve(struct crt_out *o, struct ctx *c, const struct battle *b,
    const struct table *t, int col, int ground, int printed_def)
{
	const struct table_entry *e;
	struct verdict v;
	int st, total, i;

	crt_set_str(o->json, "column", t->cols[col].id);
	if (b->odds) {
		struct crt_dist d;
		cJSON *outs = json_array();

		crt_dist_init(&d);
		crt_dist_column(&d, t, col, 1);
		crt_set_bool(o->json, "automatic", 0);
		crt_set_str(o->json, "table_source", t->source);
		crt_text(o, NULL, "on %s:", t->cols[col].title);
		crt_text(o, NULL, "%-9s %8s  %s", "roll", "chance", "result");
		for (i = 0; i < d.n; i++) {
			cJSON *r;

			describe(b, d.o[i].code, d.o[i].text, ground, printed_def, &v);
			r = result_json(d.o[i].code, &v);
			crt_set_num(r, "probability", d.o[i].p);
			json_push(outs, r);
			crt_text(o, NULL, "%-9s %7.2f%%  %s  %s", d.o[i].rolls,
			    100 * d.o[i].p, d.o[i].code, v.text);
		}
		crt_set(o->json, "outcomes", outs);
		crt_dist_free(&d);
		stand_in_note(o, t);
		return ST_OK;
	}
	if ((st = crt_roll(o, c, t, b->roll_given ? b->roll : NULL, &total)) !=
	    ST_OK)
		return st;
	if (!(e = table_lookup(t, col, total)))
		return crt_fail(o, ST_DATA, "%s: column %s has no result for %d",
		    t->path, t->cols[col].id, total);
	describe(b, e->code, e->text, ground, printed_def, &v);
	crt_set_int(o->json, "roll", total);
	crt_set_str(o->json, "roll_source", crt_roll_source(c, b->roll_given ?
	    b->roll : NULL));
	crt_set_bool(o->json, "automatic", 0);
	crt_set(o->json, "result", result_json(e->code, &v));
	crt_set_str(o->json, "table_source", t->source);
	crt_text(o, NULL, "%s %d on %s", b->roll_given ? "your roll" : "rolled",
	    total, t->cols[col].title);
	crt_result_line(o, v.rule, "result: %s  %s", e->code, v.text);
	stand_in_note(o, t);
	return ST_OK;
}

static int
toto_crt(struct ctx *c, const cJSON *req, struct crt_out *o)
{
	struct battle b;
	const struct table *t;
	int st, att, def, ground, printed_def, col, edge;
	long pct;

	if ((st = read_battle(o, req, &b)) != ST_OK)
		return st;
	if ((st = crt_table(c, "toto", b.table, &t)) != ST_OK)
		return st;
	crt_title(o, "Twilight of the Ottomans: combat on the %s%s", t->title,
	    b.odds ? ", every roll" : "");
	crt_step(o, "12.16", "the attacker picked the %s", t->title);
	att = attack_strength(o, &b, &ground);
	def = defense_strength(o, &b, &printed_def);
	crt_step(o, "12.2", "attack %d  vs  defense %d", att, def);
	pct = odds_percent(att, def);
	if ((col = odds_column_range(t, pct, &edge)) < 0)
		return crt_fail(o, ST_DATA, "%s: the columns are not percentages "
		    "like 100-199", t->path);
	crt_step(o, "12.17", "%d / %d x 100 = %ld%%, rounded down: column %s",
	    att, def, pct, t->cols[col].title);
	crt_set_str(o->json, "table", b.table);
	crt_set_int(o->json, "attack", att);
	crt_set_int(o->json, "defense", def);
	crt_set_int(o->json, "percent", pct);
	crt_set_str(o->json, "odds", t->cols[col].id);
	crt_set(o->json, "shifts", json_array());
	return resolve(o, c, &b, t, col, ground, printed_def);
}

const struct game game_toto = {
	.id = "toto",
	.title = "Twilight of the Ottomans",
	.crt = toto_crt,
	/* terrains[] above, the TEC's rows (38.0) */
	.crt_terrains = "clear rough desert lava-flow marsh mountain",
	.move = &toto_move,
	.supply = &toto_supply,
};
