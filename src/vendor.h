/*
 * vendor.h -- print-on-demand profiles (SPEC section 4, --vendor): what
 * each service asks of a card file, one row a service, each row citing
 * the service's published specification (vendor.c).  Print facts only:
 * sizes in points (1/72 in), trims, bleeds, page order, colour and file
 * format; no game, no template.  render --vendor sets its options from a
 * row (the user's own options still win) and preflight checks a PDF
 * against one.
 */
#ifndef MUSTER_VENDOR_H
#define MUSTER_VENDOR_H

#include <stddef.h>

/* One card a page of trim plus bleed, or cards on a sheet of paper. */
enum vendor_layout { VENDOR_SINGLE, VENDOR_SHEET };
/* Page order of a duplex card: its front then its back, or the back
 * first (DriveThruCards: the back of card 1 on page 1, its front on
 * page 2). */
enum vendor_order { VENDOR_FRONT_FIRST, VENDOR_BACK_FIRST };
/* RGB allowed, or PDF/X-1a:2003 (CMYK only, no transparency). */
enum vendor_colour { VENDOR_RGB, VENDOR_PDFX };
/* A PDF, or one PNG a face. */
enum vendor_format { VENDOR_PDF, VENDOR_PNG };

struct vendor {
	const char *name;	/* what --vendor takes: "mpc" */
	const char *title;	/* the service: "MakePlayingCards" */
	/* Trim size, bleed past the trim on each side, and the safe zone
	 * inside the trim that text keeps out of, in points.  trim_w 0:
	 * the deck's own size (print-and-play at home). */
	double trim_w, trim_h;
	double bleed;
	double safe;
	enum vendor_layout layout;
	enum vendor_order order;
	enum vendor_colour colour;
	int ink_limit;		/* total CMYK ink, percent; 0: no limit */
	enum vendor_format format;
	int px_w, px_h;		/* a PNG face exactly this many pixels; 0: any */
	int dpi;		/* PNG faces' resolution */
	int min_ppi;		/* pictures under this at print size warn */
	int transparency;	/* soft masks and PNG pictures accepted */
};

/* The rows, in the order --help and completion list them. */
extern const struct vendor vendors[];
extern const size_t vendor_count;
/* Their names, NULL-ended (options' parsers and shell completion). */
extern const char *const vendor_names[];

/* The row of that name (case-insensitive); NULL when there is none. */
const struct vendor *vendor_find(const char *name);

#endif
