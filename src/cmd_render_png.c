/*
 * cmd_render_png.c -- render --format png and tts: an output's PDF
 * drawn as card images, the fronts on Tabletop Simulator sheets, and
 * with tts the deck as a saved object (tts.c).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_render.h"
#include "pdf/pdf.h"
#include "pdf/raster.h"
#include "tts.h"
#include "util.h"

/* The sheets' dpi: --dpi, or less when a sheet of cards w0 x h0 points
 * would pass TTS_MAX_PX. */
static double
sheet_dpi(double dpi, double w0, double h0, int nfront)
{
	if (nfront > 0 && (w0 * TTS_COLS * dpi / 72 > TTS_MAX_PX ||
	    h0 * TTS_ROWS * dpi / 72 > TTS_MAX_PX))
		return floor(fmin(TTS_MAX_PX * 72 / (w0 * TTS_COLS),
		    TTS_MAX_PX * 72 / (h0 * TTS_ROWS)));
	return dpi;
}

/* Sheet k's cells (the pages of its cards, -1 for none, the last its
 * first card's back) into sheet; its file's name, to free. */
static char *
tts_sheet_cells(int *sheet, int k, const int *cells, int nfront, int n,
    const char *path, size_t stemlen)
{
	int first = k * (TTS_COLS * TTS_ROWS - 1), c;
	char *name = xmalloc(stemlen + 32);

	for (c = 0; c < TTS_COLS * TTS_ROWS - 1; c++)
		sheet[c] = first + c < nfront ? cells[first + c] : -1;
	/* The last cell: what a hidden card shows, its back. */
	sheet[c] = cells[first] + 1 < n ? cells[first] + 1 : -1;
	snprintf(name, stemlen + 32, "%.*s-sheet-%d.png", (int)stemlen, path,
	    k + 1);
	return name;
}

/* After the images: every back the same picture (a deck's) written once,
 * and with tts the deck as a saved object, the cards on the sheets in
 * their order, named and described as laid out (one a front page). */
static int
finish_tts(struct output *o, char **backv, int nback, char **sheetv,
    int nsheets, const int *cells, int nfront, int tts, char *err,
    size_t errlen)
{
	struct written *w = &o->w;
	const char *path = o->path;
	size_t stemlen = strlen(path) - 4;
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	char *name = xmalloc(stemlen + 32), *title, *json;
	struct tts_card *deck;
	struct tts_deck d;
	int k;

	snprintf(name, stemlen + 32, "%.*s-back.png", (int)stemlen, path);
	if ((w->back_once = tts_backs_once(backv, nback, name, err,
	    errlen)) < 0 || !tts || nfront == 0) {
		free(name);
		return w->back_once < 0 ? -1 : 0;
	}
	deck = xcalloc((size_t)nfront, sizeof(*deck));
	for (k = 0; k < nfront; k++)
		if (cells[k] / 2 < o->ncards)
			deck[k] = o->cards[cells[k] / 2];
		else
			deck[k].name = deck[k].desc = "";
	title = o->deck_name ? xstrdup(o->deck_name) :
	    xstrndup(base, strlen(base) - 4);
	d.name = title;
	d.sheets = (const char *const *)sheetv;
	d.nsheets = nsheets;
	d.cols = TTS_COLS;
	d.rows = TTS_ROWS;
	d.per_sheet = TTS_COLS * TTS_ROWS - 1;
	snprintf(name, stemlen + 32, "%.*s-%s.png", (int)stemlen, path,
	    w->back_once ? "back" : "001-back");
	d.back = name;
	d.cards = deck;
	d.ncards = nfront;
	json = xmalloc(stemlen + 8);
	snprintf(json, stemlen + 8, "%.*s.json", (int)stemlen, path);
	k = tts_write(json, &d, err, errlen);
	free(json);
	free(title);
	free(deck);
	free(name);
	if (k < 0)
		return -1;
	w->tts = 1;
	return 0;
}

/* The images of one output: n pages of the PDF, npages of them written
 * to names (nback of those backs, in backv), the nfront fronts of the
 * first front's trim (w0 x h0) in cells, and nsheets TTS sheets. */
struct images {
	char **names, **sheet_names, **backv;
	int n, cards, npages, nfront, nback, nsheets;
	int *cells, *pages, *sheets;
	double w0, h0;
};

/* Names each page of r (STEM from path, stemlen long) that is written,
 * the fronts and, with backs, the backs; finds the fronts of the first
 * one's trim (the page less bleed). */
