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

#include <stddef.h>

struct node;
struct sbuf;

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
	double min, max;	/* whole for T_INT and T_SEQ */
	const struct skey *sub;
	const char *const *oneof;	/* T_STR: the allowed values */
	const char *hint;	/* what to give, for "missing key" messages */
	const char *rule;	/* a value not in oneof is this rule's, not yaml.enum */
	size_t len;		/* strlen(name), for the search of a key */
};

/* The description of key's value in the mapping of any keys k (a key
 * called name is a name where the values are text); *tmp may hold it. */
const struct skey *schema_any_value(const struct skey *k, const char *key,
    struct skey *tmp);

/* What is wrong with s as a name (SPEC 8: 1 to 100 characters, not
 * only blanks), "is empty; give ...", written in sb; NULL when nothing. */
const char *schema_name_fault(const char *s, struct sbuf *sb);

/* The length of a key's name, which must be a string literal. */
#define K_LEN(n)		(sizeof("" n "") - 1)

#define K_END \
	{ NULL, T_ANY, 0, 0, 0, NULL, NULL, NULL, NULL, 0 }
#define K_ANY(n, f) \
	{ n, T_ANY, f, 0, 0, NULL, NULL, NULL, NULL, K_LEN(n) }
#define K_STR(n, f) \
	{ n, T_STR, f, 0, 0, NULL, NULL, NULL, NULL, K_LEN(n) }
#define K_TEXT(n, f, hint) \
	{ n, T_STR, f, 0, 0, NULL, NULL, hint, NULL, K_LEN(n) }
#define K_ENUM(n, f, v) \
	{ n, T_STR, f, 0, 0, NULL, v, NULL, NULL, K_LEN(n) }
/* An enum whose wrong values a game's rule reports ("shellshock.weapon-arc"). */
#define K_ENUMR(n, f, v, rule) \
	{ n, T_STR, f, 0, 0, NULL, v, NULL, rule, K_LEN(n) }
#define K_INT(n, f, lo, hi) \
	{ n, T_INT, (f) | RANGE, lo, hi, NULL, NULL, NULL, NULL, K_LEN(n) }
/* A whole number whose sanity bounds are wider than the rule's own
 * (checked by a game rule): the hint says what to give when missing. */
#define K_INTH(n, f, lo, hi, hint) \
	{ n, T_INT, (f) | RANGE, lo, hi, NULL, NULL, hint, NULL, K_LEN(n) }
#define K_NUM(n, f, lo, hi) \
	{ n, T_NUM, (f) | RANGE, lo, hi, NULL, NULL, NULL, NULL, K_LEN(n) }
#define K_BOOL(n, f) \
	{ n, T_BOOL, f, 0, 0, NULL, NULL, NULL, NULL, K_LEN(n) }
#define K_MAP(n, f, keys) \
	{ n, T_MAP, f, 0, 0, keys, NULL, NULL, NULL, K_LEN(n) }
#define K_MAPANY(n, f, item) \
	{ n, T_MAPANY, f, 0, 0, item, NULL, NULL, NULL, K_LEN(n) }
#define K_SEQ(n, f, lo, hi, item) \
	{ n, T_SEQ, (f) | RANGE, lo, hi, item, NULL, NULL, NULL, K_LEN(n) }
#define K_SEQH(n, f, lo, hi, item, hint) \
	{ n, T_SEQ, (f) | RANGE, lo, hi, item, NULL, hint, NULL, K_LEN(n) }

/*
 * Checks n against spec (one entry: the value's own description; its
 * name is used in messages when the value has no key).  path names n in
 * messages ("" for a document root).  Returns the number of errors.
 */
int schema_check(const struct node *n, const struct skey *spec,
    const char *path);

/*
 * Whether schema_check() takes its shortcuts (on at first): a value
 * that is right found so without its path, a short whole number read at
 * once.  Off, every value takes the full check; a test holds the two to
 * the same answers.  Returns the setting it replaces.
 */
int schema_shortcuts(int on);

/*
 * Appends to sb the JSON Schema (draft 2020-12) of a document whose keys
 * are keys: types, ranges, allowed values, required keys, descriptions,
 * no other keys; its system: and kind: keys, when given, are those
 * values.  The checker's own tables, so that the two cannot drift.
 */
void schema_json(struct sbuf *sb, const struct skey *keys, const char *id,
    const char *title, const char *system, const char *kind);

/* Name of a type for messages: "a whole number", "true or false"... */
const char *stype_name(enum stype t);

/*
 * ---- checks over several values, for a game's rules ----
 *
 * Each reports under rule and returns the number of problems.
 */

/*
 * Names given more than once (NULL entries and bad nodes are skipped):
 * "WHAT 'x' is WHERE twice (first at line N); HOW", in linear time.
 */
int check_unique(const struct node *const *names, size_t n,
    const char *rule, const char *what, const char *where, const char *how);

/* A span of whole numbers claimed by a row of a table, at its node. */
struct span {
	long lo, hi;
	const struct node *at;
};
/*
 * Spans that must cover lo..hi exactly once (a d6 table, an internal
 * damage chart 1-100): a number claimed twice is reported at the second
 * span, one outside lo..hi at its span, and each run of numbers nobody
 * claims once, at whole.  WHAT names a number: "roll".  hi - lo is at
 * most 100000.
 */
int check_cover(const struct span *s, size_t n, long lo, long hi,
    const struct node *whole, const char *rule, const char *what);

/*
 * A sequence that must ascend: each v[i] above v[i-1] (strict) or not
 * below it, reported at at[i]: "WHAT N comes after M; WHAT must rise
 * from row to row" (or "must not fall").
 */
int check_ascending(const long *v, const struct node *const *at, size_t n,
    int strict, const char *rule, const char *what);

#endif
