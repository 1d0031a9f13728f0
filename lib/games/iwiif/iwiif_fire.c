/*
 * iwiif_fire.c: fire and close combat in I wish I was in France!.
 *
 * Small arms (11, 13.1, 13.2): each firing stand's Small Arms Table factor
 * for its weapon and range band, plus the firer's and the target's
 * modifiers.  Artillery direct fire (12.3, 13.3, 13.4): the to-hit d10 and
 * displacement, the burst circle, the weapon's factor and the same
 * modifiers.  Close combat (19, 13.6, 13.7): the close combat factors and
 * modifiers, then the round's aftermath.  All three read the factor on the
 * Combat Results Table (13.5) and roll one coloured d10 per colour of the
 * target stands (11.2), in iwiif_hits.c.
 *
 * Umpire's readings, each said in the trail: artillery ranges use the
 * Small Arms bands, all beyond 18" being Extreme; the to-hit table's
 * second "2,3" row is the roll of 1 (rules/iwiif/to-hit.json).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "games/iwiif/iwiif.h"
#include "games/iwiif/iwiif_fire.h"
#include "opt.h"

const char *const iwiif_fire_fields[] = { "game", "stands", "at", "range",
	"in_position", "out_of_command", "assaulted", "quality", "cover",
	"target_in_position", "cavalry", "artillery", "off_table", "hit",
	"close", "assaulting", "armour", "morale", "roll", "odds", NULL };

/* `umpire fire`'s options (each sets its request field) */
const struct opt iwiif_fire_opts[] = {
	{ OPT_FIELD, 0, "at", "list", "the target stands by colour: red,blue:sup,"
	  "red:pin:ac", "red white black yellow green blue" },
	{ OPT_FIELD, 0, "range", "inches", "from the firers to the target", NULL },
	{ OPT_FIELD, 0, "in-position", NULL, "the firing unit is in "
	  "position", NULL },
	{ OPT_FIELD, 0, "out-of-command", NULL, "the firing unit is out of command",
	  NULL },
	{ OPT_FIELD, 0, "assaulted", NULL, "the firing unit is being "
	  "assaulted", NULL },
	{ OPT_FIELD, 0, "quality", "q", "the firers: capable (default), "
	  "exceptional or inadequate", "capable exceptional inadequate" },
	{ OPT_FIELD, 0, "cover", "c", "the target's cover: soft, hard or "
	  "trenches", "soft hard trenches" },
	{ OPT_FIELD, 0, "target-in-position", NULL, "the target is "
	  "in position", NULL },
	{ OPT_FIELD, 0, "cavalry", NULL, "the target is cavalry", NULL },
	{ OPT_FIELD, 0, "artillery", "gun", "direct fire of a light-mortar, "
	  "heavy-mortar, light-gun, medium-gun or heavy-gun",
	  "light-mortar heavy-mortar light-gun medium-gun heavy-gun" },
	{ OPT_FIELD, 0, "off-table", NULL, "artillery: off-table fire, at "
	  "extreme range", NULL },
	{ OPT_FIELD, 0, "hit", "n", "artillery: your to-hit d10 (0 is 10)", NULL },
	{ OPT_FIELD, 0, "close", NULL, "a round of close combat: stands are inf, "
	  "hw, cav or cmd", NULL },
	{ OPT_FIELD, 0, "assaulting", NULL, "close combat: these stands are "
	  "assaulting", NULL },
	{ OPT_FIELD, 0, "armour", NULL, "close combat: armour support within "
	  "4\"", NULL },
	{ OPT_FIELD, 0, "morale", "result", "the firers' morale result this turn, "
	  "held to the assault's order", "assault no-assault stand stand-no-fire "
	  "retreat" },
	{ OPT_FIELD, 0, "roll", "dice", "your coloured d10s: red=9,blue=8 (0 is "
	  "10)", NULL },
	{ OPT_FIELD, 0, "odds", NULL, "give each stand's chance of each condition "
	  "instead of rolling", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

static int
refuse(struct out_result *o, const cJSON *req, const char *key, const char *why)
{
	char name[64];

	if (cJSON_GetObjectItemCaseSensitive(req, key))
		return out_fail(o, ST_USAGE, "%s %s", out_field_name(o, key, name),
		    why);
	return ST_OK;
}

static int
mode_refusals(struct out_result *o, const cJSON *req, const struct fire *f)
{
	static const char *const not_close[] = { "range", "in_position",
		"assaulted", "target_in_position", "cavalry", "off_table", "hit",
		NULL };
	static const char *const close_only[] = { "assaulting", "armour", NULL };
	const char *const *k;
	int st;

	if (f->mode == CLOSE)
		for (k = not_close; *k; k++)
			if ((st = refuse(o, req, *k, "does not apply to close combat "
			    "(19: its own factors and modifiers, 13.6, 13.7)")) != ST_OK)
				return st;
	if (f->mode != CLOSE)
		for (k = close_only; *k; k++)
			if ((st = refuse(o, req, *k, "applies only to close combat "
			    "(--close)")) != ST_OK)
				return st;
	if (f->mode == ARTILLERY) {
		if ((st = refuse(o, req, "quality", "does not apply: artillery "
		    "counts as capable (12.3)")) != ST_OK ||
		    (st = refuse(o, req, "in_position", "does not apply: artillery "
		    "is never in position for firing (12.3)")) != ST_OK)
			return st;
		if (f->firers.n)
			return out_fail(o, ST_USAGE, "with --artillery the gun is the "
			    "firer: '%s' (list the stands in the burst circle with "
			    "--at)", f->firers.s[0].word);
	} else if ((st = refuse(o, req, "off_table", "applies only to "
	    "--artillery")) != ST_OK ||
	    (st = refuse(o, req, "hit", "applies only to --artillery")) != ST_OK)
		return st;
	return ST_OK;
}

/*
 * 18, 22.2: the assault's order.  The assaulting unit tests first and goes
 * in only on "will assault"; the assaulted unit tests next and may fire
 * before the close combat only on "will stand".  --morale names the
 * result the firing unit got this turn.
 */
static int
assault_order(struct out_result *o, const struct fire *f)
{
	if (!f->morale[0])
		return ST_OK;
	if (f->mode == CLOSE && f->assaulting) {
		if (strcmp(f->morale, "assault") != 0)
			return out_fail(o, ST_USAGE, "the assault did not go in: its "
			    "morale test gave '%s', not 'assault' (18, 22.2)",
			    f->morale);
		out_step(o, "18", "the assaulting unit passed its morale test: it "
		    "goes in");
	} else if (f->mode != CLOSE && f->assaulted) {
		if (strcmp(f->morale, "stand") != 0)
			return out_fail(o, ST_USAGE, "an assaulted unit fires before "
			    "the close combat only if its morale test gave 'stand', "
			    "not '%s' (18, 22.2)", f->morale);
		out_step(o, "18", "the assaulted unit stood its morale test: it "
		    "may fire before the close combat");
	} else
		return out_fail(o, ST_USAGE, "--morale goes with --close "
		    "--assaulting or with --assaulted: '%s'", f->morale);
	return ST_OK;
}

static int
request(struct out_result *o, const cJSON *req, struct fire *f)
{
	int close, st;

	if ((st = crt_req_check(o, req, IWIIF, iwiif_fire_fields)) != ST_OK ||
	    (st = crt_req_flag(o, req, "close", &close)) != ST_OK ||
	    (st = iwiif_req_word(o, req, "artillery", "light-mortar heavy-mortar "
	    "light-gun medium-gun heavy-gun", f->artillery,
	    sizeof f->artillery)) != ST_OK)
		return st;
	if (close && f->artillery[0])
		return out_fail(o, ST_USAGE, "--close and --artillery exclude each "
		    "other");
	f->mode = close ? CLOSE : f->artillery[0] ? ARTILLERY : SMALL_ARMS;
	if ((st = iwiif_stands(o, req, "stands", "firing stand", f->mode == CLOSE ?
	    0 : IWIIF_POS | IWIIF_NCO, 1, &f->firers)) != ST_OK ||
	    (st = iwiif_stands(o, req, "at", "--at", IWIIF_AC | IWIIF_ART |
	    IWIIF_CAV, 1, &f->targets)) != ST_OK ||
	    (st = mode_refusals(o, req, f)) != ST_OK ||
	    (st = iwiif_req_inches(o, req, "range", &f->range, &f->rgiven)) != ST_OK ||
	    (st = crt_req_flag(o, req, "in_position", &f->in_position)) != ST_OK ||
	    (st = crt_req_flag(o, req, "out_of_command", &f->ooc)) != ST_OK ||
	    (st = crt_req_flag(o, req, "assaulted", &f->assaulted)) != ST_OK ||
	    (st = crt_req_flag(o, req, "target_in_position",
	    &f->target_in_position)) != ST_OK ||
	    (st = crt_req_flag(o, req, "cavalry", &f->cavalry)) != ST_OK ||
	    (st = crt_req_flag(o, req, "off_table", &f->off_table)) != ST_OK ||
	    (st = crt_req_flag(o, req, "assaulting", &f->assaulting)) != ST_OK ||
	    (st = crt_req_flag(o, req, "armour", &f->armour)) != ST_OK ||
	    (st = crt_req_flag(o, req, "odds", &f->odds)) != ST_OK ||
	    (st = iwiif_req_quality(o, req, f->quality, sizeof f->quality)) != ST_OK ||
	    (st = iwiif_req_word(o, req, "cover", "soft hard trenches", f->cover,
	    sizeof f->cover)) != ST_OK ||
	    (st = iwiif_req_word(o, req, "morale", "assault no-assault stand "
	    "stand-no-fire retreat", f->morale, sizeof f->morale)) != ST_OK ||
	    (st = crt_req_text(o, req, "roll", f->roll, sizeof f->roll,
	    &f->given)) != ST_OK ||
	    (st = crt_req_text(o, req, "hit", f->hit, sizeof f->hit,
	    &f->hgiven)) != ST_OK ||
	    (st = iwiif_odds_or_roll(o, f->odds, f->given || f->hgiven)) != ST_OK)
		return st;
	if (f->mode != ARTILLERY && !f->firers.n)
		return out_fail(o, ST_USAGE, "no firing stands given (expected "
		    "stands like 4xmodern lmg, or for --close 3xinf cmd)");
	if (f->mode != ARTILLERY && !f->targets.n)
		return out_fail(o, ST_USAGE, "no target stands given (expected --at "
		    "with their colours, as in --at red,blue:sup)");
	if (f->mode == SMALL_ARMS && !f->rgiven)
		return out_fail(o, ST_USAGE, "no --range given (expected inches "
		    "from the firers to the target, as in --range 16)");
	if (f->mode == ARTILLERY && !f->rgiven && !f->off_table)
		return out_fail(o, ST_USAGE, "no --range given (expected inches, or "
		    "--off-table)");
	return ST_OK;
}

/* A target's colour must name a die. */
static int
check_colours(struct out_result *o, const struct iwiif_stands *t)
{
	char colour[CDICE_NAME];
	int k;

	for (k = 0; k < t->n; k++)
		if (cdice_colour(t->s[k].word, strlen(t->s[k].word), colour) < 0)
			return out_fail(o, ST_USAGE, "bad --at stand: '%s' (expected "
			    "its colour, as in red or blue:sup)", t->s[k].word);
	return ST_OK;
}

/* ---- the firer's factor ---- */

/* 13.1: the band a range falls in; -1 past the last. */
static int
band_of(struct out_result *o, const struct iwiif_chart *ch, double range,
    int *band, const char **name)
{
	const cJSON *b;
	int i = 0, max, st;

	*band = -1;
	cJSON_ArrayForEach(b, cJSON_GetObjectItemCaseSensitive(ch->root, "bands")) {
		if ((st = iwiif_chart_int(o, ch, b, "max", &max, NULL)) != ST_OK)
			return st;
		*name = iwiif_title(b);
		if (range <= max) {
			*band = i;
			return ST_OK;
		}
		i++;
	}
	*band = -i - 1;		/* past the last, which was band i - 1 */
	return ST_OK;
}

static int
small_arms(struct out_result *o, const struct iwiif_chart *ch, struct fire *f,
    cJSON *mods, int *total)
{
	const char *bname = "";
	char rng[16];
	int band, k, st, sup = 0, pos = 0, hmg_pos = 0;

	if ((st = band_of(o, ch, f->range, &band, &bname)) != ST_OK)
		return st;
	iwiif_inches(f->range, rng, sizeof rng);
	if (band < 0)
		return out_fail(o, ST_USAGE, "range %s is beyond the Small Arms "
		    "Table's last band, %s (13.1)", rng, bname);
	out_step(o, "13.1", "range %s: %s", rng, bname);
	json_set_str(o->json, "band", bname);
	for (k = 0; k < f->firers.n; k++) {
		const struct iwiif_stand *s = &f->firers.s[k];
		const cJSON *w = iwiif_chart_entry(o, ch, "weapons", s->word);
		const cJSON *fac;
		int v, null, hmg = strcmp(s->word, "hmg") == 0;

		if (!w)
			return out_fail(o, ST_USAGE, "bad firing stand: '%s' (expected "
			    "old, modern, lmg or hmg)", s->word);
		if (s->cond >= IWIIF_PINNED)
			return out_fail(o, ST_USAGE, "%s: a %s stand may not fire (9)",
			    s->word, iwiif_cond_name(s->cond));
		if (hmg && (s->tags & IWIIF_POS))
			return out_fail(o, ST_USAGE, "an HMG is never in position (15)");
		fac = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(w,
		    "factors"), band);
		if (!fac || (!cJSON_IsNull(fac) && !iwiif_small_int(fac)))
			return out_fail(o, ST_DATA, "%s: weapon %s has no factor for "
			    "band %d", ch->path, s->word, band + 1);
		null = cJSON_IsNull(fac);
		v = null ? 0 : (int)fac->valuedouble;
		if (null)
			out_step(o, "13.1", "%d x %s%s: out of reach at %s", s->count,
			    iwiif_title(w), s->tags & IWIIF_NCO ? " (NCO)" : "", bname);
		else
			out_step(o, "13.1", "%d x %s%s at %s: %d x %d = %d", s->count,
			    iwiif_title(w), s->tags & IWIIF_NCO ? " (NCO)" : "", bname,
			    s->count, v, s->count * v);
		*total += s->count * v;
		/* 11.1: only the stands that reach the target fire at it, so
		 * only they count for the per-stand modifiers (13.2) */
		if (null)
			continue;
		if (s->cond == IWIIF_SUPPRESSED)
			sup += s->count;
		if (hmg && f->in_position)
			hmg_pos += s->count;
		else if (f->in_position || (s->tags & IWIIF_POS))
			pos += s->count;
	}
	out_step(o, "11.1", "stands' factors: %d", *total);
	if (hmg_pos)
		out_step(o, "15", "HMGs are never in position: %d stand%s not "
		    "counted", hmg_pos, hmg_pos == 1 ? "" : "s");
	if ((st = iwiif_modifier(o, ch, mods, "suppressed", sup, "13.2",
	    total)) != ST_OK ||
	    (st = iwiif_modifier(o, ch, mods, "in-position", pos, "13.2",
	    total)) != ST_OK)
		return st;
	return ST_OK;
}

static int
firer_flags(struct out_result *o, const struct iwiif_chart *ch,
    const struct fire *f, cJSON *mods, int *total)
{
	int st;

	if ((st = iwiif_modifier(o, ch, mods, "out-of-command", f->ooc, "13.2",
	    total)) != ST_OK ||
	    (st = iwiif_modifier(o, ch, mods, "assaulted", f->assaulted, "13.2",
	    total)) != ST_OK)
		return st;
	if (strcmp(f->quality, "capable") != 0)
		return iwiif_modifier(o, ch, mods, f->quality, 1, "13.2", total);
	return ST_OK;
}

/* ---- artillery (12.3, 13.3, 13.4) ---- */

static void
to_hit_words(const char *code, int dd, char *buf, size_t len)
{
	const char *dir = code[0] == 'U' ? "short (under)" : code[0] == 'O' ?
	    "beyond (over)" : code[0] == 'L' ? "left" : "right";
	int n = atoi(code + 1);

	snprintf(buf, len, "the aim point moves %d x %d\" = %d\" %s", n, dd,
	    n * dd, dir);
}

static int
to_hit_check(struct out_result *o, const struct table *t)
{
	size_t i;

	for (i = 0; i < t->cols[0].n; i++) {
		const char *c = t->cols[0].entries[i].code;

		if (strcmp(c, "H") != 0 && (!strchr("UOLR", c[0]) || c[0] == '\0' ||
		    c[1] < '1' || c[1] > '9' || c[2]))
			return out_fail(o, ST_DATA, "%s: code '%s' is not H or a "
			    "direction U, O, L or R and a count", t->path, c);
	}
	return ST_OK;
}

static int
to_hit(struct out_result *o, struct ctx *c, const struct fire *f, int dd)
{
	const struct table *t;
	const struct table_entry *e;
	char face[16], words[96], chance[32];
	cJSON *r;
	int st, roll;
	size_t i;

	if ((st = crt_table(c, IWIIF, "to-hit", &t)) != ST_OK ||
	    (st = to_hit_check(o, t)) != ST_OK)
		return st;
	json_set_str(o->json, "to_hit_source", t->source);
	if (f->odds && !f->targets.n) {
		cJSON *arr = json_array();

		for (i = 0; i < t->cols[0].n; i++) {
			cJSON *j = json_object();

			e = &t->cols[0].entries[i];
			iwiif_chance(e->hi - e->lo + 1, chance, sizeof chance);
			if (strcmp(e->code, "H") == 0)
				snprintf(words, sizeof words, "on target");
			else
				to_hit_words(e->code, dd, words, sizeof words);
			out_text(o, "13.3", "%s  roll %-4s %s", chance, e->roll, words);
			json_set_str(j, "code", e->code);
			json_set_str(j, "text", words);
			json_set_str(j, "rolls", e->roll);
			json_set_num(j, "probability", (e->hi - e->lo + 1) / 10.0);
			json_push(arr, j);
		}
		json_set(o->json, "odds", arr);
		return ST_OK;
	}
	if ((st = iwiif_d10(o, c, f->hgiven ? f->hit : NULL, &roll)) != ST_OK)
		return st;
	if (!(e = table_lookup(t, 0, roll)))
		return out_fail(o, ST_DATA, "%s: no result for %d", t->path, roll);
	iwiif_face(roll, face, sizeof face);
	if (strcmp(e->code, "H") == 0)
		snprintf(words, sizeof words, "on target");
	else
		to_hit_words(e->code, dd, words, sizeof words);
	/* the table's words for a hit are the words: say them once */
	if (strcmp(e->code, "H") == 0)
		out_step(o, "13.3", "to hit: roll %s: %s", face, words);
	else
		out_step(o, "13.3", "to hit: roll %s: %s: %s", face, e->text, words);
	r = json_object();
	json_set_int(r, "roll", roll);
	json_set_str(r, "roll_source", crt_roll_source(c, f->hgiven ? f->hit :
	    NULL));
	json_set_str(r, "code", e->code);
	json_set_str(r, "text", words);
	json_set(o->json, "to_hit", r);
	return ST_OK;
}

static int
artillery(struct out_result *o, struct ctx *c, const struct iwiif_chart *ch,
    struct fire *f, int *total)
{
	const cJSON *w = iwiif_chart_entry(o, ch, "artillery", f->artillery);
	const char *bname = "";
	char rng[16];
	int min, max, nmin, nmax, factor, burst, band, dd, st;

	if (!w)
		return ST_DATA;
	if ((st = iwiif_chart_int(o, ch, w, "min", &min, &nmin)) != ST_OK ||
	    (st = iwiif_chart_int(o, ch, w, "max", &max, &nmax)) != ST_OK ||
	    (st = iwiif_chart_int(o, ch, w, "factor", &factor, NULL)) != ST_OK ||
	    (st = iwiif_chart_int(o, ch, w, "burst", &burst, NULL)) != ST_OK)
		return st;
	iwiif_inches(f->range, rng, sizeof rng);
	/* 12.1, 12.2: heavy guns fire only from off the table, mortars only
	 * from on it */
	if (strcmp(f->artillery, "heavy-gun") == 0 && !f->off_table)
		return out_fail(o, ST_USAGE, "heavy guns are always off table: add "
		    "--off-table (12.1)");
	if (strstr(f->artillery, "mortar") && f->off_table)
		return out_fail(o, ST_USAGE, "mortars fire from the table, not off "
		    "it (12.2)");
	if (f->rgiven && ((!nmin && f->range < min) || (!nmax && f->range > max)))
		return out_fail(o, ST_USAGE, "a %s fires from %d\" to %d\": range %s "
		    "(13.4)", iwiif_title(w), min, max, rng);
	if (f->off_table) {
		band = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(ch->root,
		    "bands")) - 1;
		bname = iwiif_title(cJSON_GetArrayItem(
		    cJSON_GetObjectItemCaseSensitive(ch->root, "bands"), band));
		out_step(o, "12.1", "off-table fire, to its written programme, is at "
		    "%s range", bname);
	} else {
		if ((st = band_of(o, ch, f->range, &band, &bname)) != ST_OK)
			return st;
		if (band < 0)
			band = -band - 2;	/* beyond 24": still the last band */
		out_step(o, "13.3", "range %s: %s", rng, bname);
	}
	json_set_str(o->json, "band", bname);
	{
		const cJSON *d = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(
		    ch->root, "displacement"), band);

		if (!iwiif_small_int(d))
			return out_fail(o, ST_DATA, "%s: no displacement for band %d",
			    ch->path, band + 1);
		dd = (int)d->valuedouble;
	}
	out_step(o, "13.3", "displacement distance at %s: %d\"", bname, dd);
	out_step(o, "13.4", "%s: burst circle %d\" across", iwiif_title(w), burst);
	json_set_int(o->json, "displacement", dd);
	json_set_int(o->json, "burst", burst);
	if ((!f->targets.n || f->hgiven) && (st = to_hit(o, c, f, dd)) != ST_OK)
		return st;
	out_step(o, "13.4", "%s fire factor %d", iwiif_title(w), factor);
	out_step(o, "12.3", "artillery counts as capable, and not in position "
	    "when it fires");
	*total = factor;
	return ST_OK;
}

