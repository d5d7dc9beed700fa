/*
 * pdf/pdf.c -- see pdf.h.  The document, pages, forms and shapes; the
 * save is save.c's, fonts and measuring pdf_font.c's, text drawn and
 * fitted into boxes pdf_text.c's.
 *
 * libharu 2.3 facts these files work around (STYLE.md): the base-14 fonts
 * never embed, so only TrueType files are used, with the UTF-8 encoder;
 * errors stick until reset, so one handler records the first; a missing
 * glyph prints as a blank box, so coverage is checked with fontconfig's
 * charset; the ToUnicode CMap 2.3 writes for UTF-8 fonts is malformed
 * (a cidrange where a bfrange belongs), so pdf_font.c rewrites it.
 */
#include "pdf_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <fontconfig/fontconfig.h>
#include <hpdf.h>
#include <hpdf_list.h>
#include <hpdf_pages.h>
#include <hpdf_streams.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../util.h"
#include "colour.h"

static void
on_error(HPDF_STATUS err, HPDF_STATUS detail, void *data)
{
	struct pdf *p = data;

	if (p->err == 0) {
		p->err = err;
		p->detail = detail;
	}
}

struct pdf *
pdf_new(void)
{
	struct pdf *p = xcalloc(1, sizeof(*p));

	p->doc = HPDF_New(on_error, p);
	if (p->doc == NULL)
		fatal("cannot create a PDF document (out of memory?)");
	HPDF_SetCompressionMode(p->doc, HPDF_COMP_ALL);
	HPDF_UseUTFEncodings(p->doc);
	HPDF_SetInfoAttr(p->doc, HPDF_INFO_PRODUCER, "muster");
	HPDF_MD5Init(&p->id);
	p->plain = getenv("MUSTER_PDF_PLAIN") && *getenv("MUSTER_PDF_PLAIN") &&
	    strcmp(getenv("MUSTER_PDF_PLAIN"), "0") != 0;
	return p;
}

struct pdf *
pdf_new_finder(void)
{
	struct pdf *p = pdf_new();

	p->finder = 1;
	return p;
}

void
page_free(struct pdf_page *pg)
{
	free(pg->out.b);
	free(pg->fname);
	free(pg->saved);
	free(pg->fills);
	free(pg->xobj);
	free(pg);
}

void
pdf_free(struct pdf *p)
{
	struct pdf_page *pg, *next;
	int i;

	if (p == NULL)
		return;
	for (i = 0; i < p->nfonts; i++) {
		free(p->font[i].pattern);
		free(p->font[i].file);
		free(p->font[i].width);
		free(p->font[i].cstext);
		if (p->font[i].cs)
			FcCharSetDestroy(p->font[i].cs);
	}
	free(p->font);
	for (i = 0; i < p->nicon; i++) {
		free(p->icon[i].key);
		free(p->icon[i].label);
	}
	free(p->icon);
	pool_free(p);
	images_free(p);
	for (pg = p->pages; pg; pg = next) {
		next = pg->next;
		page_free(pg);
	}
	free(p->rec);
	for (pg = p->forms; pg; pg = next) {
		next = pg->next;
		page_free(pg);
	}
	free(p->form);
	free(p->formpg);
	colour_free(p->cms);
	HPDF_Free(p->doc);
	free(p);
}

int
pdf_failed(const struct pdf *p, char *err, size_t errlen)
{
	if (p->err == 0)
		return 0;
	if (spill_error(p)) {
		snprintf(err, errlen, "cannot write a temporary file: %s",
		    strerror(spill_error(p)));
		return 1;
	}
	snprintf(err, errlen, "libharu error 0x%04X (detail %u)",
	    (unsigned)p->err, (unsigned)p->detail);
	return 1;
}

/* The document's /ID is a digest of what it says: page sizes and text,
 * with the title; the same job gives the same /ID. */
void
id_add(struct pdf *p, const void *data, size_t len)
{
	HPDF_MD5Update(&p->id, data, (HPDF_UINT32)len);
}

