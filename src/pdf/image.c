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
 * For PDF/X (pdf_set_pdfx) colour pixels go through the output profile
 * to CMYK (colour.c), total ink limited, and are deflated here: an RGB
 * JPEG is decoded for that.  A picture with alpha gets no soft mask:
 * its CMYK pixels are kept, and each colour it is placed on (fill_under)
 * gets an XObject of its own, the pixels blended onto that colour.
 */
#include "internal.h"

#include <errno.h>
#include <hpdf_pages.h>
#include <hpdf_streams.h>
#include <setjmp.h>
#include <stdio.h>
/* jpeglib.h wants stdio.h before it. */
#include <jpeglib.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#include "../util.h"
#include "colour.h"

/* An image file larger than this is refused before it is read. */
#define IMAGE_MAX_BYTES	((size_t)64 << 20)
/*
 * A JPEG of more scans than this is refused as it is decoded.  Each
 * scan of a progressive JPEG is a pass over every block of a component,
 * a few bytes of the file for 50 megapixels (33 ms each), and the
 * standard allows some 900 a component: a file of 165 KB took 31 s.
 * Encoders write 10 or so (libjpeg's progression: 10 in colour, 6 in
 * grey); 100 scans of 50 megapixels take 4 s.
 */
#define JPEG_MAX_SCANS	100

struct pdf_img {
	char *path;		/* as given */
	dev_t dev;
	ino_t ino;
	int alias;		/* the image of the same file named otherwise,
				 * or -1 */
	HPDF_Dict dict;		/* the XObject, or NULL when it failed */
	int w, h;
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

static unsigned long
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

/* ---- PNG ---- */

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
static HPDF_Dict
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

/*
 * PDF/X: n RGB pixels (and their alpha, or NULL) as CMYK through the
 * output profile, ink limited.  An opaque picture becomes its XObject
 * now; one with alpha keeps its pixels in im for pdf_image_place().
 */
static HPDF_Dict
pdfx_pixels(struct pdf *p, struct pdf_img *im, const unsigned char *rgb,
    const unsigned char *alpha, int opaque, unsigned long w, unsigned long h)
{
	size_t n = (size_t)w * h;
	unsigned char *cmyk = xmalloc(n * 4);
	HPDF_Dict d;

	colour_rgb_to_cmyk(p->cms, rgb, cmyk, n);
	if (alpha && !opaque) {
		im->cmyk = cmyk;
		im->alpha = xmalloc(n);
		memcpy(im->alpha, alpha, n);
		return NULL;
	}
	colour_ink_limit8(cmyk, n, p->ink);
	d = new_image(p, w, h, "DeviceCMYK");
	if (d && put_deflated(p, d, cmyk, n * 4) < 0)
		d = NULL;
	free(cmyk);
	return d;
}

static HPDF_Dict
load_png(struct pdf *p, struct pdf_img *pi, const unsigned char *buf,
    size_t len, unsigned long w, unsigned long h, char *why, size_t wl)
{
	png_image im;
	unsigned char *px = NULL, *col = NULL, *alpha = NULL;
	size_t n, i, c, opaque = 1;
	HPDF_Dict d = NULL, mask;

	memset(&im, 0, sizeof(im));
	im.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_memory(&im, buf, len)) {
		snprintf(why, wl, "is a damaged PNG (%s); save it again",
		    im.message);
		png_image_free(&im);
		return NULL;
	}
	if (im.width != w || im.height != h) {
		snprintf(why, wl, "is a damaged PNG; save it again");
		png_image_free(&im);
		return NULL;
	}
	/* Eight bits a channel, sRGB; grey stays grey. */
	im.format = (im.format & PNG_FORMAT_FLAG_COLOR ? PNG_FORMAT_RGB :
	    PNG_FORMAT_GRAY) | (im.format & PNG_FORMAT_FLAG_ALPHA);
	/* PDF/X: grey with alpha is flattened onto colours, so as RGB. */
	if (p->cms && (im.format & PNG_FORMAT_FLAG_ALPHA))
		im.format = PNG_FORMAT_RGBA;
	px = xmalloc(PNG_IMAGE_SIZE(im));
	if (!png_image_finish_read(&im, NULL, px, 0, NULL)) {
		snprintf(why, wl, "is a damaged or truncated PNG (%s); save it "
		    "again", im.message);
		png_image_free(&im);
		free(px);
		return NULL;
	}
	c = PNG_IMAGE_SAMPLE_CHANNELS(im.format);
	n = (size_t)w * h;
	if (im.format & PNG_FORMAT_FLAG_ALPHA) {
		/* Colour and alpha apart: the alpha becomes a soft mask,
		 * left out when every pixel is opaque. */
		col = xmalloc(n * (c - 1));
		alpha = xmalloc(n);
		for (i = 0; i < n; i++) {
			memcpy(col + i * (c - 1), px + i * c, c - 1);
			alpha[i] = px[i * c + c - 1];
			opaque &= alpha[i] == 255;
		}
		c--;
	} else {
		col = px;
		px = NULL;
	}
	if (p->cms && c == 3) {
		d = pdfx_pixels(p, pi, col, alpha, (int)opaque, w, h);
		if (d == NULL && pi->cmyk) {
			free(px);
			free(col);
			free(alpha);
			return NULL;	/* flattened where it is placed */
		}
		free(alpha);
		alpha = NULL;
	} else {
		d = new_image(p, w, h, c == 3 ? "DeviceRGB" : "DeviceGray");
		if (d && put_deflated(p, d, col, n * c) < 0)
			d = NULL;
	}
	if (d && alpha && !opaque) {
		mask = new_image(p, w, h, "DeviceGray");
		if (mask == NULL || put_deflated(p, mask, alpha, n) < 0 ||
		    HPDF_Dict_Add(d, "SMask", mask) != HPDF_OK)
			d = NULL;
	}
	if (d == NULL)
		snprintf(why, wl, "cannot be embedded: libharu fails (out of "
		    "memory?)");
	free(px);
	free(col);
	free(alpha);
	return d;
}

