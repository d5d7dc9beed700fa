/*
 * doc_keys.c -- a finished map's keys, as the reader closes it: keys
 * that are not text dropped, duplicates told, YAML 1.1's merge keys
 * applied; see doc_impl.h.
 */
#include "doc.h"
#include "doc_impl.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "diag.h"
#include "util.h"

static int
by_key(const void *pa, const void *pb)
{
	const struct node *a = *(struct node *const *)pa;
	const struct node *b = *(struct node *const *)pb;
	int c = strcmp(a->str, b->str);

	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->col < b->col ? -1 : a->col > b->col;
}

static void
report_duplicate(const struct node *first, const struct node *again)
{
	diag(L_ERROR, "yaml.duplicate-key", again,
	    "duplicate key '%s' (first given at line %d): give each key once",
	    again->str, first->line);
}

/* Drops the pairs of m from the i-th on whose key is not text (told
 * here) or was told already: every reader of a mapping may then take a
 * key's text as there. */
static void
drop_bad_keys(struct node *m, size_t i)
{
	size_t j;

	for (j = i; i < m->n; i++) {
		struct node *k = MAP_KEY(m, i);

		if (k->type != N_SCALAR) {
			diag(L_ERROR, "yaml.type", k,
			    "a key must be plain text, not %s",
			    k->type == N_MAP ? "a mapping" : "a list");
			continue;
		}
		if (k->bad)	/* told: a NUL or a tag muster does not read */
			continue;
		MAP_KEY(m, j) = k;
		MAP_VAL(m, j) = MAP_VAL(m, i);
		j++;
	}
	m->n = j;
}

/* A plain '<<' key: YAML 1.1's merge ('<<' quoted is a key like any). */
static int
is_merge_key(const struct node *k)
{
	return k->type == N_SCALAR && k->plain && k->str[0] == '<' &&
	    k->str[1] == '<' && k->str[2] == '\0';
}

/*
 * Checks a finished map for keys that are not text and for duplicates.
 * 0 if it has no merge key '<<'; else (or for a large map, where
 * map_merge_keys() looks for itself) 1.
 */
int
map_check_keys(struct arena *a, struct node *m)
{
	size_t i, j, nk = 0;
	struct node **keys;
	int merge = 0;

	for (i = 0; i < m->n; i++)
		if (MAP_KEY(m, i)->type != N_SCALAR || MAP_KEY(m, i)->bad)
			break;
	if (i < m->n)
		drop_bad_keys(m, i);
	if (m->n < 2)
		return m->n == 1 && is_merge_key(MAP_KEY(m, 0));
	/* Small maps (a unit's top level has about 16 keys): each key
	 * against those before it, by their first byte and length first,
	 * is cheaper than sorting. */
	if (m->n <= 24) {
		/* Only a key whose byte and length came before (a bit of
		 * 256 for both) can repeat one. */
		unsigned long long seen[4] = { 0, 0, 0, 0 };

		for (i = 0; i < m->n; i++) {
			struct node *ki = MAP_KEY(m, i);
			unsigned char c = (unsigned char)ki->str[0];
			unsigned b = (c + 31 * (unsigned)ki->len) & 255;
			unsigned long long bit = 1ULL << (b & 63);

			if (c == '<')
				merge |= is_merge_key(ki);
			if (!(seen[b >> 6] & bit)) {
				seen[b >> 6] |= bit;
				continue;
			}
			for (j = 0; j < i; j++) {
				struct node *kj = MAP_KEY(m, j);

				if (ki->len == kj->len && ki->str[0] == c &&
				    memcmp(ki->str, kj->str, ki->len) == 0) {
					report_duplicate(kj, ki);
					m->dupkeys = 1;
					break;
				}
			}
		}
		return merge;
	}
	/* Large maps: sort the keys so that duplicates meet, O(n log n). */
	keys = arena_alloc(a, m->n * sizeof(*keys));
	for (i = 0; i < m->n; i++)
		if (MAP_KEY(m, i)->type == N_SCALAR)
			keys[nk++] = MAP_KEY(m, i);
	qsort(keys, nk, sizeof(*keys), by_key);
	/* Each key of a run of equal ones against the run's first: linear
	 * even when every key is the same. */
	for (i = 1, j = 0; i < nk; i++) {
		if (strcmp(keys[i]->str, keys[j]->str) == 0) {
			report_duplicate(keys[j], keys[i]);
			m->dupkeys = 1;
		} else
			j = i;
	}
	return 1;
}


