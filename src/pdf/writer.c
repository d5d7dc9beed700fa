/*
 * pdf/writer.c -- the fast writer's pages, and the file it writes.
 *
 * libharu keeps the document: its catalog, information, fonts, pictures
 * and forms.  A page is none of its objects.  When a page is done and
 * compressed, its dictionary's text (its resources naming libharu's
 * objects by their numbers, final once made) and its compressed
 * operators go to the spill file one after the other, and the page is
 * freed: what stays in memory is where they are (struct pagerec, 16
 * bytes a page), so memory stays flat however many pages there are.
 *
 * The save writes libharu's objects as libharu writes them
 * (HPDF_Obj_WriteValue, numbered as it numbered them), its page tree's
 * root with every page as a kid, then each page and its contents,
 * numbered after libharu's last, and the cross-reference table and
 * trailer as libharu writes them.
 */
#include "internal.h"

#include <hpdf_doc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"

/* The number libharu gave an object (0 when it has none). */
static unsigned
obj_num(const void *obj)
{
	const HPDF_Obj_Header *h = obj;

	return (h->obj_id & HPDF_OTYPE_INDIRECT) ? h->obj_id & 0x00FFFFFF : 0;
}

const char *
page_xobject(struct pdf_page *pg, HPDF_Dict obj)
{
	static char name[16];
	unsigned id = obj_num(obj);
	int i;

	for (i = 0; i < pg->nxobj && pg->xobj[i] != id; i++)
		;
	if (i == pg->nxobj) {
		pg->xobj = xrealloc(pg->xobj, (size_t)(pg->nxobj + 1) *
		    sizeof(*pg->xobj));
		pg->xobj[pg->nxobj++] = id;
	}
	snprintf(name, sizeof(name), "X%u", id);
	return name;
}

static void
add_str(struct obuf *o, const char *s)
{
	ob_put(o, s, strlen(s));
}

/* " /Key [ x0 y0 x1 y1 ]\n" as libharu writes a box. */
static void
add_box(struct obuf *o, const char *key, const double *b)
{
	char s[96], *e = s;
	int i;

	e += snprintf(s, sizeof(s), "/%s [ ", key);
	for (i = 0; i < 4; i++) {
		e = fmt_real(e, b[i]);
		*e++ = ' ';
	}
	*e++ = ']';
	*e++ = '\n';
	ob_put(o, s, (size_t)(e - s));
}

void
page_dict(struct pdf *p, struct pdf_page *pg, struct obuf *o)
{
	double media[4] = { 0, 0, pg->w, pg->h };
	char s[64];
	int i, fonts = 0;

	add_box(o, "MediaBox", media);
	add_str(o, "/Resources <<\n"
	    "/ProcSet [ /PDF /Text /ImageB /ImageC /ImageI ]\n");
	if (pg->nxobj > 0) {
		add_str(o, "/XObject <<\n");
		for (i = 0; i < pg->nxobj; i++) {
			snprintf(s, sizeof(s), "/X%u %u 0 R\n", pg->xobj[i],
			    pg->xobj[i]);
			add_str(o, s);
		}
		add_str(o, ">>\n");
	}
	for (i = 0; i < pg->nfname && i < p->nfonts; i++) {
		if (pg->fname[i][0] == '\0')
			continue;
		if (fonts++ == 0)
			add_str(o, "/Font <<\n");
		snprintf(s, sizeof(s), "/%s %u 0 R\n", pg->fname[i],
		    obj_num(p->font[i].f));
		add_str(o, s);
	}
	if (fonts > 0)
		add_str(o, ">>\n");
	add_str(o, ">>\n");
	snprintf(s, sizeof(s), "/Parent %u 0 R\n",
	    obj_num(p->doc->root_pages));
	add_str(o, s);
	/* PDF/X: a page with no boxes is trimmed at its paper's edge. */
	if (!pg->boxed && p->pdfx) {
		pg->boxed = 1;
		memcpy(pg->box, media, sizeof(media));
		memcpy(pg->box + 4, media, sizeof(media));
	}
	if (pg->boxed) {
		add_box(o, "TrimBox", pg->box);
		add_box(o, "BleedBox", pg->box + 4);
	}
	add_str(o, ">>");
}

