/*
 * layout/probe.c -- see probe.h.  A picture's path is found as
 * draw_image() (layout.c) finds it: from a field, relative to the file
 * the field's value was written in and told there; fixed, relative to
 * the template and told at its image: key.
 */
#include "probe.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../diag.h"
#include "../pdf/imgprobe.h"
#include "../pdf/pdf.h"
#include "../record.h"
#include "../util.h"
#include "template.h"

struct probe {
	struct pdf *pdf;	/* fonts are loaded into it, as render does */
	char **seen;		/* "what\tplace" already told or found good */
	size_t nseen, capseen;
	/* Templates probe_card() has nothing more to open for. */
	const struct template **idle;
	size_t nidle, capidle;
};

struct probe *
probe_new(void)
{
	return xcalloc(1, sizeof(struct probe));
}

void
probe_free(struct probe *pr)
{
	size_t i;

	if (pr == NULL)
		return;
	for (i = 0; i < pr->nseen; i++)
		free(pr->seen[i]);
	free(pr->seen);
	free(pr->idle);
	if (pr->pdf)
		pdf_free(pr->pdf);
	free(pr);
}

/* Whether tag was seen before; notes it if not.  A linear list: a run
 * meets a few dozen fonts and pictures. */
static int
seen(struct probe *pr, const char *tag)
{
	size_t i;

	for (i = 0; i < pr->nseen; i++)
		if (strcmp(pr->seen[i], tag) == 0)
			return 1;
	if (pr->nseen == pr->capseen) {
		pr->capseen = pr->capseen ? pr->capseen * 2 : 32;
		pr->seen = xrealloc(pr->seen, pr->capseen * sizeof(char *));
	}
	pr->seen[pr->nseen++] = xstrdup(tag);
	return 0;
}

/* The fonts of t, each pattern once a place. */
static void
probe_fonts(struct probe *pr, const struct template *t)
{
	struct sbuf tag = SBUF_INIT;
	const char *why, *subst;
	int i;

	for (i = 0; i < t->nfonts; i++) {
		const struct font_spec *f = &t->fonts[i];

		sb_reset(&tag);
		sb_addf(&tag, "font\t%s\t%s:%d:%d", f->pattern, f->at.file,
		    f->at.line, f->at.col);
		if (seen(pr, tag.buf))
			continue;
		if (pr->pdf == NULL)
			pr->pdf = pdf_new_finder();
		if (pdf_font(pr->pdf, f->pattern, &why, &subst) < 0)
			diag_at(L_ERROR, "render.font", f->at.file, f->at.line,
			    f->at.col, "font '%s' (%s) cannot be used: %s",
			    f->pattern, f->key, why);
		else if (subst)
			diag_at(L_WARNING, "render.font", f->at.file,
			    f->at.line, f->at.col, "font '%s' is not "
			    "installed; fontconfig gives '%s' instead: install "
			    "it, or name an installed family ('fc-list : "
			    "family' lists them)", f->pattern, subst);
	}
	sb_release(&tag);
}

/* Whether an element is drawn for r (its when: and unless:). */
static int
drawn(const struct elem *e, const struct record *r, struct sbuf *sb)
{
	if (e->when.n) {
		sb_reset(sb);
		fmt_expand(&e->when, r, sb, NULL);
		if (sb->len == 0)
			return 0;
	}
	if (e->unless.n) {
		sb_reset(sb);
		fmt_expand(&e->unless, r, sb, NULL);
		if (sb->len != 0)
			return 0;
	}
	return 1;
}

/* The picture e places for r (NULL: only a fixed one), told once a place
 * and file. */
static void
probe_image(struct probe *pr, const struct template *t,
    const struct elem *e, const struct record *r)
{
	struct sbuf path = SBUF_INIT, tag = SBUF_INIT;
	const char *field = NULL, *at, *near;
	char beside[PATH_MAX], why[512], nb[PATH_MAX];
	unsigned long w, h;
	int i, line, col;

	for (i = 0; i < e->text.n && field == NULL; i++)
		field = e->text.seg[i].field;
	if (field && r == NULL)
		return;
	if (r) {
		if (!drawn(e, r, &path))
			goto out;
		sb_reset(&path);
	}
	fmt_expand(&e->text, r, &path, NULL);
	if (path.len == 0)
		goto out;
	if (field == NULL) {
		at = e->src;
		line = e->src_line;
		col = e->src_col;
	} else if ((at = rec_place(r, field, &line, &col)) == NULL) {
		at = rec_file(r);
		line = rec_line(r);
		col = rec_col(r);
	}
	if (at == NULL) {
		at = t->file;
		line = col = 0;
	}
	path_beside(at, path.buf, beside, sizeof(beside));
	sb_addf(&tag, "image\t%s\t%s:%d:%d", beside, at, line, col);
	if (seen(pr, tag.buf) || img_probe(beside, &w, &h, why,
	    sizeof(why)) == 0)
		goto out;
	/* A name near a missing file's: what a misspelling needs. */
	near = access(beside, F_OK) != 0 ? img_nearest(beside, path.buf, nb,
	    sizeof(nb)) : NULL;
	if (r && field)
		diag_at(L_ERROR, "render.image", at, line, col, "card '%s': "
		    "image '%s' %s%s%s%s", rec_label_text(r), path.buf, why,
		    near ? "; did you mean '" : "", near ? near : "",
		    near ? "'?" : "");
	else
		diag_at(L_ERROR, "render.image", at, line, col, "element '%s': "
		    "image '%s' %s%s%s%s", e->name ? e->name : "image",
		    path.buf, why,
		    near ? "; did you mean '" : "", near ? near : "",
		    near ? "'?" : "");
out:
	sb_release(&path);
	sb_release(&tag);
}

static void
probe_faces(struct probe *pr, const struct template *t,
    const struct record *r)
{
	int i;

	for (i = 0; i < t->nfront; i++)
		if (t->front[i].type == EL_IMAGE)
			probe_image(pr, t, &t->front[i], r);
	for (i = 0; i < t->nback; i++)
		if (t->back[i].type == EL_IMAGE)
			probe_image(pr, t, &t->back[i], r);
}

void
probe_template(struct probe *pr, const struct template *t)
{
	probe_fonts(pr, t);
	probe_faces(pr, t, NULL);
}

void
probe_card(struct probe *pr, const struct template *t,
    const struct record *r)
{
	int i;

	probe_fonts(pr, t);
	probe_faces(pr, t, r);
	/* Its fonts are seen now: without a picture it is done. */
	for (i = 0; i < t->nfront; i++)
		if (t->front[i].type == EL_IMAGE)
			return;
	for (i = 0; i < t->nback; i++)
		if (t->back[i].type == EL_IMAGE)
			return;
	if (probe_card_idle(pr, t))
		return;
	if (pr->nidle == pr->capidle) {
		pr->capidle = pr->capidle ? pr->capidle * 2 : 8;
		pr->idle = xrealloc(pr->idle, pr->capidle * sizeof(*pr->idle));
	}
	pr->idle[pr->nidle++] = t;
}

int
probe_card_idle(struct probe *pr, const struct template *t)
{
	size_t i;

	for (i = 0; i < pr->nidle; i++)
		if (pr->idle[i] == t)
			return 1;
	return 0;
}
