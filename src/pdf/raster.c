/*
 * pdf/raster.c -- pages as PNG through poppler-glib and cairo.
 *
 * cairo writes no pHYs chunk, so that a viewer or print service took a
 * 300 dpi card for 72 dpi, four times its size: the chunk goes in as the
 * stream passes, after IHDR (PNG 1.2, section 4.2.4.2: before the first
 * IDAT), in pixels a metre, the unit the format knows.
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
#include <zlib.h>

#include "../util.h"
#include "pdf.h"

struct raster {
	PopplerDocument *doc;
	GBytes *bytes;
	int n;
};

struct raster *
raster_open(const unsigned char *pdf, size_t len, char *err, size_t errlen)
{
	struct raster *r = xcalloc(1, sizeof(*r));
	GError *ge = NULL;

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

/* Where a PNG stream goes: fd, its pHYs chunk put in after IHDR. */
struct png_out {
	int fd;
	double dpi;
	size_t seen;		/* bytes of cairo's stream passed */
};

/* The 8-byte signature and IHDR's 25 bytes: length, type, 13, CRC. */
#define PNG_HEAD 33

static int
write_all(int fd, const unsigned char *data, size_t len)
{
	ssize_t n;

	while (len > 0) {
		if ((n = write(fd, data, len)) < 0) {
			if (errno == EINTR)
				continue;
			return CAIRO_STATUS_WRITE_ERROR;
		}
		data += n;
		len -= (size_t)n;
	}
	return 0;
}

/* The pHYs chunk for dpi: pixels a metre both ways, unit 1 (metre). */
static void
phys_chunk(double dpi, unsigned char c[21])
{
	unsigned long ppm = (unsigned long)lround(dpi / 0.0254);
	unsigned long crc;
	int k;

	memcpy(c, "\0\0\0\x09pHYs", 8);
	for (k = 0; k < 4; k++)
		c[8 + k] = c[12 + k] = (unsigned char)(ppm >> (24 - 8 * k));
	c[16] = 1;
	crc = crc32(0, c + 4, 13);
	for (k = 0; k < 4; k++)
		c[17 + k] = (unsigned char)(crc >> (24 - 8 * k));
}

static cairo_status_t
to_fd(void *closure, const unsigned char *data, unsigned int len)
{
	struct png_out *o = closure;
	unsigned char phys[21];
	size_t head = 0;

	if (o->seen < PNG_HEAD && o->seen + len >= PNG_HEAD) {
		head = PNG_HEAD - o->seen;
		phys_chunk(o->dpi, phys);
		if (write_all(o->fd, data, head) < 0 ||
		    write_all(o->fd, phys, sizeof(phys)) < 0)
			return CAIRO_STATUS_WRITE_ERROR;
	}
	o->seen += len;
	if (write_all(o->fd, data + head, len - head) < 0)
		return CAIRO_STATUS_WRITE_ERROR;
	return CAIRO_STATUS_SUCCESS;
}

/* What fill_png() writes: a surface at dpi. */
struct png_job {
	cairo_surface_t *s;
	double dpi;
};

/* Writes surface ctx as PNG into fd, for save_file(). */
static int
fill_png(int fd, const char *path, void *ctx, char *err, size_t errlen)
{
	const struct png_job *j = ctx;
	struct png_out o = { fd, j->dpi, 0 };
	cairo_status_t st;

	errno = 0;
	st = cairo_surface_write_to_png_stream(j->s, to_fd, &o);
	if (st == CAIRO_STATUS_SUCCESS)
		return 0;
	snprintf(err, errlen, "cannot write '%s': %s", path,
	    st == CAIRO_STATUS_WRITE_ERROR && errno ? strerror(errno) :
	    cairo_status_to_string(st));
	return -1;
}

/* Writes surface s, drawn at dpi, to path as a PDF is saved: checked,
 * atomic. */
static int
write_png(cairo_surface_t *s, double dpi, const char *path, char *err,
    size_t errlen)
{
	struct png_job j = { s, dpi };

	return save_file(path, fill_png, &j, err, errlen);
}

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
raster_png(struct raster *r, int i, double dpi, const char *path, char *err,
    size_t errlen)
{
	double w, h;
	cairo_surface_t *s;
	cairo_t *cr;
	int rc;

	raster_page_size(r, i, &w, &h);
	if ((s = surface(px(w, dpi), px(h, dpi), err, errlen)) == NULL)
		return -1;
	cr = cairo_create(s);
	draw_page(r, cr, i, dpi, 0, 0, 0, px(w, dpi), px(h, dpi));
	cairo_destroy(cr);
	rc = write_png(s, dpi, path, err, errlen);
	cairo_surface_destroy(s);
	return rc;
}

int
raster_sheet_png(struct raster *r, const int *cells, int cols, int rows,
    double dpi, double inset, const char *path, char *err, size_t errlen)
{
	double w, h;
	int cw, ch, k, rc;
	cairo_surface_t *s;
	cairo_t *cr;

	raster_page_size(r, cells[0], &w, &h);
	cw = px(w - 2 * inset, dpi);
	ch = px(h - 2 * inset, dpi);
	if ((s = surface(cw * cols, ch * rows, err, errlen)) == NULL)
		return -1;
	cr = cairo_create(s);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	for (k = 0; k < cols * rows; k++)
		draw_page(r, cr, cells[k], dpi, inset, (k % cols) * cw,
		    (k / cols) * ch, cw, ch);
	cairo_destroy(cr);
	rc = write_png(s, dpi, path, err, errlen);
	cairo_surface_destroy(s);
	return rc;
}
