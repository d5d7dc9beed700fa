/*
 * pdfread.c -- see pdfread.h.  The file's bytes are never written to;
 * every object parsed and every stream decoded lives in the reader's
 * arena (or its list of decoded buffers) until pdfr_free().
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

/* Limits for untrusted input (see the header). */
#define MAX_DEPTH 64		/* arrays and dictionaries nested */
#define MAX_OBJ 8388607		/* the highest object number PDF 1.7 allows */
#define MAX_PAGES 100000
#define MAX_PAGE_DEPTH 64	/* page tree levels */
#define MAX_XREF_SECTIONS 256	/* /Prev links followed */
#define MAX_DECODED (256u << 20) /* decoded stream bytes a file */
#define MAX_PARSED (4000000)	/* objects parsed a file */
#define MAX_OBJSTM_N 1000000	/* objects an object stream may claim */
#define MAX_REF_CHAIN 16	/* a reference to a reference to ... */
#define MAX_FILTERS 8

enum { X_NONE, X_FREE, X_OFFSET, X_OBJSTM };

struct xent {
	unsigned char type;
	unsigned char state;	/* 0 not read, 1 reading, 2 read */
	int stm;		/* X_OBJSTM: the stream's number */
	size_t off;		/* X_OFFSET: offset; X_OBJSTM: index */
	struct pobj *obj;
};

struct decoded {
	const struct pobj *s;
	unsigned char *buf;
	size_t len;
	const char *undecoded;
	int ok;
};

struct pdfr {
	const unsigned char *buf;
	size_t len;
	struct arena *a;
	char version[8];
	struct xent *x;
	size_t nx;
	struct pobj *trailer;
	int repaired;
	size_t decoded_total;
	size_t parsed;
	struct decoded *dec;	/* every stream decoded, to free */
	size_t ndec, capdec;
	struct pdfr_page *pages;
	size_t npages;
	int pages_done;
	unsigned char *seen;	/* page tree walk: objects visited */
};

struct lex {
	const unsigned char *p, *end;
};

static struct pobj null_obj = { PO_NULL, 0, { 0 }, NULL, 0 };

/* ---- lexer ---- */

static int
is_ws(int c)
{
	return c == 0 || c == '\t' || c == '\n' || c == '\f' || c == '\r' ||
	    c == ' ';
}

static int
is_delim(int c)
{
	return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' ||
	    c == ']' || c == '{' || c == '}' || c == '/' || c == '%';
}

static int
is_regular(int c)
{
	return !is_ws(c) && !is_delim(c);
}

static void
skip_ws(struct lex *l)
{
	while (l->p < l->end) {
		if (is_ws(*l->p))
			l->p++;
		else if (*l->p == '%') {
			while (l->p < l->end && *l->p != '\n' && *l->p != '\r')
				l->p++;
		} else
			break;
	}
}

/* Whether the next regular token is exactly kw (not a prefix of one). */
static int
at_keyword(const struct lex *l, const char *kw)
{
	size_t n = strlen(kw);

	return (size_t)(l->end - l->p) >= n && memcmp(l->p, kw, n) == 0 &&
	    (l->p + n == l->end || !is_regular(l->p[n]));
}

/* An unsigned integer of at most 18 digits at l->p; -1 when none. */
static long long
lex_uint(struct lex *l)
{
	long long v = 0;
	int n = 0;

	while (l->p < l->end && *l->p >= '0' && *l->p <= '9') {
		if (n++ < 18)
			v = v * 10 + (*l->p - '0');
		l->p++;
	}
	if (n == 0 || n > 18)
		return -1;
	return v;
}

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* ---- objects ---- */

static struct pobj *
new_obj(struct pdfr *r, enum pobj_type t)
{
	struct pobj *o;

	if (r->parsed >= MAX_PARSED)
		return NULL;
	r->parsed++;
	o = arena_alloc(r->a, sizeof(*o));
	o->type = t;
	return o;
}

/* A name after its '/', #xx decoded (7.3.5). */
static struct pobj *
parse_name(struct pdfr *r, struct lex *l)
{
	const unsigned char *s = l->p;
	struct pobj *o;
	char *d;
	size_t n = 0;

	while (l->p < l->end && is_regular(*l->p))
		l->p++;
	if ((o = new_obj(r, PO_NAME)) == NULL)
		return NULL;
	d = arena_alloc(r->a, (size_t)(l->p - s) + 1);
	while (s < l->p) {
		if (*s == '#' && l->p - s >= 3 && hexval(s[1]) >= 0 &&
		    hexval(s[2]) >= 0) {
			d[n++] = (char)(hexval(s[1]) * 16 + hexval(s[2]));
			s += 3;
		} else
			d[n++] = (char)*s++;
	}
	d[n] = '\0';
	o->u.str.s = d;
	o->u.str.len = n;
	return o;
}

