/*
 * move_answer.c: what `umpire move-cost --map` and `umpire map svg` both
 * ask of a map (move_answer.h), computed here once so that the words and
 * the picture cannot disagree.
 *
 * A path the player drew is priced by the very search that finds the
 * cheapest (move_map_path), kept to the drawn hexes: every step out of a
 * hex but the next one drawn is shut (move_map.h's lane).  The search
 * then decides what a player would: the first step of a stack off the
 * map is its landing, and the game's jump (a rail move) lies where it
 * saves the most, just as in move-cost's own paths.
 *
 * A retreat's length and ends: a rout toward a hex nearer than its length
 * ends there, and where that hex is on the map's edge, or the edge cuts
 * the retreat short, the unit leaves the map where the game lets it
 * (move_rules.retreat_off); otherwise it ends where move_route.c says, or
 * dies where it stands unless the game keeps it there.  No rule lives
 * here: the game prices each step.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "hex.h"
#include "map.h"
#include "move.h"
#include "move_answer.h"
#include "move_map.h"
#include "move_route.h"
#include "out.h"
#include "path.h"
#include "situation.h"

/* The game's bits its markers on u set (move_rules.markers). */
static unsigned
marker_flags(const struct move_rules *rules, const struct unit *u)
{
	const struct move_marker *k;
	unsigned f = 0;

	for (k = rules->markers; k && k->word; k++)
		if (situation_unit_has_marker(u, k->word))
			f |= k->flag;
	return f;
}

int
move_ready_unit(const struct ctx *c, const struct move_rules *rules,
    const struct map *m, const struct unit *su, const struct move_req *base,
    const struct move_vocab *vocab, const struct move_tec *tec,
    struct move_unit *u, char *why, size_t whylen)
{
	struct move_req req = *base;

	req.type = su->type;
	req.side = su->side;
	if (!req.ma)
		req.ma = su->ma;
	req.game |= marker_flags(rules, su);
	req.at_features = map_features(m, su->hex);
	req.map = m;
	req.su = su;
	memset(u, 0, sizeof *u);
	u->su = su;
	snprintf(u->type, sizeof u->type, "%s", su->type);
	u->vocab = vocab;
	u->tec = tec;
	u->id = su->id;
	u->strength = su->strength;
	u->flags = req.flags;
	u->game = req.game;
	u->mode = req.mode;
	u->hexes = req.hexes;
	return rules->unit(c, &req, u, why, whylen);
}

/* A hex of mm's map other than the unit's, for the option named. */
static int
aim_hex(const struct move_map *mm, const char *opt, const char *id,
    int *out)
{
	if ((*out = map_lookup(mm->map, id)) < 0 || *out == mm->origin)
		return err(ST_USAGE, "%s is a hex on the map other than the "
		    "unit's: '%s'", opt, id);
	return ST_OK;
}

int
move_aim(struct move_map *mm, const char *const *away, int naway,
    const char *toward)
{
	int i, max = (int)(sizeof mm->away / sizeof *mm->away);

	if (naway > max)
		return err(ST_USAGE, "too many --away hexes: '%s' (at most %d)",
		    away[max], max);
	for (mm->naway = i = 0; i < naway; i++, mm->naway++)
		if (aim_hex(mm, "--away", away[i], &mm->away[i]) != ST_OK)
			return ST_USAGE;
	mm->ntoward = toward != NULL;
	if (toward != NULL && aim_hex(mm, "--toward", toward, &mm->toward) !=
	    ST_OK)
		return ST_USAGE;
	return ST_OK;
}

int
move_path_along(struct move_map *mm, const int *hexes, int n, int budget,
    struct path_result *out, int *twice)
{
	int size = map_size(mm->map), first = mm->starts_off ? 1 : 0, i, st;
	int *lane = err_malloc((size_t)size * sizeof *lane);
	unsigned char *seen = err_calloc((size_t)size, 1);

