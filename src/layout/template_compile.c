/*
 * layout/template_compile.c -- compiling a template's merged chain into
 * struct template: lengths (each read in the card size of the layer
 * that wrote it and placed on the template's card), colours, fonts,
 * alignment, conditions, tables, widgets and images (the palette, card
 * size and record type are template_header.c's); a problem is
 * template.invalid at the node that holds it (bad()).
 */
#include "template_impl.h"

#include <ctype.h>
#include <dirent.h>
#include <math.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../arena.h"
#include "../diag.h"
#include "../doc.h"
#include "../paths.h"
#include "../record.h"
#include "../schema.h"
#include "../util.h"

static const char *const types[] = {
	"box", "text", "line", "table", "widget", "image", NULL
};

void
bad(struct ctx *cx, const struct node *at, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (at)
		diag_vat(L_ERROR, "template.invalid", at->file, at->line,
		    at->col, fmt, ap);
	else
		diag_vat(L_ERROR, "template.invalid", cx->t->file, 0, 0, fmt,
		    ap);
	va_end(ap);
	cx->errors++;
}

double
compile_length(struct ctx *cx, const struct node *n, double whole,
    double dflt)
{
	double v;

	int r;

	if (n == NULL || n->bad)
		return dflt;
	if ((r = parse_length(n->str, whole, &v)) == 0) {
		bad(cx, n, "length '%s' must be a number with mm, cm, in, pt "
		    "or %%, such as 2.5mm", n->str);
		return dflt;
	}
	if (r < 0) {
		bad(cx, n, "length '%s' is beyond %d pt (%.1f in) either way, "
		    "the limit of a length", n->str, LENGTH_MAX,
		    LENGTH_MAX / 72.0);
		return dflt;
	}
	return v;
}

/* A length of 0 to max points, what saying what it is ("dash"): PDF
 * viewers and libharu refuse wider pens and longer dashes. */
static double
length_upto(struct ctx *cx, const struct node *n, double dflt, double max,
    const char *what)
{
	double v = compile_length(cx, n, 0, dflt);

	if (n && !n->bad && (v < 0 || v > max)) {
		bad(cx, n, "%s '%s' must be 0 to %g pt (%.1f mm)", what, n->str,
		    max, max / MM);
		return dflt;
	}
	return v;
}

/* ---- a base's lengths on an extension's card ---- */

/*
 * An extension that changes the card size keeps its base's layout:
 * every length is read in the card size of the layer of the chain that
 * wrote it, and placed on the template's card as an A4 card is drawn
 * from a Letter template (template_stretch): the safe margins keep
 * their width and what lies between them stretches or shrinks.  Type,
 * pens, radii and dashes grow by the smaller of the two stretches, so
 * that text fits a stretched box as it fitted the base's.
 */

/* The layer of the chain that wrote n; dl for a default (n NULL). */
static int
layer_of(const struct ctx *cx, const struct node *n, int dl)
{
	int i;

	if (n == NULL)
		return dl;
	for (i = 0; i < cx->nl; i++)
		if (n->file == cx->lfile[i])
			return i;
	return cx->nl - 1;
}

/* The card's side across (axis 0) or down (1): of layer l, of the
 * template. */
static double
side(const struct ctx *cx, int l, int axis)
{
	return axis ? cx->lh[l] : cx->lw[l];
}

static double
side_now(const struct ctx *cx, int axis)
{
	return axis ? cx->t->h : cx->t->w;
}

/* Where v, a point written for layer l's card, lands on the template's. */
static double
place(const struct ctx *cx, int l, int axis, double v)
{
	double from = side(cx, l, axis), to = side_now(cx, axis);

	return from == to ? v : template_stretch(v, from, to, cx->t->safe);
}

/* How much a length written for layer l's card grows on the template's:
 * as what lies between the safe margins does. */
static double
growth(const struct ctx *cx, int l, int axis)
{
	double from = side(cx, l, axis), to = side_now(cx, axis);
	double s = cx->t->safe;

	if (from == to)
		return 1;
	if (2 * s >= from || 2 * s >= to)
		return to / from;
	return (to - 2 * s) / (from - 2 * s);
}

/* ... type, pens, radii and dashes: the smaller of the two ways. */
static double
type_growth(const struct ctx *cx, int l)
{
	double a = growth(cx, l, 0), d = growth(cx, l, 1);

	return a < d ? a : d;
}

