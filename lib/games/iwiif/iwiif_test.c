/*
 * iwiif_test.c: the d10 tests of I wish I was in France!: morale (22),
 * the A/C test (23), rally (17) and observation (16).
 *
 * Morale and A/C tests are one d10 plus the modifiers of 22.1 or 23.1,
 * read on 22.2 or 23.2 (rules/iwiif/morale.json).  Rally rolls the
 * coloured dice as fire does (11.2): each die, plus the modifiers of 17.2,
 * lifts every stand of its colour by the levels of 17.1
 * (rules/iwiif/rally.json).  Observation is one d10 on 16.1
 * (rules/iwiif/observation.json), rolled by the hidden side's owner.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "games/iwiif/iwiif.h"
#include "opt.h"

/* ---- morale and A/C tests (22, 23) ---- */

struct morale {
	char test[16], led[16], cover[16], quality[16], condition[16];
	int support, infantry_near, ac_near, retreating;
	int suppressed, pinned, lost;
	int odds, given;
	char roll[32];
};

const char *const iwiif_morale_fields[] = { "game", "operands", "test", "led",
	"support", "cover", "quality", "suppressed", "pinned", "lost",
	"infantry_near", "ac_near", "condition", "retreating", "roll", "odds",
	NULL };

/* `umpire morale`'s options (each sets its request field) */
const struct opt iwiif_morale_opts[] = {
	{ OPT_FIELD, 0, "test", "kind", "general (default), assault, assaulted or "
	  "ac", "general assault assaulted ac" },
	{ OPT_FIELD, 0, "led", "by", "the unit is led by an nco or an officer",
	  "nco officer" },
	{ OPT_FIELD, 0, "support", NULL, "an MG, artillery or A/C within 6\"",
	  NULL },
	{ OPT_FIELD, 0, "cover", "c", "the unit is in hard cover or trenches",
	  "hard trenches" },
	{ OPT_FIELD, 0, "quality", "q", "capable (default), exceptional or "
	  "inadequate", "capable exceptional inadequate" },
	{ OPT_FIELD, 0, "suppressed", "n", "how many of its stands are "
	  "suppressed", NULL },
	{ OPT_FIELD, 0, "pinned", "n", "how many of its stands are pinned",
	  NULL },
	{ OPT_FIELD, 0, "lost", "n", "how many of its stands are lost", NULL },
	{ OPT_FIELD, 0, "infantry-near", NULL, "A/C test: friendly "
	  "infantry or artillery within 4\"", NULL },
	{ OPT_FIELD, 0, "ac-near", NULL, "A/C test: a friendly A/C within 4\"",
	  NULL },
	{ OPT_FIELD, 0, "condition", "c", "A/C test: the car is steady, "
	  "suppressed or pinned", "steady suppressed pinned" },
	{ OPT_FIELD, 0, "retreating", NULL, "general test of a retreating "
	  "unit: does it stop?", NULL },
	{ OPT_FIELD, 0, "roll", "n", "your own d10 (0 is 10)", NULL },
	{ OPT_FIELD, 0, "odds", NULL, "give the chance of every result instead of "
	  "rolling", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

static int
refuse_for(struct out_result *o, const cJSON *req, const char *key,
    const char *test)
{
	char name[64];

	if (cJSON_GetObjectItemCaseSensitive(req, key))
		return out_fail(o, ST_USAGE, "%s does not apply to the %s test",
		    out_field_name(o, key, name), test);
	return ST_OK;
}

static int
morale_request(struct out_result *o, const cJSON *req, struct morale *m)
{
	static const char *const unit_only[] = { "led", "support", "cover",
		"quality", "suppressed", "pinned", "lost", "retreating", NULL };
	static const char *const ac_only[] = { "infantry_near", "ac_near",
		"condition", NULL };
	const char *const *k;
	int st;

	memset(m, 0, sizeof *m);
	if ((st = crt_req_check(o, req, IWIIF, iwiif_morale_fields)) != ST_OK ||
	    (st = iwiif_req_word(o, req, "test", "general assault assaulted ac",
	    m->test, sizeof m->test)) != ST_OK)
		return st;
	if (!m->test[0])
		snprintf(m->test, sizeof m->test, "general");
	for (k = strcmp(m->test, "ac") == 0 ? unit_only : ac_only; *k; k++)
		if ((st = refuse_for(o, req, *k, m->test)) != ST_OK)
			return st;
	if (strcmp(m->test, "general") != 0 &&
	    (st = refuse_for(o, req, "retreating", m->test)) != ST_OK)
		return st;
	if ((st = iwiif_req_word(o, req, "led", "nco officer", m->led,
	    sizeof m->led)) != ST_OK ||
	    (st = iwiif_req_word(o, req, "cover", "hard trenches", m->cover,
	    sizeof m->cover)) != ST_OK ||
	    (st = iwiif_req_quality(o, req, m->quality, sizeof m->quality)) != ST_OK ||
	    (st = iwiif_req_word(o, req, "condition", "steady suppressed pinned",
	    m->condition, sizeof m->condition)) != ST_OK ||
	    (st = crt_req_flag(o, req, "support", &m->support)) != ST_OK ||
	    (st = crt_req_flag(o, req, "infantry_near", &m->infantry_near)) != ST_OK ||
	    (st = crt_req_flag(o, req, "ac_near", &m->ac_near)) != ST_OK ||
	    (st = crt_req_flag(o, req, "retreating", &m->retreating)) != ST_OK ||
	    (st = iwiif_req_int(o, req, "suppressed", 0, 64,
	    &m->suppressed)) != ST_OK ||
	    (st = iwiif_req_int(o, req, "pinned", 0, 64, &m->pinned)) != ST_OK ||
	    (st = iwiif_req_int(o, req, "lost", 0, 64, &m->lost)) != ST_OK ||
	    (st = crt_req_flag(o, req, "odds", &m->odds)) != ST_OK ||
	    (st = crt_req_text(o, req, "roll", m->roll, sizeof m->roll,
	    &m->given)) != ST_OK)
		return st;
	return iwiif_odds_or_roll(o, m->odds, m->given);
}

static int
morale_modifiers(struct out_result *o, const struct iwiif_chart *ch,
    const struct morale *m, cJSON *mods, int *total)
{
	int ac = strcmp(m->test, "ac") == 0, st = ST_OK;
	const char *r = ac ? "23.1" : "22.1";

	if (ac) {
		if ((st = iwiif_modifier(o, ch, mods, "infantry-near",
		    m->infantry_near, r, total)) != ST_OK ||
		    (st = iwiif_modifier(o, ch, mods, "ac-near", m->ac_near, r,
		    total)) != ST_OK ||
		    (st = iwiif_modifier(o, ch, mods, "ac-suppressed",
		    strcmp(m->condition, "suppressed") == 0, r, total)) != ST_OK)
			return st;
		return iwiif_modifier(o, ch, mods, "ac-pinned",
		    strcmp(m->condition, "pinned") == 0, r, total);
	}
	if ((m->led[0] && (st = iwiif_modifier(o, ch, mods, m->led, 1, r,
	    total)) != ST_OK) ||
	    (st = iwiif_modifier(o, ch, mods, "support", m->support, r,
	    total)) != ST_OK ||
	    (m->cover[0] && (st = iwiif_modifier(o, ch, mods, m->cover, 1, r,
	    total)) != ST_OK) ||
	    (strcmp(m->quality, "capable") != 0 && (st = iwiif_modifier(o, ch,
	    mods, m->quality, 1, r, total)) != ST_OK) ||
	    (st = iwiif_modifier(o, ch, mods, "suppressed", m->suppressed, r,
	    total)) != ST_OK ||
	    (st = iwiif_modifier(o, ch, mods, "pinned", m->pinned, r,
	    total)) != ST_OK)
		return st;
	return iwiif_modifier(o, ch, mods, "lost", m->lost, r, total);
}

/* The result row for a modified total: code and text of column test. */
static int
morale_row(struct out_result *o, const struct iwiif_chart *ch, const char *test,
    int total, const char **code, const char **text)
{
	const cJSON *rows = cJSON_GetObjectItemCaseSensitive(ch->root, "results");
	const cJSON *r;

	cJSON_ArrayForEach(r, rows) {
		const cJSON *cell = cJSON_GetObjectItemCaseSensitive(r, test);
		int at, null, st;

		if ((st = iwiif_chart_int(o, ch, r, "at_least", &at, &null)) != ST_OK)
			return st;
		if (!null && total < at)
			continue;
		if (cJSON_GetArraySize(cell) != 2 ||
		    !cJSON_IsString(cJSON_GetArrayItem(cell, 0)) ||
		    !cJSON_IsString(cJSON_GetArrayItem(cell, 1)))
			return out_fail(o, ST_DATA, "%s: \"%s\" of a result must be "
			    "[code, text]", ch->path, test);
		*code = cJSON_GetArrayItem(cell, 0)->valuestring;
		*text = cJSON_GetArrayItem(cell, 1)->valuestring;
		return ST_OK;
	}
	return out_fail(o, ST_DATA, "%s: no result for a total of %d (the last "
	    "row needs \"at_least\": null)", ch->path, total);
}

/* 22.2: a retreat lasts until a General Test is passed. */
static void
morale_text(const struct morale *m, const char *code, const char *text,
    char *buf, size_t len)
{
	if (m->retreating)
		snprintf(buf, len, "%s: %s", text, strcmp(code, "ok") == 0 ?
		    "the unit stops retreating" : "the unit goes on retreating");
	else if (strcmp(code, "retreat") == 0 && strcmp(m->test, "ac") != 0)
		snprintf(buf, len, "%s; it retreats until it passes a General "
		    "Test", text);
	else
		snprintf(buf, len, "%s", text);
}

/* Faces in mask (bit f for face f) as a d10 table writes them: "1-3, 0". */
static void
face_ranges(unsigned mask, char *buf, size_t len)
{
	size_t used = 0;
	int f, g;

	buf[0] = '\0';
	for (f = 1; f <= 10; f = g) {
		if (!(mask & (1u << f))) {
			g = f + 1;
			continue;
		}
		for (g = f; g <= 10 && (mask & (1u << g)); g++)
			;
		if (used < len)
			used += (size_t)snprintf(buf + used, len - used, "%s%d",
			    used ? ", " : "", f % 10);
		if (g - 1 > f && used < len)
			used += (size_t)snprintf(buf + used, len - used, "-%d",
			    (g - 1) % 10);
	}
}

static int
morale_odds(struct out_result *o, const struct iwiif_chart *ch,
    const struct morale *m, int mod)
{
	const char *codes[10], *texts[10];
	cJSON *arr = json_array();
	unsigned masks[10] = { 0 };
	int ways[10] = { 0 }, n = 0, f, i, st;
	char rolls[40], chance[32], text[256];

	json_set(o->json, "odds", arr);
	for (f = 1; f <= 10; f++) {
		const char *code, *t;

		if ((st = morale_row(o, ch, m->test, f + mod, &code, &t)) != ST_OK)
			return st;
		for (i = 0; i < n && strcmp(codes[i], code) != 0; i++)
			;
		if (i == n) {
			codes[n] = code;
			texts[n++] = t;
		}
		ways[i]++;
		masks[i] |= 1u << f;
	}
	for (i = 0; i < n; i++) {
		cJSON *j = json_object();

		face_ranges(masks[i], rolls, sizeof rolls);
		morale_text(m, codes[i], texts[i], text, sizeof text);
		iwiif_chance(ways[i], chance, sizeof chance);
		out_text(o, NULL, "%s  roll %-7s %s", chance, rolls, text);
		json_set_str(j, "code", codes[i]);
		json_set_str(j, "text", text);
		json_set_str(j, "rolls", rolls);
		json_set_int(j, "ways", ways[i]);
		json_set_num(j, "probability", ways[i] / 10.0);
		json_push(arr, j);
	}
	return ST_OK;
}

static const char *
test_title(const char *test)
{
	return strcmp(test, "general") == 0 ? "general morale test" :
	    strcmp(test, "assault") == 0 ? "morale test to assault" :
	    strcmp(test, "assaulted") == 0 ? "morale test, being assaulted" :
	    "A/C test";
}

int
iwiif_morale(struct ctx *c, const cJSON *req, struct out_result *o)
{
	struct iwiif_chart ch;
	struct morale m;
	cJSON *mods = json_array(), *r;
	const char *code, *t, *rule;
	char face[16], text[256];
	int st, mod = 0, f;

	json_set(o->json, "modifiers", mods);
	if ((st = morale_request(o, req, &m)) != ST_OK)
		return st;
	if ((st = iwiif_chart_load(o, c, "morale", &ch)) != ST_OK)
		goto out;
	rule = strcmp(m.test, "ac") == 0 ? "23.2" : "22.2";
	out_title(o, "I wish I was in France!: %s%s", test_title(m.test),
	    m.odds ? ", every roll" : "");
	json_set_str(o->json, "test", m.test);
	if ((st = morale_modifiers(o, &ch, &m, mods, &mod)) != ST_OK)
		goto out;
	out_step(o, strcmp(m.test, "ac") == 0 ? "23.1" : "22.1",
	    "modifiers in all %+d", mod);
	json_set_int(o->json, "modifier", mod);
	json_set_str(o->json, "table_source", ch.source);
	if (m.odds) {
		st = morale_odds(o, &ch, &m, mod);
		goto out;
	}
	if ((st = iwiif_d10(o, c, m.given ? m.roll : NULL, &f)) != ST_OK ||
	    (st = morale_row(o, &ch, m.test, f + mod, &code, &t)) != ST_OK)
		goto out;
	iwiif_face(f, face, sizeof face);
	out_step(o, strcmp(m.test, "ac") == 0 ? "23" : "22", "roll %s %+d = %d",
	    face, mod, f + mod);
	json_set_int(o->json, "roll", f);
	json_set_str(o->json, "roll_source", crt_roll_source(c, m.given ?
	    m.roll : NULL));
	json_set_int(o->json, "total", f + mod);
	morale_text(&m, code, t, text, sizeof text);
	r = json_object();
	json_set_str(r, "code", code);
	json_set_str(r, "text", text);
	json_set_str(r, "rule", rule);
	json_set(o->json, "result", r);
	out_result_line(o, rule, "result: %s", text);
out:
	iwiif_chart_free(&ch);
	return st;
}

/* ---- rally (17) ---- */

const char *const iwiif_rally_fields[] = { "game", "stands", "officer", "enemy",
	"cover", "out_of_command", "quality", "roll", "odds", NULL };

/* `umpire rally`'s options (each sets its request field) */
const struct opt iwiif_rally_opts[] = {
	{ OPT_FIELD, 0, "officer", NULL, "an officer is with the unit", NULL },
	{ OPT_FIELD, 0, "enemy", "inches", "how far the nearest enemy is", NULL },
	{ OPT_FIELD, 0, "cover", NULL, "the unit is in cover", NULL },
	{ OPT_FIELD, 0, "out-of-command", NULL, "the unit is out of command", NULL },
	{ OPT_FIELD, 0, "quality", "q", "capable (default), exceptional or "
	  "inadequate", "capable exceptional inadequate" },
	{ OPT_FIELD, 0, "roll", "dice", "your coloured d10s: red=9,blue=8 (0 is "
	  "10)", NULL },
	{ OPT_FIELD, 0, "odds", NULL, "give each stand's chance of each condition "
	  "instead of rolling", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

static int
rally_levels(struct out_result *o, const struct iwiif_chart *ch, int total,
    int *levels)
{
	const cJSON *r;
	int at, null, st;

	cJSON_ArrayForEach(r, cJSON_GetObjectItemCaseSensitive(ch->root,
	    "results")) {
		if ((st = iwiif_chart_int(o, ch, r, "at_least", &at, &null)) != ST_OK)
			return st;
		if (null || total >= at)
			return iwiif_chart_int(o, ch, r, "levels", levels, NULL);
	}
	return out_fail(o, ST_DATA, "%s: no result for a total of %d",
	    ch->path, total);
}

/* 17: a stand recovers levels of condition, never past steady. */
static enum iwiif_cond
recover(enum iwiif_cond c, int levels)
{
	return (int)c - levels < 0 ? IWIIF_STEADY :
	    (enum iwiif_cond)((int)c - levels);
}

static int
rally_mods(struct out_result *o, const struct iwiif_chart *ch, const cJSON *req,
    cJSON *mods, int *mod)
{
	char quality[16], far[16];
	double enemy;
	int officer, cover, ooc, given, st, far_at;

	if ((st = crt_req_flag(o, req, "officer", &officer)) != ST_OK ||
	    (st = crt_req_flag(o, req, "cover", &cover)) != ST_OK ||
	    (st = crt_req_flag(o, req, "out_of_command", &ooc)) != ST_OK ||
	    (st = iwiif_req_quality(o, req, quality, sizeof quality)) != ST_OK ||
	    (st = iwiif_req_inches(o, req, "enemy", &enemy, &given)) != ST_OK ||
	    (st = iwiif_chart_int(o, ch, ch->root, "far", &far_at, NULL)) != ST_OK)
		return st;
	if (given) {
		iwiif_inches(enemy, far, sizeof far);
		out_step(o, "17.2", "nearest enemy %s: %s %d\"", far,
		    enemy >= far_at ? "at least" : "under", far_at);
	}
	if ((st = iwiif_modifier(o, ch, mods, "officer", officer, "17.2",
	    mod)) != ST_OK ||
	    (st = iwiif_modifier(o, ch, mods, "far", given && enemy >= far_at,
	    "17.2", mod)) != ST_OK ||
	    (st = iwiif_modifier(o, ch, mods, "cover", cover, "17.2",
	    mod)) != ST_OK ||
	    (st = iwiif_modifier(o, ch, mods, "out-of-command", ooc, "17.2",
	    mod)) != ST_OK)
		return st;
	if (strcmp(quality, "capable") != 0)
		return iwiif_modifier(o, ch, mods, quality, 1, "17.2", mod);
	return ST_OK;
}

static int
rally_odds(struct out_result *o, const struct iwiif_chart *ch,
    const struct iwiif_stands *ss, int mod, cJSON *arr)
{
	int k, f, st, levels;
	char label[64];

	for (k = 0; k < ss->n; k++) {
		const struct iwiif_stand *s = &ss->s[k];
		int ways[IWIIF_DESTROYED + 1] = { 0 };
		cJSON *j = json_object(), *outs = json_array();

		for (f = 1; f <= 10; f++) {
			if ((st = rally_levels(o, ch, f + mod, &levels)) != ST_OK) {
				cJSON_Delete(j);
				cJSON_Delete(outs);
				return st;
			}
			ways[recover(s->cond, levels)]++;
		}
		iwiif_stand_format(s, label, sizeof label);
		out_text(o, "17.1", "%s:", label);
		iwiif_cond_odds(o, ways, outs);
		json_set_str(j, "stand", label);
		json_set_str(j, "colour", s->word);
		json_set_str(j, "condition", iwiif_cond_name(s->cond));
		json_set(j, "odds", outs);
		json_push(arr, j);
	}
	return ST_OK;
}

static int
rally_roll(struct out_result *o, struct ctx *c, const struct iwiif_chart *ch,
    const struct iwiif_stands *ss, int mod, const char *roll, cJSON *arr)
{
	struct cdice cd;
	char label[64], face[16], codes[512] = "";
	cJSON *r;
	int k, st, levels;

	if ((st = iwiif_colour_dice(o, c, roll, ss, "17", &cd)) != ST_OK)
		return st;
	for (k = 0; k < ss->n; k++) {
		const struct iwiif_stand *s = &ss->s[k];
		int f = cdice_find(&cd, s->word)->face;
		enum iwiif_cond now;
		cJSON *j = json_object();

		if ((st = rally_levels(o, ch, f + mod, &levels)) != ST_OK) {
			cJSON_Delete(j);
			return st;
		}
		now = recover(s->cond, levels);
		iwiif_stand_format(s, label, sizeof label);
		iwiif_face(f, face, sizeof face);
		out_step(o, "17.1", "%s, %s: die %s %+d = %d: recovers %d level%s: "
		    "%s %s", s->count > 1 ? label : s->word, iwiif_cond_name(s->cond),
		    face, mod, f + mod, levels,
		    levels == 1 ? "" : "s", now == s->cond ? "stays" : "now",
		    iwiif_cond_name(now));
		json_set_str(j, "stand", label);
		json_set_str(j, "colour", s->word);
		json_set_int(j, "count", s->count);
		json_set_str(j, "condition", iwiif_cond_name(s->cond));
		json_set_int(j, "roll", f);
		json_set_int(j, "total", f + mod);
		json_set_int(j, "levels", levels);
		json_set_str(j, "new_condition", iwiif_cond_name(now));
		json_set_str(j, "rule", "17.1");
		json_push(arr, j);
		snprintf(codes + strlen(codes), sizeof codes - strlen(codes),
		    "%s%s=%s", k ? "," : "", s->word, iwiif_cond_name(now));
	}
	r = json_object();
	json_set_str(r, "code", codes);
	json_set_str(r, "text", codes);
	json_set_str(r, "rule", "17.1");
	json_set(o->json, "result", r);
	json_set_str(o->json, "roll_source", crt_roll_source(c, roll));
	out_result_line(o, "17.1", "result: %s", codes);
	return ST_OK;
}

int
iwiif_rally(struct ctx *c, const cJSON *req, struct out_result *o)
{
	struct iwiif_chart ch;
	struct iwiif_stands *ss = err_calloc(1, sizeof *ss);
	cJSON *mods = json_array(), *arr = json_array();
	char roll[256];
	int st, odds, given, mod = 0, k;

	json_set(o->json, "modifiers", mods);
	json_set(o->json, "stands", arr);
	memset(&ch, 0, sizeof ch);
	if ((st = crt_req_check(o, req, IWIIF, iwiif_rally_fields)) != ST_OK ||
	    (st = crt_req_flag(o, req, "odds", &odds)) != ST_OK ||
	    (st = crt_req_text(o, req, "roll", roll, sizeof roll, &given)) != ST_OK ||
	    (st = iwiif_odds_or_roll(o, odds, given)) != ST_OK ||
	    (st = iwiif_stands(o, req, "stands", "stand", 0, 1, ss)) != ST_OK)
		goto out;
	for (k = 0; k < ss->n; k++)
		if (cdice_colour(ss->s[k].word, strlen(ss->s[k].word),
		    (char[CDICE_NAME]){ 0 }) < 0) {
			st = out_fail(o, ST_USAGE, "bad stand: '%s' (expected a colour "
			    "such as red, with its condition: red:pin)",
			    ss->s[k].word);
			goto out;
		}
	if ((st = iwiif_chart_load(o, c, "rally", &ch)) != ST_OK)
		goto out;
	out_title(o, "I wish I was in France!: rally%s", odds ?
	    ", every roll" : "");
	if ((st = rally_mods(o, &ch, req, mods, &mod)) != ST_OK)
		goto out;
	out_step(o, "17.2", "modifiers in all %+d", mod);
	json_set_int(o->json, "modifier", mod);
	json_set_str(o->json, "table_source", ch.source);
	st = odds ? rally_odds(o, &ch, ss, mod, arr) :
	    rally_roll(o, c, &ch, ss, mod, given ? roll : NULL, arr);
out:
	iwiif_chart_free(&ch);
	free(ss);
	return st;
}

/* ---- observation (16) ---- */

const char *const iwiif_observe_fields[] = { "game", "operands", "terrain",
	"range", "moved", "fired", "hidden", "roll", "odds", NULL };

/* `umpire observe`'s options (each sets its request field) */
const struct opt iwiif_observe_opts[] = {
	{ OPT_FIELD, 0, "terrain", "t", "the area watched: broken, light (cover) "
	  "or dense (cover)", "broken light dense" },
	{ OPT_FIELD, 0, "range", "inches", "from the observers to the area", NULL },
	{ OPT_FIELD, 0, "moved", NULL, "the hidden troops moved more than one move "
	  "segment", NULL },
	{ OPT_FIELD, 0, "fired", NULL, "the hidden troops fired", NULL },
	{ OPT_FIELD, 0, "hidden", NULL, "print only spotted or not spotted",
	  NULL },
	{ OPT_FIELD, 0, "roll", "n", "the owner's own d10 (0 is 10)", NULL },
	{ OPT_FIELD, 0, "odds", NULL, "give the chance of spotting instead of "
	  "rolling", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

/* 16.1: the range band, a range between two bands in the longer. */
static const char *
observe_band(double range)
{
	return range <= 12 ? "4-12" : range <= 18 ? "13-18" : range <= 36 ?
	    "19-36" : "37+";
}

/* The lowest roll that spots, or 0 when none does. */
static int
observe_need(const struct table *t, int col)
{
	size_t i;
	int need = 0;

	for (i = 0; i < t->cols[col].n; i++)
		if (strcmp(t->cols[col].entries[i].code, "seen") == 0 &&
		    (!need || t->cols[col].entries[i].lo < need))
			need = t->cols[col].entries[i].lo;
	return need;
}

static void
observe_result(struct out_result *o, int seen, const char *why)
{
	cJSON *r = json_object();

	json_set_str(r, "code", seen ? "seen" : "-");
	json_set_str(r, "text", seen ? "spotted" : "not spotted");
	json_set_str(r, "rule", "16");
	json_set(o->json, "result", r);
	out_result_line(o, "16", "result: %s%s", seen ? "spotted" : "not spotted",
	    why);
}

int
iwiif_observe(struct ctx *c, const cJSON *req, struct out_result *o)
{
	const struct table *t;
	char terrain[16], roll[32], col[32], rng[16], face[16], chance[32];
	double range;
	int st, moved, fired, hidden, odds, given, rgiven, need, f, k;

	if ((st = crt_req_check(o, req, IWIIF, iwiif_observe_fields)) != ST_OK ||
	    (st = iwiif_req_word(o, req, "terrain", "broken light dense", terrain,
	    sizeof terrain)) != ST_OK ||
	    (st = iwiif_req_inches(o, req, "range", &range, &rgiven)) != ST_OK ||
	    (st = crt_req_flag(o, req, "moved", &moved)) != ST_OK ||
	    (st = crt_req_flag(o, req, "fired", &fired)) != ST_OK ||
	    (st = crt_req_flag(o, req, "hidden", &hidden)) != ST_OK ||
	    (st = crt_req_flag(o, req, "odds", &odds)) != ST_OK ||
	    (st = crt_req_text(o, req, "roll", roll, sizeof roll, &given)) != ST_OK ||
	    (st = iwiif_odds_or_roll(o, odds, given)) != ST_OK)
		return st;
	if (!terrain[0] || !rgiven)
		return out_fail(o, ST_USAGE, "expected --terrain broken, light or "
		    "dense and the --range in inches");
	if (hidden && odds)
		return out_fail(o, ST_USAGE, "--hidden and --odds exclude each "
		    "other: --hidden is for a roll");
	if ((st = crt_table(c, IWIIF, "observation", &t)) != ST_OK)
		return st;
	out_title(o, "I wish I was in France!: observation%s", odds ?
	    ", every roll" : "");
	if (hidden) {
		/* 16: the observer learns only whether he saw them */
		cJSON_Delete(o->json);
		o->json = json_object();
		json_set_str(o->json, "game", IWIIF);
		json_set_str(o->json, "procedure", "observe");
		json_set_bool(o->json, "hidden", 1);
		out_secret("a hidden observation (16)");
	}
	iwiif_inches(range, rng, sizeof rng);
	if (moved || fired || range < 4) {
		if (!hidden)
			out_step(o, "16", "hidden troops that %s are found without a "
			    "roll", moved ? "moved more than one move segment" :
			    fired ? "fired" : "are within 4\"");
		json_set_bool(o->json, "automatic", 1);
		observe_result(o, 1, "");
		return ST_OK;
	}
	snprintf(col, sizeof col, "%s:%s", terrain, observe_band(range));
	if ((k = table_column_index(t, col)) < 0)
		return out_fail(o, ST_DATA, "%s: no column '%s'", t->path, col);
	need = observe_need(t, k);
	if (!hidden) {
		out_step(o, "16.1", "%s terrain at %s: column %s", terrain, rng, col);
		if (need)
			out_step(o, "16.1", "spotted on %d or more", need);
		else
			out_step(o, "16.1", "cannot be spotted at this range");
		json_set_str(o->json, "column", col);
		json_set_str(o->json, "table_source", t->source);
	}
	if (odds) {
		cJSON *p = json_object();
		int ways = need ? 11 - need : 0;

		iwiif_chance(ways, chance, sizeof chance);
		out_text(o, NULL, "spotted %s", chance);
		json_set_int(p, "ways", ways);
		json_set_num(p, "probability", ways / 10.0);
		json_set(o->json, "odds", p);
		return ST_OK;
	}
	if ((st = iwiif_d10(o, c, given ? roll : NULL, &f)) != ST_OK)
		return st;
	if (!hidden) {
		iwiif_face(f, face, sizeof face);
		out_step(o, "16", "roll %s, out of the observer's sight", face);
		json_set_int(o->json, "roll", f);
		json_set_str(o->json, "roll_source", crt_roll_source(c, given ?
		    roll : NULL));
	}
	observe_result(o, need && f >= need, "");
	return ST_OK;
}
