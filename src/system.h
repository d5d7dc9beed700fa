/*
 * system.h -- the interface a game implements, and the table of games.
 *
 * A game (struct game) is one row of games[] (games.c).  It lists:
 *
 *   kinds     what a document holds (system: shellshock, kind: card):
 *             its keys, a loader from the node tree to the game's own
 *             structure, its rules (a stable id and a check each), and
 *             the products it prints;
 *   products  what a kind prints (card, sheet, counter, roster,
 *             reference): a record type, the template that prints it
 *             by default, and an emitter that fills one record per card
 *             face;
 *   commands  what the game adds to `muster odds`, `muster resolve`...:
 *             its own options, usage and output.
 *
 * A record type (struct rectype) names the fields its records carry, so
 * that a template naming a field no product fills is caught when the
 * template is checked, not halfway through a render.
 *
 * Games know nothing of PDF and choose no colours: templates do.  A new
 * game is files under systems/ and rules/ plus one row in games.c;
 * doc/adding-a-game.md is the checklist.
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
	 * reported elsewhere (by the loader, the layout or a command). */
	void (*check)(const void *obj, struct batch *b, const struct rule *self);
};

/*
 * What a template renders: a name ("shellshock.card") and the fields its
 * records carry, as patterns where "{E,M,B}" stands for each of E, M and
 * B and "{1..6}" for each number, NULL-ended.  An open type has fields
 * NULL: its records carry whatever fields their document gives, and a
 * template of it may name any field (system: cards, whose fields are
 * the user's own).
 */
struct rectype {
	const char *name;
	const char *summary;
	const char *const *fields;
};

/* Where the card faces of a product go; see emit_card(). */
struct emitter {
	struct record *rec;	/* filled by the game, one card face at a time */
	void (*card)(struct emitter *e, int copies);
	void *ctx;
};

struct product {
	const char *name;	/* card, sheet, counter, roster, reference */
	const struct rectype *type;
	const char *tmpl;	/* the built-in template that prints it */
	/* Fills e->rec with each card face of obj and hands it on with
	 * emit_card(); obj loaded without errors. */
	void (*emit)(const void *obj, struct emitter *e);
};

struct kind {
	const char *name;	/* value of kind: */
	const char *summary;	/* what the kind describes, for --help */
	const struct skey *keys;	/* the document's keys (K_END-ended) */
	const struct rule *rules;	/* ended by a NULL id */
	/* Builds the game's structure in a from a document whose keys were
	 * checked (bad nodes are marked, see schema.h). */
	void *(*load)(const struct node *root, struct arena *a, struct batch *b);
	const struct product *products;	/* ended by a NULL name */
	/* A commented document of this kind that passes check, for
	 * `muster new SYSTEM KIND`: what each key means and allows; or
	 * three parts split by form feeds, when a document names a file of
	 * its own (a deck and its CSV): see starter.h. */
	const char *starter;
};

/*
 * A game's part of a generic command: `muster odds shellshock ...` runs
 * the "odds" row of shellshock with argv[0] "shellshock".  run parses
 * its own options by its table (opt_parse, options.h), which prints its
 * --help, and returns the exit status (0, 1 input errors, 2 usage or
 * I/O); completion (cmd_complete.c) and `value`'s dispatch read the
 * same table.
 */
struct cmd_opts;

struct game_cmd {
	const char *name;	/* "odds", "resolve" */
	const char *summary;	/* one line for the command's overview */
	const char *usage;	/* `muster odds GAME --help`, to its options */
	int (*run)(int argc, char **argv);
	const struct cmd_opts *table;	/* its options (options.h) */
};

struct game {
	const char *name;	/* value of system: */
	const char *title;	/* "Shellshock Combat System" */
	const struct kind *const *kinds;	/* NULL-ended */
	const struct game_cmd *cmds;	/* ended by a NULL name */
	/* Rules its commands and references report, ended by a NULL id. */
	const struct rule *rules;
};

/* Every game muster knows, NULL-ended. */
extern const struct game *const games[];
/* Rules not owned by a game (yaml.*, io.*, template.*, render.*). */
extern const struct rule core_rules[];

const struct game *game_find(const char *name);
const struct kind *kind_find(const struct game *g, const char *name);
/* A game's command of that name, or NULL. */
const struct game_cmd *game_cmd_find(const struct game *g, const char *cmd);
/* The record type of that name, or NULL. */
const struct rectype *rectype_find(const char *name);
/*
 * The fields of a record type, expanded and sorted, NULL-ended (NULL for
 * an open type); and every record type's name, NULL-ended.  Both live
 * until system_cleanup().
 */
const char *const *rectype_fields(const struct rectype *t);
const char *const *rectype_names(void);
/* Whether some kind of some game prints a product of that name. */
int product_known(const char *name);
/* Every product name, NULL-ended, until system_cleanup(). */
const char *const *product_names(void);
/* Frees what the lookups above keep. */
void system_cleanup(void);

/* Cross-document state of one command run: claims and references. */
struct batch *batch_new(void);
void batch_free(struct batch *b);

struct place {
	const char *file;
	int line, col;
	const char *what;	/* who claimed it, e.g. a unit's name */
};
/*
 * The errors told so far about the document whose rules are running: a
 * rule that weighs the whole document (a value estimate) keeps quiet
 * about one that is wrong elsewhere.  Rules run in their table's order.
 */
