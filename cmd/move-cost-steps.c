/*
 * move-cost-steps.c: `umpire move-cost` without a map: the player names
 * what each step meets (the next hex's terrain and features, the hexside
 * crossed, in the game's words, joined with '+', and this command's own
 * words: ezoc, enemy, cross, by-rail, sotq's changes of formation, off,
 * embark), and each step is priced for the stack by the game
 * (lib/games/<game>_move.c), with its rule and the running total, until
 * the move must end.  The command line is move-cost.c; on a map,
 * move-cost-map.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "games/game.h"
#include "move-cost.h"
#include "move.h"
#include "move_answer.h"
#include "out.h"

/* This command's own step words, beside the game's; from the fifth on,
 * acts that are steps of their own: changes of formation, leaving the map,
 * putting to sea (loe 6.4). */
static const char *const own_words[] = { "ezoc", "enemy", "cross", "by-rail",
	"mount", "dismount", "limber", "unlimber", "off", "embark" };

struct mc_step {
	struct move_step st;
	char terrain[MOVE_WORDLEN];
};

/*
 * A limit the stack shares (a sea lift) counts the turn's earlier moves
 * (--sea-moved) and the stack's units, so each unit counts what the units
 * before it take.  Units with no share of such a limit refuse the
 * option.
 */
int
move_cost_sea_stack(const struct mc_args *a, struct move_unit *u, int n)
{
	int j, before = a->req.share_before, lift = 0;

	for (j = 0; j < n; j++) {
		u[j].share_before = before;
		before += u[j].share;
		lift |= u[j].share > 0;
	}
	if (!lift && a->sea_opt)
		return err(ST_USAGE, "--sea-moved is for units that share a sea "
		    "lift, which %s's have not: '%s'", a->g->id, a->sea_opt);
	return ST_OK;
}

/* "askari:8": the type and its own MA. */
static int
split_type(const char *spec, char type[MOVE_WORDLEN], int *ma)
{
	const char *colon = strchr(spec, ':');
	char *end;
	long v;

	if (!colon) {
		snprintf(type, MOVE_WORDLEN, "%s", spec);
		return ST_OK;
	}
	v = strtol(colon + 1, &end, 10);
	if ((size_t)(colon - spec) >= MOVE_WORDLEN || !colon[1] || *end ||
	    v < 1 || v > 99)
		return err(ST_USAGE, "bad unit: '%s' (expected type or type:ma, "
		    "the MA from 1 to 99)", spec);
	snprintf(type, MOVE_WORDLEN, "%.*s", (int)(colon - spec), spec);
	*ma = (int)v;
	return ST_OK;
}

static int
make_units(const struct ctx *c, const struct mc_args *a,
    const struct move_vocab *v, const struct move_tec *t,
    struct move_unit *u)
{
	struct move_req req;
	char why[160];
	int i, st;

	if (a->ntypes > 1 && a->req.ma)
		return err(ST_USAGE, "--ma is for one unit; give each unit of a "
		    "stack its own as type:ma: '%d'", a->req.ma);
	for (i = 0; i < a->ntypes; i++) {
		req = a->req;
		memset(&u[i], 0, sizeof u[i]);
		if ((st = split_type(a->types[i], u[i].type, &req.ma)) !=
		    ST_OK)
			return st;
		req.type = u[i].type;
		req.nstack = a->ntypes;
		u[i].vocab = v;
		u[i].tec = t;
		u[i].flags = req.flags;
		u[i].game = req.game;
		u[i].mode = req.mode;
		u[i].hexes = req.hexes;
		if ((st = a->g->move->unit(c, &req, &u[i], why, sizeof why)) !=
		    ST_OK)
			return err(st, "%s", why);
	}
	return move_cost_sea_stack(a, u, a->ntypes);
}

/* The change of formation w names (a string that outlives the step), or
 * NULL. */
