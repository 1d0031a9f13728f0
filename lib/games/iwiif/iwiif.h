/*
 * iwiif.h: I wish I was in France!, the procedures and what they share.
 *
 * Each procedure takes a request (a JSON object of the fields the command
 * line set, as crt does: crt.h) and writes its steps, each citing the
 * section of rules/iwiif/reference.txt it applies, into an out_result.  The
 * numbers come from the game's data files: die tables (activation, crt,
 * to-hit, observation: table.h) and charts of factors and modifiers
 * (fire, close-combat, morale, rally, movement: "umpire-chart/1", below).
 *
 *   iwiif.c       the game, charts, stands, conditions, dice, odds lines
 *   iwiif_act.c   activation (5-8)
 *   iwiif_fire.c  small arms, artillery direct fire, close combat (11-13,
 *                 19), with iwiif_fire.h
 *   iwiif_hits.c  the Combat Results Table and the coloured dice (11.2,
 *                 13.5, 19, 23)
 *   iwiif_test.c  morale and A/C tests, rally, observation (16, 17, 22, 23)
 *   iwiif_move.c  what a stand may move, by type and condition (9, 10, 14,
 *                 15, 21, 23)
 */
#ifndef UMPIRE_IWIIF_H
#define UMPIRE_IWIIF_H

#include "opt.h"

#include <limits.h>

#include <cjson/cJSON.h>

#include "cdice.h"
#include "crt.h"

#define IWIIF "iwiif"
#define IWIIF_MAX_STANDS 64
#define IWIIF_WORD 24

/* A stand's condition, from best to worst (9, 11.2). */
enum iwiif_cond {
	IWIIF_STEADY, IWIIF_SUPPRESSED, IWIIF_PINNED, IWIIF_BROKEN,
	IWIIF_DESTROYED
};

const char *iwiif_cond_name(enum iwiif_cond c);

/* Tags a stand may carry besides its condition. */
enum {
	IWIIF_AC = 1 << 0,	/* an armoured car (23) */
	IWIIF_ART = 1 << 1,	/* artillery: in position when fired on (12.3) */
	IWIIF_CAV = 1 << 2,	/* cavalry (13.2) */
	IWIIF_POS = 1 << 3,	/* in position (14) */
	IWIIF_NCO = 1 << 4	/* the NCO stand (1) */
};

/*
 * A stand, or several alike, as the player lists them: "[Nx]WORD[:TAG]...",
 * WORD a colour, a weapon or a stand type, each TAG a condition
 * (steady, sup, pin, broken) or one of ac, art, cav, pos, nco.
 */
struct iwiif_stand {
	char word[IWIIF_WORD];
	int count;
	enum iwiif_cond cond;
	unsigned tags;
};

struct iwiif_stands {
	struct iwiif_stand s[IWIIF_MAX_STANDS];
	int n;		/* entries */
	int total;	/* stands, counting each entry's count */
};

/*
 * The stands of request field key (an array of strings or one string, each
 * a comma-separated list).  allowed is the tags that make sense here; what
 * names the list in messages.  ST_OK or ST_USAGE in o->why.
 */
int iwiif_stands(struct out_result *o, const cJSON *req, const char *key,
    const char *what, unsigned allowed, int conditions,
    struct iwiif_stands *out);
void iwiif_stand_format(const struct iwiif_stand *s, char *buf, size_t len);

/* A chart: "format": "umpire-chart/1", checked as it is read. */
struct iwiif_chart {
	cJSON *root;
	const char *source;
	char name[32];
	char path[PATH_MAX];
};

int iwiif_chart_load(struct out_result *o, const struct ctx *c, const char *name,
    struct iwiif_chart *ch);
void iwiif_chart_free(struct iwiif_chart *ch);
/* The member of array key whose "id" is id; NULL and ST_DATA if none. */
const cJSON *iwiif_chart_entry(struct out_result *o, const struct iwiif_chart *ch,
    const char *key, const char *id);
