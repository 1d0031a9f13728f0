/*
 * sotq.c: Soldiers of the Queen, the battles of Isandhlwana (1879) and
 * Omdurman (1898).
 *
 * `umpire crt -g sotq` settles fire (Part 10, sotq_fire.c) or melee
 * (Part 12, sotq_melee.c) in either battle.  This file reads the request
 * (--battle, --table fire or melee, the units with their tags, range,
 * terrain) and owns the steps both procedures end with: morale checks on
 * the Morale Check Table (10.G, 12.E), the deaths of leaders in a hex that
 * lost units (13.D) and where a routed unit runs (13.E).  Every chart is
 * data in rules/sotq/, each a stand-in until the player imports the
 * printed one; the die table for leaders is the rulebook's own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "games/game.h"
#include "opt.h"
#include "position.h"
#include "sotq.h"
#include "sotq_move.h"

const char *const sotq_side_name[] = { "nobody", "british", "zulu",
	"dervish" };

static const char *const fields[] = {
	"game", "attack", "defense", "roll", "odds", "table", "terrain",
	"attacker", "battle", "range", "charge", "surrounded", "leaders",
	"att_units", "def_units", "situation", "map", NULL
};

/* Weapon letters of the Range Effects Chart (10.A, 6.E). */
static const char weapons[] = "hlkfsrgm";

const char *const sotq_unit_tags[] = { "a", "b", "c", "d", "h", "l", "k",
	"f", "s", "r", "g", "m", "nnc", "col", "mounted", "gunboat", "gun", "art",
	"lancers", "pinned", "routed", "limbered", "noammo", NULL };

static const char *const tag_list = "a-d (morale), h l k f s r g m (weapon), "
    "rN (range), nnc, col, mounted, gunboat, gun, art, lancers, pinned, "
    "routed, limbered or noammo";

int
sotq_rating(const struct crt_unit *u)
{
	int i;

	for (i = 0; i < u->ntags; i++)
		if (u->tags[i][1] == '\0' && u->tags[i][0] >= 'a' &&
		    u->tags[i][0] <= 'd')
			return u->tags[i][0];
	return 0;
}

int
sotq_weapon(const struct crt_unit *u)
{
	int i;

	for (i = 0; i < u->ntags; i++)
		if (u->tags[i][1] == '\0' && strchr(weapons, u->tags[i][0]))
			return u->tags[i][0];
	return 0;
}

/* 6.E: field guns, the Rocket Battery, Maxims and gunboats. */
int
sotq_is_artillery(const struct crt_unit *u)
{
	int w = sotq_weapon(u);

	return (w && strchr("srgm", w)) || crt_has_tag(u, "art") ||
	    crt_has_tag(u, "gun") || crt_has_tag(u, "gunboat");
}

void
sotq_unit_name(const struct sotq *s, int i, char *buf, size_t len)
{
	char text[64];

	crt_unit_format(&s->def.u[i], text, sizeof text);
	snprintf(buf, len, "unit %d (%s)", i + 1, text);
}

/*
 * Weapons and tags of one battle only.  6.E lists each battle's artillery:
 * Isandhlwana's two 7-pounders (S) and the Rocket Battery (R), Omdurman's
 * field and horse guns (G), Maxims (M) and gunboats.  The Lee-Metford came
 * two decades after the Zulu War (17); the NNC (10.F) fought at
 * Isandhlwana, the 21st Lancers (12.C) at Omdurman; only Isandhlwana's
 * guns limber (6.E) and only its British keep ammunition rosters (11).
 * The other small-arms letters (h, k, f) serve in both.
 */
static const struct {
	const char *tag, *what;
	enum sotq_battle battle;
	const char *rule;
} one_battle[] = {
	{ "l", "weapon l (Lee-Metford)", OMDURMAN, "10.A, 17" },
	{ "s", "weapon s (7-pounder)", ISANDHLWANA, "6.E" },
	{ "r", "weapon r (rockets)", ISANDHLWANA, "6.E" },
	{ "g", "weapon g (field gun)", OMDURMAN, "6.E" },
	{ "m", "weapon m (Maxim)", OMDURMAN, "6.E" },
	{ "nnc", "the tag nnc (Natal Native Contingent)", ISANDHLWANA, "10.F" },
	{ "gun", "the tag gun (7-pounder)", ISANDHLWANA, "6.E" },
	{ "limbered", "the tag limbered", ISANDHLWANA, "6.E" },
	{ "noammo", "the tag noammo (ammunition roster)", ISANDHLWANA, "11" },
	{ "gunboat", "the tag gunboat", OMDURMAN, "6.E" },
	{ "lancers", "the tag lancers (21st Lancers)", OMDURMAN, "12.C" },
};