/*
 * A length of the element being compiled that cannot be negative (what:
 * "size", "row_height"): a box of -5 mm was drawn inside out and told
 * of as "-5.0 mm x -5.0 mm" at render.
 */
static double
extent(struct ctx *cx, const struct node *n, double whole, double dflt,
    const char *what)
{
	double v = compile_length(cx, n, whole, dflt);

	if (n && !n->bad && v < 0) {
		bad(cx, n, "element '%s': %s '%s' must be 0 or more", cx->el,
		    what, n->str);
		return 0;
	}
	return v;
}

/*
 * Where an element starts along an axis (at, from the layer that wrote
 * it, or 0) and, when len is given, how far it runs (*size, else left
 * as it is), on the template's card.  When one layer wrote both, the far
 * end is placed as the start is, so that a box that reached the trim on
 * the base's card reaches it on this one.  *raw and *l are the start as
 * written and its layer, for a table's rows and columns.
 */
static void
span(struct ctx *cx, const struct node *at, const struct node *len,
    int axis, int dl, double *pos, double *size, double *raw, int *l)
{
	int la = layer_of(cx, at, layer_of(cx, len, dl));
	int ls = layer_of(cx, len, dl);
	double a = compile_length(cx, at, side(cx, la, axis), 0), v;

	*pos = place(cx, la, axis, a);
	*raw = a;
	*l = la;
	if (len == NULL)
		return;
	v = extent(cx, len, side(cx, ls, axis), 0, "size");
	*size = ls == la && side(cx, la, axis) != side_now(cx, axis) ?
	    place(cx, la, axis, a + v) - *pos : v * growth(cx, ls, axis);
}

/* A colour from text (n is where it was written): none, a {field}
 * decided per card, a palette name, #rrggbb or a colour name. */
static void
colour_str(struct ctx *cx, const struct node *n, const char *str,
    struct colour *c)
{
	struct sbuf sb = SBUF_INIT;
	int i;

	c->none = 0;
	c->field.n = 0;
	if (strcmp(str, "none") == 0) {
		c->none = 1;
	} else if (str[0] == '{') {
		if (compile_fmt(cx->a, str, &c->field) < 0)
			bad(cx, n, "colour '%s' must be #rrggbb, a colour "
			    "name, none or a {field}", str);
		else {
			cx->quiet++;
			check_fmt(cx, n, &c->field);
			cx->quiet--;
		}
	} else if (!template_colour(cx->t, str, &c->rgb)) {
		for (i = 0; i < cx->t->npalette; i++)
			sb_addf(&sb, ", %s", cx->t->palette[i].name);
		bad(cx, n, "colour '%s' must be #rrggbb (such as #1f4e9a), "
		    "none, a {field} or one of black, white, red, green, "
		    "blue, grey%s", str, sb_str(&sb));
	}
	sb_release(&sb);
}

int
template_colour(const struct template *t, const char *s, struct rgb *out)
{
	int i;

	for (i = 0; t && i < t->npalette; i++)
		if (strcmp(t->palette[i].name, s) == 0) {
			*out = t->palette[i].rgb;
			return 1;
		}
	return parse_rgb(s, out);
}

static void
colour(struct ctx *cx, const struct node *n, struct colour *c, int none)
{
	c->none = none;
	if (n == NULL || n->bad)
		return;
	colour_str(cx, n, n->str, c);
}

/* "$" in a table column stands for the row's name. */
static char *
dollar(struct ctx *cx, const char *s, const char *row)
{
	struct sbuf sb = SBUF_INIT;
	char *out;

	for (; *s; s++)
		if (*s == '$')
			sb_adds(&sb, row);
		else
			sb_addc(&sb, *s);
	out = arena_strdup(cx->a, sb_str(&sb));
	sb_release(&sb);
	return out;
}

/* A fontconfig style for a font's name in a template: ":bold" for
 * "bold", "" for a name that says no style. */
static const char *
style_of(const char *name)
{
	static const char *const styles[][2] = {
		{ "bold", ":bold" }, { "italic", ":italic" },
		{ "bolditalic", ":bold:italic" }, { "bold_italic",
		":bold:italic" }, { "light", ":light" },
		{ "condensed", "" }, { NULL, NULL }
	};
	int i;

	for (i = 0; styles[i][0]; i++)
		if (strcmp(styles[i][0], name) == 0)
			return styles[i][1];
	return "";
}

