/*
 * layout/layout.h -- places cards on sheets and draws each card's
 * template elements with a record's fields.
 *
 * Cards go 10 up (or whatever fits) in the order they come.  Each
 * product (cards, counters, sheets, ...) fills its own pages with its own
 * grid; a product's new page starts when its page is full or its card
 * size changes.  Pages come in the order they were started.  With backs, each
 * front page is followed by its back page, the backs mirrored so that
 * each lands behind its front when printed duplex.  The single layout
 * gives each card a page (and its back the next); gutter-fold puts the
 * backs on the front's page, mirrored about the fold.
 */
#ifndef MUSTER_LAYOUT_H
#define MUSTER_LAYOUT_H

#include "../pdf/sheet.h"

struct pdf;
struct record;
struct template;

struct layout_opts {
	double paper_w, paper_h;	/* points */
	int a4;			/* use the templates' A4 card sizes */
	double bleed;		/* points */
	int crop;
	enum backs backs;
	double back_dx, back_dy;	/* points: right and down */
	enum sheet_layout layout;	/* --layout */
	double counter;		/* the side of a counter (sizing: counter) */
	/* A print shop's (--vendor): every card but a counter drawn at this
	 * trim, in the template's own orientation (the long side of the
	 * two along the template's long side), stretched as an A4 card is
	 * from a Letter template; 0: the template's size.  Text inside
	 * safe of the trim is warned when that is more than the
	 * template's own margin.  back_first: a back page before its
	 * front page (DriveThruCards). */
	double trim_w, trim_h;
	double safe;
	int back_first;
	/* --format png: the images' dpi, each page an image no larger than
	 * RASTER_MAX_PIXELS (render.pixels); 0 for a PDF. */
	double png_dpi;
};

struct layout;

/* A layout drawing into pdf (which the caller keeps and frees). */
struct layout *layout_new(struct pdf *pdf, const struct layout_opts *o);
void layout_free(struct layout *l);

/*
 * Draws a card of template t filled from r in the next free place on
 * product's page.
 * Problems with the card's text are reported (render.glyph, .overflow);
 * returns -1 only when the card cannot be placed at all (render.fit or
 * render.font, reported).
 */
int layout_card(struct layout *l, const char *product,
    const struct template *t, const struct record *r);
/* Finishes the last pages (crop marks). */
void layout_finish(struct layout *l);
int layout_cards(const struct layout *l);

#endif
