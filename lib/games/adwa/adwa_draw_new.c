/*
 * adwa_draw_new.c: beginning an Adwa 1896 game (`umpire draw new`): the
 * commanders, their turn order (3) and their starting hands (12), the
 * board, and the dignity power umpire lets a table choose; and the secret
 * roles (`umpire draw roles`, 1): dealt (beginning the game if there is
 * none yet), shown to one commander, or their odds.
 */
#include <stdio.h>
#include <string.h>

#include "games/adwa/adwa_draw.h"
#include "deck.h"
#include "err.h"
#include "games/adwa/adwa.h"
#include "games/adwa/adwa_board.h"
#include "out.h"

static int
split_names(const char *list, char names[][DECK_NAME_MAX], size_t *n)
{
	const char *p = list;
	size_t i;

	*n = 0;
	while (*p) {
		size_t len = strcspn(p, ",");

		if (*n == DECK_MAX_PLAYERS)
			return err(ST_USAGE, "--commanders: more than %d commanders",
			    DECK_MAX_PLAYERS);
		snprintf(names[*n], DECK_NAME_MAX, "%.*s", (int)len, p);
		if (len >= DECK_NAME_MAX || !deck_name_ok(names[*n]))
			return err(ST_USAGE, "--commanders: not a commander's name "
			    "(lower-case letters, digits, - and _): '%.*s'", (int)len, p);
		for (i = 0; i < *n; i++)
			if (strcmp(names[i], names[*n]) == 0)
				return err(ST_USAGE, "--commanders: '%s' twice", names[i]);
		(*n)++;
		p += len;
		if (*p == ',' && *++p == '\0')
			return err(ST_USAGE, "--commanders: a list ends with a name: "
			    "'%s'", list);
	}
	/* 2.2: an exchange needs two */
	if (*n < 2)
		return err(ST_USAGE, "--commanders: at least two commanders: '%s'",
		    list);
	return ST_OK;
}

/* A fresh game in g: shuffled order, dealt hands, Assassins held out. */
static int
deal_new(struct ctx *c, const struct adwa_draw_request *r, const char *name,
    struct adwa_draw_session *g, struct adwa_draw_out *o)
{
	char names[DECK_MAX_PLAYERS][DECK_NAME_MAX], order[512] = "", buf[64];
	char *ptrs[DECK_MAX_PLAYERS];
	int hand = r->given & ADWA_B(ADWA_O_HAND) ? r->hand : g->def.hand, held = 0;
	struct rng rng = *ctx_rng(c);
	size_t n, i;
	int st, k;