static int
font_index(struct ctx *cx, const struct node *n)
{
	struct sbuf sb = SBUF_INIT;
	int i;

	if (n == NULL)
		return 0;
	for (i = 0; i < cx->t->nfonts; i++)
		if (strcmp(cx->t->fonts[i].key, n->str) == 0)
			return i;
	for (i = 0; i < cx->t->nfonts; i++)
		sb_addf(&sb, "%s%s", i ? ", " : "", cx->t->fonts[i].key);
	/* Named in fonts: first, as a family and style: the body's family
	 * in the style the name says, when it says one. */
	bad(cx, n, "font '%s' is not in the template's fonts (%s): name it "
	    "there with its family, such as fonts: {%s: \"%s%s\"}, or use "
	    "one of those", n->str, sb_str(&sb), n->str,
	    cx->t->nfonts ? cx->t->fonts[0].pattern : "DejaVu Sans Condensed",
	    style_of(n->str));
	sb_release(&sb);
	return 0;
}

/*
 * "center" is the documented spelling; "centre", which templates once
 * used, is still read the same so that their old files load.
 */
static int
align(struct ctx *cx, const struct node *n, int vertical, int dflt)
{
	static const char *const h[] = { "left", "center", "right",
		"centre", NULL };
	static const char *const v[] = { "top", "middle", "bottom",
		"center", "centre", NULL };
	const char *const *names = vertical ? v : h;
	int i;

	if (n == NULL)
		return dflt;
	for (i = 0; names[i]; i++)
		if (strcmp(names[i], n->str) == 0)
			return i > 2 ? ALIGN_CENTER : i;
	/* The other direction's word: align: middle means valign. */
	for (i = 0; (vertical ? h : v)[i]; i++)
		if (strcmp((vertical ? h : v)[i], n->str) == 0 &&
		    strcmp(n->str, "center") != 0 && strcmp(n->str, "centre") != 0) {
			bad(cx, n, "%salign '%s' must be %s; '%s' is %s's: write "
			    "%s: %s", vertical ? "v" : "", n->str, vertical ?
			    "top, middle or bottom" : "left, center or right",
			    n->str, vertical ? "align" : "valign", vertical ?
			    "align" : "valign", n->str);
			return dflt;
		}
	bad(cx, n, "%salign '%s' must be %s", vertical ? "v" : "", n->str,
	    vertical ? "top, middle or bottom" : "left, center or right");
	return dflt;
}

static struct elem *
new_elem(struct ctx *cx)
{
	struct elem *e;

	if (cx->n == cx->cap) {
		cx->cap = cx->cap ? cx->cap * 2 : 64;
		cx->v = xrealloc(cx->v, (size_t)cx->cap * sizeof(*cx->v));
	}
	e = &cx->v[cx->n++];
	memset(e, 0, sizeof(*e));
	return e;
}

/* Text keys shared by text elements and table columns; dl is the layer
 * that defined the element (its default size grows with it). */
static void
text_style(struct ctx *cx, struct elem *e, const struct node *font,
    const struct node *pt, const struct node *min_pt, const struct node *col,
    int dl)
{
	e->font = font_index(cx, font);
	e->pt = node_double(pt, 7) * type_growth(cx, layer_of(cx, pt, dl));
	/* The template's own floor is a size to read, on any card. */
	e->min_pt = min_pt ? node_double(min_pt, cx->t->min_pt) *
	    type_growth(cx, layer_of(cx, min_pt, dl)) : cx->t->min_pt;
	/* Both written in one place: a smallest size over the size wanted
	 * is a slip (pt: 5, min_pt: 50).  An extending template's smaller
	 * pt under its base's min_pt still lowers both. */
	if (pt && min_pt && !pt->bad && !min_pt->bad &&
	    layer_of(cx, pt, dl) == layer_of(cx, min_pt, dl) &&
	    e->min_pt > e->pt + 1e-9)
		bad(cx, min_pt, "element '%s': min_pt %s is more than its pt "
		    "%s; give a min_pt of at most pt", cx->el, min_pt->str,
		    pt->str);
	if (e->min_pt > e->pt)
		e->min_pt = e->pt;
	e->leading = 1.15;
	e->colour.rgb = (struct rgb){ 0, 0, 0 };
	colour(cx, col, &e->colour, 0);
}

