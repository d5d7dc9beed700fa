/*
 * test_pdf.c -- libharu behind muster's small API (pdf/pdf.h): fonts by
 * fontconfig name, glyph coverage, text measurement and fitting, images,
 * and the atomic save.
 */
#include "testutil.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/types.h>
#include <zlib.h>
/* jpeglib.h wants stdio.h (testutil.h) before it. */
#include <jpeglib.h>

#include "pdf/internal.h"
#include "pdf/pdf_impl.h"
#include "pdf/pdf.h"
#include "pdf/pngwrite.h"
#include "pdf/raster.h"
#include "pdfread/pdfread.h"

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

/* ---- a finder's fonts, kept between runs ---- */

/* The family a new run's finder says fontconfig gave for pattern. */
static const char *
finder_subst(const char *pattern, char *buf, size_t size)
{
	struct pdf *p = pdf_new_finder();
	const char *why, *sub;

	pdf_font_record_forget();
	assert_true(pdf_font(p, pattern, &why, &sub) >= 0);
	snprintf(buf, size, "%s", sub ? sub : "");
	pdf_free(p);
	return buf;
}

/* text with the first "from" after "after" made "to" (a new string). */
static char *
edited(const char *text, const char *after, const char *from, const char *to)
{
	const char *a = strstr(text, after), *f;
	char *out;

	assert_non_null(a);
	assert_non_null(f = strstr(a, from));
	out = malloc(strlen(text) + strlen(to) + 1);
	memcpy(out, text, (size_t)(f - text));
	strcpy(out + (f - text), to);
	strcat(out, f + strlen(from));
	return out;
}

/*
 * A charset as check's font record keeps it reads back the same: runs
 * within a page, a run across a page's end (ff-100), a page skipped
 * between two runs, a code point alone, and one past the BMP.  And a
 * finder's font found in the record answers pdf_missing_glyph() as the
 * font fontconfig found did.
 */
static void
test_charset_text(void **state)
{
	static const FcChar32 alone[] = { 0xa0, 0x2663, 0x2665, 0x1f600 };
	FcCharSet *cs = FcCharSetCreate(), *back;
	const char *why, *subst;
	struct pdf *p;
	char *text;
	FcChar32 c;
	size_t i;
	int f;

	for (c = 0x20; c < 0x7f; c++)
		FcCharSetAddChar(cs, c);
	for (c = 0xe0; c <= 0x17f; c++)
		FcCharSetAddChar(cs, c);
	for (i = 0; i < sizeof(alone) / sizeof(alone[0]); i++)
		FcCharSetAddChar(cs, alone[i]);
	text = pdf_charset_text(cs);
	assert_string_equal(text, "20-7e a0 e0-17f 2663 2665 1f600");
	back = pdf_charset_parse(text);
	assert_true(FcCharSetEqual(cs, back));
	free(text);
	FcCharSetDestroy(back);
	FcCharSetDestroy(cs);
	/* Found by fontconfig (a record made), then from the record. */
	setenv("XDG_CACHE_HOME", *state, 1);
	unsetenv("MUSTER_FONT_CACHE");
	for (i = 0; i < 2; i++) {
		pdf_font_record_forget();
		p = pdf_new_finder();
		f = pdf_font(p, "DejaVu Sans Condensed", &why, &subst);
		assert_true(f >= 0);
		assert_int_equal(pdf_missing_glyph(p, f, "J\xc3\xa4ger \xc2\xbd\n"
		    "\xe2\x99\xa3"), 0);
		assert_int_equal(pdf_missing_glyph(p, f, "a\tb"), '\t');
		assert_int_equal(pdf_missing_glyph(p, f, "x \xf0\x9f\x98\x80"),
		    0x1f600);
		assert_int_equal(pdf_missing_glyph(p, f, "\xff"), 0xfffd);
		pdf_free(p);
	}
	pdf_font_record_forget();
	unsetenv("XDG_CACHE_HOME");
}

/*
 * The record is what a run finds and is read instead of fontconfig only
 * while nothing it rests on changed: a family written into it by hand
 * comes back; with MUSTER_FONT_CACHE=0, an environment variable
 * fontconfig reads set, or a file it rests on not as recorded (its
 * device number), fontconfig is asked again.
 */
