/*
 * report.h -- one writer for a command's result as text and as JSON, so
 * that no figure is in one and missing from the other.
 *
 * A result is written once, as text with its figures in braces:
 *
 *	rp_f(rp, "{attacker:%s} fires at {defender:%s}'s {facing:%s}\n",
 *	    a->name, d->name, "front");
 *
 * In text mode that prints "Mason fires at Bison's front"; in JSON mode
 * it adds "attacker", "defender" and "facing" to the current object and
 * prints none of the words around them.  A figure is {KEY:SPEC} where
 * SPEC is a printf conversion with flags, width and precision and one of
 *
 *	d  an int            s  a string (NULL: JSON null)
 *	c  a char (JSON: a one-letter string)
 *	f  a double          P  a probability: text 100 x p (add " %"),
 *	                        JSON p as it is
 *	b  an int, true or false (JSON only: give its key a '~')
 *	Q  a probability as a struct ratio (util.h): text as P; JSON the
 *	   double to 17 significant digits and, where the ratio is a
 *	   fraction, "KEY_exact": "p/q" beside it (SPEC 5)
 *	R  any number as a struct ratio: text as f; JSON as Q
 *
 * Text never prints a nonzero Q or R as zero: past its precision it
 * falls back to three significant digits ("1.2e-76").
 *
 * A KEY starting with '~' is for JSON only (the text says it in words of
 * its own, such as "point blank"); the KEY "_" is for text only (words
 * that are no figure: a plural's 's'); an empty KEY adds an item to the
 * current list; the KEY "@" takes its key from the argument before the
 * figure's (a string: "{@:%.4Q}", key, p), so that a format stays a
 * literal tests/rp_lint.py can check as -Wformat checks printf's.
 * "{{" and "}}" are literal braces.  JSON numbers are printed with
 * %d, %.6f for f and P, %.17g for Q and R (the exact-number printer:
 * every odds and resolve probability goes through it).
 *
 * rp_open() starts a nested object ('{') or list ('[') under a key (or
 * as a list item when key is NULL); rp_close() ends it.  The root is an
 * object.  Output goes to the FILE as it is written.
 */
#ifndef MUSTER_REPORT_H
#define MUSTER_REPORT_H

#include <stdio.h>

#include "util.h"

struct report;

/* A writer to f, JSON when json is nonzero; free with rp_end(). */
struct report *rp_new(FILE *f, int json);
void rp_f(struct report *rp, const char *fmt, ...);
void rp_open(struct report *rp, const char *key, int bracket);
void rp_close(struct report *rp);
int rp_json(const struct report *rp);
/* Closes what is open (JSON: the root object and a newline), frees rp. */
void rp_end(struct report *rp);

#endif
