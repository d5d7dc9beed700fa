/*
 * floor.c -- the floor muster is measured against: a bare libharu loop
 * that draws the same Shellshock record card as templates/shellshock-card
 * (the same texts, fonts, sizes, boxes, arcs and cells), 10 up on A4 or
 * Letter with crop marks, with nothing else: no YAML, no checks, no
 * template, no fitting beyond the one width measurement alignment needs.
 * libharu used as its API is meant to be: one call per operator, every
 * page kept until the save, compressed there on one core.
 *
 * usage: floor N OUT.pdf [a4|letter]
 */
#include <hpdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MM (72.0 / 25.4)
#define FONT_DIR "/usr/share/fonts/truetype/dejavu/"

enum { L, C, R };

struct text {
	double x, y, w, h;	/* mm from the card's top-left */
	int bold;
	double pt;
	int align;
	unsigned rgb;
	const char *s;
};

/* The Mason as the template lays it out on an 85 x 55 mm card (A4). */
static const struct text texts[] = {
	{ 2.5, 2.5, 9, 5.6, 1, 10, L, 0x000000, NULL },	/* index */
	{ 11.5, 2.5, 47, 5.6, 1, 10, L, 0x000000, NULL },	/* name */
	{ 58.5, 2.5, 27.9, 3, 1, 6.5, R, 0x000000, "UN" },
	{ 58.5, 5.2, 27.9, 2.8, 0, 5.5, R, 0x555555, "future" },
	{ 3.5, 9.4, 13, 4.6, 0, 5.5, L, 0x1b5e20, "Speed" },
	{ 16.5, 9.4, 9, 4.6, 1, 7, R, 0, "9" },
	{ 3.5, 14, 13, 4.6, 0, 5.5, L, 0x1b5e20, "Road" },
	{ 16.5, 14, 9, 4.6, 1, 7, R, 0, "14" },
	{ 3.5, 18.6, 13, 4.6, 0, 5.5, L, 0x1b5e20, "Maneuver" },
	{ 16.5, 18.6, 9, 4.6, 1, 7, R, 0, "??n" },
	{ 3.5, 23.2, 13, 4.6, 0, 5.5, L, 0x1b5e20, "Tons" },
	{ 16.5, 23.2, 9, 4.6, 1, 7, R, 0, "85" },
	{ 3.5, 27.8, 7.5, 4.6, 0, 5.5, L, 0x1b5e20, "Open" },
	{ 10, 27.8, 3, 4.6, 1, 7, R, 0, "1" },
	{ 14.5, 27.8, 8, 4.6, 0, 5.5, L, 0x1b5e20, "Rough" },
	{ 22.5, 27.8, 3, 4.6, 1, 7, R, 0, "2" },
	{ 3.5, 32.4, 7.5, 4.6, 0, 5.5, L, 0x1b5e20, "Trees" },
	{ 10, 32.4, 3, 4.6, 1, 7, R, 0, "4" },
	{ 14.5, 32.4, 8, 4.6, 0, 5.5, L, 0x1b5e20, "Incl 1" },
	{ 22.5, 32.4, 3, 4.6, 1, 7, R, 0, "2" },
	{ 3.5, 37, 7.5, 4.6, 0, 5.5, L, 0x1b5e20, "Incl 2" },
	{ 10, 37, 3, 4.6, 1, 7, R, 0, "3" },
	{ 14.5, 37, 8, 4.6, 0, 5.5, L, 0x1b5e20, "Water" },
	{ 22.5, 37, 3, 4.6, 1, 7, R, 0, "3" },
	{ 27.8, 9.4, 5, 4.6, 0, 5.5, C, 0x1f4e9a, "dV" },
	{ 32.8, 9.4, 7, 4.6, 0, 5.5, C, 0x1f4e9a, "F/B" },
	{ 39.8, 9.4, 7, 4.6, 0, 5.5, C, 0x1f4e9a, "Sds" },
	{ 27.8, 14, 5, 4.6, 1, 7, C, 0x1f4e9a, "E" },
	{ 32.8, 14, 7, 4.6, 1, 7, C, 0, "8" },
	{ 39.8, 14, 7, 4.6, 1, 7, C, 0, "6" },
	{ 27.8, 18.6, 5, 4.6, 1, 7, C, 0x1f4e9a, "M" },
	{ 32.8, 18.6, 7, 4.6, 1, 7, C, 0, "12" },
	{ 39.8, 18.6, 7, 4.6, 1, 7, C, 0, "10" },
	{ 27.8, 23.2, 5, 4.6, 1, 7, C, 0x1f4e9a, "B" },
	{ 32.8, 23.2, 7, 4.6, 1, 7, C, 0, "11" },
	{ 39.8, 23.2, 7, 4.6, 1, 7, C, 0, "9" },
	{ 27.8, 27.8, 5, 4.6, 1, 7, C, 0x1f4e9a, "I" },
	{ 32.8, 27.8, 7, 4.6, 1, 7, C, 0, "13" },
	{ 39.8, 27.8, 7, 4.6, 1, 7, C, 0, "11" },
	{ 27.8, 32.4, 5, 4.6, 1, 7, C, 0x1f4e9a, "S" },
	{ 32.8, 32.4, 7, 4.6, 1, 7, C, 0, "31" },
	{ 39.8, 32.4, 7, 4.6, 1, 7, C, 0, "30" },
	{ 27.8, 37, 5, 4.6, 1, 7, C, 0x1f4e9a, "P" },
	{ 32.8, 37, 7, 4.6, 1, 7, C, 0, "10" },
	{ 48.6, 9.4, 19.5, 4.6, 1, 7, C, 0, "d10+4" },
	{ 48.6, 18.6, 9, 4.6, 1, 7, R, 0xc8102e, "14s" },
	{ 48.6, 27.8, 9, 4.6, 1, 7, R, 0xc8102e, "25p" },
	{ 62.6, 27.8, 5, 4.6, 1, 8, C, 0xc8102e, "≋" },
	{ 48.6, 37, 19.5, 4.6, 1, 7, C, 0xc8102e, "×1.27" },
	{ 69.2, 9.4, 17.2, 4.6, 0, 6, C, 0, "2 gunners" },
	{ 70.2, 14, 9, 4.6, 0, 5.5, L, 0x444444, "Front" },
	{ 78.2, 14, 7.2, 4.6, 1, 7, R, 0, "31" },
	{ 70.2, 18.6, 9, 4.6, 0, 5.5, L, 0x444444, "Right" },
	{ 78.2, 18.6, 7.2, 4.6, 1, 7, R, 0, "21" },
	{ 70.2, 23.2, 9, 4.6, 0, 5.5, L, 0x444444, "Left" },
	{ 78.2, 23.2, 7.2, 4.6, 1, 7, R, 0, "12" },
	{ 70.2, 27.8, 9, 4.6, 0, 5.5, L, 0x444444, "Rear" },
	{ 78.2, 27.8, 7.2, 4.6, 1, 7, R, 0, "9" },
	{ 69.2, 32.6, 17.2, 3, 0, 5, C, 0x777777, "armor" },
	{ 2.5, 42.5, 11.3, 2.3, 0, 5, C, 0xffffff, "CV" },
	{ 2.5, 44.6, 11.3, 3.6, 1, 8, C, 0xffffff, NULL },	/* CV */
	{ 49.6, 42.3, 11.5, 2.4, 0, 5, C, 0xc8102e, "dead" },
	{ 49.6, 44.7, 11.5, 3.6, 1, 7, C, 0xffffff, "22+" },
};

