/*
 * record.h -- one card face as named text fields: what a game system
 * hands to the layout.
 *
 * Systems know their game and nothing of PDF; templates know PDF and
 * nothing of any game.  A record is the meeting point: the system sets
 * fields such as "name" or "dv.E.fb", a template element prints
 * "{dv.E.fb}".  A list is one field whose items are separated by
 * newlines.  Fields are copied in; the record owns them.
 */
#ifndef MUSTER_RECORD_H
#define MUSTER_RECORD_H

#include "util.h"

struct node;

struct record;

/* A new empty record; free it with record_free(). */
struct record *record_new(void);
void record_free(struct record *r);
/* Forgets every field but keeps the memory for the next card. */
void record_clear(struct record *r);

/* Sets a field; a later set of the same key replaces the value (and
 * forgets its place, below). */
void rec_set(struct record *r, const char *key, const char *val);
void rec_setf(struct record *r, const char *key, const char *fmt, ...)
    ATTR_PRINTF(3, 4);
/* The field's value, or NULL when the record has no such field. */
const char *rec_get(const struct record *r, const char *key);
/* Calls fn for each field name (for "did you mean" on unknown fields). */
size_t rec_keys(const struct record *r, const char **out, size_t max);

/*
 * Where a field's value was written, when the user wrote it (a YAML
 * node, a cell of a CSV file): messages about what the value names (an
 * image) point there, and a path in it is relative to that file's
 * folder.  Set after rec_set() of the key; file is copied.  Nothing
 * happens when the record has no such field.
 */
void rec_set_place(struct record *r, const char *key, const char *file,
    int line, int col);
/* The field's file, with *line and *col; NULL when the field has no
 * place (a value the game computed) or there is no such field. */
const char *rec_place(const struct record *r, const char *key, int *line,
    int *col);

/*
 * What the card is, for messages about it and for the layout: the
 * card's name as a player would say it, and where it was defined.  The
 * strings are copied.
 */
void rec_label(struct record *r, const char *label, const struct node *at);
/* The same at an explicit place (a row of a CSV file); file copied. */
void rec_label_at(struct record *r, const char *label, const char *file,
    int line, int col);
const char *rec_label_text(const struct record *r);
const char *rec_file(const struct record *r);
int rec_line(const struct record *r);
int rec_col(const struct record *r);

/*
 * The template that prints this card, when its document names one
 * (system: cards): a built-in template's name, or a path relative to
 * the folder of file (the document).  Both copied; record_clear()
 * forgets them.  rec_template() gives the name (NULL when none) and
 * *file.
 */
void rec_set_template(struct record *r, const char *name, const char *file);
const char *rec_template(const struct record *r, const char **file);

#endif
