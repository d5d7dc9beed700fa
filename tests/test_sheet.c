/*
 * test_sheet.c -- cards on paper (pdf/sheet.h): the grid for the sizes of
 * SPEC section 4, bleed, slot positions, and duplex backs mirrored so that
 * each lands behind its front.
 */
#include "testutil.h"

#include <math.h>

#include "pdf/pdf.h"
#include "pdf/sheet.h"

#define MM (72.0 / 25.4)
#define EPS 1e-6

/* Paper in points: Letter is 8.5 x 11 in, A4 210 x 297 mm. */
#define LETTER_W 612.0
#define LETTER_H 792.0
#define A4_W (210 * MM)
#define A4_H (297 * MM)

static struct sheet
plan_layout(double pw, double ph, double cw, double ch, double bleed,
    double gap, int crop, enum sheet_layout layout)
{
	struct sheet s;

	memset(&s, 0, sizeof(s));
	s.layout = layout;
	s.paper_w = pw;
	s.paper_h = ph;
	s.card_w = cw;
	s.card_h = ch;
	s.bleed = bleed;
	s.gap = gap;
	s.crop = crop;
	assert_int_equal(sheet_plan(&s), 0);
	return s;
}

static struct sheet
plan(double pw, double ph, double cw, double ch, double bleed, double gap,
    int crop)
{
	return plan_layout(pw, ph, cw, ch, bleed, gap, crop, LAYOUT_SHEET);
}

static void
test_min_margin(void **state)
{
	struct sheet s;

	(void)state;
	memset(&s, 0, sizeof(s));
	/* Crop marks: 1.5 mm offset, 1 mm of mark at least, ending 5 mm
	 * from the paper's edge, plus the bleed. */
	s.crop = 1;
	assert_near(sheet_min_margin(&s), 7.5 * MM, EPS);
	s.bleed = 3 * MM;
	assert_near(sheet_min_margin(&s), 10.5 * MM, EPS);
	/* Without marks: the 5 mm no printer reaches, or the bleed. */
	s.crop = 0;
	s.bleed = 0;
	assert_near(sheet_min_margin(&s), 5 * MM, EPS);
	s.bleed = 8 * MM;
	assert_near(sheet_min_margin(&s), 8 * MM, EPS);
}

static void
test_business_card_letter(void **state)
{
	struct sheet s;

	(void)state;
	/* 3.5 x 2 in on Letter: (612 - 2 x 21.3) / 252 = 2.3 across and
	 * (792 - 42.5) / 144 = 5.2 down: 10 up (SPEC section 4).  Turned,
	 * (792 - 42.5) / 252 = 2.97 by (612 - 42.5) / 144 = 3.95: 6. */
	s = plan(LETTER_W, LETTER_H, 3.5 * 72, 2 * 72, 0, 0, 1);
	assert_int_equal(s.cols, 2);
	assert_int_equal(s.rows, 5);
	assert_near(s.step_x, 252, EPS);
	assert_near(s.step_y, 144, EPS);
	/* Centered: (612 - 504) / 2 and (792 - 720) / 2. */
	assert_near(s.margin_x, 54, EPS);
	assert_near(s.margin_y, 36, EPS);
	assert_near(s.x0, 54, EPS);
	/* The top-left card's bottom edge: 792 - 36 - 144. */
	assert_near(s.y0, 612, EPS);
	assert_int_equal(s.landscape, 0);
	/* Without crop marks only the printer's 5 mm: turned, (792 - 28.3)
	 * / 252 = 3.03 by (612 - 28.3) / 144 = 4.05 holds 12, more than 10. */
	s = plan(LETTER_W, LETTER_H, 3.5 * 72, 2 * 72, 0, 0, 0);
	assert_int_equal(s.landscape, 1);
	assert_int_equal(s.cols, 3);
	assert_int_equal(s.rows, 4);
	assert_near(s.page_w, LETTER_H, EPS);
	assert_near(s.page_h, LETTER_W, EPS);
}

