/*
 * usage.h -- misuse of a command: what is wrong, then its usage.
 */
#ifndef MUSTER_USAGE_H
#define MUSTER_USAGE_H

#include "util.h"

/* Prints "muster: MESSAGE" and the usage to stderr; returns 2. */
int usage_error(const char *usage, const char *fmt, ...) ATTR_PRINTF(2, 3);

#endif
