/*
 * catalog.h -- the games' products and record types as the vocabulary a
 * template is checked against (struct vocab, layout/template.h), and
 * the templates documents name for their own cards.  Where the game
 * layer meets the template layer, for the commands that use both;
 * neither layer knows the other.
 */
#ifndef MUSTER_CATALOG_H
#define MUSTER_CATALOG_H

#include "layout/template.h"

struct batch;
struct node;

extern const struct vocab catalog_vocab;

/*
 * The template a document names for its cards (system: cards): a
 * built-in template's name, or a path relative to the folder of file.
 * Loaded once a command, however many documents and cards name it; it
 * must render record type type.  NULL when it cannot be used: the
 * problem is reported at at under rule (the template's own problems at
 * its file), or, when at is NULL, at file; not at all when rule is NULL
 * (a second look at a template told of already).  Owned by the catalog until
 * catalog_release().
 */
const struct template *catalog_template(const char *name, const char *file,
    const struct node *at, const char *rule, const char *type);
/* Lends the games of batch b what they may ask of templates (system.h's
 * batch_set_fields()), for the command's run. */
void catalog_attach(struct batch *b);
/* Frees the templates loaded for documents. */
void catalog_release(void);

#endif
