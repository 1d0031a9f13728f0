/*
 * test_table.c: table validation, lookup, shifting, CSV, and the odds
 * arithmetic that picks combat columns.  Tables here are small made-up
 * ones whose answers can be read off by eye.
 */
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "odds.h"
#include "table.h"
#include "tap.h"

/* A one-die table with columns given as "id:roll=code,roll=code;id:..." */
static char *
make_json(const char *dice, const char *kind, const char *spec)
{
	static char buf[8192];
	char cols[6000] = "", *s = strdup(spec), *col, *save1;
	size_t used = 0;

	for (col = strtok_r(s, ";", &save1); col; col = strtok_r(NULL, ";", &save1)) {
		char *colon = strrchr(col, ':'), *ent, *save2;
		int first = 1;

		*colon = '\0';
		used += (size_t)snprintf(cols + used, sizeof cols - used,
		    "%s{\"id\":\"%s\",\"results\":[", used ? "," : "", col);
		for (ent = strtok_r(colon + 1, ",", &save2); ent;
		    ent = strtok_r(NULL, ",", &save2)) {
			char *eq = strchr(ent, '=');

			*eq = '\0';
			used += (size_t)snprintf(cols + used, sizeof cols - used,
			    "%s{\"roll\":\"%s\",\"code\":\"%s\",\"text\":\"t %s\"}",
			    first ? "" : ",", ent, eq + 1, eq + 1);
			first = 0;
		}
		used += (size_t)snprintf(cols + used, sizeof cols - used, "]}");
	}
	free(s);
	snprintf(buf, sizeof buf, "{\"format\":\"umpire-table/1\",\"game\":\"loe\","
	    "\"table\":\"t\",\"title\":\"T\",\"rule\":\"1.1\",\"source\":\"stand-in\","
	    "\"dice\":\"%s\",\"column_kind\":\"%s\",\"columns\":[%s]}", dice, kind,
	    cols);
	return buf;
}

static int
load(const char *json, struct table *t, char *why, size_t n)
{
	cJSON *root = cJSON_Parse(json);
	int r;

	if (!root) {
		snprintf(why, n, "test JSON did not parse");
		memset(t, 0, sizeof *t);
		return -1;
	}
	r = table_from_json(root, t, why, n);
	cJSON_Delete(root);
	return r;
}

/* table_free() frees the struct too; tests keep theirs on the heap. */
static struct table *
new_table(const char *dice, const char *kind, const char *spec, char *why,
    size_t n, int *r)
{
	struct table *t = calloc(1, sizeof *t);

	*r = load(make_json(dice, kind, spec), t, why, n);
	return t;
}

