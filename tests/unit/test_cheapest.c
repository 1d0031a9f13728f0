/*
 * test_cheapest.c: the cheapest way at any cost with a rail move
 * (lib/move_cheapest.c), which looks ahead by a looser map, costs what
 * the plain search finds, move_map_path with no budget: Dijkstra over
 * both sides of the rail move with no estimate at all.  On toto's
 * teaching map, read from rules/ (unit tests run from the repository's
 * root) with its situation: each unit alone; one as cavalry under
 * optional rule 31, which infiltrates, going on through an enemy zone of
 * control where the others stop (toto 11.4, 31.2), so that the looser map
 * may not wall it in; that one stacked with infantry, which does stop;
 * two units stacked; to hexes all over the map.  The totals are where a
 * bound that overestimates shows, as a dearer way or none.  And a strip
 * of a map where the cheap way runs through a zone of control, worked by
 * hand.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "err.h"
#include "gamefix.h"
#include "games/game.h"
#include "map.h"
#include "mapfix.h"
#include "move.h"
#include "move_answer.h"
#include "move_map.h"
#include "path.h"
#include "tap.h"
#include "units.h"

#define STRIDE	3		/* every third hex of the map is a target */

static struct move_vocab vocab;
static struct move_tec tec;
static char *words;

static int
load(const char *path, char **buf, size_t *len)
{
	if (data_read_file(path, buf, len) == ST_OK)
		return 0;
	printf("# cannot read %s\n", path);
	return -1;
}

/* The game's words and costs, the teaching map and its situation. */
static int
fixtures(struct map **m, struct situation **s)
{
	char *buf, why[512];
	size_t len;
	int r;

	if (game_rules_load("toto", &words, &vocab, &tec) < 0 ||
	    load("rules/toto/maps/teaching.map", &buf, &len) < 0)
		return -1;
	r = map_parse_text(buf, len, NULL, NULL, fixture_vocab, words, m, why,
	    sizeof why);
	free(buf);
	if (r < 0 || load("rules/toto/situations/teaching.json", &buf,
	    &len) < 0)
		return -1;
	r = situation_parse(buf, len, *m, s, why, sizeof why);
	free(buf);
	return r < 0 ? -1 : 0;
}

/* A stack to move: its units, the first as a type of its own if type,
 * the flags of the request and the season (NULL: spring). */
struct stack {
	const char *ids[2];
	int n;
	const char *type;
	unsigned flags;
	const char *season;
};

/* The units of k readied, no allowance (as the cheapest way at any cost
 * is asked), into u; their move_map into mm. */
static int
ready(struct move_map *mm, const struct map *m, const struct situation *s,
    const struct stack *k, struct move_unit *u)
{
	struct move_req req;
	char why[512];
	int j;

	for (j = 0; j < k->n; j++) {
		memset(&req, 0, sizeof req);
		req.flags = k->flags;
		req.type = j == 0 ? k->type : NULL;
		req.season = k->season;
		if (move_ready_unit(NULL, &toto_move, m, situation_find(s,
		    k->ids[j]), &req, &vocab, &tec, &u[j], why, sizeof why) !=
		    ST_OK) {
			printf("# %s: %s\n", k->ids[j], why);
			return -1;
		}
		u[j].ma = -1;
	}
	*mm = (struct move_map){ .map = m, .sit = s, .rules = &toto_move,
	    .vocab = &vocab, .units = u, .nunits = k->n, .side = u[0].side,
	    .origin = situation_find(s, k->ids[0])->hex };
	return move_map_init(mm) == ST_OK ? 0 : -1;
}

/* Every STRIDE-th hex as the target: the two searches agree on whether
 * there is a way and on what it costs.  The number of targets with a
 * way, or -1 at the first that differs (said). */
static int
agree(struct move_map *mm, const char *what)
{
	struct path_result a, b;
	char id[HEX_IDLEN];
	int to, sa, sb, ways = 0, n = map_size(mm->map);

	for (to = 0; to < n; to += STRIDE) {
		sa = move_map_cheapest(mm, to, &a);
		sb = move_map_path(mm, to, -1, &b);
		if (sa != sb || (sa == ST_OK && a.total != b.total)) {
			map_hex_id(mm->map, to, id);
			printf("# %s to %s: looked ahead %d (%d), plain %d "
			    "(%d)\n", what, id, sa, sa == ST_OK ? a.total : -1,
			    sb, sb == ST_OK ? b.total : -1);
			ways = -1;
		}
		ways += ways >= 0 && sa == ST_OK;
		path_result_free(&a);
		path_result_free(&b);
		if (ways < 0)
			break;
	}
	return ways;
}

static void
test_stack(const struct map *m, const struct situation *s,
    const struct stack *k)
{
	struct move_unit u[2];
	struct move_map mm;
	char what[96];
	int ways;

	snprintf(what, sizeof what, "%s%s%s%s%s%s", k->ids[0], k->type ?
	    " as " : "", k->type ? k->type : "", k->flags ? ", rule 31" : "",
	    k->n > 1 ? " with " : "", k->n > 1 ? k->ids[1] : "");
	if (ready(&mm, m, s, k, u) < 0) {
		ok(0, "%s readied", what);
		return;
	}
	ways = agree(&mm, what);
	/* the map's seas and enemy hexes are beyond any way; most is not */
	ok(ways > 100, "%s: the looked-ahead way costs the plain one's to "
	    "every target (%d with a way)", what, ways);
	move_map_free(&mm);
}