/* ---- JPEG ---- */

struct jerr {
	struct jpeg_error_mgr mgr;
	struct jpeg_progress_mgr progress;
	jmp_buf jb;
	char msg[JMSG_LENGTH_MAX];
	int scans;		/* it ended at the scan past JPEG_MAX_SCANS */
	JSAMPLE *row;		/* one decoded row, freed after a longjmp */
	int comps, adobe;	/* what the frame says */
	int keep;		/* PDF/X: keep the pixels, RGB or CMYK */
	unsigned char *pix;	/* them, freed after a longjmp */
};

static void
jpeg_fail(j_common_ptr cinfo)
{
	struct jerr *e = (struct jerr *)cinfo->err;

	(*cinfo->err->format_message)(cinfo, e->msg);
	longjmp(e->jb, 1);
}

/*
 * A warning (level -1) means damaged data, such as a file that ends
 * before its last row: libjpeg would fill the rest grey and go on.  It
 * ends the decoding at once, as an error does (libjpeg.txt allows an
 * emit_message that does): a progressive JPEG's header claiming 50
 * megapixels, cut short, was otherwise decoded whole, as zeros, into
 * coefficient buffers of two bytes a sample (300 MB for 190 bytes).
 */
static void
jpeg_note(j_common_ptr cinfo, int level)
{
	struct jerr *e = (struct jerr *)cinfo->err;

	if (level < 0) {
		(*cinfo->err->format_message)(cinfo, e->msg);
		longjmp(e->jb, 1);
	}
}

/* Called as each scan and each row of blocks is read: ends the
 * decoding at the scan past the limit. */
static void
jpeg_progress(j_common_ptr cinfo)
{
	struct jerr *e = (struct jerr *)cinfo->err;

	if (((j_decompress_ptr)cinfo)->input_scan_number > JPEG_MAX_SCANS) {
		e->scans = 1;
		longjmp(e->jb, 1);
	}
}

