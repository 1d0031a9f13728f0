/*
 * out.c: printing a result, its JSON or its trail, and the game log
 * entry that goes with it; see out.h.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "log.h"
#include "out.h"

static char secret_what[128];
static int log_failed;	/* out_print's -1 was the log's: its status, reported */

void
out_secret(const char *what)
{
	if (what)
		snprintf(secret_what, sizeof secret_what, "%s", what);
	else
		secret_what[0] = '\0';
}

/* Append the result to the game log the player asked for. */
static int
log_result(const struct ctx *c, const cJSON *json, const struct trail *t)
{
	char *summary = trail_summary(t);
	int st = log_append(c, json, summary, *secret_what ? secret_what : NULL);

	free(summary);
	return st;
}

int
out_emit(const struct ctx *c, cJSON *json, struct trail *t)
{
	if (out_print(c, json, t) < 0)
		return log_failed ? log_failed : err_sys("cannot write the result");
	return ST_OK;
}

/* Set key to val unless the object has it; val is taken over. */
static void
shape_key(cJSON *json, const char *key, cJSON *val)
{
	if (cJSON_GetObjectItemCaseSensitive(json, key))
		cJSON_Delete(val);
	else
		cJSON_AddItemToObject(json, key, val);
}

/*
 * One JSON shape for every command (umpire(1), JSON): game, procedure,
 * inputs, steps, result (code, text, rule) and table_source, each there
 * whatever the command.  A command fills in what it knows; what it does
 * not say is filled in here: the game asked, the command's name, the
 * words it was given, no steps, a result in the trail's own words, and
 * no table.
 */
void
out_json_shape(const struct ctx *c, cJSON *json, const struct trail *t)
{
	cJSON *res;
	char *summary;

	shape_key(json, "game", c->game ? cJSON_CreateString(c->game) :
	    cJSON_CreateNull());
	shape_key(json, "procedure", cJSON_CreateString(err_command() ?
	    err_command() : "umpire"));
	/* not the command line's words: they would repeat what a hidden
	 * roll hides, and differ with the order the options came in */
	shape_key(json, "inputs", cJSON_CreateObject());
	shape_key(json, "steps", cJSON_CreateArray());
	if (!(res = cJSON_GetObjectItemCaseSensitive(json, "result"))) {
		summary = t ? trail_summary(t) : NULL;
		res = cJSON_CreateObject();
		/* an answer of every outcome (--odds) is no one result */
		cJSON_AddItemToObject(res, "code", cJSON_CreateString(
		    cJSON_GetObjectItemCaseSensitive(json, "outcomes") ? "odds" :
		    "ok"));
		cJSON_AddItemToObject(res, "text", cJSON_CreateString(summary ?
		    summary : ""));
		free(summary);
		cJSON_AddItemToObject(json, "result", res);
	}
	if (cJSON_IsObject(res)) {
		shape_key(res, "code", cJSON_CreateString("ok"));
		shape_key(res, "text", cJSON_CreateString(""));
		shape_key(res, "rule", cJSON_CreateNull());
	}
	shape_key(json, "table_source", cJSON_CreateNull());
}

int
out_print(const struct ctx *c, cJSON *json, struct trail *t)
{
	int failed;

	if (json && cJSON_IsObject(json))
		out_json_shape(c, json, t);

	/* before the result is printed: a result the player cannot have
	 * in the log is not shown unlogged */
	log_failed = 0;
	if (c->log && (log_failed = log_result(c, json, t)) != ST_OK) {
		cJSON_Delete(json);
		trail_free(t);
		errno = EIO;
		return -1;
	}
	if (c->json && json) {
		char *s = cJSON_PrintUnformatted(json);

		if (!s) {
			cJSON_Delete(json);
			trail_free(t);
			errno = ENOMEM;
			return -1;
		}
		json_fputs(s, stdout);
		putchar('\n');
		cJSON_free(s);
	} else if (t)
		trail_print(t, c->color, stdout);
	cJSON_Delete(json);
	trail_free(t);
	failed = fflush(stdout) != 0 || ferror(stdout);
	return failed ? -1 : 0;
}
