/*
 * cmd_render.c -- muster render: check everything, lay out the cards, and
 * write each PDF atomically, only when no input had an error.
 */
#include <errno.h>
#include <math.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "catalog.h"
#include "cmd.h"
#include "deps.h"
#include "diag.h"
#include "doc.h"
#include "input.h"
#include "layout/layout.h"
#include "layout/template.h"
#include "pdf/pdf.h"
#include "pdf/raster.h"
#include "record.h"
#include "system.h"
#include "tts.h"
#include "usage.h"
#include "util.h"
#include "vendor.h"
#include "watch.h"

#define MM (72.0 / 25.4)
#define DPI_MIN 36
#define DPI_MAX 1200
#define DPI_DEFAULT 300
/* --ink-limit, percent of one plate: presses take 240 % (uncoated,
 * DriveThruCards) to 340 % (coated sheet-fed); 300 % by default, the
 * ceiling of SWOP, the printing condition of the output profile. */
#define INK_MIN 200
#define INK_MAX 400
#define INK_DEFAULT 300
/* Tabletop Simulator's deck importer: 10 x 7 cells, the last one shown
 * for a hidden card (the back); a sheet at most this many pixels a side,
 * the size it loads without trouble. */
#define TTS_COLS 10
#define TTS_ROWS 7
#define TTS_MAX_PX 4096

const char usage_render[] =
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
    "\n"
    "  -o FILE.pdf      write everything into one PDF\n"
    "  -d DIR           write DIR/STEM.pdf for each PATH (default: out/)\n"
    "  --paper P        a4 or letter (default: $PAPERSIZE, else letter\n"
    "                   when LC_ALL or LC_PAPER is a letter country's\n"
    "                   locale, else /etc/papersize, else $LANG's, else\n"
    "                   a4)\n"
    "  --template T     a built-in template name or a template file, for\n"
    "                   the records of the type it renders; the other\n"
    "                   products keep their own\n"
    "  --product P,...  print only these products (card, sheet, counter,\n"
    "                   roster, reference: 'muster templates' lists them)\n"
    "  --bleed MM       extend backgrounds MM past the trim (default 0)\n"
    "  --no-crop-marks  leave out the crop marks (default: on)\n"
    "  --backs B        duplex-long or duplex-short: a mirrored back page\n"
    "                   after each front page (default: none)\n"
    "  --back-offset X,Y  shift backs X mm right and Y mm down, as seen\n"
    "                   on the back; 'muster calibrate' measures X,Y\n"
    "  --counter-size S cut-out counters S inches square: 1/2, 5/8, 3/4\n"
    "                   or 1 (default 5/8)\n"
    "  --layout L       sheet: cards on a grid (default); single: each\n"
    "                   card a page of its size plus bleed, TrimBox and\n"
    "                   BleedBox set, for print-on-demand; gutter-fold:\n"
    "                   backs beside their fronts, to fold and glue\n"
    "  --copies N       print every card N times (1 to 100)\n"
    "  --only N,...     print only the cards of these names\n"
    "  --cmyk           colours as CMYK for a press, black as pure K\n"
    "  --vendor V       a print shop's profile: mpc (MakePlayingCards),\n"
    "                   tgc (The Game Crafter), dtc (DriveThruCards) or\n"
    "                   pnp (print-and-play at home); sets card size,\n"
    "                   bleed, safe zone, layout, page order, colour and\n"
    "                   format, each unless given here too\n"
    "  --pdfx           PDF/X-1a:2003: every colour CMYK, pictures through\n"
    "                   an ICC output profile, no transparency (dtc's)\n"
    "  --ink-limit PCT  total CMYK ink at most PCT percent, 200 to 400\n"
    "                   (default 300; dtc 240); with --cmyk or --pdfx\n"
    "  --format F       pdf (default), or png: DIR/STEM-NNN.png for each\n"
    "                   card (-NNN-back.png too with --backs, or one\n"
    "                   -back.png when all backs are alike), and for a\n"
    "                   deck DIR/STEM-sheet-N.png sheets of 10 x 7 cards\n"
    "                   for Tabletop Simulator, each one's last cell the\n"
    "                   back; or tts: the same and DIR/STEM.json, the\n"
    "                   deck as a Tabletop Simulator saved object\n"
    "  --dpi N          pixels an inch of the PNG cards (36 to 1200,\n"
    "                   default 300); sheets stay within 4096 pixels\n"
    "  --json           print one JSON object to stdout: what was written\n"
    "                   (\"written\") and every diagnostic, as check --json\n"
    "  --watch          render, then again whenever an input, a file it\n"
    "                   names, a template or an image it used changes,\n"
    "                   each time its lines (a failed render keeps the\n"
    "                   last good PDF), until Ctrl-C or SIGTERM (status 0)\n"
    "\n"
    "exit status: 0 written, 1 errors in the input, 2 usage or I/O error\n";

/* What one output wrote: the line render prints, or its JSON. */
struct written {
	int png;
	int tts;			/* STEM.json written */
	int back_once;			/* one STEM-back.png for every card */
	int pages, cards;		/* PDF pages; cards drawn */
	int backs, sheets;		/* PNG: back images, TTS sheets */
	double dpi, sheet_dpi;
};

struct output {
	char *path;
	struct written w;
	struct pdf *pdf;
	struct layout *layout;
	/* --format tts: each card laid out, in order, as the game shows
	 * it; and whether a unit's document went in (no deck then) */
	struct tts_card *cards;
	int ncards, capcards;
	int units;
};

/* A built-in template, loaded once a run. */
struct loaded_tmpl {
	const char *name;
	struct template *t;
};

struct render {
	struct layout_opts lo;
	struct template *user;		/* --template, or NULL */
	int user_used;			/* it rendered a record */
	char **products;		/* --product, NULL-ended, or NULL: all */
	struct loaded_tmpl *tmpl;
	int ntmpl, captmpl;
	struct record *rec;
	struct batch *batch;
	struct output *cur;
	int stop;			/* an error seen: check, do not draw */
	int copies;			/* --copies */
	char **only;			/* --only, NULL-ended, or NULL: all */
	int *only_hit;			/* cards printed of each --only name */
	char **names;			/* every card's name seen, for hints */
	size_t nnames;
	/* the file being read was named on the command line rather than
	 * found in a folder named there */
	int named_input;
	int tts;			/* --format tts */
	const struct vendor *vendor;	/* --vendor, or NULL */
	const char *vendor_told[16];	/* products it refused, told */
	size_t nvendor_told;
};

