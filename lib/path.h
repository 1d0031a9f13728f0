/*
 * path.h: cheapest paths and reachable hexes on a map, by Dijkstra's
 * algorithm over flat arrays of map_size() entries, its queue a binary
 * heap.  The game prices each step
 * through a callback; the engine knows no rule.
 *
 * Costs are integers in the game's cost units (a game with half-point
 * costs counts in halves and says so).  A step may carry stop = 1: the move
 * must end on entering that hex (an enemy zone of control, say), so the
 * search never leaves it.  Because whether a step stops can depend on where
 * it came from, the search keeps two states per hex, arrived free and
 * arrived stopped, so a cheap forced stop never hides a dearer free way in.
 */
#ifndef UMPIRE_PATH_H
#define UMPIRE_PATH_H

#include "map.h"

struct path_step {
	int cost;		/* >= 0 when allowed */
	int stop;		/* 1: the move must end on entering `to` */
	const char *rule;	/* the rule that prices or forbids the step */
	const char *why;	/* words for a forbidden step */
};

/*
 * Price the step from `from` across side dir into `to`, spent being the cost
 * units already spent reaching `from`: 0 = allowed (e->cost, e->stop set),
 * -1 = prohibited (e->why and e->rule say why).
 */
typedef int (*path_cost_fn)(void *ud, int from, int dir, int to, int spent,
    struct path_step *e);

struct path_result {
	int n;			/* hexes on the path, from and to included */
	int *hexes;		/* hexes[0] = from, hexes[n - 1] = to */
	int *costs;		/* costs[i] = cost of entering hexes[i]; costs[0] = 0 */
	int total;
};

/*
 * The cheapest path from `from` to `to` costing at most budget (budget < 0:
 * unlimited).  Ties go to the path found first, deterministically.
 * Returns ST_OK with out filled (free it with path_result_free), or ST_NO
 * when there is none.
 */
int		 path_cheapest(const struct map *, int from, int to, int budget,
		    path_cost_fn, void *ud, struct path_result *out);
/*
 * path_cheapest from several hexes at once, as path_reach_multi starts
 * them (budget >= 0): the path begins in the from[k] it goes by, whose
 * cost is the spent[k] it was entered with, and the total counts it.
 */
int		 path_cheapest_multi(const struct map *, const int *from,
		    const int *spent, int nfrom, int to, int budget,
		    path_cost_fn, void *ud, struct path_result *out);
void		 path_result_free(struct path_result *);

/*
 * A move with one jump in it (a rail move, a lift by sea): from a hex
 * the move enters free to go on, land() says where a jump from there
 * lands, each landing with the spent on landing and whether the move must
 * end there, into *out (jump's own array, read before the next call); how
 * many.  The move goes on from a landing by steps, and never jumps again.
 * One search covers the move with and without the jump, and a hex's answer
 * is the cheaper, the one without the jump on a tie.  What a jump lands
 * stays in the search, so land() may leave out a landing that one of its
 * earlier answers makes no dearer to go on from.
 * path_cheapest_jump: as path_cheapest (budget < 0: unlimited), *jumped
 * the index in out->hexes of the hex the jump landed in, 0 for none
 * (out->hexes[*jumped - 1] is where it began).
 * path_reach_jump: as path_reach, prev[] of a landing being the hex the
 * jump began in.
 */
struct path_landing {
	int hex, spent, stop;
};
struct path_jump {
	int (*land)(void *ud, int from, int spent,
	    const struct path_landing **out);
	void *ud;
};
int		 path_cheapest_jump(const struct map *, int from, int to,
		    int budget, path_cost_fn, void *ud, const struct path_jump *,
		    struct path_result *out, int *jumped);
int		 path_reach_jump(const struct map *, int from, int budget,
		    path_cost_fn, void *ud, const struct path_jump *,
		    int *left, int *prev);

/*
 * Every hex reachable from `from` within budget (>= 0): left[i] = cost units
 * left on reaching hex i by its cheapest way, -1 if unreachable;
 * left[from] = budget.  prev (may be NULL) gets the hex each was reached
 * from, -1 for none.  Both arrays have map_size() entries.  Returns the
 * number of hexes reached, from included.
 */
int		 path_reach(const struct map *, int from, int budget, path_cost_fn,
		    void *ud, int *left, int *prev);
/*
 * path_reach from several hexes at once, from[k] entered with spent[k]
 * cost units already spent (a stack at sea that goes on from each port
 * it may land in): left[i] = budget less the
 * cheapest spent on reaching i.  Sources are never stopped states.
 */
int		 path_reach_multi(const struct map *, const int *from,
		    const int *spent, int nfrom, int budget, path_cost_fn,
		    void *ud, int *left, int *prev);

/*
 * path_reach for a caller asking many times on one map: the arrays are
 * kept, and each run clears only what the run before it reached, so a run
 * costs the hexes it covers, not the map.  After a run, path_reacher_left
 * and path_reacher_prev answer for a hex as path_reach's left[hex] and
 * prev[hex] do, until the next run.
 */
struct path_reacher;
struct path_reacher *path_reacher_new(const struct map *);
int		 path_reacher_run(struct path_reacher *, int from, int budget,
		    path_cost_fn, void *ud);
int		 path_reacher_left(const struct path_reacher *, int hex);
int		 path_reacher_prev(const struct path_reacher *, int hex);
void		 path_reacher_free(struct path_reacher *);

#endif
