/*
 * cmd_preflight.c -- muster preflight: what a print shop's preflight
 * finds in any PDF, muster's or not (SPEC section 4): page, trim and
 * bleed sizes, fonts not embedded, colour spaces, images' resolution at
 * their placed size, total ink, text under 6 pt, transparency and the
 * PDF/X markers, each finding with its page and object.  Given a vendor
 * (vendor.h), what that vendor refuses is an error (exit 1); without
 * one, a report of warnings and notes.
 *
 * The file is read by pdfread/, which knows PDF and nothing of muster;
 * every threshold here is the vendor row's or SPEC's.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd.h"
#include "cmd_preflight.h"
#include "diag.h"
#include "pdfread/content.h"
#include "pdfread/pdfread.h"
#include "usage.h"
#include "util.h"
#include "vendor.h"

/* What the options set. */
struct preflight_args {
	const char *vendor;
	int json, list;
};

/* The options: parsing, --help, completion and the manual's check. */
static const struct opt preflight_rows[] = {
	OPT_STRING_(0, "vendor", struct preflight_args, vendor, "NAME",
	    "check against a print-on-demand profile: what it\n"
	    "would refuse is an error", vendor_names, OPT_C_NONE),
	OPT_FLAG_(0, "json", struct preflight_args, json, 1,
	    "print one JSON object with every finding to stdout"),
	OPT_FLAG_(0, "list-rules", struct preflight_args, list, 1,
	    "print every rule id preflight reports, and exit"),
	OPT_ROW_END
};

const struct cmd_opts preflight_options = {
	"usage: muster preflight [--vendor mpc|tgc|dtc|pnp] [--json] FILE.pdf...\n"
	"\n"
	"Reads any PDF and prints what a print shop's preflight finds, each\n"
	"finding with its page and object: page, trim and bleed sizes, fonts\n"
	"not embedded, colour spaces, pictures' resolution at their placed\n"
	"size, total ink, text under 6 pt, transparency, PDF/X markers.\n"
	"\n",
	preflight_rows, 17,
	"\n"
	"exit status: 0 nothing the vendor refuses (always, without --vendor),\n"
	"1 the vendor would refuse the file, 2 usage error or a file that\n"
	"cannot be read or is not a PDF\n"
};
/* ---- pages ---- */

static const char *
mm(double pt, char buf[32])
{
	snprintf(buf, 32, "%.1f", pt / MM);
	return buf;
}

static int
near(double a, double b)
{
	return fabs(a - b) <= TOL;
}

/* A page well over a card with its bleed.  Around one card, its TrimBox
 * the vendor's card: a shop that trims by the boxes prints it, so a
 * warning.  Else a sheet of cards, which a shop taking one card a page
 * refuses (SPEC 4: the vendor's refusal, exit 1): 1, its bleed not
 * measured, there being no one card's. */
static int
check_sheet(struct pf *p, const struct pdfr_page *pg, double tw, double th,
    double mw, double mh)
{
	const struct vendor *v = p->v;
	double page = v->trim_w + 2 * v->bleed;
	char a[32], b[32], c[32], d[32], e[32], g[32], h[32], k[64];
	int card;

	if (!(mw > 1.5 * page && mh > 1.5 * page))
		return 0;
	card = pg->has_trim && ((near(tw, v->trim_w) && near(th,
	    v->trim_h)) || (near(tw, v->trim_h) && near(th, v->trim_w)));
	snprintf(k, sizeof(k), "%s|%.0fx%.0f", card ? "slug" : "sheet", mw,
	    mh);
	if (card) {
		tally(p, L_WARNING, "preflight.page-size", k, 0, 0, "a page of "
		    "%s x %s mm around one card (its TrimBox), where %s's page "
		    "is the card and its bleed, %s x %s mm: what lies past the "
		    "bleed is cut away", mm(mw, a), mm(mh, b), v->name,
		    mm(page, c), mm(v->trim_h + 2 * v->bleed, d));
		return 0;
	}
	tally(p, L_ERROR, "preflight.page-size", k, 0, 0, "a sheet of %s x %s "
	    "mm, where %s takes one card a page: %s x %s mm, the %s x %s mm "
	    "card and %s mm of bleed each side (render --vendor %s prints "
	    "that)", mm(mw, a), mm(mh, b), v->name, mm(page, c),
	    mm(v->trim_h + 2 * v->bleed, d), mm(v->trim_w, e),
	    mm(v->trim_h, g), mm(v->bleed, h), v->name);
	return 1;
}

