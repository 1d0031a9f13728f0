/*
 * move-cost-apply.c: a move, or a retreat or an advance after combat,
 * made in a saved game (`umpire move-cost --saved NAME --to HEX --apply`,
 * `... --retreat N --to HEX --apply`).
 *
 * A combat result applied to the saved game leaves its retreats and
 * advances open (lib/saved_apply.h, "pending"); here the open step is
 * read before the answer (its length, an advance's first hex), the hex
 * the player chose is checked against the legal ends the answer found
 * (move-cost-retreat.c, move-cost-map.c's reach), and the unit is moved
 * there, or removed where the answer is that it dies, by saved_step(),
 * which takes the steps in the order the rules give.  The rules are the
 * game's and lib/move_route.c's; this file knows none.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "games/game.h"
#include "hex.h"
#include "map.h"
#include "move-cost-map.h"
#include "saved.h"
#include "saved_apply.h"
#include "situation.h"
#include "trail.h"

static const char *
kind_of(const struct mc_args *a)
{
	return a->req.mode == MOVE_RETREAT ? "retreat" : "advance";
}

static const char *
member_str(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* The open step every unit of the stack owes: one entry, first in turn. */
static int
owed_entry(struct saved *sv, const struct mc_args *a, cJSON **entry)
{
	cJSON *take;
	char why[320];
	int i, dropped;

	*entry = NULL;
	/* saved_pending_check gives up optional steps in memory only: the
	   file is written by saved_step alone */
	saved_begin(sv);
	for (i = 0; i < a->ntypes; i++) {
		if (saved_pending_check(sv, kind_of(a), a->types[i], &take,
		    &dropped, why, sizeof why) != ST_OK)
			return err(ST_USAGE, "%s: '%s'", why, a->types[i]);
		if (!take)
			return err(ST_USAGE, "saved game '%s' owes no %s for "
			    "'%s'", sv->name, kind_of(a), a->types[i]);
		if (*entry && take != *entry)
			return err(ST_USAGE, "'%s' owes a %s of its own, not "
			    "with '%s': apply each on its own: '%s'",
			    a->types[i], kind_of(a), a->types[0], a->types[i]);
		*entry = take;
	}
	return ST_OK;
}

/* The step's length, into a (owed) or held to a's. */
static int
owed_hexes(const struct saved *sv, const cJSON *entry, struct mc_args *a)
{
	const cJSON *h = cJSON_GetObjectItemCaseSensitive(entry, "hexes");
	int lo = a->req.mode == MOVE_RETREAT ? 1 : 0;

	if (!cJSON_IsNumber(h))
		return a->owed ? err(ST_USAGE, "the %s saved game '%s' owes "
		    "'%s' gives no length: give --%s N: '%s'", kind_of(a),
		    sv->name, a->types[0], kind_of(a), "owed") : ST_OK;
	if (h->valueint < lo || h->valueint > 20 || h->valueint != h->valuedouble)
		return err(ST_USAGE, "the %s saved game '%s' owes '%s' is %g "
		    "hexes (expected %d to 20): '%s'", kind_of(a), sv->name,
		    a->types[0], h->valuedouble, lo, "hexes");
	if (a->owed)
		a->req.hexes = h->valueint;
	else if (a->req.hexes != h->valueint)
		return err(ST_USAGE, "--%s %d: saved game '%s' owes a %s of %d "
		    "hex%s for '%s' (give that, or owed): '%d'", kind_of(a),
		    a->req.hexes, sv->name, kind_of(a), h->valueint,
		    h->valueint == 1 ? "" : "es", a->types[0], a->req.hexes);
	return ST_OK;
}

