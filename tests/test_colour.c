/*
 * test_colour.c -- PDF/X colour (pdf/colour.h): the total-ink limit by
 * grey component replacement then scaling, worked by hand in steps of
 * 1/255 as the code works; sRGB to CMYK through the output profile
 * (Debian's ghostscript SWOP profile); the print shops' table
 * (vendor.h) against their published figures.
 */
#include "testutil.h"

#include "pdf/colour.h"
#include "vendor.h"

static void
test_ink_under_limit(void **state)
{
	/* 60 + 50 + 70 + 50 = 230 % is within 240 %: left as it is. */
	float k[4] = { 0.6f, 0.5f, 0.7f, 0.5f };
	unsigned char px[4] = { 153, 153, 153, 153 };	/* 612 of 612 */

	(void)state;
	colour_ink_limit(k, 240);
	assert_true(k[0] == 0.6f && k[1] == 0.5f && k[2] == 0.7f &&
	    k[3] == 0.5f);
	/* 240 % of 255 a plate is 612: exactly at the limit, unchanged. */
	colour_ink_limit8(px, 1, 240);
	assert_true(px[0] == 153 && px[1] == 153 && px[2] == 153 &&
	    px[3] == 153);
	/* 0: no limit. */
	k[0] = k[1] = k[2] = k[3] = 1;
	colour_ink_limit(k, 0);
	assert_true(k[0] == 1 && k[3] == 1);
}

static void
test_ink_gcr(void **state)
{
	/*
	 * 80 + 70 + 70 + 50 = 270 % over 240 %.  In 255ths: 204, 179
	 * (178.5 rounded), 179, 128 (127.5 rounded), 690 over 612.  The
	 * grey all three share is 179, black has room for 255 - 128 = 127:
	 * 127 moves to black, leaving 77, 52, 52, 255 = 436, within 612;
	 * no scaling.
	 */
	float k[4] = { 0.8f, 0.7f, 0.7f, 0.5f };

	(void)state;
	colour_ink_limit(k, 240);
	assert_float_equal(k[0], 77 / 255.0, 1e-6);
	assert_float_equal(k[1], 52 / 255.0, 1e-6);
	assert_float_equal(k[2], 52 / 255.0, 1e-6);
	assert_float_equal(k[3], 1, 1e-6);
}

static void
test_ink_scaled(void **state)
{
	/*
	 * No cyan, so no grey to replace: 0, 255, 255, 204 = 714 over 612.
	 * Magenta and yellow scaled into the 612 - 204 = 408 left: each
	 * 255 * 408 / 510 = 204.  Result 0, 80 %, 80 %, 80 % = 240 %.
	 */
	float k[4] = { 0, 1, 1, 0.8f };
	unsigned char px[8] = { 0, 255, 255, 204, 153, 153, 153, 154 };

	(void)state;
	colour_ink_limit(k, 240);
	assert_float_equal(k[0], 0, 1e-6);
	assert_float_equal(k[1], 0.8, 1e-6);
	assert_float_equal(k[2], 0.8, 1e-6);
	assert_float_equal(k[3], 0.8, 1e-6);
	/*
	 * Pixels alike.  The second is 613, one over 612: cyan, magenta
	 * and yellow share a grey of 153, black has room for 255 - 154 =
	 * 101, and 101 moves: 52, 52, 52, 255 = 411.
	 */
	colour_ink_limit8(px, 2, 240);
	assert_true(px[0] == 0 && px[1] == 204 && px[2] == 204 &&
	    px[3] == 204);
	assert_true(px[4] == 52 && px[5] == 52 && px[6] == 52 &&
	    px[7] == 255);
}

static void
test_ink_rich_black(void **state)
{
	/*
	 * SWOP's rich black of a picture, about 75, 68, 67, 90 (300 %):
	 * in 255ths 191, 173, 171, 230 = 765.  Grey 171, black's room 25:
	 * 166, 148, 146, 255 = 715, over 612 by 103.  Cyan, magenta and
	 * yellow, 460, scaled into 612 - 255 = 357, each floored:
	 * 166 * 357 / 460 = 128, 148 * 357 / 460 = 114, 146 * 357 / 460 =
	 * 113; 128 + 114 + 113 + 255 = 610, within 612.
	 */
	unsigned char px[4] = { 191, 173, 171, 230 };

	(void)state;
	colour_ink_limit8(px, 1, 240);
	assert_int_equal(px[0], 128);
	assert_int_equal(px[1], 114);
	assert_int_equal(px[2], 113);
	assert_int_equal(px[3], 255);
}

