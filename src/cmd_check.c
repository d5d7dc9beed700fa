/*
 * cmd_check.c -- muster check: load and check every document, report.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "cmd.h"
#include "diag.h"
#include "doc.h"
#include "input.h"
#include "probe.h"
#include "layout/template.h"
#include "system.h"
#include "usage.h"

const char usage_check[] =
    "usage: muster check [--json] [--strict] PATH...\n"
    "\n"
    "Checks each YAML file (or every *.yaml and *.yml under a folder)\n"
    "against its game's rules (a template file, against the template\n"
    "format) and prints every problem as\n"
    "FILE:LINE:COL: error|warning: MESSAGE [RULE-ID].\n"
    "\n"
    "  --json     print one JSON object with every diagnostic to stdout\n"
    "  --strict   warnings count as errors for the exit status\n"
    "  --list-rules  print every rule id muster reports, with what it\n"
    "             demands, and exit\n"
    "\n"
    "exit status: 0 no errors, 1 errors in the input, 2 usage or I/O error\n";

/* Every rule id with its summary: the table the man page lists.  A rule
 * shared by several kinds is listed once, where it is described. */
static void
list_rules(void)
{
	const struct game *const *g;
	const struct kind *const *k;
	const struct rule *r;

	for (r = core_rules; r->id; r++)
		printf("%-28s %s\n", r->id, r->summary);
	for (g = games; *g; g++) {
		for (k = (*g)->kinds; *k; k++)
			for (r = (*k)->rules; r->id; r++)
				if (r->summary)
					printf("%-28s %s\n", r->id, r->summary);
		for (r = (*g)->rules; r && r->id; r++)
			printf("%-28s %s\n", r->id, r->summary);
	}
}

/* A template given to check is checked as a template, against the
 * fields of the record type it renders. */
static int
check_template(const struct node *root, void *arg)
{
	struct template *t;

	char *path;
	size_t n;

	if (node_get(root, "template") == NULL)
		return 0;
	/* As a path, always: a file "shellshock-card" in this folder is
	 * that file, not the built-in template of that name. */
	n = strlen(root->file);
	path = xmalloc(n + 3);
	sprintf(path, "%s%s", strchr(root->file, '/') || (n > 5 &&
	    strcmp(root->file + n - 5, ".yaml") == 0) ? "" : "./",
	    root->file);
	if ((t = template_load(path, &catalog_vocab)) != NULL) {
		checkprobe_template(arg, t);
		template_free(t);
	}
	free(path);
	return 1;
}

/* The options, for getopt_long and for shell completion. */
const struct option check_opts[] = {
	{ "json", no_argument, NULL, 'j' },
	{ "strict", no_argument, NULL, 's' },
	{ "list-rules", no_argument, NULL, 'l' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

int
cmd_check(int argc, char **argv)
{
	struct inputs in = INPUTS_INIT;
	struct checkprobe *cp;
	struct batch *b;
	int c, json = 0, strict = 0, rc;
	size_t i;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", check_opts, NULL)) != -1) {
		switch (c) {
		case 'j': json = 1; break;
		case 's': strict = 1; break;
		case 'l': list_rules(); return 0;
		case 'h': fputs(usage_check, stdout); return 0;
		default: return usage_option(usage_check, check_opts, argv);
		}
	}
	if (optind == argc)
		return usage_error(usage_check, "check needs a file or folder");
	diag_init(json, stderr);
	for (; optind < argc; optind++)
		inputs_add(&in, argv[optind]);
	b = batch_new();
	/* What render would refuse, seen now: fonts and pictures. */
	cp = checkprobe_new();
	batch_set_foreign(b, check_template, cp);
	catalog_attach(b);
	for (i = 0; i < in.n; i++) {
		system_read_file(in.v[i], b, checkprobe_document, cp);
		diag_flush();
	}
	diag_flush();
	if (json)
		diag_json(stdout);
	rc = diag_exit_status(strict);
	batch_free(b);
	checkprobe_free(cp);
	catalog_release();
	inputs_free(&in);
	return rc;
}
