/*
 * pdf/raster.h -- a PDF muster made, drawn as pixels and written as PNG:
 * card images and Tabletop Simulator deck sheets (SPEC section 4,
 * --format png).  poppler-glib draws the pages in this process, through
 * cairo; no other program runs.  Knows nothing of cards or games: pages,
 * pixels and files.
 */
#ifndef MUSTER_RASTER_H
#define MUSTER_RASTER_H

#include <stddef.h>

struct raster;

/* The document of len bytes at pdf (kept until raster_close); NULL with
 * err filled when poppler cannot read it. */
struct raster *raster_open(const unsigned char *pdf, size_t len, char *err,
    size_t errlen);
void raster_close(struct raster *r);
int raster_pages(const struct raster *r);
/* Page i's size in points. */
void raster_page_size(const struct raster *r, int i, double *w, double *h);
/* The most pixels a face may have (SPEC section 8): 100 megapixels, 400
 * MB drawn.  raster_too_big() says whether w x h points at dpi pass it,
 * before anything is allocated. */
#define RASTER_MAX_PIXELS 100000000.0
int raster_too_big(double w, double h, double dpi);

/*
 * What raster_write() draws, in one pass over the pages: page pages[k]
 * at dpi into paths[k] (in that order), and nsheets sheets of cols x
 * rows cells (cells[s * cols * rows + c] a page, or -1 for white) at
 * sheet_dpi into sheet_paths[s], each cell a page less inset points a
 * side.  Each page is drawn once, at its own size, by one renderer; a
 * sheet's cells are taken from those images, scaled, and a cell whose
 * page has no image of its own is drawn for the sheet.  The PNGs are
 * compressed and written on a second thread while the next page is
 * drawn, each saved as a PDF is (checked, atomic).
 */
struct raster_plan {
	double dpi;
	int npages;
	const int *pages;
	char *const *paths;
	int cols, rows, nsheets;
	const int *cells;
	char *const *sheet_paths;
	double sheet_dpi, inset;
};

/* Returns 0, or -1 with err filled (the first failure; what was
 * written before it stays). */
int raster_write(struct raster *r, const struct raster_plan *pl, char *err,
    size_t errlen);

#endif
