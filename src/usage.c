/*
 * usage.c -- misuse of a command: what is wrong, then its usage.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "usage.h"

int
usage_error(const char *usage, const char *fmt, ...)
{
	const char *end = strstr(usage, "\n\n"), *cmd;
	size_t n;
	va_list ap;

	fputs("muster: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	/* The synopsis, not the whole help: the message stays in sight. */
	fwrite(usage, 1, end ? (size_t)(end - usage) + 1 : strlen(usage),
	    stderr);
	if (end && strncmp(usage, "usage: muster ", 14) == 0) {
		cmd = usage + 14;
		n = strcspn(cmd, " \n");
		if (*cmd == '[' || *cmd == '-')
			n = 0;	/* muster's own usage */
		fprintf(stderr, "'muster %.*s%s--help' tells more\n", (int)n,
		    cmd, n ? " " : "");
	}
	return 2;
}