static void
id_num(struct pdf *p, double v)
{
	char b[32];

	id_add(p, b, (size_t)snprintf(b, sizeof(b), "%.2f ", v));
}

void
pdf_set_title(struct pdf *p, const char *title)
{
	HPDF_SetInfoAttr(p->doc, HPDF_INFO_TITLE, title);
	id_add(p, title, strlen(title) + 1);
}

int
pdf_set_cmyk(struct pdf *p, int on, char *why, size_t wl)
{
	if (on && p->cms == NULL && (p->cms = colour_new(why, wl)) == NULL)
		return -1;
	p->cmyk = on;
	return 0;
}

void
pdf_set_ink_limit(struct pdf *p, int pct)
{
	p->ink = pct;
}

int
pdf_set_pdfx(struct pdf *p, char *why, size_t wl)
{
	if (pdf_set_cmyk(p, 1, why, wl) < 0)
		return -1;
	p->pdfx = 1;
	return 0;
}

/* A page's shape filled with cmyk, x, y, w, h in its current origin. */
static void
fill_note(struct pdf_page *pg, double x, double y, double w, double h,
    const float cmyk[4])
{
	struct fill *f;

	if (pg->nfills == pg->capfills) {
		pg->capfills = pg->capfills ? pg->capfills * 2 : 32;
		pg->fills = xrealloc(pg->fills, (size_t)pg->capfills *
		    sizeof(*pg->fills));
	}
	f = &pg->fills[pg->nfills++];
	f->x0 = pg->ox + x;
	f->y0 = pg->oy + y;
	f->x1 = f->x0 + w;
	f->y1 = f->y0 + h;
	memcpy(f->cmyk, cmyk, sizeof(f->cmyk));
}

void
fill_under(const struct pdf_page *pg, double x, double y, float cmyk[4])
{
	int i;

	x += pg->ox;
	y += pg->oy;
	for (i = pg->nfills - 1; i >= 0; i--) {
		const struct fill *f = &pg->fills[i];

		if (x >= f->x0 && x <= f->x1 && y >= f->y0 && y <= f->y1) {
			memcpy(cmyk, f->cmyk, sizeof(f->cmyk));
			return;
		}
	}
	cmyk[0] = cmyk[1] = cmyk[2] = cmyk[3] = 0;
}

/*
 * PDF/X-1a:2003 (ISO 15930-4), what the save adds: the catalog's
 * OutputIntent (GTS_PDFX, the profile embedded as its
 * DestOutputProfile, SWOP's registered condition CGATS TR 001), the
 * Info's GTS_PDFXVersion and GTS_PDFXConformance, Trapped False, the
 * dates ($SOURCE_DATE_EPOCH when set, for a reproducible file) and a
 * Title; a TrimBox and BleedBox at the MediaBox on each page that has
 * none (a sheet of cards: the paper is what is trimmed to); PDF 1.4.
 */
