/*
 * cmd_render_args.c -- muster render's options, one table (parsing,
 * --help, completion, the manual's check); what they come to with a
 * print shop's profile; the outputs they name; then one render or a
 * --watch of them (cmd_render.c).
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "cmd_render.h"
#include "diag.h"
#include "input.h"
#include "options.h"
#include "pdf/sheet.h"
#include "system.h"
#include "usage.h"
#include "util.h"
#include "vendor.h"

#define DPI_MIN 36
#define DPI_MAX 1200
#define DPI_DEFAULT 300
/* --ink-limit, percent of one plate: presses take 240 % (uncoated,
 * DriveThruCards) to 340 % (coated sheet-fed); 300 % by default, the
 * ceiling of SWOP, the printing condition of the output profile. */
#define INK_MIN 200
#define INK_MAX 400
#define INK_DEFAULT 300

/* --format: a PDF, PNG images of the cards (and deck sheets), or those
 * and a Tabletop Simulator saved object. */
static const char *const format_names[] = { "pdf", "png", "tts", NULL };

/* --counter-size: the names, and the sides in inches. */
static const char *const counter_names[] = { "1/2", "5/8", "3/4", "1", NULL };
static const double counter_inches[] = { 0.5, 0.625, 0.75, 1 };

/* What the options set: a choice or a number not given is -1 or 0,
 * a string NULL, so that a print shop's profile fills in the rest. */
struct render_args {
	const char *output, *dir, *paper, *tmpl, *product, *bleed;
	const char *offset, *only, *vendor;
	int crop, backs, counter, layout, copies, cmyk, pdfx, ink;
	int format, dpi, json, watch;
};

#define RA struct render_args
static const struct opt render_rows[] = {
	{ OPT_STRING, 'o', "output", offsetof(RA, output), "FILE.pdf",
	    "write everything into one PDF", NULL, 0, 0, NULL,
	    OPT_C_PDF, 0 },
	{ OPT_STRING, 'd', "dir", offsetof(RA, dir), "DIR",
	    "write DIR/STEM.pdf for each PATH (default: out/)", NULL, 0, 0,
	    NULL, OPT_C_DIR, 0 },
	OPT_STRING_(0, "paper", RA, paper, "P",
	    "a4 or letter (default: $PAPERSIZE, else letter\n"
	    "when the locale's paper (LC_ALL, LC_PAPER, LANG)\n"
	    "is a letter country's, else a4; under the C\n"
	    "locale /etc/papersize, else a4)", sheet_paper_names,
	    OPT_C_NONE),
	OPT_STRING_(0, "template", RA, tmpl, "T",
	    "a built-in template name or a template file, for\n"
	    "the records of the type it renders; the other\n"
	    "products keep their own", NULL, OPT_C_TEMPLATE),
	{ OPT_STRING, 0, "product", offsetof(RA, product), "P,...",
	    "print only these products (card, sheet, counter,\n"
	    "roster, reference: 'muster templates' lists them)", NULL, 0, 0,
	    NULL, OPT_C_PRODUCT, OPT_COMMAS },
	OPT_STRING_(0, "bleed", RA, bleed, "MM",
	    "extend backgrounds MM past the trim (default 0)", NULL,
	    OPT_C_NONE),
	{ OPT_FLAG, 0, "crop-marks", offsetof(RA, crop), NULL,
	    "print the crop marks (the default)", NULL, 1, 0, NULL,
	    OPT_C_NONE, OPT_HIDDEN },
	OPT_FLAG_(0, "no-crop-marks", RA, crop, 0,
	    "leave out the crop marks (default: on)"),
	OPT_CHOICE_(0, "backs", RA, backs, "B",
	    "duplex-long or duplex-short: a mirrored back page\n"
	    "after each front page (default: none)", sheet_backs_names, NULL),
	OPT_STRING_(0, "back-offset", RA, offset, "X,Y",
	    "shift backs X mm right and Y mm down, as seen\n"
	    "on the back; 'muster calibrate' measures X,Y", NULL, OPT_C_NONE),
	OPT_CHOICE_(0, "counter-size", RA, counter, "S",
	    "cut-out counters S inches square: 1/2, 5/8, 3/4\n"
	    "or 1 (default 5/8)", counter_names, " (inches)"),
	OPT_CHOICE_(0, "layout", RA, layout, "L",
	    "sheet: cards on a grid (default); single: each\n"
	    "card a page of its size plus bleed, TrimBox and\n"
	    "BleedBox set, for print-on-demand; gutter-fold:\n"
	    "backs beside their fronts, to fold and glue",
	    sheet_layout_names, NULL),
	OPT_INT_(0, "copies", RA, copies, "N",
	    "print every card N times (1 to 100)", 1, 100, NULL),
	{ OPT_STRING, 0, "only", offsetof(RA, only), "N,...",
	    "print only the cards of these names", NULL, 0, 0, NULL,
	    OPT_C_NONE, OPT_COMMAS },
	OPT_FLAG_(0, "cmyk", RA, cmyk, 1,
	    "colours and pictures as CMYK for a press, black\n"
	    "as pure K"),
	OPT_STRING_(0, "vendor", RA, vendor, "V",
	    "a print shop's profile: mpc (MakePlayingCards),\n"
	    "tgc (The Game Crafter), dtc (DriveThruCards) or\n"
	    "pnp (print-and-play at home); sets card size,\n"
	    "bleed, safe zone, layout, page order, colour and\n"
	    "format, each unless given here too", vendor_names, OPT_C_NONE),
	OPT_FLAG_(0, "pdfx", RA, pdfx, 1,
	    "PDF/X-1a:2003: every colour CMYK, pictures through\n"
	    "an ICC output profile, no transparency (dtc's)"),
	OPT_INT_(0, "ink-limit", RA, ink, "PCT",
	    "total CMYK ink at most PCT percent, 200 to 400\n"
	    "(default 300; dtc 240); with --cmyk or --pdfx", INK_MIN,
	    INK_MAX, "a whole percentage"),
	OPT_CHOICE_(0, "format", RA, format, "F",
	    "pdf (default), or png: DIR/STEM-NNN.png for each\n"
	    "card (-NNN-back.png too with --backs, or one\n"
	    "-back.png when all backs are alike), and for a\n"
	    "deck DIR/STEM-sheet-N.png sheets of 10 x 7 cards\n"
	    "for Tabletop Simulator, each one's last cell the\n"
	    "back; or tts: the same and DIR/STEM.json, the\n"
	    "deck as a Tabletop Simulator saved object", format_names,
	    NULL),
	OPT_INT_(0, "dpi", RA, dpi, "N",
	    "pixels an inch of the PNG cards (36 to 1200,\n"
	    "default 300); sheets stay within 4096 pixels", DPI_MIN, DPI_MAX,
	    NULL),
	OPT_FLAG_(0, "json", RA, json, 1,
	    "print one JSON object to stdout: what was written\n"
	    "(\"written\") and every diagnostic, as check --json"),
	OPT_FLAG_(0, "watch", RA, watch, 1,
	    "render, then again whenever an input, a file it\n"
	    "names, a template or an image it used changes,\n"
	    "each time its lines (a failed render keeps the\n"
	    "last good PDF), until Ctrl-C or SIGTERM (status 0)"),
	OPT_ROW_END
};
#undef RA

