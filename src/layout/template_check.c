/*
 * layout/template_check.c -- a template's {fields} held to its record
 * type's (template.field): each field an element prints is noted for
 * the template's list and, when the caller's vocabulary gives the
 * type's fields, one it does not have is told once at the place that
 * names it, with the nearest field as a suggestion; named_fields() is
 * the template's list of every field it names.
 */
#include "template_impl.h"

#include <stdlib.h>
#include <string.h>

#include "../arena.h"
#include "../diag.h"
#include "../doc.h"
#include "../util.h"

/* Whether name is in the sorted, NULL-ended list v. */
static int
in_sorted(const char *const *v, const char *name)
{
	size_t lo = 0, hi = 0;

	while (v[hi])
		hi++;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(v[mid], name);

		if (c == 0)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* The first field of f that is not in fields, or NULL. */
static const char *
unknown_field(const struct fmt *f, const char *const *fields)
{
	int i;

	for (i = 0; i < f->n; i++)
		if (f->seg[i].field && !in_sorted(fields, f->seg[i].field))
			return f->seg[i].field;
	return NULL;
}

/*
 * Reports, at n where it was written, a {field} of f that the record
 * type does not have: caught when the template is checked, not halfway
 * through a render.  Once a place (a table column is one for all its
 * rows).
 */
/* Notes the fields f prints for the element being compiled, each once. */
static void
note_fields(struct ctx *cx, const struct fmt *f)
{
	int i, k;

	for (i = 0; i < f->n; i++) {
		if (f->seg[i].field == NULL)
			continue;
		for (k = 0; k < cx->nused; k++)
			if (strcmp(cx->used[k], f->seg[i].field) == 0)
				break;
		if (k < cx->nused) {
			cx->shown[k] |= !cx->quiet;
			continue;
		}
		if (cx->nused == cx->capused) {
			cx->capused = cx->capused ? cx->capused * 2 : 16;
			cx->used = xrealloc(cx->used, (size_t)cx->capused *
			    sizeof(*cx->used));
			cx->shown = xrealloc(cx->shown, (size_t)cx->capused);
		}
		cx->shown[cx->nused] = !cx->quiet;
		cx->used[cx->nused++] = f->seg[i].field;
	}
}

/*
 * The column of segment k of f in n as written: the brace of "{field}"
 * on a scalar of one line whose text before it holds no escape or quote
 * (a quoted scalar starts one column in); n's own column otherwise.
 */
static int
field_col(const struct node *n, const struct fmt *f, int k)
{
	char pat[128];
	const char *s = n->str, *p;
	size_t chars = 0;

	if (strchr(s, '\n') || snprintf(pat, sizeof(pat), "{%s}",
	    f->seg[k].field) >= (int)sizeof(pat) || (p = strstr(s, pat)) ==
	    NULL)
		return n->col;
	for (; s < p; s++) {
		if (*s == '\\' || *s == '"' || *s == '\'')
			return n->col;
		if (((unsigned char)*s & 0xc0) != 0x80)
			chars++;
	}
	return n->col + (n->plain ? 0 : 1) + (int)chars;
}

void
check_fmt(struct ctx *cx, const struct node *n, const struct fmt *f)
{
	struct sbuf hint = SBUF_INIT;
	const char *field;
	int k;

	note_fields(cx, f);
	for (k = 0; k < f->n; k++)
		if (f->seg[k].field) {
			struct field_place *at;

			if (cx->nnamed == cx->capnamed) {
				cx->capnamed = cx->capnamed ? cx->capnamed * 2 :
				    64;
				cx->named = xrealloc(cx->named,
				    (size_t)cx->capnamed * sizeof(*cx->named));
				cx->named_at = xrealloc(cx->named_at,
				    (size_t)cx->capnamed *
				    sizeof(*cx->named_at));
			}
			at = &cx->named_at[cx->nnamed];
			at->file = n ? arena_strdup(cx->a, n->file) :
			    cx->t->file;
			at->line = n ? n->line : 0;
			at->col = n ? field_col(n, f, k) : 0;
			cx->named[cx->nnamed++] = f->seg[k].field;
		}
	if (cx->fields == NULL || n == NULL ||
	    (field = unknown_field(f, cx->fields)) == NULL)
		return;
	for (k = 0; k < cx->ntold; k++)
		if (cx->told[k] == n)
			return;
	cx->told = xrealloc(cx->told, (size_t)(cx->ntold + 1) *
	    sizeof(*cx->told));
	cx->told[cx->ntold++] = n;
	diag(L_ERROR, "template.field", n, "element '%s' names field '{%s}', "
	    "which %s records do not have%s", cx->el, field, cx->t->type,
	    sb_hint(&hint, field, cx->fields, 0));
	sb_release(&hint);
	cx->errors++;
}

/* A field named and the order it was named in. */
struct named_one {
	const char *name;
	int order;
};

static int
by_field(const void *a, const void *b)
{
	const struct named_one *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : x->order - y->order;
}

const char *const *
named_fields(struct ctx *cx, const struct field_place **at)
{
	const char **v = arena_alloc(cx->a, (size_t)(cx->nnamed + 1) *
	    sizeof(*v));
	struct field_place *pl = arena_alloc(cx->a, (size_t)(cx->nnamed + 1) *
	    sizeof(*pl));
	struct named_one *o = xcalloc((size_t)cx->nnamed + 1, sizeof(*o));
	int i, n = 0;

	for (i = 0; i < cx->nnamed; i++) {
		o[i].name = cx->named[i];
		o[i].order = i;
	}
	if (cx->nnamed)
		qsort(o, (size_t)cx->nnamed, sizeof(*o), by_field);
	/* Each once, at the place it was first named. */
	for (i = 0; i < cx->nnamed; i++)
		if (n == 0 || strcmp(v[n - 1], o[i].name) != 0) {
			pl[n] = cx->named_at[o[i].order];
			v[n++] = o[i].name;
		}
	v[n] = NULL;
	free(o);
	free(cx->named);
	free(cx->named_at);
	cx->named = NULL;
	cx->named_at = NULL;
	*at = pl;
	return v;
}
