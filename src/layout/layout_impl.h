/*
 * layout/layout_impl.h -- what the layout's files share (layout.c: the
 * layout, its pages and forms, and the card; layout_draw.c: drawing each
 * element of a face).  Nothing outside src/layout/ includes it.
 */
#ifndef MUSTER_LAYOUT_LAYOUT_IMPL_H
#define MUSTER_LAYOUT_LAYOUT_IMPL_H

#include <stddef.h>

#include "../diag.h"
#include "../util.h"
#include "draw.h"
#include "layout.h"
#include "template.h"

/*
 * Grey text, and light text reversed out of a dark ground, is hard to
 * read small: whatever a template's min_pt, it is never shrunk below
 * this; what does not fit then is told as render.overflow.
 */
#define FAINT_PT 6.0

struct form;
struct group;
struct tfonts;

struct layout {
	struct pdf *pdf;
	struct form *forms;
	int nforms, capforms;
	struct layout_opts o;
	struct group *g;		/* in the order products first came */
	int ng, capg;
	int cards;
	struct tfonts *tf;		/* fonts of each template used */
	int ntf, captf;
	char **warned;			/* "template\tfield" already reported */
	size_t nwarned;
	struct sbuf scratch;
	struct sbuf lines;		/* text with its breaks chosen */
};

/* Where messages about a card point: its document, or the template. */
void layout_diag(struct draw *d, enum level lv, const char *rule,
    const char *fmt, ...) ATTR_PRINTF(4, 5);
/* Whether "template\twhat" was reported already; notes it if not. */
int layout_seen(struct layout *l, const char *tmpl, const char *what);
/* Expands f for this card into the layout's scratch buffer. */
const char *layout_expand(struct draw *d, const struct elem *e,
    const struct fmt *f);
/* text, cut to fit buf at a character boundary with "..." if longer. */
const char *layout_shorten(const char *text, char *buf, size_t size);
/*
 * Whether the font fid (e's, in t) lacks a character of text, which e
 * prints on r's card: told (render.glyph) at the card's document, else
 * at t.  render's question of each text it draws, and check's of the
 * same text (probe.c), without drawing it.
 */
int layout_glyph(struct pdf *pdf, int fid, const struct template *t,
    const struct elem *e, const struct record *r, const char *text);
/*
 * Whether e is the same on every card (it reads no field and places no
 * picture): such elements are drawn once a template, into a form, with
 * the first card that prints it (its messages name that card).
 */
int layout_fixed_elem(const struct elem *e);
/* Draws one element of a face (layout_draw.c). */
void draw_elem(struct draw *d, const struct elem *e);

#endif
