/*
 * system.c -- the table of systems, document dispatch and batch state.
 */
#include "system.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "doc.h"
#include "schema.h"
#include "util.h"

extern const struct system shellshock_card;
extern const struct system ssg_battalions, ssg_tactics, ssg_specialties;
extern const struct system ssg_reference, ssg_lineup;

const struct system *const systems[] = {
	&shellshock_card,
	&ssg_battalions,
	&ssg_tactics,
	&ssg_specialties,
	&ssg_reference,
	&ssg_lineup,
	NULL
};

/* Rules reported by the reader, the schema, the layout and the printer. */
const struct rule core_rules[] = {
	{ "io.read", "an input file or folder cannot be read", NULL },
	{ "io.write", "an output PDF cannot be written", NULL },
	{ "yaml.syntax", "the file is not well-formed YAML in UTF-8", NULL },
	{ "yaml.size", "a file is over 64 MiB or a document over a million nodes", NULL },
	{ "yaml.depth", "collections are nested more than 64 deep", NULL },
	{ "yaml.alias", "an alias names no earlier anchor, or aliases expand past the node limit", NULL },
	{ "yaml.duplicate-key", "a mapping gives the same key twice", NULL },
	{ "yaml.unknown-key", "a key the document's kind does not have", NULL },
	{ "yaml.missing-key", "a required key is absent", NULL },
	{ "yaml.type", "a value of the wrong type (text, number, list, mapping)", NULL },
	{ "yaml.range", "a number or a list length outside its allowed range", NULL },
	{ "yaml.enum", "a value that is not one of the allowed words", NULL },
	{ "yaml.empty", "a file holds no document", NULL },
	{ "template.invalid", "a template that cannot be used (its keys, lengths, colours, extends)", NULL },
	{ "template.safe", "a template puts text closer to the trim than its safe margin (warning)", NULL },
	{ "template.field", "a template names a field the card does not have", NULL },
	{ "render.glyph", "text has a character the font cannot print", NULL },
	{ "render.overflow", "text does not fit its box even at the template's minimum size", NULL },
	{ "render.font", "a font the template names cannot be found or used", NULL },
	{ "render.fit", "the card does not fit on the paper", NULL },
	{ NULL, NULL, NULL }
};

const struct system *
system_find(const char *name, const char *kind)
{
	const struct system *const *s;

	for (s = systems; *s; s++)
		if (strcmp((*s)->name, name) == 0 &&
		    strcmp((*s)->kind, kind) == 0)
			return *s;
	return NULL;
}

/* ---- batch: claims by namespace and key, in a small hash table ---- */

struct claim {
	char *ns, *key;
	struct place at;
	struct claim *next;
};

#define NBUCKET 1024

struct batch {
	struct claim *bucket[NBUCKET];
};

struct batch *
batch_new(void)
{
	return xcalloc(1, sizeof(struct batch));
}

void
batch_free(struct batch *b)
{
	struct claim *c, *next;
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
	free(b);
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
			return &c->at;
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

/* The system names, or one system's kinds, as a NULL-ended array. */
static void
names_of(const char *system, const char **names, size_t max)
{
	const struct system *const *s;
	size_t n = 0, j;

	for (s = systems; *s && n < max - 1; s++) {
		const char *name = system ? (*s)->kind : (*s)->name;

		if (system && strcmp((*s)->name, system) != 0)
			continue;
		for (j = 0; j < n && strcmp(names[j], name) != 0; j++)
			;
		if (j == n)
			names[n++] = name;
	}
	names[n] = NULL;
}

/* Reports an unusable system: or kind: value; returns NULL. */
static const struct system *
find_or_report(const struct node *root)
{
	const struct node *sn = node_get(root, "system");
	const struct node *kn = node_get(root, "kind");
	const struct system *const *s;
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
	for (s = systems; *s; s++)
		if (strcmp((*s)->name, sn->str) == 0)
			break;
	if (*s == NULL) {
		diag(L_ERROR, "yaml.enum", sn, "unknown system '%s'%s",
		    sn->str, sb_hint(&sb, sn->str, names, 1));
		goto out;
	}
	names_of(sn->str, names, NELEM(names));
	if (kn == NULL || kn->type != N_SCALAR || node_is_null(kn)) {
		sb_list(&sb, names);
		diag(L_ERROR, kn ? "yaml.type" : "yaml.missing-key",
		    kn ? kn : root, "%s 'kind': give one of %s",
		    kn ? "no usable value for" : "missing key", sb.buf);
		goto out;
	}
	if (system_find(sn->str, kn->str) == NULL) {
		diag(L_ERROR, "yaml.enum", kn, "unknown kind '%s' for system %s%s",
		    kn->str, sn->str, sb_hint(&sb, kn->str, names, 1));
		goto out;
	}
	sb_release(&sb);
	return system_find(sn->str, kn->str);
out:
	sb_release(&sb);
	return NULL;
}

int (*system_foreign_doc)(const struct node *root);

void
system_load(const struct node *root, struct arena *a, struct batch *b,
    struct loaded *out)
{
	int before = diag_count(L_ERROR);
	const struct system *sys;
	const struct rule *r;
	struct skey top = K_MAP("document", REQ, NULL);

	memset(out, 0, sizeof(*out));
	if (root->type != N_MAP) {
		char what[48];

		diag(L_ERROR, "yaml.type", root,
		    "a document must be a mapping with 'system:' and 'kind:', "
		    "not %s", node_what(root, what));
		out->errors = 1;
		return;
	}
	if (system_foreign_doc && node_get(root, "system") == NULL &&
	    system_foreign_doc(root)) {
		out->errors = diag_count(L_ERROR) - before;
		return;
	}
	sys = find_or_report(root);
	if (sys == NULL) {
		out->errors = diag_count(L_ERROR) - before;
		return;
	}
	top.sub = sys->keys;
	top.name = "";
	schema_check(root, &top, "");
	out->sys = sys;
	out->obj = sys->load(root, a, b);
	for (r = sys->rules; r->id; r++)
		if (r->check)
			r->check(out->obj, b, r);
	out->errors = diag_count(L_ERROR) - before;
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
	int n = 0;

	diag_count_file();
	if ((rd = reader_open(path)) == NULL)
		return 0;
	a = arena_new();
	while ((root = reader_next(rd, a)) != NULL) {
		n++;
		system_load(root, a, b, &ld);
		if (fn)
			fn(&ld, ctx);
		arena_reset(a);
	}
	if (n == 0 && !reader_failed(rd))
		diag_at(L_WARNING, "yaml.empty", path, 0, 0,
		    "file holds no document; write one with 'system:' and "
		    "'kind:'");
	arena_free(a);
	reader_close(rd);
	return n;
}

int
system_read_one(const char *path, struct arena *a, struct batch *b,
    struct loaded *out)
{
	struct reader *rd;
	struct node *root;

	memset(out, 0, sizeof(*out));
	if ((rd = reader_open(path)) == NULL)
		return -1;
	root = reader_next(rd, a);
	if (root == NULL) {
		if (!reader_failed(rd))
			diag_at(L_ERROR, "yaml.empty", path, 0, 0,
			    "file holds no document");
		reader_close(rd);
		return -1;
	}
	system_load(root, a, b, out);
	reader_close(rd);
	return out->errors || out->sys == NULL ? -1 : 0;
}
