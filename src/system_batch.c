/*
 * system_batch.c -- the state of one command run across its documents:
 * the claims (a name, an id, a card taken once in a namespace, the
 * first place it was taken kept to be told), the files references have
 * read (system_ref.c), and the count of errors of the document whose
 * rules are running, and what the command lends the games for it (its
 * hooks).  batch_free() frees all of it.
 */
#include "system_impl.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "doc.h"
#include "util.h"

void
batch_set_rendering(struct batch *b)
{
	b->rendering = 1;
}

int
batch_rendering(const struct batch *b)
{
	return b && b->rendering;
}

int
batch_doc_errors(const struct batch *b)
{
	return b && b->in_doc ? diag_raised(L_ERROR) - b->doc_before : 0;
}

struct batch *
batch_new(void)
{
	return xcalloc(1, sizeof(struct batch));
}

void
batch_free(struct batch *b)
{
	struct claim *c, *next;
	struct ref *r, *rnext;
	size_t i;

	if (b == NULL)
		return;
	for (i = 0; i < NBUCKET; i++)
		for (c = b->bucket[i]; c; c = next) {
			next = c->next;
			free(c->ns);
			free(c->key);
			free((char *)c->at.file);
			free((char *)c->at.what);
			free(c);
		}
	for (r = b->refs; r; r = rnext) {
		rnext = r->next;
		free(r->real);
		free(r->docs);
		arena_free(r->a);
		free(r);
	}
	free(b);
}

/* Whether two paths name one file: the same words, or the same real
 * path ("./a.yaml", "/top/a.yaml", "x/../a.yaml"). */
static int
same_file(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX];

	const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');

	if (strcmp(a, b) == 0)
		return 1;
	/* Two names of one file end alike: most pairs stop here. */
	if (strcmp(sa ? sa + 1 : a, sb ? sb + 1 : b) != 0)
		return 0;
	return realpath(a, ra) && realpath(b, rb) && strcmp(ra, rb) == 0;
}

const struct place *
batch_claim(struct batch *b, const char *ns, const char *key,
    const char *what, const struct node *at)
{
	unsigned h = 5381;
	const char *p;
	struct claim *c;

	for (p = ns; *p; p++)
		h = h * 33 + (unsigned char)*p;
	for (p = key; *p; p++)
		h = h * 33 + (unsigned char)*p;
	h %= NBUCKET;
	for (c = b->bucket[h]; c; c = c->next)
		if (strcmp(c->ns, ns) == 0 && strcmp(c->key, key) == 0)
			/* The same place read again (an input a force also
			 * names, by another path) is the same claim. */
			return at && at->line == c->at.line &&
			    at->col == c->at.col && same_file(at->file,
			    c->at.file) ? NULL : &c->at;
	c = xcalloc(1, sizeof(*c));
	c->ns = xstrdup(ns);
	c->key = xstrdup(key);
	c->at.file = xstrdup(at ? at->file : "");
	c->at.line = at ? at->line : 0;
	c->at.col = at ? at->col : 0;
	c->at.what = xstrdup(what ? what : "");
	c->next = b->bucket[h];
	b->bucket[h] = c;
	return NULL;
}

void
batch_set_foreign(struct batch *b,
    int (*foreign)(const struct node *root, void *arg), void *arg)
{
	b->foreign = foreign;
	b->foreign_arg = arg;
}

void
batch_set_fields(struct batch *b,
    const char *const *(*fields)(const char *name, const struct node *at,
    const char *rule, const char *type, void *arg), void *arg)
{
	b->fields = fields;
	b->fields_arg = arg;
}

const char *const *
batch_template_fields(struct batch *b, const char *name,
    const struct node *at, const char *rule, const char *type)
{
	if (b == NULL || b->fields == NULL)
		return NULL;
	return b->fields(name, at, rule, type, b->fields_arg);
}

void
batch_set_field_at(struct batch *b,
    int (*field_at)(const char *name, const struct node *at,
    const char *type, const char *field, struct place *out, void *arg))
{
	b->field_at = field_at;
}

void
batch_set_icons(struct batch *b,
    int (*icons)(const char *name, const struct node *at, const char *type,
    const char *text, struct sbuf *why, void *arg))
{
	b->icons = icons;
}

int
batch_template_icons(struct batch *b, const char *name,
    const struct node *at, const char *type, const char *text,
    struct sbuf *why)
{
	if (b == NULL || b->icons == NULL)
		return 1;
	return b->icons(name, at, type, text, why, b->fields_arg);
}

int
batch_template_field_at(struct batch *b, const char *name,
    const struct node *at, const char *type, const char *field,
    struct place *out)
{
	if (b == NULL || b->field_at == NULL)
		return 0;
	return b->field_at(name, at, type, field, out, b->fields_arg);
}
