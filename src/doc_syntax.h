/*
 * doc_syntax.h -- a YAML syntax error in a person's words (SPEC 2):
 * libyaml's phrase ("did not find expected key while parsing a block
 * mapping") turned, by reading the lines around it, into what is wrong
 * ("this line is indented less than 'max_speed' on line 4 and more than
 * 'movement' on line 3"), the place to look, and the likely fix.
 */
#ifndef MUSTER_DOC_SYNTAX_H
#define MUSTER_DOC_SYNTAX_H

#include <stddef.h>

struct sbuf;

/* libyaml's account of a syntax error: its phrases and marks (1-based
 * line and column; cline 0 when it gives no context). */
struct yaml_fault {
	const char *problem, *context;
	int line, col;
	int cline, ccol;
};

/*
 * The plain words for f in the UTF-8 text buf (len bytes) into out, and
 * the place to point at in *line and *col: 1 when the fault is one a
 * person makes (indentation, a tab, a missing space after a colon, an
 * unclosed quote or bracket, a colon or text where YAML does not expect
 * one), 0 when there are none (out untouched).
 */
int yaml_plain_words(const char *buf, size_t len, const struct yaml_fault *f,
    struct sbuf *out, int *line, int *col);

#endif
