/*
 * cmd.h -- the subcommands, one file each (cmd_*.c).  Each takes its
 * argv (argv[0] is the command's name), parses its options with
 * getopt_long, and returns the exit status: 0 success, 1 input errors,
 * 2 usage, I/O or internal errors (SPEC section 2).
 */
#ifndef MUSTER_CMD_H
#define MUSTER_CMD_H

#include <stdio.h>

int cmd_check(int argc, char **argv);
int cmd_render(int argc, char **argv);
int cmd_templates(int argc, char **argv);
int cmd_odds(int argc, char **argv);
int cmd_resolve(int argc, char **argv);

/* Usage texts, printed by --help (stdout) and on misuse (stderr). */
extern const char usage_check[], usage_render[], usage_templates[];
extern const char usage_odds[], usage_resolve[];

/* Prints "muster: MESSAGE" and the usage to stderr; returns 2. */
int usage_error(const char *usage, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
