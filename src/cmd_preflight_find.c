/*
 * cmd_preflight_find.c -- what muster preflight finds while it walks a
 * page's content: colour spaces and total ink, transparency, text size
 * and embedding, pictures' resolution and ink; each finding tallied,
 * then told once with its count and pages (cmd_preflight.h).
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd_preflight.h"
#include "diag.h"
#include "pdfread/content.h"
#include "pdfread/pdfread.h"
#include "usage.h"
#include "util.h"
#include "vendor.h"

/* Page ranges listed in one finding, at most; then "and N more". */
#define MAX_RANGES 8

/* Ends the range from..last: listed, or past MAX_RANGES counted. */
static void
flush_range(struct tally *t)
{
	if (t->nranges++ >= MAX_RANGES)
		t->more += t->last - t->from + 1;
	else if (t->from == t->last)
		sb_addf(&t->pages, "%s%d", t->pages.len ? ", " : "", t->from);
	else
		sb_addf(&t->pages, "%s%d-%d", t->pages.len ? ", " : "",
		    t->from, t->last);
}

/* Adds page pg to t's ranges (pages come in order). */
static void
add_page(struct tally *t, int pg)
{
	if (t->npages && pg == t->last)
		return;
	if (t->npages && pg == t->last + 1) {
		t->last = pg;
		t->npages++;
		return;
	}
	if (t->npages)
		flush_range(t);
	t->from = t->last = pg;
	t->npages++;
}


/* " (obj N)" for an object read as one, "" for a direct one; in buf. */
static const char *
objstr(int num, char buf[24])
{
	if (num > 0)
		snprintf(buf, 24, " (obj %d)", num);
	else
		buf[0] = '\0';
	return buf;
}

/* The page-level thing something is painted in. */
static void
where(const struct pdfc_at *at, char *buf, size_t n)
{
	char o[24];

	if (at->form)
		snprintf(buf, n, "form /%s%s", at->form, objstr(at->form_num,
		    o));
	else if (at->stream)
		snprintf(buf, n, "content stream (obj %d)", at->stream);
	else
		snprintf(buf, n, "page content");
}


/* FNV-1a of a tally's rule (by address: the table's strings) and key. */
static size_t
tally_hash(const char *rule, const char *key)
{
	unsigned long long h = 14695981039346656037ULL;
	uintptr_t r = (uintptr_t)rule;
	size_t i;

	for (i = 0; i < sizeof(r); i++, r >>= 8)
		h = (h ^ (r & 0xff)) * 1099511628211ULL;
	for (; *key; key++)
		h = (h ^ (unsigned char)*key) * 1099511628211ULL;
	return (size_t)h;
}

struct tally *
tally(struct pf *p, enum level lv, const char *rule, const char *key,
    double value, int low, const char *fmt, ...)
{
	struct sbuf sb = SBUF_INIT;
	struct tally *t;
	va_list ap;
	size_t i, h;

	h = tally_hash(rule, key);
	for (i = h & (p->capslot - 1); p->capslot && p->slot[i];
	    i = (i + 1) & (p->capslot - 1)) {
		t = &p->t[p->slot[i] - 1];
		if (t->rule == rule && strcmp(t->key, key) == 0) {
			t->count++;
			add_page(t, p->page);
			if (low ? value < t->worst : value > t->worst)
				t->worst = value;
			return t;
		}
	}
	if (p->nt == p->capt) {
		p->capt = p->capt ? p->capt * 2 : 16;
		p->t = xrealloc(p->t, p->capt * sizeof(*p->t));
	}
	if (2 * (p->nt + 1) > p->capslot) {
		size_t k;

		free(p->slot);
		p->capslot = p->capslot ? p->capslot * 2 : 64;
		p->slot = xcalloc(p->capslot, sizeof(*p->slot));
		for (k = 0; k < p->nt; k++) {
			for (i = tally_hash(p->t[k].rule, p->t[k].key) &
			    (p->capslot - 1); p->slot[i];
			    i = (i + 1) & (p->capslot - 1))
				;
			p->slot[i] = k + 1;
		}
	}
	for (i = h & (p->capslot - 1); p->slot[i];
	    i = (i + 1) & (p->capslot - 1))
		;
	p->slot[i] = p->nt + 1;
	t = &p->t[p->nt++];
	t->key = xstrdup(key);
	t->lv = lv;
	t->rule = rule;
	va_start(ap, fmt);
	sb_vaddf(&sb, fmt, ap);
	va_end(ap);
	t->text = xstrdup(sb_str(&sb));
	sb_release(&sb);
	t->count = 1;
	t->worst = value;
	t->worst_low = low;
	memset(&t->pages, 0, sizeof(t->pages));
	t->npages = t->nranges = t->more = 0;
	add_page(t, p->page);
	return t;
}

