/*
 * tap.h: the smallest harness that speaks TAP, for the C unit tests of lib/.
 * Each test file includes this once, calls ok()/is_int()/is_str() and ends
 * with `return tap_done();`.  The suite runner counts "ok" and "not ok" lines.
 */
#ifndef UMPIRE_TAP_H
#define UMPIRE_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int tap_count;
static int tap_failed;

#define ok(cond, ...) tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

static inline int tap_ok(int pass, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	tap_count++;
	if (!pass)
		tap_failed++;
	printf("%sok %d - ", pass ? "" : "not ", tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!pass)
		printf("#   failed at %s:%d\n", file, line);
	return pass;
}

#define is_int(got, want, ...) do { \
	long long tap_g_ = (got), tap_w_ = (want); \
	if (!ok(tap_g_ == tap_w_, __VA_ARGS__)) \
		printf("#   got %lld, want %lld\n", tap_g_, tap_w_); \
} while (0)

#define is_str(got, want, ...) do { \
	const char *tap_g_ = (got), *tap_w_ = (want); \
	if (!ok(tap_g_ && tap_w_ && strcmp(tap_g_, tap_w_) == 0, __VA_ARGS__)) \
		printf("#   got '%s', want '%s'\n", tap_g_ ? tap_g_ : "(null)", \
		    tap_w_ ? tap_w_ : "(null)"); \
} while (0)

static inline int tap_done(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed ? 1 : 0;
}

#endif
