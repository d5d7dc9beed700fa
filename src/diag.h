/*
 * diag.h -- every message muster prints about its input (mandoc_msg.c).
 *
 * A diagnostic has a level, a stable dotted rule id, a place (file, line,
 * column, 1-based) and a message in git's wording: lower case, no full
 * stop, the subject in quotes, what is wrong and what is allowed.
 *
 * Text mode prints them to stderr as FILE:LINE:COL: LEVEL: MESSAGE [RULE],
 * sorted by place within each file when diag_flush() is called; JSON mode
 * keeps them for diag_json().  The exit status is the worst level seen.
 */
#ifndef MUSTER_DIAG_H
#define MUSTER_DIAG_H

#include <stdio.h>

#include "util.h"

struct node;

enum level {
	L_NOTE,
	L_WARNING,
	L_ERROR,	/* an input problem: exit 1 */
	L_FATAL		/* usage, I/O or internal: exit 2, printed as "error" */
};

/* Starts a run; json selects JSON mode.  out is where text goes (stderr). */
void diag_init(int json, FILE *out);
/*
 * How text diagnostics look (SPEC section 2): colour, and each followed
 * by its source line with a caret under the column, as gcc and clang
 * print them.  Set once a run, before diag_init; off by default (piped
 * output stays one line a problem).
 */
void diag_style(int colour, int caret);
/*
 * The text of a file diagnostics may quote (caret mode only: otherwise
 * nothing is kept).  The copy lives until the next diag_flush().
 */
void diag_source(const char *file, const char *buf, size_t len);
/*
 * Quiet (on) drops every diagnostic, uncounted, until set back: for a
 * look ahead at a file whose problems are told when it is read for
 * real.  Returns the setting it replaces.
 */
int diag_quiet(int on);
/* Frees every kept diagnostic and counter. */
void diag_end(void);

void diag(enum level lv, const char *rule, const struct node *at,
    const char *fmt, ...) ATTR_PRINTF(4, 5);
/* As diag, at an explicit place; line 0 means the whole file. */
void diag_at(enum level lv, const char *rule, const char *file, int line,
    int col, const char *fmt, ...) ATTR_PRINTF(6, 7);
void diag_vat(enum level lv, const char *rule, const char *file, int line,
    int col, const char *fmt, va_list ap);

/* Counts one input file for the JSON "files" total. */
void diag_count_file(void);
/* Prints what is pending (text mode), sorted by file, line and column. */
void diag_flush(void);
/* Prints the JSON report of SPEC section 2 to out (JSON mode). */
void diag_json(FILE *out);
/* The same with a command's own members (JSON text such as
 * "\"written\": []") before "diagnostics"; fields NULL: none. */
void diag_json_with(FILE *out, const char *fields);

int diag_count(enum level lv);
/* The same, counting also the problems not told again because they
 * were told before (a file read twice): whether a read found errors. */
int diag_raised(enum level lv);
/* The warnings and errors raised so far at places in file, told or
 * not: a document read from several files (a variant) can tell whether
 * a problem was told at another. */
int diag_raised_in(const char *file);
/* 0, 1 or 2 as SPEC section 2 says; strict makes warnings count. */
int diag_exit_status(int strict);

#endif
