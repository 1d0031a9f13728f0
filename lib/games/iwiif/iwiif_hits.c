/*
 * iwiif_hits.c: the Combat Results Table and the coloured dice of I wish I
 * was in France! (11.2, 13.5), for small arms, artillery and close combat
 * alike (iwiif_fire.c): each target stand's factor with the target
 * modifiers (13.2) and what its own tags change (an armoured car is fired
 * on as hard cover, 23; artillery is in position when fired on, 12.3), its
 * row, its die, its new condition; and the end of a round of close combat
 * (19).  A stand given the result it already has gets one step worse; a
 * lesser result leaves it be; a broken stand is harmed only by Destroyed
 * (umpire's reading).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "games/iwiif/iwiif.h"
#include "games/iwiif/iwiif_fire.h"

/* ---- the target (13.2, 12.3, 23) ---- */

static int
mod_value(struct out_result *o, const struct iwiif_chart *ch, const char *id,
    int *v)
{
	const cJSON *m = iwiif_chart_entry(o, ch, "modifiers", id);

	*v = 0;
	return m ? iwiif_chart_int(o, ch, m, "value", v, NULL) : ST_DATA;
}

/* The target modifiers every stand shares, from the options. */
int
iwiif_target_mods(struct out_result *o, const struct iwiif_chart *ch,
    const struct fire *f, cJSON *mods, int *total)
{
	int st;

	if ((f->cover[0] && (st = iwiif_modifier(o, ch, mods, f->cover, 1,
	    "13.2", total)) != ST_OK) ||
	    (st = iwiif_modifier(o, ch, mods, "target-in-position",
	    f->target_in_position, "13.2", total)) != ST_OK ||
	    (st = iwiif_modifier(o, ch, mods, "cavalry", f->cavalry, "13.2",
	    total)) != ST_OK)
		return st;
	return iwiif_modifier(o, ch, mods, "single", f->targets.total == 1,
	    "13.2", total);
}

/* What a stand's own tags change against the shared target modifiers. */
static int
stand_delta(struct out_result *o, const struct iwiif_chart *ch,
    const struct fire *f, const struct iwiif_stand *s, int *delta)
{
	char label[64];
	int a, b, st;

	*delta = 0;
	iwiif_stand_format(s, label, sizeof label);
	if ((s->tags & IWIIF_AC) && strcmp(f->cover, "hard") != 0) {
		if ((st = mod_value(o, ch, "hard", &a)) != ST_OK)
			return st;
		b = 0;
		if (f->cover[0] && (st = mod_value(o, ch, f->cover, &b)) != ST_OK)
			return st;
		out_step(o, "23", "%s: an armoured car is fired on as in hard cover: "
		    "%+d", label, a - b);
		*delta += a - b;
	}
	if ((s->tags & IWIIF_ART) && !f->target_in_position) {
		if ((st = mod_value(o, ch, "target-in-position", &a)) != ST_OK)
			return st;
		out_step(o, "12.3", "%s: artillery is in position when fired on: "
		    "%+d", label, a);
		*delta += a;
	}
	if ((s->tags & IWIIF_CAV) && !f->cavalry) {
		if ((st = mod_value(o, ch, "cavalry", &a)) != ST_OK)
			return st;
		out_step(o, "13.2", "%s: cavalry: %+d", label, a);
		*delta += a;
	}
	return ST_OK;
}

/* ---- the Combat Results Table (13.5) ---- */

/* The column whose id ("9-10", "15+", "0") holds the factor. */
int
iwiif_crt_column(struct out_result *o, const struct table *t, int factor,
    int *col)
{
	size_t i;

	if (factor < 0)
		factor = 0;
	for (i = 0; i < t->ncols; i++) {
		const char *id = t->cols[i].id;
		char *end;
		long lo = strtol(id, &end, 10), hi = lo;

		if (end == id)
			continue;
		if (*end == '+')
			hi = 1000;
		else if (*end == '-')
			hi = strtol(end + 1, &end, 10);
		if (factor >= lo && factor <= hi) {
			*col = (int)i;
			return ST_OK;
		}
	}
	return out_fail(o, ST_DATA, "%s: no column for a fire factor of %d",
	    t->path, factor);
}