static const char *
own_action(const char *w)
{
	size_t i;

	for (i = 4; i < sizeof own_words / sizeof *own_words; i++)
		if (strcmp(w, own_words[i]) == 0)
			return own_words[i];
	return NULL;
}

/* The game's step bits a word sets (move_rules.step_words); 0 none. */
static unsigned
game_step_word(const struct move_rules *r, const char *w)
{
	const struct move_marker *m;

	for (m = r->step_words; m && m->word; m++)
		if (strcmp(w, m->word) == 0)
			return m->flag;
	return 0;
}

/* One word of a step into the step; ST_OK or a usage error. */
static int
add_word(const struct move_rules *r, const struct move_vocab *v,
    const char *w, const char *text, struct mc_step *s)
{
	unsigned bits = game_step_word(r, w);
	int known = bits != 0, b;

	s->st.game |= bits;

	if (move_terrain_known(v, w)) {
		if (s->terrain[0])
			return err(ST_USAGE, "two terrains in one step: '%s' "
			    "(a hex has one; features add with '+')", text);
		snprintf(s->terrain, sizeof s->terrain, "%s", w);
		known = 1;
	}
	if (!known && (b = move_feature_bit(v, w)) >= 0) {
		s->st.features |= 1u << b;
		known = 1;
	}
	/* a word that is a terrain and a hexside (the Nile) is the terrain */
	if (!s->terrain[0] || strcmp(s->terrain, w) != 0) {
		if ((b = move_side_bit(v, w)) >= 0) {
			s->st.side |= 1u << b;
			known = 1;
		}
	}
	if (strcmp(w, "ezoc") == 0)
		known = s->st.enter_ezoc = 1;
	else if (strcmp(w, "enemy") == 0)
		known = s->st.enemy = 1;
	else if (strcmp(w, "cross") == 0)
		known = 1;	/* the game's word, or nothing to it */
	else if (strcmp(w, "by-rail") == 0)
		known = s->st.jump = 1;
	else if (own_action(w)) {
		if (strcmp(text, w) != 0)
			return err(ST_USAGE, "a change of formation is a step of "
			    "its own: '%s'", text);
		s->st.action = own_action(w);
		known = 1;
	}
	return known ? ST_OK : -1;
}

static int
unknown_word(const char *game, const struct move_vocab *v, const char *w)
{
	const char *cands[3 * MOVE_MAXWORDS + 8];
	const char *near;
	size_t n = 0;
	int i;

	for (i = 0; i < v->nterrain; i++)
		cands[n++] = v->terrain[i];
	for (i = 0; i < v->nfeatures; i++)
		cands[n++] = v->features[i];
	for (i = 0; i < v->nsides; i++)
		cands[n++] = v->sides[i];
	for (i = 0; i < (int)(sizeof own_words / sizeof *own_words); i++)
		cands[n++] = own_words[i];
	near = err_nearest(w, cands, n);
	return err(ST_USAGE, "unknown %s step word: '%s'%s%s%s", game, w,
	    near ? " (did you mean '" : "", near ? near : "", near ? "'?)" :
	    "");
}

static int
parse_step(const struct game *g, const struct move_vocab *v, char *text,
    struct mc_step *s)
{
	char buf[256], *w, *save = NULL;
	int st;

	memset(s, 0, sizeof *s);
	if (strlen(text) >= sizeof buf || !*text)
		return err(ST_USAGE, "bad step: '%s' (expected words joined "
		    "with '+')", text);
	snprintf(buf, sizeof buf, "%s", text);
	for (w = strtok_r(buf, "+", &save); w; w = strtok_r(NULL, "+", &save))
		if ((st = add_word(g->move, v, w, text, s)) != ST_OK)
			return st < 0 ? unknown_word(g->id, v, w) : st;
	if (!s->terrain[0] && !s->st.action)
		snprintf(s->terrain, sizeof s->terrain, "%s", v->terrain[0]);
	s->st.terrain = s->terrain;
	return ST_OK;
}

