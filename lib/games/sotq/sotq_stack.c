/*
 * sotq_stack.c: Soldiers of the Queen's stacking, on a map, and where a
 * move may end.
 *
 *   entering        9.A two Zulu combat units a hex, the uKhulutshane
 *                   free; 9.B Isandhlwana's British 8 melee points (the
 *                   wagon 4, guns free), regulars apart from colonials but
 *                   in a retreat with no other way (lib/move_route.c tries
 *                   that last, setting MOVE_LAST_RESORT); 9.B, 9.C
 *                   Omdurman's one foot unit or two of a regiment or tribe,
 *                   one gun, the Royal Engineers with any foot, mounted
 *                   cavalry alone
 *   ending          9.A two impis pass through each other but do not end
 *                   the Movement Phase in one hex; 9.B regulars and
 *                   colonials a retreat stacked part in the next; 14 no
 *                   regular or British leader ends west of Isandhlwana's
 *                   Retreat Line (the feature west-of-line) unless forced
 *                   there before (the marker forced-west, SOTQ_FREED)
 */
#include <stdio.h>
#include <string.h>

#include "map.h"
#include "move.h"
#include "position.h"
#include "sotq_move.h"
#include "situation.h"

/*
 * Part 9: stacking, as a unit enters a hex where friends stand.  Units of
 * one regiment, impi or tribe share their id up to its last hyphen
 * (lancs-a, lancs-b): the counters' names are not in the text.
 */
static int
same_group(const char *a, const char *b)
{
	const char *ea = strrchr(a, '-'), *eb = strrchr(b, '-');
	size_t na = ea ? (size_t)(ea - a) : strlen(a);
	size_t nb = eb ? (size_t)(eb - b) : strlen(b);

	return na == nb && strncmp(a, b, na) == 0;
}

/* The uKhulutshane stacks with anyone (9.A); by its id. */
static int
free_stacker(const char *id)
{
	return id && (strncmp(id, "ukhulutshane", 12) == 0 ||
	    strncmp(id, "umkhulutshane", 13) == 0);
}

/* 9.A: two Zulu combat units a hex. */
static int
zulu_stack(const struct move_unit *m, const struct unit *const *th, int n,
    struct move_price *p)
{
	int i, k = 1;

	if (free_stacker(m->id))
		return 0;
	for (i = 0; i < n; i++) {
		if (free_stacker(th[i]->id))
			continue;
		k += sotq_any_type(th[i]->type) && sotq_any_type(th[i]->type)->cls !=
		    C_LEADER;
	}
	return k > 2 ? move_deny(p, "9.A", "two Zulu combat units a hex "
	    "at most") : 0;
}

/* What a British unit weighs at Isandhlwana (9.B): melee points, the
 * wagon 4, guns nothing; and whether it is regular (1) or colonial (2).
 * The guns are regulars, but they stack freely, and Part 3 itself sets
 * the Rocket Battery up with Company D, 1/1 NNC in 1607: the guns are
 * read as standing with either kind (0). */
static int
weigh(const char *type, int strength, int *kind)
{
	const struct sotq_type *t = sotq_find_type(0, type);

	*kind = 0;
	if (!t || t->cls == C_LEADER)
		return 0;
	if (t->cls == C_WAGON)
		return 4;
	*kind = t->cls == C_GUN ? 0 : strcmp(type, "regular-foot") == 0 ? 1 :
	    2;
	return t->cls == C_GUN ? 0 : strength;
}

static int
isandhlwana_stack(const struct move_unit *m, const struct unit *const *th,
    int n, struct move_price *p)
{
	int i, kind, kinds, pts;

	if (m->cls == C_LEADER)
		return 0;
	pts = weigh(m->type, m->strength, &kind);
	kinds = 1 << kind;
	for (i = 0; i < n; i++) {
		pts += weigh(th[i]->type, th[i]->strength, &kind);
		kinds |= 1 << kind;
	}
	/* a withdrawing or routed unit may join the other kind only when
	 * no other way is left: lib/move_route.c tries that last */
	if ((kinds & 6) == 6 && !(m->mode != MOVE_NORMAL &&
	    (m->flags & MOVE_LAST_RESORT)))
		return move_deny(p, "9.B", "regular and colonial units do not "
		    "stack");
	return pts > 8 ? move_deny(p, "9.B", "more than 8 melee points in "
	    "one hex") : 0;
}

enum { K_NONE, K_FOOT, K_GUN, K_CAV, K_ENG };

static int
omdurman_kind(const char *type, int mounted)
{
	const struct sotq_type *t = sotq_find_type(1, type);

	if (!t || t->cls == C_LEADER || t->cls == C_GUNBOAT)
		return K_NONE;
	if (strcmp(type, "engineer") == 0)
		return K_ENG;
	if (t->cls == C_GUN)
		return K_GUN;
	return t->cls == C_CAMEL || (t->cls == C_HORSE && mounted) ? K_CAV :
	    K_FOOT;
}

