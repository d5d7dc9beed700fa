/*
 * pdf/image.c -- PNG and JPEG files as image XObjects, one per file
 * however often it is placed (see pdf.h).
 *
 * libharu never reads an image file here.  Its PNG reader gives libpng
 * an error handler that returns, so libpng aborts the process on the
 * first corrupt byte; its JPEG reader takes the first marker it does not
 * expect for a lost one.  So each file is read whole and checked: its
 * kind by its first bytes, whatever its name; its size in pixels from
 * its header, before anything is decoded, against the limit; then
 * decoded whole by libpng (its simplified API, which returns its
 * errors) or libjpeg (errors returned by longjmp, and every warning,
 * such as a file that ends early, taken as an error).  Only then does
 * it become a PDF object: a PNG's pixels, deflated here, with its alpha
 * as a soft mask; a JPEG's own bytes, which PDF readers decode.
 *
 * For CMYK (pdf_set_cmyk, and so PDF/X) colour pixels go through the
 * output profile to CMYK (colour.c), total ink limited, and are deflated
 * here: an RGB JPEG is decoded for that.  Under PDF/X a picture with
 * alpha gets no soft mask: its CMYK pixels are kept, and each colour it
 * is placed on (fill_under) gets an XObject of its own, the pixels
 * blended onto that colour; without PDF/X its alpha stays a soft mask.
 */
#include "image_impl.h"

#include <errno.h>
#include <hpdf_pages.h>
#include <hpdf_streams.h>
#include <stdio.h>
/* jpeglib.h wants stdio.h before it. */
#include <jpeglib.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#include "../util.h"
#include "colour.h"

/* An image file larger than this is refused before it is read. */
#define IMAGE_MAX_BYTES	((size_t)64 << 20)

void
images_free(struct pdf *p)
{
	int i;

	for (i = 0; i < p->nimg; i++) {
		free(p->img[i].path);
		free(p->img[i].why);
		free(p->img[i].cmyk);
		free(p->img[i].alpha);
		free(p->img[i].flat);
	}
	free(p->img);
	p->img = NULL;
	p->nimg = p->capimg = 0;
}

/* ---- reading and sniffing ---- */

/* The whole of a regular file of at most IMAGE_MAX_BYTES (read_regular),
 * or NULL with why: a FIFO or device is refused without being read. */
static unsigned char *
read_file(const char *path, size_t *len, struct stat *st, char *why,
    size_t wl)
{
	char *buf;

	switch (read_regular(path, IMAGE_MAX_BYTES, &buf, len, st)) {
	case READ_OK:
		if (*len > 0)
			return (unsigned char *)buf;
		free(buf);
		snprintf(why, wl, "is empty (0 bytes); give a PNG or JPEG "
		    "file");
		return NULL;
	case READ_FOLDER:
		snprintf(why, wl, "is a folder; give a PNG or JPEG file");
		return NULL;
	case READ_SPECIAL:
		snprintf(why, wl, "is not a regular file (a FIFO, device or "
		    "socket); give a PNG or JPEG file");
		return NULL;
	case READ_BIG:
		snprintf(why, wl, "is %.1f MiB; an image file may be at most "
		    "%zu MiB", st->st_size / 1048576.0, IMAGE_MAX_BYTES >> 20);
		return NULL;
	case READ_CHANGED:
		snprintf(why, wl, "cannot be read: it changed while read");
		return NULL;
	case READ_IO:
		snprintf(why, wl, "cannot be read: %s", strerror(errno));
		return NULL;
	default:
		snprintf(why, wl, "cannot be opened: %s; give a PNG or JPEG "
		    "file", strerror(errno));
		return NULL;
	}
}

enum kind { K_PNG, K_JPEG };

static unsigned
be16(const unsigned char *b)
{
	return (unsigned)b[0] << 8 | b[1];
}

unsigned long
be32(const unsigned char *b)
{
	return (unsigned long)b[0] << 24 | (unsigned long)b[1] << 16 |
	    (unsigned long)b[2] << 8 | b[3];
}

