/*
 * layout/layout.c -- see layout.h.
 */
#include "layout.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../diag.h"
#include "../pdf/pdf.h"
#include "../pdf/raster.h"
#include "../record.h"
#include "../util.h"
#include "draw.h"
#include "layout_impl.h"
#include "template.h"

struct tfonts {
	const struct template *t;
	int id[16];
	int ok;
};

/*
 * The page a product is filling.  Each product keeps its own page and
 * grid, so that a unit's card and its counter, emitted one after the
 * other, each go on their product's page rather than starting a page
 * for every card.
 */
struct group {
	const char *name;		/* the product */
	struct sheet sheet;
	const struct template *cur;	/* template of the current page */
	struct pdf_page *front, *back;
	int slot;			/* next free slot on the page */
	int turned;			/* render.turned told */
};

/*
 * The parts of a template's face that are the same on every card, drawn
 * once per card size as forms and placed on each card (pdf_form_new).
 */
struct form {
	const struct template *t;
	int back;
	double w, h;		/* the card's size */
	int *in;		/* per element: its run + 1, or 0 */
	int *place;		/* per element: a run to place before it + 1 */
	int *id;		/* per run: its form, or -1 (drawn in place) */
};

struct layout *
layout_new(struct pdf *pdf, const struct layout_opts *o)
{
	struct layout *l = xcalloc(1, sizeof(*l));

	l->pdf = pdf;
	l->o = *o;
	return l;
}

void
layout_free(struct layout *l)
{
	size_t i;

	if (l == NULL)
		return;
	for (i = 0; i < l->nwarned; i++)
		free(l->warned[i]);
	free(l->warned);
	free(l->tf);
	free(l->g);
	for (i = 0; i < (size_t)l->nforms; i++) {
		free(l->forms[i].in);
		free(l->forms[i].place);
		free(l->forms[i].id);
	}
	free(l->forms);
	sb_release(&l->scratch);
	sb_release(&l->lines);
	free(l);
}

int
layout_cards(const struct layout *l)
{
	return l->cards;
}

void
layout_diag(struct draw *d, enum level lv, const char *rule, const char *fmt,
    ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (rec_file(d->r))
		diag_vat(lv, rule, rec_file(d->r), rec_line(d->r),
		    rec_col(d->r), fmt, ap);
	else
		diag_vat(lv, rule, d->t->file, 0, 0, fmt, ap);
	va_end(ap);
}

static const int *
fonts_for(struct layout *l, const struct template *t)
{
	struct tfonts *tf;
	int i;

	for (i = 0; i < l->ntf; i++)
		if (l->tf[i].t == t)
			return l->tf[i].ok ? l->tf[i].id : NULL;
	if (l->ntf == l->captf) {
		l->captf = l->captf ? l->captf * 2 : 8;
		l->tf = xrealloc(l->tf, (size_t)l->captf * sizeof(*l->tf));
	}
	tf = &l->tf[l->ntf++];
	tf->t = t;
	tf->ok = 1;
	for (i = 0; i < t->nfonts; i++) {
		const char *why, *subst;

		tf->id[i] = pdf_font(l->pdf, t->fonts[i].pattern, &why, &subst);
		if (tf->id[i] < 0) {
			diag_at(L_FATAL, "render.font", t->file, 0, 0,
			    "font '%s' (%s) cannot be used: %s",
			    t->fonts[i].pattern, t->fonts[i].key, why);
			tf->ok = 0;
		} else if (subst) {
			diag_at(L_WARNING, "render.font", t->file, 0, 0,
			    "font '%s' is not installed; fontconfig gives "
			    "'%s' instead", t->fonts[i].pattern, subst);
		}
	}
	return tf->ok ? tf->id : NULL;
}

/* Whether "template\twhat" was reported already; notes it if not. */
int
layout_seen(struct layout *l, const char *tmpl, const char *what)
{
	char *tag;
	size_t i;

	tag = xmalloc(strlen(tmpl) + strlen(what) + 2);
	sprintf(tag, "%s\t%s", tmpl, what);
	for (i = 0; i < l->nwarned; i++)
		if (strcmp(l->warned[i], tag) == 0) {
			free(tag);
			return 1;
		}
	l->warned = xrealloc(l->warned, (l->nwarned + 1) * sizeof(char *));
	l->warned[l->nwarned++] = tag;
	return 0;
}