static void
test_font_record(void **state)
{
	const char *pat = "No Such Family Anywhere";
	char rec[4096], real[128], got[128], *text, *fake, *moved;
	struct stat st;
	size_t len;

	setenv("XDG_CACHE_HOME", *state, 1);
	unsetenv("MUSTER_FONT_CACHE");
	finder_subst(pat, real, sizeof(real));
	assert_string_not_equal(real, "");
	snprintf(rec, sizeof(rec), "%s/muster/fonts", (const char *)*state);
	assert_int_equal(read_regular(rec, 1 << 20, &text, &len, &st), 0);
	fake = edited(text, "No Such Family Anywhere\t", real, "Faked Sans");
	write_file(rec, fake);
	assert_string_equal(finder_subst(pat, got, sizeof(got)), "Faked Sans");
	setenv("MUSTER_FONT_CACHE", "0", 1);
	assert_string_equal(finder_subst(pat, got, sizeof(got)), real);
	unsetenv("MUSTER_FONT_CACHE");
	write_file(rec, fake);
	setenv("FC_LANG", "de", 1);
	assert_string_equal(finder_subst(pat, got, sizeof(got)), real);
	unsetenv("FC_LANG");
	moved = edited(fake, "\ns ", "s ", "s 9");
	write_file(rec, moved);
	assert_string_equal(finder_subst(pat, got, sizeof(got)), real);
	/* And the record made again reads back. */
	assert_string_equal(finder_subst(pat, got, sizeof(got)), real);
	write_file(rec, fake);
	assert_string_equal(finder_subst(pat, got, sizeof(got)), "Faked Sans");
	pdf_font_record_forget();
	unsetenv("XDG_CACHE_HOME");
	free(text);
	free(fake);
	free(moved);
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

/* ---- inline icons ---- */

/* A drawing that notes where it was asked to draw. */
static double drawn[4];

static void
note_draw(struct pdf_page *pg, const void *arg, double x, double y,
    double w, double h, struct rgb c)
{
	(void)pg;
	(void)arg;
	(void)c;
	drawn[0] = x;
	drawn[1] = y;
	drawn[2] = w;
	drawn[3] = h;
}

static void
test_icon_width(void **state)
{
	int f;
	struct pdf *p = pdf_with_font(&f);
	char one[8], two[8], text[32];
	long a, b;
	double w1, w2;

	(void)state;
	a = pdf_icon(p, "symbol:square", "[square]", 1, -1, note_draw, NULL);
	b = pdf_icon(p, "symbol:wide", "[wide]", 2, -1, note_draw, NULL);
	assert_int_equal(a, PDF_ICON_BASE);
	assert_int_equal(b, PDF_ICON_BASE + 1);
	/* The same key is the same icon. */
	assert_int_equal(pdf_icon(p, "symbol:square", "[x]", 3, -1, NULL,
	    NULL), a);
	utf8_encode(a, one);
	utf8_encode(b, two);
	/*
	 * An icon is the capitals' height times 1.15 high, aspect times
	 * that wide, with 0.08 em either side: at 10 pt, aspect 1 is
	 * 10 (1.15 cap + 0.16) and aspect 2 is 10 (2.3 cap + 0.16), so
	 * w2 - w1 = 11.5 cap = w1 - 1.6.  DejaVu Sans Condensed's
	 * capitals are 0.729 em: w1 = 10 (0.8384 + 0.16) = 9.98.
	 */
	w1 = pdf_text_width(p, f, 10, one, strlen(one));
	w2 = pdf_text_width(p, f, 10, two, strlen(two));
	assert_near(w2 - w1, w1 - 1.6, 1e-6);
	assert_near(w1, 9.98, 0.02);
	/* In a line it adds its width to the words'. */
	snprintf(text, sizeof(text), "ab%sc", one);
	assert_near(pdf_text_width(p, f, 10, text, strlen(text)),
	    pdf_text_width(p, f, 10, "abc", 3) + w1, 1e-6);
	/* It is no glyph the font lacks... */
	assert_int_equal(pdf_missing_glyph(p, f, "abc"), 0);
	pdf_free(p);
}

static void
test_icon_drawn_on_baseline(void **state)
{
	int f;
	struct pdf *p = pdf_with_font(&f);
	struct pdf_page *pg = pdf_add_page(p, 200, 200);
	char one[8], text[32];
	long a;

	(void)state;
	a = pdf_icon(p, "symbol:square", "[square]", 1, -1, note_draw, NULL);
	utf8_encode(a, one);
	snprintf(text, sizeof(text), "ab%s", one);
	memset(drawn, 0, sizeof(drawn));
	pdf_text(p, pg, f, 10, 20, 30, black, text, strlen(text));
	/* After "ab" and the icon's 0.08 em side: on the baseline (30),
	 * square. */
	assert_near(drawn[0], 20 + pdf_text_width(p, f, 10, "ab", 2) + 0.8,
	    1e-6);
	assert_near(drawn[1], 30, 1e-9);
	assert_near(drawn[2], drawn[3], 1e-9);
	assert_near(drawn[3], 10 * (pdf_text_width(p, f, 10, one,
	    strlen(one)) / 10 - 0.16), 1e-6);
	pdf_page_done(p, pg);
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

/* Whether s is among the len bytes at b. */
static int
holds(const char *b, size_t len, const char *s)
{
	size_t i, n = strlen(s);

	for (i = 0; b && i + n <= len; i++)
		if (memcmp(b + i, s, n) == 0)
			return 1;
	return 0;
}

/* A page's contents, decoded (the reader keeps them). */
static const char *
page_text(struct pdfr *r, const struct pdfr_page *pg, size_t *len)
{
	struct pobj *c = pdfr_get(r, pg->dict, "Contents");
	const char *undecoded;

	assert_non_null(c);
	return (const char *)pdfr_stream(r, c, len, &undecoded);
}

/*
 * The fast writer keeps no page once done (writer.c): a page is written
 * from the dictionary and contents it stored.  Pages done out of the
 * order they were made (a duplex back before its front; one never said
 * done, at the save) still print in the order made, each with its own
 * size, boxes, resources and operators.
 */
static void
test_pages_in_order_made(void **state)
{
	struct paint pt = { 1, 0, { 1, 0, 0 }, { 0, 0, 0 }, 0, 0, 0 };
	const struct pdfr_page *pages;
	struct pdf_page *a, *b, *c;
	struct pdfr *r;
	struct pdf *p;
	unsigned char *buf;
	const char *ops;
	char err[256] = "";
	size_t len, n, olen;
	int font;

	(void)state;
	p = pdf_with_font(&font);
	a = pdf_add_page(p, 200, 300);
	b = pdf_add_page(p, 300, 200);
	c = pdf_add_page(p, 400, 500);
	pdf_page_boxes(b, 10, 20, 100, 50, 3);
	pdf_rect(a, 1, 2, 3, 4, &pt);
	pdf_rect(b, 5, 6, 7, 8, &pt);
	pdf_text(p, c, font, 10, 10, 10, black, "Mason", 5);
	pdf_page_done(p, b);
	pdf_page_done(p, a);
	assert_int_equal(pdf_save_mem(p, &buf, &len, err, sizeof(err)), 0);
	r = pdfr_open(buf, len, err, sizeof(err));
	assert_non_null(r);
	assert_false(pdfr_repaired(r));
	pages = pdfr_pages(r, &n);
	assert_int_equal(n, 3);
	assert_true(pages[0].media[2] == 200 && pages[0].media[3] == 300);
	assert_true(pages[1].media[2] == 300 && pages[1].media[3] == 200);
	assert_true(pages[2].media[2] == 400 && pages[2].media[3] == 500);
	assert_false(pages[0].has_trim);
	assert_true(pages[1].has_trim && pages[1].has_bleed);
	assert_true(pages[1].trim[0] == 10 && pages[1].trim[3] == 70);
	assert_true(pages[1].bleed[0] == 7 && pages[1].bleed[3] == 73);
	ops = page_text(r, &pages[0], &olen);
	assert_non_null(ops);
	assert_true(holds(ops, olen, "1 2 3 4 re"));
	ops = page_text(r, &pages[1], &olen);
	assert_true(holds(ops, olen, "5 6 7 8 re"));
	ops = page_text(r, &pages[2], &olen);
	assert_true(holds(ops, olen, " Tj"));
	/* Its font is in its resources, by the name it is shown with. */
	assert_non_null(pdfr_get(r, pdfr_get(r, pages[2].resources, "Font"),
	    "F1"));
	assert_null(pages[0].resources ? pdfr_get(r, pages[0].resources,
	    "Font") : NULL);
	pdfr_free(r);
	free(buf);
	pdf_free(p);
}

/* A document of two fonts and text from several 256-code blocks (Latin,
 * Latin-1, general punctuation, suits), saved as bytes. */
static unsigned char *
two_font_doc(size_t *len, int lazy)
{
	static const char text[] = "Mason J\xc3\xa4ger \xe2\x80\x93 "
	    "\xe2\x99\xa0\xe2\x99\xa5 12\xc2\xbd";
	struct pdf *p = pdf_new();
	struct pdf_page *pg;
	const char *why, *sub;
	unsigned char *buf;
	char err[256] = "";
	int body, bold;

	body = pdf_font(p, "DejaVu Sans Condensed", &why, &sub);
	bold = pdf_font(p, "DejaVu Sans:bold", &why, &sub);
	assert_true(body >= 0 && bold >= 0);
	/* made the way asked */
	assert_int_equal(p->font[body].lazy, lazy);
	assert_int_equal(p->font[bold].lazy, lazy);
	pg = pdf_add_page(p, 200, 100);
	pdf_text(p, pg, body, 10, 10, 10, black, text, strlen(text));
	pdf_text(p, pg, bold, 10, 10, 40, black, "Kite 7", 6);
	assert_int_equal(pdf_save_mem(p, &buf, len, err, sizeof(err)), 0);
	pdf_free(p);
	return buf;
}

/* A font made without libharu's look-up of all 65,536 code points
 * (utf8_font()) is written byte for byte as one made with it: the /W
 * and CIDToGIDMap trim_fonts() builds for the code points used are
 * libharu's, cut. */
static void
test_lazy_font_same_bytes(void **state)
{
	unsigned char *full, *lazy;
	size_t nfull, nlazy;

	(void)state;
	setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
	pdf_font_lazy(0);
	full = two_font_doc(&nfull, 0);
	pdf_font_lazy(1);
	lazy = two_font_doc(&nlazy, 1);
	unsetenv("SOURCE_DATE_EPOCH");
	assert_int_equal(nlazy, nfull);
	assert_memory_equal(lazy, full, nfull);
	free(full);
	free(lazy);
}

/* A page is 3 to 14,400 points each way (PDF 1.7, annex C), in the fast
 * writer as in libharu's: outside, the document fails as libharu's does. */
/* A PDF's limits, each side: 8,388,607 objects (ISO 32000-1, Annex C)
 * and 4 GiB - 1 bytes (32-bit offsets); a render past them is refused
 * with a message, not written with offsets gone round (a review's
 * 6,000,000-page render wrote 5.2 GB and a startxref mod 2^32). */
static void
test_pdf_size_fits(void **state)
{
	(void)state;
	assert_true(pdf_size_fits(8388607ULL, 0));
	assert_false(pdf_size_fits(8388608ULL, 0));
	assert_true(pdf_size_fits(0, 4294967295ULL));
	assert_false(pdf_size_fits(0, 4294967296ULL));
	assert_false(pdf_size_fits(8388608ULL, 4294967296ULL));
}

static void
test_page_size_limits(void **state)
{
	static const double bad[][2] = { { 2.99, 100 }, { 100, 2.99 },
	    { 14400.01, 100 }, { 100, 14400.01 } };
	struct pdf *p = pdf_new();
	char err[256];
	size_t i;

	(void)state;
	pdf_add_page(p, 3, 3);
	pdf_add_page(p, 14400, 14400);
	assert_int_equal(pdf_failed(p, err, sizeof(err)), 0);
	pdf_free(p);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		p = pdf_new();
		pdf_add_page(p, bad[i][0], bad[i][1]);
		assert_int_equal(pdf_failed(p, err, sizeof(err)), 1);
		pdf_free(p);
	}
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


/* ---- images ---- */

/* Appends a PNG chunk. */
static void
chunk(struct sbuf *sb, const char *type, const unsigned char *d, size_t n)
{
	unsigned char b[4];
	uLong crc = crc32(0, (const Bytef *)type, 4);

	b[0] = (unsigned char)(n >> 24);
	b[1] = (unsigned char)(n >> 16);
	b[2] = (unsigned char)(n >> 8);
	b[3] = (unsigned char)n;
	sb_add(sb, (const char *)b, 4);
	sb_add(sb, type, 4);
	sb_add(sb, (const char *)d, n);
	crc = crc32(crc, d, (uInt)n);
	b[0] = (unsigned char)(crc >> 24);
	b[1] = (unsigned char)(crc >> 16);
	b[2] = (unsigned char)(crc >> 8);
	b[3] = (unsigned char)crc;
	sb_add(sb, (const char *)b, 4);
}

/*
 * A PNG of w x h pixels of colour type ct (0 grey, 2 RGB, 3 palette, 4
 * grey and alpha, 6 RGBA) at depth bits, each sample of pixel x, y
 * (x + y + c) * 37, its alpha x * 255 / w (or 255 when opaque); the
 * header's size may be given apart (hw, hh) from the data's.
 */
static void
write_png(const char *path, unsigned w, unsigned h, unsigned hw,
    unsigned hh, int ct, int bits, int opaque)
{
	static const int chans[] = { 1, 0, 3, 1, 2, 0, 4 };
	struct sbuf sb = SBUF_INIT;
	unsigned char ihdr[13], *raw, *z, plte[3 * 4], trns[4];
	size_t bpp = (size_t)chans[ct] * (size_t)bits / 8;
	size_t row = 1 + ((size_t)w * (size_t)chans[ct] * (size_t)bits + 7) / 8;
	uLongf zlen;
	unsigned x, y, c, i;
	FILE *f;

	raw = calloc(row * h + 1, 1);
	for (y = 0; y < h; y++)
		for (x = 0; x < row - 1; x++)
			raw[y * row + 1 + x] = (unsigned char)((x + y) * 37);
	for (y = 0; bits == 8 && y < h; y++)
		for (x = 0; x < w; x++)
			for (c = 0; c < bpp; c++) {
				unsigned v = (x + y + c) * 37;

				if ((ct == 4 || ct == 6) && c == bpp - 1)
					v = opaque ? 255 : x * 255 / w;
				if (ct == 3)
					v = (x + y) % 4;
				raw[y * row + 1 + x * bpp + c] = (unsigned char)v;
			}
	zlen = compressBound((uLong)(row * h));
	z = malloc(zlen);
	assert_int_equal(compress(z, &zlen, raw, (uLong)(row * h)), Z_OK);
	sb_add(&sb, "\x89PNG\r\n\x1a\n", 8);
	for (i = 0; i < 4; i++) {
		ihdr[i] = (unsigned char)(hw >> (24 - 8 * i));
		ihdr[4 + i] = (unsigned char)(hh >> (24 - 8 * i));
	}
	ihdr[8] = (unsigned char)bits;
	ihdr[9] = (unsigned char)ct;
	ihdr[10] = ihdr[11] = ihdr[12] = 0;
	chunk(&sb, "IHDR", ihdr, 13);
	if (ct == 3) {
		for (i = 0; i < 12; i++)
			plte[i] = (unsigned char)(i * 20);
		chunk(&sb, "PLTE", plte, 12);
		trns[0] = 0;
		trns[1] = trns[2] = trns[3] = 255;
		if (!opaque)
			chunk(&sb, "tRNS", trns, 4);
	}
	chunk(&sb, "IDAT", z, zlen);
	chunk(&sb, "IEND", (const unsigned char *)"", 0);
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(sb.buf, 1, sb.len, f), sb.len);
	assert_int_equal(fclose(f), 0);
	sb_release(&sb);
	free(raw);
	free(z);
}

/* A JPEG of w x h pixels in colour space cs, progressive or not. */
static void
write_jpeg(const char *path, unsigned w, unsigned h, J_COLOR_SPACE cs,
    int comps, int progressive)
{
	struct jpeg_compress_struct c;
	struct jpeg_error_mgr err;
	JSAMPLE *row = malloc((size_t)w * (size_t)comps);
	unsigned x;
	int k;
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	c.err = jpeg_std_error(&err);
	jpeg_create_compress(&c);
	jpeg_stdio_dest(&c, f);
	c.image_width = w;
	c.image_height = h;
	c.input_components = comps;
	c.in_color_space = cs;
	jpeg_set_defaults(&c);
	if (progressive)
		jpeg_simple_progression(&c);
	jpeg_start_compress(&c, TRUE);
	while (c.next_scanline < h) {
		for (x = 0; x < w; x++)
			for (k = 0; k < comps; k++)
				row[x * (unsigned)comps + (unsigned)k] =
				    (JSAMPLE)((x + c.next_scanline + (unsigned)k) *
				    7);
		jpeg_write_scanlines(&c, &row, 1);
	}
	jpeg_finish_compress(&c);
	jpeg_destroy_compress(&c);
	fclose(f);
	free(row);
}

/* The file cut to n bytes. */
static void
cut_file(const char *path, off_t n)
{
	assert_int_equal(truncate(path, n), 0);
}

static off_t
file_size(const char *path)
{
	struct stat st;

	assert_int_equal(stat(path, &st), 0);
	return st.st_size;
}

/* How often text is in the saved document (its objects' dictionaries
 * are not compressed). */
static int
count_in_pdf(struct pdf *p, const char *text)
{
	unsigned char *b;
	size_t len, i, n = strlen(text);
	char err[256];
	int k = 0;

	assert_int_equal(pdf_save_mem(p, &b, &len, err, sizeof(err)), 0);
	for (i = 0; i + n <= len; i++)
		if (memcmp(b + i, text, n) == 0)
			k++;
	free(b);
	return k;
}

static void
test_image_png_kinds(void **state)
{
	static const struct { int ct, bits, opaque, masked; } kinds[] = {
		{ 2, 8, 1, 0 },		/* RGB */
		{ 6, 8, 0, 1 },		/* RGBA, translucent: a soft mask */
		{ 6, 8, 1, 0 },		/* RGBA, every pixel opaque: none */
		{ 0, 8, 1, 0 },		/* grey */
		{ 4, 8, 0, 1 },		/* grey and alpha */
		{ 3, 8, 0, 1 },		/* a palette, one entry transparent */
		{ 2, 16, 1, 0 },	/* 16 bits a sample */
		{ 0, 1, 1, 0 },		/* one bit a pixel */
	};
	const char *dir = *state;
	struct pdf *p = pdf_new();
	struct pdf_page *pg = pdf_add_page(p, 200, 200);
	char why[512], name[32], *path;
	int i, id, w, h, masks = 0;

	for (i = 0; i < (int)NELEM(kinds); i++) {
		snprintf(name, sizeof(name), "k%d.png", i);
		path = path_join(dir, name);
		write_png(path, 17, 9, 17, 9, kinds[i].ct, kinds[i].bits,
		    kinds[i].opaque);
		id = pdf_image(p, path, &w, &h, why, sizeof(why));
		if (id < 0)
			fail_msg("kind %d: %s", i, why);
		assert_int_equal(w, 17);
		assert_int_equal(h, 9);
		pdf_image_place(p, pg, id, 10, 10, 34, 18, NULL);
		masks += kinds[i].masked;
		free(path);
	}
	assert_int_equal(count_in_pdf(p, "/Subtype /Image"), NELEM(kinds) +
	    masks);
	assert_int_equal(count_in_pdf(p, "/SMask"), masks);
	assert_int_equal(count_in_pdf(p, "/ColorSpace /DeviceGray"), 3 + masks);
	pdf_free(p);
}

static void
test_image_once_per_file(void **state)
{
	const char *dir = *state;
	struct pdf *p = pdf_new();
	char why[512], *a = path_join(dir, "logo.png"), *b = path_join(dir,
	    "alias.png"), *dotted = path_join(dir, "./logo.png");
	const double clip[4] = { 0, 0, 20, 20 };
	int id, i, w, h;

	write_png(a, 40, 40, 40, 40, 6, 8, 0);
	assert_int_equal(symlink(a, b), 0);
	id = pdf_image(p, a, &w, &h, why, sizeof(why));
	assert_true(id >= 0);
	/* The same path, another name of the file: the same image. */
	assert_int_equal(pdf_image(p, a, &w, &h, why, sizeof(why)), id);
	assert_int_equal(pdf_image(p, b, &w, &h, why, sizeof(why)), id);
	assert_int_equal(pdf_image(p, dotted, &w, &h, why, sizeof(why)), id);
	assert_int_equal(w, 40);
	for (i = 0; i < 30; i++) {
		struct pdf_page *pg = pdf_add_page(p, 100, 100);

		pdf_image_place(p, pg, id, 10, 10, 40, 40, i % 2 ? clip : NULL);
		pdf_page_done(p, pg);
	}
	/* One image and its mask, however often placed. */
	assert_int_equal(count_in_pdf(p, "/Subtype /Image"), 2);
	pdf_free(p);
	free(a);
	free(b);
	free(dotted);
}

static void
test_image_jpeg(void **state)
{
	const char *dir = *state;
	struct pdf *p = pdf_new();
	char why[512], *g = path_join(dir, "g.jpg"), *rgb = path_join(dir,
	    "rgb.jpeg"), *cmyk = path_join(dir, "cmyk.jpg"), *prog =
	    path_join(dir, "prog.jpg"), *named = path_join(dir, "a.png");
	int w, h;

	write_jpeg(g, 31, 20, JCS_GRAYSCALE, 1, 0);
	write_jpeg(rgb, 64, 48, JCS_RGB, 3, 0);
	write_jpeg(cmyk, 16, 16, JCS_CMYK, 4, 0);
	write_jpeg(prog, 40, 30, JCS_RGB, 3, 1);
	/* Told by its bytes: a JPEG named .png is a JPEG. */
	write_jpeg(named, 10, 12, JCS_RGB, 3, 0);
	assert_true(pdf_image(p, g, &w, &h, why, sizeof(why)) >= 0);
	assert_int_equal(w, 31);
	assert_int_equal(h, 20);
	assert_true(pdf_image(p, rgb, &w, &h, why, sizeof(why)) >= 0);
	assert_true(pdf_image(p, cmyk, &w, &h, why, sizeof(why)) >= 0);
	assert_true(pdf_image(p, prog, &w, &h, why, sizeof(why)) >= 0);
	assert_true(pdf_image(p, named, &w, &h, why, sizeof(why)) >= 0);
	assert_int_equal(h, 12);
	/* Their own bytes, which PDF readers decode. */
	assert_int_equal(count_in_pdf(p, "/DCTDecode"), 5);
	assert_int_equal(count_in_pdf(p, "/ColorSpace /DeviceCMYK"), 1);
	/* libjpeg writes CMYK as Adobe does, each ink inverted. */
	assert_int_equal(count_in_pdf(p, "/Decode [ 1 0 1 0 1 0 1 0 ]"), 1);
	pdf_free(p);
	free(g);
	free(rgb);
	free(cmyk);
	free(prog);
	free(named);
}

/* pdf_image(path) fails, saying want; the document is still good. */
static void
refused(struct pdf *p, const char *path, const char *want)
{
	char why[512], err[256];
	int w = 1, h = 1;

	if (pdf_image(p, path, &w, &h, why, sizeof(why)) >= 0)
		fail_msg("%s was taken", path);
	if (strstr(why, want) == NULL)
		fail_msg("%s: '%s', want '%s'", path, why, want);
	assert_int_equal(w, 0);
	assert_false(pdf_failed(p, err, sizeof(err)));
}

static void
test_image_refused(void **state)
{
	const char *dir = *state;
	struct pdf *p = pdf_new();
	char why[512], *f;
	int w, h;

	f = path_join(dir, "nowhere.png");
	refused(p, f, "cannot be opened: No such file or directory");
	free(f);
	refused(p, dir, "is a folder");
	f = path_join(dir, "pipe.png");
	assert_int_equal(mkfifo(f, 0600), 0);
	refused(p, f, "is not a regular file");	/* never waited on */
	free(f);
	f = path_join(dir, "empty.png");
	write_file(f, "");
	refused(p, f, "is empty (0 bytes)");
	free(f);
	f = path_join(dir, "text.png");
	write_file(f, "art goes here\n");
	refused(p, f, "is not a PNG or JPEG file");
	free(f);
	/* PNGs: cut in the pixels, after the signature, a bad checksum. */
	f = path_join(dir, "cut.png");
	write_png(f, 60, 60, 60, 60, 2, 8, 1);
	cut_file(f, file_size(f) - 30);
	refused(p, f, "is a damaged or truncated PNG");
	free(f);
	f = path_join(dir, "cut2.png");
	write_png(f, 60, 60, 60, 60, 2, 8, 1);
	cut_file(f, 20);
	refused(p, f, "is a damaged PNG: it has no image header");
	free(f);
	f = path_join(dir, "crc.png");
	write_png(f, 8, 8, 8, 8, 2, 8, 1);
	{
		FILE *fp = fopen(f, "r+b");

		fseek(fp, 30, SEEK_SET);	/* in IHDR's checksum */
		fputc(0x5a, fp);
		fclose(fp);
	}
	refused(p, f, "is a damaged PNG");
	free(f);
	/* Sizes from the header, before anything is decoded: 0 wide, and
	 * 50 megapixels exactly (taken, found damaged) against one row
	 * more (refused as too large). */
	f = path_join(dir, "zero.png");
	write_png(f, 4, 4, 0, 4, 2, 8, 1);
	refused(p, f, "its header gives 0 x 4 pixels");
	free(f);
	f = path_join(dir, "limit.png");
	write_png(f, 4, 4, 10000, 5000, 2, 8, 1);
	refused(p, f, "is a damaged or truncated PNG");
	free(f);
	f = path_join(dir, "over.png");
	write_png(f, 4, 4, 10000, 5001, 2, 8, 1);
	refused(p, f, "is 10000 x 5001 pixels, 50.01 megapixels; an image may "
	    "have at most 50 megapixels");
	free(f);
	f = path_join(dir, "huge.png");
	write_png(f, 4, 4, 0x7fffffff, 0x7fffffff, 2, 8, 1);
	refused(p, f, "megapixels");
	free(f);
	/* JPEGs: cut in the scan, before the frame, only the start. */
	f = path_join(dir, "cut.jpg");
	write_jpeg(f, 64, 64, JCS_RGB, 3, 0);
	cut_file(f, file_size(f) / 2 + 40);
	refused(p, f, "is a damaged or truncated JPEG");
	free(f);
	f = path_join(dir, "cut2.jpg");
	write_jpeg(f, 64, 64, JCS_RGB, 3, 0);
	cut_file(f, 40);
	refused(p, f, "it ends before its frame header");
	free(f);
	f = path_join(dir, "cut3.jpg");
	write_jpeg(f, 64, 64, JCS_RGB, 3, 0);
	cut_file(f, 3);
	refused(p, f, "it ends before its frame header");
	free(f);
	/* After all of that, a good image still goes in, and the document
	 * saves. */
	f = path_join(dir, "good.png");
	write_png(f, 5, 5, 5, 5, 2, 8, 1);
	assert_true(pdf_image(p, f, &w, &h, why, sizeof(why)) >= 0);
	free(f);
	assert_int_equal(count_in_pdf(p, "/Subtype /Image"), 1);
	pdf_free(p);
}

/*
 * A font's widths are written for the code points the document uses
 * only: "AB" and "D" are 65, 66 and 68, so /W holds two runs, 65 with
 * two widths and 68 with one, and not the 6,000 of the whole font.
 */
static void
test_widths_of_used_glyphs(void **state)
{
	int font;
	struct pdf *p = pdf_with_font(&font);
	struct pdf_page *pg = pdf_add_page(p, 200, 200);

	(void)state;
	pdf_text(p, pg, font, 10, 10, 10, black, "AB", 2);
	pdf_text(p, pg, font, 10, 10, 30, black, "D", 1);
	pdf_page_done(p, pg);
	assert_int_equal(count_in_pdf(p, "/W [ 65 ["), 1);
	assert_int_equal(count_in_pdf(p, "] 68 ["), 1);
	assert_int_equal(count_in_pdf(p, "/W [ 32 ["), 0);
	pdf_free(p);
}

/*
 * --format png refuses a face over 100 megapixels: a 9 x 12 in card
 * (648 x 864 pt) at 962 dpi is 8,658 x 11,544 = 99,947,952 pixels; at
 * 963 dpi 8,667 x 11,556 = 100,155,852 (tests/bad/render-pixels).
 */
static void
test_pixel_cap(void **state)
{
	(void)state;
	assert_false(raster_too_big(648, 864, 962));
	assert_true(raster_too_big(648, 864, 963));
	/* 10,000 x 10,000 at 300 dpi (2,400 pt) is the cap, not over. */
	assert_false(raster_too_big(2400, 2400, 300));
	assert_true(raster_too_big(2400, 2400.25, 300));
}

/*
 * An image printed in a box is embedded with no more pixels than 1,200
 * dpi there (PDF_IMAGE_DPI), by whole f x f blocks: 2,400 pixels in an
 * inch (72 pt) are 2,400 dpi, f = floor(2400 / 1200) = 2, so 1,200 wide;
 * 2,399 are f = floor(1.999) = 1, kept whole; 4,801 in half an inch are
 * 9,602 dpi, f = 8, ceil(4801 / 8) = 601.  The same file at another
 * size is another XObject; at the same, the same one.  w and h stay the
 * file's size.  A JPEG shrunk goes in written again, not as its own
 * bytes: 3,000 in an inch, f = 2, libjpeg's half: 1,500.
 */
static void
test_image_shrunk_to_print(void **state)
{
	const char *dir = *state;
	struct pdf *p = pdf_new();
	char why[512], *a = path_join(dir, "2400.png"), *b = path_join(dir,
	    "2399.png"), *c = path_join(dir, "4801.png"), *j = path_join(dir,
	    "3000.jpg");
	int w, h, id, id2;

	write_png(a, 2400, 8, 2400, 8, 2, 8, 1);
	write_png(b, 2399, 8, 2399, 8, 2, 8, 1);
	write_png(c, 4801, 3, 4801, 3, 6, 8, 0);
	write_jpeg(j, 3000, 16, JCS_RGB, 3, 0);
	id = pdf_image_at(p, a, 72, 72, 0, &w, &h, why, sizeof(why));
	assert_true(id >= 0);
	assert_int_equal(w, 2400);
	assert_int_equal(pdf_image_at(p, a, 72, 72, 0, &w, &h, why,
	    sizeof(why)), id);
	id2 = pdf_image_at(p, a, 144, 144, 0, &w, &h, why, sizeof(why));
	assert_true(id2 >= 0 && id2 != id);
	assert_true(pdf_image_at(p, b, 72, 72, 0, &w, &h, why,
	    sizeof(why)) >= 0);
	assert_true(pdf_image_at(p, c, 36, 36, 0, &w, &h, why,
	    sizeof(why)) >= 0);
	assert_true(pdf_image_at(p, j, 72, 72, 0, &w, &h, why,
	    sizeof(why)) >= 0);
	assert_int_equal(count_in_pdf(p, "/Width 1200"), 1);
	assert_int_equal(count_in_pdf(p, "/Width 2400"), 1);	/* at 144 pt */
	assert_int_equal(count_in_pdf(p, "/Width 2399"), 1);
	assert_int_equal(count_in_pdf(p, "/Width 601"), 2);	/* and its mask */
	assert_int_equal(count_in_pdf(p, "/Width 1500"), 1);
	assert_int_equal(count_in_pdf(p, "/DCTDecode"), 1);
	/* Cut short, found when most of it is written again (past
	 * libjpeg's first 64 KB of output): refused, nothing left
	 * dangling (ASan). */
	free(j);
	j = path_join(dir, "cut.jpg");
	write_jpeg(j, 3000, 1200, JCS_RGB, 3, 0);
	cut_file(j, file_size(j) * 9 / 10);
	assert_true(pdf_image_at(p, j, 72, 72, 0, &w, &h, why,
	    sizeof(why)) < 0);
	assert_non_null(strstr(why, "damaged or truncated JPEG"));
	pdf_free(p);
	free(a);
	free(b);
	free(c);
	free(j);
}

/*
 * Sizes are found by halving, not tried one by one: the same size as
 * stepping down a quarter point at a time, for boxes from roomy to
 * tight, measured by hand against the stepped sizes.
 */
static void
test_textbox_halving_matches_steps(void **state)
{
	struct pdf *p = pdf_new();
	const char *why, *sub;
	const char *text = "Roll two dice and add the unit's skill; a double "
	    "six always hits, whatever the range or cover";
	struct textbox tb = { 0, 0, 100, 40, 0, 20, 3, ALIGN_START,
	    ALIGN_START, 1, 1.15, { 0, 0, 0 } };
	double used, pt, hw;
	int h, fits, want;

	(void)state;
	tb.font = pdf_font(p, "DejaVu Sans", &why, &sub);
	assert_true(tb.font >= 0);
	for (h = 4; h <= 80; h += 3) {
		tb.h = h;
		fits = pdf_text_fits(p, &tb, text, &used);
		/* The first stepped size that fits: one box a size. */
		want = 0;
		for (pt = tb.pt; pt >= tb.min_pt - 0.001; pt -= 0.25) {
			struct textbox one = tb;
			double u;

			one.pt = one.min_pt = pt;
			if (pdf_text_fits(p, &one, text, &u)) {
				want = 1;
				break;
			}
		}
		assert_int_equal(fits, want);
		if (want) {
			hw = used - pt;
			assert_true(hw > -1e-9 && hw < 1e-9);
		}
	}
	pdf_free(p);
}

/* A number in a page's operators as libharu writes it (fmt_real): to
 * a float, +-32767 at most, five decimals rounded down after adding
 * 0.000005, trailing zeros dropped. */
static void
test_fmt_real_as_libharu(void **state)
{
	static const struct {
		double v;
		const char *text;
	} cases[] = {
		{ 0, "0" }, { 54, "54" }, { -0.5, "-0.5" },
		/* The float 735.648987: 0.648987 + 0.000005 = 0.648992,
		 * 64899 hundred-thousandths. */
		{ 735.649, "735.64899" },
		/* The float 12.1000004: 10000.5 hundred-thousandths, 10000. */
		{ 12.1, "12.1" },
		{ 1000.125, "1000.125" }, { 10000.25, "10000.25" },
		{ 40000, "32767" }, { -40000, "-32767" },
		/* 0.000001 + 0.000005 is 0.6 of the last place: 0. */
		{ 0.000001, "0" }, { 0.00001, "0.00001" },
		/* The float 9.9999971 + 0.000005 passes 10: the whole part
		 * carries, 0.0000021 left, 0 hundred-thousandths. */
		{ 9.999997, "10" },
		/* The float 99.9999924 (the nearest to 99.999996) + 0.000005
		 * stays under 100: 99999 hundred-thousandths. */
		{ 99.999996, "99.99999" }, { 99.99999, "99.99999" },
		{ 9, "9" }, { 10, "10" }, { 999.5, "999.5" },
		{ 32767, "32767" },
	};
	char buf[32];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		*fmt_real(buf, cases[i].v) = '\0';
		assert_string_equal(buf, cases[i].text);
	}
}

