/*
 * test_move_answer.c: unit tests for lib/move_answer.c's drawn path:
 * move_path_along prices the hexes a player drew, with the very search
 * move_map_path runs, even where a cheaper way lies beside them; it
 * refuses a hex entered twice, and leaves the search open again after.
 * Costs are in half MP, loe's cost unit; each figure is worked in the
 * comment.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "games/game.h"
#include "map.h"
#include "mapfix.h"
#include "move.h"
#include "move_answer.h"
#include "move_map.h"
#include "path.h"
#include "tap.h"
#include "situation.h"

static const char words[] =
    "{ \"format\": \"umpire-terrain/1\", \"game\": \"loe\","
    "  \"terrain\": [\"clear\", \"massif\"], \"features\": [],"
    "  \"hexsides\": [\"road\"] }";

static const char tec[] =
    "{ \"format\": \"umpire-tec/1\", \"game\": \"loe\", \"scale\": 2,"
    "  \"terrain\": ["
    "    { \"word\": \"clear\", \"mp\": 1, \"rule\": \"6.3.1\" },"
    "    { \"word\": \"massif\", \"mp\": 8, \"rule\": \"6.3.4\" } ] }";

/*
 * A 5 by 5 odd-q map, clear but for the massif 0102.  Column 02 sits
 * higher than column 01, so 0202 touches 0101 and 0102, and 0203 touches
 * 0102 and 0103.
 */
static const char map_text[] =
    "game loe\nlayout odd-q\nsize 0101 0505\ndefault clear\n"
    "0102 massif\n";
static const char units[] =
    "{ \"game\": \"loe\", \"units\": [ { \"id\": \"a\", \"side\": \"italian\","
    " \"type\": \"italian-inf\", \"strength\": 6, \"ma\": 9,"
    " \"hex\": \"0101\" } ] }";

static struct move_vocab vocab;
static struct move_tec costs;

/* The path of hex ids ids[0..n) as map indexes into out. */
static void
hexes(const struct map *m, const char *const *ids, int n, int *out)
{
	int i;

	for (i = 0; i < n; i++)
		out[i] = map_lookup(m, ids[i]);
}

static void
test_along(struct move_map *mm, const struct map *m)
{
	static const char *const drawn[] = { "0101", "0102", "0103" };
	static const char *const twice[] = { "0101", "0202", "0102", "0202" };
	struct path_result pr;
	struct move_price p;
	int path[4], at = -1;

	/* left to itself the search goes round the massif: 0202, 0203,
	   0103, three clear hexes, 3 MP = 6 halves */
	ok(move_map_path(mm, map_lookup(m, "0103"), 18, &pr) == ST_OK &&
	    pr.total == 6 && pr.n == 4, "the cheapest way round: 6 halves");
	path_result_free(&pr);
	/* over it as drawn: massif 8 MP + clear 1 = 9 MP, 18 halves of 18 */
	hexes(m, drawn, 3, path);
	ok(move_path_along(mm, path, 3, 18, &pr, &at) == ST_OK,
	    "the drawn path over the massif is taken");
	is_int(pr.total, 18, "18 halves: 16 for the massif, 2 for 0103");
	is_int(pr.n, 3, "three hexes, as drawn");
	is_int(pr.costs[1], 16, "6.3.4: massif, 8 MP");
	is_int(pr.costs[2], 2, "6.3.1: clear, 1 MP");
	move_path_step(mm, &pr, 1, 0, &p);
	is_str(p.rule, "6.3.4", "the first step is priced again by its rule");
	path_result_free(&pr);
	ok(move_path_along(mm, path, 3, 17, &pr, &at) == ST_NO,
	    "with 17 halves the drawn path is too dear");
	ok(mm->lane == NULL, "the search is open again after");
	ok(move_map_path(mm, map_lookup(m, "0103"), 18, &pr) == ST_OK &&
	    pr.total == 6, "and finds its own way round again");
	path_result_free(&pr);
	hexes(m, twice, 4, path);
	ok(move_path_along(mm, path, 4, -1, &pr, &at) == ST_USAGE && at == 3,
	    "0202 entered twice is refused at its second entry");
}

int
main(void)
{
	struct move_map mm;
	struct move_unit u;
	struct move_req req;
	struct map *m = NULL;
	struct situation *s = NULL;
	char why[512];

	if (move_vocab_parse(words, sizeof words - 1, "words", "loe",
	    &vocab) != ST_OK || move_tec_parse(tec, sizeof tec - 1, "tec",
	    "loe", &costs) != ST_OK || map_parse_text(map_text,
	    sizeof map_text - 1, NULL, NULL, fixture_vocab, (void *)words, &m,
	    why, sizeof why) < 0 || situation_parse(units, sizeof units - 1,
	    m, &s, why, sizeof why) < 0) {
		ok(0, "the fixtures parse");
		return tap_done();
	}
	move_tec_bind(&costs, &vocab);
	memset(&req, 0, sizeof req);
	ok(move_ready_unit(NULL, &loe_move, m, situation_find(s, "a"), &req,
	    &vocab, &costs, &u, why, sizeof why) == ST_OK && u.ma == 18,
	    "unit a readied from the situation: MA 9, 18 halves");
	mm = (struct move_map){ .map = m, .sit = s, .rules = &loe_move,
	    .vocab = &vocab, .units = &u, .nunits = 1, .side = "italian",
	    .origin = map_lookup(m, "0101") };
	move_map_init(&mm);
	test_along(&mm, m);
	move_map_free(&mm);
	situation_free(s);
	map_free(m);
	return tap_done();
}
