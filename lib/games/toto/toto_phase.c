/*
 * toto_phase.c: whose phase a saved game is in (toto_phase.h).
 */
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "sequence.h"
#include "toto_phase.h"

const char *
toto_phase_side(const struct ctx *c, const struct saved *sv,
    const char *kind, char *name, size_t len)
{
	struct sequence s;
	int phase;

	name[0] = '\0';
	if (sequence_open(c, sv, &s, &phase) != ST_OK)
		return NULL;
	snprintf(name, len, "%s", sequence_name(&s, phase));
	sequence_free(&s);
	if (!strstr(name, kind))
		return NULL;
	return strncmp(name, "ottoman ", 8) == 0 ? "ottoman" :
	    strncmp(name, "allied ", 7) == 0 ? "allied" : NULL;
}
