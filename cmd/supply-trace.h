/*
 * supply-trace.h: what the parts of `umpire supply-trace` share: the
 * command line (supply-trace.c), the answers and their printing, the
 * picture and the write-back (supply-trace-out.c), the check applied to a
 * saved game (supply-trace-apply.c), and the line traced by eye
 * (supply-trace-eye.c).
 */
#ifndef UMPIRE_SUPPLY_TRACE_H
#define UMPIRE_SUPPLY_TRACE_H
#include "ctx.h"
#include "supply.h"

struct st_args {
	const char *map, *situation, *unit, *side, *season, *lost, *through;
	enum supply_phase phase;
	int update, apply, svg, by_eye, hexes, cut;
};

struct cJSON;
struct saved;
struct trail;

struct st_run {
	struct map *map;
	struct situation *sit;
	unsigned char *lost;
	struct supply_answer *ans;
	int n;
	struct cJSON *applied;		/* --apply: what the step did */
	/* last: supply_trace_run_clear clears up to it */
	struct supply_run r;
};

/* Clear run for supply_trace_open: every field, and r but for its TEC's unused
 * room (supply_run_clear). */
void	supply_trace_run_clear(struct st_run *run);

/* Read the map and situation (unless run has them), ready the game's
 * supply rules; answer for a->unit or every unit of a->side; free. */
int	supply_trace_open(const struct ctx *c, const struct st_args *a,
	    struct st_run *run);
int	supply_trace_trace(const struct st_args *a, struct st_run *run);
void	supply_trace_close(struct st_run *run);
int	supply_trace_print(const struct ctx *c, const struct st_args *a,
	    struct st_run *run);
int	supply_trace_svg(const struct ctx *c, const struct st_args *a,
	    struct st_run *run);
/* --cut: the hexes that would cut run's supplied lines, printed
 * (supply-trace-cut.c, lib/supply_cut.h). */
int	supply_trace_cuts(const struct ctx *c, const struct st_args *a,
	    struct st_run *run);
int	supply_trace_update(const struct st_args *a, struct st_run *run);
/* What the game's rules do with run's answers, as effects (lib/supply.h's
 * apply, saved_apply.h's shape) pushed on effects, *rule the step's rule.
 * ST_OK; else reported: refused by the game (after opt, the option), or a
 * unit left more markers than a situation holds (naming where). */
int	supply_trace_effects(const char *opt, const char *where,
	    struct st_run *run, struct cJSON *effects, const char **rule);
/* --apply: the game's effects of the answers, one step of saved game sv
 * (open and locked); run->applied says what it did.  ST_OK or reported. */
int	supply_trace_apply(const struct ctx *c, const struct st_args *a,
	    struct st_run *run, struct saved *sv);
/* The step's lines in the trail and its JSON, when --apply made one. */
void	supply_trace_applied_out(const struct st_run *run, struct trail *t,
	    struct cJSON *j);
int	supply_trace_lock(const char *situation, int *fd);
void	supply_trace_unlock(int fd);
int	supply_trace_all_supplied(const struct st_run *run);
int	supply_trace_by_eye(const struct ctx *c, const struct st_args *a);
/* --phase's word as a phase; ST_OK, or ST_USAGE reported. */
int	supply_trace_phase(const char *word, enum supply_phase *phase);
/* by enum supply_phase */
extern const char *const supply_trace_phase_words[3];
#endif
