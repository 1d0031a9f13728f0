/*
 * move.h: one step of a move, as a player describes it or as a map gives
 * it, and the price a game's movement rules put on it.
 *
 * The engine knows no game.  A game's vocabulary (rules/<game>/terrain.json)
 * lists its terrain words, hex feature words and hexside words; a step
 * carries the next hex's terrain word and the features and hexside words as
 * bits over those lists, in their order.  The game (lib/games/game.h,
 * move_step) prices the step for one unit and says whether the move may go
 * on, must end there, or may not take that step at all, naming the rule.
 *
 * Costs are integers in the game's cost units: a game with half movement
 * points counts in halves (scale 2) and says so in struct move_unit.
 *
 * Movement costs that are table values live in rules/<game>/tec.json
 * (struct move_tec), which a player may replace with the printed chart by
 * putting their own copy earlier in the data lookup order.
 */
#ifndef UMPIRE_MOVE_H
#define UMPIRE_MOVE_H

#include <stddef.h>

#include "hex.h"

struct cJSON;
struct ctx;
struct map;
struct move_map;
struct path_result;
struct situation;
struct unit;

/* A game's map_path or map_reach leaves the move to the plain search. */
#define MOVE_MAP_PLAIN	(-2)

#define MOVE_MAXWORDS	32	/* features, hexside words: bits of unsigned */
#define MOVE_WORDLEN	32
#define MOVE_CARRY	8	/* ints a game carries from step to step */
#define MOVE_DATA	4	/* ints a game keeps in a unit ready to move */
#define MOVE_NSEASONS	4	/* move_season */

/* What moving into the next hex meets. */
struct move_step {
	const char *terrain;	/* the next hex's terrain word */
	unsigned tmask;		/* on a map, the same as a bit over the
				   game's terrain words (1 << its place), so
				   that a search need not compare words; 0:
				   only the word is known */
	unsigned features;	/* bits over the game's feature words */
	unsigned side;		/* bits over the game's hexside words crossed */
	unsigned from_features;	/* the hex being left */
	int enter_ezoc;		/* the next hex is in an enemy zone of control */
	int leave_ezoc;		/* the hex being left is */
	int enemy;		/* an enemy unit holds the next hex */
	int first;		/* the unit began the phase in the hex it leaves */
	int index;		/* 0 for the first step of the move, 1, ... */
	/*
	 * Without a map the player names only what matters, so a missing
	 * hexside word means nothing; on a map (on_map = 1) side holds every
	 * word of that hexside and the game may infer from what is absent.
	 */
	int on_map;
	int jump;		/* the step is part of the game's jump (a
				   rail move, say); on a map, its number in
				   the jump */
	const char *action;	/* not a step but an act: "dismount", ... */
	int queue;		/* units that entered here before, + 1 */
	int entrenched;		/* units in an entrenchment hold the next hex */
	int landing;		/* the step lands the stack in this hex from
				   off the map (the first of a jump) */
	int not_away;		/* a retreat's step that does not go away from
				   every hex it flees (--away), or nearer the
				   hex it runs to (--toward) */
	unsigned game;		/* bits the game's own: map_step sets them
				   on a map, the player's step words
				   (move_rules.step_words) without one; the
				   engine reads none */
};

/* What the game answers for one step. */
struct move_price {
	int cost;		/* cost units, >= 0 */
	int stop;		/* the move must end on entering */
	int loss;		/* what the step costs the stack in losses,
				   in the game's units */
	const char *rule;	/* the section that decides the price */
	const char *why;	/* why the move stops or may not go on */
	const char *stop_rule;	/* the section that ends the move there */
	char what[96];		/* the price in words, for the trail */
	char whybuf[96];	/* room for a why made up on the spot */
};

/*
 * A word that sets one of the game's own request bits (move_req.game): a
 * situation marker the unit bears (move_rules.markers), or a member of the
 * game's options set true (move_opt_bits).  The game numbers the bits.
 */