static int
check_battle_tag(struct out_result *o, const struct sotq *s, const char *tag,
    const char *text)
{
	static const char *const name[] = { "Isandhlwana", "Omdurman" };
	size_t i;

	for (i = 0; i < sizeof one_battle / sizeof *one_battle; i++)
		if (strcmp(tag, one_battle[i].tag) == 0 &&
		    one_battle[i].battle != s->battle)
			return out_fail(o, ST_USAGE, "%s is %s's, not %s's (%s): "
			    "'%s'", one_battle[i].what, name[one_battle[i].battle],
			    name[s->battle], one_battle[i].rule, text);
	return ST_OK;
}

static int
check_tags(struct out_result *o, const struct sotq *s, const struct crt_units *us)
{
	char text[64];
	int i, j, k, found, letters, weapons_n;

	for (i = 0; i < us->n; i++) {
		const struct crt_unit *u = &us->u[i];

		crt_unit_format(u, text, sizeof text);
		for (j = letters = weapons_n = 0; j < u->ntags; j++) {
			for (k = found = 0; sotq_unit_tags[k]; k++)
				found |= strcmp(u->tags[j], sotq_unit_tags[k]) == 0;
			/* rN: this firer's own range (10.A) */
			found |= u->tags[j][0] == 'r' && u->tags[j][1] >= '1' &&
			    u->tags[j][1] <= '9' && strspn(u->tags[j] + 1,
			    "0123456789") == strlen(u->tags[j] + 1) &&
			    strlen(u->tags[j]) <= 3;
			if (!found)
				return out_fail(o, ST_USAGE, "unknown unit tag: '%s' in "
				    "'%s' (expected %s)", u->tags[j], text, tag_list);
			if (check_battle_tag(o, s, u->tags[j], text) != ST_OK)
				return ST_USAGE;
			if (u->tags[j][1] == '\0' && u->tags[j][0] <= 'd')
				letters++;
			else if (u->tags[j][1] == '\0')
				weapons_n++;
		}
		if (letters > 1)
			return out_fail(o, ST_USAGE, "one morale rating a unit: '%s'",
			    text);
		/* 10.A: the counter prints one weapon letter; 6.E's gunboat
		 * with two fires each weapon on its own */
		if (weapons_n > 1)
			return out_fail(o, ST_USAGE, "one weapon letter a unit (10.A): "
			    "'%s' (a gunboat with G and M fires each as an attack of "
			    "its own, 6.E)", text);
	}
	return ST_OK;
}

/*
 * Units that may not act at all: pinned or routed (Part 4's fire phases,
 * 12.A), and at Isandhlwana limbered guns and units out of ammunition
 * (10.F, 11).
 */
static int
check_able(struct out_result *o, const struct sotq *s)
{
	char text[64];
	int i;

	for (i = 0; i < s->att.n; i++) {
		const struct crt_unit *u = &s->att.u[i];

		crt_unit_format(u, text, sizeof text);
		if (crt_has_tag(u, "pinned") || crt_has_tag(u, "routed"))
			return out_fail(o, ST_USAGE, "pinned and routed units neither "
			    "fire nor attack (%s): '%s'", s->melee ? "12.A" :
			    s->attacker == DERVISH ? "4.B, 4.ZC" : "4.D, 4.ZD", text);
		if (s->melee)
			continue;
		if (crt_has_tag(u, "limbered"))
			return out_fail(o, ST_USAGE, "limbered artillery cannot fire "
			    "(10.F): '%s'", text);
		if (crt_has_tag(u, "noammo"))
			return out_fail(o, ST_USAGE, "a unit out of ammunition cannot "
			    "fire until resupplied (10.F, 11): '%s'", text);
	}
	return ST_OK;
}

