/*
 * opt.c: parse a command line against an option table.
 *
 * Accepted forms: "--name", "--name=value", "--name value", "-x",
 * "-xvalue", "-x value", clusters of short flags ("-ab"), and "--" to end
 * the options.  A lone "-" is an operand (standard input, by convention).
 * Options and operands may be mixed in any order, as in GNU tools, because
 * players add a forgotten modifier at the end of the line.  An option that
 * takes a value is given once (a second would silently replace the first),
 * unless the command lists it among the options whose repeats add up.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "opt.h"

void
opt_init(struct opt_parser *p, const struct opt *table, int argc, char **argv)
{
	memset(p, 0, sizeof *p);
	p->table = table;
	p->argc = argc;
	p->argv = argv;
	p->next = 0;
}

const struct opt *
opt_find_long(const struct opt *table, const char *name, size_t len)
{
	for (; table && table->id; table++)
		if (table->long_name && strlen(table->long_name) == len &&
		    strncmp(table->long_name, name, len) == 0)
			return table;
	return NULL;
}

const struct opt *
opt_find_short(const struct opt *table, char c)
{
	for (; table && table->id; table++)
		if (table->short_name && table->short_name == c)
			return table;
	return NULL;
}

void
opt_field(const struct opt *o, char key[static 64])
{
	size_t i;

	snprintf(key, 64, "%s", o->long_name);
	for (i = 0; key[i]; i++)
		if (key[i] == '-')
			key[i] = '_';
}

const char *
opt_display(const struct opt *o, char buf[static 64])
{
	if (o->long_name)
		snprintf(buf, 64, "--%s", o->long_name);
	else
		snprintf(buf, 64, "-%c", o->short_name);
	return buf;
}

static int
unknown_long(const struct opt_parser *p, const char *name, size_t len)
{
	const char *cands[64];
	const char *near;
	char word[64];
	size_t n = 0;
	const struct opt *o;

	/* a word this long is no typo of an option: only the hint is cut */
	snprintf(word, sizeof word, "%.*s", (int)(len < 60 ? len : 60), name);
	for (o = p->table; o && o->id && n < 64; o++)
		if (o->long_name)
			cands[n++] = o->long_name;
	near = len < 60 ? err_nearest(word, cands, n) : NULL;
	if (near)
		return err(OPT_ERROR, "unknown option: '--%s' (did you mean '--%s'?)",
		    word, near);
	return err(OPT_ERROR, "unknown option: '--%.*s' (try --help)", (int)len,
	    name);
}

/* Options whose repeats add to a list, for one table; see opt.h. */
static const struct opt *repeat_table;
static const char *repeat_names;

void
opt_allow_repeats(const struct opt *table, const char *names)
{
	repeat_table = table;
	repeat_names = names;
}

int
opt_listed(const char *names, const char *long_name)
{
	const char *w = names;
	size_t len;

	if (!names || !long_name)
		return 0;
	len = strlen(long_name);
	while ((w = strstr(w, long_name)) != NULL) {
		if ((w == names || w[-1] == ' ') && (w[len] == ' ' || w[len] == '\0'))
			return 1;
		w += len;
	}
	return 0;
}

static int
may_repeat(const struct opt_parser *p, const struct opt *o)
{
	return p->table == repeat_table && opt_listed(repeat_names, o->long_name);
}

/*
 * A second value for an option that holds one would silently replace the
 * first (or, worse, be read as the player meant either): refuse it.
 */
static int
seen_once(struct opt_parser *p, const struct opt *o)
{
	size_t i = (size_t)(o - p->table);
	char name[64];

	if (i >= 64 || may_repeat(p, o))
		return 0;
	if (p->seen & (UINT64_C(1) << i))
		return err(OPT_ERROR, "option given twice: '%s' (give it once)",
		    opt_display(o, name));
	p->seen |= UINT64_C(1) << i;
	return 0;
}