/*
 * The template for the records of product p: the user's when it renders
 * p's record type, else p's own built-in one (loaded once).  NULL, with
 * the run stopped, when it cannot be used.
 */
static const struct template *
template_for(struct render *rd, const struct product *p)
{
	struct template *t;
	int i;

	if (rd->user && strcmp(rd->user->type, p->type->name) == 0) {
		rd->user_used = 1;
		return rd->user;
	}
	for (i = 0; i < rd->ntmpl; i++)
		if (strcmp(rd->tmpl[i].name, p->tmpl) == 0)
			return rd->tmpl[i].t;
	t = template_load(p->tmpl, &catalog_vocab);
	if (t && strcmp(t->type, p->type->name) != 0) {
		diag_at(L_FATAL, "template.invalid", t->file, 0, 0,
		    "template '%s' renders %s, not %s; 'muster templates' "
		    "lists which renders what", t->name, t->type,
		    p->type->name);
		template_free(t);
		t = NULL;
	}
	if (rd->ntmpl == rd->captmpl) {
		rd->captmpl = rd->captmpl ? rd->captmpl * 2 : 8;
		rd->tmpl = xrealloc(rd->tmpl, (size_t)rd->captmpl *
		    sizeof(*rd->tmpl));
	}
	rd->tmpl[rd->ntmpl].name = p->tmpl;
	rd->tmpl[rd->ntmpl++].t = t;
	if (t == NULL)
		rd->stop = 1;
	return t;
}

struct doc_ctx {
	struct render *rd;
	const struct product *p;
	const struct template *t;
};

/* Whether --only lets the card through (noting which name did). */
static int
wanted(struct render *rd, const char *name)
{
	size_t i;
	int hit = 0;

	if (rd->only == NULL)
		return 1;
	for (i = 0; i < rd->nnames; i++)
		if (strcmp(rd->names[i], name) == 0)
			break;
	if (i == rd->nnames) {
		rd->names = xrealloc(rd->names, (rd->nnames + 2) *
		    sizeof(*rd->names));
		rd->names[rd->nnames++] = xstrdup(name);
		rd->names[rd->nnames] = NULL;
	}
	for (i = 0; rd->only[i]; i++)
		if (strcasecmp(rd->only[i], name) == 0) {
			rd->only_hit[i]++;
			hit = 1;
		}
	return hit;
}

/* A vendor's card is at most this long a side: poker, bridge, business
 * and tarot cards (4.75 in) are cards; a record sheet or roster is not. */
#define VENDOR_CARD_MAX (5 * 72.0)

/*
 * --vendor with a trim of its own prints cards only: a counter or a
 * page-sized product (a record sheet, a roster) is refused, naming the
 * product, rather than stretched to a playing card or put in a file
 * the print shop would refuse.  Returns 0 after saying so.
 */
static int
vendor_fits(struct render *rd, const struct template *t,
    const struct record *r, const char *product)
{
	const struct vendor *v = rd->vendor;
	char wb[32], hb[32], size[80];
	size_t i;

	if (v == NULL || v->trim_w <= 0 || (!t->counter &&
	    t->w <= VENDOR_CARD_MAX && t->h <= VENDOR_CARD_MAX))
		return 1;
	/* Told once a product. */
	for (i = 0; i < rd->nvendor_told; i++)
		if (strcmp(rd->vendor_told[i], product) == 0)
			return 0;
	if (rd->nvendor_told < sizeof(rd->vendor_told) /
	    sizeof(rd->vendor_told[0]))
		rd->vendor_told[rd->nvendor_told++] = product;
	if (t->counter)
		snprintf(size, sizeof(size), "a counter");
	else
		snprintf(size, sizeof(size), "%s x %s", mm_str(t->w, wb),
		    mm_str(t->h, hb));
	diag_at(L_FATAL, "render.vendor", rec_file(r), rec_line(r),
	    rec_col(r), "--vendor %s prints cards, and product '%s' (template "
	    "'%s', %s) is not one; print it without --vendor, or leave it "
	    "out with --product", v->name, product, t->name, size);
	return 0;
}

/*
 * --format tts: the card as the game shows it, its name and, in its
 * description, each field its template prints on the front (but its
 * name), in the template's order, "key: value" but for text, a line
 * each, icons as their names in brackets.
 */
static void
tts_note(struct output *o, const struct template *t, const struct record *r)
{
	struct sbuf sb = SBUF_INIT;
	const char **seen = NULL;
	int i, n = 0;

	for (i = 0; i < t->ninfo; i++) {
		const char *const *f;

		if (t->info[i].back || t->info[i].fields == NULL)
			continue;
		for (f = t->info[i].fields; *f; f++) {
			const char *v = rec_get(r, *f);

			/* A flag (action: "action") marks the card's kind for
			 * when: and says nothing to a player. */
			if (strcmp(*f, "name") == 0 || v == NULL || *v == '\0' ||
			    strcmp(v, *f) == 0 ||
			    (seen && str_index(seen, *f) >= 0))
				continue;
			seen = xrealloc(seen, (size_t)(n + 2) * sizeof(*seen));
			seen[n++] = *f;
			seen[n] = NULL;
			if (sb.len)
				sb_addc(&sb, '\n');
			if (strcmp(*f, "text") != 0)
				sb_addf(&sb, "%s: ", *f);
			sb_adds(&sb, v);
		}
	}
	free(seen);
	if (o->ncards == o->capcards) {
		o->capcards = o->capcards ? o->capcards * 2 : 64;
		o->cards = xrealloc(o->cards, (size_t)o->capcards *
		    sizeof(*o->cards));
	}
	o->cards[o->ncards].name = tts_plain(rec_label_text(r));
	o->cards[o->ncards++].desc = tts_plain(sb_str(&sb));
	sb_release(&sb);
}

static void
tts_forget(struct output *o)
{
	int i;

	for (i = 0; i < o->ncards; i++) {
		free(o->cards[i].name);
		free(o->cards[i].desc);
	}
	free(o->cards);
	o->cards = NULL;
	o->ncards = o->capcards = 0;
}

