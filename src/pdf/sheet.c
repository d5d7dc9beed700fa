/*
 * pdf/sheet.c -- see sheet.h.
 */
#include "sheet.h"

#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../util.h"
#include "pdf.h"

#define MM (72.0 / 25.4)
#define MARK_OFFSET (1.5 * MM)	/* crop marks start this far past the bleed */
#define MARK_LENGTH (5.0 * MM)	/* and are at most this long, */
#define MARK_MIN (1.0 * MM)	/* at least this, or left out */
#define MARK_WIDTH 0.3
#define CUT_WIDTH 0.25	/* cut lines between counters: thin, grey */
#define PRINTER_EDGE (5.0 * MM)	/* no printer reaches the paper's very edge */
#define FOLD_GAP (3.0 * MM)	/* gutter-fold: trim to fold, past the bleed */
#define REG_ARM (2.0 * MM)	/* registration cross: half its width */

const char *const sheet_backs_names[] = {
	"none", "duplex-long", "duplex-short", NULL
};
const char *const sheet_layout_names[] = {
	"sheet", "single", "gutter-fold", NULL
};
const char *const sheet_paper_names[] = { "a4", "letter", NULL };

int
sheet_paper(const char *name, double *w, double *h, int *a4)
{
	if (strcasecmp(name, "a4") == 0) {
		*w = 210 * MM;
		*h = 297 * MM;
		*a4 = 1;
	} else if (strcasecmp(name, "letter") == 0) {
		*w = 612;
		*h = 792;
		*a4 = 0;
	} else {
		return -1;
	}
	return 0;
}

int
sheet_offset(const char *arg, double *dx, double *dy)
{
	char *end;

	if (!decimal_text(arg, ","))
		return -1;
	errno = 0;
	*dx = strtod(arg, &end);
	/* Written so that NaN fails too. */
	if (end == arg || *end != ',' || errno || !(*dx >= -20 && *dx <= 20))
		return -1;
	arg = end + 1;
	*dy = strtod(arg, &end);
	if (end == arg || *end != '\0' || errno || !(*dy >= -20 && *dy <= 20))
		return -1;
	*dx *= MM;
	*dy *= MM;
	return 0;
}

/* The paper of locale v (a locale name or "letter"), or NULL when it
 * says none: Letter in the countries that print on it, else A4. */
static const char *
locale_paper(const char *v)
{
	static const char *const letter[] = {
		"_US", "_CA", "_MX", "_CL", "_CO", "_CR", "_GT", "_NI", "_PA",
		"_PH", "_PR", "_SV", "_VE", "_DO", NULL
	};
	const char *const *p;

	/* C and POSIX say no country: the paper is the system's. */
	if (v == NULL || *v == '\0' || strcmp(v, "C") == 0 ||
	    strncmp(v, "C.", 2) == 0 || strcmp(v, "POSIX") == 0)
		return NULL;
	if (strcasecmp(v, "letter") == 0)
		return "letter";
#ifdef _NL_PAPER_WIDTH
	if (setlocale(LC_PAPER, "") != NULL) {
		int w = (int)(long)(void *)nl_langinfo(_NL_PAPER_WIDTH);

		setlocale(LC_PAPER, "C");
		if (w > 0)
			return w == 216 ? "letter" : "a4";
	}
#endif
	for (p = letter; *p; p++)
		if (strstr(v, *p))
			return "letter";
	return "a4";
}

/* The first word of the file $PAPERCONF or /etc/papersize, when it is
 * a paper muster prints on; else NULL. */
static const char *
papersize_file(void)
{
	const char *conf = getenv("PAPERCONF"), *r = NULL;
	char line[64], *w;
	FILE *f;

	if ((f = fopen(conf && *conf ? conf : "/etc/papersize", "r")) == NULL)
		return NULL;
	while (fgets(line, sizeof(line), f)) {
		w = line + strspn(line, " \t");
		w[strcspn(w, " \t\r\n#")] = '\0';
		if (*w == '\0')
			continue;
		if (strcasecmp(w, "a4") == 0)
			r = "a4";
		else if (strcasecmp(w, "letter") == 0)
			r = "letter";
		break;
	}
	fclose(f);
	return r;
}

