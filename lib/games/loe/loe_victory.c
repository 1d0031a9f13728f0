/*
 * loe_victory.c: Lion of Ethiopia's victory conditions (15), for
 * `umpire victory` (the procedure "victory"), read off a saved game or a
 * situation file.
 *
 * Two kinds of moment: 15.1 A and 15.2 A are looked at only at the end of
 * a complete turn (the saved game in its end phase, or --at-end), and
 * 15.2 B's last test at the end of the May 1 turn; the others (15.1 B,
 * 15.2 B's destructions, 14.3.2 B's missed withdrawal) win as soon as
 * they hold.  The hexes the rules name, the turn track and the Askari
 * withdrawal's date and size are data (rules/loe/victory.json).  The
 * withdrawal itself is no part of the position: `game use
 * askari-withdrawal` records it (loe_once.c), or --askari-withdrawn says.
 * The optional Early Mobilization (16.3, --early-mobilization) puts 16.3
 * C's conditions in the place of 15.2's: Massawa or To Mogadisho
 * controlled at the end of a turn (3.3), every Italian ground unit gone,
 * and Italy's win at the end of the last turn otherwise.
 */
#include <stdio.h>
#include <string.h>

#include "crt.h"
#include "data.h"
#include "err.h"
#include "hex.h"
#include "json.h"
#include "loe_impl.h"
#include "loe_move.h"
#include "map.h"
#include "out.h"
#include "situation.h"
#include "victory.h"
#include "opt.h"

const char *const loe_victory_fields[] = { "game", "situation", "map",
	"turn", "at_end", "askari_withdrawn", "early_mobilization", NULL };

/* `umpire victory`'s options of this game's rules */
const struct opt loe_victory_opts[] = {
	{ OPT_FIELD, 0, "askari-withdrawn", "yes|no", "whether Italy made "
	  "the Jan 1 Askari withdrawal (14.3.2)", "yes no" },
	{ OPT_FIELD, 0, "early-mobilization", NULL, "the optional Early "
	  "Mobilization is played, with its conditions (16.3 C)", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

struct lv {
	struct victory_pos p;
	int end;		/* at the end of a complete turn */
	int immediate, at_end;	/* who meets a condition of each kind */
	const char *immediate_rule, *at_end_rule;
};

enum { WHO_IT = 1, WHO_ETH = 2 };

/* A part of the victory data: "track", "italian", ... */
static const cJSON *
part(const struct lv *v, const char *key)
{
	return victory_member(v->p.data, key);
}

/* The track's turn of this date (1 is the first), or 0. */
static int
turn_of(const struct lv *v, const char *date)
{
	const cJSON *t;
	int i = 0;

	cJSON_ArrayForEach(t, victory_member(part(v, "track"), "turns")) {
		i++;
		if (cJSON_IsString(t) && date && strcmp(t->valuestring, date) == 0)
			return i;
	}
	return 0;
}

/* "turn 10 (jan-1)", or "turn 30" past the track. */
static void
turn_text(const struct lv *v, int turn, char *buf, size_t len)
{
	const cJSON *t = cJSON_GetArrayItem(victory_member(part(v, "track"),
	    "turns"), turn - 1);

	if (cJSON_IsString(t))
		snprintf(buf, len, "turn %d (%s)", turn, t->valuestring);
	else
		snprintf(buf, len, "turn %d", turn);
}

static int
bad(const struct lv *v, const char *what)
{
	return err(ST_DATA, "%s: %s", v->p.path, what);
}

/* A hex the data names, {"name", "hex"}, on the map: its index, or -1
 * reported. */
static int
named_hex(const struct lv *v, const cJSON *h, char *label, size_t len)
{
	const char *id = victory_text(h, "hex"), *name = victory_text(h, "name");
	int idx = id ? map_lookup(v->p.map, id) : -1;

	if (!id || !name) {
		bad(v, "expected each hex as {\"name\", \"hex\"}");
		return -1;
	}
	if (idx < 0) {
		err(ST_DATA, "%s: %s (%s) is not on map %s", v->p.path, name, id,
		    map_name(v->p.map));
		return -1;
	}
	snprintf(label, len, "%s (%s)", name, id);
	return idx;
}

static int
ground(const struct unit *u)
{
	return strcmp(u->type, "air") != 0 && strcmp(u->type, "airfield") != 0;
}

/* 7.2.1 C: an Italian HQ is an army's by its marker army-hq. */
static int
army_hq(const char *type, int marked)
{
	return strcmp(type, "italian-hq") == 0 && marked;
}

/* The first ground unit of side in hex idx (not at sea, 6.4 C), or NULL. */
static const struct unit *
holder(const struct lv *v, int idx, const char *side)
{
	const struct unit *in[32];
	int n = situation_in_hex(v->p.sit, idx, in, 32), i;

	for (i = 0; i < n && i < 32; i++)
		if (strcmp(in[i]->side, side) == 0 && loe_holds(in[i]))
			return in[i];
	return NULL;
}

/* Units on the map of side that pass keep(). */
static int
on_map(const struct lv *v, const char *side, int (*keep)(const struct unit *))
{
	const struct unit *u;
	int i, n = 0;

	for (i = 0; i < situation_count(v->p.sit); i++) {
		u = situation_unit(v->p.sit, i);
		n += strcmp(u->side, side) == 0 && keep(u);
	}
	return n;
}

static int
has_marker(const cJSON *u, const char *m)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, victory_member(u, "markers"))
		if (cJSON_IsString(e) && strcmp(e->valuestring, m) == 0)
			return 1;
	return 0;
}

