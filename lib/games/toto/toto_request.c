/*
 * toto_request.c: the Twilight of the Ottomans battle as `umpire crt` is
 * asked it: the chart (12.16, 25.2), the units and their tags, the
 * terrain and the hexside with their multiples from the TEC's defense
 * column (12.15, 38.0), HQ and air support (17.1-17.2, 18.2-18.5, with
 * the airbase's range counted by toto_air.c), the naval bombardment
 * (19.1, 19.4), the holy cities (25.1), the flags (15.7, 24.2, 22.3) and
 * the movement factors mobile defense needs (12.18); and the
 * contradictions the rules forbid, refused before the battle is fought.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crt.h"
#include "data.h"
#include "err.h"
#include "toto_air.h"
#include "toto_impl.h"

#define TRAIN 1000		/* an armored train outruns every unit (12.18) */

/* The TEC's defense column (38.0, 12.15), read from rules/toto/tec.json's
 * "defense" members: the source cuts the chart off after the marsh row's
 * movement cost, so the file marks the multiples it made up
 * "defense_source": "stand-in". */
struct terrain {
	char name[32];
	int mult;
	int stand_in;
};

#define MAX_TEC 32

static struct tec_defense {
	struct terrain hex[MAX_TEC], side[MAX_TEC];
	size_t nhex, nside;
	int loaded;
} tec;

static int
read_defense(const char *path, const cJSON *list, struct terrain *out,
    size_t *n)
{
	const cJSON *e, *w, *d, *src;

	*n = 0;
	cJSON_ArrayForEach(e, list) {
		w = cJSON_GetObjectItemCaseSensitive(e, "word");
		d = cJSON_GetObjectItemCaseSensitive(e, "defense");
		src = cJSON_GetObjectItemCaseSensitive(e, "defense_source");
		if (!d)
			continue;	/* not a defensive terrain: none given */
		if (!cJSON_IsString(w) || strlen(w->valuestring) >= sizeof
		    out->name || !cJSON_IsNumber(d) || d->valuedouble < 1 ||
		    d->valuedouble > 9 || d->valuedouble != (int)d->valuedouble ||
		    *n == MAX_TEC)
			return err(ST_DATA, "%s: defense: expected a whole "
			    "multiple from 1 to 9 on a terrain word: '%s'", path,
			    cJSON_IsString(w) ? w->valuestring : "?");
		snprintf(out[*n].name, sizeof out->name, "%s", w->valuestring);
		out[*n].mult = d->valueint;
		out[*n].stand_in = cJSON_IsString(src) &&
		    strcmp(src->valuestring, "stand-in") == 0;
		(*n)++;
	}
	return ST_OK;
}

static int
load_tec(const struct ctx *c)
{
	char path[PATH_MAX];
	cJSON *j;
	int st;

	if (tec.loaded)
		return ST_OK;
	if ((st = data_load_json(c, "toto/tec.json", &j, path)) != ST_OK)
		return st == ST_NO ? err(ST_DATA, "no terrain effects chart: "
		    "'%s'", "toto/tec.json") : st;
	st = read_defense(path, cJSON_GetObjectItemCaseSensitive(j,
	    "terrain"), tec.hex, &tec.nhex);
	if (st == ST_OK)
		st = read_defense(path, cJSON_GetObjectItemCaseSensitive(j,
		    "hexsides"), tec.side, &tec.nside);
	cJSON_Delete(j);
	tec.loaded = st == ST_OK;
	return st;
}

/* "clear, rough or marsh": the words with a multiple, for a message. */
static void
word_list(const struct terrain *list, size_t n, char *buf, size_t len)
{
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
		    i == 0 ? "" : i + 1 == n ? " or " : ", ", list[i].name);
}

const char *const toto_crt_fields[] = {
	"game", "attack", "defense", "roll", "odds", "table", "terrain",
	"hexside", "city", "air", "hq", "naval", "max_supply", "concentric",
	"winter", "att_move", "def_move", "att_units", "def_units", "situation",
	"map", "hq_unit", NULL
};

static int
tag_ok(const struct crt_unit *u, const char *const *ok)
{
	const char *const *k;
	int i;

	for (i = 0; i < u->ntags; i++) {
		if (toto_corps_word(u->tags[i]))
			continue;	/* 8.1, 12.20: toto_corps.c */
		for (k = ok; *k; k++)
			if (strcmp(u->tags[i], *k) == 0)
				break;
		if (!*k)
			return i;
	}
	return -1;
}

static int
check_tags(struct out_result *o, const struct crt_units *us,
    const char *const *ok, const char *expected)
{
	char text[64];
	int i, bad;

	for (i = 0; i < us->n; i++)
		if ((bad = tag_ok(&us->u[i], ok)) >= 0) {
			crt_unit_format(&us->u[i], text, sizeof text);
			return out_fail(o, ST_USAGE, "unknown unit tag: '%s' in '%s' "
			    "(expected %s)", us->u[i].tags[bad], text, expected);
		}
	return ST_OK;
}

