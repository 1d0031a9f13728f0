/*
 * rules.h: what the parts of `umpire rules` share: the request parsed
 * from the command line, a section's label and JSON members (cmd/rules.c),
 * and the subcommands in cmd/rules-search.c and cmd/rules-show.c.
 */
#ifndef UMPIRE_CMD_RULES_H
#define UMPIRE_CMD_RULES_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "corpus.h"
#include "ctx.h"

struct rules_request {
	const char *sub;
	char *ops[4];
	int nops;
	int flags;
	long context;
	int count;
	int force;
	int refs;
	const char *heading;
};

/* "8.2.1 Odds Ratio" as a C string from a section. */
void rules_section_label(const struct section *s, char *buf, size_t len);
/* A member from n bytes of the mapped text. */
void rules_set_span(cJSON *o, const char *key, const char *s, size_t n);
/* The section's id and title as JSON members idkey and "title". */
void rules_set_section(cJSON *o, const char *idkey, const struct section *s);

/* cmd/rules-search.c */
int rules_search(const struct ctx *c, const struct rules_request *r);
/* cmd/rules-show.c */
int rules_show(const struct ctx *c, const struct rules_request *r);
int rules_toc(const struct ctx *c, const struct rules_request *r);

#endif
