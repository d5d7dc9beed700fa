/*
 * cmd_complete.c -- muster complete: the words that may come next on a
 * command line, for the shell completion scripts in completion/.  Read
 * from the command table, each command's option table (options.h: its
 * options, the lists they take, what their values name), the games and
 * their kinds, commands and options, the built-in templates and the
 * products: the same tables the commands parse with, so that
 * completion cannot drift from them.
 *
 * usage: muster complete CWORD WORD...  (WORD 0 is the program)
 *
 * Prints one candidate a line that starts with the word being completed,
 * and these requests to the script: @files (YAML files and folders),
 * @pdf (a PDF to write, or preflight's to read), @dir (a folder).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "options.h"
#include "layout/template.h"
#include "system.h"
#include "util.h"

/* No option: its words are a command line being typed. */
static const struct opt complete_rows[] = {
	OPT_ROW_END
};

const struct cmd_opts complete_options = {
	"usage: muster complete CWORD WORD...\n", complete_rows, 13, NULL
};

static const char *cur = "";	/* the word being completed */

/* --color, which main takes for every command, and its values. */
static const char *const colour_names[] = { "auto", "always", "never", NULL };
static const struct opt colour_rows[] = {
	{ OPT_STRING, 0, "color", 0, "WHEN", "", colour_names, 0, 0, NULL,
	    OPT_C_NONE, 0 },
	OPT_ROW_END
};

/* The script's request for files (or what operands names: "@pdf"),
 * once. */
static void
offer_files(const char *operands)
{
	static int done;

	if (!done++)
		puts(operands ? operands : "@files");
}

/* Offers word once (a command several games have, their options). */
static void
offer(const char *word)
{
	static char seen[4096];
	char key[130];

	if (strncmp(word, cur, strlen(cur)) != 0)
		return;
	snprintf(key, sizeof(key), "\n%.127s\n", word);
	if (strstr(seen, key) != NULL)
		return;
	if (strlen(seen) + strlen(key) < sizeof(seen))
		strcat(seen, key + (seen[0] ? 1 : 0));
	printf("%s\n", word);
}

/* "--name" for each row of a table, and --help. */
static void
offer_options(const struct opt *o)
{
	char buf[64];

	for (; o && o->kind != OPT_END; o++) {
		snprintf(buf, sizeof(buf), "--%s", o->name);
		offer(buf);
	}
	offer("--help");
}

/* The built-in templates' names, as `muster templates` lists them. */
static void
offer_templates(void)
{
	char **names = template_names();
	size_t i;

	for (i = 0; names[i]; i++)
		offer(names[i]);
	template_names_free(names);
}

/* The row of o that word names ("--paper", "-o"), or NULL. */
static const struct opt *
option_named(const struct opt *o, const char *word)
{
	if (word[0] != '-')
		return NULL;
	for (; o && o->kind != OPT_END; o++)
		if ((word[1] == '-' && strcmp(word + 2, o->name) == 0) ||
		    (o->short_name && word[1] == o->short_name &&
		    word[2] == '\0'))
			return o;
	return NULL;
}

/* The value of row o: its list, or what it names. */
static void
offer_value(const struct opt *o)
{
	const char *const *p;

	for (p = o->values; p && *p; p++)
		offer(*p);
	switch (o->complete) {
	case OPT_C_TEMPLATE:
		offer_templates();
		offer_files(NULL);
		break;
	case OPT_C_PRODUCT:
		for (p = product_names(); *p; p++)
			offer(*p);
		break;
	case OPT_C_PDF:
		puts("@pdf");
		break;
	case OPT_C_DIR:
		puts("@dir");
		break;
	case OPT_C_FILES:
		offer_files(NULL);
		break;
	case OPT_C_NONE:
		break;	/* a number or a name: nothing to offer */
	}
}

/* The value of an option of opts or --color that the words before the
 * one being completed call for: 1 when offered. */
