/*
 * pdfread.c -- see pdfread.h.  The file's bytes are never written to;
 * every object parsed and every stream decoded lives in the reader's
 * arena (or its list of decoded buffers) until pdfr_free().  This file:
 * indirect objects, the cross-reference (read or repaired) and the
 * public calls; the lexer and objects are in pdfread_lex.c, filters and
 * pages in pdfread_stream.c.
 */
#include "pdfread.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "../arena.h"
#include "../util.h"
#include "pdfread_impl.h"

/* ---- indirect objects ---- */

static struct pobj *xref_object(struct pdfr *r, int num, int depth);

static const unsigned char *
find_bytes(const unsigned char *p, const unsigned char *end, const char *s)
{
	size_t n = strlen(s);

	if (n == 0)
		return p;
	while (p < end && (size_t)(end - p) >= n) {
		const unsigned char *q = memchr(p, s[0], (size_t)(end - p) - n +
		    1);

		if (q == NULL)
			return NULL;
		if (memcmp(q, s, n) == 0)
			return q;
		p = q + 1;
	}
	return NULL;
}

/*
 * The indirect object "num gen obj ... endobj" at off (num -1: any
 * number, returned in *got).  A stream's data is found by its /Length
 * when that is right, else by the next "endstream".
 */
static struct pobj *
parse_indirect(struct pdfr *r, size_t off, int want, int *got, int depth)
{
	struct lex l;
	long long num, gen;
	struct pobj *o, *len;

	if (off >= r->len)
		return NULL;
	l.p = r->buf + off;
	l.end = r->buf + r->len;
	pr_skip_ws(&l);
	num = pr_lex_uint(&l);
	pr_skip_ws(&l);
	gen = pr_lex_uint(&l);
	pr_skip_ws(&l);
	if (num < 0 || num > MAX_OBJ || gen < 0 || !pr_at_keyword(&l, "obj"))
		return NULL;
	if (want >= 0 && num != want)
		return NULL;
	if (got)
		*got = (int)num;
	l.p += 3;
	if ((o = pr_parse_obj(r, &l, 0)) == NULL)
		return NULL;
	pr_skip_ws(&l);
	if (o->type == PO_DICT && pr_at_keyword(&l, "stream")) {
		const unsigned char *data, *e;
		long long n = -1;

		l.p += 6;
		if (l.p < l.end && *l.p == '\r')
			l.p++;
		if (l.p < l.end && *l.p == '\n')
			l.p++;
		data = l.p;
		len = pdfr_get_raw(o, "Length");
		if (len && len->type == PO_INT)
			n = len->u.i;
		else if (len && len->type == PO_REF && depth < 4) {
			struct pobj *lo = xref_object(r, len->u.ref.num,
			    depth + 1);

			if (lo && lo->type == PO_INT)
				n = lo->u.i;
		}
		if (n >= 0 && n <= l.end - data) {
			struct lex t = { data + n, l.end };

			pr_skip_ws(&t);
			if (!pr_at_keyword(&t, "endstream"))
				n = -1;
		} else
			n = -1;
		if (n < 0) {
			e = find_bytes(data, l.end, "endstream");
			if (e == NULL)
				e = l.end;
			if (e > data && e[-1] == '\n')
				e--;
			if (e > data && e[-1] == '\r')
				e--;
			n = e - data;
		}
		o->type = PO_STREAM;
		o->raw = data;
		o->rawlen = (size_t)n;
	}
	o->num = (int)num;
	return o;
}

static struct pobj *load_objstm(struct pdfr *r, int stm, int num,
    int depth);

/* Object num through the cross-reference entries; depth bounds the
 * lookups one lookup causes (a /Length, an object stream). */
static struct pobj *
xref_object(struct pdfr *r, int num, int depth)
{
	struct xent *x;

	if (num <= 0 || (size_t)num >= r->nx || depth > 8)
		return NULL;
	x = &r->x[num];
	if (x->state == 2)
		return x->obj;
	if (x->state == 1)
		return NULL;	/* it refers to itself while read */
	x->state = 1;
	if (x->type == X_OFFSET)
		x->obj = parse_indirect(r, x->off, num, NULL, depth);
	else if (x->type == X_OBJSTM)
		x->obj = load_objstm(r, x->stm, num, depth);
	x->state = 2;
	return x->obj;
}

