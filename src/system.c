/*
 * system.c -- the table of games, lookups over it, document dispatch,
 * references between documents, and batch state.
 */
#include "system.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "deps.h"
#include "doc.h"
#include "paths.h"
#include "schema.h"
#include "util.h"

/*
 * The games, one row each (doc/adding-a-game.md).  A row X(name) stands
 * for the struct game game_name that the game's own files define.
 */
#define GAMES(X) \
	X(shellshock) \
	X(shambattle) \
	X(shock) \
	X(ssg) \
	X(cards)

#define DECLARE(g) extern const struct game game_##g;
#define ROW(g) &game_##g,
GAMES(DECLARE)
const struct game *const games[] = { GAMES(ROW) NULL };

/* Rules reported by the reader, the schema, the layout and the printer. */
const struct rule core_rules[] = {
	{ "io.read", "an input file or folder cannot be read", NULL },
	{ "io.write", "an output PDF cannot be written", NULL },
	{ "yaml.syntax", "the file is not well-formed YAML in UTF-8", NULL },
	{ "yaml.size", "a file is over 64 MiB or a document over a million nodes, or the bases and data files one file's documents read are over 64 MiB", NULL },
	{ "yaml.depth", "collections are nested more than 64 deep", NULL },
	{ "yaml.alias", "an alias names no earlier anchor, or aliases expand past the node limit", NULL },
	{ "yaml.duplicate-key", "a mapping gives the same key twice", NULL },
	{ "yaml.unknown-key", "a key the document's kind does not have", NULL },
	{ "yaml.missing-key", "a required key is absent", NULL },
	{ "yaml.type", "a value of the wrong type (text, number, list, mapping)", NULL },
	{ "yaml.range", "a number or a list length outside its allowed range", NULL },
	{ "yaml.enum", "a value that is not one of the allowed words", NULL },
	{ "yaml.empty", "a file holds no document (an empty file is a mistake, not a unit)", NULL },
	{ "yaml.extends", "a variant's extends: names a file that is missing, not YAML, not one mapping, has errors, leads back to the variant, or is more than 8 bases deep", NULL },
	{ "template.invalid", "a template that cannot be used (its keys, lengths, colours, extends)", NULL },
	{ "template.safe", "a template puts text closer to the trim than its safe margin (warning)", NULL },
	{ "template.field", "a template names a field its record type does not have", NULL },
	{ "template.unknown-element", "an extending template names an element its base does not have (and does not say new: true), or says new: true for one it has", NULL },
	{ "render.glyph", "text has a character the font cannot print", NULL },
	{ "render.overflow", "text does not fit its box even at the template's minimum size", NULL },
	{ "render.safe-zone", "a card's text comes closer to the trim than the template's safe margin (warning)", NULL },
	{ "render.font", "a font the template names cannot be found or used", NULL },
	{ "render.fit", "the card does not fit on the paper", NULL },
	{ "render.only", "--only names a card that none of the inputs has", NULL },
	{ "render.colour", "a colour field gives a value that is neither in the template's palette nor a colour (warning)", NULL },
	{ "render.image", "an image a card prints is missing, unreadable, not a PNG or JPEG, damaged, over 50 megapixels or a JPEG of over 100 scans; one below 150 dpi at its printed size is a warning", NULL },
	{ NULL, NULL, NULL }
};

/* ---- lookups ---- */

const struct game *
game_find(const char *name)
{
	const struct game *const *g;

	for (g = games; name && *g; g++)
		if (strcmp((*g)->name, name) == 0)
			return *g;
	return NULL;
}

const struct kind *
kind_find(const struct game *g, const char *name)
{
	const struct kind *const *k;

	for (k = g->kinds; name && *k; k++)
		if (strcmp((*k)->name, name) == 0)
			return *k;
	return NULL;
}

const struct game_cmd *
game_cmd_find(const struct game *g, const char *cmd)
{
	const struct game_cmd *c;

	for (c = g->cmds; c && c->name; c++)
		if (strcmp(c->name, cmd) == 0)
			return c;
	return NULL;
}

/* Calls fn for every product of every kind of every game. */
static void
each_product(void (*fn)(const struct product *p, void *ctx), void *ctx)
{
	const struct game *const *g;
	const struct kind *const *k;
	const struct product *p;

	for (g = games; *g; g++)
		for (k = (*g)->kinds; *k; k++)
			for (p = (*k)->products; p && p->name; p++)
				fn(p, ctx);
}

struct find_type {
	const char *name;
	const struct rectype *found;
};

static void
find_type(const struct product *p, void *ctx)
{
	struct find_type *f = ctx;

	if (f->found == NULL && strcmp(p->type->name, f->name) == 0)
		f->found = p->type;
}

