/*
 * test_iwiif.c: I wish I was in France!'s movement answer (10, 9, 14, 15,
 * 23), called as a move-cost command would call it: a request in, a
 * result out.  Distances are the rulebook's Movement table (10).
 */
#include <string.h>

#include "crt.h"
#include "err.h"
#include "games/game.h"
#include "tap.h"

static struct ctx c;

/* Run move_cost on the request text; the result's code, or the error. */
static const char *
move(const char *request, char *buf, size_t len)
{
	cJSON *req = cJSON_Parse(request);
	struct out_result o;
	const cJSON *code;
	int st;

	out_result_init(&o, 0, 1);
	st = game_proc(game_find("iwiif"), "move-cost")->run(&c, req, &o);
	code = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(
	    o.json, "result"), "code");
	if (st != ST_OK)
		snprintf(buf, len, "error %d: %s", st, o.why);
	else
		snprintf(buf, len, "%s", cJSON_IsString(code) ? code->valuestring :
		    "?");
	out_result_free(&o);
	cJSON_Delete(req);
	return buf;
}

int
main(void)
{
	char buf[400];

	memset(&c, 0, sizeof c);
	c.data_dir = "rules";
	/* 10: move / assault in inches; none is 0 */
	is_str(move("{\"unit\":\"infantry\"}", buf, sizeof buf), "6/8",
	    "infantry moves 6\", assaults 8\"");
	is_str(move("{\"unit\":\"cavalry\"}", buf, sizeof buf), "10/12",
	    "cavalry 10\" and 12\"");
	is_str(move("{\"unit\":\"runner\"}", buf, sizeof buf), "10/0",
	    "a runner 10\", no assault");
	is_str(move("{\"unit\":\"vehicle\"}", buf, sizeof buf), "8/0",
	    "vehicles 8\"");
	is_str(move("{\"unit\":\"artillery\"}", buf, sizeof buf), "8/0",
	    "limbered artillery 8\"");
	is_str(move("{\"unit\":\"wagon\"}", buf, sizeof buf), "4/0",
	    "wagons 4\"");
	/* 9: suppressed do not advance (nor assault), pinned do not move,
	 * broken fall back a full move */
	is_str(move("{\"unit\":\"infantry\",\"condition\":\"suppressed\"}", buf,
	    sizeof buf), "6/0", "suppressed infantry: no assault");
	is_str(move("{\"unit\":\"cavalry\",\"condition\":\"pinned\"}", buf,
	    sizeof buf), "0/0", "pinned cavalry may not move");
	is_str(move("{\"unit\":\"infantry\",\"condition\":\"broken\"}", buf,
	    sizeof buf), "6/0", "broken infantry fall back 6\"");
	/* 23: an armoured car ignores suppressed and pinned */
	is_str(move("{\"unit\":\"ac\",\"condition\":\"pinned\"}", buf,
	    sizeof buf), "8/0", "a pinned armoured car still moves 8\"");
	/* usage errors */
	ok(strncmp(move("{\"unit\":\"tank\"}", buf, sizeof buf), "error 2:",
	    8) == 0, "an unknown unit: %s", buf);
	ok(strncmp(move("{\"condition\":\"steady\"}", buf, sizeof buf),
	    "error 2:", 8) == 0, "no unit: %s", buf);
	ok(strncmp(move("{\"unit\":\"infantry\",\"condition\":\"dead\"}", buf,
	    sizeof buf), "error 2:", 8) == 0, "a bad condition: %s", buf);
	ok(strncmp(move("{\"unit\":\"infantry\",\"terrain\":\"clear\"}", buf,
	    sizeof buf), "error 2:", 8) == 0, "a field of crt: %s", buf);
	return tap_done();
}