/* Object num from its object stream stm (7.5.7): the stream's header
 * pairs of numbers and offsets are read, and the one wanted parsed. */
static struct pobj *
load_objstm(struct pdfr *r, int stm, int num, int depth)
{
	struct pobj *s, *o;
	const unsigned char *data;
	size_t len;
	long long n, first, i;
	struct lex l;

	if (stm <= 0 || (size_t)stm >= r->nx || r->x[stm].type != X_OFFSET)
		return NULL;
	s = xref_object(r, stm, depth + 1);
	if (s == NULL || s->type != PO_STREAM)
		return NULL;
	n = (long long)pdfr_num(pdfr_get(r, s, "N"), NULL);
	first = (long long)pdfr_num(pdfr_get(r, s, "First"), NULL);
	if ((data = pdfr_stream(r, s, &len, NULL)) == NULL || n <= 0 ||
	    n > MAX_OBJSTM_N || first < 0 || (size_t)first > len)
		return NULL;
	l.p = data;
	l.end = data + first;
	for (i = 0; i < n; i++) {
		long long on, off;

		pr_skip_ws(&l);
		on = pr_lex_uint(&l);
		pr_skip_ws(&l);
		off = pr_lex_uint(&l);
		if (on < 0 || off < 0)
			return NULL;
		if (on != num)
			continue;
		if ((size_t)off > len - (size_t)first)
			return NULL;
		l.p = data + first + off;
		l.end = data + len;
		if ((o = pr_parse_obj(r, &l, 0)) != NULL)
			o->num = num;
		return o;
	}
	return NULL;
}

/* ---- cross-reference ---- */

static void
xref_grow(struct pdfr *r, size_t n)
{
	size_t cap = r->capx;

	if (n <= r->nx)
		return;
	if (n > (size_t)MAX_OBJ + 1)
		n = (size_t)MAX_OBJ + 1;
	/* Doubled: a table read an entry at a time grew by one 17,000
	 * times on a 20,000-page file, each a copy under AddressSanitizer. */
	if (n > cap) {
		size_t want = cap * 2 > n ? cap * 2 : n;

		if (want > (size_t)MAX_OBJ + 1)
			want = (size_t)MAX_OBJ + 1;
		r->x = xrealloc(r->x, want * sizeof(*r->x));
		memset(r->x + cap, 0, (want - cap) * sizeof(*r->x));
		r->capx = want;
	}
	r->nx = n;
}

/*
 * The highest object number a file of its length may have: each object
 * takes some bytes, so that a small file claiming millions is not given
 * their room.
 */
static long long
max_obj(const struct pdfr *r)
{
	size_t m = r->len / 8 + 4096;

	return m > MAX_OBJ ? MAX_OBJ : (long long)m;
}

/* Sets entry num unless a newer section set it already (over_free: or
 * freed it, for a hybrid file's stream, 7.5.8.4). */
static void
xref_set(struct pdfr *r, long long num, int type, size_t off, int stm,
    int over_free)
{
	if (num < 0 || num > max_obj(r))
		return;
	xref_grow(r, (size_t)num + 1);
	if (r->x[num].type != X_NONE && !(over_free &&
	    r->x[num].type == X_FREE))
		return;
	r->x[num].type = (unsigned char)type;
	r->x[num].off = off;
	r->x[num].stm = stm;
}

