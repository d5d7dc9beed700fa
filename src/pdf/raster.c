/*
 * pdf/raster.c -- pages as PNG through poppler-glib and cairo.
 *
 * Every PNG says its dpi in a pHYs chunk, in pixels a metre, the unit
 * the format knows (cairo's own writer has none, so that a viewer or
 * print service took a 300 dpi card for 72 dpi, four times its size):
 * a card's image through pngwrite.c, a sheet's through libpng.
 */
#include "raster.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cairo.h>
#include <poppler.h>
#include <png.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdint.h>

#include <dlfcn.h>

#include "../util.h"
#include "internal.h"
#include "pdf.h"
#include "pngwrite.h"

/*
 * poppler-glib and cairo are opened when the first PDF is drawn as
 * pixels, not linked: with them and the 40 libraries they pull in
 * (glib, libstdc++, nss, X11...) every muster process spent 8.8 ms of
 * its start-up in the dynamic linker, where check of one unit takes 7.
 * Each function is called through a pointer of its own declared type,
 * taken from poppler-glib's handle (dlsym searches the libraries it
 * depends on, cairo and glib among them); the names below stand for
 * those pointers in the code that follows.
 */
#define RASTER_SYMS \
	X(cairo_clip) X(cairo_create) X(cairo_destroy) \
	X(cairo_image_surface_create) X(cairo_image_surface_get_data) \
	X(cairo_image_surface_get_height) X(cairo_image_surface_get_stride) \
	X(cairo_image_surface_get_width) X(cairo_paint) X(cairo_rectangle) \
	X(cairo_restore) X(cairo_save) X(cairo_scale) \
	X(cairo_set_source_rgb) X(cairo_status_to_string) \
	X(cairo_surface_destroy) X(cairo_surface_flush) \
	X(cairo_surface_mark_dirty) X(cairo_surface_status) X(cairo_translate) \
	X(g_bytes_new) X(g_bytes_unref) X(g_error_free) X(g_object_unref) \
	X(poppler_document_get_n_pages) X(poppler_document_get_page) \
	X(poppler_document_new_from_bytes) X(poppler_page_get_size) \
	X(poppler_page_render_for_printing)

#define X(f) static __typeof__(f) *p_##f;
RASTER_SYMS
#undef X

/* The library's names, first the one a runtime package installs. */
static const char *const poppler_lib[] = {
	"libpoppler-glib.so.8", "libpoppler-glib.so"
};

/* Opens poppler-glib once and finds every function; 0, or -1 with err
 * saying what is missing. */
static int
raster_link(char *err, size_t errlen)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	static void *lib;
	static int failed;
	const char *miss = NULL;
	size_t i;

	pthread_mutex_lock(&lock);
	for (i = 0; lib == NULL && !failed &&
	    i < sizeof(poppler_lib) / sizeof(poppler_lib[0]); i++)
		lib = dlopen(poppler_lib[i], RTLD_NOW | RTLD_LOCAL);
	if (lib == NULL) {
		failed = 1;
		pthread_mutex_unlock(&lock);
		snprintf(err, errlen, "cannot draw the PDF as pixels: %s "
		    "cannot be opened; install libpoppler-glib8",
		    poppler_lib[0]);
		return -1;
	}
