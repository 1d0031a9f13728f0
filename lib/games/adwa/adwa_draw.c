/*
 * adwa_draw.c: Adwa's procedures for `umpire draw` (listed in adwa.c's procedure table): the
 * request cmd/draw.c makes of the command line, read and checked against
 * the rules (how many cards a hand, a Mutiny or a draw may be; which
 * answers exclude each other), then the subcommand it names; and the
 * words the command completes (the cards, the commanders).
 *
 * The request is a JSON object: "sub", the subcommand's word ("draw" for
 * the turn's draw); "count", the cards a draw takes when given (digits); "ops",
 * the operands after the subcommand; "options", each option given by its
 * long name, with its value or true.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "deck.h"
#include "err.h"
#include "games/adwa/adwa.h"
#include "games/adwa/adwa_draw.h"
#include "games/game.h"
#include "out.h"

static const char *const sub_names[] = {
	[ADWA_S_DRAW] = "draw", [ADWA_S_NEW] = "new", [ADWA_S_ROLES] = "roles",
	[ADWA_S_HAND] = "hand", [ADWA_S_PLAY] = "play", [ADWA_S_PASS] = "pass",
	[ADWA_S_EXCHANGE] = "exchange", [ADWA_S_DISCARD] = "discard",
	[ADWA_S_STATUS] = "status", [ADWA_S_LOG] = "log", [ADWA_S_UNDO] = "undo",
	[ADWA_S_END] = "end", [ADWA_S_LIST] = "list", [ADWA_S_MUTINY] = "mutiny",
	[ADWA_S_ASSASSINATE] = "assassinate", [ADWA_S_DISGRACE] = "disgrace",
	[ADWA_S_SPY] = "spy", [ADWA_S_ADVANCE] = "advance",
	[ADWA_S_CLOCK] = "clock", [ADWA_S_REACT] = "react",
	[ADWA_S_EXPOSE] = "expose", [ADWA_S_BOARD] = "board",
	[ADWA_S_BATTLE] = "battle",
};

static const char *const opt_names[] = {
	[ADWA_O_NAME] = "name", [ADWA_O_COMMANDERS] = "commanders",
	[ADWA_O_HAND] = "hand", [ADWA_O_TO] = "to", [ADWA_O_FROM] = "from",
	[ADWA_O_WITH] = "with", [ADWA_O_HEALER] = "healer",
	[ADWA_O_VETO] = "veto", [ADWA_O_ROLL] = "roll", [ADWA_O_ODDS] = "odds",
	[ADWA_O_SHOW] = "show", [ADWA_O_HELD] = "held",
	[ADWA_O_POSITIONS] = "positions", [ADWA_O_HOURS] = "hours",
	[ADWA_O_FIRST] = "first", [ADWA_O_BY] = "by",
	[ADWA_O_DIGNITY] = "dignity", [ADWA_O_YES] = "yes",
	[ADWA_O_ARMY] = "army", [ADWA_O_PINS] = "pins",
};

#define NSUBS (sizeof sub_names / sizeof *sub_names)

const char *
adwa_draw_sub_name(int sub)
{
	return sub_names[sub];
}

const char *
adwa_draw_game(const struct ctx *c)
{
	return c->game ? c->game : "adwa";
}

static int
parse_count(const char *s, int lo, int hi, int *out)
{
	char *end;
	long v;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v < lo || v > hi)
		return -1;
	*out = (int)v;
	return 0;
}

/* An option's value: the numbers and readings the rules allow. */
static int
take_value(struct adwa_draw_request *r, int id, const char *arg)
{
	switch (id) {
	case ADWA_O_DIGNITY:
		if (strcmp(arg, "card") != 0 && strcmp(arg, "power") != 0)
			return err(ST_USAGE, "--dignity: not a reading of Imperial "
			    "Dignity (card or power): '%s'", arg);
		r->dignity = strcmp(arg, "power") == 0;
		break;
	case ADWA_O_HAND:
		if (parse_count(arg, 0, 50, &r->hand) < 0)
			return err(ST_USAGE, "--hand: not a number of cards from 0 to "
			    "50: '%s'", arg);
		break;
	case ADWA_O_HELD:
		/* 9: four Mutiny cards in the deck */
		if (parse_count(arg, 0, 4, &r->held) < 0)
			return err(ST_USAGE, "--held: not a number of Mutiny cards "
			    "from 0 to 4: '%s'", arg);
		break;
	case ADWA_O_HOURS:
		if (parse_count(arg, 0, 10000, &r->hours) < 0)
			return err(ST_USAGE, "--hours: not a number of hours from 0 "
			    "to 10000: '%s'", arg);
		break;
	}
	return ST_OK;
}