static int
read_words(struct out_result *o, const cJSON *req, struct sotq *s)
{
	char text[64];
	int given, st;

	if ((st = crt_req_text(o, req, "battle", text, sizeof text, &given)) !=
	    ST_OK)
		return st;
	if (!given)
		return out_fail(o, ST_USAGE, "sotq needs the battle: --battle "
		    "isandhlwana or omdurman");
	if (strcmp(text, "isandhlwana") == 0)
		s->battle = ISANDHLWANA;
	else if (strcmp(text, "omdurman") == 0)
		s->battle = OMDURMAN;
	else
		return out_fail(o, ST_USAGE, "unknown battle: '%s' (expected "
		    "isandhlwana or omdurman)", text);
	if ((st = crt_req_text(o, req, "table", text, sizeof text, &given)) !=
	    ST_OK)
		return st;
	if (!given)
		return out_fail(o, ST_USAGE, "sotq needs the procedure: --table "
		    "fire (Part 10) or melee (Part 12)");
	if (strcmp(text, "melee") == 0)
		s->melee = 1;
	else if (strcmp(text, "fire") != 0)
		return out_fail(o, ST_USAGE, "unknown table: '%s' (expected fire "
		    "or melee)", text);
	if ((st = crt_req_text(o, req, "attacker", text, sizeof text, &given)) !=
	    ST_OK)
		return st;
	if (!given)
		s->attacker = NO_SIDE;
	else if (strcmp(text, "british") == 0)
		s->attacker = BRITISH;
	else if (strcmp(text, "zulu") == 0 && s->battle == ISANDHLWANA)
		s->attacker = ZULU;
	else if (strcmp(text, "dervish") == 0 && s->battle == OMDURMAN)
		s->attacker = DERVISH;
	else
		return out_fail(o, ST_USAGE, "unknown attacker: '%s' (expected "
		    "british or %s)", text, s->battle == ISANDHLWANA ? "zulu" :
		    "dervish");
	return ST_OK;
}

/* Part 4: who may fire or attack in melee in each battle. */
static int
settle_sides(struct out_result *o, struct sotq *s)
{
	enum sotq_side native = s->battle == ISANDHLWANA ? ZULU : DERVISH;

	if (s->battle == ISANDHLWANA && !s->melee) {
		if (s->attacker == ZULU)
			return out_fail(o, ST_USAGE, "the Zulus have no fire phase "
			    "at Isandhlwana (4.D, 4.ZD): only British units fire");
		s->attacker = BRITISH;
	} else if (s->battle == ISANDHLWANA) {
		if (s->attacker == BRITISH)
			return out_fail(o, ST_USAGE, "British units cannot attack "
			    "in melee at Isandhlwana (12.A, 12.C)");
		s->attacker = ZULU;
	} else if (s->attacker == NO_SIDE)
		return out_fail(o, ST_USAGE, "at Omdurman both sides %s: --attacker "
		    "british or dervish", s->melee ? "melee" : "fire");
	s->defender = s->attacker == BRITISH ? native : BRITISH;
	return ST_OK;
}

static int
set_terrain(struct out_result *o, struct sotq *s, const char *w, size_t n)
{
	static const struct {
		const char *word;
		int battle;	/* -1 both */
		int melee;	/* -1 both */
		size_t off;
	} words[] = {
		{ "woods", ISANDHLWANA, 0, offsetof(struct sotq, woods) },
		{ "donga-bank", ISANDHLWANA, 0, offsetof(struct sotq, donga_bank) },
		{ "trench", OMDURMAN, -1, offsetof(struct sotq, trench) },
		{ "ridge-up", -1, 1, offsetof(struct sotq, ridge_up) },
		{ "ridge-down", ISANDHLWANA, 1, offsetof(struct sotq, ridge_down) },
		{ "big-donga", ISANDHLWANA, 1, offsetof(struct sotq, big_donga) },
		{ "thorn-hedge", OMDURMAN, 1, offsetof(struct sotq, thorn_hedge) },
		{ "rough", OMDURMAN, 1, offsetof(struct sotq, rough) },
	};
	size_t i;

	if ((n == 5 && strncmp(w, "crest", 5) == 0) ||
	    (n == 4 && strncmp(w, "nile", 4) == 0))
		return out_fail(o, ST_USAGE, "no %s across a %.*s hexside (%s)",
		    s->melee ? "melee" : "fire", (int)n, w, s->melee ? "12.D" :
		    "10.F");
	for (i = 0; i < sizeof words / sizeof *words; i++) {
		if (strlen(words[i].word) != n || strncmp(w, words[i].word, n))
			continue;
		if ((words[i].battle >= 0 && words[i].battle != (int)s->battle) ||
		    (words[i].melee >= 0 && words[i].melee != s->melee))
			return out_fail(o, ST_USAGE, "%s has no effect on %s at %s "
			    "(%s)", words[i].word, s->melee ? "melee" : "fire",
			    s->battle == ISANDHLWANA ? "Isandhlwana" : "Omdurman",
			    s->melee ? "12.D" : "10.F");
		*(int *)(void *)((char *)s + words[i].off) = 1;
		return ST_OK;
	}
	return out_fail(o, ST_USAGE, "unknown terrain: '%.*s' (expected woods, "
	    "donga-bank, trench, ridge-up, ridge-down, big-donga, thorn-hedge "
	    "or rough)", (int)(n > 40 ? 40 : n), w);
}