/* The steps as the player gave them, linked: ZOC, features left behind. */
static int
parse_steps(const struct mc_args *a, const struct move_vocab *v,
    struct mc_step *s)
{
	unsigned prev_features = 0;
	int i, st, moved = 0, prev_ezoc = (a->req.flags & MOVE_FROM_EZOC) != 0;

	for (i = 0; i < a->nsteps; i++) {
		if ((st = parse_step(a->g, v, a->steps[i], &s[i])) != ST_OK)
			return st;
		s[i].st.index = moved;
		s[i].st.first = moved == 0;
		s[i].st.leave_ezoc = prev_ezoc;
		s[i].st.from_features = prev_features;
		if (moved == 0 && a->entry)
			s[i].st.queue = a->entry;
		/* loe 6.4 D: from the sea, the first hex entered is a port */
		s[i].st.landing = moved == 0 && !s[i].st.action &&
		    (a->req.flags & MOVE_OFF_MAP);
		if (s[i].st.action)
			continue;	/* a change of formation stays put */
		moved++;
		prev_features = s[i].st.features;
		prev_ezoc = s[i].st.enter_ezoc;
	}
	return ST_OK;
}

/* How the move went. */
struct mc_result {
	int done;		/* steps taken */
	int spent;		/* cost units */
	int loss;		/* toto 13.2 */
	int blocked;		/* the next step may not be taken */
	int stopped;		/* the last step taken ended the move */
	const char *rule, *why;
	char whybuf[160];
	int ma;			/* the stack's allowance, cost units; -1 none */
	const char *instead;	/* what a blocked retreat means, when not
				   elimination (sotq 12.F) */
	int no_end;		/* the move may not end where it does */
	int short_of;		/* a retreat named shorter than its length */
	const char *early;	/* the rule letting it stop there (toto 13.4,
				   sotq 13.E) */
};

/* Price one step for the stack; on refusal say which unit and why. */
static int
price_stack(const struct mc_args *a, struct move_unit *u, int nu,
    const struct move_step *st, int spent, struct move_price *best,
    struct mc_result *r)
{
	int which;

	if (move_price_stack(a->g->move, u, nu, 1, st, spent, best, &which) ==
	    0)
		return 0;
	r->blocked = 1;
	r->rule = best->rule;
	snprintf(r->whybuf, sizeof r->whybuf, "%s%s%s", nu > 1 ?
	    u[which].type : "", nu > 1 ? ": " : "", best->why ? best->why :
	    "not allowed");
	r->why = r->whybuf;
	return -1;
}

static double
mp(int units, int scale)
{
	return (double)units / scale;
}

static void
step_out(struct trail *t, cJSON *arr, const char *text,
    const struct move_price *p, int total, int scale)
{
	cJSON *o = json_object();
	char a[16], b[16];

	trail_step(t, p->rule, "%2d %-14s %5s = %-5s %s",
	    cJSON_GetArraySize(arr) + 1, text, move_mp_text(p->cost, scale, a),
	    move_mp_text(total, scale, b), p->what);
	json_set_str(o, "step", text);
	json_set_num(o, "cost", mp(p->cost, scale));
	json_set_num(o, "total", mp(total, scale));
	move_price_json(o, p);
	json_push(arr, o);
}

static int
walk(const struct mc_args *a, struct move_unit *u, int nu,
    const struct mc_step *s, struct trail *t, cJSON *arr,
    struct mc_result *r)
{
	struct move_price best;
	int i, scale = a->req.mode != MOVE_NORMAL ? 1 : u[0].scale;

	for (i = 0; i < a->nsteps; i++) {
		if (r->stopped)
			break;
		if (price_stack(a, u, nu, &s[i].st, r->spent, &best, r) < 0)
			break;
		r->spent += best.cost;
		r->loss += best.loss;
		r->done++;
		step_out(t, arr, a->steps[i], &best, r->spent, scale);
		if (best.stop) {
			r->stopped = 1;
			r->rule = best.stop_rule;
			r->why = best.why;
		}
	}
	return r->done == a->nsteps ? ST_OK : ST_NO;
}