/* ---- card images as PNG (pdf/pngwrite.h) ---- */

static unsigned long
get32(const unsigned char *p)
{
	return (unsigned long)p[0] << 24 | (unsigned long)p[1] << 16 |
	    (unsigned long)p[2] << 8 | p[3];
}

/* Reads a PNG that png_write_rgb24() wrote to f: every chunk's CRC
 * checked, IHDR 8-bit RGB, pHYs, then IDATs, then IEND; inflated by
 * zlib, each row filter type None.  Returns its pixels, 0xRRGGBB, and
 * the pHYs's pixels a metre in *ppm. */
static uint32_t *
read_png_back(FILE *f, int w, int h, unsigned long *ppm)
{
	unsigned char *png, *raw, *idat;
	size_t len, pos = 8, nidat = 0, rl = (size_t)w * 3 + 1;
	uLongf rawlen = (uLongf)(rl * (size_t)h);
	uint32_t *px = malloc(sizeof(*px) * (size_t)w * (size_t)h);
	int k = 0, x, y;

	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	len = (size_t)ftell(f);
	rewind(f);
	png = malloc(len);
	idat = malloc(len);
	raw = malloc(rawlen + 1);
	assert_int_equal(fread(png, 1, len, f), len);
	assert_memory_equal(png, "\x89PNG\r\n\x1a\n", 8);
	while (pos < len) {
		unsigned long n = get32(png + pos), crc;
		const unsigned char *type = png + pos + 4, *body = type + 4;
		/* IHDR, pHYs, IDAT..., IEND, in that order. */
		static const char *const order[] = { "IHDR", "pHYs", "IDAT",
		    "IEND" };

		assert_true(pos + 12 + n <= len);
		crc = crc32(0, type, (uInt)n + 4);
		assert_int_equal(crc, get32(body + n));
		if (k < 3 && memcmp(type, order[k + 1], 4) == 0)
			k++;
		assert_memory_equal(type, order[k], 4);
		if (k == 0) {
			assert_int_equal(n, 13);
			assert_int_equal(get32(body), w);
			assert_int_equal(get32(body + 4), h);
			assert_memory_equal(body + 8, "\x08\x02\0\0\0", 5);
		} else if (k == 1) {
			assert_int_equal(n, 9);
			*ppm = get32(body);
			assert_memory_equal(body, body + 4, 4);
			assert_int_equal(body[8], 1);
		} else if (k == 2) {
			memcpy(idat + nidat, body, n);
			nidat += n;
		} else {
			assert_int_equal(n, 0);
			assert_int_equal(pos + 12, len);
		}
		pos += 12 + n;
	}
	assert_int_equal(k, 3);
	assert_int_equal(uncompress(raw, &rawlen, idat, (uLong)nidat), Z_OK);
	assert_int_equal(rawlen, rl * (size_t)h);
	for (y = 0; y < h; y++) {
		const unsigned char *r = raw + (size_t)y * rl;

		assert_int_equal(r[0], 0);
		for (x = 0; x < w; x++)
			px[(size_t)y * (size_t)w + (size_t)x] =
			    (uint32_t)r[1 + 3 * x] << 16 |
			    (uint32_t)r[2 + 3 * x] << 8 | r[3 + 3 * x];
	}
	free(png);
	free(idat);
	free(raw);
	return px;
}