static void
take_string(struct adwa_draw_request *r, int id, const char *arg)
{
	const char **dst[] = {
		[ADWA_O_NAME] = &r->name, [ADWA_O_COMMANDERS] = &r->commanders,
		[ADWA_O_TO] = &r->to, [ADWA_O_FROM] = &r->from,
		[ADWA_O_WITH] = &r->with, [ADWA_O_VETO] = &r->veto,
		[ADWA_O_ROLL] = &r->roll, [ADWA_O_SHOW] = &r->show,
		[ADWA_O_BY] = &r->by, [ADWA_O_POSITIONS] = &r->positions,
		[ADWA_O_ARMY] = &r->army,
	};
	int *flag[] = {
		[ADWA_O_HEALER] = &r->healer, [ADWA_O_ODDS] = &r->odds,
		[ADWA_O_FIRST] = &r->first, [ADWA_O_YES] = &r->yes,
		[ADWA_O_PINS] = &r->pins,
	};

	if ((size_t)id < sizeof dst / sizeof *dst && dst[id])
		*dst[id] = arg;
	else if ((size_t)id < sizeof flag / sizeof *flag && flag[id])
		*flag[id] = 1;
}

static int
find_name(const char *const *names, size_t n, const char *word)
{
	size_t i;

	for (i = 0; word && i < n; i++)
		if (names[i] && strcmp(names[i], word) == 0)
			return (int)i;
	return -1;
}

/* The request's options: each one the command gives, by its word. */
static int
options_from_json(const cJSON *opts, struct adwa_draw_request *r)
{
	const cJSON *it;
	int id, st;

	cJSON_ArrayForEach(it, opts) {
		const char *arg = cJSON_IsString(it) ? it->valuestring : "";

		if ((id = find_name(opt_names, sizeof opt_names / sizeof *opt_names,
		    it->string)) < 0)
			return err(ST_USAGE, "draw: adwa takes no option '%s'",
			    it->string ? it->string : "");
		r->given |= ADWA_B(id);
		take_string(r, id, arg);
		if ((st = take_value(r, id, arg)) != ST_OK)
			return st;
	}
	return ST_OK;
}

static int
request_from_json(const cJSON *req, struct adwa_draw_request *r)
{
	const cJSON *ops = cJSON_GetObjectItemCaseSensitive(req, "ops"), *it;
	const cJSON *count = cJSON_GetObjectItemCaseSensitive(req, "count");
	int sub = find_name(sub_names, NSUBS, cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(req, "sub"))), st;

	memset(r, 0, sizeof *r);
	if (sub < 0)
		return err(ST_USAGE, "draw: not a subcommand of adwa's");
	r->sub = (enum adwa_sub)sub;
	if (count) {
		if (!cJSON_IsString(count) || parse_count(count->valuestring, 0,
		    1000, &r->n) < 0)
			return err(ST_USAGE, "not a number of cards from 0 to 1000: "
			    "'%s'", cJSON_IsString(count) ? count->valuestring : "");
		r->nops = 1;
	}
	cJSON_ArrayForEach(it, ops)
		if (cJSON_IsString(it) && r->nops < ADWA_DRAW_MAX_OPS)
			r->ops[r->nops++] = it->valuestring;
	if ((st = options_from_json(cJSON_GetObjectItemCaseSensitive(req,
	    "options"), r)) != ST_OK)
		return st;
	/* 2.1: an Assassin's wound is rolled when it is answered */
	if (r->sub == ADWA_S_DRAW && r->roll)
		return err(ST_USAGE, "--roll: a draw rolls no die: an Assassin waits "
		    "for its answer, umpire draw react none --roll N (2.1): '%s'",
		    r->roll);
	if (r->healer && r->veto)
		return err(ST_USAGE, "--healer and --veto exclude each other: one "
		    "card stops an Assassin");
	return ST_OK;
}

