/*
 * supply.h: supply lines on a map, for `umpire supply-trace`.
 *
 * The engine knows no game.  A game (lib/games/<game>_supply.c) says which
 * hexes are sources for a side and how many hexes a line to each may run,
 * whether one step of a line is allowed (and if not, why, naming the rule),
 * and what each unit's answer means (markers, penalties, attrition).  This
 * file marks what stands where, takes the enemy zones of control from the
 * game's movement rules (lib/move_map.c), and searches with lib/path.c: a
 * line counts hexes, not movement points, so every allowed step costs one.
 *
 * When the game's steps allow it (supply_rules.one_search), one search
 * outward from the sources serves the whole side: each unit's line is
 * then read back over its shortest lines alone, choosing among equal
 * lines exactly as a search from the unit would.
 *
 * When no line is allowed, the nearest blocked attempt is the cheapest line
 * when every forbidden step is allowed at a heavy price: the line that
 * breaks the fewest rules, shortest among those; the first step of it the
 * rules forbid is what blocked it, or else its length.
 */
#ifndef UMPIRE_SUPPLY_H
#define UMPIRE_SUPPLY_H
#include "move.h"
#include "move_map.h"
#include "path.h"

struct cJSON;
struct ctx;
struct game;
struct map;
struct situation;
struct unit;

#define SUPPLY_MAXPATH	48	/* hexes of a line kept for the answer */
#define SUPPLY_WHYLEN	96

enum supply_phase { SUPPLY_MOVEMENT, SUPPLY_COMBAT, SUPPLY_ATTRITION };

/* What stands in a hex, for the side tracing. */
enum { SUP_ENEMY = 1, SUP_FRIEND = 2 };

struct supply_run {
	/* the caller's */
	const struct ctx *c;
	const struct game *g;
	const struct map *map;
	const struct situation *sit;
	enum supply_phase phase;
	const char *season;		/* for a game whose costs vary */
	const unsigned char *lost;	/* hexes the enemy has taken, or NULL */
	int many;			/* 1: every unit of a side is traced */
	/* the game's, loaded once */
	struct move_vocab vocab;
	struct move_tec tec;
	void *game_data;
	char data_source[16];		/* supply.json's "source" */
	const char *stand_in;		/* what a stand-in decided, or NULL */
	/* per side: supply_side() */
	const char *side;
	struct move_unit mu;		/* a unit of the side, for ZOC limits */
	struct move_map mm;		/* mm.zoc: enemy zones of control */
	unsigned char *occ;		/* SUP_ENEMY, SUP_FRIEND */
	int *radius;			/* hexes a line to it may run; -1 no source */
	unsigned char *kind;		/* the game's word for the source, index */
	int maxradius;
	int *src, nsrc;			/* the source hexes, listed */
	int origin;			/* the unit's hex in a search */
	int block_hex;			/* a step's deny sets it: the hex at fault */
	int explain;			/* 1: a denied step words its why */
	int terse;			/* 1: a line's hexes without the
					   reasons for them (describe): the
					   answer prints none */
	int penalty;			/* a forbidden step's price, attempts */
	int early, found;		/* a search from the unit may stop at
					   the first source it settles; did */
	struct path_reacher *reach;	/* kept from unit to unit */
	/* one search for the side (supply_rules.one_search), when many */
	int *tosrc;			/* hexes to the nearest source + 1; 0:
					   none within maxradius; NULL: unused */
	int *squeue, shead, stail;	/* its queue, kept to go on later */
	int slimit;			/* tosrc is whole up to this count */
	int *seen, *depth, *queue;	/* a unit's walk over its shortest
					   lines; seen[] == stamp this walk */
	int stamp;
	char whybuf[SUPPLY_WHYLEN];	/* supply_deny's words */
};

/* One hex of a line, with why it is allowed (or, last, why not). */
struct supply_hex {
	int hex;
	char why[SUPPLY_WHYLEN];
	const char *rule;
};

struct supply_answer {
	const struct unit *u;
	int supplied;			/* 1 in supply, 0 not */
	int needs;			/* 0: the unit needs no line */
	char how[SUPPLY_WHYLEN];	/* always supplied, source, ... */
	const char *how_rule;
	int source;			/* the source's hex, -1 none */
	struct supply_hex *path;	/* npath of them, path[0] the unit's
					   hex: supply_answer_free() */
	int npath, hexes;		/* hexes counted per the game's rule */
	int blocked;			/* the hex that blocked the attempt, -1 */
	char blocked_by[SUPPLY_WHYLEN];
	const char *blocked_rule;
	const char *rule;		/* the rule that answers */
	const char *lacks;		/* what an unsupplied unit lacks, as
					   "offensive supply"; NULL: it is out
					   of supply */
	/* what follows from the answer */
	const char *marker_old, *marker_new;	/* NULL: none */
	const char *marker_rule;
	int lost;			/* 1: the answer takes the unit off the
					   map (its marker_new says how) */
	char effect[160];
	const char *effect_rule;
	char extra[160];		/* a second answer (command control) */
	const char *extra_rule;
	const char *extra_marker;	/* the marker that answer puts on the
					   unit, written by --update; NULL
					   none */
	int checks;			/* attrition rolls due */
	char checks_text[160];
	const char *checks_rule;
};

