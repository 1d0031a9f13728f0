/*
 * toto_phase.h: whose phase a Twilight of the Ottomans saved game is in.
 * A player turn is the phasing side's (4.2): its random events,
 * mobilization and reorganization are his alone (6.1, 7.1, 8.1), and
 * the phase's name says whose it is.
 */
#ifndef UMPIRE_TOTO_PHASE_H
#define UMPIRE_TOTO_PHASE_H

#include <stddef.h>

#include "ctx.h"
#include "saved.h"

/* The side ("ottoman", "allied") whose phase of kind ("random events",
 * "reorganization") sv is in, or NULL when it is in no such phase; name[]
 * is the phase sv is in (empty when it keeps no sequence). */
const char *toto_phase_side(const struct ctx *c, const struct saved *sv,
    const char *kind, char *name, size_t len);

#endif
