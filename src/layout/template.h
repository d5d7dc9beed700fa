/*
 * layout/template.h -- card layouts read from templates/NAME.yaml.
 *
 * A template names the record type it renders, the card size, fonts, a
 * palette of named colours, and a list of elements (boxes, text bound to
 * record fields, lines, tables, widgets drawn in C) for the front and,
 * optionally, the back.  extends: loads another template and overrides
 * its elements by name.  Knows nothing of any game: fields are names in
 * braces, "{name}", looked up in the record at draw time, and checked
 * when the template is loaded against the fields the caller's
 * vocabulary says the record type has.
 */
#ifndef MUSTER_TEMPLATE_H
#define MUSTER_TEMPLATE_H

#include <stddef.h>

#include "../util.h"

#include "../pdf/pdf.h"

struct node;
struct record;

/* Text with {field} references, compiled once. */
struct seg {
	const char *lit;	/* literal text, or NULL for a field */
	size_t len;
	const char *field;
};
struct fmt {
	struct seg *seg;
	int n;
};

struct colour {
	int none;		/* transparent */
	struct rgb rgb;
	struct fmt field;	/* "{category}": decided per card, through the palette */
};

enum el_type { EL_BOX, EL_TEXT, EL_LINE, EL_WIDGET, EL_IMAGE };

/* How an image fills its box: whole inside it, or all of it, cut. */
enum { FIT_CONTAIN, FIT_COVER };

/* A row of the widget table (widgets.c): a name, the template keys it
 * takes, and how it is drawn. */
struct widget;
/* The widget of that name, or NULL; every widget's name, NULL-ended. */
const struct widget *widget_find(const char *name);
const char *const *widget_names(void);
const char *widget_name(const struct widget *w);
/* The element keys a widget takes besides name, at, size, when, unless,
 * widget and value; NULL-ended. */
const char *const *widget_keys(const struct widget *w);
/* Whether a fixed value (no field in it) can be drawn; else why not. */
int widget_value_ok(const struct widget *w, const char *value,
    struct sbuf *why);
/*
 * The texts w prints of a value, each as its text element would be
 * (glyphs, fitting), in the order it prints them: copy, a copy of the
 * value, is cut into them, pointed to by item[]; returns how many (at
 * most WIDGET_TEXTS_MAX; 0 for a widget that prints none).
 */
#define WIDGET_TEXTS_MAX 64
int widget_texts(const struct widget *w, char *copy, char **item);
/* Whether w prints any text (widget_texts() can give some). */
int widget_prints_text(const struct widget *w);

/*
 * Built-in symbols for inline icons (widgets.c): NATO parts in their
 * frame, the card suits, arrows.  symbol_draw() is a pdf_icon_fn.
 */
struct symbol;
const struct symbol *symbol_find(const char *name);
const char *const *symbol_names(void);
double symbol_aspect(const struct symbol *s);
void symbol_draw(struct pdf_page *pg, const void *sym, double x, double y,
    double w, double h, struct rgb c);

/* An icon the template's text may name as {icon:NAME} (icons:): a PNG
 * or JPEG file (its path as found, relative to the template that named
 * it) or a built-in symbol. */
struct icon_spec {
	const char *name;
	const char *path;		/* or NULL */
	const struct symbol *sym;	/* or NULL */
	const char *src;		/* where it was named, for messages */
	int line, col;
};

struct elem {
	enum el_type type;
	const char *name;
	const struct node *at;	/* where it was defined, for messages */
	double x, y, w, h;	/* points from the card's top-left, y down */
	double x2, y2;		/* line end */
	struct fmt when;	/* drawn only when this is not empty */
	struct fmt unless;	/* drawn only when this is empty */
	struct colour fill, stroke, colour;
	double lw, radius, dash;
	int bleed;		/* a box that runs into the bleed at the trim */
	struct fmt text;	/* text, a widget's value, an image's path */
	int font;		/* index into the template's fonts */
	double pt, min_pt, leading;
	int halign, valign, wrap;
	const struct widget *widget;
	int down;		/* cells stacked downwards */
	double min_card;	/* drawn only on a card at least this wide */
	int fit;		/* an image's FIT_* */
	/* Where an image's path (text) was written: a fixed path is
	 * relative to this file, and told of at this place. */
	const char *src;
	int src_line, src_col;
};

/* A place in a template file. */
struct field_place {
	const char *file;
	int line, col;
};

struct font_spec {
	const char *key;	/* "body" */
	const char *pattern;	/* "DejaVu Sans Condensed" */
	struct field_place at;	/* where it was named (line 0: the default) */
};

/* A colour the template names: {category} gives "attack", the palette
 * says which colour that is. */
struct named_colour {
	const char *name;
	struct rgb rgb;
};

/*
 * An element as the template's files name it, for listing (a table is
 * one, however many cells it draws): what an override names, what it
 * is, and the fields it prints.
 */
struct el_info {
	const char *name;	/* NULL: no name, it cannot be overridden */
	const char *type;	/* "box", "text", "line", "table", "widget" */
	const char *widget;	/* the widget ("sector"), or NULL */
	const char *const *fields;	/* each once, in order, NULL-ended */
	const char *const *shown;	/* those printed as text (not only read
					 * by a colour, a when: or unless:) */
	int back;		/* on the back */
};