const struct cmd_opts render_options = {
	"usage: muster render [-o FILE.pdf | -d DIR] [--paper a4|letter]\n"
	"              [--template NAME|FILE] [--product NAME[,NAME...]]\n"
	"              [--bleed MM] [--crop-marks | --no-crop-marks]\n"
	"              [--backs none|duplex-long|duplex-short]\n"
	"              [--back-offset X,Y] [--counter-size 1/2|5/8|3/4|1]\n"
	"              [--layout sheet|single|gutter-fold] [--copies N]\n"
	"              [--only NAME[,NAME...]] [--cmyk]\n"
	"              [--vendor mpc|tgc|dtc|pnp] [--pdfx] [--ink-limit PCT]\n"
	"              [--format pdf|png|tts] [--dpi N] [--json] [--watch]\n"
	"              PATH...\n"
	"\n"
	"Checks every input, then prints every product of each (a unit's card\n"
	"or record sheet and its counter, a force's rosters, a deck's cards, a\n"
	"reference card), each product on pages of its own: business cards 10\n"
	"up, poker cards 9 up, with crop marks (the paper turned when that\n"
	"holds more); sheets one a page; counters edge to edge with cut\n"
	"lines.  Nothing is written if any input\n"
	"has an error; a PDF is written to a temporary file and renamed into\n"
	"place, so an existing PDF is never left half-written.\n"
	"\n",
	render_rows, 19,
	"\n"
	"exit status: 0 written, 1 errors in the input, 2 usage or I/O error\n"
};

#define USAGE render_options.head

/* The values the table leaves to render: --vendor, --bleed and
 * --back-offset; the defaults of what was not given.  0, or 2. */
