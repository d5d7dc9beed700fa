/*
 * usage.c -- misuse of a command: what is wrong, then its usage.
 */
#include <stdarg.h>
#include <stdio.h>

#include "usage.h"

int
usage_error(const char *usage, const char *fmt, ...)
{
	va_list ap;

	fputs("muster: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fputs(usage, stderr);
	return 2;
}
