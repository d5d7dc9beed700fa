/*
 * doc_syntax_impl.h -- what doc_syntax.c (the lines of a file, the
 * faults of keys, values and brackets, and the choice among them) shares
 * with doc_syntax_doc.c (the faults of a document as a whole: its
 * directives, "---" and "...", the line it begins with, its list items
 * and block headers): the text and the place of a fault, the helpers
 * that read a line as a person does, and the words for each fault.
 * Private to those two files; the rest of muster uses doc_syntax.h.
 */
#ifndef MUSTER_DOC_SYNTAX_IMPL_H
#define MUSTER_DOC_SYNTAX_IMPL_H

#include <stddef.h>

struct sbuf;
struct yaml_fault;

/* The lines of the text, found on demand. */
struct text {
	const char *buf;
	size_t len;
};

/* Where a fault sits: libyaml's phrase (pr), the fault, its line s (l
 * bytes, indented ind) and where the plain words go. */
struct site {
	const struct text *t;
	const char *pr;
	const struct yaml_fault *f;
	const char *s;
	size_t l;
	int ind;
	struct sbuf *out;
	int *line, *col;
};

/* How many lines syn_prev_line() and a walk back like it look at. */
#define SYN_LOOK_BACK	500

/* A line's helpers (doc_syntax.c); each is told above its definition.
 * A line is s, l bytes without its line break. */
int syn_line_at(const struct text *t, int n, const char **s, size_t *l);
int syn_prev_line(const struct text *t, int n, const char **s, size_t *l);
int syn_indent_of(const char *s, size_t l);
int syn_blank(const char *s, size_t l);
void syn_name_line(struct sbuf *sb, const char *s, size_t l);
int syn_has_value(const char *s, size_t l);
size_t syn_byte_of_col(const char *s, size_t l, int col);
int syn_key_line(const char *s, size_t l);
int syn_item_line(const char *s, size_t l);
int syn_marker(const char *s, size_t l, const char *m);

/* The words for the faults of a document (doc_syntax_doc.c): each puts
 * them in w->out and the place in *w->line, *w->col and returns 1, or
 * returns 0 when the fault is not its own (w->out untouched). */
int syn_yaml_version(const struct site *w);
int syn_directive_twice(const struct site *w);
int syn_no_document_start(const struct site *w);
int syn_bad_directive(const struct site *w);
int syn_block_header(const struct site *w);
int syn_not_an_item(const struct site *w);
int syn_end_before_start(const struct site *w);
int syn_empty_item(const struct site *w);

#endif
