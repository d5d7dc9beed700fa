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

/* Sets a field; a later set of the same key replaces the value. */
void rec_set(struct record *r, const char *key, const char *val);
void rec_setf(struct record *r, const char *key, const char *fmt, ...)
    ATTR_PRINTF(3, 4);
/* The field's value, or NULL when the record has no such field. */
const char *rec_get(const struct record *r, const char *key);
/* Calls fn for each field name (for "did you mean" on unknown fields). */
size_t rec_keys(const struct record *r, const char **out, size_t max);

/*
 * What the card is, for messages about it and for the layout: the
 * card's name as a player would say it, and where it was defined.  The
 * strings are copied.
 */
void rec_label(struct record *r, const char *label, const struct node *at);
const char *rec_label_text(const struct record *r);
const char *rec_file(const struct record *r);
int rec_line(const struct record *r);
int rec_col(const struct record *r);

#endif