int
move_cost_owed(struct saved *sv, struct mc_args *a)
{
	/* the entry goes when its last unit has done its part: copies */
	static char via[HEX_IDLEN + 8];
	const char *v, *side;
	cJSON *entry;
	int st;

	if ((st = owed_entry(sv, a, &entry)) != ST_OK ||
	    (st = owed_hexes(sv, entry, a)) != ST_OK)
		return st;
	v = member_str(entry, "via");
	if (a->req.mode == MOVE_ADVANCE && v) {
		if (a->via && strcmp(a->via, v) != 0)
			return err(ST_USAGE, "--via %s: the advance saved game "
			    "'%s' owes enters %s first: '%s'", a->via, sv->name,
			    v, a->via);
		snprintf(via, sizeof via, "%s", v);
		a->via = via;
	}
	/* the attackers' own retreat (the game reads MOVE_ATTACKER) */
	side = member_str(entry, "side");
	if (a->req.mode == MOVE_RETREAT && side && strcmp(side, "attacker") == 0)
		a->req.flags |= MOVE_ATTACKER;
	return ST_OK;
}

/* Hex ids of list[0..k), ", " between, as many as fit in buf. */
static void
hex_list(const struct map *m, const int *list, int k, char *buf, size_t len)
{
	char id[HEX_IDLEN];
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < k && n + HEX_IDLEN + 8 < len; i++) {
		map_hex_id(m, list[i], id);
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? ", " : "",
		    id);
	}
	if (i < k)
		snprintf(buf + n, len - n, ", ...");
}

int
move_cost_map_end_index(struct mm_run *r, const int *list, int k)
{
	const char *kind = kind_of(r->a);
	char ends[400], id[HEX_IDLEN];
	int i;

	for (i = 0; r->to >= 0 && i < k; i++)
		if (list[i] == r->to)
			return i;
	hex_list(r->map, list, k, ends, sizeof ends);
	if (r->to < 0)
		return err(ST_USAGE, "--apply: say where the %s ends with --to "
		    "(one of %s): '%s'", kind, k ? ends : "none", "--apply"), -1;
	map_hex_id(r->map, r->to, id);
	if (k == 0)
		return err(ST_USAGE, "--to %s: the %s may end in no hex: '%s'",
		    id, kind, id), -1;
	return err(ST_USAGE, "--to %s: not a hex where the %s may end "
	    "(expected one of %s): '%s'", id, kind, ends, id), -1;
}

void
move_cost_map_end_route(struct mm_run *r, struct trail *t, cJSON *json,
    const int *hexes, int n)
{
	char id[HEX_IDLEN], by[400];
	cJSON *o = json_object(), *arr = json_array();
	int i;

	r->end.fate = MM_MOVE;
	r->end.route = err_malloc(((size_t)n + 1) * sizeof *r->end.route);
	memcpy(r->end.route, hexes, ((size_t)n + 1) * sizeof *hexes);
	r->end.n = n;
	for (i = 1; i <= n; i++) {
		map_hex_id(r->map, hexes[i], id);
		json_push(arr, cJSON_CreateString(id));
	}
	hex_list(r->map, hexes + 1, n, by, sizeof by);
	map_hex_id(r->map, hexes[n], id);
	trail_step(t, NULL, "the %s chosen ends in %s, by %s", kind_of(r->a),
	    id, by);
	json_set_str(o, "hex", id);
	json_set(o, "route", arr);
	json_set(json, "end", o);
}

void
move_cost_map_end_prev(struct mm_run *r, struct trail *t, cJSON *json,
    const int *prev)
{
	int n = 0, i, h, size = map_size(r->map), *hexes;

	for (h = r->to; h != r->mm.origin && h >= 0 && n < size; h = prev[h])
		n++;
	hexes = err_malloc(((size_t)n + 1) * sizeof *hexes);
	for (i = n, h = r->to; i > 0; i--, h = prev[h])
		hexes[i] = h;
	hexes[0] = r->mm.origin;
	move_cost_map_end_route(r, t, json, hexes, n);
	free(hexes);
}

/* "a", "a and b", "a, b and c": the stack's ids. */
static void
ids_text(const struct mc_args *a, char *buf, size_t len)
{
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < a->ntypes && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i == 0 ? "" :
		    i + 1 == a->ntypes ? " and " : ", ", a->types[i]);
}

void
move_cost_entered(const struct mm_run *r, const int *path, int n, cJSON *fx,
    struct trail *t)
{
	const struct unit *su[MC_MAXUNITS];
	char text[800] = "", *line, *tab, *save;
	int i, nsu = 0;