/* The last step that enters a hex (not a change of formation); -1 none. */
static int
last_hex_step(const struct mc_args *a, const struct mc_step *s)
{
	int i = a->nsteps - 1;

	while (i >= 0 && s[i].st.action)
		i--;
	return i;
}

/* The game's rule on where a move may end (sotq 14), for the last hex
 * entered: 1 if the move may not end there, r saying why. */
static int
end_refused(const struct mc_args *a, struct move_unit *u, int nu,
    const struct mc_step *s, struct mc_result *r)
{
	struct move_price p;
	int i = last_hex_step(a, s), j;

	if (i < 0 || a->req.mode != MOVE_NORMAL)
		return 0;
	for (j = 0; j < nu; j++) {
		memset(&p, 0, sizeof p);
		if (!u[j].may_end || u[j].may_end(&u[j], &s[i].st, NULL, 0,
		    &p) == 0)
			continue;
		r->no_end = 1;
		r->rule = p.rule;
		snprintf(r->whybuf, sizeof r->whybuf, "%s", p.why ? p.why :
		    "not allowed");
		r->why = r->whybuf;
		return 1;
	}
	return 0;
}

/*
 * A retreat goes its full length or the unit is eliminated where it stops
 * (loe 8.4.2 C, 8.4.3; toto 13.2; sotq 10.G), unless its last hex is one
 * the game lets it stop in early (toto 13.4: a fortification; sotq 13.E:
 * a British rout inside the Zariba): 1 if the hexes named fall short, r
 * saying by which rule.
 */
static int
retreat_short(const struct mc_args *a, const struct move_unit *u,
    const struct mc_step *s, struct mc_result *r)
{
	const struct move_rules *rules = a->g->move;
	int last = last_hex_step(a, s);

	if (a->req.mode != MOVE_RETREAT || r->blocked || r->stopped ||
	    r->no_end || r->ma < 0 || r->spent >= r->ma)
		return 0;
	if (last >= 0 && rules->retreat_stop && (r->early =
	    rules->retreat_stop(&u[0], s[last].st.features)) != NULL) {
		r->rule = r->early;
		return 0;
	}
	r->short_of = 1;
	r->rule = rules->retreat_fails;
	return 1;
}

static int
stack_ma(const struct move_unit *u, int nu, int *slowest)
{
	int j, ma = -1;

	*slowest = 0;
	for (j = 0; j < nu; j++)
		if (u[j].ma >= 0 && (ma < 0 || u[j].ma < ma)) {
			ma = u[j].ma;
			*slowest = j;
		}
	return ma;
}

static void
units_out(const struct mc_args *a, const struct move_unit *u, int nu,
    struct trail *t, cJSON *json)
{
	cJSON *arr = json_array(), *o;
	char m[16];
	int j, slow, ma = stack_ma(u, nu, &slow);
	int hexes = a->req.mode != MOVE_NORMAL;

	for (j = 0; j < nu; j++) {
		o = json_object();
		json_set_str(o, "type", u[j].type);
		if (u[j].side[0])
			json_set_str(o, "side", u[j].side);
		if (u[j].printed)
			json_set_num(o, "printed_ma", u[j].printed);
		if (u[j].ma >= 0)
			json_set_num(o, hexes ? "hexes" : "ma", hexes ?
			    u[j].ma : mp(u[j].ma, u[j].scale));
		if (u[j].ma_rule) {
			json_set_str(o, "ma_rule", u[j].ma_rule);
			trail_step(t, u[j].ma_rule, "%s%s%s", nu > 1 ?
			    u[j].type : "", nu > 1 ? ": " : "", u[j].ma_why);
		}
		if (u[j].note) {
			json_set_str(o, "note", u[j].note);
			json_set_str(o, "note_rule", u[j].note_rule);
			trail_step(t, u[j].note_rule, "%s%s%s", nu > 1 ?
			    u[j].type : "", nu > 1 ? ": " : "", u[j].note);
		}
		json_push(arr, o);
	}
	json_set(json, "units", arr);
	if (nu > 1 && ma >= 0)
		trail_step(t, "6.1.1 A", "the stack moves at its slowest: %s, "
		    "%s MP", u[slow].type, move_mp_text(ma, u[0].scale, m));
}

