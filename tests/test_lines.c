/*
 * test_lines.c -- where wrapped text breaks (layout/lines.c): as many
 * lines as pdf/ would fill, the breaks moved for even lines, a break
 * after a colon, no word alone on a line when a better break exists,
 * indents and paragraphs kept.
 */
#include "testutil.h"

#include "layout/draw.h"
#include "pdf/pdf.h"

static struct pdf *pdf;
static int font;

static int
setup(void **state)
{
	const char *why, *sub;

	(void)state;
	pdf = pdf_new();
	font = pdf_font(pdf, "DejaVu Sans Condensed", &why, &sub);
	return font < 0;
}

static int
teardown(void **state)
{
	(void)state;
	pdf_free(pdf);
	pdf_cleanup();
	return 0;
}

static double
width(const char *s)
{
	return pdf_text_width(pdf, font, 10, s, strlen(s));
}

/* A wrapping box w wide, at 10 pt, aligned as given. */
static struct textbox
box(double w, int halign)
{
	struct textbox tb;

	memset(&tb, 0, sizeof(tb));
	tb.w = w;
	tb.h = 500;
	tb.font = font;
	tb.pt = tb.min_pt = 10;
	tb.halign = halign;
	tb.valign = ALIGN_CENTER;
	tb.wrap = 1;
	tb.leading = 1.2;
	return tb;
}

static void
test_no_lone_word(void **state)
{
	struct sbuf sb = SBUF_INIT;
	/* Wide enough for all but "roll.": filled greedily, the last line
	 * would be that word alone. */
	struct textbox tb = box(width("Line infantry: +2 to the attack") + 0.5,
	    ALIGN_CENTER);

	(void)state;
	assert_int_equal(draw_breaks(pdf, &tb, 10,
	    "Line infantry: +2 to the attack roll.", &sb), 0);
	/* Two lines still, broken after the colon. */
	assert_string_equal(sb_str(&sb), "Line infantry:\n+2 to the attack roll.");
	sb_release(&sb);
}

/* An inline icon stands before the word it marks ("[cavalry] cavalry"):
 * a break goes before it, not between them. */
static void
test_icon_kept_with_word(void **state)
{
	struct sbuf sb = SBUF_INIT;
	char icon[8], text[128], want[128];
	struct textbox tb;
	long c;

	(void)state;
	c = pdf_icon(pdf, "symbol:test", "[cavalry]", 1.5, -1, NULL, NULL);
	utf8_encode(c, icon);
	snprintf(text, sizeof(text), "for the attacking %s cavalry unit", icon);
	/* Room for the first line up to the icon: greedily, and by
	 * evenness alone (the first line full, the second no word alone),
	 * the icon would end it, parted from its word. */
	snprintf(want, sizeof(want), "for the attacking %s", icon);
	tb = box(width(want) + 0.5, ALIGN_START);
	draw_breaks(pdf, &tb, 10, text, &sb);
	snprintf(want, sizeof(want), "for the attacking\n%s cavalry unit",
	    icon);
	assert_string_equal(sb_str(&sb), want);
	sb_release(&sb);
}

static void
test_even_lines(void **state)
{
	struct sbuf sb = SBUF_INIT;
	struct textbox tb = box(width("Blocking Terrain") + 0.5, ALIGN_CENTER);

	(void)state;
	/* Greedy: "Blocking Terrain" and "Right"; even: the other way (a
	 * word alone still, which the caller is told of). */
	assert_int_equal(draw_breaks(pdf, &tb, 10, "Blocking Terrain Right",
	    &sb), 1);
	assert_string_equal(sb_str(&sb), "Blocking\nTerrain Right");
	sb_release(&sb);
}

static void
test_flaw_left_when_no_better(void **state)
{
	struct sbuf sb = SBUF_INIT;
	struct textbox tb = box(width("+1 reinforcement move.") - 0.5,
	    ALIGN_CENTER);

	(void)state;
	/* Two lines either way: one leaves "move." alone, the other "+1";
	 * the caller is told, to try smaller type. */
	assert_int_equal(draw_breaks(pdf, &tb, 10, "+1 reinforcement move.",
	    &sb), 1);
	assert_string_equal(sb_str(&sb), "+1 reinforcement\nmove.");
	/* At a size where it fits one line there is nothing to break. */
	assert_int_equal(draw_breaks(pdf, &tb, 9, "+1 reinforcement move.",
	    &sb), 0);
	assert_string_equal(sb_str(&sb), "+1 reinforcement move.");
	sb_release(&sb);
}

static void
test_paragraphs_and_indents(void **state)
{
	struct sbuf sb = SBUF_INIT;
	struct textbox tb = box(width("  \xe2\x88\x92" "1  line infantry against") +
	    0.5, ALIGN_START);
	const char *text = "Attack:\n  \xe2\x88\x92" "1  line infantry against "
	    "cavalry\n\nMorale.";

	(void)state;
	draw_breaks(pdf, &tb, 10, text, &sb);
	/* The indent and the double space stay; the empty line too. */
	assert_string_equal(sb_str(&sb), "Attack:\n  \xe2\x88\x92"
	    "1  line infantry\nagainst cavalry\n\nMorale.");
	/* Without wrap the text is as it was. */
	tb.wrap = 0;
	assert_int_equal(draw_breaks(pdf, &tb, 10, text, &sb), 0);
	assert_string_equal(sb_str(&sb), text);
	sb_release(&sb);
}

static void
test_fewest_lines(void **state)
{
	struct sbuf sb = SBUF_INIT;
	struct textbox tb = box(width("for the defending"), ALIGN_CENTER);
	const char *text = "1 extra attack for the defending infantry "
	    "battalion, if its first attack missed.";
	double used;
	int lines = 1;
	const char *p;

	(void)state;
	draw_breaks(pdf, &tb, 10, text, &sb);
	for (p = sb_str(&sb); *p; p++)
		lines += *p == '\n';
	/* Each line fits, and there are no more than pdf/ makes: it fits
	 * the height of that many lines and no fewer. */
	for (p = sb_str(&sb); *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);

		assert_true(pdf_text_width(pdf, font, 10, p, n) <= tb.w + 0.01);
		p += n + (nl != NULL);
	}
	tb.h = 10 * 1.2 * (lines - 1) + 12;
	assert_int_equal(pdf_text_fits(pdf, &tb, text, &used), 1);
	tb.h -= 10 * 1.2;
	assert_int_equal(pdf_text_fits(pdf, &tb, text, &used), 0);
	sb_release(&sb);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_lone_word),
		cmocka_unit_test(test_icon_kept_with_word),
		cmocka_unit_test(test_even_lines),
		cmocka_unit_test(test_flaw_left_when_no_better),
		cmocka_unit_test(test_paragraphs_and_indents),
		cmocka_unit_test(test_fewest_lines),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
