/*
 * cmd_templates.c -- muster templates: the built-in templates, what each
 * renders and its card size.
 */
#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "diag.h"
#include "layout/template.h"
#include "util.h"

const char usage_templates[] =
    "usage: muster templates\n"
    "\n"
    "Lists the built-in templates: name, what they render (system and\n"
    "kind), card size, and description.  Use one with\n"
    "'muster render --template NAME', or copy one and change it; a\n"
    "template that says 'extends: NAME' overrides elements by name.\n";

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int
cmd_templates(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *const *dir;
	char **names = NULL;
	size_t n = 0, i, j;
	int c, shown = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 'h') {
			fputs(usage_templates, stdout);
			return 0;
		}
		fputs(usage_templates, stderr);
		return 2;
	}
	if (optind != argc)
		return usage_error(usage_templates, "templates takes no "
		    "arguments");
	/* The first folder that has a name wins, as when rendering. */
	for (dir = template_dirs(); *dir; dir++) {
		struct dirent *de;
		DIR *d = opendir(*dir);

		if (d == NULL)
			continue;
		while ((de = readdir(d)) != NULL) {
			size_t len = strlen(de->d_name);

			if (de->d_name[0] == '.' || len < 6 ||
			    strcmp(de->d_name + len - 5, ".yaml") != 0)
				continue;
			for (j = 0; j < n; j++)
				if (strncmp(names[j], de->d_name, len - 5) == 0 &&
				    names[j][len - 5] == '\0')
					break;
			if (j < n)
				continue;
			names = xrealloc(names, (n + 1) * sizeof(*names));
			names[n++] = xstrndup(de->d_name, len - 5);
		}
		closedir(d);
	}
	qsort(names, n, sizeof(*names), by_name);
	diag_init(0, stderr);
	for (i = 0; i < n; i++) {
		struct template *t = template_load(names[i]);

		if (t) {
			char what[64];

			snprintf(what, sizeof(what), "%s %s", t->system, t->kind);
			printf("%-18s %-17s %5.1f x %5.1f mm  %s\n", t->name,
			    what, t->w * 25.4 / 72, t->h * 25.4 / 72,
			    t->description);
			shown++;
			template_free(t);
		}
		free(names[i]);
	}
	free(names);
	diag_flush();
	if (shown == 0) {
		fprintf(stderr, "muster: no templates found in:");
		for (dir = template_dirs(); *dir; dir++)
			fprintf(stderr, " %s", *dir);
		fputc('\n', stderr);
		return 2;
	}
	return diag_exit_status(0) ? 2 : 0;
}
