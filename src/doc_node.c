/*
 * doc_node.c -- reading a node tree once built: a map's values by key,
 * scalars as numbers and yes/no; and a map merged over another
 * (node_merge()); see doc.h.
 */
#include "doc.h"
#include "doc_impl.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "util.h"

/*
 * The index of key (len bytes) in map m, or -1.  A map whose keys are
 * each given once is searched from after the key found last, round to
 * it: loaders ask for keys in about the order files give them, so the
 * next is found at once.  With a key given twice the first counts, so
 * from the start.  Every key of a map is text without a NUL (the reader
 * drops any other), so its length tells it from most others.
 */
static inline long
map_find(const struct node *m, const char *key, size_t len)
{
	size_t i, start, n;

	if (m == NULL || m->type != N_MAP || (n = m->n) == 0)
		return -1;
	start = m->dupkeys || m->hint >= n ? 0 : m->hint;
	i = start;
	do {
		const struct node *k = MAP_KEY(m, i);

		if (k->len == len && k->type == N_SCALAR &&
		    mem_same(k->str, key, len)) {
			/* Only a place to start: any value is safe. */
			((struct node *)m)->hint = (unsigned short)(i + 1);
			return (long)i;
		}
		if (++i == n)
			i = 0;
	} while (i != start);
	return -1;
}

const struct node *
node_keyn(const struct node *m, const char *key, size_t len)
{
	long i = map_find(m, key, len);

	return i < 0 ? NULL : MAP_KEY(m, i);
}

const struct node *
node_getn(const struct node *m, const char *key, size_t len)
{
	long i = map_find(m, key, len);

	return i < 0 ? NULL : MAP_VAL(m, i);
}

/* The entry of keys that names the key node k, or NULL: from *from,
 * the one after the last found, and round (as map_find() looks). */
static const struct keyget *
find_keyget(const struct keyget *keys, const struct keyget **from,
    const struct node *k)
{
	const struct keyget *f;

	for (f = *from; f->name; f++)
		if (f->len == k->len && mem_same(f->name, k->str, k->len))
			return *from = f + 1, f;
	for (f = keys; f < *from; f++)
		if (f->len == k->len && mem_same(f->name, k->str, k->len))
			return *from = f + 1, f;
	return NULL;
}

void
keys_get(const struct node *m, const struct keyget *keys)
{
	const struct keyget *f, *from = keys;
	size_t i, left = 0;

	for (f = keys; f->name; f++, left++)
		*f->at = NULL;
	if (m == NULL || m->type != N_MAP)
		return;
	/* A key given twice: the first counts, as for node_get(). */
	for (i = 0; i < m->n && left > 0; i++) {
		const struct node *k = MAP_KEY(m, i);

		if (k->type != N_SCALAR ||
		    (f = find_keyget(keys, &from, k)) == NULL || *f->at)
			continue;
		*f->at = MAP_VAL(m, i);
		left--;
	}
}

/* Whether scalar n is a plain "", "~" or null (by its first byte:
 * few are); inline in node_str(), which asks it of every text. */
static inline int
null_text(const struct node *n)
{
	return n->plain &&
	    (n->len == 0 || (n->str[0] == '~' && n->str[1] == '\0') ||
	    ((n->str[0] == 'n' || n->str[0] == 'N') &&
	    (strcmp(n->str, "null") == 0 || strcmp(n->str, "Null") == 0 ||
	    strcmp(n->str, "NULL") == 0)));
}

int
node_is_null(const struct node *n)
{
	return n && n->type == N_SCALAR && null_text(n);
}

int
scalar_long_text(const struct node *n, long *out)
{
	const char *s;
	char *end;
	long v;

	if (n == NULL || n->type != N_SCALAR || !n->plain || n->len == 0)
		return 0;
	s = n->str;
	if (*s == '+' || *s == '-')
		s++;
	if (*s < '0' || *s > '9')
		return 0;
	/* Digits that cannot overflow a long: read here, as strtol would. */
	if (short_whole(n->str, n->len, out))
		return 1;
	errno = 0;
	v = strtol(n->str, &end, 10);
	if (*end != '\0')
		return 0;
	if (errno == ERANGE)
		return -1;
	*out = v;
	return 1;
}

/*
 * A decimal of at most 15 digits and no exponent ("1.27", "-0.5", "12"),
 * read without strtod: its digits, a whole number below 2^53, divided by
 * a power of ten below 10^22, both exact as doubles, so the one rounding
 * of the division gives the double nearest the decimal, as strtod does.
 * 0 for any other text, left to strtod.
 */
static int
short_decimal(const char *s, double *out)
{
	static const double ten[] = {
		1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
		1e11, 1e12, 1e13, 1e14, 1e15
	};
	long long m = 0;
	int digits = 0, frac = -1, neg = *s == '-';
	double v;

	if (*s == '-' || *s == '+')
		s++;
	for (; *s; s++) {
		if (*s >= '0' && *s <= '9') {
			if (++digits > 15)
				return 0;
			m = m * 10 + (*s - '0');
			if (frac >= 0)
				frac++;
		} else if (*s == '.' && frac < 0) {
			frac = 0;
		} else {
			return 0;
		}
	}
	if (digits == 0)
		return 0;
	v = (double)m;
	if (frac > 0)
		v /= ten[frac];
	*out = neg ? -v : v;
	return 1;
}

