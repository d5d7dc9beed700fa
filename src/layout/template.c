/*
 * layout/template.c -- reading, merging (extends:) and compiling templates.
 */
#include "template.h"

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

#define MAXCHAIN 8	/* extends: depth */
#define MM (72.0 / 25.4)

const char *const *
template_dirs(void)
{
	return paths_search("templates");
}

static int
is_path(const char *s)
{
	return strchr(s, '/') != NULL || yaml_name(s);
}

/* The file for a template name, or NULL. */
static char *
find_template(const char *name)
{
	char buf[PATH_MAX];

	if (is_path(name))
		return xstrdup(name);
	snprintf(buf, sizeof(buf), "%s.yaml", name);
	return paths_find("templates", buf);
}

/* ---- small parsers ---- */

int
parse_length(const char *s, double whole, double *pt)
{
	char *end;
	double v;

	if (s == NULL || !strchr("0123456789+-.", *s) || *s == '\0' ||
	    strncmp(s, "0x", 2) == 0 || strncmp(s, "0X", 2) == 0)
		return 0;
	v = strtod(s, &end);
	if (end == s || !isfinite(v))
		return 0;
	while (*end == ' ')
		end++;
	if (strcmp(end, "mm") == 0)
		v *= MM;
	else if (strcmp(end, "cm") == 0)
		v *= 10 * MM;
	else if (strcmp(end, "in") == 0)
		v *= 72.0;
	else if (strcmp(end, "pt") == 0)
		;
	else if (strcmp(end, "%") == 0)
		v = v * whole / 100.0;
	else if (*end == '\0' && v == 0)
		;
	else
		return 0;
	if (v < -LENGTH_MAX || v > LENGTH_MAX)
		return -1;
	*pt = v;
	return 1;
}

double
template_stretch(double x, double l, double to, double s)
{
	if (2 * s >= l || 2 * s >= to)
		return x * to / l;
	if (x <= s)
		return x;
	if (x >= l - s)
		return to - (l - x);
	return s + (x - s) * (to - 2 * s) / (l - 2 * s);
}

int
parse_rgb(const char *s, struct rgb *out)
{
	static const struct { const char *name; unsigned v; } names[] = {
		{ "black", 0x000000 }, { "white", 0xffffff },
		{ "red", 0xc8102e }, { "green", 0x2e7d32 },
		{ "blue", 0x1f4e9a }, { "grey", 0x808080 },
		{ "gray", 0x808080 },
	};
	unsigned v;
	size_t i;

	for (i = 0; i < NELEM(names); i++)
		if (strcmp(s, names[i].name) == 0) {
			v = names[i].v;
			goto ok;
		}
	if (s[0] != '#' || strlen(s) != 7 || strspn(s + 1,
	    "0123456789abcdefABCDEF") != 6)
		return 0;
	v = (unsigned)strtoul(s + 1, NULL, 16);
ok:
	out->r = (float)((v >> 16) & 0xff) / 255.0f;
	out->g = (float)((v >> 8) & 0xff) / 255.0f;
	out->b = (float)(v & 0xff) / 255.0f;
	return 1;
}

/* Compiles "A {name} ({side})" into segments; "{{" is a literal brace. */
static int
compile_fmt(struct arena *a, const char *s, struct fmt *f)
{
	struct seg tmp[64];
	const char *p = s, *lit = s;
	int n = 0;

	f->seg = NULL;
	f->n = 0;
	while (*p) {
		if (p[0] == '{' && p[1] == '{') {
			if (n == 64)
				return -1;
			tmp[n].lit = lit;
			tmp[n].len = (size_t)(p + 1 - lit);
			tmp[n++].field = NULL;
			p += 2;
			lit = p;
			continue;
		}
		if (*p == '{') {
			const char *end = strchr(p, '}');

			if (end == NULL || end == p + 1 || n >= 63)
				return -1;
			if (p > lit) {
				tmp[n].lit = lit;
				tmp[n].len = (size_t)(p - lit);
				tmp[n++].field = NULL;
			}
			tmp[n].lit = NULL;
			tmp[n].len = 0;
			tmp[n++].field = arena_strndup(a, p + 1,
			    (size_t)(end - p - 1));
			p = lit = end + 1;
			continue;
		}
		p++;
	}
	if (p > lit) {
		if (n == 64)
			return -1;
		tmp[n].lit = lit;
		tmp[n].len = (size_t)(p - lit);
		tmp[n++].field = NULL;
	}
	if (n) {
		int i;

		f->seg = arena_alloc(a, (size_t)n * sizeof(*f->seg));
		for (i = 0; i < n; i++) {
			f->seg[i] = tmp[i];
			if (tmp[i].lit)
				f->seg[i].lit = arena_strndup(a, tmp[i].lit,
				    tmp[i].len);
		}
	}
	f->n = n;
	return 0;
}

