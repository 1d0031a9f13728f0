/*
 * air_req.c: the members of an airstrike request every game with air
 * units reads (air_req.h), checked as the command line gave them, and
 * what goes together with what.  The games' own members and rules are in
 * their folders (lib/games/<id>/).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "air_req.h"
#include "err.h"
#include "opt.h"

/* Digits only (opt_count): strtol would take " 5" and "+5" too. */
int
air_req_number(const char *opt, const char *s, int lo, int hi, int *out)
{
	int v = opt_count(s, NULL, hi);

	if (v < lo)
		return err(ST_USAGE, "bad %s: '%s' (expected %d to %d)", opt, s,
		    lo, hi);
	*out = v;
	return ST_OK;
}

/* A name or a hex: never "", which some paths would take for none given
 * (a game may read --situation for one mission only) and others look up. */
static int
named(const char *opt, const char *what, const char *arg, const char **out)
{
	if (!*arg)
		return err(ST_USAGE, "empty %s: '' (expected %s)", opt, what);
	*out = arg;
	return ST_OK;
}

/* The state commands: one a run. */
static int
set_act(struct air_req *a, const char *key)
{
	static const struct { const char *key; enum air_act act; } acts[] = {
		{ "status", AIR_ACT_STATUS }, { "undo", AIR_ACT_UNDO },
		{ "new_turn", AIR_ACT_NEW_TURN }, { "new_phase", AIR_ACT_NEW_PHASE },
		{ "overrun", AIR_ACT_OVERRUN },
	};
	size_t i;

	for (i = 0; i < sizeof acts / sizeof *acts; i++)
		if (strcmp(acts[i].key, key) == 0) {
			a->act = acts[i].act;
			a->nacts++;
			return 1;
		}
	return 0;
}

int
air_req_flag(void *obj, const struct air_req_flag *f, size_t n,
    const char *key)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(f[i].key, key) == 0) {
			*(int *)(void *)((char *)obj + f[i].at) = 1;
			return 1;
		}
	return 0;
}

static int
set_flag(struct air_req *a, const char *key)
{
	static const struct air_req_flag flags[] = {
		{ "odds", offsetof(struct air_req, odds) },
		{ "check", offsetof(struct air_req, check) },
		{ "fly", offsetof(struct air_req, fly) },
		{ "apply", offsetof(struct air_req, apply) },
		{ "oos", offsetof(struct air_req, oos) },
		{ "flown", offsetof(struct air_req, flown) },
	};

	return air_req_flag(a, flags, sizeof flags / sizeof *flags, key) ||
	    set_act(a, key);
}

static int
set_field(struct air_req *a, const char *key, const char *arg)
{
	a->act = strcmp(key, "build_field") == 0 ? AIR_ACT_BUILD :
	    AIR_ACT_REMOVE;
	a->nacts++;
	a->field_hex = arg;
	if (!air_state_id_ok(arg))
		return err(ST_USAGE, "bad hex: '%s' (expected a hex id like "
		    "4020)", arg);
	return ST_OK;
}

/* A member with a value: ST_OK, reported, or -1 when not a shared one. */
static int
set_value(struct air_req *a, const char *key, const char *arg)
{
	if (strcmp(key, "units") == 0) {
		a->units_given = 1;
		return air_req_number("--units", arg, 1, 99, &a->units);
	}
	if (strcmp(key, "range") == 0)
		return air_req_number("--range", arg, 0, 999, &a->range);
	if (strcmp(key, "distance") == 0)
		return air_req_number("--distance", arg, 0, 99999, &a->distance);
	if (strcmp(key, "build_field") == 0 || strcmp(key, "remove_field") == 0)
		return set_field(a, key, arg);
	if (strcmp(key, "map") == 0)
		return named("--map", "a map", arg, &a->map);
	if (strcmp(key, "situation") == 0)
		return named("--situation", "a situation", arg, &a->situation);
	if (strcmp(key, "from") == 0)
		return named("--from", "a hex", arg, &a->from);
	if (strcmp(key, "to") == 0)
		return named("--to", "a hex", arg, &a->to);
	if (strcmp(key, "roll") == 0)
		a->roll = arg;
	else if (strcmp(key, "name") == 0)
		a->name = arg;
	else if (strcmp(key, "unit") == 0)
		a->unit = arg;
	else if (strcmp(key, "mission") == 0)
		a->mission = arg;
	else
		return -1;
	return ST_OK;
}