struct box {
	double x, y, w, h;
	unsigned fill, stroke;	/* 0xffffffff: none */
};

#define NONE 0xffffffffu
static const struct box boxes[] = {
	{ 0, 0, 88.9, 50.8, 0xffffff, NONE },
	{ 2.5, 9.2, 24, 32.4, 0xe2f0dc, 0x2e7d32 },
	{ 27.3, 9.2, 20, 32.4, 0xdce7f7, 0x1f4e9a },
	{ 48.1, 9.2, 20.5, 32.4, 0xfbe5e2, 0xc8102e },
	{ 69.2, 14, 17.2, 18.4, NONE, 0x444444 },
	{ 2.5, 42.3, 11.3, 6, 0x333333, NONE },
	{ 49.6, 44.7, 11.5, 3.6, 0xc8102e, NONE },
};

/* Cells: a row of boxes with a text in each. */
struct cells {
	double x, y, w, h;
	int bold;
	double pt;
	int stroke;
	int n;
	const char *s[6];
};
static const struct cells cells[] = {
	{ 14.6, 42.3, 35, 2.4, 0, 5, 0, 3, { "1 box", "2 boxes", "3 boxes" } },
	{ 14.6, 44.7, 35, 3.6, 1, 7, 1, 3, { "5–10", "11–15", "16–21" } },
	{ 62.4, 42.3, 24, 2.4, 0, 5, 0, 6, { "1", "2", "3", "4", "5", "6" } },
	{ 62.4, 44.7, 24, 3.6, 1, 7, 1, 6, { "s", "m", "p", "F", "A", "C" } },
};

static HPDF_Font font[2];
static double sx, sy, ox, oy;	/* template mm -> page points */

