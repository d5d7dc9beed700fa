/*
 * pdf/pdf.c -- see pdf.h.
 *
 * libharu 2.3 facts this file works around (STYLE.md): the base-14 fonts
 * never embed, so only TrueType files are used, with the UTF-8 encoder;
 * errors stick until reset, so one handler records the first; a missing
 * glyph prints as a blank box, so coverage is checked with fontconfig's
 * charset; the ToUnicode CMap 2.3 writes for UTF-8 fonts is malformed
 * (a cidrange where a bfrange belongs), so it is rewritten here.
 */
#include "pdf.h"

#include <errno.h>
#include <fcntl.h>
#include <fontconfig/fontconfig.h>
#include <hpdf.h>
#include <hpdf_encrypt.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../util.h"

#define MAXLINES 64

struct font {
	char *pattern;
	char *file;
	HPDF_Font f;
	FcCharSet *cs;
	short *width;		/* per BMP code point, -1 until asked */
	double ascent, descent, cap;	/* fractions of the em */
};

/*
 * Each page remembers the graphics state it last set, so that drawing
 * the same colour, width or font again costs nothing: libharu formats
 * every operator it is asked for, and most of a card repeats the last.
 */
struct pdf_page {
	HPDF_Page page;
	struct pdf_page *next;
	struct rgb fill, stroke;
	double width;
	HPDF_Font font;
	double size;
	int have_fill, have_stroke, have_width;
	int cmyk;		/* colours as DeviceCMYK */
};

struct pdf {
	HPDF_Doc doc;
	HPDF_STATUS err, detail;
	struct font *font;	/* grows: no cap on fonts per document */
	int nfonts, capfonts;
	struct pdf_page *pages, *last;
	size_t npages;
	int cmyk;
	struct HPDF_MD5Context id;	/* what the document says, for its /ID */
};

static int fc_ready;

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
	return p;
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
		if (p->font[i].cs)
			FcCharSetDestroy(p->font[i].cs);
	}
	free(p->font);
	for (pg = p->pages; pg; pg = next) {
		next = pg->next;
		free(pg);
	}
	HPDF_Free(p->doc);
	free(p);
}

void
pdf_cleanup(void)
{
	if (fc_ready)
		FcFini();
	fc_ready = 0;
}

int
pdf_failed(const struct pdf *p, char *err, size_t errlen)
{
	if (p->err == 0)
		return 0;
	snprintf(err, errlen, "libharu error 0x%04X (detail %u)",
	    (unsigned)p->err, (unsigned)p->detail);
	return 1;
}

/*
 * Replaces libharu's ToUnicode CMap of a UTF-8 font: codes are Unicode
 * code points (Identity-H over UCS-2), so each high byte maps onto itself.
 * A bfrange may not cross its last byte, hence one range per high byte.
 */
static void
fix_tounicode(HPDF_Font f)
{
	HPDF_FontAttr attr = (HPDF_FontAttr)f->attr;
	HPDF_Stream s;
	char line[64];
	int hi, n = 0, inblock = 0;

	if (attr == NULL || attr->cmap_stream == NULL)
		return;
	s = attr->cmap_stream->stream;
	HPDF_MemStream_FreeData(s);
	HPDF_Stream_WriteStr(s,
	    "/CIDInit /ProcSet findresource begin\n"
	    "12 dict begin\n"
	    "begincmap\n"
	    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) "
	    "/Supplement 0 >> def\n"
	    "/CMapName /Adobe-Identity-UCS def\n"
	    "/CMapType 2 def\n"
	    "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n");
	for (hi = 0; hi < 256; hi++) {
		if (hi >= 0xd8 && hi <= 0xdf)
			continue;	/* surrogates are no characters */
		if (!inblock) {
			int left = 0, h;

			for (h = hi; h < 256 && left < 100; h++)
				if (h < 0xd8 || h > 0xdf)
					left++;
			snprintf(line, sizeof(line), "%d beginbfrange\n", left);
			HPDF_Stream_WriteStr(s, line);
			inblock = left;
			n = 0;
		}
		snprintf(line, sizeof(line), "<%02X00> <%02XFF> <%02X00>\n",
		    hi, hi, hi);
		HPDF_Stream_WriteStr(s, line);
		if (++n == inblock) {
			HPDF_Stream_WriteStr(s, "endbfrange\n");
			inblock = 0;
		}
	}
	HPDF_Stream_WriteStr(s,
	    "endcmap\n"
	    "CMapName currentdict /CMap defineresource pop\n"
	    "end\nend\n");
}