static void
test_business_card_a4(void **state)
{
	struct sheet s;

	(void)state;
	/* 85 x 55 mm on A4: (210 - 15) / 85 = 2.3, (297 - 15) / 55 = 5.1;
	 * turned, (297 - 15) / 85 = 3.3 by (210 - 15) / 55 = 3.5: 9. */
	s = plan(A4_W, A4_H, 85 * MM, 55 * MM, 0, 0, 1);
	assert_int_equal(s.cols, 2);
	assert_int_equal(s.rows, 5);
	/* Margins (210 - 170) / 2 = 20 mm and (297 - 275) / 2 = 11 mm. */
	assert_near(s.margin_x, 20 * MM, EPS);
	assert_near(s.margin_y, 11 * MM, EPS);
	s = plan(A4_W, A4_H, 85 * MM, 55 * MM, 0, 0, 0);
	assert_int_equal(s.cols, 2);
	assert_int_equal(s.rows, 5);
	assert_int_equal(s.landscape, 0);
}

static void
test_poker_cards(void **state)
{
	struct sheet s;

	(void)state;
	/* 63 x 88 mm, 9 up: A4 (210 - 15) / 63 = 3.1, (297 - 15) / 88 = 3.2. */
	s = plan(A4_W, A4_H, 63 * MM, 88 * MM, 0, 0, 1);
	assert_int_equal(s.cols, 3);
	assert_int_equal(s.rows, 3);
	/* Letter (215.9 - 15) / 63 = 3.2, (279.4 - 15) / 88 = 3.005: the
	 * tightest of the four (sheet.c's comment); 3.0 on 7.4 mm margins
	 * would not hold the marks. */
	s = plan(LETTER_W, LETTER_H, 63 * MM, 88 * MM, 0, 0, 1);
	assert_int_equal(s.cols, 3);
	assert_int_equal(s.rows, 3);
	/* 7.7 mm above and below: (279.4 - 264) / 2. */
	assert_near(s.margin_y, (279.4 - 264) / 2 * MM, 1e-3);
	s = plan(LETTER_W, LETTER_H, 63 * MM, 88 * MM, 0, 0, 0);
	assert_int_equal(s.cols, 3);
	assert_int_equal(s.rows, 3);
}

static void
test_bleed(void **state)
{
	struct sheet s;

	(void)state;
	/* 3 mm bleed: cards 6 mm apart (a bleed each) and 10.5 mm margins:
	 * (210 - 21 + 6) / 91 = 2.1 across, (297 - 21 + 6) / 61 = 4.6 down,
	 * 8; turned, (297 - 21 + 6) / 91 = 3.1 by (210 - 21 + 6) / 61 = 3.2,
	 * 9: the paper is turned. */
	s = plan(A4_W, A4_H, 85 * MM, 55 * MM, 3 * MM, 0, 1);
	assert_int_equal(s.landscape, 1);
	assert_int_equal(s.cols, 3);
	assert_int_equal(s.rows, 3);
	assert_near(s.step_x, 91 * MM, EPS);
	assert_near(s.step_y, 61 * MM, EPS);
	/* (297 - 267) / 2 and (210 - 177) / 2. */
	assert_near(s.margin_x, 15 * MM, EPS);
	assert_near(s.margin_y, 16.5 * MM, EPS);
	/* Poker cards with 3 mm bleed on A4: upright (210 - 21 + 6) / 69 =
	 * 2.8 by (297 - 21 + 6) / 94 = 3.0, 6; turned (297 - 21 + 6) / 69 =
	 * 4.1 by (210 - 21 + 6) / 94 = 2.07, 8. */
	s = plan(A4_W, A4_H, 63 * MM, 88 * MM, 3 * MM, 0, 1);
	assert_int_equal(s.landscape, 1);
	assert_int_equal(s.cols * s.rows, 8);
	/* On Letter: upright (215.9 - 21 + 6) / 69 = 2.9 by (279.4 - 21 + 6)
	 * / 94 = 2.8, 4; turned (279.4 - 21 + 6) / 69 = 3.8 by 2.1, 6. */
	s = plan(LETTER_W, LETTER_H, 63 * MM, 88 * MM, 3 * MM, 0, 1);
	assert_int_equal(s.landscape, 1);
	assert_int_equal(s.cols, 3);
	assert_int_equal(s.rows, 2);
	/* A gap larger than twice the bleed is kept. */
	s = plan(A4_W, A4_H, 85 * MM, 55 * MM, 1 * MM, 4 * MM, 1);
	assert_near(s.step_x, 89 * MM, EPS);
	/* 3 mm bleed on Letter business cards: (215.9 - 21 + 6) / 94.9 = 2.1,
	 * (279.4 - 21 + 6) / 56.8 = 4.65, 8; turned (279.4 - 21 + 6) / 94.9
	 * = 2.8 by (215.9 - 21 + 6) / 56.8 = 3.5, 6. */
	s = plan(LETTER_W, LETTER_H, 252, 144, 3 * MM, 0, 1);
	assert_int_equal(s.landscape, 0);
	assert_int_equal(s.cols, 2);
	assert_int_equal(s.rows, 4);
}

