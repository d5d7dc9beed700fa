/*
 * doc.c -- libyaml events to node trees; see doc.h.
 *
 * The event loop follows libyaml's tests/example-reformatter.c: every
 * yaml_parser_parse() is paired with yaml_event_delete().  libyaml marks
 * are 0-based; nodes are 1-based.
 */
#include "doc.h"
#include "doc_impl.h"
#include "doc_syntax.h"

#include <errno.h>
#include <poll.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

#include "arena.h"
#include "deps.h"
#include "diag.h"
#include "util.h"

/* An open collection: its node, where its children start in the
 * reader's kids[], its anchor. */
struct frame {
	struct node *n;
	size_t first;
	char *anchor;
};

struct anchor {
	char *name;
	struct node *n;
};

/*
 * Room cut from the document's arena a block at a time, for its nodes,
 * its scalars' text (each right after its node, one piece for both) and
 * its collections' lists of children: one arena_alloc() for dozens of
 * nodes, where each had its own (a tenth of check's own time).  Left at
 * the end of each reader_next(): the next document may have another
 * arena, or this one reset.  Pieces are multiples of 8 bytes, so that
 * every node is aligned as a pointer.
 */
struct slab {
	char *p;
	size_t left;
};
#define SLAB		8192
#define SLAB_ROUND(n)	(((n) + 7) & ~(size_t)7)

struct reader {
	char *path;
	char *buf;
	size_t len;
	yaml_parser_t parser;
	int started, done, failed;
	struct frame *stack;
	size_t depth, stackcap;
	/* The children read so far of every open collection, the
	 * innermost's last; a document's root is the one child of none. */
	struct node **kids;
	size_t nkids, kidcap;
	/* The innermost open collection, which a child adds its weight to:
	 * at depth 0, sink (whose weight counts nothing). */
	struct node *top;
	struct node sink;
	struct anchor *anchors;
	size_t nanchors, anchorcap;
	size_t nodes;		/* nodes of the current document, expanded */
	const char *docpath;	/* path copied into the document's arena */
	struct slab slab;
	/* The event read after a document that ends with no "...", to see
	 * whether what ended it is a syntax error, kept for the next
	 * reader_next(). */
	yaml_event_t peek;
	int peeked;
	int bare;		/* the root is the empty scalar of nothing */
};

/* A closed reader kept for the next (reader_new()), freed at exit. */
static struct reader *spare;
static int spare_told;

static void
spare_free(void)
{
	struct reader *r = spare;

	if (r == NULL)
		return;
	spare = NULL;
	free(r->stack);
	free(r->kids);
	free(r->anchors);
	free(r);
}

/* n bytes of a's (not zeroed) from s, cut from a block of size bytes (n
 * at most a quarter of it: else its own); aligned as n and size are. */
static inline void *
slab_take(struct arena *a, struct slab *s, size_t n, size_t size)
{
	void *p;

	if (n > s->left) {
		if (n > size / 4)
			return arena_alloc_raw(a, n);
		s->p = arena_alloc_raw(a, size);
		s->left = size;
	}
	p = s->p;
	s->p += n;
	s->left -= n;
	return p;
}

static const char *
size_str(size_t n, char buf[32])
{
	if (n >= ((size_t)1 << 30))
		snprintf(buf, 32, "%.1f GiB", (double)n / (1 << 30));
	else if (n >= ((size_t)1 << 20))
		snprintf(buf, 32, "%.1f MiB", (double)n / (1 << 20));
	else
		snprintf(buf, 32, "%zu bytes", n);
	return buf;
}

static struct reader *
reader_new(const char *path, char *buf, size_t len)
{
	struct reader *r = spare;

	/* The last reader closed, its stack, children and anchor tables
	 * kept (ten thousand files: one of each, not ten thousand); every
	 * other field as calloc() would leave it. */
	if (r != NULL) {
		struct frame *stack = r->stack;
		struct node **kids = r->kids;
		struct anchor *anchors = r->anchors;
		size_t stackcap = r->stackcap, kidcap = r->kidcap;
		size_t anchorcap = r->anchorcap;

		spare = NULL;
		memset(r, 0, sizeof(*r));
		r->stack = stack;
		r->stackcap = stackcap;
		r->kids = kids;
		r->kidcap = kidcap;
		r->anchors = anchors;
		r->anchorcap = anchorcap;
	} else
		r = xcalloc(1, sizeof(*r));
	r->top = &r->sink;

	r->path = xstrdup(path);
	r->buf = buf;
	r->len = len;
	diag_source(path, buf, len);
	if (!yaml_parser_initialize(&r->parser))
		fatal("cannot initialise the YAML parser");
	yaml_parser_set_input_string(&r->parser, (const unsigned char *)buf,
	    len);
	r->started = 1;
	return r;
}

