/*
 * rules.c: `umpire rules`: the rules reference.  search finds a pattern
 * (PCRE2) in one book or all of them and names the section of every hit;
 * show prints a section with its subsections; toc lists the contents;
 * import indexes a player's own rulebook text so that the other three work
 * on it as on the shipped references.  The references are umpire's own
 * summaries, numbered as the rulebooks number them, so every rule number
 * another command prints can be opened here.
 *
 * This file holds the options, the command line, completion, a section's
 * label and JSON members, import and the dispatch; search is in
 * cmd/rules-search.c, show and toc in cmd/rules-show.c, and what they
 * share in cmd/rules.h.
 */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "corpus.h"
#include "data.h"
#include "err.h"
#include "games/game.h"
#include "out.h"
#include "rules.h"
#include "search.h"
#include "state.h"

enum { O_FIXED = 1, O_CASE, O_WORD, O_CONTEXT, O_COUNT, O_HEADING, O_FORCE, O_REFS };

const struct opt rules_opts[] = {
	{ O_FIXED, 'F', "fixed-strings", NULL, "search: the pattern is a plain "
	  "string", NULL },
	{ O_CASE, 'i', "ignore-case", NULL, "search: ignore case, even with "
	  "an upper-case letter in the pattern", NULL },
	{ O_WORD, 'w', "word", NULL, "search: match whole words only", NULL },
	{ O_CONTEXT, 'C', "context", "n", "search: show n lines around each hit",
	  NULL },
	{ O_COUNT, 0, "count", NULL, "search: print the number of matching lines",
	  NULL },
	{ O_HEADING, 0, "heading", "regex", "import: the pattern of a heading line "
	  "(group 1 the number, group 2 the title)", NULL },
	{ O_FORCE, 0, "force", NULL, "import: allow a name that is a game id",
	  NULL },
	{ O_REFS, 0, "refs", NULL, "show: list the sections that cite it and "
	  "the ones it cites", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

#define MAX_CONTEXT 50

static const char *const subcommands[] = { "search", "show", "toc", "import" };

void
complete_rules(const struct ctx *c, char **ops, int nops, const char *prefix)
{
	char **names;
	size_t n, i;

	if (nops == 0) {
		for (i = 0; i < 4; i++)
			complete_word(prefix, subcommands[i]);
		return;
	}
	if ((strcmp(ops[0], "show") == 0 && nops <= 2) ||
	    (strcmp(ops[0], "toc") == 0 && nops == 1)) {
		if (nops == 1) {
			n = corpus_names(c, &names);
			for (i = 0; i < n; i++) {
				complete_word(prefix, names[i]);
				free(names[i]);
			}
			free(names);
		} else {
			struct corpus cp;

			if (!freopen("/dev/null", "w", stderr) ||
			    corpus_open(c, ops[1], &cp, 1) != ST_OK)
				return;
			for (i = 0; i < cp.nsections; i++) {
				char *id = err_malloc(cp.sections[i].idlen + 1);

				memcpy(id, cp.sections[i].id, cp.sections[i].idlen);
				id[cp.sections[i].idlen] = '\0';
				complete_word(prefix, id);
				free(id);
			}
			corpus_close(&cp);
		}
	}
}

static int
parse_long_arg(const char *s, long max, long *out)
{
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	*out = strtol(s, &end, 10);
	return *end || *out > max ? -1 : 0;
}

static int
parse_request(struct rules_request *r, int argc, char **argv)
{
	struct opt_parser p;
	int id;

	memset(r, 0, sizeof *r);
	opt_init(&p, rules_opts, argc, argv);
	while ((id = opt_next(&p)) != OPT_END) {
		switch (id) {
		case OPT_ERROR:
			return ST_USAGE;
		case OPT_OPERAND:
			if (!r->sub)
				r->sub = p.arg;
			else if (r->nops == 4)
				return err(ST_USAGE, "too many arguments: '%s'", p.arg);
			else
				r->ops[r->nops++] = (char *)p.arg;
			break;
		case O_FIXED:
			r->flags |= SEARCH_FIXED;
			break;
		case O_CASE:
			r->flags |= SEARCH_CASELESS;
			break;
		case O_WORD:
			r->flags |= SEARCH_WORD;
			break;
		case O_CONTEXT:
			if (parse_long_arg(p.arg, MAX_CONTEXT, &r->context) < 0)
				return err(ST_USAGE, "bad context: '%s' (expected a number "
				    "of lines from 0 to %d)", p.arg, MAX_CONTEXT);
			break;
		case O_COUNT:
			r->count = 1;
			break;
		case O_HEADING:
			r->heading = p.arg;
			break;
		case O_FORCE:
			r->force = 1;
			break;
		case O_REFS:
			r->refs = 1;
			break;
		}
	}
	if (!r->sub)
		return err(ST_USAGE, "no subcommand given (expected search, show, toc "
		    "or import)");
	return ST_OK;
}

/* "8.2.1 Odds Ratio" as a C string from a section. */
void
rules_section_label(const struct section *s, char *buf, size_t len)
{
	snprintf(buf, len, "%.*s%s%.*s", (int)s->idlen, s->id,
	    s->titlelen ? " " : "", (int)s->titlelen, s->title);
}

/* A member from n bytes of the mapped text: an id or a title is as long
 * as the book made it, so no fixed buffer would hold every one. */
void
rules_set_span(cJSON *o, const char *key, const char *s, size_t n)
{
	char *v = err_malloc(n + 1);

	memcpy(v, s, n);
	v[n] = '\0';
	json_set_str(o, key, v);
	free(v);
}

/* The section's id and title as JSON members idkey and "title". */
void
rules_set_section(cJSON *o, const char *idkey, const struct section *s)
{
	rules_set_span(o, idkey, s->id, s->idlen);
	rules_set_span(o, "title", s->title, s->titlelen);
}

static int
valid_book_name(const char *s)
{
	size_t n = strlen(s), i;

	if (n == 0 || s[0] == '-')
		return 0;
	for (i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') ||
		    s[i] == '-' || s[i] == '_'))
			return 0;
	return 1;
}

static int
do_import(const struct ctx *c, const struct rules_request *r)
{
	char dir[PATH_MAX], path[PATH_MAX], why[512], *buf, *out;
	size_t len, outlen, nsec;
	struct trail *tr;
	cJSON *json;
	int st;

	if (r->nops != 2)
		return err(ST_USAGE, "import takes a name and a file");
	if (strlen(r->ops[0]) > CORPUS_NAME_MAX)
		return err(ST_USAGE, "rulebook name too long: '%s' (at most %d "
		    "characters)", r->ops[0], CORPUS_NAME_MAX);
	if (!valid_book_name(r->ops[0]))
		return err(ST_USAGE, "bad rulebook name: '%s' (expected lowercase "
		    "letters, digits, - and _)", r->ops[0]);
	if (game_find(r->ops[0]) && !r->force)
		return err(ST_USAGE, "'%s' is a shipped game: import under another "
		    "name, or give --force to shadow its reference", r->ops[0]);
	if (r->heading && search_heading_check(r->heading, why, sizeof why) < 0)
		return err(ST_USAGE, "%s", why);
	if (data_user_dir(dir) < 0)
		return err(ST_SYS, "no place for imports: set HOME or XDG_DATA_HOME");
	if ((st = data_read_file(r->ops[1], &buf, &len)) != ST_OK)
		return st;
	buf = err_realloc(buf, len + SEARCH_PAD);
	memset(buf + len, 0, SEARCH_PAD);
	st = search_import(buf, len, r->heading ? r->heading :
	    search_default_heading, &out, &outlen, &nsec, why, sizeof why);
	free(buf);
	/* -2: the heading pattern is at fault, not the file */
	if (st == -2)
		return err(ST_USAGE, "%s", why);
	if (st < 0)
		return err(ST_DATA, "%s: %s", r->ops[1], why);
	if (snprintf(path, sizeof path, "%s/%s/reference.txt", dir, r->ops[0]) >=
	    (int)sizeof path) {
		free(out);
		return err(ST_SYS, "path too long under '%s'", dir);
	}
	st = state_write_atomic(path, out, outlen);
	free(out);
	if (st != ST_OK)
		return st;
	tr = trail_new();
	trail_line(tr, "imported %s: %zu sections from %s", r->ops[0], nsec,
	    r->ops[1]);
	trail_line(tr, "  %s", path);
	json = json_object();
	json_set_str(json, "procedure", "rules-import");
	json_set_str(json, "name", r->ops[0]);
	json_set_num(json, "sections", (double)nsec);
	json_set_str(json, "path", path);
	return out_emit(c, json, tr);
}

int
cmd_rules(struct ctx *c, int argc, char **argv)
{
	struct rules_request r;
	int st = parse_request(&r, argc, argv);
	const char *near;

	if (st != ST_OK)
		return st;
	if (strcmp(r.sub, "search") == 0)
		return rules_search(c, &r);
	if (strcmp(r.sub, "show") == 0)
		return rules_show(c, &r);
	if (strcmp(r.sub, "toc") == 0)
		return rules_toc(c, &r);
	if (strcmp(r.sub, "import") == 0)
		return do_import(c, &r);
	near = err_nearest(r.sub, subcommands, 4);
	if (near)
		return err(ST_USAGE, "unknown subcommand: '%s' (did you mean '%s'?)",
		    r.sub, near);
	return err(ST_USAGE, "unknown subcommand: '%s' (expected search, show, "
	    "toc or import)", r.sub);
}
