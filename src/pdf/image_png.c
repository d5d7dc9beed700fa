/*
 * pdf/image_png.c -- a PNG file's pixels, decoded by libpng with errors
 * returned (see image.c): its chunks walked first, its rows shrunk to
 * their printed size as they come, an interlaced one held whole.
 */
#include "image_impl.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"
#include "imgprobe.h"

struct png_src {
	const unsigned char *b;
	size_t len, at;
};

static void
png_mem_read(png_structp png, png_bytep out, png_size_t n)
{
	struct png_src *s = png_get_io_ptr(png);

	if (n > s->len - s->at)
		png_error(png, "read beyond end of data");
	memcpy(out, s->b + s->at, n);
	s->at += n;
}

struct png_job {
	char msg[200];
	int pixels;		/* past the header, reading the pixels */
	unsigned char *row;
	size_t rowlen;		/* its bytes */
	unsigned char *held;	/* interlaced: the picture, printed size */
	unsigned *sums;		/* interlaced and shrunk: its sums */
	size_t *cell;		/* interlaced: a pass's columns, placed */
	struct sink sink;
	struct shrink sh;
};

static void
png_fail(png_structp png, png_const_charp msg)
{
	struct png_job *j = png_get_error_ptr(png);

	snprintf(j->msg, sizeof(j->msg), "%s", msg);
	png_longjmp(png, 1);
}

static void
png_warn(png_structp png, png_const_charp msg)
{
	(void)png;
	(void)msg;
}

/*
 * An interlaced picture's pixels come in seven passes over the whole
 * of it, so it is held whole, at its printed size (as sums when
 * shrunk); held past this it is refused.
 */
#define INTERLACED_MAX_BYTES	((size_t)96 << 20)

/*
 * Eight bits a sample, RGB or grey, alpha from tRNS: the transforms
 * libpng is asked for, and what the rows then hold.
 */
static void
png_transforms(struct pdf *p, png_structp png, png_infop info, int *grey,
    int *alpha)
{
	int ct = png_get_color_type(png, info),
	    depth = png_get_bit_depth(png, info);

	if (depth == 16)
		png_set_strip_16(png);
	if (ct == PNG_COLOR_TYPE_PALETTE)
		png_set_palette_to_rgb(png);
	if (ct == PNG_COLOR_TYPE_GRAY && depth < 8)
		png_set_expand_gray_1_2_4_to_8(png);
	*alpha = (ct & PNG_COLOR_MASK_ALPHA) ||
	    png_get_valid(png, info, PNG_INFO_tRNS);
	if (png_get_valid(png, info, PNG_INFO_tRNS))
		png_set_tRNS_to_alpha(png);
	*grey = !(ct & PNG_COLOR_MASK_COLOR);
	/* PDF/X: grey with alpha is flattened onto colours, so as RGB. */
	if (p->pdfx && *grey && *alpha) {
		png_set_gray_to_rgb(png);
		*grey = 0;
	}
	png_read_update_info(png, info);
}

/* A pass's row of pw pixels into the picture from base: each sample
 * added to its sum (sums) or put in its place (held).  png_pass has
 * checked that the row holds pw pixels and that the last one's cell
 * ends inside the picture (cell rises with x): the sanitizers' check of
 * every sample was most of the test build's time on a big picture. */
static NO_SANITIZE void
pass_row(unsigned *sums, unsigned char *held, const size_t *cell,
    const unsigned char *row, size_t base, unsigned long pw, int spp)
{
	unsigned long x;
	size_t k, n = (size_t)spp;

	if (sums) {
		for (x = 0; x < pw; x++)
			for (k = 0; k < n; k++)
				sums[base + cell[x] + k] += row[x * n + k];
	} else {
		for (x = 0; x < pw; x++)
			for (k = 0; k < n; k++)
				held[base + cell[x] + k] = row[x * n + k];
	}
}