/*
 * The image's size from its header: a PNG's IHDR, a JPEG's frame
 * header (SOFn), found by walking the markers.  0, or -1 with why.
 */
static int
header_size(const unsigned char *b, size_t len, enum kind k,
    unsigned long *w, unsigned long *h, char *why, size_t wl)
{
	size_t i;

	if (k == K_PNG) {
		if (len < 33 || be32(b + 8) != 13 || memcmp(b + 12, "IHDR", 4)) {
			snprintf(why, wl, "is a damaged PNG: it has no image "
			    "header (IHDR); save it again");
			return -1;
		}
		*w = be32(b + 16);
		*h = be32(b + 20);
		/* PNG 11.2.2: each at least 1 and below 2^31. */
		if (*w == 0 || *h == 0 || *w > 0x7fffffffUL ||
		    *h > 0x7fffffffUL) {
			snprintf(why, wl, "is a damaged PNG: its header gives "
			    "%lu x %lu pixels; save it again", *w, *h);
			return -1;
		}
		return 0;
	}
	for (i = 2; i + 4 <= len;) {
		unsigned m, seglen;

		if (b[i] != 0xff) {
			snprintf(why, wl, "is a damaged JPEG: byte %zu should "
			    "begin a marker; save it again", i);
			return -1;
		}
		while (i < len && b[i] == 0xff)	/* fill bytes */
			i++;
		if (i + 3 > len)
			break;
		m = b[i++];
		if (m == 0x01 || (m >= 0xd0 && m <= 0xd7))
			continue;	/* markers without a segment */
		seglen = be16(b + i);
		if (seglen < 2 || i + seglen > len)
			break;
		/* Every SOFn but the table and restart markers among them
		 * (C4 DHT, C8 JPG, CC DAC). */
		if (m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 &&
		    m != 0xcc) {
			if (seglen < 8)
				break;
			*h = be16(b + i + 3);
			*w = be16(b + i + 5);
			if (*w == 0 || *h == 0) {
				snprintf(why, wl, "is a JPEG that gives %lu x %lu "
				    "pixels in its header; save it again with "
				    "its size in the header", *w, *h);
				return -1;
			}
			return 0;
		}
		if (m == 0xda || m == 0xd9)
			break;		/* scan data or the end: no frame */
		i += seglen;
	}
	snprintf(why, wl, "is a damaged JPEG: it ends before its frame header "
	    "gives its size; save it again");
	return -1;
}

/* Deflates n bytes into a new stream of p's document, marked so that
 * libharu writes them as they are, FlateDecode. */
static int
put_deflated(struct pdf *p, HPDF_Dict d, const unsigned char *data,
    size_t n)
{
	uLongf zlen = compressBound((uLong)n);
	unsigned char *z = xmalloc(zlen);
	int ok;

	ok = compress2(z, &zlen, data, (uLong)n, Z_DEFAULT_COMPRESSION) ==
	    Z_OK;
	if (ok) {
		d->filter = HPDF_STREAM_FILTER_FLATE_DECODE;
		d->write_fn = raw_bytes;
		ok = HPDF_Stream_Write(d->stream, z, (HPDF_UINT)zlen) == HPDF_OK;
	}
	free(z);
	(void)p;
	return ok ? 0 : -1;
}

/* A new image XObject of w x h pixels, 8 bits, in cs. */
HPDF_Dict
new_image(struct pdf *p, unsigned long w, unsigned long h, const char *cs)
{
	HPDF_Dict d = HPDF_DictStream_New(p->doc->mmgr, p->doc->xref);

	if (d == NULL)
		return NULL;
	d->header.obj_class |= HPDF_OSUBCLASS_XOBJECT;
	if (HPDF_Dict_AddName(d, "Type", "XObject") != HPDF_OK ||
	    HPDF_Dict_AddName(d, "Subtype", "Image") != HPDF_OK ||
	    HPDF_Dict_AddNumber(d, "Width", (HPDF_INT32)w) != HPDF_OK ||
	    HPDF_Dict_AddNumber(d, "Height", (HPDF_INT32)h) != HPDF_OK ||
	    HPDF_Dict_AddName(d, "ColorSpace", cs) != HPDF_OK ||
	    HPDF_Dict_AddNumber(d, "BitsPerComponent", 8) != HPDF_OK)
		return NULL;
	return d;
}

