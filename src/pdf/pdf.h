/*
 * pdf/pdf.h -- libharu behind a small API: a document, TrueType fonts
 * found by fontconfig and always embedded, glyph coverage, text measured
 * and fitted into boxes, a few shapes, and the atomic save.
 *
 * Knows nothing of YAML, templates or games.  Coordinates are PDF points
 * with the origin at the bottom left of the page.  Text is UTF-8.
 */
#ifndef MUSTER_PDF_H
#define MUSTER_PDF_H

#include <stddef.h>

struct pdf;
struct pdf_page;

struct rgb {
	float r, g, b;
};

/* A new empty document; free it with pdf_free(). */
struct pdf *pdf_new(void);
/* A document only for finding fonts, never drawn on or saved: pdf_font()
 * finds and opens a font as for drawing (libharu reads its file and tables
 * and refuses what it would refuse), but builds no font to draw with, so
 * nothing may be measured or shown in it.  check's way to tell a font that
 * cannot be used, without libharu's 12 ms a font of building a UTF-8 font
 * (a glyph looked up for each of 65,536 code points).  What it finds is
 * kept between runs, with all it rests on: see pdf_fontcache.c. */
struct pdf *pdf_new_finder(void);
/* A finder's fonts are kept between runs (pdf_fontcache.c): the record
 * is read again at the next finder's font, as by a new run (the tests). */
void pdf_font_record_forget(void);
void pdf_free(struct pdf *p);

/*
 * A font by fontconfig pattern ("DejaVu Sans Condensed:bold").  Returns
 * its id, or -1 with *why saying what went wrong.  *substitute is set to
 * the family used when fontconfig chose another one (else NULL).  The
 * same pattern or file gives the same id.
 */
int pdf_font(struct pdf *p, const char *pattern, const char **why,
    const char **substitute);
/* The first code point of text the font cannot print, or 0. */
long pdf_missing_glyph(struct pdf *p, int font, const char *text);
/* Width of text (one line) at pt points. */
double pdf_text_width(struct pdf *p, int font, double pt, const char *text,
    size_t len);
/* The same in thousandths of the size, before scaling: the widths of two
 * pieces of a line add up to the line's (pdf_text_width() is this times
 * pt / 1000), so a line can be measured a word at a time. */
double pdf_text_units(struct pdf *p, int font, const char *text,
    size_t len);
/* Bytes of text measured so far (both functions above, and fitting): the
 * work text fitting did, for a budget. */
unsigned long long pdf_measured(const struct pdf *p);

/* The document information's Title. */
void pdf_set_title(struct pdf *p, const char *title);
/*
 * on: colours on pages made from now on as DeviceCMYK (pdf_rgb_to_cmyk),
 * and pictures converted to CMYK through the ICC output profile
 * (colour.h), their soft masks kept.  Returns 0, or -1 with why when the
 * profile cannot be had.
 */
int pdf_set_cmyk(struct pdf *p, int on, char *why, size_t whylen);
void pdf_rgb_to_cmyk(struct rgb c, float cmyk[4]);
/* Total ink of CMYK colours and pictures on pages made from now on held
 * to pct percent (colour.h's colour_ink_limit); 0: no limit. */
void pdf_set_ink_limit(struct pdf *p, int pct);
/*
 * PDF/X-1a:2003 (ISO 15930-4) for pages made from now on: pdf_set_cmyk,
 * and pictures' soft masks flattened onto the colour they are placed on
 * (the last filled box or disc under the picture's centre, or the white
 * paper); at the save, the OutputIntent with that profile, the Info's
 * PDF/X keys, dates and Trapped, a TrimBox on every page, PDF 1.4.
 * Returns 0, or -1 with why when the profile cannot be had.
 */
int pdf_set_pdfx(struct pdf *p, char *why, size_t whylen);

/* A new page of w x h points; pages print in the order they are made. */
struct pdf_page *pdf_add_page(struct pdf *p, double w, double h);
/* The page's TrimBox (the card's trim, x, y, w, h) and its BleedBox,
 * bleed further out each way (for print-on-demand services). */
void pdf_page_boxes(struct pdf_page *pg, double x, double y, double w,
    double h, double bleed);