static int
offer_option_value(char **w, int cword, int first, const struct opt *opts)
{
	const struct opt *const tables[] = { colour_rows, opts };
	const struct opt *o;
	size_t t;

	/* bash splits "--paper=a4" at the '=': "--paper" "=" "a4". */
	for (t = 0; t < NELEM(tables); t++) {
		if (strcmp(cur, "=") == 0 && cword > first &&
		    (o = option_named(tables[t], w[cword - 1])) != NULL) {
			cur = "";
			offer_value(o);
			return 1;
		}
		if (cword > first + 1 && strcmp(w[cword - 1], "=") == 0 &&
		    (o = option_named(tables[t], w[cword - 2])) != NULL) {
			offer_value(o);
			return 1;
		}
	}
	if (cword > first && (o = option_named(opts, w[cword - 1])) != NULL &&
	    opt_takes_value(o)) {
		offer_value(o);
		return 1;
	}
	return 0;
}

/* After the command's name: an option, an option's value, or a file.
 * operands: what the command's operands are ("@pdf" for preflight's),
 * NULL for YAML files and folders. */
static void
offer_args(char **w, int cword, int first, const struct opt *opts,
    const char *operands)
{
	int i;

	/* Past "--", only files. */
	for (i = first; i < cword; i++)
		if (strcmp(w[i], "--") == 0) {
			offer_files(operands);
			return;
		}
	if (offer_option_value(w, cword, first, opts))
		return;
	if (cur[0] == '-') {
		offer_options(opts);
		offer("--color");
		return;
	}
	offer_files(operands);
}

/* A game's command: the game next, then its own options; value may
 * leave the game out, and takes every game's options and files. */
static void
complete_game_cmd(char **w, int cword)
{
	const struct game *const *g;
	const struct game *game;
	const struct game_cmd *gc;

	if (cword == 2 && cur[0] != '-') {
		for (g = games; *g; g++)
			if (game_cmd_find(*g, w[1]))
				offer((*g)->name);
		if (strcmp(w[1], "value") != 0)
			return;
	}
	if (cword == 2 || game_find(w[2]) == NULL) {
		if (strcmp(w[1], "value") == 0)
			for (g = games; *g; g++)
				if ((gc = game_cmd_find(*g, w[1])) != NULL)
					offer_args(w, cword, 2, gc->table->opts,
					    NULL);
		return;
	}
	if ((game = game_find(w[2])) == NULL ||
	    (gc = game_cmd_find(game, w[1])) == NULL)
		return;
	offer_args(w, cword, 3, gc->table->opts, NULL);
}

int
cmd_complete(int argc, char **argv)
{
	const struct command *c;
	const struct game *const *g;
	const struct game *game;
	const struct game_cmd *gc;
	const struct kind *const *k;
	char **w;
	int cword;

	if (argc < 3 || (cword = atoi(argv[1])) < 1) {
		fputs(complete_options.head, stderr);
		return 2;
	}
	w = argv + 2;
	argc -= 2;
	if (cword > argc)
		cword = argc;
	cur = cword < argc ? w[cword] : "";
	if (cword == 1) {
		for (c = commands; c->name; c++)
			if (strcmp(c->name, "complete") != 0)
				offer(c->name);
		/* A game's command that no row names ("value"). */
		for (g = games; *g; g++)
			for (gc = (*g)->cmds; gc && gc->name; gc++) {
				for (c = commands; c->name; c++)
					if (strcmp(c->name, gc->name) == 0)
						break;
				if (c->name == NULL)
					offer(gc->name);
			}
		offer("--help");
		offer("--version");
		return 0;
	}
	for (c = commands; c->name; c++)
		if (strcmp(c->name, w[1]) == 0)
			break;
	if (c->name && c->table) {
		/* SYSTEM KIND */
		if ((strcmp(c->name, "schema") == 0 ||
		    strcmp(c->name, "new") == 0) && cur[0] != '-') {
			if (cword == 2) {
				for (g = games; *g; g++)
					offer((*g)->name);
				if (strcmp(c->name, "schema") == 0)
					offer("template");
			} else if (cword == 3 && (game = game_find(w[2]))) {
				for (k = game->kinds; *k; k++)
					offer((*k)->name);
			}
			return 0;
		}
		offer_args(w, cword, 2, c->table->opts,
		    strcmp(c->name, "preflight") == 0 ? "@pdf" : NULL);
		return 0;
	}
	complete_game_cmd(w, cword);
	return 0;
}
