/*
 * sotq_victory.c: Soldiers of the Queen's victory (Part 5), for `umpire
 * victory` (the procedure "victory"), off a saved game, a situation file
 * or counts given by hand.
 *
 * Isandhlwana has no last turn: whoever meets a condition first wins at
 * once (5.A).  A saved game's dead pile keeps the units in the order they
 * went, so it tells which count came first (5.B: "before").  Omdurman
 * ends at once on the British automatic victory, else after turn 21's
 * British player turn (5.A), when the points of the schedule are totted
 * up and the exits counted (5.B).  Exits are no part of the position: the
 * players give them by turn (--exits).  The counts, the types each takes
 * in and the schedule are data (rules/sotq/victory.json).
 */
#include <stdio.h>
#include <string.h>

#include "crt.h"
#include "data.h"
#include "err.h"
#include "json.h"
#include "games/game.h"
#include "hex.h"
#include "map.h"
#include "move.h"
#include "out.h"
#include "saved_apply.h"
#include "situation.h"
#include "sotq.h"
#include "victory.h"
#include "opt.h"

#define SV_TURNS 99

const char *const sotq_victory_fields[] = { "game", "situation", "map",
	"turn", "at_end", "battle", "zulu_lost", "regulars_left",
	"khalifa_killed", "dervish_lost", "british_lost", "exits",
	"british_left", "exit", "apply", NULL };

/* `umpire victory`'s options of this game's rules */
const struct opt sotq_victory_opts[] = {
	{ OPT_FIELD, 0, "battle", "name", "by hand: isandhlwana or "
	  "omdurman", "isandhlwana omdurman" },
	{ OPT_FIELD, 0, "zulu-lost", "n", "Isandhlwana: Zulu combat "
	  "units eliminated", NULL },
	{ OPT_FIELD, 0, "regulars-left", "n", "Isandhlwana: British "
	  "regular combat units not eliminated", NULL },
	{ OPT_FIELD, 0, "khalifa-killed", NULL, "Omdurman: the Khalifa is "
	  "dead", NULL },
	{ OPT_FIELD, 0, "dervish-lost", "n", "Omdurman: Dervish "
	  "combat units eliminated", NULL },
	{ OPT_FIELD, 0, "british-lost", "turn:n,...", "Omdurman: "
	  "British combat units eliminated, by turn", NULL },
	{ OPT_FIELD, 0, "exits", "turn:n,...", "Omdurman: British combat "
	  "units exited, by turn", NULL },
	{ OPT_FIELD, 0, "exit", "ids", "Omdurman: these units leave the map "
	  "now, from exit hexes", "@units" },
	{ OPT_FIELD, 0, "british-left", "n", "Omdurman: British "
	  "combat units on the map, gunboats aside", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

struct sv {
	struct victory_pos p;
	int have_pos;
	const cJSON *b;		/* the battle's part of the data */
};

/* Whether word is one of the data list's, or (prefix) starts with one. */
static int
listed(const cJSON *list, const char *word, int prefix)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, list)
		if (cJSON_IsString(e) && word && (prefix ? strncmp(word,
		    e->valuestring, strlen(e->valuestring)) == 0 :
		    strcmp(word, e->valuestring) == 0))
			return 1;
	return 0;
}

static int
number(struct sv *v, const char *key, int *out)
{
	if (data_json_int(victory_member(v->b, key), 0, 999, out) < 0)
		return err(ST_DATA, "%s: %s: expected a whole number", v->p.path,
		    key);
	return ST_OK;
}

/* ---- which units a count takes in ---- */

static int
zulu_counted(const struct sv *v, const char *side, const char *type,
    const char *id)
{
	return side && strcmp(side, "zulu") == 0 &&
	    listed(victory_member(v->b, "zulu_units"), type, 0) &&
	    !listed(victory_member(v->b, "not_counted"), id, 1);
}

static int
regular(const struct sv *v, const char *side, const char *type)
{
	return side && strcmp(side, "british") == 0 &&
	    listed(victory_member(v->b, "regulars"), type, 0);
}

