/*
 * pdf/pdf_text.c -- text drawn with its inline icons, broken into lines
 * and fitted into a box: the largest size that fits, else the lines that
 * do, cut with an ellipsis.  See pdf.h.
 */
#include "pdf_impl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"

#define MAXLINES 64

/* Text without icons in it, with its baseline starting at x, y. */
static void
text_run(struct pdf *p, struct pdf_page *pg, int font, double pt, double x,
    double y, struct rgb c, const char *text, size_t len)
{
	char small[256], *buf = small;

	if (len == 0)
		return;
	if (len >= sizeof(small))
		buf = xmalloc(len + 1);
	memcpy(buf, text, len);
	buf[len] = '\0';
	op_begin_text(pg);
	/* Font, size and colour outlive the text object (PDF 1.7, 9.3). */
	if (pg->font != p->font[font].f || pg->size != pt) {
		op_font(p, pg, font, pt);
		pg->font = p->font[font].f;
		pg->size = pt;
	}
	fill_rgb(pg, c);
	op_text(p, pg, font, x, y, buf);
	op_end_text(pg);
	id_add(p, buf, len + 1);
	if (buf != small)
		free(buf);
}

/*
 * An icon at x on the baseline y: its picture, then its label over it
 * in text that is not painted, scaled across to the icon's width so
 * that a text extractor reads it in its place between the words.
 */
static void
icon_draw(struct pdf *p, struct pdf_page *pg, int font, double pt,
    double x, double y, struct rgb c, const struct pdf_icon *ic)
{
	const struct font *ft = &p->font[font];
	double h = ft->cap * ICON_HEIGHT * pt, w = h * ic->aspect;
	double adv = icon_width(ft, ic) * pt / 1000, lw, pct;
	size_t n = strlen(ic->label);

	if (ic->image >= 0)
		pdf_image_place(p, pg, ic->image, x + ICON_SIDE * pt, y, w, h,
		    NULL);
	else if (ic->draw)
		ic->draw(pg, ic->arg, x + ICON_SIDE * pt, y, w, h, c);
	lw = pdf_text_width(p, font, pt, ic->label, n);
	if (lw <= 0)
		return;
	/* libharu takes 10 to 300 percent; both writers write the same. */
	pct = floor(adv / lw * 1000 + 0.5) / 10;
	pct = pct < 10 ? 10 : pct > 300 ? 300 : pct;
	op_begin_text(pg);
	if (pg->font != p->font[font].f || pg->size != pt) {
		op_font(p, pg, font, pt);
		pg->font = p->font[font].f;
		pg->size = pt;
	}
	op_text_hidden(pg, pct);
	/* Squeezed, a label's doubled letters ("[arrow-up]") fall closer
	 * than pdftotext keeps apart (it drops one as fake bold): its
	 * ActualText says the label whole. */
	op_actual_begin(pg, ic->label);
	op_text(p, pg, font, x, y, ic->label);
	op_actual_end(pg);
	op_text_plain(pg);
	op_end_text(pg);
	id_add(p, ic->label, n + 1);
}

void
pdf_text(struct pdf *p, struct pdf_page *pg, int font, double pt, double x,
    double y, struct rgb c, const char *text, size_t len)
{
	const char *s = text, *run = text, *end = text + len, *q;
	const struct pdf_icon *ic;

	if (p->nicon == 0) {
		text_run(p, pg, font, pt, x, y, c, text, len);
		return;
	}
	while (s < end) {
		q = s;
		if ((ic = icon_of(p, utf8_next(&q))) == NULL) {
			s = q;
			continue;
		}
		text_run(p, pg, font, pt, x, y, c, run, (size_t)(s - run));
		x += pdf_text_width(p, font, pt, run, (size_t)(s - run));
		icon_draw(p, pg, font, pt, x, y, c, ic);
		x += icon_width(&p->font[font], ic) * pt / 1000;
		s = run = q;
	}
	text_run(p, pg, font, pt, x, y, c, run, (size_t)(end - run));
}

/* ---- fitting ---- */

struct line {
	const char *s;
	size_t len;
	double w;
};

/*
 * Greedy: the end of the words from s that stay within the width at pt
 * (at least one word, however wide), their width in *wp.  Widths add
 * up: each word measured once, from where the line's last one ended.
 */
