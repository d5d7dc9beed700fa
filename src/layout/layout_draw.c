/*
 * layout/layout_draw.c -- drawing each element of a card face: text
 * fitted to its box (with the safe zone, legibility floor and text
 * budget told), boxes, lines, images and widgets.  See layout_impl.h.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../deps.h"
#include "../diag.h"
#include "../pdf/imgprobe.h"
#include "../pdf/pdf.h"
#include "../record.h"
#include "../util.h"
#include "draw.h"
#include "layout_impl.h"
#include "template.h"

/*
 * Wrapped text that fits at pt, with its lines broken where they read
 * best (tb's size set to the one chosen).  When the best breaks at pt
 * still leave a word alone on a line, type up to LESS smaller that
 * leaves none is taken instead, as a typesetter would.
 */
#define LESS 0.9

static const char *
break_lines(struct draw *d, struct textbox *tb, double pt, const char *text)
{
	struct sbuf *sb = &d->l->lines;
	double s;

	tb->pt = pt;
	if (draw_breaks(d->pdf, tb, pt, text, sb) == 0)
		return sb_str(sb);
	for (s = pt - 0.25; s >= pt * LESS - 0.001 && s >= tb->min_pt - 0.001;
	    s -= 0.25)
		if (draw_breaks(d->pdf, tb, s, text, sb) == 0) {
			tb->pt = s;
			return sb_str(sb);
		}
	draw_breaks(d->pdf, tb, pt, text, sb);
	return sb_str(sb);
}

/* " text 'X'" (shortened to fit 64 bytes) into buf (n >= 72) when an
 * element prints other than the card's name; "" when its text is it. */
static const char *
text_clause(const struct draw *d, const char *text, char *buf, size_t n)
{
	char tx[64];

	if (strcmp(text, rec_label_text(d->r)) == 0)
		return "";
	snprintf(buf, n, " text '%s'", layout_shorten(text, tx, sizeof(tx)));
	return buf;
}

/*
 * Warns when this card's text comes closer to the trim than the
 * template's safe margin (SPEC 4), where a guillotine a little off may
 * cut it.  Where the text is: across, its lines (shown, as drawn at pt)
 * as measured; down, its box; a box inside the margins holds its text,
 * so only one reaching into them is measured.  Once an element a card.
 */
static void
safe_zone(struct draw *d, const struct elem *e, const char *text,
    const char *shown, const struct textbox *tb, double pt, int cut)
{
	static const char *const edge[4] = { "left", "right", "bottom", "top" };
	double s = d->t->safe, x0 = tb->x, x1 = tb->x + tb->w, gap[4];
	/* A print shop's margin where it is wider than the template's. */
	const char *whose = d->l->o.safe > s + 0.01 ? "print shop's" :
	    "template's";
	const char *p = shown;
	char gb[32], sb[32], lb[64], tx[80];
	int i, k;

	if (d->l->o.safe > s)
		s = d->l->o.safe;
	if (s <= 0 || d->unsafe == e)
		return;
	gap[2] = tb->y - d->oy;
	gap[3] = d->oy + d->h - (tb->y + tb->h);
	if (x0 - d->ox >= s - 0.01 && d->ox + d->w - x1 >= s - 0.01 &&
	    gap[2] >= s - 0.01 && gap[3] >= s - 0.01)
		return;
	/* Cut text fills its box; else each line where pdf_textbox put it. */
	while (!cut) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		double lw = pdf_text_width(d->pdf, tb->font, pt, p, n);
		double lx = tb->x;

		if (tb->halign == ALIGN_CENTER)
			lx += (tb->w - lw) / 2;
		else if (tb->halign == ALIGN_END)
			lx += tb->w - lw;
		if (n > 0 && p == shown) {
			x0 = lx;
			x1 = lx + lw;
		} else if (n > 0) {
			x0 = lx < x0 ? lx : x0;
			x1 = lx + lw > x1 ? lx + lw : x1;
		}
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	/* A line pdf/ broke again lies inside the box. */
	x0 = x0 < tb->x ? tb->x : x0;
	x1 = x1 > tb->x + tb->w ? tb->x + tb->w : x1;
	gap[0] = x0 - d->ox;
	gap[1] = d->ox + d->w - x1;
	for (k = 0, i = 1; i < 4; i++)
		if (gap[i] < gap[k])
			k = i;
	if (gap[k] >= s - 0.01)
		return;
	d->unsafe = e;
	layout_diag(d, L_WARNING, "render.safe-zone",
	    "card '%s': %s '%s'%s comes %s from the card's %s edge, "
	    "inside the %s %s safe margin; it may be cut",
	    layout_shorten(rec_label_text(d->r), lb, sizeof(lb)),
	    d->t->name, e->name, text_clause(d, text, tx, sizeof(tx)),
	    mm_str(gap[k] > 0 ? gap[k] : 0, gb), edge[k], whose,
	    mm_str(s, sb));
}

