/*
 * commands.c -- the command table: each command's name, function, one
 * line for the overview, getopt_long options and the lists they take.
 * main.c dispatches through it; `muster complete` reads it.
 */
#include "cmd.h"
#include "util.h"

const struct command commands[] = {
	{ "check", cmd_check,
	    "check unit and deck files against their game's rules",
	    NULL, NULL, &check_options },
	{ "new", cmd_new,
	    "print a commented starter document of a kind, to edit",
	    NULL, NULL, &new_options },
	{ "render", cmd_render, "check, then print cards and sheets to PDF",
	    NULL, NULL, &render_options },
	{ "cards", cmd_cards,
	    "list the cards a file prints, by name, with their copies",
	    NULL, NULL, &cards_options },
	{ "odds", cmd_game,
	    "exact chances of a shot, an attack or a morale check", NULL, NULL,
	    NULL },
	{ "resolve", cmd_game, "replay one shot with given dice, step by step",
	    NULL, NULL, NULL },
	{ "templates", cmd_templates,
	    "list the built-in templates and what they render", NULL,
	    NULL, &templates_options },
	{ "calibrate", cmd_calibrate,
	    "print a sheet that measures a printer's duplex offset",
	    NULL, NULL, &calibrate_options },
	{ "preflight", cmd_preflight, "check any PDF as a print shop would",
	    NULL, NULL, &preflight_options },
	{ "schema", cmd_schema,
	    "print the JSON Schema of a kind of file, for editors", NULL,
	    NULL, &schema_options },
	{ "complete", cmd_complete,
	    "the words that may come next, for shell completion", complete_opts,
	    NULL, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL }
};

size_t
command_count(void)
{
	return NELEM(commands) - 1;
}
