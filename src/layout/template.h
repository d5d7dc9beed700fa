/*
 * layout/template.h -- card layouts read from templates/NAME.yaml.
 *
 * A template names the card size, fonts, and a list of elements (boxes,
 * text bound to record fields, lines, tables, widgets drawn in C) for the
 * front and, optionally, the back.  extends: loads another template and
 * overrides its elements by name.  Knows nothing of any game: fields are
 * names in braces, "{name}", looked up in the record at draw time.
 */
#ifndef MUSTER_TEMPLATE_H
#define MUSTER_TEMPLATE_H

#include <stddef.h>

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
	struct fmt field;	/* "{card.colour}": decided per card */
};

enum el_type { EL_BOX, EL_TEXT, EL_LINE, EL_WIDGET };
enum widget { W_SECTOR, W_CELLS, W_TRACK, W_NATO };

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
	struct fmt text;	/* text, or a widget's value */
	int font;		/* index into the template's fonts */
	double pt, min_pt, leading;
	int halign, valign, wrap;
	enum widget widget;
	int down;		/* cells stacked downwards */
};

struct font_spec {
	const char *key;	/* "body" */
	const char *pattern;	/* "DejaVu Sans Condensed" */
};

struct template {
	const char *name, *description, *file;
	const char *system, *kind;	/* what it renders */
	double w, h;		/* trim size on Letter, points */
	double a4_w, a4_h;	/* on A4, or 0 when the same */
	double gap, safe, min_pt;
	struct font_spec *fonts;
	int nfonts;
	struct elem *front, *back;
	int nfront, nback;
	struct arena *arena;	/* owns everything above */
};

/*
 * Loads a template by name (searched in the template folders) or by path
 * (anything with a '/' or ending in .yaml).  Problems are reported as
 * diagnostics; returns NULL when the template cannot be used.  Free with
 * template_free().
 */
struct template *template_load(const char *name_or_path);
void template_free(struct template *t);

/* The folders searched for built-in templates, NULL-terminated. */
const char *const *template_dirs(void);

/* Parses "2mm", "0.5in", "10pt", "0"; percentages of whole. */
int parse_length(const char *s, double whole, double *pt);
/* Parses "#rrggbb" or a colour name; 0 on failure. */
int parse_rgb(const char *s, struct rgb *out);

/*
 * Expands fmt against r into sb.  Fields the record lacks print nothing;
 * their names are appended to missing (one per call) when not NULL.
 */
struct sbuf;
void fmt_expand(const struct fmt *f, const struct record *r,
    struct sbuf *sb, const char **missing);

#endif