/* The value of option o: attached ("--x=v", "-xv") or the next word. */
static int
take_value(struct opt_parser *p, const struct opt *o, const char *attached)
{
	char name[64];

	if (seen_once(p, o) == OPT_ERROR)
		return OPT_ERROR;
	if (attached) {
		p->arg = attached;
		return o->id;
	}
	if (p->next >= p->argc)
		return err(OPT_ERROR, "option '%s' needs a value (%s)",
		    opt_display(o, name), o->arg);
	p->arg = p->argv[p->next++];
	return o->id;
}

static int
parse_long(struct opt_parser *p, const char *word)
{
	const char *name = word + 2, *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	const struct opt *o = opt_find_long(p->table, name, len);
	char disp[64];

	if (!o)
		return unknown_long(p, name, len);
	p->opt = o;
	if (!o->arg) {
		if (eq)
			return err(OPT_ERROR, "option '%s' takes no value: '%s'",
			    opt_display(o, disp), word);
		p->arg = NULL;
		return o->id;
	}
	return take_value(p, o, eq ? eq + 1 : NULL);
}

static int
parse_short(struct opt_parser *p)
{
	char c = *p->cluster++;
	const struct opt *o = opt_find_short(p->table, c);

	if (!o)
		return err(OPT_ERROR, "unknown option: '-%c' (try --help)", c);
	p->opt = o;
	if (!o->arg) {
		p->arg = NULL;
		if (!*p->cluster)
			p->cluster = NULL;
		return o->id;
	}
	{
		const char *attached = *p->cluster ? p->cluster : NULL;

		p->cluster = NULL;
		return take_value(p, o, attached);
	}
}

int
opt_next(struct opt_parser *p)
{
	const char *word;

	if (p->cluster)
		return parse_short(p);
	if (p->next >= p->argc)
		return OPT_END;
	word = p->argv[p->next++];
	if (p->operands_only || word[0] != '-' || word[1] == '\0') {
		p->arg = word;
		p->opt = NULL;
		return OPT_OPERAND;
	}
	if (strcmp(word, "--") == 0) {
		p->operands_only = 1;
		return opt_next(p);
	}
	if (word[1] == '-')
		return parse_long(p, word);
	p->cluster = word + 1;
	return parse_short(p);
}

void
opt_print_help(FILE *fp, const struct opt *table)
{
	for (; table && table->id; table++) {
		char left[64];
		int n;

		if (table->short_name && table->long_name)
			n = snprintf(left, sizeof left, "-%c, --%s", table->short_name,
			    table->long_name);
		else if (table->long_name)
			n = snprintf(left, sizeof left, "    --%s", table->long_name);
		else
			n = snprintf(left, sizeof left, "-%c", table->short_name);
		if (table->arg && n > 0 && (size_t)n < sizeof left)
			snprintf(left + n, sizeof left - (size_t)n, " %s", table->arg);
		fprintf(fp, "  %-22s %s\n", left, table->help);
	}
}

void
opt_print_words(FILE *fp, const struct opt *table, const char *prefix,
    int describe)
{
	size_t plen = strlen(prefix);

	for (; table && table->id; table++) {
		const char *help = describe && table->help ? table->help : NULL;
		char w[64];

		if (table->long_name) {
			snprintf(w, sizeof w, "--%s", table->long_name);
			if (strncmp(w, prefix, plen) == 0)
				fprintf(fp, "%s%s%s\n", w, help ? "\t" : "",
				    help ? help : "");
		}
		if (table->short_name) {
			snprintf(w, sizeof w, "-%c", table->short_name);
			if (strncmp(w, prefix, plen) == 0 && plen > 0 && prefix[1] != '-')
				fprintf(fp, "%s%s%s\n", w, help ? "\t" : "",
				    help ? help : "");
		}
	}
}

int
opt_count(const char *s, const char *stop, int max)
{
	long v = 0;

	if (!stop)
		stop = s + strlen(s);
	if (s >= stop)
		return -1;
	for (; s < stop; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		if ((v = v * 10 + (*s - '0')) > max)
			return -1;
	}
	return (int)v;
}
