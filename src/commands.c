/*
 * commands.c -- the command table: each command's name, function, one
 * line for the overview, and its option table (options.h), NULL for a
 * command the games bring (cmd_game).
 * main.c dispatches through it; `muster complete` reads it.
 */
#include "cmd.h"
#include "util.h"

const struct command commands[] = {
	{ "check", cmd_check,
	    "check unit and deck files against their game's rules",
	    &check_options },
	{ "new", cmd_new,
	    "print a commented starter document of a kind, to edit",
	    &new_options },
	{ "render", cmd_render, "check, then print cards and sheets to PDF",
	    &render_options },
	{ "cards", cmd_cards,
	    "list the cards a file prints, by name, with their copies",
	    &cards_options },
	{ "odds", cmd_game,
	    "exact chances of a shot, an attack or a morale check", NULL },
	{ "resolve", cmd_game, "replay one shot with given dice, step by step",
	    NULL },
	{ "templates", cmd_templates,
	    "list the built-in templates and what they render",
	    &templates_options },
	{ "calibrate", cmd_calibrate,
	    "print a sheet that measures a printer's duplex offset",
	    &calibrate_options },
	{ "preflight", cmd_preflight, "check any PDF as a print shop would",
	    &preflight_options },
	{ "schema", cmd_schema,
	    "print the JSON Schema of a kind of file, for editors",
	    &schema_options },
	{ "complete", cmd_complete,
	    "the words that may come next, for shell completion",
	    &complete_options },
	{ NULL, NULL, NULL, NULL }
};

size_t
command_count(void)
{
	return NELEM(commands) - 1;
}
