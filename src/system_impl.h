/*
 * system_impl.h -- what the parts of the system layer share: the
 * batch's insides, the count of bytes read for one file's documents,
 * variants, and the name a referenced file is read by.  Internal to
 * system.c, system_batch.c, system_limit.c, system_variant.c and
 * system_ref.c; games and commands use system.h.
 */
#ifndef MUSTER_SYSTEM_IMPL_H
#define MUSTER_SYSTEM_IMPL_H

#include <stddef.h>

#include "system.h"

struct arena;
struct node;

/* ---- system_batch.c: claims by namespace and key ---- */

struct claim {
	char *ns, *key;
	struct place at;
	struct claim *next;
};

/* A file named by a document: loaded once, kept until the batch ends. */
struct ref {
	char *real;		/* its canonical path */
	struct arena *a;	/* its nodes and structures */
	struct loaded *docs;
	int n;
	int loading;		/* being read: a reference back is a circle */
	int bad;		/* unreadable, empty or with errors */
	struct ref *next;
};

#define NBUCKET 1024
#define MAXREFDEPTH 8	/* SPEC 8: references nest at most 8 deep */

struct batch {
	struct claim *bucket[NBUCKET];
	struct ref *refs;
	int depth;
	int doc_before;		/* errors raised before this document */
	int in_doc;		/* a document is being checked */
	/* what the command lends the games (batch_set_foreign(),
	 * batch_set_fields()) */
	int (*foreign)(const struct node *root, void *arg);
	void *foreign_arg;
	const char *const *(*fields)(const char *name, const struct node *at,
	    const char *rule, const char *type, void *arg);
	void *fields_arg;
	int (*field_at)(const char *name, const struct node *at,
	    const char *type, const char *field, struct place *out,
	    void *arg);
	int (*icons)(const char *name, const struct node *at,
	    const char *type, const char *text, struct sbuf *why, void *arg);
	int rendering;		/* batch_set_rendering() */
};

/* ---- system_limit.c: what one file's documents may read ---- */

/*
 * What system_read_more() counts: the bytes read for the documents of
 * one file, known by a hash of its name (made from path when first
 * asked: most files read nothing more).
 */
struct read_count {
	const char *path;	/* the name not hashed yet, or NULL */
	unsigned long hash;
	size_t bytes;
};

/*
 * Starts the count of the file read as path (its documents are about to
 * be loaded) and returns the count it replaces, which read_count_end()
 * puts back when the file is done: the count of a file that names
 * another goes on after it.
 */
struct read_count read_count_begin(const char *path);
void read_count_end(struct read_count saved);

/* ---- system_variant.c: extends: ---- */

#define MAXBASES 8	/* a variant's bases chain at most 8 deep */

/*
 * Whether root's extends: leads, base by base, to a document that says
 * its system: root is then a variant, whatever else it says.
 */
int base_has_system(const struct node *root);
/*
 * root with the chain of documents it extends laid under it; NULL after
 * saying why at an extends: value.
 */
struct node *variant_resolve(struct node *root, struct arena *a);
/*
 * After a variant's document is checked: a note at its extends: (ext)
 * when problems were told elsewhere, in the files of its bases, since
 * problems (all files) and here (ext's file) were counted.
 */
void variant_note(const struct node *ext, int problems, int here);

/* ---- system_ref.c: references ---- */

/*
 * The name a file whose canonical path is real, reached as file, is
 * read and told by (in buf, or file itself).
 */
const char *plain_path(const char *real, const char *file, char *buf,
    size_t size);

#endif
