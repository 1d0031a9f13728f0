/*
 * umpire.c: main(), the global options, the command table, dispatch and
 * exit status.
 *
 * Global options may stand before or after the command name; they are
 * taken out here, so a handler sees only its own options and operands.
 * A handler returns a status (err.h); only main() turns it into an exit
 * code.  "help" and "__complete" are built in: they serve the table below
 * rather than belonging to it.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"
#include "options.h"
#include "ctx.h"
#include "data.h"
#include "err.h"
#include "games/game.h"
#include "log.h"
#include "opt.h"
#include "out.h"
#include "saved.h"
#include "state.h"

#ifndef UMPIRE_VERSION
#define UMPIRE_VERSION "0.1.0"
#endif

static const struct cmd commands[] = {
	{ "activation", cmd_activation, "how many actions each unit may take "
	  "this turn; or the exact odds",
	  "umpire activation [--odds | --roll list] [--plan list] commander ...",
	  activation_opts, complete_activation, NULL,
	  "umpire activation competent nco capable --roll 0,4,7\n"
	  "umpire activation inept --odds --plan move,fire,assault" },
	{ "airstrike", cmd_airstrike, "an air strike on the chart, or whether "
	  "an air unit may fly a mission",
	  "umpire airstrike [--odds | --roll n] [--units n] [--terrain words] [--entrenched] [--gas | --turn date] [option ...]\n"
	  "umpire airstrike --check [--mission word] [--range n] [--distance n | --map name --from hex --to hex] [option ...]\n"
	  "umpire airstrike --name game --status | --undo | --new-turn | --new-phase | --build-field hex | --remove-field hex | --overrun --unit ids\n"
	  "umpire --saved name airstrike [--check] --unit ids --apply | --status | --build-field hex --apply | --remove-field hex --apply | --overrun --unit ids --apply",
	  airstrike_opts, complete_airstrike, NULL,
	  "umpire airstrike -g loe --terrain amba+jungle --entrenched --roll 3\n"
	  "umpire airstrike -g loe --check --mission rebase --range 5 --distance 9 --oos\n"
	  "umpire --saved tuesday airstrike --unit sq1 --terrain mountain --apply" },
	{ "crt", cmd_crt, "resolve a battle, every modifier with its rule; or "
	  "the exact odds",
	  "umpire crt [--odds | --roll list] [option ...] attack defense\n"
	  "umpire crt --batch [option ...]\n"
	  "umpire crt --name game [--odds | --roll list]\n"
	  "umpire crt --att-units ids --def-units ids [--situation file] [--odds | --roll list [--apply]] [option ...]\n"
	  "umpire crt --losses ids\n"
	  "umpire crt --what-if [option ...] attack defense",
	  crt_opts, complete_crt, "terrain air hq naval att-move def-move",
	  "umpire crt -g loe 8 3 --terrain mountain --air 2 --roll 4\n"
	  "umpire crt -g loe 8 3 --terrain mountain --odds\n"
	  "umpire crt -g toto 20 12 --table big-push --roll 3" },
	{ "draw", cmd_draw, "run a card deck that lasts across commands; the "
	  "Adwa d6 procedures",
	  "umpire draw [--name game] [--to commander] [--healer | --veto commander] [n]\n"
	  "umpire draw new [--name game] [--commanders list] [--hand n] [--dignity reading] [--pins]\n"
	  "umpire draw roles [--name game] [--commanders list] [--hand n] [--show commander | --odds]\n"
	  "umpire draw hand [--name game] commander\n"
	  "umpire draw play [--name game] [--from commander] [--with commander] [--show commander] [--healer | --veto commander] [--army army] [--roll list] card [card]\n"
	  "umpire draw react [--name game] [--by commander] [--roll n] {healer | veto | dignity | none}\n"
	  "umpire draw exchange [--name game] [--from commander] --with commander [card]\n"
	  "umpire draw expose [--name game] [--from commander]\n"
	  "umpire draw {pass | status | board | log | undo} [--name game]\n"
	  "umpire draw end [--name game] [--yes]\n"
	  "umpire draw list\n"
	  "umpire draw mutiny [--name game] [--held n] [--odds | --roll list]\n"
	  "umpire draw assassinate [--healer | --veto commander] [--odds | --roll n]\n"
	  "umpire draw {disgrace | spy} [--odds | --roll n]\n"
	  "umpire draw advance [--name game] [--positions list] [--odds | --roll list]\n"
	  "umpire draw clock [--name game] [--hours n] [--positions list] [--first] [--odds | --roll n]\n"
	  "umpire draw battle [--name game] [--roll list]",
	  draw_opts, complete_draw, NULL,
	  "umpire draw -g adwa mutiny --held 2 --odds\n"
	  "umpire draw -g adwa assassinate --roll 4" },
	{ "entrench", cmd_entrench, "may a unit build an entrenchment where it "
	  "stands; put one on a saved game",
	  "umpire entrench --unit id [--apply]\n"
	  "umpire entrench --situation file [--map map] --unit id",
	  entrench_opts, complete_entrench, NULL,
	  "umpire -g loe entrench --situation teaching --unit it-inf-a\n"
	  "umpire -g loe entrench --situation teaching --unit eth-irr-a" },
	{ "event", cmd_event, "roll the random events of a player turn: both "
	  "dice, the years, the once-a-game events",
	  "umpire event [--side side] [--roll dice] [--year year] [--vp ottoman,allied] [--occurred codes]\n"
	  "umpire --saved name event [--side side] [--roll dice] [--year year] [--vp ottoman,allied] [--hex hex --factors a-d-m] [--apply]",
	  event_opts, NULL, NULL,
	  "umpire event -g toto --side ottoman --roll 3,1,4,2\n"
	  "umpire event -g toto --side allied --roll 4,6 --year 1916 --occurred russian-revolution" },
	{ "fire", cmd_fire, "fire a volley or fight a round of close combat "
	  "with coloured dice; or the exact odds",
	  "umpire fire [--odds | --roll dice] --range inches --at list [option ...] stand ...\n"
	  "umpire fire --artillery gun [--odds | --hit n | --roll dice] [--range inches | --off-table] [--at list] [option ...]\n"
	  "umpire fire --close [--odds | --roll dice] --at list [option ...] stand ...",
	  fire_opts, complete_fire, NULL,
	  "umpire fire -g iwiif --range 16 --in-position 4xmodern lmg --at red,blue --roll red=9,blue=8\n"
	  "umpire fire -g iwiif --close 3xinf cmd --assaulting --at red,blue:pin --odds" },
	{ "game", cmd_game, "keep a saved game: the position, the turn and a "
	  "log of steps to undo",
	  "umpire game new name -g game [--map map [--situation file]]\n"
	  "umpire game list\n"
	  "umpire game show | next | log | export | undo | end\n"
	  "umpire game place id --side side --type type --hex hex "
	  "[--strength n] [--ma n] [--marker word ...]\n"
	  "umpire game remove id ...\n"
	  "umpire game set id field=value ...\n"
	  "umpire game mark | unmark id marker ...\n"
	  "umpire game control side hex ... | --clear hex ...\n"
	  "umpire game use [thing]\n"
	  "umpire game delete name",
	  game_opts, complete_game, "marker",
	  "umpire game new tuesday -g loe --map teaching --situation teaching\n"
	  "umpire --saved tuesday game show\n"
	  "umpire --saved tuesday move-cost --unit it-inf-a --to 2505" },
	{ "log", cmd_log, "show a game log: every result given while it was "
	  "asked for",
	  "umpire log [name]\n"
	  "umpire log --dice name ...",
	  log_opts, complete_log, NULL,
	  "umpire log\n"
	  "umpire log adwa-1896 --json" },
	{ "map", cmd_map, "install, check or draw a hex map; picture it as SVG",
	  "umpire map import [game] name file\n"
	  "umpire map check file\n"
	  "umpire map show [--around hex] [--radius n] [--situation file] "
	  "[--path hexes | --reach unit | --supply who] [--season name] "
	  "[--phase name] [--lost hexes] map\n"
	  "umpire map svg [--around hex] [--radius n] [--situation file] "
	  "[--path hexes [--unit id] [--at-sea] [--sea-moved n] | --reach unit | --unit id {--retreat n "
	  "[--away hex] [--toward hex] [--attacker] | --advance n [--via hex]} | "
	  "--supply who] "
	  "[--season name] [--phase name] [--lost hexes] [--mark hexes] "
	  "[-o file] [--title text] map",
	  map_opts, complete_map, "away",
	  "umpire map show -g loe teaching --around Adigrat --radius 2\n"
	  "umpire map svg -g loe teaching --around 4026 --radius 2 --path 3925,4025,4026" },
	{ "mobilize", cmd_mobilize, "what a reinforcement costs and where it "
	  "may enter; place it",
	  "umpire mobilize --nation nation [--year year] [--vp n] [--free] unit\n"
	  "umpire --saved name mobilize --nation nation --hex hex --factors a-d-m [--id id] [--year year] [--vp n] [--free] [--apply] unit",
	  mobilize_opts, NULL, NULL,
	  "umpire mobilize -g toto --nation british --year 1915 anzac\n"
	  "umpire mobilize -g toto --nation ottoman --vp 6 infantry" },
	{ "morale", cmd_morale, "a morale test or an A/C test, every modifier "
	  "with its rule; or the exact odds",
	  "umpire morale [--test kind] [--odds | --roll n] [option ...]",
	  morale_opts, complete_morale, NULL,
	  "umpire morale -g iwiif --led officer --pinned 2 --odds\n"
	  "umpire morale -g iwiif --test ac --roll 5" },
	{ "move-cost", cmd_move_cost, "price a move step by step under the "
	  "game's rules; check a retreat or advance",
	  "umpire move-cost --unit type [option ...] step ...\n"
	  "umpire move-cost --unit type {--retreat n | --advance n} [option ...] "
	  "step ...\n"
	  "umpire move-cost --map map --situation file --unit id {--to hex | "
	  "--reach | --retreat n [--to hex] | --advance n [--via hex] "
	  "[--to hex]} [--svg | --apply] [option ...]\n"
	  "umpire move-cost --map map --unit type --from hex [--enemy hexes] "
	  "{--to hex | --reach | --retreat n | --advance n} [option ...]\n"
	  "umpire move-cost --unit type [--condition name] [--in-position] "
	  "[--set-up]",
	  move_cost_opts, complete_move_cost, "unit away enemy",
	  "umpire move-cost -g loe --unit italian-inf --ma 6 mountain clear+jungle\n"
	  "umpire move-cost -g loe --situation teaching --unit it-inf-a --to 2505" },
	{ "observe", cmd_observe, "spot hidden troops, the roll kept from the "
	  "observer if wished",
	  "umpire observe --terrain t --range inches [--moved] [--fired] [--hidden] [--odds | --roll n]",
	  observe_opts, complete_observe, NULL,
	  "umpire observe -g iwiif --terrain light --range 14 --roll 6\n"
	  "umpire observe -g iwiif --terrain light --range 14 --odds" },
	{ "rally", cmd_rally, "rally a unit's stands with coloured dice; or the "
	  "exact odds",
	  "umpire rally [--odds | --roll dice] [option ...] stand ...",
	  rally_opts, complete_rally, NULL,
	  "umpire rally -g iwiif red:pin blue:sup --officer --enemy 20 --roll red=9,blue=6\n"
	  "umpire rally -g iwiif red:pin --odds" },
	{ "reorganize", cmd_reorganize, "break a corps down into its divisions "
	  "or combine divisions into a corps",
	  "umpire reorganize {break | combine} kind\n"
	  "umpire --saved name reorganize break corps [--kind kind] [--as ids] [--apply]\n"
	  "umpire --saved name reorganize combine kind division ... [--supply id] [--as id] [--apply]",
	  reorganize_opts, NULL, NULL,
	  "umpire reorganize -g toto break ot-inf\n"
	  "umpire reorganize -g toto combine ru-exp" },
	{ "roll", cmd_roll, "roll dice, or give the exact odds of every total",
	  "umpire roll [--odds] [--roll list] dice ...",
	  roll_opts, complete_roll, NULL,
	  "umpire roll 2d6 d10\n"
	  "umpire roll 3d6 --odds" },
	{ "rules", cmd_rules, "search the rules, show a section, list the contents",
	  "umpire rules search [-Fiw] [-C n] [--count] [-g game] pattern\n"
	  "umpire rules show [--refs] [game] section\n"
	  "umpire rules toc [game]\n"
	  "umpire rules import [--force] [--heading regex] name file",
	  rules_opts, complete_rules, NULL,
	  "umpire rules search -g loe 'zone of control'\n"
	  "umpire rules show loe 8.2.1 --refs" },
	{ "shell", cmd_shell, "an interactive prompt that runs commands one a "
	  "line, or a script of them",
	  "umpire shell [-g game] [--keep-going]",
	  shell_opts, complete_shell, NULL,
	  "umpire shell -g loe\n"
	  "echo 'crt 8 3 --roll 4' | umpire shell -g loe" },
	{ "stacking", cmd_stacking, "check a position's stacks against the "
	  "limits, with the rule's remedy",
	  "umpire stacking [--situation file] [--map map] [--hex hex] [--side side]",
	  stacking_opts, complete_stacking, NULL,
	  "umpire stacking -g loe --situation teaching\n"
	  "umpire stacking --situation omdurman --hex 2021" },
	{ "supply-trace", cmd_supply_trace, "is a unit in supply? the line "
	  "hex by hex to its source, or what blocks it",
	  "umpire supply-trace --map map --situation file {--unit id | --side "
	  "side} [--phase name] [--season name] [--lost hexes] [--update | "
	  "--apply | --svg | --cut]\n"
	  "umpire supply-trace --hexes n [--through words]",
	  supply_trace_opts, complete_supply_trace, NULL,
	  "umpire supply-trace -g loe --situation teaching --unit eth-irr-a\n"
	  "umpire supply-trace --situation isandhlwana --side british" },
	{ "table", cmd_table, "look a die table up; list, show, check or import tables",
	  "umpire table [--odds | --roll list] [game] table [column]\n"
	  "umpire table --list [game]\n"
	  "umpire table --show [game] table\n"
	  "umpire table --check file\n"
	  "umpire table --import game table file",
	  table_opts, complete_table, NULL,
	  "umpire table --list loe\n"
	  "umpire table loe league-of-nations --roll 6" },
	{ "victory", cmd_victory, "who has won, or would: each victory "
	  "condition with its rule and the moment it is looked at",
	  "umpire victory [--situation file [--map name]] [--turn n] [--at-end] [option ...]\n"
	  "umpire victory -g sotq --battle name [--turn n] [--at-end] [option ...]\n"
	  "umpire victory --exit ids [--apply]",
	  victory_opts, complete_victory, NULL,
	  "umpire victory -g loe --situation teaching --turn 11\n"
	  "umpire victory -g sotq --battle isandhlwana --zulu-lost 14 --regulars-left 3\n"
	  "umpire victory -g toto --ottoman-vp 60 --allied-vp 40 --at-end" },
	{ "words", cmd_words, "list the words a game knows: sides, unit types, "
	  "markers, terrain, maps, situations, tables",
	  "umpire words [game] [kind]",
	  words_opts, complete_words, NULL,
	  "umpire -g loe words\n"
	  "umpire words toto types" },
};

static const char top_usage[] =
    "umpire [-g game] [--data dir] [--json] [--no-color] [--seed n] [--log name] [--saved name] command [arg ...]\n"
    "umpire help [command]\n"
    "umpire --version";

enum {
	G_GAME = 1000, G_JSON, G_SEED, G_DATA, G_NO_COLOR, G_HELP, G_VERSION, G_LOG,
	G_SAVED
};

static const struct opt global_opts[] = {
	{ G_GAME, 'g', "game", "id", "the game, one of those listed below "
	  "(default $UMPIRE_GAME)", "@games" },
	{ G_JSON, 0, "json", NULL, "print one JSON object instead of the trail", NULL },
	{ G_SEED, 0, "seed", "n", "seed the dice so that a run can be repeated", NULL },
	{ G_DATA, 0, "data", "dir", "look for data files in dir first", "@dirs" },
	{ G_NO_COLOR, 0, "no-color", NULL, "never colour the output", NULL },
	{ G_LOG, 0, "log", "name", "append every result to the game log name "
	  "(default $UMPIRE_LOG)", NULL },
	{ G_SAVED, 0, "saved", "name", "read the position of this saved game "
	  "(umpire-game(1); default $" SAVED_ENV ")", "@saved" },
	{ G_HELP, 'h', "help", NULL, "print help and exit", NULL },
	{ G_VERSION, 0, "version", NULL, "print the version and exit", NULL },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

struct invocation {
	struct ctx ctx;
	const char *seed_text;
	const char *game_source;	/* "-g" or "UMPIRE_GAME", for messages */
	int help, version;
	unsigned given;		/* global options seen, by id - G_GAME */
	char saved_spec[SAVED_NAME_MAX + 8];	/* "saved:NAME" */
};