#define X(f) \
	if (miss == NULL && p_##f == NULL && \
	    (*(void **)&p_##f = dlsym(lib, #f)) == NULL) \
		miss = #f;
	RASTER_SYMS
#undef X
	pthread_mutex_unlock(&lock);
	if (miss) {
		snprintf(err, errlen, "cannot draw the PDF as pixels: %s "
		    "has no %s", poppler_lib[0], miss);
		return -1;
	}
	return 0;
}

#define RS(f) p_##f
#define cairo_clip RS(cairo_clip)
#define cairo_create RS(cairo_create)
#define cairo_destroy RS(cairo_destroy)
#define cairo_image_surface_create RS(cairo_image_surface_create)
#define cairo_image_surface_get_data RS(cairo_image_surface_get_data)
#define cairo_image_surface_get_height RS(cairo_image_surface_get_height)
#define cairo_image_surface_get_stride RS(cairo_image_surface_get_stride)
#define cairo_image_surface_get_width RS(cairo_image_surface_get_width)
#define cairo_paint RS(cairo_paint)
#define cairo_rectangle RS(cairo_rectangle)
#define cairo_restore RS(cairo_restore)
#define cairo_save RS(cairo_save)
#define cairo_scale RS(cairo_scale)
#define cairo_set_source_rgb RS(cairo_set_source_rgb)
#define cairo_status_to_string RS(cairo_status_to_string)
#define cairo_surface_destroy RS(cairo_surface_destroy)
#define cairo_surface_flush RS(cairo_surface_flush)
#define cairo_surface_mark_dirty RS(cairo_surface_mark_dirty)
#define cairo_surface_status RS(cairo_surface_status)
#define cairo_translate RS(cairo_translate)
#define g_bytes_new RS(g_bytes_new)
#define g_bytes_unref RS(g_bytes_unref)
#define g_error_free RS(g_error_free)
#define g_object_unref RS(g_object_unref)
#define poppler_document_get_n_pages RS(poppler_document_get_n_pages)
#define poppler_document_get_page RS(poppler_document_get_page)
#define poppler_document_new_from_bytes RS(poppler_document_new_from_bytes)
#define poppler_page_get_size RS(poppler_page_get_size)
#define poppler_page_render_for_printing RS(poppler_page_render_for_printing)

struct raster {
	PopplerDocument *doc;
	GBytes *bytes;
	int n;
};

struct raster *
raster_open(const unsigned char *pdf, size_t len, char *err, size_t errlen)
{
	struct raster *r;
	GError *ge = NULL;

	if (raster_link(err, errlen) < 0)
		return NULL;
	r = xcalloc(1, sizeof(*r));
	r->bytes = g_bytes_new(pdf, len);
	r->doc = poppler_document_new_from_bytes(r->bytes, NULL, &ge);
	if (r->doc == NULL) {
		snprintf(err, errlen, "cannot draw the PDF as pixels: %s",
		    ge ? ge->message : "poppler cannot read it");
		if (ge)
			g_error_free(ge);
		g_bytes_unref(r->bytes);
		free(r);
		return NULL;
	}
	r->n = poppler_document_get_n_pages(r->doc);
	return r;
}

void
raster_close(struct raster *r)
{
	if (r == NULL)
		return;
	g_object_unref(r->doc);
	g_bytes_unref(r->bytes);
	free(r);
}

int
raster_pages(const struct raster *r)
{
	return r->n;
}

void
raster_page_size(const struct raster *r, int i, double *w, double *h)
{
	PopplerPage *pg = poppler_document_get_page(r->doc, i);

	*w = *h = 0;
	if (pg) {
		poppler_page_get_size(pg, w, h);
		g_object_unref(pg);
	}
}

/* Pixels for a length in points at dpi, at least one. */
static int
px(double pt, double dpi)
{
	long v = lround(pt * dpi / 72.0);

	return v < 1 ? 1 : (int)v;
}

/* Draws page i into cr over a white cell w x h pixels at x, y, the
 * page's inset points cut off each side. */
static void
draw_page(struct raster *r, cairo_t *cr, int i, double dpi, double inset,
    int x, int y, int w, int h)
{
	PopplerPage *pg;

	cairo_save(cr);
	cairo_rectangle(cr, x, y, w, h);
	cairo_clip(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	if (i >= 0 && (pg = poppler_document_get_page(r->doc, i)) != NULL) {
		cairo_translate(cr, x, y);
		cairo_scale(cr, dpi / 72.0, dpi / 72.0);
		cairo_translate(cr, -inset, -inset);
		poppler_page_render_for_printing(pg, cr);
		g_object_unref(pg);
	}
	cairo_restore(cr);
}

static int
write_all(int fd, const unsigned char *data, size_t len)
{
	ssize_t n;

	while (len > 0) {
		if ((n = write(fd, data, len)) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		data += n;
		len -= (size_t)n;
	}
	return 0;
}

/* What a PNG writer writes: a surface at dpi. */
struct png_job {
	cairo_surface_t *s;
	double dpi;
};

/* A white RGB surface w x h, or NULL with err filled. */
static cairo_surface_t *
surface(int w, int h, char *err, size_t errlen)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
	    w, h);

	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		snprintf(err, errlen, "cannot make a %d x %d image: %s", w, h,
		    cairo_status_to_string(cairo_surface_status(s)));
		cairo_surface_destroy(s);
		return NULL;
	}
	return s;
}

