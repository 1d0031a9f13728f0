/*
 * map-cmd.h: what the parts of `umpire map` share: the request of import,
 * check and show (cmd/map.c parses it; cmd/map-show.c draws), and supply
 * lines as marks (cmd/map-svg-supply.c) for `map svg --supply`, `map show
 * --supply` and `supply-trace --svg` (cmd/supply-trace-out.c): the answers
 * are supply-trace's own (supply_trace_open, supply_trace_trace), so all three
 * show one computation.
 */
#ifndef UMPIRE_MAP_CMD_H
#define UMPIRE_MAP_CMD_H

#include <cjson/cJSON.h>

#include "supply-trace.h"

struct map;
struct situation;
struct svg_overlay;

struct map_request {
	const char *sub;
	char *ops[4];
	int nops;
	const char *around;
	int radius;
	/* show: supply lines of a side or a unit of the situation, or a
	   path or reach as map svg prices them */
	const char *situation, *supply, *season, *path, *reach;
	const char *phase, *lost;	/* supply-trace's, with --supply */
};

/* `map show`: the map's hexes as text (cmd/map-show.c). */
int	map_show(const struct ctx *c, const struct map_request *r);
/* The operands a subcommand takes: exactly n, what says which. */
int	map_want_ops(const struct map_request *r, int n, const char *what);
/* A map's summary: game, size, layout, hexsides, places. */
cJSON	*map_summary_json(const struct map *m, const char *procedure);
/* A hex of m by its id or by its place's name; -1 if none. */
int	map_hex_or_place(const struct map *m, const char *what);

struct svg_supply {
	int **lines, *nline;	/* each unit's line, or attempt, to a source */
	unsigned char *attempt;	/* 1: lines[i] was blocked */
	int nlines;
	int *oos, noos;		/* hexes of units out of supply */
	int *blocked, nblocked;	/* hexes where their lines were blocked */
};

/* A picture's supply question: who, a unit id or a side, and
 * supply-trace's --season, --phase and --lost (NULL: their defaults). */
struct svg_supply_ask {
	const char *who, *season, *phase, *lost;
};

/*
 * Trace supply for q on m (named mapspec) and s as `umpire supply-trace`
 * does; run takes m and s, and supply_trace_close frees them.  ST_OK or a
 * reported status.
 */
int	map_svg_supply_trace(const struct ctx *c, const char *mapspec,
	    struct map *m, struct situation *s,
	    const struct svg_supply_ask *q, struct st_run *run);
/* The picture's title: who, and the phase and hexes lost if given. */
void	map_svg_supply_title(char *buf, size_t len, const char *who,
	    enum supply_phase phase, const char *lost);
/* The marks of run's answers; free with map_svg_supply_free. */
void	map_svg_supply_marks(const struct st_run *run,
	    struct svg_supply *sp);
/* Point o's supply fields at sp. */
void	map_svg_supply_overlay(const struct svg_supply *sp,
	    struct svg_overlay *o);
void	map_svg_supply_free(struct svg_supply *sp);
/* Each unit's answer as JSON: unit, supplied, line (hex ids), blocked. */
cJSON	*map_svg_supply_json(const struct st_run *run);
/* The question beside the answers in --json: "phase" always, "lost" (the
 * hexes as given) when some were. */
void	map_svg_supply_question(cJSON *json, enum supply_phase phase,
	    const char *lost);

#endif