int batch_doc_errors(const struct batch *b);
/* A batch loading documents to render them: warnings that cost much to
 * weigh (shellshock.value's duels) are left to check. */
void batch_set_rendering(struct batch *b);
int batch_rendering(const struct batch *b);
/*
 * Claims key in namespace ns for what, defined at at.  Returns NULL the
 * first time, else the earlier claim (owned by the batch).
 */
const struct place *batch_claim(struct batch *b, const char *ns,
    const char *key, const char *what, const struct node *at);

/* A loaded and checked document. */
struct loaded {
	const struct game *game;	/* NULL when system/kind are unusable */
	const struct kind *kind;
	void *obj;			/* the game's structure */
	int errors;			/* errors reported for this document */
	const struct node *root;	/* the document as read */
};

/*
 * Finds the document's game and kind, checks its keys, loads it and runs
 * its rules, reporting every problem.  obj lives in a.
 */
void system_load(const struct node *root, struct arena *a, struct batch *b,
    struct loaded *out);

/*
 * Reads every document of path, loads and checks each (system_load), and
 * calls fn with it before its memory is reused.  Reports unreadable files
 * and files without documents (yaml.empty).  Returns the number of
 * documents read.
 */
int system_read_file(const char *path, struct batch *b,
    void (*fn)(struct loaded *ld, void *ctx), void *ctx);

/*
 * A document that names another (a line-up's deck, a force's units, a
 * unit on the command line) loads it here: path is relative to the
 * folder of the file at was read from (or as given when at is NULL),
 * its documents are loaded and checked once per batch however often they
 * are named, and each must be of game and one of kinds (NULL-ended).
 * When the file cannot be read, has errors, is of another kind, or names
 * a file that names it back, the problem is reported at at under rule
 * (at the file itself when at is NULL) and NULL is returned.  Otherwise
 * returns the documents, *n of them, owned by the batch.
 */
const struct loaded *system_ref(struct batch *b, const char *path,
    const struct node *at, const char *rule, const char *game,
    const char *const *kinds, int *n);

/*
 * A file a document names for itself alone, read again for each
 * document that names it (a variant's base, a deck's data), counts
 * size bytes here before it is read: those read for the documents of
 * one file come to DOC_MAX_BYTES at most, as if the file held them, so
 * that a small file of documents naming a large one cannot read it a
 * million times.  Returns 0, or -1 after telling yaml.size at at (the
 * key naming the file as name).  The count starts again at each file
 * system_read_file() or a reference reads (the count of the file
 * naming it goes on after), and when a document of another file names
 * one.
 */
int system_read_more(const struct node *at, const char *name, size_t size);

/*
 * What the command reading a batch's documents lends its games, which
 * know nothing of templates (the command does): a context of the
 * batch, not of the program, so that two batches may lend different
 * ones side by side.  Each hook is handed its arg back; a batch lends
 * none until told.
 *
 * A document that is no game's, such as a template (it has 'template:'
 * and no 'system:'), is handed to foreign; it returns nonzero when it
 * took the document.
 */
void batch_set_foreign(struct batch *b,
    int (*foreign)(const struct node *root, void *arg), void *arg);

/*
 * The fields a template prints, for a game whose documents name the
 * template their cards print with (system: cards), to check each card
 * against it: name is a built-in template's name or a path relative to
 * the folder of the file at was read from, and the template must render
 * record type type.  When it cannot be used, the problem is reported
 * (the template's own problems at its file; a missing template, or one
 * of another type, at at under rule) and NULL is returned; else the
 * fields, sorted and NULL-ended, valid until the command ends.  Lent by
 * the commands that read templates (catalog_attach()); NULL from a
 * batch that lends none, when such checks are left out.
 */
void batch_set_fields(struct batch *b,
    const char *const *(*fields)(const char *name, const struct node *at,
    const char *rule, const char *type, void *arg), void *arg);
const char *const *batch_template_fields(struct batch *b, const char *name,
    const struct node *at, const char *rule, const char *type);
/*
 * Where that template first names field (one of the fields above): 1
 * with *out set (what is NULL), so that a field no card has is told
 * once at the template; 0 when the batch lends no such hook or the
 * template does not name it.  Lent with the fields (catalog_attach()).
 */
void batch_set_field_at(struct batch *b,
    int (*field_at)(const char *name, const struct node *at,
    const char *type, const char *field, struct place *out, void *arg));
int batch_template_field_at(struct batch *b, const char *name,
    const struct node *at, const char *type, const char *field,
    struct place *out);

/*
 * Whether text, a card's value that template name (as for
 * batch_template_fields()) prints, names only icons the template has
 * ({icon:NAME}, in the layout's syntax, which a game need not know): 1
 * when it does, or when the batch lends no such hook or the template
 * cannot be used (told by batch_template_fields()); 0 when it names one
 * the template lacks, with why set to what to say after "names icon
 * 'NAME', " and how to fix it.  Lent with the fields (catalog_attach()).
 */
struct sbuf;
void batch_set_icons(struct batch *b,
    int (*icons)(const char *name, const struct node *at, const char *type,
    const char *text, struct sbuf *why, void *arg));
int batch_template_icons(struct batch *b, const char *name,
    const struct node *at, const char *type, const char *text,
    struct sbuf *why);

/* For a product's emit(): hands the filled record to the emitter. */
void emit_card(struct emitter *e, int copies);

#endif
