/*
 * loe_control.c: Lion of Ethiopia's hex control as moves are applied to a
 * saved game (3.3).  Every hex starts with its side (3.3 A: the map's
 * "italian" hexes Italy's, the rest Ethiopia's); a ground unit entering a
 * hex takes it for its side (3.3 B), on the way as at the end, and it
 * stays taken until the other side enters it again.  Neutral territory is
 * nobody's (3.4).  The saved game's "control" lists the hexes that
 * changed hands; supply (9.3.1 C) and the entry hexes read it.  And the
 * entrenchment a move leaves behind (10.2.3), below.
 */
#include <stdio.h>
#include <string.h>

#include "games/game.h"
#include "games/loe/loe_move.h"
#include "json.h"
#include "map.h"
#include "move.h"
#include "saved_apply.h"
#include "situation.h"

/* The side that holds hex now: the position's control, else 3.3 A. */
static const char *
holder(const struct map *m, const struct situation *sit, int hex)
{
	const char *ctl = situation_control(sit, hex);
	int it = map_feature_bit(m, "italian");

	if (ctl)
		return ctl;
	return it >= 0 && (map_features(m, hex) & (1u << it)) ? "italian" :
	    "ethiopian";
}

/* 3.3 B: the hexes of path the stack's side did not hold, to it. */
static void
take(const struct map *m, const struct situation *sit, const char *side,
    const int *path, int n, cJSON *fx, char *text, size_t len)
{
	int neutral = map_feature_bit(m, "neutral"), i, k, taken = 0;
	size_t at = strlen(text);
	cJSON *hexes = json_array();
	char id[HEX_IDLEN];

	for (i = 0; i < n; i++) {
		for (k = 0; k < i && path[k] != path[i]; k++)
			;
		if (k < i || (neutral >= 0 && (map_features(m, path[i]) &
		    (1u << neutral))) || strcmp(holder(m, sit, path[i]),
		    side) == 0)
			continue;
		map_hex_id(m, path[i], id);
		json_push(hexes, cJSON_CreateString(id));
		if (at < len)
			at += (size_t)snprintf(text + at, len - at, "%s%s",
			    taken++ ? ", " : "3.3 B\t", id);
	}
	if (!taken) {
		cJSON_Delete(hexes);
		return;
	}
	if (at < len)
		snprintf(text + at, len - at, " pass%s to %s control\n",
		    taken == 1 ? "es" : "", side);
	saved_control_effect(fx, side, hexes, "3.3 B");
}

static int
moving(const struct unit *const *su, int nsu, const struct unit *u)
{
	int i;

	for (i = 0; i < nsu; i++)
		if (su[i] == u)
			return 1;
	return 0;
}

/*
 * 10.2.3: an entrenchment lasts while its hex holds a ground unit of the
 * side that built it.  The counter rides on a unit (marker entrenched):
 * when that unit leaves, it passes to one of its side's ground units that
 * stay, or, none staying, it is removed.
 */
static void
leave(const struct map *m, const struct situation *sit,
    const struct unit *const *su, int nsu, cJSON *fx, char *text,
    size_t len)
{
	const struct unit *there[32], *stay;
	char id[HEX_IDLEN];
	size_t at;
	int i, k, n;

	for (i = 0; i < nsu; i++) {
		if (!situation_unit_has_marker(su[i], "entrenched"))
			continue;
		n = situation_in_hex(sit, su[i]->hex, there, 32);
		for (k = 0, stay = NULL; k < n && k < 32 && !stay; k++)
			if (!moving(su, nsu, there[k]) && loe_holds(there[k]) &&
			    strcmp(there[k]->side, su[i]->side) == 0)
				stay = there[k];
		saved_effect(fx, su[i]->id, "unmark", "entrenched", "10.2.3");
		if (stay)
			saved_effect(fx, stay->id, "mark", "entrenched",
			    "10.2.3");
		map_hex_id(m, su[i]->hex, id);
		at = strlen(text);
		if (at < len)
			snprintf(text + at, len - at, stay ? "10.2.3\tthe "
			    "entrenchment in %s stays, with %s\n" : "10.2.3\tthe "
			    "entrenchment in %s is removed: its side has left the "
			    "hex%s\n", id, stay ? stay->id : "");
	}
}

void
loe_move_applied(const struct map *m, const struct situation *sit,
    const struct unit *const *su, int nsu, const int *path, int n,
    cJSON *fx, char *text, size_t len)
{
	text[0] = '\0';
	leave(m, sit, su, nsu, fx, text, len);
	/* 3.3 B: a ground unit's; 7.2.1 D: air units and airfields are not */
	if (loe_holds(su[0]))
		take(m, sit, su[0]->side, path, n, fx, text, len);
}
