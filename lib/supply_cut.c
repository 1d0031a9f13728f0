/*
 * supply_cut.c: what would cut these lines; see supply_cut.h.
 */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "games/game.h"
#include "map.h"
#include "situation.h"
#include "supply_cut.h"

/* The hexes some supplied line runs through, past the unit's own. */
static unsigned char *
candidates(const struct supply_run *r, const struct supply_answer *a, int n)
{
	unsigned char *on = err_calloc((size_t)map_size(r->map), 1);
	int i, j;

	for (i = 0; i < n; i++)
		for (j = 1; a[i].supplied && a[i].needs && j < a[i].npath; j++)
			on[a[i].path[j].hex] = 1;
	return on;
}

/* The side ready afresh, with hex held by the enemy; 1 if it can be
 * (no unit of the side stands there), 0 if not, or a failed status. */
static int
cut_at(struct supply_run *r, const char *side, int hex, int *st)
{
	r->side = NULL;		/* supply_side readies the side again */
	if ((*st = supply_side(r, side)) != ST_OK)
		return 0;
	if (supply_friend_in(r, hex))
		return 0;
	r->occ[hex] |= SUP_ENEMY;
	return 1;
}

/* Which of the supplied units are out with hex cut: into c. */
static int
trace_all(struct supply_run *r, const struct supply_answer *a, int n,
    struct supply_cut *c)
{
	struct supply_answer t;
	int i, st;

	for (i = 0; i < n; i++) {
		if (!a[i].supplied || !a[i].needs)
			continue;
		memset(&t, 0, sizeof t);
		t.u = a[i].u;
		t.source = t.blocked = -1;
		if ((st = r->g->supply->unit(r, a[i].u, &t)) != ST_OK) {
			supply_answer_free(&t);
			return st;
		}
		if (!t.supplied) {
			if (!c->n)
				c->rule = t.blocked_rule ? t.blocked_rule : t.rule;
			c->units[c->n++] = i;
		}
		supply_answer_free(&t);
	}
	return ST_OK;
}

static int
by_count(const void *x, const void *y)
{
	const struct supply_cut *a = x, *b = y;

	return a->n != b->n ? b->n - a->n : a->hex - b->hex;
}

int
supply_cuts(struct supply_run *r, const struct supply_answer *a, int n,
    struct supply_cut **out, int *nout)
{
	unsigned char *on;
	const char *side = n > 0 ? a[0].u->side : NULL;
	struct supply_cut c;
	int h, st = ST_OK, many = r->many;

	*out = NULL;
	*nout = 0;
	if (!side)
		return ST_OK;
	on = candidates(r, a, n);
	/* each unit searched on its own: a side's one search was made
	 * before the hex was cut (supply.h, one_search) */
	r->many = 0;
	for (h = 0; h < map_size(r->map) && st == ST_OK; h++) {
		if (!on[h] || !cut_at(r, side, h, &st))
			continue;
		memset(&c, 0, sizeof c);
		c.hex = h;
		c.units = err_malloc((size_t)n * sizeof *c.units);
		if ((st = trace_all(r, a, n, &c)) != ST_OK || !c.n) {
			free(c.units);
			continue;
		}
		*out = err_realloc(*out, (size_t)(*nout + 1) * sizeof **out);
		(*out)[(*nout)++] = c;
	}
	r->many = many;
	r->side = NULL;
	free(on);
	if (st == ST_OK && *nout > 1)
		qsort(*out, (size_t)*nout, sizeof **out, by_count);
	return st;
}

void
supply_cuts_free(struct supply_cut *c, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(c[i].units);
	free(c);
}