	if (r->commanders) {
		if ((st = split_names(r->commanders, names, &n)) != ST_OK)
			return st;
	} else {
		for (n = 0; n < g->def.nplayers; n++)
			snprintf(names[n], DECK_NAME_MAX, "%s", g->def.players[n]);
	}
	for (i = 0; i < n; i++)
		ptrs[i] = names[i];
	adwa_order(ptrs, n, &rng);
	if (deck_new(&g->s, &g->def, name, ptrs, n, hand, &rng) < 0)
		return err(ST_USAGE, "--hand: %zu commanders x %d cards is more than "
		    "the deck can deal: '%d'", n, hand, hand);
	g->have_s = 1;
	adwa_board_new(&g->s);
	g->s.seeded = c->seeded;
	g->s.seed = c->seed;
	adwa_of(&g->s)->dignity = r->dignity;
	if (r->pins && (st = adwa_draw_pins_new(g)) != ST_OK)
		return st;
	for (i = 0; i < n; i++) {
		strncat(order, i ? ", " : "", sizeof order - strlen(order) - 1);
		strncat(order, ptrs[i], sizeof order - strlen(order) - 1);
	}
	for (k = 0; k < g->def.ncards; k++)
		held += !g->def.kinds[g->def.kind_of[k]].deal;
	trail_title(o->t, NULL, "%s: new game '%s'", adwa_draw_game_title(g->def.game), name);
	snprintf(buf, sizeof buf, "%d", hand);
	{
		char line[600];

		snprintf(line, sizeof line, "turn order, shuffled: %s", order);
		adwa_draw_out_step(o, "3", line);
		snprintf(line, sizeof line, "%d cards dealt to each commander, no "
		    "Assassin among them%s", hand, r->given & ADWA_B(ADWA_O_HAND) ? "" :
		    " (the text sets no hand size; --hand changes it)");
		adwa_draw_out_step(o, g->def.hand_rule, line);
		snprintf(line, sizeof line, "the %d Assassins then shuffled into the "
		    "draw pile: %zu cards", held, g->s.draw.n);
		adwa_draw_out_step(o, "12", line);
		adwa_draw_out_step(o, "6", r->dignity ? "Imperial Dignity is read as a power "
		    "of Menelik and Taitu, no card spent: umpire draw react "
		    "dignity --by NAME" : "Imperial Dignity is read as the Veto "
		    "card (--dignity power reads it as a power)");
		if (r->pins)
			adwa_draw_out_step(o, "1", "each commander has chosen a PIN: a "
			    "hand, a role or a Spy's finding is shown only to the one "
			    "who types it");
		if (c->seeded)
			snprintf(line, sizeof line, "seed %llu: every later shuffle "
			    "and roll of this game can be repeated",
			    (unsigned long long)c->seed);
		else
			snprintf(line, sizeof line, "no --seed: the shuffles come from "
			    "the operating system");
		adwa_draw_out_step(o, NULL, line);
	}
	{
		cJSON *arr = json_array();

		for (i = 0; i < n; i++)
			json_push(arr, cJSON_CreateString(ptrs[i]));
		json_set(o->json, "commanders", arr);
	}
	json_set_num(o->json, "hand", hand);
	json_set_str(o->json, "hand_rule", g->def.hand_rule);
	return ST_OK;
}

/* ST_OK when no game is at the name's path; else reported: a game (2),
 * or what is no game file (3), never replaced. */
static int
name_free(struct adwa_draw_session *g, const char *name)
{
	int st = deck_file_vacant(&g->f);

	if (st == ST_NO)
		return err(ST_USAGE, "game '%s' already exists (umpire draw end "
		    "--name %s ends it; --name starts another): '%s'", name, name,
		    name);
	return st;
}

/* Lock the new game's name (g->f set up for it).  It is asked first
 * whether it is free, so that a refused new makes no lock file; then
 * again under the lock. */
static int
lock_new(struct adwa_draw_session *g, const char *name)
{
	int st;

	if ((st = name_free(g, name)) != ST_OK ||
	    (st = deck_file_lock(&g->f)) != ST_OK)
		return st;
	return name_free(g, name);
}

static int
new_name(const struct ctx *c, const struct adwa_draw_request *r, char name[DECK_NAME_MAX])
{
	/* adwa is the one game with a deck: -g adwa is implied */
	if (!c->game && !r->name) {
		snprintf(name, DECK_NAME_MAX, "%s", adwa_draw_game(c));
		return ST_OK;
	}
	return adwa_draw_game_name(c, r, name);
}

/* The new deck's name and definition: with a saved game, its part
 * (under the game's lock, none there yet); else a store file's. */
static int
new_open(struct ctx *c, const struct adwa_draw_request *r,
    char name[DECK_NAME_MAX], struct adwa_draw_session *g)
{
	int st;

	if (c->saved) {
		snprintf(name, DECK_NAME_MAX, "%s", c->saved);
		if ((st = adwa_draw_part_no_name(c, r->name)) != ST_OK)
			return st;
		return adwa_draw_part_new(c, g);
	}
	if ((st = new_name(c, r, name)) != ST_OK ||
	    (st = deck_def_load(c, adwa_draw_game(c), &adwa_deck_rules,
	    &g->def)) != ST_OK)
		return st;
	g->have_def = 1;
	return ST_OK;
}

