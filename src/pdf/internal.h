/*
 * pdf/internal.h -- what pdf.c, content.c and writer.c share; nothing
 * outside pdf/ includes it.
 *
 * Two writers lie behind pdf.h.  The plain one is libharu as its API is
 * meant to be used: one call per operator, every page kept until the
 * save and compressed there.  The fast one (the default) writes a page's
 * operators into one buffer of its own with a fast number formatter,
 * compresses each page on a second thread as soon as the page is done,
 * and draws what never changes on a card once, as a Form XObject placed
 * per card.  libharu keeps the document, fonts, pictures and forms; a
 * page is none of its objects: writer.c keeps each finished page in a
 * temporary file and writes the file itself, so memory stays flat in
 * the number of pages.  Both write the same numbers the same way, so
 * the two render alike to the pixel (tests/e2e/fast.sh);
 * MUSTER_PDF_PLAIN=1 chooses the plain one.
 */
#ifndef MUSTER_PDF_INTERNAL_H
#define MUSTER_PDF_INTERNAL_H

#include <fontconfig/fontconfig.h>
#include <hpdf.h>
#include <hpdf_encrypt.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>

#include "pdf.h"

struct font {
	char *pattern;
	char *file;
	HPDF_Font f;
	FcCharSet *cs;		/* NULL in a finder's font from the record
				 * until its text (cstext) is read */
	char *cstext;
	unsigned char ascii[128];	/* which of ASCII it prints ('\n' as
					 * if it did), once covered is set */
	int covered;
	short *width;		/* per BMP code point, -1 until asked */
	double ascent, descent, cap;	/* fractions of the em */
	int lazy;		/* /W and CIDToGIDMap left to trim_fonts() */
};

/* The bytes of a page's operators in the fast writer. */
struct obuf {
	char *b;
	size_t len, cap;
};

/*
 * A surface to draw on: a page, or a form (its own resources, its
 * origin the card's).  Each remembers the graphics state it last set,
 * so that drawing the same colour, width or font again costs nothing.
 */
struct pdf_page {
	HPDF_Page page;		/* the plain writer's page, or NULL */
	HPDF_Dict form;		/* a form's stream, or NULL */
	HPDF_Dict form_fonts;	/* its /Resources /Font */
	struct pdf_page *next, *prev;	/* pages: those still open */
	struct obuf out;	/* fast writer: the operators so far */
	char (*fname)[16];	/* fast writer: resource name of each font */
	int nfname;
	struct rgb fill, stroke;
	double width;
	HPDF_Font font;
	double size;
	int have_fill, have_stroke, have_width;
	struct pdf_page *saved;	/* the state before pdf_origin_push() */
	int cmyk;		/* colours as DeviceCMYK */
	int plain;		/* libharu's operator calls */
	int done;		/* complete: handed on to be compressed */
	int ink;		/* total ink limit, percent, or 0 */
	int pdfx;		/* PDF/X: filled shapes remembered below */
	int boxed;		/* a TrimBox set */
	double ox, oy;		/* the origin pdf_origin_push() moved to */
	struct fill *fills;	/* PDF/X: filled shapes, in page points */
	int nfills, capfills;
	/* Fast writer's pages (writer.c): which page of the document, its
	 * size and boxes, and the XObjects it places (object numbers). */
	size_t seq;
	double w, h;
	double box[8];		/* TrimBox, BleedBox: x0 y0 x1 y1 each */
	unsigned *xobj;
	int nxobj;
	/* Fast writer: where its compressed bytes wait in the pool's
	 * spill file, read back by libharu as the document is written. */
	struct spilled {
		int fd;
		long long off;
		unsigned len, pos;
	} spill;
};

/* A filled box or disc, its bounds and colour as printed: what a
 * picture's soft mask is flattened onto (PDF/X). */
struct fill {
	double x0, y0, x1, y1;
	float cmyk[4];
};

struct pool;

/* Where a finished page of the fast writer waits (writer.c): its
 * dictionary's text, then its compressed operators, at off. */