/* 9.B, 9.C: one foot unit a hex, or two of one regiment or tribe; one
 * gun with them, and the Royal Engineers with any foot, not counted as
 * one of them (so 2021's set-up of Part 3: two Lincolnshires, the
 * engineers and a Maxim); mounted cavalry alone. */
static int
omdurman_stack(const struct move_unit *m, const struct unit *const *th,
    int n, struct move_price *p)
{
	const char *rule = strcmp(m->side, "dervish") == 0 ? "9.C" : "9.B";
	const char *foot = NULL;
	int count[5] = { 0 }, i, k, other = 0;

	k = omdurman_kind(m->type, m->carry[SOTQ_MOUNTED]);
	if (k == K_NONE)
		return 0;
	count[k]++;
	if (k == K_FOOT)
		foot = m->id;
	for (i = 0; i < n; i++) {
		k = omdurman_kind(th[i]->type, !situation_unit_has_marker(th[i],
		    "dismounted"));
		count[k]++;
		if (k == K_FOOT && foot && !same_group(foot, th[i]->id))
			other = 1;
		if (k == K_FOOT && !foot)
			foot = th[i]->id;
	}
	if (count[K_CAV] && count[K_CAV] + count[K_FOOT] + count[K_GUN] +
	    count[K_ENG] > 1)
		return move_deny(p, rule, "mounted cavalry stands alone");
	if (count[K_GUN] > 1)
		return move_deny(p, rule, "one artillery unit a hex");
	if (count[K_FOOT] > 2 || (count[K_FOOT] == 2 && other))
		return move_deny(p, rule, "one foot unit a hex, or two of one "
		    "regiment or tribe");
	return 0;
}

int
sotq_stacks(const struct move_unit *m, const struct unit *const *th, int n,
    struct move_price *p)
{
	if (m->data[SOTQ_BATTLE] == 1)
		return omdurman_stack(m, th, n, p);
	return strcmp(m->side, "zulu") == 0 ? zulu_stack(m, th, n, p) :
	    isandhlwana_stack(m, th, n, p);
}

/* 9.A: another impi's combat unit among those there (uKhulutshane and
 * leaders aside). */
static int
other_impi(const struct move_unit *m, const struct unit *const *th, int n)
{
	const struct sotq_type *t;
	int i;

	if (m->cls == C_LEADER || free_stacker(m->id))
		return 0;
	for (i = 0; i < n; i++) {
		t = sotq_any_type(th[i]->type);
		if (t && t->cls != C_LEADER && !free_stacker(th[i]->id) &&
		    !same_group(m->id, th[i]->id))
			return 1;
	}
	return 0;
}

/* Part 14: a regular unit or British leader at Isandhlwana, not yet
 * forced west of the Retreat Line. */
static int
bound_by_line(const struct move_unit *m)
{
	if (m->data[SOTQ_BATTLE] != 0 || strcmp(m->side, "british") != 0 ||
	    (m->game & SOTQ_FREED))
		return 0;
	return m->cls == C_GUN || m->cls == C_LEADER ||
	    strcmp(m->type, "regular-foot") == 0;
}

/* 9.B: regulars and colonials in one stack (a retreat's last resort),
 * counting the unit itself. */
static int
mixed(const struct move_unit *m, const struct unit *const *th, int n)
{
	int i, kind, kinds;

	if (m->data[SOTQ_BATTLE] != 0 || strcmp(m->side, "british") != 0)
		return 0;
	weigh(m->type, m->strength, &kind);
	kinds = 1 << kind;
	for (i = 0; i < n; i++) {
		weigh(th[i]->type, th[i]->strength, &kind);
		kinds |= 1 << kind;
	}
	return (kinds & 6) == 6;
}

/*
 * Where a move may end, beyond where it may go: units of two impis pass
 * through each other but do not end the Movement Phase together (9.A);
 * regulars and colonials that a retreat stacked part in the next British
 * Movement Phase, so do not end it still together (9.B); a regular unit
 * or British leader crosses the Retreat Line but does not end west of it
 * (14).  Forced moves are not the Movement Phase's.
 */
int
sotq_may_end(const struct move_unit *m, const struct move_step *st,
    const struct unit *const *th, int n, struct move_price *p)
{
	if (m->mode != MOVE_NORMAL)
		return 0;
	if ((st->features & m->fbit[F_WEST]) && bound_by_line(m))
		return move_deny(p, "14", "no regular unit or British leader "
		    "ends its move west of the Retreat Line");
	if (strcmp(m->side, "zulu") == 0 && m->id && other_impi(m, th, n))
		return move_deny(p, "9.A", "units of two impis pass through "
		    "each other but do not end the move in one hex");
	if (mixed(m, th, n))
		return move_deny(p, "9.B", "regulars and colonials stacked by "
		    "a retreat part this Movement Phase, if they can move");
	return 0;
}

