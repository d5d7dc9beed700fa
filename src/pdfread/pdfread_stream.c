/*
 * pdfread_stream.c -- the PDF reader's stream filters (Flate with its
 * predictors, ASCIIHex) and the page tree with what pages inherit.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "../arena.h"
#include "../util.h"
#include "pdfread_impl.h"

/* ---- filters ---- */

/* Room for n more bytes in a growing buffer, within the file's budget. */
static int
grow(struct pdfr *r, unsigned char **b, size_t *cap, size_t used, size_t n)
{
	size_t want;

	if (r->decoded_total >= MAX_DECODED || n > MAX_DECODED -
	    r->decoded_total || used > MAX_DECODED - r->decoded_total - n)
		return -1;
	if (used + n <= *cap)
		return 0;
	want = *cap ? *cap : 4096;
	while (want < used + n)
		want *= 2;
	if (want > MAX_DECODED)
		want = MAX_DECODED;
	*b = xrealloc(*b, want);
	*cap = want;
	return 0;
}

/* zlib data; what decodes before damage is kept, as poppler keeps it. */
static unsigned char *
inflate_data(struct pdfr *r, const unsigned char *in, size_t inlen,
    size_t *outlen)
{
	z_stream z;
	unsigned char *out = NULL;
	size_t cap = 0, used = 0;
	int rc = Z_OK;

	memset(&z, 0, sizeof(z));
	if (inflateInit(&z) != Z_OK)
		return NULL;
	z.next_in = (unsigned char *)in;
	while (inlen > 0 || rc == Z_OK) {
		size_t chunk = inlen > UINT_MAX ? UINT_MAX : inlen;

		z.next_in = (unsigned char *)in;
		z.avail_in = (unsigned)chunk;
		if (grow(r, &out, &cap, used, 65536) < 0) {
			inflateEnd(&z);
			free(out);
			return NULL;
		}
		z.next_out = out + used;
		z.avail_out = (unsigned)(cap - used > UINT_MAX ? UINT_MAX :
		    cap - used);
		rc = inflate(&z, Z_NO_FLUSH);
		used = (size_t)(z.next_out - out);
		in += chunk - z.avail_in;
		inlen -= chunk - z.avail_in;
		if (rc == Z_STREAM_END || (rc != Z_OK && rc != Z_BUF_ERROR))
			break;
		if (rc == Z_BUF_ERROR && z.avail_out != 0)
			break;		/* no more input: a cut stream */
	}
	inflateEnd(&z);
	if (used == 0 && rc != Z_STREAM_END) {
		free(out);
		return NULL;
	}
	*outlen = used;
	return out;
}

static int
paeth(int a, int b, int c)
{
	int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);

	if (pa <= pb && pa <= pc)
		return a;
	return pb <= pc ? b : c;
}

/* /DecodeParms predictors (7.4.4.4): PNG rows in place of a copy, or
 * TIFF 2 for 8-bit samples.  -1 when the parameters are bad. */
