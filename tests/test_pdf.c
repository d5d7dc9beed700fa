/*
 * test_pdf.c -- libharu behind muster's small API (pdf/pdf.h): fonts by
 * fontconfig name, glyph coverage, text measurement and fitting, and the
 * atomic save.
 */
#include "testutil.h"

#include "pdf/pdf.h"

#define EPS 1e-9

static const struct rgb black = { 0, 0, 0 };

/* A document with the condensed face loaded as font 0. */
static struct pdf *
pdf_with_font(int *font)
{
	struct pdf *p = pdf_new();
	const char *why, *sub;

	*font = pdf_font(p, "DejaVu Sans Condensed", &why, &sub);
	assert_int_equal(*font, 0);
	return p;
}

/* ---- fonts ---- */

static void
test_font_by_name(void **state)
{
	struct pdf *p = pdf_new();
	const char *why = "unset", *sub = "unset";
	int body, bold, again;

	(void)state;
	body = pdf_font(p, "DejaVu Sans Condensed", &why, &sub);
	assert_int_equal(body, 0);
	assert_null(why);
	/* The family asked for is the family found: no substitute. */
	assert_null(sub);
	bold = pdf_font(p, "DejaVu Sans Condensed:bold", &why, &sub);
	assert_int_equal(bold, 1);
	assert_null(why);
	assert_null(sub);
	/* The same pattern is the same font. */
	again = pdf_font(p, "DejaVu Sans Condensed", &why, &sub);
	assert_int_equal(again, body);
	again = pdf_font(p, "DejaVu Sans Condensed:bold", &why, &sub);
	assert_int_equal(again, bold);
	/* Bold is wider than regular, letter for letter. */
	assert_true(pdf_text_width(p, bold, 10, "Mason", 5) >
	    pdf_text_width(p, body, 10, "Mason", 5));
	pdf_free(p);
}

static void
test_font_substitute(void **state)
{
	struct pdf *p = pdf_new();
	const char *why, *sub;
	int f;

	(void)state;
	/* fontconfig always finds something; muster says it substituted. */
	f = pdf_font(p, "No Such Family Anywhere", &why, &sub);
	if (f >= 0) {
		assert_null(why);
		assert_non_null(sub);
		assert_string_not_equal(sub, "No Such Family Anywhere");
	} else {
		assert_non_null(why);
	}
	pdf_free(p);
}

/* ---- glyphs ---- */

static void
test_missing_glyph(void **state)
{
	int f;
	struct pdf *p = pdf_with_font(&f);

	(void)state;
	/* Suits, a half and accents print (SPEC section 4). */
	assert_int_equal(pdf_missing_glyph(p, f, "♣♦♥♠½é"), 0);
	assert_int_equal(pdf_missing_glyph(p, f, "Mason A♣ ×1.27 5–10 ≋"), 0);
	assert_int_equal(pdf_missing_glyph(p, f, ""), 0);
	/* Newlines separate lines; they are not drawn. */
	assert_int_equal(pdf_missing_glyph(p, f, "5–10\n11–15"), 0);
	/* U+1F642 is beyond the 16-bit codes libharu's UTF-8 encoder writes. */
	assert_int_equal(pdf_missing_glyph(p, f, "ok 🙂 ok"), 0x1f642);
	/* The first missing one is named. */
	assert_int_equal(pdf_missing_glyph(p, f, "a🙂b😀"), 0x1f642);
	/* A CJK ideograph is in the BMP but not in DejaVu. */
	assert_int_equal(pdf_missing_glyph(p, f, "ab\xe4\xb8\x80"), 0x4e00);
	/* Malformed UTF-8 cannot print: U+FFFD stands for it. */
	assert_int_equal(pdf_missing_glyph(p, f, "a\xff"), 0xfffd);
	pdf_free(p);
}

/* ---- measuring ---- */

static void
test_text_width(void **state)
{
	int f;
	struct pdf *p = pdf_with_font(&f);
	double w10, w20, m;

	(void)state;
	w10 = pdf_text_width(p, f, 10, "Mason", 5);
	w20 = pdf_text_width(p, f, 20, "Mason", 5);
	assert_true(w10 > 10);		/* five letters are wider than 1 em */
	assert_true(w10 < 50);
	/* Widths scale with the size. */
	assert_near(w20, 2 * w10, EPS);
	assert_near(pdf_text_width(p, f, 7.5, "Mason", 5), 0.75 * w10, EPS);
	/* And add up letter by letter. */
	m = pdf_text_width(p, f, 10, "M", 1);
	assert_true(m > 0);
	assert_near(pdf_text_width(p, f, 10, "MM", 2), 2 * m, EPS);
	/* len bounds the text: the first three letters. */
	assert_near(pdf_text_width(p, f, 10, "Mason", 3),
	    pdf_text_width(p, f, 10, "Mas", 3), EPS);
	assert_near(pdf_text_width(p, f, 10, "", 0), 0, 0);
	/* A NUL ends it even when len says more. */
	assert_near(pdf_text_width(p, f, 10, "Ma\0son", 6),
	    pdf_text_width(p, f, 10, "Ma", 2), EPS);
	/* Multi-byte characters count once: "é" is as wide as itself. */
	assert_true(pdf_text_width(p, f, 10, "é", 2) > 0);
	assert_near(pdf_text_width(p, f, 10, "éé", 4),
	    2 * pdf_text_width(p, f, 10, "é", 2), EPS);
	pdf_free(p);
}

