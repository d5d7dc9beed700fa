/*
 * cmd_templates.c -- muster templates: the built-in templates, the
 * product and record type each renders, its card size, and with
 * --fields the fields its record type has; with --elements NAME, the
 * elements of one template, the names an extension overrides.
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
    "       muster templates --elements NAME|FILE [--json]\n"
    "       muster templates --types\n"
    "\n"
    "Lists the built-in templates: name, the product it prints (the name\n"
    "'muster render --product' takes), the record type it renders, card\n"
    "size, and description.  Use one with 'muster render --template\n"
    "NAME', or copy one and change it; a template that says 'extends:\n"
    "NAME' overrides elements by name.\n"
    "\n"
    "  --fields         also list the fields of each record type: what a\n"
    "                   template may print in braces, such as {name}\n"
    "  --elements T     list the elements of template T (a built-in name\n"
    "                   or a template file), front then back, in the\n"
    "                   order they are drawn: the name an extension\n"
    "                   overrides or removes ('-': none), what it is, and\n"
    "                   the fields it prints\n"
    "  --types          list the record types, one a line, in the order\n"
    "                   of the table of games: what a template's\n"
    "                   renders: may name\n"
    "  --json           print them as one JSON object: {\"templates\":\n"
    "                   [{\"name\", \"products\", \"renders\", \"width_mm\",\n"
    "                   \"height_mm\", \"description\", \"fields\"}]}, the\n"
    "                   fields always; with --elements, {\"name\",\n"
    "                   \"renders\", \"width_mm\", \"height_mm\", \"elements\":\n"
    "                   [{\"name\", \"face\", \"type\", \"widget\", \"fields\"}]}\n";

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

/* What an element is, for the text listing: "box", "widget:sector". */
static const char *
kind_of(const struct el_info *in, char *buf, size_t size)
{
	if (in->widget == NULL)
		return in->type ? in->type : "-";
	snprintf(buf, size, "%s:%s", in->type, in->widget);
	return buf;
}

/* muster templates --elements: one template's elements. */
static int
list_elements(const char *name, int json)
{
	struct template *t;
	struct sbuf sb = SBUF_INIT;
	const char *const *f;
	char buf[64];
	int i, face = -1, col;

	/* --json: check's members beside the template's, so that its
	 * problems are in the one object too. */
	diag_init(json, stderr);
	t = template_load(name, &catalog_vocab);
	diag_flush();
	if (t == NULL) {
		if (json)
			diag_json(stdout);
		return diag_exit_status(0) ? diag_exit_status(0) : 2;
	}
	if (json) {
		sb_adds(&sb, "\"name\": ");
		sb_json(&sb, t->name);
		sb_adds(&sb, ", \"renders\": ");
		sb_json(&sb, t->type);
		sb_addf(&sb, ", \"width_mm\": %.1f, \"height_mm\": %.1f, "
		    "\"elements\": [", t->w * 25.4 / 72, t->h * 25.4 / 72);
		for (i = 0; i < t->ninfo; i++) {
			const struct el_info *in = &t->info[i];

			sb_adds(&sb, i ? ",\n  {\"name\": " : "\n  {\"name\": ");
			if (in->name)
				sb_json(&sb, in->name);
			else
				sb_adds(&sb, "null");
			sb_addf(&sb, ", \"face\": \"%s\", \"type\": ",
			    in->back ? "back" : "front");
			sb_json(&sb, in->type ? in->type : "");
			sb_adds(&sb, ", \"widget\": ");
			if (in->widget)
				sb_json(&sb, in->widget);
			else
				sb_adds(&sb, "null");
			sb_adds(&sb, ", \"fields\": [");
			for (f = in->fields; *f; f++) {
				sb_adds(&sb, f == in->fields ? "" : ", ");
				sb_json(&sb, *f);
			}
			sb_adds(&sb, "]}");
		}
		sb_adds(&sb, "\n]");
		diag_json_with(stdout, sb.buf);
	} else {
		printf("%s: %s, %.1f x %.1f mm, %d elements\n", t->name,
		    t->type, t->w * 25.4 / 72, t->h * 25.4 / 72, t->ninfo);
		for (i = 0; i < t->ninfo; i++) {
			const struct el_info *in = &t->info[i];

			if (in->back != face) {
				face = in->back;
				puts(face ? "back:" : "front:");
			}
			col = printf("  %-18s %-*s", in->name ? in->name : "-",
			    *in->fields ? 14 : 0, kind_of(in, buf, sizeof(buf)));
			/* Fields wrap under the first, within 78 columns. */
			for (f = in->fields; *f; f++) {
				if (f != in->fields && col + 1 +
				    (int)strlen(*f) > 78) {
					printf("\n%*s", 35, "");
					col = 35;
				}
				col += printf(" %s", *f);
			}
			putchar('\n');
		}
	}
	sb_release(&sb);
	template_free(t);
	if (ferror(stdout) || fflush(stdout) == EOF) {
		fprintf(stderr, "muster: cannot write the list: standard "
		    "output failed\n");
		return 2;
	}
	return diag_exit_status(0);
}