/* 13.5: a column's results are -, S, P and D, nothing else. */
static int
crt_codes(struct out_result *o, const struct table *t, int col)
{
	size_t i;

	for (i = 0; i < t->cols[col].n; i++) {
		const char *c = t->cols[col].entries[i].code;

		if (strlen(c) != 1 || !strchr("-SPD", c[0]))
			return out_fail(o, ST_DATA, "%s: column %s: code '%s' is not "
			    "-, S, P or D", t->path, t->cols[col].id, c);
	}
	return ST_OK;
}

static const char *
lowest(const struct table *t, int col, const char *code, char *buf,
    size_t len)
{
	size_t i;
	int lo = 0;

	for (i = 0; i < t->cols[col].n; i++)
		if (strcmp(t->cols[col].entries[i].code, code) == 0 &&
		    (!lo || t->cols[col].entries[i].lo < lo))
			lo = t->cols[col].entries[i].lo;
	if (lo)
		snprintf(buf, len, "%d", lo);
	else
		snprintf(buf, len, "-");
	return buf;
}

void
iwiif_row_step(struct out_result *o, const struct table *t, int factor,
    int col, const char *who)
{
	char s[8], p[8], d[8];

	out_step(o, "13.5", "%s%sfire factor %d, row %s: suppressed on %s, "
	    "pinned on %s, destroyed on %s", who ? who : "", who ? ": " : "",
	    factor, t->cols[col].id,
	    lowest(t, col, "S", s, sizeof s), lowest(t, col, "P", p, sizeof p),
	    lowest(t, col, "D", d, sizeof d));
}

/* 11.2: the same result again is one step worse; worse replaces better. */
static enum iwiif_cond
worsen(enum iwiif_cond now, const char *code)
{
	enum iwiif_cond hit = code[0] == 'S' ? IWIIF_SUPPRESSED :
	    code[0] == 'P' ? IWIIF_PINNED : code[0] == 'D' ? IWIIF_DESTROYED :
	    IWIIF_STEADY;

	if (hit == IWIIF_STEADY)
		return now;
	if (hit == IWIIF_DESTROYED)
		return IWIIF_DESTROYED;
	if (now == IWIIF_BROKEN)
		return now;
	if (hit == now)
		return now == IWIIF_PINNED ? IWIIF_DESTROYED : IWIIF_PINNED;
	return hit > now ? hit : now;
}


/*
 * The row of stand k's factor, once for every stand that reads it; where
 * the stands read more than one row (a car fired on as in hard cover),
 * each row names the stands it is for.
 */
static void
row_for(struct out_result *o, const struct fire *f, const struct volley *v,
    int k)
{
	char who[256] = "";
	int j, alike = 1;

	for (j = 0; j < f->targets.n; j++) {
		if (v->factor[j] != v->factor[k]) {
			alike = 0;
			continue;
		}
		if (strlen(who) + strlen(f->targets.s[j].word) + 3 < sizeof who)
			snprintf(who + strlen(who), sizeof who - strlen(who), "%s%s",
			    *who ? ", " : "", f->targets.s[j].word);
	}
	iwiif_row_step(o, v->t, v->factor[k], v->col[k], alike ? NULL : who);
}

int
iwiif_rows(struct out_result *o, struct ctx *c, const struct iwiif_chart *ch,
    const struct fire *f, int base, struct volley *v)
{
	int k, j, st, delta;

	if ((st = crt_table(c, IWIIF, "crt", &v->t)) != ST_OK)
		return st;
	for (k = 0; k < f->targets.n; k++) {
		delta = 0;
		if (f->mode != CLOSE && (st = stand_delta(o, ch, f,
		    &f->targets.s[k], &delta)) != ST_OK)
			return st;
		v->factor[k] = base + delta;
		if ((st = iwiif_crt_column(o, v->t, v->factor[k], &v->col[k])) != ST_OK ||
		    (st = crt_codes(o, v->t, v->col[k])) != ST_OK)
			return st;
	}
	for (k = 0; k < f->targets.n; k++) {
		for (j = 0; j < k && v->factor[j] != v->factor[k]; j++)
			;
		if (j == k)
			row_for(o, f, v, k);
	}
	json_set_int(o->json, "factor", base);
	json_set_str(o->json, "table_source", v->t->source);
	return ST_OK;
}