/*
 * A field the record lacks, once per template and field.  A checked
 * template names only its record type's fields, so this is a product
 * that does not fill a field it declares.
 */
static void
missing_field(struct draw *d, const struct elem *e, const char *field)
{
	/* field names have no ':' */
	if (layout_seen(d->l, d->t->name, field))
		return;
	diag_at(L_WARNING, "template.field", d->t->file, 0, 0,
	    "element '%s' prints field '{%s}', which this %s record does not "
	    "fill", e->name, field, d->t->type);
}

/* Expands f for this card into the layout's scratch buffer. */
const char *
layout_expand(struct draw *d, const struct elem *e, const struct fmt *f)
{
	const char *missing = NULL;

	sb_reset(&d->l->scratch);
	fmt_expand(f, d->r, &d->l->scratch, &missing);
	if (missing)
		missing_field(d, e, missing);
	return sb_str(&d->l->scratch);
}

/* text, cut to fit buf at a character boundary with "..." if longer. */
const char *
layout_shorten(const char *text, char *buf, size_t size)
{
	size_t n = strlen(text);

	if (n < size)
		return text;
	n = size - 4;
	while (n > 0 && ((unsigned char)text[n] & 0xc0) == 0x80)
		n--;
	memcpy(buf, text, n);
	strcpy(buf + n, "...");
	return buf;
}

/* A diagnostic about the card being drawn, named by its label. */
static void
draw_vdiag(struct draw *d, enum level lv, const char *rule, const char *fmt,
    va_list ap)
{
	struct sbuf sb = SBUF_INIT;
	char lb[64];

	sb_vaddf(&sb, fmt, ap);
	layout_diag(d, lv, rule, "card '%s': %s",
	    layout_shorten(rec_label_text(d->r), lb, sizeof(lb)), sb_str(&sb));
	sb_release(&sb);
}

void
draw_warn(struct draw *d, const char *rule, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	draw_vdiag(d, L_WARNING, rule, fmt, ap);
	va_end(ap);
}

void
draw_error(struct draw *d, const char *rule, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	draw_vdiag(d, L_ERROR, rule, fmt, ap);
	va_end(ap);
}

int
draw_seen(struct draw *d, const char *what)
{
	return layout_seen(d->l, d->t->name, what);
}

/* A {side} colour field gives a side the template's sides: lack. */
static void
unknown_side(struct draw *d, const char *side)
{
	struct sbuf list = SBUF_INIT, hint = SBUF_INIT, tag = SBUF_INIT;
	const char *where;
	int line = 0, col = 0;

	/* At the side as written, else at the card, else the template. */
	if ((where = rec_place(d->r, "side", &line, &col)) == NULL &&
	    (where = rec_file(d->r)) != NULL) {
		line = rec_line(d->r);
		col = rec_col(d->r);
	}
	if (where == NULL)
		where = d->t->file;
	sb_addf(&tag, "side\t%s", side);
	if (!layout_seen(d->l, d->t->name, sb_str(&tag))) {
		sb_list(&list, d->t->sides);
		diag_at(L_WARNING, "render.side", where, line, col,
		    "side '%s' is not among the sides: of template '%s' (%s), "
		    "so it has no colour of its own; give it one with sides: "
		    "{%s: \"#rrggbb\"} in a template that extends '%s'%s",
		    side, d->t->name, sb_str(&list), side, d->t->name,
		    sb_hint(&hint, side, d->t->sides, 0));
	}
	sb_release(&tag);
	sb_release(&list);
	sb_release(&hint);
}

struct rgb
draw_colour(struct draw *d, const struct colour *c, int *none)
{
	struct rgb rgb = c->rgb;

	*none = c->none;
	if (c->field.n) {
		const char *missing = NULL;
		struct sbuf sb = SBUF_INIT;

		fmt_expand(&c->field, d->r, &sb, &missing);
		/* A side the template's sides: do not name is told, once:
		 * printed in the default colour, it would pass for another
		 * side's. */
		if (d->t->nsides && c->field.n == 1 && c->field.seg[0].field &&
		    strcmp(c->field.seg[0].field, "side") == 0 &&
		    sb.len > 0 && !template_colour(d->t, sb_str(&sb), &rgb))
			unknown_side(d, sb_str(&sb));
		/* A value the palette does not name takes its 'default', when
		 * it has one; else a warning. */
		if (!template_colour(d->t, sb_str(&sb), &rgb) &&
		    !template_colour(d->t, "default", &rgb)) {
			rgb = (struct rgb){ 0, 0, 0 };
			sb_addc(&sb, ':');
			if (!layout_seen(d->l, d->t->name, sb_str(&sb)))
				diag_at(L_WARNING, "render.colour", d->t->file,
				    0, 0, "a colour field gives '%.*s', which is "
				    "neither in the template's palette nor a "
				    "colour; it prints black", (int)sb.len - 1,
				    sb_str(&sb));
		}
		sb_release(&sb);
	}
	return rgb;
}


