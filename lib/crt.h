/*
 * crt.h: what every combat procedure needs and no game owns.
 *
 * A battle arrives as a request: a JSON object whose members are the
 * fields the command line options set (attack, defense, terrain, roll,
 * odds, ...), so that one line of `umpire crt --batch` and one command
 * line are the same thing.  A game reads the request with the getters
 * below, which say what was wrong in players' terms; it records each step
 * once with out_step(), which feeds both the JSON "steps" and the text
 * trail; it finds its column, shifts it with clamping at the table's
 * edges, rolls or enumerates every roll, and leaves the result in the
 * output's JSON object.  Strength lists ("5,3:oos,4:irr") are parsed here;
 * what a tag means is the game's business.
 */
#ifndef UMPIRE_CRT_H
#define UMPIRE_CRT_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "ctx.h"
#include "out.h"
#include "table.h"

#define CRT_MAX_UNITS 64
#define CRT_MAX_TAGS 6
#define CRT_TAG_LEN 16
#define CRT_MAX_CF 999

struct crt_unit {
	int cf;				/* as printed on the counter */
	char tags[CRT_MAX_TAGS][CRT_TAG_LEN];
	int ntags;
};

struct crt_units {
	struct crt_unit u[CRT_MAX_UNITS];
	int n;
};

/*
 * Parse "5,3:oos,4:irr": whole strengths from 1 to CRT_MAX_CF, each with
 * any number of ":tag" words.  0, or -1 with why[] naming the bad part.
 */
int crt_parse_units(const char *text, struct crt_units *us, char *why,
    size_t whylen);
int crt_has_tag(const struct crt_unit *u, const char *tag);
/* A tag of the form PREFIX N ("ma8"): N, or -1 when there is none. */
int crt_tag_number(const struct crt_unit *u, const char *prefix);
int crt_units_total(const struct crt_units *us);
/* "5:oos" as the player would write it. */
void crt_unit_format(const struct crt_unit *u, char *buf, size_t len);

/* Add a rule to a list like "8.3.2, 8.3.3" unless it is there already. */
void crt_rule_add(char *rules, size_t len, const char *rule);

/* Half of n rounded up: the rounding of every "half" in both games. */
int crt_half_up(int n);

/*
 * Refuse any member of req that keys[] (NULL-terminated: the fields of
 * the procedure, game.h) lacks, telling a field some game's procedure
 * reads ("does not apply to" game) from one that none does ("unknown").
 */
int crt_req_check(struct out_result *o, const cJSON *req, const char *game,
    const char *const *keys);
/* A field as text: strings as they are, numbers in decimal, arrays of
 * those joined with commas.  *given is 0 when the field is absent. */
int crt_req_text(struct out_result *o, const cJSON *req, const char *key,
    char *buf, size_t len, int *given);
/* A flag: true, false, or absent (false). */
int crt_req_flag(struct out_result *o, const cJSON *req, const char *key,
    int *val);
/* Strength lists: a number, a string like "5,3:oos", or an array. */
int crt_req_units(struct out_result *o, const cJSON *req, const char *key,
    struct crt_units *us, int required);

/*
 * A battle's units named by id (the request's "att_units" and
 * "def_units", lists of ids) on a position: the request's "situation"
 * or the line's (--saved, the shell's), on the request's "map" or the
 * one the situation names.  What the units and hexes mean is the game's.
 */
struct map;
struct situation;
struct unit;

struct crt_side {
	const struct unit *u[CRT_MAX_UNITS];
	int n;
};

struct crt_position {
	const struct ctx *c;		/* the line's, for a game's own reading */
	const char *spec;		/* the situation, as given */
	struct map *map;
	struct situation *sit;
	struct crt_side att, def;
};

/* ST_OK with *p filled (crt_position_free() it, whatever the status);
 * ST_NO when the request names no units; else refused in o->why or
 * reported. */
int crt_position_open(struct ctx *c, struct out_result *o, const cJSON *req,
    struct crt_position *p);
