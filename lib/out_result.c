/*
 * out_result.c: the result every procedure fills in (out.h): its JSON
 * object, its steps and the text trail, written once through out_step()
 * and friends so that --json and the trail never disagree.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "out.h"


void
out_result_init(struct out_result *o, int trail, int batch)
{
	memset(o, 0, sizeof *o);
	o->json = json_object();
	o->steps = json_array();
	o->trail = trail ? trail_new() : NULL;
	o->batch = batch;
}

void
out_result_finish(struct out_result *o)
{
	json_set(o->json, "steps", o->steps);
	o->steps = NULL;
}

void
out_result_free(struct out_result *o)
{
	cJSON_Delete(o->json);
	cJSON_Delete(o->steps);
	trail_free(o->trail);
	o->json = o->steps = NULL;
	o->trail = NULL;
}

static char *
vformat(char *buf, size_t len, const char *fmt, va_list ap)
{
	vsnprintf(buf, len, fmt, ap);
	return buf;
}

void
out_title(struct out_result *o, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	if (!o->trail)
		return;
	va_start(ap, fmt);
	trail_title(o->trail, NULL, "%s", vformat(buf, sizeof buf, fmt, ap));
	va_end(ap);
}

void
out_add_step(struct out_result *o, const char *rule, const char *text)
{
	cJSON *s = json_object();

	/* the keys are constants and the rule one too (out.h), so neither is
	 * copied: crt --batch makes a few steps a battle, hundreds of
	 * thousands a run, and the copies were a tenth of its time */
	cJSON_AddItemToObjectCS(s, "text", json_must(cJSON_CreateString(text)));
	cJSON_AddItemToObjectCS(s, "rule", json_must(rule ?
	    cJSON_CreateStringReference(rule) : cJSON_CreateNull()));
	json_push(o->steps, s);
}

void
out_step(struct out_result *o, const char *rule, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vformat(buf, sizeof buf, fmt, ap);
	va_end(ap);
	out_add_step(o, rule, buf);
	if (o->trail)
		trail_step(o->trail, rule, "%s", buf);
}

void
out_text(struct out_result *o, const char *rule, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	if (!o->trail)
		return;
	va_start(ap, fmt);
	trail_step(o->trail, rule, "%s", vformat(buf, sizeof buf, fmt, ap));
	va_end(ap);
}

void
out_result_line(struct out_result *o, const char *rule, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	if (!o->trail)
		return;
	va_start(ap, fmt);
	trail_result(o->trail, rule, "%s", vformat(buf, sizeof buf, fmt, ap));
	va_end(ap);
}

void
out_plain(struct out_result *o, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	if (!o->trail)
		return;
	va_start(ap, fmt);
	trail_note(o->trail, "%s", vformat(buf, sizeof buf, fmt, ap));
	va_end(ap);
}

int
out_fail(struct out_result *o, int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(o->why, sizeof o->why, fmt, ap);
	va_end(ap);
	return status;
}

/* Request fields */

const char *
out_field_name(const struct out_result *o, const char *key, char buf[64])
{
	size_t i;

	if (o->batch || strcmp(key, "attack") == 0 || strcmp(key, "defense") == 0) {
		snprintf(buf, 64, "%s", key);
		return buf;
	}
	snprintf(buf, 64, "--%s", key);
	for (i = 2; buf[i]; i++)
		if (buf[i] == '_')
			buf[i] = '-';
	return buf;
}