/* A Zulu or Dervish unit the dead pile holds only because it left the
 * map, routing or withdrawing (the rule of its removal is the retreat's
 * off the map, sotq_move.retreat_off): not eliminated for victory (5.B,
 * 10.G).  A British unit off the map is eliminated. */
static int
left_map(const cJSON *u)
{
	const char *rule = victory_text(u, "rule"), *side = victory_text(u,
	    "side");

	return rule && side && strcmp(side, "british") != 0 &&
	    sotq_move.retreat_off && strcmp(rule, sotq_move.retreat_off) == 0;
}

/* A combat unit of side at Omdurman: no leader (5.B). */
static int
combat(const struct sv *v, const char *side, const char *want,
    const char *type)
{
	return side && strcmp(side, want) == 0 &&
	    !listed(victory_member(v->b, "leaders"), type, 0);
}

static int
khalifa(const struct sv *v, const char *id)
{
	const char *k = victory_text(v->b, "khalifa");

	return k && id && strncmp(id, k, strlen(k)) == 0;
}

/* The position's units of side and type that pass keep(v, side, type). */
static int
on_map(const struct sv *v, int (*keep)(const struct sv *, const struct unit *))
{
	int i, n = 0;

	for (i = 0; v->have_pos && i < situation_count(v->p.sit); i++)
		n += keep(v, situation_unit(v->p.sit, i));
	return n;
}

static int
regular_unit(const struct sv *v, const struct unit *u)
{
	return regular(v, u->side, u->type);
}

static int
to_exit(const struct sv *v, const struct unit *u)
{
	return combat(v, u->side, "british", u->type) &&
	    !listed(victory_member(v->b, "not_exiting"), u->type, 0);
}

/* ---- Isandhlwana ---- */

struct isandhlwana {
	int need, zulu_lost, regulars, regulars_left;
	int first;		/* 1 British, 2 Zulu: who met it first */
	int first_turn;
};

/* The dead pile in its order: the Zulu losses, the regulars lost, and
 * which side reached its count first. */
static void
walk_dead(const struct sv *v, struct isandhlwana *s)
{
	const cJSON *u;
	const char *side, *type;
	int lost = 0;

	s->regulars = s->regulars_left;
	cJSON_ArrayForEach(u, victory_dead(&v->p))
		s->regulars += regular(v, victory_text(u, "side"),
		    victory_text(u, "type"));
	cJSON_ArrayForEach(u, victory_dead(&v->p)) {
		side = victory_text(u, "side");
		type = victory_text(u, "type");
		s->zulu_lost += !left_map(u) && zulu_counted(v, side, type,
		    victory_text(u, "id"));
		lost += regular(v, side, type);
		if (s->first)
			continue;
		if (s->zulu_lost >= s->need)
			s->first = 1;
		else if (s->regulars > 0 && lost == s->regulars)
			s->first = 2;
		if (s->first)
			s->first_turn = cJSON_IsNumber(victory_member(u, "died")) ?
			    victory_member(u, "died")->valueint : 0;
	}
}

/* The counts: the dead pile's and the position's, the player's over them. */
static int
isandhlwana_counts(struct out_result *o, const cJSON *req, struct sv *v,
    struct isandhlwana *s)
{
	int zl, rl, zg, rg, st;

	if ((st = victory_int(o, req, "zulu_lost", 0, 999, &zl, &zg)) != ST_OK ||
	    (st = victory_int(o, req, "regulars_left", 0, 999, &rl, &rg)) !=
	    ST_OK)
		return st;
	s->regulars_left = on_map(v, regular_unit);
	walk_dead(v, s);
	if (!v->p.saved && !zg)
		return out_fail(o, ST_USAGE, "the Zulu losses are a saved game's "
		    "dead pile: give --saved NAME or --zulu-lost N");
	if (!v->have_pos && !rg)
		return out_fail(o, ST_USAGE, "give --regulars-left N (or a "
		    "position: --saved NAME or --situation FILE)");
	if (zg || rg) {
		if (v->p.saved)
			out_step(o, "5.B", "the counts as given stand over the dead "
			    "pile's, whose order then tells nothing");
		s->first = 0;
	}
	if (zg)
		s->zulu_lost = zl;
	if (rg)
		s->regulars_left = rl;
	return ST_OK;
}