/* A unit's document prints counters, a record sheet or a roster: what
 * it prints is no deck of cards, and gets no Tabletop Simulator sheet. */
static int
unit_kind(const struct kind *k)
{
	const struct product *p;

	for (p = k->products; p && p->name; p++)
		if (strcmp(p->name, "counter") == 0 ||
		    strcmp(p->name, "sheet") == 0 ||
		    strcmp(p->name, "roster") == 0)
			return 1;
	return 0;
}

static void
emit_one(struct emitter *e, int copies)
{
	struct doc_ctx *dc = e->ctx;
	const struct template *t = dc->t;
	const char *name, *file;
	int i;

	if (!wanted(dc->rd, rec_label_text(e->rec)))
		return;
	/* A card whose document names its template prints with that one,
	 * unless --template gave one for its type. */
	if (t != dc->rd->user && (name = rec_template(e->rec, &file)) != NULL &&
	    (t = catalog_template(name, file, NULL, "template.invalid",
	    dc->p->type->name)) == NULL) {
		dc->rd->stop = 1;
		return;
	}
	if (!vendor_fits(dc->rd, t, e->rec, dc->p->name))
		return;		/* told; no PDF is written */
	copies *= dc->rd->copies;
	/* Each record type fills pages of its own: record cards and deck
	 * cards given to one -o never share a page. */
	for (i = 0; i < copies && !dc->rd->stop; i++)
		if (layout_card(dc->rd->cur->layout, dc->p->type->name, t,
		    e->rec) < 0)
			dc->rd->stop = 1;
		else if (dc->rd->tts)
			tts_note(dc->rd->cur, t, e->rec);
}

/* "A, B,,C" into a NULL-ended list of its names ("A", "B", "C"), or
 * NULL when it names none. */
static char **
comma_list(const char *arg)
{
	char **v = NULL, *copy = xstrdup(arg), *tok, *save = NULL;
	size_t n = 0;

	for (tok = strtok_r(copy, ",", &save); tok;
	    tok = strtok_r(NULL, ",", &save)) {
		while (*tok == ' ')
			tok++;
		if (*tok == '\0')
			continue;
		v = xrealloc(v, (n + 2) * sizeof(*v));
		v[n++] = xstrdup(tok);
		v[n] = NULL;
	}
	free(copy);
	return v;
}

static void
list_free(char **v)
{
	size_t i;

	for (i = 0; v && v[i]; i++)
		free(v[i]);
	free(v);
}

/* Each --only name that matched no card: an error with a hint. */
static void
only_unmatched(struct render *rd)
{
	struct sbuf sb = SBUF_INIT;
	size_t i;

	for (i = 0; rd->only && rd->only[i]; i++)
		if (rd->only_hit[i] == 0)
			diag_at(L_FATAL, "render.only", "--only", 0, 0,
			    "no card is named '%s'%s", rd->only[i],
			    sb_hint(&sb, rd->only[i],
			    (const char *const *)rd->names, 0));
	sb_release(&sb);
}

/*
 * A template found in a folder of inputs (a deck's own, beside it) is
 * no card: it is passed over, as check checks it.  One named as an
 * input is the mistake it looks like, told as a document without
 * system:.
 */
static int
skip_template(const struct node *root, void *arg)
{
	const struct render *rd = arg;

	return !rd->named_input && node_get(root, "template") != NULL;
}

/* Prints every product of a document (or those --product names). */
static void
on_document(struct loaded *ld, void *ctx)
{
	struct render *rd = ctx;
	const struct product *p;
	struct emitter em;
	struct doc_ctx dc;

	if (ld->kind == NULL && ld->errors == 0)
		return;		/* a template passed over */
	if (ld->errors || ld->kind == NULL)
		rd->stop = 1;
	if (rd->stop)
		return;
	if (unit_kind(ld->kind))
		rd->cur->units = 1;
	for (p = ld->kind->products; p && p->name && !rd->stop; p++) {
		if (rd->products && str_index((const char *const *)rd->products,
		    p->name) < 0)
			continue;
		dc.rd = rd;
		dc.p = p;
		if ((dc.t = template_for(rd, p)) == NULL)
			return;
		em.rec = rd->rec;
		em.card = emit_one;
		em.ctx = &dc;
		p->emit(ld->obj, &em);
	}
}

/* "card,counter" into a NULL-ended list; NULL after saying what is wrong. */
static char **
product_list(const char *arg)
{
	struct sbuf sb = SBUF_INIT;
	char **v = comma_list(arg);
	size_t i;

	if (v == NULL) {
		usage_error(usage_render, "--product needs a product name, such "
		    "as card");
		return NULL;
	}
	for (i = 0; v[i]; i++)
		if (!product_known(v[i])) {
			usage_error(usage_render, "--product '%s' is not a "
			    "product%s", v[i], sb_hint(&sb, v[i],
			    product_names(), 1));
			sb_release(&sb);
			list_free(v);
			return NULL;
		}
	return v;
}

static int
parse_mm(const char *s, double lo, double hi, double *out)
{
	char *end;
	double v;

	if (!decimal_text(s, ""))
		return 0;
	errno = 0;
	v = strtod(s, &end);
	/* Written so that NaN fails too. */
	if (end == s || *end != '\0' || errno || !(v >= lo && v <= hi))
		return 0;
	*out = v * MM;
	return 1;
}

/* The document's Title: its (first) input's name, without folder or
 * extension, so that the same job gives the same file under any name. */
static void
title_for(struct pdf *pdf, const char *input)
{
	char *t = input_stem(input);

	pdf_set_title(pdf, t);
	free(t);
}

/* --watch is rendering: a failed render says that a PDF already there
 * (the last good one) is left as it was. */
static int watching;

/* Says that errors stopped the render; returns the exit status. */
static int
no_pdf(int json)
{
	int n = diag_count(L_ERROR) + diag_count(L_FATAL);

	if (!json)
		fprintf(stderr, "muster: no PDF written: %d error%s%s\n", n,
		    n == 1 ? "" : "s", watching ?
		    "; a PDF already there is left as it was" : "");
	return diag_exit_status(0) ? diag_exit_status(0) : 2;
}