/*
 * What a game's check of the situation against the map (map_check) has
 * the answer say: a line of the trail with its rule, and a JSON member
 * (toto 9.10, 16.2: the rail net a rail move keeps to, its hexes).
 * text empty: nothing.
 */
struct move_check {
	char text[160];
	const char *rule, *member;
	int count;		/* the hexes the check names the side's */
	const char *side;
};

struct move_marker {
	const char *word;
	unsigned flag;
};

/* How a unit moves in this request. */
enum move_mode { MOVE_NORMAL, MOVE_RETREAT, MOVE_ADVANCE };

/*
 * Request flags the engine reads (move_req.flags).  What only a game reads
 * (out of supply, disrupted, a reading of a rule, ...) is the game's: its
 * options (move_req.opts) and bits (move_req.game), named in its folder.
 */
#define MOVE_FROM_EZOC	0x01u	/* begins the phase in an enemy ZOC */
#define MOVE_OFF_MAP	0x02u	/* begins the phase off the map, to land
				   first (move_map.starts_off) */
#define MOVE_AIMED	0x04u	/* a retreat with --away or --toward */
#define MOVE_ATTACKER	0x08u	/* an attacker withdraws after combat */
#define MOVE_LAST_RESORT 0x10u /* no retreat keeps the stacking rules,
				   so one may break them (move_route.c) */
#define MOVE_FARTHER	0x20u	/* every retreat step one hex farther out
				   (--farther, move_route.c) */

/* What the player asks about one unit. */
struct move_req {
	const char *type;	/* the unit type word */
	const char *side;	/* may be NULL: the type's side */
	const char *season;	/* the season, for a game whose costs vary
				   (move_season); NULL: none given */
	int ma;			/* printed MA in MP; 0 = the type's, or none */
	unsigned flags;		/* MOVE_FROM_EZOC, ...: the engine's */
	unsigned game;		/* the game's own bits: its markers' on a
				   map (move_rules.markers); the engine
				   reads none */
	/* the game's own options as members of a JSON object, named as the
	   command's options are with '_' for '-' ("oos": true, "battle":
	   "omdurman"), which the game reads (move_opt_bits, move_opt_str)
	   and the engine does not; NULL: none */
	const struct cJSON *opts;
	enum move_mode mode;
	int hexes;		/* retreat or advance length */
	unsigned at_features;	/* on a map: the unit's hex's features */
	int nstack;		/* units in the stack asked about */
	int share_before;	/* what the turn's earlier moves took of a
				   limit the stack shares (--sea-moved) */
	/* on a map: the map, the situation and the unit, for a game that
	   asks more of them than the fields above; NULL elsewhere */
	const struct map *map;
	const struct situation *sit;
	const struct unit *su;
};

