/*
 * toto_air.h: Twilight of the Ottomans airbases (18.x, 33.x): which
 * mission an airbase may fly and how far it reaches.  `umpire airstrike
 * -g toto --check` asks here.
 */
#ifndef UMPIRE_TOTO_AIR_H
#define UMPIRE_TOTO_AIR_H

#include "games/air.h"

enum toto_mission { TOTO_SUPPORT, TOTO_RECON, TOTO_SUPERIORITY, TOTO_SUPPLY };

/* What the player (or the map) says; 0 is "no" or "not stated", range,
 * distance and year -1 when not known. */
struct toto_air_facts {
	enum toto_mission mission;
	int range, distance, year;
	int allied;		/* the Allied player flies it (33.3) */
	int oos;		/* the airbase is out of general supply */
	int defending;		/* support asked for a defence (18.2) */
	int supported;		/* it supported an attack this phase (18.5) */
	int second;		/* another airbase supports this attack (18.4) */
	int flown;		/* it flew another mission this turn (33.3) */
	int flew_supply;	/* it flew aerial supply this turn (33.3) */
	int supply_flown;	/* the side's aerial supply is used (33.3) */
	int listed;		/* recon: the caller counted each stack's range */
};

int toto_air_check(const struct toto_air_facts *f, struct air_reason *r,
    int max);
const char *toto_air_mission_name(enum toto_mission m);
int toto_air_mission_parse(const char *word);

#endif