int
raster_too_big(double w, double h, double dpi)
{
	double pw = floor(w * dpi / 72.0 + 0.5), ph = floor(h * dpi / 72.0 + 0.5);

	return (pw < 1 ? 1 : pw) * (ph < 1 ? 1 : ph) > RASTER_MAX_PIXELS;
}

/* ---- raster_write(): PNGs by libpng, on a second thread ---- */

/* A page's image waiting to be written, or a sheet's. */
struct job {
	cairo_surface_t *s;
	double dpi;
	const char *path;
	int sheet;		/* a sheet: freed after, not drawn on again */
	struct job *next;
};

/* Card images: one drawn, one waiting, one being written. */
#define SPARES 3

struct enc {
	pthread_t th;
	pthread_mutex_t mu;
	pthread_cond_t cv;	/* a job queued, a job done, or stop */
	struct job *head, *tail;
	int sheets;		/* sheets queued or being written */
	int stop;
	cairo_surface_t *spare[SPARES];	/* written, to draw on again */
	int nspare, made;	/* card surfaces idle; made in all */
	int failed;
	char err[512];
};

/* Where libpng's bytes go: fd, and the errno of a failed write. */
struct png_sink {
	int fd;
	int err;
};

static void
sink_write(png_structp png, png_bytep data, png_size_t len)
{
	struct png_sink *k = png_get_io_ptr(png);

	if (write_all(k->fd, data, len) != 0) {
		k->err = errno ? errno : EIO;
		png_error(png, "write failed");
	}
}

static void
sink_flush(png_structp png)
{
	(void)png;
}

static void
png_fail(png_structp png, png_const_charp msg)
{
	(void)msg;
	png_longjmp(png, 1);
}

static void
png_warn(png_structp png, png_const_charp msg)
{
	(void)png;
	(void)msg;
}

/*
 * Writes a sheet, surface ctx (a struct png_job), into fd as an 8-bit
 * RGB PNG that says its dpi (pHYs), for save_file().  zlib's fastest
 * level and the Up filter: a sheet's cells are cards scaled down, their
 * pictures smooth, where a card's repeats are exact (fill_card_png):
 * ember-tide's sheet of 40 cards at 165 dpi in 773 KB, 1.9 MB as a
 * card is written.  A sheet is made once for 69 cards.
 */
static int
fill_sheet_png(int fd, const char *path, void *ctx, char *err, size_t errlen)
{
	const struct png_job *j = ctx;
	struct png_sink sink = { fd, 0 };
	int w = cairo_image_surface_get_width(j->s);
	int h = cairo_image_surface_get_height(j->s);
	int stride = cairo_image_surface_get_stride(j->s);
	const unsigned char *data;
	unsigned char *row = xmalloc((size_t)w * 3);
	png_uint_32 ppm = (png_uint_32)lround(j->dpi / 0.0254);
	png_structp png;
	png_infop info;
	int x, y;

	cairo_surface_flush(j->s);
	data = cairo_image_surface_get_data(j->s);
	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, png_fail,
	    png_warn);
	info = png ? png_create_info_struct(png) : NULL;
	if (png == NULL || info == NULL) {
		png_destroy_write_struct(&png, &info);
		free(row);
		snprintf(err, errlen, "cannot write '%s': out of memory", path);
		return -1;
	}
	if (setjmp(png_jmpbuf(png))) {
		png_destroy_write_struct(&png, &info);
		free(row);
		snprintf(err, errlen, "cannot write '%s': %s", path,
		    sink.err ? strerror(sink.err) : "libpng failed");
		return -1;
	}
	png_set_write_fn(png, &sink, sink_write, sink_flush);
	png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8,
	    PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
	    PNG_FILTER_TYPE_DEFAULT);
	png_set_pHYs(png, info, ppm, ppm, PNG_RESOLUTION_METER);
	png_set_compression_level(png, 1);
	png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
	png_write_info(png, info);
	for (y = 0; y < h; y++) {
		const uint32_t *px32 = (const uint32_t *)(const void *)
		    (data + (size_t)y * (size_t)stride);
		unsigned char *o = row;

		for (x = 0; x < w; x++) {
			uint32_t v = px32[x];

			*o++ = (unsigned char)(v >> 16);
			*o++ = (unsigned char)(v >> 8);
			*o++ = (unsigned char)v;
		}
		png_write_row(png, row);
	}
	png_write_end(png, NULL);
	png_destroy_write_struct(&png, &info);
	free(row);
	return 0;
}