/* A unit ready to move, as the game resolved the request. */
struct move_unit {
	char type[MOVE_WORDLEN], side[MOVE_WORDLEN];
	int cls;		/* the game's class for the type */
	int ma;			/* allowance this phase, cost units; -1 none */
	int printed;		/* printed MA, MP; 0 unknown */
	int scale;		/* cost units per MP */
	unsigned flags;		/* the request's (MOVE_FROM_EZOC, ...) */
	unsigned game;		/* the game's own bits, as its unit set
				   them; the engine reads none */
	int data[MOVE_DATA];	/* the game's own, numbered as it likes: the
				   engine reads none of it */
	enum move_mode mode;
	int hexes;
	const char *ma_rule;	/* the rule that set ma, if not printed */
	char ma_why[160];
	const char *note, *note_rule;	/* a rule umpire cannot check here */
	/* what becomes of a unit that has no legal retreat, when it is not
	   eliminated (the game keeps it where it is); NULL: eliminated */
	const char *no_retreat, *no_retreat_rule;
	/*
	 * Set by the game's unit, optional, on a map.  may_end: may the
	 * unit end its move in the hex st enters (its features and terrain
	 * are set), where the friendly units there[0..n-1] stand, the rest of
	 * its stack among them (a stacking limit, a line it may not end
	 * beyond)?  0, or -1 with p's rule and why; NULL: any hex it may
	 * enter.  A hex it may not end in it may still pass.  last_resort:
	 * the rule letting a retreat that has no other way break the
	 * stacking rules, tried only then (lib/move_route.c); NULL: never.
	 */
	int (*may_end)(const struct move_unit *u, const struct move_step *st,
	    const struct unit *const *there, int n, struct move_price *p);
	const char *last_resort;
	/* what the game carries from step to step, numbered as it
	   likes: all its step may change (a search puts it back after each
	   step it prices: move_price_stack); the engine reads none of it */
	int carry[MOVE_CARRY];
	int steps, may_exit;
	/* what the unit takes of a limit the stack shares (a lift), and
	   what is taken before it this turn (earlier moves, the stack's
	   others): the game's to set and test; cmd counts share_before */
	int share, share_before;
	/* set by the game, the rule by which a retreat goes any way that
	   enters no hex twice, toward and along the nearest road (hexsides
	   road_sides) where it can; NULL: every step one hex farther out.
	   On a map the game may read road_sides for more (where a road
	   runs on through a hex) */
	const char *retreat_road;
	unsigned road_sides;
	const char *id;		/* on a map: the situation's unit id */
	const struct unit *su;	/* on a map: the situation's unit itself,
				   whose markers the game may read; else
				   NULL */
	int strength;		/* on a map: the situation's strength */
	unsigned fbit[MOVE_MAXWORDS];	/* the game's: masks of words it tests */
	unsigned sbit[MOVE_MAXWORDS];
	unsigned tbit[8];		/* terrain words, as move_tmask */
	const struct move_tec *tec;
	const struct move_vocab *vocab;
	int quiet;		/* a search: no words, only numbers */
};

/*
 * A game's movement rules (game.h points at one).  unit turns a request
 * into a unit ready to move (class, allowance this phase in cost units);
 * ST_OK, or a status with why[] saying what was wrong.  step prices one
 * step for that unit given the cost units spent before it, and may update
 * the unit's step-to-step state; it returns 0 when the step may be taken
 * (p->stop = 1 if the move must end there) or -1 when it may not, p->rule
 * and p->why saying why.  A step refused with nothing spent must be
 * refused at any spent (move_map_enterable asks so).  zoc says whether a
 * zone of control reaches from the hex left into the next (from_features,
 * features, side); NULL means always.  types lists the unit type words,
 * for completion and help.
 */
