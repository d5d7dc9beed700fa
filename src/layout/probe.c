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
#include "layout_impl.h"
#include "template.h"

/*
 * What a template's cards are asked of their text: its fonts' ids in
 * the probe's finder (render prints none of its cards when one cannot
 * be used: ok 0), and the elements that print text, front then back,
 * each with how it is asked (ASK_*).
 */
enum {
	ASK_FIELDS,	/* each card's fields' values, the whole text when
			 * one has a character the font lacks */
	ASK_ALL,	/* its own words have one: each card's whole text */
	ASK_ONCE,	/* the same on every card, and has one: once */
	ASK_NONE	/* the same on every card, and has none */
};

struct tglyph {
	const struct template *t;
	int *fid;
	int ok;
	const struct elem **el;
	unsigned char *ask;
	int nel;
	/* For probe_text_idle(): whether a card is ever needed (a picture,
	 * own words a font lacks on every card: 1), whether every font a
	 * field is printed in has printable ASCII; and the characters past
	 * it asked of those fonts, each with the answer. */
	int needs_card, ascii;
	struct known {
		long c;
		int has;
	} *known;
	size_t nknown, capknown;
};

struct probe {
	struct pdf *pdf;	/* fonts are loaded into it, as render does */
	char **seen;		/* "what\tplace" already told or found good */
	size_t nseen, capseen;
	/* Templates probe_card() has nothing more to open for. */
	const struct template **idle;
	size_t nidle, capidle;
	struct tglyph *tg;
	size_t ntg, captg;
	struct sbuf text;	/* an element's text for one card */
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
	for (i = 0; i < pr->ntg; i++) {
		free(pr->tg[i].fid);
		free(pr->tg[i].el);
		free(pr->tg[i].ask);
		free(pr->tg[i].known);
	}
	free(pr->tg);
	sb_release(&pr->text);
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

/* Whether e prints text: a text element, or a widget that prints its
 * value's pieces as text. */
static int
prints_text(const struct elem *e)
{
	return e->type == EL_TEXT || (e->type == EL_WIDGET &&
	    widget_prints_text(e->widget));
}

/* Whether a fmt's literal text has a character fid lacks. */
static int
lits_lack(struct probe *pr, int fid, const struct fmt *f)
{
	int i;

	sb_reset(&pr->text);
	for (i = 0; i < f->n; i++)
		if (f->seg[i].lit)
			sb_add(&pr->text, f->seg[i].lit, f->seg[i].len);
	return pdf_missing_glyph(pr->pdf, fid, sb_str(&pr->text)) != 0;
}

/* What t's cards were found to be asked, or NULL: not yet. */
static struct tglyph *
tg_find(struct probe *pr, const struct template *t)
{
	size_t k;

	for (k = 0; k < pr->ntg; k++)
		if (pr->tg[k].t == t)
			return &pr->tg[k];
	return NULL;
}

/* t's fonts (probed: told once) and text elements, found once. */
static const struct tglyph *
glyph_setup(struct probe *pr, const struct template *t)
{
	struct tglyph *tg;
	const char *why, *subst;
	char printable[96];
	int i, n, c;

	if ((tg = tg_find(pr, t)) != NULL)
		return tg;
	if (pr->ntg == pr->captg) {
		pr->captg = pr->captg ? pr->captg * 2 : 8;
		pr->tg = xrealloc(pr->tg, pr->captg * sizeof(*pr->tg));
	}
	probe_fonts(pr, t);
	tg = &pr->tg[pr->ntg++];
	memset(tg, 0, sizeof(*tg));
	tg->t = t;
	tg->ok = 1;
	tg->fid = xcalloc((size_t)t->nfonts + 1, sizeof(*tg->fid));
	if (pr->pdf == NULL)
		pr->pdf = pdf_new_finder();
	/* Found as probe_fonts() found them (told there). */
	for (i = 0; i < t->nfonts; i++)
		if ((tg->fid[i] = pdf_font(pr->pdf, t->fonts[i].pattern, &why,
		    &subst)) < 0)
			tg->ok = 0;
	n = t->nfront + t->nback;
	tg->el = xcalloc((size_t)n + 1, sizeof(*tg->el));
	tg->ask = xcalloc((size_t)n + 1, 1);
	for (c = 0; c < 95; c++)
		printable[c] = (char)(' ' + c);
	printable[95] = '\0';
	tg->ascii = 1;
	for (i = 0; i < n; i++) {
		const struct elem *e = i < t->nfront ? &t->front[i] :
		    &t->back[i - t->nfront];
		int lack, fid;

		if (e->type == EL_IMAGE)
			tg->needs_card = 1;
		if (!tg->ok || !prints_text(e))
			continue;
		fid = tg->fid[e->font];
		lack = lits_lack(pr, fid, &e->text);
		if (layout_fixed_elem(e))
			tg->ask[tg->nel] = lack ? ASK_ONCE : ASK_NONE;
		else if (lack)
			tg->ask[tg->nel] = ASK_ALL;	/* on every card */
		else
			tg->ask[tg->nel] = ASK_FIELDS;
		if (tg->ask[tg->nel] == ASK_ALL)
			tg->needs_card = 1;
		if (tg->ask[tg->nel] == ASK_FIELDS &&
		    pdf_missing_glyph(pr->pdf, fid, printable) != 0)
			tg->ascii = 0;
		tg->el[tg->nel++] = e;
	}
	return tg;
}

/*
 * Whether the text e prints for r may have a character its font lacks:
 * each field's value asked (most are ASCII, which a table answers),
 * not the text made.
 */
static int
may_lack(struct probe *pr, int fid, const struct elem *e,
    const struct record *r)
{
	const char *v;
	int i;

	for (i = 0; i < e->text.n; i++)
		if (e->text.seg[i].field &&
		    (v = rec_get(r, e->text.seg[i].field)) != NULL &&
		    pdf_missing_glyph(pr->pdf, fid, v) != 0)
			return 1;
	return 0;
}

/*
 * What render asks of the text e prints on r's card (draw_text's
 * text_refused(), the same function): each text a widget prints, or
 * the element's, when it is drawn and not empty.
 */
static void
glyph_elem(struct probe *pr, const struct template *t, int fid,
    const struct elem *e, const struct record *r)
{
	char *copy, *item[WIDGET_TEXTS_MAX];
	int i, n;

	if (!drawn(e, r, &pr->text))
		return;
	sb_reset(&pr->text);
	fmt_expand(&e->text, r, &pr->text, NULL);
	if (e->type == EL_TEXT) {
		if (pr->text.len)
			layout_glyph(pr->pdf, fid, t, e, r, sb_str(&pr->text));
		return;
	}
	copy = xstrdup(sb_str(&pr->text));
	n = widget_texts(e->widget, copy, item);
	for (i = 0; i < n; i++)
		if (*item[i])
			layout_glyph(pr->pdf, fid, t, e, r, item[i]);
	free(copy);
}

/*
 * The text t prints on r's card, each character asked of the font that
 * prints it, as render asks (render.glyph).  An element the same on
 * every card is asked once a template, with the first card, as render
 * draws it once (into a form).
 */
static void
probe_glyphs(struct probe *pr, const struct template *t,
    const struct record *r)
{
	const struct tglyph *tg = glyph_setup(pr, t);
	struct sbuf tag = SBUF_INIT;
	int i, fid;

	for (i = 0; tg->ok && i < tg->nel; i++) {
		const struct elem *e = tg->el[i];

		fid = tg->fid[e->font];
		switch (tg->ask[i]) {
		case ASK_NONE:
			continue;
		case ASK_ONCE:
			sb_reset(&tag);
			sb_addf(&tag, "glyph\t%p\t%d", (const void *)t, i);
			if (seen(pr, tag.buf))
				continue;
			break;
		case ASK_FIELDS:
			if (!may_lack(pr, fid, e, r))
				continue;
			break;
		}
		glyph_elem(pr, t, fid, e, r);
	}
	sb_release(&tag);
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

	probe_glyphs(pr, t, r);
	probe_faces(pr, t, r);
	/* Its fonts are seen now: without a picture or a text it is done. */
	for (i = 0; i < t->nfront; i++)
		if (t->front[i].type == EL_IMAGE || prints_text(&t->front[i]))
			return;
	for (i = 0; i < t->nback; i++)
		if (t->back[i].type == EL_IMAGE || prints_text(&t->back[i]))
			return;
	if (probe_card_idle(pr, t))
		return;
	if (pr->nidle == pr->capidle) {
		pr->capidle = pr->capidle ? pr->capidle * 2 : 8;
		pr->idle = xrealloc(pr->idle, pr->capidle * sizeof(*pr->idle));
	}
	pr->idle[pr->nidle++] = t;
}

/* Whether every font t prints a field in has character c; asked once. */
static int
fields_have(struct probe *pr, struct tglyph *tg, long c)
{
	char u[8];
	size_t k;
	int i, has = 1;

	for (k = 0; k < tg->nknown; k++)
		if (tg->known[k].c == c)
			return tg->known[k].has;
	utf8_encode(c, u);
	for (i = 0; has && i < tg->nel; i++)
		if (tg->ask[i] == ASK_FIELDS &&
		    pdf_missing_glyph(pr->pdf, tg->fid[tg->el[i]->font], u) != 0)
			has = 0;
	if (tg->nknown == tg->capknown) {
		tg->capknown = tg->capknown ? tg->capknown * 2 : 16;
		tg->known = xrealloc(tg->known, tg->capknown *
		    sizeof(*tg->known));
	}
	tg->known[tg->nknown].c = c;
	tg->known[tg->nknown++].has = has;
	return has;
}

int
probe_text_idle(struct probe *pr, const struct template *t, const long *cs,
    size_t n)
{
	struct tglyph *tg = tg_find(pr, t);
	size_t k;

	/* Not yet probed with a card: its fonts and own words first. */
	if (tg == NULL)
		return 0;
	/* Render prints none of its cards: nothing to ask. */
	if (!tg->ok)
		return !tg->needs_card;
	if (tg->needs_card || !tg->ascii)
		return 0;
	for (k = 0; k < n; k++)
		if (!fields_have(pr, tg, cs[k]))
			return 0;
	return 1;
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