/*
 * --format png: the PDF of one output, drawn as pixels.  Its pages are
 * front, back, front, back... (single layout with backs): each front is
 * STEM-NNN.png, each back STEM-NNN-back.png when backs were asked for
 * (or one STEM-back.png when every card's back is the same picture),
 * and, unless a unit's document went in, the fronts of the first
 * front's size go on Tabletop Simulator sheets, STEM-sheet-N.png, 69
 * cards a sheet and the back of the sheet's first card in the last
 * cell, each cell the card's trim (its bleed, in points, cut off).
 * --format tts writes the back and, beside the sheets, STEM.json, the
 * deck as a saved object (tts.c).  o->path is the PDF's path: STEM from
 * it.
 */
static int
write_images(struct output *o, double dpi, int backs, int tts, double bleed,
    char *err, size_t errlen)
{
	struct written *w = &o->w;
	const char *path = o->path;
	unsigned char *bytes;
	size_t len, stemlen = strlen(path) - 4;	/* less ".pdf" */
	struct raster *r;
	char *name = xmalloc(stemlen + 32);
	char **backv = NULL, **sheetv = NULL;
	struct tts_card *deck = NULL;
	int n, i, k, cards = 0, sheets = 0, *cells = NULL, nfront = 0;
	int nback = 0;
	double w0 = 0, h0 = 0, pw, ph, sdpi;
	int rc = -1;

	if (tts)
		backs = 1;
	if (pdf_save_mem(o->pdf, &bytes, &len, err, errlen) < 0) {
		free(name);
		return -1;
	}
	if ((r = raster_open(bytes, len, err, errlen)) == NULL)
		goto out;
	n = raster_pages(r);
	cells = xmalloc(sizeof(*cells) * (size_t)(n + 1));
	backv = xcalloc((size_t)n + 1, sizeof(*backv));
	for (i = 0; i < n; i += 2) {
		cards++;
		snprintf(name, stemlen + 32, "%.*s-%03d.png", (int)stemlen,
		    path, cards);
		if (raster_png(r, i, dpi, name, err, errlen) < 0)
			goto out;
		if (backs && i + 1 < n) {
			snprintf(name, stemlen + 32, "%.*s-%03d-back.png",
			    (int)stemlen, path, cards);
			if (raster_png(r, i + 1, dpi, name, err, errlen) < 0)
				goto out;
			backv[nback++] = xstrdup(name);
		}
		raster_page_size(r, i, &pw, &ph);
		if (nfront == 0) {
			w0 = pw - 2 * bleed;
			h0 = ph - 2 * bleed;
		}
		if (fabs(pw - 2 * bleed - w0) < 0.01 &&
		    fabs(ph - 2 * bleed - h0) < 0.01)
			cells[nfront++] = i;
	}
	/* Every back the same picture (a deck's): written once. */
	snprintf(name, stemlen + 32, "%.*s-back.png", (int)stemlen, path);
	if ((w->back_once = tts_backs_once(backv, nback, name, err,
	    errlen)) < 0)
		goto out;
	/* A unit's cards, counters and sheets are no deck. */
	if (o->units)
		nfront = 0;
	/* The sheets: at --dpi, or less when that would pass TTS_MAX_PX. */
	sdpi = dpi;
	if (nfront > 0 && (w0 * TTS_COLS * sdpi / 72 > TTS_MAX_PX ||
	    h0 * TTS_ROWS * sdpi / 72 > TTS_MAX_PX))
		sdpi = floor(fmin(TTS_MAX_PX * 72 / (w0 * TTS_COLS),
		    TTS_MAX_PX * 72 / (h0 * TTS_ROWS)));
	sheetv = xcalloc((size_t)nfront / (TTS_COLS * TTS_ROWS - 1) + 2,
	    sizeof(*sheetv));
	for (k = 0; k < nfront; k += TTS_COLS * TTS_ROWS - 1) {
		int sheet[TTS_COLS * TTS_ROWS], c;

		for (c = 0; c < TTS_COLS * TTS_ROWS - 1; c++)
			sheet[c] = k + c < nfront ? cells[k + c] : -1;
		/* The last cell: what a hidden card shows, its back. */
		sheet[c] = cells[k] + 1 < n ? cells[k] + 1 : -1;
		snprintf(name, stemlen + 32, "%.*s-sheet-%d.png", (int)stemlen,
		    path, ++sheets);
		if (raster_sheet_png(r, sheet, TTS_COLS, TTS_ROWS, sdpi, bleed,
		    name, err, errlen) < 0)
			goto out;
		sheetv[sheets - 1] = xstrdup(name);
	}
	/* The deck as a saved object: the cards on the sheets, in their
	 * order, named and described as laid out (one a front page). */
	if (tts && nfront > 0) {
		struct tts_deck d;
		const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 :
		    path;
		char *title = xstrndup(base, strlen(base) - 4);

		deck = xcalloc((size_t)nfront, sizeof(*deck));
		for (k = 0; k < nfront; k++)
			if (cells[k] / 2 < o->ncards)
				deck[k] = o->cards[cells[k] / 2];
			else
				deck[k].name = deck[k].desc = "";
		d.name = title;
		d.sheets = (const char *const *)sheetv;
		d.nsheets = sheets;
		d.cols = TTS_COLS;
		d.rows = TTS_ROWS;
		d.per_sheet = TTS_COLS * TTS_ROWS - 1;
		snprintf(name, stemlen + 32, "%.*s-%s.png", (int)stemlen, path,
		    w->back_once ? "back" : "001-back");
		d.back = name;
		d.cards = deck;
		d.ncards = nfront;
		{
			char *json = xmalloc(stemlen + 8);

			snprintf(json, stemlen + 8, "%.*s.json", (int)stemlen,
			    path);
			k = tts_write(json, &d, err, errlen);
			free(json);
		}
		free(title);
		if (k < 0)
			goto out;
		w->tts = 1;
	}
	w->png = 1;
	w->cards = cards;
	w->backs = backs;
	w->dpi = dpi;
	w->sheets = sheets;
	w->sheet_dpi = sdpi;
	rc = 0;
out:
	raster_close(r);
	for (i = 0; backv && backv[i]; i++)
		free(backv[i]);
	free(backv);
	for (i = 0; sheetv && sheetv[i]; i++)
		free(sheetv[i]);
	free(sheetv);
	free(deck);
	free(cells);
	free(bytes);
	free(name);
	return rc;
}