/* Whether f reads no field: the same for every card. */
static int
fixed_fmt(const struct fmt *f)
{
	int i;

	for (i = 0; i < f->n; i++)
		if (f->seg[i].lit == NULL)
			return 0;
	return 1;
}

int
layout_fixed_elem(const struct elem *e)
{
	/* An image is placed on each card, not in a form: a form's
	 * resources hold fonts only. */
	if (e->type == EL_IMAGE)
		return 0;
	/* Nor is an icon, which may be a picture. */
	if (fmt_has_icon(&e->text))
		return 0;
	return fixed_fmt(&e->when) && fixed_fmt(&e->unless) &&
	    fixed_fmt(&e->text) && fixed_fmt(&e->fill.field) &&
	    fixed_fmt(&e->stroke.field) && fixed_fmt(&e->colour.field);
}

/*
 * Where e may put ink on the card (card coordinates, as drawn with the
 * origin at 0, 0), with room for its stroke, a bleed, and what a widget
 * draws just outside its box.  Text stays in its box (what does not fit
 * is cut); fixed text, measured at its largest size, takes no more than
 * its width from the side it is aligned to.
 */
static void
elem_box(struct draw *d, const struct elem *e, int fixed, double b[4])
{
	/* Half a stroke and a little for antialiasing; a widget may draw
	 * a tick just outside its box. */
	double m = e->lw / 2 + 0.5 + (e->bleed ? d->l->o.bleed : 0) +
	    (e->type == EL_WIDGET ? 3 : 0);

	if (e->type == EL_LINE) {
		b[0] = DX(d, e->x < e->x2 ? e->x : e->x2);
		b[2] = DX(d, e->x < e->x2 ? e->x2 : e->x);
		b[1] = DY(d, e->y < e->y2 ? e->y2 : e->y);
		b[3] = DY(d, e->y < e->y2 ? e->y : e->y2);
	} else {
		b[0] = DX(d, e->x);
		b[2] = DX(d, e->x + e->w);
		b[1] = DY(d, e->y + e->h);
		b[3] = DY(d, e->y);
	}
	if (e->type == EL_TEXT && fixed) {
		const char *s = layout_expand(d, e, &e->text), *nl;
		double pt = e->pt * d->fs, tw = 0, w;

		if (pt < e->min_pt * d->fs)
			pt = e->min_pt * d->fs;
		if (pt < d->t->min_pt)
			pt = d->t->min_pt;
		if (pt < FAINT_PT)
			pt = FAINT_PT;	/* as draw_text may raise it */
		for (; *s; s = *nl ? nl + 1 : nl) {
			nl = s + strcspn(s, "\n");
			w = pdf_text_width(d->pdf, d->font[e->font], pt, s,
			    (size_t)(nl - s));
			if (w > tw)
				tw = w;
		}
		if (tw < b[2] - b[0]) {
			if (e->halign == ALIGN_START)
				b[2] = b[0] + tw;
			else if (e->halign == ALIGN_END)
				b[0] = b[2] - tw;
			else {
				b[0] += (b[2] - b[0] - tw) / 2;
				b[2] = b[0] + tw;
			}
		}
	}
	if (e->type == EL_TEXT)
		m = 0.5;
	b[0] -= m;
	b[1] -= m;
	b[2] += m;
	b[3] += m;
}