/* ---- the pixels, as they come ---- */

static int
zout_open(struct zout *o)
{
	memset(o, 0, sizeof(*o));
	if (deflateInit(&o->z, Z_DEFAULT_COMPRESSION) != Z_OK)
		return -1;
	o->open = 1;
	return 0;
}

/* Deflates n more bytes (flush: Z_FINISH for the last).  The same
 * bytes come out as from compress2() over the whole: deflate's output
 * does not depend on how its input is cut. */
static int
zout_put(struct zout *o, const unsigned char *data, size_t n, int flush)
{
	int rc;

	o->z.next_in = (Bytef *)(uintptr_t)data;
	o->z.avail_in = (uInt)n;
	do {
		if (o->cap - o->len < 4096) {
			o->cap = o->cap ? o->cap * 2 : 16384;
			o->b = xrealloc(o->b, o->cap);
		}
		o->z.next_out = o->b + o->len;
		o->z.avail_out = (uInt)(o->cap - o->len);
		rc = deflate(&o->z, flush);
		o->len = o->cap - o->z.avail_out;
		if (rc == Z_STREAM_ERROR)
			return -1;
	} while (o->z.avail_in > 0 || o->z.avail_out == 0 ||
	    (flush == Z_FINISH && rc != Z_STREAM_END));
	return 0;
}

static void
zout_free(struct zout *o)
{
	if (o->open)
		deflateEnd(&o->z);
	free(o->b);
	memset(o, 0, sizeof(*o));
}

/* libjpeg's output into a buffer of our own (jpeg_mem_dest's is freed
 * and moved as it grows, and is ours only once compression finishes: a
 * decoding that fails half way would leave it dangling). */
static void
jdest_init(j_compress_ptr c)
{
	struct jdest *d = (struct jdest *)c->dest;

	d->cap = 65536;
	d->b = xmalloc(d->cap);
	d->pub.next_output_byte = d->b;
	d->pub.free_in_buffer = d->cap;
}

static boolean
jdest_empty(j_compress_ptr c)
{
	struct jdest *d = (struct jdest *)c->dest;

	d->len = d->cap;
	d->cap *= 2;
	d->b = xrealloc(d->b, d->cap);
	d->pub.next_output_byte = d->b + d->len;
	d->pub.free_in_buffer = d->cap - d->len;
	return TRUE;
}

static void
jdest_term(j_compress_ptr c)
{
	struct jdest *d = (struct jdest *)c->dest;

	d->len = d->cap - d->pub.free_in_buffer;
}

/* Quality of a shrunk JPEG written again (libjpeg's scale, 1-100). */
#define JPEG_QUALITY	92

/* libjpeg fails writing to memory only when memory fails: as xmalloc. */
static void
jpeg_write_fail(j_common_ptr cinfo)
{
	char msg[JMSG_LENGTH_MAX];

	(*cinfo->err->format_message)(cinfo, msg);
	fatal("libjpeg: %s", msg);
}

int
sink_open(struct sink *s, struct pdf *p, unsigned long w, unsigned long h,
    int c, int alpha, int invert, int dct)
{
	memset(s, 0, sizeof(*s));
	s->p = p;
	s->w = w;
	s->h = h;
	s->c = c;
	s->alpha = alpha;
	s->invert = invert;
	s->opaque = 1;
	s->cmyk = p->cms != NULL && c != 1;
	s->keep = p->pdfx && s->cmyk && c == 3 && alpha;
	s->tmp = xmalloc((size_t)w * 4);
	s->tmpa = xmalloc((size_t)w);
	if (dct && !s->cmyk && !alpha && (c == 1 || c == 3)) {
		s->dct = 1;
		s->jc.err = jpeg_std_error(&s->jerr);
		s->jerr.error_exit = jpeg_write_fail;
		jpeg_create_compress(&s->jc);
		s->jd.pub.init_destination = jdest_init;
		s->jd.pub.empty_output_buffer = jdest_empty;
		s->jd.pub.term_destination = jdest_term;
		s->jc.dest = &s->jd.pub;
		s->jc.image_width = (JDIMENSION)w;
		s->jc.image_height = (JDIMENSION)h;
		s->jc.input_components = c;
		s->jc.in_color_space = c == 3 ? JCS_RGB : JCS_GRAYSCALE;
		jpeg_set_defaults(&s->jc);
		jpeg_set_quality(&s->jc, JPEG_QUALITY, TRUE);
		jpeg_start_compress(&s->jc, TRUE);
		return 0;
	}
	if (s->keep) {
		s->kc = xmalloc((size_t)w * h * 4);
		s->ka = xmalloc((size_t)w * h);
		return 0;
	}
	if (zout_open(&s->col) < 0 || (alpha && zout_open(&s->al) < 0))
		return -1;
	return 0;
}

