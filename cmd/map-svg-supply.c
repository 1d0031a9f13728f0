/*
 * map-svg-supply.c: supply-trace's answers as marks for the pictures
 * (map-cmd.h): each unit's line to its source, or its nearest attempt up
 * to the hex that blocked it; units out of supply; those hexes.  The lines
 * are traced by supply-trace's own code (cmd/supply-trace.c over
 * lib/supply.c and the game's rules, loe 9.x, toto 15.x), never again
 * here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "hex.h"
#include "map.h"
#include "map-cmd.h"
#include "out.h"
#include "svg.h"
#include "situation.h"

int
map_svg_supply_trace(const struct ctx *c, const char *mapspec, struct map *m,
    struct situation *s, const struct svg_supply_ask *q, struct st_run *run)
{
	struct st_args a;
	int st;

	memset(&a, 0, sizeof a);
	a.map = mapspec;
	a.phase = SUPPLY_MOVEMENT;
	a.season = q->season;
	a.lost = q->lost;
	/* a unit by its id; anything else names a side */
	if (situation_find(s, q->who) != NULL)
		a.unit = q->who;
	else
		a.side = q->who;
	run->map = m;
	run->sit = s;
	if ((q->phase && (st = supply_trace_phase(q->phase,
	    &a.phase)) != ST_OK) ||
	    (st = supply_trace_open(c, &a, run)) != ST_OK)
		return st;
	return supply_trace_trace(&a, run);
}

void
map_svg_supply_title(char *buf, size_t len, const char *who,
    enum supply_phase phase, const char *lost)
{
	size_t n = (size_t)snprintf(buf, len, "supply: %s", who);

	if (phase != SUPPLY_MOVEMENT && n < len)
		n += (size_t)snprintf(buf + n, len - n, ", %s phase",
		    supply_trace_phase_words[phase]);
	if (lost && n < len)
		snprintf(buf + n, len - n, ", hexes lost: %s", lost);
}

void
map_svg_supply_marks(const struct st_run *run, struct svg_supply *sp)
{
	const struct supply_answer *x;
	int i, k;

	memset(sp, 0, sizeof *sp);
	sp->nlines = run->n;
	sp->lines = err_calloc((size_t)run->n + 1, sizeof *sp->lines);
	sp->nline = err_calloc((size_t)run->n + 1, sizeof *sp->nline);
	sp->attempt = err_calloc((size_t)run->n + 1, 1);
	sp->oos = err_calloc((size_t)run->n + 1, sizeof *sp->oos);
	sp->blocked = err_calloc((size_t)run->n + 1, sizeof *sp->blocked);
	for (i = 0; i < run->n; i++) {
		x = &run->ans[i];
		sp->lines[i] = err_calloc(SUPPLY_MAXPATH, sizeof **sp->lines);
		for (k = 0; k < x->npath; k++)
			sp->lines[i][k] = x->path[k].hex;
		sp->nline[i] = x->npath > 1 ? x->npath : 0;
		if (x->supplied)
			continue;
		sp->attempt[i] = 1;
		sp->oos[sp->noos++] = x->u->hex;
		/* a unit blocked in its own hex is marked out of supply */
		if (x->blocked >= 0 && x->blocked != x->u->hex)
			sp->blocked[sp->nblocked++] = x->blocked;
	}
}

void
map_svg_supply_overlay(const struct svg_supply *sp, struct svg_overlay *o)
{
	o->lines = (const int *const *)sp->lines;
	o->nline = sp->nline;
	o->nlines = sp->nlines;
	o->line_blocked = sp->attempt;
	o->oos = sp->oos;
	o->noos = sp->noos;
	o->blocked = sp->blocked;
	o->nblocked = sp->nblocked;
}

void
map_svg_supply_free(struct svg_supply *sp)
{
	int i;

	for (i = 0; sp->lines != NULL && i < sp->nlines; i++)
		free(sp->lines[i]);
	free(sp->lines);
	free(sp->nline);
	free(sp->attempt);
	free(sp->oos);
	free(sp->blocked);
	memset(sp, 0, sizeof *sp);
}

/* Each unit's answer, for --json: its line hex by hex, where it broke. */
cJSON *
map_svg_supply_json(const struct st_run *run)
{
	cJSON *arr = json_array(), *o, *line;
	const struct supply_answer *x;
	char id[HEX_IDLEN];
	int i, k;

	for (i = 0; i < run->n; i++) {
		x = &run->ans[i];
		o = json_object();
		json_set_str(o, "unit", x->u->id);
		json_set_bool(o, "supplied", x->supplied);
		line = json_array();
		for (k = 0; k < x->npath; k++) {
			map_hex_id(run->map, x->path[k].hex, id);
			json_push(line, cJSON_CreateString(id));
		}
		json_set(o, "line", line);
		if (x->supplied || x->blocked < 0)
			json_set(o, "blocked", cJSON_CreateNull());
		else {
			map_hex_id(run->map, x->blocked, id);
			json_set_str(o, "blocked", id);
		}
		json_push(arr, o);
	}
	return arr;
}

void
map_svg_supply_question(cJSON *json, enum supply_phase phase, const char *lost)
{
	json_set_str(json, "phase", supply_trace_phase_words[phase]);
	if (lost)
		json_set_str(json, "lost", lost);
}
