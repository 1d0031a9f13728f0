/*
 * mapbench.c: the map engine's figures for tests/bench/map.  One run does
 * one thing to one map file and prints what it cost: the CPU time of
 * each phase and the process's peak resident memory (getrusage), so each
 * figure belongs to one phase and one size.
 *
 *   mapbench load FILE          read, parse, check and build the map
 *   mapbench path FILE          and find the cheapest path corner to corner
 *   mapbench reach FILE MA      and every hex reachable from the middle
 *   mapbench json FILE OUT      write the map as JSON (for the JSON figures)
 *
 * The prices are a stand-in for a game's (clear 1, mountain 2, amba 3,
 * massif 4, ocean closed, jungle or marsh 1 more, a road hexside 1): the
 * engine's cost is what is measured, not a rule.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "ctx.h"
#include "err.h"
#include "map.h"
#include "path.h"

struct prices {
	const struct map *m;
	int terrain[8];
	unsigned slow;		/* jungle | marsh */
	unsigned road;
};

/* CPU time, not wall time: the machine is shared, and the figure should
 * be umpire's work, not the wait for a core. */
static double
now_ms(void)
{
	return (double)clock() * 1000.0 / CLOCKS_PER_SEC;
}

static long
peak_kb(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss;
}

static int
price(void *ud, int from, int dir, int to, int spent, struct path_step *e)
{
	const struct prices *p = ud;

	(void)spent;
	if (map_side(p->m, from, dir) & p->road) {
		e->cost = 1;
		return 0;
	}
	e->cost = p->terrain[map_terrain_id(p->m, to)];
	if (e->cost < 0)
		return -1;
	if (map_features(p->m, to) & p->slow)
		e->cost++;
	return 0;
}

static void
prices_init(struct prices *p, const struct map *m)
{
	static const char *const words[] = { "clear", "mountain", "amba",
	    "massif", "ocean" };
	static const int costs[] = { 1, 2, 3, 4, -1 };
	const struct map_vocab *v = map_vocab(m);
	size_t i;

	memset(p, 0, sizeof *p);
	p->m = m;
	for (i = 0; i < 5; i++) {
		int t = map_vocab_find(v, MAP_TERRAIN, words[i]);

		if (t >= 0 && t < 8)
			p->terrain[t] = costs[i];
	}
	p->slow = (1u << map_feature_bit(m, "jungle")) |
	    (1u << map_feature_bit(m, "marsh"));
	p->road = 1u << map_side_bit(m, "road");
}

int
main(int argc, char **argv)
{
	struct ctx c;
	struct map *m;
	struct prices p;
	double t0, t1;
	int st;

	if (argc < 3) {
		fprintf(stderr, "usage: mapbench load|path|reach|json FILE [MA|OUT]\n");
		return 2;
	}
	memset(&c, 0, sizeof c);
	c.data_dir = "rules";
	t0 = now_ms();
	if ((st = map_load(&c, argv[2], &m)) != ST_OK)
		return st;
	t1 = now_ms();
	printf("%d hexes: load %.0f ms", map_size(m), t1 - t0);
	prices_init(&p, m);
	if (strcmp(argv[1], "path") == 0) {
		struct path_result r;

		t0 = now_ms();
		st = path_cheapest(m, 0, map_size(m) - 1, -1, price, &p, &r);
		t1 = now_ms();
		printf(", corner to corner %.0f ms (%d hexes, cost %d)",
		    t1 - t0, st == ST_OK ? r.n : 0,
		    st == ST_OK ? r.total : -1);
		path_result_free(&r);
	} else if (strcmp(argv[1], "reach") == 0 && argc > 3) {
		int ma = atoi(argv[3]), n = map_size(m), reached;
		int *left = err_malloc((size_t)n * sizeof *left);
		struct hex lo, hi;
		int centre;

		map_bounds(m, &lo, &hi);
		centre = map_index(m, (struct hex){ (lo.col + hi.col) / 2,
		    (lo.row + hi.row) / 2 });
		t0 = now_ms();
		reached = path_reach(m, centre, ma, price, &p, left, NULL);
		t1 = now_ms();
		printf(", reach MA %d %.1f ms (%d hexes)", ma, t1 - t0, reached);
		free(left);
	} else if (strcmp(argv[1], "json") == 0 && argc > 3) {
		char *text = map_to_json(m);
		FILE *fp = fopen(argv[3], "w");

		if (!fp || fputs(text, fp) < 0 || fclose(fp) != 0)
			return 4;
		free(text);
	}
	printf(", peak %ld KB\n", peak_kb());
	map_free(m);
	return 0;
}
