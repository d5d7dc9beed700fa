/*
 * cmd_complete.c -- muster complete: the words that may come next on a
 * command line, for the shell completion scripts in completion/.  Read
 * from the command table, each command's getopt_long options and the
 * lists its options take, the games and their kinds, commands and
 * options, the built-in templates and the products: the same tables the
 * commands parse with, so that completion cannot drift from them.
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
#include "layout/template.h"
#include "system.h"
#include "util.h"

const struct option complete_opts[] = {
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

static const char *cur = "";	/* the word being completed */

/* --color, which main takes for every command, and its values. */
static const struct option colour_opts[] = {
	{ "color", required_argument, NULL, 0 },
	{ NULL, 0, NULL, 0 }
};
static const char *const colour_names[] = { "auto", "always", "never", NULL };
static const struct optval colour_values[] = {
	{ "color", colour_names },
	{ NULL, NULL }
};

static void
offer(const char *word)
{
	if (strncmp(word, cur, strlen(cur)) == 0)
		printf("%s\n", word);
}

/* "--name" (and "-o", "-d") for each option of a table. */
static void
offer_options(const struct option *o)
{
	char buf[64];

	for (; o && o->name; o++) {
		snprintf(buf, sizeof(buf), "--%s", o->name);
		offer(buf);
	}
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

/* The option of o that word names ("--paper", "-o"), or NULL. */
static const struct option *
option_named(const struct option *o, const char *word)
{
	if (word[0] != '-')
		return NULL;
	for (; o && o->name; o++)
		/* -o and -d are the only short options that take a value. */
		if ((word[1] == '-' && strcmp(word + 2, o->name) == 0) ||
		    (word[1] == o->val && word[2] == '\0' &&
		    strchr("od", word[1])))
			return o;
	return NULL;
}

/* The value of option o: its list, or what it names. */
static void
offer_value(const struct option *o, const struct optval *v)
{
	const char *const *p;
	const char *const *names;

	for (; v && v->opt; v++)
		if (strcmp(v->opt, o->name) == 0) {
			for (p = v->values; *p; p++)
				offer(*p);
			return;
		}
	if (strcmp(o->name, "template") == 0 ||
	    strcmp(o->name, "elements") == 0) {
		offer_templates();
		puts("@files");
	} else if (strcmp(o->name, "product") == 0) {
		for (names = product_names(); *names; names++)
			offer(*names);
	} else if (strcmp(o->name, "output") == 0 || o->val == 'o') {
		puts("@pdf");
	} else if (strcmp(o->name, "dir") == 0 || o->val == 'd') {
		puts("@dir");
	} else if (strcmp(o->name, "deck") == 0 ||
	    strcmp(o->name, "against") == 0) {
		puts("@files");
	}
	/* Otherwise a number or a name: nothing to offer. */
}

/* After the command's name: an option, an option's value, or a file. */
static void
offer_args(char **w, int cword, int first, const struct option *opts,
    const struct optval *values, const char *operands)
{
	/* operands: what the command's operands are ("@pdf" for
	 * preflight's), NULL for YAML files and folders. */
	const struct option *o;
	int i;

	/* Past "--", only files. */
	for (i = first; i < cword; i++)
		if (strcmp(w[i], "--") == 0) {
			puts(operands ? operands : "@files");
			return;
		}
	/* bash splits "--paper=a4" at the '=': "--paper" "=" "a4". */
	if (strcmp(cur, "=") == 0 && cword > first &&
	    option_named(colour_opts, w[cword - 1]) != NULL) {
		cur = "";
		offer_value(colour_opts, colour_values);
		return;
	}
	if (cword > first + 1 && strcmp(w[cword - 1], "=") == 0 &&
	    option_named(colour_opts, w[cword - 2]) != NULL) {
		offer_value(colour_opts, colour_values);
		return;
	}
	if (strcmp(cur, "=") == 0 && cword > first &&
	    (o = option_named(opts, w[cword - 1])) != NULL) {
		cur = "";
		offer_value(o, values);
		return;
	}
	if (cword > first + 1 && strcmp(w[cword - 1], "=") == 0 &&
	    (o = option_named(opts, w[cword - 2])) != NULL) {
		offer_value(o, values);
		return;
	}
	if (cword > first && (o = option_named(opts, w[cword - 1])) != NULL &&
	    o->has_arg == required_argument) {
		offer_value(o, values);
		return;
	}
	if (cur[0] == '-') {
		offer_options(opts);
		offer_options(colour_opts);
		return;
	}
	puts(operands ? operands : "@files");
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
		fputs("usage: muster complete CWORD WORD...\n", stderr);
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
	if (c->name && c->opts) {
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
		offer_args(w, cword, 2, c->opts, c->values,
		    strcmp(c->name, "preflight") == 0 ? "@pdf" : NULL);
		return 0;
	}
	/* A game's command: the game next, then its own options. */
	if (cword == 2) {
		for (g = games; *g; g++)
			if (game_cmd_find(*g, w[1]))
				offer((*g)->name);
		return 0;
	}
	if ((game = game_find(w[2])) == NULL ||
	    (gc = game_cmd_find(game, w[1])) == NULL)
		return 0;
	offer_args(w, cword, 3, gc->opts, gc->values, NULL);
	return 0;
}
