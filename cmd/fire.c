/*
 * fire.c: `umpire fire STAND... --at TARGETS`: one volley of fire or one
 * round of close combat, from the firing stands and the range the player
 * measured to the target stands and their colours, with the player's
 * coloured dice (--roll red=9,blue=8), umpire's, or the exact chance of
 * each stand's new condition (--odds).  --artillery fires a gun or mortar
 * directly, --close fights a round of close combat.  The game settles it
 * (I wish I was in France!: 11-13, 19 and 23 of rules/iwiif/reference.txt);
 * this file knows only the words players type.
 */
#include <string.h>

#include "cmd.h"
#include "proc.h"

enum {
	O_AT = 1, O_RANGE, O_IN_POSITION, O_OOC, O_ASSAULTED, O_QUALITY, O_COVER,
	O_TARGET_IN_POSITION, O_CAVALRY, O_ARTILLERY, O_OFF_TABLE, O_HIT,
	O_CLOSE, O_ASSAULTING, O_ARMOUR, O_MORALE, O_ROLL, O_ODDS
};

const struct opt fire_opts[] = {
	{ O_AT, 0, "at", "list", "the target stands by colour: red,blue:sup,"
	  "red:pin:ac", "red white black yellow green blue" },
	{ O_RANGE, 0, "range", "inches", "from the firers to the target", NULL },
	{ O_IN_POSITION, 0, "in-position", NULL, "the firing unit is in "
	  "position", NULL },
	{ O_OOC, 0, "out-of-command", NULL, "the firing unit is out of command",
	  NULL },
	{ O_ASSAULTED, 0, "assaulted", NULL, "the firing unit is being "
	  "assaulted", NULL },
	{ O_QUALITY, 0, "quality", "q", "the firers: capable (default), "
	  "exceptional or inadequate", "capable exceptional inadequate" },
	{ O_COVER, 0, "cover", "c", "the target's cover: soft, hard or "
	  "trenches", "soft hard trenches" },
	{ O_TARGET_IN_POSITION, 0, "target-in-position", NULL, "the target is "
	  "in position", NULL },
	{ O_CAVALRY, 0, "cavalry", NULL, "the target is cavalry", NULL },
	{ O_ARTILLERY, 0, "artillery", "gun", "direct fire of a light-mortar, "
	  "heavy-mortar, light-gun, medium-gun or heavy-gun",
	  "light-mortar heavy-mortar light-gun medium-gun heavy-gun" },
	{ O_OFF_TABLE, 0, "off-table", NULL, "artillery: off-table fire, at "
	  "extreme range", NULL },
	{ O_HIT, 0, "hit", "n", "artillery: your to-hit d10 (0 is 10)", NULL },
	{ O_CLOSE, 0, "close", NULL, "a round of close combat: stands are inf, "
	  "hw, cav or cmd", NULL },
	{ O_ASSAULTING, 0, "assaulting", NULL, "close combat: these stands are "
	  "assaulting", NULL },
	{ O_ARMOUR, 0, "armour", NULL, "close combat: armour support within "
	  "4\"", NULL },
	{ O_MORALE, 0, "morale", "result", "the firers' morale result this turn, "
	  "held to the assault's order", "assault no-assault stand stand-no-fire "
	  "retreat" },
	{ O_ROLL, 0, "roll", "dice", "your coloured d10s: red=9,blue=8 (0 is "
	  "10)", NULL },
	{ O_ODDS, 0, "odds", NULL, "give each stand's chance of each condition "
	  "instead of rolling", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

void
complete_fire(const struct ctx *c, char **ops, int nops, const char *prefix)
{
	static const char *const words[] = { "old", "modern", "lmg", "hmg",
		"inf", "hw", "cav", "cmd", NULL };
	static const char *const tags[] = { "sup", "pin", "pos", "nco", NULL };
	const char *const *w = strchr(prefix, ':') ? tags : words;
	const char *cut = strrchr(prefix, strchr(prefix, ':') ? ':' : 'x');
	size_t keep = cut && (cut[0] == ':' || cut > prefix) ?
	    (size_t)(cut - prefix) + 1 : 0;
	char word[128];

	(void)c;
	(void)ops;
	(void)nops;
	for (; *w; w++) {
		snprintf(word, sizeof word, "%.*s%s", (int)keep, prefix, *w);
		complete_word(prefix, word);
	}
}

int
cmd_fire(struct ctx *c, int argc, char **argv)
{
	static const struct proc_cmd p = { "fire", fire_opts, "stands", NULL };

	return proc_run(c, &p, argc, argv);
}