/* A literal string after its '(' (7.3.4.2): balanced parentheses,
 * escapes, octal; an unterminated one ends at the buffer's end. */
static struct pobj *
parse_string(struct pdfr *r, struct lex *l)
{
	const unsigned char *s = l->p;
	struct pobj *o;
	char *d;
	size_t n = 0;
	int depth = 1;

	if ((o = new_obj(r, PO_STRING)) == NULL)
		return NULL;
	/* The decoded text is never longer than the source. */
	while (l->p < l->end && depth > 0) {
		if (*l->p == '\\')
			l->p += (l->end - l->p >= 2) ? 2 : 1;
		else {
			if (*l->p == '(')
				depth++;
			else if (*l->p == ')')
				depth--;
			l->p++;
		}
	}
	d = arena_alloc(r->a, (size_t)(l->p - s) + 1);
	while (s < l->p) {
		int c = *s++;

		if (c == ')' && s == l->p && depth == 0)
			break;
		if (c != '\\' || s >= l->p) {
			d[n++] = (char)c;
			continue;
		}
		c = *s++;
		switch (c) {
		case 'n': d[n++] = '\n'; break;
		case 'r': d[n++] = '\r'; break;
		case 't': d[n++] = '\t'; break;
		case 'b': d[n++] = '\b'; break;
		case 'f': d[n++] = '\f'; break;
		case '\r':
			if (s < l->p && *s == '\n')
				s++;
			break;
		case '\n':
			break;
		default:
			if (c >= '0' && c <= '7') {
				int v = c - '0', k;

				for (k = 0; k < 2 && s < l->p && *s >= '0' &&
				    *s <= '7'; k++)
					v = v * 8 + (*s++ - '0');
				d[n++] = (char)(v & 0xff);
			} else
				d[n++] = (char)c;
		}
	}
	d[n] = '\0';
	o->u.str.s = d;
	o->u.str.len = n;
	return o;
}

/* A hexadecimal string after its '<' (7.3.4.3). */
static struct pobj *
parse_hexstring(struct pdfr *r, struct lex *l)
{
	const unsigned char *s = l->p;
	struct pobj *o;
	char *d;
	size_t n = 0;
	int hi = -1;

	while (l->p < l->end && *l->p != '>')
		l->p++;
	if ((o = new_obj(r, PO_STRING)) == NULL)
		return NULL;
	d = arena_alloc(r->a, (size_t)(l->p - s) / 2 + 2);
	for (; s < l->p; s++) {
		int v = hexval(*s);

		if (v < 0)
			continue;
		if (hi < 0)
			hi = v;
		else {
			d[n++] = (char)(hi * 16 + v);
			hi = -1;
		}
	}
	if (hi >= 0)
		d[n++] = (char)(hi * 16);
	d[n] = '\0';
	if (l->p < l->end)
		l->p++;
	o->u.str.s = d;
	o->u.str.len = n;
	return o;
}

/* A number: an integer, or a real with a point (7.3.3). */
static struct pobj *
parse_number(struct pdfr *r, struct lex *l)
{
	const unsigned char *s = l->p;
	char tmp[64];
	size_t n;
	struct pobj *o;
	int real = 0;

	if (l->p < l->end && (*l->p == '+' || *l->p == '-'))
		l->p++;
	while (l->p < l->end && ((*l->p >= '0' && *l->p <= '9') ||
	    *l->p == '.')) {
		if (*l->p == '.')
			real = 1;
		l->p++;
	}
	n = (size_t)(l->p - s);
	if (n >= sizeof(tmp))
		n = sizeof(tmp) - 1;
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	if (!real && n <= 18) {
		if ((o = new_obj(r, PO_INT)) != NULL)
			o->u.i = strtoll(tmp, NULL, 10);
	} else if ((o = new_obj(r, PO_REAL)) != NULL)
		o->u.r = strtod(tmp, NULL);
	return o;
}

static struct pobj *parse_obj(struct pdfr *r, struct lex *l, int depth);

