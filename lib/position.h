/*
 * position.h: a check of a whole position against a game's rules (umpire
 * stacking): the units of each side in each hex handed to the game, which
 * counts them against its stacking limits and says what its rules have
 * the owner do about an excess; units of two sides in one hex; units
 * where the game's rules let none stand.  The position is read without
 * the game's refusal of enemies sharing a hex, so that the check can say
 * so instead of refusing to read it.  What a unit counts for is the
 * game's; this module only walks the hexes and writes the answer.
 */
#ifndef UMPIRE_POSITION_H
#define UMPIRE_POSITION_H

#include <cjson/cJSON.h>

#include "ctx.h"

struct map;
struct out_result;
struct situation;
struct situation_rules;
struct unit;

/* The most units of one side in one hex a check looks at. */
#define POSITION_MAX_HEX 32
/* The most findings a game makes of one side's units in one hex. */
#define POSITION_MAX_FINDINGS 4

struct position {
	const char *spec;		/* the situation, as given */
	struct map *map;
	struct situation *sit;
	const struct situation_rules *rules;	/* the game's */
	const char *off_map;		/* the game's marker of a unit in a
					   box off the map (move_rules) */
	void *game;			/* the game's own (a TEC) */
};

/* What a side's units in a hex count for against the limit there. */
struct position_tally {
	const char *rule;		/* the limit's section: a constant */
	int count, limit;		/* limit 0: none there */
	const char *what;		/* the count's unit: "units" */
};

/* One rule the units break. */
struct position_finding {
	const char *rule;		/* a string constant */
	char text[160];			/* what is wrong */
	const char *remedy_rule;	/* a string constant, or NULL */
	char remedy[200];		/* what the rule has the owner do */
	int note;			/* a fact the check reports that breaks
					   no rule (units at sea) */
};

struct position_rules {
	/* optional: read what the checks need into p->game; ST_OK or
	 * reported */
	int (*open)(const struct ctx *c, struct position *p);
	void (*close)(struct position *p);
	/* side's units u[0..n-1] in hex: their tally, and up to
	 * POSITION_MAX_FINDINGS findings (how many) */
	int (*hex)(const struct position *p, int hex,
	    const struct unit *const *u, int n, struct position_tally *t,
	    struct position_finding *f);
	/* optional: 1 with f filled when u stands where the rules let no
	 * unit stand (neutral territory), or off the map in a box (at
	 * sea) the check should name */
	int (*placed)(const struct position *p, const struct unit *u,
	    struct position_finding *f);
	const char *rule;		/* the stacking rules' section */
};

/*
 * The check: the request's "situation" (else the line's: --saved) and
 * "map" (else the situation's), and its "hex" for that hex alone, whose
 * tallies are then given even within the limits.  ST_OK with o filled
 * (result code "ok", or "over" when anything was found), or a status
 * with o->why, or reported.
 */
int position_check(struct ctx *c, const cJSON *req, struct out_result *o,
    const struct position_rules *r);
/* For the games: fill f, its text from fmt (remedy_rule NULL: none);
 * returns 1, one finding. */
int position_found(struct position_finding *f, const char *rule,
    const char *remedy_rule, const char *remedy, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/*
 * The position alone, for a game's procedure of its own that reads it:
 * as position_check opens it (loose: room for the lenient rules, which
 * must outlive the position).  ST_OK, or a status with o->why or
 * reported; position_close() it whatever the status (after memset 0).
 */
struct situation_rules;
int position_open(struct ctx *c, struct out_result *o, const cJSON *req,
    struct position *p, struct situation_rules *loose);
void position_close(struct position *p);
/* The request members position_check reads, for a game's procs table. */
extern const char *const position_fields[];

#endif