void
sink_free(struct sink *s)
{
	if (s->dct)
		jpeg_destroy_compress(&s->jc);
	free(s->jd.b);
	zout_free(&s->col);
	zout_free(&s->al);
	free(s->tmp);
	free(s->tmpa);
	free(s->kc);
	free(s->ka);
	memset(s, 0, sizeof(*s));
}

/* One row of w pixels, c (+ alpha) samples each. */
int
sink_row(struct sink *s, const unsigned char *row)
{
	size_t n = s->w, i;
	int k, spp = s->c + s->alpha, oc = s->cmyk ? 4 : s->c;
	unsigned char *col = s->tmp;

	if (s->rows >= s->h)
		return 0;	/* never more rows than it has */
	if (s->dct) {
		JSAMPROW r = (JSAMPROW)(uintptr_t)row;

		jpeg_write_scanlines(&s->jc, &r, 1);
		s->rows++;
		return 0;
	}
	for (i = 0; i < n; i++) {
		for (k = 0; k < s->c; k++)
			col[i * (size_t)s->c + (size_t)k] = s->invert ?
			    (unsigned char)(255 - row[i * spp + k]) :
			    row[i * spp + k];
		if (s->alpha) {
			s->tmpa[i] = row[i * spp + s->c];
			s->opaque &= s->tmpa[i] == 255;
		}
	}
	if (s->cmyk) {
		if (s->c == 3) {
			/* In place is not possible: 3 samples become 4. */
			unsigned char *out = s->keep ? s->kc + s->rows * n * 4 :
			    NULL;
			unsigned char buf[4 * 256];

			for (i = 0; i < n; i += 256) {
				size_t m = n - i < 256 ? n - i : 256;

				colour_rgb_to_cmyk(s->p->cms, col + i * 3, out ?
				    out + i * 4 : buf, m);
				if (!out) {
					colour_ink_limit8(buf, m, s->p->ink);
					if (zout_put(&s->col, buf, m * 4,
					    Z_NO_FLUSH) < 0)
						return -1;
				}
			}
			if (s->keep)
				memcpy(s->ka + s->rows * n, s->tmpa, n);
			else if (s->alpha && zout_put(&s->al, s->tmpa, n,
			    Z_NO_FLUSH) < 0)
				return -1;
			s->rows++;
			return 0;
		}
		colour_ink_limit8(col, n, s->p->ink);
	}
	s->rows++;
	if (zout_put(&s->col, col, n * (size_t)oc, Z_NO_FLUSH) < 0)
		return -1;
	if (s->alpha && zout_put(&s->al, s->tmpa, n, Z_NO_FLUSH) < 0)
		return -1;
	return 0;
}

/* Writes deflated bytes into a new stream of p's document, marked so
 * that libharu writes them as they are, FlateDecode. */
static int
put_zout(HPDF_Dict d, const struct zout *o)
{
	d->filter = HPDF_STREAM_FILTER_FLATE_DECODE;
	d->write_fn = raw_bytes;
	return HPDF_Stream_Write(d->stream, o->b, (HPDF_UINT)o->len) ==
	    HPDF_OK ? 0 : -1;
}

/*
 * The picture's XObject (with its soft mask), or NULL: then im->cmyk set
 * means it is flattened where placed, else libharu failed (why).
 */
