/*
 * test_sotq.c: the Soldiers of the Queen combat procedure through its game
 * entry, request in, result object out: the odds of 12.B (the rulebook's
 * own examples), the automatic results of 12.C, the fire column of 10.B and
 * 10.D, and refusals that cite 10.E and 12.E.  The figures are worked out
 * by hand in the comments.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "crt.h"
#include "err.h"
#include "games/game.h"
#include "tap.h"

static struct ctx ctx;

/* Settle the request in JSON text; the result object, or NULL. */
static cJSON *
settle(const char *text, int *st, char *why, size_t len)
{
	struct out_result o;
	cJSON *req = cJSON_Parse(text), *res = NULL;

	out_result_init(&o, 0, 1);
	*st = game_proc(game_find("sotq"), "crt")->run(&ctx, req, &o);
	snprintf(why, len, "%s", o.why);
	if (*st == ST_OK) {
		out_result_finish(&o);
		res = o.json;
		o.json = NULL;
	}
	out_result_free(&o);
	cJSON_Delete(req);
	return res;
}

static const char *
str(const cJSON *j, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(j, key);

	return cJSON_IsString(v) ? v->valuestring : "";
}

/* A string member of the result, or of its "result" object. */
static void
expect(const char *req, const char *key, const char *want, const char *what)
{
	char why[OUT_WHY];
	int st;
	cJSON *j = settle(req, &st, why, sizeof why);
	const char *got = j ? str(strcmp(key, "code") == 0 ?
	    cJSON_GetObjectItemCaseSensitive(j, "result") : j, key) : why;

	is_str(got, want, what);
	cJSON_Delete(j);
}

static void
refused(const char *req, const char *cite, const char *what)
{
	char why[OUT_WHY];
	int st;
	cJSON *j = settle(req, &st, why, sizeof why);

	ok(!j && st == ST_USAGE && strstr(why, cite) != NULL, "%s", what);
	cJSON_Delete(j);
}

static void
test_melee_odds(void)
{
	/* 12.B: 24/3 = 8 exactly; 14/4 = 3.5, down to 3; 14/4 the other way
	 * is 1:3.5, up to 1:4 */
	expect("{\"battle\":\"isandhlwana\",\"table\":\"melee\",\"attack\":24,"
	    "\"defense\":\"3:a\",\"roll\":1}", "odds", "8:1", "24 to 3 is 8-1");
	expect("{\"battle\":\"isandhlwana\",\"table\":\"melee\",\"attack\":14,"
	    "\"defense\":\"4:a\",\"roll\":1}", "odds", "3:1", "14 to 4 is 3-1");
	expect("{\"battle\":\"omdurman\",\"attacker\":\"british\",\"table\":"
	    "\"melee\",\"attack\":4,\"defense\":\"14:a\",\"roll\":1}", "odds",
	    "1:4", "4 to 14 is 1-4");
	/* 12.B: 10:1 is past the Isandhlwana table's 8:1 */
	expect("{\"battle\":\"isandhlwana\",\"table\":\"melee\",\"attack\":40,"
	    "\"defense\":\"4:a\",\"roll\":1}", "column", "8:1",
	    "odds past the last column use it");
}

static void
test_melee_automatic(void)
{
	/* 12.C: 36/2 = 18 surrounded; 35/2 = 17.5 is 17 */
	expect("{\"battle\":\"isandhlwana\",\"table\":\"melee\",\"attack\":36,"
	    "\"defense\":\"1:a,1:a\",\"surrounded\":true}", "code", "auto-all",
	    "18-1 on a surrounded British stack");
	expect("{\"battle\":\"isandhlwana\",\"table\":\"melee\",\"attack\":35,"
	    "\"defense\":\"1:a,1:a\",\"surrounded\":true,\"roll\":1}", "column",
	    "8:1", "17-1 is rolled, on the last column");
	/* 14/2 = 7 at Omdurman: one unit; 20/2 = 10 surrounded: all */
	expect("{\"battle\":\"omdurman\",\"attacker\":\"dervish\",\"table\":"
	    "\"melee\",\"attack\":14,\"defense\":\"1:a,1:a\"}", "code", "auto-1",
	    "7-1 at Omdurman takes one unit");
	expect("{\"battle\":\"omdurman\",\"attacker\":\"dervish\",\"table\":"
	    "\"melee\",\"attack\":20,\"defense\":\"1:a,1:a\",\"surrounded\":true}",
	    "code", "auto-all", "10-1 on a surrounded stack takes all");
}

static void
test_fire_column(void)
{
	/* 10.B: 6 + 4 = 10, the 10-12 column; the stand-in's h at 1 hex is
	 * 1R, to 13-16 */
	expect("{\"battle\":\"isandhlwana\",\"table\":\"fire\",\"range\":1,"
	    "\"attack\":\"6:h,4:h\",\"defense\":\"6:c\",\"roll\":1}", "column",
	    "13-16", "strength then range");
	/* 10.D: 1-2 and 4L (f at 3 is 2L, woods, NNC) stops at 0 */
	expect("{\"battle\":\"isandhlwana\",\"table\":\"fire\",\"range\":3,"
	    "\"attack\":\"1:f:nnc\",\"defense\":\"6:c\",\"terrain\":\"woods\","
	    "\"roll\":1}", "column", "0", "no shift passes the 0 column");
}

static void
test_refusals(void)
{
	refused("{\"battle\":\"isandhlwana\",\"table\":\"fire\",\"range\":2,"
	    "\"attack\":\"4:h,2:s\",\"defense\":\"6:a\"}", "10.E",
	    "artillery fires alone");
	refused("{\"battle\":\"isandhlwana\",\"table\":\"melee\",\"attack\":12,"
	    "\"defense\":\"3:c,3:d\",\"roll\":4}", "12.E",
	    "the pre-melee checks need their dice");
	refused("{\"battle\":\"isandhlwana\",\"table\":\"melee\",\"attack\":12,"
	    "\"defense\":\"3:c\",\"hq\":3}", "does not apply to sotq",
	    "another game's field");
}

static void
test_odds_sum(void)
{
	char why[OUT_WHY];
	const cJSON *e;
	double sum = 0;
	int st;
	cJSON *j = settle("{\"battle\":\"isandhlwana\",\"table\":\"melee\","
	    "\"attack\":24,\"defense\":\"3:c,3:d\",\"odds\":true}", &st, why,
	    sizeof why);

	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(j, "outcomes"))
		sum += cJSON_GetObjectItemCaseSensitive(e, "probability")->valuedouble;
	ok(j && fabs(sum - 1) < 1e-9, "every way the 12.E checks fall adds to 1");
	cJSON_Delete(j);
}

int
main(void)
{
	memset(&ctx, 0, sizeof ctx);
	ctx.data_dir = "rules";
	ctx.seeded = 1;
	ctx.seed = 1;
	test_melee_odds();
	test_melee_automatic();
	test_fire_column();
	test_refusals();
	test_odds_sum();
	crt_tables_free();
	return tap_done();
}
