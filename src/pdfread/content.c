/*
 * content.c -- see content.h.  A tokenizer over a decoded content
 * stream, an operand stack of 64, and the state of 8.4 (the CTM, colour
 * spaces, the text state's font, size, leading and mode) saved by q and
 * restored by Q, 32 deep.  Text and line matrices as 9.4.2 says.
 */
#include "content.h"
#include "pdfread_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_OPERANDS 64
#define MAX_SAVE 32		/* q nesting kept; deeper ones are counted */
#define MAX_FORM_DEPTH 8
#define MAX_OPS 5000000L	/* operators a page, forms included */
#define NAME_MAX_LEN 127

enum { T_NUM, T_NAME, T_STR, T_ARRAY, T_DICT, T_KEYWORD };

struct operand {
	int kind;
	double num;
	char name[NAME_MAX_LEN + 1];	/* T_NAME */
	size_t bytes;		/* T_STR, T_ARRAY: the string bytes in it */
};

struct gstate {
	double ctm[6];
	struct pdfc_space fill, stroke;
	char font[NAME_MAX_LEN + 1];
	struct pobj *fontdict;
	double size, leading;
	int mode;
};

struct walk {
	struct pdfr *r;
	const struct pdfc_ops *ops;
	struct pdfc_result *res;
};

static void
mul(const double a[6], const double b[6], double out[6])
{
	double m[6];

	m[0] = a[0] * b[0] + a[1] * b[2];
	m[1] = a[0] * b[1] + a[1] * b[3];
	m[2] = a[2] * b[0] + a[3] * b[2];
	m[3] = a[2] * b[1] + a[3] * b[3];
	m[4] = a[4] * b[0] + a[5] * b[2] + b[4];
	m[5] = a[4] * b[1] + a[5] * b[3] + b[5];
	memcpy(out, m, sizeof(m));
}

static const double identity[6] = { 1, 0, 0, 1, 0, 0 };

/* Past a literal string whose '(' is at *p; its bytes, about. */
static size_t
skip_string(const unsigned char **p, const unsigned char *end)
{
	const unsigned char *s = *p + 1;
	int depth = 1;
	size_t n = 0;

	while (s < end && depth > 0) {
		if (*s == '\\') {
			s += end - s >= 2 ? 2 : 1;
			n++;
			continue;
		}
		if (*s == '(')
			depth++;
		else if (*s == ')' && --depth == 0) {
			s++;
			break;
		}
		s++;
		n++;
	}
	*p = s;
	return n;
}

/* Past a hexadecimal string; its bytes. */
static size_t
skip_hex(const unsigned char **p, const unsigned char *end)
{
	const unsigned char *s = *p + 1;
	size_t n = 0;

	while (s < end && *s != '>') {
		if (pr_hexval(*s) >= 0)
			n++;
		s++;
	}
	*p = s < end ? s + 1 : s;
	return (n + 1) / 2;
}

/* The tokens of a content stream, one kind each (next_token() below);
 * each reads from *pp and leaves it past the token. */
static void
tok_name(const unsigned char **pp, const unsigned char *end,
    struct operand *t)
{
	const unsigned char *p = *pp + 1;
	size_t n = 0;

	while (p < end && pr_is_regular(*p)) {
		int c = *p;

		if (c == '#' && end - p >= 3 && pr_hexval(p[1]) >= 0 &&
		    pr_hexval(p[2]) >= 0) {
			c = pr_hexval(p[1]) * 16 + pr_hexval(p[2]);
			p += 2;
		}
		if (n < NAME_MAX_LEN)
			t->name[n++] = (char)c;
		p++;
	}
	t->name[n] = '\0';
	t->kind = T_NAME;
	*pp = p;
}

/* A dictionary (marked content's properties): skipped, strings in it
 * too. */
static void
tok_dict(const unsigned char **pp, const unsigned char *end,
    struct operand *t)
{
	const unsigned char *p = *pp;
	int depth = 0;