static void
image_pages(struct images *im, struct raster *r, const char *path,
    size_t stemlen, int backs, double bleed)
{
	double pw, ph;
	int i, n;

	n = im->n = raster_pages(r);
	im->cells = xmalloc(sizeof(*im->cells) * (size_t)(n + 1));
	im->pages = xmalloc(sizeof(*im->pages) * (size_t)(n + 1));
	im->names = xcalloc((size_t)n + 1, sizeof(*im->names));
	im->backv = xcalloc((size_t)n + 1, sizeof(*im->backv));
	for (i = 0; i < n; i += 2) {
		im->cards++;
		im->names[im->npages] = xmalloc(stemlen + 32);
		snprintf(im->names[im->npages], stemlen + 32, "%.*s-%03d.png",
		    (int)stemlen, path, im->cards);
		im->pages[im->npages++] = i;
		if (backs && i + 1 < n) {
			im->names[im->npages] = xmalloc(stemlen + 32);
			snprintf(im->names[im->npages], stemlen + 32,
			    "%.*s-%03d-back.png", (int)stemlen, path,
			    im->cards);
			im->backv[im->nback++] = im->names[im->npages];
			im->pages[im->npages++] = i + 1;
		}
		raster_page_size(r, i, &pw, &ph);
		if (im->nfront == 0) {
			im->w0 = pw - 2 * bleed;
			im->h0 = ph - 2 * bleed;
		}
		if (fabs(pw - 2 * bleed - im->w0) < 0.01 &&
		    fabs(ph - 2 * bleed - im->h0) < 0.01)
			im->cells[im->nfront++] = i;
	}
}

/* The TTS sheets of the fronts: their cells and names. */
static void
image_sheets(struct images *im, const char *path, size_t stemlen)
{
	int k;

	im->nsheets = (im->nfront + TTS_COLS * TTS_ROWS - 2) /
	    (TTS_COLS * TTS_ROWS - 1);
	im->sheets = xmalloc(sizeof(*im->sheets) * (size_t)(im->nsheets + 1) *
	    TTS_COLS * TTS_ROWS);
	im->sheet_names = xcalloc((size_t)im->nsheets + 1,
	    sizeof(*im->sheet_names));
	for (k = 0; k < im->nsheets; k++)
		im->sheet_names[k] = tts_sheet_cells(im->sheets + k * TTS_COLS *
		    TTS_ROWS, k, im->cells, im->nfront, im->n, path, stemlen);
}

static void
images_free(struct images *im)
{
	int i;

	for (i = 0; i < im->npages; i++)
		free(im->names[i]);
	for (i = 0; i < im->nsheets; i++)
		free(im->sheet_names[i]);
	free(im->names);
	free(im->backv);
	free(im->sheet_names);
	free(im->sheets);
	free(im->pages);
	free(im->cells);
}

/*
 * --format png: the PDF of one output, drawn as pixels.  Its pages are
 * front, back, front, back... (single layout with backs): each front is
 * STEM-NNN.png, each back STEM-NNN-back.png when backs were asked for
 * (or one STEM-back.png when every card's back is the same picture),
 * and, unless a unit's document went in, the fronts of the first
 * front's size go on Tabletop Simulator sheets, STEM-sheet-N.png, 69
 * cards a sheet and the back of the sheet's first card in the last
 * cell, each cell the card's trim (its bleed, in points, cut off).
 * Every image is drawn by one plan (raster_write: the cards once each,
 * the sheets from them, encoded on a second thread).  --format tts
 * writes the back and, beside the sheets, STEM.json, the deck as a
 * saved object (tts.c).  o->path is the PDF's path: STEM from it.
 */
int
write_images(struct output *o, double dpi, int backs, int tts, double bleed,
    char *err, size_t errlen)
{
	struct written *w = &o->w;
	const char *path = o->path;
	unsigned char *bytes;
	size_t len, stemlen = strlen(path) - 4;	/* less ".pdf" */
	struct raster *r;
	struct raster_plan pl;
	struct images im;
	double sdpi;
	int rc = -1;

	if (tts)
		backs = 1;
	if (pdf_save_mem(o->pdf, &bytes, &len, err, errlen) < 0)
		return -1;
	memset(&im, 0, sizeof(im));
	if ((r = raster_open(bytes, len, err, errlen)) == NULL)
		goto out;
	image_pages(&im, r, path, stemlen, backs, bleed);
	/* A unit's cards, counters and sheets are no deck. */
	if (o->units)
		im.nfront = 0;
	sdpi = sheet_dpi(dpi, im.w0, im.h0, im.nfront);
	image_sheets(&im, path, stemlen);
	memset(&pl, 0, sizeof(pl));
	pl.dpi = dpi;
	pl.npages = im.npages;
	pl.pages = im.pages;
	pl.paths = im.names;
	pl.cols = TTS_COLS;
	pl.rows = TTS_ROWS;
	pl.nsheets = im.nsheets;
	pl.cells = im.sheets;
	pl.sheet_paths = im.sheet_names;
	pl.sheet_dpi = sdpi;
	pl.inset = bleed;
	if (raster_write(r, &pl, err, errlen) < 0)
		goto out;
	if (finish_tts(o, im.backv, im.nback, im.sheet_names, im.nsheets,
	    im.cells, im.nfront, tts, err, errlen) < 0)
		goto out;
	w->png = 1;
	w->cards = im.cards;
	w->backs = backs;
	w->dpi = dpi;
	w->sheets = im.nsheets;
	w->sheet_dpi = sdpi;
	rc = 0;
out:
	raster_close(r);
	images_free(&im);
	free(bytes);
	return rc;
}