/*
 * when: or unless: (what) at n, a field's name with or without braces,
 * into f.  A table once wrapped "{card}" in braces again, a literal
 * that is never empty: its unless: hid it on every card.
 */
static void
condition(struct ctx *cx, const struct node *n, const char *what,
    struct fmt *f)
{
	if (n == NULL)
		return;
	if (compile_fmt(cx->a, n->str[0] == '{' ? n->str :
	    arena_printf(cx->a, "{%s}", n->str), f) < 0)
		bad(cx, n, "%s '%s' must name a field", what, n->str);
	else {
		cx->quiet++;
		check_fmt(cx, n, f);
		cx->quiet--;
	}
}

/* Where an element starts: on the template's card, and as written (for
 * the card of layer lx, ly). */
struct origin {
	double x, y, rx, ry;
	int lx, ly;
};

/*
 * A run of len, written in layer ll, that begins off past an origin
 * written at o in layer lo (a table's row or column): its start and
 * length on the template's card.  Placed as span() places a box when
 * one layer wrote both; else it starts at p and grows as ll's lengths
 * do.
 */
static void
run(const struct ctx *cx, int axis, double p, double o, int lo, double off,
    double len, int ll, double *pos, double *size)
{
	if (ll == lo && side(cx, lo, axis) != side_now(cx, axis)) {
		*pos = place(cx, lo, axis, o + off);
		*size = place(cx, lo, axis, o + off + len) - *pos;
		return;
	}
	*pos = p;
	*size = len * growth(cx, ll, axis);
}

/* min_card, a card width: grows as the card does. */
static double
min_card(struct ctx *cx, const struct proto *p, int dl)
{
	const struct node *n = el_get(p, "min_card");
	int l = layer_of(cx, n, dl);

	return compile_length(cx, n, 0, 0) * cx->t->w / side(cx, l, 0);
}

/*
 * The text of column cm in row rowname, and its style: the column's
 * font, pt, min_pt and colour, else the table's ($ is the row's name).
 */
static void
table_cell(struct ctx *cx, const struct proto *p, const struct node *cm,
    const char *rowname, int dl, struct elem *e)
{
	const char *text = get_str(cm, "text", "");
	const struct node *col;

	if (compile_fmt(cx->a, dollar(cx, text, rowname), &e->text) < 0) {
		bad(cx, cm, "text '%s' has an unclosed {", text);
	} else {
		check_fmt(cx, node_get(cm, "text"), &e->text);
		check_icons(cx, node_get(cm, "text"), &e->text);
	}
	col = node_get(cm, "colour") ? node_get(cm, "colour") :
	    node_get(cm, "color") ? node_get(cm, "color") :
	    el_get(p, "colour") ? el_get(p, "colour") :
	    el_get(p, "color");
	text_style(cx, e, node_get(cm, "font") ?
	    node_get(cm, "font") : el_get(p, "font"),
	    node_get(cm, "pt") ? node_get(cm, "pt") :
	    el_get(p, "pt"), node_get(cm, "min_pt") ?
	    node_get(cm, "min_pt") : el_get(p, "min_pt"), NULL, dl);
	if (col && !col->bad)
		colour_str(cx, col, dollar(cx, col->str, rowname),
		    &e->colour);
	e->halign = align(cx, node_get(cm, "align"), 0, ALIGN_CENTER);
	e->valign = ALIGN_CENTER;
}