	while (p < end) {
		if (*p == '(') {
			skip_string(&p, end);
			continue;
		}
		if (end - p >= 2 && p[0] == '<' && p[1] == '<') {
			depth++;
			p += 2;
		} else if (end - p >= 2 && p[0] == '>' && p[1] == '>') {
			p += 2;
			if (--depth == 0)
				break;
		} else
			p++;
	}
	t->kind = T_DICT;
	*pp = p;
}

/* An array: skipped, the bytes of its strings counted (TJ's text). */
static void
tok_array(const unsigned char **pp, const unsigned char *end,
    struct operand *t)
{
	const unsigned char *p = *pp;
	int depth = 0;

	while (p < end) {
		if (*p == '(') {
			t->bytes += skip_string(&p, end);
			continue;
		}
		if (*p == '<' && !(end - p >= 2 && p[1] == '<')) {
			t->bytes += skip_hex(&p, end);
			continue;
		}
		if (*p == '[')
			depth++;
		else if (*p == ']' && --depth == 0) {
			p++;
			break;
		}
		p++;
	}
	t->kind = T_ARRAY;
	*pp = p;
}

static int
is_numeric(int c)
{
	return (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
}

static void
tok_number(const unsigned char **pp, const unsigned char *end,
    struct operand *t)
{
	const unsigned char *p = *pp;
	char tmp[64];
	size_t n = 0;

	while (p < end && is_numeric(*p)) {
		if (n < sizeof(tmp) - 1)
			tmp[n++] = (char)*p;
		p++;
	}
	tmp[n] = '\0';
	t->num = strtod(tmp, NULL);
	if (!isfinite(t->num) || fabs(t->num) > 1e9)
		t->num = 0;
	t->kind = T_NUM;
	*pp = p;
}

static void
tok_keyword(const unsigned char **pp, const unsigned char *end,
    struct operand *t)
{
	const unsigned char *p = *pp;
	size_t n = 0;

	while (p < end && pr_is_regular(*p)) {
		if (n < NAME_MAX_LEN)
			t->name[n++] = (char)*p;
		p++;
	}
	t->name[n] = '\0';
	t->kind = T_KEYWORD;
	*pp = p;
}

/*
 * The next token at *p into t: a number, a name, a string, an array or
 * a dictionary (skipped whole; an array's string bytes counted, for TJ)
 * or a keyword.  0 at the end.
 */
static int
next_token(const unsigned char **pp, const unsigned char *end,
    struct operand *t)
{
	const unsigned char *p = *pp;

	for (;;) {
		while (p < end && pr_is_ws(*p))
			p++;
		if (p < end && *p == '%') {
			while (p < end && *p != '\n' && *p != '\r')
				p++;
			continue;
		}
		break;
	}
	if (p >= end) {
		*pp = p;
		return 0;
	}
	t->bytes = 0;
	if (*p == '/')
		tok_name(&p, end, t);
	else if (*p == '(') {
		t->bytes = skip_string(&p, end);
		t->kind = T_STR;
	} else if (*p == '<' && end - p >= 2 && p[1] == '<')
		tok_dict(&p, end, t);
	else if (*p == '<') {
		t->bytes = skip_hex(&p, end);
		t->kind = T_STR;
	} else if (*p == '[')
		tok_array(&p, end, t);
	else if (is_numeric(*p))
		tok_number(&p, end, t);
	else if (pr_is_regular(*p))
		tok_keyword(&p, end, t);
	else {
		/* A stray ')', '>', ']', '{' or '}'. */
		p++;
		t->kind = T_KEYWORD;
		t->name[0] = '\0';
	}
	*pp = p;
	return 1;
}

/* resources /cat /name, resolved. */
static struct pobj *
resource(struct pdfr *r, struct pobj *res, const char *cat,
    const char *name, int *num)
{
	struct pobj *d = pdfr_dict(r, pdfr_get(r, res, cat)), *raw;

	raw = d ? pdfr_get_raw(d, name) : NULL;
	if (num)
		*num = pdfr_objnum(raw);
	return pdfr_resolve(r, raw);
}

const char *
pdfc_space_name(struct pdfr *r, struct pobj *cs)
{
	const char *n;

	cs = pdfr_resolve(r, cs);
	if (cs && cs->type == PO_ARRAY && cs->u.arr.n > 0)
		cs = pdfr_resolve(r, cs->u.arr.v[0]);
	if ((n = pdfr_name(cs)) == NULL)
		return NULL;
	/* The abbreviations of inline images (8.9.7, table 94). */
	if (strcmp(n, "G") == 0)
		return "DeviceGray";
	if (strcmp(n, "RGB") == 0)
		return "DeviceRGB";
	if (strcmp(n, "CMYK") == 0)
		return "DeviceCMYK";
	if (strcmp(n, "I") == 0)
		return "Indexed";
	return n;
}

int
pdfc_space_ncomp(struct pdfr *r, struct pobj *cs, int depth)
{
	const char *n = pdfc_space_name(r, cs);
	struct pobj *a;

	if (n == NULL || depth > 4)
		return 0;
	if (!strcmp(n, "DeviceGray") || !strcmp(n, "CalGray") ||
	    !strcmp(n, "Indexed") || !strcmp(n, "Separation"))
		return 1;
	if (!strcmp(n, "DeviceRGB") || !strcmp(n, "CalRGB") ||
	    !strcmp(n, "Lab"))
		return 3;
	if (!strcmp(n, "DeviceCMYK"))
		return 4;
	a = pdfr_resolve(r, cs);
	if (a == NULL || a->type != PO_ARRAY || a->u.arr.n < 2)
		return 0;
	if (!strcmp(n, "ICCBased")) {
		struct pobj *s = pdfr_resolve(r, a->u.arr.v[1]);
		double v = pdfr_num(pdfr_get(r, s, "N"), NULL);

		return v >= 1 && v <= 32 ? (int)v : 0;
	}
	if (!strcmp(n, "DeviceN")) {
		struct pobj *names = pdfr_resolve(r, a->u.arr.v[1]);

		return names && names->type == PO_ARRAY && names->u.arr.n <= 32 ?
		    (int)names->u.arr.n : 0;
	}
	return 0;
}

/* The space a cs or CS operand names. */
static void
set_space(struct walk *w, struct pobj *res, const char *name,
    struct pdfc_space *sp)
{
	memset(sp, 0, sizeof(*sp));
	if (!strcmp(name, "DeviceGray") || !strcmp(name, "DeviceRGB") ||
	    !strcmp(name, "DeviceCMYK") || !strcmp(name, "Pattern")) {
		sp->name = !strcmp(name, "DeviceGray") ? "DeviceGray" :
		    !strcmp(name, "DeviceRGB") ? "DeviceRGB" :
		    !strcmp(name, "DeviceCMYK") ? "DeviceCMYK" : "Pattern";
		if (sp->name[6] == 'G')
			sp->ncomp = 1;
		else if (sp->name[6] == 'R')
			sp->ncomp = 3;
		else if (sp->name[6] == 'C')
			sp->ncomp = 4;
		return;
	}
	sp->obj = resource(w->r, res, "ColorSpace", name, NULL);
	sp->name = pdfc_space_name(w->r, sp->obj);
	sp->resource = NULL;	/* the operand's name dies with it */
	sp->ncomp = pdfc_space_ncomp(w->r, sp->obj, 0);
}

static void
device(struct pdfc_space *sp, const char *name, int n)
{
	memset(sp, 0, sizeof(*sp));
	sp->name = name;
	sp->ncomp = n;
}

/* After "ID": past the data and its "EI". */
static void
skip_inline_data(struct pdfr *r, struct pobj *dict, const unsigned char **pp,
    const unsigned char *end)
{
	const unsigned char *p = *pp;
	struct pobj *f = pdfr_get(r, dict, "F");
	double w, h, bpc;
	int nc;

	if (f == NULL)
		f = pdfr_get(r, dict, "Filter");
	w = pdfr_num(pdfr_get(r, dict, "W"), NULL);
	if (w == 0)
		w = pdfr_num(pdfr_get(r, dict, "Width"), NULL);
	h = pdfr_num(pdfr_get(r, dict, "H"), NULL);
	if (h == 0)
		h = pdfr_num(pdfr_get(r, dict, "Height"), NULL);
	bpc = pdfr_num(pdfr_get(r, dict, "BPC"), NULL);
	if (bpc == 0)
		bpc = pdfr_num(pdfr_get(r, dict, "BitsPerComponent"), NULL);
	nc = pdfc_space_ncomp(r, pdfr_get(r, dict, "CS"), 0);
	if (nc == 0)
		nc = pdfc_space_ncomp(r, pdfr_get(r, dict, "ColorSpace"), 0);
	if (pdfr_get(r, dict, "IM") || pdfr_get(r, dict, "ImageMask"))
		nc = 1, bpc = 1;
	/* Unfiltered data of a known size: its length, when "EI"
	 * follows it. */
	if (f == NULL && w > 0 && h > 0 && w < 65536 && h < 65536 &&
	    bpc > 0 && bpc <= 16 && nc > 0) {
		double n = floor((w * nc * bpc + 7) / 8) * h;

		if (n <= (double)(end - p)) {
			const unsigned char *q = p + (size_t)n;

			while (q < end && pr_is_ws(*q))
				q++;
			if (end - q >= 2 && q[0] == 'E' && q[1] == 'I' &&
			    (end - q == 2 || !pr_is_regular(q[2]))) {
				*pp = q + 2;
				return;
			}
		}
	}
	for (; p + 1 < end; p++)
		if (p[0] == 'E' && p[1] == 'I' && (p == *pp || pr_is_ws(p[-1])) &&
		    (p + 2 == end || pr_is_ws(p[2]))) {
			*pp = p + 2;
			return;
		}
	*pp = end;
}

static void walk_stream(struct walk *w, const unsigned char *p,
    const unsigned char *end, struct pobj *res, struct gstate *g,
    const struct pdfc_at *at, int depth);

/* A form XObject painted: walked with its resources (or, as 7.8.3
 * allows of old files, the page's) and matrix. */
static void
walk_form(struct walk *w, struct pobj *form, struct pobj *res,
    struct gstate *g, const char *name, int num, int depth)
{
	struct gstate fg = *g;
	struct pobj *m = pdfr_get(w->r, form, "Matrix"), *fres;
	struct pdfc_at at;
	const unsigned char *d;
	size_t len;
	const char *undecoded;

	if (depth >= MAX_FORM_DEPTH)
		return;
	if (m && m->type == PO_ARRAY && m->u.arr.n == 6) {
		double mm[6];
		int i, ok, all = 1;

		for (i = 0; i < 6; i++) {
			mm[i] = pdfr_num(pdfr_resolve(w->r, m->u.arr.v[i]), &ok);
			all &= ok && isfinite(mm[i]);
		}
		if (all)
			mul(mm, g->ctm, fg.ctm);
	}
	fres = pdfr_dict(w->r, pdfr_get_raw(form, "Resources"));
	at.stream = num;
	at.form = name;
	at.form_num = num;
	if (pdfr_get(w->r, form, "Group") && w->ops->group)
		w->ops->group(w->ops->ctx, &at, form);
	d = pdfr_stream(w->r, form, &len, &undecoded);
	if (d == NULL || undecoded) {
		w->res->unreadable++;
		return;
	}
	walk_stream(w, d, d + len, fres ? fres : res, &fg, &at, depth + 1);
}

static void
show_text(struct walk *w, const struct pdfc_at *at, const struct gstate *g,
    const double tm[6], size_t bytes)
{
	double m[6], size;

	if (w->ops->text == NULL)
		return;
	mul(tm, g->ctm, m);
	size = fabs(g->size) * sqrt(m[2] * m[2] + m[3] * m[3]);
	w->ops->text(w->ops->ctx, at, g->font[0] ? g->font : NULL, g->fontdict,
	    size, g->mode, bytes);
}

/* One content stream's walk: its graphics state, text matrices and the
 * operands before the operator at hand. */
struct exec {
	struct walk *w;
	struct pobj *res;
	const struct pdfc_at *at;
	int depth;
	struct gstate g, stack[MAX_SAVE];
	int sp, lost;		/* saved states; q past MAX_SAVE, unmatched */
	double tm[6], tlm[6];
	struct operand st[MAX_OPERANDS];
	int n;
	double num[6];		/* the last operands as numbers, last first */
};

/* The k-th of an operator's 'of' numeric operands. */
static double
arg(const struct exec *x, int k, int of)
{
	return x->n >= of ? x->num[of - 1 - k] : 0;
}

/* The last operand when it is a name, else NULL. */
static const char *
name_arg(const struct exec *x)
{
	return x->n >= 1 && x->st[x->n - 1].kind == T_NAME ?
	    x->st[x->n - 1].name : NULL;
}

/* op is s: the operators' dispatch below compares a few bytes, a dozen
 * times an operator (strcmp, called, took a long stream's reading most
 * of its time under the test build's sanitizers). */
static int
is_op(const char *op, const char *s)
{
	while (*op != '\0' && *op == *s) {
		op++;
		s++;
	}
	return *op == *s;
}

/* q, Q, cm and gs; 0 when op is none of them. */
static int
op_state(struct exec *x, const char *op)
{
	struct walk *w = x->w;
	const char *nm = name_arg(x);
	int i;

	if (is_op(op, "q")) {
		if (x->sp < MAX_SAVE)
			x->stack[x->sp++] = x->g;
		else
			x->lost++;
	} else if (is_op(op, "Q")) {
		if (x->lost)
			x->lost--;
		else if (x->sp > 0)
			x->g = x->stack[--x->sp];
	} else if (is_op(op, "cm") && x->n >= 6) {
		double m[6];

		for (i = 0; i < 6; i++)
			m[i] = arg(x, i, 6);
		mul(m, x->g.ctm, x->g.ctm);
	} else if (is_op(op, "gs") && nm) {
		struct pobj *gs = resource(w->r, x->res, "ExtGState", nm, NULL);

		if (w->ops->gstate && gs)
			w->ops->gstate(w->ops->ctx, x->at, nm, gs);
	} else
		return 0;
	return 1;
}

/* The text operators; 0 when op is none of them. */
static int
op_text(struct exec *x, const char *op)
{
	struct gstate *g = &x->g;
	int i;

	if (is_op(op, "BT")) {
		memcpy(x->tm, identity, sizeof(x->tm));
		memcpy(x->tlm, identity, sizeof(x->tlm));
	} else if (is_op(op, "Tf") && x->n >= 2) {
		const struct operand *f = &x->st[x->n - 2];

		if (f->kind == T_NAME) {
			memcpy(g->font, f->name, sizeof(g->font));
			g->fontdict = resource(x->w->r, x->res, "Font",
			    f->name, NULL);
		}
		g->size = arg(x, 0, 1);
	} else if (is_op(op, "Tr") && x->n >= 1) {
		g->mode = (int)arg(x, 0, 1);
	} else if (is_op(op, "TL") && x->n >= 1) {
		g->leading = arg(x, 0, 1);
	} else if ((is_op(op, "Td") || is_op(op, "TD")) && x->n >= 2) {
		double t[6] = { 1, 0, 0, 1, arg(x, 0, 2), arg(x, 1, 2) };

		if (op[1] == 'D')
			g->leading = -arg(x, 1, 2);
		mul(t, x->tlm, x->tlm);
		memcpy(x->tm, x->tlm, sizeof(x->tm));
	} else if (is_op(op, "Tm") && x->n >= 6) {
		for (i = 0; i < 6; i++)
			x->tlm[i] = arg(x, i, 6);
		memcpy(x->tm, x->tlm, sizeof(x->tm));
	} else if (is_op(op, "T*") || is_op(op, "'") ||
	    is_op(op, "\"")) {
		double t[6] = { 1, 0, 0, 1, 0, -g->leading };

		mul(t, x->tlm, x->tlm);
		memcpy(x->tm, x->tlm, sizeof(x->tm));
		if (op[0] != 'T' && x->n >= 1)
			show_text(x->w, x->at, g, x->tm,
			    x->st[x->n - 1].bytes);
	} else if ((is_op(op, "Tj") || is_op(op, "TJ")) && x->n >= 1) {
		show_text(x->w, x->at, g, x->tm, x->st[x->n - 1].bytes);
	} else
		return 0;
	return 1;
}

/* g G rg RG k K: a device colour of n components. */
static void
device_colour(struct exec *x, const char *op, const char *space, int n)
{
	int stroke = op[0] >= 'A' && op[0] <= 'Z';
	struct pdfc_space *s = stroke ? &x->g.stroke : &x->g.fill;
	double c[4];
	int i;

	device(s, space, n);
	for (i = 0; i < n; i++)
		c[i] = arg(x, i, n);
	if (x->w->ops->colour)
		x->w->ops->colour(x->w->ops->ctx, x->at, s, stroke, c, n);
}

/* The colour operators; 0 when op is none of them. */
static int
op_colour(struct exec *x, const char *op)
{
	const struct pdfc_ops *ops = x->w->ops;
	int i;

	if (is_op(op, "g") || is_op(op, "G"))
		device_colour(x, op, "DeviceGray", 1);
	else if (is_op(op, "rg") || is_op(op, "RG"))
		device_colour(x, op, "DeviceRGB", 3);
	else if (is_op(op, "k") || is_op(op, "K"))
		device_colour(x, op, "DeviceCMYK", 4);
	else if ((is_op(op, "cs") || is_op(op, "CS")) && name_arg(x)) {
		struct pdfc_space *s = op[0] == 'C' ? &x->g.stroke :
		    &x->g.fill;

		set_space(x->w, x->res, name_arg(x), s);
		if (ops->colour && s->name)
			ops->colour(ops->ctx, x->at, s, op[0] == 'C', NULL, 0);
	} else if (is_op(op, "sc") || is_op(op, "scn") ||
	    is_op(op, "SC") || is_op(op, "SCN")) {
		struct pdfc_space *s = op[0] == 'S' ? &x->g.stroke :
		    &x->g.fill;
		double c[32];
		int k = 0;

		/* The numbers before the operator (a pattern's name may end
		 * them). */
		for (i = 0; i < x->n && k < 32; i++)
			if (x->st[i].kind == T_NUM)
				c[k++] = x->st[i].num;
		if (ops->colour && s->name)
			ops->colour(ops->ctx, x->at, s, op[0] == 'S', c, k);
	} else
		return 0;
	return 1;
}

/* sh, Do and an inline image (BI, which reads on from *p); 0 when op is
 * none of them, -1 when the stream cannot be read on. */
static int
op_paint(struct exec *x, const char *op, const unsigned char **p,
    const unsigned char *end)
{
	struct walk *w = x->w;
	const struct gstate *g = &x->g;
	const char *nm = name_arg(x);
	double sx = hypot(g->ctm[0], g->ctm[1]);
	double sy = hypot(g->ctm[2], g->ctm[3]);

	if (is_op(op, "sh") && nm) {
		struct pobj *sh = resource(w->r, x->res, "Shading", nm, NULL);

		if (w->ops->shading && sh)
			w->ops->shading(w->ops->ctx, x->at, nm, sh);
	} else if (is_op(op, "Do") && nm) {
		int num;
		struct pobj *o = resource(w->r, x->res, "XObject", nm, &num);
		const char *sub = pdfr_name(pdfr_get(w->r, o, "Subtype"));

		if (o && o->type == PO_STREAM && sub &&
		    !strcmp(sub, "Image") && w->ops->image)
			w->ops->image(w->ops->ctx, x->at, nm, o, sx, sy);
		else if (o && o->type == PO_STREAM && sub &&
		    !strcmp(sub, "Form"))
			walk_form(w, o, x->res, &x->g, nm, num, x->depth);
	} else if (is_op(op, "BI")) {
		struct pobj *d = pdfr_parse_inline(w->r, p, end);

		if (d == NULL)
			return -1;
		if (w->ops->image)
			w->ops->image(w->ops->ctx, x->at, NULL, d, sx, sy);
		skip_inline_data(w->r, d, p, end);
	} else
		return 0;
	return 1;
}

static void
walk_stream(struct walk *w, const unsigned char *p, const unsigned char *end,
    struct pobj *res, struct gstate *g0, const struct pdfc_at *at,
    int depth)
{
	struct exec ex, *x = &ex;
	struct operand tok;
	int i;

	memset(x, 0, sizeof(*x));
	x->w = w;
	x->res = res;
	x->at = at;
	x->depth = depth;
	x->g = *g0;
	memcpy(x->tm, identity, sizeof(x->tm));
	memcpy(x->tlm, identity, sizeof(x->tlm));
	while (next_token(&p, end, &tok)) {
		if (tok.kind != T_KEYWORD) {
			if (x->n < MAX_OPERANDS)
				x->st[x->n++] = tok;
			continue;
		}
		if (w->res->truncated)
			return;		/* a form within stopped the walk */
		if (++w->res->ops > MAX_OPS) {
			w->res->truncated = 1;
			return;
		}
		for (i = 0; i < 6 && i < x->n; i++)
			x->num[i] = x->st[x->n - 1 - i].kind == T_NUM ?
			    x->st[x->n - 1 - i].num : 0;
		if (!op_state(x, tok.name) && !op_text(x, tok.name) &&
		    !op_colour(x, tok.name) &&
		    op_paint(x, tok.name, &p, end) < 0)
			return;
		x->n = 0;
	}
	/* What the page's stream leaves, its next stream starts from
	 * (7.8.2): its matrix and colours (a q in one stream and its Q in
	 * the next are not matched). */
	if (depth == 0)
		*g0 = x->g;
}

void
pdfc_walk(struct pdfr *r, const struct pdfr_page *pg,
    const struct pdfc_ops *ops, struct pdfc_result *res)
{
	struct walk w = { r, ops, res };
	struct pobj *c = pdfr_get_raw(pg->dict, "Contents"), *cr;
	struct gstate g;
	struct pdfc_at at = { 0, NULL, 0 };
	size_t i, nc = 1;

	memset(res, 0, sizeof(*res));
	memset(&g, 0, sizeof(g));
	memcpy(g.ctm, identity, sizeof(g.ctm));
	device(&g.fill, "DeviceGray", 1);
	device(&g.stroke, "DeviceGray", 1);
	cr = pdfr_resolve(r, c);
	if (cr && cr->type == PO_ARRAY)
		nc = cr->u.arr.n;
	else if (cr == NULL)
		return;
	if (pdfr_get(r, pg->dict, "Group") && ops->group)
		ops->group(ops->ctx, &at, pg->dict);
	for (i = 0; i < nc && !res->truncated; i++) {
		struct pobj *s = cr->type == PO_ARRAY ? cr->u.arr.v[i] : c;
		const unsigned char *d;
		size_t len;
		const char *undecoded;

		at.stream = pdfr_objnum(s);
		d = pdfr_stream(r, s, &len, &undecoded);
		if (d == NULL || undecoded) {
			res->unreadable++;
			continue;
		}
		walk_stream(&w, d, d + len, pg->resources, &g, &at, 0);
	}
}