const char *
sheet_default_paper(void)
{
	const char *v = getenv("PAPERSIZE"), *r;

	/* $PAPERSIZE; then the locale's LC_PAPER, LC_ALL, LC_PAPER or LANG
	 * as POSIX picks it (SPEC 2: Letter when it is a Letter country's,
	 * else A4); when that is C or POSIX or unset, as libpaper, the file
	 * $PAPERCONF or /etc/papersize; else A4.  A size muster does not
	 * print on is passed over. */
	if (v && (strcasecmp(v, "a4") == 0 || strcasecmp(v, "letter") == 0))
		return strcasecmp(v, "a4") == 0 ? "a4" : "letter";
	v = getenv("LC_ALL");
	if (v == NULL || *v == '\0')
		v = getenv("LC_PAPER");
	if (v == NULL || *v == '\0')
		v = getenv("LANG");
	if ((r = locale_paper(v)) != NULL)
		return r;
	if ((r = papersize_file()) != NULL)
		return r;
	return "a4";
}

double
sheet_min_margin(const struct sheet *s)
{
	/* Poker cards 3 x 3 on Letter leave 7.7 mm above and below: marks
	 * of 1.2 mm, ending 5 mm from the edge. */
	if (s->crop)
		return s->bleed + MARK_OFFSET + MARK_MIN + PRINTER_EDGE;
	return s->bleed > PRINTER_EDGE ? s->bleed : PRINTER_EDGE;
}

/* How many across in room, cards of size c with gap between. */
static int
fit(double room, double c, double gap)
{
	return (int)floor((room + gap) / (c + gap) + 1e-9);
}

/* The grid on a page of w x h; returns the cards it holds. */
static int
plan_on(struct sheet *s, double w, double h)
{
	double gap = s->gap > 2 * s->bleed ? s->gap : 2 * s->bleed;
	double m = sheet_min_margin(s), inner, gw, gh;

	s->page_w = w;
	s->page_h = h;
	s->step_x = s->card_w + gap;
	s->step_y = s->card_h + gap;
	if (s->layout == LAYOUT_SINGLE) {
		s->page_w = s->card_w + 2 * s->bleed;
		s->page_h = s->card_h + 2 * s->bleed;
		s->cols = s->rows = 1;
		s->margin_x = s->margin_y = s->bleed;
		s->x0 = s->y0 = s->bleed;
		return 1;
	}
	s->rows = fit(h - 2 * m, s->card_h, gap);
	if (s->layout == LAYOUT_GUTTER) {
		/* Fronts on the left half, their trims FOLD_GAP and the bleed
		 * short of the fold. */
		inner = s->bleed + FOLD_GAP;
		s->cols = fit(w / 2 - m - inner, s->card_w, gap);
		gw = s->cols * s->card_w + (s->cols - 1) * gap;
		s->x0 = w / 2 - inner - gw;
		s->margin_x = s->x0;
	} else {
		s->cols = fit(w - 2 * m, s->card_w, gap);
		gw = s->cols * s->card_w + (s->cols - 1) * gap;
		s->margin_x = (w - gw) / 2;
		s->x0 = s->margin_x;
	}
	if (s->cols < 1 || s->rows < 1)
		return 0;
	gh = s->rows * s->card_h + (s->rows - 1) * gap;
	s->margin_y = (h - gh) / 2;
	s->y0 = h - s->margin_y - s->card_h;
	return s->cols * s->rows;
}

int
sheet_plan(struct sheet *s)
{
	struct sheet land = *s;
	int up = plan_on(s, s->paper_w, s->paper_h);

	s->landscape = 0;
	/* Turned sideways when that holds more (poker cards with bleed on
	 * A4: 8 rather than 6). */
	if (s->layout != LAYOUT_SINGLE &&
	    plan_on(&land, s->paper_h, s->paper_w) > up) {
		*s = land;
		s->landscape = 1;
		up = s->cols * s->rows;
	}
	return up > 0 ? 0 : -1;
}

/*
 * Whether a back is mirrored side to side (else top to bottom).  The
 * paper's long edges run along the page's longer side, however the page
 * lies on the paper (a printer turns a landscape page onto portrait
 * paper, front and back alike, whichever way round).  Turned over about
 * its long edge, a sheet shows its page's short dimension reversed:
 * across on an upright page, top to bottom on a turned one; about its
 * short edge, the long dimension.  tests/test_sheet.c works this out on
 * the paper.
 */
static int
mirrors_across(double page_w, double page_h, enum backs backs)
{
	return page_w <= page_h ? backs == BACKS_LONG : backs == BACKS_SHORT;
}

void
sheet_back_point(double page_w, double page_h, enum backs backs, double dx,
    double dy, double *x, double *y)
{
	if (backs == BACKS_NONE)
		return;
	if (mirrors_across(page_w, page_h, backs))
		*x = page_w - *x;
	else
		*y = page_h - *y;
	*x += dx;
	*y -= dy;
}