/* Dead units of type (NULL: any) of side; army: army HQs only. */
static int
dead(const struct lv *v, const char *side, const char *type, int army)
{
	const cJSON *u;
	const char *s, *t;
	int n = 0;

	cJSON_ArrayForEach(u, victory_dead(&v->p)) {
		s = victory_text(u, "side");
		t = victory_text(u, "type");
		if (!s || !t || strcmp(s, side) != 0 || (type && strcmp(t, type)))
			continue;
		n += !army || army_hq(t, has_marker(u, "army-hq"));
	}
	return n;
}

/* Who meets a condition, kept by its kind; returns met. */
static int
meets(struct lv *v, int who, int now, const char *rule, int met)
{
	if (!met)
		return 0;
	if (now) {
		v->immediate |= who;
		if (!v->immediate_rule)
			v->immediate_rule = rule;
	} else {
		v->at_end |= who;
		if (!v->at_end_rule)
			v->at_end_rule = rule;
	}
	return 1;
}

static const char *
when_end(const struct lv *v)
{
	return v->end ? "at the end of this complete turn" :
	    "looked at only at the end of a complete turn";
}

/* 15.1 A: three of the four towns, and an army HQ in Addis Ababa. */
static int
italian_towns(struct out_result *o, struct lv *v)
{
	const cJSON *it = part(v, "italian"), *h;
	const cJSON *need = victory_member(it, "need");
	char label[80], held[512] = "";
	const struct unit *u, *in[32];
	int idx, n = 0, hq = 0, i, k;
	size_t used = 0;

	cJSON_ArrayForEach(h, victory_member(it, "towns")) {
		if ((idx = named_hex(v, h, label, sizeof label)) < 0)
			return -1;
		if ((u = holder(v, idx, "italian")) != NULL && ++n &&
		    used < sizeof held)
			used += (size_t)snprintf(held + used, sizeof held - used,
			    "%s%s by %s", n > 1 ? ", " : "", label, u->id);
	}
	if (!cJSON_IsNumber(need)) {
		bad(v, "italian: expected need, a number of towns");
		return -1;
	}
	if ((idx = named_hex(v, victory_member(it, "capital"), label,
	    sizeof label)) < 0)
		return -1;
	k = situation_in_hex(v->p.sit, idx, in, 32);
	for (i = 0; i < k && i < 32; i++)
		hq += army_hq(in[i]->type, situation_unit_has_marker(in[i],
		    "army-hq"));
	victory_condition(o, "15.1 A", "italian", VICTORY_END_TURN,
	    meets(v, WHO_IT, 0,
	    "15.1 A", n >= need->valueint && hq > 0), "Italy holds %d of "
	    "the towns (%d needed)%s%s and %s army HQ in %s; %s", n,
	    need->valueint, n ? ": " : "", held, hq ? "an" : "no", label,
	    when_end(v));
	return n >= need->valueint && hq > 0;
}

static int
not_selassie(const struct unit *u)
{
	return strcmp(u->type, "selassie") != 0;
}

static int
other_italian(const struct unit *u)
{
	return ground(u) && !army_hq(u->type, situation_unit_has_marker(u,
	    "army-hq"));
}

/* 15.1 B: the emperor killed in battle, or every other Ethiopian unit
 * destroyed; at once. */
