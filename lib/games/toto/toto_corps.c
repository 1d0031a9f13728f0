/*
 * toto_corps.c: Twilight of the Ottomans' corps and their divisions, from
 * the Reorganization Table (8.1, rules/toto/corps.json), for `umpire crt`:
 * 12.20 counts a corps' combat losses by its divisions' factors, not by
 * the corps' own, and 12.18 breaks a routed corps down into them.  A unit
 * names its corps by the table's id ("5:ru-inf"), or gives its divisions'
 * factors on the side it fights ("5:corps:parts-1-1-1"); a plain "corps"
 * tag leaves the losses at the printed factor, and the trail says so.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "crt.h"
#include "data.h"
#include "err.h"
#include "toto_impl.h"

#define MAX_ROWS	24
#define MAX_PARTS	TOTO_CORPS_PARTS

#define row toto_corps_kind
static struct row rows[MAX_ROWS];
static int nrows, loaded;

static int
factors(const cJSON *v, int f[3])
{
	char end;

	return cJSON_IsString(v) && sscanf(v->valuestring, "%d-%d-%d%c",
	    &f[0], &f[1], &f[2], &end) == 3 && f[0] >= 0 && f[1] >= 0 &&
	    f[2] >= 0 ? 0 : -1;
}

static int
read_row(const char *path, const cJSON *o, struct row *r)
{
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(o, "id"),
	    *parts = cJSON_GetObjectItemCaseSensitive(o, "components"), *p,
	    *types = cJSON_GetObjectItemCaseSensitive(o, "types"), *name =
	    cJSON_GetObjectItemCaseSensitive(o, "name");
	int k = 0;

	memset(r, 0, sizeof *r);
	if (!cJSON_IsString(id) || strlen(id->valuestring) >= sizeof r->id ||
	    strncmp(id->valuestring, "parts-", 6) == 0 ||
	    factors(cJSON_GetObjectItemCaseSensitive(o, "factors"), r->f) < 0)
		return err(ST_DATA, "%s: corps: each needs an id (a short word) "
		    "and factors like 5-7-3: '%s'", path, cJSON_IsString(id) ?
		    id->valuestring : "?");
	snprintf(r->id, sizeof r->id, "%s", id->valuestring);
	snprintf(r->name, sizeof r->name, "%s", cJSON_IsString(name) ?
	    name->valuestring : r->id);
	r->supply = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "supply"));
	/* the divisions' types, for umpire reorganize (toto_reorg.c) */
	cJSON_ArrayForEach(p, types)
		if (k < MAX_PARTS && cJSON_IsString(p) &&
		    strlen(p->valuestring) < sizeof r->type[0])
			snprintf(r->type[k++], sizeof r->type[0], "%s",
			    p->valuestring);
	if (cJSON_IsNull(parts) || !parts)
		return ST_OK;
	if (!cJSON_IsArray(parts) || cJSON_GetArraySize(parts) > MAX_PARTS)
		return err(ST_DATA, "%s: corps %s: components: expected a list "
		    "of at most %d divisions, or null", path, r->id, MAX_PARTS);
	cJSON_ArrayForEach(p, parts)
		if (factors(p, r->part[r->nparts++]) < 0)
			return err(ST_DATA, "%s: corps %s: a component is not "
			    "factors like 1-2-3", path, r->id);
	return ST_OK;
}

int
toto_corps_load(const struct ctx *c)
{
	char path[PATH_MAX];
	const cJSON *list, *o;
	cJSON *j;
	int st;

	if (loaded)
		return ST_OK;
	if ((st = data_load_json(c, "toto/corps.json", &j, path)) != ST_OK)
		return st == ST_NO ? err(ST_DATA, "no corps table: '%s'",
		    "toto/corps.json") : st;
	list = cJSON_GetObjectItemCaseSensitive(j, "corps");
	nrows = 0;
	st = cJSON_IsArray(list) ? ST_OK : err(ST_DATA, "%s: corps: expected "
	    "a list", path);
	cJSON_ArrayForEach(o, list) {
		if (st != ST_OK)
			break;
		if (nrows == MAX_ROWS)
			st = err(ST_DATA, "%s: corps: at most %d", path,
			    MAX_ROWS);
		else
			st = read_row(path, o, &rows[nrows++]);
	}
	cJSON_Delete(j);
	loaded = st == ST_OK;
	return st;
}

static const struct row *
find_row(const char *tag)
{
	int i;

	for (i = 0; i < nrows; i++)
		if (strcmp(rows[i].id, tag) == 0)
			return &rows[i];
	return NULL;
}

const struct toto_corps_kind *
toto_corps_find(const char *id)
{
	return find_row(id);
}

const struct toto_corps_kind *
toto_corps_at(int i)
{
	return i >= 0 && i < nrows ? &rows[i] : NULL;
}