int
air_req_parse(const cJSON *req, struct air_req *a, air_req_own own,
    void *game_req)
{
	const cJSON *m;
	int st;

	memset(a, 0, sizeof *a);
	a->units = 1;
	a->range = a->distance = -1;
	cJSON_ArrayForEach(m, req) {
		if (cJSON_IsTrue(m) && set_flag(a, m->string))
			continue;
		st = cJSON_IsString(m) ? set_value(a, m->string, m->valuestring) :
		    -1;
		if (st == -1)
			st = own(game_req, m->string, m);
		if (st == -1)
			return err(ST_USAGE, "unknown airstrike request member: "
			    "'%s'", m->string);
		if (st != ST_OK)
			return st;
	}
	return ST_OK;
}

/* How many ids "a,b,c" lists, each valid and once (at most 32); -1 if
 * not so. */
static int
units_listed(const char *list)
{
	char word[AIR_ID_MAX], seen[32][AIR_ID_MAX];
	const char *p = list;
	size_t n;
	int k = 0, i;

	if (!*p)
		return -1;	/* "": no unit at all, not a strike by none */
	while (*p) {
		n = strcspn(p, ",");
		if (n == 0 || n >= AIR_ID_MAX || k == 32)
			return -1;
		snprintf(word, sizeof word, "%.*s", (int)n, p);
		if (!air_state_id_ok(word))
			return -1;
		for (i = 0; i < k; i++)
			if (strcmp(seen[i], word) == 0)
				return -1;
		memcpy(seen[k++], word, sizeof word);
		p += n;
		if (*p == ',' && !*++p)
			return -1;
	}
	return k;
}

/* --unit: one id for a --check, the strike's list otherwise. */
static int
check_units(struct air_req *a)
{
	int k = 0;

	if (a->unit && a->check && strchr(a->unit, ','))
		return err(ST_USAGE, "--check asks of one unit: '%s'", a->unit);
	if (a->unit && (k = units_listed(a->unit)) < 0)
		return err(ST_USAGE, "bad --unit: '%s' (expected ids of lower-case "
		    "letters, digits, - and _, comma-separated, each once)",
		    a->unit);
	if (a->unit && !a->check) {
		if (a->units_given && a->units != k)
			return err(ST_USAGE, "--units %d but --unit names %d: '%s'",
			    a->units, k, a->unit);
		a->units = k;
	}
	return ST_OK;
}

/*
 * With a saved game (--saved): the missions are its part (air_part.c).
 * Its turn, phase and log stand for --new-turn, --new-phase and --undo,
 * and --apply records a mission or a field, as `move-cost --apply` moves
 * a unit: without it nothing is written.
 */
static int
check_in_game(struct air_req *a)
{
	if (a->name)
		return err(ST_USAGE, "--name keeps air missions in a file of its "
		    "own; saved game '%s' keeps them itself: leave out --name",
		    a->game);
	if (a->fly)
		return err(ST_USAGE, "--fly is for --name: in saved game '%s', "
		    "--apply records the mission", a->game);
	if (a->act == AIR_ACT_UNDO)
		return err(ST_USAGE, "--undo is for --name: `umpire game undo` "
		    "takes back the last step of saved game '%s'", a->game);
	if (a->act == AIR_ACT_NEW_TURN || a->act == AIR_ACT_NEW_PHASE)
		return err(ST_USAGE, "--%s is for --name: saved game '%s' keeps "
		    "the turn and the phase (`umpire game next`)", a->act ==
		    AIR_ACT_NEW_TURN ? "new-turn" : "new-phase", a->game);
	if (a->apply && (a->odds || a->act == AIR_ACT_STATUS))
		return err(ST_USAGE, "--apply records a mission or a field; %s "
		    "changes nothing", a->odds ? "--odds" : "--status");
	if (a->apply && !a->act && !a->unit)
		return err(ST_USAGE, "recording a mission needs --unit (which air "
		    "unit flies)");
	a->fly = a->apply && a->check;
	return ST_OK;
}

