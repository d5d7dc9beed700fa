/*
 * cmd_preflight.h -- what muster preflight's two files share: the
 * findings and their tally, and the content walker's callbacks that
 * find them (cmd_preflight_find.c: colour, transparency, text, images);
 * the pages, the document and the command are cmd_preflight.c's.
 */
#ifndef MUSTER_CMD_PREFLIGHT_H
#define MUSTER_CMD_PREFLIGHT_H

#include <stddef.h>

#include "diag.h"
#include "pdfread/content.h"
#include "pdfread/pdfread.h"
#include "util.h"
#include "vendor.h"

#define MM (72.0 / 25.4)
/* SPEC section 4, legibility floor: no text under 6 pt. */
#define MIN_TEXT_PT 6.0
/* Without a vendor, pictures under render.image's floor warn (150 dpi,
 * the pnp row's min_ppi too). */
#define GENERIC_MIN_PPI 150
/* Without a vendor, total ink over --ink-limit's default (SPEC 4,
 * PDF/X-1a: 300 %) warns. */
#define GENERIC_INK 300
/* Sizes that agree within 0.5 pt (0.18 mm) are the same: producers
 * round millimetres to points in their own ways. */
#define TOL 0.5
/* The largest file read (a deck of pictures at 300 ppi is some tens of
 * MiB). */
#define MAX_FILE (256u << 20)
/* Content operators read in a file, at most (forms included): some
 * seconds; the pages past it are not walked, and that is told. */
#define MAX_FILE_OPS 20000000L
/* Pixels of one CMYK picture sampled for its ink, at most. */
#define INK_SAMPLES 4000000

/* A finding counted before it is told: the same thing on the same page
 * and object is told once, with how many times it was met. */
struct tally {
	char *key;
	enum level lv;
	const char *rule;
	char *text;		/* the message, " (N times)" added when N > 1 */
	long count;
	double worst;		/* the value told (ppi, pt, percent) */
	int worst_low;		/* lower is worse */
	/* The pages it was met on, as ranges: "1-4, 7". */
	struct sbuf pages;
	int last, from, npages, nranges, more;
};

struct pf {
	const char *file;
	const struct vendor *v;
	struct pdfr *r;
	int page;		/* 1-based, while a page is walked */
	struct tally *t;
	size_t nt, capt;
	/* Over the file, for the summary. */
	char spaces[256];
	int images, fonts, fonts_out;
	double ink_max;
	int inked;		/* whether any colour's ink was measured */
	int unsampled;		/* CMYK pictures whose samples were not read
				 * (JPEG, 16-bit...) */
	int transparency;
	/* The tallies by rule and key, and the objects met once a file
	 * (fonts checked, pictures sampled): open addressing, so that a
	 * file of 100,000 pages is not searched line by line. */
	size_t *slot;		/* index into t + 1, or 0 */
	size_t capslot;
	const struct pobj **seen;
	size_t nseen, capseen;
};

/* Counts one finding under key; its text is kept from the first, its
 * value the worst met (low: lower is worse). */
struct tally *
tally(struct pf *p, enum level lv, const char *rule, const char *key,
    double value, int low, const char *fmt, ...) ATTR_PRINTF(7, 8);
/* Every finding told, each once with its count and pages. */
void tell(struct pf *p);

/* The content walker's callbacks (pdfread/content.h), ctx a struct pf. */
void on_colour(void *ctx, const struct pdfc_at *at,
    const struct pdfc_space *sp, int stroke, const double *c, int n);
void on_shading(void *ctx, const struct pdfc_at *at, const char *name,
    struct pobj *sh);
void on_gstate(void *ctx, const struct pdfc_at *at, const char *name,
    struct pobj *gs);
void on_group(void *ctx, const struct pdfc_at *at, struct pobj *form);
void on_text(void *ctx, const struct pdfc_at *at, const char *font,
    struct pobj *fontdict, double size, int mode, size_t bytes);
void on_image(void *ctx, const struct pdfc_at *at, const char *name,
    struct pobj *img, double w, double h);

#endif
