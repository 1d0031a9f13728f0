/*
 * rules-search.c: `umpire rules search`: a PCRE2 pattern (lib/search.c)
 * over one book or all of them, each hit named by the section it falls
 * in, its matches marked on a terminal, with --context lines around it
 * or only the --count; the hits as text or JSON, handed to the trail in
 * large pieces so that a long listing stays fast.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus.h"
#include "err.h"
#include "out.h"
#include "rules.h"
#include "search.h"

/* One hit line, with every match in it emphasised on a terminal; the
 * matches' offsets in the line go to spans when it is not NULL. */
static char *
highlight(struct search *s, const char *text, size_t line, size_t end,
    int color, cJSON *spans)
{
	size_t cap = (end - line) * 2 + 64, o = 0, at = line, ms, me;
	char *out = err_malloc(cap);

	while (at <= end && search_in_line(s, text, at, end, &ms, &me)) {
		if (spans) {
			cJSON *span = json_array();

			json_push(span, cJSON_CreateNumber((double)(ms - line)));
			json_push(span, cJSON_CreateNumber((double)(me - line)));
			json_push(spans, span);
		}
		if (o + (ms - at) + (me - ms) + 16 > cap)
			out = err_realloc(out, cap = (cap + me - at) * 2 + 64);
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
			out = err_realloc(out, o + (end - at) + 1);
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
		rules_set_section(hit, "section", &st->sec);
	rules_set_span(hit, "text", cp->text + line, end - line);
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
	/* a hit on the heading line is shown as the heading is, without
	 * the file's "== " mark before its number */
	if (sec && line == sec->start && sec->id >= cp->text + line &&
	    sec->id < cp->text + end)
		line = (size_t)(sec->id - cp->text);
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

int
rules_search(const struct ctx *c, const struct rules_request *r)
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
		names = err_calloc(1, sizeof *names);
		names[0] = err_strdup(c->game);
	} else {
		n = corpus_names(c, &names);
	}
	st.tr = trail_new();
	st.out = err_malloc(OUT_CHUNK);
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