void
fmt_expand(const struct fmt *f, const struct record *r, struct sbuf *sb,
    const char **missing)
{
	int i;

	for (i = 0; i < f->n; i++) {
		const struct seg *s = &f->seg[i];

		if (s->lit) {
			sb_add(sb, s->lit, s->len);
		} else {
			const char *v = rec_get(r, s->field);

			if (v)
				sb_adds(sb, v);
			else if (missing && *missing == NULL)
				*missing = s->field;
		}
	}
}

/* ---- schema ---- */

static const struct skey k_len[] = { K_STR("length", REQ) };
static const struct skey k_column_keys[] = {
	K_STR("text", REQ),
	K_STR("width", REQ),
	K_STR("align", OPT),
	K_STR("font", OPT),
	K_NUM("pt", OPT, 1, 200),
	K_NUM("min_pt", OPT, 1, 200),
	K_STR("colour", OPT),
	K_STR("color", OPT),
	K_END
};
static const struct skey k_column[] = { K_MAP("column", REQ, k_column_keys) };
static const struct skey k_row[] = { K_STR("row", REQ) };

/* How an image fills its box (FIT_CONTAIN, FIT_COVER). */
static const char *const fits[] = { "contain", "cover", NULL };

static const struct skey k_elem_keys[] = {
	K_STR("name", OPT),
	K_STR("box", OPT),
	K_STR("text", OPT),
	K_STR("line", OPT),
	K_STR("table", OPT),
	K_STR("widget", OPT),
	K_SEQ("at", OPT, 2, 2, k_len),
	K_SEQ("size", OPT, 2, 2, k_len),
	K_SEQ("to", OPT, 2, 2, k_len),
	K_STR("when", OPT),
	K_STR("unless", OPT),
	K_STR("fill", OPT),
	K_STR("stroke", OPT),
	K_STR("stroke_width", OPT),
	K_STR("radius", OPT),
	K_STR("dash", OPT),
	K_BOOL("bleed", OPT),
	K_STR("font", OPT),
	K_NUM("pt", OPT, 1, 200),
	K_NUM("min_pt", OPT, 1, 200),
	K_STR("align", OPT),
	K_STR("valign", OPT),
	K_STR("colour", OPT),
	K_STR("color", OPT),
	K_BOOL("wrap", OPT),
	K_NUM("leading", OPT, 0.5, 3),
	K_STR("value", OPT),
	K_STR("direction", OPT),
	K_SEQ("rows", OPT, 1, 64, k_row),
	K_STR("row_height", OPT),
	K_STR("stripe", OPT),
	K_SEQ("columns", OPT, 1, 32, k_column),
	K_BOOL("remove", OPT),
	K_BOOL("new", OPT),
	K_STR("min_card", OPT),
	K_STR("image", OPT),
	K_ENUM("fit", OPT, fits),
	K_END
};
static const struct skey k_elem[] = { K_MAP("element", REQ, k_elem_keys) };
static const char *const cuts[] = { "crop", "lines", "none", NULL };
static const char *const sizings[] = { "fixed", "counter", NULL };

static const struct skey k_renders_keys[] = {
	K_STR("system", REQ),
	K_STR("kind", REQ),
	K_STR("product", OPT),
	K_END
};
static const struct skey k_renders = K_MAP("renders", REQ, k_renders_keys);
static const struct skey k_colour[] = { K_STR("colour", REQ) };
static const struct skey k_sizes[] = {
	K_SEQ("a4", OPT, 2, 2, k_len),
	K_SEQ("letter", OPT, 2, 2, k_len),
	K_END
};
static const struct skey k_fontname[] = { K_STR("font", REQ) };

