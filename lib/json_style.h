/*
 * json_style.h: JSON written back in the layout of the file it came from.
 *
 * A file the user keeps by hand (a situation) that umpire changes must
 * still look like the user's: cJSON keeps the members in their order, and
 * this module gives its printout the file's indentation (tabs, or so many
 * spaces), its spacing after a colon, and its final newline or none.  A
 * file written on one line is written back on one line.
 */
#ifndef UMPIRE_JSON_STYLE_H
#define UMPIRE_JSON_STYLE_H

#include <stddef.h>

#include <cjson/cJSON.h>

/* root printed in the style of like (the file's old text, len bytes);
 * the caller frees the result, NUL-terminated, its length in *outlen. */
char *json_style_print(const cJSON *root, const char *like, size_t len,
    size_t *outlen);

#endif