static void
test_gap(void **state)
{
	struct sheet s;

	(void)state;
	/* A 2 mm gap on poker cards on A4: (210 - 15 + 2) / 65 = 3.03. */
	s = plan(A4_W, A4_H, 63 * MM, 88 * MM, 0, 2 * MM, 1);
	assert_int_equal(s.cols, 3);
	assert_near(s.step_x, 65 * MM, EPS);
	assert_near(s.step_y, 90 * MM, EPS);
	/* Centered with the gaps: 3 x 63 + 2 x 2 = 193 mm wide. */
	assert_near(s.margin_x, (210 - 193) / 2.0 * MM, EPS);
}

static void
test_does_not_fit(void **state)
{
	struct sheet s;

	(void)state;
	memset(&s, 0, sizeof(s));
	s.paper_w = A4_W;
	s.paper_h = A4_H;
	s.crop = 1;
	/* A card as large as the paper leaves no room for marks, either
	 * way up. */
	s.card_w = A4_H;
	s.card_h = 100;
	assert_int_equal(sheet_plan(&s), -1);
	s.card_w = 100;
	s.card_h = A4_H - 14.9 * MM;
	assert_int_equal(sheet_plan(&s), -1);
	/* Exactly fitting between the margins fits. */
	s.card_h = A4_H - 15 * MM;
	assert_int_equal(sheet_plan(&s), 0);
	assert_int_equal(s.rows, 1);
	/* As wide as A4 but short: it fits turned. */
	s.card_w = A4_W;
	s.card_h = 100;
	assert_int_equal(sheet_plan(&s), 0);
	assert_int_equal(s.landscape, 1);
}

static void
test_slot_positions(void **state)
{
	struct sheet s = plan(LETTER_W, LETTER_H, 252, 144, 0, 0, 1);
	double x, y;

	(void)state;
	/* Across, then down; y is the bottom edge in PDF coordinates. */
	sheet_slot(&s, 0, BACKS_NONE, 0, 0, &x, &y);
	assert_near(x, 54, EPS);
	assert_near(y, 612, EPS);
	sheet_slot(&s, 1, BACKS_NONE, 0, 0, &x, &y);
	assert_near(x, 54 + 252, EPS);
	assert_near(y, 612, EPS);
	sheet_slot(&s, 2, BACKS_NONE, 0, 0, &x, &y);
	assert_near(x, 54, EPS);
	assert_near(y, 612 - 144, EPS);
	sheet_slot(&s, 9, BACKS_NONE, 0, 0, &x, &y);
	assert_near(x, 54 + 252, EPS);
	assert_near(y, 36, EPS);		/* the bottom margin */
	/* Offsets are for backs only. */
	sheet_slot(&s, 0, BACKS_NONE, 5, 5, &x, &y);
	assert_near(x, 54, EPS);
	assert_near(y, 612, EPS);
}