/* Writes a card's image, surface ctx (a struct png_job), into fd as a
 * PNG that says its dpi (pngwrite.c), for save_file(). */
static int
fill_card_png(int fd, const char *path, void *ctx, char *err, size_t errlen)
{
	const struct png_job *j = ctx;

	cairo_surface_flush(j->s);
	errno = 0;
	if (png_write_rgb24(fd, cairo_image_surface_get_data(j->s),
	    cairo_image_surface_get_width(j->s),
	    cairo_image_surface_get_height(j->s),
	    cairo_image_surface_get_stride(j->s), j->dpi) == 0)
		return 0;
	snprintf(err, errlen, "cannot write '%s': %s", path,
	    strerror(errno ? errno : EIO));
	return -1;
}

static void *
encoder(void *arg)
{
	struct enc *e = arg;
	struct job *j;
	char err[512];
	int rc;

	/* Made with them blocked (raster_write()): this thread takes them. */
	hold_end_signals(SIG_UNBLOCK, NULL);
	pthread_mutex_lock(&e->mu);
	for (;;) {
		while (e->head == NULL && !e->stop)
			pthread_cond_wait(&e->cv, &e->mu);
		if ((j = e->head) == NULL)
			break;
		if ((e->head = j->next) == NULL)
			e->tail = NULL;
		rc = 0;
		if (!e->failed) {
			struct png_job pj = { j->s, j->dpi };

			pthread_mutex_unlock(&e->mu);
			rc = save_file(j->path, j->sheet ?
			    fill_sheet_png : fill_card_png, &pj, err,
			    sizeof(err));
			pthread_mutex_lock(&e->mu);
		}
		if (rc < 0 && !e->failed) {
			e->failed = 1;
			snprintf(e->err, sizeof(e->err), "%s", err);
		}
		if (j->sheet) {
			cairo_surface_destroy(j->s);
			e->sheets--;
		} else {
			e->spare[e->nspare++] = j->s;
		}
		free(j);
		pthread_cond_broadcast(&e->cv);
	}
	pthread_mutex_unlock(&e->mu);
	return NULL;
}

static void
enc_queue(struct enc *e, cairo_surface_t *s, double dpi, const char *path,
    int sheet)
{
	struct job *j = xcalloc(1, sizeof(*j));

	j->s = s;
	j->dpi = dpi;
	j->path = path;
	j->sheet = sheet;
	pthread_mutex_lock(&e->mu);
	if (e->tail)
		e->tail->next = j;
	else
		e->head = j;
	e->tail = j;
	e->sheets += sheet;
	pthread_cond_broadcast(&e->cv);
	pthread_mutex_unlock(&e->mu);
}

/* A card surface of w x h to draw on: one written already, or a new one
 * while fewer than SPARES exist; NULL with err filled. */
static cairo_surface_t *
enc_surface(struct enc *e, int w, int h, char *err, size_t errlen)
{
	cairo_surface_t *s = NULL;

	pthread_mutex_lock(&e->mu);
	while (e->nspare == 0 && e->made >= SPARES)
		pthread_cond_wait(&e->cv, &e->mu);
	if (e->nspare > 0) {
		s = e->spare[--e->nspare];
		if (cairo_image_surface_get_width(s) != w ||
		    cairo_image_surface_get_height(s) != h) {
			cairo_surface_destroy(s);
			s = NULL;
			e->made--;
		}
	}
	if (s == NULL && (s = surface(w, h, err, errlen)) != NULL)
		e->made++;
	pthread_mutex_unlock(&e->mu);
	return s;
}

/* Waits until no sheet is queued or being written: one at a time, for
 * a sheet may be 64 MB. */
static void
enc_sheets_done(struct enc *e)
{
	pthread_mutex_lock(&e->mu);
	while (e->sheets > 0)
		pthread_cond_wait(&e->cv, &e->mu);
	pthread_mutex_unlock(&e->mu);
}

