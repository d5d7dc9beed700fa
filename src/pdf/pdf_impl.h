/*
 * pdf/pdf_impl.h -- what pdf.c, pdf_font.c (fonts, measuring and the
 * trimming of fonts at the save) and pdf_text.c (drawing text, breaking
 * and fitting it into boxes) share.  Nothing outside src/pdf/ includes it.
 */
#ifndef MUSTER_PDF_IMPL_H
#define MUSTER_PDF_IMPL_H

#include "internal.h"

/*
 * An icon stands as high as the font's capitals times ICON_HEIGHT, on
 * the baseline, with ICON_SIDE of an em either side: a picture a little
 * taller than the capitals reads as a word's size beside them.
 */
#define ICON_HEIGHT	1.15
#define ICON_SIDE	0.08

/* The icon code point c stands for, or NULL when it is none. */
static inline const struct pdf_icon *
icon_of(const struct pdf *p, long c)
{
	if (c < PDF_ICON_BASE || c >= PDF_ICON_BASE + p->nicon)
		return NULL;
	return &p->icon[c - PDF_ICON_BASE];
}

/* Its advance, in thousandths of an em, as glyph widths are. */
static inline double
icon_width(const struct font *ft, const struct pdf_icon *ic)
{
	return (ft->cap * ICON_HEIGHT * ic->aspect + 2 * ICON_SIDE) * 1000;
}

/* pdf.c: sets the fill colour, when it is not set already. */
void fill_rgb(struct pdf_page *pg, struct rgb c);

/* pdf.c: what PDF/X-1a adds to the document at the save (save.c); 0,
 * or -1 when it cannot (the document's error says why). */
int pdfx_finish(struct pdf *p);

/* pdf_font.c: cuts each font's widths, ToUnicode map and CIDToGIDMap
 * down to the code points the document used (at the save). */
void trim_fonts(struct pdf *p);

#endif