/* Writes the w x h image made by paint(x, y) (stride a row and 8 bytes,
 * the top byte of each pixel set, as cairo may leave it), reads it back
 * and compares every pixel; returns the PNG's size. */
static long
png_round_trip(int w, int h, uint32_t (*paint)(int, int))
{
	int stride = w * 4 + 8, x, y;
	unsigned char *data = malloc((size_t)stride * (size_t)h);
	uint32_t *back;
	unsigned long ppm = 0;
	FILE *f = tmpfile();
	long size;

	assert_non_null(f);
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++)
			((uint32_t *)(void *)(data + (size_t)y *
			    (size_t)stride))[x] = 0xff000000u | paint(x, y);
	assert_int_equal(png_write_rgb24(fileno(f), data, w, h, stride, 300),
	    0);
	back = read_png_back(f, w, h, &ppm);
	/* 300 dpi: 300 / 0.0254 = 11811.02 pixels a metre, 11811. */
	assert_int_equal(ppm, 11811);
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++)
			if (back[(size_t)y * (size_t)w + (size_t)x] !=
			    paint(x, y)) {
				fail_msg("%d x %d: pixel %d, %d is %06x, not "
				    "%06x", w, h, x, y, back[(size_t)y *
				    (size_t)w + (size_t)x], paint(x, y));
			}
	size = ftell(f);
	free(back);
	free(data);
	fclose(f);
	return size;
}