void
sheet_slot(const struct sheet *s, int i, enum backs backs, double dx,
    double dy, double *x, double *y)
{
	int c = i % s->cols, r = i / s->cols;

	*x = s->x0 + c * s->step_x;
	*y = s->y0 - r * s->step_y;
	if (backs == BACKS_NONE)
		return;
	if (s->layout == LAYOUT_GUTTER) {
		/* Beside its front, mirrored about the fold. */
		*x = s->page_w - *x - s->card_w;
		return;
	}
	if (mirrors_across(s->page_w, s->page_h, backs))
		*x = s->page_w - *x - s->card_w;
	else
		*y = s->page_h - *y - s->card_h;
	*x += dx;
	*y -= dy;
}

/* Length of a mark with room from its start to the paper's edge; 0 when
 * it would not be seen. */
static double
mark_len(double room)
{
	double len = room - PRINTER_EDGE;

	if (len > MARK_LENGTH)
		len = MARK_LENGTH;
	return len >= MARK_MIN - 1e-6 ? len : 0;
}

/* Whether column c of row r of a grid holding the first used cards has
 * one; mirrored: the grid of their backs beside a gutter-fold. */
static int
has_card(const struct sheet *s, int used, int mirrored, int r, int c)
{
	if (r < 0 || c < 0 || c >= s->cols)
		return 0;
	return r * s->cols + (mirrored ? s->cols - 1 - c : c) < used;
}

/* The lowest row of column c that holds a card, or -1. */
static int
lowest(const struct sheet *s, int used, int mirrored, int c)
{
	int r;

	for (r = s->rows - 1; r >= 0; r--)
		if (has_card(s, used, mirrored, r, c))
			return r;
	return -1;
}

/*
 * Marks round the first used cards of a grid whose left trim is at left:
 * above and below each column's cards at its trims, and on the sides
 * asked for beside each row's outermost cards at its trims.  Only where
 * a card is: a part-filled row is marked as far as its cards go, and a
 * column's marks below sit under its lowest card.
 */
static void
marks_round(const struct sheet *s, struct pdf_page *pg, double left,
    int used, int mirrored, int on_left, int on_right)
{
	const struct rgb black = { 0, 0, 0 };
	int touch_x = s->step_x - s->card_w < 0.01;
	int touch_y = s->step_y - s->card_h < 0.01;
	double top, bottom, len, out, above, below;
	int c, r, e, low, first, last;

	top = s->y0 + s->card_h;
	out = s->bleed + MARK_OFFSET;
	above = mark_len(s->page_h - top - out);

	/* Vertical marks above and below each column at its trims. */
	for (c = 0; c < s->cols; c++) {
		if ((low = lowest(s, used, mirrored, c)) < 0)
			continue;
		for (e = 0; e < 2; e++) {
			double x = left + c * s->step_x + e * s->card_w;
			int l = low;

			/* A trim shared with the column before is drawn
			 * once, under the lower of the two. */
			if (touch_x && e == 0 && lowest(s, used, mirrored,
			    c - 1) >= 0)
				continue;
			if (touch_x && e == 1 && c + 1 < s->cols &&
			    lowest(s, used, mirrored, c + 1) > l)
				l = lowest(s, used, mirrored, c + 1);
			bottom = s->y0 - l * s->step_y;
			below = mark_len(bottom - out);
			if (above > 0)
				pdf_line(pg, x, top + out, x, top + out + above,
				    black, MARK_WIDTH);
			if (below > 0)
				pdf_line(pg, x, bottom - out, x, bottom - out -
				    below, black, MARK_WIDTH);
		}
	}
	/* Horizontal marks beside each row's outer cards at its trims. */
	for (r = 0; r < s->rows; r++) {
		for (first = 0; first < s->cols &&
		    !has_card(s, used, mirrored, r, first); first++)
			;
		if (first == s->cols)
			break;
		for (last = s->cols - 1; !has_card(s, used, mirrored, r, last);
		    last--)
			;
		for (e = 0; e < 2; e++) {
			double y = s->y0 - r * s->step_y + e * s->card_h;
			double lx = left + first * s->step_x;
			double rx = left + last * s->step_x + s->card_w;

			/* Shared with the row above, drawn with it, unless
			 * this row reaches further out. */
			if (e == 1 && r > 0 && touch_y &&
			    has_card(s, used, mirrored, r - 1, first) &&
			    has_card(s, used, mirrored, r - 1, last))
				continue;
			if (on_left && (len = mark_len(lx - out)) > 0)
				pdf_line(pg, lx - out, y, lx - out - len, y,
				    black, MARK_WIDTH);
			if (on_right && (len = mark_len(s->page_w - rx - out)) >
			    0)
				pdf_line(pg, rx + out, y, rx + out + len, y,
				    black, MARK_WIDTH);
		}
	}
}