static void
italian_kills(struct out_result *o, struct lv *v)
{
	int left = on_map(v, "ethiopian", not_selassie);

	if (v->p.saved)
		victory_condition(o, "15.1 B", "italian", VICTORY_AT_ONCE,
		    meets(v, WHO_IT, 1,
		    "15.1 B", dead(v, "ethiopian", "selassie", 0) > 0),
		    "the emperor is %s the dead pile; at once",
		    dead(v, "ethiopian", "selassie", 0) ? "in" : "not in");
	victory_condition(o, "15.1 B", "italian", VICTORY_AT_ONCE,
	    meets(v, WHO_IT, 1, "15.1 B",
	    left == 0), "%d Ethiopian unit%s besides the emperor left on the "
	    "map; at once", left, left == 1 ? "" : "s");
}

/* 15.2 A: an Ethiopian unit in Massawa or To Mogadisho. */
static int
ethiopian_ports(struct out_result *o, struct lv *v)
{
	const cJSON *h;
	const struct unit *u;
	char label[80], said[256] = "";
	int idx, met = 0;

	cJSON_ArrayForEach(h, victory_member(part(v, "ethiopian"), "hexes")) {
		if ((idx = named_hex(v, h, label, sizeof label)) < 0)
			return -1;
		if ((u = holder(v, idx, "ethiopian")) && !met++)
			snprintf(said, sizeof said, "%s holds %s", u->id, label);
		else if (!u && !said[0])
			snprintf(said, sizeof said, "no Ethiopian unit in %s", label);
		else if (!u && !met)
			snprintf(said + strlen(said), sizeof said - strlen(said),
			    " or %s", label);
	}
	victory_condition(o, "15.2 A", "ethiopian", VICTORY_END_TURN,
	    meets(v, WHO_ETH, 0,
	    "15.2 A", met > 0), "%s; %s", said, when_end(v));
	return met > 0;
}

/* 15.2 B: both army HQs destroyed (the dead pile says: a situation
 * file keeps none), or every other Italian ground unit; at once. */
static void
ethiopian_kills(struct out_result *o, struct lv *v)
{
	int hqs = dead(v, "italian", NULL, 1);
	int left = on_map(v, "italian", other_italian);

	if (v->p.saved)
		victory_condition(o, "15.2 B", "ethiopian", VICTORY_AT_ONCE,
		    meets(v, WHO_ETH, 1,
		    "15.2 B", hqs >= 2), "%d Italian army HQ%s in the dead pile "
		    "(both needed); at once", hqs, hqs == 1 ? "" : "s");
	else
		out_step(o, "15.2 B", "the army HQs destroyed: not looked at, a "
		    "situation file keeps no dead pile (give --saved NAME)");
	victory_condition(o, "15.2 B", "ethiopian", VICTORY_AT_ONCE,
	    meets(v, WHO_ETH, 1,
	    "15.2 B", left == 0), "%d other Italian ground unit%s left on the "
	    "map; at once", left, left == 1 ? "" : "s");
}

/* Who holds hex idx (3.3): the side of a ground unit in it (B), else the
 * position's control, else the start (A: the map's italian hexes). */
static const char *
control_of(const struct lv *v, int idx)
{
	const char *ctl;
	int bit = map_feature_bit(v->p.map, "italian");

	if (holder(v, idx, "ethiopian"))
		return "ethiopian";
	if (holder(v, idx, "italian"))
		return "italian";
	if ((ctl = situation_control(v->p.sit, idx)) != NULL)
		return ctl;
	return bit >= 0 && (map_features(v->p.map, idx) >> bit & 1u) ?
	    "italian" : "ethiopian";
}

/* 16.3 C: Ethiopia controls Massawa or To Mogadisho at the end of a
 * turn, or every Italian ground unit is gone (at once); returns whether
 * either is met now. */