/* One pass of an interlaced picture of cells samples: each pixel put
 * where it belongs in j->held, or added to its sums in j->sums. */
static void
png_pass(png_structp png, struct png_job *j, int pass, unsigned long w,
    unsigned long h, unsigned long f, int spp, size_t cells)
{
	unsigned long pw = PNG_PASS_COLS(w, pass), ph = PNG_PASS_ROWS(h, pass),
	    ow = ceil_div(w, f), y, x;

	if (pw == 0 || ph == 0)
		return;
	if ((size_t)pw * (size_t)spp > j->rowlen)
		fatal("png_pass: a row of %zu bytes, %lu pixels wanted",
		    j->rowlen, pw);
	/* Each column of the pass: where its pixels go. */
	for (x = 0; x < pw; x++)
		j->cell[x] = PNG_COL_FROM_PASS_COL(x, pass) / f * (size_t)spp;
	for (y = 0; y < ph; y++) {
		size_t base = (size_t)(PNG_ROW_FROM_PASS_ROW(y, pass) / f) *
		    ow * (size_t)spp;

		if (base + j->cell[pw - 1] + (size_t)spp > cells)
			fatal("png_pass: a pixel past the picture's %zu "
			    "samples", cells);
		png_read_row(png, j->row, NULL);
		pass_row(j->sums, j->held, j->cell, j->row, base, pw, spp);
	}
}

/* Row y of the held picture into r: with sums, each the average of the
 * pixels added to it (fewer at the right and bottom edges). */
static void
png_average(const struct png_job *j, unsigned char *r, unsigned long y,
    unsigned long w, unsigned long h, unsigned long f, int spp)
{
	unsigned long ow = ceil_div(w, f), x,
	    rows = h - y * f < f ? h - y * f : f;

	for (x = 0; x < ow; x++) {
		unsigned long cols = w - x * f < f ? w - x * f : f,
		    n = rows * cols;
		int k;

		for (k = 0; k < spp; k++) {
			size_t i = ((size_t)y * ow + x) * (size_t)spp +
			    (size_t)k;

			r[x * (size_t)spp + (size_t)k] =
			    (unsigned char)((j->sums[i] + n / 2) / n);
		}
	}
}

/* An interlaced picture: every pass's rows held, then the rows given to
 * the sink.  0, or -1 with why. */
static int
png_interlaced(png_structp png, struct png_job *j, unsigned long w,
    unsigned long h, unsigned long f, int spp, char *why, size_t wl)
{
	unsigned long y, ow = ceil_div(w, f), oh = ceil_div(h, f);
	size_t cells = (size_t)ow * oh * (size_t)spp;
	int pass;

	if (cells > INTERLACED_MAX_BYTES / (f > 1 ? sizeof(unsigned) : 1)) {
		snprintf(why, wl, "is an interlaced PNG of %lu x %lu pixels at "
		    "its printed size, held whole to be read: over %zu MiB; "
		    "save it without interlacing", ow, oh,
		    INTERLACED_MAX_BYTES >> 20);
		return -1;
	}
	if (f > 1)
		j->sums = xcalloc(cells, sizeof(unsigned));
	else
		j->held = xcalloc(cells, 1);
	j->cell = xmalloc((size_t)w * sizeof(*j->cell));
	for (pass = 0; pass < 7; pass++)
		png_pass(png, j, pass, w, h, f, spp, cells);
	for (y = 0; y < oh; y++) {
		unsigned char *r = j->held ? j->held + (size_t)y * ow *
		    (size_t)spp : j->row;

		if (j->sums)
			png_average(j, r, y, w, h, f, spp);
		if (sink_row(&j->sink, r) < 0) {
			snprintf(why, wl, "cannot be embedded: out of memory");
			return -1;
		}
	}
	return 0;
}