/*
 * The bytes of fd, at most DOC_MAX_BYTES, NUL-ended in a new buffer
 * (*len without the NUL); NULL after reporting why, at name.  hint is
 * its size when known.
 */
static char *
read_all(int fd, const char *name, size_t hint, size_t *lenp)
{
	char lim[32];
	size_t len = 0, cap = hint + 1;
	char *buf = xmalloc(cap);
	ssize_t got;

	for (;;) {
		if (len > DOC_MAX_BYTES) {
			diag_at(L_ERROR, "yaml.size", name, 0, 0,
			    "input is larger than the limit of %s: "
			    "split it into several files",
			    size_str(DOC_MAX_BYTES, lim));
			free(buf);
			return NULL;
		}
		if (len == cap) {
			cap *= 2;
			buf = xrealloc(buf, cap);
		}
		got = read(fd, buf + len, cap - len);
		if (got < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN || errno == EWOULDBLOCK) {
				/* Standard input left non-blocking by
				 * whoever gave it: wait for it. */
				struct pollfd pf = { fd, POLLIN, 0 };

				poll(&pf, 1, -1);
				continue;
			}
			diag_at(L_FATAL, "io.read", name, 0, 0,
			    "cannot read: %s", strerror(errno));
			free(buf);
			return NULL;
		}
		if (got == 0)
			break;
		len += (size_t)got;
	}
	/* Ended by a NUL, as from memory: a sequence cut off at the end is
	 * read as bad UTF-8, never past the buffer (found by make fuzz). */
	if (len == cap)
		buf = xrealloc(buf, cap + 1);
	buf[len] = '\0';
	*lenp = len;
	return buf;
}

struct reader *
reader_open(const char *path)
{
	char sz[32], lim[32];
	struct stat st;
	size_t len;
	char *buf;

	deps_note(path);
	/* "-" is standard input, whatever it is (a pipe, a terminal). */
	if (strcmp(path, "-") == 0) {
		if ((buf = read_all(STDIN_FILENO, STDIN_NAME, 65535, &len)) ==
		    NULL)
			return NULL;
		return reader_new(STDIN_NAME, buf, len);
	}
	switch (read_regular(path, DOC_MAX_BYTES, &buf, &len, &st)) {
	case READ_OK:
		break;
	case READ_FOLDER:
		diag_at(L_FATAL, "io.read", path, 0, 0,
		    "is a folder; give a YAML file or a folder to search");
		return NULL;
	case READ_SPECIAL:
		diag_at(L_FATAL, "io.read", path, 0, 0, "is not a regular file "
		    "(a FIFO, socket or device); give a YAML file, or - for "
		    "standard input");
		return NULL;
	case READ_BIG:
		diag_at(L_ERROR, "yaml.size", path, 0, 0,
		    "file is %s (%zu bytes); the limit is %s (%zu bytes): "
		    "split it into several files",
		    size_str((size_t)st.st_size, sz), (size_t)st.st_size,
		    size_str(DOC_MAX_BYTES, lim), (size_t)DOC_MAX_BYTES);
		return NULL;
	case READ_CHANGED:
		diag_at(L_FATAL, "io.read", path, 0, 0, "cannot read: it "
		    "changed while it was read");
		return NULL;
	case READ_IO:
		diag_at(L_FATAL, "io.read", path, 0, 0, "cannot read: %s",
		    strerror(errno));
		return NULL;
	default:
		diag_at(L_FATAL, "io.read", path, 0, 0, "cannot open: %s",
		    strerror(errno));
		return NULL;
	}
	return reader_new(path, buf, len);
}