/*
 * 1: the roles are dealt with the game, which has no start without them,
 * when the rules can deal them (two commanders besides Menelik and
 * Taitu).  From a generator of their own, seeded from the game's: the
 * cards, the dice and every later shuffle are those a game dealt without
 * roles would have, and nothing drawn tells a role.
 */
static void
roles_at_new(struct adwa_draw_session *g, struct adwa_draw_out *o)
{
	struct adwa_report rep = { 0 };
	struct rng kept = g->s.rng;
	size_t i;

	dice_rng_seed(&g->s.rng, kept.s[0] ^ (kept.s[3] << 1) ^
	    0x726f6c6573ull);
	if (adwa_roles_deal(&g->s, &rep) != ST_OK) {
		adwa_draw_out_step(o, "1", "no roles: the spy and the traitor's "
		    "chance need two commanders besides Menelik and Taitu");
		g->s.rng = kept;
		return;
	}
	g->s.rng = kept;
	for (i = 0; i < rep.steps.n; i++)
		adwa_draw_out_step(o, rep.steps.s[i].rule, rep.steps.s[i].text);
}

int
adwa_draw_new(struct ctx *c, const struct adwa_draw_request *r)
{
	char name[DECK_NAME_MAX], line[200];
	struct adwa_draw_session g;
	struct adwa_draw_out o;
	int st;

	memset(&g, 0, sizeof g);
	g.f.fd = -1;
	if ((st = new_open(c, r, name, &g)) != ST_OK) {
		adwa_draw_session_free(&g);
		return st;
	}
	adwa_draw_out_init(&o, g.def.game, "draw-new");
	json_set_str(o.json, "name", name);
	st = deal_new(c, r, name, &g, &o);
	if (st == ST_OK)
		roles_at_new(&g, &o);
	if (st == ST_OK && !g.in_game &&
	    (st = deck_file_init(&g.f, name)) == ST_OK)
		st = lock_new(&g, name);
	if (st == ST_OK) {
		snprintf(line, sizeof line, "game '%s' begun by %zu commanders",
		    name, g.s.np);
		st = adwa_draw_session_commit(c, &g, "new", NULL, line, "3", NULL);
	}
	if (st != ST_OK) {
		adwa_draw_out_free(&o);
		adwa_draw_session_free(&g);
		return st;
	}
	adwa_draw_piles_json(o.json, &g.s);
	adwa_draw_part_tell(&g, o.t, o.json, 1);
	if (c->seeded)
		json_set_num(o.json, "seed", (double)c->seed);
	snprintf(line, sizeof line, "%s begins: umpire %s%s%sdraw%s%s",
	    g.s.p[0].name, c->saved ? "--saved " : "", c->saved ? c->saved : "",
	    c->saved ? " " : "",
	    r->name ? " --name " : "", r->name ? name : "");
	adwa_draw_out_result(&o, "3", "new", line);
	adwa_draw_session_free(&g);
	return adwa_draw_out_saved(c, &o, "the new game was saved");
}

