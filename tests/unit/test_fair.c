/*
 * test_fair.c: the chi-square p-value and the tallies of fair.h.  The
 * p-values are those of the printed tables of the chi-square
 * distribution (the 5% and 1% points), and for two degrees of freedom
 * the closed form exp(-x/2); the tallies are counted by hand.
 */
#include <math.h>
#include <stdlib.h>

#include "fair.h"
#include "json.h"
#include "tap.h"
#include "trail.h"

static int
near(double got, double want, double tol)
{
	return fabs(got - want) <= tol;
}

static void
test_p(void)
{
	/* the 5% points for 1, 5 and 10 degrees; the 1% point for 9 */
	ok(near(fair_chi_square_p(3.841459, 1), 0.05, 1e-5), "df 1, 3.841: 5%%");
	ok(near(fair_chi_square_p(11.0705, 5), 0.05, 1e-5), "df 5, 11.07: 5%%");
	ok(near(fair_chi_square_p(18.307, 10), 0.05, 1e-5), "df 10, 18.31: 5%%");
	ok(near(fair_chi_square_p(21.666, 9), 0.01, 1e-5), "df 9, 21.67: 1%%");
	/* two degrees: Q(1, x/2) = exp(-x/2): 4 gives exp(-2) */
	ok(near(fair_chi_square_p(4.0, 2), exp(-2.0), 1e-12), "df 2, 4: e^-2");
	/* small x takes the series, large the fraction: both near 1 and 0 */
	ok(near(fair_chi_square_p(0.4117, 5), 0.995, 1e-4), "df 5, 0.412: 99.5%%");
	ok(fair_chi_square_p(150.0, 5) < 1e-20, "df 5, 150: all but nil");
	is_int((int)fair_chi_square_p(0.0, 5), 1, "a statistic of 0: p is 1");
}

/* A result as umpire prints it: a roll of one group, or a table's. */
static cJSON *
roll_result(const char *dice, const int *faces, int n, const char *source)
{
	cJSON *r = json_object(), *groups = json_array(), *g = json_object(),
	    *f = json_array();
	int i;

	json_set_str(r, "procedure", "roll");
	json_set_str(r, "source", source);
	json_set_str(g, "dice", dice);
	for (i = 0; i < n; i++)
		json_push(f, cJSON_CreateNumber(faces[i]));
	json_set(g, "faces", f);
	json_push(groups, g);
	json_set(r, "groups", groups);
	return r;
}

static void
test_tally(void)
{
	static const int twelve[] = { 1, 2, 3, 4, 5, 6, 6, 6, 6, 6, 5, 4 };
	static const int two[] = { 3, 4 };
	struct fair *f = fair_new();
	struct trail *t = trail_new();
	cJSON *arr = json_array(), *r, *x;
	int odd;

	r = roll_result("1d6", twelve, 12, "player");
	fair_add(f, NULL, r);
	cJSON_Delete(r);
	/* a 2d6 roll is two d6 faces; umpire's own go apart */
	r = roll_result("2d6", two, 2, "seed");
	fair_add(f, NULL, r);
	cJSON_Delete(r);
	/* a table on 2d6: one total of 2d6, 7 */
	r = json_object();
	json_set_str(r, "procedure", "table");
	json_set_str(r, "dice", "2d6");
	json_set_int(r, "roll", 7);
	json_set_str(r, "roll_source", "player");
	fair_add(f, "sotq", r);
	cJSON_Delete(r);
	is_int(fair_rolls(f), 15, "12 faces, 2 faces and 1 total");
	odd = fair_report(f, arr, t);
	is_int(odd, 0, "nothing worth a look in so few");
	is_int(cJSON_GetArraySize(arr), 3, "three tallies");
	x = cJSON_GetArrayItem(arr, 0);
	/* seen 1 1 1 2 2 5 against 2 each: (1+1+1+0+0+9)/2 = 6 */
	ok(near(cJSON_GetObjectItem(x, "chi_square")->valuedouble, 6.0, 1e-12),
	    "chi-square 6 for the twelve");
	is_str(cJSON_GetObjectItem(x, "code")->valuestring, "few",
	    "expected 2 a face: too few");
	is_int(cJSON_GetObjectItem(x, "rolls_needed")->valueint, 30,
	    "30 rolls expect 5 a face");
	x = cJSON_GetArrayItem(arr, 2);
	is_str(cJSON_GetObjectItem(x, "dice")->valuestring, "2d6", "2d6 totals");
	is_int(cJSON_GetArraySize(cJSON_GetObjectItem(x, "values")), 11,
	    "totals 2 to 12");
	/* 7 comes up 6 ways in 36: 1/6 of 1 roll expected */
	ok(near(cJSON_GetArrayItem(cJSON_GetObjectItem(x, "expected"),
	    5)->valuedouble, 1.0 / 6, 1e-12), "7 expected 1/6 of a time");
	/* the rarest total, 2 or 12, is 1 in 36: 180 rolls expect 5 */
	is_int(cJSON_GetObjectItem(x, "rolls_needed")->valueint, 180,
	    "180 rolls of 2d6 expect 5 twos");
	cJSON_Delete(arr);
	trail_free(t);
	fair_free(f);
}

int
main(void)
{
	test_p();
	test_tally();
	return tap_done();
}
