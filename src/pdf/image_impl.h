/*
 * pdf/image_impl.h -- what image.c shares with image_png.c and
 * image_jpeg.c, the readers of each kind of file: the image table's
 * rows, and the sink and shrink the decoded rows go through.  Nothing
 * outside these three includes it.
 */
#ifndef MUSTER_PDF_IMAGE_IMPL_H
#define MUSTER_PDF_IMAGE_IMPL_H

#include <stdio.h>
/* jpeglib.h wants stdio.h before it. */
#include <jpeglib.h>
#include <sys/stat.h>
#include <zlib.h>

#include "internal.h"

struct pdf_img {
	char *path;		/* as given */
	dev_t dev;
	ino_t ino;
	int alias;		/* the image of the same file named otherwise,
				 * or -1 */
	HPDF_Dict dict;		/* the XObject, or NULL when it failed */
	int w, h;		/* the file's size in pixels */
	unsigned long f;	/* shrunk by: f x f pixels of it to one */
	int ow, oh;		/* its size as embedded */
	int budget;		/* it failed: over the document's pixels */
	char *why;		/* what is wrong, when it failed */
	/* PDF/X, a picture with alpha: its pixels as CMYK and its alpha,
	 * and its XObject flattened onto each colour it was placed on. */
	unsigned char *cmyk, *alpha;
	struct flat {
		float under[4];
		HPDF_Dict dict;
	} *flat;
	int nflat;
};

/* A growing buffer of deflated bytes. */
struct zout {
	z_stream z;
	int open;
	unsigned char *b;
	size_t len, cap;
};

/*
 * Where rows of the picture go, once at the size they print: each split
 * into its colour and its alpha, the colour through the output profile
 * for PDF/X, and both deflated as they come.  Only what the PDF holds
 * is kept: the deflated bytes, or (PDF/X, a picture with alpha) the
 * CMYK pixels and alpha for flattening where it is placed.
 */
struct sink {
	struct pdf *p;
	unsigned long w, h;	/* the picture as embedded */
	int c;			/* colour samples a pixel given: 1, 3, 4 */
	int alpha;		/* and an alpha sample after them */
	int invert;		/* CMYK given as Adobe's inverted inks */
	int cmyk;		/* CMYK: colour made CMYK (profile, ink) */
	int keep;		/* PDF/X with alpha: pixels kept whole */
	int opaque;		/* every alpha so far 255 */
	unsigned long rows;
	struct zout col, al;
	unsigned char *tmp, *tmpa;	/* a row of colour, of alpha */
	unsigned char *kc, *ka;		/* kept: CMYK and alpha */
	/* A photograph (a grey or RGB JPEG, shrunk) goes back in as a
	 * JPEG: deflated, its noise took seconds and more bytes than the
	 * file. */
	int dct;
	struct jpeg_compress_struct jc;
	struct jpeg_error_mgr jerr;
	struct jdest {
		struct jpeg_destination_mgr pub;
		unsigned char *b;	/* ours, freed with the sink */
		size_t len, cap;
	} jd;
};

/*
 * Rows at the file's size in, rows at the printed size out: each f x f
 * block of pixels averaged into one (a block at the right or bottom
 * edge is smaller), as the rows come; with f = 1 each row goes on as it
 * is.  Holds one row of sums, the file's width.
 */
struct shrink {
	unsigned long iw, ih, f, ow, oh, y;
	size_t rowlen;		/* the bytes of each row given */
	int spp;
	unsigned *acc;
	unsigned char *out;
	struct sink *sink;
};

/* image.c */
unsigned long be32(const unsigned char *b);
HPDF_Dict new_image(struct pdf *p, unsigned long w, unsigned long h,
    const char *cs);
int sink_open(struct sink *s, struct pdf *p, unsigned long w,
    unsigned long h, int c, int alpha, int invert, int dct);
void sink_free(struct sink *s);
int sink_row(struct sink *s, const unsigned char *row);
HPDF_Dict sink_close(struct sink *s, struct pdf_img *im, char *why,
    size_t wl);
unsigned long ceil_div(unsigned long a, unsigned long b);
void shrink_open(struct shrink *s, struct sink *sink, unsigned long iw,
    unsigned long ih, unsigned long f, int spp, size_t rowlen);
void shrink_free(struct shrink *s);
int shrink_row(struct shrink *s, const unsigned char *row);

/* image_keep.c: the picture kept for path, file and f, made anew in
 * p's document (NULL: none kept); d kept. */
HPDF_Dict image_kept(struct pdf *p, const char *path,
    const unsigned char *file, size_t flen, unsigned long f);
void image_keep(struct pdf *p, const char *path, const unsigned char *file,
    size_t flen, unsigned long f, HPDF_Dict d);

/* image_png.c */
HPDF_Dict load_png(struct pdf *p, struct pdf_img *pi,
    const unsigned char *buf, size_t len, unsigned long w, unsigned long h,
    unsigned long f, char *why, size_t wl);

/* image_jpeg.c */
unsigned long jpeg_denom(unsigned long f);
HPDF_Dict load_jpeg(struct pdf *p, const unsigned char *buf, size_t len,
    unsigned long w, unsigned long h, unsigned long f, char *why,
    size_t wl);

#endif
