/*
 * test_json.c: the local patch to the vendored cJSON (lib/cjson/README).
 * cJSON prints a number with sprintf("%1.15g"), reads it back, and
 * prints it again with "%1.17g" when the value read back differs; the
 * patch writes an integer's digits itself.  The text must not change, so
 * every value here is checked against that rule worked with the C
 * library's own snprintf and strtod (want(), below).
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cjson/cJSON.h"
#include "tap.h"

/* The text unpatched cJSON gives d: 15 digits, or 17 where 15 do not
 * read back as d (cJSON's compare_double allows the last bit). */
static void
want(double d, char *buf, size_t size)
{
	double back, most;

	snprintf(buf, size, "%1.15g", d);
	back = strtod(buf, NULL);
	most = fabs(back) > fabs(d) ? fabs(back) : fabs(d);
	if (!(fabs(back - d) <= most * DBL_EPSILON))
		snprintf(buf, size, "%1.17g", d);
}

/* Does cJSON print d, the number alone, as want() says? */
static int
same_as_printf(double d)
{
	cJSON *n = cJSON_CreateNumber(d);
	char *got = cJSON_PrintUnformatted(n), text[32];
	int same;

	want(d, text, sizeof text);
	same = got != NULL && strcmp(got, text) == 0;
	if (!same)
		printf("# %.17g: cJSON printed '%s', not '%s'\n", d,
		    got ? got : "(null)", text);
	cJSON_free(got);
	cJSON_Delete(n);
	return same;
}

int
main(void)
{
	/* the edges of the patch: zero and minus zero, the last integer
	 * below 1e15 and 1e15 itself (printed with an exponent, so left to
	 * sprintf), the int and long long limits, halves, fractions */
	static const double edges[] = {
		0.0, -0.0, 1, -1, 9, 10, -10, 99, 100, 123456789, -987654321,
		2147483647.0, -2147483648.0, 4294967296.0, 999999999999999.0,
		-999999999999999.0, 1e15, -1e15, 1e16, 9007199254740992.0,
		9223372036854775807.0, -9223372036854775808.0, 1e300, 0.5,
		-0.5, 2.5, -1.5, 0.1, 1e-7, 123456.75, 1.0 / 3,
	};
	int i, bad = 0;
	long long k;
	double d;

	for (i = 0; i < (int)(sizeof edges / sizeof edges[0]); i++)
		ok(same_as_printf(edges[i]), "%.17g prints as cJSON printed it",
		    edges[i]);
	for (k = -100000; k <= 100000; k++)
		bad += !same_as_printf((double)k);
	is_int(bad, 0, "every integer from -100000 to 100000 prints as cJSON "
	    "printed it");
	/* every power of ten and its neighbours up to 1e15 */
	bad = 0;
	for (d = 1; d <= 1e16; d *= 10) {
		bad += !same_as_printf(d - 1) + !same_as_printf(d) +
		    !same_as_printf(d + 1) + !same_as_printf(-d + 1);
	}
	is_int(bad, 0, "powers of ten and their neighbours print as cJSON "
	    "printed them");
	/* integers spread over the whole range the patch takes */
	bad = 0;
	srand(7);
	for (i = 0; i < 20000; i++) {
		d = floor((double)rand() / RAND_MAX * 1e15);
		bad += !same_as_printf(i % 2 ? -d : d);
	}
	is_int(bad, 0, "20000 integers below 1e15 print as cJSON printed them");
	return tap_done();
}