int
page_store(struct pdf *p, struct pdf_page *pg, const struct obuf *dict,
    const void *z, size_t zlen)
{
	long long off = spill_put(p, dict->b, dict->len);

	if (off < 0 || zlen > 0xffffffffu || spill_put(p, z, zlen) < 0)
		return -1;
	p->rec[pg->seq].off = off;
	p->rec[pg->seq].dictlen = (unsigned)dict->len;
	p->rec[pg->seq].zlen = (unsigned)zlen;
	if (pg->prev)
		pg->prev->next = pg->next;
	else
		p->pages = pg->next;
	if (pg->next)
		pg->next->prev = pg->prev;
	else
		p->last = pg->prev;
	page_free(pg);
	return 0;
}

/* ---- the file ---- */

static const char *const version[] = {
	"%PDF-1.2\n%\267\276\255\252\n", "%PDF-1.3\n%\267\276\255\252\n",
	"%PDF-1.4\n%\267\276\255\252\n", "%PDF-1.5\n%\267\276\255\252\n",
	"%PDF-1.6\n%\267\276\255\252\n", "%PDF-1.7\n%\267\276\255\252\n",
};

#define TRY(x) do { if ((rc = (x)) != HPDF_OK) goto out; } while (0)

/* Copies len bytes the spill holds at off into st. */
static HPDF_STATUS
copy_spill(struct pdf *p, HPDF_Stream st, long long off, size_t len,
    unsigned char *buf, size_t bufsz)
{
	HPDF_STATUS rc;

	while (len > 0) {
		size_t n = len < bufsz ? len : bufsz;

		if (spill_get(p, off, buf, n) < 0)
			return HPDF_FILE_IO_ERROR;
		if ((rc = HPDF_Stream_Write(st, buf, (HPDF_UINT)n)) != HPDF_OK)
			return rc;
		off += (long long)n;
		len -= n;
	}
	return HPDF_OK;
}

/* The page tree's root: every page a kid, numbered from first. */
static HPDF_STATUS
write_tree(struct pdf *p, HPDF_Stream st, unsigned first)
{
	HPDF_STATUS rc;
	char s[48];
	size_t k;

	if ((rc = HPDF_Stream_WriteStr(st, "<<\n/Type /Pages\n/Kids [ ")) !=
	    HPDF_OK)
		return rc;
	for (k = 0; k < p->npages; k++) {
		snprintf(s, sizeof(s), "%u 0 R ", first + 2 * (unsigned)k);
		if ((rc = HPDF_Stream_WriteStr(st, s)) != HPDF_OK)
			return rc;
	}
	snprintf(s, sizeof(s), "]\n/Count %zu\n>>", p->npages);
	return HPDF_Stream_WriteStr(st, s);
}

/* The cross-reference table of n objects of libharu's and the pages'
 * two each (their offsets at[]), the trailer and where the table starts. */
static HPDF_STATUS
write_xref(struct pdf *p, HPDF_Stream st, unsigned n, const uint32_t *at)
{
	HPDF_Doc doc = p->doc;
	HPDF_Xref x = doc->xref;
	HPDF_XrefEntry e;
	HPDF_STATUS rc = HPDF_OK;
	unsigned i, addr;
	size_t k;
	char s[96];

	addr = st->size;
	snprintf(s, sizeof(s), "xref\n0 %u\n", n + 2 * (unsigned)p->npages);
	TRY(HPDF_Stream_WriteStr(st, s));
	for (i = 0; i < n; i++) {
		e = HPDF_Xref_GetEntry(x, i);
		snprintf(s, sizeof(s), "%010u %05u %c\r\n",
		    (unsigned)e->byte_offset, (unsigned)e->gen_no,
		    e->entry_typ);
		TRY(HPDF_Stream_WriteStr(st, s));
	}
	for (k = 0; k < 2 * p->npages; k++) {
		snprintf(s, sizeof(s), "%010u 00000 n\r\n", (unsigned)at[k]);
		TRY(HPDF_Stream_WriteStr(st, s));
	}
	TRY(HPDF_Dict_AddNumber(doc->trailer, "Size",
	    (HPDF_UINT)(n + 2 * p->npages)));
	TRY(HPDF_Stream_WriteStr(st, "trailer\n"));
	TRY(HPDF_Dict_Write(doc->trailer, st, NULL));
	snprintf(s, sizeof(s), "\nstartxref\n%u\n%%%%EOF\n", addr);
	TRY(HPDF_Stream_WriteStr(st, s));
out:
	return rc;
}