/* --name or --saved, and what goes with them. */
static int
check_saved(struct air_req *a)
{
	int st;

	if (a->nacts > 1)
		return err(ST_USAGE, "--status, --undo, --new-turn, --new-phase, "
		    "--build-field and --remove-field exclude each other");
	if (a->game && (st = check_in_game(a)) != ST_OK)
		return st;
	if (a->apply && !a->game)
		return err(ST_USAGE, "--apply records in a saved game: give "
		    "--saved NAME (or set $UMPIRE_SAVED)");
	if (!a->name && !a->game && (a->act || a->fly || a->unit))
		return err(ST_USAGE, "%s needs a saved game (--saved NAME) or "
		    "--name", a->fly ? "--fly" : a->unit ? "--unit" :
		    "that option");
	if (a->name && !air_state_id_ok(a->name))
		return err(ST_USAGE, "bad --name: '%s' (expected lower-case "
		    "letters, digits, - and _, at most %d)", a->name,
		    AIR_ID_MAX - 1);
	if (a->act && (a->check || a->odds || a->roll || (a->unit &&
	    a->act != AIR_ACT_OVERRUN)))
		return err(ST_USAGE, "a --name command (--status, --new-turn, ...) "
		    "takes no mission");
	if (a->act == AIR_ACT_OVERRUN && !a->unit)
		return err(ST_USAGE, "--overrun needs --unit (the air units based "
		    "on the field)");
	if (a->fly && !a->check)
		return err(ST_USAGE, "--fly records a --check that is allowed; a "
		    "strike with --name records itself");
	if ((a->fly || (a->name && !a->check && !a->odds && !a->act)) &&
	    !a->unit)
		return err(ST_USAGE, "recording a mission needs --unit (which air "
		    "unit flies)");
	return check_units(a);
}

int
air_req_check_roll(const struct air_req *a)
{
	if (a->odds && a->roll)
		return err(ST_USAGE, "--odds and --roll exclude each other: --odds "
		    "covers every roll");
	return ST_OK;
}

int
air_req_check(struct air_req *a)
{
	int st;

	if ((st = check_saved(a)) != ST_OK)
		return st;
	if ((a->to || a->situation || (a->from && !a->name && !a->game)) &&
	    !a->map)
		return err(ST_USAGE, "--from, --to and --situation need --map");
	if (a->map && !a->act && (!a->from || (!a->to && !a->to_optional)))
		return err(ST_USAGE, "--map needs --from (the base) and --to (the "
		    "target)");
	if (a->map && a->distance >= 0)
		return err(ST_USAGE, "--distance and --map exclude each other: the "
		    "map counts the distance");
	if (a->check && (a->odds || a->roll))
		return err(ST_USAGE, "--check answers whether a unit may fly; "
		    "--roll and --odds resolve a strike");
	return ST_OK;
}

void
air_req_note(struct air_req *a, const char *rule, const char *fmt, ...)
{
	struct air_reason *x;
	va_list ap;

	if (a->nnotes == AIR_MAX_NOTES)
		return;
	x = &a->notes[a->nnotes++];
	x->rule = rule;
	x->bars = 0;
	va_start(ap, fmt);
	vsnprintf(x->text, sizeof x->text, fmt, ap);
	va_end(ap);
}

const char *
air_req_next_id(const char *p, char id[AIR_ID_MAX])
{
	size_t n;

	if (!p || !*p)
		return NULL;
	n = strcspn(p, ",");
	snprintf(id, AIR_ID_MAX, "%.*s", (int)(n < AIR_ID_MAX ? n :
	    AIR_ID_MAX - 1), p);
	return p[n] ? p + n + 1 : p + n;
}
