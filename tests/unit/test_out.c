/*
 * test_out.c: the trail as a player sees it printed.  A line made by
 * trail_step_ascii (a reach's ids and MP) must print byte for byte as the
 * same text given to trail_step, wrapped the same where it is long, and
 * the check it skips must still mend every other line.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ctx.h"
#include "out.h"
#include "tap.h"

/* What out_print writes for t (freed), read back from a scratch file
 * that stands in for standard output. */
static char *
printed(struct trail *t)
{
	struct ctx c;
	FILE *tmp = tmpfile();
	char *buf = calloc(1, 4096);
	size_t n;
	int saved;

	memset(&c, 0, sizeof c);
	fflush(stdout);
	saved = dup(1);
	dup2(fileno(tmp), 1);
	out_print(&c, NULL, t);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	rewind(tmp);
	n = fread(buf, 1, 4095, tmp);
	buf[n] = '\0';
	fclose(tmp);
	return buf;
}

/* text as trail_step and as trail_step_ascii: the same bytes printed. */
static void
same_as_step(const char *text, const char *want, const char *what)
{
	struct trail *a = trail_new(), *b = trail_new();
	char *pa, *pb;

	trail_step(a, NULL, "%s", text);
	trail_step_ascii(b, text, strlen(text));
	pa = printed(a);
	pb = printed(b);
	is_str(pb, pa, "%s: as trail_step prints it", what);
	is_str(pb, want, "%s: by hand", what);
	free(pa);
	free(pb);
}

int
main(void)
{
	struct trail *t;
	char *p;

	same_as_step("0812 10  0813 10", "  0812 10  0813 10\n",
	    "a short line");
	/* 8 entries with halves, 11 bytes each and two blanks between: 102
	   bytes.  After the indent of 2, 76 fit before column 78: six
	   entries and five gaps make 6 * 11 + 5 * 2 = 76, so the break is
	   at the blank after the sixth, and the rest goes on under four */
	same_as_step("0812 10 1/2  0813 10 1/2  0912 11 1/2  0913 11 1/2  "
	    "1012 12 1/2  1013 12 1/2  1014 12 1/2  1015 12 1/2",
	    "  0812 10 1/2  0813 10 1/2  0912 11 1/2  0913 11 1/2  1012 12 "
	    "1/2  1013 12 1/2\n"
	    "    1014 12 1/2  1015 12 1/2\n", "a long line");

	/* any other line is still checked: an escape from a data file is
	   not passed to the terminal */
	t = trail_new();
	trail_step(t, NULL, "%s", "ford\033[31m");
	trail_step_ascii(t, "0812 10", 7);
	/* two lines under one rule share its copy (trail_add) and the
	   check of it: a rule with an escape is mended on both */
	trail_step(t, "8.4\033[2J", "%s", "first");
	trail_step(t, "8.4\033[2J", "%s", "second");
	p = printed(t);
	ok(strchr(p, '\033') == NULL, "an escape in a trail_step line or "
	    "rule is mended, on each line the rule is shared by");
	ok(strstr(p, "first") && strstr(p, "second"), "both lines printed");
	ok(strstr(p, "  0812 10\n") != NULL, "the ascii line after it prints");
	free(p);

	/* a shared rule is printed on every line it is the rule of */
	t = trail_new();
	trail_step(t, "8.4.2 A", "%s", "1 4813");
	trail_step(t, "8.4.2 A", "%s", "2 4712");
	p = printed(t);
	is_str(p, "  1 4813                                                          "
	    "8.4.2 A\n  2 4712                                                  "
	    "        8.4.2 A\n", "a rule shared by two lines, in column 66 "
	    "of each");
	free(p);
	return tap_done();
}
