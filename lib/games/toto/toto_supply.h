/*
 * toto_supply.h: what Twilight of the Ottomans' movement asks of its
 * supply rules (toto_supply.c): whether a unit on a map is in general
 * supply at the start of the Movement Phase (9.8, 15.5, 15.11).
 */
#ifndef UMPIRE_TOTO_SUPPLY_H
#define UMPIRE_TOTO_SUPPLY_H
#include <stddef.h>

struct ctx;
struct map;
struct situation;
struct unit;

/*
 * 1 when u traces a line of general supply on the map (15.2, 15.3,
 * 15.12), 0 when not, with why[] the answer's reason and rule; -1 when the
 * situation keeps no supply unit of u's side (it tracks no supply, and
 * the unit's markers decide); or a status below -1, -ST, when the supply
 * data could not be read.
 */
int	toto_traced_supply(const struct ctx *c, const struct map *m,
	    const struct situation *s, const struct unit *u, char *why,
	    size_t whylen);
#endif
