/*
 * map-svg.h: supply lines as marks to draw (cmd/map-svg-supply.c), shared
 * by `umpire map svg --supply`, `map show --supply` (cmd/map.c) and
 * `supply-trace --svg` (cmd/supply-trace-out.c): the answers are
 * supply-trace's own (st_open, st_trace), so all three show one
 * computation.
 */
#ifndef UMPIRE_MAP_SVG_H
#define UMPIRE_MAP_SVG_H

#include "supply-trace.h"

struct map;
struct situation;
struct svg_overlay;

struct svg_supply {
	int **lines, *nline;	/* each unit's line, or attempt, to a source */
	unsigned char *attempt;	/* 1: lines[i] was blocked */
	int nlines;
	int *oos, noos;		/* hexes of units out of supply */
	int *blocked, nblocked;	/* hexes where their lines were blocked */
};

/*
 * Trace supply for who, a unit id of s or a side, on m (named mapspec)
 * as `umpire supply-trace` does; run takes m and s, and st_close frees
 * them.  ST_OK or a reported status.
 */
int	svg_supply_trace(const struct ctx *c, const char *mapspec,
	    struct map *m, struct situation *s, const char *who,
	    const char *season, struct st_run *run);
/* The marks of run's answers; free with svg_supply_free. */
void	svg_supply_marks(const struct st_run *run, struct svg_supply *sp);
/* Point o's supply fields at sp. */
void	svg_supply_overlay(const struct svg_supply *sp, struct svg_overlay *o);
void	svg_supply_free(struct svg_supply *sp);

/* A hex of m by its id or by its place's name; -1 if none (cmd/map.c). */
int	map_hex_or_place(const struct map *m, const char *what);

#endif
