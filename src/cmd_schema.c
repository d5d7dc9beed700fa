/*
 * cmd_schema.c -- muster schema: the JSON Schema of a kind of document,
 * or of a template file, written from the key tables `check` uses, for
 * editors that complete keys and flag wrong ones as they are typed.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "layout/template.h"
#include "schema.h"
#include "system.h"
#include "usage.h"
#include "util.h"

const char usage_schema[] =
    "usage: muster schema SYSTEM KIND\n"
    "       muster schema template\n"
    "       muster schema --list\n"
    "\n"
    "Prints the JSON Schema (draft 2020-12) of a kind of document, or of a\n"
    "template file, made from the very tables 'muster check' checks keys\n"
    "with: types, ranges, allowed values, required keys and what each key\n"
    "wants.  An editor with the YAML language server reads it from a first\n"
    "line such as\n"
    "  # yaml-language-server: $schema=../../schemas/shellshock-card.json\n"
    "'make' writes every one into schemas/SYSTEM-KIND.json.\n"
    "\n"
    "  --list     print each SYSTEM KIND pair there is a schema for\n";

static int
print(const struct skey *keys, const char *file, const char *title,
    const char *system, const char *kind)
{
	struct sbuf sb = SBUF_INIT;
	char id[256];
	int rc = 0;

	snprintf(id, sizeof(id), "https://muster.invalid/schemas/%s.json",
	    file);
	schema_json(&sb, keys, id, title, system, kind);
	if (fputs(sb.buf, stdout) == EOF)
		rc = 2;
	sb_release(&sb);
	return rc;
}

/* The options, for getopt_long and for shell completion. */
const struct option schema_opts[] = {
	{ "list", no_argument, NULL, 'l' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

int
cmd_schema(int argc, char **argv)
{
	const struct game *const *gp;
	const struct kind *const *kp;
	const struct game *g;
	const struct kind *k;
	char file[128], title[512];
	int c, list = 0, rc;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", schema_opts, NULL)) != -1) {
		switch (c) {
		case 'l': list = 1; break;
		case 'h': fputs(usage_schema, stdout); return 0;
		default: return usage_option(usage_schema, schema_opts, argv);
		}
	}
	argc -= optind;
	argv += optind;
	if (list) {
		if (argc)
			return usage_error(usage_schema, "--list takes no "
			    "arguments");
		for (gp = games; *gp; gp++)
			for (kp = (*gp)->kinds; *kp; kp++)
				printf("%s %s\n", (*gp)->name, (*kp)->name);
		printf("template\n");
		return 0;
	}
	if (argc == 1 && strcmp(argv[0], "template") == 0)
		return print(template_keys(), "template",
		    "muster template file", NULL, NULL);
	if (argc != 2)
		return usage_error(usage_schema, "schema needs a system and a "
		    "kind, such as 'shellshock card', or 'template'");
	if ((rc = usage_kind(usage_schema, argv[0], argv[1], &g, &k)) != 0)
		return rc;
	snprintf(file, sizeof(file), "%s-%s", g->name, k->name);
	snprintf(title, sizeof(title), "muster %s %s: %s", g->name, k->name,
	    k->summary);
	return print(k->keys, file, title, g->name, k->name);
}
