/*
 * doc.h -- YAML documents as a tree of nodes that remember where they were.
 *
 * A reader turns a file into documents one at a time (libyaml's event
 * loop), so a file of ten thousand cards never sits in memory at once.
 * Each document's nodes live in the arena the caller passes to
 * reader_next(); reset that arena before reading the next document.
 *
 * The reader enforces the limits of SPEC section 8: file size, nesting
 * depth, node count and alias expansion.  Duplicate keys, non-text keys,
 * unknown aliases and syntax errors become diagnostics (yaml.*).
 * A merge key ('<<: *base', '<<: [*a, *b]', YAML 1.1's) is applied as
 * the mapping is read: its keys are added to the mapping's own.
 *
 * Scalars keep their text; what type a scalar has is decided by the
 * schema that reads it (so "n" stays a string where a string is wanted).
 */
#ifndef MUSTER_DOC_H
#define MUSTER_DOC_H

#include <stddef.h>
#include <string.h>

struct arena;

enum node_type { N_SCALAR, N_MAP, N_SEQ };

struct node {
	unsigned char type;	/* enum node_type */
	unsigned char plain;	/* scalar written without quotes or !!str */
	unsigned char bad;	/* the schema found it wrong: accessors skip it */
	unsigned char typed;	/* tagged !!int, !!float or !!bool: not text */
	unsigned char dupkeys;	/* map: a key given twice (told by the reader) */
	unsigned char whole;	/* scalar: plain text of a whole number, in num */
	unsigned short hint;	/* map: where node_get() looks first */
	int line, col;		/* 1-based place of the node's first character */
	const char *file;	/* the path it was read from (owned by the reader) */
	const char *str;	/* scalar text, NUL-terminated */
	size_t len;		/* scalar length in bytes */
	union {
		struct node **kid;	/* map: key, value, key, value...;
					 * seq: items */
		long num;	/* scalar, whole set: the number (read once,
				 * by the reader, not at every look) */
	};
	size_t n;		/* map: number of pairs; seq: number of items */
	size_t weight;		/* nodes below and including this one, aliases expanded */
};

/* Limits of SPEC section 8: any input beyond them is refused, not read. */
#define DOC_MAX_BYTES	((size_t)64 << 20)	/* one file */
#define DOC_MAX_DEPTH	64			/* nested collections */
#define DOC_MAX_NODES	((size_t)1000000)	/* one document, aliases expanded */

struct reader;

/* What standard input is called in messages: "-" names it (SPEC 2). */
#define STDIN_NAME "<stdin>"

/*
 * Opens path for reading documents ("-": standard input, read to its
 * end at once).  On failure (missing, unreadable, a
 * folder, too large) it reports the problem and returns NULL.  The caller
 * frees the reader with reader_close().
 */
struct reader *reader_open(const char *path);
/* As reader_open, over len bytes at buf that the reader copies. */
struct reader *reader_open_mem(const char *name, const char *buf, size_t len);
/*
 * The next document's root, allocated from a, or NULL when there are no
 * more documents or the file has a syntax or limit error (reported).  An
 * empty document yields an empty plain scalar.
 */
struct node *reader_next(struct reader *r, struct arena *a);
/* Nonzero once the reader met an error it could not read past. */
int reader_failed(const struct reader *r);
/* The path as given, owned by the reader. */
const char *reader_path(const struct reader *r);
void reader_close(struct reader *r);

/*
 * over laid on base, as a variant on the document it extends: where both
 * are mappings, every key of either, and for a key of both over's value
 * laid on base's in turn; anything else (a list, a scalar, a mapping
 * over something else) is over's alone.  Keys keep base's order, then
 * over's new ones.  The mappings it makes come from a and take over's
 * place; every other node is base's or over's own, not a copy, so that
 * it still names the file and line it was read from.  base may be NULL.
 */
struct node *node_merge(struct node *base, struct node *over,
    struct arena *a);

/*
 * Map access.  NULL if m is not a map or has no such key.  Keys are
 * compared by length first: node_get() and node_key() are inline, so
 * that a key written in the source is measured when compiling.
 */
const struct node *node_getn(const struct node *m, const char *key,
    size_t len);
static inline const struct node *
node_get(const struct node *m, const char *key)
{
	size_t len = strlen(key);

	/* Most often the key after the one found last (see map_find() in
	 * doc_node.c), looked at here before the call. */
	if (m != NULL && m->type == N_MAP && !m->dupkeys && m->hint < m->n &&
	    m->kid[2 * m->hint]->len == len &&
	    memcmp(m->kid[2 * m->hint]->str, key, len) == 0)
		return m->kid[2 * ((struct node *)m)->hint++ + 1];
	return node_getn(m, key, len);
}
/* The key node itself (to point a diagnostic at the key). */
const struct node *node_keyn(const struct node *m, const char *key,
    size_t len);
static inline const struct node *
node_key(const struct node *m, const char *key)
{
	return node_keyn(m, key, strlen(key));
}
/* A key a loader reads, and where its value goes. */
struct keyget {
	const char *name;
	size_t len;		/* strlen(name) */
	const struct node **at;
};
/* A key whose name is a string literal. */
#define KEYGET(n, at)		{ n, sizeof("" n "") - 1, at }
#define KEYGET_END		{ NULL, 0, NULL }
/*
 * The value of each key of keys in m, as node_get() finds it (NULL when
 * m has no such key or is not a mapping), by one walk of m's keys rather
 * than a search for each: a loader reads most keys of a mapping.  keys
 * ends with a NULL name and gives each name once.
 */
void keys_get(const struct node *m, const struct keyget *keys);
/* i-th key and value of a map. */
#define MAP_KEY(m, i) ((m)->kid[2 * (i)])
#define MAP_VAL(m, i) ((m)->kid[2 * (i) + 1])

/* A plain empty scalar, "~" or "null". */
int node_is_null(const struct node *n);
/*
 * Scalar conversions.  They return 1 and store the value when n is a
 * scalar of that type, 0 when it is not, -1 when a number is too large.
 * scalar_long() of a number the reader kept is that number; any other
 * is read from the text (scalar_long_text(), the same answer).
 */
int scalar_long_text(const struct node *n, long *out);
static inline int
scalar_long(const struct node *n, long *out)
{
	if (n != NULL && n->whole) {
		*out = n->num;
		return 1;
	}
	return scalar_long_text(n, out);
}
int scalar_double(const struct node *n, double *out);
int scalar_bool(const struct node *n, int *out);

/*
 * Typed reads for loaders after the schema ran: the value, or dflt when n
 * is NULL, marked bad, or not of the type.
 */
static inline long
node_long(const struct node *n, long dflt)
{
	long v;

	if (n == NULL || n->bad || scalar_long(n, &v) != 1)
		return dflt;
	return v;
}
double node_double(const struct node *n, double dflt);
int node_bool(const struct node *n, int dflt);
const char *node_str(const struct node *n, const char *dflt);
/* Looks key up in m and converts it, as above. */
static inline long
get_long(const struct node *m, const char *key, long dflt)
{
	return node_long(node_get(m, key), dflt);
}
static inline const char *
get_str(const struct node *m, const char *key, const char *dflt)
{
	return node_str(node_get(m, key), dflt);
}

/* A short description of a node's type for messages: "a mapping", "'foo'". */
const char *node_what(const struct node *n, char buf[48]);

#endif
