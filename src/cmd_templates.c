/*
 * cmd_templates.c -- muster templates: the built-in templates, the
 * product and record type each renders, its card size, and with
 * --fields the fields its record type has; with --elements NAME, the
 * elements of one template, the names an extension overrides.
 */
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

/* What the options set. */
struct templates_args {
	const char *elements;
	int fields, types, json;
};

/* The options: parsing, --help, completion and the manual's check. */
static const struct opt templates_rows[] = {
	OPT_FLAG_(0, "fields", struct templates_args, fields, 1,
	    "also list the fields of each record type: what a\n"
	    "template may print in braces, such as {name}"),
	{ OPT_STRING, 0, "elements", offsetof(struct templates_args, elements),
	    "T", "list the elements of template T (a built-in name\n"
	    "or a template file), front then back, in the\n"
	    "order they are drawn: the name an extension\n"
	    "overrides or removes ('-': none), what it is, and\n"
	    "the fields it prints", NULL, 0, 0, NULL, OPT_C_TEMPLATE, 0 },
	OPT_FLAG_(0, "types", struct templates_args, types, 1,
	    "list the record types, one a line, in the order\n"
	    "of the table of games: what a template's\n"
	    "renders: may name"),
	OPT_FLAG_(0, "json", struct templates_args, json, 1,
	    "print them as one JSON object: {\"templates\":\n"
	    "[{\"name\", \"products\", \"renders\", \"width_mm\",\n"
	    "\"height_mm\", \"description\", \"fields\"}]}, the\n"
	    "fields always; with --elements, {\"name\",\n"
	    "\"renders\", \"width_mm\", \"height_mm\", \"elements\":\n"
	    "[{\"name\", \"face\", \"type\", \"widget\", \"fields\"}]}"),
	OPT_ROW_END
};

const struct cmd_opts templates_options = {
	"usage: muster templates [--fields] [--json]\n"
	"       muster templates --elements NAME|FILE [--json]\n"
	"       muster templates --types\n"
	"\n"
	"Lists the built-in templates: name, the product it prints (the name\n"
	"'muster render --product' takes), the record type it renders, card\n"
	"size, and description.  Use one with 'muster render --template\n"
	"NAME', or copy one and change it; a template that says 'extends:\n"
	"NAME' overrides elements by name.\n"
	"\n",
	templates_rows, 19,
	NULL
};

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

/* --elements --json: t's elements, as members for diag_json_with(). */
static void
elements_json(struct sbuf *sb, const struct template *t)
{
	const char *const *f;
	int i;

	sb_adds(sb, "\"name\": ");
	sb_json(sb, t->name);
	sb_adds(sb, ", \"renders\": ");
	sb_json(sb, t->type);
	sb_addf(sb, ", \"width_mm\": %.1f, \"height_mm\": %.1f, "
	    "\"elements\": [", t->w * 25.4 / 72, t->h * 25.4 / 72);
	for (i = 0; i < t->ninfo; i++) {
		const struct el_info *in = &t->info[i];

		sb_adds(sb, i ? ",\n  {\"name\": " : "\n  {\"name\": ");
		if (in->name)
			sb_json(sb, in->name);
		else
			sb_adds(sb, "null");
		sb_addf(sb, ", \"face\": \"%s\", \"type\": ",
		    in->back ? "back" : "front");
		sb_json(sb, in->type ? in->type : "");
		sb_adds(sb, ", \"widget\": ");
		if (in->widget)
			sb_json(sb, in->widget);
		else
			sb_adds(sb, "null");
		sb_adds(sb, ", \"fields\": [");
		for (f = in->fields; *f; f++) {
			sb_adds(sb, f == in->fields ? "" : ", ");
			sb_json(sb, *f);
		}
		sb_adds(sb, "]}");
	}
	sb_adds(sb, "\n]");
}

/* --elements: t's elements a line each, front then back. */
static void
elements_text(const struct template *t)
{
	const char *const *f;
	char buf[64];
	int i, face = -1, col;

	printf("%s: %s, %.1f x %.1f mm, %d elements\n", t->name, t->type,
	    t->w * 25.4 / 72, t->h * 25.4 / 72, t->ninfo);
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
			if (f != in->fields && col + 1 + (int)strlen(*f) > 78) {
				printf("\n%*s", 35, "");
				col = 35;
			}
			col += printf(" %s", *f);
		}
		putchar('\n');
	}
}

/* muster templates --elements: one template's elements. */
static int
list_elements(const char *name, int json)
{
	struct template *t;
	struct sbuf sb = SBUF_INIT;

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
		elements_json(&sb, t);
		diag_json_with(stdout, sb.buf);
	} else {
		elements_text(t);
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

/* The widths of the list's columns: as wide as their widest entry, a
 * name and a record type may be long. */
static void
widths(char **names, int *wname, int *wprod, int *wtype)
{
	size_t i;

	*wname = *wprod = *wtype = 1;
	for (i = 0; names[i]; i++) {
		struct template *t = template_load(names[i], &catalog_vocab);
		struct sbuf prod = SBUF_INIT;

		if (t == NULL)
			continue;
		products_of(t->type, &prod);
		if ((int)strlen(t->name) > *wname)
			*wname = (int)strlen(t->name);
		if ((int)prod.len > *wprod)
			*wprod = (int)prod.len;
		if ((int)strlen(t->type) > *wtype)
			*wtype = (int)strlen(t->type);
		sb_release(&prod);
		template_free(t);
	}
}

/* muster templates [--fields] [--json]: every built-in template, a line
 * each or as JSON. */
static int
list_templates(int fields, int json)
{
	const char *const *dir;
	char **names = template_names();
	struct sbuf js = SBUF_INIT;
	int shown = 0, wname, wprod, wtype;
	size_t i;

	diag_init(0, stderr);
	widths(names, &wname, &wprod, &wtype);
	for (i = 0; names[i]; i++) {
		struct template *t = template_load(names[i], &catalog_vocab);
		struct sbuf prod = SBUF_INIT;

		if (t == NULL)
			continue;
		products_of(t->type, &prod);
		if (json) {
			json_template(&js, t, prod.buf, shown == 0);
		} else {
			printf("%-*s %-*s %-*s %5.1f x %5.1f mm  %s\n", wname,
			    t->name, wprod, prod.buf, wtype, t->type,
			    t->w * 25.4 / 72, t->h * 25.4 / 72, t->description);
			if (fields)
				print_fields(t);
		}
		sb_release(&prod);
		shown++;
		template_free(t);
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

int
cmd_templates(int argc, char **argv)
{
	const char *const *ty;
	struct templates_args a = { NULL, 0, 0, 0 };
	int c;

	if ((c = opt_parse(&templates_options, argc, argv, &a)) >= 0)
		return c;
	if (optind != argc)
		return usage_error(templates_options.head, "templates takes no "
		    "arguments%s", a.elements ? "; --elements names one "
		    "template" : "");
	if (a.elements && a.fields)
		return usage_error(templates_options.head, "--elements lists "
		    "the fields each element prints; leave out --fields");
	if (a.types && (a.elements || a.fields || a.json))
		return usage_error(templates_options.head, "--types lists the "
		    "record types alone; leave out --elements, --fields and "
		    "--json");
	if (a.types) {
		for (ty = rectype_names(); *ty; ty++)
			puts(*ty);
		system_cleanup();
		return 0;
	}
	if (a.elements)
		return list_elements(a.elements, a.json);
	return list_templates(a.fields, a.json);
}
