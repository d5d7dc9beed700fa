/*
 * cmd_calibrate.c -- muster calibrate: a two-page sheet that measures how
 * far a printer's duplex backs sit from their fronts (SPEC 4.1).
 *
 * The front has five crosshairs at known places, each with millimetre
 * ticks.  The back has, at the mirrored place of each (shifted as
 * --back-offset shifts card backs), a pair of scales numbered in
 * millimetres.  Printed duplex and held to the light, back towards the
 * eye, the front's cross falls on the back's scales at the numbers that
 * --back-offset needs: X on the across scale (+ means the backs must go
 * right, as seen on the back), Y on the down scale (+ means down).  Why:
 * a printer that puts the backs e off, as seen on the back, puts the
 * scale's zero at the mark plus e, so the mark reads -e there; a back
 * offset of -e puts the backs back.
 *
 * --landscape turns the sheet as render turns a page that holds more
 * cards so (render.turned says when): a printer turns such a page onto
 * its paper, so its offset, seen in the page's frame, is not the upright
 * sheet's, and the mirror axis changes with it (sheet_back_point()).
 * Read on the sheet printed the way the cards are, the offset is in the
 * frame render applies it in.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd.h"
#include "diag.h"
#include "pdf/pdf.h"
#include "pdf/sheet.h"
#include "usage.h"
#include "util.h"

#define MM (72.0 / 25.4)
#define SCALE 8		/* each scale reads -8 to +8 mm */
#define OFF 10		/* the back's scales: this far off the center */
#define INSET (40.0 * MM)	/* corner targets, from the paper's edges */
#define NTARGET 5

/* --backs: a calibration sheet is duplex. */
static const char *const calibrate_backs[] = {
	"duplex-long", "duplex-short", NULL
};

/* What the options set. */
struct calibrate_args {
	const char *output, *paper, *offset;
	int backs, landscape;
};

/* The options: parsing, --help, completion and the manual's check. */
static const struct opt calibrate_rows[] = {
	{ OPT_STRING, 'o', "output", offsetof(struct calibrate_args, output),
	    "FILE.pdf", "the sheet (default:\n"
	    "out/calibrate-PAPER-MODE[-landscape].pdf)", NULL, 0, 0, NULL,
	    OPT_C_PDF, 0 },
	OPT_STRING_(0, "paper", struct calibrate_args, paper, "P",
	    "a4 or letter (default: from the locale, as render)",
	    sheet_paper_names, OPT_C_NONE),
	OPT_CHOICE_(0, "backs", struct calibrate_args, backs, "B",
	    "duplex-long (default) or duplex-short", calibrate_backs, NULL),
	OPT_FLAG_(0, "landscape", struct calibrate_args, landscape, 1,
	    "the sheet turned, as render prints cards that go\n"
	    "more to a turned page (render says so in a note)"),
	OPT_STRING_(0, "back-offset", struct calibrate_args, offset, "X,Y",
	    "the offset to print the backs with (default 0,0)", NULL,
	    OPT_C_NONE),
	OPT_ROW_END
};

const struct cmd_opts calibrate_options = {
	"usage: muster calibrate [-o FILE.pdf] [--paper a4|letter]\n"
	"              [--backs duplex-long|duplex-short] [--landscape]\n"
	"              [--back-offset X,Y]\n"
	"\n"
	"Writes a two-page sheet to measure your printer's duplex offset.\n"
	"Print it duplex at actual size (no 'fit to page'), flipping as\n"
	"--backs says; hold it to the light with the back towards you, and\n"
	"read where each cross of the front falls on the back's scales: X on\n"
	"the scale across, Y on the scale down.  Then render with\n"
	"--back-offset X,Y: backs move X mm right and Y mm down as seen on\n"
	"the back.  Printed with --back-offset already, the sheet says what to\n"
	"add to it; printed again with the new offset, every cross reads 0,0.\n"
	"\n",
	calibrate_rows, 19,
	"\n"
	"exit status: 0 written, 2 usage or I/O error\n"
};

struct cal {
	struct pdf *pdf;
	int font, bold;
	double w, h;
	enum backs backs;
	int landscape;		/* the pages turned: w > h */
	double dx, dy;		/* points: right and down */
};

static const struct rgb black = { 0, 0, 0 };

/* The five targets: the middle and 40 mm in from each corner. */
static void
target(const struct cal *c, int i, double *x, double *y)
{
	static const double fx[NTARGET] = { 0.5, 0, 1, 0, 1 };
	static const double fy[NTARGET] = { 0.5, 1, 1, 0, 0 };

	*x = i == 0 ? c->w / 2 : fx[i] ? c->w - INSET : INSET;
	*y = i == 0 ? c->h / 2 : fy[i] ? c->h - INSET : INSET;
}