/* The request as given: the steps named, the engine's flags, and the
 * game's options that were given (opts). */
static void
inputs_out(const struct mc_args *a, cJSON *json)
{
	static const struct { unsigned flag; const char *name; } flags[] = {
		{ MOVE_FROM_EZOC, "from_ezoc" }, { MOVE_OFF_MAP, "at_sea" },
		{ MOVE_ATTACKER, "attacker" }, { MOVE_FARTHER, "farther" },
	};
	cJSON *in = json_object(), *given = json_array();
	const cJSON *x;
	size_t i;
	int k;

	for (k = 0; k < a->nsteps; k++)
		json_push(given, cJSON_CreateString(a->steps[k]));
	json_set(in, "steps", given);
	for (i = 0; i < sizeof flags / sizeof *flags; i++)
		json_set_bool(in, flags[i].name,
		    (a->req.flags & flags[i].flag) != 0);
	cJSON_ArrayForEach(x, a->opts)
		json_set(in, x->string, json_must(cJSON_Duplicate(x, 1)));
	if (a->req.mode != MOVE_NORMAL)
		json_set_num(in, "hexes", a->req.hexes);
	if (a->req.season)
		json_set_str(in, "season", a->req.season);
	if (a->entry)
		json_set_num(in, "entry", a->entry);
	if (a->sea_opt)
		json_set_num(in, "sea_moved", a->req.share_before);
	json_set(json, "inputs", in);
}

static const char *
mode_name(enum move_mode m)
{
	return m == MOVE_RETREAT ? "retreat" : m == MOVE_ADVANCE ? "advance" :
	    "move";
}

static void
result_out(const struct mc_args *a, const struct mc_result *r, int scale,
    struct trail *t, cJSON *json)
{
	cJSON *res = json_object();
	char m[16], left[16], text[256];
	int hexes = a->req.mode != MOVE_NORMAL;
	const char *code;

	if (r->short_of) {
		code = "short";
		snprintf(text, sizeof text, "the retreat goes %d of its %d "
		    "hex%s: a unit that cannot retreat in full is eliminated",
		    r->spent, r->ma, r->ma == 1 ? "" : "es");
	} else if (r->no_end) {
		code = "no-end";
		snprintf(text, sizeof text, "%s: the move may not end in its "
		    "last hex", r->why);
	} else if (r->blocked) {
		code = "blocked";
		if (r->done)
			snprintf(text, sizeof text, "%s: the %s ends after step "
			    "%d of %d", r->why, mode_name(a->req.mode),
			    r->done, a->nsteps);
		else
			snprintf(text, sizeof text, "%s: the %s cannot begin",
			    r->why, mode_name(a->req.mode));
	} else if (r->stopped && r->done < a->nsteps) {
		code = "stopped";
		snprintf(text, sizeof text, "%s: the %s ends at step %d of %d",
		    r->why, mode_name(a->req.mode), r->done, a->nsteps);
	} else if (r->stopped) {
		code = "ends";
		snprintf(text, sizeof text, "%s: the %s ends there, %s %s",
		    r->why, mode_name(a->req.mode),
		    move_mp_text(r->spent, hexes ? 1 : scale, m), !hexes ?
		    "MP" : r->spent == 1 ? "hex" : "hexes");
	} else if (r->early) {
		code = "ok";
		snprintf(text, sizeof text, "%d of %d hex%s: the retreat may end "
		    "in its last hex, short of its length", r->spent, r->ma,
		    r->ma == 1 ? "" : "es");
	} else {
		code = "ok";
		if (r->ma >= 0)
			snprintf(text, sizeof text, "%s %s, %s left",
			    move_mp_text(r->spent, hexes ? 1 : scale, m), !hexes ?
			    "MP" : r->spent == 1 ? "hex" : "hexes",
			    move_mp_text(r->ma - r->spent, hexes ? 1 : scale,
			    left));
		else
			snprintf(text, sizeof text, "%s MP in all (no MA given)",
			    move_mp_text(r->spent, scale, m));
	}
	if (r->loss)
		snprintf(text + strlen(text), sizeof text - strlen(text),
		    "; %d divisional equivalent%s lost", r->loss,
		    r->loss == 1 ? "" : "s");
	if ((r->blocked || r->short_of) && r->instead)
		snprintf(text + strlen(text), sizeof text - strlen(text),
		    "; %s", r->instead);
	trail_result(t, r->rule, "%s", text);
	json_set_str(res, "code", code);
	json_set_str(res, "text", text);
	json_set_str(res, "rule", r->rule);
	json_set_num(res, "steps_taken", r->done);
	json_set(json, "result", res);
	json_set_num(json, "total", hexes ? r->spent : mp(r->spent, scale));
	if (r->ma >= 0)
		json_set_num(json, "left", hexes ? r->ma - r->spent :
		    mp(r->ma - r->spent, scale));
	if (r->loss)
		json_set_num(json, "loss", r->loss);
}

