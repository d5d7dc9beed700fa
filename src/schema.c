/*
 * schema.c -- see schema.h.
 */
#include "schema.h"
#include "schema_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "doc.h"
#include "util.h"

#define MAXKEYS 64

const char *
stype_name(enum stype t)
{
	switch (t) {
	case T_STR:	return "text";
	case T_INT:	return "a whole number";
	case T_NUM:	return "a number";
	case T_BOOL:	return "true or false";
	case T_MAP:
	case T_MAPANY:	return "a mapping of keys";
	case T_SEQ:	return "a list";
	default:	return "a value";
	}
}

static void
mark_bad(const struct node *n)
{
	((struct node *)n)->bad = 1;
}

/*
 * path.key into out (cut to size), for the diagnostics that name a key:
 * built for every key checked, most never printed, so by memcpy rather
 * than snprintf, which showed in the profile of check.
 */
static void
join(char *out, size_t size, const char *path, const char *key)
{
	size_t p = strlen(path), k = strlen(key), n = 0;

	if (size == 0)
		return;
	if (p > size - 1)
		p = size - 1;
	memmove(out, path, p);
	n = p;
	if (p && n < size - 1)
		out[n++] = '.';
	if (k > size - 1 - n)
		k = size - 1 - n;
	memcpy(out + n, key, k);
	out[n + k] = '\0';
}

/* path[i] into out, as join() does. */
static void
join_index(char *out, size_t size, const char *path, size_t i)
{
	char num[24], *d = num + sizeof(num);
	size_t p = strlen(path), k;

	*--d = '\0';
	*--d = ']';
	do
		*--d = (char)('0' + i % 10);
	while ((i /= 10) > 0);
	*--d = '[';
	k = strlen(d);
	if (size == 0)
		return;
	if (p > size - 1)
		p = size - 1;
	memmove(out, path, p);
	if (k > size - 1 - p)
		k = size - 1 - p;
	memcpy(out + p, d, k);
	out[p + k] = '\0';
}

/*
 * Where a value is, as a chain from the document down: a key under up,
 * or an item of up (key NULL), or the root (up NULL, key the path given).
 * The text ('movement.terrain.rough', 'weapons[1].spread') is made only
 * for a message: the check of a unit's hundred values makes none.
 */
struct spath {
	const struct spath *up;
	const char *key;
	size_t index;
	int empty;		/* the text is "" */
};

#define PATH_SIZE 256

/* p's text into out, PATH_SIZE bytes: each step joined as join() and
 * join_index() join it, so cut at the same place. */
static const char *
path_text(const struct spath *p, char out[PATH_SIZE])
{
	if (p->up == NULL)
		join(out, PATH_SIZE, "", p->key);
	else if (path_text(p->up, out), p->key)
		join(out, PATH_SIZE, out, p->key);
	else
		join_index(out, PATH_SIZE, out, p->index);
	return out;
}

/* A step down from up: its key, or (key NULL) its item i. */
static struct spath
path_down(const struct spath *up, const char *key, size_t i)
{
	struct spath p;

	p.up = up;
	p.key = key;
	p.index = i;
	p.empty = key && up->empty && *key == '\0';
	return p;
}

static int
wrong_type(const struct node *n, const struct skey *k, const char *path)
{
	char what[48];
	double d;

	/* "5" in quotes is text: say so, as the number it looks like. */
	if (n->type == N_SCALAR && !n->plain && (k->type == T_INT ||
	    k->type == T_NUM) && scalar_double(n, &d) != 0)
		diag(L_ERROR, "yaml.type", n, "'%s' must be %s, not the text "
		    "%s; leave out the quotes", path, stype_name(k->type),
		    node_what(n, what));
	else
		diag(L_ERROR, "yaml.type", n, "'%s' must be %s, not %s", path,
		    stype_name(k->type), node_what(n, what));
	mark_bad(n);
	return 1;
}

/* The first control character of s (utf8_control()), or -1. */
static long
control_char(const char *s)
{
	while (*s) {
		long c = utf8_next(&s);

		if (utf8_control(c))
			return c;
	}
	return -1;
}