/* Noise: no repeats to find (a 32-bit LCG of the pixel's place). */
static uint32_t
paint_noise(int x, int y)
{
	return ((uint32_t)(x * 7919 + y * 104729) * 1664525u + 1013904223u) >>
	    8;
}

/* Flat colour with runs of every length 1 to 300 pixels across, rows
 * repeating in bands, a few lines of noise (text) between. */
static uint32_t
paint_card(int x, int y)
{
	int run = 1, at = 0, k = 0;

	if (y % 40 >= 30 && y % 40 < 33)
		return paint_noise(x, y) & 0x3f3f3f;
	while (at + run <= x) {
		at += run;
		run = run % 300 + 1;
		k++;
	}
	return (y / 40) % 2 ? 0xffffff : 0x102030 * (uint32_t)(k % 5);
}

static uint32_t
paint_white(int x, int y)
{
	(void)x;
	(void)y;
	return 0xffffff;
}

static void
test_png_write_round_trip(void **state)
{
	(void)state;
	png_round_trip(1, 1, paint_noise);
	png_round_trip(1, 5, paint_card);
	png_round_trip(2, 1, paint_card);
	png_round_trip(37, 23, paint_noise);
	/* 1,050 x 600: a Letter business card at 300 dpi; more than one
	 * IDAT chunk of 64 KB. */
	assert_true(png_round_trip(1050, 600, paint_card) > 65536);
	png_round_trip(1050, 600, paint_noise);
	/* A row of 3 x 11,000 + 1 bytes is past deflate's 32 KB window: no
	 * match from the row above, only from the pixel before. */
	png_round_trip(11000, 3, paint_card);
	png_round_trip(10922, 4, paint_card);
	/*
	 * Flat white, 1,050 x 600, rows of 3,151 bytes, in bits: the block's
	 * head 3; the first row's filter byte 0 (8) and the first pixel's
	 * three 255s (9 each) as literals, then 3,147 bytes as matches of
	 * the pixel before (distance 3: code 2, 5 bits), 12 of 258 (code
	 * 285, 8 bits) and one of 51 (code 273, 7 bits and 3 extra): 8 +
	 * 27 + 12 x 13 + 15 = 206; each of the 599 other rows matches of
	 * the row above (distance 3,151: code 23, 5 bits and 10 extra), 12
	 * of 258 and one of 55 (code 273 again): 12 x 23 + 25 = 301; the
	 * end of the block 7.  3 + 206 + 599 x 301 + 7 = 180,515 bits,
	 * 22,565 bytes, with zlib's head and Adler-32 22,571 in one IDAT;
	 * the signature 8, IHDR 25, pHYs 21, IDAT 22,583, IEND 12: 22,649
	 * bytes, where 1,890,600 bytes of rows went in.
	 */
	assert_int_equal(png_round_trip(1050, 600, paint_white), 22649);
}