/* Adds the mapping (or list of mappings) v of a '<<' to src[]. */
static void
merge_sources(const struct node *v, const struct node ***src, size_t *n,
    size_t *cap)
{
	char what[48];
	size_t i;

	if (v->bad)	/* told: a tag muster does not read */
		return;
	if (v->type == N_SCALAR) {
		diag(L_ERROR, "yaml.type", v, "merge key '<<' takes a mapping, "
		    "not %s: write '<<: *anchor' or '<<: [*a, *b]'",
		    node_what(v, what));
		return;
	}
	for (i = 0; i < (v->type == N_MAP ? 1 : v->n); i++) {
		const struct node *m = v->type == N_MAP ? v : v->kid[i];

		if (m->bad)
			continue;
		if (m->type != N_MAP) {
			diag(L_ERROR, "yaml.type", m, "a merge key's list "
			    "holds mappings, not %s: write '<<: [*a, *b]'",
			    node_what(m, what));
			continue;
		}
		if (*n == *cap) {
			*cap = *cap ? *cap * 2 : 4;
			*src = xrealloc(*src, *cap * sizeof(**src));
		}
		(*src)[(*n)++] = m;
	}
}

/*
 * YAML 1.1's merge key (yaml.org/type/merge.html), which YAML 1.2 left
 * to applications and editors still read: '<<: *base' or '<<: [*a, *b]'
 * adds to m the keys of those mappings that m does not give itself; of
 * the merged mappings the earlier wins.  The merged pairs take the
 * place of the '<<' and are the anchored nodes themselves, so that a
 * diagnostic names the line that holds the value.  The weight can only
 * fall: every merged node was counted when its alias was read.
 */
void
map_merge_keys(struct arena *a, struct node *m)
{
	const struct node **src = NULL;
	struct node **out;
	struct keytab t;
	size_t i, j, s, nsrc = 0, cap = 0, total, n = 0, weight = 1;
	int merged = 0;

	for (i = 0; i < m->n; i++)
		if (is_merge_key(MAP_KEY(m, i)))
			break;
	if (i == m->n)
		return;
	total = m->n;
	for (; i < m->n; i++)
		if (is_merge_key(MAP_KEY(m, i)))
			merge_sources(MAP_VAL(m, i), &src, &nsrc, &cap);
	for (s = 0; s < nsrc; s++)
		total += src[s]->n;
	keytab_init(&t, total);
	for (i = 0; i < m->n; i++)
		if (!is_merge_key(MAP_KEY(m, i)))
			keytab_put(&t, MAP_KEY(m, i)->str, i);
	out = arena_alloc(a, 2 * total * sizeof(*out));
	for (i = 0; i < m->n; i++) {
		if (!is_merge_key(MAP_KEY(m, i))) {
			out[2 * n] = MAP_KEY(m, i);
			out[2 * n + 1] = MAP_VAL(m, i);
			weight += out[2 * n]->weight + out[2 * n + 1]->weight;
			n++;
			continue;
		}
		if (merged++)	/* a second '<<' is a duplicate key, told */
			continue;
		for (s = 0; s < nsrc; s++)
			for (j = 0; j < src[s]->n; j++) {
				struct node *k = MAP_KEY(src[s], j);

				if (keytab_put(&t, k->str, n) != (size_t)-1)
					continue;
				out[2 * n] = k;
				out[2 * n + 1] = MAP_VAL(src[s], j);
				weight += k->weight + out[2 * n + 1]->weight;
				n++;
			}
	}
	keytab_free(&t);
	free(src);
	m->kid = out;
	m->n = n;
	m->weight = weight;
}
