/*
 * rules.c: `umpire rules`: the rules reference.  search finds a pattern
 * (PCRE2) in one book or all of them and names the section of every hit;
 * show prints a section with its subsections; toc lists the contents;
 * import indexes a player's own rulebook text so that the other three work
 * on it as on the shipped references.  The references are umpire's own
 * summaries, numbered as the rulebooks number them, so every rule number
 * another command prints can be opened here.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "data.h"
#include "err.h"
#include "games/game.h"
#include "out.h"
#include "corpus.h"
#include "search.h"
#include "state.h"

enum { O_FIXED = 1, O_WORD, O_CONTEXT, O_COUNT, O_HEADING, O_FORCE, O_REFS };

const struct opt rules_opts[] = {
	{ O_FIXED, 'F', "fixed-strings", NULL, "search: the pattern is a plain "
	  "string", NULL },
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
				char *id = xmalloc(cp.sections[i].idlen + 1);

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
static void
section_label(const struct section *s, char *buf, size_t len)
{
	snprintf(buf, len, "%.*s%s%.*s", (int)s->idlen, s->id,
	    s->titlelen ? " " : "", (int)s->titlelen, s->title);
}

/* A member from n bytes of the mapped text: an id or a title is as long
 * as the book made it, so no fixed buffer would hold every one. */
static void
json_set_span(cJSON *o, const char *key, const char *s, size_t n)
{
	char *v = xmalloc(n + 1);

	memcpy(v, s, n);
	v[n] = '\0';
	json_set_str(o, key, v);
	free(v);
}

/* The section's id and title as JSON members idkey and "title". */
static void
json_set_section(cJSON *o, const char *idkey, const struct section *s)
{
	json_set_span(o, idkey, s->id, s->idlen);
	json_set_span(o, "title", s->title, s->titlelen);
}

/* One hit line, with every match in it emphasised on a terminal; the
 * matches' offsets in the line go to spans when it is not NULL. */
static char *
highlight(struct search *s, const char *text, size_t line, size_t end,
    int color, cJSON *spans)
{
	size_t cap = (end - line) * 2 + 64, o = 0, at = line, ms, me;
	char *out = xmalloc(cap);

	while (at <= end && search_in_line(s, text, at, end, &ms, &me)) {
		if (spans) {
			cJSON *span = json_array();

			json_push(span, cJSON_CreateNumber((double)(ms - line)));
			json_push(span, cJSON_CreateNumber((double)(me - line)));
			json_push(spans, span);
		}
		if (o + (ms - at) + (me - ms) + 16 > cap)
			out = xrealloc(out, cap = (cap + me - at) * 2 + 64);
		memcpy(out + o, text + at, ms - at);
		o += ms - at;
		if (color)
			o += (size_t)sprintf(out + o, "\033[1;31m");
		memcpy(out + o, text + ms, me - ms);
		o += me - ms;
		if (color)
			o += (size_t)sprintf(out + o, "\033[0m");
		at = me > ms ? me : me + 1;
	}
	if (at < end) {
		if (o + (end - at) + 1 > cap)
			out = xrealloc(out, o + (end - at) + 1);
		memcpy(out + o, text + at, end - at);
		o += end - at;
	}
	out[o] = '\0';
	return out;
}

/* Start of the line n lines before the one at line (not before floor). */
static size_t
lines_back(const char *text, size_t line, long n, size_t floor)
{
	while (n-- > 0 && line > floor) {
		line--;
		while (line > floor && text[line - 1] != '\n')
			line--;
	}
	return line;
}

struct search_state {
	struct search re;
	const struct rules_request *r;
	struct trail *tr;
	cJSON *hits;
	long total;
	struct section sec;	/* the section of the last hit, if in_sec */
	int in_sec;
	size_t seen_to;		/* headings before this are known: the last hit */
	size_t printed_to;	/* offset up to which lines are already shown */
	char *out;		/* hits not yet handed to the trail */
	size_t outlen;
};

/*
 * The hits' text goes to the trail OUT_CHUNK bytes at a time: a large
 * listing is many short pieces (a mark, a line, a newline), each a call
 * into the trail otherwise.
 */
#define OUT_CHUNK 65536

static void
out_flush(struct search_state *st)
{
	if (st->outlen > 0)
		trail_append(st->tr, st->out, st->outlen);
	st->outlen = 0;
}

static void
out_put(struct search_state *st, const char *s, size_t n)
{
	if (st->outlen + n > OUT_CHUNK) {
		out_flush(st);
		if (n > OUT_CHUNK) {
			trail_append(st->tr, s, n);
			return;
		}
	}
	memcpy(st->out + st->outlen, s, n);
	st->outlen += n;
}