/* The page's boxes against the vendor's card. */
static void
check_boxes(struct pf *p, const struct pdfr_page *pg)
{
	const struct vendor *v = p->v;
	const double *trim = pg->has_trim ? pg->trim : pg->media;
	const double *bleed = pg->has_bleed ? pg->bleed : pg->media;
	double tw = trim[2] - trim[0], th = trim[3] - trim[1];
	double mw = pg->media[2] - pg->media[0], mh = pg->media[3] -
	    pg->media[1];
	double least;
	char a[32], b[32], c[32], d[32];
	int i, turned = pg->rotate == 90 || pg->rotate == 270;

	if (turned) {
		double t = tw;

		tw = th;
		th = t;
	}
	if (v->colour == VENDOR_PDFX && !pg->has_trim && !pg->has_art)
		tally(p, L_ERROR, "preflight.bleed", "trimbox", 0, 0,
		    "no TrimBox (PDF/X-1a needs one on every page, "
		    "as %s does)", v->name);
	if (v->colour == VENDOR_PDFX && !pg->has_bleed)
		tally(p, L_ERROR, "preflight.bleed", "bleedbox", 0, 0,
		    "no BleedBox, where %s asks for %s mm of bleed",
		    v->name, mm(v->bleed, a));
	if (v->layout != VENDOR_SINGLE || v->trim_w <= 0)
		return;
	if (check_sheet(p, pg, tw, th, mw, mh))
		return;
	/* No TrimBox, and a page of the card and its bleed: the trim is
	 * the bleed's width inside the page, as the vendor's templates
	 * draw it. */
	if (!pg->has_trim && ((near(tw, v->trim_w + 2 * v->bleed) &&
	    near(th, v->trim_h + 2 * v->bleed)) || (near(tw, v->trim_h + 2 *
	    v->bleed) && near(th, v->trim_w + 2 * v->bleed))))
		return;
	if (!((near(tw, v->trim_w) && near(th, v->trim_h)) ||
	    (near(tw, v->trim_h) && near(th, v->trim_w))))
		tally(p, L_ERROR, "preflight.page-size", "trim", 0, 0,
		    "trim %s x %s mm (%s), where %s's card is %s x "
		    "%s mm", mm(tw, a), mm(th, b), pg->has_trim ?
		    "TrimBox" : "MediaBox, no TrimBox", v->name,
		    mm(v->trim_w, c), mm(v->trim_h, d));
	/* The bleed: what the BleedBox (else the page) holds past the trim
	 * on its narrowest side. */
	least = 1e9;
	for (i = 0; i < 2; i++) {
		double lo = trim[i] - bleed[i], hi = bleed[i + 2] - trim[i + 2];

		if (lo < least)
			least = lo;
		if (hi < least)
			least = hi;
	}
	if (least < v->bleed - TOL)
		tally(p, L_ERROR, "preflight.bleed", "bleed", 0, 0,
		    "%s mm of bleed past the trim, where %s asks for "
		    "%s mm", mm(least < 0 ? 0 : least, a), v->name,
		    mm(v->bleed, b));
}

/* ---- the document ---- */

static void
check_pdfx(struct pf *p)
{
	struct pdfr *r = p->r;
	struct pobj *info = pdfr_info(r), *oi, *o;
	const char *ver = NULL, *trapped;
	int has_oi = 0, profile = 0, want = p->v && p->v->colour == VENDOR_PDFX;
	enum level lv = want ? L_ERROR : L_NOTE;
	size_t i;

	o = pdfr_get(r, info, "GTS_PDFXVersion");
	if (o && o->type == PO_STRING)
		ver = o->u.str.s;
	oi = pdfr_get(r, pdfr_catalog(r), "OutputIntents");
	for (i = 0; oi && oi->type == PO_ARRAY && i < oi->u.arr.n; i++) {
		struct pobj *d = pdfr_dict(r, oi->u.arr.v[i]);
		const char *s = pdfr_name(pdfr_get(r, d, "S"));

		if (s && !strcmp(s, "GTS_PDFX")) {
			has_oi = 1;
			o = pdfr_get(r, d, "DestOutputProfile");
			profile |= o && o->type == PO_STREAM;
		}
	}
	trapped = pdfr_name(pdfr_get(r, info, "Trapped"));
	if (!want && ver == NULL) {
		diag_at(L_NOTE, "preflight.pdfx", p->file, 0, 0,
		    "not PDF/X: no GTS_PDFXVersion%s", has_oi ?
		    "" : ", no OutputIntent");
		return;
	}
	if (ver == NULL)
		diag_at(lv, "preflight.pdfx", p->file, 0, 0, "no "
		    "GTS_PDFXVersion in the document information: not "
		    "PDF/X-1a:2003, as %s asks", p->v->name);
	else if (want && strncmp(ver, "PDF/X-1", 7) != 0)
		diag_at(lv, "preflight.pdfx", p->file, 0, 0, "GTS_PDFXVersion "
		    "'%.40s', where %s asks for PDF/X-1a:2003", ver,
		    p->v->name);
	else if (!want)
		diag_at(L_NOTE, "preflight.pdfx", p->file, 0, 0, "%.40s",
		    ver);
	if (!has_oi)
		diag_at(lv, "preflight.pdfx", p->file, 0, 0, "no OutputIntent "
		    "of /S /GTS_PDFX in the catalog (the printing condition "
		    "PDF/X names)");
	else if (!profile)
		diag_at(lv, "preflight.pdfx", p->file, 0, 0, "the "
		    "OutputIntent has no DestOutputProfile (an ICC profile)");
	if (trapped == NULL || (strcmp(trapped, "True") &&
	    strcmp(trapped, "False")))
		diag_at(lv, "preflight.pdfx", p->file, 0, 0, "Trapped is %s "
		    "in the document information, where PDF/X asks for True "
		    "or False", trapped ? "Unknown" : "missing");
	if (want && strcmp(pdfr_version(r), "1.3") &&
	    strcmp(pdfr_version(r), "1.4"))
		diag_at(lv, "preflight.pdfx", p->file, 0, 0, "PDF %s, where "
		    "PDF/X-1a:2003 is PDF 1.3 or 1.4", pdfr_version(r));
}