static const struct skey k_template[] = {
	K_STR("template", REQ),
	K_STR("description", OPT),
	K_ANY("renders", OPT),
	K_STR("extends", OPT),
	K_SEQ("size", OPT, 2, 2, k_len),
	K_MAP("sizes", OPT, k_sizes),
	K_STR("gap", OPT),
	K_STR("safe", OPT),
	K_ENUM("cut", OPT, cuts),
	K_ENUM("sizing", OPT, sizings),
	K_NUM("min_pt", OPT, 1, 100),
	K_MAPANY("fonts", OPT, k_fontname),
	K_MAPANY("palette", OPT, k_colour),
	K_SEQ("elements", OPT, 0, 2000, k_elem),
	K_SEQ("back", OPT, 0, 2000, k_elem),
	K_END
};

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char **
template_names(void)
{
	const char *const *dir;
	char **names = NULL;
	size_t n = 0, j;

	/* The first folder that has a name wins, as when loading. */
	for (dir = template_dirs(); *dir; dir++) {
		struct dirent *de;
		DIR *d = opendir(*dir);

		if (d == NULL)
			continue;
		while ((de = readdir(d)) != NULL) {
			size_t len = strlen(de->d_name);

			if (de->d_name[0] == '.' || len < 6 ||
			    strcmp(de->d_name + len - 5, ".yaml") != 0)
				continue;
			for (j = 0; j < n; j++)
				if (strncmp(names[j], de->d_name, len - 5) == 0 &&
				    names[j][len - 5] == '\0')
					break;
			if (j < n)
				continue;
			names = xrealloc(names, (n + 2) * sizeof(*names));
			names[n++] = xstrndup(de->d_name, len - 5);
		}
		closedir(d);
	}
	if (n)
		qsort(names, n, sizeof(*names), by_name);
	else
		names = xcalloc(1, sizeof(*names));
	names[n] = NULL;
	return names;
}

void
template_names_free(char **names)
{
	size_t i;

	for (i = 0; names && names[i]; i++)
		free(names[i]);
	free(names);
}

const struct skey *
template_keys(void)
{
	return k_template;
}

/* ---- the extends: chain ---- */

struct chain {
	struct reader *rd[MAXCHAIN];
	struct arena *ar[MAXCHAIN];
	const struct node *doc[MAXCHAIN];	/* base first */
	char *file[MAXCHAIN];
	int n;
};

static const struct node *
top_get(const struct chain *c, const char *key)
{
	int i;

	for (i = c->n; i-- > 0;) {
		const struct node *v = node_get(c->doc[i], key);

		if (v && !v->bad)
			return v;
	}
	return NULL;
}

static void
chain_release(struct chain *c)
{
	int i;

	for (i = 0; i < c->n; i++) {
		reader_close(c->rd[i]);
		arena_free(c->ar[i]);
		free(c->file[i]);
	}
	c->n = 0;
}

