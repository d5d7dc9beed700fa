/*
 * layout/template.c -- loading a template: finding its file by name,
 * the keys a template may have, reading it and its extends: chain
 * (base first, at most MAXCHAIN deep); template_merge.c merges the
 * chain's elements by name; then template_load() compiles the merged
 * template (template_compile.c) and checks its fields
 * (template_check.c).  What they share is template_impl.h.
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

const char *const *
template_dirs(void)
{
	return paths_search("templates");
}

void
template_not_in(struct sbuf *sb, const char *name)
{
	const char *const *d;

	sb_addf(sb, "template '%s' is not in ", name);
	for (d = template_dirs(); *d; d++)
		sb_addf(sb, "%s%s", d == template_dirs() ? "" : ", ", *d);
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
const char *const image_fits[] = { "contain", "cover", NULL };

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
	K_ENUM("fit", OPT, image_fits),
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
/* An inline icon's picture: a PNG or JPEG file, or a built-in symbol. */
static const struct skey k_icon[] = { K_STR("icon", REQ) };

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
	K_MAPANY("sides", OPT, k_colour),
	K_MAPANY("icons", OPT, k_icon),
	K_SEQ("elements", OPT, 0, 2000, k_elem),
	K_SEQ("back", OPT, 0, 2000, k_elem),
	K_END
};

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Whether the YAML file path is a template by its top-level keys: a
 * template: and no system: (a deck names its template too).  A
 * template folder (MUSTER_TEMPLATES) may be a project's, holding its
 * decks and units beside its templates: those are passed over.
 */
static int
is_template_file(const char *path)
{
	char line[256];
	FILE *f = fopen(path, "r");
	int n = 0, tmpl = 0, sys = 0;

	if (f == NULL)
		return 1;	/* told when it is loaded */
	while (n++ < 400 && fgets(line, sizeof(line), f)) {
		if (n > 1 && strncmp(line, "---", 3) == 0)
			break;
		if (strncmp(line, "template:", 9) == 0)
			tmpl = 1;
		else if (strncmp(line, "system:", 7) == 0)
			sys = 1;
	}
	fclose(f);
	return tmpl && !sys;
}

/* The files the last template_names() passed over, NULL-ended. */
static char **passed;
static size_t npassed;

const char *const *
template_names_passed(void)
{
	static const char *const none[] = { NULL };

	return passed ? (const char *const *)passed : none;
}

char **
template_names(void)
{
	const char *const *dir;
	char **names = NULL;
	size_t n = 0, j;
	char path[PATH_MAX];

	for (j = 0; j < npassed; j++)
		free(passed[j]);
	free(passed);
	passed = NULL;
	npassed = 0;

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
			snprintf(path, sizeof(path), "%s/%s", *dir,
			    de->d_name);
			if (!is_template_file(path)) {
				passed = xrealloc(passed, (npassed + 2) *
				    sizeof(*passed));
				passed[npassed++] = xstrdup(path);
				passed[npassed] = NULL;
				continue;
			}
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
	for (i = 0; i < npassed; i++)
		free(passed[i]);
	free(passed);
	passed = NULL;
	npassed = 0;
}

const struct skey *
template_keys(void)
{
	return k_template;
}

/* ---- the extends: chain ---- */


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

/* Tells that template name is in no template directory. */
static void
no_template(const char *name, const struct node *from)
{
	struct sbuf sb = SBUF_INIT;

	template_not_in(&sb, name);
	if (from)
		diag(L_ERROR, "template.invalid", from,
		    "%s; 'muster templates' lists them", sb.buf);
	else
		diag_at(L_FATAL, "template.invalid", NULL, 0, 0,
		    "%s; 'muster templates' lists them", sb.buf);
	sb_release(&sb);
}

/* Whether file (named name by extends: from) may join c: YAML behind any
 * link, not in c already (the same file by any name is a loop), and c
 * not full; -1 told. */
static int
chain_may_add(const struct chain *c, const char *name, const char *file,
    const struct node *from)
{
	char *real = realpath(file, NULL);
	int i;

	/* A link named .yaml is read only if what it leads to is, too. */
	if (from && is_path(name) && real && !yaml_name(real)) {
		diag(L_ERROR, "template.invalid", from, "'%s' is a link to a file "
		    "that is not .yaml; extends: names a template or a template "
		    "file", name);
		free(real);
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
			return -1;
		}
	}
	free(real);
	if (c->n == MAXCHAIN) {
		diag(L_ERROR, "template.invalid", from,
		    "templates extend each other more than %d deep", MAXCHAIN);
		return -1;
	}
	return 0;
}

