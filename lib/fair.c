/*
 * fair.c: dice tallied from results and tested against fair dice; see
 * fair.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dice.h"
#include "err.h"
#include "fair.h"
#include "json.h"
#include "trail.h"

/* Kinds of dice a tally can hold: values from the lowest total to the
 * highest, at most this many (3d6 has 16, a d100 100). */
#define FAIR_VALUES 100
#define FAIR_TALLIES 64
#define FAIR_FEW 5.0		/* the least count each value is expected */
#define FAIR_ALPHA 0.01		/* below this p: worth a look */
#define FAIR_COLUMNS 10		/* values a text line shows */

struct fair_tally {
	char game[32];
	int player;		/* 1: the player's dice, 0: umpire's */
	struct dice dice;	/* one die for faces, several for totals */
	long n;
	long seen[FAIR_VALUES];
};

struct fair {
	struct fair_tally t[FAIR_TALLIES];
	size_t n;
	long rolls;
};

struct fair *
fair_new(void)
{
	return err_calloc(1, sizeof(struct fair));
}

void
fair_free(struct fair *f)
{
	free(f);
}

long
fair_rolls(const struct fair *f)
{
	return f->rolls;
}

static struct fair_tally *
tally_of(struct fair *f, const char *game, int player, const struct dice *d)
{
	struct fair_tally *t;
	size_t i;

	for (i = 0; i < f->n; i++) {
		t = &f->t[i];
		if (strcmp(t->game, game) == 0 && t->player == player &&
		    t->dice.count == d->count && t->dice.sides == d->sides)
			return t;
	}
	if (f->n == FAIR_TALLIES)
		return NULL;
	t = &f->t[f->n++];
	snprintf(t->game, sizeof t->game, "%s", game);
	t->player = player;
	t->dice = *d;
	t->dice.mod = 0;
	return t;
}

/* One value of dice d: a face of one die or a total of several. */
static void
count(struct fair *f, const char *game, int player, const struct dice *d,
    double v)
{
	struct fair_tally *t;
	int lo = d->count, hi = d->count * d->sides, x = (int)v;

	if (d->count == 1 && d->sides == 10 && x == 0)
		x = 10;		/* a d10's 0 is ten (dice.h) */
	if (v != (double)(int)v || x < lo || x > hi || hi - lo >= FAIR_VALUES ||
	    !(t = tally_of(f, game, player, d)))
		return;
	t->seen[x - lo]++;
	t->n++;
	f->rolls++;
}

static const char *
str(const cJSON *o, const char *key)
{
	return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
}

/* umpire roll: every face of every group, as the faces of one die. */
static void
add_roll(struct fair *f, const char *game, const cJSON *r)
{
	const cJSON *g, *face;
	const char *why, *source = str(r, "source");
	struct dice d;

	cJSON_ArrayForEach(g, cJSON_GetObjectItemCaseSensitive(r, "groups")) {
		if (!str(g, "dice") || dice_parse(str(g, "dice"), &d, &why) < 0)
			continue;
		d.count = 1;
		cJSON_ArrayForEach(face, cJSON_GetObjectItemCaseSensitive(g,
		    "faces"))
			if (cJSON_IsNumber(face))
				count(f, game, source && strcmp(source,
				    "player") == 0, &d, face->valuedouble);
	}
}

void
fair_add(struct fair *f, const char *game, const cJSON *r)
{
	const cJSON *roll = cJSON_GetObjectItemCaseSensitive(r, "roll");
	const char *why, *dice = str(r, "dice"), *source = str(r, "roll_source");
	struct dice d;

	if (!game)
		game = "";
	if (str(r, "procedure") && strcmp(str(r, "procedure"), "roll") == 0) {
		add_roll(f, game, r);
		return;
	}
	/* a table's or a battle's roll: the total of its dice, unmodified */
	if (!cJSON_IsNumber(roll) || !dice || !source ||
	    strcmp(source, "none") == 0 || dice_parse(dice, &d, &why) < 0 ||
	    d.mod != 0)
		return;
	count(f, game, strcmp(source, "player") == 0, &d, roll->valuedouble);
}

/* ---- the chi-square test ---- */

/* P(a, x) by its series, for x < a + 1. */
static double
gamma_p_series(double a, double x)
{
	double sum = 1.0 / a, term = sum;
	int n;

	for (n = 1; n < 1000; n++) {
		term *= x / (a + n);
		sum += term;
		if (fabs(term) < fabs(sum) * 1e-15)
			break;
	}
	return sum * exp(-x + a * log(x) - lgamma(a));
}

/* Q(a, x) by its continued fraction (modified Lentz), for x >= a + 1. */
static double
gamma_q_fraction(double a, double x)
{
	const double tiny = 1e-300;
	double b = x + 1.0 - a, c = 1.0 / tiny, d = 1.0 / b, h = d, an, del;
	int i;

	for (i = 1; i < 1000; i++) {
		an = -i * (i - a);
		b += 2.0;
		d = an * d + b;
		if (fabs(d) < tiny)
			d = tiny;
		c = b + an / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1.0 / d;
		del = d * c;
		h *= del;
		if (fabs(del - 1.0) < 1e-15)
			break;
	}
	return exp(-x + a * log(x) - lgamma(a)) * h;
}

double
fair_chi_square_p(double x, int df)
{
	double a = df / 2.0, y = x / 2.0;

	if (df < 1)
		return 1.0;
	if (y <= 0.0)
		return 1.0;
	return y < a + 1.0 ? 1.0 - gamma_p_series(a, y) : gamma_q_fraction(a, y);
}

/* ---- the report ---- */

struct fair_test {
	double expected[FAIR_VALUES];
	double chi, p, least;
	int k, df;
	const char *code, *verdict;
};