static void
print_context(struct search_state *st, const struct corpus *cp, size_t from,
    size_t to)
{
	while (from < to) {
		const char *nl = memchr(cp->text + from, '\n', to - from);
		size_t e = nl ? (size_t)(nl - cp->text) : to;

		out_put(st, "    ", 4);
		out_put(st, cp->text + from, e - from);
		out_put(st, "\n", 1);
		from = e + 1;
	}
}

/* A hit as JSON: where it is, its text, and where in it the matches are. */
static void
hit_json(struct search_state *st, const struct corpus *cp, size_t line,
    size_t end)
{
	cJSON *hit = json_object(), *spans = json_array();

	free(highlight(&st->re, cp->text, line, end, 0, spans));
	json_set_str(hit, "game", cp->name);
	if (st->in_sec)
		json_set_section(hit, "section", &st->sec);
	json_set_span(hit, "text", cp->text + line, end - line);
	json_set(hit, "matches", spans);
	json_push(st->hits, hit);
}

/* The lines of a hit, each marked "  > " (a match may run over lines). */
static void
append_marked(struct search_state *st, const char *s, size_t n)
{
	const char *end = s + n, *nl;

	do {
		nl = memchr(s, '\n', (size_t)(end - s));
		out_put(st, "  > ", 4);
		out_put(st, s, nl ? (size_t)(nl - s) : (size_t)(end - s));
		out_put(st, "\n", 1);
		s = nl + 1;
	} while (nl);
}

/*
 * Has the hit at line entered a section after the last hit's?  Only the
 * text between the two is looked at for a heading.
 */
static int
new_section(struct search_state *st, const struct corpus *cp, size_t line)
{
	size_t floor = st->seen_to;

	st->seen_to = line + 1;
	if (!corpus_section_back(cp, floor, line, &st->sec))
		return 0;
	st->in_sec = 1;
	/* the context after a hit stops at the section's end */
	if (st->r->context > 0)
		st->sec.end = corpus_section_end(cp, &st->sec);
	return 1;
}

/* "loe 8.2.1 Odds Ratio" over the hits of a section: pieces, as this runs
 * once per section with a hit */
static void
print_heading(struct search_state *st, const struct ctx *c,
    const struct corpus *cp)
{
	const struct section *sec = &st->sec;

	if (c->color)
		out_put(st, "\033[1m", 4);
	out_put(st, cp->name, strlen(cp->name));
	out_put(st, " ", 1);
	out_put(st, sec->id, sec->idlen);
	if (sec->titlelen) {
		out_put(st, " ", 1);
		out_put(st, sec->title, sec->titlelen);
	}
	if (c->color)
		out_put(st, "\033[0m", 4);
	out_put(st, "\n", 1);
	st->printed_to = sec->body;
}

static void
report_hit(struct search_state *st, const struct ctx *c, const struct corpus *cp,
    size_t line, size_t end)
{
	const struct section *sec;
	char *text;
	size_t ctx_from;

	if (new_section(st, cp, line) && !c->json)
		print_heading(st, c, cp);
	if (c->json) {
		hit_json(st, cp, line, end);
		return;
	}
	sec = st->in_sec ? &st->sec : NULL;
	if (st->r->context > 0) {
		ctx_from = lines_back(cp->text, line, st->r->context,
		    sec ? sec->body : 0);
		if (ctx_from < st->printed_to)
			ctx_from = st->printed_to;
		print_context(st, cp, ctx_from, line);
	}
	if (c->color) {
		text = highlight(&st->re, cp->text, line, end, 1, NULL);
		append_marked(st, text, strlen(text));
		free(text);
	} else {
		append_marked(st, cp->text + line, end - line);
	}
	st->printed_to = end + 1;
}

/*
 * The context lines after the last hit, up to n of them, stopping before
 * the line at `stop` (the next hit) and at the end of the hit's section.
 */
static void
flush_after(struct search_state *st, const struct corpus *cp, size_t stop)
{
	size_t from = st->printed_to, to = from;
	long n = st->r->context;

	if (!st->in_sec || n <= 0)
		return;
	if (stop > st->sec.end)
		stop = st->sec.end;
	while (n-- > 0 && to < stop) {
		const char *nl = memchr(cp->text + to, '\n', cp->len - to);

		to = nl ? (size_t)(nl - cp->text) + 1 : cp->len;
	}
	if (to > stop)
		to = stop;
	print_context(st, cp, from, to);
	st->printed_to = to;
}