const struct rectype *
rectype_find(const char *name)
{
	struct find_type f = { name, NULL };

	if (name)
		each_product(find_type, &f);
	return f.found;
}

/* Lists built once, freed by system_cleanup(). */
struct fieldset {
	const struct rectype *t;
	const char **v;		/* sorted, NULL-ended */
};

static struct {
	struct arena *a;
	struct fieldset *sets;
	size_t nsets;
	const char **types, **products;
	size_t ntypes, nproducts, captypes, capproducts;
} C;

static struct arena *
cache_arena(void)
{
	if (C.a == NULL)
		C.a = arena_new();
	return C.a;
}

/* Appends s to a growing NULL-ended list unless it is there already. */
static void
add_unique(const char ***v, size_t *n, size_t *cap, const char *s)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if (strcmp((*v)[i], s) == 0)
			return;
	if (*n + 2 > *cap) {
		*cap = *cap ? *cap * 2 : 32;
		*v = xrealloc(*v, *cap * sizeof(**v));
	}
	(*v)[(*n)++] = s;
	(*v)[*n] = NULL;
}

/*
 * Expands the first {a,b} or {1..6} of pattern (prefix already in sb)
 * and recurses on the rest; each complete name is added to the list.
 */
static void
expand(struct sbuf *sb, const char *pat, const char ***v, size_t *n,
    size_t *cap)
{
	const char *open = strchr(pat, '{'), *close, *p;
	size_t keep = sb->len;
	char *end;
	long lo, hi;

	if (open == NULL || (close = strchr(open, '}')) == NULL) {
		sb_adds(sb, pat);
		add_unique(v, n, cap, arena_strdup(cache_arena(), sb_str(sb)));
		sb->len = keep;
		sb->buf[keep] = '\0';
		return;
	}
	lo = strtol(open + 1, &end, 10);
	if (end > open + 1 && strncmp(end, "..", 2) == 0) {
		hi = strtol(end + 2, &end, 10);
		for (; lo <= hi && end == close; lo++) {
			sb_add(sb, pat, (size_t)(open - pat));
			sb_addf(sb, "%ld", lo);
			expand(sb, close + 1, v, n, cap);
			sb->len = keep;
			sb->buf[keep] = '\0';
		}
		return;
	}
	for (p = open + 1; p <= close;) {
		const char *comma = memchr(p, ',', (size_t)(close - p));
		const char *stop = comma ? comma : close;

		sb_add(sb, pat, (size_t)(open - pat));
		sb_add(sb, p, (size_t)(stop - p));
		expand(sb, close + 1, v, n, cap);
		sb->len = keep;
		if (sb->buf)
			sb->buf[keep] = '\0';
		p = stop + 1;
	}
}

static int
by_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

const char *const *
rectype_fields(const struct rectype *t)
{
	struct sbuf sb = SBUF_INIT;
	const char *const *f;
	const char **v = NULL;
	size_t i, n = 0, cap = 0;

	if (t->fields == NULL)
		return NULL;	/* open: the template's fields */
	for (i = 0; i < C.nsets; i++)
		if (C.sets[i].t == t)
			return C.sets[i].v;
	for (f = t->fields; *f; f++)
		expand(&sb, *f, &v, &n, &cap);
	sb_release(&sb);
	if (v == NULL)
		v = xcalloc(1, sizeof(*v));
	qsort(v, n, sizeof(*v), by_str);
	C.sets = xrealloc(C.sets, (C.nsets + 1) * sizeof(*C.sets));
	C.sets[C.nsets].t = t;
	C.sets[C.nsets++].v = v;
	return v;
}

static const char *const none[] = { NULL };

static void
add_type(const struct product *p, void *ctx)
{
	(void)ctx;
	add_unique(&C.types, &C.ntypes, &C.captypes, p->type->name);
}

static void
add_product(const struct product *p, void *ctx)
{
	(void)ctx;
	add_unique(&C.products, &C.nproducts, &C.capproducts, p->name);
}

const char *const *
rectype_names(void)
{
	if (C.types == NULL)
		each_product(add_type, NULL);
	return C.types ? C.types : none;
}

const char *const *
product_names(void)
{
	if (C.products == NULL)
		each_product(add_product, NULL);
	return C.products ? C.products : none;
}

int
product_known(const char *name)
{
	return str_index(product_names(), name) >= 0;
}

void
system_cleanup(void)
{
	size_t i;

	for (i = 0; i < C.nsets; i++)
		free(C.sets[i].v);
	free(C.sets);
	free(C.types);
	free(C.products);
	arena_free(C.a);
	memset(&C, 0, sizeof(C));
}

/* ---- batch: claims by namespace and key, and referenced files ---- */

struct claim {
	char *ns, *key;
	struct place at;
	struct claim *next;
};