static int
unpredict(struct pdfr *r, struct pobj *parms, unsigned char **buf,
    size_t *len)
{
	long long pred, colors, bpc, cols;
	size_t bpp, rowlen, rows, i, j;
	unsigned char *out, *prev;

	pred = (long long)pdfr_num(pdfr_get(r, parms, "Predictor"), NULL);
	if (pred <= 1)
		return 0;
	colors = pdfr_get(r, parms, "Colors") ? (long long)pdfr_num(
	    pdfr_get(r, parms, "Colors"), NULL) : 1;
	bpc = pdfr_get(r, parms, "BitsPerComponent") ? (long long)pdfr_num(
	    pdfr_get(r, parms, "BitsPerComponent"), NULL) : 8;
	cols = pdfr_get(r, parms, "Columns") ? (long long)pdfr_num(
	    pdfr_get(r, parms, "Columns"), NULL) : 1;
	if (colors < 1 || colors > 32 || (bpc != 1 && bpc != 2 && bpc != 4 &&
	    bpc != 8 && bpc != 16) || cols < 1 || cols > (1 << 24))
		return -1;
	bpp = (size_t)((colors * bpc + 7) / 8);
	rowlen = (size_t)((colors * bpc * cols + 7) / 8);
	if (pred == 2) {
		if (bpc != 8)
			return 0;	/* left as it is */
		for (i = 0; i + rowlen <= *len; i += rowlen)
			for (j = bpp; j < rowlen; j++)
				(*buf)[i + j] += (*buf)[i + j - bpp];
		return 0;
	}
	if (pred < 10)
		return -1;
	rows = *len / (rowlen + 1);
	if (rows == 0) {
		*len = 0;
		return 0;
	}
	out = xmalloc(rows * rowlen + 1);
	prev = xcalloc(1, rowlen);
	for (i = 0; i < rows; i++) {
		const unsigned char *in = *buf + i * (rowlen + 1);
		unsigned char *o = out + i * rowlen;
		int type = in[0];

		in++;
		for (j = 0; j < rowlen; j++) {
			int a = j >= bpp ? o[j - bpp] : 0, b = prev[j];
			int c = j >= bpp ? prev[j - bpp] : 0, v = in[j];

			switch (type) {
			case 1: v += a; break;
			case 2: v += b; break;
			case 3: v += (a + b) / 2; break;
			case 4: v += paeth(a, b, c); break;
			default: break;
			}
			o[j] = (unsigned char)v;
		}
		memcpy(prev, o, rowlen);
	}
	free(prev);
	free(*buf);
	*buf = out;
	*len = rows * rowlen;
	return 0;
}

static unsigned char *
ahx_decode(const unsigned char *in, size_t n, size_t *outlen)
{
	unsigned char *out = xmalloc(n / 2 + 1);
	size_t i, k = 0;
	int hi = -1;

	for (i = 0; i < n && in[i] != '>'; i++) {
		int v = pr_hexval(in[i]);

		if (v < 0)
			continue;
		if (hi < 0)
			hi = v;
		else {
			out[k++] = (unsigned char)(hi * 16 + v);
			hi = -1;
		}
	}
	if (hi >= 0)
		out[k++] = (unsigned char)(hi * 16);
	*outlen = k;
	return out;
}

static unsigned char *
a85_decode(const unsigned char *in, size_t n, size_t *outlen)
{
	/* 'z' is four bytes of one. */
	unsigned char *out = xmalloc(n * 4 + 8);
	size_t i, k = 0;
	unsigned long v = 0;
	int c = 0;

	for (i = 0; i < n; i++) {
		int ch = in[i];

		if (ch == '~')
			break;
		if (ch == 'z' && c == 0) {
			memset(out + k, 0, 4);
			k += 4;
			continue;
		}
		if (ch < '!' || ch > 'u')
			continue;
		v = v * 85 + (unsigned long)(ch - '!');
		if (++c == 5) {
			out[k++] = (unsigned char)(v >> 24);
			out[k++] = (unsigned char)(v >> 16);
			out[k++] = (unsigned char)(v >> 8);
			out[k++] = (unsigned char)v;
			v = 0;
			c = 0;
		}
	}
	if (c > 1) {
		int j, m = c - 1;

		for (j = c; j < 5; j++)
			v = v * 85 + 84;
		for (j = 0; j < m; j++)
			out[k++] = (unsigned char)(v >> (24 - 8 * j));
	}
	*outlen = k;
	return out;
}

/* The filter names as an array view. */
static size_t
filters(struct pdfr *r, struct pobj *s, struct pobj **f, struct pobj **p)
{
	struct pobj *fo = pdfr_get(r, s, "Filter");
	struct pobj *po = pdfr_get(r, s, "DecodeParms");
	size_t n = 0, i;

	if (po == NULL)
		po = pdfr_get(r, s, "DP");
	if (fo == NULL)
		fo = pdfr_get(r, s, "F");
	if (fo && fo->type == PO_NAME) {
		f[0] = fo;
		p[0] = po && po->type == PO_DICT ? po : NULL;
		return 1;
	}
	if (fo == NULL || fo->type != PO_ARRAY)
		return 0;
	for (i = 0; i < fo->u.arr.n && n < MAX_FILTERS; i++) {
		f[n] = pdfr_resolve(r, fo->u.arr.v[i]);
		p[n] = NULL;
		if (po && po->type == PO_ARRAY && i < po->u.arr.n)
			p[n] = pdfr_dict(r, po->u.arr.v[i]);
		n++;
	}
	return n;
}