static int
search_corpus(struct search_state *st, const struct ctx *c,
    const struct corpus *cp, long *count)
{
	size_t pos = 0, line, end, ms, me;
	char why[256];
	int rc;

	st->in_sec = 0;
	st->seen_to = 0;
	*count = 0;
	while ((rc = search_next_line(&st->re, cp->text, cp->len, &pos, &line,
	    &end, &ms, &me, why, sizeof why)) > 0) {
		(*count)++;
		if (st->r->count)
			continue;
		flush_after(st, cp, line);
		report_hit(st, c, cp, line, end);
	}
	flush_after(st, cp, cp->len);
	out_flush(st);
	if (rc < 0)
		return err(ST_USAGE, "%s", why);
	return ST_OK;
}

static int
bad_pattern(const char *pattern, const char *why, size_t off)
{
	/* one line of message, then the pattern and a caret under the spot */
	err(ST_USAGE, "bad pattern: %s at offset %zu", why, off);
	fputs("  ", stderr);
	err_write_safe(stderr, pattern, strlen(pattern), "");
	fprintf(stderr, "\n  %*s^\n", (int)err_safe_width(pattern, off), "");
	return ST_USAGE;
}

static int
do_search(const struct ctx *c, const struct rules_request *r)
{
	struct search_state st;
	char **names, why[PATH_MAX + 256];
	size_t n = 1, i, off;
	int status = ST_OK;
	cJSON *json, *counts, *skipped;

	if (r->nops != 1)
		return err(ST_USAGE, "search takes one pattern");
	memset(&st, 0, sizeof st);
	st.r = r;
	if (search_compile(&st.re, r->ops[0], r->flags, why, sizeof why, &off) < 0)
		return bad_pattern(r->ops[0], why, off);
	if (c->game) {
		names = xcalloc(1, sizeof *names);
		names[0] = xstrdup(c->game);
	} else {
		n = corpus_names(c, &names);
	}
	st.tr = trail_new();
	st.out = xmalloc(OUT_CHUNK);
	st.hits = json_array();
	counts = json_object();
	skipped = json_array();
	for (i = 0; i < n && status == ST_OK; i++) {
		struct corpus cp;
		long count;

		if (!c->game) {
			/* one broken book must not stop a search of all of them */
			if (corpus_load(c, names[i], &cp, 0, why,
			    sizeof why) != ST_OK) {
				err(ST_OK, "skipped rulebook '%s': %s", names[i], why);
				json_push(skipped, cJSON_CreateString(names[i]));
				continue;
			}
		} else if ((status = corpus_open(c, names[i], &cp, 0)) !=
		    ST_OK) {
			break;
		}
		status = search_corpus(&st, c, &cp, &count);
		corpus_close(&cp);
		st.total += count;
		json_set_num(counts, names[i], (double)count);
		if (r->count && n > 1)
			trail_line(st.tr, "%s %ld", names[i], count);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	search_free(&st.re);
	free(st.out);
	json = json_object();
	json_set_str(json, "procedure", "rules-search");
	json_set_str(json, "pattern", r->ops[0]);
	json_set_num(json, "count", (double)st.total);
	json_set(json, "counts", counts);
	if (cJSON_GetArraySize(skipped) > 0)
		json_set(json, "skipped", skipped);
	else
		cJSON_Delete(skipped);
	if (r->count)
		cJSON_Delete(st.hits);
	else
		json_set(json, "hits", st.hits);
	if (r->count && n == 1)
		trail_line(st.tr, "%ld", st.total);
	if (status != ST_OK) {
		cJSON_Delete(json);
		trail_free(st.tr);
		return status;
	}
	status = out_emit(c, json, st.tr);
	return status == ST_OK && st.total == 0 ? ST_NO : status;
}

/* "8.2.1 Odds Ratio" + body lines, for text and JSON. */
static void
show_section(const struct ctx *c, const struct corpus *cp, size_t i,
    struct trail *tr, cJSON *arr)
{
	const struct section *s = &cp->sections[i];
	cJSON *o = json_object();
	size_t end = s->end;
	char *body;

	trail_line(tr, "%s%s %.*s%s%.*s%s", c->color ? "\033[1m" : "", cp->name,
	    (int)s->idlen, s->id, s->titlelen ? " " : "", (int)s->titlelen,
	    s->title, c->color ? "\033[0m" : "");
	while (end > s->body && (cp->text[end - 1] == '\n'))
		end--;
	body = xmalloc(end - s->body + 1);
	memcpy(body, cp->text + s->body, end - s->body);
	body[end - s->body] = '\0';
	if (*body)
		trail_line(tr, "%s", body);
	trail_line(tr, "%s", "");
	json_set_section(o, "id", s);
	json_set_str(o, "text", body);
	json_push(arr, o);
	free(body);
}

static int
missing_section(const struct corpus *cp, const char *cite)
{
	size_t near[2], n = corpus_nearest(cp, cite, near, 2), i;
	char list[600] = "", label[256];

	for (i = 0; i < n; i++) {
		section_label(&cp->sections[near[i]], label, sizeof label);
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s'%s'",
		    i ? ", " : "", label);
	}
	return err(ST_NO, "no section '%s' in %s%s%s%s", cite, cp->name,
	    n ? " (nearest: " : "", list, n ? ")" : "");
}