static void
text_at(const struct cal *c, struct pdf_page *pg, int font, double pt,
    double x, double y, int center, const char *s)
{
	if (center)
		x -= pdf_text_width(c->pdf, font, pt, s, strlen(s)) / 2;
	pdf_text(c->pdf, pg, font, pt, x, y, black, s, strlen(s));
}

/* A cross with millimetre ticks along its arms. */
static void
front_target(struct pdf_page *pg, double x, double y)
{
	struct paint p;
	int k;

	pdf_line(pg, x - (OFF + 3) * MM, y, x + (OFF + 3) * MM, y, black,
	    0.25);
	pdf_line(pg, x, y - (OFF + 3) * MM, x, y + (OFF + 3) * MM, black,
	    0.25);
	for (k = -SCALE; k <= SCALE; k++) {
		double t = (k % 5 == 0 ? 1.2 : 0.6) * MM;

		if (k == 0)
			continue;
		pdf_line(pg, x + k * MM, y - t, x + k * MM, y + t, black, 0.2);
		pdf_line(pg, x - t, y + k * MM, x + t, y + k * MM, black, 0.2);
	}
	memset(&p, 0, sizeof(p));
	p.stroke = 1;
	p.stroke_rgb = black;
	p.width = 0.25;
	pdf_ellipse(pg, x, y, 2 * MM, 2 * MM, &p);
}

/*
 * The back's scales about x, y: across, OFF above the center and
 * numbered to the right; down, OFF right of the center and numbered
 * downwards; half millimetres ticked, every other millimetre numbered.
 * The front's arms, seen through the paper, cross them.
 */
static void
back_target(const struct cal *c, struct pdf_page *pg, double x, double y)
{
	char n[8];
	double ax = y + OFF * MM, dx = x + OFF * MM;
	int k;

	pdf_line(pg, x - SCALE * MM, ax, x + SCALE * MM, ax, black, 0.25);
	pdf_line(pg, dx, y - SCALE * MM, dx, y + SCALE * MM, black, 0.25);
	for (k = -2 * SCALE; k <= 2 * SCALE; k++) {
		double t = (k % 10 == 0 ? 2.0 : k % 2 == 0 ? 1.4 : 0.8) * MM;
		double o = k * MM / 2;

		pdf_line(pg, x + o, ax, x + o, ax - t, black,
		    k == 0 ? 0.45 : 0.2);
		/* Down is positive: the tick k/2 mm below the center. */
		pdf_line(pg, dx, y - o, dx - t, y - o, black,
		    k == 0 ? 0.45 : 0.2);
		if (k % 4 != 0)
			continue;
		snprintf(n, sizeof(n), k ? "%+d" : "%d", k / 2);
		text_at(c, pg, c->font, 4, x + o, ax + 1.0 * MM, 1, n);
		text_at(c, pg, c->font, 4, dx + 1.0 * MM, y - o - 1.4, 0, n);
	}
	text_at(c, pg, c->bold, 6, x + SCALE * MM + 2.0 * MM, ax - 0.8 * MM, 0,
	    "X");
	text_at(c, pg, c->bold, 6, dx, y - SCALE * MM - 3.0 * MM, 1, "Y");
}

static void
front_page(struct cal *c, const char *paper, const char *mode)
{
	struct pdf_page *pg = pdf_add_page(c->pdf, c->w, c->h);
	char line[160];
	double x, y;
	int i;

	for (i = 0; i < NTARGET; i++) {
		target(c, i, &x, &y);
		front_target(pg, x, y);
	}
	y = c->h - 14 * MM;
	snprintf(line, sizeof(line), "muster duplex calibration: %s%s, %s",
	    paper, c->landscape ? " turned (landscape)" : "", mode);
	text_at(c, pg, c->bold, 11, c->w / 2, y, 1, line);
	text_at(c, pg, c->font, 7.5, c->w / 2, y - 5 * MM, 1,
	    "Print both pages duplex at actual size (no scaling), flipping as "
	    "named above.");
	text_at(c, pg, c->font, 7.5, c->w / 2, y - 9 * MM, 1,
	    "Hold the sheet to the light, the other side towards you: the "
	    "scales are on that side.");
	text_at(c, pg, c->font, 7, c->w / 2, 12 * MM, 1,
	    "Front: five crosses at known places, millimetres ticked along "
	    "their arms.");
}

