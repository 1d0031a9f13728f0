/*
 * loe_stack.c: Lion of Ethiopia's position check (umpire stacking).
 *
 *   Italy      7.2.1 A three divisions a hex, counted in thirds: a unit
 *              smaller than a division (marked non-div) or an HQ one
 *              third (7.2.1 B, 12.2 A); C one corps HQ and one army HQ
 *              at most (12.2 B); D air units and airfields free
 *   Ethiopia   7.2.2 A four units a hex; B HQs (Selassie's among them,
 *              13.1.1 B), the Wehib Pasha engineers and the Tesfazien
 *              Askaris free; 13.1.3 A no two armies in a hex (the Guard
 *              stacks with any, 13.3.1 B)
 *   remedy     7.1 B the excess goes to the dead pile, the owner choosing
 *   placing    3.4, 6.1.2 A no unit in neutral territory, but Selassie,
 *              who leaves play there (13.2 F); 6.4 C units at sea
 *
 * When the limit is held (7.1 A: the end of each Movement Phase and of
 * each combat) is the sequence's (rules/loe/sequence.json, its checks).
 */
#include <stdio.h>
#include <string.h>

#include "games/loe/loe_impl.h"
#include "games/loe/loe_move.h"
#include "map.h"
#include "out.h"
#include "position.h"
#include "situation.h"

static const char excess[] = "the owner removes units of his choice to "
    "the dead pile until the hex is within the limit (umpire game remove "
    "ID)";

static int
weight(const struct unit *u)
{
	return loe_stack_weight(u->side, u->type, situation_unit_has_marker(u,
	    "non-div"), situation_unit_has_marker(u, "tesfazien"));
}

/* 7.2.1 C: a second corps or army HQ. */
static int
hqs(const struct unit *const *u, int n, struct position_finding *f)
{
	static const char *const kinds[] = { "corps-hq", "army-hq" };
	int i, k, count, nf = 0;

	for (k = 0; k < 2; k++) {
		for (i = count = 0; i < n; i++)
			count += situation_unit_has_marker(u[i], kinds[k]);
		if (count > 1)
			nf += position_found(&f[nf], "7.2.1 C", "7.1 B", excess,
			    "%d %s HQs, one a hex at most", count, k == 0 ?
			    "corps" : "army");
	}
	return nf;
}

/* 13.1.3 A: units of two Ethiopian armies. */
static int
armies(const struct unit *const *u, int n, struct position_finding *f)
{
	const char *first = NULL, *a;
	int i;

	for (i = 0; i < n; i++) {
		if (!(a = loe_army_of(u[i], u[i]->type)))
			continue;
		if (!first)
			first = a;
		else if (strcmp(a, first) != 0)
			return position_found(f, "13.1.3 A", "13.1.3 B", "only a "
			    "retreat with no other end brings two armies "
			    "together, and then the Ethiopian side eliminates "
			    "the units of one of them", "units of %s and %s in "
			    "one hex: two armies never stack", first, a);
	}
	return 0;
}

static int
loe_stack_hex(const struct position *p, int hex, const struct unit *const *u,
    int n, struct position_tally *t, struct position_finding *f)
{
	int italy = strcmp(u[0]->side, "italian") == 0, i, nf = 0;

	(void)p;
	(void)hex;
	t->rule = italy ? "7.2.1 A" : "7.2.2 A";
	t->limit = italy ? 9 : 4;
	t->what = italy ? "thirds of a division" : "units counted";
	for (i = 0; i < n; i++)
		t->count += weight(u[i]);
	if (t->count > t->limit)
		nf += position_found(f, t->rule, "7.1 B", excess, italy ? "%d "
		    "thirds of a division, more than three divisions" : "%d "
		    "units counted, more than four", t->count);
	if (italy)
		return nf + hqs(u, n, f + nf);
	return nf + armies(u, n, f + nf);
}

/* 3.4, 6.1.2 A: neutral territory; 6.4 C: at sea. */
static int
loe_stack_placed(const struct position *p, const struct unit *u,
    struct position_finding *f)
{
	int bit = map_feature_bit(p->map, "neutral");

	if (situation_unit_has_marker(u, "at-sea")) {
		f->note = 1;
		return position_found(f, "6.4 C", NULL, NULL, "at sea, off the "
		    "map: it lands at a port in the next Italian Movement "
		    "Phase");
	}
	if (bit < 0 || !(map_features(p->map, u->hex) & (1u << bit)))
		return 0;
	if (strcmp(u->type, "selassie") == 0)
		return position_found(f, "13.2 F", "13.2 F", "he leaves play, "
		    "not destroyed: umpire game remove ID", "the emperor in "
		    "neutral territory");
	return position_found(f, "3.4, 6.1.2 A", NULL, NULL, "in neutral "
	    "territory, which no unit may enter: the position is wrong");
}

static const struct position_rules loe_position = {
	.hex = loe_stack_hex,
	.placed = loe_stack_placed,
	.rule = "7.0",
};

int
loe_stacking_run(struct ctx *c, const cJSON *req, struct out_result *o)
{
	return position_check(c, req, o, &loe_position);
}
