/*
 * pdf/image_jpeg.c -- a JPEG file decoded by libjpeg, errors and
 * warnings returned by longjmp (see image.c): embedded as its own
 * bytes, or (PDF/X, or printed smaller) as pixels through the sink.
 */
#include "image_impl.h"

#include <hpdf_streams.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"
#include "imgprobe.h"

/*
 * A JPEG of more scans than this is refused as it is decoded.  Each
 * scan of a progressive JPEG is a pass over every block of a component,
 * a few bytes of the file for 50 megapixels (33 ms each), and the
 * standard allows some 900 a component: a file of 165 KB took 31 s.
 * Encoders write 10 or so (libjpeg's progression: 10 in colour, 6 in
 * grey); 100 scans of 50 megapixels take 4 s.
 */
#define JPEG_MAX_SCANS	100
/*
 * A progressive JPEG is decoded through coefficient buffers for the
 * whole picture, two bytes a sample whatever size it is read at: over
 * this it is refused before they are reserved (a CMYK one of 7,071^2
 * pixels asks 400 MB).  A baseline JPEG is read a row at a time.
 */
#define JPEG_MAX_COEF_BYTES	((size_t)128 << 20)

struct jerr {
	struct jpeg_error_mgr mgr;
	struct jpeg_progress_mgr progress;
	jmp_buf jb;
	char msg[JMSG_LENGTH_MAX];
	int scans;		/* it ended at the scan past JPEG_MAX_SCANS */
	JSAMPLE *row;		/* one decoded row, freed after a longjmp */
	int comps, adobe;	/* what the frame says */
	int pixels;		/* embedded as pixels, not as the file */
	struct sink sink;	/* then where the rows go */
	struct shrink sh;
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

/* What libjpeg's DCT scaling divides by (1, 2, 4 or 8) for a shrink of
 * f: the most that is not more than f. */
unsigned long
jpeg_denom(unsigned long f)
{
	return f >= 8 ? 8 : f >= 4 ? 4 : f >= 2 ? 2 : 1;
}

/* A progressive JPEG's coefficient buffers: each component's blocks,
 * padded to its sampling, 64 coefficients of two bytes a block. */
static size_t
coef_bytes(const struct jpeg_decompress_struct *ji)
{
	size_t n = 0;
	int c;

	for (c = 0; c < ji->num_components; c++) {
		const jpeg_component_info *ci = &ji->comp_info[c];
		size_t bw = ceil_div(ci->width_in_blocks,
		    (unsigned long)ci->h_samp_factor) *
		    (size_t)ci->h_samp_factor;
		size_t bh = ceil_div(ci->height_in_blocks,
		    (unsigned long)ci->v_samp_factor) *
		    (size_t)ci->v_samp_factor;

		n += bw * bh * DCTSIZE2 * sizeof(JCOEF);
	}
	return n;
}

/*
 * What the header shows that is refused before anything is decoded: a
 * size other than the one found, a kind PDF readers may not show, other
 * than 1, 3 or 4 components, or coefficient buffers over the limit.  0,
 * or -1 with why.
 */
static int
jpeg_refuse(const struct jpeg_decompress_struct *ji, unsigned long w,
    unsigned long h, char *why, size_t wl)
{
	if (ji->image_width != w || ji->image_height != h || ji->arith_code ||
	    ji->data_precision != 8) {
		if (ji->image_width != w || ji->image_height != h)
			snprintf(why, wl, "is a damaged JPEG: its frames disagree "
			    "on its size; save it again");
		else
			snprintf(why, wl, "is a JPEG of a kind PDF readers may "
			    "not show (%s); save it as a baseline or progressive "
			    "JPEG", ji->arith_code ? "arithmetic coding" :
			    "not 8 bits a sample");
		return -1;
	}
	/* Told before anything is decoded: nothing else can be shown. */
	if (ji->num_components != 1 && ji->num_components != 3 &&
	    ji->num_components != 4) {
		snprintf(why, wl, "is a JPEG of %d colour components; save it "
		    "as grey, RGB or CMYK", ji->num_components);
		return -1;
	}
	/* The coefficient buffers of a progressive JPEG, before they are
	 * reserved. */
	if (ji->progressive_mode && coef_bytes(ji) > JPEG_MAX_COEF_BYTES) {
		snprintf(why, wl, "is a progressive JPEG of %lu x %lu pixels: "
		    "decoding it takes %zu MiB, over the %zu MiB allowed; save "
		    "it as a baseline JPEG, or smaller", w, h,
		    coef_bytes(ji) >> 20, JPEG_MAX_COEF_BYTES >> 20);
		return -1;
	}
	return 0;
}

/* A fresh ji whose errors and warnings come back to e (jpeg_fail(),
 * jpeg_note()), for check's look and render's decoding alike. */
static void
jerr_attach(struct jpeg_decompress_struct *ji, struct jerr *e)
{
	memset(ji, 0, sizeof(*ji));
	ji->err = jpeg_std_error(&e->mgr);
	e->mgr.error_exit = jpeg_fail;
	e->mgr.emit_message = jpeg_note;
}

/* What libjpeg's error or warning (in e) says of the file. */
static void
jpeg_damaged(const struct jerr *e, char *why, size_t wl)
{
	snprintf(why, wl, "is a damaged or truncated JPEG (%s); save it again",
	    e->msg);
}

/*
 * check's look at a JPEG (imgprobe.h): its header read by libjpeg from
 * fp, to its first scan, and refused by what render refuses before
 * decoding (jpeg_refuse()).  Nothing is decoded, no buffer reserved.
 */
int
jpeg_probe(FILE *fp, unsigned long w, unsigned long h, char *why,
    size_t wl)
{
	struct jpeg_decompress_struct ji;
	struct jerr *e = xcalloc(1, sizeof(*e));
	volatile int rc = -1;	/* set past the setjmp */

	jerr_attach(&ji, e);
	if (setjmp(e->jb) == 0) {
		jpeg_create_decompress(&ji);
		jpeg_stdio_src(&ji, fp);
		jpeg_read_header(&ji, TRUE);
		rc = jpeg_refuse(&ji, w, h, why, wl);
	} else
		jpeg_damaged(e, why, wl);
	jpeg_destroy_decompress(&ji);
	free(e);
	return rc;
}

/*
 * Decodes every row, to know the file is whole.  With pixels (PDF/X, or
 * printed smaller than the file holds) the rows go, shrunk by f, to
 * e->sink; else it is read at an eighth of its size (the file is
 * embedded as it is, so only that it decodes matters).  0, or -1 with
 * why.
 */
static int
jpeg_decode(struct pdf *p, const unsigned char *buf, size_t len,
    unsigned long w, unsigned long h, unsigned long f, struct jerr *e,
    char *why, size_t wl)
{
	struct jpeg_decompress_struct ji;

	jerr_attach(&ji, e);
	e->progress.progress_monitor = jpeg_progress;
	if (setjmp(e->jb)) {
		if (e->scans)
			snprintf(why, wl, "is a progressive JPEG of more than "
			    "%d scans; save it again as a baseline JPEG, or "
			    "progressive with fewer scans", JPEG_MAX_SCANS);
		else
			jpeg_damaged(e, why, wl);
		jpeg_destroy_decompress(&ji);
		return -1;
	}
	jpeg_create_decompress(&ji);
	ji.progress = &e->progress;
	jpeg_mem_src(&ji, buf, (unsigned long)len);
	jpeg_read_header(&ji, TRUE);
	if (jpeg_refuse(&ji, w, h, why, wl) < 0) {
		jpeg_destroy_decompress(&ji);
		return -1;
	}
	e->comps = ji.num_components;
	e->adobe = ji.saw_Adobe_marker;
	/* Grey at its own size needs nothing of PDF/X: as it is. */
	if (f == 1 && e->comps == 1)
		e->pixels = 0;
	ji.scale_num = 1;
	ji.scale_denom = e->pixels ? (unsigned)jpeg_denom(f) : 8;
	if (e->comps > 1)
		ji.out_color_space = e->comps == 3 ? JCS_RGB : JCS_CMYK;
	jpeg_start_decompress(&ji);
	e->row = xmalloc((size_t)ji.output_width *
	    (size_t)ji.output_components);
	if (e->pixels) {
		unsigned long g = f / jpeg_denom(f);

		if (sink_open(&e->sink, p, ceil_div(ji.output_width, g),
		    ceil_div(ji.output_height, g), e->comps, 0,
		    e->comps == 4 && e->adobe, 1) < 0) {
			snprintf(why, wl, "cannot be embedded: out of memory");
			jpeg_destroy_decompress(&ji);
			return -1;
		}
		shrink_open(&e->sh, &e->sink, ji.output_width,
		    ji.output_height, g, e->comps, (size_t)ji.output_width *
		    (size_t)ji.output_components);
	}
	while (ji.output_scanline < ji.output_height) {
		jpeg_read_scanlines(&ji, &e->row, 1);
		if (e->pixels && shrink_row(&e->sh, e->row) < 0) {
			snprintf(why, wl, "cannot be embedded: out of memory");
			jpeg_destroy_decompress(&ji);
			return -1;
		}
	}
	jpeg_finish_decompress(&ji);
	jpeg_destroy_decompress(&ji);
	return 0;
}

HPDF_Dict
load_jpeg(struct pdf *p, const unsigned char *buf, size_t len,
    unsigned long w, unsigned long h, unsigned long f, char *why, size_t wl)
{
	struct jerr *e = xcalloc(1, sizeof(*e));
	HPDF_Dict d = NULL;
	HPDF_Array dec;
	const char *cs;
	int i;

	/* PDF/X converts colour; a picture printed smaller than it is
	 * holds only the pixels it prints.  Else the file goes in as it
	 * is, and PDF readers decode it. */
	e->pixels = f > 1 || p->cms != NULL;
	if (jpeg_decode(p, buf, len, w, h, f, e, why, wl) < 0)
		goto out;
	if (e->pixels) {
		d = sink_close(&e->sink, NULL, why, wl);
		goto out;
	}
	cs = e->comps == 1 ? "DeviceGray" : e->comps == 3 ? "DeviceRGB" :
	    "DeviceCMYK";
	if ((d = new_image(p, w, h, cs)) == NULL)
		goto fail;
	/* Adobe's CMYK JPEGs store each ink inverted. */
	if (e->comps == 4 && e->adobe) {
		if ((dec = HPDF_Array_New(p->doc->mmgr)) == NULL ||
		    HPDF_Dict_Add(d, "Decode", dec) != HPDF_OK)
			goto fail;
		for (i = 0; i < 8; i++)
			HPDF_Array_AddNumber(dec, i % 2 ? 0 : 1);
	}
	d->filter = HPDF_STREAM_FILTER_DCT_DECODE;
	if (HPDF_Stream_Write(d->stream, buf, (HPDF_UINT)len) != HPDF_OK)
		goto fail;
	goto out;
fail:
	snprintf(why, wl, "cannot be embedded: libharu fails (out of "
	    "memory?)");
	d = NULL;
out:
	free(e->row);
	shrink_free(&e->sh);
	sink_free(&e->sink);
	free(e);
	return d;
}
