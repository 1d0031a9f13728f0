/*
 * iwiif_move.c: what a stand of I wish I was in France! may move, for the
 * move-cost answer without a map: its move and assault distances by type
 * (10, rules/iwiif/movement.json) and what its condition allows (9):
 * suppressed stands do not advance, pinned ones do not move, broken ones
 * fall back at full speed toward their base edge without an action.  An
 * armoured car ignores the limits of suppressed and pinned (23).  Moving
 * ends being in position (14) and undoes an HMG's or mortar's set-up
 * (15); a runner's first segment each phase is free (21); a stand keeps
 * within 1" of its platoon unless abandoned (10).
 *
 * Request fields: "unit" (infantry, cavalry, runner, vehicle, ac,
 * artillery, wagon), "condition" (steady, suppressed, pinned, broken) and
 * the flags "in_position" and "set_up".
 */
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "games/iwiif/iwiif.h"
#include "opt.h"

/* `umpire move-cost`'s options for a stand */
const struct opt iwiif_move_cost_opts[] = {
	{ OPT_FIELD, 0, "condition", "name", "the stand's condition "
	  "(default steady)", "steady suppressed pinned broken" },
	{ OPT_FIELD, 0, "in-position", NULL, "the stand is in "
	  "position", NULL },
	{ OPT_FIELD, 0, "set-up", NULL, "the HMG or mortar is set up",
	  NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

const char *const iwiif_move_cost_fields[] = { "game", "unit", "condition",
	"in_position", "set_up", NULL };

static void
answer(struct out_result *o, int move, int assault, const char *rule,
    const char *text)
{
	cJSON *r = json_object();
	char code[32];

	snprintf(code, sizeof code, "%d/%d", move, assault);
	json_set_int(o->json, "move", move);
	json_set_int(o->json, "assault", assault);
	json_set_str(r, "code", code);
	json_set_str(r, "text", text);
	json_set_str(r, "rule", rule);
	json_set(o->json, "result", r);
	out_result_line(o, rule, "result: %s", text);
}

static int
distances(struct out_result *o, const struct iwiif_chart *ch, const char *row,
    int *move, int *assault, const char **title)
{
	const cJSON *e = iwiif_chart_entry(o, ch, "stands", row);
	int null, st;

	if (!e)
		return ST_DATA;
	*title = iwiif_title(e);
	if ((st = iwiif_chart_int(o, ch, e, "move", move, NULL)) != ST_OK ||
	    (st = iwiif_chart_int(o, ch, e, "assault", assault, &null)) != ST_OK)
		return st;
	return ST_OK;
}

/* What the condition leaves of the distances (9, 23). */
static void
condition(struct out_result *o, const char *cond, int ac, int move, int assault)
{
	char text[200];

	if (strcmp(cond, "broken") == 0) {
		out_step(o, "9", "broken: falls back at full speed toward its base "
		    "edge, no action needed; no firing");
		snprintf(text, sizeof text, "falls back %d\" toward its base edge; "
		    "no assault", move);
		answer(o, move, 0, "9", text);
	} else if (ac && strcmp(cond, "steady") != 0) {
		out_step(o, "23", "an armoured car ignores the movement limits of "
		    "%s", cond);
		snprintf(text, sizeof text, "moves %d\"", move);
		answer(o, move, assault, "23", text);
	} else if (strcmp(cond, "pinned") == 0) {
		out_step(o, "9", "pinned: no movement and no fire");
		answer(o, 0, 0, "9", "may not move");
	} else if (strcmp(cond, "suppressed") == 0) {
		out_step(o, "9", "suppressed: will not advance, may fire");
		snprintf(text, sizeof text, "moves %d\", but not toward the enemy; "
		    "no assault", move);
		answer(o, move, 0, "10", text);
	} else {
		if (assault)
			snprintf(text, sizeof text, "moves %d\", assaults %d\"", move,
			    assault);
		else
			snprintf(text, sizeof text, "moves %d\"; may not assault", move);
		answer(o, move, assault, "10", text);
	}
}

int
iwiif_move_cost(struct ctx *c, const cJSON *req, struct out_result *o)
{
	struct iwiif_chart ch;
	char unit[16], cond[16];
	const char *title;
	int st, in_position, set_up, move, assault, ac;

	memset(&ch, 0, sizeof ch);
	if ((st = crt_req_check(o, req, IWIIF, iwiif_move_cost_fields)) != ST_OK ||
	    (st = iwiif_req_word(o, req, "unit", "infantry cavalry runner vehicle "
	    "ac artillery wagon", unit, sizeof unit)) != ST_OK ||
	    (st = iwiif_req_word(o, req, "condition", "steady suppressed pinned "
	    "broken", cond, sizeof cond)) != ST_OK ||
	    (st = crt_req_flag(o, req, "in_position", &in_position)) != ST_OK ||
	    (st = crt_req_flag(o, req, "set_up", &set_up)) != ST_OK)
		return st;
	if (!unit[0])
		return out_fail(o, ST_USAGE, "no unit given (expected infantry, "
		    "cavalry, runner, vehicle, ac, artillery or wagon)");
	if (!cond[0])
		snprintf(cond, sizeof cond, "steady");
	ac = strcmp(unit, "ac") == 0;
	if ((st = iwiif_chart_load(o, c, "movement", &ch)) != ST_OK ||
	    (st = distances(o, &ch, ac ? "vehicle" : unit, &move, &assault,
	    &title)) != ST_OK)
		goto out;
	out_title(o, "I wish I was in France!: movement");
	if (assault)
		out_step(o, "10", "%s: move %d\", assault %d\"", title, move,
		    assault);
	else
		out_step(o, "10", "%s%s: move %d\", no assault", ac ?
		    "armoured car, a " : "", title, move);
	if (strcmp(unit, "runner") == 0)
		out_step(o, "21", "a runner moves one segment each activation phase "
		    "free; each further segment costs its officer an action");
	if (in_position)
		out_step(o, "14", "moving ends being in position");
	if (set_up)
		out_step(o, "15", "moving undoes the set-up: it must set up again "
		    "before it fires");
	out_step(o, "10", "it must end within 1\" of another stand of its "
	    "platoon, unless abandoned");
	json_set_str(o->json, "condition", cond);
	json_set_str(o->json, "table_source", ch.source);
	condition(o, cond, ac, move, assault);
out:
	iwiif_chart_free(&ch);
	return st;
}
