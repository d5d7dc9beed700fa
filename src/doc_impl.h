/*
 * doc_impl.h -- what doc.c (the reader), doc_keys.c (a map's keys) and
 * doc_node.c (node_merge()) share: the checks of a map the reader has
 * closed, the table of keys a merge builds, the reading of a whole
 * number.
 */
#ifndef MUSTER_DOC_IMPL_H
#define MUSTER_DOC_IMPL_H

#include <stddef.h>

/*
 * Keys by their text, for the merges (the reader's '<<', node_merge()):
 * a table of the index each key has in the mapping being built, open
 * addressing.  A hostile file may merge a mapping of a hundred thousand
 * keys into another.
 */
struct keytab {
	struct keyslot {
		const char *key;	/* NULL: free */
		size_t idx;
	} *slot;
	size_t cap;
};

void keytab_init(struct keytab *t, size_t n);
/* The index kept for key; if there is none, keeps idx for it and
 * returns (size_t)-1.  The table holds at most half its size. */
size_t keytab_put(struct keytab *t, const char *key, size_t idx);
void keytab_free(struct keytab *t);

struct arena;
struct node;
/*
 * A map just read: keys that are not text told and their pairs dropped,
 * duplicates told (m->dupkeys).  0 when it has no merge key '<<', else
 * (or for a large map, where map_merge_keys() looks for itself) 1.
 */
int map_check_keys(struct arena *a, struct node *m);
/* YAML 1.1's merge keys of m applied (see doc_keys.c). */
void map_merge_keys(struct arena *a, struct node *m);

/*
 * Whether the len bytes at s (NUL-ended) are a whole number of at most
 * 18 digits (9 where a long has 32 bits), with or without a sign, which
 * cannot overflow a long: then its value in *out.  Both the reader
 * (which keeps the number in the node) and scalar_long_text() read
 * numbers with it; longer ones are left to strtol.
 */
static inline int
short_whole(const char *s, size_t len, long *out)
{
	const char *d = s + (*s == '+' || *s == '-');
	long long a = 0;

	if (*d < '0' || *d > '9' ||
	    len - (size_t)(d - s) > (sizeof(long) >= 8 ? 18 : 9))
		return 0;
	while (*d >= '0' && *d <= '9')
		a = a * 10 + (*d++ - '0');
	if (*d != '\0')
		return 0;
	*out = (long)(*s == '-' ? -a : a);
	return 1;
}

#endif