/* The decoding itself, its state in j (which outlives a longjmp). */
static int
png_run(struct pdf *p, png_structp png, png_infop info, struct png_job *j,
    unsigned long w, unsigned long h, unsigned long f, char *why, size_t wl)
{
	static const png_byte skip[] = "tEXt\0zTXt\0iTXt\0iCCP\0sPLT\0eXIf";
	int alpha, grey, spp;
	unsigned long y, ow = ceil_div(w, f), oh = ceil_div(h, f);

	if (setjmp(png_jmpbuf(png))) {
		snprintf(why, wl, "is a damaged %sPNG (%s); save it again",
		    j->pixels ? "or truncated " : "", j->msg);
		return -1;
	}
	/* Text, profiles and the like are not needed: never read, nor
	 * inflated; no chunk may take more than 8 MiB. */
	png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
	png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, skip, 6);
	png_set_chunk_malloc_max(png, (png_alloc_size_t)8 << 20);
	/* Each chunk's CRC is checked; zlib's checksum of the pixels as
	 * well took a fifth of the time of a big one. */
#ifdef PNG_IGNORE_ADLER32
	png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
	png_read_info(png, info);
	if (png_get_image_width(png, info) != w ||
	    png_get_image_height(png, info) != h) {
		snprintf(why, wl, "is a damaged PNG; save it again");
		return -1;
	}
	png_transforms(p, png, info, &grey, &alpha);
	j->pixels = 1;
	spp = png_get_channels(png, info);
	if (spp != (grey ? 1 : 3) + alpha ||
	    png_get_bit_depth(png, info) != 8) {
		snprintf(why, wl, "is a PNG of a kind that cannot be read; save "
		    "it again as 8-bit RGB or grey");
		return -1;
	}
	if (sink_open(&j->sink, p, ow, oh, grey ? 1 : 3, alpha, 0, 0) < 0) {
		snprintf(why, wl, "cannot be embedded: out of memory");
		return -1;
	}
	j->rowlen = png_get_rowbytes(png, info);
	j->row = xmalloc(j->rowlen);
	if (png_get_interlace_type(png, info) == PNG_INTERLACE_ADAM7) {
		if (png_interlaced(png, j, w, h, f, spp, why, wl) < 0)
			return -1;
	} else {
		shrink_open(&j->sh, &j->sink, w, h, f, spp, j->rowlen);
		for (y = 0; y < h; y++) {
			png_read_row(png, j->row, NULL);
			if (shrink_row(&j->sh, j->row) < 0) {
				snprintf(why, wl, "cannot be embedded: out of "
				    "memory");
				return -1;
			}
		}
	}
	png_read_end(png, NULL);
	return 0;
}

HPDF_Dict
load_png(struct pdf *p, struct pdf_img *pi, const unsigned char *buf,
    size_t len, unsigned long w, unsigned long h, unsigned long f, char *why,
    size_t wl)
{
	struct png_src src = { buf, len, 0 };
	struct png_job *j;
	png_structp png;
	png_infop info = NULL;
	HPDF_Dict d = NULL;

	if (img_png_walk(buf, NULL, len, why, wl) < 0 ||
	    img_png_ihdr(buf + 16, why, wl) < 0)
		return NULL;
	j = xcalloc(1, sizeof(*j));
	png = png_create_read_struct(PNG_LIBPNG_VER_STRING, j, png_fail,
	    png_warn);
	if (png == NULL || (info = png_create_info_struct(png)) == NULL) {
		snprintf(why, wl, "cannot be read: out of memory");
		goto out;
	}
	png_set_read_fn(png, &src, png_mem_read);
	if (png_run(p, png, info, j, w, h, f, why, wl) == 0)
		d = sink_close(&j->sink, pi, why, wl);
out:
	png_destroy_read_struct(&png, info ? &info : NULL, NULL);
	free(j->row);
	free(j->held);
	free(j->sums);
	free(j->cell);
	shrink_free(&j->sh);
	sink_free(&j->sink);
	free(j);
	return d;
}
