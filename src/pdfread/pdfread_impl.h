/*
 * pdfread_impl.h -- what the reader's files share (pdfread.c: indirect
 * objects, cross-reference and the public calls; pdfread_lex.c: the
 * lexer and the objects; pdfread_stream.c: filters and the page tree).
 * Nothing outside src/pdfread/ includes it.
 */
#ifndef MUSTER_PDFREAD_IMPL_H
#define MUSTER_PDFREAD_IMPL_H

#include <stddef.h>

#include "pdfread.h"

/* Limits for untrusted input (see the header). */
#define MAX_DEPTH 64		/* arrays and dictionaries nested */
#define MAX_OBJ 8388607		/* the highest object number PDF 1.7 allows */
#define MAX_PAGES 100000
#define MAX_PAGE_DEPTH 64	/* page tree levels */
#define MAX_XREF_SECTIONS 256	/* /Prev links followed */
#define MAX_DECODED (256u << 20) /* decoded stream bytes a file */
#define MAX_PARSED (4000000)	/* objects parsed a file */
#define MAX_OBJSTM_N 1000000	/* objects an object stream may claim */
#define MAX_REF_CHAIN 16	/* a reference to a reference to ... */
#define MAX_FILTERS 8

enum { X_NONE, X_FREE, X_OFFSET, X_OBJSTM };

struct xent {
	unsigned char type;
	unsigned char state;	/* 0 not read, 1 reading, 2 read */
	int stm;		/* X_OBJSTM: the stream's number */
	size_t off;		/* X_OFFSET: offset; X_OBJSTM: index */
	struct pobj *obj;
};

struct decoded {
	const struct pobj *s;
	unsigned char *buf;
	size_t len;
	const char *undecoded;
	int ok;
};

struct pdfr {
	const unsigned char *buf;
	size_t len;
	struct arena *a;
	char version[8];
	struct xent *x;
	size_t nx;
	size_t capx;		/* entries x has room for, zeroed */
	struct pobj *trailer;
	int repaired;
	size_t decoded_total;
	size_t parsed;
	int limited;		/* MAX_PARSED or MAX_PAGES reached */
	struct decoded *dec;	/* every stream decoded, to free */
	size_t ndec, capdec;
	struct pdfr_page *pages;
	size_t npages;
	size_t cappages;
	int pages_done;
	unsigned char *seen;	/* page tree walk: objects visited */
};

struct lex {
	const unsigned char *p, *end;
};

/* The lexer (pdfread_lex.c). */
int pr_is_ws(int c);
int pr_is_regular(int c);
void pr_skip_ws(struct lex *l);
int pr_at_keyword(const struct lex *l, const char *kw);
long long pr_lex_uint(struct lex *l);
int pr_hexval(int c);
struct pobj *pr_new_obj(struct pdfr *r, enum pobj_type t);
/* One object at l (depth: arrays and dictionaries around it). */
struct pobj *pr_parse_obj(struct pdfr *r, struct lex *l, int depth);

#endif