/* Tells what was tallied in a file, in order of first page, and
 * forgets it. */
void
tell(struct pf *p)
{
	size_t i;

	for (i = 0; i < p->nt; i++) {
		struct tally *t = &p->t[i];
		struct sbuf at = SBUF_INIT;

		flush_range(t);
		sb_addf(&at, "page%s %s", t->npages > 1 ? "s" : "",
		    t->pages.buf);
		if (t->more)
			sb_addf(&at, " and %d more", t->more);
		/* Small text: the smallest size met, rounded down (5.98
		 * is 5.9, under 6), and whether there were more. */
		if (!strcmp(t->rule, "preflight.text-size"))
			diag_at(t->lv, t->rule, p->file, 0, 0, "%s: %s at %.1f "
			    "pt, under %.0f pt%s", at.buf, t->text,
			    floor(t->worst * 10) / 10,
			    MIN_TEXT_PT, t->count > 1 ? " (the smallest of "
			    "several)" : "");
		else
			diag_at(t->lv, t->rule, p->file, 0, 0, "%s: %s",
			    at.buf, t->text);
		sb_release(&at);
		sb_release(&t->pages);
		free(t->key);
		free(t->text);
	}
	p->nt = 0;
	if (p->slot)
		memset(p->slot, 0, p->capslot * sizeof(*p->slot));
}

/* Whether o was seen before in this file (and now is): a set of
 * addresses, open addressing. */
static int
seen(struct pf *p, const struct pobj *o)
{
	size_t i, h = ((uintptr_t)o >> 4) * 2654435761u;

	if (2 * (p->nseen + 1) > p->capseen) {
		const struct pobj **old = p->seen;
		size_t n = p->capseen, k;

		p->capseen = n ? n * 2 : 64;
		p->seen = xcalloc(p->capseen, sizeof(*p->seen));
		for (k = 0; k < n; k++)
			if (old[k]) {
				for (i = (((uintptr_t)old[k] >> 4) *
				    2654435761u) & (p->capseen - 1); p->seen[i];
				    i = (i + 1) & (p->capseen - 1))
					;
				p->seen[i] = old[k];
			}
		free(old);
	}
	for (i = h & (p->capseen - 1); p->seen[i];
	    i = (i + 1) & (p->capseen - 1))
		if (p->seen[i] == o)
			return 1;
	p->seen[i] = o;
	p->nseen++;
	return 0;
}

static void
add_space(struct pf *p, const char *name)
{
	char *s = p->spaces;
	size_t n = strlen(name);
	const char *q;

	for (q = s; (q = strstr(q, name)) != NULL; q += n)
		if ((q == s || q[-2] == ',') && (q[n] == ',' || !q[n]))
			return;
	if (strlen(s) + n + 3 >= sizeof(p->spaces))
		return;
	if (*s)
		strcat(s, ", ");
	strcat(s, name);
}

/* ---- colour ---- */

/* What a colour space prints as: "RGB", "CMYK", "gray", "spot", "Lab",
 * or NULL for a pattern or what is not known. */