struct move_rules {
	int (*unit)(const struct ctx *c, const struct move_req *req,
	    struct move_unit *u, char *why, size_t whylen);
	int (*step)(struct move_unit *u, const struct move_step *st,
	    int spent, struct move_price *p);
	int (*zoc)(const struct move_unit *u, const struct move_step *st);
	const char *types;
	/* on a map: a friendly unit in an EZOC negates it for retreats */
	int zoc_negated_in_retreat;
	const char *retreat_fails;	/* the rule eliminating a unit that
					   cannot retreat in full */
	/*
	 * Optional.  exerts: whether unit u (a situation's, not the mover)
	 * projects its zone of control out of its hex in direction dir, the
	 * step describing that hexside and the hex beyond (a unit's facing,
	 * units that exert none); NULL = every unit, every way.  has_type:
	 * whether a type word belongs to a battle, for completion; NULL =
	 * every type always.
	 */
	int (*exerts)(const struct move_unit *mover, const struct unit *u,
	    int dir, const struct move_step *st);
	int (*has_type)(const char *battle, const char *type);
	/*
	 * Optional, on a map: may mover enter a hex where the friendly
	 * units there[0..n-1] stand?  0, or -1 with p's rule
	 * and why; NULL = no stacking limit in movement.
	 */
	int (*stacks)(const struct move_unit *mover,
	    const struct unit *const *there, int n, struct move_price *p);
	/* the rule by which a retreat cut short by the map's edge leaves
	   the map there rather than dying; NULL: it dies */
	const char *retreat_off;
	/*
	 * Optional, on a map (move_map.h): edges the plain search lacks, a
	 * jump layer of the game's own (a lift by sea, a rail move), built
	 * on path.h's several starts or its jump with move_map_cost as the
	 * price of a step.  map_path and map_reach answer as move_map_path
	 * and move_map_reach do, or MOVE_MAP_PLAIN to leave the move to the
	 * plain search; map_enters: 1 where those edges may bring the stack
	 * into hex `to` that no step may.  map_step fills what a step on a
	 * map meets that only the game reads (fields of struct move_step
	 * the engine leaves 0).  map_entry: what the engine keeps of the
	 * cheapest free way into hex `to` from `from` across dir, which
	 * move_map_entry reads back: the hexside it came in by, (dir + 3) %
	 * 6, unless the game keeps more (a bank); -1, none.  map_check checks the situation against the
	 * map for the moving side: ST_OK with out filled (what the answer
	 * says of it, if anything), or a reported status.
	 */
	int (*map_path)(struct move_map *mm, int to, int budget,
	    struct path_result *out);
	int (*map_reach)(struct move_map *mm, int budget, int *left,
	    int *prev);
	int (*map_enters)(struct move_map *mm, int to);
	void (*map_step)(const struct move_map *mm, int from, int dir, int to,
	    struct move_step *st);
	int (*map_entry)(const struct move_map *mm, int from, int dir,
	    int to);
	/*
	 * Optional, on a map: what map_step can tell of a step only once the
	 * search knows the way into the hex it leaves (the bank of a river
	 * the unit is on, say).  Before a search, move_map_enterable asks
	 * whether any reading of it lets a step into a hex: map_reading
	 * sets st's game bits to its reading k (0, 1, ...) and returns 1,
	 * or 0 past the last.  NULL: the step as map_step gave it.
	 */
	int (*map_reading)(int k, struct move_step *st);
	int (*map_check)(const struct move_map *mm, struct move_check *out);
	/* optional: the situation's markers that set the game's request
	   bits (move_req.game) for the unit that bears them
	   (move_ready_unit), ending with a NULL word */
	const struct move_marker *markers;
	/* optional: the player's words of a step named without a map that
	   set the game's step bits (move_step.game), ending with a NULL
	   word */
	const struct move_marker *step_words;
	/* optional: the marker of a unit the situation lists at a hex that
	   is not on the map there (in a box off it): it holds no hex and
	   exerts no zone of control; NULL: none */
	const char *off_map;
	/* optional: the rule by which a retreat may end in a hex with the
	   features given before it has gone its full length (a fort, say),
	   or NULL where it may not; NULL: never */
	const char *(*retreat_stop)(const struct move_unit *u,
	    unsigned features);
	/*
	 * Optional, on a map: when no path over land reaches to, another way
	 * the rules give from where the stack stands (loe 6.4: embark at the
	 * port and land next phase), appended to text ("; by sea: ..."),
	 * with *rule and a member of json; scale is the MP's (move_unit).
	 * It may flip the stack off the map for its own search, and leaves
	 * it as it was.  NULL: none.
	 */
	void (*map_other_way)(struct move_map *mm, int to, int budget,
	    int scale, char *text, size_t len, const char **rule,
	    struct cJSON *json);
	/*
	 * Optional, on a map: whether a path the player drew (map svg
	 * --path) begins with the game's jump rather than a step (loe 6.4 C:
	 * a voyage from port to port): 1, the stack then put off the map
	 * for the search; 0, no; -1 refused, why[] saying so.  NULL: never.
	 */
	int (*map_along_starts)(struct move_map *mm, const int *path, int n,
	    char *why, size_t len);
	/* optional: the marker a move applied to a saved game puts on the
	   unit, which the game's sequence of play clears as the phase ends
	   (a unit's move made whole, once a phase), and the rule; NULL:
	   none */
	const char *moved, *moved_rule;
	/*
	 * Optional: what a move applied to a saved game does besides moving
	 * the stack su[0..nsu-1] (loe 3.3 B: each hex a ground unit enters
	 * changes hands; 10.2.3: an entrenchment left): effects
	 * (saved_apply.h) pushed onto fx, path[0..n-1] the hexes it entered
	 * in order, sit the position before the move; and lines for the
	 * answer in text, each "RULE\tTEXT\n" (left empty: none).
	 */
	void (*applied)(const struct map *m, const struct situation *sit,
	    const struct unit *const *su, int nsu, const int *path, int n,
	    struct cJSON *fx, char *text, size_t len);
};

