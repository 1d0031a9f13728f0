/*
 * pathfix.h: what test_path.c and test_path_jump.c share: the small maps'
 * vocabulary and parser, the tests' own price list, the comparison of two
 * paths, and the map with four starts both use (hexes by id: mapfix.h's H).
 *
 * The maps are odd-q unless they say otherwise: an odd column sits half a
 * hex lower, so from an odd column the north-east/north-west neighbours
 * carry the same row and the south-east/south-west ones the next; from an
 * even column, the row above and the same row.  Costs come from the price
 * list, in half points where a road is involved.
 */
#ifndef UMPIRE_PATHFIX_H
#define UMPIRE_PATHFIX_H

#include <stdio.h>
#include <string.h>

#include "err.h"
#include "map.h"
#include "mapfix.h"
#include "path.h"

static const char vocab_json[] =
    "{ \"game\": \"tst\", \"terrain\": [\"clear\", \"mountain\", \"swamp\"],"
    "  \"features\": [\"fort\"], \"hexsides\": [\"road\"] }";
/* the vocabulary arguments of the parsers */
#define VOCAB fixture_vocab, (void *)vocab_json

static struct map *
text_map(const char *text)
{
	struct map *m = NULL;
	char why[512];

	if (map_parse_text(text, strlen(text), NULL, NULL, VOCAB, &m, why,
	    sizeof why) < 0)
		printf("# test bug: %s\n", why);
	return m;
}

/* The test's price list. */
struct prices {
	const struct map *m;
	int terrain[3];		/* clear, mountain, swamp; -1 = closed */
	int road;		/* a step along a road hexside, or 0 = no roads */
	int fort_stops;		/* entering a fort ends the move */
	int stop_from, stop_to;	/* this one step ends the move (-1: none) */
	int ban_from[2], ban_to[2]; /* these steps are closed (-1: none) */
};

static int
price(void *ud, int from, int dir, int to, int spent, struct path_step *e)
{
	const struct prices *p = ud;

	(void)spent;
	if ((from == p->ban_from[0] && to == p->ban_to[0]) ||
	    (from == p->ban_from[1] && to == p->ban_to[1])) {
		e->why = "banned";
		return -1;
	}
	if (p->road && (map_side(p->m, from, dir) & 1u))
		e->cost = p->road;
	else if ((e->cost = p->terrain[map_terrain_id(p->m, to)]) < 0) {
		e->why = "closed";
		return -1;
	}
	e->stop = (p->fort_stops && (map_features(p->m, to) & 1u)) ||
	    (from == p->stop_from && to == p->stop_to);
	return 0;
}

static void
prices_init(struct prices *p, const struct map *m, int clear, int mountain,
    int swamp)
{
	memset(p, 0, sizeof *p);
	p->m = m;
	p->terrain[0] = clear;
	p->terrain[1] = mountain;
	p->terrain[2] = swamp;
	p->stop_from = p->stop_to = -1;
	p->ban_from[0] = p->ban_to[0] = p->ban_from[1] = p->ban_to[1] = -1;
}

/*
 * The map and starts of the multi-start checks below: 12 x 9, mountain,
 * swamp, two forts that end the move, a road; starts 0101 (nothing
 * spent), 0806 (2) and 1209 twice (5, then 4: the cheaper counts).
 */
static const char four_starts_map[] = "game tst\nlayout even-q\n"
    "size 0101 1209\ndefault clear\n0301-0307 mountain\n"
    "0703-0709 mountain\n0502-0504 swamp\n0404 clear fort\n"
    "0806 clear fort\n0101/0201 road\n0201/0301 road\n";

static void
four_starts(const struct map *m, struct prices *p, int from[4])
{
	prices_init(p, m, 2, 5, -1);
	p->road = 1;
	p->fort_stops = 1;
	from[0] = H(m, "0101");
	from[1] = H(m, "0806");
	from[2] = from[3] = H(m, "1209");
}

#endif