static int
read_values(const struct render_args *a, struct render *rd,
    struct job *jb)
{
	if (a->vendor && (rd->vendor = vendor_find(a->vendor)) == NULL)
		return usage_error(USAGE, "--vendor '%s' must be mpc, tgc, dtc "
		    "or pnp", a->vendor);
	if (a->bleed && !parse_mm(a->bleed, 0, 20, &rd->lo.bleed))
		return usage_error(USAGE, "--bleed '%s' must be millimetres "
		    "from 0 to 20", a->bleed);
	if (a->offset && sheet_offset(a->offset, &rd->lo.back_dx,
	    &rd->lo.back_dy) < 0)
		return usage_error(USAGE, "--back-offset '%s' must be X,Y in "
		    "millimetres, each -20 to 20", a->offset);
	rd->lo.crop = a->crop >= 0 ? a->crop : 1;
	rd->lo.backs = a->backs >= 0 ? (enum backs)a->backs : BACKS_NONE;
	/* SPEC 4: counters 5/8 in by default */
	rd->lo.counter = (a->counter >= 0 ? counter_inches[a->counter] :
	    5.0 / 8) * 72;
	rd->lo.layout = a->layout >= 0 ? (enum sheet_layout)a->layout :
	    LAYOUT_SHEET;
	rd->copies = a->copies ? a->copies : 1;
	jb->png = a->format >= 1;
	jb->tts = rd->tts = a->format == 2;
	jb->dpi = a->dpi ? a->dpi : DPI_DEFAULT;
	jb->pdfx = a->pdfx;
	jb->ink = a->ink;
	return 0;
}

/* A print shop's profile: what the user did not say (vendor.c).  A
 * --backs it sets counts as given (a->backs). */
static void
apply_vendor(const struct vendor *v, struct render_args *a,
    struct render *rd, struct job *jb)
{
	rd->lo.trim_w = v->trim_w;
	rd->lo.trim_h = v->trim_h;
	rd->lo.safe = v->safe;
	if (a->bleed == NULL)
		rd->lo.bleed = v->bleed;
	if (a->layout < 0 && !(a->format >= 0 && !jb->png))
		rd->lo.layout = v->layout == VENDOR_SINGLE ? LAYOUT_SINGLE :
		    LAYOUT_SHEET;
	if (a->crop < 0 && rd->lo.layout == LAYOUT_SHEET)
		rd->lo.crop = 1;
	if (a->format < 0 && v->format == VENDOR_PNG && !a->output)
		jb->png = 1;
	/* A PNG, the vendor's or the user's, takes png's own layout
	 * (below), not the vendor's for its PDF. */
	if (jb->png && a->layout < 0)
		rd->lo.layout = LAYOUT_SHEET;
	if (a->dpi == 0 && jb->png)
		jb->dpi = v->dpi;
	/* A card a page: its back the next page, or the one before
	 * (DriveThruCards), as the shop pairs them. */
	if (a->backs < 0 && (rd->lo.layout == LAYOUT_SINGLE || jb->png)) {
		rd->lo.backs = BACKS_LONG;
		a->backs = BACKS_LONG;
	}
	rd->lo.back_first = v->order == VENDOR_BACK_FIRST && !jb->png;
	/* PDF/X and its ink limit are the vendor's for a PDF; a PNG the
	 * user asked for is RGB, as every PNG. */
	if (v->colour == VENDOR_PDFX && !jb->png)
		jb->pdfx = 1;
	if (jb->ink == 0 && (jb->pdfx || a->cmyk))
		jb->ink = v->ink_limit;
}

/* The options that cannot go together, and what --format png and
 * --paper come to.  0, or 2. */
static int
settle(const struct render_args *a, struct render *rd, struct job *jb,
    int argc, char **argv)
{
	int i;

	if (jb->ink != 0 && !a->cmyk && !jb->pdfx)
		return usage_error(USAGE, "--ink-limit holds CMYK ink: give "
		    "--cmyk or --pdfx too");
	if (jb->ink == 0)
		jb->ink = INK_DEFAULT;
	if (jb->pdfx && jb->png)
		return usage_error(USAGE, "--pdfx makes a PDF; leave out "
		    "--format png");
	for (i = optind; a->watch && i < argc; i++)
		if (strcmp(argv[i], "-") == 0)
			return usage_error(USAGE, "--watch cannot watch standard "
			    "input ('-'); give files or folders");
	if (a->output && a->dir)
		return usage_error(USAGE, "give -o or -d, not both");
	if (a->output && (strlen(a->output) < 5 ||
	    strcmp(a->output + strlen(a->output) - 4, ".pdf") != 0))
		return usage_error(USAGE, "-o '%s' must name a .pdf file",
		    a->output);
	if (jb->png && a->output)
		return usage_error(USAGE, "--format %s writes a folder of "
		    "images: give -d DIR, not -o", rd->tts ? "tts" : "png");
	if (jb->png && rd->lo.layout != LAYOUT_SHEET)
		return usage_error(USAGE, "--format %s draws each card on its "
		    "own; leave out --layout", rd->tts ? "tts" : "png");
	if (jb->png) {
		/* Each card a page of its own size (and bleed), no marks,
		 * its back the next page: a page is an image. */
		jb->user_backs = a->backs >= 0 && rd->lo.backs != BACKS_NONE;
		rd->lo.layout = LAYOUT_SINGLE;
		rd->lo.crop = 0;
		rd->lo.backs = BACKS_LONG;
		rd->lo.png_dpi = jb->dpi;
		rd->lo.back_dx = rd->lo.back_dy = 0;
	}
	/* gutter-fold prints each back beside its front: --backs asks
	 * for what it does anyway, and is let be. */
	if (sheet_paper(a->paper ? a->paper : sheet_default_paper(),
	    &rd->lo.paper_w, &rd->lo.paper_h, &rd->lo.a4) < 0)
		return usage_error(USAGE, "--paper '%s' must be a4 or letter",
		    a->paper ? a->paper : sheet_default_paper());
	return 0;
}