/*
 * The physical model of a duplex sheet, worked on the paper rather than
 * on the page, as the judge of sheet_slot() and sheet_back_point().
 *
 * The paper is upright, W x H (W < H: A4 210 x 297 mm, Letter 8.5 x
 * 11 in), a point on it (u, v) from the bottom-left corner of the side
 * one looks at.  An upright page prints as it is: (u, v) = (x, y).  A
 * turned page, H wide and W high, goes onto the paper a quarter turn
 * round, as a PDF viewer or printer driver rotates a landscape page onto
 * portrait paper; which way round is the driver's choice, and both sides
 * of one job go the same way:
 *   turned left  (counter-clockwise): (u, v) = (W - y, x)
 *   turned right (clockwise):         (u, v) = (y, H - x).
 * The printer prints the back so that, the sheet turned over about the
 * edge the job names, the back reads the same way up as the front did.
 * A point (u', v') seen on the back is then behind the front's
 *   long edge (the upright paper's sides):  (W - u', v')
 *   short edge (its top and bottom):        (u', H - v').
 * A back lies behind its front when the rectangle it covers on the back,
 * carried through the page-to-paper turn and the turn over, is the
 * front's rectangle on the front.
 *
 * Worked by hand (mm; slots count across, then down; a slot's
 * bottom-left corner in page coordinates, origin bottom left):
 *
 * Upright A4, poker 63 x 88 mm, no bleed, marks: 3 x 3, margins
 * (210 - 189) / 2 = 10.5 across and (297 - 264) / 2 = 16.5 down, so
 * slot 0 at (10.5, 297 - 16.5 - 88 = 192.5).
 *   long edge: x' = 210 - 10.5 - 63 = 136.5, y' = 192.5 (where slot
 *     2's front is: the row reversed).  On the paper the back covers
 *     u' 136.5..199.5, turned over 210 - u' = 10.5..73.5: slot 0's.
 *   short edge: x' = 10.5, y' = 297 - 192.5 - 88 = 16.5 (the bottom
 *     row); v' 16.5..104.5, turned over 297 - v' = 192.5..280.5.
 *   --back-offset 2,3 (2 mm right, 3 mm down as seen on the back):
 *     long (138.5, 189.5), short (12.5, 13.5).
 *
 * Turned A4, poker with 3 mm bleed: 4 x 2 on a 297 x 210 page, steps
 * 69 and 94 (a bleed each side), grid 4 x 63 + 3 x 6 = 270 by 2 x 88 + 6
 * = 182, margins 13.5 and 14, so slot 0 at (13.5, 210 - 14 - 88 = 108).
 *   long edge: x' = 13.5, y' = 210 - 108 - 88 = 14 (bottom left, where
 *     slot 4's front is; the old code put it top right at 220.5, 108).
 *     Turned left: the front covers u = 210 - y = 14..102, v = x =
 *     13.5..76.5; the back u' = 210 - y' = 108..196, v' 13.5..76.5,
 *     turned over 210 - u' = 14..102: behind.
 *   short edge: x' = 297 - 13.5 - 63 = 220.5, y' = 108.  Turned left:
 *     v' = x' = 220.5..283.5, turned over 297 - v' = 13.5..76.5.
 *   --back-offset 2,3: long (15.5, 11), short (222.5, 105).
 */
#define PAPER_LEFT 1
#define PAPER_RIGHT (-1)

struct paper {
	double w, h;		/* upright: w < h */
	int turn;		/* 0 upright page, PAPER_LEFT or PAPER_RIGHT */
};

/* Where page point x, y prints on the paper, as seen on its side. */
static void
to_paper(const struct paper *p, double x, double y, double *u, double *v)
{
	if (p->turn == 0) {
		*u = x;
		*v = y;
	} else if (p->turn == PAPER_LEFT) {
		*u = p->w - y;
		*v = x;
	} else {
		*u = y;
		*v = p->h - x;
	}
}

/* The page point printed at u, v: to_paper() undone. */
static void
to_page(const struct paper *p, double u, double v, double *x, double *y)
{
	if (p->turn == 0) {
		*x = u;
		*y = v;
	} else if (p->turn == PAPER_LEFT) {
		*x = v;
		*y = p->w - u;
	} else {
		*x = p->h - v;
		*y = u;
	}
}

/* The point on the other side behind u, v, turned over the edge named
 * (its own inverse). */
static void
turn_over(const struct paper *p, enum backs backs, double *u, double *v)
{
	if (backs == BACKS_LONG)
		*u = p->w - *u;
	else
		*v = p->h - *v;
}