/* The options, for getopt_long and for shell completion. */
const struct option templates_opts[] = {
	{ "elements", required_argument, NULL, 'e' },
	{ "fields", no_argument, NULL, 'f' },
	{ "json", no_argument, NULL, 'j' },
	{ "types", no_argument, NULL, 't' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

int
cmd_templates(int argc, char **argv)
{
	const char *const *dir;
	char **names;
	size_t i;
	int c, shown = 0, fields = 0, json = 0, wname = 1, wprod = 1, wtype = 1;
	int types = 0;
	const char *const *ty;
	const char *elements = NULL;
	struct sbuf js = SBUF_INIT;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", templates_opts, NULL)) != -1) {
		switch (c) {
		case 'e': elements = optarg; break;
		case 'f': fields = 1; break;
		case 'j': json = 1; break;
		case 't': types = 1; break;
		case 'h': fputs(usage_templates, stdout); return 0;
		default: return usage_option(usage_templates, templates_opts, argv);
		}
	}
	if (optind != argc)
		return usage_error(usage_templates, "templates takes no "
		    "arguments%s", elements ? "; --elements names one template" :
		    "");
	if (elements && fields)
		return usage_error(usage_templates, "--elements lists the "
		    "fields each element prints; leave out --fields");
	if (types && (elements || fields || json))
		return usage_error(usage_templates, "--types lists the record "
		    "types alone; leave out --elements, --fields and --json");
	if (types) {
		for (ty = rectype_names(); *ty; ty++)
			puts(*ty);
		system_cleanup();
		return 0;
	}
	if (elements)
		return list_elements(elements, json);
	names = template_names();
	diag_init(0, stderr);
	/* The columns as wide as their widest entry: a name and a record
	 * type may be long. */
	for (i = 0; names[i]; i++) {
		struct template *t = template_load(names[i], &catalog_vocab);

		if (t) {
			struct sbuf prod = SBUF_INIT;

			products_of(t->type, &prod);
			wname = (int)strlen(t->name) > wname ? (int)strlen(t->name) : wname;
			wprod = (int)prod.len > wprod ? (int)prod.len : wprod;
			wtype = (int)strlen(t->type) > wtype ? (int)strlen(t->type) : wtype;
			sb_release(&prod);
			template_free(t);
		}
	}
	for (i = 0; names[i]; i++) {
		struct template *t = template_load(names[i], &catalog_vocab);

		if (t) {
			struct sbuf prod = SBUF_INIT;

			products_of(t->type, &prod);
			if (json) {
				json_template(&js, t, prod.buf, shown == 0);
			} else {
				printf("%-*s %-*s %-*s %5.1f x %5.1f mm  %s\n",
				    wname, t->name, wprod, prod.buf, wtype,
				    t->type, t->w * 25.4 / 72, t->h * 25.4 / 72,
				    t->description);
				if (fields)
					print_fields(t);
			}
			sb_release(&prod);
			shown++;
			template_free(t);
		}
	}
	/* A project's folder as MUSTER_TEMPLATES holds its decks and
	 * units too: passed over, said once. */
	{
		const char *const *p = template_names_passed();
		int np;

		for (np = 0; p[np]; np++)
			;
		if (np)
			diag_at(L_NOTE, "template.invalid", p[0], 0, 0, "passed "
			    "over %d file%s in the template folders that %s "
			    "not a template (a deck or a unit: a system: at the "
			    "top)", np, np == 1 ? "" : "s", np == 1 ? "is" :
			    "are");
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
