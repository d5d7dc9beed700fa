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
#include "diag.h"
#include "paths.h"
#include "starter.h"
#include "system.h"
#include "usage.h"
#include "util.h"

const char usage_new[] =
    "usage: muster new [-o FILE] SYSTEM KIND\n"
    "       muster new [-o FILE] SYSTEM template\n"
    "       muster new [-o FILE] TEMPLATE\n"
    "\n"
    "Prints a document of that kind to start from: every key it needs,\n"
    "each with a comment saying what it means and allows, and values that\n"
    "pass 'muster check'.  Save it and edit it:\n"
    "  muster new shellshock card > my-unit.yaml\n"
    "SYSTEM template prints a template of that game's cards with every\n"
    "kind of element, commented; TEMPLATE (a built-in one) a template\n"
    "that extends it, each element named with an override to copy.\n"
    "\n"
    "  -o FILE    write it to FILE (never over a file), with what it\n"
    "             names beside it: muster new -o my-deck.yaml cards deck\n"
    "             writes my-deck.yaml and its data, my-deck.csv\n"
    "  --list     print each SYSTEM KIND pair there is a starter for\n";

/* The options, for getopt_long and for shell completion. */
const struct option new_opts[] = {
	{ "list", no_argument, NULL, 'l' },
	{ "output", required_argument, NULL, 'o' },
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
	const char *out = NULL;
	struct sbuf head = SBUF_INIT;
	int c, list = 0, rc;

	optind = 1;
	while ((c = getopt_long(argc, argv, "ho:", new_opts, NULL)) != -1) {
		switch (c) {
		case 'l': list = 1; break;
		case 'o': out = optarg; break;
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
	/* A template to start from: a game's, or a built-in one to
	 * restyle (starter.c). */
	if (argc == 2 && strcmp(argv[1], "template") == 0 &&
	    game_find(argv[0]) && (rc = starter_template(argv[0], out)) >= 0)
		return diag_flush(), rc;
	if (argc == 1 && game_find(argv[0]) == NULL) {
		if ((rc = starter_restyle(argv[0], out)) >= 0)
			return diag_flush(), rc;
		return usage_error(usage_new, "'%s' is neither a system nor a "
		    "built-in template; 'muster new --list' and 'muster "
		    "templates' list them", argv[0]);
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
			sb_addf(&head, "# yaml-language-server: $schema=%s\n",
			    real);
		free(real);
	}
	free(schema);
	rc = 0;
	if (out)
		rc = starter_write(out, head.len ? head.buf : NULL, k->starter);
	else
		starter_print(stdout, head.len ? head.buf : NULL, k->starter);
	diag_flush();
	sb_release(&head);
	return rc;
}