/* The line render prints for what an output wrote. */
static void
say_written(const struct output *o)
{
	const struct written *w = &o->w;

	int stem = (int)strlen(o->path) - 4;

	if (w->png) {
		printf("%.*s-NNN.png: %d card%s%s at %.0f dpi", stem, o->path,
		    w->cards, w->cards == 1 ? "" : "s", w->backs ?
		    " with backs" : "", w->dpi);
		if (w->sheets)
			printf("; %d sheet%s of %d x %d at %.0f dpi for "
			    "Tabletop Simulator", w->sheets, w->sheets == 1 ?
			    "" : "s", TTS_COLS, TTS_ROWS, w->sheet_dpi);
		else if (o->units)
			printf("; no Tabletop Simulator sheet: a unit's cards "
			    "are no deck");
		if (w->back_once)
			printf("; one back, %.*s-back.png", stem, o->path);
		if (w->tts)
			printf("; %.*s.json, the deck for Tabletop Simulator's "
			    "Saved Objects", stem, o->path);
		putchar('\n');
	} else
		printf("%s: %d page%s, %d card%s\n", o->path, w->pages,
		    w->pages == 1 ? "" : "s", w->cards,
		    w->cards == 1 ? "" : "s");
}

/* --json: the same as the lines above, each output a member of
 * "written", beside check --json's members. */
static void
json_written(const struct output *outs, int nout)
{
	struct sbuf sb = SBUF_INIT;
	int i, n = 0;

	sb_adds(&sb, "\"written\": [");
	for (i = 0; i < nout; i++) {
		const struct written *w = &outs[i].w;
		struct sbuf path = SBUF_INIT;

		if (w->cards == 0)
			continue;
		if (w->png)
			sb_addf(&path, "%.*s-NNN.png",
			    (int)strlen(outs[i].path) - 4, outs[i].path);
		else
			sb_adds(&path, outs[i].path);
		sb_adds(&sb, n++ ? ",\n  {\"path\": " : "\n  {\"path\": ");
		sb_json(&sb, path.buf);
		sb_release(&path);
		if (w->png) {
			sb_addf(&sb, ", \"format\": \"%s\", \"cards\": %d, "
			    "\"backs\": %s, \"dpi\": %.0f, \"sheets\": %d, "
			    "\"sheet_dpi\": %.0f", w->tts ? "tts" : "png",
			    w->cards, w->backs ? "true" : "false", w->dpi,
			    w->sheets, w->sheet_dpi);
			if (w->tts) {
				struct sbuf js = SBUF_INIT;

				sb_addf(&js, "%.*s.json",
				    (int)strlen(outs[i].path) - 4,
				    outs[i].path);
				sb_adds(&sb, ", \"object\": ");
				sb_json(&sb, js.buf);
				sb_release(&js);
			}
			sb_addc(&sb, '}');
		}
		else
			sb_addf(&sb, ", \"format\": \"pdf\", \"pages\": %d, "
			    "\"cards\": %d}", w->pages, w->cards);
	}
	sb_adds(&sb, n ? "\n]" : "]");
	diag_json_with(stdout, sb.buf);
	sb_release(&sb);
}

/* What the command line asked of every render: the one, or each of
 * --watch's. */
struct job {
	const char *tmpl_name;
	int png, user_backs, cmyk, json;
	int tts;		/* --format tts: png and a saved object */
	int pdfx, ink;			/* --pdfx; --ink-limit, percent */
	double dpi;
	char **paths;		/* the PATHs, npaths of them */
	int npaths;
	int one;		/* -o: every PATH into one output */
	const char *dir;	/* the folder written into, made when
				 * something is written; NULL with -o */
};