/* A file named by a document: loaded once, kept until the batch ends. */
struct ref {
	char *real;		/* its canonical path */
	struct arena *a;	/* its nodes and structures */
	struct loaded *docs;
	int n;
	int loading;		/* being read: a reference back is a circle */
	int bad;		/* unreadable, empty or with errors */
	struct ref *next;
};

#define NBUCKET 1024
#define MAXREFDEPTH 8	/* SPEC 8: references nest at most 8 deep */

struct batch {
	struct claim *bucket[NBUCKET];
	struct ref *refs;
	int depth;
	int doc_before;		/* errors raised before this document */
	int in_doc;		/* a document is being checked */
	int rendering;		/* batch_set_rendering() */
};

void
batch_set_rendering(struct batch *b)
{
	b->rendering = 1;
}

int
batch_rendering(const struct batch *b)
{
	return b && b->rendering;
}

int
batch_doc_errors(const struct batch *b)
{
	return b && b->in_doc ? diag_raised(L_ERROR) - b->doc_before : 0;
}

struct batch *
batch_new(void)
{
	return xcalloc(1, sizeof(struct batch));
}

void
batch_free(struct batch *b)
{
	struct claim *c, *next;
	struct ref *r, *rnext;
	size_t i;

	if (b == NULL)
		return;
	for (i = 0; i < NBUCKET; i++)
		for (c = b->bucket[i]; c; c = next) {
			next = c->next;
			free(c->ns);
			free(c->key);
			free((char *)c->at.file);
			free((char *)c->at.what);
			free(c);
		}
	for (r = b->refs; r; r = rnext) {
		rnext = r->next;
		free(r->real);
		free(r->docs);
		arena_free(r->a);
		free(r);
	}
	free(b);
}

/* Whether two paths name one file: the same words, or the same real
 * path ("./a.yaml", "/top/a.yaml", "x/../a.yaml"). */
static int
same_file(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX];

	const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');

	if (strcmp(a, b) == 0)
		return 1;
	/* Two names of one file end alike: most pairs stop here. */
	if (strcmp(sa ? sa + 1 : a, sb ? sb + 1 : b) != 0)
		return 0;
	return realpath(a, ra) && realpath(b, rb) && strcmp(ra, rb) == 0;
}

const struct place *
batch_claim(struct batch *b, const char *ns, const char *key,
    const char *what, const struct node *at)
{
	unsigned h = 5381;
	const char *p;
	struct claim *c;

	for (p = ns; *p; p++)
		h = h * 33 + (unsigned char)*p;
	for (p = key; *p; p++)
		h = h * 33 + (unsigned char)*p;
	h %= NBUCKET;
	for (c = b->bucket[h]; c; c = c->next)
		if (strcmp(c->ns, ns) == 0 && strcmp(c->key, key) == 0)
			/* The same place read again (an input a force also
			 * names, by another path) is the same claim. */
			return at && at->line == c->at.line &&
			    at->col == c->at.col && same_file(at->file,
			    c->at.file) ? NULL : &c->at;
	c = xcalloc(1, sizeof(*c));
	c->ns = xstrdup(ns);
	c->key = xstrdup(key);
	c->at.file = xstrdup(at ? at->file : "");
	c->at.line = at ? at->line : 0;
	c->at.col = at ? at->col : 0;
	c->at.what = xstrdup(what ? what : "");
	c->next = b->bucket[h];
	b->bucket[h] = c;
	return NULL;
}

/* ---- dispatch ---- */

static struct node *variant_resolve(struct node *root, struct arena *a);

/*
 * What system_read_more() counts: the bytes read for the documents of
 * one file, known by a hash of its name.
 */
static struct read_count {
	unsigned long hash;
	size_t bytes;
} read_count;