/* Reads name and its ancestors, base first.  Returns -1 on any problem. */
static int
read_chain(struct chain *c, const char *name, const struct node *from)
{
	const struct node *doc, *ext;
	struct reader *rd;
	struct arena *a;
	char *file, *real;
	int i, errs;
	struct skey top = K_MAP("", REQ, k_template);

	/* What extends: names is read only if it is YAML: no other file
	 * (a key, /etc/passwd) is opened and quoted in a message. */
	if (from && is_path(name) && !yaml_name(name)) {
		diag(L_ERROR, "template.invalid", from, "'%s' is not a .yaml "
		    "file; extends: names a template or a template file",
		    name);
		return -1;
	}
	file = find_template(name);
	if (file == NULL) {
		struct sbuf sb = SBUF_INIT;
		const char *const *d;

		for (d = template_dirs(); *d; d++)
			sb_addf(&sb, "%s%s", d == template_dirs() ? "" : ", ",
			    *d);
		if (from)
			diag(L_ERROR, "template.invalid", from,
			    "template '%s' is not in %s; 'muster templates' "
			    "lists them", name, sb.buf);
		else
			diag_at(L_FATAL, "template.invalid", NULL, 0, 0,
			    "template '%s' is not in %s; 'muster templates' "
			    "lists them", name, sb.buf);
		sb_release(&sb);
		return -1;
	}
	/* The same file by any name is a loop. */
	real = realpath(file, NULL);
	/* A link named .yaml is read only if what it leads to is, too. */
	if (from && is_path(name) && real && !yaml_name(real)) {
		diag(L_ERROR, "template.invalid", from, "'%s' is a link to a file "
		    "that is not .yaml; extends: names a template or a template "
		    "file", name);
		free(real);
		free(file);
		return -1;
	}
	for (i = 0; real && i < c->n; i++) {
		char *other = realpath(c->file[i], NULL);
		int same = other && strcmp(other, real) == 0;

		free(other);
		if (same) {
			diag(L_ERROR, "template.invalid", from,
			    "template '%s' extends itself", name);
			free(real);
			free(file);
			return -1;
		}
	}
	free(real);
	if (c->n == MAXCHAIN) {
		diag(L_ERROR, "template.invalid", from,
		    "templates extend each other more than %d deep", MAXCHAIN);
		free(file);
		return -1;
	}
	rd = reader_open(file);
	if (rd == NULL) {
		free(file);
		return -1;
	}
	a = arena_new();
	doc = reader_next(rd, a);
	if (doc == NULL) {
		if (!reader_failed(rd))
			diag_at(L_ERROR, "yaml.empty", file, 0, 0,
			    "template file holds no document");
		reader_close(rd);
		arena_free(a);
		free(file);
		return -1;
	}
	errs = schema_check(doc, &top, "");
	if ((ext = node_get(doc, "renders")) != NULL && ext->type == N_MAP)
		errs += schema_check(ext, &k_renders, "renders");
	/* One template a file: a second document would pass unread. */
	if ((ext = reader_next(rd, a)) != NULL) {
		diag(L_ERROR, "template.invalid", ext, "a template file holds "
		    "one template; put this second document in a file of its "
		    "own");
		errs++;
	} else if (reader_failed(rd))
		errs++;
	/* Shift the others up: the base goes first. */
	memmove(c->rd + 1, c->rd, (size_t)c->n * sizeof(c->rd[0]));
	memmove(c->ar + 1, c->ar, (size_t)c->n * sizeof(c->ar[0]));
	memmove(c->doc + 1, c->doc, (size_t)c->n * sizeof(c->doc[0]));
	memmove(c->file + 1, c->file, (size_t)c->n * sizeof(c->file[0]));
	c->rd[0] = rd;
	c->ar[0] = a;
	c->doc[0] = doc;
	c->file[0] = file;
	c->n++;
	if (errs)
		return -1;
	ext = node_get(doc, "extends");
	if (ext && !ext->bad) {
		/* A relative path is relative to the extending template. */
		if (is_path(ext->str) && ext->str[0] != '/') {
			char buf[PATH_MAX], *slash;

			snprintf(buf, sizeof(buf), "%s", file);
			slash = strrchr(buf, '/');
			if (slash) {
				slash[1] = '\0';
				strncat(buf, ext->str,
				    sizeof(buf) - strlen(buf) - 1);
				return read_chain(c, buf, ext);
			}
		}
		return read_chain(c, ext->str, ext);
	}
	return 0;
}

/* ---- elements ---- */

struct proto {
	const char *name;
	const struct node *layer[MAXCHAIN];
	int nl;
	int removed;
};

static const struct node *
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

static const char *
el_str(const struct proto *p, const char *key, const char *dflt)
{
	return node_str(el_get(p, key), dflt);
}

static const char *const types[] = {
	"box", "text", "line", "table", "widget", "image", NULL
};

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

/*
 * Collects the elements of every layer of the chain under key, base
 * first.  An extending layer overrides an element below it by name, or
 * removes it and its parts (NAME.*); a name it gives that none below
 * has is a typo unless the element says new: true.
 */
static struct proto *
merge_elements(const struct chain *c, const char *key, int *np,
    struct arena *a)
{
	struct proto *v = NULL;
	int n = 0, cap = 0, i, unnamed = 0;
	size_t j;