const char *
schema_name_fault(const char *s, struct sbuf *sb)
{
	size_t len = utf8_len(s);

	sb_reset(sb);
	if (s[strspn(s, " \t\r\n")] == '\0')
		sb_addf(sb, "is %s; give a name of 1 to %d characters",
		    len ? "only blanks" : "empty", NAME_MAX_CHARS);
	else if (len > NAME_MAX_CHARS)
		sb_addf(sb, "is %zu characters long; a name has at most %d",
		    len, NAME_MAX_CHARS);
	else
		return NULL;
	return sb_str(sb);
}

static int
text_too_long(const struct node *n, const struct skey *k, const char *path)
{
	size_t len = utf8_len(n->str);
	struct sbuf sb = SBUF_INIT;
	const char *fault;
	long c;

	if (strcmp(k->name, "name") == 0 &&
	    (fault = schema_name_fault(n->str, &sb)) != NULL) {
		diag(L_ERROR, "yaml.range", n, "'%s' %s", path, fault);
		sb_release(&sb);
	} else if (len > TEXT_MAX_CHARS)
		diag(L_ERROR, "yaml.range", n, "'%s' is %zu characters long; "
		    "text has at most %d", path, len, TEXT_MAX_CHARS);
	else if ((c = control_char(n->str)) >= 0)
		diag(L_ERROR, "yaml.range", n, "'%s' holds a control character "
		    "(U+%04lX), which no card can print: write printable "
		    "text", path, c);
	else if (strcmp(k->name, "name") == 0 && strpbrk(n->str, "\t\r\n"))
		diag(L_ERROR, "yaml.range", n, "'%s' holds a tab or a line "
		    "break: a name is one line", path);
	else
		return 0;
	mark_bad(n);
	return 1;
}

/* The text at n against k: not empty, not a name tagged as a number,
 * not too long, one of k's words if it has them. */
static int
check_text(const struct node *n, const struct skey *k, const char *path)
{
	struct sbuf sb = SBUF_INIT;

	if (node_is_null(n)) {
		diag(L_ERROR, "yaml.type", n,
		    "'%s' is empty; it must be text", path);
		mark_bad(n);
		return 1;
	}
	/* name: !!int 5 says it is a number, not a name (a card's
	 * other fields may be numbers). */
	if (n->typed && !n->bad && (strcmp(k->name, "name") == 0 ||
	    (strlen(path) > 5 && strcmp(path + strlen(path) - 5,
	    ".name") == 0))) {
		diag(L_ERROR, "yaml.type", n, "'%s' must be a name, "
		    "text, not '%s' tagged as a number or a yes/no: "
		    "leave the tag out", path, n->str);
		mark_bad(n);
		return 1;
	}
	if (text_too_long(n, k, path))
		return 1;
	if (k->oneof == NULL)
		return 0;
	for (const char *const *p = k->oneof; *p; p++)
		if (strcmp(n->str, *p) == 0)
			return 0;
	diag(L_ERROR, k->rule ? k->rule : "yaml.enum", n,
	    "'%s' is '%s'%s", path, n->str,
	    sb_hint(&sb, n->str, k->oneof, 1));
	sb_release(&sb);
	mark_bad(n);
	return 1;
}

static int
check_scalar(const struct node *n, const struct skey *k, const char *path)
{
	double d;
	long v;
	int r, b;

	if (n->type != N_SCALAR || (node_is_null(n) && k->type != T_STR))
		return wrong_type(n, k, path);
	switch (k->type) {
	case T_STR:
		return check_text(n, k, path);
	case T_INT:
		r = scalar_long(n, &v);
		if (r == 0) {
			if (scalar_double(n, &d) == 1) {
				diag(L_ERROR, "yaml.type", n,
				    "'%s' must be a whole number, not '%s'",
				    path, n->str);
				mark_bad(n);
				return 1;
			}
			return wrong_type(n, k, path);
		}
		if (r < 0 || ((k->flags & RANGE) && (v < k->min || v > k->max))) {
			/* With a hint the bounds are muster's, wider than
			 * the rule's: say which one was passed and what the
			 * rule asks, never "-99 to 99" for a rule of 1 or
			 * more. */
			if (k->hint)
				diag(L_ERROR, "yaml.range", n,
				    "'%s' is %s, %s than %.0f, muster's limit "
				    "here; give %s", path, n->str,
				    r < 0 ? (n->str[0] == '-' ? "less" :
				    "more") : v < k->min ? "less" : "more",
				    r < 0 ? (n->str[0] == '-' ? k->min :
				    k->max) : v < k->min ? k->min : k->max,
				    k->hint);
			else
				diag(L_ERROR, "yaml.range", n,
				    "'%s' is %s, outside %.0f to %.0f", path,
				    n->str, k->min, k->max);
			mark_bad(n);
			return 1;
		}
		return 0;
	case T_NUM:
		r = scalar_double(n, &d);
		if (r == 0)
			return wrong_type(n, k, path);
		if (r < 0 || ((k->flags & RANGE) &&
		    (d < k->min || d > k->max))) {
			diag(L_ERROR, "yaml.range", n,
			    "'%s' is %s, outside %g to %g", path, n->str,
			    k->min, k->max);
			mark_bad(n);
			return 1;
		}
		return 0;
	case T_BOOL:
		if (!scalar_bool(n, &b))
			return wrong_type(n, k, path);
		return 0;
	default:
		return 0;
	}
}