static int
overlap(const double a[4], const double b[4])
{
	return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

/*
 * The face's forms for this card size, made on first use.  Elements that
 * read no field gather into runs: a run starts at such an element, and
 * a later one joins it when nothing drawn since the run began (and not
 * in it) could share a pixel with it.  Each run of two or more is a
 * form, placed where its first element was: every card looks as if
 * drawn element by element.
 */
static const struct form *
form_for(struct draw *d, const struct elem *v, int n)
{
	struct layout *l = d->l;
	struct form *f;
	struct draw fd;
	double (*box)[4];
	int *run, *start, *count, nruns = 0, cur = -1, i, j, r;

	for (i = 0; i < l->nforms; i++) {
		f = &l->forms[i];
		if (f->t == d->t && f->back == d->back && f->w == d->w &&
		    f->h == d->h)
			return f;
	}
	if (l->nforms == l->capforms) {
		l->capforms = l->capforms ? l->capforms * 2 : 4;
		l->forms = xrealloc(l->forms, (size_t)l->capforms *
		    sizeof(*l->forms));
	}
	f = &l->forms[l->nforms++];
	f->t = d->t;
	f->back = d->back;
	f->w = d->w;
	f->h = d->h;
	f->in = xcalloc((size_t)n + 1, sizeof(*f->in));
	f->place = xcalloc((size_t)n + 1, sizeof(*f->place));
	box = xcalloc((size_t)n + 1, sizeof(*box));
	run = xcalloc((size_t)n + 1, sizeof(*run));
	start = xcalloc((size_t)n + 1, sizeof(*start));
	count = xcalloc((size_t)n + 1, sizeof(*count));
	fd = *d;
	fd.ox = fd.oy = 0;
	for (i = 0; i < n; i++) {
		int fixed = layout_fixed_elem(&v[i]);

		elem_box(&fd, &v[i], fixed, box[i]);
		run[i] = -1;
		if (!fixed)
			continue;
		if (cur >= 0) {
			for (j = start[cur] + 1; j < i; j++)
				if (run[j] != cur && overlap(box[i], box[j]))
					break;
			if (j == i) {
				run[i] = cur;
				count[cur]++;
				continue;
			}
		}
		cur = nruns++;
		start[cur] = i;
		count[cur] = 1;
		run[i] = cur;
	}
	f->id = xcalloc((size_t)nruns + 1, sizeof(*f->id));
	for (r = 0; r < nruns; r++) {
		f->id[r] = -1;
		if (count[r] < 2)
			continue;
		f->place[start[r]] = r + 1;
		for (i = start[r]; i < n; i++)
			if (run[i] == r)
				f->in[i] = r + 1;
		if ((fd.pg = pdf_form_new(d->pdf)) == NULL)
			continue;
		for (i = start[r]; i < n; i++)
			if (run[i] == r)
				draw_elem(&fd, &v[i]);
		f->id[r] = pdf_form_end(d->pdf, fd.pg);
	}
	free(box);
	free(run);
	free(start);
	free(count);
	return f;
}

static void
draw_face(struct draw *d, const struct elem *v, int n)
{
	const struct form *f = form_for(d, v, n);
	struct draw rd;
	int i, r;

	for (i = 0; i < n; i++) {
		if ((r = f->place[i] - 1) >= 0 && f->id[r] >= 0)
			pdf_form_place(d->pdf, d->pg, f->id[r], d->ox, d->oy);
		if ((r = f->in[i] - 1) >= 0 && f->id[r] < 0) {
			/* No forms (the plain writer): the element drawn in
			 * its own place, in template order, from the numbers
			 * its form would hold. */
			rd = *d;
			rd.ox = rd.oy = 0;
			pdf_origin_push(d->pg, d->ox, d->oy);
			draw_elem(&rd, &v[i]);
			pdf_origin_pop(d->pg);
		} else if (r < 0)
			draw_elem(d, &v[i]);
	}
}

/* Whether a template's front is white at its edge (nothing coloured
 * runs into the bleed): such cards packed edge to edge need guides. */
static int
white_edge(const struct template *t)
{
	const struct rgb white = { 1, 1, 1 };
	int i;

	for (i = 0; i < t->nfront; i++) {
		const struct elem *e = &t->front[i];

		if (e->type == EL_BOX && e->bleed && !e->fill.none &&
		    (e->fill.field.n || memcmp(&e->fill.rgb, &white,
		    sizeof(white)) != 0))
			return 0;
	}
	return 1;
}

static void
finish_page(struct layout *l, struct group *g)
{
	const struct sheet *s = &g->sheet;

	if (g->front && g->cur && g->cur->cut == CUT_LINES && l->o.crop) {
		sheet_cut_lines(s, g->front, g->slot);
	} else if (g->front && g->cur) {
		sheet_crop_marks(s, g->front, g->slot);
		if (l->o.crop && white_edge(g->cur))
			sheet_inner_cuts(s, g->front, g->slot);
	}
	if (g->front && s->layout == LAYOUT_GUTTER)
		sheet_fold_line(s, g->front);
	if (g->front && g->back && g->cur && g->cur->cut == CUT_CROP &&
	    l->o.crop) {
		sheet_reg_marks(s, g->front, BACKS_NONE, 0, 0);
		sheet_reg_marks(s, g->back, l->o.backs, l->o.back_dx,
		    l->o.back_dy);
	}
	pdf_page_done(l->pdf, g->front);
	pdf_page_done(l->pdf, g->back);
	g->front = g->back = NULL;
	g->slot = 0;
}

void
layout_finish(struct layout *l)
{
	int i;

	for (i = 0; i < l->ng; i++) {
		finish_page(l, &l->g[i]);
		l->g[i].cur = NULL;
	}
}

static int
start_sheet(struct layout *l, struct sheet *s, const struct template *t)
{
	int a4 = l->o.a4 && t->a4_w > 0;

	memset(s, 0, sizeof(*s));
	s->paper_w = l->o.paper_w;
	s->paper_h = l->o.paper_h;
	s->card_w = a4 ? t->a4_w : t->w;
	s->card_h = a4 ? t->a4_h : t->h;
	if (!t->counter && l->o.trim_w > 0) {
		int turn = (t->w > t->h) != (l->o.trim_w > l->o.trim_h);

		s->card_w = turn ? l->o.trim_h : l->o.trim_w;
		s->card_h = turn ? l->o.trim_w : l->o.trim_h;
	}
	if (t->counter && l->o.counter > 0)
		s->card_w = s->card_h = l->o.counter;
	s->bleed = l->o.bleed;
	s->gap = t->gap;
	s->crop = l->o.crop && t->cut == CUT_CROP;
	s->layout = l->o.layout;
	/* What does not fit half a sheet (a record sheet, a roster) prints
	 * on pages of its own without a fold: it has no back to fold. */
	if (s->layout == LAYOUT_GUTTER && sheet_plan(s) < 0)
		s->layout = LAYOUT_SHEET;
	if (sheet_plan(s) < 0) {
		char w[32], h[32];

		diag_at(L_FATAL, "render.fit", t->file, 0, 0,
		    "a %s x %s card with its margins does not fit the paper; "
		    "use larger paper or less bleed", mm_str(s->card_w, w),
		    mm_str(s->card_h, h));
		return -1;
	}
	/* An image's pixels are refused before any is allocated. */
	if (l->o.png_dpi > 0 && raster_too_big(s->page_w, s->page_h,
	    l->o.png_dpi)) {
		char w[32], h[32];

		diag_at(L_FATAL, "render.pixels", t->file, 0, 0,
		    "a %s x %s card at %.0f dpi is %.0f x %.0f pixels, over "
		    "the %.0f megapixels an image may have; give a lower --dpi",
		    mm_str(s->page_w, w), mm_str(s->page_h, h), l->o.png_dpi,
		    floor(s->page_w * l->o.png_dpi / 72 + 0.5),
		    floor(s->page_h * l->o.png_dpi / 72 + 0.5),
		    RASTER_MAX_PIXELS / 1e6);
		return -1;
	}
	return 0;
}

/*
 * Says once a product that its duplex pages are turned: the backs are
 * mirrored the other way about (sheet_back_point()), and --back-offset
 * is read on the calibration sheet printed the same way.
 */
static void
turned_note(const struct layout *l, const struct sheet *s,
    const struct template *t, const struct record *r)
{
	const char *file = rec_file(r) ? rec_file(r) : t->file;
	int lng = l->o.backs == BACKS_LONG;

	diag_at(L_NOTE, "render.turned", file, rec_file(r) ? rec_line(r) : 0,
	    rec_file(r) ? rec_col(r) : 0, "printed %d to a turned (landscape) "
	    "page, so %s turns the backs over %s; take --back-offset from "
	    "'muster calibrate --landscape%s'", s->cols * s->rows,
	    lng ? "duplex-long" : "duplex-short", lng ? "top to bottom" :
	    "side to side", lng ? "" : " --backs duplex-short");
}

/* The group of product name, made when it first comes. */
static struct group *
group_for(struct layout *l, const char *name)
{
	int i;

	if (name == NULL)
		name = "";
	for (i = 0; i < l->ng; i++)
		if (strcmp(l->g[i].name, name) == 0)
			return &l->g[i];
	if (l->ng == l->capg) {
		l->capg = l->capg ? l->capg * 2 : 4;
		l->g = xrealloc(l->g, (size_t)l->capg * sizeof(*l->g));
	}
	memset(&l->g[l->ng], 0, sizeof(l->g[0]));
	l->g[l->ng].name = name;
	return &l->g[l->ng++];
}

/*
 * Starts the next page of g's product (its back, for duplex, before or
 * after it), its boxes set on a page of one card.
 */
static void
next_page(struct layout *l, struct group *g, const struct template *t,
    const struct record *r)
{
	const struct sheet *s = &g->sheet;

	finish_page(l, g);
	if (l->o.back_first && l->o.backs != BACKS_NONE &&
	    l->o.layout != LAYOUT_GUTTER)
		g->back = pdf_add_page(l->pdf, s->page_w, s->page_h);
	g->front = pdf_add_page(l->pdf, s->page_w, s->page_h);
	/* gutter-fold's backs are beside their fronts, or (a product
	 * without a fold) not printed: no duplex. */
	if (!l->o.back_first && l->o.backs != BACKS_NONE &&
	    l->o.layout != LAYOUT_GUTTER)
		g->back = pdf_add_page(l->pdf, s->page_w, s->page_h);
	if (g->back && s->layout == LAYOUT_SHEET && s->landscape &&
	    !g->turned) {
		turned_note(l, s, t, r);
		g->turned = 1;
	}
	if (s->layout == LAYOUT_SINGLE) {
		pdf_page_boxes(g->front, s->x0, s->y0, s->card_w,
		    s->card_h, s->bleed);
		if (g->back)
			pdf_page_boxes(g->back, s->x0, s->y0, s->card_w,
			    s->card_h, s->bleed);
	}
}

int
layout_card(struct layout *l, const char *product, const struct template *t,
    const struct record *r)
{
	struct group *g;
	struct draw d;
	const int *font;

	font = fonts_for(l, t);
	if (font == NULL)
		return -1;
	g = group_for(l, product);
	if (t != g->cur) {
		struct sheet now;

		/* Another template of the same size goes on the same sheet. */
		if (start_sheet(l, &now, t) < 0) {
			finish_page(l, g);
			g->cur = NULL;
			return -1;
		}
		if (g->cur == NULL || g->sheet.card_w != now.card_w ||
		    g->sheet.card_h != now.card_h || g->sheet.gap != now.gap ||
		    g->cur->cut != t->cut)
			finish_page(l, g);
		g->sheet = now;
		g->cur = t;
	}
	if (g->front == NULL || g->slot == g->sheet.cols * g->sheet.rows)
		next_page(l, g, t, r);
	memset(&d, 0, sizeof(d));
	d.l = l;
	d.pdf = l->pdf;
	d.t = t;
	d.r = r;
	d.font = font;
	d.measured = pdf_measured(l->pdf);
	d.w = g->sheet.card_w;
	d.h = g->sheet.card_h;
	/*
	 * Type grows with the card's area.  A4's business card, 85 x 55 mm,
	 * is narrower than the 3.5 x 2 in one a template is drawn at but
	 * taller and larger: scaled by its narrower side, every line of it
	 * came out smaller than on Letter, with air between the rows.
	 */
	d.fs = sqrt(d.w / t->w * d.h / t->h);
	d.pg = g->front;
	sheet_slot(&g->sheet, g->slot, BACKS_NONE, 0, 0, &d.ox, &d.oy);
	draw_face(&d, t->front, t->nfront);
	if (g->back) {
		d.pg = g->back;
		d.back = 1;
		sheet_slot(&g->sheet, g->slot, l->o.backs, l->o.back_dx,
		    l->o.back_dy, &d.ox, &d.oy);
		draw_face(&d, t->back, t->nback);
	} else if (g->sheet.layout == LAYOUT_GUTTER) {
		/* The back beside its front, mirrored about the fold. */
		d.back = 1;
		sheet_slot(&g->sheet, g->slot, BACKS_LONG, 0, 0, &d.ox, &d.oy);
		draw_face(&d, t->back, t->nback);
	}
	g->slot++;
	l->cards++;
	return 0;
}
