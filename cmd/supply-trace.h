/*
 * supply-trace.h: what the parts of `umpire supply-trace` share: the
 * command line (supply-trace.c), the answers and their printing, the
 * picture and the write-back (supply-trace-out.c), and the line traced by
 * eye (supply-trace-eye.c).
 */
#ifndef UMPIRE_SUPPLY_TRACE_H
#define UMPIRE_SUPPLY_TRACE_H
#include "ctx.h"
#include "supply.h"

struct st_args {
	const char *map, *situation, *unit, *side, *season, *lost, *through;
	enum supply_phase phase;
	int update, svg, by_eye, hexes;
};

struct st_run {
	struct map *map;
	struct situation *sit;
	unsigned char *lost;
	struct supply_answer *ans;
	int n;
	struct supply_run r;	/* last: st_run_clear clears up to it */
};

/* Clear run for st_open: every field, and r but for its TEC's unused
 * room (supply_run_clear). */
void	st_run_clear(struct st_run *run);

/* Read the map and situation (unless run has them), ready the game's
 * supply rules; answer for a->unit or every unit of a->side; free. */
int	st_open(const struct ctx *c, const struct st_args *a,
	    struct st_run *run);
int	st_trace(const struct st_args *a, struct st_run *run);
void	st_close(struct st_run *run);
int	st_print(const struct ctx *c, const struct st_args *a,
	    struct st_run *run);
int	st_svg(const struct ctx *c, const struct st_args *a,
	    struct st_run *run);
int	st_update(const struct st_args *a, struct st_run *run);
int	st_lock(const char *situation, int *fd);
void	st_unlock(int fd);
int	st_all_supplied(const struct st_run *run);
int	st_by_eye(const struct ctx *c, const struct st_args *a);
/* --phase's word as a phase; ST_OK, or ST_USAGE reported. */
int	st_phase(const char *word, enum supply_phase *phase);
extern const char *const st_phase_words[3];	/* by enum supply_phase */
#endif
