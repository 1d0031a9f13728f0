/*
 * test_air_state.c: unit tests for the shared air code that names no game:
 * the saved missions (lib/games/air_state.c) check a file's missions
 * against the list the game gives, and the request reader
 * (lib/games/air_req.c) hands a game the members it alone knows.
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
	unlink(file.path);
	rmdir(dir);
	return tap_done();
}