struct pagerec {
	long long off;
	unsigned dictlen, zlen;
};

struct pdf {
	HPDF_Doc doc;
	HPDF_STATUS err, detail;
	struct font *font;	/* grows: no cap on fonts per document */
	int nfonts, capfonts;
	struct pdf_page *pages, *last;	/* pages (fast: only those open) */
	struct pdf_page *forms;
	HPDF_Dict *form;	/* form id -> its stream */
	int nforms;
	size_t npages;
	struct pagerec *rec;	/* fast writer: every page, in order */
	size_t caprec;
	int cmyk;
	int ink;		/* total ink limit, percent, or 0 */
	/* The output profile pictures go through to CMYK (pdf_set_cmyk),
	 * or NULL; and whether the document is PDF/X (pdf_set_pdfx). */
	struct colour *cms;
	int pdfx;
	struct pdf_page **formpg;	/* form id -> its surface */
	int plain;		/* MUSTER_PDF_PLAIN: the plain writer */
	int finder;		/* pdf_new_finder(): fonts opened, not built */
	struct pool *pool;	/* the compressing thread */
	struct pdf_img *img;	/* images, by file (image.c) */
	int nimg, capimg;
	struct HPDF_MD5Context id;	/* what the document says, for its /ID */
	unsigned long long measured;	/* bytes of text measured, ever */
	double decoded;		/* pixels its images decoded (image.c) */
	struct pdf_icon *icon;	/* inline icons, PDF_ICON_BASE + index */
	int nicon, capicon;
};

/* An inline icon (pdf_icon()): how it is drawn and what it reads as. */
struct pdf_icon {
	char *key, *label;
	double aspect;		/* width / height */
	int image;		/* a picture's id, or -1 */
	pdf_icon_fn *draw;	/* else drawn by this */
	const void *arg;
};

/* ---- content.c: operators ---- */

void op_move(struct pdf_page *pg, double x, double y);
void op_line(struct pdf_page *pg, double x, double y);
void op_curve(struct pdf_page *pg, double x1, double y1, double x2,
    double y2, double x3, double y3);
void op_rect(struct pdf_page *pg, double x, double y, double w, double h);
void op_close(struct pdf_page *pg);
/* Fills and/or strokes the path (or ends it unpainted). */
void op_paint(struct pdf_page *pg, int fill, int stroke);
void op_fill_colour(struct pdf_page *pg, const float *c, int n);
void op_stroke_colour(struct pdf_page *pg, const float *c, int n);
void op_width(struct pdf_page *pg, double w);
/* A dash of on and off len points, or solid when len is 0. */
void op_dash(struct pdf_page *pg, unsigned len);
void op_save(struct pdf_page *pg);
void op_restore(struct pdf_page *pg);
void op_begin_text(struct pdf_page *pg);
void op_end_text(struct pdf_page *pg);
void op_font(struct pdf *p, struct pdf_page *pg, int font, double size);
/* Text that is not painted (rendering mode 3), scaled across to pct
 * percent, for what an icon reads as; op_text_plain() sets it back. */
void op_text_hidden(struct pdf_page *pg, double pct);
void op_text_plain(struct pdf_page *pg);
/* Marked content that a text extractor reads as text (its
 * /ActualText), whatever it draws; ended by op_actual_end(). */
void op_actual_begin(struct pdf_page *pg, const char *text);
void op_actual_end(struct pdf_page *pg);
/* Shows NUL-terminated UTF-8 text, its baseline starting at x, y. */
void op_text(struct pdf *p, struct pdf_page *pg, int font, double x,
    double y, const char *text);
/* Arc of radius r about cx, cy from angle a1 to a2, degrees clockwise
 * from straight up, continuing the path (a line to its start). */
void op_arc(struct pdf_page *pg, double cx, double cy, double r, double a1,
    double a2, int cont);
void op_ellipse(struct pdf_page *pg, double cx, double cy, double rx,
    double ry);