struct template {
	const char *name, *description, *file;
	const char *type;	/* the record type it renders: "shellshock.card" */
	double w, h;		/* trim size on Letter, points */
	double a4_w, a4_h;	/* on A4, or 0 when the same */
	double gap, safe, min_pt;
	int counter;		/* sizing: counter: --counter-size decides */
	enum { CUT_CROP, CUT_LINES, CUT_NONE } cut;	/* how it is cut out */
	struct font_spec *fonts;
	int nfonts;
	struct named_colour *palette;
	int npalette;
	const char **sides;		/* sides:, the names (also in the
					 * palette), NULL-ended; or NULL */
	int nsides;
	struct icon_spec *icons;	/* icons:, each name once */
	int nicons;
	struct elem *front, *back;
	int nfront, nback;
	struct el_info *info;	/* the front's elements, then the back's */
	int ninfo;
	/* Every field its elements name, sorted and NULL-ended: what a
	 * record of an open type (whose fields are the template's) needs. */
	const char *const *fields;
	/* Where each of fields is first named (its file, line and column,
	 * the brace's where it can be told), in the same order. */
	const struct field_place *field_at;
	struct arena *arena;	/* owns everything above */
};

/*
 * What templates may render and name, given by the caller (the games):
 * renders: resolves to a record type, and every {field} a template names
 * must be one of that type's fields.
 */
struct vocab {
	/*
	 * The record type renders: names: type as written
	 * ("shellshock.card"), or system, kind and product (NULL when not
	 * given) of the mapping form.  NULL when there is none; then why
	 * says what may be written.
	 */
	const char *(*resolve)(const char *type, const char *system,
	    const char *kind, const char *product, struct sbuf *why);
	/* The record type's fields, sorted, NULL-ended. */
	const char *const *(*fields)(const char *type);
	/* Every record type, NULL-ended, for "did you mean". */
	const char *const *(*types)(void);
};

/*
 * Loads a template by name (searched in the template folders) or by path
 * (anything with a '/' or ending in .yaml), checked against v (NULL
 * checks no record type or field).  Problems are reported as
 * diagnostics; returns NULL when the template cannot be used.  Free with
 * template_free().
 */
struct template *template_load(const char *name_or_path,
    const struct vocab *v);
void template_free(struct template *t);

/* The keys of a template file, for its JSON Schema. */
struct skey;
const struct skey *template_keys(void);

/* The built-in templates' names (*.yaml in template_dirs(), the first
 * folder winning), sorted and NULL-ended; freed by template_names_free. */
char **template_names(void);
void template_names_free(char **names);
/* The YAML files the last template_names() found in the template
 * folders and passed over, not being templates (a deck, a unit: a
 * system: at the top, or no template:), NULL-ended; until
 * template_names_free(). */
const char *const *template_names_passed(void);

/* The folders searched for built-in templates, NULL-terminated. */
const char *const *template_dirs(void);
/* "template 'NAME' is not in DIR, DIR, ..." (those folders) into sb. */
void template_not_in(struct sbuf *sb, const char *name);

/* Limits of lengths in points: any length either way; a pen and a dash
 * (libharu's HPDF_MAX_LINEWIDTH and HPDF_MAX_DASH_PATTERN). */
#define LENGTH_MAX	10000
#define STROKE_MAX	100
#define DASH_MAX	100
/* Parses "2mm", "0.5in", "10pt", "0"; percentages of whole.  1, or 0
 * when s is not a length, -1 when it is one beyond LENGTH_MAX. */
int parse_length(const char *s, double whole, double *pt);
/*
 * Where a point x along a side of length l lands on a card whose side
 * is to, the safe margins s at both ends keeping their width and what
 * lies between them stretching or shrinking (when the margins leave
 * nothing between them, all of it scales).  How an A4 card is drawn
 * from a template made for Letter.
 */
double template_stretch(double x, double l, double to, double s);
/* Parses "#rrggbb" or a colour name; 0 on failure. */
int parse_rgb(const char *s, struct rgb *out);
/* A colour by the template's palette, else parse_rgb(); 0 on failure. */
int template_colour(const struct template *t, const char *s,
    struct rgb *out);

/* The icon name stands for in t (its icons:, or a built-in symbol,
 * written into tmp), or NULL. */
const struct icon_spec *template_icon(const struct template *t,
    const char *name, struct icon_spec *tmp);
/*
 * Whether text (a field's value, to be printed by t) names only icons t
 * has: 1 when it does; 0 when it names one t lacks, why set to
 * "names icon 'NAME', which is neither ..." with the icons t has and
 * the nearest name.
 */
int template_text_icons(const struct template *t, const char *text,
    struct sbuf *why);
/* Whether f's own text names an icon ({icon:NAME}). */
int fmt_has_icon(const struct fmt *f);

/*
 * Expands fmt against r into sb.  Fields the record lacks print nothing;
 * their names are appended to missing (one per call) when not NULL.
 */
struct sbuf;
/*
 * `muster new NAME`: into sb, a template that extends t (the built-in
 * template base), its size, fonts, palette and each element named in
 * comments with an override to copy; it passes check as it is.
 */
void template_restyle(const struct template *t, const char *base,
    struct sbuf *sb);
void fmt_expand(const struct fmt *f, const struct record *r,
    struct sbuf *sb, const char **missing);

#endif
