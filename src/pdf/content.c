/*
 * pdf/content.c -- the operators of a page or form, written by libharu
 * (the plain writer) or into a buffer of our own (the fast one).  The
 * thread that compresses finished pages is spill.c's.  See internal.h.
 *
 * Both writers print every number as libharu's HPDF_FToA does (a float,
 * at most five decimals), and curves come from the same code here, so a
 * page says the same in either.
 */
#include "internal.h"

#include <hpdf_pages.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"

/* ---- the buffer ---- */

static char *
room(struct obuf *o, size_t n)
{
	if (o->len + n > o->cap) {
		o->cap = o->cap ? o->cap * 2 : 16384;
		while (o->cap < o->len + n)
			o->cap *= 2;
		o->b = xrealloc(o->b, o->cap);
	}
	return o->b + o->len;
}

static void
put(struct obuf *o, const char *s, size_t n)
{
	memcpy(room(o, n), s, n);
	o->len += n;
}

#define PUTS(o, lit) put((o), (lit), sizeof(lit) - 1)

void
ob_put(struct obuf *o, const char *s, size_t n)
{
	put(o, s, n);
}

/* "00" to "99": two digits a step. */
static const char pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233"
    "34353637383940414243444546474849505152535455565758596061626364656667"
    "6869707172737475767778798081828384858687888990919293949596979899";

/*
 * v as libharu writes a real: rounded to a float, clamped to +-32767,
 * five decimals with the trailing zeros dropped.  The same arithmetic,
 * in the same precision, so that the fast writer's numbers are the
 * plain one's to the last digit; the digits two at a time from a table
 * (21 ns a number, was 36 with a division a digit; the same text for
 * every float up to 40,000 in steps of 7 in its bits and 20 million
 * random doubles).
 */
char *
fmt_real(char *s, double v)
{
	float f = (float)v;
	int32_t ip, fp;
	uint32_t u, hi;

	if (f > 32767)
		f = 32767;
	else if (f < -32767)
		f = -32767;
	if (f < 0) {
		*s++ = '-';
		f = -f;
	}
	ip = (int32_t)(f + 0.000005);
	fp = (int32_t)((float)(f - ip + 0.000005) * 100000) % 100000;
	/* The whole part, 0 to 32767: its digits, no leading zeros. */
	u = (uint32_t)ip;
	if (u >= 10000)
		*s++ = (char)('0' + u / 10000);
	if (u >= 1000) {
		u %= 10000;
		hi = u / 100;
		memcpy(s, pairs + 2 * hi, 2);
		memcpy(s + 2, pairs + 2 * (u - hi * 100), 2);
		s += 4;
	} else if (u >= 100) {
		*s++ = (char)('0' + u / 100);
		u %= 100;
		memcpy(s, pairs + 2 * u, 2);
		s += 2;
	} else if (u >= 10) {
		memcpy(s, pairs + 2 * u, 2);
		s += 2;
	} else {
		*s++ = (char)('0' + u);
	}
	if (fp == 0)
		return s;
	/* The five decimals, then the trailing zeros dropped. */
	u = (uint32_t)fp;
	*s = '.';
	s[1] = (char)('0' + u / 10000);
	u %= 10000;
	hi = u / 100;
	memcpy(s + 2, pairs + 2 * hi, 2);
	memcpy(s + 4, pairs + 2 * (u - hi * 100), 2);
	s += 6;
	while (s[-1] == '0')
		s--;
	return s;
}

/* n numbers, then the operator (with its newline). */
static void
put_op(struct obuf *o, const double *v, int n, const char *op, size_t oplen)
{
	char *s = room(o, (size_t)n * 14 + oplen), *start = s;
	int i;

	for (i = 0; i < n; i++) {
		s = fmt_real(s, v[i]);
		*s++ = ' ';
	}
	memcpy(s, op, oplen);
	o->len += (size_t)(s - start) + oplen;
}

#define OP(pg, v, lit) put_op(&(pg)->out, (v), \
	(int)(sizeof(v) / sizeof((v)[0])), (lit), sizeof(lit) - 1)

/* ---- operators ---- */

void
op_move(struct pdf_page *pg, double x, double y)
{
	double v[] = { x, y };

	if (pg->plain)
		HPDF_Page_MoveTo(pg->page, (HPDF_REAL)x, (HPDF_REAL)y);
	else
		OP(pg, v, "m\n");
}

void
op_line(struct pdf_page *pg, double x, double y)
{
	double v[] = { x, y };

	if (pg->plain)
		HPDF_Page_LineTo(pg->page, (HPDF_REAL)x, (HPDF_REAL)y);
	else
		OP(pg, v, "l\n");
}