const struct cmd *
cmd_all(size_t *n)
{
	*n = sizeof commands / sizeof *commands;
	return commands;
}

static const struct cmd *
find_command(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof commands / sizeof *commands; i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

static int
unknown_command(const char *name)
{
	const char *names[sizeof commands / sizeof *commands + 1];
	const char *near;
	size_t i;

	for (i = 0; i < sizeof commands / sizeof *commands; i++)
		names[i] = commands[i].name;
	names[i++] = "help";
	near = err_nearest(name, names, i);
	if (near)
		return err(ST_USAGE, "unknown command: '%s' (did you mean '%s'?)",
		    name, near);
	return err(ST_USAGE, "unknown command: '%s' (umpire --help lists them)",
	    name);
}

/* Print usage lines, the first after "usage: ", the rest aligned. */
static void
print_usage(FILE *fp, const char *usage)
{
	const char *p = usage;
	int first = 1;

	while (*p) {
		size_t len = strcspn(p, "\n");

		fprintf(fp, "%s%.*s\n", first ? "usage: " : "       ", (int)len, p);
		first = 0;
		p += len;
		if (*p == '\n')
			p++;
	}
}

static void
print_games(void)
{
	const struct game *const *g;
	size_t n, i;

	g = game_all(&n);
	printf("games:\n");
	for (i = 0; i < n; i++)
		printf("  %-9s %s\n", g[i]->id, g[i]->title);
}

static int
top_help(void)
{
	size_t i;
	int w = 0;

	/* the column as wide as the longest name (supply-trace) */
	for (i = 0; i < sizeof commands / sizeof *commands; i++)
		if ((int)strlen(commands[i].name) > w)
			w = (int)strlen(commands[i].name);
	print_usage(stdout, top_usage);
	printf("\nSettle one wargame procedure at a time, with the rule behind "
	    "every step.\n\ncommands:\n");
	for (i = 0; i < sizeof commands / sizeof *commands; i++)
		printf("  %-*s %s\n", w, commands[i].name, commands[i].summary);
	printf("\nglobal options, before or after the command:\n");
	opt_print_help(stdout, global_opts);
	printf("\n");
	print_games();
	printf("\n'umpire help COMMAND' or 'umpire COMMAND --help' describes a "
	    "command;\numpire(1) has the rest.\n");
	return ST_OK;
}

static int
command_help(const struct ctx *c, const struct cmd *cmd)
{
	const char *p, *nl;

	print_usage(stdout, cmd->usage);
	printf("\n%s.\n", cmd->summary);
	if (cmd->examples) {
		printf("\nexamples:\n");
		for (p = cmd->examples; *p; p = nl + (*nl != '\0')) {
			nl = p + strcspn(p, "\n");
			printf("  %.*s\n", (int)(nl - p), p);
		}
	}
	if (options_for(c, cmd)->id) {
		printf("\noptions:\n");
		options_help(stdout, c, cmd);
	}
	printf("\nglobal options (-g, --json, --seed, --data, --no-color) as in "
	    "'umpire --help';\nsee umpire-%s(1).\n", cmd->name);
	return ST_OK;
}

static cJSON *
usage_json(const char *usage)
{
	cJSON *arr = json_array();

	while (*usage) {
		size_t len = strcspn(usage, "\n");
		char *line = err_malloc(len + 1);

		memcpy(line, usage, len);
		line[len] = '\0';
		json_push(arr, cJSON_CreateString(line));
		free(line);
		usage += len;
		if (*usage == '\n')
			usage++;
	}
	return arr;
}

/* An option table as --help shows it, one object an option; "repeats"
 * says whether it may be given more than once. */
static cJSON *
options_json(const struct opt *table)
{
	cJSON *arr = json_array();
	const struct opt *o;
	char name[64];

	for (o = table; o && o->id; o++) {
		cJSON *j = json_object();

		json_set_str(j, "name", opt_display(o, name));
		if (o->short_name && o->long_name) {
			snprintf(name, sizeof name, "-%c", o->short_name);
			json_set_str(j, "short", name);
		} else {
			json_set_str(j, "short", NULL);
		}
		json_set_str(j, "value", o->arg);
		json_set_str(j, "help", o->help);
		json_set_bool(j, "repeats", !o->arg ||
		    options_repeat(table, o->long_name));
		json_push(arr, j);
	}
	return arr;
}

/* `help --json`: the same help as text, as one JSON object. */
static int
help_json(const struct ctx *c, const struct cmd *cmd)
{
	cJSON *json = json_object(), *arr;
	const struct game *const *g;
	size_t n, i;

	json_set_str(json, "procedure", "help");
	if (cmd) {
		json_set_str(json, "command", cmd->name);
		json_set_str(json, "summary", cmd->summary);
		json_set(json, "usage", usage_json(cmd->usage));
		json_set(json, "options", options_json(options_for(c, cmd)));
		return out_emit(c, json, NULL);
	}
	json_set(json, "usage", usage_json(top_usage));
	arr = json_array();
	for (i = 0; i < sizeof commands / sizeof *commands; i++) {
		cJSON *o = json_object();

		json_set_str(o, "name", commands[i].name);
		json_set_str(o, "summary", commands[i].summary);
		json_set(o, "usage", usage_json(commands[i].usage));
		json_push(arr, o);
	}
	json_set(json, "commands", arr);
	json_set(json, "options", options_json(global_opts));
	arr = json_array();
	g = game_all(&n);
	for (i = 0; i < n; i++) {
		cJSON *o = json_object();

		json_set_str(o, "id", g[i]->id);
		json_set_str(o, "title", g[i]->title);
		json_push(arr, o);
	}
	json_set(json, "games", arr);
	return out_emit(c, json, NULL);
}

/* Help for cmd, or for umpire when cmd is NULL; as JSON with --json. */
static int
show_help(const struct ctx *c, const struct cmd *cmd)
{
	if (c->json)
		return help_json(c, cmd);
	return cmd ? command_help(c, cmd) : top_help();
}

static int
parse_seed(const char *text, uint64_t *seed)
{
	char *end;

	errno = 0;
	if (*text < '0' || *text > '9')
		return -1;
	*seed = strtoull(text, &end, 10);
	/* 2^53 - 1: the largest whole number JSON readers keep exactly */
	return errno || *end || *seed > 9007199254740991ULL ? -1 : 0;
}

/* Apply one global option; the value, if any, is arg. */
static int
apply_global(struct invocation *inv, const struct opt *o, const char *arg)
{
	unsigned bit = 1u << (o->id - G_GAME);
	char name[64];

	/* as opt.c does for a command's options: one value each */
	if (o->arg && (inv->given & bit))
		return err(ST_USAGE, "option given twice: '%s' (give it once)",
		    opt_display(o, name));
	inv->given |= bit;
	switch (o->id) {
	case G_GAME:
		inv->ctx.game = arg;
		inv->game_source = "-g";
		break;
	case G_JSON:
		inv->ctx.json = 1;
		break;
	case G_SEED:
		inv->seed_text = arg;
		break;
	case G_DATA:
		inv->ctx.data_dir = arg;
		break;
	case G_NO_COLOR:
		inv->ctx.color = 0;
		break;
	case G_LOG:
		inv->ctx.log = arg;
		break;
	case G_SAVED:
		if (!saved_name_ok(arg))
			return err(ST_USAGE, "--saved: not a saved game's name: '%s' "
			    "(letters, digits, '-' and '_')", arg);
		inv->ctx.saved = arg;
		break;
	case G_HELP:
		inv->help = 1;
		break;
	case G_VERSION:
		inv->version = 1;
		break;
	}
	return ST_OK;
}

/* Is word a global option?  Return it, and whether its value is attached. */
static const struct opt *
global_option(const char *word, const char **attached)
{
	const struct opt *o = NULL;

	*attached = NULL;
	if (word[0] != '-' || word[1] == '\0')
		return NULL;
	if (word[1] == '-') {
		const char *eq = strchr(word + 2, '=');
		size_t len = eq ? (size_t)(eq - word - 2) : strlen(word + 2);

		o = opt_find_long(global_opts, word + 2, len);
		if (o && eq)
			*attached = eq + 1;
	} else if (word[2] == '\0' || opt_find_short(global_opts, word[1])) {
		o = opt_find_short(global_opts, word[1]);
		if (o && word[2])
			*attached = word + 2;
	}
	return o;
}

/* Does this word of the command's own take the next word as its value? */
static int
takes_next(const struct cmd *cmd, const char *word)
{
	const struct opt *o = NULL;

	if (word[0] != '-' || word[1] == '\0')
		return 0;
	if (word[1] == '-') {
		if (strchr(word, '='))
			return 0;
		o = opt_find_long(options_all(cmd), word + 2, strlen(word + 2));
	} else if (word[2] == '\0') {
		o = opt_find_short(options_all(cmd), word[1]);
	}
	return o && o->arg;
}

/*
 * Split the words after the command name into globals (applied) and the
 * command's own (kept, in order, in argv[0..*argc)).  "--" ends both.
 */
static int
split_globals(struct invocation *inv, const struct cmd *cmd, int *argc,
    char **argv)
{
	int in = 0, out = 0, n = *argc;

	while (in < n) {
		const char *word = argv[in], *attached;
		const struct opt *g;
		char name[64];

		if (strcmp(word, "--") == 0) {
			while (in < n)
				argv[out++] = argv[in++];
			break;
		}
		if (takes_next(cmd, word) && in + 1 < n) {
			argv[out++] = argv[in++];
			argv[out++] = argv[in++];
			continue;
		}
		g = global_option(word, &attached);
		if (!g) {
			argv[out++] = argv[in++];
			continue;
		}
		in++;
		if (g->arg && !attached) {
			if (in >= n)
				return err(ST_USAGE, "option '%s' needs a value (%s)",
				    opt_display(g, name), g->arg);
			attached = argv[in++];
		} else if (!g->arg && attached) {
			return err(ST_USAGE, "option '%s' takes no value: '%s'",
			    opt_display(g, name), word);
		}
		if (apply_global(inv, g, attached) != ST_OK)
			return ST_USAGE;
	}
	*argc = out;
	return ST_OK;
}

/*
 * A game id, or a name given to `umpire rules import` (which names a
 * rulebook for -g too); never a path, since the id becomes one.
 */
int
umpire_game_known(const struct ctx *c, const char *id)
{
	char rel[PATH_MAX], path[PATH_MAX];

	if (game_find(id))
		return 1;
	if (!*id || strchr(id, '/') || id[0] == '.')
		return 0;
	snprintf(rel, sizeof rel, "%s/reference.txt", id);
	return data_find(c, rel, path) == 0;
}

static int
is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Check what the global options said, once they are all known. */
static int
finish_globals(struct invocation *inv)
{
	const char *env_data = getenv("UMPIRE_DATA");
	double wait;

	if (inv->seed_text) {
		if (parse_seed(inv->seed_text, &inv->ctx.seed) < 0)
			return err(ST_USAGE, "bad seed: '%s' (expected a whole number "
			    "from 0 to 9007199254740991)", inv->seed_text);
		inv->ctx.seeded = 1;
		inv->ctx.rng_ready = 0;	/* a shell's stream starts again */
	}
	if (inv->ctx.log && !log_name_ok(inv->ctx.log))
		return err(ST_USAGE, "bad log name: '%s' (expected lower-case "
		    "letters, digits, - and _, at most 31)", inv->ctx.log);
	if (inv->ctx.data_dir && !is_dir(inv->ctx.data_dir))
		return err(ST_USAGE, "--data: not a directory: '%s'",
		    inv->ctx.data_dir);
	/* the variable stands for --data, and is held to the same test */
	if (env_data && *env_data && !is_dir(env_data))
		return err(ST_USAGE, "UMPIRE_DATA: not a directory: '%s'", env_data);
	/* checked for every command, so that one which happens to take no
	 * lock refuses a bad value as one that waits on a lock does */
	if (state_lock_timeout(&wait) != ST_OK)
		return ST_USAGE;
	if (inv->ctx.game && !umpire_game_known(&inv->ctx, inv->ctx.game)) {
		size_t n;
		const char *const *ids = game_ids(&n);
		const char *near = err_nearest(inv->ctx.game, ids, n);

		if (near)
			return err(ST_USAGE, "unknown game in %s: '%s' (did you mean "
			    "'%s'?)", inv->game_source, inv->ctx.game, near);
		return err(ST_USAGE, "unknown game in %s: '%s' (expected %s)",
		    inv->game_source, inv->ctx.game, game_id_list());
	}
	return ST_OK;
}

/* The saved game names the game for a line that gives no -g. */
static int
saved_game_global(struct invocation *inv, const char *name)
{
	struct saved sv;
	const struct game *g;
	int st;

	if (inv->ctx.game)
		return ST_OK;
	if ((st = saved_open(&sv, name, 0)) == ST_OK &&
	    (g = game_find(saved_game(&sv))))
		inv->ctx.game = g->id;
	saved_close(&sv);
	return st;
}

/*
 * --saved (or $UMPIRE_SAVED): every command but `game` itself reads the
 * saved game's position where a line gives no situation of its own, as
 * the situation "saved:NAME" (game.h), which names its game and map.
 */
static int
saved_globals(struct invocation *inv, const struct cmd *cmd)
{
	const char *name = inv->ctx.saved;

	if (!name || strcmp(cmd->name, "game") == 0)
		return ST_OK;
	if (!saved_name_ok(name))
		return err(ST_USAGE, "%s: not a saved game's name: '%s'",
		    inv->ctx.saved == getenv(SAVED_ENV) ? SAVED_ENV : "--saved",
		    name);
	if (!inv->ctx.situation) {
		snprintf(inv->saved_spec, sizeof inv->saved_spec, "%s%s",
		    GAME_SAVED_SPEC, name);
		inv->ctx.situation = inv->saved_spec;
	}
	return saved_game_global(inv, name);
}

static void
init_ctx(struct invocation *inv, const struct ctx *base)
{
	const char *no_color = getenv("NO_COLOR"), *game = getenv("UMPIRE_GAME");
	const char *term = getenv("TERM"), *log = getenv("UMPIRE_LOG");
	const char *saved = getenv(SAVED_ENV);

	memset(inv, 0, sizeof *inv);
	/* a line in the shell starts from what `use` and `set` chose */
	if (base) {
		inv->ctx = *base;
		inv->game_source = "-g";
		return;
	}
	/* a dumb terminal shows escape sequences as litter */
	inv->ctx.color = isatty(STDOUT_FILENO) && !(no_color && *no_color) &&
	    !(term && strcmp(term, "dumb") == 0);
	if (game && *game) {
		inv->ctx.game = game;
		inv->game_source = "UMPIRE_GAME";
	}
	if (log && *log)
		inv->ctx.log = log;
	if (saved && *saved)
		inv->ctx.saved = saved;
}

/* The words before the command name: globals only.  Returns the index of
 * the command name, argc if there is none, or -1 after an error. */
static int
leading_globals(struct invocation *inv, int argc, char **argv)
{
	struct opt_parser p;
	int id;

	opt_init(&p, global_opts, argc - 1, argv + 1);
	while ((id = opt_next(&p)) != OPT_END) {
		if (id == OPT_ERROR)
			return -1;
		if (id == OPT_OPERAND)
			return p.next;	/* argv + 1 offset: p.next - 1 + 1 */
		if (apply_global(inv, p.opt, p.arg) != ST_OK)
			return -1;
	}
	return argc;
}

/*
 * `umpire help [command]`, which takes the global options as any command
 * does: `help --json`, `help table --json`; `help --help` is the top help.
 */
static int
help_command(struct invocation *inv, int argc, char **argv)
{
	static const struct cmd help_cmd = { "help", NULL, NULL, NULL, NULL,
		NULL, NULL, NULL };
	const struct cmd *cmd = NULL;
	int st;

	if ((st = split_globals(inv, &help_cmd, &argc, argv)) != ST_OK)
		return st;
	if (argc > 0 && strcmp(argv[0], "--") == 0) {
		argc--;
		argv++;
	}
	if (argc > 1)
		return err(ST_USAGE, "help takes one command: '%s'", argv[1]);
	if (argc == 1 && argv[0][0] == '-')
		return err(ST_USAGE, "unknown option: '%s' (try --help)", argv[0]);
	/* "help help" is the top help, which describes help */
	if (argc == 1 && !inv->help && strcmp(argv[0], "help") != 0 &&
	    !(cmd = find_command(argv[0])))
		return unknown_command(argv[0]);
	return show_help(&inv->ctx, cmd);
}

/*
 * One command line, argv[0] being the program: main() runs one, the
 * shell one per line, with base holding the shell's settings.  Whatever a
 * previous line left process-wide (the command named in messages, the
 * options that may repeat) is set afresh here.
 */
static int
dispatch(struct invocation *inv, const struct ctx *base, int argc, char **argv)
{
	const struct cmd *cmd;
	int at, st, cargc;
	char **cargv, *line[LOG_WORDS_MAX];

	err_set_command(NULL);
	data_forget();
	opt_allow_repeats(NULL, NULL);
	out_secret(NULL);
	init_ctx(inv, base);
	/* the words as typed, for the log: split_globals() reorders argv */
	inv->ctx.argc = argc < LOG_WORDS_MAX ? argc : LOG_WORDS_MAX;
	memcpy(line, argv, (size_t)inv->ctx.argc * sizeof *line);
	inv->ctx.argv = line;
	/* the shell's own completion calls this path, never a typed line */
	if (!base && argc > 1 && strcmp(argv[1], "__complete") == 0)
		return complete_main(&inv->ctx, global_opts, argc - 2, argv + 2);
	at = leading_globals(inv, argc, argv);
	if (at < 0)
		return ST_USAGE;
	if (at >= argc) {
		if ((st = finish_globals(inv)) != ST_OK)
			return st;
		if (inv->version)
			return printf("umpire %s\n", UMPIRE_VERSION) < 0 ? ST_SYS : ST_OK;
		return show_help(&inv->ctx, NULL);
	}
	if (strcmp(argv[at], "help") == 0)
		return help_command(inv, argc - at - 1, argv + at + 1);
	if (!(cmd = find_command(argv[at])))
		return unknown_command(argv[at]);
	err_set_command(cmd->name);
	cargc = argc - at - 1;
	cargv = argv + at + 1;
	if ((st = split_globals(inv, cmd, &cargc, cargv)) != ST_OK)
		return st;
	opt_allow_repeats(cmd->opts, cmd->repeats);
	if (inv->help)
		return show_help(&inv->ctx, cmd);
	if (inv->version)
		return printf("umpire %s\n", UMPIRE_VERSION) < 0 ? ST_SYS : ST_OK;
	if ((st = finish_globals(inv)) != ST_OK ||
	    (st = saved_globals(inv, cmd)) != ST_OK)
		return st;
	return cmd->exec(&inv->ctx, cargc, cargv);
}

int
umpire_dispatch(struct ctx *base, int argc, char **argv)
{
	struct invocation inv;
	int st = dispatch(&inv, base, argc, argv);

	/* the shell's dice go on from where this line left them, unless the
	 * line gave its own --seed */
	if (base && !inv.seed_text) {
		base->rng = inv.ctx.rng;
		base->rng_ready = inv.ctx.rng_ready;
	}
	return st;
}

/*
 * Global options as words (`--seed 12`, `-g loe`) applied to c, checked
 * as on a command line: the shell's `use` and `set`.  The strings the
 * words hold must outlive c.
 */
int
umpire_set_globals(struct ctx *c, int argc, char **argv)
{
	struct invocation inv;
	int st;

	init_ctx(&inv, c);
	/* leading_globals() skips the program's name */
	if ((st = leading_globals(&inv, argc, argv)) < 0)
		return ST_USAGE;
	if (st < argc)
		return err(ST_USAGE, "not a global option: '%s'", argv[st]);
	if ((st = finish_globals(&inv)) != ST_OK)
		return st;
	*c = inv.ctx;
	return ST_OK;
}

int
main(int argc, char **argv)
{
	int st;

	/* past a file size limit (ulimit -f) a write fails with EFBIG, which
	 * is reported and cleaned up (exit 4), rather than the signal killing
	 * umpire with its temporary left behind */
	signal(SIGXFSZ, SIG_IGN);
	st = umpire_dispatch(NULL, argc, argv);

	if (fflush(stdout) != 0 && st == ST_OK)
		st = err_sys("cannot write to standard output");
	return st;
}
