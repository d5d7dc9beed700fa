/*
 * cmd_schema.c -- muster schema: the JSON Schema of a kind of document,
 * or of a template file, written from the key tables `check` uses, for
 * editors that complete keys and flag wrong ones as they are typed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "layout/template.h"
#include "schema.h"
#include "system.h"
#include "usage.h"
#include "util.h"

/* What the options set. */
struct schema_args {
	int list;
};

/* The options: parsing, --help, completion and the manual's check. */
static const struct opt schema_rows[] = {
	OPT_FLAG_(0, "list", struct schema_args, list, 1,
	    "print each SYSTEM KIND pair there is a schema for"),
	OPT_ROW_END
};

const struct cmd_opts schema_options = {
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
	"\n",
	schema_rows, 13,
	NULL
};

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

int
cmd_schema(int argc, char **argv)
{
	const struct game *const *gp;
	const struct kind *const *kp;
	const struct game *g;
	const struct kind *k;
	char file[128], title[512];
	struct schema_args a = { 0 };
	int c, rc;

	if ((c = opt_parse(&schema_options, argc, argv, &a)) >= 0)
		return c;
	argc -= optind;
	argv += optind;
	if (a.list) {
		if (argc)
			return usage_error(schema_options.head, "--list takes no "
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
		return usage_error(schema_options.head, "schema needs a system and a "
		    "kind, such as 'shellshock card', or 'template'");
	if ((rc = usage_kind(schema_options.head, argv[0], argv[1], &g, &k)) != 0)
		return rc;
	snprintf(file, sizeof(file), "%s-%s", g->name, k->name);
	snprintf(title, sizeof(title), "muster %s %s: %s", g->name, k->name,
	    k->summary);
	return print(k->keys, file, title, g->name, k->name);
}
