/*
 * pdf/sheet.c -- see sheet.h.
 */
#include "sheet.h"

#include <math.h>
#include <string.h>

#include "pdf.h"

#define MM (72.0 / 25.4)
#define MARK_OFFSET (1.5 * MM)	/* crop marks start this far past the bleed */
#define MARK_LENGTH (5.0 * MM)	/* and are at most this long */
#define MARK_WIDTH 0.3
#define CUT_WIDTH 0.25	/* cut lines between counters: thin, grey */
#define PRINTER_EDGE (5.0 * MM)	/* no printer reaches the paper's very edge */

double
sheet_min_margin(const struct sheet *s)
{
	/* Poker cards 3 x 3 on Letter leave 7.7 mm above and below: marks
	 * need their offset and a few millimetres of length. */
	if (s->crop)
		return s->bleed + MARK_OFFSET + 4.0 * MM;
	return s->bleed > PRINTER_EDGE ? s->bleed : PRINTER_EDGE;
}

int
sheet_plan(struct sheet *s)
{
	double gap = s->gap > 2 * s->bleed ? s->gap : 2 * s->bleed;
	double m = sheet_min_margin(s);
	double gw, gh;

	s->cols = (int)floor((s->paper_w - 2 * m + gap) / (s->card_w + gap) +
	    1e-9);
	s->rows = (int)floor((s->paper_h - 2 * m + gap) / (s->card_h + gap) +
	    1e-9);
	if (s->cols < 1 || s->rows < 1)
		return -1;
	s->step_x = s->card_w + gap;
	s->step_y = s->card_h + gap;
	gw = s->cols * s->card_w + (s->cols - 1) * gap;
	gh = s->rows * s->card_h + (s->rows - 1) * gap;
	s->margin_x = (s->paper_w - gw) / 2;
	s->margin_y = (s->paper_h - gh) / 2;
	s->x0 = s->margin_x;
	s->y0 = s->paper_h - s->margin_y - s->card_h;
	return 0;
}

void
sheet_slot(const struct sheet *s, int i, enum backs backs, double dx,
    double dy, double *x, double *y)
{
	int c = i % s->cols, r = i / s->cols;

	*x = s->x0 + c * s->step_x;
	*y = s->y0 - r * s->step_y;
	if (backs == BACKS_LONG)
		*x = s->paper_w - *x - s->card_w;	/* turned over sideways */
	else if (backs == BACKS_SHORT)
		*y = s->paper_h - *y - s->card_h;	/* turned over top to bottom */
	if (backs != BACKS_NONE) {
		*x += dx;
		*y -= dy;
	}
}

void
sheet_crop_marks(const struct sheet *s, struct pdf_page *pg, int rows_used)
{
	const struct rgb black = { 0, 0, 0 };
	double top, bottom, left, right, len, out;
	int c, r, e;

	if (!s->crop || rows_used < 1)
		return;
	if (rows_used > s->rows)
		rows_used = s->rows;
	left = s->x0;
	right = s->x0 + (s->cols - 1) * s->step_x + s->card_w;
	top = s->y0 + s->card_h;
	bottom = s->y0 - (rows_used - 1) * s->step_y;
	out = s->bleed + MARK_OFFSET;

	/* Vertical marks above and below the grid at every trim x. */
	len = s->paper_h - top - out - PRINTER_EDGE / 2;
	if (len > MARK_LENGTH)
		len = MARK_LENGTH;
	for (c = 0; c < s->cols; c++)
		for (e = 0; e < 2; e++) {
			double x = s->x0 + c * s->step_x + e * s->card_w;

			if (e == 0 && c > 0 && s->step_x - s->card_w < 0.01)
				continue;	/* shared with the card before */
			pdf_line(pg, x, top + out, x, top + out + len, black,
			    MARK_WIDTH);
			pdf_line(pg, x, bottom - out, x, bottom - out - len,
			    black, MARK_WIDTH);
		}
	/* Horizontal marks left and right of the grid at every trim y. */
	len = left - out - PRINTER_EDGE / 2;
	if (len > MARK_LENGTH)
		len = MARK_LENGTH;
	for (r = 0; r < rows_used; r++)
		for (e = 0; e < 2; e++) {
			double y = s->y0 - r * s->step_y + e * s->card_h;

			if (e == 1 && r > 0 && s->step_y - s->card_h < 0.01)
				continue;	/* shared with the card above */
			pdf_line(pg, left - out, y, left - out - len, y, black,
			    MARK_WIDTH);
			pdf_line(pg, right + out, y, right + out + len, y,
			    black, MARK_WIDTH);
		}
}

void
sheet_cut_lines(const struct sheet *s, struct pdf_page *pg, int used)
{
	struct paint p;
	double x, y;
	int i;

	memset(&p, 0, sizeof(p));
	p.stroke = 1;
	p.stroke_rgb = (struct rgb){ 0.55f, 0.55f, 0.55f };
	p.width = CUT_WIDTH;
	for (i = 0; i < used && i < s->cols * s->rows; i++) {
		sheet_slot(s, i, BACKS_NONE, 0, 0, &x, &y);
		pdf_rect(pg, x, y, s->card_w, s->card_h, &p);
	}
}