static void
stand_json(cJSON *j, const struct iwiif_stand *s, const struct volley *v,
    int k)
{
	char label[64];

	iwiif_stand_format(s, label, sizeof label);
	json_set_str(j, "stand", label);
	json_set_str(j, "colour", s->word);
	json_set_int(j, "count", s->count);
	json_set_str(j, "condition", iwiif_cond_name(s->cond));
	json_set_int(j, "factor", v->factor[k]);
	json_set_str(j, "row", v->t->cols[v->col[k]].id);
}

int
iwiif_hits(struct out_result *o, struct ctx *c, const struct fire *f,
    struct volley *v, cJSON *arr)
{
	struct cdice cd;
	char codes[1024] = "", label[64], face[16], more[96];
	cJSON *r;
	int k, st;

	if ((st = iwiif_colour_dice(o, c, f->given ? f->roll : NULL, &f->targets,
	    "11.2", &cd)) != ST_OK)
		return st;
	for (k = 0; k < f->targets.n; k++) {
		const struct iwiif_stand *s = &f->targets.s[k];
		int die = cdice_find(&cd, s->word)->face;
		const struct table_entry *e = table_lookup(v->t, v->col[k], die);
		cJSON *j = json_object();
		int ac;

		if (!e) {
			cJSON_Delete(j);
			return out_fail(o, ST_DATA, "%s: no result for %d", v->t->path,
			    die);
		}
		v->now[k] = worsen(s->cond, e->code);
		ac = (s->tags & IWIIF_AC) && v->now[k] > s->cond &&
		    v->now[k] != IWIIF_DESTROYED;
		iwiif_stand_format(s, label, sizeof label);
		iwiif_face(die, face, sizeof face);
		if (e->code[0] == '-')
			snprintf(more, sizeof more, "stays %s", iwiif_cond_name(s->cond));
		else if (v->now[k] == s->cond)
			snprintf(more, sizeof more, "no worse than %s: stays %s",
			    iwiif_cond_name(s->cond), iwiif_cond_name(s->cond));
		else if (worsen(IWIIF_STEADY, e->code) == s->cond)
			snprintf(more, sizeof more, "a second time: now %s",
			    iwiif_cond_name(v->now[k]));
		else
			snprintf(more, sizeof more, "now %s",
			    iwiif_cond_name(v->now[k]));
		out_step(o, "11.2", "%s%s, %s: die %s = %s: %s", s->count > 1 ?
		    label : s->word, s->tags & IWIIF_AC ? " (A/C)" : "",
		    iwiif_cond_name(s->cond), face, e->text, more);
		if (ac)
			out_step(o, "23", "%s: the armoured car's condition worsened: "
			    "it takes an A/C test (umpire morale --test ac)", label);
		stand_json(j, s, v, k);
		json_set_int(j, "roll", die);
		json_set_str(j, "hit", e->code);
		json_set_str(j, "hit_text", e->text);
		json_set_str(j, "new_condition", iwiif_cond_name(v->now[k]));
		json_set_bool(j, "ac_test", ac);
		json_set_str(j, "rule", "11.2");
		json_push(arr, j);
		snprintf(codes + strlen(codes), sizeof codes - strlen(codes),
		    "%s%s=%s", k ? "," : "", s->word, iwiif_cond_name(v->now[k]));
	}
	{
		cJSON *dice = json_object();
		size_t i;

		for (i = 0; i < cd.n; i++)
			json_set_num(dice, cd.d[i].colour, cd.d[i].face);
		json_set(o->json, "roll", dice);
		json_set_str(o->json, "roll_source", crt_roll_source(c, f->given ?
		    f->roll : NULL));
	}
	r = json_object();
	json_set_str(r, "code", codes);
	json_set_str(r, "text", codes);
	json_set_str(r, "rule", "11.2");
	json_set(o->json, "result", r);
	out_result_line(o, "11.2", "result: %s", codes);
	return ST_OK;
}