struct reader *
reader_open_mem(const char *name, const char *data, size_t len)
{
	char *buf = xmalloc(len + 1);

	memcpy(buf, data, len);
	buf[len] = '\0';
	return reader_new(name, buf, len);
}

const char *
reader_path(const struct reader *r)
{
	return r->path;
}

int
reader_failed(const struct reader *r)
{
	return r->failed;
}

static void
clear_stack(struct reader *r)
{
	size_t i;

	for (i = 0; i < r->depth; i++)
		free(r->stack[i].anchor);
	r->depth = 0;
	r->nkids = 0;
	r->top = &r->sink;
}

static void
clear_anchors(struct reader *r)
{
	size_t i;

	for (i = 0; i < r->nanchors; i++)
		free(r->anchors[i].name);
	r->nanchors = 0;
}

void
reader_close(struct reader *r)
{
	if (r == NULL)
		return;
	if (r->peeked)
		yaml_event_delete(&r->peek);
	r->peeked = 0;
	yaml_parser_delete(&r->parser);
	clear_stack(r);
	clear_anchors(r);
	free(r->buf);
	free(r->path);
	if (spare == NULL) {
		if (!spare_told++)
			atexit(spare_free);
		spare = r;
		return;
	}
	free(r->stack);
	free(r->kids);
	free(r->anchors);
	free(r);
}

static void
fail(struct reader *r, const char *rule, int line, int col, const char *fmt,
    ...) ATTR_PRINTF(5, 6);

static void
fail(struct reader *r, const char *rule, int line, int col, const char *fmt,
    ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vat(L_ERROR, rule, r->path, line, col, fmt, ap);
	va_end(ap);
	r->failed = 1;
	r->done = 1;
}

/* libyaml gives a reader error (bad UTF-8, control characters) only as
 * a byte offset: count the lines and characters up to it. */
static void
offset_place(const struct reader *r, size_t off, int *line, int *col)
{
	const char *p = r->buf, *end = r->buf + (off < r->len ? off : r->len);

	*line = 1;
	*col = 1;
	while (p < end) {
		if (*p == '\n') {
			(*line)++;
			*col = 1;
			p++;
		} else {
			utf8_next(&p);
			(*col)++;
		}
	}
}

/* Whether s[i] starts a line that is a document marker ("---" or
 * "...") and nothing else but blanks. */
static int
marker_line(const char *s, size_t len, size_t i)
{
	if ((i > 0 && s[i - 1] != '\n') || i + 3 > len ||
	    (memcmp(s + i, "---", 3) != 0 && memcmp(s + i, "...", 3) != 0))
		return 0;
	return i + 3 == len || s[i + 3] == ' ' || s[i + 3] == '\t' ||
	    s[i + 3] == '\r' || s[i + 3] == '\n';
}

/* Whether the text is only blanks (tabs too), line ends, a byte order
 * mark, comments and document markers ("---", "..."): no document,
 * whatever libyaml makes of a tab or of a "..." with none before it. */
static int
blank_text(const char *s, size_t len)
{
	size_t i = 0;

	if (len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
		i = 3;
	while (i < len) {
		if (marker_line(s, len, i))
			i += 3;
		else if (s[i] == '#')
			while (i < len && s[i] != '\n')
				i++;
		else if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' ||
		    s[i] == '\n')
			i++;
		else
			return 0;
	}
	return 1;
}

