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

struct arena;
struct ss_unit;
/* Whole inches, 0 to 10000, into *out; 0 when s is not that. */
int parse_inches(const char *s, long *out);
/* A facing name (front, right, left, rear; back = rear) or -1. */
int parse_facing(const char *s);
/* Weapon rows such as "M,I" as a bit set; 0 when not E M B I S. */
unsigned parse_rows(const char *s);
/* Loads a shellshock card into a; 0, or the exit status after saying
 * why not (1 the file has errors, 2 not a card or unreadable). */
int load_unit(const char *path, struct arena *a, const struct ss_unit **out);

/* Prints "muster: MESSAGE" and the usage to stderr; returns 2. */
int usage_error(const char *usage, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