void
op_curve(struct pdf_page *pg, double x1, double y1, double x2, double y2,
    double x3, double y3)
{
	double v[] = { x1, y1, x2, y2, x3, y3 };

	if (pg->plain)
		HPDF_Page_CurveTo(pg->page, (HPDF_REAL)x1, (HPDF_REAL)y1,
		    (HPDF_REAL)x2, (HPDF_REAL)y2, (HPDF_REAL)x3, (HPDF_REAL)y3);
	else
		OP(pg, v, "c\n");
}

void
op_rect(struct pdf_page *pg, double x, double y, double w, double h)
{
	double v[] = { x, y, w, h };

	if (pg->plain)
		HPDF_Page_Rectangle(pg->page, (HPDF_REAL)x, (HPDF_REAL)y,
		    (HPDF_REAL)w, (HPDF_REAL)h);
	else
		OP(pg, v, "re\n");
}

void
op_close(struct pdf_page *pg)
{
	if (pg->plain)
		HPDF_Page_ClosePath(pg->page);
	else
		PUTS(&pg->out, "h\n");
}

void
op_paint(struct pdf_page *pg, int fill, int stroke)
{
	if (pg->plain) {
		if (fill && stroke)
			HPDF_Page_FillStroke(pg->page);
		else if (fill)
			HPDF_Page_Fill(pg->page);
		else if (stroke)
			HPDF_Page_Stroke(pg->page);
		else
			HPDF_Page_EndPath(pg->page);
	} else if (fill && stroke)
		PUTS(&pg->out, "B\n");
	else if (fill)
		PUTS(&pg->out, "f\n");
	else if (stroke)
		PUTS(&pg->out, "S\n");
	else
		PUTS(&pg->out, "n\n");
}

/* A colour of n (3: RGB, 4: CMYK) components for filling or stroking. */
static void
colour(struct pdf_page *pg, const float *c, int n, int stroke)
{
	double v[4];
	int i;

	if (pg->plain) {
		if (n == 4 && stroke)
			HPDF_Page_SetCMYKStroke(pg->page, c[0], c[1], c[2], c[3]);
		else if (n == 4)
			HPDF_Page_SetCMYKFill(pg->page, c[0], c[1], c[2], c[3]);
		else if (stroke)
			HPDF_Page_SetRGBStroke(pg->page, c[0], c[1], c[2]);
		else
			HPDF_Page_SetRGBFill(pg->page, c[0], c[1], c[2]);
		return;
	}
	for (i = 0; i < n; i++)
		v[i] = c[i];
	put_op(&pg->out, v, n, n == 4 ? (stroke ? "K\n" : "k\n") :
	    (stroke ? "RG\n" : "rg\n"), n == 4 ? 2 : 3);
}

void
op_fill_colour(struct pdf_page *pg, const float *c, int n)
{
	colour(pg, c, n, 0);
}

void
op_stroke_colour(struct pdf_page *pg, const float *c, int n)
{
	colour(pg, c, n, 1);
}

void
op_width(struct pdf_page *pg, double w)
{
	double v[] = { w };

	if (pg->plain)
		HPDF_Page_SetLineWidth(pg->page, (HPDF_REAL)w);
	else
		OP(pg, v, "w\n");
}

void
op_dash(struct pdf_page *pg, unsigned len)
{
	HPDF_UINT16 d[2];
	char b[48];

	if (len > 100)		/* HPDF_MAX_DASH_PATTERN */
		len = 100;
	d[0] = d[1] = (HPDF_UINT16)len;
	if (pg->plain)
		HPDF_Page_SetDash(pg->page, len ? d : NULL, len ? 2 : 0, 0);
	else if (len)
		put(&pg->out, b, (size_t)snprintf(b, sizeof(b),
		    "[%u %u] 0 d\n", len, len));
	else
		PUTS(&pg->out, "[] 0 d\n");
}

void
op_save(struct pdf_page *pg)
{
	if (pg->plain)
		HPDF_Page_GSave(pg->page);
	else
		PUTS(&pg->out, "q\n");
}

void
op_restore(struct pdf_page *pg)
{
	if (pg->plain)
		HPDF_Page_GRestore(pg->page);
	else
		PUTS(&pg->out, "Q\n");
}

void
op_begin_text(struct pdf_page *pg)
{
	if (pg->plain)
		HPDF_Page_BeginText(pg->page);
	else
		PUTS(&pg->out, "BT\n");
}