void crt_position_free(struct crt_position *p);
/* 1 when every attacker is next to every defender; else 0 with the first
 * pair that is not. */
int crt_position_all_adjacent(const struct crt_position *p,
    const struct unit **a, const struct unit **d);
/* A unit in a defender's hex that the defenders leave out, of those
 * counts() takes (NULL: all), or NULL. */
const struct unit *crt_position_left_out(const struct crt_position *p,
    int (*counts)(const struct unit *));
/* {"situation", "attackers": [ids], "defenders": [ids]} for the result. */
cJSON *crt_position_json(const struct crt_position *p);
/* The one hex every unit of s stands in, as its id in hex (HEX_IDLEN
 * bytes), or "" when they stand in several. */
void crt_position_side_hex(const struct crt_position *p,
    const struct crt_side *s, char *hex);
/* Set key of the request r to value (taken) unless the player gave it,
 * and then say in a step that theirs stands over read, what the
 * position gives. */
void crt_position_fill(struct out_result *o, cJSON *r, const char *key,
    cJSON *value, const char *rule, const char *read);

/*
 * A game's battle by units or by hand: with units named, the position is
 * opened, check() refuses what the rules forbid, and fill() makes the
 * request the units give (the player's own fields over it, and without
 * the fields that name the position); battle() then settles that request
 * with the position, or req itself with NULL when no units are named.
 * With game set, a request without units that names a situation or a
 * map is refused: they do not apply to that game's battle by hand.
 */
struct crt_by_units {
	int (*check)(struct out_result *o, const struct crt_position *p);
	int (*fill)(struct out_result *o, const struct crt_position *p,
	    const cJSON *req, cJSON **out);
	int (*battle)(struct ctx *c, const cJSON *req, struct out_result *o,
	    const struct crt_position *p);
	const char *game;
};
int crt_position_battle(struct ctx *c, const cJSON *req, struct out_result *o,
    const struct crt_by_units *g);

/*
 * A table by name, loaded once per run and kept until crt_tables_free():
 * batch mode resolves many battles on the same chart.  Errors are
 * reported by the table engine; the status is returned.
 */
int crt_table(const struct ctx *c, const char *game, const char *name,
    const struct table **t);
void crt_tables_free(void);

/*
 * A roll on t: the player's face(s) in text, or rolled when text is NULL;
 * the result's "dice" says which (t's, "1d6").  Returns ST_OK with the
 * total, or ST_USAGE in o->why.
 */
int crt_roll(struct out_result *o, struct ctx *c, const struct table *t,
    const char *text, int *total);
const char *crt_roll_source(const struct ctx *c, const char *text);

/*
 * Column shifts.  *vcol may run past either edge while shifts are added
 * up; crt_settle() then stops it at the edge, so that shifts cancel out
 * before the edge is applied.  Each shift is a step and an entry of the
 * "shifts" array.
 */
void crt_shift(struct out_result *o, const struct table *t, cJSON *shifts,
    long *vcol, int by, const char *why, const char *rule);
int crt_settle(struct out_result *o, const struct table *t, long vcol,
    const char *left_rule, const char *right_rule);
/* A column by index, or a description when past an edge. */
void crt_column_label(const struct table *t, long vcol, char *buf, size_t len);

/*
 * The exact distribution of results, merged by code: as many codes as the
 * columns hold, in order of first sight.  crt_dist_free() releases it.
 */
struct crt_outcome {
	const char *code, *text;	/* borrowed from the table */
	double p;
	char *rolls;			/* "1-2, 5" when from one column */
	size_t rolls_cap;		/* 0 while rolls is the empty string */
};

struct crt_dist {
	struct crt_outcome *o;
	int n, cap;
};

void crt_dist_init(struct crt_dist *d);
void crt_dist_free(struct crt_dist *d);
/* Add column col of t, each roll weighted by its chance times weight. */
void crt_dist_column(struct crt_dist *d, const struct table *t, int col,
    double weight);
/* Add one result with a probability (an automatic result). */
void crt_dist_add(struct crt_dist *d, const char *code, const char *text,
    double p);

#endif
