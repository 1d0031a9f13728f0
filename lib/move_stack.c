/*
 * move_stack.c: who stands where, for move_map.c.  Each hex's occupants
 * as bits (enemy, friendly, dug in, halted, a stack mate), worked out once
 * a situation; the game's stacking limit for a stack entering a hex where
 * friendly units stand (the game's stacks); and whether the stack may end its
 * move in a hex (the game's may_end).
 */
#include <string.h>

#include "move.h"
#include "move_map.h"
#include "move_map_impl.h"
#include "situation.h"

/* Is u one of the moving stack's units? */
static int
in_stack(const struct move_map *mm, const struct unit *u)
{
	int k;

	for (k = 0; k < mm->nunits; k++)
		if (mm->units[k].id && strcmp(u->id, mm->units[k].id) == 0)
			return 1;
	return 0;
}

void
move_map_occupants(struct move_map *mm)
{
	const struct unit *u;
	int i, n = situation_count(mm->sit);

	for (i = 0; i < n; i++) {
		u = situation_unit(mm->sit, i);
		/* listed in the hex, on the map or not: a stack mate where
		   the stack would end (stack_mates) */
		if (strcmp(u->side, mm->side) == 0 && !in_stack(mm, u))
			mm->occ[u->hex] |= OCC_MATE;
		if (move_map_off_map(mm, u))
			continue;
		if (strcmp(u->side, mm->side) != 0)
			mm->occ[u->hex] |= OCC_ENEMY;
		else
			mm->occ[u->hex] |= OCC_FRIEND;
		if (situation_unit_has_marker(u, "entrenched"))
			mm->occ[u->hex] |= OCC_DUG_IN;
	}
}

int
move_map_off_map(const struct move_map *mm, const struct unit *u)
{
	return mm->rules->off_map && situation_unit_has_marker(u, mm->rules->off_map);
}

int
move_map_friend_in(const struct move_map *mm, int hex)
{
	return (mm->occ[hex] & OCC_FRIEND) != 0;
}

/*
 * The friendly units unit j of the stack would stand with in hex `to`:
 * those there now and the rest of its own stack, which comes along.
 */
static int
stack_mates(const struct move_map *mm, int to, int j,
    const struct unit **there, int room)
{
	const struct unit *all[16], *u;
	int i, k, n, nt = 0;

	n = situation_in_hex(mm->sit, to, all, 16);
	/* the stack's own units are not there yet */
	for (i = 0; i < n && i < 16 && nt < room; i++)
		if (!in_stack(mm, all[i]) && strcmp(all[i]->side, mm->side) ==
		    0)
			there[nt++] = all[i];
	for (k = 0; k < mm->nunits && nt < room; k++)
		if (k != j && mm->units[k].id &&
		    (u = situation_find(mm->sit, mm->units[k].id)))
			there[nt++] = u;
	return nt;
}

/* The game's stacking limit for each unit of the stack
 * entering `to`, where friendly units stand. */
int
move_stack_limit(struct move_map *mm, int to, struct move_price *best)
{
	const struct unit *there[24];
	int j, nt;

	for (j = 0; j < mm->nunits; j++) {
		nt = stack_mates(mm, to, j, there, 24);
		if (nt && mm->rules->stacks(&mm->units[j], there, nt, best) <
		    0)
			return -1;
	}
	return 0;
}

static int
may_end_with(struct move_map *mm, int hex, unsigned features,
    struct move_price *p)
{
	const struct unit *there[24];
	struct move_step st;
	int j, nt;

	move_price_clear(p);
	memset(&st, 0, sizeof st);
	st.features = features;
	st.terrain = map_terrain(mm->map, hex);
	st.tmask = move_map_terrain_bit(mm, hex);
	st.on_map = 1;
	for (j = 0; j < mm->nunits; j++) {
		if (!mm->units[j].may_end)
			continue;
		nt = stack_mates(mm, hex, j, there, 24);
		if (mm->units[j].may_end(&mm->units[j], &st, there, nt, p) < 0)
			return -1;
	}
	return 0;
}

/* p may be NULL: the answer alone is wanted. */
int
move_map_may_end(struct move_map *mm, int hex, struct move_price *p)
{
	struct move_price scratch;

	return may_end_with(mm, hex, map_cell_features(&mm->cells, hex),
	    p ? p : &scratch);
}

int
move_map_may_end_list(struct move_map *mm, int *list, int k, int *refused,
    int *nrefused)
{
	int i, kept = 0;

	*nrefused = 0;
	for (i = 0; i < k; i++)
		if (move_map_may_end(mm, list[i], NULL) < 0)
			refused[(*nrefused)++] = list[i];
		else
			list[kept++] = list[i];
	return kept;
}