/* Off: every value takes check() and check_scalar() (schema.h). */
static int shortcuts = 1;

int
schema_shortcuts(int on)
{
	int was = shortcuts;

	shortcuts = on;
	return was;
}

/*
 * Whether check_text() would find the text n right by k: characters
 * that print (ASCII, or UTF-8 that is no control character), no more
 * than a name or a text may have, a name not only blanks, one of k's
 * words if it has them.  0 may say so for less: check_text() tells.
 */
static int
text_ok(const struct node *n, const struct skey *k)
{
	const char *p = n->str, *end = p + n->len;
	size_t chars;
	int blank = 1, name;
	long c;

	/* A null is plain and starts so: node_is_null() for those. */
	if (n->typed || k->name == NULL || (n->plain && (n->len == 0 ||
	    *p == '~' || *p == 'n' || *p == 'N') && node_is_null(n)))
		return 0;
	for (chars = 0; p < end; chars++) {
		unsigned char u = (unsigned char)*p;

		if (u >= 0x20 && u < 0x7f) {
			blank &= u == ' ';
			p++;
		} else if (u < 0x80 || (c = utf8_next(&p)) < 0 ||
		    utf8_control(c)) {
			return 0;
		} else {
			blank = 0;
		}
	}
	name = k->name[0] == 'n' && strcmp(k->name, "name") == 0;
	if (name ? blank || chars > NAME_MAX_CHARS : chars > TEXT_MAX_CHARS)
		return 0;
	if (k->oneof == NULL)
		return 1;
	for (const char *const *w = k->oneof; *w; w++)
		if (strcmp(n->str, *w) == 0)
			return 1;
	return 0;
}

/*
 * Whether check_scalar() would find n right by k, without its path: the
 * common case, found without making the path's text.  0 sends n there,
 * which tells what is wrong (or finds nothing: this may say 0 for less).
 */
static int
scalar_ok(const struct node *n, const struct skey *k)
{
	long v;
	double d;
	int b;

	if (n->type != N_SCALAR)
		return 0;
	switch (k->type) {
	case T_STR:
		return text_ok(n, k);
	case T_INT:
		return scalar_long(n, &v) == 1 &&
		    (!(k->flags & RANGE) ||
		    (v >= k->min && v <= k->max));
	case T_NUM:
		return scalar_double(n, &d) == 1 && (!(k->flags & RANGE) ||
		    (d >= k->min && d <= k->max));
	case T_BOOL:
		return scalar_bool(n, &b);	/* never a null */
	default:
		return 0;
	}
}

/*
 * Whether the value n is right by k, found at once: not told already
 * (check() counts that) and passed by scalar_ok().  A walk takes such a
 * value without going down to it with its path.
 */
static int
value_ok(const struct node *n, const struct skey *k)
{
	if (n->bad || !shortcuts)
		return 0;
	return scalar_ok(n, k);
}

