/*
 * supply-trace-apply.c: `umpire supply-trace --apply`: the check's
 * findings applied to a saved game.  What each answer does to its unit
 * (a marker put on or taken off, the unit lost) is the game's, as effects
 * (lib/supply.h's apply, lib/saved_apply.h's shape); here they become one
 * logged, undoable step of the saved game and are shown, unit by unit,
 * with the rule of each.
 */
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "err.h"
#include "games/game.h"
#include "json.h"
#include "out.h"
#include "saved.h"
#include "saved_apply.h"
#include "situation.h"
#include "supply-trace.h"
#include "trail.h"

static const char *
str(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/*
 * What the effects from e on do to e's unit, as words: "marked oos-1",
 * "oos-1 taken off", "oos-1 -> oos-2" (a marker taken off and another put
 * on by one rule, a counter flipped), "removed to the dead pile".  Returns
 * the first effect after those.
 */
static const cJSON *
change_text(const cJSON *e, char *buf, size_t len)
{
	const cJSON *n = e->next;

	if (str(e, "unmark") && n && str(n, "mark") && str(e, "unit") &&
	    str(n, "unit") && strcmp(str(e, "unit"), str(n, "unit")) == 0 &&
	    str(e, "rule") && str(n, "rule") &&
	    strcmp(str(e, "rule"), str(n, "rule")) == 0) {
		snprintf(buf, len, "%s -> %s", str(e, "unmark"), str(n, "mark"));
		return n->next;
	}
	if (str(e, "mark"))
		snprintf(buf, len, "marked %s", str(e, "mark"));
	else if (str(e, "unmark"))
		snprintf(buf, len, "%s taken off", str(e, "unmark"));
	else if (cJSON_GetObjectItemCaseSensitive(e, "remove"))
		snprintf(buf, len, "%s", "removed to the dead pile");
	else
		snprintf(buf, len, "%s", "changed");
	return n;
}

/* The step's line in the log: each unit's change, or, when they are too
 * many for a line, how many units changed. */
static void
step_what(const struct st_args *a, const cJSON *effects, char *buf,
    size_t len)
{
	const cJSON *e;
	char change[96];
	size_t n;
	int units = 0;

	n = (size_t)snprintf(buf, len, "supply checked, %s %s", a->unit ?
	    "unit" : "side", a->unit ? a->unit : a->side);
	for (e = effects->child; e; units++) {
		const char *id = str(e, "unit");

		e = change_text(e, change, sizeof change);
		if (n < len)
			n += (size_t)snprintf(buf + n, len - n, "%s%s %s",
			    units ? "; " : ": ", id, change);
	}
	if (n >= len)
		snprintf(buf, len, "supply checked, %s %s: %d changes",
		    a->unit ? "unit" : "side", a->unit ? a->unit : a->side,
		    units);
}

/* How many markers unit id carries once the effects are applied (the game
 * marks only what the unit lacks and takes off only what it has). */
static int
markers_after(const struct st_run *run, const cJSON *effects, const char *id)
{
	const struct unit *u = situation_find(run->sit, id);
	const cJSON *e;
	int n = u ? u->nmarkers : 0;

	cJSON_ArrayForEach(e, effects)
		if (str(e, "unit") && strcmp(str(e, "unit"), id) == 0)
			n += (str(e, "mark") != NULL) - (str(e, "unmark") != NULL);
	return n;
}

int
supply_trace_effects(const char *opt, const char *where, struct st_run *run,
    cJSON *effects, const char **rule)
{
	const struct supply_rules *rules = run->r.g->supply;
	const cJSON *e;
	char why[400];
	int st;

	snprintf(why, sizeof why, "%s", rules->unapplied ? rules->unapplied :
	    "the game's supply rules set no marker on a unit");
	st = rules->apply ? rules->apply(&run->r, run->ans, run->n, effects,
	    rule, why, sizeof why) : ST_USAGE;
	if (st != ST_OK)
		return err(st, "%s: %s", opt, why);
	/* a file umpire writes must be one it reads back */
	cJSON_ArrayForEach(e, effects)
		if (str(e, "mark") && markers_after(run, effects,
		    str(e, "unit")) > UNIT_MAX_MARKERS)
			return err(ST_DATA, "%s: unit '%s' has no room for "
			    "another marker (at most %d): nothing written",
			    where, str(e, "unit"), UNIT_MAX_MARKERS);
	return ST_OK;
}

int
supply_trace_apply(const struct ctx *c, const struct st_args *a,
    struct st_run *run, struct saved *sv)
{
	cJSON *effects = json_array();
	char what[256], why[400], where[SAVED_NAME_MAX + 16];
	/* named members: the struct grows with the steps the engine takes */
	/* 9.4: at the start of the side's own movement phase */
	struct saved_step s = { .effects = effects, .what = what,
	    .argc = c->argc, .argv = c->argv, .ctx = c,
	    .procedure = "supply-trace", .side = a->side ? a->side :
	    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(saved_unit(sv,
	    a->unit), "side")) };
	int st, dropped, before = cJSON_GetArraySize(saved_log(sv));

	snprintf(where, sizeof where, "saved game '%s'", sv->name);
	if ((st = supply_trace_effects("--apply", where, run, effects,
	    &s.rule)) != ST_OK) {
		cJSON_Delete(effects);
		return st;
	}
	/* nothing to change: no step, unless saved_step is to refuse it (an
	 * ended game); a step of no effects would still log the open steps'
	 * list the engine makes when it reads it (saved_pending) */
	st = ST_OK;
	why[0] = '\0';
	if (effects->child || saved_ended(sv)) {
		step_what(a, effects, what, sizeof what);
		st = saved_step(sv, &s, &dropped, why, sizeof why);
	}
	if (st != ST_OK) {
		cJSON_Delete(effects);
		return why[0] ? err(st, "--apply: %s", why) : st;
	}
	run->applied = json_object();
	json_set_str(run->applied, "saved", sv->name);
	/* nothing changed, nothing logged (saved_commit) */
	if (cJSON_GetArraySize(saved_log(sv)) > before)
		json_set_int(run->applied, "step",
		    cJSON_GetArraySize(saved_log(sv)));
	else
		json_set(run->applied, "step", cJSON_CreateNull());
	json_set_str(run->applied, "rule", s.rule);
	json_set(run->applied, "effects", effects);
	return ST_OK;
}

void
supply_trace_applied_out(const struct st_run *run, struct trail *t,
    cJSON *j)
{
	const cJSON *e, *next, *effects, *step;
	char change[96];

	if (!run->applied)
		return;
	effects = cJSON_GetObjectItemCaseSensitive(run->applied, "effects");
	step = cJSON_GetObjectItemCaseSensitive(run->applied, "step");
	if (cJSON_IsNumber(step))
		trail_line(t, "applied to saved game %s, step %d of its log:",
		    str(run->applied, "saved"), step->valueint);
	else
		trail_line(t, "applied to saved game %s: no marker changes, "
		    "nothing logged", str(run->applied, "saved"));
	for (e = effects->child; e; e = next) {
		next = change_text(e, change, sizeof change);
		trail_step(t, str(e, "rule"), "%-12s %s: %s", str(e, "unit"),
		    change, str(e, "why") ? str(e, "why") : "");
	}
	json_set(j, "applied", json_must(cJSON_Duplicate(run->applied, 1)));
}
