/*
 * map-svg-job.h: what the parts of `umpire map svg` share: the request
 * (cmd/map-svg.c parses it, draws and prints), the job holding an answer
 * as marks to draw (cmd/map-svg-move.c makes them from move-cost's
 * answers, cmd/map-svg-supply.c from supply-trace's), and the picture
 * that the --svg of move-cost and supply-trace prints too.
 */
#ifndef UMPIRE_MAP_SVG_JOB_H
#define UMPIRE_MAP_SVG_JOB_H

#include <stddef.h>

#include "map-cmd.h"
#include "move.h"
#include "move_answer.h"
#include "move_map.h"
#include "move_route.h"
#include "path.h"
#include "svg.h"

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
	int scale;		/* cost units a movement point (svg.h) */
	enum svg_route route_kind;
	const char *last_resort;	/* sotq 9.B: the stacking rule broken */
	char title[160];
	char *buf;
	size_t len;
	/* the move-cost run that found the answer (move_cost_map_marks):
	   the steps' words and rules point into its TEC, so it lives as
	   long as the job */
	struct mm_run *mc;
	/* last, as it holds a TEC (map_svg_job_clear): supply-trace's
	   answers */
	struct st_run run;
};

/*
 * A path from a unit under its first hex (--path), priced for it by its
 * game's rules as `umpire move-cost --map` prices them, held to the
 * hexes given; j's path parsed.  ST_OK, ST_NO for a path the unit may
 * not take, or a reported status.  The other movement answers (--reach,
 * --retreat, --advance) are move-cost's own (move_cost_map_marks).
 */
int	map_svg_price_path(const struct ctx *c, struct svg_job *j,
	    const struct svg_request *r);
/* r's movement question as move-cost's request, for the unit id. */
struct mc_args;
void	map_svg_move_request(const struct svg_request *r, const char *id,
	    struct mc_args *a);
/* Each step of a path crosses one hexside; from the sea (loe 6.4 D) the
 * first is the landing, at a port anywhere.  ST_OK or ST_USAGE reported. */
int	map_svg_check_path(const struct map *m, const int *path, int n,
	    int landing);

/*
 * A movement answer as marks to draw, for map svg and for `move-cost
 * --map --svg` (cmd/move-cost-map.c), which found it: one computation,
 * one picture.  mm is the move it was found on, u its (first) unit, id
 * that unit's id; each sets j's marks and its title.
 *
 * path: pr's hexes (unless j has them already) and each step priced
 * for its rule and words, ma the allowance (-1 none).  reach: left (j
 * takes it), what is left on reaching each hex, ma the allowance.
 * retreat: the answer a (j takes it), of a retreat asked of asked hexes
 * (toward the hex named, or NULL).  advance: reached and route (j takes
 * them), as move_map_reach gives them.
 */
void	map_svg_path_marks(struct svg_job *j, struct move_map *mm,
	    const struct path_result *pr, const char *id, int ma, int scale);
void	map_svg_reach_marks(struct svg_job *j, const struct move_map *mm,
	    int *left, const char *id, int ma, int scale);
void	map_svg_retreat_marks(struct svg_job *j, const struct move_map *mm,
	    const struct move_unit *u, const char *id, struct move_rt_answer *a,
	    int asked, const char *toward);
void	map_svg_advance_marks(struct svg_job *j, int origin, int *reached,
	    int *route, const char *id, int ma);

/*
 * The picture of j's marks over the window w (svg_write's: all four 0
 * for the whole map), title over it, into j->buf; ST_OK or ST_SYS
 * reported.  map_svg_print writes it on standard output.
 */
int	map_svg_picture(struct svg_job *j, const char *title, const int w[4]);
int	map_svg_print(const struct svg_job *j);
/*
 * The answer as a picture of the whole map, on standard output: the
 * output choice --svg of the commands that answer on a map (CMD_OPT_SVG,
 * cmd.h).  A map past SVG_MAX_HEXES is refused, with hint, the way to
 * draw a part; ST_OK or a reported status.
 */
int	map_svg_fits(const struct map *m, const char *spec, const char *hint);
int	map_svg_answer_out(struct svg_job *j);

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
