/*
 * probe.c -- see probe.h.  The template a card prints with is found as
 * render finds it (cmd_render.c's template_for() and emit_one()): the
 * one the card's document names, else its product's built-in one.
 */
#include "probe.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "catalog.h"
#include "deps.h"
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

/*
 * The characters past ASCII that muster itself may write into a card's
 * fields (its games' signs, suits and rules words): every one in src/,
 * comments too (tests/layers.sh holds this list to the sources).  What
 * else a card's text holds is the user's, from the files its document
 * was read from, or ASCII (numbers).
 */
static const char muster_writes[] = "°±·×ä–…−≋♠♣♥♦";

/* A document whose nodes, aliases counted, pass this is not scanned:
 * its cards are made and asked. */
#define SCAN_MAX_NODES 100000

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
	/*
	 * The characters past printable ASCII and the line break that a
	 * card's text may hold: muster's own and those of every other file
	 * read for a document so far (a base unit, a CSV file: read once a
	 * run, so kept), cs[0] to cs[nrun - 1]; then this document's.
	 * bad: one is not UTF-8 or holds a NUL (badrun: one of the files),
	 * or the document is too large to scan: its cards are made.
	 */
	long *cs;
	size_t ncs, capcs, nrun;
	int bad, badrun;
};

struct emit_ctx {
	struct checkprobe *cp;
	const struct product *p;
	const struct template *t;	/* the product's own, or NULL */
};

/* Notes c, a character a card may hold, once. */
static void
add_char(struct checkprobe *cp, long c)
{
	size_t i;

	if (c < 0) {
		cp->bad = 1;
		return;
	}
	if ((c >= 0x20 && c < 0x7f) || c == '\n')
		return;
	for (i = 0; i < cp->ncs; i++)
		if (cp->cs[i] == c)
			return;
	if (cp->ncs == cp->capcs) {
		cp->capcs = cp->capcs ? cp->capcs * 2 : 32;
		cp->cs = xrealloc(cp->cs, cp->capcs * sizeof(*cp->cs));
	}
	cp->cs[cp->ncs++] = c;
}

/* The characters of text (n bytes) a card may hold. */
static void
add_text(struct checkprobe *cp, const char *text, size_t n)
{
	const char *s = text, *end = text + n;

	while (s < end) {
		if (*s >= 0x20 && *s < 0x7f) {
			s++;
			continue;
		}
		/* A NUL inside: no character render prints either. */
		if (*s == '\0') {
			cp->bad = 1;
			s++;
			continue;
		}
		add_char(cp, utf8_next(&s));
	}
}

/* The text of a document as read: every scalar's, keys' too (a deck's
 * cards name their own fields), but a whole number's. */
static void
add_node(struct checkprobe *cp, const struct node *n)
{
	size_t i, nk;

	if (n == NULL || n->type == N_SCALAR) {
		if (n && !n->whole && n->str)
			add_text(cp, n->str, n->len);
		return;
	}
	nk = n->type == N_MAP ? 2 * n->n : n->n;
	for (i = 0; i < nk; i++)
		add_node(cp, n->kid[i]);
}

/*
 * The files read for this document besides its own (deps.h): what a
 * card may hold of them.  A picture holds no text; a file that cannot
 * be read (again) gave the document nothing, and it was told there.
 */
static void
add_files(struct checkprobe *cp, const char *self)
{
	const char *const *v;
	size_t n, i, len;
	char *buf;
	struct stat st;

	v = deps_list(&n);
	for (i = 0; i < n; i++) {
		if (self && strcmp(v[i], self) == 0)
			continue;
		if (read_regular(v[i], DOC_MAX_BYTES, &buf, &len, &st) !=
		    READ_OK)
			continue;
		if (!(len >= 8 && memcmp(buf, "\x89PNG\r\n\x1a\n", 8) == 0) &&
		    !(len >= 3 && memcmp(buf, "\xff\xd8\xff", 3) == 0))
			add_text(cp, buf, len);
		free(buf);
	}
	deps_clear();
}

struct checkprobe *
checkprobe_new(void)
{
	struct checkprobe *cp = xcalloc(1, sizeof(*cp));
	const char *s = muster_writes;

	cp->pr = probe_new();
	cp->rec = record_new();
	while (*s)
		add_char(cp, utf8_next(&s));
	cp->nrun = cp->ncs;
	/* The files each document is read from (deps.h). */
	deps_record(1);
	return cp;
}

void
checkprobe_free(struct checkprobe *cp)
{
	if (cp == NULL)
		return;
	probe_free(cp->pr);
	record_free(cp->rec);
	free(cp->cs);
	deps_record(0);
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

	/* What this document's cards may hold: the other files' read for
	 * it (kept: a file is read once a run), and its own text. */
	cp->ncs = cp->nrun;
	cp->bad = cp->badrun;
	add_files(cp, ld->root ? ld->root->file : NULL);
	cp->nrun = cp->ncs;
	cp->badrun = cp->bad;
	if (ld->kind == NULL || ld->obj == NULL)
		return;
	if (ld->root && ld->root->weight <= SCAN_MAX_NODES)
		add_node(cp, ld->root);
	else
		cp->bad = 1;
	for (p = ld->kind->products; p && p->name; p++) {
		ec.cp = cp;
		ec.p = p;
		ec.t = product_template(cp, p, ld->root);
		/* Its cards would open nothing new, nor hold a character a
		 * font lacks: not made. */
		if (ec.t && !cp->bad && !names_template(cp, ld->kind) &&
		    probe_text_idle(cp->pr, ec.t, cp->cs, cp->ncs))
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
