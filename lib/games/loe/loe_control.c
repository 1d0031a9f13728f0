/*
 * loe_control.c: Lion of Ethiopia's hex control as moves are applied to a
 * saved game (3.3).  Every hex starts with its side (3.3 A: the map's
 * "italian" hexes Italy's, the rest Ethiopia's); a ground unit entering a
 * hex takes it for its side (3.3 B), on the way as at the end, and it
 * stays taken until the other side enters it again.  Neutral territory is
 * nobody's (3.4).  The saved game's "control" lists the hexes that
 * changed hands; supply (9.3.1 C) and the entry hexes read it.
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

void
loe_move_applied(const struct map *m, const struct situation *sit,
    const struct unit *su, const int *path, int n, cJSON *fx, char *text,
    size_t len, const char **rule)
{
	int neutral = map_feature_bit(m, "neutral"), i, k, taken = 0;
	cJSON *hexes;
	char id[HEX_IDLEN];
	size_t at;

	/* 3.3 B: a ground unit's; 7.2.1 D: air units and airfields are not */
	if (strcmp(su->type, "air") == 0 || strcmp(su->type, "airfield") == 0)
		return;
	hexes = json_array();
	at = 0;
	text[0] = '\0';
	for (i = 0; i < n; i++) {
		for (k = 0; k < i && path[k] != path[i]; k++)
			;
		if (k < i || (neutral >= 0 && (map_features(m, path[i]) &
		    (1u << neutral))) || strcmp(holder(m, sit, path[i]),
		    su->side) == 0)
			continue;
		map_hex_id(m, path[i], id);
		json_push(hexes, cJSON_CreateString(id));
		if (at < len)
			at += (size_t)snprintf(text + at, len - at, "%s%s",
			    taken++ ? ", " : "", id);
	}
	if (!taken) {
		cJSON_Delete(hexes);
		return;
	}
	if (at < len)
		snprintf(text + at, len - at, " pass%s to %s control", taken == 1
		    ? "es" : "", su->side);
	*rule = "3.3 B";
	saved_control_effect(fx, su->side, hexes, "3.3 B");
}