static int
family_matches(FcPattern *match, const char *want)
{
	FcChar8 *fam;
	int i;

	for (i = 0; FcPatternGetString(match, FC_FAMILY, i, &fam) ==
	    FcResultMatch; i++)
		if (strcasecmp((const char *)fam, want) == 0)
			return 1;
	return 0;
}

/* The next slot of the font table, zeroed (not yet counted). */
static struct font *
new_font(struct pdf *p)
{
	if (p->nfonts == p->capfonts) {
		p->capfonts = p->capfonts ? p->capfonts * 2 : 8;
		p->font = xrealloc(p->font, (size_t)p->capfonts *
		    sizeof(*p->font));
	}
	memset(&p->font[p->nfonts], 0, sizeof(p->font[0]));
	return &p->font[p->nfonts];
}

int
pdf_font(struct pdf *p, const char *pattern, const char **why,
    const char **substitute)
{
	static char subst[128];
	FcPattern *pat, *match;
	FcResult res;
	FcChar8 *file = NULL, *fam = NULL, *format = NULL, *want = NULL;
	FcCharSet *cs = NULL;
	const char *name;
	struct font *ft;
	int i;

	*why = NULL;
	*substitute = NULL;
	for (i = 0; i < p->nfonts; i++)
		if (strcmp(p->font[i].pattern, pattern) == 0)
			return i;
	if (!fc_ready) {
		if (!FcInit()) {
			*why = "fontconfig cannot be initialised";
			return -1;
		}
		fc_ready = 1;
	}
	pat = FcNameParse((const FcChar8 *)pattern);
	if (pat == NULL) {
		*why = "it is not a fontconfig font name such as "
		    "'DejaVu Sans Condensed:bold'";
		return -1;
	}
	FcPatternGetString(pat, FC_FAMILY, 0, &want);
	FcConfigSubstitute(NULL, pat, FcMatchPattern);
	FcDefaultSubstitute(pat);
	match = FcFontMatch(NULL, pat, &res);
	if (match == NULL) {
		FcPatternDestroy(pat);
		*why = "fontconfig finds no font at all; install fonts-dejavu-core";
		return -1;
	}
	FcPatternGetString(match, FC_FILE, 0, &file);
	FcPatternGetString(match, FC_FAMILY, 0, &fam);
	FcPatternGetString(match, FC_FONTFORMAT, 0, &format);
	FcPatternGetCharSet(match, FC_CHARSET, 0, &cs);
	if (want && fam && !family_matches(match, (const char *)want)) {
		snprintf(subst, sizeof(subst), "%s", (const char *)fam);
		*substitute = subst;
	}
	if (file == NULL || cs == NULL || format == NULL ||
	    strcmp((const char *)format, "TrueType") != 0) {
		*why = "its file is not a TrueType font, the only kind that can "
		    "be embedded";
		goto fail;
	}
	for (i = 0; i < p->nfonts; i++)
		if (strcmp(p->font[i].file, (const char *)file) == 0) {
			/* Another name for a font already loaded. */
			ft = new_font(p);
			*ft = p->font[i];
			ft->pattern = xstrdup(pattern);
			ft->file = xstrdup(ft->file);
			ft->cs = FcCharSetCopy(ft->cs);
			ft->width = xmalloc(65536 * sizeof(short));
			memset(ft->width, 0xff, 65536 * sizeof(short));
			FcPatternDestroy(match);
			FcPatternDestroy(pat);
			return p->nfonts++;
		}
	/* libharu's errors stick: after an earlier one every call fails,
	 * and that failure must reach the save, not be cleared here. */
	if (p->err) {
		*why = "an earlier libharu error stops the document";
		goto fail;
	}
	name = HPDF_LoadTTFontFromFile(p->doc, (const char *)file, HPDF_TRUE);
	ft = new_font(p);
	if (name)
		ft->f = HPDF_GetFont(p->doc, name, "UTF-8");
	if (name == NULL || ft->f == NULL) {
		/* This font's own failure: the document can go on. */
		HPDF_ResetError(p->doc);
		p->err = 0;
		*why = "libharu cannot load its TrueType file";
		goto fail;
	}
	fix_tounicode(ft->f);
	ft->pattern = xstrdup(pattern);
	ft->file = xstrdup((const char *)file);
	ft->cs = FcCharSetCopy(cs);
	ft->width = xmalloc(65536 * sizeof(short));
	memset(ft->width, 0xff, 65536 * sizeof(short));
	ft->ascent = HPDF_Font_GetAscent(ft->f) / 1000.0;
	ft->descent = -HPDF_Font_GetDescent(ft->f) / 1000.0;
	ft->cap = HPDF_Font_GetCapHeight(ft->f) / 1000.0;
	if (ft->ascent <= 0)
		ft->ascent = 0.93;
	if (ft->descent <= 0)
		ft->descent = 0.24;
	if (ft->cap <= 0)
		ft->cap = 0.73;
	FcPatternDestroy(match);
	FcPatternDestroy(pat);
	return p->nfonts++;
fail:
	FcPatternDestroy(match);
	FcPatternDestroy(pat);
	return -1;
}