HPDF_STATUS
doc_write(struct pdf *p, HPDF_Stream st)
{
	HPDF_Doc doc = p->doc;
	HPDF_Xref x = doc->xref;
	HPDF_XrefEntry e;
	HPDF_STATUS rc = HPDF_OK;
	unsigned n, i;
	int f;
	size_t bufsz = 65536, k;
	uint32_t *at = xcalloc(2 * p->npages + 1, sizeof(*at));
	unsigned char *buf = xmalloc(bufsz);
	char s[96];

	if (x->start_offset != 0 || x->prev != NULL ||
	    (unsigned)doc->pdf_version >= sizeof(version) / sizeof(*version)) {
		rc = HPDF_INVALID_DOCUMENT;
		goto out;
	}
	/*
	 * A CID font makes its descriptor and embedded file in its
	 * before-write hook, as it is written: made first, they are
	 * numbered before the pages (the hook makes them once).
	 */
	for (f = 0; f < p->nfonts; f++)
		if (p->font[f].f && p->font[f].f->before_write_fn)
			TRY(p->font[f].f->before_write_fn(p->font[f].f));
	n = x->entries->count;
	TRY(HPDF_Stream_WriteStr(st, version[doc->pdf_version]));
	TRY(HPDF_Dict_Add(doc->trailer, "Root", doc->catalog));
	if (doc->info)
		TRY(HPDF_Dict_Add(doc->trailer, "Info", doc->info));
	for (i = 1; i < n; i++) {
		e = HPDF_Xref_GetEntry(x, i);
		e->byte_offset = st->size;
		snprintf(s, sizeof(s), "%u %u obj\n", i, (unsigned)e->gen_no);
		TRY(HPDF_Stream_WriteStr(st, s));
		if (e->obj == (void *)doc->root_pages)
			TRY(write_tree(p, st, n));
		else
			TRY(HPDF_Obj_WriteValue(e->obj, st, NULL));
		TRY(HPDF_Stream_WriteStr(st, "\nendobj\n"));
	}
	/* Numbered after them, the pages would be wrong: say so. */
	if (x->entries->count != n) {
		rc = HPDF_INVALID_OBJECT;
		goto out;
	}
	for (k = 0; k < p->npages; k++) {
		const struct pagerec *r = &p->rec[k];
		unsigned id = n + 2 * (unsigned)k;

		if (r->off < 0) {
			rc = HPDF_INVALID_PAGE;
			goto out;
		}
		at[2 * k] = st->size;
		snprintf(s, sizeof(s), "%u 0 obj\n<<\n/Type /Page\n"
		    "/Contents %u 0 R\n", id, id + 1);
		TRY(HPDF_Stream_WriteStr(st, s));
		TRY(copy_spill(p, st, r->off, r->dictlen, buf, bufsz));
		TRY(HPDF_Stream_WriteStr(st, "\nendobj\n"));
		at[2 * k + 1] = st->size;
		snprintf(s, sizeof(s), "%u 0 obj\n<<\n/Length %u\n"
		    "/Filter /FlateDecode\n>>\nstream\n", id + 1, r->zlen);
		TRY(HPDF_Stream_WriteStr(st, s));
		TRY(copy_spill(p, st, r->off + r->dictlen, r->zlen, buf,
		    bufsz));
		TRY(HPDF_Stream_WriteStr(st, "\nendstream\nendobj\n"));
	}
	TRY(write_xref(p, st, n, at));
out:
	free(at);
	free(buf);
	return rc;
}
