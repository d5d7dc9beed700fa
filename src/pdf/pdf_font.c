/*
 * pdf/pdf_font.c -- fonts found by fontconfig and loaded by libharu,
 * inline icons, text measured; at the save, each font cut down to the
 * code points the document used.  See pdf.h and pdf.c.
 */
#include "pdf_impl.h"

#include <fontconfig/fontconfig.h>
#include <hpdf.h>
#include <hpdf_doc.h>
#include <hpdf_encoder.h>
#include <hpdf_fontdef.h>
#include <hpdf_list.h>
#include <hpdf_streams.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../util.h"

static int fc_ready;

void
pdf_cleanup(void)
{
	if (fc_ready)
		FcFini();
	fc_ready = 0;
}

/*
 * Replaces libharu's ToUnicode CMap of a UTF-8 font: codes are Unicode
 * code points (Identity-H over UCS-2), so each high byte maps onto itself.
 * A bfrange may not cross its last byte, hence one range per high byte:
 * every high byte when the font is loaded, and at the save only those
 * of the code points used (used[hi] non-zero), for a reader parses the
 * map for every page that names the font, 248 ranges of 256 codes.
 */
static void
fix_tounicode(HPDF_Font f, const unsigned char *used)
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
		if ((hi >= 0xd8 && hi <= 0xdf) || (used && !used[hi]))
			continue;	/* surrogates are no characters */
		if (!inblock) {
			int left = 0, h;

			for (h = hi; h < 256 && left < 100; h++)
				if ((h < 0xd8 || h > 0xdf) && (!used || used[h]))
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

/* Font i loaded again under another name: it shares the libharu font,
 * with widths of its own (what it measured). */
static int
font_alias(struct pdf *p, int i, const char *pattern)
{
	struct font *ft = new_font(p);

	*ft = p->font[i];
	ft->pattern = xstrdup(pattern);
	ft->file = xstrdup(ft->file);
	ft->cs = ft->cs ? FcCharSetCopy(ft->cs) : NULL;
	ft->cstext = ft->cstext ? xstrdup(ft->cstext) : NULL;
	ft->width = xmalloc(65536 * sizeof(short));
	memset(ft->width, 0xff, 65536 * sizeof(short));
	return p->nfonts++;
}

/*
 * libharu's font of a TrueType file under the UTF-8 encoder.  Making it,
 * libharu looks up the glyph of each of the 65,536 code points, for a /W
 * and a CIDToGIDMap that trim_fonts() cuts down to the code points used
 * (12 ms a font, most of a small render's processor time).  So its cmap
 * is held to one empty segment for that call, and put back after: every
 * code point then has glyph 0, whose width is the font's missing width,
 * and /W comes out empty; trim_fonts() looks up the code points it keeps
 * (*lazy set) as libharu would have.  A cmap of another format than 4,
 * or a font libharu did not read as TrueType, goes the long way.
 */
static int lazy_on = 1;

void
pdf_font_lazy(int on)
{
	lazy_on = on;
}

static HPDF_Font
utf8_font(HPDF_Doc doc, const char *name, int *lazy)
{
	static HPDF_UINT16 end = 0xffff, start = 0xffff, offset = 0;
	static HPDF_INT16 delta = 1;
	HPDF_FontDef def = HPDF_Doc_FindFontDef(doc, name);
	HPDF_TTFontDefAttr a;
	HPDF_TTF_CmapRange keep;
	HPDF_Font f;

	*lazy = 0;
	if (!lazy_on || def == NULL || def->type != HPDF_FONTDEF_TYPE_TRUETYPE ||
	    (a = (HPDF_TTFontDefAttr)def->attr) == NULL ||
	    a->cmap.format != 4 || a->cmap.seg_count_x2 == 0)
		return HPDF_GetFont(doc, name, "UTF-8");
	keep = a->cmap;
	a->cmap.seg_count_x2 = 2;
	a->cmap.end_count = &end;
	a->cmap.start_count = &start;
	a->cmap.id_delta = &delta;
	a->cmap.id_range_offset = &offset;
	f = HPDF_GetFont(doc, name, "UTF-8");
	a->cmap = keep;
	*lazy = f != NULL;
	return f;
}

/* Loads the TrueType file as the font named pattern; its index, or -1
 * with *why set (an index of pdf_font_why[]). */
static int
font_load(struct pdf *p, const char *pattern, const char *file,
    FcCharSet *cs, int *why)
{
	const char *name;
	struct font *ft;

	/* libharu's errors stick: after an earlier one every call fails,
	 * and that failure must reach the save, not be cleared here. */
	if (p->err) {
		*why = PDF_FONT_HARU_ERR;
		return -1;
	}
	name = HPDF_LoadTTFontFromFile(p->doc, file, HPDF_TRUE);
	ft = new_font(p);
	if (name && !p->finder)
		ft->f = utf8_font(p->doc, name, &ft->lazy);
	if (name == NULL || (ft->f == NULL && !p->finder)) {
		/* This font's own failure: the document can go on. */
		HPDF_ResetError(p->doc);
		p->err = 0;
		*why = PDF_FONT_HARU;
		return -1;
	}
	ft->pattern = xstrdup(pattern);
	ft->file = xstrdup(file);
	ft->cs = FcCharSetCopy(cs);
	if (p->finder)
		return p->nfonts++;
	fix_tounicode(ft->f, NULL);
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
	return p->nfonts++;
}

const char *const pdf_font_why[PDF_FONT_NWHY] = {
	"fontconfig cannot be initialised",
	"it is not a fontconfig font name such as 'DejaVu Sans Condensed:bold'",
	"fontconfig finds no font at all; install fonts-dejavu-core",
	"its file is not a TrueType font, the only kind that can be embedded",
	"libharu cannot load its TrueType file",
	"an earlier libharu error stops the document",
};

static char subst[128];

/* fontconfig's font for pattern, opened: pdf_font() but for the record;
 * *why as font_load()'s. */
static int
font_find(struct pdf *p, const char *pattern, int *why,
    const char **substitute)
{
	FcPattern *pat, *match;
	FcResult res;
	FcChar8 *file = NULL, *fam = NULL, *format = NULL, *want = NULL;
	FcCharSet *cs = NULL;
	int i;

	if (!fc_ready) {
		if (!FcInit()) {
			*why = PDF_FONT_NO_FC;
			return -1;
		}
		fc_ready = 1;
	}
	pat = FcNameParse((const FcChar8 *)pattern);
	if (pat == NULL) {
		*why = PDF_FONT_BAD_NAME;
		return -1;
	}
	FcPatternGetString(pat, FC_FAMILY, 0, &want);
	FcConfigSubstitute(NULL, pat, FcMatchPattern);
	FcDefaultSubstitute(pat);
	match = FcFontMatch(NULL, pat, &res);
	if (match == NULL) {
		FcPatternDestroy(pat);
		*why = PDF_FONT_NONE;
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
		*why = PDF_FONT_NOT_TTF;
		goto fail;
	}
	for (i = 0; i < p->nfonts; i++)
		if (strcmp(p->font[i].file, (const char *)file) == 0) {
			FcPatternDestroy(match);
			FcPatternDestroy(pat);
			return font_alias(p, i, pattern);
		}
	i = font_load(p, pattern, (const char *)file, cs, why);
	FcPatternDestroy(match);
	FcPatternDestroy(pat);
	return i;
fail:
	FcPatternDestroy(match);
	FcPatternDestroy(pat);
	return -1;
}

/* A finder's font as the record has it: no libharu font (a finder
 * measures and draws nothing), and its charset as the record's text, read
 * when text is first asked of it (pdf_missing_glyph). */
static int
font_recorded(struct pdf *p, const char *pattern, const char *file,
    const char *cstext)
{
	struct font *ft = new_font(p);

	ft->pattern = xstrdup(pattern);
	ft->file = xstrdup(file);
	ft->cstext = xstrdup(cstext);
	return p->nfonts++;
}

int
pdf_font(struct pdf *p, const char *pattern, const char **why,
    const char **substitute)
{
	const char *was, *file, *cstext;
	int i, w;

	*why = NULL;
	*substitute = NULL;
	for (i = 0; i < p->nfonts; i++)
		if (strcmp(p->font[i].pattern, pattern) == 0)
			return i;
	/* A finder asks the record kept between runs first (check). */
	if (p->finder && pdf_fontcache_get(pattern, &w, &was, &file,
	    &cstext)) {
		if (was) {
			snprintf(subst, sizeof(subst), "%s", was);
			*substitute = subst;
		}
		if (w >= 0) {
			*why = pdf_font_why[w];
			return -1;
		}
		return font_recorded(p, pattern, file, cstext);
	}
	w = -1;
	i = font_find(p, pattern, &w, substitute);
	if (w >= 0)
		*why = pdf_font_why[w];
	if (!p->finder)
		return i;
	/* Not kept: what depends on this run (libharu's state, fontconfig
	 * not starting). */
	if (w == PDF_FONT_NO_FC || w == PDF_FONT_HARU_ERR)
		return i;
	pdf_fontcache_put(pattern, w, *substitute,
	    i >= 0 ? p->font[i].file : NULL, i >= 0 ? p->font[i].cs : NULL);
	return i;
}

/* ---- inline icons ---- */

long
pdf_icon(struct pdf *p, const char *key, const char *label, double aspect,
    int image, pdf_icon_fn *draw, const void *arg)
{
	struct pdf_icon *ic;
	int i;

	for (i = 0; i < p->nicon; i++)
		if (strcmp(p->icon[i].key, key) == 0)
			return PDF_ICON_BASE + i;
	if (p->nicon == PDF_ICON_MAX)
		return -1;
	if (p->nicon == p->capicon) {
		p->capicon = p->capicon ? p->capicon * 2 : 8;
		p->icon = xrealloc(p->icon, (size_t)p->capicon *
		    sizeof(*p->icon));
	}
	ic = &p->icon[p->nicon];
	ic->key = xstrdup(key);
	ic->label = xstrdup(label);
	ic->aspect = aspect > 0.1 && aspect < 10 ? aspect : 1;
	ic->image = image;
	ic->draw = draw;
	ic->arg = arg;
	return PDF_ICON_BASE + p->nicon++;
}

/*
 * Makes ready what pdf_missing_glyph() asks of a font: its charset (a
 * finder's font from the record has it as text until now) and which of
 * ASCII it prints, a table, for most text is ASCII and a look-up in the
 * charset costs some 40 times a byte's test.
 */
static void
font_cover(struct font *ft)
{
	int c;

	if (ft->cs == NULL && ft->cstext) {
		ft->cs = pdf_charset_parse(ft->cstext);
		free(ft->cstext);
		ft->cstext = NULL;
	}
	for (c = 0; c < 128; c++)
		ft->ascii[c] = c == '\n' ||
		    (ft->cs && FcCharSetHasChar(ft->cs, (FcChar32)c));
	ft->covered = 1;
}

long
pdf_missing_glyph(struct pdf *p, int font, const char *text)
{
	struct font *ft = &p->font[font];
	const unsigned char *s;
	long c;

	if (!ft->covered)
		font_cover(ft);
	/* A record without the charset is not used (pdf_fontcache.c):
	 * this is no font at all, of which nothing can be told. */
	if (ft->cs == NULL)
		return 0;
	for (;;) {
		s = (const unsigned char *)text;
		while (*s && *s < 0x80 && ft->ascii[*s])
			s++;
		if (*s == '\0')
			return 0;
		text = (const char *)s;
		c = utf8_next(&text);
		/* ASCII past the table's test is not printed ('\n' is
		 * passed over: a line break); libharu's UTF-8 encoder writes
		 * 16-bit codes: BMP only. */
		if (c < 0 || c < 0x80 || c > 0xffff ||
		    !FcCharSetHasChar(ft->cs, (FcChar32)c))
			return c < 0 ? 0xfffd : c;
	}
}

double
pdf_text_units(struct pdf *p, int font, const char *text, size_t len)
{
	struct font *ft = &p->font[font];
	const char *s = text, *end = text + len;
	const struct pdf_icon *ic;
	double w = 0;
	long c;

	p->measured += len;
	while (s < end && *s) {
		c = utf8_next(&s);
		if ((ic = icon_of(p, c)) != NULL)
			w += icon_width(ft, ic);
		else
			w += glyph_width(ft, c);
	}
	return w;
}

double
pdf_text_width(struct pdf *p, int font, double pt, const char *text,
    size_t len)
{
	return pdf_text_units(p, font, text, len) * pt / 1000.0;
}

unsigned long long
pdf_measured(const struct pdf *p)
{
	return p->measured;
}

/*
 * Cuts each font's /W array (its glyph widths), its ToUnicode map and
 * its CIDToGIDMap down to the code points the document measured or
 * showed.  libharu 2.3 writes a UTF-8 font's
 * widths for every glyph the font has, some 6,000 numbers for DejaVu,
 * and a reader parses them again for each page that names the font:
 * poppler spent 15 of the 25 ms it took to draw a card at 300 dpi there.
 * A width left out was of a code point no text uses, so nothing is drawn
 * otherwise; the widths kept are libharu's own, read back from the
 * array.  Fonts that share a libharu font (two names for one file) share
 * its array: the code points of all of them are kept.
 */
/* Item i of arr when it is of class cls, else NULL (no libharu error
 * raised, as HPDF_Array_GetItem would). */
static void *
item(HPDF_Array arr, HPDF_UINT i, HPDF_UINT16 cls)
{
	HPDF_Obj_Header *h;

	if (i >= arr->list->count ||
	    (h = HPDF_List_ItemAt(arr->list, i)) == NULL ||
	    (h->obj_class & HPDF_OCLASS_ANY) != cls)
		return NULL;
	return h;
}

/*
 * Cuts a font's CIDToGIDMap, two bytes a code point from 0 to 65,535,
 * after code point maxc: a reader inflates the whole map for every page
 * that names the font, and a code past the map is one no text uses.
 */
static void
trim_map(HPDF_FontAttr attr, long maxc)
{
	HPDF_Stream st;
	HPDF_UINT keep = (HPDF_UINT)(maxc + 1) * 2, got = keep;
	HPDF_BYTE *b;

	if (attr->map_stream == NULL || (st = attr->map_stream->stream) ==
	    NULL || st->type != HPDF_STREAM_MEMORY ||
	    HPDF_Stream_Size(st) <= keep)
		return;
	b = xmalloc(keep);
	if (HPDF_Stream_Seek(st, 0, HPDF_SEEK_SET) == HPDF_OK &&
	    HPDF_Stream_Read(st, b, &got) == HPDF_OK && got == keep) {
		HPDF_MemStream_FreeData(st);
		HPDF_Stream_Write(st, b, keep);
	}
	free(b);
}

/*
 * The widths of arr as libharu wrote them, "first [w w ...]" or "first
 * last w", into w by code point; -1 when arr has any other shape (it is
 * then left as it is).
 */
static int
read_widths(HPDF_Array arr, short *w)
{
	HPDF_Number first, lastn, v;
	HPDF_UINT n, j, m;
	long c;

	n = arr->list->count;
	for (j = 0; j < n; ) {
		HPDF_Array ws;

		if ((first = item(arr, j, HPDF_OCLASS_NUMBER)) == NULL)
			return -1;
		if ((ws = item(arr, j + 1, HPDF_OCLASS_ARRAY)) != NULL) {
			for (m = 0; m < ws->list->count; m++) {
				c = first->value + (long)m;
				v = item(ws, m, HPDF_OCLASS_NUMBER);
				if (v == NULL || c < 0 || c > 65535)
					return -1;
				w[c] = (short)v->value;
			}
			j += 2;
			continue;
		}
		if ((lastn = item(arr, j + 1, HPDF_OCLASS_NUMBER)) ==
		    NULL || (v = item(arr, j + 2, HPDF_OCLASS_NUMBER))
		    == NULL || first->value < 0 || lastn->value > 65535)
			return -1;
		for (c = first->value; c <= lastn->value; c++)
			w[c] = (short)v->value;
		j += 3;
	}
	return 0;
}

/* Which code points are used (used[c] 1) in font i or a later one
 * sharing its libharu font: once a font, where each of the three loops
 * over the 65,536 codes below asked each of the fonts in turn. */
static void
fonts_used(const struct pdf *p, int i, unsigned char *used)
{
	long c;
	int k;

	memset(used, 0, 65536);
	for (k = i; k < p->nfonts; k++)
		if (p->font[k].f == p->font[i].f && p->font[k].width)
			for (c = 0; c < 65536; c++)
				used[c] |= p->font[k].width[c] >= 0;
}

/*
 * For a font made by utf8_font(): what libharu would have put in /W for
 * the code points used (into w, -1 where it leaves a code out) and its
 * CIDToGIDMap as trim_map() would have cut it, each glyph looked up as
 * libharu's CIDFontType2 does, through the encoder's CID of each code.
 */
static void
lazy_widths(const unsigned char *used, HPDF_FontAttr attr, short *w)
{
	static HPDF_UINT16 gid[65536];
	HPDF_CMapEncoderAttr enc = (HPDF_CMapEncoderAttr)attr->encoder->attr;
	HPDF_FontDef def = attr->fontdef;
	HPDF_Stream st;
	HPDF_BYTE *b;
	long c, maxc = -1, maxcid = 0, n;
	int hi, lo, wd;

	for (c = 0; c < 65536; c++)
		if (used[c])
			maxc = c;
	memset(gid, 0, sizeof(gid));
	if (attr->encoder->to_unicode_fn != HPDF_CMapEncoder_ToUnicode) {
		/* UTF-8: the code is the code point and its CID */
		maxcid = 65535;
		for (c = 0; c <= maxc; c++)
			gid[c] = HPDF_TTFontDef_GetGlyphid(def, (HPDF_UINT16)c);
	} else
		for (hi = 0; hi < 256; hi++)
			for (lo = 0; lo < 256; lo++) {
				HPDF_UINT16 cid = enc->cid_map[hi][lo];

				if (cid == 0)
					continue;
				if (cid > maxcid)
					maxcid = cid;
				if (cid <= maxc)
					gid[cid] = HPDF_TTFontDef_GetGlyphid(def,
					    (HPDF_UINT16)enc->unicode_map[hi][lo]);
			}
	for (c = 0; c <= maxc && c < maxcid; c++)
		if (used[c] && (wd = HPDF_TTFontDef_GetGidWidth(def,
		    gid[c])) != def->missing_width)
			w[c] = (short)wd;
	if (attr->map_stream == NULL || (st = attr->map_stream->stream) ==
	    NULL || st->type != HPDF_STREAM_MEMORY)
		return;
	n = maxcid < maxc + 1 ? maxcid : maxc + 1;
	b = xmalloc((size_t)(n > 0 ? n : 1) * 2);
	for (c = 0; c < n; c++) {
		b[2 * c] = (HPDF_BYTE)(gid[c] >> 8);
		b[2 * c + 1] = (HPDF_BYTE)gid[c];
	}
	HPDF_MemStream_FreeData(st);
	HPDF_Stream_Write(st, b, (HPDF_UINT)n * 2);
	free(b);
}

void
trim_fonts(struct pdf *p)
{
	static short w[65536];
	static unsigned char used[65536];
	unsigned char hi[256];
	HPDF_MMgr mm = p->doc->mmgr;
	int i, k;

	for (i = 0; i < p->nfonts; i++) {
		HPDF_FontAttr attr;
		HPDF_Array arr, run = NULL;
		long c, last = -2, maxc = 0;

		if (p->font[i].f == NULL || p->font[i].width == NULL)
			continue;
		for (k = 0; k < i; k++)
			if (p->font[k].f == p->font[i].f)
				break;
		if (k < i)
			continue;	/* done with font k */
		attr = (HPDF_FontAttr)p->font[i].f->attr;
		if (attr == NULL || attr->descendant_font == NULL ||
		    (arr = HPDF_Dict_GetItem(attr->descendant_font, "W",
		    HPDF_OCLASS_ARRAY)) == NULL)
			continue;
		memset(w, 0xff, sizeof(w));
		fonts_used(p, i, used);
		if (p->font[i].lazy)
			lazy_widths(used, attr, w);
		else if (read_widths(arr, w) < 0)
			continue;
		HPDF_Array_Clear(arr);
		memset(hi, 0, sizeof(hi));
		for (c = 0; c < 65536; c++) {
			if (used[c]) {
				hi[c >> 8] = 1;
				maxc = c;
			}
			if (!used[c] || w[c] < 0)
				continue;
			if (c != last + 1) {
				HPDF_Array_AddNumber(arr, (HPDF_INT32)c);
				run = HPDF_Array_New(mm);
				HPDF_Array_Add(arr, run);
			}
			HPDF_Array_AddNumber(run, w[c]);
			last = c;
		}
		fix_tounicode(p->font[i].f, hi);
		trim_map(attr, maxc);
	}
}