/* Moves the origin to x, y. */
void op_shift(struct pdf_page *pg, double x, double y);
/* Places the form named name (in the page's resources) at x, y. */
void op_place(struct pdf_page *pg, const char *name, double x, double y);

/* Clips to the path (a rectangle just made), ending it unpainted. */
void op_clip(struct pdf_page *pg);
/* Draws the image XObject named name (in the page's resources) in the
 * box x, y, w, h. */
void op_image(struct pdf_page *pg, const char *name, double x, double y,
    double w, double h);
/* A stream's write_fn for bytes deflated already: libharu writes them
 * as they are under its /Filter /FlateDecode. */
HPDF_STATUS raw_bytes(HPDF_Dict dict, HPDF_Stream stream);

/* Glyph width of code point c in thousandths of the em; marks the
 * glyph as used, so that it goes into the embedded subset. */
int glyph_width(struct font *ft, long c);
/* 0: fonts made the long way, libharu looking up every code point (a
 * test compares the two ways' files); 1, the default: utf8_font(). */
void pdf_font_lazy(int on);

/* Stores len bytes at the end of the spill file (or in memory when
 * there is none); their place, or -1. */
long long spill_put(struct pdf *p, const void *b, size_t len);
/* The errno of spill_put()'s first failed write, or 0. */
int spill_error(const struct pdf *p);
/* Reads len bytes at off of what spill_put() stored. */
int spill_get(struct pdf *p, long long off, void *b, size_t len);
/* Appends n bytes to o. */
void ob_put(struct obuf *o, const char *s, size_t n);
/* content.c's number formatter: v as libharu writes a real. */
char *fmt_real(char *s, double v);

/* ---- writer.c: the fast writer's pages and file ---- */

/* The name of an XObject in pg's resources. */
const char *page_xobject(struct pdf_page *pg, HPDF_Dict obj);
/* The page dictionary's text (but /Type and /Contents), into o. */
void page_dict(struct pdf *p, struct pdf_page *pg, struct obuf *o);
/* A page compressed: its dictionary and bytes stored, the page freed. */
/* Frees a page or form and what it holds (not its place in a list). */
void page_free(struct pdf_page *pg);
int page_store(struct pdf *p, struct pdf_page *pg, const struct obuf *dict,
    const void *z, size_t zlen);
/* Writes the document: libharu's objects, then the pages. */
HPDF_STATUS doc_write(struct pdf *p, HPDF_Stream st);

/* Gives a new page a buffer a finished one left, when there is one. */
void page_buffer(struct pdf *p, struct pdf_page *pg);
/* The page's operators are complete: compress them (on the pool). */
void page_done(struct pdf *p, struct pdf_page *pg);
/* Waits for every page, attaching each to its libharu stream. */
int pages_flush(struct pdf *p);
void pool_free(struct pdf *p);

/* ---- save.c ---- */

/* The end signals (SIGTERM, SIGINT, SIGHUP, SIGQUIT) blocked (how:
 * SIG_BLOCK) or taken again (SIG_UNBLOCK) by the calling thread; its mask
 * before into *was unless NULL.  A signal sent to muster goes to a thread
 * that takes it, and the thread saving a file holds them off while it
 * names its temporary file: every other thread must block them. */
void hold_end_signals(int how, sigset_t *was);
/* pthread_create() for a helper thread (spill.c's compressor) with the
 * end signals blocked in it: they go to the main thread, which saves the
 * PDF.  Returns pthread_create()'s result. */
int thread_start(pthread_t *th, void *(*fn)(void *), void *arg);

/* ---- pdf.c and image.c ---- */

/* Adds what the document says to the digest its /ID is made of. */
void id_add(struct pdf *p, const void *data, size_t len);
/* Frees the image table (the XObjects are libharu's). */
void images_free(struct pdf *p);
/* PDF/X: the colour of the topmost filled shape under x, y of pg (in
 * its current origin), as CMYK; white paper when none. */
void fill_under(const struct pdf_page *pg, double x, double y,
    float cmyk[4]);

#endif