/* Checks the template doc read by rd from a: its keys, and that it is
 * the file's only document.  The errors found. */
static int
check_template_doc(const struct node *doc, struct reader *rd,
    struct arena *a)
{
	struct skey top = K_MAP("", REQ, k_template);
	const struct node *ext;
	int errs;

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
	return errs;
}

/* Puts a layer under the others in c: the base goes first. */
static void
chain_push(struct chain *c, struct reader *rd, struct arena *a,
    const struct node *doc, char *file)
{
	memmove(c->rd + 1, c->rd, (size_t)c->n * sizeof(c->rd[0]));
	memmove(c->ar + 1, c->ar, (size_t)c->n * sizeof(c->ar[0]));
	memmove(c->doc + 1, c->doc, (size_t)c->n * sizeof(c->doc[0]));
	memmove(c->file + 1, c->file, (size_t)c->n * sizeof(c->file[0]));
	c->rd[0] = rd;
	c->ar[0] = a;
	c->doc[0] = doc;
	c->file[0] = file;
	c->n++;
}

static int read_chain(struct chain *c, const char *name,
    const struct node *from);

/* Reads what layer doc (from file) extends, if anything. */
static int
read_base(struct chain *c, const struct node *doc, const char *file)
{
	const struct node *ext = node_get(doc, "extends");

	if (ext == NULL || ext->bad)
		return 0;
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

/* Reads name and its ancestors, base first.  Returns -1 on any problem. */
static int
read_chain(struct chain *c, const char *name, const struct node *from)
{
	const struct node *doc;
	struct reader *rd;
	struct arena *a;
	char *file;
	int errs;

	/* What extends: names is read only if it is YAML: no other file
	 * (a key, /etc/passwd) is opened and quoted in a message. */
	if (from && is_path(name) && !yaml_name(name)) {
		diag(L_ERROR, "template.invalid", from, "'%s' is not a .yaml "
		    "file; extends: names a template or a template file",
		    name);
		return -1;
	}
	if ((file = find_template(name)) == NULL) {
		no_template(name, from);
		return -1;
	}
	if (chain_may_add(c, name, file, from) < 0 ||
	    (rd = reader_open(file)) == NULL) {
		free(file);
		return -1;
	}
	a = arena_new();
	doc = reader_next(rd, a);
	if (doc == NULL) {
		if (!reader_failed(rd))
			diag_at(L_ERROR, "yaml.empty", file, 1, 1,
			    "template file holds no document");
		reader_close(rd);
		arena_free(a);
		free(file);
		return -1;
	}
	errs = check_template_doc(doc, rd, a);
	chain_push(c, rd, a, doc, file);
	if (errs)
		return -1;
	return read_base(c, doc, file);
}

/*
 * Whether an extension keeps its base's record type (0), else -1 told:
 * the base's elements name that type's fields, and each would be told
 * in the base's file, not at the renders: that made them wrong.
 */
static int
same_base_type(struct ctx *cx, const struct chain *c,
    const struct node *rend, const struct vocab *v)
{
	struct template *t = cx->t;
	size_t i;

	for (i = (size_t)c->n - 1; t->type && i-- > 0;) {
		const struct node *br = node_get(c->doc[i], "renders");
		const char *bt;

		if (br == NULL || br->bad || br == rend)
			continue;
		if ((bt = compile_renders(cx, br, c->doc[i], v)) != NULL &&
		    strcmp(bt, t->type) != 0) {
			bad(cx, rend, "renders %s, but '%s', which it extends, "
			    "renders %s: an extension keeps its base's record "
			    "type; to render %s, extend a template that does "
			    "('muster templates' lists them) or drop extends:",
			    t->type, get_str(c->doc[i], "template", "?"), bt,
			    t->type);
			return -1;
		}
		break;
	}
	return 0;
}

/*
 * The card size each layer's lengths were written for, base first.
 * size: replaces the sizes below it on every paper (a base's A4
 * size was for the base's card); sizes: replaces those below it
 * whole, its letter: the size on Letter.
 */
static void
compile_sizes(struct ctx *cx, const struct chain *c)
{
	struct template *t = cx->t;
	const struct node *n;

	t->w = t->h = 144;
	for (int l = 0; l < c->n; l++) {
		if ((n = node_get(c->doc[l], "size")) != NULL && !n->bad) {
			compile_size(cx, n, &t->w, &t->h);
			t->a4_w = t->a4_h = 0;
		}
		if ((n = node_get(c->doc[l], "sizes")) != NULL && !n->bad &&
		    n->type == N_MAP) {
			t->a4_w = t->a4_h = 0;
			compile_size(cx, node_get(n, "a4"), &t->a4_w, &t->a4_h);
			compile_size(cx, node_get(n, "letter"), &t->w, &t->h);
		}
		cx->lfile[l] = c->doc[l]->file;
		cx->lw[l] = t->w;
		cx->lh[l] = t->h;
	}
	cx->nl = c->n;
}

/* Fonts: every layer's, a later one replacing an earlier key. */
static void
compile_fonts(struct ctx *cx, const struct chain *c)
{
	struct template *t = cx->t;
	size_t i;

	t->fonts = arena_alloc(t->arena, 16 * sizeof(*t->fonts));
	for (int l = 0; l < c->n; l++) {
		const struct node *f = node_get(c->doc[l], "fonts");

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
				bad(cx, MAP_KEY(f, i), "a template may name at "
				    "most 16 fonts");
				break;
			}
			if (k == t->nfonts)
				t->nfonts++;
			t->fonts[k].key = arena_strdup(t->arena, key);
			t->fonts[k].pattern = arena_strdup(t->arena, pat);
			t->fonts[k].at.file = arena_strdup(t->arena,
			    MAP_VAL(f, i)->file);
			t->fonts[k].at.line = MAP_VAL(f, i)->line;
			t->fonts[k].at.col = MAP_VAL(f, i)->col;
		}
	}
	if (t->nfonts == 0) {
		t->fonts[0].key = "body";
		t->fonts[0].pattern = "DejaVu Sans Condensed";
		t->fonts[0].at.file = t->file;
		t->fonts[0].at.line = t->fonts[0].at.col = 0;
		t->nfonts = 1;
	}
}

