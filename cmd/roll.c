/*
 * roll.c: `umpire roll DICE...`: roll dice groups ("2d6", "d10", "3d6+2")
 * and show every die and the total; or, with --odds, the exact chance of
 * every total.  --roll takes the player's own dice instead, so the total
 * and any modifier are added up the same way.  No rule of any game applies
 * here; this is the dice engine on its own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "dice.h"
#include "err.h"
#include "out.h"

#define ROLL_MAX_GROUPS 16

enum { O_ODDS = 1, O_ROLL };

const struct opt roll_opts[] = {
	{ O_ODDS, 0, "odds", NULL, "print the exact chance of every total", NULL },
	{ O_ROLL, 0, "roll", "list", "use your own dice, in order: 3,5 (a d10's "
	  "0 is 10)", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

struct roll_request {
	struct dice groups[ROLL_MAX_GROUPS];
	char texts[ROLL_MAX_GROUPS][32];
	size_t n;
	int odds;
	const char *roll;
};

void
complete_roll(const struct ctx *c, char **ops, int nops, const char *prefix)
{
	static const char *const common[] = { "d6", "2d6", "d10", "3d6", "d100" };
	size_t i;

	(void)c;
	(void)ops;
	(void)nops;
	for (i = 0; i < sizeof common / sizeof *common; i++)
		complete_word(prefix, common[i]);
}

static int
parse_request(struct roll_request *r, int argc, char **argv)
{
	struct opt_parser p;
	int id, dice = 0;
	const char *why;

	memset(r, 0, sizeof *r);
	opt_init(&p, roll_opts, argc, argv);
	while ((id = opt_next(&p)) != OPT_END) {
		if (id == OPT_ERROR)
			return ST_USAGE;
		if (id == O_ODDS)
			r->odds = 1;
		else if (id == O_ROLL)
			r->roll = p.arg;
		else if (r->n == ROLL_MAX_GROUPS)
			return err(ST_USAGE, "too many dice groups: '%s' (at most %d)",
			    p.arg, ROLL_MAX_GROUPS);
		else if (dice_parse(p.arg, &r->groups[r->n], &why) < 0)
			return err(ST_USAGE, "bad dice: '%s' (expected %s)", p.arg, why);
		else {
			dice += r->groups[r->n].count;
			dice_format(&r->groups[r->n], r->texts[r->n]);
			r->n++;
		}
	}
	if (r->n == 0)
		return err(ST_USAGE, "no dice given (expected dice like 2d6, d10 "
		    "or 3d6+2)");
	if (dice > DICE_MAX_COUNT)
		return err(ST_USAGE, "too many dice: %d (expected %s in all)",
		    dice, DICE_LIMITS);
	if (r->odds && r->roll)
		return err(ST_USAGE, "--odds and --roll exclude each other: --odds "
		    "covers every roll");
	return ST_OK;
}

/*
 * Split the player's list "3,5,7" over the groups in order: each group
 * takes as many values as it has dice.
 */
static int
take_player_dice(const struct roll_request *r, int faces[][DICE_MAX_COUNT])
{
	const char *p = r->roll;
	size_t g;
	char why[128];

	for (g = 0; g < r->n; g++) {
		char part[512];
		const char *end = p;
		int k;

		for (k = 0; k < r->groups[g].count && end; k++) {
			end = strchr(end, ',');
			if (end && k + 1 < r->groups[g].count)
				end++;
		}
		if (g + 1 == r->n)
			end = NULL;	/* the last group takes the rest */
		snprintf(part, sizeof part, "%.*s",
		    end ? (int)(end - p) : (int)strlen(p), p);
		if (dice_parse_roll(&r->groups[g], part, faces[g], why,
		    sizeof why) < 0)
			return err(ST_USAGE, "bad roll: '%s' (expected %s)", r->roll,
			    why);
		p = end ? end + 1 : p + strlen(p);
	}
	return ST_OK;
}

static void
describe_group(struct trail *t, const char *text, const struct dice *d,
    const int *faces, int total)
{
	char line[1024];
	size_t used = 0;
	int k;

	for (k = 0; k < d->count && used < sizeof line - 16; k++)
		used += (size_t)snprintf(line + used, sizeof line - used, "%s%d",
		    k ? " + " : "", faces[k]);
	/* the dice's sum first, then the modifier as a modifier, so that
	 * it never reads as one more die: 3 + 5 = 8, +1: 9 */
	if (d->mod && used < sizeof line - 32)
		snprintf(line + used, sizeof line - used, " = %d, %+d:",
		    total - d->mod, d->mod);
	trail_step(t, NULL, "%-8s %s%s%d", text, line, d->mod ? " " : " = ",
	    total);
}