int
scalar_double(const struct node *n, double *out)
{
	const char *s;
	char *end;
	double v;

	if (n == NULL || n->type != N_SCALAR || !n->plain || n->len == 0)
		return 0;
	if (short_decimal(n->str, out))
		return 1;
	/* YAML's infinity is a number, past any range (as 1e309 is). */
	s = n->str + (*n->str == '-' || *n->str == '+');
	if (strcmp(s, ".inf") == 0 || strcmp(s, ".Inf") == 0 ||
	    strcmp(s, ".INF") == 0)
		return -1;
	/* Only decimal notation: no hex, inf or nan. */
	for (s = n->str; *s; s++)
		if (!strchr("0123456789+-.eE", *s))
			return 0;
	errno = 0;
	v = strtod(n->str, &end);
	if (*end != '\0' || end == n->str)
		return 0;
	/* ERANGE on underflow is a tiny number, not a huge one. */
	if ((errno == ERANGE && fabs(v) > 1) || !isfinite(v))
		return -1;
	*out = v;
	return 1;
}

int
scalar_bool(const struct node *n, int *out)
{
	static const char *const yes[] = { "true", "True", "TRUE", NULL };
	static const char *const no[] = { "false", "False", "FALSE", NULL };
	const char *const *p;

	if (n == NULL || n->type != N_SCALAR || !n->plain)
		return 0;
	for (p = yes; *p; p++)
		if (strcmp(n->str, *p) == 0)
			return *out = 1, 1;
	for (p = no; *p; p++)
		if (strcmp(n->str, *p) == 0)
			return *out = 0, 1;
	return 0;
}

double
node_double(const struct node *n, double dflt)
{
	double v;

	if (n == NULL || n->bad || scalar_double(n, &v) != 1)
		return dflt;
	return v;
}

int
node_bool(const struct node *n, int dflt)
{
	int v;

	if (n == NULL || n->bad || !scalar_bool(n, &v))
		return dflt;
	return v;
}

const char *
node_str(const struct node *n, const char *dflt)
{
	if (n == NULL || n->bad || n->type != N_SCALAR || null_text(n))
		return dflt;
	return n->str;
}

const char *
node_what(const struct node *n, char buf[48])
{
	size_t len, cut;

	if (n->type == N_MAP)
		return "a mapping";
	if (n->type == N_SEQ)
		return "a list";
	if (node_is_null(n))
		return "nothing";
	len = strlen(n->str);
	if (len <= 40 && !memchr(n->str, '\n', len)) {
		snprintf(buf, 48, "'%s'", n->str);
		return buf;
	}
	/* Cut at a character boundary before the line end or byte 24. */
	for (cut = 0; cut < 24 && n->str[cut] && n->str[cut] != '\n';)
		cut++;
	while (cut > 0 && ((unsigned char)n->str[cut] & 0xc0) == 0x80)
		cut--;
	snprintf(buf, 48, "'%.*s...'", (int)cut, n->str);
	return buf;
}

/* ---- merging maps (see doc_impl.h) ---- */

void
keytab_init(struct keytab *t, size_t n)
{
	t->cap = 16;
	while (t->cap < 2 * n)
		t->cap *= 2;
	t->slot = xcalloc(t->cap, sizeof(*t->slot));
}

/* The index kept for key; if there is none, keeps idx for it and
 * returns (size_t)-1.  The table holds at most half its size. */
size_t
keytab_put(struct keytab *t, const char *key, size_t idx)
{
	size_t h = 5381, i;
	const char *p;

	for (p = key; *p; p++)
		h = h * 33 + (unsigned char)*p;
	for (i = h & (t->cap - 1); t->slot[i].key; i = (i + 1) & (t->cap - 1))
		if (strcmp(t->slot[i].key, key) == 0)
			return t->slot[i].idx;
	t->slot[i].key = key;
	t->slot[i].idx = idx;
	return (size_t)-1;
}

void
keytab_free(struct keytab *t)
{
	free(t->slot);
	t->slot = NULL;
}

struct node *
node_merge(struct node *base, struct node *over, struct arena *a)
{
	struct node *m, **out;
	struct keytab t;
	unsigned char *mine;	/* the pair is over's already */
	size_t i, at, n = 0, total;

	if (base == NULL || base->type != N_MAP || over->type != N_MAP ||
	    base->bad || over->bad)
		return over;
	m = arena_alloc(a, sizeof(*m));
	*m = *over;
	total = base->n + over->n;
	out = arena_alloc(a, 2 * (total ? total : 1) * sizeof(*out));
	keytab_init(&t, total);
	mine = xcalloc(total ? total : 1, 1);
	/* A key given twice was told by the reader; the first counts, as
	 * for node_get(). */
	for (i = 0; i < base->n; i++)
		if (keytab_put(&t, MAP_KEY(base, i)->str, n) == (size_t)-1) {
			out[2 * n] = MAP_KEY(base, i);
			out[2 * n + 1] = MAP_VAL(base, i);
			n++;
		}
	for (i = 0; i < over->n; i++) {
		at = keytab_put(&t, MAP_KEY(over, i)->str, n);
		if (at == (size_t)-1) {
			out[2 * n] = MAP_KEY(over, i);
			out[2 * n + 1] = MAP_VAL(over, i);
			mine[n++] = 1;
		} else if (!mine[at]) {
			out[2 * at] = MAP_KEY(over, i);
			out[2 * at + 1] = node_merge(out[2 * at + 1],
			    MAP_VAL(over, i), a);
			mine[at] = 1;
		}
	}
	keytab_free(&t);
	free(mine);
	m->kid = out;
	m->n = n;
	m->weight = 1;
	for (i = 0; i < 2 * n; i++)
		m->weight += out[i]->weight;
	return m;
}
