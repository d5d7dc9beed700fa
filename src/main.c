/*
 * main.c -- the command table and option dispatch (git's commands[]).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "diag.h"
#include "paths.h"
#include "pdf/pdf.h"

#ifndef VERSION
#define VERSION "0.1"
#endif

static const struct cmd {
	const char *name;
	int (*fn)(int, char **);
	const char *usage;
	const char *summary;
} cmds[] = {
	{ "check", cmd_check, usage_check,
	    "check unit and deck files against their game's rules" },
	{ "render", cmd_render, usage_render,
	    "check, then print cards and sheets to PDF" },
	{ "odds", cmd_odds, usage_odds,
	    "exact chances of a shot, an attack or a morale check" },
	{ "resolve", cmd_resolve, usage_resolve,
	    "replay one shot with given dice, step by step" },
	{ "templates", cmd_templates, usage_templates,
	    "list the built-in templates and what they render" },
};

static void
overview(FILE *f)
{
	size_t i;

	fputs("usage: muster COMMAND [OPTIONS] ...\n"
	    "       muster --help | --version | COMMAND --help\n\n"
	    "muster checks wargame units and card decks written in YAML\n"
	    "against their game's rules and prints them as PDF.\n\n"
	    "commands:\n", f);
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		fprintf(f, "  %-10s %s\n", cmds[i].name, cmds[i].summary);
	fputs("\nexit status: 0 success, 1 errors in the input, "
	    "2 usage or I/O error\nsee muster(1) for the rules it checks\n", f);
}

/* Lets the built-in templates be found next to the program. */
static void
find_exe_dir(const char *argv0)
{
	char buf[PATH_MAX], *slash;
	ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);

	if (n > 0) {
		buf[n] = '\0';
	} else if (argv0 && strchr(argv0, '/')) {
		snprintf(buf, sizeof(buf), "%s", argv0);
	} else {
		return;
	}
	slash = strrchr(buf, '/');
	if (slash == NULL)
		return;
	*slash = '\0';
	paths_set_exe_dir(*buf ? buf : "/");
}

int
main(int argc, char **argv)
{
	size_t i;
	int rc;

	if (argc < 2) {
		overview(stderr);
		return 2;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		if (argc > 2)
			for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
				if (strcmp(argv[2], cmds[i].name) == 0) {
					fputs(cmds[i].usage, stdout);
					return 0;
				}
		overview(stdout);
		return 0;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("muster %s\n", VERSION);
		return 0;
	}
	find_exe_dir(argv[0]);
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (strcmp(argv[1], cmds[i].name) == 0) {
			rc = cmds[i].fn(argc - 1, argv + 1);
			diag_end();
			pdf_cleanup();
			if (fflush(stdout) != 0 || ferror(stdout)) {
				fputs("muster: cannot write standard output\n",
				    stderr);
				return 2;
			}
			return rc;
		}
	fprintf(stderr, "muster: '%s' is not a command\n\n", argv[1]);
	overview(stderr);
	return 2;
}