/* A classic table at l->p ("xref" read already): 0 or -1. */
static int
read_xref_table(struct pdfr *r, struct lex *l, struct pobj **trailer)
{
	for (;;) {
		long long start, count, i;

		pr_skip_ws(l);
		if (pr_at_keyword(l, "trailer")) {
			l->p += 7;
			*trailer = pr_parse_obj(r, l, 0);
			return *trailer && (*trailer)->type == PO_DICT ? 0 : -1;
		}
		start = pr_lex_uint(l);
		pr_skip_ws(l);
		count = pr_lex_uint(l);
		if (start < 0 || count < 0 || start > MAX_OBJ ||
		    count > MAX_OBJ + 1 - start)
			return -1;
		/* Each entry is 20 bytes: a table longer than the file is
		 * a lie, not a reason to allocate. */
		if ((size_t)count > (size_t)(l->end - l->p) / 18)
			return -1;
		for (i = 0; i < count; i++) {
			long long off, gen;

			pr_skip_ws(l);
			off = pr_lex_uint(l);
			pr_skip_ws(l);
			gen = pr_lex_uint(l);
			pr_skip_ws(l);
			if (off < 0 || gen < 0 || l->p >= l->end ||
			    (*l->p != 'n' && *l->p != 'f'))
				return -1;
			/* An object number is set once, by the newest
			 * section; free ones are kept from older ones. */
			xref_set(r, start + i, *l->p == 'n' ? X_OFFSET : X_FREE,
			    (size_t)off, 0, 0);
			l->p++;
		}
	}
}

/* Big-endian field of w bytes. */
static unsigned long long
field(const unsigned char *p, int w)
{
	unsigned long long v = 0;
	int i;

	for (i = 0; i < w; i++)
		v = (v << 8) | p[i];
	return v;
}

/* A cross-reference stream object at off (7.5.8): 0 or -1. */
static int
read_xref_stream(struct pdfr *r, size_t off, struct pobj **trailer,
    int hybrid)
{
	struct pobj *s, *w, *idx, *size;
	const unsigned char *d;
	size_t len, pos = 0, k;
	int wv[3], i, rowlen;
	long long sz;

	s = parse_indirect(r, off, -1, NULL, 0);
	if (s == NULL || s->type != PO_STREAM)
		return -1;
	w = pdfr_get(r, s, "W");
	size = pdfr_get(r, s, "Size");
	sz = size && size->type == PO_INT ? size->u.i : -1;
	if (w == NULL || w->type != PO_ARRAY || w->u.arr.n < 3 || sz < 0 ||
	    sz > MAX_OBJ + 1)
		return -1;
	for (i = 0; i < 3; i++) {
		struct pobj *e = pdfr_resolve(r, w->u.arr.v[i]);

		if (e == NULL || e->type != PO_INT || e->u.i < 0 || e->u.i > 8)
			return -1;
		wv[i] = (int)e->u.i;
	}
	rowlen = wv[0] + wv[1] + wv[2];
	if (rowlen == 0 || (d = pdfr_stream(r, s, &len, NULL)) == NULL)
		return -1;
	idx = pdfr_get(r, s, "Index");
	for (k = 0;; k += 2) {
		long long start, count, j;

		if (idx && idx->type == PO_ARRAY) {
			if (k + 1 >= idx->u.arr.n)
				break;
			start = (long long)pdfr_num(pdfr_resolve(r,
			    idx->u.arr.v[k]), NULL);
			count = (long long)pdfr_num(pdfr_resolve(r,
			    idx->u.arr.v[k + 1]), NULL);
		} else {
			if (k)
				break;
			start = 0;
			count = sz;
		}
		if (start < 0 || count < 0 || start > MAX_OBJ ||
		    count > MAX_OBJ + 1 - start)
			return -1;
		for (j = 0; j < count && pos + (size_t)rowlen <= len; j++) {
			const unsigned char *p = d + pos;
			unsigned long long t, f2, f3;

			t = wv[0] ? field(p, wv[0]) : 1;
			f2 = field(p + wv[0], wv[1]);
			f3 = field(p + wv[0] + wv[1], wv[2]);
			pos += (size_t)rowlen;
			if (t == 0)
				xref_set(r, start + j, X_FREE, 0, 0, hybrid);
			else if (t == 1)
				xref_set(r, start + j, X_OFFSET,
				    f2 > SIZE_MAX ? SIZE_MAX : (size_t)f2, 0,
				    hybrid);
			else if (t == 2 && f2 <= MAX_OBJ)
				xref_set(r, start + j, X_OBJSTM,
				    f3 > SIZE_MAX ? SIZE_MAX : (size_t)f3,
				    (int)f2, hybrid);
		}
	}
	*trailer = s;
	return 0;
}