	if (!r->g->move->applied)
		return;
	for (i = 0; i < r->a->ntypes && nsu < MC_MAXUNITS; i++)
		if ((su[nsu] = situation_find(r->sit, r->a->types[i])) != NULL)
			nsu++;
	if (nsu == 0)
		return;
	r->g->move->applied(r->map, r->sit, su, nsu, path, n, fx, text,
	    sizeof text);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL,
	    "\n", &save))
		if ((tab = strchr(line, '\t')) != NULL) {
			*tab = '\0';
			trail_step(t, line, "%s", tab + 1);
		}
}

void
move_cost_applied(struct saved *sv, struct trail *t, cJSON *json,
    const char *text, int dropped)
{
	cJSON *applied = json_object();
	int step = cJSON_GetArraySize(saved_log(sv));

	/* saved_step gave up the optional steps before this one */
	if (dropped)
		trail_step(t, NULL, "%d optional step%s left open given up (an "
		    "advance not made)", dropped, dropped == 1 ? "" : "s");
	trail_result(t, NULL, "applied: %s in saved game %s (step %d of its "
	    "log)", text, sv->name, step);
	json_set_str(applied, "saved", sv->name);
	json_set_int(applied, "step", step);
	json_set(json, "applied", applied);
}

/* Unit id's effect: moved to the end, removed, or none (it stays). */
static cJSON *
end_effects(const struct mm_run *r, const char *id, const char *rule)
{
	cJSON *effects = json_array();
	char hex[HEX_IDLEN];

	if (r->end.fate == MM_STAY)
		return effects;
	if (r->end.fate == MM_MOVE) {
		map_hex_id(r->map, r->end.route[r->end.n], hex);
		saved_effect(effects, id, "to", hex, rule);
	} else
		saved_effect(effects, id, "remove", NULL, rule);
	return effects;
}

/* The log's words for the stack's step, and the answer's line. */
static void
end_words(const struct mm_run *r, const cJSON *json, char *what, size_t len,
    char *line, size_t llen)
{
	const cJSON *res = cJSON_GetObjectItemCaseSensitive(json, "result");
	const char *text = member_str(res, "text");
	char hex[HEX_IDLEN], by[400], ids[200];
	int many = r->a->ntypes > 1;

	ids_text(r->a, ids, sizeof ids);
	if (r->end.fate == MM_MOVE) {
		map_hex_id(r->map, r->end.route[r->end.n], hex);
		hex_list(r->map, r->end.route + 1, r->end.n, by, sizeof by);
		snprintf(what, len, "%s %s to %s by %s", ids, r->a->req.mode ==
		    MOVE_RETREAT ? "retreated" : "advanced", hex, by);
		snprintf(line, llen, "%s %s in %s", ids, many ? "are" : "is",
		    hex);
		return;
	}
	map_hex_id(r->map, r->mm.origin, hex);
	snprintf(what, len, "%s: %s", ids, text ? text : kind_of(r->a));
	if (r->end.fate == MM_REMOVE)
		snprintf(line, llen, "%s go%s to the dead pile", ids,
		    many ? "" : "es");
	else
		snprintf(line, llen, "%s %s in %s", ids, many ? "stay" : "stays",
		    hex);
}

/*
 * One step of the saved game for the whole stack, which retreats or
 * advances together (loe 8.4.2 B): the stack's end was checked once, for
 * all of it; each unit takes its part of the one open step.
 */
int
move_cost_apply_end(const struct ctx *c, struct mm_run *r, struct saved *sv,
    struct trail *t, cJSON *json)
{
	char what[600], line[400], why[320], rule[64] = "";
	struct saved_step s = { .take = kind_of(r->a), .what = what,
	    .argc = c->argc, .argv = c->argv };
	cJSON *entry, *effects = json_array(), *one, *e;
	int i, st, dropped;

