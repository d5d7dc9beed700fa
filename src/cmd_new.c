/*
 * cmd_new.c -- muster new SYSTEM KIND: a commented document of that kind
 * which passes check, to start from.  The text is the kind's own
 * (struct kind's starter); this file knows only the table.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "paths.h"
#include "system.h"
#include "usage.h"
#include "util.h"

const char usage_new[] =
    "usage: muster new SYSTEM KIND\n"
    "\n"
    "Prints a document of that kind to start from: every key it needs,\n"
    "each with a comment saying what it means and allows, and values that\n"
    "pass 'muster check'.  Save it and edit it:\n"
    "  muster new shellshock card > my-unit.yaml\n"
    "\n"
    "  --list     print each SYSTEM KIND pair there is a starter for\n";

/* The options, for getopt_long and for shell completion. */
const struct option new_opts[] = {
	{ "list", no_argument, NULL, 'l' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

int
cmd_new(int argc, char **argv)
{
	const struct game *const *gp;
	const struct kind *const *kp;
	const struct game *g;
	const struct kind *k;
	char file[160], *schema;
	int c, list = 0, rc;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", new_opts, NULL)) != -1) {
		switch (c) {
		case 'l': list = 1; break;
		case 'h': fputs(usage_new, stdout); return 0;
		default: return usage_option(usage_new, new_opts, argv);
		}
	}
	argc -= optind;
	argv += optind;
	if (list) {
		if (argc)
			return usage_error(usage_new, "--list takes no "
			    "arguments");
		for (gp = games; *gp; gp++)
			for (kp = (*gp)->kinds; *kp; kp++)
				if ((*kp)->starter)
					printf("%s %s\n", (*gp)->name,
					    (*kp)->name);
		return 0;
	}
	if (argc != 2)
		return usage_error(usage_new, "new needs a system and a kind, "
		    "such as 'shellshock card'; 'muster new --list' lists "
		    "them");
	if ((rc = usage_kind(usage_new, argv[0], argv[1], &g, &k)) != 0)
		return rc;
	if (k->starter == NULL)
		return usage_error(usage_new, "%s %s has no starter yet; "
		    "'muster schema %s %s' lists its keys", g->name, k->name,
		    g->name, k->name);
	/* The installed schema, for an editor's YAML language server. */
	snprintf(file, sizeof(file), "%s-%s.json", g->name, k->name);
	if ((schema = paths_find("schemas", file)) != NULL) {
		char *real = realpath(schema, NULL);

		if (real)
			printf("# yaml-language-server: $schema=%s\n", real);
		free(real);
	}
	free(schema);
	fputs(k->starter, stdout);
	return 0;
}