HPDF_Dict
sink_close(struct sink *s, struct pdf_img *im, char *why, size_t wl)
{
	struct pdf *p = s->p;
	HPDF_Dict d = NULL, mask;
	const char *cs;
	size_t n = (size_t)s->w * s->h;

	if (s->rows < s->h) {
		snprintf(why, wl, "is a damaged or truncated image (%lu rows of "
		    "%lu); save it again", s->rows, s->h);
		return NULL;
	}
	if (s->dct) {
		jpeg_finish_compress(&s->jc);
		if ((d = new_image(p, s->w, s->h, s->c == 3 ? "DeviceRGB" :
		    "DeviceGray")) == NULL)
			goto fail;
		d->filter = HPDF_STREAM_FILTER_DCT_DECODE;
		if (HPDF_Stream_Write(d->stream, s->jd.b, (HPDF_UINT)s->jd.len) !=
		    HPDF_OK)
			goto fail;
		return d;
	}
	if (s->keep) {
		if (!s->opaque) {
			im->cmyk = s->kc;
			im->alpha = s->ka;
			s->kc = s->ka = NULL;
			return NULL;
		}
		colour_ink_limit8(s->kc, n, p->ink);
		if (zout_open(&s->col) < 0 ||
		    zout_put(&s->col, s->kc, n * 4, Z_FINISH) < 0)
			goto fail;
		s->alpha = 0;
	} else if (zout_put(&s->col, NULL, 0, Z_FINISH) < 0 ||
	    (s->alpha && zout_put(&s->al, NULL, 0, Z_FINISH) < 0)) {
		goto fail;
	}
	cs = s->cmyk || s->c == 4 ? "DeviceCMYK" : s->c == 3 ? "DeviceRGB" :
	    "DeviceGray";
	if ((d = new_image(p, s->w, s->h, cs)) == NULL || put_zout(d,
	    &s->col) < 0)
		goto fail;
	if (s->alpha && !s->opaque) {
		mask = new_image(p, s->w, s->h, "DeviceGray");
		if (mask == NULL || put_zout(mask, &s->al) < 0 ||
		    HPDF_Dict_Add(d, "SMask", mask) != HPDF_OK)
			goto fail;
	}
	return d;
fail:
	snprintf(why, wl, "cannot be embedded: libharu fails (out of "
	    "memory?)");
	return NULL;
}

unsigned long
ceil_div(unsigned long a, unsigned long b)
{
	return a / b + (a % b != 0);
}

void
shrink_open(struct shrink *s, struct sink *sink, unsigned long iw,
    unsigned long ih, unsigned long f, int spp, size_t rowlen)
{
	memset(s, 0, sizeof(*s));
	s->iw = iw;
	s->ih = ih;
	s->f = f;
	s->ow = ceil_div(iw, f);
	s->oh = ceil_div(ih, f);
	s->spp = spp;
	s->rowlen = rowlen;
	s->sink = sink;
	if (f > 1) {
		s->acc = xcalloc((size_t)iw * (size_t)spp, sizeof(*s->acc));
		s->out = xmalloc((size_t)s->ow * (size_t)spp);
	}
}

void
shrink_free(struct shrink *s)
{
	free(s->acc);
	free(s->out);
	s->acc = NULL;
	s->out = NULL;
}

/* Sums += a row (apart: so that the compiler makes vector code of it,
 * the two never overlapping).  n is at most the row's length
 * (shrink_row checks it) and the sums' (shrink_open sizes them). */
static NO_SANITIZE void
add_row(unsigned *restrict a, const unsigned char *restrict r, size_t n)
{
	size_t i, j;

	/* In sixteens, a count the compiler's cheapest vector code takes. */
	for (i = 0; i + 16 <= n; i += 16)
		for (j = 0; j < 16; j++)
			a[i + j] += r[i + j];
	for (; i < n; i++)
		a[i] += r[i];
}