static void
test_validation(void)
{
	char why[256];
	struct table *t;
	int r;

	t = new_table("1d6", "named", "a:1-5=x,6=y", why, sizeof why, &r);
	ok(r == 0, "a d6 column covering 1-5 and 6 is valid (%s)", r ? why : "");
	table_free(t);

	t = new_table("1d6", "named", "a:1-4=x,6=y", why, sizeof why, &r);
	ok(r < 0 && strstr(why, "roll 5 has no result"), "a gap at 5 is found: %s", why);
	table_free(t);

	t = new_table("1d6", "named", "a:1-4=x,4-6=y", why, sizeof why, &r);
	ok(r < 0 && strstr(why, "roll 4 has two results"), "an overlap at 4 is found: %s", why);
	table_free(t);

	t = new_table("1d6", "named", "a:1-7=x", why, sizeof why, &r);
	ok(r < 0 && strstr(why, "bad roll range '1-7'"), "7 is off a d6: %s", why);
	table_free(t);

	t = new_table("1d6", "named", "a:1-6=x;a:1-6=y", why, sizeof why, &r);
	ok(r < 0 && strstr(why, "column 'a' appears twice"), "duplicate column: %s", why);
	table_free(t);

	t = new_table("1d10", "named", "a:1-8=x,9-0=y", why, sizeof why, &r);
	ok(r == 0, "on a d10, 9-0 means 9 and 10 (%s)", r ? why : "");
	if (r == 0) {
		is_int(t->cols[0].entries[1].lo, 9, "9-0 starts at 9");
		is_int(t->cols[0].entries[1].hi, 10, "9-0 ends at 10");
		is_str(table_lookup(t, 0, 10)->code, "y", "a rolled 0 (10) finds 9-0");
	}
	table_free(t);

	t = new_table("1d10", "named", "a:1-9=x,0=y", why, sizeof why, &r);
	ok(r == 0 && t->cols[0].entries[1].lo == 10, "a lone 0 on a d10 is 10");
	table_free(t);

	t = new_table("2d6", "named", "a:2=k,3-11=s,12=k", why, sizeof why, &r);
	ok(r == 0, "2d6 totals 2..12 covered by 2, 3-11, 12");
	if (r == 0) {
		is_str(table_lookup(t, 0, 12)->code, "k", "12 finds the last range");
		is_str(table_lookup(t, 0, 7)->code, "s", "7 finds 3-11");
	}
	table_free(t);

	t = new_table("2d6", "named", "a:1-12=x", why, sizeof why, &r);
	ok(r < 0, "2d6 cannot total 1: %s", why);
	table_free(t);

	t = new_table("1d6", "sideways", "a:1-6=x", why, sizeof why, &r);
	ok(r < 0 && strstr(why, "column_kind"), "unknown column kind: %s", why);
	table_free(t);

	t = calloc(1, sizeof *t);
	r = load("{\"format\":\"umpire-table/1\"}", t, why, sizeof why);
	ok(r < 0 && strstr(why, "missing string \"game\""), "missing fields: %s", why);
	table_free(t);

	t = calloc(1, sizeof *t);
	r = load("{\"format\":\"umpire-table/1\",\"game\":\"g\",\"table\":\"t\","
	    "\"title\":\"T\",\"rule\":\"1\",\"source\":\"user\",\"dice\":\"1d6\","
	    "\"column_kind\":\"named\",\"legend\":{\"lo\":\"Low.\",\"hi\":\"High.\"},"
	    "\"columns\":[{\"id\":\"a\",\"results\":[{\"roll\":\"1-3\",\"code\":\"lo\"},"
	    "{\"roll\":\"4-6\",\"code\":\"hi\",\"text\":\"Own.\"}]}]}", t, why, sizeof why);
	ok(r == 0, "a legend explains codes (%s)", r ? why : "");
	if (r == 0) {
		is_str(t->cols[0].entries[0].text, "Low.", "the text comes from the legend");
		is_str(t->cols[0].entries[1].text, "Own.", "a result's own text wins");
	}
	table_free(t);

	t = calloc(1, sizeof *t);
	r = load("{\"format\":\"umpire-table/1\",\"game\":\"g\",\"table\":\"t\","
	    "\"title\":\"T\",\"rule\":\"1\",\"source\":\"user\",\"dice\":\"1d6\","
	    "\"column_kind\":\"named\",\"legend\":{\"lo\":\"Low.\"},"
	    "\"columns\":[{\"id\":\"a\",\"results\":[{\"roll\":\"1-6\",\"code\":\"x\"}]}]}",
	    t, why, sizeof why);
	ok(r < 0 && strstr(why, "legend does not explain"), "an unexplained code: %s", why);
	table_free(t);

	t = calloc(1, sizeof *t);
	r = load("{\"format\":\"umpire-table/1\",\"game\":\"g\",\"table\":\"t\","
	    "\"title\":\"T\",\"rule\":\"1\",\"source\":\"user\",\"dice\":\"1d6\","
	    "\"column_kind\":\"named\",\"legend\":{\"lo\":\"Low.\",\"hi\":\"High.\"},"
	    "\"columns\":[{\"id\":\"a\",\"results\":{\"1-3\":\"lo\",\"4-6\":\"hi\"}}]}",
	    t, why, sizeof why);
	ok(r == 0, "results as an object of roll: code (%s)", r ? why : "");
	if (r == 0) {
		is_str(table_lookup(t, 0, 5)->code, "hi", "5 is in 4-6");
		is_str(table_lookup(t, 0, 2)->text, "Low.", "with the legend's text");
	}
	table_free(t);

	t = calloc(1, sizeof *t);
	r = load("{\"format\":\"umpire-table/1\",\"game\":\"g\",\"table\":\"t\","
	    "\"title\":\"T\",\"rule\":\"1\",\"source\":\"user\",\"dice\":\"1d6\","
	    "\"column_kind\":\"named\",\"legend\":{\"lo\":\"Low.\"},"
	    "\"columns\":[{\"id\":\"a\",\"results\":{\"1-3\":\"lo\",\"3-6\":\"lo\"}}]}",
	    t, why, sizeof why);
	ok(r < 0 && strstr(why, "roll 3 has two results"), "the compact form is checked "
	    "the same way: %s", why);
	table_free(t);

	t = calloc(1, sizeof *t);
	r = load("[1,2]", t, why, sizeof why);
	ok(r < 0, "an array is not a table: %s", why);
	table_free(t);
}