void
op_end_text(struct pdf_page *pg)
{
	if (pg->plain)
		HPDF_Page_EndText(pg->page);
	else
		PUTS(&pg->out, "ET\n");
}

/* The name font has in the surface's resources, added when first used. */
static const char *
font_name(struct pdf *p, struct pdf_page *pg, int font)
{
	if (font >= pg->nfname) {
		int n = p->nfonts > font ? p->nfonts : font + 1;

		pg->fname = xrealloc(pg->fname, (size_t)n * sizeof(*pg->fname));
		memset(pg->fname + pg->nfname, 0, (size_t)(n - pg->nfname) *
		    sizeof(*pg->fname));
		pg->nfname = n;
	}
	if (pg->fname[font][0] == '\0') {
		const char *name = NULL;
		char b[16];

		if (pg->page)
			name = HPDF_Page_GetLocalFontName(pg->page,
			    p->font[font].f);
		else if (pg->form == NULL) {
			/* The fast writer's page: writer.c lists it. */
			snprintf(b, sizeof(b), "F%d", (font + 1) & 0xffff);
			name = b;
		} else {
			snprintf(b, sizeof(b), "F%d", (font + 1) & 0xffff);
			if (HPDF_Dict_Add(pg->form_fonts, b, p->font[font].f) ==
			    HPDF_OK)
				name = b;
		}
		snprintf(pg->fname[font], sizeof(pg->fname[font]), "%s",
		    name ? name : "F0");
	}
	return pg->fname[font];
}

/* Raw operators, as both writers put them. */
static void
op_raw(struct pdf_page *pg, const char *ops)
{
	if (pg->plain)
		HPDF_Stream_WriteStr(((HPDF_PageAttr)pg->page->attr)->stream,
		    ops);
	else
		put(&pg->out, ops, strlen(ops));
}

void
op_actual_begin(struct pdf_page *pg, const char *text)
{
	static const char hex[] = "0123456789ABCDEF";
	struct sbuf sb = SBUF_INIT;
	const char *s = text;

	/* PDF 1.7, 14.9.4: a text string, UTF-16BE with its mark. */
	sb_adds(&sb, "/Span <</ActualText <FEFF");
	while (*s) {
		long c = utf8_next(&s);

		if (c < 0 || c > 0xffff)
			c = 0xfffd;
		sb_addc(&sb, hex[(c >> 12) & 15]);
		sb_addc(&sb, hex[(c >> 8) & 15]);
		sb_addc(&sb, hex[(c >> 4) & 15]);
		sb_addc(&sb, hex[c & 15]);
	}
	sb_adds(&sb, ">>> BDC\n");
	op_raw(pg, sb_str(&sb));
	sb_release(&sb);
}

void
op_actual_end(struct pdf_page *pg)
{
	op_raw(pg, "EMC\n");
}

void
op_text_hidden(struct pdf_page *pg, double pct)
{
	double v[] = { pct };

	if (pg->plain) {
		HPDF_Page_SetTextRenderingMode(pg->page, HPDF_INVISIBLE);
		HPDF_Page_SetHorizontalScalling(pg->page, (HPDF_REAL)pct);
		return;
	}
	PUTS(&pg->out, "3 Tr\n");
	OP(pg, v, "Tz\n");
}

void
op_text_plain(struct pdf_page *pg)
{
	if (pg->plain) {
		HPDF_Page_SetTextRenderingMode(pg->page, HPDF_FILL);
		HPDF_Page_SetHorizontalScalling(pg->page, 100);
		return;
	}
	PUTS(&pg->out, "0 Tr\n100 Tz\n");
}

void
op_font(struct pdf *p, struct pdf_page *pg, int font, double size)
{
	double v[] = { size };
	const char *name;
	size_t n;

	if (pg->plain) {
		HPDF_Page_SetFontAndSize(pg->page, p->font[font].f,
		    (HPDF_REAL)size);
		return;
	}
	name = font_name(p, pg, font);
	n = strlen(name);
	*room(&pg->out, n + 1) = '/';
	pg->out.len++;
	put(&pg->out, name, n);
	PUTS(&pg->out, " ");
	OP(pg, v, "Tf\n");
}

int
glyph_width(struct font *ft, long c)
{
	if (c < 0 || c > 0xffff)
		return 0;
	if (ft->width[c] < 0)
		ft->width[c] = (short)HPDF_Font_GetUnicodeWidth(ft->f,
		    (HPDF_UNICODE)c);
	return ft->width[c];
}