/* The front page's point that back page point x, y lies behind. */
static void
behind(const struct paper *p, enum backs backs, double x, double y,
    double *fx, double *fy)
{
	double u, v;

	to_paper(p, x, y, &u, &v);
	turn_over(p, backs, &u, &v);
	to_page(p, u, v, fx, fy);
}

/* Every back of sheet s lies behind its front on paper p, both corners
 * of each checked through the model. */
static void
check_backs_behind_fronts(const struct sheet *s, const struct paper *p)
{
	static const enum backs edge[2] = { BACKS_LONG, BACKS_SHORT };
	int i, k, n = s->cols * s->rows;

	for (k = 0; k < 2; k++)
		for (i = 0; i < n; i++) {
			double fx, fy, bx, by, x1, y1, x2, y2;

			sheet_slot(s, i, BACKS_NONE, 0, 0, &fx, &fy);
			sheet_slot(s, i, edge[k], 0, 0, &bx, &by);
			behind(p, edge[k], bx, by, &x1, &y1);
			behind(p, edge[k], bx + s->card_w, by + s->card_h,
			    &x2, &y2);
			assert_near(fmin(x1, x2), fx, EPS);
			assert_near(fmax(x1, x2), fx + s->card_w, EPS);
			assert_near(fmin(y1, y2), fy, EPS);
			assert_near(fmax(y1, y2), fy + s->card_h, EPS);
		}
}

/* The paper a sheet's pages print on, turned the way named. */
static struct paper
paper_of(const struct sheet *s, int turn)
{
	struct paper p;

	p.w = fmin(s->page_w, s->page_h);
	p.h = fmax(s->page_w, s->page_h);
	p.turn = s->landscape ? turn : 0;
	return p;
}

/* Slot i's corner for backs, offset dx, dy (mm), against x, y (mm). */
static void
slot_at(const struct sheet *s, int i, enum backs backs, double dx,
    double dy, double x, double y)
{
	double gx, gy;

	sheet_slot(s, i, backs, dx * MM, dy * MM, &gx, &gy);
	assert_near(gx, x * MM, 1e-6);
	assert_near(gy, y * MM, 1e-6);
}

static void
test_duplex_by_hand(void **state)
{
	struct sheet s;

	(void)state;
	/* The worked examples above. */
	s = plan(A4_W, A4_H, 63 * MM, 88 * MM, 0, 0, 1);
	assert_int_equal(s.landscape, 0);
	slot_at(&s, 0, BACKS_NONE, 0, 0, 10.5, 192.5);
	slot_at(&s, 0, BACKS_LONG, 0, 0, 136.5, 192.5);
	slot_at(&s, 0, BACKS_SHORT, 0, 0, 10.5, 16.5);
	slot_at(&s, 0, BACKS_LONG, 2, 3, 138.5, 189.5);
	slot_at(&s, 0, BACKS_SHORT, 2, 3, 12.5, 13.5);
	s = plan(A4_W, A4_H, 63 * MM, 88 * MM, 3 * MM, 0, 1);
	assert_int_equal(s.landscape, 1);
	assert_int_equal(s.cols, 4);
	assert_int_equal(s.rows, 2);
	slot_at(&s, 0, BACKS_NONE, 0, 0, 13.5, 108);
	slot_at(&s, 4, BACKS_NONE, 0, 0, 13.5, 14);
	slot_at(&s, 0, BACKS_LONG, 0, 0, 13.5, 14);
	slot_at(&s, 0, BACKS_SHORT, 0, 0, 220.5, 108);
	slot_at(&s, 0, BACKS_LONG, 2, 3, 15.5, 11);
	slot_at(&s, 0, BACKS_SHORT, 2, 3, 222.5, 105);
	/* Slot 5 (second row, second column) at (82.5, 14): long edge
	 * puts its back on the top row, (82.5, 210 - 14 - 88 = 108);
	 * short, (297 - 82.5 - 63 = 151.5, 14). */
	slot_at(&s, 5, BACKS_LONG, 0, 0, 82.5, 108);
	slot_at(&s, 5, BACKS_SHORT, 0, 0, 151.5, 14);
}

