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

/* Whether the object lacks key, so that shaping makes only what is
 * missing. */
static int
lacks(const cJSON *json, const char *key)
{
	return !cJSON_GetObjectItemCaseSensitive(json, key);
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

	if (lacks(json, "game"))
		json_set_str(json, "game", c->game);
	if (lacks(json, "procedure"))
		json_set_str(json, "procedure", err_command() ? err_command() :
		    "umpire");
	/* not the command line's words: they would repeat what a hidden
	 * roll hides, and differ with the order the options came in */
	if (lacks(json, "inputs"))
		json_set(json, "inputs", cJSON_CreateObject());
	if (lacks(json, "steps"))
		json_set(json, "steps", cJSON_CreateArray());
	if (!(res = cJSON_GetObjectItemCaseSensitive(json, "result"))) {
		summary = t ? trail_summary(t) : NULL;
		res = json_object();
		/* an answer of every outcome (--odds) is no one result */
		json_set_str(res, "code", lacks(json, "outcomes") ? "ok" : "odds");
		json_set_str(res, "text", summary ? summary : "");
		free(summary);
		json_set(json, "result", res);
	}
	if (cJSON_IsObject(res)) {
		if (lacks(res, "code"))
			json_set_str(res, "code", "ok");
		if (lacks(res, "text"))
			json_set_str(res, "text", "");
		if (lacks(res, "rule"))
			json_set_str(res, "rule", NULL);
	}
	if (lacks(json, "table_source"))
		json_set_str(json, "table_source", NULL);
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