static unsigned long
name_hash(const char *s)
{
	unsigned long h = 5381;

	while (s && *s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

int
system_read_more(const struct node *at, const char *name, size_t size)
{
	if (name_hash(at->file) != read_count.hash) {
		read_count.hash = name_hash(at->file);
		read_count.bytes = 0;
	}
	if (size > DOC_MAX_BYTES - read_count.bytes) {
		diag(L_ERROR, "yaml.size", at, "'%s' would bring the files read "
		    "for the documents of this file to more than %zu MiB (a "
		    "base or a data file is read for each document that names "
		    "it); put fewer documents that name large files in one file",
		    name, DOC_MAX_BYTES >> 20);
		return -1;
	}
	read_count.bytes += size;
	return 0;
}

/* The game names, or one game's kinds, as a NULL-ended array. */
static void
names_of(const struct game *g, const char **names, size_t max)
{
	const struct game *const *gp;
	const struct kind *const *k;
	size_t n = 0;

	if (g)
		for (k = g->kinds; *k && n < max - 1; k++)
			names[n++] = (*k)->name;
	else
		for (gp = games; *gp && n < max - 1; gp++)
			names[n++] = (*gp)->name;
	names[n] = NULL;
}

/* Reports an unusable system: or kind: value; returns 0 then. */
static int
find_or_report(const struct node *root, struct loaded *out)
{
	const struct node *sn = node_get(root, "system");
	const struct node *kn = node_get(root, "kind");
	struct sbuf sb = SBUF_INIT;
	const char *names[64];

	names_of(NULL, names, NELEM(names));
	if (sn == NULL || sn->type != N_SCALAR || node_is_null(sn)) {
		sb_list(&sb, names);
		diag(L_ERROR, sn ? "yaml.type" : "yaml.missing-key",
		    sn ? sn : root, "%s 'system': give one of %s",
		    sn ? "no usable value for" : "missing key", sb.buf);
		goto out;
	}
	if ((out->game = game_find(sn->str)) == NULL) {
		diag(L_ERROR, "yaml.enum", sn, "unknown system '%s'%s",
		    sn->str, sb_hint(&sb, sn->str, names, 1));
		goto out;
	}
	names_of(out->game, names, NELEM(names));
	if (kn == NULL || kn->type != N_SCALAR || node_is_null(kn)) {
		sb_list(&sb, names);
		diag(L_ERROR, kn ? "yaml.type" : "yaml.missing-key",
		    kn ? kn : root, "%s 'kind': give one of %s",
		    kn ? "no usable value for" : "missing key", sb.buf);
		goto out;
	}
	if ((out->kind = kind_find(out->game, kn->str)) == NULL) {
		diag(L_ERROR, "yaml.enum", kn, "unknown kind '%s' for system %s%s",
		    kn->str, sn->str, sb_hint(&sb, kn->str, names, 1));
		goto out;
	}
	sb_release(&sb);
	return 1;
out:
	sb_release(&sb);
	out->game = NULL;
	out->kind = NULL;
	return 0;
}

int (*system_foreign_doc)(const struct node *root);
const char *const *(*system_template_fields)(const char *name,
    const struct node *at, const char *rule, const char *type);

/*
 * A variant's problem with a value it takes from a base is told at the
 * base's line, where the value is: say whose problem it is, at the
 * variant's extends: (ext), when one was told elsewhere since problems
 * were counted and here of them at ext's file.
 */
static void
variant_note(const struct node *ext, int problems, int here)
{
	if (ext && diag_raised(L_WARNING) + diag_raised(L_ERROR) +
	    diag_raised(L_FATAL) - problems > diag_raised_in(ext->file) - here)
		diag(L_NOTE, "yaml.extends", ext, "this document takes values "
		    "from '%s': a problem with one is told at the file that "
		    "holds it", ext->str);
}

#define MAXBASES 8	/* a variant's bases chain at most 8 deep */

/*
 * Whether root's extends: leads, base by base, to a document that says
 * its system: root is then a variant, whatever else it says.  What the
 * bases hold is told when the variant is read, not here.
 */
static int
base_has_system(const struct node *root)
{
	char file[PATH_MAX], *next = NULL;
	const struct node *ext = node_get(root, "extends");
	const char *from = root->file;
	struct arena *a = arena_new();
	int depth, found = 0;

	for (depth = 0; depth <= MAXBASES && ext && ext->type == N_SCALAR &&
	    yaml_name(ext->str) && from; depth++) {
		struct reader *rd;
		const struct node *doc;
		int quiet = diag_quiet(1);

		rd = reader_open(path_beside(from, ext->str, file,
		    sizeof(file)));
		doc = rd ? reader_next(rd, a) : NULL;
		diag_quiet(quiet);
		if (doc && doc->type == N_MAP && node_get(doc, "system"))
			found = 1;
		free(next);
		next = xstrdup(file);
		from = next;
		ext = doc && doc->type == N_MAP && !found ?
		    node_get(doc, "extends") : NULL;
		reader_close(rd);
		if (found)
			break;
	}
	free(next);
	arena_free(a);
	return found;
}

void
system_load(const struct node *root, struct arena *a, struct batch *b,
    struct loaded *out)
{
	int before = diag_raised(L_ERROR), saved_before = 0, saved_in = 0;
	int problems = 0, here = 0;
	const struct node *ext;
	const struct rule *r;
	struct skey top = K_MAP("document", REQ, NULL);
	int variant;

	memset(out, 0, sizeof(*out));
	if (root->type != N_MAP) {
		char what[48];

		diag(L_ERROR, "yaml.type", root,
		    "a document must be a mapping with 'system:' and 'kind:', "
		    "not %s", node_what(root, what));
		out->errors = 1;
		return;
	}
	/* A document with template: and no system: is a template, unless
	 * it is a variant whose base says its system (a deck that names
	 * another template than its base's). */
	variant = node_get(root, "extends") != NULL &&
	    (node_get(root, "system") || !node_get(root, "template") ||
	    base_has_system(root));
	if (system_foreign_doc && node_get(root, "system") == NULL &&
	    !variant && system_foreign_doc(root)) {
		out->errors = diag_raised(L_ERROR) - before;
		return;
	}
	/* A variant: its base laid under it, before any key is checked.
	 * (A template's extends: names a template, and is the layout's.) */
	if (variant && (ext = node_get(root, "extends")) != NULL) {
		if ((root = variant_resolve((struct node *)root, a)) == NULL) {
			out->errors = diag_raised(L_ERROR) - before;
			return;
		}
		problems = diag_raised(L_WARNING) + diag_raised(L_ERROR) +
		    diag_raised(L_FATAL);
		here = diag_raised_in(ext->file);
	} else {
		ext = NULL;
	}
	if (!find_or_report(root, out)) {
		variant_note(ext, problems, here);
		out->errors = diag_raised(L_ERROR) - before;
		return;
	}
	top.sub = out->kind->keys;
	top.name = "";
	schema_check(root, &top, "");
	out->obj = out->kind->load(root, a, b);
	if (b) {
		/* Documents loaded by this one's rules (references) keep
		 * their own count; this one's resumes after them. */
		saved_before = b->doc_before;
		saved_in = b->in_doc;
	}
	for (r = out->kind->rules; r->id; r++)
		if (r->check) {
			if (b) {
				b->doc_before = before;
				b->in_doc = 1;
			}
			r->check(out->obj, b, r);
		}
	if (b) {
		b->doc_before = saved_before;
		b->in_doc = saved_in;
	}
	variant_note(ext, problems, here);
	out->errors = diag_raised(L_ERROR) - before;
}

void
emit_card(struct emitter *e, int copies)
{
	if (copies > 0)
		e->card(e, copies);
}

int
system_read_file(const char *path, struct batch *b,
    void (*fn)(struct loaded *ld, void *ctx), void *ctx)
{
	struct reader *rd;
	struct arena *a;
	struct node *root;
	struct loaded ld;
	struct read_count saved = read_count;
	int n = 0;

	diag_count_file();
	if ((rd = reader_open(path)) == NULL)
		return 0;
	read_count.hash = name_hash(reader_path(rd));
	read_count.bytes = 0;
	a = arena_new();
	while ((root = reader_next(rd, a)) != NULL) {
		n++;
		system_load(root, a, b, &ld);
		if (fn)
			fn(&ld, ctx);
		arena_reset(a);
	}
	/* SPEC 2: an empty file is a mistake (a truncated save), not a unit. */
	if (n == 0 && !reader_failed(rd))
		diag_at(L_ERROR, "yaml.empty", reader_path(rd), 0, 0,
		    "file holds no document; write one with 'system:' and "
		    "'kind:'");
	arena_free(a);
	reader_close(rd);
	read_count = saved;
	return n;
}

/* ---- references ---- */

/* Reports a reference that cannot be used, at it or at the file. */
static void
ref_bad(const struct node *at, const char *rule, const char *path,
    const char *fmt, ...) ATTR_PRINTF(4, 5);

static void
ref_bad(const struct node *at, const char *rule, const char *path,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (at)
		diag_vat(L_ERROR, rule, at->file, at->line, at->col, fmt, ap);
	else
		diag_vat(L_FATAL, rule, path, 0, 0, fmt, ap);
	va_end(ap);
}

/* "shellshock card or sheet", for messages. */
static void
wanted(struct sbuf *sb, const char *game, const char *const *kinds)
{
	size_t i, n = 0;

	while (kinds[n])
		n++;
	sb_adds(sb, game);
	for (i = 0; i < n; i++)
		sb_addf(sb, "%s%s", i == 0 ? " " : i == n - 1 ? " or " : ", ",
		    kinds[i]);
}

/*
 * The path a referenced file is read and named by: below the working
 * folder, its canonical path relative to it ("units/shellshock/
 * mason.yaml", not "units/forces/../shellshock/mason.yaml"), so that a
 * file has the same name in every message whether it was an input or
 * named by one; elsewhere, the path as the reference made it.
 */
static const char *
plain_path(const char *real, const char *file, char *buf, size_t size)
{
	size_t n;

	if (getcwd(buf, size) == NULL || (n = strlen(buf)) <= 1 ||
	    strncmp(real, buf, n) != 0 || real[n] != '/')
		return file;
	memmove(buf, real + n + 1, strlen(real + n + 1) + 1);
	return buf;
}

/* ---- variants: extends: ---- */


/* The files a variant's chain has read, the variant's own first: a
 * base that is one of them leads back, a circle. */
struct chain {
	char *real[MAXBASES + 1];
	int n;
	const char *deep;	/* the base past the limit, told at the top */
};

static struct node *extend(struct node *doc, struct arena *a,
    struct chain *c);

/*
 * The one document of the base file that ext names (relative to the
 * file ext was read from), read into a and with its own extends:
 * resolved in turn.  NULL after saying why at ext.
 */
static struct node *
read_base(const struct node *ext, struct arena *a, struct chain *c)
{
	char file[PATH_MAX], plain[PATH_MAX], what[48], *real;
	const char *path = ext->str;
	int before = diag_raised(L_ERROR) + diag_raised(L_FATAL), i, told;
	struct node *doc, *more, *base;
	struct reader *rd;
	struct stat st;

	path_beside(ext->file, path, file, sizeof(file));
	/* Only a YAML file is read: no other file is opened and quoted. */
	if (!yaml_name(path)) {
		diag(L_ERROR, "yaml.extends", ext, "'%s' is not a .yaml file; "
		    "extends: names the YAML file of the unit this one varies",
		    path);
		return NULL;
	}
	/* Watched (render --watch) even when missing: it may appear. */
	deps_note(file);
	if ((real = realpath(file, NULL)) == NULL) {
		diag(L_ERROR, "yaml.extends", ext, "cannot open '%s': %s", path,
		    strerror(errno));
		return NULL;
	}
	if (stat(real, &st) < 0)
		st.st_mode = 0;
	if (!S_ISREG(st.st_mode) || !yaml_name(real)) {
		diag(L_ERROR, "yaml.extends", ext, "'%s' is %s; extends: names "
		    "the YAML file of the unit this one varies", path,
		    S_ISDIR(st.st_mode) ? "a folder" : !S_ISREG(st.st_mode) ?
		    "not a regular file" : "a link to a file that is not .yaml");
		free(real);
		return NULL;
	}
	for (i = 0; i < c->n; i++)
		if (c->real[i] && strcmp(c->real[i], real) == 0) {
			diag(L_ERROR, "yaml.extends", ext, i == c->n - 1 ?
			    "'%s' is this file: a document cannot extend its "
			    "own file" : "'%s' leads back here: the files "
			    "extend each other in a circle", path);
			free(real);
			return NULL;
		}
	/* A limit of the variant's chain, not of this file: told at the
	 * variant's own extends:, below. */
	if (c->n > MAXBASES) {
		c->deep = path;
		free(real);
		return NULL;
	}
	if (system_read_more(ext, path, (size_t)st.st_size) < 0) {
		free(real);
		return NULL;
	}
	rd = reader_open(plain_path(real, file, plain, sizeof(plain)));
	doc = rd ? reader_next(rd, a) : NULL;
	more = doc ? reader_next(rd, a) : NULL;
	told = 1;
	if (rd && doc == NULL && !reader_failed(rd))
		diag(L_ERROR, "yaml.extends", ext, "'%s' holds no document; "
		    "a base holds the one unit this one varies", path);
	else if (more)
		diag(L_ERROR, "yaml.extends", ext, "'%s' holds more than one "
		    "document; a base holds the one unit this one varies: "
		    "put the others in files of their own", path);
	else if (doc && doc->type != N_MAP)
		diag(L_ERROR, "yaml.extends", ext, "'%s' holds %s, not a "
		    "mapping of keys; a base is a unit's document", path,
		    node_what(doc, what));
	else
		told = 0;
	reader_close(rd);
	if (told) {
		free(real);
		return NULL;
	}
	/* Unreadable, not YAML, a duplicate key, a tag... */
	if (doc == NULL || diag_raised(L_ERROR) + diag_raised(L_FATAL) >
	    before) {
		free(real);
		goto unusable;
	}
	c->real[c->n++] = real;
	base = extend(doc, a, c);
	free(c->real[--c->n]);
	if (base)
		return base;
	if (c->deep) {
		if (c->n == 1)
			diag(L_ERROR, "yaml.extends", ext, "'%s' begins a "
			    "chain of more than %d bases (the next would be "
			    "'%s'); the limit is %d", path, MAXBASES, c->deep,
			    MAXBASES);
		return NULL;
	}
	diag(L_ERROR, "yaml.extends", ext, "'%s' cannot be used: its extends: "
	    "has errors, told at that file", path);
	return NULL;
unusable:
	/* Its own problems are told at its own file, once. */
	diag(L_ERROR, "yaml.extends", ext, "'%s' cannot be used: it has "
	    "errors, told at that file", path);
	return NULL;
}

/*
 * doc with its extends: resolved: the base laid under it (node_merge),
 * the extends: pair itself left out.  doc itself when it extends
 * nothing; NULL after saying why.
 */
static struct node *
extend(struct node *doc, struct arena *a, struct chain *c)
{
	static const struct skey k_extends = K_TEXT("extends", OPT,
	    "the path of the YAML file of the unit this one varies");
	const struct node *ext = node_get(doc, "extends");
	struct node *own, *base;
	size_t i, j;

	if (ext == NULL)
		return doc;
	if (schema_check(ext, &k_extends, "extends") ||
	    (base = read_base(ext, a, c)) == NULL)
		return NULL;
	/* A variant is of its base's game and kind: a sheet laid on a card
	 * would be told as fifty wrong keys. */
	for (i = 0; i < 2; i++) {
		static const char *const keys[] = { "system", "kind" };
		const struct node *mine = node_get(doc, keys[i]);
		const struct node *its = node_get(base, keys[i]);

		if (mine && its && mine->type == N_SCALAR &&
		    its->type == N_SCALAR && strcmp(mine->str, its->str) != 0) {
			diag(L_ERROR, "yaml.extends", mine, "%s '%s', but '%s', "
			    "which this extends, is %s '%s': a variant is of "
			    "its base's %s; write %s: %s, or leave it out",
			    keys[i], mine->str, ext->str, keys[i], its->str,
			    keys[i], keys[i], its->str);
			return NULL;
		}
	}
	own = arena_alloc(a, sizeof(*own));
	*own = *doc;
	own->kid = arena_alloc(a, 2 * doc->n * sizeof(*own->kid));
	for (i = j = 0; i < doc->n; i++) {
		if (strcmp(MAP_KEY(doc, i)->str, "extends") == 0) {
			own->weight -= MAP_KEY(doc, i)->weight +
			    MAP_VAL(doc, i)->weight;
			continue;
		}
		own->kid[2 * j] = MAP_KEY(doc, i);
		own->kid[2 * j + 1] = MAP_VAL(doc, i);
		j++;
	}
	own->n = j;
	return node_merge(base, own, a);
}

/*
 * A unit variant, as MegaMekLab makes them: root with the chain of
 * documents it extends laid under it, so that the schema and the rules
 * see one document whose every node still names its own file and line.
 * NULL after saying why at an extends: value.
 */
static struct node *
variant_resolve(struct node *root, struct arena *a)
{
	struct chain c;
	struct node *v;

	c.n = 1;
	c.deep = NULL;
	c.real[0] = root->file ? realpath(root->file, NULL) : NULL;
	v = extend(root, a, &c);
	free(c.real[0]);
	/* Each file is within the limit; together they must be too. */
	if (v && v->weight > DOC_MAX_NODES) {
		diag(L_ERROR, "yaml.size", node_get(root, "extends"),
		    "the variant and its bases come to more than %zu nodes; "
		    "write the values out or use fewer aliases",
		    DOC_MAX_NODES);
		return NULL;
	}
	return v;
}

static struct ref *
ref_read(struct batch *b, const char *file, char *real)
{
	struct ref *r = xcalloc(1, sizeof(*r));
	struct read_count saved = read_count;
	struct reader *rd;
	struct node *root;
	int cap = 0;

	r->real = real;
	r->a = arena_new();
	r->next = b->refs;
	b->refs = r;
	r->loading = 1;
	b->depth++;
	if ((rd = reader_open(file)) == NULL) {
		r->bad = 1;
	} else {
		read_count.hash = name_hash(reader_path(rd));
		read_count.bytes = 0;
		while ((root = reader_next(rd, r->a)) != NULL) {
			if (r->n == cap) {
				cap = cap ? cap * 2 : 4;
				r->docs = xrealloc(r->docs,
				    (size_t)cap * sizeof(*r->docs));
			}
			system_load(root, r->a, b, &r->docs[r->n]);
			if (r->docs[r->n].errors || r->docs[r->n].kind == NULL)
				r->bad = 1;
			r->n++;
		}
		if (reader_failed(rd))
			r->bad = 1;
		else if (r->n == 0)
			diag_at(L_ERROR, "yaml.empty", reader_path(rd), 0, 0,
			    "file holds no document; write one with "
			    "'system:' and 'kind:'");
		reader_close(rd);
	}
	if (r->n == 0)
		r->bad = 1;
	read_count = saved;
	b->depth--;
	r->loading = 0;
	return r;
}

const struct loaded *
system_ref(struct batch *b, const char *path, const struct node *at,
    const char *rule, const char *game, const char *const *kinds, int *n)
{
	char file[PATH_MAX], *real;
	const char *slash;
	struct stat st;
	struct sbuf sb = SBUF_INIT;
	struct ref *r;
	int i, looked;

	*n = 0;
	/* Standard input, named on the command line: read once a batch. */
	if (at == NULL && strcmp(path, "-") == 0) {
		for (r = b->refs; r; r = r->next)
			if (strcmp(r->real, "-") == 0)
				break;
		if (r == NULL)
			r = ref_read(b, "-", xstrdup("-"));
		goto read;
	}
	slash = at && at->file ? strrchr(at->file, '/') : NULL;
	path_beside(at ? at->file : NULL, path, file, sizeof(file));
	/* Watched (render --watch) even when missing: it may appear. */
	if (yaml_name(path))
		deps_note(file);
	real = realpath(file, NULL);
	looked = real == NULL && errno == ENOENT && at && path[0] != '/';
	/* A document's reference not beside it may be named from the
	 * working folder (units/shellshock/mason.yaml, as SPEC 3.3
	 * writes it), or be one of the shipped examples (MUSTER_UNITS,
	 * MUSTER_DECKS, the data folder: shellshock/mason.yaml). */
	if (real == NULL && errno == ENOENT && at && path[0] != '/' &&
	    slash != NULL && (real = realpath(path, NULL)) != NULL)
		snprintf(file, sizeof(file), "%s", path);
	if (real == NULL && errno == ENOENT && at && path[0] != '/') {
		static const char *const subs[] = { "units", "decks", NULL };
		char *shipped;
		int k;

		for (k = 0; subs[k] && real == NULL; k++) {
			size_t len = strlen(subs[k]);
			/* "units/shellshock/mason.yaml" is the shipped
			 * units' "shellshock/mason.yaml". */
			const char *rest = strncmp(path, subs[k], len) == 0 &&
			    path[len] == '/' ? path + len + 1 : path;

			if ((shipped = paths_find(subs[k], rest)) != NULL) {
				real = realpath(shipped, NULL);
				snprintf(file, sizeof(file), "%s", shipped);
				free(shipped);
			}
		}
		if (real == NULL)
			errno = ENOENT;
	}
	if (real == NULL) {
		if (looked)
			diag(L_ERROR, rule, at, "cannot open '%s': %s; it was "
			    "looked for beside this file, in the working "
			    "folder and among the shipped examples", path,
			    strerror(errno));
		else if (at)
			diag(L_ERROR, rule, at, "cannot open '%s': %s", path,
			    strerror(errno));
		else
			diag_at(L_FATAL, "io.read", file, 0, 0,
			    "cannot open: %s", strerror(errno));
		return NULL;
	}
	if (stat(real, &st) == 0 && !S_ISREG(st.st_mode)) {
		ref_bad(at, rule, file, "'%s' is %s; name a YAML file", path,
		    S_ISDIR(st.st_mode) ? "a folder" : "not a regular file");
		free(real);
		return NULL;
	}
	/* Only a YAML file is read: no other file (a key, /etc/passwd) is
	 * opened and quoted in a message. */
	if (!yaml_name(path)) {
		ref_bad(at, rule, file, "'%s' is not a .yaml file; name a YAML "
		    "file", path);
		free(real);
		return NULL;
	}
	if (!yaml_name(real)) {
		ref_bad(at, rule, file, "'%s' is a link to a file that is "
		    "not .yaml; name a YAML file", path);
		free(real);
		return NULL;
	}
	for (r = b->refs; r; r = r->next)
		if (strcmp(r->real, real) == 0)
			break;
	if (r && r->loading) {
		ref_bad(at, rule, file, "'%s' leads back here: the files name "
		    "each other in a circle", path);
		free(real);
		return NULL;
	}
	if (r == NULL && b->depth >= MAXREFDEPTH) {
		ref_bad(at, rule, file, "'%s' is more than %d references deep; "
		    "the limit is %d", path, MAXREFDEPTH, MAXREFDEPTH);
		free(real);
		return NULL;
	}
	if (r) {
		free(real);
	} else {
		char plain[PATH_MAX];

		r = ref_read(b, plain_path(real, file, plain, sizeof(plain)),
		    real);
	}
read:
	if (r->bad) {
		/* The file's own problems are reported at the file. */
		if (at)
			diag(L_ERROR, rule, at, "'%s' cannot be used: it has "
			    "errors, reported at that file", path);
		return NULL;
	}
	for (i = 0; i < r->n; i++) {
		const struct loaded *ld = &r->docs[i];

		if (strcmp(ld->game->name, game) != 0 ||
		    str_index(kinds, ld->kind->name) < 0) {
			wanted(&sb, game, kinds);
			/* At the file itself, the file is the subject. */
			ref_bad(at, rule, file, "%s%s%sholds %s %s, not %s",
			    at ? "'" : "", at ? path : "", at ? "' " : "",
			    ld->game->name, ld->kind->name, sb.buf);
			sb_release(&sb);
			return NULL;
		}
	}
	*n = r->n;
	return r->docs;
}
