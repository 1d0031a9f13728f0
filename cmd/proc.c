/*
 * proc.c: one request, one game procedure, one result; see proc.h.
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "crt.h"
#include "err.h"
#include "options.h"
#include "out.h"
#include "proc.h"
#include "saved.h"
#include "saved_apply.h"
#include "trail.h"

int
proc_parse(const struct proc_cmd *p, cJSON *req, int argc, char **argv)
{
	struct opt_parser op;
	cJSON *ops = json_array();
	char key[64], name[64];
	int id;

	json_set(req, p->operands ? p->operands : "operands", ops);
	opt_init(&op, options_parsed(p->name), argc, argv);
	while ((id = opt_next(&op)) != OPT_END) {
		const cJSON *old;

		if (id == OPT_ERROR)
			return ST_USAGE;
		if (id == OPT_OPERAND) {
			if (!p->operands)
				return err(ST_USAGE, "unexpected argument: '%s' (%s)",
				    op.arg, p->operand_hint);
			json_push(ops, cJSON_CreateString(op.arg));
			continue;
		}
		opt_field(op.opt, key);
		old = cJSON_GetObjectItemCaseSensitive(req, key);
		if (!op.opt->arg) {
			if (!old)
				json_set_bool(req, key, 1);
			continue;
		}
		/* a second value is refused by the parser (opt.h) */
		if (!*op.arg)
			return err(ST_USAGE, "empty value for %s",
			    opt_display(op.opt, name));
		json_set_str(req, key, op.arg);
	}
	if (!p->operands)
		cJSON_DeleteItemFromObjectCaseSensitive(req, "operands");
	else if (cJSON_GetArraySize(ops) == 0 && p->operand_hint)
		return err(ST_USAGE, "%s", p->operand_hint);
	return ST_OK;
}

int
proc_game(const struct ctx *c, const struct proc_cmd *p,
    const struct game **out)
{
	const struct game *const *all, *only = NULL;
	size_t n, i, with = 0;

	if (c->game) {
		if (!(*out = game_find(c->game)))
			return err(ST_USAGE, "unknown game: '%s'", c->game);
		if (!game_proc(*out, p->name))
			return err(ST_USAGE, "%s has no %s procedure", (*out)->id,
			    p->name);
		return ST_OK;
	}
	all = game_all(&n);
	for (i = 0; i < n; i++)
		if (game_proc(all[i], p->name)) {
			only = all[i];
			with++;
		}
	if (with != 1)
		return err(ST_USAGE, "no game given (use -g, or set UMPIRE_GAME)");
	*out = only;
	return ST_OK;
}

int
proc_emit(const struct ctx *c, struct out_result *o, int st)
{
	if (st != ST_OK) {
		if (o->why[0])
			err(st, "%s", o->why);
		out_result_free(o);
		return st;
	}
	out_result_finish(o);
	st = out_emit(c, o->json, o->trail);
	o->json = NULL;
	o->trail = NULL;
	out_result_free(o);
	return st;
}

/* The result begun with what every answer has, and the game's run. */
static int
settle(struct ctx *c, const struct proc_cmd *p, const struct game *g,
    const cJSON *req, struct out_result *o)
{
	out_result_init(o, 1, 0);
	json_set_str(o->json, "game", g->id);
	json_set_str(o->json, "procedure", p->name);
	json_set(o->json, "inputs", cJSON_Duplicate(req, 1));
	return game_proc(g, p->name)->run(c, req, o);
}

int
proc_answer(struct ctx *c, const struct proc_cmd *p, const struct game *g,
    cJSON *req)
{
	struct out_result o;
	int st;

	st = settle(c, p, g, req, &o);
	crt_tables_free();
	return proc_emit(c, &o, st);
}

int
proc_run(struct ctx *c, const struct proc_cmd *p, int argc, char **argv)
{
	const struct game *g = NULL;
	cJSON *req;
	int st;

	req = json_object();
	if ((st = proc_parse(p, req, argc, argv)) == ST_OK &&
	    (st = proc_game(c, p, &g)) == ST_OK)
		st = proc_answer(c, p, g, req);
	cJSON_Delete(req);
	return st;
}