static void
compile_table(struct ctx *cx, const struct proto *p, const struct origin *o,
    int dl)
{
	const struct node *rows = el_get(p, "rows");
	const struct node *cols = el_get(p, "columns");
	const struct node *stripe = el_get(p, "stripe");
	const struct node *rhn = el_get(p, "row_height");
	int lr = layer_of(cx, rhn, dl), lc = layer_of(cx, cols, dl);
	double rh = extent(cx, rhn, side(cx, lr, 1), 10, "row_height");
	const struct node *tbl = el_get(p, "table");
	struct fmt when, unless;
	struct colour band;
	double mc = min_card(cx, p, dl);
	double cw[32], all = 0;
	size_t r, c;

	if (rows == NULL || cols == NULL) {
		bad(cx, tbl, "table '%s' needs rows: and columns:", p->name);
		return;
	}
	/* Each column's width, told once however many rows it has (the
	 * schema allows 32 columns). */
	for (c = 0; c < cols->n && c < NELEM(cw); c++) {
		cw[c] = extent(cx, node_get(cols->kid[c], "width"),
		    side(cx, lc, 0), 0, "column width");
		all += cw[c];
	}
	memset(&when, 0, sizeof(when));
	memset(&unless, 0, sizeof(unless));
	condition(cx, el_get(p, "when"), "when", &when);
	condition(cx, el_get(p, "unless"), "unless", &unless);
	memset(&band, 0, sizeof(band));
	band.none = 1;
	colour(cx, stripe, &band, 1);
	for (r = 0; r < rows->n; r++) {
		const char *rowname = node_str(rows->kid[r], "");
		double y, h, off = 0, x = o->x;

		run(cx, 1, o->y + (double)r * rh * growth(cx, lr, 1), o->ry,
		    o->ly, (double)r * rh, rh, lr, &y, &h);
		if (!band.none && r % 2 == 1) {
			struct elem *s = new_elem(cx);

			s->type = EL_BOX;
			s->name = arena_printf(cx->a, "%s.stripe", p->name);
			s->at = tbl;
			run(cx, 0, o->x, o->rx, o->lx, 0, all, lc, &s->x, &s->w);
			s->y = y;
			s->h = h;
			s->fill = band;
			s->stroke.none = 1;
			s->when = when;
			s->unless = unless;
			s->min_card = mc;
		}
		for (c = 0; c < cols->n && c < NELEM(cw); c++) {
			const struct node *cm = cols->kid[c];
			struct elem *e = new_elem(cx);

			e->type = EL_TEXT;
			e->name = arena_printf(cx->a, "%s.%s", p->name, rowname);
			e->at = cm;
			run(cx, 0, x, o->rx, o->lx, off, cw[c], lc, &e->x,
			    &e->w);
			x = e->x + e->w;
			off += cw[c];
			e->y = y;
			e->h = h;
			table_cell(cx, p, cm, rowname, dl, e);
			e->when = when;
			e->unless = unless;
			e->min_card = mc;
		}
	}
}

/* The keys each type of element takes, besides common_keys and, for a
 * widget, the widget's own (in the order of types[]). */
static const char *const common_keys[] = {
	"name", "at", "size", "when", "unless", "remove", "new", "min_card",
	NULL
};
static const char *const type_keys[][12] = {
	{ "box", "fill", "stroke", "stroke_width", "radius", "dash", "bleed",
	    NULL },
	{ "text", "font", "pt", "min_pt", "align", "valign", "colour",
	    "color", "wrap", "leading", NULL },
	{ "line", "to", "stroke", "stroke_width", NULL },
	{ "table", "rows", "row_height", "stripe", "columns", "font", "pt",
	    "min_pt", "colour", "color", NULL },
	{ "widget", "value", NULL },
	{ "image", "fit", NULL },
};

/* "a" or "an", for the name of a type of element. */
static const char *
article(const char *word)
{
	return strchr("aeiou", word[0]) ? "an" : "a";
}

/* Reports keys that mean nothing for the element's type, in every layer. */
static void
check_keys(struct ctx *cx, const struct proto *p, int type,
    const struct widget *w)
{
	struct sbuf sb = SBUF_INIT;
	const char *const *k;
	int l;
	size_t i;

	for (l = 0; l < p->nl; l++) {
		const struct node *m = p->layer[l];

		for (i = 0; i < m->n; i++) {
			const char *key = MAP_KEY(m, i)->str;

			if (MAP_VAL(m, i)->bad ||
			    str_index(common_keys, key) >= 0 ||
			    str_index(type_keys[type], key) >= 0 ||
			    (w && str_index(widget_keys(w), key) >= 0))
				continue;
			sb_reset(&sb);
			for (k = type_keys[type] + 1; *k; k++)
				sb_addf(&sb, "%s%s", sb.len ? ", " : "", *k);
			for (k = w ? widget_keys(w) : NULL; k && *k; k++)
				sb_addf(&sb, "%s%s", sb.len ? ", " : "", *k);
			bad(cx, MAP_KEY(m, i), "element '%s' is %s %s%s%s: it "
			    "takes no '%s' (it takes %s)", cx->el,
			    article(w ? widget_name(w) : types[type]),
			    w ? widget_name(w) :
			    types[type], w ? " " : "", w ? "widget" : "", key,
			    sb.len ? sb.buf : "only the common keys");
		}
	}
	sb_release(&sb);
}

