/*
 * pdf/raster.c -- pages as PNG through poppler-glib and cairo.
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

/* Draws page i into cr over a white cell w x h pixels at x, y. */
static void
draw_page(struct raster *r, cairo_t *cr, int i, double dpi, int x, int y,
    int w, int h)
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
		poppler_page_render_for_printing(pg, cr);
		g_object_unref(pg);
	}
	cairo_restore(cr);
}

static cairo_status_t
to_fd(void *closure, const unsigned char *data, unsigned int len)
{
	int fd = *(int *)closure;
	ssize_t n;

	while (len > 0) {
		if ((n = write(fd, data, len)) < 0) {
			if (errno == EINTR)
				continue;
			return CAIRO_STATUS_WRITE_ERROR;
		}
		data += n;
		len -= (unsigned int)n;
	}
	return CAIRO_STATUS_SUCCESS;
}

/* Writes surface ctx as PNG into fd, for save_file(). */
static int
fill_png(int fd, const char *path, void *ctx, char *err, size_t errlen)
{
	cairo_status_t st;

	errno = 0;
	st = cairo_surface_write_to_png_stream(ctx, to_fd, &fd);
	if (st == CAIRO_STATUS_SUCCESS)
		return 0;
	snprintf(err, errlen, "cannot write '%s': %s", path,
	    st == CAIRO_STATUS_WRITE_ERROR && errno ? strerror(errno) :
	    cairo_status_to_string(st));
	return -1;
}

/* Writes surface s to path as a PDF is saved: checked, atomic. */
static int
write_png(cairo_surface_t *s, const char *path, char *err, size_t errlen)
{
	return save_file(path, fill_png, s, err, errlen);
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
	draw_page(r, cr, i, dpi, 0, 0, px(w, dpi), px(h, dpi));
	cairo_destroy(cr);
	rc = write_png(s, path, err, errlen);
	cairo_surface_destroy(s);
	return rc;
}

int
raster_sheet_png(struct raster *r, const int *cells, int cols, int rows,
    double dpi, const char *path, char *err, size_t errlen)
{
	double w, h;
	int cw, ch, k, rc;
	cairo_surface_t *s;
	cairo_t *cr;

	raster_page_size(r, cells[0], &w, &h);
	cw = px(w, dpi);
	ch = px(h, dpi);
	if ((s = surface(cw * cols, ch * rows, err, errlen)) == NULL)
		return -1;
	cr = cairo_create(s);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	for (k = 0; k < cols * rows; k++)
		draw_page(r, cr, cells[k], dpi, (k % cols) * cw,
		    (k / cols) * ch, cw, ch);
	cairo_destroy(cr);
	rc = write_png(s, path, err, errlen);
	cairo_surface_destroy(s);
	return rc;
}
