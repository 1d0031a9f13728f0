/*
 * supply-trace-out.c: the answers of `umpire supply-trace` as text, as
 * JSON, as a picture (the marks `map svg --supply` draws: the line, units
 * out of supply and where their line was blocked), and written back to the
 * situation file with --update: the markers the game's rules set and the
 * units they take off (the effects --apply sets on a saved game).  The
 * file is replaced whole and keeps its mode and layout, under a lock in
 * umpire's state folder (lib/outfile.h): a crash leaves the old file
 * whole.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "data.h"
#include "err.h"
#include "games/game.h"
#include "hex.h"
#include "map.h"
#include "map-cmd.h"
#include "map-svg-job.h"
#include "json.h"
#include "json_style.h"
#include "out.h"
#include "outfile.h"
#include "state.h"
#include "supply-trace.h"
#include "svg.h"
#include "situation.h"

static const char *
id_of(const struct map *m, int hex, char buf[static HEX_IDLEN])
{
	if (hex < 0)
		return "-";
	hex_format(map_hex(m, hex), buf);
	return buf;
}

static const char *
marker_text(const struct supply_answer *a, char *buf, size_t len)
{
	const char *o = a->marker_old ? a->marker_old : "none";
	const char *n = a->marker_new ? a->marker_new : "none";

	if (strcmp(o, n) == 0)
		snprintf(buf, len, "marker: %s, unchanged", o);
	else
		snprintf(buf, len, "marker: %s -> %s", o, n);
	return buf;
}

static void
unit_trail(struct trail *t, const struct st_run *run,
    const struct supply_answer *a)
{
	char id[HEX_IDLEN], m[64];
	int i;

	for (i = 0; i < a->npath; i++) {
		if (i == 0)
			trail_step(t, run->r.g->supply->count_rule,
			    "%s the unit's hex, not counted",
			    id_of(run->map, a->path[0].hex, id));
		else
			trail_step(t, a->path[i].rule, "%s %d: %s",
			    id_of(run->map, a->path[i].hex, id), i,
			    a->path[i].why);
	}
	if (a->supplied)
		trail_result(t, a->how_rule ? a->how_rule : a->rule,
		    "%s is in supply: %s", a->u->id, a->how);
	else
		trail_result(t, a->blocked_rule, "%s %s%s: %s%s%s%s",
		    a->u->id, a->lacks ? "lacks " : "is out of supply",
		    a->lacks ? a->lacks : "", a->blocked >= 0 ? "at " : "",
		    a->blocked >= 0 ? id_of(run->map, a->blocked, id) : "",
		    a->blocked >= 0 ? ", " : "", a->blocked_by);
	if (a->marker_rule)
		trail_step(t, a->marker_rule, "%s", marker_text(a, m, sizeof m));
	if (a->effect[0])
		trail_step(t, a->effect_rule, "%s", a->effect);
	if (a->checks_rule)
		trail_step(t, a->checks_rule, "%s", a->checks_text);
	if (a->extra[0])
		trail_step(t, a->extra_rule, "%s", a->extra);
}

static void
side_line(struct trail *t, const struct st_run *run,
    const struct supply_answer *a)
{
	char id[HEX_IDLEN], src[HEX_IDLEN], m[64];

	if (a->supplied)
		trail_step(t, a->how_rule ? a->how_rule : a->rule,
		    "%-12s %s  in supply: %s%s%s", a->u->id,
		    id_of(run->map, a->u->hex, id), a->how,
		    a->marker_rule ? "; " : "",
		    a->marker_rule ? marker_text(a, m, sizeof m) : "");
	else
		trail_step(t, a->blocked_rule, "%-12s %s  %s%s: %s%s%s%s%s%s",
		    a->u->id, id_of(run->map, a->u->hex, id),
		    a->lacks ? "lacks " : "OUT", a->lacks ? a->lacks : "",
		    a->blocked >= 0 ? "at " : "",
		    a->blocked >= 0 ? id_of(run->map, a->blocked, src) : "",
		    a->blocked >= 0 ? ": " : "", a->blocked_by,
		    a->marker_rule ? "; " : "",
		    a->marker_rule ? marker_text(a, m, sizeof m) : "");
	if (a->checks_rule)
		trail_step(t, a->checks_rule, "%12s %s", "", a->checks_text);
	if (a->extra[0])
		trail_step(t, a->extra_rule, "%12s %s", "", a->extra);
}

static cJSON *
hex_json(const struct map *m, int hex)
{
	char id[HEX_IDLEN];

	return hex < 0 ? cJSON_CreateNull() :
	    cJSON_CreateString(id_of(m, hex, id));
}

static cJSON *
answer_json(const struct st_run *run, const struct supply_answer *a)
{
	cJSON *o = json_object(), *path = json_array(), *h, *b;
	int i;

	json_set_str(o, "id", a->u->id);
	json_set_str(o, "side", a->u->side);
	json_set(o, "hex", hex_json(run->map, a->u->hex));
	json_set_bool(o, "supplied", a->supplied);
	if (!a->supplied && a->lacks)
		json_set_str(o, "lacks", a->lacks);
	json_set(o, "source", hex_json(run->map, a->supplied ? a->source :
	    -1));
	json_set_num(o, "hexes", a->hexes);
	for (i = 0; i < a->npath; i++) {
		h = json_object();
		json_set(h, "hex", hex_json(run->map, a->path[i].hex));
		json_set_str(h, "why", i ? a->path[i].why : "the unit's hex");
		json_set_str(h, "rule", i ? a->path[i].rule :
		    run->r.g->supply->count_rule);
		json_push(path, h);
	}
	json_set(o, "path", path);
	if (a->supplied)
		json_set(o, "blocked_by", cJSON_CreateNull());
	else {
		b = json_object();
		json_set(b, "hex", hex_json(run->map, a->blocked));
		json_set_str(b, "why", a->blocked_by);
		json_set_str(b, "rule", a->blocked_rule);
		json_set(o, "blocked_by", b);
	}
	json_set_str(o, "how", a->supplied ? a->how : "");
	json_set_str(o, "rule", a->supplied ? (a->how_rule ? a->how_rule :
	    a->rule) : a->blocked_rule);
	if (a->marker_rule) {
		b = json_object();
		json_set_str(b, "old", a->marker_old ? a->marker_old : "none");
		json_set_str(b, "new", a->marker_new ? a->marker_new : "none");
		json_set_str(b, "rule", a->marker_rule);
		json_set(o, "marker", b);
	}
	if (a->effect[0]) {
		json_set_str(o, "effect", a->effect);
		json_set_str(o, "effect_rule", a->effect_rule);
	}
	if (a->checks_rule) {
		json_set_num(o, "attrition_checks", a->checks);
		json_set_str(o, "attrition_rule", a->checks_rule);
	}
	if (a->extra[0]) {
		json_set_str(o, "command", a->extra);
		json_set_str(o, "command_rule", a->extra_rule);
		if (a->extra_marker)
			json_set_str(o, "command_marker", a->extra_marker);
	}
	return o;
}

int
supply_trace_print(const struct ctx *c, const struct st_args *a,
    struct st_run *run)
{
	struct trail *t = trail_new();
	cJSON *j = json_object(), *units = json_array(), *res;
	int i, in = 0, gone = 0;
	char text[64];

	json_set_str(j, "game", run->r.g->id);
	json_set_str(j, "procedure", "supply-trace");
	json_set_str(j, "map", a->map);
	json_set_str(j, "situation", a->situation);
	json_set_str(j, "table_source", run->r.data_source);
	json_set_str(j, "phase", supply_trace_phase_words[a->phase]);
	if (a->lost)
		json_set_str(j, "lost", a->lost);
	if (a->side)
		json_set_str(j, "side", a->side);
	json_set_bool(j, "updated", a->update);
	trail_title(t, NULL, "%s: supply, %s phase%s%s", run->r.g->title,
	    supply_trace_phase_words[a->phase], a->side ? ", side " : "",
	    a->side ? a->side : "");
	for (i = 0; i < run->n; i++) {
		const struct supply_answer *x = &run->ans[i];

		in += x->supplied;
		gone += x->lost;
		/* the units' JSON, their lines hex by hex, only where it is
		 * printed or logged */
		if (c->json || c->log)
			json_push(units, answer_json(run, x));
		if (a->unit)
			unit_trail(t, run, x);
		else
			side_line(t, run, x);
	}
	json_set(j, "units", units);
	res = json_object();
	json_set_str(res, "code", in == run->n ? "supplied" : "out-of-supply");
	snprintf(text, sizeof text, "%d of %d in supply", in, run->n);
	json_set_str(res, "text", text);
	json_set(j, "result", res);
	if (run->r.stand_in) {
		json_set_str(j, "stand_in", run->r.stand_in);
		trail_line(t, "  stand-in: %s", run->r.stand_in);
	}
	json_set_num(j, "supplied", in);
	json_set_num(j, "out_of_supply", run->n - in);
	json_set_num(j, "eliminated", gone);
	if (a->side)
		trail_result(t, NULL, "%d units: %d in supply, %d out of "
		    "supply, %d eliminated%s", run->n, in, run->n - in, gone,
		    a->update ? "; situation updated" : "");
	else if (a->update)
		trail_line(t, "situation updated");
	supply_trace_applied_out(run, t, j);
	return out_emit(c, j, t);
}