/* Add section k to list (an array of JSON sections) and tr, once. */
static void
add_ref(const struct corpus *cp, size_t k, char *seen,
    cJSON *list, struct trail *tr)
{
	const struct section *s = &cp->sections[k];
	cJSON *o;

	if (seen[k])
		return;
	seen[k] = 1;
	o = json_object();
	json_set_section(o, "id", s);
	json_push(list, o);
	trail_line(tr, "  %.*s%s%.*s", (int)s->idlen, s->id, s->titlelen ? " " :
	    "", (int)s->titlelen, s->title);
}

/*
 * The sections section i's own text cites: every citation-shaped number
 * in its body that names a section, in the order of first mention.
 */
static cJSON *
refs_cited(const struct corpus *cp, size_t i,
    struct trail *tr)
{
	const struct section *s = &cp->sections[i];
	char *seen = xcalloc(cp->nsections, 1), cite[CORPUS_CITE_MAX + 1];
	size_t pos = s->body, at, n;
	cJSON *list = json_array();
	long k;

	seen[i] = 1;	/* "see 8.2.1 A" inside 8.2.1 is no reference */
	trail_line(tr, "cites:");
	while (corpus_next_cite(cp, &pos, s->end, &at, &n)) {
		if (n > CORPUS_CITE_MAX)
			continue;
		memcpy(cite, cp->text + at, n);
		cite[n] = '\0';
		if ((k = corpus_find(cp, cite, 0)) >= 0)
			add_ref(cp, (size_t)k, seen, list, tr);
	}
	if (cJSON_GetArraySize(list) == 0)
		trail_line(tr, "  (none)");
	free(seen);
	return list;
}

/* The sections whose own text cites section i by its number. */
static cJSON *
refs_citing(const struct corpus *cp, size_t i,
    struct trail *tr)
{
	const struct section *s = &cp->sections[i];
	char *seen = xcalloc(cp->nsections, 1);
	cJSON *list = json_array();
	size_t k, pos, at, n;

	seen[i] = 1;
	trail_line(tr, "cited by:");
	for (k = 0; k < cp->nsections; k++) {
		pos = cp->sections[k].body;
		while (!seen[k] && corpus_next_cite(cp, &pos, cp->sections[k].end,
		    &at, &n))
			if (n == s->idlen && memcmp(cp->text + at, s->id, n) == 0)
				add_ref(cp, k, seen, list, tr);
	}
	if (cJSON_GetArraySize(list) == 0)
		trail_line(tr, "  (none)");
	free(seen);
	return list;
}

/* show --refs: where section i leads and what leads to it. */
static int
show_refs(const struct ctx *c, const struct corpus *cp, size_t i,
    const char *cite)
{
	struct trail *tr = trail_new();
	cJSON *json = json_object(), *o = json_object();

	trail_line(tr, "%s%s %.*s%s%.*s%s", c->color ? "\033[1m" : "", cp->name,
	    (int)cp->sections[i].idlen, cp->sections[i].id,
	    cp->sections[i].titlelen ? " " : "", (int)cp->sections[i].titlelen,
	    cp->sections[i].title, c->color ? "\033[0m" : "");
	json_set_str(json, "procedure", "rules-refs");
	json_set_str(json, "game", cp->name);
	json_set_str(json, "section", cite);
	json_set_section(o, "id", &cp->sections[i]);
	json_set(json, "resolved", o);
	json_set(json, "cites", refs_cited(cp, i, tr));
	json_set(json, "cited_by", refs_citing(cp, i, tr));
	return out_emit(c, json, tr);
}