static int
read_terrain(struct out_result *o, const cJSON *req, struct sotq *s)
{
	char text[256];
	const char *p;
	int given, st;

	if ((st = crt_req_text(o, req, "terrain", text, sizeof text, &given)) !=
	    ST_OK || !given)
		return st;
	for (p = text;;) {
		size_t n = strcspn(p, ",+");

		if ((st = set_terrain(o, s, p, n)) != ST_OK)
			return st;
		if (!p[n])
			return ST_OK;
		p += n + 1;
	}
}

/* A whole number from lo to hi, or absent (*v untouched). */
static int
read_number(struct out_result *o, const cJSON *req, const char *key, int lo,
    int hi, int *v)
{
	char text[32], name[64], *end;
	long n;
	int given, st;

	if ((st = crt_req_text(o, req, key, text, sizeof text, &given)) !=
	    ST_OK || !given)
		return st;
	n = strtol(text, &end, 10);
	if (*end || end == text || text[0] == '-' || text[0] == '+' || n < lo ||
	    n > hi)
		return out_fail(o, ST_USAGE, "bad %s: '%s' (expected a whole number "
		    "from %d to %d)", out_field_name(o, key, name), text, lo, hi);
	*v = (int)n;
	return ST_OK;
}

static int
read_rolls(struct out_result *o, const cJSON *req, struct sotq *s)
{
	char text[SOTQ_MAX_ROLLS * 8];
	const char *p;
	int st;

	if ((st = crt_req_text(o, req, "roll", text, sizeof text,
	    &s->rolls.given)) != ST_OK || !s->rolls.given)
		return st;
	for (p = text;;) {
		size_t n = strcspn(p, ",");

		if (s->rolls.n == SOTQ_MAX_ROLLS || n == 0 || n >= 32)
			return out_fail(o, ST_USAGE, "bad roll: '%.40s' (expected at "
			    "most %d dice separated by commas, a 2d6 roll as 3+4)",
			    text, SOTQ_MAX_ROLLS);
		snprintf(s->rolls.item[s->rolls.n++], 32, "%.*s", (int)n, p);
		if (!p[n])
			return ST_OK;
		p += n + 1;
	}
}

static int
all_ranged(const struct crt_units *us)
{
	int i;

	for (i = 0; i < us->n; i++)
		if (crt_tag_number(&us->u[i], "r") < 1)
			return 0;
	return 1;
}

static int
read_request(struct out_result *o, const cJSON *req, struct sotq *s)
{
	int st;

	memset(s, 0, offsetof(struct sotq, rolls));
	memset(&s->rolls, 0, sizeof s->rolls);
	memset(s->gone, 0, sizeof s->gone);
	if ((st = crt_req_check(o, req, "sotq", fields)) != ST_OK ||
	    (st = read_words(o, req, s)) != ST_OK ||
	    (st = settle_sides(o, s)) != ST_OK ||
	    (st = crt_req_units(o, req, "attack", &s->att, 1)) != ST_OK ||
	    (st = crt_req_units(o, req, "defense", &s->def, 1)) != ST_OK ||
	    (st = check_tags(o, s, &s->att)) != ST_OK ||
	    (st = check_tags(o, s, &s->def)) != ST_OK ||
	    (st = check_able(o, s)) != ST_OK ||
	    (st = read_terrain(o, req, s)) != ST_OK ||
	    (st = read_number(o, req, "range", 1, 99, &s->range)) != ST_OK ||
	    (st = read_number(o, req, "leaders", 0, 9, &s->leaders)) != ST_OK ||
	    (st = crt_req_flag(o, req, "charge", &s->charge)) != ST_OK ||
	    (st = crt_req_flag(o, req, "surrounded", &s->surrounded)) != ST_OK ||
	    (st = crt_req_flag(o, req, "odds", &s->odds)) != ST_OK ||
	    (st = read_rolls(o, req, s)) != ST_OK)
		return st;
	if (s->odds && s->rolls.given)
		return out_fail(o, ST_USAGE, "--odds gives every roll's chance; it "
		    "takes no --roll");
	if (s->melee && s->range)
		return out_fail(o, ST_USAGE, "--range is for fire; a melee is "
		    "fought between adjacent hexes (12.C)");
	if (!s->melee && (s->charge || s->surrounded))
		return out_fail(o, ST_USAGE, "--%s is for melee (12.C), not fire",
		    s->charge ? "charge" : "surrounded");
	if (!s->melee && !s->range && !all_ranged(&s->att))
		return out_fail(o, ST_USAGE, "fire needs the range in hexes: --range "
		    "N, or a unit's own as 4:h:r3 (10.A)");
	return ST_OK;
}