void
schema_describe(struct sbuf *sb, const struct skey *k)
{
	const struct skey *sk;
	int n = 0;

	if (k->hint) {
		sb_adds(sb, k->hint);
	} else if (k->oneof) {
		sb_adds(sb, "one of ");
		sb_list(sb, k->oneof);
	} else if (k->type == T_INT && (k->flags & RANGE)) {
		sb_addf(sb, "a whole number from %.0f to %.0f", k->min, k->max);
	} else if (k->type == T_NUM && (k->flags & RANGE)) {
		sb_addf(sb, "a number from %g to %g", k->min, k->max);
	} else if (k->type == T_MAP && k->sub) {
		sb_adds(sb, "a mapping with ");
		for (sk = k->sub; sk->name; sk++)
			if (sk->flags & REQ)
				sb_addf(sb, "%s%s", n++ ? ", " : "", sk->name);
		if (n == 0)
			sb_adds(sb, "any of its keys");
	} else if (k->type == T_SEQ && k->min == k->max && (k->flags & RANGE)) {
		sb_addf(sb, "a list of %.0f", k->min);
	} else {
		sb_adds(sb, stype_name(k->type));
	}
}

/* Whether the key node kn is named name, of len bytes: its text up to a
 * NUL is name, as strcmp() would say.  The first byte is compared
 * before the call, where most names that differ differ. */
static inline int
is_named(const struct node *kn, const char *name, size_t len)
{
	return kn->len >= len && mem_same(name, kn->str, len + 1);
}

/* The entry of keys that the key node kn names, or NULL.  A table's
 * names are each given once (test_schema), so the search may start at
 * *from, the entry after the last found (a file gives its keys in about
 * the table's order), and go round. */
static const struct skey *
find_key(const struct skey *keys, const struct skey **from,
    const struct node *kn)
{
	const struct skey *k;

	if (kn->type != N_SCALAR)
		return NULL;
	for (k = *from; k->name; k++)
		if (k->name[0] == kn->str[0] && is_named(kn, k->name, k->len))
			return *from = k + 1, k;
	for (k = keys; k < *from; k++)
		if (k->name[0] == kn->str[0] && is_named(kn, k->name, k->len))
			return *from = k + 1, k;
	return NULL;
}

static int check(const struct node *n, const struct skey *k,
    const struct spath *sp);

/* The unknown key kn of a mapping told, with the key it may have meant:
 * a missing one first (have[j]: the mapping has keys[j]). */
static void
unknown_key(const struct node *n, const struct skey *keys,
    const unsigned char *have, const struct node *kn, const struct spath *sp)
{
	const char *names[MAXKEYS + 1], *missing[MAXKEYS + 1];
	struct sbuf sb = SBUF_INIT;
	char path[PATH_SIZE];
	size_t nk = 0, nm = 0;

	for (const struct skey *k = keys; k->name; k++) {
		if (nk < MAXKEYS)
			names[nk++] = k->name;
		/* "gunner" meant the missing "gunners", not the "gunnery"
		 * the mapping has. */
		if ((k->flags & REQ) && nm < MAXKEYS && !(k - keys < MAXKEYS ?
		    have[k - keys] : node_key(n, k->name) != NULL))
			missing[nm++] = k->name;
	}
	names[nk] = NULL;
	missing[nm] = NULL;
	diag(L_ERROR, "yaml.unknown-key", kn, "unknown key '%s'%s%s%s",
	    kn->str, sp->empty ? "" : " in ", path_text(sp, path),
	    sb_hint_prefer(&sb, kn->str, missing, names, 1));
	sb_release(&sb);
}

/* The required key k that the mapping n lacks, told. */
static void
missing_key(const struct node *n, const struct skey *k,
    const struct spath *sp)
{
	struct sbuf sb = SBUF_INIT;
	struct spath sub = path_down(sp, k->name, 0);
	char path[PATH_SIZE];

	schema_describe(&sb, k);
	diag(L_ERROR, "yaml.missing-key", n, "missing key '%s': give %s",
	    path_text(&sub, path), sb.buf);
	sb_release(&sb);
}