void
op_text(struct pdf *p, struct pdf_page *pg, int font, double x, double y,
    const char *text)
{
	static const char hex[] = "0123456789ABCDEF";
	double v[] = { x, y };
	const char *s = text;
	char *o;

	if (pg->plain) {
		HPDF_Page_TextOut(pg->page, (HPDF_REAL)x, (HPDF_REAL)y, text);
		return;
	}
	OP(pg, v, "Td\n");
	/* Codes are UCS-2 code points, as libharu's UTF-8 encoder writes
	 * them (Identity-H); measuring each glyph marks it for the subset. */
	o = room(&pg->out, strlen(text) * 4 + 8);
	*o++ = '<';
	while (*s) {
		long c = utf8_next(&s);

		if (c < 0 || c > 0xffff)
			c = ' ';
		glyph_width(&p->font[font], c);
		*o++ = hex[(c >> 12) & 15];
		*o++ = hex[(c >> 8) & 15];
		*o++ = hex[(c >> 4) & 15];
		*o++ = hex[c & 15];
	}
	memcpy(o, "> Tj\n", 5);
	o += 5;
	pg->out.len = (size_t)(o - pg->out.b);
}

/*
 * Cubic Bezier segments of at most 90 degrees each.  Angles run
 * clockwise from straight up (as libharu's HPDF_Page_Arc); a point at
 * angle a lies at cx + r sin a, cy + r cos a.
 */
void
op_arc(struct pdf_page *pg, double cx, double cy, double r, double a1,
    double a2, int cont)
{
	const double rad = M_PI / 180;
	int n = (int)ceil(fabs(a2 - a1) / 90 - 1e-9), i;
	double step, k, a, b;

	if (n < 1)
		n = 1;
	step = (a2 - a1) / n;
	k = 4.0 / 3.0 * tan(step * rad / 4);
	a = a1 * rad;
	if (cont)
		op_line(pg, cx + r * sin(a), cy + r * cos(a));
	else
		op_move(pg, cx + r * sin(a), cy + r * cos(a));
	for (i = 0; i < n; i++) {
		a = (a1 + step * i) * rad;
		b = (a1 + step * (i + 1)) * rad;
		/* The tangent at angle t, clockwise, is (cos t, -sin t). */
		op_curve(pg, cx + r * (sin(a) + k * cos(a)),
		    cy + r * (cos(a) - k * sin(a)),
		    cx + r * (sin(b) - k * cos(b)),
		    cy + r * (cos(b) + k * sin(b)),
		    cx + r * sin(b), cy + r * cos(b));
	}
}

void
op_ellipse(struct pdf_page *pg, double cx, double cy, double rx, double ry)
{
	/* 4/3 (sqrt 2 - 1): a quarter circle's control distance. */
	const double k = 0.5522847498;

	op_move(pg, cx - rx, cy);
	op_curve(pg, cx - rx, cy + k * ry, cx - k * rx, cy + ry, cx, cy + ry);
	op_curve(pg, cx + k * rx, cy + ry, cx + rx, cy + k * ry, cx + rx, cy);
	op_curve(pg, cx + rx, cy - k * ry, cx + k * rx, cy - ry, cx, cy - ry);
	op_curve(pg, cx - k * rx, cy - ry, cx - rx, cy - k * ry, cx - rx, cy);
	op_close(pg);
}

void
op_shift(struct pdf_page *pg, double x, double y)
{
	double v[] = { 1, 0, 0, 1, x, y };

	if (pg->plain)
		HPDF_Page_Concat(pg->page, 1, 0, 0, 1, (HPDF_REAL)x,
		    (HPDF_REAL)y);
	else
		OP(pg, v, "cm\n");
}

void
op_place(struct pdf_page *pg, const char *name, double x, double y)
{
	op_save(pg);
	op_shift(pg, x, y);
	*room(&pg->out, 1) = '/';
	pg->out.len++;
	put(&pg->out, name, strlen(name));
	PUTS(&pg->out, " Do\n");
	op_restore(pg);
}

void
op_clip(struct pdf_page *pg)
{
	if (pg->plain) {
		HPDF_Page_Clip(pg->page);
		HPDF_Page_EndPath(pg->page);
	} else
		PUTS(&pg->out, "W\nn\n");
}

/* As HPDF_Page_DrawImage writes it. */
void
op_image(struct pdf_page *pg, const char *name, double x, double y,
    double w, double h)
{
	double v[] = { w, 0, 0, h, x, y };

	op_save(pg);
	OP(pg, v, "cm\n");
	*room(&pg->out, 1) = '/';
	pg->out.len++;
	put(&pg->out, name, strlen(name));
	PUTS(&pg->out, " Do\n");
	op_restore(pg);
}
