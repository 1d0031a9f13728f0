/*
 * cjson-loop.c: the bare cJSON program the batch guard holds
 * `umpire crt --batch` to (tests/bench/guard).  It does what a batch
 * must do for each line and nothing of a battle: read the line, parse
 * it, build an answer of the same shape, print it on one line, free both.
 *
 * The shape is umpire's own: the file TEMPLATES (compiled in) holds
 * umpire's answers to the first K lines, and line i is answered with a
 * copy of answer i mod K, its "line" and the request's numbers set as
 * umpire sets them.  The bench's input repeats its kinds of battle every
 * K lines, so each answer has the members, steps and strings umpire's
 * answer to that line has.  cJSON is the one umpire is built with
 * (lib/cjson), compiled the same way; stdout is buffered as crt's batch
 * buffers it.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cjson/cJSON.h"

#ifndef TEMPLATES
#error "build with -DTEMPLATES='\"file\"'"
#endif
#define MAXK 16

/* The request's numbers that the answer repeats. */
static const char *const copied[] = { "attack", "defense", "roll", NULL };

static int
read_templates(cJSON *t[MAXK])
{
	FILE *f = fopen(TEMPLATES, "r");
	char *line = NULL;
	size_t cap = 0;
	int k = 0;

	if (!f) {
		perror(TEMPLATES);
		exit(2);
	}
	while (k < MAXK && getline(&line, &cap, f) > 0)
		if (!(t[k++] = cJSON_Parse(line))) {
			fprintf(stderr, "%s: line %d is not JSON\n", TEMPLATES, k);
			exit(2);
		}
	free(line);
	fclose(f);
	return k;
}

/* Set member key of answer to a copy of the request's, if it has one. */
static void
copy_member(cJSON *answer, const cJSON *req, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(req, key);

	if (v && cJSON_IsNumber(v))
		cJSON_ReplaceItemInObjectCaseSensitive(answer, key,
		    cJSON_CreateNumber(v->valuedouble));
}

int
main(void)
{
	static char obuf[1 << 18];
	cJSON *t[MAXK], *req, *answer;
	char *line = NULL, *text;
	size_t cap = 0;
	ssize_t len;
	long n = 0;
	int k = read_templates(t), i;

	setvbuf(stdout, obuf, _IOFBF, sizeof obuf);
	while ((len = getline(&line, &cap, stdin)) > 0) {
		req = cJSON_ParseWithLength(line, (size_t)len);
		answer = cJSON_Duplicate(t[n % k], 1);
		n++;
		cJSON_ReplaceItemInObjectCaseSensitive(answer, "line",
		    cJSON_CreateNumber((double)n));
		for (i = 0; copied[i]; i++)
			copy_member(answer, req, copied[i]);
		text = cJSON_PrintUnformatted(answer);
		fputs(text, stdout);
		putchar('\n');
		cJSON_free(text);
		cJSON_Delete(answer);
		cJSON_Delete(req);
	}
	free(line);
	for (i = 0; i < k; i++)
		cJSON_Delete(t[i]);
	return 0;
}