/*
 * One die is written 4, a 2d6 roll (13.D's leaders) as its two faces
 * joined by '+', 3+4: the commas of --roll part the dice of different
 * steps, so a 2d6 roll never takes one, and a lone total (7) is refused
 * for a roll of two dice, as 3+4 is where one die is called for.
 */
static int
roll_form(struct out_result *o, const struct table *t, const char *item)
{
	char name[32];
	int plus = strchr(item, '+') != NULL;

	if (t->dice.count == 2 && !plus)
		return out_fail(o, ST_USAGE, "bad roll: '%s' (expected a 2d6 roll "
		    "for %s, both dice joined with +, as 3+4)", item, t->title);
	if (t->dice.count != 2 && plus) {
		dice_format(&t->dice, name);
		return out_fail(o, ST_USAGE, "bad roll: '%s' (expected one die, %s, "
		    "for %s: a roll written 3+4 is a leader's 2d6)", item, name,
		    t->title);
	}
	return ST_OK;
}

int
sotq_next_roll(struct out_result *o, struct ctx *c, struct sotq *s,
    const struct table *t, int *total, int *have)
{
	char why[128];
	const char *item;
	int st;

	*have = 1;
	if (!s->rolls.given) {
		*total = dice_roll(&t->dice, ctx_rng(c), s->faces);
		return ST_OK;
	}
	if (s->rolls.next == s->rolls.n) {
		*have = 0;
		return ST_OK;
	}
	item = s->rolls.item[s->rolls.next++];
	if ((st = roll_form(o, t, item)) != ST_OK)
		return st;
	if (dice_parse_roll(&t->dice, item, s->faces, why, sizeof why) < 0)
		return out_fail(o, ST_USAGE, "bad roll: '%s' (expected %s)", item,
		    t->dice.count == 2 ? "2d6 faces from 1 to 6, joined with +, "
		    "as 3+4" : why);
	*total = dice_total(&t->dice, s->faces);
	return ST_OK;
}

int
sotq_combat_roll(struct out_result *o, struct ctx *c, struct sotq *s,
    const struct table *t, int col, const struct table_entry **e)
{
	char name[64];
	int total, have, st;

	if ((st = sotq_next_roll(o, c, s, t, &total, &have)) != ST_OK)
		return st;
	if (!have)
		return out_fail(o, ST_USAGE, "%s: no die left for the combat table",
		    out_field_name(o, "roll", name));
	if (!(*e = table_lookup(t, col, total)))
		return out_fail(o, ST_DATA, "%s: column %s has no result for %d",
		    t->path, t->cols[col].id, total);
	json_set_int(o->json, "roll", total);
	json_set_str(o->json, "roll_source", crt_roll_source(c, s->rolls.given ?
	    "" : NULL));
	out_text(o, NULL, "%s %d on %s", s->rolls.given ? "your roll" :
	    "rolled", total, t->cols[col].id);
	return ST_OK;
}

/*
 * Dice given for a check that never came (a unit that left before its
 * turn, a die the odds made needless) are set aside with a note: the rest
 * of the resolution stands.
 */
int
sotq_rolls_done(struct out_result *o, const struct sotq *s)
{
	int i;

	if (!s->rolls.given || s->rolls.next >= s->rolls.n)
		return ST_OK;
	for (i = s->rolls.next; i < s->rolls.n; i++)
		out_step(o, NULL, "your %s is not used: nothing called for it",
		    s->rolls.item[i]);
	json_set_int(o->json, "rolls_unused", s->rolls.n - s->rolls.next);
	return ST_OK;
}

static const struct table *morale_table;

static int
morale_column(struct out_result *o, struct ctx *c, int rating, int *col)
{
	char id[2] = { (char)rating, '\0' };
	int st;

	if ((st = crt_table(c, "sotq", "morale", &morale_table)) != ST_OK)
		return st;
	if ((*col = table_column_index(morale_table, id)) < 0)
		return out_fail(o, ST_DATA, "%s: no column '%s'", morale_table->path,
		    id);
	return ST_OK;
}

/* The morale table's lowest total stands for any total below it (12.E). */
static const struct table_entry *
morale_lookup(int col, int total)
{
	int least = morale_table->dice.count + morale_table->dice.mod;

	return table_lookup(morale_table, col, total < least ? least : total);
}

static enum sotq_morale
morale_kind(const char *code)
{
	return strcmp(code, "-") == 0 ? MORALE_NONE : strcmp(code, "PN") == 0 ?
	    MORALE_PN : strcmp(code, "WD") == 0 ? MORALE_WD :
	    strcmp(code, "RT") == 0 ? MORALE_RT : MORALE_OTHER;
}