static int
roles_show(struct ctx *c, const struct adwa_draw_request *r)
{
	static const struct {
		const char *role, *text, *rule;
	} says[] = {
		{ "loyal", "loyal: you win if Ethiopia wins; whether a traitor is "
		  "in play is not yours to know", "1" },
		{ "spy", "the spy, and loyal: you win if Ethiopia wins, and you may "
		  "play Spy", "6" },
		{ "traitor", "the traitor: you win if Ethiopia is defeated, and "
		  "only you may play Defection", "1" },
	};
	struct adwa_draw_session g;
	struct adwa_draw_out o;
	char line[300];
	size_t i;
	int who, st, asked = 0;

	if ((st = adwa_draw_session_open(c, r, 0, 0, &g)) != ST_OK ||
	    (st = adwa_draw_commander(&g, "--show: ", r->show, &who)) != ST_OK)
		goto fail;
	if (!adwa_of(&g.s)->roles) {
		st = err(ST_USAGE, "roles have not been dealt in game '%s' (umpire "
		    "draw roles deals them)", g.s.name);
		goto fail;
	}
	/* 1, 10: a role is its holder's, shown to his PIN */
	if ((st = adwa_draw_pin_check(&g, who, "roles --show", &asked)) != ST_OK)
		goto fail;
	for (i = 0; i < sizeof says / sizeof *says; i++)
		if (strcmp(says[i].role, adwa_of(&g.s)->p[who].role) == 0)
			break;
	if (i == sizeof says / sizeof *says) {
		st = err(ST_DATA, "%s: an unknown role for %s: '%s'", g.f.path,
		    g.s.p[who].name, adwa_of(&g.s)->p[who].role);
		goto fail;
	}
	adwa_draw_out_init(&o, g.def.game, "draw-roles");
	adwa_draw_game_header(&o, &g, "a role, for its holder's eyes only");
	json_set_str(o.json, "commander", g.s.p[who].name);
	json_set_str(o.json, "role", adwa_of(&g.s)->p[who].role);
	snprintf(line, sizeof line, "%s, you are %s", g.s.p[who].name, says[i].text);
	if (adwa_of(&g.s)->p[who].found >= 0) {
		int fi = adwa_of(&g.s)->p[who].found;
		const struct adwa_player *f = &adwa_of(&g.s)->p[fi];
		char seen[200];

		/* 6: what the last successful Spy showed its player */
		snprintf(seen, sizeof seen, "your Spy found in turn %d: %s is %s",
		    adwa_of(&g.s)->p[who].found_turn, g.s.p[fi].name, strcmp(f->role, "traitor") == 0 ?
		    "the traitor" : strcmp(f->role, "spy") == 0 ? "the spy (loyal)" :
		    "loyal");
		adwa_draw_out_step(&o, "6", seen);
		json_set_str(o.json, "found", g.s.p[fi].name);
		json_set_str(o.json, "found_role", f->role);
	}
	adwa_draw_out_result(&o, says[i].rule, adwa_of(&g.s)->p[who].role, line);
	out_secret("a commander's role");
	adwa_draw_session_free(&g);
	st = adwa_draw_out_done(c, &o);
	adwa_draw_pin_clear(asked);
	return st;
fail:
	adwa_draw_session_free(&g);
	return st;
}

static int
roles_odds(struct ctx *c, const struct adwa_draw_request *r)
{
	char names[DECK_MAX_PLAYERS][DECK_NAME_MAX], *ptrs[DECK_MAX_PLAYERS];
	struct adwa_role_odds odds[DECK_MAX_PLAYERS];
	cJSON *arr = json_array();
	struct deck_def d;
	struct adwa_draw_out o;
	size_t n, i;
	int st;

	if ((st = deck_def_load(c, adwa_draw_game(c), &adwa_deck_rules, &d)) != ST_OK) {
		cJSON_Delete(arr);
		return st;
	}
	if (r->commanders) {
		if ((st = split_names(r->commanders, names, &n)) != ST_OK) {
			cJSON_Delete(arr);
			deck_def_free(&d);
			return st;
		}
	} else {
		for (n = 0; n < d.nplayers; n++)
			snprintf(names[n], DECK_NAME_MAX, "%s", d.players[n]);
	}
	for (i = 0; i < n; i++)
		ptrs[i] = names[i];
	adwa_roles_odds(&d, ptrs, n, odds);
	adwa_draw_out_init(&o, d.game, "draw-roles");
	trail_title(o.t, "1", "%s: the chance of each role", adwa_draw_game_title(d.game));
	trail_step(o.t, NULL, "%-16s %8s %8s %8s", "commander", "loyal", "spy",
	    "traitor");
	for (i = 0; i < n; i++) {
		cJSON *j = json_object();

		trail_step(o.t, NULL, "%-16s %7.2f%% %7.2f%% %7.2f%%", names[i],
		    100 * odds[i].loyal, 100 * odds[i].spy, 100 * odds[i].traitor);
		json_set_str(j, "commander", names[i]);
		json_set_num(j, "loyal", odds[i].loyal);
		json_set_num(j, "spy", odds[i].spy);
		json_set_num(j, "traitor", odds[i].traitor);
		json_push(arr, j);
	}
	adwa_draw_out_step(&o, "1", "a traitor in 80% of games; Menelik and Taitu are "
	    "never spy or traitor");
	json_set(o.json, "odds", arr);
	deck_def_free(&d);
	return adwa_draw_out_done(c, &o);
}

