/*
 * layout/draw.h -- what the layout and its widgets share while drawing one
 * card face.  Internal to layout/.
 */
#ifndef MUSTER_LAYOUT_DRAW_H
#define MUSTER_LAYOUT_DRAW_H

#include "../pdf/pdf.h"
#include "../util.h"
#include "template.h"

struct layout;
struct record;

struct draw {
	struct layout *l;
	struct pdf *pdf;
	struct pdf_page *pg;
	const struct template *t;
	const struct record *r;
	const int *font;	/* template font index -> pdf font id */
	double ox, oy;		/* trim bottom-left on the page */
	double w, h;		/* the card's size on this paper */
	double fs;		/* scale of type */
	int back;
	const struct elem *unsafe;	/* told of as render.safe-zone */
	const struct elem *small;	/* told of as render.small-text */
	unsigned long long measured;	/* pdf_measured() as the card began */
	int over;		/* its text fitting went past the budget */
};

/*
 * Page coordinates of a template point (y down from the card's top).  On
 * a card of another size (A4's business card) the safe margins keep
 * their width and only what lies between them stretches or shrinks.
 */
double draw_x(const struct draw *d, double x);
double draw_y(const struct draw *d, double y);
#define DX(d, x) draw_x((d), (x))
#define DY(d, y) draw_y((d), (y))

/* The element's colour for this card (fields resolved). */
struct rgb draw_colour(struct draw *d, const struct colour *c, int *none);
/*
 * Text in a box in page coordinates with the element's style, glyphs
 * checked and overflow reported against the card.
 */
void draw_text(struct draw *d, const struct elem *e, const char *text,
    double x, double y, double w, double h);
/* A problem with this card's drawing, told at the card's document
 * ("card 'NAME': " and fmt), as render.overflow is. */
void draw_warn(struct draw *d, const char *rule, const char *fmt, ...)
    ATTR_PRINTF(3, 4);
/*
 * Writes text into sb with its lines broken where they read best
 * (lines.c): when tb wraps, each paragraph goes on as many lines as
 * pdf_textbox() would fill at pt, a size it fits at, with the breaks
 * chosen for even lines and whole phrases, written as newlines.
 * Returns how many flaws are left (a line of one word, a modifier
 * parted from what it modifies), for the caller to try a smaller size.
 */
int draw_breaks(struct pdf *pdf, const struct textbox *tb, double pt,
    const char *text, struct sbuf *sb);
/* An error about this card's drawing, told at the card's document as
 * draw_warn() tells a warning. */
void draw_error(struct draw *d, const char *rule, const char *fmt, ...)
    ATTR_PRINTF(3, 4);
/* Whether what was told already for this card's template; notes it. */
int draw_seen(struct draw *d, const char *what);
/*
 * text with each {icon:NAME} the character the PDF draws that icon as
 * (icons.c), in out; text itself when it names none; NULL when a name
 * is unknown or its picture cannot be read (told).
 */
const char *draw_icons(struct draw *d, const struct elem *e,
    const char *text, struct sbuf *out);
/* Draws a widget element whose value expanded to value. */
void draw_widget(struct draw *d, const struct elem *e, const char *value);

#endif