static int
dispatch(struct ctx *c, const struct adwa_draw_request *r)
{
	switch (r->sub) {
	case ADWA_S_DRAW: return adwa_draw_draw(c, r);
	case ADWA_S_NEW: return adwa_draw_new(c, r);
	case ADWA_S_ROLES: return adwa_draw_roles(c, r);
	case ADWA_S_HAND: return adwa_draw_hand(c, r);
	case ADWA_S_PLAY: return adwa_draw_play(c, r);
	case ADWA_S_PASS: return adwa_draw_pass(c, r);
	case ADWA_S_EXCHANGE: return adwa_draw_exchange(c, r);
	case ADWA_S_DISCARD: return adwa_draw_discard(c, r);
	case ADWA_S_STATUS: return adwa_draw_status(c, r);
	case ADWA_S_LOG: return adwa_draw_log(c, r);
	case ADWA_S_UNDO: return adwa_draw_undo(c, r);
	case ADWA_S_END: return adwa_draw_end(c, r);
	case ADWA_S_LIST: return adwa_draw_list(c);
	case ADWA_S_REACT: return adwa_draw_react(c, r);
	case ADWA_S_EXPOSE: return adwa_draw_expose(c, r);
	case ADWA_S_BOARD: return adwa_draw_board_show(c, r->name);
	case ADWA_S_BATTLE:
		return adwa_draw_board_step(c, r->name, ADWA_BOARD_BATTLE, r->roll);
	default: return adwa_draw_procedure(c, r);
	}
}

/*
 * `umpire draw`: the subcommand the request names.  Each prints its own
 * report, and res is left empty: a change on disk must be reported as
 * made even when its report cannot be written (adwa_draw_emit_saved),
 * and its game log entry words it for the whole table.  Errors are
 * reported here, res->why empty.
 */
int
adwa_draw_run(struct ctx *c, const cJSON *req, struct out_result *res)
{
	struct adwa_draw_request r;
	int st;

	(void)res;
	if ((st = request_from_json(req, &r)) != ST_OK)
		return st;
	return dispatch(c, &r);
}

/*
 * The words `umpire draw` completes, for a request {"words": W}: the
 * deck's cards, its players, its imperial leaders (deck.json), or the
 * Italian armies (11): res->json's "words", an array of strings.
 */
int
adwa_draw_words_run(struct ctx *c, const cJSON *req, struct out_result *res)
{
	const char *what = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
	    req, "words"));
	cJSON *words = json_array();
	const cJSON *x;
	struct deck_def d;
	size_t i;
	int st;

	json_set(res->json, "words", words);
	if ((st = deck_def_load(c, adwa_draw_game(c), &adwa_deck_rules, &d)) !=
	    ST_OK)
		return st;
	if (what && strcmp(what, "cards") == 0)
		for (i = 0; i < d.nkinds; i++)
			json_push(words, cJSON_CreateString(d.kinds[i].id));
	else if (what && strcmp(what, "players") == 0)
		for (i = 0; i < d.nplayers; i++)
			json_push(words, cJSON_CreateString(d.players[i]));
	else if (what && strcmp(what, "imperial") == 0) {
		cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(d.own,
		    "imperial"))
			if (cJSON_IsString(x))
				json_push(words, cJSON_CreateString(
				    x->valuestring));
	} else if (what && strcmp(what, "armies") == 0)
		for (i = 0; i < ADWA_ARMIES; i++)
			json_push(words, cJSON_CreateString(adwa_army[i]));
	deck_def_free(&d);
	return ST_OK;
}