	for (i = 0; i < c->n; i++) {
		const struct node *list = node_get(c->doc[i], key);

		if (list == NULL || list->bad || list->type != N_SEQ)
			continue;
		for (j = 0; j < list->n; j++) {
			const struct node *m = list->kid[j];
			const char *name = get_str(m, "name", NULL);
			int k, isnew, rm, parts = 0;

			if (m->type != N_MAP || m->bad)
				continue;
			if (name == NULL &&
			    (name = get_str(m, "box", NULL)) == NULL &&
			    (name = get_str(m, "line", NULL)) == NULL &&
			    (name = get_str(m, "table", NULL)) == NULL)
				name = arena_printf(a, "#%d", ++unnamed);
			isnew = node_bool(node_get(m, "new"), 0);
			rm = node_bool(node_get(m, "remove"), 0);
			/* Each document has its own copy of its path. */
			for (k = 0; k < n; k++)
				if (strcmp(v[k].name, name) == 0 &&
				    v[k].layer[v[k].nl - 1]->file == m->file)
					break;
			if (k < n) {
				diag(L_ERROR, "template.invalid", m,
				    "a second element named '%s' (the first is "
				    "at line %d); give each its own name",
				    name, v[k].layer[v[k].nl - 1]->line);
				continue;
			}
			/* The element of that name still drawn, if any. */
			for (k = 0; k < n; k++)
				if (!v[k].removed && strcmp(v[k].name, name) == 0)
					break;
			if (i > 0 && isnew && rm) {
				diag(L_ERROR, "template.invalid", m, "element "
				    "'%s' says both new: true and remove: true; "
				    "new: true adds an element, remove: true "
				    "drops one of the base's", name);
				continue;
			}
			if (i > 0 && k < n && isnew) {
				diag(L_ERROR, "template.unknown-element",
				    name_node(m), "'%s' is an element of '%s' "
				    "already, which this template extends: leave "
				    "out new: true to override it, or give the new "
				    "element a name of its own", name,
				    get_str(c->doc[i], "extends", "?"));
				continue;
			}
			if (i > 0 && rm) {
				int q;

				for (q = 0; q < n; q++)
					if (!v[q].removed &&
					    part_of(v[q].name, name)) {
						v[q].removed = 1;
						parts++;
					}
				if (k < n) {
					/* Kept, so that a second of the name in
					 * this file is told. */
					if (v[k].nl < MAXCHAIN)
						v[k].layer[v[k].nl++] = m;
					v[k].removed = 1;
				} else if (parts == 0)
					unknown_element(c, i, v, n, name, m, 1);
				continue;
			}
			if (i > 0 && k == n && !isnew) {
				unknown_element(c, i, v, n, name, m, 0);
				continue;
			}
			if (k == n) {
				if (n == cap) {
					cap = cap ? cap * 2 : 32;
					v = xrealloc(v, (size_t)cap * sizeof(*v));
				}
				memset(&v[n], 0, sizeof(v[n]));
				v[n].name = name;
				n++;
			}
			if (v[k].nl < MAXCHAIN)
				v[k].layer[v[k].nl++] = m;
			v[k].removed = rm;
		}
	}
	*np = n;
	return v;
}

struct ctx {
	struct template *t;
	struct arena *a;
	int errors;
	/* elements being built */
	struct elem *v;
	int n, cap;
	/* the record type's fields (NULL: not checked), the element being
	 * compiled, and the places already reported */
	const char *const *fields;
	const char *el;
	const struct node **told;
	int ntold;
	/* the elements as the files name them, the one being compiled
	 * last, and the fields it prints so far */
	struct el_info *info;
	int ninfo, capinfo, back;
	const char **used;
	int nused, capused;
	/* each layer of the chain, base first: the path its nodes carry,
	 * and the card size its lengths were written for */
	int nl;
	const char *lfile[MAXCHAIN];
	double lw[MAXCHAIN], lh[MAXCHAIN];
	/* every field named, for the template's list (in the arena) */
	const char **named;
	int nnamed, capnamed;
};

static void
bad(struct ctx *cx, const struct node *at, const char *fmt, ...)
    ATTR_PRINTF(3, 4);

static void
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
		if (k < cx->nused)
			continue;
		if (cx->nused == cx->capused) {
			cx->capused = cx->capused ? cx->capused * 2 : 16;
			cx->used = xrealloc(cx->used, (size_t)cx->capused *
			    sizeof(*cx->used));
		}
		cx->used[cx->nused++] = f->seg[i].field;
	}
}