static void
test_duplex_backs_mirror(void **state)
{
	static const int turn[2] = { PAPER_LEFT, PAPER_RIGHT };
	struct sheet s[7];
	struct paper p;
	int i, k;

	(void)state;
	/* Upright and turned, odd columns, uneven margins, bleed, gaps,
	 * Letter and A4; each page turned either way onto its paper. */
	s[0] = plan(LETTER_W, LETTER_H, 252, 144, 0, 0, 1);
	s[1] = plan(A4_W, A4_H, 63 * MM, 88 * MM, 0, 0, 1);
	s[2] = plan(A4_W, A4_H, 85 * MM, 55 * MM, 3 * MM, 0, 1);
	s[3] = plan(LETTER_W, LETTER_H, 63 * MM, 88 * MM, 0, 2 * MM, 0);
	s[4] = plan(A4_W, A4_H, 63 * MM, 88 * MM, 3 * MM, 0, 1);
	s[5] = plan(LETTER_W, LETTER_H, 63 * MM, 88 * MM, 3 * MM, 0, 1);
	s[6] = plan(LETTER_W, LETTER_H, 3.5 * 72, 2 * 72, 0, 0, 0);
	assert_int_equal(s[2].landscape + s[4].landscape + s[5].landscape +
	    s[6].landscape, 4);
	for (i = 0; i < 7; i++)
		for (k = 0; k < 2; k++) {
			p = paper_of(&s[i], turn[k]);
			check_backs_behind_fronts(&s[i], &p);
		}
}

/*
 * A printer that misplaces every back, and the calibration sheet that
 * measures it: the offset read on the sheet printed the way the cards
 * are (upright, or turned with calibrate --landscape) puts every back
 * behind its front.  The printer's error is on the paper, as seen on the
 * back: e_u right, e_v up.  The calibration sheet's back scale has its
 * zero where sheet_back_point() puts the place behind the front's cross,
 * printed e off; the cross, seen through the paper in the back page's
 * frame, reads X = cross - zero across (right +) and Y = zero - cross up
 * (down +), calibrate's convention.  Turned left, worked by hand on A4:
 * e_u = 1, e_v = 2 moves the back page's drawing by (x, y) += (2, -1),
 * so the middle cross (148.5, 105) reads X = -2, Y = -1, and
 * --back-offset -2,-1 moves the backs 2 left and 1 up, which the printer
 * undoes.
 */
static void
printed(const struct paper *p, double eu, double ev, double x, double y,
    double *px, double *py)
{
	double u, v;

	to_paper(p, x, y, &u, &v);
	to_page(p, u + eu, v + ev, px, py);
}

static void
calibrated(const struct sheet *s, const struct paper *p, enum backs backs,
    double eu, double ev, double *dx, double *dy)
{
	double cx = s->page_w / 2, cy = s->page_h / 2, zx = cx, zy = cy;
	double seen_x, seen_y;

	sheet_back_point(s->page_w, s->page_h, backs, 0, 0, &zx, &zy);
	printed(p, eu, ev, zx, zy, &zx, &zy);
	/* The front's cross seen from the back, in the back page's frame. */
	behind(p, backs, cx, cy, &seen_x, &seen_y);
	*dx = seen_x - zx;
	*dy = zy - seen_y;
}

