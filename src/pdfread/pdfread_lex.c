/*
 * pdfread_lex.c -- the PDF reader's lexer and objects (ISO 32000-1,
 * 7.2 and 7.3): names, strings, numbers, arrays, dictionaries, and an
 * inline image's dictionary.
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

static struct pobj null_obj = { PO_NULL, 0, { 0 }, NULL, 0 };

/* ---- lexer ---- */

int
pr_is_ws(int c)
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

int
pr_is_regular(int c)
{
	return !pr_is_ws(c) && !is_delim(c);
}

void
pr_skip_ws(struct lex *l)
{
	while (l->p < l->end) {
		if (pr_is_ws(*l->p))
			l->p++;
		else if (*l->p == '%') {
			while (l->p < l->end && *l->p != '\n' && *l->p != '\r')
				l->p++;
		} else
			break;
	}
}

/* Whether the next regular token is exactly kw (not a prefix of one). */
int
pr_at_keyword(const struct lex *l, const char *kw)
{
	size_t n = strlen(kw);

	return (size_t)(l->end - l->p) >= n && memcmp(l->p, kw, n) == 0 &&
	    (l->p + n == l->end || !pr_is_regular(l->p[n]));
}

/* An unsigned integer of at most 18 digits at l->p; -1 when none. */
long long
pr_lex_uint(struct lex *l)
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

int
pr_hexval(int c)
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

struct pobj *
pr_new_obj(struct pdfr *r, enum pobj_type t)
{
	struct pobj *o;

	if (r->parsed >= MAX_PARSED) {
		r->limited = 1;
		return NULL;
	}
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

	while (l->p < l->end && pr_is_regular(*l->p))
		l->p++;
	if ((o = pr_new_obj(r, PO_NAME)) == NULL)
		return NULL;
	d = arena_alloc(r->a, (size_t)(l->p - s) + 1);
	while (s < l->p) {
		if (*s == '#' && l->p - s >= 3 && pr_hexval(s[1]) >= 0 &&
		    pr_hexval(s[2]) >= 0) {
			d[n++] = (char)(pr_hexval(s[1]) * 16 + pr_hexval(s[2]));
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

	if ((o = pr_new_obj(r, PO_STRING)) == NULL)
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
	if ((o = pr_new_obj(r, PO_STRING)) == NULL)
		return NULL;
	d = arena_alloc(r->a, (size_t)(l->p - s) / 2 + 2);
	for (; s < l->p; s++) {
		int v = pr_hexval(*s);

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
		if ((o = pr_new_obj(r, PO_INT)) != NULL)
			o->u.i = strtoll(tmp, NULL, 10);
	} else if ((o = pr_new_obj(r, PO_REAL)) != NULL)
		o->u.r = strtod(tmp, NULL);
	return o;
}


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

		pr_skip_ws(l);
		if (l->p >= l->end)
			break;
		if (*l->p == ']') {
			l->p++;
			break;
		}
		at = l->p;
		v = pr_parse_obj(r, l, depth + 1);
		if (v)
			list_add(&li, NULL, v);
		else if (l->p == at)
			l->p++;		/* junk: step over it */
		if (r->parsed >= MAX_PARSED)
			break;
	}
	if ((o = pr_new_obj(r, PO_ARRAY)) != NULL && li.n) {
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

		pr_skip_ws(l);
		if (l->p >= l->end)
			break;
		if (*l->p == '>') {
			l->p += (l->end - l->p >= 2 && l->p[1] == '>') ? 2 : 1;
			break;
		}
		at = l->p;
		if (*l->p != '/') {
			/* Not a key: read it and drop it. */
			if (pr_parse_obj(r, l, depth + 1) == NULL && l->p == at)
				l->p++;
			if (r->parsed >= MAX_PARSED)
				break;
			continue;
		}
		l->p++;
		if ((k = parse_name(r, l)) == NULL)
			break;
		pr_skip_ws(l);
		if (l->p < l->end && *l->p == '>')
			break;		/* a key with no value: dropped */
		at = l->p;
		v = pr_parse_obj(r, l, depth + 1);
		if (v == NULL && l->p == at)
			continue;
		list_add(&li, k->u.str.s, v ? v : &null_obj);
	}
	if ((o = pr_new_obj(r, PO_DICT)) != NULL && li.n) {
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
struct pobj *
pr_parse_obj(struct pdfr *r, struct lex *l, int depth)
{
	struct pobj *o;
	int c;

	pr_skip_ws(l);
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
			num = pr_lex_uint(l);
			if (l->p < l->end && pr_is_ws(*l->p)) {
				pr_skip_ws(l);
				gen = pr_lex_uint(l);
				if (num >= 0 && num <= MAX_OBJ && gen >= 0 &&
				    gen <= 65535 && l->p < l->end &&
				    pr_is_ws(*l->p)) {
					pr_skip_ws(l);
					if (pr_at_keyword(l, "R")) {
						l->p++;
						if ((o = pr_new_obj(r, PO_REF)) !=
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
	if (pr_at_keyword(l, "true") || pr_at_keyword(l, "false")) {
		int t = *l->p == 't';

		l->p += t ? 4 : 5;
		if ((o = pr_new_obj(r, PO_BOOL)) != NULL)
			o->u.b = t;
		return o;
	}
	if (pr_at_keyword(l, "null")) {
		l->p += 4;
		return pr_new_obj(r, PO_NULL);
	}
	return NULL;
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

		pr_skip_ws(&l);
		if (l.p >= l.end)
			break;
		if (pr_at_keyword(&l, "ID")) {
			l.p += 2;
			/* One white-space byte ends the keyword (8.9.7). */
			if (l.p < l.end && pr_is_ws(*l.p))
				l.p++;
			break;
		}
		at = l.p;
		if (*l.p != '/') {
			if (pr_parse_obj(r, &l, 1) == NULL && l.p == at) {
				/* An operator before ID: not an image. */
				while (l.p < l.end && pr_is_regular(*l.p))
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
		v = pr_parse_obj(r, &l, 1);
		if (v == NULL) {
			if (l.p == at)
				continue;
			break;
		}
		list_add(&li, k->u.str.s, v);
	}
	if ((o = pr_new_obj(r, PO_DICT)) != NULL && li.n) {
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