static void
back_page(struct cal *c, const char *mode)
{
	struct pdf_page *pg = pdf_add_page(c->pdf, c->w, c->h);
	char line[200];
	double x, y, ox = c->dx / MM, oy = c->dy / MM;
	int i;

	for (i = 0; i < NTARGET; i++) {
		target(c, i, &x, &y);
		/* Where this target's cross lands behind the front, moved as
		 * card backs are: the one rule for both. */
		sheet_back_point(c->w, c->h, c->backs, c->dx, c->dy, &x, &y);
		back_target(c, pg, x, y);
	}
	y = c->h - 14 * MM;
	text_at(c, pg, c->bold, 11, c->w / 2, y, 1,
	    "Back: read where each cross of the front falls");
	text_at(c, pg, c->font, 7.5, c->w / 2, y - 5 * MM, 1,
	    "X on the scale across (+ : the backs must go right, as you see "
	    "this side); Y on the scale down (+ : down).");
	if (ox == 0 && oy == 0)
		snprintf(line, sizeof(line), "Then: muster render --backs %s "
		    "--back-offset X,Y ...   Printed again so, every cross "
		    "reads 0,0.", mode);
	else
		snprintf(line, sizeof(line), "Printed with --back-offset "
		    "%.1f,%.1f: render with --back-offset %.1f+X,%.1f+Y.", ox,
		    oy, ox, oy);
	text_at(c, pg, c->font, 7.5, c->w / 2, y - 9 * MM, 1, line);
	text_at(c, pg, c->font, 7, c->w / 2, 12 * MM, 1,
	    "If the crosses read differently, the printer also scales or "
	    "turns the page: use the middle cross.");
}

#define USAGE calibrate_options.head

/* The options read into c (paper, backs, offset, turned), and the
 * sheet's path (made: the default's folder too): -1 to go on, or the
 * exit status. */
static int
read_args(int argc, char **argv, struct cal *c, int *a4, char **path)
{
	struct calibrate_args a = { NULL, NULL, NULL, 0, 0 };
	const char *paper;
	struct stat st;
	int rc;

	if ((rc = opt_parse(&calibrate_options, argc, argv, &a)) >= 0)
		return rc;
	c->backs = a.backs ? BACKS_SHORT : BACKS_LONG;
	c->landscape = a.landscape;
	if (a.offset && sheet_offset(a.offset, &c->dx, &c->dy) < 0)
		return usage_error(USAGE, "--back-offset '%s' must be X,Y in "
		    "millimetres, each -20 to 20", a.offset);
	if (optind < argc)
		return usage_error(USAGE, "calibrate takes no file ('%s'); -o "
		    "names the sheet", argv[optind]);
	paper = a.paper ? a.paper : sheet_default_paper();
	if (sheet_paper(paper, &c->w, &c->h, a4) < 0)
		return usage_error(USAGE, "--paper '%s' must be a4 or letter",
		    paper);
	if (c->landscape) {
		double w = c->w;

		c->w = c->h;
		c->h = w;
	}
	if (a.output && (strlen(a.output) < 5 ||
	    strcmp(a.output + strlen(a.output) - 4, ".pdf") != 0))
		return usage_error(USAGE, "-o '%s' must name a .pdf file",
		    a.output);
	if (a.output) {
		*path = xstrdup(a.output);
		return -1;
	}
	*path = xmalloc(64);
	snprintf(*path, 64, "out/calibrate-%s-%s%s.pdf", *a4 ? "a4" :
	    "letter", c->backs == BACKS_LONG ? "long" : "short",
	    c->landscape ? "-landscape" : "");
	if (stat("out", &st) < 0 && mkdir("out", 0777) < 0) {
		fprintf(stderr, "muster: cannot make the folder 'out': %s\n",
		    strerror(errno));
		return 2;
	}
	return -1;
}

int
cmd_calibrate(int argc, char **argv)
{
	const char *mode, *why = "", *subst;
	char *path = NULL, err[512];
	struct cal c;
	int a4 = 0, rc;

	memset(&c, 0, sizeof(c));
	if ((rc = read_args(argc, argv, &c, &a4, &path)) >= 0) {
		free(path);
		return rc;
	}
	rc = 0;
	mode = c.backs == BACKS_LONG ? "duplex-long" : "duplex-short";
	c.pdf = pdf_new();
	pdf_set_title(c.pdf, "muster duplex calibration");
	c.font = pdf_font(c.pdf, "DejaVu Sans Condensed", &why, &subst);
	if (c.font >= 0)
		c.bold = pdf_font(c.pdf, "DejaVu Sans Condensed:bold", &why,
		    &subst);
	if (c.font < 0 || c.bold < 0) {
		fprintf(stderr, "muster: the DejaVu Sans Condensed font cannot "
		    "be used: %s\n", why);
		rc = 2;
		goto out;
	}
	front_page(&c, a4 ? "A4" : "Letter", mode);
	back_page(&c, mode);
	if (pdf_save(c.pdf, path, err, sizeof(err)) < 0) {
		fprintf(stderr, "muster: %s: %s\n", path, err);
		rc = 2;
		goto out;
	}
	printf("%s: 2 pages, calibration for %s%s %s\n", path, a4 ? "A4" :
	    "Letter", c.landscape ? " turned" : "", mode);
out:
	pdf_free(c.pdf);
	free(path);
	return rc;
}
