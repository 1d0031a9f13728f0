/*
 * json.c: cJSON as umpire uses it (json.h): builders that stop the run on
 * running out of memory, so that no answer is printed half made, and the
 * one writer of JSON text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "err.h"
#include "json.h"

void
json_fputs(const char *s, FILE *fp)
{
	size_t n = strlen(s);

	/* outside strings JSON text is ASCII, so every byte mended here is
	 * inside a string, where an escape stands for the same character */
	while (n > 0) {
		size_t k = err_safe_prefix(s, n), len;

		fwrite(s, 1, k, fp);
		s += k;
		n -= k;
		if (n == 0)
			break;
		len = err_utf8_len(s, n);
		if (len == 0)	/* not UTF-8: the replacement character */
			fputs("\\ufffd", fp);
		else		/* a control: C0, DEL or C1 (two bytes) */
			fprintf(fp, "\\u%04x", (unsigned char)s[len - 1]);
		len = len ? len : 1;
		s += len;
		n -= len;
	}
}

cJSON *
json_must(cJSON *item)
{
	if (!item) {
		err(ST_SYS, "out of memory");
		exit(ST_SYS);
	}
	return item;
}

cJSON *
json_object(void)
{
	return json_must(cJSON_CreateObject());
}

cJSON *
json_array(void)
{
	return json_must(cJSON_CreateArray());
}

void
json_set(cJSON *obj, const char *key, cJSON *val)
{
	cJSON_AddItemToObject(obj, key, json_must(val));
}

void
json_set_str(cJSON *obj, const char *key, const char *val)
{
	json_set(obj, key, val ? cJSON_CreateString(val) : cJSON_CreateNull());
}

void
json_set_num(cJSON *obj, const char *key, double val)
{
	json_set(obj, key, cJSON_CreateNumber(val));
}

void
json_set_int(cJSON *obj, const char *key, long val)
{
	json_set(obj, key, cJSON_CreateNumber((double)val));
}

void
json_set_bool(cJSON *obj, const char *key, int val)
{
	json_set(obj, key, cJSON_CreateBool(val));
}

void
json_push(cJSON *arr, cJSON *val)
{
	cJSON_AddItemToArray(arr, json_must(val));
}