/* Decodes every row, to know the file is whole: 0, or -1 with why. */
static int
jpeg_whole(const unsigned char *buf, size_t len, unsigned long w,
    unsigned long h, struct jerr *e, char *why, size_t wl)
{
	struct jpeg_decompress_struct ji;

	memset(&ji, 0, sizeof(ji));
	ji.err = jpeg_std_error(&e->mgr);
	e->mgr.error_exit = jpeg_fail;
	e->mgr.emit_message = jpeg_note;
	e->progress.progress_monitor = jpeg_progress;
	if (setjmp(e->jb)) {
		if (e->scans)
			snprintf(why, wl, "is a progressive JPEG of more than "
			    "%d scans; save it again as a baseline JPEG, or "
			    "progressive with fewer scans", JPEG_MAX_SCANS);
		else
			snprintf(why, wl, "is a damaged or truncated JPEG (%s); "
			    "save it again", e->msg);
		jpeg_destroy_decompress(&ji);
		free(e->row);
		e->row = NULL;
		free(e->pix);
		e->pix = NULL;
		return -1;
	}
	jpeg_create_decompress(&ji);
	ji.progress = &e->progress;
	jpeg_mem_src(&ji, buf, (unsigned long)len);
	jpeg_read_header(&ji, TRUE);
	if (ji.image_width != w || ji.image_height != h || ji.arith_code ||
	    ji.data_precision != 8) {
		if (ji.image_width != w || ji.image_height != h)
			snprintf(why, wl, "is a damaged JPEG: its frames disagree "
			    "on its size; save it again");
		else
			snprintf(why, wl, "is a JPEG of a kind PDF readers may "
			    "not show (%s); save it as a baseline or progressive "
			    "JPEG", ji.arith_code ? "arithmetic coding" :
			    "not 8 bits a sample");
		jpeg_destroy_decompress(&ji);
		return -1;
	}
	/* Told before anything is decoded: nothing else can be shown. */
	if (ji.num_components != 1 && ji.num_components != 3 &&
	    ji.num_components != 4) {
		snprintf(why, wl, "is a JPEG of %d colour components; save it "
		    "as grey, RGB or CMYK", ji.num_components);
		jpeg_destroy_decompress(&ji);
		return -1;
	}
	e->comps = ji.num_components;
	e->adobe = ji.saw_Adobe_marker;
	if (e->keep && e->comps > 1)
		ji.out_color_space = e->comps == 3 ? JCS_RGB : JCS_CMYK;
	jpeg_start_decompress(&ji);
	e->row = xmalloc((size_t)ji.output_width *
	    (size_t)ji.output_components);
	if (e->keep && e->comps > 1)
		e->pix = xmalloc((size_t)w * h * (size_t)ji.output_components);
	while (ji.output_scanline < ji.output_height) {
		size_t y = ji.output_scanline, rl = (size_t)ji.output_width *
		    (size_t)ji.output_components;

		jpeg_read_scanlines(&ji, &e->row, 1);
		if (e->pix)
			memcpy(e->pix + y * rl, e->row, rl);
	}
	jpeg_finish_decompress(&ji);
	jpeg_destroy_decompress(&ji);
	free(e->row);
	e->row = NULL;
	return 0;
}

static HPDF_Dict
load_jpeg(struct pdf *p, const unsigned char *buf, size_t len,
    unsigned long w, unsigned long h, char *why, size_t wl)
{
	struct jerr e;
	HPDF_Dict d;
	HPDF_Array dec;
	const char *cs;
	int i;

	memset(&e, 0, sizeof(e));
	e.keep = p->cms != NULL;
	if (jpeg_whole(buf, len, w, h, &e, why, wl) < 0)
		return NULL;
	if (e.pix) {
		/* PDF/X: RGB through the profile; CMYK as it is (libjpeg
		 * gives Adobe's inverted inks back as such), ink limited. */
		if (e.comps == 3) {
			d = pdfx_pixels(p, NULL, e.pix, NULL, 1, w, h);
		} else {
			size_t n = (size_t)w * h, k;

			if (e.adobe)
				for (k = 0; k < n * 4; k++)
					e.pix[k] = (unsigned char)(255 - e.pix[k]);
			colour_ink_limit8(e.pix, n, p->ink);
			d = new_image(p, w, h, "DeviceCMYK");
			if (d && put_deflated(p, d, e.pix, n * 4) < 0)
				d = NULL;
		}
		free(e.pix);
		if (d == NULL)
			goto fail;
		return d;
	}
	cs = e.comps == 1 ? "DeviceGray" : e.comps == 3 ? "DeviceRGB" :
	    "DeviceCMYK";
	if ((d = new_image(p, w, h, cs)) == NULL)
		goto fail;
	/* Adobe's CMYK JPEGs store each ink inverted. */
	if (e.comps == 4 && e.adobe) {
		if ((dec = HPDF_Array_New(p->doc->mmgr)) == NULL ||
		    HPDF_Dict_Add(d, "Decode", dec) != HPDF_OK)
			goto fail;
		for (i = 0; i < 8; i++)
			HPDF_Array_AddNumber(dec, i % 2 ? 0 : 1);
	}
	d->filter = HPDF_STREAM_FILTER_DCT_DECODE;
	if (HPDF_Stream_Write(d->stream, buf, (HPDF_UINT)len) != HPDF_OK)
		goto fail;
	return d;
fail:
	snprintf(why, wl, "cannot be embedded: libharu fails (out of "
	    "memory?)");
	return NULL;
}