static int
isandhlwana(struct out_result *o, const cJSON *req, struct sv *v)
{
	struct isandhlwana s;
	int st, british, zulu;

	memset(&s, 0, sizeof s);
	if ((st = number(v, "zulu_lost", &s.need)) != ST_OK ||
	    (st = isandhlwana_counts(o, req, v, &s)) != ST_OK)
		return st;
	if (victory_member(req, "exit") || victory_member(req, "apply"))
		return out_fail(o, ST_USAGE, "--exit and --apply are Omdurman's: "
		    "no unit exits at Isandhlwana to win");
	out_step(o, "5.A", "Isandhlwana has no last turn: the game ends the "
	    "moment a side meets its condition");
	british = victory_condition(o, "5.B", "british", VICTORY_AT_ONCE,
	    s.zulu_lost >= s.need,
	    "%d Zulu combat unit%s eliminated, %d needed (leaders and the "
	    "uKhulutshane not counted)", s.zulu_lost, s.zulu_lost == 1 ? "" :
	    "s", s.need);
	zulu = victory_condition(o, "5.B", "zulu", VICTORY_AT_ONCE,
	    s.regulars_left == 0,
	    "%d British regular combat unit%s left (officers not counted)",
	    s.regulars_left, s.regulars_left == 1 ? "" : "s");
	json_set_int(o->json, "zulu_lost", s.zulu_lost);
	json_set_int(o->json, "regulars_left", s.regulars_left);
	if (s.first)
		victory_verdict(o, s.first == 1 ? "british" : "zulu", "5.B",
		    "%s win: %s first, in turn %d; the game ended there (5.A)",
		    s.first == 1 ? "the British" : "the Zulus",
		    s.first == 1 ? "the Zulu losses reached the count" :
		    "the last British regular went", s.first_turn);
	else if (british && zulu)
		victory_verdict(o, "both", "5.B", "both conditions are met: the "
		    "side that met its own first won (5.B); the counts given do "
		    "not say which");
	else if (british || zulu)
		victory_verdict(o, british ? "british" : "zulu", "5.B", "%s win: "
		    "the game ends at once (5.A)", british ? "the British" :
		    "the Zulus");
	else
		victory_verdict(o, "none", "5.A", "no winner yet: play on");
	return ST_OK;
}

/* ---- Omdurman ---- */

struct omdurman {
	int last, need, turn, done;	/* done: British player turns over */
	int end;
	int khalifa, dervish_lost, left, left_known;
	int lost[SV_TURNS + 1], exits[SV_TURNS + 1], total_exits;
	int british_vp, dervish_vp;
};

/* The moment: the turn, and how many British player turns are over. */
static void
omdurman_moment(const struct sv *v, struct omdurman *s, int at_end)
{
	int zulu = victory_phase_index(&v->p, victory_text(v->b, "dervish_turn"));

	s->turn = v->p.turn;
	s->done = s->turn;
	if (v->p.saved && v->p.phase >= 0 && zulu >= 0 && v->p.phase < zulu)
		s->done = s->turn - 1;
	s->end = at_end || v->p.ended || s->done >= s->last;
	if (s->end)
		s->done = s->last;
}

/* A British unit the dead pile holds because it exited (--exit --apply
 * removes it under EXIT_RULE): no loss. */
#define EXIT_RULE "5.B"

static int
exited(const cJSON *u)
{
	const char *rule = victory_text(u, "rule");

	return rule && strcmp(rule, EXIT_RULE) == 0;
}

/* The dead pile's losses: the Khalifa, Dervish units, British units by
 * the turn they went in; and the exits recorded there. */
