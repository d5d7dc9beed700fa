/*
 * cmd_new.c -- muster new SYSTEM KIND: a commented document of that kind
 * which passes check, to start from.  The text is the kind's own
 * (struct kind's starter); this file knows only the table.
 */
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

/* What the options set. */
struct new_args {
	int list;
	const char *output;
};

/* The options: parsing, --help, completion and the manual's check. */
static const struct opt new_rows[] = {
	{ OPT_STRING, 'o', "output", offsetof(struct new_args, output),
	    "FILE", "write it to FILE (never over a file), with what it\n"
	    "names beside it: muster new -o my-deck.yaml cards deck\n"
	    "writes my-deck.yaml and its data, my-deck.csv", NULL, 0, 0,
	    NULL, OPT_C_FILES, 0 },
	OPT_FLAG_(0, "list", struct new_args, list, 1,
	    "print each SYSTEM KIND pair there is a starter for"),
	OPT_ROW_END
};

const struct cmd_opts new_options = {
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
	struct new_args a = { 0, NULL };
	const char *out;
	struct sbuf head = SBUF_INIT;
	int c, rc;

	if ((c = opt_parse(&new_options, argc, argv, &a)) >= 0)
		return c;
	out = a.output;
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
	/* A template to start from: a game's, or a built-in one to
	 * restyle (starter.c). */
	if (argc == 2 && strcmp(argv[1], "template") == 0 &&
	    game_find(argv[0]) && (rc = starter_template(argv[0], out)) >= 0)
		return diag_flush(), rc;
	if (argc == 1 && game_find(argv[0]) == NULL) {
		if ((rc = starter_restyle(argv[0], out)) >= 0)
			return diag_flush(), rc;
		return usage_error(new_options.head, "'%s' is neither a system nor a "
		    "built-in template; 'muster new --list' and 'muster "
		    "templates' list them", argv[0]);
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
