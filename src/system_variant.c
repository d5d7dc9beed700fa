/*
 * system_variant.c -- variants (extends:): a document that names the
 * YAML file of a unit it varies is read with that base laid under it,
 * base by base to at most MAXBASES deep, so that the schema and the
 * rules see one document whose every node still names its own file and
 * line.  A base that is missing, not one mapping, of another system or
 * kind, has errors or leads back is told as yaml.extends at the
 * variant's extends:; each base read counts toward its file's read
 * limit (system_limit.c).
 */
#include "system_impl.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "arena.h"
#include "deps.h"
#include "doc.h"
#include "schema.h"
#include "util.h"

/*
 * A variant's problem with a value it takes from a base is told at the
 * base's line, where the value is: say whose problem it is, at the
 * variant's extends: (ext), when one was told elsewhere since problems
 * were counted and here of them at ext's file.
 */
void
variant_note(const struct node *ext, int problems, int here)
{
	if (ext && diag_raised(L_WARNING) + diag_raised(L_ERROR) +
	    diag_raised(L_FATAL) - problems > diag_raised_in(ext->file) - here)
		diag(L_NOTE, "yaml.extends", ext, "this document takes values "
		    "from '%s': a problem with one is told at the file that "
		    "holds it", ext->str);
}

/*
 * Whether root's extends: leads, base by base, to a document that says
 * its system: root is then a variant, whatever else it says.  What the
 * bases hold is told when the variant is read, not here.
 */
int
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

/* The files a variant's chain has read, the variant's own first: a
 * base that is one of them leads back, a circle. */
struct chain {
	char *real[MAXBASES + 1];
	int n;
	const char *deep;	/* the base past the limit, told at the top */
};

static struct node *extend(struct node *doc, struct arena *a,
    struct chain *c);

/* The real path of the base file ext names (file: as told), a regular
 * YAML file not already in the chain c; NULL after saying why at ext. */
static char *
base_locate(const struct node *ext, const struct chain *c, char *file,
    size_t size, struct stat *st)
{
	const char *path = ext->str;
	char *real;
	int i;

	path_beside(ext->file, path, file, size);
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
	if (stat(real, st) < 0)
		st->st_mode = 0;
	if (!S_ISREG(st->st_mode) || !yaml_name(real)) {
		diag(L_ERROR, "yaml.extends", ext, "'%s' is %s; extends: names "
		    "the YAML file of the unit this one varies", path,
		    S_ISDIR(st->st_mode) ? "a folder" : !S_ISREG(st->st_mode) ?
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
	return real;
}

/* The one document of the base file (real, told as file) into a; NULL
 * with *told set when it holds none, more than one or no mapping (said
 * at ext), NULL alone when it could not be read. */
static struct node *
base_read(const struct node *ext, const char *real, const char *file,
    struct arena *a, int *told)
{
	char plain[PATH_MAX], what[48];
	const char *path = ext->str;
	struct node *doc, *more;
	struct reader *rd;

	rd = reader_open(plain_path(real, file, plain, sizeof(plain)));
	doc = rd ? reader_next(rd, a) : NULL;
	more = doc ? reader_next(rd, a) : NULL;
	*told = 1;
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
		*told = 0;
	reader_close(rd);
	return *told ? NULL : doc;
}

/*
 * The one document of the base file that ext names (relative to the
 * file ext was read from), read into a and with its own extends:
 * resolved in turn.  NULL after saying why at ext.
 */
static struct node *
read_base(const struct node *ext, struct arena *a, struct chain *c)
{
	char file[PATH_MAX], *real;
	const char *path = ext->str;
	int before = diag_raised(L_ERROR) + diag_raised(L_FATAL), told;
	struct node *doc, *base;
	struct stat st;

	if ((real = base_locate(ext, c, file, sizeof(file), &st)) == NULL)
		return NULL;
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
	doc = base_read(ext, real, file, a, &told);
	/* Unreadable, not YAML, a duplicate key, a tag...: its own
	 * problems are told at its own file, once. */
	if (!told && (doc == NULL || diag_raised(L_ERROR) +
	    diag_raised(L_FATAL) > before))
		diag(L_ERROR, "yaml.extends", ext, "'%s' cannot be used: it "
		    "has errors, told at that file", path);
	if (doc == NULL || diag_raised(L_ERROR) + diag_raised(L_FATAL) >
	    before) {
		free(real);
		return NULL;
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
struct node *
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
