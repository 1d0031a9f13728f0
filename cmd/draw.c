/*
 * draw.c: placeholder while the draw command is being written; it refuses to
 * run so that nothing half-built answers a player.
 */
#include "cmd.h"
#include "err.h"

const struct opt draw_opts[] = {
	{ 0, 0, NULL, NULL, NULL, NULL }
};

void
complete_draw(const struct ctx *c, char **ops, int nops, const char *prefix)
{
	(void)c;
	(void)ops;
	(void)nops;
	(void)prefix;
}

int
cmd_draw(struct ctx *c, int argc, char **argv)
{
	(void)c;
	(void)argc;
	(void)argv;
	return err(ST_USAGE, "not written yet");
}