static int
enc_failed(struct enc *e)
{
	int f;

	pthread_mutex_lock(&e->mu);
	f = e->failed;
	pthread_mutex_unlock(&e->mu);
	return f;
}

/* The sheet being filled: its surface, cell size and cells done. */
struct open_sheet {
	int index;		/* -1: none open */
	cairo_surface_t *s;
	int cw, ch;
	unsigned char *filled;
};

static int
sheet_open(struct raster *r, const struct raster_plan *pl, struct enc *e,
    struct open_sheet *os, int index, char *err, size_t errlen)
{
	double w, h;
	int n = pl->cols * pl->rows, k;
	cairo_t *cr;

	for (k = 0; k < n && pl->cells[index * n + k] < 0; k++)
		;
	raster_page_size(r, k < n ? pl->cells[index * n + k] : 0, &w, &h);
	os->cw = px(w - 2 * pl->inset, pl->sheet_dpi);
	os->ch = px(h - 2 * pl->inset, pl->sheet_dpi);
	enc_sheets_done(e);
	if ((os->s = surface(os->cw * pl->cols, os->ch * pl->rows, err,
	    errlen)) == NULL)
		return -1;
	cr = cairo_create(os->s);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_destroy(cr);
	memset(os->filled, 0, (size_t)n);
	os->index = index;
	return 0;
}

/* A box filter from an image to a cell: r image pixels a cell pixel, in
 * the bleed cut off, per cell column the first image column and the
 * weights of the ntap from it, and the cell's sums so far. */
struct boxf {
	double r, in;
	int cw, ch, taps;
	int *first, *ntap;
	uint16_t *wt;
	float *acc;
};

/* Across: the image columns under each cell column, and how much. */
static void
boxf_across(struct boxf *b)
{
	int x, t, cw = b->cw, taps = b->taps;
	double r = b->r;

	for (x = 0; x < cw; x++) {
		double a = x * r + b->in, e = a + r;

		b->first[x] = (int)floor(a);
		for (t = 0; t < taps; t++) {
			double l = fmax(a, b->first[x] + t), u = fmin(e,
			    b->first[x] + t + 1);

			if (u <= l)
				break;
			/* In 65,535ths: the sum of a pixel's is 1. */
			b->wt[x * taps + t] = (uint16_t)lround((u - l) / r *
			    65535);
		}
		b->ntap[x] = t;
	}
}

/* Each image row filtered across, added to the cell rows it lies
 * under. */
static void
boxf_rows(struct boxf *b, const unsigned char *src, int sw, int sh, int ss)
{
	double r = b->r, in = b->in;
	int cw = b->cw, ch = b->ch, taps = b->taps, x, sx, sy, t;
	float *h = xmalloc(sizeof(float) * (size_t)cw * 3);

	for (sy = (int)floor(in); sy < sh && sy < in + ch * r + 1; sy++) {
		const uint32_t *row = (const uint32_t *)(const void *)
		    (src + (size_t)sy * (size_t)ss);
		double top = (sy - in) / r, bot = (sy + 1 - in) / r;
		int y0 = (int)floor(top), y1;

		if (sy < 0)
			continue;
		for (x = 0; x < cw; x++) {
			const uint16_t *k = b->wt + (size_t)x * (size_t)taps;
			uint32_t rr = 0, gg = 0, bb = 0, v;

			for (t = 0, sx = b->first[x]; t < b->ntap[x]; t++,
			    sx++) {
				v = sx >= 0 && sx < sw ? row[sx] : 0xffffff;
				rr += k[t] * ((v >> 16) & 255);
				gg += k[t] * ((v >> 8) & 255);
				bb += k[t] * (v & 255);
			}
			h[x * 3] = (float)rr;
			h[x * 3 + 1] = (float)gg;
			h[x * 3 + 2] = (float)bb;
		}
		/* Down: the cell rows this image row lies under. */
		for (y1 = y0; y1 < ch && y1 <= (int)floor(bot); y1++) {
			double l = fmax(top, y1), u = fmin(bot, y1 + 1);
			float k = (float)(u - l) / 65535.0f;
			float *a = b->acc + (size_t)y1 * (size_t)cw * 3;

			if (y1 < 0 || k <= 0)
				continue;
			for (x = 0; x < cw * 3; x++)
				a[x] += k * h[x];
		}
	}
	free(h);
}

