/*
 * test_victory.c: the counts a victory check takes by hand (lib/victory.c):
 * victory_by_turn's "TURN:COUNT" pairs, each turn once, a count of 0
 * kept as a turn given (a turn without an exit said so), the bounds; and
 * victory_int's whole numbers.  Worked by hand.
 */
#include <stdio.h>
#include <string.h>

#include "json.h"
#include "out.h"
#include "tap.h"
#include "victory.h"

#define MAX 21

/* by_turn on a request {"exits": text}: the status, counts in n[]. */
static int
parse(const char *text, int *n, int *given, char *why)
{
	cJSON *req = json_object();
	struct out_result o;
	int st;

	json_set_str(req, "exits", text);
	out_result_init(&o, 0, 1);
	st = victory_by_turn(&o, req, "exits", MAX, n, given);
	snprintf(why, OUT_WHY, "%s", o.why);
	out_result_free(&o);
	cJSON_Delete(req);
	return st;
}

static void
pairs(void)
{
	int n[MAX + 1], given, t, sum = 0;
	char why[OUT_WHY];

	is_int(parse("12:3,14:1,21:0", n, &given, why), 0, "three pairs read");
	ok(given, "the field was given");
	is_int(n[12], 3, "turn 12: 3");
	is_int(n[14], 1, "turn 14: 1");
	is_int(n[21], 0, "turn 21: 0");
	for (t = 0; t <= MAX; t++)
		sum += n[t];
	is_int(sum, 4, "nothing else counted");
	ok(parse("12:1,12:0", n, &given, why) != 0 &&
	    strstr(why, "turn 12 given twice"), "a turn twice, even as 0");
	ok(parse("22:1", n, &given, why) != 0, "past the last turn");
	ok(parse("0:1", n, &given, why) != 0, "turn 0");
	ok(parse("3-1", n, &given, why) != 0 && strstr(why, "TURN:COUNT"),
	    "no colon");
	ok(parse("3:", n, &given, why) != 0, "no count");
	ok(parse("3:1000", n, &given, why) != 0, "a count past 999");
	ok(parse("3:-1", n, &given, why) != 0, "a negative count");
}

static void
absent_and_ints(void)
{
	cJSON *req = json_object();
	struct out_result o;
	int n[MAX + 1], given = 1, v;

	out_result_init(&o, 0, 1);
	n[5] = 7;
	is_int(victory_by_turn(&o, req, "exits", MAX, n, &given), 0,
	    "an absent field is no error");
	ok(!given && n[5] == 0, "absent: not given, counts cleared");
	json_set_str(req, "zulu_lost", "14");
	is_int(victory_int(&o, req, "zulu_lost", 0, 999, &v, &given), 0,
	    "a whole number");
	ok(given && v == 14, "14 read");
	json_set_str(req, "turn", "100");
	ok(victory_int(&o, req, "turn", 1, 99, &v, &given) != 0,
	    "a turn past 99 refused");
	cJSON_DeleteItemFromObject(req, "zulu_lost");
	json_set_str(req, "zulu_lost", "1x");
	ok(victory_int(&o, req, "zulu_lost", 0, 999, &v, &given) != 0,
	    "not a number refused");
	out_result_free(&o);
	cJSON_Delete(req);
}

int
main(void)
{
	pairs();
	absent_and_ints();
	return tap_done();
}