/* --product's and --only's lists.  0, or 2. */
static int
read_lists(const struct render_args *a, struct render *rd)
{
	size_t n;

	if (a->product && (rd->products = product_list(a->product)) == NULL)
		return 2;
	if (a->only) {
		if ((rd->only = comma_list(a->only)) == NULL)
			return usage_error(USAGE, "--only needs card names, such "
			    "as 'Hussars,Lancers'");
		for (n = 0; rd->only[n]; n++)
			;
		rd->only_hit = xcalloc(n + 1, sizeof(int));
	}
	return 0;
}

/* One output per PATH (or one for all with -o): their paths, *nout of
 * them.  0, or 2 when two PATHs would write the same file. */
static int
name_outputs(const struct render_args *a, int argc, char **argv,
    struct output **outs, int *nout)
{
	const char *dir = a->dir ? a->dir : "out";
	int i, j;

	*nout = a->output ? 1 : argc - optind;
	*outs = xcalloc((size_t)*nout, sizeof(**outs));
	for (i = 0; i < *nout; i++) {
		struct output *o = &(*outs)[i];
		char *stem;

		if (a->output) {
			o->path = xstrdup(a->output);
			continue;
		}
		stem = input_stem(argv[optind + i]);
		o->path = xmalloc(strlen(dir) + strlen(stem) + 6);
		sprintf(o->path, "%s/%s.pdf", dir, stem);
		free(stem);
		for (j = 0; j < i; j++)
			if (strcmp((*outs)[j].path, o->path) == 0) {
				*nout = i + 1;
				return usage_error(USAGE, "'%s' and '%s' would "
				    "both write %s; use -o", argv[optind + j],
				    argv[optind + i], o->path);
			}
	}
	return 0;
}

/* The options read and settled into rd and jb: -1 to render, or the
 * exit status (before any diagnostic is reported). */
static int
read_args(struct render_args *a, struct render *rd, struct job *jb,
    int argc, char **argv)
{
	int rc;

	memset(a, 0, sizeof(*a));
	a->crop = a->backs = a->counter = a->layout = a->format = -1;
	if ((rc = opt_parse(&render_options, argc, argv, a)) >= 0)
		return rc;
	if (optind == argc)
		return usage_error(USAGE, "render needs a file or folder");
	if ((rc = read_values(a, rd, jb)) != 0)
		return rc;
	if (rd->vendor)
		apply_vendor(rd->vendor, a, rd, jb);
	if ((rc = settle(a, rd, jb, argc, argv)) != 0)
		return rc;
	jb->tmpl_name = a->tmpl;
	jb->dir = a->output ? NULL : a->dir ? a->dir : "out";
	jb->cmyk = a->cmyk || jb->pdfx;
	jb->json = a->json;
	jb->paths = argv + optind;
	jb->npaths = argc - optind;
	jb->one = a->output != NULL;
	return -1;
}

int
cmd_render(int argc, char **argv)
{
	struct render_args a;
	struct render rd;
	struct output *outs = NULL;
	struct job jb;
	int nout = 0, i, rc;

	memset(&rd, 0, sizeof(rd));
	memset(&jb, 0, sizeof(jb));
	if ((rc = read_args(&a, &rd, &jb, argc, argv)) >= 0)
		return rc;
	if ((rc = read_lists(&a, &rd)) != 0)
		goto out;
	diag_init(jb.json, stderr);
	if ((rc = name_outputs(&a, argc, argv, &outs, &nout)) != 0) {
		/* A usage error before any render, with --json too. */
		if (jb.json)
			json_written(outs, nout);
		goto out;
	}
	if (a.watch)
		rc = render_watch(&rd, outs, nout, &jb);
	else
		rc = render_pass(&rd, outs, nout, &jb);
out:
	for (i = 0; i < nout; i++)
		free(outs[i].path);
	free(outs);
	list_free(rd.products);
	list_free(rd.only);
	free(rd.only_hit);
	return rc;
}