static void
test_profile(void **state)
{
	char why[512];
	struct colour *c = colour_new(why, sizeof(why));
	unsigned char rgb[9] = { 255, 255, 255, 0, 0, 0, 255, 0, 0 };
	unsigned char cmyk[12];
	size_t len;

	(void)state;
	assert_non_null(c);
	assert_true(colour_profile(c, &len) != NULL && len > 1000);
	assert_string_equal(colour_profile_name(c),
	    "Artifex CMYK SWOP Profile");
	colour_rgb_to_cmyk(c, rgb, cmyk, 3);
	/* White: no ink. */
	assert_true(cmyk[0] + cmyk[1] + cmyk[2] + cmyk[3] <= 2);
	/* Black: a rich black, heavy on K, over 240 % before the limit. */
	assert_true(cmyk[7] > 200);
	assert_true(cmyk[4] + cmyk[5] + cmyk[6] + cmyk[7] > 612);
	/* Red: magenta and yellow, little cyan. */
	assert_true(cmyk[9] > 200 && cmyk[10] > 200 && cmyk[8] < 40);
	colour_free(c);
	/* A profile that is not there: told, naming it. */
	setenv("MUSTER_CMYK_PROFILE", "/nonexistent/press.icc", 1);
	assert_null(colour_new(why, sizeof(why)));
	assert_non_null(strstr(why, "'/nonexistent/press.icc'"));
	/* An RGB profile is not an output profile. */
	setenv("MUSTER_CMYK_PROFILE",
	    "/usr/share/color/icc/ghostscript/srgb.icc", 1);
	assert_null(colour_new(why, sizeof(why)));
	assert_non_null(strstr(why, "not a CMYK output"));
	unsetenv("MUSTER_CMYK_PROFILE");
}

static void
test_vendors(void **state)
{
	const struct vendor *v;
	size_t i;

	(void)state;
	/* One row a name of vendor_names[], in its order. */
	for (i = 0; vendor_names[i]; i++)
		assert_string_equal(vendors[i].name, vendor_names[i]);
	assert_int_equal(i, vendor_count);
	assert_null(vendor_find("moo"));
	/* MakePlayingCards: 63 x 88 mm poker, 3 mm bleed. */
	v = vendor_find("MPC");
	assert_non_null(v);
	assert_float_equal(v->trim_w, 63 * 72 / 25.4, 1e-9);
	assert_float_equal(v->trim_h, 88 * 72 / 25.4, 1e-9);
	assert_float_equal(v->bleed, 3 * 72 / 25.4, 1e-9);
	/* The Game Crafter: (2.5 + 2 / 8) in x 300 dpi = 825 px, and
	 * (3.5 + 2 / 8) x 300 = 1125 px, as its upload checks. */
	v = vendor_find("tgc");
	assert_int_equal(v->px_w, 825);
	assert_int_equal(v->px_h, 1125);
	assert_float_equal((v->trim_w + 2 * v->bleed) / 72 * v->dpi, 825,
	    1e-9);
	assert_float_equal((v->trim_h + 2 * v->bleed) / 72 * v->dpi, 1125,
	    1e-9);
	assert_int_equal(v->format, VENDOR_PNG);
	/* DriveThruCards: 2.5 x 3.5 in, 1/8 in bleed, PDF/X-1a, 240 %,
	 * the back first, no transparency. */
	v = vendor_find("dtc");
	assert_float_equal(v->trim_w, 180, 1e-9);
	assert_float_equal(v->trim_h, 252, 1e-9);
	assert_float_equal(v->bleed, 9, 1e-9);
	assert_float_equal(v->safe, 9, 1e-9);
	assert_int_equal(v->colour, VENDOR_PDFX);
	assert_int_equal(v->ink_limit, 240);
	assert_int_equal(v->order, VENDOR_BACK_FIRST);
	assert_int_equal(v->transparency, 0);
	/* Print-and-play: the deck's own size on a sheet. */
	v = vendor_find("pnp");
	assert_float_equal(v->trim_w, 0, 1e-9);
	assert_int_equal(v->layout, VENDOR_SHEET);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ink_under_limit),
		cmocka_unit_test(test_ink_gcr),
		cmocka_unit_test(test_ink_scaled),
		cmocka_unit_test(test_ink_rich_black),
		cmocka_unit_test(test_profile),
		cmocka_unit_test(test_vendors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
