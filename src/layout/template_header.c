/*
 * layout/template_header.c -- compiling the keys of a template that are
 * not its elements: the record type it renders:, its palette and sides,
 * and its card size.  See template_impl.h.
 */
#include "template_impl.h"

#include <string.h>

#include "../arena.h"
#include "../diag.h"
#include "../doc.h"
#include "../schema.h"
#include "../util.h"

/*
 * The record type renders: names, as a record type ("shellshock.card")
 * or as {system, kind[, product]}; NULL (reported) when there is none.
 */
const char *
compile_renders(struct ctx *cx, const struct node *rend,
    const struct node *doc, const struct vocab *v)
{
	struct sbuf why = SBUF_INIT;
	const char *type = NULL, *sys = NULL, *kind = NULL, *prod = NULL;
	const char *got;

	if (rend == NULL) {
		bad(cx, doc, "template '%s' must say what it renders, such as "
		    "renders: shellshock.card", cx->t->name);
		return NULL;
	}
	if (rend->type == N_SCALAR && !node_is_null(rend)) {
		type = rend->str;
	} else if (rend->type == N_MAP) {
		sys = get_str(rend, "system", NULL);
		kind = get_str(rend, "kind", NULL);
		prod = get_str(rend, "product", NULL);
		if (sys == NULL || kind == NULL)
			return NULL;	/* reported by the schema */
	} else {
		bad(cx, rend, "renders must be a record type such as "
		    "shellshock.card, or {system: ..., kind: ...}");
		return NULL;
	}
	if (v == NULL)
		got = type ? type : arena_printf(cx->a, "%s.%s", sys, kind);
	else if ((got = v->resolve(type, sys, kind, prod, &why)) == NULL)
		bad(cx, rend, "renders: %s", why.buf);
	sb_release(&why);
	return got ? arena_strdup(cx->a, got) : NULL;
}

/* The palette: every layer's, a later one replacing an earlier name;
 * and sides:, colours of the palette that are the sides a {side} field
 * may name (one it does not name is told as it is drawn). */
void
compile_palette(struct ctx *cx, const struct chain *c)
{
	struct template *t = cx->t;
	int l, k, cap = 0, side, capsides = 0;
	size_t i;

	for (l = 0; l < 2 * c->n; l++) {
		const struct node *pal = node_get(c->doc[l / 2], l % 2 ?
		    "sides" : "palette");

		if (pal == NULL || pal->bad || pal->type != N_MAP)
			continue;
		for (i = 0; i < pal->n; i++) {
			const char *name = MAP_KEY(pal, i)->str;
			const struct node *val = MAP_VAL(pal, i);
			struct rgb rgb;

			if (val->bad)
				continue;
			if (!parse_rgb(val->str, &rgb)) {
				bad(cx, val, "%s colour '%s' must be #rrggbb "
				    "or one of black, white, red, green, blue, "
				    "grey", l % 2 ? "side's" : "palette", val->str);
				continue;
			}
			side = l % 2;
			for (k = 0; side && k < t->nsides; k++)
				if (strcmp(t->sides[k], name) == 0)
					break;
			if (side && k == t->nsides) {
				if (t->nsides + 1 >= capsides) {
					const char **old = t->sides;

					capsides = capsides ? capsides * 2 : 8;
					t->sides = arena_alloc(cx->a,
					    (size_t)capsides * sizeof(*t->sides));
					if (old)
						memcpy(t->sides, old,
						    (size_t)t->nsides *
						    sizeof(*old));
				}
				t->sides[t->nsides++] = arena_strdup(cx->a,
				    name);
				t->sides[t->nsides] = NULL;
			}
			for (k = 0; k < t->npalette; k++)
				if (strcmp(t->palette[k].name, name) == 0)
					break;
			if (k == t->npalette) {
				if (t->npalette == cap) {
					struct named_colour *old = t->palette;

					cap = cap ? cap * 2 : 16;
					t->palette = arena_alloc(cx->a,
					    (size_t)cap * sizeof(*t->palette));
					if (old)
						memcpy(t->palette, old,
						    (size_t)t->npalette *
						    sizeof(*old));
				}
				t->palette[t->npalette++].name =
				    arena_strdup(cx->a, name);
			}
			t->palette[k].rgb = rgb;
		}
	}
}

void
compile_size(struct ctx *cx, const struct node *n, double *w, double *h)
{
	if (n == NULL || n->bad || n->type != N_SEQ || n->n != 2)
		return;
	int before = cx->errors;

	*w = compile_length(cx, n->kid[0], 0, 0);
	*h = compile_length(cx, n->kid[1], 0, 0);
	if (cx->errors > before) {
		*w = *h = 144;
		return;
	}
	if (*w < 36 || *h < 36 || *w > 2000 || *h > 2000) {
		bad(cx, n, "card size must be between 0.5 in and 27 in each way");
		*w = *h = 144;
	}
}
