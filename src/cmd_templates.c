/*
 * cmd_templates.c -- muster templates: the built-in templates, the
 * product and record type each renders, its card size, and with
 * --fields the fields its record type has.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "cmd.h"
#include "diag.h"
#include "layout/template.h"
#include "system.h"
#include "usage.h"
#include "util.h"

const char usage_templates[] =
    "usage: muster templates [--fields] [--json]\n"
    "\n"
    "Lists the built-in templates: name, the product it prints (the name\n"
    "'muster render --product' takes), the record type it renders, card\n"
    "size, and description.  Use one with 'muster render --template\n"
    "NAME', or copy one and change it; a template that says 'extends:\n"
    "NAME' overrides elements by name.\n"
    "\n"
    "  --fields   also list the fields of each record type: what a\n"
    "             template may print in braces, such as {name}\n"
    "  --json     print them as one JSON object: {\"templates\": [{\"name\",\n"
    "             \"products\", \"renders\", \"width_mm\", \"height_mm\",\n"
    "             \"description\", \"fields\"}]}, the fields always\n";

/* The products that print record type t: "card", "counter, sheet". */
static void
products_of(const char *type, struct sbuf *sb)
{
	const struct game *const *g;
	const struct kind *const *k;
	const struct product *p;
	const char *seen[65] = { NULL };
	size_t n = 0;

	for (g = games; *g; g++)
		for (k = (*g)->kinds; *k; k++)
			for (p = (*k)->products; p && p->name; p++) {
				if (strcmp(p->type->name, type) != 0 || n == 64 ||
				    str_index(seen, p->name) >= 0)
					continue;
				seen[n++] = p->name;
				seen[n] = NULL;
				sb_addf(sb, "%s%s", n > 1 ? "," : "", p->name);
			}
	if (n == 0)
		sb_adds(sb, "-");
}

/* The fields of t's record type; of an open type, the template's own. */
static const char *const *
fields_of(const struct template *t)
{
	const char *const *f = catalog_vocab.fields(t->type);

	return f ? f : t->fields;
}

/* The fields, wrapped under the template's line. */
static void
print_fields(const struct template *t)
{
	const char *const *f = fields_of(t);
	size_t col = 0;

	for (; *f; f++) {
		if (col == 0 || col + 1 + strlen(*f) > 76) {
			/* Continued lines line up under the first field. */
			fputs(col ? "\n           " : "    fields:", stdout);
			col = 11;
		}
		printf(" %s", *f);
		col += 1 + strlen(*f);
	}
	if (col)
		putchar('\n');
}

/* One template as a member of --json's list. */
static void
json_template(struct sbuf *sb, const struct template *t, const char *prods,
    int first)
{
	const char *const *f = fields_of(t);
	char *copy = xstrdup(prods), *tok, *save = NULL;
	int n = 0;

	sb_adds(sb, first ? "\n  {\"name\": " : ",\n  {\"name\": ");
	sb_json(sb, t->name);
	sb_adds(sb, ", \"products\": [");
	for (tok = strtok_r(copy, ",", &save); tok;
	    tok = strtok_r(NULL, ",", &save))
		if (strcmp(tok, "-") != 0) {
			sb_adds(sb, n++ ? ", " : "");
			sb_json(sb, tok);
		}
	free(copy);
	sb_adds(sb, "], \"renders\": ");
	sb_json(sb, t->type);
	sb_addf(sb, ", \"width_mm\": %.1f, \"height_mm\": %.1f, "
	    "\"description\": ", t->w * 25.4 / 72, t->h * 25.4 / 72);
	sb_json(sb, t->description);
	sb_adds(sb, ", \"fields\": [");
	for (n = 0; *f; f++) {
		sb_adds(sb, n++ ? ", " : "");
		sb_json(sb, *f);
	}
	sb_adds(sb, "]}");
}

/* The options, for getopt_long and for shell completion. */
const struct option templates_opts[] = {
	{ "fields", no_argument, NULL, 'f' },
	{ "json", no_argument, NULL, 'j' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

int
cmd_templates(int argc, char **argv)
{
	const char *const *dir;
	char **names;
	size_t i;
	int c, shown = 0, fields = 0, json = 0;
	struct sbuf js = SBUF_INIT;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", templates_opts, NULL)) != -1) {
		switch (c) {
		case 'f': fields = 1; break;
		case 'j': json = 1; break;
		case 'h': fputs(usage_templates, stdout); return 0;
		default: fputs(usage_templates, stderr); return 2;
		}
	}
	if (optind != argc)
		return usage_error(usage_templates, "templates takes no "
		    "arguments");
	names = template_names();
	diag_init(0, stderr);
	for (i = 0; names[i]; i++) {
		struct template *t = template_load(names[i], &catalog_vocab);

		if (t) {
			struct sbuf prod = SBUF_INIT;

			products_of(t->type, &prod);
			if (json) {
				json_template(&js, t, prod.buf, shown == 0);
			} else {
				printf("%-18s %-10s %-18s %5.1f x %5.1f mm  %s\n",
				    t->name, prod.buf, t->type,
				    t->w * 25.4 / 72, t->h * 25.4 / 72,
				    t->description);
				if (fields)
					print_fields(t);
			}
			sb_release(&prod);
			shown++;
			template_free(t);
		}
	}
	template_names_free(names);
	diag_flush();
	if (json && shown > 0) {
		fputs("{\"templates\": [", stdout);
		fputs(js.buf, stdout);
		fputs("\n]}\n", stdout);
	}
	sb_release(&js);
	if (shown == 0) {
		fprintf(stderr, "muster: no templates found in:");
		for (dir = template_dirs(); *dir; dir++)
			fprintf(stderr, " %s", *dir);
		fputc('\n', stderr);
		return 2;
	}
	return diag_exit_status(0) ? 2 : 0;
}
