/*
 * toto_stack.c: Twilight of the Ottomans' position check (umpire
 * stacking): each side's divisional equivalents in a hex (10.2: a corps
 * three, any other land unit one) against the limit of the hex's terrain
 * (10.1, the TEC's stacking column, rules/toto/tec.json; a terrain the
 * text gives no limit for is not checked), and 10.3's remedy: the owner
 * eliminates the excess, his choice, at the end of the phase.  The limit
 * holds at the end of every movement and combat phase, both sides' (10.3),
 * which is the sequence's to hold (rules/toto/sequence.json, its checks).
 */
#include <stdlib.h>

#include "err.h"
#include "games/toto/toto_impl.h"
#include "map.h"
#include "move.h"
#include "position.h"
#include "situation.h"

static int
toto_stack_open(const struct ctx *c, struct position *p)
{
	struct move_tec *t = err_malloc(sizeof *t);
	int st;

	move_tec_clear(t);
	if ((st = move_tec_load(c, "toto", t)) != ST_OK) {
		free(t);
		return st;
	}
	p->game = t;
	return ST_OK;
}

static void
toto_stack_close(struct position *p)
{
	free(p->game);
	p->game = NULL;
}

static int
toto_stack_hex(const struct position *p, int hex, const struct unit *const *u,
    int n, struct position_tally *t, struct position_finding *f)
{
	const struct move_tec *tec = p->game;
	const char *terrain = map_terrain(p->map, hex);
	const struct move_cost *e = terrain ? move_tec_find(tec->terrain,
	    tec->nterrain, terrain) : NULL;
	int i;

	t->rule = "10.1, 10.2";
	t->what = "divisional equivalents";
	for (i = 0; i < n; i++)
		t->count += toto_equivalents(situation_unit_has_marker(u[i],
		    "corps"));
	t->limit = e ? e->stack : 0;
	if (t->limit == 0 || t->count <= t->limit)
		return 0;
	return position_found(f, "10.1", "10.3", "at the end of the movement "
	    "or combat phase the owner eliminates the excess units, his "
	    "choice (umpire game remove ID)", "%d divisional equivalents in "
	    "%s, over its limit of %d", t->count, terrain, t->limit);
}

static const struct position_rules toto_position = {
	.open = toto_stack_open,
	.close = toto_stack_close,
	.hex = toto_stack_hex,
	.rule = "10",
};

int
toto_stacking_run(struct ctx *c, const cJSON *req, struct out_result *o)
{
	return position_check(c, req, o, &toto_position);
}