int
move_cost_steps(const struct ctx *c, const struct mc_args *a)
{
	static struct move_vocab v;
	static struct move_tec tec;
	static struct move_unit u[MC_MAXUNITS];
	static struct mc_step s[MC_MAXSTEPS];
	struct mc_result r;
	struct trail *t;
	cJSON *json, *arr;
	char mabuf[16];
	int st, slow;

	if ((st = move_vocab_load(c, a->g->id, &v)) != ST_OK ||
	    (st = move_tec_load(c, a->g->id, &tec)) != ST_OK)
		return st;
	move_tec_bind(&tec, &v);
	if ((st = make_units(c, a, &v, &tec, u)) != ST_OK ||
	    (st = parse_steps(a, &v, s)) != ST_OK)
		return st;
	memset(&r, 0, sizeof r);
	r.ma = stack_ma(u, a->ntypes, &slow);
	t = trail_new();
	json = json_object();
	arr = json_array();
	trail_title(t, NULL, "%s: %s, %s%s, %s %s", a->g->title,
	    mode_name(a->req.mode), u[0].type, a->ntypes > 1 ? " and stack" :
	    "", a->req.mode != MOVE_NORMAL ? "hexes" : "MA", r.ma < 0 ? "not "
	    "given" : move_mp_text(r.ma, a->req.mode != MOVE_NORMAL ? 1 :
	    u[0].scale, mabuf));
	json_set_str(json, "game", a->g->id);
	json_set_str(json, "procedure", "move-cost");
	json_set_str(json, "mode", mode_name(a->req.mode));
	units_out(a, u, a->ntypes, t, json);
	inputs_out(a, json);
	r.instead = a->req.mode == MOVE_RETREAT ? u[0].no_retreat : NULL;
	st = walk(a, u, a->ntypes, s, t, arr, &r);
	if (st == ST_OK && (end_refused(a, u, a->ntypes, s, &r) ||
	    retreat_short(a, u, s, &r)))
		st = ST_NO;
	json_set(json, "steps", arr);
	result_out(a, &r, u[0].scale, t, json);
	json_set_str(json, "table_source", tec.any_stand_in ? "stand-in" :
	    tec.source);
	if (tec.any_stand_in)
		trail_note(t, "  (%s/tec.json is partly a stand-in: your "
		    "printed chart can replace it, umpire-data(5))", a->g->id);
	st = st == ST_OK ? out_emit(c, json, t) : (out_emit(c, json, t),
	    ST_NO);
	return st;
}

const char *
move_cost_own_word(size_t i)
{
	return i < sizeof own_words / sizeof *own_words ? own_words[i] : NULL;
}
