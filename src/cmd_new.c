/*
 * cmd_new.c -- muster new SYSTEM KIND: a commented document of that kind
 * which passes check, to start from.  The text is the kind's own
 * (struct kind's starter); this file knows only the table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "paths.h"
#include "system.h"
#include "usage.h"
#include "util.h"

/* What the options set. */
struct new_args {
	int list;
};

/* The options: parsing, --help, completion and the manual's check. */
static const struct opt new_rows[] = {
	OPT_FLAG_(0, "list", struct new_args, list, 1,
	    "print each SYSTEM KIND pair there is a starter for"),
	OPT_ROW_END
};

const struct cmd_opts new_options = {
	"usage: muster new SYSTEM KIND\n"
	"\n"
	"Prints a document of that kind to start from: every key it needs,\n"
	"each with a comment saying what it means and allows, and values that\n"
	"pass 'muster check'.  Save it and edit it:\n"
	"  muster new shellshock card > my-unit.yaml\n"
	"\n",
	new_rows, 13,
	NULL
};

int
cmd_new(int argc, char **argv)
{
	const struct game *const *gp;
	const struct kind *const *kp;
	const struct game *g;
	const struct kind *k;
	char file[160], *schema;
	struct new_args a = { 0 };
	int c, rc;

	if ((c = opt_parse(&new_options, argc, argv, &a)) >= 0)
		return c;
	argc -= optind;
	argv += optind;
	if (a.list) {
		if (argc)
			return usage_error(new_options.head, "--list takes no "
			    "arguments");
		for (gp = games; *gp; gp++)
			for (kp = (*gp)->kinds; *kp; kp++)
				if ((*kp)->starter)
					printf("%s %s\n", (*gp)->name,
					    (*kp)->name);
		return 0;
	}
	if (argc != 2)
		return usage_error(new_options.head, "new needs a system and a kind, "
		    "such as 'shellshock card'; 'muster new --list' lists "
		    "them");
	if ((rc = usage_kind(new_options.head, argv[0], argv[1], &g, &k)) != 0)
		return rc;
	if (k->starter == NULL)
		return usage_error(new_options.head, "%s %s has no starter yet; "
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