	if (r->end.rule)
		snprintf(rule, sizeof rule, "%s", r->end.rule);
	else if (owed_entry(sv, r->a, &entry) == ST_OK &&
	    member_str(entry, "rule"))
		snprintf(rule, sizeof rule, "%s", member_str(entry, "rule"));
	s.rule = rule[0] ? rule : NULL;
	for (i = 0; i < r->a->ntypes; i++) {
		one = end_effects(r, r->a->types[i], s.rule);
		while ((e = cJSON_DetachItemFromArray(one, 0)) != NULL)
			json_push(effects, e);
		cJSON_Delete(one);
	}
	/* the hexes the stack entered on its way (loe 3.3 B) */
	if (r->end.fate == MM_MOVE)
		move_cost_entered(r, r->end.route + 1, r->end.n, effects, t);
	s.unit = r->a->types[0];
	s.also = r->a->types + 1;
	s.nalso = r->a->ntypes - 1;
	s.effects = effects;
	end_words(r, json, what, sizeof what, line, sizeof line);
	st = saved_step(sv, &s, &dropped, why, sizeof why);
	cJSON_Delete(effects);
	if (st != ST_OK)
		return why[0] ? err(st, "--apply: %s", why) : st;
	move_cost_applied(sv, t, json, line, dropped);
	return ST_OK;
}

/* The side of unit id in the saved game, or NULL. */
static const char *
unit_side(const struct saved *sv, const char *id)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(saved_unit(sv, id),
	    "side");

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* The hexes the answer's path enters, after the first (where it starts),
 * to the game (move_cost_entered). */
static void
entered(const struct mm_run *r, const cJSON *json, cJSON *fx,
    struct trail *t)
{
	const cJSON *path = cJSON_GetObjectItemCaseSensitive(json, "path"), *h;
	int hexes[256], n = 0, idx;

	cJSON_ArrayForEach(h, path) {
		idx = map_lookup(r->map, cJSON_GetStringValue(
		    cJSON_GetObjectItemCaseSensitive(h, "hex")) ?
		    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(h,
		    "hex")) : "");
		if (idx >= 0 && idx != r->mm.origin && n < 256)
			hexes[n++] = idx;
	}
	move_cost_entered(r, hexes, n, fx, t);
}

int
move_cost_apply_move(const struct ctx *c, struct mm_run *r, struct saved *sv,
    struct trail *t, cJSON *json)
{
	const cJSON *res = cJSON_GetObjectItemCaseSensitive(json, "result");
	const cJSON *rule = cJSON_GetObjectItemCaseSensitive(res, "rule");
	char id[HEX_IDLEN], what[160], why[320], line[HEX_IDLEN + 80];
	cJSON *effects = json_array();
	/* a unit moves in its side's phase that lists moves (loe 4.1 B) */
	struct saved_step s = { .effects = effects, .what = what,
	    .argc = c->argc, .argv = c->argv, .ctx = c,
	    .procedure = "move-cost", .side = unit_side(sv, r->a->types[0]) };
	int st, dropped;

	map_hex_id(r->map, r->to, id);
	saved_effect(effects, r->a->types[0], "to", id, NULL);
	entered(r, json, effects, t);
	/* the game's mark of a move made (loe 7.3 E), until the phase ends */
	if (r->g->move->moved)
		saved_effect(effects, r->a->types[0], "mark", r->g->move->moved,
		    r->g->move->moved_rule);
	snprintf(what, sizeof what, "%s moved to %s: %s", r->a->types[0], id,
	    cJSON_GetObjectItemCaseSensitive(res, "text")->valuestring);
	s.rule = cJSON_IsString(rule) ? rule->valuestring : NULL;
	st = saved_step(sv, &s, &dropped, why, sizeof why);
	cJSON_Delete(effects);
	if (st != ST_OK)
		return why[0] ? err(st, "--apply: %s", why) : st;
	snprintf(line, sizeof line, "%s is in %s", r->a->types[0], id);
	move_cost_applied(sv, t, json, line, dropped);
	return ST_OK;
}

int
move_cost_open_saved(const struct mc_args *a, struct mc_args *own,
    struct saved *sv)
{
	int st;

	if (!a->apply && !a->owed)
		return ST_OK;
	if ((st = saved_open(sv, a->situation + strlen(GAME_SAVED_SPEC),
	    a->apply)) != ST_OK)
		return st;
	return a->req.mode == MOVE_NORMAL ? ST_OK : move_cost_owed(sv, own);
}
