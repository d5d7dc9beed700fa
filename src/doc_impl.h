/*
 * doc_impl.h -- what doc.c (the reader) and doc_node.c (node_merge())
 * share: the table of keys a merge builds.
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

#endif
