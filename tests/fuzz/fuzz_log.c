/*
 * fuzz_log.c: a libFuzzer target for the game log read back, `umpire log
 * NAME` (cmd/log.c): the log file is untrusted (torn lines, a foreign
 * writer, any bytes).  The reader's own functions are the command's
 * private parts and may change, so the target goes in by the one entry
 * point that stays: the command's handler, with the handlers' signature
 * (cmd/umpire.c), on a log file that holds the input.  The first byte:
 * even, the text trail; odd, --json.  Output goes to stdout and warnings
 * to stderr: run with -close_fd_mask=3.
 *
 *   make -C tests/fuzz run-log SECONDS=300
 * Seeds, in tests/fuzz/seeds/log, are logs umpire wrote (a byte 0 or 1
 * first).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ctx.h"
#include "err.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* cmd/log.c's handler, and the one word of cmd/complete.c it links to
 * (for completing log names, which the target does not ask for). */
int cmd_log(struct ctx *c, int argc, char **argv);
void complete_word(const char *prefix, const char *word);

void
complete_word(const char *prefix, const char *word)
{
	(void)prefix;
	(void)word;
}

static char logpath[256];

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char dir[] = "/tmp/fuzz_log.XXXXXX", sub[200];

	(void)argc;
	(void)argv;
	if (mkdtemp(dir) == NULL || setenv("XDG_STATE_HOME", dir, 1) < 0)
		abort();
	snprintf(sub, sizeof sub, "%s/umpire", dir);
	if (mkdir(sub, 0700) < 0)
		abort();
	snprintf(sub, sizeof sub, "%s/umpire/logs", dir);
	if (mkdir(sub, 0700) < 0)
		abort();
	snprintf(logpath, sizeof logpath, "%s/fuzz.jsonl", sub);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ctx c;
	char name[] = "fuzz", *args[] = { name, NULL };
	FILE *fp;
	int st;

	if (size < 1)
		return 0;
	fp = fopen(logpath, "w");
	if (fp == NULL || fwrite(data + 1, 1, size - 1, fp) != size - 1 ||
	    fclose(fp))
		abort();
	memset(&c, 0, sizeof c);
	c.json = data[0] & 1;
	st = cmd_log(&c, 1, args);
	/* a log that reads is shown (0); one with a NUL in it is refused
	   as data; nothing else may come of it */
	if (st != ST_OK && st != ST_DATA)
		abort();
	fflush(stdout);
	return 0;
}
