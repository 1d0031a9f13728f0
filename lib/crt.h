/*
 * crt.h: what every combat procedure needs and no game owns.
 *
 * A battle arrives as a request: a JSON object whose members are the
 * fields the command line options set (attack, defense, terrain, roll,
 * odds, ...), so that one line of `umpire crt --batch` and one command
 * line are the same thing.  A game reads the request with the getters
 * below, which say what was wrong in players' terms; it records each step
 * once with crt_step(), which feeds both the JSON "steps" and the text
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
#define CRT_WHY 320

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
 * JSON members for results, cheaper than out.h's: the key must be a string
 * constant (it is not copied), integers are written without a round trip
 * through floating point, and crt_set_ref() borrows a string that lives
 * as long as the result (a rule, a table's code).  Batch mode makes
 * hundreds of thousands of these.
 */
void crt_set_int(cJSON *obj, const char *key, long v);
void crt_set_num(cJSON *obj, const char *key, double v);
void crt_set_str(cJSON *obj, const char *key, const char *s);
void crt_set_ref(cJSON *obj, const char *key, const char *s);
void crt_set_bool(cJSON *obj, const char *key, int v);
void crt_set(cJSON *obj, const char *key, cJSON *item);

struct crt_out {
	cJSON *json;		/* the result object */
	cJSON *steps;		/* [{text, rule}], attached by crt_out_finish() */
	struct trail *trail;	/* NULL when only JSON is wanted (--batch) */
	int batch;		/* name request fields as JSON keys, not options */
	char why[CRT_WHY];	/* the error, when a procedure fails */
};

void crt_out_init(struct crt_out *o, int trail, int batch);
/* Attach the steps; the JSON and trail then belong to the caller. */
void crt_out_finish(struct crt_out *o);
void crt_out_free(struct crt_out *o);

/* The first line of the trail (nothing in batch mode). */
void crt_title(struct crt_out *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A step: in "steps" and in the trail, with its rule, which must be a
 * string constant (or NULL): it is not copied.  So must every rule given
 * to crt_shift() and crt_settle(). */
void crt_step(struct crt_out *o, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A line of the trail only (odds listings, notes). */
void crt_text(struct crt_out *o, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void crt_result_line(struct crt_out *o, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void crt_plain(struct crt_out *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Record an error in o->why and return status (ST_USAGE, ST_DATA). */
int crt_fail(struct crt_out *o, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A request field as the player wrote it: "--att-move" or "att_move". */
const char *crt_field_name(const struct crt_out *o, const char *key,
    char buf[64]);

/*
 * Every request field of every game, NULL-terminated: the vocabulary of
 * `umpire crt`, whose options set the same fields.
 */
extern const char *const crt_fields[];

/*
 * Refuse any member of req that keys[] (NULL-terminated) lacks, telling a
 * field of another game (one of crt_fields) from one that does not exist.
 */
int crt_req_check(struct crt_out *o, const cJSON *req, const char *game,
    const char *const *keys);
/* A field as text: strings as they are, numbers in decimal, arrays of
 * those joined with commas.  *given is 0 when the field is absent. */
int crt_req_text(struct crt_out *o, const cJSON *req, const char *key,
    char *buf, size_t len, int *given);
/* A flag: true, false, or absent (false). */
int crt_req_flag(struct crt_out *o, const cJSON *req, const char *key,
    int *val);
/* Strength lists: a number, a string like "5,3:oos", or an array. */
int crt_req_units(struct crt_out *o, const cJSON *req, const char *key,
    struct crt_units *us, int required);

/*
 * A table by name, loaded once per run and kept until crt_tables_free():
 * batch mode resolves many battles on the same chart.  Errors are
 * reported by the table engine; the status is returned.
 */
int crt_table(const struct ctx *c, const char *game, const char *name,
    const struct table **t);
void crt_tables_free(void);

/*
 * A roll on t: the player's face(s) in text, or rolled when text is NULL.
 * Returns ST_OK with the total, or ST_USAGE in o->why.
 */
int crt_roll(struct crt_out *o, struct ctx *c, const struct table *t,
    const char *text, int *total);
const char *crt_roll_source(const struct ctx *c, const char *text);

/*
 * Column shifts.  *vcol may run past either edge while shifts are added
 * up; crt_settle() then stops it at the edge, so that shifts cancel out
 * before the edge is applied.  Each shift is a step and an entry of the
 * "shifts" array.
 */
void crt_shift(struct crt_out *o, const struct table *t, cJSON *shifts,
    long *vcol, int by, const char *why, const char *rule);
int crt_settle(struct crt_out *o, const struct table *t, long vcol,
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