void
iwiif_hit_odds(struct out_result *o, const struct fire *f,
    const struct volley *v,
    cJSON *arr)
{
	char label[64];
	int k, die;

	for (k = 0; k < f->targets.n; k++) {
		const struct iwiif_stand *s = &f->targets.s[k];
		int ways[IWIIF_DESTROYED + 1] = { 0 };
		cJSON *j = json_object(), *outs = json_array();

		for (die = 1; die <= 10; die++) {
			const struct table_entry *e = table_lookup(v->t, v->col[k], die);

			ways[worsen(s->cond, e ? e->code : "-")]++;
		}
		iwiif_stand_format(s, label, sizeof label);
		out_text(o, "11.2", "%s:", label);
		iwiif_cond_odds(o, ways, outs);
		stand_json(j, s, v, k);
		json_set(j, "odds", outs);
		json_push(arr, j);
	}
}

/* What a round of close combat left of the stands in contact. */
struct contact {
	int left, pinned, falling, broken, ac;
};

/*
 * One target stand after the round (19): a suppressed one falls back a
 * full move; a broken one, contacted, surrenders (9).  An armoured car is
 * not itself a stand in contact (23): it is counted apart.
 */
static void
tally(struct out_result *o, const struct iwiif_stand *s, enum iwiif_cond now,
    struct contact *n, cJSON *back, cJSON *gave_up)
{
	char label[64];

	iwiif_stand_format(s, label, sizeof label);
	if (s->tags & IWIIF_AC) {
		n->ac += now != IWIIF_DESTROYED;
		return;
	}
	if (now == IWIIF_DESTROYED)
		return;
	if (now == IWIIF_BROKEN) {
		out_step(o, "9", "%s: broken and contacted by the enemy, it "
		    "surrenders", s->word);
		json_push(gave_up, cJSON_CreateString(label));
		n->broken += s->count;
		return;
	}
	n->left += s->count;
	if (now == IWIIF_SUPPRESSED) {
		out_step(o, "19", "%s: suppressed, falls back a full move",
		    s->word);
		json_push(back, cJSON_CreateString(label));
		n->falling += s->count;
	}
	if (now == IWIIF_PINNED)
		n->pinned += s->count;
}

/* 23: the infantry an armoured car supports surrendered, fell back or
 * was destroyed to the last stand: the car retreats one move. */
static int
car_retreats(struct out_result *o, const struct contact *n, int surrender)
{
	if (!n->ac || (n->left > 0 && !surrender && n->falling < n->left))
		return 0;
	out_step(o, "23", "the infantry the armoured car supports %s: the car "
	    "retreats one move", surrender ? "surrendered" : n->left == 0 ?
	    "is destroyed" : "falls back");
	return 1;
}

/* 19: after a round, suppressed stands fall back; all pinned surrender. */
void
iwiif_aftermath(struct out_result *o, const struct fire *f,
    const struct volley *v)
{
	cJSON *a = json_object(), *back = json_array(), *gave_up = json_array();
	struct contact n = { 0, 0, 0, 0, 0 };
	int k, surrender;

	for (k = 0; k < f->targets.n; k++)
		tally(o, &f->targets.s[k], v->now[k], &n, back, gave_up);
	/* every stand left is pinned, or none is left but the broken, who
	 * gave themselves up: that side has surrendered */
	surrender = (n.left > 0 && n.pinned == n.left) || (n.left == 0 &&
	    n.broken > 0);
	if (surrender && n.left > 0)
		out_step(o, "19", "every stand in contact is pinned: they surrender");
	else if (!surrender)
		out_step(o, "19", "%s: both sides take a General Morale Test "
		    "(umpire morale), and the firers' own suppressed stands fall "
		    "back too", n.broken ? "the stands still fighting did not "
		    "surrender" : "no side surrendered");
	json_set(a, "fall_back", back);
	json_set(a, "surrendered", gave_up);
	json_set_bool(a, "surrender", surrender);
	json_set_bool(a, "morale_tests", !surrender);
	json_set_bool(a, "armour_retreats", car_retreats(o, &n, surrender));
	json_set(o->json, "aftermath", a);
}