/* A game's vocabulary: rules/<game>/terrain.json. */
struct move_vocab {
	char terrain[MOVE_MAXWORDS][MOVE_WORDLEN];
	char features[MOVE_MAXWORDS][MOVE_WORDLEN];
	char sides[MOVE_MAXWORDS][MOVE_WORDLEN];
	int nterrain, nfeatures, nsides;
	char source[16];
};

/* One priced word of a TEC: a terrain, feature or hexside. */
struct move_cost {
	char word[MOVE_WORDLEN];
	int cost;		/* cost units; -1 closed to every ground unit */
	int season[MOVE_NSEASONS];	/* cost in that season (move_season),
					   -2 = as cost */
	char cls[4][MOVE_WORDLEN];	/* unit classes with their own cost */
	int cls_cost[4];
	char cls_rule[4][16];	/* the rule of that cost; "" the word's own */
	int ncls;
	char rule[16];
	int stand_in;
	unsigned mask;		/* 1 << the word's bit (move_tec_bind), or 0 */
	int stack;		/* a terrain's stacking limit (in
				   divisional equivalents); 0 none given */
};

/*
 * rules/<game>/tec.json: movement costs that are table values.  The four
 * lists are runs of one pool, filled in turn, so that a TEC of a dozen
 * entries writes a page or two of it rather than the first entries of four
 * lists 7 KB apart (each page written is a fault, at every start).  As the
 * lists point into the struct, it is not to be copied.
 */
#define MOVE_MAXACTIONS	8
struct move_tec {
	int scale;
	char source[16];
	struct move_cost *terrain, *features, *sides, *actions;
	int nterrain, nfeatures, nsides, nactions;
	int any_stand_in;
	struct move_cost pool[3 * MOVE_MAXWORDS + MOVE_MAXACTIONS];
};

/* An empty TEC, as a load begins with: the counts and where the lists
 * start, not the 23 KB of entries. */
void move_tec_clear(struct move_tec *t);
/* Read GAME/terrain.json: ST_OK, or a reported status. */
int move_vocab_load(const struct ctx *c, const char *game,
    struct move_vocab *v);
/* The same from a NUL-terminated buffer, path naming it in messages. */
int move_vocab_parse(const char *buf, size_t len, const char *path,
    const char *game, struct move_vocab *v);
/* The game's options (move_req.opts): the bits of the words of list
 * (ending with a NULL word) whose members are true; a string member, or
 * NULL when r has none of that name. */
unsigned move_opt_bits(const struct move_req *r,
    const struct move_marker *list);
const char *move_opt_str(const struct move_req *r, const char *name);
/* Bit numbers of feature and hexside words, or -1. */
int move_feature_bit(const struct move_vocab *v, const char *word);
int move_side_bit(const struct move_vocab *v, const char *word);
int move_terrain_known(const struct move_vocab *v, const char *word);
/* 1 << the word's bit, or 0 when the game has no such word. */
unsigned move_fmask(const struct move_vocab *v, const char *word);
unsigned move_smask(const struct move_vocab *v, const char *word);
unsigned move_tmask(const struct move_vocab *v, const char *word);
/* Is the step's terrain the word whose move_tmask is bit?  By the bit on
 * a map, by the word otherwise. */
int move_terrain_is(const struct move_step *st, unsigned bit,
    const char *word);
/* Cost units as MP for people: "2", "1/2", "1 1/2"; buf, or (_put) the
 * length written. */
const char *move_mp_text(int units, int scale, char buf[16]);
int move_mp_put_any(int units, int scale, char buf[16]);

