/*
 * situation.h: situation files, the units standing on a map.  Each unit has
 * an id (unique in the file), a side and a type (words the game gives
 * meaning to), a strength, a movement allowance, the hex it stands in and
 * any markers ("oos-1", "dis", "entrenched"); and, if the file says, which
 * side holds hexes that changed hands (control), and members of the
 * game's own that give hexes to sides (situation_rules.members, read
 * with situation_side_at).  The module checks the
 * shape, that ids are unique and that every hex is on the map; what a side,
 * type or marker means is the game's business.
 *
 * Zones of control are computed once per situation as a bitmap of one byte
 * a hex, with a callback through which the game limits where a unit's zone
 * reaches (terrain, hexsides).
 */
#ifndef UMPIRE_SITUATION_H
#define UMPIRE_SITUATION_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "ctx.h"
#include "map.h"

/* The most markers a situation's unit may carry (umpire-data(5)). */
#define UNIT_MAX_MARKERS 16

struct unit {
	const char *id, *side, *type;
	int strength, ma;
	int hex;			/* map index */
	const char *const *markers;
	int nmarkers;
};

struct situation;

/* The most members of its own a game's situations may have. */
#define SITUATION_MAXOWN 4

/*
 * A member of a game's own in its situation files, shaped as control is:
 * an object of sides, each an array of hexes and ranges "HEX-HEX", no hex
 * in two sides'.  what: one side's hexes in the plural, for messages.
 */
struct situation_member {
	const char *name;
	const char *what;
};

/*
 * The words a game gives meaning to in a situation, for situation_check.
 * Each list is words separated by spaces; a word ending in '#' stands for
 * its stem and a number from 0 to 99 ("radius-#": radius-0 to radius-99),
 * one ending in '*' for its stem and more of a word ("army-*": army-north).
 */
struct situation_rules {
	const char *game;		/* its id, for the messages */
	const char *sides;
	const char *types;
	const char *more_types;		/* NULL, or types no move takes */
	const char *markers;
	/*
	 * Optional: what is wrong with unit u's words together, on map m
	 * (a type of another side or another battle), or NULL; *field is
	 * set to the member at fault, buf may hold the text.
	 */
	const char *(*misfit)(const struct map *m, const struct unit *u,
	    const char **field, char *buf, size_t len);
	/* Optional: whether u is one of the units enemy units never share
	   a hex with (NULL: every unit is) */
	int (*holds)(const struct unit *u);
	const char *share_rule;		/* the rule that says so */
	/* Optional: the members of its own, up to SITUATION_MAXOWN, ending
	   with a NULL name; NULL: none */
	const struct situation_member *members;
	/* Optional: "side:type ..." the unit that stands for an enemy of
	   that side in a position typed on the command line, the first of
	   a side that the map takes (situation_of_words); NULL: none */
	const char *stand_in;
};

/*
 * Read a situation for map m: path is a file.  Every hex must be on m,
 * ids unique, the game (if given) that of m; with rules (may be NULL),
 * situation_check's checks too.  ST_OK, or reports and returns ST_DATA or
 * ST_SYS.
 */
int		 situation_load(const struct ctx *c, const char *path,
		    const struct map *m, const struct situation_rules *rules,
		    struct situation **out);
/* Is spec a path (a slash, or .json at the end) rather than a name? */
int		 situation_is_path(const char *spec);
/* spec: a path (a slash, or .json at the end), or NAME for the map's
   game's <game>/situations/NAME.json, found as maps are. */
int		 situation_open(const struct ctx *c, const struct map *m,
		    const char *spec, const struct situation_rules *rules,
		    struct situation **out);
/* The parser alone, for situation_load and the fuzzer: 0, or -1, why[];
   _for takes the game's members of its own from rules (may be NULL). */
int		 situation_parse(const char *buf, size_t len, const struct map *m,
		    struct situation **out, char *why, size_t whylen);
int		 situation_parse_for(const char *buf, size_t len,
		    const struct map *m, const struct situation_rules *rules,
		    struct situation **out, char *why, size_t whylen);
/*
 * A parsed situation against the game's words: every side, type and
 * marker one the game knows (and the sides of its own members), no unit's
 * words at odds (rules->misfit), and no two sides' units in one hex (of those
 * rules->holds counts).  0, or -1 with why[] naming the member.
 */
int		 situation_check(const struct situation *,
		    const struct map *m, const struct situation_rules *rules,
		    char *why, size_t whylen);
/*
 * A position typed on the command line instead of a file: a unit of type
 * at hex, of side (NULL: the first of the game's sides its type fits),
 * with its MA (0: none given), whose id is its type; and an enemy unit
 * at each of the nenemy hexes, ids enemy-1, ..., each the stand-in of
 * another side (rules->stand_in) that the map takes.  Read and checked
 * as a file is: 0, or -1 with why[].
 */
struct situation_words {
	const char *type, *side, *hex;
	int ma;
	const char *const *enemy;
	int nenemy;
};
int		 situation_of_words(const struct map *m,
		    const struct situation_rules *rules,
		    const struct situation_words *w, struct situation **out,
		    char *why, size_t whylen);
void		 situation_free(struct situation *);
const char	*situation_map_name(const struct situation *); /* NULL if none */
/* The file as read (a saved game starts from it). */
const cJSON	*situation_json(const struct situation *);
int		 situation_count(const struct situation *);
const struct unit *situation_unit(const struct situation *, int i);
const struct unit *situation_find(const struct situation *, const char *id);
/* The units in hex idx: fills up to max of them, returns how many there are. */
int		 situation_in_hex(const struct situation *, int idx,
		    const struct unit **out, int max);
int		 situation_unit_has_marker(const struct unit *, const char *marker);
/* A member of the game's own (situation_rules.members): whether the file
   gives it, and the side it gives hex idx to, or NULL. */
int		 situation_has(const struct situation *, const char *member);
const char	*situation_side_at(const struct situation *, const char *member,
		    int idx);
/* The situation's control (loe 3.3 B): the side it lists as holding hex
   idx now, or NULL when it does not list the hex (the map's start holds). */
const char	*situation_control(const struct situation *, int idx);

/*
 * Which hexes lie in the zone of control of a unit not on side: a bitmap
 * of map_size() bytes (1 = in an enemy zone), which the caller frees.
 * exerts(ud, unit, from, dir, to) says whether the unit in `from` projects
 * its zone across that hexside into `to` (the game's limits); NULL means
 * always.  A unit's own hex is in its zone.
 */
typedef int (*zoc_exerts_fn)(void *ud, const struct unit *, int from, int dir,
    int to);
unsigned char	*situation_zoc(const struct situation *, const struct map *,
		    const char *side, zoc_exerts_fn exerts, void *ud);

#endif