static int
early_ethiopian(struct out_result *o, struct lv *v)
{
	const cJSON *h;
	char label[80], said[256] = "";
	size_t n = 0;
	int idx, met = 0, left = on_map(v, "italian", ground);

	cJSON_ArrayForEach(h, victory_member(part(v, "early_mobilization"),
	    "hexes")) {
		if ((idx = named_hex(v, h, label, sizeof label)) < 0)
			return -1;
		met += strcmp(control_of(v, idx), "ethiopian") == 0;
		if (n < sizeof said)
			n += (size_t)snprintf(said + n, sizeof said - n, "%s%s %s",
			    n ? ", " : "", label, control_of(v, idx));
	}
	victory_condition(o, "16.3 C", "ethiopian", VICTORY_END_TURN,
	    meets(v, WHO_ETH, 0,
	    "16.3 C", met > 0), "control: %s; %s", said, when_end(v));
	victory_condition(o, "16.3 C", "ethiopian", VICTORY_AT_ONCE,
	    meets(v, WHO_ETH, 1,
	    "16.3 C", left == 0), "%d Italian ground unit%s left on the map; "
	    "at once", left, left == 1 ? "" : "s");
	return met > 0 || left == 0;
}

/* The end of the last turn (May 1): Ethiopia wins if Italy has not
 * (15.2 B); with 16.3, Italy wins if Ethiopia has not (16.3 C). */
static int
last_turn(struct out_result *o, struct lv *v, int won, int early)
{
	int last = turn_of(v, victory_text(part(v, "last"), "turn"));
	const char *rule = early ? "16.3 C" : "15.2 B";
	const char *must = early ? "Ethiopia" : "Italy";
	char t[32];

	if (!last)
		return bad(v, "last: expected a turn of the track");
	turn_text(v, last, t, sizeof t);
	if (!v->p.turn)
		out_step(o, rule, "not looked at: the turn is not known (give "
		    "--turn); %s must win by the end of %s", must, t);
	else
		victory_condition(o, rule, early ? "italian" : "ethiopian",
		    VICTORY_END_GAME, meets(v, early ? WHO_IT : WHO_ETH, 0, rule, (v->p.turn > last ||
		    (v->p.turn == last && v->end)) && !won), "%s must win by "
		    "the end of %s: %s", must, t, v->p.turn < last ||
		    (v->p.turn == last && !v->end) ? "not reached yet" : won ?
		    "it does" : "it has not");
	return ST_OK;
}

/* Whether the withdrawal was made: the request, else the saved game's
 * record; 1 made, 0 not, -1 not said (*how: where it was read). */
static int
withdrawn(struct out_result *o, const cJSON *req, struct lv *v, int due,
    const char **how)
{
	char text[8], name[64];
	int given, st, used;

	if ((st = crt_req_text(o, req, "askari_withdrawn", text, sizeof text,
	    &given)) != ST_OK)
		return -2;
	if (given) {
		*how = "as given";
		if (strcmp(text, "yes") == 0 || strcmp(text, "no") == 0)
			return text[0] == 'y';
		out_fail(o, ST_USAGE, "%s: expected yes or no, not '%s'",
		    out_field_name(o, "askari_withdrawn", name), text);
		return -2;
	}
	*how = "recorded: umpire game use askari-withdrawal";
	if ((used = victory_used(&v->p, "askari-withdrawal")) && used != due)
		out_step(o, "14.3.2 A", "the withdrawal recorded in turn %d is "
		    "not the one due at the start of turn %d: not counted", used,
		    due);
	return used == due ? 1 : -1;
}

/* 14.3.2: the withdrawal at the start of the Jan 1 Italian
 * reinforcement phase; missed, Ethiopia wins at once (B). */
static int
askaris(struct out_result *o, const cJSON *req, struct lv *v)
{
	const cJSON *a = part(v, "askari");
	int due = turn_of(v, victory_text(a, "turn")), cf = 0, made, past;
	const char *how = NULL;
	char t[32];

	if (!due || data_json_int(victory_member(a, "cf"), 1, 99, &cf) < 0)
		return bad(v, "askari: expected a turn of the track and cf");
	if ((made = withdrawn(o, req, v, due, &how)) == -2)
		return ST_USAGE;
	turn_text(v, due, t, sizeof t);
	past = v->p.turn > due || (v->p.turn == due && v->p.phase > 0);
	if (made == 1)
		victory_condition(o, "14.3.2 B", "ethiopian", VICTORY_AT_ONCE,
		    0, "Askari units "
		    "of %d CF at least withdrawn at the start of %s: made (%s)",
		    cf, t, how);
	else if (made == -1 && !v->p.turn)
		out_step(o, "14.3.2 B", "not looked at: the turn is not known "
		    "(give --turn, or --askari-withdrawn yes or no)");
	else if ((v->p.turn && v->p.turn < due) || (made == -1 && !past))
		victory_condition(o, "14.3.2 B", "ethiopian", VICTORY_AT_ONCE,
		    0, "the withdrawal "
		    "of Askari units of %d CF at least falls due at the start of "
		    "%s%s", cf, t, v->p.turn == due ? ", now: `umpire game use "
		    "askari-withdrawal` once they are off the map" : "");
	else
		victory_condition(o, "14.3.2 B", "ethiopian", VICTORY_AT_ONCE,
		    meets(v, WHO_ETH, 1,
		    "14.3.2 B", 1), "the withdrawal of Askari units of %d CF at "
		    "least due at the start of %s was not made (%s); at once", cf,
		    t, made == 0 ? how : "none recorded");
	return ST_OK;
}