	memset(out, 0, sizeof *out);
	/* at sea, hexes[0] is the port sailed from; the land path is the
	   rest, from the port it lands in */
	for (i = 0; i < size; i++)
		lane[i] = -1;
	for (i = first; i < n; i++) {
		if (seen[hexes[i]]) {
			*twice = i;
			free(lane);
			free(seen);
			return ST_USAGE;
		}
		seen[hexes[i]] = 1;
		if (i + 1 < n)
			lane[hexes[i]] = hexes[i + 1];
	}
	free(seen);
	mm->lane = lane;
	mm->lane_land = hexes[first];
	st = move_map_path(mm, hexes[n - 1], budget, out);
	mm->lane = NULL;
	free(lane);
	if (st != ST_OK)
		return ST_NO;
	/* kept to one way, the search finds that way or none */
	for (i = 0; out->n == n && i < n && out->hexes[i] == hexes[i]; i++)
		;
	if (i < n) {
		path_result_free(out);
		return ST_NO;
	}
	return ST_OK;
}

void
move_path_step(struct move_map *mm, const struct path_result *pr, int i,
    int spent, struct move_price *p)
{
	const int *h = pr->hexes;

	/* from off the map, step 1 is the landing; steps jump0 + 1 ..
	   jump1 are the game's jump */
	if (i == 1 && mm->starts_off)
		move_map_land(mm, h[1], 0, 0, p);
	else
		move_map_price_jump(mm, h[i - 1], map_direction(mm->map,
		    h[i - 1], h[i]), h[i], spent, i > mm->jump0 &&
		    i <= mm->jump1 ? i - mm->jump0 : 0, p);
}

void
move_price_json(cJSON *o, const struct move_price *p)
{
	json_set_str(o, "text", p->what);
	json_set_str(o, "rule", p->rule);
	if (p->loss)
		json_set_num(o, "loss", p->loss);
	if (p->stop)
		json_set_str(o, "stop", p->why);
}

static int
on_edge(const struct map *m, int hex)
{
	int d;

	for (d = 0; d < HEX_NDIRS; d++)
		if (map_neighbour(m, hex, d) < 0)
			return 1;
	return 0;
}

void
move_retreat_answer(struct move_map *mm, int hexes, struct move_rt_answer *a)
{
	int n = map_size(mm->map), i, k;

	memset(a, 0, sizeof *a);
	a->hexes = hexes;
	/* a run toward a nearer hex ends there; on the map's edge it runs
	   on off the map where the game lets it */
	if (mm->ntoward && (k = hex_distance(map_hex(mm->map, mm->origin),
	    map_hex(mm->map, mm->toward), map_layout(mm->map))) < hexes) {
		a->hexes = k;
		a->shortened = 1;
		a->edge_goal = mm->rules->retreat_off != NULL &&
		    on_edge(mm->map, mm->toward);
	}
	/* filled as far as nlist, which is all that is read */
	a->list = err_malloc((size_t)n * sizeof *a->list);
	if ((k = move_retreat(mm, a->hexes, &a->rt)) > 0) {
		a->code = a->edge_goal ? MOVE_RT_OFF_MAP : MOVE_RT_ENDS;
		memcpy(a->list, a->rt.ends, (size_t)k * sizeof *a->list);
		a->nlist = k;
		return;
	}
	a->edge_goal = 0;
	/* cut short by the map's edge, it leaves the map (retreat_off) */
	if (mm->rules->retreat_off != NULL && (k = move_retreat_exits(mm,
	    a->rt.left, a->list)) > 0) {
		a->code = MOVE_RT_OFF_MAP;
		a->nlist = k;
		return;
	}
	/* a unit the game keeps where it is instead */
	if (mm->units[0].no_retreat != NULL) {
		a->code = MOVE_RT_STAYS;
		return;
	}
	a->code = MOVE_RT_ELIMINATED;
	for (i = 0; i < n; i++)
		if (a->rt.left[i] >= 0)
			a->list[a->nlist++] = i;
}

void
move_rt_answer_free(struct move_rt_answer *a)
{
	move_retreat_free(&a->rt);
	free(a->list);
	a->list = NULL;
	a->nlist = 0;
}