/* ---- fitting ---- */

static struct textbox
box(int font, double w, double h, double pt, double min_pt)
{
	struct textbox tb;

	memset(&tb, 0, sizeof(tb));
	tb.x = 10;
	tb.y = 10;
	tb.w = w;
	tb.h = h;
	tb.font = font;
	tb.pt = pt;
	tb.min_pt = min_pt;
	tb.halign = ALIGN_START;
	tb.valign = ALIGN_CENTER;
	tb.leading = 1.15;
	tb.colour = black;
	return tb;
}

static void
test_textbox_fits_as_is(void **state)
{
	int f;
	struct pdf *p = pdf_with_font(&f);
	struct pdf_page *pg = pdf_add_page(p, 252, 144);
	const char *text = "Mason";
	double w = pdf_text_width(p, f, 10, text, strlen(text));
	struct textbox tb = box(f, w + 1, 40, 10, 5);
	double used = -1;

	(void)state;
	assert_int_equal(pdf_textbox(p, pg, &tb, text, &used), 0);
	assert_near(used, 10, 0);
	assert_int_equal(pdf_text_fits(p, &tb, text, &used), 1);
	assert_near(used, 10, 0);
	/* Empty text fits at the size asked. */
	used = -1;
	assert_int_equal(pdf_textbox(p, pg, &tb, "", &used), 0);
	assert_near(used, 10, 0);
	pdf_free(p);
}

static void
test_textbox_shrinks_to_fit(void **state)
{
	int f;
	struct pdf *p = pdf_with_font(&f);
	struct pdf_page *pg = pdf_add_page(p, 252, 144);
	const char *text = "Mason Heavy Tank";
	double w10 = pdf_text_width(p, f, 10, text, strlen(text));
	struct textbox tb = box(f, 0.8 * w10, 40, 10, 5);
	double used = -1;
	char err[128];

	(void)state;
	/* Widths scale linearly, so 80 % of the width at 10 pt is exactly
	 * the width at 8 pt, a step of the 0.25 pt search. */
	assert_int_equal(pdf_textbox(p, pg, &tb, text, &used), 0);
	assert_near(used, 8, EPS);
	used = -1;
	assert_int_equal(pdf_text_fits(p, &tb, text, &used), 1);
	assert_near(used, 8, EPS);
	/* A hair narrower and 8 pt no longer fits: 7.75. */
	tb.w = 0.8 * w10 - 0.05;
	assert_int_equal(pdf_text_fits(p, &tb, text, &used), 1);
	assert_near(used, 7.75, EPS);
	/* Height limits too: a box lower than one line at 10 pt. */
	tb = box(f, 10 * w10, 6, 10, 2);
	assert_int_equal(pdf_textbox(p, pg, &tb, text, &used), 0);
	assert_true(used < 10);
	assert_true(used >= 2);
	/* Newlines always break: two lines need twice the height. */
	tb = box(f, 10 * w10, 40, 10, 5);
	assert_int_equal(pdf_text_fits(p, &tb, "Mason\nHeavy", &used), 1);
	assert_near(used, 10, 0);
	tb.h = 15;
	assert_int_equal(pdf_text_fits(p, &tb, "Mason\nHeavy", &used), 1);
	assert_true(used < 10);
	assert_int_equal(pdf_failed(p, err, sizeof(err)), 0);
	pdf_free(p);
}

static void
test_textbox_wraps(void **state)
{
	int f;
	struct pdf *p = pdf_with_font(&f);
	struct pdf_page *pg = pdf_add_page(p, 252, 144);
	const char *text = "Mason Heavy Tank";
	double wm = pdf_text_width(p, f, 10, "Mason", 5);
	double wh = pdf_text_width(p, f, 10, "Heavy", 5);
	double widest = wm > wh ? wm : wh;
	struct textbox tb = box(f, widest + 1, 60, 10, 5);
	double used;

	(void)state;
	/* One line of three words is over twice as wide as the widest word:
	 * even at the 5 pt minimum it does not fit. */
	tb.wrap = 0;
	assert_int_equal(pdf_text_fits(p, &tb, text, &used), 0);
	/* Wrapped, one word a line, three lines fit at full size: the first
	 * line's ink and two leadings of 11.5 pt are well within 60 pt. */
	tb.wrap = 1;
	assert_int_equal(pdf_text_fits(p, &tb, text, &used), 1);
	assert_near(used, 10, 0);
	assert_int_equal(pdf_textbox(p, pg, &tb, text, &used), 0);
	assert_near(used, 10, 0);
	/* Only 20 pt high: two leadings do not fit at 10 pt; it shrinks. */
	tb.h = 20;
	assert_int_equal(pdf_text_fits(p, &tb, text, &used), 1);
	assert_true(used < 10);
	pdf_free(p);
}