static int
check_map(const struct node *n, const struct skey *keys,
    const struct spath *sp)
{
	/* have[j]: the mapping has keys[j] (j below MAXKEYS); ks[i]: the
	 * entry of its key i (i below MAXKEYS). */
	unsigned char have[MAXKEYS] = { 0 };
	const struct skey *ks[MAXKEYS], *from = keys;
	struct spath sub;
	size_t i;
	int errs = 0;

	/* One pass matches each of the mapping's keys to its entry. */
	for (i = 0; i < n->n; i++) {
		const struct skey *k = find_key(keys, &from, MAP_KEY(n, i));

		if (i < MAXKEYS)
			ks[i] = k;
		if (k && k - keys < MAXKEYS)
			have[k - keys] = 1;
	}
	for (i = 0; i < n->n; i++) {
		const struct node *kn = MAP_KEY(n, i);
		const struct skey *k;

		if (kn->type != N_SCALAR)
			continue;	/* reported by the reader */
		if ((k = i < MAXKEYS ? ks[i] : find_key(keys, &from, kn)) ==
		    NULL) {
			unknown_key(n, keys, have, kn, sp);
			mark_bad(MAP_VAL(n, i));
			errs++;
			continue;
		}
		if (value_ok(MAP_VAL(n, i), k))
			continue;
		sub = path_down(sp, k->name, 0);
		errs += check(MAP_VAL(n, i), k, &sub);
	}
	for (const struct skey *k = keys; k->name; k++) {
		if (!(k->flags & REQ) || (k - keys < MAXKEYS ? have[k - keys] :
		    node_key(n, k->name) != NULL))
			continue;
		missing_key(n, k, sp);
		errs++;
	}
	return errs;
}

/* The description of the value of key in a mapping of any keys k: its
 * values', but a key called name is a name (SPEC 8: 1 to 100
 * characters, not only blanks) where the values are text; *tmp holds
 * that one. */
const struct skey *
schema_any_value(const struct skey *k, const char *key, struct skey *tmp)
{
	if (key == NULL || strcmp(key, "name") != 0 || k->sub == NULL ||
	    k->sub->type != T_STR || k->sub->oneof != NULL)
		return k->sub;
	*tmp = *k->sub;
	tmp->name = "name";
	tmp->len = 4;
	return tmp;
}

static int
check(const struct node *n, const struct skey *k, const struct spath *sp)
{
	char path[PATH_SIZE];
	struct spath root, sub;
	struct skey as_name;
	size_t i;
	int errs = 0;

	if (sp->empty && k->name) {
		root = path_down(sp, NULL, 0);
		root.up = NULL;
		root.key = k->name;
		root.empty = *k->name == '\0';
		sp = &root;
	}
	/* Told already (a tag muster does not read): one message a value. */
	if (n->bad)
		return 1;
	switch (k->type) {
	case T_ANY:
		return 0;
	case T_MAP:
		if (n->type != N_MAP)
			return wrong_type(n, k, sp->empty ? "document" :
			    path_text(sp, path));
		return check_map(n, k->sub, sp);
	case T_MAPANY:
		if (n->type != N_MAP)
			return wrong_type(n, k, path_text(sp, path));
		for (i = 0; i < n->n; i++) {
			const struct node *kn = MAP_KEY(n, i);
			const struct skey *vk = schema_any_value(k, kn->str,
			    &as_name);

			if (kn->type != N_SCALAR || value_ok(MAP_VAL(n, i), vk))
				continue;
			sub = path_down(sp, kn->str, 0);
			errs += check(MAP_VAL(n, i), vk, &sub);
		}
		return errs;
	case T_SEQ:
		if (n->type != N_SEQ)
			return wrong_type(n, k, path_text(sp, path));
		if ((k->flags & RANGE) &&
		    (n->n < (size_t)k->min || n->n > (size_t)k->max)) {
			if (k->min == k->max)
				diag(L_ERROR, "yaml.range", n,
				    "'%s' has %zu item%s; it must have %.0f",
				    path_text(sp, path), n->n, n->n == 1 ? "" :
				    "s", k->min);
			else
				diag(L_ERROR, "yaml.range", n,
				    "'%s' has %zu item%s; allowed %.0f to %.0f",
				    path_text(sp, path), n->n, n->n == 1 ? "" :
				    "s", k->min, k->max);
			mark_bad(n);
			return 1;
		}
		/* An item by its index, from 0 as in jq and JSON Pointer:
		 * 'weapons[1].spread', not the whole list's name. */
		for (i = 0; i < n->n; i++) {
			if (value_ok(n->kid[i], k->sub))
				continue;
			sub = path_down(sp, NULL, i);
			errs += check(n->kid[i], k->sub, &sub);
		}
		return errs;
	default:
		if (shortcuts && scalar_ok(n, k))
			return 0;
		return check_scalar(n, k, path_text(sp, path));
	}
}

int
schema_check(const struct node *n, const struct skey *k, const char *path)
{
	struct spath root;

	root.up = NULL;
	root.key = path;
	root.index = 0;
	root.empty = *path == '\0';
	return check(n, k, &root);
}
