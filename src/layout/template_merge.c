/*
 * layout/template_merge.c -- merging the elements of a template's
 * extends: chain by name (template.c reads the chain): an extending
 * layer overrides, removes or adds an element, and a name that matches
 * nothing below it is told with the nearest one.
 */
#include "template_impl.h"

#include <stdlib.h>
#include <string.h>

#include "../arena.h"
#include "../diag.h"
#include "../doc.h"
#include "../util.h"

const struct node *
el_get(const struct proto *p, const char *key)
{
	int i;

	for (i = p->nl; i-- > 0;) {
		const struct node *v = node_get(p->layer[i], key);

		if (v && !v->bad)
			return v;
	}
	return NULL;
}

const char *
el_str(const struct proto *p, const char *key, const char *dflt)
{
	return node_str(el_get(p, key), dflt);
}


/* Whether name is one of family's parts: "cv.label" of "cv". */
static int
part_of(const char *name, const char *family)
{
	size_t n = strlen(family);

	return strncmp(name, family, n) == 0 && name[n] == '.';
}

/* The node that names element m (name:, box:, line: or table:), else m. */
static const struct node *
name_node(const struct node *m)
{
	static const char *const keys[] = { "name", "box", "line", "table" };
	size_t i;

	for (i = 0; i < NELEM(keys); i++)
		if (get_str(m, keys[i], NULL) != NULL)
			return node_get(m, keys[i]);
	return m;
}

/*
 * Reports that layer l of c overrides (or removes) name, which no
 * element of v (those below it, and its own so far) has, with the
 * nearest name v has as a suggestion.
 */
static void
unknown_element(const struct chain *c, int l, const struct proto *v, int n,
    const char *name, const struct node *m, int removing)
{
	struct sbuf hint = SBUF_INIT;
	const char **names = xcalloc((size_t)n + 1, sizeof(*names));
	const char *base = get_str(c->doc[l], "extends", "?");
	int i, k = 0;

	for (i = 0; i < n; i++)
		if (!v[i].removed && v[i].name[0] != '#')
			names[k++] = v[i].name;
	names[k] = NULL;
	if (name[0] == '#')
		diag(L_ERROR, "template.unknown-element", m, "an element with "
		    "no name overrides nothing of '%s', which this template "
		    "extends: name the element it changes, or say new: true "
		    "to add it", base);
	else if (removing)
		diag(L_ERROR, "template.unknown-element", name_node(m), "'%s' "
		    "to remove names no element of '%s', which this template "
		    "extends, nor any '%s.*'%s", name, base, name,
		    sb_hint(&hint, name, names, 0));
	else
		diag(L_ERROR, "template.unknown-element", name_node(m), "'%s' "
		    "names no element of '%s', which this template extends: "
		    "override one of its elements ('muster templates "
		    "--elements %s' lists them) or add one with new: true%s",
		    name, base, base, sb_hint(&hint, name, names, 0));
	sb_release(&hint);
	free(names);
}

/* The elements merged so far. */
struct merged {
	struct proto *v;
	int n, cap, unnamed;
};

/* The name of element m: name:, box:, line: or table:, else "#N". */
static const char *
el_name(const struct node *m, struct arena *a, int *unnamed)
{
	const char *name = get_str(m, "name", NULL);

	if (name == NULL &&
	    (name = get_str(m, "box", NULL)) == NULL &&
	    (name = get_str(m, "line", NULL)) == NULL &&
	    (name = get_str(m, "table", NULL)) == NULL)
		name = arena_printf(a, "#%d", ++*unnamed);
	return name;
}

/* Layer l's element m removes name (k its element still drawn, or
 * g->n) and its parts. */
static void
merge_remove(const struct chain *c, int l, struct merged *g, int k,
    const char *name, const struct node *m)
{
	struct proto *v = g->v;
	int q, parts = 0;

	for (q = 0; q < g->n; q++)
		if (!v[q].removed &&
		    part_of(v[q].name, name)) {
			v[q].removed = 1;
			parts++;
		}
	if (k < g->n) {
		/* Kept, so that a second of the name in
		 * this file is told. */
		if (v[k].nl < MAXCHAIN)
			v[k].layer[v[k].nl++] = m;
		v[k].removed = 1;
	} else if (parts == 0)
		unknown_element(c, l, v, g->n, name, m, 1);
}

/* Merges element m of layer l into g. */
static void
merge_one(const struct chain *c, int l, const struct node *m,
    struct merged *g, struct arena *a)
{
	const char *name = el_name(m, a, &g->unnamed);
	int k, n = g->n, isnew, rm;

	isnew = node_bool(node_get(m, "new"), 0);
	rm = node_bool(node_get(m, "remove"), 0);
	/* Each document has its own copy of its path. */
	for (k = 0; k < n; k++)
		if (strcmp(g->v[k].name, name) == 0 &&
		    g->v[k].layer[g->v[k].nl - 1]->file == m->file)
			break;
	if (k < n) {
		diag(L_ERROR, "template.invalid", m,
		    "a second element named '%s' (the first is "
		    "at line %d); give each its own name",
		    name, g->v[k].layer[g->v[k].nl - 1]->line);
		return;
	}
	/* The element of that name still drawn, if any. */
	for (k = 0; k < n; k++)
		if (!g->v[k].removed && strcmp(g->v[k].name, name) == 0)
			break;
	if (l > 0 && isnew && rm) {
		diag(L_ERROR, "template.invalid", m, "element "
		    "'%s' says both new: true and remove: true; "
		    "new: true adds an element, remove: true "
		    "drops one of the base's", name);
		return;
	}
	if (l > 0 && k < n && isnew) {
		diag(L_ERROR, "template.unknown-element",
		    name_node(m), "'%s' is an element of '%s' "
		    "already, which this template extends: leave "
		    "out new: true to override it, or give the new "
		    "element a name of its own", name,
		    get_str(c->doc[l], "extends", "?"));
		return;
	}
	if (l > 0 && rm) {
		merge_remove(c, l, g, k, name, m);
		return;
	}
	if (l > 0 && k == n && !isnew) {
		unknown_element(c, l, g->v, n, name, m, 0);
		return;
	}
	if (k == n) {
		if (n == g->cap) {
			g->cap = g->cap ? g->cap * 2 : 32;
			g->v = xrealloc(g->v, (size_t)g->cap * sizeof(*g->v));
		}
		memset(&g->v[n], 0, sizeof(g->v[n]));
		g->v[n].name = name;
		g->n++;
	}
	if (g->v[k].nl < MAXCHAIN)
		g->v[k].layer[g->v[k].nl++] = m;
	g->v[k].removed = rm;
}

/*
 * Collects the elements of every layer of the chain under key, base
 * first.  An extending layer overrides an element below it by name, or
 * removes it and its parts (NAME.*); a name it gives that none below
 * has is a typo unless the element says new: true.
 */
struct proto *
merge_elements(const struct chain *c, const char *key, int *np,
    struct arena *a)
{
	struct merged g = { NULL, 0, 0, 0 };
	int i;
	size_t j;

	for (i = 0; i < c->n; i++) {
		const struct node *list = node_get(c->doc[i], key);

		if (list == NULL || list->bad || list->type != N_SEQ)
			continue;
		for (j = 0; j < list->n; j++) {
			const struct node *m = list->kid[j];

			if (m->type != N_MAP || m->bad)
				continue;
			merge_one(c, i, m, &g, a);
		}
	}
	*np = g.n;
	return g.v;
}