static void
test_textbox_overflow_at_minimum(void **state)
{
	int f;
	struct pdf *p = pdf_with_font(&f);
	struct pdf_page *pg = pdf_add_page(p, 252, 144);
	const char *text = "Mason Heavy Tank";
	double w6 = pdf_text_width(p, f, 6, text, strlen(text));
	struct textbox tb = box(f, 0.5 * w6, 40, 10, 6);
	double used = -1;
	char err[128];

	(void)state;
	/* Half as wide as the text at its 6 pt minimum: it cannot fit, is
	 * drawn cut at the minimum, and says so. */
	assert_int_equal(pdf_textbox(p, pg, &tb, text, &used), 1);
	assert_near(used, 6, 0);
	used = -1;
	assert_int_equal(pdf_text_fits(p, &tb, text, &used), 0);
	assert_near(used, 6, 0);
	/* Too many lines for the height at the minimum. */
	tb = box(f, 200, 8, 10, 6);
	assert_int_equal(pdf_textbox(p, pg, &tb, "1\n2\n3\n4\n5", &used), 1);
	assert_near(used, 6, 0);
	/* Cutting inside multi-byte text keeps the PDF sound. */
	tb = box(f, 0.3 * pdf_text_width(p, f, 6, "♣♦♥♠½é♣♦♥♠½é",
	    strlen("♣♦♥♠½é♣♦♥♠½é")), 40, 6, 6);
	assert_int_equal(pdf_textbox(p, pg, &tb, "♣♦♥♠½é♣♦♥♠½é", &used), 1);
	assert_int_equal(pdf_failed(p, err, sizeof(err)), 0);
	pdf_free(p);
}

/* ---- saving ---- */

/* A one-page document with some text, ready to save. */
static struct pdf *
small_document(void)
{
	int f;
	struct pdf *p = pdf_with_font(&f);
	struct pdf_page *pg = pdf_add_page(p, 252, 144);

	pdf_text(p, pg, f, 10, 20, 100, black, "Mason A♣", strlen("Mason A♣"));
	return p;
}

static void
test_save_writes_pdf(void **state)
{
	struct pdf *p = small_document();
	const char *dir = *state;
	char *path = path_join(dir, "cards.pdf");
	char err[256] = "";
	char *data;
	size_t len;

	assert_int_equal(pdf_page_count(p), 1);
	assert_int_equal(pdf_save(p, path, err, sizeof(err)), 0);
	data = read_all(path, &len);
	assert_non_null(data);
	assert_true(len > 1000);	/* an embedded font, at least */
	assert_memory_equal(data, "%PDF-", 5);
	/* A PDF ends with %%EOF (and perhaps a newline). */
	assert_non_null(strstr(data + len - 8, "%%EOF"));
	free(data);
	/* Only the PDF: the temporary file was renamed into place. */
	assert_int_equal(count_entries(dir), 1);
	/* Saving again replaces it, still leaving one file. */
	assert_int_equal(pdf_save(p, path, err, sizeof(err)), 0);
	assert_int_equal(count_entries(dir), 1);
	pdf_free(p);
	free(path);
}

static void
test_save_into_missing_folder(void **state)
{
	struct pdf *p = small_document();
	const char *dir = *state;
	char *path = path_join(dir, "no/such/folder/cards.pdf");
	char *folder = path_join(dir, "no/such/folder");
	struct sbuf want = SBUF_INIT;
	char err[512] = "";

	assert_int_equal(pdf_save(p, path, err, sizeof(err)), -1);
	sb_addf(&want, "cannot create a file in '%s': No such file or directory",
	    folder);
	assert_string_equal(err, want.buf);
	/* Nothing left behind. */
	assert_int_equal(count_entries(dir), 0);
	pdf_free(p);
	sb_release(&want);
	free(folder);
	free(path);
}