static const char *
family(struct pdfr *r, const char *name, struct pobj *obj, int ncomp)
{
	if (name == NULL)
		return NULL;
	if (!strcmp(name, "DeviceRGB") || !strcmp(name, "CalRGB"))
		return "RGB";
	if (!strcmp(name, "DeviceCMYK"))
		return "CMYK";
	if (!strcmp(name, "DeviceGray") || !strcmp(name, "CalGray"))
		return "gray";
	if (!strcmp(name, "Separation") || !strcmp(name, "DeviceN"))
		return "spot";
	if (!strcmp(name, "Lab"))
		return "Lab";
	if (!strcmp(name, "ICCBased"))
		return ncomp == 4 ? "ICC CMYK" : ncomp == 1 ? "ICC gray" :
		    "ICC RGB";
	if (!strcmp(name, "Indexed") && obj && obj->type == PO_ARRAY &&
	    obj->u.arr.n >= 2) {
		struct pobj *base = pdfr_resolve(r, obj->u.arr.v[1]);

		return family(r, pdfc_space_name(r, base), base,
		    pdfc_space_ncomp(r, base, 0));
	}
	return NULL;
}

/* Whether a PDF/X-1a vendor refuses colour of this family (PDF/X-1a:2003,
 * ISO 15930-4 6.2.4: DeviceCMYK, DeviceGray, Separation and DeviceN
 * only). */
static int
pdfx_refuses(const char *fam)
{
	return fam && (!strcmp(fam, "RGB") || !strcmp(fam, "Lab") ||
	    !strncmp(fam, "ICC", 3));
}

/* A space used by obj (what) on this page: noted for the summary, and
 * an error where the vendor prints PDF/X-1a. */
static void
space_used(struct pf *p, const char *what, const char *key,
    const char *name, struct pobj *obj, int ncomp)
{
	const char *fam = family(p->r, name, obj, ncomp);
	char k[256];

	if (name == NULL || !strcmp(name, "Pattern"))
		return;
	add_space(p, name);
	snprintf(k, sizeof(k), "%s|%s", key, name);
	if (p->v && p->v->colour == VENDOR_PDFX && pdfx_refuses(fam))
		tally(p, L_ERROR, "preflight.colour", k, 0, 0,
		    "%s: %s colour; %s prints CMYK only "
		    "(PDF/X-1a)", what, name, p->v->name);
	else {
		snprintf(k, sizeof(k), "space|%s", name);
		tally(p, L_NOTE, "preflight.colour", k, 0, 0,
		    "%s colour (first in %s)", name, what);
	}
}

/* Total ink of c[0..n) in percent, as printed: CMYK's four, a spot's
 * tint, gray as black (1 - g). */
static double
ink_of(const char *fam, const double *c, int n)
{
	double s = 0;
	int i;

	if (fam == NULL || n == 0)
		return -1;
	if (!strcmp(fam, "CMYK") || !strcmp(fam, "ICC CMYK") ||
	    !strcmp(fam, "spot")) {
		for (i = 0; i < n; i++)
			s += c[i] < 0 ? 0 : c[i] > 1 ? 1 : c[i];
		return s * 100;
	}
	if ((!strcmp(fam, "gray") || !strcmp(fam, "ICC gray")) && n == 1)
		return (1 - (c[0] < 0 ? 0 : c[0] > 1 ? 1 : c[0])) * 100;
	return -1;
}

static void
ink_found(struct pf *p, const char *what, const char *key, double ink,
    const char *detail)
{
	int limit = p->v && p->v->ink_limit ? p->v->ink_limit : GENERIC_INK;
	char k[256];

	p->inked = 1;
	if (ink > p->ink_max)
		p->ink_max = ink;
	if (ink <= limit + 0.5)
		return;
	snprintf(k, sizeof(k), "ink|%s", key);
	tally(p, p->v && p->v->ink_limit ? L_ERROR : L_WARNING,
	    "preflight.ink", k, ink, 0,
	    "%s: total ink %.0f %%%s, over %s%s%d %%", what,
	    ink, detail, p->v && p->v->ink_limit ? p->v->name : "",
	    p->v && p->v->ink_limit ? "'s " : "", limit);
}