/* Makes the output folder if it is missing (one level, like mkdir). */
static int
ensure_dir(const char *dir)
{
	struct stat st;

	if (stat(dir, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			return 0;
		diag_at(L_FATAL, "io.write", dir, 0, 0,
		    "is not a folder; give -d a folder to write into");
		return -1;
	}
	if (mkdir(dir, 0777) < 0) {
		diag_at(L_FATAL, "io.write", dir, 0, 0,
		    "cannot make the output folder: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * One render of every output: check, lay out, write.  outs[] hold their
 * paths; what a render makes (and its templates, its batch) is freed
 * before it returns, so that --watch can render again.  Returns the
 * exit status.
 */
static int
render_pass(struct render *rd, struct output *outs, int nout,
    const struct job *jb)
{
	char err[512];
	int i, j, rc;

	diag_init(jb->json, stderr);
	rd->stop = rd->user_used = 0;
	rd->nvendor_told = 0;
	if (rd->only_hit) {
		for (i = 0; rd->only[i]; i++)
			rd->only_hit[i] = 0;
	}
	/* The user's template is checked before any input is read. */
	if (jb->tmpl_name && (rd->user = template_load(jb->tmpl_name,
	    &catalog_vocab)) == NULL) {
		diag_flush();
		rc = no_pdf(jb->json);
		goto out;
	}
	rd->rec = record_new();
	rd->batch = batch_new();
	batch_set_rendering(rd->batch);
	catalog_attach(rd->batch);
	batch_set_foreign(rd->batch, skip_template, rd);
	for (i = 0; i < nout; i++) {
		struct inputs in = INPUTS_INIT;
		size_t k;

		memset(&outs[i].w, 0, sizeof(outs[i].w));
		outs[i].pdf = pdf_new();
		pdf_set_cmyk(outs[i].pdf, jb->cmyk);
		pdf_set_ink_limit(outs[i].pdf, jb->ink);
		if (jb->pdfx && pdf_set_pdfx(outs[i].pdf, err,
		    sizeof(err)) < 0) {
			diag_at(L_FATAL, "io.read", NULL, 0, 0, "--pdfx: %s",
			    err);
			diag_flush();
			rc = no_pdf(jb->json);
			nout = i + 1;
			goto out;
		}
		title_for(outs[i].pdf, jb->paths[jb->one ? 0 : i]);
		outs[i].layout = layout_new(outs[i].pdf, &rd->lo);
		rd->cur = &outs[i];
		if (jb->one) {
			for (j = 0; j < jb->npaths; j++)
				inputs_add(&in, jb->paths[j]);
		} else {
			inputs_add(&in, jb->paths[i]);
		}
		for (k = 0; k < in.n; k++) {
			rd->named_input = 0;
			for (j = 0; j < jb->npaths && !rd->named_input; j++)
				rd->named_input = strcmp(in.v[k],
				    jb->paths[j]) == 0;
			system_read_file(in.v[k], rd->batch, on_document, rd);
			diag_flush();
		}
		layout_finish(outs[i].layout);
		inputs_free(&in);
	}
	if (diag_exit_status(0) == 0)
		only_unmatched(rd);
	if (rd->user && !rd->user_used && diag_exit_status(0) == 0)
		diag_at(L_FATAL, "template.invalid", rd->user->file, 0, 0,
		    "template '%s' renders %s records, which none of the "
		    "inputs prints; 'muster templates' lists which product "
		    "renders what", rd->user->name, rd->user->type);
	diag_flush();
	if ((rc = diag_exit_status(0)) != 0) {
		rc = no_pdf(jb->json);
		goto out;
	}
	/* The folder is made only for what will be written into it. */
	if (jb->dir && ensure_dir(jb->dir) < 0) {
		diag_flush();
		rc = 2;
		goto out;
	}
	for (i = 0; i < nout; i++) {
		int cards = layout_cards(outs[i].layout);

		if (cards == 0) {
			if (!jb->json)
				fprintf(stderr, "muster: %s: nothing to print; "
				    "no PDF written\n", outs[i].path);
			continue;
		}
		if (jb->png) {
			if (write_images(&outs[i], jb->dpi, jb->user_backs,
			    jb->tts, rd->lo.bleed, err, sizeof(err)) < 0) {
				/* err names the image, not the PDF path. */
				diag_at(L_FATAL, "io.write", NULL, 0, 0, "%s",
				    err);
				diag_flush();
				rc = 2;
				outs[i].w.cards = 0;
			} else if (!jb->json) {
				say_written(&outs[i]);
			}
			continue;
		}
		if (pdf_save(outs[i].pdf, outs[i].path, err, sizeof(err)) < 0) {
			diag_at(L_FATAL, "io.write", outs[i].path, 0, 0, "%s",
			    err);
			diag_flush();
			rc = 2;
			continue;
		}
		outs[i].w.pages = (int)pdf_page_count(outs[i].pdf);
		outs[i].w.cards = cards;
		if (!jb->json)
			say_written(&outs[i]);
	}
out:
	if (jb->json)
		json_written(outs, nout);
	for (i = 0; i < nout; i++) {
		tts_forget(&outs[i]);
		outs[i].units = 0;
		layout_free(outs[i].layout);
		pdf_free(outs[i].pdf);
		outs[i].layout = NULL;
		outs[i].pdf = NULL;
	}
	for (i = 0; i < rd->ntmpl; i++)
		template_free(rd->tmpl[i].t);
	free(rd->tmpl);
	rd->tmpl = NULL;
	rd->ntmpl = rd->captmpl = 0;
	template_free(rd->user);
	rd->user = NULL;
	catalog_release();
	list_free(rd->names);
	rd->names = NULL;
	rd->nnames = 0;
	record_free(rd->rec);
	rd->rec = NULL;
	batch_free(rd->batch);
	rd->batch = NULL;
	return rc;
}

/* A save is several events: a change counts once the files have been
 * quiet this long. */
#define WATCH_QUIET_MS 100

/*
 * --watch (SPEC 2): renders, then again whenever a file the last render
 * read changes (deps.h: its inputs, the files they name, templates,
 * images, data), or a YAML file appears in an input folder; its lines
 * each time.  SIGINT or SIGTERM ends it with status 0; they wait for a
 * render under way, so that no temporary file is left.
 */
static int
render_watch(struct render *rd, struct output *outs, int nout,
    const struct job *jb)
{
	const char *const *dep;
	const char *skipped;
	char *told = NULL;
	struct watch *w;
	struct stat st;
	size_t n, i, folders;
	int r, k, first = 1;

	if ((w = watch_new()) == NULL) {
		diag_at(L_FATAL, "io.read", NULL, 0, 0, "cannot watch files "
		    "for changes: %s", strerror(errno));
		diag_flush();
		return 2;
	}
	watching = 1;
	deps_record(1);
	do {
		deps_clear();
		render_pass(rd, outs, nout, jb);
		dep = deps_list(&n);
		for (i = 0; i < n; i++)
			watch_file(w, dep[i]);
		for (k = 0; k < jb->npaths; k++)
			if (stat(jb->paths[k], &st) == 0 && S_ISDIR(st.st_mode))
				watch_tree(w, jb->paths[k]);
			else
				watch_file(w, jb->paths[k]);
		folders = watch_commit(w, &skipped);
		if (first)
			fprintf(stderr, "muster: watching %zu file%s in %zu "
			    "folder%s for changes; Ctrl-C stops\n", n,
			    n == 1 ? "" : "s", folders, folders == 1 ? "" : "s");
		if (skipped && (told == NULL || strcmp(told, skipped) != 0)) {
			fprintf(stderr, "muster: cannot watch the folder '%s' "
			    "(missing, or past the system's limit of watches): "
			    "a change there is not seen\n", skipped);
			free(told);
			told = xstrdup(skipped);
		}
		first = 0;
		/* What it wrote is told once the files it read are watched:
		 * a change made on reading the line is seen. */
		fflush(stdout);
	} while ((r = watch_wait(w, WATCH_QUIET_MS)) > 0);
	if (r < 0)
		fprintf(stderr, "muster: cannot watch files for changes: %s\n",
		    strerror(errno));
	free(told);
	deps_record(0);
	watch_free(w);
	watching = 0;
	return r < 0 ? 2 : 0;
}


/* --format: a PDF, or PNG images of the cards (and deck sheets). */
static const char *const format_names[] = { "pdf", "png", "tts", NULL };

/* --counter-size: the names, and the sides in inches. */
static const char *const counter_names[] = { "1/2", "5/8", "3/4", "1", NULL };
static const double counter_inches[] = { 0.5, 0.625, 0.75, 1 };

/* The values of the options that take one of a list, for completion. */
const struct optval render_values[] = {
	{ "paper", sheet_paper_names },
	{ "backs", sheet_backs_names },
	{ "layout", sheet_layout_names },
	{ "counter-size", counter_names },
	{ "format", format_names },
	{ "vendor", vendor_names },
	{ NULL, NULL }
};

/* The options, for getopt_long and for shell completion. */
const struct option render_opts[] = {
	{ "output", required_argument, NULL, 'o' },
	{ "dir", required_argument, NULL, 'd' },
	{ "paper", required_argument, NULL, 'p' },
	{ "template", required_argument, NULL, 't' },
	{ "product", required_argument, NULL, 'P' },
	{ "bleed", required_argument, NULL, 'b' },
	{ "crop-marks", no_argument, NULL, 'c' },
	{ "no-crop-marks", no_argument, NULL, 'C' },
	{ "backs", required_argument, NULL, 'B' },
	{ "back-offset", required_argument, NULL, 'O' },
	{ "counter-size", required_argument, NULL, 'S' },
	{ "layout", required_argument, NULL, 'L' },
	{ "copies", required_argument, NULL, 'N' },
	{ "only", required_argument, NULL, 'Y' },
	{ "cmyk", no_argument, NULL, 'K' },
	{ "vendor", required_argument, NULL, 'V' },
	{ "pdfx", no_argument, NULL, 'X' },
	{ "ink-limit", required_argument, NULL, 'I' },
	{ "format", required_argument, NULL, 'F' },
	{ "dpi", required_argument, NULL, 'D' },
	{ "json", no_argument, NULL, 'J' },
	{ "watch", no_argument, NULL, 'W' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

int
cmd_render(int argc, char **argv)
{
	struct render rd;
	struct output *outs = NULL;
	const char *outfile = NULL, *outdir = NULL, *paper = NULL;
	int png = 0, user_backs = 0;
	double dpi = DPI_DEFAULT;
	const char *tmpl_name = NULL, *product_arg = NULL, *only_arg = NULL;
	int nout = 0, c, i, j, k, rc, cmyk = 0, backs_given = 0, json = 0;
	int reporting = 0, watch = 0, passes = 0;
	int pdfx = 0, ink = 0, bleed_given = 0, layout_given = 0;
	int format_given = 0, dpi_given = 0, crop_given = 0;
	const struct vendor *v = NULL;
	struct job jb;

	memset(&rd, 0, sizeof(rd));
	rd.lo.crop = 1;
	rd.lo.backs = BACKS_NONE;
	rd.lo.counter = 5.0 / 8 * 72;	/* SPEC 4: counters 5/8 in by default */
	rd.lo.layout = LAYOUT_SHEET;
	rd.copies = 1;
	optind = 1;
	while ((c = getopt_long(argc, argv, "o:d:h", render_opts, NULL)) != -1) {
		switch (c) {
		case 'o': outfile = optarg; break;
		case 'd': outdir = optarg; break;
		case 'p': paper = optarg; break;
		case 't': tmpl_name = optarg; break;
		case 'P':
			if (product_arg)
				return usage_error(usage_render, "give --product "
				    "once, with the names joined by commas");
			product_arg = optarg;
			break;
		case 'c': rd.lo.crop = 1; crop_given = 1; break;
		case 'C': rd.lo.crop = 0; crop_given = 1; break;
		case 'V':
			if ((v = vendor_find(optarg)) == NULL)
				return usage_error(usage_render, "--vendor '%s' "
				    "must be mpc, tgc, dtc or pnp", optarg);
			break;
		case 'X': pdfx = 1; break;
		case 'I': {
			char *end;
			long n;

			errno = 0;
			n = strtol(optarg, &end, 10);
			if (end == optarg || *end || errno || n < INK_MIN ||
			    n > INK_MAX)
				return usage_error(usage_render, "--ink-limit "
				    "'%s' must be a whole percentage from %d to "
				    "%d", optarg, INK_MIN, INK_MAX);
			ink = (int)n;
			break;
		}
		case 'b':
			bleed_given = 1;
			if (!parse_mm(optarg, 0, 20, &rd.lo.bleed))
				return usage_error(usage_render, "--bleed '%s' "
				    "must be millimetres from 0 to 20", optarg);
			break;
		case 'L':
			layout_given = 1;
			if ((k = str_index(sheet_layout_names, optarg)) < 0)
				return usage_error(usage_render, "--layout '%s' "
				    "must be sheet, single or gutter-fold",
				    optarg);
			rd.lo.layout = (enum sheet_layout)k;
			break;
		case 'N': {
			char *end;
			long n;

			errno = 0;
			n = strtol(optarg, &end, 10);
			if (end == optarg || *end || errno || n < 1 || n > 100)
				return usage_error(usage_render, "--copies '%s' "
				    "must be a whole number from 1 to 100",
				    optarg);
			rd.copies = (int)n;
			break;
		}
		case 'Y':
			if (only_arg)
				return usage_error(usage_render, "give --only "
				    "once, with the names joined by commas");
			only_arg = optarg;
			break;
		case 'K': cmyk = 1; break;
		case 'J': json = 1; break;
		case 'W': watch = 1; break;
		case 'F':
			format_given = 1;
			if ((k = str_index(format_names, optarg)) < 0)
				return usage_error(usage_render, "--format '%s' "
				    "must be pdf, png or tts", optarg);
			png = k >= 1;
			rd.tts = k == 2;
			break;
		case 'D': {
			char *end;
			long n;

			dpi_given = 1;
			errno = 0;
			n = strtol(optarg, &end, 10);
			if (end == optarg || *end || errno || n < DPI_MIN ||
			    n > DPI_MAX)
				return usage_error(usage_render, "--dpi '%s' "
				    "must be a whole number from %d to %d",
				    optarg, DPI_MIN, DPI_MAX);
			dpi = (double)n;
			break;
		}
		case 'B':
			backs_given = 1;
			if ((k = str_index(sheet_backs_names, optarg)) < 0)
				return usage_error(usage_render, "--backs '%s' "
				    "must be none, duplex-long or duplex-short",
				    optarg);
			rd.lo.backs = (enum backs)k;
			break;
		case 'O':
			if (sheet_offset(optarg, &rd.lo.back_dx,
			    &rd.lo.back_dy) < 0)
				return usage_error(usage_render, "--back-offset "
				    "'%s' must be X,Y in millimetres, each -20 "
				    "to 20", optarg);
			break;
		case 'S':
			if ((k = str_index(counter_names, optarg)) < 0)
				return usage_error(usage_render, "--counter-size "
				    "'%s' must be 1/2, 5/8, 3/4 or 1 (inches)",
				    optarg);
			rd.lo.counter = counter_inches[k] * 72;
			break;
		case 'h': fputs(usage_render, stdout); return 0;
		default: return usage_option(usage_render, render_opts, argv);
		}
	}
	if (optind == argc)
		return usage_error(usage_render, "render needs a file or folder");
	/* A print shop's profile: what the user did not say (vendor.c). */
	if (v) {
		rd.vendor = v;
		rd.lo.trim_w = v->trim_w;
		rd.lo.trim_h = v->trim_h;
		rd.lo.safe = v->safe;
		if (!bleed_given)
			rd.lo.bleed = v->bleed;
		if (!layout_given && !(format_given && !png))
			rd.lo.layout = v->layout == VENDOR_SINGLE ?
			    LAYOUT_SINGLE : LAYOUT_SHEET;
		if (!crop_given && rd.lo.layout == LAYOUT_SHEET)
			rd.lo.crop = 1;
		if (!format_given && v->format == VENDOR_PNG && !outfile)
			png = 1;
		/* A PNG, the vendor's or the user's, takes png's own layout
		 * (below), not the vendor's for its PDF. */
		if (png && !layout_given)
			rd.lo.layout = LAYOUT_SHEET;
		if (!dpi_given && png)
			dpi = v->dpi;
		/* A card a page: its back the next page, or the one before
		 * (DriveThruCards), as the shop pairs them. */
		if (!backs_given && (rd.lo.layout == LAYOUT_SINGLE || png)) {
			rd.lo.backs = BACKS_LONG;
			backs_given = 1;
		}
		rd.lo.back_first = v->order == VENDOR_BACK_FIRST && !png;
		/* PDF/X and its ink limit are the vendor's for a PDF; a PNG
		 * the user asked for is RGB, as every PNG. */
		if (v->colour == VENDOR_PDFX && !png)
			pdfx = 1;
		if (ink == 0 && (pdfx || cmyk))
			ink = v->ink_limit;
	}
	if (ink != 0 && !cmyk && !pdfx)
		return usage_error(usage_render, "--ink-limit holds CMYK ink: "
		    "give --cmyk or --pdfx too");
	if (ink == 0)
		ink = INK_DEFAULT;
	if (pdfx && png)
		return usage_error(usage_render, "--pdfx makes a PDF; leave out "
		    "--format png");
	for (i = optind; watch && i < argc; i++)
		if (strcmp(argv[i], "-") == 0)
			return usage_error(usage_render, "--watch cannot watch "
			    "standard input ('-'); give files or folders");
	if (outfile && outdir)
		return usage_error(usage_render, "give -o or -d, not both");
	if (outfile && (strlen(outfile) < 5 ||
	    strcmp(outfile + strlen(outfile) - 4, ".pdf") != 0))
		return usage_error(usage_render, "-o '%s' must name a .pdf "
		    "file", outfile);
	if (png && outfile)
		return usage_error(usage_render, "--format png writes a folder "
		    "of images: give -d DIR, not -o");
	if (png && rd.lo.layout != LAYOUT_SHEET)
		return usage_error(usage_render, "--format png draws each card "
		    "on its own; leave out --layout");
	if (png) {
		/* Each card a page of its own size (and bleed), no marks,
		 * its back the next page: a page is an image. */
		user_backs = backs_given && rd.lo.backs != BACKS_NONE;
		rd.lo.layout = LAYOUT_SINGLE;
		rd.lo.crop = 0;
		rd.lo.backs = BACKS_LONG;
		rd.lo.back_dx = rd.lo.back_dy = 0;
	}
	/* gutter-fold prints each back beside its front: --backs asks
	 * for what it does anyway, and is let be. */
	if (paper == NULL)
		paper = sheet_default_paper();
	if (sheet_paper(paper, &rd.lo.paper_w, &rd.lo.paper_h, &rd.lo.a4) < 0)
		return usage_error(usage_render, "--paper '%s' must be a4 or "
		    "letter", paper);

	if (product_arg && (rd.products = product_list(product_arg)) == NULL)
		return 2;
	if (only_arg) {
		size_t n;

		if ((rd.only = comma_list(only_arg)) == NULL) {
			rc = usage_error(usage_render, "--only needs card names, "
			    "such as 'Hussars,Lancers'");
			goto out;
		}
		for (n = 0; rd.only[n]; n++)
			;
		rd.only_hit = xcalloc(n + 1, sizeof(int));
	}
	diag_init(json, stderr);
	reporting = 1;
	/* One output per PATH (or one for all with -o). */
	nout = outfile ? 1 : argc - optind;
	outs = xcalloc((size_t)nout, sizeof(*outs));
	for (i = 0; i < nout; i++) {
		if (outfile) {
			outs[i].path = xstrdup(outfile);
		} else {
			char *stem = input_stem(argv[optind + i]);
			const char *dir = outdir ? outdir : "out";

			outs[i].path = xmalloc(strlen(dir) + strlen(stem) + 6);
			sprintf(outs[i].path, "%s/%s.pdf", dir, stem);
			free(stem);
			for (j = 0; j < i; j++)
				if (strcmp(outs[j].path, outs[i].path) == 0) {
					rc = usage_error(usage_render, "'%s' and "
					    "'%s' would both write %s; use -o",
					    argv[optind + j], argv[optind + i],
					    outs[i].path);
					nout = i + 1;
					goto out;
				}
		}
	}

	jb.tmpl_name = tmpl_name;
	jb.dir = outfile ? NULL : outdir ? outdir : "out";
	jb.png = png;
	jb.tts = rd.tts;
	jb.user_backs = user_backs;
	jb.cmyk = cmyk || pdfx;
	jb.pdfx = pdfx;
	jb.ink = ink;
	jb.json = json;
	jb.dpi = dpi;
	jb.paths = argv + optind;
	jb.npaths = argc - optind;
	jb.one = outfile != NULL;
	if (watch)
		rc = render_watch(&rd, outs, nout, &jb);
	else
		rc = render_pass(&rd, outs, nout, &jb);
	passes = 1;
out:
	/* A usage or output folder error before any render. */
	if (json && reporting && !passes)
		json_written(outs, nout);
	for (i = 0; i < nout; i++)
		free(outs[i].path);
	free(outs);
	list_free(rd.products);
	list_free(rd.only);
	free(rd.only_hit);
	return rc;
}