static void
syntax_error(struct reader *r)
{
	yaml_parser_t *p = &r->parser;
	const yaml_mark_t *m = &p->problem_mark;
	const char *problem = p->problem ? p->problem : "malformed YAML";
	int line, col;

	if (p->error == YAML_MEMORY_ERROR)
		fatal("out of memory reading '%s'", r->path);
	/* SPEC 2: only whitespace, comments or markers is yaml.empty. */
	if (p->error != YAML_READER_ERROR && blank_text(r->buf, r->len)) {
		r->done = 1;
		return;
	}
	if (p->error == YAML_READER_ERROR) {
		offset_place(r, p->problem_offset, &line, &col);
		fail(r, "yaml.syntax", line, col, "%s at byte %zu: the file "
		    "must be UTF-8 text", problem, p->problem_offset);
	} else {
		struct yaml_fault f;
		struct sbuf sb = SBUF_INIT;

		f.problem = problem;
		f.context = p->context;
		f.line = (int)m->line + 1;
		f.col = (int)m->column + 1;
		f.cline = p->context ? (int)p->context_mark.line + 1 : 0;
		f.ccol = p->context ? (int)p->context_mark.column + 1 : 0;
		/* In the user's words where the text is UTF-8 as read. */
		if (p->encoding == YAML_UTF8_ENCODING &&
		    yaml_plain_words(r->buf, r->len, &f, &sb, &line, &col))
			fail(r, "yaml.syntax", line, col, "%s", sb.buf);
		else if (p->context)
			fail(r, "yaml.syntax", f.line, f.col, "%s %s (started "
			    "at line %d)", problem, p->context, f.cline);
		else
			fail(r, "yaml.syntax", f.line, f.col, "%s", problem);
		sb_release(&sb);
	}
}

/* A node of the type at mark m, with room for extra bytes after it;
 * every field set (the room is not zeroed), weight 1, the rest 0. */
static inline struct node *
new_node(struct reader *r, struct arena *a, int type, const yaml_mark_t *m,
    size_t extra)
{
	struct node *n = slab_take(a, &r->slab, sizeof(*n) + extra, SLAB);

	*n = (struct node){
		.type = (unsigned char)type,
		.line = (int)m->line + 1,
		.col = (int)m->column + 1,
		.file = r->docpath,
		.weight = 1,
	};
	return n;
}

static void
add_anchor(struct reader *r, char *name, struct node *n)
{
	if (r->nanchors == r->anchorcap) {
		r->anchorcap = r->anchorcap ? r->anchorcap * 2 : 8;
		r->anchors = xrealloc(r->anchors,
		    r->anchorcap * sizeof(*r->anchors));
	}
	r->anchors[r->nanchors].name = name;
	r->anchors[r->nanchors].n = n;
	r->nanchors++;
}

static struct node *
find_anchor(struct reader *r, const char *name)
{
	size_t i;

	/* A later anchor of the same name hides an earlier one. */
	for (i = r->nanchors; i-- > 0;)
		if (strcmp(r->anchors[i].name, name) == 0)
			return r->anchors[i].n;
	return NULL;
}

/* Whether scalar n reads as a whole number, a number or true/false. */
static int
scalar_is(const struct node *n, const char *what)
{
	long l;
	double d;
	int b;

	if (strcmp(what, "int") == 0)
		return scalar_long(n, &l) != 0;
	if (strcmp(what, "float") == 0)
		return scalar_double(n, &d) != 0;
	return scalar_bool(n, &b) != 0;
}

/*
 * A tag other than YAML's own plain ones (!!str, !!int, ...) asks for a
 * value muster does not make (!!binary, !!python/object...): told at the
 * node, which is then left out, and never acted on.
 */
static void
check_tag(struct node *n, const char *tag)
{
	static const char *const plain[] = {
		YAML_STR_TAG, YAML_INT_TAG, YAML_FLOAT_TAG, YAML_BOOL_TAG,
		YAML_NULL_TAG, YAML_SEQ_TAG, YAML_MAP_TAG, "!", NULL
	};
	static const char core[] = "tag:yaml.org,2002:";
	size_t i;

	if (tag == NULL)
		return;
	/* A plain tag that the value contradicts: !!int veteran. */
	if (n->type == N_SCALAR && ((strcmp(tag, YAML_INT_TAG) == 0 &&
	    !scalar_is(n, "int")) || (strcmp(tag, YAML_FLOAT_TAG) == 0 &&
	    !scalar_is(n, "float")) || (strcmp(tag, YAML_BOOL_TAG) == 0 &&
	    !scalar_is(n, "bool")) || (strcmp(tag, YAML_NULL_TAG) == 0 &&
	    !node_is_null(n)))) {
		diag(L_ERROR, "yaml.type", n, "'%s' is tagged !!%s, which it "
		    "is not: leave the tag out", n->str,
		    tag + sizeof(core) - 1);
		n->bad = 1;
		return;
	}
	for (i = 0; plain[i]; i++)
		if (strcmp(tag, plain[i]) == 0)
			return;
	diag(L_ERROR, "yaml.type", n, "tag '%s%s' is not one muster reads: "
	    "write the value as plain text, a number, a list or a mapping",
	    strncmp(tag, core, sizeof(core) - 1) == 0 ? "!!" : "",
	    strncmp(tag, core, sizeof(core) - 1) == 0 ?
	    tag + sizeof(core) - 1 : tag);
	n->bad = 1;
}

