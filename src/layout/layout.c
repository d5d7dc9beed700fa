/*
 * layout/layout.c -- see layout.h.
 */
#include "layout.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../deps.h"
#include "../diag.h"
#include "../pdf/imgprobe.h"
#include "../pdf/pdf.h"
#include "../pdf/raster.h"
#include "../record.h"
#include "../util.h"
#include "draw.h"
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

struct layout {
	struct pdf *pdf;
	struct form *forms;
	int nforms, capforms;
	struct layout_opts o;
	struct group *g;		/* in the order products first came */
	int ng, capg;
	int cards;
	struct tfonts *tf;		/* fonts of each template used */
	int ntf, captf;
	char **warned;			/* "template\tfield" already reported */
	size_t nwarned;
	struct sbuf scratch;
	struct sbuf lines;		/* text with its breaks chosen */
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

/* Where messages about a card point: its document, or the template. */
static void
card_diag(struct draw *d, enum level lv, const char *rule, const char *fmt,
    ...) ATTR_PRINTF(4, 5);

static void
card_diag(struct draw *d, enum level lv, const char *rule, const char *fmt,
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
static int
seen(struct layout *l, const char *tmpl, const char *what)
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
	if (seen(d->l, d->t->name, field))	/* field names have no ':' */
		return;
	diag_at(L_WARNING, "template.field", d->t->file, 0, 0,
	    "element '%s' prints field '{%s}', which this %s record does not "
	    "fill", e->name, field, d->t->type);
}

/* Expands f for this card into the layout's scratch buffer. */
static const char *
expand(struct draw *d, const struct elem *e, const struct fmt *f)
{
	const char *missing = NULL;

	sb_reset(&d->l->scratch);
	fmt_expand(f, d->r, &d->l->scratch, &missing);
	if (missing)
		missing_field(d, e, missing);
	return sb_str(&d->l->scratch);
}

/* text, cut to fit buf at a character boundary with "..." if longer. */
static const char *
shorten(const char *text, char *buf, size_t size)
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

void
draw_warn(struct draw *d, const char *rule, const char *fmt, ...)
{
	struct sbuf sb = SBUF_INIT;
	char lb[64];
	va_list ap;

	va_start(ap, fmt);
	sb_vaddf(&sb, fmt, ap);
	va_end(ap);
	card_diag(d, L_WARNING, rule, "card '%s': %s",
	    shorten(rec_label_text(d->r), lb, sizeof(lb)), sb_str(&sb));
	sb_release(&sb);
}

void
draw_error(struct draw *d, const char *rule, const char *fmt, ...)
{
	struct sbuf sb = SBUF_INIT;
	char lb[64];
	va_list ap;

	va_start(ap, fmt);
	sb_vaddf(&sb, fmt, ap);
	va_end(ap);
	card_diag(d, L_ERROR, rule, "card '%s': %s",
	    shorten(rec_label_text(d->r), lb, sizeof(lb)), sb_str(&sb));
	sb_release(&sb);
}

int
draw_seen(struct draw *d, const char *what)
{
	return seen(d->l, d->t->name, what);
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
	if (!seen(d->l, d->t->name, sb_str(&tag))) {
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
			if (!seen(d->l, d->t->name, sb_str(&sb)))
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
	char gb[32], sb[32], lb[64], tx[64];
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
	card_diag(d, L_WARNING, "render.safe-zone",
	    "card '%s': %s '%s'%s%s%s comes %s from the card's %s edge, "
	    "inside the %s %s safe margin; it may be cut",
	    shorten(rec_label_text(d->r), lb, sizeof(lb)), d->t->name,
	    e->name, strcmp(text, rec_label_text(d->r)) ? " text '" : "",
	    strcmp(text, rec_label_text(d->r)) ?
	    shorten(text, tx, sizeof(tx)) : "",
	    strcmp(text, rec_label_text(d->r)) ? "'" : "",
	    mm_str(gap[k] > 0 ? gap[k] : 0, gb), edge[k], whose,
	    mm_str(s, sb));
}

/*
 * Grey text, and light text reversed out of a dark ground, is hard to
 * read small: whatever a template's min_pt, it is never shrunk below
 * this; what does not fit then is told as render.overflow.
 */
#define FAINT_PT 6.0

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
	char lb[64], tx[64];

	if (pt >= floor_pt - 0.005 || d->small == e)
		return;
	d->small = e;
	card_diag(d, L_WARNING, "render.small-text",
	    "card '%s': %s '%s'%s%s%s prints at %.2f pt, under the %g pt a "
	    "player can read%s; give it a larger pt or min_pt, or more room",
	    shorten(rec_label_text(d->r), lb, sizeof(lb)), d->t->name,
	    e->name, strcmp(text, rec_label_text(d->r)) ? " text '" : "",
	    strcmp(text, rec_label_text(d->r)) ?
	    shorten(text, tx, sizeof(tx)) : "",
	    strcmp(text, rec_label_text(d->r)) ? "'" : "", pt, floor_pt,
	    counter ? " on a counter under 3/4 in" : "");
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

void
draw_text(struct draw *d, const struct elem *e, const char *text, double x,
    double y, double w, double h)
{
	struct textbox tb;
	struct sbuf icons = SBUF_INIT;
	const char *shown, *said = text;
	double used;
	char ch[5];
	long cp;
	int none, cut, fid = d->font[e->font];

	if (*text == '\0' || d->over)
		return;
	if (pdf_measured(d->pdf) - d->measured > TEXT_BUDGET) {
		char lb[64];

		d->over = 1;
		card_diag(d, L_ERROR, "render.budget",
		    "card '%s': fitting the text of '%s' goes past the "
		    "%llu million characters a card's text may measure (each "
		    "size tried counts); it and the rest of the card's text "
		    "are not drawn: give the card fewer text boxes, less "
		    "text, or a pt nearer its min_pt",
		    shorten(rec_label_text(d->r), lb, sizeof(lb)), e->name,
		    TEXT_BUDGET / 1000000);
		return;
	}
	cp = pdf_missing_glyph(d->pdf, fid, text);
	if (cp) {
		char lb[64], tx[64];

		card_diag(d, L_ERROR, "render.glyph",
		    "card '%s': text '%s' in '%s' has '%s' (U+%04lX), which "
		    "'%s' cannot print; use other characters or another font",
		    shorten(rec_label_text(d->r), lb, sizeof(lb)),
		    shorten(text, tx, sizeof(tx)), e->name,
		    utf8_encode(cp, ch), cp, d->t->fonts[e->font].pattern);
		return;
	}
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
		char wb[32], hb[32], lb[64], tx[64];

		card_diag(d, L_WARNING, "render.overflow",
		    "card '%s': %s '%s'%s%s%s does not fit its %s x %s box "
		    "even at %.1f pt, the template's minimum; %s",
		    shorten(rec_label_text(d->r), lb, sizeof(lb)), d->t->name,
		    e->name,
		    strcmp(said, rec_label_text(d->r)) ? " text '" : "",
		    strcmp(said, rec_label_text(d->r)) ?
		    shorten(said, tx, sizeof(tx)) : "",
		    strcmp(said, rec_label_text(d->r)) ? "'" : "",
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

	sb_adds(&path, expand(d, e, &e->text));
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
	lb = shorten(rec_label_text(d->r), lbuf, sizeof(lbuf));
	if (id < 0) {
		char tag[64];

		snprintf(tag, sizeof(tag), "image\t%d:%d:", line, col);
		if (!seen(d->l, at ? at : "", tag)) {
			/* A misspelt name: the nearest in its folder. */
			char nb[PATH_MAX];
			const char *near = id != -2 &&
			    access(file.buf, F_OK) != 0 ?
			    img_nearest(file.buf, path.buf, nb, sizeof(nb)) :
			    NULL;

			diag_at(L_ERROR, id == -2 ? "render.budget" :
			    "render.image", at ? at : d->t->file, line, col,
			    "card '%s': image '%s' %s%s%s%s", lb, path.buf, why,
			    near ? "; did you mean '" : "", near ? near : "",
			    near ? "'?" : "");
		}
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
		if (!seen(d->l, d->t->name, tag))
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

static void
draw_elem(struct draw *d, const struct elem *e)
{
	const char *s;
	int none;

	if (e->min_card > 0 && d->w < e->min_card - 0.01)
		return;
	if (e->when.n && *expand(d, e, &e->when) == '\0')
		return;
	if (e->unless.n && *expand(d, e, &e->unless) != '\0')
		return;
	switch (e->type) {
	case EL_BOX:
		draw_box(d, e);
		break;
	case EL_TEXT:
		s = expand(d, e, &e->text);
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
		s = expand(d, e, &e->text);
		draw_widget(d, e, s);
		break;
	case EL_IMAGE:
		draw_image(d, e);
		break;
	}
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

static int
fixed_elem(const struct elem *e)
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
		const char *s = expand(d, e, &e->text), *nl;
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
		int fixed = fixed_elem(&v[i]);

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
	if (g->front == NULL || g->slot == g->sheet.cols * g->sheet.rows) {
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