static int
roll_dice(struct ctx *c, const struct roll_request *r)
{
	static int faces[ROLL_MAX_GROUPS][DICE_MAX_COUNT];
	cJSON *json = json_object(), *all = json_array(), *groups = json_array();
	struct trail *t = trail_new();
	int total = 0, st, k;
	size_t g;

	if (r->roll && (st = take_player_dice(r, faces)) != ST_OK) {
		cJSON_Delete(json);
		cJSON_Delete(all);
		cJSON_Delete(groups);
		trail_free(t);
		return st;
	}
	trail_title(t, NULL, "roll%s", r->roll ? " (your dice)" : "");
	for (g = 0; g < r->n; g++) {
		const struct dice *d = &r->groups[g];
		cJSON *grp = json_object(), *gf = json_array();
		int sub = r->roll ? dice_total(d, faces[g]) :
		    dice_roll(d, ctx_rng(c), faces[g]);

		for (k = 0; k < d->count; k++) {
			json_push(all, cJSON_CreateNumber(faces[g][k]));
			json_push(gf, cJSON_CreateNumber(faces[g][k]));
		}
		json_set_str(grp, "dice", r->texts[g]);
		json_set(grp, "faces", gf);
		json_set_num(grp, "modifier", d->mod);
		json_set_num(grp, "total", sub);
		json_push(groups, grp);
		describe_group(t, r->texts[g], d, faces[g], sub);
		total += sub;
	}
	if (r->n > 1)
		trail_result(t, NULL, "total %d", total);
	json_set_str(json, "procedure", "roll");
	json_set(json, "dice", all);
	json_set(json, "groups", groups);
	json_set_num(json, "total", total);
	json_set_str(json, "source", r->roll ? "player" : c->seeded ? "seed" : "random");
	if (c->seeded)
		json_set_num(json, "seed", (double)c->seed);
	return out_emit(c, json, t);
}

/*
 * Every total with its exact count of ways; the chances are those counts
 * divided, rounded only when printed (dice.h).
 */
static int
roll_odds(const struct ctx *c, const struct roll_request *r)
{
	cJSON *json = json_object(), *outs = json_array(), *names = json_array();
	struct trail *t = trail_new();
	struct dice_dist d;
	char all[512] = "", digits[DICE_DIGITS];
	double *at_least;
	size_t i, g;

	if (dice_dist_make(r->groups, r->n, &d) < 0) {
		cJSON_Delete(json);
		cJSON_Delete(outs);
		cJSON_Delete(names);
		trail_free(t);
		return err(ST_USAGE, "too many dice (expected %s in all)",
		    DICE_LIMITS);
	}
	for (g = 0; g < r->n; g++) {
		json_push(names, cJSON_CreateString(r->texts[g]));
		strncat(all, g ? " + " : "", sizeof all - strlen(all) - 1);
		strncat(all, r->texts[g], sizeof all - strlen(all) - 1);
	}
	at_least = err_calloc(d.n, sizeof *at_least);
	dice_dist_at_least(&d, at_least);
	trail_title(t, NULL, "odds of the total of %s (%s equally likely "
	    "outcomes)", all, dice_dist_outcomes_text(&d, digits));
	trail_step(t, NULL, "%6s %12s %9s %9s", "total", "ways", "exactly", "or more");
	for (i = 0; i < d.n; i++) {
		cJSON *o = json_object();
		int total = d.min + (int)i;
		char *ways = dice_dist_ways_text(&d, i, digits);
		double p = dice_dist_chance(&d, total, total);

		trail_step(t, NULL, "%6d %12s %8.3f%% %8.3f%%", total, ways,
		    100 * p, 100 * at_least[i]);
		json_set_num(o, "total", total);
		json_set(o, "ways", cJSON_CreateRaw(ways));	/* every digit */
		json_set_num(o, "probability", p);
		json_push(outs, o);
	}
	free(at_least);
	json_set_str(json, "procedure", "roll");
	json_set(json, "dice", names);
	json_set(json, "outcomes_total",
	    cJSON_CreateRaw(dice_dist_outcomes_text(&d, digits)));
	json_set(json, "outcomes", outs);
	dice_dist_free(&d);
	return out_emit(c, json, t);
}

int
cmd_roll(struct ctx *c, int argc, char **argv)
{
	struct roll_request r;
	int st = parse_request(&r, argc, argv);

	if (st != ST_OK)
		return st;
	return r.odds ? roll_odds(c, &r) : roll_dice(c, &r);
}