/* Adds n to the collection being built, or (at depth 0) makes it the
 * document's root. */
static inline void
attach(struct reader *r, struct node *n)
{
	if (r->nkids == r->kidcap) {
		r->kidcap = r->kidcap ? r->kidcap * 2 : 64;
		r->kids = xrealloc(r->kids, r->kidcap * sizeof(*r->kids));
	}
	r->kids[r->nkids++] = n;
	r->top->weight += n->weight;
}

static void
too_many_nodes(struct reader *r, const yaml_mark_t *m, int alias)
{
	if (alias)
		fail(r, "yaml.alias", (int)m->line + 1, (int)m->column + 1,
		    "aliases expand this document beyond %zu nodes; "
		    "write the values out or use fewer aliases", DOC_MAX_NODES);
	else
		fail(r, "yaml.size", (int)m->line + 1, (int)m->column + 1,
		    "document has more than %zu nodes; split it", DOC_MAX_NODES);
}

/* Counts w more nodes of the document (alias: an alias's); -1 told when
 * they pass the limit. */
static inline int
count_nodes(struct reader *r, size_t w, const yaml_mark_t *m, int alias)
{
	r->nodes += w;
	if (r->nodes <= DOC_MAX_NODES)
		return 0;
	too_many_nodes(r, m, alias);
	return -1;
}

static int
push(struct reader *r, struct node *n, const char *anchor,
    const yaml_mark_t *m)
{
	struct frame *f;

	if (r->depth >= DOC_MAX_DEPTH) {
		fail(r, "yaml.depth", (int)m->line + 1, (int)m->column + 1,
		    "nesting is deeper than %d levels; flatten the document",
		    DOC_MAX_DEPTH);
		return -1;
	}
	if (r->depth == r->stackcap) {
		size_t old = r->stackcap;

		r->stackcap = r->stackcap ? r->stackcap * 2 : 8;
		r->stack = xrealloc(r->stack, r->stackcap * sizeof(*r->stack));
		memset(r->stack + old, 0,
		    (r->stackcap - old) * sizeof(*r->stack));
	}
	f = &r->stack[r->depth++];
	f->n = n;
	f->first = r->nkids;
	f->anchor = anchor ? xstrdup(anchor) : NULL;
	r->top = n;
	return 0;
}

static struct node *
pop(struct reader *r, struct arena *a)
{
	struct frame *f = &r->stack[--r->depth];
	struct node *n = f->n;
	size_t nkids = r->nkids - f->first;

	/* Not zeroed: an empty list's room is never read. */
	n->kid = slab_take(a, &r->slab, (nkids ? nkids : 1) *
	    sizeof(*n->kid), SLAB);
	if (nkids)
		memcpy(n->kid, r->kids + f->first, nkids * sizeof(*n->kid));
	n->n = n->type == N_MAP ? nkids / 2 : nkids;
	r->nkids = f->first;
	r->top = r->depth ? r->stack[r->depth - 1].n : &r->sink;
	if (f->anchor)
		add_anchor(r, f->anchor, n);
	f->anchor = NULL;
	return n;
}

/* A scalar n's tag: a value tagged !!int, !!float, !!bool or !!null is
 * that, quoted or not; !!str is text; any other is told. */
static void
scalar_tag(struct node *n, const char *tag)
{
	int typed = strcmp(tag, YAML_INT_TAG) == 0 ||
	    strcmp(tag, YAML_FLOAT_TAG) == 0 ||
	    strcmp(tag, YAML_BOOL_TAG) == 0;

	n->plain = (n->plain && strcmp(tag, YAML_STR_TAG) != 0) || typed ||
	    strcmp(tag, YAML_NULL_TAG) == 0;
	n->typed = (unsigned char)typed;
	check_tag(n, tag);
}