/* "parts-1-1-1": the divisions' factors; their count, or -1. */
static int
parts_tag(const char *tag, int *part)
{
	const char *p = tag + 6;
	int n = 0, v;

	if (strncmp(tag, "parts-", 6) != 0)
		return -1;
	while (*p) {
		if (*p < '0' || *p > '9' || n == MAX_PARTS)
			return -1;
		for (v = 0; *p >= '0' && *p <= '9'; p++)
			v = v * 10 + (*p - '0');
		part[n++] = v;
		if (*p == '-' && p[1])
			p++;
		else if (*p)
			return -1;
	}
	return n >= 2 ? n : -1;
}

int
toto_corps_word(const char *tag)
{
	int part[MAX_PARTS];

	return find_row(tag) != NULL || parts_tag(tag, part) > 0;
}

/* What a corps unit says of itself: its row and divisions, if any. */
struct named {
	const struct row *row;
	int n, part[MAX_PARTS];		/* the divisions' factors, this side */
	char how[96];
};

static int
name_corps(struct out_result *o, const struct crt_unit *u, int side,
    struct named *c)
{
	char text[64], *w;
	size_t used = 0;
	int i, k;

	memset(c, 0, sizeof *c);
	crt_unit_format(u, text, sizeof text);
	for (i = 0; i < u->ntags; i++) {
		const struct row *r = find_row(u->tags[i]);

		if (r && c->row)
			return out_fail(o, ST_USAGE, "one corps a unit: '%s'", text);
		if (r)
			c->row = r;
		else if ((k = parts_tag(u->tags[i], c->part)) > 0)
			c->n = k;
		else if (strncmp(u->tags[i], "parts-", 6) == 0)
			return out_fail(o, ST_USAGE, "bad divisions: '%s' (expected "
			    "parts- and two or more factors, as parts-1-1-1)",
			    u->tags[i]);
	}
	if (c->row && u->cf != c->row->f[side])
		return out_fail(o, ST_USAGE, "'%s': the %s corps is %d-%d-%d, %s "
		    "%d (8.1)", text, c->row->id, c->row->f[0], c->row->f[1],
		    c->row->f[2], side ? "defense" : "attack", c->row->f[side]);
	if (c->row && !c->n && !c->row->nparts)
		return out_fail(o, ST_USAGE, "'%s': the text does not give the "
		    "%s corps' divisions (8.1): add parts-A-B-C, their %s "
		    "factors", text, c->row->id, side ? "defense" : "attack");
	if (c->row && !c->n) {
		c->n = c->row->nparts;
		for (k = 0; k < c->n; k++)
			c->part[k] = c->row->part[k][side];
		for (k = 0; k < c->n && used < sizeof c->how; k++)
			used += (size_t)snprintf(c->how + used, sizeof c->how - used,
			    "%s%d-%d-%d", k ? " + " : "", c->row->part[k][0],
			    c->row->part[k][1], c->row->part[k][2]);
	} else
		for (k = 0, w = c->how; k < c->n && used < sizeof c->how; k++)
			used += (size_t)snprintf(w + used, sizeof c->how - used,
			    "%s%d", k ? " + " : "", c->part[k]);
	return ST_OK;
}

int
toto_corps_check(struct out_result *o, struct crt_units *us, int side)
{
	struct named c;
	int i, st;

	for (i = 0; i < us->n; i++) {
		struct crt_unit *u = &us->u[i];

		if ((st = name_corps(o, u, side, &c)) != ST_OK)
			return st;
		/* a named corps is a corps wherever 12.18 asks */
		if ((c.row || c.n) && !crt_has_tag(u, "corps")) {
			if (u->ntags == CRT_MAX_TAGS)
				return out_fail(o, ST_USAGE, "too many tags on one "
				    "unit: at most %d", CRT_MAX_TAGS - 1);
			snprintf(u->tags[u->ntags++], CRT_TAG_LEN, "corps");
		}
	}
	return ST_OK;
}

int
toto_loss_basis(struct out_result *o, const struct crt_units *us, int side)
{
	const char *f = side ? "defense" : "attack";
	struct named c;
	char text[64];
	int i, k, sum, total = 0, told = 0;

	for (i = 0; i < us->n; i++) {
		const struct crt_unit *u = &us->u[i];

		if (!crt_has_tag(u, "corps")) {
			total += u->cf;
			continue;
		}
		crt_unit_format(u, text, sizeof text);
		(void)name_corps(o, u, side, &c);
		if (!c.n) {
			total += u->cf;
			out_step(o, "12.20", "corps %s: its divisions are not given "
			    "(tag it with its 8.1 id, as ru-inf, or parts-A-B-C), so "
			    "its losses count its printed %d", text, u->cf);
			continue;
		}
		for (k = 0, sum = 0; k < c.n; k++)
			sum += c.part[k];
		total += sum;
		told = 1;
		out_step(o, "12.20, 8.1", "corps %s counts its losses by its "
		    "divisions, %s: %d %s factor%s, not %d", text, c.how, sum, f,
		    sum == 1 ? "" : "s", u->cf);
	}
	if (told)
		out_step(o, "12.20", "%s factors that losses are figured from: %d",
		    side ? "defending" : "attacking", total);
	return total;
}
