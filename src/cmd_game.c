/*
 * cmd_game.c -- the commands games bring (odds, resolve, value): `muster
 * odds GAME ARGS...` runs the game's own row of that name with "GAME
 * ARGS...".  A command that only one game has may leave the game out.
 * A command on documents (value) dispatches on each document's system:
 * `muster value PATH...` runs each game's row with "value OPTIONS --
 * FILES..." for the files whose documents are of that game.
 * Each game's options, usage and output are its own; this file knows
 * only the table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "cmd.h"
#include "diag.h"
#include "doc.h"
#include "input.h"
#include "options.h"
#include "system.h"
#include "usage.h"
#include "util.h"

/* The commands whose arguments are documents, of any game. */
static const char *const by_document[] = { "value", NULL };

/* The games that have command cmd, NULL-ended, in names (64 at most). */
static void
games_with(const char *cmd, const char **names, size_t max)
{
	const struct game *const *g;
	size_t n = 0;

	for (g = games; *g && n < max - 1; g++)
		if (game_cmd_find(*g, cmd))
			names[n++] = (*g)->name;
	names[n] = NULL;
}

int
cmd_game_known(const char *name)
{
	const char *names[64];

	games_with(name, names, NELEM(names));
	return names[0] != NULL;
}

/* A game's options on a line of their own, from its table: a command
 * on documents takes them without the game named. */
static void
option_names(struct sbuf *sb, const struct cmd_opts *t)
{
	const struct opt *o;
	int n = 0;

	if (t == NULL)
		return;
	for (o = t->opts; o->kind != OPT_END; o++) {
		if (o->name == NULL || (o->flags & OPT_HIDDEN) ||
		    strcmp(o->name, "help") == 0)
			continue;
		sb_addf(sb, "%s--%s%s%s", n++ ? ", " : "               ",
		    o->name, o->argh ? " " : "", o->argh ? o->argh : "");
	}
	if (n)
		sb_adds(sb, "\n");
}

/* "usage: muster odds GAME ..." with each game's line. */
static void
usage(struct sbuf *sb, const char *cmd)
{
	const struct game *const *g;
	const struct game_cmd *c;

	/* A command on documents is first of all `muster value PATH...`
	 * (SPEC 2): each document's system chooses the game. */
	if (str_index(by_document, cmd) >= 0)
		sb_addf(sb, "usage: muster %s [--json] [OPTIONS] PATH...\n"
		    "       ", cmd);
	else
		sb_adds(sb, "usage: ");
	sb_addf(sb, "muster %s SYSTEM ... [--json]\n"
	    "       muster %s SYSTEM --help\n\n", cmd, cmd);
	for (g = games; *g; g++)
		if ((c = game_cmd_find(*g, cmd)) != NULL) {
			sb_addf(sb, "  %-12s %s\n", (*g)->name, c->summary);
			if (str_index(by_document, cmd) >= 0)
				option_names(sb, c->table);
		}
	sb_addf(sb, "\n'muster %s SYSTEM --help' shows that system's options.\n"
	    "exit status: 0, 1 errors in an input file, 2 usage or I/O error\n",
	    cmd);
}

/* The game of path's first document that names one, or NULL. */
static const struct game *
file_game(const char *path)
{
	struct arena *a = arena_new();
	struct reader *r;
	const struct node *root;
	const struct game *g = NULL;
	int was = diag_quiet(1);

	if ((r = reader_open(path)) != NULL) {
		while (g == NULL && (root = reader_next(r, a)) != NULL)
			g = game_find(get_str(root, "system", ""));
		reader_close(r);
	}
	diag_quiet(was);
	arena_free(a);
	return g;
}

/* The option row that arg ("--name") names among the games' tables for
 * cmd: its whole name, or the one name it is the start of (as the
 * game's parser takes it: "--again" is --against); NULL when none or
 * several. */
static const struct opt *
game_opt(const char *cmd, const char *arg)
{
	const struct game *const *g;
	const struct game_cmd *c;
	const struct opt *r, *cut = NULL;
	size_t len;
	int ambiguous = 0;

	if (strncmp(arg, "--", 2) != 0 || (len = strlen(arg + 2)) == 0)
		return NULL;
	for (g = games; *g; g++) {
		if ((c = game_cmd_find(*g, cmd)) == NULL)
			continue;
		for (r = c->table->opts; r->kind != OPT_END; r++) {
			if (strcmp(r->name, arg + 2) == 0)
				return r;
			if (strncmp(r->name, arg + 2, len) != 0)
				continue;
			if (cut && strcmp(cut->name, r->name) != 0)
				ambiguous = 1;
			cut = r;
		}
	}
	return ambiguous ? NULL : cut;
}

/* Whether option arg (a "--name" or "--name=x") takes the next argument
 * as its value. */
static int
takes_value(const char *cmd, const char *arg)
{
	const struct opt *r;

	return strchr(arg, '=') == NULL && (r = game_opt(cmd, arg)) != NULL &&
	    opt_takes_value(r);
}