int
shrink_row(struct shrink *s, const unsigned char *row)
{
	size_t n = (size_t)s->iw * (size_t)s->spp;
	unsigned long x, ox, rows, cols;
	unsigned *a = s->acc;
	int k;

	if (s->y >= s->ih)
		return 0;
	s->y++;
	if (s->f == 1)
		return sink_row(s->sink, row);
	if (n > s->rowlen)
		fatal("shrink_row: a row of %zu bytes, %zu wanted", s->rowlen,
		    n);
	/* Down first, a row of sums as long as the file's (a loop the
	 * compiler makes vector code of: this is most of the work of a
	 * big image); across once a band of f rows is in. */
	add_row(a, row, n);
	if (s->y % s->f != 0 && s->y != s->ih)
		return 0;
	rows = s->y % s->f ? s->y % s->f : s->f;
	for (ox = 0; ox < s->ow; ox++) {
		unsigned long cnt;

		cols = s->iw - ox * s->f < s->f ? s->iw - ox * s->f : s->f;
		cnt = cols * rows;
		for (k = 0; k < s->spp; k++) {
			unsigned long sum = 0;

			for (x = 0; x < cols; x++)
				sum += a[(ox * s->f + x) * (unsigned long)s->spp +
				    (unsigned long)k];
			s->out[ox * (unsigned long)s->spp + (unsigned long)k] =
			    (unsigned char)((sum + cnt / 2) / cnt);
		}
	}
	memset(a, 0, n * sizeof(*a));
	return sink_row(s->sink, s->out);
}

/* ---- the API ---- */

/*
 * The shrink an image printed in a box of bw x bh points takes: the
 * most whole pixels of the file to one that still leaves PDF_IMAGE_DPI
 * at its printed size (contain: the whole image in the box; cover: the
 * box filled).  1 when no box is given.
 */
static unsigned long
factor(unsigned long iw, unsigned long ih, double bw, double bh, int cover)
{
	double sx, sy, sc, f;

	if (!(bw > 0) || !(bh > 0))
		return 1;
	sx = bw / (double)iw;
	sy = bh / (double)ih;
	sc = cover ? (sx > sy ? sx : sy) : (sx < sy ? sx : sy);
	f = floor(72.0 / sc / PDF_IMAGE_DPI);
	return f < 1 ? 1 : f > 65536 ? 65536 : (unsigned long)f;
}

/* An image of path already made at the shrink the box asks (or that
 * failed, at any size), or -1. */
static int
image_cached(const struct pdf *p, const char *path, double bw, double bh,
    int cover)
{
	int i;

	for (i = 0; i < p->nimg; i++) {
		if (strcmp(p->img[i].path, path) != 0)
			continue;
		if (p->img[i].why)
			return i;
		if (p->img[i].f == factor((unsigned long)p->img[i].w,
		    (unsigned long)p->img[i].h, bw, bh, cover))
			return i;
	}
	return -1;
}

/* A new row of the image table for path, not yet counted in p->nimg. */
static struct pdf_img *
image_new(struct pdf *p, const char *path)
{
	struct pdf_img *im;

	if (p->nimg == p->capimg) {
		p->capimg = p->capimg ? p->capimg * 2 : 16;
		p->img = xrealloc(p->img, (size_t)p->capimg * sizeof(*p->img));
	}
	im = &p->img[p->nimg];
	memset(im, 0, sizeof(*im));
	im->alias = -1;
	im->f = 1;
	im->path = xstrdup(path);
	return im;
}

/* The file's kind by its first bytes and its size by its header, within
 * the limit.  0, or -1 with why. */
static int
image_sniff(const unsigned char *buf, size_t len, enum kind *k,
    unsigned long *iw, unsigned long *ih, char *why, size_t wl)
{
	if (len >= 8 && memcmp(buf, "\x89PNG\r\n\x1a\n", 8) == 0)
		*k = K_PNG;
	else if (len >= 3 && memcmp(buf, "\xff\xd8\xff", 3) == 0)
		*k = K_JPEG;
	else {
		snprintf(why, wl, "is not a PNG or JPEG file (its first bytes "
		    "are neither's, whatever its name says); give a PNG or "
		    "JPEG image");
		return -1;
	}
	if (header_size(buf, len, *k, iw, ih, why, wl) < 0)
		return -1;
	/* SPEC 4: over 50 megapixels is refused, before it is decoded. */
	if ((double)*iw * (double)*ih > PDF_IMAGE_MAX_PIXELS) {
		snprintf(why, wl, "is %lu x %lu pixels, %.2f megapixels; an "
		    "image may have at most %.0f megapixels: scale it down", *iw,
		    *ih, (double)*iw * (double)*ih / 1e6,
		    PDF_IMAGE_MAX_PIXELS / 1e6);
		return -1;
	}
	return 0;
}