/*
 * The legibility floor (SPEC 4): text under 6 pt is hard to read at the
 * table, and print shops' preflights flag it; a counter under 3/4 in
 * (54 pt) a side, read close up, may go to 5 pt.  The shipped templates
 * keep to it (tests/e2e/legibility.sh); a user's template may go lower,
 * with a warning (render.small-text).
 */
#define FLOOR_PT 6.0
#define COUNTER_FLOOR_PT 5.0
#define SMALL_COUNTER 54.0	/* 3/4 in, in points */

/* Warns, once for each element of a card, when its text prints under
 * the floor. */
static void
small_text(struct draw *d, const struct elem *e, const char *text,
    double pt)
{
	int counter = d->w < SMALL_COUNTER - 0.01 &&
	    d->h < SMALL_COUNTER - 0.01;
	double floor_pt = counter ? COUNTER_FLOOR_PT : FLOOR_PT;
	char lb[64], tx[80];

	if (pt >= floor_pt - 0.005 || d->small == e)
		return;
	d->small = e;
	layout_diag(d, L_WARNING, "render.small-text",
	    "card '%s': %s '%s'%s prints at %.2f pt, under the %g pt a "
	    "player can read%s; give it a larger pt or min_pt, or more room",
	    layout_shorten(rec_label_text(d->r), lb, sizeof(lb)),
	    d->t->name, e->name, text_clause(d, text, tx, sizeof(tx)), pt,
	    floor_pt, counter ? " on a counter under 3/4 in" : "");
}

static int
faint(struct rgb c)
{
	float hi = c.r > c.g ? c.r : c.g, lo = c.r < c.g ? c.r : c.g;

	hi = hi > c.b ? hi : c.b;
	lo = lo < c.b ? lo : c.b;
	if (hi - lo < 0.06f && hi > 0.25f && hi < 0.85f)
		return 1;	/* grey */
	return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b >= 0.5;
}

/*
 * Text fitting's budget a card (SPEC 8): bytes of text measured, every
 * size tried and every breaking counted.  The shipped cards measure a
 * few hundred each; a box of 2,000 characters shrunk from 40 pt to the
 * size it fits measures some 14,000, so 140 such boxes fit the budget.
 * 1,999 of them measured 29 million a card (13 ns a byte: 0.4 s a card,
 * and a deck may print 10,000 cards).
 * Past it the card's text is an error (render.budget, naming the element
 * that went past) and no more of it is fitted.
 */
#define TEXT_BUDGET 2000000ULL

int
layout_glyph(struct pdf *pdf, int fid, const struct template *t,
    const struct elem *e, const struct record *r, const char *text)
{
	char ch[5], lb[64], tx[64];
	long cp = pdf_missing_glyph(pdf, fid, text);

	if (cp == 0)
		return 0;
	diag_at(L_ERROR, "render.glyph", rec_file(r) ? rec_file(r) : t->file,
	    rec_file(r) ? rec_line(r) : 0, rec_file(r) ? rec_col(r) : 0,
	    "card '%s': text '%s' in '%s' has '%s' (U+%04lX), which '%s' "
	    "cannot print; use other characters or another font",
	    layout_shorten(rec_label_text(r), lb, sizeof(lb)),
	    layout_shorten(text, tx, sizeof(tx)), e->name, utf8_encode(cp, ch),
	    cp, t->fonts[e->font].pattern);
	return 1;
}

/*
 * Whether text is not drawn at all: the card's text went past the
 * budget, or the font lacks one of its characters (told).
 */
static int
text_refused(struct draw *d, const struct elem *e, const char *text, int fid)
{
	if (pdf_measured(d->pdf) - d->measured > TEXT_BUDGET) {
		char lb[64];

		d->over = 1;
		layout_diag(d, L_ERROR, "render.budget",
		    "card '%s': fitting the text of '%s' goes past the "
		    "%llu million characters a card's text may measure (each "
		    "size tried counts); it and the rest of the card's text "
		    "are not drawn: give the card fewer text boxes, less "
		    "text, or a pt nearer its min_pt",
		    layout_shorten(rec_label_text(d->r), lb, sizeof(lb)),
		    e->name, TEXT_BUDGET / 1000000);
		return 1;
	}
	return layout_glyph(d->pdf, fid, d->t, e, d->r, text);
}