/* The file at path into *buf: 0, or -1 after saying why not. */
static int
read_pdf(const char *path, char **buf, size_t *len)
{
	struct stat st;

	switch (read_regular(path, MAX_FILE, buf, len, &st)) {
	case READ_OK:
		return 0;
	case READ_FOLDER:
		diag_at(L_FATAL, "io.read", path, 0, 0, "is a folder; give a "
		    "PDF file");
		break;
	case READ_SPECIAL:
		diag_at(L_FATAL, "io.read", path, 0, 0, "is not a regular file "
		    "(a FIFO, socket or device); give a PDF file");
		break;
	case READ_BIG:
		diag_at(L_FATAL, "io.read", path, 0, 0, "is over 256 MiB, "
		    "more than preflight reads");
		break;
	case READ_CHANGED:
		diag_at(L_FATAL, "io.read", path, 0, 0, "cannot read: it "
		    "changed while it was read");
		break;
	case READ_IO:
		diag_at(L_FATAL, "io.read", path, 0, 0, "cannot read: %s",
		    strerror(errno));
		break;
	default:
		diag_at(L_FATAL, "io.read", path, 0, 0, "cannot open: %s",
		    strerror(errno));
		break;
	}
	return -1;
}

/* Every page's boxes (with a vendor) and content walked, up to
 * MAX_FILE_OPS operators in all; whether the pages are all of one
 * size. */
static int
walk_pages(struct pf *p, const struct pdfr_page *pages, size_t n)
{
	struct pdfc_ops ops;
	long ops_total = 0;
	int sizes = 1;
	size_t i;

	memset(&ops, 0, sizeof(ops));
	ops.ctx = p;
	ops.text = on_text;
	ops.image = on_image;
	ops.colour = on_colour;
	ops.gstate = on_gstate;
	ops.shading = on_shading;
	ops.group = on_group;
	for (i = 0; i < n; i++) {
		struct pdfc_result res;

		if (ops_total > MAX_FILE_OPS) {
			diag_at(L_WARNING, "preflight.damaged", p->file, 0, 0,
			    "over 20,000,000 operators by page %zu: pages "
			    "%zu-%zu not checked", i, i + 1, n);
			break;
		}

		p->page = (int)i + 1;
		if (p->v)
			check_boxes(p, &pages[i]);
		pdfc_walk(p->r, &pages[i], &ops, &res);
		ops_total += res.ops;
		if (res.unreadable)
			tally(p, L_WARNING, "preflight.damaged", "unreadable",
			    0, 0, "a content stream cannot be decoded "
			    "(damaged, or a filter muster does not read): "
			    "not checked");
		if (res.truncated)
			tally(p, L_WARNING, "preflight.damaged", "truncated",
			    0, 0, "over %s operators (forms within "
			    "forms): checked up to there",
			    "5,000,000");
		if (i > 0 && (!near(pages[i].media[2] - pages[i].media[0],
		    pages[0].media[2] - pages[0].media[0]) ||
		    !near(pages[i].media[3] - pages[i].media[1],
		    pages[0].media[3] - pages[0].media[1])))
			sizes = 0;
	}
	return sizes;
}