/* "rough", "marsh:x2", "river:some": a TEC entry with the player's
 * override of its multiple. */
static int
parse_feature(struct out_result *o, const char *text, const struct terrain *list,
    size_t n, int hexside, struct feature *f)
{
	char buf[64], words[256], *tok, *save = NULL;
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
	word_list(list, n, words, sizeof words);
	return out_fail(o, ST_USAGE, "unknown toto %s: '%s' (expected %s, or "
	    "NAME:xN with the multiple of your TEC)", hexside ? "hexside" :
	    "terrain", text, words);
bad:
	return out_fail(o, ST_USAGE, "bad %s: '%s' (expected a name, then :xN "
	    "for your TEC's multiple%s)", hexside ? "hexside" : "terrain", text,
	    hexside ? " and :some if not every attacker crosses it" : "");
}

/* One support unit's factor, "3" or "3:max" (17.2, 18.4: one each). */
static int
read_support(struct out_result *o, const cJSON *req, const char *key,
    const char *rule, struct toto_support *s)
{
	struct crt_units us;
	char name[64];
	int st;

	memset(s, 0, sizeof *s);
	if ((st = crt_req_units(o, req, key, &us, 0)) != ST_OK || us.n == 0)
		return st;
	if (us.n > 1)
		return out_fail(o, ST_USAGE, "%s: one %s supports an attack at most "
		    "(%s)", out_field_name(o, key, name), strcmp(key, "hq") == 0 ?
		    "HQ" : "airbase", rule);
	if (us.u[0].ntags > 1 || (us.u[0].ntags &&
	    strcmp(us.u[0].tags[0], "max")))
		return out_fail(o, ST_USAGE, "%s: the only tag is max (maximum "
		    "attack supply): '%s'", out_field_name(o, key, name),
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
    struct toto_support *s)
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
read_air(struct out_result *o, const cJSON *req, struct toto_support *s)
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
			return out_fail(o, ST_USAGE, "%s: bad airbase tag: '%s' "
			    "(expected max, oos, supported, rangeN or distN)",
			    out_field_name(o, "air", name), us.u[0].tags[i]);
	n = toto_air_check(&f, r, AIR_MAX_REASONS);
	for (i = 0; i < n; i++)
		if (r[i].bars)
			return out_fail(o, ST_USAGE, "%s: the airbase may not support "
			    "this attack: %s (%s)", out_field_name(o, "air", name),
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
read_moves(struct out_result *o, const cJSON *req, const char *key, int *mv,
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
			return out_fail(o, ST_USAGE, "%s: at most %d units",
			    out_field_name(o, key, name), MAX_MOVES);
		if (len == 5 && strncmp(p, "train", 5) == 0)
			mv[(*n)++] = TRAIN;
		else if (len > 0 && len < 4 && strspn(p, "0123456789") >= len)
			mv[(*n)++] = atoi(p);
		else
			return out_fail(o, ST_USAGE, "bad %s: '%s' (expected printed "
			    "movement factors like 4,3, or train for an armored "
			    "train)", out_field_name(o, key, name), text);
		p += len;
		if (!*p)
			return ST_OK;
		p++;
	}
}

static int
read_table(struct out_result *o, const cJSON *req, struct toto_battle *b)
{
	char text[64];
	int given, st;

	if ((st = crt_req_text(o, req, "table", text, sizeof text, &given)) !=
	    ST_OK)
		return st;
	if (!given)
		return out_fail(o, ST_USAGE, "toto: choose the CRT, --table raid or "
		    "--table big-push (12.16)");
	if (strcmp(text, "raid") == 0 || strcmp(text, "crt-raid") == 0)
		b->table = "crt-raid";
	else if (strcmp(text, "big-push") == 0 ||
	    strcmp(text, "crt-big-push") == 0)
		b->table = "crt-big-push";
	else
		return out_fail(o, ST_USAGE, "unknown toto CRT: '%s' (expected raid "
		    "or big-push)", text);
	return ST_OK;
}

static int
read_places(struct out_result *o, const cJSON *req, struct toto_battle *b)
{
	static const char *const cities[] = { "mecca", "medina", "jerusalem" };
	char text[64];
	int given, st;
	size_t i;

	if ((st = crt_req_text(o, req, "terrain", text, sizeof text, &given)) !=
	    ST_OK)
		return st;
	if (given && strchr(text, ','))
		return out_fail(o, ST_USAGE, "toto attacks one hex (12.8): one "
		    "terrain, not '%s'", text);
	if ((st = parse_feature(o, given ? text : "clear", tec.hex, tec.nhex, 0,
	    &b->terrain)) != ST_OK)
		return st;
	if ((st = crt_req_text(o, req, "hexside", text, sizeof text,
	    &b->has_hexside)) != ST_OK)
		return st;
	if (b->has_hexside && (st = parse_feature(o, text, tec.side, tec.nside,
	    1, &b->hexside)) != ST_OK)
		return st;
	if ((st = crt_req_text(o, req, "city", text, sizeof text, &given)) !=
	    ST_OK || !given)
		return st;
	for (i = 0; i < sizeof cities / sizeof *cities; i++)
		if (strcmp(text, cities[i]) == 0)
			b->city = cities[i];
	if (!b->city)
		return out_fail(o, ST_USAGE, "bad city: '%s' (expected mecca, "
		    "medina or jerusalem, the cities of 25.1)", text);
	return ST_OK;
}

static int
read_flags(struct out_result *o, const cJSON *req, struct toto_battle *b)
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

int
toto_any_max(const struct toto_battle *b)
{
	int i;

	for (i = 0; i < b->att.n; i++)
		if (crt_has_tag(&b->att.u[i], "max"))
			return 1;
	return b->max_supply || b->hq.max || b->air.max;
}

/* Contradictions the rules forbid outright. */
static int
check_battle(struct out_result *o, const struct toto_battle *b)
{
	char text[64];
	int i;

	if (b->odds && b->roll_given)
		return out_fail(o, ST_USAGE, "--odds and --roll exclude each other: "
		    "--odds covers every roll");
	if (b->city && strcmp(b->table, "crt-big-push") == 0)
		return out_fail(o, ST_USAGE, "the Big Push CRT may never be used "
		    "against %c%s (25.2): use --table raid", b->city[0] - 32,
		    b->city + 1);
	if (b->winter && toto_any_max(b))
		return out_fail(o, ST_USAGE, "no maximum attack supply in a winter "
		    "turn (24.2)");
	for (i = 0; i < b->att.n; i++)
		if (crt_has_tag(&b->att.u[i], "guer") &&
		    crt_has_tag(&b->att.u[i], "max")) {
			crt_unit_format(&b->att.u[i], text, sizeof text);
			return out_fail(o, ST_USAGE, "guerrillas never have maximum "
			    "attack supply (22.3): '%s'", text);
		}
	for (i = 0; i < b->att.n; i++) {
		const struct crt_unit *u = &b->att.u[i];

		crt_unit_format(u, text, sizeof text);
		if (crt_has_tag(u, "amph") && crt_has_tag(u, "guer"))
			return out_fail(o, ST_USAGE, "guerrillas never move by sea, "
			    "so never assault from it (22.3): '%s'", text);
		if (crt_has_tag(u, "amph") && crt_has_tag(u, "fort"))
			return out_fail(o, ST_USAGE, "a unit attacks from the sea or "
			    "out of a fortification, not both (20.12, 13.4): '%s'",
			    text);
	}
	return ST_OK;
}

int
toto_read_battle(struct out_result *o, const struct ctx *c, const cJSON *req,
    struct toto_battle *b)
{
	static const char *const att_tags[] = { "max", "guer", "corps", "fort",
	    "amph", NULL };
	static const char *const def_tags[] = { "fort", "corps", "air", "guer",
	    "hq", NULL };
	int st, i;

	memset(b, 0, offsetof(struct toto_battle, att));
	b->att.n = b->def.n = b->naval.n = 0;
	if ((st = crt_req_check(o, req, "toto", toto_crt_fields)) != ST_OK ||
	    (st = toto_corps_load(c)) != ST_OK ||
	    (st = load_tec(c)) != ST_OK ||
	    (st = crt_req_units(o, req, "attack", &b->att, 1)) != ST_OK ||
	    (st = crt_req_units(o, req, "defense", &b->def, 1)) != ST_OK ||
	    (st = check_tags(o, &b->att, att_tags, "max, guer, corps, fort, "
	    "amph, a corps of 8.1 as ru-inf, or parts-A-B-C")) !=
	    ST_OK ||
	    (st = check_tags(o, &b->def, def_tags, "fort, corps, air, guer, "
	    "hq, a corps of 8.1 as ru-inf, or parts-A-B-C")) != ST_OK ||
	    (st = toto_corps_check(o, &b->att, 0)) != ST_OK ||
	    (st = toto_corps_check(o, &b->def, 1)) != ST_OK ||
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
	b->hq_unit = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(req,
	    "hq_unit"));
	for (i = 0; i < b->naval.n; i++)
		if (b->naval.u[i].ntags)
			return out_fail(o, ST_USAGE, "naval bombardment takes no tag: "
			    "'%s' (its strength never changes, 19.4)",
			    b->naval.u[i].tags[0]);
	return check_battle(o, b);
}