static void
rgb_fill(HPDF_Page p, unsigned c)
{
	HPDF_Page_SetRGBFill(p, ((c >> 16) & 255) / 255.f,
	    ((c >> 8) & 255) / 255.f, (c & 255) / 255.f);
}

static void
rgb_stroke(HPDF_Page p, unsigned c)
{
	HPDF_Page_SetRGBStroke(p, ((c >> 16) & 255) / 255.f,
	    ((c >> 8) & 255) / 255.f, (c & 255) / 255.f);
}

static void
text(HPDF_Page p, double x, double y, double w, double h, int bold, double pt,
    int align, unsigned c, const char *s)
{
	double px = ox + x * MM * sx, py = oy + (50.8 - y - h) * MM * sy;
	double tw;

	pt *= sx;
	HPDF_Page_BeginText(p);
	HPDF_Page_SetFontAndSize(p, font[bold], (HPDF_REAL)pt);
	rgb_fill(p, c);
	tw = HPDF_Page_TextWidth(p, s);
	if (align == C)
		px += (w * MM * sx - tw) / 2;
	else if (align == R)
		px += w * MM * sx - tw;
	HPDF_Page_TextOut(p, (HPDF_REAL)px,
	    (HPDF_REAL)(py + (h * MM * sy - 0.73 * pt) / 2), s);
	HPDF_Page_EndText(p);
}

static void
rect(HPDF_Page p, double x, double y, double w, double h, unsigned fill,
    unsigned stroke)
{
	if (fill != NONE)
		rgb_fill(p, fill);
	if (stroke != NONE) {
		rgb_stroke(p, stroke);
		HPDF_Page_SetLineWidth(p, 0.5);
	}
	HPDF_Page_Rectangle(p, (HPDF_REAL)(ox + x * MM * sx),
	    (HPDF_REAL)(oy + (50.8 - y - h) * MM * sy),
	    (HPDF_REAL)(w * MM * sx), (HPDF_REAL)(h * MM * sy));
	if (fill != NONE && stroke != NONE)
		HPDF_Page_FillStroke(p);
	else if (fill != NONE)
		HPDF_Page_Fill(p);
	else
		HPDF_Page_Stroke(p);
}

static void
sector(HPDF_Page p, double x, double y, double a, double w)
{
	double cx = ox + (x + 1.7) * MM * sx, cy = oy + (50.8 - y - 1.7) * MM * sy;
	double r = 1.7 * MM * sx - 0.4;

	rgb_stroke(p, 0xc8102e);
	rgb_fill(p, 0xc8102e);
	HPDF_Page_SetLineWidth(p, 0.4);
	HPDF_Page_Circle(p, (HPDF_REAL)cx, (HPDF_REAL)cy, (HPDF_REAL)r);
	HPDF_Page_Stroke(p);
	HPDF_Page_MoveTo(p, (HPDF_REAL)cx, (HPDF_REAL)cy);
	HPDF_Page_Arc(p, (HPDF_REAL)cx, (HPDF_REAL)cy, (HPDF_REAL)r,
	    (HPDF_REAL)(a - w / 2), (HPDF_REAL)(a + w / 2));
	HPDF_Page_ClosePath(p);
	HPDF_Page_Fill(p);
	HPDF_Page_MoveTo(p, (HPDF_REAL)cx, (HPDF_REAL)(cy + r));
	HPDF_Page_LineTo(p, (HPDF_REAL)cx, (HPDF_REAL)(cy + r + 0.8));
	HPDF_Page_Stroke(p);
}

/* Like the generated cards muster renders, each card differs a little. */
static const char *
vary(size_t i, long n, char *buf)
{
	static const char *const rank[] = { "A", "2", "3", "4", "5", "6", "7",
		"8", "9", "10", "J", "Q", "K" };
	static const char *const suit[] = { "♣", "♦", "♥", "♠" };

	if (i == 0)
		sprintf(buf, "%s%s", rank[n % 13], suit[(n / 13) % 4]);
	else if (i == 1)
		sprintf(buf, "Unit %ld", n);
	else
		sprintf(buf, "%ld", 60 + n % 90);
	return buf;
}