static void
test_shift(void)
{
	char why[256];
	struct table *t;
	int r, clamped;

	t = new_table("1d6", "ratio",
	    "1:2:1-6=a;1:1:1-6=b;2:1:1-6=c;3:1:1-6=d", why, sizeof why, &r);
	ok(r == 0, "a four-column ratio table (%s)", r ? why : "");
	if (r != 0) {
		table_free(t);
		return;
	}
	is_int(table_shift(t, 2, 1, &clamped), 3, "2:1 one right is 3:1");
	is_int(clamped, 0, "not at an edge");
	is_int(table_shift(t, 2, 3, &clamped), 3, "three right from 2:1 stops at 3:1");
	is_int(clamped, 1, "and says so");
	is_int(table_shift(t, 1, -2, &clamped), 0, "two left from 1:1 stops at 1:2");
	is_int(clamped, 1, "clamped at the left edge");
	is_int(table_shift(t, 3, -2, &clamped), 1, "3:1 two left is 1:1");
	is_int(table_column_index(t, "2:1"), 2, "2:1 is the third column");
	is_int(table_column_index(t, "5:1"), -1, "5:1 is not a column");
	table_free(t);
}

static void
test_csv(void)
{
	char why[256];
	struct table *like, t2;
	int r;
	const char *good =
	    "column,roll,code,text\r\n"
	    "a,1-3,low,\"Low, with a comma\"\n"
	    "a,4-6,high,\"He said \"\"high\"\"\"\n"
	    "b,1-6,flat,Flat\n";

	like = new_table("1d6", "named", "a:1-6=x;b:1-6=y", why, sizeof why, &r);
	ok(r == 0, "the table to import over");
	r = table_from_csv(good, strlen(good), like, &t2, why, sizeof why);
	ok(r == 0, "a CSV chart with quoted fields imports (%s)", r ? why : "");
	if (r == 0) {
		is_str(t2.cols[0].entries[0].text, "Low, with a comma", "a quoted comma stays");
		is_str(t2.cols[0].entries[1].text, "He said \"high\"", "doubled quotes unescape");
		is_str(table_lookup(&t2, 1, 3)->code, "flat", "column b is read");
		ok(table_same_axes(&t2, like, why, sizeof why) == 0, "same axes as the original");
	}
	{
		struct table *p = malloc(sizeof *p);

		memcpy(p, &t2, sizeof *p);
		table_free(p);
	}

	{
		const char *shortrow = "column,roll,code,text\na,1-6,low\n";
		struct table t3, *p;

		r = table_from_csv(shortrow, strlen(shortrow), like, &t3, why, sizeof why);
		ok(r < 0 && strstr(why, "line 2: 3 fields, expected 4"),
		    "a short row is named by line: %s", why);
		p = malloc(sizeof *p);
		memcpy(p, &t3, sizeof *p);
		table_free(p);
	}
	{
		const char *gap = "column,roll,code,text\na,1-5,low,x\nb,1-6,f,y\n";
		struct table t4, *p;

		r = table_from_csv(gap, strlen(gap), like, &t4, why, sizeof why);
		ok(r < 0 && strstr(why, "roll 6 has no result"), "a missing cell: %s", why);
		p = malloc(sizeof *p);
		memcpy(p, &t4, sizeof *p);
		table_free(p);
	}
	{
		const char *bad = "col,roll,code,text\n";
		struct table t5, *p;

		r = table_from_csv(bad, strlen(bad), like, &t5, why, sizeof why);
		ok(r < 0 && strstr(why, "header"), "a wrong header: %s", why);
		p = malloc(sizeof *p);
		memcpy(p, &t5, sizeof *p);
		table_free(p);
	}
	table_free(like);
}

