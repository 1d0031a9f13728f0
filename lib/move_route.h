/*
 * move_route.h: the routes after combat on a map (move_route.c): where a
 * retreat of n hexes may end and by which way, with the fewest losses on
 * the way, and an advance that enters the hex the defender left first.  The game prices each step
 * through lib/move_map.c; `umpire move-cost --map` words the answer and
 * `umpire map svg` draws it, from this one computation.
 */
#ifndef UMPIRE_MOVE_ROUTE_H
#define UMPIRE_MOVE_ROUTE_H

struct map;
struct move_map;
struct move_price;

struct move_retreat {
	int *left;	/* move_map_reach's: -1 where the retreat never gets */
	int *loss;	/* fewest losses reaching each hex in exactly n steps;
			   INT_MAX where no n-step retreat ends */
	int *prev;	/* the hex before each on its fewest-loss route, -1 */
	int *ends;	/* hexes where the retreat may end, ascending; only
			   those with the fewest losses */
	int nends;
	int far;	/* the farthest the unit gets, when nends is 0 */
	int dropped;	/* ends left out: more losses than another (13.2) */
	/* one route per end, ends[i]'s at route + i * (len + 1): the unit's
	   hex, then len hexes; how + i * len says of each step whether it
	   went toward the nearest road, along it, or neither */
	int len;
	int *route;
	signed char *how;
	const char *road_rule;	/* the game's rule for roads, or NULL */
	int road_dist;		/* hexes from the unit to the nearest road; -1
				   none, or no road rule */
	int road_steps;		/* steps of the kept routes keeping that rule */
	int road_dropped;	/* ends only routes keeping it less reach */
	/* ends where the stack would break the stacking limit, left out,
	   and the rule; split: none holds the whole stack, which splits up
	   in its last hex, every end kept */
	int stack_dropped, stack_split;
	const char *stack_rule;
	/* the rule by which some ends lie nearer than len, the retreat
	   stopping there (move_rules.retreat_stop), or NULL for none: their routes are shorter, padded with
	   -1 (move_route_steps) */
	const char *early_rule;
};

/* How a retreat's step went with respect to the road rule. */
enum { ROUTE_FREE, ROUTE_TOWARD, ROUTE_ALONG };

/*
 * A retreat of hexes from mm->origin (mm->mode MOVE_RETREAT): a route
 * hexes steps long that never enters a hex twice, ending hexes away
 * unless the game's unit has a retreat_road rule, which also
 * keeps only the routes that go toward and along the nearest road the
 * longest.  Returns out->nends; free out with move_retreat_free.
 */
int	move_retreat(struct move_map *mm, int hexes, struct move_retreat *out);
void	move_retreat_free(struct move_retreat *);
/* The steps of rt's route to ends[i]: len, or fewer where it stops early
 * (early_rule). */
int	move_route_steps(const struct move_retreat *, int i);

/*
 * The road rule's measure: for each hex within len of origin, how many hexes
 * from it to the nearest hex with a hexside in road (-1: none on the
 * map), in a map-sized array to free; only those hexes' entries are set.
 */
int	*move_road_distance(const struct map *, int origin, int len,
	    unsigned road);

/*
 * Where the map's edge cuts a retreat short, it may leave the
 * map instead: the hexes of left[] (move_retreat's) with a hex still to go
 * from which a step off the map keeps the aim (mm->away, mm->toward).
 * Fills list (map_size entries); returns how many.
 */
int	move_retreat_exits(const struct move_map *mm, const int *left,
	    int *list);

/*
 * An advance of budget hexes that enters via first, then goes on from
 * there with what is left unless via ends it: left[] as move_map_reach
 * fills it (the unit's own hex -1), prev[] (or NULL) the hex before each.
 * 0, or -1 when via may not be entered, p saying why and by which rule.
 */
int	move_advance_via(struct move_map *mm, int via, int budget, int *left,
	    int *prev, struct move_price *p);

#endif