/* 13.E: where a routed unit of this side goes if it is not rallied. */
static const char *
rout_goal(const struct sotq *s, enum sotq_side side)
{
	if (side == ZULU)
		return "in each Zulu rally phase it is not rallied it moves 3 "
		    "hexes toward its entry area (13.E)";
	if (side == DERVISH)
		return "in each Dervish rally phase it is not rallied it moves 3 "
		    "hexes toward the south map edge (13.E)";
	if (s->battle == ISANDHLWANA)
		return "in each British rally phase it is not rallied it moves 3 "
		    "hexes toward hex 1934 (13.E)";
	return "inside the Zariba it withdraws 1 hex and is pinned instead; "
	    "outside, it runs for the Zariba, or for 2501, 2601 or 2701 when "
	    "within 6 hexes of one, and stops pinned (13.E)";
}

static void
morale_step(struct out_result *o, const struct sotq *s, const char *name,
    int rating, const char *what, const struct table_entry *e,
    const char *rule)
{
	enum sotq_morale k = morale_kind(e->code);

	out_step(o, rule, "%s, morale %c: %s, %s", name, rating - 'a' + 'A',
	    what, e->code);
	if (k == MORALE_RT)
		out_text(o, "13.E", "  routed: %s", rout_goal(s, s->defender));
	else if (k == MORALE_WD)
		out_text(o, "10.G", "  withdraws 1 hex, eliminated if it cannot");
}

static int
one_check(struct out_result *o, struct ctx *c, struct sotq *s, int i,
    int modifier, const char *rule, cJSON *arr, enum sotq_morale *res)
{
	const struct table_entry *e;
	char name[96], what[64];
	cJSON *j;
	int rating = sotq_rating(&s->def.u[i]), col, total, have, st;

	sotq_unit_name(s, i, name, sizeof name);
	if (!rating)
		return out_fail(o, ST_USAGE, "%s checks morale but has no rating: "
		    "tag it a, b, c or d (10.G)", name);
	if ((st = morale_column(o, c, rating, &col)) != ST_OK ||
	    (st = sotq_next_roll(o, c, s, morale_table, &total, &have)) != ST_OK)
		return st;
	j = json_object();
	json_set_int(j, "unit", i + 1);
	json_set_str(j, "rating", morale_table->cols[col].id);
	json_push(arr, j);
	if (!have) {
		*res = MORALE_PENDING;
		json_set_str(j, "result", "pending");
		out_step(o, rule, "%s, morale %c: roll 1d6%s on the Morale Check "
		    "Table", name, rating - 'a' + 'A', modifier ? " -2" : "");
		return ST_OK;
	}
	if (!(e = morale_lookup(col, total + modifier)))
		return out_fail(o, ST_DATA, "%s: column %s has no result for %d",
		    morale_table->path, morale_table->cols[col].id, total + modifier);
	json_set_int(j, "roll", total);
	json_set_int(j, "modifier", modifier);
	json_set_str(j, "result", e->code);
	*res = morale_kind(e->code);
	if (modifier)
		snprintf(what, sizeof what, "roll %d %d = %d", total, modifier,
		    total + modifier);
	else
		snprintf(what, sizeof what, "roll %d", total);
	morale_step(o, s, name, rating, what, e, rule);
	return ST_OK;
}

/*
 * A PN: 10.G pins every unit still in the hex (those who left are not in
 * it).  After a pre-melee check only the C and D units are pinned: 12.E
 * says the A and B units are never affected by it, stacked with them or
 * not.  "pinned" says the whole hex is; "pinned_units" lists who is.
 */
static void
pin(struct out_result *o, const struct sotq *s, int worst, const char *rule)
{
	cJSON *who = json_array();
	int i, all = 1;

	for (i = 0; i < s->def.n; i++) {
		if (s->gone[i])
			continue;
		if (worst > 'a' && sotq_rating(&s->def.u[i]) < worst)
			all = 0;
		else
			json_push(who, cJSON_CreateNumber(i + 1));
	}
	json_set(o->json, "pinned_units", who);
	json_set_bool(o->json, "pinned", all);
	if (all)
		out_step(o, "10.G", "a PN pins every unit still in the hex");
	else
		out_step(o, rule, "a PN pins the C and D units still in the hex; "
		    "the A and B units are never affected by this check");
}