static void
omdurman_dead(const struct sv *v, struct omdurman *s)
{
	const cJSON *u, *d;
	const char *side, *type;
	int t;

	cJSON_ArrayForEach(u, victory_dead(&v->p)) {
		side = victory_text(u, "side");
		type = victory_text(u, "type");
		d = victory_member(u, "died");
		if (khalifa(v, victory_text(u, "id")))
			s->khalifa = 1;
		else if (combat(v, side, "dervish", type))
			s->dervish_lost += !left_map(u);
		else if (combat(v, side, "british", type)) {
			/* a turn past the schedule's counts as its last */
			t = !cJSON_IsNumber(d) || d->valueint < 1 ? 1 :
			    d->valueint > SV_TURNS ? SV_TURNS : d->valueint;
			if (exited(u))
				s->exits[t]++;
			else
				s->lost[t]++;
		}
	}
}

static int
omdurman_counts(struct out_result *o, const cJSON *req, struct sv *v,
    struct omdurman *s)
{
	int lost[SV_TURNS + 1], exits[SV_TURNS + 1], n, given, st, flag;

	if ((st = crt_req_flag(o, req, "khalifa_killed", &flag)) != ST_OK)
		return st;
	s->khalifa |= flag;
	if ((st = victory_int(o, req, "dervish_lost", 0, 999, &n, &given)) !=
	    ST_OK)
		return st;
	if (given)
		s->dervish_lost = n;
	if ((st = victory_by_turn(o, req, "british_lost", SV_TURNS, lost,
	    &given)) != ST_OK)
		return st;
	if (given)
		memcpy(s->lost, lost, sizeof lost);
	if ((st = victory_by_turn(o, req, "exits", SV_TURNS, exits,
	    &given)) != ST_OK)
		return st;
	if (given)
		memcpy(s->exits, exits, sizeof exits);
	s->left_known = v->have_pos;
	s->left = on_map(v, to_exit);
	if ((st = victory_int(o, req, "british_left", 0, 999, &n, &given)) !=
	    ST_OK)
		return st;
	if (given) {
		s->left = n;
		s->left_known = 1;
	}
	return ST_OK;
}

/* The schedule's points for a British unit lost in turn t. */
static int
loss_vp(const struct sv *v, int t)
{
	const cJSON *band;
	int to, vp;

	cJSON_ArrayForEach(band, victory_member(v->b, "british_unit_vp"))
		if (data_json_int(victory_member(band, "to_turn"), 1, SV_TURNS,
		    &to) == 0 && data_json_int(victory_member(band, "vp"), 0, 99,
		    &vp) == 0 && t <= to)
			return vp;
	return 0;
}

static int
omdurman_points(struct out_result *o, struct sv *v, struct omdurman *s)
{
	const cJSON *ne = victory_member(v->b, "no_exit");
	int kvp, dvp, from, nvp, t, units = 0, idle = 0, st;
	char idle_turns[256] = "";
	size_t used = 0;

	if ((st = number(v, "khalifa_vp", &kvp)) != ST_OK ||
	    (st = number(v, "dervish_unit_vp", &dvp)) != ST_OK)
		return st;
	if (data_json_int(victory_member(ne, "from_turn"), 1, SV_TURNS, &from) < 0 ||
	    data_json_int(victory_member(ne, "vp"), 0, 99, &nvp) < 0)
		return err(ST_DATA, "%s: no_exit: expected from_turn and vp",
		    v->p.path);
	s->british_vp = (s->khalifa ? kvp : 0) + s->dervish_lost * dvp;
	out_step(o, "5.B", "British points: the Khalifa %s (%d) + %d Dervish "
	    "combat unit%s eliminated (%d each) = %d", s->khalifa ? "killed" :
	    "alive", s->khalifa ? kvp : 0, s->dervish_lost, s->dervish_lost ==
	    1 ? "" : "s", dvp, s->british_vp);
	for (t = 1; t <= SV_TURNS; t++) {
		units += s->lost[t];
		s->dervish_vp += s->lost[t] * loss_vp(v, t);
	}
	for (t = from; t <= s->done && t <= SV_TURNS; t++)
		if (!s->exits[t]) {
			idle++;
			if (used < sizeof idle_turns)
				used += (size_t)snprintf(idle_turns + used,
				    sizeof idle_turns - used, "%s%d", idle > 1 ? "," :
				    "", t);
		}
	out_step(o, "5.B", "Dervish points: %d British combat unit%s "
	    "eliminated (by the turn each went) = %d, + %d turn%s from turn %d "
	    "without an exit%s%s%s (%d each) = %d", units, units == 1 ? "" : "s",
	    s->dervish_vp, idle, idle == 1 ? "" : "s", from, idle ? " (" : "",
	    idle_turns, idle ? ")" : "", nvp, s->dervish_vp + idle * nvp);
	s->dervish_vp += idle * nvp;
	json_set_int(o->json, "british_vp", s->british_vp);
	json_set_int(o->json, "dervish_vp", s->dervish_vp);
	json_set_int(o->json, "exits", s->total_exits);
	return ST_OK;
}