/* An integer member from -99 to 99; *null set when it is null (and null
 * allowed: pass null non-NULL).  ST_OK or ST_DATA. */
int iwiif_chart_int(struct out_result *o, const struct iwiif_chart *ch,
    const cJSON *obj, const char *key, int *v, int *null);
/* A whole number from -99 to 99 (a chart's every number). */
int iwiif_small_int(const cJSON *v);
/* An id's title, or the id. */
const char *iwiif_title(const cJSON *entry);

/*
 * Apply modifier id of the chart's "modifiers" times times (once for a
 * flat one, per stand for a "per": "stand" one): add it to *total, record
 * a step citing rule and an entry of the JSON array mods.
 */
int iwiif_modifier(struct out_result *o, const struct iwiif_chart *ch,
    cJSON *mods, const char *id, int times, const char *rule, int *total);

/* A word of the request from a list ("soft hard trenches"); "" if absent. */
int iwiif_req_word(struct out_result *o, const cJSON *req, const char *key,
    const char *words, char *buf, size_t len);
/* A distance in inches, 0 to 999, decimals allowed; *given 0 if absent. */
int iwiif_req_inches(struct out_result *o, const cJSON *req, const char *key,
    double *v, int *given);
/* A whole number from lo to hi; *v unchanged if absent. */
int iwiif_req_int(struct out_result *o, const cJSON *req, const char *key,
    int lo, int hi, int *v);
/* Quality: capable (0), exceptional (+1 word), inadequate. */
int iwiif_req_quality(struct out_result *o, const cJSON *req, char *buf,
    size_t len);

/* One d10, the player's or rolled: ST_OK or ST_USAGE. */
int iwiif_d10(struct out_result *o, struct ctx *c, const char *text, int *face);
/*
 * The coloured dice for every colour of targets: the player's --roll
 * ("red=9,blue=8") or umpire's, one die a colour in the order the colours
 * first appear.  Dice of colours no target has are reported as set aside
 * (rule).  ST_OK or ST_USAGE.
 */
int iwiif_colour_dice(struct out_result *o, struct ctx *c, const char *text,
    const struct iwiif_stands *targets, const char *rule, struct cdice *cd);
/* Refuse --odds with --roll. */
int iwiif_odds_or_roll(struct out_result *o, int odds, int given);
/* "7 in 10 (70%)" */
void iwiif_chance(int ways, char *buf, size_t len);
/* Each condition a stand may end in, of ways[] in 10 (ways[c] of d10
 * faces give condition c): a line each, and an object each pushed on
 * outs (condition, ways, probability). */
void iwiif_cond_odds(struct out_result *o, const int ways[IWIIF_DESTROYED + 1],
    cJSON *outs);

/* The text of a d10 face: "0 (10)" for the ten. */
void iwiif_face(int face, char *buf, size_t len);

/* a number of inches without a needless ".0" */
void iwiif_inches(double v, char *buf, size_t len);

/* Procedures (game.h) */
int iwiif_activation(struct ctx *c, const cJSON *req, struct out_result *o);
int iwiif_fire(struct ctx *c, const cJSON *req, struct out_result *o);
int iwiif_morale(struct ctx *c, const cJSON *req, struct out_result *o);
int iwiif_rally(struct ctx *c, const cJSON *req, struct out_result *o);
int iwiif_observe(struct ctx *c, const cJSON *req, struct out_result *o);
int iwiif_move_cost(struct ctx *c, const cJSON *req, struct out_result *o);
/* the request fields each reads (game.h) */
extern const char *const iwiif_activation_fields[], *const iwiif_fire_fields[],
    *const iwiif_morale_fields[], *const iwiif_rally_fields[],
    *const iwiif_observe_fields[], *const iwiif_move_cost_fields[];
/* each procedure's options (opt.h) */
extern const struct opt iwiif_activation_opts[], iwiif_fire_opts[],
    iwiif_morale_opts[], iwiif_rally_opts[], iwiif_observe_opts[],
    iwiif_move_cost_opts[];

#endif