static int
do_show(const struct ctx *c, const struct rules_request *r)
{
	struct corpus cp;
	struct trail *tr;
	cJSON *json, *arr;
	long i;
	int st;

	if (r->nops != 2)
		return err(ST_USAGE, "show takes a game and a section");
	if (strlen(r->ops[1]) > CORPUS_CITE_MAX)
		return err(ST_USAGE, "section too long: '%s' (at most %d characters)",
		    r->ops[1], CORPUS_CITE_MAX);
	if ((st = corpus_open(c, r->ops[0], &cp, 1)) != ST_OK)
		return st;
	if ((i = corpus_find(&cp, r->ops[1], 0)) < 0) {
		st = missing_section(&cp, r->ops[1]);
		corpus_close(&cp);
		return st;
	}
	if (r->refs) {
		st = show_refs(c, &cp, (size_t)i, r->ops[1]);
		corpus_close(&cp);
		return st;
	}
	tr = trail_new();
	json = json_object();
	arr = json_array();
	json_set_str(json, "procedure", "rules-show");
	json_set_str(json, "game", cp.name);
	json_set_str(json, "section", r->ops[1]);
	/* a number printed twice in the book shows both places */
	while (i >= 0) {
		size_t end = corpus_subtree_end(&cp, (size_t)i), k;

		for (k = (size_t)i; k < end; k++)
			show_section(c, &cp, k, tr, arr);
		i = corpus_find(&cp, r->ops[1], end);
	}
	json_set(json, "sections", arr);
	corpus_close(&cp);
	return out_emit(c, json, tr);
}

static int
depth_of(const struct section *s)
{
	int d = 0;
	size_t i;

	for (i = 0; i < s->idlen; i++)
		d += s->id[i] == '.';
	/* "8.0" is a chapter like "8" */
	if (s->idlen >= 2 && s->id[s->idlen - 2] == '.' && s->id[s->idlen - 1] == '0')
		d--;
	return d < 0 ? 0 : d;
}

static int
toc_of(const struct ctx *c, const char *name)
{
	struct corpus cp;
	struct trail *tr;
	cJSON *json, *arr;
	size_t i;
	int st;

	if ((st = corpus_open(c, name, &cp, 1)) != ST_OK)
		return st;
	tr = trail_new();
	json = json_object();
	arr = json_array();
	json_set_str(json, "procedure", "rules-toc");
	json_set_str(json, "game", cp.name);
	for (i = 0; i < cp.nsections; i++) {
		const struct section *s = &cp.sections[i];
		cJSON *o = json_object();
		int d = depth_of(s);

		trail_line(tr, "%*s%.*s%s%.*s", 2 * (d > 6 ? 6 : d), "",
		    (int)s->idlen, s->id, s->titlelen ? " " : "", (int)s->titlelen,
		    s->title);
		json_set_section(o, "id", s);
		json_set_num(o, "depth", d);
		json_push(arr, o);
	}
	json_set(json, "sections", arr);
	corpus_close(&cp);
	return out_emit(c, json, tr);
}

static int
do_toc(const struct ctx *c, const struct rules_request *r)
{
	struct trail *tr;
	cJSON *json, *arr;
	char **names;
	size_t n, i;

	if (r->nops > 1)
		return err(ST_USAGE, "toc takes at most one game");
	if (r->nops == 1 || c->game)
		return toc_of(c, r->nops == 1 ? r->ops[0] : c->game);
	n = corpus_names(c, &names);
	tr = trail_new();
	json = json_object();
	arr = json_array();
	json_set_str(json, "procedure", "rules-toc");
	trail_line(tr, "rulebooks (umpire rules toc NAME for the contents):");
	for (i = 0; i < n; i++) {
		const struct game *g = game_find(names[i]);

		trail_line(tr, "  %-10s %s", names[i], g ? g->title : "(imported)");
		json_push(arr, cJSON_CreateString(names[i]));
		free(names[i]);
	}
	free(names);
	json_set(json, "rulebooks", arr);
	return out_emit(c, json, tr);
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
	buf = xrealloc(buf, len + SEARCH_PAD);
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
		return do_search(c, &r);
	if (strcmp(r.sub, "show") == 0)
		return do_show(c, &r);
	if (strcmp(r.sub, "toc") == 0)
		return do_toc(c, &r);
	if (strcmp(r.sub, "import") == 0)
		return do_import(c, &r);
	near = err_nearest(r.sub, subcommands, 4);
	if (near)
		return err(ST_USAGE, "unknown subcommand: '%s' (did you mean '%s'?)",
		    r.sub, near);
	return err(ST_USAGE, "unknown subcommand: '%s' (expected search, show, "
	    "toc or import)", r.sub);
}