static void
omdurman_verdict(struct out_result *o, const struct omdurman *s, int autov)
{
	const char *ahead = s->british_vp > s->dervish_vp ? "the British lead" :
	    s->british_vp < s->dervish_vp ? "the Dervishes lead" : "level";

	if (autov)
		victory_verdict(o, "british", "5.B", "the British win an "
		    "automatic victory: the game ends at once (5.A)");
	else if (!s->end)
		victory_verdict(o, "none", "5.A", "no winner yet: the game ends "
		    "after turn %d's British player turn; now %d exit%s, points "
		    "%d to %d (%s)", s->last, s->total_exits, s->total_exits == 1 ?
		    "" : "s", s->british_vp, s->dervish_vp, ahead);
	else if (s->total_exits < s->need)
		victory_verdict(o, "dervish", "5.B", "the Dervishes win: %d "
		    "British exit%s, fewer than %d", s->total_exits,
		    s->total_exits == 1 ? "" : "s", s->need);
	else if (s->british_vp != s->dervish_vp)
		victory_verdict(o, s->british_vp > s->dervish_vp ? "british" :
		    "dervish", "5.B", "%s win on points, %d to %d, with %d "
		    "exits", s->british_vp > s->dervish_vp ? "the British" :
		    "the Dervishes", s->british_vp > s->dervish_vp ? s->british_vp :
		    s->dervish_vp, s->british_vp > s->dervish_vp ? s->dervish_vp :
		    s->british_vp, s->total_exits);
	else
		victory_verdict(o, "draw", "5.B", "no winner: %d exits and "
		    "points level at %d; 5.B gives neither side the game",
		    s->total_exits, s->british_vp);
}

/* One unit of --exit: a British combat unit that counts (no gunboat or
 * leader), neither routed nor pinned, on an exit hex (5.B); NULL, or
 * why not in buf. */
static const char *
exit_refused(const struct sv *v, const struct unit *u, char *buf, size_t len)
{
	int bit = map_feature_bit(v->p.map, "exit");
	char hex[HEX_IDLEN];

	map_hex_id(v->p.map, u->hex, hex);
	if (!to_exit(v, u))
		snprintf(buf, len, "'%s' is no British combat unit that counts as "
		    "an exit (leaders and gunboats do not, 5.B)", u->id);
	else if (situation_unit_has_marker(u, "routed") ||
	    situation_unit_has_marker(u, "pinned"))
		snprintf(buf, len, "'%s' is %s: only unrouted, unpinned units "
		    "exit (5.B)", u->id, situation_unit_has_marker(u, "routed") ?
		    "routed" : "pinned");
	else if (bit < 0 || !(map_features(v->p.map, u->hex) >> bit & 1u))
		snprintf(buf, len, "'%s' in %s is not on an exit hex of the "
		    "south edge (5.B)", u->id, hex);
	else
		return NULL;
	return buf;
}

/*
 * --exit: units of a saved game leaving the map now, in the British
 * movement phase (5.B): they count as this turn's exits, and the result
 * lists their removal under EXIT_RULE for --apply (the dead pile keeps
 * them apart from the losses).
 */
static int
exits_now(struct out_result *o, const cJSON *req, struct sv *v,
    struct omdurman *s)
{
	const char *phase = victory_text(v->b, "exit_phase");
	const struct unit *u, *seen[CRT_MAX_UNITS];
	char text[1024], why[192], said[512] = "exits:", *tok, *save;
	cJSON *fx;
	size_t n = strlen(said);
	int given, st, apply, k = 0, i;

