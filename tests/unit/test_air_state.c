/*
 * test_air_state.c: unit tests for the shared air code that names no game:
 * the saved missions (lib/games/air_state.c) check a file's missions
 * against the list the game gives, and the request reader
 * (lib/games/air_req.c) hands a game the members it alone knows; a saved
 * game's part (air_state_part_json, air_state_from_part) reads back what
 * it wrote and refuses what it never writes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "games/air_req.h"
#include "tap.h"

static struct air_file file;

static void
put(const char *text)
{
	FILE *fp = fopen(file.path, "w");

	if (!fp || fputs(text, fp) == EOF || fclose(fp))
		abort();
}

/* A file of game "g1" whose one flight flew mission m. */
static void
put_flight(const char *m)
{
	char buf[512];

	snprintf(buf, sizeof buf, "{\"format\": \"umpire-air/1\", \"game\": "
	    "\"g1\", \"name\": \"fuzz\", \"turn\": 1, \"phase\": 1, "
	    "\"missions\": [{\"unit\": \"a1\", \"mission\": \"%s\", "
	    "\"phase\": 1}], \"fields\": [], \"removed\": []}", m);
	put(buf);
}

static void
test_missions(void)
{
	static const char *const ours[] = { "scout", "drop", NULL },
	    *const theirs[] = { "strike", NULL };
	struct air_state s;

	put_flight("scout");
	is_int(air_state_load(&file, "g1", ours, &s), ST_OK,
	    "a mission on the game's list loads");
	is_str(s.f[0].mission, "scout", "its mission is kept");
	air_state_free(&s);
	/* the list is the game's: the same file under another list is bad */
	is_int(air_state_load(&file, "g1", theirs, &s), ST_DATA,
	    "a mission the game's list lacks is a broken file");
	air_state_free(&s);
	put_flight("strike");
	is_int(air_state_load(&file, "g1", theirs, &s), ST_OK,
	    "and loads under a list that has it");
	air_state_free(&s);
}

/* A game's own member: "wings" only. */
static int wings;

static int
own(void *game_req, const char *key, const cJSON *val)
{
	(void)game_req;
	if (strcmp(key, "wings") != 0 || !cJSON_IsString(val))
		return -1;
	wings = atoi(val->valuestring);
	return ST_OK;
}

static void
test_parse(void)
{
	cJSON *req = cJSON_Parse("{\"units\": \"3\", \"check\": true, "
	    "\"wings\": \"2\", \"mission\": \"scout\"}");
	struct air_req a;

	is_int(air_req_parse(req, &a, own, NULL), ST_OK, "a request parses");
	is_int(a.units, 3, "--units 3");
	is_int(a.check, 1, "--check");
	is_int(a.range, -1, "--range not given");
	is_str(a.mission, "scout", "--mission as given, for the game");
	is_int(wings, 2, "the game's own member reached the game");
	cJSON_Delete(req);
	req = cJSON_Parse("{\"units\": \"0\"}");
	is_int(air_req_parse(req, &a, own, NULL), ST_USAGE,
	    "--units 0 is refused (1 to 99)");
	cJSON_Delete(req);
	req = cJSON_Parse("{\"feathers\": true}");
	is_int(air_req_parse(req, &a, own, NULL), ST_USAGE,
	    "a member neither the shared code nor the game knows is refused");
	cJSON_Delete(req);
}

/* A part written and read back is the same; the header members of the
 * file are no part's, and a new turn keeps only the fields and the
 * grounding still due. */
static void
test_part(void)
{
	static const char *const ours[] = { "scout", "drop", NULL };
	struct air_state s, back, junk;
	char why[256];
	cJSON *part, *again, *bad;

	air_state_new(&s, "g1", ours, "tue");
	s.turn = 3;
	s.phase = 2;
	ok(air_state_record(&s, "a1", "drop", "4020") == 0, "a flight is "
	    "recorded");
	ok(air_state_ground(&s, "a2") == 0, "a unit is grounded");
	snprintf(s.fields[0].hex, sizeof s.fields[0].hex, "4020");
	s.fields[0].built = 0;
	s.nfields = 1;
	part = air_state_part_json(&s);
	ok(!cJSON_GetObjectItemCaseSensitive(part, "format") &&
	    !cJSON_GetObjectItemCaseSensitive(part, "name"), "a part has no "
	    "header of its own");
	is_int(air_state_from_part(part, "g1", "tue", ours, &back, why,
	    sizeof why), 0, "the part reads back");
	again = air_state_part_json(&back);
	ok(cJSON_Compare(part, again, 1), "and writes the same again");
	is_int(back.f[0].phase, 2, "the flight keeps its phase");
	is_int(back.grounded[0].turn, 4, "the grounding is for the next turn");
	bad = cJSON_Duplicate(part, 1);
	cJSON_AddStringToObject(bad, "format", "umpire-air/1");
	is_int(air_state_from_part(bad, "g1", "tue", ours, &junk, why,
	    sizeof why), -1, "a header member is no part's");
	cJSON_Delete(bad);
	air_state_next_turn(&back);
	is_int(back.turn, 4, "the next turn");
	is_int(back.nf, 0, "nothing flown in it yet");
	is_int(back.ngrounded, 1, "a grounding due in it stays");
	is_int(back.nfields, 1, "and the field");
	air_state_next_turn(&back);
	is_int(back.ngrounded, 0, "one past it goes");
	cJSON_Delete(again);
	cJSON_Delete(part);
}

int
main(void)
{
	char dir[] = "/tmp/test_air_state.XXXXXX";

	if (!mkdtemp(dir))
		abort();
	snprintf(file.name, sizeof file.name, "fuzz");
	snprintf(file.path, sizeof file.path, "%s/fuzz.json", dir);
	snprintf(file.lock, sizeof file.lock, "%s/fuzz.lock", dir);
	file.fd = -1;
	test_missions();
	test_parse();
	test_part();
	unlink(file.path);
	rmdir(dir);
	return tap_done();
}