/* The image made before of the same file by another name, at the same
 * shrink, or -1. */
static int
image_same_file(const struct pdf *p, const struct stat *st, unsigned long f)
{
	int i;

	for (i = 0; i < p->nimg; i++)
		if ((p->img[i].dict || p->img[i].cmyk) &&
		    p->img[i].dev == st->st_dev &&
		    p->img[i].ino == st->st_ino && p->img[i].alias < 0 &&
		    p->img[i].f == f)
			return i;
	return -1;
}

/*
 * SPEC 8: the pixels a document decodes, counted before: a JPEG
 * embedded as it is, or shrunk by libjpeg, is decoded smaller.  0 and
 * counted, or -1 with why.
 */
static int
image_budget(struct pdf *p, enum kind k, unsigned long iw, unsigned long ih,
    unsigned long f, char *why, size_t wl)
{
	unsigned long d = k == K_PNG ? 1 : f > 1 || p->cms ? jpeg_denom(f) : 8;
	double px = (double)ceil_div(iw, d) * (double)ceil_div(ih, d);

	if (p->decoded + px > PDF_DOC_MAX_PIXELS) {
		snprintf(why, wl, "is not decoded: with its %.2f megapixels the "
		    "images of this document would decode %.0f, over the %.0f "
		    "megapixels a document's images may; use fewer or smaller "
		    "images", px / 1e6, (p->decoded + px) / 1e6,
		    PDF_DOC_MAX_PIXELS / 1e6);
		return -1;
	}
	p->decoded += px;
	return 0;
}

int
pdf_image(struct pdf *p, const char *path, int *w, int *h, char *why,
    size_t wl)
{
	return pdf_image_at(p, path, 0, 0, 0, w, h, why, wl);
}

int
pdf_image_at(struct pdf *p, const char *path, double bw, double bh,
    int cover, int *w, int *h, char *why, size_t wl)
{
	struct pdf_img *im;
	struct stat st;
	unsigned char *buf = NULL;
	unsigned long iw = 0, ih = 0, f, d;
	size_t len = 0;
	enum kind k;
	int i;

	*w = *h = 0;
	/* The same path: a failure is one at any size; a success gives
	 * the size, and so the shrink, to look for. */
	if ((i = image_cached(p, path, bw, bh, cover)) >= 0)
		goto found;
	im = image_new(p, path);
	if ((buf = read_file(path, &len, &st, why, wl)) == NULL ||
	    image_sniff(buf, len, &k, &iw, &ih, why, wl) < 0)
		goto failed;
	im->f = f = factor(iw, ih, bw, bh, cover);
	im->w = (int)iw;
	im->h = (int)ih;
	/* The same file by another name is the same image. */
	if ((im->alias = image_same_file(p, &st, f)) >= 0) {
		i = p->nimg++;
		free(buf);
		goto found;
	}
	im->dev = st.st_dev;
	im->ino = st.st_ino;
	if (image_budget(p, k, iw, ih, f, why, wl) < 0) {
		im->budget = 1;
		goto failed;
	}
	/* libharu's errors stick: one from before stops this image too. */
	if (p->err) {
		snprintf(why, wl, "cannot be embedded: an earlier libharu error "
		    "stops the document");
		goto failed;
	}
	if (k == K_JPEG)
		im->dict = load_jpeg(p, buf, len, iw, ih, f, why, wl);
	else if ((im->dict = image_kept(p, path, buf, len, f)) == NULL) {
		im->dict = load_png(p, im, buf, len, iw, ih, f, why, wl);
		image_keep(p, path, buf, len, f, im->dict);
	}
	if (im->dict == NULL && im->cmyk == NULL)
		goto failed;
	im->ow = (int)ceil_div(iw, f);
	im->oh = (int)ceil_div(ih, f);
	if (k == K_JPEG && f > 1) {
		/* libjpeg's shrink, then ours. */
		d = jpeg_denom(f);
		im->ow = (int)ceil_div(ceil_div(iw, d), f / d);
		im->oh = (int)ceil_div(ceil_div(ih, d), f / d);
	}
	/* The document's /ID says which pixels it shows. */
	id_add(p, buf, len);
	free(buf);
	i = p->nimg++;
	goto found;
failed:
	free(buf);
	im->why = xstrdup(why);
	i = p->nimg++;
found:
	if (p->img[i].alias >= 0)
		i = p->img[i].alias;
	im = &p->img[i];
	if (im->dict == NULL && im->cmyk == NULL) {
		snprintf(why, wl, "%s", im->why);
		return im->budget ? -2 : -1;
	}
	*w = im->w;
	*h = im->h;
	return i;
}