	if ((st = crt_req_text(o, req, "exit", text, sizeof text, &given)) !=
	    ST_OK || (st = crt_req_flag(o, req, "apply", &apply)) != ST_OK)
		return st;
	if (!given)
		return apply ? out_fail(o, ST_USAGE, "--apply records exits: give "
		    "--exit ids") : ST_OK;
	if (!v->p.saved)
		return out_fail(o, ST_USAGE, "--exit takes units off a saved "
		    "game's map: give --saved NAME");
	if (v->p.turn < 1 || v->p.turn > s->last)
		return out_fail(o, ST_USAGE, "--exit: turn %d is past the game's "
		    "last, %d (5.A)", v->p.turn, s->last);
	if (phase && (!victory_phase_name(&v->p) ||
	    strcmp(victory_phase_name(&v->p), phase) != 0))
		return out_fail(o, ST_USAGE, "--exit: units leave the map in the "
		    "%s phase (5.B); saved game '%s' is in the %s phase", phase,
		    v->p.sv.name, victory_phase_name(&v->p) ?
		    victory_phase_name(&v->p) : "unknown");
	fx = json_array();
	json_set(o->json, "effects", fx);
	for (tok = strtok_r(text, ",", &save); tok; tok = strtok_r(NULL, ",",
	    &save)) {
		if (!(u = situation_find(v->p.sit, tok)))
			return out_fail(o, ST_USAGE, "--exit: no unit '%s' in %s",
			    tok, v->p.spec);
		if (exit_refused(v, u, why, sizeof why))
			return out_fail(o, ST_USAGE, "--exit: %s", why);
		for (i = 0; i < k && seen[i] != u; i++)
			;
		if (i < k)
			return out_fail(o, ST_USAGE, "--exit: unit '%s' named twice",
			    tok);
		if (k == CRT_MAX_UNITS)
			return out_fail(o, ST_USAGE, "--exit: at most %d units a "
			    "step", CRT_MAX_UNITS);
		seen[k++] = u;
		saved_effect(fx, tok, "remove", NULL, EXIT_RULE);
		s->exits[v->p.turn]++;
		s->left--;
		if (n < sizeof said)
			n += (size_t)snprintf(said + n, sizeof said - n, " %s", tok);
	}
	json_set_str(o->json, "recorded", said);
	out_step(o, "5.B", "leaving the map now, %s%s", said, apply ? "" :
	    " (--apply records them)");
	return ST_OK;
}

static int
omdurman(struct out_result *o, const cJSON *req, struct sv *v)
{
	struct omdurman s;
	int st, at_end, autov, t;

	memset(&s, 0, sizeof s);
	if ((st = number(v, "last_turn", &s.last)) != ST_OK ||
	    (st = number(v, "exits", &s.need)) != ST_OK ||
	    (st = crt_req_flag(o, req, "at_end", &at_end)) != ST_OK)
		return st;
	if (!s.last || s.last > SV_TURNS)
		return err(ST_DATA, "%s: last_turn: expected 1 to %d", v->p.path,
		    SV_TURNS);
	if (!v->p.turn && !at_end)
		return out_fail(o, ST_USAGE, "the Omdurman points run by turn: "
		    "give --turn N (or --at-end, or --saved NAME)");
	omdurman_moment(v, &s, at_end);
	omdurman_dead(v, &s);
	if ((st = omdurman_counts(o, req, v, &s)) != ST_OK ||
	    (st = exits_now(o, req, v, &s)) != ST_OK)
		return st;
	for (t = 1; t <= SV_TURNS; t++)
		s.total_exits += s.exits[t];
	if (s.end)
		out_step(o, "5.A", "the game is over: %d British player turns "
		    "played", s.done);
	else
		out_step(o, "5.A", "the game ends after turn %d's British player "
		    "turn: %d over so far", s.last, s.done);
	if (s.left_known)
		autov = victory_condition(o, "5.B", "british", VICTORY_AT_ONCE,
		    s.total_exits >=
		    s.need && s.left == 0, "automatic victory: %d exited (%d at "
		    "least) and %d British combat unit%s still to leave "
		    "(gunboats and leaders need not); at once", s.total_exits,
		    s.need, s.left, s.left == 1 ? "" : "s");
	else {
		out_step(o, "5.B", "automatic victory: not looked at (give "
		    "--british-left N, or a position)");
		autov = 0;
	}
	victory_condition(o, "5.B", "british", VICTORY_END_GAME,
	    s.total_exits >= s.need, "%d "
	    "British combat unit%s exited through the south edge, %d needed "
	    "(leaders and gunboats do not count); at the end", s.total_exits,
	    s.total_exits == 1 ? "" : "s", s.need);
	if ((st = omdurman_points(o, v, &s)) != ST_OK)
		return st;
	omdurman_verdict(o, &s, autov);
	return ST_OK;
}