size_t pdf_page_count(const struct pdf *p);
/* Nothing more will be drawn on pg: it can be compressed now, and its
 * uncompressed operators freed.  (Pages never said done are at the save.) */
void pdf_page_done(struct pdf *p, struct pdf_page *pg);

/*
 * A form: drawing made once and placed on many pages (a PDF Form
 * XObject), for the parts of a card that never change.  pdf_form_new()
 * gives a surface to draw on, its origin where the form will be placed;
 * pdf_form_end() closes it and gives the form's id.  The plain writer
 * (MUSTER_PDF_PLAIN=1) makes no forms: pdf_form_new() returns NULL and
 * the caller draws those parts on each page itself.
 */
struct pdf_page *pdf_form_new(struct pdf *p);
/* Draws on pg with the origin at x, y until pdf_origin_pop(), as a form
 * placed there would (one level deep). */
void pdf_origin_push(struct pdf_page *pg, double x, double y);
void pdf_origin_pop(struct pdf_page *pg);
int pdf_form_end(struct pdf *p, struct pdf_page *form);
void pdf_form_place(struct pdf *p, struct pdf_page *pg, int form, double x,
    double y);

/*
 * Images: PNG and JPEG files, each read and checked whole before it
 * goes into the document (libharu never parses one), and embedded once
 * per document however often it is placed.  pdf_image() gives the
 * image of path (the same id for the same file), its size in pixels in
 * *w and *h; or -1 with why saying what is wrong with it, to follow
 * "image 'NAME' " in a message: missing, unreadable, not a PNG or JPEG
 * by its bytes, damaged or truncated, over PDF_IMAGE_MAX_PIXELS (told
 * from its header, before it is decoded).  pdf_image_place() draws it
 * stretched to the box x, y, w, h; with clip (x, y, w, h), only what
 * falls inside that box shows.
 */
#define PDF_IMAGE_MAX_PIXELS	50e6	/* SPEC 4: 50 megapixels */
int pdf_image(struct pdf *p, const char *path, int *w, int *h, char *why,
    size_t whylen);
/*
 * The same for an image printed in a box of bw x bh points, the whole
 * of it (contain) or the box filled (cover): the file is read a row at
 * a time and embedded with no more pixels than PDF_IMAGE_DPI at that
 * size, each block of f x f pixels averaged into one (SPEC 8), so that
 * what it holds in memory is what the PDF holds.  Placed at another
 * size needing another shrink, it is embedded again for that size.
 * Returns -2 (why filled) when the pixels this document's images decode
 * would pass PDF_DOC_MAX_PIXELS, counted before each is decoded.
 */
#define PDF_IMAGE_DPI		1200
#define PDF_DOC_MAX_PIXELS	1000e6	/* SPEC 8: 20 images of 50 */
int pdf_image_at(struct pdf *p, const char *path, double bw, double bh,
    int cover, int *w, int *h, char *why, size_t whylen);
void pdf_image_place(struct pdf *p, struct pdf_page *pg, int id, double x,
    double y, double w, double h, const double *clip);
/*
 * Keeps every PNG picture made from now on, for the process (on), or
 * forgets them (0): a document made later that places the same file,
 * the same bytes at the same shrink, takes what was made instead of
 * decoding and deflating it again (--watch; image_keep.c).
 */
void pdf_images_keep(int on);

struct paint {
	int fill, stroke;	/* which of the two to do */
	struct rgb fill_rgb, stroke_rgb;
	double width;		/* stroke width, points */
	double radius;		/* corner radius, points */
	double dash;		/* dash length, 0 for solid */
};

void pdf_rect(struct pdf_page *pg, double x, double y, double w, double h,
    const struct paint *pt);
void pdf_line(struct pdf_page *pg, double x1, double y1, double x2,
    double y2, struct rgb c, double width);
void pdf_ellipse(struct pdf_page *pg, double cx, double cy, double rx,
    double ry, const struct paint *pt);
/* A closed polygon through n points, xy holding x, y of each. */
void pdf_polygon(struct pdf_page *pg, const double *xy, int n,
    const struct paint *pt);
/* A pie slice: center and width in degrees clockwise from straight up. */
void pdf_sector(struct pdf_page *pg, double cx, double cy, double r,
    double center, double width, const struct paint *pt);