/* Decodes *buf (blen bytes) through the filter name with its parms,
 * replacing it: 1 done, 0 a filter this reader leaves (*buf as it was),
 * -1 failed (*buf freed and NULL).  A NULL name fails. */
static int
apply_filter(struct pdfr *r, const char *name, struct pobj *parms,
    unsigned char **buf, size_t *blen)
{
	unsigned char *out;
	size_t olen = 0;

	if (name == NULL)
		return -1;
	if (!strcmp(name, "FlateDecode") || !strcmp(name, "Fl")) {
		out = inflate_data(r, *buf, *blen, &olen);
		if (out && parms && unpredict(r, parms, &out, &olen) < 0) {
			free(out);
			out = NULL;
		}
	} else if (!strcmp(name, "ASCIIHexDecode") || !strcmp(name, "AHx"))
		out = ahx_decode(*buf, *blen, &olen);
	else if (!strcmp(name, "ASCII85Decode") || !strcmp(name, "A85"))
		out = a85_decode(*buf, *blen, &olen);
	else
		return 0;
	free(*buf);
	*buf = out;
	*blen = olen;
	return out ? 1 : -1;
}

const unsigned char *
pdfr_stream(struct pdfr *r, struct pobj *s, size_t *len,
    const char **undecoded)
{
	struct pobj *f[MAX_FILTERS], *p[MAX_FILTERS];
	struct decoded *d;
	unsigned char *buf;
	size_t n, i, blen;
	int ok = 1;

	if (undecoded)
		*undecoded = NULL;
	s = pdfr_resolve(r, s);
	if (s == NULL || s->type != PO_STREAM)
		return NULL;
	for (i = 0; i < r->ndec; i++)
		if (r->dec[i].s == s) {
			if (!r->dec[i].ok)
				return NULL;
			*len = r->dec[i].len;
			if (undecoded)
				*undecoded = r->dec[i].undecoded;
			return r->dec[i].buf;
		}
	if (r->ndec == r->capdec) {
		r->capdec = r->capdec ? r->capdec * 2 : 16;
		r->dec = xrealloc(r->dec, r->capdec * sizeof(*r->dec));
	}
	d = &r->dec[r->ndec++];
	memset(d, 0, sizeof(*d));
	d->s = s;
	n = filters(r, s, f, p);
	if (r->decoded_total >= MAX_DECODED || s->rawlen > MAX_DECODED -
	    r->decoded_total) {
		d->ok = 0;
		return NULL;
	}
	buf = xmalloc(s->rawlen + 1);
	memcpy(buf, s->raw, s->rawlen);
	blen = s->rawlen;
	for (i = 0; i < n && ok; i++) {
		int k = apply_filter(r, pdfr_name(f[i]), p[i], &buf, &blen);

		if (k == 0) {
			/* One this reader leaves: the rest stay encoded. */
			d->undecoded = pdfr_name(f[i]);
			break;
		}
		if (k < 0 || blen > MAX_DECODED - r->decoded_total)
			ok = 0;
	}
	d->ok = ok;
	if (!ok) {
		free(buf);
		return NULL;
	}
	d->buf = buf;
	d->len = blen;
	r->decoded_total += blen;
	*len = blen;
	if (undecoded)
		*undecoded = d->undecoded;
	return buf;
}

/* ---- pages ---- */