int
proc_run_saved(struct ctx *c, const struct proc_cmd *p, int argc, char **argv,
    const char *side_key)
{
	const struct game *g = NULL;
	struct saved sv = { .fd = -1 };
	struct out_result o;
	char what[200];
	cJSON *req = json_object();
	int st, apply;

	if ((st = proc_parse(p, req, argc, argv)) != ST_OK ||
	    (st = proc_game(c, p, &g)) != ST_OK) {
		cJSON_Delete(req);
		return st;
	}
	apply = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(req, "apply"));
	if (apply && (st = proc_apply_open(c, c->situation, &sv)) != ST_OK) {
		saved_close(&sv);
		cJSON_Delete(req);
		return st;
	}
	st = settle(c, p, g, req, &o);
	if (st == ST_OK && apply) {
		snprintf(what, sizeof what, "%s: %s", p->name,
		    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
		    cJSON_GetObjectItemCaseSensitive(o.json, "result"), "text")));
		st = proc_apply(c, &o, &sv, what, cJSON_GetStringValue(
		    cJSON_GetObjectItemCaseSensitive(o.json, side_key)));
	}
	saved_close(&sv);
	cJSON_Delete(req);
	return proc_emit(c, &o, st);
}

int
proc_apply_open(const struct ctx *c, const char *situation, struct saved *sv)
{
	size_t n = strlen(GAME_SAVED_SPEC);

	(void)c;
	if (!situation || strncmp(situation, GAME_SAVED_SPEC, n) != 0)
		return err(ST_USAGE, "--apply changes a saved game: give --saved "
		    "NAME (or set %s)", SAVED_ENV);
	return saved_open(sv, situation + n, 1);
}

int
proc_apply(const struct ctx *c, struct out_result *o, struct saved *sv,
    const char *what, const char *side)
{
	const cJSON *res = cJSON_GetObjectItemCaseSensitive(o->json, "result");
	const cJSON *rule = cJSON_GetObjectItemCaseSensitive(res, "rule");
	struct saved_step s = { .what = what, .argc = c->argc,
	    .argv = c->argv, .ctx = c, .side = side,
	    .procedure = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
	    o->json, "procedure")) };
	char why[OUT_WHY];
	cJSON *applied;
	int st, dropped, n;

	s.effects = cJSON_GetObjectItemCaseSensitive(o->json, "effects");
	s.rule = cJSON_IsString(rule) ? rule->valuestring : NULL;
	if (!s.effects)
		return out_fail(o, ST_USAGE, "--apply: %s", cJSON_IsString(
		    cJSON_GetObjectItemCaseSensitive(o->json, "unapplied")) ?
		    cJSON_GetObjectItemCaseSensitive(o->json,
		    "unapplied")->valuestring : "this result says nothing "
		    "umpire can apply (a code of an imported chart it cannot "
		    "read?)");
	if ((st = saved_step(sv, &s, &dropped, why, sizeof why)) != ST_OK)
		return why[0] ? out_fail(o, st, "--apply: %s", why) : st;
	n = cJSON_GetArraySize(saved_log(sv));
	if (dropped)
		out_text(o, NULL, "the advance still open is given up (%d step%s)",
		    dropped, dropped == 1 ? "" : "s");
	if (cJSON_GetArraySize(saved_pending(sv)) > 0)
		out_text(o, NULL, "applied as step %d of saved game %s; open: "
		    "%d step%s to take (umpire game show %s)", n, sv->name,
		    cJSON_GetArraySize(saved_pending(sv)),
		    cJSON_GetArraySize(saved_pending(sv)) == 1 ? "" : "s",
		    sv->name);
	else
		out_text(o, NULL, "applied as step %d of saved game %s", n,
		    sv->name);
	applied = json_object();
	json_set_str(applied, "saved", sv->name);
	json_set_int(applied, "step", n);
	json_set(applied, "pending", json_must(cJSON_Duplicate(
	    saved_pending(sv), 1)));
	json_set(o->json, "applied", applied);
	return ST_OK;
}