static void
check_fmt(struct ctx *cx, const struct node *n, const struct fmt *f)
{
	struct sbuf hint = SBUF_INIT;
	const char *field;
	int k;

	note_fields(cx, f);
	for (k = 0; k < f->n; k++)
		if (f->seg[k].field) {
			if (cx->nnamed == cx->capnamed) {
				cx->capnamed = cx->capnamed ? cx->capnamed * 2 :
				    64;
				cx->named = xrealloc(cx->named,
				    (size_t)cx->capnamed * sizeof(*cx->named));
			}
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

static double
length(struct ctx *cx, const struct node *n, double whole, double dflt)
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
	double v = length(cx, n, 0, dflt);

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
	double v = length(cx, n, whole, dflt);

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
	double a = length(cx, at, side(cx, la, axis), 0), v;

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
		else
			check_fmt(cx, n, &c->field);
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
	bad(cx, n, "font '%s' is not in the template's fonts (%s)", n->str,
	    sb_str(&sb));
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
	else
		check_fmt(cx, n, f);
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

	return length(cx, n, 0, 0) * cx->t->w / side(cx, l, 0);
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
			const char *text = get_str(cm, "text", "");
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
			const struct node *col;

			if (compile_fmt(cx->a, dollar(cx, text, rowname),
			    &e->text) < 0)
				bad(cx, cm, "text '%s' has an unclosed {", text);
			else
				check_fmt(cx, node_get(cm, "text"), &e->text);
			col = node_get(cm, "colour") ? node_get(cm, "colour") :
			    node_get(cm, "color") ? node_get(cm, "color") :
			    el_get(p, "colour") ? el_get(p, "colour") :
			    el_get(p, "color");
			text_style(cx, e, node_get(cm, "font") ?
			    node_get(cm, "font") : el_get(p, "font"),
			    node_get(cm, "pt") ? node_get(cm, "pt") :
			    el_get(p, "pt"), node_get(cm, "min_pt") ?
			    node_get(cm, "min_pt") : el_get(p, "min_pt"), NULL,
			    dl);
			if (col && !col->bad)
				colour_str(cx, col, dollar(cx, col->str, rowname),
				    &e->colour);
			e->halign = align(cx, node_get(cm, "align"), 0,
			    ALIGN_CENTER);
			e->valign = ALIGN_CENTER;
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
	int i;

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
}

static void
compile_elem(struct ctx *cx, const struct proto *p)
{
	const struct node *tn = NULL, *n, *at, *size;
	const struct widget *wd = NULL;
	struct elem *e;
	struct origin o;
	int type = -1, i, dl = layer_of(cx, p->layer[0], 0);
	double w = cx->t->w, h = cx->t->h;

	for (i = 0; types[i]; i++)
		if ((n = node_get(p->layer[0], types[i])) != NULL) {
			if (tn) {
				bad(cx, n, "element '%s' is both %s %s and %s %s; "
				    "give one of box, text, line, table, widget, "
				    "image", cx->el, article(types[type]),
				    types[type], article(types[i]), types[i]);
				return;
			}
			tn = n;
			type = i;
		}
	if (tn == NULL) {
		bad(cx, p->layer[0], "element '%s' must be one of box, text, "
		    "line, table, widget, image (a key naming what it is)",
		    cx->el);
		return;
	}
	if (type == 4 && (wd = widget_find(tn->str)) == NULL) {
		struct sbuf sb = SBUF_INIT;

		sb_list(&sb, widget_names());
		bad(cx, tn, "widget '%s' is not one of %s", tn->str, sb.buf);
		sb_release(&sb);
		return;
	}
	check_keys(cx, p, type, wd);
	/* A box runs right and down from at:; without a size, it covers
	 * the card. */
	if ((at = el_get(p, "at")) != NULL && (at->type != N_SEQ || at->n != 2))
		at = NULL;
	if ((size = el_get(p, "size")) != NULL &&
	    (size->type != N_SEQ || size->n != 2))
		size = NULL;
	span(cx, at ? at->kid[0] : NULL, size ? size->kid[0] : NULL, 0, dl,
	    &o.x, &w, &o.rx, &o.lx);
	span(cx, at ? at->kid[1] : NULL, size ? size->kid[1] : NULL, 1, dl,
	    &o.y, &h, &o.ry, &o.ly);
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
	e->stroke.rgb = (struct rgb){ 0, 0, 0 };
	colour(cx, el_get(p, "fill"), &e->fill, 1);
	colour(cx, el_get(p, "stroke"), &e->stroke, type != 0);
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
		if (compile_fmt(cx->a, el_str(p, "text", ""), &e->text) < 0)
			bad(cx, el_get(p, "text"), "text '%s' has an unclosed "
			    "{ (write {{ for a brace)", el_str(p, "text", ""));
		else
			check_fmt(cx, el_get(p, "text"), &e->text);
		break;
	case 2:
		e->type = EL_LINE;
		e->x2 = e->x;
		e->y2 = e->y;
		if ((n = el_get(p, "to")) != NULL && n->type == N_SEQ &&
		    n->n == 2) {
			int l = layer_of(cx, n, dl);

			e->x2 = place(cx, l, 0, length(cx, n->kid[0],
			    side(cx, l, 0), 0));
			e->y2 = place(cx, l, 1, length(cx, n->kid[1],
			    side(cx, l, 1), 0));
		}
		if (e->stroke.none && !e->stroke.field.n)
			e->stroke.none = 0;
		break;
	case 4: {
		struct sbuf why = SBUF_INIT;

		e->type = EL_WIDGET;
		e->widget = wd;
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
		break;
	}
	case 5:
		/* A path, fixed or from fields; a fixed one is relative to
		 * the template file that wrote it, kept with its place. */
		e->type = EL_IMAGE;
		n = el_get(p, "image");
		e->fit = str_index(fits, el_str(p, "fit", "contain"));
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
		break;
	}
	/* Text near the trim may be cut off by an imprecise guillotine.
	 * Said of the layer that placed it last, once the sizes are right. */
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

/*
 * The record type renders: names, as a record type ("shellshock.card")
 * or as {system, kind[, product]}; NULL (reported) when there is none.
 */
static const char *
renders(struct ctx *cx, const struct node *rend, const struct node *doc,
    const struct vocab *v)
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

/* The palette: every layer's, a later one replacing an earlier name. */
static void
compile_palette(struct ctx *cx, const struct chain *c)
{
	struct template *t = cx->t;
	int l, k, cap = 0;
	size_t i;

	for (l = 0; l < c->n; l++) {
		const struct node *pal = node_get(c->doc[l], "palette");

		if (pal == NULL || pal->bad || pal->type != N_MAP)
			continue;
		for (i = 0; i < pal->n; i++) {
			const char *name = MAP_KEY(pal, i)->str;
			const struct node *val = MAP_VAL(pal, i);
			struct rgb rgb;

			if (val->bad)
				continue;
			if (!parse_rgb(val->str, &rgb)) {
				bad(cx, val, "palette colour '%s' must be #rrggbb "
				    "or one of black, white, red, green, blue, "
				    "grey", val->str);
				continue;
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

static void
compile_size(struct ctx *cx, const struct node *n, double *w, double *h)
{
	if (n == NULL || n->bad || n->type != N_SEQ || n->n != 2)
		return;
	int before = cx->errors;

	*w = length(cx, n->kid[0], 0, 0);
	*h = length(cx, n->kid[1], 0, 0);
	if (cx->errors > before) {
		*w = *h = 144;
		return;
	}
	if (*w < 36 || *h < 36 || *w > 2000 || *h > 2000) {
		bad(cx, n, "card size must be between 0.5 in and 27 in each way");
		*w = *h = 144;
	}
}

static int
by_field(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The fields the elements named, sorted, each once, in the arena. */
static const char *const *
named_fields(struct ctx *cx)
{
	const char **v = arena_alloc(cx->a, (size_t)(cx->nnamed + 1) *
	    sizeof(*v));
	int i, n = 0;

	if (cx->nnamed)
		qsort(cx->named, (size_t)cx->nnamed, sizeof(*cx->named),
		    by_field);
	for (i = 0; i < cx->nnamed; i++)
		if (n == 0 || strcmp(v[n - 1], cx->named[i]) != 0)
			v[n++] = cx->named[i];
	v[n] = NULL;
	free(cx->named);
	cx->named = NULL;
	return v;
}

struct template *
template_load(const char *name, const struct vocab *v)
{
	struct chain c;
	struct template *t;
	struct ctx cx;
	const struct node *n, *rend;
	int errors_before = diag_raised(L_ERROR) + diag_raised(L_FATAL);
	size_t i;

	memset(&c, 0, sizeof(c));
	if (read_chain(&c, name, NULL) < 0) {
		chain_release(&c);
		return NULL;
	}
	t = xcalloc(1, sizeof(*t));
	t->arena = arena_new();
	memset(&cx, 0, sizeof(cx));
	cx.t = t;
	cx.a = t->arena;
	t->file = arena_strdup(t->arena, c.file[c.n - 1]);
	t->name = arena_strdup(t->arena, get_str(c.doc[c.n - 1], "template",
	    name));
	t->description = arena_strdup(t->arena, node_str(top_get(&c,
	    "description"), ""));
	rend = top_get(&c, "renders");
	t->type = renders(&cx, rend, c.doc[c.n - 1], v);
	/* An extension keeps its base's record type: the base's elements
	 * name that type's fields, and each would be told in the base's
	 * file, not at the renders: that made them wrong. */
	for (i = (size_t)c.n - 1; t->type && i-- > 0;) {
		const struct node *br = node_get(c.doc[i], "renders");
		const char *bt;

		if (br == NULL || br->bad || br == rend)
			continue;
		if ((bt = renders(&cx, br, c.doc[i], v)) != NULL &&
		    strcmp(bt, t->type) != 0) {
			bad(&cx, rend, "renders %s, but '%s', which it extends, "
			    "renders %s: an extension keeps its base's record "
			    "type; to render %s, extend a template that does "
			    "('muster templates' lists them) or drop extends:",
			    t->type, get_str(c.doc[i], "template", "?"), bt,
			    t->type);
			template_free(t);
			chain_release(&c);
			return NULL;
		}
		break;
	}
	if (top_get(&c, "size") == NULL)
		bad(&cx, c.doc[c.n - 1], "template '%s' must give its card "
		    "size: size: [3.5in, 2in]", t->name);
	/*
	 * The card size each layer's lengths were written for, base first.
	 * size: replaces the sizes below it on every paper (a base's A4
	 * size was for the base's card); sizes: replaces those below it
	 * whole, its letter: the size on Letter.
	 */
	t->w = t->h = 144;
	for (int l = 0; l < c.n; l++) {
		if ((n = node_get(c.doc[l], "size")) != NULL && !n->bad) {
			compile_size(&cx, n, &t->w, &t->h);
			t->a4_w = t->a4_h = 0;
		}
		if ((n = node_get(c.doc[l], "sizes")) != NULL && !n->bad &&
		    n->type == N_MAP) {
			t->a4_w = t->a4_h = 0;
			compile_size(&cx, node_get(n, "a4"), &t->a4_w, &t->a4_h);
			compile_size(&cx, node_get(n, "letter"), &t->w, &t->h);
		}
		cx.lfile[l] = c.doc[l]->file;
		cx.lw[l] = t->w;
		cx.lh[l] = t->h;
	}
	cx.nl = c.n;
	t->gap = length(&cx, top_get(&c, "gap"), 0, 0);
	t->safe = length(&cx, top_get(&c, "safe"), 0, 0);
	t->cut = str_index(cuts, node_str(top_get(&c, "cut"), "crop"));
	t->counter = str_index(sizings, node_str(top_get(&c, "sizing"),
	    "fixed")) == 1;
	t->min_pt = node_double(top_get(&c, "min_pt"), 5);

	/* Fonts: every layer's, a later one replacing an earlier key. */
	t->fonts = arena_alloc(t->arena, 16 * sizeof(*t->fonts));
	for (int l = 0; l < c.n; l++) {
		const struct node *f = node_get(c.doc[l], "fonts");

		if (f == NULL || f->bad || f->type != N_MAP)
			continue;
		for (i = 0; i < f->n; i++) {
			const char *key = MAP_KEY(f, i)->str;
			const char *pat = node_str(MAP_VAL(f, i), NULL);
			int k;

			if (pat == NULL)
				continue;
			for (k = 0; k < t->nfonts; k++)
				if (strcmp(t->fonts[k].key, key) == 0)
					break;
			if (k == 16) {
				bad(&cx, MAP_KEY(f, i), "a template may name at "
				    "most 16 fonts");
				break;
			}
			if (k == t->nfonts)
				t->nfonts++;
			t->fonts[k].key = arena_strdup(t->arena, key);
			t->fonts[k].pattern = arena_strdup(t->arena, pat);
		}
	}
	if (t->nfonts == 0) {
		t->fonts[0].key = "body";
		t->fonts[0].pattern = "DejaVu Sans Condensed";
		t->nfonts = 1;
	}
	compile_palette(&cx, &c);
	if (v && t->type)
		cx.fields = v->fields(t->type);
	compile_list(&cx, &c, "elements", &t->front, &t->nfront);
	compile_list(&cx, &c, "back", &t->back, &t->nback);
	free(cx.told);
	free(cx.used);
	t->info = arena_alloc(t->arena, (size_t)(cx.ninfo ? cx.ninfo : 1) *
	    sizeof(*t->info));
	if (cx.ninfo)
		memcpy(t->info, cx.info, (size_t)cx.ninfo * sizeof(*t->info));
	t->ninfo = cx.ninfo;
	free(cx.info);
	t->fields = named_fields(&cx);
	/* Strings the elements point at live in the chain's arenas: copy
	 * the few that survive (names) before releasing it. */
	for (int k = 0; k < t->nfront; k++)
		t->front[k].name = arena_strdup(t->arena, t->front[k].name);
	for (int k = 0; k < t->nback; k++)
		t->back[k].name = arena_strdup(t->arena, t->back[k].name);
	/* Nodes (e->at) are only used while loading. */
	for (int k = 0; k < t->nfront; k++)
		t->front[k].at = NULL;
	for (int k = 0; k < t->nback; k++)
		t->back[k].at = NULL;
	chain_release(&c);
	if (cx.errors || diag_raised(L_ERROR) + diag_raised(L_FATAL) >
	    errors_before) {
		template_free(t);
		return NULL;
	}
	return t;
}

void
template_free(struct template *t)
{
	if (t == NULL)
		return;
	arena_free(t->arena);
	free(t);
}