static void
test_back_offset(void **state)
{
	static const enum backs edge[2] = { BACKS_LONG, BACKS_SHORT };
	static const int turn[2] = { PAPER_LEFT, PAPER_RIGHT };
	struct sheet s;
	struct paper p;
	double x0, y0, x, y, dx, dy;
	int i, j, k, t;

	(void)state;
	/* --back-offset 2,3 (mm): every back 2 mm right and 3 mm down, in
	 * the back page's frame, upright or turned. */
	for (t = 0; t < 2; t++) {
		s = t ? plan(A4_W, A4_H, 63 * MM, 88 * MM, 3 * MM, 0, 1) :
		    plan(A4_W, A4_H, 85 * MM, 55 * MM, 0, 0, 1);
		assert_int_equal(s.landscape, t);
		for (i = 0; i < s.cols * s.rows; i++)
			for (k = 0; k < 2; k++) {
				sheet_slot(&s, i, edge[k], 0, 0, &x0, &y0);
				sheet_slot(&s, i, edge[k], 2 * MM, 3 * MM, &x,
				    &y);
				assert_near(x, x0 + 2 * MM, EPS);
				assert_near(y, y0 - 3 * MM, EPS);
			}
	}
	/* The worked example. */
	s = plan(A4_W, A4_H, 63 * MM, 88 * MM, 3 * MM, 0, 1);
	p = paper_of(&s, PAPER_LEFT);
	calibrated(&s, &p, BACKS_LONG, 1 * MM, 2 * MM, &dx, &dy);
	assert_near(dx, -2 * MM, EPS);
	assert_near(dy, -1 * MM, EPS);
	/* Every sheet, edge and turn: the offset read puts each back, as
	 * the printer misplaces it, behind its front. */
	for (t = 0; t < 2; t++) {
		s = t ? plan(A4_W, A4_H, 63 * MM, 88 * MM, 3 * MM, 0, 1) :
		    plan(LETTER_W, LETTER_H, 252, 144, 0, 0, 1);
		for (j = 0; j < 2; j++)
			for (k = 0; k < 2; k++) {
				p = paper_of(&s, turn[j]);
				calibrated(&s, &p, edge[k], 1.5 * MM, -0.7 * MM,
				    &dx, &dy);
				assert_true(fabs(dx) > 0.5 && fabs(dy) > 0.5);
				for (i = 0; i < s.cols * s.rows; i++) {
					double fx, fy, bx, by;

					sheet_slot(&s, i, BACKS_NONE, 0, 0, &fx,
					    &fy);
					sheet_slot(&s, i, edge[k], dx, dy, &bx,
					    &by);
					/* Its centre, printed, then turned
					 * over. */
					printed(&p, 1.5 * MM, -0.7 * MM,
					    bx + s.card_w / 2, by + s.card_h /
					    2, &bx, &by);
					behind(&p, edge[k], bx, by, &x, &y);
					assert_near(x, fx + s.card_w / 2, 1e-6);
					assert_near(y, fy + s.card_h / 2, 1e-6);
				}
			}
	}
}

/* The registration ring of a back page is behind its front's cross:
 * sheet_back_point() agrees with the model, upright and turned. */
static void
test_back_point(void **state)
{
	static const enum backs edge[2] = { BACKS_LONG, BACKS_SHORT };
	struct paper p;
	double x, y, fx, fy;
	int t, k;

	(void)state;
	for (t = 0; t < 3; t++)
		for (k = 0; k < 2; k++) {
			double w = t ? A4_H : A4_W, h = t ? A4_W : A4_H;

			p.w = A4_W;
			p.h = A4_H;
			p.turn = t == 0 ? 0 : t == 1 ? PAPER_LEFT : PAPER_RIGHT;
			x = 20 * MM;
			y = 30 * MM;
			sheet_back_point(w, h, edge[k], 0, 0, &x, &y);
			behind(&p, edge[k], x, y, &fx, &fy);
			assert_near(fx, 20 * MM, EPS);
			assert_near(fy, 30 * MM, EPS);
		}
	/* No backs: nothing moves, not even by the offset. */
	x = 20;
	y = 30;
	sheet_back_point(A4_W, A4_H, BACKS_NONE, 5, 5, &x, &y);
	assert_near(x, 20, EPS);
	assert_near(y, 30, EPS);
}

