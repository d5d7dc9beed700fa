/*
 * probe.c -- see probe.h.  The template a card prints with is found as
 * render finds it (cmd_render.c's template_for() and emit_one()): the
 * one the card's document names, else its product's built-in one.
 */
#include "probe.h"

#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "doc.h"
#include "layout/probe.h"
#include "record.h"
#include "schema.h"
#include "system.h"
#include "util.h"

/* The last products' built-in templates found, and whether the last
 * kind names its own: every document of a folder of one game's units
 * asks the same (a lookup by name, and a walk of the kind's keys). */
#define KEPT_TEMPLATES 8

struct checkprobe {
	struct probe *pr;
	struct record *rec;
	struct kept_template {
		const struct product *p;
		const struct template *t;
	} kept[KEPT_TEMPLATES];
	int nkept;
	const struct kind *kind;
	int names;
};

struct emit_ctx {
	struct checkprobe *cp;
	const struct product *p;
	const struct template *t;	/* the product's own, or NULL */
};

struct checkprobe *
checkprobe_new(void)
{
	struct checkprobe *cp = xcalloc(1, sizeof(*cp));

	cp->pr = probe_new();
	cp->rec = record_new();
	return cp;
}

void
checkprobe_free(struct checkprobe *cp)
{
	if (cp == NULL)
		return;
	probe_free(cp->pr);
	record_free(cp->rec);
	free(cp);
}

static void
probe_one(struct emitter *e, int copies)
{
	struct emit_ctx *ec = e->ctx;
	const struct template *t = ec->t;
	const char *name, *file;

	(void)copies;
	if ((name = rec_template(e->rec, &file)) != NULL)
		/* Told by the document's rules when it cannot be used. */
		t = catalog_template(name, file, NULL, NULL,
		    ec->p->type->name);
	if (t)
		probe_card(ec->cp->pr, t, e->rec);
}

/* Whether documents of kind k can name the template they print with. */
static int
names_template(struct checkprobe *cp, const struct kind *k)
{
	const struct skey *s;

	if (cp->kind == k)
		return cp->names;
	cp->kind = k;
	cp->names = 0;
	for (s = k->keys; s && s->name; s++)
		if (strcmp(s->name, "template") == 0)
			cp->names = 1;
	return cp->names;
}

/*
 * p's built-in template, as catalog_template() finds it.  One found is
 * kept: the catalog keeps it to its release, after the probe's, and
 * finds it again with nothing told; one not found is asked again, to be
 * told at each document, at its first line (root).
 */
static const struct template *
product_template(struct checkprobe *cp, const struct product *p,
    const struct node *root)
{
	const struct template *t;
	int i;

	for (i = 0; i < cp->nkept; i++)
		if (cp->kept[i].p == p)
			return cp->kept[i].t;
	t = catalog_template(p->tmpl, root ? root->file : NULL, root,
	    "template.invalid", p->type->name);
	if (t && cp->nkept < KEPT_TEMPLATES) {
		cp->kept[cp->nkept].p = p;
		cp->kept[cp->nkept++].t = t;
	}
	return t;
}

void
checkprobe_document(struct loaded *ld, void *ctx)
{
	struct checkprobe *cp = ctx;
	const struct product *p;
	struct emit_ctx ec;
	struct emitter em;

	if (ld->kind == NULL || ld->obj == NULL)
		return;
	for (p = ld->kind->products; p && p->name; p++) {
		ec.cp = cp;
		ec.p = p;
		ec.t = product_template(cp, p, ld->root);
		/* Its cards would open nothing new: not made. */
		if (ec.t && probe_card_idle(cp->pr, ec.t) &&
		    !names_template(cp, ld->kind))
			continue;
		em.rec = cp->rec;
		em.card = probe_one;
		em.ctx = &ec;
		p->emit(ld->obj, &em);
	}
}

void
checkprobe_template(struct checkprobe *cp, const struct template *t)
{
	probe_template(cp->pr, t);
}