int
pdfx_finish(struct pdf *p)
{
	HPDF_MMgr mm = p->doc->mmgr;
	HPDF_Dict oi, prof, info;
	HPDF_Array arr;
	HPDF_Date d;
	struct pdf_page *pg;
	const unsigned char *icc;
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	size_t len;
	time_t now;
	struct tm tm;

	if (!p->pdfx || HPDF_Dict_GetItem(p->doc->catalog,
	    "OutputIntents", HPDF_OCLASS_ARRAY))
		return 0;
	p->doc->pdf_version = HPDF_VER_14;
	for (pg = p->pages; pg; pg = pg->next)
		if (!pg->boxed && pg->page)
			pdf_page_boxes(pg, 0, 0,
			    HPDF_Page_GetWidth(pg->page),
			    HPDF_Page_GetHeight(pg->page), 0);
	icc = colour_profile(p->cms, &len);
	prof = HPDF_DictStream_New(mm, p->doc->xref);
	oi = HPDF_Dict_New(mm);
	arr = HPDF_Array_New(mm);
	if (prof == NULL || oi == NULL || arr == NULL ||
	    HPDF_Dict_AddNumber(prof, "N", 4) != HPDF_OK ||
	    HPDF_Stream_Write(prof->stream, icc, (HPDF_UINT)len) != HPDF_OK ||
	    HPDF_Dict_AddName(oi, "Type", "OutputIntent") != HPDF_OK ||
	    HPDF_Dict_AddName(oi, "S", "GTS_PDFX") != HPDF_OK ||
	    HPDF_Dict_Add(oi, "OutputConditionIdentifier",
	    HPDF_String_New(mm, "CGATS TR 001", NULL)) != HPDF_OK ||
	    HPDF_Dict_Add(oi, "RegistryName", HPDF_String_New(mm,
	    "http://www.color.org", NULL)) != HPDF_OK ||
	    HPDF_Dict_Add(oi, "OutputCondition", HPDF_String_New(mm,
	    "SWOP (Publication) Grade 1 Paper", NULL)) != HPDF_OK ||
	    HPDF_Dict_Add(oi, "Info", HPDF_String_New(mm,
	    colour_profile_name(p->cms), NULL)) != HPDF_OK ||
	    HPDF_Dict_Add(oi, "DestOutputProfile", prof) != HPDF_OK ||
	    HPDF_Array_Add(arr, oi) != HPDF_OK ||
	    HPDF_Dict_Add(p->doc->catalog, "OutputIntents", arr) != HPDF_OK)
		return -1;
	if (HPDF_GetInfoAttr(p->doc, HPDF_INFO_TITLE) == NULL)
		HPDF_SetInfoAttr(p->doc, HPDF_INFO_TITLE, "muster");
	HPDF_SetInfoAttr(p->doc, HPDF_INFO_CREATOR, "muster");
	now = sde && *sde ? (time_t)strtoll(sde, NULL, 10) : time(NULL);
	gmtime_r(&now, &tm);
	memset(&d, 0, sizeof(d));
	d.year = tm.tm_year + 1900;
	d.month = tm.tm_mon + 1;
	d.day = tm.tm_mday;
	d.hour = tm.tm_hour;
	d.minutes = tm.tm_min;
	d.seconds = tm.tm_sec;
	d.ind = 'Z';
	HPDF_SetInfoDateAttr(p->doc, HPDF_INFO_CREATION_DATE, d);
	HPDF_SetInfoDateAttr(p->doc, HPDF_INFO_MOD_DATE, d);
	info = p->doc->info;
	if (info == NULL ||
	    HPDF_Dict_Add(info, "GTS_PDFXVersion", HPDF_String_New(mm,
	    "PDF/X-1:2003", NULL)) != HPDF_OK ||
	    HPDF_Dict_Add(info, "GTS_PDFXConformance", HPDF_String_New(mm,
	    "PDF/X-1a:2003", NULL)) != HPDF_OK ||
	    HPDF_Dict_AddName(info, "Trapped", "False") != HPDF_OK)
		return -1;
	return 0;
}

/* An array box [x0 y0 x1 y1] entry of a page's dictionary. */
static void
page_box(struct pdf_page *pg, const char *key, double x, double y, double w,
    double h)
{
	HPDF_Box b;

	if (pg->page == NULL) {
		double *d = pg->box + (strcmp(key, "TrimBox") == 0 ? 0 : 4);

		d[0] = x;
		d[1] = y;
		d[2] = x + w;
		d[3] = y + h;
		return;
	}
	b.left = (HPDF_REAL)x;
	b.bottom = (HPDF_REAL)y;
	b.right = (HPDF_REAL)(x + w);
	b.top = (HPDF_REAL)(y + h);
	HPDF_Dict_Add(pg->page, key, HPDF_Box_Array_New(pg->page->mmgr, b));
}

void
pdf_page_boxes(struct pdf_page *pg, double x, double y, double w, double h,
    double bleed)
{
	pg->boxed = 1;
	page_box(pg, "TrimBox", x, y, w, h);
	page_box(pg, "BleedBox", x - bleed, y - bleed, w + 2 * bleed,
	    h + 2 * bleed);
}

