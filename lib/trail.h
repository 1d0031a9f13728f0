/*
 * trail.h: the text trail, the answer as people read it: a title, steps
 * each with the rule it applies in the right-hand column, the result, and
 * plain lines and notes, printed all at once at the end (out.h).
 */
#ifndef UMPIRE_TRAIL_H
#define UMPIRE_TRAIL_H

#include <stddef.h>
#include <stdio.h>

struct trail;

struct trail *trail_new(void);
void trail_free(struct trail *t);
/* The first line, flush left: "Lion of Ethiopia: League of Nations". */
void trail_title(struct trail *t, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* An indented line with the rule it applies in the right-hand column. */
void trail_step(struct trail *t, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The line that answers the question; emphasised on a terminal. */
void trail_result(struct trail *t, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A step line with no rule whose text the caller made: len bytes, each
 * printable ASCII (ids and numbers), which printing need not check for
 * bytes that could act on a terminal as it checks every other line's. */
void trail_step_ascii(struct trail *t, const char *text, size_t len);
/* A plain line, printed as given (tables, listings). */
void trail_line(struct trail *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The trail's width: text that wraps keeps its lines to this many
 * columns. */
#define OUT_WIDTH 78
/*
 * Where the first line of s[0..len) ends for it to fit in room columns:
 * at the last space that fits, never inside a `quoted command`; a word or
 * command wider than room is kept whole, ending the line after it.
 */
size_t trail_wrap_at(const char *s, size_t len, size_t room);
/* Text for people as plain lines within OUT_WIDTH, broken at spaces as
 * trail_wrap_at: the first indented indent spaces, the rest hang. */
void trail_wrap(struct trail *t, size_t indent, size_t hang, const char *s,
    size_t len);
/* A note under a result, "  (the loe CRT is a stand-in: ...)", wrapped as
 * trail_wrap: its own leading spaces are its indent, and its continuation
 * lines stand one further in, under the words after the "(". */
void trail_note(struct trail *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Bytes printed exactly as given, for bulk output such as search hits
 * (one allocation for many lines, where trail_line costs one each). */
void trail_append(struct trail *t, const char *s, size_t n);

/* Print the trail on fp; color: emphasise results and dim rules. */
void trail_print(const struct trail *t, int color, FILE *fp);
/* The trail's result lines, or else its title and steps, as one line
 * (for the game log and a result's text); malloc'd, NULL on failure. */
char *trail_summary(const struct trail *t);

#endif