static void
card(HPDF_Page p, long n)
{
	char buf[32];
	size_t i;
	int k;

	for (i = 0; i < sizeof(boxes) / sizeof(boxes[0]); i++)
		rect(p, boxes[i].x, boxes[i].y, boxes[i].w, boxes[i].h,
		    boxes[i].fill, boxes[i].stroke);
	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
		text(p, texts[i].x, texts[i].y, texts[i].w, texts[i].h,
		    texts[i].bold, texts[i].pt, texts[i].align, texts[i].rgb,
		    texts[i].s ? texts[i].s : vary(i < 2 ? i : 2, n, buf));
	for (i = 0; i < sizeof(cells) / sizeof(cells[0]); i++)
		for (k = 0; k < cells[i].n; k++) {
			double cw = cells[i].w / cells[i].n;

			if (cells[i].stroke)
				rect(p, cells[i].x + k * cw, cells[i].y, cw,
				    cells[i].h, NONE, 0x444444);
			text(p, cells[i].x + k * cw, cells[i].y, cw, cells[i].h,
			    cells[i].bold, cells[i].pt, C, 0x444444,
			    cells[i].s[k]);
		}
	HPDF_Page_SetRGBStroke(p, 0.18f, 0.49f, 0.2f);
	HPDF_Page_SetLineWidth(p, 0.3);
	HPDF_Page_MoveTo(p, (HPDF_REAL)(ox + 3.5 * MM * sx),
	    (HPDF_REAL)(oy + (50.8 - 27.8) * MM * sy));
	HPDF_Page_LineTo(p, (HPDF_REAL)(ox + 25.5 * MM * sx),
	    (HPDF_REAL)(oy + (50.8 - 27.8) * MM * sy));
	HPDF_Page_Stroke(p);
	sector(p, 58.4, 19.2, 0, 60);
	sector(p, 58.4, 28.4, 0, 300);
}

int
main(int argc, char **argv)
{
	HPDF_Doc pdf;
	HPDF_Page page = NULL;
	int letter = argc == 4 && strcmp(argv[3], "letter") == 0;
	/* A4: 85 x 55 mm cards; Letter: 3.5 x 2 in, as the template. */
	const double pw = letter ? 612 : 210 * MM, ph = letter ? 792 : 297 * MM;
	const double cw = letter ? 252 : 85 * MM, ch = letter ? 144 : 55 * MM;
	double x0 = (pw - 2 * cw) / 2, y0 = (ph - 5 * ch) / 2;
	long n, i;
	int c;

	if (argc < 3 || argc > 4 || (n = atol(argv[1])) < 1 ||
	    (argc == 4 && !letter && strcmp(argv[3], "a4") != 0)) {
		fprintf(stderr, "usage: floor N OUT.pdf [a4|letter]\n");
		return 2;
	}
	pdf = HPDF_New(NULL, NULL);
	HPDF_SetCompressionMode(pdf, HPDF_COMP_ALL);
	HPDF_UseUTFEncodings(pdf);
	font[0] = HPDF_GetFont(pdf, HPDF_LoadTTFontFromFile(pdf,
	    FONT_DIR "DejaVuSansCondensed.ttf", HPDF_TRUE), "UTF-8");
	font[1] = HPDF_GetFont(pdf, HPDF_LoadTTFontFromFile(pdf,
	    FONT_DIR "DejaVuSansCondensed-Bold.ttf", HPDF_TRUE), "UTF-8");
	sx = letter ? 1 : 85.0 / 88.9;
	sy = letter ? 1 : 55.0 / 50.8;
	for (i = 0; i < n; i++) {
		int slot = (int)(i % 10);

		if (slot == 0) {
			page = HPDF_AddPage(pdf);
			HPDF_Page_SetWidth(page, (HPDF_REAL)pw);
			HPDF_Page_SetHeight(page, (HPDF_REAL)ph);
			/* Crop marks at the grid's edges, as muster draws. */
			HPDF_Page_SetRGBStroke(page, 0, 0, 0);
			HPDF_Page_SetLineWidth(page, 0.3);
			for (c = 0; c < 3; c++) {
				HPDF_Page_MoveTo(page, (HPDF_REAL)(x0 + c * cw),
				    (HPDF_REAL)(ph - y0 + 4));
				HPDF_Page_LineTo(page, (HPDF_REAL)(x0 + c * cw),
				    (HPDF_REAL)(ph - y0 + 18));
				HPDF_Page_Stroke(page);
			}
			for (c = 0; c < 6; c++) {
				HPDF_Page_MoveTo(page, (HPDF_REAL)(x0 - 4),
				    (HPDF_REAL)(y0 + c * ch));
				HPDF_Page_LineTo(page, (HPDF_REAL)(x0 - 18),
				    (HPDF_REAL)(y0 + c * ch));
				HPDF_Page_Stroke(page);
			}
		}
		ox = x0 + (slot % 2) * cw;
		oy = ph - y0 - (slot / 2 + 1) * ch;
		card(page, i + 1);
	}
	if (HPDF_SaveToFile(pdf, argv[2]) != HPDF_OK) {
		fprintf(stderr, "floor: cannot save %s\n", argv[2]);
		HPDF_Free(pdf);
		return 2;
	}
	HPDF_Free(pdf);
	return 0;
}