static const char *
take_words(struct pdf *p, const struct textbox *tb, double pt,
    const char *s, const char *pend, double *wp)
{
	const char *brk = NULL, *q = s;
	double w = 0;
	double u = 0;

	while (q < pend) {
		const char *sp = memchr(q, ' ', (size_t)(pend - q));
		const char *wend = sp ? sp : pend;
		const char *from = brk ? brk : s;
		double uu = u + pdf_text_units(p, tb->font, from,
		    (size_t)(wend - from));
		double ww = uu * pt / 1000.0;

		if (ww > tb->w + 0.01 && brk)
			break;
		brk = wend;
		w = ww;
		u = uu;
		q = sp ? sp + 1 : pend;
	}
	*wp = w;
	return brk ? brk : pend;
}

/*
 * Breaks text into lines at pt.  Returns the number of lines (at most
 * max), and sets *fits when every line is within the width and, all
 * together, within the height.
 */
static int
break_lines(struct pdf *p, const struct textbox *tb, const char *text,
    double pt, struct line *out, int max, int *fits)
{
	const struct font *ft = &p->font[tb->font];
	const char *para = text;
	double height;
	int n = 0;

	*fits = 1;
	for (;;) {
		const char *end = strchr(para, '\n');
		size_t plen = end ? (size_t)(end - para) : strlen(para);

		if (!tb->wrap) {
			if (n == max) {
				*fits = 0;
				break;
			}
			out[n].s = para;
			out[n].len = plen;
			out[n].w = pdf_text_width(p, tb->font, pt, para, plen);
			if (out[n].w > tb->w + 0.01)
				*fits = 0;
			n++;
		} else {
			/* Greedy: take words while the line stays narrow. */
			const char *s = para, *pend = para + plen;

			do {
				double w;
				const char *brk = take_words(p, tb, pt, s,
				    pend, &w);

				if (n == max) {
					*fits = 0;
					return n;
				}
				out[n].s = s;
				out[n].len = (size_t)(brk - s);
				out[n].w = w;
				if (w > tb->w + 0.01)
					*fits = 0;
				n++;
				s = brk;
				while (s < pend && *s == ' ')
					s++;
			} while (s < pend);
			if (plen == 0) {
				if (n == max) {
					*fits = 0;
					return n;
				}
				out[n].s = para;
				out[n].len = 0;
				out[n].w = 0;
				n++;
			}
		}
		if (end == NULL)
			break;
		para = end + 1;
	}
	/* Height: the first line's ink, then one leading per further line;
	 * centered text needs room for descenders and accents either side. */
	height = (ft->ascent + ft->descent) * pt +
	    (n - 1) * pt * tb->leading;
	if (height > tb->h + 0.01)
		*fits = 0;
	return n;
}

static double
first_baseline(const struct font *ft, const struct textbox *tb, double pt,
    int n)
{
	double block;

	switch (tb->valign) {
	case ALIGN_START:
		return tb->y + tb->h - ft->ascent * pt;
	case ALIGN_END:
		return tb->y + ft->descent * pt + (n - 1) * pt * tb->leading;
	default:
		/* Center the capitals: what the eye reads as the text. */
		block = ft->cap * pt + (n - 1) * pt * tb->leading;
		return tb->y + (tb->h + block) / 2 - ft->cap * pt;
	}
}

/*
 * The most lines pdf_textbox() draws of text that does not fit, at pt,
 * and two more: breaking further cannot change what is drawn (every
 * line past these is over the height), so break_lines() stops there.
 */
static int
line_cap(const struct font *ft, const struct textbox *tb, double pt)
{
	int maxlines = 1 + (int)((tb->h - (ft->ascent + ft->descent) * pt) /
	    (pt * tb->leading) + 0.01);

	if (maxlines < 1)
		maxlines = 1;
	return maxlines + 2 < MAXLINES ? maxlines + 2 : MAXLINES;
}

/* Size k of the quarter-point steps down from tb->pt, as the steps were
 * always taken (subtracted one by one). */
static double
step_size(const struct textbox *tb, long k)
{
	double pt = tb->pt;

	while (k-- > 0)
		pt -= 0.25;
	return pt;
}

/*
 * The first of the sizes from tb->pt down to tb->min_pt in quarter
 * points at which the text fits, found by halving (a smaller size fits
 * what a larger one does): some 8 breakings for 40 pt down to 1 pt, not
 * 157.  Returns whether it fits; lines, *n and *pt hold the breaking at
 * the size found (at min_pt when nothing fits).
 */
static int
shrink(struct pdf *p, const struct textbox *tb, const char *text,
    struct line *lines, int *n, double *pt)
{
	const struct font *ft = &p->font[tb->font];
	long lo, hi, mid, last;
	int fits = 0;