/* Moves what the template keeps out of cx and the chain's arenas. */
static void
keep_compiled(struct ctx *cx)
{
	struct template *t = cx->t;

	free(cx->told);
	free(cx->used);
	free(cx->shown);
	t->info = arena_alloc(t->arena, (size_t)(cx->ninfo ? cx->ninfo : 1) *
	    sizeof(*t->info));
	if (cx->ninfo)
		memcpy(t->info, cx->info, (size_t)cx->ninfo * sizeof(*t->info));
	t->ninfo = cx->ninfo;
	free(cx->info);
	t->fields = named_fields(cx, &t->field_at);
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
}

struct template *
template_load(const char *name, const struct vocab *v)
{
	struct chain c;
	struct template *t;
	struct ctx cx;
	const struct node *rend;
	int errors_before = diag_raised(L_ERROR) + diag_raised(L_FATAL);

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
	t->type = compile_renders(&cx, rend, c.doc[c.n - 1], v);
	if (same_base_type(&cx, &c, rend, v) < 0) {
		template_free(t);
		chain_release(&c);
		return NULL;
	}
	if (top_get(&c, "size") == NULL)
		bad(&cx, c.doc[c.n - 1], "template '%s' must give its card "
		    "size: size: [3.5in, 2in]", t->name);
	compile_sizes(&cx, &c);
	t->gap = compile_length(&cx, top_get(&c, "gap"), 0, 0);
	t->safe = compile_length(&cx, top_get(&c, "safe"), 0, 0);
	t->cut = str_index(cuts, node_str(top_get(&c, "cut"), "crop"));
	t->counter = str_index(sizings, node_str(top_get(&c, "sizing"),
	    "fixed")) == 1;
	t->min_pt = node_double(top_get(&c, "min_pt"), 5);
	compile_fonts(&cx, &c);
	compile_palette(&cx, &c);
	compile_icons(&cx, &c);
	if (v && t->type)
		cx.fields = v->fields(t->type);
	compile_list(&cx, &c, "elements", &t->front, &t->nfront);
	compile_list(&cx, &c, "back", &t->back, &t->nback);
	keep_compiled(&cx);
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