/* The section at off and its /Prev chain: 0, or -1 when one is bad. */
static int
read_xref_chain(struct pdfr *r, size_t off)
{
	size_t seen[MAX_XREF_SECTIONS];
	int nseen = 0, i;

	while (nseen < MAX_XREF_SECTIONS) {
		struct lex l;
		struct pobj *t = NULL, *prev, *stm;

		for (i = 0; i < nseen; i++)
			if (seen[i] == off)
				return 0;	/* a loop: stop */
		seen[nseen++] = off;
		if (off >= r->len)
			return -1;
		l.p = r->buf + off;
		l.end = r->buf + r->len;
		pr_skip_ws(&l);
		if (pr_at_keyword(&l, "xref")) {
			l.p += 4;
			if (read_xref_table(r, &l, &t) < 0)
				return -1;
			/* A hybrid file's stream of the objects in object
			 * streams (7.5.8.4). */
			stm = pdfr_get_raw(t, "XRefStm");
			if (stm && stm->type == PO_INT && stm->u.i >= 0) {
				struct pobj *t2;

				if (read_xref_stream(r, (size_t)stm->u.i,
				    &t2, 1) < 0)
					return -1;
			}
		} else if (read_xref_stream(r, off, &t, 0) < 0)
			return -1;
		if (r->trailer == NULL)
			r->trailer = t;
		else if (pdfr_get_raw(r->trailer, "Root") == NULL)
			r->trailer = t;
		prev = pdfr_get_raw(t, "Prev");
		if (prev == NULL)
			return 0;
		if (prev->type != PO_INT || prev->u.i < 0)
			return -1;
		off = (size_t)prev->u.i;
	}
	return 0;
}

/* "startxref N" near the end: N, or -1. */
static long long
find_startxref(struct pdfr *r)
{
	size_t from = r->len > 2048 ? r->len - 2048 : 0;
	const unsigned char *p = r->buf + from, *last = NULL, *q;
	struct lex l;

	while ((q = find_bytes(p, r->buf + r->len, "startxref")) != NULL) {
		last = q;
		p = q + 9;
	}
	if (last == NULL)
		return -1;
	l.p = last + 9;
	l.end = r->buf + r->len;
	pr_skip_ws(&l);
	return pr_lex_uint(&l);
}

/* Repair, first pass: every "N G obj" found in the bytes sets its entry
 * (a later one wins, as an update does); the last trailer with a /Root
 * is the trailer. */
static void
repair_scan(struct pdfr *r)
{
	const unsigned char *p = r->buf, *end = r->buf + r->len;
	struct pobj *t;

	while (p < end) {
		struct lex l = { p, end };
		long long num, gen;

		if (*p < '0' || *p > '9' ||
		    (p > r->buf && pr_is_regular(p[-1]))) {
			if (*p == 't' && pr_at_keyword(&l, "trailer") &&
			    (p == r->buf || !pr_is_regular(p[-1]))) {
				l.p += 7;
				if ((t = pr_parse_obj(r, &l, 0)) != NULL &&
				    t->type == PO_DICT &&
				    pdfr_get_raw(t, "Root"))
					r->trailer = t;
			}
			p++;
			continue;
		}
		num = pr_lex_uint(&l);
		if (l.p < end && pr_is_ws(*l.p)) {
			pr_skip_ws(&l);
			gen = pr_lex_uint(&l);
			pr_skip_ws(&l);
			if (num > 0 && num <= max_obj(r) && gen >= 0 &&
			    pr_at_keyword(&l, "obj")) {
				xref_grow(r, (size_t)num + 1);
				r->x[num].type = X_OFFSET;
				r->x[num].off = (size_t)(p - r->buf);
				p = l.p + 3;
				continue;
			}
		}
		/* Past the digits, not one byte: a long run of digits is
		 * read once. */
		while (p < end && *p >= '0' && *p <= '9')
			p++;
	}
}