static void
test_odds(void)
{
	struct ratio r;
	char buf[32], why[256];
	struct table *t;
	int rc, edge;

	/* loe 8.2.1: 8 vs 3 is 2:1 and 3 vs 8 is 1:3 */
	r = odds_ratio_defender(8, 3);
	odds_ratio_format(r, buf);
	is_str(buf, "2:1", "8 against 3 rounds down to 2:1");
	r = odds_ratio_defender(3, 8);
	odds_ratio_format(r, buf);
	is_str(buf, "1:3", "3 against 8 rounds up to 1:3");
	r = odds_ratio_defender(10, 3);
	odds_ratio_format(r, buf);
	is_str(buf, "3:1", "10 against 3 is 3:1 (3.33 rounded down)");
	r = odds_ratio_defender(6, 6);
	odds_ratio_format(r, buf);
	is_str(buf, "1:1", "even strengths are 1:1");
	r = odds_ratio_defender(5, 11);
	odds_ratio_format(r, buf);
	is_str(buf, "1:3", "5 against 11 is 1:3 (2.2 rounded up)");
	ok(odds_ratio_cmp(odds_ratio_defender(1, 0), (struct ratio){ 100, 1 }) > 0,
	    "no defence beats any ratio");
	ok(odds_ratio_cmp((struct ratio){ 1, 2 }, (struct ratio){ 1, 3 }) > 0,
	    "1:2 is better for the attacker than 1:3");
	ok(odds_ratio_parse("3:1", &r) == 0 && r.att == 3 && r.def == 1, "parses 3:1");
	ok(odds_ratio_parse("3-1", &r) < 0, "3-1 is not a ratio");

	/* toto 12.17: 20 vs 12 is 166%, 10 vs 12 is 83% */
	is_int(odds_percent(20, 12), 166, "20 against 12 is 166%%");
	is_int(odds_percent(10, 12), 83, "10 against 12 is 83%%");
	is_int(odds_percent(5, 0), -1, "no percentage against nothing");

	t = new_table("1d6", "ratio", "1:2:1-6=a;1:1:1-6=b;2:1:1-6=c;4:1:1-6=d",
	    why, sizeof why, &rc);
	is_int(odds_column_ratio(t, (struct ratio){ 2, 1 }, &edge), 2, "2:1 finds 2:1");
	is_int(edge, 0, "inside the table");
	is_int(odds_column_ratio(t, (struct ratio){ 3, 1 }, &edge), 2,
	    "3:1 between 2:1 and 4:1 falls to 2:1, the defender's side");
	is_int(odds_column_ratio(t, (struct ratio){ 9, 1 }, &edge), 3, "9:1 is held at 4:1");
	is_int(edge, 1, "above the last column");
	is_int(odds_column_ratio(t, (struct ratio){ 1, 3 }, &edge), 0, "1:3 sits at 1:2");
	is_int(edge, -1, "below the first column");
	table_free(t);

	t = new_table("1d6", "percent", "0-49:1-6=a;50-99:1-6=b;100-199:1-6=c;200+:1-6=d",
	    why, sizeof why, &rc);
	ok(rc == 0, "a percentage table (%s)", rc ? why : "");
	is_int(odds_column_range(t, 166, &edge), 2, "166%% is on 100-199");
	is_int(odds_column_range(t, 83, &edge), 1, "83%% is on 50-99");
	is_int(odds_column_range(t, 950, &edge), 3, "950%% is on 200+");
	is_int(edge, 0, "an open column has no upper edge");
	table_free(t);
}