/* Appends o to a growable list in the arena's scratch (malloc). */
struct list {
	struct pobj **v;
	const char **k;
	size_t n, cap;
};

static void
list_add(struct list *li, const char *key, struct pobj *o)
{
	if (li->n == li->cap) {
		li->cap = li->cap ? li->cap * 2 : 8;
		li->v = xrealloc(li->v, li->cap * sizeof(*li->v));
		li->k = xrealloc(li->k, li->cap * sizeof(*li->k));
	}
	li->k[li->n] = key;
	li->v[li->n++] = o;
}

static struct pobj *
parse_array(struct pdfr *r, struct lex *l, int depth)
{
	struct list li = { NULL, NULL, 0, 0 };
	struct pobj *o;

	for (;;) {
		const unsigned char *at;
		struct pobj *v;

		skip_ws(l);
		if (l->p >= l->end)
			break;
		if (*l->p == ']') {
			l->p++;
			break;
		}
		at = l->p;
		v = parse_obj(r, l, depth + 1);
		if (v)
			list_add(&li, NULL, v);
		else if (l->p == at)
			l->p++;		/* junk: step over it */
		if (r->parsed >= MAX_PARSED)
			break;
	}
	if ((o = new_obj(r, PO_ARRAY)) != NULL && li.n) {
		o->u.arr.v = arena_alloc(r->a, li.n * sizeof(*o->u.arr.v));
		memcpy(o->u.arr.v, li.v, li.n * sizeof(*li.v));
		o->u.arr.n = li.n;
	}
	free(li.v);
	free(li.k);
	return o;
}

static struct pobj *
parse_dict(struct pdfr *r, struct lex *l, int depth)
{
	struct list li = { NULL, NULL, 0, 0 };
	struct pobj *o;

	for (;;) {
		const unsigned char *at;
		struct pobj *k, *v;

		skip_ws(l);
		if (l->p >= l->end)
			break;
		if (*l->p == '>') {
			l->p += (l->end - l->p >= 2 && l->p[1] == '>') ? 2 : 1;
			break;
		}
		at = l->p;
		if (*l->p != '/') {
			/* Not a key: read it and drop it. */
			if (parse_obj(r, l, depth + 1) == NULL && l->p == at)
				l->p++;
			if (r->parsed >= MAX_PARSED)
				break;
			continue;
		}
		l->p++;
		if ((k = parse_name(r, l)) == NULL)
			break;
		skip_ws(l);
		if (l->p < l->end && *l->p == '>')
			break;		/* a key with no value: dropped */
		at = l->p;
		v = parse_obj(r, l, depth + 1);
		if (v == NULL && l->p == at)
			continue;
		list_add(&li, k->u.str.s, v ? v : &null_obj);
	}
	if ((o = new_obj(r, PO_DICT)) != NULL && li.n) {
		o->u.dict.key = arena_alloc(r->a, li.n * sizeof(*li.k));
		o->u.dict.val = arena_alloc(r->a, li.n * sizeof(*li.v));
		memcpy(o->u.dict.key, li.k, li.n * sizeof(*li.k));
		memcpy(o->u.dict.val, li.v, li.n * sizeof(*li.v));
		o->u.dict.n = li.n;
	}
	free(li.v);
	free(li.k);
	return o;
}

/*
 * One object at l->p, or NULL at a keyword that is not one (endobj,
 * stream, an operator), a stray delimiter, the end, or past the limits.
 * "N G R" is a reference.
 */