/* Repair, second pass: the objects each object stream holds, and a
 * trailer from a cross-reference stream where no trailer was found. */
static void
repair_objstms(struct pdfr *r)
{
	size_t i;

	for (i = 1; i < r->nx; i++) {
		struct pobj *o, *type;
		const unsigned char *d;
		size_t len;
		long long n, k;
		struct lex l;

		if (r->x[i].type != X_OFFSET)
			continue;
		o = parse_indirect(r, r->x[i].off, (int)i, NULL, 0);
		if (o == NULL || o->type != PO_STREAM)
			continue;
		type = pdfr_get(r, o, "Type");
		if (pdfr_name(type) && strcmp(pdfr_name(type), "XRef") == 0) {
			if (r->trailer == NULL || pdfr_get_raw(r->trailer,
			    "Root") == NULL)
				r->trailer = o;
			continue;
		}
		if (!pdfr_name(type) || strcmp(pdfr_name(type), "ObjStm"))
			continue;
		n = (long long)pdfr_num(pdfr_get(r, o, "N"), NULL);
		if ((d = pdfr_stream(r, o, &len, NULL)) == NULL || n <= 0 ||
		    n > MAX_OBJSTM_N)
			continue;
		l.p = d;
		l.end = d + len;
		for (k = 0; k < n; k++) {
			long long on;

			pr_skip_ws(&l);
			on = pr_lex_uint(&l);
			pr_skip_ws(&l);
			if (on <= 0 || on > max_obj(r) || pr_lex_uint(&l) < 0)
				break;
			xref_grow(r, (size_t)on + 1);
			if (r->x[on].type == X_NONE) {
				r->x[on].type = X_OBJSTM;
				r->x[on].stm = (int)i;
				r->x[on].off = (size_t)k;
			}
		}
	}
}

/* Repair, last: with no trailer at all, the catalog is the object of
 * /Type /Catalog, and a trailer is made that names it. */
static void
repair_catalog(struct pdfr *r)
{
	struct pobj *t;
	size_t i;

	if (r->trailer != NULL)
		return;
	for (i = 1; i < r->nx && r->trailer == NULL; i++) {
		struct pobj *o = xref_object(r, (int)i, 0);
		const char *ty = pdfr_name(pdfr_get(r, o, "Type"));

		if (ty && strcmp(ty, "Catalog") == 0 &&
		    (t = pr_new_obj(r, PO_DICT)) != NULL) {
			struct pobj *ref = pr_new_obj(r, PO_REF);

			if (ref == NULL)
				break;
			ref->u.ref.num = (int)i;
			t->u.dict.key = arena_alloc(r->a,
			    sizeof(*t->u.dict.key));
			t->u.dict.val = arena_alloc(r->a,
			    sizeof(*t->u.dict.val));
			t->u.dict.key[0] = "Root";
			t->u.dict.val[0] = ref;
			t->u.dict.n = 1;
			r->trailer = t;
		}
	}
}

/*
 * A damaged file read again from its bytes: every "N G obj" found sets
 * its entry (a later one wins, as an update does), the last trailer with
 * a /Root (or the last cross-reference stream) is the trailer, and the
 * objects of every object stream are entered unless found directly.
 */
static void
repair(struct pdfr *r)
{
	size_t i;

	r->repaired = 1;
	for (i = 0; i < r->nx; i++)
		r->x[i].type = X_NONE;
	r->trailer = NULL;
	repair_scan(r);
	repair_objstms(r);
	/* Read again from nothing: what was read under the damaged table
	 * may be other objects. */
	for (i = 0; i < r->nx; i++) {
		r->x[i].state = 0;
		r->x[i].obj = NULL;
	}
	repair_catalog(r);
}

/* ---- public ---- */

