/*
 * cmd_game.c -- the commands games bring (odds, resolve): `muster odds
 * GAME ARGS...` runs the game's own row of that name with "GAME ARGS...".
 * A command that only one game has may leave the game out: `muster
 * value ARGS...` runs it with "value ARGS...".
 * Each game's options, usage and output are its own; this file knows
 * only the table.
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "system.h"
#include "usage.h"
#include "util.h"

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

/* "usage: muster odds GAME ..." with each game's line. */
static void
usage(struct sbuf *sb, const char *cmd)
{
	const struct game *const *g;
	const struct game_cmd *c;

	sb_addf(sb, "usage: muster %s SYSTEM ... [--json]\n"
	    "       muster %s SYSTEM --help\n\n", cmd, cmd);
	for (g = games; *g; g++)
		if ((c = game_cmd_find(*g, cmd)) != NULL)
			sb_addf(sb, "  %-12s %s\n", (*g)->name, c->summary);
	sb_addf(sb, "\n'muster %s SYSTEM --help' shows that system's options.\n"
	    "exit status: 0, 1 errors in an input file, 2 usage or I/O error\n",
	    cmd);
}

int
cmd_game(int argc, char **argv)
{
	const char *cmd = argv[0], *names[64];
	const struct game *g;
	const struct game_cmd *c;
	struct sbuf u = SBUF_INIT, hint = SBUF_INIT;
	int rc;

	usage(&u, cmd);
	games_with(cmd, names, NELEM(names));
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
