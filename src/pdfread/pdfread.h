/*
 * pdfread.h -- a small reader of PDF files, for preflight: any PDF,
 * muster's or not, read as untrusted input (ISO 32000-1).
 *
 * It reads the cross-reference table or stream (section 7.5.4, 7.5.8),
 * with /Prev chains and hybrid files' /XRefStm, objects in object
 * streams (7.5.7), FlateDecode with PNG and TIFF predictors (7.4.4),
 * ASCIIHexDecode and ASCII85Decode, indirect references, and the page
 * tree with inherited attributes (7.7.3.4).  A file whose cross-reference
 * data is damaged is read again by scanning for "N G obj", as qpdf and
 * poppler do, and says so (pdfr_repaired).
 *
 * Bounded everywhere: nesting 64 deep, 8,388,607 objects, 100,000 pages,
 * 256 MiB of decoded streams a file, every length checked against the
 * buffer; junk gives NULL or a null object, never a crash.  The walker of
 * content streams is content.c (pdfread_content.h below).
 *
 * Everything a reader hands out lives until pdfr_free().  It knows no
 * game and no YAML.
 */
#ifndef MUSTER_PDFREAD_H
#define MUSTER_PDFREAD_H

#include <stddef.h>

enum pobj_type {
	PO_NULL, PO_BOOL, PO_INT, PO_REAL, PO_NAME, PO_STRING, PO_ARRAY,
	PO_DICT, PO_REF, PO_STREAM
};

struct pobj;

/* A dictionary's entries (a stream's too). */
struct pdict {
	size_t n;
	const char **key;	/* names without the slash, NUL-ended */
	struct pobj **val;
};

struct pobj {
	enum pobj_type type;
	int num;		/* its object number, when read as one; else 0 */
	union {
		int b;
		long long i;
		double r;
		struct {
			const char *s;	/* NUL-ended; may hold NULs */
			size_t len;
		} str;		/* a name (without '/') or a string */
		struct {
			size_t n;
			struct pobj **v;
		} arr;
		struct pdict dict;
		struct {
			int num, gen;
		} ref;
	} u;
	/* A stream: u.dict is its dictionary, raw its bytes as stored. */
	const unsigned char *raw;
	size_t rawlen;
};

struct pdfr;

/* A page of the page tree, with its inherited attributes resolved. */
struct pdfr_page {
	int num;		/* the page object's number */
	struct pobj *dict;
	struct pobj *resources;	/* a dictionary, or NULL */
	double media[4];	/* llx lly urx ury, normalised */
	double crop[4], trim[4], bleed[4], art[4];
	int has_crop, has_trim, has_bleed, has_art;
	int rotate;		/* 0, 90, 180 or 270 */
};

/*
 * Reads the PDF in buf[0..len) (which must live until pdfr_free).
 * NULL when it is not a PDF or cannot be read at all, with the reason in
 * err.  The caller frees the reader with pdfr_free().
 */
struct pdfr *pdfr_open(const unsigned char *buf, size_t len, char *err,
    size_t errlen);
void pdfr_free(struct pdfr *r);

/* The header's version ("1.4"), the trailer, the catalog and the
 * document information dictionary (the last three NULL when absent). */
const char *pdfr_version(const struct pdfr *r);
struct pobj *pdfr_trailer(struct pdfr *r);
struct pobj *pdfr_catalog(struct pdfr *r);
struct pobj *pdfr_info(struct pdfr *r);
/* Whether the cross-reference data was damaged and the file scanned. */
int pdfr_repaired(const struct pdfr *r);
/* Whether a limit for untrusted input (100,000 pages, 4,000,000 objects
 * parsed) stopped the reading short: what was read is a part. */
int pdfr_limited(const struct pdfr *r);
/* Whether the trailer names an /Encrypt dictionary (strings and streams
 * then cannot be read). */
int pdfr_encrypted(struct pdfr *r);

/* Object num (generation ignored), or NULL when absent or unreadable. */
struct pobj *pdfr_object(struct pdfr *r, int num);
/* o itself, or what it refers to (a chain of references followed a few
 * times); NULL for NULL, a missing object or the null object. */
struct pobj *pdfr_resolve(struct pdfr *r, struct pobj *o);
/* The value of key in dictionary or stream d, resolved; NULL if absent. */
struct pobj *pdfr_get(struct pdfr *r, struct pobj *d, const char *key);
/* The same, not resolved: the reference itself (for its number). */
struct pobj *pdfr_get_raw(struct pobj *d, const char *key);
/* Typed looks: a name's text, a number's value (ok 0 when not one). */
const char *pdfr_name(struct pobj *o);
double pdfr_num(struct pobj *o, int *ok);
/* A dictionary (a stream's dictionary too) or NULL. */
struct pobj *pdfr_dict(struct pdfr *r, struct pobj *o);
/* The number of the object o was read as, or of the reference o. */
int pdfr_objnum(struct pobj *o);

/*
 * A stream's data, decoded through every filter this reader knows (the
 * last filters it does not, such as DCTDecode, are left: *undecoded is
 * their name, else NULL).  NULL when it cannot be decoded (damaged,
 * over the limits, a filter in the middle it does not know).  The data
 * lives until pdfr_free; a stream is decoded once.
 */
const unsigned char *pdfr_stream(struct pdfr *r, struct pobj *s,
    size_t *len, const char **undecoded);

/*
 * An inline image's dictionary (8.9.7), read from *p up to and past its
 * ID keyword and the one byte after it; *p is left at the image's data.
 * NULL past the limits.
 */
struct pobj *pdfr_parse_inline(struct pdfr *r, const unsigned char **p,
    const unsigned char *end);

/* The pages in order; n set to their count (0 when the tree is bad). */
const struct pdfr_page *pdfr_pages(struct pdfr *r, size_t *n);

#endif