int
supply_trace_all_supplied(const struct st_run *run)
{
	int i;

	for (i = 0; i < run->n; i++)
		if (!run->ans[i].supplied)
			return 0;
	return 1;
}

/* --svg: map svg --supply's marks (cmd/map-svg-supply.c) over the whole
 * map, drawn as every answer on a map is (map_svg_answer_out). */
int
supply_trace_svg(const struct ctx *c, const struct st_args *a,
    struct st_run *run)
{
	struct svg_job *j = err_malloc(sizeof *j);
	int st;

	(void)c;
	map_svg_job_clear(j);
	j->m = run->map;
	j->s = run->sit;
	map_svg_supply_marks(run, &j->sup);
	map_svg_supply_title(j->title, sizeof j->title, a->unit ? a->unit :
	    a->side, a->phase, a->lost);
	st = map_svg_answer_out(j);
	/* the run keeps its map and situation */
	j->m = NULL;
	j->s = NULL;
	map_svg_job_free(j);
	free(j);
	return st;
}

/* The lock lives in umpire's state folder, not beside the player's file
 * (outfile.h). */
int
supply_trace_lock(const char *situation, int *fd)
{
	return outfile_lock(situation, situation, fd);
}

void
supply_trace_unlock(int fd)
{
	state_unlock(fd);
}