void
on_colour(void *ctx, const struct pdfc_at *at, const struct pdfc_space *sp,
    int stroke, const double *c, int n)
{
	struct pf *p = ctx;
	char w[160], key[200], detail[96];
	const char *fam;
	double ink;

	(void)stroke;
	where(at, w, sizeof(w));
	snprintf(key, sizeof(key), "%s", w);
	space_used(p, w, key, sp->name, sp->obj, sp->ncomp);
	fam = family(p->r, sp->name, sp->obj, sp->ncomp);
	if ((ink = ink_of(fam, c, n)) < 0)
		return;
	detail[0] = '\0';
	if (n == 4)
		snprintf(detail, sizeof(detail), " (C %.0f M %.0f Y %.0f "
		    "K %.0f)", c[0] * 100, c[1] * 100, c[2] * 100, c[3] * 100);
	ink_found(p, w, key, ink, detail);
}

void
on_shading(void *ctx, const struct pdfc_at *at, const char *name,
    struct pobj *sh)
{
	struct pf *p = ctx;
	struct pobj *cs = pdfr_get(p->r, sh, "ColorSpace");
	char in[160], w[240], key[280], o[24];

	where(at, in, sizeof(in));
	snprintf(w, sizeof(w), "shading /%s%s in %s", name,
	    objstr(pdfr_objnum(sh), o), in);
	snprintf(key, sizeof(key), "%s", w);
	space_used(p, w, key, pdfc_space_name(p->r, cs), cs,
	    pdfc_space_ncomp(p->r, cs, 0));
}

/* ---- transparency ---- */

static void
transparent(struct pf *p, const char *what, const char *how)
{
	char k[320];

	p->transparency++;
	snprintf(k, sizeof(k), "%s|%s", what, how);
	if (p->v && !p->v->transparency)
		tally(p, L_ERROR, "preflight.transparency", k, 0, 0,
		    "%s: %s; %s takes no transparency",
		    what, how, p->v->name);
	else
		tally(p, L_NOTE, "preflight.transparency", k, 0, 0,
		    "%s: %s", what, how);
}

void
on_gstate(void *ctx, const struct pdfc_at *at, const char *name,
    struct pobj *gs)
{
	struct pf *p = ctx;
	char w[200], what[360], ob[24];
	struct pobj *o;
	const char *bm;
	int ok;
	double a;

	where(at, w, sizeof(w));
	snprintf(what, sizeof(what), "graphics state /%s%s in %s",
	    name, objstr(pdfr_objnum(gs), ob), w);
	o = pdfr_get(p->r, gs, "SMask");
	if (o && !(pdfr_name(o) && !strcmp(pdfr_name(o), "None")))
		transparent(p, what, "a soft mask (SMask)");
	a = pdfr_num(pdfr_get(p->r, gs, "CA"), &ok);
	if (ok && a < 1) {
		char how[64];

		snprintf(how, sizeof(how), "stroke alpha CA %.2f", a);
		transparent(p, what, how);
	}
	a = pdfr_num(pdfr_get(p->r, gs, "ca"), &ok);
	if (ok && a < 1) {
		char how[64];

		snprintf(how, sizeof(how), "fill alpha ca %.2f", a);
		transparent(p, what, how);
	}
	o = pdfr_get(p->r, gs, "BM");
	if (o && o->type == PO_ARRAY && o->u.arr.n)
		o = pdfr_resolve(p->r, o->u.arr.v[0]);
	bm = pdfr_name(o);
	if (bm && strcmp(bm, "Normal") && strcmp(bm, "Compatible")) {
		char how[96];

		snprintf(how, sizeof(how), "blend mode %.40s", bm);
		transparent(p, what, how);
	}
}

void
on_group(void *ctx, const struct pdfc_at *at, struct pobj *form)
{
	struct pf *p = ctx;
	struct pobj *g = pdfr_get(p->r, form, "Group");
	const char *s = pdfr_name(pdfr_get(p->r, g, "S"));
	char w[200], o[24];

	if (s == NULL || strcmp(s, "Transparency"))
		return;
	if (at->form)
		where(at, w, sizeof(w));
	else
		snprintf(w, sizeof(w), "page object%s",
		    objstr(pdfr_objnum(form), o));
	transparent(p, w, "a transparency group");
}

/* ---- text ---- */

