/*
 * proc.h: the commands that hand one request to a game's procedure
 * (activation, fire, morale, rally, observe).
 *
 * As crt does, the options and operands become a request, a JSON object:
 * each option's long name with '_' for '-' holds its value (true for a
 * flag), and the operands are an array under the command's operand key.
 * The game named by -g, or else the only game with the procedure, settles
 * it (game.h: the game's procedure of the command's name); the result
 * is printed as a trail or as JSON.
 */
#ifndef UMPIRE_PROC_H
#define UMPIRE_PROC_H

#include "ctx.h"
#include "games/game.h"
#include "opt.h"

struct out_result;

struct proc_cmd {
	const char *name;		/* the procedure and the command (its
					   options: options.h) */
	const char *operands;		/* request key of the operands */
	const char *operand_hint;	/* what to give when there are none */
};

int proc_run(struct ctx *c, const struct proc_cmd *p, int argc, char **argv);
/* The same, the request's "apply" applying the result to the saved game
 * of the line (proc_apply_open, proc_apply), as the step of the side the
 * result's member side_key names. */
int proc_run_saved(struct ctx *c, const struct proc_cmd *p, int argc,
    char **argv, const char *side_key);
/* proc_run's two parts, for a command that does more between them: the
 * options and operands into req; the game (-g, or else the only game
 * with the procedure). */
int proc_parse(const struct proc_cmd *p, struct cJSON *req, int argc,
    char **argv);
int proc_game(const struct ctx *c, const struct proc_cmd *p,
    const struct game **out);

/* A procedure's result (st its status): printed, or its failure reported
 * when o->why says one; o freed.  Returns the status to exit with. */
int proc_emit(const struct ctx *c, struct out_result *o, int st);

/* A request built by the command itself, settled by g's procedure and
 * printed (the caller frees req). */
int proc_answer(struct ctx *c, const struct proc_cmd *p, const struct game *g,
    struct cJSON *req);

/*
 * --apply: the saved game of the line's situation ("saved:NAME", game.h)
 * opened and locked before the procedure reads it, so nothing comes
 * between the answer and the step; then the result's "effects"
 * (saved_apply.h) applied as one logged step, said in the answer; only
 * in a phase of the sequence of play that takes the procedure for side.
 */
struct saved;
int proc_apply_open(const struct ctx *c, const char *situation,
    struct saved *sv);
int proc_apply(const struct ctx *c, struct out_result *o, struct saved *sv,
    const char *what, const char *side);

#endif
