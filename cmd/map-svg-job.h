/*
 * map-svg-job.h: what the parts of `umpire map svg` share: the request
 * (cmd/map-svg.c parses it, draws and prints), the movement answers
 * (cmd/map-svg-move.c prices them) and the job holding both.
 */
#ifndef UMPIRE_MAP_SVG_JOB_H
#define UMPIRE_MAP_SVG_JOB_H

#include <stddef.h>

#include "map-cmd.h"
#include "move.h"
#include "move_answer.h"
#include "move_map.h"
#include "move_route.h"

#define SVG_MAXAWAY	4

struct svg_request {
	const char *map, *around, *situation, *path, *reach, *mark, *output,
	    *title, *unit, *via, *supply, *season, *phase, *lost;
	long radius;
	enum move_mode mode;	/* --retreat or --advance */
	int hexes;
	const char *away[SVG_MAXAWAY], *toward;	/* a retreat's aim */
	int naway;
	unsigned flags;		/* --at-sea, --attacker: MOVE_OFF_MAP, MOVE_ATTACKER */
	long share_before;	/* --sea-moved (loe 6.4 A); -1 not given */
	const char *ask;	/* the answer asked for, by its option */
	int asks;
};

/* One unit of the situation, ready to move under its game's rules. */
struct mover {
	const struct unit *u;
	struct move_vocab vocab;
	struct move_tec tec;
	struct move_unit unit;
	struct move_map mm;
	int ready;		/* mm made: move_map_free it */
};

struct svg_job {
	struct map *m;
	struct situation *s;
	int *path, npath, *marks, nmarks;
	int *costs, *left;	/* priced path, reach: map indexes as above */
	unsigned char *pass;	/* reach: 1 where it may pass, not end */
	int npass;
	/* the priced path's steps as move-cost words them (steps[i], i >= 1):
	   step 1 a landing from the sea, steps jump0 + 1 .. jump1 by rail;
	   embark: the unit stood in port and puts to sea this phase */
	struct move_price *steps;
	const char **rules;
	int landing, embark, jump0, jump1;
	/* --retreat, --advance: move_route.c's answer, drawn as routes:
	   route[h] the hex before h on the way (-1 none), then every step
	   as a pair in hops (nhops pairs; svg_route_hops); ends and doomed
	   point into ra.list */
	struct move_rt_answer ra;
	int *route, *end_loss, *ends, nends, *doomed, ndoomed, *reached;
	int *hops, nhops;
	/* --supply: supply-trace's marks */
	struct svg_supply sup;
	char title[160];
	char *buf;
	size_t len;
	/* last, the two that hold a TEC (map_svg_job_clear): the unit that
	   moves, and supply-trace's answers */
	struct mover mv;
	struct st_run run;
};

/*
 * The movement answers, each priced for a unit of the situation by its
 * game's rules as `umpire move-cost --map` prices them: a path from the
 * unit under its first hex (--path), the hexes it can reach (--reach), its
 * retreat and advance routes (--retreat, --advance; move_route.c).  Each
 * fills its part of j and a title; ST_OK, ST_NO for a path the unit may
 * not take, or a reported status.
 */
int	map_svg_price_path(const struct ctx *c, struct svg_job *j,
	    const struct svg_request *r);
int	map_svg_price_reach(const struct ctx *c, struct svg_job *j,
	    const struct svg_request *r);
int	map_svg_price_retreat(const struct ctx *c, struct svg_job *j,
	    const struct svg_request *r);
int	map_svg_price_advance(const struct ctx *c, struct svg_job *j,
	    const struct svg_request *r);

/*
 * The answer r asks for, into j (emptied by map_svg_job_clear, its map
 * and situation read): for map svg and for map show, which marks it in
 * text.  map_svg_job_free frees what j holds, its map and situation too
 * unless the caller took them back.
 */
void	map_svg_job_clear(struct svg_job *j);
int	map_svg_answer(const struct ctx *c, const struct svg_request *r,
	    struct svg_job *j);
void	map_svg_job_free(struct svg_job *j);

#endif