struct pdfr *
pdfr_open(const unsigned char *buf, size_t len, char *err, size_t errlen)
{
	struct pdfr *r;
	const unsigned char *h;
	long long sx;
	size_t i;

	h = len ? find_bytes(buf, buf + (len < 1024 ? len : 1024), "%PDF-") :
	    NULL;
	if (h == NULL) {
		snprintf(err, errlen, "is not a PDF (no %%PDF- header in its "
		    "first 1024 bytes)");
		return NULL;
	}
	r = xcalloc(1, sizeof(*r));
	r->buf = buf;
	r->len = len;
	r->a = arena_new();
	for (i = 0; i + 5 < (size_t)(buf + len - h) && i < sizeof(r->version) -
	    1 && (h[5 + i] == '.' || (h[5 + i] >= '0' && h[5 + i] <= '9'));
	    i++)
		r->version[i] = (char)h[5 + i];
	sx = find_startxref(r);
	if (sx < 0 || read_xref_chain(r, (size_t)sx) < 0 ||
	    pdfr_catalog(r) == NULL)
		repair(r);
	if (pdfr_catalog(r) == NULL) {
		snprintf(err, errlen, "is a damaged PDF: no document catalog "
		    "could be found");
		pdfr_free(r);
		return NULL;
	}
	return r;
}

void
pdfr_free(struct pdfr *r)
{
	size_t i;

	if (r == NULL)
		return;
	for (i = 0; i < r->ndec; i++)
		free(r->dec[i].buf);
	free(r->dec);
	free(r->x);
	free(r->pages);
	free(r->seen);
	arena_free(r->a);
	free(r);
}

const char *
pdfr_version(const struct pdfr *r)
{
	return r->version;
}

struct pobj *
pdfr_trailer(struct pdfr *r)
{
	return r->trailer;
}

struct pobj *
pdfr_catalog(struct pdfr *r)
{
	struct pobj *c = pdfr_get(r, r->trailer, "Root");

	return c && c->type == PO_DICT ? c : NULL;
}

struct pobj *
pdfr_info(struct pdfr *r)
{
	struct pobj *c = pdfr_get(r, r->trailer, "Info");

	return c && c->type == PO_DICT ? c : NULL;
}

int
pdfr_repaired(const struct pdfr *r)
{
	return r->repaired;
}

int
pdfr_limited(const struct pdfr *r)
{
	return r->limited;
}

int
pdfr_encrypted(struct pdfr *r)
{
	return pdfr_get_raw(r->trailer, "Encrypt") != NULL;
}

struct pobj *
pdfr_object(struct pdfr *r, int num)
{
	return xref_object(r, num, 0);
}

struct pobj *
pdfr_resolve(struct pdfr *r, struct pobj *o)
{
	int i;

	for (i = 0; o && o->type == PO_REF && i < MAX_REF_CHAIN; i++)
		o = xref_object(r, o->u.ref.num, 0);
	if (o == NULL || o->type == PO_REF || o->type == PO_NULL)
		return NULL;
	return o;
}

struct pobj *
pdfr_get_raw(struct pobj *d, const char *key)
{
	size_t i;

	if (d == NULL || (d->type != PO_DICT && d->type != PO_STREAM))
		return NULL;
	for (i = 0; i < d->u.dict.n; i++)
		if (strcmp(d->u.dict.key[i], key) == 0)
			return d->u.dict.val[i];
	return NULL;
}

struct pobj *
pdfr_get(struct pdfr *r, struct pobj *d, const char *key)
{
	return pdfr_resolve(r, pdfr_get_raw(d, key));
}

const char *
pdfr_name(struct pobj *o)
{
	return o && o->type == PO_NAME ? o->u.str.s : NULL;
}

double
pdfr_num(struct pobj *o, int *ok)
{
	if (ok)
		*ok = o && (o->type == PO_INT || o->type == PO_REAL);
	if (o && o->type == PO_INT)
		return (double)o->u.i;
	if (o && o->type == PO_REAL)
		return o->u.r;
	return 0;
}

struct pobj *
pdfr_dict(struct pdfr *r, struct pobj *o)
{
	o = pdfr_resolve(r, o);
	return o && (o->type == PO_DICT || o->type == PO_STREAM) ? o : NULL;
}

int
pdfr_objnum(struct pobj *o)
{
	if (o == NULL)
		return 0;
	return o->type == PO_REF ? o->u.ref.num : o->num;
}
