/*
 * content.h -- walks a page's content streams (ISO 32000-1 section 8
 * and 9) and tells what is painted at what effective size: text with
 * its font and height in points on the page, images with their placed
 * size, colours with their colour space, graphics states, shadings.
 * Form XObjects are walked with their own resources and matrix, 8 deep
 * at most; a page's operators are counted, 5 million at most in all,
 * so that forms that call forms a thousand times each end.
 *
 * The walker allocates nothing the caller keeps; what it hands to the
 * callbacks lives until the reader is freed, or (names, "at") until the
 * callback returns.
 */
#ifndef MUSTER_PDFREAD_CONTENT_H
#define MUSTER_PDFREAD_CONTENT_H

#include "pdfread.h"

/* Where something is painted: the page's content, or a form in it. */
struct pdfc_at {
	int stream;		/* the content stream's object number, or 0 */
	const char *form;	/* the innermost form's resource name, or NULL */
	int form_num;		/* and its object number */
};

/* A colour space as the walker sees it: the name of a device space, or
 * a resource resolved (an array such as [/ICCBased 12 0 R]). */
struct pdfc_space {
	const char *name;	/* "DeviceRGB", "ICCBased", "Separation"... */
	const char *resource;	/* the resource name (/CS0), or NULL */
	struct pobj *obj;	/* the space's object, or NULL (a device) */
	int ncomp;		/* components, 0 when unknown */
};

struct pdfc_ops {
	void *ctx;
	/* Text shown (Tj, TJ, ', "): its font resource name and dictionary
	 * (NULL when missing), the height of its em on the page in points,
	 * its rendering mode (3: invisible) and its bytes. */
	void (*text)(void *ctx, const struct pdfc_at *at, const char *font,
	    struct pobj *fontdict, double size, int mode, size_t bytes);
	/* An image painted: name NULL for an inline image (its dictionary
	 * in img, keys abbreviated as 8.9.7 allows); w and h its placed
	 * size in points. */
	void (*image)(void *ctx, const struct pdfc_at *at, const char *name,
	    struct pobj *img, double w, double h);
	/* A colour set: the space, stroke or fill, and its components
	 * (n 0 when only the space was chosen). */
	void (*colour)(void *ctx, const struct pdfc_at *at,
	    const struct pdfc_space *sp, int stroke, const double *c, int n);
	/* A graphics state dictionary set (gs), by name. */
	void (*gstate)(void *ctx, const struct pdfc_at *at, const char *name,
	    struct pobj *gs);
	/* A shading painted (sh), or a form's transparency group. */
	void (*shading)(void *ctx, const struct pdfc_at *at, const char *name,
	    struct pobj *sh);
	void (*group)(void *ctx, const struct pdfc_at *at, struct pobj *form);
};

/* What a walk met that it could not read. */
struct pdfc_result {
	int unreadable;		/* content streams that did not decode */
	int truncated;		/* the operator limit was reached */
	long ops;		/* operators read */
};

/*
 * Walks page pg of r, calling ops for each thing painted.  The page's
 * /Contents may be one stream or an array of them (read as one).
 */
void pdfc_walk(struct pdfr *r, const struct pdfr_page *pg,
    const struct pdfc_ops *ops, struct pdfc_result *res);

/* The components of a colour space object (a name or an array):
 * 1, 3, 4, n for DeviceN; 0 when unknown. */
int pdfc_space_ncomp(struct pdfr *r, struct pobj *cs, int depth);
/* Its family name: "DeviceRGB", "ICCBased"... or NULL. */
const char *pdfc_space_name(struct pdfr *r, struct pobj *cs);

#endif