static int
read_box(struct pdfr *r, struct pobj *o, double box[4])
{
	double v[4], t;
	int i, ok;

	o = pdfr_resolve(r, o);
	if (o == NULL || o->type != PO_ARRAY || o->u.arr.n < 4)
		return 0;
	for (i = 0; i < 4; i++) {
		v[i] = pdfr_num(pdfr_resolve(r, o->u.arr.v[i]), &ok);
		if (!ok || v[i] != v[i] || v[i] > 1e7 || v[i] < -1e7)
			return 0;
	}
	if (v[0] > v[2]) {
		t = v[0]; v[0] = v[2]; v[2] = t;
	}
	if (v[1] > v[3]) {
		t = v[1]; v[1] = v[3]; v[3] = t;
	}
	memcpy(box, v, sizeof(v));
	return 1;
}

struct inherit {
	struct pobj *resources, *media, *crop, *rotate;
};

static void
walk_pages(struct pdfr *r, struct pobj *node, struct inherit in, int depth)
{
	struct pobj *kids, *v;
	int num = pdfr_objnum(node);
	size_t i;

	node = pdfr_resolve(r, node);
	if (r->npages >= MAX_PAGES)
		r->limited = 1;
	if (node == NULL || node->type != PO_DICT || depth > MAX_PAGE_DEPTH ||
	    r->npages >= MAX_PAGES)
		return;
	if (num <= 0)
		num = node->num;
	/* Each object once: a tree that names a node twice is a loop. */
	if (num > 0 && (size_t)num < r->nx) {
		if (r->seen[num])
			return;
		r->seen[num] = 1;
	}
	if ((v = pdfr_get_raw(node, "Resources")) != NULL)
		in.resources = v;
	if ((v = pdfr_get_raw(node, "MediaBox")) != NULL)
		in.media = v;
	if ((v = pdfr_get_raw(node, "CropBox")) != NULL)
		in.crop = v;
	if ((v = pdfr_get_raw(node, "Rotate")) != NULL)
		in.rotate = v;
	kids = pdfr_get(r, node, "Kids");
	if (kids && kids->type == PO_ARRAY) {
		for (i = 0; i < kids->u.arr.n; i++)
			walk_pages(r, kids->u.arr.v[i], in, depth + 1);
		return;
	}
	{
		const char *ty = pdfr_name(pdfr_get(r, node, "Type"));
		struct pdfr_page *pg;
		long long rot;

		if (ty && strcmp(ty, "Page") != 0)
			return;
		/* Doubled, not grown by a step: 100,000 pages by steps of
		 * 64 copied 12 GB where realloc cannot grow in place. */
		if (r->npages == r->cappages) {
			r->cappages = r->cappages ? r->cappages * 2 : 64;
			r->pages = xrealloc(r->pages, r->cappages *
			    sizeof(*r->pages));
		}
		pg = &r->pages[r->npages++];
		memset(pg, 0, sizeof(*pg));
		pg->num = num;
		pg->dict = node;
		pg->resources = pdfr_dict(r, in.resources);
		if (!read_box(r, in.media, pg->media)) {
			/* US Letter, as readers assume (7.7.3.3 requires
			 * the box). */
			pg->media[2] = 612;
			pg->media[3] = 792;
		}
		pg->has_crop = read_box(r, in.crop, pg->crop);
		pg->has_trim = read_box(r, pdfr_get_raw(node, "TrimBox"),
		    pg->trim);
		pg->has_bleed = read_box(r, pdfr_get_raw(node, "BleedBox"),
		    pg->bleed);
		pg->has_art = read_box(r, pdfr_get_raw(node, "ArtBox"),
		    pg->art);
		rot = (long long)pdfr_num(pdfr_resolve(r, in.rotate), NULL);
		rot %= 360;
		if (rot < 0)
			rot += 360;
		pg->rotate = (int)(rot / 90 * 90);
	}
}

const struct pdfr_page *
pdfr_pages(struct pdfr *r, size_t *n)
{
	if (!r->pages_done) {
		struct inherit in = { NULL, NULL, NULL, NULL };
		struct pobj *root = pdfr_get_raw(pdfr_catalog(r), "Pages");

		r->pages_done = 1;
		r->seen = xcalloc(r->nx + 1, 1);
		walk_pages(r, root, in, 0);
	}
	*n = r->npages;
	return r->pages;
}
