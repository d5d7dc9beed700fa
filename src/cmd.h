/*
 * cmd.h -- the generic subcommands, one file each (cmd_*.c).  Each takes
 * its argv (argv[0] is the command's name), parses its options by its
 * table (opt_parse, options.h), and returns the exit status: 0 success, 1 input errors,
 * 2 usage, I/O or internal errors (SPEC section 2).  Games add their own
 * commands (struct game_cmd, system.h), which cmd_game() dispatches.
 */
#ifndef MUSTER_CMD_H
#define MUSTER_CMD_H

#include <stddef.h>

#include "options.h"
#include "system.h"

int cmd_check(int argc, char **argv);
int cmd_render(int argc, char **argv);
int cmd_templates(int argc, char **argv);
int cmd_calibrate(int argc, char **argv);
int cmd_schema(int argc, char **argv);
int cmd_complete(int argc, char **argv);
int cmd_new(int argc, char **argv);
int cmd_cards(int argc, char **argv);
int cmd_preflight(int argc, char **argv);

/* The command table (commands.c), ended by a NULL name: what `muster
 * complete` offers after "muster". */
struct command {
	const char *name;
	int (*fn)(int, char **);
	const char *summary;
	const struct cmd_opts *table;	/* its options; NULL: a game's */
};
extern const struct command commands[];
/* The commands in it, the NULL row left out. */
size_t command_count(void);
/* `muster odds GAME ...`, `muster resolve GAME ...`: argv[0] names the
 * command, argv[1] the game whose row of that name runs. */
int cmd_game(int argc, char **argv);
/* Whether some game has a command of that name. */
int cmd_game_known(const char *name);

/* Each command's options: its parsing, its --help (stdout) and its
 * usage errors (stderr), and what completion offers. */
extern const struct cmd_opts check_options, new_options, cards_options,
    templates_options, schema_options, calibrate_options,
    preflight_options, render_options, complete_options;

#endif