int
adwa_draw_roles(struct ctx *c, const struct adwa_draw_request *r)
{
	struct adwa_report rep = { 0 };
	char name[DECK_NAME_MAX];
	struct adwa_draw_session g;
	struct adwa_draw_out o;
	int st, fresh;

	if (r->show)
		return roles_show(c, r);
	if (r->odds)
		return roles_odds(c, r);
	memset(&g, 0, sizeof g);
	g.f.fd = -1;
	if ((st = adwa_draw_game_name(c, r, name)) != ST_OK ||
	    (st = deck_file_init(&g.f, name)) != ST_OK)
		return st;
	fresh = !c->saved && !deck_file_exists(&g.f);
	if (fresh) {
		/*
		 * No game yet: begin one, as new would, then deal, all in
		 * memory and written once: a deal the rules refuse leaves no
		 * game behind, nor its lock.  The log still holds the
		 * beginning and the deal, the deal undoable alone.
		 */
		if ((st = new_name(c, r, name)) != ST_OK ||
		    (st = deck_def_load(c, adwa_draw_game(c), &adwa_deck_rules, &g.def)) != ST_OK)
			return st;
		g.have_def = 1;
		adwa_draw_out_init(&o, g.def.game, "draw-roles");
		json_set_str(o.json, "name", name);
		if ((st = deal_new(c, r, name, &g, &o)) != ST_OK) {
			adwa_draw_out_free(&o);
			adwa_draw_session_free(&g);
			return st;
		}
		deck_log_add(&g.f, &g.s, "new", NULL, "game begun", 0);
		g.f.before = deck_to_json(&g.s, 0);
	} else {
		if (r->commanders || (r->given & ADWA_B(ADWA_O_HAND))) {
			return err(ST_USAGE, "game '%s' exists: its commanders and hands "
			    "are dealt already: '%s'", name, r->commanders ?
			    r->commanders : "--hand");
		}
		if ((st = adwa_draw_session_open(c, r, 1, 0, &g)) != ST_OK) {
			adwa_draw_session_free(&g);
			return st;
		}
		adwa_draw_out_init(&o, g.def.game, "draw-roles");
		adwa_draw_game_header(&o, &g, "roles");
	}
	if (adwa_of(&g.s)->roles) {
		/* 1: dealt with the game (or before): nothing to do but say so */
		rep.quiet = 1;
		snprintf(rep.code, sizeof rep.code, "dealt");
		snprintf(rep.text, sizeof rep.text, "the roles of game '%s' are "
		    "dealt: umpire draw roles --show NAME shows one's own",
		    g.s.name);
		st = adwa_draw_finish(c, &g, &o, ST_OK, &rep, "roles", NULL, "1");
		adwa_draw_session_free(&g);
		return st;
	}
	st = adwa_roles_deal(&g.s, &rep);
	/* the fresh game's name is locked once the deal stands */
	if (st == ST_OK && fresh)
		st = lock_new(&g, name);
	st = adwa_draw_finish(c, &g, &o, st, &rep, "roles", NULL, "1");
	adwa_draw_session_free(&g);
	return st;
}
