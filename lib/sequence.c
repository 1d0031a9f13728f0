/*
 * sequence.c: a game's sequence of play read from its data file, checked
 * as every file umpire reads is, and counted through phase by phase.
 */
#include <stdio.h>
#include <string.h>

#include "data.h"
#include "err.h"
#include "sequence.h"

static int
bad(const struct sequence *s, int i, const char *member, const char *expected)
{
	if (i < 0)
		return err(ST_DATA, "%s: %s: expected %s", s->path, member,
		    expected);
	return err(ST_DATA, "%s: phases[%d].%s: expected %s", s->path, i,
	    member, expected);
}

static int
strings(const cJSON *v)
{
	const cJSON *e;

	if (!v)
		return 1;
	if (!cJSON_IsArray(v))
		return 0;
	cJSON_ArrayForEach(e, v)
		if (!cJSON_IsString(e))
			return 0;
	return 1;
}

static int
check_phase(const struct sequence *s, int i, const cJSON *p)
{
	const cJSON *v, *e;
	int n;

	if (!cJSON_IsObject(p))
		return bad(s, i, "phase", "an object");
	if (!cJSON_IsString(cJSON_GetObjectItemCaseSensitive(p, "name")))
		return bad(s, i, "name", "the phase's name");
	if (!cJSON_IsString(cJSON_GetObjectItemCaseSensitive(p, "rule")))
		return bad(s, i, "rule", "the rule that names the phase");
	if (!strings(cJSON_GetObjectItemCaseSensitive(p, "procedures")))
		return bad(s, i, "procedures", "an array of command names");
	if (!strings(cJSON_GetObjectItemCaseSensitive(p, "remind")))
		return bad(s, i, "remind", "an array of texts");
	if (!strings(cJSON_GetObjectItemCaseSensitive(p, "maps")))
		return bad(s, i, "maps", "an array of map names");
	v = cJSON_GetObjectItemCaseSensitive(p, "ends_turn");
	if (v && !cJSON_IsBool(v))
		return bad(s, i, "ends_turn", "true or false");
	v = cJSON_GetObjectItemCaseSensitive(p, "skip_turn");
	if (v && !cJSON_IsObject(v))
		return bad(s, i, "skip_turn", "an object of maps and turns");
	cJSON_ArrayForEach(e, v)
		if (data_json_int(e, 1, 999, &n) < 0)
			return bad(s, i, "skip_turn", "a turn from 1 to 999 for "
			    "each map");
	return ST_OK;
}

static int
check(struct sequence *s)
{
	const cJSON *f = cJSON_GetObjectItemCaseSensitive(s->root, "format");
	const cJSON *p;
	int i = 0, st, ends = 0;

	if (!cJSON_IsString(f) || strcmp(f->valuestring, SEQUENCE_FORMAT) != 0)
		return bad(s, -1, "format", "\"" SEQUENCE_FORMAT "\"");
	s->phases = cJSON_GetObjectItemCaseSensitive(s->root, "phases");
	s->n = cJSON_GetArraySize(s->phases);
	if (!cJSON_IsArray(s->phases) || s->n < 1 || s->n > SEQUENCE_MAX_PHASES)
		return bad(s, -1, "phases", "an array of 1 to 64 phases");
	cJSON_ArrayForEach(p, s->phases) {
		if ((st = check_phase(s, i++, p)) != ST_OK)
			return st;
		ends += cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p,
		    "ends_turn"));
	}
	if (ends != 1 || !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(
	    cJSON_GetArrayItem(s->phases, s->n - 1), "ends_turn")))
		return bad(s, -1, "phases", "the last phase, and it alone, "
		    "with \"ends_turn\": true");
	return ST_OK;
}

int
sequence_load(const struct ctx *c, const char *game, struct sequence *s)
{
	char rel[PATH_MAX];
	int st;

	memset(s, 0, sizeof *s);
	snprintf(rel, sizeof rel, "%s/sequence.json", game);
	if ((st = data_load_json(c, rel, &s->root, s->path)) != ST_OK)
		return st;
	if ((st = check(s)) != ST_OK) {
		sequence_free(s);
		return st;
	}
	return ST_OK;
}

void
sequence_free(struct sequence *s)
{
	cJSON_Delete(s->root);
	s->root = NULL;
}

const cJSON *
sequence_phase(const struct sequence *s, int i)
{
	return cJSON_GetArrayItem(s->phases, i);
}

const char *
sequence_name(const struct sequence *s, int i)
{
	return cJSON_GetObjectItemCaseSensitive(sequence_phase(s, i),
	    "name")->valuestring;
}

int
sequence_plays(const struct sequence *s, int i, const char *map, int turn)
{
	const cJSON *p = sequence_phase(s, i), *maps, *e, *skip;
	int on = 1;

	maps = cJSON_GetObjectItemCaseSensitive(p, "maps");
	if (maps) {
		on = 0;
		cJSON_ArrayForEach(e, maps)
			on |= strcmp(e->valuestring, map) == 0;
	}
	skip = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(
	    p, "skip_turn"), map);
	return on && !(skip && skip->valueint == turn);
}

void
sequence_next(const struct sequence *s, const char *map, int *turn,
    int *phase, int after)
{
	int k;

	/* two turns' worth of phases: a turn that plays none is refused by
	   no file, but must not hang the count */
	for (k = 0; k <= 2 * s->n; k++) {
		if (after || k > 0) {
			if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(
			    sequence_phase(s, *phase), "ends_turn"))) {
				(*turn)++;
				*phase = 0;
			} else
				(*phase)++;
		}
		if (*phase < s->n && sequence_plays(s, *phase, map, *turn))
			return;
	}
}