/*
 * Issue 8: a ratio column of 9223372036854775807:1 overflowed the odds
 * comparison.  Ids are bounded when a table loads, and the arithmetic
 * holds for any long a game could pass.
 */
static void
test_odds_bounds(void)
{
	struct ratio r;
	struct table *t;
	char why[256];
	int rc;

	ok(odds_ratio_parse("1000:1", &r) == 0, "1000:1 is the largest part");
	ok(odds_ratio_parse("1001:1", &r) < 0, "1001:1 is past it");
	ok(odds_ratio_parse("9223372036854775807:1", &r) < 0, "LONG_MAX:1 too");
	ok(odds_ratio_parse("1:99999999999999999999999", &r) < 0,
	    "a part past any long is refused, not wrapped");
	/* LONG_MAX * 2 needs 64 bits and a sign: compared in 128 */
	ok(odds_ratio_cmp((struct ratio){ LONG_MAX, 1 }, (struct ratio){ 1, 2 }) > 0,
	    "LONG_MAX:1 beats 1:2");
	ok(odds_ratio_cmp((struct ratio){ LONG_MAX, LONG_MAX },
	    (struct ratio){ 1, 1 }) == 0, "LONG_MAX:LONG_MAX is 1:1");
	/* 1 against LONG_MAX: LONG_MAX / 1 exactly, no rounding up past it */
	r = odds_ratio_defender(1, LONG_MAX);
	ok(r.att == 1 && r.def == LONG_MAX, "1 against LONG_MAX is 1:LONG_MAX");
	/* 2 against LONG_MAX = 2^63 - 1, odd: 2^62 - 1/2 rounded up is 2^62 */
	r = odds_ratio_defender(2, LONG_MAX);
	ok(r.att == 1 && r.def == LONG_MAX / 2 + 1, "2 against LONG_MAX rounds up");
	ok(odds_percent(LONG_MAX, 1) == LONG_MAX, "a percentage past a long is "
	    "held at LONG_MAX");

	t = new_table("1d6", "ratio", "1:2:1-6=a;9223372036854775807:1:1-6=b",
	    why, sizeof why, &rc);
	ok(rc < 0 && strstr(why, "'9223372036854775807:1'") &&
	    strstr(why, "from 0 to 1000"), "a huge ratio column is refused "
	    "naming it and the range (%s)", why);
	table_free(t);
	t = new_table("1d6", "ratio", "2:1:1-6=a;1:2:1-6=b", why, sizeof why, &rc);
	ok(rc < 0 && strstr(why, "'1:2'"), "ratio columns must ascend (%s)", why);
	table_free(t);
	t = new_table("1d6", "percent", "0-49:1-6=a;50-100001:1-6=b", why,
	    sizeof why, &rc);
	ok(rc < 0 && strstr(why, "'50-100001'") && strstr(why, "100000"),
	    "a band past 100000 is refused (%s)", why);
	table_free(t);
	t = new_table("1d6", "percent", "0-49:1-6=a;40-99:1-6=b", why,
	    sizeof why, &rc);
	ok(rc < 0 && strstr(why, "'40-99'"), "bands may not overlap (%s)", why);
	table_free(t);
	t = new_table("1d6", "percent", "50+:1-6=a;60-99:1-6=b", why, sizeof why,
	    &rc);
	ok(rc < 0 && strstr(why, "'50+'"), "an open band is the last (%s)", why);
	table_free(t);
}

int
main(void)
{
	test_validation();
	test_shift();
	test_csv();
	test_odds();
	test_odds_bounds();
	return tap_done();
}