/* move_mp_put_any, inlined for a whole number of MP from 0 to 99: a reach
 * lists what is left in every hex it covers.  Units are halves at scale
 * 2, whole MP at any other. */
static inline int
move_mp_put(int units, int scale, char buf[16])
{
	unsigned whole = scale == 2 ? (unsigned)units / 2 : (unsigned)units;
	char *end;

	if (units < 0 || whole > 99 || (scale == 2 && units % 2 != 0))
		return move_mp_put_any(units, scale, buf);
	end = hex_put_small(buf, whole);
	*end = '\0';
	return (int)(end - buf);
}

/*
 * Price one step for a stack: the dearest unit's price, stopping if any
 * unit must stop.  keep = 1 lets each unit's step-to-step
 * state change (a move priced step by step); 0 prices on copies (a map
 * search trying many steps).  0, or -1 with *which the unit that may not
 * take the step and best its price.
 */
int move_price_stack(const struct move_rules *rules, struct move_unit *u,
    int n, int keep, const struct move_step *st, int spent,
    struct move_price *best, int *which);

/*
 * For the games: add words to p->what, or make up p->why in p->whybuf
 * (returned), unless the unit is quiet (a search pricing many steps, where
 * only the numbers count; move_why then returns "not allowed").  Macros,
 * so that for a quiet unit the arguments are not even worked out: the
 * MP as text (move_mp_text) cost a search more than the prices did.  The
 * arguments must have no side effects.
 */
void move_what_words(struct move_price *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
const char *move_why_words(struct move_price *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
#define move_what(u, p, ...)	((u)->quiet ? (void)0 : \
	move_what_words((p), __VA_ARGS__))
#define move_why(u, p, ...)	((u)->quiet ? "not allowed" : \
	move_why_words((p), __VA_ARGS__))

/*
 * Add one TEC entry's cost for class cls in season (-1 none) to *cost, its
 * rule and words to p ("+ jungle 3"; " (stand-in)" after a stand-in entry
 * when mark is set); e NULL adds nothing.  0, or -1 when the entry is
 * closed to the class, p->why saying so with tail after it.
 */
int move_add_cost(const struct move_unit *u, const struct move_cost *e,
    const char *cls, int season, const char *tail, int mark, int *cost,
    struct move_price *p);

/* An empty price, as a game's step starts from: what memset would make of
 * it, less the bytes of the words nobody reads. */
void move_price_clear(struct move_price *p);

/* A step refused: set p's rule and why, return -1. */
int move_deny(struct move_price *p, const char *rule, const char *why);

/*
 * A TEC's costs may vary by the season (tec.json's "seasons", move_req's
 * season): the calendar's four, winter, spring, summer and fall, one
 * list for every game, numbered 0 to 3 in that order.  move_season: the
 * number of a season's word, or -1; move_season_word: the word of number
 * i, or NULL.
 */
int move_season(const char *word);
const char *move_season_word(int i);

/* Read GAME/tec.json: ST_OK, or a reported status. */
int move_tec_load(const struct ctx *c, const char *game, struct move_tec *t);
int move_tec_parse(const char *buf, size_t len, const char *path,
    const char *game, struct move_tec *t);
/* Give each terrain, feature and hexside entry its bit in the vocabulary. */
void move_tec_bind(struct move_tec *t, const struct move_vocab *v);
/* The entry for the step's terrain (the word deflt when it has none), or
 * NULL: by its bit on a map (move_step.tmask, the TEC bound to the map's
 * words), by the word otherwise. */
const struct move_cost *move_tec_terrain(const struct move_tec *t,
    const struct move_step *st, const char *deflt);
/* The entry for word in one list of the TEC, or NULL. */
const struct move_cost *move_tec_find(const struct move_cost *list, int n,
    const char *word);
/* The cost of e for a unit class name and a season (-1 for none). */
int move_cost_for(const struct move_cost *e, const char *cls, int season);
/* The rule behind that cost: the class's own where the TEC names one. */
const char *move_rule_for(const struct move_cost *e, const char *cls);

#endif