/*
 * PDF/X: image im flattened onto the CMYK colour under, made once a
 * colour: each pixel a blend of its own inks and the colour's by its
 * alpha (what the soft mask would show over that colour, in the
 * press's inks), ink limited.  NULL when libharu fails.
 */
static HPDF_Dict
flattened(struct pdf *p, struct pdf_img *im, const float under[4])
{
	size_t n = (size_t)im->ow * (size_t)im->oh, i;
	unsigned char *px, u[4];
	HPDF_Dict d;
	int c;

	for (i = 0; i < (size_t)im->nflat; i++)
		if (memcmp(im->flat[i].under, under, sizeof(float) * 4) == 0)
			return im->flat[i].dict;
	for (c = 0; c < 4; c++)
		u[c] = (unsigned char)(under[c] * 255 + 0.5f);
	px = xmalloc(n * 4);
	for (i = 0; i < n; i++) {
		unsigned a = im->alpha[i];

		for (c = 0; c < 4; c++)
			px[i * 4 + c] = (unsigned char)((im->cmyk[i * 4 + c] * a +
			    u[c] * (255 - a) + 127) / 255);
	}
	colour_ink_limit8(px, n, p->ink);
	d = new_image(p, (unsigned long)im->ow, (unsigned long)im->oh,
	    "DeviceCMYK");
	if (d && put_deflated(p, d, px, n * 4) < 0)
		d = NULL;
	free(px);
	if (d == NULL)
		return NULL;
	im->flat = xrealloc(im->flat, (size_t)(im->nflat + 1) *
	    sizeof(*im->flat));
	memcpy(im->flat[im->nflat].under, under, sizeof(float) * 4);
	im->flat[im->nflat++].dict = d;
	return d;
}

void
pdf_image_place(struct pdf *p, struct pdf_page *pg, int id, double x,
    double y, double w, double h, const double *clip)
{
	const char *name;
	HPDF_Dict dict;

	/* A form has no images (its resources hold fonts). */
	if (id < 0 || id >= p->nimg || pg->form != NULL)
		return;
	dict = p->img[id].dict;
	if (p->img[id].cmyk) {
		float under[4];

		/* What shows is the clipped box, when cut: its centre. */
		if (clip)
			fill_under(pg, clip[0] + clip[2] / 2,
			    clip[1] + clip[3] / 2, under);
		else
			fill_under(pg, x + w / 2, y + h / 2, under);
		dict = flattened(p, &p->img[id], under);
	}
	if (dict == NULL)
		return;
	if (clip) {
		op_save(pg);
		op_rect(pg, clip[0], clip[1], clip[2], clip[3]);
		op_clip(pg);
	}
	if (pg->plain) {
		HPDF_Page_DrawImage(pg->page, (HPDF_Image)dict,
		    (HPDF_REAL)x, (HPDF_REAL)y, (HPDF_REAL)w, (HPDF_REAL)h);
	} else {
		name = page_xobject(pg, dict);
		op_image(pg, name, x, y, w, h);
	}
	if (clip)
		op_restore(pg);
}