static void
test_single(void **state)
{
	struct sheet s;
	double x, y;

	(void)state;
	/* One card a page: 63 x 88 mm and 3 mm bleed make a 69 x 94 mm
	 * page with the trim 3 mm in; its back lands on the same place. */
	s = plan_layout(A4_W, A4_H, 63 * MM, 88 * MM, 3 * MM, 0, 1,
	    LAYOUT_SINGLE);
	assert_int_equal(s.cols * s.rows, 1);
	assert_near(s.page_w, 69 * MM, EPS);
	assert_near(s.page_h, 94 * MM, EPS);
	sheet_slot(&s, 0, BACKS_NONE, 0, 0, &x, &y);
	assert_near(x, 3 * MM, EPS);
	assert_near(y, 3 * MM, EPS);
	sheet_slot(&s, 0, BACKS_LONG, 0, 0, &x, &y);
	assert_near(x, 3 * MM, EPS);
	sheet_slot(&s, 0, BACKS_SHORT, 0, 0, &x, &y);
	assert_near(y, 3 * MM, EPS);
	/* No bleed: the page is the card. */
	s = plan_layout(LETTER_W, LETTER_H, 252, 144, 0, 0, 1, LAYOUT_SINGLE);
	assert_near(s.page_w, 252, EPS);
	assert_near(s.page_h, 144, EPS);
}

static void
test_gutter_fold(void **state)
{
	struct sheet s;
	int i;

	(void)state;
	/* Poker cards on A4: a half is 148.5 mm wide turned; 7.5 mm outer
	 * margin and 3 mm to the fold leave (148.5 - 10.5) / 63 = 2.2, by
	 * (210 - 15) / 88 = 2.2: 4 fronts, where upright would hold 1 x 3. */
	s = plan_layout(A4_W, A4_H, 63 * MM, 88 * MM, 0, 0, 1, LAYOUT_GUTTER);
	assert_int_equal(s.landscape, 1);
	assert_int_equal(s.cols, 2);
	assert_int_equal(s.rows, 2);
	for (i = 0; i < 4; i++) {
		double fx, fy, bx, by;

		sheet_slot(&s, i, BACKS_NONE, 0, 0, &fx, &fy);
		sheet_slot(&s, i, BACKS_LONG, 0, 0, &bx, &by);
		/* Fronts left of the fold, backs right, mirrored about it. */
		assert_true(fx + s.card_w <= s.page_w / 2 - 3 * MM + EPS);
		assert_true(bx >= s.page_w / 2 + 3 * MM - EPS);
		assert_near((fx + s.card_w / 2 + bx + s.card_w / 2) / 2,
		    s.page_w / 2, EPS);
		assert_near(by, fy, EPS);
		/* Whatever --backs says, and with no offset: the fold is
		 * not a duplex printer. */
		sheet_slot(&s, i, BACKS_SHORT, 5, 5, &fx, &fy);
		assert_near(fx, bx, EPS);
		assert_near(fy, by, EPS);
	}
	/* The front grid's inner edge is 3 mm from the fold. */
	assert_near(s.x0 + 2 * s.card_w, s.page_w / 2 - 3 * MM, EPS);
}

static void
test_crop_marks_draw(void **state)
{
	struct sheet s = plan(A4_W, A4_H, 85 * MM, 55 * MM, 3 * MM, 0, 1);
	struct pdf *p = pdf_new();
	struct pdf_page *pg = pdf_add_page(p, A4_W, A4_H);
	char err[128];

	(void)state;
	/* Marks for a full page, a part page, and more rows than there are;
	 * libharu accepts every line (no sticky error). */
	sheet_crop_marks(&s, pg, s.rows);
	sheet_crop_marks(&s, pg, 1);
	sheet_crop_marks(&s, pg, 99);
	sheet_crop_marks(&s, pg, 0);
	assert_int_equal(pdf_failed(p, err, sizeof(err)), 0);
	assert_int_equal(pdf_page_count(p), 1);
	pdf_free(p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_min_margin),
		cmocka_unit_test(test_business_card_letter),
		cmocka_unit_test(test_business_card_a4),
		cmocka_unit_test(test_poker_cards),
		cmocka_unit_test(test_bleed),
		cmocka_unit_test(test_gap),
		cmocka_unit_test(test_does_not_fit),
		cmocka_unit_test(test_slot_positions),
		cmocka_unit_test(test_duplex_by_hand),
		cmocka_unit_test(test_duplex_backs_mirror),
		cmocka_unit_test(test_back_point),
		cmocka_unit_test(test_back_offset),
		cmocka_unit_test(test_crop_marks_draw),
		cmocka_unit_test(test_single),
		cmocka_unit_test(test_gutter_fold),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
