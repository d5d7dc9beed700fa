/*
 * layout/template_impl.h -- what loading (template.c, merging its
 * elements in template_merge.c), compiling (template_compile.c, its
 * header keys in template_header.c, its text in template_fmt.c) and
 * checking (template_check.c) a template share.  Internal to those
 * files.
 */
#ifndef MUSTER_LAYOUT_TEMPLATE_IMPL_H
#define MUSTER_LAYOUT_TEMPLATE_IMPL_H

#include "../util.h"
#include "template.h"

#define MAXCHAIN 8	/* extends: depth */
#define MM (72.0 / 25.4)

struct arena;
struct node;

/* A template and its extends: chain, base first (template.c). */
struct chain {
	struct reader *rd[MAXCHAIN];
	struct arena *ar[MAXCHAIN];
	const struct node *doc[MAXCHAIN];	/* base first */
	char *file[MAXCHAIN];
	int n;
};

/* An element as the chain's layers write it, merged by name. */
struct proto {
	const char *name;
	const struct node *layer[MAXCHAIN];
	int nl;
	int removed;
};

/* The words an image's fit: takes, in the order of FIT_* (template.h). */
extern const char *const image_fits[];

/* The value of key in the last layer of p that gives a usable one; its
 * text, or dflt. */
const struct node *el_get(const struct proto *p, const char *key);
const char *el_str(const struct proto *p, const char *key,
    const char *dflt);
/* The elements (key: elements or back) of every layer of c, merged by
 * name, *np of them, in xmalloc'd memory. */
struct proto *merge_elements(const struct chain *c, const char *key,
    int *np, struct arena *a);

/* What compiling one template keeps (template_compile.c). */
struct ctx {
	struct template *t;
	struct arena *a;
	int errors;
	/* elements being built */
	struct elem *v;
	int n, cap;
	/* the record type's fields (NULL: not checked), the element being
	 * compiled, and the places already reported */
	const char *const *fields;
	const char *el;
	const struct node **told;
	int ntold;
	/* the elements as the files name them, the one being compiled
	 * last, and the fields it prints so far */
	struct el_info *info;
	int ninfo, capinfo, back;
	const char **used;
	char *shown;		/* used[k] printed as text, not only
				 * read by a colour or a condition */
	int nused, capused;
	int quiet;		/* noting a colour's or condition's fields */
	/* each layer of the chain, base first: the path its nodes carry,
	 * and the card size its lengths were written for */
	int nl;
	const char *lfile[MAXCHAIN];
	double lw[MAXCHAIN], lh[MAXCHAIN];
	/* every field named, for the template's list (in the arena) */
	const char **named;
	struct field_place *named_at;	/* where each was named */
	int nnamed, capnamed;
};

/* Compiles "A {name} ({side})" into f's segments in a; "{{" is a
 * literal brace, and "{icon:NAME}" literal text.  -1 when a { is not
 * closed or there are too many segments, 64 at most (template_fmt.c). */
int compile_fmt(struct arena *a, const char *s, struct fmt *f);
/* Reports template.invalid at at (the template's file when NULL). */
void bad(struct ctx *cx, const struct node *at, const char *fmt, ...)
    ATTR_PRINTF(3, 4);
/* The length n gives (whole is what 100% is), or dflt when n is NULL or
 * told bad. */
double compile_length(struct ctx *cx, const struct node *n, double whole,
    double dflt);
/* The record type renders: names; NULL (told) when there is none. */
const char *compile_renders(struct ctx *cx, const struct node *rend,
    const struct node *doc, const struct vocab *v);
/* The palette of every layer of c, a later one replacing a name. */
void compile_palette(struct ctx *cx, const struct chain *c);
/* A card size, [w, h], into *w and *h. */
void compile_size(struct ctx *cx, const struct node *n, double *w,
    double *h);
/* The elements of c under key compiled, *nout of them, in the arena. */
void compile_list(struct ctx *cx, const struct chain *c, const char *key,
    struct elem **out, int *nout);
/* The fields the elements named, sorted, each once, in the arena; *at
 * where each was first named. */
const char *const *named_fields(struct ctx *cx,
    const struct field_place **at);

/*
 * Notes the fields f (written at n) prints, and tells one the record
 * type does not have (template_check.c).
 */
void check_fmt(struct ctx *cx, const struct node *n, const struct fmt *f);

/*
 * Inline icons (icons.c): the icons: of every layer of c, a later one
 * replacing a name; and the {icon:NAME} that f's literal text names,
 * each one the template's or built in, else template.icon at n.
 */
void compile_icons(struct ctx *cx, const struct chain *c);
void check_icons(struct ctx *cx, const struct node *n, const struct fmt *f);
/* The length of the {icon:NAME} at s, or 0 when s holds none there. */
size_t icon_ref_len(const char *s);

#endif
