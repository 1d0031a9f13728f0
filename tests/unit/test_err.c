/*
 * test_err.c: err_safe_prefix (lib/err.c), which every line umpire prints
 * passes through so that nothing a terminal would obey gets out.  It reads
 * eight bytes at a time, the last few of a text as one word; here it must
 * stop where the plain byte-by-byte reading stops, on every text: random
 * ones of every length up to 40 bytes, mixing printable ASCII with the
 * bytes that end a safe prefix (C0 controls, DEL, C1 controls in UTF-8,
 * broken UTF-8) and the multibyte characters that do not, each at every
 * place; and a few worked by hand.  A fixed xorshift makes failures repeat.
 * And err_cut_values, which cuts long quoted values in every message.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "tap.h"
#include "xorshift.h"

#define ROUNDS	20000	/* random texts of each length */
#define LONGEST	40

/* The rule, a byte or a character at a time: printable ASCII and UTF-8
 * past the C1 controls go on; anything else ends the prefix. */
static size_t
plain_prefix(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, len;

	while (i < n) {
		if (u[i] >= 0x20 && u[i] < 0x7f) {
			i++;
			continue;
		}
		len = err_utf8_len(s + i, n - i);
		if (len < 2 || (len == 2 && u[i] == 0xc2 && u[i + 1] < 0xa0))
			break;
		i += len;
	}
	return i;
}

/* Text of n bytes into buf: mostly printable, now and then one of the
 * pieces below, cut short where the length runs out. */
static void
random_text(char *buf, size_t n)
{
	static const char *const pieces[] = { "\n", "\t", "\033", "\177",
		"\302\233", "\302\240", "\303\251", "\342\202\254",
		"\360\237\216\262", "\200", "\377", "\355\240\200" };
	size_t i = 0, k;
	const char *p;

	while (i < n) {
		if (rnd() % 10) {
			buf[i++] = (char)(0x20 + rnd() % 0x5f);
			continue;
		}
		p = pieces[rnd() % (sizeof pieces / sizeof *pieces)];
		for (k = 0; p[k] && i < n; k++)
			buf[i++] = p[k];
	}
}

static void
test_random(void)
{
	char buf[LONGEST + 8];
	size_t n, want, got;
	int r, bad = 0, stopped = 0;

	for (n = 0; n <= LONGEST; n++)
		for (r = 0; r < ROUNDS; r++) {
			random_text(buf, n);
			want = plain_prefix(buf, n);
			got = err_safe_prefix(buf, n);
			stopped += want < n;
			if (got != want && bad++ == 0)
				printf("# %zu bytes: %zu safe, read as %zu\n", n,
				    want, got);
		}
	ok(bad == 0 && stopped > ROUNDS, "%d random texts of 0 to %d bytes: "
	    "the prefix read by words is the one read by bytes (%d stop "
	    "short)", ROUNDS * (LONGEST + 1), LONGEST, stopped);
}

static void
test_by_hand(void)
{
	/* the rule of a retreat's step, seven bytes: all of it */
	is_int((int)err_safe_prefix("8.4.2 A", 7), 7, "a short text, whole");
	/* nine bytes, the escape in the last word, which overlaps the first:
	   the prefix stops at it */
	is_int((int)err_safe_prefix("abcdefgh\033", 9), 8, "ESC as the ninth "
	    "byte ends the prefix there");
	is_int((int)err_safe_prefix("ab\033defghijk", 11), 2, "ESC in the "
	    "first word, with a good last word: 2");
	/* e acute is two bytes, good; U+009B (CSI) is two, not */
	is_int((int)err_safe_prefix("caf\303\251 ok", 8), 8, "UTF-8 e acute "
	    "goes on");
	is_int((int)err_safe_prefix("x\302\233[2J", 6), 1, "C1 CSI ends the "
	    "prefix");
	is_int((int)err_safe_prefix("", 0), 0, "nothing: nothing");
}

/* err_cut_values on a copy of msg: the text it leaves */
static int
cut_is(const char *msg, const char *want)
{
	static char buf[4096];
	size_t n = strlen(msg);

	memcpy(buf, msg, n);
	n = err_cut_values(buf, n);
	if (n == strlen(want) && memcmp(buf, want, n) == 0)
		return 1;
	printf("# got '%.*s'\n", (int)n, buf);
	return 0;
}

static void
test_cut(void)
{
	char msg[4096], want[4096], a70[71], p150[151], p250[251], e[200];
	size_t i;

	memset(a70, 'a', 70);
	a70[70] = '\0';
	snprintf(msg, sizeof msg, "bad --unit: '%s' (expected ids)", a70);
	/* 60 characters kept, then "...", and the rest of the message */
	snprintf(want, sizeof want, "bad --unit: '%.60s...' (expected ids)", a70);
	ok(cut_is(msg, want), "a 70-character value: its first 60 and ...");
	snprintf(msg, sizeof msg, "unknown game: '%.64s'", a70);
	ok(cut_is(msg, msg), "a 64-character value stays whole");
	snprintf(msg, sizeof msg, "x '%s' and '%s'?", a70, a70);
	snprintf(want, sizeof want, "x '%.60s...' and '%.60s...'?", a70, a70);
	ok(cut_is(msg, want), "two long values: each cut");
	ok(cut_is("which game's map 'loe'? don't", "which game's map 'loe'? "
	    "don't"), "quotes inside words open no value");
	/* a path's name matters: whole up to 200 characters */
	for (i = 0; i < 150; i++)
		p150[i] = i % 10 ? 'd' : '/';
	p150[150] = '\0';
	snprintf(msg, sizeof msg, "cannot open '%s'", p150);
	ok(cut_is(msg, msg), "a 150-character path stays whole");
	for (i = 0; i < 250; i++)
		p250[i] = i % 10 ? 'd' : '/';
	p250[250] = '\0';
	snprintf(msg, sizeof msg, "cannot open '%s'", p250);
	snprintf(want, sizeof want, "cannot open '%.60s...'", p250);
	ok(cut_is(msg, want), "a 250-character path: its first 60 and ...");
	/* e acute is two bytes: 70 of them are cut after the 60th, whole */
	for (i = 0; i < 70; i++)
		memcpy(e + 2 * i, "\303\251", 2);
	e[140] = '\0';
	snprintf(msg, sizeof msg, "'%s'", e);
	snprintf(want, sizeof want, "'%.120s...'", e);
	ok(cut_is(msg, want), "a cut falls between characters, not in one");
	/* no closing quote: the value runs to the end */
	snprintf(msg, sizeof msg, "bad: '%s", a70);
	snprintf(want, sizeof want, "bad: '%.60s...", a70);
	ok(cut_is(msg, want), "an unclosed value is cut too");
	/* an unquoted 2000-byte message: 1024 characters and ... */
	memset(msg, 'z', 2000);
	msg[2000] = '\0';
	memset(want, 'z', 1024);
	strcpy(want + 1024, "...");
	ok(cut_is(msg, want), "a message past 1024 characters is cut");
}

int
main(void)
{
	rnd_state = 0x9e3779b9u;
	test_by_hand();
	test_cut();
	test_random();
	return tap_done();
}
