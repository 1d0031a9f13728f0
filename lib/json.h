/*
 * json.h: building and writing JSON with cJSON.
 */
#ifndef UMPIRE_JSON_H
#define UMPIRE_JSON_H

#include <stdio.h>

#include <cjson/cJSON.h>

/*
 * Write JSON text as cJSON printed it, made valid UTF-8 and safe for a
 * terminal: a byte that is not UTF-8 becomes \ufffd, the replacement
 * character, and DEL and the C1 controls become \u escapes.  out_emit()
 * writes through it; so must anything else that prints JSON.
 */
void json_fputs(const char *s, FILE *fp);
/* cJSON helpers that abort on allocation failure like err_malloc (err.h). */
/* item, or the run ends with "out of memory" when it is NULL. */
cJSON *json_must(cJSON *item);
cJSON *json_object(void);
cJSON *json_array(void);
void json_set_str(cJSON *obj, const char *key, const char *val);
void json_set_num(cJSON *obj, const char *key, double val);
void json_set_int(cJSON *obj, const char *key, long val);
void json_set_bool(cJSON *obj, const char *key, int val);
void json_set(cJSON *obj, const char *key, cJSON *val);
void json_push(cJSON *arr, cJSON *val);

#endif
