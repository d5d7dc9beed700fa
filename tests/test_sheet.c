/*
 * test_sheet.c -- cards on paper (pdf/sheet.h): the grid for the sizes of
 * SPEC section 4, bleed, slot positions, and duplex backs mirrored so that
 * each lands behind its front.
 */
#include "testutil.h"

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
 * Turning a sheet over about its long (vertical) edge maps a point x on
 * the back to paper_w - x on the front; about its short edge, y to
 * paper_h - y.  A back lands behind its front when its mirrored rectangle
 * is the front's.
 */
static void
check_backs_behind_fronts(const struct sheet *s)
{
	int i, n = s->cols * s->rows;

	for (i = 0; i < n; i++) {
		double fx, fy, bx, by;

		sheet_slot(s, i, BACKS_NONE, 0, 0, &fx, &fy);
		sheet_slot(s, i, BACKS_LONG, 0, 0, &bx, &by);
		assert_near(s->page_w - (bx + s->card_w), fx, EPS);
		assert_near(by, fy, EPS);
		sheet_slot(s, i, BACKS_SHORT, 0, 0, &bx, &by);
		assert_near(bx, fx, EPS);
		assert_near(s->page_h - (by + s->card_h), fy, EPS);
	}
}

static void
test_duplex_backs_mirror(void **state)
{
	struct sheet s;
	double x, y;

	(void)state;
	s = plan(LETTER_W, LETTER_H, 252, 144, 0, 0, 1);
	check_backs_behind_fronts(&s);
	/* Long edge: card 0's back is printed where card 1's front is. */
	sheet_slot(&s, 0, BACKS_LONG, 0, 0, &x, &y);
	assert_near(x, 54 + 252, EPS);
	assert_near(y, 612, EPS);
	/* Short edge: card 0's back is printed on the bottom row. */
	sheet_slot(&s, 0, BACKS_SHORT, 0, 0, &x, &y);
	assert_near(x, 54, EPS);
	assert_near(y, 36, EPS);
	/* Odd columns, uneven margins, bleed: still behind. */
	s = plan(A4_W, A4_H, 63 * MM, 88 * MM, 0, 0, 1);
	check_backs_behind_fronts(&s);
	s = plan(A4_W, A4_H, 85 * MM, 55 * MM, 3 * MM, 0, 1);
	check_backs_behind_fronts(&s);
	s = plan(LETTER_W, LETTER_H, 63 * MM, 88 * MM, 0, 2 * MM, 0);
	check_backs_behind_fronts(&s);
	/* Turned paper too. */
	s = plan(A4_W, A4_H, 63 * MM, 88 * MM, 3 * MM, 0, 1);
	assert_int_equal(s.landscape, 1);
	check_backs_behind_fronts(&s);
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
	}
	/* The front grid's inner edge is 3 mm from the fold. */
	assert_near(s.x0 + 2 * s.card_w, s.page_w / 2 - 3 * MM, EPS);
}

static void
test_back_offset(void **state)
{
	struct sheet s = plan(A4_W, A4_H, 85 * MM, 55 * MM, 0, 0, 1);
	double x0, y0, x, y;
	int i;

	(void)state;
	/* --back-offset 2,3 (mm): every back 2 mm right and 3 mm down. */
	for (i = 0; i < 10; i++) {
		sheet_slot(&s, i, BACKS_LONG, 0, 0, &x0, &y0);
		sheet_slot(&s, i, BACKS_LONG, 2 * MM, 3 * MM, &x, &y);
		assert_near(x, x0 + 2 * MM, EPS);
		assert_near(y, y0 - 3 * MM, EPS);
		sheet_slot(&s, i, BACKS_SHORT, 0, 0, &x0, &y0);
		sheet_slot(&s, i, BACKS_SHORT, -1 * MM, -1 * MM, &x, &y);
		assert_near(x, x0 - 1 * MM, EPS);
		assert_near(y, y0 + 1 * MM, EPS);
	}
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
		cmocka_unit_test(test_duplex_backs_mirror),
		cmocka_unit_test(test_back_offset),
		cmocka_unit_test(test_crop_marks_draw),
		cmocka_unit_test(test_single),
		cmocka_unit_test(test_gutter_fold),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
