/*
 * system.c -- the core of the system layer: the rules no game owns,
 * lookups over the table of games (games.c) and the record types and
 * products its kinds print, and dispatch: a document's system: and
 * kind: found, its keys checked, loaded and its rules run.  The batch
 * (system_batch.c), read limits (system_limit.c), variants
 * (system_variant.c) and references (system_ref.c) are their own files.
 */
#include "system_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "doc.h"
#include "schema.h"
#include "util.h"

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
	{ "template.icon", "a template's text, or a card's, names an inline icon ({icon:NAME}) that is neither in the template's icons: nor a built-in symbol, or icons: names a picture that is missing or a value that is neither a .png or .jpg file nor a built-in symbol", NULL },
	{ "template.unknown-element", "an extending template names an element its base does not have (and does not say new: true), or says new: true for one it has", NULL },
	{ "render.glyph", "text has a character the font cannot print", NULL },
	{ "render.overflow", "text does not fit its box even at the template's minimum size", NULL },
	{ "render.safe-zone", "a card's text comes closer to the trim than the template's safe margin, or a print shop's with --vendor (warning)", NULL },
	{ "render.small-text", "a card's text prints under 6 pt, or under 5 pt on a counter under 3/4 in, the legibility floor (warning)", NULL },
	{ "render.font", "a font the template names cannot be found or used", NULL },
	{ "render.fit", "the card does not fit on the paper", NULL },
	{ "render.turned", "duplex backs print on a turned (landscape) page: calibrate with --landscape (note)", NULL },
	{ "render.vendor", "--vendor with a card size of its own given a product that is not a card (a counter, a record sheet, a roster)", NULL },
	{ "render.only", "--only names a card that none of the inputs has", NULL },
	{ "render.colour", "a colour field gives a value that is neither in the template's palette nor a colour (warning)", NULL },
	{ "render.pixels", "--format png would draw a card (with its bleed) over 100 megapixels at --dpi", NULL },
	{ "render.side", "a side a card prints, as its {side} colour, is not one of the template's sides: (warning)", NULL },
	{ "render.budget", "fitting a card's text takes more than its budget of 2 million characters measured (each size tried counts; the rest of its text is not drawn), or a document's images would decode over 1,000 megapixels", NULL },
	{ "render.image", "an image a card prints is missing, unreadable, not a PNG or JPEG, damaged, over 50 megapixels, a progressive JPEG of over 100 scans or 128 MiB of coefficients, or an interlaced PNG over 96 MiB at its printed size; one below 150 dpi at its printed size is a warning", NULL },
	/* muster preflight's findings in any PDF (cmd_preflight.c). */
	{ "preflight.summary", "what a file holds: pages and their size, fonts, colour spaces, pictures, ink, PDF/X (a note)", NULL },
	{ "preflight.damaged", "the file's cross-reference data is damaged and was read by scanning it, or a content stream cannot be decoded (warning)", NULL },
	{ "preflight.page-size", "a page's trim (its TrimBox, else its MediaBox) is not the vendor's card, or the page is a sheet of cards where the vendor takes one card a page", NULL },
	{ "preflight.bleed", "a page's bleed past its trim is less than the vendor's, or a PDF/X page has no TrimBox or BleedBox", NULL },
	{ "preflight.font", "a font is not embedded (a warning; an error for a vendor)", NULL },
	{ "preflight.colour", "the colour spaces a page uses (a note); RGB, Lab or ICC colour where the vendor prints PDF/X-1a (an error)", NULL },
	{ "preflight.image-resolution", "a picture's effective resolution at its placed size is under the vendor's (300 ppi) or, without one, under 150 ppi (warning)", NULL },
	{ "preflight.ink", "total ink (C+M+Y+K) of a colour or a CMYK picture is over the vendor's limit (an error) or, without one, over 300 % (warning)", NULL },
	{ "preflight.text-size", "text under 6 pt at its size on the page (warning)", NULL },
	{ "preflight.transparency", "soft masks, constant alpha under 1, blend modes or transparency groups: a note, an error where the vendor takes none", NULL },
	{ "preflight.pdfx", "the PDF/X markers (GTS_PDFXVersion, an OutputIntent with its profile, Trapped, PDF 1.3 or 1.4): a note, an error where the vendor asks for PDF/X-1a", NULL },
	{ "preflight.format", "the vendor takes one PNG a face, not a PDF (a note)", NULL },
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
	struct arena *spare;	/* system_read_file()'s, kept between files */
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
	arena_free(C.spare);
	memset(&C, 0, sizeof(C));
}

/* ---- dispatch ---- */

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

/* A document that is no mapping: a null written out ("--- ~") says so;
 * an empty document is passed over by the reader. */
static void
not_a_mapping(const struct node *root)
{
	char what[48];

	if (root->type == N_SCALAR && node_is_null(root) && root->len > 0)
		diag(L_ERROR, "yaml.type", root, "a document must be a mapping "
		    "with 'system:' and 'kind:', not null ('%s')", root->str);
	else
		diag(L_ERROR, "yaml.type", root, "a document must be a mapping "
		    "with 'system:' and 'kind:', not %s", node_what(root, what));
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
	out->root = root;
	if (root->type != N_MAP) {
		not_a_mapping(root);
		out->errors = 1;
		return;
	}
	/* A document with template: and no system: is a template, unless
	 * it is a variant whose base says its system (a deck that names
	 * another template than its base's). */
	variant = node_get(root, "extends") != NULL &&
	    (node_get(root, "system") || !node_get(root, "template") ||
	    base_has_system(root));
	if (b && b->foreign && node_get(root, "system") == NULL &&
	    !variant && b->foreign(root, b->foreign_arg)) {
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
	struct read_count saved;
	int n = 0;

	diag_count_file();
	if ((rd = reader_open(path)) == NULL)
		return 0;
	saved = read_count_begin(reader_path(rd));
	/* One arena from file to file (its block made and freed once, not
	 * a file); a read within a read makes its own. */
	if ((a = C.spare) != NULL)
		C.spare = NULL;
	else
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
		diag_at(L_ERROR, "yaml.empty", reader_path(rd), 1, 1,
		    "file holds no document; write one with 'system:' and "
		    "'kind:'");
	if (C.spare == NULL) {
		arena_reset(a);
		C.spare = a;
	} else {
		arena_free(a);
	}
	reader_close(rd);
	read_count_end(saved);
	return n;
}