/* The file's summary note: its pages, fonts, images, colour and ink. */
static void
summary(const struct pf *p, const struct pdfr_page *pages, size_t n,
    int sizes)
{
	char a[32], b[32], ink[128];

	if (p->inked)
		snprintf(ink, sizeof(ink), "total ink up to %.0f %%%s",
		    p->ink_max, p->unsampled ? " (CMYK pictures in JPEG or "
		    "over 8 bits not sampled)" : "");
	else
		snprintf(ink, sizeof(ink), "no CMYK, gray or spot colour to "
		    "measure ink of");
	diag_at(L_NOTE, "preflight.summary", p->file, 0, 0, "PDF %s, %zu "
	    "page%s %s %s x %s mm; %d font%s (%d not embedded), %d image%s "
	    "placed, colour %s; %s%s", pdfr_version(p->r), n,
	    n == 1 ? "" : "s", sizes ? "of" : "from",
	    mm(pages[0].media[2] - pages[0].media[0], a),
	    mm(pages[0].media[3] - pages[0].media[1], b), p->fonts,
	    p->fonts == 1 ? "" : "s", p->fonts_out, p->images,
	    p->images == 1 ? "" : "s", p->spaces[0] ? p->spaces : "none",
	    ink, p->transparency ? "; transparency" : "");
}

/* Reads and checks one file; its findings go to diag. */
static void
preflight_file(const char *path, const struct vendor *v)
{
	struct pf p;
	char *buf = NULL, err[160];
	size_t len, n;
	const struct pdfr_page *pages;
	int sizes;

	diag_count_file();
	if (read_pdf(path, &buf, &len) < 0)
		return;
	memset(&p, 0, sizeof(p));
	p.file = path;
	p.v = v;
	if ((p.r = pdfr_open((const unsigned char *)buf, len, err,
	    sizeof(err))) == NULL) {
		diag_at(L_FATAL, "io.read", path, 0, 0, "%s", err);
		free(buf);
		return;
	}
	if (pdfr_encrypted(p.r)) {
		diag_at(L_FATAL, "io.read", path, 0, 0, "is encrypted: muster "
		    "cannot read its content (qpdf --decrypt writes a copy "
		    "it can)");
		goto done;
	}
	if (pdfr_repaired(p.r))
		diag_at(L_WARNING, "preflight.damaged", path, 0, 0, "its "
		    "cross-reference data is damaged: read by scanning the "
		    "file for its objects (qpdf --check tells more)");
	pages = pdfr_pages(p.r, &n);
	if (n == 0) {
		diag_at(L_FATAL, "io.read", path, 0, 0, "is a damaged PDF: "
		    "its page tree holds no page");
		goto done;
	}
	sizes = walk_pages(&p, pages, n);
	if (pdfr_limited(p.r))
		diag_at(L_WARNING, "preflight.damaged", path, 0, 0, "is larger "
		    "than muster reads (100,000 pages, 4,000,000 objects): what "
		    "follows is of the %zu pages read and may miss what lies "
		    "past the limit; check the whole with qpdf or a print "
		    "shop's preflight, or render it in parts", n);
	tell(&p);
	check_pdfx(&p);
	if (v && v->format == VENDOR_PNG)
		diag_at(L_NOTE, "preflight.format", path, 0, 0, "%s takes one "
		    "PNG a face of %d x %d px (render --vendor %s --format "
		    "png), not a PDF", v->name, v->px_w, v->px_h, v->name);
	summary(&p, pages, n, sizes);
done:
	tell(&p);
	free(p.t);
	free(p.slot);
	free(p.seen);
	pdfr_free(p.r);
	free(buf);
}

int
cmd_preflight(int argc, char **argv)
{
	const struct vendor *v = NULL;
	const struct rule *r;
	struct preflight_args a = { NULL, 0, 0 };
	int c, json, rc;

	if ((c = opt_parse(&preflight_options, argc, argv, &a)) >= 0)
		return c;
	if (a.list) {
		/* Its rows of the rule table (system.c). */
		for (r = core_rules; r->id; r++)
			if (strncmp(r->id, "preflight.", 10) == 0)
				printf("%-28s %s\n", r->id, r->summary);
		return 0;
	}
	json = a.json;
	if (a.vendor && (v = vendor_find(a.vendor)) == NULL) {
		struct sbuf sb = SBUF_INIT;

		rc = usage_error(preflight_options.head, "unknown vendor '%s'%s",
		    a.vendor, sb_hint(&sb, a.vendor, vendor_names, 1));
		sb_release(&sb);
		return rc;
	}
	if (optind == argc)
		return usage_error(preflight_options.head, "preflight needs a PDF file");
	diag_init(json, stderr);
	for (; optind < argc; optind++) {
		preflight_file(argv[optind], v);
		diag_flush();
	}
	if (json) {
		struct sbuf sb = SBUF_INIT;

		sb_adds(&sb, "\"vendor\": ");
		if (v)
			sb_json(&sb, v->name);
		else
			sb_adds(&sb, "null");
		diag_json_with(stdout, sb_str(&sb));
		sb_release(&sb);
	}
	rc = diag_exit_status(0);
	diag_end();
	return rc;
}