static void
test_tally(const struct fair_tally *t, struct fair_test *r)
{
	struct dice_dist dd;
	double e;
	int i;

	memset(r, 0, sizeof *r);
	r->k = t->dice.count * (t->dice.sides - 1) + 1;
	r->least = -1;
	if (dice_dist_make(&t->dice, 1, &dd) < 0)
		return;
	for (i = 0; i < r->k; i++) {
		e = t->n * dice_dist_chance(&dd, t->dice.count + i,
		    t->dice.count + i);
		r->expected[i] = e;
		if (e > 0)
			r->chi += (t->seen[i] - e) * (t->seen[i] - e) / e;
		if (r->least < 0 || e < r->least)
			r->least = e;
	}
	dice_dist_free(&dd);
	r->df = r->k - 1;
	r->p = fair_chi_square_p(r->chi, r->df);
	if (r->least < FAIR_FEW) {
		r->code = "few";
		r->verdict = "too few rolls to tell";
	} else if (r->p < FAIR_ALPHA) {
		r->code = "unusual";
		r->verdict = "worth a look";
	} else {
		r->code = "ok";
		r->verdict = "nothing unusual";
	}
}

/* The rolls fair dice need for every value to be expected FAIR_FEW
 * times: the rarest value's chance sets it. */
static long
rolls_needed(const struct fair_tally *t, const struct fair_test *r)
{
	double least = t->n > 0 ? r->least / t->n : 0;

	return least > 0 ? (long)ceil(FAIR_FEW / least - 1e-9) : 0;
}

static void
name_dice(const struct fair_tally *t, char *buf, size_t len)
{
	if (t->dice.count == 1)
		snprintf(buf, len, "d%d faces", t->dice.sides);
	else
		snprintf(buf, len, "%dd%d totals", t->dice.count, t->dice.sides);
}

static void
table_lines(const struct fair_tally *t, const struct fair_test *r,
    struct trail *tr)
{
	char a[128], b[128], c[128];
	size_t na, nb, nc;
	int i, j;

	for (i = 0; i < r->k; i += FAIR_COLUMNS) {
		na = (size_t)snprintf(a, sizeof a, "    value   ");
		nb = (size_t)snprintf(b, sizeof b, "    seen    ");
		nc = (size_t)snprintf(c, sizeof c, "    expected");
		for (j = i; j < r->k && j < i + FAIR_COLUMNS; j++) {
			na += (size_t)snprintf(a + na, sizeof a - na, " %6d",
			    t->dice.count + j);
			nb += (size_t)snprintf(b + nb, sizeof b - nb, " %6ld",
			    t->seen[j]);
			nc += (size_t)snprintf(c + nc, sizeof c - nc, " %6.1f",
			    r->expected[j]);
		}
		trail_line(tr, "%s", a);
		trail_line(tr, "%s", b);
		trail_line(tr, "%s", c);
	}
}

static void
tally_lines(const struct fair_tally *t, const struct fair_test *r,
    struct trail *tr)
{
	char dice[32];

	name_dice(t, dice, sizeof dice);
	trail_line(tr, "%s%s%s, %s: %ld roll%s", t->game, *t->game ? ", " : "",
	    t->player ? "your dice (--roll)" : "umpire's dice", dice, t->n,
	    t->n == 1 ? "" : "s");
	table_lines(t, r, tr);
	trail_line(tr, "    chi-square %.2f, %d degree%s of freedom, p = %.3g: "
	    "%s", r->chi, r->df, r->df == 1 ? "" : "s", r->p, r->verdict);
	if (strcmp(r->code, "few") == 0)
		trail_line(tr, "    (a fair test wants every value expected %g "
		    "times: about %ld rolls, %ld more)", FAIR_FEW,
		    rolls_needed(t, r), rolls_needed(t, r) - t->n);
}

static cJSON *
tally_json(const struct fair_tally *t, const struct fair_test *r)
{
	cJSON *o = json_object(), *v = json_array(), *s = json_array(),
	    *e = json_array();
	char buf[32];
	int i;

	json_set_str(o, "game", *t->game ? t->game : NULL);
	json_set_str(o, "whose", t->player ? "player" : "umpire");
	snprintf(buf, sizeof buf, "%dd%d", t->dice.count, t->dice.sides);
	json_set_str(o, "dice", buf);
	json_set_str(o, "kind", t->dice.count == 1 ? "faces" : "totals");
	json_set_int(o, "rolls", t->n);
	for (i = 0; i < r->k; i++) {
		json_push(v, cJSON_CreateNumber(t->dice.count + i));
		json_push(s, cJSON_CreateNumber((double)t->seen[i]));
		json_push(e, cJSON_CreateNumber(r->expected[i]));
	}
	json_set(o, "values", v);
	json_set(o, "seen", s);
	json_set(o, "expected", e);
	json_set_num(o, "chi_square", r->chi);
	json_set_int(o, "df", r->df);
	json_set_num(o, "p", r->p);
	json_set_str(o, "code", r->code);
	json_set_str(o, "verdict", r->verdict);
	if (strcmp(r->code, "few") == 0)
		json_set_int(o, "rolls_needed", rolls_needed(t, r));
	return o;
}

int
fair_report(const struct fair *f, cJSON *arr, struct trail *tr)
{
	struct fair_test r;
	size_t i;
	int odd = 0;

	for (i = 0; i < f->n; i++) {
		test_tally(&f->t[i], &r);
		if (!r.code)
			continue;
		tally_lines(&f->t[i], &r, tr);
		json_push(arr, tally_json(&f->t[i], &r));
		odd += strcmp(r.code, "unusual") == 0;
	}
	return odd;
}
