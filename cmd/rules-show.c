/*
 * rules-show.c: `umpire rules show` and `umpire rules toc`: a section with
 * its subsections (a number not in the book is refused, naming the
 * nearest sections); with --refs, the sections it cites and the ones that
 * cite it; and the table of contents of one book or of each.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus.h"
#include "err.h"
#include "games/game.h"
#include "out.h"
#include "rules.h"

/* Bytes of an item's mark at the start of s: "A. ", "a) ", "(2) ", "- ";
 * 0 for none.  Its text hangs under the words after the mark. */
static size_t
item_mark(const char *s, size_t n)
{
	size_t i = 0, k;

	if (n >= 2 && (s[0] == '-' || s[0] == '*') && s[1] == ' ')
		return 2;
	if (n > 0 && s[0] == '(')
		i = 1;
	for (k = i; k < n && k - i < 3 && ((s[k] >= '0' && s[k] <= '9') ||
	    (s[k] >= 'a' && s[k] <= 'z') || (s[k] >= 'A' && s[k] <= 'Z')); k++)
		;
	if (k == i || k + 1 >= n || s[k + 1] != ' ')
		return 0;
	if ((i && s[k] == ')') || (!i && (s[k] == '.' || s[k] == ')')))
		return k + 2;
	return 0;
}

/*
 * A section's text within the trail's width.  The reference breaks its
 * paragraphs at about 90 columns, a line's continuation indented under
 * it; a line too long is broken at a space, and what is left over joins
 * the next line when that one goes on the same paragraph (indented as
 * the rest would hang, and no item of its own), or else stands on lines
 * of its own.  Short lines, and so tables and lists, are left as they are.
 */
static void
show_body(struct trail *tr, const char *body, size_t len)
{
	const char *p = body, *end = body + len;
	char *cur = NULL;
	size_t curlen = 0, cap = 0, indent = 0, hang = 0;

	while (p < end || curlen > 0) {
		const char *nl = p < end ? memchr(p, '\n', (size_t)(end - p)) :
		    NULL;
		const char *le = nl ? nl : end;
		size_t ind = strspn(p, " "), n;
		int joins;

		if (ind > (size_t)(le - p))
			ind = (size_t)(le - p);
		/* the next line goes on with what was left over */
		joins = curlen > 0 && p < end && le > p + ind && ind == hang &&
		    !item_mark(p + ind, (size_t)(le - p - ind));
		if (curlen > 0 && !joins) {
			trail_wrap(tr, hang, hang, cur, curlen);
			curlen = 0;
		}
		if (p >= end)
			break;
		if (!joins) {
			const char *next = nl ? nl + 1 : end;
			size_t nind = next < end ? strspn(next, " ") : 0,
			    mark = item_mark(p + ind, (size_t)(le - p - ind));

			indent = ind;
			if (next < end && nind > ind && next[nind] != '\n')
				hang = nind;
			else
				hang = ind + (mark ? mark : ind ? 0 : 2);
		}
		n = (size_t)(le - p - ind);
		if (curlen + n + 2 > cap)
			cur = err_realloc(cur, cap = (curlen + n + 2) * 2);
		if (curlen > 0)
			cur[curlen++] = ' ';
		memcpy(cur + curlen, p + ind, n);
		curlen += n;
		if (!joins && curlen == 0) {
			trail_line(tr, "%s", "");	/* a blank line */
		} else {
			size_t pad = joins ? hang : indent, room = OUT_WIDTH - pad,
			    k = trail_wrap_at(cur, curlen, room);

			trail_line(tr, "%*s%.*s", (int)pad, "", (int)k, cur);
			while (k < curlen && cur[k] == ' ')
				k++;
			memmove(cur, cur + k, curlen - k);
			curlen -= k;
		}
		p = nl ? nl + 1 : end;
	}
	free(cur);
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
	body = err_malloc(end - s->body + 1);
	memcpy(body, cp->text + s->body, end - s->body);
	body[end - s->body] = '\0';
	if (*body)
		show_body(tr, body, strlen(body));
	trail_line(tr, "%s", "");
	rules_set_section(o, "id", s);
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
		rules_section_label(&cp->sections[near[i]], label, sizeof label);
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
	rules_set_section(o, "id", s);
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
	char *seen = err_calloc(cp->nsections, 1), cite[CORPUS_CITE_MAX + 1];
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
	char *seen = err_calloc(cp->nsections, 1);
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
	rules_set_section(o, "id", &cp->sections[i]);
	json_set(json, "resolved", o);
	json_set(json, "cites", refs_cited(cp, i, tr));
	json_set(json, "cited_by", refs_citing(cp, i, tr));
	return out_emit(c, json, tr);
}

int
rules_show(const struct ctx *c, const struct rules_request *r)
{
	const char *book = NULL, *sec = NULL;
	struct corpus cp;
	struct trail *tr;
	cJSON *json, *arr;
	long i;
	int st;

	/* [game] section: the game from -g, UMPIRE_GAME or the shell's use
	 * when it is left out, as every command takes it */
	if (r->nops == 2) {
		book = r->ops[0];
		sec = r->ops[1];
	} else if (r->nops == 1 && c->game) {
		book = c->game;
		sec = r->ops[0];
	} else
		return err(ST_USAGE, "show takes a game and a section (the game "
		    "may come from -g instead)");
	if (strlen(sec) > CORPUS_CITE_MAX)
		return err(ST_USAGE, "section too long: '%s' (at most %d characters)",
		    sec, CORPUS_CITE_MAX);
	if ((st = corpus_open(c, book, &cp, 1)) != ST_OK)
		return st;
	if ((i = corpus_find(&cp, sec, 0)) < 0) {
		st = missing_section(&cp, sec);
		corpus_close(&cp);
		return st;
	}
	if (r->refs) {
		st = show_refs(c, &cp, (size_t)i, sec);
		corpus_close(&cp);
		return st;
	}
	tr = trail_new();
	json = json_object();
	arr = json_array();
	json_set_str(json, "procedure", "rules-show");
	json_set_str(json, "game", cp.name);
	json_set_str(json, "section", sec);
	/* a number printed twice in the book shows both places */
	while (i >= 0) {
		size_t end = corpus_subtree_end(&cp, (size_t)i), k;

		for (k = (size_t)i; k < end; k++)
			show_section(c, &cp, k, tr, arr);
		i = corpus_find(&cp, sec, end);
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
		rules_set_section(o, "id", s);
		json_set_num(o, "depth", d);
		json_push(arr, o);
	}
	json_set(json, "sections", arr);
	corpus_close(&cp);
	return out_emit(c, json, tr);
}

int
rules_toc(const struct ctx *c, const struct rules_request *r)
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
