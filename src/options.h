/*
 * options.h -- a command's options as one declarative table, after git's
 * parse-options: each row names an option (long name, short letter),
 * the kind of value it takes, where the value goes (an offset into the
 * command's own struct of settings), its help and what completion
 * offers for it.  From the one table come the parsing (opt_parse), the
 * option lines of `--help`, shell completion (cmd_complete.c) and the
 * man page check (tests/man.sh reads the tables through completion).
 *
 * Every command takes --help (-h) without a row.  An option that takes
 * a value may be given once: a second one is a usage error, never a
 * silent choice of the last; a list (OPT_LIST) is the one option given
 * again for more.  Numbers are whole decimal numbers and nothing else:
 * no blank, sign '+', fraction or trailing letter.
 */
#ifndef MUSTER_OPTIONS_H
#define MUSTER_OPTIONS_H

#include <stddef.h>
#include <unistd.h>	/* optind: where opt_parse leaves the operands */

enum opt_kind {
	OPT_END,
	OPT_FLAG,	/* no value: sets the int to lo */
	OPT_STRING,	/* the value itself, a const char * */
	OPT_INT,	/* a whole number from lo to hi, into an int */
	OPT_CHOICE,	/* one of values, its index into an int */
	OPT_LIST	/* again for more: each value, into a struct opt_list */
};

/* An OPT_LIST's values in the order given (v NULL when none); the
 * command frees v (opt_list_free), also after a usage error. */
struct opt_list {
	const char **v;
	int n;
};
void opt_list_free(struct opt_list *l);

/* What shell completion offers for an option's value, beside values. */
enum opt_complete {
	OPT_C_NONE,	/* a number or a name: nothing */
	OPT_C_FILES,	/* YAML files and folders */
	OPT_C_PDF,	/* a PDF */
	OPT_C_DIR,	/* a folder */
	OPT_C_TEMPLATE,	/* a built-in template's name, or a file */
	OPT_C_PRODUCT	/* a product's name */
};

/* Row flags. */
#define OPT_HIDDEN	1	/* not in --help (documented in the manual) */
#define OPT_COMMAS	2	/* names joined by commas: once, and said so */
#define OPT_OPTARG	4	/* OPT_STRING: the value is optional, only as
				 * --name=V; a bare --name stands for what
				 * (--spread, --spread=1); help "--name[=A]" */

struct opt {
	enum opt_kind kind;
	int short_name;		/* 'o', or 0 */
	const char *name;	/* "output": --output */
	size_t off;		/* where in the command's struct */
	const char *argh;	/* "FILE.pdf" in the help; NULL: no value */
	const char *help;	/* its lines in --help, '\n' between */
	const char *const *values;	/* OPT_CHOICE's; completion's */
	int lo, hi;		/* OPT_INT's range; OPT_FLAG's value (lo) */
	const char *what;	/* OPT_INT: "a whole number" by default;
				 * OPT_CHOICE: words after the list;
				 * OPT_OPTARG: the value of a bare --name */
	enum opt_complete complete;
	int flags;		/* OPT_HIDDEN, OPT_COMMAS */
};

/*
 * A command's options and the text of its --help around them: head (the
 * usage lines and what it does, to a blank line), the option lines from
 * the table, help beginning at column col, then tail (NULL: nothing).
 * head's first line names the command, for usage errors.
 */
struct cmd_opts {
	const char *head;
	const struct opt *opts;	/* ended by an OPT_END row */
	int col;
	const char *tail;
};

#define OPT_ROW_END { OPT_END, 0, NULL, 0, NULL, NULL, NULL, 0, 0, NULL, \
	OPT_C_NONE, 0 }
/* The usual rows: T is the command's struct of settings, F a field. */
#define OPT_FLAG_(s, l, T, F, v, h) { OPT_FLAG, (s), (l), offsetof(T, F), \
	NULL, (h), NULL, (v), 0, NULL, OPT_C_NONE, 0 }
#define OPT_STRING_(s, l, T, F, a, h, vals, c) { OPT_STRING, (s), (l), \
	offsetof(T, F), (a), (h), (vals), 0, 0, NULL, (c), 0 }
#define OPT_INT_(s, l, T, F, a, h, lo, hi, what) { OPT_INT, (s), (l), \
	offsetof(T, F), (a), (h), NULL, (lo), (hi), (what), OPT_C_NONE, 0 }
#define OPT_CHOICE_(s, l, T, F, a, h, vals, what) { OPT_CHOICE, (s), (l), \
	offsetof(T, F), (a), (h), (vals), 0, 0, (what), OPT_C_NONE, 0 }
#define OPT_LIST_(s, l, T, F, a, h, c) { OPT_LIST, (s), (l), \
	offsetof(T, F), (a), (h), NULL, 0, 0, NULL, (c), 0 }
/* An OPT_STRING whose value is optional: bare, it is dflt. */
#define OPT_OPTARG_(s, l, T, F, a, h, dflt) { OPT_STRING, (s), (l), \
	offsetof(T, F), (a), (h), NULL, 0, 0, (dflt), OPT_C_NONE, OPT_OPTARG }
/* A row not in --help, documented in the manual only. */
#define OPT_HIDDEN_STRING_(s, l, T, F, a, vals, c) { OPT_STRING, (s), (l), \
	offsetof(T, F), (a), NULL, (vals), 0, 0, NULL, (c), OPT_HIDDEN }
#define OPT_HIDDEN_FLAG_(s, l, T, F, v) { OPT_FLAG, (s), (l), \
	offsetof(T, F), NULL, NULL, NULL, (v), 0, NULL, OPT_C_NONE, OPT_HIDDEN }

/*
 * Reads the options of argv (argv[0] the command's name) into base by
 * co's table, as getopt_long does: options and operands in any order,
 * "--" ends the options, a long name may be cut to what is unique, a
 * value given as "--name=V" or "--name V" (and "-oV" or "-o V").
 * Returns -1 with optind at the first operand (operands moved to the
 * end), or the status to exit with: 0 after printing --help, 2 after
 * a usage error.
 */
int opt_parse(const struct cmd_opts *co, int argc, char **argv, void *base);

/* The whole --help text, into a fresh string (for the tests). */
char *opt_help(const struct cmd_opts *co);

/* Whether s is a whole decimal number from lo to hi: an optional '-'
 * and digits only; *out its value.  1 or 0. */
int opt_whole(const char *s, long lo, long hi, long *out);

/* Whether row o takes the next word as its value (an OPT_OPTARG row
 * takes one only after '='). */
int opt_takes_value(const struct opt *o);

#endif
