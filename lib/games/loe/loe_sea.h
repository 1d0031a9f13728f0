/*
 * loe_sea.h: a stack's move from the sea (6.4, loe_sea.c), the jump
 * layer loe's movement rules give the map search (move.h, map_path).
 */
#ifndef UMPIRE_LOE_SEA_H
#define UMPIRE_LOE_SEA_H

struct move_map;
struct path_result;

int	loe_sea_path(struct move_map *, int to, int budget,
	    struct path_result *out);
int	loe_sea_reach(struct move_map *, int budget, int *left, int *prev);
int	loe_sea_enters(struct move_map *, int to);
struct cJSON;
int	loe_sea_along_starts(struct move_map *mm, const int *path, int n,
	    char *why, size_t len);
void	loe_sea_other_way(struct move_map *mm, int to, int budget, int scale,
	    char *text, size_t len, const char **rule, struct cJSON *json);

#endif