static void compile_elem(struct ctx *cx, const struct proto *p);

/* Compiles p and lists it in the template's info. */
static void
compile_listed(struct ctx *cx, const struct proto *p)
{
	struct el_info *in;
	const char **f;
	int i, n;

	if (cx->ninfo == cx->capinfo) {
		cx->capinfo = cx->capinfo ? cx->capinfo * 2 : 64;
		cx->info = xrealloc(cx->info, (size_t)cx->capinfo *
		    sizeof(*cx->info));
	}
	in = &cx->info[cx->ninfo++];
	memset(in, 0, sizeof(*in));
	in->name = p->name[0] == '#' ? NULL : arena_strdup(cx->a, p->name);
	in->back = cx->back;
	for (i = 0; types[i]; i++)
		if (node_get(p->layer[0], types[i]) != NULL) {
			in->type = types[i];
			break;
		}
	if (i == 4)
		in->widget = arena_strdup(cx->a, get_str(p->layer[0], "widget",
		    ""));
	cx->nused = 0;
	/* An element with no name is told by its line. */
	cx->el = p->name[0] != '#' ? p->name : arena_printf(cx->a,
	    "(no name, line %d)", p->layer[0]->line);
	compile_elem(cx, p);
	f = arena_alloc(cx->a, (size_t)(cx->nused + 1) * sizeof(*f));
	for (i = 0; i < cx->nused; i++)
		f[i] = cx->used[i];
	f[i] = NULL;
	in->fields = f;
	f = arena_alloc(cx->a, (size_t)(cx->nused + 1) * sizeof(*f));
	for (i = n = 0; i < cx->nused; i++)
		if (cx->shown[i])
			f[n++] = cx->used[i];
	f[n] = NULL;
	in->shown = f;
}

/*
 * What element p is, the index of its key in types[] (*tn that key's
 * node, *wd its widget); -1 (told) when it names none, two, or a widget
 * there is not.
 */
static int
elem_type(struct ctx *cx, const struct proto *p, const struct node **tn,
    const struct widget **wd)
{
	const struct node *n;
	int type = -1, i;

	*tn = NULL;
	for (i = 0; types[i]; i++)
		if ((n = node_get(p->layer[0], types[i])) != NULL) {
			if (*tn) {
				bad(cx, n, "element '%s' is both %s %s and %s %s; "
				    "give one of box, text, line, table, widget, "
				    "image", cx->el, article(types[type]),
				    types[type], article(types[i]), types[i]);
				return -1;
			}
			*tn = n;
			type = i;
		}
	if (*tn == NULL) {
		bad(cx, p->layer[0], "element '%s' must be one of box, text, "
		    "line, table, widget, image (a key naming what it is)",
		    cx->el);
		return -1;
	}
	if (type == 4 && (*wd = widget_find((*tn)->str)) == NULL) {
		struct sbuf sb = SBUF_INIT;

		sb_list(&sb, widget_names());
		bad(cx, *tn, "widget '%s' is not one of %s", (*tn)->str,
		    sb.buf);
		sb_release(&sb);
		return -1;
	}
	return type;
}

/* Element p's fill and stroke: colours, width, radius, dash, bleed. */
static void
elem_paint(struct ctx *cx, const struct proto *p, struct elem *e, int type,
    int dl)
{
	const struct node *n;

	e->stroke.rgb = (struct rgb){ 0, 0, 0 };
	colour(cx, el_get(p, "fill"), &e->fill, 1);
	/* A box outlined unless it is given only a fill (issue 28: a
	 * filled box came out with a black outline nobody asked for). */
	colour(cx, el_get(p, "stroke"), &e->stroke, type != 0 ||
	    (el_get(p, "fill") != NULL && el_get(p, "stroke") == NULL));
	n = el_get(p, "stroke_width");
	e->lw = length_upto(cx, n, 0.5, STROKE_MAX, "stroke_width") *
	    type_growth(cx, layer_of(cx, n, dl));
	n = el_get(p, "radius");
	e->radius = extent(cx, n, 0, 0, "radius") *
	    type_growth(cx, layer_of(cx, n, dl));
	n = el_get(p, "dash");
	e->dash = length_upto(cx, n, 0, DASH_MAX, "dash") *
	    type_growth(cx, layer_of(cx, n, dl));
	/* Grown, still what libharu takes. */
	e->lw = e->lw > STROKE_MAX ? STROKE_MAX : e->lw;
	e->dash = e->dash > DASH_MAX ? DASH_MAX : e->dash;
	e->bleed = node_bool(el_get(p, "bleed"), 0);
}