/* The font's name as its dictionary says (BaseFont), or "". */
static const char *
base_font(struct pdfr *r, struct pobj *font)
{
	const char *n = pdfr_name(pdfr_get(r, font, "BaseFont"));

	if (font == NULL)
		return "?";
	return n ? n : "";
}

/* Whether a font's program is in the file (9.9): a Type 3 font is its
 * own; a Type 0 font's is its descendant's. */
static int
embedded(struct pdfr *r, struct pobj *font)
{
	const char *sub = pdfr_name(pdfr_get(r, font, "Subtype"));
	struct pobj *fd;

	if (sub && !strcmp(sub, "Type3"))
		return 1;
	if (sub && !strcmp(sub, "Type0")) {
		struct pobj *d = pdfr_get(r, font, "DescendantFonts");

		if (d == NULL || d->type != PO_ARRAY || d->u.arr.n == 0)
			return 0;
		font = pdfr_dict(r, d->u.arr.v[0]);
	}
	fd = pdfr_dict(r, pdfr_get_raw(font, "FontDescriptor"));
	return fd && (pdfr_get(r, fd, "FontFile") ||
	    pdfr_get(r, fd, "FontFile2") || pdfr_get(r, fd, "FontFile3"));
}

static void
check_font(struct pf *p, const char *name, struct pobj *font)
{
	char o[24], key[48];

	if (font == NULL || seen(p, font))
		return;
	p->fonts++;
	if (embedded(p->r, font))
		return;
	p->fonts_out++;
	snprintf(key, sizeof(key), "font|%p", (const void *)font);
	tally(p, p->v ? L_ERROR : L_WARNING, "preflight.font",
	    key, 0, 0, "font /%s '%s'%s is not embedded%s",
	    name, base_font(p->r, font), objstr(font->num, o),
	    p->v ? "; print shops need every font in the file" : "");
}

void
on_text(void *ctx, const struct pdfc_at *at, const char *font,
    struct pobj *fontdict, double size, int mode, size_t bytes)
{
	struct pf *p = ctx;
	char w[160], key[400];

	if (font)
		check_font(p, font, fontdict);
	/* Invisible text (an OCR layer, 9.3.6) prints nothing; 5.995 pt
	 * is 6 pt that a matrix rounded. */
	if (mode == 3 || mode == 7 || bytes == 0 ||
	    size >= MIN_TEXT_PT - 0.005)
		return;
	where(at, w, sizeof(w));
	snprintf(key, sizeof(key), "%s|%s", w, font ? font : "");
	tally(p, L_WARNING, "preflight.text-size", key, size, 1,
	    "%s: text in /%s '%s'", w, font ? font : "?",
	    base_font(p->r, fontdict));
}

/* ---- images ---- */

/* The highest total ink of an 8-bit CMYK picture's samples, read from
 * its data where this reader can decode it; -1 where it cannot. */
static double
image_ink(struct pf *p, struct pobj *img, long w, long h)
{
	const unsigned char *d;
	const char *undecoded;
	size_t len, i, n, step;
	double best = 0;
	struct pobj *dec = pdfr_get(p->r, img, "Decode");
	int invert = 0;

	if (img->type != PO_STREAM || w <= 0 || h <= 0)
		return -1;
	d = pdfr_stream(p->r, img, &len, &undecoded);
	if (d == NULL || undecoded)
		return -1;
	/* [1 0 1 0 1 0 1 0]: samples inverted (8.9.5.2). */
	if (dec && dec->type == PO_ARRAY && dec->u.arr.n >= 2 &&
	    pdfr_num(pdfr_resolve(p->r, dec->u.arr.v[0]), NULL) > 0.5)
		invert = 1;
	n = len / 4;
	if ((double)n > (double)w * (double)h)
		n = (size_t)w * (size_t)h;
	step = n > INK_SAMPLES ? n / INK_SAMPLES : 1;
	for (i = 0; i < n; i += step) {
		const unsigned char *s = d + i * 4;
		int t = s[0] + s[1] + s[2] + s[3];

		if (invert)
			t = 4 * 255 - t;
		if (t > best)
			best = t;
	}
	return best * 100.0 / 255.0;
}