/* ---- close combat (19, 13.6, 13.7) ---- */

static int
close_combat(struct out_result *o, const struct iwiif_chart *ch,
    const struct fire *f, cJSON *mods, int *total)
{
	int k, st, sup = 0, pin = 0, inf = 0, cav = 0;
	int covered = strcmp(f->cover, "hard") == 0 ||
	    strcmp(f->cover, "trenches") == 0;

	for (k = 0; k < f->targets.n; k++)
		if (!(f->targets.s[k].tags & IWIIF_AC))
			break;
	if (k == f->targets.n)
		return out_fail(o, ST_USAGE, "isolated armour is not engaged in "
		    "close combat; shoot at it instead (23)");
	for (k = 0; k < f->firers.n; k++) {
		const struct iwiif_stand *s = &f->firers.s[k];
		const cJSON *e = iwiif_chart_entry(o, ch, "stands", s->word);
		int v;

		if (!e)
			return out_fail(o, ST_USAGE, "bad close combat stand: '%s' "
			    "(expected inf, hw, cav or cmd)", s->word);
		if (s->cond == IWIIF_BROKEN)
			return out_fail(o, ST_USAGE, "a broken stand does not fight: "
			    "contacted, it surrenders (9)");
		if ((st = iwiif_chart_int(o, ch, e, "factor", &v, NULL)) != ST_OK)
			return st;
		out_step(o, "13.6", "%d x %s: %d x %d = %d", s->count, iwiif_title(e),
		    s->count, v, s->count * v);
		*total += s->count * v;
		sup += s->cond == IWIIF_SUPPRESSED ? s->count : 0;
		pin += s->cond == IWIIF_PINNED ? s->count : 0;
		inf |= strcmp(s->word, "inf") == 0;
		cav |= strcmp(s->word, "cav") == 0;
	}
	out_step(o, "19", "stands' factors: %d", *total);
	if ((st = iwiif_modifier(o, ch, mods, "assaulting", f->assaulting, "13.7",
	    total)) != ST_OK ||
	    (st = iwiif_modifier(o, ch, mods, "armour", f->armour, "13.7",
	    total)) != ST_OK ||
	    (st = iwiif_modifier(o, ch, mods, "cavalry-vs-cover", cav && covered,
	    "13.7", total)) != ST_OK ||
	    (st = iwiif_modifier(o, ch, mods, "infantry-vs-cover", inf && covered,
	    "13.7", total)) != ST_OK ||
	    (strcmp(f->quality, "capable") != 0 && (st = iwiif_modifier(o, ch,
	    mods, f->quality, 1, "13.7", total)) != ST_OK) ||
	    (st = iwiif_modifier(o, ch, mods, "suppressed", sup, "13.7",
	    total)) != ST_OK)
		return st;
	return iwiif_modifier(o, ch, mods, "pinned", pin, "13.7", total);
}