static struct pobj *
parse_obj(struct pdfr *r, struct lex *l, int depth)
{
	struct pobj *o;
	int c;

	skip_ws(l);
	if (l->p >= l->end || depth > MAX_DEPTH)
		return NULL;
	c = *l->p;
	switch (c) {
	case '/':
		l->p++;
		return parse_name(r, l);
	case '(':
		l->p++;
		return parse_string(r, l);
	case '[':
		l->p++;
		return parse_array(r, l, depth);
	case '<':
		if (l->end - l->p >= 2 && l->p[1] == '<') {
			l->p += 2;
			return parse_dict(r, l, depth);
		}
		l->p++;
		return parse_hexstring(r, l);
	}
	if ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.') {
		struct lex save;
		long long num, gen;

		if (c >= '0' && c <= '9') {
			/* "N G R"? */
			save = *l;
			num = lex_uint(l);
			if (l->p < l->end && is_ws(*l->p)) {
				skip_ws(l);
				gen = lex_uint(l);
				if (num >= 0 && num <= MAX_OBJ && gen >= 0 &&
				    gen <= 65535 && l->p < l->end &&
				    is_ws(*l->p)) {
					skip_ws(l);
					if (at_keyword(l, "R")) {
						l->p++;
						if ((o = new_obj(r, PO_REF)) !=
						    NULL) {
							o->u.ref.num = (int)num;
							o->u.ref.gen = (int)gen;
						}
						return o;
					}
				}
			}
			*l = save;
		}
		return parse_number(r, l);
	}
	if (at_keyword(l, "true") || at_keyword(l, "false")) {
		int t = *l->p == 't';

		l->p += t ? 4 : 5;
		if ((o = new_obj(r, PO_BOOL)) != NULL)
			o->u.b = t;
		return o;
	}
	if (at_keyword(l, "null")) {
		l->p += 4;
		return new_obj(r, PO_NULL);
	}
	return NULL;
}

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
	skip_ws(&l);
	num = lex_uint(&l);
	skip_ws(&l);
	gen = lex_uint(&l);
	skip_ws(&l);
	if (num < 0 || num > MAX_OBJ || gen < 0 || !at_keyword(&l, "obj"))
		return NULL;
	if (want >= 0 && num != want)
		return NULL;
	if (got)
		*got = (int)num;
	l.p += 3;
	if ((o = parse_obj(r, &l, 0)) == NULL)
		return NULL;
	skip_ws(&l);
	if (o->type == PO_DICT && at_keyword(&l, "stream")) {
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

			skip_ws(&t);
			if (!at_keyword(&t, "endstream"))
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

		skip_ws(&l);
		on = lex_uint(&l);
		skip_ws(&l);
		off = lex_uint(&l);
		if (on < 0 || off < 0)
			return NULL;
		if (on != num)
			continue;
		if ((size_t)off > len - (size_t)first)
			return NULL;
		l.p = data + first + off;
		l.end = data + len;
		if ((o = parse_obj(r, &l, 0)) != NULL)
			o->num = num;
		return o;
	}
	return NULL;
}

/* ---- cross-reference ---- */