/*
 * The len bytes at src to dst: a scalar's text is short, and up to 16
 * bytes, two words that overlap (each within the text) cost less than
 * a call to memcpy.
 */
static inline void
copy_text(char *dst, const char *src, size_t len)
{
	if (len > 16) {
		memcpy(dst, src, len);
	} else if (len >= 8) {
		memcpy(dst, src, 8);
		memcpy(dst + len - 8, src + len - 8, 8);
	} else if (len >= 4) {
		memcpy(dst, src, 4);
		memcpy(dst + len - 4, src + len - 4, 4);
	} else if (len > 0) {
		dst[0] = src[0];
		dst[len / 2] = src[len / 2];
		dst[len - 1] = src[len - 1];
	}
}

/* A quoted or tagged scalar n of event ev: whether it is plain (a
 * number or a yes/no may be read from it) or typed, its tag and NULs
 * told. */
static void
scalar_style(struct node *n, const yaml_event_t *ev)
{
	const char *tag = (const char *)ev->data.scalar.tag;

	n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
	if (tag)
		scalar_tag(n, tag);
	/* "\0" in a quoted scalar: everything after would be
	 * unseen by every check (a path, a key, system:).  Only a
	 * double-quoted one's escapes make it: libyaml refuses the
	 * byte itself in the text. */
	if (!n->bad && ev->data.scalar.style ==
	    YAML_DOUBLE_QUOTED_SCALAR_STYLE && memchr(ev->data.scalar.value, '\0',
	    ev->data.scalar.length)) {
		diag(L_ERROR, "yaml.range", n, "a value holds a "
		    "NUL character (\\0), which muster does not "
		    "read: remove it");
		n->bad = 1;
	}
}

/* The node of a scalar event: its text, whether it is plain or typed,
 * its whole number if it is one. */
static inline struct node *
scalar_node(struct reader *r, struct arena *a, const yaml_event_t *ev)
{
	size_t len = ev->data.scalar.length;
	struct node *n;
	char *text;

	/* The text right after the node, in the same piece. */
	n = new_node(r, a, N_SCALAR, &ev->start_mark, SLAB_ROUND(len + 1));
	text = (char *)(n + 1);
	copy_text(text, (const char *)ev->data.scalar.value, len);
	text[len] = '\0';
	n->str = text;
	n->len = len;
	/* Plain and untagged, as most are; else its style and tag. */
	if (ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
	    ev->data.scalar.tag == NULL)
		n->plain = 1;
	else
		scalar_style(n, ev);
	/* A whole number read once here, not at every scalar_long(): a
	 * text that starts with a digit, + or - (or ',', '.', '/', which
	 * lie between them) may be one. */
	if (n->plain && (unsigned char)(text[0] - '+') <= '9' - '+' &&
	    short_whole(text, len, &n->num))
		n->whole = 1;
	return n;
}

/* An alias event: the anchored node attached again, counted at its
 * weight; -1 told if it names no anchor or makes too many nodes. */
static int
alias_event(struct reader *r, const yaml_event_t *ev)
{
	struct node *n;

	n = find_anchor(r, (const char *)ev->data.alias.anchor);
	if (n == NULL) {
		fail(r, "yaml.alias", (int)ev->start_mark.line + 1,
		    (int)ev->start_mark.column + 1,
		    "alias '*%s' names no anchor defined before "
		    "it: define '&%s' first",
		    (const char *)ev->data.alias.anchor,
		    (const char *)ev->data.alias.anchor);
		return -1;
	}
	if (count_nodes(r, n->weight, &ev->start_mark, 1) < 0)
		return -1;
	attach(r, n);
	return 0;
}

/*
 * Whether a document holds nothing ("---" alone, or a last "---" with
 * at most a comment after it): libyaml gives it an empty plain scalar,
 * which no text can write, untagged and unanchored.  Skipped, as a blank
 * line between documents (SPEC 2); "--- ~", "null" or "''" hold a value.
 */
static int
empty_document(const struct reader *r, const struct node *root)
{
	return root == NULL || (root->type == N_SCALAR && r->bare);
}