long
pdf_missing_glyph(struct pdf *p, int font, const char *text)
{
	struct font *ft = &p->font[font];
	long c;

	while (*text) {
		c = utf8_next(&text);
		if (c == '\n')
			continue;
		/* libharu's UTF-8 encoder writes 16-bit codes: BMP only. */
		if (c < 0 || c > 0xffff ||
		    !FcCharSetHasChar(ft->cs, (FcChar32)c))
			return c < 0 ? 0xfffd : c;
	}
	return 0;
}

static int
glyph_width(struct font *ft, long c)
{
	if (c < 0 || c > 0xffff)
		return 0;
	if (ft->width[c] < 0)
		ft->width[c] = (short)HPDF_Font_GetUnicodeWidth(ft->f,
		    (HPDF_UNICODE)c);
	return ft->width[c];
}

double
pdf_text_width(struct pdf *p, int font, double pt, const char *text,
    size_t len)
{
	struct font *ft = &p->font[font];
	const char *s = text, *end = text + len;
	long w = 0;

	while (s < end && *s)
		w += glyph_width(ft, utf8_next(&s));
	return (double)w * pt / 1000.0;
}

/* The document's /ID is a digest of what it says: page sizes and text,
 * with the title; the same job gives the same /ID. */
static void
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

void
pdf_set_cmyk(struct pdf *p, int on)
{
	p->cmyk = on;
}

/* An array box [x0 y0 x1 y1] entry of a page's dictionary. */
static void
page_box(struct pdf_page *pg, const char *key, double x, double y, double w,
    double h)
{
	HPDF_Box b;

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
	page_box(pg, "TrimBox", x, y, w, h);
	page_box(pg, "BleedBox", x - bleed, y - bleed, w + 2 * bleed,
	    h + 2 * bleed);
}

