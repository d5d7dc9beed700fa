/*
 * usage.c -- misuse of a command: one line, and where the help is.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "usage.h"
#include "system.h"

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
