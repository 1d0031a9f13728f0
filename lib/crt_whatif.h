/*
 * crt_whatif.h: what would change this fight (crt --what-if).
 *
 * A player who has the odds of a battle asks next what would better
 * them.  The answer is found by asking the game's own crt procedure
 * again, with --odds, for the battle changed one way at a time, and
 * reading where each lands on the chart: the least extra attack that
 * reaches the next column and the column after, the least fewer defense
 * (or a defending unit left out) that does, and each flag among the
 * game's own crt options (its procedure's table, games/game.h) not yet
 * given, with the shift and rule it brings.  Nothing here knows a game:
 * the chart's columns run from the defender's best to the attacker's
 * best, so a column further right is a better one for the attacker, and
 * the chance of each result before and after is the game's own answer.
 */
#ifndef UMPIRE_CRT_WHATIF_H
#define UMPIRE_CRT_WHATIF_H

#include <cjson/cJSON.h>

struct ctx;
struct game;
struct out_result;

/*
 * The changes to req's battle (one of attack and defense strengths, as
 * crt takes them) that move it on g's chart, ranked the most useful
 * first, into o: its title and steps, and its JSON's "what_if".  Returns
 * ST_OK, or the status of the battle as given when that is refused (its
 * reason in o->why).
 */
int crt_whatif(struct ctx *c, const struct game *g, const cJSON *req,
    struct out_result *o);

#endif