/*
 * A strip nine hexes long, in winter: row 03 clear from 0103 to 0903,
 * the rows above mountain (4 MP in winter, 38.0), the sea below but for
 * row 04, where two Ottoman divisions stand at 0404 and 0604.  Their zones
 * of control cover row 03 from 0303 to 0703.
 */
static const char strip_map[] =
    "game toto\nlayout odd-q\nsize 0101 0905\ndefault mountain\n"
    "0103-0904 clear\n0105-0905 sea\n";
static const char strip_units[] =
    "{ \"game\": \"toto\", \"units\": ["
    " { \"id\": \"ot-a\", \"side\": \"ottoman\", \"type\": \"infantry\","
    " \"strength\": 3, \"ma\": 4, \"hex\": \"0404\" },"
    " { \"id\": \"ot-b\", \"side\": \"ottoman\", \"type\": \"infantry\","
    " \"strength\": 3, \"ma\": 4, \"hex\": \"0604\" },"
    " { \"id\": \"al-cav\", \"side\": \"allied\", \"type\": \"cavalry\","
    " \"strength\": 2, \"ma\": 6, \"hex\": \"0103\" },"
    " { \"id\": \"al-inf\", \"side\": \"allied\", \"type\": \"infantry\","
    " \"strength\": 3, \"ma\": 4, \"hex\": \"0103\" } ] }";

/* k's cheapest way from 0103 to 0903 on the strip, in half MP: looked
 * ahead and plain, which must agree; -1 for none. */
static int
strip_total(const struct map *m, const struct situation *s,
    const struct stack *k)
{
	struct move_unit u[2];
	struct move_map mm;
	struct path_result a, b;
	int to = H(m, "0903"), total = -2;

	if (ready(&mm, m, s, k, u) < 0)
		return -2;
	if (move_map_cheapest(&mm, to, &a) == ST_OK &&
	    move_map_path(&mm, to, -1, &b) == ST_OK && a.total == b.total)
		total = a.total;
	path_result_free(&a);
	path_result_free(&b);
	move_map_free(&mm);
	return total;
}

static void
test_strip(void)
{
	static const struct stack cav = { { "al-cav" }, 1, NULL,
		MOVE_INFILTRATE, "winter" };
	static const struct stack inf = { { "al-inf" }, 1, NULL,
		MOVE_INFILTRATE, "winter" };
	static const struct stack plain = { { "al-cav" }, 1, NULL, 0,
		"winter" };
	struct map *m = NULL;
	struct situation *s = NULL;
	char why[512];

	if (map_parse_text(strip_map, sizeof strip_map - 1, NULL, NULL,
	    fixture_vocab, words, &m, why, sizeof why) < 0 ||
	    situation_parse(strip_units, sizeof strip_units - 1, m, &s, why,
	    sizeof why) < 0) {
		ok(0, "the strip parses: %s", why);
		map_free(m);
		return;
	}
	/* 31.2: cavalry infiltrates straight along row 03, eight clear hexes
	   at 1 MP and 2 MP more for each of the five steps out of a zone,
	   0303 to 0703: 8 + 10 = 18 MP */
	is_int(strip_total(m, s, &cav), 36, "an infiltrating cavalry unit "
	    "goes through the zones: 18 MP");
	/* 11.4: infantry stops in the first hex of a zone it enters, so it
	   goes round by row 02: 0203 clear 1, five mountain hexes at 4 (the
	   columns 03 to 07 of the zones), 0803 and 0903 clear 1: 23 MP */
	is_int(strip_total(m, s, &inf), 46, "infantry goes round the zones "
	    "over the mountains: 23 MP");
	is_int(strip_total(m, s, &plain), 46, "cavalry without rule 31 "
	    "goes round as well: 23 MP");
	situation_free(s);
	map_free(m);
}

int
main(void)
{
	static const struct stack stacks[] = {
		{ { "ot-garrison" }, 1, NULL, 0, NULL },
		{ { "br-inf-a" }, 1, NULL, 0, NULL },
		{ { "br-inf-b" }, 1, NULL, 0, "winter" },
		{ { "br-camel" }, 1, NULL, 0, NULL },
		{ { "ru-corps" }, 1, NULL, 0, "summer" },
		{ { "br-inf-a" }, 1, "cavalry", MOVE_INFILTRATE, NULL },
		{ { "br-inf-a", "br-inf-b" }, 2, "cavalry", MOVE_INFILTRATE,
		    "winter" },
		{ { "br-inf-a", "br-inf-b" }, 2, NULL, 0, NULL },
	};
	struct map *m = NULL;
	struct situation *s = NULL;
	size_t i;

	if (fixtures(&m, &s) < 0) {
		ok(0, "toto's teaching map, situation, words and costs load");
		return tap_done();
	}
	for (i = 0; i < sizeof stacks / sizeof *stacks; i++)
		test_stack(m, s, &stacks[i]);
	test_strip();
	situation_free(s);
	map_free(m);
	free(words);
	return tap_done();
}