int
sotq_morale_checks(struct out_result *o, struct ctx *c, struct sotq *s,
    int worst, int modifier, const char *rule, const char *key)
{
	enum sotq_morale res[CRT_MAX_UNITS];
	cJSON *arr = json_array();
	int i, st;

	json_set(o->json, key, arr);
	for (i = 0; i < s->def.n; i++) {
		res[i] = MORALE_NONE;
		/* a unit without a rating is asked for one when it must check */
		if (s->gone[i] || (worst > 'a' && sotq_rating(&s->def.u[i]) <
		    worst))
			continue;
		if ((st = one_check(o, c, s, i, modifier, rule, arr, &res[i])) !=
		    ST_OK)
			return st;
	}
	for (i = 0; i < s->def.n; i++)
		if (res[i] == MORALE_WD || res[i] == MORALE_RT)
			s->gone[i] = 1;
	for (i = 0; i < s->def.n; i++)
		if (res[i] == MORALE_PN) {
			pin(o, s, worst, rule);
			break;
		}
	return ST_OK;
}

int
sotq_any_tag(const struct crt_units *us, const char *tag)
{
	int i;

	for (i = 0; i < us->n; i++)
		if (crt_has_tag(&us->u[i], tag))
			return 1;
	return 0;
}

int
sotq_morale_leave_chance(struct ctx *c, struct out_result *o, int rating,
    int modifier, double *p)
{
	const struct table_entry *e;
	int col, v, st, faces = 0, away = 0;

	if ((st = morale_column(o, c, rating, &col)) != ST_OK)
		return st;
	/* one die, every face alike */
	for (v = morale_table->dice.count + morale_table->dice.mod;
	    v <= morale_table->dice.count * morale_table->dice.sides +
	    morale_table->dice.mod; v++) {
		if (!(e = morale_lookup(col, v + modifier)))
			return out_fail(o, ST_DATA, "%s: column %s has no result "
			    "for %d", morale_table->path, morale_table->cols[col].id,
			    v + modifier);
		faces++;
		away += morale_kind(e->code) == MORALE_WD ||
		    morale_kind(e->code) == MORALE_RT;
	}
	*p = faces ? (double)away / faces : 0;
	return ST_OK;
}

int
sotq_defenders_left(const struct sotq *s)
{
	int i, n = 0;

	for (i = 0; i < s->def.n; i++)
		n += !s->gone[i];
	return n;
}

int
sotq_eliminate_top(struct out_result *o, struct sotq *s, int n, const char *rule,
    cJSON *dead)
{
	char name[96];
	int i, done = 0;

	for (i = 0; i < s->def.n && done < n; i++) {
		if (s->gone[i])
			continue;
		s->gone[i] = 1;
		done++;
		sotq_unit_name(s, i, name, sizeof name);
		out_step(o, rule, "%s is eliminated", name);
		json_push(dead, cJSON_CreateNumber(i + 1));
	}
	return done;
}

int
sotq_leaders(struct out_result *o, struct ctx *c, struct sotq *s, int lost,
    int left)
{
	const struct table *t;
	const struct table_entry *e;
	cJSON *arr, *rolls;
	char text[16];
	int i, total, have, st;

	if (!s->leaders || !lost)
		return ST_OK;
	arr = json_array();
	json_set(o->json, "leaders", arr);
	if (!left) {
		out_step(o, "13.D", "no combat unit is left in the hex: its %d "
		    "leader%s killed", s->leaders, s->leaders > 1 ? "s are" : " is");
		for (i = 0; i < s->leaders; i++)
			json_push(arr, cJSON_CreateString("killed"));
		return ST_OK;
	}
	if ((st = crt_table(c, "sotq", "leader-death", &t)) != ST_OK)
		return st;
	if (t->dice.count != 2 || t->dice.sides != 6 || t->dice.mod)
		return out_fail(o, ST_DATA, "%s: dice '%s' (expected 2d6, 13.D)",
		    t->path, t->dice_text);
	rolls = json_array();
	json_set(o->json, "leader_rolls", rolls);
	for (i = 0; i < s->leaders; i++) {
		if ((st = sotq_next_roll(o, c, s, t, &total, &have)) != ST_OK)
			return st;
		if (!have) {
			out_step(o, "13.D", "leader %d: roll 2d6 (give it as 3+4), "
			    "killed on 2 or 12", i + 1);
			json_push(arr, cJSON_CreateString("pending"));
			continue;
		}
		if (!(e = table_lookup(t, 0, total)))
			return out_fail(o, ST_DATA, "%s: no result for %d", t->path,
			    total);
		/* the faces as the player writes them, 3+4 (13.D) */
		out_step(o, "13.D", "leader %d: 2d6 roll %d+%d = %d, %s", i + 1,
		    s->faces[0], s->faces[1], total, e->code);
		json_push(arr, cJSON_CreateString(e->code));
		snprintf(text, sizeof text, "%d+%d", s->faces[0], s->faces[1]);
		json_push(rolls, cJSON_CreateString(text));
	}
	return ST_OK;
}