void
on_image(void *ctx, const struct pdfc_at *at, const char *name,
    struct pobj *img, double w, double h)
{
	struct pf *p = ctx;
	struct pdfr *r = p->r;
	char what[240], key[300], in[160], on[24];
	long pw, ph;
	struct pobj *cs, *o;
	int mask, inl = name == NULL, min, ok1, ok2;
	const char *fil;

	p->images++;
	where(at, in, sizeof(in));
	if (inl)
		snprintf(what, sizeof(what), "inline image in %s", in);
	else if (at->form)
		snprintf(what, sizeof(what), "image /%s%s in %s", name,
		    objstr(img->num, on), in);
	else
		snprintf(what, sizeof(what), "image /%s%s", name,
		    objstr(img->num, on));
	pw = (long)pdfr_num(pdfr_get(r, img, inl ? "W" : "Width"), &ok1);
	ph = (long)pdfr_num(pdfr_get(r, img, inl ? "H" : "Height"), &ok2);
	if (inl && !ok1)
		pw = (long)pdfr_num(pdfr_get(r, img, "Width"), &ok1);
	if (inl && !ok2)
		ph = (long)pdfr_num(pdfr_get(r, img, "Height"), &ok2);
	o = pdfr_get(r, img, inl ? "IM" : "ImageMask");
	if (o == NULL && inl)
		o = pdfr_get(r, img, "ImageMask");
	mask = o && o->type == PO_BOOL && o->u.b;
	/* Resolution at the placed size (a stencil mask's too). */
	min = p->v ? p->v->min_ppi : GENERIC_MIN_PPI;
	if (ok1 && ok2 && pw > 0 && ph > 0 && w > 0.01 && h > 0.01) {
		double px = pw / (w / 72), py = ph / (h / 72);
		double ppi = px < py ? px : py;

		/* Told rounded down: 149.6 is "149 ppi, below 150" (and
		 * 299.999, a float's 300, is 300). */
		if (ppi < min - 0.01) {
			snprintf(key, sizeof(key), "ppi|%s|%.0f",
			    what, floor(ppi));
			tally(p, L_WARNING, "preflight.image-resolution", key,
			    ppi, 1, "%s: %.0f ppi (%ld x %ld px at "
			    "%.1f x %.1f mm), below %d", what, floor(ppi),
			    pw, ph, w / MM, h / MM, min);
		}
	}
	if (mask)
		return;
	cs = pdfr_get(r, img, inl ? "CS" : "ColorSpace");
	if (cs == NULL && inl)
		cs = pdfr_get(r, img, "ColorSpace");
	/* A named space of an inline image is a resource (8.9.7). */
	snprintf(key, sizeof(key), "%s", what);
	if (cs)
		space_used(p, what, key, pdfc_space_name(r, cs), cs,
		    pdfc_space_ncomp(r, cs, 0));
	else if ((fil = pdfr_name(pdfr_get(r, img, "Filter"))) &&
	    !strcmp(fil, "JPXDecode"))
		space_used(p, what, key, "JPXDecode", NULL, 0);
	if (!inl && pdfr_get_raw(img, "SMask"))
		transparent(p, what, "a soft mask (SMask)");
	if (!inl && pdfr_num(pdfr_get(r, img, "SMaskInData"), NULL) > 0)
		transparent(p, what, "alpha in its JPEG 2000 data "
		    "(SMaskInData)");
	if (!inl && cs && seen(p, img) == 0) {
		const char *fam = family(r, pdfc_space_name(r, cs), cs,
		    pdfc_space_ncomp(r, cs, 0));
		double bpc = pdfr_num(pdfr_get(r, img, "BitsPerComponent"),
		    NULL), ink;

		if (fam && (!strcmp(fam, "CMYK") || !strcmp(fam, "ICC CMYK"))) {
			if (bpc == 8 && (ink = image_ink(p, img, pw, ph)) >= 0)
				ink_found(p, what, key, ink, " in its samples");
			else
				p->unsampled++;
		}
	}
}