void
draw_text(struct draw *d, const struct elem *e, const char *text, double x,
    double y, double w, double h)
{
	struct textbox tb;
	struct sbuf icons = SBUF_INIT;
	const char *shown, *said = text;
	double used;
	int none, cut, fid = d->font[e->font];

	if (*text == '\0' || d->over || text_refused(d, e, text, fid))
		return;
	/* Each {icon:NAME} one character from here on; messages quote the
	 * text as written (said). */
	if ((text = draw_icons(d, e, text, &icons)) == NULL)
		goto out;
	shown = text;
	tb.x = x;
	tb.y = y;
	tb.w = w;
	tb.h = h;
	tb.font = fid;
	/* Type scales with an A4 card, never below the template's floor. */
	tb.min_pt = e->min_pt * d->fs;
	if (tb.min_pt < d->t->min_pt)
		tb.min_pt = d->t->min_pt;
	tb.pt = e->pt * d->fs;
	if (tb.pt < tb.min_pt)
		tb.pt = tb.min_pt;
	tb.halign = e->halign;
	tb.valign = e->valign;
	tb.wrap = e->wrap;
	tb.leading = e->leading;
	tb.colour = draw_colour(d, &e->colour, &none);
	if (none)
		goto out;
	if (faint(tb.colour) && tb.min_pt < FAINT_PT) {
		tb.min_pt = FAINT_PT;
		if (tb.pt < tb.min_pt)
			tb.pt = tb.min_pt;
	}
	if (tb.wrap && pdf_text_fits(d->pdf, &tb, text, &used))
		shown = break_lines(d, &tb, used, text);
	cut = pdf_textbox(d->pdf, d->pg, &tb, shown, &used);
	safe_zone(d, e, said, shown, &tb, used, cut);
	small_text(d, e, said, used);
	if (cut) {
		char wb[32], hb[32], lb[64], tx[80];

		layout_diag(d, L_WARNING, "render.overflow",
		    "card '%s': %s '%s'%s does not fit its %s x %s box "
		    "even at %.1f pt, the template's minimum; %s",
		    layout_shorten(rec_label_text(d->r), lb, sizeof(lb)),
		    d->t->name, e->name, text_clause(d, said, tx, sizeof(tx)),
		    mm_str(w, wb), mm_str(h, hb), tb.min_pt, cut == 2 ?
		    "it is taller than the box and runs past it" :
		    "it is cut");
	}
out:
	sb_release(&icons);
}

double
draw_x(const struct draw *d, double x)
{
	return d->ox + template_stretch(x, d->t->w, d->w, d->t->safe);
}

double
draw_y(const struct draw *d, double y)
{
	return d->oy + d->h - template_stretch(y, d->t->h, d->h, d->t->safe);
}

static void
draw_box(struct draw *d, const struct elem *e)
{
	double x0 = DX(d, e->x), x1 = DX(d, e->x + e->w);
	double y0 = DY(d, e->y + e->h), y1 = DY(d, e->y), b;
	struct paint p;
	int none;

	memset(&p, 0, sizeof(p));
	p.fill_rgb = draw_colour(d, &e->fill, &none);
	p.fill = !none;
	p.stroke_rgb = draw_colour(d, &e->stroke, &none);
	p.stroke = !none && e->lw > 0;
	p.width = e->lw;
	p.radius = e->radius;
	p.dash = e->dash;
	/* A background that touches the trim runs on into the bleed (on a
	 * back, all round: it is mirrored). */
	if (e->bleed && (b = d->l->o.bleed) > 0) {
		if (d->back || e->x <= 0.01)
			x0 -= b;
		if (d->back || e->x + e->w >= d->t->w - 0.01)
			x1 += b;
		if (d->back || e->y + e->h >= d->t->h - 0.01)
			y0 -= b;
		if (d->back || e->y <= 0.01)
			y1 += b;
	}
	pdf_rect(d->pg, x0, y0, x1 - x0, y1 - y0, &p);
}

/*
 * Images print sharp from this many pixels an inch at their printed
 * size; below it a warning says so (SPEC 4).
 */
#define SHARP_DPI 150

/*
 * An image that could not be read (id -2: past the budget), told once a
 * place; a misspelt name with the nearest in its folder.
 */
static void
image_unread(struct draw *d, const char *at, int line, int col,
    const char *file, const char *path, int id, const char *why,
    const char *lb)
{
	char tag[64];

	snprintf(tag, sizeof(tag), "image\t%d:%d:", line, col);
	if (!layout_seen(d->l, at ? at : "", tag)) {
		/* A misspelt name: the nearest in its folder. */
		char nb[PATH_MAX];
		const char *near = id != -2 && access(file, F_OK) != 0 ?
		    img_nearest(file, path, nb, sizeof(nb)) : NULL;

		diag_at(L_ERROR, id == -2 ? "render.budget" : "render.image",
		    at ? at : d->t->file, line, col,
		    "card '%s': image '%s' %s%s%s%s", lb, path, why,
		    near ? "; did you mean '" : "", near ? near : "",
		    near ? "'?" : "");
	}
}