/* A line's end (to:); a line is stroked whatever stroke: says. */
static void
compile_line(struct ctx *cx, const struct proto *p, struct elem *e, int dl)
{
	const struct node *n;

	e->x2 = e->x;
	e->y2 = e->y;
	if ((n = el_get(p, "to")) != NULL && n->type == N_SEQ &&
	    n->n == 2) {
		int l = layer_of(cx, n, dl);

		e->x2 = place(cx, l, 0, compile_length(cx, n->kid[0],
		    side(cx, l, 0), 0));
		e->y2 = place(cx, l, 1, compile_length(cx, n->kid[1],
		    side(cx, l, 1), 0));
	}
	if (e->stroke.none && !e->stroke.field.n)
		e->stroke.none = 0;
}

/* A widget's value (a fixed one checked now) and direction. */
static void
compile_widget(struct ctx *cx, const struct proto *p, struct elem *e,
    const struct widget *wd)
{
	struct sbuf why = SBUF_INIT;
	const struct node *n;

	if (compile_fmt(cx->a, el_str(p, "value", ""), &e->text) < 0) {
		bad(cx, el_get(p, "value"), "value has an unclosed {");
	} else if (e->text.n == 0 || (e->text.n == 1 &&
	    e->text.seg[0].lit)) {
		/* A fixed value is drawn the same on every card:
		 * check it now. */
		if (!widget_value_ok(wd, e->text.n ?
		    e->text.seg[0].lit : "", &why))
			bad(cx, el_get(p, "value"), "%s widget value "
			    "'%s': %s", widget_name(wd),
			    el_str(p, "value", ""), why.buf);
	} else {
		check_fmt(cx, el_get(p, "value"), &e->text);
	}
	sb_release(&why);
	n = el_get(p, "direction");
	e->down = n && strcmp(n->str, "down") == 0;
	if (n && !e->down && strcmp(n->str, "across") != 0)
		bad(cx, n, "direction '%s' must be across or down",
		    n->str);
}

/* A text element's text, in a box of w x h (size: where given). */
static void
compile_text(struct ctx *cx, const struct proto *p, struct elem *e,
    const struct node *size, double w, double h)
{
	/* A box of no width or height holds no text. */
	if (size && (w <= 0 || h <= 0))
		bad(cx, size, "element '%s': its text box is %s; give "
		    "it a size more than 0 each way", cx->el, w <= 0 &&
		    h <= 0 ? "0 wide and 0 high" : w <= 0 ? "0 wide" :
		    "0 high");
	if (compile_fmt(cx->a, el_str(p, "text", ""), &e->text) < 0)
		bad(cx, el_get(p, "text"), "text '%s' has an unclosed "
		    "{ (write {{ for a brace)", el_str(p, "text", ""));
	else {
		check_fmt(cx, el_get(p, "text"), &e->text);
		check_icons(cx, el_get(p, "text"), &e->text);
	}
}

/* An image's path (kept with where it was written) and fit. */
static void
compile_image(struct ctx *cx, const struct proto *p, struct elem *e)
{
	const struct node *n;

	n = el_get(p, "image");
	e->fit = str_index(image_fits, el_str(p, "fit", "contain"));
	if (e->fit < 0)
		e->fit = FIT_CONTAIN;
	e->src = arena_strdup(cx->a, n->file);
	e->src_line = n->line;
	e->src_col = n->col;
	if (compile_fmt(cx->a, n->str, &e->text) < 0)
		bad(cx, n, "image '%s' has an unclosed { (write {{ for a "
		    "brace)", n->str);
	else if (e->text.n == 0)
		bad(cx, n, "image must name a PNG or JPEG file, as a path "
		    "or a {field} that holds one");
	else
		check_fmt(cx, n, &e->text);
}

/*
 * Text near the trim may be cut off by an imprecise guillotine.  Said
 * of the layer that placed it last, once the sizes are right.
 */