/* Runs game g's cmd with the options and the files of g. */
static int
run_on(const struct game *g, const char *cmd, char **opts, int nopts,
    const struct inputs *in, const struct game **of)
{
	const struct game_cmd *c = game_cmd_find(g, cmd);
	char **v = xcalloc((size_t)nopts + in->n + 3, sizeof(char *));
	int n = 0, i, rc;
	size_t k;

	v[n++] = (char *)cmd;
	for (i = 0; i < nopts; i++)
		v[n++] = opts[i];
	v[n++] = (char *)"--";
	for (k = 0; k < in->n; k++)
		if (of[k] == g)
			v[n++] = in->v[k];
	rc = c->run(n, v);
	free(v);
	return rc;
}

/* Whether --json (or a start of it the games' parsers take) is among
 * the options. */
static int
wants_json(const char *cmd, char *const *opts, int n)
{
	const struct opt *r;
	int i;

	for (i = 0; i < n; i++)
		if ((r = game_opt(cmd, opts[i])) != NULL &&
		    strcmp(r->name, "json") == 0)
			return 1;
	return 0;
}

/*
 * `muster value [OPTIONS] PATH...` when several games have value: the
 * files (a folder's YAML files) go to the game their documents name, a
 * file naming none to the first game (whose loader says what is wrong),
 * each game in the table's order with every option given.
 */
static int
by_documents(int argc, char **argv, const char *const *names)
{
	struct inputs in = INPUTS_INIT;
	const struct game **of;
	const struct game *const *g;
	char **opts = xcalloc((size_t)argc, sizeof(char *));
	int nopts = 0, i, rc = 0, r, ends = 0;
	size_t k;

	diag_init(0, stderr);
	for (i = 1; i < argc; i++) {
		if (!ends && strcmp(argv[i], "--") == 0) {
			ends = 1;
		} else if (!ends && argv[i][0] == '-' && argv[i][1] != '\0') {
			opts[nopts++] = argv[i];
			if (takes_value(argv[0], argv[i]) && i + 1 < argc)
				opts[nopts++] = argv[++i];
		} else if (inputs_add(&in, argv[i]) < 0) {
			rc = 2;
		}
	}
	diag_flush();
	of = xcalloc(in.n + 1, sizeof(*of));
	for (k = 0; k < in.n; k++) {
		of[k] = file_game(in.v[k]);
		if (of[k] == NULL || game_cmd_find(of[k], argv[0]) == NULL)
			of[k] = game_find(names[0]);
	}
	for (k = 1; k < in.n && of[k] == of[0]; k++)
		;
	if (rc == 0 && k < in.n && wants_json(argv[0], opts, nopts)) {
		struct sbuf u = SBUF_INIT;

		usage(&u, argv[0]);
		rc = usage_error(u.buf, "--json prints one object, and these "
		    "files are %s's and %s's: give each game's files a run of "
		    "their own", of[0]->name, of[k]->name);
		sb_release(&u);
	}
	for (g = games; rc == 0 && *g; g++) {
		for (k = 0; k < in.n && of[k] != *g; k++)
			;
		if (game_cmd_find(*g, argv[0]) == NULL ||
		    (k == in.n && (in.n > 0 || *g != game_find(names[0]))))
			continue;
		if ((r = run_on(*g, argv[0], opts, nopts, &in, of)) > rc)
			rc = r;
	}
	free(of);
	free(opts);
	inputs_free(&in);
	return rc;
}

static int
is_by_document(const char *cmd)
{
	return str_index(by_document, cmd) >= 0;
}

int
cmd_game(int argc, char **argv)
{
	const char *cmd = argv[0], *names[64];
	const struct game *g;
	const struct game_cmd *c;
	struct sbuf u = SBUF_INIT, hint = SBUF_INIT;
	int rc;

	games_with(cmd, names, NELEM(names));
	/* A command on documents: each file to its own game, unless the
	 * first argument names one (`muster value shellshock ...`) or asks
	 * for help. */
	if (names[0] && is_by_document(cmd) && (argc < 2 ||
	    (game_find(argv[1]) == NULL && strcmp(argv[1], "--help") != 0 &&
	    strcmp(argv[1], "-h") != 0)))
		return names[1] ? by_documents(argc, argv, names) :
		    game_cmd_find(game_find(names[0]), cmd)->run(argc, argv);
	usage(&u, cmd);
	/* A command only one game has needs no system named: `muster value
	 * PATH...` is that game's (`muster value shellshock ...` too). */
	if (names[0] && names[1] == NULL && (argc < 2 ||
	    game_find(argv[1]) == NULL)) {
		c = game_cmd_find(game_find(names[0]), cmd);
		sb_release(&u);
		return c->run(argc, argv);
	}
	if (argc < 2) {
		sb_list(&hint, names);
		rc = usage_error(u.buf, "%s needs a system: %s", cmd, hint.buf);
	} else if (strcmp(argv[1], "--help") == 0 ||
	    strcmp(argv[1], "-h") == 0) {
		fputs(u.buf, stdout);
		rc = 0;
	} else if ((g = game_find(argv[1])) == NULL ||
	    (c = game_cmd_find(g, cmd)) == NULL) {
		rc = usage_error(u.buf, "%s knows no system '%s'%s", cmd,
		    argv[1], sb_hint(&hint, argv[1], names, 1));
	} else {
		rc = c->run(argc - 1, argv + 1);
	}
	sb_release(&u);
	sb_release(&hint);
	return rc;
}