/* ---- the API ---- */

int
pdf_image(struct pdf *p, const char *path, int *w, int *h, char *why,
    size_t wl)
{
	struct pdf_img *im;
	struct stat st;
	unsigned char *buf = NULL;
	unsigned long iw = 0, ih = 0;
	size_t len = 0;
	enum kind k;
	int i;

	*w = *h = 0;
	for (i = 0; i < p->nimg; i++)
		if (strcmp(p->img[i].path, path) == 0)
			goto found;
	if (p->nimg == p->capimg) {
		p->capimg = p->capimg ? p->capimg * 2 : 16;
		p->img = xrealloc(p->img, (size_t)p->capimg * sizeof(*p->img));
	}
	im = &p->img[p->nimg];
	memset(im, 0, sizeof(*im));
	im->alias = -1;
	im->path = xstrdup(path);
	if ((buf = read_file(path, &len, &st, why, wl)) == NULL)
		goto failed;
	/* The same file by another name is the same image. */
	for (i = 0; i < p->nimg; i++)
		if ((p->img[i].dict || p->img[i].cmyk) &&
		    p->img[i].dev == st.st_dev &&
		    p->img[i].ino == st.st_ino && p->img[i].alias < 0) {
			im->alias = i;
			p->nimg++;
			free(buf);
			goto found;
		}
	im->dev = st.st_dev;
	im->ino = st.st_ino;
	if (len >= 8 && memcmp(buf, "\x89PNG\r\n\x1a\n", 8) == 0)
		k = K_PNG;
	else if (len >= 3 && memcmp(buf, "\xff\xd8\xff", 3) == 0)
		k = K_JPEG;
	else {
		snprintf(why, wl, "is not a PNG or JPEG file (its first bytes "
		    "are neither's, whatever its name says); give a PNG or "
		    "JPEG image");
		goto failed;
	}
	if (header_size(buf, len, k, &iw, &ih, why, wl) < 0)
		goto failed;
	/* SPEC 4: over 50 megapixels is refused, before it is decoded. */
	if ((double)iw * (double)ih > PDF_IMAGE_MAX_PIXELS) {
		snprintf(why, wl, "is %lu x %lu pixels, %.2f megapixels; an "
		    "image may have at most %.0f megapixels: scale it down", iw,
		    ih, (double)iw * (double)ih / 1e6,
		    PDF_IMAGE_MAX_PIXELS / 1e6);
		goto failed;
	}
	/* libharu's errors stick: one from before stops this image too. */
	if (p->err) {
		snprintf(why, wl, "cannot be embedded: an earlier libharu error "
		    "stops the document");
		goto failed;
	}
	im->dict = k == K_PNG ? load_png(p, im, buf, len, iw, ih, why, wl) :
	    load_jpeg(p, buf, len, iw, ih, why, wl);
	if (im->dict == NULL && im->cmyk == NULL)
		goto failed;
	im->w = (int)iw;
	im->h = (int)ih;
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
		return -1;
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
	size_t n = (size_t)im->w * (size_t)im->h, i;
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
	d = new_image(p, (unsigned long)im->w, (unsigned long)im->h,
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
	if (id < 0 || id >= p->nimg || pg->page == NULL)
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
	} else if ((name = HPDF_Page_GetXObjectName(pg->page, dict)) !=
	    NULL) {
		op_image(pg, name, x, y, w, h);
	}
	if (clip)
		op_restore(pg);
}
