/*
 * move-cost.h: what `umpire move-cost` parsed, shared by its two halves:
 * move-cost.c (steps the player names) and move-cost-map.c (on a map).
 */
#ifndef UMPIRE_MOVE_COST_H
#define UMPIRE_MOVE_COST_H

#include <cjson/cJSON.h>

#include "ctx.h"
#include "move.h"

#define MC_MAXSTEPS	64
#define MC_MAXUNITS	8
#define MC_MAXAWAY	4
#define MC_MAXENEMY	12

struct game;

struct mc_args {
	const struct game *g;
	struct move_req req;
	const char *types[MC_MAXUNITS];	/* types, or unit ids on a map */
	int ntypes, entry;
	char *steps[MC_MAXSTEPS];
	int nsteps;
	const char *map, *situation, *to, *via;
	/* --from, --enemy: a position typed here, not a file's */
	const char *from;
	const char *enemy[MC_MAXENEMY];
	int nenemy;
	char enemy_buf[MC_MAXENEMY * 8];	/* the hexes, split */
	size_t enemy_used;
	int reach;
	/* a retreat's aim; a change of formation on a map (sotq 6.D, 6.E) */
	const char *away[MC_MAXAWAY], *toward, *change;
	int naway, change_after;
	/* the first option of hex movement given: a stand's move (a game
	   whose move-cost is a procedure, game.h) refuses it */
	const char *hex_opt;
	const char *sea_opt;	/* --sea-moved as given */
	int svg;		/* --svg: the answer as a picture */
	int apply;		/* --apply: the move made in the saved game */
	int owed;		/* --retreat owed, --advance owed: the length
				   the saved game's open step gives */
	/* map svg --path: the hexes a path takes, priced held to them */
	const int *along;
	int nalong;
	/* the game's own options (--oos, --battle, ...) as the request's
	   members, which req.opts points at: cmd reads none of them */
	cJSON *opts;
};

int	move_cost_map(const struct ctx *c, const struct mc_args *a);
/*
 * The answer a asks on a map, as marks to draw into j (map-svg-job.h),
 * whose map and situation, read already, are those a names: for map svg
 * and map show, which draw move-cost's answer rather than find their
 * own.  Prints nothing; ST_OK or ST_NO, the answer (j->title then holds
 * its words when there is nothing to draw), or a status reported.
 */
struct svg_job;
struct mm_run;
int	move_cost_map_marks(const struct ctx *c, const struct mc_args *a,
	    struct svg_job *j);
/* The run move_cost_map_marks left in j->mc, freed: map_svg_job_free's. */
void	move_cost_map_done(struct mm_run *r);
/* Without a map: the steps named on the command line (move-cost-steps.c). */
int	move_cost_steps(const struct ctx *c, const struct mc_args *a);
/* The i-th of move-cost's own step words, NULL past the last. */
const char *move_cost_own_word(size_t i);
int	move_cost_sea_stack(const struct mc_args *a, struct move_unit *u,
	    int n);

/* Is every game option given (a->opts) one g declares for move-cost
 * (options.h)?  ST_OK, or reported: "--dis does not apply to toto". */
int move_cost_game_options(const struct mc_args *a, const struct game *g);

#endif