struct pdf_page *
pdf_add_page(struct pdf *p, double w, double h)
{
	struct pdf_page *pg = xcalloc(1, sizeof(*pg));

	pg->cmyk = p->cmyk;
	pg->ink = p->cmyk ? p->ink : 0;
	pg->pdfx = p->pdfx;
	pg->plain = p->plain;
	pg->w = w;
	pg->h = h;
	pg->seq = p->npages;
	page_buffer(p, pg);
	if (!pg->plain) {
		/* The fast writer's page is its own (writer.c). */
		if (p->npages == p->caprec) {
			p->caprec = p->caprec ? p->caprec * 2 : 64;
			p->rec = xrealloc(p->rec, p->caprec *
			    sizeof(*p->rec));
		}
		p->rec[p->npages].off = -1;
		/* What libharu's HPDF_Page_SetWidth refuses (PDF 1.7,
		 * annex C: 3 to 14,400 units), refused the same way. */
		if ((w < 3 || w > 14400 || h < 3 || h > 14400) && p->err == 0)
			p->err = HPDF_PAGE_INVALID_SIZE;
	} else {
		/* libharu refuses every call once one has failed; a page it
		 * will not add cannot be drawn on (the template loader
		 * keeps pens and dashes in its range, so this is a bug,
		 * told as one). */
		if ((pg->page = HPDF_AddPage(p->doc)) == NULL)
			fatal("cannot add a page: libharu error 0x%04X "
			    "(detail %u) before it", (unsigned)p->err,
			    (unsigned)p->detail);
		HPDF_Page_SetWidth(pg->page, (HPDF_REAL)w);
		HPDF_Page_SetHeight(pg->page, (HPDF_REAL)h);
		/* libharu writes an empty content stream as zero bytes
		 * marked FlateDecode, which RIPs reject: a page that stays
		 * blank (a back with nothing on it) still holds one
		 * operator pair. */
		if (p->err == 0 && HPDF_Page_GSave(pg->page) == HPDF_OK)
			HPDF_Page_GRestore(pg->page);
	}
	id_add(p, "page", 4);
	id_num(p, w);
	id_num(p, h);
	pg->prev = p->last;
	if (p->last)
		p->last->next = pg;
	else
		p->pages = pg;
	p->last = pg;
	p->npages++;
	return pg;
}

void
pdf_page_done(struct pdf *p, struct pdf_page *pg)
{
	if (pg)
		page_done(p, pg);
}

size_t
pdf_page_count(const struct pdf *p)
{
	return p->npages;
}

/* A form's box: larger than any page, so that nothing drawn is clipped. */
#define FORM_BOX 14400

struct pdf_page *
pdf_form_new(struct pdf *p)
{
	struct pdf_page *f;
	HPDF_Dict res;
	HPDF_Box box = { -FORM_BOX, -FORM_BOX, FORM_BOX, FORM_BOX };
	HPDF_MMgr mm = p->doc->mmgr;

	if (p->plain || p->err)
		return NULL;
	f = xcalloc(1, sizeof(*f));
	f->cmyk = p->cmyk;
	f->ink = p->cmyk ? p->ink : 0;
	f->pdfx = p->pdfx;
	f->form = HPDF_DictStream_New(mm, p->doc->xref);
	res = HPDF_Dict_New(mm);
	f->form_fonts = HPDF_Dict_New(mm);
	if (f->form == NULL || res == NULL || f->form_fonts == NULL ||
	    HPDF_Dict_AddName(f->form, "Type", "XObject") != HPDF_OK ||
	    HPDF_Dict_AddName(f->form, "Subtype", "Form") != HPDF_OK ||
	    HPDF_Dict_Add(f->form, "BBox", HPDF_Box_Array_New(mm, box)) !=
	    HPDF_OK || HPDF_Dict_Add(f->form, "Resources", res) != HPDF_OK ||
	    HPDF_Dict_Add(res, "Font", f->form_fonts) != HPDF_OK) {
		free(f);
		return NULL;
	}
	f->next = p->forms;
	p->forms = f;
	return f;
}