/* The moment of the check: the saved game's turn and phase, or the
 * request's. */
static int
moment(struct out_result *o, const cJSON *req, struct lv *v)
{
	const char *phase = victory_phase_name(&v->p);
	char t[32];
	int flag, st;

	if ((st = crt_req_flag(o, req, "at_end", &flag)) != ST_OK)
		return st;
	v->end = flag || v->p.ended || victory_last_phase(&v->p);
	if (v->p.turn)
		turn_text(v, v->p.turn, t, sizeof t);
	else
		snprintf(t, sizeof t, "the turn not known");
	out_title(o, "victory: %s, %s", v->p.spec, t);
	out_step(o, "4.2", "%s%s%s%s: %s", t, phase ? ", the " : "", phase ?
	    phase : "", phase ? " phase" : "", v->end ? "the turn is "
	    "complete" : "the turn is not complete (the end phase, or "
	    "--at-end, completes it)");
	json_set_int(o->json, "turn", v->p.turn);
	json_set_bool(o->json, "end_of_turn", v->end);
	return ST_OK;
}

/* The verdict: a condition met at once wins whenever; the end-of-turn
 * ones win only at the end of a complete turn. */
static void
verdict(struct out_result *o, const struct lv *v)
{
	int now = v->immediate, later = v->end ? v->at_end : 0;
	int who = now ? now : later;
	const char *rule = now ? v->immediate_rule : v->at_end_rule;

	if (who == (WHO_IT | WHO_ETH))
		victory_verdict(o, "both", rule, "both sides meet a condition: "
		    "15 names no winner for that; settle it between you");
	else if (who)
		victory_verdict(o, who == WHO_IT ? "italian" : "ethiopian", rule,
		    "%s wins: play stops (%s)", who == WHO_IT ? "Italy" :
		    "Ethiopia", rule);
	else if (v->at_end)
		victory_verdict(o, "none", v->at_end_rule, "no winner yet: %s "
		    "would win if the turn ended as things stand (%s)",
		    v->at_end == WHO_IT ? "Italy" : v->at_end == WHO_ETH ?
		    "Ethiopia" : "each side", v->at_end_rule);
	else
		victory_verdict(o, "none", "15", "no winner yet: play on");
}

static int
check(struct ctx *c, const cJSON *req, struct out_result *o, struct lv *v)
{
	int st, italy, early, eth = 0;

	if ((st = crt_req_check(o, req, "loe", loe_victory_fields)) != ST_OK)
		return st;
	if ((st = victory_open(c, o, req, &v->p)) == ST_NO)
		return out_fail(o, ST_USAGE, "loe's victory is read off a "
		    "position: give --saved NAME or --situation FILE");
	if (st != ST_OK ||
	    (st = victory_data(c, &v->p, "loe/victory.json")) != ST_OK ||
	    (st = moment(o, req, v)) != ST_OK)
		return st;
	if ((st = crt_req_flag(o, req, "early_mobilization", &early)) != ST_OK)
		return st;
	if ((italy = italian_towns(o, v)) < 0)
		return ST_DATA;
	italian_kills(o, v);
	if (early && (eth = early_ethiopian(o, v)) < 0)
		return ST_DATA;
	if (!early && ethiopian_ports(o, v) < 0)
		return ST_DATA;
	if (!early)
		ethiopian_kills(o, v);
	if ((st = last_turn(o, v, early ? eth : italy, early)) != ST_OK ||
	    (st = askaris(o, req, v)) != ST_OK)
		return st;
	verdict(o, v);
	return ST_OK;
}

int
loe_victory_run(struct ctx *c, const cJSON *req, struct out_result *o)
{
	struct lv v;
	int st;

	memset(&v, 0, sizeof v);
	st = check(c, req, o, &v);
	victory_close(&v.p);
	return st;
}
