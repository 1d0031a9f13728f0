/*
 * saved_impl.h: what saved.c shares with saved_log.c and nothing else
 * needs: the members a step may change, and the file's checks.
 */
#ifndef UMPIRE_SAVED_IMPL_H
#define UMPIRE_SAVED_IMPL_H

#include <cjson/cJSON.h>

#include "saved.h"

/* The members a step may change, and undo put back; NULL-ended. */
extern const char *const saved_step_keys[];

/* Report member of sv's file as not what was expected: ST_DATA. */
int		 saved_bad(const struct saved *sv, const char *member,
		    const char *expected);
/* Whether v is an array of objects. */
int		 saved_objects(const cJSON *v);
/* A unit's id, or "" for one without. */
const char	*saved_unit_id(const cJSON *u);

#endif
