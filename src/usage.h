/*
 * usage.h -- misuse of a command: one line saying what is wrong, and
 * where the help is.
 */
#ifndef MUSTER_USAGE_H
#define MUSTER_USAGE_H

#include <getopt.h>

#include "util.h"

/* Prints "muster: MESSAGE" and "see 'muster COMMAND --help'" to stderr,
 * COMMAND taken from the usage text's first line; returns 2. */
int usage_error(const char *usage, const char *fmt, ...) ATTR_PRINTF(2, 3);
/*
 * What getopt_long (run with opterr 0, as main sets it) refused in argv:
 * an unknown option, with a "did you mean" among opts, a missing value
 * or a value given to an option that takes none; as usage_error.
 */
int usage_option(const char *usage, const struct option *opts,
    char *const *argv);

struct game;
struct kind;
/*
 * The game and kind that "SYSTEM KIND" name (`muster schema`, `muster
 * new`): 0, or a usage error with a "did you mean" (2).
 */
int usage_kind(const char *usage, const char *system, const char *kind,
    const struct game **g, const struct kind **k);

#endif