/* A mapping or sequence begins (ev): its node, counted and pushed until
 * its end.  0, or -1 when the document must stop. */
static int
open_collection(struct reader *r, struct arena *a, const yaml_event_t *ev)
{
	int map = ev->type == YAML_MAPPING_START_EVENT;
	const char *anchor = (const char *)(map ?
	    ev->data.mapping_start.anchor : ev->data.sequence_start.anchor);
	const char *tag = (const char *)(map ? ev->data.mapping_start.tag :
	    ev->data.sequence_start.tag);
	struct node *n = new_node(r, a, map ? N_MAP : N_SEQ, &ev->start_mark,
	    0);

	if (tag != NULL)
		check_tag(n, tag);
	if (count_nodes(r, 1, &ev->start_mark, 0) < 0 ||
	    push(r, n, anchor, &ev->start_mark) < 0)
		return -1;
	return 0;
}

/* The next event, the one looked ahead at first: 0 after telling a
 * syntax error. */
static int
next_event(struct reader *r, yaml_event_t *ev)
{
	if (r->peeked) {
		*ev = r->peek;
		r->peeked = 0;
		return 1;
	}
	if (yaml_parser_parse(&r->parser, ev))
		return 1;
	syntax_error(r);
	clear_stack(r);
	return 0;
}

/* A scalar into the tree; a document's bare root (nothing at all, not
 * even ~) marked for empty_document(); -1 past the node budget. */
static int
scalar_event(struct reader *r, struct arena *a, yaml_event_t *ev)
{
	struct node *n = scalar_node(r, a, ev);

	if (r->depth == 0)
		r->bare = ev->data.scalar.length == 0 &&
		    ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
		    ev->data.scalar.tag == NULL &&
		    ev->data.scalar.anchor == NULL;
	if (ev->data.scalar.anchor)
		add_anchor(r, xstrdup((const char *)ev->data.scalar.anchor),
		    n);
	if (count_nodes(r, 1, &ev->start_mark, 0) < 0)
		return -1;
	attach(r, n);
	return 0;
}

struct node *
reader_next(struct reader *r, struct arena *a)
{
	struct node *root, *n;
	yaml_event_t ev;
	int implicit;

	if (r->done)
		return NULL;
	/* This document's arena, fresh room. */
	r->slab.left = 0;
	for (;;) {
		if (!next_event(r, &ev))
			return NULL;
		switch (ev.type) {
		case YAML_STREAM_END_EVENT:
			r->done = 1;
			yaml_event_delete(&ev);
			return NULL;
		case YAML_DOCUMENT_START_EVENT:
			/* Nodes name their file; the copy lives as long as
			 * they do. */
			r->docpath = arena_strdup(a, r->path);
			r->nodes = 0;
			clear_anchors(r);
			break;
		case YAML_DOCUMENT_END_EVENT:
			implicit = ev.data.document_end.implicit;
			yaml_event_delete(&ev);
			/* Every collection closed: the root is the one
			 * child left, if any. */
			root = r->nkids ? r->kids[0] : NULL;
			r->nkids = 0;
			if (empty_document(r, root))
				continue;
			/* A document ended by what comes next (a line of
			 * text above the keys, a byte order mark before a
			 * key, a directive): when that is a syntax error,
			 * it alone is told, not the half document before
			 * it as well. */
			if (implicit) {
				if (!yaml_parser_parse(&r->parser, &r->peek)) {
					syntax_error(r);
					clear_stack(r);
					return NULL;
				}
				r->peeked = 1;
			}
			return root;
		case YAML_SCALAR_EVENT:
			if (scalar_event(r, a, &ev) < 0)
				goto stop;
			break;
		case YAML_ALIAS_EVENT:
			if (alias_event(r, &ev) < 0)
				goto stop;
			break;
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
			if (open_collection(r, a, &ev) < 0)
				goto stop;
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			n = pop(r, a);
			if (n->type == N_MAP) {
				if (map_check_keys(a, n))
					map_merge_keys(a, n);
			}
			attach(r, n);
			break;
		default:
			break;
		}
		yaml_event_delete(&ev);
	}
stop:
	yaml_event_delete(&ev);
	clear_stack(r);
	return NULL;
}
