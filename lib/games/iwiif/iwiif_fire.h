/*
 * iwiif_fire.h: what fire (iwiif_fire.c) and its hits (iwiif_hits.c)
 * share in I wish I was in France!: the request, and a volley's rows of
 * the Combat Results Table.
 */
#ifndef UMPIRE_IWIIF_FIRE_H
#define UMPIRE_IWIIF_FIRE_H

#include "games/iwiif/iwiif.h"
#include "table.h"

enum mode { SMALL_ARMS, ARTILLERY, CLOSE };

struct fire {
	enum mode mode;
	struct iwiif_stands firers, targets;
	double range;
	int rgiven, in_position, ooc, assaulted, target_in_position, cavalry;
	int off_table, assaulting, armour, odds, given, hgiven;
	char quality[16], cover[16], artillery[24], roll[256], hit[16];
	char morale[16];
};

struct volley {
	const struct table *t;
	int factor[IWIIF_MAX_STANDS];
	int col[IWIIF_MAX_STANDS];
	enum iwiif_cond now[IWIIF_MAX_STANDS];
};

/* The shared target modifiers of 13.2, from the options. */
int iwiif_target_mods(struct out_result *o, const struct iwiif_chart *ch,
    const struct fire *f, cJSON *mods, int *total);
/* The column of the Combat Results Table for a factor (below 0 is 0). */
int iwiif_crt_column(struct out_result *o, const struct table *t, int factor,
    int *col);
/* The step naming a row's scores to suppress, pin and destroy; who, if
 * not NULL, names the stands it is for. */
void iwiif_row_step(struct out_result *o, const struct table *t, int factor,
    int col, const char *who);
/* Each target stand's factor and row, its own tags counted (12.3, 23). */
int iwiif_rows(struct out_result *o, struct ctx *c, const struct iwiif_chart *ch,
    const struct fire *f, int base, struct volley *v);
/* The coloured dice on the targets (11.2), or each one's odds. */
int iwiif_hits(struct out_result *o, struct ctx *c, const struct fire *f,
    struct volley *v, cJSON *arr);
void iwiif_hit_odds(struct out_result *o, const struct fire *f,
    const struct volley *v, cJSON *arr);
/* The end of a round of close combat (19). */
void iwiif_aftermath(struct out_result *o, const struct fire *f,
    const struct volley *v);

#endif