/*
 * Inline icons: a picture that text holds as one character, measured,
 * wrapped, shrunk and drawn with the words.  pdf_icon() gives the
 * character for key (the same one for the same key in a document): a
 * code point from PDF_ICON_BASE, past what libharu prints, so no text
 * of the user's can mean it.  It is drawn aspect times as wide as it is
 * high, its height the capitals' of the text's font and size, on the
 * baseline: the picture image (pdf_image()'s id) when not -1, else by
 * draw in the text's colour.  label is what it reads as, written over
 * it in text that is not painted, so that pdftotext reads "[flame]".
 */
#define PDF_ICON_BASE	0xF0000L
#define PDF_ICON_MAX	256
typedef void pdf_icon_fn(struct pdf_page *pg, const void *arg, double x,
    double y, double w, double h, struct rgb c);
long pdf_icon(struct pdf *p, const char *key, const char *label,
    double aspect, int image, pdf_icon_fn *draw, const void *arg);

/* Text with its baseline starting at x, y. */
void pdf_text(struct pdf *p, struct pdf_page *pg, int font, double pt,
    double x, double y, struct rgb c, const char *text, size_t len);

enum { ALIGN_START, ALIGN_CENTER, ALIGN_END };

struct textbox {
	double x, y, w, h;	/* the box, bottom-left origin */
	int font;
	double pt, min_pt;	/* size wanted, smallest allowed */
	int halign, valign;	/* ALIGN_*: left/top, center, right/bottom */
	int wrap;		/* break lines at spaces to fit the width */
	double leading;		/* line distance as a multiple of pt */
	struct rgb colour;
};

/*
 * Draws text in the box, shrinking it from tb->pt down to tb->min_pt
 * until it fits (breaking lines at spaces when tb->wrap).  Newlines always
 * break.  Returns 0 when it fits; otherwise draws it at min_pt cut to the
 * box with an ellipsis and returns 1, or, when one line is all it holds
 * and is only taller than the box, draws it whole and returns 2.  *used
 * gets the size drawn.
 */
int pdf_textbox(struct pdf *p, struct pdf_page *pg, const struct textbox *tb,
    const char *text, double *used);
/* As pdf_textbox without drawing: the size it would use, and whether it fits. */
int pdf_text_fits(struct pdf *p, const struct textbox *tb, const char *text,
    double *used);

/*
 * Writes the document to path atomically: a temporary file in the same
 * folder, renamed into place only when every byte is written and synced.
 * On failure nothing is left behind, an existing file is untouched, and
 * the return is -1 with err describing why.
 */
int pdf_save(struct pdf *p, const char *path, char *err, size_t errlen);
/*
 * Whether a PDF of that many indirect objects and bytes can be written
 * and read: at most 8,388,607 objects (ISO 32000-1, Annex C, the
 * least limit readers keep) and under 4 GiB (libharu counts a stream's
 * bytes, and the cross-reference offsets, in 32 bits).  pdf_save()
 * refuses a document past either, before or as it passes.
 */
#define PDF_MAX_OBJECTS	8388607ULL
#define PDF_MAX_BYTES	4294967295ULL
int pdf_size_fits(unsigned long long objects, unsigned long long bytes);
/*
 * The same for any file: fill writes it into fd (path for messages) and
 * returns 0, or -1 with err filled.  The target is checked as for a PDF
 * (no device, no read-only file, a link followed), and a signal during
 * the write leaves no temporary file.
 */
int save_file(const char *path, int (*fill)(int fd, const char *path,
    void *ctx, char *err, size_t errlen), void *ctx, char *err,
    size_t errlen);
/* The document as bytes in memory (*out, which the caller frees, *len
 * of them), for drawing it as pixels; -1 with err filled on failure. */
int pdf_save_mem(struct pdf *p, unsigned char **out, size_t *len,
    char *err, size_t errlen);
/* Nonzero after libharu reported an error; err gets its description. */
int pdf_failed(const struct pdf *p, char *err, size_t errlen);

/* Releases fontconfig's caches at exit (for leak checkers). */
void pdf_cleanup(void);

#endif