int
pdf_form_end(struct pdf *p, struct pdf_page *f)
{
	page_done(p, f);
	p->form = xrealloc(p->form, (size_t)(p->nforms + 1) *
	    sizeof(*p->form));
	p->form[p->nforms] = f->form;
	p->formpg = xrealloc(p->formpg, (size_t)(p->nforms + 1) *
	    sizeof(*p->formpg));
	p->formpg[p->nforms] = f;
	return p->nforms++;
}

void
pdf_form_place(struct pdf *p, struct pdf_page *pg, int form, double x,
    double y)
{
	const char *name;

	if (pg->plain || form < 0 || form >= p->nforms)
		return;
	name = page_xobject(pg, p->form[form]);
	if (name)
		op_place(pg, name, x, y);
	if (pg->pdfx) {
		const struct pdf_page *f = p->formpg[form];
		int i;

		for (i = 0; i < f->nfills; i++)
			fill_note(pg, x + f->fills[i].x0, y + f->fills[i].y0,
			    f->fills[i].x1 - f->fills[i].x0,
			    f->fills[i].y1 - f->fills[i].y0,
			    f->fills[i].cmyk);
	}
}

void
pdf_origin_push(struct pdf_page *pg, double x, double y)
{
	/* The graphics state comes back at the pop: so does what we know
	 * of it. */
	free(pg->saved);
	pg->saved = xmalloc(sizeof(*pg->saved));
	*pg->saved = *pg;
	op_save(pg);
	op_shift(pg, x, y);
	pg->ox += x;
	pg->oy += y;
}

void
pdf_origin_pop(struct pdf_page *pg)
{
	op_restore(pg);
	if (pg->saved) {
		pg->fill = pg->saved->fill;
		pg->stroke = pg->saved->stroke;
		pg->width = pg->saved->width;
		pg->font = pg->saved->font;
		pg->size = pg->saved->size;
		pg->have_fill = pg->saved->have_fill;
		pg->have_stroke = pg->saved->have_stroke;
		pg->have_width = pg->saved->have_width;
		pg->ox = pg->saved->ox;
		pg->oy = pg->saved->oy;
		free(pg->saved);
		pg->saved = NULL;
	}
}

static int
same_rgb(struct rgb a, struct rgb b)
{
	return a.r == b.r && a.g == b.g && a.b == b.b;
}

/*
 * An RGB colour as CMYK for a press: black and greys go on the K plate
 * alone (no four-colour black with fringes), others by the usual
 * under-colour removal, K = 1 - max(r, g, b).
 */
void
pdf_rgb_to_cmyk(struct rgb c, float cmyk[4])
{
	float mx = c.r > c.g ? c.r : c.g;

	if (c.b > mx)
		mx = c.b;
	cmyk[3] = 1 - mx;
	if (mx <= 0 || (c.r == c.g && c.g == c.b)) {
		cmyk[0] = cmyk[1] = cmyk[2] = 0;
		return;
	}
	cmyk[0] = (mx - c.r) / mx;
	cmyk[1] = (mx - c.g) / mx;
	cmyk[2] = (mx - c.b) / mx;
}

/* The colour's components for the surface: RGB, or CMYK; how many. */
static int
components(const struct pdf_page *pg, struct rgb c, float k[4])
{
	int i;

	if (pg->cmyk) {
		pdf_rgb_to_cmyk(c, k);
		/* PDF/X: in a picture's steps of 1/255, so that a picture
		 * flattened onto this colour shows no edge. */
		if (pg->pdfx)
			for (i = 0; i < 4; i++)
				k[i] = (float)lroundf(k[i] * 255) / 255;
		if (pg->ink > 0)
			colour_ink_limit(k, pg->ink);
		return 4;
	}
	k[0] = c.r;
	k[1] = c.g;
	k[2] = c.b;
	return 3;
}

void
fill_rgb(struct pdf_page *pg, struct rgb c)
{
	float k[4];

	if (pg->have_fill && same_rgb(pg->fill, c))
		return;
	op_fill_colour(pg, k, components(pg, c, k));
	pg->fill = c;
	pg->have_fill = 1;
}