struct pdf_page *
pdf_add_page(struct pdf *p, double w, double h)
{
	struct pdf_page *pg = xcalloc(1, sizeof(*pg));

	pg->page = HPDF_AddPage(p->doc);
	pg->cmyk = p->cmyk;
	HPDF_Page_SetWidth(pg->page, (HPDF_REAL)w);
	HPDF_Page_SetHeight(pg->page, (HPDF_REAL)h);
	id_add(p, "page", 4);
	id_num(p, w);
	id_num(p, h);
	/* libharu writes an empty content stream as zero bytes marked
	 * FlateDecode, which RIPs reject: a page that stays blank (a back
	 * with nothing on it) still holds one operator pair. */
	if (p->err == 0 && HPDF_Page_GSave(pg->page) == HPDF_OK)
		HPDF_Page_GRestore(pg->page);
	if (p->last)
		p->last->next = pg;
	else
		p->pages = pg;
	p->last = pg;
	p->npages++;
	return pg;
}

size_t
pdf_page_count(const struct pdf *p)
{
	return p->npages;
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

static void
fill_rgb(struct pdf_page *pg, struct rgb c)
{
	float k[4];

	if (pg->have_fill && same_rgb(pg->fill, c))
		return;
	if (pg->cmyk) {
		pdf_rgb_to_cmyk(c, k);
		HPDF_Page_SetCMYKFill(pg->page, k[0], k[1], k[2], k[3]);
	} else
		HPDF_Page_SetRGBFill(pg->page, c.r, c.g, c.b);
	pg->fill = c;
	pg->have_fill = 1;
}

static void
stroke_rgb(struct pdf_page *pg, struct rgb c, double width)
{
	if (!pg->have_stroke || !same_rgb(pg->stroke, c)) {
		float k[4];

		if (pg->cmyk) {
			pdf_rgb_to_cmyk(c, k);
			HPDF_Page_SetCMYKStroke(pg->page, k[0], k[1], k[2],
			    k[3]);
		} else
			HPDF_Page_SetRGBStroke(pg->page, c.r, c.g, c.b);
		pg->stroke = c;
		pg->have_stroke = 1;
	}
	if (!pg->have_width || pg->width != width) {
		HPDF_Page_SetLineWidth(pg->page, (HPDF_REAL)width);
		pg->width = width;
		pg->have_width = 1;
	}
}

/* Sets colours and width, then strokes and/or fills the current path. */
static void
paint_path(HPDF_Page pg, const struct paint *pt)
{
	if (pt->fill && pt->stroke)
		HPDF_Page_FillStroke(pg);
	else if (pt->fill)
		HPDF_Page_Fill(pg);
	else if (pt->stroke)
		HPDF_Page_Stroke(pg);
	else
		HPDF_Page_EndPath(pg);
}

static void
set_paint(struct pdf_page *pg, const struct paint *pt)
{
	if (pt->fill)
		fill_rgb(pg, pt->fill_rgb);
	if (pt->stroke) {
		stroke_rgb(pg, pt->stroke_rgb, pt->width);
		if (pt->dash > 0) {
			HPDF_UINT16 d[2];

			d[0] = d[1] = (HPDF_UINT16)(pt->dash + 0.5);
			HPDF_Page_SetDash(pg->page, d, 2, 0);
		}
	}
}

static void
unset_dash(HPDF_Page pg, const struct paint *pt)
{
	if (pt->stroke && pt->dash > 0)
		HPDF_Page_SetDash(pg, NULL, 0, 0);
}

void
pdf_rect(struct pdf_page *pgw, double x, double y, double w, double h,
    const struct paint *pt)
{
	HPDF_Page pg = pgw->page;
	double r = pt->radius;

	if (!pt->fill && !pt->stroke)
		return;
	set_paint(pgw, pt);
	if (r > w / 2)
		r = w / 2;
	if (r > h / 2)
		r = h / 2;
	if (r <= 0) {
		HPDF_Page_Rectangle(pg, (HPDF_REAL)x, (HPDF_REAL)y,
		    (HPDF_REAL)w, (HPDF_REAL)h);
	} else {
		/* Clockwise from the top edge; arc angles run clockwise
		 * from straight up, as libharu draws them. */
		HPDF_Page_MoveTo(pg, (HPDF_REAL)(x + r), (HPDF_REAL)(y + h));
		HPDF_Page_LineTo(pg, (HPDF_REAL)(x + w - r), (HPDF_REAL)(y + h));
		HPDF_Page_Arc(pg, (HPDF_REAL)(x + w - r),
		    (HPDF_REAL)(y + h - r), (HPDF_REAL)r, 0, 90);
		HPDF_Page_LineTo(pg, (HPDF_REAL)(x + w), (HPDF_REAL)(y + r));
		HPDF_Page_Arc(pg, (HPDF_REAL)(x + w - r), (HPDF_REAL)(y + r),
		    (HPDF_REAL)r, 90, 180);
		HPDF_Page_LineTo(pg, (HPDF_REAL)(x + r), (HPDF_REAL)y);
		HPDF_Page_Arc(pg, (HPDF_REAL)(x + r), (HPDF_REAL)(y + r),
		    (HPDF_REAL)r, 180, 270);
		HPDF_Page_LineTo(pg, (HPDF_REAL)x, (HPDF_REAL)(y + h - r));
		HPDF_Page_Arc(pg, (HPDF_REAL)(x + r), (HPDF_REAL)(y + h - r),
		    (HPDF_REAL)r, 270, 360);
		HPDF_Page_ClosePath(pg);
	}
	paint_path(pg, pt);
	unset_dash(pg, pt);
}

void
pdf_line(struct pdf_page *pgw, double x1, double y1, double x2, double y2,
    struct rgb c, double width)
{
	HPDF_Page pg = pgw->page;

	stroke_rgb(pgw, c, width);
	HPDF_Page_MoveTo(pg, (HPDF_REAL)x1, (HPDF_REAL)y1);
	HPDF_Page_LineTo(pg, (HPDF_REAL)x2, (HPDF_REAL)y2);
	HPDF_Page_Stroke(pg);
}

void
pdf_ellipse(struct pdf_page *pgw, double cx, double cy, double rx, double ry,
    const struct paint *pt)
{
	HPDF_Page pg = pgw->page;

	if (!pt->fill && !pt->stroke)
		return;
	set_paint(pgw, pt);
	HPDF_Page_Ellipse(pg, (HPDF_REAL)cx, (HPDF_REAL)cy, (HPDF_REAL)rx,
	    (HPDF_REAL)ry);
	paint_path(pg, pt);
	unset_dash(pg, pt);
}

void
pdf_polygon(struct pdf_page *pgw, const double *xy, int n,
    const struct paint *pt)
{
	HPDF_Page pg = pgw->page;
	int i;

	if ((!pt->fill && !pt->stroke) || n < 3)
		return;
	set_paint(pgw, pt);
	HPDF_Page_MoveTo(pg, (HPDF_REAL)xy[0], (HPDF_REAL)xy[1]);
	for (i = 1; i < n; i++)
		HPDF_Page_LineTo(pg, (HPDF_REAL)xy[2 * i],
		    (HPDF_REAL)xy[2 * i + 1]);
	HPDF_Page_ClosePath(pg);
	paint_path(pg, pt);
	unset_dash(pg, pt);
}

void
pdf_sector(struct pdf_page *pgw, double cx, double cy, double r,
    double center, double width, const struct paint *pt)
{
	HPDF_Page pg = pgw->page;

	if (!pt->fill && !pt->stroke)
		return;
	set_paint(pgw, pt);
	if (width >= 360) {
		HPDF_Page_Circle(pg, (HPDF_REAL)cx, (HPDF_REAL)cy, (HPDF_REAL)r);
	} else {
		HPDF_Page_MoveTo(pg, (HPDF_REAL)cx, (HPDF_REAL)cy);
		HPDF_Page_Arc(pg, (HPDF_REAL)cx, (HPDF_REAL)cy, (HPDF_REAL)r,
		    (HPDF_REAL)(center - width / 2),
		    (HPDF_REAL)(center + width / 2));
		HPDF_Page_ClosePath(pg);
	}
	paint_path(pg, pt);
	unset_dash(pg, pt);
}

void
pdf_text(struct pdf *p, struct pdf_page *pgw, int font, double pt, double x,
    double y, struct rgb c, const char *text, size_t len)
{
	HPDF_Page pg = pgw->page;
	char small[256], *buf = small;

	if (len == 0)
		return;
	if (len >= sizeof(small))
		buf = xmalloc(len + 1);
	memcpy(buf, text, len);
	buf[len] = '\0';
	HPDF_Page_BeginText(pg);
	/* Font, size and colour outlive the text object (PDF 1.7, 9.3). */
	if (pgw->font != p->font[font].f || pgw->size != pt) {
		HPDF_Page_SetFontAndSize(pg, p->font[font].f, (HPDF_REAL)pt);
		pgw->font = p->font[font].f;
		pgw->size = pt;
	}
	fill_rgb(pgw, c);
	HPDF_Page_TextOut(pg, (HPDF_REAL)x, (HPDF_REAL)y, buf);
	HPDF_Page_EndText(pg);
	id_add(p, buf, len + 1);
	if (buf != small)
		free(buf);
}

/* ---- fitting ---- */

struct line {
	const char *s;
	size_t len;
	double w;
};

/*
 * Breaks text into lines at pt.  Returns the number of lines (at most
 * max), and sets *fits when every line is within the width and, all
 * together, within the height.
 */
static int
break_lines(struct pdf *p, const struct textbox *tb, const char *text,
    double pt, struct line *out, int max, int *fits)
{
	const struct font *ft = &p->font[tb->font];
	const char *para = text;
	double height;
	int n = 0;

	*fits = 1;
	for (;;) {
		const char *end = strchr(para, '\n');
		size_t plen = end ? (size_t)(end - para) : strlen(para);

		if (!tb->wrap) {
			if (n == max) {
				*fits = 0;
				break;
			}
			out[n].s = para;
			out[n].len = plen;
			out[n].w = pdf_text_width(p, tb->font, pt, para, plen);
			if (out[n].w > tb->w + 0.01)
				*fits = 0;
			n++;
		} else {
			/* Greedy: take words while the line stays narrow. */
			const char *s = para, *pend = para + plen;

			do {
				const char *brk = NULL, *q = s;
				double w = 0;

				while (q < pend) {
					const char *sp = memchr(q, ' ',
					    (size_t)(pend - q));
					const char *wend = sp ? sp : pend;
					double ww = pdf_text_width(p, tb->font,
					    pt, s, (size_t)(wend - s));

					if (ww > tb->w + 0.01 && brk)
						break;
					brk = wend;
					w = ww;
					q = sp ? sp + 1 : pend;
				}
				if (brk == NULL)
					brk = pend;
				if (n == max) {
					*fits = 0;
					return n;
				}
				out[n].s = s;
				out[n].len = (size_t)(brk - s);
				out[n].w = w;
				if (w > tb->w + 0.01)
					*fits = 0;
				n++;
				s = brk;
				while (s < pend && *s == ' ')
					s++;
			} while (s < pend);
			if (plen == 0) {
				if (n == max) {
					*fits = 0;
					return n;
				}
				out[n].s = para;
				out[n].len = 0;
				out[n].w = 0;
				n++;
			}
		}
		if (end == NULL)
			break;
		para = end + 1;
	}
	/* Height: the first line's ink, then one leading per further line;
	 * centered text needs room for descenders and accents either side. */
	height = (ft->ascent + ft->descent) * pt +
	    (n - 1) * pt * tb->leading;
	if (height > tb->h + 0.01)
		*fits = 0;
	return n;
}

static double
first_baseline(const struct font *ft, const struct textbox *tb, double pt,
    int n)
{
	double block;

	switch (tb->valign) {
	case ALIGN_START:
		return tb->y + tb->h - ft->ascent * pt;
	case ALIGN_END:
		return tb->y + ft->descent * pt + (n - 1) * pt * tb->leading;
	default:
		/* Center the capitals: what the eye reads as the text. */
		block = ft->cap * pt + (n - 1) * pt * tb->leading;
		return tb->y + (tb->h + block) / 2 - ft->cap * pt;
	}
}

/*
 * Tries sizes from tb->pt down to tb->min_pt in quarter points until the
 * text fits.  Returns whether it fits; lines, *n and *pt hold the
 * breaking at the size found (at min_pt when nothing fits).
 */
static int
shrink(struct pdf *p, const struct textbox *tb, const char *text,
    struct line *lines, int *n, double *pt)
{
	int fits = 0;

	for (*pt = tb->pt; *pt >= tb->min_pt - 0.001; *pt -= 0.25) {
		*n = break_lines(p, tb, text, *pt, lines, MAXLINES, &fits);
		if (fits)
			return 1;
	}
	*pt = tb->min_pt;
	*n = break_lines(p, tb, text, *pt, lines, MAXLINES, &fits);
	return fits;
}

int
pdf_text_fits(struct pdf *p, const struct textbox *tb, const char *text,
    double *used)
{
	struct line lines[MAXLINES];
	int n;

	return shrink(p, tb, text, lines, &n, used);
}

/* Cuts a line to fit width w with an ellipsis, at a character boundary. */
static void
ellipsize(struct pdf *p, int font, double pt, double w, struct line *l,
    char *buf, size_t bufsize)
{
	static const char dots[] = "…";
	double dw = pdf_text_width(p, font, pt, dots, sizeof(dots) - 1);
	const char *s = l->s, *end = l->s + l->len, *cut = l->s;
	double acc = 0;

	while (s < end) {
		const char *q = s;
		double cw;

		utf8_next(&q);
		cw = pdf_text_width(p, font, pt, s, (size_t)(q - s));
		if (acc + cw + dw > w)
			break;
		acc += cw;
		s = q;
		cut = s;
	}
	/* Room for the dots in buf, at a character boundary. */
	if ((size_t)(cut - l->s) + sizeof(dots) > bufsize) {
		cut = l->s + bufsize - sizeof(dots);
		while (cut > l->s && ((unsigned char)*cut & 0xc0) == 0x80)
			cut--;
	}
	while (cut > l->s && cut[-1] == ' ')
		cut--;
	snprintf(buf, bufsize, "%.*s%s", (int)(cut - l->s), l->s, dots);
	l->s = buf;
	l->len = strlen(buf);
	l->w = pdf_text_width(p, font, pt, l->s, l->len);
}

int
pdf_textbox(struct pdf *p, struct pdf_page *pg, const struct textbox *tb,
    const char *text, double *used)
{
	struct font *ft = &p->font[tb->font];
	struct line lines[MAXLINES];
	char cut[MAXLINES][256];
	double pt, y, x;
	int n = 0, fits = 0, i, maxlines;

	if (*text == '\0') {
		*used = tb->pt;
		return 0;
	}
	fits = shrink(p, tb, text, lines, &n, &pt);
	if (!fits) {
		/* Keep the lines that fit the height; mark what is cut. */
		maxlines = 1 + (int)((tb->h - (ft->ascent + ft->descent) * pt) /
		    (pt * tb->leading) + 0.01);
		if (maxlines < 1)
			maxlines = 1;
		if (n > maxlines) {
			n = maxlines;
			lines[n - 1].w = tb->w + 1;	/* force the ellipsis */
		}
		for (i = 0; i < n; i++)
			if (lines[i].w > tb->w + 0.01)
				ellipsize(p, tb->font, pt, tb->w, &lines[i],
				    cut[i], sizeof(cut[i]));
	}
	*used = pt;
	y = first_baseline(ft, tb, pt, n);
	for (i = 0; i < n; i++, y -= pt * tb->leading) {
		x = tb->x;
		if (tb->halign == ALIGN_CENTER)
			x += (tb->w - lines[i].w) / 2;
		else if (tb->halign == ALIGN_END)
			x += tb->w - lines[i].w;
		pdf_text(p, pg, tb->font, pt, x, y, tb->colour, lines[i].s,
		    lines[i].len);
	}
	return !fits;
}

/* ---- saving ---- */

/* The trailer's /ID (PDF 1.7, 14.4), which libharu writes only when it
 * encrypts: the digest twice, as for a file written once. */
static void
add_id(struct pdf *p)
{
	HPDF_BYTE d[16];
	HPDF_Array a;

	if (HPDF_Dict_GetItem(p->doc->trailer, "ID", HPDF_OCLASS_ARRAY))
		return;
	HPDF_MD5Final(d, &p->id);
	a = HPDF_Array_New(p->doc->mmgr);
	if (a == NULL || HPDF_Dict_Add(p->doc->trailer, "ID", a) != HPDF_OK)
		return;
	HPDF_Array_Add(a, HPDF_Binary_New(p->doc->mmgr, d, 16));
	HPDF_Array_Add(a, HPDF_Binary_New(p->doc->mmgr, d, 16));
}

int
pdf_save(struct pdf *p, const char *path, char *err, size_t errlen)
{
	char *dcopy = xstrdup(path), *bcopy = xstrdup(path);
	char *dir = dirname(dcopy), *base = basename(bcopy);
	size_t tlen = strlen(dir) + strlen(base) + 16;
	char *tmp = xmalloc(tlen);
	HPDF_BYTE buf[65536];
	HPDF_UINT32 got;
	HPDF_STATUS st;
	mode_t mask;
	int fd = -1, rc = -1;

	snprintf(tmp, tlen, "%s/.%s.XXXXXX", dir, base);
	if (pdf_failed(p, err, errlen))
		goto out;
	fd = mkstemp(tmp);
	if (fd < 0) {
		snprintf(err, errlen, "cannot create a file in '%s': %s", dir,
		    strerror(errno));
		goto out;
	}
	mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	add_id(p);
	if (HPDF_SaveToStream(p->doc) != HPDF_OK ||
	    HPDF_ResetStream(p->doc) != HPDF_OK) {
		pdf_failed(p, err, errlen);
		goto fail;
	}
	for (;;) {
		got = sizeof(buf);
		st = HPDF_ReadFromStream(p->doc, buf, &got);
		if (got > 0) {
			HPDF_BYTE *q = buf;

			while (got > 0) {
				ssize_t w = write(fd, q, got);

				if (w < 0 && errno == EINTR)
					continue;
				if (w < 0) {
					snprintf(err, errlen, "cannot write "
					    "'%s': %s", path, strerror(errno));
					goto fail;
				}
				q += w;
				got -= (HPDF_UINT32)w;
			}
		}
		if (st == HPDF_STREAM_EOF)
			break;
		if (st != HPDF_OK) {
			pdf_failed(p, err, errlen);
			goto fail;
		}
	}
	if (fsync(fd) < 0 && errno != EINVAL && errno != EROFS) {
		snprintf(err, errlen, "cannot write '%s': %s", path,
		    strerror(errno));
		goto fail;
	}
	if (close(fd) < 0) {
		fd = -1;
		snprintf(err, errlen, "cannot write '%s': %s", path,
		    strerror(errno));
		goto fail;
	}
	fd = -1;
	if (rename(tmp, path) < 0) {
		snprintf(err, errlen, "cannot rename into '%s': %s", path,
		    strerror(errno));
		goto fail;
	}
	rc = 0;
	goto out;
fail:
	if (fd >= 0)
		close(fd);
	unlink(tmp);
out:
	free(tmp);
	free(dcopy);
	free(bcopy);
	return rc;
}
