/*
 * loe_once.c: what Lion of Ethiopia lets a side do only once in a game,
 * for `umpire game use` (the procedure "once"): the Imperial Army's first
 * attack (13.2.2, numbered so in the rulebook under 13.3), the call on
 * the League of Nations (16.2, an optional rule) and the Askari
 * withdrawal of the Jan 1 turn (14.3.2 A), which `umpire victory` reads:
 * missed, Ethiopia wins (14.3.2 B).  Each names the phase of
 * the sequence of play (rules/loe/sequence.json) it is used in, so that
 * the saved game refuses it at another moment.
 */
#include "err.h"
#include "loe_impl.h"
#include "out.h"

static const struct {
	const char *name, *rule, *side, *phase, *text;
} once[] = {
	{ "first-attack", "13.2.2 A", "ethiopian", "ethiopian combat",
	  "the Imperial Army attacks Italian ground units for the first time: "
	  "1R on each battle an Imperial Army unit joins this combat phase "
	  "(umpire crt --first-attack)" },
	{ "league-of-nations", "16.2", "ethiopian", "ethiopian reinforcement",
	  "Ethiopia calls on the League of Nations at the start of its "
	  "reinforcement phase: roll on its table (umpire table loe "
	  "league-of-nations)" },
	{ "askari-withdrawal", "14.3.2 A", "italian", "italian reinforcement",
	  "at the start of the Jan 1 Italian reinforcement phase Italy takes "
	  "Askari units of 6 CF or more off the map (umpire game remove); "
	  "without it Ethiopia wins (14.3.2 B, umpire victory)" },
};

int
loe_once_run(struct ctx *c, const cJSON *req, struct out_result *res)
{
	cJSON *list = json_array(), *o;
	size_t i;

	(void)c;
	(void)req;
	for (i = 0; i < sizeof once / sizeof *once; i++) {
		o = json_object();
		json_set_str(o, "name", once[i].name);
		json_set_str(o, "rule", once[i].rule);
		json_set_str(o, "side", once[i].side);
		json_set_str(o, "phase", once[i].phase);
		json_set_str(o, "text", once[i].text);
		json_push(list, o);
	}
	json_set(res->json, "once", list);
	return ST_OK;
}
