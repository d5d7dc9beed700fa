/*
 * starter.h -- what `muster new` prints or writes.  A kind's starter
 * (struct kind) is one document, or, for a kind whose documents name a
 * file of their own (a deck's data:), three parts split by form feeds:
 * the document printed alone (it passes check by itself), the document
 * written with -o (where "@DATA@" stands for its companion file's name,
 * "@FILE@" for its own and "@STEM@" for its own without extension),
 * and the companion, "EXT\n" then its text.
 */
#ifndef MUSTER_STARTER_H
#define MUSTER_STARTER_H

#include <stdio.h>

/* Prints the starter's first document, after head (a comment line). */
void starter_print(FILE *out, const char *head, const char *text);
/*
 * Writes the starter to file (and its companion beside it, named as
 * file with the companion's extension), never over an existing file;
 * prints one line per file written.  Returns the exit status: 0, or 2
 * after saying what could not be written.
 */
int starter_write(const char *file, const char *head, const char *text);

/*
 * `muster new SYSTEM template`: the game's template to start from, a
 * file of the template folders (starters/SYSTEM-template.yaml), printed
 * or written to file (NULL: printed).  -1 when the game ships none.
 */
int starter_template(const char *system, const char *file);
/*
 * `muster new TEMPLATE`: a template that extends the built-in one of
 * that name, with each of its elements named in a comment and an
 * override to copy; printed or written to file.  -1 when there is no
 * such template (nothing said), else the exit status.
 */
int starter_restyle(const char *name, const char *file);

#endif
