/*
 * schema.h -- declarative key tables that turn a node tree into
 * diagnostics: type, range, allowed values, required keys, unknown keys
 * (with "did you mean").
 *
 * A table is an array of struct skey ended by an entry with a NULL name.
 * Build entries with the K_* macros below, e.g.
 *
 *	static const struct skey movement[] = {
 *		K_INT("max_speed", REQ, 0, 100),
 *		K_STR("maneuver", REQ),
 *		K_MAP("terrain", REQ, terrain),
 *		K_END
 *	};
 *
 * schema_check() reports every problem it finds (yaml.type, yaml.range,
 * yaml.enum, yaml.missing-key, yaml.unknown-key) and marks the offending
 * nodes bad, so that loaders reading the tree afterwards see them as
 * absent and the game rules still run on everything else.
 */
#ifndef MUSTER_SCHEMA_H
#define MUSTER_SCHEMA_H

struct node;

enum stype {
	T_ANY,		/* anything, left to the caller */
	T_STR,		/* a scalar, used as text */
	T_INT,		/* a whole number */
	T_NUM,		/* a decimal number */
	T_BOOL,		/* true or false */
	T_MAP,		/* keys of sub[] */
	T_SEQ,		/* items described by sub[0] */
	T_MAPANY	/* a mapping with any text keys; values as sub[0] */
};

enum {
	REQ = 1,	/* the key must be present */
	OPT = 0,
	RANGE = 2	/* min and max apply (value, or list length) */
};

struct skey {
	const char *name;
	enum stype type;
	unsigned flags;
	long min, max;
	const struct skey *sub;
	const char *const *oneof;	/* T_STR: the allowed values */
	const char *hint;	/* what to give, for "missing key" messages */
};

#define K_END			{ NULL, T_ANY, 0, 0, 0, NULL, NULL, NULL }
#define K_ANY(n, f)		{ n, T_ANY, f, 0, 0, NULL, NULL, NULL }
#define K_STR(n, f)		{ n, T_STR, f, 0, 0, NULL, NULL, NULL }
#define K_TEXT(n, f, hint)	{ n, T_STR, f, 0, 0, NULL, NULL, hint }
#define K_ENUM(n, f, v)		{ n, T_STR, f, 0, 0, NULL, v, NULL }
#define K_INT(n, f, lo, hi)	{ n, T_INT, (f) | RANGE, lo, hi, NULL, NULL, NULL }
#define K_NUM(n, f, lo, hi)	{ n, T_NUM, (f) | RANGE, lo, hi, NULL, NULL, NULL }
#define K_BOOL(n, f)		{ n, T_BOOL, f, 0, 0, NULL, NULL, NULL }
#define K_MAP(n, f, keys)	{ n, T_MAP, f, 0, 0, keys, NULL, NULL }
#define K_MAPANY(n, f, item)	{ n, T_MAPANY, f, 0, 0, item, NULL, NULL }
#define K_SEQ(n, f, lo, hi, item) { n, T_SEQ, (f) | RANGE, lo, hi, item, NULL, NULL }
#define K_SEQH(n, f, lo, hi, item, hint) \
	{ n, T_SEQ, (f) | RANGE, lo, hi, item, NULL, hint }

/*
 * Checks n against spec (one entry: the value's own description; its
 * name is used in messages when the value has no key).  path names n in
 * messages ("" for a document root).  Returns the number of errors.
 */
int schema_check(const struct node *n, const struct skey *spec,
    const char *path);

/* Name of a type for messages: "a whole number", "true or false"... */
const char *stype_name(enum stype t);

#endif