static void
xref_grow(struct pdfr *r, size_t n)
{
	size_t old = r->nx;

	if (n <= r->nx)
		return;
	if (n > (size_t)MAX_OBJ + 1)
		n = (size_t)MAX_OBJ + 1;
	r->x = xrealloc(r->x, n * sizeof(*r->x));
	memset(r->x + old, 0, (n - old) * sizeof(*r->x));
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

		skip_ws(l);
		if (at_keyword(l, "trailer")) {
			l->p += 7;
			*trailer = parse_obj(r, l, 0);
			return *trailer && (*trailer)->type == PO_DICT ? 0 : -1;
		}
		start = lex_uint(l);
		skip_ws(l);
		count = lex_uint(l);
		if (start < 0 || count < 0 || start > MAX_OBJ ||
		    count > MAX_OBJ + 1 - start)
			return -1;
		/* Each entry is 20 bytes: a table longer than the file is
		 * a lie, not a reason to allocate. */
		if ((size_t)count > (size_t)(l->end - l->p) / 18)
			return -1;
		for (i = 0; i < count; i++) {
			long long off, gen;

			skip_ws(l);
			off = lex_uint(l);
			skip_ws(l);
			gen = lex_uint(l);
			skip_ws(l);
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
		skip_ws(&l);
		if (at_keyword(&l, "xref")) {
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
	skip_ws(&l);
	return lex_uint(&l);
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
	const unsigned char *p = r->buf, *end = r->buf + r->len;
	struct pobj *t = NULL;
	size_t i;

	r->repaired = 1;
	for (i = 0; i < r->nx; i++)
		r->x[i].type = X_NONE;
	r->trailer = NULL;
	while (p < end) {
		struct lex l = { p, end };
		long long num, gen;

		if (*p < '0' || *p > '9' || (p > r->buf && is_regular(p[-1]))) {
			if (*p == 't' && at_keyword(&l, "trailer") &&
			    (p == r->buf || !is_regular(p[-1]))) {
				l.p += 7;
				if ((t = parse_obj(r, &l, 0)) != NULL &&
				    t->type == PO_DICT &&
				    pdfr_get_raw(t, "Root"))
					r->trailer = t;
			}
			p++;
			continue;
		}
		num = lex_uint(&l);
		if (l.p < end && is_ws(*l.p)) {
			skip_ws(&l);
			gen = lex_uint(&l);
			skip_ws(&l);
			if (num > 0 && num <= max_obj(r) && gen >= 0 &&
			    at_keyword(&l, "obj")) {
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
	/* Object streams, and a trailer from a cross-reference stream. */
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

			skip_ws(&l);
			on = lex_uint(&l);
			skip_ws(&l);
			if (on <= 0 || on > max_obj(r) || lex_uint(&l) < 0)
				break;
			xref_grow(r, (size_t)on + 1);
			if (r->x[on].type == X_NONE) {
				r->x[on].type = X_OBJSTM;
				r->x[on].stm = (int)i;
				r->x[on].off = (size_t)k;
			}
		}
	}
	/* Read again from nothing: what was read under the damaged table
	 * may be other objects. */
	for (i = 0; i < r->nx; i++) {
		r->x[i].state = 0;
		r->x[i].obj = NULL;
	}
	if (r->trailer == NULL) {
		/* No trailer at all: the catalog is the object of /Type
		 * /Catalog. */
		for (i = 1; i < r->nx && r->trailer == NULL; i++) {
			struct pobj *o = xref_object(r, (int)i, 0);
			const char *ty = pdfr_name(pdfr_get(r, o, "Type"));

			if (ty && strcmp(ty, "Catalog") == 0 &&
			    (t = new_obj(r, PO_DICT)) != NULL) {
				struct pobj *ref = new_obj(r, PO_REF);

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
		int v = hexval(in[i]);

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
		const char *name = pdfr_name(f[i]);
		unsigned char *out = NULL;
		size_t olen = 0;

		if (name == NULL) {
			ok = 0;
			break;
		}
		if (!strcmp(name, "FlateDecode") || !strcmp(name, "Fl")) {
			out = inflate_data(r, buf, blen, &olen);
			if (out && p[i] && unpredict(r, p[i], &out, &olen) < 0) {
				free(out);
				out = NULL;
			}
		} else if (!strcmp(name, "ASCIIHexDecode") ||
		    !strcmp(name, "AHx"))
			out = ahx_decode(buf, blen, &olen);
		else if (!strcmp(name, "ASCII85Decode") || !strcmp(name, "A85"))
			out = a85_decode(buf, blen, &olen);
		else {
			/* One this reader leaves: the rest stay encoded. */
			d->undecoded = name;
			break;
		}
		free(buf);
		buf = out;
		blen = olen;
		if (buf == NULL || blen > MAX_DECODED - r->decoded_total)
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
		if (r->npages % 64 == 0)
			r->pages = xrealloc(r->pages, (r->npages + 64) *
			    sizeof(*r->pages));
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

struct pobj *
pdfr_parse_inline(struct pdfr *r, const unsigned char **p,
    const unsigned char *end)
{
	struct lex l = { *p, end };
	struct list li = { NULL, NULL, 0, 0 };
	struct pobj *o;

	for (;;) {
		const unsigned char *at;
		struct pobj *k, *v;

		skip_ws(&l);
		if (l.p >= l.end)
			break;
		if (at_keyword(&l, "ID")) {
			l.p += 2;
			/* One white-space byte ends the keyword (8.9.7). */
			if (l.p < l.end && is_ws(*l.p))
				l.p++;
			break;
		}
		at = l.p;
		if (*l.p != '/') {
			if (parse_obj(r, &l, 1) == NULL && l.p == at) {
				/* An operator before ID: not an image. */
				while (l.p < l.end && is_regular(*l.p))
					l.p++;
				if (l.p == at)
					l.p++;
			}
			if (r->parsed >= MAX_PARSED)
				break;
			continue;
		}
		l.p++;
		if ((k = parse_name(r, &l)) == NULL)
			break;
		at = l.p;
		v = parse_obj(r, &l, 1);
		if (v == NULL) {
			if (l.p == at)
				continue;
			break;
		}
		list_add(&li, k->u.str.s, v);
	}
	if ((o = new_obj(r, PO_DICT)) != NULL && li.n) {
		o->u.dict.key = arena_alloc(r->a, li.n * sizeof(*li.k));
		o->u.dict.val = arena_alloc(r->a, li.n * sizeof(*li.v));
		memcpy(o->u.dict.key, li.k, li.n * sizeof(*li.k));
		memcpy(o->u.dict.val, li.v, li.n * sizeof(*li.v));
		o->u.dict.n = li.n;
	}
	free(li.v);
	free(li.k);
	*p = l.p;
	return o;
}
