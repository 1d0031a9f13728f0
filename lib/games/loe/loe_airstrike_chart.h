/*
 * loe_airstrike_chart.h: a strike settled on loe's Airstrike Chart
 * (11.4.4, 11.4.5 A), its result and what it does (11.4.4 B, 13.2 A),
 * into a procedure's result (out.h).  ST_OK, or reported.
 */
#ifndef UMPIRE_LOE_AIRSTRIKE_CHART_H
#define UMPIRE_LOE_AIRSTRIKE_CHART_H

#include "loe_airstrike.h"

int loe_airstrike_chart_strike(struct ctx *c,
    const struct loe_airstrike_req *r, struct out_result *res);

#endif
