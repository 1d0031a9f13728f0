/*
 * out.h: how results reach the player.
 *
 * A procedure builds two things side by side: a JSON object (cJSON) with
 * every input, step, roll and result, and a trail of text lines for people,
 * each step carrying the rule it applies.  out_emit() prints exactly one of
 * them, all at once at the end, so an error part-way leaves stdout empty.
 */
#ifndef UMPIRE_OUT_H
#define UMPIRE_OUT_H

#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "ctx.h"
#include "json.h"
#include "trail.h"

/*
 * Print json (when --json) or the trail, then free both.  Returns ST_OK,
 * or ST_SYS when stdout cannot be written (a full disk, a closed pipe).
 */
int out_emit(const struct ctx *c, cJSON *json, struct trail *t);
/* The same, leaving a failure to the caller to report: 0, or -1 with errno
 * set (for a caller whose message must say what was done regardless). */
int out_print(const struct ctx *c, cJSON *json, struct trail *t);

/*
 * Mark the result about to be printed as secret (what: "the hand of
 * ras-kassa"): the game log gets an entry saying what was left out
 * instead of the result.  The dispatcher clears the mark (NULL) before
 * each command.
 */
void out_secret(const char *what);

/* Give json the members every command's object has (umpire(1), JSON):
 * game, procedure, inputs, steps, result (code, text, rule) and
 * table_source, each filled in where the command left it out; out_print
 * does it, and crt --batch for each line it prints. */
void out_json_shape(const struct ctx *c, cJSON *json, const struct trail *t);

/*
 * The result of one procedure: its JSON object, its steps ([{text,
 * rule}]) and, unless only JSON is wanted, the text trail.  A procedure
 * records each step once with out_step(), which feeds both.
 */
#define OUT_WHY 320

struct out_result {
	cJSON *json;		/* the result object */
	cJSON *steps;		/* [{text, rule}], attached by out_result_finish() */
	struct trail *trail;	/* NULL when only JSON is wanted (--batch) */
	int batch;		/* name request fields as JSON keys, not options */
	char why[OUT_WHY];	/* the error, when a procedure fails */
};

void out_result_init(struct out_result *o, int trail, int batch);
/* Attach the steps; the JSON and trail then belong to the caller. */
void out_result_finish(struct out_result *o);
void out_result_free(struct out_result *o);

/* The first line of the trail (nothing in batch mode). */
void out_title(struct out_result *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A step: in "steps" and in the trail, with its rule, which must be a
 * string constant (or NULL): it is not copied.  So must every rule given
 * to crt_shift() and crt_settle(). */
void out_step(struct out_result *o, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A step in "steps" only, its text as it is (the trail shows it its own way). */
void out_add_step(struct out_result *o, const char *rule, const char *text);
/* A line of the trail only (odds listings, notes). */
void out_text(struct out_result *o, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void out_result_line(struct out_result *o, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void out_plain(struct out_result *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Record an error in o->why and return status (ST_USAGE, ST_DATA). */
int out_fail(struct out_result *o, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A request field as the player wrote it: "--att-move" or "att_move". */
const char *out_field_name(const struct out_result *o, const char *key,
    char buf[64]);


#endif