/*
 * A game's supply rules (game.h points at one).  load reads the game's
 * data once; sources marks r->radius and r->kind for r->side; step is a
 * path.c callback (ud = the run) allowing or forbidding one step of a line;
 * unit answers for one unit, using supply_line(); words lists what kinds
 * of source there are, by r->kind index.  blocks says, for a line traced
 * by eye, whether a word (terrain, feature, hexside or one of "enemy",
 * "ezoc", "ezoc-negated") stops it, or 0 with *rule set if it is allowed,
 * or -2 if the word means nothing to the game.
 */
struct supply_rules {
	int (*load)(struct supply_run *r);
	void (*unload)(struct supply_run *r);
	int (*sources)(struct supply_run *r);
	int (*step)(void *ud, int from, int dir, int to, int spent,
	    struct path_step *e);
	void (*describe)(struct supply_run *r, int from, int dir, int to,
	    struct supply_hex *h);
	int (*unit)(struct supply_run *r, const struct unit *u,
	    struct supply_answer *a);
	int (*blocks)(const struct supply_run *r, const char *word,
	    const char **why, const char **rule);
	/* 1: an enemy unit of this kind neither blocks lines nor exerts a
	 * zone of control (guerrillas, say); NULL: every unit does */
	int (*inert)(const struct unit *u);
	/* the hexes a line may run when traced by eye (after load) */
	int (*limit)(const struct supply_run *r);
	int maxhexes;			/* the same, when limit is NULL; -1
					   (or limit's -1): any length */
	/* 1: every allowed step costs 1 and never stops, and whether it is
	 * allowed depends neither on `spent` nor on r->origin, but for the
	 * steps out of the origin: one search from the sources then answers
	 * the whole side (when every source allows the same length) */
	int one_search;
	const char *count_rule;
	const char *kinds[4];
	/* 1: the game's steps and words read the TEC (closed terrain); 0:
	 * supply_open leaves tec.json unread */
	int tec;
	/*
	 * What the n answers do to the units when the check is applied to a
	 * saved game (supply-trace --apply): the marker changes and losses
	 * pushed on effects (saved_apply.h's shape, each with its "rule" and
	 * a "why"), *rule the rule of the whole step.  ST_OK; ST_USAGE with
	 * why[] citing the rule when the check changes nothing in r->phase.
	 * NULL when the game's rules set no marker by supply at all: then
	 * unapplied says why, citing the rule.
	 */
	int (*apply)(const struct supply_run *r, const struct supply_answer *a,
	    int n, struct cJSON *effects, const char **rule, char *why,
	    size_t len);
	const char *unapplied;
};

/*
 * Zero r but for its TEC's entries (the TEC is emptied, move_tec_clear):
 * they are 23 KB, most of them never written, and clearing them would
 * touch (and fault in) six pages of the caller's stack for nothing.
 */
void	supply_run_clear(struct supply_run *r);
/* Load the game's words and supply data; ST_OK or reported. */
int	supply_open(struct supply_run *r);
void	supply_close(struct supply_run *r);
/* Make ready to trace for side (ZOC, occupants, sources). */
int	supply_side(struct supply_run *r, const char *side);
/*
 * Trace a line from u's hex to the nearest source it may reach: fills
 * a->supplied, source, path (with each hex's reason), hexes; or the nearest
 * blocked attempt (a->blocked, blocked_by, blocked_rule, path up to the
 * block).  Returns 1 supplied, 0 not.
 */
int	supply_line(struct supply_run *r, const struct unit *u,
	    struct supply_answer *a);
/* Free what supply_line() allocated in a (its path). */
void	supply_answer_free(struct supply_answer *a);
/*
 * A step of a line refused, for the games' step callbacks: e's rule, and
 * its why (fmt with hex's id for %s) when the step is explained; -1.
 */
int	supply_deny(struct supply_run *r, struct path_step *e,
	    const char *rule, const char *fmt, int hex);
/* Is hex in an enemy zone of control?  Whether a friendly unit there
 * negates it is each game's rule, asked with supply_friend_in. */
int	supply_ezoc(const struct supply_run *r, int hex);
/* The friendly units' in-hex test, for the games. */
int	supply_friend_in(const struct supply_run *r, int hex);
int	supply_enemy_in(const struct supply_run *r, int hex);
#endif
