/*
 * cmd_check.c -- muster check: load and check every document, report.
 */
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

/* What the options set. */
struct check_args {
	int json, strict, list;
};

/* The options: parsing, --help, completion and the manual's check. */
static const struct opt check_rows[] = {
	OPT_FLAG_(0, "json", struct check_args, json, 1,
	    "print one JSON object with every diagnostic to stdout"),
	OPT_FLAG_(0, "strict", struct check_args, strict, 1,
	    "warnings count as errors for the exit status"),
	OPT_FLAG_(0, "list-rules", struct check_args, list, 1,
	    "print every rule id muster reports, with what it\n"
	    "demands, and exit"),
	OPT_ROW_END
};

const struct cmd_opts check_options = {
	"usage: muster check [--json] [--strict] PATH...\n"
	"\n"
	"Checks each YAML file (or every *.yaml and *.yml under a folder)\n"
	"against its game's rules (a template file, against the template\n"
	"format) and prints every problem as\n"
	"FILE:LINE:COL: error|warning: MESSAGE [RULE-ID].\n"
	"\n",
	check_rows, 13,
	"\n"
	"exit status: 0 no errors, 1 errors in the input, 2 usage or I/O error\n"
};

int
cmd_check(int argc, char **argv)
{
	struct inputs in = INPUTS_INIT;
	struct checkprobe *cp;
	struct batch *b;
	struct check_args a = { 0, 0, 0 };
	int rc;
	size_t i;

	if ((rc = opt_parse(&check_options, argc, argv, &a)) >= 0)
		return rc;
	if (a.list) {
		list_rules();
		return 0;
	}
	if (optind == argc)
		return usage_error(check_options.head, "check needs a file or "
		    "folder");
	diag_init(a.json, stderr);
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
	if (a.json)
		diag_json(stdout);
	rc = diag_exit_status(a.strict);
	batch_free(b);
	checkprobe_free(cp);
	catalog_release();
	inputs_free(&in);
	return rc;
}