/*
 * An image element: its path from the card's fields or fixed.  A path
 * from a field is relative to the file that field's value was written
 * in (a deck, a CSV file), and problems are told there; a field the
 * game computed, to the card's document.  A fixed path is relative to
 * the template that wrote it, and told there.  Each problem once a
 * place.
 */
static void
draw_image(struct draw *d, const struct elem *e)
{
	struct sbuf path = SBUF_INIT, file = SBUF_INIT;
	const char *field = NULL, *at, *lb;
	char beside[PATH_MAX];
	char why[512], lbuf[64], wb[32], hb[32];
	double x0, x1, y0, y1, bw, bh, sx, sy, sc, dw, dh, dpi, clip[4];
	int i, line = 0, col = 0, id, iw, ih;

	sb_adds(&path, layout_expand(d, e, &e->text));
	if (path.len == 0)
		goto out;
	for (i = 0; i < e->text.n && field == NULL; i++)
		field = e->text.seg[i].field;
	if (field == NULL) {
		at = e->src;
		line = e->src_line;
		col = e->src_col;
	} else if ((at = rec_place(d->r, field, &line, &col)) == NULL) {
		at = rec_file(d->r);
		line = rec_line(d->r);
		col = rec_col(d->r);
	}
	sb_adds(&file, path_beside(at, path.buf, beside, sizeof(beside)));
	deps_note(file.buf);
	x0 = DX(d, e->x);
	x1 = DX(d, e->x + e->w);
	y0 = DY(d, e->y + e->h);
	y1 = DY(d, e->y);
	bw = x1 - x0;
	bh = y1 - y0;
	/* Read at the size it prints (pdf_image_at). */
	id = pdf_image_at(d->pdf, file.buf, bw, bh, e->fit == FIT_COVER, &iw,
	    &ih, why, sizeof(why));
	lb = layout_shorten(rec_label_text(d->r), lbuf, sizeof(lbuf));
	if (id < 0) {
		image_unread(d, at, line, col, file.buf, path.buf, id, why, lb);
		goto out;
	}
	if (bw <= 0 || bh <= 0)
		goto out;
	/* contain: the whole image, its aspect kept; cover: the box
	 * filled, what overflows it cut off. */
	sx = bw / iw;
	sy = bh / ih;
	sc = e->fit == FIT_COVER ? (sx > sy ? sx : sy) : (sx < sy ? sx : sy);
	dw = iw * sc;
	dh = ih * sc;
	dpi = 72.0 / sc;
	if (dpi < SHARP_DPI - 1e-6) {
		char tag[128];

		snprintf(tag, sizeof(tag), "dpi\t%.2f:%.2f\t%s", bw, bh,
		    file.buf);
		if (!layout_seen(d->l, d->t->name, tag))
			diag_at(L_WARNING, "render.image", at ? at : d->t->file,
			    line, col, "card '%s': image '%s' prints at %d dpi, "
			    "its %d x %d pixels over %s x %s; give it at least "
			    "%d dpi at that size to print sharp", lb, path.buf,
			    (int)dpi, iw, ih, mm_str(e->fit == FIT_COVER ? bw :
			    dw, wb), mm_str(e->fit == FIT_COVER ? bh : dh, hb),
			    SHARP_DPI);
	}
	clip[0] = x0;
	clip[1] = y0;
	clip[2] = bw;
	clip[3] = bh;
	pdf_image_place(d->pdf, d->pg, id, x0 + (bw - dw) / 2,
	    y0 + (bh - dh) / 2, dw, dh, e->fit == FIT_COVER ? clip : NULL);
out:
	sb_release(&path);
	sb_release(&file);
}

void
draw_elem(struct draw *d, const struct elem *e)
{
	const char *s;
	int none;

	if (e->min_card > 0 && d->w < e->min_card - 0.01)
		return;
	if (e->when.n && *layout_expand(d, e, &e->when) == '\0')
		return;
	if (e->unless.n && *layout_expand(d, e, &e->unless) != '\0')
		return;
	switch (e->type) {
	case EL_BOX:
		draw_box(d, e);
		break;
	case EL_TEXT:
		s = layout_expand(d, e, &e->text);
		draw_text(d, e, s, DX(d, e->x), DY(d, e->y + e->h),
		    DX(d, e->x + e->w) - DX(d, e->x),
		    DY(d, e->y) - DY(d, e->y + e->h));
		break;
	case EL_LINE: {
		struct rgb c = draw_colour(d, &e->stroke, &none);

		if (!none)
			pdf_line(d->pg, DX(d, e->x), DY(d, e->y), DX(d, e->x2),
			    DY(d, e->y2), c, e->lw);
		break;
	}
	case EL_WIDGET:
		s = layout_expand(d, e, &e->text);
		draw_widget(d, e, s);
		break;
	case EL_IMAGE:
		draw_image(d, e);
		break;
	}
}