static void
stroke_rgb(struct pdf_page *pg, struct rgb c, double width)
{
	float k[4];

	if (!pg->have_stroke || !same_rgb(pg->stroke, c)) {
		op_stroke_colour(pg, k, components(pg, c, k));
		pg->stroke = c;
		pg->have_stroke = 1;
	}
	if (!pg->have_width || pg->width != width) {
		op_width(pg, width);
		pg->width = width;
		pg->have_width = 1;
	}
}

static void
set_paint(struct pdf_page *pg, const struct paint *pt)
{
	if (pt->fill)
		fill_rgb(pg, pt->fill_rgb);
	if (pt->stroke) {
		stroke_rgb(pg, pt->stroke_rgb, pt->width);
		if (pt->dash > 0)
			op_dash(pg, (unsigned)(pt->dash + 0.5));
	}
}

/* Paints the path as pt says, and puts the dash back to solid. */
static void
paint_path(struct pdf_page *pg, const struct paint *pt)
{
	op_paint(pg, pt->fill, pt->stroke);
	if (pt->stroke && pt->dash > 0)
		op_dash(pg, 0);
}

void
pdf_rect(struct pdf_page *pg, double x, double y, double w, double h,
    const struct paint *pt)
{
	double r = pt->radius;

	if (!pt->fill && !pt->stroke)
		return;
	set_paint(pg, pt);
	if (r > w / 2)
		r = w / 2;
	if (r > h / 2)
		r = h / 2;
	if (r <= 0) {
		op_rect(pg, x, y, w, h);
	} else {
		/* Clockwise from the top edge; arc angles run clockwise
		 * from straight up. */
		op_move(pg, x + r, y + h);
		op_line(pg, x + w - r, y + h);
		op_arc(pg, x + w - r, y + h - r, r, 0, 90, 1);
		op_line(pg, x + w, y + r);
		op_arc(pg, x + w - r, y + r, r, 90, 180, 1);
		op_line(pg, x + r, y);
		op_arc(pg, x + r, y + r, r, 180, 270, 1);
		op_line(pg, x, y + h - r);
		op_arc(pg, x + r, y + h - r, r, 270, 360, 1);
		op_close(pg);
	}
	paint_path(pg, pt);
	if (pg->pdfx && pt->fill) {
		float k[4];

		components(pg, pt->fill_rgb, k);
		fill_note(pg, x, y, w, h, k);
	}
}

void
pdf_line(struct pdf_page *pg, double x1, double y1, double x2, double y2,
    struct rgb c, double width)
{
	stroke_rgb(pg, c, width);
	op_move(pg, x1, y1);
	op_line(pg, x2, y2);
	op_paint(pg, 0, 1);
}

void
pdf_ellipse(struct pdf_page *pg, double cx, double cy, double rx, double ry,
    const struct paint *pt)
{
	if (!pt->fill && !pt->stroke)
		return;
	set_paint(pg, pt);
	op_ellipse(pg, cx, cy, rx, ry);
	paint_path(pg, pt);
	if (pg->pdfx && pt->fill) {
		float k[4];

		components(pg, pt->fill_rgb, k);
		fill_note(pg, cx - rx * 0.7, cy - ry * 0.7, rx * 1.4, ry * 1.4,
		    k);
	}
}

void
pdf_polygon(struct pdf_page *pg, const double *xy, int n,
    const struct paint *pt)
{
	int i;

	if ((!pt->fill && !pt->stroke) || n < 3)
		return;
	set_paint(pg, pt);
	op_move(pg, xy[0], xy[1]);
	for (i = 1; i < n; i++)
		op_line(pg, xy[2 * i], xy[2 * i + 1]);
	op_close(pg);
	paint_path(pg, pt);
}

void
pdf_sector(struct pdf_page *pg, double cx, double cy, double r,
    double center, double width, const struct paint *pt)
{
	if (!pt->fill && !pt->stroke)
		return;
	set_paint(pg, pt);
	if (width >= 360) {
		op_ellipse(pg, cx, cy, r, r);
	} else {
		op_move(pg, cx, cy);
		op_arc(pg, cx, cy, r, center - width / 2, center + width / 2,
		    1);
		op_close(pg);
	}
	paint_path(pg, pt);
}