/*
 * The position check (umpire stacking, lib/position.h): the same counts
 * of a side's units standing together, with what Part 9 has the owner
 * do: eliminate the excess, his choice, at the end of his Movement Phase
 * (the limits hold at all times: a move that would break them is refused
 * as it enters, sotq_stacks).
 */
static const char excess[] = "at the end of the owner's Movement Phase "
    "he eliminates the excess units, his choice (umpire game remove ID)";

/* 9.A: two Zulu combat units a hex, of one impi. */
static int
zulu_hex(const struct unit *const *u, int n, struct position_tally *t,
    struct position_finding *f)
{
	const struct sotq_type *ty;
	const char *impi = NULL;
	int i, nf = 0, two = 0;

	t->rule = "9.A";
	t->limit = 2;
	t->what = "Zulu combat units";
	for (i = 0; i < n; i++) {
		ty = sotq_any_type(u[i]->type);
		if (!ty || ty->cls == C_LEADER || free_stacker(u[i]->id))
			continue;
		t->count++;
		if (!impi)
			impi = u[i]->id;
		else if (!same_group(impi, u[i]->id))
			two = 1;
	}
	if (t->count > 2)
		nf += position_found(&f[nf], "9.A", "9", excess, "%d Zulu "
		    "combat units, two a hex at most (the uKhulutshane "
		    "aside)", t->count);
	if (two)
		nf += position_found(&f[nf], "9.A", "9", excess, "units of "
		    "two impis in one hex: they pass through each other but "
		    "do not end a Movement Phase together");
	return nf;
}

/* 9.B at Isandhlwana: 8 melee points, regulars apart from colonials. */
static int
isandhlwana_hex(const struct unit *const *u, int n,
    struct position_tally *t, struct position_finding *f)
{
	int i, kind, kinds = 0, nf = 0;

	t->rule = "9.B";
	t->limit = 8;
	t->what = "melee points";
	for (i = 0; i < n; i++) {
		t->count += weigh(u[i]->type, u[i]->strength, &kind);
		kinds |= 1 << kind;
	}
	if (t->count > 8)
		nf += position_found(&f[nf], "9.B", "9", excess, "%d melee "
		    "points, 8 a hex at most (guns free, the wagons 4)",
		    t->count);
	if ((kinds & 6) == 6)
		nf += position_found(&f[nf], "9.B", "9.B", "only a rout or "
		    "withdrawal with no other way stacks them; they part by the "
		    "end of the next British Movement Phase unless they cannot "
		    "move", "regular and colonial units in one stack");
	return nf;
}

/* 9.B, 9.C at Omdurman: one foot unit, or two of a regiment or tribe; one
 * gun; the Royal Engineers with any foot; mounted cavalry alone. */
static int
omdurman_hex(const struct unit *const *u, int n, struct position_tally *t,
    struct position_finding *f)
{
	const char *rule = strcmp(u[0]->side, "dervish") == 0 ? "9.C" : "9.B";
	const char *foot = NULL;
	int count[5] = { 0 }, i, k, other = 0, nf = 0;

	for (i = 0; i < n; i++) {
		k = omdurman_kind(u[i]->type, !situation_unit_has_marker(u[i],
		    "dismounted"));
		count[k]++;
		if (k == K_FOOT && foot && !same_group(foot, u[i]->id))
			other = 1;
		if (k == K_FOOT && !foot)
			foot = u[i]->id;
	}
	t->rule = rule;
	t->count = count[K_FOOT];
	t->limit = other ? 1 : 2;
	t->what = other ? "foot units of two regiments or tribes" :
	    "foot units";
	if (t->count > t->limit)
		nf += position_found(&f[nf], rule, "9", excess, "%d foot "
		    "units: one a hex, or two of one regiment or tribe",
		    t->count);
	if (count[K_GUN] > 1)
		nf += position_found(&f[nf], rule, "9", excess, "%d artillery "
		    "units, one a hex at most", count[K_GUN]);
	if (count[K_CAV] && count[K_CAV] + count[K_FOOT] + count[K_GUN] +
	    count[K_ENG] > 1)
		nf += position_found(&f[nf], rule, "9", excess, "mounted "
		    "cavalry with %d other units: it stands alone",
		    count[K_CAV] + count[K_FOOT] + count[K_GUN] +
		    count[K_ENG] - 1);
	return nf;
}

static int
sotq_stack_hex(const struct position *p, int hex, const struct unit *const *u,
    int n, struct position_tally *t, struct position_finding *f)
{
	(void)hex;
	if (strcmp(map_name(p->map), "omdurman") == 0)
		return omdurman_hex(u, n, t, f);
	return strcmp(u[0]->side, "zulu") == 0 ? zulu_hex(u, n, t, f) :
	    isandhlwana_hex(u, n, t, f);
}

static const struct position_rules sotq_position = {
	.hex = sotq_stack_hex,
	.rule = "9",
};

int
sotq_stacking_run(struct ctx *c, const cJSON *req, struct out_result *o)
{
	return position_check(c, req, o, &sotq_position);
}
