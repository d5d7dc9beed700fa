/*
 * usage.h -- misuse of a command: one line saying what is wrong, and
 * where the help is.
 */
#ifndef MUSTER_USAGE_H
#define MUSTER_USAGE_H

#include "util.h"

/* Prints "muster: MESSAGE" and "see 'muster COMMAND --help'" to stderr,
 * COMMAND taken from the usage text's first line; returns 2. */
int usage_error(const char *usage, const char *fmt, ...) ATTR_PRINTF(2, 3);

struct game;
struct kind;
/*
 * The game and kind that "SYSTEM KIND" name (`muster schema`, `muster
 * new`): 0, or a usage error with a "did you mean" (2).
 */
int usage_kind(const char *usage, const char *system, const char *kind,
    const struct game **g, const struct kind **k);

#endif