/* A write that fails (a full disk): -1 and the write's errno. */
static void
test_png_write_fails(void **state)
{
	uint32_t px[4] = { 0, 0, 0, 0 };
	int fd = open("/dev/full", O_WRONLY);

	(void)state;
	if (fd < 0)
		skip();
	errno = 0;
	assert_int_equal(png_write_rgb24(fd, (unsigned char *)px, 2, 2, 8,
	    300), -1);
	assert_int_equal(errno, ENOSPC);
	close(fd);
}

/* What a helper thread finds its signal mask to be. */
static void *
mask_of(void *arg)
{
	sigset_t *m = arg;

	pthread_sigmask(SIG_BLOCK, NULL, m);
	return NULL;
}

/* A helper made by thread_start() (spill.c's compressor) blocks the end
 * signals, so that one sent to muster reaches the main thread, which
 * holds them off while it names its temporary file; the caller's mask
 * stays as it was.  (Made with pthread_create(), the helper takes
 * SIGTERM: fails.) */
static void
test_helpers_take_no_signal(void **state)
{
	static const int end[] = { SIGTERM, SIGINT, SIGHUP, SIGQUIT };
	sigset_t in, before, after;
	pthread_t th;
	size_t i;

	(void)state;
	sigemptyset(&in);
	pthread_sigmask(SIG_BLOCK, NULL, &before);
	assert_int_equal(thread_start(&th, mask_of, &in), 0);
	pthread_join(th, NULL);
	pthread_sigmask(SIG_BLOCK, NULL, &after);
	for (i = 0; i < sizeof(end) / sizeof(end[0]); i++) {
		assert_true(sigismember(&in, end[i]));
		assert_int_equal(sigismember(&after, end[i]),
		    sigismember(&before, end[i]));
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rgb_to_cmyk),
		cmocka_unit_test(test_widths_of_used_glyphs),
		cmocka_unit_test(test_pixel_cap),
		cmocka_unit_test(test_font_by_name),
		cmocka_unit_test(test_font_substitute),
		scratch_test(test_font_record),
		scratch_test(test_charset_text),
		cmocka_unit_test(test_missing_glyph),
		cmocka_unit_test(test_text_width),
		cmocka_unit_test(test_textbox_fits_as_is),
		cmocka_unit_test(test_textbox_shrinks_to_fit),
		cmocka_unit_test(test_textbox_wraps),
		cmocka_unit_test(test_icon_width),
		cmocka_unit_test(test_icon_drawn_on_baseline),
		cmocka_unit_test(test_textbox_overflow_at_minimum),
		scratch_test(test_save_writes_pdf),
		scratch_test(test_save_into_missing_folder),
		scratch_test(test_failed_save_keeps_existing_file),
		cmocka_unit_test(test_font_keeps_earlier_error),
		cmocka_unit_test(test_pages_in_order_made),
		cmocka_unit_test(test_lazy_font_same_bytes),
		cmocka_unit_test(test_page_size_limits),
		cmocka_unit_test(test_pdf_size_fits),
		scratch_test(test_failed_rename_leaves_no_temporary),
		scratch_test(test_image_png_kinds),
		scratch_test(test_image_once_per_file),
		scratch_test(test_image_jpeg),
		scratch_test(test_image_refused),
		scratch_test(test_image_shrunk_to_print),
		cmocka_unit_test(test_textbox_halving_matches_steps),
		cmocka_unit_test(test_fmt_real_as_libharu),
		cmocka_unit_test(test_png_write_round_trip),
		cmocka_unit_test(test_png_write_fails),
		cmocka_unit_test(test_helpers_take_no_signal),
	};

	return cmocka_run_group_tests(tests, NULL, teardown);
}
