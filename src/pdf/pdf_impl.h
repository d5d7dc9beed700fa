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

/* pdf_font.c: why a font cannot be used, as pdf_font() says it. */
enum {
	PDF_FONT_NO_FC, PDF_FONT_BAD_NAME, PDF_FONT_NONE, PDF_FONT_NOT_TTF,
	PDF_FONT_HARU, PDF_FONT_HARU_ERR, PDF_FONT_NWHY
};
extern const char *const pdf_font_why[PDF_FONT_NWHY];

/* pdf_fontcache.c: a finder's outcomes kept between runs.  _get: 1 and
 * the outcome of pattern (why -1: usable, its file and that file's charset
 * as text; else pdf_font_why[], subst NULL or the family given instead)
 * when the record holds it and nothing it rests on changed since.  _put:
 * records an outcome just found, with a usable font's charset
 * (fontconfig started: what it rests on is asked of it). */
int pdf_fontcache_get(const char *pattern, int *why, const char **subst,
    const char **file, const char **cstext);
void pdf_fontcache_put(const char *pattern, int why, const char *subst,
    const char *file, const FcCharSet *cs);
/* A charset as the record keeps it (malloc'd), and back (an empty one
 * for text that is not such). */
char *pdf_charset_text(const FcCharSet *cs);
FcCharSet *pdf_charset_parse(const char *s);

#endif