static void
safe_text(struct ctx *cx, const struct proto *p, const struct elem *e)
{
	if (e->type == EL_TEXT && cx->t->safe > 0 && cx->errors == 0 &&
	    (e->x < cx->t->safe - 0.01 || e->y < cx->t->safe - 0.01 ||
	    e->x + e->w > cx->t->w - cx->t->safe + 0.01 ||
	    e->y + e->h > cx->t->h - cx->t->safe + 0.01)) {
		char buf[32];

		diag(L_WARNING, "template.safe", p->layer[p->nl - 1],
		    "text '%s' comes closer than %s to the trim; it may be cut",
		    e->name, mm_str(cx->t->safe, buf));
	}
}

static void
compile_elem(struct ctx *cx, const struct proto *p)
{
	const struct node *tn = NULL, *n, *at, *size;
	const struct widget *wd = NULL;
	struct elem *e;
	struct origin o;
	int type, dl = layer_of(cx, p->layer[0], 0), errs;
	double w = cx->t->w, h = cx->t->h;

	if ((type = elem_type(cx, p, &tn, &wd)) < 0)
		return;
	check_keys(cx, p, type, wd);
	/* A box runs right and down from at:; without a size, it covers
	 * the card. */
	if ((at = el_get(p, "at")) != NULL && (at->type != N_SEQ || at->n != 2))
		at = NULL;
	if ((size = el_get(p, "size")) != NULL &&
	    (size->type != N_SEQ || size->n != 2))
		size = NULL;
	errs = cx->errors;
	span(cx, at ? at->kid[0] : NULL, size ? size->kid[0] : NULL, 0, dl,
	    &o.x, &w, &o.rx, &o.lx);
	span(cx, at ? at->kid[1] : NULL, size ? size->kid[1] : NULL, 1, dl,
	    &o.y, &h, &o.ry, &o.ly);
	/* A length told wrong above counts as 0: not told again. */
	if (cx->errors > errs)
		size = NULL;
	if (type == 3) {
		compile_table(cx, p, &o, dl);
		return;
	}
	e = new_elem(cx);
	e->name = p->name;
	e->at = tn;
	e->x = o.x;
	e->y = o.y;
	e->w = w;
	e->h = h;
	e->min_card = min_card(cx, p, dl);
	condition(cx, el_get(p, "when"), "when", &e->when);
	condition(cx, el_get(p, "unless"), "unless", &e->unless);
	elem_paint(cx, p, e, type, dl);
	text_style(cx, e, el_get(p, "font"), el_get(p, "pt"),
	    el_get(p, "min_pt"), el_get(p, "colour") ? el_get(p, "colour") :
	    el_get(p, "color"), dl);
	e->halign = align(cx, el_get(p, "align"), 0, ALIGN_START);
	e->valign = align(cx, el_get(p, "valign"), 1, ALIGN_CENTER);
	e->wrap = node_bool(el_get(p, "wrap"), 0);
	if ((n = el_get(p, "leading")) != NULL)
		e->leading = node_double(n, 1.15);
	switch (type) {
	case 0:
		e->type = EL_BOX;
		if (e->fill.none && e->stroke.none && !e->stroke.field.n)
			e->stroke.none = 0;	/* a bare box is an outline */
		break;
	case 1:
		e->type = EL_TEXT;
		compile_text(cx, p, e, size, w, h);
		break;
	case 2:
		e->type = EL_LINE;
		compile_line(cx, p, e, dl);
		break;
	case 4:
		e->type = EL_WIDGET;
		e->widget = wd;
		compile_widget(cx, p, e, wd);
		break;
	case 5:
		/* A path, fixed or from fields; a fixed one is relative to
		 * the template file that wrote it, kept with its place. */
		e->type = EL_IMAGE;
		compile_image(cx, p, e);
		break;
	}
	safe_text(cx, p, e);
}

void
compile_list(struct ctx *cx, const struct chain *c, const char *key,
    struct elem **out, int *nout)
{
	struct proto *protos;
	int n, i;

	protos = merge_elements(c, key, &n, cx->a);
	cx->v = NULL;
	cx->n = cx->cap = 0;
	cx->back = strcmp(key, "back") == 0;
	for (i = 0; i < n; i++)
		if (!protos[i].removed)
			compile_listed(cx, &protos[i]);
	free(protos);
	*out = arena_alloc(cx->a, (size_t)(cx->n ? cx->n : 1) * sizeof(**out));
	if (cx->n)
		memcpy(*out, cx->v, (size_t)cx->n * sizeof(**out));
	*nout = cx->n;
	free(cx->v);
	cx->v = NULL;
}