/* The sums into the cell at dst (stride ds); what no image row reached
 * (past its foot, sh rows) is white. */
static void
boxf_out(const struct boxf *b, unsigned char *dst, int ds, int sh)
{
	double r = b->r;
	int x, y, t, cw = b->cw;

	for (y = 0; y < b->ch; y++) {
		uint32_t *o = (uint32_t *)(void *)(dst + (size_t)y * (size_t)ds);
		const float *a = b->acc + (size_t)y * (size_t)cw * 3;
		double top = y * r + b->in, bot = top + r;
		double cover = (fmin(bot, sh) - fmax(top, 0)) / r;
		float white = cover < 1 ? (float)(255 * (1 - fmax(cover, 0))) : 0;

		for (x = 0; x < cw; x++) {
			float v[3];
			uint32_t p = 0xff000000u;

			for (t = 0; t < 3; t++) {
				v[t] = a[x * 3 + t] + white + 0.5f;
				p |= (uint32_t)(v[t] > 255 ? 255 : v[t]) <<
				    (16 - 8 * t);
			}
			o[x] = p;
		}
	}
}

/*
 * Cell c of the open sheet from image s of a page drawn at dpi: each
 * cell pixel the average of the image's pixels under it, weighted by
 * how much of each it covers (a box filter; cairo's own filter for this
 * took a fifth of the time of a card).  A cell pixel at x, y lies over
 * the image from x * r + in to (x + 1) * r + in across, r the image's
 * pixels a cell pixel (never under 1: a sheet is at most the cards'
 * dpi), in the bleed cut off; past the image's edge is white.
 */
static void
sheet_put(const struct raster_plan *pl, struct open_sheet *os, int c,
    cairo_surface_t *s)
{
	struct boxf b;
	int ds = cairo_image_surface_get_stride(os->s);
	int cw = os->cw, ch = os->ch;
	unsigned char *dst;

	b.r = pl->dpi / pl->sheet_dpi;
	b.in = pl->inset * pl->dpi / 72.0;
	b.cw = cw;
	b.ch = ch;
	b.taps = (int)ceil(b.r) + 2;
	b.first = xmalloc(sizeof(int) * (size_t)cw);
	b.wt = xcalloc((size_t)cw * (size_t)b.taps, sizeof(uint16_t));
	b.ntap = xmalloc(sizeof(int) * (size_t)cw);
	b.acc = xcalloc((size_t)cw * (size_t)ch * 3, sizeof(float));
	cairo_surface_flush(s);
	cairo_surface_flush(os->s);
	dst = cairo_image_surface_get_data(os->s) + (size_t)(c / pl->cols) *
	    (size_t)ch * (size_t)ds + (size_t)(c % pl->cols) * (size_t)cw * 4;
	boxf_across(&b);
	boxf_rows(&b, cairo_image_surface_get_data(s),
	    cairo_image_surface_get_width(s), cairo_image_surface_get_height(s),
	    cairo_image_surface_get_stride(s));
	boxf_out(&b, dst, ds, cairo_image_surface_get_height(s));
	cairo_surface_mark_dirty(os->s);
	free(b.first);
	free(b.ntap);
	free(b.wt);
	free(b.acc);
	os->filled[c] = 1;
}

/* Draws the cells no page image filled, and queues the sheet. */
static void
sheet_close(struct raster *r, const struct raster_plan *pl, struct enc *e,
    struct open_sheet *os)
{
	int n = pl->cols * pl->rows, c, page;
	cairo_t *cr = cairo_create(os->s);

	for (c = 0; c < n; c++)
		if (!os->filled[c] && (page = pl->cells[os->index * n + c]) >= 0)
			draw_page(r, cr, page, pl->sheet_dpi, pl->inset,
			    (c % pl->cols) * os->cw, (c / pl->cols) * os->ch,
			    os->cw, os->ch);
	cairo_destroy(cr);
	enc_queue(e, os->s, pl->sheet_dpi, pl->sheet_paths[os->index], 1);
	os->s = NULL;
	os->index = -1;
}

/* For each sheet, the last page (index into pl->pages) that has a cell
 * on it, or -1. */
