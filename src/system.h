/*
 * system.h -- the interface each game system implements, and the table of
 * systems.
 *
 * A system kind (shellshock card, ssg tactics, ...) is one file in
 * systems/ that provides a struct system: the keys its documents may
 * hold, a loader from the node tree to its own typed structure, a table
 * of rules (each a stable id and a check function), and an emitter that
 * turns the structure into records for the layout.  Systems know nothing
 * of PDF.  Adding one is a file in systems/ plus a row in systems[]
 * (system.c), a template and examples.
 */
#ifndef MUSTER_SYSTEM_H
#define MUSTER_SYSTEM_H

#include "diag.h"

struct arena;
struct batch;
struct node;
struct record;
struct skey;

/* A row of a rule table (mandoc's mdoc_valids[]). */
struct rule {
	const char *id;		/* stable, dotted: "shellshock.maneuver" */
	const char *summary;	/* what it demands, for the man page */
	/* Reports through diag() using self->id; NULL when the rule is
	 * reported elsewhere (by the loader, the layout or the batch). */
	void (*check)(const void *obj, struct batch *b, const struct rule *self);
};

/* Where the cards a document renders go; see emit_card(). */
struct emitter {
	struct record *rec;	/* filled by the system, one card at a time */
	void (*card)(struct emitter *e, int copies);
	void *ctx;
};

struct system {
	const char *name;	/* value of system: */
	const char *kind;	/* value of kind: */
	const char *summary;	/* what the kind describes, for --help */
	const struct skey *keys;	/* the document's keys (K_END-terminated) */
	const char *tmpl;	/* built-in template that renders it, or NULL */
	const struct rule *rules;	/* ended by a NULL id */
	/* Builds the typed structure in a from a document whose keys were
	 * checked (bad nodes are marked, see schema.h). */
	void *(*load)(const struct node *root, struct arena *a, struct batch *b);
	/* Sends each card of obj to e; NULL when the kind prints nothing. */
	void (*emit)(const void *obj, struct emitter *e);
};

/* Every system kind muster knows, ended by NULL. */
extern const struct system *const systems[];
/* Rules not owned by a system (yaml.*, io.*, render.*), ended by NULL id. */
extern const struct rule core_rules[];

const struct system *system_find(const char *name, const char *kind);

/* Cross-document state of one command run, e.g. card indices seen. */
struct batch *batch_new(void);
void batch_free(struct batch *b);

struct place {
	const char *file;
	int line, col;
	const char *what;	/* who claimed it, e.g. a unit's name */
};
/*
 * Claims key in namespace ns for what, defined at at.  Returns NULL the
 * first time, else the earlier claim (owned by the batch).
 */
const struct place *batch_claim(struct batch *b, const char *ns,
    const char *key, const char *what, const struct node *at);

/* A loaded and checked document. */
struct loaded {
	const struct system *sys;	/* NULL when system/kind are unusable */
	void *obj;			/* the system's structure, in the arena */
	int errors;			/* errors reported for this document */
};

/*
 * Finds the document's system, checks its keys, loads it and runs its
 * rules, reporting every problem.  obj lives in a.
 */
void system_load(const struct node *root, struct arena *a, struct batch *b,
    struct loaded *out);

/*
 * Reads every document of path, loads and checks each (system_load), and
 * calls fn with it before its memory is reused.  Reports unreadable files
 * and files without documents.  Returns the number of documents read.
 */
int system_read_file(const char *path, struct batch *b,
    void (*fn)(struct loaded *ld, void *ctx), void *ctx);

/*
 * Loads the first document of path into a (which the caller frees),
 * checked, for commands that work on one unit.  Returns 0 when it loaded
 * without errors, else -1 (reported).
 */
int system_read_one(const char *path, struct arena *a, struct batch *b,
    struct loaded *out);

/*
 * A document that is no game's, such as a template (it has 'template:'
 * and no 'system:'), is handed to this hook when set; it returns nonzero
 * when it took the document.  The layering stays: systems know nothing
 * of templates, the command that reads files does.
 */
extern int (*system_foreign_doc)(const struct node *root);

/* For a system's emit(): hands the filled record to the emitter. */
void emit_card(struct emitter *e, int copies);

#endif