	/* The last step at or over min_pt, counted as the loop counted. */
	for (last = -1, *pt = tb->pt; *pt >= tb->min_pt - 0.001;
	    *pt -= 0.25)
		last++;
	if (last >= 0) {
		*pt = tb->pt;
		*n = break_lines(p, tb, text, *pt, lines,
		    line_cap(ft, tb, *pt), &fits);
		if (fits)
			return 1;
		/* Step lo does not fit; the first that does is in lo + 1 ..
		 * hi, or none (hi = last + 1). */
		lo = 0;
		hi = last + 1;
		while (hi - lo > 1) {
			mid = lo + (hi - lo) / 2;
			break_lines(p, tb, text, step_size(tb, mid), lines,
			    line_cap(ft, tb, step_size(tb, mid)), &fits);
			if (fits)
				hi = mid;
			else
				lo = mid;
		}
		if (hi <= last) {
			*pt = step_size(tb, hi);
			*n = break_lines(p, tb, text, *pt, lines,
			    line_cap(ft, tb, *pt), &fits);
			return 1;
		}
	}
	*pt = tb->min_pt;
	*n = break_lines(p, tb, text, *pt, lines, line_cap(ft, tb, *pt),
	    &fits);
	return fits;
}

int
pdf_text_fits(struct pdf *p, const struct textbox *tb, const char *text,
    double *used)
{
	struct line lines[MAXLINES];
	int n;

	return shrink(p, tb, text, lines, &n, used);
}

/* Cuts a line to fit width w with an ellipsis, at a character boundary. */
static void
ellipsize(struct pdf *p, int font, double pt, double w, struct line *l,
    char *buf, size_t bufsize)
{
	static const char dots[] = "…";
	double dw = pdf_text_width(p, font, pt, dots, sizeof(dots) - 1);
	const char *s = l->s, *end = l->s + l->len, *cut = l->s;
	double acc = 0;

	while (s < end) {
		const char *q = s;
		double cw;

		utf8_next(&q);
		cw = pdf_text_width(p, font, pt, s, (size_t)(q - s));
		if (acc + cw + dw > w)
			break;
		acc += cw;
		s = q;
		cut = s;
	}
	/* Room for the dots in buf, at a character boundary. */
	if ((size_t)(cut - l->s) + sizeof(dots) > bufsize) {
		cut = l->s + bufsize - sizeof(dots);
		while (cut > l->s && ((unsigned char)*cut & 0xc0) == 0x80)
			cut--;
	}
	while (cut > l->s && cut[-1] == ' ')
		cut--;
	snprintf(buf, bufsize, "%.*s%s", (int)(cut - l->s), l->s, dots);
	l->s = buf;
	l->len = strlen(buf);
	l->w = pdf_text_width(p, font, pt, l->s, l->len);
}

int
pdf_textbox(struct pdf *p, struct pdf_page *pg, const struct textbox *tb,
    const char *text, double *used)
{
	struct font *ft = &p->font[tb->font];
	struct line lines[MAXLINES];
	char cut[MAXLINES][256];
	double pt, y, x;
	int n = 0, fits = 0, i, maxlines, clipped = 0;

	if (*text == '\0') {
		*used = tb->pt;
		return 0;
	}
	fits = shrink(p, tb, text, lines, &n, &pt);
	if (!fits) {
		/* Keep the lines that fit the height; mark what is cut.  A
		 * line taller than the box is drawn whole, past it. */
		maxlines = 1 + (int)((tb->h - (ft->ascent + ft->descent) * pt) /
		    (pt * tb->leading) + 0.01);
		if (maxlines < 1)
			maxlines = 1;
		if (n > maxlines) {
			n = maxlines;
			lines[n - 1].w = tb->w + 1;	/* force the ellipsis */
			clipped = 1;
		}
		for (i = 0; i < n; i++)
			if (lines[i].w > tb->w + 0.01) {
				ellipsize(p, tb->font, pt, tb->w, &lines[i],
				    cut[i], sizeof(cut[i]));
				clipped = 1;
			}
	}
	*used = pt;
	y = first_baseline(ft, tb, pt, n);
	for (i = 0; i < n; i++, y -= pt * tb->leading) {
		x = tb->x;
		if (tb->halign == ALIGN_CENTER)
			x += (tb->w - lines[i].w) / 2;
		else if (tb->halign == ALIGN_END)
			x += tb->w - lines[i].w;
		pdf_text(p, pg, tb->font, pt, x, y, tb->colour, lines[i].s,
		    lines[i].len);
	}
	return fits ? 0 : clipped ? 1 : 2;
}