static int *
sheet_lasts(const struct raster_plan *pl)
{
	int n = pl->cols * pl->rows, k, c, s;
	int *last = xcalloc((size_t)pl->nsheets + 1, sizeof(int));

	for (s = 0; s < pl->nsheets; s++) {
		last[s] = -1;
		for (k = 0; k < pl->npages; k++)
			for (c = 0; c < n; c++)
				if (pl->cells[s * n + c] == pl->pages[k])
					last[s] = k;
	}
	return last;
}

/* Stops the encoder once its queue is written; returns rc, or -1 with
 * err filled when the encoder failed first. */
static int
enc_stop(struct enc *e, int rc, char *err, size_t errlen)
{
	pthread_mutex_lock(&e->mu);
	e->stop = 1;
	pthread_cond_broadcast(&e->cv);
	pthread_mutex_unlock(&e->mu);
	pthread_join(e->th, NULL);
	while (e->nspare > 0)
		cairo_surface_destroy(e->spare[--e->nspare]);
	if (e->failed && rc == 0) {
		snprintf(err, errlen, "%s", e->err);
		rc = -1;
	}
	pthread_cond_destroy(&e->cv);
	pthread_mutex_destroy(&e->mu);
	return rc;
}

int
raster_write(struct raster *r, const struct raster_plan *pl, char *err,
    size_t errlen)
{
	struct enc e;
	struct open_sheet os = { -1, NULL, 0, 0, NULL };
	sigset_t was;
	int n = pl->cols * pl->rows, next = 0, k, c, rc = 0, *last;

	memset(&e, 0, sizeof(e));
	pthread_mutex_init(&e.mu, NULL);
	pthread_cond_init(&e.cv, NULL);
	os.filled = xmalloc((size_t)n + 1);
	last = sheet_lasts(pl);
	/* The encoder saves each PNG: the end signals go to it, which holds
	 * them off while it names the file (save.c), and not to this thread,
	 * which knows of no file to remove.  It takes them again itself. */
	hold_end_signals(SIG_BLOCK, &was);
	if ((errno = pthread_create(&e.th, NULL, encoder, &e)) != 0) {
		pthread_sigmask(SIG_SETMASK, &was, NULL);
		snprintf(err, errlen, "cannot start a thread: %s",
		    strerror(errno));
		free(last);
		free(os.filled);
		return -1;
	}
	for (k = 0; k < pl->npages && rc == 0 && !enc_failed(&e); k++) {
		int page = pl->pages[k];
		double w, h;
		cairo_surface_t *img;
		cairo_t *cr;

		raster_page_size(r, page, &w, &h);
		if ((img = enc_surface(&e, px(w, pl->dpi), px(h, pl->dpi), err,
		    errlen)) == NULL) {
			rc = -1;
			break;
		}
		cr = cairo_create(img);
		draw_page(r, cr, page, pl->dpi, 0, 0, 0, px(w, pl->dpi),
		    px(h, pl->dpi));
		cairo_destroy(cr);
		/* Its cells on the sheet under way, or on the next. */
		if (os.index < 0 && next < pl->nsheets && last[next] >= k) {
			for (c = 0; c < n && pl->cells[next * n + c] != page; c++)
				;
			if (c < n && sheet_open(r, pl, &e, &os, next++, err,
			    errlen) < 0)
				rc = -1;
		}
		if (os.index >= 0) {
			for (c = 0; c < n; c++)
				if (pl->cells[os.index * n + c] == page)
					sheet_put(pl, &os, c, img);
			if (last[os.index] == k)
				sheet_close(r, pl, &e, &os);
		}
		enc_queue(&e, img, pl->dpi, pl->paths[k], 0);
	}
	/* Sheets no page image reached: drawn cell by cell. */
	if (os.index >= 0)
		sheet_close(r, pl, &e, &os);
	while (rc == 0 && next < pl->nsheets && !enc_failed(&e)) {
		if (sheet_open(r, pl, &e, &os, next++, err, errlen) < 0)
			rc = -1;
		else
			sheet_close(r, pl, &e, &os);
	}
	rc = enc_stop(&e, rc, err, errlen);
	pthread_sigmask(SIG_SETMASK, &was, NULL);
	free(last);
	free(os.filled);
	return rc;
}