static cJSON *
unit_in(const cJSON *units, const char *id)
{
	cJSON *u;
	const cJSON *v;

	cJSON_ArrayForEach(u, units) {
		v = cJSON_GetObjectItemCaseSensitive(u, "id");
		if (cJSON_IsString(v) && strcmp(v->valuestring, id) == 0)
			return u;
	}
	return NULL;
}

/* Marker w of u's list, or NULL. */
static cJSON *
marker_in(const cJSON *list, const char *w)
{
	cJSON *x;

	cJSON_ArrayForEach(x, list)
		if (cJSON_IsString(x) && strcmp(x->valuestring, w) == 0)
			return x;
	return NULL;
}

/* One effect (saved_apply.h's shape) on the file's units: the unit taken
 * out, or a marker put on or taken off; the list goes when it is empty. */
static void
file_effect(cJSON *units, const cJSON *e)
{
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(e, "unit");
	const cJSON *on = cJSON_GetObjectItemCaseSensitive(e, "mark");
	const cJSON *off = cJSON_GetObjectItemCaseSensitive(e, "unmark");
	cJSON *u = cJSON_IsString(id) ? unit_in(units, id->valuestring) : NULL;
	cJSON *m, *x;

	if (!u)
		return;
	if (cJSON_GetObjectItemCaseSensitive(e, "remove")) {
		cJSON_Delete(cJSON_DetachItemViaPointer(units, u));
		return;
	}
	if (!cJSON_IsArray(m = cJSON_GetObjectItemCaseSensitive(u,
	    "markers"))) {
		m = json_array();
		json_set(u, "markers", m);
	}
	if (cJSON_IsString(on) && !marker_in(m, on->valuestring))
		json_push(m, cJSON_CreateString(on->valuestring));
	if (cJSON_IsString(off) && (x = marker_in(m, off->valuestring)))
		cJSON_Delete(cJSON_DetachItemViaPointer(m, x));
	if (!cJSON_GetArraySize(m))
		cJSON_DeleteItemFromObjectCaseSensitive(u, "markers");
}

/* --update: the game's effects of the answers (what --apply would set on
 * a saved game), applied to the file read again (we hold its lock). */
int
supply_trace_update(const struct st_args *a, struct st_run *run)
{
	cJSON *root, *effects = json_array(), *units;
	const cJSON *e;
	const char *rule;
	char *buf, *text, why[160];
	size_t len, outlen;
	int st;

	if ((st = supply_trace_effects("--update", a->situation, run, effects,
	    &rule)) != ST_OK ||
	    (st = data_read_file(a->situation, &buf, &len)) != ST_OK) {
		cJSON_Delete(effects);
		return st;
	}
	if (data_parse_json(buf, len, &root, why, sizeof why) < 0) {
		cJSON_Delete(effects);
		free(buf);
		return err(ST_DATA, "%s: %s", a->situation, why);
	}
	units = cJSON_GetObjectItemCaseSensitive(root, "units");
	cJSON_ArrayForEach(e, effects)
		file_effect(units, e);
	cJSON_Delete(effects);
	/* the player's file keeps its layout: members in order, its indent */
	text = json_style_print(root, buf, len, &outlen);
	cJSON_Delete(root);
	free(buf);
	if (!text)
		return err(ST_SYS, "out of memory: '%s'", a->situation);
	st = outfile_write(a->situation, text, outlen);
	free(text);
	return st;
}
