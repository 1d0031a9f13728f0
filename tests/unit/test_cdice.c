/*
 * test_cdice.c: coloured dice lists (lib/cdice.c).
 */
#include <string.h>

#include "cdice.h"
#include "tap.h"

int
main(void)
{
	struct cdice cd;
	char why[160], colour[CDICE_NAME];

	ok(cdice_parse("red=9,blue=8,white=4,yellow=3,green=10", 10, &cd, why,
	    sizeof why) == 0 && cd.n == 5, "the rulebook's five dice");
	ok(cdice_find(&cd, "green")->face == 10, "green 10");
	ok(cdice_find(&cd, "black") == NULL, "no black die");
	ok(cdice_parse("Red=0", 10, &cd, why, sizeof why) == 0 &&
	    strcmp(cd.d[0].colour, "red") == 0 && cd.d[0].face == 10,
	    "a d10's 0 is 10, colours fold to lower case");
	ok(cdice_parse("red=9,red=8", 10, &cd, why, sizeof why) < 0 &&
	    strstr(why, "twice"), "a colour twice: %s", why);
	ok(cdice_parse("red=11", 10, &cd, why, sizeof why) < 0, "11 on a d10");
	ok(cdice_parse("red=", 10, &cd, why, sizeof why) < 0, "no face");
	ok(cdice_parse("=4", 10, &cd, why, sizeof why) < 0, "no colour");
	ok(cdice_parse("red9", 10, &cd, why, sizeof why) < 0, "no =");
	ok(cdice_parse("red=9,", 10, &cd, why, sizeof why) < 0, "trailing comma");
	ok(cdice_parse("red=6", 6, &cd, why, sizeof why) == 0 &&
	    cdice_parse("red=0", 6, &cd, why, sizeof why) < 0, "a d6 has no 0");
	ok(cdice_colour("sky-blue", 8, colour) == 0, "hyphened colour");
	ok(cdice_colour("-red", 4, colour) < 0, "no leading hyphen");
	ok(cdice_colour("averyveryverylongcolour", 23, colour) < 0, "too long");
	return tap_done();
}
