/*
 * usage.c -- misuse of a command: one line, and where the help is.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "usage.h"
#include "system.h"

#ifndef VERSION
#define VERSION "0.1"
#endif

/* The command words of a usage text ("render", "odds shellshock"):
 * the words after "usage: muster " up to the first option or operand
 * (one starting with '[' or '-', or written in capitals). */
static size_t
command_words(const char *usage, const char **start)
{
	const char *p, *w;

	*start = NULL;
	if (strncmp(usage, "usage: muster ", 14) != 0)
		return 0;
	p = w = usage + 14;
	while (*p >= 'a' && *p <= 'z') {
		p += strspn(p, "abcdefghijklmnopqrstuvwxyz-");
		if (*p != ' ')
			break;
		p++;
		if (!(*p >= 'a' && *p <= 'z'))
			break;
	}
	while (p > w && (p[-1] == ' ' || p[-1] == '\n'))
		p--;
	if (p == w)
		return 0;
	*start = w;
	return (size_t)(p - w);
}

static int
see_help(const char *usage)
{
	const char *w;
	size_t n = command_words(usage, &w);

	if (n)
		fprintf(stderr, "see 'muster %.*s --help'\n", (int)n, w);
	else
		fputs("see 'muster --help'\n", stderr);
	return 2;
}

int
usage_error(const char *usage, const char *fmt, ...)
{
	va_list ap;

	fputs("muster: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return see_help(usage);
}

/* Whether arg is a long option ("--paper", "--pap=x") of opts whose
 * val is c. */
static int
long_named(const char *arg, const struct option *opts, int c)
{
	const struct option *o;
	size_t len;

	if (arg == NULL || strncmp(arg, "--", 2) != 0)
		return 0;
	len = strcspn(arg + 2, "=");
	for (o = opts; o && o->name; o++)
		if (o->val == c && len && strncmp(o->name, arg + 2, len) == 0)
			return 1;
	return 0;
}

/* "--word" is no option of opts: ambiguous (the options it begins), or
 * unknown (with a "did you mean"); a usage error. */
static int
unknown_option(const char *usage, const struct option *opts,
    const char *word, int ambiguous)
{
	const struct option *o;
	struct sbuf sb = SBUF_INIT;
	const char **names;
	size_t n = 0, len = strlen(word) - 2;
	int rc;

	for (o = opts; o && o->name; o++)
		n++;
	names = xcalloc(n + 1, sizeof(*names));
	for (n = 0, o = opts; o && o->name; o++) {
		char *dashed = xmalloc(strlen(o->name) + 3);

		sprintf(dashed, "--%s", o->name);
		names[n++] = dashed;
	}
	if (ambiguous) {
		struct sbuf which = SBUF_INIT;

		for (n = 0, o = opts; o && o->name; n++, o++)
			if (strncmp(o->name, word + 2, len) == 0)
				sb_addf(&which, "%s%s", which.len ? ", " : "",
				    names[n]);
		rc = usage_error(usage, "option '%s' is ambiguous: %s", word,
		    which.buf);
		sb_release(&which);
	} else {
		rc = usage_error(usage, "'%s' is not an option%s", word,
		    sb_hint(&sb, word, names, 0));
	}
	sb_release(&sb);
	for (n = 0; names[n]; n++)
		free((char *)names[n]);
	free(names);
	return rc;
}

int
usage_option(const char *usage, const struct option *opts,
    char *const *argv)
{
	const char *arg = argv[optind - 1], *eq;
	const struct option *o, *found;
	char *word;
	size_t len;
	int rc, nfound = 0;

	/* A short option: getopt names it in optopt, and argv[optind - 1]
	 * need not be it (inside "-xq", optind has not moved on).  A long
	 * option refused for its value names it in optopt too, and is the
	 * word before optind. */
	if (optopt != 0 && !long_named(arg, opts, optopt)) {
		for (o = opts; o && o->name; o++)
			if (o->val == optopt && o->has_arg == required_argument)
				return usage_error(usage, "option '-%c' needs a "
				    "value", optopt);
		return usage_error(usage, "'-%c' is not an option", optopt ?
		    optopt : '?');
	}
	/* Every command answers --version, as muster does. */
	if (strcmp(arg, "--version") == 0) {
		printf("muster %s\n", VERSION);
		return 0;
	}
	eq = strchr(arg + 2, '=');
	len = eq ? (size_t)(eq - arg - 2) : strlen(arg + 2);
	/* The option meant: its whole name, or the only one it begins, as
	 * getopt_long takes it. */
	found = NULL;
	for (o = opts; o && o->name; o++) {
		if (strlen(o->name) == len &&
		    strncmp(o->name, arg + 2, len) == 0) {
			found = o;
			nfound = 1;
			break;
		}
		if (len && strncmp(o->name, arg + 2, len) == 0) {
			found = o;
			nfound++;
		}
	}
	if (nfound == 1) {
		if (eq && found->has_arg == no_argument)
			return usage_error(usage, "option '--%s' takes no value",
			    found->name);
		return usage_error(usage, "option '--%s' needs a value",
		    found->name);
	}
	word = xstrndup(arg, len + 2);
	rc = unknown_option(usage, opts, word, nfound > 1);
	free(word);
	return rc;
}

int
usage_kind(const char *usage, const char *system, const char *kind,
    const struct game **g, const struct kind **k)
{
	const struct game *const *gp;
	const struct kind *const *kp;
	struct sbuf sb = SBUF_INIT;
	const char *names[64];
	size_t n = 0;
	int rc = 0;

	if ((*g = game_find(system)) == NULL) {
		for (gp = games; *gp && n < NELEM(names) - 1; gp++)
			names[n++] = (*gp)->name;
		names[n] = NULL;
		rc = usage_error(usage, "'%s' is not a system%s", system,
		    sb_hint(&sb, system, names, 1));
	} else if ((*k = kind_find(*g, kind)) == NULL) {
		for (kp = (*g)->kinds; *kp && n < NELEM(names) - 1; kp++)
			names[n++] = (*kp)->name;
		names[n] = NULL;
		rc = usage_error(usage, "'%s' is not a kind of %s%s", kind,
		    (*g)->name, sb_hint(&sb, kind, names, 1));
	}
	sb_release(&sb);
	return rc;
}
