/*
 * main.c -- option dispatch: the command line read against the command
 * table (commands.c, git's commands[]).
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "diag.h"
#include "paths.h"
#include "pdf/pdf.h"
#include "system.h"
#include "util.h"

#ifndef VERSION
#define VERSION "0.1"
#endif

#define NCMDS (command_count())

#ifdef __SANITIZE_ADDRESS__
/*
 * The test build (make check): its UndefinedBehaviorSanitizer traps, and
 * AddressSanitizer then reports the trap, with the file:line and stack
 * of the fault, as it reports a bad read.  A report ends with exit 86,
 * which no test takes for muster's own 1 (bad input) or 2.
 */
const char *__asan_default_options(void);
const char *
__asan_default_options(void)
{
	return "handle_sigill=1:exitcode=86";
}
#endif

/* The command of that name: one of commands[], or a game's (cmd_game). */
static int (*find_cmd(const char *name))(int, char **)
{
	size_t i;

	for (i = 0; i < NCMDS; i++)
		if (strcmp(name, commands[i].name) == 0)
			return commands[i].fn;
	return cmd_game_known(name) ? cmd_game : NULL;
}

static void
overview(FILE *f)
{
	const struct game *const *g;
	const struct game_cmd *c;
	size_t i;

	fputs("usage: muster COMMAND [OPTIONS] ...\n"
	    "       muster --help | --version | COMMAND --help\n\n"
	    "muster checks wargame units and card decks written in YAML\n"
	    "against their game's rules and prints them as PDF.\n\n"
	    "commands:\n", f);
	for (i = 0; i < NCMDS; i++)
		fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
	/* A game's command that no row above names. */
	for (g = games; *g; g++)
		for (c = (*g)->cmds; c && c->name; c++) {
			for (i = 0; i < NCMDS; i++)
				if (strcmp(commands[i].name, c->name) == 0)
					break;
			if (i == NCMDS)
				fprintf(f, "  %-10s %s: %s\n", c->name,
				    (*g)->name, c->summary);
		}
	fputs("\nsystems:", f);
	for (g = games; *g; g++)
		fprintf(f, " %s (%s)%s", (*g)->name, (*g)->title,
		    g[1] ? "," : "\n");
	fputs("\nexit status: 0 success, 1 errors in the input, "
	    "2 usage or I/O error\nsee muster(1) for the rules it checks\n", f);
}

/* Lets the built-in templates be found next to the program. */
static void
find_exe_dir(const char *argv0)
{
	char buf[PATH_MAX], *slash;
	ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);

	if (n > 0) {
		buf[n] = '\0';
	} else if (argv0 && strchr(argv0, '/')) {
		snprintf(buf, sizeof(buf), "%s", argv0);
	} else {
		return;
	}
	slash = strrchr(buf, '/');
	if (slash == NULL)
		return;
	*slash = '\0';
	paths_set_exe_dir(*buf ? buf : "/");
}

/* rc, or 2 when standard output could not all be written (a full
 * disk, a reader that went away: SIGPIPE is ignored to learn it). */
static int
out_ok(int rc)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "muster: cannot write standard output: %s\n",
		    strerror(errno));
		return 2;
	}
	return rc;
}

/*
 * --color[=auto|always|never], which every command takes, anywhere
 * before "--": taken out of argv, and the diagnostics' style set
 * (SPEC section 2).  On a terminal (auto): colour, unless NO_COLOR is
 * set or TERM is dumb, and each problem's source line with a caret;
 * piped: one plain line a problem.  always: both, whatever stderr is.
 * Returns -1 after a usage error.
 */
static int
take_colour(int *argc, char **argv)
{
	static const char *const whens[] = { "auto", "always", "never", NULL };
	const char *no_colour = getenv("NO_COLOR"), *term = getenv("TERM");
	int i, j, when = 0, tty = isatty(STDERR_FILENO);

	for (i = 1; i < *argc && strcmp(argv[i], "--") != 0; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--color") == 0 || strcmp(a, "--colour") == 0)
			when = 1;
		else if (strncmp(a, "--color=", 8) == 0 ||
		    strncmp(a, "--colour=", 9) == 0) {
			if ((when = str_index(whens, strchr(a, '=') + 1)) < 0) {
				fprintf(stderr, "muster: --color '%s' must be "
				    "auto, always or never\nsee 'muster "
				    "--help'\n", strchr(a, '=') + 1);
				return -1;
			}
		} else
			continue;
		for (j = i; j + 1 < *argc; j++)
			argv[j] = argv[j + 1];
		argv[--*argc] = NULL;
		i--;
	}
	switch (when) {
	case 1:
		diag_style(1, 1);
		break;
	case 2:
		diag_style(0, 0);
		break;
	default:
		diag_style(tty && !(no_colour && *no_colour) &&
		    !(term && strcmp(term, "dumb") == 0), tty);
	}
	return 0;
}

/* Runs a command and ends the run: diagnostics, caches, stdout. */
static int
run(int (*fn)(int, char **), int argc, char **argv)
{
	int rc = fn(argc, argv);

	diag_end();
	pdf_cleanup();
	system_cleanup();
	return out_ok(rc);
}

int
main(int argc, char **argv)
{
	int (*fn)(int, char **);

	signal(SIGPIPE, SIG_IGN);
	/* muster complete's words are a command line being typed. */
	if (argc >= 2 && strcmp(argv[1], "complete") != 0 &&
	    take_colour(&argc, argv) < 0)
		return 2;
	if (argc < 2) {
		overview(stderr);
		return 2;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		if (argc > 2 && (fn = find_cmd(argv[2])) != NULL) {
			char *help[] = { argv[2], (char *)"--help", NULL };

			return run(fn, 2, help);
		}
		overview(stdout);
		return out_ok(0);
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("muster %s\n", VERSION);
		return out_ok(0);
	}
	find_exe_dir(argv[0]);
	if ((fn = find_cmd(argv[1])) != NULL)
		return run(fn, argc - 1, argv + 1);
	{
		const char *names[64];
		const struct game *const *g;
		const struct game_cmd *c;
		struct sbuf sb = SBUF_INIT;
		size_t i, n = 0;

		/* The commands the overview lists: the table's (but
		 * complete, the shells'), then the games' own (value). */
		for (i = 0; i < NCMDS && n < NELEM(names) - 1; i++)
			if (strcmp(commands[i].name, "complete") != 0)
				names[n++] = commands[i].name;
		for (g = games; *g; g++)
			for (c = (*g)->cmds; c && c->name; c++) {
				for (i = 0; i < n; i++)
					if (strcmp(names[i], c->name) == 0)
						break;
				if (i == n && n < NELEM(names) - 1)
					names[n++] = c->name;
			}
		names[n] = NULL;
		fprintf(stderr, "muster: '%s' is not a command%s\n"
		    "see 'muster --help'\n", argv[1],
		    sb_hint(&sb, argv[1], names, 1));
		sb_release(&sb);
	}
	return 2;
}