/* ---- the battle, the data, the run ---- */

static int
battle(struct out_result *o, const cJSON *req, struct sv *v, int *which)
{
	const char *names[] = { "isandhlwana", "omdurman" };
	const char *map = v->have_pos ? map_name(v->p.map) : NULL;
	char text[32], name[64];
	int given, st, i;

	if ((st = crt_req_text(o, req, "battle", text, sizeof text, &given)) !=
	    ST_OK)
		return st;
	for (i = 0; i < 2 && given && strcmp(text, names[i]) != 0; i++)
		;
	if (given && i == 2)
		return out_fail(o, ST_USAGE, "%s: expected isandhlwana or "
		    "omdurman, not '%s'", out_field_name(o, "battle", name), text);
	if (!given)
		for (i = 0; i < 2 && (!map || strcmp(map, names[i]) != 0); i++)
			;
	if (i == 2)
		return out_fail(o, ST_USAGE, map ? "map %s is neither battle's: "
		    "give --battle isandhlwana or omdurman" : "give --battle "
		    "isandhlwana or omdurman (or --saved NAME)", map);
	if (given && map && strcmp(map, names[i]) != 0)
		return out_fail(o, ST_USAGE, "%s %s: the position is on map %s",
		    out_field_name(o, "battle", name), text, map);
	*which = i;
	json_set_str(o->json, "battle", names[i]);
	if (!(v->b = victory_member(v->p.data, names[i])))
		return err(ST_DATA, "%s: no member %s", v->p.path, names[i]);
	return ST_OK;
}

static int
check(struct ctx *c, const cJSON *req, struct out_result *o, struct sv *v)
{
	int st, which;

	if ((st = crt_req_check(o, req, "sotq", sotq_victory_fields)) != ST_OK)
		return st;
	st = victory_open(c, o, req, &v->p);
	if (st == ST_NO) {
		if ((st = victory_int(o, req, "turn", 1, 99, &v->p.turn,
		    &which)) != ST_OK)
			return st;
	} else if (st != ST_OK)
		return st;
	else
		v->have_pos = 1;
	if ((st = victory_data(c, &v->p, "sotq/victory.json")) != ST_OK ||
	    (st = battle(o, req, v, &which)) != ST_OK)
		return st;
	out_title(o, "victory: %s%s%s", which ? "Omdurman" : "Isandhlwana",
	    v->p.spec ? ", " : "", v->p.spec ? v->p.spec : "");
	if (v->p.turn)
		out_step(o, "4", "turn %d%s%s%s", v->p.turn, victory_phase_name(
		    &v->p) ? ", the " : "", victory_phase_name(&v->p) ?
		    victory_phase_name(&v->p) : "", victory_phase_name(&v->p) ?
		    " phase" : "");
	json_set_int(o->json, "turn", v->p.turn);
	return which ? omdurman(o, req, v) : isandhlwana(o, req, v);
}

int
sotq_victory_run(struct ctx *c, const cJSON *req, struct out_result *o)
{
	struct sv v;
	int st;

	memset(&v, 0, sizeof v);
	st = check(c, req, o, &v);
	victory_close(&v.p);
	return st;
}