static const char *const titles[] = { "small arms fire",
	"artillery direct fire", "close combat" };

static int
resolve(struct ctx *c, struct out_result *o, struct fire *f,
    struct iwiif_chart *ch, struct iwiif_chart *cc)
{
	cJSON *mods = json_array(), *arr = json_array();
	struct volley *v = err_calloc(1, sizeof *v);
	int total = 0, st;

	json_set(o->json, "modifiers", mods);
	json_set(o->json, "stands", arr);
	json_set_str(o->json, "kind", f->mode == CLOSE ? "close" :
	    f->mode == ARTILLERY ? "artillery" : "small-arms");
	out_title(o, "I wish I was in France!: %s%s", titles[f->mode],
	    f->odds ? ", every roll" : "");
	if ((st = assault_order(o, f)) != ST_OK) {
		free(v);
		return st;
	}
	if (f->mode == CLOSE)
		st = close_combat(o, cc, f, mods, &total);
	else if (f->mode == ARTILLERY)
		st = artillery(o, c, ch, f, &total);
	else
		st = small_arms(o, ch, f, mods, &total);
	if (st == ST_OK && f->mode != CLOSE)
		st = firer_flags(o, ch, f, mods, &total);
	if (st == ST_OK && f->mode != CLOSE && f->targets.n)
		st = iwiif_target_mods(o, ch, f, mods, &total);
	if (st != ST_OK || (f->mode == ARTILLERY && !f->targets.n)) {
		/* the to-hit alone: its row waits for the stands under the burst */
		if (st == ST_OK && (st = crt_table(c, IWIIF, "crt", &v->t)) == ST_OK &&
		    (st = iwiif_crt_column(o, v->t, total, &v->col[0])) == ST_OK) {
			iwiif_row_step(o, v->t, total, v->col[0], NULL);
			json_set_int(o->json, "factor", total);
			out_text(o, "12.3", "now roll the coloured dice for the stands "
			    "in the burst circle: add --at COLOUR,...");
		}
		free(v);
		return st;
	}
	if ((st = iwiif_rows(o, c, ch, f, total, v)) == ST_OK) {
		if (f->odds)
			iwiif_hit_odds(o, f, v, arr);
		else if ((st = iwiif_hits(o, c, f, v, arr)) == ST_OK && f->mode == CLOSE)
			iwiif_aftermath(o, f, v);
	}
	free(v);
	return st;
}

int
iwiif_fire(struct ctx *c, const cJSON *req, struct out_result *o)
{
	struct fire *f = err_calloc(1, sizeof *f);
	struct iwiif_chart ch, cc;
	int st;

	memset(&ch, 0, sizeof ch);
	memset(&cc, 0, sizeof cc);
	if ((st = request(o, req, f)) == ST_OK &&
	    (st = check_colours(o, &f->targets)) == ST_OK &&
	    (st = iwiif_chart_load(o, c, "fire", &ch)) == ST_OK &&
	    (f->mode != CLOSE || (st = iwiif_chart_load(o, c, "close-combat",
	    &cc)) == ST_OK))
		st = resolve(c, o, f, &ch, &cc);
	iwiif_chart_free(&ch);
	iwiif_chart_free(&cc);
	free(f);
	return st;
}