static void
test_failed_save_keeps_existing_file(void **state)
{
	struct pdf *p = pdf_new();
	const char *dir = *state;
	char *path = path_join(dir, "cards.pdf");
	char err[256] = "";
	char *data;

	write_file(path, "the old PDF\n");
	/* A page 1 pt wide is below libharu's minimum: the error sticks. */
	pdf_add_page(p, 1, 1);
	assert_int_equal(pdf_failed(p, err, sizeof(err)), 1);
	assert_int_equal(strncmp(err, "libharu error 0x", 16), 0);
	err[0] = '\0';
	assert_int_equal(pdf_save(p, path, err, sizeof(err)), -1);
	assert_int_equal(strncmp(err, "libharu error 0x", 16), 0);
	data = read_all(path, NULL);
	assert_string_equal(data, "the old PDF\n");
	free(data);
	assert_int_equal(count_entries(dir), 1);
	pdf_free(p);
	free(path);
}

static void
test_font_keeps_earlier_error(void **state)
{
	struct pdf *p = pdf_new();
	const char *why, *subst;
	char err[256] = "";

	(void)state;
	/* libharu's errors stick: after one (a page below its minimum size)
	 * no font can load, and the earlier error must still reach the
	 * save instead of being cleared with the font's. */
	pdf_add_page(p, 1, 1);
	assert_int_equal(pdf_failed(p, err, sizeof(err)), 1);
	assert_true(pdf_font(p, "DejaVu Sans Condensed", &why, &subst) < 0);
	assert_non_null(strstr(why, "earlier"));
	assert_int_equal(pdf_failed(p, err, sizeof(err)), 1);
	assert_int_equal(strncmp(err, "libharu error 0x", 16), 0);
	pdf_free(p);
}

static void
test_failed_rename_leaves_no_temporary(void **state)
{
	struct pdf *p = small_document();
	const char *dir = *state;
	char *target = path_join(dir, "cards.pdf");
	char *inside = path_join(dir, "cards.pdf/keep.txt");
	char err[256] = "";
	char *data;

	/* The target is a folder with something in it: refused before
	 * anything is written. */
	assert_int_equal(mkdir(target, 0777), 0);
	write_file(inside, "keep");
	assert_int_equal(pdf_save(p, target, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "is a folder, not a PDF file"));
	/* The folder and its file are untouched; no temporary is left. */
	data = read_all(inside, NULL);
	assert_string_equal(data, "keep");
	free(data);
	assert_int_equal(count_entries(dir), 1);
	pdf_free(p);
	free(inside);
	free(target);
}

static int
teardown(void **state)
{
	(void)state;
	pdf_cleanup();		/* fontconfig's caches, for LeakSanitizer */
	return 0;
}

static void
test_rgb_to_cmyk(void **state)
{
	float k[4];

	(void)state;
	/* Black and greys on the K plate alone: K = 1 - max(r, g, b). */
	pdf_rgb_to_cmyk((struct rgb){ 0, 0, 0 }, k);
	assert_true(k[0] == 0 && k[1] == 0 && k[2] == 0 && k[3] == 1);
	pdf_rgb_to_cmyk((struct rgb){ 0.25f, 0.25f, 0.25f }, k);
	assert_true(k[0] == 0 && k[1] == 0 && k[2] == 0);
	assert_float_equal(k[3], 0.75, 1e-6);
	/* Red: no cyan, full magenta and yellow, no black. */
	pdf_rgb_to_cmyk((struct rgb){ 1, 0, 0 }, k);
	assert_true(k[0] == 0 && k[1] == 1 && k[2] == 1 && k[3] == 0);
	/* (0.5, 0.25, 0): K = 0.5, C = 0, M = (0.5 - 0.25) / 0.5 = 0.5,
	 * Y = 0.5 / 0.5 = 1. */
	pdf_rgb_to_cmyk((struct rgb){ 0.5f, 0.25f, 0 }, k);
	assert_float_equal(k[0], 0, 1e-6);
	assert_float_equal(k[1], 0.5, 1e-6);
	assert_float_equal(k[2], 1, 1e-6);
	assert_float_equal(k[3], 0.5, 1e-6);
	/* White: nothing. */
	pdf_rgb_to_cmyk((struct rgb){ 1, 1, 1 }, k);
	assert_true(k[0] == 0 && k[1] == 0 && k[2] == 0 && k[3] == 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rgb_to_cmyk),
		cmocka_unit_test(test_font_by_name),
		cmocka_unit_test(test_font_substitute),
		cmocka_unit_test(test_missing_glyph),
		cmocka_unit_test(test_text_width),
		cmocka_unit_test(test_textbox_fits_as_is),
		cmocka_unit_test(test_textbox_shrinks_to_fit),
		cmocka_unit_test(test_textbox_wraps),
		cmocka_unit_test(test_textbox_overflow_at_minimum),
		scratch_test(test_save_writes_pdf),
		scratch_test(test_save_into_missing_folder),
		scratch_test(test_failed_save_keeps_existing_file),
		cmocka_unit_test(test_font_keeps_earlier_error),
		scratch_test(test_failed_rename_leaves_no_temporary),
	};

	return cmocka_run_group_tests(tests, NULL, teardown);
}