void
sheet_crop_marks(const struct sheet *s, struct pdf_page *pg, int used)
{
	double gw;

	if (!s->crop || used < 1 || s->layout == LAYOUT_SINGLE)
		return;
	if (used > s->cols * s->rows)
		used = s->cols * s->rows;
	if (s->layout != LAYOUT_GUTTER) {
		marks_round(s, pg, s->x0, used, 0, 1, 1);
		return;
	}
	/* Gutter-fold: the outer sides only; the fold is not a cut.  The
	 * backs' grid is the fronts' mirrored. */
	gw = (s->cols - 1) * s->step_x + s->card_w;
	marks_round(s, pg, s->x0, used, 0, 1, 0);
	marks_round(s, pg, s->page_w - s->x0 - gw, used, 1, 0, 1);
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
		if (s->layout == LAYOUT_GUTTER) {
			sheet_slot(s, i, BACKS_LONG, 0, 0, &x, &y);
			pdf_rect(pg, x, y, s->card_w, s->card_h, &p);
		}
	}
}

void
sheet_inner_cuts(const struct sheet *s, struct pdf_page *pg, int used)
{
	const struct rgb grey = { 0.6f, 0.6f, 0.6f };
	double x, y;
	int i, n = s->cols * s->rows;

	if (used > n)
		used = n;
	for (i = 0; i < used; i++) {
		sheet_slot(s, i, BACKS_NONE, 0, 0, &x, &y);
		/* The trim it shares with the card to its right, and with
		 * the card below it. */
		if (s->step_x - s->card_w < 0.01 && i % s->cols < s->cols - 1 &&
		    i + 1 < used)
			pdf_line(pg, x + s->card_w, y, x + s->card_w,
			    y + s->card_h, grey, CUT_WIDTH);
		if (s->step_y - s->card_h < 0.01 && i + s->cols < used)
			pdf_line(pg, x, y, x + s->card_w, y, grey, CUT_WIDTH);
	}
}

void
sheet_fold_line(const struct sheet *s, struct pdf_page *pg)
{
	const struct rgb grey = { 0.45f, 0.45f, 0.45f };
	double y, x = s->page_w / 2, top = s->page_h - PRINTER_EDGE;

	/* Dashes of 3 mm, 2 mm apart, drawn as strokes of their own. */
	for (y = PRINTER_EDGE; y < top; y += 5 * MM)
		pdf_line(pg, x, y, x, y + 3 * MM < top ? y + 3 * MM : top, grey,
		    MARK_WIDTH);
}

/* A cross centered on x, y; ringed on a back. */
static void
reg_cross(struct pdf_page *pg, double x, double y, int ring)
{
	const struct rgb black = { 0, 0, 0 };
	struct paint p;

	pdf_line(pg, x - REG_ARM, y, x + REG_ARM, y, black, MARK_WIDTH / 2);
	pdf_line(pg, x, y - REG_ARM, x, y + REG_ARM, black, MARK_WIDTH / 2);
	if (!ring)
		return;
	memset(&p, 0, sizeof(p));
	p.stroke = 1;
	p.stroke_rgb = black;
	p.width = MARK_WIDTH / 2;
	pdf_ellipse(pg, x, y, REG_ARM * 0.6, REG_ARM * 0.6, &p);
}

void
sheet_reg_marks(const struct sheet *s, struct pdf_page *pg,
    enum backs backs, double dx, double dy)
{
	double room = s->margin_x - s->bleed - MARK_OFFSET;
	double y = s->y0 + s->card_h / 2, x[2];
	int i;

	if (s->layout != LAYOUT_SHEET || room < 2 * REG_ARM + PRINTER_EDGE)
		return;
	/* Midway between the paper's printable edge and the marks. */
	x[0] = PRINTER_EDGE + (room - PRINTER_EDGE) / 2;
	x[1] = s->page_w - x[0];
	for (i = 0; i < 2; i++) {
		double px = x[i], py = y;

		/* The ring behind the cross, as the backs are placed. */
		sheet_back_point(s->page_w, s->page_h, backs, dx, dy, &px,
		    &py);
		reg_cross(pg, px, py, backs != BACKS_NONE);
	}
}