void
sotq_stand_in(struct out_result *o, const struct table *t)
{
	if (strcmp(t->source, "stand-in") == 0)
		out_plain(o, "  (the sotq %s table is a stand-in: `umpire table "
		    "--import sotq %s FILE` installs your printed chart)", t->name,
		    t->name);
	else if (strcmp(t->source, "user") == 0)
		out_plain(o, "  (your imported chart: %s)", t->path);
}

void
sotq_result(struct out_result *o, const char *code, const char *text,
    const char *rule)
{
	cJSON *r = json_object();

	json_set_str(r, "code", code);
	json_set_str(r, "text", text);
	json_set_str(r, "rule", rule);
	json_set(o->json, "result", r);
	out_result_line(o, rule, "result: %s  %s", code, text);
}

static int
battle(struct ctx *c, const cJSON *req, struct out_result *o,
    const struct crt_position *pos)
{
	struct sotq *s = err_malloc(sizeof *s);
	int st;

	if ((st = read_request(o, req, s)) == ST_OK) {
		s->by_units = pos != NULL;
		json_set_str(o->json, "battle", s->battle == ISANDHLWANA ?
		    "isandhlwana" : "omdurman");
		/* the chart read, as `umpire table sotq` names it (every
		 * game's crt says so: crt --what-if reads its columns) */
		json_set_str(o->json, "table", !s->melee ? "fire-crt" :
		    s->battle == ISANDHLWANA ? "melee-isandhlwana" :
		    "melee-omdurman");
		json_set_str(o->json, "fight", s->melee ? "melee" : "fire");
		json_set_str(o->json, "attacker", sotq_side_name[s->attacker]);
		st = s->melee ? sotq_melee(c, s, o) : sotq_fire(c, s, o);
	}
	if (st == ST_OK)
		st = sotq_rolls_done(o, s);
	if (st == ST_OK && pos)
		sotq_units_effects(o, pos, !s->melee);
	free(s);
	return st;
}

/* The fire or melee, its units named by id on a position (sotq_units.c)
 * or their strengths given by hand. */
static int
sotq_crt(struct ctx *c, const cJSON *req, struct out_result *o)
{
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(req, "table");

	if (cJSON_GetObjectItemCaseSensitive(req, "att_units"))
		out_title(o, "Soldiers of the Queen: %s on the position%s",
		    cJSON_IsString(t) && strcmp(t->valuestring, "melee") == 0 ?
		    "melee" : "fire", cJSON_IsTrue(
		    cJSON_GetObjectItemCaseSensitive(req, "odds")) ?
		    ", every roll" : "");
	return sotq_units_run(c, req, o, battle);
}

/* set_terrain: fire (10.F) and melee (12.D) terrain of both battles */
static const char *const crt_terrains[] = { "woods", "donga-bank", "trench",
	"ridge-up", "ridge-down", "big-donga", "thorn-hedge", "rough", NULL };
static const char *const crt_tables[] = { "fire", "melee", NULL };
static const struct game_words crt_words[] = {
	{ "terrain", crt_terrains }, { "table", crt_tables },
	{ "attack", sotq_unit_tags },
	{ "defense", sotq_unit_tags }, { NULL, NULL }
};

/* crt's options of this game's rules (each sets its request field) */
static const struct opt crt_opts[] = {
	{ OPT_FIELD, 0, "battle", "name", "isandhlwana or omdurman",
	  "isandhlwana omdurman" },
	{ OPT_FIELD, 0, "range", "n", "hexes from the firers to the target",
	  NULL },
	{ OPT_FIELD, 0, "charge", NULL, "a mounted cavalry charge (Omdurman)",
	  NULL },
	{ OPT_FIELD, 0, "surrounded", NULL, "the defenders are surrounded",
	  NULL },
	{ OPT_FIELD, 0, "leaders", "n", "leaders in the defending hex", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

static const struct game_proc procs[] = {
	{ "crt", sotq_crt, fields, crt_words, crt_opts, NULL },
	/* priced by sotq_move (game.h): the entry declares its options */
	{ "move-cost", NULL, NULL, NULL, sotq_move_opts, NULL },
	{ "stacking", sotq_stacking_run, position_fields, NULL, NULL, NULL },
	{ "victory", sotq_victory_run, sotq_victory_fields, NULL,
	  sotq_victory_opts, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL }
};

const struct game game_sotq = {
	.id = "sotq",
	.title = "Soldiers of the Queen",
	.procs = procs,
	.move = &sotq_move,
	.supply = &sotq_supply,
	.situation = &sotq_situation,
};
